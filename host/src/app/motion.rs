//! Slides the components that moved between two views of a game, so a change reads as a
//! movement and not a jump. Works for every game without their help: a card, disc or
//! icon that appears exactly once in both scenes, at different places, is the same
//! component moved. A die that shows another value than in the last view, at the same
//! place (or under the same id), was rolled: it tumbles briefly and lands on its value.

use std::collections::HashMap;

use tavern_plugin_api::scene::{Item, Rect, Scene, Shape, rect};

/// Seconds a slide takes.
pub const DURATION: f64 = 0.35;

/// Seconds a rolled die tumbles before it lies still on its value.
pub const ROLL: f64 = 0.4;

/// The share of [`ROLL`] after which the die shows its result: it turns the last bit of
/// the way already showing it, so the result reads before the die stops.
const SETTLED: f32 = 0.6;

/// How a rolling die is drawn at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roll {
    /// The face up now: a passing face during the tumble, the result from [`SETTLED`] on.
    pub value: u8,
    /// Turned this far from upright (radians).
    pub angle: f32,
    /// Drawn this much larger than its size, as if it bounced off the table.
    pub lift: f32,
}

/// The slides from one scene to the next, started at `start` (egui time, seconds).
#[derive(Debug)]
pub struct Motion {
    start: f64,
    /// Per item of the new scene, where it came from, if it moved.
    from: Vec<Option<Rect>>,
    /// Per item of the new scene, the value a rolled die showed before.
    rolled: Vec<Option<u8>>,
}

/// What a shape looks like wherever it lies: only movable components get one.
fn key(shape: &Shape) -> Option<String> {
    let mut s = match shape {
        Shape::Card { .. } | Shape::Circle { .. } | Shape::Icon { .. } | Shape::Die { .. } => {
            shape.placed_in(rect(0.0, 0.0, 1.0, 1.0))
        }
        _ => return None,
    };
    // A card taken into a hand becomes "private" there; it is still the same card.
    if let Shape::Card { private, .. } = &mut s {
        *private = false;
    }
    serde_json::to_string(&s).ok()
}

fn index_by_key(scene: &Scene) -> HashMap<String, (usize, Rect)> {
    let mut seen: HashMap<String, (usize, Rect)> = HashMap::new();
    for item in &scene.items {
        if let Some(k) = key(&item.shape) {
            let e = seen.entry(k).or_insert((0, item.shape.bounds()));
            e.0 += 1;
        }
    }
    seen
}

fn far_apart(a: Rect, b: Rect) -> bool {
    (a.x - b.x).abs() + (a.y - b.y).abs() + (a.w - b.w).abs() + (a.h - b.h).abs() > 2.0
}

impl Motion {
    /// The slides from `old` to `new`, or `None` when nothing moved.
    pub fn between(old: &Scene, new: &Scene, start: f64) -> Option<Motion> {
        if old.width != new.width || old.height != new.height {
            return None;
        }
        let before = index_by_key(old);
        let after = index_by_key(new);
        let from: Vec<Option<Rect>> = new
            .items
            .iter()
            .map(|item| {
                let k = key(&item.shape)?;
                let (n_old, was) = *before.get(&k)?;
                let (n_new, _) = after[&k];
                let now = item.shape.bounds();
                (n_old == 1 && n_new == 1 && far_apart(was, now)).then_some(was)
            })
            .collect();
        let rolled = rolls(old, new);
        (from.iter().any(Option::is_some) || rolled.iter().any(Option::is_some)).then_some(Motion {
            start,
            from,
            rolled,
        })
    }

    /// True while some slide or roll is still under way at `now`.
    pub fn running(&self, now: f64) -> bool {
        let slides = self.from.iter().any(Option::is_some);
        let rolls = self.rolled.iter().any(Option::is_some);
        (slides && now < self.start + DURATION) || (rolls && now < self.start + ROLL)
    }

    /// How die `index` of the new scene looks at `now`, while it is still rolling.
    pub fn roll_at(&self, index: usize, shape: &Shape, now: f64) -> Option<Roll> {
        let was = (*self.rolled.get(index)?)?;
        let Shape::Die { faces, value, .. } = *shape else {
            return None;
        };
        let t = ((now - self.start) / ROLL).clamp(0.0, 1.0) as f32;
        if t >= 1.0 {
            return None;
        }
        // Faces pass by in steps, each different from the one before and from the
        // result, so a roll that lands on the same number still reads as a roll.
        let step = (t * 8.0) as u32;
        let value = if t >= SETTLED {
            value
        } else {
            passing_face(faces, was, value, step)
        };
        let e = 1.0 - (1.0 - t).powi(3);
        Some(Roll {
            value,
            angle: (1.0 - e) * std::f32::consts::PI * 1.5,
            lift: 1.0 + 0.18 * (std::f32::consts::PI * t).sin(),
        })
    }

    /// How item `index` of the new scene is drawn at `now`, if it is still sliding.
    pub fn shape_at(&self, index: usize, shape: &Shape, now: f64) -> Option<Shape> {
        let was = (*self.from.get(index)?)?;
        let t = ((now - self.start) / DURATION).clamp(0.0, 1.0) as f32;
        if t >= 1.0 {
            return None;
        }
        let e = 1.0 - (1.0 - t).powi(3);
        let to = shape.bounds();
        let lerp = |a: f32, b: f32| a + (b - a) * e;
        Some(shape.placed_in(rect(
            lerp(was.x, to.x),
            lerp(was.y, to.y),
            lerp(was.w, to.w),
            lerp(was.h, to.h),
        )))
    }
}

/// The face a die shows at tumble `step`: steps through the faces from the old value,
/// skipping the result.
fn passing_face(faces: u8, was: u8, result: u8, step: u32) -> u8 {
    let n = u32::from(faces.max(2));
    let mut v = (u32::from(was) + 2 * step + step / 2) % n + 1;
    if v == u32::from(result) {
        v = v % n + 1;
    }
    v as u8
}

/// Same die in both scenes: the same id when the new one has one, else the same kind of
/// die at the same place.
fn same_die(old: &Item, new: &Item) -> bool {
    let (
        Shape::Die {
            center: a,
            faces: fa,
            ..
        },
        Shape::Die {
            center: b,
            faces: fb,
            ..
        },
    ) = (&old.shape, &new.shape)
    else {
        return false;
    };
    match (&old.id, &new.id) {
        (Some(x), Some(y)) => x == y,
        _ => fa == fb && (a.x - b.x).abs() < 2.0 && (a.y - b.y).abs() < 2.0,
    }
}

/// Per item of `new`, the value its die showed in `old` if that differs (it was rolled).
fn rolls(old: &Scene, new: &Scene) -> Vec<Option<u8>> {
    new.items
        .iter()
        .map(|item| {
            let Shape::Die { value, .. } = item.shape else {
                return None;
            };
            let mut before = old.items.iter().filter(|o| same_die(o, item));
            match (before.next(), before.next()) {
                (
                    Some(Item {
                        shape: Shape::Die { value: was, .. },
                        ..
                    }),
                    None,
                ) if *was != value => Some(*was),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavern_plugin_api::scene::{Color, pos};

    fn card(scene: &mut Scene, x: f32, value: &str) {
        scene.add(Shape::Card {
            rect: rect(x, 100.0, 60.0, 90.0),
            fill: Color::WHITE,
            band: None,
            title: String::new(),
            value: value.into(),
            face_down: false,
            private: false,
        });
    }

    #[test]
    fn a_unique_card_that_moved_slides_from_its_old_place() {
        let mut old = Scene::new(1600.0, 1000.0);
        card(&mut old, 100.0, "7");
        card(&mut old, 200.0, "3");
        let mut new = Scene::new(1600.0, 1000.0);
        card(&mut new, 200.0, "3");
        card(&mut new, 900.0, "7");
        let m = Motion::between(&old, &new, 10.0).expect("the 7 moved");
        assert!(
            m.shape_at(0, &new.items[0].shape, 10.0).is_none(),
            "the 3 stayed"
        );
        let start = m.shape_at(1, &new.items[1].shape, 10.0).unwrap();
        assert_eq!(start.bounds().x, 100.0);
        let mid = m
            .shape_at(1, &new.items[1].shape, 10.0 + DURATION / 2.0)
            .unwrap();
        assert!(
            mid.bounds().x > 500.0 && mid.bounds().x < 900.0,
            "eases out"
        );
        assert!(
            m.shape_at(1, &new.items[1].shape, 10.0 + DURATION)
                .is_none()
        );
        assert!(!m.running(10.0 + DURATION));
    }

    #[test]
    fn look_alikes_and_text_never_slide() {
        let scene = |xs: [f32; 3]| {
            let mut s = Scene::new(1600.0, 1000.0);
            card(&mut s, xs[0], "?");
            card(&mut s, xs[1], "?");
            s.add(Shape::Text {
                pos: pos(xs[2], 10.0),
                text: "Round 1".into(),
                size: 20.0,
                color: Color::WHITE,
                align: Default::default(),
                bold: false,
            });
            s
        };
        let (old, new) = (scene([100.0, 200.0, 10.0]), scene([300.0, 400.0, 50.0]));
        assert!(Motion::between(&old, &new, 0.0).is_none());
    }

    fn dice(values: &[u8]) -> Scene {
        let mut s = Scene::new(1600.0, 1000.0);
        for (k, v) in values.iter().enumerate() {
            s.die(
                pos(100.0 + 80.0 * k as f32, 500.0),
                50.0,
                6,
                *v,
                Color::WHITE,
            );
        }
        s
    }

    #[test]
    fn a_die_that_shows_another_value_tumbles_and_lands_on_it() {
        let (old, new) = (dice(&[3, 5]), dice(&[3, 2]));
        let m = Motion::between(&old, &new, 10.0).expect("the second die rolled");
        assert!(
            m.roll_at(0, &new.items[0].shape, 10.0).is_none(),
            "unchanged"
        );
        let faces: Vec<Roll> = (0..8)
            .map(|k| {
                m.roll_at(1, &new.items[1].shape, 10.0 + ROLL * k as f64 / 8.0)
                    .unwrap()
            })
            .collect();
        assert!(faces[0].angle > 1.0, "starts turned");
        let early: Vec<u8> = faces[..4].iter().map(|r| r.value).collect();
        assert!(
            early.iter().all(|v| (1..=6).contains(v) && *v != 2),
            "{early:?}"
        );
        assert!(
            early.windows(2).any(|w| w[0] != w[1]),
            "faces pass by: {early:?}"
        );
        assert!(
            faces[5..].iter().all(|r| r.value == 2),
            "the result shows early"
        );
        assert!(m.running(10.0 + ROLL - 0.01));
        assert!(m.roll_at(1, &new.items[1].shape, 10.0 + ROLL).is_none());
        assert!(!m.running(10.0 + ROLL));
    }

    #[test]
    fn dice_are_matched_by_id_before_place() {
        let mut old = dice(&[4]);
        old.items[0].id = Some("die:red".into());
        let mut new = Scene::new(1600.0, 1000.0);
        new.die(pos(700.0, 200.0), 50.0, 6, 1, Color::WHITE)
            .id("die:red");
        let m = Motion::between(&old, &new, 0.0).expect("rolled under its id");
        assert!(m.roll_at(0, &new.items[0].shape, 0.1).is_some());
        // Same values everywhere: nothing rolls, nothing runs.
        assert!(Motion::between(&dice(&[1, 6]), &dice(&[1, 6]), 0.0).is_none());
    }

    #[test]
    fn a_die_carried_elsewhere_slides_and_does_not_roll() {
        let mut old = Scene::new(1600.0, 1000.0);
        old.die(pos(100.0, 100.0), 50.0, 6, 4, Color::WHITE);
        let mut new = Scene::new(1600.0, 1000.0);
        new.die(pos(800.0, 600.0), 50.0, 6, 4, Color::WHITE);
        let m = Motion::between(&old, &new, 0.0).expect("the die moved");
        let mid = m.shape_at(0, &new.items[0].shape, DURATION / 2.0).unwrap();
        assert!(mid.bounds().x > 100.0 && mid.bounds().x < 800.0);
        assert!(m.roll_at(0, &new.items[0].shape, 0.0).is_none());
    }
}
