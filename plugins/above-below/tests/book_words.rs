//! The encounter book reads true: the harder choice pays more, a failure names no gain and
//! sends nobody home with the explorers, bonuses vary, goods are handed out as scarce as the
//! rulebook makes them, and the ghosts haunt village life in the basic caves too.
use std::collections::BTreeMap;

use tavern_plugin_above_below::balance::{judged_at, net_reward};
use tavern_plugin_above_below::book::{Item, ref_name};
use tavern_plugin_above_below::data::{Good, data};

/// Of an encounter's two choices, the one judged harder (a higher explore number, a card's
/// choice counted two harder) never pays less for a success, and pays more whenever it is
/// harder.
#[test]
fn the_harder_choice_never_pays_less() {
    let book = &data().book;
    let mut wrong = Vec::new();
    for (r, e) in book.openers() {
        let [a, b] = &e.choices[..] else {
            panic!("{} has not two choices", ref_name(r))
        };
        let (hard, easy) = if judged_at(a) >= judged_at(b) {
            (a, b)
        } else {
            (b, a)
        };
        if judged_at(hard) > judged_at(easy) && net_reward(book, hard) <= net_reward(book, easy) {
            wrong.push(format!(
                "{} {} (explore {}) pays {} against {} for {} (explore {})",
                ref_name(r),
                hard.label,
                hard.explore,
                net_reward(book, hard),
                net_reward(book, easy),
                easy.label,
                easy.explore
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A failure changes nothing in the game, so its words promise nothing: no gain, and no
/// ghost or follower coming home (players in a game about ghosts take that literally).
#[test]
fn no_failure_text_names_a_gain() {
    const GAINS: [&str; 20] = [
        "it is yours",
        "follows you home",
        "follow you home",
        "home with you",
        "out with you",
        "into your pocket",
        "into your sack",
        "you keep",
        "you gain",
        "you earn",
        "you win",
        "rewards you",
        "pays you",
        "gives you",
        "hands you",
        "joins you",
        "joins your",
        "comes with you",
        "after you",
        "a gift",
    ];
    let mut wrong = Vec::new();
    for (r, e) in &data().book.entries {
        let fail = e.fail.to_lowercase();
        for g in GAINS {
            if fail.contains(g) {
                wrong.push(format!("{} ('{g}'): {}", ref_name(*r), e.fail));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Bonuses vary: a single coin is no longer the bonus of a third of the book, and no one
/// bonus is more than a sixth of them.
#[test]
fn bonuses_vary() {
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut n = 0;
    for (r, e) in &data().book.entries {
        if r.1 == 0 {
            continue;
        }
        n += 1;
        *kinds.entry(format!("{:?}", e.bonus)).or_default() += 1;
    }
    let coin = kinds
        .get(&format!("{:?}", vec![Item::Coins(1)]))
        .copied()
        .unwrap_or(0);
    assert!(coin <= 20, "{coin} single-coin bonuses");
    for (k, c) in &kinds {
        assert!(c * 6 <= n, "{k} is the bonus of {c} of {n} outcomes");
    }
}

/// Goods the book hands out (rewards and bonuses), counted by token.
fn handed_out() -> [u32; 8] {
    let mut out = [0; 8];
    for e in data().book.entries.values() {
        for i in e.reward.iter().chain(&e.bonus) {
            if let Item::Good(g, k) = i {
                out[g.idx()] += *k as u32;
            }
        }
    }
    out
}

/// The rulebook lists the goods from the most common (rice) to the rarest, and prints 12
/// of each common good, 10 of each uncommon and 8 and 7 of the rare ones: the book hands
/// out rice most, and every common good more than any uncommon, every uncommon more than
/// any rare.
#[test]
fn the_book_hands_out_goods_as_scarce_as_the_rulebook_makes_them() {
    let n = handed_out();
    let tier = |g: Good| g.ingredient_vp();
    for g in Good::ALL {
        assert!(
            n[Good::Rice.idx()] >= n[g.idx()],
            "rice is the most common: {n:?}"
        );
        for h in Good::ALL {
            if tier(g) < tier(h) {
                assert!(
                    n[g.idx()] > n[h.idx()],
                    "{} ({}) should be more common than {} ({})",
                    g.name(),
                    n[g.idx()],
                    h.name(),
                    n[h.idx()]
                );
            }
        }
    }
}

/// The basic caves are village life under the ground, and the village is haunted: at
/// least a fifth of their encounters meet a ghost.
#[test]
fn the_basic_caves_are_haunted_too() {
    let book = &data().book;
    let words = ["ghost", "haunt", "spirit", "phantom", "wraith"];
    let mut basic = 0;
    let mut haunted = 0;
    for cave in data().caves.iter().filter(|c| !c.dangerous) {
        for &p in &cave.grid {
            basic += 1;
            let texts = [(p, 0), (p, 1), (p, 2)]
                .iter()
                .filter_map(|&r| book.get(r))
                .map(|e| format!("{} {}", e.text, e.fail).to_lowercase())
                .collect::<Vec<_>>()
                .join(" ");
            if words.iter().any(|w| texts.contains(w)) {
                haunted += 1;
            }
        }
    }
    assert!(
        haunted * 5 >= basic,
        "{haunted} of {basic} basic encounters"
    );
}
