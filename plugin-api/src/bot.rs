//! Bots that work on any [`Game`], run inside the plugin so a search costs no JSON.
//!
//! [`choose`] is the information-set tree search of [`crate::search`]. The first bot,
//! flat determinized Monte Carlo with UCB1 at the root, stays as [`choose_flat`], the
//! yardstick the tree search is measured against. Both re-sample what the bot cannot see
//! with `determinize` and never look at hidden information directly, so a bot seat cannot
//! cheat. [`think`] runs either and returns its report (how it rated each candidate),
//! for the host's hints and `tavern simulate`.

use std::time::Instant;

use crate::game::Game;
use crate::rng::GameRng;
use crate::search::{Limits, Rated, Report};

pub use crate::playout::{playout_with, random_playout};

/// Iterations of the flat search per decision for bot levels 1..=3 (the first bot,
/// kept as a yardstick for the tree search).
pub fn iterations_for(level: u8) -> u32 {
    match level {
        0 | 1 => 60,
        2 => 400,
        _ => 2000,
    }
}

/// Which search a bot runs, and how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// The information-set tree search of [`crate::search`].
    Tree(Limits),
    /// The first bot, flat Monte Carlo at the root, with this many iterations.
    Flat(u32),
}

/// Chooses an action for `seat` at bot strength `level` (1–3) with the information-set
/// tree search and its time budget, or `None` when the seat has nothing to do.
pub fn choose<G: Game>(state: &G, seat: usize, level: u8, rng: &mut GameRng) -> Option<G::Action> {
    choose_within(state, seat, Limits::for_level(level), rng)
}

/// [`choose`] within explicit limits (an iteration cap alone makes it reproducible).
pub fn choose_within<G: Game>(
    state: &G,
    seat: usize,
    limits: Limits,
    rng: &mut GameRng,
) -> Option<G::Action> {
    think(state, seat, Method::Tree(limits), rng, &|| false)
        .and_then(|r| r.candidates.into_iter().next())
        .map(|r| r.action)
}

/// Today's first bot: flat Monte Carlo with UCB1 over the seat's own actions, kept as a
/// yardstick (`tavern simulate --seats flat,..`).
pub fn choose_flat<G: Game>(
    state: &G,
    seat: usize,
    level: u8,
    rng: &mut GameRng,
) -> Option<G::Action> {
    think(
        state,
        seat,
        Method::Flat(iterations_for(level)),
        rng,
        &|| false,
    )
    .and_then(|r| r.candidates.into_iter().next())
    .map(|r| r.action)
}

/// A bot's decision for `seat` with the search's report (best candidate first), or
/// `None` when the seat has nothing to do. A seat with one legal action gets it at once,
/// unrated (no iterations). `stop` ends the search early with what it found so far.
pub fn think<G: Game>(
    state: &G,
    seat: usize,
    method: Method,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> Option<Report<G::Action>> {
    let legal = state.legal_actions(seat);
    match legal.len() {
        0 => None,
        1 => Some(Report {
            candidates: legal
                .into_iter()
                .map(|action| Rated {
                    action,
                    visits: 0,
                    value: 0.0,
                    win: 0.0,
                    margin: 0.0,
                })
                .collect(),
            iterations: 0,
            seconds: 0.0,
            stopped: false,
        }),
        _ => match method {
            Method::Tree(limits) => {
                match crate::search::search_until(state, seat, limits, rng, stop) {
                    Ok(report) => Some(report),
                    // A game whose determinize changes what the seat sees fails its own
                    // tests; at the table the bot still moves, with the search that
                    // tolerates it.
                    Err(_) => Some(flat(
                        state,
                        seat,
                        legal,
                        limits.iterations.min(2000),
                        rng,
                        stop,
                    )),
                }
            }
            Method::Flat(iterations) => Some(flat(state, seat, legal, iterations, rng, stop)),
        },
    }
}

/// Value of a finished (or abandoned) game for `seat`: 1 for a win shared by k seats
/// counts 1/k, plus a small share for the score margin so the bot also plays for points.
fn reward<G: Game>(g: &G, seat: usize) -> f64 {
    let Some(o) = g.outcome() else { return 0.0 };
    let winners = o.winners();
    let win = if winners.contains(&seat) {
        1.0 / winners.len() as f64
    } else {
        0.0
    };
    let best = o.scores.iter().map(|s| s.total).max().unwrap_or(0);
    let mine = o.scores.get(seat).map(|s| s.total).unwrap_or(0);
    let margin = (mine - best) as f64 / (best.abs().max(1) as f64);
    win + 0.1 * margin.clamp(-1.0, 1.0)
}

fn flat<G: Game>(
    state: &G,
    seat: usize,
    candidates: Vec<G::Action>,
    iterations: u32,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> Report<G::Action> {
    let start = Instant::now();
    let n = candidates.len();
    let mut visits = vec![0u32; n];
    let mut value = vec![0f64; n];
    let mut wins = vec![0f64; n];
    let mut margins = vec![0f64; n];
    let (mut done, mut stopped) = (0, false);
    for it in 1..=iterations {
        if it > 1 && stop() {
            stopped = true;
            break;
        }
        done = it;
        let mut world = state.determinize(seat, rng);
        // UCB1; unvisited candidates first.
        let pick = (0..n)
            .max_by(|&a, &b| ucb(value[a], visits[a], it).total_cmp(&ucb(value[b], visits[b], it)))
            .unwrap_or(0);
        if world.apply_quiet(Some(seat), &candidates[pick]).is_err() {
            // Not legal in this sampled world (it depended on hidden facts): count as a loss.
            visits[pick] += 1;
            continue;
        }
        random_playout(&mut world, rng, 20_000);
        visits[pick] += 1;
        value[pick] += reward(&world, seat);
        wins[pick] += crate::search::win_share(&world, seat);
        margins[pick] += crate::search::points_margin(&world, seat);
    }
    let mut rated: Vec<Rated<G::Action>> = candidates
        .into_iter()
        .enumerate()
        .map(|(i, action)| Rated {
            action,
            visits: visits[i],
            value: value[i] / visits[i].max(1) as f64,
            win: wins[i] / visits[i].max(1) as f64,
            margin: margins[i] / visits[i].max(1) as f64,
        })
        .collect();
    // Most visited first, then the better mean; stable, so ties keep the legal order.
    rated.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    Report {
        candidates: rated,
        iterations: done,
        seconds: start.elapsed().as_secs_f64(),
        stopped,
    }
}

fn ucb(value: f64, visits: u32, total: u32) -> f64 {
    if visits == 0 {
        return f64::INFINITY;
    }
    let v = visits as f64;
    value / v + 1.2 * ((total as f64).ln() / v).sqrt()
}
