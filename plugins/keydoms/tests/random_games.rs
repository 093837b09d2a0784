//! Thousands of complete random games per player count (scaled by TAVERN_TEST_SCALE),
//! with conservation invariants, plus save/replay and serde round trips.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{artefact_kinds, play_and_replay, spell_counts, walk_with};
use rand::RngExt;
use tavern_plugin_api::game::check::{random_game, scaled};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_keydoms::Action;
use tavern_plugin_keydoms::data::{AMULET, KEY, MIRROR, RAVEN, SCROLL, STRENGTHS, WAND};
use tavern_plugin_keydoms::{Keydoms, Stage};

fn invariants(g: &Keydoms) {
    let n = g.n();
    // Treasures: nothing created or lost.
    for (t, &v) in g.treasure_totals().iter().enumerate() {
        assert_eq!(
            v,
            tavern_plugin_keydoms::data::type_value(t),
            "treasure type {t} not conserved"
        );
    }
    // Artefacts: one wand per player, n of every other kind between castle and players.
    if g.stage != Stage::Setup {
        for (k, &c) in artefact_kinds(g).iter().enumerate() {
            assert_eq!(c, n, "artefact kind {k} not conserved");
        }
        // Spells: all 21 between deck, discards, hands, casts in flight and draws being
        // decided (magic game).
        if g.magic() {
            let seen = spell_counts(g);
            assert!(
                seen[1..].iter().all(|&c| c == 1),
                "spells not conserved: {seen:?}"
            );
        }
    }
    // Caves: the large pieces a ledge remembers fit in its value (3 each).
    for c in 0..5 {
        for l in 0..4 {
            for t in 0..5 {
                assert!(
                    g.cave_large[c][l][t] as u16 * 3 <= g.caves[c][l][t] as u16,
                    "cave {c} ledge {l} type {t}: more large pieces than value"
                );
            }
        }
    }
    // Workers: everyone keeps exactly their eight.
    for p in &g.players {
        let mut s: Vec<u8> = p.workers.iter().map(|w| w.strength).collect();
        s.sort();
        assert_eq!(s, STRENGTHS.to_vec());
        if g.stage == Stage::RoundStart || g.stage == Stage::StartTreasures {
            assert!(
                p.workers.iter().all(|w| w.loc.is_none()),
                "workers return home"
            );
        }
    }
    if g.stage == Stage::Over {
        assert_eq!(g.artefacts_left(), 0);
    }
}

fn games_in(n: usize, count: usize, variant: &str) {
    let count = scaled(count) as u64;
    let mut setup = Setup::players(n);
    match variant {
        "foreknown" => {
            setup.options.insert("foreknown".into(), "yes".into());
        }
        v => {
            setup.options.insert("variant".into(), v.into());
        }
    }
    let mut longest = 0;
    for seed in 0..count {
        let r = random_game::<Keydoms>(&setup, seed * 7919 + n as u64, 20_000, invariants);
        longest = longest.max(r.actions);
        let o = r.outcome;
        // The winner has the most artefacts.
        let best = o.scores.iter().map(|s| s.total).max().unwrap();
        let w = o.winners();
        assert_eq!(w.len(), 1, "player order always breaks the last tie");
        assert_eq!(o.scores[w[0]].total, best);
    }
    println!("{n} players ({variant}): {count} games, longest {longest} actions");
}

#[test]
fn smoke_standard() {
    for n in 3..=6 {
        games_in(n, 30, "standard");
    }
}

#[test]
fn random_games_3_players_standard() {
    games_in(3, 2000, "standard");
}

#[test]
fn random_games_3_players_muggles() {
    games_in(3, 2000, "muggles");
}

#[test]
fn random_games_4_players_standard() {
    games_in(4, 2000, "standard");
}

#[test]
fn random_games_4_players_muggles() {
    games_in(4, 2000, "muggles");
}

#[test]
fn random_games_5_players_standard() {
    games_in(5, 2000, "standard");
}

#[test]
fn random_games_5_players_muggles() {
    games_in(5, 2000, "muggles");
}

#[test]
fn random_games_6_players_standard() {
    games_in(6, 2000, "standard");
}

#[test]
fn random_games_6_players_muggles() {
    games_in(6, 2000, "muggles");
}

/// Foreknown changes only where the roundhouse's spells come from, so fewer games keep
/// the crate's test run short.
const FOREKNOWN_GAMES: usize = 500;

#[test]
fn random_games_3_players_foreknown() {
    games_in(3, FOREKNOWN_GAMES, "foreknown");
}

#[test]
fn random_games_4_players_foreknown() {
    games_in(4, FOREKNOWN_GAMES, "foreknown");
}

#[test]
fn random_games_5_players_foreknown() {
    games_in(5, FOREKNOWN_GAMES, "foreknown");
}

#[test]
fn random_games_6_players_foreknown() {
    games_in(6, FOREKNOWN_GAMES, "foreknown");
}

#[test]
fn unsupported_setups_are_refused() {
    assert!(
        Keydoms::new(&Setup::players(7)).is_err(),
        "7 players must be refused"
    );
    for (n, ghosts) in [(1, "0"), (1, "1"), (2, "0"), (6, "1"), (5, "2"), (3, "3")] {
        let mut s = Setup::players(n);
        s.options.insert("ghosts".into(), ghosts.into());
        assert!(
            Keydoms::new(&s).is_err(),
            "{n} players with {ghosts} ghosts must be refused"
        );
    }
    let mut s = Setup::players(4);
    s.options.insert("variant".into(), "muggles".into());
    s.options.insert("foreknown".into(), "yes".into());
    assert!(Keydoms::new(&s).is_err(), "Foreknown needs spells");
    for v in ["spooky", "nonsense"] {
        let mut s = Setup::players(4);
        s.options.insert("variant".into(), v.into());
        assert!(
            Keydoms::new(&s).is_err(),
            "{v} is no variant value (Spooky is the ghosts option)"
        );
    }
    let mut s = Setup::players(4);
    s.options.insert("ghosts".into(), "1".into());
    assert!(Keydoms::new(&s).is_ok(), "Spooky: four players and a ghost");
    let mut s = Setup::players(4);
    s.options.insert("variant".into(), "muggles".into());
    assert!(Keydoms::new(&s).is_ok());
}

#[test]
fn replay_and_serde_round_trip() {
    for n in 3..=6 {
        play_and_replay(&Setup::players(n), 99 + n as u64);
    }
}

/// Random play must actually reach every power and spell, or the invariants above
/// would prove little about them.
#[test]
fn random_games_use_every_artefact_power_and_spell() {
    let mut cast = [0u32; 22];
    let mut invoked = [0u32; 6];
    let mut reveals = 0u32;
    // Passing for the whole round would hide the late timings (Smuggler).
    let no_round_pass = |g: &Keydoms, seat: usize, rng: &mut GameRng| {
        let l: Vec<Action> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| *a != Action::PassRound)
            .collect();
        l[rng.random_range(0..l.len())].clone()
    };
    // Coverage needs enough games whatever the scale: at least 200.
    for seed in 0..scaled(300).max(200) as u64 {
        let n = 3 + (seed % 4) as usize;
        let mut rng = GameRng::new(seed);
        walk_with(
            Keydoms::new(&Setup::players(n)).unwrap(),
            &mut rng,
            no_round_pass,
            |_, _| {},
            |st| {
                match *st.action {
                    Action::Cast { spell } => cast[spell as usize] += 1,
                    Action::Invoke { artefact } => invoked[artefact as usize] += 1,
                    _ => {}
                }
                if st.applied.reveal {
                    reveals += 1;
                }
            },
        );
    }
    println!(
        "spells cast: {:?}\nartefacts invoked: {invoked:?}",
        &cast[1..]
    );
    for sp in 1..=21 {
        assert!(cast[sp] > 0, "spell {sp} never cast in random play");
    }
    for k in [AMULET, KEY, MIRROR, RAVEN, WAND] {
        assert!(invoked[k as usize] > 0, "artefact {k} never invoked");
    }
    assert_eq!(invoked[SCROLL as usize], 0, "scrolls are never invoked");
    assert!(reveals > 0);
}

#[test]
fn replay_every_mode() {
    for (key, value) in [("variant", "muggles"), ("foreknown", "yes")] {
        let mut setup = Setup::players(4);
        setup.options.insert(key.into(), value.into());
        play_and_replay(&setup, 5);
    }
}

#[test]
fn info_names_the_crates_own_version() {
    // The game's own version (not the workspace's), so a save names the version of
    // Keydom's that wrote it.
    assert_eq!(Keydoms::info().version, "0.3.0");
    assert_eq!(Keydoms::info().version, env!("CARGO_PKG_VERSION"));
}
