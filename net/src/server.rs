//! The authority on the network: one iroh endpoint serving any number of games.
//!
//! Each connection is one player (or spectator) on one bidirectional stream. Its first
//! frame is the handshake; after it, a reader task hands each frame to the game's
//! [`Authority`] under the game's lock, and after every change the server builds each
//! connected viewer's frame there (the one outgoing path) and queues the bytes to that
//! viewer's writer task. Bots think on tokio's blocking pool, off the lock. A frame the
//! authority refuses, or bytes that are not a frame, get an error frame back; the game
//! and the connection go on.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use iroh::Endpoint;
use iroh::endpoint::Connection;
use tokio::sync::{Notify, mpsc};

use crate::authority::{Authority, Change, Refusal};
use crate::backend::Backend;
use crate::endpoint::{ALPN, NetConfig, NetError, bind, own_addr};
use crate::proto::{ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg};
use crate::store::{GameId, Store};
use crate::ticket::Ticket;
use crate::wire::{self, ReadError};

/// How long a new connection may take to send its handshake.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Something the host may want to print (a refused frame, a player coming or going).
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    pub game: usize,
    pub text: String,
}

/// One viewer's connection as the game knows it.
pub(crate) struct Viewer {
    seat: Option<usize>,
    out: mpsc::UnboundedSender<Vec<u8>>,
    conn: Connection,
    /// Log entries this viewer has; the next frame sends the rest.
    sent_log: usize,
    /// How many of the authority's rewinds it has been told of.
    rewinds_seen: usize,
    /// The scene items of the last frame it was sent: the next goes as a change of them.
    last_items: Option<Vec<tavern_plugin_api::scene::Item>>,
}

/// A game on the server.
pub(crate) struct Room<B: Backend> {
    pub(crate) id: GameId,
    pub(crate) authority: Mutex<Authority<B>>,
    pub(crate) viewers: Mutex<HashMap<u64, Viewer>>,
    pub(crate) bot_running: AtomicBool,
    pub(crate) changed: Notify,
}

pub(crate) struct Shared<B: Backend> {
    /// The games live now (loaded), by id.
    pub(crate) rooms: Mutex<HashMap<GameId, Arc<Room<B>>>>,
    pub(crate) notes: Mutex<Vec<Note>>,
    /// A table server's games between connections; `None` for a live table, whose
    /// games are only in memory.
    pub(crate) store: Option<Arc<dyn Store<B>>>,
    /// Secrets committed to for games not made yet, by commitment (the oldest go first).
    pub(crate) pending_deals: Mutex<Vec<(String, String)>>,
    next_id: AtomicUsize,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while a lock was held (there should be none: the authority catches the
    // game's) must not take the whole server down with poisoned locks.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<B: Backend> Shared<B> {
    pub(crate) fn note(&self, game: usize, text: String) {
        lock(&self.notes).push(Note { game, text });
    }
}

/// The server: hosts games, hands out tickets, and lets the host act on a game (hand a
/// seat to a bot, save it) while it runs.
pub struct Server<B: Backend + 'static> {
    endpoint: Endpoint,
    shared: Arc<Shared<B>>,
}

impl<B: Backend + 'static> Server<B> {
    /// Binds the endpoint and starts accepting connections. Must run inside a tokio
    /// runtime. With a relay it waits (up to 10 s) to reach it, so tickets name it.
    pub async fn start(cfg: &NetConfig) -> Result<Server<B>, NetError> {
        Server::start_inner(cfg, None).await
    }

    /// A table server: games come from `store` when a player's token asks for one, every
    /// change is written there before anyone hears of it, and every `tick` the turn
    /// clocks that ran out are played.
    pub async fn start_with_store(
        cfg: &NetConfig,
        store: Arc<dyn Store<B>>,
        tick: Duration,
    ) -> Result<Server<B>, NetError> {
        let server = Server::start_inner(cfg, Some(store)).await?;
        let sh = server.shared.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(tick).await;
                crate::clock::run_clocks(&sh).await;
            }
        });
        Ok(server)
    }

    async fn start_inner(
        cfg: &NetConfig,
        store: Option<Arc<dyn Store<B>>>,
    ) -> Result<Server<B>, NetError> {
        let endpoint = bind(cfg, vec![ALPN.to_vec()]).await?;
        if cfg.relay != crate::endpoint::Relay::Off {
            let _ = tokio::time::timeout(Duration::from_secs(10), endpoint.online()).await;
        }
        let shared = Arc::new(Shared {
            rooms: Mutex::new(HashMap::new()),
            notes: Mutex::new(Vec::new()),
            store,
            pending_deals: Mutex::new(Vec::new()),
            next_id: AtomicUsize::new(0),
        });
        let (ep, sh) = (endpoint.clone(), shared.clone());
        tokio::spawn(async move {
            while let Some(incoming) = ep.accept().await {
                let (sh, ep) = (sh.clone(), ep.clone());
                tokio::spawn(async move {
                    if let Ok(conn) = incoming.await {
                        serve(sh, ep, conn).await;
                    }
                });
            }
        });
        Ok(Server { endpoint, shared })
    }

    /// Adds a game; returns its number on this server. Bots due at the start begin.
    pub fn add_game(&self, authority: Authority<B>) -> usize {
        let game = self.shared.next_id.fetch_add(1, Ordering::SeqCst);
        let room = new_room(game, authority);
        lock(&self.shared.rooms).insert(game, room.clone());
        spawn_bots(self.shared.clone(), game, room);
        game
    }

    /// This server's own ticket (a table server's: it names no game).
    pub fn server_ticket(&self) -> Ticket {
        server_ticket(&self.endpoint)
    }

    /// Games loaded now (a table server unloads a game nobody plays).
    pub fn live_games(&self) -> usize {
        lock(&self.shared.rooms).len()
    }

    /// The invitations of game `game`: one per seat, then the spectators'.
    pub fn tickets(&self, game: usize) -> Vec<Ticket> {
        let Some(room) = self.room(game) else {
            return Vec::new();
        };
        let a = lock(&room.authority);
        tickets_of(&self.endpoint, &a)
    }

    fn room(&self, game: usize) -> Option<Arc<Room<B>>> {
        lock(&self.shared.rooms).get(&game).cloned()
    }

    /// Runs `f` on game `game`'s authority (hand a seat to a bot, read the game to save
    /// it); every viewer then gets the new frame, and bots due start.
    pub fn with_authority<R>(
        &self,
        game: usize,
        f: impl FnOnce(&mut Authority<B>) -> R,
    ) -> Option<R> {
        let room = self.room(game)?;
        let r = {
            let mut a = lock(&room.authority);
            let r = f(&mut a);
            // The host's own change (a seat handed to a bot) is written down like any.
            let _ = commit(&self.shared, &room, &mut a);
            broadcast(&room, &a);
            r
        };
        room.changed.notify_waiters();
        spawn_bots(self.shared.clone(), game, room);
        Some(r)
    }

    /// Reads game `game`'s authority without changing it: no frame is sent (a window
    /// showing who is connected asks every frame).
    pub fn peek<R>(&self, game: usize, f: impl FnOnce(&Authority<B>) -> R) -> Option<R> {
        let room = self.room(game)?;
        let a = lock(&room.authority);
        Some(f(&a))
    }

    /// Waits until game `game` is over.
    pub async fn wait_over(&self, game: usize) {
        let Some(room) = self.room(game) else { return };
        loop {
            let changed = room.changed.notified();
            if lock(&room.authority).is_over() {
                return;
            }
            changed.await;
        }
    }

    /// Waits until game `game` changes (or `timeout` passes).
    pub async fn wait_change(&self, game: usize, timeout: Duration) {
        let Some(room) = self.room(game) else { return };
        let _ = tokio::time::timeout(timeout, room.changed.notified()).await;
    }

    /// Connections open to game `game` now.
    pub fn viewers(&self, game: usize) -> usize {
        self.room(game).map_or(0, |r| lock(&r.viewers).len())
    }

    /// Takes the notes gathered since the last call.
    pub fn take_notes(&self) -> Vec<Note> {
        std::mem::take(&mut *lock(&self.shared.notes))
    }

    /// Closes every connection and the endpoint.
    pub async fn close(&self) {
        self.endpoint.close().await;
    }
}

pub(crate) fn new_room<B: Backend>(id: GameId, authority: Authority<B>) -> Arc<Room<B>> {
    Arc::new(Room {
        id,
        authority: Mutex::new(authority),
        viewers: Mutex::new(HashMap::new()),
        bot_running: AtomicBool::new(false),
        changed: Notify::new(),
    })
}

fn server_ticket(ep: &Endpoint) -> Ticket {
    let (host, addrs, relay) = own_addr(ep);
    Ticket {
        host,
        addrs,
        relay,
        game: String::new(),
        version: String::new(),
        token: String::new(),
        seat: None,
    }
}

/// The invitations of the game `a` runs: one per seat, then the spectators'.
pub(crate) fn tickets_of<B: Backend>(ep: &Endpoint, a: &Authority<B>) -> Vec<Ticket> {
    let base = server_ticket(ep);
    let make = |token: &str, seat: Option<usize>| Ticket {
        game: a.backend().game_id(),
        version: a.backend().game_version(),
        token: token.to_string(),
        seat,
        ..base.clone()
    };
    let mut out: Vec<Ticket> = (0..a.seat_count())
        .map(|s| make(a.seat_token(s).unwrap_or_default(), Some(s)))
        .collect();
    out.push(make(a.spectator_token(), None));
    out
}

/// Writes the change just made to `a` down before anyone is told (a table server; a
/// live table keeps its games in memory only). When the write fails, the game goes back
/// to what was last written and the change is refused.
pub(crate) fn commit<B: Backend + 'static>(
    shared: &Shared<B>,
    room: &Room<B>,
    a: &mut Authority<B>,
) -> Result<(), Refusal> {
    let Some(store) = &shared.store else {
        return Ok(());
    };
    let Err(e) = store.write(room.id, a) else {
        return Ok(());
    };
    shared.note(room.id, format!("cannot write the game down: {e}"));
    if let Ok(b) = store.reload(room.id) {
        a.replace_backend(b);
    }
    Err(Refusal {
        code: ErrorCode::Storage,
        message: "the server could not write your move down, so it was not made; \
                  try again later"
            .into(),
        detail: Some(e),
    })
}

/// Sends every viewer of `room` its frame, as the authority stands now.
pub(crate) fn broadcast<B: Backend>(room: &Room<B>, a: &Authority<B>) {
    send_frames(room, a, None);
}

/// Sends the viewers of `only` (every viewer when `None`) their frames.
fn send_frames<B: Backend>(room: &Room<B>, a: &Authority<B>, only: Option<usize>) {
    let mut viewers = lock(&room.viewers);
    let len = a.backend().log_len();
    let rewinds = a.rewinds();
    for v in viewers.values_mut() {
        if only.is_some_and(|s| v.seat != Some(s)) {
            continue;
        }
        let mut from = v.sent_log;
        for &p in &rewinds[v.rewinds_seen.min(rewinds.len())..] {
            from = from.min(p);
        }
        match a.frame_for(v.seat, from) {
            Ok(f) => {
                let _ = v.out.send(crate::delta::encode(&mut v.last_items, f));
                v.sent_log = len;
                v.rewinds_seen = rewinds.len();
            }
            Err(_) => {
                let _ = v.out.send(wire::encode(&ServerMsg::Error {
                    code: ErrorCode::Game,
                    message: "the game failed to show the table; it keeps its last good state"
                        .into(),
                }));
            }
        }
    }
}

/// Starts the bot worker of `room` if a bot is to act and none is thinking.
pub(crate) fn spawn_bots<B: Backend + 'static>(
    shared: Arc<Shared<B>>,
    game: usize,
    room: Arc<Room<B>>,
) {
    if room.bot_running.swap(true, Ordering::SeqCst) {
        return;
    }
    tokio::spawn(async move {
        let mut failed = false;
        loop {
            let job = lock(&room.authority).bot_job();
            let Some((seat, revision, job)) = job else {
                break;
            };
            let decision =
                match tokio::task::spawn_blocking(move || crate::authority::guard(job)).await {
                    Ok(d) => d,
                    Err(e) => Err(crate::backend::BackendError::Failed(e.to_string())),
                };
            let applied = {
                let mut a = lock(&room.authority);
                let mut r = a.finish_bot(seat, revision, decision);
                if matches!(r, Ok(true)) {
                    if let Err(e) = commit(&shared, &room, &mut a) {
                        r = Err(e);
                    }
                    broadcast(&room, &a);
                }
                r
            };
            room.changed.notify_waiters();
            match applied {
                Ok(_) => {}
                Err(e) => {
                    shared.note(
                        game,
                        format!(
                            "the bot of seat {} failed: {}",
                            seat + 1,
                            e.detail.unwrap_or(e.message)
                        ),
                    );
                    failed = true;
                    break;
                }
            }
        }
        room.bot_running.store(false, Ordering::SeqCst);
        // A change that landed while the worker was finishing may have made a bot due
        // (a bot that failed waits for the next change rather than failing in a loop).
        if !failed && lock(&room.authority).bot_due() {
            spawn_bots(shared, game, room);
        } else if lock(&room.viewers).is_empty() {
            crate::table_server::unload_if_idle(&shared, &room);
        }
    });
}

pub(crate) fn error_frame(r: &Refusal) -> Vec<u8> {
    wire::encode(&ServerMsg::Error {
        code: r.code,
        message: r.message.clone(),
    })
}

/// One connection, from its handshake to its end.
async fn serve<B: Backend + 'static>(shared: Arc<Shared<B>>, ep: Endpoint, conn: Connection) {
    let key = conn.remote_id().to_string();
    let refuse =
        |code: ErrorCode, message: String| wire::encode(&ServerMsg::Error { code, message });
    // One deadline for opening the stream and sending the whole first frame: a client
    // that dials and then says nothing (or half a frame) is closed, not waited for.
    let hello = tokio::time::timeout(HELLO_TIMEOUT, async {
        let (send, mut recv) = conn.accept_bi().await.ok()?;
        let first = wire::read_frame::<_, ClientMsg>(&mut recv).await;
        Some((send, recv, first))
    })
    .await;
    let (mut send, mut recv, hello) = match hello {
        Ok(Some((send, recv, Ok(h)))) => (send, recv, h),
        Ok(Some((mut send, _, Err(e)))) => {
            let _ = wire::write_raw(&mut send, &refuse(ErrorCode::BadFrame, e.to_string())).await;
            return linger(conn, send).await;
        }
        Ok(None) => return,
        Err(_) => {
            conn.close(3u32.into(), b"no handshake in time");
            return;
        }
    };
    let token = match &hello {
        ClientMsg::Hello { token, .. } => token.clone(),
        ClientMsg::Create { .. }
        | ClientMsg::Status { .. }
        | ClientMsg::Commit { .. }
        | ClientMsg::Replay { .. } => {
            let answer = crate::table_server::answer(&shared, &ep, &hello);
            let _ = wire::write_raw(&mut send, &answer).await;
            return linger(conn, send).await;
        }
        _ => String::new(),
    };
    // The game whose seat or spectators this token opens (on a table server, loaded
    // from its log if nobody is playing it).
    let found = find_room(&shared, &token);
    let (game, room) = match (found, &hello) {
        (Some(x), _) => x,
        (None, ClientMsg::Hello { protocol, .. }) if *protocol != PROTOCOL_VERSION => {
            let m = format!(
                "this host speaks Tavern's online protocol version {PROTOCOL_VERSION}, \
                 the client version {protocol}: update the older one"
            );
            let _ = wire::write_raw(&mut send, &refuse(ErrorCode::Version, m)).await;
            return linger(conn, send).await;
        }
        (None, _) => {
            let m = "this invitation is not for a game on this host".to_string();
            let _ = wire::write_raw(&mut send, &refuse(ErrorCode::Token, m)).await;
            return linger(conn, send).await;
        }
    };
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Vec<u8>>();
    let joined = {
        let mut a = lock(&room.authority);
        match a.join(&hello, &key) {
            Ok(j) => {
                let welcome = ServerMsg::Welcome {
                    protocol: PROTOCOL_VERSION,
                    game: a.backend().game_id(),
                    name: a.backend().game_name(),
                    version: a.backend().game_version(),
                    seat: j.seat,
                    deal: a.deal().cloned(),
                };
                let _ = out_tx.send(wire::encode(&welcome));
                let mut viewers = lock(&room.viewers);
                // The same player's older connection to this seat is over.
                if let Some(seat) = j.seat {
                    viewers.retain(|_, v| {
                        let old = v.seat == Some(seat);
                        if old {
                            v.conn.close(1u32.into(), b"replaced by a new connection");
                        }
                        !old
                    });
                }
                viewers.insert(
                    j.conn,
                    Viewer {
                        seat: j.seat,
                        out: out_tx.clone(),
                        conn: conn.clone(),
                        sent_log: 0,
                        rewinds_seen: a.rewinds().len(),
                        last_items: None,
                    },
                );
                drop(viewers);
                broadcast(&room, &a);
                Ok(j)
            }
            Err(r) => Err(error_frame(&r)),
        }
    };
    let joined = match joined {
        Ok(j) => j,
        Err(frame) => {
            let _ = wire::write_raw(&mut send, &frame).await;
            return linger(conn, send).await;
        }
    };
    room.changed.notify_waiters();
    let who = joined
        .seat
        .map_or("a spectator".to_string(), |s| format!("seat {}", s + 1));
    shared.note(
        game,
        format!("{who} joined ({})", &key[..key.len().min(10)]),
    );

    let writer = tokio::spawn(async move {
        while let Some(bytes) = out_rx.recv().await {
            if wire::write_raw(&mut send, &bytes).await.is_err() {
                break;
            }
        }
        let _ = send.finish();
    });

    // One hint at a time per connection: each is a second of the server's time.
    let hinting = Arc::new(AtomicBool::new(false));
    loop {
        let msg: ClientMsg = match wire::read_frame(&mut recv).await {
            Ok(m) => m,
            Err(e) if e.recoverable() => {
                let _ = out_tx.send(refuse(ErrorCode::BadFrame, e.to_string()));
                continue;
            }
            Err(ReadError::Closed) | Err(_) => break,
        };
        if msg == ClientMsg::Bye {
            break;
        }
        if let ClientMsg::Hint { seat, revision } = msg {
            ask_hint(&room, joined, (seat, revision), &hinting, &out_tx);
            continue;
        }
        let result = {
            let mut a = lock(&room.authority);
            let mut r = a.handle(joined, &msg);
            match r {
                Ok(Change::Table) => {
                    if let Err(e) = commit(&shared, &room, &mut a) {
                        r = Err(e);
                    }
                    broadcast(&room, &a);
                }
                // A plan is kept in memory only (a table server writes moves), and
                // nobody else sees it.
                Ok(Change::Plan(seat)) => send_frames(&room, &a, Some(seat)),
                _ => {}
            }
            r
        };
        match result {
            Ok(Change::Table) => {
                room.changed.notify_waiters();
                spawn_bots(shared.clone(), game, room.clone());
            }
            Ok(Change::Plan(_)) => room.changed.notify_waiters(),
            Ok(Change::None) => {}
            Err(r) => {
                if let Some(d) = &r.detail {
                    shared.note(game, format!("{who}: {} ({d})", r.message));
                }
                let _ = out_tx.send(error_frame(&r));
            }
        }
    }
    // Gone: the others see the seat disconnected.
    {
        let mut a = lock(&room.authority);
        lock(&room.viewers).remove(&joined.conn);
        if a.leave(joined) == Change::Table {
            broadcast(&room, &a);
        }
    }
    room.changed.notify_waiters();
    shared.note(game, format!("{who} left"));
    drop(out_tx);
    let _ = writer.await;
    crate::table_server::unload_if_idle(&shared, &room);
}

/// The live game whose seat or spectators `token` opens, or on a table server the one
/// its store names, loaded now.
fn find_room<B: Backend + 'static>(
    shared: &Arc<Shared<B>>,
    token: &str,
) -> Option<(GameId, Arc<Room<B>>)> {
    let live = lock(&shared.rooms).iter().find_map(|(&i, r)| {
        let a = lock(&r.authority);
        let hit = a.spectator_token() == token
            || (0..a.seat_count()).any(|s| a.seat_token(s) == Some(token));
        hit.then(|| (i, r.clone()))
    });
    if live.is_some() || token.is_empty() {
        return live;
    }
    let id = shared.store.as_ref()?.find(token)?;
    crate::table_server::load(shared, id).map(|r| (id, r))
}

/// Works out the hint `joined` asked for (seat, revision) on the blocking pool, off the
/// lock, and sends the answer (or why there is none) to that connection alone.
fn ask_hint<B: Backend + 'static>(
    room: &Arc<Room<B>>,
    joined: crate::authority::Joined,
    (seat, revision): (usize, u64),
    busy: &Arc<AtomicBool>,
    out: &mpsc::UnboundedSender<Vec<u8>>,
) {
    if busy.swap(true, Ordering::SeqCst) {
        let r = Refusal::new(
            ErrorCode::Hint,
            "a hint is already being worked out for you",
        );
        let _ = out.send(error_frame(&r));
        return;
    }
    let asked = lock(&room.authority).hint_job(joined, seat, revision);
    let (ticket, job) = match asked {
        Ok(x) => x,
        Err(r) => {
            busy.store(false, Ordering::SeqCst);
            let _ = out.send(error_frame(&r));
            return;
        }
    };
    let (room, busy, out) = (room.clone(), busy.clone(), out.clone());
    tokio::spawn(async move {
        let report = match tokio::task::spawn_blocking(move || crate::authority::guard(job)).await {
            Ok(r) => r,
            Err(e) => Err(crate::backend::BackendError::Failed(e.to_string())),
        };
        // Sent under the lock, so it follows every frame built before it and names
        // the revision the client has just received.
        let a = lock(&room.authority);
        let bytes = match a.finish_hint(&ticket, report) {
            Ok(h) => wire::encode(&ServerMsg::Hint(Box::new(h))),
            Err(r) => error_frame(&r),
        };
        let _ = out.send(bytes);
        drop(a);
        busy.store(false, Ordering::SeqCst);
    });
}

/// Lets an error frame reach the client before the connection goes.
async fn linger(conn: Connection, mut send: iroh::endpoint::SendStream) {
    let _ = send.finish();
    let _ = tokio::time::timeout(Duration::from_secs(3), conn.closed()).await;
}

/// A [`Server`] with its own runtime, for callers without one (the command line, the
/// app): every call blocks briefly or not at all.
pub struct Hosting<B: Backend + 'static> {
    rt: tokio::runtime::Runtime,
    server: Server<B>,
}

impl<B: Backend + 'static> Hosting<B> {
    pub fn start(cfg: &NetConfig) -> Result<Hosting<B>, NetError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| crate::endpoint::err("cannot start the network thread", e))?;
        let server = rt.block_on(Server::start(cfg))?;
        Ok(Hosting { rt, server })
    }
    /// A table server over `store` (see [`Server::start_with_store`]).
    pub fn start_with_store(
        cfg: &NetConfig,
        store: Arc<dyn Store<B>>,
        tick: Duration,
    ) -> Result<Hosting<B>, NetError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| crate::endpoint::err("cannot start the network thread", e))?;
        let server = rt.block_on(Server::start_with_store(cfg, store, tick))?;
        Ok(Hosting { rt, server })
    }
    pub fn server_ticket(&self) -> Ticket {
        self.server.server_ticket()
    }
    pub fn live_games(&self) -> usize {
        self.server.live_games()
    }
    pub fn add_game(&self, authority: Authority<B>) -> usize {
        let _g = self.rt.enter();
        self.server.add_game(authority)
    }
    pub fn tickets(&self, game: usize) -> Vec<Ticket> {
        self.server.tickets(game)
    }
    pub fn with_authority<R>(
        &self,
        game: usize,
        f: impl FnOnce(&mut Authority<B>) -> R,
    ) -> Option<R> {
        let _g = self.rt.enter();
        self.server.with_authority(game, f)
    }
    pub fn peek<R>(&self, game: usize, f: impl FnOnce(&Authority<B>) -> R) -> Option<R> {
        self.server.peek(game, f)
    }
    /// Waits until game `game` changes or `timeout` passes.
    pub fn wait_change(&self, game: usize, timeout: Duration) {
        self.rt.block_on(self.server.wait_change(game, timeout))
    }
    pub fn viewers(&self, game: usize) -> usize {
        self.server.viewers(game)
    }
    pub fn take_notes(&self) -> Vec<Note> {
        self.server.take_notes()
    }
    pub fn close(self) {
        self.rt.block_on(self.server.close());
    }
}
