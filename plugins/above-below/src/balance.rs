//! The encounter book's balance, in coins: what a reward is worth, the band each explore
//! number's reward must fall in, and the chance a party of villagers reaches a number. The
//! book's header quotes [`header`] word for word (a test holds it to that), so the figures a
//! writer reads are the ones the data gives.
//!
//! The scale is the designer's from the original game: easy (explore 2-3) 1-2 coins or a
//! common good, medium (4-5) about 4 coins or coins and a good, hard (6 and up) 5-6 coins or
//! coins and a rare good; a new villager is worth about 4 coins.

use crate::book::{Book, Choice, Item};
use crate::data::{Effect, Good, Thing, data};

/// A good in coins: a common one stands for the scale's "1-2 coins".
pub fn good_value(g: Good) -> f64 {
    match g.ingredient_vp() {
        1 => 1.5,
        2 => 2.5,
        _ => 4.0,
    }
}

/// One symbol of an adventure card in coins, counting about three rounds left to use it when
/// the card is found and a point as a coin.
pub fn effect_value(e: Effect) -> f64 {
    match e {
        Effect::Beds(k) => 3.0 * k as f64,
        Effect::Income(k) => 3.0 * k as f64,
        Effect::Vp(k) => k as f64,
        Effect::Refill(g) => 2.0 * good_value(g),
        Effect::Stock(k, g) => k as f64 * good_value(g),
        Effect::Reputation(k) => k as f64,
        Effect::HireToReady => 2.0,
        Effect::CoinAfter(_) => 2.5,
        Effect::Reroll(k) => 2.5 * k as f64,
        Effect::RefillTwoGood => 3.0,
        Effect::ReputationOnBuild => 2.0,
        Effect::RollFirst => 3.0,
        Effect::Boat => 1.5,
        Effect::BrewOnLabor => 2.0,
        Effect::ReputationEachRound => 4.0,
        Effect::Brews(k) => 1.5 * k as f64,
        Effect::SetsVp => 3.0,
        Effect::CoinWithGhost => 2.0,
        Effect::Track35 => 3.0,
        Effect::OutpostWithoutCave => 2.0,
        // How many of the thing a village typically holds at the end.
        Effect::VpPer(t, k) => {
            k as f64
                * match t {
                    Thing::Villager => 5.0,
                    Thing::House => 4.0,
                    Thing::Boat => 1.5,
                    Thing::Good(_) | Thing::Ghost | Thing::Outpost | Thing::Brew => 2.0,
                }
        }
        // A lantern on every explore for the rest of the game.
        Effect::Lantern(k) => 4.0 * k as f64,
    }
}

/// An adventure card by its number, in coins.
pub fn adventure_value(number: u8) -> f64 {
    let d = data();
    d.adventure(number)
        .map(|c| {
            d.cards[c as usize]
                .effects
                .iter()
                .map(|&e| effect_value(e))
                .sum()
        })
        .unwrap_or(0.0)
}

pub fn item_value(i: Item) -> f64 {
    match i {
        Item::Coins(k) => k as f64,
        Item::Good(g, k) => k as f64 * good_value(g),
        Item::Reputation(k) => k as f64,
        Item::Brews(k) | Item::Boats(k) => 1.5 * k as f64,
        Item::Villager | Item::Special(_) => 4.0,
        Item::Adventure(n) => adventure_value(n),
        Item::Ghost => -2.0,
        Item::Injure => -1.0,
        Item::Pearl => PEARL,
    }
}

/// A pearl, scored on the highest filled track slot at the end.
pub const PEARL: f64 = 3.0;

pub fn value(items: &[Item]) -> f64 {
    items.iter().map(|&i| item_value(i)).sum()
}

/// What a success at this choice is worth: its rewards less what it cost to try.
pub fn net_reward(book: &Book, c: &Choice) -> f64 {
    value(&book.entry(c.goto).reward) - value(&c.cost)
}

/// The explore number a choice's reward is judged at: a choice offered only to a holder of
/// an adventure card pays as if it were two numbers harder, the card standing for the
/// lanterns it saves (that is what makes carrying the card worth it).
pub fn judged_at(c: &Choice) -> u8 {
    if c.needs.is_empty() {
        c.explore
    } else {
        (c.explore + 2).min(11)
    }
}

/// The band of worth (in coins, inclusive) a success at this explore number must fall in.
pub fn band(explore: u8) -> (f64, f64) {
    match explore {
        0..=2 => (1.0, 3.0),
        3 => (1.5, 4.0),
        4 => (2.5, 5.5),
        5 => (3.5, 7.0),
        6 => (4.5, 8.5),
        7 => (5.0, 10.0),
        8 => (6.0, 11.0),
        9 => (7.0, 12.0),
        10 => (8.0, 14.0),
        _ => (9.0, 15.0),
    }
}

/// The band a bonus (for beating the number by 2) must fall in: something, never a loss, and
/// never more than a hard reward.
pub const BONUS_BAND: (f64, f64) = (1.0, 6.0);

/// The chance one die gives an average villager two lanterns: the mean over every villager
/// in villagers.txt but the cats.
pub fn two_lantern_chance() -> f64 {
    let vs: Vec<_> = data().villagers.iter().filter(|v| !v.special).collect();
    let n: f64 = vs.iter().map(|v| (7 - v.two_at.min(7)) as f64 / 6.0).sum();
    n / vs.len() as f64
}

/// The chance that `party` average villagers reach `explore` lanterns with one die each,
/// counting every roll (no rerolls, boats, exerting or lantern cards).
pub fn success_chance(party: usize, explore: u8) -> f64 {
    reach(&vec![two_lantern_chance(); party], explore)
}

/// The same for named villagers, by their two-lantern thresholds (what tests/book.rs checks
/// against explores played through the game itself).
pub fn success_chance_for(two_at: &[u8], explore: u8) -> f64 {
    let qs: Vec<f64> = two_at
        .iter()
        .map(|&t| (7 - t.min(7)) as f64 / 6.0)
        .collect();
    reach(&qs, explore)
}

/// The chance that dice giving one lantern, or two with chance `qs[i]`, add up to `explore`.
fn reach(qs: &[f64], explore: u8) -> f64 {
    // dist[k]: chance of exactly k lanterns so far.
    let mut dist = vec![1.0];
    for &q in qs {
        let mut next = vec![0.0; dist.len() + 2];
        for (k, p) in dist.iter().enumerate() {
            next[k + 1] += p * (1.0 - q);
            next[k + 2] += p * q;
        }
        dist = next;
    }
    // Adding 0.0 turns the empty sum's -0.0 into 0.0 for the printed figures.
    dist.iter().skip(explore as usize).sum::<f64>() + 0.0
}

/// Every choice of the book with its explore number, for the figures.
fn choices(book: &Book) -> impl Iterator<Item = &Choice> {
    book.openers().flat_map(|(_, e)| e.choices.iter())
}

/// The average worth of a success (and of its bonus) over the book's choices at `explore`,
/// and how many choices ask it.
pub fn reward_at(book: &Book, explore: u8) -> (f64, f64, usize) {
    let cs: Vec<&Choice> = choices(book).filter(|c| c.explore == explore).collect();
    let n = cs.len().max(1) as f64;
    let r = cs.iter().map(|c| net_reward(book, c)).sum::<f64>() / n;
    let b = cs
        .iter()
        .map(|c| value(&book.entry(c.goto).bonus))
        .sum::<f64>()
        / n;
    (r, b, cs.len())
}

/// The worth of one encounter to a party of `party` average villagers who pick the better of
/// the choices open to anyone, averaged over the six faces of every cave of one kind; a
/// dangerous success also brings a pearl.
pub fn encounter_worth(book: &Book, dangerous: bool, party: usize) -> f64 {
    let d = data();
    let mut sum = 0.0;
    let mut n = 0;
    for cave in d.caves.iter().filter(|c| c.dangerous == dangerous) {
        for &p in &cave.grid {
            let best = book
                .entry((p, 0))
                .choices
                .iter()
                .filter(|c| c.needs.is_empty())
                .map(|c| {
                    let out = book.entry(c.goto);
                    let pearl = if dangerous { PEARL } else { 0.0 };
                    success_chance(party, c.explore) * (value(&out.reward) + pearl)
                        + success_chance(party, c.explore + 2) * value(&out.bonus)
                        - value(&c.cost)
                })
                .fold(f64::MIN, f64::max);
            sum += best;
            n += 1;
        }
    }
    sum / n.max(1) as f64
}

/// The balance block of the book's header, as the data gives it today.
pub fn header(book: &Book) -> Vec<String> {
    let pct = |x: f64| format!("{:>3.0}%", x * 100.0);
    let mut out = vec![
        "# Balance, computed from this book by plugins/above-below/src/balance.rs (every roll of"
            .to_string(),
        format!(
            "# every die counted; an average villager gives two lanterns with chance {:.2}, the mean",
            two_lantern_chance()
        ),
        "# over villagers.txt; no rerolls, boats, exerting or lantern cards; tests/book.rs plays"
            .to_string(),
        "# 2,000 explores through the rules and finds the same odds). Worth is in coins:"
            .to_string(),
        "# common good 1.5, uncommon 2.5, rare 4, reputation 1, brew or boat 1.5, villager 4,"
            .to_string(),
        "# ghost -2, injury -1, pearl 3, an adventure card by its symbols.".to_string(),
        "#   explore  success with 2 / 3 / 4 villagers  choices  reward  bonus  band".to_string(),
    ];
    for x in 2..=11u8 {
        let (r, b, n) = reward_at(book, x);
        let (lo, hi) = band(x);
        out.push(format!(
            "#   {x:>7}  {:>27}  {n:>7}  {r:>6.2}  {b:>5.2}  {lo}-{hi}",
            format!(
                "{} / {} / {}",
                pct(success_chance(2, x)),
                pct(success_chance(3, x)),
                pct(success_chance(4, x))
            ),
        ));
    }
    for (name, lo, hi) in [
        ("easy 2-3", 2u8, 3u8),
        ("medium 4-5", 4, 5),
        ("hard 6-9", 6, 9),
        ("deepest 10-11", 10, 11),
    ] {
        let cs: Vec<&Choice> = choices(book)
            .filter(|c| (lo..=hi).contains(&c.explore))
            .collect();
        let n = cs.len().max(1) as f64;
        let chance = |party: usize| {
            cs.iter()
                .map(|c| success_chance(party, c.explore))
                .sum::<f64>()
                / n
        };
        let r = cs.iter().map(|c| net_reward(book, c)).sum::<f64>() / n;
        out.push(format!(
            "#   tier {name}: success {} / {} / {}, reward {r:.2} over {} choices",
            pct(chance(2)),
            pct(chance(3)),
            pct(chance(4)),
            cs.len()
        ));
    }
    out.push(format!(
        "#   explore 9 and up want a fifth explorer, exerting, boats or lantern cards: five average villagers make 9 {}, 10 {}",
        pct(success_chance(5, 9)),
        pct(success_chance(5, 10))
    ));
    for (name, dangerous) in [("basic", false), ("dangerous", true)] {
        let w: Vec<String> = (2..=5)
            .map(|k| format!("{k} villagers {:.2}", encounter_worth(book, dangerous, k)))
            .collect();
        out.push(format!(
            "#   one {name} encounter, better open choice: {}",
            w.join(", ")
        ));
    }
    out
}
