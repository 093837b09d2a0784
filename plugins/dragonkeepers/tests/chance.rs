//! The start player (a setup choice or a lot drawn as a chance step) and the one check of
//! logged chance outcomes that `apply_checked` makes through `chance_outcomes` and
//! `check_chance`.
mod common;

use common::*;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dragonkeepers::data::{Back, card, data};
use tavern_plugin_dragonkeepers::model::{Item, Phase};
use tavern_plugin_dragonkeepers::{Action, Deck, Dk};

/// Seat sizes of the starting hands after the setup chance steps (identity shuffles).
fn hands_after_setup(b: &mut Builder) -> Vec<usize> {
    let d = data();
    b.chance(Action::Shuffle {
        deck: Deck::Starting,
        order: ident(d.starting.len()),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Left,
        order: ident(d.left.len()),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Right,
        order: ident(d.right.len()),
    });
    let k = d.pieces_removed[b.g.n()];
    b.chance(Action::RemovePieces {
        pieces: (0..k).collect(),
    });
    for p in &b.g.players {
        assert!(p.hand.iter().all(|&c| card(c).back == Back::Ribbon));
    }
    b.g.players.iter().map(|p| p.hand.len()).collect()
}

#[test]
fn the_start_is_drawn_by_lot_by_default() {
    let g = Dk::new(&tavern_plugin_api::Setup::players(3)).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.chance_outcomes(),
        Some((0..3).map(|seat| Action::StartPlayer { seat }).collect())
    );
    assert!(matches!(
        g.sample_chance(&mut GameRng::new(3)),
        Action::StartPlayer { seat } if seat < 3
    ));
    // Every seat comes up for some seed: the lot is not fixed.
    let mut drawn = [false; 3];
    for seed in 0..60 {
        if let Action::StartPlayer { seat } = g.sample_chance(&mut GameRng::new(seed)) {
            drawn[seat] = true;
        }
    }
    assert_eq!(drawn, [true; 3]);
}

#[test]
fn a_drawn_start_player_begins_and_the_cards_follow_clockwise() {
    let mut b = Builder::new(&setup_with(3, &[("start", "random")]));
    let mut log = b.g.clone();
    let applied = apply_checked(&mut log, None, &Action::StartPlayer { seat: 2 }).unwrap();
    assert!(applied.reveal);
    assert!(applied.label.contains("starts"), "{}", applied.label);
    b.chance(Action::StartPlayer { seat: 2 });
    // Seat 3 (index 2) starts without cards; seat 1 is next clockwise (1 card), then seat 2.
    assert_eq!(hands_after_setup(&mut b), vec![1, 2, 0]);
    assert_eq!((b.g.phase, b.g.active), (Phase::Turn, 2));
    assert_eq!(b.g.to_act(), ToAct::Seats(vec![2]));
    assert!(b.g.legal_actions(0).is_empty());
}

#[test]
fn a_named_start_player_needs_no_lot() {
    for (n, start, sizes) in [
        (2, "2", vec![1, 0]),
        (3, "2", vec![2, 0, 1]),
        (4, "3", vec![2, 3, 0, 1]),
        (4, "1", vec![0, 1, 2, 3]),
    ] {
        let mut b = Builder::new(&setup_with(n, &[("start", start)]));
        assert!(
            matches!(
                b.g.sample_chance(&mut GameRng::new(1)),
                Action::Shuffle {
                    deck: Deck::Starting,
                    ..
                }
            ),
            "no lot with a named start"
        );
        assert_eq!(
            hands_after_setup(&mut b),
            sizes,
            "{n} players, seat {start}"
        );
        let first: usize = start.parse().unwrap();
        assert_eq!(b.g.to_act(), ToAct::Seats(vec![first - 1]));
    }
}

#[test]
fn the_start_option_offers_only_seats_at_the_table() {
    assert!(Dk::new(&setup_with(3, &[("start", "4")])).is_err());
    assert!(Dk::new(&setup_with(2, &[("start", "0")])).is_err());
    assert!(Dk::new(&setup_with(2, &[("start", "first")])).is_err());
    let info = Dk::info();
    let opt = info.options.iter().find(|o| o.key == "start").unwrap();
    assert_eq!(opt.default, "random");
    for c in &opt.choices {
        if let Ok(k) = c.value.parse::<usize>() {
            // A seat choice allows only tables that have that seat.
            assert!(c.min_players.unwrap_or(info.min_players) >= k, "{c:?}");
            assert!(Dk::new(&setup_with(k.max(2), &[("start", &c.value)])).is_ok());
        }
    }
}

#[test]
fn tampered_chance_outcomes_are_refused_in_one_place() {
    // The lot names a seat at the table.
    let g = Dk::new(&setup_with(3, &[("start", "random")])).unwrap();
    assert!(apply_checked(&mut g.clone(), None, &Action::StartPlayer { seat: 3 }).is_err());
    // A shuffle must order the cards actually in the pile.
    let mut b = Builder::new(&setup(2));
    for bad in [
        Action::Shuffle {
            deck: Deck::Starting,
            order: ident(7),
        },
        Action::Shuffle {
            deck: Deck::Starting,
            order: vec![0, 1, 2, 3, 4, 5, 6, 8],
        },
        Action::StartPlayer { seat: 0 },
    ] {
        assert!(
            b.g.check_chance(&bad).is_err(),
            "the game's own check: {bad:?}"
        );
        assert!(apply_checked(&mut b.g, None, &bad).is_err(), "{bad:?}");
    }
    // The random chest is one of the six items; a pearl comes from the bag as it is.
    let mut b = Builder::new(&setup_with(2, &[("chests", "random")]));
    hands_after_setup(&mut b);
    assert_eq!(
        b.g.chance_outcomes().map(|l| l.len()),
        Some(Item::ALL.len())
    );
    b.chance(Action::RevealChest {
        item: Item::TrollHorn,
    });
    let mut b = fresh(2);
    give_pieces(&mut b.g, 0, 3);
    b.g.pearls_due.push(0);
    let red = data().red_pearls;
    let blue = Action::DrawPearl { pearl: red };
    let bag = b.g.chance_outcomes().expect("a pearl draw lists the bag");
    assert_eq!(
        bag,
        (0..red)
            .map(|pearl| Action::DrawPearl { pearl })
            .collect::<Vec<_>>()
    );
    assert!(
        apply_checked(&mut b.g, None, &blue).is_err(),
        "no blue pearl while red ones remain"
    );
    assert!(apply_checked(&mut b.g, None, &Action::DrawPearl { pearl: 16 }).is_err());
    b.chance(Action::DrawPearl { pearl: 1 });
    b.g.pearls_due.push(0);
    assert!(
        apply_checked(&mut b.g, None, &Action::DrawPearl { pearl: 1 }).is_err(),
        "that pearl was drawn already"
    );
}

/// A save whose logged chance outcome was edited is refused at that entry when replayed,
/// for every kind of chance step the game has.
#[test]
fn a_tampered_save_is_refused_at_the_edited_outcome() {
    let s = setup_with(3, &[("start", "random"), ("chests", "random")]);
    let mut rng = GameRng::new(11);
    let mut g = Dk::new(&s).unwrap();
    let mut log = Vec::new();
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        apply_checked(&mut g, seat, &a).unwrap();
        log.push((seat, a));
    }
    let tamper = |a: &Action| -> Option<Action> {
        Some(match a {
            Action::StartPlayer { .. } => Action::StartPlayer { seat: 7 },
            Action::Shuffle { deck, order } => {
                let mut order = order.clone();
                order[0] = order[1];
                Action::Shuffle { deck: *deck, order }
            }
            Action::RemovePieces { pieces } => Action::RemovePieces {
                pieces: pieces[1..].to_vec(),
            },
            // A blue pearl while red ones remain, or a pearl the bag never held.
            Action::DrawPearl { pearl } => Action::DrawPearl {
                pearl: if *pearl < data().red_pearls { 14 } else { 15 },
            },
            _ => return None,
        })
    };
    let mut kinds = 0;
    for (i, (seat, a)) in log.iter().enumerate() {
        let Some(bad) = tamper(a) else { continue };
        kinds += 1;
        let mut r = Dk::new(&s).unwrap();
        for (j, (seat2, a2)) in log.iter().enumerate() {
            let a2 = if j == i { &bad } else { a2 };
            let res = apply_checked(&mut r, *seat2, a2);
            if j == i {
                assert!(res.is_err(), "entry {i} edited to {bad:?} was accepted");
                assert!(seat.is_none());
                break;
            }
            res.unwrap();
        }
    }
    assert!(
        kinds >= 6,
        "start, three shuffles, pieces and a pearl were edited"
    );
}

/// Whatever the game samples passes its own check, over random games of every size.
#[test]
fn sampled_outcomes_pass_the_check() {
    for n in 2..=4 {
        for seed in 0..scaled(20) as u64 {
            let s = setup_with(n, &[("start", "random"), ("chests", "random")]);
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            while g.to_act() != ToAct::Over {
                let (seat, a) = random_move(&g, &mut rng).unwrap();
                if seat.is_none() {
                    if let Some(list) = g.chance_outcomes() {
                        assert!(list.contains(&a), "{a:?} not listed");
                    }
                    g.check_chance(&a).unwrap();
                }
                apply_checked(&mut g, seat, &a).unwrap();
            }
        }
    }
}

/// The end of the setup deals the starting cards: each receiver reads its own cards in
/// the log, nobody else does.
#[test]
fn starting_cards_are_told_only_to_their_owner() {
    let d = data();
    let mut b = Builder::new(&setup(3));
    for (deck, k) in [
        (Deck::Starting, d.starting.len()),
        (Deck::Left, d.left.len()),
        (Deck::Right, d.right.len()),
    ] {
        b.chance(Action::Shuffle {
            deck,
            order: ident(k),
        });
    }
    let a = apply_checked(
        &mut b.g,
        None,
        &Action::RemovePieces {
            pieces: (0..12).collect(),
        },
    )
    .unwrap();
    let public = a.text_for(None, Some(0)).to_string();
    assert_eq!(a.text_for(None, None), public);
    for c in d.starting.clone() {
        assert!(!public.contains(tavern_plugin_dragonkeepers::data::card_name(c)));
    }
    for seat in 1..3 {
        let own = a.text_for(None, Some(seat));
        assert!(own.starts_with(&public), "{own}");
        for &c in &b.g.players[seat].hand {
            assert!(
                own.contains(tavern_plugin_dragonkeepers::data::card_name(c)),
                "{own}"
            );
        }
    }
}

/// A pearl is drawn face down: the table learns its colour, its owner (who sees its own
/// pearls on the table) its value too.
#[test]
fn a_pearl_draw_tells_its_value_only_to_the_owner() {
    let mut b = fresh(2);
    give_pieces(&mut b.g, 1, 3);
    b.g.pearls_due.push(1);
    let a = apply_checked(&mut b.g, None, &Action::DrawPearl { pearl: 2 }).unwrap();
    let value = data().pearl_values[2];
    assert!(
        a.text_for(None, Some(1))
            .contains(&format!("worth {value}"))
    );
    assert!(!a.text_for(None, Some(0)).contains("worth"));
    assert!(a.text_for(None, Some(0)).contains("red pearl"));
}
