//! The magic tests' table: a standard game laid out in a known order at its first
//! placement, and the moves, gifts and window passes those tests make on it.

use tavern_plugin_api::{Game, Setup, ToAct};
use tavern_plugin_keydoms::data::{MARKET, WAND};
use tavern_plugin_keydoms::magic::WinKind;
use tavern_plugin_keydoms::state::{Action, Cursor};
use tavern_plugin_keydoms::{Keydoms, Pending, Stage};

use crate::board;

pub const CROWN: u8 = 0;
pub const PEARL: u8 = 1;
pub const GOBLET: u8 = 2;
pub const GEM: u8 = 3;
pub const GOLD: u8 = 4;
pub const COTTAGE: u8 = 7;

/// A magic game after setup: spell deck in order (21 on top), identity artefact order,
/// every player holding a crown, a pearl and a goblet, caves empty, placement pending.
pub fn table(n: usize, guard: u8) -> Keydoms {
    let mut s = Setup::players(n);
    s.options.insert("variant".into(), "standard".into());
    let mut g = Keydoms::new(&s).unwrap();
    // These scenarios walk a spell or an artefact through every window in turn, as
    // 0.2.0's flow asked every seat with a use left (still the flow of 0.2.0 saves);
    // the effects are the same in both flows, and tests/asked.rs covers which windows
    // stop for whom today.
    g.rules_0_2 = true;
    board::in_order(&mut g);
    board::start_round(&mut g, guard);
    board::first_treasures(&mut g);
    board::clear_caves(&mut g);
    // Everyone lets the window before the first placement turn go by.
    pass_all(&mut g);
    assert_eq!(g.pending, Some(Pending::Place { seat: 0 }));
    g
}

/// Lets any open window go by, then `s` places a worker.
pub fn place(g: &mut Keydoms, s: usize, strength: u8, loc: u8) {
    pass_all(g);
    act(g, s, Action::Place { strength, loc });
}

pub fn chance(g: &mut Keydoms, a: Action) {
    board::apply(g, None, &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

pub fn act(g: &mut Keydoms, s: usize, a: Action) {
    board::apply(g, Some(s), &a).unwrap_or_else(|e| panic!("seat {s} {a:?}: {e}"));
}

pub fn seat(g: &Keydoms) -> usize {
    match g.to_act() {
        ToAct::Seats(s) => s[0],
        other => panic!("no seat to act: {other:?}"),
    }
}

pub fn give(g: &mut Keydoms, s: usize, t: u8, v: u8) {
    g.treasury[t as usize] -= v;
    g.players[s].treasure[t as usize] += v;
}

pub fn put(g: &mut Keydoms, s: usize, strength: u8, loc: u8) {
    let seq = g.m.seq;
    g.m.seq += 1;
    let w = g.players[s]
        .workers
        .iter_mut()
        .find(|w| w.strength == strength && w.loc.is_none())
        .expect("worker behind the screen");
    w.loc = Some(loc);
    w.seq = seq;
}

/// Moves a spell from the deck to a hand.
pub fn spell(g: &mut Keydoms, s: usize, sp: u8) {
    let i = g.m.deck.iter().position(|&x| x == sp).unwrap();
    g.m.deck.remove(i);
    g.m.hands[s].push(sp);
}

pub fn resolve(g: &mut Keydoms) {
    g.stage = Stage::Resolving;
    g.pending = None;
    g.cursor = Cursor::default();
    board::run(g);
}

pub fn window(g: &Keydoms) -> Option<WinKind> {
    if g.pending.is_some() {
        return None;
    }
    g.m.windows.last().map(|w| w.kind)
}

/// Everyone passes until the window `kind` is open (or no window is left).
pub fn pass_until(g: &mut Keydoms, kind: WinKind) {
    while let Some(k) = window(g) {
        if k == kind {
            return;
        }
        let s = seat(g);
        act(g, s, Action::Pass);
    }
    panic!("window {kind:?} never opened");
}

/// Everyone passes in the current window (and any that follow) until a decision or
/// another stage comes.
pub fn pass_all(g: &mut Keydoms) {
    while window(g).is_some() {
        let s = seat(g);
        act(g, s, Action::Pass);
    }
}

pub fn wand_then(g: &mut Keydoms, s: usize) {
    assert_eq!(seat(g), s);
    act(g, s, Action::Invoke { artefact: WAND });
}

/// `s`, at its turn, invokes the wand and casts spell `sp`.
pub fn cast(g: &mut Keydoms, s: usize, sp: u8) {
    wand_then(g, s);
    act(g, s, Action::Cast { spell: sp });
}

/// `by` picks the first worker of `seat` at `loc`, for a spell that targets a worker.
pub fn pick_worker(g: &mut Keydoms, by: usize, seat: u8, loc: u8) {
    act(g, by, Action::ChooseWorker { seat, loc, slot: 0 });
}

/// Seat 2 casts Get even (spell 10) on the market, where seat 0 has an 8 and seat 1 a 5,
/// in the market's window (the others letting the window go by before and after the
/// wand): left just after the market is chosen, for the others' passes.
pub fn get_even_on_the_market() -> Keydoms {
    let mut g = table(3, 1);
    spell(&mut g, 2, 10);
    put(&mut g, 0, 8, MARKET);
    put(&mut g, 1, 5, MARKET);
    resolve(&mut g);
    pass_until(&mut g, WinKind::Location(MARKET));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    wand_then(&mut g, 2);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Cast { spell: 10 });
    act(&mut g, 2, Action::ChooseLocation { loc: MARKET });
    g
}
