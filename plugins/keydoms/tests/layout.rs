//! Every view at the table's fullest (six seats, with and without ghosts, and solo with
//! its two ghosts) reads well in every window: plugin-api's layout check finds no
//! overlapping or cramped text, and nothing lies off the canvas.

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::{layout_problems, scaled};
use tavern_plugin_api::layout::drawn_text_box;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

fn setup(humans: usize, ghosts: &str, magic: bool) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    let variant = if magic { "standard" } else { "muggles" };
    s.options.insert("variant".into(), variant.into());
    s
}

/// Layout problems and off-canvas items of one seat's view (`None`: the spectator).
fn problems(g: &Keydoms, viewer: Option<usize>) -> Vec<String> {
    let v = g.view(viewer);
    let mut out: Vec<String> = layout_problems(&v.scene)
        .iter()
        .map(|p| p.to_string())
        .collect();
    for it in &v.scene.items {
        // Text where the host draws it largest, everything else where it lies.
        let b = drawn_text_box(&it.shape).unwrap_or_else(|| it.shape.bounds());
        if b.x < -0.5 || b.y < -0.5 || b.x + b.w > 1600.5 || b.y + b.h > 1000.5 {
            out.push(format!("off the canvas: {it:?}"));
        }
    }
    out
}

fn check_games(humans: usize, ghosts: &str, magic: bool, games: usize) {
    let setup = setup(humans, ghosts, magic);
    for seed in 0..games as u64 {
        let mut g = Keydoms::new(&setup).unwrap();
        let mut rng = GameRng::new(seed * 31 + humans as u64);
        let mut step = 0;
        loop {
            if step % 5 == 0 {
                for viewer in (0..g.n()).map(Some).chain([None]) {
                    let p = problems(&g, viewer);
                    assert!(
                        p.is_empty(),
                        "{humans} players, ghosts {ghosts}, magic {magic}, seed {seed}, \
                         step {step}, viewer {viewer:?}:\n{}",
                        p.join("\n")
                    );
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
}

#[test]
fn six_players_read_well() {
    check_games(6, "0", false, scaled(2).max(1));
    check_games(6, "0", true, scaled(3).max(1));
}

#[test]
fn six_seats_with_ghosts_read_well() {
    check_games(5, "1", true, scaled(2).max(1));
    check_games(4, "2", true, scaled(2).max(1));
    check_games(4, "2", false, scaled(1).max(1));
}

#[test]
fn solo_with_ghosts_reads_well() {
    check_games(1, "auto", true, scaled(2).max(1));
    check_games(1, "auto", false, scaled(1).max(1));
}
