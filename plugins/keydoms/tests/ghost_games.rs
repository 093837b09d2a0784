//! Complete random games against ghosts (solo, two players, Spooky) with conservation
//! invariants, plus save/replay and serde round trips of a ghost game.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{artefact_kinds, play_and_replay, seat_to_act, spell_counts, walk, walk_steps};
use tavern_plugin_api::game::check::{random_game, scaled};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::data::{STRENGTHS, type_value};
use tavern_plugin_keydoms::ghost::{GHOSTS, GhostCard};
use tavern_plugin_keydoms::{Keydoms, Stage};

pub fn invariants(g: &Keydoms) {
    for (t, &v) in g.treasure_totals().iter().enumerate() {
        assert_eq!(v, type_value(t), "treasure type {t} not conserved");
    }
    let total = g.total();
    if g.stage != Stage::Setup {
        for gh in &g.ghosts {
            for k in 0..6 {
                assert!(
                    gh.face_up[k] <= gh.artefacts[k],
                    "face-up artefacts it holds"
                );
            }
        }
        for (k, &c) in artefact_kinds(g).iter().enumerate() {
            assert_eq!(c, total, "artefact kind {k} not conserved");
        }
    }
    if g.magic() {
        let seen = spell_counts(g);
        for sp in 1..=21usize {
            let want = if !g.ghosts.is_empty() && GHOSTS.removed_spells.contains(&(sp as u8)) {
                0
            } else {
                1
            };
            assert_eq!(seen[sp], want, "spell {sp} not conserved: {seen:?}");
        }
    }
    for p in &g.players {
        let mut s: Vec<u8> = p.workers.iter().map(|w| w.strength).collect();
        s.sort();
        assert_eq!(s, STRENGTHS.to_vec());
    }
    for gh in &g.ghosts {
        let pairs: Vec<[u8; 2]> = gh.workers.iter().map(|w| [w.castle, w.elsewhere]).collect();
        assert_eq!(
            pairs, GHOSTS.ghosts[gh.kind].workers,
            "ghost counters unchanged"
        );
        assert!(gh.placed() <= GHOSTS.placed_with_raven);
        let actions = gh
            .deck
            .iter()
            .filter(|c| matches!(c, GhostCard::Action(_)))
            .count();
        assert_eq!(
            actions + gh.discard.len(),
            GHOSTS.cards.len(),
            "12 action cards"
        );
    }
    if g.stage == Stage::RoundStart || g.stage == Stage::StartTreasures {
        for p in &g.players {
            assert!(p.workers.iter().all(|w| w.loc.is_none()), "workers return");
        }
        for gh in &g.ghosts {
            assert_eq!(gh.placed(), 0, "ghost counters return");
        }
    }
    if g.stage == Stage::Over {
        assert_eq!(g.artefacts_left(), 0);
        let o = g.outcome().expect("over");
        for s in o.scores.iter().chain(o.others.iter().map(|x| &x.score)) {
            assert_eq!(s.total, s.breakdown.iter().map(|l| l.points).sum::<i64>());
        }
        assert_eq!(o.others.len(), g.ghosts.len());
    }
}

pub fn setup(humans: usize, ghosts: &str, extra: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    for (k, v) in extra {
        s.options.insert((*k).into(), (*v).into());
    }
    s
}

fn games(setup: &Setup, count: usize, what: &str) {
    let count = scaled(count) as u64;
    let mut longest = 0;
    let mut ghost_wins = 0;
    for seed in 0..count {
        let r = random_game::<Keydoms>(setup, seed * 7919 + 17, 30_000, invariants);
        longest = longest.max(r.actions);
        let o = r.outcome;
        let all: Vec<(i64, usize)> = o
            .scores
            .iter()
            .zip(&o.rank)
            .map(|(s, &r)| (s.total, r))
            .chain(o.others.iter().map(|x| (x.score.total, x.rank)))
            .collect();
        let best = all.iter().map(|x| x.0).max().unwrap();
        let firsts: Vec<&(i64, usize)> = all.iter().filter(|x| x.1 == 0).collect();
        assert_eq!(firsts.len(), 1, "turn order breaks the last tie");
        assert_eq!(firsts[0].0, best, "the winner has the best score");
        if o.others.iter().any(|x| x.rank == 0) {
            ghost_wins += 1;
        }
    }
    println!("{what}: {count} games, longest {longest} actions, ghosts won {ghost_wins}");
}

pub const GAMES: usize = 2000;

#[test]
fn random_games_solo() {
    games(&setup(1, "auto", &[]), GAMES, "solo");
}

#[test]
fn random_games_two_players() {
    games(&setup(2, "auto", &[]), GAMES, "two players");
}

#[test]
fn random_games_spooky_three_plus_one() {
    games(&setup(3, "1", &[]), GAMES, "spooky 3+1");
}

#[test]
fn random_games_spooky_two_plus_two() {
    games(&setup(2, "2", &[]), GAMES, "spooky 2+2");
}

#[test]
fn random_games_harder_ghosts_and_muggles() {
    games(
        &setup(
            1,
            "auto",
            &[("ghost_spells", "2"), ("ghost_artefacts", "2")],
        ),
        300,
        "solo, harder",
    );
    games(
        &setup(2, "auto", &[("variant", "muggles")]),
        300,
        "two players, muggles",
    );
    games(
        &setup(5, "1", &[("foreknown", "yes")]),
        300,
        "spooky 5+1 foreknown",
    );
}

#[test]
fn save_round_trip_of_ghost_games() {
    use tavern_plugin_api::game::check::replay_round_trip;
    for seed in 0..scaled(3) as u64 {
        for s in [
            setup(1, "auto", &[("ghost_artefacts", "2")]),
            setup(2, "2", &[]),
            setup(4, "1", &[("foreknown", "yes")]),
        ] {
            let g: Keydoms = replay_round_trip(&s, seed + 40, 30_000);
            assert!(g.outcome().is_some());
        }
    }
}

#[test]
fn replay_and_serde_round_trip_with_ghosts() {
    for seed in 0..scaled(4) as u64 {
        play_and_replay(&setup(1, "auto", &[("ghost_spells", "1")]), seed);
        play_and_replay(&setup(2, "auto", &[]), seed);
        play_and_replay(&setup(3, "2", &[]), seed);
    }
}

/// The view draws ghost games without panicking, whoever holds the start marker.
#[test]
fn views_of_ghost_games() {
    for seed in 0..scaled(20) as u64 {
        let setup = setup(1 + (seed % 2) as usize, "auto", &[]);
        let mut rng = GameRng::new(seed);
        // The bots' re-deals draw from a stream of their own, apart from the walk's.
        let mut deals = GameRng::new(seed + 1000);
        walk(Keydoms::new(&setup).unwrap(), &mut rng, |g, step| {
            let _ = g.view(Some(0));
            let _ = g.view(None);
            if let Some(seat) = seat_to_act(g) {
                let _ = g.legal(seat);
            }
            if step > 0 {
                let _ = g.determinize(0, &mut deals);
            }
        });
    }
}

/// A ghost's turn that turns up a spell, and its roundhouse pick handing the other spell
/// to a player, bring hidden information out: the log marks them as reveals, so a seat
/// cannot take back its move after seeing them.
#[test]
fn ghost_spells_coming_out_are_reveals() {
    let (mut turned_up, mut handed) = (0, 0);
    for seed in 0..scaled(40) as u64 {
        let mut setup = Setup::players(2);
        setup.options.insert("ghosts".into(), "2".into());
        let mut rng = GameRng::new(seed);
        walk_steps(Keydoms::new(&setup).unwrap(), &mut rng, |st| {
            let applied = st.applied;
            if applied.label.contains("turns up the spell") {
                assert!(applied.reveal, "{}", applied.label);
                turned_up += 1;
            }
            if !applied.private_for.is_empty() && st.seat.is_none() {
                assert!(applied.reveal, "{}", applied.label);
                handed += 1;
            }
        });
    }
    assert!(
        turned_up > 0 && handed > 0,
        "{turned_up} spells turned up, {handed} handed"
    );
}
