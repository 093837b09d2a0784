//! The guided first game (issue 28) plays as the host plays it, every accepted move
//! included, and shows the whole core once: a gather, a craft that completes a quest, a
//! build and a hire, an opponent's turns, and how final scores are made.
use tavern_plugin_api::Game;
use tavern_plugin_api::lesson::{Lesson, Step, check, main_line};
use tavern_plugin_kings_guild::Kg;

fn lesson() -> Lesson {
    Lesson::parse(Kg::lesson().expect("The King's Guild has a lesson")).unwrap()
}

#[test]
fn the_lesson_plays_to_its_end() {
    let l = lesson();
    check::<Kg>(&l).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_lesson_shows_every_kind_of_action_and_the_scoring() {
    let l = lesson();
    let mut kinds = Vec::new();
    for s in &l.steps {
        if let Step::Play { accept, .. } = s {
            for a in accept {
                let key = match &a.action {
                    serde_json::Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
                    v => v.as_str().unwrap_or_default().to_string(),
                };
                kinds.push(key);
            }
        }
    }
    for k in ["gather", "craft", "build", "hire", "end_turn"] {
        assert!(kinds.iter().any(|x| x == k), "the student never does {k}");
    }
    assert!(
        l.steps.iter().any(|s| matches!(s, Step::Bot { .. })),
        "an opponent plays"
    );
    assert!(
        l.steps
            .iter()
            .any(|s| matches!(s, Step::Explain { say } if say.contains("round"))),
        "the round's end is explained"
    );
    for word in ["prestige", "Offering", "charms", "relics", "quest card"] {
        assert!(
            l.finale.contains(word),
            "the finale does not mention {word}"
        );
    }
    assert!(l.minutes <= 10);
}

/// Every student move of the main line is legal where it falls, and one with a table
/// target finds it among the student's view's items (the host's lesson kittest clicks
/// them).
#[test]
fn every_student_move_with_a_target_finds_it_on_the_table() {
    let l = lesson();
    let ml = main_line::<Kg>(&l).unwrap_or_else(|e| panic!("{e}"));
    // A log line for each of the student's moves at least (and the opponents').
    assert!(ml.log.len() >= l.moves(), "{:?}", ml.log);
}
