//! The viewer's own area at the bottom of the scene: with the scene's rough text
//! widths, no two texts overlap, no text runs into another item (unless it sits wholly
//! on it, like a label on a tile) and nothing spills out of the panel, for mid-game
//! states of 1, 3 and 6 players.

mod common;

use common::{seat_to_act, walk};
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::scene::{Rect, Shape};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

const PANEL: Rect = tavern_plugin_keydoms::view::OWN;

fn check(g: &Keydoms, seat: usize, what: &str) {
    let v = g.view(Some(seat));
    let items: Vec<(Rect, bool, String)> = v
        .scene
        .items
        .iter()
        .filter_map(|i| {
            let b = i.shape.bounds();
            // The panel itself and everything drawn on it.
            if b == PANEL || b.y < PANEL.y - 0.5 {
                return None;
            }
            match &i.shape {
                Shape::Text { text, size, .. } => {
                    assert!(*size >= 16.0, "{what}: '{text}' is too small");
                    Some((b, true, text.clone()))
                }
                _ => Some((b, false, format!("{:?}", i.id))),
            }
        })
        .collect();
    assert!(
        items.iter().any(|(_, t, _)| *t),
        "{what}: the own area has texts"
    );
    for (i, (a, is_text, name)) in items.iter().enumerate() {
        assert!(
            a.inside(PANEL, 0.5),
            "{what}: '{name}' {a:?} spills out of the panel"
        );
        if !is_text {
            continue;
        }
        for (j, (b, other_text, other)) in items.iter().enumerate() {
            if i == j || !a.overlaps(*b, 0.5) {
                continue;
            }
            assert!(
                !other_text && a.inside(*b, 0.5),
                "{what}: '{name}' {a:?} overlaps '{other}' {b:?}"
            );
        }
    }
}

/// Plays random games and checks every seat's own area now and then (spells in hand,
/// artefacts, invoked ones included as they come).
fn run(players: usize, ghosts: Option<&str>, seeds: usize) {
    for seed in 0..scaled(seeds) as u64 {
        let mut setup = Setup::players(players);
        if let Some(gh) = ghosts {
            setup.options.insert("ghosts".into(), gh.into());
        }
        let mut rng = GameRng::new(seed);
        walk(Keydoms::new(&setup).unwrap(), &mut rng, |g, step| {
            if step % 13 != 0 || seat_to_act(g).is_none() {
                return;
            }
            for me in 0..players {
                check(
                    g,
                    me,
                    &format!("{players}p seed {seed} step {step} seat {me}"),
                );
            }
        });
    }
}

#[test]
fn own_area_texts_never_overlap_or_spill_solo() {
    run(1, None, 6);
}

#[test]
fn own_area_texts_never_overlap_or_spill_three_players() {
    run(3, None, 6);
}

#[test]
fn own_area_texts_never_overlap_or_spill_six_players() {
    run(6, None, 4);
}

#[test]
fn own_area_survives_a_big_hand_and_every_artefact() {
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    let mut rng = GameRng::new(1);
    while g.to_act() == ToAct::Chance {
        let a = g.sample_chance(&mut rng);
        apply_checked(&mut g, None, &a).unwrap();
    }
    g.m.hands[0] = (1..=12).collect();
    g.players[0].artefacts = [2, 1, 1, 3, 1, 1];
    g.players[0].treasure = [33, 33, 33, 33, 33];
    g.m.invoked[0] = [1, 0, 0, 1, 0, 1];
    g.m.wand[0] = true;
    check(&g, 0, "big hand");
}

/// The texts of the own area of `seat`'s view.
fn own_texts(g: &Keydoms, seat: usize) -> Vec<String> {
    g.view(Some(seat))
        .scene
        .items
        .iter()
        .filter(|i| i.shape.bounds().y >= PANEL.y)
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_empty_hand_and_no_artefact_used_say_none() {
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    let mut rng = GameRng::new(3);
    // Up to the first placement: nobody holds a spell or has used an artefact yet.
    common::to_placing(&mut g, &mut rng);
    let texts = own_texts(&g, 0);
    assert!(texts.iter().any(|t| t == "Your spells: none"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t == "Used this round: none"),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t == "Your spells:"), "{texts:?}");
}
