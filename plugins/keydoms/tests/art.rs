//! Keydom's drawings on the table: every image a view names is one the game ships (and
//! every drawing is an SVG with a viewBox), over random positions at one to six seats,
//! with ghosts and without magic, for every seat's view and the spectator's.

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::{check_art, scaled};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

fn setup(humans: usize, ghosts: &str, magic: bool) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    let variant = if magic { "standard" } else { "muggles" };
    s.options.insert("variant".into(), variant.into());
    s
}

/// Plays random games, checking the art of every view every few steps; returns how
/// many images of each kind the views named, so the caller can tell they were drawn.
fn check_games(humans: usize, ghosts: &str, magic: bool, games: usize) -> Vec<String> {
    let setup = setup(humans, ghosts, magic);
    let mut seen: Vec<String> = Vec::new();
    for seed in 0..games as u64 {
        let mut g = Keydoms::new(&setup).unwrap();
        let mut rng = GameRng::new(seed * 17 + humans as u64);
        let mut step = 0;
        loop {
            if step % 7 == 0 {
                for viewer in (0..g.n()).map(Some).chain([None]) {
                    let scene = g.view(viewer).scene;
                    if let Err(e) = check_art::<Keydoms>(&scene) {
                        panic!(
                            "{humans} players, ghosts {ghosts}, magic {magic}, seed {seed}, \
                             step {step}, viewer {viewer:?}:\n{e}"
                        );
                    }
                    for id in scene.image_ids() {
                        if !seen.iter().any(|s| s == id) {
                            seen.push(id.to_string());
                        }
                    }
                }
            }
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let l = g.legal_actions(s[0]);
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            apply_checked(&mut g, seat, &a).unwrap();
            step += 1;
        }
    }
    seen
}

#[test]
fn every_image_a_view_names_is_shipped_at_every_table_size() {
    let mut seen = Vec::new();
    for (humans, ghosts, magic) in [
        (1, "auto", true),
        (2, "auto", true),
        (3, "0", true),
        (4, "0", false),
        (4, "2", true),
        (5, "1", true),
        (6, "0", true),
    ] {
        seen.extend(check_games(humans, ghosts, magic, scaled(2)));
    }
    // The views really draw the art: the board, grounds, counters, ghosts, treasures,
    // artefacts and dragons all appeared somewhere.
    for id in [
        "board",
        "cave-ground",
        "town-ground",
        "castle-ground",
        "guard",
        "market",
        "worker-0",
        "ghost",
        "crown",
        "gold",
        "artefact-back",
        "spell-back",
    ] {
        assert!(seen.iter().any(|s| s == id), "no view drew {id}: {seen:?}");
    }
    assert!(seen.iter().any(|s| s.starts_with("dragon-")), "{seen:?}");
    assert!(
        ["amulet", "key", "mirror", "raven", "scroll", "wand"]
            .iter()
            .any(|a| seen.iter().any(|s| s == a)),
        "{seen:?}"
    );
}

/// No drawing covers a text: every text lying on a picture (a heading on its ground, a
/// count on its piece, a counter's label) comes after the picture, over random
/// positions of a four-seat game with magic, for seat 0's view.
#[test]
fn pictures_lie_under_the_text_they_share_a_place_with() {
    let mut g = Keydoms::new(&setup(4, "0", true)).unwrap();
    let mut rng = GameRng::new(3);
    let mut step = 0;
    let mut checked = 0;
    loop {
        if step % 9 == 0 {
            let scene = g.view(Some(0)).scene;
            let items = &scene.items;
            for (i, it) in items.iter().enumerate() {
                let Shape::Image { rect: r, .. } = &it.shape else {
                    continue;
                };
                if r.w >= scene.width * 0.5 {
                    continue; // the board's backdrop lies under everything anyway
                }
                for earlier in &items[..i] {
                    if let Shape::Text { pos, .. } = &earlier.shape
                        && earlier.z >= it.z
                        && pos.x > r.x + 2.0
                        && pos.x < r.x + r.w - 2.0
                        && pos.y > r.y + 2.0
                        && pos.y < r.y + r.h - 2.0
                    {
                        panic!("step {step}: image {it:?} is drawn over the text {earlier:?}");
                    }
                }
                checked += 1;
            }
        }
        let (seat, a) = match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(s) => {
                let l = g.legal_actions(s[0]);
                (Some(s[0]), l[rng.random_range(0..l.len())].clone())
            }
        };
        apply_checked(&mut g, seat, &a).unwrap();
        step += 1;
    }
    assert!(checked > 100, "only {checked} pictures checked");
}
