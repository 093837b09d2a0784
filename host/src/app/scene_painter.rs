//! Draws a game's [`Scene`] into a rectangle, scaled to fit while keeping its aspect
//! ratio, and turns clicks on items named by legal actions into those actions.

use egui::{Rect, Sense, Ui, vec2};
use serde_json::Value;
use tavern_plugin_api::scene::Scene;

use images::Art;

mod canvas;
mod card;
pub mod clicks;
mod describe;
mod drawing;
pub mod enlarge;
mod groups;
pub mod images;
mod layers;
mod lettering;
mod options;
pub mod reader;
pub mod recorded;
mod shapes;

pub(crate) use canvas::Xf;
pub use canvas::{MIN_SCALE, MIN_TEXT, fit_scale};
pub use clicks::{Chosen, TableOptions};
pub use describe::die_name;
pub use drawing::placeholder_label;
pub use layers::{Pictures, pictures};
pub use lettering::paint_text;
pub use options::{PaintOptions, Targets};
pub use reader::first_sentence;

use clicks::{anchor_rect, interact};
use describe::{describe, tooltip_at};
use groups::Grouping;
use layers::paint_items;
use shapes::{paint_framed, paint_rolling_die};

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
    /// Where the items the legal actions target are on screen (what an overlay on the
    /// table must not cover).
    pub targets: Vec<Rect>,
    /// The scene's rectangle on screen (for Ctrl+wheel zoom).
    pub rect: Rect,
    pub hovered: bool,
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
        targets: Vec::new(),
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
            out.targets = targets
                .iter()
                .filter_map(|(_, a)| a.target.as_deref())
                .filter_map(|id| clicks::item_rect(&xf, scene, id))
                .collect();
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

#[cfg(test)]
mod art_tests {
    use std::sync::Arc;

    use egui::Pos2;
    use egui::load::BytesLoader as _;
    use tavern_plugin_api::scene::{self, Art as Drawing, ArtBook, Color, rect};

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
