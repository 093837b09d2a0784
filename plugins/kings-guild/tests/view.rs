//! The table view: readable at every player count (no overlapping or too-small text),
//! own area at the bottom, opponents on top, tooltips on what matters.
mod common;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::game::check::{TABLE_1024X700, fits_at_min_scale, texts_outside_panels};
use tavern_plugin_api::layout::check_layout;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::Kg;

/// Positions from random games at several depths.
fn positions(n: usize, seed: u64) -> Vec<Kg> {
    let mut g = Kg::new(&setup(n)).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = Vec::new();
    let mut steps = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        g.apply(seat, &a).unwrap();
        steps += 1;
        if steps % 150 == 0 {
            out.push(g.clone());
        }
    }
    out.push(g);
    out
}

#[test]
fn no_text_overlaps_or_falls_below_the_floor() {
    for n in 1..=6 {
        for g in positions(n, 7 + n as u64) {
            for v in 0..n {
                let view = g.view(Some(v));
                if let Err(problems) = check_layout(&view.scene) {
                    panic!("{n} players, viewer {v}: {problems:?}");
                }
            }
        }
    }
}

#[test]
fn own_area_is_at_the_bottom_and_opponents_on_top() {
    for n in 2..=6 {
        let g = positions(n, 3).pop().unwrap();
        for v in 0..n {
            let scene = g.view(Some(v)).scene;
            let mut own_y = None;
            let mut other_y = Vec::new();
            for it in &scene.items {
                if let Shape::Text { text, pos, .. } = &it.shape {
                    if text.contains(&g.players[v].name)
                        && text.contains(" coin")
                        && own_y.is_none()
                        && pos.y > 500.0
                    {
                        own_y = Some(pos.y);
                    }
                    for (s, p) in g.players.iter().enumerate() {
                        if s != v
                            && text.starts_with(&format!(
                                "{} {}",
                                tavern_plugin_api::scene::Color::PLAYER_MARK[s],
                                p.name
                            ))
                        {
                            other_y.push(pos.y);
                        }
                    }
                }
            }
            let own_y = own_y.expect("own area heading");
            assert_eq!(other_y.len(), n - 1, "one header per opponent");
            assert!(other_y.iter().all(|&y| y < 250.0 && y < own_y));
        }
    }
}

#[test]
fn every_action_target_names_an_item_of_the_scene() {
    for n in [1, 3, 5] {
        for g in positions(n, 5) {
            for seat in g.deciders() {
                let scene = g.view(Some(seat)).scene;
                let ids: Vec<&str> = scene.items.iter().filter_map(|i| i.id.as_deref()).collect();
                for l in g.legal(seat) {
                    if let Some(t) = &l.target {
                        assert!(ids.contains(&t.as_str()), "no scene item for target {t}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_opponent_panel_can_be_enlarged() {
    for n in 1..=6 {
        let g = positions(n, 11).pop().unwrap();
        for v in 0..n {
            let scene = g.view(Some(v)).scene;
            assert_eq!(scene.areas.len(), n - 1, "one area per opponent");
            for (k, area) in scene.areas.iter().enumerate() {
                let seat = (v + k + 1) % n;
                assert!(area.label.contains(&g.players[seat].name));
                // The area is the opponent's panel, with the guild's grid inside it.
                let squares = scene
                    .items
                    .iter()
                    .filter(|i| matches!(i.shape, Shape::Rect { .. }))
                    .filter(|i| {
                        let b = i.shape.bounds();
                        b.w < 40.0 && area.rect.contains(b.center())
                    })
                    .count();
                assert!(
                    squares >= 16,
                    "{n} players: the grid of seat {seat} in its area"
                );
            }
        }
    }
}

#[test]
fn the_canvas_fits_the_smallest_window_at_every_count() {
    use tavern_plugin_api::game::check::scaled;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            for g in positions(n, 100 + seed * 7 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    let s = g.view(v).scene;
                    assert!(
                        fits_at_min_scale(&s, TABLE_1024X700),
                        "{n} seats, viewer {v:?}: {}×{} canvas units do not fit {TABLE_1024X700:?} at the smallest scale",
                        s.width,
                        s.height
                    );
                }
            }
        }
    }
}

#[test]
fn texts_stay_inside_their_panels_and_on_the_canvas() {
    use tavern_plugin_api::game::check::scaled;
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            for g in positions(n, 300 + seed * 7 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    let out = texts_outside_panels(&g.view(v).scene, (90.0, 30.0));
                    assert!(
                        out.is_empty(),
                        "{n} seats, viewer {v:?}:\n{}",
                        out.join("\n")
                    );
                }
            }
        }
    }
}

/// Texts the table had to shorten with an ellipsis, from random positions at 2 and 6 seats:
/// at the smallest window every name on the table reads whole.
#[test]
fn no_text_is_cut_short() {
    use tavern_plugin_api::game::check::scaled;
    let mut cut = std::collections::BTreeSet::new();
    for n in [2, 6] {
        for seed in 0..scaled(3) as u64 {
            for g in positions(n, 500 + seed * 11 + n as u64) {
                for v in (0..n).map(Some).chain([None]) {
                    for it in &g.view(v).scene.items {
                        let text = match &it.shape {
                            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => text,
                            _ => continue,
                        };
                        if text.contains('…') {
                            cut.insert(format!("{n} seats: {text}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        cut.is_empty(),
        "cut texts:\n{}",
        cut.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Every quest card, in the narrowest space (six seats) and the widest, open and with its
/// items crafted and a sigil on it: its names read whole and nothing on it overlaps.
#[test]
fn every_quest_card_reads_whole_in_every_space() {
    let quests = tavern_plugin_kings_guild::data::data().quests.len() as u8;
    for n in [2, 6] {
        let base = fresh(n);
        for q in 0..quests {
            for crafted in [false, true] {
                let mut g = base.clone();
                let slot = g.board.len() - 1;
                put_quest(&mut g, slot, q);
                if crafted {
                    let sl = g.board[slot].as_mut().unwrap();
                    sl.made = [Some(0), Some(1)];
                    sl.sigil = Some(1);
                }
                let scene = g.view(Some(0)).scene;
                let name = &tavern_plugin_kings_guild::data::quest(q).name;
                if let Err(problems) = check_layout(&scene) {
                    panic!("{n} seats, {name}: {problems:?}");
                }
                // Each item's value: a coin and its number, clear of the reward's back
                // (or the crafter's mark) at the card's right.
                let card = scene
                    .items
                    .iter()
                    .find(|i| i.id.as_deref() == Some(&format!("quest:{slot}")))
                    .unwrap()
                    .shape
                    .bounds();
                let inside = |r: tavern_plugin_api::scene::Rect| r.inside(card, 0.5);
                let coins: Vec<_> = scene
                    .items
                    .iter()
                    .filter(|i| {
                        matches!(&i.shape, Shape::Image { image, rect, .. }
                        if image == tavern_plugin_kings_guild::art::COIN && inside(*rect))
                    })
                    .map(|i| i.shape.bounds())
                    .collect();
                let items = tavern_plugin_kings_guild::data::quest(q).items.len();
                assert_eq!(coins.len(), items, "{name}: a coin per item");
                let right: Vec<_> = scene
                    .items
                    .iter()
                    .filter(|i| {
                        let b = i.shape.bounds();
                        inside(b)
                            && b.x > card.x + card.w - 32.0
                            && matches!(i.shape, Shape::Image { .. } | Shape::Circle { .. })
                    })
                    .map(|i| i.shape.bounds())
                    .collect();
                for c in &coins {
                    for r in &right {
                        assert!(
                            !c.overlaps(*r, 0.0),
                            "{n} seats, {name}: coin over the reward"
                        );
                    }
                }
                for it in &scene.items {
                    if let Shape::Text {
                        pos,
                        text,
                        size,
                        align,
                        bold,
                        ..
                    } = &it.shape
                        && inside(it.shape.bounds())
                        // A seat mark's letter lies on its own disc.
                        && text.chars().count() > 1
                    {
                        let tb = tavern_plugin_api::scene::text_bounds(
                            *pos,
                            text,
                            tavern_plugin_api::scene::drawn_size(*size),
                            *align,
                            *bold,
                        );
                        for c in &coins {
                            assert!(
                                !tb.overlaps(*c, 1.0),
                                "{n} seats, {name}: {text:?} over the coin"
                            );
                            // The value after the coin stops short of the reward.
                            let after = tb.x >= c.x + c.w - 1.0
                                && (tb.center().y - c.center().y).abs() < 5.0;
                            for r in right.iter().filter(|_| after) {
                                assert!(
                                    !tb.overlaps(*r, 0.0),
                                    "{n} seats, {name}: {text:?} over the reward"
                                );
                            }
                        }
                    }
                }
                for it in &scene.items {
                    if let Shape::Text { text, .. } | Shape::TextBlock { text, .. } = &it.shape {
                        assert!(!text.contains('…'), "{n} seats, {name}: {text}");
                    }
                }
            }
        }
    }
}

/// At six seats nine master rooms lie out; the nine longest names still read whole.
#[test]
fn the_longest_master_rooms_read_whole() {
    use tavern_plugin_api::scene::{drawn_size, text_width};
    use tavern_plugin_kings_guild::data::{data, room::FIRST_MASTER};
    let width = |m: &u8| text_width(&data().rooms[*m as usize].name, drawn_size(17.0), false);
    let mut masters: Vec<u8> = (FIRST_MASTER..data().rooms.len() as u8).collect();
    masters.sort_by(|a, b| width(b).total_cmp(&width(a)));
    let mut g = fresh(6);
    // Two-digit counts: the widest the resources before the list can be.
    g.stock = [99; 6];
    g.masters = masters[..9].to_vec();
    let scene = g.view(Some(0)).scene;
    if let Err(problems) = check_layout(&scene) {
        panic!("{problems:?}");
    }
    let texts: Vec<&str> = scene
        .items
        .iter()
        .filter_map(|it| match &it.shape {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(texts.iter().all(|t| !t.contains('…')), "{texts:?}");
    // A tile per master room: its name on it, the whole text on hover, and what it
    // scores in pictures beside a number.
    for &m in &g.masters {
        let label = tavern_plugin_kings_guild::view::master_label(m);
        let _named = texts.contains(&label);
        let name = &data().rooms[m as usize].name;
        let tile = scene
            .items
            .iter()
            .find(|it| {
                it.tooltip.as_deref()
                    == Some(
                        format!(
                            "Master room: {}",
                            tavern_plugin_kings_guild::help::room_base(m)
                        )
                        .as_str(),
                    )
            })
            .expect("a tile with the room's text on hover");
        assert!(tile.tooltip.as_deref().unwrap().contains(name.as_str()));
        let b = tile.shape.bounds();
        let inside = |it: &&tavern_plugin_api::scene::Item| {
            let c = it.shape.bounds();
            c.x >= b.x && c.y >= b.y && c.x + c.w <= b.x + b.w + 0.5 && c.y + c.h <= b.y + b.h + 0.5
        };
        let score_words = scene.items.iter().filter(inside).any(|it| {
            matches!(&it.shape, Shape::Text { text, .. } if text.contains(" ×") || text.contains("+6"))
        });
        let pictures = scene
            .items
            .iter()
            .filter(inside)
            .filter(|it| matches!(it.shape, Shape::Image { .. }))
            .count();
        assert!(score_words, "{name}: what it scores is on the tile");
        let by_type = matches!(
            data().rooms[m as usize].score,
            tavern_plugin_kings_guild::data::RoomScore::Depot
        );
        assert!(
            by_type || pictures > 0,
            "{name}: the thing it scores is drawn"
        );
    }
}

#[test]
fn no_word_breaks_in_the_middle() {
    use tavern_plugin_kings_guild::data::{data, room};
    // Random positions at every count.
    let mut bad = std::collections::BTreeSet::new();
    for n in 1..=6 {
        for g in positions(n, 40 + n as u64) {
            for v in 0..n {
                bad.extend(broken_words(&g.view(Some(v)).scene));
            }
        }
    }
    // Every room in the own guild, every specialist above it, every treasure in hand.
    let mut g = fresh(2);
    let rooms: Vec<u8> = (0..data().rooms.len() as u8)
        .filter(|&r| r != room::GUILD && data().rooms[r as usize].width == 1)
        .collect();
    for chunk in rooms.chunks(4) {
        let mut h = g.clone();
        for (i, &r) in chunk.iter().enumerate() {
            h.players[0].grid[8 + i] = r;
        }
        bad.extend(broken_words(&h.view(Some(0)).scene));
    }
    let specs = data().specialists.len() as u8;
    for first in (0..specs).step_by(4) {
        let mut h = g.clone();
        h.players[0].specs = (first..(first + 4).min(specs))
            .map(|x| (x, tavern_plugin_kings_guild::model::Loc::Outside))
            .collect();
        bad.extend(broken_words(&h.view(Some(0)).scene));
    }
    g.players[0].hand = (0..data().treasures.len() as u8).take(12).collect();
    bad.extend(broken_words(&g.view(Some(0)).scene));
    for k in (12..data().treasures.len() as u8).step_by(12) {
        let mut h = g.clone();
        h.players[0].hand = (k..(k + 12).min(data().treasures.len() as u8)).collect();
        bad.extend(broken_words(&h.view(Some(0)).scene));
    }
    assert!(
        bad.is_empty(),
        "words broken in the middle:\n{}",
        bad.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The shared quest's two draws lie beside the hand with the words saying what they are;
/// the funeral line counts the bids in at six seats without being cut.
#[test]
fn shared_quest_draws_and_the_funeral_line_read_whole() {
    use tavern_plugin_api::layout::cut_texts;
    use tavern_plugin_kings_guild::Action;
    use tavern_plugin_kings_guild::data::{Colour, quest_named, treasure_named};
    let mut g = fresh(2);
    put_quest(&mut g, 0, quest_named("Brawl at Goldgrass Inn"));
    give_res(&mut g, 0, LEATHER, 3);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    skip(&mut g, 0);
    for k in [
        "Bag of Gold",
        "Coin Purse",
        "Fortune Potion",
        "Ancient Shield",
    ] {
        give_card(&mut g, 1, treasure_named(k, Colour::Yellow));
    }
    give_res(&mut g, 1, CLOTH, 2);
    give_res(&mut g, 1, METAL, 1);
    give_res(&mut g, 1, WOOD, 1);
    act(&mut g, 1, Action::Craft { slot: 0, items: 2 });
    draw(&mut g, treasure_named("Scroll of Wonders", Colour::Red));
    draw(&mut g, treasure_named("Ancient Breastplate", Colour::Blue));
    let scene = g.view(Some(1)).scene;
    if let Err(p) = check_layout(&scene) {
        panic!("{p:?}");
    }
    assert!(cut_texts(&scene).is_empty(), "{:?}", cut_texts(&scene));
    assert!(
        broken_words(&scene).is_empty(),
        "{:?}",
        broken_words(&scene)
    );
    let cards: Vec<_> = scene
        .items
        .iter()
        .filter(|i| {
            i.id.as_deref()
                .is_some_and(|id| id.starts_with("pool:") || id.starts_with("hand:"))
        })
        .map(|i| i.shape.bounds())
        .collect();
    assert_eq!(cards.len(), 6);
    for (i, a) in cards.iter().enumerate() {
        assert!(a.x + a.w <= scene.width - 6.0, "card {i} off the panel");
        for b in &cards[i + 1..] {
            assert!(!a.overlaps(*b, 0.0), "{a:?} over {b:?}");
        }
    }
    assert!(scene.items.iter().any(|i| matches!(&i.shape,
        Shape::TextBlock { text, .. } if text.starts_with("Drawn for the shared quest"))));

    // Six seats bidding: the line beside the coins counts the bids.
    let mut g = fresh(6);
    g.pending
        .push_back(tavern_plugin_kings_guild::Pending::Funeral {
            bids: vec![Some(1), None, None, Some(0), None, None],
            slot: 0,
        });
    let scene = g.view(Some(1)).scene;
    assert!(cut_texts(&scene).is_empty(), "{:?}", cut_texts(&scene));
    assert!(scene.items.iter().any(|i| matches!(&i.shape,
        Shape::Text { text, .. } if text == "King's Funeral: 2 of 6 bids in")));
}

/// A chamber says how many of its spaces are free, or that it is full.
#[test]
fn chambers_count_their_free_spaces() {
    use tavern_plugin_kings_guild::data::{room, spec_named};
    use tavern_plugin_kings_guild::model::Loc;
    let mut g = fresh(2);
    g.players[0].grid[8] = room::BEDCHAMBER;
    g.players[0].grid[9] = room::GREAT_HALL;
    g.players[0].grid[10] = room::GREAT_HALL;
    g.players[0]
        .specs
        .push((spec_named("Tanner"), Loc::Room(8)));
    g.players[0].specs.push((spec_named("Miner"), Loc::Room(9)));
    let texts: Vec<String> = g
        .view(Some(0))
        .scene
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(texts.contains(&"full".to_string()), "{texts:?}");
    assert!(texts.contains(&"1 free".to_string()), "{texts:?}");
    assert!(!texts.iter().any(|t| t.ends_with(" in")), "{texts:?}");
    // The occupants show on their rooms, not only on hover.
    let scene = g.view(Some(0)).scene;
    for (name, cell) in [("Tanner", 8), ("Miner", 9)] {
        let room = scene
            .items
            .iter()
            .find(|i| i.id.as_deref() == Some(&format!("cell:0:{cell}")))
            .unwrap()
            .shape
            .bounds();
        let art = tavern_plugin_kings_guild::art::specialist(spec_named(name));
        assert!(
            scene.items.iter().any(|i| matches!(&i.shape,
                Shape::Image { rect, image, .. } if image == art && rect.inside(room, 0.5))),
            "{name}'s portrait on its room"
        );
    }
}

/// The host rings every target with a glow (2 points out, a 3-point stroke: 5 points,
/// about 8.6 canvas units at the smallest scale). The ring never crosses a text that is
/// not the target's own: a resource's count stays readable while its picture glows.
#[test]
fn target_glows_leave_other_texts_clear() {
    use tavern_plugin_api::scene::{MIN_SCALE, drawn_size, text_bounds};
    let ring = 5.0 / MIN_SCALE;
    let mut bad = std::collections::BTreeSet::new();
    for n in 1..=6 {
        for g in positions(n, 60 + n as u64) {
            for seat in g.deciders() {
                let scene = g.view(Some(seat)).scene;
                let targets: Vec<String> =
                    g.legal(seat).into_iter().filter_map(|l| l.target).collect();
                let texts: Vec<(usize, String, tavern_plugin_api::scene::Rect)> = scene
                    .items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, it)| match &it.shape {
                        Shape::Text {
                            pos,
                            text,
                            size,
                            align,
                            bold,
                            ..
                        } => Some((
                            i,
                            text.clone(),
                            text_bounds(*pos, text, drawn_size(*size), *align, *bold),
                        )),
                        _ => None,
                    })
                    .collect();
                for (k, it) in scene.items.iter().enumerate() {
                    let Some(id) = it.id.as_deref() else { continue };
                    if !targets.iter().any(|t| t == id) {
                        continue;
                    }
                    let b = it.shape.bounds();
                    let glow = b.shrink(-ring);
                    for (i, text, tb) in &texts {
                        // Its own texts lie inside it (or are it); the ring runs round the
                        // outside. A text on the same line it must not touch; one above or
                        // below it may graze (the ring passes under its letters).
                        let centre = tb.y + tb.h / 2.0;
                        let same_line = centre > glow.y && centre < glow.y + glow.h;
                        if *i != k && !tb.inside(b, 1.0) && same_line && tb.overlaps(glow, 1.0) {
                            bad.insert(format!("{n} seats: the ring of {id} crosses {text:?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{}",
        bad.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Every specialist in the row reads whole at the smallest window: its name on one line,
/// or broken in two with a hyphen where its parts meet, every line inside the card.
#[test]
fn every_specialist_name_reads_whole_in_the_row() {
    use tavern_plugin_api::layout::cut_texts;
    use tavern_plugin_api::scene::{drawn_size, text_width};
    use tavern_plugin_kings_guild::data::data;
    let base = fresh(2);
    let n = data().specialists.len() as u8;
    for first in (0..n).step_by(5) {
        let mut g = base.clone();
        g.row = (first..(first + 5).min(n)).map(|x| (x, 0)).collect();
        let scene = g.view(Some(0)).scene;
        assert!(cut_texts(&scene).is_empty(), "{:?}", cut_texts(&scene));
        for (i, &(x, _)) in g.row.iter().enumerate() {
            let at = scene
                .items
                .iter()
                .position(|it| it.id.as_deref() == Some(&format!("row:{i}")))
                .unwrap();
            let card = scene.items[at].shape.bounds();
            // The picture follows its card, so the host writes the cost on a plate at
            // the foot rather than large across the middle.
            assert!(
                matches!(&scene.items[at + 1].shape, Shape::Image { rect, .. } if rect.inside(card, 0.5)),
                "the picture right after the card"
            );
            let lines: Vec<String> = scene
                .items
                .iter()
                .filter_map(|it| match &it.shape {
                    Shape::Text { text, pos, .. }
                        if card.contains(*pos) && pos.y < card.y + 56.0 =>
                    {
                        Some(text.clone())
                    }
                    _ => None,
                })
                .collect();
            let name = &data().specialists[x as usize].name;
            assert_eq!(lines.concat().replace('-', ""), name.replace('-', ""));
            assert!(lines.len() <= 2, "{name}: {lines:?}");
            for l in &lines {
                assert!(
                    text_width(l, drawn_size(17.0), false) <= card.w - 8.0,
                    "{name}: {l} wider than the card"
                );
            }
            if lines.len() == 2 {
                assert!(lines[0].ends_with('-'), "{lines:?}");
            }
        }
    }
}

/// Solo: the band where opponents would sit reminds what leaves the table and shows the
/// score so far with its title; the quest that leaves at the turn's end says so.
#[test]
fn solo_table_says_what_leaves_next_and_the_score_so_far() {
    let mut g = fresh(1);
    let texts = |g: &Kg| -> Vec<String> {
        g.view(Some(0))
            .scene
            .items
            .iter()
            .filter_map(|it| match &it.shape {
                Shape::Text { text, .. } | Shape::TextBlock { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    let total: i64 = g.score_lines(0).iter().map(|l| l.1).sum();
    let t = texts(&g);
    assert!(
        t.contains(&format!(
            "Prestige now: {total} ({})",
            Kg::solo_title(total)
        )),
        "{t:?}"
    );
    assert!(t.iter().any(|x| x == "Legend: 90 or more"));
    assert!(
        t.iter()
            .any(|x| x.starts_with("Each turn ends with a new quest"))
    );
    // All six spaces full: the right-most without a sigil leaves next.
    assert!(g.board.iter().all(|s| s.is_some()));
    let last = g.board.len() - 1;
    g.board[last].as_mut().unwrap().sigil = Some(0);
    let scene = g.view(Some(0)).scene;
    let marked: Vec<_> = scene
        .items
        .iter()
        .filter(|it| matches!(&it.shape, Shape::Text { text, .. } if text == "Leaves next"))
        .map(|it| it.shape.bounds())
        .collect();
    assert_eq!(marked.len(), 1);
    let card = scene
        .items
        .iter()
        .find(|it| it.id.as_deref() == Some(&format!("quest:{}", last - 1)))
        .unwrap()
        .shape
        .bounds();
    assert!(
        card.contains(marked[0].center()),
        "the card next to the sigil"
    );
    // A free space: nothing leaves.
    g.board[0] = None;
    assert!(!texts(&g).iter().any(|x| x == "Leaves next"));
    // Over: the score is final.
    g.phase = tavern_plugin_kings_guild::model::Phase::Over;
    let total: i64 = g.score_lines(0).iter().map(|l| l.1).sum();
    assert!(texts(&g).contains(&format!(
        "Final prestige: {total} ({})",
        Kg::solo_title(total)
    )));
}

/// The supply's gatherable resources glow without their rings running through the
/// master rooms' second line below them (at most grazing its top).
#[test]
fn supply_glows_clear_the_master_rooms() {
    use tavern_plugin_api::scene::{MIN_SCALE, drawn_size, text_bounds};
    let ring = 5.0 / MIN_SCALE;
    for n in 2..=6 {
        for seed in 0..4u64 {
            let mut g = Kg::new(&setup(n)).unwrap();
            let d = g.sample_chance(&mut GameRng::new(seed));
            g.apply(None, &d).unwrap();
            let scene = g.view(Some(0)).scene;
            let rings: Vec<_> = scene
                .items
                .iter()
                .filter(|i| i.id.as_deref() == Some("stock"))
                .map(|i| i.shape.bounds().shrink(-ring))
                .collect();
            assert_eq!(rings.len(), 1, "the supply is one target");
            for it in &scene.items {
                if let Shape::Text {
                    pos,
                    text,
                    size,
                    align,
                    bold,
                    ..
                } = &it.shape
                    && !text.starts_with("Master rooms:")
                    && g.masters
                        .iter()
                        .any(|&m| text.contains(&tavern_plugin_kings_guild::data::room_def(m).name))
                {
                    let tb = text_bounds(*pos, text, drawn_size(*size), *align, *bold);
                    for r in &rings {
                        assert!(!tb.overlaps(*r, 3.0), "{n} seats: {text:?} under a ring");
                    }
                }
            }
        }
    }
}

/// Every legal action with a target points at an item of its seat's own view, and at the
/// component it is about (plugin-api's check), in random positions at every seat count.
#[test]
fn every_target_is_on_the_table_and_is_the_component() {
    use tavern_plugin_api::game::check::{scaled, target_problems};
    for n in 1..=6 {
        for seed in 0..scaled(3) as u64 {
            for g in positions(n, 40 + seed) {
                for seat in g.deciders() {
                    let problems = target_problems(&g, seat);
                    assert!(problems.is_empty(), "{n} seats, seat {seat}: {problems:#?}");
                }
            }
        }
    }
}

/// A click anywhere on the supply offers every gather: the same choices from every
/// resource (two different ones under either of them).
#[test]
fn the_supply_offers_every_gather_from_any_resource() {
    let g = fresh(3);
    let legal = g.legal(g.active);
    let gathers: Vec<_> = legal
        .iter()
        .filter(|l| matches!(l.action, tavern_plugin_kings_guild::Action::Gather { .. }))
        .collect();
    assert!(gathers.len() > 6);
    assert!(gathers.iter().all(|l| l.target.as_deref() == Some("stock")));
    let scene = g.view(Some(g.active)).scene;
    let supply = scene
        .items
        .iter()
        .find(|i| i.id.as_deref() == Some("stock"))
        .expect("the supply is a target");
    // Every resource picture lies inside it.
    let b = supply.shape.bounds();
    let pictures: Vec<_> = scene
        .items
        .iter()
        .filter(|i| {
            matches!(&i.shape, Shape::Image { image, .. } if tavern_plugin_kings_guild::art::RESOURCE.contains(&image.as_str()))
                && i.shape.bounds().y > 600.0
                && i.shape.bounds().y < 680.0
        })
        .map(|i| i.shape.bounds())
        .collect();
    assert_eq!(pictures.len(), 6);
    for p in pictures {
        assert!(p.x >= b.x && p.x + p.w <= b.x + b.w && p.y >= b.y && p.y + p.h <= b.y + b.h);
    }
}
