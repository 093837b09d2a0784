//! Draws a game's [`Scene`] into a rectangle, scaled to fit while keeping its aspect
//! ratio, and turns clicks on items named by legal actions into those actions.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Sense, Stroke, StrokeKind, Ui,
    UiBuilder, Vec2, WidgetInfo, pos2, vec2,
};
use serde_json::Value;
use tavern_plugin_api::ActionEntry;
use tavern_plugin_api::scene::{
    self, Align, CARD_TITLE_POINTS, CARD_TITLE_SHARE, Highlight, Item, Scene, Shape,
};

use super::icons::{DieFace, luminance, paint_die, paint_icon};
use super::motion::{Motion, Roll};
use super::text::readable_owned;
use images::Art;

pub mod clicks;
pub mod enlarge;
pub mod images;
pub mod reader;
pub mod recorded;

pub use clicks::{Chosen, TableOptions};
pub use reader::first_sentence;

use clicks::{anchor_rect, interact, is_target};

/// Text is never drawn smaller than this at 100 % zoom (points). Shared with plugin-api,
/// whose layout check measures text at the size this floor gives it.
pub const MIN_TEXT: f32 = scene::MIN_TEXT_POINTS;

pub struct PaintOptions<'a> {
    pub zoom: f32,
    /// Seconds, for the glow animation and slides; `None` draws a steady glow.
    pub time: Option<f64>,
    /// Components sliding to their new places.
    pub motion: Option<&'a Motion>,
}

/// Legal actions as the painter needs them: which seat takes which action.
pub type Targets<'a> = &'a [(usize, ActionEntry)];

/// The result of one frame of the scene.
pub struct SceneResponse {
    /// An action the player chose by clicking the table.
    pub chosen: Option<(usize, Value)>,
    /// Whether that choice came from an open menu.
    pub from_menu: bool,
    /// Where the item `TableOptions::anchor` names is on screen, if it is there.
    pub anchor: Option<Rect>,
    /// Where the item `TableOptions::lesson` names is on screen, if it is there.
    pub lesson: Option<Rect>,
    /// The scene's rectangle on screen (for Ctrl+wheel zoom).
    pub rect: Rect,
    pub hovered: bool,
}

fn color(c: scene::Color) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

/// Maps canvas units to screen points.
#[derive(Clone, Copy)]
pub(crate) struct Xf {
    origin: Pos2,
    scale: f32,
    min_text: f32,
}

impl Xf {
    fn p(&self, p: scene::Pos) -> Pos2 {
        pos2(
            self.origin.x + p.x * self.scale,
            self.origin.y + p.y * self.scale,
        )
    }
    fn r(&self, r: scene::Rect) -> Rect {
        Rect::from_min_size(
            self.p(scene::pos(r.x, r.y)),
            vec2(r.w * self.scale, r.h * self.scale),
        )
    }
    fn len(&self, l: f32) -> f32 {
        l * self.scale
    }
    fn text(&self, size: f32) -> f32 {
        (size * self.scale).max(self.min_text)
    }
}

/// The smallest scale a scene is drawn at. Games lay out text of 16 canvas units;
/// below this the 13-point floor would blow text up past the space the game gave it and
/// neighbours would overlap, so a smaller window scrolls the table instead.
pub const MIN_SCALE: f32 = scene::MIN_SCALE;

/// The scale that fits a `w`×`h` scene into `avail`, but never below what keeps the
/// game's text in its place (see [`MIN_SCALE`]).
pub fn fit_scale(avail: Vec2, w: f32, h: f32) -> f32 {
    if w <= 0.0 || h <= 0.0 {
        return 1.0;
    }
    (avail.x / w).min(avail.y / h).max(MIN_SCALE)
}

/// Paints the scene in the space left in `ui` and returns the chosen action, if any.
pub fn show_scene(
    ui: &mut Ui,
    scene: &Scene,
    targets: Targets<'_>,
    opts: &PaintOptions,
) -> SceneResponse {
    show_table_scene(ui, scene, targets, opts, &TableOptions::default())
}

/// [`show_scene`] with the table's own options (one-click play, an anchor to find).
pub fn show_table_scene(
    ui: &mut Ui,
    scene: &Scene,
    targets: Targets<'_>,
    opts: &PaintOptions,
    table: &TableOptions,
) -> SceneResponse {
    let avail = ui.available_size();
    let scale = fit_scale(avail, scene.width, scene.height) * opts.zoom;
    let size = vec2(scene.width * scale, scene.height * scale);
    let mut out = SceneResponse {
        chosen: None,
        from_menu: false,
        anchor: None,
        lesson: None,
        rect: Rect::NOTHING,
        hovered: false,
    };
    egui::ScrollArea::both()
        .id_salt("scene-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let outer = size.max(ui.available_size());
            let (outer_rect, bg) = ui.allocate_exact_size(outer, Sense::hover());
            let rect = Rect::from_center_size(outer_rect.center(), size);
            out.rect = outer_rect;
            out.hovered = bg.hovered() || bg.contains_pointer();
            let xf = Xf {
                origin: rect.min,
                scale,
                min_text: MIN_TEXT * opts.zoom.min(1.0),
            };
            let painter = ui.painter_at(outer_rect);
            let moving = opts.motion.zip(opts.time);
            let place = recorded::Place::of(&painter, xf.origin, scale, xf.min_text);
            // A table at rest is the same picture frame after frame: painted once per
            // scene and place, then replayed (see [`recorded`]).
            let still = moving.is_none() && painter.is_visible();
            let rec_id = ui.scope_id();
            let (in_flight, rolling) = if still && recorded::replay(ui.ctx(), rec_id, scene, &place)
            {
                (Vec::new(), Vec::new())
            } else {
                let start = recorded::mark(ui.ctx(), place.layer);
                let art = scene.art.as_deref().map(|book| Art::new(ui.ctx(), book));
                let live = paint_items(&painter, &xf, rect, scene, art.as_ref(), moving);
                if still {
                    let textures = art.map(Art::into_used).unwrap_or_default();
                    recorded::keep(ui.ctx(), rec_id, scene, place, start, textures);
                }
                live
            };
            let art = (!in_flight.is_empty())
                .then(|| scene.art.as_deref().map(|book| Art::new(ui.ctx(), book)))
                .flatten();
            let art = art.as_ref();
            // Moving components pass over everything, and glow only once they land.
            for (item, picture) in &in_flight {
                paint_framed(&painter, &xf, item, picture.as_ref(), art);
            }
            for (item, roll) in rolling {
                paint_rolling_die(&painter, &xf, item, roll);
            }
            let groups = Grouping::new(ui, &xf, scene);
            describe(ui, &groups, &xf, scene, targets);
            let chosen = interact(ui, &groups, &painter, &xf, scene, targets, opts, table);
            out.from_menu = chosen.as_ref().is_some_and(|c| c.from_menu);
            out.chosen = chosen.map(|c| (c.seat, c.action));
            out.anchor = anchor_rect(&xf, scene, table);
            out.lesson = table
                .lesson
                .as_deref()
                .and_then(|id| clicks::item_rect(&xf, scene, id));
            enlarge::show(ui, scene, &xf, &bg);
            // Tooltips of items nobody can click.
            if let Some(pointer) = bg.hover_pos()
                && let Some(tip) = tooltip_at(ui.ctx(), scene, &xf, pointer, targets)
            {
                bg.on_hover_text_at_pointer(tip);
            }
        });
    out
}

/// Components painted later, over the rest: those sliding (with their picture), and
/// dice in mid-roll.
type Live<'a> = (Vec<(Item, Option<Shape>)>, Vec<(&'a Item, Roll)>);

/// The table's ground and every item in its place, in the order of their depth; what
/// is moving is left out and returned, to be painted over everything.
fn paint_items<'a>(
    painter: &Painter,
    xf: &Xf,
    ground: Rect,
    scene: &'a Scene,
    art: Option<&Art>,
    moving: Option<(&Motion, f64)>,
) -> Live<'a> {
    painter.rect_filled(ground, CornerRadius::same(6), color(scene.background));
    let pictures = pictures(scene);
    let mut order: Vec<usize> = (0..scene.items.len()).collect();
    order.sort_by_key(|&i| scene.items[i].z);
    let mut in_flight = Vec::new();
    let mut rolling = Vec::new();
    // Where each moving component ends and where it is now, so a drawing lying
    // on it (a card's picture) travels with it.
    let mut carriers: Vec<(scene::Rect, scene::Rect)> = Vec::new();
    for i in order {
        let item = &scene.items[i];
        if pictures.is_picture[i] {
            continue;
        }
        let picture = pictures.of[i].map(|k| &scene.items[k]);
        if let Some(roll) = moving.and_then(|(m, now)| m.roll_at(i, &item.shape, now)) {
            rolling.push((item, roll));
            continue;
        }
        let shape = moving
            .and_then(|(m, now)| m.shape_at(i, &item.shape, now))
            .or_else(|| carried(&item.shape, &carriers));
        match shape {
            Some(shape) => {
                let (end, now) = (item.shape.bounds(), shape.bounds());
                carriers.push((end, now));
                let picture = picture.and_then(|pic| carried(&pic.shape, &[(end, now)]));
                in_flight.push((
                    Item {
                        shape,
                        ..item.clone()
                    },
                    picture,
                ))
            }
            None => {
                paint_framed(painter, xf, item, picture.map(|p| &p.shape), art);
                paint_highlight(painter, xf, item);
            }
        }
    }
    (in_flight, rolling)
}

/// A die in mid-roll: turned, lifted and showing a passing face (see [`Roll`]).
fn paint_rolling_die(p: &Painter, xf: &Xf, item: &Item, roll: Roll) {
    if let Shape::Die {
        center,
        size,
        faces,
        fill,
        ink,
        ..
    } = &item.shape
    {
        let face = DieFace {
            faces: *faces,
            value: roll.value,
            fill: color(*fill),
            ink: color(*ink),
        };
        let size = xf.len(*size) * roll.lift;
        paint_die(p, xf.p(*center), size, face, roll.angle, xf.min_text);
    }
}

/// Which images are cards' pictures: an image that comes right after a card in the
/// scene and lies inside it is drawn with that card, over its face and under its title
/// and value (see [`Shape::Image`]).
pub struct Pictures {
    /// Per item: the index of its picture, for a card that has one.
    pub of: Vec<Option<usize>>,
    pub is_picture: Vec<bool>,
}

pub fn pictures(scene: &Scene) -> Pictures {
    let n = scene.items.len();
    let mut out = Pictures {
        of: vec![None; n],
        is_picture: vec![false; n],
    };
    for (i, pair) in scene.items.windows(2).enumerate() {
        if let (Shape::Card { rect: card, .. }, Shape::Image { rect: r, .. }) =
            (&pair[0].shape, &pair[1].shape)
            && r.x >= card.x - 0.5
            && r.y >= card.y - 0.5
            && r.x + r.w <= card.x + card.w + 0.5
            && r.y + r.h <= card.y + card.h + 0.5
        {
            out.of[i] = Some(i + 1);
            out.is_picture[i + 1] = true;
        }
    }
    out
}

/// An item, with its picture when it is a card that has one.
fn paint_framed(p: &Painter, xf: &Xf, item: &Item, picture: Option<&Shape>, art: Option<&Art>) {
    match (&item.shape, picture) {
        (
            Shape::Card {
                rect,
                fill,
                band,
                title,
                value,
                face_down,
                private,
            },
            Some(pic),
        ) => paint_card(
            p,
            xf,
            *rect,
            color(*fill),
            band.map(color),
            title,
            value,
            *face_down,
            *private,
            Some((item, pic, art)),
        ),
        _ => paint_item(p, xf, item, art),
    }
}

/// A drawing lying on a component that is sliding (a card's picture on its card) goes
/// where the component is now: its new place is `carrier`'s end, mapped to where the
/// carrier is at this moment.
fn carried(shape: &Shape, carriers: &[(scene::Rect, scene::Rect)]) -> Option<Shape> {
    let Shape::Image { rect: r, .. } = shape else {
        return None;
    };
    let (end, now) = carriers.iter().rev().find(|(end, _)| {
        r.x >= end.x - 0.5
            && r.y >= end.y - 0.5
            && r.x + r.w <= end.x + end.w + 0.5
            && r.y + r.h <= end.y + end.h + 0.5
    })?;
    let (sx, sy) = (
        if end.w > 0.0 { now.w / end.w } else { 1.0 },
        if end.h > 0.0 { now.h / end.h } else { 1.0 },
    );
    Some(shape.placed_in(scene::rect(
        now.x + (r.x - end.x) * sx,
        now.y + (r.y - end.y) * sy,
        r.w * sx,
        r.h * sy,
    )))
}

/// The table's groups for screen readers (see [`reader`]): one child `Ui` per group,
/// named, that the nodes of the items inside it are made in. Empty while no screen
/// reader (AccessKit) is listening, so an ordinary frame pays nothing for it.
struct Grouping {
    groups: Vec<reader::Group>,
    uis: Vec<Ui>,
}

impl Grouping {
    fn new(ui: &mut Ui, xf: &Xf, scene: &Scene) -> Grouping {
        let listening = ui
            .ctx()
            .accesskit_node_builder(ui.unique_id(), |_| ())
            .is_some();
        if !listening {
            return Grouping {
                groups: Vec::new(),
                uis: Vec::new(),
            };
        }
        let groups = reader::groups(scene);
        let uis = groups
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let label = readable_owned(ui.ctx(), &g.label);
                ui.new_child(
                    UiBuilder::new()
                        .id_salt(("scene-group", k))
                        .max_rect(xf.r(g.rect))
                        .accessibility_role(egui::Role::Group)
                        .accessibility_label(label),
                )
            })
            .collect();
        Grouping { groups, uis }
    }

    /// The `Ui` to make the node of an item at `r` in (the smallest group around it).
    fn ui_for<'a>(&'a self, ui: &'a Ui, r: &scene::Rect, item: usize) -> &'a Ui {
        reader::group_of(&self.groups, r, item)
            .and_then(|k| self.uis.get(k))
            .unwrap_or(ui)
    }
}

/// What the table says, for screen readers and UI tests: every item with a tooltip, a
/// die, a text, a named drawing, that nobody can click (clickable items are named by
/// [`interact`]), one node each, in its group.
fn describe(ui: &Ui, groups: &Grouping, xf: &Xf, scene: &Scene, targets: Targets<'_>) {
    let listening = ui
        .ctx()
        .accesskit_node_builder(ui.unique_id(), |_| ())
        .is_some();
    if !listening {
        return;
    }
    let nodes = reader::nodes(
        scene,
        &groups.groups,
        |item| is_target(item, targets),
        placeholder_label,
        die_name,
    );
    for node in nodes {
        let parent = match node.group {
            Some(k) => groups.uis.get(k).unwrap_or(ui),
            None => ui,
        };
        let rect = xf.r(node.rect);
        let resp = parent.interact(
            rect,
            ui.scope_id().with(("scene-read", node.item)),
            Sense::hover(),
        );
        let name = readable_owned(ui.ctx(), &node.name);
        resp.widget_info(|| WidgetInfo::labeled(node.role, true, &name));
    }
}

/// "d6 showing 4": how a die is named to screen readers.
pub fn die_name(faces: u8, value: u8) -> String {
    format!("d{faces} showing {value}")
}

fn tooltip_at(
    ctx: &egui::Context,
    scene: &Scene,
    xf: &Xf,
    pointer: Pos2,
    targets: Targets<'_>,
) -> Option<String> {
    scene
        .draw_order()
        .into_iter()
        .rev()
        .filter(|i| i.tooltip.is_some())
        .filter(|i| !is_target(i, targets))
        .find(|i| xf.r(i.shape.bounds()).contains(pointer))
        .and_then(|i| i.tooltip.clone())
        .map(|t| readable_owned(ctx, &t))
}

fn paint_highlight(p: &Painter, xf: &Xf, item: &Item) {
    let r = xf.r(item.shape.bounds());
    match item.highlight {
        Highlight::None => {}
        Highlight::Selected => {
            p.rect_stroke(
                r.expand(3.0),
                CornerRadius::same(6),
                Stroke::new(4.0, Color32::from_rgb(86, 180, 233)),
                StrokeKind::Outside,
            );
        }
        Highlight::Changed => {
            p.rect_filled(
                r.expand(5.0),
                CornerRadius::same(8),
                Color32::from_rgba_unmultiplied(255, 255, 255, 40),
            );
            p.rect_stroke(
                r.expand(5.0),
                CornerRadius::same(8),
                Stroke::new(2.0, Color32::from_rgb(230, 159, 0)),
                StrokeKind::Outside,
            );
        }
        Highlight::Active => {
            p.rect_stroke(
                r.expand(2.0),
                CornerRadius::same(6),
                Stroke::new(2.0, Color32::WHITE),
                StrokeKind::Outside,
            );
            p.rect_stroke(
                r.expand(6.0),
                CornerRadius::same(8),
                Stroke::new(2.0, Color32::from_rgb(0, 158, 115)),
                StrokeKind::Outside,
            );
        }
    }
}

fn stroke_of(s: &Option<scene::Stroke>, xf: &Xf) -> Stroke {
    match s {
        Some(s) => Stroke::new(xf.len(s.width).max(1.0), color(s.color)),
        None => Stroke::NONE,
    }
}

fn contrast_text(fill: Color32) -> Color32 {
    if luminance(fill) > 0.55 {
        Color32::from_rgb(30, 30, 36)
    } else {
        Color32::WHITE
    }
}

fn paint_item(p: &Painter, xf: &Xf, item: &Item, art: Option<&Art>) {
    match &item.shape {
        Shape::Rect {
            rect,
            fill,
            stroke,
            radius,
        } => {
            let r = xf.r(*rect);
            let cr = CornerRadius::same(xf.len(*radius).clamp(0.0, 255.0) as u8);
            p.rect(
                r,
                cr,
                color(*fill),
                stroke_of(stroke, xf),
                StrokeKind::Inside,
            );
        }
        Shape::Card {
            rect,
            fill,
            band,
            title,
            value,
            face_down,
            private,
        } => paint_card(
            p,
            xf,
            *rect,
            color(*fill),
            band.map(color),
            title,
            value,
            *face_down,
            *private,
            None,
        ),
        Shape::Circle {
            center,
            radius,
            fill,
            stroke,
        } => {
            p.circle(
                xf.p(*center),
                xf.len(*radius),
                color(*fill),
                stroke_of(stroke, xf),
            );
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let pts: Vec<Pos2> = points.iter().map(|q| xf.p(*q)).collect();
            if pts.len() >= 3 {
                p.add(egui::Shape::convex_polygon(
                    pts,
                    color(*fill),
                    stroke_of(stroke, xf),
                ));
            }
        }
        Shape::Line { points, stroke } => {
            let pts: Vec<Pos2> = points.iter().map(|q| xf.p(*q)).collect();
            p.add(egui::Shape::line(
                pts,
                Stroke::new(xf.len(stroke.width).max(1.0), color(stroke.color)),
            ));
        }
        Shape::Text {
            pos,
            text,
            size,
            color: c,
            align,
            bold,
        } => {
            let anchor = match align {
                Align::Left => Align2::LEFT_CENTER,
                Align::Center => Align2::CENTER_CENTER,
                Align::Right => Align2::RIGHT_CENTER,
            };
            paint_text(
                p,
                xf.p(*pos),
                anchor,
                text,
                xf.text(*size),
                color(*c),
                *bold,
            );
        }
        Shape::Icon {
            center,
            size,
            icon,
            color: c,
        } => paint_icon(p, xf.p(*center), xf.len(*size), *icon, color(*c)),
        Shape::TextBlock {
            rect,
            text,
            size,
            color: c,
            align,
            bold,
        } => paint_text_block(p, xf, *rect, text, *size, color(*c), *align, *bold),
        Shape::Die {
            center,
            size,
            faces,
            value,
            fill,
            ink,
        } => paint_die(
            p,
            xf.p(*center),
            xf.len(*size),
            DieFace {
                faces: *faces,
                value: *value,
                fill: color(*fill),
                ink: color(*ink),
            },
            0.0,
            xf.min_text,
        ),
        Shape::Image { .. } => paint_image(p, xf, item, &item.shape, art),
        Shape::Unknown { kind, .. } => paint_placeholder(p, xf, item, kind),
    }
}

/// A drawing of the game's art; the unknown shape's placeholder when the game has no
/// drawing of that id (or it would not load). `shape` is where it is drawn now (`item`'s
/// own shape, or its place on a sliding card).
fn paint_image(p: &Painter, xf: &Xf, item: &Item, shape: &Shape, art: Option<&Art>) {
    let Shape::Image {
        rect, image, tint, ..
    } = shape
    else {
        return;
    };
    let tint = tint.map_or(Color32::WHITE, color);
    if !art.is_some_and(|art| art.paint(p, image, xf.r(*rect), tint)) {
        let placed = Item {
            shape: shape.clone(),
            ..item.clone()
        };
        paint_placeholder(p, xf, &placed, image);
    }
}

/// A text block as the game measured it: wrapped by the shared measurement at the size
/// the text is drawn at here, so the lines break where the game expected at that size.
#[allow(clippy::too_many_arguments)]
fn paint_text_block(
    p: &Painter,
    xf: &Xf,
    r: scene::Rect,
    text: &str,
    size: f32,
    c: Color32,
    align: Align,
    bold: bool,
) {
    let points = xf.text(size);
    let canvas_size = points / xf.scale;
    let (x, anchor) = match align {
        Align::Left => (r.x, Align2::LEFT_TOP),
        Align::Center => (r.x + r.w / 2.0, Align2::CENTER_TOP),
        Align::Right => (r.x + r.w, Align2::RIGHT_TOP),
    };
    let step = scene::line_height(canvas_size);
    for (i, line) in scene::wrap_lines(text, canvas_size, r.w, bold)
        .iter()
        .enumerate()
    {
        let at = xf.p(scene::pos(x, r.y + i as f32 * step));
        paint_text(p, at, anchor, line, points, c, bold);
    }
}

/// A shape from a newer plugin: a dashed box where it would be, named by its tooltip,
/// its id or, failing both, its kind, so the table stays readable around it.
fn paint_placeholder(p: &Painter, xf: &Xf, item: &Item, kind: &str) {
    let r = xf.r(item.shape.bounds());
    let r = if r.width() < 8.0 || r.height() < 8.0 {
        Rect::from_center_size(r.center(), r.size().max(vec2(24.0, 24.0)))
    } else {
        r
    };
    let ink = Color32::from_rgb(30, 30, 36);
    p.rect_filled(
        r,
        CornerRadius::same(4),
        Color32::from_rgba_unmultiplied(246, 241, 228, 200),
    );
    p.add(egui::Shape::dashed_line(
        &[
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ],
        Stroke::new(1.5, ink),
        6.0,
        4.0,
    ));
    let label = placeholder_label(item, kind);
    let size = fit_size(
        p,
        &label,
        xf.min_text.max(13.0),
        r.width() * 0.92,
        xf.min_text,
    );
    let label = elide(p, &label, size, r.width() * 0.92);
    let clip = p.with_clip_rect(r.expand(1.0));
    paint_text(
        &clip,
        r.center(),
        Align2::CENTER_CENTER,
        &label,
        size,
        ink,
        false,
    );
}

/// What a placeholder says: the first sentence of the tooltip, else the id, else the kind.
pub fn placeholder_label(item: &Item, kind: &str) -> String {
    let name = item
        .tooltip
        .as_deref()
        .map(first_sentence)
        .filter(|t| !t.is_empty())
        .or(item.id.as_deref())
        .unwrap_or(kind);
    format!("? {name}")
}

/// The largest size up to `size` at which `text` fits `width`, never below the minimum
/// text size (a long value on a small card shrinks instead of spilling over).
fn fit_size(p: &Painter, text: &str, size: f32, width: f32, floor: f32) -> f32 {
    let w = p
        .layout_no_wrap(text.to_string(), FontId::proportional(size), Color32::WHITE)
        .size()
        .x;
    if w <= width || w <= 0.0 {
        size
    } else {
        (size * width / w).max(floor.min(size))
    }
}

/// `text` cut at the end with "…" so it fits `width` at `size`: "green dr…" reads
/// where a centred, clipped "en drag" does not.
fn elide(p: &Painter, text: &str, size: f32, width: f32) -> String {
    let fits = |t: &str| {
        p.layout_no_wrap(t.to_string(), FontId::proportional(size), Color32::WHITE)
            .size()
            .x
            <= width
    };
    if fits(text) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| format!("{}…", chars[..n].iter().collect::<String>().trim_end()))
        .find(|t| fits(t))
        .unwrap_or_default()
}

/// Text, with bold faked by a second pass half a point to the right (the default fonts
/// have no bold face).
pub fn paint_text(
    p: &Painter,
    at: Pos2,
    anchor: Align2,
    text: &str,
    size: f32,
    c: Color32,
    bold: bool,
) -> Rect {
    let font = FontId::proportional(size);
    let text = super::text::readable(p.ctx(), text);
    let text = text.as_ref();
    if bold {
        p.text(at + vec2(0.6, 0.0), anchor, text, font.clone(), c);
    }
    p.text(at, anchor, text, font, c)
}

#[allow(clippy::too_many_arguments)]
fn paint_card(
    p: &Painter,
    xf: &Xf,
    rect: scene::Rect,
    fill: Color32,
    band: Option<Color32>,
    title: &str,
    value: &str,
    face_down: bool,
    private: bool,
    picture: Option<(&Item, &Shape, Option<&Art>)>,
) {
    let r = xf.r(rect);
    let radius = (r.width().min(r.height()) * 0.08).clamp(2.0, 20.0);
    let cr = CornerRadius::same(radius as u8);
    let edge = Stroke::new(1.5, Color32::from_rgb(30, 30, 36));
    if face_down && let Some((item, shape, art)) = picture {
        // The game's own back: its drawing over the card, the count or word on a plate.
        // The edge is stroked once, over the drawing.
        p.rect_filled(r, cr, fill);
        paint_image(p, xf, item, shape, art);
        p.rect_stroke(r, cr, edge, StrokeKind::Inside);
        if !value.is_empty() {
            let size = xf.text(20.0).max(r.height() * 0.22).min(r.width() * 0.5);
            let size = fit_size(p, value, size, r.width() * 0.8, xf.min_text);
            let plate_fill = Color32::from_rgb(250, 247, 238);
            let w = p
                .layout_no_wrap(value.to_string(), FontId::proportional(size), plate_fill)
                .size()
                .x;
            let plate = Rect::from_center_size(
                r.center(),
                vec2((w + size * 0.6).min(r.width() - 4.0), size * 1.3),
            );
            p.rect(
                plate,
                CornerRadius::same(4),
                plate_fill,
                edge,
                StrokeKind::Inside,
            );
            paint_text(
                p,
                r.center(),
                Align2::CENTER_CENTER,
                value,
                size,
                contrast_text(plate_fill),
                true,
            );
        }
        return;
    }
    if face_down {
        let back = fill.gamma_multiply(0.75);
        p.rect(r, cr, back, edge, StrokeKind::Inside);
        let inner = r.shrink((r.width() * 0.1).min(8.0));
        p.rect_stroke(
            inner,
            cr,
            Stroke::new(1.5, contrast_text(back).gamma_multiply(0.5)),
            StrokeKind::Inside,
        );
        // Diagonal hatching so a back never looks like a blank face.
        let clip = p.with_clip_rect(inner);
        let step = (r.width() / 5.0).max(6.0);
        let mut x = inner.left() - inner.height();
        while x < inner.right() {
            clip.line_segment(
                [
                    pos2(x, inner.bottom()),
                    pos2(x + inner.height(), inner.top()),
                ],
                Stroke::new(1.0, contrast_text(back).gamma_multiply(0.2)),
            );
            x += step;
        }
        if !value.is_empty() {
            let size = xf.text(20.0).max(r.height() * 0.22).min(r.width() * 0.5);
            let size = fit_size(p, value, size, r.width() * 0.9, xf.min_text);
            paint_text(
                p,
                r.center(),
                Align2::CENTER_CENTER,
                value,
                size,
                contrast_text(back),
                true,
            );
        }
        return;
    }
    p.rect(r, cr, fill, edge, StrokeKind::Inside);
    let band_h = r.height() * 0.2;
    if let Some(b) = band {
        let band_rect = Rect::from_min_size(r.min, vec2(r.width(), band_h));
        p.rect_filled(
            band_rect.shrink(1.0),
            CornerRadius {
                nw: radius as u8,
                ne: radius as u8,
                sw: 0,
                se: 0,
            },
            b,
        );
    }
    let ink = contrast_text(fill);
    if let Some((item, shape, art)) = picture {
        paint_image(p, xf, item, shape, art);
    }
    if !value.is_empty() {
        let size = (r.height() * 0.34).min(r.width() * 0.55).max(xf.text(20.0));
        if picture.is_some() {
            // Under a picture the value sits at the foot of the card on a plate of the
            // card's own colour, so it reads at a glance whatever the picture does.
            let size = (r.height() * 0.2).min(r.width() * 0.42).max(xf.text(20.0));
            let size = fit_size(p, value, size, r.width() * 0.86, xf.min_text);
            let at = pos2(r.center().x, r.bottom() - size * 0.75);
            let plate = Rect::from_center_size(at, vec2(r.width() - 6.0, size * 1.25));
            p.rect_filled(plate, CornerRadius::same(3), fill.to_opaque());
            paint_text(p, at, Align2::CENTER_CENTER, value, size, ink, true);
        } else {
            let size = fit_size(p, value, size, r.width() * 0.9, xf.min_text);
            paint_text(
                p,
                r.center() + vec2(0.0, band_h * 0.25),
                Align2::CENTER_CENTER,
                value,
                size,
                ink,
                true,
            );
        }
    }
    // On a card too small for both, the value wins: a clipped title only adds noise.
    if !title.is_empty() && r.height() >= 3.0 * xf.text(CARD_TITLE_POINTS) {
        let size = fit_size(
            p,
            title,
            xf.text(CARD_TITLE_POINTS),
            r.width() * CARD_TITLE_SHARE,
            xf.min_text,
        );
        let title = elide(p, title, size, r.width() * CARD_TITLE_SHARE);
        let (at, c) = match band {
            Some(b) => (pos2(r.center().x, r.top() + band_h / 2.0), contrast_text(b)),
            None => (pos2(r.center().x, r.bottom() - size * 0.8), ink),
        };
        let clip = p.with_clip_rect(r.shrink(2.0));
        paint_text(&clip, at, Align2::CENTER_CENTER, &title, size, c, false);
    }
    if private {
        // "Only you see this face": a lock in the corner plus a dashed inner edge.
        let s = (r.width() * 0.22).clamp(10.0, 22.0);
        // On a card with a picture the value fills the foot: the lock sits above it.
        let foot = if picture.is_some() {
            r.height() * 0.26
        } else {
            0.0
        };
        let c = pos2(r.right() - s * 0.7, r.bottom() - foot - s * 0.7);
        p.circle_filled(c, s * 0.65, Color32::from_rgb(30, 30, 36));
        paint_icon(
            p,
            c,
            s,
            tavern_plugin_api::scene::Icon::Lock,
            Color32::from_rgb(240, 228, 66),
        );
        let d = r.shrink(3.0);
        p.add(egui::Shape::dashed_line(
            &[
                d.left_top(),
                d.right_top(),
                d.right_bottom(),
                d.left_bottom(),
                d.left_top(),
            ],
            Stroke::new(1.5, Color32::from_rgb(86, 180, 233)),
            6.0,
            4.0,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_window_scrolls_rather_than_shrinking_text_out_of_place() {
        // Full HD fits; 1280×800's table area fits at about MIN_SCALE; 1024×700 clamps.
        assert!((fit_scale(vec2(1600.0, 1000.0), 1600.0, 1000.0) - 1.0).abs() < 1e-6);
        assert!(fit_scale(vec2(940.0, 740.0), 1600.0, 1000.0) >= MIN_SCALE);
        assert_eq!(fit_scale(vec2(740.0, 620.0), 1600.0, 1000.0), MIN_SCALE);
    }
}

#[cfg(test)]
mod art_tests {
    use std::sync::Arc;

    use egui::load::BytesLoader as _;
    use tavern_plugin_api::scene::{Art as Drawing, ArtBook, Color, rect};

    use super::*;

    const DISC: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#ffffff"/></svg>"##;

    /// One frame of `scene` in a `w`×`h` window, painted as the table paints it.
    fn run_frame(ctx: &egui::Context, scene: &Scene, w: f32, h: f32) -> egui::FullOutput {
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(w, h))),
            ..Default::default()
        };
        ctx.run_ui(input, |ui| {
            let opts = PaintOptions {
                zoom: 1.0,
                time: None,
                motion: None,
            };
            show_scene(ui, scene, &[], &opts);
        })
    }

    fn frame(ctx: &egui::Context, scene: &Scene) -> usize {
        let out = run_frame(ctx, scene, 1280.0, 800.0);
        fn textured(s: &egui::Shape) -> usize {
            match s {
                egui::Shape::Vec(v) => v.iter().map(textured).sum(),
                egui::Shape::Mesh(m) => usize::from(m.texture_id != egui::TextureId::default()),
                _ => 0,
            }
        }
        out.shapes.iter().map(|c| textured(&c.shape)).sum()
    }

    /// Issue 16: once a table's drawings have textures, a later frame paints each from
    /// the host's cache — nothing rasterised, no egui loader asked, no address made.
    #[test]
    fn a_second_frame_of_a_table_with_images_is_served_from_the_cache() {
        let mut scene = Scene::new(1600.0, 1000.0);
        scene.art = Some(Arc::new(ArtBook::new(
            "test-art",
            vec![Drawing::new("disc", DISC)],
        )));
        scene.image(rect(100.0, 100.0, 200.0, 200.0), "disc", "A disc");
        scene.image(rect(400.0, 100.0, 200.0, 200.0), "disc", "Another disc");
        scene.card(
            rect(700.0, 100.0, 140.0, 200.0),
            Color::PAPER,
            None,
            "Card",
            "4",
        );
        scene.image(rect(704.0, 142.0, 132.0, 100.0), "disc", "");
        let ctx = egui::Context::default();
        assert_eq!(frame(&ctx, &scene), 3);
        let first = images::counts(&ctx);
        assert_eq!(first.rasterised, 2, "two sizes of one drawing");
        for _ in 0..2 {
            assert_eq!(frame(&ctx, &scene), 3, "every drawing painted again");
        }
        let later = images::counts(&ctx);
        assert_eq!(
            later.rasterised, first.rasterised,
            "nothing rasterised again"
        );
        assert_eq!(
            later.reused, first.reused,
            "the still table replayed: no drawing even looked up"
        );
        assert_eq!(recorded::made(&ctx), 1, "one recording of the table");
        let loaders = ctx.loaders();
        assert_eq!(loaders.include.byte_size(), 0, "no bytes under an address");
        assert!(loaders.texture.lock().iter().all(|l| l.byte_size() == 0));
    }

    /// What one frame of `scene` in a `w`×`h` window hands to the renderer, as text.
    fn picture(ctx: &egui::Context, scene: &Scene, w: f32, h: f32) -> String {
        let out = run_frame(ctx, scene, w, h);
        format!("{:?}", ctx.tessellate(out.shapes, out.pixels_per_point))
    }

    fn table() -> Scene {
        let mut scene = Scene::new(1600.0, 1000.0);
        scene.art = Some(Arc::new(ArtBook::new(
            "test-art",
            vec![Drawing::new("disc", DISC)],
        )));
        scene.rect(rect(20.0, 20.0, 300.0, 200.0), Color::PAPER, 6.0);
        scene.text(scene::pos(60.0, 60.0), "Round 2", 20.0, Color::INK);
        scene.card(
            rect(700.0, 100.0, 140.0, 200.0),
            Color::PAPER,
            None,
            "Card",
            "4",
        );
        scene.image(rect(704.0, 142.0, 132.0, 100.0), "disc", "");
        scene.image(rect(400.0, 100.0, 200.0, 200.0), "disc", "A disc");
        scene
    }

    /// A table at rest is painted once per scene: later frames replay the recording and
    /// hand the renderer exactly what painting it again would.
    #[test]
    fn a_still_table_is_recorded_once_and_replayed_as_painted() {
        let ctx = egui::Context::default();
        let scene = table();
        let first = picture(&ctx, &scene, 1280.0, 800.0);
        assert_eq!(recorded::made(&ctx), 1);
        let second = picture(&ctx, &scene, 1280.0, 800.0);
        let third = picture(&ctx, &scene, 1280.0, 800.0);
        assert_eq!(recorded::made(&ctx), 1, "replayed, not painted again");
        assert_eq!(second, third);
        // Painted afresh at the same point (the recording held another scene in
        // between): the same picture as the replay.
        let mut other = scene.clone();
        other.text(scene::pos(60.0, 120.0), "Anna to play", 20.0, Color::INK);
        let _ = picture(&ctx, &other, 1280.0, 800.0);
        let made = recorded::made(&ctx);
        assert_eq!(picture(&ctx, &scene, 1280.0, 800.0), second);
        assert_eq!(recorded::made(&ctx), made + 1, "painted, not replayed");
        assert!(first.len() > 1000);
    }

    /// A new scene (even an equal copy's one change), a resized window or another zoom
    /// is painted afresh and recorded again.
    #[test]
    fn a_new_scene_or_place_is_recorded_again() {
        let ctx = egui::Context::default();
        let scene = table();
        let before = picture(&ctx, &scene, 1280.0, 800.0);
        let copy = scene.clone();
        assert_eq!(picture(&ctx, &copy, 1280.0, 800.0), before);
        assert_eq!(
            recorded::made(&ctx),
            1,
            "an equal scene is the same picture"
        );
        let mut changed = scene.clone();
        changed.text(scene::pos(60.0, 120.0), "Anna to play", 20.0, Color::INK);
        let after = picture(&ctx, &changed, 1280.0, 800.0);
        assert_eq!(recorded::made(&ctx), 2);
        assert_ne!(after, before, "the new text is drawn");
        let _ = picture(&ctx, &changed, 1024.0, 700.0);
        assert_eq!(recorded::made(&ctx), 3, "a resized window");
        let _ = picture(&ctx, &changed, 1024.0, 700.0);
        assert_eq!(recorded::made(&ctx), 3);
        // Drawn with its drawing's texture at each size.
        let mut other_art = changed.clone();
        other_art.art = Some(Arc::new(ArtBook::new(
            "test-art",
            vec![Drawing::new("disc", DISC)],
        )));
        let _ = picture(&ctx, &other_art, 1024.0, 700.0);
        assert_eq!(recorded::made(&ctx), 4, "another art book");
    }
}
