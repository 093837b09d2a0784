//! Table servers in the app: the *Create on server* window (the server's ticket, who
//! plays each seat, a turn clock, then the invitations) and the launcher's *Online
//! games* list (every seat this player holds on a server, whose turn it is).

use egui::{RichText, Ui};
use tavern_net::Ticket;
use tavern_net::proto::{AtDeadline, GameStatus};

use super::hosting::SeatRole;
use super::online_ui::{relay_choice, ticket_row};
use super::server_games::{CLOCKS, KnownGame, ServerAnswer, span, token_of, turn_words, until};
use super::state::AppState;

/// The windows of table servers that may be open this frame.
pub fn windows(ctx: &egui::Context, state: &mut AppState) {
    state.poll_create();
    state.poll_status();
    create_window(ctx, state);
    if state.checking_online_games() {
        // Answers wake the window, but a spinner turns only while frames come.
        ctx.request_repaint_after(std::time::Duration::from_millis(200));
    }
}

fn role_text(r: &SeatRole) -> String {
    match r {
        SeatRole::Me => "You".into(),
        SeatRole::Invite => "A friend (invitation)".into(),
        SeatRole::Bot(l) => format!("The server's bot, level {l}"),
    }
}

fn clock_text(clock: Option<u64>) -> &'static str {
    CLOCKS
        .iter()
        .find(|(c, _)| *c == clock)
        .map_or("None", |(_, t)| t)
}

fn create_window(ctx: &egui::Context, state: &mut AppState) {
    let Some(title) = state.online.create.as_ref().map(|f| f.title.clone()) else {
        return;
    };
    let mut open = true;
    let (mut create, mut close) = (false, false);
    let mut play = None;
    egui::Window::new(format!("Create {title} on a server"))
        .id(egui::Id::unique("create-on-server-window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            // Tall content (many seats and their invitations) scrolls inside the window
            // instead of pushing its buttons off a small screen.
            egui::ScrollArea::vertical()
                .max_height(ctx.content_rect().height() - 120.0)
                .show(ui, |ui| {
                    let Some(f) = state.online.create.as_mut() else {
                        return;
                    };
                    if f.created.is_some() {
                        (play, close) = created_view(ui, f);
                    } else {
                        (create, close) = form_view(ui, f, &mut state.settings.relay);
                    }
                });
        });
    if let Some((ticket, name)) = play {
        state.play_server_seat(&ticket, &name);
    } else if create {
        state.create_on_server();
    } else if close || !open {
        state.online.create = None;
    }
}

/// The form before the game is made; (create, cancel) as clicked.
fn form_view(
    ui: &mut Ui,
    f: &mut super::server_games::CreateForm,
    relay: &mut String,
) -> (bool, bool) {
    let sending = f.sending.is_some();
    ui.label(
        "A table server keeps the game between visits: each player comes when it suits \
         them, makes their move and leaves. Nobody needs to stay online.",
    );
    ui.add_space(6.0);
    let l = ui.label("The server's ticket (what `tavern serve` printed):");
    ui.add_enabled(
        !sending,
        egui::TextEdit::singleline(&mut f.server)
            .desired_width(500.0)
            .hint_text("tavern1…"),
    )
    .labelled_by(l.id);
    ui.add_space(6.0);
    ui.label(RichText::new("Seats").strong());
    egui::Grid::new("server-seats")
        .num_columns(3)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for seat in 0..f.roles.len() {
                ui.label(format!("Seat {}", seat + 1));
                // Sized, not desired_width: in this grid in an auto-sized window the
                // field shrank to a few letters.
                ui.add_enabled_ui(!sending, |ui| {
                    ui.add_sized(
                        [160.0, 24.0],
                        egui::TextEdit::singleline(&mut f.names[seat]),
                    )
                    .on_hover_text("The name the other players see")
                    .accessible_name(format!("Seat {} name on the server", seat + 1));
                });
                ui.add_enabled_ui(!sending, |ui| {
                    egui::ComboBox::from_id_salt(("server-role", seat))
                        .selected_text(role_text(&f.roles[seat]))
                        .width(210.0)
                        .show_ui(ui, |ui| {
                            for r in [
                                SeatRole::Me,
                                SeatRole::Invite,
                                SeatRole::Bot(1),
                                SeatRole::Bot(2),
                                SeatRole::Bot(3),
                            ] {
                                let text = role_text(&r);
                                ui.selectable_value(&mut f.roles[seat], r, text);
                            }
                        })
                        .response
                        .accessible_name(format!("Who plays seat {} on the server", seat + 1));
                });
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Turn clock:").strong())
            .on_hover_text("How long a seat may take over its turn");
        for (c, text) in CLOCKS {
            ui.add_enabled_ui(!sending, |ui| {
                ui.selectable_value(&mut f.clock, c, text);
            });
        }
    });
    if f.clock.is_some() {
        ui.horizontal(|ui| {
            ui.label("At the deadline:");
            ui.add_enabled_ui(!sending, |ui| {
                ui.radio_value(&mut f.at_deadline, AtDeadline::Bot, "the bot moves")
                    .on_hover_text("The server's bot plays that seat's move");
                ui.radio_value(&mut f.at_deadline, AtDeadline::Skip, "the seat passes")
                    .on_hover_text(
                        "The seat passes or ends its turn; where the game allows no pass \
                         then, the bot moves",
                    );
            });
        });
    } else {
        ui.label(
            RichText::new("No clock: the game waits for each player as long as it takes.").weak(),
        );
    }
    ui.add_space(6.0);
    ui.collapsing("Network", |ui| relay_choice(ui, relay));
    ui.add_space(6.0);
    if let Some(e) = &f.error {
        ui.label(
            RichText::new(format!("Could not create the game: {e}"))
                .color(ui.visuals().warn_fg_color),
        );
    }
    let (mut create, mut cancel) = (false, false);
    ui.horizontal(|ui| {
        if sending {
            ui.spinner();
            ui.label("Asking the server to make the game…");
        } else {
            create = ui
                .add_enabled(
                    !f.server.trim().is_empty(),
                    egui::Button::new(RichText::new("Create").strong()),
                )
                .clicked();
        }
        cancel = ui.button("Cancel").clicked();
    });
    (create, cancel)
}

/// The invitations of the game made; ((ticket, name) to play, close) as clicked.
fn created_view(
    ui: &mut Ui,
    f: &super::server_games::CreateForm,
) -> (Option<(String, String)>, bool) {
    let tickets = f.created.clone().unwrap_or_default();
    let mut play = None;
    ui.label(
        "The game is on the server. Send each friend their seat's invitation: they \
         choose Join… and paste it. Your seats are listed under Online games.",
    );
    let clock = match f.clock {
        None => "Turn clock: none.".to_string(),
        Some(_) => format!(
            "Turn clock: {} per turn; at the deadline {}.",
            clock_text(f.clock).to_lowercase(),
            match f.at_deadline {
                AtDeadline::Bot => "the bot moves",
                AtDeadline::Skip => "the seat passes",
            }
        ),
    };
    ui.label(RichText::new(clock).weak());
    for seat in 0..f.roles.len() {
        ui.separator();
        let name = f.names.get(seat).map_or("", |n| n.trim());
        let who = match f.roles[seat] {
            SeatRole::Me => "you".to_string(),
            SeatRole::Invite => "a friend".to_string(),
            SeatRole::Bot(l) => format!("the server's bot, level {l}"),
        };
        ui.label(RichText::new(format!("Seat {}: {name} — {who}", seat + 1)).strong());
        let Some(ticket) = tickets.get(seat) else {
            continue;
        };
        if matches!(f.roles[seat], SeatRole::Bot(_)) {
            continue;
        }
        ticket_row(ui, ticket, seat);
        if f.roles[seat] == SeatRole::Me
            && ui
                .button(RichText::new(format!("Play seat {} here", seat + 1)).strong())
                .clicked()
        {
            play = Some((ticket.clone(), name.to_string()));
        }
    }
    if let Some(spectators) = tickets.get(f.roles.len()) {
        ui.separator();
        ui.label(RichText::new("Spectators (see only what everybody sees)").strong());
        ticket_row(ui, spectators, usize::MAX);
    }
    ui.add_space(6.0);
    let close = ui.button("Close").clicked();
    (play, close)
}

/// A known seat with what its server said of it (`None`: no answer yet or unreachable).
struct Row {
    game: KnownGame,
    status: Option<GameStatus>,
    /// The server answered and does not know this seat's token.
    gone: bool,
}

/// The launcher's *Online games*: every seat this player holds on a table server,
/// grouped by server, the seats whose turn it is first.
pub fn online_games(ui: &mut Ui, state: &mut AppState) {
    if state.online.known.games.is_empty() {
        return;
    }
    let now = state.now_unix();
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Online games").heading());
        if state.checking_online_games() {
            ui.spinner();
        } else if ui
            .button("Refresh")
            .on_hover_text("Ask the servers how the games stand")
            .clicked()
        {
            state.refresh_online_games();
        }
    });
    let mut play = None;
    let mut forget = None;
    let groups = state.online.known.by_server();
    // A server with a seat to play comes first.
    let mut servers: Vec<(String, Ticket, Vec<Row>)> = groups
        .into_iter()
        .map(|(key, (server, games))| {
            let answer = state.online.answers.get(&key);
            let mut rows: Vec<Row> = games
                .into_iter()
                .map(|game| {
                    let token = token_of(&game.ticket).unwrap_or_default();
                    let (status, gone) = match answer {
                        Some(ServerAnswer::Games(list)) => {
                            let s = list.iter().find(|s| s.token == token).cloned();
                            let gone = s.is_none();
                            (s, gone)
                        }
                        _ => (None, false),
                    };
                    Row { game, status, gone }
                })
                .collect();
            rows.sort_by_key(|r| rank(r.status.as_ref()));
            (key, server, rows)
        })
        .collect();
    servers.sort_by_key(|(_, _, rows)| rows.first().map_or(3, |r| rank(r.status.as_ref())));
    for (key, server, rows) in &servers {
        ui.add_space(4.0);
        let short: String = key.chars().take(10).collect();
        let addr = server.addrs.first().cloned().unwrap_or_default();
        ui.label(RichText::new(format!("Server {short}…")).strong())
            .on_hover_text(format!("Endpoint {key}\n{addr}"));
        match state.online.answers.get(key) {
            None if state.checking_online_games() => {
                ui.label(RichText::new("Asking the server…").weak());
            }
            None => {
                ui.label(RichText::new("Not asked yet: press Refresh.").weak());
            }
            Some(ServerAnswer::Unreachable(m)) => {
                ui.label(
                    RichText::new(format!("Cannot reach this server: {m}"))
                        .color(ui.visuals().warn_fg_color),
                );
            }
            Some(ServerAnswer::LiveTable) => {
                ui.label(RichText::new("A player's live table, not a table server.").weak());
            }
            Some(ServerAnswer::Games(_)) => {}
        }
        for row in rows {
            game_card(ui, row, now, &mut play, &mut forget);
        }
    }
    if let Some((ticket, name)) = play {
        state.play_server_seat(&ticket, &name);
    }
    if let Some(token) = forget {
        state.forget_server_seat(&token);
    }
    ui.add_space(6.0);
}

/// Your turn first, then the others' turns, then games not known to stand, then over.
fn rank(s: Option<&GameStatus>) -> u8 {
    match s {
        Some(s) if s.over => 3,
        Some(s) if s.your_turn => 0,
        Some(_) => 1,
        None => 2,
    }
}

fn game_card(
    ui: &mut Ui,
    row: &Row,
    now: u64,
    play: &mut Option<(String, String)>,
    forget: &mut Option<String>,
) {
    let g = &row.game;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let title = row.status.as_ref().map_or(g.title.as_str(), |s| &s.name);
        ui.label(RichText::new(title).strong());
        let seat = g.ticket.parse::<Ticket>().ok().and_then(|t| t.seat);
        let seat_name = row
            .status
            .as_ref()
            .map_or(g.seat_name.as_str(), |s| &s.seat_name);
        let seat_text = seat.map_or(String::new(), |s| format!(" (seat {})", s + 1));
        ui.label(format!("You: {seat_name}{seat_text}"));
        if let Some(s) = &row.status {
            let words = turn_words(s, now);
            let text = if s.your_turn && !s.over {
                RichText::new(words)
                    .strong()
                    .color(ui.visuals().hyperlink_color)
            } else {
                RichText::new(words)
            };
            ui.label(text);
            if let Some(d) = s.deadline.filter(|_| !s.over) {
                ui.label(RichText::new(format!("Deadline {}", until(d, now))).weak());
            }
        } else if row.gone {
            ui.label(
                RichText::new("The server no longer has this game.")
                    .color(ui.visuals().warn_fg_color),
            );
        } else if g.added > 0 {
            ui.label(RichText::new(format!("Added {} ago", span(g.added, now))).weak());
        }
        let token = token_of(&g.ticket).unwrap_or_default();
        ui.horizontal(|ui| {
            if !row.gone {
                let label = if row.status.as_ref().is_some_and(|s| s.over) {
                    "View"
                } else {
                    "Play"
                };
                if ui
                    .button(RichText::new(label).strong())
                    .on_hover_text("Open this seat's table")
                    .clicked()
                {
                    *play = Some((g.ticket.clone(), seat_name.to_string()));
                }
            }
            if ui
                .button("Forget")
                .on_hover_text(
                    "Take it off this list; the game stays on its server and the seat's \
                     invitation still opens it",
                )
                .clicked()
            {
                *forget = Some(token.clone());
            }
        });
    });
}
