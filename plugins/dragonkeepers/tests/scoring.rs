//! Final scores checked against a scorer written here from the rulebook's scoring section
//! alone ("The End of the Game"), sharing nothing with `src/scoring.rs`: the piece values
//! are the rulebook's list, the pearl values are read from the component file itself, and
//! the ranking is worked out here. Plus end-of-game scenarios scored by hand.
mod common;

use common::*;
use serde_json::Value;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{Game, GameRng, Outcome, Setup};
use tavern_plugin_dragonkeepers::data::{Back, Colour};
use tavern_plugin_dragonkeepers::model::Phase;
use tavern_plugin_dragonkeepers::{Action, Dk};

/// The rulebook's amulet pieces: value and count, lowest first. Piece ids count through
/// this list in order.
const RULEBOOK_PIECES: [(i64, usize); 8] = [
    (1, 8),
    (4, 8),
    (6, 5),
    (8, 4),
    (10, 8),
    (12, 4),
    (16, 5),
    (20, 3),
];
/// A golden egg is worth 4; one flipped egg is worth 16 instead.
const EGG: i64 = 4;
const FLIPPED_EGG: i64 = 16;

struct Rulebook {
    piece: Vec<i64>,
    /// Red pearls first, then blue, as in the component file.
    pearl: Vec<i64>,
}

impl Rulebook {
    fn new() -> Rulebook {
        let piece = RULEBOOK_PIECES
            .iter()
            .flat_map(|&(v, k)| std::iter::repeat_n(v, k))
            .collect();
        let file: Value = serde_json::from_str(include_str!(
            "../../../resources/dragonkeepers/components.json"
        ))
        .unwrap();
        let list = |k: &str| -> Vec<i64> {
            file[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        };
        let mut pearl = list("red_pearls");
        pearl.extend(list("blue_pearls"));
        // The rulebook's words on pearls: red ones 8 or 9, blue ones 3 or 4.
        assert!(pearl[..3].iter().all(|v| (8..=9).contains(v)));
        assert!(pearl[3..].iter().all(|v| (3..=4).contains(v)));
        Rulebook { piece, pearl }
    }

    /// Every seat's points: all amulet pieces (complete rings or not), pearls, crest,
    /// 4 per golden egg, and for whoever has the most eggs (all of them if tied) one egg
    /// counts 16 instead of 4.
    fn points(&self, g: &Dk) -> Vec<i64> {
        let most_eggs = g.players.iter().map(|p| p.eggs).max().unwrap();
        g.players
            .iter()
            .map(|p| {
                let pieces: i64 = p.pieces.iter().map(|&i| self.piece[i as usize]).sum();
                let pearls: i64 = p.pearls.iter().map(|&i| self.pearl[i as usize]).sum();
                let crest = p.crest.map_or(0, i64::from);
                let mut eggs = EGG * p.eggs as i64;
                if p.eggs > 0 && p.eggs == most_eggs {
                    eggs += FLIPPED_EGG - EGG;
                }
                pieces + pearls + crest + eggs
            })
            .collect()
    }

    /// Place of each seat (0 = a winner): the seats ahead of it on points, or on equal
    /// points with more dragon cards laid out; equal on both is a shared place.
    fn places(&self, g: &Dk) -> Vec<usize> {
        let pts = self.points(g);
        let laid: Vec<usize> = g
            .players
            .iter()
            .map(|p| p.row.iter().map(|s| s.cards.len()).sum())
            .collect();
        (0..g.n())
            .map(|s| {
                (0..g.n())
                    .filter(|&o| pts[o] > pts[s] || (pts[o] == pts[s] && laid[o] > laid[s]))
                    .count()
            })
            .collect()
    }
}

fn check_against_rulebook(g: &Dk, o: &Outcome) {
    let r = Rulebook::new();
    let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
    assert_eq!(totals, r.points(g));
    assert_eq!(o.rank, r.places(g));
}

#[test]
fn random_games_score_as_the_rulebook_says() {
    let every_item: Vec<(&str, &str)> = vec![
        ("chests", "chosen"),
        ("twilight_flute", "yes"),
        ("dragon_mint", "yes"),
        ("troll_horn", "yes"),
        ("green_ore_hammer", "yes"),
        ("prism_ink", "yes"),
        ("swindle_feather", "yes"),
    ];
    let mut setups: Vec<Setup> = (2..=4)
        .map(|n| setup_with(n, &[("start", "random")]))
        .collect();
    setups.push(setup_with(3, &[("variant", "children")]));
    setups.push(setup_with(4, &every_item));
    let mut flips_shared = 0;
    for s in &setups {
        for seed in 0..scaled(100) as u64 {
            let mut g = Dk::new(s).unwrap();
            let mut rng = GameRng::new(seed);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
            }
            let o = g.outcome().expect("over");
            check_against_rulebook(&g, &o);
            let most = g.players.iter().map(|p| p.eggs).max().unwrap();
            flips_shared += (g.players.iter().filter(|p| p.eggs == most).count() > 1) as usize;
        }
    }
    // The comparison met the cases that are easy to get wrong.
    assert!(flips_shared > 0, "some games had a shared egg flip");
}

/// Moves piece `id` from the supply to `seat`.
fn hand_piece(g: &mut Dk, seat: usize, id: u8) {
    assert!(g.piece_supply & 1 << id != 0, "piece {id} is in the supply");
    g.piece_supply &= !(1 << id);
    g.players[seat].pieces.push(id);
}

fn hand_pearl(g: &mut Dk, seat: usize, id: u8) {
    assert!(g.pearl_supply & 1 << id != 0);
    g.pearl_supply &= !(1 << id);
    g.players[seat].pearls.push(id);
}

fn hand_eggs(g: &mut Dk, seat: usize, k: u8) {
    g.eggs -= k;
    g.players[seat].eggs += k;
}

fn hand_crest(g: &mut Dk, seat: usize, value: u8) {
    let i = g.crests.iter().position(|&c| c == value).unwrap();
    g.players[seat].crest = Some(g.crests.remove(i));
}

/// Two players, the game ended by a play. Piece ids (the rulebook's list in order):
/// 16-20 are 6s, 21-24 8s, 25-32 10s, 33-36 12s, 37-41 16s, 42-44 20s; with two players
/// ids 0-15 (the 1s and 4s) are in the box here. Pearls: ids 0, 1 red 8, id 2 red 9,
/// ids 3-8 blue 3, ids 9-14 blue 4.
///
/// Before the last play: seat 1 has five rings (6+6+6+6+6 + 8+8+8+8 + 10+10+10+10+10 +
/// 12 = 124) with pearls 8, 9, 3, 3, 4 (27), two eggs, no crest. Seat 0 has one ring of
/// 10+10+10 with a red 8 and two 12s, two eggs and the 10 crest: 6 amulets done, 7 end a
/// two-player game. Seat 0 lays out one red dragon for book number 1: lowest piece (the
/// last 12 left below the 16s) and a crystal; the third 12 closes its ring, the pearl is
/// drawn from the blue ones (all red are gone): the test draws id 14, a 4. Seat 1 holds
/// no cards and cannot complete the turn, so the game is over.
///
/// Seat 0: pieces 30 + 24 + 12 = 66, pearls 8 + 4 = 12, crest 10, eggs: both have two,
/// the most, so both flip one: 4 + 16 = 20. Total 66 + 12 + 10 + 20 = 108.
/// Seat 1: pieces 124, pearls 27, eggs 20. Total 171: seat 1 wins, no tie-break.
#[test]
fn scenario_last_play_ends_a_two_player_game() {
    let mut b = fresh(2);
    let g = &mut b.g;
    for id in [16, 17, 18, 19, 20, 21, 22, 23, 24, 28, 29, 30, 31, 32, 36] {
        hand_piece(g, 1, id);
    }
    for id in [1, 2, 3, 4, 9] {
        hand_pearl(g, 1, id);
    }
    for id in [25, 26, 27, 33, 34] {
        hand_piece(g, 0, id);
    }
    hand_pearl(g, 0, 0);
    hand_eggs(g, 0, 2);
    hand_eggs(g, 1, 2);
    hand_crest(g, 0, 10);
    assert_eq!(g.completed_amulets(), 6);
    take_one(&mut b);
    // Seat 0 keeps only the card it plays, seat 1 holds none (cards go to the box).
    for seat in 0..2 {
        let h = std::mem::take(&mut b.g.players[seat].hand);
        b.g.start_pile.extend(h);
    }
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.pearls_due, vec![0]);
    b.chance(Action::DrawPearl { pearl: 14 });
    assert_eq!(b.g.phase, Phase::Turn, "the turn is played out first");
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Over);
    let o = b.g.outcome().expect("over");
    let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![108, 171]);
    assert_eq!(o.rank, vec![1, 0]);
    assert_eq!(o.tie_break, None);
    check_against_rulebook(&b.g, &o);
}

/// Ends a hand-built game: every pearl owed is drawn and the turn is over.
fn over(b: &mut Builder) -> Outcome {
    b.g.phase = Phase::Over;
    b.g.outcome().expect("over")
}

/// Three players tied on points at the top; the one with more dragons laid out wins.
///
/// Seat 0: pieces 20 (id 42) + 16 (id 37) = 36, no ring so no pearl, one egg (4), the 16
/// crest: 56. Five cards laid out.
/// Seat 1: a ring of 20 + 16 + 16 (ids 43, 38, 39) = 52 with a blue 4 pearl (id 9): 56.
/// No eggs, no crest. Seven cards laid out.
/// Seat 2: 6 + 6 (ids 16, 17) = 12, three eggs, the most, one flipped: 4 + 4 + 16 = 24,
/// the 6 crest: 42.
/// Seats 0 and 1 tie on 56; seat 1 has more cards laid out: seat 1 first, seat 0 second,
/// seat 2 third.
#[test]
fn scenario_tie_on_points_goes_to_most_dragons_laid_out() {
    let mut b = fresh(3);
    let g = &mut b.g;
    // With three players ids 0-11 are in the box here.
    for id in [42, 37] {
        hand_piece(g, 0, id);
    }
    hand_eggs(g, 0, 1);
    hand_crest(g, 0, 16);
    lay_stack(g, 0, Colour::Red, 3);
    lay_stack(g, 0, Colour::Blue, 2);
    for id in [43, 38, 39] {
        hand_piece(g, 1, id);
    }
    hand_pearl(g, 1, 9);
    lay_stack(g, 1, Colour::Green, 7);
    for id in [16, 17] {
        hand_piece(g, 2, id);
    }
    hand_eggs(g, 2, 3);
    hand_crest(g, 2, 6);
    lay_stack(g, 2, Colour::White, 1);
    let o = over(&mut b);
    let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![56, 56, 42]);
    assert_eq!(o.rank, vec![1, 0, 2]);
    assert!(o.tie_break.as_ref().unwrap().contains("most dragon cards"));
    check_against_rulebook(&b.g, &o);
}

/// Equal points and equal cards laid out: a shared victory.
///
/// Seat 0: 16 + 16 (ids 40, 41) = 32, one egg; seat 1: 20 + 12 (ids 44, 35) = 32, one
/// egg. One egg each is the most, so both flip: 16 each. 48 and 48, four cards laid out
/// each: both win.
#[test]
fn scenario_full_tie_is_shared() {
    let mut b = fresh(2);
    let g = &mut b.g;
    for id in [40, 41] {
        hand_piece(g, 0, id);
    }
    for id in [44, 35] {
        hand_piece(g, 1, id);
    }
    hand_eggs(g, 0, 1);
    hand_eggs(g, 1, 1);
    lay_stack(g, 0, Colour::Red, 4);
    lay_stack(g, 1, Colour::Red, 2);
    lay_stack(g, 1, Colour::White, 2);
    let o = over(&mut b);
    let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![48, 48]);
    assert_eq!(o.rank, vec![0, 0]);
    assert!(o.tie_break.as_ref().unwrap().contains("shared"));
    check_against_rulebook(&b.g, &o);
}

/// Nobody has an egg: nobody flips one (there is no "most" of nothing). Pieces left
/// unfinished count: seat 0 has 1 + 4 (ids 0 and 8, taken back from the box here) = 5,
/// seat 1 has nothing: 5 and 0.
#[test]
fn scenario_no_eggs_no_flip_and_loose_pieces_count() {
    let mut b = fresh(2);
    let g = &mut b.g;
    g.piece_box &= !(1 | 1 << 8);
    g.piece_supply |= 1 | 1 << 8;
    hand_piece(g, 0, 0);
    hand_piece(g, 0, 8);
    let o = over(&mut b);
    let totals: Vec<i64> = o.scores.iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![5, 0]);
    assert_eq!(o.rank, vec![0, 1]);
    check_against_rulebook(&b.g, &o);
}
