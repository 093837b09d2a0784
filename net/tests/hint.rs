//! Hints online: the authority works out the normal bot's opinion of a seat's choices
//! from that seat's information and sends it to that seat alone, as indices of its list;
//! every way of asking wrongly is refused with the hint's code; an answer to a position
//! that has moved on is dropped; and over a real connection the reply reaches the asker
//! (twins get the same bytes: see `leak/mod.rs`).

mod common;

use std::time::{Duration, Instant};

use common::{hello, table};
use tavern_net::local::GameBackend;
use tavern_net::proto::{ClientMsg, ErrorCode};
use tavern_net::{Authority, Backend, Event, Joined, NetConfig, Remote, Server};
use tavern_plugin_dragonkeepers::Dk;

type Dragon = GameBackend<Dk>;

fn acting_seat(a: &Authority<Dragon>) -> usize {
    a.frame_for(None, usize::MAX).unwrap().to_act[0]
}

/// Random moves until the acting seat has at least `n` choices.
fn with_choices(a: &mut Authority<Dragon>, joined: &[Joined], n: usize) {
    let mut rng = 5;
    for _ in 0..200 {
        let seat = acting_seat(a);
        if a.frame_for(Some(seat), 0).unwrap().legal.len() >= n {
            return;
        }
        assert!(common::random_act(a, joined, &mut rng));
    }
    panic!("no position with {n} choices");
}

#[test]
fn a_hint_rates_the_seats_own_choices_by_index_and_carries_no_action() {
    let (mut a, joined) = table::<Dk>(3, 21);
    with_choices(&mut a, &joined, 3);
    let seat = acting_seat(&a);
    let frame = a.frame_for(Some(seat), 0).unwrap();
    assert!(frame.hints, "hints are on by default");
    let (ticket, job) = a.hint_job(joined[seat], seat, a.revision()).unwrap();
    let report = job().unwrap();
    assert!(report.iterations > 0, "a seat with choices is searched");
    let legal = a.backend().legal(seat).unwrap();
    let reply = a.finish_hint(&ticket, Ok(report.clone())).unwrap();
    assert_eq!((reply.seat, reply.revision), (seat, a.revision()));
    assert_eq!(reply.iterations, report.iterations);
    // The bot's pick and every rating, by the index of the action in the seat's list.
    let index_of = |v: &serde_json::Value| legal.iter().position(|e| &e.action == v).unwrap();
    assert_eq!(reply.best, index_of(&report.candidates[0].action));
    assert_eq!(reply.rated.len(), report.candidates.len());
    for (r, c) in reply.rated.iter().zip(&report.candidates) {
        assert_eq!(r.index, index_of(&c.action));
        assert_eq!((r.visits, r.win, r.margin), (c.visits, c.win, c.margin));
    }
    // What is sent names no action and no label (the seat has the labels already).
    let text = serde_json::to_string(&tavern_net::ServerMsg::Hint(Box::new(reply))).unwrap();
    for e in &legal {
        let action = serde_json::to_string(&e.action).unwrap();
        assert!(
            !text.contains(&action),
            "the hint holds the action {action}"
        );
        assert!(
            !text.contains(&e.label),
            "the hint holds the label {}",
            e.label
        );
    }
    assert!(!text.contains("seconds"), "timing stays on the authority");
}

#[test]
fn a_hint_is_refused_to_other_seats_spectators_stale_tables_bots_and_when_off() {
    let (mut a, joined) = table::<Dk>(3, 22);
    let seat = acting_seat(&a);
    let other = (seat + 1) % 3;
    let rev = a.revision();
    let code = |r: Result<_, tavern_net::Refusal>| r.map(|_| ()).unwrap_err().code;
    assert_eq!(
        code(a.hint_job(joined[other], seat, rev)),
        ErrorCode::NotYourSeat
    );
    let watcher = a.join(&hello(&a, a.spectator_token()), "w").unwrap();
    let rev = a.revision();
    assert_eq!(code(a.hint_job(watcher, seat, rev)), ErrorCode::NotYourSeat);
    assert!(
        !a.frame_for(None, 0).unwrap().hints,
        "no hints for spectators"
    );
    // Not this seat's turn; a table that has moved on.
    let e = a
        .hint_job(joined[other], other, rev)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::Hint);
    assert!(e.message.contains("your own turn"), "{}", e.message);
    let e = a
        .hint_job(joined[seat], seat, rev + 3)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::Hint);
    assert!(e.message.contains("moved on"), "{}", e.message);
    // Hints off: frames say so and asking is refused; back on, it works again.
    assert_eq!(a.set_hints(false), tavern_net::Change::Table);
    assert!(!a.frame_for(Some(seat), 0).unwrap().hints);
    let e = a
        .hint_job(joined[seat], seat, a.revision())
        .map(|_| ())
        .unwrap_err();
    assert!(e.message.contains("turned hints off"), "{}", e.message);
    a.set_hints(true);
    assert!(a.hint_job(joined[seat], seat, a.revision()).is_ok());
    // A seat handed to a bot.
    a.set_bot(seat, Some(1));
    assert_eq!(
        code(a.hint_job(joined[seat], seat, a.revision())),
        ErrorCode::Hint
    );
    // The authority's own handler never answers a hint (the server does, off the lock).
    let msg = ClientMsg::Hint {
        seat: other,
        revision: a.revision(),
    };
    assert_eq!(
        a.handle(joined[other], &msg).unwrap_err().code,
        ErrorCode::Hint
    );
}

#[test]
fn an_answer_for_a_position_that_moved_on_is_dropped() {
    let (mut a, joined) = table::<Dk>(2, 23);
    with_choices(&mut a, &joined, 2);
    let seat = acting_seat(&a);
    let (ticket, job) = a.hint_job(joined[seat], seat, a.revision()).unwrap();
    let report = job().unwrap();
    // The seat moves before the answer is in.
    let act = ClientMsg::Act {
        seat,
        revision: a.revision(),
        index: 0,
    };
    a.handle(joined[seat], &act).unwrap();
    let e = a.finish_hint(&ticket, Ok(report.clone())).unwrap_err();
    assert_eq!(e.code, ErrorCode::Hint);
    assert!(e.message.contains("moved on"), "{}", e.message);
    // Turned off meanwhile: dropped too.
    let seat = acting_seat(&a);
    let (ticket, job) = a.hint_job(joined[seat], seat, a.revision()).unwrap();
    let report = job().unwrap();
    a.set_hints(false);
    assert_eq!(
        a.finish_hint(&ticket, Ok(report)).unwrap_err().code,
        ErrorCode::Hint
    );
    // A search that failed says so, with the hint's code.
    a.set_hints(true);
    let (ticket, _) = a.hint_job(joined[seat], seat, a.revision()).unwrap();
    let failed = Err(tavern_net::BackendError::Failed("boom".into()));
    let e = a.finish_hint(&ticket, failed).unwrap_err();
    assert_eq!(e.code, ErrorCode::Hint);
    assert!(e.detail.unwrap().contains("boom"));
}

/// Waits for the first event that `want` accepts, skipping frames.
fn wait_for(r: &mut Remote, want: impl Fn(&Event) -> bool) -> Event {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        if let Some(e) = r.next(Duration::from_millis(200))
            && want(&e)
        {
            return e;
        }
    }
    panic!("nothing arrived in time");
}

#[test]
fn over_a_connection_the_hint_reaches_only_the_seat_that_asked() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let cfg = NetConfig::loopback();
    let server: Server<Dragon> = rt.block_on(Server::start(&cfg)).unwrap();
    let mut setup = tavern_plugin_api::Setup::players(2);
    setup.seed = 24;
    let mut backend = Dragon::new(&setup).unwrap();
    // A search long enough that a second ask arrives while the first still runs.
    backend.bot_iterations = 20_000;
    let game = {
        let _g = rt.enter();
        server.add_game(Authority::new(backend, vec![]))
    };
    let tickets = server.tickets(game);
    let version = tickets[0].version.clone();
    let mut remotes: Vec<Remote> = tickets[..2]
        .iter()
        .map(|t| Remote::connect(t, &cfg, &version, "p").unwrap())
        .collect();
    for r in &mut remotes {
        wait_for(r, |e| *e == Event::Frame);
    }
    let seat = remotes[0].latest().unwrap().to_act[0];
    let other = 1 - seat;
    // Let both seats catch up with the last join's frame before asking.
    std::thread::sleep(Duration::from_millis(300));
    while remotes[seat].poll().is_some() {}
    remotes[seat].hint();
    remotes[seat].hint();
    let busy = wait_for(&mut remotes[seat], |e| matches!(e, Event::Error { .. }));
    assert!(
        matches!(&busy, Event::Error { code: ErrorCode::Hint, message } if message.contains("already")),
        "{busy:?}"
    );
    let Event::Hint(h) = wait_for(&mut remotes[seat], |e| matches!(e, Event::Hint(_))) else {
        unreachable!()
    };
    let f = remotes[seat].latest().unwrap();
    assert_eq!((h.seat, h.revision), (seat, f.revision));
    assert!(h.best < f.legal.len());
    assert!(h.rated.iter().all(|c| c.index < f.legal.len()));
    // The other seat asked nothing and got nothing; its own ask off-turn is refused.
    while let Some(e) = remotes[other].poll() {
        assert!(!matches!(e, Event::Hint(_)), "a hint went to another seat");
    }
    remotes[other].hint();
    let e = wait_for(&mut remotes[other], |e| !matches!(e, Event::Frame));
    assert!(
        matches!(&e, Event::Error { code: ErrorCode::Hint, message } if message.contains("own turn")),
        "{e:?}"
    );
    for r in remotes {
        r.close();
    }
    rt.block_on(server.close());
}
