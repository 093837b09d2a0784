//! The table fits the host's smallest window: at 1024×700 the canvas fits beside the log
//! at the host's smallest scale (no sideways scroll), and in random positions at 2, 3 and
//! 4 players, with and without the magic chests, every seat's view (and the spectator's)
//! reads whole there: no text cut with an ellipsis, no card title wider than the host lets
//! it run, no texts over each other, each text inside the panel it is written on, nothing
//! off the canvas.
mod common;

use common::*;
use tavern_plugin_api::game::check::{
    TABLE_1024X700, cut_texts, fits_at_min_scale, items_off_canvas, layout_problems, random_move,
    scaled, texts_outside_panels,
};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dragonkeepers::Dk;
use tavern_plugin_dragonkeepers::model::Item;

/// Every problem of one seat's view (`None`: the spectator).
fn problems(g: &Dk, viewer: Option<usize>) -> Vec<String> {
    let v = g.view(viewer);
    let s = v.scene;
    let mut out = Vec::new();
    // Counts read with their word: never "card(s)" on the table, its tooltips or the
    // prompt.
    let words = serde_json::to_string(&s).unwrap() + &v.prompt;
    if words.contains("(s)") {
        out.push(format!(
            "a count with '(s)' in the view or prompt: {}",
            v.prompt
        ));
    }
    if !fits_at_min_scale(&s, TABLE_1024X700) {
        out.push(format!(
            "{}×{} canvas units do not fit {TABLE_1024X700:?} at the smallest scale",
            s.width, s.height
        ));
    }
    out.extend(layout_problems(&s).iter().map(|p| p.to_string()));
    out.extend(items_off_canvas(&s));
    out.extend(texts_outside_panels(&s, (100.0, 40.0)));
    out.extend(cut_texts(&s));
    out
}

fn check_games(n: usize, opts: &[(&str, &str)], games: usize) {
    let mut views = 0;
    for seed in 0..games as u64 {
        let mut g = Dk::new(&setup_with(n, opts)).unwrap();
        let mut rng = GameRng::new(seed * 41 + n as u64);
        let mut step = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            step += 1;
            if step % 6 != 0 && g.to_act() != ToAct::Over {
                continue;
            }
            for viewer in (0..n).map(Some).chain([None]) {
                let p = problems(&g, viewer);
                assert!(
                    p.is_empty(),
                    "{n} players {opts:?}, seed {seed}, step {step}, viewer {viewer:?}:\n{}",
                    p.join("\n")
                );
                views += 1;
            }
        }
    }
    assert!(views > 50 * games, "only {views} views checked");
}

/// Every magic-chest item in play: the supply's fullest row.
fn every_item() -> Vec<(&'static str, &'static str)> {
    let mut opts = vec![("chests", "chosen")];
    opts.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    opts
}

#[test]
fn two_players_read_whole_at_1024x700() {
    check_games(2, &[], scaled(2));
    check_games(2, &every_item(), scaled(2));
}

#[test]
fn three_players_read_whole_at_1024x700() {
    check_games(3, &[], scaled(2));
    check_games(3, &[("chests", "random")], scaled(2));
}

#[test]
fn four_players_read_whole_at_1024x700() {
    check_games(4, &[], scaled(2));
    check_games(4, &every_item(), scaled(2));
}
