//! Final scores checked against a scorer written from the rulebook alone, over random games.
mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_above_below::data::{Effect, Good, Kind, Thing, data};
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::{random_game, scaled};

/// Points per seat, computed only from what lies on the table.
fn rulebook_scores(g: &Ab) -> Vec<i64> {
    let d = data();
    let n = g.players.len();
    // Reputation places: 5/3/2 (two players: 3 to the leader); tied seats add the places
    // they share and divide, rounding up.
    let places: Vec<i64> = if n == 2 {
        vec![3, 0]
    } else {
        vec![5, 3, 2, 0][..n].to_vec()
    };
    let mut reps: Vec<i8> = g.players.iter().map(|p| p.reputation).collect();
    reps.sort_unstable_by(|a, b| b.cmp(a));
    let rank_points = |r: i8| -> i64 {
        let first = reps.iter().position(|&x| x == r).unwrap();
        let k = reps.iter().filter(|&&x| x == r).count();
        let sum: i64 = places[first..first + k].iter().sum();
        (sum + k as i64 - 1) / k as i64
    };
    g.players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let mut total = 0i64;
            for (i, (_, k)) in p.track.iter().enumerate() {
                total += *k as i64 * d.board.track_vp[i];
            }
            if let Some(last) = p.track.len().checked_sub(1) {
                total += p.pearls as i64 * d.board.track_vp[last];
            }
            total += (p.houses.len() + p.outposts.len()) as i64;
            total += rank_points(p.reputation);
            total += d.board.reputation_vp[(p.reputation + 7) as usize];
            let owned = |good: Good| -> i64 {
                p.goods[good as usize] as i64
                    + p.track
                        .iter()
                        .filter(|t| t.0 == good)
                        .map(|t| t.1 as i64)
                        .sum::<i64>()
                    + (p.for_sale == Some(good)) as i64
            };
            let cards: Vec<u8> = p
                .houses
                .iter()
                .chain(&p.outposts)
                .map(|b| b.card)
                .chain(p.adventures.iter().copied())
                .collect();
            for c in cards {
                for e in &d.cards[c as usize].effects {
                    total += match *e {
                        Effect::Vp(k) => k as i64,
                        Effect::VpPer(t, k) => {
                            k as i64
                                * match t {
                                    Thing::Good(good) => owned(good),
                                    Thing::Ghost => {
                                        p.houses
                                            .iter()
                                            .chain(&p.outposts)
                                            .filter(|b| b.ghost)
                                            .count() as i64
                                    }
                                    Thing::Outpost => p.outposts.len() as i64,
                                    Thing::Brew => p.brews,
                                    Thing::Villager => {
                                        (p.ready.len() + p.exhausted.len() + p.injured.len()) as i64
                                    }
                                    Thing::House => p
                                        .houses
                                        .iter()
                                        .filter(|b| d.cards[b.card as usize].kind != Kind::Outpost)
                                        .count()
                                        as i64,
                                    Thing::Boat => (p.boats_ready + p.boats_used) as i64,
                                }
                        }
                        Effect::SetsVp => {
                            3 * Good::ALL.iter().filter(|&&g8| owned(g8) >= 2).count() as i64
                        }
                        Effect::Track35 => {
                            p.track.get(2).map_or(0, |t| t.1 as i64)
                                + p.track.get(4).map_or(0, |t| t.1 as i64)
                        }
                        _ => 0,
                    };
                }
            }
            for good in Good::ALL {
                if g.ingredients[good as usize] == Some(s as u8) {
                    total += match good {
                        Good::Rice | Good::Crab | Good::Clam => 1,
                        Good::Tea | Good::Nut | Good::Thornfruit => 2,
                        Good::Squidroot | Good::Rubyfish => 4,
                    };
                }
            }
            total
        })
        .collect()
}

#[test]
fn final_scores_match_an_independent_scorer() {
    let mut checked = 0;
    for n in 2..=4 {
        for seed in 0..scaled(300) as u64 {
            let r = random_game::<Ab>(&setup(n), 9000 + seed, 20_000, |_| {});
            let want = rulebook_scores(&r.final_state);
            let got: Vec<i64> = r.outcome.scores.iter().map(|s| s.total).collect();
            assert_eq!(got, want, "{n} players, seed {seed}");
            // The winner has the most points; ties go to the most coins first.
            let best = *want.iter().max().unwrap();
            for (s, &rank) in r.outcome.rank.iter().enumerate() {
                if rank == 0 {
                    assert_eq!(want[s], best);
                    let rich = (0..n)
                        .filter(|&o| want[o] == best)
                        .map(|o| r.final_state.players[o].coins)
                        .max()
                        .unwrap();
                    assert_eq!(r.final_state.players[s].coins, rich);
                }
            }
            assert_eq!(r.final_state.outcome(), Some(r.outcome.clone()));
            checked += 1;
        }
    }
    assert!(checked >= 3);
}
