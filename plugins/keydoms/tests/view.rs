//! The scene stays usable: every legal action's target exists in the acting seat's
//! view, text is readable, and nothing private of one seat shows in another's view.

use std::collections::BTreeSet;

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::data::spell_name;

#[test]
fn targets_exist_text_is_readable_and_hands_stay_private() {
    for seed in 0..40u64 {
        let n = 3 + (seed % 4) as usize;
        let mut g = Keydoms::new(&Setup::players(n)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let seat = s[0];
                    if steps % 7 == 0 {
                        check_view(&g, seat);
                    }
                    let l = g.legal_actions(seat);
                    (Some(seat), l[rng.random_range(0..l.len())].clone())
                }
            };
            apply_checked(&mut g, seat, &a).unwrap();
            steps += 1;
        }
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
    for seed in 0..30u64 {
        let (humans, ghosts) = [(1, "auto"), (2, "auto"), (3, "2")][seed as usize % 3];
        let mut setup = Setup::players(humans);
        setup.options.insert("ghosts".into(), ghosts.into());
        setup.options.insert("ghost_spells".into(), "2".into());
        let mut g = Keydoms::new(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let seat = s[0];
                    if steps % 5 == 0 {
                        check_view(&g, seat);
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
                    }
                    let l = g.legal_actions(seat);
                    (Some(seat), l[rng.random_range(0..l.len())].clone())
                }
            };
            apply_checked(&mut g, seat, &a).unwrap();
            steps += 1;
        }
    }
}
