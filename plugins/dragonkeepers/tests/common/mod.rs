//! Shared helpers for the Dragonkeepers tests.
#![allow(dead_code)]

use tavern_plugin_api::{Game, Setup, game::apply_checked};

use tavern_plugin_dragonkeepers::data::data;
use tavern_plugin_dragonkeepers::{Action, Deck, Dk};

/// `n` seats with the first seat starting, as the rulebook's examples have it; a test
/// of the drawn start names `("start", "random")`.
pub fn setup(n: usize) -> Setup {
    setup_with(n, &[])
}

pub fn setup_with(n: usize, opts: &[(&str, &str)]) -> Setup {
    let mut s = Setup::players(n);
    s.options.insert("start".into(), "1".into());
    for (k, v) in opts {
        s.options.insert(k.to_string(), v.to_string());
    }
    s
}

/// Conservation checks that must hold after every action.
pub fn invariants(g: &Dk) {
    let d = data();
    let all = g.all_cards();
    assert_eq!(all.len(), d.cards.len(), "card count changed");
    let mut seen = 0u128;
    for c in all {
        assert_eq!(seen & (1 << c), 0, "card {c} is in two places");
        seen |= 1 << c;
    }
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
    let crystals: u32 =
        g.players.iter().map(|p| p.crystals as u32).sum::<u32>() + g.crystals as u32;
    assert_eq!(crystals, d.crystals as u32);
    let eggs: u32 = g.players.iter().map(|p| p.eggs as u32).sum::<u32>() + g.eggs as u32;
    assert_eq!(eggs, d.golden_eggs as u32);
    let crests = g.players.iter().filter(|p| p.crest.is_some()).count() + g.crests.len();
    let expected = if g.n() == 2 {
        d.crests.len() - 1
    } else {
        d.crests.len()
    };
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
        Builder {
            g: Dk::new(setup).unwrap(),
        }
    }
    /// A second builder from the same position (to try another choice).
    pub fn clone_state(&self) -> Builder {
        Builder { g: self.g.clone() }
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
        b.chance(Action::Shuffle {
            deck: Deck::Starting,
            order: ident(d.starting.len()),
        });
        b.chance(Action::Shuffle {
            deck: Deck::Left,
            order: ident(d.left.len()),
        });
        b.chance(Action::Shuffle {
            deck: Deck::Right,
            order: ident(d.right.len()),
        });
        let k = d.pieces_removed[setup.seats.len()] as u8;
        b.chance(Action::RemovePieces {
            pieces: (0..k).collect(),
        });
        b
    }
}

use tavern_plugin_dragonkeepers::data::{Back, Colour, Kind, card};
use tavern_plugin_dragonkeepers::model::{Page, Slot, Stack};

/// Removes card `c` from wherever it lies.
pub fn take_out(g: &mut Dk, c: u8) {
    g.start_pile.retain(|&x| x != c);
    for p in &mut g.pages {
        p.retain(|s| s.card != c);
    }
    for d in &mut g.display {
        if *d == Some(c) {
            *d = None;
        }
    }
    g.shadow_supply.retain(|&x| x != c);
    for pl in &mut g.players {
        pl.hand.retain(|&x| x != c);
        for s in &mut pl.row {
            s.cards.retain(|&x| x != c);
        }
    }
}

/// A card with this front and back that is not in any hand, row or display.
pub fn find(g: &Dk, front: Option<Colour>, back: Back) -> u8 {
    let busy: Vec<u8> = g
        .players
        .iter()
        .flat_map(|p| {
            p.hand
                .iter()
                .chain(p.row.iter().flat_map(|s| s.cards.iter()))
        })
        .chain(g.display.iter().flatten())
        .copied()
        .collect();
    let tops: Vec<u8> = g
        .pages
        .iter()
        .filter_map(|p| p.last().map(|s| s.card))
        .collect();
    (0..data().cards.len() as u8)
        .find(|&c| {
            let d = card(c);
            d.front == front && d.back == back && !busy.contains(&c) && !tops.contains(&c)
        })
        .unwrap_or_else(|| panic!("no free card {front:?}/{back:?}"))
}

pub fn shadow(g: &Dk) -> u8 {
    *g.shadow_supply
        .last()
        .expect("a shadow dragon in the supply")
}

pub fn to_hand(g: &mut Dk, seat: usize, c: u8) {
    take_out(g, c);
    g.players[seat].hand.push(c);
}

pub fn give(g: &mut Dk, seat: usize, front: Colour, back: Back) -> u8 {
    let c = find(g, Some(front), back);
    to_hand(g, seat, c);
    c
}

pub fn to_top(g: &mut Dk, page: Page, c: u8) {
    take_out(g, c);
    g.pages[page.idx()].push(Slot {
        card: c,
        placed_by: None,
        back_seen: true,
    });
}

/// Puts a left card with number `n` and a right card with colour `col` on top.
pub fn set_book(g: &mut Dk, n: u8, col: Colour) {
    let other = Colour::ALL.into_iter().find(|&k| k != col).unwrap();
    let l = if n == 6 {
        shadow(g)
    } else {
        find(g, Some(other), Back::Number(n))
    };
    to_top(g, Page::Left, l);
    let r = find(g, Some(other), Back::Colour(col));
    to_top(g, Page::Right, r);
}

/// Lays out a stack of `k` cards of colour `col` in seat's row (at the right end).
pub fn lay_stack(g: &mut Dk, seat: usize, col: Colour, k: usize) {
    let mut cards = Vec::new();
    for _ in 0..k {
        let c = (0..data().cards.len() as u8)
            .find(|&c| {
                let d = card(c);
                d.front == Some(col)
                    && d.kind != Kind::Starting
                    && g.pages
                        .iter()
                        .any(|p| p[..p.len() - 1].iter().any(|s| s.card == c))
            })
            .unwrap();
        take_out(g, c);
        cards.push(c);
    }
    g.players[seat].row.push(Stack { colour: col, cards });
}

/// Gives `seat` amulet pieces (the lowest in supply) without playing.
pub fn give_pieces(g: &mut Dk, seat: usize, k: usize) {
    for _ in 0..k {
        let id = g.piece_at_extreme(false).unwrap();
        g.piece_supply &= !(1 << id);
        g.players[seat].pieces.push(id);
    }
}

pub fn has(g: &Dk, seat: usize, a: &Action) -> bool {
    g.legal_actions(seat).contains(a)
}

pub fn select_all(b: &mut Builder, seat: usize, cards: &[u8]) {
    for &c in cards {
        b.act(seat, Action::Select { card: c });
    }
}

/// Selects `k` cards of front `front` (None = shadow dragons) from the offered choices.
pub fn pick(b: &mut Builder, seat: usize, front: Option<Colour>, k: usize) {
    for _ in 0..k {
        let a =
            b.g.legal_actions(seat)
                .into_iter()
                .find(|a| matches!(a, Action::Select { card: c } if card(*c).front == front))
                .unwrap_or_else(|| panic!("cannot select a {front:?}"));
        b.act(seat, a);
    }
}

pub fn can_pick(g: &Dk, seat: usize, front: Option<Colour>) -> bool {
    g.legal_actions(seat)
        .iter()
        .any(|a| matches!(a, Action::Select { card: c } if card(*c).front == front))
}

/// A started game (seat 0 to act, nothing taken) with empty hands.
pub fn fresh(n: usize) -> Builder {
    fresh_with(n, &[])
}

pub fn fresh_with(n: usize, opts: &[(&str, &str)]) -> Builder {
    let mut b = Builder::standard(&setup_with(n, opts));
    for s in 0..n {
        let hand = std::mem::take(&mut b.g.players[s].hand);
        b.g.start_pile.extend(hand);
    }
    b
}

/// Takes the left display card (so seat 0 may go on with its turn).
pub fn take_one(b: &mut Builder) {
    b.act(0, Action::TakeDisplay { page: Page::Left });
}
