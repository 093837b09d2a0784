//! Golden saves: real saves written by every released version of every game
//! (`tests/saves/<game>/<version>/*.json`), each with the result its writer recorded
//! beside it (`*.expect.json`). Every run replays every one through today's plugins and
//! the host's old-save paths (`save::SaveFile::replay_with_path`) and compares the final
//! position with the recorded one; a game whose installed version has no golden folder
//! fails, so a release that changes how a log replays adds its goldens with it.
//!
//! The goldens are written by [`record_goldens`] (ignored: run it by hand, with the
//! plugin library of the version to record; `tests/saves/README.md` has the commands).
//!
//! A version whose saves do not open yet is listed in `tests/saves/KNOWN_FAILURES`
//! (one `game/version` a line, with the reason); its goldens must still fail, so the
//! line is removed in the same commit that makes them open.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tavern::plugin::{Catalog, Plugin};
use tavern::save::{self, ReplayPath, SaveFile};
use tavern::session::{Session, UndoMode, plan_decision, seat_range, step_seed};
use tavern_plugin_api::{Outcome, ToAct};
use tavern_tests::{GAMES, plugin, plugins};

fn saves_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("saves")
}

/// What a golden's writer saw at the end of its log, and what today's replay must
/// reproduce: who acts next, the seats of the seat actions in order, the scores.
fn summary(s: &Session) -> Value {
    let to_act = s.to_act().expect("to_act");
    let seats: Vec<usize> = s.log()[..s.cursor()]
        .iter()
        .filter_map(|e| e.seat)
        .collect();
    let outcome: Option<Outcome> = s.outcome().expect("outcome");
    json!({
        "over": to_act.is_over(),
        "to_act": match to_act { ToAct::Seats(x) => json!(x), ToAct::Chance => json!("chance"), ToAct::Over => json!([]) },
        "log_len": s.cursor(),
        "seat_actions": seats.len(),
        "seats": seats.iter().map(|s| char::from(b'0' + *s as u8)).collect::<String>(),
        "scores": outcome.as_ref().map(|o| o.scores.iter().map(|sc| sc.total).collect::<Vec<_>>()),
        "rank": outcome.as_ref().map(|o| o.rank.clone()),
        "others": outcome.as_ref().map(|o| o.others.iter().map(|x| (x.name.clone(), x.score.total, x.rank)).collect::<Vec<_>>()),
    })
}

/// `game/version` lines of `tests/saves/KNOWN_FAILURES` (text after `#` is the reason).
fn known_failures() -> Vec<String> {
    let text = std::fs::read_to_string(saves_root().join("KNOWN_FAILURES")).unwrap_or_default();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Every golden save: (game, version, file), sorted.
fn goldens() -> Vec<(String, String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(games) = std::fs::read_dir(saves_root()) else {
        return out;
    };
    for g in games.flatten().filter(|e| e.path().is_dir()) {
        for v in std::fs::read_dir(g.path()).unwrap().flatten() {
            if !v.path().is_dir() {
                continue;
            }
            for f in std::fs::read_dir(v.path()).unwrap().flatten() {
                let p = f.path();
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                if name.ends_with(".json") && !name.ends_with(".expect.json") {
                    out.push((
                        g.file_name().to_string_lossy().into_owned(),
                        v.file_name().to_string_lossy().into_owned(),
                        p,
                    ));
                }
            }
        }
    }
    out.sort();
    out
}

fn expect_path(save: &Path) -> PathBuf {
    save.with_extension("expect.json")
}

/// Replays one golden; `Err` says what differs or why it does not open.
fn check_golden(version: &str, file: &Path) -> Result<ReplayPath, String> {
    let parsed = SaveFile::read(file).map_err(|e| e.to_string())?;
    if parsed.plugin_version != version {
        return Err(format!(
            "written by version {}, filed under {version}",
            parsed.plugin_version
        ));
    }
    let (s, path) = parsed
        .replay_with_path(plugins())
        .map_err(|e| e.to_string())?;
    let expect: Value = serde_json::from_str(
        &std::fs::read_to_string(expect_path(file)).map_err(|e| format!("no expect file: {e}"))?,
    )
    .map_err(|e| format!("unreadable expect file: {e}"))?;
    let got = summary(&s);
    let rewritten = matches!(
        path,
        ReplayPath::Migrated {
            rewritten: true,
            ..
        }
    );
    for key in [
        "over",
        "to_act",
        "seat_actions",
        "seats",
        "scores",
        "rank",
        "others",
    ] {
        if got[key] != expect[key] {
            return Err(format!(
                "{key}: replayed {} but its writer recorded {}",
                got[key], expect[key]
            ));
        }
    }
    // A rewritten log may gain or lose chance steps (a chance step added since); every
    // other path replays the very entries the file holds.
    if !rewritten && got["log_len"] != expect["log_len"] {
        return Err(format!(
            "log length: replayed {} but its writer recorded {}",
            got["log_len"], expect["log_len"]
        ));
    }
    // Saved again, the game reopens by the direct path, under the same rules.
    let again = SaveFile::from_session(&s).to_json();
    let (back, path2) = SaveFile::parse(&again)
        .and_then(|f| f.replay_with_path(plugins()))
        .map_err(|e| format!("saved again, it does not reopen: {e}"))?;
    if !matches!(path2, ReplayPath::Today | ReplayPath::Kept { .. }) {
        return Err(format!("saved again, it reopened by {path2:?}"));
    }
    if summary(&back) != got || back.rules() != s.rules() {
        return Err("saved again, it reopened at another position or rules".into());
    }
    Ok(path)
}

#[test]
fn every_golden_save_replays_to_the_result_its_writer_recorded() {
    let known = known_failures();
    let mut failures = Vec::new();
    let mut still_failing: BTreeMap<String, usize> = BTreeMap::new();
    let mut opened: BTreeMap<String, usize> = BTreeMap::new();
    let all = goldens();
    assert!(!all.is_empty(), "no golden saves under {:?}", saves_root());
    for (game, version, file) in &all {
        let key = format!("{game}/{version}");
        let result = check_golden(version, file);
        let name = file.file_name().unwrap().to_string_lossy();
        match (result, known.contains(&key)) {
            (Ok(path), _) => {
                eprintln!("{key}/{name}: {path:?}");
                *opened.entry(key).or_default() += 1;
            }
            (Err(e), true) => {
                eprintln!("{key}/{name}: known failure: {e}");
                *still_failing.entry(key).or_default() += 1;
            }
            (Err(e), false) => failures.push(format!("{key}/{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for k in &known {
        assert!(
            still_failing.contains_key(k),
            "{k} is listed in tests/saves/KNOWN_FAILURES but its goldens all open now: remove the line"
        );
    }
}

#[test]
fn every_installed_game_version_has_golden_saves() {
    for id in GAMES {
        let version = &plugin(id).info.version;
        let dir = saves_root().join(id).join(version);
        let count = std::fs::read_dir(&dir)
            .map(|d| {
                d.flatten()
                    .filter(|f| {
                        let n = f.file_name().to_string_lossy().into_owned();
                        n.ends_with(".json") && !n.ends_with(".expect.json")
                    })
                    .count()
            })
            .unwrap_or(0);
        assert!(
            count > 0,
            "{id} {version} has no golden saves in {dir:?}: a version that changes how a log replays adds them (tests/saves/README.md)"
        );
    }
}

#[test]
fn every_golden_has_its_expect_file_and_names_its_folder() {
    for (game, version, file) in goldens() {
        assert!(expect_path(&file).is_file(), "{file:?} has no expect file");
        let f = SaveFile::read(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        assert_eq!(f.game, game, "{file:?}");
        assert_eq!(f.plugin_version, version, "{file:?}");
    }
}

// ---------------------------------------------------------------- the recorder

/// A random player's whole decision (plan steps on a copy, then their confirm), seeded by
/// the position, logged as one entry like the table logs it.
fn random_decision(s: &mut Session, seat: usize) {
    let copy = s.bot_instance().unwrap();
    let seed = s.bot_seed();
    let d = plan_decision(&copy, seat, |inst, i| {
        let mut legal = inst.legal(seat)?;
        let pick = (step_seed(seed, i) % legal.len().max(1) as u64) as usize;
        Ok(Some((legal.swap_remove(pick), None)))
    })
    .unwrap()
    .expect("a random player never gives up");
    s.apply_plan(seat, &d.steps, d.entry.action).unwrap();
}

/// Plays `s` at random for at most `decisions` seat decisions (to the end when it
/// comes first).
fn play_random(s: &mut Session, decisions: usize) {
    for _ in 0..decisions {
        let ToAct::Seats(seats) = s.to_act().unwrap() else {
            return;
        };
        let seat = seats[(s.bot_seed() % seats.len() as u64) as usize];
        random_decision(s, seat);
    }
}

/// The setups a version's goldens cover: every seat count with the default options, and
/// each other choice of each option at the fewest seats it allows.
fn golden_setups(p: &Plugin) -> Vec<(String, usize, Vec<String>)> {
    let info = &p.info;
    let mut out = Vec::new();
    let (lo, hi) = seat_range(info, &Default::default());
    for n in lo..=hi {
        out.push((format!("p{n}"), n, Vec::new()));
    }
    for opt in &info.options {
        for c in opt.choices.iter().filter(|c| c.value != opt.default) {
            let chosen: BTreeMap<String, String> =
                [(opt.key.clone(), c.value.clone())].into_iter().collect();
            let (lo, hi) = seat_range(info, &chosen);
            let n = lo.max(info.min_players.min(2).max(lo)).min(hi);
            if n < lo || n > hi {
                continue;
            }
            // A choice that does not apply at these seats would be reset to the default:
            // no new golden then.
            if tavern::session::effective_options(info, &chosen, n).get(&opt.key) != Some(&c.value)
            {
                continue;
            }
            let slug: String = format!("{}-{}", opt.key, c.value)
                .chars()
                .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
                .collect();
            out.push((
                format!("p{n}-{slug}"),
                n,
                vec![format!("{}={}", opt.key, c.value)],
            ));
        }
    }
    out
}

fn write_golden(s: &Session, file: &Path) {
    save::save(s, file).unwrap();
    let mut text = serde_json::to_string_pretty(&summary(s)).unwrap();
    text.push('\n');
    std::fs::write(expect_path(file), text).unwrap();
    eprintln!("wrote {} ({} entries)", file.display(), s.log().len());
}

/// Writes the goldens of one game version: `TAVERN_GOLDEN_DIR` holds the plugin library
/// of the version to record (built from its commit), `TAVERN_GOLDEN_GAME` names the game,
/// `TAVERN_GOLDEN_TAG` (optional) prefixes the file names (the commit). Each setup gets a
/// complete random game and the same game saved part-way through.
#[test]
#[ignore = "writes tests/saves: run by hand, see tests/saves/README.md"]
fn record_goldens() {
    let dir = PathBuf::from(std::env::var("TAVERN_GOLDEN_DIR").expect("TAVERN_GOLDEN_DIR"));
    let game = std::env::var("TAVERN_GOLDEN_GAME").expect("TAVERN_GOLDEN_GAME");
    let tag = std::env::var("TAVERN_GOLDEN_TAG").unwrap_or_default();
    let cat = Catalog::from_dirs(&[dir]);
    let p = cat
        .get(&game)
        .unwrap_or_else(|| panic!("{game} not found; incompatible: {:?}", cat.incompatible));
    let out = saves_root().join(&game).join(&p.info.version);
    std::fs::create_dir_all(&out).unwrap();
    let prefix = if tag.is_empty() {
        String::new()
    } else {
        format!("{tag}-")
    };
    for (i, (name, n, options)) in golden_setups(&p).into_iter().enumerate() {
        let seed = 1000 + i as u64;
        // A choice that needs another option's value is left out (the game says why).
        let started = tavern::cli::make_setup(&p, n, seed, &options)
            .map_err(|e| e.message)
            .and_then(|setup| {
                Session::new(p.clone(), setup.clone(), UndoMode::Learning)
                    .map(|s| (setup, s))
                    .map_err(|e| e.to_string())
            });
        let (setup, mut s) = match started {
            Ok(x) => x,
            Err(e) => {
                eprintln!("skipped {name}: {e}");
                continue;
            }
        };
        play_random(&mut s, 200_000);
        write_golden(&s, &out.join(format!("{prefix}{name}-end.json")));
        // The same game part-way: its log up to a seat action near the middle.
        let cut = s
            .log()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.seat.is_some())
            .map(|(i, _)| i)
            .find(|&i| i >= s.log().len() / 2)
            .unwrap_or(s.log().len());
        let part =
            Session::replay(p.clone(), setup, UndoMode::Learning, &s.log()[..cut], cut).unwrap();
        write_golden(&part, &out.join(format!("{prefix}{name}-mid.json")));
    }
}
