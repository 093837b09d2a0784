//! The log's headings: every step that begins a year, a building round or a combat round
//! carries the section's name, and only such steps do; ending production or digging with
//! nothing else happening is a routine entry.
mod common;

use common::{game_setup, setup};
use rand::RngExt;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Applied, Game, GameRng, ToAct};
use tavern_plugin_dungeon_lords::{Action, Dl};

/// Plays one random full game and returns every log entry with the action behind it.
fn play(n: usize, seed: u64) -> Vec<(Option<Action>, Applied)> {
    let mut rng = GameRng::new(seed);
    let mut s = game_setup(n);
    // Odd seeds choose the initial inaccessible orders too.
    if seed % 2 == 1 {
        s.options.insert("initial-orders".into(), "on".into());
    }
    let mut g = Dl::new(&s).expect("setup");
    let mut log = Vec::new();
    loop {
        let (seat, a) = match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(seats) => {
                let s = seats[rng.random_range(0..seats.len())];
                let legal = g.legal_actions(s);
                (Some(s), legal[rng.random_range(0..legal.len())])
            }
        };
        let applied = g.apply(seat, &a).expect("legal");
        log.push((seat.map(|_| a), applied));
        assert!(log.len() < 20_000, "the game ends");
    }
    log
}

#[test]
fn sections_head_every_year_and_round() {
    for n in 2..=4 {
        for seed in 0..scaled(6) as u64 {
            let log = play(n, seed * 31 + n as u64);
            let sections: Vec<&str> = log
                .iter()
                .filter_map(|(_, a)| a.section.as_deref())
                .collect();
            // Year 1's first round begins at the first chance step (setup queues its draws).
            let mut want: Vec<String> = (1..=4)
                .map(|r| format!("Year 1 · Building round {r}"))
                .collect();
            let combat = |y: u8| -> Vec<String> {
                let mut v = Vec::new();
                for s in &sections {
                    if let Some(r) = s.strip_prefix(&format!("Year {y} · Combat round ")) {
                        v.push(r.to_string());
                    }
                }
                v
            };
            let c1 = combat(1);
            let c2 = combat(2);
            assert!(!c1.is_empty() && c1.len() <= 4, "{sections:?}");
            assert!(!c2.is_empty() && c2.len() <= 4, "{sections:?}");
            want.extend(
                c1.iter()
                    .enumerate()
                    .map(|(i, _)| format!("Year 1 · Combat round {}", i + 1)),
            );
            want.extend((1..=4).map(|r| format!("Year 2 · Building round {r}")));
            want.extend(
                c2.iter()
                    .enumerate()
                    .map(|(i, _)| format!("Year 2 · Combat round {}", i + 1)),
            );
            assert_eq!(sections, want, "{n} players, seed {seed}");
            for (a, applied) in &log {
                let text = applied.label.as_str();
                if let Some(s) = &applied.section {
                    let round = s.rsplit(' ').next().expect("a number");
                    let begins = text.contains(&format!("building round {round}"))
                        || text.contains(&format!("Combat round {round} begins"));
                    assert!(
                        begins,
                        "heading {s} on an entry that begins nothing: {text}"
                    );
                }
                // Every entry says what happened, not a bare "Player 2 acts" or
                // "Player 2 has chosen".
                assert!(!text.ends_with(" acts"), "{text}");
                assert!(!text.ends_with(" has chosen"), "{text}");
                if applied.routine {
                    assert_eq!(*a, Some(Action::Pass), "routine: {text}");
                    assert!(
                        text.ends_with("is done producing") || text.contains("stops digging after"),
                        "routine: {text}"
                    );
                    assert!(applied.section.is_none());
                }
            }
            assert!(
                log.iter().any(|(_, a)| a.routine),
                "some lord ends production or digging quietly ({n} players, seed {seed})"
            );
        }
    }
}

#[test]
fn combat_training_rounds_are_headed_without_a_year() {
    let key = &tavern_plugin_dungeon_lords::data::data().scenarios[0].key;
    let mut g = Dl::new(&setup(key)).expect("training");
    let mut rng = GameRng::new(5);
    let mut sections = Vec::new();
    while let ToAct::Seats(seats) = g.to_act() {
        let legal = g.legal_actions(seats[0]);
        let a = legal[rng.random_range(0..legal.len())];
        if let Some(h) = g.apply(Some(seats[0]), &a).expect("legal").section {
            sections.push(h);
        }
    }
    assert!(!sections.is_empty());
    for (i, h) in sections.iter().enumerate() {
        assert_eq!(h, &format!("Combat round {}", i + 2));
    }
}
