//! The full game's table and secrets: every view of random 2-, 3- and 4-lord positions
//! passes the layout check and names no other lord's trap cards, and a bot's search
//! cannot tell apart two states that differ only in another lord's trap cards or
//! face-down orders. The building table fits beside the log in a 1024×700 window without a
//! sideways scroll, and every text stays inside the box (space, card, panel) it is
//! written on, where the host draws it largest.
mod common;

use common::{drawn_game, game_setup, random_walk};
use tavern_plugin_api::game::check::{
    TABLE_1024X700, check_layout, fits_at_min_scale, random_move, scaled, texts_outside_panels,
};
use tavern_plugin_api::search::same_choices;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::data::trap;
use tavern_plugin_dungeon_lords::{Dl, Phase};

/// A random full game of `n` lords from `seed`, played to the first step of building.
fn to_building(n: usize, seed: u64) -> Dl {
    let mut g = Dl::new(&game_setup(n)).unwrap();
    let mut rng = GameRng::new(seed);
    while !matches!(g.phase, Phase::Build(_)) {
        let (seat, a) = random_move(&g, &mut rng).unwrap();
        g.apply(seat, &a).unwrap();
    }
    g
}

#[test]
fn four_lord_views_fit_and_hide_secrets() {
    views_fit(4, scaled(6));
}

#[test]
fn two_and_three_lord_views_fit_and_hide_secrets() {
    views_fit(2, scaled(3));
    views_fit(3, scaled(3));
}

fn views_fit(n: usize, games: usize) {
    for seed in 0..games as u64 {
        random_walk(&game_setup(n), seed, 7, |g, k| {
            for v in 0..n {
                let view = g.view(Some(v));
                let outside = texts_outside_panels(&view.scene, (90.0, 30.0));
                assert!(
                    outside.is_empty(),
                    "seed {seed} action {k} viewer {v} ({:?}):\n{}",
                    g.phase,
                    outside.join("\n")
                );
                if let Err(p) = check_layout(&view.scene) {
                    panic!(
                        "seed {seed} action {k} viewer {v} ({:?}):\n{}",
                        g.phase,
                        p.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join("\n")
                    );
                }
                // Nothing is cut short with an ellipsis unless its tooltip says it in
                // full (the last battle step's lines may start with one: earlier lines
                // are in the log).
                for it in &view.scene.items {
                    if let tavern_plugin_api::scene::Shape::Text { text, .. } = &it.shape {
                        // Evil is the board's named track: "2 Evil", never "2 evil".
                        assert!(!text.contains(" evil"), "{text:?}");
                        // A battle without its tile yet says what to do, not "at ?".
                        assert!(!text.contains("at ?"), "{text:?}");
                        // The adventurers at a dungeon's entrance are "Waiting" on every
                        // panel of the building years.
                        if matches!(g.phase, Phase::Build(_)) {
                            assert_ne!(text, "Party", "viewer {v}");
                        }
                        assert!(
                            it.tooltip.is_some() || !text.trim_start_matches("… ").contains('…'),
                            "seed {seed} action {k} viewer {v} ({:?}): cut {text:?}",
                            g.phase
                        );
                    }
                }
                if !matches!(g.phase, Phase::Build(_)) {
                    continue;
                }
                let json = serde_json::to_string(&view.scene).unwrap();
                for o in (0..n).filter(|&o| o != v) {
                    for (kind, &c) in g.lords[o].traps.iter().enumerate() {
                        // Only the viewer's own cards are named; others show a count.
                        if c > 0 && g.lords[v].traps[kind] == 0 {
                            assert!(
                                !json.contains(&format!("{}×", trap(kind as u8).name)),
                                "viewer {v} sees lord {o}'s {}",
                                trap(kind as u8).name
                            );
                        }
                    }
                }
            }
        });
    }
}

#[test]
fn the_building_table_fits_the_smallest_window() {
    for n in 2..=4 {
        let g = to_building(n, n as u64);
        for v in (0..n).map(Some).chain([None]) {
            let s = g.view(v).scene;
            assert!(
                fits_at_min_scale(&s, TABLE_1024X700),
                "{n} lords: {}×{} canvas units do not fit {TABLE_1024X700:?} at the smallest scale",
                s.width,
                s.height
            );
        }
    }
}

#[test]
fn a_bot_cannot_see_another_lords_traps() {
    let mut checked = 0;
    for seed in 0..40u64 {
        if checked >= 2 {
            break;
        }
        let mut g = Dl::new(&game_setup(2)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            let Phase::Build(_) = g.phase else { continue };
            if g.to_act() != tavern_plugin_api::ToAct::Seats(vec![0]) {
                continue;
            }
            let f = g.f();
            let Some(k) = (0..9).find(|&k| g.lords[1].traps[k] > 0) else {
                continue;
            };
            let Some(other) = (0..9).find(|&x| x != k && f.trap_deck[x] > 0) else {
                continue;
            };
            let mut g2 = g.clone();
            g2.lords[1].traps[k] -= 1;
            g2.lords[1].traps[other] += 1;
            let f2 = g2.fm();
            f2.trap_deck[other] -= 1;
            f2.trap_deck[k] += 1;
            same_choices(&g, &g2, 0, 30, 0..2).unwrap();
            checked += 1;
            break;
        }
    }
    assert!(checked > 0);
}

/// Nor another lord's face-down orders: two states that differ only in the orders a
/// confirmed lord chose make the other lord's search rate every choice the same.
#[test]
fn a_bot_cannot_see_face_down_orders() {
    use tavern_plugin_dungeon_lords::action::Action;
    let (mut g, _) = drawn_game(3, 4);
    assert_eq!(
        g.phase,
        Phase::Build(tavern_plugin_dungeon_lords::year::Stage::Orders)
    );
    let hand: Vec<u8> = (0..8).filter(|p| !g.f().inacc[1].contains(p)).collect();
    let mut g2 = g.clone();
    for (st, picks) in [
        (&mut g, [hand[0], hand[1], hand[2]]),
        (&mut g2, [hand[3], hand[4], hand[5]]),
    ] {
        for &p in &picks {
            st.apply(Some(1), &Action::Order { place: p }).unwrap();
        }
        st.apply(Some(1), &Action::Confirm).unwrap();
    }
    same_choices(&g, &g2, 0, 30, 0..2).unwrap();
}

/// The status and the progress panel name the building round with its season, and the
/// initial orders (chosen before winter) are "before the first building round", never
/// "round 0".
#[test]
fn the_round_is_named_with_its_season_and_never_round_zero() {
    let mut s = game_setup(3);
    s.options.insert("initial-orders".into(), "on".into());
    let mut g = Dl::new(&s).unwrap();
    let mut rng = GameRng::new(2);
    let mut seen_before = false;
    let mut seen_winter = false;
    for _ in 0..400 {
        let v = g.view(Some(0));
        let texts = serde_json::to_string(&v.scene).unwrap();
        assert!(!v.status.contains("round 0"), "{}", v.status);
        assert!(!texts.contains("round 0 of 4"), "{}", v.status);
        seen_before |= v.status.contains("before the first building round");
        seen_winter |= v.status.contains("building round 1 (winter)")
            && texts.contains("round 1 of 4 (winter)");
        let Some((seat, a)) = random_move(&g, &mut rng) else {
            break;
        };
        g.apply(seat, &a).unwrap();
    }
    assert!(seen_before && seen_winter);
}

/// The progress panel says where the paladin comes: at the Evilometer's paladin line.
#[test]
fn the_progress_panel_names_the_paladin_line() {
    let g = to_building(2, 1);
    let json = serde_json::to_string(&g.view(Some(0)).scene).unwrap();
    let line = tavern_plugin_dungeon_lords::data::data().evilometer.paladin;
    assert!(json.contains(&format!("Paladin (Evil {line}+): in his tent")));
}

/// Before the tile is chosen, the plan line names the tiles the party may attack.
#[test]
fn the_plan_line_asks_for_the_tile_first() {
    let mut seen = false;
    for seed in 0..20u64 {
        let mut g = Dl::new(&game_setup(2)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            if g.phase == Phase::Planning
                && g.lords[0].plan.active
                && g.lords[0].plan.tile.is_none()
            {
                let json = serde_json::to_string(&g.view(Some(0)).scene).unwrap();
                assert!(json.contains("This round's battle: first choose the tile ("));
                seen = true;
                break;
            }
            g.apply(seat, &a).unwrap();
        }
        if seen {
            break;
        }
    }
    assert!(seen);
}

/// Every legal action's table target exists in the acting lord's view, in the building
/// years and in combat (spying on a combat card clicks the face-down card beside the room
/// store), and a card the lord has spied is marked there.
#[test]
fn every_target_is_on_the_table_in_the_full_game() {
    let mut spied_seen = false;
    for n in 2..=4 {
        for seed in 0..scaled(2) as u64 {
            let mut g = Dl::new(&game_setup(n)).unwrap();
            let mut rng = GameRng::new(seed + 40);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                if let Some(s) = seat {
                    let scene = g.view(Some(s)).scene;
                    for l in g.legal(s) {
                        let Some(t) = l.target.as_deref() else {
                            continue;
                        };
                        if t.starts_with("button:") {
                            continue;
                        }
                        assert!(
                            scene.items.iter().any(|i| i.id.as_deref() == Some(t)),
                            "{n} lords, seed {seed}, {:?}: no item {t} for {:?}",
                            g.phase,
                            l.label
                        );
                    }
                    if matches!(g.phase, Phase::Build(_)) {
                        for &r in &g.lords[s].spied {
                            let card = scene
                                .items
                                .iter()
                                .find(|i| i.id.as_deref() == Some(&format!("card:{r}")))
                                .expect("the spied card on the table");
                            assert!(card.tooltip.as_deref().unwrap().contains("You spied it"));
                            spied_seen = true;
                        }
                    }
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(spied_seen);
}
