//! Tavern's host: loads game plugins, runs sessions with undo and saves, and offers them
//! through the desktop app (`app`) and the command line (`cli`).

pub mod app;
pub mod bench;
pub mod cli;
pub mod dealing;
pub mod lesson;
pub mod online;
pub mod online_cli;
pub mod paths;
pub mod plugin;
pub mod profiles;
pub mod save;
pub mod serve;
pub mod session;
pub mod session_beats;
pub mod simulate;
