//! The shared icon set, the same in every game, drawn as vector shapes in the games' art
//! style (`pen`): a flat colour with a shaded side and a gleam, one dark outline, and a
//! silhouette of its own for every icon, recognisable at the 14 points of the log.
//!
//! Drawn by code rather than shipped as SVG: an icon takes whatever colour the game gives
//! it (a player's, a resource's), and the shades are worked out from that colour, which a
//! multiplied texture could not do (it darkens the gleam with the rest); and an icon is
//! drawn at every size from the log's 14 points to an enlarged area's double size, often
//! while it grows, with no texture to rasterise, upload and keep per size.

use egui::{Color32, FontId, Painter, Pos2, Shape, Stroke, vec2};
use tavern_plugin_api::scene::Icon;

mod die;
mod pen;

pub use die::{DieFace, paint_die};

use pen::{BONE, INK, P, Pen, WOOD, light, shade};

/// How light a colour looks (0 black .. 1 white), to pick text or pips that read on it.
/// Here, below the scene painter, so icons and the painter both use it one way.
pub fn luminance(c: Color32) -> f32 {
    (0.299 * c.r() as f32 + 0.587 * c.g() as f32 + 0.114 * c.b() as f32) / 255.0
}

/// Every icon of the set, in the order of its declaration (the icon sheet example and
/// the tests walk it).
pub const ALL_ICONS: [Icon; 27] = [
    Icon::Coin,
    Icon::Food,
    Icon::Gold,
    Icon::Gem,
    Icon::Crystal,
    Icon::Pearl,
    Icon::Egg,
    Icon::Scroll,
    Icon::Key,
    Icon::Wand,
    Icon::Lantern,
    Icon::Hammer,
    Icon::Quill,
    Icon::Bed,
    Icon::Star,
    Icon::Skull,
    Icon::Heart,
    Icon::Shield,
    Icon::Sword,
    Icon::Crown,
    Icon::Dragon,
    Icon::Worker,
    Icon::Card,
    Icon::Die,
    Icon::Hidden,
    Icon::Lock,
    Icon::Unknown,
];

/// Paints `icon` centred at `c` within a square of side `size` (screen points), its
/// main part in `fill`. Every icon has a shape of its own, so none is told from another
/// by its colour alone.
pub fn paint_icon(p: &Painter, c: Pos2, size: f32, icon: Icon, fill: Color32) {
    let pen = Pen::new(p, c, size);
    match icon {
        Icon::Coin => coin(pen, fill),
        Icon::Gold => gold(pen, fill),
        Icon::Food => food(pen, fill),
        Icon::Gem => gem(pen, fill),
        Icon::Crystal => crystal(pen, fill),
        Icon::Pearl => pearl(pen, fill),
        Icon::Egg => egg(pen, fill),
        Icon::Scroll => scroll(pen, fill),
        Icon::Key => key(pen, fill),
        Icon::Wand => wand(pen, fill),
        Icon::Lantern => lantern(pen, fill),
        Icon::Hammer => hammer(pen, fill),
        Icon::Quill => quill(pen, fill),
        Icon::Bed => bed(pen, fill),
        Icon::Star => star(pen, (0.0, 0.05), 0.95, fill),
        Icon::Skull => skull(pen, fill),
        Icon::Heart => heart(pen, fill),
        Icon::Shield => shield(pen, fill),
        Icon::Sword => sword(pen, fill),
        Icon::Crown => crown(pen, fill),
        Icon::Dragon => dragon(pen, fill),
        Icon::Worker => worker(pen, fill),
        Icon::Card => card(pen, fill),
        Icon::Die => die(pen, fill),
        Icon::Hidden => hidden(pen, fill),
        Icon::Lock => lock(pen, fill),
        Icon::Unknown => unknown_badge(p, c, size / 2.0),
    }
}

/// One coin seen face on: a rim, a raised ring and a gleam.
fn coin(pen: Pen, fill: Color32) {
    pen.disc((0.0, 0.0), 0.88, fill);
    let ring = pen.ellipse((0.0, 0.0), 0.58, 0.58);
    pen.p
        .add(Shape::closed_line(ring, Stroke::new(pen.w, shade(fill))));
    if pen.detail {
        // A stamped star in the middle.
        let mark = star_points(&pen, (0.0, 0.0), 0.34);
        pen.fill(&mark, shade(fill));
    }
    pen.gleam(&pen.curves(
        (-0.62, -0.3),
        &[((-0.55, -0.55), (-0.35, -0.68), (-0.1, -0.72))],
    ));
}

/// A stack of three coins seen from the side: wealth rather than one coin.
fn gold(pen: Pen, fill: Color32) {
    for (i, y) in [0.5f32, 0.12, -0.26].into_iter().enumerate() {
        let (rx, ry, h) = (0.82, 0.3, 0.22);
        // The coin's edge: the lower half of its bottom face and the upper of its top.
        let mut edge = Vec::new();
        for k in 0..=16 {
            let a = k as f32 / 16.0 * std::f32::consts::PI;
            edge.push(pen.at((rx * a.cos(), y + h + ry * a.sin())));
        }
        for k in 0..=16 {
            let a = std::f32::consts::PI + k as f32 / 16.0 * std::f32::consts::PI;
            edge.push(pen.at((rx * a.cos(), y + ry * a.sin())));
        }
        pen.shape(&edge, shade(fill));
        let top = pen.ellipse((0.0, y), rx, ry);
        pen.shape(&top, if i == 2 { light(fill) } else { fill });
    }
    let ring = pen.ellipse((0.0, -0.26), 0.48, 0.16);
    pen.p.add(Shape::closed_line(
        ring,
        Stroke::new(pen.w * 0.8, shade(fill)),
    ));
}

/// A leg of roast meat on its bone.
fn food(pen: Pen, fill: Color32) {
    let pen = pen.turned(-0.6);
    // The bone first, its knuckle sticking out of the meat.
    pen.bar(&pen.pts(&[(0.0, 0.2), (0.0, 0.82)]), pen.r * 0.24, BONE);
    for dx in [-0.13f32, 0.13] {
        let knob = pen.ellipse((dx, 0.86), 0.15, 0.15);
        pen.shape(&knob, BONE);
    }
    pen.line(&pen.pts(&[(0.0, 0.3), (0.0, 0.8)]), pen.r * 0.24, BONE);
    let meat = pen.curves(
        (0.0, -0.92),
        &[
            ((0.55, -0.92), (0.66, -0.3), (0.5, 0.05)),
            ((0.38, 0.3), (0.2, 0.38), (0.0, 0.4)),
            ((-0.2, 0.38), (-0.38, 0.3), (-0.5, 0.05)),
            ((-0.66, -0.3), (-0.55, -0.92), (0.0, -0.92)),
        ],
    );
    pen.body(&meat, fill);
    pen.gleam(&pen.curves(
        (-0.35, -0.1),
        &[((-0.4, -0.45), (-0.25, -0.7), (-0.05, -0.75))],
    ));
}

/// A cut stone: a flat table on top, a pointed base, facets.
fn gem(pen: Pen, fill: Color32) {
    let girdle = -0.28;
    let outline = pen.pts(&[
        (-0.9, girdle),
        (-0.52, -0.74),
        (0.52, -0.74),
        (0.9, girdle),
        (0.0, 0.9),
    ]);
    pen.fill(&outline, fill);
    // The lower right facets in shadow, the crown's left facet in the light.
    pen.fill(
        &pen.pts(&[(0.0, girdle), (0.9, girdle), (0.0, 0.9)]),
        shade(fill),
    );
    pen.fill(
        &pen.pts(&[(-0.9, girdle), (-0.52, -0.74), (-0.24, girdle)]),
        light(fill),
    );
    if pen.detail {
        let facet = Stroke::new(pen.w * 0.6, INK.gamma_multiply(0.7));
        for (a, b) in [
            ((-0.9, girdle), (0.9, girdle)),
            ((-0.52, -0.74), (-0.24, girdle)),
            ((0.52, -0.74), (0.24, girdle)),
            ((-0.24, girdle), (0.0, 0.9)),
            ((0.24, girdle), (0.0, 0.9)),
            ((-0.24, girdle), (0.0, -0.74)),
            ((0.24, girdle), (0.0, -0.74)),
        ] {
            pen.p.line_segment([pen.at(a), pen.at(b)], facet);
        }
    }
    pen.outline(&outline);
}

/// A cluster of two six-sided crystals, tall and pointed.
fn crystal(pen: Pen, fill: Color32) {
    let prism = |pen: Pen| {
        let outline = pen.pts(&[
            (0.0, -0.95),
            (0.34, -0.55),
            (0.3, 0.85),
            (-0.3, 0.85),
            (-0.34, -0.55),
        ]);
        pen.fill(&outline, fill);
        pen.fill(
            &pen.pts(&[
                (0.0, -0.95),
                (0.34, -0.55),
                (0.3, 0.85),
                (0.08, 0.85),
                (0.1, -0.5),
            ]),
            shade(fill),
        );
        pen.fill(
            &pen.pts(&[
                (0.0, -0.95),
                (-0.1, -0.5),
                (-0.16, 0.6),
                (-0.3, 0.6),
                (-0.34, -0.55),
            ]),
            light(fill),
        );
        pen.outline(&outline);
    };
    prism(pen.scaled_at((0.42, 0.28), 0.6).turned(0.45));
    prism(pen.scaled_at((-0.12, 0.0), 1.0));
}

/// A pearl: a sphere with a bright spot.
fn pearl(pen: Pen, fill: Color32) {
    pen.disc((0.0, 0.05), 0.8, fill);
    let spot = pen.ellipse((-0.3, -0.28), 0.2, 0.15);
    pen.fill(&spot, Color32::WHITE);
    pen.gleam(&pen.curves((0.55, 0.2), &[((0.5, 0.5), (0.25, 0.66), (-0.05, 0.68))]));
}

/// An egg: narrower at the top, speckled.
fn egg(pen: Pen, fill: Color32) {
    let shell = pen.curves(
        (0.0, -0.92),
        &[
            ((0.45, -0.92), (0.72, -0.1), (0.66, 0.3)),
            ((0.6, 0.7), (0.3, 0.9), (0.0, 0.9)),
            ((-0.3, 0.9), (-0.6, 0.7), (-0.66, 0.3)),
            ((-0.72, -0.1), (-0.45, -0.92), (0.0, -0.92)),
        ],
    );
    pen.body(&shell, fill);
    if pen.detail {
        for (x, y, s) in [
            (0.2, -0.3, 0.08),
            (-0.15, 0.25, 0.06),
            (0.35, 0.4, 0.07),
            (0.05, 0.0, 0.05),
        ] {
            let dot = pen.ellipse((x, y), s, s * 0.8);
            pen.fill(&dot, shade(fill));
        }
    }
    pen.gleam(&pen.curves(
        (-0.45, 0.0),
        &[((-0.45, -0.35), (-0.3, -0.62), (-0.1, -0.72))],
    ));
}

/// A sheet of parchment between two rolls, with lines of writing.
fn scroll(pen: Pen, fill: Color32) {
    let sheet = pen.pts(&[(-0.6, -0.62), (0.6, -0.62), (0.6, 0.62), (-0.6, 0.62)]);
    pen.body(&sheet, fill);
    if pen.detail {
        for (i, y) in [-0.3f32, -0.05, 0.2, 0.42].into_iter().enumerate() {
            let end = if i == 3 { 0.1 } else { 0.4 };
            pen.line(&pen.pts(&[(-0.4, y), (end, y)]), pen.w * 0.7, shade(fill));
        }
    }
    for y in [-0.68f32, 0.68] {
        let roll = pen.curves(
            (-0.78, y - 0.16),
            &[
                ((-0.2, y - 0.16), (0.2, y - 0.16), (0.78, y - 0.16)),
                ((0.9, y - 0.16), (0.9, y + 0.16), (0.78, y + 0.16)),
                ((0.2, y + 0.16), (-0.2, y + 0.16), (-0.78, y + 0.16)),
                ((-0.9, y + 0.16), (-0.9, y - 0.16), (-0.78, y - 0.16)),
            ],
        );
        pen.body(&roll, light(fill));
    }
}

/// An old key: a ring bow, a shaft and a toothed bit.
fn key(pen: Pen, fill: Color32) {
    let pen = pen.turned(-0.5);
    let (bow, rad) = ((-0.52, 0.0), 0.3);
    let bar = pen.r * 0.2;
    let shaft = pen.pts(&[(-0.22, 0.0), (0.92, 0.0)]);
    let teeth = [
        pen.pts(&[(0.6, 0.0), (0.6, 0.36)]),
        pen.pts(&[(0.82, 0.0), (0.82, 0.3)]),
    ];
    let ring = pen.ellipse(bow, rad, rad);
    // Outlines of every part first, then the metal over them, so the parts join.
    pen.p.add(Shape::closed_line(
        ring.clone(),
        Stroke::new(bar + 2.0 * pen.w, INK),
    ));
    pen.line(&shaft, bar + 2.0 * pen.w, INK);
    for t in &teeth {
        pen.line(t, bar + 2.0 * pen.w, INK);
    }
    pen.p.add(Shape::closed_line(ring, Stroke::new(bar, fill)));
    pen.line(&shaft, bar, fill);
    for t in &teeth {
        pen.line(t, bar, shade(fill));
    }
    pen.gleam(&pen.pts(&[(-0.1, -0.02), (0.45, -0.02)]));
}

/// A wand of dark wood with a star at its tip.
fn wand(pen: Pen, fill: Color32) {
    pen.bar(&pen.pts(&[(-0.75, 0.75), (0.2, -0.2)]), pen.r * 0.16, WOOD);
    pen.line(&pen.pts(&[(0.08, -0.08), (0.2, -0.2)]), pen.r * 0.16, BONE);
    star(pen, (0.42, -0.42), 0.5, fill);
    if pen.detail {
        for (x, y, s) in [(-0.2, -0.55, 0.14), (0.7, 0.15, 0.12)] {
            sparkle(pen, (x, y), s, light(fill));
        }
    }
}

/// A four-pointed glint.
fn sparkle(pen: Pen, (x, y): P, s: f32, color: Color32) {
    let pts = pen.pts(&[
        (x, y - s),
        (x + s * 0.25, y - s * 0.25),
        (x + s, y),
        (x + s * 0.25, y + s * 0.25),
        (x, y + s),
        (x - s * 0.25, y + s * 0.25),
        (x - s, y),
        (x - s * 0.25, y - s * 0.25),
    ]);
    pen.shape(&pts, color);
}

/// A lantern: a handle, a cap, a glass with a flame in it, a base.
fn lantern(pen: Pen, fill: Color32) {
    let handle = pen.curves(
        (-0.28, -0.62),
        &[((-0.28, -1.0), (0.28, -1.0), (0.28, -0.62))],
    );
    pen.line(&handle, pen.w * 1.6, INK);
    let glass = pen.pts(&[(-0.42, -0.5), (0.42, -0.5), (0.5, 0.66), (-0.5, 0.66)]);
    pen.body(&glass, fill);
    let flame = pen.curves(
        (0.0, -0.3),
        &[
            ((0.25, -0.05), (0.24, 0.3), (0.0, 0.4)),
            ((-0.24, 0.3), (-0.25, -0.05), (0.0, -0.3)),
        ],
    );
    pen.fill(&flame, Color32::from_rgb(240, 138, 58));
    if pen.detail {
        let core = pen.ellipse((0.0, 0.18), 0.08, 0.14);
        pen.fill(&core, Color32::from_rgb(255, 240, 180));
        for x in [-0.2f32, 0.2] {
            pen.p.line_segment(
                [pen.at((x, -0.5)), pen.at((x * 1.15, 0.66))],
                Stroke::new(pen.w * 0.7, INK),
            );
        }
    }
    pen.shape(
        &pen.pts(&[(-0.55, -0.5), (0.55, -0.5), (0.38, -0.72), (-0.38, -0.72)]),
        WOOD,
    );
    pen.shape(
        &pen.pts(&[(-0.66, 0.66), (0.66, 0.66), (0.66, 0.88), (-0.66, 0.88)]),
        WOOD,
    );
}

/// A hammer: a wooden handle and a metal head.
fn hammer(pen: Pen, fill: Color32) {
    let pen = pen.turned(std::f32::consts::FRAC_PI_4);
    pen.bar(&pen.pts(&[(0.0, -0.35), (0.0, 0.95)]), pen.r * 0.22, WOOD);
    let head = pen.pts(&[(-0.7, -0.78), (0.62, -0.78), (0.7, -0.3), (-0.7, -0.3)]);
    pen.body(&head, fill);
    pen.line(
        &pen.pts(&[(0.3, -0.72), (0.3, -0.36)]),
        pen.w * 0.7,
        shade(fill),
    );
}

/// A feather quill with a dark nib.
fn quill(pen: Pen, fill: Color32) {
    let vane = pen.curves(
        (-0.55, 0.6),
        &[
            ((-0.75, 0.0), (-0.1, -0.75), (0.8, -0.92)),
            ((0.62, -0.15), (0.05, 0.45), (-0.42, 0.7)),
        ],
    );
    pen.fill(&vane, fill);
    // The far half of the vane in shadow, beyond the shaft.
    let far = pen.curves(
        (-0.55, 0.62),
        &[
            ((-0.1, 0.2), (0.35, -0.45), (0.8, -0.92)),
            ((0.62, -0.15), (0.05, 0.45), (-0.42, 0.7)),
        ],
    );
    pen.fill(&far, shade(fill));
    pen.outline(&vane);
    let shaft = pen.curves((-0.85, 0.92), &[((-0.3, 0.35), (0.3, -0.4), (0.8, -0.92))]);
    pen.line(&shaft, pen.w, INK);
    if pen.detail {
        for (a, b) in [((-0.35, -0.05), (-0.2, 0.2)), ((0.0, -0.45), (0.12, -0.2))] {
            pen.line(&pen.pts(&[a, b]), pen.w * 0.7, INK);
        }
    }
    pen.bar(&pen.pts(&[(-0.88, 0.95), (-0.7, 0.76)]), pen.r * 0.1, INK);
}

/// A bed from the side: a tall headboard, a low footboard, a pillow, and a blanket
/// in `fill`.
fn bed(pen: Pen, fill: Color32) {
    let board = |x0: f32, x1: f32, top: f32| {
        pen.curves(
            (x0, 0.78),
            &[
                ((x0, 0.3), (x0, top + 0.1), (x0, top + 0.1)),
                ((x0, top - 0.02), (x1, top - 0.02), (x1, top + 0.1)),
                ((x1, 0.3), (x1, 0.78), (x1, 0.78)),
            ],
        )
    };
    pen.body(&board(-0.94, -0.7, -0.62), WOOD);
    pen.body(&board(0.7, 0.94, -0.14), WOOD);
    pen.body(
        &pen.pts(&[(-0.7, 0.14), (0.7, 0.14), (0.7, 0.46), (-0.7, 0.46)]),
        WOOD,
    );
    pen.shape(
        &pen.pts(&[(-0.7, -0.08), (0.7, -0.08), (0.7, 0.14), (-0.7, 0.14)]),
        BONE,
    );
    let pillow = pen.ellipse((-0.46, -0.16), 0.22, 0.13);
    pen.body(&pillow, BONE);
    let blanket = pen.curves(
        (-0.2, 0.22),
        &[
            ((-0.26, -0.05), (-0.2, -0.26), (0.05, -0.26)),
            ((0.3, -0.26), (0.5, -0.26), (0.7, -0.26)),
            ((0.7, 0.0), (0.7, 0.1), (0.7, 0.22)),
        ],
    );
    pen.body(&blanket, fill);
}

fn star_points(pen: &Pen, (x, y): P, rad: f32) -> Vec<Pos2> {
    (0..10)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / 10.0;
            let k = if i % 2 == 0 { rad } else { rad * 0.42 };
            pen.at((x + k * a.cos(), y + k * a.sin()))
        })
        .collect()
}

/// A five-pointed star, bevelled: each point's facet towards the light bright, the other
/// in shadow.
fn star(pen: Pen, c: P, rad: f32, fill: Color32) {
    let pts = star_points(&pen, c, rad);
    let mid = pen.at(c);
    if pen.detail {
        for i in 0..10 {
            let (a, b) = (pts[i], pts[(i + 1) % 10]);
            let centre = (a + b.to_vec2()) * 0.5;
            let towards = (centre - mid).normalized();
            // Light from the upper left: facets facing it are bright.
            let lit = towards.x * -0.7 + towards.y * -0.7;
            let color = if lit > 0.2 {
                light(fill)
            } else if lit > -0.35 {
                fill
            } else {
                shade(fill)
            };
            pen.p
                .add(Shape::convex_polygon(vec![mid, a, b], color, Stroke::NONE));
        }
    } else {
        pen.fill(&pts, fill);
    }
    pen.outline(&pts);
}

/// A skull: a round cranium, a narrower jaw with teeth, dark eyes and nose.
fn skull(pen: Pen, fill: Color32) {
    let head = pen.curves(
        (-0.36, 0.85),
        &[
            ((-0.38, 0.6), (-0.42, 0.5), (-0.55, 0.38)),
            ((-0.95, 0.0), (-0.85, -0.88), (0.0, -0.88)),
            ((0.85, -0.88), (0.95, 0.0), (0.55, 0.38)),
            ((0.42, 0.5), (0.38, 0.6), (0.36, 0.85)),
            ((0.1, 0.9), (-0.1, 0.9), (-0.36, 0.85)),
        ],
    );
    pen.body(&head, fill);
    for x in [-0.32f32, 0.32] {
        let eye = pen.curves(
            (x - 0.2, -0.05),
            &[
                ((x - 0.2, -0.3), (x + 0.2, -0.3), (x + 0.2, -0.05)),
                ((x + 0.2, 0.15), (x - 0.2, 0.15), (x - 0.2, -0.05)),
            ],
        );
        pen.fill(&eye, INK);
    }
    pen.shape(&pen.pts(&[(0.0, 0.18), (0.1, 0.36), (-0.1, 0.36)]), INK);
    if pen.detail {
        for x in [-0.14f32, 0.0, 0.14] {
            pen.line(&pen.pts(&[(x, 0.6), (x, 0.86)]), pen.w * 0.7, INK);
        }
    }
    pen.gleam(&pen.curves(
        (-0.6, -0.3),
        &[((-0.6, -0.55), (-0.45, -0.7), (-0.2, -0.74))],
    ));
}

/// A heart with two round lobes.
fn heart(pen: Pen, fill: Color32) {
    let outline = pen.curves(
        (0.0, 0.88),
        &[
            ((-0.45, 0.5), (-0.95, 0.15), (-0.9, -0.3)),
            ((-0.85, -0.8), (-0.2, -0.9), (0.0, -0.45)),
            ((0.2, -0.9), (0.85, -0.8), (0.9, -0.3)),
            ((0.95, 0.15), (0.45, 0.5), (0.0, 0.88)),
        ],
    );
    pen.body(&outline, fill);
    pen.gleam(&pen.curves(
        (-0.62, -0.2),
        &[((-0.65, -0.45), (-0.5, -0.6), (-0.3, -0.6))],
    ));
}

/// A heater shield, its right half in shadow, a boss in the middle.
fn shield(pen: Pen, fill: Color32) {
    let outline = pen.curves(
        (-0.8, -0.82),
        &[
            ((-0.3, -0.72), (0.3, -0.72), (0.8, -0.82)),
            ((0.85, -0.1), (0.6, 0.55), (0.0, 0.92)),
            ((-0.6, 0.55), (-0.85, -0.1), (-0.8, -0.82)),
        ],
    );
    pen.fill(&outline, fill);
    let right = pen.curves(
        (0.0, -0.76),
        &[
            ((0.3, -0.75), (0.55, -0.78), (0.8, -0.82)),
            ((0.85, -0.1), (0.6, 0.55), (0.0, 0.92)),
        ],
    );
    pen.fill(&right, shade(fill));
    if pen.detail {
        pen.line(
            &pen.pts(&[(0.0, -0.76), (0.0, 0.92)]),
            pen.w * 0.7,
            INK.gamma_multiply(0.6),
        );
        pen.disc((0.0, -0.05), 0.17, light(fill));
    }
    pen.outline(&outline);
    pen.gleam(&pen.curves(
        (-0.62, -0.62),
        &[((-0.64, -0.1), (-0.5, 0.25), (-0.3, 0.5))],
    ));
}

/// A sword with a fuller, a crossguard and a pommel, laid on the diagonal.
fn sword(pen: Pen, fill: Color32) {
    let pen = pen.turned(std::f32::consts::FRAC_PI_4);
    pen.bar(&pen.pts(&[(0.0, 0.5), (0.0, 0.82)]), pen.r * 0.16, WOOD);
    let blade = pen.pts(&[
        (-0.15, 0.38),
        (-0.15, -0.7),
        (0.0, -0.98),
        (0.15, -0.7),
        (0.15, 0.38),
    ]);
    pen.fill(&blade, fill);
    pen.fill(
        &pen.pts(&[(0.0, 0.38), (0.0, -0.98), (0.15, -0.7), (0.15, 0.38)]),
        shade(fill),
    );
    pen.outline(&blade);
    if pen.detail {
        pen.line(
            &pen.pts(&[(0.0, 0.3), (0.0, -0.6)]),
            pen.w * 0.7,
            INK.gamma_multiply(0.6),
        );
    }
    pen.shape(
        &pen.pts(&[(-0.45, 0.36), (0.45, 0.36), (0.45, 0.52), (-0.45, 0.52)]),
        Color32::from_rgb(196, 150, 60),
    );
    pen.disc((0.0, 0.9), 0.13, Color32::from_rgb(196, 150, 60));
}

/// A crown: a band with three points, a ball on each and a jewel.
fn crown(pen: Pen, fill: Color32) {
    let outline = pen.pts(&[
        (-0.8, 0.72),
        (0.8, 0.72),
        (0.86, -0.45),
        (0.42, 0.0),
        (0.0, -0.62),
        (-0.42, 0.0),
        (-0.86, -0.45),
    ]);
    pen.body(&outline, fill);
    pen.fill(
        &pen.pts(&[(-0.8, 0.38), (0.8, 0.38), (0.8, 0.72), (-0.8, 0.72)]),
        shade(fill),
    );
    pen.line(&pen.pts(&[(-0.8, 0.38), (0.8, 0.38)]), pen.w * 0.8, INK);
    pen.outline(&outline);
    for (x, y) in [(-0.86, -0.52), (0.0, -0.7), (0.86, -0.52)] {
        pen.disc((x, y), 0.12, light(fill));
    }
    if pen.detail {
        pen.disc((0.0, 0.55), 0.1, Color32::from_rgb(200, 40, 60));
    }
}

/// A dragon's head in profile: swept-back horns, a spiked frill, a slit eye, an open
/// jaw with teeth.
fn dragon(pen: Pen, fill: Color32) {
    pen.shape(
        &pen.pts(&[(-0.6, -0.3), (-0.3, -0.36), (-0.98, -0.7)]),
        shade(BONE),
    );
    pen.shape(
        &pen.pts(&[(-0.4, -0.34), (0.04, -0.42), (-0.66, -0.96)]),
        BONE,
    );
    let head = pen.pts(&[
        (-0.62, 0.95),
        (-0.76, 0.52),
        (-0.98, 0.4),
        (-0.72, 0.24),
        (-0.96, 0.02),
        (-0.64, -0.1),
        (-0.8, -0.36),
        (-0.42, -0.34),
        (-0.08, -0.4),
        (0.14, -0.36),
        (0.56, -0.22),
        (0.88, -0.14),
        (0.96, 0.04),
        (0.26, 0.16),
        (0.82, 0.3),
        (0.72, 0.44),
        (0.12, 0.46),
        (-0.12, 0.62),
        (-0.18, 0.95),
    ]);
    pen.body(&head, fill);
    if pen.detail {
        for (x, w) in [(0.62, 0.06), (0.42, 0.05)] {
            let tooth = pen.pts(&[(x - w, 0.08), (x, 0.2), (x + w, 0.07)]);
            pen.shape(&tooth, BONE);
        }
        pen.p.circle_filled(pen.at((0.78, -0.06)), pen.w * 0.9, INK);
    }
    let eye = pen.ellipse((0.04, -0.2), 0.14, 0.1);
    pen.shape(&eye, Color32::from_rgb(250, 214, 70));
    pen.line(&pen.pts(&[(0.04, -0.29), (0.04, -0.11)]), pen.w, INK);
    pen.line(&pen.pts(&[(-0.14, -0.33), (0.24, -0.3)]), pen.w, INK);
}

/// A worker: the familiar figure with a round head and outstretched arms.
fn worker(pen: Pen, fill: Color32) {
    let body = pen.pts(&[
        (-0.26, -0.3),
        (-0.82, -0.08),
        (-0.78, 0.14),
        (-0.34, 0.12),
        (-0.66, 0.88),
        (-0.16, 0.88),
        (0.0, 0.5),
        (0.16, 0.88),
        (0.66, 0.88),
        (0.34, 0.12),
        (0.78, 0.14),
        (0.82, -0.08),
        (0.26, -0.3),
    ]);
    pen.body(&body, fill);
    pen.disc((0.0, -0.58), 0.32, fill);
}

/// A card (another fanned behind it), its face framed with a diamond.
fn card(pen: Pen, fill: Color32) {
    let back = pen.turned(-0.25);
    let rect = |pen: &Pen| pen.pts(&[(-0.48, -0.72), (0.48, -0.72), (0.48, 0.72), (-0.48, 0.72)]);
    back.shape(&rect(&back), shade(fill));
    let front = pen.turned(0.12);
    front.body(&rect(&front), fill);
    if pen.detail {
        let frame = front.pts(&[(-0.34, -0.58), (0.34, -0.58), (0.34, 0.58), (-0.34, 0.58)]);
        pen.p.add(Shape::closed_line(
            frame,
            Stroke::new(pen.w * 0.6, shade(fill)),
        ));
    }
    front.shape(
        &front.pts(&[(0.0, -0.28), (0.2, 0.0), (0.0, 0.28), (-0.2, 0.0)]),
        shade(fill),
    );
}

/// A six-sided die showing three.
fn die(pen: Pen, fill: Color32) {
    let face = pen.curves(
        (-0.6, -0.8),
        &[
            ((-0.2, -0.8), (0.2, -0.8), (0.6, -0.8)),
            ((0.8, -0.8), (0.8, -0.8), (0.8, -0.6)),
            ((0.8, -0.2), (0.8, 0.2), (0.8, 0.6)),
            ((0.8, 0.8), (0.8, 0.8), (0.6, 0.8)),
            ((0.2, 0.8), (-0.2, 0.8), (-0.6, 0.8)),
            ((-0.8, 0.8), (-0.8, 0.8), (-0.8, 0.6)),
            ((-0.8, 0.2), (-0.8, -0.2), (-0.8, -0.6)),
            ((-0.8, -0.8), (-0.8, -0.8), (-0.6, -0.8)),
        ],
    );
    pen.body(&face, fill);
    let pip = if luminance(fill) > 0.45 {
        INK
    } else {
        Color32::WHITE
    };
    for (x, y) in [(-0.4, -0.4), (0.0, 0.0), (0.4, 0.4)] {
        pen.p.circle_filled(pen.at((x, y)), pen.r * 0.13, pip);
    }
}

/// Something face down: a bevelled token with a question mark.
fn hidden(pen: Pen, fill: Color32) {
    pen.disc((0.0, 0.0), 0.9, fill);
    let inner = pen.ellipse((0.0, 0.0), 0.66, 0.66);
    pen.p.add(Shape::closed_line(
        inner,
        Stroke::new(pen.w * 0.8, shade(fill)),
    ));
    let text = if luminance(fill) > 0.55 {
        INK
    } else {
        Color32::WHITE
    };
    pen.p.text(
        pen.at((0.0, 0.04)),
        egui::Align2::CENTER_CENTER,
        "?",
        FontId::proportional((pen.r * 1.25).max(9.0)),
        text,
    );
}

/// A padlock: a steel shackle over a body with a keyhole.
fn lock(pen: Pen, fill: Color32) {
    let shackle = pen.curves(
        (-0.42, -0.05),
        &[((-0.42, -0.95), (0.42, -0.95), (0.42, -0.05))],
    );
    pen.bar(&shackle, pen.r * 0.2, Color32::from_rgb(176, 178, 188));
    let body = pen.pts(&[(-0.68, -0.12), (0.68, -0.12), (0.68, 0.86), (-0.68, 0.86)]);
    pen.body(&body, fill);
    pen.p.circle_filled(pen.at((0.0, 0.28)), pen.r * 0.15, INK);
    pen.fill(
        &pen.pts(&[(-0.07, 0.3), (0.07, 0.3), (0.12, 0.64), (-0.12, 0.64)]),
        INK,
    );
}

/// An icon from a newer plugin: a dashed square with a question mark, unlike any icon
/// of the set (the "hidden" icon is a round badge).
pub fn unknown_badge(p: &Painter, c: Pos2, r: f32) {
    let sq = egui::Rect::from_center_size(c, vec2(r * 1.6, r * 1.6));
    p.rect_filled(sq, 2.0, Color32::from_rgba_unmultiplied(255, 255, 255, 60));
    let corners = [
        sq.left_top(),
        sq.right_top(),
        sq.right_bottom(),
        sq.left_bottom(),
        sq.left_top(),
    ];
    p.add(Shape::dashed_line(
        &corners,
        Stroke::new((r / 8.0).max(1.0), INK),
        (r * 0.3).max(2.0),
        (r * 0.2).max(2.0),
    ));
    p.text(
        c,
        egui::Align2::CENTER_CENTER,
        "?",
        FontId::proportional((r * 1.1).max(9.0)),
        INK,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    /// How many shapes `icon` paints at `size` around (100, 100), and their bounds
    /// (text aside).
    fn painted(icon: Icon, size: f32) -> (usize, egui::Rect) {
        let ctx = egui::Context::default();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            paint_icon(
                ui.painter(),
                pos2(100.0, 100.0),
                size,
                icon,
                Color32::from_rgb(0, 114, 178),
            );
        });
        let bounds = out
            .shapes
            .iter()
            .filter(|s| !matches!(s.shape, Shape::Text(_)))
            .fold(egui::Rect::NOTHING, |b, s| {
                b.union(s.shape.visual_bounding_rect())
            });
        let n = out.shapes.len();
        // Tessellating must cope with every shape too.
        let _ = ctx.tessellate(out.shapes, 1.0);
        (n, bounds)
    }

    #[test]
    fn every_icon_draws_inside_its_square_at_every_size() {
        for icon in ALL_ICONS {
            for size in [14.0f32, 28.0, 64.0] {
                let (n, b) = painted(icon, size);
                assert!(n > 0, "{icon:?} at {size} painted nothing");
                // The outline may stand out by half its width and the anti-aliasing.
                let slack = (size * 0.06).max(1.0) + 1.5;
                let square = egui::Rect::from_center_size(pos2(100.0, 100.0), vec2(size, size))
                    .expand(slack);
                assert!(
                    square.contains_rect(b),
                    "{icon:?} at {size}: {b:?} outside {square:?}"
                );
                // And fills a fair part of it: a recognisable silhouette, not a speck.
                assert!(
                    b.width() >= size * 0.6 || b.height() >= size * 0.6,
                    "{icon:?} at {size}: only {b:?}"
                );
            }
        }
    }

    #[test]
    fn the_list_of_icons_is_complete() {
        // Exhaustive: an icon added to plugin-api stops this compiling until it is in
        // the list (and drawn: `paint_icon`'s match is exhaustive too).
        let place = |i: Icon| match i {
            Icon::Coin => 0,
            Icon::Food => 1,
            Icon::Gold => 2,
            Icon::Gem => 3,
            Icon::Crystal => 4,
            Icon::Pearl => 5,
            Icon::Egg => 6,
            Icon::Scroll => 7,
            Icon::Key => 8,
            Icon::Wand => 9,
            Icon::Lantern => 10,
            Icon::Hammer => 11,
            Icon::Quill => 12,
            Icon::Bed => 13,
            Icon::Star => 14,
            Icon::Skull => 15,
            Icon::Heart => 16,
            Icon::Shield => 17,
            Icon::Sword => 18,
            Icon::Crown => 19,
            Icon::Dragon => 20,
            Icon::Worker => 21,
            Icon::Card => 22,
            Icon::Die => 23,
            Icon::Hidden => 24,
            Icon::Lock => 25,
            Icon::Unknown => 26,
        };
        for (k, &icon) in ALL_ICONS.iter().enumerate() {
            assert_eq!(place(icon), k, "{icon:?}");
        }
    }
}
