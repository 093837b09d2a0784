//! The table server's [`Store`]: games as ordinary save files (`games/<id>.json`,
//! written whole with a rename after an fsync) and an SQLite index of their seats,
//! tokens, turns and clocks. A game is written before anyone hears of a change, so an
//! action a player saw applied survives the server being killed.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tavern_net::deal::{self, Deal};
use tavern_net::store::{GameId, Overdue, now};
use tavern_net::{Authority, Backend, GameRequest, GameStatus, SeatConfig, Store, StoredSeat};
use tavern_plugin_api::SeatKind;

use super::index::Index;
use crate::cli::make_setup;
use crate::online::SessionBackend;
use crate::plugin::Catalog;
use crate::session::{Session, UndoMode};

/// The most seats' names and options a create request may carry, and the longest name:
/// a request is data from anyone holding the server's ticket.
const MAX_NAME: usize = 40;

pub struct ServerStore {
    catalog: Catalog,
    games_dir: PathBuf,
    index: Mutex<Index>,
    /// Caps the bots' searches (tests want quick bots); the levels' own limits if `None`.
    pub bot_iterations: Option<u32>,
}

impl ServerStore {
    /// The store in `home` (made if missing): `index.sqlite` and `games/`.
    pub fn open(home: &Path, catalog: Catalog) -> Result<ServerStore, String> {
        let games_dir = home.join("games");
        std::fs::create_dir_all(&games_dir)
            .map_err(|e| format!("cannot create {}: {e}", games_dir.display()))?;
        let index = Index::open(&home.join("index.sqlite"))?;
        Ok(ServerStore {
            catalog,
            games_dir,
            index: Mutex::new(index),
            bot_iterations: None,
        })
    }

    fn index(&self) -> std::sync::MutexGuard<'_, Index> {
        self.index.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn path(&self, id: GameId) -> PathBuf {
        self.games_dir.join(format!("{id}.json"))
    }

    /// Games in the index.
    pub fn count(&self) -> usize {
        self.index().count()
    }

    fn backend(&self, session: Session) -> Result<SessionBackend, String> {
        let mut b = SessionBackend::new(session)?;
        b.bot_iterations = self.bot_iterations;
        Ok(b)
    }

    fn setup(
        &self,
        r: &GameRequest,
    ) -> Result<
        (
            std::sync::Arc<crate::plugin::Plugin>,
            tavern_plugin_api::Setup,
        ),
        String,
    > {
        let plugin = self
            .catalog
            .get(&r.game)
            .ok_or_else(|| format!("this server has no game {:?}", r.game))?;
        if plugin.info.version != r.version {
            return Err(format!(
                "this server plays {} version {}, you have version {}: both need the same version",
                plugin.info.name, plugin.info.version, r.version
            ));
        }
        let mut setup =
            make_setup(&plugin, r.players, rand::random(), &r.options).map_err(|e| e.message)?;
        for (i, name) in r.names.iter().enumerate().take(setup.seats.len()) {
            let name = name.trim();
            if !name.is_empty() {
                setup.seats[i].name = name.chars().take(MAX_NAME).collect();
            }
        }
        for &(seat, level) in &r.bots {
            if seat >= setup.seats.len() || !(1..=3).contains(&level) {
                return Err(format!(
                    "a bot for seat {} at level {level}: seats count from 1 to {}, levels from 1 to 3",
                    seat + 1,
                    setup.seats.len()
                ));
            }
            setup.seats[seat].kind = SeatKind::Bot { level };
        }
        if let Some(c) = r.clock
            && c.seconds == 0
        {
            return Err("a turn clock needs some time on it".into());
        }
        Ok((plugin, setup))
    }
}

impl Store<SessionBackend> for ServerStore {
    fn create(
        &self,
        r: &GameRequest,
        deal: Option<Deal>,
    ) -> Result<(GameId, Authority<SessionBackend>), String> {
        let (plugin, mut setup) = self.setup(r)?;
        // The seed from the server's committed secret and the creator's contribution.
        let summary = match &deal {
            Some(d) => {
                let secret = d.secret.as_deref().and_then(deal::unhex);
                let contribution = deal::unhex(&d.contribution);
                let (Some(secret), Some(contribution)) = (secret, contribution) else {
                    return Err("the deal's contribution is damaged".into());
                };
                setup.seed = deal::derive_seed(&secret, &contribution);
                Some(d.summary(setup.seed))
            }
            None => None,
        };
        let configs: Vec<SeatConfig> = crate::online::seat_configs(&setup);
        let mut session =
            Session::new(plugin, setup, UndoMode::Learning).map_err(|e| e.to_string())?;
        session.deal = deal;
        let mut authority = Authority::new(self.backend(session)?, configs);
        if let Some(s) = summary {
            authority.set_deal(s);
        }
        let b = authority.backend();
        let id = self.index().add(
            &b.game_id(),
            &b.game_name(),
            authority.spectator_token(),
            r.clock,
            &authority.stored_seats(),
            now(),
        )?;
        let id = id as GameId;
        if let Err(e) = self.write(id, &authority) {
            self.index().remove(id as i64);
            return Err(e);
        }
        Ok((id, authority))
    }

    fn find(&self, token: &str) -> Option<GameId> {
        self.index().find(token).map(|id| id as GameId)
    }

    fn open(&self, id: GameId) -> Result<Authority<SessionBackend>, String> {
        let (row, seats) = {
            let index = self.index();
            (index.game(id as i64)?, index.seats(id as i64)?)
        };
        let backend = self.reload(id)?;
        let summary = backend
            .session()
            .deal
            .as_ref()
            .map(|d| d.summary(backend.session().setup().seed));
        let mut a = Authority::restore(backend, seats, row.spectator_token);
        if let Some(s) = summary {
            a.set_deal(s);
        }
        for (at, text) in row.notes {
            a.add_note(at, text);
        }
        Ok(a)
    }

    fn reload(&self, id: GameId) -> Result<SessionBackend, String> {
        let path = self.path(id);
        let session = crate::save::open(&path, &self.catalog)
            .map_err(|e| format!("game {id} ({}): {e}", path.display()))?;
        let backend = self.backend(session)?;
        // A write that failed after the index took the change leaves the index ahead
        // of the file; the file is the game, so the index follows it again.
        if let Ok(to_act) = backend.to_act() {
            let _ = self
                .index()
                .set_turn(id as i64, to_act.seats(), to_act.is_over(), now());
        }
        Ok(backend)
    }

    /// The save is written and flushed beside its place, the index takes the change,
    /// and only then does the save replace the old one: a failure at any step (a full
    /// disk) leaves the old file whole and no temporary file behind.
    fn write(&self, id: GameId, a: &Authority<SessionBackend>) -> Result<(), String> {
        let path = self.path(id);
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let json = crate::save::SaveFile::from_session(a.backend().session()).to_json();
        let staged = crate::paths::stage(&path, json.as_bytes()).map_err(cannot)?;
        let to_act = a.backend().to_act().map_err(|e| e.to_string())?;
        self.index().update(
            id as i64,
            to_act.seats(),
            to_act.is_over(),
            &a.stored_seats(),
            a.notes(),
            now(),
        )?;
        staged.commit().map_err(cannot)
    }

    fn replay(&self, token: &str) -> Result<String, String> {
        let id = self
            .find(token)
            .ok_or("this invitation is not for a game on this server")?;
        if !self.index().game(id as i64)?.over {
            return Err(
                "the game is still being played: its whole save (every hidden card, \
                        the deal's secret) is released to its players when it ends"
                    .into(),
            );
        }
        let path = self.path(id);
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read game {id}: {e}"))
    }

    fn status(&self, tokens: &[String]) -> Vec<GameStatus> {
        let index = self.index();
        tokens
            .iter()
            .filter_map(|t| {
                let id = index.find(t)?;
                let row = index.game(id).ok()?;
                let seats = index.seats(id).ok()?;
                let seat = seats.iter().position(|s| s.token == *t);
                let name = |s: usize| seats.get(s).map_or(String::new(), |x| x.name.clone());
                let mine = seat.and_then(|s| row.waiting.iter().find(|w| w.0 == s));
                let since = mine
                    .map(|w| w.1)
                    .or_else(|| row.waiting.iter().map(|w| w.1).min())
                    .unwrap_or(0);
                Some(GameStatus {
                    token: t.clone(),
                    game: row.game.clone(),
                    name: row.name.clone(),
                    seat,
                    seat_name: seat.map_or("Spectator".into(), name),
                    to_act: row.waiting.iter().map(|w| name(w.0)).collect(),
                    your_turn: mine.is_some(),
                    since,
                    deadline: row
                        .clock
                        .filter(|_| !row.over && !row.waiting.is_empty())
                        .map(|c| since + c.seconds),
                    over: row.over,
                })
            })
            .collect()
    }

    fn overdue(&self, now: u64) -> Vec<Overdue> {
        let index = self.index();
        let mut out = Vec::new();
        for row in index.clocked() {
            let Some(clock) = row.clock else { continue };
            let Ok(seats) = index.seats(row.id) else {
                continue;
            };
            for &(seat, since) in &row.waiting {
                let person = seats
                    .get(seat)
                    .is_some_and(|s: &StoredSeat| s.bot.is_none());
                if person && since + clock.seconds <= now {
                    out.push(Overdue {
                        game: row.id as GameId,
                        seat,
                        clock,
                    });
                }
            }
        }
        out
    }
}
