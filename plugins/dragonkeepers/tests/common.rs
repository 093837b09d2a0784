//! Shared helpers for the Dragonkeepers tests.
#![allow(dead_code)]

use tavern_plugin_api::{Game, Setup, game::apply_checked};
use tavern_plugin_dragonkeepers::data::data;
use tavern_plugin_dragonkeepers::{Action, Deck, Dk};

pub fn setup(n: usize) -> Setup {
    Setup::players(n)
}

pub fn setup_with(n: usize, opts: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(n);
    for (k, v) in opts {
        s.options.insert(k.to_string(), v.to_string());
    }
    s
}

/// Conservation checks that must hold after every action.
pub fn invariants(g: &Dk) {
    let d = data();
    let mut all = g.all_cards();
    assert_eq!(all.len(), d.cards.len(), "card count changed");
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), d.cards.len(), "a card is in two places");
    // Amulet pieces: supply + box + owned = 45, each once.
    let mut mask = g.piece_supply;
    assert_eq!(mask & g.piece_box, 0);
    mask |= g.piece_box;
    let mut owned = 0;
    for p in &g.players {
        for &i in &p.pieces {
            assert_eq!(mask & (1 << i), 0, "piece {i} twice");
            mask |= 1 << i;
            owned += 1;
        }
    }
    assert_eq!(
        (g.piece_supply | g.piece_box).count_ones() + owned,
        d.piece_values.len() as u32
    );
    // Pearls.
    let mut pm = g.pearl_supply as u32;
    for p in &g.players {
        for &i in &p.pearls {
            assert_eq!(pm & (1 << i), 0, "pearl twice");
            pm |= 1 << i;
        }
    }
    assert_eq!(pm.count_ones() as usize, d.pearl_values.len());
    // Crystals, eggs, crests.
    let crystals: u32 = g.players.iter().map(|p| p.crystals as u32).sum::<u32>() + g.crystals as u32;
    assert_eq!(crystals, d.crystals as u32);
    let eggs: u32 = g.players.iter().map(|p| p.eggs as u32).sum::<u32>() + g.eggs as u32;
    assert_eq!(eggs, d.golden_eggs as u32);
    let crests = g.players.iter().filter(|p| p.crest.is_some()).count() + g.crests.len();
    let expected = if g.n() == 2 { d.crests.len() - 1 } else { d.crests.len() };
    assert_eq!(crests, expected);
    // Rings: every completed ring has a pearl unless pearls ran out or one is being drawn.
    for (s, p) in g.players.iter().enumerate() {
        let due = g.pearls_due.iter().filter(|&&x| x as usize == s).count();
        assert!(p.pearls.len() + due <= p.completed_amulets());
        if g.pearl_supply.count_ones() as usize > g.pearls_due.len() {
            assert_eq!(p.pearls.len() + due, p.completed_amulets());
        }
    }
}

/// A game through setup with the given (stacked) shuffles.
pub struct Builder {
    pub g: Dk,
}

pub fn ident(n: usize) -> Vec<u8> {
    (0..n as u8).collect()
}

impl Builder {
    pub fn new(setup: &Setup) -> Builder {
        Builder { g: Dk::new(setup).unwrap() }
    }
    pub fn chance(&mut self, a: Action) -> &mut Self {
        apply_checked(&mut self.g, None, &a).unwrap();
        self
    }
    pub fn act(&mut self, seat: usize, a: Action) -> &mut Self {
        apply_checked(&mut self.g, Some(seat), &a)
            .unwrap_or_else(|e| panic!("{a:?} by {seat}: {e}"));
        self
    }
    /// Default setup with identity shuffles, removing the first k pieces.
    pub fn standard(setup: &Setup) -> Builder {
        let d = data();
        let mut b = Builder::new(setup);
        b.chance(Action::Shuffle { deck: Deck::Starting, order: ident(d.starting.len()) });
        b.chance(Action::Shuffle { deck: Deck::Left, order: ident(d.left.len()) });
        b.chance(Action::Shuffle { deck: Deck::Right, order: ident(d.right.len()) });
        let k = d.pieces_removed[setup.seats.len()] as u8;
        b.chance(Action::RemovePieces { pieces: (0..k).collect() });
        b
    }
}
