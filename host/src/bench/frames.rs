//! The table's drawing cost: one game's view painted by the table's painter at 1280×800
//! in a window-less egui context, with its drawings and without them. A frame here is
//! the painter's work, the SVG drawings rasterised into textures (the first time a size
//! is drawn; the host keeps them) and the tessellation — everything but the upload to
//! the graphics card.
//!
//! Later frames take a fraction of a millisecond and this machine's load moves them by
//! as much as art could, so the two tables are measured side by side: both warmed
//! first, then rounds that each time a batch of frames with art and a batch without,
//! back to back (which goes first alternates). A round's difference is paired against
//! the same moment's load; the figures are the medians over the rounds, and the spread
//! of the rounds' differences gives the noise the difference is read against.

use std::time::{Duration, Instant};

use egui::{Pos2, RawInput, Rect, vec2};
use tavern_plugin_api::scene::{Scene, Shape};

use crate::app::scene_painter::{PaintOptions, show_scene};

/// Frames each side of a round; their mean is the round's figure.
const BATCH: usize = 10;

/// One table painted again and again in its own egui context.
struct Table<'a> {
    ctx: egui::Context,
    scene: &'a Scene,
}

impl Table<'_> {
    fn new(scene: &Scene) -> Table<'_> {
        Table {
            ctx: egui::Context::default(),
            scene,
        }
    }

    fn frame(&self) -> Duration {
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
            ..RawInput::default()
        };
        let t = Instant::now();
        let out = self.ctx.run_ui(input, |ui| {
            let opts = PaintOptions {
                zoom: 1.0,
                time: None,
                motion: None,
            };
            show_scene(ui, self.scene, &[], &opts);
        });
        let _ = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        t.elapsed()
    }

    /// The median of a batch of frames: a frame that lost its time slice to another
    /// process does not count.
    fn batch(&self) -> Duration {
        let mut frames: Vec<Duration> = (0..BATCH).map(|_| self.frame()).collect();
        median(&mut frames)
    }
}

/// The frame figures of one scene, with its art and without.
pub struct FrameTimes {
    /// The first frame in a fresh context (median of three): rasterising every drawing.
    pub first_art: Duration,
    pub first_bare: Duration,
    /// A later frame: the median over the rounds of each round's median frame.
    pub later_art: Duration,
    pub later_bare: Duration,
    /// With art minus without, the median of the rounds' paired differences (ms).
    pub difference_ms: f64,
    /// The noise of that difference (ms): twice its standard error, estimated from the
    /// interquartile range of the rounds' differences (a 95 % interval, about).
    pub noise_ms: f64,
    pub rounds: usize,
}

impl FrameTimes {
    /// Whether art's later-frame cost is lost in the measurement's noise (or negative).
    pub fn within_noise(&self) -> bool {
        self.difference_ms <= self.noise_ms
    }
}

/// Measures `scene` against `bare` (the same view without its drawings) in `rounds`
/// alternating rounds.
pub fn frame_times(scene: &Scene, bare: &Scene, rounds: usize) -> FrameTimes {
    // First frames: a fresh context each, the two tables taking turns.
    let mut firsts = (Vec::new(), Vec::new());
    for _ in 0..3 {
        firsts.0.push(Table::new(scene).frame());
        firsts.1.push(Table::new(bare).frame());
    }
    let art = Table::new(scene);
    let plain = Table::new(bare);
    // Warm: the drawings rasterised, egui's remembered sizes settled, the caches hot.
    for _ in 0..5 {
        art.batch();
        plain.batch();
    }
    let (mut with, mut without, mut diffs) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds.max(1) {
        let (a, b) = if round % 2 == 0 {
            let a = art.batch();
            (a, plain.batch())
        } else {
            let b = plain.batch();
            (art.batch(), b)
        };
        with.push(a);
        without.push(b);
        diffs.push((a.as_secs_f64() - b.as_secs_f64()) * 1000.0);
    }
    diffs.sort_by(f64::total_cmp);
    let q = |k: usize| diffs[(diffs.len() - 1) * k / 4];
    FrameTimes {
        first_art: median(&mut firsts.0),
        first_bare: median(&mut firsts.1),
        later_art: median(&mut with),
        later_bare: median(&mut without),
        difference_ms: q(2),
        // σ ≈ IQR / 1.349 for a normal spread, and a median's standard error is
        // 1.2533 σ / √n.
        noise_ms: 2.0 * 1.2533 * (q(3) - q(1)) / 1.349 / (diffs.len() as f64).sqrt(),
        rounds: diffs.len(),
    }
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// `scene` without its drawings (every image left out), as a game without art draws.
pub fn without_art(scene: &Scene) -> Scene {
    let mut bare = scene.clone();
    bare.items
        .retain(|it| !matches!(it.shape, Shape::Image { .. }));
    bare.art = None;
    bare
}

/// How many images `scene` names.
pub fn images(scene: &Scene) -> usize {
    scene
        .items
        .iter()
        .filter(|it| matches!(it.shape, Shape::Image { .. }))
        .count()
}
