//! Chance steps: shuffles, the amulet pieces put away, the random chest, pearl draws, and
//! the setup that follows them.

use tavern_plugin_api::{Applied, GameError, GameRng};

use crate::action::{Action, Deck};
use crate::data::{data, front_name};
use crate::model::{Dk, Item, Page, Phase, SetupStep, Slot, Step};

impl Dk {
    pub fn sample(&self, rng: &mut GameRng) -> Action {
        if !self.pearls_due.is_empty() {
            let pool = self.pearl_pool();
            let i = rng.die(pool.len() as u32) as usize - 1;
            return Action::DrawPearl { pearl: pool[i] };
        }
        let perm = |rng: &mut GameRng, n: usize| -> Vec<u8> {
            rng.permutation(n).into_iter().map(|x| x as u8).collect()
        };
        let d = data();
        match self.phase {
            Phase::Setup(SetupStep::ShuffleStarting) => Action::Shuffle {
                deck: Deck::Starting,
                order: perm(rng, d.starting.len()),
            },
            Phase::Setup(SetupStep::ShuffleLeft) => Action::Shuffle {
                deck: Deck::Left,
                order: perm(rng, d.left.len()),
            },
            Phase::Setup(SetupStep::ShuffleRight) => Action::Shuffle {
                deck: Deck::Right,
                order: perm(rng, d.right.len()),
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

    /// Pearls that may be drawn now: red ones while any remain.
    pub fn pearl_pool(&self) -> Vec<u8> {
        let d = data();
        let avail = |i: &u8| self.pearl_supply & (1 << i) != 0;
        let red: Vec<u8> = (0..d.red_pearls).filter(avail).collect();
        if !red.is_empty() {
            return red;
        }
        (d.red_pearls..d.pearl_values.len() as u8)
            .filter(avail)
            .collect()
    }

    pub(crate) fn apply_chance(&mut self, a: &Action) -> Result<Applied, GameError> {
        let d = data();
        if !self.pearls_due.is_empty() {
            let Action::DrawPearl { pearl } = a else {
                return Err(GameError::new("a pearl draw is due"));
            };
            if !self.pearl_pool().contains(pearl) {
                return Err(GameError::new("that pearl cannot be drawn now"));
            }
            let seat = self.pearls_due.remove(0) as usize;
            self.pearl_supply &= !(1 << pearl);
            self.players[seat].pearls.push(*pearl);
            let colour = if *pearl < d.red_pearls { "red" } else { "blue" };
            return Ok(Applied::reveal(format!(
                "{} completes an amulet with a face-down {colour} pearl",
                self.players[seat].name
            )));
        }
        let Phase::Setup(step) = self.phase else {
            return Err(GameError::new("no chance step is pending"));
        };
        let check_perm = |order: &[u8], n: usize| -> Result<(), GameError> {
            let mut seen = vec![false; n];
            if order.len() != n {
                return Err(GameError::new("shuffle has the wrong length"));
            }
            for &o in order {
                let o = o as usize;
                if o >= n || seen[o] {
                    return Err(GameError::new("shuffle is not a permutation"));
                }
                seen[o] = true;
            }
            Ok(())
        };
        let label = match (step, a) {
            (
                SetupStep::ShuffleStarting,
                Action::Shuffle {
                    deck: Deck::Starting,
                    order,
                },
            ) => {
                check_perm(order, d.starting.len())?;
                self.start_pile = order.iter().map(|&o| d.starting.start + o).collect();
                self.phase = Phase::Setup(SetupStep::ShuffleLeft);
                "The starting cards are shuffled".to_string()
            }
            (
                SetupStep::ShuffleLeft,
                Action::Shuffle {
                    deck: Deck::Left,
                    order,
                },
            ) => {
                check_perm(order, d.left.len())?;
                self.pages[0] = order.iter().map(|&o| new_slot(d.left.start + o)).collect();
                self.phase = Phase::Setup(SetupStep::ShuffleRight);
                "The cards of the left page are shuffled".to_string()
            }
            (
                SetupStep::ShuffleRight,
                Action::Shuffle {
                    deck: Deck::Right,
                    order,
                },
            ) => {
                check_perm(order, d.right.len())?;
                self.pages[1] = order.iter().map(|&o| new_slot(d.right.start + o)).collect();
                self.phase = Phase::Setup(SetupStep::RemovePieces);
                "The cards of the right page are shuffled".to_string()
            }
            (SetupStep::RemovePieces, Action::RemovePieces { pieces }) => {
                let k = d.pieces_removed[self.n()] as usize;
                let mut bits = 0u64;
                for &p in pieces {
                    if p as usize >= d.piece_values.len() || bits & (1 << p) != 0 {
                        return Err(GameError::new("bad amulet piece removal"));
                    }
                    bits |= 1 << p;
                }
                if pieces.len() != k {
                    return Err(GameError::new("wrong number of amulet pieces removed"));
                }
                self.piece_supply &= !bits;
                self.piece_box = bits;
                let mut label = format!("{k} amulet pieces go back to the box unseen");
                if self.options.chests == "random" {
                    self.phase = Phase::Setup(SetupStep::RevealChest);
                } else {
                    label.push_str(". ");
                    label.push_str(&self.finish_setup());
                }
                label
            }
            (SetupStep::RevealChest, Action::RevealChest { item }) => {
                self.items = item.bit();
                format!("Magic chest: the {}. {}", item.name(), self.finish_setup())
            }
            _ => return Err(GameError::new("that chance outcome does not fit")),
        };
        Ok(Applied::reveal(label))
    }

    fn finish_setup(&mut self) -> String {
        let d = data();
        for (i, &k) in d.starting_by_seat.iter().enumerate().take(self.n()) {
            for _ in 0..k {
                if let Some(c) = self.start_pile.pop() {
                    self.players[i].hand.push(c);
                }
            }
        }
        for p in Page::BOTH {
            self.refill(p);
        }
        self.phase = Phase::Turn;
        self.begin_turn();
        format!(
            "Display: {} left, {} right",
            front_name(self.display[0].unwrap_or(0)),
            front_name(self.display[1].unwrap_or(0))
        )
    }

    pub(crate) fn begin_turn(&mut self) {
        self.step = Step::default();
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

fn new_slot(card: u8) -> Slot {
    Slot {
        card,
        placed_by: None,
        back_seen: false,
    }
}
