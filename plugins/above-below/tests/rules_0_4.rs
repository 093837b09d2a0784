//! The goods 0.4.0 moved to follow the rulebook's scarcity, each beside the 0.3.0 goods a
//! game begun under 0.3.0 keeps (cards-0.3.0.txt, book/rewards-0.3.0.txt).
mod common;

use common::*;
use tavern_plugin_above_below::book::Item;
use tavern_plugin_above_below::data::{Good, data};
use tavern_plugin_above_below::model::Rules;
use tavern_plugin_above_below::{Ab, Action};

fn card_id(name: &str) -> u8 {
    data().cards.iter().position(|c| c.name == name).unwrap() as u8
}

/// Seat 0 builds the house `name` (put first in the row) with Bram: the coins it paid and
/// the goods taken from the supply onto it.
fn build(rules: Rules, name: &str) -> (i64, [u8; 8]) {
    let mut g: Ab = fresh(2);
    g.rules = rules;
    g.players[0].coins = 30;
    g.coins_out += 22;
    let c = card_id(name);
    g.houses.unseen.retain(|&x| x != c);
    if let Some(i) = g.house_row.iter().position(|&x| x == c) {
        g.house_row.remove(i);
        g.house_row.insert(0, c);
    } else {
        let old = std::mem::replace(&mut g.house_row[0], c);
        g.houses.unseen.push(old);
    }
    let bram = data()
        .villagers
        .iter()
        .position(|v| v.name == "Bram")
        .unwrap() as u8;
    act(&mut g, 0, Action::Select { villager: bram });
    let (coins, out) = (g.players[0].coins, g.goods_out);
    act(&mut g, 0, Action::Build { card: c });
    invariants(&g);
    let taken = std::array::from_fn(|i| (g.goods_out[i] - out[i]) as u8);
    (coins - g.players[0].coins, taken)
}

fn goods(g: Good, k: u8) -> [u8; 8] {
    let mut n = [0; 8];
    n[g.idx()] = k;
    n
}

#[test]
fn the_cellar_stocks_rice_now_and_squidroot_under_0_3_0() {
    assert_eq!(
        build(Rules::Today, "Rice Wine Cellar"),
        (4, goods(Good::Rice, 2))
    );
    assert_eq!(
        build(Rules::V0_3, "Rice Wine Cellar"),
        (7, goods(Good::Squidroot, 2))
    );
    assert_eq!(
        build(Rules::V0_2, "Crab Smokehouse"),
        (8, goods(Good::Rubyfish, 2))
    );
    assert_eq!(
        build(Rules::Today, "Crab Smokehouse"),
        (4, goods(Good::Crab, 2))
    );
}

#[test]
fn older_games_see_the_old_outposts_and_the_old_rewards() {
    let mut g = fresh(2);
    let camp = card_id("Crystal Lake Camp");
    assert_eq!(g.card(camp).carries(), Some((Good::Clam, false)));
    assert_eq!(g.card(camp).cost, 4);
    assert_eq!(
        g.rewards((141, 2)).0,
        &[
            Item::Coins(6),
            Item::Good(Good::Squidroot, 1),
            Item::Reputation(1)
        ]
    );
    for rules in [Rules::V0_3, Rules::V0_2] {
        g.rules = rules;
        assert_eq!(g.card(camp).carries(), Some((Good::Rubyfish, false)));
        assert_eq!(g.card(camp).cost, 7);
        assert_eq!(g.rewards((141, 2)).0[1], Item::Good(Good::Rubyfish, 1));
        assert_eq!(g.rewards((15, 2)).0, &[Item::Good(Good::Clam, 2)]);
    }
    // 0.1.0's own book: paragraph 141 did not exist, and its grids led elsewhere.
    g.rules = Rules::V0_1;
    assert!(g.book().get((141, 2)).is_none());
    assert_eq!(g.book().openers().count(), 64);
    assert_ne!(g.grid(1, 2), {
        g.rules = Rules::Today;
        g.grid(1, 2)
    });
}
