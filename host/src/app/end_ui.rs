//! The end of a game: every scoring category per seat, the winners, the tie-break, a bar
//! chart of the breakdown, what to do next, and on demand the bot's rating of each
//! decision the people at the table made (worked out in the background by `advice`).

use egui::{Color32, RichText, Ui};
use tavern_plugin_api::scene::Color as SceneColor;
use tavern_plugin_api::{Outcome, SeatScore};

use super::advice;
use super::state::AppState;
use super::table::TableState;
use super::text::{readable, readable_owned};

enum Next {
    PlayAgain,
    SaveReplay,
    Launcher,
}

pub fn show(ctx: &egui::Context, state: &mut AppState) {
    let Some(t) = state.table.as_mut() else {
        return;
    };
    if !t.show_end {
        return;
    }
    let outcome = match t.outcome() {
        Ok(Some(o)) => o,
        _ => return,
    };
    let mut open = true;
    let mut next = None;
    // Tall enough for the score table and the chart together where the window allows
    // (a scroll area in an auto-sized window otherwise opens at a fraction of it).
    let height = (ctx.content_rect().height() - 160.0).clamp(240.0, 640.0);
    egui::Window::new("Game over")
        .id(egui::Id::unique("end-window"))
        .open(&mut open)
        .collapsible(false)
        .default_width(640.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    next = body(ui, t, &outcome);
                });
        });
    if !open {
        t.show_end = false;
    }
    match next {
        Some(Next::PlayAgain) => state.play_again(),
        Some(Next::SaveReplay) => state.save_as(),
        Some(Next::Launcher) => state.back_to_launcher(),
        None => {}
    }
}

fn seat_color(seat: usize) -> Color32 {
    let c = SceneColor::player(seat);
    Color32::from_rgb(c.0, c.1, c.2)
}

/// One column of the end table: a seat, or a participant that is not a seat (a game's
/// automated opponent, such as a ghost), ranked on the same scale.
struct Column<'a> {
    /// The heading: the seat's letter and name, or the participant's name.
    label: String,
    name: String,
    colour: Color32,
    place: usize,
    score: &'a SeatScore,
}

fn columns<'a>(t: &TableState, o: &'a Outcome) -> Vec<Column<'a>> {
    let seats = o.scores.iter().enumerate().map(|(seat, score)| {
        let name = t.seat_name(seat);
        Column {
            label: format!("{} {name}", SceneColor::PLAYER_MARK[seat % 8]),
            name,
            colour: seat_color(seat),
            place: o.rank.get(seat).copied().unwrap_or(0),
            score,
        }
    });
    let others = o.others.iter().map(|x| Column {
        label: x.name.clone(),
        name: x.name.clone(),
        colour: Color32::from_gray(170),
        place: x.rank,
        score: &x.score,
    });
    seats.chain(others).collect()
}

/// The winners' names joined for a headline (a ghost among them); a one-seat game with
/// nobody else scored (a solo game, a training puzzle) has nobody to beat, so its
/// headline is the score.
pub fn winners_text(t: &TableState, o: &Outcome) -> String {
    if let ([only], []) = (o.scores.as_slice(), o.others.as_slice()) {
        return format!("{}'s final score: {}", t.seat_name(0), only.total);
    }
    let cols = columns(t, o);
    let names: Vec<&str> = cols
        .iter()
        .filter(|c| c.place == 0)
        .map(|c| c.name.as_str())
        .collect();
    match names.as_slice() {
        [] => "No winner".into(),
        [one] => format!("{one} wins"),
        many => format!("Shared win: {}", many.join(" and ")),
    }
}

fn body(ui: &mut Ui, t: &mut TableState, o: &Outcome) -> Option<Next> {
    ui.label(RichText::new(winners_text(t, o)).size(24.0).strong());
    if let Some(tb) = &o.tie_break {
        // Alone at the table there is no tie: the line is the game's verdict (a solo
        // title), said as it stands.
        let tb = readable(ui.ctx(), tb);
        ui.label(if o.scores.len() == 1 && o.others.is_empty() {
            tb.to_string()
        } else {
            format!("Tie-break: {tb}")
        });
    }
    ui.add_space(6.0);
    // The way on first, so it is never scrolled out of sight on a small window.
    let mut next = None;
    // Online the game lives on the host (which keeps it in its history): no new deal
    // or replay file from here.
    let local = !t.is_online();
    ui.horizontal(|ui| {
        if local
            && ui
                .button("Play again")
                .on_hover_text("Same seats and options, a new deal")
                .clicked()
        {
            next = Some(Next::PlayAgain);
        }
        if local && ui.button("Save replay").clicked() {
            next = Some(Next::SaveReplay);
        }
        if ui.button("Back to launcher").clicked() {
            next = Some(Next::Launcher);
        }
    });
    ui.add_space(8.0);
    let cols = columns(t, o);
    // Categories in the order they first appear.
    let mut cats: Vec<String> = Vec::new();
    for c in &cols {
        for l in &c.score.breakdown {
            if !cats.contains(&l.label) {
                cats.push(l.label.clone());
            }
        }
    }
    egui::Grid::new("score-table")
        .striped(true)
        .num_columns(cols.len() + 1)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            ui.label(RichText::new("Category").strong());
            for c in &cols {
                ui.label(
                    RichText::new(format!("{} (#{})", c.label, c.place + 1))
                        .strong()
                        .color(c.colour),
                );
            }
            ui.end_row();
            for cat in &cats {
                ui.label(readable(ui.ctx(), cat));
                for c in &cols {
                    let p: i64 = c
                        .score
                        .breakdown
                        .iter()
                        .filter(|l| &l.label == cat)
                        .map(|l| l.points)
                        .sum();
                    ui.label(p.to_string());
                }
                ui.end_row();
            }
            ui.label(RichText::new("Total").strong());
            for c in &cols {
                ui.label(RichText::new(c.score.total.to_string()).strong());
            }
            ui.end_row();
        });
    ui.add_space(10.0);
    chart(ui, &cols, &cats);
    // The review replays the game, which only the host holds when playing online.
    if !t.humans().is_empty() && !t.is_online() {
        review(ui, t);
    }
    next
}

/// "How did you play?": a button that starts the review, its progress, then one row per
/// rated decision.
fn review(ui: &mut Ui, t: &mut TableState) {
    ui.add_space(12.0);
    ui.label(RichText::new("How did you play?").strong().size(17.0));
    let Some(r) = &t.review else {
        ui.label(format!(
            "The normal bot can look at each of your decisions (up to {}) with what you knew \
             then, and say how it rated your choice. It takes about a quarter of a second per \
             decision, in the background.",
            advice::REVIEW_MAX_DECISIONS
        ));
        if ui.button("Rate my decisions").clicked() {
            t.start_review();
        }
        return;
    };
    let p = r.progress().clone();
    if !p.finished {
        ui.add(
            egui::ProgressBar::new(p.done as f32 / p.total.max(1) as f32).text(format!(
                "Rating decision {} of {}…",
                p.done + 1,
                p.total
            )),
        );
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(200));
    }
    if let Some(e) = &p.error {
        ui.label(
            RichText::new(format!("The review stopped: {e}")).color(ui.visuals().warn_fg_color),
        );
    }
    let real: Vec<&advice::Rating> = p.ratings.iter().filter(|r| r.choices > 1).collect();
    if p.finished && real.is_empty() {
        ui.label("No decision had more than one choice.");
        return;
    }
    let matched = real.iter().filter(|r| r.place == Some(1)).count();
    if !real.is_empty() {
        ui.label(format!(
            "The bot would have made the same choice in {matched} of {} decisions.",
            real.len()
        ));
    }
    let pct = |w: f64| format!("{:.0}%", w * 100.0);
    egui::Grid::new("review-grid")
        .striped(true)
        .num_columns(4)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new("Move").strong());
            ui.label(RichText::new("Played").strong());
            ui.label(RichText::new("Chance to win").strong())
                .on_hover_text(
                    "The bot's estimate of that player's chance of winning after the move: \
                 the share of its simulated games from there that the player won",
                );
            ui.label(RichText::new("The bot's choice").strong());
            ui.end_row();
            for r in real {
                ui.label(format!("{}", r.index + 1));
                ui.label(
                    RichText::new(format!(
                        "{}: {}",
                        t.seat_name(r.seat),
                        readable(ui.ctx(), &r.played)
                    ))
                    .color(seat_color(r.seat)),
                );
                ui.label(r.played_win.map_or_else(|| "not tried".into(), pct));
                if r.place == Some(1) {
                    ui.label(RichText::new("the same").weak());
                } else {
                    ui.label(format!(
                        "{} ({})",
                        readable(ui.ctx(), &r.best),
                        pct(r.best_win)
                    ));
                }
                ui.end_row();
            }
        });
}

/// Stacked bars, one per seat, each category a shade; negative points drawn below zero.
fn chart(ui: &mut Ui, cols: &[Column<'_>], cats: &[String]) {
    let n = cols.len().max(1);
    let max_pos: i64 = cols
        .iter()
        .map(|c| {
            c.score
                .breakdown
                .iter()
                .map(|l| l.points.max(0))
                .sum::<i64>()
        })
        .max()
        .unwrap_or(0)
        .max(1);
    let max_neg: i64 = cols
        .iter()
        .map(|c| {
            c.score
                .breakdown
                .iter()
                .map(|l| (-l.points).max(0))
                .sum::<i64>()
        })
        .max()
        .unwrap_or(0);
    let width = ui.available_width().min(600.0);
    let height = 150.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height + 24.0), egui::Sense::hover());
    let p = ui.painter_at(rect);
    let total = (max_pos + max_neg) as f32;
    let unit = height / total;
    let zero_y = rect.top() + max_pos as f32 * unit;
    let slot = width / n as f32;
    let bar_w = (slot * 0.5).min(70.0);
    let shades = [
        Color32::from_rgb(0, 114, 178),
        Color32::from_rgb(230, 159, 0),
        Color32::from_rgb(0, 158, 115),
        Color32::from_rgb(204, 121, 167),
        Color32::from_rgb(86, 180, 233),
        Color32::from_rgb(213, 94, 0),
        Color32::from_rgb(240, 228, 66),
        Color32::from_rgb(150, 150, 150),
    ];
    p.line_segment(
        [
            egui::pos2(rect.left(), zero_y),
            egui::pos2(rect.right(), zero_y),
        ],
        egui::Stroke::new(1.0, ui.visuals().text_color()),
    );
    let mut hovered = None;
    let pointer = ui.input(|i| i.pointer.hover_pos());
    for (i, col) in cols.iter().enumerate() {
        let s = col.score;
        let x = rect.left() + slot * (i as f32 + 0.5) - bar_w / 2.0;
        let (mut up, mut down) = (zero_y, zero_y);
        for (ci, c) in cats.iter().enumerate() {
            let pts: i64 = s
                .breakdown
                .iter()
                .filter(|l| &l.label == c)
                .map(|l| l.points)
                .sum();
            if pts == 0 {
                continue;
            }
            let h = pts.unsigned_abs() as f32 * unit;
            let r = if pts > 0 {
                up -= h;
                egui::Rect::from_min_size(egui::pos2(x, up), egui::vec2(bar_w, h))
            } else {
                let r = egui::Rect::from_min_size(egui::pos2(x, down), egui::vec2(bar_w, h));
                down += h;
                r
            };
            p.rect_filled(r, 0.0, shades[ci % shades.len()]);
            p.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(1.0, Color32::BLACK),
                egui::StrokeKind::Inside,
            );
            if pointer.is_some_and(|q| r.contains(q)) {
                hovered = Some(readable_owned(
                    ui.ctx(),
                    &format!("{}: {c} {pts}", col.name),
                ));
            }
        }
        p.text(
            egui::pos2(x + bar_w / 2.0, rect.bottom() - 10.0),
            egui::Align2::CENTER_CENTER,
            &col.label,
            egui::FontId::proportional(13.0),
            col.colour,
        );
    }
    // Legend: category shades.
    ui.horizontal_wrapped(|ui| {
        for (ci, c) in cats.iter().enumerate() {
            let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, shades[ci % shades.len()]);
            ui.label(RichText::new(readable(ui.ctx(), c)).size(13.0));
        }
    });
    if let Some(h) = hovered {
        ui.label(RichText::new(h).weak());
    }
}
