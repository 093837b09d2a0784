//! The guided first game (resources/dungeon-lords/lesson.json) stays playable: the host's
//! kittest walks it by clicking, so every student move must also be a table target.

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::lesson::{Lesson, Step, check};
use tavern_plugin_api::rng::{GameRng, step_seed};
use tavern_plugin_api::{ChoiceKind, Game, ToAct};
use tavern_plugin_dungeon_lords::Dl;

fn lesson() -> Lesson {
    Lesson::parse(Dl::lesson().expect("Dungeon Lords has a lesson")).unwrap()
}

#[test]
fn lesson_plays_as_the_host_would() {
    let checked = check::<Dl>(&lesson()).unwrap();
    // The script stops after two building rounds; the finale explains the end.
    assert!(!checked.finished);
    assert!(checked.entries > 20, "{checked:?}");
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
        apply_checked(&mut st, Some(seat), &a).unwrap();
        if !plan {
            entries += 1;
            chance(&mut st, &mut entries);
        }
    }
    assert_eq!(plays, l.moves());
    // The lesson shows a monster hired, a trap bought and a room built, and stops at the
    // round's event (Taxes), which its last words explain.
    let me = &st.lords[l.student];
    assert_eq!(me.lair.len(), 1);
    assert_eq!(me.traps.iter().map(|&k| k as usize).sum::<usize>(), 1);
    assert!(
        st.legal(l.student)
            .iter()
            .all(|x| matches!(x.action, tavern_plugin_dungeon_lords::Action::Tax { .. }))
    );
}
