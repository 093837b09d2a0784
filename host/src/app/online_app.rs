//! The app's online steps, without any drawing: opening the *Host online* form from the
//! launcher's seats, hosting, joining with a ticket, and opening the table once the
//! seat is joined.

use std::sync::Arc;

use tavern_net::{NetConfig, Ticket};

use super::hosting::{HostedGame, Joining, SeatRole, net_config};
use super::replay_save::ReplayFetch;
use super::settings::SeatChoice;
use super::state::{AppState, Screen};
use super::table::TableState;
use crate::plugin::Plugin;

impl AppState {
    /// How this app reaches the others: the relay from Settings (tests replace it).
    pub fn net_config(&self) -> NetConfig {
        self.online
            .net_override
            .clone()
            .unwrap_or_else(|| net_config(&self.settings.relay))
    }

    /// The name the other players see.
    pub fn online_name(&self) -> String {
        let n = self.settings.online_name.trim();
        if n.is_empty() {
            "Guest".into()
        } else {
            n.to_string()
        }
    }

    /// A role per seat of the launcher's form, for *Host online* and *Create on
    /// server*: bots stay bots, the first person is this player, every other person
    /// gets an invitation.
    pub(crate) fn online_roles(&self) -> Vec<SeatRole> {
        let mut me = false;
        self.launcher
            .seats
            .iter()
            .map(|s| match s.choice {
                SeatChoice::Bot(level) => SeatRole::Bot(level),
                _ if !me => {
                    me = true;
                    SeatRole::Me
                }
                _ => SeatRole::Invite,
            })
            .collect()
    }

    /// Opens *Host online* with a role per seat of the launcher's form: bots stay bots,
    /// the first person's seat is this screen's, every other person gets an invitation.
    pub fn open_host_form(&mut self) {
        let roles = self.online_roles();
        self.online.host_form = Some(roles);
        // Hints as offline: offered in learning mode.
        self.online.host_hints = !self.settings.fair_undo;
    }

    /// Sets `seat` to `role`; choosing *You* for one seat makes the previous one an
    /// invitation, so exactly one seat is this screen's.
    pub fn set_host_role(&mut self, seat: usize, role: SeatRole) {
        let Some(roles) = self.online.host_form.as_mut() else {
            return;
        };
        if role == SeatRole::Me {
            for r in roles.iter_mut() {
                if *r == SeatRole::Me {
                    *r = SeatRole::Invite;
                }
            }
        }
        if let Some(r) = roles.get_mut(seat) {
            *r = role;
        }
    }

    /// Starts hosting the launcher's game with the form's roles, and joins this
    /// screen's seat (the table opens when the seat is joined).
    pub fn host_online(&mut self) {
        let Some(roles) = self.online.host_form.clone() else {
            return;
        };
        let (plugin, setup, _profiles) = match self.setup_from_form() {
            Ok(x) => x,
            Err(m) => return self.show_error("Cannot host", m),
        };
        self.launcher.seed_text.clear();
        let cfg = self.net_config();
        let hints = self.online.host_hints;
        match HostedGame::start(plugin.clone(), setup, roles, &cfg, hints) {
            Ok(hosted) => {
                self.online.host_form = None;
                self.begin_hosting(hosted, plugin, cfg);
            }
            Err(m) => self.show_error("Cannot host the game", m),
        }
    }

    /// Keeps the hosted game, shows its invitations and joins this screen's seat.
    fn begin_hosting(&mut self, hosted: HostedGame, plugin: Arc<Plugin>, cfg: NetConfig) {
        let own = hosted.own_seat();
        let ticket = hosted.tickets[own].clone();
        let name = hosted.names[own].clone();
        self.online.hosted = Some(hosted);
        self.online.show_invites = true;
        self.online.joining = Some(Joining::start(
            ticket,
            cfg,
            plugin,
            name,
            self.waker.clone(),
        ));
    }

    /// Whether a file of the game on the table would give its secrets away: a game in
    /// progress with hidden hands, or with draws to come (a save holds the seed and every
    /// chance outcome, so whoever opens it can read every hand and every card to come).
    pub fn saving_reveals_secrets(&self) -> bool {
        self.table.as_ref().is_some_and(|t| {
            t.local().is_some_and(|s| {
                !t.is_over() && (t.hidden_information() || s.log().iter().any(|e| e.seat.is_none()))
            })
        })
    }

    /// Save As for an online seat: a finished game's whole save is asked of its table
    /// server (a replay, free to share); a game in progress is not, as its file would
    /// show every hidden card.
    pub fn save_finished_online(&mut self) {
        let Some(t) = self.table.as_ref() else {
            return;
        };
        let Some(seat) = t.online() else {
            return;
        };
        if !t.is_over() {
            self.show_error(
                "Cannot save",
                "An online game in progress stays with its server or host: its file would \
                 show every hidden card. Once it is over, Save As… keeps it as a replay.",
            );
            return;
        }
        if self.replay_fetch.is_none() {
            let fetch = ReplayFetch::start(&seat.ticket, self.net_config(), self.waker.clone());
            self.replay_fetch = Some(fetch);
        }
    }

    /// The server's answer to Save As: the Save as window opens with the replay.
    pub fn poll_replay(&mut self) {
        let Some(answer) = self.replay_fetch.as_ref().and_then(ReplayFetch::poll) else {
            return;
        };
        self.replay_fetch = None;
        match answer {
            Ok(save) => {
                let path = self.paths.saves_dir().join(self.replay_name());
                self.save_as_path = Some(path.display().to_string());
                self.replay_save = Some(save);
            }
            Err(e) => self.show_error(
                "Cannot save",
                format!("The finished game could not be fetched: {e}"),
            ),
        }
    }

    /// The file name offered for a finished online game.
    pub fn replay_name(&self) -> String {
        let game = self
            .table
            .as_ref()
            .map_or("game".into(), |t| t.plugin().info.id.clone());
        format!("{game}-online-{}.json", self.now_unix())
    }

    /// Moves the hot-seat game on the table online instead of sending its file: the
    /// person at the screen keeps their seat, bots stay bots, every other person gets
    /// an invitation. The game goes on from where it is.
    pub fn host_current_game(&mut self) {
        let Some(t) = self.table.as_ref() else {
            return;
        };
        let Some(session) = t.local() else {
            return;
        };
        let me = t
            .viewer()
            .or_else(|| t.humans().first().copied())
            .unwrap_or(0);
        let roles: Vec<SeatRole> = (0..t.seat_count())
            .map(|s| {
                if s == me {
                    SeatRole::Me
                } else if session.is_bot(s) {
                    SeatRole::Bot(t.bot_level(s).max(1))
                } else {
                    SeatRole::Invite
                }
            })
            .collect();
        let plugin = session.plugin().clone();
        let autosave = t.autosave_path();
        // A copy rebuilt from the log: the table's own session stays until hosting works.
        let copy = match crate::save::SaveFile::from_session(session).replay(&self.catalog) {
            Ok(c) => c,
            Err(e) => return self.show_error("Cannot host the game", e.to_string()),
        };
        let cfg = self.net_config();
        // Hints as the game had them at this table: in learning mode.
        let hints = session.undo_mode() == crate::session::UndoMode::Learning;
        match HostedGame::resume(copy, roles, &cfg, hints) {
            Ok(hosted) => {
                // The game goes on online; its hot-seat autosave would be a stale copy.
                if let Some(a) = autosave {
                    let _ = std::fs::remove_file(a);
                }
                self.table = None;
                self.save_as_path = None;
                self.begin_hosting(hosted, plugin, cfg);
            }
            Err(m) => self.show_error("Cannot host the game", m),
        }
    }

    /// Joins the seat a ticket (its text) opens.
    pub fn join_online(&mut self, text: &str) {
        let ticket: Ticket = match text.trim().parse() {
            Ok(t) => t,
            Err(m) => return self.show_error("Not an invitation", m),
        };
        let Some(plugin) = self.catalog.get(&ticket.game) else {
            let m = format!(
                "This invitation is for {} {}, which is not installed here.",
                ticket.game, ticket.version
            );
            return self.show_error("Cannot join", m);
        };
        self.online.join_text = None;
        let (cfg, name) = (self.net_config(), self.online_name());
        // Every seat joined is remembered for *Online games*: whether it came from a
        // table server only a status request tells (asked now), and a live table's seat
        // is dropped when the answer comes.
        if ticket.seat.is_some() {
            let now = self.now_unix();
            self.online
                .known
                .remember(text, &plugin.info.name, &name, now, false);
            let _ = self.online.known.save(&self.paths);
            self.refresh_online_games();
        }
        self.online.joining = Some(Joining::start(
            ticket,
            cfg,
            plugin,
            name,
            self.waker.clone(),
        ));
    }

    /// Opens the table once a join under way has its seat, or says why it failed.
    pub fn poll_joining(&mut self) {
        let Some(result) = self.online.joining.as_ref().and_then(|j| j.poll()) else {
            return;
        };
        self.online.joining = None;
        match result {
            Ok(seat) => {
                if let Some(w) = &self.waker {
                    let w = w.clone();
                    seat.set_waker(move || w());
                }
                let t = TableState::joined(seat, &self.paths);
                self.open_table(t);
                self.screen = Screen::Table;
            }
            Err(m) => {
                if let Some(h) = self.online.hosted.take() {
                    h.close();
                }
                self.show_error("Cannot join", m);
            }
        }
    }
}
