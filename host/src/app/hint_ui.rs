//! Above the action list: a bot's "thinking…" progress, the Hint button of learning mode
//! with the normal bot's opinion of each candidate, and "Seats…", where a seat is handed
//! to a bot mid-game (a player leaves) and back.

use egui::{RichText, Ui};
use tavern_plugin_api::SeatKind;

use super::advice::{HintJob, Ranking, hint_order};
use super::table::TableState;
use super::text::readable;

/// Candidates a hint lists (the search's order: most tried first).
const HINT_ROWS: usize = 8;

/// The bot's progress, Hint and Seats, and the hint's box, which scrolls within
/// `hint_max` points so it never squeezes the action list below it.
pub fn panel(ui: &mut Ui, t: &mut TableState, now: f64, hint_max: f32) {
    if let Some((seat, done)) = t.thinking_progress() {
        ui.add(
            egui::ProgressBar::new(done)
                .desired_height(14.0)
                .text(format!("{} is thinking…", t.seat_name(seat))),
        );
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
    let seats_open_id = egui::Id::unique("seats-window-open");
    let mut seats_open = ui
        .ctx()
        .data(|d| d.get_temp::<bool>(seats_open_id))
        .unwrap_or(false);
    ui.horizontal(|ui| {
        if t.can_hint().is_ok() {
            let busy = t.hint.as_ref().is_some_and(|h| h.answer.is_none());
            if ui
                .add_enabled(!busy, egui::Button::new("Hint"))
                .on_hover_text(
                    "What the normal bot would play here, and its estimate of your chance \
                     of winning after each choice it considered (it knows only what you know)",
                )
                .clicked()
            {
                t.ask_hint();
            }
        }
        // Online, the host hands seats to bots from its Invitations window.
        if !t.is_online()
            && ui
                .button("Seats…")
                .on_hover_text("Hand a seat to a bot (a player leaves) or back to a person")
                .clicked()
        {
            seats_open = !seats_open;
        }
    });
    if let Some(h) = t.current_hint() {
        egui::ScrollArea::vertical()
            .id_salt("hint-scroll")
            .max_height(hint_max)
            .show(ui, |ui| hint_box(ui, h));
        if h.answer.is_none() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
    if seats_open {
        seats_window(ui.ctx(), t, &mut seats_open, now);
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(seats_open_id, seats_open));
    ui.add_space(4.0);
}

fn hint_box(ui: &mut Ui, h: &HintJob) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        match &h.answer {
            None => {
                ui.add(
                    egui::ProgressBar::new(h.progress())
                        .desired_height(14.0)
                        .text("Hint: thinking…"),
                );
            }
            Some(Err(m)) => {
                ui.label(format!("No hint: {m}"));
            }
            Some(Ok((entry, report))) => {
                ui.label(
                    RichText::new(format!(
                        "The normal bot would play: {}",
                        readable(ui.ctx(), &entry.label)
                    ))
                    .strong(),
                );
                match report {
                    None => {
                        ui.label(RichText::new("(this game's plugin gives no ratings)").weak());
                    }
                    Some(r) if r.iterations == 0 => {
                        ui.label(RichText::new("It is your only choice.").weak());
                    }
                    Some(r) => {
                        // Chance first, in a fixed column, and the choice wrapped after
                        // it: a grid would size itself to the longest label and push
                        // the side panel past the window's edge.
                        let (order, ranking) = hint_order(r);
                        let (head, why) = match ranking {
                            Ranking::Win => (
                                "Chance to win · choice",
                                "The share of the bot's simulated games from here that you \
                                 won after this choice (shared wins split)",
                            ),
                            Ranking::Margin => (
                                "Every choice has the same chance to win: ranked by the points \
                                 you end ahead (+) or behind (−)",
                                "The chance of winning does not tell these choices apart, so \
                                 they are listed by the mean score margin of the bot's \
                                 simulated games: your points minus the best other seat's \
                                 (your own points when you play alone)",
                            ),
                            Ranking::Even => (
                                "Every choice has the same chance to win, and the bot cannot \
                                 tell them apart by score either",
                                "Its simulated games ended alike after each choice",
                            ),
                        };
                        ui.add(egui::Label::new(RichText::new(head).weak()).wrap())
                            .on_hover_text(why);
                        for c in order.into_iter().take(HINT_ROWS) {
                            ui.horizontal_top(|ui| {
                                let (pct, tip) = if c.visits == 0 {
                                    ("–".to_string(), "not tried".to_string())
                                } else if ranking == Ranking::Margin {
                                    (
                                        format!("{:+.1}", c.margin),
                                        format!(
                                            "ends {:.1} points {} on average, in {} simulated \
                                             games",
                                            c.margin.abs(),
                                            if c.margin >= 0.0 { "ahead" } else { "behind" },
                                            c.visits
                                        ),
                                    )
                                } else {
                                    (
                                        format!("{:.0}%", c.win * 100.0),
                                        format!(
                                            "tried in {} simulated games; rating {:.3}",
                                            c.visits, c.value
                                        ),
                                    )
                                };
                                ui.add_sized(
                                    [44.0, 18.0],
                                    egui::Label::new(RichText::new(pct).strong()),
                                )
                                .on_hover_text(tip);
                                ui.add(egui::Label::new(readable(ui.ctx(), &c.label)).wrap());
                            });
                        }
                        if r.candidates.len() > HINT_ROWS {
                            ui.label(
                                RichText::new(format!(
                                    "and {} more it thought less of",
                                    r.candidates.len() - HINT_ROWS
                                ))
                                .weak(),
                            );
                        }
                        ui.label(
                            RichText::new(format!(
                                "{} simulated games in {:.1} s",
                                r.iterations, r.seconds
                            ))
                            .weak()
                            .size(13.0),
                        );
                    }
                }
            }
        }
    });
}

/// One row per seat: a person, or a bot of strength 1–3.
fn seats_window(ctx: &egui::Context, t: &mut TableState, open: &mut bool, now: f64) {
    let mut change = None;
    egui::Window::new("Seats")
        .id(egui::Id::unique("seats-window"))
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("A player who leaves can hand their seat to a bot, and take it back later.");
            egui::Grid::new("seats-grid").num_columns(2).show(ui, |ui| {
                for seat in 0..t.seat_count() {
                    let current = match t.local().map(|s| &s.setup().seats[seat].kind) {
                        Some(SeatKind::Bot { level }) => Some(*level),
                        _ => None,
                    };
                    ui.label(t.seat_name(seat));
                    ui.horizontal(|ui| {
                        let mut chosen = current;
                        for k in [None, Some(1), Some(2), Some(3)] {
                            ui.selectable_value(&mut chosen, k, kind_text(k));
                        }
                        if chosen != current {
                            change = Some((seat, chosen));
                        }
                    });
                    ui.end_row();
                }
            });
        });
    if let Some((seat, kind)) = change {
        t.hand_seat(seat, kind, now);
    }
}

fn kind_text(kind: Option<u8>) -> String {
    match kind {
        None => "Person".into(),
        Some(l) => format!("Bot {l}"),
    }
}
