//! The drawing surface painted by the host, driven through egui_kittest: dice show their
//! pips or numbers and roll when their value changes, text blocks wrap exactly where the
//! shared measurement says, and a shape from a newer plugin is a labelled placeholder
//! instead of a view that cannot be read.

use std::cell::RefCell;
use std::rc::Rc;

use egui::epaint::{CircleShape, RectShape, TextShape};
use egui::{Color32, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tavern::app::motion::{Motion, ROLL};
use tavern::app::scene_painter::{PaintOptions, show_scene};
use tavern_plugin_api::scene::{
    Color, Scene, Shape, drawn_size, line_height, pos, rect, text_block_height, wrap_lines,
};
use tavern_plugin_api::{ActionEntry, View};

const RULES: &str = "At the end of each round every keeper with fewer than three eggs \
    loses one gold. Then the first player passes the torch to the left.\n\nWhoever holds \
    the torch breaks ties.";

const INK: Color = Color::rgb(20, 20, 30);

fn table(d6: u8) -> Scene {
    let mut s = Scene::new(1600.0, 1000.0);
    s.die(pos(200.0, 200.0), 80.0, 6, d6, Color::WHITE)
        .tooltip("The round die");
    s.die(pos(400.0, 200.0), 80.0, 20, 17, Color::rgb(200, 40, 40))
        .id("die:red");
    let w = 420.0;
    s.text_block(
        rect(700.0, 100.0, w, text_block_height(RULES, 16.0, w, false)),
        RULES,
        16.0,
        INK,
    );
    s
}

/// What one frame painted: the texts with where they start, the circles and rects.
#[derive(Default)]
struct Painted {
    texts: Vec<(String, Rect)>,
    circles: Vec<CircleShape>,
    rects: Vec<RectShape>,
}

fn collect(shape: &egui::Shape, out: &mut Painted) {
    match shape {
        egui::Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
        egui::Shape::Text(TextShape { pos, galley, .. }) => out.texts.push((
            galley.text().to_string(),
            Rect::from_min_size(*pos, galley.size()),
        )),
        egui::Shape::Circle(c) => out.circles.push(*c),
        egui::Shape::Rect(r) => out.rects.push(r.clone()),
        _ => {}
    }
}

fn painted(h: &Harness<'_>) -> Painted {
    let mut out = Painted::default();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// The scene's rectangle on screen: the background the painter lays first.
fn scene_rect(p: &Painted, scene: &Scene) -> Rect {
    let bg = Color32::from_rgba_unmultiplied(
        scene.background.0,
        scene.background.1,
        scene.background.2,
        scene.background.3,
    );
    p.rects
        .iter()
        .find(|r| r.fill == bg)
        .expect("the scene background")
        .rect
}

type Chosen = Rc<RefCell<Vec<(usize, serde_json::Value)>>>;

fn harness_choosing<'a>(
    scene: Scene,
    size: (f32, f32),
    targets: Vec<(usize, ActionEntry)>,
    motion: Option<Motion>,
    time: f64,
) -> (Harness<'a>, Chosen) {
    let chosen = Chosen::default();
    let out = chosen.clone();
    let h = Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .build_ui(move |ui| {
            let opts = PaintOptions {
                zoom: 1.0,
                time: Some(time),
                motion: motion.as_ref(),
            };
            if let Some(c) = show_scene(ui, &scene, &targets, &opts).chosen {
                out.borrow_mut().push(c);
            }
        });
    (h, chosen)
}

fn harness<'a>(
    scene: Scene,
    size: (f32, f32),
    targets: Vec<(usize, ActionEntry)>,
    motion: Option<Motion>,
    time: f64,
) -> Harness<'a> {
    harness_choosing(scene, size, targets, motion, time).0
}

/// Pips of `ink` painted inside `r`.
fn pips_in(p: &Painted, r: Rect, ink: Color32) -> usize {
    p.circles
        .iter()
        .filter(|c| c.fill == ink && r.contains(c.center))
        .count()
}

fn die_rect(center: (f32, f32), size: f32, screen: Rect, scale: f32) -> Rect {
    Rect::from_center_size(
        Pos2::new(
            screen.min.x + center.0 * scale,
            screen.min.y + center.1 * scale,
        ),
        egui::vec2(size * scale, size * scale),
    )
}

#[test]
fn dice_show_pips_or_their_number_and_are_named() {
    let mut h = harness(table(4), (1600.0, 1000.0), vec![], None, 0.0);
    h.run();
    // The die's tooltip names it, its face follows.
    h.get_by_label("The round die: d6 showing 4");
    h.get_by_label("d20 showing 17");
    let p = painted(&h);
    let screen = scene_rect(&p, &table(4));
    let scale = screen.width() / 1600.0;
    let ink = Color32::from_rgb(30, 30, 36);
    let d6 = die_rect((200.0, 200.0), 80.0, screen, scale);
    assert_eq!(pips_in(&p, d6, ink), 4, "four pips on the d6");
    let d20 = die_rect((400.0, 200.0), 80.0, screen, scale);
    let number = p
        .texts
        .iter()
        .find(|(t, at)| t == "17" && d20.contains(at.center()))
        .expect("the d20 shows its number");
    assert!(number.1.height() >= 13.0, "readable: {:?}", number.1);
}

#[test]
fn a_clickable_die_is_a_button_and_chooses_its_action() {
    let reroll = ActionEntry {
        action: serde_json::json!({"reroll": "red"}),
        label: "Reroll the red die".into(),
        target: Some("die:red".into()),
        ..Default::default()
    };
    let (mut h, chosen) =
        harness_choosing(table(2), (1600.0, 1000.0), vec![(0, reroll)], None, 0.0);
    h.run();
    h.get_by_label("Reroll the red die on the table").click();
    h.run();
    assert_eq!(
        chosen.borrow().as_slice(),
        &[(0, serde_json::json!({"reroll": "red"}))]
    );
    // The clickable die is named by its action only, not a second time as a picture.
    assert!(h.query_by_label("d20 showing 17").is_none());
    h.get_by_label("The round die: d6 showing 2");
}

/// The host wraps a block with the shared measurement at the size it draws the text
/// at, paints each line on its own one line height apart, and every line fits the
/// block's width in egui's own layout: in a full-size window and in the smallest one,
/// where the 13-point floor makes the text larger than the game's size.
#[test]
fn a_text_block_wraps_where_the_shared_measurement_says() {
    for window in [(1600.0, 1000.0), (900.0, 600.0)] {
        let scene = table(1);
        let mut h = harness(scene.clone(), window, vec![], None, 0.0);
        h.run();
        h.get_by_label(RULES);
        let p = painted(&h);
        let screen = scene_rect(&p, &scene);
        let scale = screen.width() / 1600.0;
        let points = (16.0 * scale).max(13.0);
        let size = points / scale;
        let expected: Vec<String> = wrap_lines(RULES, size, 420.0, false)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        assert!(expected.len() >= 4, "{expected:?}");
        let lines: Vec<&(String, Rect)> = p
            .texts
            .iter()
            .filter(|(t, _)| !t.is_empty() && RULES.contains(t.as_str()))
            .collect();
        let got: Vec<&str> = lines.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(got, expected, "window {window:?}");
        let left = screen.min.x + 700.0 * scale;
        for (t, r) in &lines {
            assert!(
                (r.min.x - left).abs() < 1.0,
                "{t:?} starts at the left edge"
            );
            assert!(
                r.width() <= 420.0 * scale + 0.5,
                "{t:?} is {} wide in a block of {}",
                r.width(),
                420.0 * scale
            );
        }
        let step = line_height(size) * scale;
        for pair in lines.windows(2) {
            let dy = pair[1].1.min.y - pair[0].1.min.y;
            assert!(dy >= step - 0.5, "lines overlap: {pair:?}");
        }
        // Everything stays inside the block the game sized with text_block_height.
        let bottom = screen.min.y + (100.0 + text_block_height(RULES, 16.0, 420.0, false)) * scale;
        let last = lines.last().unwrap().1;
        assert!(last.max.y <= bottom + 1.0, "{last:?} below {bottom}");
        assert!(drawn_size(16.0) >= size - 1e-3);
    }
}

#[test]
fn a_rolled_die_tumbles_briefly_and_lands_on_its_value() {
    let (old, new) = (table(3), table(5));
    let ink = Color32::from_rgb(30, 30, 36);
    let at = |time: f64| {
        let m = Motion::between(&old, &new, 0.0).expect("the d6 rolled");
        let mut h = harness(new.clone(), (1600.0, 1000.0), vec![], Some(m), time);
        h.run();
        let p = painted(&h);
        let screen = scene_rect(&p, &new);
        let scale = screen.width() / 1600.0;
        // Lifted while it rolls: look a little wider than the die.
        let r = die_rect((200.0, 200.0), 100.0, screen, scale);
        (pips_in(&p, r, ink), p)
    };
    let (early, _) = at(0.02);
    assert!(
        (1..=6).contains(&early) && early != 5,
        "a passing face: {early}"
    );
    let (late, _) = at(ROLL * 0.7);
    assert_eq!(late, 5, "the result reads before the die stops");
    let (done, _) = at(ROLL + 0.1);
    assert_eq!(done, 5);
}

/// A view from a newer plugin with a shape and an icon this host does not know still
/// reads; the unknown shape is a placeholder named by its tooltip where it would be.
#[test]
fn a_view_with_an_unknown_shape_shows_a_placeholder() {
    let mut view = View {
        scene: table(6),
        status: "Round 2".into(),
        prompt: String::new(),
    };
    view.scene
        .text(pos(100.0, 900.0), "Known text", 18.0, Color::WHITE);
    let mut json = serde_json::to_value(&view).unwrap();
    let items = json["scene"]["items"].as_array_mut().unwrap();
    items.push(serde_json::json!({
        "shape": {"hexagon": {"center": [1000, 700], "radius": 60, "fill": [1, 2, 3, 255]}},
        "id": "hex:3",
        "tooltip": "Hex tile 3. Forest, two eggs."
    }));
    items.push(serde_json::json!({
        "shape": {"icon": {"center": [1300, 700], "size": 40, "icon": "unicorn",
                           "color": [255, 255, 255, 255]}}
    }));
    let text = serde_json::to_string(&json).unwrap();
    let back: View = serde_json::from_str(&text).expect("the view still parses");
    assert!(matches!(
        back.scene.items[back.scene.items.len() - 2].shape,
        Shape::Unknown { .. }
    ));
    let mut h = harness(back.scene, (1600.0, 1000.0), vec![], None, 0.0);
    h.run();
    h.get_by_label("? Hex tile 3");
    h.get_by_label("The round die: d6 showing 6");
    let p = painted(&h);
    assert!(p.texts.iter().any(|(t, _)| t == "Known text"));
    let screen = scene_rect(&p, &table(6));
    let scale = screen.width() / 1600.0;
    let hex = die_rect((1000.0, 700.0), 120.0, screen, scale);
    assert!(
        p.texts
            .iter()
            .any(|(t, r)| t.starts_with("? Hex tile") && hex.contains(r.center())),
        "the placeholder is labelled where the shape would be"
    );
}

// ---- Art, screen readers and enlargeable areas ---------------------------------------

use std::sync::Arc;

use egui::accesskit::Role;
use tavern::app::scene_painter::first_sentence;
use tavern::session::{Session, UndoMode};
use tavern_plugin_api::scene::{Art, ArtBook};
use tavern_plugin_api::{Setup, ToAct};

const DISC: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#ffffff" stroke="#202020" stroke-width="2"/></svg>"##;
const WIDE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 40"><rect x="1" y="1" width="78" height="38" fill="#d0c0a0"/></svg>"##;

/// Meshes painted with a texture other than the font atlas: the drawings, with the tint
/// of their first vertex and their screen rectangle.
fn drawings(h: &Harness<'_>) -> Vec<(egui::TextureId, Color32, Rect)> {
    fn walk(s: &egui::Shape, out: &mut Vec<(egui::TextureId, Color32, Rect)>) {
        match s {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            egui::Shape::Mesh(m) if m.texture_id != egui::TextureId::default() => {
                let tint = m.vertices.first().map_or(Color32::WHITE, |v| v.color);
                out.push((m.texture_id, tint, m.calc_bounds()));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

fn art_table() -> Scene {
    let mut s = Scene::new(1600.0, 1000.0);
    s.art = Some(Arc::new(ArtBook::new(
        "test-art",
        vec![Art::new("disc", DISC), Art::new("wide", WIDE)],
    )));
    s.image(rect(0.0, 0.0, 1600.0, 1000.0), "wide", "");
    s.image(rect(100.0, 100.0, 200.0, 200.0), "disc", "A red disc")
        .tint(Color::rgb(200, 40, 40));
    s.card(
        rect(400.0, 100.0, 140.0, 200.0),
        Color::PAPER,
        Some(Color::rgb(0, 114, 178)),
        "Blue",
        "B · 4",
    )
    .tooltip("A blue card. Worth four.");
    s.image(rect(404.0, 142.0, 132.0, 100.0), "disc", "");
    s.image(rect(700.0, 100.0, 120.0, 120.0), "nope", "")
        .tooltip("Missing picture. The game forgot to ship it.");
    s
}

/// Issue 16: images of the plugin's art are drawn from its SVG (tinted, kept to their
/// aspect), a card's picture is drawn with the card under its value, an image the art
/// lacks is the unknown-shape placeholder, images are named for screen readers, and
/// once drawn their textures are cached: later frames upload nothing.
#[test]
fn a_table_with_images_renders_them_and_caches_their_textures() {
    let scene = art_table();
    let mut h = harness(scene.clone(), (1600.0, 1000.0), vec![], None, 0.0);
    h.run_steps(4);
    let p = painted(&h);
    let screen = scene_rect(&p, &scene);
    let scale = screen.width() / 1600.0;
    let drawn = drawings(&h);
    assert_eq!(
        drawn.len(),
        3,
        "backdrop, disc and the card's picture: {drawn:?}"
    );
    let red = drawn
        .iter()
        .find(|(_, tint, _)| *tint == Color32::from_rgb(200, 40, 40))
        .expect("the tinted disc");
    let want = Rect::from_min_size(
        Pos2::new(screen.min.x + 100.0 * scale, screen.min.y + 100.0 * scale),
        egui::vec2(200.0 * scale, 200.0 * scale),
    );
    assert!((red.2.min - want.min).length() < 1.5 && (red.2.size() - want.size()).length() < 1.5);
    // The 2:1 backdrop in a 16:10 box keeps its aspect: as wide as the box, centred.
    let wide = drawn
        .iter()
        .find(|d| d.2.width() > 1000.0 * scale)
        .unwrap()
        .2;
    assert!(
        (wide.width() / wide.height() - 2.0).abs() < 0.02,
        "{wide:?}"
    );
    // The card's value is painted after (over) its picture, at the card's foot.
    let value = p
        .texts
        .iter()
        .find(|(t, _)| t == "B · 4")
        .expect("the value");
    assert!(
        value.1.center().y > screen.min.y + 240.0 * scale,
        "{value:?}"
    );
    assert!(
        p.texts
            .iter()
            .any(|(t, _)| t.starts_with("? Missing picture")),
        "the placeholder"
    );
    h.get_by_role_and_label(Role::Image, "A red disc");
    h.get_by_label("A blue card");
    // Cached: nothing more is uploaded for the same frame drawn again.
    h.run_steps(2);
    assert!(
        h.output().textures_delta.set.is_empty(),
        "textures uploaded again: {:?}",
        h.output().textures_delta.set.len()
    );
    assert_eq!(drawings(&h).len(), 3);
}

/// A plugin without art (or a view read without it) still draws: each image is its
/// placeholder, named by its tooltip or its id.
#[test]
fn images_without_the_art_are_placeholders() {
    let mut scene = art_table();
    scene.art = None;
    let mut h = harness(scene, (1600.0, 1000.0), vec![], None, 0.0);
    h.run_steps(3);
    assert!(drawings(&h).is_empty());
    let p = painted(&h);
    assert!(p.texts.iter().any(|(t, _)| t == "? disc"), "{:?}", p.texts);
}

/// Plays `moves` random actions of a new game of `id` for `n` players through a real
/// session and returns it.
fn played(id: &str, n: usize, moves: usize, seed: u64) -> Session {
    let mut setup = Setup::players(n);
    setup.seed = seed;
    let mut s = Session::new(tavern_tests::plugin(id), setup, UndoMode::Learning).unwrap();
    let mut x = seed;
    for _ in 0..moves {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let seat = seats[(x >> 33) as usize % seats.len()];
        let count = s.legal(seat).unwrap().len();
        s.apply_index(seat, (x >> 40) as usize % count).unwrap();
    }
    s
}

/// Every game's views name only drawings its plugin ships (read through the real ABI,
/// once at load), so a game that adds art gets this check without an edit.
#[test]
fn every_image_a_game_names_is_in_its_art() {
    for id in tavern_tests::GAMES {
        let plugin = tavern_tests::plugin(id);
        for seed in 0..3 {
            let s = played(id, plugin.info.min_players.max(2), 12 * seed as usize, seed);
            for viewer in [Some(0), None] {
                let v = s.view(viewer).unwrap();
                for image in v.scene.image_ids() {
                    assert!(
                        plugin
                            .art
                            .as_ref()
                            .is_some_and(|a| a.images.contains_key(image)),
                        "{id}: the view names image {image:?}, not in the plugin's art"
                    );
                }
            }
        }
    }
}

/// Dragonkeepers' table with its art: every drawing the view names is painted (none is a
/// placeholder), and a second frame uploads no texture.
#[test]
fn dragonkeepers_draws_its_art() {
    let s = played("dragonkeepers", 3, 20, 4);
    let v = s.view(Some(0)).unwrap();
    assert!(v.scene.art.is_some(), "the plugin's art came with the view");
    let ids = v.scene.image_ids().len();
    assert!(ids >= 8, "only {ids} drawings named");
    for size in [(1280.0, 800.0), (1024.0, 700.0)] {
        let mut h = harness(v.scene.clone(), size, vec![], None, 0.0);
        h.run_steps(4);
        let shown: std::collections::HashSet<egui::TextureId> =
            drawings(&h).into_iter().map(|d| d.0).collect();
        assert!(
            shown.len() >= ids,
            "{} textures for {ids} drawings",
            shown.len()
        );
        let p = painted(&h);
        assert!(
            !p.texts.iter().any(|(t, _)| t.starts_with("? ")),
            "a placeholder: {:?}",
            p.texts
                .iter()
                .filter(|(t, _)| t.starts_with("? "))
                .collect::<Vec<_>>()
        );
        h.run_steps(1);
        assert!(h.output().textures_delta.set.is_empty());
    }
}

/// Issue 17: a player who cannot see the table can read it item by item. Every item of
/// every game's table that has a tooltip has an accessible node named by its tooltip's
/// first sentence, and the nodes sit in named groups: in Dragonkeepers, each player's
/// area holds that player's crystals, eggs and crest.
#[test]
fn a_table_can_be_read_item_by_item() {
    for id in tavern_tests::GAMES {
        let plugin = tavern_tests::plugin(id);
        let s = played(id, plugin.info.max_players.min(4), 15, 9);
        let scene = s.view(Some(0)).unwrap().scene;
        let mut h = harness(scene.clone(), (1280.0, 800.0), vec![], None, 0.0);
        h.run_steps(2);
        for item in &scene.items {
            let Some(tip) = item.tooltip.as_deref() else {
                continue;
            };
            let name = first_sentence(tip);
            if name.is_empty() {
                continue;
            }
            let name = tavern::app::text::readable_owned(&h.ctx, name);
            assert!(
                h.query_all_by_label_contains(&name).next().is_some(),
                "{id}: no node reads {name:?}"
            );
        }
    }
    let s = played("dragonkeepers", 3, 10, 2);
    let scene = s.view(Some(0)).unwrap().scene;
    let mut h = harness(scene, (1280.0, 800.0), vec![], None, 0.0);
    h.run_steps(2);
    for seat in 0..3 {
        let label = format!("{}'s area", s.seat_name(seat));
        let area = h.get_by_role_and_label(Role::Group, &label);
        area.get_by_label_contains(": return one for a 4th card");
        area.get_by_label_contains(", 4 points each");
        area.get_by_label("A crest is earned once, for having all four colours laid out");
    }
    let book = h.get_by_label_contains("The magic book");
    book.get_by_label_contains("What a play needs now: Lay out exactly");
}

/// Issues 10 and 12: an enlargeable area is shown at twice its size beside itself,
/// drawn from the same items, when the pointer rests on it, and stays while a click
/// pins it; Escape closes it. Its items are read as one group named by its label.
#[test]
fn an_enlargeable_area_shows_magnified() {
    let mut scene = Scene::new(1600.0, 1000.0);
    scene.panel(rect(20.0, 20.0, 500.0, 200.0), Color::FELT, Color::WHITE);
    scene.text(pos(40.0, 60.0), "Bea's stores", 20.0, Color::WHITE);
    scene
        .icon(
            pos(60.0, 120.0),
            30.0,
            tavern_plugin_api::scene::Icon::Gold,
            Color::WHITE,
        )
        .tooltip("Five gold");
    scene.enlargeable(rect(20.0, 20.0, 500.0, 200.0), "Bea's guild");
    let sizes = |h: &Harness<'_>| -> Vec<f32> {
        painted(h)
            .texts
            .iter()
            .filter(|(t, _)| t == "Bea's stores")
            .map(|(_, r)| r.height())
            .collect()
    };
    let mut h = harness(scene.clone(), (1280.0, 800.0), vec![], None, 0.0);
    h.run_steps(2);
    h.get_by_role_and_label(Role::Group, "Bea's guild")
        .get_by_label("Five gold");
    assert_eq!(sizes(&h).len(), 1, "no copy before the pointer comes");
    let p = painted(&h);
    let screen = scene_rect(&p, &scene);
    let scale = screen.width() / 1600.0;
    let inside = Pos2::new(screen.min.x + 400.0 * scale, screen.min.y + 180.0 * scale);
    h.hover_at(inside);
    h.run_steps(40);
    let shown = sizes(&h);
    assert_eq!(shown.len(), 2, "the copy appears: {shown:?}");
    assert!(shown[1] > shown[0] * 1.6, "about twice as large: {shown:?}");
    assert!(painted(&h).texts.iter().any(|(t, _)| t == "Bea's guild"));
    // Pinned by a click, it stays when the pointer leaves; Escape closes it.
    h.event(egui::Event::PointerButton {
        pos: inside,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Default::default(),
    });
    h.event(egui::Event::PointerButton {
        pos: inside,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Default::default(),
    });
    h.run_steps(3);
    h.hover_at(Pos2::new(
        screen.min.x + 1200.0 * scale,
        screen.min.y + 900.0 * scale,
    ));
    h.run_steps(3);
    assert_eq!(sizes(&h).len(), 2, "pinned");
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    assert_eq!(sizes(&h).len(), 1, "closed");
}

/// Issue 16's cost: how long a frame of Dragonkeepers' table takes in the harness with
/// its art (the first frame rasterises every drawing; later ones reuse the textures) and
/// with its drawings taken out (the table as it was drawn before art). Prints figures;
/// run with `cargo test --release -p tavern-tests --test scene_ui -- --ignored --nocapture`.
#[test]
#[ignore]
fn art_frame_times() {
    use std::time::Instant;
    let s = played("dragonkeepers", 4, 30, 4);
    let with_art = s.view(Some(0)).unwrap().scene;
    let mut without = with_art.clone();
    without
        .items
        .retain(|it| !matches!(it.shape, Shape::Image { .. }));
    for (name, scene) in [("with art", with_art), ("without art", without)] {
        let mut h = harness(scene, (1280.0, 800.0), vec![], None, 0.0);
        let t = Instant::now();
        h.step();
        let first = t.elapsed();
        h.run_steps(5);
        let t = Instant::now();
        let n = 50;
        h.run_steps(n);
        let later = t.elapsed() / n as u32;
        println!("{name}: first frame {first:?}, later frames {later:?} each");
    }
}
