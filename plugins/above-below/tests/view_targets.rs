//! The table pieces issue 23 asked for: a button for each action about no one component,
//! clickable track slots, explorers that keep their places, and other villages that show
//! their villagers, caves and adventure cards.
mod common;

use common::*;
use tavern_plugin_above_below::data::{Kind, cave, data};
use tavern_plugin_above_below::model::{CaveCard, Die, Explore};
use tavern_plugin_above_below::{Ab, Action, Stage};
use tavern_plugin_api::Game;
use tavern_plugin_api::scene::{Item, Rect, Shape};

fn vid(name: &str) -> u8 {
    data()
        .villagers
        .iter()
        .position(|v| v.name == name)
        .unwrap() as u8
}

fn item<'a>(items: &'a [Item], id: &str) -> Option<&'a Item> {
    items.iter().find(|i| i.id.as_deref() == Some(id))
}

#[test]
fn labor_and_stop_harvesting_are_buttons_in_the_village_header() {
    let mut g = fresh(2);
    act(
        &mut g,
        0,
        Action::Select {
            villager: vid("Bram"),
        },
    );
    let v = g.view(Some(0)).scene;
    let labor = item(&v.items, "button:labor").expect("a Labor button");
    assert!(
        labor
            .tooltip
            .as_deref()
            .unwrap()
            .starts_with("Labor with 1 villager")
    );
    // The button is no villager's card: a click on a villager chooses that villager.
    let b = labor.shape.bounds();
    for it in &v.items {
        if it.id.as_deref().is_some_and(|i| i.starts_with("villager:")) {
            let o = it.shape.bounds();
            assert!(
                o.y >= b.y + b.h || o.x >= b.x + b.w || o.x + o.w <= b.x,
                "{it:?}"
            );
        }
    }
    // Labor with goods to take: Stop harvesting has its button, Labor is gone.
    g.players[0].houses[0].goods = 0;
    let granary = data()
        .cards
        .iter()
        .position(|c| c.name == "Rice Granary")
        .unwrap() as u8;
    g.house_row.retain(|&c| c != granary);
    g.houses.unseen.retain(|&c| c != granary);
    g.players[0]
        .houses
        .push(tavern_plugin_above_below::model::Building {
            card: granary,
            goods: 2,
            ghost: false,
        });
    g.goods_out[0] += 2;
    act(&mut g, 0, Action::Labor);
    let v = g.view(Some(0)).scene;
    assert!(item(&v.items, "button:harvest-done").is_some());
    assert!(item(&v.items, "button:labor").is_none());
    // Nobody else's table shows the buttons.
    let v = g.view(Some(1)).scene;
    assert!(item(&v.items, "button:harvest-done").is_none());
}

#[test]
fn every_track_slot_is_clickable() {
    let g = fresh(3);
    let v = g.view(Some(1)).scene;
    for i in 0..8 {
        let it = item(&v.items, &format!("track:1:{i}")).expect("a slot");
        assert!(
            it.tooltip
                .as_deref()
                .unwrap()
                .starts_with(&format!("Slot {}", i + 1))
        );
    }
}

/// The explorers' cards on the book page, left to right.
fn explorer_order(g: &Ab) -> Vec<u8> {
    let v = g.view(Some(0)).scene;
    let mut cards: Vec<(f32, u8)> = v
        .items
        .iter()
        .filter(|i| i.z > 0)
        .filter_map(|i| {
            let id = i.id.as_deref()?.strip_prefix("villager:")?;
            Some((i.shape.bounds().x, id.parse().ok()?))
        })
        .collect();
    cards.sort_by(|a, b| a.0.total_cmp(&b.0));
    cards.into_iter().map(|c| c.1).collect()
}

#[test]
fn explorers_keep_their_order_after_exerting() {
    let mut g = fresh(2);
    let party: Vec<u8> = g.players[0].ready.drain(..).collect();
    g.explore = Some(Explore {
        seat: 0,
        dangerous: false,
        cave: g.cave_top[0].unwrap(),
        party: party.clone(),
        exerted: Vec::new(),
        sent: party.clone(),
        paragraph: data().book.openers().next().unwrap().0.0,
        choice: Some(0),
        dice: party
            .iter()
            .map(|&v| Die {
                face: 3,
                villager: Some(v),
            })
            .collect(),
        rerolls_left: 0,
        reroll: None,
        roll_first: false,
        stage: Stage::Adjust,
    });
    g.cave_top[0] = g.basic.unseen.pop();
    assert_eq!(explorer_order(&g), party);
    act(&mut g, 0, Action::Exert { villager: party[0] });
    assert_eq!(
        explorer_order(&g),
        party,
        "the exerted explorer keeps its place"
    );
}

/// Tooltips of the items inside `r`.
fn tips_in(g: &Ab, viewer: usize, r: Rect) -> Vec<String> {
    g.view(Some(viewer))
        .scene
        .items
        .iter()
        .filter(|i| matches!(i.shape, Shape::Image { .. } | Shape::Rect { .. }))
        .filter(|i| {
            let b = i.shape.bounds();
            b.x >= r.x && b.y >= r.y && b.x + b.w <= r.x + r.w && b.y + b.h <= r.y + r.h
        })
        .filter_map(|i| i.tooltip.clone())
        .collect()
}

#[test]
fn other_villages_show_their_villagers_caves_and_adventure_cards() {
    for n in 2..=4 {
        let mut g = fresh(n);
        let c = g.basic.unseen.pop().unwrap();
        g.players[1].caves.push(CaveCard {
            cave: c,
            covered: false,
        });
        let adv = g.adventure_deck.remove(0);
        g.players[1].adventures.push(adv);
        let view = g.view(Some(0)).scene;
        let area = view
            .areas
            .iter()
            .find(|a| a.label.starts_with("Player 2"))
            .expect("an enlargeable village")
            .rect;
        let tips = tips_in(&g, 0, area);
        let p = &g.players[1];
        for v in p.ready.iter().chain(&p.exhausted) {
            let name = &data().villagers[*v as usize].name;
            assert!(
                tips.iter().any(|t| t.starts_with(name.as_str())),
                "{n}: {name}"
            );
        }
        assert!(
            tips.iter().any(|t| t.contains(&cave(c).name)),
            "{n}: the cave"
        );
        let card = &data().cards[adv as usize];
        assert_eq!(card.kind, Kind::Adventure);
        assert!(
            tips.iter().any(|t| t.starts_with(&card.name)),
            "{n}: the card"
        );
    }
}

/// After an explore the outcome stays open across the board while the explorer's turn
/// lasts, every outcome of the book whole (success, bonus and failure alike), and the
/// small page takes over once the turn has passed.
#[test]
fn the_outcome_is_read_whole_until_the_turn_ends() {
    use tavern_plugin_above_below::model::LastRead;
    use tavern_plugin_api::game::check::check_layout;
    let base = fresh(3);
    for (r, e) in data().book.openers() {
        for (i, c) in e.choices.iter().enumerate() {
            let out = data().book.entry(c.goto);
            for (success, bonus) in [(true, true), (true, false), (false, false)] {
                let mut g = base.clone();
                g.turn.acted = true;
                g.turn.explored = true;
                g.last_read = Some(LastRead {
                    seat: 0,
                    paragraph: r.0,
                    choice: i as u8,
                    lanterns: 4,
                    success,
                    bonus,
                });
                let v = g.view(Some(1)).scene;
                if let Err(p) = check_layout(&v) {
                    panic!("{}: {p:?}", c.goto.0);
                }
                let story = if success { &out.text } else { &out.fail };
                let block = v
                    .items
                    .iter()
                    .find(|it| matches!(&it.shape, Shape::TextBlock { text, .. } if text == story))
                    .unwrap_or_else(|| panic!("{:?} is not read whole", c.goto));
                // Inside the panel across the board and the book (y 508 to 704), every
                // text of the panel too.
                for it in v.items.iter().filter(|it| {
                    let b = it.shape.bounds();
                    b.y >= 508.0
                        && b.y < 704.0
                        && b.x < 956.0
                        && matches!(it.shape, Shape::TextBlock { .. })
                }) {
                    let b = it.shape.bounds();
                    assert!(
                        b.y + b.h <= 704.0,
                        "{:?} runs out of the panel: {it:?}",
                        c.goto
                    );
                }
                let _ = block;
                // Not over the board any more once the next seat is on.
                g.turn = Default::default();
                g.active = 1;
                let v = g.view(Some(1)).scene;
                assert!(
                    v.items.iter().any(|it| it
                        .tooltip
                        .as_deref()
                        .is_some_and(|t| t.starts_with("The reputation board"))),
                    "the board is back"
                );
            }
        }
    }
}
