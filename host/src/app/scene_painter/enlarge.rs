//! The scene's enlargeable areas (an opponent's compact board): when the pointer rests
//! on one, or a click on its free space pins it, a copy of that part of the table is
//! drawn beside it at twice the size, from the same items. Escape or a second click
//! unpins it.

use egui::{Color32, CornerRadius, Id, Order, Pos2, Rect, Response, Sense, Ui, pos2, vec2};
use tavern_plugin_api::scene::{self, Scene};

use super::canvas::{Xf, color};
use super::images::Art;
use super::layers::pictures;
use super::shapes::paint_framed;

/// How long the pointer rests on an area before its enlarged copy appears (seconds).
const REST: f32 = 0.35;

/// How much larger than the table the copy is drawn, screen allowing.
pub const MAGNIFY: f32 = 2.0;

/// Which area is shown: the one the pointer rests on, or the pinned one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct State {
    hovered: Option<usize>,
    pinned: Option<usize>,
}

fn state_id(ui: &Ui) -> Id {
    ui.scope_id().with("scene-enlarge")
}

/// The area under `pointer`, the smallest if several hold it.
fn area_at(scene: &Scene, xf: &Xf, pointer: Pos2) -> Option<usize> {
    scene
        .areas
        .iter()
        .enumerate()
        .filter(|(_, a)| xf.r(a.rect).contains(pointer))
        .min_by(|a, b| (a.1.rect.w * a.1.rect.h).total_cmp(&(b.1.rect.w * b.1.rect.h)))
        .map(|(k, _)| k)
}

/// Follows the pointer and clicks on the table's free space (`bg`), and draws the
/// enlarged copy of the area they pick. Returns that area, if one is shown.
pub(crate) fn show(ui: &Ui, scene: &Scene, xf: &Xf, bg: &Response) -> Option<usize> {
    if scene.areas.is_empty() {
        return None;
    }
    let id = state_id(ui);
    let mut st: State = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let pointer = ui.input(|i| i.pointer.hover_pos());
    let under = pointer
        .filter(|p| ui.rect_contains_pointer(Rect::from_center_size(*p, vec2(1.0, 1.0))))
        .and_then(|p| area_at(scene, xf, p));
    let rested = ui.input(|i| i.pointer.time_since_last_movement()) >= REST;
    st.hovered = match under {
        Some(k) if st.hovered == Some(k) || rested => Some(k),
        Some(_) => {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f32(REST));
            None
        }
        None => None,
    };
    if bg.hovered() && ui.input(|i| i.pointer.primary_clicked()) {
        st.pinned = match under {
            Some(k) if st.pinned != Some(k) => Some(k),
            _ => None,
        };
    }
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        st.pinned = None;
    }
    ui.data_mut(|d| d.insert_temp(id, st));
    let shown = st.pinned.or(st.hovered)?;
    let area = scene.areas.get(shown)?;
    draw_copy(ui, scene, xf, area, st.pinned == Some(shown));
    Some(shown)
}

/// The scale of the copy: [`MAGNIFY`] times the table's, less if the screen is too small.
pub fn copy_scale(xf_scale: f32, area: scene::Rect, screen: Rect) -> f32 {
    let fit = (screen.width() * 0.92 / area.w).min((screen.height() * 0.8) / area.h);
    (xf_scale * MAGNIFY).min(fit).max(xf_scale)
}

fn draw_copy(ui: &Ui, scene: &Scene, xf: &Xf, area: &scene::Area, pinned: bool) {
    let ctx = ui.ctx();
    // The copy stays over the table: over the side column it would hide the guide and
    // the decision panel the player is about to use.
    let screen = ui.clip_rect().intersect(ctx.content_rect());
    let scale = copy_scale(xf.scale, area.rect, screen);
    let size = vec2(area.rect.w * scale, area.rect.h * scale);
    let on_table = xf.r(area.rect);
    // Beside the area: below it if there is room, else above, else where it fits.
    let header = 28.0;
    let total_h = size.y + header + 16.0;
    let y = if on_table.bottom() + 8.0 + total_h <= screen.bottom() {
        on_table.bottom() + 8.0
    } else if on_table.top() - 8.0 - total_h >= screen.top() {
        on_table.top() - 8.0 - total_h
    } else {
        screen.bottom() - total_h
    };
    let x = (on_table.center().x - size.x / 2.0 - 8.0).clamp(
        screen.left(),
        (screen.right() - size.x - 16.0).max(screen.left()),
    );
    let label = if pinned {
        format!("{} (Esc or click it again to close)", area.label)
    } else {
        area.label.clone()
    };
    egui::Area::new(Id::unique("scene-enlarged"))
        .order(Order::Tooltip)
        .fixed_pos(pos2(x, y))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(label).strong());
                let (r, _) = ui.allocate_exact_size(size, Sense::hover());
                let painter = ui.painter_at(r);
                painter.rect_filled(r, CornerRadius::same(4), color(scene.background));
                let copy = Xf {
                    origin: pos2(r.min.x - area.rect.x * scale, r.min.y - area.rect.y * scale),
                    scale,
                    min_text: xf.min_text,
                };
                let pictures = pictures(scene);
                let art = scene.art.as_deref().map(|book| Art::new(ui.ctx(), book));
                let mut order: Vec<usize> = (0..scene.items.len()).collect();
                order.sort_by_key(|&i| scene.items[i].z);
                for i in order {
                    let item = &scene.items[i];
                    let b = item.shape.bounds();
                    let meets = b.x < area.rect.x + area.rect.w
                        && area.rect.x < b.x + b.w
                        && b.y < area.rect.y + area.rect.h
                        && area.rect.y < b.y + b.h;
                    if meets && !pictures.is_picture[i] {
                        let picture = pictures.of[i].map(|k| &scene.items[k].shape);
                        paint_framed(&painter, &copy, item, picture, art.as_ref());
                    }
                }
                painter.rect_stroke(
                    r,
                    CornerRadius::same(4),
                    egui::Stroke::new(1.0, Color32::from_gray(200)),
                    egui::StrokeKind::Inside,
                );
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_is_twice_the_table_unless_the_screen_is_too_small() {
        let screen = Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0));
        let board = scene::rect(0.0, 0.0, 390.0, 260.0);
        assert_eq!(copy_scale(0.6, board, screen), 1.2);
        // A board half the canvas wide cannot double on this screen; it still grows.
        let wide = scene::rect(0.0, 0.0, 800.0, 260.0);
        let s = copy_scale(0.6, wide, screen);
        assert!(s > 0.6 && 800.0 * s <= 1280.0, "{s}");
    }
}
