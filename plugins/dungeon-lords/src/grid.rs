//! Walking distances in a dungeon: the tile attacked is an unconquered one nearest the
//! entrance, counting steps through the dungeon's own tiles (conquered ones included).

use crate::data::{COLUMNS, SQUARES, data};
use crate::model::{Lord, Tile};

/// Steps from the entrance to each square through orthogonally adjacent tiles; `None`
/// for empty squares and tiles not connected to the entrance.
pub fn distances(grid: &[Option<Tile>; SQUARES]) -> [Option<u8>; SQUARES] {
    let mut dist = [None; SQUARES];
    let start = data().grid.entrance as usize;
    if grid[start].is_none() {
        return dist;
    }
    dist[start] = Some(0);
    let mut queue = vec![start];
    let mut head = 0;
    while head < queue.len() {
        let sq = queue[head];
        head += 1;
        let d = dist[sq].unwrap_or(0);
        for nb in neighbours(sq) {
            if grid[nb].is_some() && dist[nb].is_none() {
                dist[nb] = Some(d + 1);
                queue.push(nb);
            }
        }
    }
    dist
}

pub fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    let c = COLUMNS as usize;
    let (row, col) = (sq / c, sq % c);
    let rows = SQUARES / c;
    [
        (row > 0).then(|| sq - c),
        (row + 1 < rows).then(|| sq + c),
        (col > 0).then(|| sq - 1),
        (col + 1 < c).then(|| sq + 1),
    ]
    .into_iter()
    .flatten()
}

/// The unconquered tiles the party may attack: those nearest the entrance.
pub fn targets(l: &Lord) -> Vec<u8> {
    let dist = distances(&l.grid);
    let open = |sq: usize| l.grid[sq].is_some_and(|t| !t.conquered);
    let best = (0..SQUARES)
        .filter(|&sq| open(sq))
        .filter_map(|sq| dist[sq])
        .min();
    match best {
        None => Vec::new(),
        Some(b) => (0..SQUARES)
            .filter(|&sq| open(sq) && dist[sq] == Some(b))
            .map(|sq| sq as u8)
            .collect(),
    }
}
