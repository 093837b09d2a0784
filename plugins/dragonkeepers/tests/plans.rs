//! Plans (issue 8): picking the cards of a play, putting them back and switching items for
//! it are tentative steps the host logs together with the action that follows, so they
//! must never reveal anything, never hand the turn on or lead to chance, and always leave
//! an action that confirms or drops them. The play's own log line then has to say which items it used.
mod common;

use common::*;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{ChoiceKind, Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::model::Item;
use tavern_plugin_dragonkeepers::{Action, Dk};

fn setups() -> Vec<Setup> {
    let mut every_item = vec![("chests", "chosen")];
    every_item.extend(Item::ALL.iter().map(|it| (it.key(), "yes")));
    vec![
        setup(2),
        setup_with(3, &[("chests", "random")]),
        setup_with(4, &every_item),
        setup_with(2, &every_item),
        setup_with(3, &[("variant", "children")]),
    ]
}

#[test]
fn picks_and_item_switches_are_steps_that_reveal_nothing() {
    let mut steps_seen = 0;
    for s in setups() {
        for seed in 0..scaled(8) as u64 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                if let Some(me) = seat {
                    let legal = g.legal(me);
                    for l in &legal {
                        let is_step = matches!(l.kind, ChoiceKind::Step);
                        assert_eq!(
                            is_step,
                            matches!(
                                l.action,
                                Action::Select { .. }
                                    | Action::Arm { .. }
                                    | Action::Disarm { .. }
                                    | Action::HammerOn { .. }
                                    | Action::Unpick
                            ),
                            "{:?} marked {:?}",
                            l.action,
                            l.kind
                        );
                    }
                    // A plan can always be confirmed or dropped without another step.
                    assert!(
                        legal.iter().any(|l| !matches!(l.kind, ChoiceKind::Step)),
                        "only steps for seat {me}: {legal:?}"
                    );
                    if a.is_plan_step() {
                        steps_seen += 1;
                        let mut after = g.clone();
                        let applied = after.apply(seat, &a).unwrap();
                        assert!(!applied.reveal, "{a:?} reveals");
                        assert_eq!(after.to_act(), ToAct::Seats(vec![me]), "{a:?}");
                        // No card moves and nobody learns a card: the table's knowledge
                        // is as it was, so a cancelled plan leaves nothing behind.
                        assert_eq!(after.all_cards(), g.all_cards(), "{a:?} moved a card");
                        assert_eq!(after.seen, g.seen, "{a:?} showed a card");
                        assert_eq!(after.players[me].crystals, g.players[me].crystals);
                    }
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(steps_seen > 500, "only {steps_seen} steps taken");
}

/// The steps that switched items on have no log line of their own, so the play names
/// every item it paid for.
#[test]
fn a_play_names_the_items_it_used() {
    let mut with_items = 0;
    for s in setups() {
        // Random moves also put picks back (Cancel), so fewer selections reach a play.
        for seed in 0..scaled(30) as u64 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                let armed = g.step.armed;
                let applied = g.apply(seat, &a).unwrap();
                if !matches!(a, Action::Play { .. }) {
                    continue;
                }
                for it in Item::ALL {
                    let named = applied.label.contains(it.name());
                    assert_eq!(
                        armed & it.bit() != 0,
                        named,
                        "{it:?} in {:?} (armed {armed:b})",
                        applied.label
                    );
                }
                with_items += usize::from(armed != 0);
            }
        }
    }
    assert!(with_items > 20, "only {with_items} plays with items");
}
