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
    assert!(art.len() >= 23);
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
