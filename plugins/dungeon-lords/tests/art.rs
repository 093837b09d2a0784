//! The drawings: every image a view names is in the game's art, each drawing is an SVG
//! with a viewBox and no text of its own, for random positions of every mode at 1–4
//! players, and the tables with pictures still pass the layout check. Each central-board
//! place and each room has a drawing of its own, the components carry their pictures
//! where the table puts them, and no picture is drawn over a text.
mod common;

use common::random_walk;
use tavern_plugin_api::game::check::{check_art, check_layout, random_move, scaled};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dungeon_lords::Dl;

/// The first training dungeon for one seat, the full game for more.
fn setup(n: usize) -> Setup {
    if n == 1 {
        common::setup(&tavern_plugin_dungeon_lords::data::data().scenarios[0].key)
    } else {
        common::game_setup(n)
    }
}

#[test]
fn drawings_are_svgs_without_text() {
    let art = Dl::art();
    // 36 before the board, tavern, rooms and trap-card back were drawn; 26 since.
    assert!(art.len() >= 62, "{} drawings", art.len());
    for a in &art {
        assert!(a.svg.contains("viewBox"), "{}", a.id);
        assert!(!a.svg.contains("<text"), "{} carries text", a.id);
    }
}

#[test]
fn every_image_named_exists_at_one_to_four_players() {
    for n in 1..=4 {
        for seed in 0..scaled(3) as u64 {
            let mut g = Dl::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 13 + n as u64);
            let mut k = 0;
            let mut pictures = 0;
            loop {
                if k % 5 == 0 {
                    for v in (0..n).map(Some).chain([None]) {
                        let scene = g.view(v).scene;
                        pictures += scene.image_ids().len();
                        check_art::<Dl>(&scene)
                            .unwrap_or_else(|e| panic!("{n} players, step {k}: {e}"));
                        check_layout(&scene).unwrap_or_else(|p| {
                            panic!(
                                "{n} players, step {k}, viewer {v:?}:\n{}",
                                p.iter()
                                    .map(|x| x.to_string())
                                    .collect::<Vec<_>>()
                                    .join("\n")
                            )
                        });
                    }
                }
                let Some((seat, a)) = random_move(&g, &mut rng) else {
                    break;
                };
                g.apply(seat, &a).unwrap();
                k += 1;
            }
            assert!(pictures > 0, "{n} players: the table puts pictures down");
        }
    }
}

/// The pictures are where the table says: over random full games, every lair card of a
/// combat view shows its den and its monster (with stars while knocked out), a conquered
/// tile its pennant, a prisoner the bars; and the building table draws each tavern
/// monster. Counted, so a view that stopped drawing them fails.
#[test]
fn lair_cards_tiles_and_captives_carry_their_pictures() {
    use tavern_plugin_dungeon_lords::data::monster;
    use tavern_plugin_dungeon_lords::{Phase, art};
    let mut seen = [0usize; 4];
    for seed in 0..scaled(4).max(2) as u64 {
        random_walk(&setup(3), seed + 500, 1, |g, _| {
            let combat = matches!(g.phase, Phase::Planning | Phase::Battle(_));
            let v = g.view(Some(0)).scene;
            let count = |id: &str| images(&v, id);
            let l = &g.lords[0];
            if combat && !l.lair.is_empty() {
                assert_eq!(count(art::LAIR), l.lair.len(), "one den per lair card");
                for m in &l.lair {
                    assert!(count(art::monster(&monster(m.kind).key)) >= 1);
                }
                let out = l.lair.iter().filter(|m| !m.ready).count();
                assert_eq!(count(art::KNOCKED_OUT), out);
                seen[0] += 1;
                seen[1] += out;
            }
            if combat {
                use tavern_plugin_dungeon_lords::data::trap;
                for (k, &n) in l.traps.iter().enumerate() {
                    if n > 0 {
                        assert!(
                            count(art::trap(&trap(k as u8).key)) >= 1,
                            "trap card picture"
                        );
                    }
                }
            }
            if combat && l.conquered() > 0 {
                assert!(count(art::CONQUERED) >= l.conquered());
                seen[2] += 1;
            }
            if combat && !l.prison.is_empty() && l.prison.len() <= 3 {
                assert_eq!(count(art::PRISON), l.prison.len());
                seen[3] += 1;
            }
            if let Phase::Build(_) = g.phase {
                for &k in &g.f().tavern {
                    assert!(count(art::monster(&monster(k).key)) >= 1);
                }
            }
        });
    }
    assert!(seen[0] > 0 && seen[2] > 0, "positions checked: {seen:?}");
}

/// Each of the eight central-board places and each of the sixteen rooms has a drawing of
/// its own (none falls back to another's or to the plain doorway), and each is shipped.
#[test]
fn every_place_and_room_has_its_own_drawing() {
    use tavern_plugin_dungeon_lords::art;
    use tavern_plugin_dungeon_lords::data::data;
    use tavern_plugin_dungeon_lords::orders::Place;
    let shipped: Vec<String> = Dl::art().into_iter().map(|a| a.id).collect();
    let mut ids: Vec<&str> = Place::ALL.iter().map(|&p| art::place(p)).collect();
    let rooms: Vec<&str> = data().rooms.iter().map(|r| art::room(&r.key)).collect();
    assert_eq!(rooms.len(), 16);
    assert!(
        !rooms.contains(&art::ROOM),
        "a room without its own drawing"
    );
    ids.extend(rooms);
    ids.extend([art::TAVERN, art::TRAP_CARD_BACK]);
    for id in &ids {
        assert!(shipped.iter().any(|s| s == id), "{id} is not shipped");
        assert_eq!(
            ids.iter().filter(|x| *x == id).count(),
            1,
            "{id} used twice"
        );
    }
}

/// The pictures of the building table are where they belong, counted over random full
/// games: every place of the central board shows its emblem once, every tavern monster
/// stands in the tavern's nook, every room in the store and in a dungeon shows its own
/// picture; and wherever a lord's trap cards are face down (a spectator's view of the
/// combat or of a dungeon), the game's trap-card back is drawn and no card face is.
#[test]
fn board_tavern_rooms_and_face_down_traps_carry_their_pictures() {
    use tavern_plugin_dungeon_lords::Phase;
    use tavern_plugin_dungeon_lords::art;
    use tavern_plugin_dungeon_lords::data::{room, trap};
    use tavern_plugin_dungeon_lords::orders::Place;
    let mut seen = [0usize; 4];
    for seed in 0..scaled(3).max(2) as u64 {
        random_walk(&setup(3), seed + 900, 3, |g, _| {
            let v = g.view(Some(0)).scene;
            let spectator = g.view(None).scene;
            if let Phase::Build(_) = g.phase {
                for p in Place::ALL {
                    assert_eq!(images(&v, art::place(p)), 1, "{p:?}");
                }
                assert_eq!(images(&v, art::TAVERN), g.f().tavern.len());
                for &r in &g.f().store {
                    assert!(images(&v, art::room(&room(r).key)) >= 1);
                }
                seen[0] += 1;
                for l in &g.lords {
                    for t in l.grid.iter().flatten() {
                        if let (Some(r), false) = (t.room, t.conquered) {
                            assert!(images(&v, art::room(&room(r).key)) >= 1);
                            seen[1] += 1;
                        }
                    }
                }
                // Every other lord's compact panel fans its backs; the spectator's large
                // dungeon (the lord to act's) marks its cards face down too, when it has any.
                assert_eq!(images(&v, art::TRAP_CARD_BACK), backs(g, 0));
                let focus = g.focus();
                let holds = g.lords[focus].traps.iter().any(|&n| n > 0) as usize;
                assert_eq!(
                    images(&spectator, art::TRAP_CARD_BACK),
                    holds + backs(g, focus)
                );
            }
            let combat = matches!(g.phase, Phase::Planning | Phase::Battle(_));
            let held: u8 = g.lords[0].traps.iter().sum();
            if combat && !g.revealed && held > 0 {
                assert_eq!(
                    images(&spectator, art::TRAP_CARD_BACK),
                    held.min(3) as usize + backs(g, 0)
                );
                for kind in 0..9u8 {
                    assert_eq!(images(&spectator, art::trap(&trap(kind).key)), 0);
                }
                seen[2] += 1;
            }
            if combat && held > 0 {
                assert_eq!(
                    images(&v, art::TRAP_CARD_BACK),
                    backs(g, 0),
                    "the owner sees the faces of its own cards"
                );
                seen[3] += 1;
            }
        });
    }
    assert!(seen.iter().all(|&n| n > 0), "positions checked: {seen:?}");
}

/// No picture covers a text: every text whose box meets a picture is drawn after it,
/// at every seat count, in both tables (the backdrop under the whole canvas aside).
#[test]
fn no_picture_is_drawn_over_a_text() {
    use tavern_plugin_api::layout::drawn_text_box;
    let mut pictures = 0;
    for n in 1..=4 {
        for seed in 0..scaled(2) as u64 {
            random_walk(&setup(n), seed * 7 + 300 + n as u64, 6, |g, k| {
                for v in (0..n).map(Some).chain([None]) {
                    let scene = g.view(v).scene;
                    let order = scene.draw_order();
                    for (i, it) in order.iter().enumerate() {
                        let Shape::Image { rect: r, .. } = &it.shape else {
                            continue;
                        };
                        if r.w >= scene.width * 0.9 {
                            continue;
                        }
                        pictures += 1;
                        for earlier in &order[..i] {
                            if let Some(t) = drawn_text_box(&earlier.shape) {
                                // A text's box ends with the space under its last line.
                                let t = tavern_plugin_api::scene::Rect { h: t.h - 4.0, ..t };
                                assert!(
                                    !r.overlaps(t, 0.5),
                                    "{n} players, step {k}, viewer {v:?}: {it:?} covers {earlier:?}"
                                );
                            }
                        }
                    }
                }
            });
        }
    }
    assert!(pictures > 1000, "only {pictures} pictures checked");
}

/// How many times the picture `id` is drawn in `v`.
fn images(v: &tavern_plugin_api::scene::Scene, id: &str) -> usize {
    v.items
        .iter()
        .filter(|it| matches!(&it.shape, Shape::Image { image, .. } if image == id))
        .count()
}

/// How many trap-card backs the other lords' compact panels show beside a view of
/// `own`'s dungeon: up to three per lord holding cards.
fn backs(g: &Dl, own: usize) -> usize {
    (0..g.n())
        .filter(|&i| i != own)
        .map(|i| g.lords[i].traps.iter().sum::<u8>().min(3) as usize)
        .sum()
}
