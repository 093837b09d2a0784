//! Every view at the table's fullest (six seats, with and without ghosts, and solo with
//! its two ghosts) reads well in every window: plugin-api's layout check finds no
//! overlapping or cramped text, each text stays inside the panel it is written on, and
//! nothing lies off the canvas. The canvas itself fits beside the log in the smallest
//! window the host opens (1024×700) without a sideways scroll, and whole at 1280×800.

mod common;

use common::{Views, setup};
use tavern_plugin_api::game::check::{
    TABLE_1024X700, TABLE_1280X800, cut_texts, fits_at_min_scale, items_off_canvas,
    layout_problems, scaled, texts_outside_panels,
};
use tavern_plugin_api::scene::{Shape, text_width};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::Keydoms;

/// Layout problems, texts running out of their panel and off-canvas items of one seat's
/// view (`None`: the spectator).
fn problems(g: &Keydoms, viewer: Option<usize>) -> Vec<String> {
    let v = g.view(viewer);
    let s = &v.scene;
    let mut out: Vec<String> = layout_problems(s).iter().map(|p| p.to_string()).collect();
    out.extend(items_off_canvas(s));
    out.extend(texts_outside_panels(s, (100.0, 40.0)));
    out.extend(cut_texts(s));
    out
}

fn check_games(humans: usize, ghosts: &str, magic: bool, games: usize) {
    check_setups(humans, ghosts, magic, &[], games);
}

/// As `check_games`, with `extra` options on top (Foreknown's offer, say).
fn check_setups(humans: usize, ghosts: &str, magic: bool, extra: &[(&str, &str)], games: usize) {
    let walks = Views {
        tables: &[(humans, ghosts, magic)],
        extra,
        games,
        rng: |seed, humans| seed * 31 + humans as u64,
        every: 5,
    };
    walks.each(|g, viewer, at| {
        let p = problems(g, viewer);
        assert!(p.is_empty(), "{at}:\n{}", p.join("\n"));
    });
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

#[test]
fn three_players_read_well() {
    check_games(3, "0", true, scaled(1).max(1));
}

/// The Foreknown offer's names are lines under the deck, above the casts.
#[test]
fn the_foreknown_offer_reads_well() {
    check_setups(6, "0", true, &[("foreknown", "yes")], scaled(1).max(1));
    check_setups(2, "auto", true, &[("foreknown", "yes")], scaled(1).max(1));
}

#[test]
fn the_canvas_fits_the_small_windows() {
    for (humans, ghosts) in [
        (1, "auto"),
        (2, "auto"),
        (3, "0"),
        (4, "2"),
        (5, "1"),
        (6, "0"),
    ] {
        let g = Keydoms::new(&setup(humans, ghosts, true)).unwrap();
        for viewer in (0..humans).map(Some).chain([None]) {
            let s = g.view(viewer).scene;
            assert!(
                fits_at_min_scale(&s, TABLE_1024X700),
                "{humans} players: {}×{} canvas units do not fit the 1024×700 table area at the smallest scale",
                s.width,
                s.height
            );
            assert!(fits_at_min_scale(&s, TABLE_1280X800));
        }
    }
}

/// Spells in hand keep their whole names at 1024×700 for any hand up to ten, the longest
/// names first (the band's title cut them to "Moo…" at three cards); the hand and the
/// rest of the view pass the layout check too.
#[test]
fn a_hand_of_up_to_ten_spells_reads_whole() {
    let mut g = Keydoms::new(&setup(3, "0", true)).unwrap();
    let mut rng = GameRng::new(4);
    while g.to_act() == tavern_plugin_api::ToAct::Chance {
        let a = g.sample_chance(&mut rng);
        tavern_plugin_api::game::apply_checked(&mut g, None, &a).unwrap();
    }
    let mut by_width: Vec<u8> = (1..=21).collect();
    by_width.sort_by(|a, b| {
        let w = |sp: &u8| text_width(tavern_plugin_keydoms::data::spell_name(*sp), 20.0, false);
        w(b).total_cmp(&w(a))
    });
    for n in 1..=10 {
        g.m.hands[0] = by_width[..n].to_vec();
        let p = problems(&g, Some(0));
        assert!(p.is_empty(), "a hand of {n}:\n{}", p.join("\n"));
        let names = g
            .view(Some(0))
            .scene
            .items
            .iter()
            .filter(|it| match &it.shape {
                Shape::Text { text, .. } | Shape::TextBlock { text, .. } => by_width[..n]
                    .iter()
                    .any(|&sp| text.contains(tavern_plugin_keydoms::data::spell_name(sp))),
                _ => false,
            })
            .count();
        assert!(names >= n, "a hand of {n}: {names} names written");
    }
}
