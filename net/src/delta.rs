//! After a viewer's first frame, the table's drawing travels as a change: the scene's
//! items as runs copied from the items that viewer already has, and the new ones.
//!
//! A frame is mostly its scene (tens of kilobytes), and a move changes a few of its
//! items: a card moves, a score and the highlighted choices change. Sending only those
//! makes each frame a fraction of the bytes to encrypt, carry and parse, which is where a
//! busy authority and its clients spent their time. Everything else in the frame (the
//! legal list, the new log lines, the seats) is small and travels whole.
//!
//! An update is worked out from two frames `outgoing::frame_for` built for the same
//! viewer (the last one it was sent and the new one), so it tells that viewer nothing
//! the two frames do not: a seat whose frames are identical for the true state and a
//! re-dealt twin receives identical updates (the leak test checks the bytes).

use serde::{Deserialize, Serialize};
use tavern_plugin_api::scene::Item;

use crate::proto::{SeatFrame, ServerMsg};
use crate::wire;

/// How far ahead in the old items a new item is looked for before it counts as new:
/// far enough to step over a run of removed or changed items, near enough to stay
/// linear (a comparison of two unequal items mostly stops at their first field).
const LOOK_AHEAD: usize = 48;

/// One run of a scene's new items.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Run {
    /// `len` items copied from the viewer's last items, from position `from` on.
    Keep { from: usize, len: usize },
    /// Items the viewer does not have.
    New(Vec<Item>),
}

/// A frame whose scene items are given as runs of the last frame's items.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct FrameUpdate {
    /// How many items the frame this applies to has (a check that the two agree).
    pub base: usize,
    /// The frame, its scene's items left empty.
    pub frame: SeatFrame,
    pub runs: Vec<Run>,
}

/// The runs that make `new` out of `old`: in order, each new item either copied from an
/// equal old item (near where the last copy left off) or sent.
pub fn runs(old: &[Item], new: &[Item]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    let mut j = 0;
    for item in new {
        let found = (j..old.len().min(j + LOOK_AHEAD)).find(|&k| old[k] == *item);
        match found {
            Some(k) => {
                match out.last_mut() {
                    Some(Run::Keep { from, len }) if *from + *len == k => *len += 1,
                    _ => out.push(Run::Keep { from: k, len: 1 }),
                }
                j = k + 1;
            }
            None => {
                // Sent, and the old items stay where they are: if this one took the
                // place of a changed old item, the look-ahead steps over that item
                // when the next equal pair turns up.
                match out.last_mut() {
                    Some(Run::New(items)) => items.push(item.clone()),
                    _ => out.push(Run::New(vec![item.clone()])),
                }
            }
        }
    }
    out
}

/// What is wrong with `runs` as a change of `old` items, if anything.
fn check(old: usize, runs: &[Run]) -> Result<(), String> {
    for run in runs {
        if let Run::Keep { from, len } = run
            && from.checked_add(*len).is_none_or(|end| end > old)
        {
            return Err(format!(
                "an update copies items {from}..{} of a table with {old}",
                from.saturating_add(*len)
            ));
        }
    }
    Ok(())
}

/// The items `runs` make out of `old`, or what is wrong with them. The old items are
/// moved, not copied (an item kept twice is copied the second time).
pub fn apply(old: Vec<Item>, runs: Vec<Run>) -> Result<Vec<Item>, String> {
    check(old.len(), &runs)?;
    Ok(move_runs(old, runs))
}

/// [`apply`] for runs already checked against `old`.
fn move_runs(old: Vec<Item>, runs: Vec<Run>) -> Vec<Item> {
    let mut old: Vec<Option<Item>> = old.into_iter().map(Some).collect();
    // Where each old item went in the new list, once it has been moved there.
    let mut moved = vec![usize::MAX; old.len()];
    let mut items: Vec<Item> = Vec::with_capacity(old.len());
    for run in runs {
        match run {
            Run::Keep { from, len } => {
                for k in from..from + len {
                    match old[k].take() {
                        Some(item) => {
                            moved[k] = items.len();
                            items.push(item);
                        }
                        None => items.push(items[moved[k]].clone()),
                    }
                }
            }
            Run::New(mut new) => items.append(&mut new),
        }
    }
    items
}

/// The bytes that carry `frame` to a viewer whose last frame had the items `last`
/// (`None`: it has none yet, so the frame goes whole); `last` becomes this frame's.
pub fn encode(last: &mut Option<Vec<Item>>, mut frame: SeatFrame) -> Vec<u8> {
    let items = std::mem::take(&mut frame.view.scene.items);
    let bytes = match last.as_deref() {
        Some(old) => {
            let update = FrameUpdate {
                base: old.len(),
                runs: runs(old, &items),
                frame,
            };
            wire::encode(&ServerMsg::Update(Box::new(update)))
        }
        None => {
            frame.view.scene.items = items;
            let msg = ServerMsg::Frame(Box::new(frame));
            let bytes = wire::encode(&msg);
            if let ServerMsg::Frame(f) = msg {
                *last = Some(f.view.scene.items);
            }
            return bytes;
        }
    };
    *last = Some(items);
    bytes
}

/// A client's side: the whole frame `update` stands for, made from `last`, the frame
/// received before it on the same connection, whose scene items move into the new one
/// (`last` is to be replaced by the answer). An update that does not fit `last` is an
/// error (the host is wrong) and leaves `last` as it was.
pub fn whole(last: Option<&mut SeatFrame>, update: FrameUpdate) -> Result<SeatFrame, String> {
    let FrameUpdate {
        base,
        mut frame,
        runs,
    } = update;
    let last = last.ok_or("the host sent a change before the table it changes")?;
    let old = &mut last.view.scene.items;
    if old.len() != base {
        return Err(format!(
            "the host sent a change to a table of {base} items; this one has {}",
            old.len()
        ));
    }
    check(old.len(), &runs)?;
    frame.view.scene.items = move_runs(std::mem::take(old), runs);
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavern_plugin_api::Scene;
    use tavern_plugin_api::scene::{Color, Pos};

    fn items(words: &str) -> Vec<Item> {
        let mut scene = Scene::new(100.0, 100.0);
        for w in words.split(' ').filter(|w| !w.is_empty()) {
            scene.text(Pos { x: 1.0, y: 2.0 }, w, 12.0, Color(0, 0, 0, 255));
        }
        scene.items
    }

    fn round_trip(old: &str, new: &str) -> Vec<Run> {
        let (o, n) = (items(old), items(new));
        let r = runs(&o, &n);
        assert_eq!(apply(o, r.clone()).unwrap(), n, "{old} -> {new}");
        r
    }

    #[test]
    fn an_unchanged_scene_is_one_copy() {
        let r = round_trip("a b c d", "a b c d");
        assert_eq!(r, vec![Run::Keep { from: 0, len: 4 }]);
    }

    #[test]
    fn a_changed_item_is_sent_and_the_rest_copied() {
        let r = round_trip("a b c d e", "a b X d e");
        assert_eq!(
            r,
            vec![
                Run::Keep { from: 0, len: 2 },
                Run::New(items("X")),
                Run::Keep { from: 3, len: 2 },
            ]
        );
    }

    #[test]
    fn items_put_in_or_taken_out_shift_nothing_else() {
        let r = round_trip("a b c d e", "a b X Y c d e");
        assert_eq!(r[2], Run::Keep { from: 2, len: 3 });
        let r = round_trip("a b c d e", "a d e");
        assert_eq!(
            r,
            vec![Run::Keep { from: 0, len: 1 }, Run::Keep { from: 3, len: 2 }]
        );
    }

    #[test]
    fn any_change_round_trips() {
        for (old, new) in [
            ("", "a b"),
            ("a b", ""),
            ("a b c", "c b a"),
            ("a a a b", "a b a a"),
            ("a b c d e f", "f e d x c b a"),
            ("a b c", "x y z"),
        ] {
            round_trip(old, new);
        }
    }

    #[test]
    fn an_item_kept_twice_is_copied() {
        let r = vec![Run::Keep { from: 0, len: 2 }, Run::Keep { from: 0, len: 1 }];
        assert_eq!(apply(items("a b"), r).unwrap(), items("a b a"));
    }

    #[test]
    fn an_update_that_does_not_fit_is_refused_and_changes_nothing() {
        assert!(apply(items("a b"), vec![Run::Keep { from: 1, len: 5 }]).is_err());
        let too_far = Run::Keep {
            from: usize::MAX,
            len: 2,
        };
        assert!(apply(items("a b"), vec![too_far.clone()]).is_err());
        let update = |base: usize, runs: Vec<Run>| FrameUpdate {
            base,
            frame: SeatFrame::default(),
            runs,
        };
        let e = whole(None, update(3, Vec::new())).unwrap_err();
        assert!(e.contains("before the table"), "{e}");
        let mut last = SeatFrame::default();
        last.view.scene.items = items("a b");
        let e = whole(Some(&mut last), update(3, Vec::new())).unwrap_err();
        assert!(e.contains("a table of 3 items; this one has 2"), "{e}");
        assert!(whole(Some(&mut last), update(2, vec![too_far])).is_err());
        assert_eq!(last.view.scene.items, items("a b"), "untouched");
        let next = whole(
            Some(&mut last),
            update(2, vec![Run::Keep { from: 1, len: 1 }]),
        );
        assert_eq!(next.unwrap().view.scene.items, items("b"));
    }
}
