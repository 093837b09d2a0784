//! The windows of online play: *Host online* (who plays each seat, the relay), *Join*
//! (paste an invitation), the invitations of a hosted game with Copy buttons and the
//! seats' connections, and on an online table the undo vote and who is away.

use egui::{RichText, Ui};

use super::hosting::SeatRole;
use super::state::AppState;
use super::text::readable;

/// Every online window that may be open this frame.
pub fn windows(ctx: &egui::Context, state: &mut AppState) {
    state.poll_joining();
    let history = state.paths.history_dir();
    if let Some(h) = state.online.hosted.as_mut()
        && let Err(m) = h.keep_when_over(&history)
        && let Some(t) = state.table.as_mut()
    {
        t.notice = Some(format!("Could not keep the game in the history: {m}"));
    }
    host_window(ctx, state);
    join_window(ctx, state);
    invites_window(ctx, state);
    joining_window(ctx, state);
    vote_window(ctx, state);
}

pub(super) fn relay_choice(ui: &mut Ui, relay: &mut String) {
    let mode = match relay.trim() {
        "" | "public" => 0,
        "off" => 1,
        _ => 2,
    };
    let mut chosen = mode;
    ui.label("How players reach each other:");
    ui.radio_value(&mut chosen, 0, "Public relays (friends anywhere)")
        .on_hover_text(
            "A relay passes the connection along when a router stands in the way; it sees \
             only encrypted bytes.",
        );
    ui.radio_value(&mut chosen, 1, "No relay (everybody on this network)");
    ui.radio_value(&mut chosen, 2, "My own relay:");
    if chosen != mode {
        *relay = match chosen {
            0 => String::new(),
            1 => "off".into(),
            _ => "https://".into(),
        };
    }
    if chosen == 2 {
        ui.add(
            egui::TextEdit::singleline(relay)
                .hint_text("https://relay.example.org")
                .desired_width(320.0),
        );
    }
}

fn role_text(r: &SeatRole) -> String {
    match r {
        SeatRole::Me => "You (this screen)".into(),
        SeatRole::Invite => "A friend (invitation)".into(),
        SeatRole::Bot(l) => format!("Bot level {l}"),
    }
}

fn host_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(roles) = state.online.host_form.clone() else {
        return;
    };
    let game = state
        .launcher
        .game
        .as_deref()
        .and_then(|g| state.catalog.get(g))
        .map(|p| p.info.name.clone())
        .unwrap_or_default();
    let mut open = true;
    let (mut start, mut cancel) = (false, false);
    let mut change = None;
    egui::Window::new(format!("Host {game} online"))
        .id(egui::Id::unique("host-online-window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label(
                "Each friend gets an invitation to paste into Join. Every screen shows one \
                 seat only: nobody sees another's hand.",
            );
            ui.add_space(6.0);
            egui::Grid::new("host-seats").num_columns(2).show(ui, |ui| {
                for (seat, role) in roles.iter().enumerate() {
                    let name = state
                        .launcher
                        .seats
                        .get(seat)
                        .map(|s| s.name.trim().to_string())
                        .filter(|n| !n.is_empty())
                        .unwrap_or_else(|| format!("Player {}", seat + 1));
                    ui.label(format!("Seat {}: {name}", seat + 1));
                    egui::ComboBox::from_id_salt(("host-role", seat))
                        .selected_text(role_text(role))
                        .show_ui(ui, |ui| {
                            for r in [
                                SeatRole::Me,
                                SeatRole::Invite,
                                SeatRole::Bot(1),
                                SeatRole::Bot(2),
                                SeatRole::Bot(3),
                            ] {
                                if ui.selectable_label(*role == r, role_text(&r)).clicked() {
                                    change = Some((seat, r));
                                }
                            }
                        })
                        .response
                        .accessible_name(format!("Who plays seat {}", seat + 1));
                    ui.end_row();
                }
            });
            ui.add_space(6.0);
            ui.checkbox(&mut state.online.host_hints, "Offer hints")
                .on_hover_text(
                    "Each player may ask the normal bot what it would play on their turn \
                     (it knows only what that player knows). Off for a game played to win.",
                );
            relay_choice(ui, &mut state.settings.relay);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                start = ui.button(RichText::new("Start hosting").strong()).clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if let Some((seat, r)) = change {
        state.set_host_role(seat, r);
    }
    if start {
        state.host_online();
    } else if cancel || !open {
        state.online.host_form = None;
    }
}

fn join_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(mut text) = state.online.join_text.take() else {
        return;
    };
    let mut open = true;
    let (mut join, mut cancel, mut enter) = (false, false, false);
    egui::Window::new("Join a game online")
        .id(egui::Id::unique("join-window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label("Paste the invitation your host sent you.");
            let l = ui.label("Invitation:");
            // One line that scrolls: an invitation is one long word, which a wrapping
            // box would not break and which pushed the window past the screen.
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        .desired_width(440.0)
                        .hint_text("tavern1…"),
                )
                .labelled_by(l.id);
            enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                let l = ui.label("Your name:");
                ui.add(
                    egui::TextEdit::singleline(&mut state.settings.online_name)
                        .hint_text("Guest")
                        .desired_width(200.0),
                )
                .labelled_by(l.id);
            });
            // (Whether hints are offered is the host's choice, made when hosting.)
            ui.add_space(6.0);
            relay_choice(ui, &mut state.settings.relay);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                join = ui
                    .add_enabled(
                        !text.trim().is_empty(),
                        egui::Button::new(RichText::new("Join").strong()),
                    )
                    .clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if join || (enter && !text.trim().is_empty()) {
        state.online.join_text = Some(text.clone());
        state.join_online(&text);
    } else if open && !cancel {
        state.online.join_text = Some(text);
    }
}

fn joining_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(what) = state.online.joining.as_ref().map(|j| j.what.clone()) else {
        return;
    };
    egui::Window::new("Joining")
        .id(egui::Id::unique("joining-window"))
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(what);
            });
        });
    ctx.request_repaint_after(std::time::Duration::from_millis(200));
}

/// The invitations of the hosted game, with Copy buttons, who is connected, and a bot
/// for a seat whose player is away.
fn invites_window(ctx: &egui::Context, state: &mut AppState) {
    if !state.online.show_invites {
        return;
    }
    let Some(h) = state.online.hosted.as_ref() else {
        state.online.show_invites = false;
        return;
    };
    let mut open = true;
    let mut hand = None;
    egui::Window::new("Invitations")
        .id(egui::Id::unique("invites-window"))
        .open(&mut open)
        .collapsible(true)
        .resizable(false)
        .default_pos([360.0, 90.0])
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(format!(
                "Send each friend their seat's invitation. They open Tavern, choose Join… \
                 and paste it. Your {} stays open while you are at its table.",
                h.title
            ));
            ui.add_space(4.0);
            for seat in 0..h.roles.len() {
                let name = &h.names[seat];
                let role = &h.roles[seat];
                if *role == SeatRole::Me {
                    continue;
                }
                ui.separator();
                let bot = h.bot_level(seat);
                let status = match (role, bot) {
                    (SeatRole::Bot(_), _) => "a bot plays here".to_string(),
                    (_, Some(l)) => format!("away; a level {l} bot plays for now"),
                    _ if h.connected(seat) => "connected".to_string(),
                    _ => "not connected".to_string(),
                };
                ui.label(RichText::new(format!("Seat {}: {name} — {status}", seat + 1)).strong());
                if *role == SeatRole::Invite {
                    ticket_row(ui, &h.ticket_text(Some(seat)), seat);
                    ui.horizontal(|ui| match bot {
                        None => {
                            if ui
                                .button("Let a bot play this seat")
                                .on_hover_text(
                                    "For a friend who dropped out or has not come yet; \
                                     they can take the seat back with their invitation",
                                )
                                .clicked()
                            {
                                hand = Some((seat, Some(1)));
                            }
                        }
                        Some(_) => {
                            if ui.button("Give the seat back to its player").clicked() {
                                hand = Some((seat, None));
                            }
                        }
                    });
                }
            }
            ui.separator();
            ui.label(RichText::new("Spectators (see only what everybody sees)").strong());
            ticket_row(ui, &h.ticket_text(None), usize::MAX);
        });
    if let Some((seat, level)) = hand
        && let Some(h) = state.online.hosted.as_ref()
    {
        h.hand_seat(seat, level);
    }
    state.online.show_invites = open;
}

pub(super) fn ticket_row(ui: &mut Ui, ticket: &str, salt: usize) {
    ui.horizontal(|ui| {
        let mut shown = ticket.to_string();
        let whose = if salt == usize::MAX {
            "The spectators' invitation".to_string()
        } else {
            format!("Seat {}'s invitation", salt + 1)
        };
        ui.add(
            egui::TextEdit::singleline(&mut shown)
                .id_salt(("ticket", salt))
                .desired_width(380.0)
                .font(egui::TextStyle::Monospace),
        )
        .accessible_name(whose);
        if ui
            .button("Copy")
            .on_hover_text("Copy the invitation to send it")
            .clicked()
        {
            ui.ctx().copy_text(ticket.to_string());
        }
    });
}

/// An undo request of another seat this screen must answer.
fn vote_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(t) = state.table.as_mut() else {
        return;
    };
    let Some(prompt) = t.undo_vote() else {
        return;
    };
    let me = t.viewer();
    let asked = me.is_some_and(|s| prompt.waiting.contains(&s));
    let mine = me == Some(prompt.requester);
    if !asked && !mine {
        return;
    }
    let who = t.seat_name(prompt.requester);
    let mut answer = None;
    egui::Window::new("Take back?")
        .id(egui::Id::unique("vote-window"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
        .show(ctx, |ui| {
            if mine {
                let waiting: Vec<String> = prompt.waiting.iter().map(|&s| t.seat_name(s)).collect();
                ui.label(format!(
                    "Waiting for {} to accept taking your move back…",
                    waiting.join(", ")
                ));
                return;
            }
            ui.label(readable(
                ctx,
                &format!(
                    "{who} asks to take back moves since others have played. The game goes \
                     back only if everybody accepts."
                ),
            ));
            ui.horizontal(|ui| {
                if ui.button(RichText::new("Accept").strong()).clicked() {
                    answer = Some(true);
                }
                if ui.button("Refuse").clicked() {
                    answer = Some(false);
                }
            });
        });
    if let Some(a) = answer {
        t.answer_vote(a);
    }
}
