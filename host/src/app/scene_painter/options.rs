//! What a caller hands the painter besides the scene: `PaintOptions` and the legal
//! actions as `Targets`.

use tavern_plugin_api::ActionEntry;

use super::super::motion::Motion;

pub struct PaintOptions<'a> {
    pub zoom: f32,
    /// Seconds, for the glow animation and slides; `None` draws a steady glow.
    pub time: Option<f64>,
    /// Components sliding to their new places.
    pub motion: Option<&'a Motion>,
}

/// Legal actions as the painter needs them: which seat takes which action.
pub type Targets<'a> = &'a [(usize, ActionEntry)];
