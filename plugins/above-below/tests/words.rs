//! The table's words read as sentences: amounts carry their word in the right number
//! ('1 coin', '2 coins', '3 tea leaves', never '1 coins' or 'bed(s)'), a log line starts
//! with a capital and names who acted once, a loss reads as a loss ('loses 1 reputation',
//! not 'gains -1 reputation'). Checked on every button label, log line, prompt, table
//! text and tooltip of random games at 2-4 players.
mod common;

use common::*;
use tavern_plugin_above_below::Ab;
use tavern_plugin_above_below::labels::{and_list, coins_and_brews, or_list};
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};

/// Nouns counted on the table, singular and plural.
const NOUNS: &[(&str, &str)] = &[
    ("coin", "coins"),
    ("brew", "brews"),
    ("villager", "villagers"),
    ("lantern", "lanterns"),
    ("good", "goods"),
    ("point", "points"),
    ("ghost", "ghosts"),
    ("boat", "boats"),
    ("bed", "beds"),
    ("reroll", "rerolls"),
    ("nut", "nuts"),
    ("crab", "crabs"),
    ("clam", "clams"),
    ("leaf", "leaves"),
    ("card", "cards"),
    ("pearl", "pearls"),
    ("explorer", "explorers"),
];

/// Words that may stand between a number and its noun ('3 mystic brews').
const BETWEEN: &[&str] = &["mystic", "village", "tea", "more", "extra"];

/// What reads wrong in `text`, if anything.
fn wrong_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if text.contains("(s)") {
        out.push(format!("a '(s)' plural: {text:?}"));
    }
    for bad in ["gains -", "gains loses", "gains +"] {
        if text.contains(bad) {
            out.push(format!("'{bad}': {text:?}"));
        }
    }
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| ",.:;()·".contains(c))
                .to_lowercase()
        })
        .collect();
    for (i, w) in words.iter().enumerate() {
        let Ok(n) = w.trim_start_matches(['+', '-']).parse::<i64>() else {
            continue;
        };
        let mut j = i + 1;
        if words.get(j).is_some_and(|x| BETWEEN.contains(&x.as_str())) {
            j += 1;
        }
        let Some(noun) = words.get(j) else { continue };
        for &(one, many) in NOUNS {
            if (n == 1 && noun == many) || (n != 1 && noun == one) {
                out.push(format!("'{n} {noun}': {text:?}"));
            }
        }
    }
    out
}

/// Every text a seat reads in `g`: its buttons, prompt and status, the table's words and
/// tooltips.
fn texts(g: &Ab, viewer: usize) -> Vec<String> {
    let mut out: Vec<String> = g.legal(viewer).into_iter().map(|l| l.label).collect();
    let v = g.view(Some(viewer));
    out.push(v.prompt);
    out.push(v.status);
    for it in &v.scene.items {
        match &it.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => out.push(text.clone()),
            Shape::Card { title, value, .. } => {
                out.push(title.clone());
                out.push(value.clone());
            }
            _ => {}
        }
        if let Some(t) = &it.tooltip {
            out.push(t.clone());
        }
    }
    out
}

#[test]
fn amounts_and_log_lines_read_as_sentences() {
    for n in 2..=4 {
        for seed in 0..scaled(4).max(1) as u64 {
            let mut g = Ab::new(&setup(n)).unwrap();
            let mut rng = GameRng::new(seed * 7 + n as u64);
            let mut problems = Vec::new();
            let mut step = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                if step % 3 == 0 {
                    for viewer in 0..n {
                        for t in texts(&g, viewer) {
                            problems.extend(wrong_words(&t));
                        }
                    }
                }
                let log = g.apply(seat, &a).unwrap().label;
                problems.extend(wrong_words(&log));
                for line in log.lines() {
                    let first = line.chars().next();
                    if !first.is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '(') {
                        problems.push(format!("a log line starts in lower case: {line:?}"));
                    }
                    if line.starts_with("Player") && line.matches("Player").count() > 1 {
                        let who = &line[..8];
                        if line[8..].starts_with(&format!(": {who}")) {
                            problems.push(format!("names its player twice: {line:?}"));
                        }
                    }
                }
                step += 1;
            }
            problems.sort();
            problems.dedup();
            assert!(
                problems.is_empty(),
                "{n} players, seed {seed}:\n{}",
                problems.join("\n")
            );
        }
    }
}

#[test]
fn the_checker_finds_what_it_looks_for() {
    assert!(wrong_words("Pay 1 coins").len() == 1);
    assert!(wrong_words("0 coin").len() == 1);
    assert!(wrong_words("Rest: 1 bed(s) left").len() == 1);
    assert!(wrong_words("Player 1 gains -1 reputation").len() == 1);
    assert!(wrong_words("Gain 3 mystic brew").len() == 1);
    assert!(wrong_words("2 tea leaf placed on it").len() == 1);
    assert!(wrong_words("Player 1 gains 1 coin, 3 village points and 2 nuts").is_empty());
}

#[test]
fn offers_and_lists_in_words() {
    assert_eq!(coins_and_brews(1, 0), "1 coin");
    assert_eq!(coins_and_brews(0, 3), "3 mystic brews");
    assert_eq!(coins_and_brews(2, 1), "2 coins and 1 mystic brew");
    assert_eq!(and_list(&["Bram", "Fenn"]), "Bram and Fenn");
    assert_eq!(and_list(&["Bram", "Wren", "Fenn"]), "Bram, Wren and Fenn");
    assert_eq!(or_list(&["reroll a die", "exert"]), "reroll a die or exert");
}

/// The coin a card pays for a ghost gained is in the log with the ghost (it came without
/// a word before).
#[test]
fn the_coin_for_a_ghost_is_logged() {
    use tavern_plugin_above_below::Action;
    use tavern_plugin_above_below::data::{card, villager};
    let mut g = fresh(2);
    let lodge = (0..=255u8)
        .find(|&c| card(c).name == "Ghostwarden's Lodge")
        .unwrap();
    g.players[0]
        .houses
        .push(tavern_plugin_above_below::model::Building {
            card: lodge,
            goods: 0,
            ghost: false,
        });
    g.players[0].coins = 20;
    g.coins_out += 12;
    let wren = g.players[0]
        .ready
        .iter()
        .copied()
        .find(|&v| villager(v).quill)
        .unwrap();
    act(&mut g, 0, Action::Select { villager: wren });
    let coins = g.players[0].coins;
    let l = act(&mut g, 0, Action::Hire { slot: 0 });
    assert!(
        l.contains("Player 1 gains a ghost, and 1 coin from Ghostwarden's Lodge"),
        "{l}"
    );
    assert_eq!(g.players[0].coins, coins - 2 + 1, "paid 2, got 1 back");
}

/// With no villager ready the prompt does not ask for villagers.
#[test]
fn the_prompt_without_ready_villagers() {
    let mut g = fresh(2);
    let p = &mut g.players[0];
    let v: Vec<u8> = p.ready.drain(..).collect();
    p.exhausted.extend(v);
    assert_eq!(
        g.view(Some(0)).prompt,
        "No villager is ready: take free actions, then pass"
    );
    assert_eq!(g.view(Some(1)).prompt, "Waiting for Player 1");
}

/// One chosen villager: the prompt names it and says exploring needs another.
#[test]
fn the_prompt_after_one_villager() {
    use tavern_plugin_above_below::Action;
    use tavern_plugin_above_below::data::villager;
    let mut g = fresh(2);
    let v = g.players[0].ready[0];
    act(&mut g, 0, Action::Select { villager: v });
    assert_eq!(
        g.view(Some(0)).prompt,
        format!(
            "Choose {}'s action, or more villagers (exploring takes two or more)",
            villager(v).name
        )
    );
}

/// A track button names the slot and the income it brings.
#[test]
fn track_buttons_name_the_slot_and_the_income() {
    use tavern_plugin_above_below::data::Good;
    let mut g = fresh(2);
    g.gain_good(0, Good::Rice, 2);
    let label = |g: &tavern_plugin_above_below::Ab| {
        g.legal(0)
            .into_iter()
            .find(|l| l.label.starts_with("Place 1 rice"))
            .unwrap()
            .label
    };
    assert_eq!(
        label(&g),
        "Place 1 rice on track slot 1, where it stays (income 4)"
    );
    act(
        &mut g,
        0,
        tavern_plugin_above_below::Action::Track { good: Good::Rice },
    );
    assert_eq!(
        label(&g),
        "Place 1 rice on track slot 1, where it stays (income 4)",
        "rice joins its slot"
    );
}

/// The explore buttons say what each deck promises.
#[test]
fn explore_buttons_name_the_explore_numbers() {
    use tavern_plugin_above_below::Action;
    let mut g = fresh(2);
    for v in g.players[0].ready.clone().into_iter().take(2) {
        act(&mut g, 0, Action::Select { villager: v });
    }
    let labels: Vec<String> = g.legal(0).into_iter().map(|l| l.label).collect();
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Explore the basic cave")
                && l.ends_with("with 2 villagers (explore 2-6)")),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Explore the dangerous cave")
                && l.ends_with("with 2 villagers (explore 5-11, a pearl on success)")),
        "{labels:?}"
    );
}
