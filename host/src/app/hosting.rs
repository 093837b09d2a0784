//! Online play from the app, without any drawing (`online_ui` draws it): the game this
//! app hosts (its authority behind an iroh endpoint, and the invitations) and a join
//! under way.
//!
//! The host's own table is a client of its own authority like every other screen
//! ([`OnlineSeat`] over loopback), so what the host sees is exactly what leaves the
//! authority for its seat, and one table serves local and online play.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

use tavern_net::{Authority, Hosting, NetConfig, Relay, Ticket};
use tavern_plugin_api::{SeatKind, Setup};

use super::online_seat::OnlineSeat;
use crate::online::SessionBackend;
use crate::plugin::Plugin;
use crate::session::{Session, UndoMode};

/// Who plays a seat of a game hosted from this app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatRole {
    /// The person at this screen.
    Me,
    /// A friend elsewhere, with the seat's invitation.
    Invite,
    /// A bot on this machine, at this level.
    Bot(u8),
}

/// Which relay helps players reach each other (Settings keeps the choice).
pub fn net_config(relay: &str) -> NetConfig {
    let relay = match relay.trim() {
        "" | "public" => Relay::Public,
        "off" => Relay::Off,
        url => Relay::Own(url.to_string()),
    };
    NetConfig {
        relay,
        ..NetConfig::default()
    }
}

fn check_roles(roles: &[SeatRole], seats: usize) -> Result<(), String> {
    if roles.len() != seats {
        return Err("every seat needs a player".into());
    }
    if roles.iter().filter(|r| **r == SeatRole::Me).count() != 1 {
        return Err("choose the one seat you play yourself".into());
    }
    Ok(())
}

/// A game this app hosts.
pub struct HostedGame {
    pub server: Hosting<SessionBackend>,
    pub game: usize,
    pub title: String,
    /// One per seat, then the spectators'.
    pub tickets: Vec<Ticket>,
    pub roles: Vec<SeatRole>,
    pub names: Vec<String>,
    /// Where the finished game was kept, once it ended.
    pub kept: Option<std::path::PathBuf>,
}

impl HostedGame {
    /// Opens the game `setup` describes to the players `roles` names, and starts serving.
    /// The seat names come from `setup`; bots' seats are set from `roles`.
    pub fn start(
        plugin: Arc<Plugin>,
        mut setup: Setup,
        roles: Vec<SeatRole>,
        cfg: &NetConfig,
        hints: bool,
    ) -> Result<HostedGame, String> {
        check_roles(&roles, setup.seats.len())?;
        for (seat, role) in setup.seats.iter_mut().zip(&roles) {
            seat.kind = match role {
                SeatRole::Bot(level) => SeatKind::Bot {
                    level: (*level).clamp(1, 3),
                },
                _ => SeatKind::Human,
            };
        }
        let session = Session::new(plugin, setup, UndoMode::Learning).map_err(|e| e.to_string())?;
        HostedGame::resume(session, roles, cfg, hints)
    }

    /// Hosts a game already under way (a hot-seat game moved online, so its file need
    /// not be sent): its seats as they are, with `roles` saying who plays each now.
    /// `hints`: whether players may ask the normal bot for a hint on their turns.
    pub fn resume(
        mut session: Session,
        roles: Vec<SeatRole>,
        cfg: &NetConfig,
        hints: bool,
    ) -> Result<HostedGame, String> {
        check_roles(&roles, session.setup().seats.len())?;
        for (seat, role) in roles.iter().enumerate() {
            let kind = match role {
                SeatRole::Bot(level) => SeatKind::Bot {
                    level: (*level).clamp(1, 3),
                },
                _ => SeatKind::Human,
            };
            session.set_seat_kind(seat, kind);
        }
        let setup = session.setup().clone();
        let seats = crate::online::seat_configs(&setup);
        let names = setup.seats.iter().map(|s| s.name.clone()).collect();
        let title = session.plugin().info.name.clone();
        let backend = SessionBackend::new(session)?;
        let server = Hosting::start(cfg).map_err(|e| e.0)?;
        let mut authority = Authority::new(backend, seats);
        authority.set_hints(hints);
        let game = server.add_game(authority);
        let tickets = server.tickets(game);
        Ok(HostedGame {
            server,
            game,
            title,
            tickets,
            roles,
            names,
            kept: None,
        })
    }

    /// The seat the person at this screen plays.
    pub fn own_seat(&self) -> usize {
        self.roles
            .iter()
            .position(|r| *r == SeatRole::Me)
            .unwrap_or(0)
    }

    /// The invitation for `seat`, as text to send a friend.
    pub fn ticket_text(&self, seat: Option<usize>) -> String {
        self.tickets
            .iter()
            .find(|t| t.seat == seat)
            .map(|t| t.to_string())
            .unwrap_or_default()
    }

    /// Whether `seat`'s player is connected now (bots always are).
    pub fn connected(&self, seat: usize) -> bool {
        self.server
            .peek(self.game, |a| a.is_connected(seat))
            .unwrap_or(false)
    }

    pub fn bot_level(&self, seat: usize) -> Option<u8> {
        self.server.peek(self.game, |a| a.bot_level(seat)).flatten()
    }

    /// Hands `seat` to a bot at `level`, or back to its player with `None`.
    pub fn hand_seat(&self, seat: usize, level: Option<u8>) {
        self.server
            .with_authority(self.game, |a| a.set_bot(seat, level.map(|l| l.clamp(1, 3))));
    }

    /// Saves the game as it stands (the host's copy holds everything, as any save).
    pub fn save(&self, path: &std::path::Path) -> Result<(), String> {
        self.server
            .peek(self.game, |a| {
                crate::save::save(a.backend().session(), path)
            })
            .unwrap_or_else(|| Err(std::io::Error::other("the game is gone")))
            .map_err(|e| format!("Could not save: {e}"))
    }

    /// Once the game is over, keeps it in `history_dir` (as every finished game is kept
    /// here; a finished game's file is a replay to share freely).
    pub fn keep_when_over(&mut self, history_dir: &std::path::Path) -> Result<(), String> {
        if self.kept.is_some() {
            return Ok(());
        }
        let over = self.server.peek(self.game, |a| a.is_over());
        if over != Some(true) {
            return Ok(());
        }
        let id = self
            .server
            .peek(self.game, |a| a.backend().session().id.clone())
            .unwrap_or_default();
        let path = history_dir.join(format!("{id}.json"));
        self.kept = Some(path.clone());
        self.save(&path)
    }

    /// Stops serving (the players' connections end).
    pub fn close(self) {
        self.server.close();
    }
}

/// A connection to a seat being made on a worker thread (the window stays responsive
/// while it dials, which over the internet can take seconds).
pub struct Joining {
    pub what: String,
    rx: Receiver<Result<OnlineSeat, String>>,
}

impl Joining {
    pub fn start(
        ticket: Ticket,
        cfg: NetConfig,
        plugin: Arc<Plugin>,
        name: String,
        wake: Option<super::table::Waker>,
    ) -> Joining {
        let (tx, rx) = std::sync::mpsc::channel();
        let what = match ticket.seat {
            Some(s) => format!("Joining {} at seat {}…", plugin.info.name, s + 1),
            None => format!("Joining {} as a spectator…", plugin.info.name),
        };
        let spawned = std::thread::Builder::new()
            .name("join".into())
            .spawn(move || {
                let _ = tx.send(OnlineSeat::join(&ticket, &cfg, &plugin, &name));
                if let Some(w) = wake {
                    w();
                }
            });
        let (tx2, rx2) = std::sync::mpsc::channel();
        if spawned.is_err() {
            let _ = tx2.send(Err("could not start the network thread".into()));
            return Joining { what, rx: rx2 };
        }
        Joining { what, rx }
    }

    /// The seat once joined (or why not); `None` while still dialling.
    pub fn poll(&self) -> Option<Result<OnlineSeat, String>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the join stopped".into())),
        }
    }
}
