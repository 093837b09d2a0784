//! The table's two backends (`tavern::app::table_source`): a session this app owns and a
//! seat of a game an online authority holds, over real iroh on loopback with relays off.
//! The same choices through either give the same lists and the same log, as each seat
//! may read it; undo, votes and disconnects arrive through the same seam.

use std::time::{Duration, Instant};

use tavern::app::online_seat::OnlineSeat;
use tavern::app::table_source::{LocalSource, TableSource, UndoAnswer};
use tavern::online::SessionBackend;
use tavern::session::{Session, UndoMode};
use tavern_net::{Authority, Hosting, NetConfig, SeatConfig};
use tavern_plugin_api::Setup;
use tavern_tests::plugin;

const GAME: &str = "dragonkeepers";

fn setup() -> Setup {
    let mut s = Setup::players(2);
    s.seed = 4242;
    s
}

fn hosting() -> (Hosting<SessionBackend>, usize) {
    let session = Session::new(plugin(GAME), setup(), UndoMode::Learning).unwrap();
    let backend = SessionBackend::new(session).unwrap();
    let seats = (0..2)
        .map(|s| SeatConfig {
            name: format!("Player {}", s + 1),
            bot: None,
        })
        .collect();
    let server = Hosting::start(&NetConfig::loopback()).unwrap();
    let g = server.add_game(Authority::new(backend, seats));
    (server, g)
}

fn join(server: &Hosting<SessionBackend>, g: usize, seat: usize) -> OnlineSeat {
    let t = server.tickets(g)[seat].clone();
    OnlineSeat::join(
        &t,
        &NetConfig::loopback(),
        &plugin(GAME),
        &format!("P{seat}"),
    )
    .unwrap()
}

/// Waits until `cond` holds for `seat`, taking in frames.
fn until(seat: &mut OnlineSeat, what: &str, cond: impl Fn(&OnlineSeat) -> bool) {
    let start = Instant::now();
    while !cond(seat) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "waited for {what}"
        );
        seat.wait(Duration::from_millis(100));
    }
}

fn acting(src: &dyn TableSource) -> usize {
    src.to_act().unwrap().seats()[0]
}

#[test]
fn the_same_choices_through_either_backend_give_the_same_table() {
    let (server, g) = hosting();
    let mut online = [join(&server, g, 0), join(&server, g, 1)];
    let mut local =
        LocalSource::new(Session::new(plugin(GAME), setup(), UndoMode::Learning).unwrap());
    assert!(local.shares_screen(), "two people at one screen");
    for o in &online {
        assert!(!o.shares_screen(), "online, each screen shows one seat");
        assert_eq!(o.local_seats().len(), 1);
    }
    for o in &mut online {
        until(o, "both seats connected", |o| o.disconnected().is_empty());
    }
    let mut rng = 7u64;
    for step in 0..12 {
        let seat = acting(&local);
        let o = &mut online[seat];
        until(o, "the seat's turn", |o| {
            o.to_act().unwrap().seats().contains(&seat) && !o.legal(seat).unwrap().is_empty()
        });
        let want = local.legal(seat).unwrap();
        let got = o.legal(seat).unwrap();
        let labels = |l: &[tavern_plugin_api::ActionEntry]| {
            l.iter().map(|a| a.label.clone()).collect::<Vec<_>>()
        };
        assert_eq!(
            labels(&got),
            labels(&want),
            "step {step}: seat {seat}'s list"
        );
        let (mine, theirs) = (o.view(Some(seat)).unwrap(), local.view(Some(seat)).unwrap());
        assert_eq!(mine, theirs, "step {step}: seat {seat}'s view");
        assert!(mine.scene.art.is_some(), "the installed game's drawings");
        assert!(
            o.view(Some(1 - seat)).is_err(),
            "no other seat's view online"
        );
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (rng >> 33) as usize % want.len();
        let (log_before, plan_before) = (o.log_lines(Some(seat)).len(), o.plan_len(seat));
        local.act(seat, want[i].action.clone()).unwrap();
        o.act(seat, got[i].action.clone()).unwrap();
        // A step shows in the plan, anything else in the log.
        until(o, "the move's frame", |o| {
            o.log_lines(Some(seat)).len() > log_before || o.plan_len(seat) != plan_before
        });
        // A step extends the plan on the authority, shown as its preview.
        assert_eq!(o.plan_len(seat), local.plan_len(seat), "step {step}");
    }
    for (s, o) in online.iter_mut().enumerate() {
        let n = local.log_lines(Some(s)).len();
        until(o, "the log", |o| o.log_lines(Some(s)).len() == n);
        assert_eq!(
            o.log_lines(Some(s)),
            local.log_lines(Some(s)),
            "seat {s}'s log"
        );
    }
    assert!(
        local.log_lines(Some(0)) != local.log_lines(None) || local.log_lines(Some(0)).len() > 3,
        "the game moved"
    );
    let [a, b] = online;
    a.leave();
    b.leave();
    server.close();
}

#[test]
fn undo_online_is_at_once_when_fair_and_a_dropped_seat_shows_disconnected() {
    let (server, g) = hosting();
    let mut seats = vec![join(&server, g, 0), join(&server, g, 1)];
    until(&mut seats[0], "both connected", |o| {
        o.disconnected().is_empty()
    });
    let seat = acting(&seats[0]);
    let o = &mut seats[seat];
    until(o, "the list", |o| !o.legal(seat).unwrap().is_empty());
    // Play non-step moves until one is logged, then take it back at once.
    let start_log = o.log_lines(Some(seat)).len();
    let mut guard = 0;
    while o.log_lines(Some(seat)).len() == start_log {
        guard += 1;
        assert!(guard < 40, "a move was logged");
        let list = o.legal(seat).unwrap();
        if list.is_empty() {
            break;
        }
        let before = o.revision();
        o.act(seat, list[0].action.clone()).unwrap();
        until(o, "the move", |o| o.revision() > before);
    }
    let logged = o.log_lines(Some(seat)).len();
    assert!(logged > start_log);
    // Undo: at once when fair; otherwise (a chance step revealed something since) a
    // vote the other seat answers, and then it is taken back.
    let before = o.revision();
    assert_eq!(o.undo(seat), UndoAnswer::Done);
    until(o, "the undo or its vote", |o| {
        o.revision() > before || o.notice.is_some()
    });
    assert!(o.notice.is_none(), "{:?}", o.notice);
    if o.log_lines(Some(seat)).len() >= logged {
        let other = 1 - seat;
        let v = o
            .vote()
            .expect("a vote is open when the undo was not at once");
        assert_eq!((v.requester, v.waiting.clone()), (seat, vec![other]));
        let voter = &mut seats[other];
        until(voter, "the vote prompt", |o| o.vote().is_some());
        voter.answer_vote(other, true);
        let o = &mut seats[seat];
        until(o, "the undo after the vote", |o| {
            o.log_lines(Some(seat)).len() < logged
        });
        assert!(o.vote().is_none());
    }
    assert!(
        seats[seat].log_lines(Some(seat)).len() < logged,
        "taken back"
    );
    // The other player's connection drops: this seat's table names it.
    let other = 1 - seat;
    let gone = seats.remove(other);
    gone.drop_connection();
    let o = &mut seats[0];
    until(o, "the other seat disconnected", |o| {
        o.disconnected() == vec![other]
    });
    // And comes back with the same ticket.
    let back = join(&server, g, other);
    let o = &mut seats[0];
    until(o, "the seat back", |o| o.disconnected().is_empty());
    back.leave();
    seats.pop().unwrap().leave();
    server.close();
}
