//! Chance steps: every outcome the game draws fits `check_chance` (and the listed
//! outcomes, where it lists them), and tampered outcomes of every kind are refused by
//! `apply_checked` before anything changes.

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::Action;

/// Outcomes that could not have come from the step that drew `a`.
fn tampered(g: &Keydoms, a: &Action) -> Vec<Action> {
    let bad_perm = |order: &Vec<u16>| -> Vec<Vec<u16>> {
        let mut v = Vec::new();
        if !order.is_empty() {
            v.push(order[..order.len() - 1].to_vec());
        }
        let mut longer = order.clone();
        longer.push(order.len() as u16);
        v.push(longer);
        if order.len() > 1 {
            let mut twice = order.clone();
            twice[1] = twice[0];
            v.push(twice);
        }
        v
    };
    let mut out = Vec::new();
    match a {
        // A reveal names the location resolved next, and no other.
        Action::Reveal { loc } => {
            out.push(Action::Reveal {
                loc: (loc + 1) % 15,
            });
            out.push(Action::Reveal { loc: 99 });
        }
        Action::ShuffleArtefacts { order } => out.extend(
            bad_perm(order)
                .into_iter()
                .map(|order| Action::ShuffleArtefacts { order }),
        ),
        Action::ShuffleSpells { order } => out.extend(
            bad_perm(order)
                .into_iter()
                .map(|order| Action::ShuffleSpells { order }),
        ),
        Action::ShuffleStack { stack, order } => {
            out.extend(
                bad_perm(order)
                    .into_iter()
                    .map(|order| Action::ShuffleStack {
                        stack: *stack,
                        order,
                    }),
            );
            out.push(Action::ShuffleStack {
                stack: (*stack + 1) % 6,
                order: order.clone(),
            });
        }
        Action::GhostShuffle { ghost, order } => {
            out.extend(
                bad_perm(order)
                    .into_iter()
                    .map(|order| Action::GhostShuffle {
                        ghost: *ghost,
                        order,
                    }),
            );
            out.push(Action::GhostShuffle {
                ghost: ghost + 1,
                order: order.clone(),
            });
        }
        Action::StartRound { guard, card } => {
            out.push(Action::StartRound {
                guard: 11,
                card: *card,
            });
            out.push(Action::StartRound {
                guard: 0,
                card: *card,
            });
            let gone = (1..=45u16).find(|c| !g.card_deck.contains(c)).unwrap();
            out.push(Action::StartRound {
                guard: *guard,
                card: gone,
            });
        }
        Action::GhostKeepSpell { ghost, pick } => {
            out.push(Action::GhostKeepSpell {
                ghost: *ghost,
                pick: 2,
            });
            out.push(Action::GhostKeepSpell {
                ghost: ghost + 1,
                pick: *pick,
            });
        }
        Action::GhostEvict { picks } => {
            let mut longer = picks.clone();
            longer.push(0);
            out.push(Action::GhostEvict { picks: longer });
            let mut far = picks.clone();
            far[0] = 9;
            out.push(Action::GhostEvict { picks: far });
        }
        Action::GhostTurn {
            ghost,
            flip,
            worker,
        } => {
            let mut more = flip.clone();
            more.push(4);
            out.push(Action::GhostTurn {
                ghost: *ghost,
                flip: more,
                worker: *worker,
            });
            // A counter already on the board, or none when one is due (and vice versa).
            let placed = g.ghosts[*ghost as usize]
                .workers
                .iter()
                .position(|w| w.loc.is_some());
            if let Some(p) = placed {
                out.push(Action::GhostTurn {
                    ghost: *ghost,
                    flip: flip.clone(),
                    worker: Some(p as u8),
                });
            }
            out.push(Action::GhostTurn {
                ghost: *ghost,
                flip: flip.clone(),
                worker: if worker.is_some() { None } else { Some(0) },
            });
        }
        _ => {}
    }
    // An outcome of another kind of step altogether.
    if !matches!(a, Action::StartRound { .. }) {
        out.push(Action::StartRound {
            guard: 5,
            card: g.card_deck.first().copied().unwrap_or(1),
        });
    } else {
        out.push(Action::ShuffleSpells { order: vec![] });
    }
    out
}

#[test]
fn drawn_outcomes_fit_and_tampered_ones_are_refused() {
    use rand::RngExt;
    let setups = [
        (3, "0", "no"),
        (4, "0", "yes"),
        (1, "auto", "no"),
        (2, "auto", "no"),
        (3, "1", "no"),
    ];
    let mut refused = 0;
    for seed in 0..scaled(15) as u64 {
        let (humans, ghosts, foreknown) = setups[seed as usize % setups.len()];
        let mut setup = Setup::players(humans);
        setup.options.insert("ghosts".into(), ghosts.into());
        setup.options.insert("foreknown".into(), foreknown.into());
        let mut g = Keydoms::new(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let a = g.sample_chance(&mut rng);
                    g.check_chance(&a)
                        .unwrap_or_else(|e| panic!("{a:?} was drawn but refused: {e}"));
                    if let Some(list) = g.chance_outcomes() {
                        assert!(list.contains(&a), "{a:?} is not listed");
                    }
                    for bad in tampered(&g, &a) {
                        assert!(g.check_chance(&bad).is_err(), "check_chance let {bad:?} by");
                        let before = g.clone();
                        assert!(
                            apply_checked(&mut g, None, &bad).is_err(),
                            "tampered {bad:?} (drawn: {a:?}) was accepted"
                        );
                        assert_eq!(g, before, "a refused outcome changed nothing");
                        refused += 1;
                    }
                    (None, a)
                }
                ToAct::Seats(s) => {
                    assert!(
                        g.check_chance(&Action::ShuffleSpells { order: vec![] })
                            .is_err()
                    );
                    let l = g.legal_actions(s[0]);
                    (Some(s[0]), l[rng.random_range(0..l.len())].clone())
                }
            };
            apply_checked(&mut g, seat, &a).unwrap();
        }
    }
    assert!(
        refused > scaled(1000),
        "only {refused} tampered outcomes tried"
    );
}

#[test]
fn a_round_lists_every_guard_and_card_left() {
    let mut g = Keydoms::new(&Setup::players(3)).unwrap();
    let mut rng = GameRng::new(2);
    while g.chance_outcomes().is_none() {
        let a = g.sample_chance(&mut rng);
        apply_checked(&mut g, None, &a).unwrap();
    }
    let list = g.chance_outcomes().unwrap();
    assert_eq!(list.len(), 10 * g.card_deck.len());
    assert!(list.contains(&Action::StartRound {
        guard: 10,
        card: g.card_deck[0]
    }));
}
