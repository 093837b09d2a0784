//! The table stays on the canvas, readable and explained, in busy positions.
mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::game::check::{check_art, check_layout, random_move, scaled};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};

fn check_view(g: &Ab, viewer: Option<usize>) {
    let v = g.view(viewer);
    assert!(!v.status.is_empty());
    if let Err(p) = check_layout(&v.scene) {
        panic!("layout problems: {p:?}");
    }
    if let Err(p) = check_art::<Ab>(&v.scene) {
        panic!("art problems: {p}");
    }
    for it in &v.scene.items {
        let b = it.shape.bounds();
        let text = matches!(it.shape, Shape::Text { .. });
        let slack = if text { 40.0 } else { 0.5 };
        assert!(
            b.x >= -slack
                && b.y >= -slack
                && b.x + b.w <= v.scene.width + slack
                && b.y + b.h <= v.scene.height + slack,
            "off canvas: {it:?}"
        );
        if it.id.is_some() {
            assert!(
                it.tooltip.is_some(),
                "clickable item without tooltip: {it:?}"
            );
        }
    }
    // Every target of the viewer's own decisions is on the viewer's table, and every
    // button on it is one of them (a Pass button that cannot be pressed only confuses).
    if let Some(s) = viewer {
        let legal = g.legal(s);
        for it in &v.scene.items {
            if let Some(id) = it.id.as_deref().filter(|id| id.starts_with("button:")) {
                assert!(
                    legal.iter().any(|l| l.target.as_deref() == Some(id)),
                    "{id} is drawn but nothing legal presses it: {:?}",
                    legal.iter().map(|l| &l.label).collect::<Vec<_>>()
                );
            }
        }
        for l in g.legal(s) {
            if let Some(t) = &l.target {
                assert!(
                    v.scene
                        .items
                        .iter()
                        .any(|i| i.id.as_deref() == Some(t.as_str())),
                    "target {t} of '{}' is not drawn",
                    l.label
                );
            }
        }
    }
}

#[test]
fn views_fit_and_read_through_whole_games() {
    for n in 2..=4 {
        for seed in 0..3 {
            let mut g = Ab::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 10 + n as u64);
            let mut k = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                k += 1;
                if k % 5 == 0 {
                    for viewer in (0..n).map(Some).chain([None]) {
                        check_view(&g, viewer);
                    }
                }
            }
            for viewer in (0..n).map(Some).chain([None]) {
                check_view(&g, viewer);
            }
        }
    }
}

/// Nothing unseen is named: cards still in a pile (and the key houses left in the box)
/// never appear in any view, tooltips included, nor in the log.
#[test]
fn views_never_name_an_unseen_card() {
    use tavern_plugin_above_below::data::{card, cave, villager};
    for n in [2, 4] {
        let mut g = Ab::new(&setup(n)).unwrap();
        let mut rng = GameRng::new(77 + n as u64);
        let mut k = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            let label = g.apply(seat, &a).unwrap().label;
            k += 1;
            let mut hidden: Vec<String> = Vec::new();
            for p in [&g.houses, &g.outposts, &g.keys] {
                hidden.extend(p.unseen.iter().map(|&c| card(c).name.clone()));
            }
            hidden.extend(
                g.villager_pile
                    .unseen
                    .iter()
                    .map(|&v| villager(v).name.clone()),
            );
            for p in [&g.basic, &g.dangerous] {
                hidden.extend(p.unseen.iter().map(|&c| cave(c).name.clone()));
            }
            for h in &hidden {
                assert!(
                    !label.contains(h.as_str()),
                    "the log names unseen {h}: {label}"
                );
            }
            if k % 9 != 0 {
                continue;
            }
            let v = g.view(Some(0));
            let text = serde_json::to_string(&v).unwrap();
            for h in &hidden {
                // Names are distinct, and no shown name contains another.
                assert!(
                    !text.contains(&format!("\"{h}\"")) && !text.contains(&format!("{h}:")),
                    "the view names unseen {h}"
                );
            }
        }
    }
}

#[test]
fn every_seat_sees_the_same_table_and_bots_see_the_real_state() {
    let mut g = Ab::new(&setup(3)).unwrap();
    let mut rng = GameRng::new(3);
    for _ in 0..150 {
        let Some((seat, a)) = random_move(&g, &mut rng) else {
            break;
        };
        g.apply(seat, &a).unwrap();
    }
    // Nothing is private: the scenes differ only in whose board is at the bottom.
    let a = g.view(Some(0)).scene.items.len();
    assert!(a > 50);
    let d = g.determinize(1, &mut rng);
    assert_eq!(d, g, "no hidden part to re-sample");
}

/// Every paragraph of the book reads on the page: the opening with its two choices and
/// dice, and each outcome in the book panel afterwards.
#[test]
fn every_paragraph_fits_its_page() {
    use tavern_plugin_above_below::data::data;
    use tavern_plugin_above_below::model::{Die, Explore, LastRead, Stage};
    let base = fresh(4);
    let seat0: Vec<u8> = base.players[0]
        .ready
        .iter()
        .chain(&base.players[0].exhausted)
        .copied()
        .collect();
    for (r, e) in data().book.openers() {
        let mut g = base.clone();
        g.players[0].ready.clear();
        g.players[0].exhausted.clear();
        g.explore = Some(Explore {
            seat: 0,
            dangerous: false,
            cave: g.cave_top[0].unwrap(),
            party: seat0.clone(),
            exerted: Vec::new(),
            sent: seat0.clone(),
            paragraph: r.0,
            choice: Some(1),
            dice: seat0
                .iter()
                .map(|&v| Die {
                    face: 4,
                    villager: Some(v),
                })
                .collect(),
            rerolls_left: 1,
            reroll: None,
            roll_first: false,
            stage: Stage::Adjust,
        });
        g.cave_top[0] = g.basic.unseen.pop();
        check_view(&g, Some(0));
        // A big party: nine explorers, from the pile.
        let extra: Vec<u8> = g.villager_pile.unseen.drain(..6).collect();
        let ex = g.explore.as_mut().unwrap();
        ex.dice.extend(extra.iter().map(|&v| Die {
            face: 2,
            villager: Some(v),
        }));
        ex.sent.extend(&extra);
        ex.party.extend(extra);
        check_view(&g, Some(0));
        for option in 0..e.choices.len() as u8 {
            for success in [false, true] {
                let mut g = base.clone();
                g.last_read = Some(LastRead {
                    seat: 0,
                    paragraph: r.0,
                    choice: option,
                    lanterns: 9,
                    success,
                    bonus: success,
                });
                check_view(&g, Some(1));
            }
        }
    }
}

/// Every building's name reads whole on its market card at the host's smallest text (the
/// card titles used to be cut short on a 1280x800 window): each building in turn is laid
/// out in the key, star, house and outpost rows, and the layout check finds no overflow.
#[test]
fn every_building_name_fits_the_market() {
    use tavern_plugin_above_below::data::{Kind, data};
    let base = fresh(4);
    let buildings: Vec<u8> = data()
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind != Kind::Adventure && c.kind != Kind::Starting)
        .map(|(i, _)| i as u8)
        .collect();
    for chunk in buildings.chunks(4) {
        let mut g = base.clone();
        g.house_row = chunk.to_vec();
        g.outpost_row = chunk.to_vec();
        g.key_row = chunk.iter().chain(chunk).take(5).copied().collect();
        g.star_row = chunk.iter().cycle().take(8).copied().collect();
        check_view(&g, Some(0));
    }
}

/// Every drawing a view names is one the game ships, at every seat count, from the first
/// step to the last (check_art also holds each drawing to an SVG of its own).
#[test]
fn every_image_a_view_names_exists() {
    for n in 2..=4 {
        for seed in 0..scaled(4) as u64 {
            let mut g = Ab::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 7 + 100 + n as u64);
            let mut seen = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                for viewer in (0..n).map(Some).chain([None]) {
                    let v = g.view(viewer);
                    if let Err(p) = check_art::<Ab>(&v.scene) {
                        panic!("{p}");
                    }
                    seen += v.scene.image_ids().len();
                }
            }
            assert!(seen > 0, "no view named a drawing");
        }
    }
}

/// Every building's name reads whole on the own board (it was cut short at "Lamp…" on
/// 86-unit cards): each building in turn lies in a full village of fifteen houses,
/// outposts, caves and adventure cards (past fifteen the faces share a line between name
/// and value, and the tooltip keeps the name whole), and the layout check finds no
/// overflow or overlap.
#[test]
fn every_building_name_fits_the_own_board() {
    use tavern_plugin_above_below::data::{Kind, data};
    use tavern_plugin_above_below::model::{Building, CaveCard};
    let base = fresh(4);
    let buildings: Vec<u8> = data()
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind != Kind::Adventure)
        .map(|(i, _)| i as u8)
        .collect();
    let adventures: Vec<u8> = data()
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == Kind::Adventure)
        .map(|(i, _)| i as u8)
        .collect();
    let build = |c: u8| Building {
        card: c,
        goods: 2,
        ghost: c.is_multiple_of(3),
    };
    for chunk in buildings.chunks(9) {
        let mut g = base.clone();
        let p = &mut g.players[0];
        p.houses = chunk[..chunk.len().min(6)]
            .iter()
            .map(|&c| build(c))
            .collect();
        p.outposts = chunk.iter().skip(6).map(|&c| build(c)).collect();
        p.caves = (0..3)
            .map(|k| CaveCard {
                cave: k * 5,
                covered: k.is_multiple_of(2),
            })
            .collect();
        p.adventures = adventures.iter().take(3).copied().collect();
        check_view(&g, Some(0));
        // The whole village is on the table, every name at full length.
        let v = g.view(Some(0));
        for &c in chunk {
            let name = &data().cards[c as usize].name;
            assert!(
                v.scene.items.iter().any(|it| matches!(
                    &it.shape,
                    Shape::TextBlock { text, .. } if text == name
                )),
                "{name} is not written whole"
            );
        }
    }
}

/// The log heads each round: the step that begins round n carries the section
/// "Round n", rounds 1 to the last in order, and no other step carries one.
#[test]
fn each_round_begins_a_log_section() {
    for n in 2..=4 {
        for seed in 0..scaled(3) as u64 {
            let mut g = Ab::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 13 + n as u64);
            let mut sections = Vec::new();
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                let before = g.round;
                let applied = g.apply(seat, &a).unwrap();
                if let Some(s) = applied.section {
                    assert_eq!(s, format!("Round {}", g.round), "after round {before}");
                    sections.push(s);
                }
            }
            let want: Vec<String> = (1..=g.rounds).map(|r| format!("Round {r}")).collect();
            assert_eq!(sections, want);
        }
    }
}

/// Texts of a view, written whole or wrapped (card titles included).
fn scene_texts(g: &Ab, viewer: usize) -> Vec<String> {
    g.view(Some(viewer))
        .scene
        .items
        .iter()
        .filter_map(|it| match &it.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => Some(text.clone()),
            Shape::Card { title, .. } => Some(title.clone()),
            _ => None,
        })
        .collect()
}

/// The cave decks sit in the star houses' second row: their faces say they are caves.
#[test]
fn the_cave_decks_say_what_they_are() {
    let t = scene_texts(&fresh(2), 0);
    assert!(t.iter().any(|x| x == "Basic caves"), "{t:?}");
    assert!(t.iter().any(|x| x == "Dangerous caves"), "{t:?}");
}

/// Another village counts its villagers in the own board's words (ready, exhausted,
/// injured), and a second line starts with a count, never inside an area's words.
#[test]
fn other_villages_count_villagers_in_whole_words() {
    use tavern_plugin_api::scene::{drawn_size, wrap_lines};
    let mut g = fresh(4);
    let p = &mut g.players[1];
    let v: Vec<u8> = p.ready.drain(..).chain(p.exhausted.drain(..)).collect();
    p.ready.push(v[0]);
    p.exhausted.push(v[1]);
    p.injured.push(v[2]);
    let view = g.view(Some(0));
    let line = view
        .scene
        .items
        .iter()
        .find_map(|it| match &it.shape {
            Shape::TextBlock { text, rect, .. } if text.contains("exhausted") => {
                Some((text.clone(), rect.w))
            }
            _ => None,
        })
        .expect("the villager line");
    assert!(
        line.0.contains("1 ready") && line.0.contains("1 injured"),
        "{line:?}"
    );
    for l in wrap_lines(&line.0, drawn_size(18.0), line.1, false) {
        assert!(
            l.starts_with(|c: char| c.is_ascii_digit()),
            "{l:?} in {line:?}"
        );
    }
}

/// At the start every villager's name is written on its card in the ready area (the
/// areas share their width by the villagers in them).
#[test]
fn starting_villagers_show_their_names() {
    use tavern_plugin_above_below::data::villager;
    for n in 2..=4 {
        let g = fresh(n);
        for seat in 0..n {
            let t = scene_texts(&g, seat);
            for &v in g.players[seat]
                .ready
                .iter()
                .chain(&g.players[seat].exhausted)
            {
                let name = &villager(v).name;
                assert!(t.contains(name), "{n} players, seat {seat}: {name} unnamed");
            }
        }
    }
}

/// The villager areas share the own board's width so that cards come out alike: three
/// ready and two exhausted villagers all get cards wide enough for a six-letter name (a
/// fixed split gave the three ready ones 61 units, and 'Perrin' was cut), an empty area
/// keeps room for its name, and the areas fill their span.
#[test]
fn villager_areas_share_their_width_by_cards() {
    use tavern_plugin_above_below::view::village::area_widths;
    for counts in [
        [3, 2, 0],
        [2, 2, 2],
        [1, 0, 0],
        [5, 1, 0],
        [0, 0, 0],
        [4, 4, 4],
    ] {
        let w = area_widths(counts);
        let sum: f32 = w.iter().sum();
        assert!((483.0..=486.0).contains(&sum), "{counts:?}: {w:?}");
        for i in 0..3 {
            assert!(w[i] >= 80.0, "{counts:?}: {w:?}");
        }
    }
    let w = area_widths([3, 2, 0]);
    for (i, n) in [3.0, 2.0].iter().enumerate() {
        assert!((w[i] - 10.0) / n >= 68.0, "{w:?}");
    }
}

/// The last paragraph beside the board names who explored, and lists the bonus apart
/// from the rewards ('Received: 2 coins; bonus: 1 coin', not '2 coins, 1 coin').
#[test]
fn the_last_paragraph_keeps_the_bonus_apart() {
    use tavern_plugin_above_below::data::data;
    use tavern_plugin_above_below::labels::item_text;
    use tavern_plugin_above_below::model::LastRead;
    let book = &data().book;
    let (r, k, out) = book
        .openers()
        .find_map(|(r, e)| {
            e.choices.iter().enumerate().find_map(|(k, c)| {
                let out = book.entry(c.goto);
                (!out.reward.is_empty() && !out.bonus.is_empty()).then_some((r, k, out))
            })
        })
        .expect("a paragraph with a bonus");
    let mut g = fresh(2);
    g.last_read = Some(LastRead {
        seat: 1,
        paragraph: r.0,
        choice: k as u8,
        lanterns: 20,
        success: true,
        bonus: true,
    });
    let list = |v: &[tavern_plugin_above_below::book::Item]| {
        v.iter()
            .map(|&i| item_text(i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let want = format!(
        "Received: {}; bonus: {}",
        list(&out.reward),
        list(&out.bonus)
    );
    let t = scene_texts(&g, 0);
    assert!(t.contains(&want), "{want:?} not in {t:?}");
    assert!(
        t.iter().any(|x| x.starts_with("Player 2 · ")),
        "the explorer is named"
    );
}

/// The reputation track's numbers are points, not reputation: a caption says so (a
/// marker at reputation -2 sits on a space marked -1).
#[test]
fn the_reputation_track_says_its_numbers_are_points() {
    let t = scene_texts(&fresh(3), 0);
    assert!(
        t.iter()
            .any(|x| x == "Reputation track: the points each space scores"),
        "{t:?}"
    );
}

/// A greyed choice on the page says why it is closed: a cost the explorer cannot pay.
#[test]
fn a_closed_choice_says_why() {
    use tavern_plugin_above_below::Stage;
    use tavern_plugin_above_below::data::data;
    let mut seen = false;
    for seed in 0..40 {
        let mut g = Ab::new(&setup(2)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            let Some(e) = g.explore.as_ref().filter(|e| e.stage == Stage::Choose) else {
                continue;
            };
            let s = e.seat as usize;
            let entry = data().book.entry((e.paragraph, 0));
            if let Some(ch) = entry.choices.iter().find(|c| !g.can_pay(s, &c.cost)) {
                let t = scene_texts(&g, s);
                assert!(
                    t.iter()
                        .any(|x| x.starts_with(&ch.label) && x.ends_with("(you cannot pay)")),
                    "{t:?}"
                );
                seen = true;
            }
        }
        if seen {
            break;
        }
    }
    assert!(seen, "no explorer met a cost it could not pay");
}

/// A hire slot's value reads like a market card's: the cost, a dot, then what the
/// villager is ('2¢ · H4+', as '4¢ · Ri' and '3¢ · empty').
#[test]
fn hire_slots_read_like_market_cards() {
    let g = fresh(2);
    let t = scene_texts(&g, 0);
    let costs = &tavern_plugin_above_below::data::data().board.slot_costs;
    for (i, v) in g.slots.iter().enumerate() {
        let v = v.expect("a villager in every slot at the start");
        let d = tavern_plugin_above_below::data::villager(v);
        let want = format!("{}¢ · ", costs[i]);
        assert!(
            t.iter()
                .any(|x| x.starts_with(&want) && x.ends_with(&format!("{}+", d.two_at))),
            "slot {i}: {t:?}"
        );
    }
}
