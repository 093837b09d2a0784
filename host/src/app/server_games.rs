//! Games on table servers (`tavern serve`), without any drawing (`server_ui` draws it):
//! the *Create on server* form and its request, the seats this player holds on servers
//! (kept in a small JSON file so they outlast the app), and the status each server gives
//! of them for the launcher's *Online games*.
//!
//! Every request goes through `tavern_net::client::request`, which blocks while it dials,
//! so each runs on a worker thread and the UI polls a channel.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

use serde::{Deserialize, Serialize};
use tavern_net::proto::{
    AtDeadline, ClientMsg, GameRequest, GameStatus, PROTOCOL_VERSION, ServerMsg, TurnClock,
};
use tavern_net::{NetConfig, Ticket};

use super::hosting::{Joining, SeatRole};
use super::state::AppState;
use super::table::Waker;
use crate::paths::{Paths, write_atomic};

/// One seat this player holds on a table server.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct KnownGame {
    /// The seat's ticket text (it opens the seat and names the server).
    pub ticket: String,
    /// The game's name as shown when it was remembered (the status brings the current).
    pub title: String,
    #[serde(default)]
    pub seat_name: String,
    /// When it was remembered (seconds since 1970), to keep the newest first offline.
    #[serde(default)]
    pub added: u64,
    /// A server answered for this seat. A seat joined with Join… is remembered before
    /// anyone knows whether a server or a player's live table holds it; it is dropped if
    /// the first answer is not a server's that knows it.
    #[serde(default = "yes")]
    pub confirmed: bool,
}

/// How often an open launcher asks the table servers how its games stand again.
pub const REFRESH_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

fn yes() -> bool {
    true
}

/// The seats on servers this app knows, stored in the data folder.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct KnownGames {
    pub games: Vec<KnownGame>,
}

impl KnownGames {
    pub fn file(paths: &Paths) -> PathBuf {
        paths.root().join("online-games.json")
    }

    /// The stored list; a missing or damaged file is an empty one (the games stay on
    /// their servers, and the invitations can be joined again).
    pub fn load(paths: &Paths) -> KnownGames {
        std::fs::read(Self::file(paths))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, paths: &Paths) -> std::io::Result<()> {
        write_atomic(
            &Self::file(paths),
            serde_json::to_string_pretty(self)?.as_bytes(),
        )
    }

    /// Adds a seat's ticket (once: the same token again only refreshes its names).
    /// `confirmed`: it is known to come from a server (made there from this app).
    pub fn remember(
        &mut self,
        ticket: &str,
        title: &str,
        seat_name: &str,
        now: u64,
        confirmed: bool,
    ) {
        let Ok(t) = ticket.trim().parse::<Ticket>() else {
            return;
        };
        if t.is_server() || t.seat.is_none() {
            return;
        }
        let known = self
            .games
            .iter_mut()
            .find(|g| g.ticket.parse::<Ticket>().is_ok_and(|k| k.token == t.token));
        match known {
            Some(g) => {
                g.title = title.to_string();
                g.seat_name = seat_name.to_string();
                g.confirmed |= confirmed;
            }
            None => self.games.push(KnownGame {
                ticket: t.to_string(),
                title: title.to_string(),
                seat_name: seat_name.to_string(),
                added: now,
                confirmed,
            }),
        }
    }

    pub fn forget(&mut self, token: &str) {
        self.games
            .retain(|g| token_of(&g.ticket).as_deref() != Some(token));
    }

    /// The seats grouped by server (its endpoint key), each with the server's ticket.
    pub fn by_server(&self) -> BTreeMap<String, (Ticket, Vec<KnownGame>)> {
        let mut out: BTreeMap<String, (Ticket, Vec<KnownGame>)> = BTreeMap::new();
        for g in &self.games {
            let Ok(t) = g.ticket.parse::<Ticket>() else {
                continue;
            };
            out.entry(t.host.clone())
                .or_insert_with(|| (server_of(&t), Vec::new()))
                .1
                .push(g.clone());
        }
        out
    }
}

/// The secret a ticket text carries, if it is a ticket.
pub fn token_of(ticket: &str) -> Option<String> {
    ticket.trim().parse::<Ticket>().ok().map(|t| t.token)
}

/// The server a seat ticket points at, as a server ticket (same endpoint, no game).
pub fn server_of(seat: &Ticket) -> Ticket {
    Ticket {
        game: String::new(),
        version: String::new(),
        token: String::new(),
        seat: None,
        ..seat.clone()
    }
}

/// What one server said about the seats asked (or why it could not be asked).
#[derive(Clone, Debug, PartialEq)]
pub enum ServerAnswer {
    Games(Vec<GameStatus>),
    /// The endpoint answered but is a player's live table, which keeps no games.
    LiveTable,
    Unreachable(String),
}

/// The turn clock choices the form offers, in seconds (`None`: no clock).
pub const CLOCKS: [(Option<u64>, &str); 5] = [
    (None, "None"),
    (Some(3600), "1 hour"),
    (Some(12 * 3600), "12 hours"),
    (Some(86_400), "1 day"),
    (Some(3 * 86_400), "3 days"),
];

/// The *Create on server* window's form and what its request brought.
pub struct CreateForm {
    /// The server's ticket as pasted.
    pub server: String,
    /// Who plays each seat: this player (several seats may be), a friend, or a bot.
    pub roles: Vec<SeatRole>,
    pub names: Vec<String>,
    /// Seconds per turn; `None`: no clock.
    pub clock: Option<u64>,
    pub at_deadline: AtDeadline,
    /// The request under way.
    pub sending: Option<Receiver<Result<Vec<String>, String>>>,
    pub error: Option<String>,
    /// The game made: a ticket per seat, then the spectators'.
    pub created: Option<Vec<String>>,
    /// The game's name, for the invitations' window.
    pub title: String,
    pub game: String,
}

impl CreateForm {
    /// The seats this player plays here.
    pub fn own_seats(&self) -> Vec<usize> {
        (0..self.roles.len())
            .filter(|&s| self.roles[s] == SeatRole::Me)
            .collect()
    }
}

/// The status requests under way: one answer per server, as each arrives.
pub struct StatusCheck {
    rx: Receiver<(String, ServerAnswer)>,
    pub pending: usize,
}

/// A request answered on a worker thread, which wakes the window when done.
fn ask<T: Send + 'static>(
    name: &str,
    wake: Option<Waker>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<Receiver<T>, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let _ = tx.send(work());
            if let Some(w) = wake {
                w();
            }
        })
        .map_err(|_| "could not start the network thread".to_string())?;
    Ok(rx)
}

/// Sends `request` to `server` and returns the invitations it made.
fn create(server: Ticket, cfg: NetConfig, mut request: GameRequest) -> Result<Vec<String>, String> {
    // The server commits to its secret first, then our contribution goes with the
    // request: neither side alone picks the deck (`tavern check` verifies it at the end).
    let commit = ClientMsg::Commit {
        protocol: PROTOCOL_VERSION,
    };
    let commitment = match tavern_net::client::request(&server, &cfg, &commit) {
        Ok(ServerMsg::Commitment { commitment }) => commitment,
        Ok(_) => return Err("the server gave an answer this app does not understand".into()),
        Err(e) => return Err(e.0),
    };
    request.deal = Some(tavern_net::proto::Contribution {
        commitment,
        contribution: tavern_net::deal::random_hex(),
    });
    let msg = ClientMsg::Create {
        protocol: PROTOCOL_VERSION,
        request,
    };
    match tavern_net::client::request(&server, &cfg, &msg) {
        Ok(ServerMsg::Created { tickets }) => Ok(tickets),
        Ok(_) => Err("the server gave an answer this app does not understand".into()),
        Err(e) => Err(e.0),
    }
}

fn status(server: &Ticket, cfg: &NetConfig, tokens: Vec<String>) -> ServerAnswer {
    let msg = ClientMsg::Status {
        protocol: PROTOCOL_VERSION,
        tokens,
    };
    match tavern_net::client::request(server, cfg, &msg) {
        Ok(ServerMsg::Status { games }) => ServerAnswer::Games(games),
        Ok(_) => ServerAnswer::Unreachable("it gave an answer this app does not understand".into()),
        // A live table's authority refuses status requests in these words.
        Err(e) if e.0.contains("not a table server") => ServerAnswer::LiveTable,
        Err(e) => ServerAnswer::Unreachable(e.0),
    }
}

impl AppState {
    /// Opens *Create on server* for the launcher's game and seats: bots stay bots, the
    /// first person is this player, every other person gets an invitation.
    pub fn open_create_form(&mut self) {
        let Some(plugin) = self.selected_plugin() else {
            return;
        };
        let roles = self.online_roles();
        let names = match self.setup_from_form() {
            Ok((_, setup, _)) => setup.seats.into_iter().map(|s| s.name).collect(),
            Err(_) => self.launcher.seats.iter().map(|s| s.name.clone()).collect(),
        };
        self.online.create = Some(CreateForm {
            server: self.settings.server_ticket.clone(),
            roles,
            names,
            clock: None,
            at_deadline: AtDeadline::Bot,
            sending: None,
            error: None,
            created: None,
            title: plugin.info.name.clone(),
            game: plugin.info.id.clone(),
        });
    }

    /// Sends the form's game to the server on a worker thread (the window shows that it
    /// waits, then the invitations or the error).
    pub fn create_on_server(&mut self) {
        let cfg = self.net_config();
        let wake = self.waker.clone();
        let (plugin, setup) = match self.setup_from_form() {
            Ok((p, s, _)) => (p, s),
            Err(m) => {
                if let Some(f) = self.online.create.as_mut() {
                    f.error = Some(m);
                }
                return;
            }
        };
        let Some(f) = self.online.create.as_mut() else {
            return;
        };
        f.error = None;
        let server: Ticket = match f.server.trim().parse() {
            Ok(t) => t,
            Err(m) => {
                f.error = Some(format!("The server's ticket: {m}"));
                return;
            }
        };
        if !server.is_server() {
            f.error = Some(
                "This is a seat's invitation, not a server's ticket. Paste the ticket \
                 `tavern serve` printed, or join this invitation with Join…"
                    .into(),
            );
            return;
        }
        if f.roles.len() != setup.seats.len() {
            f.error = Some("The seats changed in the launcher; open this window again.".into());
            return;
        }
        // The server keeps the ticket for next time once it is a server's ticket.
        self.settings.server_ticket = f.server.trim().to_string();
        let bots = f
            .roles
            .iter()
            .enumerate()
            .filter_map(|(s, r)| match r {
                SeatRole::Bot(l) => Some((s, (*l).clamp(1, 3))),
                _ => None,
            })
            .collect();
        let request = GameRequest {
            game: plugin.info.id.clone(),
            version: plugin.info.version.clone(),
            players: setup.seats.len(),
            options: setup
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            names: f.names.iter().map(|n| n.trim().to_string()).collect(),
            bots,
            clock: f.clock.map(|seconds| TurnClock {
                seconds,
                at_deadline: f.at_deadline,
            }),
            deal: None,
        };
        match ask("create-on-server", wake, move || {
            create(server, cfg, request)
        }) {
            Ok(rx) => f.sending = Some(rx),
            Err(m) => f.error = Some(m),
        }
    }

    /// Takes the create request's answer once it came: the invitations (this player's
    /// seats remembered in *Online games*) or the error, in the form.
    pub fn poll_create(&mut self) {
        let now = self.now_unix();
        let Some(f) = self.online.create.as_mut() else {
            return;
        };
        let Some(rx) = &f.sending else {
            return;
        };
        let answer = match rx.try_recv() {
            Ok(a) => a,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err("the request stopped".into()),
        };
        f.sending = None;
        match answer {
            Ok(tickets) => {
                for s in f.own_seats() {
                    if let (Some(t), Some(n)) = (tickets.get(s), f.names.get(s)) {
                        self.online.known.remember(t, &f.title, n, now, true);
                    }
                }
                f.created = Some(tickets);
                let _ = self.online.known.save(&self.paths);
                self.refresh_online_games();
            }
            Err(m) => f.error = Some(m),
        }
    }

    /// Asks every known server how its games stand, on worker threads (one per server,
    /// so one slow server does not hold up the others' lines).
    pub fn refresh_online_games(&mut self) {
        self.online.status_asked = Some(std::time::Instant::now());
        let groups = self.online.known.by_server();
        if groups.is_empty() {
            return;
        }
        // Wakes the app when the list is due again, so an open launcher follows the
        // servers without a click (the launcher asks if it is still showing then).
        if let Some(w) = self.waker.clone() {
            let _ = std::thread::Builder::new()
                .name("server-status-timer".into())
                .spawn(move || {
                    std::thread::sleep(REFRESH_EVERY);
                    w();
                });
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let cfg = self.net_config();
        let mut pending = 0;
        for (key, (server, games)) in groups {
            let tokens: Vec<String> = games.iter().filter_map(|g| token_of(&g.ticket)).collect();
            let (tx, cfg, wake) = (tx.clone(), cfg.clone(), self.waker.clone());
            let spawned = std::thread::Builder::new()
                .name("server-status".into())
                .spawn(move || {
                    let _ = tx.send((key, status(&server, &cfg, tokens)));
                    if let Some(w) = wake {
                        w();
                    }
                });
            if spawned.is_ok() {
                pending += 1;
            }
        }
        self.online.status = Some(StatusCheck { rx, pending });
    }

    /// Takes the server answers that came. A live table's seats are dropped from the
    /// list: a live game ends with its host's app, and its seat is joined again with
    /// its invitation, not from here. So is a joined seat no server has vouched for yet
    /// when its endpoint does not answer as a server that knows it.
    pub fn poll_status(&mut self) {
        let Some(check) = self.online.status.as_mut() else {
            return;
        };
        let mut answers = Vec::new();
        while let Ok(a) = check.rx.try_recv() {
            check.pending = check.pending.saturating_sub(1);
            answers.push(a);
        }
        if check.pending == 0 {
            self.online.status = None;
        }
        if answers.is_empty() {
            return;
        }
        let before = self.online.known.clone();
        for (key, answer) in answers {
            self.online.known.games.retain_mut(|g| {
                let Ok(t) = g.ticket.parse::<Ticket>() else {
                    return false;
                };
                if t.host != key {
                    return true;
                }
                match &answer {
                    ServerAnswer::LiveTable => false,
                    ServerAnswer::Games(games) => {
                        let known = games.iter().any(|s| s.token == t.token);
                        g.confirmed |= known;
                        g.confirmed
                    }
                    ServerAnswer::Unreachable(_) => g.confirmed,
                }
            });
            self.online.answers.insert(key, answer);
        }
        if self.online.known != before {
            let _ = self.online.known.save(&self.paths);
        }
    }

    /// Whether the launcher should ask the servers now: not yet since it opened, or the
    /// last answers are older than [`REFRESH_EVERY`].
    pub fn online_games_due(&self) -> bool {
        match self.online.status_asked {
            None => true,
            Some(t) => {
                !self.checking_online_games()
                    && !self.online.known.games.is_empty()
                    && t.elapsed() >= REFRESH_EVERY
            }
        }
    }

    /// Whether status answers are still on their way.
    pub fn checking_online_games(&self) -> bool {
        self.online.status.is_some()
    }

    /// Joins a server seat (from *Online games* or the create window's *Play*), through
    /// the same path as an invitation pasted into Join….
    pub fn play_server_seat(&mut self, ticket: &str, name: &str) {
        let t: Ticket = match ticket.trim().parse() {
            Ok(t) => t,
            Err(m) => return self.show_error("Not an invitation", m),
        };
        let Some(plugin) = self.catalog.get(&t.game) else {
            let m = format!(
                "This game is {} {}, which is not installed here.",
                t.game, t.version
            );
            return self.show_error("Cannot join", m);
        };
        self.online.create = None;
        let cfg = self.net_config();
        let name = if name.trim().is_empty() {
            self.online_name()
        } else {
            name.trim().to_string()
        };
        self.online.joining = Some(Joining::start(t, cfg, plugin, name, self.waker.clone()));
    }

    /// Drops a seat from *Online games* (the game stays on its server).
    pub fn forget_server_seat(&mut self, token: &str) {
        self.online.known.forget(token);
        let _ = self.online.known.save(&self.paths);
    }
}

/// "a moment", "5 min", "2 h", "1 day", "3 days": how long since `t`.
pub fn span(t: u64, now: u64) -> String {
    let d = now.saturating_sub(t);
    match d {
        0..=59 => "a moment".into(),
        60..=3599 => format!("{} min", d / 60),
        3600..=86_399 => format!("{} h", d / 3600),
        _ => tavern_plugin_api::words::counted(d / 86_400, "day", "days"),
    }
}

/// "in 3 h", "in 2 days", or "now" for a deadline at `t`.
pub fn until(t: u64, now: u64) -> String {
    if t <= now {
        "now".into()
    } else {
        format!("in {}", span(now, t))
    }
}

/// Whose turn a game is, in words: "Your turn since 2 h", "Bob's turn, 1 day".
pub fn turn_words(g: &GameStatus, now: u64) -> String {
    if g.over {
        return "The game is over".into();
    }
    // "since a moment" reads oddly: a fresh turn says "just now".
    if now.saturating_sub(g.since) < 60 {
        let who = match g.to_act.as_slice() {
            _ if g.your_turn => "Your".to_string(),
            [] => return "Nobody to act, just now".into(),
            many => format!("{}'s", many.join(" and ")),
        };
        return format!("{who} turn, just now");
    }
    let since = span(g.since, now);
    if g.your_turn {
        return format!("Your turn since {since}");
    }
    match g.to_act.as_slice() {
        [] => format!("Nobody to act, {since}"),
        [one] => format!("{one}'s turn, {since}"),
        many => format!("{}'s turn, {since}", many.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(your_turn: bool, to_act: &[&str], since: u64) -> GameStatus {
        GameStatus {
            token: "t".into(),
            game: "g".into(),
            name: "G".into(),
            seat: Some(0),
            seat_name: "Ann".into(),
            to_act: to_act.iter().map(|s| s.to_string()).collect(),
            your_turn,
            since,
            deadline: None,
            over: false,
        }
    }

    #[test]
    fn turns_read_as_words() {
        let now = 1_000_000;
        assert_eq!(
            turn_words(&status(true, &["Ann"], now - 7200), now),
            "Your turn since 2 h"
        );
        assert_eq!(
            turn_words(&status(false, &["Bob"], now - 86_400), now),
            "Bob's turn, 1 day"
        );
        assert_eq!(until(now + 3 * 86_400, now), "in 3 days");
        assert_eq!(
            turn_words(&status(false, &["Bob"], now - 5), now),
            "Bob's turn, just now"
        );
    }

    fn seat_ticket(host: &str, token: &str, seat: usize) -> String {
        Ticket {
            host: host.into(),
            addrs: vec!["127.0.0.1:1".into()],
            relay: None,
            game: "g".into(),
            version: "1".into(),
            token: token.into(),
            seat: Some(seat),
        }
        .to_string()
    }

    #[test]
    fn seats_are_kept_once_and_grouped_by_server() {
        let mut k = KnownGames::default();
        k.remember(&seat_ticket("a", "t1", 0), "G", "Ann", 1, true);
        k.remember(&seat_ticket("a", "t1", 0), "G", "Ann B", 2, false);
        k.remember(&seat_ticket("a", "t2", 1), "G", "Bob", 3, false);
        k.remember(&seat_ticket("b", "t3", 0), "G", "Cy", 4, true);
        assert_eq!(k.games.len(), 3);
        assert_eq!(k.games[0].seat_name, "Ann B");
        assert!(k.games[0].confirmed, "once made on a server, always");
        let by = k.by_server();
        assert_eq!(by["a"].1.len(), 2);
        assert!(by["a"].0.is_server());
        k.forget("t2");
        assert_eq!(k.by_server()["a"].1.len(), 1);
    }
}
