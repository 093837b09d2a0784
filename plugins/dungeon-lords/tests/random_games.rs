//! Random complete trainings through `check::random_game`, and random combats of 2–4
//! dungeons built from random positions, with the invariants the rules promise.
mod common;

use std::cell::Cell;

use common::*;
use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::{random_game, random_move, replay_round_trip, scaled};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::data::{Class, adv, data};
use tavern_plugin_dungeon_lords::grid::neighbours;
use tavern_plugin_dungeon_lords::model::{Adv, Lord, Monster, Tile, TileKind};
use tavern_plugin_dungeon_lords::{Dl, Phase};

/// What must hold after every action, against the state the combat started from.
fn check(g: &Dl, start: &Dl, conquered_before: &[usize]) {
    let mut now = g.all_adventurers();
    let mut then = start.all_adventurers();
    now.sort();
    then.sort();
    assert_eq!(now, then, "adventurers are neither created nor lost");
    for (s, l) in g.lords.iter().enumerate() {
        let l0 = &start.lords[s];
        for a in &l.party {
            assert!(
                a.damage < a.hp(),
                "an eliminated adventurer stayed in the party"
            );
        }
        for (i, a) in l.party.iter().enumerate() {
            if a.class() == Class::Paladin {
                let ahead = l.party[..i].iter().all(|b| b.class() == Class::Illusion);
                assert!(ahead, "the paladin stands first (an illusion may be ahead)");
            }
        }
        assert!(
            l.conquered() >= conquered_before[s],
            "a conquered tile came back"
        );
        assert!(l.gold <= l0.gold && l.food <= l0.food && l.imps <= l0.imps);
        for k in 0..l.traps.len() {
            assert_eq!(
                l.traps[k] + l.discarded[k],
                l0.traps[k] + l0.discarded[k],
                "trap cards are conserved"
            );
        }
        assert!(
            l.evil <= data().evilometer.top,
            "Evil stays on the Evilometer"
        );
        assert_eq!(l.lair.len(), l0.lair.len());
        assert!(
            l.prison.len() >= l0.prison.len() || !l.distant.is_empty(),
            "prisoners leave only for the Distant Lands"
        );
    }
    assert!(g.round <= 4);
}

/// Scores written straight from the overview's lines, apart from the game's code.
fn independent_score(l: &Lord) -> i64 {
    let mut pts = 0i64;
    for &p in &l.prison {
        pts += if adv(p).class == Class::Paladin { 5 } else { 2 };
    }
    for t in l.grid.iter().flatten() {
        match (t.kind, t.conquered) {
            (_, true) => pts -= 2,
            (TileKind::Room, false) => pts += 2,
            (TileKind::Tunnel, false) => {}
        }
    }
    pts
}

#[test]
fn random_trainings() {
    let per = scaled(400);
    for sc in &data().scenarios {
        let s = setup(&sc.key);
        let start = Dl::new(&s).unwrap();
        for seed in 0..per as u64 {
            let before = Cell::new(0usize);
            let r = random_game::<Dl>(&s, seed, 200, |g| {
                check(g, &start, &[before.get()]);
                before.set(g.lords[0].conquered());
            });
            let g = &r.final_state;
            assert_eq!(g.phase, Phase::Over);
            assert!(g.lords.iter().all(|l| l.party.is_empty()));
            assert!(
                g.lords[0].lair.iter().all(|m| m.ready),
                "monsters face up at the end"
            );
            assert!(
                g.lords[0].conquered() >= sc.best as usize,
                "nobody beats the best"
            );
            assert_eq!(r.outcome.scores[0].total, independent_score(&g.lords[0]));
        }
    }
}

#[test]
fn training_save_replays() {
    for sc in &data().scenarios {
        let g = replay_round_trip::<Dl>(&setup(&sc.key), 7, 500);
        assert!(g.outcome().is_some());
    }
}

/// A random dungeon grown from the entrance, some tiles rooms, some already conquered.
fn random_lord(rng: &mut GameRng, name: &str, pool: &mut Vec<u8>) -> Lord {
    let mut l = Lord::empty(name);
    let size = rng.random_range(1..=8);
    let mut dug = vec![data().grid.entrance as usize];
    while dug.len() < size {
        let from = dug[rng.random_range(0..dug.len())];
        let nb: Vec<usize> = neighbours(from).filter(|n| !dug.contains(n)).collect();
        if nb.is_empty() {
            continue;
        }
        dug.push(nb[rng.random_range(0..nb.len())]);
    }
    for sq in dug {
        let room = rng.random_range(0..4) == 0;
        let kind = if room {
            TileKind::Room
        } else {
            TileKind::Tunnel
        };
        // Rooms are sometimes the room store's tiles, combat rooms included.
        let id = (room && rng.random_range(0..2) == 0)
            .then(|| rng.random_range(0..data().rooms.len()) as u8);
        l.grid[sq] = Some(Tile {
            kind,
            conquered: rng.random_range(0..6) == 0,
            room: id,
        });
    }
    for _ in 0..rng.random_range(0..=4) {
        if pool.is_empty() {
            break;
        }
        let id = pool.swap_remove(rng.random_range(0..pool.len()));
        l.party.push(Adv::new(id, rng.random_range(0..adv(id).hp)));
    }
    // Warriors march in front.
    l.party.sort_by_key(|a| a.class() != Class::Warrior);
    for _ in 0..rng.random_range(0..=4) {
        let k = rng.random_range(0..l.traps.len());
        l.traps[k] += 1;
    }
    for _ in 0..rng.random_range(0..=5) {
        l.lair.push(Monster {
            kind: rng.random_range(0..data().monsters.len()) as u8,
            ready: rng.random_range(0..5) != 0,
        });
    }
    l.gold = rng.random_range(0..=3);
    l.food = rng.random_range(0..=3);
    l.imps = rng.random_range(0..=3);
    l.evil = rng.random_range(0..=data().evilometer.top);
    l
}

fn random_combat(rng: &mut GameRng) -> Dl {
    let n = rng.random_range(2..=4);
    let mut pool: Vec<u8> = (0..data().adventurers.len() as u8)
        .filter(|&i| !matches!(adv(i).class, Class::Paladin | Class::Illusion))
        .collect();
    let lords: Vec<Lord> = (0..n)
        .map(|s| random_lord(rng, &format!("Lord {s}"), &mut pool))
        .collect();
    let year = rng.random_range(1..=2);
    let mut g = Dl::combat(lords, year, rng.random_range(1..=3));
    g.start = rng.random_range(0..n);
    let pal = data()
        .adventurers
        .iter()
        .position(|a| a.class == Class::Paladin && a.year == year)
        .unwrap() as u8;
    g.paladin_tent = Some(pal);
    // Half the combats draw combat cards (spells, varying fatigue), half use training's.
    g.deal_due = rng.random_range(0..2) == 0;
    g.begin();
    g
}

#[test]
fn random_combats_of_several_dungeons() {
    let games = scaled(1000);
    let mut rng = GameRng::new(99);
    let mut paladin_moves = 0;
    let mut spells = 0;
    for _ in 0..games {
        let start = random_combat(&mut rng);
        let mut g = start.clone();
        let mut conquered: Vec<usize> = g.lords.iter().map(|l| l.conquered()).collect();
        let mut steps = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            let applied = apply_checked(&mut g, seat, &a).expect("legal action");
            if applied.label.contains("paladin leaves") {
                paladin_moves += 1;
            }
            if applied.label.contains("Spell: the wizards cast") {
                spells += 1;
            }
            check(&g, &start, &conquered);
            conquered = g.lords.iter().map(|l| l.conquered()).collect();
            on_canvas(&g, seat);
            steps += 1;
            assert!(steps < 1000, "combat always ends");
        }
        assert_eq!(g.phase, Phase::Over);
        let o = g.outcome().expect("outcome");
        for (s, l) in g.lords.iter().enumerate() {
            assert_eq!(o.scores[s].total, independent_score(l));
            assert!(l.party.is_empty());
        }
    }
    assert!(
        paladin_moves > 0,
        "random combats exercise the paladin's moves"
    );
    assert!(spells > 0, "random combats cast spells");
}

/// Prints (never asserts: the machine may be busy) how many random trainings and random
/// combats of several dungeons run per second in process. Run alone with
/// `cargo test --release -p tavern-dungeon-lords --test random_games speed_report --
/// --nocapture`; `tavern bench` measures the training through the host.
#[test]
fn speed_report() {
    use std::time::Instant;
    let g = training("training-4");
    let t = Instant::now();
    let r = tavern_plugin_api::abi::playouts(&g, 20_000, 5);
    println!(
        "training 4: {:.0} random games/s ({:.1} actions per game)",
        r.games as f64 / t.elapsed().as_secs_f64(),
        r.actions as f64 / r.games as f64
    );
    let mut rng = GameRng::new(1);
    let starts: Vec<Dl> = (0..2000).map(|_| random_combat(&mut rng)).collect();
    let t = Instant::now();
    let mut actions = 0u64;
    for s in &starts {
        let mut g = s.clone();
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply_quiet(seat, &a).unwrap();
            actions += 1;
        }
    }
    println!(
        "random combats of 2-4 dungeons: {:.0} per second ({:.1} actions each)",
        starts.len() as f64 / t.elapsed().as_secs_f64(),
        actions as f64 / starts.len() as f64
    );
}

/// Every shape of the view stays on the canvas, texts at a readable size, for any seat.
fn on_canvas(g: &Dl, seat: Option<usize>) {
    use tavern_plugin_api::scene::Shape;
    let v = g.view(seat);
    let s = &v.scene;
    for it in &s.items {
        match &it.shape {
            Shape::Rect { rect, .. } | Shape::Card { rect, .. } => {
                assert!(
                    rect.x >= 0.0 && rect.x + rect.w <= s.width && rect.y + rect.h <= s.height,
                    "{rect:?} off the canvas"
                );
                assert!(rect.w > 20.0, "{rect:?} too narrow");
            }
            Shape::Text { text, size, .. } => {
                assert!(*size >= 16.25);
                // Where the text lies by its alignment (a right-aligned text ends at its
                // position).
                let b = it.shape.bounds();
                assert!(b.x >= 0.0 && b.x + b.w <= s.width, "{text:?} runs off");
            }
            _ => {}
        }
    }
}
