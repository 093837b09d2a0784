//! The layout check: a game's text stays readable in every window. Texts must not run
//! into each other where the host draws them largest (at its smallest scale, where the
//! 13-point floor enlarges small text), a text block must hold its wrapped text, and no
//! text may be laid out below the smallest size. Every game's tests call
//! [`check_layout`] on the views of random positions.

use std::fmt;

use crate::scene::{
    Align, CARD_TITLE_POINTS, CARD_TITLE_SHARE, MIN_SCALE, MIN_TEXT_POINTS, MIN_TEXT_SIZE, Rect,
    Scene, Shape, drawn_size, line_height, rect, text_bounds, text_width, wrap_lines,
};

/// Overlaps and overflows smaller than this (canvas units) are rounding, not collisions.
const SLACK: f32 = 1.0;

/// One thing wrong with a scene's text; items are indices into `scene.items`.
#[derive(Clone, PartialEq)]
pub enum LayoutProblem {
    /// Two texts cover each other at the size the host draws them largest.
    Overlap {
        a: usize,
        b: usize,
        a_text: String,
        b_text: String,
    },
    /// A text block's wrapped text is taller than its rectangle.
    Overflow {
        item: usize,
        text: String,
        needed: f32,
        height: f32,
    },
    /// Text laid out below [`MIN_TEXT_SIZE`].
    TooSmall {
        item: usize,
        text: String,
        size: f32,
    },
}

impl fmt::Display for LayoutProblem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LayoutProblem::Overlap {
                a,
                b,
                a_text,
                b_text,
            } => write!(
                f,
                "item {a} {a_text:?} overlaps item {b} {b_text:?} at the size the host draws them"
            ),
            LayoutProblem::Overflow {
                item,
                text,
                needed,
                height,
            } => write!(
                f,
                "text block {item} {text:?} needs {needed:.1} units but is {height:.1} tall"
            ),
            LayoutProblem::TooSmall { item, text, size } => write!(
                f,
                "item {item} {text:?} is {size} units, below the {MIN_TEXT_SIZE}-unit floor"
            ),
        }
    }
}

/// Shown like [`fmt::Display`], so `check_layout(..).unwrap()` reads as a list.
impl fmt::Debug for LayoutProblem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "\n  {self}")
    }
}

/// Where the text of `shape` lies when the host draws it largest (at [`drawn_size`]);
/// `None` for shapes that are not text or text nobody sees.
pub fn drawn_text_box(shape: &Shape) -> Option<Rect> {
    match shape {
        Shape::Text {
            pos,
            text,
            size,
            color,
            align,
            bold,
        } if visible(text, color.3) => {
            Some(text_bounds(*pos, text, drawn_size(*size), *align, *bold))
        }
        Shape::TextBlock {
            rect: r,
            text,
            size,
            color,
            align,
            bold,
        } if visible(text, color.3) => {
            let size = drawn_size(*size);
            let lines = wrap_lines(text, size, r.w, *bold);
            let w = lines
                .iter()
                .map(|l| text_width(l, size, *bold))
                .fold(0.0, f32::max);
            let x = match align {
                Align::Left => r.x,
                Align::Center => r.x + (r.w - w) / 2.0,
                Align::Right => r.x + r.w - w,
            };
            Some(rect(x, r.y, w, lines.len() as f32 * line_height(size)))
        }
        _ => None,
    }
}

fn visible(text: &str, alpha: u8) -> bool {
    alpha > 0 && !text.trim().is_empty()
}

fn overlap(a: Rect, b: Rect) -> bool {
    let dx = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let dy = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    dx > SLACK && dy > SLACK
}

fn text_of(shape: &Shape) -> &str {
    match shape {
        Shape::Text { text, .. } | Shape::TextBlock { text, .. } => text,
        _ => "",
    }
}

/// The table's area beside the log and buttons, in points, in the host's smallest window
/// (1024×700) and at 1280×800, with the side panel at the width the host gives it there.
/// Below [`MIN_SCALE`] the host scrolls instead of shrinking, so a canvas fits a window
/// when it fits at `MIN_SCALE` (see [`fits_at_min_scale`]).
pub const TABLE_1024X700: (f32, f32) = (740.0, 620.0);
pub const TABLE_1280X800: (f32, f32) = (940.0, 740.0);

/// Texts that read cut at the host's smallest scale: a text the game shortened with an
/// ellipsis, or a face-up card's title wider than the host lets it run (or on a card too
/// short for a title), which the host would cut or leave out. One line per problem.
pub fn cut_texts(scene: &Scene) -> Vec<String> {
    let mut out = Vec::new();
    for it in &scene.items {
        match &it.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } if text.contains('…') => {
                out.push(format!("cut with an ellipsis: {text:?}"));
            }
            Shape::Card {
                rect,
                title,
                face_down: false,
                ..
            } if !title.is_empty() => {
                let min_h = 3.0 * MIN_TEXT_POINTS / MIN_SCALE;
                let w = text_width(title, drawn_size(CARD_TITLE_POINTS), false);
                if w > rect.w * CARD_TITLE_SHARE || rect.h < min_h {
                    out.push(format!(
                        "card title {title:?} ({w:.0} units) cut on a {:.0}×{:.0} card",
                        rect.w, rect.h
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether `scene`'s canvas fits `area` (one of the `TABLE_*` sizes) at the host's
/// smallest scale, so that window needs no scrolling.
pub fn fits_at_min_scale(scene: &Scene, area: (f32, f32)) -> bool {
    scene.width * MIN_SCALE <= area.0 && scene.height * MIN_SCALE <= area.1
}

fn contains(outer: Rect, inner: Rect) -> bool {
    inner.x >= outer.x - SLACK
        && inner.y >= outer.y - SLACK
        && inner.x + inner.w <= outer.x + outer.w + SLACK
        && inner.y + inner.h <= outer.y + outer.h + SLACK
}

/// The smallest rectangle of at least `min` (width, height) under the start of `at`: the
/// panel, card or space a text at `at` is written on.
pub fn panel_at(scene: &Scene, at: Rect, min: (f32, f32)) -> Option<Rect> {
    let (cx, cy) = (at.x + 1.0, at.y + at.h / 2.0);
    scene
        .items
        .iter()
        .filter_map(|it| match it.shape {
            Shape::Rect { rect, .. } if rect.w >= min.0 && rect.h >= min.1 => Some(rect),
            _ => None,
        })
        .filter(|r| r.x <= cx && cx <= r.x + r.w && r.y <= cy && cy <= r.y + r.h)
        .min_by(|a, b| (a.w * a.h).total_cmp(&(b.w * b.h)))
}

/// Texts that, where the host draws them largest, run off the canvas or out of the panel
/// they are written on (see [`panel_at`]; `min_panel` is the smallest rectangle a game
/// writes on). One line per problem, naming the item.
pub fn texts_outside_panels(scene: &Scene, min_panel: (f32, f32)) -> Vec<String> {
    let mut out = Vec::new();
    for it in &scene.items {
        let Some(t) = drawn_text_box(&it.shape) else {
            continue;
        };
        if !on_canvas(scene, t) {
            out.push(format!("off the canvas: {it:?}"));
        }
        if let Some(p) = panel_at(scene, t, min_panel)
            && !contains(p, t)
        {
            out.push(format!("runs out of its panel {p:?}: {it:?}"));
        }
    }
    out
}

/// Items (texts where the host draws them largest) that lie partly off the canvas.
pub fn items_off_canvas(scene: &Scene) -> Vec<String> {
    scene
        .items
        .iter()
        .filter(|it| {
            !on_canvas(
                scene,
                drawn_text_box(&it.shape).unwrap_or_else(|| it.shape.bounds()),
            )
        })
        .map(|it| format!("off the canvas: {it:?}"))
        .collect()
}

fn on_canvas(scene: &Scene, b: Rect) -> bool {
    b.x >= -0.5 && b.y >= -0.5 && b.x + b.w <= scene.width + 0.5 && b.y + b.h <= scene.height + 0.5
}

/// Every text problem of `scene` (see [`LayoutProblem`]); empty when it reads well.
pub fn layout_problems(scene: &Scene) -> Vec<LayoutProblem> {
    let mut out = Vec::new();
    let mut boxes: Vec<(usize, Rect)> = Vec::new();
    for (i, item) in scene.items.iter().enumerate() {
        let Some(b) = drawn_text_box(&item.shape) else {
            continue;
        };
        let text = text_of(&item.shape);
        if let Shape::Text { size, .. } | Shape::TextBlock { size, .. } = item.shape
            && size < MIN_TEXT_SIZE
        {
            out.push(LayoutProblem::TooSmall {
                item: i,
                text: text.to_string(),
                size,
            });
        }
        if let Shape::TextBlock { rect: r, .. } = item.shape
            && b.h > r.h + SLACK
        {
            out.push(LayoutProblem::Overflow {
                item: i,
                text: text.to_string(),
                needed: b.h,
                height: r.h,
            });
        }
        for &(j, other) in &boxes {
            if overlap(b, other) {
                out.push(LayoutProblem::Overlap {
                    a: j,
                    b: i,
                    a_text: text_of(&scene.items[j].shape).to_string(),
                    b_text: text.to_string(),
                });
            }
        }
        boxes.push((i, b));
    }
    out
}

/// `Ok` when the scene's text reads well in every window, else every problem found.
pub fn check_layout(scene: &Scene) -> Result<(), Vec<LayoutProblem>> {
    let problems = layout_problems(scene);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Color, pos, text_block_height};

    #[test]
    fn cut_texts_finds_ellipses_and_titles_wider_than_their_card() {
        let mut s = Scene::new(1600.0, 1000.0);
        s.text(pos(100.0, 100.0), "Whole words", 16.0, Color::WHITE);
        s.card(
            rect(100.0, 200.0, 160.0, 120.0),
            Color::WHITE,
            None,
            "red",
            "3",
        );
        s.card_back(
            rect(300.0, 200.0, 40.0, 60.0),
            Color::WHITE,
            "a long back text",
        );
        assert!(cut_texts(&s).is_empty(), "{:?}", cut_texts(&s));
        s.text(pos(100.0, 400.0), "Moo…", 16.0, Color::WHITE);
        s.card(
            rect(400.0, 200.0, 60.0, 120.0),
            Color::WHITE,
            None,
            "shadow dragon",
            "1",
        );
        // Wide enough, but too short for the host to write a title on it.
        s.card(
            rect(500.0, 200.0, 160.0, 40.0),
            Color::WHITE,
            None,
            "red",
            "2",
        );
        let cut = cut_texts(&s);
        assert_eq!(cut.len(), 3, "{cut:?}");
        assert!(cut[0].contains("Moo…"));
        assert!(cut[1].contains("shadow dragon") && cut[2].contains("\"red\""));
    }

    #[test]
    fn overlapping_text_is_reported_in_pairs() {
        let mut s = Scene::new(1600.0, 1000.0);
        s.text(pos(100.0, 100.0), "Gold: 12", 16.0, Color::WHITE);
        // 16-unit lines 18 apart read at full size but collide once the floor
        // enlarges them in a small window.
        s.text(pos(100.0, 118.0), "Gems: 3", 16.0, Color::WHITE);
        s.text(pos(600.0, 100.0), "Far away", 16.0, Color::WHITE);
        let err = check_layout(&s).unwrap_err();
        assert_eq!(
            err,
            vec![LayoutProblem::Overlap {
                a: 0,
                b: 1,
                a_text: "Gold: 12".into(),
                b_text: "Gems: 3".into(),
            }]
        );
        assert!(format!("{err:?}").contains("\"Gold: 12\" overlaps item 1"));
        // Spaced for the drawn size, the same texts pass.
        s.items[1].shape = Shape::Text {
            pos: pos(100.0, 100.0 + line_height(drawn_size(16.0))),
            text: "Gems: 3".into(),
            size: 16.0,
            color: Color::WHITE,
            align: Align::Left,
            bold: false,
        };
        assert_eq!(check_layout(&s), Ok(()));
    }

    #[test]
    fn a_right_aligned_label_runs_into_the_text_on_its_left() {
        let mut s = Scene::new(1600.0, 1000.0);
        s.text(pos(100.0, 300.0), "Treasury", 20.0, Color::WHITE);
        let w = text_width("Treasury", 20.0, false);
        s.text(
            pos(100.0 + w + 60.0, 300.0),
            "Long label",
            20.0,
            Color::WHITE,
        )
        .align(Align::Right);
        assert!(matches!(
            check_layout(&s).unwrap_err()[..],
            [LayoutProblem::Overlap { a: 0, b: 1, .. }]
        ));
    }

    #[test]
    fn a_text_block_must_hold_its_wrapped_text() {
        let text =
            "At the end of the round every keeper with fewer than three eggs loses one gold.";
        let width = 240.0;
        let mut s = Scene::new(1600.0, 1000.0);
        let h = text_block_height(text, 16.0, width, false);
        s.text_block(rect(50.0, 50.0, width, h), text, 16.0, Color::INK);
        assert_eq!(check_layout(&s), Ok(()));
        s.text(pos(50.0, 50.0 + h + 12.0), "Below", 16.0, Color::INK);
        assert_eq!(check_layout(&s), Ok(()));
        s.text(
            pos(60.0, 50.0 + h - 10.0),
            "Into its last line",
            16.0,
            Color::INK,
        );
        assert!(matches!(
            check_layout(&s).unwrap_err()[..],
            [LayoutProblem::Overlap { a: 0, b: 2, .. }]
        ));
        let mut short = Scene::new(1600.0, 1000.0);
        short.text_block(rect(50.0, 50.0, width, h / 2.0), text, 16.0, Color::INK);
        assert!(matches!(
            check_layout(&short).unwrap_err()[..],
            [LayoutProblem::Overflow { item: 0, .. }]
        ));
    }

    #[test]
    fn small_text_fails_and_invisible_text_is_ignored() {
        let mut s = Scene::new(1600.0, 1000.0);
        s.text(pos(10.0, 10.0), "tiny", 12.0, Color::WHITE);
        s.text(pos(10.0, 10.0), "   ", 20.0, Color::WHITE);
        s.text(pos(10.0, 10.0), "ghost", 20.0, Color::TRANSPARENT);
        assert_eq!(
            check_layout(&s),
            Err(vec![LayoutProblem::TooSmall {
                item: 0,
                text: "tiny".into(),
                size: 12.0
            }])
        );
    }
}
