//! `tavern bench`: the figures the README quotes, measured on this machine.
//!
//! Everything goes through the same paths the app uses (the C ABI, the session, save
//! files), except the in-process random games, which the plugin runs itself to give the
//! baseline for the ABI overhead ratio.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use tavern_plugin_api::{GameRng, Setup, ToAct};

use crate::plugin::{Catalog, Instance, Plugin, Turn};
use crate::save::SaveFile;
use crate::session::{Session, UndoMode, step_seed};

mod frames;
pub mod serve;

/// How long the first plugin discovery of this process took (set by the binary).
pub static LOAD_TIME: OnceLock<Duration> = OnceLock::new();

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// Why a measurement stopped, in words (the command line reports it as a rules error).
/// Its own type, so the bench depends on the session and the loader but not on the
/// command line that calls it.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchError(pub String);

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BenchError {}

fn err(m: impl std::fmt::Display) -> BenchError {
    BenchError(m.to_string())
}

type Timings = (Vec<Duration>, Vec<Duration>, Vec<Duration>);

/// One complete random game through a session, timing apply+view of each action.
fn session_game(
    plugin: &std::sync::Arc<Plugin>,
    setup: Setup,
) -> Result<(Session, Timings), BenchError> {
    let mut s = Session::new(plugin.clone(), setup.clone(), UndoMode::Learning).map_err(err)?;
    let mut rng = GameRng::new(setup.seed);
    let (mut times, mut applies, mut views) = (Vec::new(), Vec::new(), Vec::new());
    use rand::RngExt;
    for _ in 0..200_000 {
        let ToAct::Seats(seats) = s.to_act().map_err(err)? else {
            break;
        };
        let seat = seats[rng.random_range(0..seats.len())];
        let n = s.instance().legal_count(seat).map_err(err)?;
        if n == 0 {
            return Err(err(format!(
                "{}: seat {seat} to act without legal actions",
                plugin.info.id
            )));
        }
        let i = rng.random_range(0..n);
        let t = Instant::now();
        s.apply_index(seat, i).map_err(err)?;
        let a = t.elapsed();
        let _ = s.view(Some(seat)).map_err(err)?;
        let all = t.elapsed();
        times.push(all);
        applies.push(a);
        views.push(all - a);
    }
    Ok((s, (times, applies, views)))
}

/// Random games played by the host through the C ABI with the binary step calls: one
/// boundary crossing per action (each reply brings the next seat's legal count), for
/// the overhead ratio.
fn abi_random_games(
    plugin: &std::sync::Arc<Plugin>,
    setup: &Setup,
    games: u32,
) -> Result<(Duration, u64), BenchError> {
    use rand::RngExt;
    let start = Instant::now();
    let mut actions = 0u64;
    let mut rng = GameRng::new(setup.seed);
    for g in 0..games {
        let inst: Instance = plugin.create(setup).map_err(err)?;
        let mut turn = inst.turn().map_err(err)?;
        let mut step = 0;
        loop {
            turn = match turn {
                Turn::Over => break,
                Turn::Chance => inst
                    .step_chance(step_seed(setup.seed ^ g as u64, step))
                    .map_err(err)?,
                Turn::Seats(mask, count) => {
                    let seat = nth_seat(mask, rng.random_range(0..mask.count_ones() as usize));
                    let n = match count {
                        Some(n) => n,
                        None => inst.step_count(seat).map_err(err)?,
                    };
                    if n == 0 {
                        return Err(err(format!(
                            "{}: seat {seat} to act without legal actions",
                            plugin.info.id
                        )));
                    }
                    inst.step_apply(seat, rng.random_range(0..n)).map_err(err)?
                }
            };
            step += 1;
            actions += 1;
        }
    }
    Ok((start.elapsed(), actions))
}

/// The table's first and later frames of seat 0's view half way through the game just
/// played, with the game's drawings and without them; the later-frame figures, for the
/// summary, when the view has drawings.
fn frame_lines(
    s: &mut Session,
    scale: u32,
    out: &mut dyn std::io::Write,
) -> Result<Option<frames::FrameTimes>, BenchError> {
    let len = s.log().len();
    s.rewind_to(len / 2, None).map_err(err)?;
    let scene = s.view(Some(0)).map_err(err)?.scene;
    s.rewind_to(len, None).map_err(err)?;
    let drawn = frames::images(&scene);
    if drawn == 0 {
        writeln!(out, "  table frame: no drawings in this game's view").ok();
        return Ok(None);
    }
    let f = frames::frame_times(&scene, &frames::without_art(&scene), 60 * scale as usize);
    writeln!(
        out,
        "  table frame at 1280×800 ({drawn} images of {} drawings): first with art {}, without {}",
        scene.image_ids().len(),
        ms(f.first_art),
        ms(f.first_bare),
    )
    .ok();
    writeln!(out, "  table later frame: {}", later_line(&f)).ok();
    Ok(Some(f))
}

/// "with art 0.130 ms, without 0.128 ms: +0.002 ms ± 0.004 (within noise, 60 rounds)".
fn later_line(f: &frames::FrameTimes) -> String {
    format!(
        "with art {}, without {}: {:+.3} ms ± {:.3} ({}, {} rounds)",
        ms(f.later_art),
        ms(f.later_bare),
        f.difference_ms,
        f.noise_ms,
        if f.within_noise() {
            "within noise"
        } else {
            "art slower"
        },
        f.rounds
    )
}

/// The seat of the `i`-th set bit of `mask`.
fn nth_seat(mut mask: u64, i: usize) -> usize {
    for _ in 0..i {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

pub fn run(
    catalog: &Catalog,
    scale: u32,
    only: Option<&str>,
    out: &mut dyn std::io::Write,
) -> Result<(), BenchError> {
    let load = LOAD_TIME.get().copied().unwrap_or_else(|| {
        let t = Instant::now();
        let _ = Catalog::discover();
        t.elapsed()
    });
    writeln!(
        out,
        "load all plugins ({} games): {}",
        catalog.games.len(),
        ms(load)
    )
    .ok();
    let mut later = Vec::new();
    for plugin in &catalog.games {
        if only.is_some_and(|o| o != plugin.info.id) {
            continue;
        }
        let mut setup = Setup::players(0);
        for spec in &plugin.info.options {
            setup.options.insert(spec.key.clone(), spec.default.clone());
        }
        // Two seats where the default options allow them: the figures compare games.
        let (lo, hi) = crate::session::seat_range(&plugin.info, &setup.options);
        let players = 2.clamp(lo, hi.max(lo));
        setup.seats = Setup::players(players).seats;
        setup.seed = 7;
        writeln!(out, "\n{} ({players} players)", plugin.info.name).ok();

        let (mut s, (mut times, applies, views)) = session_game(plugin, setup.clone())?;
        times.sort();
        let n = times.len().max(1);
        let mean = |v: &[Duration]| v.iter().sum::<Duration>() / n as u32;
        let p99 = times.get(n * 99 / 100).copied().unwrap_or_default();
        writeln!(
            out,
            "  apply + view per action: mean {} (apply {}, view {}), p99 {} ({} actions)",
            ms(mean(&times)),
            ms(mean(&applies)),
            ms(mean(&views)),
            ms(p99),
            times.len()
        )
        .ok();

        let len = s.log().len();
        if let Some(f) = frame_lines(&mut s, scale, out)? {
            later.push((plugin.info.name.clone(), f));
        }
        let mut undo_to = |position: usize| -> Result<Duration, BenchError> {
            let t = Instant::now();
            s.rewind_to(position, None).map_err(err)?;
            let d = t.elapsed();
            s.rewind_to(len, None).map_err(err)?;
            Ok(d)
        };
        for depth in [1usize, 100, len] {
            if depth > len {
                continue;
            }
            let d = undo_to(len - depth)?;
            let what = if depth == len {
                format!("whole game ({len})")
            } else {
                depth.to_string()
            };
            writeln!(out, "  undo at depth {what}: {}", ms(d)).ok();
        }
        // The slowest undo replays the most actions from a checkpoint: try a stretch of
        // depths that covers every distance to one, each the best of three so a time
        // slice lost to another process is not taken for the undo's cost.
        let mut worst = Duration::ZERO;
        for depth in 1..=len.min(64) {
            let mut best = Duration::MAX;
            for _ in 0..3 {
                best = best.min(undo_to(len - depth)?);
            }
            worst = worst.max(best);
        }
        writeln!(
            out,
            "  undo, slowest of depths 1–{}: {}",
            len.min(64),
            ms(worst)
        )
        .ok();

        let text = SaveFile::from_session(&s).to_json();
        let t = Instant::now();
        let reps = 5 * scale;
        for _ in 0..reps {
            SaveFile::parse(&text)
                .map_err(err)?
                .replay(catalog)
                .map_err(err)?;
        }
        writeln!(
            out,
            "  replay-validate a complete saved game ({len} actions): {}",
            ms(t.elapsed() / reps)
        )
        .ok();

        let games = 200 * scale;
        let inst = plugin.create(&setup).map_err(err)?;
        let report = inst.playouts(games, 11).map_err(err)?;
        let in_process = report.seconds / games as f64;
        writeln!(
            out,
            "  random games in-process: {:.0} games/s ({:.1} actions per game)",
            1.0 / in_process.max(1e-12),
            report.actions as f64 / games as f64
        )
        .ok();
        let abi_games = (games / 4).max(10);
        let (d, actions) = abi_random_games(plugin, &setup, abi_games)?;
        let through_abi = d.as_secs_f64() / abi_games as f64;
        let per_action_in = report.seconds / report.actions.max(1) as f64;
        let per_action_abi = d.as_secs_f64() / actions.max(1) as f64;
        writeln!(
            out,
            "  random games through the C ABI: {:.0} games/s; overhead ×{:.2} per action",
            1.0 / through_abi.max(1e-12),
            per_action_abi / per_action_in.max(1e-12)
        )
        .ok();
    }
    if !later.is_empty() {
        writeln!(
            out,
            "\nlater table frame, with art against without (median of paired rounds ± about \
             a 95 % interval):"
        )
        .ok();
        for (name, f) in &later {
            writeln!(out, "  {name}: {}", later_line(f)).ok();
        }
    }
    Ok(())
}
