//! The guided first game plays as written: every scripted move is legal where it falls,
//! every accepted alternative keeps the rest playable, and each highlight is on the table.

use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, Step, check, main_line};
use tavern_plugin_keydoms::Keydoms;

#[test]
fn the_lesson_plays_through() {
    let lesson = Lesson::parse(Keydoms::lesson().expect("Keydom's has a lesson")).unwrap();
    let done = check::<Keydoms>(&lesson).unwrap_or_else(|e| panic!("{e}"));
    assert!(done.entries > 0);
    let says: String = lesson
        .steps
        .iter()
        .map(|s| match s {
            Step::Play { say, .. } | Step::Explain { say } => say.clone(),
            Step::Bot { say, .. } => say.clone().unwrap_or_default(),
        })
        .collect();
    for word in ["cave", "Guard room", "Castle room", "spell", "ghost", "Key"] {
        assert!(says.contains(word), "the lesson never mentions {word}");
    }
    assert!(lesson.finale.contains("artefacts"));
}

/// Every student move of the main line is legal where it falls, and one with a table
/// target finds it among the student's view's items (the host's lesson kittest clicks
/// them).
#[test]
fn every_student_move_with_a_target_finds_it_on_the_table() {
    let l = Lesson::parse(Keydoms::lesson().expect("Keydom's has a lesson")).unwrap();
    let ml = main_line::<Keydoms>(&l).unwrap_or_else(|e| panic!("{e}"));
    // A log line for each of the student's moves at least (and the opponents').
    assert!(ml.log.len() >= l.moves(), "{:?}", ml.log);
}
