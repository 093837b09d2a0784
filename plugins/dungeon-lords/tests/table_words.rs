//! What the table says and where its choices are (issue 23): Confirm says what it
//! confirms, Mine Gold and Stop digging are clicks on the order's space, the buttons of
//! choices about no component are drawn (taxes too), the end's tie line appears only for
//! a tie, and a training dungeon's end says whether the rulebook's best was matched. Also
//! the one Rules option (issue 24).
mod common;

use common::*;
use tavern_plugin_api::game::check::random_move;
use tavern_plugin_api::{Game, GameRng, Legal, Setup};
use tavern_plugin_dungeon_lords::full::Stage;
use tavern_plugin_dungeon_lords::orders::Place;
use tavern_plugin_dungeon_lords::{Action, Dl, Phase};

/// Walks random games until `want` holds for a seat to act; returns the state and seat.
fn find(setup: &Setup, want: impl Fn(&Dl, usize) -> bool) -> (Dl, usize) {
    for seed in 0..200 {
        let mut g = Dl::new(setup).unwrap();
        let mut rng = GameRng::new(seed);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            for s in g.seats_to_act() {
                if want(&g, s) {
                    return (g, s);
                }
            }
            g.apply(seat, &a).unwrap();
        }
    }
    panic!("no such position in 200 games");
}

fn confirm(g: &Dl, s: usize) -> Option<Legal<Action>> {
    g.legal(s).into_iter().find(|l| l.action == Action::Confirm)
}

fn pass(g: &Dl, s: usize) -> Legal<Action> {
    g.legal(s)
        .into_iter()
        .find(|l| l.action == Action::Pass)
        .unwrap()
}

fn item(g: &Dl, s: usize, id: &str) -> Option<tavern_plugin_api::scene::Item> {
    let scene = g.view(Some(s)).scene;
    scene
        .items
        .into_iter()
        .find(|i| i.id.as_deref() == Some(id))
}

#[test]
fn confirming_the_orders_says_what_it_places() {
    let (g, s) = find(&rules_setup(3, "first"), |g, s| {
        g.phase == Phase::Build(Stage::Orders) && confirm(g, s).is_some()
    });
    let c = confirm(&g, s).unwrap();
    let names: Vec<String> = g.f().orders[s]
        .iter()
        .enumerate()
        .map(|(i, &p)| format!("{}. {}", i + 1, Place::from_index(p).name()))
        .collect();
    assert_eq!(
        c.label,
        format!("Place your orders face down: {}", names.join(", "))
    );
    // The button's tooltip names no order: the public table draws it too.
    let button = item(&g, s, "button:confirm").expect("the button on the table");
    let tip = button.tooltip.unwrap();
    assert!(
        tip.starts_with("Place your three orders face down"),
        "{tip}"
    );
    assert!(!tip.contains("1. "), "{tip}");
}

#[test]
fn confirming_the_kept_order_names_the_kept_and_the_inaccessible() {
    let (g, s) = find(&rules_setup(2, "full"), |g, s| {
        g.phase == Phase::Build(Stage::Initial) && confirm(g, s).is_some()
    });
    let c = confirm(&g, s).unwrap();
    let kept = Place::from_index(g.f().keep[s].unwrap()).name();
    assert!(
        c.label
            .starts_with(&format!("Confirm: keep {kept} in hand, ")),
        "{}",
        c.label
    );
    assert!(c.label.ends_with(" inaccessible this round"), "{}", c.label);
    assert!(item(&g, s, "button:confirm").is_some());
}

#[test]
fn confirming_an_empty_battle_plan_says_so() {
    let mut g = training("training-1");
    let c = confirm(&g, 0).unwrap();
    assert_eq!(c.label, "Confirm the battle at A1: no trap and no monster");
    act(&mut g, 0, trap("rolling-stone"));
    let c = confirm(&g, 0).unwrap();
    assert_eq!(c.label, "Confirm the battle at A1: Rolling Stone");
    assert!(item(&g, 0, "button:confirm").is_some());
    // No Confirm anywhere says "Fight with nothing".
    for n in 2..=4 {
        let mut g = Dl::new(&rules_setup(n, "full")).unwrap();
        let mut rng = GameRng::new(n as u64);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            if let Some(s) = seat {
                for l in g.legal(s) {
                    assert!(!l.label.contains("with nothing"), "{}", l.label);
                }
            }
            g.apply(seat, &a).unwrap();
        }
    }
}

fn current_space(g: &Dl) -> String {
    let (p, i, _) = g.f().cur.unwrap();
    format!("place:{p}/space:{i}")
}

#[test]
fn mining_is_a_click_on_the_orders_space() {
    let (g, s) = find(&rules_setup(4, "first"), |g, s| {
        g.legal_actions(s)
            .iter()
            .filter(|a| matches!(a, Action::Mine { .. }))
            .count()
            >= 2
    });
    let space = current_space(&g);
    assert!(item(&g, s, &space).is_some());
    let mines: Vec<_> = g
        .legal(s)
        .into_iter()
        .filter(|l| matches!(l.action, Action::Mine { .. }))
        .collect();
    for m in &mines {
        assert_eq!(m.target.as_deref(), Some(space.as_str()), "{}", m.label);
    }
    let pass = pass(&g, s);
    assert_eq!(pass.label, "Do not carry out this order");
    assert_eq!(pass.target.as_deref(), Some(space.as_str()));
}

#[test]
fn stop_digging_is_a_click_on_the_orders_space() {
    let (g, s) = find(&rules_setup(3, "first"), |g, s| {
        g.phase == Phase::Build(Stage::Exec)
            && g.f().dug > 0
            && g.legal_actions(s).contains(&Action::Pass)
    });
    let space = current_space(&g);
    let pass = pass(&g, s);
    assert_eq!(pass.label, "Stop digging");
    assert_eq!(pass.target.as_deref(), Some(space.as_str()));
    assert!(item(&g, s, &space).is_some());
}

#[test]
fn done_producing_is_a_button_on_the_table() {
    let (g, s) = find(&rules_setup(2, "first"), |g, s| {
        matches!(g.phase, Phase::Build(Stage::Production(_)))
            && g.legal_actions(s).contains(&Action::Pass)
    });
    let b = item(&g, s, "button:pass").expect("the Done producing button");
    assert_eq!(b.tooltip.as_deref(), Some("Done producing"));
}

/// Taxes are paid from one button whose menu lists each amount.
#[test]
fn taxes_are_a_button_on_the_table() {
    let (g, s) = find(&rules_setup(2, "first"), |g, _| {
        matches!(g.phase, Phase::Build(Stage::Taxes(_)))
    });
    let taxes: Vec<Legal<Action>> = g
        .legal(s)
        .into_iter()
        .filter(|l| matches!(l.action, Action::Tax { .. }))
        .collect();
    assert!(taxes.len() > 1, "a choice of amounts");
    assert!(
        taxes
            .iter()
            .all(|l| l.target.as_deref() == Some("button:taxes"))
    );
    let b = item(&g, s, "button:taxes").expect("the Pay taxes button");
    assert!(b.tooltip.as_deref().unwrap().starts_with("Taxes: choose"));
}

#[test]
fn the_tie_line_appears_only_for_a_tie() {
    let mut ties = 0;
    let mut clear = 0;
    for seed in 0..40 {
        let mut g = Dl::new(&rules_setup(2 + seed % 3, "first")).unwrap();
        let mut rng = GameRng::new(seed as u64 + 500);
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
        }
        let o = g.outcome().unwrap();
        let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
        let tied = (0..totals.len()).any(|i| (0..i).any(|j| totals[i] == totals[j]));
        match &o.tie_break {
            Some(t) => {
                assert!(tied, "{t} without a tie: {totals:?}");
                assert!(t.contains(" tied at ") && t.ends_with("the rulebook shares ties"));
                ties += 1;
            }
            None => {
                assert!(!tied, "a tie without its line: {totals:?}");
                clear += 1;
            }
        }
        if ties > 0 && clear > 0 {
            return;
        }
    }
    panic!("ties {ties}, games without a tie {clear}");
}

#[test]
fn a_training_end_says_whether_the_rulebooks_best_was_matched() {
    // The rulebook's simplest solution: one tile conquered, the best.
    let mut g = training("training-1");
    play_plan(&mut g, &["rolling-stone"], &["troll"]);
    act(&mut g, 0, attack("troll", 1, None, None));
    play_plan(&mut g, &[], &["goblin"]);
    let log = act(&mut g, 0, attack("goblin", 0, None, None));
    let verdict = "You matched the rulebook's best: 1 tile conquered";
    assert!(log.contains(verdict), "{log}");
    assert_eq!(g.outcome().unwrap().tie_break.as_deref(), Some(verdict));
    let texts = texts(&g, Some(0));
    assert!(
        texts.join(" ").contains("You matched the rulebook's"),
        "{texts:?}"
    );
    // Doing nothing lets the party through: not the best.
    let mut g = training("training-1");
    while g.phase != Phase::Over {
        let a = g.legal_actions(0)[0];
        let a = if g.legal_actions(0).contains(&Action::Confirm) {
            Action::Confirm
        } else {
            a
        };
        act(&mut g, 0, a);
    }
    let t = g.outcome().unwrap().tie_break.unwrap();
    assert!(t.starts_with("Not the rulebook's best yet: "), "{t}");
    assert!(t.ends_with("the best is 1"), "{t}");
}

#[test]
fn the_rules_option_sets_the_four_full_rules_changes() {
    let opts = |setup: &Setup| {
        let g = Dl::new(setup).unwrap();
        let o = g.f().opts;
        (o.choose_orders, o.recruit_gold, o.evil_cost, o.special)
    };
    assert_eq!(opts(&rules_setup(3, "full")), (true, true, true, true));
    assert_eq!(opts(&rules_setup(3, "first")), (false, false, false, false));
    assert_eq!(opts(&Setup::players(3)), (false, false, false, false));
    // A 0.2.x save's four switches still decide, one by one.
    let mut old = Setup::players(3);
    old.options.insert("recruit-gold".into(), "on".into());
    old.options.insert("rules".into(), "full".into());
    assert_eq!(opts(&old), (false, true, false, false));
    assert!(Dl::new(&rules_setup(3, "most")).is_err());
    // The launcher offers one option with two choices, each saying what it changes.
    let info = Dl::info();
    let rules = info.options.iter().find(|o| o.key == "rules").unwrap();
    assert_eq!(rules.choices.len(), 2);
    for c in &rules.choices {
        assert!(!c.help.contains("As in the rules"), "{}", c.help);
        assert!(c.help.contains("Hire Monster") && c.help.contains("Special Event"));
    }
    assert!(!info.options.iter().any(|o| o.key == "initial-orders"));
}
