//! The scene stays usable: every legal action's target exists in the acting seat's
//! view, text is readable, and nothing private of one seat shows in another's view.

mod board;
mod common;

use std::collections::BTreeSet;

use common::{seat_to_act, walk};
use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::data::{self, spell_name};
use tavern_plugin_keydoms::state::Action;

#[test]
fn targets_exist_text_is_readable_and_hands_stay_private() {
    for seed in 0..scaled(40) as u64 {
        let n = 3 + (seed % 4) as usize;
        let mut rng = GameRng::new(seed);
        let g = walk(
            Keydoms::new(&Setup::players(n)).unwrap(),
            &mut rng,
            |g, step| {
                if let Some(seat) = seat_to_act(g)
                    && step % 7 == 0
                {
                    check_view(g, seat);
                }
            },
        );
        let v = g.view(None);
        assert!(!v.status.is_empty());
    }
}

fn check_view(g: &Keydoms, seat: usize) {
    let v = g.view(Some(seat));
    let ids: BTreeSet<&str> = v
        .scene
        .items
        .iter()
        .filter_map(|i| i.id.as_deref())
        .collect();
    for l in g.legal(seat) {
        if let Some(t) = &l.target {
            assert!(
                ids.contains(t.as_str()),
                "target {t} of '{}' missing from the view",
                l.label
            );
        }
        assert!(!l.label.is_empty());
    }
    for item in &v.scene.items {
        if let Shape::Text { size, .. } = item.shape {
            assert!(size >= 15.0, "text too small: {size}");
        }
        if item.id.is_some() {
            assert!(
                item.tooltip.is_some(),
                "clickable item without a tooltip: {:?}",
                item.id
            );
        }
    }
    assert!(!v.prompt.is_empty(), "the acting seat gets a prompt");
    // Other seats' spells never appear in this seat's view.
    let json = serde_json::to_string(&v).unwrap();
    for other in 0..g.n() {
        if other == seat {
            continue;
        }
        for &sp in &g.m.hands[other] {
            if !g.m.hands[seat].contains(&sp)
                && !g.m.offer.contains(&sp)
                && !g.m.casts.iter().any(|c| c.spell == sp)
            {
                assert!(
                    !json.contains(&format!("\"{}\"", spell_name(sp))),
                    "seat {seat} sees {}'s spell {}",
                    other,
                    spell_name(sp)
                );
            }
        }
    }
}

/// Ghost games: mats for every ghost, usable targets, and a ghost's unseen spells never
/// named in anyone's view.
#[test]
fn ghost_games_show_mats_and_keep_ghost_secrets() {
    use tavern_plugin_keydoms::ghost::GhostCard;
    for seed in 0..scaled(30) as u64 {
        let (humans, ghosts) = [(1, "auto"), (2, "auto"), (3, "2")][seed as usize % 3];
        let mut setup = Setup::players(humans);
        setup.options.insert("ghosts".into(), ghosts.into());
        setup.options.insert("ghost_spells".into(), "2".into());
        let mut rng = GameRng::new(seed);
        walk(Keydoms::new(&setup).unwrap(), &mut rng, |g, step| {
            let Some(seat) = seat_to_act(g) else { return };
            if step % 5 != 0 {
                return;
            }
            check_view(g, seat);
            let v = g.view(Some(seat));
            let json = serde_json::to_string(&v).unwrap();
            for (i, gh) in g.ghosts.iter().enumerate() {
                assert!(json.contains(&format!("\"ghost:{i}\"")), "mat {i}");
                let hidden = gh
                    .deck
                    .iter()
                    .filter_map(|c| match c {
                        GhostCard::Spell(s) => Some(*s),
                        _ => None,
                    })
                    .chain(gh.gained.iter().copied());
                for sp in hidden {
                    assert!(
                        !json.contains(spell_name(sp)),
                        "a ghost's unseen {} is named",
                        spell_name(sp)
                    );
                }
            }
        });
    }
}

/// A copy of `g` in which one of `p`'s face-down workers on the board has the strength
/// of another of its face-down workers and vice versa, the list behind the screen kept
/// in strength order as the game keeps it. Nobody but `p` can tell the two apart.
fn swap_hidden(g: &Keydoms, p: usize, rng: &mut GameRng) -> Option<Keydoms> {
    let ws = &g.players[p].workers;
    let placed: Vec<usize> = (0..ws.len())
        .filter(|&i| ws[i].loc.is_some() && !ws[i].face_up)
        .collect();
    let &b = placed.get(rng.random_range(0..placed.len().max(1)))?;
    let others: Vec<usize> = (0..ws.len())
        .filter(|&i| !ws[i].face_up && ws[i].strength != ws[b].strength)
        .collect();
    let &c = others.get(rng.random_range(0..others.len().max(1)))?;
    let mut alt = g.clone();
    let w = &mut alt.players[p].workers;
    let (sb, sc) = (w[b].strength, w[c].strength);
    w[b].strength = sc;
    w[c].strength = sb;
    w.sort_by_key(|w| w.strength);
    Some(alt)
}

#[test]
fn a_hidden_strength_never_changes_what_other_seats_see() {
    // Two states that differ only in the strength of a face-down worker must give every
    // other seat (and the spectator) the same view: not its number, nor its place among
    // its owner's workers at a location.
    let setups = [
        (3, "0"),
        (4, "0"),
        (5, "0"),
        (6, "0"),
        (2, "auto"),
        (3, "1"),
        (1, "auto"),
    ];
    let mut compared = 0;
    for seed in 0..scaled(7) as u64 {
        let (humans, ghosts) = setups[seed as usize % setups.len()];
        let mut setup = Setup::players(humans);
        setup.options.insert("ghosts".into(), ghosts.into());
        let mut rng = GameRng::new(seed);
        // The swaps draw from a stream of their own, apart from the walk's.
        let mut swaps = GameRng::new(seed + 1000);
        walk(Keydoms::new(&setup).unwrap(), &mut rng, |g, step| {
            if step % 4 != 0 || seat_to_act(g).is_none() {
                return;
            }
            for p in 0..g.n() {
                let Some(alt) = swap_hidden(g, p, &mut swaps) else {
                    continue;
                };
                let viewers = (0..g.n()).filter(|&v| v != p).map(Some);
                for v in viewers.chain([None]) {
                    assert_eq!(
                        serde_json::to_string(&g.view(v)).unwrap(),
                        serde_json::to_string(&alt.view(v)).unwrap(),
                        "seed {seed}: {v:?} can tell seat {p}'s hidden strengths"
                    );
                    compared += 1;
                }
            }
        });
    }
    assert!(compared > 100, "only {compared} views compared");
}

#[test]
fn workers_at_a_location_are_drawn_in_placement_order() {
    // Seat 1 has a face-up 5 (placed under Disclosure) and then a face-down worker at
    // the market. Whether the hidden one is the 8 or the 2, the others see "5" then "?".
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    let mut rng = GameRng::new(1);
    common::to_placing(&mut g, &mut rng);
    let market = data::MARKET;
    let place = |g: &mut Keydoms, strength: u8, seq: u32, up: bool| {
        let w = g.players[1]
            .workers
            .iter_mut()
            .find(|w| w.strength == strength)
            .unwrap();
        w.loc = Some(market);
        w.seq = seq;
        w.face_up = up;
    };
    let mut high = g.clone();
    place(&mut high, 5, 1, true);
    place(&mut high, 8, 2, false);
    let mut low = g.clone();
    place(&mut low, 5, 1, true);
    place(&mut low, 2, 2, false);
    for v in [Some(0), Some(2), None] {
        assert_eq!(
            serde_json::to_string(&high.view(v)).unwrap(),
            serde_json::to_string(&low.view(v)).unwrap(),
            "{v:?} can tell the hidden worker's strength"
        );
    }
    // The owner still sees its own numbers.
    assert_ne!(
        serde_json::to_string(&high.view(Some(1))).unwrap(),
        serde_json::to_string(&low.view(Some(1))).unwrap()
    );
}

#[test]
fn cave_tooltips_name_the_pieces_the_treasure_card_laid() {
    // Treasure card 1 puts five small pearls on the white dragon's top ledge: they show
    // as five small, not as one large and two small worked out from the value.
    assert_eq!(data::card(1).unwrap().caves[1], vec![[0, 5]]);
    let tips = tooltips_after_card(1);
    assert!(
        tips.iter()
            .any(|t| t.starts_with("5 worth of pearls (0 large, 5 small)")),
        "{tips:?}"
    );
    // A large piece shows as one: card 2 lays a large and a small goblet on C's top ledge.
    let tips = tooltips_after_card(2);
    assert!(
        tips.iter()
            .any(|t| t.starts_with("4 worth of goblets (1 large, 1 small)")),
        "{tips:?}"
    );
}

/// The tooltips of seat 0's view of a three-seat game dealt in order whose first round
/// starts with treasure card `card` (guard 4).
fn tooltips_after_card(card: u16) -> Vec<String> {
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    board::in_order(&mut g);
    apply_checked(&mut g, None, &Action::StartRound { guard: 4, card }).unwrap();
    g.view(Some(0))
        .scene
        .items
        .iter()
        .filter_map(|i| i.tooltip.clone())
        .collect()
}
