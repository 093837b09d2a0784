//! The guided first game plays as written: every scripted move is legal where it falls,
//! every accepted alternative keeps the rest playable, and each highlight is on the table.

use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, Step, check};
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
