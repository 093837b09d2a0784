//! The command line, run as a real process: every subcommand, exit codes, one-line errors;
//! and `tavern FILE`, which opens the app at a saved game (tested up to the app's first
//! frame, without a window).

use std::path::Path;
use std::process::Output;

use serde_json::Value;
use tavern_plugin_api::game::check::scaled;
use tavern_tests::{GAMES, plugin, tavern_command};

fn run(home: &Path, args: &[&str]) -> Output {
    tavern_command(home)
        .args(args)
        .output()
        .expect("tavern runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn games_lists_the_installed_games() {
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["games"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for id in GAMES {
        assert!(out.contains(&format!("{id}\t")), "{id} missing: {out}");
    }
    assert!(
        !out.contains("sealed-bid"),
        "test fixtures are never listed: {out}"
    );
}

#[test]
fn new_legal_play_show_check_a_whole_game() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("g.json");
    let fs = f.to_str().unwrap();
    let o = run(
        d.path(),
        &[
            "new",
            "dragonkeepers",
            "--players",
            "3",
            "--seed",
            "5",
            "-o",
            fs,
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut turns = 0;
    loop {
        let o = run(d.path(), &["legal", fs]);
        assert!(o.status.success(), "{}", stderr(&o));
        let list: Vec<Value> = serde_json::from_str(&stdout(&o)).unwrap();
        if list.is_empty() {
            break;
        }
        assert!(list[0]["label"].is_string() && list[0]["seat"].is_u64());
        // A plan's steps go in one call with the action that confirms them: while the
        // pick is a step, ask for the list after it and pick again.
        let mut picks: Vec<String> = Vec::new();
        let mut list = list;
        loop {
            let i = (turns + picks.len()) % list.len();
            picks.push(i.to_string());
            if list[i]["step"] != true {
                break;
            }
            let mut args = vec!["legal", fs];
            args.extend(picks.iter().map(String::as_str));
            let o = run(d.path(), &args);
            assert!(o.status.success(), "{}", stderr(&o));
            list = serde_json::from_str(&stdout(&o)).unwrap();
        }
        let mut args = vec!["play", fs];
        args.extend(picks.iter().map(String::as_str));
        let o = run(d.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        turns += 1;
        if turns > 40 {
            break;
        }
    }
    let o = run(d.path(), &["show", fs, "--json", "--seat", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["to_act"].is_array() || v["to_act"] == "chance");
    assert!(v["over"].is_boolean());
    // The plain first line says who is to act, as the table's header does.
    let o = run(d.path(), &["show", fs]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = stdout(&o).lines().next().unwrap_or_default().to_string();
    if v["to_act"].as_array().is_some_and(|a| a.len() == 1) {
        assert!(first.ends_with(" to play"), "{first}");
    }
    let o = run(d.path(), &["check", fs]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ok:"));
    let o = run(d.path(), &["show", fs, "--state"]);
    assert!(o.status.success());
    assert!(serde_json::from_str::<Value>(&stdout(&o)).is_ok());
}

#[test]
fn exit_codes_and_one_line_errors() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("g.json");
    let fs = f.to_str().unwrap();
    // Usage errors: 2.
    assert_eq!(
        run(d.path(), &["new", "chess", "--players", "2", "-o", fs])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(
            d.path(),
            &["new", "dragonkeepers", "--players", "9", "-o", fs]
        )
        .status
        .code(),
        Some(2)
    );
    assert_eq!(
        run(
            d.path(),
            &[
                "new",
                "dragonkeepers",
                "--players",
                "2",
                "--option",
                "nonsense=1",
                "-o",
                fs
            ]
        )
        .status
        .code(),
        Some(2)
    );
    assert_eq!(run(d.path(), &["frobnicate"]).status.code(), Some(2));
    // An option value that narrows the seats (the fourth seat to start needs four).
    let o = run(
        d.path(),
        &[
            "new",
            "dragonkeepers",
            "--players",
            "3",
            "--option",
            "start=4",
            "-o",
            fs,
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("4–4 players, not 3"), "{}", stderr(&o));
    // Rules errors: 1.
    assert!(
        run(
            d.path(),
            &[
                "new",
                "dragonkeepers",
                "--players",
                "2",
                "--seed",
                "1",
                "-o",
                fs
            ]
        )
        .status
        .success()
    );
    let o = run(d.path(), &["play", fs, "100000"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    std::fs::write(&f, "{\"format\":\"tavern-save\"").unwrap();
    let o = run(d.path(), &["check", fs]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cut short"), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1);
}

/// A plan's steps go in one `play` call with the action that confirms them and are logged
/// with it as one entry (alone, a step has no text of its own); `legal` with entries
/// shows the list part-way through a plan, marking the steps.
#[test]
fn a_plan_is_played_in_one_call_and_logged_as_one_entry() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("g.json");
    let fs = f.to_str().unwrap();
    let new = [
        "new",
        "above-below",
        "--players",
        "2",
        "--seed",
        "3",
        "-o",
        fs,
    ];
    assert!(run(d.path(), &new).status.success());
    let list = |extra: &[&str]| -> Vec<Value> {
        let mut args = vec!["legal", fs];
        args.extend_from_slice(extra);
        let o = run(d.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<Value>(&stdout(&o))
            .unwrap()
            .as_array()
            .unwrap()
            .clone()
    };
    let first = list(&[]);
    let step = first
        .iter()
        .position(|e| e["step"] == true)
        .expect("the work phase starts with a choice of villager, a plan step");
    let saved = std::fs::read_to_string(&f).unwrap();
    // Seats' entries only: the confirming action may be followed by chance steps.
    let entries = |text: &str| {
        serde_json::from_str::<Value>(text).unwrap()["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| !e["seat"].is_null())
            .count()
    };
    // Ending on a step is refused and writes nothing.
    let o = run(d.path(), &["play", fs, &step.to_string()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("middle of a plan"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), saved);
    // After the step, the list is the plan's: pick the first action that confirms it.
    let after = list(&[&step.to_string()]);
    assert_ne!(after, first, "the step changed what can be done");
    let confirm = after
        .iter()
        .position(|e| e["step"] != true)
        .expect("an action confirms the plan");
    let o = run(
        d.path(),
        &["play", fs, &step.to_string(), &confirm.to_string()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let now = std::fs::read_to_string(&f).unwrap();
    assert_eq!(entries(&now), entries(&saved) + 1, "one entry for the plan");
    let last = serde_json::from_str::<Value>(&now).unwrap()["actions"]
        .as_array()
        .unwrap()
        .iter()
        .rfind(|e| !e["seat"].is_null())
        .unwrap()
        .clone();
    assert_eq!(last["steps"].as_array().map(Vec::len), Some(1), "{last}");
    assert!(!last["label"].as_str().unwrap().trim().is_empty(), "{last}");
    let o = run(d.path(), &["check", fs]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn simulate_plays_every_game() {
    let d = tempfile::tempdir().unwrap();
    let games = scaled(10).to_string();
    for id in GAMES {
        let counts = tavern_tests::player_counts(&plugin(id).info);
        let players = counts[counts.len() / 2].to_string();
        let o = run(
            d.path(),
            &[
                "simulate",
                id,
                "--games",
                &games,
                "--players",
                &players,
                "--seed",
                "3",
            ],
        );
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("games/s"), "{id}: {out}");
        assert!(out.contains(&format!("{games} games")), "{id}: {out}");
        let seats = out.lines().filter(|l| l.contains("win rate")).count();
        assert_eq!(seats.to_string(), players, "{id}: {out}");
    }
}

#[test]
fn simulate_with_the_search_bot() {
    let d = tempfile::tempdir().unwrap();
    let o = run(
        d.path(),
        &[
            "simulate",
            "above-below",
            "--games",
            "1",
            "--players",
            "2",
            "--bot",
            "mcts",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("mcts play"), "{}", stdout(&o));
}

/// `--seats`: one kind per seat, one report line per listed seat with its kind, its win
/// rate and its search's iterations per second.
#[test]
fn simulate_with_one_kind_per_seat() {
    let d = tempfile::tempdir().unwrap();
    let o = run(
        d.path(),
        &[
            "simulate",
            "above-below",
            "--games",
            "3",
            "--seats",
            "random,mcts1,flat1",
            "--budget",
            "0.01",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("3 games, 3 players, seats random,mcts1,flat1"),
        "{out}"
    );
    assert!(out.contains("a win shared by k seats counts 1/k"), "{out}");
    let seat = |n: usize, kind: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("seat {n} ({kind}): win rate ")))
            .unwrap_or_else(|| panic!("no line for seat {n}: {out}"))
            .to_string()
    };
    assert!(!seat(1, "random").contains("iterations/s"), "{out}");
    assert!(seat(2, "mcts1").contains("iterations/s"), "{out}");
    assert!(seat(3, "flat1").contains("iterations/s"), "{out}");
    // Win shares add up to one per game.
    let total: f64 = out
        .lines()
        .filter_map(|l| l.split("win rate ").nth(1))
        .filter_map(|r| r.split('%').next())
        .map(|p| p.parse::<f64>().unwrap())
        .sum();
    assert!((total - 100.0).abs() < 0.5, "{total}: {out}");
    for bad in [
        vec!["--seats", "random,genius"],
        vec!["--seats", "random,mcts1", "--players", "3"],
        vec!["--seats", "random,mcts1", "--budget", "0"],
    ] {
        let mut args = vec!["simulate", "above-below", "--games", "1"];
        args.extend(bad.iter().copied());
        let o = run(d.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn bench_measures_every_game() {
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["bench"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("load all plugins ({} games)", GAMES.len())),
        "{out}"
    );
    // One section per game, each with every figure.
    for id in GAMES {
        let name = &plugin(id).info.name;
        let start = out
            .find(&format!("\n{name} ("))
            .unwrap_or_else(|| panic!("no section for {name}: {out}"));
        let section = &out[start + 1..];
        let section = &section[..section.find("\n\n").unwrap_or(section.len())];
        for what in [
            "apply + view",
            "undo at depth 1",
            "replay-validate",
            "in-process",
            "C ABI",
        ] {
            assert!(section.contains(what), "{name}: missing {what}: {section}");
        }
    }
}

#[test]
fn bench_runs_for_one_game() {
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["bench", "--game", "dragonkeepers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Dragonkeepers ("), "{out}");
    assert!(!out.contains("Keydom's Dragons ("), "{out}");
}

#[test]
fn bench_serve_measures_a_table_server_and_leaves_nothing_behind() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "bench",
        "--serve",
        "--idle",
        "4",
        "--active",
        "2",
        "--seconds",
        "1",
    ];
    let o = run(d.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for what in [
        "4 idle games made",
        "loaded afterwards: 0",
        "memory per idle game",
        "disk per new game",
        "2 active games x 2 random players",
        "actions/s",
        "p99",
    ] {
        assert!(out.contains(what), "missing {what}: {out}");
    }
    // Its server's folder (named on the first line) is gone.
    let first = out.lines().next().unwrap();
    let folder = first.rsplit(" in ").next().unwrap();
    assert!(folder.contains("tavern-bench-serve"), "{first}");
    assert!(!Path::new(folder).exists(), "{folder} was left behind");
    // The server flags mean nothing without --serve; an unknown game is named.
    let o = run(d.path(), &["bench", "--idle", "4"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let o = run(d.path(), &["bench", "--serve", "--game", "chess"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("chess"), "{}", stderr(&o));
}

/// What the binary would do with these arguments (the same parse and decision as
/// `tavern::cli::main`).
fn launch(args: &[&str]) -> tavern::cli::Launch {
    use clap::Parser;
    let cli =
        tavern::cli::Cli::try_parse_from(std::iter::once("tavern").chain(args.iter().copied()))
            .expect("arguments parse");
    tavern::cli::launch(cli).unwrap_or_else(|e| panic!("{}", e.message))
}

/// A game of `id` a few random actions in, saved to `file`; returns its log length.
fn saved_game(id: &str, file: &Path, seed: u64) -> usize {
    use rand::RngExt;
    use tavern::session::{Session, UndoMode};
    use tavern_plugin_api::{GameRng, Setup, ToAct};
    let p = plugin(id);
    let counts = tavern_tests::player_counts(&p.info);
    let mut setup = Setup::players(counts[0].max(2).min(*counts.last().unwrap()));
    setup.seed = seed;
    let mut s = Session::new(p, setup, UndoMode::Learning).unwrap();
    let mut rng = GameRng::new(seed);
    for _ in 0..12 {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        let seat = seats[rng.random_range(0..seats.len())];
        let n = s.legal(seat).unwrap().len();
        s.apply_index(seat, rng.random_range(0..n)).unwrap();
    }
    tavern::save::save(&s, file).unwrap();
    s.log().len()
}

/// `tavern FILE` for a save of every game: the app starts at the table with the game
/// replayed to where it was saved, and draws its first frames.
#[test]
fn a_save_given_as_the_argument_opens_the_app_at_that_game() {
    use egui_kittest::Harness;
    use tavern::app::state::Screen;
    use tavern::app::{Start, TavernApp};
    use tavern::cli::Launch;
    for (i, id) in GAMES.iter().enumerate() {
        let (dir, paths) = tavern_tests::temp_paths();
        let file = dir.path().join(format!("{id} from a friend.json"));
        let len = saved_game(id, &file, 40 + i as u64);
        let start = launch(&[file.to_str().unwrap()]);
        assert_eq!(start, Launch::App(Start::Open(file.clone())));
        let Launch::App(start) = start else {
            unreachable!()
        };
        let mut app = TavernApp::new_for_test(tavern_tests::catalog(), paths.clone());
        app.start(&start);
        assert!(app.state.error.is_none(), "{id}: {:?}", app.state.error);
        assert_eq!(app.state.screen, Screen::Table, "{id}");
        let t = app.state.table.as_ref().unwrap();
        assert_eq!(t.local().unwrap().plugin().info.id, *id);
        assert_eq!(
            (t.local().unwrap().log().len(), t.local().unwrap().cursor()),
            (len, len),
            "{id}"
        );
        // Saving goes back to the file it came from, which is now a recent file.
        assert_eq!(t.save_path.as_deref(), Some(file.as_path()));
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .with_max_steps(64)
            .build_ui_state(|ui, app: &mut TavernApp| app.ui(ui), app);
        h.run();
        assert_eq!(h.state().state.screen, Screen::Table, "{id}");
        assert!(h.state().state.error.is_none(), "{id}");
    }
}

/// A file that is not a good save leaves the app in the launcher with the reason shown
/// (here: the tampered log names the action that does not replay).
#[test]
fn a_bad_save_given_as_the_argument_opens_the_launcher_with_the_error() {
    use tavern::app::state::Screen;
    use tavern::app::{Start, TavernApp};
    let (dir, paths) = tavern_tests::temp_paths();
    let file = dir.path().join("tampered.json");
    saved_game("dragonkeepers", &file, 9);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    v["actions"][3]["action"] = serde_json::json!({"NotAnAction": 1});
    std::fs::write(&file, v.to_string()).unwrap();
    let mut app = TavernApp::new_for_test(tavern_tests::catalog(), paths);
    app.start(&Start::Open(file));
    assert_eq!(app.state.screen, Screen::Launcher);
    assert!(app.state.table.is_none());
    let err = app.state.error.as_ref().expect("the error window is up");
    assert!(err.message.contains("tampered.json"), "{}", err.message);
    assert!(err.message.contains("does not replay"), "{}", err.message);
}

/// The desktop entry starts the same binary with the chosen file as its one argument.
#[test]
fn the_desktop_entry_opens_a_file_with_tavern() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../resources/tavern.desktop");
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    assert_eq!(lines.next(), Some("[Desktop Entry]"));
    let keys: std::collections::BTreeMap<&str, &str> =
        lines.filter_map(|l| l.split_once('=')).collect();
    assert_eq!(keys.get("Type"), Some(&"Application"));
    assert_eq!(keys.get("Name"), Some(&"Tavern"));
    // %f: one local file or none, as `tavern [FILE]` takes it.
    assert_eq!(keys.get("Exec"), Some(&"tavern %f"));
    assert_eq!(keys.get("Terminal"), Some(&"false"));
    // Saves are JSON files; the entry is offered for them.
    assert!(keys["MimeType"].split(';').any(|m| m == "application/json"));
    assert!(keys["Categories"].split(';').any(|c| c == "Game"));
    // Window managers match the window to the entry by the app id the window sets.
    assert_eq!(keys.get("StartupWMClass"), Some(&"tavern"));
}

/// `show` lists the participants that are not seats (Keydom's ghosts) in the final
/// scores, ranked with the seats.
#[test]
fn show_lists_the_ghosts_final_scores() {
    use tavern::save::SaveFile;
    use tavern::session::{Session, UndoMode};
    use tavern_plugin_api::{Setup, ToAct};
    let mut setup = Setup::players(1);
    setup.seed = 3;
    let mut s = Session::new(plugin("keydoms"), setup, UndoMode::Learning).unwrap();
    let mut rng = tavern_plugin_api::GameRng::new(3);
    for _ in 0..100_000 {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            break;
        };
        let n = s.instance().legal_count(seats[0]).unwrap();
        s.apply_index(seats[0], rand::RngExt::random_range(&mut rng, 0..n))
            .unwrap();
    }
    let o = s.outcome().unwrap().expect("the game ended");
    assert!(!o.others.is_empty());
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("solo.json");
    std::fs::write(&f, SaveFile::from_session(&s).to_json()).unwrap();
    let out = run(d.path(), &["show", f.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for x in &o.others {
        let line = format!("  {}. {}: {} (", x.rank + 1, x.name, x.score.total);
        assert!(text.contains(&line), "{line:?} in\n{text}");
    }
}

/// `tavern legal F <steps of a plan>` lists only what may follow the steps: the planning
/// seat's next step or the action that confirms them, never another seat's action in the
/// same simultaneous step (which `play` would refuse as acting in the middle of a plan).
/// Every game is searched for such a position (a simultaneous step where a seat plans).
#[test]
fn legal_after_a_plans_steps_lists_only_what_may_follow_them() {
    use tavern::session::{Session, UndoMode};
    use tavern_plugin_api::{ChoiceKind, Setup, ToAct};
    let d = tempfile::tempdir().unwrap();
    let mut found = 0;
    for id in GAMES {
        let p = plugin(id);
        let counts = tavern_tests::player_counts(&p.info);
        let mut setup = Setup::players(counts[0].max(2).min(*counts.last().unwrap()));
        setup.seed = 4;
        let mut s = Session::new(p, setup, UndoMode::Learning).unwrap();
        // Play the first non-step action of the first seat until several seats act at
        // once and one of them has a plan step.
        let mut at = None;
        for _ in 0..400 {
            let ToAct::Seats(seats) = s.to_act().unwrap() else {
                break;
            };
            if seats.len() > 1 {
                let mut offset = 0;
                for &seat in &seats {
                    let legal = s.legal(seat).unwrap();
                    if let Some(i) = legal.iter().position(|e| e.kind == ChoiceKind::Step) {
                        at = Some((seat, offset + i));
                        break;
                    }
                    offset += legal.len();
                }
                if at.is_some() {
                    break;
                }
            }
            let seat = seats[0];
            let legal = s.legal(seat).unwrap();
            let Some(i) = legal.iter().position(|e| e.kind != ChoiceKind::Step) else {
                break;
            };
            s.apply_index(seat, i).unwrap();
        }
        let Some((seat, index)) = at else { continue };
        found += 1;
        let f = d.path().join(format!("{id}.json"));
        tavern::save::save(&s, &f).unwrap();
        let fs = f.to_str().unwrap();
        let mut plan = vec![index.to_string()];
        // Follow the plan's steps to the action that confirms them.
        for _ in 0..64 {
            let mut args = vec!["legal", fs];
            args.extend(plan.iter().map(String::as_str));
            let o = run(d.path(), &args);
            assert!(o.status.success(), "{id}: {}", stderr(&o));
            let list: Vec<Value> = serde_json::from_str(&stdout(&o)).unwrap();
            assert!(!list.is_empty(), "{id}: nothing may follow the steps");
            for e in &list {
                assert_eq!(
                    e["seat"], seat,
                    "{id}: another seat's action listed in the middle of seat {seat}'s plan: {e}"
                );
            }
            match list.iter().position(|e| e["step"] != true) {
                Some(confirm) => {
                    plan.push(confirm.to_string());
                    break;
                }
                None => plan.push("0".into()),
            }
        }
        // And `play` takes every entry the list offered.
        let mut args = vec!["play", fs];
        args.extend(plan.iter().map(String::as_str));
        let o = run(d.path(), &args);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
    }
    assert!(
        found > 0,
        "no game has a simultaneous step with a plan: the test found nothing to check"
    );
}
