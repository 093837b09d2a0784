//! The command line, run as a real process: every subcommand, exit codes, one-line errors.

use std::path::Path;
use std::process::Output;

use serde_json::Value;
use tavern_tests::tavern_command;

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
    assert!(out.contains("dragonkeepers\t"), "{out}");
    assert!(out.contains("keydoms\t"), "{out}");
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
        // Several entries per call keeps the test quick.
        let picks: Vec<String> = (0..1)
            .map(|i| ((turns + i) % list.len()).to_string())
            .collect();
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

#[test]
fn simulate_prints_statistics() {
    let d = tempfile::tempdir().unwrap();
    let o = run(
        d.path(),
        &[
            "simulate",
            "dragonkeepers",
            "--games",
            "20",
            "--players",
            "2",
            "--seed",
            "3",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("games/s"), "{out}");
    assert!(out.contains("win rate"), "{out}");
}

#[test]
fn bench_runs_quickly_for_one_game() {
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["bench", "--game", "dragonkeepers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for what in [
        "load all plugins",
        "apply + view",
        "undo at depth 1",
        "replay-validate",
        "in-process",
        "C ABI",
    ] {
        assert!(out.contains(what), "missing {what}: {out}");
    }
}
