//! The table's groups for screen readers as egui sees them: one named child `Ui` per
//! group, for the nodes of the items inside it.

use egui::{Ui, UiBuilder};
use tavern_plugin_api::scene::{self, Scene};

use super::super::text::readable_owned;
use super::canvas::Xf;
use super::reader;

/// The table's groups for screen readers (see [`reader`]): one child `Ui` per group,
/// named, that the nodes of the items inside it are made in. Empty while no screen
/// reader (AccessKit) is listening, so an ordinary frame pays nothing for it.
pub(super) struct Grouping {
    pub(super) groups: Vec<reader::Group>,
    pub(super) uis: Vec<Ui>,
}

impl Grouping {
    pub(super) fn new(ui: &mut Ui, xf: &Xf, scene: &Scene) -> Grouping {
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
    pub(super) fn ui_for<'a>(&'a self, ui: &'a Ui, r: &scene::Rect, item: usize) -> &'a Ui {
        reader::group_of(&self.groups, r, item)
            .and_then(|k| self.uis.get(k))
            .unwrap_or(ui)
    }
}
