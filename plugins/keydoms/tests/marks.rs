//! The table's two marks on legal moves: `spends` on every move that gives treasure away
//! (so the host asks before such a click, trusting `MARKS_SPENDING`), and `by_default` on
//! the one move that ends what the seat is doing (a window's pass, Done).

mod common;

use std::collections::BTreeSet;

use common::{seat_to_act, walk};
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::{Action, Pending};

/// What the marks should be for `a` at `g`, by the move's kind alone.
fn expected_spends(g: &Keydoms, a: &Action) -> bool {
    match a {
        Action::BribeOne { .. }
        | Action::PayWorker { .. }
        | Action::MarketGive { .. }
        | Action::PayOne { .. }
        | Action::TradeOne { .. } => true,
        Action::ChooseStack { .. } => matches!(g.pending, Some(Pending::Buy { .. })),
        // Donation, Teleport and Toll make their caster pay.
        Action::Cast { spell } => [4, 19, 20].contains(spell),
        _ => false,
    }
}

#[test]
fn spending_moves_are_marked_and_one_move_at_most_is_the_default() {
    const { assert!(Keydoms::MARKS_SPENDING) };
    let mut kinds = BTreeSet::new();
    let mut defaults = 0;
    // At least ten games, so that every kind checked below comes up at any scale.
    for seed in 0..scaled(24).max(10) as u64 {
        let humans = 1 + (seed % 6) as usize;
        let ghosts = if humans < 3 { "auto" } else { "0" };
        let mut rng = GameRng::new(seed ^ 0x3A7C);
        walk(
            Keydoms::new(&common::setup(humans, ghosts, seed % 5 != 4)).unwrap(),
            &mut rng,
            |g, _| {
                let Some(seat) = seat_to_act(g) else {
                    return;
                };
                let legal = g.legal(seat);
                let marked: Vec<&str> = legal
                    .iter()
                    .filter(|l| l.default)
                    .map(|l| l.label.as_str())
                    .collect();
                assert!(marked.len() <= 1, "several defaults: {marked:?}");
                for l in &legal {
                    assert_eq!(
                        l.spends,
                        expected_spends(g, &l.action),
                        "spends on '{}'",
                        l.label
                    );
                    assert_eq!(
                        l.default,
                        matches!(l.action, Action::Pass | Action::Done),
                        "default on '{}'",
                        l.label
                    );
                    if l.spends {
                        let kind = serde_json::to_value(&l.action).unwrap();
                        let name = match kind {
                            serde_json::Value::Object(m) => m.keys().next().unwrap().clone(),
                            other => other.to_string(),
                        };
                        kinds.insert(name);
                    }
                    defaults += l.default as usize;
                }
            },
        );
    }
    // The walks reach the common spending moves and defaults, so the checks above ran.
    for k in ["BribeOne", "PayWorker", "ChooseStack", "MarketGive"] {
        assert!(kinds.contains(k), "no {k} seen: {kinds:?}");
    }
    assert!(defaults > 0);
}
