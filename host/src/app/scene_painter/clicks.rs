//! The table's clickable items: every item a legal action names glows, answers the
//! pointer and is named for screen readers and tests ("<action> on the table"). An item
//! with several actions opens a menu; so does an item whose one action spends resources
//! (`spend`), naming the action and its cost, unless one-click play is on.

use egui::{Color32, CornerRadius, Rect, Sense, Stroke, StrokeKind, Ui, WidgetInfo};
use serde_json::Value;
use tavern_plugin_api::scene::{Item, Scene};
use tavern_plugin_api::{ActionEntry, ChoiceKind};

use super::super::spend::spends;
use super::super::text::readable_owned;
use super::canvas::Xf;
use super::groups::Grouping;
use super::options::{PaintOptions, Targets};
use super::reader::first_sentence;

/// What the table needs beyond the painter's options.
#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    /// A click on an item whose one action spends plays it at once.
    pub one_click: bool,
    /// The id of an item whose place on screen the caller wants (a plan's last step,
    /// to put the plan's Confirm next to it).
    pub anchor: Option<String>,
    /// The id of the item a lesson points at, whose place on screen the caller wants.
    pub lesson: Option<String>,
}

/// A choice made on the table.
pub struct Chosen {
    pub seat: usize,
    pub action: Value,
    /// Chosen from an open menu (not a direct click on an item).
    pub from_menu: bool,
}

pub(super) fn is_target(item: &Item, targets: Targets<'_>) -> bool {
    item.id
        .as_ref()
        .is_some_and(|id| targets.iter().any(|(_, a)| a.target.as_ref() == Some(id)))
}

/// How long after the pointer last moved the targets' glow keeps pulsing.
const PULSE_SECONDS: f32 = 3.0;

/// Where the anchor item is on screen, if the scene has it.
pub(super) fn anchor_rect(xf: &Xf, scene: &Scene, table: &TableOptions) -> Option<Rect> {
    item_rect(xf, scene, table.anchor.as_deref()?)
}

/// Where the item `id` is on screen, if it is in the scene.
pub(super) fn item_rect(xf: &Xf, scene: &Scene, id: &str) -> Option<Rect> {
    scene
        .items
        .iter()
        .find(|i| i.id.as_deref() == Some(id))
        .map(|i| xf.r(i.shape.bounds()))
}

/// Makes every item named by a legal action clickable, glowing, and named for screen
/// readers and tests ("<action> on the table").
#[allow(clippy::too_many_arguments)]
pub(super) fn interact(
    ui: &Ui,
    groups: &Grouping,
    painter: &egui::Painter,
    xf: &Xf,
    scene: &Scene,
    targets: Targets<'_>,
    opts: &PaintOptions,
    table: &TableOptions,
) -> Option<Chosen> {
    // The glow pulses only while the pointer is moving: a table left alone stops
    // repainting (a pulse at 20 frames a second kept a core a third busy while idle).
    let active = ui.input(|i| i.pointer.time_since_last_movement() < PULSE_SECONDS);
    let pulse = match opts.time {
        Some(t) if active => {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
            0.6 + 0.4 * ((t * 4.0).sin() as f32)
        }
        _ => 1.0,
    };
    let glow = Color32::from_rgb(255, 214, 10).gamma_multiply(pulse);
    let mut chosen = None;
    let mut seen: Vec<&str> = Vec::new();
    // Topmost first, so overlapping items resolve like the drawing.
    let mut order: Vec<usize> = (0..scene.items.len()).collect();
    order.sort_by_key(|&i| scene.items[i].z);
    for i in order.into_iter().rev() {
        let item = &scene.items[i];
        let Some(id) = item.id.as_deref() else {
            continue;
        };
        if seen.contains(&id) {
            continue;
        }
        let actions: Vec<&(usize, ActionEntry)> = targets
            .iter()
            .filter(|(_, a)| a.target.as_deref() == Some(id))
            .collect();
        if actions.is_empty() {
            continue;
        }
        seen.push(id);
        let rect = xf.r(item.shape.bounds()).expand(2.0);
        painter.rect_stroke(
            rect,
            CornerRadius::same(6),
            Stroke::new(3.0, glow),
            StrokeKind::Outside,
        );
        let bounds = item.shape.bounds();
        let resp = groups.ui_for(ui, &bounds, i).interact(
            rect,
            ui.scope_id().with(("scene-item", id)),
            Sense::click(),
        );
        let what = item
            .tooltip
            .as_deref()
            .map(first_sentence)
            .unwrap_or(id)
            .to_string();
        // One action that spends still gets its menu: a word before the coins go.
        // A plan's step is tentative (its Confirm counts), and a pass spends nothing.
        let only = &actions[0].1;
        let spending =
            only.kind == ChoiceKind::Plain && only.spends.unwrap_or_else(|| spends(&only.label));
        let direct = actions.len() == 1 && (table.one_click || !spending);
        let name = if actions.len() == 1 {
            format!("{} on the table", actions[0].1.label)
        } else {
            format!("{what}: {} choices", actions.len())
        };
        let name = readable_owned(ui.ctx(), &name);
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &name));
        if resp.hovered() {
            painter.rect_stroke(
                rect,
                CornerRadius::same(6),
                Stroke::new(2.0, Color32::WHITE),
                StrokeKind::Inside,
            );
        }
        let mut tip = item.tooltip.clone().unwrap_or_default();
        if !tip.is_empty() {
            tip.push('\n');
        }
        if direct {
            tip.push_str(&format!("Click: {}", actions[0].1.label));
        } else if actions.len() == 1 {
            tip.push_str(&format!("Click to confirm: {}", actions[0].1.label));
        } else {
            tip.push_str("Click to choose: ");
            tip.push_str(
                &actions
                    .iter()
                    .map(|(_, a)| a.label.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        let resp = resp.on_hover_text(readable_owned(ui.ctx(), &tip));
        if direct {
            if resp.clicked() {
                chosen = Some(Chosen {
                    seat: actions[0].0,
                    action: actions[0].1.action.clone(),
                    from_menu: false,
                });
            }
        } else {
            egui::Popup::menu(&resp).show(|ui| {
                ui.label(egui::RichText::new(readable_owned(ui.ctx(), &what)).strong());
                for (seat, a) in &actions {
                    if ui.button(readable_owned(ui.ctx(), &a.label)).clicked() {
                        chosen = Some(Chosen {
                            seat: *seat,
                            action: a.action.clone(),
                            from_menu: true,
                        });
                        ui.close();
                    }
                }
                if actions.len() == 1 && ui.button("Not now").clicked() {
                    ui.close();
                }
            });
        }
    }
    chosen
}
