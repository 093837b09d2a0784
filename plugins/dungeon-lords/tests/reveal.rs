//! The orders' reveal, position by position: when the last lord confirms, the first
//! orders of every lord (from the start player) take their spaces, then the second, then
//! the third. The log tells it in that order and the board marks each minion with the
//! position of the order that sent it.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_dungeon_lords::Phase;
use tavern_plugin_dungeon_lords::action::Action;
use tavern_plugin_dungeon_lords::orders::Minion;
use tavern_plugin_dungeon_lords::year::Stage;

#[test]
fn four_lords_reveal_one_position_at_a_time() {
    let (mut g, _) = drawn_game(4, 3);
    assert_eq!(g.phase, Phase::Build(Stage::Orders));
    // Get Food (0), Reputation (1) and Dig Tunnels (2) for everyone, in different orders,
    // so that the third orders find their places full.
    for l in 0..4 {
        g.fm().inacc[l] = vec![6, 7];
    }
    let chosen: [[u8; 3]; 4] = [[2, 0, 1], [0, 2, 1], [1, 0, 2], [2, 1, 0]];
    let mut log = String::new();
    for (l, places) in chosen.iter().enumerate() {
        for &p in places {
            act(&mut g, l, Action::Order { place: p });
        }
        log = act(&mut g, l, Action::Confirm);
    }
    // Where each minion must go, found by filling spaces I–III position by position.
    let start = g.start;
    let mut want: [[Option<usize>; 3]; 3] = [[None; 3]; 3];
    let mut expect_lines = Vec::new();
    for (pos, nth) in ["1st order", "2nd order", "3rd order"].iter().enumerate() {
        for k in 0..4 {
            let l = (start + k) % 4;
            let p = chosen[l][pos] as usize;
            let name = &g.lords[l].name;
            match want[p].iter().position(|m| m.is_none()) {
                Some(i) => {
                    want[p][i] = Some(l);
                    expect_lines.push(format!("{nth}: {name} sends a minion to"));
                }
                None => expect_lines.push(format!("{nth}: {name} reveals")),
            }
        }
    }
    for (p, want_row) in want.iter().enumerate() {
        let row: Vec<Option<usize>> = g.f().board.spaces[p]
            .iter()
            .map(|m| match m {
                Some(Minion::Seat(w)) => Some(*w),
                _ => None,
            })
            .collect();
        assert_eq!(row, want_row.to_vec(), "place {p}");
    }
    // The log lists the reveal in the same order, one position after another.
    let lines: Vec<&str> = log.lines().filter(|l| l.contains(" order: ")).collect();
    assert_eq!(lines.len(), 12, "{log}");
    for (line, want) in lines.iter().zip(&expect_lines) {
        assert!(line.starts_with(want.as_str()), "{line} / {want}\n{log}");
    }
    // Every minion on the board shows the position of the order that sent it.
    for v in 0..4 {
        let scene = g.view(Some(v)).scene;
        for (p, want_row) in want.iter().enumerate() {
            for w in want_row.iter().flatten() {
                let pos = chosen[*w].iter().position(|&c| c as usize == p).unwrap();
                // The badge's id lies under its space's ("place:P/space:I/revealed:W").
                let id = format!("/revealed:{w}");
                let badge = scene
                    .items
                    .iter()
                    .find(|i| {
                        i.id.as_deref().is_some_and(|x| {
                            x.starts_with(&format!("place:{p}/space:")) && x.ends_with(id.as_str())
                        })
                    })
                    .unwrap_or_else(|| panic!("no badge {id} on place {p}"));
                let tip = badge.tooltip.as_deref().unwrap();
                assert!(
                    tip.ends_with(&format!("revealed in position {}", pos + 1)),
                    "{tip}"
                );
                let Shape::Circle { center, .. } = &badge.shape else {
                    panic!("badge is a disc");
                };
                let numeral = scene.items.iter().any(|i| {
                    matches!(&i.shape, Shape::Text { pos: at, text, .. }
                        if text == &(pos + 1).to_string()
                            && (at.x - center.x).abs() < 1.0
                            && (at.y - center.y).abs() < 1.0)
                });
                assert!(numeral, "badge {id} reads {}", pos + 1);
            }
        }
    }
}
