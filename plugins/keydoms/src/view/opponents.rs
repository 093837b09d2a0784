//! Opponents' screens along the top: each one's public counts and the artefacts invoked
//! in front of it (ghosts' mats are `ghost_view`'s).

use tavern_plugin_api::Scene;
use tavern_plugin_api::scene::{Color, Icon, Rect, pos, rect};

use super::areas::OPPONENTS;
use crate::art;
use crate::data::artefact_name;
use crate::paint::{draw_heading, drawn_w, fit, group_panel};
use crate::state::Keydoms;

pub(super) fn draw_opponents(s: &mut Scene, k: &Keydoms, viewer: Option<usize>) {
    let others: Vec<usize> = (0..k.n()).filter(|&p| Some(p) != viewer).collect();
    let w = OPPONENTS.w / (others.len() + k.ghosts.len()).max(1) as f32;
    let panel = |i: usize| {
        rect(
            OPPONENTS.x + i as f32 * w,
            OPPONENTS.y,
            w - 8.0,
            OPPONENTS.h,
        )
    };
    for g in 0..k.ghosts.len() {
        let r = panel(others.len() + g);
        crate::ghost_view::draw_ghost_mat(s, k, g, r);
        s.enlargeable(r, format!("{}'s mat", k.ghosts[g].name()));
    }
    for (i, &seat) in others.iter().enumerate() {
        draw_opponent(s, k, seat, panel(i));
        // Compact at six seats: the host may show it enlarged (and reads it as a group).
        s.enlargeable(panel(i), format!("{}'s screen", k.players[seat].name));
    }
}

/// One opponent's screen: the public counts, flowing onto as many lines as the panel's
/// width needs (three at six seats), and the artefacts invoked in front of it.
pub(super) fn draw_opponent(s: &mut Scene, k: &Keydoms, seat: usize, r: Rect) {
    let p = &k.players[seat];
    let name = p.name.as_str();
    group_panel(
        s,
        r,
        (Color::rgb(60, 60, 66), Color::player(seat)),
        format!("seat:{seat}"),
        format!("{name}'s screen. What lies behind it is hidden, only the counts are public"),
    );
    let room = r.w - 20.0;
    draw_heading(
        s,
        pos(r.x + 10.0, r.y + 18.0),
        (name, seat),
        (k.start == seat, "start"),
        20.0,
        room,
    );
    let treasure = p.total_treasure() as usize;
    let artefacts = p.artefact_count() as usize;
    let workers = p.unplaced().count();
    let mut items = vec![Count {
        word: "Treasure",
        icon: Icon::Gold,
        n: treasure,
        tip: format!("{name}'s treasure: worth {treasure}. The types are behind the screen"),
    }];
    if k.magic() {
        let spells = k.m.hands[seat].len();
        items.push(Count {
            word: "Spells",
            icon: Icon::Card,
            n: spells,
            tip: format!("{name}'s spells: {spells}. Which ones is hidden behind the screen"),
        });
    }
    items.push(Count {
        word: "Artefacts",
        icon: Icon::Crown,
        n: artefacts,
        tip: format!("{name}'s artefacts: {artefacts}, the starting wand included"),
    });
    items.push(Count {
        word: "Workers",
        icon: Icon::Worker,
        n: workers,
        tip: format!("{name}'s workers behind the screen: {workers}, to be placed this round"),
    });
    let (x0, mut right) = (r.x + 10.0, r.x + r.w - 10.0);
    // Words while they fit on three lines, else an icon before each number (the tooltip
    // says what it counts), so the invoked line below stays inside the panel.
    let worded = flow_lines(&items, true, x0, right) <= 3;
    let invoked = invoked_line(k, seat);
    // The screen itself stands on the right where the counts keep their lines and the
    // invoked line its words beside it.
    let beside = right - art::SCREEN_COLUMN;
    if worded
        && items.iter().all(|c| c.width(true) <= beside - x0)
        && flow_lines(&items, true, x0, beside) == flow_lines(&items, true, x0, right)
        && invoked
            .as_ref()
            .is_none_or(|t| drawn_w(t, 16.0, false) <= beside - x0)
    {
        art::screen(s, r, seat, name);
        right = beside;
    }
    let room = right - x0;
    let (mut x, mut y) = (x0, r.y + 44.0);
    for c in &items {
        let w = c.width(worded);
        if x > x0 && x + w > right {
            x = x0;
            y += 24.0;
        }
        if worded {
            let text = format!("{} {}", c.word, c.n);
            s.text(
                pos(x, y),
                fit(&text, 16.0, right - x, false),
                16.0,
                Color::WHITE,
            )
            .tooltip(c.tip.clone());
        } else {
            s.icon(pos(x + 10.0, y), 20.0, c.icon, Color::WHITE)
                .tooltip(c.tip.clone());
            s.text(pos(x + 24.0, y), c.n.to_string(), 16.0, Color::WHITE)
                .tooltip(c.tip.clone());
        }
        x += w + 14.0;
    }
    if let Some(text) = invoked {
        // A narrow screen keeps the names whole with a shorter word before them, or
        // none: the line's colour and tooltip say what they are.
        let names = text.trim_start_matches("Invoked: ");
        let shown = [text.clone(), format!("Used: {names}"), names.to_string()]
            .into_iter()
            .find(|t| drawn_w(t, 16.0, false) <= room)
            .unwrap_or_else(|| fit(names, 16.0, room, false));
        s.text(
            pos(r.x + 10.0, y + 24.0),
            shown,
            16.0,
            Color::rgb(220, 200, 250),
        )
        .tooltip(format!(
            "{name} invoked {names} this round; they lie in front of the screen"
        ));
    }
}

/// "Invoked: …" for the artefacts `seat` used this round, `None` when none (or no magic).
pub(super) fn invoked_line(k: &Keydoms, seat: usize) -> Option<String> {
    if !k.magic() {
        return None;
    }
    let names: Vec<String> = (0..6u8)
        .filter(|&a| k.m.invoked[seat][a as usize] > 0)
        .map(|a| match k.m.invoked[seat][a as usize] {
            1 => artefact_name(a).to_string(),
            n => format!("{}×{n}", artefact_name(a)),
        })
        .collect();
    (!names.is_empty()).then(|| format!("Invoked: {}", names.join(", ")))
}

/// One public count on an opponent's screen.
pub(super) struct Count {
    word: &'static str,
    icon: Icon,
    n: usize,
    tip: String,
}

impl Count {
    /// Width drawn: "Treasure 12" worded, else an icon and the number.
    fn width(&self, worded: bool) -> f32 {
        if worded {
            drawn_w(&format!("{} {}", self.word, self.n), 16.0, false)
        } else {
            24.0 + drawn_w(&self.n.to_string(), 16.0, false)
        }
    }
}

/// Lines the counts take when each goes on the current line while it fits.
pub(super) fn flow_lines(items: &[Count], worded: bool, x0: f32, right: f32) -> usize {
    let mut x = x0;
    let mut lines = 1;
    for c in items {
        let w = c.width(worded);
        if x > x0 && x + w > right {
            x = x0;
            lines += 1;
        }
        x += w + 14.0;
    }
    lines
}
