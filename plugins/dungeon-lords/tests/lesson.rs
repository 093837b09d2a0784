//! The guided first game (resources/dungeon-lords/lesson.json) stays playable: the host's
//! kittest walks it by clicking, so every student move must also be a table target.

use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, check, main_line};
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

/// Plays the main line: every student move is a click on the table (plugin-api's
/// `main_line` finds each accepted move's target among the view's items), and it ends where the comments say.
#[test]
fn every_student_move_is_a_click_on_the_table() {
    let l = lesson();
    let ml = main_line::<Dl>(&l).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        ml.untargeted,
        Vec::<String>::new(),
        "every student move is a click"
    );
    let st = ml.state;
    // The lesson plays the whole first year's building (a monster hired in round 1, a
    // trap bought in round 2, a troll in round 4) and one combat round: the student's
    // trap goes off, the goblin fights, the priest heals, two heroes go to prison and
    // the entrance is conquered. It stops at the planning of combat round 2.
    let me = &st.lords[l.student];
    assert_eq!((st.year, st.round, st.phase), (1, 2, Phase::Planning));
    let lair: Vec<(u8, bool)> = me.lair.iter().map(|m| (m.kind, m.ready)).collect();
    assert_eq!(
        lair,
        [(0, false), (3, true)],
        "the goblin fought, the troll waits"
    );
    assert_eq!(me.traps.iter().map(|&k| k as usize).sum::<usize>(), 0);
    assert_eq!(me.prison.len(), 2);
    assert_eq!(me.party.len(), 1);
    let text = ml.log.join("\n");
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
