//! Goods scarcity (issue 24): the rulebook lists the goods from the most common (rice) to
//! the rarest (rubyfish) and supplies 12, 12, 12, 10, 10, 10, 8 and 7 tokens of them. Every
//! place where our own data chooses a good follows that order: the cards that carry goods,
//! the tokens the encounter book hands out, and both together.
use tavern_plugin_above_below::book::{Book, Item};
use tavern_plugin_above_below::data::{Effect, data};
use tavern_plugin_above_below::goods::Good;

/// Cards (houses, outposts, any card) that carry each good, in `Good::ALL` order.
fn cards_carrying() -> [usize; 8] {
    let mut n = [0; 8];
    for c in &data().cards {
        for e in &c.effects {
            if let Effect::Refill(g) | Effect::Stock(_, g) = e {
                n[g.idx()] += 1;
            }
        }
    }
    n
}

/// Tokens of each good the book's rewards and bonuses hand out.
fn book_tokens(book: &Book) -> [usize; 8] {
    let mut n = [0; 8];
    for e in book.entries.values() {
        for i in e.reward.iter().chain(&e.bonus) {
            if let Item::Good(g, k) = i {
                n[g.idx()] += *k as usize;
            }
        }
    }
    n
}

/// The rulebook's order: never more of a rarer good than of a more common one, rice
/// strictly the most common, and each tier (common, uncommon, rare) strictly above the
/// next, as the supply's 12 / 10 / 8-7 steps are.
fn follows_scarcity(what: &str, n: [usize; 8]) {
    let named: Vec<String> = Good::ALL
        .iter()
        .map(|g| format!("{} {}", n[g.idx()], g.name()))
        .collect();
    let named = named.join(", ");
    for w in Good::ALL.windows(2) {
        assert!(
            n[w[0].idx()] >= n[w[1].idx()],
            "{what}: more {} than {} ({named})",
            w[1].name(),
            w[0].name()
        );
    }
    assert!(n[0] > n[7], "{what}: rice is not the most common ({named})");
    let (common, uncommon, rare) = (&n[0..3], &n[3..6], &n[6..8]);
    assert!(
        common.iter().min() > uncommon.iter().max() && uncommon.iter().min() > rare.iter().max(),
        "{what}: the tiers overlap ({named})"
    );
}

#[test]
fn the_cards_follow_the_rulebooks_scarcity() {
    follows_scarcity("cards carrying goods", cards_carrying());
}

#[test]
fn the_book_follows_the_rulebooks_scarcity() {
    follows_scarcity("tokens the book hands out", book_tokens(&data().book));
}

#[test]
fn cards_and_book_together_follow_the_rulebooks_scarcity() {
    let (c, b) = (cards_carrying(), book_tokens(&data().book));
    follows_scarcity("cards and book", std::array::from_fn(|i| c[i] + b[i]));
}

/// The checker itself: the 0.3.0 counts (rare goods on more cards than rice, as many
/// rubyfish as clams in the book's hands) would fail it.
#[test]
fn the_check_refuses_an_order_against_the_rulebook() {
    let refused = |n: [usize; 8]| std::panic::catch_unwind(|| follows_scarcity("t", n)).is_err();
    assert!(refused([3, 3, 3, 3, 3, 3, 4, 4]));
    assert!(refused([10, 9, 8, 7, 6, 5, 4, 8]));
    assert!(refused([10, 9, 8, 8, 6, 5, 4, 3]), "tiers overlap");
    assert!(!refused([10, 9, 8, 7, 6, 5, 4, 3]));
}
