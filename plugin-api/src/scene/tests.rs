use super::shape::KNOWN_SHAPES;
use super::*;

#[test]
fn inside_and_overlaps_allow_their_slack_and_no_more() {
    let outer = rect(0.0, 0.0, 100.0, 50.0);
    assert!(rect(10.0, 10.0, 20.0, 20.0).inside(outer, 0.0));
    assert!(rect(-0.5, 0.0, 100.5, 50.0).inside(outer, 0.5));
    assert!(!rect(-0.6, 0.0, 100.0, 50.0).inside(outer, 0.5));
    assert!(!rect(90.0, 40.0, 11.0, 10.0).inside(outer, 0.5));
    // Touching edges and a rounding's overlap are not overlaps; real ones are.
    assert!(!outer.overlaps(rect(100.0, 0.0, 10.0, 10.0), 0.0));
    assert!(!outer.overlaps(rect(99.5, 0.0, 10.0, 10.0), 0.5));
    assert!(outer.overlaps(rect(99.0, 49.0, 10.0, 10.0), 0.5));
    assert!(!outer.overlaps(rect(99.0, 60.0, 10.0, 10.0), 0.5));
}

#[test]
fn scene_round_trips_through_json() {
    let mut s = Scene::new(800.0, 600.0);
    s.card(
        rect(10.0, 10.0, 60.0, 90.0),
        Color::PAPER,
        Some(Color::player(1)),
        "Red",
        "4",
    )
    .id("card:1")
    .tooltip("A red dragon")
    .z(2);
    s.token(pos(100.0, 100.0), 12.0, Color::rgb(200, 0, 0), "3");
    s.icon(pos(200.0, 50.0), 20.0, Icon::Egg, Color::WHITE);
    s.add(Shape::Polygon {
        points: vec![pos(0.0, 0.0), pos(10.0, 0.0), pos(5.0, 8.0)],
        fill: Color::BLACK,
        stroke: None,
    });
    let json = serde_json::to_string(&s).unwrap();
    let back: Scene = serde_json::from_str(&json).unwrap();
    assert_eq!(s, back);
    assert!(json.contains("\"card\":{"));
}

#[test]
fn enlargeable_areas_travel_with_the_scene_and_are_optional() {
    let mut s = Scene::new(800.0, 600.0);
    let plain = serde_json::to_string(&s).unwrap();
    assert!(
        !plain.contains("areas"),
        "no key when there are none: {plain}"
    );
    s.enlargeable(rect(10.0, 20.0, 300.0, 150.0), "Bea's guild");
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains(r#""areas":[{"rect":[10.0,20.0,300.0,150.0],"label":"Bea's guild"}]"#),
        "{json}"
    );
    let back: Scene = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // A view from a plugin built before areas existed still reads.
    let old: Scene =
        serde_json::from_str(r#"{"width":8,"height":6,"background":[0,0,0,255],"items":[]}"#)
            .unwrap();
    assert!(old.areas.is_empty());
}

#[test]
fn hit_finds_topmost_item_with_id() {
    let mut s = Scene::new(100.0, 100.0);
    s.rect(rect(0.0, 0.0, 50.0, 50.0), Color::WHITE, 0.0)
        .id("low")
        .z(0);
    s.rect(rect(10.0, 10.0, 20.0, 20.0), Color::WHITE, 0.0)
        .id("high")
        .z(5);
    s.rect(rect(0.0, 0.0, 100.0, 100.0), Color::WHITE, 0.0).z(9);
    assert_eq!(s.hit(pos(15.0, 15.0)).unwrap().id.as_deref(), Some("high"));
    assert_eq!(s.hit(pos(40.0, 40.0)).unwrap().id.as_deref(), Some("low"));
    assert!(s.hit(pos(90.0, 90.0)).is_none());
}

#[test]
fn placed_in_moves_and_scales_to_the_new_bounds() {
    let card = Shape::Card {
        rect: rect(10.0, 10.0, 40.0, 60.0),
        fill: Color::WHITE,
        band: None,
        title: "x".into(),
        value: "4".into(),
        face_down: false,
        private: false,
    };
    let to = rect(100.0, 50.0, 20.0, 30.0);
    assert_eq!(card.placed_in(to).bounds(), to);
    let poly = Shape::Polygon {
        points: vec![pos(0.0, 0.0), pos(10.0, 0.0), pos(0.0, 20.0)],
        fill: Color::BLACK,
        stroke: None,
    };
    assert_eq!(poly.placed_in(to).bounds(), to);
    let dot = Shape::Circle {
        center: pos(5.0, 5.0),
        radius: 5.0,
        fill: Color::BLACK,
        stroke: None,
    };
    assert_eq!(
        dot.placed_in(rect(0.0, 0.0, 4.0, 4.0)).bounds(),
        rect(0.0, 0.0, 4.0, 4.0)
    );
}

#[test]
fn geometry_reads_the_array_form_and_the_older_object_form() {
    let new: Shape = serde_json::from_str(
        r#"{"rect":{"rect":[1,2,3,4],"fill":[0,0,0,255],"stroke":[2.5,[9,9,9,255]]}}"#,
    )
    .unwrap();
    let old: Shape = serde_json::from_str(
        r#"{"rect":{"rect":{"x":1.0,"y":2.0,"w":3.0,"h":4.0,"z":7},"fill":[0,0,0,255],
           "stroke":{"width":2.5,"color":[9,9,9,255]}}}"#,
    )
    .unwrap();
    assert_eq!(new, old);
    assert_eq!(new.bounds(), rect(1.0, 2.0, 3.0, 4.0));
    let p: Pos = serde_json::from_str(r#"{"y":2,"x":1}"#).unwrap();
    assert_eq!(p, pos(1.0, 2.0));
    for bad in [r#"[1]"#, r#"[1,2,3]"#, r#"{"x":1}"#, r#""x""#] {
        assert!(serde_json::from_str::<Pos>(bad).is_err(), "{bad}");
    }
    assert_eq!(serde_json::to_string(&pos(1.5, 2.0)).unwrap(), "[1.5,2.0]");
}

#[test]
fn bounds_of_polygon() {
    let b = Shape::Line {
        points: vec![pos(1.0, 2.0), pos(5.0, 9.0)],
        stroke: stroke(1.0, Color::BLACK),
    }
    .bounds();
    assert_eq!(b, rect(1.0, 2.0, 4.0, 7.0));
}

fn every_shape() -> Vec<Shape> {
    vec![
        Shape::Rect {
            rect: rect(0.0, 0.0, 1.0, 1.0),
            fill: Color::BLACK,
            stroke: None,
            radius: 0.0,
        },
        Shape::Card {
            rect: rect(0.0, 0.0, 1.0, 1.0),
            fill: Color::BLACK,
            band: None,
            title: String::new(),
            value: String::new(),
            face_down: false,
            private: false,
        },
        Shape::Circle {
            center: pos(1.0, 1.0),
            radius: 1.0,
            fill: Color::BLACK,
            stroke: None,
        },
        Shape::Polygon {
            points: vec![],
            fill: Color::BLACK,
            stroke: None,
        },
        Shape::Line {
            points: vec![],
            stroke: stroke(1.0, Color::BLACK),
        },
        Shape::Text {
            pos: pos(1.0, 1.0),
            text: "a".into(),
            size: 16.0,
            color: Color::BLACK,
            align: Align::Left,
            bold: false,
        },
        Shape::Icon {
            center: pos(1.0, 1.0),
            size: 1.0,
            icon: Icon::Egg,
            color: Color::BLACK,
        },
        Shape::TextBlock {
            rect: rect(10.0, 20.0, 200.0, 80.0),
            text: "Roll two dice.\nThen move.".into(),
            size: 16.0,
            color: Color::INK,
            align: Align::Right,
            bold: true,
        },
        Shape::Die {
            center: pos(50.0, 60.0),
            size: 40.0,
            faces: 6,
            value: 5,
            fill: Color::WHITE,
            ink: Color::INK,
        },
        Shape::Image {
            rect: rect(5.0, 6.0, 70.0, 100.0),
            image: "dragon".into(),
            tint: Some(Color::rgb(200, 40, 40)),
            alt: "A red dragon".into(),
        },
    ]
}

#[test]
fn images_name_their_drawing_and_stay_small_on_the_wire() {
    let mut s = Scene::new(100.0, 100.0);
    s.image(rect(0.0, 0.0, 40.0, 60.0), "dragon", "A red dragon")
        .tint(Color::rgb(200, 40, 40))
        .tooltip("Red dragon, 4");
    s.image(rect(0.0, 0.0, 100.0, 100.0), "cave", "");
    s.image(rect(50.0, 0.0, 40.0, 60.0), "dragon", "A blue dragon");
    assert_eq!(s.image_ids(), vec!["dragon", "cave"]);
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains(r#"{"image":{"rect":[0.0,0.0,100.0,100.0],"image":"cave"}}"#),
        "a backdrop carries no tint and no name: {json}"
    );
    let back: Scene = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert_eq!(s.items[0].shape.bounds(), rect(0.0, 0.0, 40.0, 60.0));
    let book = ArtBook::new("dk", vec![Art::new("cave", "<svg/>")]);
    assert_eq!(&*book.images["cave"], b"<svg/>");
}

#[test]
fn every_known_shape_round_trips_under_its_listed_tag() {
    for shape in every_shape() {
        let json = serde_json::to_value(&shape).unwrap();
        let tag = json.as_object().unwrap().keys().next().unwrap().clone();
        assert!(KNOWN_SHAPES.contains(&tag.as_str()), "{tag} not listed");
        let back: Shape = serde_json::from_value(json).unwrap();
        assert_eq!(back, shape);
    }
    assert_eq!(KNOWN_SHAPES.len(), every_shape().len());
}

#[test]
fn new_shapes_use_the_same_tagging_as_the_others() {
    let mut s = Scene::new(100.0, 100.0);
    s.text_block(rect(0.0, 0.0, 50.0, 40.0), "a b", 16.0, Color::INK)
        .bold();
    s.die(pos(5.0, 5.0), 20.0, 6, 3, Color::WHITE).id("die:0");
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains(r#"{"text_block":{"rect":[0.0,0.0,50.0,40.0],"#),
        "{json}"
    );
    assert!(json.contains(r#""bold":true"#), "{json}");
    assert!(json.contains(r#"{"die":{"center":[5.0,5.0],"size":20.0,"faces":6,"value":3,"#));
    let die: Shape =
        serde_json::from_str(r#"{"die":{"center":[5,5],"size":20,"value":4,"fill":[255,255,255,255],"ink":[0,0,0,255]}}"#)
            .unwrap();
    assert!(matches!(
        die,
        Shape::Die {
            faces: 6,
            value: 4,
            ..
        }
    ));
}

#[test]
fn a_view_with_a_shape_from_a_newer_plugin_still_reads() {
    let json = r#"{"width":800,"height":600,"background":[0,0,0,255],"items":[
        {"shape":{"hexagon":{"center":[100,120],"radius":30,"fill":[1,2,3,255],"spin":2}},
         "id":"hex:1","tooltip":"A hex tile"},
        {"shape":{"ribbon":{"rect":[10,20,30,40],"text":"x"}}},
        {"shape":{"text":{"pos":[5,5],"text":"known","size":16,"color":[0,0,0,255]}}},
        {"shape":{"icon":{"center":[9,9],"size":20,"icon":"unicorn","color":[0,0,0,255]}}}
    ]}"#;
    let s: Scene = serde_json::from_str(json).unwrap();
    let Shape::Unknown { kind, fields } = &s.items[0].shape else {
        panic!("{:?}", s.items[0]);
    };
    assert_eq!(kind, "hexagon");
    assert_eq!(fields["spin"], serde_json::json!(2));
    assert_eq!(s.items[0].id.as_deref(), Some("hex:1"));
    assert_eq!(s.items[0].shape.bounds(), rect(70.0, 90.0, 60.0, 60.0));
    assert_eq!(s.items[1].shape.bounds(), rect(10.0, 20.0, 30.0, 40.0));
    assert!(matches!(s.items[2].shape, Shape::Text { .. }));
    assert!(matches!(
        s.items[3].shape,
        Shape::Icon {
            icon: Icon::Unknown,
            ..
        }
    ));
    // Written back as it came, so a host that forwards the view loses nothing.
    let again = serde_json::to_value(&s.items[0].shape).unwrap();
    assert_eq!(again["hexagon"]["spin"], serde_json::json!(2));
    // A known shape that is malformed is still an error, not a placeholder.
    let bad =
        r#"{"die":{"center":[5,5],"size":"big","value":4,"fill":[0,0,0,255],"ink":[0,0,0,255]}}"#;
    assert!(serde_json::from_str::<Shape>(bad).is_err());
}

#[test]
fn measurement_is_proportional_and_wraps_between_words() {
    assert!(text_width("iiii", 16.0, false) < text_width("MMMM", 16.0, false));
    assert!((text_width("ab", 32.0, false) - 2.0 * text_width("ab", 16.0, false)).abs() < 1e-3);
    assert!(text_width("ab", 16.0, true) > text_width("ab", 16.0, false));
    assert_eq!(
        text_width("ab\nabcd", 16.0, false),
        text_width("abcd", 16.0, false)
    );
    let text = "The dragon wakes and every player discards one card.\n\nThen draw two.";
    let width = 200.0;
    let lines = wrap_lines(text, 16.0, width, false);
    assert!(lines.len() >= 4, "{lines:?}");
    assert!(
        lines.iter().all(|l| text_width(l, 16.0, false) <= width),
        "{lines:?}"
    );
    assert!(
        lines.contains(&String::new()),
        "the blank line stays: {lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "Then draw two.");
    let words: Vec<&str> = text.split_whitespace().collect();
    let rejoined: Vec<String> = lines
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(String::from)
        .collect();
    assert_eq!(rejoined, words);
    // A word wider than the block is broken between letters rather than spilling.
    let long = wrap_lines("Supercalifragilistic", 16.0, 60.0, false);
    assert!(long.len() > 1 && long.iter().all(|l| text_width(l, 16.0, false) <= 60.0));
    assert_eq!(long.concat(), "Supercalifragilistic");
    // Heights count lines at the size the host draws at its smallest scale.
    let h = text_block_height(text, 16.0, width, false);
    let n = wrap_lines(text, drawn_size(16.0), width, false).len();
    assert_eq!(h, n as f32 * line_height(drawn_size(16.0)));
    assert_eq!(drawn_size(30.0), 30.0);
}

#[test]
fn text_bounds_follow_the_measurement_and_the_anchor() {
    let t = Shape::Text {
        pos: pos(100.0, 50.0),
        text: "Gold".into(),
        size: 20.0,
        color: Color::BLACK,
        align: Align::Right,
        bold: false,
    };
    let w = text_width("Gold", 20.0, false);
    assert_eq!(t.bounds(), rect(100.0 - w, 40.0, w, 20.0));
}
