//! Spending and default moves: every move that pays coins, brews, boats or a choice's cost
//! is marked to spend (so the table asks first), nothing else is; Enter plays only the
//! natural "I am finished" move.
mod common;

use common::*;
use tavern_plugin_above_below::data::data;
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::{Game, GameRng, game::apply_checked};

fn vid(name: &str) -> u8 {
    data()
        .villagers
        .iter()
        .position(|v| v.name == name)
        .unwrap() as u8
}

fn marks(g: &Ab, seat: usize) -> Vec<(Action, bool, bool)> {
    g.legal(seat)
        .into_iter()
        .map(|l| (l.action, l.spends, l.default))
        .collect()
}

#[test]
fn builds_hires_and_refreshes_spend_and_end_turn_is_the_default() {
    const { assert!(Ab::MARKS_SPENDING) };
    let mut g = fresh(2);
    for (a, spends, default) in marks(&g, 0) {
        let want = matches!(a, Action::Refresh { .. });
        assert_eq!(spends, want, "{a:?}");
        assert!(
            !default,
            "{a:?}: passing with ready villagers is never the default"
        );
    }
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    let m = marks(&g, 0);
    assert!(
        m.iter()
            .any(|(a, s, _)| matches!(a, Action::Build { .. }) && *s)
    );
    let mut quill = fresh(2);
    act(
        &mut quill,
        0,
        Action::Select {
            villager: vid("Wren"),
        },
    );
    let hires = marks(&quill, 0);
    assert!(
        hires
            .iter()
            .any(|(a, s, _)| matches!(a, Action::Hire { .. }) && *s)
    );
    assert!(m.iter().any(|(a, s, _)| *a == Action::Labor && !*s));
    let c = g.house_row[0];
    act(&mut g, 0, Action::Build { card: c });
    settle(&mut g);
    let m = marks(&g, 0);
    let defaults: Vec<&Action> = m.iter().filter(|x| x.2).map(|x| &x.0).collect();
    assert_eq!(defaults, vec![&Action::EndTurn]);
}

/// Over random games: at most one default move at any moment, and a move is marked to
/// spend exactly when the seat's coins, brews or boats go down by it or it is an offer.
#[test]
fn over_random_games_spending_is_marked_and_one_default_at_most() {
    let games = (10.0 * scale()).ceil() as u64;
    for seed in 0..games {
        let mut g = fresh(2 + (seed % 3) as usize);
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = tavern_plugin_api::game::check::random_move(&g, &mut rng) {
            if let Some(s) = seat {
                let m = marks(&g, s);
                assert!(m.iter().filter(|x| x.2).count() <= 1, "{m:?}");
                for (b, spends, _) in m.iter().filter(|x| !matches!(x.0, Action::Offer)) {
                    let mut h = g.clone();
                    let p = &g.players[s];
                    let before = (p.coins, p.brews, p.boats_ready);
                    apply_checked(&mut h, Some(s), b).unwrap();
                    let q = &h.players[s];
                    let paid = q.coins < before.0 || q.brews < before.1 || q.boats_ready < before.2;
                    if paid {
                        assert!(*spends, "{b:?} pays but is not marked");
                    }
                }
            }
            apply_checked(&mut g, seat, &a).unwrap();
        }
    }
}

fn scale() -> f64 {
    std::env::var("TAVERN_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0)
}
