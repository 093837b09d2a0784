//! The encounter book: the last paragraph read beside the reputation board, and the page
//! of an explore being read, laid over the market.

use super::*;

/// The book beside the reputation board: the last paragraph read, its heading and as many
/// whole sentences as the page holds (the whole text is in its tooltip and the log).
pub(super) fn middle(s: &mut Scene, g: &Ab) {
    if let Some(e) = &g.explore {
        book_page(s, g, e);
        return;
    }
    let open = outcome_open(g);
    let r = if open { OUTCOME } else { BOOK };
    let Some(l) = &g.last_read else {
        s.panel(r, Color::rgb(236, 226, 200), BORDER)
            .tooltip("The encounter book: the last paragraph read");
        s.image(r.shrink(3.0), art::BOOK_PAGE, "");
        let text = "The encounter book lies open, waiting for the first explorers.";
        let w = r.w - 28.0;
        let h = text_block_height(text, T, w, false);
        s.text_block(rect(r.x + 14.0, r.y + 10.0, w, h), text, T, Color::INK);
        return;
    };
    let entry = g.book().entry((l.paragraph, 0));
    let choice = &entry.choices[l.choice as usize];
    let out = g.book().entry(choice.goto);
    let heading = format!(
        "{} · {} {}: {} for explore {}, {}",
        g.players[l.seat as usize].name,
        ref_name(choice.goto),
        choice.label,
        counted(l.lanterns, "lantern", "lanterns"),
        choice.explore,
        if l.bonus {
            "success with the bonus"
        } else if l.success {
            "success"
        } else {
            "failure"
        }
    );
    // The rewards always show; the story gives way to them when the page is full.
    let (story, received) = if l.success {
        let list = |items: &[crate::book::Item]| {
            let v: Vec<String> = items.iter().map(|&i| item_text(i)).collect();
            v.join(", ")
        };
        // The bonus apart, so '2 coins' and a bonus coin do not read as '2 coins, 1 coin'.
        let (reward, bonus) = g.rewards(choice.goto);
        let mut received = format!("Received: {}", list(reward));
        if l.bonus && !bonus.is_empty() {
            received.push_str(&format!("; bonus: {}", list(bonus)));
        }
        (out.text.clone(), received)
    } else if out.fail.is_empty() {
        (
            "The party comes home empty-handed.".to_string(),
            String::new(),
        )
    } else {
        (out.fail.clone(), String::new())
    };
    s.panel(r, Color::rgb(236, 226, 200), BORDER)
        .tooltip(format!(
            "The encounter book, last read: {heading}\n{story}\n{received}"
        ));
    s.image(r.shrink(3.0), art::BOOK_PAGE, "");
    let w = r.w - 28.0;
    let mut y = r.y + 8.0;
    let hh = text_block_height(&heading, T, w, true);
    s.text_block(rect(r.x + 14.0, y, w, hh), heading, T, Color::INK)
        .bold();
    y += hh;
    let rh = if received.is_empty() {
        0.0
    } else {
        text_block_height(&received, T, w, true)
    };
    // Open wide, the story is read whole (every outcome of the book fits: tests/view.rs);
    // the small page afterwards keeps its whole sentences.
    let room = r.y + r.h - 8.0 - y - rh;
    let (shown, h) = if open {
        let h = text_block_height(&story, T, w, false);
        (story.clone(), h)
    } else {
        first_lines(&story, T, w, room)
    };
    if !shown.is_empty() {
        s.text_block(rect(r.x + 14.0, y, w, h), shown, T, Color::INK);
    }
    if !received.is_empty() {
        s.text_block(rect(r.x + 14.0, y + h, w, rh), received, T, Color::INK)
            .bold();
    }
}

/// Whether the outcome just read lies open across the board: from the explore's end while
/// the explorer's turn lasts (it is read at once, whole, where the dice were).
pub(super) fn outcome_open(g: &Ab) -> bool {
    g.phase == Phase::Play
        && g.explore.is_none()
        && g.turn.acted
        && g.turn.explored
        && g.last_read.as_ref().is_some_and(|l| l.seat == g.active)
}

/// As many of `text`'s whole sentences as fit `height` (at the size the host draws
/// `size` largest), never a sentence cut short; and their height (0 when none fits).
pub fn first_lines(text: &str, size: f32, width: f32, height: f32) -> (String, f32) {
    let drawn = drawn_size(size);
    let lines = wrap_lines(text, drawn, width, false);
    let room = (height / line_height(drawn)).floor().max(0.0) as usize;
    if lines.len() <= room {
        return (text.to_string(), lines.len() as f32 * line_height(drawn));
    }
    // The words of the lines that fit, back to the last sentence's end among them.
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut fit: usize = lines[..room]
        .iter()
        .map(|l| l.split_whitespace().count())
        .sum();
    while let Some(end) = (0..fit.min(words.len())).rev().find(|&i| {
        words[i]
            .trim_end_matches(['"', '\'', ')'])
            .ends_with(['.', '!', '?'])
    }) {
        let shown = words[..=end].join(" ");
        let h = text_block_height(&shown, size, width, false);
        if h <= height {
            return (shown, h);
        }
        fit = end;
    }
    (String::new(), 0.0)
}

fn book_page(s: &mut Scene, g: &Ab, e: &crate::model::Explore) {
    let r = BOOK_PAGE;
    s.panel(r, Color::rgb(240, 230, 206), BORDER)
        .z(20)
        .tooltip("The encounter book, read aloud by the player to the explorer's left");
    // The drawing keeps its proportions (400 by 260), so it lies at the page's top, where
    // the text is measured from, rather than centred with its edge across the title.
    let w = r.w - 6.0;
    s.image(
        rect(r.x + 3.0, r.y + 3.0, w, w * 260.0 / 400.0),
        art::BOOK_PAGE,
        "",
    )
    .z(20);
    let seat = e.seat as usize;
    let c = cave(e.cave);
    let title = if e.paragraph == 0 {
        format!("{} explores {}", g.players[seat].name, c.name)
    } else {
        format!(
            "{} · {} explores {} ({} cave)",
            e.paragraph,
            g.players[seat].name,
            c.name,
            if c.dangerous { "dangerous" } else { "basic" }
        )
    };
    s.heading(pos(r.x + 24.0, r.y + 56.0), title, 22.0, Color::INK)
        .z(21)
        .tooltip("The paragraph's number in the encounter book, as the cave's grid die chose it");
    if e.paragraph == 0 {
        s.text(
            pos(r.x + 24.0, r.y + 92.0),
            "The die for the cave's grid is rolling...",
            T,
            Color::INK,
        )
        .z(21);
        return;
    }
    let entry = g.book().entry((e.paragraph, 0));
    let w = r.w - 48.0;
    let th = text_block_height(&entry.text, 20.0, w, false);
    s.text_block(
        rect(r.x + 24.0, r.y + 80.0, w, th),
        entry.text.clone(),
        20.0,
        Color::INK,
    )
    .z(21);
    // Below the page's curved top edge, which dips to the spine.
    let mut y = r.y + 92.0 + th;
    // The choices as the reader reads them: the words in capitals, the explore number, what
    // must be paid or held; never the rewards.
    let labels: Vec<String> = entry
        .choices
        .iter()
        .map(|ch| {
            let mut extra = String::new();
            if !ch.cost.is_empty() {
                let v: Vec<String> = ch.cost.iter().map(|&x| item_text(x)).collect();
                extra.push_str(&format!(" · pay {}", v.join(", ")));
            }
            for &n in &ch.needs {
                if let crate::book::Item::Adventure(k) = n
                    && let Some(c) = data().adventure(k)
                {
                    extra.push_str(&format!(" · with {}", card(c).name));
                }
            }
            // A greyed choice says why it is closed.
            if e.choice.is_none() && !g.can_pay(seat, &ch.cost) {
                extra.push_str(" (you cannot pay)");
            } else if e.choice.is_none() && !g.holds(seat, &ch.needs) {
                extra.push_str(" (you do not hold it)");
            }
            format!("{} — explore {}{extra}", ch.label, ch.explore)
        })
        .collect();
    let bh = labels
        .iter()
        .map(|l| text_block_height(l, 18.0, 430.0, true))
        .fold(46.0, f32::max)
        + 12.0;
    for (i, ch) in entry.choices.iter().enumerate() {
        let br = rect(r.x + 20.0 + i as f32 * 460.0, y, 450.0, bh);
        let chosen = e.choice == Some(i as u8);
        // A choice the explorer cannot take (a cost it cannot pay, a card it does not hold)
        // is still read out, as the book prints it, but greyed.
        let open = g.can_choose(seat, ch);
        let fill = if chosen {
            Color::rgb(120, 60, 40)
        } else if open {
            Color::rgb(90, 70, 50)
        } else {
            Color::rgb(130, 122, 112)
        };
        s.rect(br, fill, 8.0)
            .z(21)
            .id(format!("choice:{i}"))
            .highlight(if chosen {
                Highlight::Selected
            } else {
                Highlight::None
            })
            .tooltip(format!(
                "{}; the rewards are read only after the choice{}",
                labels[i],
                if open || chosen {
                    ""
                } else {
                    " (not open to this explorer)"
                }
            ));
        s.add(Shape::TextBlock {
            rect: rect(br.x + 10.0, br.y + 6.0, br.w - 20.0, bh - 6.0),
            text: labels[i].clone(),
            size: 18.0,
            color: Color::WHITE,
            align: Align::Left,
            bold: true,
        })
        .z(22);
    }
    y += bh + 22.0;
    // The explorers on the cave card, each with its die as it was rolled.
    // In the order they were sent: an exerted explorer keeps its place (and its die).
    let explorers: Vec<u8> = if e.sent.is_empty() {
        e.party.iter().chain(&e.exerted).copied().collect()
    } else {
        e.sent
            .iter()
            .copied()
            .filter(|v| e.party.contains(v) || e.exerted.contains(v))
            .collect()
    };
    let step = ((r.w - 40.0) / explorers.len().max(1) as f32).min(150.0);
    for (i, &v) in explorers.iter().enumerate() {
        let x = r.x + 20.0 + step / 2.0 + i as f32 * step;
        let die = e.dice.iter().position(|d| d.villager == Some(v));
        let exerted = e.exerted.contains(&v);
        let cw = (step - 8.0).min(100.0);
        // The name goes under the card, wrapped: in a card's title band it was clipped at
        // the host's smallest text.
        s.card(
            rect(x - cw / 2.0, y, cw, 56.0),
            if exerted {
                Color::rgb(220, 160, 150)
            } else {
                LIGHT
            },
            Some(Color::rgb(80, 120, 80)),
            "",
            villager_short(v),
        )
        .z(21)
        .id(format!("villager:{v}"))
        .tooltip(format!(
            "{}{}",
            villager_help(v),
            if exerted {
                " (exerted: +1 lantern, injured)"
            } else {
                ""
            }
        ));
        let name = &villager(v).name;
        s.add(Shape::TextBlock {
            rect: rect(
                x - step / 2.0 + 2.0,
                y + 58.0,
                step - 4.0,
                text_block_height(name, 16.0, step - 4.0, false),
            ),
            text: name.clone(),
            size: 16.0,
            color: Color::INK,
            align: Align::Center,
            bold: false,
        })
        .z(21);
        if let Some(d) = die {
            let face = e.dice[d].face;
            let l = villager(v).lanterns(face) + exerted as u8;
            s.die(pos(x, y + 140.0), 56.0, 6, face, Color::WHITE)
                .z(21)
                .id(format!("die:{d}"))
                .tooltip(format!(
                    "{} rolled {face}: {}{}",
                    villager(v).name,
                    counted(villager(v).lanterns(face), "lantern", "lanterns"),
                    if exerted { ", +1 for exerting" } else { "" }
                ));
            let text = if step >= 130.0 {
                counted(l, "lantern", "lanterns")
            } else {
                format!("+{l}")
            };
            s.text_centered(pos(x, y + 190.0), text, T, Color::INK)
                .z(21);
        }
    }
    // Dice rolled first and not yet given out.
    for (d, die) in e
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| d.villager.is_none())
    {
        let x = r.x + 60.0 + d as f32 * 80.0;
        s.die(
            pos(x, y + 218.0),
            56.0,
            6,
            die.face,
            Color::rgb(250, 240, 200),
        )
        .z(21)
        .id(format!("die:{d}"))
        .tooltip(format!(
            "A die showing {}, not yet given to an explorer",
            die.face
        ));
    }
    if let Some(o) = e.choice {
        let ch = &entry.choices[o as usize];
        let have = e.lanterns(g.lantern_bonus(seat));
        let boats = g.players[seat].boats_ready;
        let line = format!(
            "{} for explore {} (bonus at {}) · {} left · {} ready",
            counted(have, "lantern", "lanterns"),
            ch.explore,
            ch.explore + 2,
            counted(e.rerolls_left, "reroll", "rerolls"),
            counted(boats, "boat", "boats"),
        );
        let y = r.y + r.h - 70.0;
        s.image(rect(r.x + 16.0, y - 15.0, 30.0, 30.0), art::LANTERN, "")
            .z(21);
        s.text(pos(r.x + 52.0, y), line, T, Color::INK).z(21);
        if e.stage == Stage::Adjust {
            let br = rect(r.x + r.w - 260.0, r.y + r.h - 50.0, 240.0, 40.0);
            s.rect(br, Color::rgb(60, 110, 70), 8.0)
                .z(21)
                .id("book:accept")
                .tooltip("Let the dice stand and read the outcome");
            s.text_centered(
                pos(br.x + br.w / 2.0, br.y + 20.0),
                "Read the outcome",
                T,
                Color::WHITE,
            )
            .z(22);
        }
    }
}
