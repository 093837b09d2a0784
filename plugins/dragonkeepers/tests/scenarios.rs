//! The rulebook's worked examples, as positions and plays.
mod common;

use common::*;
use tavern_plugin_api::{Game, ToAct};
use tavern_plugin_dragonkeepers::data::{Back, Colour, card};
use tavern_plugin_dragonkeepers::model::{End, Item, Page, Phase};
use tavern_plugin_dragonkeepers::{Action, Dk};

#[test]
fn example_book_shows_four_green() {
    // Left page 4, right page green: exactly four green dragons may be laid out.
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 4, Colour::Green);
    for back in [
        Back::Colour(Colour::Red),
        Back::Colour(Colour::Blue),
        Back::Colour(Colour::White),
        Back::Number(1),
        Back::Number(2),
    ] {
        give(&mut b.g, 0, Colour::Green, back);
    }
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    assert!(
        !can_pick(&b.g, 0, Some(Colour::Red)),
        "only green may be picked"
    );
    pick(&mut b, 0, Some(Colour::Green), 3);
    assert!(
        !has(&b.g, 0, &Action::Play { end: None }),
        "3 of 4 is not enough"
    );
    pick(&mut b, 0, Some(Colour::Green), 1);
    assert!(!can_pick(&b.g, 0, Some(Colour::Green)), "no fifth card");
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].row[0].cards.len(), 4);
}

#[test]
fn example_changing_the_book_to_one_green() {
    // After taking three cards the book asks for 4 green, but only 1 green is in hand:
    // a card with a 1 on its back placed on the left page makes it exactly 1 green.
    let mut b = fresh(2);
    for p in [Page::Left, Page::Right, Page::Left] {
        b.act(0, Action::TakeDisplay { page: p });
    }
    set_book(&mut b.g, 4, Colour::Green);
    let green = give(&mut b.g, 0, Colour::Green, Back::Colour(Colour::Blue));
    let one = give(&mut b.g, 0, Colour::Red, Back::Number(1));
    assert_eq!(b.g.step.taken, 3);
    assert_eq!(
        (b.g.book_number(), b.g.book_colour()),
        (4, Some(Colour::Green))
    );
    b.act(
        0,
        Action::PlaceOnPage {
            card: one,
            page: Page::Left,
        },
    );
    assert_eq!(
        (b.g.book_number(), b.g.book_colour()),
        (1, Some(Colour::Green))
    );
    b.act(0, Action::Select { card: green });
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].row[0].cards, vec![green]);
}

#[test]
fn example_placement_rule_a_and_b() {
    // A: white and green already laid out; new red dragons go left or right of them.
    let mut b = fresh(2);
    take_one(&mut b);
    lay_stack(&mut b.g, 0, Colour::White, 2);
    lay_stack(&mut b.g, 0, Colour::Green, 1);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    assert!(has(
        &b.g,
        0,
        &Action::Play {
            end: Some(End::Left)
        }
    ));
    assert!(has(
        &b.g,
        0,
        &Action::Play {
            end: Some(End::Right)
        }
    ));
    assert!(!has(&b.g, 0, &Action::Play { end: None }));
    // B: the reds went to the left; white now sits between red and green.
    b.act(
        0,
        Action::Play {
            end: Some(End::Left),
        },
    );
    let order: Vec<Colour> = b.g.players[0].row.iter().map(|s| s.colour).collect();
    assert_eq!(order, vec![Colour::Red, Colour::White, Colour::Green]);
    assert!(!b.g.stack_open(0, Colour::White));
    assert!(b.g.stack_open(0, Colour::Red) && b.g.stack_open(0, Colour::Green));
    // On a later turn the book asks for white: it cannot be laid out.
    b.act(0, Action::EndTurn);
    set_book(&mut b.g, 1, Colour::White);
    give(&mut b.g, 0, Colour::White, Back::Colour(Colour::Blue));
    assert!(!b.g.can_play(0));
    assert!(!can_pick(&b.g, 0, Some(Colour::White)));
}

#[test]
fn example_two_blue_dragons_reward() {
    // Playing 2 blue dragons with a 2 on the left page: 1 amulet piece + 1 shadow dragon.
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 2, Colour::Blue);
    give(&mut b.g, 0, Colour::Blue, Back::Colour(Colour::Red));
    give(&mut b.g, 0, Colour::Blue, Back::Colour(Colour::White));
    let shadows = b.g.shadow_supply.len();
    let lowest = b.g.piece_at_extreme(false).unwrap();
    pick(&mut b, 0, Some(Colour::Blue), 2);
    b.act(0, Action::Play { end: None });
    let p = &b.g.players[0];
    assert_eq!(p.pieces, vec![lowest]);
    assert_eq!(p.shadows_in_hand(), 1);
    assert_eq!(b.g.shadow_supply.len(), shadows - 1);
}

#[test]
fn example_third_piece_closes_the_ring_with_a_pearl() {
    let mut b = fresh(2);
    take_one(&mut b);
    give_pieces(&mut b.g, 0, 2);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].completed_amulets(), 1);
    // The table counts it in words: one amulet, not "1 amulets".
    let scene = serde_json::to_string(&b.g.view(Some(0)).scene).unwrap();
    assert!(scene.contains(" laid out · 1 amulet\""), "{scene}");
    assert_eq!(b.g.to_act(), ToAct::Chance, "a pearl is drawn");
    // Red pearls go first: a blue one is refused while red remain.
    assert!(
        tavern_plugin_api::game::apply_checked(&mut b.g, None, &Action::DrawPearl { pearl: 5 })
            .is_err()
    );
    b.chance(Action::DrawPearl { pearl: 1 });
    assert_eq!(b.g.players[0].pearls, vec![1]);
    assert_eq!(b.g.to_act(), ToAct::Seats(vec![0]));
}

#[test]
fn example_crystal_not_usable_in_the_turn_it_is_won() {
    // Play 1 card: amulet piece + crystal. The crystal cannot pay for anything this turn.
    let mut b = fresh(2);
    b.g.items = Item::TwilightFlute.bit();
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].crystals, 1);
    assert_eq!(b.g.players[0].usable_crystals(), 0);
    // Next turn of seat 0 (seat 1 takes a card and ends) it may pay for a fourth card.
    b.act(0, Action::EndTurn);
    while let ToAct::Seats(v) = b.g.to_act() {
        if v[0] == 0 && b.g.phase == Phase::Turn {
            break;
        }
        let s = v[0];
        if b.g.phase == Phase::Turn {
            b.act(s, Action::TakeDisplay { page: Page::Right });
            b.act(s, Action::EndTurn);
        } else {
            b.act(s, Action::Pass);
        }
        assert_ne!(b.g.phase, Phase::Over);
    }
    assert_eq!(b.g.players[0].usable_crystals(), 1);
    for _ in 0..3 {
        b.act(0, Action::TakeDisplay { page: Page::Right });
    }
    assert!(has(&b.g, 0, &Action::PayCrystalForFourth));
}

#[test]
fn example_end_with_three_players_can_reach_nine() {
    // 3 players, 7 amulets done. Seat 0 completes the 8th (the end); seat 1 completes
    // the turn and a 9th amulet; the game ends after the turn with 9.
    let mut b = fresh(3);
    give_pieces(&mut b.g, 0, 8);
    give_pieces(&mut b.g, 1, 8);
    give_pieces(&mut b.g, 2, 6);
    b.g.pearl_supply = (1 << 15) - 1; // pearls aside: the count of rings is what matters
    assert_eq!(b.g.completed_amulets(), 6);
    give_pieces(&mut b.g, 2, 3);
    assert_eq!(b.g.completed_amulets(), 7);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    give(&mut b.g, 1, Colour::Red, Back::Colour(Colour::White));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    b.chance(Action::DrawPearl { pearl: 0 });
    assert_eq!(b.g.completed_amulets(), 8);
    b.act(0, Action::EndTurn);
    assert_eq!(
        b.g.phase,
        Phase::Completing(1),
        "seat 1 may still complete the turn"
    );
    pick(&mut b, 1, Some(Colour::Red), 1);
    b.act(1, Action::Play { end: None });
    b.chance(Action::DrawPearl { pearl: 2 });
    assert_eq!(b.g.completed_amulets(), 9);
    assert_eq!(
        b.g.phase,
        Phase::Over,
        "seat 2 cannot play; the game is over"
    );
    assert!(b.g.outcome().is_some());
}

#[test]
fn example_magic_chests_feather_and_hammer_while_completing() {
    // Three crystals; the book asks for one card more than the completing player holds.
    // Swindle feather (one fewer) and the green ore hammer (upgrade) cost two; one is left.
    let mut b = fresh_with(
        2,
        &[
            ("chests", "chosen"),
            ("swindle_feather", "yes"),
            ("green_ore_hammer", "yes"),
        ],
    );
    take_one(&mut b);
    set_book(&mut b.g, 3, Colour::Blue);
    b.g.players[1].crystals = 3;
    b.g.crystals -= 3;
    give(&mut b.g, 1, Colour::Blue, Back::Colour(Colour::Red));
    give(&mut b.g, 1, Colour::Blue, Back::Colour(Colour::Green));
    b.act(0, Action::EndTurn);
    assert_eq!(
        b.g.phase,
        Phase::Completing(1),
        "playable only thanks to the feather"
    );
    b.act(
        1,
        Action::Arm {
            item: Item::SwindleFeather,
        },
    );
    assert!(
        !has(
            &b.g,
            1,
            &Action::Arm {
                item: Item::SwindleFeather
            }
        ),
        "no second feather"
    );
    b.act(
        1,
        Action::Arm {
            item: Item::GreenOreHammer,
        },
    );
    let lowest = b.g.piece_at_extreme(false).unwrap();
    let low_v = Dk::piece_value(lowest);
    pick(&mut b, 1, Some(Colour::Blue), 2);
    b.act(1, Action::Play { end: None });
    let p = &b.g.players[1];
    assert_eq!(p.crystals, 1, "third crystal saved");
    // Reward 3 = two lowest pieces; only one is upgraded.
    let vals: Vec<u8> = p.pieces.iter().map(|&i| Dk::piece_value(i)).collect();
    assert_eq!(vals.iter().filter(|&&v| v > low_v).count(), 1, "{vals:?}");
}

#[test]
fn starting_cards_by_seat_from_the_start_player() {
    for n in 2..=4 {
        let b = Builder::standard(&setup(n));
        let sizes: Vec<usize> = b.g.players.iter().map(|p| p.hand.len()).collect();
        assert_eq!(sizes, (0..n).collect::<Vec<_>>());
        for p in &b.g.players {
            assert!(p.hand.iter().all(|&c| card(c).back == Back::Ribbon));
        }
        let dealt: usize = sizes.iter().sum();
        assert_eq!(
            b.g.start_pile.len(),
            8 - dealt,
            "the rest go back to the box"
        );
    }
}

#[test]
fn early_end_when_a_page_is_down_to_one_card() {
    let mut b = fresh(3);
    // Leave two cards in the right page.
    while b.g.pages[1].len() > 2 {
        let c = b.g.pages[1][0].card;
        b.g.pages[1].remove(0);
        b.g.start_pile.push(c);
    }
    b.act(0, Action::TakeDisplay { page: Page::Right });
    assert!(b.g.early_end);
    let l = b.g.legal_actions(0);
    assert!(
        !l.iter()
            .any(|a| matches!(a, Action::TakeDisplay { .. } | Action::PlaceOnPage { .. }))
    );
    set_book(&mut b.g, 1, Colour::Red);
    // set_book added a right card; keep the page at one card.
    while b.g.pages[1].len() > 1 {
        let c = b.g.pages[1][0].card;
        b.g.pages[1].remove(0);
        b.g.start_pile.push(c);
    }
    give(&mut b.g, 2, Colour::Red, Back::Colour(Colour::Blue));
    b.act(0, Action::EndTurn);
    assert_eq!(
        b.g.phase,
        Phase::Completing(2),
        "others still complete the turn"
    );
    pick(&mut b, 2, Some(Colour::Red), 1);
    b.act(2, Action::Play { end: None });
    assert_eq!(b.g.phase, Phase::Over);
}

#[test]
fn shadow_dragon_back_changes_the_book_and_later_reaches_the_display() {
    let mut b = fresh(2);
    take_one(&mut b);
    let s = shadow(&b.g);
    to_hand(&mut b.g, 0, s);
    b.act(
        0,
        Action::PlaceOnPage {
            card: s,
            page: Page::Left,
        },
    );
    assert_eq!(b.g.book_number(), 6);
    b.act(0, Action::EndTurn);
    // Seat 1 takes the left display: the shadow dragon comes up.
    b.act(1, Action::TakeDisplay { page: Page::Left });
    assert_eq!(b.g.display[0], Some(s));
    b.act(1, Action::EndTurn);
    assert!(has(&b.g, 0, &Action::TakeDisplay { page: Page::Left }));
}

/// The log names a play's rewards by what they are worth: the pieces by value, joined
/// with "and".
#[test]
fn a_play_names_its_pieces_by_value() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    let low = Dk::piece_value(b.g.piece_at_extreme(false).unwrap());
    pick(&mut b, 0, Some(Colour::Red), 1);
    let a = tavern_plugin_api::game::apply_checked(&mut b.g, Some(0), &Action::Play { end: None })
        .unwrap();
    assert_eq!(
        a.label,
        format!("Player 1 lays out 1 red dragon and receives the {low} amulet piece and a crystal")
    );

    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 3, Colour::Red);
    for back in [Colour::Blue, Colour::Green, Colour::White] {
        give(&mut b.g, 0, Colour::Red, Back::Colour(back));
    }
    // Number 3 pays the two lowest pieces.
    let mut ids: Vec<u8> = (0..64u8)
        .filter(|&i| b.g.piece_supply & (1 << i) != 0)
        .collect();
    ids.sort_by_key(|&i| (Dk::piece_value(i), i));
    let lows: Vec<u8> = ids[..2].iter().map(|&i| Dk::piece_value(i)).collect();
    pick(&mut b, 0, Some(Colour::Red), 3);
    let a = tavern_plugin_api::game::apply_checked(&mut b.g, Some(0), &Action::Play { end: None })
        .unwrap();
    assert_eq!(
        a.label,
        format!(
            "Player 1 lays out 3 red dragons and receives the {} and {} amulet pieces",
            lows[0], lows[1]
        )
    );
}

/// Seats passed over are named in one phrase: "Player 2 and Player 3 cannot complete".
#[test]
fn seats_that_cannot_complete_are_joined_with_and() {
    let mut b = fresh(3);
    take_one(&mut b);
    let a = tavern_plugin_api::game::apply_checked(&mut b.g, Some(0), &Action::EndTurn).unwrap();
    assert_eq!(
        a.label,
        "Player 1 ends the turn; Player 2 and Player 3 cannot complete the turn"
    );
}
