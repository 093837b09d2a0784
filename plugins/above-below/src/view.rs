//! The table.
use crate::model::Ab;
use tavern_plugin_api::View;
pub fn view(g: &Ab, _viewer: Option<usize>) -> View {
    View {
        status: format!("Round {}", g.round),
        ..View::default()
    }
}
