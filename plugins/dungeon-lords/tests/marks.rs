//! The table's marks on moves: which ones spend (the host asks before such a click) and
//! which one Enter plays. The building years are checked along the lesson's game, the
//! combat in the first training dungeon.
mod common;

use common::*;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::lesson::{Lesson, Step};
use tavern_plugin_api::rng::{GameRng, step_seed};
use tavern_plugin_api::{Game, Legal, ToAct};
use tavern_plugin_dungeon_lords::{Action, Dl};

/// Every legal entry of every seat to act at every position of the lesson's main line.
fn lesson_entries() -> Vec<Legal<Action>> {
    let l = Lesson::parse(Dl::lesson().unwrap()).unwrap();
    let mut st = Dl::new(&l.setup()).unwrap();
    let mut entries = 0;
    let mut seen = Vec::new();
    let chance = |st: &mut Dl, entries: &mut usize| {
        while st.to_act() == ToAct::Chance {
            let o = st.sample_chance(&mut GameRng::new(step_seed(l.seed, *entries)));
            apply_checked(st, None, &o).unwrap();
            *entries += 1;
        }
    };
    chance(&mut st, &mut entries);
    for step in &l.steps {
        let (seat, action) = match step {
            Step::Explain { .. } => continue,
            Step::Bot { action, seat, .. } => (seat.unwrap_or(1), action.clone()),
            Step::Play { accept, .. } => (0, accept[0].action.clone()),
        };
        let legal = st.legal(seat);
        let a = legal
            .iter()
            .find(|x| serde_json::to_value(x.action).unwrap() == action)
            .unwrap()
            .clone();
        seen.extend(legal);
        let plan = a.kind == tavern_plugin_api::ChoiceKind::Step;
        apply_checked(&mut st, Some(seat), &a.action).unwrap();
        if !plan {
            entries += 1;
            chance(&mut st, &mut entries);
        }
    }
    seen.extend(st.legal(0));
    seen
}

fn marked(all: &[Legal<Action>], label_start: &str) -> (bool, bool) {
    let e = all
        .iter()
        .find(|e| e.label.starts_with(label_start))
        .unwrap_or_else(|| panic!("no move {label_start:?}"));
    (e.spends, e.default)
}

#[test]
fn the_game_marks_its_spending() {
    const { assert!(Dl::MARKS_SPENDING) };
}

#[test]
fn building_moves_that_pay_are_marked() {
    let all = lesson_entries();
    // (spends, default)
    assert_eq!(marked(&all, "Hire the goblin"), (true, false));
    assert_eq!(marked(&all, "Hire the slime"), (true, false));
    assert_eq!(marked(&all, "Get Food: pay 1 Evil"), (true, false));
    assert_eq!(marked(&all, "Get Food: pay 2 Evil"), (true, false));
    assert_eq!(marked(&all, "Buy Traps: pay 1 gold"), (true, false));
    // Build Room space II costs 1 gold; the Chicken Coop was built there too.
    assert_eq!(marked(&all, "Build the Mushroom Bed"), (true, false));
    assert_eq!(marked(&all, "Build the Chicken Coop"), (true, false));
    assert_eq!(marked(&all, "Pay 2 of 3 gold in taxes"), (true, false));
    assert_eq!(marked(&all, "Pay 0 of 3 gold in taxes"), (false, false));
    // Imps kept busy are not spent; a Mushroom Bed takes no food to run.
    assert_eq!(marked(&all, "Dig a tunnel"), (false, false));
    assert_eq!(marked(&all, "Mine 1 gold"), (false, false));
    assert_eq!(marked(&all, "Run the Mushroom Bed"), (false, false));
    // Enter: done producing, stop digging, confirm the orders; never letting one go.
    assert_eq!(marked(&all, "Done producing"), (false, true));
    assert_eq!(marked(&all, "Stop digging"), (false, true));
    assert_eq!(marked(&all, "Do not carry out this order"), (false, false));
    assert!(
        all.iter()
            .any(|e| e.action == Action::Confirm && e.default && !e.spends)
    );
    assert!(all.iter().any(|e| matches!(e.action, Action::Order { .. })));
    assert!(
        all.iter()
            .filter(|e| matches!(e.action, Action::Order { .. } | Action::NpOrder { .. }))
            .all(|e| !e.spends && !e.default)
    );
}

fn entry(g: &Dl, a: &Action) -> Legal<Action> {
    g.legal(0)
        .into_iter()
        .find(|l| &l.action == a)
        .unwrap_or_else(|| panic!("{a:?} is not legal"))
}

/// A trap set is a free plan step; the Confirm that commits it spends the card (and is
/// then not Enter's move). A troll's meal attack costs food; its plain attack does not.
#[test]
fn combat_moves_that_pay_are_marked() {
    let mut g = training("training-1");
    assert!(entry(&g, &Action::Confirm).default);
    assert!(!entry(&g, &Action::Confirm).spends);
    assert!(!entry(&g, &trap("rolling-stone")).spends);
    act(&mut g, 0, trap("rolling-stone"));
    act(&mut g, 0, send("troll"));
    let confirm = entry(&g, &Action::Confirm);
    assert!(confirm.spends && !confirm.default);
    act(&mut g, 0, Action::Confirm);
    assert!(entry(&g, &attack("troll", 1, None, None)).spends);
    assert!(!entry(&g, &attack("troll", 0, None, None)).spends);
}
