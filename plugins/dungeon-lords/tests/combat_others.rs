//! During the full game's combat, every other lord is a compact dungeon the host can
//! enlarge: its grid (tiles conquered so far) with Evil, conquests and party beside it.
mod common;

use common::game_setup;
use tavern_plugin_api::game::check::{check_layout, random_move};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::{Dl, Phase};

#[test]
fn other_lords_are_enlargeable_dungeons_in_combat() {
    for n in 2..=4 {
        let mut g = Dl::new(&game_setup(n)).unwrap();
        let mut rng = GameRng::new(17 + n as u64);
        let mut seen = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            if !matches!(g.phase, Phase::Planning | Phase::Battle(_)) {
                continue;
            }
            seen += 1;
            let viewer = seen % n;
            let scene = g.view(Some(viewer)).scene;
            check_layout(&scene).unwrap_or_else(|p| panic!("{p:?}"));
            for o in (0..n).filter(|&o| o != viewer) {
                let name = format!("{}'s dungeon", g.lords[o].name);
                assert!(
                    scene.areas.iter().any(|a| a.label == name),
                    "{name} is enlargeable"
                );
                for sq in 0..20 {
                    let id = format!("tile:{o}:{sq}");
                    assert!(
                        scene
                            .items
                            .iter()
                            .any(|i| i.id.as_deref() == Some(id.as_str())),
                        "{id} is drawn"
                    );
                }
            }
        }
        assert!(seen > 0, "{n} lords: the game reaches combat");
    }
}
