//! `tavern serve` as a real process on loopback, relays off: games made with
//! `tavern new --on`, played a move at a time with `tavern join --frames --once`, and a
//! server killed (SIGKILL) while random players play, restarted on the same home, where
//! every action a player saw applied is found and nothing else.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use tavern_net::{ErrorCode, Event, NetConfig, Remote, Ticket};
use tavern_tests::tavern_command;

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Starts `tavern serve` on `home`; returns it and the ticket it printed first.
fn serve(home: &Path, data: &Path) -> (Child, String) {
    let mut child = tavern_command(data)
        .arg("serve")
        .arg("--home")
        .arg(home)
        .args(["--no-relay", "--bind", "127.0.0.1:0", "--tick", "3600"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("tavern1"), "{line:?}");
    (child, line.trim().to_string())
}

fn new_game(data: &Path, server: &str, players: usize, invites: &Path) -> Vec<Ticket> {
    let o = tavern_command(data)
        .args(["new", "dragonkeepers", "--players"])
        .arg(players.to_string())
        .args(["--on", server, "--no-relay", "--bind", "127.0.0.1:0"])
        .arg("--invites")
        .arg(invites)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (1..=players)
        .map(|s| {
            std::fs::read_to_string(invites.join(format!("seat-{s}.ticket")))
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

fn join(t: &Ticket) -> Remote {
    Remote::connect(t, &NetConfig::loopback(), &t.version, "").expect("joins")
}

/// The log as this seat reads it, once the first frame has come.
fn first_log(r: &mut Remote) -> Vec<String> {
    let until = Instant::now() + Duration::from_secs(30);
    while r.latest().is_none() {
        assert!(Instant::now() < until, "no frame");
        r.next(Duration::from_millis(200));
    }
    r.latest()
        .unwrap()
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect()
}

/// Plays random choices until the game ends, the connection does or the log is `stop`
/// entries long; returns the longest log it was shown (what was acknowledged to this
/// seat) and whether the game is over.
fn play(mut r: Remote, seed: u64, longest: Arc<AtomicUsize>, stop: usize) -> (Vec<String>, bool) {
    let mut rng = seed;
    let mut answered = None;
    let mut seen: Vec<String> = Vec::new();
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(240), "stuck");
        match r.next(Duration::from_secs(10)) {
            Some(Event::Closed(_)) => return (seen, false),
            Some(Event::Error { code, message }) => {
                assert_eq!(code, ErrorCode::Stale, "{message}");
                answered = None;
            }
            _ => {}
        }
        let Some(f) = r.latest() else { continue };
        seen = f.log.iter().map(|l| l.text.clone()).collect();
        longest.fetch_max(seen.len(), Ordering::SeqCst);
        if f.over || seen.len() >= stop {
            let over = f.over;
            r.close();
            return (seen, over);
        }
        if f.legal.is_empty() || answered == Some(f.revision) {
            continue;
        }
        answered = Some(f.revision);
        r.act((next(&mut rng) % f.legal.len() as u64) as usize);
    }
}

#[test]
fn a_killed_server_keeps_every_acknowledged_action_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("server");
    let (mut server, ticket) = serve(&home, dir.path());
    let tickets = new_game(dir.path(), &ticket, 3, &dir.path().join("invites"));
    let longest = Arc::new(AtomicUsize::new(0));
    let players: Vec<_> = tickets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let r = join(t);
            let l = longest.clone();
            std::thread::spawn(move || play(r, 100 + i as u64, l, usize::MAX))
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(120);
    while longest.load(Ordering::SeqCst) < 40 {
        assert!(Instant::now() < until, "the game does not move");
        std::thread::sleep(Duration::from_millis(5));
    }
    server.kill().unwrap(); // SIGKILL: no goodbye, no flush
    server.wait().unwrap();
    let shown: Vec<(Vec<String>, bool)> = players.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(
        shown.iter().all(|(_, over)| !over),
        "the game ended before the kill"
    );

    let (server, again) = serve(&home, dir.path());
    assert_eq!(again, ticket, "the server's ticket survives a restart");
    let mut back: Vec<Remote> = tickets.iter().map(join).collect();
    for (seat, (r, (seen, _))) in back.iter_mut().zip(&shown).enumerate() {
        let log = first_log(r);
        assert!(
            log.len() >= seen.len() && log[..seen.len()] == seen[..],
            "seat {seat}: an entry it was shown is missing or changed"
        );
        // Beyond what anyone was shown, at most the moves in flight (one per player)
        // with their chance steps: nothing nobody sent.
        let longest_seen = shown.iter().map(|s| s.0.len()).max().unwrap();
        assert!(
            log.len() <= longest_seen + 3 * 8,
            "{} entries after the restart, {longest_seen} shown",
            log.len()
        );
    }
    // And the game plays on from there.
    let longest = Arc::new(AtomicUsize::new(0));
    let stop = shown.iter().map(|s| s.0.len()).max().unwrap() + 30;
    let players: Vec<_> = back
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let l = longest.clone();
            std::thread::spawn(move || play(r, 200 + i as u64, l, stop))
        })
        .collect();
    let finals: Vec<(Vec<String>, bool)> = players.into_iter().map(|h| h.join().unwrap()).collect();
    let mut server = server;
    server.kill().unwrap();
    server.wait().unwrap();
    // The server's file of the game is an ordinary save; what each player read is its
    // log as that seat reads it.
    let s = tavern::save::open(&home.join("games/1.json"), tavern_tests::plugins()).unwrap();
    for (seat, (log, _)) in finals.iter().enumerate() {
        let want: Vec<String> = s.log()[..s.cursor()]
            .iter()
            .map(|e| e.text_for(Some(seat)).to_string())
            .collect();
        assert!(
            log.len() >= stop.min(want.len()) - 8 && want.starts_with(log),
            "seat {seat}"
        );
    }
}

/// One `tavern join --frames --once` run: each time it asks, the first choice that is
/// not a plan's step (a whole move at once) is answered. Its printed frames.
fn once(data: &Path, ticket: &Path) -> Vec<Value> {
    let mut child = tavern_command(data)
        .args([
            "join",
            "--frames",
            "--once",
            "--no-relay",
            "--bind",
            "127.0.0.1:0",
        ])
        .arg(ticket)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut frames = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let v: Value = serde_json::from_str(&line.unwrap()).unwrap();
        if v["choose"] == true {
            let legal = v["legal"].as_array().unwrap();
            let pick = legal.iter().position(|c| c["step"] != true).unwrap_or(0);
            writeln!(stdin, "{pick}").unwrap();
        }
        frames.push(v);
    }
    assert!(child.wait().unwrap().success(), "join --once failed");
    frames
}

#[test]
fn turn_by_turn_players_connect_make_one_move_and_leave() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("server");
    let (mut server, ticket) = serve(&home, dir.path());
    let invites = dir.path().join("invites");
    new_game(dir.path(), &ticket, 2, &invites);
    let seat_file = |s: usize| invites.join(format!("seat-{}.ticket", s + 1));
    let mut moves = 0;
    for _ in 0..8 {
        // The spectators' ticket says whose turn it is; the other seat, connecting, has
        // nothing to decide and leaves at once; the seat to act makes one decision.
        let peek = once(dir.path(), &invites.join("spectator.ticket"));
        let to_act = peek.last().unwrap()["to_act"][0].as_u64().unwrap() as usize;
        let idle = once(dir.path(), &seat_file(1 - to_act));
        assert_eq!(idle.len(), 1, "a seat not to act leaves at once");
        assert_eq!(idle[0]["choose"], false);
        let f = once(dir.path(), &seat_file(to_act));
        let asked = f.iter().find(|v| v["choose"] == true).expect("asked");
        let last = f.last().unwrap();
        assert_eq!(last["choose"], false, "it left after its decision");
        let mine = |v: &Value| {
            v["log"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|l| l["seat"] == to_act)
                .count()
        };
        assert_eq!(mine(last), mine(asked) + 1, "one move made");
        moves += 1;
    }
    assert_eq!(moves, 8);
    server.kill().unwrap();
    server.wait().unwrap();
    // The deal: the server's own file holds its secret; `tavern check` finds the seed
    // is the commitment's and the contribution's (the one `tavern new` wrote down), and
    // names what a tampered file changed.
    let game = home.join("games/1.json");
    let deal: Value =
        serde_json::from_str(&std::fs::read_to_string(invites.join("deal.json")).unwrap()).unwrap();
    let mut saved: Value = serde_json::from_str(&std::fs::read_to_string(&game).unwrap()).unwrap();
    assert_eq!(saved["deal"]["commitment"], deal["commitment"]);
    assert_eq!(saved["deal"]["contribution"], deal["contribution"]);
    let check = |v: &Value| {
        let f = dir.path().join("check.json");
        std::fs::write(&f, v.to_string()).unwrap();
        tavern_command(dir.path())
            .arg("check")
            .arg(&f)
            .output()
            .unwrap()
    };
    let o = check(&saved);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("committed secret"));
    saved["deal"]["contribution"] = Value::from("0".repeat(64));
    let o = check(&saved);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("seed is not the one"));
    // Without a deal, a seed that is not the log's shows at the first chance step
    // that differs.
    saved.as_object_mut().unwrap().remove("deal");
    let mut found = false;
    for k in 1..40u64 {
        saved["setup"]["seed"] = Value::from(k);
        let o = check(&saved);
        if !o.status.success() {
            let e = String::from_utf8_lossy(&o.stderr).to_string();
            assert!(e.contains("is not the one the seed gives"), "{e}");
            found = true;
            break;
        }
    }
    assert!(found, "no other seed dealt differently");
}
