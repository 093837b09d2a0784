//! What the app remembers between runs (stored with eframe's persistence under
//! [`APP_KEY`]): theme, the last seats used per game, bot pace and zoom.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The eframe storage key of [`Settings`].
pub const APP_KEY: &str = "tavern-settings";

/// Slowest and fastest pace of bot moves, in seconds per move.
pub const BOT_PACE_RANGE: std::ops::RangeInclusive<f32> = 0.3..=2.0;

/// Who sits in a seat, as the launcher offers it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum SeatChoice {
    Human,
    /// Played by the profile with this id (a human whose results are recorded).
    Profile(String),
    /// A bot of strength 1–3.
    Bot(u8),
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatPlan {
    pub name: String,
    pub choice: SeatChoice,
}

/// How fast the table plays back several log entries that arrived together (an action
/// and the chance steps it triggered, a bot's move): each entry's view, one at a time.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
pub enum RevealPace {
    /// Straight to the end, as before.
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl RevealPace {
    pub const ALL: [RevealPace; 4] = [
        RevealPace::Off,
        RevealPace::Fast,
        RevealPace::Normal,
        RevealPace::Slow,
    ];

    /// Seconds each entry stays on the table before the next (`None`: no playback).
    pub fn seconds(self) -> Option<f64> {
        match self {
            RevealPace::Off => None,
            RevealPace::Fast => Some(0.4),
            RevealPace::Normal => Some(0.9),
            RevealPace::Slow => Some(1.8),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RevealPace::Off => "Off",
            RevealPace::Fast => "Fast",
            RevealPace::Normal => "Normal",
            RevealPace::Slow => "Slow",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct Settings {
    pub dark: bool,
    /// Seconds between two bot moves, so a person can follow them.
    pub bot_pace: f32,
    /// Table zoom; 1.0 fits the scene to the window.
    pub zoom: f32,
    /// Animated glow on legal targets (off in tests, whose frames must settle).
    pub animate: bool,
    pub last_seats: BTreeMap<String, Vec<SeatPlan>>,
    pub last_options: BTreeMap<String, BTreeMap<String, String>>,
    pub fair_undo: bool,
    /// The pace of step-by-step reveals (Space or a click skips to the end).
    pub reveal_pace: RevealPace,
    /// A click on a board item that spends plays it at once, without the menu that
    /// names the action and its cost.
    pub one_click: bool,
    /// Online play's relay: "" for the public relays, "off" for none (players on one
    /// network), or the URL of your own.
    pub relay: String,
    /// The name shown to the other players online.
    pub online_name: String,
    /// The table server's ticket last used in *Create on server*.
    pub server_ticket: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: true,
            bot_pace: 0.6,
            zoom: 1.0,
            animate: true,
            last_seats: BTreeMap::new(),
            last_options: BTreeMap::new(),
            fair_undo: false,
            reveal_pace: RevealPace::Normal,
            one_click: false,
            relay: String::new(),
            online_name: String::new(),
            server_ticket: String::new(),
        }
    }
}

impl Settings {
    /// Keeps values read from an older or edited store within sane bounds.
    pub fn sanitized(mut self) -> Settings {
        if !self.bot_pace.is_finite() {
            self.bot_pace = 0.6;
        }
        self.bot_pace = self
            .bot_pace
            .clamp(*BOT_PACE_RANGE.start(), *BOT_PACE_RANGE.end());
        if !self.zoom.is_finite() {
            self.zoom = 1.0;
        }
        self.zoom = self.zoom.clamp(ZOOM_MIN, ZOOM_MAX);
        self
    }
}

pub const ZOOM_MIN: f32 = 0.5;
pub const ZOOM_MAX: f32 = 3.0;
