//! The guided first game (resources/above-below/lesson.json) plays as the host would play
//! it, and shows the core once: an explore through the book, a build, labor with a
//! harvest, a hire with its ghost, the round's end with haunting and resting, the track.
use tavern_plugin_above_below::Ab;
use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, Step, check, main_line};

fn lesson() -> Lesson {
    Lesson::parse(Ab::lesson().expect("a lesson")).unwrap()
}

#[test]
fn the_lesson_plays() {
    let l = lesson();
    let done = check::<Ab>(&l).unwrap_or_else(|e| panic!("{e}"));
    assert!(done.entries > 0);
}

#[test]
fn the_lesson_shows_every_part_of_a_round() {
    let l = lesson();
    let mut moves = Vec::new();
    for s in &l.steps {
        match s {
            Step::Play { accept, .. } => moves.extend(accept.iter().map(|a| a.action.to_string())),
            Step::Bot { action, .. } => moves.push(action.to_string()),
            Step::Explain { .. } => {}
        }
    }
    for kind in [
        "explore", "choose", "accept", "build", "labor", "harvest", "hire", "bed", "brew", "track",
        "pass",
    ] {
        assert!(
            moves.iter().any(|m| m.contains(kind)),
            "the lesson never shows {kind}"
        );
    }
    assert!(
        l.steps
            .iter()
            .any(|s| matches!(s, Step::Play { accept, .. } if accept.len() > 1)),
        "a real choice accepts several moves"
    );
    for word in ["haunt", "rest", "income"] {
        assert!(
            l.steps
                .iter()
                .any(|s| matches!(s, Step::Explain { say } if say.contains(word))),
            "the round's end is explained ({word})"
        );
    }
    for word in ["track", "reputation", "pearl", "ingredient", "tie"] {
        assert!(l.finale.contains(word), "the finale explains {word}");
    }
    assert!(l.minutes <= 10);
}

/// Every student move of the main line is legal where it falls, and one with a table
/// target finds it among the student's view's items (the host's lesson kittest clicks
/// them).
#[test]
fn every_student_move_with_a_target_finds_it_on_the_table() {
    let l = lesson();
    let ml = main_line::<Ab>(&l).unwrap_or_else(|e| panic!("{e}"));
    // A log line for each of the student's moves at least (and the opponents').
    assert!(ml.log.len() >= l.moves(), "{:?}", ml.log);
}
