//! `tavern simulate`: random games played inside a plugin, and leagues of bots (each
//! seat a random player or a tree search of some level) with their results per seat.

use std::sync::Arc;
use std::time::Instant;

use tavern_plugin_api::search::Limits;
use tavern_plugin_api::{SeatKind, Setup, ToAct};

use crate::cli::{CliError, rules, usage};
use crate::plugin::{BotAsk, Plugin, PluginError};
use crate::session::{BotDecision, Session, UndoMode, plan_decision, step_seed};

/// Random games played inside the plugin (`Request::Playouts`), one per seed.
pub(crate) fn simulate(
    plugin: &Arc<Plugin>,
    setup: Setup,
    games: u32,
    seed: u64,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let players = setup.seats.len();
    let start = Instant::now();
    let mut tally = Tally::new(players);
    for g in 0..games {
        let mut setup = setup.clone();
        setup.seed = seed.wrapping_add(g as u64);
        let inst = plugin.create(&setup).map_err(rules)?;
        let r = inst.playouts(1, setup.seed).map_err(rules)?;
        let scores = inst_outcome_after_playout(&r);
        // The report counts each winner of a shared win once; split it as `Tally` does.
        let winners: Vec<usize> = (0..players)
            .filter(|&s| r.wins.get(s).copied().unwrap_or(0) > 0)
            .collect();
        tally.add(&scores, &winners, r.actions, |s| s);
    }
    let header = format!("{players} players, random play");
    tally.print(&plugin.info.name, games, &header, start, &[], out);
    Ok(())
}

/// Who plays a seat in `tavern simulate --seats`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// Uniformly random legal actions (plans included, step by step).
    Random,
    /// The tree search at a level.
    Tree(u8),
    /// The first, flat search at a level.
    Flat(u8),
}

impl Player {
    pub(crate) fn parse(kind: &str) -> Result<Player, CliError> {
        Ok(match kind.trim() {
            "random" => Player::Random,
            "mcts1" => Player::Tree(1),
            "mcts2" => Player::Tree(2),
            "mcts3" => Player::Tree(3),
            "flat" | "flat3" => Player::Flat(3),
            "flat1" => Player::Flat(1),
            "flat2" => Player::Flat(2),
            other => {
                return Err(usage(format!(
                    "unknown seat kind {other:?}: random, mcts1, mcts2, mcts3 or flat"
                )));
            }
        })
    }

    fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Tree(l) => format!("mcts{l}"),
            Player::Flat(3) => "flat".into(),
            Player::Flat(l) => format!("flat{l}"),
        }
    }

    /// How this kind asks the plugin's bot, `budget` scaling a tree search's iteration
    /// cap (and dropping its time budget).
    fn ask(self, budget: Option<f64>) -> Option<BotAsk> {
        match self {
            Player::Random => None,
            Player::Tree(level) => Some(BotAsk {
                level,
                iterations: budget.map(|f| {
                    let cap = Limits::for_level(level).iterations as f64 * f;
                    cap.round().max(1.0) as u32
                }),
                millis: None,
                flat: false,
            }),
            Player::Flat(level) => Some(BotAsk {
                level,
                flat: true,
                ..BotAsk::default()
            }),
        }
    }
}

/// The kinds of a simulation and how they sit.
pub(crate) struct League {
    kinds: Vec<Player>,
    budget: Option<f64>,
    rotate: bool,
}

impl League {
    pub(crate) fn new(kinds: Vec<Player>, budget: Option<f64>, rotate: bool) -> League {
        League {
            kinds,
            budget,
            rotate,
        }
    }

    /// The kind (by its place in the list) at `position` in game `g`.
    fn kind_at(&self, position: usize, g: u32) -> usize {
        let n = self.kinds.len();
        if self.rotate {
            (position + g as usize) % n
        } else {
            position
        }
    }

    pub(crate) fn header(&self) -> String {
        let names: Vec<String> = self.kinds.iter().map(|k| k.name()).collect();
        let mut h = format!("{} players, seats {}", names.len(), names.join(","));
        if self.rotate && self.kinds.len() > 1 {
            h.push_str(" (the kinds take turns at each position; seat N is the Nth kind listed)");
        }
        match self.budget {
            Some(f) => h.push_str(&format!(
                "; tree searches at {f} × their level's iteration cap, no time budget"
            )),
            None => h.push_str("; bots at their levels' time budgets"),
        }
        h
    }
}

/// Wins, scores and lengths per listed seat, and the bots' search rates.
struct Tally {
    /// Win shares: a win shared by k seats counts 1/k.
    wins: Vec<f64>,
    outright: Vec<u32>,
    shared: Vec<u32>,
    sums: Vec<i64>,
    extremes: Vec<(i64, i64)>,
    lengths: Vec<u64>,
    /// Per listed seat: searches with iterations, their iterations and seconds.
    searches: Vec<(u64, u64, f64)>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            wins: vec![0.0; n],
            outright: vec![0; n],
            shared: vec![0; n],
            sums: vec![0; n],
            extremes: vec![(i64::MAX, i64::MIN); n],
            lengths: Vec::new(),
            searches: vec![(0, 0, 0.0); n],
        }
    }

    /// One game: scores and winners by position, `listed(position)` the listed seat
    /// that played it.
    fn add(
        &mut self,
        scores: &[i64],
        winners: &[usize],
        len: u64,
        listed: impl Fn(usize) -> usize,
    ) {
        self.lengths.push(len);
        for (pos, &sc) in scores.iter().enumerate() {
            let k = listed(pos);
            self.sums[k] += sc;
            self.extremes[k] = (self.extremes[k].0.min(sc), self.extremes[k].1.max(sc));
        }
        for &w in winners {
            let k = listed(w);
            self.wins[k] += 1.0 / winners.len() as f64;
            if winners.len() == 1 {
                self.outright[k] += 1;
            } else {
                self.shared[k] += 1;
            }
        }
    }

    fn print(
        &self,
        name: &str,
        games: u32,
        header: &str,
        start: Instant,
        kinds: &[Player],
        out: &mut dyn std::io::Write,
    ) {
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        let n = self.lengths.len().max(1) as f64;
        let avg_len = self.lengths.iter().sum::<u64>() as f64 / n;
        writeln!(out, "{name} — {games} games, {header}").ok();
        writeln!(out, "games/s: {:.2}", games as f64 / secs).ok();
        writeln!(
            out,
            "average length: {avg_len:.1} actions (min {}, max {})",
            self.lengths.iter().min().unwrap_or(&0),
            self.lengths.iter().max().unwrap_or(&0)
        )
        .ok();
        writeln!(out, "shared wins: a win shared by k seats counts 1/k").ok();
        let g = games.max(1) as f64;
        for k in 0..self.wins.len() {
            let kind = kinds
                .get(k)
                .map(|p| format!(" ({})", p.name()))
                .unwrap_or_default();
            let mut line = format!(
                "seat {}{kind}: win rate {:.1}% ({} won, {} shared), score avg {:.1} (min {}, max {})",
                k + 1,
                100.0 * self.wins[k] / g,
                self.outright[k],
                self.shared[k],
                self.sums[k] as f64 / g,
                self.extremes[k].0,
                self.extremes[k].1
            );
            let (asks, iterations, seconds) = self.searches[k];
            if asks > 0 {
                line.push_str(&format!(
                    "; search {:.0} iterations/s, {:.0} iterations a decision",
                    iterations as f64 / seconds.max(1e-9),
                    iterations as f64 / asks as f64
                ));
            }
            writeln!(out, "{line}").ok();
        }
    }
}

/// Games through a `Session`, each seat played by its kind; every decision, plan steps
/// and all, is worked out on a copy and logged as one entry, as the table does.
pub(crate) fn simulate_seats(
    plugin: &Arc<Plugin>,
    setup: Setup,
    games: u32,
    league: &League,
    header: &str,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let players = setup.seats.len();
    let start = Instant::now();
    let mut tally = Tally::new(players);
    for g in 0..games {
        let mut setup = setup.clone();
        setup.seed = setup.seed.wrapping_add(g as u64);
        for (pos, st) in setup.seats.iter_mut().enumerate() {
            st.kind = match league.kinds[league.kind_at(pos, g)] {
                Player::Random => SeatKind::Human,
                Player::Tree(level) | Player::Flat(level) => SeatKind::Bot { level },
            };
        }
        let mut s = Session::new(plugin.clone(), setup, UndoMode::Learning).map_err(rules)?;
        let mut decisions = 0u64;
        while let ToAct::Seats(seats) = s.to_act().map_err(rules)? {
            // In a simultaneous step the seats decide in an order drawn from the game.
            let seat = seats[(s.bot_seed() % seats.len() as u64) as usize];
            let k = league.kind_at(seat, g);
            let decision = match league.kinds[k].ask(league.budget) {
                Some(ask) => s.bot_play(seat, ask).map_err(rules)?,
                None => random_play(&mut s, seat)?,
            };
            for r in decision.reports.iter().filter(|r| r.iterations > 0) {
                let t = &mut tally.searches[k];
                *t = (t.0 + 1, t.1 + u64::from(r.iterations), t.2 + r.seconds);
            }
            decisions += 1;
            if decisions > 100_000 {
                return Err(rules("a game did not end within 100000 decisions"));
            }
        }
        let o = s
            .outcome()
            .map_err(rules)?
            .ok_or_else(|| rules("finished game without outcome"))?;
        let scores: Vec<i64> = o.scores.iter().map(|sc| sc.total).collect();
        tally.add(&scores, &o.winners(), s.log().len() as u64, |pos| {
            league.kind_at(pos, g)
        });
    }
    tally.print(&plugin.info.name, games, header, start, &league.kinds, out);
    Ok(())
}

/// A random player's decision: a uniform pick from the legal list, plan steps one at a
/// time on a copy, logged with their confirm as one entry.
fn random_play(s: &mut Session, seat: usize) -> Result<BotDecision, CliError> {
    let copy = s.bot_instance().map_err(rules)?;
    let seed = s.bot_seed();
    let decision = plan_decision(&copy, seat, |inst, i| {
        let mut legal = inst.legal(seat)?;
        if legal.is_empty() {
            return Err(PluginError::Illegal(format!(
                "seat {seat} has nothing to do"
            )));
        }
        let pick = (step_seed(seed, i) % legal.len() as u64) as usize;
        Ok(Some((legal.swap_remove(pick), None)))
    })
    .map_err(rules)?
    .ok_or_else(|| rules("a random player gave up"))?;
    s.apply_plan(seat, &decision.steps, decision.entry.action.clone())
        .map_err(rules)?;
    Ok(decision)
}

fn inst_outcome_after_playout(r: &tavern_plugin_api::proto::PlayoutReport) -> Vec<i64> {
    // One game per report, so the sums are that game's scores.
    r.score_sums.clone()
}
