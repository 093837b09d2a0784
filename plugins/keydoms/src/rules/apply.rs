//! Applying a seat's decision, purchases included.

use tavern_plugin_api::GameError;

use crate::record::{Done, Purchase};
use crate::state::{Action, Keydoms, Pending};

impl Keydoms {
    /// Applies a seat's decision (already checked to be legal).
    pub fn apply_seat(&mut self, seat: usize, action: &Action) -> Result<Done, GameError> {
        let Some(pending) = self.pending.take() else {
            if self.window_seat() != Some(seat) {
                return Err(GameError::new("nobody is to act"));
            }
            return self.apply_magic(seat, action, true);
        };
        if matches!(pending, Pending::Place { .. })
            && matches!(action, Action::Invoke { .. } | Action::Cast { .. })
        {
            // The placement turn resumes once the artefact or spell has played out.
            return self.apply_magic(seat, action, false);
        }
        let done = match (pending, action) {
            (Pending::Magic { step, .. }, a) => return self.apply_step(seat, step, a),
            (Pending::StartTreasure { .. }, Action::TakeStartTreasure { treasure }) => {
                let t = *treasure as usize;
                self.treasury[t] -= 1;
                self.players[seat].treasure[t] += 1;
                self.players[seat].start_picks.push(*treasure);
                Done::StartTreasure {
                    treasure: *treasure,
                }
            }
            (Pending::Place { .. }, Action::Place { strength, loc }) => {
                let w = self.players[seat]
                    .workers
                    .iter_mut()
                    .find(|w| w.strength == *strength && w.loc.is_none())
                    .ok_or_else(|| GameError::new("no such worker behind the screen"))?;
                w.loc = Some(*loc);
                w.seq = self.m.seq;
                self.m.seq += 1;
                self.m.turn_window_done = false;
                let shown = (0..self.m.disclosure.len()).any(|o| o != seat && self.m.disclosure[o]);
                let w = self.players[seat]
                    .workers
                    .iter_mut()
                    .find(|w| w.strength == *strength && w.loc == Some(*loc))
                    .expect("just placed");
                w.face_up = shown;
                self.placed += 1;
                Done::Placed {
                    strength: *strength,
                    loc: *loc,
                    shown,
                }
            }
            (Pending::NameStartPlayer { .. }, Action::NameStartPlayer { seat: s }) => {
                self.start = *s as usize;
                Done::NamedStart { seat: *s }
            }
            (Pending::MarketGive { .. }, Action::MarketPass) => Done::MarketPassed,
            (Pending::MarketGive { .. }, Action::MarketGive { treasure }) => {
                let t = *treasure as usize;
                self.players[seat].treasure[t] -= 1;
                self.treasury[t] += 1;
                self.pending = Some(Pending::MarketTake { seat, left: 3 });
                Done::MarketGave {
                    treasure: *treasure,
                }
            }
            (Pending::MarketTake { left, .. }, Action::MarketTake { treasure }) => {
                let t = *treasure as usize;
                self.treasury[t] -= 1;
                self.players[seat].treasure[t] += 1;
                let left = left - 1;
                if left > 0 && self.treasury.iter().any(|&v| v > 0) {
                    self.pending = Some(Pending::MarketTake { seat, left });
                }
                Done::MarketTook {
                    treasure: *treasure,
                }
            }
            (Pending::Bribe { .. }, Action::RefuseBribe) => {
                self.turn_back_from_castle(seat);
                Done::RefusedBribe
            }
            (Pending::Bribe { owed, mut paid, .. }, Action::BribeOne { treasure }) => {
                let t = *treasure as usize;
                self.players[seat].treasure[t] -= 1;
                self.treasury[t] += 1;
                paid[t] += 1;
                let total: u8 = paid.iter().sum();
                if total >= owed {
                    self.entered[seat] = true;
                } else {
                    self.pending = Some(Pending::Bribe { seat, owed, paid });
                }
                Done::Bribed {
                    treasure: *treasure,
                    total,
                    owed,
                }
            }
            (Pending::Buy { room, stack, .. }, Action::DeclineBuy) => Done::DeclinedBuy {
                room,
                artefact: stack
                    .map(|st| st as usize)
                    .filter(|&st| self.top_up[st])
                    .and_then(|st| self.stacks[st].last().copied()),
            },
            (
                Pending::Buy {
                    room, need, paid, ..
                },
                Action::ChooseStack { stack },
            ) => {
                let art = *self.stacks[*stack as usize]
                    .last()
                    .ok_or_else(|| GameError::new("empty stack"))?;
                self.pending = Some(Pending::Buy {
                    seat,
                    room,
                    stack: Some(*stack),
                    need,
                    paid,
                });
                Done::ChoseStack { artefact: art }
            }
            (
                Pending::Buy {
                    room,
                    stack,
                    need,
                    mut paid,
                    ..
                },
                Action::PayWorker { treasure },
            ) => {
                paid.push(*treasure);
                if paid.len() < need.len() {
                    let strength = need[paid.len() - 1];
                    self.pending = Some(Pending::Buy {
                        seat,
                        room,
                        stack,
                        need,
                        paid,
                    });
                    Done::SetAside {
                        strength,
                        treasure: *treasure,
                    }
                } else {
                    let stack = stack.ok_or_else(|| GameError::new("no artefact chosen"))?;
                    let got = self.complete_purchase(seat, room, stack as usize, &need, &paid);
                    Done::Bought {
                        room,
                        need,
                        paid,
                        got,
                    }
                }
            }
            (p, a) => {
                self.pending = Some(p);
                return Err(GameError::new(format!(
                    "{a:?} does not answer this decision"
                )));
            }
        };
        Ok(done)
    }

    fn complete_purchase(
        &mut self,
        seat: usize,
        room: u8,
        stack: usize,
        need: &[u8],
        paid: &[u8],
    ) -> Purchase {
        for (&s, &t) in need.iter().zip(paid) {
            self.players[seat].treasure[t as usize] -= s;
            self.treasury[t as usize] += s;
        }
        if self.m.choice[seat] == Some(room) {
            // Choice: the buyer looks through the whole stack and picks privately.
            self.m.choice[seat] = None;
            self.pending = Some(Pending::Magic {
                seat,
                step: crate::magic::Step::StackPick {
                    stack: stack as u8,
                    rearrange: false,
                },
            });
            return Purchase::Searching;
        }
        let art = self.stacks[stack]
            .pop()
            .expect("bought from a stack with a tile");
        self.top_up[stack] = false;
        self.players[seat].artefacts[art as usize] += 1;
        let last = self.artefacts_left() == 0;
        if last {
            self.after_purchase_check();
        }
        Purchase::Took {
            artefact: art,
            last,
        }
    }
}
