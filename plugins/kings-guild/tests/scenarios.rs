//! The rulebook's worked examples, step by step.
mod common;

use common::*;
use tavern_plugin_api::Game;
use tavern_plugin_kings_guild::data::{
    Colour, data, quest_named, room, spec_named, treasure_named,
};
use tavern_plugin_kings_guild::model::{Loc, QCard};
use tavern_plugin_kings_guild::{Action, Pending};

fn guild(name: &str) -> u8 {
    data().guilds.iter().position(|g| g.name == name).unwrap() as u8
}

/// The Explorers League gathers three metal and must return one wood to stay within
/// its storage of 5.
#[test]
fn gather_with_discard() {
    let mut g = fresh(3);
    g.players[0].guild = guild("Explorers League");
    give_res(&mut g, 0, WOOD, 1);
    give_res(&mut g, 0, CLOTH, 2);
    act(
        &mut g,
        0,
        Action::Gather {
            take: res(&[(METAL, 3)]),
        },
    );
    assert_eq!(g.players[0].stored(), 6);
    // Only discards are possible now, for this player.
    assert_eq!(g.deciders(), vec![0]);
    let legal = g.legal_actions(0);
    assert!(legal.iter().all(|a| matches!(a, Action::Discard { .. })));
    assert_eq!(legal.len(), 3, "cloth, metal or wood");
    act(&mut g, 0, Action::Discard { res: WOOD as u8 });
    assert_eq!(g.players[0].res, res(&[(CLOTH, 2), (METAL, 3)]));
    assert!(g.legal_actions(0).contains(&Action::EndTurn));
}

/// Greycastle Guard crafts the Cloak (3 coins, a sigil); later Craft Collective crafts
/// the Boots (4 coins), completes the quest, draws both treasures and keeps the yellow;
/// Greycastle Guard takes the quest card and the blue treasure; a new quest comes out.
#[test]
fn shared_quest() {
    let mut g = fresh(2);
    g.players[0].guild = guild("Greycastle Guard");
    g.players[1].guild = guild("Craft Collective");
    let q = quest_named("Explore Bluevein Isle");
    put_quest(&mut g, 2, q);
    give_res(&mut g, 0, CLOTH, 3);
    let coins0 = g.players[0].coins;
    act(&mut g, 0, Action::Craft { slot: 2, items: 1 });
    assert_eq!(g.players[0].coins, coins0 + 3);
    assert_eq!(g.board[2].unwrap().sigil, Some(0));
    assert_eq!(g.free_sigils(0), 1);
    act(&mut g, 0, Action::EndTurn);
    give_res(&mut g, 1, LEATHER, 3);
    give_res(&mut g, 1, METAL, 1);
    let coins1 = g.players[1].coins;
    let next_quest = g.quest_deck.last().copied().unwrap();
    act(&mut g, 1, Action::Craft { slot: 2, items: 2 });
    assert_eq!(g.players[1].coins, coins1 + 4);
    assert_eq!(
        g.players[0].quests,
        vec![q],
        "the first crafter takes the card"
    );
    assert_eq!(g.free_sigils(0), 2, "the sigil went home");
    assert_eq!(
        g.board[2].unwrap().card,
        next_quest,
        "a new quest fills the space"
    );
    let blue = treasure_named("Contract", Colour::Blue);
    let yellow = treasure_named("Bag of Gold", Colour::Yellow);
    let a = draw(&mut g, blue);
    assert!(!a.label.contains("Contract"));
    draw(&mut g, yellow);
    assert_eq!(g.pool.len(), 2);
    assert_eq!(g.deciders(), vec![1]);
    let keep = g.legal_actions(1);
    assert_eq!(keep.len(), 2);
    let applied = act(&mut g, 1, Action::Keep { kind: yellow });
    assert!(applied.text_for(None, Some(0)).contains("Contract"));
    assert!(!applied.label.contains("Contract"));
    assert_eq!(g.players[1].hand, vec![yellow]);
    assert_eq!(g.players[0].hand, vec![blue]);
    assert!(g.players[1].quests.is_empty());
}

/// The Holy Order pays 6 for a Warehouse on a bonus space and gains the resource; then
/// pays 3 for the Oracle, the three specialists to its right get a discount, the one to
/// its left slides over and a new specialist is drawn.
#[test]
fn expand_example() {
    let mut g = fresh(3);
    g.players[0].guild = guild("The Holy Order");
    g.players[0].coins = 9;
    // Board A: metal bonus at row 2, column 1 (cell 4), next to nothing yet; cell 3 has
    // cloth and touches the guild tile.
    g.players[0].board = 0;
    let bonus_cell = 3u8;
    let cloth_before = g.stock[CLOTH];
    act(
        &mut g,
        0,
        Action::Build {
            room: room::WAREHOUSE,
            cell: bonus_cell,
        },
    );
    assert_eq!(g.players[0].coins, 3);
    assert_eq!(g.players[0].res[CLOTH], 1);
    assert_eq!(g.stock[CLOTH], cloth_before - 1);
    // Row, oldest first: three to the Oracle's right, the Lumberjack to its left.
    let oracle = spec_named("Oracle");
    let lumberjack = spec_named("Lumberjack");
    let right = [
        spec_named("Courier"),
        spec_named("Tailor"),
        spec_named("Miner"),
    ];
    g.row = vec![
        (right[0], 0),
        (right[1], 0),
        (right[2], 0),
        (oracle, 0),
        (lumberjack, 0),
    ];
    g.spec_deck
        .retain(|s| ![oracle, lumberjack].contains(s) && !right.contains(s));
    let next = *g.spec_deck.last().unwrap();
    act(
        &mut g,
        0,
        Action::Hire {
            index: 3,
            at: Loc::Outside,
            baggage: None,
        },
    );
    assert_eq!(g.players[0].coins, 0);
    assert_eq!(
        g.row,
        vec![
            (right[0], 1),
            (right[1], 1),
            (right[2], 1),
            (lumberjack, 0),
            (next, 0)
        ]
    );
    // Both parts of the expand are used.
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Build { .. } | Action::Hire { .. }))
    );
}

/// The quest card of a sigil left on the board scores for its owner (no treasure).
#[test]
fn a_half_done_quest_scores_for_the_sigil_owner() {
    let mut g = fresh(2);
    let q = quest_named("Explore Bluevein Isle");
    put_quest(&mut g, 0, q);
    give_res(&mut g, 0, CLOTH, 3);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    assert_eq!(g.scored_quests(0), vec![q]);
    let _ = QCard::Funeral;
    let _ = Pending::Thug { seat: 0 };
}
