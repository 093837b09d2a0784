//! The side panel: the treasury, the round's public counts, the spells in play and the
//! response window asking now.

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{
    Color, Icon, Rect, drawn_size, line_height, pos, rect, text_block_height, wrap_lines,
};

use super::areas::{OWN, OWN_SPELLS_Y};
use crate::art;
use crate::data::{LARGE, TYPES, artefact_name, treasure_name};
use crate::paint::{drawn_w, fit};
use crate::state::Keydoms;
use crate::treasure::pieces;

/// The treasury and the round's public counts, beside the board.
pub(super) const SIDE: Rect = Rect {
    x: 1048.0,
    y: 150.0,
    w: 208.0,
    h: 647.0,
};

/// Where text in the side panel starts, and the right edge it may reach.
pub(super) const SIDE_X: f32 = 1060.0;

pub(super) const SIDE_RIGHT: f32 = 1246.0;

pub(super) fn draw_side(s: &mut Scene, k: &Keydoms) {
    s.panel(SIDE, Color::rgb(50, 52, 60), Color::INK).tooltip(
        "The treasury and the round. What the bank holds, the treasure card, what is left, \
         the start player and the spells in play",
    );
    s.heading(pos(SIDE_X, 172.0), "Treasury", 22.0, Color::WHITE);
    for t in 0..TYPES {
        let y = 210.0 + t as f32 * 36.0;
        let v = k.treasury[t];
        let (large, small) = pieces(v);
        art::treasure_piece(s, pos(SIDE_X + 16.0, y), 16.0, t)
            .id(format!("treasury:{t}"))
            .tooltip(format!(
                "Treasury {}: worth {v}. Shown as {large} large and {small} small; a large \
                 is worth {LARGE} small and sizes may be swapped at any time",
                treasure_name(t)
            ));
        s.text(
            pos(SIDE_X + 40.0, y),
            format!("{v:>2}  {}", treasure_name(t)),
            20.0,
            Color::WHITE,
        );
    }
    let line = |i: usize| 394.0 + i as f32 * 26.0;
    let left = k.card_deck.len();
    let left_tip = format!(
        "Treasure cards left: {left}. When none is left the cards of this game's set are used \
         again"
    );
    match k.card_shown {
        Some(c) => {
            // The card itself at the right, its number large on it, the two lines
            // beside it.
            let cr = rect(SIDE_RIGHT - 40.0, line(0) - 14.0, 40.0, 53.0);
            s.card(cr, Color::rgb(240, 226, 180), None, "", c.to_string())
                .tooltip(format!(
                    "Treasure card {c} is turned up this round. It decides what lies in the \
                     caves"
                ));
            art::card_picture(s, art::picture_rect(cr), art::TREASURE_CARD);
            let room = cr.x - 6.0 - SIDE_X;
            s.text(
                pos(SIDE_X, line(0)),
                fit("Treasure card", 18.0, room, false),
                18.0,
                Color::WHITE,
            );
            s.text(
                pos(SIDE_X, line(1)),
                fit(&format!("Cards left: {left}"), 18.0, room, false),
                18.0,
                Color::WHITE,
            )
            .tooltip(left_tip);
        }
        None => {
            s.text(pos(SIDE_X, line(0)), "No treasure card", 18.0, Color::WHITE)
                .tooltip(
                    "No treasure card is turned up. A new one decides what lies in the caves \
                     each round",
                );
            s.text(
                pos(SIDE_X, line(1)),
                format!("Cards left: {left}"),
                18.0,
                Color::WHITE,
            )
            .tooltip(left_tip);
        }
    }
    s.text(
        pos(SIDE_X, line(2)),
        format!("Artefacts left: {}", k.artefacts_left()),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Artefacts left: {}. Still in the castle's stacks; the game ends when the last one \
         is taken",
        k.artefacts_left()
    ));
    let start = k.name_of(k.start);
    let text = format!("Start: {start}");
    // The marker's star beside the name while both fit; a long name takes the line.
    let beside = SIDE_RIGHT - 28.0 - SIDE_X;
    let star = drawn_w(&text, 18.0, false) <= beside;
    let room = if star { beside } else { SIDE_RIGHT - SIDE_X };
    s.text(
        pos(SIDE_X, line(3)),
        fit(&text, 18.0, room, false),
        18.0,
        Color::WHITE,
    )
    .tooltip(format!(
        "Start player: {start}. The start player places first and wins ties; the stables \
         can change it"
    ));
    if star {
        s.icon(
            pos(SIDE_RIGHT - 11.0, line(3)),
            22.0,
            Icon::Star,
            Color::player(k.start),
        )
        .tooltip(format!("Start marker: {start}"));
    }
    if k.magic() {
        draw_side_magic(s, k, line(3) + 22.0);
    }
}

/// The spells in play under the counts: the deck (and the Foreknown offer beside it),
/// Substitute, the casts waiting on their answers and the response window asking now.
pub(super) fn draw_side_magic(s: &mut Scene, k: &Keydoms, top: f32) {
    let deck = rect(SIDE_X, top, 62.0, 84.0);
    s.card_back(deck, Color::rgb(90, 60, 130), format!("{}", k.m.deck.len()))
        .id("spells:deck")
        .tooltip(format!(
            "Spell deck: {} cards. {} spells in the discard pile",
            k.m.deck.len(),
            k.m.discard.len()
        ));
    art::back_picture(s, deck, art::SPELL_BACK);
    // The offer's cards are too narrow for a name in the band: the names are lines under
    // the row, each beside its number.
    for (i, &sp) in k.m.offer.iter().enumerate() {
        let cr = rect(SIDE_X + 70.0 + i as f32 * 58.0, top, 54.0, 84.0);
        s.card(
            cr,
            Color::rgb(225, 210, 245),
            Some(Color::rgb(90, 60, 130)),
            "",
            format!("{sp}"),
        )
        .tooltip(format!(
            "{}, face up by the roundhouse (Foreknown). {}",
            crate::data::spell_name(sp),
            crate::data::spell_help(sp)
        ));
        art::card_picture(s, art::banded_picture_rect(cr), art::spell(sp));
    }
    let width = SIDE_RIGHT - SIDE_X;
    let mut y = top + 84.0 + 22.0;
    for &sp in &k.m.offer {
        let text = format!("{sp} {}", crate::data::spell_name(sp));
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::WHITE,
        )
        .tooltip(format!(
            "{}, face up by the roundhouse (Foreknown)",
            crate::data::spell_name(sp)
        ));
        y += 24.0;
    }
    if let Some(f) = k.m.substitute_from {
        let text = format!("Substitute from {}", crate::data::loc_letter(f));
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::WHITE,
        )
        .tooltip(format!(
            "{text} on. Strength-1 workers count 9 and strength-9 workers count 1 (not in \
                 the guard room)"
        ));
        y += 24.0;
    }
    // The response window at the foot, laid out from the panel's bottom up, so the
    // casts above know where to stop.
    let responses_y = draw_responses(s, k, width);
    // One line a cast, down to the responses; the rest counted in the last line.
    let room = ((responses_y - 12.0 - y) / 24.0).floor().max(1.0) as usize;
    let shown = if k.m.casts.len() > room {
        room - 1
    } else {
        k.m.casts.len()
    };
    let cast_text = |c: &crate::magic::Cast| {
        format!(
            "{} casts {}",
            k.name_of(c.caster),
            crate::data::spell_name(c.spell)
        )
    };
    for c in &k.m.casts[..shown] {
        // The caster by seat letter: a name would not fit beside the spell. A long
        // spell name wraps rather than losing its end.
        let text = format!(
            "{} ({})",
            crate::data::spell_name(c.spell),
            Color::PLAYER_MARK[c.caster]
        );
        let h = text_block_height(&text, 16.0, width, false);
        s.text_block(
            rect(SIDE_X, y - 12.0, width, h),
            text,
            16.0,
            Color::rgb(230, 200, 255),
        )
        .tooltip(format!(
            "{}, waiting for answers. {}",
            cast_text(c),
            crate::data::spell_help(c.spell)
        ));
        y += 24.0 + h - line_height(drawn_size(16.0));
    }
    if shown < k.m.casts.len() {
        let rest: Vec<String> = k.m.casts[shown..].iter().map(cast_text).collect();
        let text = format!("{} more spells cast", rest.len());
        s.text(
            pos(SIDE_X, y),
            fit(&text, 16.0, width, false),
            16.0,
            Color::rgb(230, 200, 255),
        )
        .tooltip(format!("{text}: {}", rest.join("; ")));
    }
}

/// The open response window at the side panel's foot: when it opens and whom it asks,
/// each wrapped whole onto as many lines as it needs. Returns the top of what it drew
/// (the panel's foot when no window is open).
pub(super) fn draw_responses(s: &mut Scene, k: &Keydoms, width: f32) -> f32 {
    let foot = SIDE.y + SIDE.h - 8.0;
    let prompt = crate::magic_view::window_prompt(k);
    if prompt.is_empty() {
        return foot;
    }
    let lh = line_height(drawn_size(16.0));
    let mut top = foot;
    if let Some(seat) = k.window_seat() {
        let name = &k.players[seat].name;
        let mark = Color::PLAYER_MARK[seat];
        let text = format!("Asking {name} ({mark})");
        // A name longer than two lines (a player's own choice) is the one thing cut.
        let text = fit_lines(&text, 16.0, width, 2);
        let h = text_block_height(&text, 16.0, width, false);
        top -= h;
        s.text_block(rect(SIDE_X, top, width, h), text, 16.0, Color::player(seat))
            .tooltip(format!(
                "Now asking: {name} ({mark}). Each seat in turn order may respond or pass"
            ));
        top -= 6.0;
    }
    let title = format!(
        "Responses {}",
        lower_first(&crate::magic_view::window_title(k))
    );
    let h = text_block_height(&title, 16.0, width, false).max(lh);
    top -= h;
    s.text_block(
        rect(SIDE_X, top, width, h),
        title.clone(),
        16.0,
        Color::rgb(255, 230, 150),
    )
    .tooltip(format!("{title}. {prompt}"));
    top
}

/// `text` with its first letter in lower case, to follow another word.
pub(super) fn lower_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `text` wrapped at `width`, cut short with an ellipsis after `lines` lines.
pub(super) fn fit_lines(text: &str, size: f32, width: f32, lines: usize) -> String {
    let wrapped = wrap_lines(text, drawn_size(size), width, false);
    if wrapped.len() <= lines {
        return text.to_string();
    }
    let mut kept: Vec<String> = wrapped[..lines - 1].to_vec();
    kept.push(fit(&wrapped[lines - 1..].join(" "), size, width, false));
    kept.join("\n")
}

/// Artefacts invoked this round lie in front of the screen for everyone to see: one
/// tile each in a row from `x`, as many as the own area's width holds (the allowance
/// is two a round at most).
pub(super) fn draw_invoked_row(s: &mut Scene, k: &Keydoms, seat: usize, mut x: f32) {
    let right = OWN.x + OWN.w - 8.0;
    let y = OWN_SPELLS_Y - 12.0;
    for a in 0..6u8 {
        for _ in 0..k.m.invoked[seat][a as usize] {
            let w = 38.0 + drawn_w(artefact_name(a), 16.0, false) + 8.0;
            if x + w > right {
                return;
            }
            s.rect(rect(x, y, w, 24.0), Color::rgb(200, 180, 230), 4.0)
                .tooltip(format!(
                    "{} invoked the {} this round",
                    k.players[seat].name,
                    artefact_name(a)
                ));
            s.image(rect(x + 2.0, y + 1.0, 33.0, 22.0), art::artefact(a), "");
            s.text(pos(x + 38.0, y + 12.0), artefact_name(a), 16.0, Color::INK);
            x += w + 8.0;
        }
    }
}
