//! The drawings: every image a view names is in the game's art, each drawing is an SVG
//! with a viewBox and no text of its own, for random positions of every mode at 1–4
//! players, and the tables with pictures still pass the layout check.
use tavern_plugin_api::game::check::{check_art, check_layout, random_move, scaled};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dungeon_lords::Dl;

fn setup(n: usize) -> Setup {
    let mut s = Setup::players(n);
    let mode = if n == 1 {
        tavern_plugin_dungeon_lords::data::data().scenarios[0]
            .key
            .clone()
    } else {
        "game".to_string()
    };
    s.options.insert("mode".into(), mode);
    s
}

#[test]
fn drawings_are_svgs_without_text() {
    let art = Dl::art();
    assert!(art.len() >= 36);
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
    use tavern_plugin_api::scene::Shape;
    use tavern_plugin_dungeon_lords::data::monster;
    use tavern_plugin_dungeon_lords::{Phase, art};
    let mut seen = [0usize; 4];
    for seed in 0..scaled(4).max(2) as u64 {
        let mut g = Dl::new(&setup(3)).unwrap();
        let mut rng = GameRng::new(seed + 500);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            let combat = matches!(g.phase, Phase::Planning | Phase::Battle(_));
            let v = g.view(Some(0)).scene;
            let count = |id: &str| {
                v.items
                    .iter()
                    .filter(|it| matches!(&it.shape, Shape::Image { image, .. } if image == id))
                    .count()
            };
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
        }
    }
    assert!(seen[0] > 0 && seen[2] > 0, "positions checked: {seen:?}");
}
