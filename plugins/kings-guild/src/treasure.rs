//! Treasures: selling, playing, drawing and running out of a colour.

use tavern_plugin_api::GameError;

use crate::data::{Colour, RES, SpecEffect, TreasureEffect, kinds_of, treasure};
use crate::model::{Kg, Pending, Why};
use crate::notes::Note;

impl Kg {
    /// What `seat` gets for selling a kind (the Auctioneer pays 4 for relics, charms
    /// and scrolls).
    pub fn sell_price(&self, seat: usize, kind: u8) -> u32 {
        let t = treasure(kind);
        let special = t.relic.is_some() || t.charm > 0 || t.scroll;
        if special && self.players[seat].has_spec(|e| *e == SpecEffect::Auctioneer) {
            4
        } else {
            t.sell as u32
        }
    }

    fn take_from_hand(&mut self, seat: usize, kind: u8) -> Result<(), GameError> {
        let h = &mut self.players[seat].hand;
        let i = h
            .iter()
            .position(|&k| k == kind)
            .ok_or_else(|| GameError::new("that treasure is not in your hand"))?;
        h.swap_remove(i);
        Ok(())
    }

    pub fn sell(&mut self, seat: usize, kind: u8, notes: &mut Vec<Note>) -> Result<(), GameError> {
        self.take_from_hand(seat, kind)?;
        let coins = self.sell_price(seat, kind);
        self.players[seat].coins += coins;
        self.discard[kind as usize] += 1;
        notes.push(Note::Sold {
            seat: seat as u8,
            kind,
            coins,
        });
        Ok(())
    }

    pub fn toss(&mut self, seat: usize, kind: u8, notes: &mut Vec<Note>) -> Result<(), GameError> {
        self.take_from_hand(seat, kind)?;
        self.discard[kind as usize] += 1;
        notes.push(Note::Tossed {
            seat: seat as u8,
            kind,
        });
        Ok(())
    }

    /// Gains resources from the supply as far as it holds them.
    pub fn gain(&mut self, seat: usize, want: [u8; RES], coins: u32, notes: &mut Vec<Note>) {
        let mut got = [0u8; RES];
        for r in 0..RES {
            got[r] = want[r].min(self.stock[r]);
            self.stock[r] -= got[r];
            self.players[seat].res[r] += got[r];
        }
        self.players[seat].coins += coins;
        notes.push(Note::Gained {
            seat: seat as u8,
            got,
            coins,
        });
    }

    pub fn play(
        &mut self,
        seat: usize,
        kind: u8,
        arg: u8,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        self.take_from_hand(seat, kind)?;
        self.discard[kind as usize] += 1;
        notes.push(Note::Played {
            seat: seat as u8,
            kind,
        });
        let next = self.next_seat(seat) as u8;
        let st = seat as u8;
        match treasure(kind).effect {
            TreasureEffect::None => return Err(GameError::new("this treasure is only sold")),
            TreasureEffect::Map => {
                self.take_from_hand(seat, arg)?;
                self.discard[arg as usize] += 1;
                notes.push(Note::Tossed {
                    seat: st,
                    kind: arg,
                });
                self.pending.push_back(Pending::Colours {
                    seat: st,
                    n: 2,
                    why: Why::Map,
                });
            }
            TreasureEffect::Contract => self.pending.push_back(Pending::Hire { seat: st }),
            TreasureEffect::Spoiling => {
                let r = arg as usize % RES;
                for s in 0..self.n() {
                    if self.players[s].res[r] > 0 {
                        self.players[s].res[r] -= 1;
                        self.stock[r] += 1;
                        notes.push(Note::Lost {
                            seat: s as u8,
                            res: r as u8,
                        });
                    }
                }
            }
            TreasureEffect::Gain(g) => self.gain(seat, g, 0, notes),
            TreasureEffect::Plenty => {
                let mut g = [0; RES];
                g[arg as usize % RES] = 2;
                self.gain(seat, g, 0, notes);
                if !self.solo {
                    self.pending.push_back(Pending::PlentyNext { seat: next });
                }
            }
            TreasureEffect::Wonders => {
                let c = Colour::ALL[arg as usize % 3];
                self.gain(seat, [0; RES], 1, notes);
                self.queue_draw(seat, c, false);
                if !self.solo {
                    self.pending.push_back(Pending::WondersNext {
                        seat: next,
                        except: c,
                    });
                }
            }
            TreasureEffect::Riches => {
                self.gain(seat, [0; RES], 4, notes);
                if !self.solo {
                    self.gain(next as usize, [0; RES], 2, notes);
                }
            }
            TreasureEffect::Lucky => {
                self.turn.lucky = true;
            }
            TreasureEffect::Fortune => {
                self.turn.fortune += 1;
            }
        }
        Ok(())
    }

    /// The Warlock destroys a scroll for both of its halves.
    pub fn destroy_scroll(
        &mut self,
        seat: usize,
        kind: u8,
        arg: u8,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        self.take_from_hand(seat, kind)?;
        self.removed.push(kind);
        notes.push(Note::Destroyed {
            seat: seat as u8,
            kind,
        });
        let st = seat as u8;
        match treasure(kind).effect {
            TreasureEffect::Riches => self.gain(seat, [0; RES], 6, notes),
            TreasureEffect::Plenty => {
                let mut g = [0; RES];
                g[arg as usize % RES] = 2;
                self.gain(seat, g, 0, notes);
                self.pending.push_back(Pending::PlentyNext { seat: st });
            }
            TreasureEffect::Wonders => {
                let c = Colour::ALL[arg as usize % 3];
                self.gain(seat, [0; RES], 1, notes);
                self.queue_draw(seat, c, false);
                self.pending.push_back(Pending::WondersNext {
                    seat: st,
                    except: c,
                });
            }
            _ => return Err(GameError::new("only scrolls are destroyed")),
        }
        Ok(())
    }

    /// A deck that ran out: one scroll of its discards leaves the game, the rest becomes
    /// the new deck (draws are random from the deck, so no order is kept).
    fn reshuffle(&mut self, c: Colour, notes: &mut Vec<Note>) {
        let scroll = kinds_of(c).find(|&k| treasure(k).scroll && self.discard[k as usize] > 0);
        if let Some(k) = scroll {
            self.discard[k as usize] -= 1;
            self.removed.push(k);
        }
        for k in kinds_of(c) {
            self.deck[k as usize] += self.discard[k as usize];
            self.discard[k as usize] = 0;
        }
        notes.push(Note::Reshuffled {
            colour: c,
            removed_scroll: scroll.is_some(),
        });
    }

    /// Brings the queue to a state where its first item can be answered: an empty deck
    /// is reshuffled, a colour with nothing left becomes a choice of another, and
    /// decisions nobody could take are dropped.
    pub fn settle(&mut self, notes: &mut Vec<Note>) {
        loop {
            let Some(front) = self.pending.front().cloned() else {
                return;
            };
            if let Pending::Draw { seat, colour, pool } = front {
                if self.deck_count(colour) > 0 {
                    return;
                }
                if self.discard_count(colour) > 0 {
                    self.reshuffle(colour, notes);
                    if self.deck_count(colour) > 0 {
                        return;
                    }
                }
                self.pending.pop_front();
                if let Some(c) = Colour::ALL.into_iter().find(|&c| self.colour_available(c)) {
                    if pool && self.rules_0_1 {
                        // 0.1.0 drew a shared quest's card from the first colour left.
                        self.pending.push_front(Pending::Draw {
                            seat,
                            colour: c,
                            pool,
                        });
                    } else if pool {
                        // The rulebook lets the players choose: the completer, who draws
                        // the shared quest's cards, names the colour.
                        self.pending.push_front(Pending::Colours {
                            seat,
                            n: 1,
                            why: Why::ReplacePool,
                        });
                    } else {
                        self.pending.push_front(Pending::Colours {
                            seat,
                            n: 1,
                            why: Why::Replace,
                        });
                    }
                }
                continue;
            }
            if self.answerable(&front) {
                return;
            }
            self.pending.pop_front();
            if let Pending::Keep { other, .. } = front {
                // Nothing left to choose: whatever is in the pool goes to the other player.
                let rest = std::mem::take(&mut self.pool);
                self.players[other as usize].hand.extend(rest);
            }
        }
    }
}
