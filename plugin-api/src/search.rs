//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012) over [`Game::determinize`].
//!
//! One tree is grown over the searching seat's information: every iteration samples a
//! world the seat cannot tell apart from the real one, walks the tree with the actions
//! legal in that world (every seat's moves are in the tree; each seat picks the child that
//! is best for itself), adds one node, finishes the game with playouts and credits every
//! seat with its own result. Chance steps are sampled in the world and pass through the
//! tree: what they decide is part of what the determinization varies, so a node stands for
//! "this sequence of choices", which is what the bot can know.
//!
//! Because actions compare by value, a child is found again in another world when the
//! same action is legal there; "availability" counts keep the exploration term fair for
//! children that exist only in some worlds.

use std::time::{Duration, Instant};

use rand::RngExt;

use crate::game::{Game, Turn};
use crate::rng::GameRng;

/// How long a search may run: it stops at whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub iterations: u32,
    /// `None` searches by iterations alone, which makes a seeded search reproducible.
    pub time: Option<Duration>,
}

impl Limits {
    /// The three bot strengths: about 0.2 s, 1 s and 3 s on a small machine, each with
    /// an iteration cap so small games do not search longer than they need.
    pub fn for_level(level: u8) -> Limits {
        match level {
            0 | 1 => Limits {
                iterations: 3_000,
                time: Some(Duration::from_millis(200)),
            },
            2 => Limits {
                iterations: 20_000,
                time: Some(Duration::from_millis(1000)),
            },
            _ => Limits {
                iterations: 100_000,
                time: Some(Duration::from_millis(3000)),
            },
        }
    }

    /// The same strength by iterations only (tests, reproducible simulations).
    pub fn iterations(iterations: u32) -> Limits {
        Limits {
            iterations,
            time: None,
        }
    }
}

/// How the search rated one of the root's candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated<A> {
    pub action: A,
    pub visits: u32,
    /// Mean result for the searching seat, 0..=1 (a win counts 1, shared wins split,
    /// plus a little of the score margin): what the search ranks by.
    pub value: f64,
    /// The share of this candidate's simulated games the seat won (a win shared by k
    /// seats counts 1/k): the search's estimate of its chance of winning.
    pub win: f64,
    /// The mean score margin in points (see [`points_margin`]).
    pub margin: f64,
}

/// What a search found, best candidate first.
#[derive(Clone, Debug)]
pub struct Report<A> {
    pub candidates: Vec<Rated<A>>,
    pub iterations: u32,
    pub seconds: f64,
    /// The search was stopped from outside before its limits (see [`search_until`]).
    pub stopped: bool,
}

impl<A: Clone> Report<A> {
    pub fn best(&self) -> Option<&A> {
        self.candidates.first().map(|r| &r.action)
    }
    pub fn iterations_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.iterations as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The seat is not to act or has no legal action.
    NothingToDo,
    /// A root candidate was not legal in a determinized world: the game's `determinize`
    /// changed what the searching seat can see (a bug in that game).
    Determinize(String),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::NothingToDo => f.write_str("this seat has nothing to do"),
            SearchError::Determinize(m) => write!(f, "determinize is inconsistent: {m}"),
        }
    }
}

struct Node<A> {
    /// The action that led here (`None` at the root).
    action: Option<A>,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was visited.
    avail: u32,
    /// Summed results per seat.
    totals: Vec<f64>,
    /// Summed win shares of the searching seat (its results without the score margin).
    wins: f64,
    /// Summed score margins of the searching seat, in points.
    margins: f64,
}

const EXPLORATION: f64 = 0.7;
/// Actions of a playout before it is abandoned (an unfinished game scores by outcome).
const PLAYOUT_CAP: u64 = 20_000;

/// Searches for `seat`'s best action in `state` within `limits`.
pub fn search<G: Game>(
    state: &G,
    seat: usize,
    limits: Limits,
    rng: &mut GameRng,
) -> Result<Report<G::Action>, SearchError> {
    search_until(state, seat, limits, rng, &|| false)
}

/// [`search`] that also ends, with what it has found so far, as soon as `stop` says so
/// (asked once per iteration: the host's "the player took the move back").
pub fn search_until<G: Game>(
    state: &G,
    seat: usize,
    limits: Limits,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> Result<Report<G::Action>, SearchError> {
    let start = Instant::now();
    let mut stopped = false;
    let root_actions = state.legal_actions(seat);
    if root_actions.is_empty() {
        return Err(SearchError::NothingToDo);
    }
    let mut nodes: Vec<Node<G::Action>> = vec![Node {
        action: None,
        children: Vec::new(),
        visits: 0,
        avail: 0,
        totals: Vec::new(),
        wins: 0.0,
        margins: 0.0,
    }];
    let mut legal = Vec::new();
    let mut path = Vec::with_capacity(64);
    let mut done = 0u32;
    while done < limits.iterations.max(1) {
        if done > 0 && limits.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        if done > 0 && stop() {
            stopped = true;
            break;
        }
        done += 1;
        let mut world = state.determinize(seat, rng);
        path.clear();
        path.push(0usize);
        let mut node = 0usize;
        let mut first = true;
        // Selection and one expansion.
        loop {
            let actor = match world.whose_turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let outcome = world.sample_chance(rng);
                    if world.apply_quiet(None, &outcome).is_err() {
                        break;
                    }
                    continue;
                }
                Turn::Seat(s) => s,
                Turn::Several => pick_seat(&world, seat, first, rng),
            };
            legal.clear();
            world.legal_actions_into(actor, &mut legal);
            if first {
                // A full comparison on the first iterations catches a game whose
                // determinize changes what the seat sees; the length check stays on.
                let consistent = legal.len() == root_actions.len()
                    && (done > 8 || same_actions(&legal, &root_actions));
                if actor != seat || !consistent {
                    return Err(SearchError::Determinize(format!(
                        "seat {seat}'s legal actions differ in a sampled world"
                    )));
                }
                first = false;
            }
            if legal.is_empty() {
                break;
            }
            for i in 0..nodes[node].children.len() {
                let c = nodes[node].children[i];
                if nodes[c].action.as_ref().is_some_and(|a| legal.contains(a)) {
                    nodes[c].avail += 1;
                }
            }
            let untried: Vec<usize> = (0..legal.len())
                .filter(|&i| {
                    !nodes[node]
                        .children
                        .iter()
                        .any(|&c| nodes[c].action.as_ref() == Some(&legal[i]))
                })
                .collect();
            let (next, expanded) = if untried.is_empty() {
                (select(&nodes, node, actor, &legal), false)
            } else {
                let action = legal[untried[rng.random_range(0..untried.len())]].clone();
                nodes.push(Node {
                    action: Some(action),
                    children: Vec::new(),
                    visits: 0,
                    avail: 1,
                    totals: Vec::new(),
                    wins: 0.0,
                    margins: 0.0,
                });
                let id = nodes.len() - 1;
                nodes[node].children.push(id);
                (id, true)
            };
            let action = nodes[next].action.clone().expect("children carry actions");
            if world.apply_quiet(Some(actor), &action).is_err() {
                return Err(SearchError::Determinize(format!(
                    "a legal action of seat {actor} was refused in a sampled world"
                )));
            }
            node = next;
            path.push(node);
            if expanded {
                break;
            }
        }
        playout(&mut world, rng, &mut legal);
        let seats = world.outcome().map(|o| o.scores.len()).unwrap_or(0);
        let results: Vec<f64> = (0..seats).map(|s| reward(&world, s)).collect();
        let won = win_share(&world, seat);
        let margin = points_margin(&world, seat);
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1;
            node.wins += won;
            node.margins += margin;
            if node.totals.len() < results.len() {
                node.totals.resize(results.len(), 0.0);
            }
            for (t, r) in node.totals.iter_mut().zip(&results) {
                *t += r;
            }
        }
    }
    let mut candidates: Vec<Rated<G::Action>> = nodes[0]
        .children
        .iter()
        .map(|&c| Rated {
            action: nodes[c].action.clone().expect("children carry actions"),
            visits: nodes[c].visits,
            value: nodes[c].totals.get(seat).copied().unwrap_or(0.0)
                / nodes[c].visits.max(1) as f64,
            win: nodes[c].wins / nodes[c].visits.max(1) as f64,
            margin: nodes[c].margins / nodes[c].visits.max(1) as f64,
        })
        .collect();
    // Candidates never expanded (a tiny budget) still appear, unrated, in the list's order.
    for a in &root_actions {
        if !candidates.iter().any(|r| &r.action == a) {
            candidates.push(Rated {
                action: a.clone(),
                visits: 0,
                value: 0.0,
                win: 0.0,
                margin: 0.0,
            });
        }
    }
    // The most visited child is the robust choice; value breaks ties. Stable sort keeps
    // the legal list's order among equals, so a seeded search is reproducible.
    candidates.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    Ok(Report {
        candidates,
        iterations: done,
        seconds: start.elapsed().as_secs_f64(),
        stopped,
    })
}

/// In a simultaneous step the searching seat decides first at the root; elsewhere a
/// random one of those to act moves, as they would in any order.
fn pick_seat<G: Game>(world: &G, me: usize, first: bool, rng: &mut GameRng) -> usize {
    let to_act = world.to_act();
    let seats = to_act.seats();
    if first && seats.contains(&me) {
        return me;
    }
    seats[rng.random_range(0..seats.len())]
}

fn same_actions<A: PartialEq>(a: &[A], b: &[A]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// UCB1 with availability counts, for the seat that acts at `node`.
fn select<A: PartialEq>(nodes: &[Node<A>], node: usize, actor: usize, legal: &[A]) -> usize {
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for &c in &nodes[node].children {
        let n = &nodes[c];
        if !n.action.as_ref().is_some_and(|a| legal.contains(a)) {
            continue;
        }
        let visits = n.visits.max(1) as f64;
        let score = n.totals.get(actor).copied().unwrap_or(0.0) / visits
            + EXPLORATION * ((n.avail.max(1) as f64).ln() / visits).sqrt();
        if score > best_score {
            best_score = score;
            best = Some(c);
        }
    }
    best.expect("a legal child exists when nothing is untried")
}

fn playout<G: Game>(world: &mut G, rng: &mut GameRng, legal: &mut Vec<G::Action>) {
    crate::playout::playout_with(world, rng, PLAYOUT_CAP, legal, |g, seat, legal, rng| {
        g.playout_choice(seat, legal, rng)
    });
}

/// `seat`'s share of a finished game's win: 1/k when k seats share it, 0 for a loss or
/// an unfinished game.
pub fn win_share<G: Game>(g: &G, seat: usize) -> f64 {
    let Some(o) = g.outcome() else { return 0.0 };
    let winners = o.winners();
    if winners.contains(&seat) {
        1.0 / winners.len() as f64
    } else {
        0.0
    }
}

/// `seat`'s score margin in points in a finished (or abandoned) game: its total minus
/// the best other seat's, or its own total when it is the only seat.
pub fn points_margin<G: Game>(g: &G, seat: usize) -> f64 {
    let Some(o) = g.outcome() else { return 0.0 };
    let mine = o.scores.get(seat).map(|s| s.total).unwrap_or(0);
    let best_other = o
        .scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat)
        .map(|(_, s)| s.total)
        .max();
    (mine - best_other.unwrap_or(0)) as f64
}

/// A finished game's value for `seat`: a win shared by k seats counts 1/k; a little of
/// the score margin is added so the bot also plays for points when it cannot win.
pub fn reward<G: Game>(g: &G, seat: usize) -> f64 {
    let Some(o) = g.outcome() else { return 0.0 };
    let win = win_share(g, seat);
    let best = o.scores.iter().map(|s| s.total).max().unwrap_or(0);
    let mine = o.scores.get(seat).map(|s| s.total).unwrap_or(0);
    let margin = (mine - best) as f64 / (best.abs().max(1) as f64);
    (win + 0.1 * margin.clamp(-1.0, 1.0)).clamp(0.0, 1.0)
}

/// Test helper for every game's honesty test: `a` and `b` differ only in what `seat`
/// cannot know, so a seeded search by iterations must rate every candidate the same in
/// both. Returns the first difference found.
pub fn same_choices<G: Game>(
    a: &G,
    b: &G,
    seat: usize,
    iterations: u32,
    seeds: std::ops::Range<u64>,
) -> Result<(), String> {
    for seed in seeds {
        let run = |g: &G| {
            search(
                g,
                seat,
                Limits::iterations(iterations),
                &mut GameRng::new(seed),
            )
            .map(|r| {
                r.candidates
                    .into_iter()
                    .map(|c| (c.action, c.visits))
                    .collect::<Vec<_>>()
            })
            .map_err(|e| e.to_string())
        };
        let (ra, rb) = (run(a)?, run(b)?);
        if ra != rb {
            return Err(format!("seed {seed}: {ra:?} against {rb:?}"));
        }
    }
    Ok(())
}

/// Test helper: in `samples` determinized worlds, `seat` has exactly the legal actions it
/// has in `state`, in the same order, and the same seats are to act.
pub fn determinize_consistent<G: Game>(
    state: &G,
    seat: usize,
    samples: u32,
    rng: &mut GameRng,
) -> Result<(), String> {
    let legal = state.legal_actions(seat);
    let to_act = state.to_act();
    for i in 0..samples {
        let world = state.determinize(seat, rng);
        if world.to_act() != to_act {
            return Err(format!(
                "sample {i}: to_act changed to {:?}",
                world.to_act()
            ));
        }
        let seen = world.legal_actions(seat);
        if seen != legal {
            return Err(format!(
                "sample {i}: seat {seat}'s legal actions changed: {seen:?} against {legal:?}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Applied, GameError, Legal};
    use crate::proto::{GameInfo, Outcome, SeatScore, Setup, ToAct, View};
    use serde::{Deserialize, Serialize};

    /// Nim: take 1–3 from a heap, whoever takes the last stone wins. Seat 1 also holds a
    /// hidden card (0 or 1) that changes nothing, and `cheat` makes determinize reveal
    /// or alter it, to test honesty.
    #[derive(Clone, Serialize, Deserialize)]
    struct Nim {
        heap: u32,
        turn: usize,
        hidden: u8,
        broken_determinize: bool,
    }

    impl Game for Nim {
        type Action = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "nim".into(),
                name: "Nim".into(),
                version: "0".into(),
                description: String::new(),
                min_players: 2,
                max_players: 2,
                options: Vec::new(),
                hidden_information: true,
                rules: String::new(),
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Nim {
                heap: 10,
                turn: 0,
                hidden: 0,
                broken_determinize: false,
            })
        }
        fn to_act(&self) -> ToAct {
            if self.heap == 0 {
                ToAct::Over
            } else {
                ToAct::Seats(vec![self.turn])
            }
        }
        fn sample_chance(&self, _: &mut GameRng) -> u32 {
            0
        }
        fn legal(&self, seat: usize) -> Vec<Legal<u32>> {
            if seat != self.turn || self.heap == 0 {
                return Vec::new();
            }
            let mut take: Vec<u32> = (1..=self.heap.min(3)).collect();
            // A seat that "knows" a different hidden card sees an extra action: only a
            // broken determinize produces that.
            if self.hidden > 1 {
                take.push(99);
            }
            take.into_iter()
                .map(|t| Legal::new(t, format!("{t}")))
                .collect()
        }
        fn apply(&mut self, _: Option<usize>, a: &u32) -> Result<Applied, GameError> {
            if *a == 99 {
                return Err(GameError::new("no such move"));
            }
            self.heap -= a;
            if self.heap > 0 {
                self.turn = 1 - self.turn;
            }
            Ok(Applied::public("take"))
        }
        fn view(&self, _: Option<usize>) -> View {
            View::default()
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.heap == 0).then(|| {
                let scores = (0..2)
                    .map(|s| SeatScore::from_lines(vec![("Last stone", (s == self.turn) as i64)]))
                    .collect();
                let rank = (0..2).map(|s| (s != self.turn) as usize).collect();
                Outcome::new(scores, rank)
            })
        }
        fn determinize(&self, _: usize, rng: &mut GameRng) -> Self {
            let mut g = self.clone();
            g.hidden = if self.broken_determinize {
                2 + rng.random_range(0..2)
            } else {
                // Sampled from what every seat knows (either card), never copied.
                rng.random_range(0..2)
            };
            g
        }
    }

    fn nim(heap: u32, hidden: u8) -> Nim {
        Nim {
            heap,
            turn: 0,
            hidden,
            broken_determinize: false,
        }
    }

    #[test]
    fn finds_the_winning_take_that_needs_lookahead() {
        // From 10 the only winning take leaves a multiple of four: take 2. From 7, take 3.
        for (heap, best) in [(10, 2), (7, 3), (6, 2), (5, 1)] {
            let report = search(
                &nim(heap, 0),
                0,
                Limits::iterations(3000),
                &mut GameRng::new(1),
            )
            .unwrap();
            assert_eq!(
                report.best(),
                Some(&best),
                "heap {heap}: {:?}",
                report.candidates
            );
            assert!(
                report.candidates[0].value > 0.9,
                "a won position rates near 1"
            );
        }
    }

    #[test]
    fn same_choices_whatever_the_hidden_card() {
        for seed in 0..8 {
            let a = search(
                &nim(9, 0),
                0,
                Limits::iterations(300),
                &mut GameRng::new(seed),
            )
            .unwrap();
            let b = search(
                &nim(9, 1),
                0,
                Limits::iterations(300),
                &mut GameRng::new(seed),
            )
            .unwrap();
            let visits = |r: &Report<u32>| -> Vec<(u32, u32)> {
                r.candidates.iter().map(|c| (c.action, c.visits)).collect()
            };
            assert_eq!(visits(&a), visits(&b), "seed {seed}");
        }
    }

    #[test]
    fn an_inconsistent_determinize_is_an_error_not_a_loss() {
        let mut g = nim(9, 0);
        g.broken_determinize = true;
        let err = search(&g, 0, Limits::iterations(50), &mut GameRng::new(3)).unwrap_err();
        assert!(matches!(err, SearchError::Determinize(_)), "{err}");
    }

    #[test]
    fn time_limit_stops_the_search_and_reports_a_rate() {
        let limits = Limits {
            iterations: u32::MAX,
            time: Some(Duration::from_millis(50)),
        };
        let report = search(&nim(30, 0), 0, limits, &mut GameRng::new(2)).unwrap();
        assert!(report.seconds < 2.0);
        assert!(report.iterations > 10 && report.iterations_per_second() > 0.0);
    }

    #[test]
    fn a_stop_ends_the_search_with_what_it_found() {
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 40
        };
        let limits = Limits::iterations(1_000_000);
        let report = search_until(&nim(30, 0), 0, limits, &mut GameRng::new(1), &stop).unwrap();
        assert!(report.stopped);
        assert_eq!(report.iterations, 41);
        assert_eq!(report.candidates.len(), 3);
        let full = search(&nim(30, 0), 0, Limits::iterations(41), &mut GameRng::new(1)).unwrap();
        assert!(!full.stopped);
    }

    #[test]
    fn nothing_to_do_is_an_error() {
        let g = nim(9, 0);
        assert_eq!(
            search(&g, 1, Limits::iterations(10), &mut GameRng::new(0)).unwrap_err(),
            SearchError::NothingToDo
        );
    }
}
