//! The command line: the same binary as the app, driving games without a window.
//!
//! Exit codes: 0 ok, 1 rules error (illegal action, bad save), 2 usage. Errors go to
//! stderr on one line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};
use tavern_plugin_api::{ActionEntry, ChoiceKind, GameInfo, SeatKind, SeatSetup, Setup, ToAct};

use crate::plugin::{Catalog, Instance, Plugin};
use crate::save;
use crate::session::{Session, UndoMode, seat_range};
use crate::simulate::{League, Player, simulate, simulate_seats};

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
// Made once per run, at start: the size of a subcommand's arguments does not matter.
#[allow(clippy::large_enum_variant)]
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
    // `tavern join TICKET` without --frames opens the app at that seat.
    if let Some(Command::Online(crate::online_cli::OnlineCommand::Join {
        ticket,
        frames: false,
        name,
        net,
        ..
    })) = &cli.command
    {
        let ticket = crate::online_cli::read_ticket(ticket)?;
        return Ok(Launch::App(crate::app::Start::Join {
            ticket: ticket.to_string(),
            name: name.clone(),
            net: net.clone(),
        }));
    }
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
        /// The save file to write (a game on this machine).
        #[arg(short = 'o', long = "output", required_unless_present = "on")]
        output: Option<PathBuf>,
        /// Make the game on a table server instead (its ticket, or a file holding it):
        /// the seats' and spectators' tickets go to --invites DIR, as `tavern host`
        /// writes them.
        #[command(flatten)]
        server: crate::online_cli::NewOnServer,
    },
    /// Print the legal actions of every seat to act as JSON: [{"index","seat","label"}]
    /// ("step": true marks a plan's tentative step). With entries: the list after them,
    /// as `play` would apply them (a plan's steps included), without writing the file.
    Legal { file: PathBuf, entries: Vec<usize> },
    /// Apply entries of `tavern legal`'s list (recomputed after each), then any chance
    /// steps that follow; writes the file back. A plan's steps go in one call with the
    /// action that confirms them and are logged with it as one entry.
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
        /// The number of seats (given by --seats when left out).
        #[arg(long)]
        players: Option<usize>,
        /// Every seat the same: random, or mcts (the tree search at level 1).
        #[arg(long, default_value = "random")]
        bot: String,
        /// One kind per seat, comma-separated: random, mcts1, mcts2, mcts3 (the bot's
        /// three levels), flat (the first bot, flat Monte Carlo at its strongest; flat1,
        /// flat2 for its lower levels). The kinds take turns at each position from one
        /// game to the next, so "seat N" in the report is the Nth kind listed.
        #[arg(long, value_delimiter = ',', value_name = "KIND,KIND,..")]
        seats: Vec<String>,
        /// With --seats: every tree search runs this fraction of its level's iteration
        /// cap, with no time budget (reproducible, and quick on a busy machine). The flat
        /// bot keeps its own iteration counts.
        #[arg(long)]
        budget: Option<f64>,
        /// With --seats: keep each kind at its own position in every game.
        #[arg(long)]
        no_rotate: bool,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// Print a game's lesson ("Learn to play") as a readable script, or with --check play
    /// it headless through the session and exit 0 only when every step fits.
    Lesson {
        game: String,
        /// Play the script and name the first step that does not fit.
        #[arg(long)]
        check: bool,
        /// A lesson file to use instead of the game's own (while writing one).
        #[arg(long)]
        file: Option<PathBuf>,
    },
    #[command(flatten)]
    Online(crate::online_cli::OnlineCommand),
    /// Measure load, apply+view, undo, replay and random-game speed for every game;
    /// with --serve, a table server's memory, disk, actions per second and round trip.
    Bench {
        /// Scale the amount of work (1 = quick, 5 = steadier figures).
        #[arg(long, default_value_t = 1)]
        scale: u32,
        /// Only this game (with --serve, the game played; Dragonkeepers if not given).
        #[arg(long)]
        game: Option<String>,
        /// Measure a table server on this machine instead, over loopback.
        #[arg(long)]
        serve: bool,
        /// With --serve: games made and left idle.
        #[arg(long, default_value_t = 500, requires = "serve")]
        idle: usize,
        /// With --serve: games played by random players at the same time.
        #[arg(long, default_value_t = 50, requires = "serve")]
        active: usize,
        /// With --serve: how long the active games are played, in seconds.
        #[arg(long, default_value_t = 20, requires = "serve")]
        seconds: u64,
        /// With --serve: each player thinks a random 0..2×MS before a choice (0: a load
        /// test that keeps the server busy).
        #[arg(long, value_name = "MS", default_value_t = 0, requires = "serve")]
        think: u64,
    },
}

/// A failure with its exit code.
#[derive(Debug)]
pub struct CliError {
    pub code: i32,
    pub message: String,
}

pub(crate) fn usage(m: impl Into<String>) -> CliError {
    CliError {
        code: 2,
        message: m.into(),
    }
}

pub(crate) fn rules(m: impl std::fmt::Display) -> CliError {
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
            server,
        } => {
            if server.on.is_some() {
                if seed.is_some() {
                    return Err(usage(
                        "--seed cannot go with --on: the server deals, so nobody picks the deck",
                    ));
                }
                return crate::online_cli::new_on_server(
                    catalog, &game, players, &options, &server, out,
                );
            }
            let Some(output) = output else {
                return Err(usage("give -o FILE, or --on SERVER_TICKET"));
            };
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
        Command::Legal { file, entries } => {
            let mut s = open(catalog, &file)?;
            let plan = play_entries(&mut s, &entries, &mut std::io::sink())?;
            let list: Vec<Value> = current_entries(&s, plan.as_ref())?
                .into_iter()
                .enumerate()
                .map(|(i, (seat, _, e))| {
                    let mut v = json!({"index": i, "seat": seat, "label": e.label});
                    if e.kind == ChoiceKind::Step {
                        v["step"] = json!(true);
                    }
                    v
                })
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
            if play_entries(&mut s, &entries, out)?.is_some() {
                return Err(rules(
                    "the entries end in the middle of a plan: give its steps and the action that confirms them in one call (nothing was written)",
                ));
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
            let saved = save::SaveFile::read(&file)
                .map_err(|e| rules(format!("{}: {e}", file.display())))?;
            let (s, path) = saved
                .replay_with_path(catalog)
                .map_err(|e| rules(format!("{}: {e}", file.display())))?;
            let to_act = s.to_act().map_err(rules)?;
            let info = &s.plugin().info;
            writeln!(
                out,
                "ok: {} actions replay cleanly ({}; position {} of {}); {}",
                s.log().len(),
                if to_act.is_over() {
                    "game over"
                } else {
                    "in progress"
                },
                s.cursor(),
                s.log().len(),
                path.describe(&info.name, &info.version)
            )
            .ok();
            // The deal: a table server's commitment kept, and every chance outcome the
            // seed's. An older version's save is not redrawn (its chance was its own).
            if path == save::ReplayPath::Today {
                let dealt = crate::dealing::check(&saved, catalog).map_err(|e| {
                    rules(format!(
                        "{}: the deal does not check out: {e}",
                        file.display()
                    ))
                })?;
                let how = if dealt.committed {
                    "the seed is the one the server's committed secret and the creator's \
                     contribution give, and "
                } else {
                    ""
                };
                writeln!(
                    out,
                    "dealing: {how}all {} chance outcomes are the seed's",
                    dealt.chance_steps
                )
                .ok();
            }
            Ok(())
        }
        Command::Simulate {
            game,
            games,
            players,
            bot,
            seats,
            budget,
            no_rotate,
            seed,
            options,
        } => {
            let plugin = find(catalog, &game)?;
            if seats.is_empty() {
                let players =
                    players.ok_or_else(|| usage("simulate needs --players or --seats"))?;
                let setup = make_setup(&plugin, players, seed, &options)?;
                match bot.as_str() {
                    "random" => simulate(&plugin, setup, games, seed, out),
                    "mcts" => {
                        let kinds = vec![Player::Tree(1); players];
                        let league = League::new(kinds, None, false);
                        let header = format!("{players} players, mcts play");
                        simulate_seats(&plugin, setup, games, &league, &header, out)
                    }
                    other => Err(usage(format!("--bot must be random or mcts, not {other}"))),
                }
            } else {
                let kinds = seats
                    .iter()
                    .map(|k| Player::parse(k))
                    .collect::<Result<Vec<_>, _>>()?;
                if players.is_some_and(|p| p != kinds.len()) {
                    return Err(usage(format!(
                        "--players {} but --seats names {} seats",
                        players.unwrap_or(0),
                        kinds.len()
                    )));
                }
                if budget.is_some_and(|b| b.is_nan() || b <= 0.0 || b > 10.0) {
                    return Err(usage("--budget takes a factor above 0 and at most 10"));
                }
                let setup = make_setup(&plugin, kinds.len(), seed, &options)?;
                let league = League::new(kinds, budget, !no_rotate);
                let header = league.header();
                simulate_seats(&plugin, setup, games, &league, &header, out)
            }
        }
        Command::Lesson { game, check, file } => lesson(catalog, &game, check, file, out),
        Command::Online(c) => crate::online_cli::run(c, catalog, out),
        Command::Bench {
            serve: true,
            game,
            idle,
            active,
            seconds,
            think,
            ..
        } => {
            let load = crate::bench::serve::ServeLoad {
                game: game.unwrap_or_else(|| "dragonkeepers".into()),
                idle,
                active,
                seconds,
                think_ms: think,
            };
            crate::bench::serve::run(catalog, &load, out).map_err(rules)
        }
        Command::Bench { scale, game, .. } => {
            crate::bench::run(catalog, scale.max(1), game.as_deref(), out).map_err(rules)
        }
    }
}

/// `tavern lesson GAME [--check] [--file F]`.
fn lesson(
    catalog: &Catalog,
    game: &str,
    check: bool,
    file: Option<PathBuf>,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let plugin = find(catalog, game)?;
    let text = match &file {
        Some(f) => {
            Some(std::fs::read_to_string(f).map_err(|e| usage(format!("{}: {e}", f.display())))?)
        }
        None => crate::lesson::text_of(&plugin).map_err(rules)?,
    };
    let Some(text) = text else {
        return Err(rules(format!("{} has no lesson", plugin.info.name)));
    };
    let lesson = crate::lesson::Lesson::parse(&text).map_err(rules)?;
    if check {
        let c =
            crate::lesson::check(&plugin, &lesson).map_err(|e| rules(format!("{game}: {e}")))?;
        let e = lesson.estimate();
        writeln!(
            out,
            "{game}: the lesson plays: {} steps, {} of them the student's, {} log entries{}\n\
             about {:.1} minutes for a newcomer ({} words to read, {} moves watched; \
             the launcher says {})",
            lesson.steps.len(),
            c.moves,
            c.entries,
            if c.finished {
                ", to the end of the game"
            } else {
                ""
            },
            e.minutes(),
            e.words,
            e.watched,
            lesson.minutes,
        )
        .map_err(rules)
    } else {
        write!(out, "{}", crate::lesson::script(&plugin, &lesson)).map_err(rules)
    }
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(crate::session::now_unix());
    h.finish()
}

pub(crate) fn find(catalog: &Catalog, id: &str) -> Result<std::sync::Arc<Plugin>, CliError> {
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
/// A plan's tentative steps, applied to a copy of the game: (seat, steps, the copy).
type Plan = (usize, Vec<Value>, Instance);

/// Applies entries of the legal list, each looked up after the one before. A plan's steps
/// wait on a copy until the action that confirms them, then enter the log with it as one
/// entry, as the table logs them (a step alone says nothing in the log: its text is the
/// confirming action's). Returns the plan still open after the last entry.
fn play_entries(
    s: &mut Session,
    entries: &[usize],
    out: &mut dyn std::io::Write,
) -> Result<Option<Plan>, CliError> {
    let mut plan: Option<Plan> = None;
    for &n in entries {
        let Some((seat, local, entry)) = current_entries(s, plan.as_ref())?.into_iter().nth(n)
        else {
            return Err(rules(format!("there is no entry {n} in the legal list")));
        };
        let is_step = entry.kind == ChoiceKind::Step;
        match plan.take() {
            Some((planner, mut steps, copy)) if planner == seat => {
                if is_step {
                    copy.apply(Some(seat), entry.action.clone())
                        .map_err(rules)?;
                    steps.push(entry.action);
                    plan = Some((planner, steps, copy));
                } else {
                    s.apply_plan(seat, &steps, entry.action).map_err(rules)?;
                }
            }
            Some(_) => {
                return Err(rules(
                    "another seat acted in the middle of a plan: finish the plan first",
                ));
            }
            None if is_step => {
                let copy = s.bot_instance().map_err(rules)?;
                copy.apply(Some(seat), entry.action.clone())
                    .map_err(rules)?;
                plan = Some((seat, vec![entry.action], copy));
            }
            None => s.apply_index(seat, local).map_err(rules)?,
        }
        writeln!(out, "{}: {}", s.seat_name(seat), entry.label).ok();
    }
    Ok(plan)
}

/// The legal list now: with a plan open, only what its seat may do next on the plan's
/// copy (its next step or the action that confirms it: another seat acting in a
/// simultaneous step would end the plan, so `play` refuses it and it is not listed);
/// else every seat to act's actions in the game.
fn current_entries(
    s: &Session,
    plan: Option<&Plan>,
) -> Result<Vec<(usize, usize, ActionEntry)>, CliError> {
    match plan {
        Some((planner, _, copy)) => {
            let to_act = match copy.to_act().map_err(rules)? {
                ToAct::Seats(seats) if seats.contains(planner) => ToAct::Seats(vec![*planner]),
                _ => ToAct::Seats(Vec::new()),
            };
            entries_of(to_act, |seat| copy.legal(seat).map_err(rules))
        }
        None => entries_of(s.to_act().map_err(rules)?, |seat| {
            s.legal(seat).map_err(rules)
        }),
    }
}

/// Every seat to act's legal actions in one list: (seat, index in its own list, entry).
fn entries_of(
    to_act: ToAct,
    legal: impl Fn(usize) -> Result<Vec<ActionEntry>, CliError>,
) -> Result<Vec<(usize, usize, ActionEntry)>, CliError> {
    let mut list = Vec::new();
    if let ToAct::Seats(seats) = to_act {
        for seat in seats {
            for (i, e) in legal(seat)?.into_iter().enumerate() {
                list.push((seat, i, e));
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
    // Like the table's header: the game's status, then who is to act (the host's to say).
    let acting = match &to_act {
        ToAct::Seats(x) => {
            let names: Vec<&str> = x.iter().map(|&v| s.seat_name(v)).collect();
            match names.as_slice() {
                [] => String::new(),
                [one] => format!(" · {one} to play"),
                many => format!(" · {} to choose", many.join(", ")),
            }
        }
        _ => String::new(),
    };
    writeln!(out, "{} — {}{acting}", s.plugin().info.name, view.status).ok();
    if !view.prompt.is_empty() {
        writeln!(out, "{}", view.prompt).ok();
    }
    writeln!(out, "\nLog:").ok();
    if let Some(r) = s.rules() {
        writeln!(out, "     {}", r.heading(&s.plugin().info.name)).ok();
    }
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
            // The seats, then participants that are not seats (ghosts), on one scale.
            let seats = o
                .scores
                .iter()
                .enumerate()
                .map(|(i, sc)| (o.rank[i], s.seat_name(i).to_string(), sc));
            let others = o.others.iter().map(|x| (x.rank, x.name.clone(), &x.score));
            for (rank, name, sc) in seats.chain(others) {
                let parts: Vec<String> = sc
                    .breakdown
                    .iter()
                    .map(|l| format!("{} {}", l.label, l.points))
                    .collect();
                writeln!(
                    out,
                    "  {}. {name}: {} ({})",
                    rank + 1,
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
    fn join_without_frames_opens_the_app_at_the_seat() {
        let t = tavern_net::Ticket {
            host: "ab".repeat(32),
            addrs: vec!["127.0.0.1:4000".into()],
            relay: None,
            game: "dragonkeepers".into(),
            version: "0.1.0".into(),
            token: "00".into(),
            seat: Some(1),
        };
        let text = t.to_string();
        match parse(&["join", &text, "--no-relay", "--name", "Bo"]) {
            Ok(Launch::App(Start::Join { ticket, name, net })) => {
                assert_eq!(ticket.parse::<tavern_net::Ticket>().unwrap(), t);
                assert_eq!(name, "Bo");
                assert!(net.no_relay && net.given());
            }
            other => panic!("{other:?}"),
        }
        assert!(
            parse(&["join", "garbage"]).is_err(),
            "a bad ticket is refused"
        );
        assert!(matches!(
            parse(&["join", &text, "--frames"]),
            Ok(Launch::Command(_))
        ));
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
