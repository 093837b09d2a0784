//! Secret plans: others see face-down traps and no plan until every lord has confirmed,
//! and the bots' determinized states keep the viewer's own plan.
mod common;

use common::*;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::{Action, Dl};

fn two_lords() -> Dl {
    let a = with_monsters(
        with_traps(
            with_party(lord("A", 3, &[]), &[("warrior-3", 0)]),
            &["rolling-stone"],
        ),
        &["troll", "goblin"],
    );
    let b = with_monsters(
        with_traps(
            with_party(lord("B", 3, &[]), &[("warrior-2a", 0)]),
            &["pendulum", "wall-of-fire"],
        ),
        &["goblin", "slime"],
    );
    // B sits at seat 0, whose dungeon a spectator's view shows.
    combat_of(vec![b, a], 2)
}

fn texts(g: &Dl, viewer: Option<usize>) -> Vec<String> {
    g.view(viewer)
        .scene
        .items
        .iter()
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            Shape::Card { title, .. } => Some(title.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn plans_stay_secret_until_all_confirm() {
    let mut g = two_lords();
    let applied = g.apply(Some(0), &trap("wall-of-fire")).unwrap();
    assert!(!applied.label.contains("Wall"), "{}", applied.label);
    assert!(applied.private_label.unwrap().contains("Wall of Fire"));
    let applied = g.apply(Some(0), &Action::Confirm).unwrap();
    assert!(!applied.label.contains("Wall"));
    // The lord reads back where and with what (never a bare "You plan: nothing").
    let own = applied.private_label.unwrap();
    assert!(
        own.contains("You plan the battle at A1: Wall of Fire"),
        "{own}"
    );
    // A spectator sees B's dungeon with face-down trap cards and no plan; B sees both.
    let spectator = texts(&g, None);
    assert!(
        spectator
            .iter()
            .all(|t| !t.contains("Wall of Fire") && !t.contains("Pendulum"))
    );
    assert!(spectator.iter().any(|t| t.contains("secret")));
    assert!(
        texts(&g, Some(0))
            .iter()
            .any(|t| t.contains("Wall of Fire"))
    );
    // Determinizing for A keeps A's state and re-deals B's secret plan among legal ones.
    let mut rng = GameRng::new(3);
    for _ in 0..20 {
        let d = g.determinize(1, &mut rng);
        assert_eq!(d.lords[1], g.lords[1]);
        assert!(d.lords[0].plan.confirmed);
        if let Some(k) = d.lords[0].plan.trap {
            assert!(d.lords[0].traps[k as usize] > 0);
        }
    }
    let applied = g.apply(Some(1), &Action::Confirm).unwrap();
    assert!(applied.reveal);
    assert!(
        applied.label.contains("B defends A1 with Wall of Fire"),
        "{}",
        applied.label
    );
}

#[test]
fn a_spied_card_is_known_to_its_spy_only() {
    let mut g = two_lords();
    g.cards = vec![0, 1, 2, 3];
    g.spy(0, 1);
    assert_eq!(g.known_card(0, 1), Some(0));
    assert_eq!(g.known_card(1, 1), None);
    let own = texts(&g, Some(0));
    let name = &tavern_plugin_dungeon_lords::data::data().combat_cards[0].name;
    assert!(
        own.iter()
            .any(|t| t.contains("You spied") && t.contains(name.as_str()))
    );
    assert!(texts(&g, None).iter().all(|t| !t.contains("You spied")));
    // Bots: the spy keeps the card it saw; the other lord's guess varies.
    let mut rng = GameRng::new(8);
    let mut other_guesses = std::collections::BTreeSet::new();
    for _ in 0..40 {
        assert_eq!(g.determinize(0, &mut rng).cards[0], 0);
        let d = g.determinize(1, &mut rng);
        let mut sorted = d.cards.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 4, "four different cards");
        other_guesses.insert(d.cards[0]);
    }
    assert!(other_guesses.len() > 1);
}
