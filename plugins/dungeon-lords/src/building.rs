//! Building-year rules on a dungeon (the full game): where a tunnel may be dug, where imps
//! may mine, where a room may go, and the tax a dungeon owes.

use crate::data::{SQUARES, room};
use crate::grid::neighbours;
use crate::model::{Lord, Tile, TileKind};

/// An empty square next to a dug tile, where digging leaves no 2×2 block of tiles.
pub fn can_dig(grid: &[Option<Tile>; SQUARES], square: u8) -> bool {
    let sq = square as usize;
    if grid[sq].is_some() || !neighbours(sq).any(|n| grid[n].is_some()) {
        return false;
    }
    let c = crate::data::COLUMNS as usize;
    let (row, col) = (sq / c, sq % c);
    let rows = SQUARES / c;
    // Every 2×2 block containing the square must keep an empty square.
    for r0 in row.saturating_sub(1)..=row.min(rows - 2) {
        for c0 in col.saturating_sub(1)..=col.min(c - 2) {
            let block = [
                r0 * c + c0,
                r0 * c + c0 + 1,
                (r0 + 1) * c + c0,
                (r0 + 1) * c + c0 + 1,
            ];
            if block.iter().all(|&b| b == sq || grid[b].is_some()) {
                return false;
            }
        }
    }
    true
}

/// Squares a tunnel may be dug on now.
pub fn dig_sites(l: &Lord) -> Vec<u8> {
    (0..SQUARES as u8)
        .filter(|&s| can_dig(&l.grid, s))
        .collect()
}

/// Unconquered tunnels (never rooms), where an imp may mine gold.
pub fn mine_sites(l: &Lord) -> Vec<u8> {
    (0..SQUARES as u8)
        .filter(|&s| l.grid[s as usize].is_some_and(|t| t.kind == TileKind::Tunnel && !t.conquered))
        .collect()
}

/// Unconquered tunnels in the room's zone with no room beside them (corners are fine).
pub fn room_sites(l: &Lord, room_id: u8) -> Vec<u8> {
    let zone = room(room_id).zone;
    (0..SQUARES as u8)
        .filter(|&s| {
            let sq = s as usize;
            l.grid[sq].is_some_and(|t| t.kind == TileKind::Tunnel && !t.conquered)
                && zone.allows(s)
                && !neighbours(sq).any(|n| l.grid[n].is_some_and(|t| t.kind == TileKind::Room))
        })
        .collect()
}

/// Taxes: 1 gold for every 2 tiles, conquered or not, rounded up.
pub fn tax(l: &Lord) -> u8 {
    let tiles = l.grid.iter().flatten().count() as u8;
    tiles.div_ceil(2)
}
