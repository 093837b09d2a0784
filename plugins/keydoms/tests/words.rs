//! The words a player reads: every log line, every action label and every prompt of
//! random games at each table size, with and without magic and ghosts, read for the
//! slips a new player trips over: an amount next to the wrong number of its word ("1
//! crowns", "one pearls"), "(s)" plurals, a Rust list in brackets, "the Castle room 3",
//! a log line starting in lower case, a decline or pass that does not say what it
//! declines, "round 0".

mod common;

use common::{seat_to_act, setup, walk_steps};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::Keydoms;

const PLURALS: [&str; 13] = [
    "crowns",
    "pearls",
    "goblets",
    "gemstones",
    "gold bars",
    "treasures",
    "workers",
    "spells",
    "artefacts",
    "cards",
    "tiles",
    "counters",
    "ledges",
];

/// What reads wrong in one text (a log entry, a label or a prompt).
pub fn slips(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in PLURALS {
        for one in ["1 ", "one ", "a "] {
            let pat = format!("{one}{word}");
            let mut from = 0;
            while let Some(i) = text[from..].find(&pat) {
                let at = from + i;
                let before = text[..at].chars().last();
                // "11 crowns", "21 workers" and "a" inside a word are fine.
                let word_start = before.is_none_or(|c| !c.is_alphanumeric());
                if word_start {
                    out.push(format!("{pat:?} in {text:?}"));
                }
                from = at + pat.len();
            }
        }
    }
    // An amount with no word after it: "The guard wants 3:".
    if text.contains("wants ")
        && text.split("wants ").nth(1).is_some_and(|r| {
            r.split([' ', ':'])
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
                && r.split(' ').next().is_some_and(|w| w.ends_with(':'))
        })
    {
        out.push(format!("a bare amount: {text:?}"));
    }
    // "Player 1 makes Player 1 the start player".
    if let Some((who, rest)) = text.split_once(" wins the stables and makes ")
        && rest.starts_with(who)
    {
        out.push(format!("names itself: {text:?}"));
    }
    for bad in [
        "(s)",
        "[",
        "]",
        "the Castle room",
        "round 0",
        " acts\n",
        "treasure more",
        "treasures more",
    ] {
        if text.contains(bad) {
            out.push(format!("{bad:?} in {text:?}"));
        }
    }
    if text.ends_with(" acts") {
        out.push(format!("a bare 'acts': {text:?}"));
    }
    out
}

/// What reads wrong in a log entry: [`slips`], and each line must start in upper case.
fn log_slips(text: &str) -> Vec<String> {
    let mut out = slips(text);
    for line in text.lines() {
        if line.chars().next().is_some_and(|c| c.is_lowercase()) {
            out.push(format!("a log line starts in lower case: {line:?}"));
        }
    }
    out
}

fn read_games(humans: usize, ghosts: &str, magic: bool, extra: &[(&str, &str)], games: u64) {
    for seed in 0..games {
        let mut s = setup(humans, ghosts, magic);
        for (k, v) in extra {
            s.options.insert((*k).into(), (*v).into());
        }
        let mut rng = GameRng::new(seed * 7 + humans as u64);
        let mut problems: Vec<String> = Vec::new();
        let mut before = Keydoms::new(&s).unwrap();
        walk_steps(Keydoms::new(&s).unwrap(), &mut rng, |st| {
            let a = st.applied;
            let texts = std::iter::once(&a.label)
                .chain(a.private_label.as_ref())
                .chain(a.private_for.iter().map(|(_, t)| t));
            for t in texts {
                problems.extend(log_slips(t));
            }
            // Labels and the prompt of the position the step was taken from.
            if let Some(seat) = st.seat {
                for l in before.legal(seat) {
                    problems.extend(slips(&l.label));
                    if l.label == "Pass" || l.label == "Decline" {
                        problems.push(format!("a bare {:?} label", l.label));
                    }
                }
                let v = before.view(Some(seat));
                problems.extend(slips(&v.prompt));
                problems.extend(slips(&v.status));
                // A ghost mat's line starts in upper case whichever part leads it.
                for it in &v.scene.items {
                    if let tavern_plugin_api::scene::Shape::Text { text, .. } = &it.shape
                        && ["last card", "to cast", "hidden spells"]
                            .iter()
                            .any(|w| text.starts_with(w))
                    {
                        problems.push(format!("a mat line in lower case: {text:?}"));
                    }
                }
                // The host adds "Player 2 to play" beside the status itself.
                if v.status.contains(" to act") || v.status.contains("Resolving Guard") {
                    problems.push(format!("status {:?}", v.status));
                }
            }
            let _ = before.apply_quiet(st.seat, st.action);
        });
        let _ = seat_to_act;
        problems.sort();
        problems.dedup();
        assert!(
            problems.is_empty(),
            "{humans} players, ghosts {ghosts}, magic {magic}, seed {seed}:\n{}",
            problems.join("\n")
        );
    }
}

#[test]
fn words_read_right_with_three_to_six_players() {
    for humans in [3, 4, 6] {
        read_games(humans, "0", true, &[], 3);
    }
    read_games(5, "0", false, &[], 2);
    read_games(4, "0", true, &[("foreknown", "yes")], 2);
}

#[test]
fn words_read_right_with_ghosts() {
    read_games(1, "auto", true, &[], 3);
    read_games(2, "auto", true, &[], 3);
    read_games(3, "2", true, &[("ghost_spells", "2")], 2);
    read_games(2, "auto", false, &[], 2);
}

#[test]
fn the_slip_finder_finds_slips() {
    assert_eq!(slips("Player 1 pays 1 pearls").len(), 1);
    assert_eq!(slips("Trade one crown for one pearls").len(), 1);
    assert!(slips("Player 1 pays 11 pearls and 21 crowns").is_empty());
    assert!(slips("Take 2 more small treasure(s)").len() == 1);
    assert!(slips("pay [8] in different").len() == 2);
    assert_eq!(slips("The guard wants 3: 0 paid so far").len(), 1);
}

/// Every line of every log entry of one random game of `humans` seats.
fn log_lines(humans: usize, ghosts: &str, seed: u64) -> Vec<String> {
    let mut rng = GameRng::new(seed);
    let mut lines = Vec::new();
    walk_steps(
        Keydoms::new(&setup(humans, ghosts, true)).unwrap(),
        &mut rng,
        |st| lines.extend(st.applied.label.lines().map(str::to_string)),
    );
    lines
}

#[test]
fn the_log_tells_how_each_location_resolved() {
    let lines = log_lines(4, "0", 11);
    let resolved: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(" is resolved: "))
        .collect();
    for cave in ["Red", "White", "Black", "Blue", "Gold"] {
        assert!(
            resolved
                .iter()
                .any(|l| l.starts_with(&format!("The {cave} cave is resolved: Player"))),
            "the {cave} cave's standing: {resolved:#?}"
        );
    }
    assert!(
        resolved
            .iter()
            .any(|l| l.starts_with("The Guard room is resolved: the guard ")),
        "the guard's strength with the guard room's standing: {resolved:#?}"
    );
    assert!(
        resolved
            .iter()
            .any(|l| l.starts_with("Castle room 1 is resolved: ")),
        "castle rooms by their name: {resolved:#?}"
    );
    // Strongest first: each standing's numbers never rise.
    for l in &resolved {
        let nums: Vec<u16> = l
            .split(": ")
            .last()
            .unwrap()
            .split(", ")
            .filter_map(|p| p.rsplit(' ').next()?.parse().ok())
            .collect();
        assert!(nums.windows(2).all(|w| w[0] >= w[1]), "{l}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" does not buy the ") && l.contains(" in Castle room ")),
        "a declined purchase names the artefact: {lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" from ledge 1 of the ") && l.starts_with("Player")),
        "a player's ledge: {lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains(" pass the guard")
            || l.contains("passes the guard")
            || l.contains("cannot get past the guard")
            || l.contains("bribe")),
        "how each player fared at the guard"
    );
}
