//! What a seat's action does: taking, placing, playing and its rewards, the flute, and
//! handing the turn on to completing players. Only the change of state lives here; the log
//! text is written from a [`Done`] by [`crate::applied`], so playouts skip it.

use tavern_plugin_api::GameError;

use crate::action::Action;
use crate::data::{Colour, Reward, data};
use crate::legal::PLAY_ITEMS;
use crate::model::{Dk, End, Item, Page, Phase, Slot, Stack};

/// What a seat action changed, as far as its log entry needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Done {
    /// The dragon mint: the cards taken from the left and right page.
    Mint([Option<u8>; 2]),
    /// `early_end`: the take left a page with one card.
    Took {
        card: u8,
        page: Page,
        early_end: bool,
    },
    PaidFourth,
    Placed {
        card: u8,
    },
    Armed(Item),
    /// The green ore hammer, switched on for the reward's second lowest piece.
    HammerOn {
        piece: u8,
    },
    Disarmed(Item),
    /// The picked cards went back to the hand.
    Unpicked,
    Selected {
        card: u8,
    },
    Played(Play),
    /// `back`: cards returned to hand.
    Flute {
        back: usize,
        skipped: u8,
    },
    Ended {
        skipped: u8,
    },
    /// `played`: the completing seat had made a play before passing.
    Passed {
        played: bool,
        skipped: u8,
    },
}

/// A play made: its cards, its rewards and who was passed over after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Play {
    pub colour: Colour,
    pub cards: usize,
    /// The book number paid out (index into the reward table).
    pub number: u8,
    /// Bit per entry of that number's rewards: the supply still had it.
    pub granted: u8,
    /// The amulet pieces given, in reward order (their values are public).
    pub pieces: [Option<u8>; 2],
    /// The crest earned by this play (its value).
    pub crest: Option<u8>,
    /// The items the play used and paid for (bit per item), and which lowest piece the
    /// green ore hammer upgraded: the plan's steps are not logged on their own.
    pub items: u8,
    pub hammer_on: u8,
    /// Seats passed over (bit per seat) because they could not complete the turn.
    pub skipped: u8,
}

impl Dk {
    /// The state change of a seat action; `seat` must be the acting seat.
    pub(crate) fn seat_change(&mut self, seat: usize, a: &Action) -> Result<Done, GameError> {
        if self.actor() != Some(seat) {
            return Err(GameError::new("not this seat's decision"));
        }
        let done = match a {
            Action::UseMint => {
                self.pay(seat, Item::DragonMint);
                let mut got = [None; 2];
                for p in Page::BOTH {
                    if let Some(s) = self.pages[p.idx()].pop() {
                        self.players[seat].hand.push(s.card);
                        got[p.idx()] = Some(s.card);
                        self.after_removal(p);
                    }
                }
                Done::Mint(got)
            }
            Action::TakeDisplay { page } => {
                let c = self.display[page.idx()].ok_or_else(|| GameError::new("empty display"))?;
                self.players[seat].hand.push(c);
                self.step.taken += 1;
                self.refill(*page);
                Done::Took {
                    card: c,
                    page: *page,
                    early_end: self.early_end,
                }
            }
            Action::PayCrystalForFourth => {
                self.players[seat].crystals -= 1;
                self.crystals += 1;
                self.step.paid_fourth = true;
                Done::PaidFourth
            }
            Action::PlaceOnPage { card: c, page } => {
                // Only shadow dragons received this turn can be barred; without any, the
                // flag cannot matter, so the count is skipped.
                let barred = self.players[seat].fresh_shadows > 0 && self.usable_shadows(seat) == 0;
                self.seen
                    .placed_face_down(&self.players[seat].hand, *c, barred);
                let hand = &mut self.players[seat].hand;
                let i = hand
                    .iter()
                    .position(|x| x == c)
                    .ok_or_else(|| GameError::new("not in hand"))?;
                hand.remove(i);
                self.pages[page.idx()].push(Slot {
                    card: *c,
                    placed_by: Some(seat as u8),
                    back_seen: true,
                });
                self.step.placed[page.idx()] = true;
                Done::Placed { card: *c }
            }
            Action::Arm { item } => {
                self.step.armed |= item.bit();
                Done::Armed(*item)
            }
            Action::HammerOn { piece } => {
                self.step.armed |= Item::GreenOreHammer.bit();
                self.step.hammer_on = *piece;
                Done::HammerOn { piece: *piece }
            }
            Action::Disarm { item } => {
                self.step.armed &= !item.bit();
                if *item == Item::GreenOreHammer {
                    self.step.hammer_on = 0;
                }
                Done::Disarmed(*item)
            }
            Action::Unpick => {
                self.step.selection.clear();
                Done::Unpicked
            }
            Action::Select { card: c } => {
                self.step.selection.push(*c);
                Done::Selected { card: *c }
            }
            Action::Play { end } => Done::Played(self.play(seat, *end)?),
            Action::UseFlute { keep } => {
                self.pay(seat, Item::TwilightFlute);
                let keep = *keep;
                let last = &mut self.step.last_play;
                let p = &mut self.players[seat];
                for s in &mut p.row {
                    s.cards.retain(|c| *c == keep || !last.contains(c));
                }
                let before = p.hand.len();
                p.hand.extend(last.iter().copied().filter(|&c| c != keep));
                let back = p.hand.len() - before;
                last.clear();
                last.push(keep);
                let mut skipped = 0;
                if self.phase != Phase::Turn {
                    skipped = self.next_completer();
                }
                Done::Flute { back, skipped }
            }
            Action::EndTurn => {
                self.step.selection.clear();
                self.step.armed = 0;
                Done::Ended {
                    skipped: self.next_completer(),
                }
            }
            Action::Pass => {
                let played = self.step.played;
                Done::Passed {
                    played,
                    skipped: self.next_completer(),
                }
            }
            _ => return Err(GameError::new("a chance outcome needs no seat")),
        };
        Ok(done)
    }

    fn pay(&mut self, seat: usize, it: Item) {
        let p = &mut self.players[seat];
        p.crystals -= 1;
        p.items_used |= it.bit();
        self.crystals += 1;
    }

    fn play(&mut self, seat: usize, end: Option<End>) -> Result<Play, GameError> {
        let colour = self
            .selection_colour()
            .ok_or_else(|| GameError::new("nothing chosen"))?;
        let armed = self.step.armed;
        for it in PLAY_ITEMS {
            if armed & it.bit() != 0 {
                self.pay(seat, it);
            }
        }
        // The selection's buffer is handed back empty below, so a play allocates only a
        // new stack.
        let mut cards = std::mem::take(&mut self.step.selection);
        let number = self.book_number();
        let p = &mut self.players[seat];
        p.hand.retain(|c| !cards.contains(c));
        for &c in &cards {
            self.seen.reveal(c);
        }
        let p = &mut self.players[seat];
        match p.stack_index(colour) {
            Some(i) => p.row[i].cards.extend(&cards),
            None => {
                let s = Stack {
                    colour,
                    cards: cards.clone(),
                };
                match end {
                    Some(End::Left) => p.row.insert(0, s),
                    _ => p.row.push(s),
                }
            }
        }
        let mut granted = 0u8;
        let mut given_pieces = [None; 2];
        let hammer = (armed & Item::GreenOreHammer.bit() != 0).then_some(self.step.hammer_on);
        let pieces = self.reward_pieces(number, hammer);
        for (k, &r) in data().rewards[number as usize].iter().enumerate() {
            let given = match r {
                Reward::LowestPiece | Reward::HighestPiece => {
                    match pieces.get(k).copied().flatten() {
                        Some(id) => {
                            self.give_piece(seat, id);
                            if let Some(slot) = given_pieces.iter_mut().find(|g| g.is_none()) {
                                *slot = Some(id);
                            }
                            true
                        }
                        None => false,
                    }
                }
                Reward::ShadowDragon => match self.shadow_supply.pop() {
                    Some(c) => {
                        self.seen.reveal(c);
                        let p = &mut self.players[seat];
                        p.hand.push(c);
                        p.fresh_shadows += 1;
                        true
                    }
                    None => false,
                },
                Reward::Crystal => {
                    let any = self.crystals > 0;
                    if any {
                        self.crystals -= 1;
                        let p = &mut self.players[seat];
                        p.crystals += 1;
                        p.fresh_crystals += 1;
                    }
                    any
                }
                Reward::GoldenEgg => {
                    let any = self.eggs > 0;
                    if any {
                        self.eggs -= 1;
                        self.players[seat].eggs += 1;
                    }
                    any
                }
            };
            granted |= (given as u8) << k;
        }
        let p = &mut self.players[seat];
        let earns = !self.options.children
            && p.crest.is_none()
            && p.row.len() == 4
            && !self.crests.is_empty();
        let crest = earns.then(|| self.crests.remove(0));
        if crest.is_some() {
            p.crest = crest;
        }
        self.step.played = true;
        self.step.last_play.clear();
        self.step.last_play.extend(&cards);
        let hammer_on = self.step.hammer_on;
        self.step.armed = 0;
        self.step.hammer_on = 0;
        let n = cards.len();
        cards.clear();
        self.step.selection = cards;
        let mut skipped = 0;
        if self.phase != Phase::Turn && !self.flute_possible(seat) {
            skipped = self.next_completer();
        }
        Ok(Play {
            colour,
            cards: n,
            number,
            granted,
            pieces: given_pieces,
            crest,
            items: armed,
            hammer_on,
            skipped,
        })
    }

    fn give_piece(&mut self, seat: usize, id: u8) {
        self.piece_supply &= !(1u64 << id);
        let p = &mut self.players[seat];
        p.pieces.push(id);
        if p.pieces.len().is_multiple_of(3)
            && (self.pearl_supply.count_ones() as usize) > self.pearls_due.len()
        {
            self.pearls_due.push(seat as u8);
        }
    }

    /// Hands the book to the next seat clockwise that can complete the turn, or ends it.
    /// Returns the seats passed over because they could not play: that tells the table
    /// something about their hands, so the log says it and marks it as a reveal.
    fn next_completer(&mut self) -> u8 {
        let n = self.n();
        let mut cur = match self.phase {
            Phase::Completing(s) => s,
            _ => self.active,
        };
        self.step.reset();
        let mut skipped = 0u8;
        loop {
            cur = (cur + 1) % n;
            if cur == self.active {
                self.end_of_turn();
                return skipped;
            }
            if self.can_play(cur) {
                self.phase = Phase::Completing(cur);
                return skipped;
            }
            skipped |= 1 << cur;
        }
    }

    fn end_of_turn(&mut self) {
        if self.early_end || self.completed_amulets() >= self.amulets_to_end() {
            self.phase = Phase::Over;
            return;
        }
        self.active = (self.active + 1) % self.n();
        self.turn += 1;
        self.phase = Phase::Turn;
        self.begin_turn();
    }
}
