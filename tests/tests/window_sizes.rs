//! The launcher and the table in the smallest window the app supports (1024×700), and a
//! window made smaller while a game is open: nothing the player needs lies under a
//! neighbouring column or past the window's edge.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tavern::app::TavernApp;
use tavern::app::settings::{SeatChoice, SeatPlan};
use tavern::app::state::Screen;
use tavern::paths::Paths;
use tavern::plugin::Catalog;

const SMALL: (f32, f32) = (1024.0, 700.0);

fn harness(paths: &Paths, size: (f32, f32)) -> Harness<'static, TavernApp> {
    let c = tavern_tests::plugins();
    let catalog = Catalog {
        games: c.games.clone(),
        incompatible: c.incompatible.clone(),
    };
    let app = TavernApp::new_for_test(catalog, paths.clone());
    Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut TavernApp| app.ui(ui), app)
}

/// Every game's options and seat rows stay left of the saved-games column, whose own
/// row (the path field and its button) stays inside the window.
#[test]
fn every_games_launcher_form_fits_the_smallest_window() {
    let (_dir, paths) = tavern_tests::temp_paths();
    let mut h = harness(&paths, SMALL);
    h.run();
    for g in &tavern_tests::plugins().games {
        h.get_by_label_contains(&format!("{}\n", g.info.name))
            .click();
        h.run();
        // The most seats the game takes: the longest form.
        {
            let f = &mut h.state_mut().state.launcher;
            f.seats.truncate(0);
            for i in 0..g.info.max_players {
                f.seats.push(SeatPlan {
                    name: format!("Player {}", i + 1),
                    choice: SeatChoice::Human,
                });
            }
        }
        h.run();
        let column = h.get_by_label("Continue").rect().left();
        let open = h.get_by_label("Open path").rect();
        assert!(
            open.right() <= SMALL.0 + 0.5,
            "{}: Open path at {open:?}",
            g.info.name
        );
        let mut checked = 0;
        for node in h.query_all_by_role(egui::accesskit::Role::ComboBox) {
            let r = node.rect();
            let name = node.accesskit_node().label().unwrap_or_default();
            assert!(
                r.right() <= column,
                "{}: '{name}' at {r:?} runs under the saves column at x={column}",
                g.info.name
            );
            checked += 1;
        }
        assert!(
            checked >= g.info.options.len() + g.info.max_players,
            "{}: {checked} choice boxes seen",
            g.info.name
        );
    }
}

/// A window shrunk while a game is open gives the table the small window's share: the
/// side panel does not keep the width it had in the large window.
#[test]
fn shrinking_the_window_narrows_the_side_panel() {
    let (_dir, paths) = tavern_tests::temp_paths();
    let mut h = harness(&paths, (1600.0, 1000.0));
    h.run();
    h.get_by_label_contains("Sealed Bid (test game)").click();
    h.run();
    {
        let f = &mut h.state_mut().state.launcher;
        f.seats = vec![
            SeatPlan {
                name: "Player 1".into(),
                choice: SeatChoice::Human,
            },
            SeatPlan {
                name: "Player 2".into(),
                choice: SeatChoice::Bot(1),
            },
        ];
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(h.state().state.screen, Screen::Table);
    let wide = SMALL.0 - h.get_by_label("Log").rect().left();
    h.set_size(egui::vec2(SMALL.0, SMALL.1));
    h.run();
    let log = h.get_by_label("Log").rect().left();
    assert!(
        SMALL.0 - log <= 270.0,
        "the side panel keeps {} points of a 1024-point window (it started {wide} from the right edge at 1600)",
        SMALL.0 - log
    );
    let card = h.get_by_label("Bid 1 on the table").rect();
    assert!(card.right() <= log, "a card at {card:?} lies under the log");
}
