//! The table at 1220x1064 canvas units (it fits beside the log in a 1024x700 window at
//! the host's smallest scale): opponents across the top, the quest board, the specialist
//! row with the decks beside it, the supply in a strip, the viewer's guild at the
//! bottom. Hidden things stay hidden: other hands show only how many cards of each
//! colour (the backs are coloured), the shared quest's draws only to their drawer,
//! bids and (during the funeral) others' coins not at all.

//!
//! One file per part of the table: [`parts`] (shared pieces), [`prompt`] (the headline),
//! [`others`] (the other seats), [`board`] (quests), [`market`] (specialists, decks,
//! supply, master rooms), [`guild`] (the viewer's own guild and hand), [`room_tile`] (what
//! a room of the own guild does, on its tile), [`spec_card`] (a specialist with its ability
//! in words: the own guild's outside cards and the lines of those living in its
//! chambers, an opponent's list). Each depends on
//! `parts` only; this file puts them together.

mod board;
mod guild;
mod market;
mod others;
mod parts;
mod prompt;
pub mod room_tile;
pub mod spec_card;

use tavern_plugin_api::View;
use tavern_plugin_api::scene::{Scene, rect};

pub use crate::help::{room_help, spec_help, treasure_help};
pub use market::master_label;
pub use parts::*;

use crate::art;
use crate::model::Kg;
use board::quests;
use guild::own_area;
use market::{specialists, supply};
use others::{opponent, solo_panel};
use prompt::{prompt, status};
use tavern_plugin_api::scene::Color;

pub fn view(g: &Kg, viewer: Option<usize>) -> View {
    let mut s = Scene::new(WIDTH, HEIGHT);
    s.background = Color::rgb(40, 58, 52);
    s.image(rect(0.0, 0.0, WIDTH, HEIGHT), art::BOARD, "");
    let n = g.n();
    let own = viewer.unwrap_or(g.active);
    let others: Vec<usize> = (1..n).map(|k| (own + k) % n).collect();
    let inner = WIDTH - 12.0;
    if others.is_empty() {
        solo_panel(&mut s, g, own, rect(6.0, 6.0, inner, 186.0));
    } else {
        let w = ((inner + 8.0) / others.len() as f32).floor();
        for (i, &seat) in others.iter().enumerate() {
            opponent(
                &mut s,
                g,
                seat,
                viewer,
                rect(6.0 + i as f32 * w, 6.0, w - 8.0, 186.0),
            );
        }
    }
    // A quest's name may take three lines where six spaces share the width.
    quests(&mut s, g, rect(6.0, 197.0, inner, 212.0));
    specialists(&mut s, g, viewer, rect(6.0, 414.0, inner, 192.0));
    supply(&mut s, g, rect(6.0, 611.0, inner, 62.0));
    own_area(&mut s, g, own, viewer, rect(6.0, 678.0, inner, 380.0));
    View {
        scene: s,
        status: status(g),
        prompt: prompt(g, viewer),
    }
}
