//! The data checker: component counts as the rulebook gives them, and the encounter book
//! and cave cards reference only what exists.
use std::collections::BTreeSet;

use tavern_plugin_above_below::book::{Item, SPECIALS, parse_book, parse_item, ref_name};
use tavern_plugin_above_below::data::{Effect, Kind, data, load, parse_effect};

#[test]
fn every_file_loads() {
    load().unwrap();
}

#[test]
fn component_counts_follow_the_rulebook() {
    let d = data();
    let count = |k: Kind| d.cards.iter().filter(|c| c.kind == k).count();
    assert_eq!(count(Kind::Starting), 4);
    assert_eq!(count(Kind::House), 23);
    assert_eq!(count(Kind::Key), 9);
    assert_eq!(count(Kind::Star), 8);
    assert_eq!(count(Kind::Outpost), 22);
    assert_eq!(count(Kind::Adventure), 43);
    let numbers: Vec<u8> = d
        .cards
        .iter()
        .filter(|c| c.kind == Kind::Adventure)
        .map(|c| c.number)
        .collect();
    assert_eq!(
        numbers,
        (1..=43).collect::<Vec<_>>(),
        "adventure cards are numbered 1 to 43 in order"
    );
    assert_eq!(d.caves.iter().filter(|c| !c.dangerous).count(), 15);
    assert_eq!(d.caves.iter().filter(|c| c.dangerous).count(), 10);
    let starting: Vec<_> = d.villagers.iter().filter(|v| v.starting).collect();
    assert_eq!(starting.len(), 12);
    assert_eq!(starting.iter().filter(|v| v.hammer).count(), 4);
    assert_eq!(starting.iter().filter(|v| v.quill && !v.hammer).count(), 4);
    assert_eq!(
        d.villagers
            .iter()
            .filter(|v| !v.starting && !v.special)
            .count(),
        22
    );
    let special: Vec<&str> = d
        .villagers
        .iter()
        .filter(|v| v.special)
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(special, ["Cave Cat", "Grey Cat"]);
    assert!(d.villagers.iter().filter(|v| v.special).all(|v| v.cat));
    assert_eq!(
        d.villagers.iter().filter(|v| v.robot).count(),
        1,
        "one ancient robot, among the hired"
    );
    assert!(d.villagers.iter().all(|v| (2..=7).contains(&v.two_at)));
    // Names are unique, so labels and the log name one thing.
    let names: BTreeSet<&str> = d.villagers.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names.len(), d.villagers.len());
    let names: BTreeSet<&str> = d.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), d.cards.len());
}

#[test]
fn board_values_keep_the_rulebook_examples() {
    let b = &data().board;
    assert_eq!(b.base_income, 3);
    assert_eq!(
        b.track_income[2], 6,
        "three goods on the track give 6 income"
    );
    assert_eq!(&b.track_vp[..4], &[1, 1, 2, 3]);
    assert_eq!(b.reputation_vp[0], -7);
    assert_eq!(b.reputation_vp[14], 7);
    assert_eq!(b.rank_bonus[..3], [5, 3, 2]);
    assert_eq!(b.two_player_bonus, 3);
    assert_eq!(b.start_coins, 8);
    assert!(
        b.slot_costs.windows(2).all(|w| w[0] < w[1]),
        "cheaper on the left"
    );
    // Income and points never fall as the track grows.
    assert!(b.track_income.windows(2).all(|w| w[0] <= w[1]));
    assert!(b.track_vp.windows(2).all(|w| w[0] <= w[1]));
    assert!(b.track_income[0] > b.base_income);
}

#[test]
fn every_building_is_valid() {
    let d = data();
    for c in &d.cards {
        if c.kind == Kind::Adventure {
            assert!(!c.text.is_empty(), "{} has no text", c.name);
            assert!(
                c.effects
                    .iter()
                    .all(|e| !matches!(e, Effect::Refill(_) | Effect::Stock(..))),
                "{}: adventure cards hold no goods",
                c.name
            );
            continue;
        }
        assert!(c.cost <= 16, "{} costs {}", c.name, c.cost);
        if c.kind != Kind::Starting {
            assert!(c.cost >= 2, "{} is too cheap", c.name);
            assert!(!c.effects.is_empty(), "{} does nothing", c.name);
        }
        let goods = c
            .effects
            .iter()
            .filter(|e| matches!(e, Effect::Refill(_) | Effect::Stock(..)))
            .count();
        assert!(goods <= 1, "{} carries two kinds of goods", c.name);
    }
    // Every symbol of the rulebook's reference appears on some card.
    let all: Vec<Effect> = d
        .cards
        .iter()
        .flat_map(|c| c.effects.iter().copied())
        .collect();
    for e in [
        "vp 3",
        "bed",
        "hire to ready",
        "coin after banish",
        "reroll",
        "refill two-good house",
        "reputation on build",
        "roll first",
        "boat",
        "brew on labor",
        "reputation each round",
        "brews 6",
        "income 1",
        "sets vp",
        "coin with ghost",
        "track 3 and 5",
        "outpost without cave",
        "vp per rubyfish 2",
        "vp per squidroot 2",
        "vp per nut 2",
        "vp per ghost 3",
        "vp per outpost 1",
        "vp per brew 1",
        "vp per villager 1",
        "reputation 2",
    ] {
        let want = parse_effect(e).unwrap();
        assert!(all.contains(&want), "no card shows '{e}'");
    }
    assert!(
        all.iter().any(|e| matches!(e, Effect::Stock(2, _))),
        "a two-goods card"
    );
    assert!(
        all.iter().any(|e| matches!(e, Effect::Refill(_))),
        "a replenishing card"
    );
    assert!(
        d.cards.iter().any(|c| c.kind == Kind::Star && c.outpost),
        "a star outpost"
    );
}

fn reachable_adventures(items: &[Item], out: &mut BTreeSet<u8>) {
    for i in items {
        if let Item::Adventure(n) = i {
            out.insert(*n);
        }
    }
}

#[test]
fn the_book_resolves_and_every_adventure_card_is_reachable() {
    let d = data();
    let book = &d.book;
    let openers: Vec<_> = book.openers().collect();
    assert!(openers.len() >= 150, "only {} encounters", openers.len());
    let mut reached = BTreeSet::new();
    let mut used_outcomes = BTreeSet::new();
    for (r, e) in &openers {
        assert_eq!(e.choices.len(), 2, "{} needs two choices", ref_name(*r));
        assert!(
            e.reward.is_empty() && e.bonus.is_empty(),
            "{}: rewards belong to the outcomes",
            ref_name(*r)
        );
        for c in &e.choices {
            assert!(
                !c.label.is_empty() && c.label == c.label.to_uppercase(),
                "{}: choice '{}' in capitals",
                ref_name(*r),
                c.label
            );
            let out = book.get(c.goto).unwrap_or_else(|| {
                panic!("{} points to a missing {}", ref_name(*r), ref_name(c.goto))
            });
            assert_eq!(
                c.goto.0,
                r.0,
                "{}: outcomes are numbered under their paragraph",
                ref_name(*r)
            );
            assert!(out.choices.is_empty());
            assert!(!out.reward.is_empty(), "{} gives nothing", ref_name(c.goto));
            assert!(
                !out.fail.is_empty(),
                "{} has no failure text",
                ref_name(c.goto)
            );
            used_outcomes.insert(c.goto);
            reachable_adventures(&out.reward, &mut reached);
            reachable_adventures(&out.bonus, &mut reached);
            for item in out.reward.iter().chain(&out.bonus) {
                match *item {
                    Item::Adventure(n) => {
                        assert!(d.adventure(n).is_some(), "no adventure card {n}")
                    }
                    Item::Special(i) => assert!(
                        d.villagers
                            .iter()
                            .any(|v| v.name.eq_ignore_ascii_case(SPECIALS[i as usize]))
                    ),
                    Item::Coins(k) => {
                        assert!((1..=10).contains(&k), "{}: {k} coins", ref_name(c.goto))
                    }
                    Item::Reputation(k) => assert!((-3..=3).contains(&k) && k != 0),
                    _ => {}
                }
            }
            for item in &c.needs {
                assert!(
                    matches!(item, Item::Adventure(n) if d.adventure(*n).is_some()),
                    "{}: only an adventure card can be needed, not {item:?}",
                    ref_name(*r)
                );
            }
            for item in &c.cost {
                assert!(
                    matches!(item, Item::Coins(1..) | Item::Good(..) | Item::Brews(_)),
                    "{}: cost {item:?} cannot be paid",
                    ref_name(*r)
                );
            }
        }
    }
    // Every outcome paragraph is read from some choice.
    for r in book.entries.keys().filter(|r| r.1 > 0) {
        assert!(
            used_outcomes.contains(r),
            "outcome {} is never reached",
            ref_name(*r)
        );
    }
    assert_eq!(
        reached,
        (1..=43).collect(),
        "adventure cards no paragraph gives"
    );
}

#[test]
fn every_cave_grid_is_complete_and_in_its_range() {
    let d = data();
    let mut pointed = BTreeSet::new();
    for c in &d.caves {
        let (lo, hi) = if c.dangerous { (5, 11) } else { (2, 6) };
        let distinct: BTreeSet<u16> = c.grid.iter().copied().collect();
        assert_eq!(distinct.len(), 6, "{}: six different paragraphs", c.name);
        for p in c.grid {
            let e = d
                .book
                .get((p, 0))
                .unwrap_or_else(|| panic!("{} points to missing paragraph {p}", c.name));
            for ch in &e.choices {
                assert!(
                    (lo..=hi).contains(&ch.explore),
                    "{}: paragraph {p} asks explore {}",
                    c.name,
                    ch.explore
                );
            }
            pointed.insert(p);
        }
    }
    // Every encounter is on some cave's grid.
    for (r, _) in d.book.openers() {
        assert!(pointed.contains(&r.0), "paragraph {} is on no cave", r.0);
    }
}

#[test]
fn rewards_grow_with_difficulty() {
    // Rewards valued as balance.rs prices them; the average per tier follows the rulebook's
    // scale: easy 1-2 coins or a common good, medium about 4, hard 5-6 or more.
    use tavern_plugin_above_below::balance::value;
    let mut tiers = [(0.0, 0); 3];
    for (_, e) in data().book.openers() {
        for c in &e.choices {
            let out = data().book.entry(c.goto);
            let t = match c.explore {
                2..=3 => 0,
                4..=5 => 1,
                _ => 2,
            };
            tiers[t].0 += value(&out.reward);
            tiers[t].1 += 1;
        }
    }
    let avg: Vec<f64> = tiers.iter().map(|(s, n)| s / *n as f64).collect();
    assert!(
        avg[0] < avg[1] && avg[1] < avg[2],
        "average reward per tier {avg:?}"
    );
    assert!((1.0..=3.5).contains(&avg[0]), "easy {avg:?}");
    assert!((3.0..=6.0).contains(&avg[1]), "medium {avg:?}");
    assert!(avg[2] >= 5.0, "hard {avg:?}");
}

#[test]
fn the_book_format_reports_mistakes() {
    assert!(
        parse_book("@ 1\nText.\n* GO | 3 | 1.1\n@ 1.1\nOk.\nreward: 2 coins\nfail: No.").is_ok()
    );
    assert!(
        parse_book("@ 1\nText.\n@ 1\nAgain.")
            .unwrap_err()
            .contains("twice")
    );
    assert!(parse_book("@ 1\n* GO | x | 1.1").is_err());
    assert!(parse_book("@ 1\nText.\n@ 1.1\nOk.\nreward: 2 gold bars").is_err());
    assert!(parse_book("Text before any paragraph").is_err());
    assert_eq!(
        parse_item("3 nuts"),
        Some(Item::Good(tavern_plugin_above_below::data::Good::Nut, 3))
    );
    assert_eq!(parse_item("reputation -1"), Some(Item::Reputation(-1)));
    assert_eq!(parse_item("adventure 12"), Some(Item::Adventure(12)));
    assert_eq!(parse_item("grey cat"), Some(Item::Special(1)));
    assert_eq!(parse_item("12 dragons"), None);
}
