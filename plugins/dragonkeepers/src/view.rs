//! The table scene.
use tavern_plugin_api::View;
use crate::model::Dk;
pub fn view(_g: &Dk, _viewer: Option<usize>) -> View { View::default() }
