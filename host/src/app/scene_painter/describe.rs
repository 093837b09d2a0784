//! What the table says of items nobody can click: a screen-reader node each, in its
//! group, and their tooltips.

use egui::{Pos2, Sense, Ui, WidgetInfo};
use tavern_plugin_api::scene::Scene;

use super::super::text::readable_owned;
use super::canvas::Xf;
use super::clicks::is_target;
use super::drawing::placeholder_label;
use super::groups::Grouping;
use super::options::Targets;
use super::reader;

/// What the table says, for screen readers and UI tests: every item with a tooltip, a
/// die, a text, a named drawing, that nobody can click (clickable items are named by
/// [`interact`](super::clicks::interact)), one node each, in its group.
pub(super) fn describe(ui: &Ui, groups: &Grouping, xf: &Xf, scene: &Scene, targets: Targets<'_>) {
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

pub(super) fn tooltip_at(
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
