//! The table server's index (SQLite): every game, its seats and their tokens, who is to
//! act and since when, the turn clock, and the clock's notes. The games' logs are not
//! here: each is an ordinary save file beside it (`games/<id>.json`).

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use tavern_net::{AtDeadline, StoredSeat, TurnClock};

/// One game's row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub game: String,
    pub name: String,
    pub spectator_token: String,
    pub clock: Option<TurnClock>,
    /// Each seat to act and since when (seconds since 1970) it has been waiting.
    pub waiting: Vec<(usize, u64)>,
    pub over: bool,
    /// The turn clock's words before log entries, by position.
    pub notes: Vec<(usize, String)>,
}

pub struct Index {
    db: Connection,
}

fn sql(e: rusqlite::Error) -> String {
    format!("the server's index: {e}")
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    spectator_token TEXT NOT NULL UNIQUE,
    created INTEGER NOT NULL,
    clock_seconds INTEGER,
    at_deadline TEXT,
    waiting TEXT NOT NULL DEFAULT '[]',
    over INTEGER NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    bot INTEGER,
    owner TEXT,
    PRIMARY KEY (game, seat)
);
";

impl Index {
    /// Opens (or makes) the index at `path`.
    pub fn open(path: &Path) -> Result<Index, String> {
        let db = Connection::open(path).map_err(sql)?;
        // A write is whole once it returns, and survives the process being killed.
        db.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
            .map_err(sql)?;
        db.execute_batch(SCHEMA).map_err(sql)?;
        Ok(Index { db })
    }

    /// Adds a game and its seats; returns its id.
    pub fn add(
        &mut self,
        game: &str,
        name: &str,
        spectator_token: &str,
        clock: Option<TurnClock>,
        seats: &[StoredSeat],
        now: u64,
    ) -> Result<i64, String> {
        let tx = self.db.transaction().map_err(sql)?;
        tx.execute(
            "INSERT INTO games (game, name, spectator_token, created, clock_seconds, at_deadline)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                game,
                name,
                spectator_token,
                now as i64,
                clock.map(|c| c.seconds as i64),
                clock.map(|c| deadline_word(c.at_deadline)),
            ],
        )
        .map_err(sql)?;
        let id = tx.last_insert_rowid();
        for (i, s) in seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (game, seat, token, name, bot, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, i as i64, s.token, s.name, s.bot.map(i64::from), s.owner],
            )
            .map_err(sql)?;
        }
        tx.commit().map_err(sql)?;
        Ok(id)
    }

    /// Removes a game whose save could not be written at creation.
    pub fn remove(&mut self, id: i64) {
        let _ = self.db.execute("DELETE FROM seats WHERE game = ?1", [id]);
        let _ = self.db.execute("DELETE FROM games WHERE id = ?1", [id]);
    }

    /// The game a seat's or the spectators' token opens.
    pub fn find(&self, token: &str) -> Option<i64> {
        let seat: Option<i64> = self
            .db
            .query_row("SELECT game FROM seats WHERE token = ?1", [token], |r| {
                r.get(0)
            })
            .optional()
            .ok()
            .flatten();
        seat.or_else(|| {
            self.db
                .query_row(
                    "SELECT id FROM games WHERE spectator_token = ?1",
                    [token],
                    |r| r.get(0),
                )
                .optional()
                .ok()
                .flatten()
        })
    }

    pub fn game(&self, id: i64) -> Result<GameRow, String> {
        self.db
            .query_row(
                "SELECT id, game, name, spectator_token, clock_seconds, at_deadline, waiting, over, notes
                 FROM games WHERE id = ?1",
                [id],
                |r| {
                    let clock_seconds: Option<i64> = r.get(4)?;
                    let at: Option<String> = r.get(5)?;
                    let waiting: String = r.get(6)?;
                    let notes: String = r.get(8)?;
                    Ok(GameRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        name: r.get(2)?,
                        spectator_token: r.get(3)?,
                        clock: clock_seconds.map(|s| TurnClock {
                            seconds: s.max(0) as u64,
                            at_deadline: if at.as_deref() == Some("skip") {
                                AtDeadline::Skip
                            } else {
                                AtDeadline::Bot
                            },
                        }),
                        waiting: serde_json::from_str(&waiting).unwrap_or_default(),
                        over: r.get::<_, i64>(7)? != 0,
                        notes: serde_json::from_str(&notes).unwrap_or_default(),
                    })
                },
            )
            .map_err(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => format!("no game {id} on this server"),
                e => sql(e),
            })
    }

    pub fn seats(&self, id: i64) -> Result<Vec<StoredSeat>, String> {
        let mut q = self
            .db
            .prepare("SELECT token, name, bot, owner FROM seats WHERE game = ?1 ORDER BY seat")
            .map_err(sql)?;
        let rows = q
            .query_map([id], |r| {
                Ok(StoredSeat {
                    token: r.get(0)?,
                    name: r.get(1)?,
                    bot: r.get::<_, Option<i64>>(2)?.map(|b| b.clamp(1, 3) as u8),
                    owner: r.get(3)?,
                })
            })
            .map_err(sql)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(sql)
    }

    /// Who is to act, each with the time it started waiting: kept from before for a
    /// seat that was already waiting.
    fn waiting(&self, id: i64, to_act: &[usize], now: u64) -> Result<Vec<(usize, u64)>, String> {
        let before = self.game(id)?.waiting;
        Ok(to_act
            .iter()
            .map(|&s| {
                let since = before.iter().find(|(b, _)| *b == s).map_or(now, |w| w.1);
                (s, since)
            })
            .collect())
    }

    /// Writes who is to act and whether the game is over, nothing else (the index
    /// following a game reloaded from its file).
    pub fn set_turn(
        &mut self,
        id: i64,
        to_act: &[usize],
        over: bool,
        now: u64,
    ) -> Result<(), String> {
        let waiting = self.waiting(id, to_act, now)?;
        self.db
            .execute(
                "UPDATE games SET waiting = ?2, over = ?3 WHERE id = ?1",
                params![
                    id,
                    serde_json::to_string(&waiting).unwrap_or_default(),
                    over as i64
                ],
            )
            .map(|_| ())
            .map_err(sql)
    }

    /// Writes who is to act (keeping the time each seat already waiting started), whether
    /// the game is over, its seats and its notes, in one transaction.
    pub fn update(
        &mut self,
        id: i64,
        to_act: &[usize],
        over: bool,
        seats: &[StoredSeat],
        notes: &[(usize, String)],
        now: u64,
    ) -> Result<(), String> {
        let waiting = self.waiting(id, to_act, now)?;
        let tx = self.db.transaction().map_err(sql)?;
        tx.execute(
            "UPDATE games SET waiting = ?2, over = ?3, notes = ?4 WHERE id = ?1",
            params![
                id,
                serde_json::to_string(&waiting).unwrap_or_default(),
                over as i64,
                serde_json::to_string(notes).unwrap_or_default(),
            ],
        )
        .map_err(sql)?;
        for (i, s) in seats.iter().enumerate() {
            tx.execute(
                "UPDATE seats SET name = ?3, bot = ?4, owner = ?5 WHERE game = ?1 AND seat = ?2",
                params![id, i as i64, s.name, s.bot.map(i64::from), s.owner],
            )
            .map_err(sql)?;
        }
        tx.commit().map_err(sql)
    }

    /// Games with a turn clock that are not over.
    pub fn clocked(&self) -> Vec<GameRow> {
        let ids: Vec<i64> = self
            .db
            .prepare("SELECT id FROM games WHERE over = 0 AND clock_seconds IS NOT NULL")
            .and_then(|mut q| {
                q.query_map([], |r| r.get(0))?
                    .collect::<Result<Vec<i64>, _>>()
            })
            .unwrap_or_default();
        ids.into_iter()
            .filter_map(|id| self.game(id).ok())
            .collect()
    }

    /// How many games the index holds.
    pub fn count(&self) -> usize {
        self.db
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map_or(0, |n| n as usize)
    }
}

fn deadline_word(d: AtDeadline) -> &'static str {
    match d {
        AtDeadline::Bot => "bot",
        AtDeadline::Skip => "skip",
    }
}
