//! Slides the components that moved between two views of a game, so a change reads as a
//! movement and not a jump. Works for every game without their help: a card, disc or
//! icon that appears exactly once in both scenes, at different places, is the same
//! component moved.

use std::collections::HashMap;

use tavern_plugin_api::scene::{Rect, Scene, Shape, rect};

/// Seconds a slide takes.
pub const DURATION: f64 = 0.35;

/// The slides from one scene to the next, started at `start` (egui time, seconds).
#[derive(Debug)]
pub struct Motion {
    start: f64,
    /// Per item of the new scene, where it came from, if it moved.
    from: Vec<Option<Rect>>,
}

/// What a shape looks like wherever it lies: only movable components get one.
fn key(shape: &Shape) -> Option<String> {
    let mut s = match shape {
        Shape::Card { .. } | Shape::Circle { .. } | Shape::Icon { .. } => {
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
        from.iter()
            .any(Option::is_some)
            .then_some(Motion { start, from })
    }

    /// True while some slide is still under way at `now`.
    pub fn running(&self, now: f64) -> bool {
        now < self.start + DURATION
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
}
