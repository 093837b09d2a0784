//! Response windows are optional: the "pass" answer of every one is marked as such (so
//! the host may give it for a player who has nothing else to do or asked not to be
//! asked again this round), and nothing else is.

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::proto::ChoiceKind;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::Action;

#[test]
fn every_window_pass_is_marked_with_its_round() {
    use rand::RngExt;
    let mut rounds = 0u64;
    let mut windows = 0u64;
    let mut asks = 0u64;
    let mut only_pass = 0u64;
    for seed in 0..scaled(20) as u64 {
        let mut g = Keydoms::new(&Setup::players(4)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut last_window = None;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let legal = g.legal(s[0]);
                    let mut in_window = false;
                    for l in &legal {
                        if l.action == Action::Pass {
                            in_window = true;
                            assert_eq!(
                                l.kind,
                                ChoiceKind::Pass {
                                    window: format!("round {}", g.round)
                                }
                            );
                        } else {
                            assert!(
                                !matches!(l.kind, ChoiceKind::Pass { .. }),
                                "{:?} is not a pass",
                                l.action
                            );
                        }
                    }
                    if in_window {
                        asks += 1;
                        if legal.len() == 2 {
                            only_pass += 1;
                        }
                        // A window is one response moment: its kind and depth.
                        let key = (
                            g.round,
                            g.m.windows.len(),
                            g.m.windows.last().map(|w| w.kind),
                        );
                        if last_window != Some(key) {
                            windows += 1;
                        }
                        last_window = Some(key);
                    } else {
                        last_window = None;
                    }
                    let l = g.legal_actions(s[0]);
                    // Passing for the whole round would hide how many windows there are.
                    let l: Vec<Action> =
                        l.into_iter().filter(|a| *a != Action::PassRound).collect();
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            let before = g.round;
            apply_checked(&mut g, seat, &a).unwrap();
            if g.round != before {
                rounds += 1;
            }
        }
    }
    assert!(windows > 0 && asks > windows);
    println!(
        "four players: {:.1} response windows and {:.1} asks per round, {:.0}% of asks \
         with nothing but passing",
        windows as f64 / rounds as f64,
        asks as f64 / rounds as f64,
        100.0 * only_pass as f64 / asks as f64
    );
}

/// In the log, a window's plain pass is routine (the host folds runs of them) and nothing
/// else is: not a pass that set results off; each round's opening step names the round (the host's heading).
#[test]
fn passes_are_routine_and_rounds_are_headed() {
    use rand::RngExt;
    for seed in 0..scaled(10) as u64 {
        let mut g = Keydoms::new(&Setup::players(4)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut headings = Vec::new();
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let l = g.legal_actions(s[0]);
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            let applied = apply_checked(&mut g, seat, &a).unwrap();
            // A pass that set results off carries them on further lines and is no
            // longer routine, so the host never folds them away.
            assert_eq!(
                applied.routine,
                a == Action::Pass && !applied.label.contains('\n'),
                "{a:?}: {}",
                applied.label
            );
            if let Some(h) = applied.section {
                assert_eq!(h, format!("Round {}", g.round));
                headings.push(g.round);
            }
        }
        let expected: Vec<u32> = (1..=headings.len() as u32).collect();
        assert!(!headings.is_empty());
        assert_eq!(headings, expected, "one heading per round, in order");
    }
}
