//! The guided first game (resources/dungeon-lords/lesson.json) stays playable: the host's
//! kittest walks it by clicking, so every student move must also be a table target.

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::lesson::{Lesson, Step, check};
use tavern_plugin_api::rng::{GameRng, step_seed};
use tavern_plugin_api::{ChoiceKind, Game, ToAct};
use tavern_plugin_dungeon_lords::{Dl, Phase};

fn lesson() -> Lesson {
    Lesson::parse(Dl::lesson().expect("Dungeon Lords has a lesson")).unwrap()
}

#[test]
fn lesson_plays_as_the_host_would() {
    let checked = check::<Dl>(&lesson()).unwrap();
    // The script stops after the first year's first combat round; the finale explains
    // the rest.
    assert!(!checked.finished);
    assert!(checked.entries > 60, "{checked:?}");
}

/// Plays the main line by hand and, at each student step, looks up every accepted move:
/// each has a target that is an item of the student's table.
#[test]
fn every_student_move_is_a_click_on_the_table() {
    let l = lesson();
    let mut st = Dl::new(&l.setup()).unwrap();
    let mut entries = 0;
    let chance = |st: &mut Dl, entries: &mut usize| {
        while st.to_act() == ToAct::Chance {
            let o = st.sample_chance(&mut GameRng::new(step_seed(l.seed, *entries)));
            apply_checked(st, None, &o).unwrap();
            *entries += 1;
        }
    };
    chance(&mut st, &mut entries);
    let mut plays = 0;
    let mut log: Vec<String> = Vec::new();
    let mut battles = 0;
    for step in &l.steps {
        let (seat, action) = match step {
            Step::Explain { .. } => continue,
            Step::Bot { action, .. } => (1, action.clone()),
            Step::Play { accept, .. } => {
                let legal = st.legal(l.student);
                let ids: Vec<String> = st
                    .view(Some(l.student))
                    .scene
                    .items
                    .iter()
                    .filter_map(|it| it.id.clone())
                    .collect();
                for a in accept {
                    let found = legal
                        .iter()
                        .find(|x| serde_json::to_value(x.action).unwrap() == a.action)
                        .unwrap_or_else(|| panic!("{} is not legal", a.action));
                    let t = found.target.as_ref().unwrap_or_else(|| {
                        panic!("{} ({}) has no table target", a.action, found.label)
                    });
                    assert!(ids.contains(t), "{t} is not on the table");
                }
                plays += 1;
                (l.student, accept[0].action.clone())
            }
        };
        let legal = st.legal(seat);
        let found = legal
            .iter()
            .find(|x| serde_json::to_value(x.action).unwrap() == action)
            .unwrap();
        let a = found.action;
        let plan = found.kind == ChoiceKind::Step;
        log.push(apply_checked(&mut st, Some(seat), &a).unwrap().label);
        if matches!(st.phase, Phase::Battle(_)) {
            battles += 1;
        }
        if !plan {
            entries += 1;
            chance(&mut st, &mut entries);
        }
    }
    assert_eq!(plays, l.moves());
    // The lesson plays the whole first year's building (a monster hired in round 1, a
    // trap bought in round 2, a troll in round 4) and one combat round: the student's
    // trap goes off, the goblin fights, the priest heals, two heroes go to prison and
    // the entrance is conquered. It stops at the planning of combat round 2.
    let me = &st.lords[l.student];
    assert_eq!((st.year, st.round, st.phase), (1, 2, Phase::Planning));
    assert!(battles > 0, "the script passes through a battle");
    let lair: Vec<(u8, bool)> = me.lair.iter().map(|m| (m.kind, m.ready)).collect();
    assert_eq!(
        lair,
        [(0, false), (3, true)],
        "the goblin fought, the troll waits"
    );
    assert_eq!(me.traps.iter().map(|&k| k as usize).sum::<usize>(), 0);
    assert_eq!(me.prison.len(), 2);
    assert_eq!(me.party.len(), 1);
    let text = log.join("\n");
    let alex = &text[text
        .find("Battle in Alex's dungeon at A1")
        .expect("Alex's battle")..];
    for line in [
        "Trap: the Poisoned Meal goes off",
        "is eliminated and goes to prison",
        "the wizard (3 HP) takes 2",
        "Healing: the wizard (3 HP) loses 1 damage",
        "Fatigue: 2 to the wizard (3 HP)",
        "The party conquers A1",
        "Combat round 2 begins",
    ] {
        assert!(
            alex.contains(line),
            "{line:?} is not in the battle's log:\n{alex}"
        );
    }
}
