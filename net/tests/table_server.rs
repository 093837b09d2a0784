//! A table server over real iroh endpoints on loopback, relays off, with its games in a
//! store held in memory: games made by a create request, every change written before
//! anyone sees it, a write that fails refused with the game unchanged, a game unloaded
//! when its last player leaves and rebuilt when one comes back, the games' status by
//! token, and the turn clock. (`tests/tests/table_server.rs` runs `tavern serve` itself,
//! with its SQLite index, and kills it.)

mod common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::next;
use tavern_net::local::GameBackend;
use tavern_net::proto::PROTOCOL_VERSION;
use tavern_net::store::{GameId, Overdue, now};
use tavern_net::{
    AtDeadline, Authority, Backend, ClientMsg, ErrorCode, Event, GameRequest, GameStatus, Hosting,
    NetConfig, Remote, SeatConfig, ServerMsg, Store, StoredSeat, Ticket, TurnClock,
};
use tavern_plugin_api::Setup;
use tavern_plugin_dragonkeepers::Dk;

type B = GameBackend<Dk>;

#[derive(Clone)]
struct Kept {
    backend: B,
    seats: Vec<StoredSeat>,
    spectator: String,
    notes: Vec<(usize, String)>,
    clock: Option<TurnClock>,
    waiting: Vec<(usize, u64)>,
    deal: Option<tavern_net::deal::DealSummary>,
}

/// Games as clones of their backends; `fail` makes every write fail (a full disk).
#[derive(Default)]
struct MemStore {
    games: Mutex<HashMap<GameId, Kept>>,
    fail: AtomicBool,
    opened: Mutex<usize>,
}

impl MemStore {
    fn kept(&self, id: GameId) -> Kept {
        self.games.lock().unwrap()[&id].clone()
    }
}

impl Store<B> for MemStore {
    fn create(
        &self,
        r: &GameRequest,
        deal: Option<tavern_net::deal::Deal>,
    ) -> Result<(GameId, Authority<B>), String> {
        if r.game != "dragonkeepers" {
            return Err(format!("this server has no game {:?}", r.game));
        }
        let mut setup = Setup::players(r.players);
        setup.seed = 0xC0FF_EE12_3456_789A;
        if let Some(d) = &deal {
            let secret = tavern_net::deal::unhex(d.secret.as_deref().unwrap()).unwrap();
            let c = tavern_net::deal::unhex(&d.contribution).unwrap();
            setup.seed = tavern_net::deal::derive_seed(&secret, &c);
        }
        let mut b = B::new(&setup).map_err(|e| e.to_string())?;
        b.bot_iterations = 20;
        let seats = (0..r.players)
            .map(|i| SeatConfig {
                name: format!("Player {}", i + 1),
                bot: r.bots.iter().find(|x| x.0 == i).map(|x| x.1),
            })
            .collect();
        let mut a = Authority::new(b, seats);
        if let Some(d) = &deal {
            a.set_deal(d.summary(setup.seed));
        }
        let id = self.games.lock().unwrap().len();
        self.games.lock().unwrap().insert(
            id,
            Kept {
                backend: a.backend().clone(),
                seats: a.stored_seats(),
                spectator: a.spectator_token().to_string(),
                notes: Vec::new(),
                clock: r.clock,
                waiting: Vec::new(),
                deal: a.deal().cloned(),
            },
        );
        self.write(id, &a)?;
        Ok((id, a))
    }
    fn replay(&self, _token: &str) -> Result<String, String> {
        Err("the game is still being played".into())
    }
    fn find(&self, token: &str) -> Option<GameId> {
        let games = self.games.lock().unwrap();
        games
            .iter()
            .find(|(_, k)| k.spectator == token || k.seats.iter().any(|s| s.token == token))
            .map(|(&id, _)| id)
    }
    fn open(&self, id: GameId) -> Result<Authority<B>, String> {
        *self.opened.lock().unwrap() += 1;
        let k = self.kept(id);
        let mut a = Authority::restore(k.backend, k.seats, k.spectator);
        if let Some(d) = k.deal {
            a.set_deal(d);
        }
        for (at, t) in k.notes {
            a.add_note(at, t);
        }
        Ok(a)
    }
    fn reload(&self, id: GameId) -> Result<B, String> {
        Ok(self.kept(id).backend)
    }
    fn write(&self, id: GameId, a: &Authority<B>) -> Result<(), String> {
        if self.fail.load(Ordering::SeqCst) {
            return Err("no space left on the device".into());
        }
        let mut games = self.games.lock().unwrap();
        let k = games.get_mut(&id).unwrap();
        k.backend = a.backend().clone();
        k.seats = a.stored_seats();
        k.notes = a.notes().to_vec();
        let to_act = a.backend().to_act().unwrap();
        let before = k.waiting.clone();
        k.waiting = to_act
            .seats()
            .iter()
            .map(|&s| (s, before.iter().find(|w| w.0 == s).map_or(now(), |w| w.1)))
            .collect();
        Ok(())
    }
    fn status(&self, tokens: &[String]) -> Vec<GameStatus> {
        tokens
            .iter()
            .filter_map(|t| {
                let id = self.find(t)?;
                let k = self.kept(id);
                let seat = k.seats.iter().position(|s| s.token == *t);
                Some(GameStatus {
                    token: t.clone(),
                    game: "dragonkeepers".into(),
                    name: "Dragonkeepers".into(),
                    seat,
                    seat_name: seat.map_or("Spectator".into(), |s| k.seats[s].name.clone()),
                    to_act: k
                        .waiting
                        .iter()
                        .map(|w| k.seats[w.0].name.clone())
                        .collect(),
                    your_turn: seat.is_some_and(|s| k.waiting.iter().any(|w| w.0 == s)),
                    since: k.waiting.iter().map(|w| w.1).min().unwrap_or(0),
                    deadline: None,
                    over: false,
                })
            })
            .collect()
    }
    fn overdue(&self, now: u64) -> Vec<Overdue> {
        let games = self.games.lock().unwrap();
        let mut out = Vec::new();
        for (&id, k) in games.iter() {
            let Some(clock) = k.clock else { continue };
            for &(seat, since) in &k.waiting {
                if k.seats[seat].bot.is_none() && since + clock.seconds <= now {
                    out.push(Overdue {
                        game: id,
                        seat,
                        clock,
                    });
                }
            }
        }
        out
    }
}

fn server(store: &Arc<MemStore>, tick: Duration) -> Hosting<B> {
    Hosting::start_with_store(&NetConfig::loopback(), store.clone(), tick).expect("starts")
}

fn create(server: &Ticket, request: GameRequest) -> Result<Vec<Ticket>, String> {
    let msg = ClientMsg::Create {
        protocol: PROTOCOL_VERSION,
        request,
    };
    match tavern_net::client::request(server, &NetConfig::loopback(), &msg) {
        Ok(ServerMsg::Created { tickets }) => {
            Ok(tickets.iter().map(|t| t.parse().unwrap()).collect())
        }
        Ok(other) => panic!("not an answer to create: {other:?}"),
        Err(e) => Err(e.0),
    }
}

fn two_players() -> GameRequest {
    GameRequest {
        game: "dragonkeepers".into(),
        version: "any".into(),
        players: 2,
        ..GameRequest::default()
    }
}

/// A two-player game with a one-second turn clock that does `at_deadline`, on a server
/// whose clock ticks every 200 ms: its store, the server and the game's tickets.
fn clock_game(at_deadline: AtDeadline) -> (Arc<MemStore>, Hosting<B>, Vec<Ticket>) {
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_millis(200));
    let mut request = two_players();
    request.clock = Some(TurnClock {
        seconds: 1,
        at_deadline,
    });
    let tickets = create(&host.server_ticket(), request).expect("made");
    (store, host, tickets)
}

fn join(t: &Ticket) -> Remote {
    Remote::connect(t, &NetConfig::loopback(), &t.version, "").expect("joins")
}

/// Waits for the next frame (errors come back as `Err`).
fn frame(r: &mut Remote) -> Result<tavern_net::SeatFrame, (ErrorCode, String)> {
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        match r.next(Duration::from_secs(1)) {
            Some(Event::Frame) => return Ok(r.latest().unwrap().clone()),
            Some(Event::Error { code, message }) => return Err((code, message)),
            Some(Event::Closed(why)) => panic!("closed: {why}"),
            _ => {}
        }
    }
    panic!("no frame in 30 s")
}

/// The frame once every event so far is taken.
fn settle(r: &mut Remote) -> tavern_net::SeatFrame {
    while r.next(Duration::from_millis(300)).is_some() {}
    r.latest().unwrap().clone()
}

#[test]
fn a_game_made_by_request_is_written_before_each_move_is_shown_and_comes_back_after_its_players_leave()
 {
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_secs(3600));
    let tickets = create(&host.server_ticket(), two_players()).expect("made");
    assert_eq!(tickets.len(), 3, "two seats and the spectators'");
    assert_eq!(
        host.live_games(),
        0,
        "nobody plays it yet: it is only in the store"
    );
    let mut seats: Vec<Remote> = tickets[..2].iter().map(join).collect();
    let mut rng = 7u64;
    let mut log = 0;
    for _ in 0..12 {
        let f = settle(&mut seats[0]);
        let s = f.to_act[0];
        let mine = settle(&mut seats[s]);
        seats[s].act((next(&mut rng) % mine.legal.len() as u64) as usize);
        let after = frame(&mut seats[s]).expect("applied");
        // What the player sees applied is in the store already.
        let kept = store.kept(0).backend.log_len();
        assert!(
            kept >= after.log.len(),
            "shown {} entries, kept {kept}",
            after.log.len()
        );
        log = after.log.len();
    }
    let texts: Vec<String> = settle(&mut seats[1])
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect();
    for r in seats {
        r.close();
    }
    let until = Instant::now() + Duration::from_secs(10);
    while host.live_games() > 0 {
        assert!(
            Instant::now() < until,
            "the game stays loaded with nobody at it"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A player coming back finds the game as it stood, rebuilt from the store.
    let mut back = join(&tickets[1]);
    let f = frame(&mut back).expect("the game");
    assert_eq!(f.log.len(), log);
    assert_eq!(
        f.log.iter().map(|l| l.text.clone()).collect::<Vec<_>>(),
        texts
    );
    assert_eq!(
        *store.opened.lock().unwrap(),
        2,
        "loaded for the players, then again"
    );
    // Its status, by token, from the store; a token nobody knows is left out.
    let msg = ClientMsg::Status {
        protocol: PROTOCOL_VERSION,
        tokens: vec![tickets[0].token.clone(), "nobody".into()],
    };
    match tavern_net::client::request(&host.server_ticket(), &NetConfig::loopback(), &msg) {
        Ok(ServerMsg::Status { games }) => {
            assert_eq!(games.len(), 1);
            assert_eq!(games[0].seat, Some(0));
            assert_eq!(games[0].your_turn, f.to_act.contains(&0));
        }
        other => panic!("{other:?}"),
    }
    back.close();
    host.close();
}

#[test]
fn a_move_the_store_cannot_write_is_refused_and_the_game_stands_as_before() {
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_secs(3600));
    let tickets = create(&host.server_ticket(), two_players()).expect("made");
    let mut seats: Vec<Remote> = tickets[..2].iter().map(join).collect();
    let f = settle(&mut seats[0]);
    let s = f.to_act[0];
    let before = settle(&mut seats[s]);
    store.fail.store(true, Ordering::SeqCst);
    seats[s].act(0);
    let mut refused = None;
    let until = Instant::now() + Duration::from_secs(20);
    while refused.is_none() && Instant::now() < until {
        if let Some(Event::Error { code, message }) = seats[s].next(Duration::from_millis(500)) {
            refused = Some((code, message));
        }
    }
    let (code, message) = refused.expect("the move is refused");
    assert_eq!(code, ErrorCode::Storage);
    assert!(message.contains("not made"), "{message}");
    let now = settle(&mut seats[s]);
    assert_eq!(now.log.len(), before.log.len(), "nothing was applied");
    assert_eq!(now.view, before.view);
    assert_eq!(now.legal, before.legal);
    // Once the disk has room again, the same move goes through.
    store.fail.store(false, Ordering::SeqCst);
    seats[s].act(0);
    let after = frame(&mut seats[s]).expect("applied");
    assert!(after.log.len() > before.log.len() || after.plan_steps > 0);
    for r in seats {
        r.close();
    }
    host.close();
}

#[test]
fn a_turn_clock_that_runs_out_has_the_bot_move_and_the_log_says_so() {
    let (store, host, tickets) = clock_game(AtDeadline::Bot);
    // Nobody connects: the clock plays the seats' moves on its own.
    let until = Instant::now() + Duration::from_secs(60);
    let moved = || {
        let b = store.kept(0).backend;
        b.log_items(0).iter().filter(|l| l.seat.is_some()).count()
    };
    while moved() < 2 {
        assert!(Instant::now() < until, "the clock made no moves");
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut spectator = join(&tickets[2]);
    let f = frame(&mut spectator).expect("a frame");
    let noted: Vec<&str> = f
        .log
        .iter()
        .map(|l| l.text.as_str())
        .filter(|t| t.contains("time ran out, so the bot moved:"))
        .collect();
    assert!(!noted.is_empty(), "{:?}", f.log);
    assert!(noted[0].starts_with("Player "), "{}", noted[0]);
    spectator.close();
    host.close();
}

#[test]
fn bad_requests_are_refused_with_their_reason() {
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_secs(3600));
    let mut bad = two_players();
    bad.game = "chess".into();
    let e = create(&host.server_ticket(), bad).unwrap_err();
    assert!(e.contains("no game \"chess\""), "{e}");
    // A seat's token the server does not know.
    let mut t = host.server_ticket();
    t.game = "dragonkeepers".into();
    t.version = "any".into();
    t.token = "0".repeat(32);
    let e = Remote::connect(&t, &NetConfig::loopback(), "any", "")
        .err()
        .unwrap();
    assert!(e.0.contains("not for a game"), "{e}");
    // A live table is not a table server.
    let live: Hosting<B> = Hosting::start(&NetConfig::loopback()).unwrap();
    let e = create(&live.server_ticket(), two_players()).unwrap_err();
    assert!(e.contains("not a table server"), "{e}");
    live.close();
    host.close();
}

#[test]
fn a_game_dealt_from_a_commitment_tells_every_player_how_from_the_first_frame() {
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_secs(3600));
    let server = host.server_ticket();
    let cfg = NetConfig::loopback();
    let commit = ClientMsg::Commit {
        protocol: PROTOCOL_VERSION,
    };
    let Ok(ServerMsg::Commitment { commitment }) =
        tavern_net::client::request(&server, &cfg, &commit)
    else {
        panic!("no commitment")
    };
    let contribution = tavern_net::deal::random_hex();
    let mut request = two_players();
    request.deal = Some(tavern_net::proto::Contribution {
        commitment: commitment.clone(),
        contribution: contribution.clone(),
    });
    let tickets = create(&server, request.clone()).expect("made");
    let r = join(&tickets[0]);
    let deal = r
        .welcome()
        .deal
        .clone()
        .expect("the handshake says how it was dealt");
    assert_eq!(deal.commitment, commitment);
    assert_eq!(deal.contribution, contribution);
    // The seed's hash, never the seed: the store dealt from the two.
    assert_eq!(deal.seed_hash.len(), 64);
    r.close();
    // A commitment is used once; one the server never made is refused.
    let e = create(&server, request).unwrap_err();
    assert!(e.contains("no such commitment"), "{e}");
    host.close();
}

#[test]
fn a_turn_clock_set_to_skip_passes_where_a_pass_is_legal_and_says_which_it_did() {
    let (store, host, tickets) = clock_game(AtDeadline::Skip);
    // Nobody connects. In Dragonkeepers a turn is a move and then End turn (the default
    // answer), so the clock alternates: no pass to make (the bot moves), then a pass.
    let until = Instant::now() + Duration::from_secs(90);
    let noted = |passed: bool| {
        let k = store.kept(0);
        let text = if passed {
            "time ran out, so the turn passed:"
        } else {
            "time ran out; with no pass to make, the bot moved:"
        };
        k.notes.iter().filter(|n| n.1.contains(text)).count()
    };
    while noted(true) < 1 || noted(false) < 1 {
        assert!(
            Instant::now() < until,
            "the clock did not both pass and move: {:?}",
            store.kept(0).notes
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // Each note stands just before the move it explains, and a pass is the seat's
    // default answer (End turn, or a plain Pass).
    let k = store.kept(0);
    let log = k.backend.log_items(0);
    for (at, text) in &k.notes {
        let moved = log
            .get(*at)
            .unwrap_or_else(|| panic!("a note past the log's end: {text}"));
        let name = text.split('\'').next().unwrap();
        let seat = moved.seat.expect("the noted step is a seat's move");
        assert_eq!(k.seats[seat].name, name, "{text} / {}", moved.label);
        if text.contains("the turn passed") {
            let t = moved.label.to_lowercase();
            assert!(t.contains("end") || t.contains("pass"), "{}", moved.label);
        }
    }
    let mut spectator = join(&tickets[2]);
    let f = frame(&mut spectator).expect("a frame");
    assert!(
        f.log.iter().any(|l| l.text.contains("so the turn passed:")),
        "the log shows it: {:?}",
        f.log
    );
    spectator.close();
    host.close();
}

#[test]
fn a_client_that_never_finishes_its_handshake_is_closed_and_holds_nobody_up() {
    use tokio::io::AsyncWriteExt;
    let store = Arc::new(MemStore::default());
    let host = server(&store, Duration::from_secs(3600));
    let tickets = create(&host.server_ticket(), two_players()).expect("made");
    let addr = tavern_net::endpoint::host_addr(&tickets[0]).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let ep = tavern_net::endpoint::bind(&NetConfig::loopback(), Vec::new())
            .await
            .unwrap();
        // One dials and opens no stream; one sends half a frame (a length, no body).
        let silent = ep
            .connect(addr.clone(), tavern_net::endpoint::ALPN)
            .await
            .unwrap();
        let half = ep.connect(addr, tavern_net::endpoint::ALPN).await.unwrap();
        let (mut send, _recv) = half.open_bi().await.unwrap();
        send.write_all(&200u32.to_be_bytes()).await.unwrap();
        send.write_all(b"{\"Hello\":").await.unwrap();
        send.flush().await.unwrap();
        let waiting = Instant::now();
        // Meanwhile players join and are answered at once.
        let t0 = tickets[0].clone();
        let joined = tokio::task::spawn_blocking(move || {
            let mut r = join(&t0);
            let f = frame(&mut r).expect("a frame");
            r.close();
            f
        })
        .await
        .unwrap();
        // The seat's view arrived while both stalled clients were still open.
        assert_eq!(joined.viewer, Some(0), "the seat's own view");
        assert_eq!(joined.seats.len(), 2);
        assert!(waiting.elapsed() < Duration::from_secs(5));
        for conn in [silent, half] {
            let why = tokio::time::timeout(Duration::from_secs(30), conn.closed())
                .await
                .expect("the server closed the connection");
            assert!(
                why.to_string().contains("no handshake in time"),
                "closed for another reason: {why}"
            );
        }
        // The handshake's limit is 10 s; the server took about that, not forever.
        let took = waiting.elapsed();
        assert!(took >= Duration::from_secs(8), "{took:?}");
        ep.close().await;
    });
    host.close();
}
