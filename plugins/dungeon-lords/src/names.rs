//! How the game names things in words everywhere (labels, log, both tables): an
//! adventurer tile, a grid square, a building round's season. The bottom of the crate's
//! text: it depends on the data only.

use crate::data::adv;

/// "warrior (4 HP)": the class and the printed hit points tell a party's tiles apart.
pub fn adv_name(id: u8) -> String {
    let a = adv(id);
    format!("{} ({} HP)", a.name.to_lowercase(), a.hp)
}

/// Square name in the grid: columns A–E from the left, rows 1–4 from the surface.
pub fn square_name(sq: u8) -> String {
    let col = (b'A' + sq % 5) as char;
    format!("{col}{}", sq / 5 + 1)
}

/// The season of building round `r` (1–4).
pub fn season(r: u8) -> &'static str {
    ["winter", "spring", "summer", "fall"][(r.clamp(1, 4) - 1) as usize]
}
