//! Plans in a round where seats choose at once (Dungeon Lords' orders): a seat's plan
//! is its own, so its steps leave the other seats' lists current and send nothing to
//! anyone else. (A test binary may link one game plugin only, hence a file of its own.)

mod common;

use common::table;
use tavern_net::Change;
use tavern_net::proto::{ClientMsg, ErrorCode};
use tavern_plugin_api::ChoiceKind;

#[test]
fn a_plan_step_is_the_planners_alone_and_leaves_the_others_lists_current() {
    // Dungeon Lords' orders are picked by both lords at once, each a plan.
    let (mut a, joined) = table::<tavern_plugin_dungeon_lords::Dl>(2, 5);
    let to_act = a.frame_for(None, usize::MAX).unwrap().to_act;
    assert_eq!(to_act, vec![0, 1], "both lords pick orders");
    let lists: Vec<_> = (0..2)
        .map(|s| a.frame_for(Some(s), usize::MAX).unwrap())
        .collect();
    let step = |f: &tavern_net::SeatFrame| {
        f.legal
            .iter()
            .position(|c| c.kind == ChoiceKind::Step)
            .expect("an order to pick")
    };
    let act = |seat: usize, revision: u64, index: usize| ClientMsg::Act {
        seat,
        revision,
        index,
    };
    // Seat 0's step changes only seat 0's table: the spectators' and seat 1's frames
    // are as they were (revision apart), and seat 1's list is still current.
    let spectator = a.frame_for(None, 0).unwrap();
    let r = a.handle(joined[0], &act(0, lists[0].revision, step(&lists[0])));
    assert_eq!(r.unwrap(), Change::Plan(0));
    let mut again = a.frame_for(Some(1), usize::MAX).unwrap();
    again.revision = lists[1].revision;
    assert_eq!(again, lists[1]);
    let mut watched = a.frame_for(None, 0).unwrap();
    watched.revision = spectator.revision;
    assert_eq!(watched, spectator);
    assert!(a.current_for(1, lists[1].revision));
    let r = a.handle(joined[1], &act(1, lists[1].revision, step(&lists[1])));
    assert_eq!(r.unwrap(), Change::Plan(1));
    // Seat 0's own old list is not: its plan has grown since.
    assert!(!a.current_for(0, lists[0].revision));
    let e = a
        .handle(joined[0], &act(0, lists[0].revision, 0))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::Stale);
    // Taking a step back and dropping the plan are the planner's alone too.
    assert_eq!(
        a.handle(joined[0], &ClientMsg::Undo { seat: 0 }).unwrap(),
        Change::Plan(0)
    );
    let r = a.handle(joined[1], &ClientMsg::CancelPlan { seat: 1 });
    assert_eq!(r.unwrap(), Change::Plan(1));
    // A change everyone sees makes every older list stale, and a future one is no list.
    let now = a.revision();
    assert!(a.current_for(1, now) && a.current_for(0, now));
    assert!(!a.current_for(0, now + 1));
    let f0 = a.frame_for(Some(0), usize::MAX).unwrap();
    a.set_hints(false);
    assert!(!a.current_for(0, f0.revision), "a public change since");
}
