//! The app's online steps, without any drawing: opening the *Host online* form from the
//! launcher's seats, hosting, joining with a ticket, and opening the table once the
//! seat is joined.

use tavern_net::{NetConfig, Ticket};

use super::hosting::{HostedGame, Joining, SeatRole, net_config};
use super::settings::SeatChoice;
use super::state::{AppState, Screen};
use super::table::TableState;

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

    /// Opens *Host online* with a role per seat of the launcher's form: bots stay bots,
    /// the first person's seat is this screen's, every other person gets an invitation.
    pub fn open_host_form(&mut self) {
        let mut me = false;
        let roles = self
            .launcher
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
            .collect();
        self.online.host_form = Some(roles);
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
        match HostedGame::start(plugin.clone(), setup, roles, &cfg) {
            Ok(hosted) => {
                let own = hosted.own_seat();
                let ticket = hosted.tickets[own].clone();
                let name = hosted.names[own].clone();
                self.online.hosted = Some(hosted);
                self.online.host_form = None;
                self.online.show_invites = true;
                self.online.joining = Some(Joining::start(
                    ticket,
                    cfg,
                    plugin,
                    name,
                    self.waker.clone(),
                ));
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
