//! The encounter book at full size: one encounter per cave face, chains through adventure
//! cards, no two paragraphs alike, varied openings, and every reward inside its explore
//! number's band with the measured figures in the book's header.
mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{act, chance, fresh, settle};

use tavern_plugin_above_below::balance::{
    BONUS_BAND, band, encounter_worth, header, judged_at, net_reward, reward_at, success_chance,
    success_chance_for, value,
};
use tavern_plugin_above_below::book::{Item, ref_name};
use tavern_plugin_above_below::data::{BOOK, data};
use tavern_plugin_above_below::{Action, Stage};
use tavern_plugin_api::{Game, GameRng, ToAct};

#[test]
fn every_cave_face_has_its_own_encounter() {
    let d = data();
    let book = &d.book;
    assert!(book.openers().count() >= 150, "{}", book.openers().count());
    assert!(book.entries.len() >= 450, "{}", book.entries.len());
    let mut face_of: BTreeMap<u16, &str> = BTreeMap::new();
    for c in &d.caves {
        for p in c.grid {
            if let Some(other) = face_of.insert(p, &c.name) {
                panic!("paragraph {p} is on {other} and on {}", c.name);
            }
        }
    }
    assert_eq!(face_of.len(), 150);
    for (r, e) in book.openers() {
        assert!(face_of.contains_key(&r.0), "{} is on no cave", ref_name(r));
        assert_eq!(e.choices.len(), 2);
        for c in &e.choices {
            assert!(!book.entry(c.goto).fail.is_empty());
        }
    }
}

#[test]
fn chains_carry_over_through_adventure_cards() {
    let d = data();
    let book = &d.book;
    let mut given = BTreeSet::new();
    for e in book.entries.values() {
        for i in e.reward.iter().chain(&e.bonus) {
            if let Item::Adventure(n) = i {
                given.insert(*n);
            }
        }
    }
    let mut chains = 0;
    for (r, e) in book.openers() {
        assert!(
            e.choices
                .iter()
                .any(|c| c.needs.is_empty() && c.cost.is_empty()),
            "{}: one choice must be open to everyone",
            ref_name(r)
        );
        for c in e.choices.iter().filter(|c| !c.needs.is_empty()) {
            chains += 1;
            for n in &c.needs {
                let Item::Adventure(k) = n else {
                    panic!("{}: only adventure cards are needed", ref_name(r));
                };
                assert!(
                    given.contains(k),
                    "{}: needs adventure {k}, which no paragraph gives",
                    ref_name(r)
                );
            }
            // The card-holder's way is easier than the open one: the card must pay off.
            let open = e.choices.iter().find(|o| o.needs.is_empty()).unwrap();
            assert!(
                c.explore < open.explore || net_reward(book, c) > net_reward(book, open),
                "{}: holding the card brings nothing",
                ref_name(r)
            );
        }
    }
    assert!(chains >= 5, "only {chains} chained choices");
}

fn shingles(text: &str) -> BTreeSet<[String; 3]> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words
        .windows(3)
        .map(|w| [w[0].clone(), w[1].clone(), w[2].clone()])
        .collect()
}

/// Every text a reader reads aloud: openings, outcomes and failure texts.
fn texts() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (r, e) in &data().book.entries {
        out.push((ref_name(*r), e.text.clone()));
        if !e.fail.is_empty() {
            out.push((format!("{} (failure)", ref_name(*r)), e.fail.clone()));
        }
    }
    out
}

#[test]
fn no_two_paragraphs_are_alike() {
    let all = texts();
    let sh: Vec<_> = all.iter().map(|(_, t)| shingles(t)).collect();
    let mut worst = (0.0, 0, 0);
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            assert_ne!(
                all[i].1.to_lowercase(),
                all[j].1.to_lowercase(),
                "{} and {} read the same",
                all[i].0,
                all[j].0
            );
            let (a, b) = (&sh[i], &sh[j]);
            if a.len() < 3 || b.len() < 3 {
                continue;
            }
            let j_ = a.intersection(b).count() as f64 / a.union(b).count() as f64;
            if j_ > worst.0 {
                worst = (j_, i, j);
            }
        }
    }
    // Word-triple Jaccard: the closest pair today is about 0.23 (two short failure lines).
    assert!(
        worst.0 < 0.4,
        "{} and {} are near-duplicates ({:.2}): '{}' / '{}'",
        all[worst.1].0,
        all[worst.2].0,
        worst.0,
        all[worst.1].1,
        all[worst.2].1
    );
}

#[test]
fn sentence_openings_vary() {
    let all = texts();
    let mut two: BTreeMap<String, usize> = BTreeMap::new();
    let mut three: BTreeMap<String, usize> = BTreeMap::new();
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    for (_, t) in &all {
        let w: Vec<String> = t
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .collect();
        *first.entry(w[0].clone()).or_default() += 1;
        if w.len() >= 2 {
            *two.entry(w[..2].join(" ")).or_default() += 1;
        }
        if w.len() >= 3 {
            *three.entry(w[..3].join(" ")).or_default() += 1;
        }
    }
    let most = |m: &BTreeMap<String, usize>| {
        m.iter()
            .max_by_key(|(_, n)| **n)
            .map(|(k, n)| (k.clone(), *n))
            .unwrap()
    };
    let (w, n) = most(&three);
    assert!(n <= 5, "{n} paragraphs open with '{w}'");
    let (w, n) = most(&two);
    assert!(n <= 10, "{n} paragraphs open with '{w}'");
    let (w, n) = most(&first);
    assert!(
        (n as f64) < 0.4 * all.len() as f64,
        "{n} of {} paragraphs open with '{w}'",
        all.len()
    );
}

#[test]
fn every_reward_falls_in_its_tier_band() {
    let book = &data().book;
    let mut out_of_band = Vec::new();
    for (r, e) in book.openers() {
        for c in &e.choices {
            let at = judged_at(c);
            let (lo, hi) = band(at);
            let v = net_reward(book, c);
            if !(lo..=hi).contains(&v) {
                out_of_band.push(format!(
                    "{} {} (explore {}, judged at {at}): worth {v} outside {lo}-{hi}",
                    ref_name(r),
                    c.label,
                    c.explore
                ));
            }
            let b = value(&book.entry(c.goto).bonus);
            if !(BONUS_BAND.0..=BONUS_BAND.1).contains(&b) {
                out_of_band.push(format!("{}: bonus worth {b}", ref_name(c.goto)));
            }
        }
    }
    assert!(out_of_band.is_empty(), "{}", out_of_band.join("\n"));
}

#[test]
fn the_bands_follow_the_rulebook_scale() {
    // Easy pays 1-2 coins or a common good, medium about 4, hard 5-6 or coins and a rare good.
    assert!(band(2).0 >= 1.0 && band(3).1 <= 4.0);
    assert!((band(4).0..=band(5).1).contains(&4.0));
    assert!((band(6).0..=band(6).1).contains(&5.5));
    for x in 2..11 {
        let (a, b) = (band(x), band(x + 1));
        assert!(a.0 <= b.0 && a.1 <= b.1, "bands rise with the number");
    }
}

#[test]
fn rewards_rise_with_the_explore_number() {
    let book = &data().book;
    let mut last = 0.0;
    for x in 2..=11u8 {
        let (r, _, n) = reward_at(book, x);
        assert!(n > 0, "no choice asks explore {x}");
        assert!(r > last, "explore {x} pays {r:.2}, no more than {last:.2}");
        last = r;
    }
}

#[test]
fn success_falls_with_the_number_and_rises_with_the_party() {
    for party in 2..=4 {
        assert!((success_chance(party, party as u8) - 1.0).abs() < 1e-9);
        for x in 2..=11u8 {
            assert!(success_chance(party, x + 1) <= success_chance(party, x) + 1e-12);
            assert!(success_chance(party + 1, x) + 1e-12 >= success_chance(party, x));
        }
        assert_eq!(success_chance(party, 2 * party as u8 + 1), 0.0);
    }
    // Two average villagers make explore 4 about one time in five.
    let p = success_chance(2, 4);
    assert!((0.15..0.25).contains(&p), "{p}");
}

#[test]
fn dangerous_caves_are_worth_their_risk() {
    let book = &data().book;
    // Too risky for a small party...
    assert!(encounter_worth(book, true, 3) < encounter_worth(book, false, 3));
    // ...but four explorers do better in a dangerous cave than three in a basic one, per
    // explorer, and a big party does better there outright.
    let per = |dangerous, k: usize| encounter_worth(book, dangerous, k) / k as f64;
    assert!(
        per(true, 4) > per(false, 3),
        "{} {}",
        per(true, 4),
        per(false, 3)
    );
    assert!(encounter_worth(book, true, 5) > encounter_worth(book, false, 5));
}

#[test]
fn the_header_quotes_the_measured_figures() {
    let (_, first) = BOOK[0];
    let want = header(&data().book);
    // `AB_WRITE_HEADER=1` writes the measured block into the book's header (after
    // changing rewards or explore numbers), then the test checks it as usual.
    if std::env::var_os("AB_WRITE_HEADER").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../resources/above-below/book/001-064.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("# Balance,"))
            .unwrap();
        let mut out: Vec<String> = lines[..at].iter().map(|l| l.to_string()).collect();
        out.extend(want.iter().cloned());
        out.extend(lines[at + want.len()..].iter().map(|l| l.to_string()));
        std::fs::write(path, out.join("\n") + "\n").unwrap();
        return;
    }
    let have: Vec<&str> = first
        .lines()
        .skip_while(|l| !l.starts_with("# Balance,"))
        .take(want.len())
        .collect();
    assert_eq!(
        have, want,
        "run `AB_WRITE_HEADER=1 cargo test -p tavern-above-below --release --test book the_header` to write the measured block into the header of book/001-064.txt"
    );
}

/// The balance counts lanterns the way the game resolves an explore: seat 0's three starting
/// explorers (two lanterns on 3+, 5+ and 5+) explore a basic cave two thousand times through
/// the rules with random dice and a random open choice, and how often they succeed at each
/// explore number matches the exact count for their thresholds.
#[test]
fn explores_played_through_the_game_succeed_as_counted() {
    let base = fresh(2);
    let names = ["Fenn", "Bram", "Wren"];
    let party: Vec<u8> = names
        .iter()
        .map(|n| data().villagers.iter().position(|v| v.name == *n).unwrap() as u8)
        .collect();
    let two_at: Vec<u8> = party
        .iter()
        .map(|&v| data().villagers[v as usize].two_at)
        .collect();
    let mut rng = GameRng::new(14);
    let mut tally: BTreeMap<u8, (u32, u32)> = BTreeMap::new();
    for _ in 0..2000 {
        let mut g = base.clone();
        for &v in &party {
            act(&mut g, 0, Action::Select { villager: v });
        }
        act(&mut g, 0, Action::Explore { dangerous: false });
        settle(&mut g);
        while g.to_act() == ToAct::Chance {
            let a = g.sample_chance(&mut rng);
            chance(&mut g, a);
            if g.explore.as_ref().is_some_and(|e| e.stage != Stage::Grid) {
                break;
            }
        }
        let e = g.explore.as_ref().unwrap();
        let entry = data().book.entry((e.paragraph, 0));
        let options = g.legal_actions(0);
        let Action::Choose { option } = options[rng.die(options.len() as u32) as usize - 1] else {
            panic!("a choice is due: {options:?}");
        };
        let explore = entry.choices[option as usize].explore;
        act(&mut g, 0, Action::Choose { option });
        while g.to_act() == ToAct::Chance {
            let a = g.sample_chance(&mut rng);
            chance(&mut g, a);
        }
        act(&mut g, 0, Action::Accept);
        let t = tally.entry(explore).or_default();
        t.0 += g.last_read.as_ref().unwrap().success as u32;
        t.1 += 1;
    }
    let mut compared = 0;
    for (x, (won, n)) in tally {
        let p = success_chance_for(&two_at, x);
        let seen = won as f64 / n as f64;
        // Four standard errors, and a little for rounding near certainty.
        let tol = 4.0 * (p * (1.0 - p) / n as f64).sqrt() + 0.01;
        assert!(
            (seen - p).abs() <= tol,
            "explore {x}: {won} of {n} succeeded ({seen:.3}), counted {p:.3}"
        );
        if n >= 100 && p > 0.05 && p < 0.95 {
            compared += 1;
        }
    }
    assert!(compared >= 2, "too few explore numbers with a real chance");
}
