//! Final scores checked against a scorer written here from the rulebook's "End of
//! Game" sections alone (it shares no code with the game's scoring), over random games
//! of every kind, and end-of-game scenarios whose scores are worked out by hand.

mod board;

use tavern_plugin_api::game::check::{random_game, scaled};
use tavern_plugin_api::{Game, GameRng, Outcome, Setup, ToAct};
use tavern_plugin_keydoms::ghost::GhostCard;
use tavern_plugin_keydoms::state::{Action, Cursor};
use tavern_plugin_keydoms::{Keydoms, Stage};

/// Artefact kinds as the rulebook lists them; the scroll is the one that breaks ties.
const SCROLL: usize = 4;

/// One player or ghost as the rulebook scores it.
#[derive(Debug, PartialEq)]
struct Scored {
    total: i64,
    scrolls: u8,
}

/// The rulebook's count. A player: "the number of artefacts they have" (the starting
/// wand is an artefact too). A ghost: its artefacts, plus 1, 2, 3, … for 1–2, 3–4, 5–6,
/// … unresolved spell cards. Its unresolved spells are those still in its deck and the
/// face-down ones it gained this round (they would join the deck at the round's end),
/// plus any spell it earned that the deck had not yet handed over.
fn rulebook_scores(g: &Keydoms) -> Vec<Scored> {
    let mut out: Vec<Scored> = g
        .players
        .iter()
        .map(|p| Scored {
            total: p.artefacts.iter().map(|&a| a as i64).sum(),
            scrolls: p.artefacts[SCROLL],
        })
        .collect();
    let mut cards_left = g.m.deck.len() + g.m.discard.len();
    for (i, gh) in g.ghosts.iter().enumerate() {
        let in_deck = gh
            .deck
            .iter()
            .filter(|c| matches!(c, GhostCard::Spell(_)))
            .count();
        let owed = (g.gp.owed.get(i).copied().unwrap_or(0) as usize).min(cards_left);
        cards_left -= owed;
        let unresolved = in_deck + gh.gained.len() + owed;
        let mut extra = 0;
        let mut counted = 0;
        while counted < unresolved {
            extra += 1;
            counted += 2;
        }
        out.push(Scored {
            total: gh.artefacts.iter().map(|&a| a as i64).sum::<i64>() + extra,
            scrolls: gh.artefacts[SCROLL],
        });
    }
    out
}

/// Everybody at the table, best first: most artefacts, then most scrolls, then the
/// order of play from the start player clockwise (ghosts sit after the players).
fn rulebook_order(g: &Keydoms) -> Vec<usize> {
    let scores = rulebook_scores(g);
    let t = scores.len();
    let mut order: Vec<usize> = (0..t).collect();
    order.sort_by(|&a, &b| {
        let seat_pos = |p: usize| (p + t - g.start) % t;
        scores[b]
            .total
            .cmp(&scores[a].total)
            .then(scores[b].scrolls.cmp(&scores[a].scrolls))
            .then(seat_pos(a).cmp(&seat_pos(b)))
    });
    order
}

/// The game's outcome in the same shape: totals and places of players then ghosts.
fn reported(o: &Outcome) -> (Vec<i64>, Vec<usize>) {
    let totals = o
        .scores
        .iter()
        .map(|s| s.total)
        .chain(o.others.iter().map(|x| x.score.total))
        .collect();
    let ranks = o
        .rank
        .iter()
        .copied()
        .chain(o.others.iter().map(|x| x.rank))
        .collect();
    (totals, ranks)
}

fn check_against_rulebook(g: &Keydoms, o: &Outcome, what: &str) {
    let (totals, ranks) = reported(o);
    let mine: Vec<i64> = rulebook_scores(g).iter().map(|s| s.total).collect();
    assert_eq!(totals, mine, "{what}: totals");
    for (place, &p) in rulebook_order(g).iter().enumerate() {
        assert_eq!(ranks[p], place, "{what}: place of participant {p}");
    }
}

#[test]
fn random_games_score_as_the_rulebook_says() {
    type Options = &'static [(&'static str, &'static str)];
    let setups: [(usize, &str, Options); 10] = [
        (3, "0", &[]),
        (4, "0", &[("variant", "muggles")]),
        (5, "0", &[("foreknown", "yes")]),
        (6, "0", &[]),
        (1, "auto", &[]),
        (1, "auto", &[("ghost_spells", "2")]),
        (2, "auto", &[]),
        (2, "2", &[("ghost_artefacts", "2")]),
        (3, "1", &[]),
        (4, "2", &[]),
    ];
    let mut ties = 0;
    let mut ghost_spell_points = 0;
    for (i, (humans, ghosts, extra)) in setups.iter().enumerate() {
        let mut setup = Setup::players(*humans);
        setup.options.insert("ghosts".into(), (*ghosts).into());
        for (k, v) in *extra {
            setup.options.insert((*k).into(), (*v).into());
        }
        for seed in 0..scaled(40) as u64 {
            let r = random_game::<Keydoms>(&setup, seed * 31 + i as u64, 30_000, |_| {});
            let what = format!("{humans}p ghosts {ghosts} {extra:?} seed {seed}");
            check_against_rulebook(&r.final_state, &r.outcome, &what);
            let s = rulebook_scores(&r.final_state);
            let best = s.iter().map(|x| x.total).max().unwrap();
            if s.iter().filter(|x| x.total == best).count() > 1 {
                ties += 1;
            }
            ghost_spell_points += r
                .final_state
                .ghosts
                .iter()
                .filter(|gh| gh.deck.iter().any(|c| matches!(c, GhostCard::Spell(_))))
                .count();
        }
    }
    // The tie-breaks and the ghosts' spell points must actually have been exercised.
    assert!(ties > 0, "no tie for first in any game");
    assert!(
        ghost_spell_points > 0,
        "no ghost ended with spells in its deck"
    );
}

// ----- end-of-game scenarios ----------------------------------------------------------

fn setup(humans: usize, ghosts: &str, variant: &str) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    s.options.insert("variant".into(), variant.into());
    s
}

/// A game played by chance steps and first choices up to its first placement.
fn at_placement(s: &Setup) -> Keydoms {
    let mut g = Keydoms::new(s).unwrap();
    let mut rng = GameRng::new(11);
    while g.stage != Stage::Placing {
        match g.to_act() {
            ToAct::Chance => {
                let a = g.sample_chance(&mut rng);
                board::apply(&mut g, None, &a).unwrap();
            }
            ToAct::Seats(v) => {
                let a = g.legal_actions(v[0])[0].clone();
                board::apply(&mut g, Some(v[0]), &a).unwrap();
            }
            ToAct::Over => unreachable!(),
        }
    }
    g
}

/// Clears the board and the castle but for one `kind` artefact on offer in room K.
fn last_artefact(g: &mut Keydoms, kind: u8) {
    for p in &mut g.players {
        for w in &mut p.workers {
            w.loc = None;
        }
    }
    for gh in &mut g.ghosts {
        for w in &mut gh.workers {
            w.loc = None;
        }
    }
    for c in 0..5 {
        for l in 0..4 {
            let goods = g.take_ledge(c, l);
            for (t, v) in goods.into_iter().enumerate() {
                g.treasury[t] += v;
            }
        }
    }
    g.stacks = Default::default();
    g.stacks[0] = vec![kind];
    g.top_up = [true; 6];
}

fn resolve(g: &mut Keydoms) {
    g.stage = Stage::Resolving;
    g.pending = None;
    g.cursor = Cursor::default();
    board::run(g);
}

#[test]
fn three_players_end_when_the_last_artefact_is_bought() {
    // Muggles, three players, start player seat 1. Before the last purchase:
    //   seat 0: wand + key + mirror          = 3 artefacts, no scroll
    //   seat 1: wand + scroll + raven        = 3 artefacts, 1 scroll
    //   seat 2: wand + amulet + key + mirror = 4 artefacts
    // Seat 0 buys the last artefact, a scroll (its 9 in room K, 9 gold paid): 4 with a
    // scroll. Seats 0 and 2 tie at 4; seat 0 has more scrolls and wins, seat 2 second,
    // seat 1 third with 3.
    let mut g = at_placement(&setup(3, "0", "muggles"));
    last_artefact(&mut g, SCROLL as u8);
    g.start = 1;
    g.players[0].artefacts = [0, 1, 1, 0, 0, 1];
    g.players[1].artefacts = [0, 0, 0, 1, 1, 1];
    g.players[2].artefacts = [1, 1, 1, 0, 0, 1];
    let w = g.players[0]
        .workers
        .iter_mut()
        .find(|w| w.strength == 9)
        .unwrap();
    w.loc = Some(tavern_plugin_keydoms::data::ROOM_K);
    let w = g.players[0]
        .workers
        .iter_mut()
        .find(|w| w.strength == 8)
        .unwrap();
    w.loc = Some(tavern_plugin_keydoms::data::GUARD);
    let held: u8 = g.players[0].treasure.iter().sum();
    for t in 0..5 {
        g.treasury[t] += g.players[0].treasure[t];
    }
    g.players[0].treasure = [0, 0, 0, 0, 9];
    g.treasury[4] -= 9;
    assert!(held <= 9);
    g.guard = Some(1);
    resolve(&mut g);
    board::apply(&mut g, Some(0), &Action::PayWorker { treasure: 4 }).unwrap();
    assert_eq!(
        g.stage,
        Stage::Over,
        "the last artefact ends the game at once"
    );
    let o = g.outcome().unwrap();
    let (totals, ranks) = reported(&o);
    assert_eq!(totals, vec![4, 3, 4]);
    assert_eq!(ranks, vec![0, 2, 1]);
    check_against_rulebook(&g, &o, "three players");
}

#[test]
fn solo_ghost_scores_its_unresolved_spells() {
    // Solo against two ghosts, start player seat 0 (a ghost never starts).
    //   you:        wand + key + mirror + raven      = 4
    //   dark ghost: wand + amulet = 2, and 3 spells in its deck (3 -> 2 points) = 4
    //   light ghost: wand + scroll = 2, and 1 spell gained this round (1 -> 1) = 3
    // The dark ghost takes the last artefact (a mirror) for free: 3 artefacts + 2 = 5.
    // Places: dark ghost 5 first, you with 4 second, the light ghost with 3 third.
    let mut g = at_placement(&setup(1, "auto", "standard"));
    last_artefact(&mut g, 2);
    g.players[0].artefacts = [0, 1, 1, 1, 0, 1];
    g.ghosts[0].artefacts = [1, 0, 0, 0, 0, 1];
    g.ghosts[0].deck = vec![
        GhostCard::Spell(11),
        GhostCard::Action(3),
        GhostCard::Spell(12),
        GhostCard::Spell(13),
    ];
    g.ghosts[1].artefacts = [0, 0, 0, 0, 1, 1];
    g.ghosts[1].deck.clear();
    g.ghosts[1].gained = vec![14];
    for sp in [11, 12, 13, 14] {
        g.m.deck.retain(|&x| x != sp);
        g.m.discard.retain(|&x| x != sp);
    }
    g.m.windows.clear();
    g.m.passed = vec![true];
    g.gp.started = vec![true, true];
    g.ghosts[0].workers[0].loc = Some(tavern_plugin_keydoms::data::ROOM_K);
    resolve(&mut g);
    assert_eq!(g.stage, Stage::Over);
    let o = g.outcome().unwrap();
    let (totals, ranks) = reported(&o);
    assert_eq!(totals, vec![4, 5, 3]);
    assert_eq!(ranks, vec![1, 0, 2]);
    check_against_rulebook(&g, &o, "solo");
}

#[test]
fn a_ghost_and_a_player_tied_go_by_scrolls_then_seat_order() {
    // Two players and a ghost, ghost start player (it won the stables). All on 4:
    //   seat 0: wand + key + mirror + raven, no scroll
    //   seat 1: wand + key + amulet + raven, no scroll
    //   ghost:  wand + amulet + key + mirror, no scroll, no spells
    // Without scrolls, order of play from the start player decides: the ghost (start),
    // then seat 0, then seat 1.
    let mut g = at_placement(&setup(2, "auto", "standard"));
    last_artefact(&mut g, 0);
    g.stacks = Default::default();
    g.players[0].artefacts = [0, 1, 1, 1, 0, 1];
    g.players[1].artefacts = [1, 1, 0, 1, 0, 1];
    g.ghosts[0].artefacts = [1, 1, 1, 0, 0, 1];
    g.ghosts[0]
        .deck
        .retain(|c| matches!(c, GhostCard::Action(_)));
    g.ghosts[0].gained.clear();
    g.start = 2;
    g.stage = Stage::Over;
    let o = g.outcome().unwrap();
    let (totals, ranks) = reported(&o);
    assert_eq!(totals, vec![4, 4, 4]);
    assert_eq!(ranks, vec![1, 2, 0]);
    check_against_rulebook(&g, &o, "ghost tie");
    // The end table names who tied, on what, and who won by which rule.
    assert_eq!(
        o.tie_break.as_deref(),
        Some(
            "Player 1, Player 2 and Dark ghost tied on 4 artefacts and 0 scrolls; Dark ghost \
             wins, nearest the start player (clockwise)"
        )
    );
    // A scroll for seat 1 puts it first on the same count.
    g.players[1].artefacts = [1, 1, 0, 0, 1, 1];
    let o = g.outcome().unwrap();
    assert_eq!(reported(&o).1, vec![2, 0, 1]);
    check_against_rulebook(&g, &o, "ghost tie, scroll");
    assert_eq!(
        o.tie_break.as_deref(),
        Some(
            "Player 1, Player 2 and Dark ghost tied on 4 artefacts; Player 2 wins with the most scrolls (1)"
        )
    );
}

#[test]
fn the_end_table_counts_each_kind_of_artefact() {
    let mut g = at_placement(&setup(3, "0", "standard"));
    last_artefact(&mut g, 0);
    g.stacks = Default::default();
    g.players[0].artefacts = [2, 0, 1, 0, 1, 1];
    g.players[1].artefacts = [0, 1, 0, 0, 2, 1];
    g.players[2].artefacts = [0, 0, 0, 1, 0, 1];
    g.stage = Stage::Over;
    let o = g.outcome().unwrap();
    let lines: Vec<(&str, i64)> = o.scores[0]
        .breakdown
        .iter()
        .map(|l| (l.label.as_str(), l.points))
        .collect();
    assert_eq!(
        lines,
        vec![
            ("Amulets", 2),
            ("Keys", 0),
            ("Mirrors", 1),
            ("Ravens", 0),
            ("Scrolls (they break a tie)", 1),
            ("Wands (each player starts with one)", 1),
        ]
    );
    assert_eq!(o.scores[1].breakdown[4].points, 2, "seat 1's scrolls");
    assert_eq!(
        o.scores.iter().map(|s| s.total).collect::<Vec<_>>(),
        vec![5, 4, 2]
    );
}
