//! The command line: the same binary as the app, driving games without a window.
//!
//! Exit codes: 0 ok, 1 rules error (illegal action, bad save), 2 usage. Errors go to
//! stderr on one line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};
use tavern_plugin_api::{GameInfo, SeatKind, SeatSetup, Setup, ToAct};

use crate::plugin::{Catalog, Plugin};
use crate::save;
use crate::session::{Session, UndoMode, seat_range};

#[derive(Parser, Debug)]
#[command(
    name = "tavern",
    version,
    about = "Tavern: a table for full-rules board games. Without a command, opens the app; \
             with a saved game's file, opens the app at that game.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A saved game to open in the app (a file a friend sent, say).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// What the binary does with its arguments.
#[derive(Debug, PartialEq)]
pub enum Launch {
    /// Open the window at this start.
    App(crate::app::Start),
    /// Run a subcommand without a window.
    Command(Command),
}

/// Turns parsed arguments into what the binary does. A file is made absolute (the
/// recent-files list must not depend on the folder the app was started from). A word
/// that is neither a command nor an existing file, and has no extension or folder in
/// it, is taken for a mistyped command (exit 2) rather than a save to open.
pub fn launch(cli: Cli) -> Result<Launch, CliError> {
    if let Some(cmd) = cli.command {
        return Ok(Launch::Command(cmd));
    }
    let Some(file) = cli.file else {
        return Ok(Launch::App(crate::app::Start::Launcher));
    };
    let looks_like_a_path = file.extension().is_some() || file.components().count() > 1;
    if !file.exists() && !looks_like_a_path {
        return Err(usage(format!(
            "{} is neither a command nor a file (see tavern --help)",
            file.display()
        )));
    }
    let file = std::path::absolute(&file).unwrap_or(file);
    Ok(Launch::App(crate::app::Start::Open(file)))
}

#[derive(Subcommand, Debug, PartialEq)]
pub enum Command {
    /// List the installed games and any plugin that cannot be loaded.
    Games,
    /// Start a new game into a save file.
    New {
        /// Game id (the plugin folder name, e.g. dragonkeepers).
        game: String,
        #[arg(long)]
        players: usize,
        /// Seed for the game's randomness (random when left out).
        #[arg(long)]
        seed: Option<u64>,
        /// A game option as KEY=VALUE (see `tavern games`); repeatable.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Undo mode recorded in the save: learning or fair.
        #[arg(long, default_value = "learning")]
        undo: String,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Print the legal actions of every seat to act as JSON: [{"index","seat","label"}].
    Legal { file: PathBuf },
    /// Apply entries of `tavern legal`'s list (recomputed after each), then any chance
    /// steps that follow; writes the file back.
    Play { file: PathBuf, entries: Vec<usize> },
    /// Show the game: status, the log and the scores.
    Show {
        file: PathBuf,
        /// Show what this seat may see (default: spectator).
        #[arg(long)]
        seat: Option<usize>,
        /// Print the full internal state (everything, hidden parts included).
        #[arg(long)]
        state: bool,
        #[arg(long)]
        json: bool,
    },
    /// Replay and validate a save file.
    Check { file: PathBuf },
    /// Play many games between random players or bots and print statistics.
    Simulate {
        game: String,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long)]
        players: usize,
        /// random or mcts
        #[arg(long, default_value = "random")]
        bot: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// Measure load, apply+view, undo, replay and random-game speed for every game.
    Bench {
        /// Scale the amount of work (1 = quick, 5 = steadier figures).
        #[arg(long, default_value_t = 1)]
        scale: u32,
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
    },
}

/// A failure with its exit code.
#[derive(Debug)]
pub struct CliError {
    pub code: i32,
    pub message: String,
}

fn usage(m: impl Into<String>) -> CliError {
    CliError {
        code: 2,
        message: m.into(),
    }
}

fn rules(m: impl std::fmt::Display) -> CliError {
    CliError {
        code: 1,
        message: m.to_string(),
    }
}

/// Runs one subcommand, printing to stdout. Returns the error instead of exiting so
/// tests can call it.
pub fn run(cmd: Command, catalog: &Catalog, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    match cmd {
        Command::Games => games(catalog, out),
        Command::New {
            game,
            players,
            seed,
            options,
            undo,
            output,
        } => {
            let plugin = find(catalog, &game)?;
            let setup = make_setup(&plugin, players, seed.unwrap_or_else(random_seed), &options)?;
            let mode = match undo.as_str() {
                "learning" => UndoMode::Learning,
                "fair" => UndoMode::Fair,
                other => {
                    return Err(usage(format!(
                        "--undo must be learning or fair, not {other}"
                    )));
                }
            };
            let s = Session::new(plugin, setup, mode).map_err(rules)?;
            write(&s, &output)?;
            writeln!(out, "{}", output.display()).ok();
            Ok(())
        }
        Command::Legal { file } => {
            let s = open(catalog, &file)?;
            let list: Vec<Value> = legal_list(&s)?
                .into_iter()
                .enumerate()
                .map(|(i, (seat, _, label))| json!({"index": i, "seat": seat, "label": label}))
                .collect();
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&list).unwrap_or_default()
            )
            .ok();
            Ok(())
        }
        Command::Play { file, entries } => {
            let mut s = open(catalog, &file)?;
            for n in entries {
                let list = legal_list(&s)?;
                let Some((seat, local, label)) = list.get(n).cloned() else {
                    return Err(rules(format!(
                        "there is no entry {n}: {} legal actions",
                        list.len()
                    )));
                };
                s.apply_index(seat, local).map_err(rules)?;
                writeln!(out, "{}: {label}", s.seat_name(seat)).ok();
            }
            write(&s, &file)
        }
        Command::Show {
            file,
            seat,
            state,
            json,
        } => show(catalog, &file, seat, state, json, out),
        Command::Check { file } => {
            let s = open(catalog, &file)?;
            let to_act = s.to_act().map_err(rules)?;
            writeln!(
                out,
                "ok: {} actions replay cleanly ({}; position {} of {})",
                s.log().len(),
                if to_act.is_over() {
                    "game over"
                } else {
                    "in progress"
                },
                s.cursor(),
                s.log().len()
            )
            .ok();
            Ok(())
        }
        Command::Simulate {
            game,
            games,
            players,
            bot,
            seed,
            options,
        } => simulate(catalog, &game, games, players, &bot, seed, &options, out),
        Command::Bench { scale, game } => {
            crate::bench::run(catalog, scale.max(1), game.as_deref(), out)
        }
    }
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(crate::session::now_unix());
    h.finish()
}

fn find(catalog: &Catalog, id: &str) -> Result<std::sync::Arc<Plugin>, CliError> {
    catalog.get(id).ok_or_else(|| {
        let known: Vec<&str> = catalog.games.iter().map(|g| g.info.id.as_str()).collect();
        usage(format!(
            "unknown game {id:?}; installed: {}",
            known.join(", ")
        ))
    })
}

/// Builds a setup from command-line values, checking options against the game's list.
pub fn make_setup(
    plugin: &Plugin,
    players: usize,
    seed: u64,
    options: &[String],
) -> Result<Setup, CliError> {
    let info = &plugin.info;
    if players < info.min_players || players > info.max_players {
        return Err(usage(format!(
            "{} is for {}–{} players, not {players}",
            info.name, info.min_players, info.max_players
        )));
    }
    let chosen = chosen_options(info, options)?;
    let (lo, hi) = seat_range(info, &chosen);
    if !(lo..=hi).contains(&players) {
        return Err(usage(format!(
            "{} with these options is for {lo}–{hi} players, not {players}",
            info.name
        )));
    }
    Ok(Setup {
        seats: (1..=players)
            .map(|i| SeatSetup {
                name: format!("Player {i}"),
                kind: SeatKind::Human,
            })
            .collect(),
        options: chosen,
        seed,
    })
}

/// Every option at its default, then the `KEY=VALUE` pairs given, each checked against
/// the game's list.
fn chosen_options(
    info: &GameInfo,
    options: &[String],
) -> Result<BTreeMap<String, String>, CliError> {
    let mut chosen = BTreeMap::new();
    for spec in &info.options {
        chosen.insert(spec.key.clone(), spec.default.clone());
    }
    for kv in options {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| usage(format!("--option takes KEY=VALUE, not {kv:?}")))?;
        let spec = info
            .options
            .iter()
            .find(|o| o.key == k)
            .ok_or_else(|| usage(format!("{} has no option {k:?}", info.name)))?;
        if !spec.choices.iter().any(|c| c.value == v) {
            let values: Vec<&str> = spec.choices.iter().map(|c| c.value.as_str()).collect();
            return Err(usage(format!(
                "option {k} takes one of {}, not {v:?}",
                values.join(", ")
            )));
        }
        chosen.insert(k.to_string(), v.to_string());
    }
    Ok(chosen)
}

fn open(catalog: &Catalog, file: &Path) -> Result<Session, CliError> {
    save::open(file, catalog).map_err(|e| rules(format!("{}: {e}", file.display())))
}

fn write(s: &Session, file: &Path) -> Result<(), CliError> {
    save::save(s, file).map_err(|e| rules(format!("cannot write {}: {e}", file.display())))
}

/// (seat, index in that seat's list, label) for every seat to act, seats in order.
fn legal_list(s: &Session) -> Result<Vec<(usize, usize, String)>, CliError> {
    let mut list = Vec::new();
    if let ToAct::Seats(seats) = s.to_act().map_err(rules)? {
        for seat in seats {
            for (i, e) in s.legal(seat).map_err(rules)?.into_iter().enumerate() {
                list.push((seat, i, e.label));
            }
        }
    }
    Ok(list)
}

fn games(catalog: &Catalog, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    for g in &catalog.games {
        let i = &g.info;
        writeln!(
            out,
            "{}\t{} {}\t{}–{} players\t{}",
            i.id, i.name, i.version, i.min_players, i.max_players, i.description
        )
        .ok();
        for o in &i.options {
            let values: Vec<String> = o
                .choices
                .iter()
                .map(|c| {
                    if c.value == o.default {
                        format!("[{}]", c.value)
                    } else {
                        c.value.clone()
                    }
                })
                .collect();
            writeln!(out, "\t--option {}={}\t{}", o.key, values.join("|"), o.help).ok();
        }
    }
    for bad in &catalog.incompatible {
        writeln!(out, "incompatible\t{}\t{}", bad.path.display(), bad.reason).ok();
    }
    Ok(())
}

fn show(
    catalog: &Catalog,
    file: &Path,
    seat: Option<usize>,
    state: bool,
    as_json: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let s = open(catalog, file)?;
    if let Some(v) = seat
        && v >= s.setup().seats.len()
    {
        return Err(usage(format!("there is no seat {v}")));
    }
    if state {
        let st = s.instance().state().map_err(rules)?;
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&st).unwrap_or_default()
        )
        .ok();
        return Ok(());
    }
    let to_act = s.to_act().map_err(rules)?;
    let view = s.view(seat).map_err(rules)?;
    let outcome = s.outcome().map_err(rules)?;
    if as_json {
        let log: Vec<Value> = s.log()[..s.cursor()]
            .iter()
            .map(|e| json!({"seat": e.seat, "label": e.text_for(seat), "reveal": e.reveal}))
            .collect();
        let v = json!({
            "game": s.plugin().info.id,
            "to_act": match &to_act { ToAct::Seats(x) => json!(x), ToAct::Chance => json!("chance"), ToAct::Over => json!([]) },
            "over": to_act.is_over(),
            "status": view.status,
            "prompt": view.prompt,
            "log": log,
            "outcome": outcome,
            "scene": view.scene,
        });
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        )
        .ok();
        return Ok(());
    }
    writeln!(out, "{} — {}", s.plugin().info.name, view.status).ok();
    if !view.prompt.is_empty() {
        writeln!(out, "{}", view.prompt).ok();
    }
    writeln!(out, "\nLog:").ok();
    for (i, e) in s.log()[..s.cursor()].iter().enumerate() {
        let who = e
            .seat
            .map(|x| s.seat_name(x).to_string())
            .unwrap_or_else(|| "·".into());
        writeln!(
            out,
            "{:>4}{} {who}: {}",
            i + 1,
            if e.reveal { "*" } else { " " },
            e.text_for(seat)
        )
        .ok();
    }
    match (&to_act, outcome) {
        (ToAct::Over, Some(o)) => {
            writeln!(out, "\nFinal scores:").ok();
            for (i, sc) in o.scores.iter().enumerate() {
                let parts: Vec<String> = sc
                    .breakdown
                    .iter()
                    .map(|l| format!("{} {}", l.label, l.points))
                    .collect();
                writeln!(
                    out,
                    "  {}. {}: {} ({})",
                    o.rank[i] + 1,
                    s.seat_name(i),
                    sc.total,
                    parts.join(", ")
                )
                .ok();
            }
            if let Some(t) = o.tie_break {
                writeln!(out, "Tie-break: {t}").ok();
            }
        }
        (ToAct::Seats(seats), _) => {
            let names: Vec<&str> = seats.iter().map(|&x| s.seat_name(x)).collect();
            writeln!(out, "\nTo act: {}", names.join(", ")).ok();
        }
        _ => {}
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn simulate(
    catalog: &Catalog,
    game: &str,
    games: u32,
    players: usize,
    bot: &str,
    seed: u64,
    options: &[String],
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let plugin = find(catalog, game)?;
    let setup = make_setup(&plugin, players, seed, options)?;
    let start = Instant::now();
    let (mut wins, mut sums, mut lengths) = (vec![0u32; players], vec![0i64; players], Vec::new());
    let mut extremes: Vec<(i64, i64)> = vec![(i64::MAX, i64::MIN); players];
    match bot {
        "random" => {
            for g in 0..games {
                let mut setup = setup.clone();
                setup.seed = seed.wrapping_add(g as u64);
                let inst = plugin.create(&setup).map_err(rules)?;
                let r = inst.playouts(1, setup.seed).map_err(rules)?;
                let o = inst_outcome_after_playout(&r);
                lengths.push(r.actions);
                for s in 0..players {
                    let sc = o.get(s).copied().unwrap_or(0);
                    sums[s] += sc;
                    extremes[s] = (extremes[s].0.min(sc), extremes[s].1.max(sc));
                    wins[s] += r.wins.get(s).copied().unwrap_or(0);
                }
            }
        }
        "mcts" => {
            for g in 0..games {
                let mut setup = setup.clone();
                setup.seed = seed.wrapping_add(g as u64);
                for st in &mut setup.seats {
                    st.kind = SeatKind::Bot { level: 1 };
                }
                let mut s =
                    Session::new(plugin.clone(), setup, UndoMode::Learning).map_err(rules)?;
                let mut guard = 0;
                while let ToAct::Seats(seats) = s.to_act().map_err(rules)? {
                    let seat = seats[0];
                    let choice = s.bot_move(seat, 1).map_err(rules)?;
                    s.apply(seat, choice.action).map_err(rules)?;
                    guard += 1;
                    if guard > 100_000 {
                        return Err(rules("a game did not end within 100000 actions"));
                    }
                }
                lengths.push(s.log().len() as u64);
                let o = s
                    .outcome()
                    .map_err(rules)?
                    .ok_or_else(|| rules("finished game without outcome"))?;
                for p in 0..players {
                    let sc = o.scores[p].total;
                    sums[p] += sc;
                    extremes[p] = (extremes[p].0.min(sc), extremes[p].1.max(sc));
                    wins[p] += u32::from(o.rank[p] == 0);
                }
            }
        }
        other => return Err(usage(format!("--bot must be random or mcts, not {other}"))),
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let avg_len = lengths.iter().sum::<u64>() as f64 / lengths.len().max(1) as f64;
    writeln!(
        out,
        "{} — {games} games, {players} players, {bot} play",
        plugin.info.name
    )
    .ok();
    writeln!(out, "games/s: {:.1}", games as f64 / secs).ok();
    writeln!(
        out,
        "average length: {avg_len:.1} actions (min {}, max {})",
        lengths.iter().min().unwrap_or(&0),
        lengths.iter().max().unwrap_or(&0)
    )
    .ok();
    for p in 0..players {
        writeln!(
            out,
            "seat {}: win rate {:.1}%, score avg {:.1} (min {}, max {})",
            p + 1,
            100.0 * wins[p] as f64 / games.max(1) as f64,
            sums[p] as f64 / games.max(1) as f64,
            extremes[p].0,
            extremes[p].1
        )
        .ok();
    }
    Ok(())
}

fn inst_outcome_after_playout(r: &tavern_plugin_api::proto::PlayoutReport) -> Vec<i64> {
    // One game per report, so the sums are that game's scores.
    r.score_sums.clone()
}

/// Entry point of the binary: the app without arguments or with a save file, a
/// subcommand otherwise.
pub fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    let cmd = match launch(cli) {
        Ok(Launch::Command(cmd)) => cmd,
        Ok(Launch::App(start)) => {
            if let Err(e) = crate::app::run(start) {
                eprintln!("tavern: {e}");
                std::process::exit(1);
            }
            return;
        }
        Err(e) => {
            eprintln!("tavern: {}", e.message);
            std::process::exit(e.code);
        }
    };
    let started = Instant::now();
    let catalog = Catalog::discover();
    let _ = crate::bench::LOAD_TIME.set(started.elapsed());
    let mut stdout = std::io::stdout();
    if let Err(e) = run(cmd, &catalog, &mut stdout) {
        eprintln!("tavern: {}", e.message.replace('\n', " "));
        std::process::exit(e.code);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Start;

    fn parse(args: &[&str]) -> Result<Launch, CliError> {
        let cli = Cli::try_parse_from(std::iter::once("tavern").chain(args.iter().copied()))
            .map_err(|e| usage(e.to_string()))?;
        launch(cli)
    }

    #[test]
    fn no_argument_opens_the_launcher() {
        assert_eq!(parse(&[]).unwrap(), Launch::App(Start::Launcher));
    }

    #[test]
    fn a_command_name_is_a_command_even_beside_the_file_argument() {
        assert_eq!(parse(&["games"]).unwrap(), Launch::Command(Command::Games));
        let Launch::Command(Command::Check { file }) = parse(&["check", "g.json"]).unwrap() else {
            panic!("check is a command")
        };
        assert_eq!(file, PathBuf::from("g.json"));
        // A command takes no save to open besides its own arguments.
        assert!(parse(&["games", "g.json"]).is_err());
    }

    #[test]
    fn a_save_file_opens_the_app_at_it_with_an_absolute_path() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("from a friend.json");
        std::fs::write(&f, "{}").unwrap();
        assert_eq!(
            parse(&[f.to_str().unwrap()]).unwrap(),
            Launch::App(Start::Open(f.clone()))
        );
        // Relative paths are resolved against the current folder once, here.
        let Launch::App(Start::Open(p)) = parse(&["some-game.json"]).unwrap() else {
            panic!("a .json name is a file to open")
        };
        assert!(p.is_absolute(), "{p:?}");
        assert!(p.ends_with("some-game.json"));
        // A file without an extension opens when it exists.
        let bare = dir.path().join("save");
        std::fs::write(&bare, "{}").unwrap();
        assert_eq!(
            parse(&[bare.to_str().unwrap()]).unwrap(),
            Launch::App(Start::Open(bare))
        );
    }

    #[test]
    fn a_missing_file_still_opens_the_app_to_say_why_but_a_bare_word_is_a_usage_error() {
        let Launch::App(Start::Open(_)) = parse(&["missing/g.json"]).unwrap() else {
            panic!("a path opens the app, which shows the error")
        };
        let e = parse(&["frobnicate"]).unwrap_err();
        assert_eq!(e.code, 2);
        assert!(e.message.contains("frobnicate"), "{}", e.message);
        assert!(parse(&["a.json", "b.json"]).is_err());
    }
}
