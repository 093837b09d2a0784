//! The host's side of online play: its [`Session`] as the authority's [`Backend`].
//!
//! Everything the authority asks goes through the session and the plugin ABI as an
//! offline game does (plans on a copy and logged as one entry, chance sampled by the
//! session, bots deciding on a copy), so an online game's log and save are the same as
//! an offline game's. Fairness of undo is the authority's to judge; the session it
//! drives therefore runs in learning mode (any rewind allowed).

use serde_json::Value;
use tavern_net::backend::{BResult, BotJob, HintJob, LogItem, Preview};
use tavern_net::{Backend, BackendError, Decision};
use tavern_plugin_api::{ActionEntry, Outcome, ToAct, View};

use crate::plugin::{BotAsk, PluginError};
use crate::session::{Session, SessionError, UndoMode, bot_decision, step_seed};

fn conv(e: PluginError) -> BackendError {
    match e {
        PluginError::Illegal(m) => BackendError::Illegal(m),
        other => BackendError::Failed(other.to_string()),
    }
}

fn conv_s(e: SessionError) -> BackendError {
    match e {
        SessionError::Plugin(p) => conv(p),
        SessionError::NotAllowed(m) => BackendError::Illegal(m),
    }
}

/// A session the authority drives.
pub struct SessionBackend {
    session: Session,
    /// Caps every bot search at this many iterations, with no time budget (tests and
    /// benches want quick, reproducible bots); the level's own limits when `None`.
    pub bot_iterations: Option<u32>,
}

impl SessionBackend {
    /// Wraps `session`; one in fair undo mode is rebuilt from its log in learning mode
    /// (the authority applies the fair rule itself, per seat).
    pub fn new(session: Session) -> Result<SessionBackend, String> {
        let session = if session.undo_mode() == UndoMode::Learning {
            session
        } else {
            let mut s = Session::replay(
                session.plugin().clone(),
                session.setup().clone(),
                UndoMode::Learning,
                session.log(),
                session.cursor(),
            )
            .map_err(|e| e.to_string())?;
            s.profiles = session.profiles.clone();
            s.deal = session.deal.clone();
            s
        };
        Ok(SessionBackend {
            session,
            bot_iterations: None,
        })
    }

    pub fn session(&self) -> &Session {
        &self.session
    }
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
    pub fn into_session(self) -> Session {
        self.session
    }
}

impl SessionBackend {
    /// A copy of the game with `seat`'s plan `steps` applied.
    fn copy_with(&self, seat: usize, steps: &[Value]) -> BResult<crate::plugin::Instance> {
        let copy = self.session.bot_instance().map_err(conv_s)?;
        for s in steps {
            copy.apply(Some(seat), s.clone()).map_err(conv)?;
        }
        Ok(copy)
    }
}

impl Backend for SessionBackend {
    fn game_id(&self) -> String {
        self.session.plugin().info.id.clone()
    }
    fn game_name(&self) -> String {
        self.session.plugin().info.name.clone()
    }
    fn game_version(&self) -> String {
        self.session.plugin().info.version.clone()
    }
    fn seat_count(&self) -> usize {
        self.session.setup().seats.len()
    }
    fn seat_name(&self, seat: usize) -> String {
        self.session.seat_name(seat).to_string()
    }
    fn to_act(&self) -> BResult<ToAct> {
        self.session.to_act().map_err(conv_s)
    }
    fn legal(&self, seat: usize) -> BResult<Vec<ActionEntry>> {
        self.session.legal(seat).map_err(conv_s)
    }
    fn view(&self, viewer: Option<usize>) -> BResult<View> {
        self.session.view(viewer).map_err(conv_s)
    }
    fn outcome(&self) -> BResult<Option<Outcome>> {
        self.session.outcome().map_err(conv_s)
    }
    fn apply_plan(&mut self, seat: usize, steps: &[Value], action: Value) -> BResult<()> {
        self.session
            .apply_plan(seat, steps, action)
            .map(|_| ())
            .map_err(conv_s)
    }
    fn preview(&self, seat: usize, steps: &[Value]) -> BResult<Preview> {
        let copy = self.copy_with(seat, steps)?;
        Ok(Preview {
            to_act: copy.to_act().map_err(conv)?,
            view: copy.view(Some(seat)).map_err(conv)?,
            legal: copy.legal(seat).map_err(conv)?,
        })
    }
    fn log_len(&self) -> usize {
        self.session.cursor()
    }
    fn log_items(&self, from: usize) -> Vec<LogItem> {
        let end = self.session.cursor();
        self.session
            .log()
            .get(from.min(end)..end)
            .unwrap_or_default()
            .iter()
            .map(|e| LogItem {
                seat: e.seat,
                label: e.label.clone(),
                private_label: e.private_label.clone(),
                private_for: e.private_for.clone(),
                reveal: e.reveal,
                routine: e.routine,
                section: e.section.clone(),
            })
            .collect()
    }
    fn rewind(&mut self, position: usize) -> BResult<()> {
        self.session.rewind_to(position, None).map_err(conv_s)
    }
    fn bot_job(&self, seat: usize, level: u8) -> BResult<BotJob> {
        let copy = self.session.bot_instance().map_err(conv_s)?;
        let seed = self.session.bot_seed();
        let ask = BotAsk {
            iterations: self.bot_iterations,
            ..BotAsk::level(level)
        };
        Ok(Box::new(move || {
            let d = bot_decision(&copy, seat, seed, ask, None)
                .map_err(conv)?
                .ok_or_else(|| BackendError::Failed("the bot was stopped".into()))?;
            Ok(Decision {
                steps: d.steps,
                action: d.entry.action,
            })
        }))
    }
    fn hint_job(&self, seat: usize, steps: &[Value]) -> BResult<HintJob> {
        let copy = self.copy_with(seat, steps)?;
        // The bot's seed and the position: nothing the seat cannot know.
        let position = self.session.cursor() * 64 + steps.len();
        let seed = step_seed(self.session.bot_seed() ^ 0x4171, position);
        let ask = BotAsk {
            iterations: self.bot_iterations,
            ..BotAsk::level(crate::plugin::HINT_LEVEL)
        };
        Ok(Box::new(move || {
            let (_, report) = copy.think(seat, seed, ask, None).map_err(conv)?;
            report.ok_or_else(|| BackendError::Failed("this game's plugin gives no ratings".into()))
        }))
    }
}

/// The authority's seats for `setup`: each seat's name, and its bot level if a bot
/// plays it (the command line's `tavern host` and the app's *Host online* both start here).
pub fn seat_configs(setup: &tavern_plugin_api::Setup) -> Vec<tavern_net::SeatConfig> {
    setup
        .seats
        .iter()
        .map(|s| tavern_net::SeatConfig {
            name: s.name.clone(),
            bot: match s.kind {
                tavern_plugin_api::SeatKind::Bot { level } => Some(level),
                tavern_plugin_api::SeatKind::Human => None,
            },
        })
        .collect()
}

/// A finished game's whole save from the table server `seat` joined through (the replay
/// request), checked to be a save file before it is kept: the server's bytes are input
/// like any. `tavern replay` and the app's Save As both fetch it here.
pub fn fetch_replay(
    seat: &tavern_net::Ticket,
    cfg: &tavern_net::NetConfig,
) -> Result<String, String> {
    use tavern_net::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
    let msg = ClientMsg::Replay {
        protocol: PROTOCOL_VERSION,
        token: seat.token.clone(),
    };
    match tavern_net::client::request(seat, cfg, &msg) {
        Ok(ServerMsg::Replay { save }) => match crate::save::SaveFile::parse(&save) {
            Ok(_) => Ok(save),
            Err(e) => Err(format!("the server sent a damaged save: {e}")),
        },
        Ok(_) => Err(
            "the host answered something else (a live table's host saves the \
                      game itself: ask them for the file)"
                .into(),
        ),
        Err(e) => Err(format!("no replay: {}", e.0)),
    }
}
