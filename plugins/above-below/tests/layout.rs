//! The table fits the host's small windows and reads well at every player count: the
//! canvas fits beside the log at 1024×700 without a sideways scroll (and whole at
//! 1280×800); in random positions, played both at random and by eager builders whose
//! villages grow large, no texts overlap, each text stays inside the panel it is written
//! on, nothing lies off the canvas, the table's regions and its clickable components do
//! not cover each other, no text is cut short (no ellipsis, no card title wider than
//! its card), and the other villages can be enlarged.
mod common;

use common::*;
use rand::RngExt;
use tavern_plugin_above_below::data::{Good, Kind, data};
use tavern_plugin_above_below::model::{Building, CaveCard};
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::{
    TABLE_1024X700, TABLE_1280X800, cut_texts, fits_at_min_scale, items_off_canvas,
    layout_problems, random_move, scaled, texts_outside_panels,
};
use tavern_plugin_api::layout::drawn_text_box;
use tavern_plugin_api::scene::{Rect, Scene, Shape};
use tavern_plugin_api::{Game, GameRng, ToAct};

/// How far a drawn thing may stick out of, or into, a neighbour: layouts round sizes.
const SLACK: f32 = 1.0;

/// The table's regions: the outlined panels (the market, the board, the book, every
/// village). They never cover each other, except the book page read over the market.
fn regions(scene: &Scene) -> Vec<(Rect, i32)> {
    scene
        .items
        .iter()
        .filter_map(|it| match it.shape {
            Shape::Rect {
                rect,
                stroke: Some(_),
                ..
            } if rect.w >= 250.0 && rect.h >= 150.0 => Some((rect, it.z)),
            _ => None,
        })
        .collect()
}

/// Every problem of one seat's view (`None`: the spectator); `cuts`: also every text cut
/// short.
fn problems(g: &Ab, viewer: Option<usize>, cuts: bool) -> Vec<String> {
    let v = g.view(viewer);
    let s = &v.scene;
    let mut out: Vec<String> = layout_problems(s).iter().map(|p| p.to_string()).collect();
    out.extend(items_off_canvas(s));
    if cuts {
        out.extend(cut_texts(s));
    }
    out.extend(texts_outside_panels(s, (100.0, 40.0)));
    let regions = regions(s);
    for (i, &(a, za)) in regions.iter().enumerate() {
        for &(b, zb) in &regions[i + 1..] {
            if za == zb && a.overlaps(b, SLACK) {
                out.push(format!("regions {a:?} and {b:?} cover each other"));
            }
        }
    }
    // Clickable components: side by side, or one inside the other (a villager in its
    // village), never partly over each other.
    let clickable: Vec<_> = s.items.iter().filter(|it| it.id.is_some()).collect();
    for (i, a) in clickable.iter().enumerate() {
        for b in &clickable[i + 1..] {
            let (ra, rb) = (a.shape.bounds(), b.shape.bounds());
            if a.z == b.z
                && ra.overlaps(rb, SLACK)
                && !rb.inside(ra, SLACK)
                && !ra.inside(rb, SLACK)
            {
                out.push(format!("{:?} and {:?} cover each other", a.id, b.id));
            }
        }
    }
    // Small pictures (figures, ghosts, goods) never lie under a text, except a label
    // written on the picture itself (a good's letter); a text's box ends with the space
    // under its last line, which may touch a picture.
    let texts: Vec<Rect> = s
        .items
        .iter()
        .filter_map(|it| drawn_text_box(&it.shape))
        .collect();
    let on_it = |p: Rect, t: Rect| {
        Rect {
            x: t.x + t.w / 2.0,
            y: t.y + t.h / 2.0,
            w: 0.0,
            h: 0.0,
        }
        .inside(p, SLACK)
    };
    for it in &s.items {
        if let Shape::Image { rect, .. } = it.shape
            && rect.w <= 64.0
            && let Some(t) = texts.iter().find(|&&t| {
                let below = Rect { h: t.h - 3.5, ..t };
                rect.overlaps(below, SLACK) && !on_it(rect, t)
            })
        {
            out.push(format!("a picture lies under the text at {t:?}: {it:?}"));
        }
    }
    // Every other village can be seen larger, and only those.
    let n = g.n();
    if s.areas.len() != n - 1 {
        out.push(format!(
            "{} enlargeable areas for {n} players",
            s.areas.len()
        ));
    }
    out
}

fn check_position(g: &Ab, what: &str) {
    check_position_cuts(g, what, true);
}

fn check_position_cuts(g: &Ab, what: &str, cuts: bool) {
    for viewer in (0..g.n()).map(Some).chain([None]) {
        let p = problems(g, viewer, cuts);
        assert!(p.is_empty(), "{what}, viewer {viewer:?}:\n{}", p.join("\n"));
    }
}

/// Builders who would rather build, hire and explore than pass, so their villages grow
/// as a keen player's do (uniformly random play passes early and builds little).
fn eager_move(g: &Ab, rng: &mut GameRng) -> Option<(Option<usize>, Action)> {
    let weight = |a: &Action| match a {
        Action::Build { .. } => 60,
        Action::Hire { .. } | Action::Explore { .. } | Action::Track { .. } => 12,
        Action::Pass
        | Action::EndTurn
        | Action::Withdraw
        | Action::Offer
        | Action::OfferAdd { .. }
        | Action::Refresh { .. } => 1,
        _ => 4,
    };
    match g.to_act() {
        ToAct::Over => None,
        ToAct::Chance => Some((None, g.sample_chance(rng))),
        ToAct::Seats(s) => {
            let legal = g.legal_actions(s[0]);
            let total: u32 = legal.iter().map(weight).sum();
            let mut k = rng.random_range(0..total);
            legal.into_iter().find_map(|a| {
                if k < weight(&a) {
                    Some((Some(s[0]), a))
                } else {
                    k -= weight(&a);
                    None
                }
            })
        }
    }
}

type Mover = fn(&Ab, &mut GameRng) -> Option<(Option<usize>, Action)>;

fn check_games(n: usize, games: usize, mover: Mover, how: &str) {
    for seed in 0..games as u64 {
        let mut g = Ab::new(&setup(n)).unwrap();
        let mut rng = GameRng::new(seed * 37 + n as u64);
        let mut step = 0;
        while let Some((seat, a)) = mover(&g, &mut rng) {
            apply_checked(&mut g, seat, &a).unwrap();
            step += 1;
            if step % 4 == 0 {
                check_position(&g, &format!("{n} players, {how}, seed {seed}, step {step}"));
            }
        }
        check_position(&g, &format!("{n} players, {how}, seed {seed}, the end"));
    }
}

#[test]
fn two_players_read_well() {
    check_games(2, scaled(3).max(1), random_move::<Ab>, "random");
    check_games(2, scaled(3).max(1), eager_move, "eager");
}

#[test]
fn three_players_read_well() {
    check_games(3, scaled(3).max(1), random_move::<Ab>, "random");
    check_games(3, scaled(3).max(1), eager_move, "eager");
}

#[test]
fn four_players_read_well() {
    check_games(4, scaled(3).max(1), random_move::<Ab>, "random");
    check_games(4, scaled(3).max(1), eager_move, "eager");
}

/// Villages fuller than any random game builds: every face count from a bare village to
/// thirty-odd buildings, caves and adventure cards, with crowded villager areas, a full
/// track and every good in the supply, in every seat's view. No text is cut short up to
/// sixteen faces.
#[test]
fn crowded_villages_read_well() {
    let d = data();
    let houses: Vec<u8> = (0..d.cards.len() as u8)
        .filter(|&c| {
            let k = tavern_plugin_above_below::data::card(c).kind;
            k != Kind::Adventure && k != Kind::Starting
        })
        .collect();
    let adventures: Vec<u8> = d.ids(Kind::Adventure).collect();
    for n in 2..=4 {
        for faces in [0, 3, 9, 10, 12, 15, 16, 21, 24, 30, 33] {
            let mut g = fresh(n);
            let villagers: Vec<u8> = g.all_villagers();
            for (seat, p) in g.players.iter_mut().enumerate() {
                p.houses.clear();
                p.outposts.clear();
                p.caves.clear();
                p.adventures.clear();
                // The fullest village sits with each seat in turn across the counts.
                let k = if seat == faces % n { faces } else { faces / 3 };
                // A fifth of the faces caves, a sixth adventure cards, the rest buildings.
                let (caves, advs) = (k / 5, k / 6);
                for (i, &c) in houses.iter().take(k - caves - advs).enumerate() {
                    p.houses.push(Building {
                        card: c,
                        goods: (i % 3) as u8,
                        ghost: i % 4 == 1,
                    });
                }
                for i in 0..caves {
                    p.caves.push(CaveCard {
                        cave: i as u8,
                        covered: i % 2 == 0,
                    });
                }
                p.adventures.extend(adventures.iter().take(advs));
                p.goods = [3; 8];
                p.track = Good::ALL.iter().map(|&good| (good, 2)).collect();
                p.coins = 123;
                p.reputation = -7;
            }
            // One seat holds a crowd of villagers, split over the three areas.
            let p = &mut g.players[faces % n];
            p.ready.clear();
            p.exhausted.clear();
            p.injured.clear();
            for (i, &v) in villagers.iter().take(18).enumerate() {
                [&mut p.ready, &mut p.exhausted, &mut p.injured][i % 3].push(v);
            }
            // Up to sixteen faces (more than a seven-round game builds) every name and
            // text is whole; past that the one-line faces may shorten a long name (the
            // tooltip has it).
            check_position_cuts(&g, &format!("{n} players, {faces} faces"), faces <= 16);
        }
    }
}

#[test]
fn the_canvas_fits_the_small_windows() {
    for n in 2..=4 {
        let g = fresh(n);
        for viewer in (0..n).map(Some).chain([None]) {
            let s = g.view(viewer).scene;
            assert!(
                fits_at_min_scale(&s, TABLE_1024X700),
                "{n} players: {}×{} canvas units do not fit the 1024×700 table area at the smallest scale",
                s.width,
                s.height
            );
            assert!(fits_at_min_scale(&s, TABLE_1280X800));
        }
    }
}
