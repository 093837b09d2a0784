//! Answers to queued decisions (a choice out of the normal action, often out of turn).

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::data::{Colour, ExtraKind, RES, quest, treasure};
use crate::model::{Kg, Pending, QCard, Why};
use crate::notes::Note;

impl Kg {
    /// Applies `a` as the answer to `p` (already taken off the queue). Returns the
    /// decision again when it goes on (more relics to buy, more cards to keep).
    pub(crate) fn answer(
        &mut self,
        seat: usize,
        p: Pending,
        a: &Action,
        notes: &mut Vec<Note>,
    ) -> Result<Option<Pending>, GameError> {
        let st = seat as u8;
        if *a == Action::Decline {
            notes.push(Note::Declined { seat: st, what: p });
            return Ok(None);
        }
        match (p, a) {
            (Pending::Colours { why, .. }, Action::Colours { colours }) => {
                notes.push(Note::ColoursChosen {
                    seat: st,
                    colours: colours.to_vec(),
                    why,
                });
                if why == Why::ReplacePool {
                    // Still the shared quest's draw, before the choice of what to keep.
                    self.pending.push_front(Pending::Draw {
                        seat: st,
                        colour: colours[0],
                        pool: true,
                    });
                }
                for &c in colours.iter().filter(|_| why != Why::ReplacePool) {
                    self.queue_draw(seat, c, false);
                }
                if why == Why::Merchant {
                    self.pending.push_back(Pending::Toss { seat: st, n: 3 });
                }
                Ok(None)
            }
            (Pending::Keep { other, keep, .. }, Action::Keep { kind }) => {
                let i = self
                    .pool
                    .iter()
                    .position(|k| k == kind)
                    .ok_or_else(|| GameError::new("not among the drawn cards"))?;
                self.pool.swap_remove(i);
                self.players[seat].hand.push(*kind);
                if keep > 1 && !self.pool.is_empty() {
                    return Ok(Some(Pending::Keep {
                        seat: st,
                        other,
                        keep: keep - 1,
                    }));
                }
                let passed = std::mem::take(&mut self.pool);
                self.players[other as usize]
                    .hand
                    .extend(passed.iter().copied());
                notes.push(Note::Kept {
                    seat: st,
                    other,
                    kept: *kind,
                    passed,
                });
                Ok(None)
            }
            (Pending::Toss { n, .. }, Action::Toss { kind }) => {
                self.toss(seat, *kind, notes)?;
                if n > 1 && !self.players[seat].hand.is_empty() {
                    return Ok(Some(Pending::Toss { seat: st, n: n - 1 }));
                }
                Ok(None)
            }
            (Pending::HeroPay { colour, .. }, Action::Accept) => {
                self.players[seat].coins -= 1;
                notes.push(Note::Paid {
                    seat: st,
                    colour,
                    wonders: false,
                });
                self.queue_draw(seat, colour, false);
                Ok(None)
            }
            (Pending::Appraiser { .. }, Action::Colours { colours }) => {
                notes.push(Note::ColoursChosen {
                    seat: st,
                    colours: colours.to_vec(),
                    why: Why::Appraiser,
                });
                self.queue_draw(seat, colours[0], false);
                self.pending.push_back(Pending::Toss { seat: st, n: 1 });
                Ok(None)
            }
            (Pending::PlentyNext { .. }, Action::Res { res }) => {
                let mut g = [0; RES];
                g[*res as usize % RES] = 1;
                self.gain(seat, g, 0, notes);
                Ok(None)
            }
            (Pending::WondersNext { .. }, Action::Colours { colours }) => {
                self.players[seat].coins -= 1;
                notes.push(Note::Paid {
                    seat: st,
                    colour: colours[0],
                    wonders: true,
                });
                self.queue_draw(seat, colours[0], false);
                Ok(None)
            }
            (Pending::Hire { .. }, Action::Hire { index, at, baggage }) => {
                self.hire(seat, *index as usize, *at, *baggage, notes)?;
                Ok(None)
            }
            (Pending::Extra { kind, .. }, a) => {
                match (kind, a) {
                    (ExtraKind::Gather, Action::Gather { take }) => self.gather(seat, take, notes),
                    (ExtraKind::Craft, Action::Craft { slot, items }) => {
                        self.craft_extra(seat, *slot as usize, *items, notes)?
                    }
                    _ => return Err(GameError::new("not the extra action on offer")),
                }
                Ok(None)
            }
            (Pending::PlaceSpec { spec, .. }, Action::Place { at }) => {
                self.players[seat].specs.push((spec, *at));
                Ok(None)
            }
            (Pending::PlaceRoom { room, .. }, Action::Build { cell, .. }) => {
                self.build(seat, room, *cell, true, notes);
                Ok(None)
            }
            (p @ Pending::Curator { .. }, Action::BuyRelic { kind }) => {
                let k = *kind as usize;
                if self.discard.get(k).copied().unwrap_or(0) == 0 || treasure(*kind).relic.is_none()
                {
                    return Err(GameError::new("no such relic in the discards"));
                }
                self.discard[k] -= 1;
                self.players[seat].coins -= 3;
                self.players[seat].hand.push(*kind);
                notes.push(Note::BoughtRelic {
                    seat: st,
                    kind: *kind,
                });
                Ok(Some(p))
            }
            (Pending::Alchemist { left, .. }, Action::Trade { give, take }) => {
                let (g, t) = (*give as usize, *take as usize);
                self.players[seat].res[g] -= 1;
                self.stock[g] += 1;
                self.stock[t] -= 1;
                self.players[seat].res[t] += 1;
                notes.push(Note::Traded {
                    seat: st,
                    give: *give,
                    take: *take,
                });
                Ok(Some(Pending::Alchemist {
                    seat: st,
                    left: left - 1,
                }))
            }
            (Pending::Smuggler { .. }, Action::Steal { from, res }) => {
                self.players[*from as usize].res[*res as usize] -= 1;
                self.players[seat].res[*res as usize] += 1;
                notes.push(Note::Stole {
                    seat: st,
                    from: *from,
                    res: *res,
                });
                Ok(None)
            }
            (Pending::Witch { .. }, Action::TakeQuest { slot }) => {
                let s = *slot as usize;
                let Some(Some(sl)) = self.board.get(s).copied() else {
                    return Err(GameError::new("no quest there"));
                };
                let QCard::Quest(q) = sl.card else {
                    return Err(GameError::new("no quest there"));
                };
                self.board[s] = None;
                if self.thug.is_some_and(|(_, t)| t as usize == s) {
                    self.thug = None;
                }
                self.players[seat].quests.push(q);
                notes.push(Note::QuestTaken { seat: st, quest: q });
                if !self.solo {
                    self.refill(s, notes);
                }
                Ok(None)
            }
            (Pending::Warlock { .. }, Action::Destroy { kind, arg }) => {
                self.destroy_scroll(seat, *kind, *arg, notes)?;
                Ok(None)
            }
            (Pending::Thug { .. }, Action::ThugTo { slot }) => {
                self.thug = Some((st, *slot));
                let q = match self.board.get(*slot as usize).copied().flatten() {
                    Some(s) => match s.card {
                        QCard::Quest(q) => q,
                        _ => 0,
                    },
                    None => 0,
                };
                notes.push(Note::ThugMoved { seat: st, quest: q });
                Ok(None)
            }
            (Pending::StartBonus { .. }, Action::StartBonus { take }) => {
                self.gain(seat, *take, 0, notes);
                Ok(None)
            }
            _ => Err(GameError::new("that does not answer the open decision")),
        }
    }

    /// The Craftswoman's extra craft: the same rules as a craft action.
    fn craft_extra(
        &mut self,
        seat: usize,
        slot: usize,
        items: u8,
        notes: &mut Vec<Note>,
    ) -> Result<(), GameError> {
        self.craft_public(seat, slot, items, notes)
    }
}

/// The colour of an index (for actions that carry a colour as a number).
pub fn colour_at(i: u8) -> Colour {
    Colour::ALL[i as usize % 3]
}

/// Item count of a quest (for labels).
pub fn items_of(q: u8) -> usize {
    quest(q).items.len()
}
