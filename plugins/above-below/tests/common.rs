//! Shared helpers for the Above and Below tests.
#![allow(dead_code)]

use tavern_plugin_above_below::data::{Good, Kind, card, data};
use tavern_plugin_above_below::model::{GHOSTS, Pile};
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct, game::apply_checked};

pub fn setup(n: usize) -> Setup {
    Setup::players(n)
}

pub fn setup_with(n: usize, opts: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(n);
    for (k, v) in opts {
        s.options.insert(k.to_string(), v.to_string());
    }
    s
}

fn pile_cards(p: &Pile) -> Vec<u8> {
    p.unseen.iter().chain(&p.bottom).copied().collect()
}

/// Conservation checks that must hold after every action.
pub fn invariants(g: &Ab) {
    let d = data();
    // Villagers: every token in exactly one place.
    let mut v = g.all_villagers();
    v.sort_unstable();
    assert_eq!(
        v,
        (0..d.villagers.len() as u8).collect::<Vec<_>>(),
        "villagers"
    );
    // Cards: every building and adventure card in exactly one place.
    let mut c: Vec<u8> = pile_cards(&g.houses);
    c.extend(pile_cards(&g.outposts));
    c.extend(pile_cards(&g.keys));
    c.extend(&g.house_row);
    c.extend(&g.outpost_row);
    c.extend(&g.key_row);
    c.extend(&g.star_row);
    c.extend(&g.adventure_deck);
    c.extend(&g.boxed_houses);
    for p in &g.players {
        c.extend(p.cards());
    }
    c.sort_unstable();
    assert_eq!(c, (0..d.cards.len() as u8).collect::<Vec<_>>(), "cards");
    // Caves: piles, tops, explore in progress and villages.
    let mut k: Vec<u8> = pile_cards(&g.basic);
    k.extend(pile_cards(&g.dangerous));
    k.extend(g.cave_top.iter().flatten());
    if let Some(e) = &g.explore {
        k.push(e.cave);
    }
    for p in &g.players {
        k.extend(p.caves.iter().map(|c| c.cave));
    }
    k.sort_unstable();
    assert_eq!(k, (0..d.caves.len() as u8).collect::<Vec<_>>(), "caves");
    // Supply flows: what the players hold is what the supply handed out.
    let coins: i64 = g.players.iter().map(|p| p.coins).sum();
    assert_eq!(coins, g.coins_out, "coins");
    let brews: i64 = g.players.iter().map(|p| p.brews).sum();
    assert_eq!(brews, g.brews_out, "brews");
    let boats: i64 = g
        .players
        .iter()
        .map(|p| (p.boats_ready + p.boats_used) as i64)
        .sum();
    assert_eq!(boats, g.boats_out, "boats");
    let pearls: i64 = g.players.iter().map(|p| p.pearls as i64).sum();
    assert_eq!(pearls, g.pearls_out, "pearls");
    for good in Good::ALL {
        let held: i64 = g
            .players
            .iter()
            .map(|p| {
                p.goods[good.idx()] as i64
                    + p.track_goods(good) as i64
                    + (p.for_sale == Some(good)) as i64
                    + p.buildings()
                        .filter(|b| g.card(b.card).carries().map(|x| x.0) == Some(good))
                        .map(|b| b.goods as i64)
                        .sum::<i64>()
            })
            .sum();
        assert_eq!(held, g.goods_out[good.idx()], "goods {good:?}");
    }
    let ghosts: u32 = g.players.iter().map(|p| p.ghosts() as u32).sum();
    assert_eq!(
        ghosts + g.ghosts as u32 + g.ghost_due as u32,
        GHOSTS as u32,
        "ghosts"
    );
    for p in &g.players {
        assert!(p.coins >= 0 && p.brews >= 0, "negative coins or brews");
        assert!((-7..=7).contains(&p.reputation));
        assert!(p.track.len() <= 8);
        let mut kinds: Vec<Good> = p.track.iter().map(|t| t.0).collect();
        kinds.sort();
        kinds.dedup();
        assert_eq!(kinds.len(), p.track.len(), "one kind per track slot");
        assert!(p.track.iter().all(|t| t.1 > 0));
        assert!(p.outposts.iter().all(|b| card(b.card).outpost));
        assert!(
            p.houses
                .iter()
                .all(|b| card(b.card).kind.is_house() && !card(b.card).outpost)
        );
    }
    let _ = Kind::House;
}

/// A game through setup, with draws taken in a fixed order (the lowest card first) unless
/// `stack` names the card for a deck.
pub fn fresh(n: usize) -> Ab {
    fresh_with(&setup(n))
}

pub fn fresh_with(s: &Setup) -> Ab {
    let mut g = Ab::new(s).unwrap();
    while g.to_act() == ToAct::Chance {
        let a = match g.outcomes()[0] {
            a @ Action::Draw { .. } => a,
            _ => Action::Roll { face: 1 },
        };
        apply_checked(&mut g, None, &a).unwrap();
    }
    g
}

/// Applies a seat action through the legality check.
pub fn act(g: &mut Ab, seat: usize, a: Action) -> String {
    apply_checked(g, Some(seat), &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat}: {e}"))
        .label
}

/// Applies a chance outcome through the outcome check.
pub fn chance(g: &mut Ab, a: Action) -> String {
    apply_checked(g, None, &a)
        .unwrap_or_else(|e| panic!("chance {a:?}: {e}"))
        .label
}

pub fn roll(g: &mut Ab, face: u8) -> String {
    chance(g, Action::Roll { face })
}

/// Settles any draws due with the first unseen card.
pub fn settle(g: &mut Ab) {
    while g.to_act() == ToAct::Chance
        && let Some(a @ Action::Draw { .. }) = g.outcomes().first().copied()
    {
        chance(g, a);
    }
}

pub fn random_to_end(g: &mut Ab, seed: u64) {
    let mut rng = GameRng::new(seed);
    while let Some((seat, a)) = tavern_plugin_api::game::check::random_move(g, &mut rng) {
        apply_checked(g, seat, &a).unwrap();
    }
}
