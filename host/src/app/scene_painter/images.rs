//! A game's drawings on the table: the SVG a plugin shipped once, handed to egui's image
//! loaders under a `bytes://` address, rasterised by egui_extras at the size it is drawn
//! (rounded up a little, so a window resized by a pixel reuses the texture) and kept by
//! egui's texture cache until that size is no longer drawn.

use egui::load::{Bytes, SizeHint, TexturePoll};
use egui::{Color32, Context, Id, Painter, Rect, TextureOptions, pos2, vec2};
use tavern_plugin_api::scene::ArtBook;

/// Raster sizes are rounded up to a multiple of this many pixels.
const SIZE_STEP: f32 = 8.0;

/// The address of drawing `image` of `book`, its bytes handed to egui the first time
/// it is asked for; `None` when the game has no such drawing.
pub fn uri(ctx: &Context, book: &ArtBook, image: &str) -> Option<String> {
    let bytes = book.images.get(image)?;
    let uri = format!("bytes://tavern-art/{}/{image}.svg", book.game);
    let known = Id::unique(("tavern-art", &book.game, image));
    if !ctx.data(|d| d.get_temp::<bool>(known)).unwrap_or(false) {
        // Idempotent: egui_extras never installs a loader twice.
        egui_extras::install_image_loaders(ctx);
        ctx.include_bytes(uri.clone(), Bytes::Shared(bytes.clone()));
        ctx.data_mut(|d| d.insert_temp(known, true));
    }
    Some(uri)
}

/// What became of a drawing this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    Painted,
    /// Still being rasterised: a repaint is requested and nothing is drawn yet.
    Pending,
    /// The drawing would not load (a broken SVG): the caller draws a placeholder.
    Failed,
}

/// Paints the drawing at `uri` fitted into `rect` (centred, its aspect kept), its
/// colours multiplied by `tint`.
pub fn paint(p: &Painter, uri: &str, rect: Rect, tint: Color32) -> Drawn {
    let ctx = p.ctx();
    let ppp = ctx.pixels_per_point();
    let px = |points: f32| ((points * ppp / SIZE_STEP).ceil() * SIZE_STEP).max(SIZE_STEP) as u32;
    let hint = SizeHint::Size {
        width: px(rect.width()),
        height: px(rect.height()),
        maintain_aspect_ratio: true,
    };
    match ctx.try_load_texture(uri, TextureOptions::LINEAR, hint) {
        Ok(TexturePoll::Ready { texture }) => {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            p.image(texture.id, fitted(rect, texture.size), uv, tint);
            Drawn::Painted
        }
        Ok(TexturePoll::Pending { .. }) => {
            ctx.request_repaint();
            Drawn::Pending
        }
        Err(_) => Drawn::Failed,
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

    #[test]
    fn a_drawing_keeps_its_aspect_inside_its_box() {
        let r = Rect::from_min_size(pos2(10.0, 10.0), vec2(100.0, 200.0));
        let f = fitted(r, vec2(50.0, 50.0));
        assert_eq!(f.size(), vec2(100.0, 100.0));
        assert_eq!(f.center(), r.center());
        assert_eq!(fitted(r, vec2(0.0, 3.0)), r);
    }
}
