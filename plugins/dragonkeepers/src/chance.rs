//! Chance steps: shuffles, the amulet pieces put away, the random chest, pearl draws, and
//! the setup that follows them.

use tavern_plugin_api::{GameError, GameRng};

use crate::action::{Action, Deck};
use crate::data::data;
use crate::model::{Dk, Item, Page, Phase, SetupStep};

/// What a chance outcome changed, as far as its log entry needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChanceDone {
    Start(usize),
    Pearl {
        seat: usize,
        red: bool,
    },
    Shuffled(Deck),
    /// `setup_done`: no chest is to be revealed, so the display was laid out.
    PiecesRemoved {
        count: usize,
        setup_done: bool,
    },
    /// The setup ends with it.
    Chest(Item),
}

impl Dk {
    pub fn sample(&self, rng: &mut GameRng) -> Action {
        if !self.pearls_due.is_empty() {
            let mut pool = self.pearl_pool_bits();
            let i = rng.die(pool.count_ones()) - 1;
            for _ in 0..i {
                pool &= pool - 1;
            }
            return Action::DrawPearl {
                pearl: pool.trailing_zeros() as u8,
            };
        }
        let perm = |rng: &mut GameRng, n: usize| -> Vec<u8> {
            rng.permutation(n).into_iter().map(|x| x as u8).collect()
        };
        let d = data();
        match self.phase {
            Phase::Setup(SetupStep::ChooseStart) => Action::StartPlayer {
                seat: rng.die(self.n() as u32) as usize - 1,
            },
            Phase::Setup(SetupStep::ShuffleStarting) => Action::Shuffle {
                deck: Deck::Starting,
                order: perm(rng, self.start_pile.len()),
            },
            Phase::Setup(SetupStep::ShuffleLeft) => Action::Shuffle {
                deck: Deck::Left,
                order: perm(rng, self.pages[0].len()),
            },
            Phase::Setup(SetupStep::ShuffleRight) => Action::Shuffle {
                deck: Deck::Right,
                order: perm(rng, self.pages[1].len()),
            },
            Phase::Setup(SetupStep::RemovePieces) => {
                let k = d.pieces_removed[self.n()] as usize;
                let mut v = perm(rng, d.piece_values.len());
                v.truncate(k);
                Action::RemovePieces { pieces: v }
            }
            Phase::Setup(SetupStep::RevealChest) => Action::RevealChest {
                item: Item::ALL[rng.die(6) as usize - 1],
            },
            _ => Action::Pass,
        }
    }

    /// Every outcome of the pending chance step when they are few (a pearl from the bag,
    /// the start seat, the chest); `None` for shuffles and the pieces put away.
    pub fn chance_list(&self) -> Option<Vec<Action>> {
        if !self.pearls_due.is_empty() {
            let pool = self.pearl_pool();
            return Some(
                pool.into_iter()
                    .map(|pearl| Action::DrawPearl { pearl })
                    .collect(),
            );
        }
        match self.phase {
            Phase::Setup(SetupStep::ChooseStart) => Some(
                (0..self.n())
                    .map(|seat| Action::StartPlayer { seat })
                    .collect(),
            ),
            Phase::Setup(SetupStep::RevealChest) => Some(
                Item::ALL
                    .into_iter()
                    .map(|item| Action::RevealChest { item })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Whether `a` could be the outcome of the pending chance step: the one check of a
    /// logged outcome (`apply_checked` calls it), so [`Self::chance_change`] trusts it.
    pub fn chance_fits(&self, a: &Action) -> Result<(), GameError> {
        if let Some(list) = self.chance_list() {
            return if list.contains(a) {
                Ok(())
            } else {
                Err(GameError::new("not an outcome of the pending draw"))
            };
        }
        let d = data();
        let Phase::Setup(step) = self.phase else {
            return Err(GameError::new("no chance step is pending"));
        };
        match (step, a) {
            (
                SetupStep::ShuffleStarting,
                Action::Shuffle {
                    deck: Deck::Starting,
                    order,
                },
            ) => permutation(order, self.start_pile.len()),
            (
                SetupStep::ShuffleLeft,
                Action::Shuffle {
                    deck: Deck::Left,
                    order,
                },
            ) => permutation(order, self.pages[0].len()),
            (
                SetupStep::ShuffleRight,
                Action::Shuffle {
                    deck: Deck::Right,
                    order,
                },
            ) => permutation(order, self.pages[1].len()),
            (SetupStep::RemovePieces, Action::RemovePieces { pieces }) => {
                let mut bits = 0u64;
                for &p in pieces {
                    if p as usize >= d.piece_values.len() || bits & (1 << p) != 0 {
                        return Err(GameError::new("bad amulet piece removal"));
                    }
                    bits |= 1 << p;
                }
                if pieces.len() != d.pieces_removed[self.n()] as usize {
                    return Err(GameError::new("wrong number of amulet pieces removed"));
                }
                Ok(())
            }
            _ => Err(GameError::new("that chance outcome does not fit")),
        }
    }

    /// Pearls that may be drawn now: red ones while any remain.
    pub fn pearl_pool(&self) -> Vec<u8> {
        let bits = self.pearl_pool_bits();
        (0..16u8).filter(|i| bits & (1 << i) != 0).collect()
    }

    /// [`Self::pearl_pool`] as a bit per pearl id.
    pub fn pearl_pool_bits(&self) -> u16 {
        let red_mask = (1u16 << data().red_pearls) - 1;
        let red = self.pearl_supply & red_mask;
        if red != 0 { red } else { self.pearl_supply }
    }

    pub(crate) fn chance_change(&mut self, a: &Action) -> Result<ChanceDone, GameError> {
        let d = data();
        if !self.pearls_due.is_empty() {
            let Action::DrawPearl { pearl } = a else {
                return Err(GameError::new("a pearl draw is due"));
            };
            let seat = self.pearls_due.remove(0) as usize;
            self.pearl_supply &= !(1 << pearl);
            self.players[seat].pearls.push(*pearl);
            return Ok(ChanceDone::Pearl {
                seat,
                red: *pearl < d.red_pearls,
            });
        }
        let Phase::Setup(step) = self.phase else {
            return Err(GameError::new("no chance step is pending"));
        };
        let done = match (step, a) {
            (SetupStep::ChooseStart, Action::StartPlayer { seat }) => {
                self.active = *seat;
                self.phase = Phase::Setup(SetupStep::ShuffleStarting);
                ChanceDone::Start(*seat)
            }
            (
                SetupStep::ShuffleStarting,
                Action::Shuffle {
                    deck: Deck::Starting,
                    order,
                },
            ) => {
                self.start_pile = order.iter().map(|&o| self.start_pile[o as usize]).collect();
                self.phase = Phase::Setup(SetupStep::ShuffleLeft);
                ChanceDone::Shuffled(Deck::Starting)
            }
            (
                SetupStep::ShuffleLeft,
                Action::Shuffle {
                    deck: Deck::Left,
                    order,
                },
            ) => {
                self.pages[0] = order.iter().map(|&o| self.pages[0][o as usize]).collect();
                self.phase = Phase::Setup(SetupStep::ShuffleRight);
                ChanceDone::Shuffled(Deck::Left)
            }
            (
                SetupStep::ShuffleRight,
                Action::Shuffle {
                    deck: Deck::Right,
                    order,
                },
            ) => {
                self.pages[1] = order.iter().map(|&o| self.pages[1][o as usize]).collect();
                self.phase = Phase::Setup(SetupStep::RemovePieces);
                ChanceDone::Shuffled(Deck::Right)
            }
            (SetupStep::RemovePieces, Action::RemovePieces { pieces }) => {
                let k = pieces.len();
                let bits = pieces.iter().fold(0u64, |b, &p| b | 1 << p);
                self.piece_supply &= !bits;
                self.piece_box = bits;
                let setup_done = self.options.chests != "random";
                if setup_done {
                    self.finish_setup();
                } else {
                    self.phase = Phase::Setup(SetupStep::RevealChest);
                }
                ChanceDone::PiecesRemoved {
                    count: k,
                    setup_done,
                }
            }
            (SetupStep::RevealChest, Action::RevealChest { item }) => {
                self.items = item.bit();
                self.finish_setup();
                ChanceDone::Chest(*item)
            }
            _ => return Err(GameError::new("that chance outcome does not fit")),
        };
        Ok(done)
    }

    fn finish_setup(&mut self) {
        let d = data();
        // Counted clockwise from the start player, who gets none.
        let n = self.n();
        for (i, &k) in d.starting_by_seat.iter().enumerate().take(n) {
            let seat = (self.active + i) % n;
            for _ in 0..k {
                if let Some(c) = self.start_pile.pop() {
                    self.players[seat].hand.push(c);
                }
            }
        }
        for p in Page::BOTH {
            self.refill(p);
        }
        self.phase = Phase::Turn;
        self.begin_turn();
    }

    pub(crate) fn begin_turn(&mut self) {
        self.step.reset();
        for p in &mut self.players {
            p.fresh_crystals = 0;
            p.fresh_shadows = 0;
            p.items_used = 0;
        }
    }

    /// Moves the page's top card to the display; the card below shows its back to all.
    pub(crate) fn refill(&mut self, p: Page) {
        let page = &mut self.pages[p.idx()];
        let shown = page.pop().map(|s| s.card);
        self.display[p.idx()] = shown;
        if let Some(c) = shown {
            self.seen.reveal(c);
        }
        self.after_removal(p);
    }

    pub(crate) fn after_removal(&mut self, p: Page) {
        let page = &mut self.pages[p.idx()];
        if let Some(top) = page.last_mut() {
            top.back_seen = true;
        }
        if page.len() <= 1 {
            self.early_end = true;
        }
    }
}

/// `order` puts the `n` cards actually in the pile in a new order: each place once.
fn permutation(order: &[u8], n: usize) -> Result<(), GameError> {
    if order.len() != n {
        return Err(GameError::new("shuffle has the wrong length"));
    }
    let mut seen = vec![false; n];
    for &o in order {
        let o = o as usize;
        if o >= n || seen[o] {
            return Err(GameError::new("shuffle is not a permutation"));
        }
        seen[o] = true;
    }
    Ok(())
}
