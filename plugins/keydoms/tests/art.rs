//! Keydom's drawings on the table: every image a view names is one the game ships (and
//! every drawing is an SVG with a viewBox), over random positions at one to six seats,
//! with ghosts and without magic, for every seat's view and the spectator's; every
//! component has its picture (no card, ledge, empty space or ghost mat left a plain
//! box); and no picture covers a text.

mod common;

use common::Views;
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::{check_art, scaled};
use tavern_plugin_api::layout::drawn_text_box;
use tavern_plugin_api::scene::{Color, Rect, Shape};
use tavern_plugin_keydoms::{Keydoms, art};

/// The seat configurations the checks walk: solo with its two ghosts, two players and
/// a ghost, three to six players, extra ghosts, and the game without magic.
const TABLES: [(usize, &str, bool); 7] = [
    (1, "auto", true),
    (2, "auto", true),
    (3, "0", true),
    (4, "0", false),
    (4, "2", true),
    (5, "1", true),
    (6, "0", true),
];

/// `games` random games of each table, every `every`-th position looked at.
fn views(every: usize, games: usize) -> Views<'static> {
    Views {
        tables: &TABLES,
        extra: &[],
        games,
        rng: |seed, humans| seed * 17 + humans as u64,
        every,
    }
}

fn image_of(shape: &Shape) -> Option<(&str, Rect, Option<Color>)> {
    match shape {
        Shape::Image {
            image, rect, tint, ..
        } => Some((image.as_str(), *rect, *tint)),
        _ => None,
    }
}

#[test]
fn every_image_a_view_names_is_shipped_at_every_table_size() {
    let mut seen: Vec<String> = Vec::new();
    views(7, scaled(2)).each(|g, viewer, at| {
        let scene = &g.view(viewer).scene;
        if let Err(e) = check_art::<Keydoms>(scene) {
            panic!("{at}:\n{e}");
        }
        for id in scene.image_ids() {
            if !seen.iter().any(|s| s == id) {
                seen.push(id.to_string());
            }
        }
    });
    // The views really draw the art: the board, grounds, ledges, counters, ghosts and
    // their mats, treasures, artefacts, spells and dragons all appeared somewhere.
    for id in [
        "board",
        "cave-ground",
        "town-ground",
        "castle-ground",
        "ledge",
        "guard",
        "guard-shield",
        "empty-space",
        "market",
        "worker-0",
        "ghost",
        "ghost-figure",
        "ghost-card-back",
        "mist",
        "screen",
        "treasure-card",
        "crown",
        "gold",
        "artefact-back",
        "spell-back",
        "taboo-sign",
    ] {
        assert!(seen.iter().any(|s| s == id), "no view drew {id}: {seen:?}");
    }
    assert!(seen.iter().any(|s| s.starts_with("dragon-")), "{seen:?}");
    assert!(
        seen.iter().any(|s| s.starts_with("more-workers")),
        "no pile of counters: {seen:?}"
    );
    let spells = (1..=21).filter(|&sp| seen.iter().any(|s| s == art::spell(sp)));
    assert!(spells.count() >= 3, "few spell pictures drawn: {seen:?}");
    assert!(
        ["amulet", "key", "mirror", "raven", "scroll", "wand"]
            .iter()
            .any(|a| seen.iter().any(|s| s == a)),
        "{seen:?}"
    );
}

/// No component is left a plain box: every card (face up or down) has its picture
/// right after it, a spell in the viewer's hand the spell's; every ledge its rock
/// shelf and every empty artefact space its niche; every ghost's mat shows the ghost
/// in its seat's colour, and its deck (while it has cards) by the back of the top card;
/// no plain round token is left (the counters that do not fit are counted on a pile of
/// counters), and a taboo location shows its sign rather than a word.
#[test]
fn every_component_is_drawn_with_its_picture() {
    let mut hands = 0;
    let mut mats = 0;
    let mut piles = 0;
    views(11, scaled(1)).each(|g, viewer, at| {
        let scene = g.view(viewer).scene;
        let items = &scene.items;
        for (i, it) in items.iter().enumerate() {
            let next = items.get(i + 1).and_then(|n| image_of(&n.shape));
            match (&it.shape, it.tooltip.as_deref()) {
                (Shape::Card { rect, .. }, _) => {
                    let (image, r, _) = next.unwrap_or_else(|| panic!("{at}: bare card {it:?}"));
                    assert!(
                        r.inside(*rect, 0.5),
                        "{at}: {image} lies off its card {it:?}"
                    );
                    if let Some(sp) = it.id.as_deref().and_then(|id| id.strip_prefix("spell:")) {
                        let sp: u8 = sp.parse().unwrap();
                        assert_eq!(image, art::spell(sp), "{at}: {it:?}");
                        hands += 1;
                    }
                }
                (Shape::Rect { rect, .. }, Some(tip))
                    if tip.starts_with("Ledge ") || tip.starts_with("An empty artefact") =>
                {
                    let want = if tip.starts_with("Ledge ") {
                        "ledge"
                    } else {
                        "empty-space"
                    };
                    assert_eq!(next.map(|(id, r, _)| (id, r)), Some((want, *rect)), "{at}");
                }
                (Shape::Circle { .. }, _) => panic!("{at}: a plain token {it:?}"),
                (Shape::Text { text, .. }, _) if text == "TABOO" => {
                    panic!("{at}: Taboo as a word, not its sign")
                }
                (Shape::Text { text, .. }, _) if text.starts_with('+') => {
                    let pile = i.checked_sub(1).and_then(|p| image_of(&items[p].shape));
                    assert!(
                        pile.is_some_and(|(id, r, _)| {
                            [art::MORE_WORKERS, art::MORE_WORKERS_WIDE].contains(&id)
                                && drawn_text_box(&it.shape).is_some_and(|t| t.inside(r, 0.5))
                        }),
                        "{at}: {text} is not on a pile of counters: {pile:?}"
                    );
                    piles += 1;
                }
                _ => {}
            }
        }
        for gh in 0..g.ghosts.len() {
            let id = format!("ghost:{gh}");
            let mat = items
                .iter()
                .find(|it| it.id.as_deref() == Some(id.as_str()))
                .map(|it| it.shape.bounds())
                .unwrap_or_else(|| panic!("{at}: no mat for ghost {gh}"));
            let pictures: Vec<(&str, Rect, Option<Color>)> = items
                .iter()
                .filter_map(|it| image_of(&it.shape))
                .filter(|(_, r, _)| r.inside(mat, 0.5))
                .collect();
            let colour = Color::player(g.n() + gh);
            assert!(
                pictures
                    .iter()
                    .any(|&(id, _, tint)| id == "ghost-figure" && tint == Some(colour)),
                "{at}: ghost {gh}'s mat shows no ghost in its colour: {pictures:?}"
            );
            assert!(
                pictures.iter().any(|&(id, _, _)| id == "mist"),
                "{at}: {pictures:?}"
            );
            mats += 1;
        }
    });
    assert!(hands > 50, "only {hands} spells in hand seen");
    assert!(mats > 100, "only {mats} ghost mats seen");
    assert!(piles > 5, "only {piles} piles of counters seen");
}

/// No drawing covers a text: every text lying on a picture (a heading on its ground, a
/// count on its piece, a counter's label) comes after the picture, over random
/// positions of a four-seat game with magic, for seat 0's view; and on the ghosts'
/// mats no line runs into the ghost or its deck where the host draws text largest.
#[test]
fn pictures_lie_under_the_text_they_share_a_place_with() {
    let mut checked = 0;
    let tables = [
        (4, "0", true),
        (1, "auto", true),
        (2, "auto", true),
        (5, "1", true),
    ];
    let walks = Views {
        tables: &tables,
        extra: &[],
        games: 1,
        rng: |_, _| 3,
        every: 9,
    };
    walks.positions(|g, at| {
        let scene = g.view(Some(0)).scene;
        let items = &scene.items;
        for (i, it) in items.iter().enumerate() {
            let Some((image, r, _)) = image_of(&it.shape) else {
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
                    panic!("{at}: image {it:?} is drawn over the text {earlier:?}");
                }
            }
            if image == "ghost-figure" || image == "ghost-card-back" {
                for other in items {
                    if let Some(t) = drawn_text_box(&other.shape)
                        && !matches!(other.shape, Shape::Card { .. })
                    {
                        assert!(!t.overlaps(r, 0.5), "{at}: {other:?} runs into {it:?}");
                    }
                }
            }
            checked += 1;
        }
    });
    assert!(checked > 100, "only {checked} pictures checked");
}
