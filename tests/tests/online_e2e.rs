//! Online play end to end over real iroh endpoints on loopback, relays off: the host's
//! session behind the authority, random players each on its own connection, a bot seat
//! on the authority; a player that drops and rejoins; forged and bad frames; and the
//! command line (`tavern host` / `tavern join --frames`) as real processes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tavern::online::SessionBackend;
use tavern::session::{Session, UndoMode};
use tavern_net::proto::{ClientMsg, ErrorCode};
use tavern_net::{Authority, Backend, Event, Hosting, NetConfig, Remote, SeatConfig, Ticket};
use tavern_plugin_api::{SeatKind, Setup};
use tavern_tests::{GAMES, plugin, tavern_command};

/// The longest any one game may take here before the test calls it stuck.
const GAME_LIMIT: Duration = Duration::from_secs(240);

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A host serving one game of `id` with `players` seats, the last one a bot.
fn host(id: &str, players: usize, seed: u64, bot_last: bool) -> (Hosting<SessionBackend>, usize) {
    let p = plugin(id);
    let mut setup = Setup::players(players);
    setup.seed = seed;
    if bot_last {
        setup.seats[players - 1].kind = SeatKind::Bot { level: 1 };
    }
    let seats = setup
        .seats
        .iter()
        .map(|s| SeatConfig {
            name: s.name.clone(),
            bot: matches!(s.kind, SeatKind::Bot { .. }).then_some(1),
        })
        .collect();
    let session = Session::new(p, setup, UndoMode::Learning).expect("the game starts");
    let mut backend = SessionBackend::new(session).unwrap();
    backend.bot_iterations = Some(25);
    let server = Hosting::start(&NetConfig::loopback()).expect("the host starts");
    let g = server.add_game(Authority::new(backend, seats));
    (server, g)
}

fn join(t: &Ticket) -> Remote {
    Remote::connect(t, &NetConfig::loopback(), &t.version, "").expect("joins")
}

/// Plays random choices until the game is over (or `stop_after` decisions were sent);
/// returns the number of choices it sent.
fn play_randomly(r: &mut Remote, seed: u64, stop_after: Option<usize>) -> usize {
    let mut rng = seed;
    let mut sent = 0;
    let start = Instant::now();
    let mut answered = None;
    loop {
        assert!(start.elapsed() < GAME_LIMIT, "the game is stuck");
        match r.next(Duration::from_secs(30)) {
            Some(Event::Frame) | None => {}
            Some(Event::Error { code, message }) => {
                // A list that moved on under us is the one refusal a fair player meets.
                assert_eq!(code, ErrorCode::Stale, "{message}");
                answered = None;
            }
            Some(Event::Closed(why)) => panic!("the connection ended: {why}"),
            Some(Event::Hint(_)) => panic!("a hint nobody asked for"),
        }
        let Some(f) = r.latest() else { continue };
        if f.over {
            return sent;
        }
        if f.legal.is_empty() || answered == Some(f.revision) {
            continue;
        }
        if stop_after.is_some_and(|n| sent >= n) {
            return sent;
        }
        let i = (next(&mut rng) % f.legal.len() as u64) as usize;
        answered = Some(f.revision);
        r.act(i);
        sent += 1;
    }
}

/// The final checks: every client's log (assembled from its frames) is the authority's
/// as that seat reads it, and the save of the authority's session replays to the same
/// log and outcome.
fn check_end(
    server: &Hosting<SessionBackend>,
    g: usize,
    finals: &[(Option<usize>, tavern_net::SeatFrame)],
) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("end.json");
    server
        .with_authority(g, |a| {
            let b = a.backend();
            assert!(a.is_over());
            for (seat, f) in finals {
                let want: Vec<String> = b
                    .log_items(0)
                    .iter()
                    .map(|e| e.text_for(*seat).to_string())
                    .collect();
                let got: Vec<String> = f.log.iter().map(|l| l.text.clone()).collect();
                assert_eq!(
                    got, want,
                    "seat {seat:?}'s log differs from the authority's"
                );
                assert_eq!(f.outcome, b.outcome().unwrap());
            }
            tavern::save::save(b.session(), &file).unwrap();
            let back = tavern::save::open(&file, tavern_tests::plugins()).unwrap();
            assert_eq!(back.log(), b.session().log());
            assert_eq!(back.outcome().unwrap(), b.outcome().unwrap());
        })
        .unwrap();
}

#[test]
fn a_whole_game_of_every_title_with_random_players_and_a_bot() {
    for (k, id) in GAMES.iter().enumerate() {
        let info = &plugin(id).info;
        let players = info.max_players.min(3).max(info.min_players.max(2));
        let (server, g) = host(id, players, 40 + k as u64, true);
        let tickets = server.tickets(g);
        let handles: Vec<_> = (0..players - 1)
            .map(|s| {
                let t = tickets[s].clone();
                std::thread::spawn(move || {
                    let mut r = join(&t);
                    assert_eq!(r.seat(), Some(s));
                    play_randomly(&mut r, s as u64 + 7, None);
                    let f = r.latest().unwrap().clone();
                    r.close();
                    (Some(s), f)
                })
            })
            .collect();
        // A spectator follows the whole game.
        let spectator = std::thread::spawn({
            let t = tickets[players].clone();
            move || {
                let mut r = join(&t);
                assert_eq!(r.seat(), None);
                loop {
                    match r.next(GAME_LIMIT) {
                        Some(Event::Frame) => {
                            let f = r.latest().unwrap();
                            assert!(f.legal.is_empty());
                            if f.over {
                                break;
                            }
                        }
                        Some(Event::Error { message, .. }) => panic!("{message}"),
                        Some(Event::Closed(w)) => panic!("{w}"),
                        Some(Event::Hint(_)) => panic!("a spectator got a hint"),
                        None => panic!("the spectator heard nothing"),
                    }
                }
                let f = r.latest().unwrap().clone();
                r.close();
                (None, f)
            }
        });
        let mut finals: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        finals.push(spectator.join().unwrap());
        check_end(&server, g, &finals);
        server.close();
    }
}

#[test]
fn a_dropped_player_rejoins_with_the_invitation_and_the_game_finishes() {
    let (server, g) = host("dragonkeepers", 3, 77, false);
    let tickets = server.tickets(g);
    let steady: Vec<_> = (1..3)
        .map(|s| {
            let t = tickets[s].clone();
            std::thread::spawn(move || {
                let mut r = join(&t);
                play_randomly(&mut r, s as u64, None);
                let f = r.latest().unwrap().clone();
                r.close();
                (Some(s), f)
            })
        })
        .collect();
    let mut r = join(&tickets[0]);
    play_randomly(&mut r, 99, Some(6));
    let log_before = server.with_authority(g, |a| a.backend().log_len()).unwrap();
    r.drop_connection();
    // The others see the seat disconnected.
    let start = Instant::now();
    while server.with_authority(g, |a| a.is_connected(0)) == Some(true) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the drop went unnoticed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let seen = server
        .with_authority(g, |a| a.frame_for(Some(1), 0).unwrap())
        .unwrap();
    assert!(!seen.seats[0].connected);
    // Back with the same invitation: the game as it stands, its whole log.
    let mut r = join(&tickets[0]);
    let f = match r.next(Duration::from_secs(20)) {
        Some(Event::Frame) => r.latest().unwrap().clone(),
        other => panic!("no frame after rejoining: {other:?}"),
    };
    assert!(f.log.len() >= log_before);
    assert!(f.seats[0].connected);
    play_randomly(&mut r, 5, None);
    let mine = (Some(0), r.latest().unwrap().clone());
    r.close();
    let mut finals: Vec<_> = steady.into_iter().map(|h| h.join().unwrap()).collect();
    finals.push(mine);
    check_end(&server, g, &finals);
    server.close();
}

fn next_event(r: &mut Remote) -> Event {
    r.next(Duration::from_secs(20)).expect("an answer")
}

fn expect_error(r: &mut Remote, want: ErrorCode) -> String {
    loop {
        match next_event(r) {
            Event::Error { code, message } => {
                assert_eq!(code, want, "{message}");
                return message;
            }
            Event::Frame => continue,
            Event::Closed(w) => panic!("closed: {w}"),
            Event::Hint(_) => panic!("a hint nobody asked for"),
        }
    }
}

#[test]
fn forged_stale_and_malformed_frames_are_refused_and_change_nothing() {
    let (server, g) = host("dragonkeepers", 2, 78, false);
    let tickets = server.tickets(g);
    let mut a = join(&tickets[0]);
    let mut b = join(&tickets[1]);
    // Wait until both are in and see the same revision.
    let (seat, rev) = loop {
        next_event(&mut a);
        let f = a.latest().unwrap();
        if f.seats.iter().all(|s| s.connected) {
            break (f.to_act[0], f.revision);
        }
    };
    let before = server.with_authority(g, |x| x.backend().log_len()).unwrap();
    let (actor, other) = if seat == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    // A frame from one seat for another.
    other.send(&ClientMsg::Act {
        seat,
        revision: rev,
        index: 0,
    });
    let m = expect_error(other, ErrorCode::NotYourSeat);
    assert!(m.contains(&format!("seat {seat}")), "{m}");
    // Garbage inside a frame, bytes that are no frame header, an oversized frame.
    actor.send_raw(vec![0, 0, 0, 5, b'h', b'e', b'l', b'l', b'o']);
    expect_error(actor, ErrorCode::BadFrame);
    let big = tavern_net::proto::MAX_FRAME + 1;
    let mut over = (big as u32).to_be_bytes().to_vec();
    over.resize(4 + big, b'x');
    actor.send_raw(over);
    let m = expect_error(actor, ErrorCode::BadFrame);
    assert!(m.contains(&tavern_net::proto::MAX_FRAME.to_string()), "{m}");
    // A stale revision and an entry past the list.
    actor.send(&ClientMsg::Act {
        seat,
        revision: rev + 1000,
        index: 0,
    });
    expect_error(actor, ErrorCode::Stale);
    actor.send(&ClientMsg::Act {
        seat,
        revision: rev,
        index: 1 << 20,
    });
    expect_error(actor, ErrorCode::Stale);
    assert_eq!(
        server.with_authority(g, |x| x.backend().log_len()).unwrap(),
        before
    );
    // The connection still works: the same choice twice is applied once.
    actor.send(&ClientMsg::Act {
        seat,
        revision: rev,
        index: 0,
    });
    actor.send(&ClientMsg::Act {
        seat,
        revision: rev,
        index: 0,
    });
    expect_error(actor, ErrorCode::Stale);
    // One change (a move, or a plan's step), not two.
    assert_eq!(server.with_authority(g, |x| x.revision()).unwrap(), rev + 1);
    a.close();
    b.close();
    server.close();
}

#[test]
fn the_handshake_refuses_another_game_version_naming_both() {
    let (server, g) = host("dragonkeepers", 2, 79, false);
    let t = server.tickets(g).remove(0);
    let e = Remote::connect(&t, &NetConfig::loopback(), "0.0.0-old", "")
        .err()
        .expect("refused");
    assert!(e.0.contains("0.0.0-old") && e.0.contains(&t.version), "{e}");
    let mut wrong = t.clone();
    wrong.token = "00".repeat(16);
    let e = Remote::connect(&wrong, &NetConfig::loopback(), &t.version, "")
        .err()
        .expect("refused");
    assert!(e.0.contains("invitation"), "{e}");
    server.close();
}

/// A `tavern join --frames` process playing randomly: answers every line marked
/// "choose" with a random index. Returns the last frame it printed.
fn frames_player(mut child: Child, seed: u64) -> Value {
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut rng = seed;
    let mut last = Value::Null;
    for line in stdout.lines() {
        let line = line.unwrap();
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if v.get("error").is_some() {
            continue;
        }
        if v["choose"] == true {
            let n = v["legal"].as_array().map_or(0, Vec::len) as u64;
            let answer = if n == 0 {
                "yes".to_string()
            } else {
                (next(&mut rng) % n).to_string()
            };
            writeln!(stdin, "{answer}").unwrap();
        }
        last = v;
    }
    let status = child.wait().unwrap();
    assert!(status.success(), "tavern join failed");
    last
}

#[test]
fn tavern_host_and_join_frames_play_a_whole_game() {
    let home = tempfile::tempdir().unwrap();
    let invites = home.path().join("invites");
    let save = home.path().join("end.json");
    let mut hostp = tavern_command(home.path())
        .args([
            "host",
            "dragonkeepers",
            "--players",
            "3",
            "--seed",
            "12345678901234567",
        ])
        .args(["--bot", "3=mcts1", "--no-relay", "--bind", "127.0.0.1:0"])
        .arg("--invites")
        .arg(&invites)
        .arg("-o")
        .arg(&save)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !invites.join("spectator.ticket").exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "no invitations");
        std::thread::sleep(Duration::from_millis(50));
    }
    for f in ["seat-1.ticket", "seat-2.ticket", "seat-3.ticket"] {
        let t: Ticket = std::fs::read_to_string(invites.join(f))
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            t.addrs.iter().all(|a| a.starts_with("127.0.0.1:")),
            "{:?}",
            t.addrs
        );
    }
    let players: Vec<_> = (1..=2)
        .map(|s| {
            let child = tavern_command(home.path())
                .args(["join", "--frames", "--no-relay", "--bind", "127.0.0.1:0"])
                .arg(invites.join(format!("seat-{s}.ticket")))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::spawn(move || frames_player(child, s))
        })
        .collect();
    let finals: Vec<Value> = players.into_iter().map(|h| h.join().unwrap()).collect();
    let status = hostp.wait().unwrap();
    assert!(status.success(), "tavern host failed");
    for f in &finals {
        assert_eq!(f["over"], true);
        assert!(f["outcome"].is_object());
        assert!(f["scene"].is_object());
        assert!(
            !f.to_string().contains("12345678901234567"),
            "a frame holds the seed"
        );
    }
    // The save replays and its log is the one the players read, line for line.
    let s = tavern::save::open(&save, tavern_tests::plugins()).unwrap();
    assert!(s.to_act().unwrap().is_over());
    for (k, f) in finals.iter().enumerate() {
        let log = f["log"].as_array().unwrap();
        assert_eq!(log.len(), s.cursor());
        for (e, l) in s.log().iter().zip(log) {
            assert_eq!(l["label"], e.text_for(Some(k)));
        }
    }
}

#[test]
fn join_with_a_garbage_ticket_is_refused_with_a_usage_error() {
    // (`tavern join TICKET` without --frames opens the app: `cli`'s unit tests check
    // that it parses to the app's join start, which needs a display to run.)
    let home = tempfile::tempdir().unwrap();
    let o = tavern_command(home.path())
        .args(["join", "garbage", "--frames"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}
