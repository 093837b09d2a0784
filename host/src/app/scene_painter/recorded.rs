//! The table's still picture, painted once per scene and replayed on later frames.
//!
//! A table's items do not change between views: painting them again each frame laid
//! out every text (hashing it to find its galley), measured card values, looked up
//! every drawing and allocated a mesh per picture, just to add the same shapes again.
//! The first frame of a scene records the shapes it adds; a later frame of the same
//! scene, drawn at the same place and scale, adds those shapes again in one go. What
//! moves (slides, rolls) and what answers the pointer (glow, tooltips) is painted live.

use std::sync::Arc;

use egui::epaint::{ClippedPrimitive, ClippedShape, Primitive, TessellationOptions};
use egui::{Context, Id, LayerId, Painter, Pos2, Rect, Shape, TextureHandle, emath::TSTransform};
use tavern_plugin_api::scene::Scene;

/// Everything besides the scene that the recorded shapes depend on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    pub origin: Pos2,
    pub scale: f32,
    pub min_text: f32,
    pub clip: Rect,
    pub layer: LayerId,
    pub opacity: f32,
    pub pixels_per_point: f32,
    /// The font texture's size: text shapes name glyphs by their place in it.
    pub font_image: [usize; 2],
    /// How shapes become triangles, and where the layer is moved to after: a
    /// recording holds triangles made under these.
    pub tessellation: TessellationOptions,
    pub transform: Option<TSTransform>,
}

impl Place {
    pub fn of(painter: &Painter, origin: Pos2, scale: f32, min_text: f32) -> Place {
        let ctx = painter.ctx();
        Place {
            origin,
            scale,
            min_text,
            clip: painter.clip_rect(),
            layer: painter.layer_id(),
            opacity: painter.opacity(),
            pixels_per_point: ctx.pixels_per_point(),
            font_image: ctx.fonts(|f| f.font_image_size()),
            tessellation: ctx.tessellation_options(|o| *o),
            transform: ctx.layer_transform_to_global(painter.layer_id()),
        }
    }
}

/// One scene's recorded shapes.
pub struct Recording {
    scene: Scene,
    place: Place,
    /// How full the font atlas was: less later means it was cleared, and the recorded
    /// texts point at glyphs that are gone.
    atlas_fill: f32,
    shapes: Vec<ClippedShape>,
    /// The drawings' textures the shapes paint, held so they stay uploaded.
    _textures: Vec<TextureHandle>,
}

fn atlas_fill(ctx: &Context) -> f32 {
    ctx.fonts(|f| f.font_atlas_fill_ratio())
}

fn same_scene(a: &Scene, b: &Scene) -> bool {
    let same_art = match (&a.art, &b.art) {
        (Some(x), Some(y)) => Arc::ptr_eq(x, y),
        (None, None) => true,
        _ => false,
    };
    same_art
        && a.width == b.width
        && a.height == b.height
        && a.background == b.background
        && a.items == b.items
}

fn key(id: Id) -> Id {
    id.with("tavern-scene-recording")
}

/// Adds the recording of `scene` at `place` kept under `id`, if there is one that
/// still holds. True when it did: the caller paints nothing more of the still picture.
pub fn replay(ctx: &Context, id: Id, scene: &Scene, place: &Place) -> bool {
    let Some(rec) = ctx.data(|d| d.get_temp::<Arc<Recording>>(key(id))) else {
        return false;
    };
    if rec.place != *place || atlas_fill(ctx) < rec.atlas_fill || !same_scene(&rec.scene, scene) {
        return false;
    }
    ctx.graphics_mut(|g| {
        let list = g.entry(place.layer);
        for s in &rec.shapes {
            list.add(s.clip_rect, s.shape.clone());
        }
    });
    true
}

/// Where the shapes of `layer` end now: a recording starts here.
pub fn mark(ctx: &Context, layer: LayerId) -> usize {
    ctx.graphics(|g| g.get(layer).map_or(0, |l| l.next_idx().0))
}

/// Keeps the shapes added to `place`'s layer since `start` as the recording of `scene`.
pub fn keep(
    ctx: &Context,
    id: Id,
    scene: &Scene,
    place: Place,
    start: usize,
    textures: Vec<TextureHandle>,
) {
    let shapes = ctx.graphics(|g| {
        g.get(place.layer)
            .map(|l| l.all_entries().skip(start).cloned().collect())
            .unwrap_or_default()
    });
    let shapes = if place.transform.is_none() {
        tessellated(ctx, shapes)
    } else {
        shapes
    };
    let rec = Recording {
        scene: scene.clone(),
        place,
        atlas_fill: atlas_fill(ctx),
        shapes,
        _textures: textures,
    };
    ctx.data_mut(|d| {
        d.insert_temp(key(id), Arc::new(rec));
        *d.get_temp_mut_or_default::<u64>(made_id()) += 1;
    });
}

/// `shapes` with every stretch of rectangles, lines and paths turned into the triangles
/// egui would make of them at the end of the frame (the same triangles, in the same
/// order: egui adds a mesh to the one before it just as it adds a shape's triangles), so
/// a replay costs egui a copy instead of a tessellation. Text, discs and meshes stay as
/// they are: their triangles name places in the font texture, which may still grow in
/// the frame, and a mesh is already triangles. The first shape (the table's ground)
/// stays a rectangle too.
fn tessellated(ctx: &Context, shapes: Vec<ClippedShape>) -> Vec<ClippedShape> {
    let ppp = ctx.pixels_per_point();
    let mut out = Vec::with_capacity(shapes.len());
    let mut run: Vec<ClippedShape> = Vec::new();
    let flush = |run: &mut Vec<ClippedShape>, out: &mut Vec<ClippedShape>| {
        if run.is_empty() {
            return;
        }
        for ClippedPrimitive {
            clip_rect,
            primitive,
        } in ctx.tessellate(std::mem::take(run), ppp)
        {
            if let Primitive::Mesh(mesh) = primitive {
                out.push(ClippedShape {
                    clip_rect,
                    shape: Shape::Mesh(Arc::new(mesh)),
                    transform_after_tessellation: TSTransform::IDENTITY,
                });
            }
        }
    };
    // The first shape is the table's ground: kept as a rectangle, so whoever reads the
    // frame's shapes (UI tests) still finds the table where it lies.
    for (i, s) in shapes.into_iter().enumerate() {
        if i == 0
            || own_triangles(&s.shape)
            || s.transform_after_tessellation != TSTransform::IDENTITY
        {
            flush(&mut run, &mut out);
            out.push(s);
        } else {
            run.push(s);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Shapes left for egui to tessellate in the frame (see [`tessellated`]).
fn own_triangles(shape: &Shape) -> bool {
    match shape {
        Shape::Text(_) | Shape::Circle(_) | Shape::Ellipse(_) | Shape::Mesh(_) => true,
        Shape::Callback(_) => true,
        Shape::Vec(v) => v.iter().any(own_triangles),
        _ => false,
    }
}

fn made_id() -> Id {
    Id::unique("tavern-scene-recordings-made")
}

/// How many recordings `ctx` has made: one per scene, place and font atlas shown.
pub fn made(ctx: &Context) -> u64 {
    ctx.data(|d| d.get_temp::<u64>(made_id())).unwrap_or(0)
}
