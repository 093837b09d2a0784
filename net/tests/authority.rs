//! The authority's rules, in-process: who may act for a seat, stale and bad choices,
//! the handshake, disconnects and rejoins, bots, undo by the fair rule and by vote,
//! plans held on the authority, and a game whose code panics.

mod common;

use common::{hello, next, random_act, table};
use serde_json::Value;
use tavern_net::backend::{BResult, BotJob, HintJob, LogItem, Preview};
use tavern_net::proto::{ClientMsg, ErrorCode, PROTOCOL_VERSION};
use tavern_net::{Authority, Backend, Change, SeatConfig};
use tavern_plugin_api::{ActionEntry, ChoiceKind, Outcome, ToAct, View};
use tavern_plugin_dragonkeepers::Dk;

type Dragon = tavern_net::local::GameBackend<Dk>;

fn state_json<B: Backend>(a: &Authority<B>) -> Vec<Vec<u8>> {
    (0..a.seat_count())
        .map(|s| serde_json::to_vec(&a.frame_for(Some(s), 0).unwrap()).unwrap())
        .collect()
}

fn acting_seat(a: &Authority<Dragon>) -> usize {
    a.frame_for(None, usize::MAX).unwrap().to_act[0]
}

#[test]
fn a_connection_acts_only_for_its_own_seat_and_refusals_change_nothing() {
    let (mut a, joined) = table::<Dk>(3, 11);
    let seat = acting_seat(&a);
    let other = (seat + 1) % 3;
    let rev = a.revision();
    let before = state_json(&a);
    // Another seat's connection names the acting seat.
    let forged = ClientMsg::Act {
        seat,
        revision: rev,
        index: 0,
    };
    let e = a.handle(joined[other], &forged).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourSeat);
    assert!(
        e.message.contains(&format!("seat {other}")),
        "{}",
        e.message
    );
    // A stale revision, an entry past the list, a seat not to act.
    let stale = ClientMsg::Act {
        seat,
        revision: rev + 7,
        index: 0,
    };
    assert_eq!(
        a.handle(joined[seat], &stale).unwrap_err().code,
        ErrorCode::Stale
    );
    let past = ClientMsg::Act {
        seat,
        revision: rev,
        index: 10_000,
    };
    let e = a.handle(joined[seat], &past).unwrap_err();
    assert_eq!(e.code, ErrorCode::Stale);
    assert!(e.message.contains("10000"), "{}", e.message);
    let not_turn = ClientMsg::Act {
        seat: other,
        revision: rev,
        index: 0,
    };
    assert_eq!(
        a.handle(joined[other], &not_turn).unwrap_err().code,
        ErrorCode::Stale
    );
    // A second handshake on a live connection.
    let h = hello(&a, a.seat_token(seat).unwrap());
    assert_eq!(
        a.handle(joined[seat], &h).unwrap_err().code,
        ErrorCode::BadFrame
    );
    assert_eq!(a.revision(), rev);
    assert_eq!(state_json(&a), before, "a refusal changed the game");
    // The seat itself may act.
    let ok = ClientMsg::Act {
        seat,
        revision: rev,
        index: 0,
    };
    assert_eq!(a.handle(joined[seat], &ok).unwrap(), Change::Table);
}

#[test]
fn a_spectator_sees_the_public_view_and_cannot_act() {
    let (mut a, _) = table::<Dk>(2, 12);
    let h = hello(&a, a.spectator_token());
    let j = a.join(&h, "watcher").unwrap();
    assert_eq!(j.seat, None);
    let f = a.frame_for(None, 0).unwrap();
    assert!(f.legal.is_empty());
    assert_eq!(f.view, a.backend().view(None).unwrap());
    let seat = f.to_act[0];
    let act = ClientMsg::Act {
        seat,
        revision: f.revision,
        index: 0,
    };
    assert_eq!(a.handle(j, &act).unwrap_err().code, ErrorCode::NotYourSeat);
}

#[test]
fn the_handshake_refuses_other_versions_naming_both_and_unknown_tokens() {
    let (mut a, _) = table::<Dk>(2, 13);
    let token = a.seat_token(0).unwrap().to_string();
    let ours = a.backend().game_version();
    let mut h = hello(&a, &token);
    if let ClientMsg::Hello { version, .. } = &mut h {
        *version = "0.0.1".into();
    }
    let e = a.join(&h, "k").unwrap_err();
    assert_eq!(e.code, ErrorCode::Version);
    assert!(
        e.message.contains("0.0.1") && e.message.contains(&ours),
        "{}",
        e.message
    );
    let mut h = hello(&a, &token);
    if let ClientMsg::Hello { protocol, .. } = &mut h {
        *protocol = PROTOCOL_VERSION + 1;
    }
    let e = a.join(&h, "k").unwrap_err();
    assert_eq!(e.code, ErrorCode::Version);
    assert!(
        e.message.contains(&PROTOCOL_VERSION.to_string())
            && e.message.contains(&(PROTOCOL_VERSION + 1).to_string()),
        "{}",
        e.message
    );
    let mut h = hello(&a, &token);
    if let ClientMsg::Hello { game, .. } = &mut h {
        *game = "keydoms".into();
    }
    assert_eq!(a.join(&h, "k").unwrap_err().code, ErrorCode::Version);
    let h = hello(&a, "not-a-token");
    assert_eq!(a.join(&h, "k").unwrap_err().code, ErrorCode::Token);
    let bye = ClientMsg::Bye;
    assert_eq!(a.join(&bye, "k").unwrap_err().code, ErrorCode::BadFrame);
}

#[test]
fn a_dropped_player_shows_as_disconnected_and_rejoins_with_the_invitation() {
    let (mut a, joined) = table::<Dk>(3, 14);
    let before = a.frame_for(Some(1), 0).unwrap();
    assert!(before.seats.iter().all(|s| s.connected));
    assert_eq!(a.leave(joined[1]), Change::Table);
    let f = a.frame_for(Some(0), 0).unwrap();
    assert!(!f.seats[1].connected && f.seats[0].connected);
    // Someone else with the token while the owner is away takes the seat over; but not
    // while the owner is connected.
    let h = hello(&a, a.seat_token(1).unwrap());
    let back = a.join(&h, "key-1").unwrap();
    assert_eq!(back.seat, Some(1));
    assert_eq!(a.join(&h, "intruder").unwrap_err().code, ErrorCode::Token);
    // The old connection's late goodbye does not disconnect the new one.
    assert_eq!(a.leave(joined[1]), Change::None);
    assert!(a.frame_for(None, 0).unwrap().seats[1].connected);
    // The game as it stands.
    let after = a.frame_for(Some(1), 0).unwrap();
    assert_eq!(after.view, before.view);
    assert_eq!(after.log, before.log);
}

#[test]
fn bots_play_their_seats_and_a_seat_can_be_handed_to_a_bot_and_back() {
    let mut setup = tavern_plugin_api::Setup::players(2);
    setup.seed = 15;
    let mut b = Dragon::new(&setup).unwrap();
    b.bot_iterations = 20;
    let seats = vec![
        SeatConfig {
            name: "Anna".into(),
            bot: None,
        },
        SeatConfig {
            name: "Bot".into(),
            bot: Some(1),
        },
    ];
    let mut a = Authority::new(b, seats);
    let h = hello(&a, a.seat_token(0).unwrap());
    let anna = a.join(&h, "anna").unwrap();
    let mut rng = 5u64;
    let mut bot_moves = 0;
    for _ in 0..60 {
        bot_moves += a.run_bots(100).unwrap();
        let f = a.frame_for(Some(0), usize::MAX).unwrap();
        if f.over {
            break;
        }
        assert!(
            f.to_act.contains(&0),
            "the bot's seat waits: {:?}",
            f.to_act
        );
        random_act(&mut a, &[anna, anna], &mut rng);
    }
    assert!(bot_moves > 0);
    // Anna leaves; the host hands her seat to a bot, which plays it, then back.
    a.leave(anna);
    a.set_bot(0, Some(1));
    let f = a.frame_for(Some(0), 0).unwrap();
    assert!(f.seats[0].bot && f.legal.is_empty());
    let len = a.backend().log_len();
    a.run_bots(3).unwrap();
    assert!(a.backend().log_len() > len || a.is_over());
    a.set_bot(0, None);
    let back = a.join(&h, "anna").unwrap();
    let f = a.frame_for(Some(0), 0).unwrap();
    assert!(!f.seats[0].bot);
    if !f.over && f.to_act.contains(&0) {
        assert!(!f.legal.is_empty());
        let act = ClientMsg::Act {
            seat: 0,
            revision: f.revision,
            index: 0,
        };
        a.handle(back, &act).unwrap();
    }
}

#[test]
fn a_stale_bot_decision_is_dropped() {
    let mut setup = tavern_plugin_api::Setup::players(2);
    setup.seed = 16;
    let b = Dragon::new(&setup).unwrap();
    let seats = vec![
        SeatConfig {
            name: "A".into(),
            bot: Some(1),
        },
        SeatConfig {
            name: "B".into(),
            bot: Some(1),
        },
    ];
    let mut a = Authority::new(b, seats);
    let (seat, rev, job) = a.bot_job().expect("a bot is to act");
    let d = job();
    a.set_bot(1, Some(2)); // the table moves on before the decision lands
    assert!(!a.finish_bot(seat, rev, d).unwrap());
    assert_eq!(
        a.backend()
            .log_items(0)
            .iter()
            .filter(|e| e.seat.is_some())
            .count(),
        0
    );
}

/// Plays random moves until `want` holds for the last seat action's seat `s` (its index
/// and whether the fair rule allows taking it back), or gives up.
fn find_position(
    a: &mut Authority<Dragon>,
    joined: &[tavern_net::Joined],
    rng: &mut u64,
    want_fair: bool,
) -> Option<(usize, usize)> {
    for _ in 0..400 {
        if !random_act(a, joined, rng) {
            return None;
        }
        let log = a.backend().log_items(0);
        let j = log.iter().rposition(|e| e.seat.is_some())?;
        let s = log[j].seat?;
        let fair = log[j..]
            .iter()
            .all(|e| !e.reveal && e.seat.is_none_or(|x| x == s));
        // Someone else's move since the seat's own last one makes it unfair too.
        let own = log.iter().rposition(|e| e.seat == Some(s))?;
        if fair == want_fair && own == j {
            return Some((s, j));
        }
        if !want_fair {
            let other = (s + 1) % a.seat_count();
            if let Some(k) = log.iter().rposition(|e| e.seat == Some(other))
                && k < j
            {
                return Some((other, k));
            }
        }
    }
    None
}

#[test]
fn undo_your_own_move_at_once_when_fair() {
    let (mut a, joined) = table::<Dk>(2, 17);
    let mut rng = 9;
    let (s, j) =
        find_position(&mut a, &joined, &mut rng, true).expect("no fair undo position found");
    let undo = ClientMsg::Undo { seat: s };
    assert_eq!(a.handle(joined[s], &undo).unwrap(), Change::Table);
    assert_eq!(
        a.backend().log_len(),
        j,
        "the move and its chance steps are gone"
    );
    assert!(a.frame_for(None, 0).unwrap().undo_vote.is_none());
}

#[test]
fn undo_further_back_needs_every_other_human_and_a_no_ends_it() {
    let (mut a, joined) = table::<Dk>(3, 18);
    let mut rng = 21;
    let (s, j) = find_position(&mut a, &joined, &mut rng, false).expect("a position");
    let len = a.backend().log_len();
    let before = state_json(&a);
    a.handle(joined[s], &ClientMsg::Undo { seat: s }).unwrap();
    let v = a
        .frame_for(Some(0), 0)
        .unwrap()
        .undo_vote
        .expect("a vote is open");
    assert_eq!(v.requester, s);
    assert_eq!(v.to, j);
    assert_eq!(v.waiting.len(), 2);
    assert_eq!(
        a.backend().log_len(),
        len,
        "nothing happens before all accept"
    );
    // A seat not asked cannot answer; a no ends it.
    let no = ClientMsg::Vote {
        seat: v.waiting[0],
        accept: false,
    };
    a.handle(joined[v.waiting[0]], &no).unwrap();
    assert!(a.frame_for(None, 0).unwrap().undo_vote.is_none());
    assert_eq!(a.backend().log_len(), len);
    let mut after: Vec<Vec<u8>> = state_json(&a);
    // Frames differ only by revision: compare views.
    for (x, y) in after.iter_mut().zip(&before) {
        let fx: tavern_net::SeatFrame = serde_json::from_slice(x).unwrap();
        let fy: tavern_net::SeatFrame = serde_json::from_slice(y).unwrap();
        assert_eq!(fx.view, fy.view);
    }
    // Ask again; everyone says yes.
    a.handle(joined[s], &ClientMsg::Undo { seat: s }).unwrap();
    let v = a.frame_for(None, 0).unwrap().undo_vote.unwrap();
    for &w in &v.waiting {
        a.handle(
            joined[w],
            &ClientMsg::Vote {
                seat: w,
                accept: true,
            },
        )
        .unwrap();
    }
    assert_eq!(a.backend().log_len(), j);
    assert!(a.frame_for(None, 0).unwrap().undo_vote.is_none());
    // A move meanwhile makes an open vote moot.
    let (s, _) = find_position(&mut a, &joined, &mut rng, false).expect("a position");
    a.handle(joined[s], &ClientMsg::Undo { seat: s }).unwrap();
    assert!(a.frame_for(None, 0).unwrap().undo_vote.is_some());
    random_act(&mut a, &joined, &mut rng);
    assert!(a.frame_for(None, 0).unwrap().undo_vote.is_none());
}

#[test]
fn plan_steps_stay_on_the_authority_until_the_confirm() {
    // Random play until some seat's list offers a step.
    for seed in 0..40u64 {
        let (mut a, joined) = table::<Dk>(2, 100 + seed);
        let mut rng = seed;
        for _ in 0..300 {
            let f = a.frame_for(None, usize::MAX).unwrap();
            if f.over {
                break;
            }
            let seat = f.to_act[0];
            let mine = a.frame_for(Some(seat), usize::MAX).unwrap();
            let Some(i) = mine.legal.iter().position(|c| c.kind == ChoiceKind::Step) else {
                random_act(&mut a, &joined, &mut rng);
                continue;
            };
            let len = a.backend().log_len();
            let act = ClientMsg::Act {
                seat,
                revision: mine.revision,
                index: i,
            };
            a.handle(joined[seat], &act).unwrap();
            let preview = a.frame_for(Some(seat), usize::MAX).unwrap();
            assert_eq!(preview.plan_steps, 1);
            assert_eq!(a.backend().log_len(), len, "a step is not logged");
            // The other seat sees nothing of the plan.
            let other = a.frame_for(Some(1 - seat), 0).unwrap();
            assert_eq!(other.plan_steps, 0);
            assert_eq!(other.view, a.backend().view(Some(1 - seat)).unwrap());
            // Undo takes back that step alone: nothing logged, nobody asked, the list
            // as it was before the step.
            a.handle(joined[seat], &ClientMsg::Undo { seat }).unwrap();
            let back = a.frame_for(Some(seat), usize::MAX).unwrap();
            assert_eq!(back.plan_steps, 0);
            assert!(back.undo_vote.is_none());
            assert_eq!(a.backend().log_len(), len);
            assert_eq!(back.legal, mine.legal);
            let act = ClientMsg::Act {
                seat,
                revision: back.revision,
                index: i,
            };
            a.handle(joined[seat], &act).unwrap();
            assert_eq!(a.frame_for(Some(seat), 0).unwrap().plan_steps, 1);
            // Cancel drops it; then step and confirm log one entry.
            a.handle(joined[seat], &ClientMsg::CancelPlan { seat })
                .unwrap();
            assert_eq!(a.frame_for(Some(seat), 0).unwrap().plan_steps, 0);
            loop {
                let f = a.frame_for(Some(seat), usize::MAX).unwrap();
                let pick = f
                    .legal
                    .iter()
                    .position(|c| c.kind == ChoiceKind::Step && f.plan_steps == 0)
                    .unwrap_or((next(&mut rng) % f.legal.len() as u64) as usize);
                let step = f.legal[pick].kind == ChoiceKind::Step;
                let act = ClientMsg::Act {
                    seat,
                    revision: f.revision,
                    index: pick,
                };
                a.handle(joined[seat], &act).unwrap();
                if !step {
                    break;
                }
            }
            let log = a.backend().log_items(len);
            assert_eq!(log[0].seat, Some(seat), "steps and confirm are one entry");
            assert_eq!(a.frame_for(Some(seat), 0).unwrap().plan_steps, 0);
            return;
        }
    }
    panic!("no game offered a plan step");
}

/// A backend that panics on its n-th apply, over Dragonkeepers.
struct Panicky {
    inner: Dragon,
    applies: usize,
    panic_at: usize,
}

impl Backend for Panicky {
    fn game_id(&self) -> String {
        self.inner.game_id()
    }
    fn game_name(&self) -> String {
        self.inner.game_name()
    }
    fn game_version(&self) -> String {
        self.inner.game_version()
    }
    fn seat_count(&self) -> usize {
        self.inner.seat_count()
    }
    fn seat_name(&self, s: usize) -> String {
        self.inner.seat_name(s)
    }
    fn to_act(&self) -> BResult<ToAct> {
        self.inner.to_act()
    }
    fn legal(&self, s: usize) -> BResult<Vec<ActionEntry>> {
        self.inner.legal(s)
    }
    fn view(&self, v: Option<usize>) -> BResult<View> {
        self.inner.view(v)
    }
    fn outcome(&self) -> BResult<Option<Outcome>> {
        self.inner.outcome()
    }
    fn apply_plan(&mut self, s: usize, steps: &[Value], action: Value) -> BResult<()> {
        self.applies += 1;
        if self.applies == self.panic_at {
            panic!("the rules fell over");
        }
        self.inner.apply_plan(s, steps, action)
    }
    fn preview(&self, s: usize, steps: &[Value]) -> BResult<Preview> {
        self.inner.preview(s, steps)
    }
    fn log_len(&self) -> usize {
        self.inner.log_len()
    }
    fn log_items(&self, from: usize) -> Vec<LogItem> {
        self.inner.log_items(from)
    }
    fn rewind(&mut self, p: usize) -> BResult<()> {
        self.inner.rewind(p)
    }
    fn bot_job(&self, s: usize, l: u8) -> BResult<BotJob> {
        self.inner.bot_job(s, l)
    }
    fn hint_job(&self, s: usize, steps: &[Value]) -> BResult<HintJob> {
        self.inner.hint_job(s, steps)
    }
}

#[test]
fn a_game_that_panics_keeps_its_last_good_state_and_the_authority_goes_on() {
    let mut setup = tavern_plugin_api::Setup::players(2);
    setup.seed = 19;
    let inner = Dragon::new(&setup).unwrap();
    let b = Panicky {
        inner,
        applies: 0,
        panic_at: 3,
    };
    let mut a = Authority::new(b, vec![]);
    let joined: Vec<_> = (0..2)
        .map(|s| {
            let h = hello(&a, a.seat_token(s).unwrap());
            a.join(&h, &format!("k{s}")).unwrap()
        })
        .collect();
    let mut rng = 3;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut refused = 0;
    for _ in 0..10 {
        let f = a.frame_for(None, usize::MAX).unwrap();
        let seat = f.to_act[0];
        let mine = a.frame_for(Some(seat), usize::MAX).unwrap();
        let len = a.backend().log_len();
        let index = (next(&mut rng) % mine.legal.len() as u64) as usize;
        let act = ClientMsg::Act {
            seat,
            revision: mine.revision,
            index,
        };
        match a.handle(joined[seat], &act) {
            Ok(_) => {}
            Err(e) => {
                assert_eq!(e.code, ErrorCode::Game);
                assert!(e.detail.unwrap().contains("panicked"));
                assert_eq!(a.backend().log_len(), len);
                assert_eq!(a.frame_for(Some(seat), usize::MAX).unwrap().view, mine.view);
                refused += 1;
            }
        }
    }
    std::panic::set_hook(hook);
    assert_eq!(refused, 1);
}
