//! The few drawing tools the shared icons are made with, in the games' art style: shapes
//! filled flat, a darker side away from a light falling from the upper left, a light
//! gleam, and one dark outline around the whole (the games' SVGs use the same ink and
//! about the same line weight).
//!
//! An icon is drawn in unit coordinates: (0, 0) the centre of its square, ±1 its edges,
//! y down; a pen may be turned, so a sword is drawn upright and laid on the diagonal.
//! egui fills only convex shapes, so outlines of any other shape are cut into triangles
//! here (ear clipping) and laid on the painter as a mesh; the anti-aliased outline drawn
//! over the edge hides its steps.

use egui::epaint::{CubicBezierShape, Mesh, PathStroke};
use egui::{Color32, Painter, Pos2, Shape, Stroke, pos2};

/// The outline colour of every icon: the ink of the games' drawings.
pub const INK: Color32 = Color32::from_rgb(42, 33, 27);

/// Wood (handles, frames) and bone, which keep their colour whatever the icon's tint.
pub const WOOD: Color32 = Color32::from_rgb(150, 104, 62);
pub const BONE: Color32 = Color32::from_rgb(240, 232, 214);

/// `c` in shadow (the side away from the light).
pub fn shade(c: Color32) -> Color32 {
    let k = |v: u8| (f32::from(v) * 0.68) as u8;
    Color32::from_rgba_unmultiplied(k(c.r()), k(c.g()), k(c.b()), c.a())
}

/// `c` where the light falls on it.
pub fn light(c: Color32) -> Color32 {
    let k = |v: u8| (f32::from(v) + (255.0 - f32::from(v)) * 0.55) as u8;
    Color32::from_rgba_unmultiplied(k(c.r()), k(c.g()), k(c.b()), c.a())
}

/// A point in unit coordinates.
pub type P = (f32, f32);

#[derive(Clone, Copy)]
pub struct Pen<'a> {
    pub p: &'a Painter,
    c: Pos2,
    /// Half the icon's side, in points.
    pub r: f32,
    /// The outline's width, in points.
    pub w: f32,
    /// Large enough for small details (gleams, speckles, facet lines).
    pub detail: bool,
    turn: f32,
}

impl<'a> Pen<'a> {
    pub fn new(p: &'a Painter, c: Pos2, size: f32) -> Pen<'a> {
        Pen {
            p,
            c,
            r: size / 2.0,
            w: (size * 0.06).max(1.0),
            detail: size >= 18.0,
            turn: 0.0,
        }
    }

    /// The same pen, its drawing turned by `angle` radians (clockwise on screen).
    pub fn turned(self, angle: f32) -> Pen<'a> {
        Pen {
            turn: self.turn + angle,
            ..self
        }
    }

    /// A pen for a part drawn around `c` at `k` times the size (the outline keeps its
    /// weight).
    pub fn scaled_at(self, c: P, k: f32) -> Pen<'a> {
        Pen {
            c: self.at(c),
            r: self.r * k,
            ..self
        }
    }

    pub fn at(&self, (x, y): P) -> Pos2 {
        let (s, k) = self.turn.sin_cos();
        pos2(
            self.c.x + (x * k - y * s) * self.r,
            self.c.y + (x * s + y * k) * self.r,
        )
    }

    pub fn pts(&self, unit: &[P]) -> Vec<Pos2> {
        unit.iter().map(|&u| self.at(u)).collect()
    }

    /// Fills a simple polygon (convex or not) with no outline.
    pub fn fill(&self, poly: &[Pos2], color: Color32) {
        if poly.len() < 3 {
            return;
        }
        let mut mesh = Mesh::default();
        for &q in poly {
            mesh.colored_vertex(q, color);
        }
        for [a, b, c] in triangulate(poly) {
            mesh.add_triangle(a, b, c);
        }
        self.p.add(Shape::mesh(mesh));
    }

    pub fn outline(&self, poly: &[Pos2]) {
        self.p.add(Shape::closed_line(poly.to_vec(), self.ink()));
    }

    /// The icon's outline stroke.
    pub fn ink(&self) -> Stroke {
        Stroke::new(self.w, INK)
    }

    /// A filled shape with its outline.
    pub fn shape(&self, poly: &[Pos2], color: Color32) {
        self.fill(poly, color);
        self.outline(poly);
    }

    /// A body lit from the upper left: the shape in shadow, the same shape drawn a little
    /// smaller towards the light in `color` over it, then the outline.
    pub fn body(&self, poly: &[Pos2], color: Color32) {
        self.fill(poly, shade(color));
        self.fill(&lit_part(poly), color);
        self.outline(poly);
    }

    /// An open line in `color`, `width` points wide.
    pub fn line(&self, pts: &[Pos2], width: f32, color: Color32) {
        self.p
            .add(Shape::line(pts.to_vec(), Stroke::new(width, color)));
    }

    /// A thick bar (a handle, a shackle, a key's shaft) with its outline: the outline's
    /// colour laid first, a little wider, then the bar.
    pub fn bar(&self, pts: &[Pos2], width: f32, color: Color32) {
        self.line(pts, width + 2.0 * self.w, INK);
        self.line(pts, width, color);
    }

    /// A soft light gleam along `pts` (only at sizes with room for it).
    pub fn gleam(&self, pts: &[Pos2]) {
        if self.detail {
            let white = Color32::from_rgba_unmultiplied(255, 255, 255, 150);
            self.p
                .add(Shape::line(pts.to_vec(), PathStroke::new(self.w, white)));
        }
    }

    pub fn disc(&self, c: P, rad: f32, color: Color32) {
        self.body(&self.ellipse(c, rad, rad), color);
    }

    /// The outline of an ellipse of unit radii `rx`, `ry` around `c` (turned with the pen).
    pub fn ellipse(&self, c: P, rx: f32, ry: f32) -> Vec<Pos2> {
        let n = ((self.r * rx.max(ry)) as usize).clamp(12, 48);
        (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                self.at((c.0 + rx * a.cos(), c.1 + ry * a.sin()))
            })
            .collect()
    }

    /// A path from `start` through cubic Bézier segments `(control, control, end)`.
    pub fn curves(&self, start: P, segs: &[(P, P, P)]) -> Vec<Pos2> {
        let mut out = vec![self.at(start)];
        let mut from = start;
        for &(a, b, to) in segs {
            let bez = CubicBezierShape::from_points_stroke(
                [self.at(from), self.at(a), self.at(b), self.at(to)],
                false,
                Color32::TRANSPARENT,
                Stroke::NONE,
            );
            let flat = bez.flatten(Some(0.1 / self.r.max(1.0)));
            out.extend(flat.into_iter().skip(1));
            from = to;
        }
        out
    }
}

/// The part of `poly` the light reaches: the shape drawn smaller, about a point between
/// its centre and its upper-left corner, so a rim of shadow shows along the lower right.
fn lit_part(poly: &[Pos2]) -> Vec<Pos2> {
    let (mut lo, mut hi) = (poly[0], poly[0]);
    for q in poly {
        lo = lo.min(*q);
        hi = hi.max(*q);
    }
    let mid = lo + (hi - lo) * 0.5;
    let anchor = mid - (hi - lo) * 0.18;
    poly.iter().map(|&q| anchor + (q - anchor) * 0.86).collect()
}

/// Triangles (as vertex indices) covering the simple polygon `poly`, by ear clipping.
/// A polygon that defeats it (self-crossing) falls back to a fan, which is right for
/// every convex one.
pub fn triangulate(poly: &[Pos2]) -> Vec<[u32; 3]> {
    let n = poly.len();
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let cross =
        |a: Pos2, b: Pos2, c: Pos2| ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) * sign;
    let mut left: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n.saturating_sub(2));
    let mut misses = 0;
    let mut i = 0;
    while left.len() > 3 {
        let m = left.len();
        let (ia, ib, ic) = (left[(i + m - 1) % m], left[i % m], left[(i + 1) % m]);
        let (a, b, c) = (poly[ia], poly[ib], poly[ic]);
        let convex = cross(a, b, c) > 0.0;
        let empty = convex
            && left.iter().all(|&j| {
                j == ia
                    || j == ib
                    || j == ic
                    || !(cross(a, b, poly[j]) >= 0.0
                        && cross(b, c, poly[j]) >= 0.0
                        && cross(c, a, poly[j]) >= 0.0)
            });
        if empty {
            out.push([ia as u32, ib as u32, ic as u32]);
            left.remove(i % m);
            misses = 0;
        } else {
            i += 1;
            misses += 1;
            if misses > m {
                // Degenerate: fan what is left.
                for k in 1..left.len() - 1 {
                    out.push([left[0] as u32, left[k] as u32, left[k + 1] as u32]);
                }
                return out;
            }
        }
        i %= left.len().max(1);
    }
    if left.len() == 3 {
        out.push([left[0] as u32, left[1] as u32, left[2] as u32]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(poly: &[Pos2], tris: &[[u32; 3]]) -> f32 {
        tris.iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| poly[i as usize]);
                ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).abs() / 2.0
            })
            .sum()
    }

    #[test]
    fn a_concave_outline_is_covered_exactly_once() {
        // An L shape of area 3, listed both ways round.
        let l = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ];
        let mut poly: Vec<Pos2> = l.iter().map(|&(x, y)| pos2(x, y)).collect();
        for _ in 0..2 {
            let tris = triangulate(&poly);
            assert_eq!(tris.len(), 4);
            assert!((area(&poly, &tris) - 3.0).abs() < 1e-4);
            poly.reverse();
        }
    }

    #[test]
    fn shades_keep_the_hue_and_order() {
        let c = Color32::from_rgb(200, 100, 50);
        let (s, l) = (shade(c), light(c));
        assert!(s.r() < c.r() && s.g() < c.g() && s.b() < c.b());
        assert!(l.r() > c.r() && l.g() > c.g() && l.b() > c.b());
        assert!(s.r() > s.g() && s.g() > s.b());
    }
}
