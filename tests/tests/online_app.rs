//! Online play through the app's windows, under egui_kittest with real iroh endpoints on
//! loopback (relays off): *Host online* from the launcher, the invitations with their
//! Copy buttons, *Join* in a second app, moves crossing from one screen to the other, a
//! friend who leaves shown as disconnected, and their seat handed to a bot; a Hint the
//! host's authority works out for the friend.

mod app_kit;

use std::time::{Duration, Instant};

use app_kit::WIDE;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tavern::app::TavernApp;
use tavern::app::hosting::SeatRole;
use tavern::app::settings::{SeatChoice, SeatPlan};
use tavern::app::state::Screen;
use tavern::app::table::TableState;
use tavern_net::NetConfig;
use tempfile::TempDir;

const SEALED_BID: &str = "sealed-bid";

/// An app on the launcher that goes online over loopback only.
fn app() -> (TempDir, Harness<'static, TavernApp>) {
    let (dir, paths) = tavern_tests::temp_paths();
    let mut a = app_kit::app(&paths);
    a.state.online.net_override = Some(NetConfig::loopback());
    (dir, app_kit::harness(a, WIDE))
}

fn table<'a>(h: &'a Harness<'_, TavernApp>) -> Option<&'a TableState> {
    h.state().state.table.as_ref()
}

/// Steps `hs` (as their windows would while frames arrive) until `done` holds.
fn step_until(
    hs: &mut [&mut Harness<'static, TavernApp>],
    what: &str,
    done: impl Fn(&[&mut Harness<'static, TavernApp>]) -> bool,
) {
    let start = Instant::now();
    while !done(hs) {
        if start.elapsed() > Duration::from_secs(30) {
            let errors: Vec<_> = hs.iter().map(|h| h.state().state.error.clone()).collect();
            panic!("waited 30 s for {what}; errors: {errors:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
        for h in hs.iter_mut() {
            h.step();
        }
    }
    for h in hs.iter_mut() {
        h.run();
    }
}

/// The launcher set to a two-person Sealed Bid.
fn choose_sealed_bid(h: &mut Harness<'_, TavernApp>) {
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    let f = &mut h.state_mut().state.launcher;
    assert_eq!(f.game.as_deref(), Some(SEALED_BID));
    f.seats = (1..=2)
        .map(|i| SeatPlan {
            name: format!("Player {i}"),
            choice: SeatChoice::Human,
        })
        .collect();
    h.run();
}

#[test]
fn the_host_window_gives_each_seat_one_role_and_exactly_one_is_yours() {
    let (_d, mut h) = app();
    choose_sealed_bid(&mut h);
    h.get_by_label("Host online…").click();
    h.run();
    assert_eq!(
        h.state().state.online.host_form,
        Some(vec![SeatRole::Me, SeatRole::Invite]),
        "the first person is this screen, the others are invited"
    );
    h.get_by_label("Start hosting");
    h.get_by_label("No relay (everybody on this network)");
    // Choosing *You* for the second seat makes the first an invitation.
    h.state_mut().state.set_host_role(1, SeatRole::Me);
    assert_eq!(
        h.state().state.online.host_form,
        Some(vec![SeatRole::Invite, SeatRole::Me])
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().state.online.host_form.is_none());
    assert!(
        h.state().state.online.hosted.is_none(),
        "nothing was hosted"
    );
}

#[test]
fn hints_online_follow_the_undo_mode_and_the_host_can_turn_them_off() {
    let (_d, mut h) = app();
    choose_sealed_bid(&mut h);
    h.state_mut().state.settings.fair_undo = true;
    h.get_by_label("Host online…").click();
    h.run();
    assert!(
        !h.state().state.online.host_hints,
        "a game played to win offers no hints"
    );
    h.get_by_label("Offer hints").click();
    h.run();
    assert!(h.state().state.online.host_hints, "the box turns them on");
    h.get_by_label("Offer hints").click();
    h.run();
    h.get_by_label("Start hosting").click();
    h.step();
    step_until(&mut [&mut h], "the host's own bids", |hs| {
        table(hs[0]).is_some_and(|t| t.is_online() && !t.viewer_actions().is_empty())
    });
    let why = table(&h).unwrap().can_hint().unwrap_err();
    assert!(why.contains("turned hints off"), "{why}");
    assert!(h.query_by_label("Hint").is_none(), "no Hint button");
}

#[test]
fn the_join_window_refuses_a_garbage_invitation_with_a_message() {
    let (_d, mut h) = app();
    h.get_by_label("Join…").click();
    h.run();
    // Whether hints are offered is the host's to choose, not the joiner's.
    assert!(h.query_by_label("Offer hints").is_none());
    h.state_mut().state.online.join_text = Some("not a ticket".into());
    h.run();
    h.get_by_label("Join").click();
    h.run();
    let err = h.state().state.error.as_ref().expect("an error window");
    assert_eq!(err.title, "Not an invitation");
    assert!(h.state().state.table.is_none());
    assert!(h.state().state.online.joining.is_none());
}

#[test]
fn a_friend_joins_from_another_app_and_moves_cross_between_the_screens() {
    let (_d1, mut host) = app();
    choose_sealed_bid(&mut host);
    host.get_by_label("Host online…").click();
    host.run();
    host.get_by_label("Start hosting").click();
    host.step();
    step_until(&mut [&mut host], "the host's own table", |hs| {
        table(hs[0]).is_some_and(|t| t.is_online())
    });
    assert_eq!(host.state().state.screen, Screen::Table);
    assert_eq!(table(&host).unwrap().viewer(), Some(0));
    // The invitations: the friend's seat and the spectators', each with Copy.
    assert_eq!(host.get_all_by_label("Copy").count(), 2);
    host.get_by_label_contains("Seat 2: Player 2");
    let ticket = host
        .state()
        .state
        .online
        .hosted
        .as_ref()
        .unwrap()
        .ticket_text(Some(1));
    assert!(!ticket.is_empty());

    let (_d2, mut friend) = app();
    friend.get_by_label("Join…").click();
    friend.run();
    friend.state_mut().state.online.join_text = Some(ticket);
    friend.run();
    friend.get_by_label("Join").click();
    // (step, not run: the spinner while joining keeps repainting)
    friend.step();
    assert!(
        friend.state().state.online.joining.is_some() || table(&friend).is_some(),
        "{:?} {:?}",
        friend.state().state.error,
        friend.state().state.online.join_text
    );
    step_until(&mut [&mut host, &mut friend], "the friend's table", |hs| {
        table(hs[1]).is_some_and(|t| t.is_online())
    });
    let ft = table(&friend).unwrap();
    assert_eq!(ft.viewer(), Some(1), "the friend plays seat 2");
    assert!(ft.cover.is_none(), "no pass-the-screen cover online");
    assert!(ft.can_redo().is_err(), "online, only undo takes back");
    step_until(&mut [&mut host, &mut friend], "both connected", |hs| {
        table(hs[0]).is_some_and(|t| t.away().is_empty())
    });

    // Hint: the host's authority searches from the friend's information, and the answer
    // comes to the friend's screen alone (both bid at once in this game).
    step_until(&mut [&mut host, &mut friend], "the friend's bids", |hs| {
        table(hs[1]).is_some_and(|t| !t.viewer_actions().is_empty())
    });
    assert_eq!(table(&friend).unwrap().can_hint(), Ok(1));
    friend.get_by_label("Hint").click();
    friend.step();
    step_until(&mut [&mut host, &mut friend], "the friend's hint", |hs| {
        table(hs[1])
            .and_then(|t| t.hint.as_ref())
            .is_some_and(|h| h.answer.is_some())
    });
    let answer = table(&friend)
        .unwrap()
        .hint
        .as_ref()
        .unwrap()
        .answer
        .clone();
    let (best, report) = answer.unwrap().expect("a hint");
    let listed: Vec<String> = table(&friend)
        .unwrap()
        .viewer_actions()
        .into_iter()
        .map(|(_, e)| e.label)
        .collect();
    assert!(
        listed.contains(&best.label),
        "{} not in {listed:?}",
        best.label
    );
    assert!(report.unwrap().iterations > 0, "the bids were searched");
    friend.get_by_label_contains("The normal bot would play");
    assert!(
        table(&host).unwrap().hint.is_none(),
        "the host asked nothing"
    );

    // A few moves, each played on the screen whose seat must act.
    for step in 0..4 {
        let before = table(&host).unwrap().log_entries().len();
        let mover = {
            let t = table(&host).unwrap();
            if t.is_over() {
                break;
            }
            t.to_act()[0]
        };
        let h = if mover == 0 { &mut host } else { &mut friend };
        step_until(&mut [&mut *h], "the mover's list", |hs| {
            table(hs[0]).is_some_and(|t| !t.viewer_actions().is_empty())
        });
        let (seat, entry) = table(h).unwrap().viewer_actions()[0].clone();
        h.state_mut()
            .state
            .table
            .as_mut()
            .unwrap()
            .act(seat, entry.action, 0.0);
        step_until(
            &mut [&mut host, &mut friend],
            "the move on both screens",
            |hs| {
                hs.iter().all(|h| {
                    table(h).is_some_and(|t| t.log_entries().len() > before || t.is_over())
                })
            },
        );
        let (a, b) = (table(&host).unwrap(), table(&friend).unwrap());
        assert_eq!(
            a.log_entries().len(),
            b.log_entries().len(),
            "step {step}: the same log length on both screens"
        );
    }

    // The friend leaves: the host's table says so, and a bot takes the seat.
    friend.state_mut().state.back_to_launcher();
    friend.run();
    step_until(&mut [&mut host], "the friend shown as away", |hs| {
        table(hs[0]).is_some_and(|t| t.away() == vec![1])
    });
    host.get_by_label("Player 2 is disconnected");
    host.get_by_label("Let a bot play this seat").click();
    host.run();
    step_until(
        &mut [&mut host],
        "the bot playing the friend's seat",
        |hs| table(hs[0]).is_some_and(|t| t.is_bot(1) && t.away().is_empty()),
    );
    // The host leaves: the game it hosted ends.
    host.state_mut().state.back_to_launcher();
    assert!(host.state().state.online.hosted.is_none());
}

#[test]
fn saving_a_game_in_progress_with_hidden_cards_warns_and_offers_to_host_it_instead() {
    let (_d, mut h) = app();
    choose_sealed_bid(&mut h);
    h.get_by_label("Start").click();
    h.run();
    assert!(table(&h).is_some_and(|t| !t.is_online()));
    h.state_mut().state.save_as();
    h.run();
    h.get_by_label_contains("whoever opens it can read every hand");
    h.get_by_label("Host it online instead…").click();
    h.step();
    step_until(&mut [&mut h], "the game moved online", |hs| {
        table(hs[0]).is_some_and(|t| t.is_online())
    });
    let t = table(&h).unwrap();
    assert_eq!(t.viewer(), Some(0), "the person at the screen keeps a seat");
    let hosted = h.state().state.online.hosted.as_ref().unwrap();
    assert_eq!(hosted.roles, vec![SeatRole::Me, SeatRole::Invite]);
    assert!(!hosted.ticket_text(Some(1)).is_empty());
    assert!(
        !h.state().state.saving_reveals_secrets(),
        "an online table has no file to give away"
    );
}

#[test]
fn saving_a_game_whose_decks_are_face_down_warns_that_the_file_shows_what_comes_next() {
    // Above and Below has no hands to hide, but its encounter book and decks are
    // drawn from the seed the file holds.
    let (_d, mut h) = app();
    h.state_mut().state.select_game("above-below");
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert!(!table(&h).unwrap().hidden_information());
    assert!(h.state().state.saving_reveals_secrets());
    h.state_mut().state.save_as();
    h.run();
    h.get_by_label_contains("whoever opens it can read what comes next");
    h.get_by_label("Host it online instead…");
}

#[test]
fn a_finished_game_saves_without_the_warning() {
    let (_d, mut h) = app();
    choose_sealed_bid(&mut h);
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().state.saving_reveals_secrets());
    // Play the game out through the session, as another seat would.
    let t = h.state_mut().state.table.as_mut().unwrap();
    for _ in 0..500 {
        if t.is_over() {
            break;
        }
        let seat = t.to_act()[0];
        let s = t.local_mut().unwrap();
        let a = s.legal(seat).unwrap()[0].action.clone();
        s.apply(seat, a).unwrap();
        t.session_changed(0.0);
    }
    assert!(t.is_over());
    assert!(!h.state().state.saving_reveals_secrets());
}
