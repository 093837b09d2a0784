//! The table read out item by item. The host names an item with a tooltip by the
//! tooltip's first sentence (up to the first full stop or line break) and puts it in the
//! smallest framed panel around it that has a tooltip and no id, named the same way
//! (host/src/app/scene_painter/reader.rs). So every first sentence must say what the
//! item is, and every item that says something must sit in such a group: the board's
//! levels, the treasury, each opponent's screen or ghost's mat, and the own screen.

mod common;

use common::{Views, random_step, setup};
use tavern_plugin_api::scene::{Rect, Scene, Shape};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::{Keydoms, Stage};

fn first_sentence(s: &str) -> &str {
    let end = s.find(['.', '\n']).unwrap_or(s.len());
    s[..end].trim()
}

fn inside(outer: &Rect, inner: &Rect) -> bool {
    let c = inner.center();
    outer.contains(c) && inner.w * inner.h < outer.w * outer.h
}

/// The groups as the host finds them: framed rectangles with a tooltip and no id.
fn groups(s: &Scene) -> Vec<(Rect, String)> {
    s.items
        .iter()
        .filter_map(|it| match (&it.shape, &it.tooltip, &it.id) {
            (Shape::Rect { rect, .. }, Some(tip), None) => {
                Some((*rect, first_sentence(tip).to_string()))
            }
            _ => None,
        })
        .collect()
}

fn says_something(shape: &Shape, tooltip: Option<&str>) -> bool {
    tooltip.is_some() || matches!(shape, Shape::Text { text, .. } if !text.trim().is_empty())
}

/// Problems of one view: nameless tooltips, names that read like paragraphs, items
/// outside every group.
fn problems(g: &Keydoms, viewer: Option<usize>) -> Vec<String> {
    let s = g.view(viewer).scene;
    let groups = groups(&s);
    let mut out = Vec::new();
    for it in &s.items {
        let tip = it.tooltip.as_deref();
        if let Some(t) = tip {
            let name = first_sentence(t);
            if name.len() < 3 || name.len() > 160 {
                out.push(format!("tooltip {t:?} reads as {name:?}"));
            }
        }
        if !says_something(&it.shape, tip) {
            continue;
        }
        let b = it.shape.bounds();
        let grouped =
            groups.iter().any(|(r, _)| inside(r, &b)) || groups.iter().any(|(r, _)| *r == b);
        if !grouped {
            out.push(format!("in no group: {:?} {tip:?}", it.shape));
        }
    }
    out
}

#[test]
fn every_item_is_named_and_grouped() {
    let walks = Views {
        tables: &[
            (1, "auto", true),
            (3, "0", true),
            (4, "2", true),
            (6, "0", true),
        ],
        extra: &[],
        games: 1,
        rng: |_, humans| humans as u64,
        every: 7,
    };
    walks.each(|g, viewer, at| {
        let p = problems(g, viewer);
        assert!(p.is_empty(), "{at}:\n{}", p.join("\n"));
    });
}

/// The names a screen reader reads for one view.
fn names(g: &Keydoms, viewer: Option<usize>) -> Vec<String> {
    g.view(viewer)
        .scene
        .items
        .iter()
        .filter_map(|it| it.tooltip.as_deref().map(|t| first_sentence(t).to_string()))
        .collect()
}

#[test]
fn names_say_whose_and_where() {
    let mut g = Keydoms::new(&setup(3, "0", true)).unwrap();
    let mut rng = GameRng::new(5);
    // Play until the viewer's workers are all out, before anything is turned up.
    while g.stage != Stage::Placing || g.players[0].unplaced().next().is_some() {
        assert!(random_step(&mut g, &mut rng), "the first round is still on");
    }
    let names = names(&g, Some(0));
    let own = names
        .iter()
        .filter(|n| n.starts_with("Your worker, strength"))
        .count();
    assert_eq!(
        own, 8,
        "each of the viewer's workers by strength: {names:#?}"
    );
    assert!(
        names
            .iter()
            .filter(|n| n.starts_with("Your worker"))
            .all(|n| n.contains(" in the ") || n.contains(" in Castle room ")),
        "and by place"
    );
    let hidden: Vec<&String> = names
        .iter()
        .filter(|n| n.contains("'s face-down worker in the "))
        .collect();
    assert!(
        !hidden.is_empty(),
        "opponents' face-down workers: {names:#?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("Treasury crowns: worth")),
        "the treasury's counts: {names:#?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("Player 2's treasure: worth")),
        "an opponent's public counts: {names:#?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.contains("worth of") && n.contains("of the")),
        "cave treasure by ledge and cave: {names:#?}"
    );
}
