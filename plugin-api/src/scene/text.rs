//! Text measurement shared by plugins and host.

// ---- Text measurement -------------------------------------------------------------
//
// One measurement for plugins and host alike, so a game that sizes a box for its text
// and the host that wraps the text into it agree on every line break. The advances are
// those of the host's proportional font (egui's default), in thousandths of the text
// size, rounded up; a host test fails if they ever fall short of egui's own layout.

/// The smallest size, in points, the host draws text at (at 100 % zoom).
pub const MIN_TEXT_POINTS: f32 = 13.0;

/// The smallest scale (screen points per canvas unit) the host draws a scene at; in a
/// smaller window the table scrolls instead.
pub const MIN_SCALE: f32 = 0.58;

/// The size, in points before the 13-point floor, the host writes a card's title at.
pub const CARD_TITLE_POINTS: f32 = 14.0;

/// The share of a card's width its title may take; a longer title is shrunk to the
/// floor and then cut with an ellipsis. A card shorter than three floors of text shows
/// no title at all (its value wins).
pub const CARD_TITLE_SHARE: f32 = 0.92;

/// The smallest text size, in canvas units, a game should use: on the reference
/// 1600×1000 canvas it reads at about 13 points in a 1280×800 window.
pub const MIN_TEXT_SIZE: f32 = 16.0;

/// The size in canvas units at which the host draws text of `size` where it draws it
/// largest: at [`MIN_SCALE`] the 13-point floor enlarges anything smaller. Lay text out
/// for this size and it fits in every window.
pub fn drawn_size(size: f32) -> f32 {
    size.max(MIN_TEXT_POINTS / MIN_SCALE)
}

/// Distance between the tops of two lines of text of `size`.
pub fn line_height(size: f32) -> f32 {
    size * LINE_EM
}

const LINE_EM: f32 = 1.15;

/// How much wider the host's bold (a second pass a little to the right) makes a line.
const BOLD_EM: f32 = 0.06;

/// Advance of a character the table does not list: wider than any stand-in the host
/// draws for a glyph its fonts lack.
const FALLBACK_ADVANCE: u16 = 1100;

const ASCII: [u16; 95] = [
    228, 274, 392, 653, 564, 831, 648, 240, 310, 310, 472, 564, 246, 282, 246, 359, 564, 564, 564,
    564, 564, 564, 564, 564, 564, 564, 246, 246, 564, 564, 564, 380, 940, 671, 630, 609, 702, 555,
    520, 658, 692, 248, 487, 609, 506, 865, 709, 774, 592, 774, 622, 517, 570, 680, 652, 932, 625,
    601, 560, 310, 359, 310, 564, 490, 376, 509, 583, 460, 583, 548, 376, 573, 569, 237, 246, 497,
    255, 863, 569, 582, 583, 583, 374, 428, 387, 569, 497, 791, 516, 490, 455, 319, 262, 319, 564,
];
const LATIN1: [u16; 96] = [
    228, 274, 564, 564, 564, 564, 262, 482, 376, 826, 386, 452, 564, 0, 826, 376, 318, 564, 359,
    359, 376, 575, 616, 246, 376, 359, 437, 452, 874, 874, 874, 380, 671, 671, 671, 671, 671, 671,
    932, 609, 555, 555, 555, 555, 248, 248, 248, 248, 716, 709, 774, 774, 774, 774, 774, 564, 774,
    680, 680, 680, 680, 601, 593, 596, 509, 509, 509, 509, 509, 509, 854, 460, 548, 548, 548, 548,
    237, 237, 237, 237, 578, 569, 582, 582, 582, 582, 582, 564, 582, 569, 569, 569, 569, 490, 583,
    490,
];
const OTHER: [(char, u16); 26] = [
    ('…', 996),
    ('–', 496),
    ('—', 996),
    ('‘', 230),
    ('’', 230),
    ('“', 392),
    ('”', 392),
    ('•', 360),
    ('−', 564),
    ('€', 564),
    ('→', 846),
    ('⟶', 846),
    ('←', 846),
    ('↑', 564),
    ('↓', 497),
    ('✕', 516),
    ('✖', 516),
    ('●', 472),
    ('◦', 472),
    ('★', 472),
    ('☆', 472),
    ('✓', 1077),
    ('✔', 1077),
    ('≤', 564),
    ('≥', 564),
    ('≠', 564),
];

/// Advance of `c` in thousandths of the text size.
fn advance(c: char) -> u16 {
    let code = c as u32;
    match code {
        32..=126 => ASCII[(code - 32) as usize],
        160..=255 => LATIN1[(code - 160) as usize],
        _ => OTHER
            .iter()
            .find(|(o, _)| *o == c)
            .map_or(FALLBACK_ADVANCE, |(_, a)| *a),
    }
}

/// Width of `text` drawn at `size` (its widest line, if it has several).
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    text.split('\n')
        .map(|line| line_width(line, size, bold))
        .fold(0.0, f32::max)
}

fn line_width(line: &str, size: f32, bold: bool) -> f32 {
    if line.is_empty() {
        return 0.0;
    }
    let units: u32 = line.chars().map(|c| u32::from(advance(c))).sum();
    let w = units as f32 * size / 1000.0;
    if bold { w + BOLD_EM * size } else { w }
}

/// `text` broken into lines no wider than `width` at `size`, the way the host draws a
/// [`Shape::TextBlock`]: explicit line breaks kept, lines broken between words, a word
/// longer than a whole line broken between letters.
pub fn wrap_lines(text: &str, size: f32, width: f32, bold: bool) -> Vec<String> {
    let fits = |s: &str| line_width(s, size, bold) <= width;
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: whole if it fits, else in pieces that do.
            for c in word.chars() {
                line.push(c);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// Height of `text` wrapped to `width` as a [`Shape::TextBlock`] of `size`, where the
/// host draws it largest (at [`drawn_size`]): give the block at least this height.
pub fn text_block_height(text: &str, size: f32, width: f32, bold: bool) -> f32 {
    let size = drawn_size(size);
    wrap_lines(text, size, width, bold).len() as f32 * line_height(size)
}
