//! The table's marks on moves: which ones spend crystals (the host asks before such a
//! click) and which one Enter plays (End turn, or the completing player's pass).
mod common;

use common::*;
use tavern_plugin_api::{Game, Legal};
use tavern_plugin_dragonkeepers::data::{Back, Colour};
use tavern_plugin_dragonkeepers::model::{Item, Page, Phase};
use tavern_plugin_dragonkeepers::{Action, Dk};

fn entry(g: &Dk, seat: usize, a: &Action) -> Legal<Action> {
    g.legal(seat)
        .into_iter()
        .find(|l| &l.action == a)
        .unwrap_or_else(|| panic!("{a:?} is not legal"))
}

fn crystals(b: &mut Builder, seat: usize, k: u8) {
    b.g.players[seat].crystals += k;
    b.g.crystals -= k;
}

/// At most one default per list, and it is the list's End turn or Pass.
fn one_default(g: &Dk, seat: usize) -> Option<Action> {
    let defaults: Vec<Action> = g
        .legal(seat)
        .into_iter()
        .filter(|l| l.default)
        .map(|l| l.action)
        .collect();
    assert!(defaults.len() <= 1, "{defaults:?}");
    defaults.into_iter().next()
}

#[test]
fn the_game_marks_its_spending() {
    const { assert!(Dk::MARKS_SPENDING) };
}

#[test]
fn a_fourth_card_spends_and_taking_does_not() {
    let mut b = fresh(2);
    crystals(&mut b, 0, 1);
    for _ in 0..3 {
        let take = Action::TakeDisplay { page: Page::Left };
        assert!(!entry(&b.g, 0, &take).spends);
        b.act(0, take);
    }
    assert!(entry(&b.g, 0, &Action::PayCrystalForFourth).spends);
    assert!(!entry(&b.g, 0, &Action::EndTurn).spends);
}

#[test]
fn the_mint_spends() {
    let mut b = fresh_with(2, &[("chests", "chosen"), ("dragon_mint", "yes")]);
    crystals(&mut b, 0, 1);
    assert!(entry(&b.g, 0, &Action::UseMint).spends);
}

/// Switching an item on costs nothing yet (Cancel switches it off for free): the play
/// that pays for it is the spending move, and a play without items is not.
#[test]
fn a_play_spends_only_with_items_switched_on() {
    let mut b = fresh_with(2, &[("chests", "chosen"), ("prism_ink", "yes")]);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::White);
    give(&mut b.g, 0, Colour::Blue, Back::Colour(Colour::Red));
    give(&mut b.g, 0, Colour::White, Back::Colour(Colour::Red));
    crystals(&mut b, 0, 1);
    let mut plain = b.clone_state();
    pick(&mut plain, 0, Some(Colour::White), 1);
    assert!(!entry(&plain.g, 0, &Action::Play { end: None }).spends);
    let arm = Action::Arm {
        item: Item::PrismInk,
    };
    assert!(!entry(&b.g, 0, &arm).spends);
    b.act(0, arm);
    pick(&mut b, 0, Some(Colour::Blue), 1);
    assert!(entry(&b.g, 0, &Action::Play { end: None }).spends);
}

#[test]
fn the_flute_spends() {
    let mut b = fresh_with(2, &[("chests", "chosen"), ("twilight_flute", "yes")]);
    take_one(&mut b);
    crystals(&mut b, 0, 1);
    set_book(&mut b.g, 2, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Green));
    pick(&mut b, 0, Some(Colour::Red), 2);
    b.act(0, Action::Play { end: None });
    let keep = b.g.players[0].row[0].cards[0];
    assert!(entry(&b.g, 0, &Action::UseFlute { keep }).spends);
}

#[test]
fn enter_ends_the_turn_or_the_completing() {
    let mut b = fresh(2);
    // Before the first card the turn may not end: nothing is the default.
    assert_eq!(one_default(&b.g, 0), None);
    take_one(&mut b);
    assert_eq!(one_default(&b.g, 0), Some(Action::EndTurn));
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 1, Colour::Red, Back::Colour(Colour::Blue));
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Completing(1));
    assert_eq!(one_default(&b.g, 1), Some(Action::Pass));
}
