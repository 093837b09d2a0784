//! Issue 23: laying out is done on the hand. Every card that may join the play is a
//! target of its own (look-alikes too), the running selection shows, the play's Confirm
//! and Cancel sit beside the hand, End turn is drawn only when it does something, card
//! captions say what they mean, and every legal target is on the seat's own table.
mod common;

use common::*;
use tavern_plugin_api::game::check::{random_move, scaled, target_problems};
use tavern_plugin_api::scene::{Highlight, Item as SceneItem, Rect, Scene, Shape};
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_dragonkeepers::cards::caption;
use tavern_plugin_dragonkeepers::data::{Back, Colour, Kind, card};
use tavern_plugin_dragonkeepers::labels::{CANCEL, END, PLAY, PLAY_LEFT, PLAY_RIGHT};
use tavern_plugin_dragonkeepers::model::Item;
use tavern_plugin_dragonkeepers::{Action, Dk, End, Page};

fn setups() -> Vec<Setup> {
    let mut every_item = vec![("chests", "chosen")];
    every_item.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    let mut v = Vec::new();
    for n in 2..=4 {
        v.push(setup(n));
        v.push(setup_with(n, &every_item));
    }
    v.push(setup_with(3, &[("variant", "children")]));
    v.push(setup_with(2, &[("chests", "random"), ("start", "random")]));
    v
}

fn item<'a>(s: &'a Scene, id: &str) -> Option<&'a SceneItem> {
    s.items.iter().find(|i| i.id.as_deref() == Some(id))
}

/// Calls `f` with the position and the seat to act at every seat decision of a few
/// random games of every setup.
fn every_decision(games: usize, mut f: impl FnMut(&Dk, usize)) {
    for s in setups() {
        for seed in 0..scaled(games) as u64 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed + 40);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                if let Some(me) = seat {
                    f(&g, me);
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
}

#[test]
fn every_target_is_on_the_seats_own_table() {
    let mut checked = 0;
    every_decision(3, |g, me| {
        let problems = target_problems(g, me);
        assert!(problems.is_empty(), "seat {me}: {}", problems.join("\n"));
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} positions");
}

/// A card that looks like one that may be picked may be picked too, so every such card
/// on the table answers a click.
#[test]
fn look_alikes_are_each_a_pick_of_their_own() {
    let mut twins = 0;
    every_decision(3, |g, me| {
        let legal = g.legal_actions(me);
        let hand = &g.players[me].hand;
        for a in &legal {
            let Action::Select { card: c } = a else {
                continue;
            };
            for &other in hand {
                if other != *c
                    && card(other).look == card(*c).look
                    && !g.step.selection.contains(&other)
                {
                    twins += 1;
                    assert!(
                        legal.contains(&Action::Select { card: other }),
                        "card {other} looks like {c} but is no pick"
                    );
                }
            }
        }
    });
    assert!(twins > 50, "only {twins} look-alikes seen");
}

/// Two shadow dragons and a red one in hand, the book asking for three red: each shadow
/// dragon is its own pick on the table (only the first was, before).
#[test]
fn the_second_shadow_dragon_can_be_clicked() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 3, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Number(2));
    let shadows: Vec<u8> = b.g.shadow_supply.iter().rev().take(2).copied().collect();
    for &s in &shadows {
        to_hand(&mut b.g, 0, s);
    }
    let legal = b.g.legal(0);
    for s in shadows {
        let l = legal
            .iter()
            .find(|l| l.action == Action::Select { card: s })
            .unwrap_or_else(|| panic!("shadow dragon {s} is no pick"));
        assert_eq!(l.target.as_deref(), Some(format!("hand:{s}").as_str()));
        assert!(item(&b.g.view(Some(0)).scene, &format!("hand:{s}")).is_some());
    }
}

/// The hand's cards and the area of `seat` in its own view.
fn hand_band(g: &Dk, seat: usize) -> Rect {
    let s = g.view(Some(seat)).scene;
    let cards: Vec<Rect> = g.players[seat]
        .hand
        .iter()
        .map(|c| item(&s, &format!("hand:{c}")).unwrap().shape.bounds())
        .collect();
    let top = cards.iter().map(|r| r.y).fold(f32::MAX, f32::min);
    let bottom = cards.iter().map(|r| r.y + r.h).fold(0.0, f32::max);
    Rect {
        x: 0.0,
        y: top - 20.0,
        w: s.width,
        h: bottom - top + 40.0,
    }
}

fn centre_in(r: Rect, band: Rect) -> bool {
    let c = r.center();
    c.y >= band.y && c.y <= band.y + band.h
}

/// Picking three red dragons for a new stack: the picks rise and are marked, the play is
/// confirmed with a button beside the hand (one per end of the row), Cancel puts them
/// back, and nothing is played or spent until Confirm.
#[test]
fn a_play_is_built_on_the_hand_and_confirmed_beside_it() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 3, Colour::Red);
    let reds: Vec<u8> = (0..3)
        .map(|k| give(&mut b.g, 0, Colour::Red, Back::Number(1 + k)))
        .collect();
    give(&mut b.g, 0, Colour::Blue, Back::Number(2));
    lay_stack(&mut b.g, 0, Colour::Blue, 1);
    let before = b.g.clone();
    let s = b.g.view(Some(0)).scene;
    assert!(item(&s, CANCEL).is_none(), "nothing to cancel yet");
    assert!(item(&s, PLAY).is_none() && item(&s, PLAY_LEFT).is_none());
    select_all(&mut b, 0, &reds[..2]);
    let s = b.g.view(Some(0)).scene;
    let lifted = |s: &Scene, c: u8| {
        let i = item(s, &format!("hand:{c}")).unwrap();
        (i.highlight == Highlight::Selected, i.shape.bounds().y)
    };
    let (on, y0) = lifted(&s, reds[0]);
    let (off, y2) = lifted(&s, reds[2]);
    assert!(on && !off, "the picks are marked");
    assert!(y0 < y2, "a pick rises out of the hand");
    assert!(
        s.items
            .iter()
            .any(|i| matches!(&i.shape, Shape::Text { text, .. } if text == "Picked 2 of 3 red")),
        "the running selection is counted beside the hand"
    );
    let band = hand_band(&b.g, 0);
    let cancel = item(&s, CANCEL).expect("Cancel while picking");
    assert!(
        centre_in(cancel.shape.bounds(), band),
        "Cancel beside the hand"
    );
    b.act(0, Action::Select { card: reds[2] });
    let s = b.g.view(Some(0)).scene;
    let legal = b.g.legal(0);
    for (end, id) in [(End::Left, PLAY_LEFT), (End::Right, PLAY_RIGHT)] {
        let l = legal
            .iter()
            .find(|l| l.action == Action::Play { end: Some(end) })
            .expect("a new stack at either end");
        assert_eq!(l.target.as_deref(), Some(id));
        let r = item(&s, id).unwrap().shape.bounds();
        assert!(centre_in(r, band), "{id} beside the hand");
        // A real button, not the bar at the row's end.
        assert!(r.w >= 80.0 && r.h >= 30.0, "{id} is {r:?}");
    }
    // Cancel: the picks go back, nothing else changes.
    let mut cancelled = b.clone_state();
    cancelled.act(0, Action::Unpick);
    assert!(cancelled.g.step.selection.is_empty());
    assert_eq!(cancelled.g.players[0].hand, before.players[0].hand);
    assert_eq!(cancelled.g.all_cards(), before.all_cards());
    assert!(item(&cancelled.g.view(Some(0)).scene, CANCEL).is_none());
    // Confirm at the left end.
    b.act(
        0,
        Action::Play {
            end: Some(End::Left),
        },
    );
    assert_eq!(b.g.players[0].row[0].colour, Colour::Red);
    assert_eq!(b.g.players[0].row[0].cards.len(), 3);
}

/// A play onto a stack already in the row has one Confirm, "Lay out", beside the hand.
#[test]
fn a_play_onto_a_stack_has_one_confirm() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Green);
    let green = give(&mut b.g, 0, Colour::Green, Back::Number(2));
    lay_stack(&mut b.g, 0, Colour::Green, 2);
    b.act(0, Action::Select { card: green });
    let legal = b.g.legal(0);
    let play = legal
        .iter()
        .find(|l| l.action == Action::Play { end: None })
        .unwrap();
    assert_eq!(play.target.as_deref(), Some(PLAY));
    assert!(
        play.label.contains("onto your green stack"),
        "{}",
        play.label
    );
    let s = b.g.view(Some(0)).scene;
    assert!(centre_in(
        item(&s, PLAY).unwrap().shape.bounds(),
        hand_band(&b.g, 0)
    ));
    assert!(item(&s, PLAY_LEFT).is_none() && item(&s, PLAY_RIGHT).is_none());
}

/// End turn (Pass, Done) is on the table exactly when that action is legal: not before
/// the first card of a turn is taken, nor for a seat that is not deciding.
#[test]
fn end_turn_is_drawn_only_when_it_does_something() {
    let (mut hidden, mut shown) = (0, 0);
    every_decision(2, |g, me| {
        let legal = g.legal_actions(me);
        let can_end = legal
            .iter()
            .any(|a| matches!(a, Action::EndTurn | Action::Pass));
        let s = g.view(Some(me)).scene;
        assert_eq!(item(&s, END).is_some(), can_end, "seat {me}: {legal:?}");
        if can_end {
            shown += 1;
        } else {
            hidden += 1;
        }
        for other in (0..g.n()).filter(|&o| o != me) {
            assert!(item(&g.view(Some(other)).scene, END).is_none());
        }
    });
    assert!(hidden > 50 && shown > 50, "{hidden} hidden, {shown} shown");
}

/// At the start of a turn nothing may end it yet, so no End turn button shows.
#[test]
fn no_end_turn_before_the_first_card_is_taken() {
    let b = fresh(3);
    assert!(!b.g.legal_actions(0).contains(&Action::EndTurn));
    assert!(item(&b.g.view(Some(0)).scene, END).is_none());
    let mut b = b;
    take_one(&mut b);
    assert!(item(&b.g.view(Some(0)).scene, END).is_some());
}

/// A face's caption names its back, where the card may go face down: "back 3" (left
/// page), "white back" (right page), "starting card"; never a letter code.
#[test]
fn card_captions_say_what_the_back_means() {
    for c in 0..tavern_plugin_dragonkeepers::data::data().cards.len() as u8 {
        let d = card(c);
        let want = match (d.kind, d.back) {
            (Kind::Starting, _) => "starting card".to_string(),
            (_, Back::Number(n)) => format!("back {n}"),
            (_, Back::Colour(k)) => format!("{} back", k.name()),
            (_, Back::Ribbon) => "starting card".to_string(),
        };
        assert_eq!(caption(c), want, "card {c}");
        assert!(!caption(c).contains('·'));
    }
    // And that is what the table shows on the display and in the hand.
    let mut b = fresh(2);
    take_one(&mut b);
    let s = b.g.view(Some(0)).scene;
    let mut faces = 0;
    for i in &s.items {
        let Some(id) = i.id.as_deref() else { continue };
        let c = match id.split_once(':') {
            Some(("hand", c)) => c.parse::<u8>().unwrap(),
            Some(("display", p)) => {
                let page = if p == "left" { Page::Left } else { Page::Right };
                b.g.display[page.idx()].unwrap()
            }
            _ => continue,
        };
        let Shape::Card { value, .. } = &i.shape else {
            panic!("{id} is not a card")
        };
        assert_eq!(value, &caption(c), "{id}");
        faces += 1;
    }
    assert!(faces >= 2);
}

/// Every option choice says what it changes (the chest items' On and Off said nothing).
#[test]
fn every_option_choice_says_what_it_changes() {
    for o in Dk::info().options {
        assert!(!o.help.is_empty(), "{}", o.key);
        for c in &o.choices {
            assert!(
                !c.help.is_empty() && !c.help.contains("As in the rules"),
                "{} = {}: {:?}",
                o.key,
                c.value,
                c.help
            );
        }
    }
}

/// A click on a hand card only ever picks it (one action, no menu); putting a card face
/// down on the book is a click on that page.
#[test]
fn a_hand_card_picks_and_a_page_takes_a_card_face_down() {
    let (mut picks, mut places) = (0, 0);
    every_decision(2, |g, me| {
        for l in g.legal(me) {
            match l.action {
                Action::Select { card: c } => {
                    picks += 1;
                    assert_eq!(l.target, Some(format!("hand:{c}")));
                }
                Action::PlaceOnPage { page, .. } => {
                    places += 1;
                    assert_eq!(l.target, Some(format!("page:{}", page.name())));
                }
                _ => {
                    let t = l.target.unwrap_or_default();
                    assert!(!t.starts_with("hand:"), "{:?} targets {t}", l.action);
                }
            }
        }
    });
    assert!(
        picks > 100 && places > 100,
        "{picks} picks, {places} placements"
    );
}
