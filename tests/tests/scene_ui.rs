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
    h.get_by_label("d6 showing 4");
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
        kind: Default::default(),
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
    h.get_by_label("d6 showing 2");
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
    h.get_by_label("d6 showing 6");
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
