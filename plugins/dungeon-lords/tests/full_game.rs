//! Random complete games of the full two-year game for 2, 3 and 4 lords and each option
//! set, with the invariants the rules promise, and final scores checked against a scorer
//! written here from the rulebook's overview alone.
mod common;

use tavern_plugin_api::Setup;
use tavern_plugin_api::game::check::{random_game, replay_round_trip, scaled};
use tavern_plugin_dungeon_lords::data::{Class, adv, data, monster};
use tavern_plugin_dungeon_lords::model::{Lord, TileKind};
use tavern_plugin_dungeon_lords::{Dl, Phase};

fn setup(n: usize, full_rules: bool) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("mode".into(), "game".into());
    let v = if full_rules { "on" } else { "off" };
    for k in [
        "initial-orders",
        "recruit-gold",
        "evil-cost",
        "special-events",
    ] {
        s.options.insert(k.into(), v.into());
    }
    s
}

/// `invariant`, and every 40th state again after the bots' determinize for seat 0, which
/// must keep what seat 0 knows (its own cards) and every count.
fn checked(g: &Dl) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    invariant(g);
    let k = CALLS.fetch_add(1, Ordering::Relaxed);
    if k.is_multiple_of(40) && g.full.is_some() {
        let mut rng = tavern_plugin_api::GameRng::new(k);
        let d = tavern_plugin_api::Game::determinize(g, 0, &mut rng);
        invariant(&d);
        assert_eq!(
            d.lords[0].traps, g.lords[0].traps,
            "the viewer's own cards stay"
        );
        for (a, b) in d.lords.iter().zip(&g.lords) {
            assert_eq!(
                a.traps.iter().map(|&x| x as u32).sum::<u32>(),
                b.traps.iter().map(|&x| x as u32).sum::<u32>(),
                "hand sizes are public"
            );
        }
    }
}

/// Every component is somewhere: trap cards in the deck, in hands, played or discarded;
/// imps, gold and food never negative (u8), Evil on the track.
fn invariant(g: &Dl) {
    let top = data().evilometer.top;
    let Some(f) = g.full.as_ref() else { return };
    for k in 0..data().traps.len() {
        let held: u32 = g
            .lords
            .iter()
            .map(|l| l.traps[k] as u32 + l.discarded[k] as u32)
            .sum();
        let total = held + f.trap_deck[k] as u32 + f.discards.traps[k] as u32;
        assert_eq!(total, data().traps[k].copies as u32, "trap cards conserved");
    }
    for l in &g.lords {
        assert!(l.evil <= top);
        assert!(l.party.len() <= 5);
    }
    assert!(g.year <= 2);
    // No adventurer tile is ever in two places.
    let mut seen: Vec<u8> = g.all_adventurers();
    seen.extend(&f.adv_pool);
    seen.extend(&f.adv_bottom);
    seen.extend(&f.forecast);
    seen.extend(&f.incoming);
    seen.extend(&f.discards.advs);
    let before = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), before, "an adventurer tile in two places");
    if let Some(e) = f.np_evil {
        assert!(e <= top);
    }
    // Monster tiles of the year: pool + tavern + lairs + discards never exceed the box.
    let lairs: usize = g.lords.iter().map(|l| l.lair.len()).sum();
    let all: usize = data()
        .monsters
        .iter()
        .map(|m| (m.year1 + m.year2) as usize)
        .sum();
    assert!(f.monster_pool.len() + f.tavern.len() + lairs + f.discards.monsters.len() <= all);
}

/// The overview's lines and titles, from the rulebook only.
fn independent(lords: &[Lord]) -> Vec<i64> {
    let n = lords.len();
    let mut pts: Vec<i64> = vec![0; n];
    let mut cat: Vec<[i64; 7]> = Vec::new();
    for (i, l) in lords.iter().enumerate() {
        let mut rooms = 0;
        let mut tunnels = 0;
        let mut conquered = 0;
        for t in l.grid.iter().flatten() {
            if t.conquered {
                pts[i] -= 2;
                conquered += 1;
            } else if t.kind == TileKind::Room {
                pts[i] += 2;
            }
            if t.kind == TileKind::Room {
                rooms += 1;
            } else {
                tunnels += 1;
            }
        }
        let monsters = l.lair.iter().filter(|m| !monster(m.kind).ghost).count() as i64;
        pts[i] += monsters;
        for &p in &l.prison {
            pts[i] += if adv(p).class == Class::Paladin { 5 } else { 2 };
        }
        pts[i] -= 3 * l.dead_letters as i64;
        for t in l.grid.iter().flatten() {
            if t.conquered {
                continue;
            }
            let Some(r) = t.room else { continue };
            let key = tavern_plugin_dungeon_lords::data::room(r).key.as_str();
            let count = |ks: &[&str]| {
                l.lair
                    .iter()
                    .filter(|m| ks.contains(&monster(m.kind).key.as_str()))
                    .count() as i64
            };
            pts[i] += match key {
                "cafeteria" => count(&["troll", "goblin", "slime", "witch"]),
                "chapel" => 2 * count(&["vampire", "ghost"]),
                "pandemonium" => 2 * count(&["golem", "dragon", "demon"]),
                _ => 0,
            };
        }
        let riches = l.gold as i64 + l.food as i64 + l.traps.iter().map(|&x| x as i64).sum::<i64>();
        cat.push([
            l.evil as i64,
            rooms,
            tunnels,
            monsters,
            l.imps as i64,
            riches,
            -conquered,
        ]);
    }
    let (alone, shared) = if n == 2 { (2, 1) } else { (3, 2) };
    let mut titles = vec![0i64; n];
    for c in 0..7 {
        let best = cat.iter().map(|x| x[c]).max().unwrap();
        let winners: Vec<usize> = (0..n).filter(|&i| cat[i][c] == best).collect();
        for &w in &winners {
            titles[w] += if winners.len() == 1 { alone } else { shared };
        }
    }
    for (i, l) in lords.iter().enumerate() {
        pts[i] += titles[i];
        // The Hall of Fame, while unconquered: 2 per title held alone (1 with 2 or 3).
        let fame = l
            .grid
            .iter()
            .flatten()
            .filter(|t| {
                !t.conquered
                    && t.room.is_some_and(|r| {
                        tavern_plugin_dungeon_lords::data::room(r).key == "hall-of-fame"
                    })
            })
            .count() as i64;
        let alone_held = (0..7)
            .filter(|&c| {
                let best = cat.iter().map(|x| x[c]).max().unwrap();
                cat[i][c] == best && cat.iter().filter(|x| x[c] == best).count() == 1
            })
            .count() as i64;
        let each = if n == 4 { 2 } else { 1 };
        pts[i] += fame * alone_held * each;
    }
    pts
}

fn play(n: usize, full_rules: bool, games: usize) {
    for seed in 0..games as u64 {
        let st = setup(n, full_rules);
        let r = random_game::<Dl>(&st, seed * 7919 + n as u64, 20_000, checked);
        let g = &r.final_state;
        assert_eq!(g.phase, Phase::Over);
        assert_eq!(g.year, 2, "the game ends after year 2");
        for l in &g.lords {
            let met = l
                .prison
                .iter()
                .chain(&l.distant)
                .filter(|&&a| adv(a).class != Class::Paladin)
                .count();
            assert_eq!(met, 6, "three adventurers a year for every lord");
        }
        let expect = independent(&g.lords);
        let got: Vec<i64> = r.outcome.scores.iter().map(|s| s.total).collect();
        assert_eq!(got, expect, "final scores (seed {seed}, {n} players)");
    }
}

// 1,000 complete games per player count and option set (the first game's rules, the
// full rules), as issue 12 asks.
fn play_both_rule_sets(n: usize) {
    play(n, false, scaled(1000));
    play(n, true, scaled(1000));
}

#[test]
fn random_full_games_two_players() {
    play_both_rule_sets(2);
}

#[test]
fn random_full_games_three_players() {
    play_both_rule_sets(3);
}

#[test]
fn random_full_games_four_players() {
    play_both_rule_sets(4);
}

#[test]
fn full_game_replays_from_its_log() {
    for n in 2..=4 {
        replay_round_trip::<Dl>(&setup(n, n == 3), 11 + n as u64, 20_000);
    }
}
