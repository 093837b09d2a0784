//! The viewer's own area under the board: treasures, workers and artefacts behind the
//! screen, and this round's magic.

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{Color, pos, rect};

use super::areas::{OWN, OWN_RIGHT, OWN_SPELLS_Y};
use super::prompt::draw_private_choice;
use super::side::draw_invoked_row;
use crate::art;
use crate::data::{COMPONENTS, TYPES, artefact_name, treasure_name, treasure_singular};
use crate::hand_view::{Shown, draw_cards};
use crate::paint::{draw_heading, drawn_w, group_panel};
use crate::state::{Keydoms, Pending};
use crate::treasure::pieces;

/// Where the magic column's text may reach.
pub(super) const OWN_END: f32 = 1246.0;

/// The own area's rows: heading, treasures, workers behind the screen, artefacts.
pub(super) const OWN_ROWS: [f32; 4] = [825.0, 865.0, 915.0, 973.0];

pub(super) fn draw_own(s: &mut Scene, k: &Keydoms, me: usize) {
    let p = &k.players[me];
    group_panel(
        s,
        OWN,
        (Color::rgb(58, 62, 58), Color::player(me)),
        format!("seat:{me}"),
        format!("Your screen, {}. Only you see what lies behind it", p.name),
    );
    draw_heading(
        s,
        pos(25.0, OWN_ROWS[0]),
        (&p.name, me),
        (k.start == me, "start player"),
        22.0,
        OWN_RIGHT - 40.0,
    );
    let label = "Treasures:";
    let y = OWN_ROWS[1];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    // Each name takes the room it needs where the host draws it largest (the 13-point
    // floor), so the row ends well before the magic column.
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 12.0 + 18.0;
    // Each piece, its worth in bold and its name; the names go when they would reach
    // the magic column (the pieces' objects and the tooltips still say which is which).
    let entry = |t: usize, named: bool| {
        let worth = drawn_w(&p.treasure[t].to_string(), 18.0, true);
        let name = treasure_singular(t as u8);
        24.0 + worth
            + if named {
                6.0 + drawn_w(name, 16.0, false)
            } else {
                0.0
            }
            + 14.0
            + 18.0
    };
    let named = x0 + (0..TYPES).map(|t| entry(t, true)).sum::<f32>() < OWN_RIGHT - 20.0;
    let mut x = x0;
    for t in 0..TYPES {
        let v = p.treasure[t];
        let (large, small) = pieces(v);
        let name = treasure_singular(t as u8);
        let tip = format!(
            "Your {}: worth {v}. {large} large, {small} small; private",
            treasure_name(t)
        );
        art::treasure_piece(s, pos(x, y), 18.0, t)
            .id(format!("mine:{t}"))
            .tooltip(tip);
        let worth = v.to_string();
        let ww = drawn_w(&worth, 18.0, true);
        s.text(pos(x + 24.0, y), worth, 18.0, Color::WHITE).bold();
        if named {
            s.text(pos(x + 24.0 + ww + 6.0, y), name, 16.0, Color::WHITE);
        }
        x += entry(t, named);
    }
    let label = "Behind your screen:";
    let y = OWN_ROWS[2];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    let x0 = 25.0 + drawn_w(label, 18.0, false) + 16.0 + 16.0;
    if p.unplaced().next().is_none() {
        // An empty row would read as something missing.
        s.text(
            pos(x0 - 16.0, y),
            "no workers left to place",
            16.0,
            Color::rgb(190, 190, 180),
        );
    }
    for (i, w) in p.unplaced().enumerate() {
        art::counter(
            s,
            pos(x0 + i as f32 * 40.0, y),
            16.0,
            (me, false),
            (
                w.strength.to_string(),
                format!("Your worker of strength {}, not yet placed", w.strength),
            ),
            false,
        );
    }
    let label = "Your artefacts:";
    let y = OWN_ROWS[3];
    s.text(pos(25.0, y), label, 18.0, Color::WHITE);
    let mut x = 25.0 + drawn_w(label, 18.0, false) + 16.0;
    // Six kinds at once take narrower tiles, so the row ends before the magic column.
    let kinds = p.artefacts.iter().filter(|&&c| c > 0).count().max(1);
    let tile = ((OWN_RIGHT - 14.0 - x) / kinds as f32).min(96.0);
    for a in 0..6u8 {
        let c = p.artefacts[a as usize];
        if c == 0 {
            continue;
        }
        // The drawing names the artefact (the tooltip in words), the plate its count.
        let cr = rect(x, y - 28.0, tile - 6.0, 56.0);
        s.card(cr, Color::rgb(200, 180, 230), None, "", format!("×{c}"))
            .id(format!("art:{a}"))
            .tooltip(format!(
                "Your {} ×{c}, private. {}",
                artefact_name(a),
                COMPONENTS.artefacts[a as usize].help
            ))
            .private();
        art::card_picture(s, art::picture_rect(cr), art::artefact(a));
        x += tile;
    }
    if k.magic() {
        draw_own_magic(s, k, me);
    }
}

/// The magic column: artefact uses, spells in hand, artefacts in front of the screen.
pub(super) fn draw_own_magic(s: &mut Scene, k: &Keydoms, me: usize) {
    let used: u8 = k.m.invoked[me].iter().sum();
    s.text(
        pos(OWN_RIGHT, OWN_ROWS[0]),
        format!(
            "Artefact uses this round: {used} of {}{}",
            k.m.allowance[me],
            if k.m.wand[me] { " · wand active" } else { "" }
        ),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Artefact uses this round: {used} of {}. One artefact per round, two after winning \
         the cottage; an invoked wand lets you cast spells",
        k.m.allowance[me]
    ));
    // A private choice (spells drawn, a stack searched) takes the column's place while
    // it is open, so it covers nothing on the board.
    if let Some(Pending::Magic { seat, step }) = &k.pending
        && *seat == me
        && draw_private_choice(s, k, step)
    {
        return;
    }
    // An empty hand or an empty row says so, so the two labels never read as one.
    let label = if k.m.hands[me].is_empty() {
        "Your spells: none"
    } else {
        "Your spells:"
    };
    s.text(pos(OWN_RIGHT, OWN_SPELLS_Y), label, 18.0, Color::WHITE);
    let used_x = OWN_RIGHT + drawn_w(label, 18.0, false) + 40.0;
    let used = if k.m.invoked[me].iter().all(|&c| c == 0) {
        "Used this round: none"
    } else {
        "Used this round:"
    };
    s.text(pos(used_x, OWN_SPELLS_Y), used, 16.0, Color::WHITE)
        .tooltip("Artefacts you used this round. They lie in front of your screen for all to see");
    draw_invoked_row(s, k, me, used_x + drawn_w(used, 16.0, false) + 10.0);
    let cards: Vec<Shown> = k.m.hands[me]
        .iter()
        .map(|&sp| Shown {
            name: crate::data::spell_name(sp).to_string(),
            value: sp.to_string(),
            tip: format!(
                "Your spell {}, private. {}",
                crate::data::spell_name(sp),
                crate::data::spell_help(sp)
            ),
            picture: art::spell(sp),
            id: Some(format!("spell:{sp}")),
        })
        .collect();
    let area = rect(
        OWN_RIGHT,
        OWN_SPELLS_Y + 16.0,
        OWN_END - OWN_RIGHT,
        OWN.y + OWN.h - 6.0 - (OWN_SPELLS_Y + 16.0),
    );
    draw_cards(s, area, &cards, true, Color::WHITE);
}
