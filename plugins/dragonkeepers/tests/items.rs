//! One test per magic-chest item rule: each fails if the item were implemented wrongly.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_dragonkeepers::data::{Back, Colour, Reward, data};
use tavern_plugin_dragonkeepers::model::{Item, Page, Phase};
use tavern_plugin_dragonkeepers::{Action, Dk};

fn chest(item: &str) -> Builder {
    fresh_with(2, &[("chests", "chosen"), (item, "yes")])
}

fn crystals(b: &mut Builder, seat: usize, k: u8) {
    b.g.players[seat].crystals += k;
    b.g.crystals -= k;
}

#[test]
fn dragon_mint_start_of_own_turn_only() {
    let mut b = chest("dragon_mint");
    assert!(!has(&b.g, 0, &Action::UseMint), "costs a crystal");
    crystals(&mut b, 0, 1);
    let tops = [b.g.top(Page::Left).unwrap(), b.g.top(Page::Right).unwrap()];
    b.act(0, Action::UseMint);
    assert!(tops.iter().all(|c| b.g.players[0].hand.contains(c)));
    assert_eq!(b.g.players[0].crystals, 0);
    assert!(!has(&b.g, 0, &Action::EndTurn), "still must take a card");
    b.act(0, Action::TakeDisplay { page: Page::Left });
    // Never while completing.
    let mut b = chest("dragon_mint");
    crystals(&mut b, 1, 2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 1, Colour::Red, Back::Colour(Colour::Blue));
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Completing(1));
    assert!(!has(&b.g, 1, &Action::UseMint));
}

#[test]
fn troll_horn_opens_a_closed_stack() {
    let mut b = chest("troll_horn");
    take_one(&mut b);
    for c in [Colour::Red, Colour::White, Colour::Green] {
        lay_stack(&mut b.g, 0, c, 1);
    }
    set_book(&mut b.g, 1, Colour::White);
    give(&mut b.g, 0, Colour::White, Back::Colour(Colour::Blue));
    assert!(!can_pick(&b.g, 0, Some(Colour::White)));
    assert!(
        !has(
            &b.g,
            0,
            &Action::Arm {
                item: Item::TrollHorn
            }
        ),
        "no crystal"
    );
    crystals(&mut b, 0, 1);
    b.act(
        0,
        Action::Arm {
            item: Item::TrollHorn,
        },
    );
    pick(&mut b, 0, Some(Colour::White), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].row[1].cards.len(), 2);
    // Paid one crystal, then the 1 on the left page rewarded a new (fresh) one.
    assert_eq!(
        (b.g.players[0].crystals, b.g.players[0].fresh_crystals),
        (1, 1)
    );
}

#[test]
fn prism_ink_plays_another_colour() {
    let mut b = chest("prism_ink");
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::White);
    give(&mut b.g, 0, Colour::Blue, Back::Colour(Colour::Red));
    give(&mut b.g, 0, Colour::White, Back::Colour(Colour::Red));
    crystals(&mut b, 0, 1);
    assert!(!can_pick(&b.g, 0, Some(Colour::Blue)));
    b.act(
        0,
        Action::Arm {
            item: Item::PrismInk,
        },
    );
    assert!(
        !can_pick(&b.g, 0, Some(Colour::White)),
        "a different colour"
    );
    pick(&mut b, 0, Some(Colour::Blue), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].row[0].colour, Colour::Blue);
}

#[test]
fn swindle_feather_one_fewer_only_from_two() {
    let mut b = chest("swindle_feather");
    take_one(&mut b);
    crystals(&mut b, 0, 2);
    set_book(&mut b.g, 1, Colour::Red);
    assert!(!has(
        &b.g,
        0,
        &Action::Arm {
            item: Item::SwindleFeather
        }
    ));
    set_book(&mut b.g, 2, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    b.act(
        0,
        Action::Arm {
            item: Item::SwindleFeather,
        },
    );
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    // Reward of the 2 on the left page still applies: piece + shadow dragon.
    assert_eq!(b.g.players[0].shadows_in_hand(), 1);
    assert_eq!(b.g.players[0].crystals, 1);
}

#[test]
fn twilight_flute_returns_all_but_one() {
    let mut b = chest("twilight_flute");
    take_one(&mut b);
    crystals(&mut b, 0, 1);
    set_book(&mut b.g, 3, Colour::Red);
    for back in [
        Back::Colour(Colour::Blue),
        Back::Colour(Colour::Green),
        Back::Colour(Colour::White),
    ] {
        give(&mut b.g, 0, Colour::Red, back);
    }
    pick(&mut b, 0, Some(Colour::Red), 3);
    b.act(0, Action::Play { end: None });
    let hand = b.g.players[0].hand.len();
    let keep = b.g.players[0].row[0].cards[0];
    b.act(0, Action::UseFlute { keep });
    assert_eq!(b.g.players[0].row[0].cards, vec![keep]);
    assert_eq!(b.g.players[0].hand.len(), hand + 2);
    assert_eq!(b.g.players[0].pieces.len(), 2, "rewards stay");
    assert!(
        !b.g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::UseFlute { .. })),
        "once per turn"
    );
}

/// The card left out by the flute may be a shadow dragon of the play: it stays on the
/// red stack, both red dragons go back to hand.
#[test]
fn twilight_flute_may_leave_a_shadow_dragon_out() {
    let mut b = chest("twilight_flute");
    take_one(&mut b);
    crystals(&mut b, 0, 1);
    set_book(&mut b.g, 3, Colour::Red);
    let reds = [
        give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue)),
        give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Green)),
    ];
    let sh = shadow(&b.g);
    to_hand(&mut b.g, 0, sh);
    pick(&mut b, 0, Some(Colour::Red), 2);
    pick(&mut b, 0, None, 1);
    b.act(0, Action::Play { end: None });
    let keep_shadow = Action::UseFlute { keep: sh };
    assert!(has(&b.g, 0, &keep_shadow), "{:?}", b.g.legal_actions(0));
    // Three choices (the reds differ by their backs), each with its own button text.
    let mut labels: Vec<String> =
        b.g.legal(0)
            .into_iter()
            .filter(|l| matches!(l.action, Action::UseFlute { .. }))
            .map(|l| l.label)
            .collect();
    assert_eq!(labels.len(), 3);
    labels.sort();
    labels.dedup();
    assert_eq!(labels.len(), 3, "{labels:?}");
    b.act(0, keep_shadow);
    let p = &b.g.players[0];
    assert_eq!(p.row.len(), 1);
    assert_eq!(
        (p.row[0].colour, p.row[0].cards.clone()),
        (Colour::Red, vec![sh])
    );
    assert!(reds.iter().all(|c| p.hand.contains(c)));
    assert!(!p.hand.contains(&sh));
}

#[test]
fn items_once_per_turn_per_seat_and_not_with_fresh_crystals() {
    let mut b = chest("twilight_flute");
    take_one(&mut b);
    set_book(&mut b.g, 2, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Green));
    b.g.players[0].crystals = 1;
    b.g.players[0].fresh_crystals = 1;
    b.g.crystals -= 1;
    pick(&mut b, 0, Some(Colour::Red), 2);
    b.act(0, Action::Play { end: None });
    assert!(
        !b.g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::UseFlute { .. }))
    );
}

#[test]
fn green_ore_hammer_upgrades_lowest_piece() {
    let mut b = chest("green_ore_hammer");
    take_one(&mut b);
    crystals(&mut b, 0, 1);
    set_book(&mut b.g, 4, Colour::Red);
    assert!(
        !has(
            &b.g,
            0,
            &Action::Arm {
                item: Item::GreenOreHammer
            }
        ),
        "4 gives no lowest piece"
    );
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    let low = Dk::piece_value(b.g.piece_at_extreme(false).unwrap());
    let next = Dk::piece_value(b.g.piece_above(low).unwrap());
    b.act(
        0,
        Action::Arm {
            item: Item::GreenOreHammer,
        },
    );
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(Dk::piece_value(b.g.players[0].pieces[0]), next);
}

/// Leaves in the supply one piece of value 4 and every piece from 6 up (the rest go to
/// the box), so the lowest value is down to one piece.
fn one_lowest_left(g: &mut Dk) {
    let all = (1u64 << data().piece_values.len()) - 1;
    let keep = (0..data().piece_values.len() as u8)
        .filter(|&i| Dk::piece_value(i) >= 6)
        .fold(0u64, |b, i| b | 1 << i);
    let four = (0..45u8).find(|&i| Dk::piece_value(i) == 4).unwrap();
    g.piece_supply = keep | 1 << four;
    g.piece_box = all & !g.piece_supply;
}

fn play_three_red(b: &mut Builder) -> Vec<u8> {
    pick(b, 0, Some(Colour::Red), 3);
    b.act(0, Action::Play { end: None });
    let mut v: Vec<u8> = b.g.players[0]
        .pieces
        .iter()
        .map(|&i| Dk::piece_value(i))
        .collect();
    v.sort_unstable();
    v
}

fn three_red_for_two_lowest() -> Builder {
    let mut b = chest("green_ore_hammer");
    take_one(&mut b);
    crystals(&mut b, 0, 1);
    set_book(&mut b.g, 3, Colour::Red);
    assert_eq!(
        data().rewards[3],
        vec![Reward::LowestPiece, Reward::LowestPiece],
        "3 pays two lowest pieces"
    );
    for back in [
        Back::Colour(Colour::Blue),
        Back::Colour(Colour::Green),
        Back::Colour(Colour::White),
    ] {
        give(&mut b.g, 0, Colour::Red, back);
    }
    b
}

/// Reward of two lowest pieces with one 4 left, then 6s and 8s. Without the hammer: 4 and
/// 6. Hammer on the first: the 4 becomes a 6, then the lowest left is the 4: 4 and 6
/// again. Hammer on the second: the 4 first, then the lowest left (6) becomes an 8: 4 and
/// 8. So the player must be able to choose the second piece.
#[test]
fn green_ore_hammer_on_the_piece_the_player_chooses() {
    let mut b = three_red_for_two_lowest();
    one_lowest_left(&mut b.g);
    let first = Action::Arm {
        item: Item::GreenOreHammer,
    };
    let second = Action::HammerOn { piece: 1 };
    assert!(has(&b.g, 0, &first) && has(&b.g, 0, &second));
    let label =
        b.g.legal(0)
            .into_iter()
            .find(|l| l.action == second)
            .unwrap()
            .label;
    assert!(
        label.contains("second") && label.contains("4 and 8") && label.contains("4 and 6"),
        "{label}"
    );
    let mut no_hammer = b.clone_state();
    assert_eq!(play_three_red(&mut no_hammer), vec![4, 6]);
    let mut on_first = b.clone_state();
    on_first.act(0, first.clone());
    assert_eq!(play_three_red(&mut on_first), vec![4, 6]);
    b.act(0, second.clone());
    assert!(!has(&b.g, 0, &second), "switched on once");
    assert_eq!(play_three_red(&mut b), vec![4, 8]);
    assert_eq!(b.g.players[0].crystals, 0, "the hammer was paid");
}

/// When both choices give the same pieces, the hammer is one button as before.
#[test]
fn green_ore_hammer_second_piece_only_when_it_differs() {
    let mut b = three_red_for_two_lowest();
    // Supply from 6 up: 6 and 6 plain; either choice gives 6 and 8.
    let all = (1u64 << data().piece_values.len()) - 1;
    b.g.piece_supply = (0..45u8)
        .filter(|&i| Dk::piece_value(i) >= 6)
        .fold(0u64, |m, i| m | 1 << i);
    b.g.piece_box = all & !b.g.piece_supply;
    assert!(has(
        &b.g,
        0,
        &Action::Arm {
            item: Item::GreenOreHammer
        }
    ));
    assert!(!has(&b.g, 0, &Action::HammerOn { piece: 1 }));
    // Switching the choice off again forgets the piece.
    one_lowest_left(&mut b.g);
    b.act(0, Action::HammerOn { piece: 1 });
    b.act(
        0,
        Action::Disarm {
            item: Item::GreenOreHammer,
        },
    );
    assert_eq!(b.g.step.hammer_on, 0);
    assert_eq!(play_three_red(&mut b), vec![4, 6]);
}
