//! The guided first game (resources/dragonkeepers/lesson.json) stays playable: the host's
//! kittest walks it by clicking, so every student move must also be a table target.

use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, check, main_line};
use tavern_plugin_dragonkeepers::Dk;

fn lesson() -> Lesson {
    Lesson::parse(Dk::lesson().expect("Dragonkeepers has a lesson")).unwrap()
}

#[test]
fn lesson_plays_as_the_host_would() {
    let checked = check::<Dk>(&lesson()).unwrap();
    // The script stops after a few turns; the finale explains the end.
    assert!(!checked.finished);
    assert!(checked.entries > 20, "{checked:?}");
}

/// Plays the main line: every student move is a click on the table (plugin-api's
/// `main_line` finds each accepted move's target among the view's items), and it ends where the comments say.
#[test]
fn every_student_move_is_a_click_on_the_table() {
    let l = lesson();
    let ml = main_line::<Dk>(&l).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        ml.untargeted,
        Vec::<String>::new(),
        "every student move is a click"
    );
    let st = ml.state;
    // The lesson shows a whole amulet closed with its pearl, and a crystal won.
    let me = &st.players[l.student];
    assert_eq!(me.pearls.len(), 1);
    assert_eq!(me.crystals, 1);
    assert_eq!(me.row.len(), 3);
}
