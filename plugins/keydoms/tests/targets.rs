//! Every legal action's table target is an item of the acting seat's view, and not a
//! panel around another component (plugin-api's check, issue 23 item 8), over random
//! positions at every seat count and ghost mode.

mod common;

use tavern_plugin_api::game::check::{scaled, target_problems};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::Keydoms;

#[test]
fn every_target_is_on_the_table() {
    let tables: &[(usize, &str, bool)] = &[
        (1, "auto", true),
        (1, "auto", false),
        (2, "auto", true),
        (2, "2", true),
        (3, "0", true),
        (3, "1", true),
        (4, "0", true),
        (4, "2", true),
        (5, "0", false),
        (5, "1", true),
        (6, "0", true),
    ];
    let mut checked = 0;
    for (k, &(n, ghosts, magic)) in tables.iter().enumerate() {
        for seed in 0..scaled(3) as u64 {
            let mut rng = GameRng::new(seed * 31 + k as u64);
            common::walk(
                Keydoms::new(&common::setup(n, ghosts, magic)).unwrap(),
                &mut rng,
                |g, step| {
                    // Every third position keeps the test quick; all kinds come up.
                    if step % 3 != 0 {
                        return;
                    }
                    if let Some(seat) = common::seat_to_act(g) {
                        let problems = target_problems(g, seat);
                        assert!(
                            problems.is_empty(),
                            "{n} players, {ghosts} ghosts: {problems:#?}"
                        );
                        checked += 1;
                    }
                },
            );
        }
    }
    assert!(checked > 100);
}

/// The end table gives each ghost one row per artefact kind, as the players have, and
/// its unresolved spells.
#[test]
fn ghosts_have_per_kind_rows_in_the_end_table() {
    let mut rng = GameRng::new(5);
    let end = common::walk(
        Keydoms::new(&common::setup(1, "auto", true)).unwrap(),
        &mut rng,
        |_, _| {},
    );
    let o = end.outcome().unwrap();
    let seat_rows: Vec<&str> = o.scores[0]
        .breakdown
        .iter()
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(o.others.len(), 2);
    for (g, other) in o.others.iter().enumerate() {
        let rows: Vec<&str> = other
            .score
            .breakdown
            .iter()
            .map(|l| l.label.as_str())
            .collect();
        assert_eq!(&rows[..seat_rows.len()], &seat_rows[..], "ghost {g}");
        assert_eq!(
            rows.last(),
            Some(&"Unresolved spells (one per started pair)")
        );
        let arts: i64 = other.score.breakdown[..seat_rows.len()]
            .iter()
            .map(|l| l.points)
            .sum();
        let held: i64 = end.ghosts[g].artefacts.iter().map(|&a| a as i64).sum();
        assert_eq!(arts, held);
    }
}
