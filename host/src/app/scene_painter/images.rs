//! A game's drawings on the table: the SVG a plugin shipped once, rasterised by
//! egui_extras' SVG support (resvg) at the size it is drawn (rounded up a little, so a
//! window resized by a pixel reuses the texture), uploaded once and kept in the egui
//! context's memory until that size is no longer drawn.
//!
//! Once its texture exists a drawing costs what a filled rectangle costs: a lookup by
//! game, image id and size, then one textured quad. No address is formatted and egui's
//! loader chain (its string keys, hashing and locks per call) is not asked: at 50 to 100
//! drawings a table, that per-frame work made frames with art measurably slower.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use egui::load::SizeHint;
use egui::{Color32, Context, Id, Painter, Rect, TextureHandle, TextureOptions, Vec2, pos2, vec2};
use tavern_plugin_api::scene::ArtBook;

/// Raster sizes are rounded up to a multiple of this many pixels.
const SIZE_STEP: f32 = 8.0;

/// The whole texture, as every drawing is painted.
const UV: Rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));

/// The drawings' textures of one egui context.
#[derive(Default)]
struct Textures {
    /// By the address of the drawing's bytes: each entry holds those bytes, so the
    /// address stays its own while the entry lives, and a hit hashes one number
    /// instead of a game's and an image's names.
    drawings: HashMap<usize, Drawing>,
    /// The pass sizes no longer drawn were last dropped in.
    pruned: u64,
    counts: Counts,
}

/// How the cache has been used, for tests and the bench.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Drawings rasterised and uploaded (a first frame, a new size).
    pub rasterised: u64,
    /// Drawings painted from a texture already made.
    pub reused: u64,
}

/// One drawing of a game, at each size it is kept at.
struct Drawing {
    /// Keeps the address the drawing is filed under.
    _svg: Arc<[u8]>,
    sizes: Vec<Raster>,
}

/// A drawing at one size.
struct Raster {
    px: [u32; 2],
    /// The texture and the drawing's own size (for its aspect); `None` when the SVG
    /// would not load, remembered so a broken drawing is not parsed every frame.
    texture: Option<(TextureHandle, Vec2)>,
    last_used: u64,
}

/// The cache as kept in egui's memory (which wants `Clone + Send + Sync`).
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Textures>>);

impl Shared {
    fn of(ctx: &Context) -> Shared {
        ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Shared>(Id::unique("tavern-art-textures"))
                .clone()
        })
    }

    fn lock(&self) -> MutexGuard<'_, Textures> {
        // A panic while painting leaves a usable cache: at worst one size is missing.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How the drawings of `ctx` have been served so far.
pub fn counts(ctx: &Context) -> Counts {
    Shared::of(ctx).lock().counts
}

impl Textures {
    /// Drops the sizes of a drawing not drawn in this pass or the last, when it has a
    /// newer one (a resized window leaves no trail of textures; the size in use stays).
    fn prune(&mut self, pass: u64) {
        if self.pruned == pass {
            return;
        }
        self.pruned = pass;
        for d in self.drawings.values_mut() {
            if d.sizes.len() < 2 {
                continue;
            }
            let newest = d.sizes.iter().map(|r| r.last_used).max().unwrap_or(0);
            d.sizes
                .retain(|r| r.last_used + 1 >= pass || r.last_used == newest);
        }
    }

    /// The texture of `svg` (drawing `image` of `game`) at `px`, made the first time it
    /// is asked for.
    fn texture(
        &mut self,
        ctx: &Context,
        (game, image): (&str, &str),
        svg: &Arc<[u8]>,
        px: [u32; 2],
        pass: u64,
    ) -> Option<(TextureHandle, Vec2)> {
        let drawing = self
            .drawings
            .entry(Arc::as_ptr(svg) as *const u8 as usize)
            .or_insert_with(|| Drawing {
                _svg: svg.clone(),
                sizes: Vec::new(),
            });
        if let Some(r) = drawing.sizes.iter_mut().find(|r| r.px == px) {
            r.last_used = pass;
            self.counts.reused += 1;
            return r.texture.clone();
        }
        let texture = rasterise(ctx, game, image, svg, px);
        self.counts.rasterised += 1;
        let found = texture.clone();
        drawing.sizes.push(Raster {
            px,
            texture,
            last_used: pass,
        });
        found
    }
}

/// Draws `svg` at most `px` pixels large (its aspect kept) and uploads it.
fn rasterise(
    ctx: &Context,
    game: &str,
    image: &str,
    svg: &[u8],
    px: [u32; 2],
) -> Option<(TextureHandle, Vec2)> {
    let hint = SizeHint::Size {
        width: px[0],
        height: px[1],
        maintain_aspect_ratio: true,
    };
    // resvg's default options, as egui_extras' own SVG loader uses them.
    let picture =
        egui_extras::image::load_svg_bytes_with_size(svg, hint, &Default::default()).ok()?;
    let size = picture.source_size;
    let name = format!("tavern-art/{game}/{image}@{}x{}", px[0], px[1]);
    Some((
        ctx.load_texture(name, picture, TextureOptions::LINEAR),
        size,
    ))
}

/// The pixel size a drawing of `points` is rasterised at: rounded up to [`SIZE_STEP`],
/// and within the largest texture the graphics card takes (the aspect kept).
pub fn raster_size(points: Vec2, ppp: f32, max_side: u32) -> [u32; 2] {
    let fit = (max_side as f32 / (points.x * ppp).max(points.y * ppp).max(1.0)).min(1.0);
    let px = |p: f32| {
        let steps = (p * ppp * fit / SIZE_STEP).ceil().max(1.0);
        ((steps * SIZE_STEP) as u32).min(max_side.max(SIZE_STEP as u32))
    };
    [px(points.x), px(points.y)]
}

/// One frame's access to a game's drawings: made once per scene painted.
pub struct Art<'a> {
    book: &'a ArtBook,
    textures: Shared,
    pass: u64,
    ppp: f32,
    max_side: u32,
    /// The textures painted, for a recording of the table that outlives this frame
    /// (see [`super::recorded`]): it holds them so the cache's pruning cannot free a
    /// texture its shapes still name.
    used: RefCell<Vec<TextureHandle>>,
}

impl<'a> Art<'a> {
    pub fn new(ctx: &Context, book: &'a ArtBook) -> Art<'a> {
        let textures = Shared::of(ctx);
        let pass = ctx.cumulative_pass_nr();
        textures.lock().prune(pass);
        Art {
            book,
            textures,
            pass,
            ppp: ctx.pixels_per_point(),
            max_side: ctx.input(|i| i.max_texture_side).min(u32::MAX as usize) as u32,
            used: RefCell::new(Vec::new()),
        }
    }

    /// The textures painted so far.
    pub fn into_used(self) -> Vec<TextureHandle> {
        self.used.into_inner()
    }

    /// Paints drawing `image` fitted into `rect` (centred, its aspect kept), its colours
    /// multiplied by `tint`. False when the game has no such drawing or it would not
    /// load: the caller draws a placeholder.
    pub fn paint(&self, p: &Painter, image: &str, rect: Rect, tint: Color32) -> bool {
        let Some(svg) = self.book.images.get(image) else {
            return false;
        };
        let px = raster_size(rect.size(), self.ppp, self.max_side);
        let name = (self.book.game.as_str(), image);
        let texture = self
            .textures
            .lock()
            .texture(p.ctx(), name, svg, px, self.pass);
        let Some((texture, size)) = texture else {
            return false;
        };
        p.image(texture.id(), fitted(rect, size), UV, tint);
        self.used.borrow_mut().push(texture);
        true
    }
}

/// The largest rectangle of the aspect of `size` centred in `r`.
pub fn fitted(r: Rect, size: egui::Vec2) -> Rect {
    if size.x <= 0.0 || size.y <= 0.0 {
        return r;
    }
    let k = (r.width() / size.x).min(r.height() / size.y);
    Rect::from_center_size(r.center(), vec2(size.x * k, size.y * k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavern_plugin_api::scene::Art as Drawing;

    const DISC: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#ffffff"/></svg>"##;

    #[test]
    fn a_drawing_keeps_its_aspect_inside_its_box() {
        let r = Rect::from_min_size(pos2(10.0, 10.0), vec2(100.0, 200.0));
        let f = fitted(r, vec2(50.0, 50.0));
        assert_eq!(f.size(), vec2(100.0, 100.0));
        assert_eq!(f.center(), r.center());
        assert_eq!(fitted(r, vec2(0.0, 3.0)), r);
    }

    #[test]
    fn raster_sizes_round_up_and_stay_within_the_largest_texture() {
        assert_eq!(raster_size(vec2(100.0, 41.0), 1.0, 2048), [104, 48]);
        assert_eq!(raster_size(vec2(101.0, 0.0), 2.0, 2048), [208, 8]);
        let [w, h] = raster_size(vec2(4000.0, 1000.0), 1.0, 2048);
        assert!(
            w <= 2048 && (w as f32 / h as f32 - 4.0).abs() < 0.1,
            "{w}×{h}"
        );
    }

    /// Paints `images` (id, rect) of `book` in one pass of `ctx`, returning the textured
    /// meshes it painted.
    fn frame(ctx: &Context, book: &ArtBook, images: &[(&str, Rect)]) -> Vec<egui::TextureId> {
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let art = Art::new(ui.ctx(), book);
            for (image, rect) in images {
                assert!(art.paint(ui.painter(), image, *rect, Color32::WHITE));
            }
        });
        let mut ids = Vec::new();
        for c in &out.shapes {
            if let egui::Shape::Mesh(m) = &c.shape {
                ids.push(m.texture_id);
            }
        }
        ids
    }

    #[test]
    fn a_second_frame_paints_from_the_cache_without_rasterising_or_loaders() {
        let ctx = Context::default();
        let book = ArtBook::new("test", vec![Drawing::new("disc", DISC)]);
        let small = Rect::from_min_size(pos2(0.0, 0.0), vec2(40.0, 40.0));
        let large = Rect::from_min_size(pos2(50.0, 0.0), vec2(120.0, 120.0));
        let images = [("disc", small), ("disc", small), ("disc", large)];
        let first = frame(&ctx, &book, &images);
        assert_eq!(first.len(), 3);
        assert_eq!(counts(&ctx).rasterised, 2, "one texture per size");
        let before = counts(&ctx);
        let second = frame(&ctx, &book, &images);
        assert_eq!(second, first, "the same textures");
        let after = counts(&ctx);
        assert_eq!(after.rasterised, before.rasterised, "nothing rasterised");
        assert_eq!(
            after.reused,
            before.reused + 3,
            "every drawing from the cache"
        );
        // No egui loader was installed or asked: the drawings never had an address.
        use egui::load::BytesLoader as _;
        assert!(!ctx.is_loader_installed(egui_extras::loaders::svg_loader::SvgLoader::ID));
        let loaders = ctx.loaders();
        assert_eq!(loaders.include.byte_size(), 0, "no bytes under an address");
        assert!(loaders.texture.lock().iter().all(|l| l.byte_size() == 0));
    }

    #[test]
    fn a_size_no_longer_drawn_is_dropped_and_the_one_in_use_kept() {
        let ctx = Context::default();
        let book = ArtBook::new("test", vec![Drawing::new("disc", DISC)]);
        let small = Rect::from_min_size(pos2(0.0, 0.0), vec2(40.0, 40.0));
        let large = Rect::from_min_size(pos2(0.0, 0.0), vec2(120.0, 120.0));
        frame(&ctx, &book, &[("disc", small)]);
        for _ in 0..3 {
            frame(&ctx, &book, &[("disc", large)]);
        }
        let kept = Shared::of(&ctx)
            .lock()
            .drawings
            .values()
            .flat_map(|d| d.sizes.iter().map(|r| r.px))
            .collect::<Vec<_>>();
        assert_eq!(kept, vec![[120, 120]]);
        // Drawn again at the small size: made again, once.
        frame(&ctx, &book, &[("disc", small)]);
        frame(&ctx, &book, &[("disc", small)]);
        assert_eq!(counts(&ctx).rasterised, 3);
    }

    #[test]
    fn a_broken_drawing_is_tried_once_and_a_missing_one_is_not_painted() {
        let ctx = Context::default();
        let book = ArtBook::new("test", vec![Drawing::new("bad", "<svg")]);
        let r = Rect::from_min_size(pos2(0.0, 0.0), vec2(40.0, 40.0));
        for _ in 0..3 {
            let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
                let art = Art::new(ui.ctx(), &book);
                assert!(!art.paint(ui.painter(), "bad", r, Color32::WHITE));
                assert!(!art.paint(ui.painter(), "none", r, Color32::WHITE));
            });
        }
        assert_eq!(counts(&ctx).rasterised, 1);
    }
}
