//! What the table draws over or around the scene: the hot-seat cover (with *Back* for
//! the person who just moved), the "Now: …'s turn" banner after a handover without a
//! cover, the bar of a log preview (*Rewind here*) and of a playback (*Skip*), and a plan's
//! Confirm and Cancel on the table next to what is being built.

use egui::{Color32, RichText, Ui};
use tavern_plugin_api::scene::Color as SceneColor;
use tavern_plugin_api::{ActionEntry, ChoiceKind};

use super::launcher_ui;
use super::table::TableState;
use super::text::readable;

pub fn seat_color(seat: usize) -> Color32 {
    let c = SceneColor::player(seat);
    Color32::from_rgb(c.0, c.1, c.2)
}

pub fn cover(ui: &mut Ui, t: &mut TableState, seat: usize, now: f64) {
    let rect = ui.max_rect();
    let fill = seat_color(seat);
    ui.painter()
        .rect_filled(rect, 0.0, fill.gamma_multiply(0.45));
    // A band in the seat's full colour, so the colour reads even on a dim screen.
    let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 14.0));
    ui.painter().rect_filled(band, 0.0, fill);
    let name = t.seat_name(seat);
    let back = t.back_seat().map(|s| t.seat_name(s));
    ui.vertical_centered(|ui| {
        ui.add_space(rect.height() * 0.3);
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 40.0) / 2.0);
            launcher_ui::seat_marker(ui, seat);
        });
        ui.add_space(8.0);
        ui.label(
            RichText::new(format!("Pass to {name}"))
                .size(36.0)
                .strong()
                .color(Color32::WHITE),
        );
        ui.add_space(6.0);
        ui.label("The table is hidden so nobody sees another player's secrets.");
        ui.add_space(16.0);
        let b = egui::Button::new(RichText::new(format!("I am {name}: show my table")).size(20.0))
            .fill(fill.gamma_multiply(0.8));
        if ui.add(b).clicked() {
            t.reveal();
        }
        if let Some(mover) = back {
            ui.add_space(12.0);
            if ui
                .button(format!("Back: {mover} takes back the last move"))
                .on_hover_text("Before handing over: undo your own last move and decide again")
                .clicked()
            {
                t.back_from_cover(now);
            }
        }
    });
}

/// A bar across the top of the table area.
fn bar(ui: &mut Ui, fill: Color32, add: impl FnOnce(&mut Ui)) {
    egui::Frame::new()
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(add);
        });
}

/// "Now: Anna's turn", in the seat's colour, for a moment after a handover without a
/// cover (clicks are ignored meanwhile, see `guard`).
pub fn handover_banner(ui: &mut Ui, t: &TableState, now: f64) {
    let Some(seat) = t.handover_banner(now) else {
        return;
    };
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(100));
    let name = t.seat_name(seat);
    bar(ui, seat_color(seat).gamma_multiply(0.85), |ui| {
        ui.label(
            RichText::new(format!("Now: {name}'s turn"))
                .size(20.0)
                .strong()
                .color(Color32::WHITE),
        );
    });
}

/// The preview's bar: which moment, read-only, *Rewind here* and *Back to now*.
pub fn preview_bar(ui: &mut Ui, t: &mut TableState, now: f64) {
    let Some((index, position)) = t.preview.as_ref().map(|p| (p.index, p.position)) else {
        return;
    };
    let cursor = t.cursor();
    let allowed = t.can_rewind_to_entry(index);
    let mut rewind = false;
    let mut close = false;
    let fill = ui.visuals().selection.bg_fill.gamma_multiply(0.6);
    bar(ui, fill, |ui| {
        let when = if position == cursor {
            "now".to_string()
        } else if position > cursor {
            "a taken-back moment".to_string()
        } else {
            format!("right after entry {}", index + 1)
        };
        ui.label(RichText::new(format!("The table as it was: {when} (look only)")).strong());
        let r = ui
            .add_enabled(allowed.is_ok(), egui::Button::new("Rewind here"))
            .on_hover_text("Go back to this moment and play on from it (Undo still works)");
        let r = match &allowed {
            Err(reason) => r.on_disabled_hover_text(reason.as_str()),
            Ok(()) => r,
        };
        rewind = r.clicked();
        close = ui.button("Back to now").on_hover_text("Esc").clicked();
    });
    if rewind {
        t.rewind_to_preview(now);
    } else if close {
        t.close_preview();
    }
}

/// The playback's bar: which entry is on the table, and Skip.
pub fn beats_bar(ui: &mut Ui, t: &mut TableState, now: f64) {
    let Some((shown, total)) = t.beats.as_ref().map(|b| b.progress()) else {
        return;
    };
    ui.ctx().request_repaint();
    let entry = t.log_shown_end();
    let line = t
        .log_entries()
        .get(entry.saturating_sub(1))
        .map(|e| {
            e.text_for(t.viewer())
                .lines()
                .next()
                .unwrap_or("")
                .to_string()
        })
        .unwrap_or_default();
    let mut skip = false;
    bar(ui, ui.visuals().faint_bg_color, |ui| {
        ui.label(RichText::new(format!("{shown}/{total}")).strong());
        ui.label(readable(ui.ctx(), &line));
        skip = ui
            .button("Skip")
            .on_hover_text("Space or a click on the table")
            .clicked();
    });
    if skip {
        t.skip_beats(now);
    }
}

/// The plan's Confirm and Cancel beside `anchor` (its last step on the table), on the
/// first side of it where they cover none of the `targets` still to click, or at the
/// table's top right when the step's item is not on the table.
pub fn plan_on_table(
    ctx: &egui::Context,
    t: &mut TableState,
    anchor: Option<egui::Rect>,
    targets: &[egui::Rect],
    table: egui::Rect,
    now: f64,
) {
    let Some((seat, steps)) = t.viewer_plan() else {
        return;
    };
    let steps = steps.len();
    let confirms: Vec<ActionEntry> = t
        .viewer_actions()
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| a.kind == ChoiceKind::Plain)
        .collect();
    let id = egui::Id::unique("plan-on-table");
    // Its size as last drawn (an estimate the first time).
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map_or(egui::vec2(230.0, 64.0), |r| r.size());
    let corner = table.right_top() + egui::vec2(-230.0, 8.0);
    let pos = match anchor {
        Some(r) if table.contains(r.right_bottom()) => place_beside(r, size, targets, table),
        _ => corner,
    };
    let mut chosen = None;
    let mut cancel = false;
    egui::Area::new(id)
        .order(egui::Order::Foreground)
        .fixed_pos(pos)
        .constrain_to(table)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(220.0);
                ui.label(RichText::new(format!("Your plan: {}", step_count(steps))).strong());
                ui.horizontal_wrapped(|ui| {
                    if let [only] = confirms.as_slice() {
                        // The button names what it plays ("Labor with 2 villagers"),
                        // unless the game's own word is already a confirmation.
                        let label = readable(ui.ctx(), &only.label);
                        let text =
                            if only.label.starts_with("Confirm") || label.chars().count() > 30 {
                                "Confirm plan".to_string()
                            } else {
                                label.to_string()
                            };
                        if ui
                            .button(RichText::new(text).strong())
                            .on_hover_text(label)
                            .clicked()
                        {
                            chosen = Some(only.action.clone());
                        }
                    } else if !confirms.is_empty() {
                        ui.label(RichText::new("Finish it in the panel").weak());
                    }
                    if ui
                        .button("Cancel")
                        .on_hover_text("Drop every step of the plan; nothing was played")
                        .clicked()
                    {
                        cancel = true;
                    }
                });
            });
        });
    if cancel {
        t.cancel_plan();
    } else if let Some(action) = chosen {
        let until = t.handover_until();
        if t.guard.allows(ctx, now, false, until) {
            t.act(seat, action, now);
        }
    }
}

fn step_count(n: usize) -> String {
    tavern_plugin_api::words::counted(n, "step", "steps")
}

/// Where a box of `size` goes beside `anchor`: below it to the right (where the eye
/// follows the click), then below, above, right and left of it, the first that stays on
/// the `table` and covers none of the `targets`; below to the right if none does.
fn place_beside(
    anchor: egui::Rect,
    size: egui::Vec2,
    targets: &[egui::Rect],
    table: egui::Rect,
) -> egui::Pos2 {
    use egui::{pos2, vec2};
    let first = anchor.right_bottom() + vec2(8.0, 4.0);
    let candidates = [
        first,
        pos2(anchor.left(), anchor.bottom() + 4.0),
        pos2(anchor.left(), anchor.top() - size.y - 4.0),
        pos2(anchor.right() + 8.0, anchor.top()),
        pos2(anchor.left() - size.x - 8.0, anchor.top()),
    ];
    candidates
        .into_iter()
        .find(|&p| {
            let r = egui::Rect::from_min_size(p, size);
            table.contains_rect(r)
                && !r.intersects(anchor)
                && !targets.iter().any(|t| t.intersects(r))
        })
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Rect, pos2, vec2};

    #[test]
    fn the_plan_box_goes_where_it_covers_no_target() {
        let table = Rect::from_min_size(pos2(0.0, 0.0), vec2(900.0, 700.0));
        let size = vec2(230.0, 64.0);
        let anchor = Rect::from_min_size(pos2(250.0, 40.0), vec2(210.0, 100.0));
        // Nothing around: below to the right of the step.
        assert_eq!(place_beside(anchor, size, &[], table), pos2(468.0, 144.0));
        // A target below to the right and one below: above is off the table, so it
        // goes to the right of the step.
        let targets = [
            Rect::from_min_size(pos2(465.0, 145.0), vec2(210.0, 100.0)),
            Rect::from_min_size(pos2(250.0, 145.0), vec2(210.0, 100.0)),
        ];
        let p = place_beside(anchor, size, &targets, table);
        assert_eq!(p, pos2(468.0, 40.0));
        let placed = Rect::from_min_size(p, size);
        assert!(targets.iter().all(|t| !t.intersects(placed)));
        // Hemmed in on every side: the first place, as before.
        let everywhere = [table];
        assert_eq!(
            place_beside(anchor, size, &everywhere, table),
            pos2(468.0, 144.0)
        );
    }
}
