//! Table servers through the app's windows, under egui_kittest with a real table server
//! in-process (the real store of `tavern serve`, on loopback, relays off): *Create on
//! server* makes a game and shows its invitations, the launcher's *Online games* lists
//! the seat with whose turn it is, *Play* opens its table, a server that went away is
//! said to be unreachable, and a live table's seat joined with Join… is not kept.

mod app_kit;

use std::sync::Arc;
use std::time::{Duration, Instant};

use app_kit::WIDE;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tavern::app::TavernApp;
use tavern::app::hosting::SeatRole;
use tavern::app::server_games::{KnownGames, REFRESH_EVERY, ServerAnswer};
use tavern::app::settings::{SeatChoice, SeatPlan};
use tavern::app::state::Screen;
use tavern::online::SessionBackend;
use tavern::serve::store::ServerStore;
use tavern_net::{Hosting, NetConfig};
use tempfile::TempDir;

/// A table server over the real store in a temporary home.
fn server() -> (TempDir, Hosting<SessionBackend>) {
    let home = tempfile::tempdir().unwrap();
    let mut store = ServerStore::open(home.path(), tavern_tests::catalog()).expect("store");
    store.bot_iterations = Some(50);
    let host = Hosting::start_with_store(
        &NetConfig::loopback(),
        Arc::new(store),
        Duration::from_secs(3600),
    )
    .expect("the server starts");
    (home, host)
}

/// An app on the launcher that goes online over loopback only.
fn app() -> (TempDir, Harness<'static, TavernApp>) {
    let (dir, paths) = tavern_tests::temp_paths();
    let mut a = app_kit::app(&paths);
    a.state.online.net_override = Some(NetConfig::loopback());
    (dir, app_kit::harness(a, WIDE))
}

fn step_until(h: &mut Harness<'static, TavernApp>, what: &str, done: impl Fn(&TavernApp) -> bool) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(40),
            "waited 40 s for {what}; error: {:?}",
            h.state().state.error
        );
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.step();
    h.step();
}

/// The launcher set to Sealed Bid with Ann (this player) and Bob (a friend).
fn choose_sealed_bid(h: &mut Harness<'_, TavernApp>) {
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    h.state_mut().state.launcher.seats = ["Ann", "Bob"]
        .iter()
        .map(|n| SeatPlan {
            name: n.to_string(),
            choice: SeatChoice::Human,
        })
        .collect();
    h.run();
}

/// Opens *Create on server*, pastes `ticket` and creates; waits for the invitations.
fn create_on(h: &mut Harness<'static, TavernApp>, ticket: &str) {
    h.get_by_label("Create on server…").click();
    h.run();
    h.get_by_label_contains("Create Sealed Bid (test game) on a server");
    assert!(
        h.query_by_label("the bot moves").is_none(),
        "the deadline's choice shows once a clock is set"
    );
    h.get_by_label("1 day").click();
    h.run();
    h.get_by_label("the seat passes").click();
    h.run();
    let form = h
        .state_mut()
        .state
        .online
        .create
        .as_mut()
        .expect("the form");
    assert_eq!(form.names, vec!["Ann", "Bob"]);
    assert_eq!(form.clock, Some(86_400));
    form.server = ticket.to_string();
    h.run();
    h.get_by_label("Create").click();
    h.step();
    step_until(h, "the invitations", |a| {
        a.state
            .online
            .create
            .as_ref()
            .is_some_and(|f| f.created.is_some() || f.error.is_some())
    });
    let f = h.state().state.online.create.as_ref().unwrap();
    assert_eq!(f.error, None);
}

#[test]
fn a_game_created_on_a_server_shows_its_invitations_and_is_listed_with_whose_turn_it_is() {
    let (_home, host) = server();
    let ticket = host.server_ticket().to_string();
    let (dir, mut h) = app();
    choose_sealed_bid(&mut h);
    create_on(&mut h, &ticket);

    // A Copy for each person's seat and the spectators'; Ann plays here.
    assert_eq!(h.get_all_by_label("Copy").count(), 3);
    h.get_by_label_contains("Seat 1: Ann — you");
    h.get_by_label_contains("Seat 2: Bob — a friend");
    h.get_by_label_contains("at the deadline the seat passes");
    h.get_by_label("Play seat 1 here");
    assert_eq!(
        h.state().state.settings.server_ticket,
        ticket,
        "the server's ticket is kept for next time"
    );
    // Ann's seat is kept in the data folder for Online games; Bob's is his to keep.
    let known = KnownGames::load(&tavern::paths::Paths::at(dir.path()));
    assert_eq!(known.games.len(), 1);
    assert_eq!(known.games[0].seat_name, "Ann");

    h.get_by_label("Close").click();
    // (step, not run: the status request's spinner keeps repainting)
    h.step();
    assert!(h.state().state.online.create.is_none());
    step_until(&mut h, "the server's answer", |a| {
        !a.state.checking_online_games() && !a.state.online.answers.is_empty()
    });
    h.get_by_label("Online games");
    // Both seats bid at once in Sealed Bid: it is Ann's turn.
    h.get_by_label_contains("Your turn, just now");
    h.get_by_label("You: Ann (seat 1)");
    h.get_by_label_contains("Deadline in");

    // Play opens the seat's table through the ordinary join.
    h.get_by_label("Play").click();
    h.step();
    step_until(&mut h, "Ann's table", |a| {
        a.state.table.as_ref().is_some_and(|t| t.is_online())
    });
    assert_eq!(h.state().state.screen, Screen::Table);
    assert_eq!(h.state().state.table.as_ref().unwrap().viewer(), Some(0));
    h.state_mut().state.back_to_launcher();
    // (step, not run: back at the launcher the servers are asked again, with a spinner)
    h.step();
    step_until(&mut h, "the server's answer", |a| {
        !a.state.checking_online_games()
    });
    assert!(
        !h.state().state.online.known.games.is_empty(),
        "still listed"
    );
}

#[test]
fn an_open_launcher_asks_again_each_minute_and_a_server_that_went_away_says_so_in_words() {
    let (_home, host) = server();
    let ticket = host.server_ticket().to_string();
    let (_dir, mut h) = app();
    choose_sealed_bid(&mut h);
    create_on(&mut h, &ticket);
    h.get_by_label("Close").click();
    // (step, not run: the status request's spinner keeps repainting)
    h.step();
    step_until(&mut h, "the server's answer", |a| {
        !a.state.checking_online_games() && !a.state.online.answers.is_empty()
    });
    host.close();
    // The open launcher asks again only when the last answer is a minute old, by
    // itself: no Refresh is pressed here.
    h.step();
    assert!(!h.state().state.checking_online_games(), "not due yet");
    let asked = h.state().state.online.status_asked.unwrap();
    h.state_mut().state.online.status_asked = asked.checked_sub(REFRESH_EVERY);
    h.step();
    assert!(h.state().state.checking_online_games(), "asked again");
    step_until(&mut h, "the failed status request", |a| {
        !a.state.checking_online_games()
    });
    let answers: Vec<&ServerAnswer> = h.state().state.online.answers.values().collect();
    assert!(
        matches!(answers.as_slice(), [ServerAnswer::Unreachable(_)]),
        "{answers:?}"
    );
    h.get_by_label_contains("Cannot reach this server");
    // The seat stays listed with its stored name, to play once the server is back.
    h.get_by_label("You: Ann (seat 1)");
}

#[test]
fn a_seat_ticket_pasted_instead_of_the_servers_is_refused_in_words() {
    let (_home, host) = server();
    let ticket = host.server_ticket().to_string();
    let (_dir, mut h) = app();
    choose_sealed_bid(&mut h);
    create_on(&mut h, &ticket);
    let seat = h
        .state()
        .state
        .online
        .create
        .as_ref()
        .unwrap()
        .created
        .as_ref()
        .unwrap()[1]
        .clone();
    h.get_by_label("Close").click();
    // (step, not run: the status request's spinner keeps repainting)
    h.step();
    h.get_by_label("Create on server…").click();
    h.run();
    assert_eq!(
        h.state().state.online.create.as_ref().unwrap().server,
        ticket,
        "the last server's ticket is filled in"
    );
    h.state_mut().state.online.create.as_mut().unwrap().server = seat;
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.get_by_label_contains("not a server's ticket");
}

#[test]
fn a_live_tables_seat_joined_with_join_is_not_kept_in_online_games() {
    let (_d1, mut host) = app();
    choose_sealed_bid(&mut host);
    host.get_by_label("Host online…").click();
    host.run();
    host.get_by_label("Start hosting").click();
    host.step();
    step_until(&mut host, "the host's table", |a| {
        a.state.table.as_ref().is_some_and(|t| t.is_online())
    });
    let ticket = host
        .state()
        .state
        .online
        .hosted
        .as_ref()
        .unwrap()
        .ticket_text(Some(1));
    let (_d2, mut friend) = app();
    friend.state_mut().state.join_online(&ticket);
    assert_eq!(
        friend.state().state.online.known.games.len(),
        1,
        "remembered until its endpoint answers"
    );
    let start = Instant::now();
    while friend.state().state.checking_online_games() || friend.state().state.table.is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(40),
            "the join and the answer"
        );
        std::thread::sleep(Duration::from_millis(10));
        host.step();
        friend.step();
    }
    assert!(
        friend.state().state.online.known.games.is_empty(),
        "a live table keeps no games: its seat is dropped"
    );
}

#[test]
fn a_finished_server_game_is_saved_with_save_as_as_a_replay_and_one_in_progress_is_not() {
    let (_home, host) = server();
    let ticket = host.server_ticket().to_string();
    let (dir, mut h) = app();
    choose_sealed_bid(&mut h);
    h.state_mut()
        .state
        .launcher
        .options
        .insert("rounds".into(), "3".into());
    h.get_by_label("Create on server…").click();
    h.run();
    let form = h.state_mut().state.online.create.as_mut().unwrap();
    form.roles[1] = SeatRole::Bot(1);
    form.server = ticket;
    h.run();
    h.get_by_label("Create").click();
    h.step();
    step_until(&mut h, "the game made", |a| {
        a.state
            .online
            .create
            .as_ref()
            .is_some_and(|f| f.created.is_some())
    });
    h.get_by_label("Play seat 1 here").click();
    h.step();
    step_until(&mut h, "Ann's table", |a| {
        a.state.table.as_ref().is_some_and(|t| t.is_online())
    });
    // In progress, the file would show the bot's hand: Save As says why it waits.
    assert!(h.get_by_label("Save As…").accesskit_node().is_disabled());
    h.state_mut().state.save_as();
    assert!(h.state().state.replay_fetch.is_none(), "nothing is asked");
    let err = h.state_mut().state.error.take().expect("an error window");
    assert!(err.message.contains("in progress"), "{}", err.message);

    // Ann bids her lowest card each round; the bot answers on the server.
    for _ in 0..40 {
        let t = h.state().state.table.as_ref().unwrap();
        if t.is_over() {
            break;
        }
        if let Some((seat, entry)) = t.viewer_actions().first().cloned() {
            let before = t.log_entries().len();
            let tm = h.state_mut().state.table.as_mut().unwrap();
            tm.act(seat, entry.action, 0.0);
            step_until(&mut h, "the bid applied", |a| {
                a.state
                    .table
                    .as_ref()
                    .is_some_and(|t| t.log_entries().len() > before || t.is_over())
            });
        } else {
            h.step();
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert!(
        h.state().state.table.as_ref().unwrap().is_over(),
        "the game ended"
    );
    h.step();
    assert!(!h.get_by_label("Save As…").accesskit_node().is_disabled());
    h.get_by_label("Save As…").click();
    h.step();
    step_until(&mut h, "the replay", |a| a.state.save_as_path.is_some());
    assert!(
        h.state().state.error.is_none(),
        "{:?}",
        h.state().state.error
    );
    let file = dir.path().join("replay.json");
    h.state_mut().state.save_to(&file);
    assert!(
        h.state().state.error.is_none(),
        "{:?}",
        h.state().state.error
    );
    // The replay is the whole game, the deal's secret with it: it checks as a save.
    let text = std::fs::read_to_string(&file).unwrap();
    let save = tavern::save::SaveFile::parse(&text).expect("a save file");
    let session = save.replay(&tavern_tests::catalog()).expect("it replays");
    assert!(
        session.outcome().is_ok_and(|o| o.is_some()),
        "a finished game"
    );
}
