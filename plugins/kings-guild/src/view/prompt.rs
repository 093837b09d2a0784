//! The table's headline: whose turn, what is being decided, in words.

use crate::data::room_def;
use crate::model::{Kg, Pending, Phase};
use tavern_plugin_api::words::counted;

pub(super) fn status(g: &Kg) -> String {
    match g.phase {
        Phase::Setup => "Setting up".into(),
        Phase::Over => "The game is over".into(),
        Phase::Play => {
            // Whose turn it is the host says beside the status.
            let mut t = format!("Turn {}", g.turn_no);
            if matches!(g.pending.front(), Some(Pending::Funeral { .. })) {
                t.push_str(" · The King's Funeral");
            }
            if g.final_turn() {
                t.push_str(" · final turns");
            }
            t
        }
    }
}

pub(super) fn prompt(g: &Kg, viewer: Option<usize>) -> String {
    let Some(v) = viewer else {
        return String::new();
    };
    let deciders = g.deciders();
    if !deciders.contains(&v) {
        let names: Vec<&str> = deciders
            .iter()
            .map(|&d| g.players[d].name.as_str())
            .collect();
        return if names.is_empty() {
            String::new()
        } else {
            format!("Waiting for {}", names.join(", "))
        };
    }
    if let Some((who, l)) = g.limit_violator() {
        // How far over, so the player knows how many to let go.
        let p = &g.players[who];
        return match l {
            crate::rules::Limit::Storage => {
                let (held, limit) = (p.stored() as usize, p.storage_limit() as usize);
                format!(
                    "Storage {held} of {limit}: discard {} to the supply",
                    counted(held.saturating_sub(limit), "resource", "resources")
                )
            }
            crate::rules::Limit::Hand => {
                let (held, limit) = (p.hand.len(), p.hand_limit());
                format!(
                    "Hand {held} of {limit}: sell {}",
                    counted(held.saturating_sub(limit), "treasure", "treasures")
                )
            }
        };
    }
    match g.pending.front() {
        Some(Pending::Funeral { .. }) => format!(
            "The King's Funeral: bid coins in secret for the King's Statue (you have {})",
            counted(g.players[v].coins as usize, "coin", "coins")
        ),
        Some(Pending::Keep { .. }) => {
            "Shared quest: keep one treasure, the other is passed on".into()
        }
        Some(Pending::Toss { n, .. }) => format!(
            "Discard {} from your hand",
            counted(*n as usize, "treasure", "treasures")
        ),
        Some(Pending::Colours { n, why, .. }) => match why {
            crate::model::Why::Starfall => {
                "Starfall Syndicate: choose the colour of your starting treasure".into()
            }
            crate::model::Why::Replace => {
                "That colour has run out: choose another colour to draw".into()
            }
            _ => format!(
                "{}: choose the colour of {} to draw",
                crate::applied::why_words(*why),
                match n {
                    1 => "the treasure".to_string(),
                    n => format!("each of {n} treasures"),
                }
            ),
        },
        Some(Pending::HeroPay { colour, .. }) => format!(
            "{}: pay 1 coin for a {} treasure?",
            crate::data::hero_spec_name(*colour),
            colour.name()
        ),
        Some(Pending::Appraiser { .. }) => {
            "Appraiser: draw one more treasure (then discard one)?".into()
        }
        Some(Pending::PlentyNext { .. }) => "Scroll of Plenty: take 1 resource".into(),
        Some(Pending::WondersNext { .. }) => "Scroll of Wonders: pay 1 coin for a treasure?".into(),
        Some(Pending::Hire { .. }) => "Contract: hire a specialist".into(),
        Some(Pending::Extra { kind, .. }) => match kind {
            crate::data::ExtraKind::Gather => "Dealer: take your extra gather action".into(),
            crate::data::ExtraKind::Craft => "Craftswoman: take your extra craft action".into(),
        },
        Some(Pending::PlaceSpec { .. }) => "Overseer: place the free specialist".into(),
        Some(Pending::PlaceRoom { room, .. }) => format!("Place the {}", room_def(*room).name),
        Some(Pending::Curator { .. }) => "Curator: buy relics from the discard piles".into(),
        Some(Pending::Alchemist { .. }) => "Alchemist: trade resources".into(),
        Some(Pending::Smuggler { .. }) => "Smuggler: steal a resource".into(),
        Some(Pending::Witch { .. }) => "Witch: take a one-item quest".into(),
        Some(Pending::Warlock { .. }) => "Warlock: destroy a scroll for both halves?".into(),
        Some(Pending::Thug { .. }) => "Thug: move the Thug to a quest?".into(),
        Some(Pending::StartBonus { .. }) => "Take your guild's starting resources".into(),
        Some(Pending::Draw { .. }) => String::new(),
        None if g.turn.acted => {
            // An expand goes on until the turn ends: say what it may still add.
            let acts = g.actions(v);
            let build = acts
                .iter()
                .any(|a| matches!(a, crate::action::Action::Build { .. }));
            let hire = acts
                .iter()
                .any(|a| matches!(a, crate::action::Action::Hire { .. }));
            match (build, hire) {
                (true, true) => "You may still build a room or hire a specialist; play or sell \
                                 treasures, or end your turn"
                    .into(),
                (true, false) => "You may still build a room; play or sell treasures, or end \
                                  your turn"
                    .into(),
                (false, true) => "You may still hire a specialist; play or sell treasures, or \
                                  end your turn"
                    .into(),
                (false, false) => "Play or sell treasures, or end your turn".into(),
            }
        }
        None if g.final_turn() && g.actions(v).contains(&crate::action::Action::Offer) => {
            "Your last turn: gather, craft, expand or make an offering to the Council \
             (treasures any time)"
                .into()
        }
        None if g.final_turn() => {
            "Your last turn: gather, craft or expand (treasures any time)".into()
        }
        None => "Gather, craft or expand (treasures any time)".into(),
    }
}
