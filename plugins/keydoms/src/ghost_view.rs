//! The ghosts on the table: their counters on the board and their mats along the top.

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{Color, Rect, pos, rect};

use crate::art;
use crate::data::{WAND, artefact_name, loc_letter, spell_name, the_loc};
use crate::ghost::{GHOSTS, GhostCard};
use crate::ghost_play::card_text;
use crate::paint::{Disc, disc_label, drawn_w, fit_words, group_panel};
use crate::state::Keydoms;

/// Ghost counters at `loc`, after the players' workers in the location's row of discs.
pub(crate) fn ghost_discs(k: &Keydoms, loc: u8, discs: &mut Vec<Disc>) {
    for (g, gh) in k.ghosts.iter().enumerate() {
        let p = k.n() + g;
        let mods = k.ghost_mods(g, loc);
        for w in k.party_slots(p, loc).into_iter().map(|i| &gh.workers[i]) {
            let (name, at, mark) = (gh.name(), the_loc(loc), Color::PLAYER_MARK[p]);
            let (txt, tip) = if w.face_up {
                let st = gh.strength(w, loc, mods);
                (
                    st.to_string(),
                    format!(
                        "{name}'s counter in {at} ({mark}), counting {st}. Castle side {}, \
                         elsewhere side {}",
                        w.castle, w.elsewhere
                    ),
                )
            } else {
                (
                    "?".to_string(),
                    format!(
                        "{name}'s face-down counter in {at} ({mark}). Its strength shows \
                         when this location resolves"
                    ),
                )
            };
            discs.push(Disc {
                label: disc_label(p, &txt),
                seat: p,
                tip,
                changed: false,
            });
        }
    }
}

/// The right-hand column of a wide mat: the ghost standing beside its deck.
const COLUMN: f32 = 124.0;
/// What the last line of a narrow mat leaves for the ghost in the corner.
const NARROW_GHOST: f32 = 48.0;

/// One ghost's mat: the ghost itself in its colour, its deck (the back of the card on
/// top, so the kind of its next card shows), and lines for its counters, artefacts and
/// spells. The drawings take a column on the right where the lines still fit beside it;
/// on a narrow mat the ghost stands in the corner of the mist and the lines say the rest.
pub fn draw_ghost_mat(s: &mut Scene, k: &Keydoms, g: usize, r: Rect) {
    let gh = &k.ghosts[g];
    let p = k.n() + g;
    group_panel(
        s,
        r,
        (Color::rgb(48, 52, 64), Color::player(p)),
        format!("ghost:{g}"),
        format!(
            "{}'s mat. A ghost draws an action card each turn and sends a random face-down \
             counter where the card says; it never pays for artefacts and its cave treasure \
             goes back to the treasury",
            gh.name()
        ),
    );
    let lines = mat_lines(k, g);
    let full = r.w - 20.0;
    let start = (k.start == p, "start");
    let wide = std::iter::once(crate::paint::heading_width(gh.name(), p, start, 20.0))
        .chain(lines.iter().map(|(t, _, _)| drawn_w(&t[0], 16.0, false)))
        .all(|w| w <= full - COLUMN);
    let room = if wide { full - COLUMN } else { full };
    crate::paint::draw_heading(
        s,
        pos(r.x + 10.0, r.y + 18.0),
        (gh.name(), p),
        start,
        20.0,
        room,
    );
    art::mist(s, r);
    // Where each line may reach: beside the column on a wide mat; on a narrow one the
    // last line stops short of the ghost standing in the mist at the foot.
    let rooms = if wide {
        let right = r.x + r.w - 8.0;
        art::ghost_figure(s, rect(right - 118.0, r.y + 30.0, 56.0, 66.0), p, gh.name());
        draw_deck(s, k, g, rect(right - 56.0, r.y + 22.0, 54.0, 76.0));
        [room; 3]
    } else {
        let foot = rect(r.x + r.w - 46.0, r.y + r.h - 46.0, 38.0, 42.0);
        art::ghost_figure(s, foot, p, gh.name());
        [full, full, full - NARROW_GHOST]
    };
    for (i, ((forms, tip, ink), room)) in lines.into_iter().zip(rooms).enumerate() {
        // The fullest form that fits; the tooltip always says everything.
        let text = forms
            .iter()
            .find(|t| drawn_w(t, 16.0, false) <= room)
            .cloned()
            .unwrap_or_else(|| fit_words(forms.last().map_or("", |t| t), 16.0, room, false));
        s.text(
            pos(r.x + 10.0, r.y + 44.0 + i as f32 * 24.0),
            text,
            16.0,
            ink,
        )
        .tooltip(tip);
    }
}

/// The ghost's deck face down: the back of its top card (an action card's or a spell's)
/// with the count on it; nothing once it is used up.
fn draw_deck(s: &mut Scene, k: &Keydoms, g: usize, r: Rect) {
    let gh = &k.ghosts[g];
    let (back, next) = match gh.deck.last() {
        Some(GhostCard::Action(_)) => (art::GHOST_CARD_BACK, "an action card"),
        Some(GhostCard::Spell(_)) => (art::SPELL_BACK, "a spell card"),
        None => return,
    };
    s.card_back(r, Color::rgb(57, 65, 90), gh.deck.len().to_string())
        .tooltip(format!(
            "{}'s deck: {} cards, next {next} (the backs are public)",
            gh.name(),
            gh.deck.len()
        ));
    art::back_picture(s, r, back);
}

/// The mat's lines, each with its tooltip and ink: counters and deck, artefacts, and
/// the last card with the spells. Each line comes in shorter forms for a narrow mat
/// (six seats), fullest first, each made of whole parts.
fn mat_lines(k: &Keydoms, g: usize) -> Vec<(Vec<String>, String, Color)> {
    let gh = &k.ghosts[g];
    let out = gh.placed();
    let quota = if gh.fx.raven {
        GHOSTS.placed_with_raven
    } else {
        GHOSTS.placed_per_round
    };
    // The set sorted: the counters' own order moves with where the face-down ones lie
    // (a re-deal swaps their sides), so listing it would tell which one went where.
    let mut sides: Vec<(u8, u8)> = gh.workers.iter().map(|w| (w.castle, w.elsewhere)).collect();
    sides.sort_unstable();
    let set: Vec<String> = sides.iter().map(|(c, e)| format!("{c}/{e}")).collect();
    // Turned-up counters in the order they were placed, which every seat saw.
    let mut shown: Vec<&crate::ghost::GhostWorker> =
        gh.workers.iter().filter(|w| w.face_up).collect();
    shown.sort_by_key(|w| w.seq);
    let up: Vec<String> = shown
        .into_iter()
        .filter_map(|w| {
            w.loc
                .map(|l| format!("{}/{} in {}", w.castle, w.elsewhere, loc_letter(l)))
        })
        .collect();
    let top = match gh.deck.last() {
        Some(GhostCard::Action(_)) => "action",
        Some(GhostCard::Spell(_)) => "spell",
        None => "none",
    };
    let counters = vec![
        format!(
            "Counters out {out}/{quota} · deck {}, next {top}",
            gh.deck.len()
        ),
        format!("Counters out {out}/{quota} · deck {}", gh.deck.len()),
        format!("Counters out {out}/{quota}"),
        format!("Out {out}/{quota}"),
    ];
    let counters_tip = format!(
        "{}: counters out {out} of {quota}, deck {} cards, {}. A ghost places \
         7 of its 8 counters a round (8 with its raven up), each picked at random face down. \
         Its counters (castle side / elsewhere side): {}. Turned up so far: {}. Card backs \
         are public, so the type of its next card is known; the card itself is not",
        gh.name(),
        gh.deck.len(),
        match top {
            "action" => "next an action card",
            "spell" => "next a spell card",
            _ => "no card left",
        },
        set.join(", "),
        if up.is_empty() {
            "none".to_string()
        } else {
            up.join(", ")
        }
    );
    let arts: Vec<String> = (0..6u8)
        .filter(|&a| gh.artefacts[a as usize] > 0)
        .map(|a| {
            let n = gh.artefacts[a as usize];
            let up = if a == WAND { n } else { gh.face_up[a as usize] };
            format!("{}×{n} ({up} up)", artefact_name(a))
        })
        .collect();
    let total = gh.artefacts.iter().sum::<u8>();
    let ups: u8 = (0..6u8)
        .map(|a| {
            if a == WAND {
                gh.artefacts[a as usize]
            } else {
                gh.face_up[a as usize]
            }
        })
        .sum();
    let artefacts = vec![
        format!("Artefacts {total}: {}", arts.join(", ")),
        format!("Artefacts {total} ({ups} up)"),
        format!("Artefacts {total}"),
    ];
    let artefacts_tip = format!(
        "{}'s artefacts: {}. 'Up' ones it has turned over and used. Each round it turns up \
         one more face-down artefact and uses its ghost power",
        gh.name(),
        if arts.is_empty() {
            "none".to_string()
        } else {
            arts.join(", ")
        }
    );
    let last = gh.discard.last().map(|c| format!("last card {c}"));
    let names: Vec<&str> = gh.revealed.iter().map(|&sp| spell_name(sp)).collect();
    let cast = (!names.is_empty()).then(|| format!("to cast: {}", names.join(", ")));
    let cast_short = (!names.is_empty()).then(|| format!("{} to cast", names.len()));
    let deck_spells = gh
        .deck
        .iter()
        .filter(|c| matches!(c, GhostCard::Spell(_)))
        .count();
    let hidden_n = deck_spells + gh.gained.len() + k.gp.owed.get(g).copied().unwrap_or(0) as usize;
    let hidden = Some(format!("hidden spells {hidden_n}"));
    let hidden_short = Some(format!("{hidden_n} hidden"));
    // Each form starts in upper case, whichever part comes first.
    let join = |parts: &[&Option<String>]| {
        crate::data::upper_first(
            &parts
                .iter()
                .filter_map(|p| p.as_deref())
                .collect::<Vec<_>>()
                .join(" · "),
        )
    };
    let line = vec![join(&[&last, &cast, &hidden])];
    let mut spells = line.clone();
    for form in [
        join(&[&cast, &hidden]),
        join(&[&cast, &hidden_short]),
        join(&[&cast]),
        join(&[&last, &cast_short, &hidden_short]),
        join(&[&cast_short, &hidden_short]),
        join(&[&cast_short]),
        join(&[&hidden_short]),
    ] {
        if !form.is_empty() && !spells.contains(&form) {
            spells.push(form);
        }
    }
    let tip = match gh.discard.last() {
        Some(&c) => format!(
            "{}: {}. Last action card {c}: {}. Spells turned up are cast when placement ends; \
             hidden spells (in its deck or gained this round) count one artefact per \
             started pair at the end",
            gh.name(),
            line[0],
            card_text(c)
        ),
        None => format!(
            "{}: {}. Spells turned up are cast when placement ends; hidden spells count one \
             artefact per started pair at the end",
            gh.name(),
            line[0]
        ),
    };
    vec![
        (counters, counters_tip, Color::WHITE),
        (artefacts, artefacts_tip, Color::WHITE),
        (spells, tip, Color::rgb(230, 220, 255)),
    ]
}
