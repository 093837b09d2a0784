//! What a seat's action does: taking, placing, playing and its rewards, the flute, and
//! handing the turn on to completing players.

use tavern_plugin_api::{Applied, GameError};

use crate::action::Action;
use crate::data::{Reward, card_name, data, texts};
use crate::legal::PLAY_ITEMS;
use crate::model::{Dk, End, Item, Page, Phase, Slot, Stack, Step};

impl Dk {
    pub fn apply_action(&mut self, seat: Option<usize>, a: &Action) -> Result<Applied, GameError> {
        let Some(seat) = seat else {
            return self.apply_chance(a);
        };
        if self.actor() != Some(seat) {
            return Err(GameError::new("not this seat's decision"));
        }
        // Borrowed out and put back below, so labels cost no copy of the name.
        let name = std::mem::take(&mut self.players[seat].name);
        let result = self.seat_action(seat, &name, a);
        self.players[seat].name = name;
        result
    }

    fn seat_action(&mut self, seat: usize, name: &str, a: &Action) -> Result<Applied, GameError> {
        let applied = match a {
            Action::UseMint => {
                self.pay(seat, Item::DragonMint);
                let mut got = Vec::new();
                for p in Page::BOTH {
                    if let Some(s) = self.pages[p.idx()].pop() {
                        self.players[seat].hand.push(s.card);
                        got.push(card_name(s.card));
                        self.after_removal(p);
                    }
                }
                Applied::reveal(format!(
                    "{name} uses the dragon mint and takes the top card of both pages"
                ))
                .with_private(format!("You take: {}", got.join(", ")))
            }
            Action::TakeDisplay { page } => {
                let c = self.display[page.idx()].ok_or_else(|| GameError::new("empty display"))?;
                self.players[seat].hand.push(c);
                self.step.taken += 1;
                self.refill(*page);
                let mut l = cat(&[name, &texts(c).take[page.idx()]]);
                if self.early_end {
                    l.push_str("; a page is down to one card: the game ends after this turn");
                }
                Applied::reveal(l)
            }
            Action::PayCrystalForFourth => {
                self.players[seat].crystals -= 1;
                self.crystals += 1;
                self.step.paid_fourth = true;
                Applied::public(cat(&[name, " returns a crystal to take a fourth card"]))
            }
            Action::PlaceOnPage { card: c, page } => {
                let barred = self.usable_shadows(seat) == 0;
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
                let t = texts(*c);
                Applied::public(cat(&[name, &t.place])).with_private(t.placed.as_str())
            }
            Action::Arm { item } => {
                self.step.armed |= item.bit();
                Applied::public(cat(&[name, " will use the ", item.name()]))
            }
            Action::Disarm { item } => {
                self.step.armed &= !item.bit();
                Applied::public(cat(&[name, " will not use the ", item.name()]))
            }
            Action::Select { card: c } => {
                self.step.selection.push(*c);
                Applied::public(cat(&[name, " picks a card to play"]))
                    .with_private(texts(*c).selected.as_str())
            }
            Action::Play { end } => self.play(seat, name, *end)?,
            Action::UseFlute { keep } => {
                self.pay(seat, Item::TwilightFlute);
                let back: Vec<u8> = self
                    .step
                    .last_play
                    .iter()
                    .copied()
                    .filter(|c| c != keep)
                    .collect();
                let p = &mut self.players[seat];
                for s in &mut p.row {
                    s.cards.retain(|c| !back.contains(c));
                }
                p.hand.extend(&back);
                self.step.last_play = vec![*keep];
                let l = format!(
                    "{name} plays the twilight flute and takes {} card(s) back to hand",
                    back.len()
                );
                let mut skipped = 0;
                if self.phase != Phase::Turn {
                    skipped = self.next_completer();
                }
                self.with_skipped(Applied::public(l), skipped)
            }
            Action::EndTurn => {
                self.step.selection.clear();
                self.step.armed = 0;
                let skipped = self.next_completer();
                self.skip_label(&[name, " ends the turn"], skipped)
            }
            Action::Pass => {
                let done = if self.step.played {
                    " is done"
                } else {
                    " does not play"
                };
                let skipped = self.next_completer();
                self.skip_label(&[name, done], skipped)
            }
            _ => return Err(GameError::new("a chance outcome needs no seat")),
        };
        Ok(applied)
    }

    fn pay(&mut self, seat: usize, it: Item) {
        let p = &mut self.players[seat];
        p.crystals -= 1;
        p.items_used |= it.bit();
        self.crystals += 1;
    }

    fn play(&mut self, seat: usize, name: &str, end: Option<End>) -> Result<Applied, GameError> {
        let colour = self
            .selection_colour()
            .ok_or_else(|| GameError::new("nothing chosen"))?;
        let armed = self.step.armed;
        for it in PLAY_ITEMS {
            if armed & it.bit() != 0 {
                self.pay(seat, it);
            }
        }
        let cards = std::mem::take(&mut self.step.selection);
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
        let mut got = Vec::new();
        let mut hammer = armed & Item::GreenOreHammer.bit() != 0;
        for &r in &data().rewards[number as usize] {
            match r {
                Reward::LowestPiece | Reward::HighestPiece => {
                    let mut id = self.piece_at_extreme(r == Reward::HighestPiece);
                    if r == Reward::LowestPiece && hammer {
                        hammer = false;
                        if let Some(up) = id.and_then(|i| self.piece_above(Self::piece_value(i))) {
                            id = Some(up);
                        }
                    }
                    if let Some(id) = id {
                        self.give_piece(seat, id);
                        got.push("an amulet piece");
                    }
                }
                Reward::ShadowDragon => {
                    if let Some(c) = self.shadow_supply.pop() {
                        self.seen.reveal(c);
                        let p = &mut self.players[seat];
                        p.hand.push(c);
                        p.fresh_shadows += 1;
                        got.push("a shadow dragon");
                    }
                }
                Reward::Crystal => {
                    if self.crystals > 0 {
                        self.crystals -= 1;
                        let p = &mut self.players[seat];
                        p.crystals += 1;
                        p.fresh_crystals += 1;
                        got.push("a crystal");
                    }
                }
                Reward::GoldenEgg => {
                    if self.eggs > 0 {
                        self.eggs -= 1;
                        self.players[seat].eggs += 1;
                        got.push("a golden egg");
                    }
                }
            }
        }
        let p = &mut self.players[seat];
        if !self.options.children
            && p.crest.is_none()
            && p.row.len() == 4
            && !self.crests.is_empty()
        {
            let c = self.crests.remove(0);
            p.crest = Some(c);
            got.push("a crest");
        }
        self.step.played = true;
        self.step.last_play = cards.clone();
        self.step.armed = 0;
        let n = cards.len();
        let label = format!(
            "{name} lays out {n} {} dragon{} and receives {}",
            colour.name(),
            if n == 1 { "" } else { "s" },
            if got.is_empty() {
                "nothing".to_string()
            } else {
                got.join(", ")
            }
        );
        let mut skipped = 0;
        if self.phase != Phase::Turn {
            let mut flute = Vec::new();
            self.flute_options(seat, &mut flute);
            if flute.is_empty() {
                skipped = self.next_completer();
            }
        }
        Ok(self.with_skipped(Applied::public(label), skipped))
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
        self.step = Step::default();
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

    /// Adds the "cannot play" note of [`Self::next_completer`] to a log entry.
    fn with_skipped(&self, a: Applied, skipped: u8) -> Applied {
        if skipped == 0 {
            return a;
        }
        self.skip_label(&[&a.label], skipped)
    }

    /// A public log entry from `parts` plus the "cannot play" note, built in one allocation
    /// (this runs at the end of every turn, also in bot playouts).
    fn skip_label(&self, parts: &[&str], skipped: u8) -> Applied {
        const NOTE: &str = " cannot complete the turn";
        let mut len: usize = parts.iter().map(|p| p.len()).sum();
        if skipped != 0 {
            len += 2 + NOTE.len();
            for (s, p) in self.players.iter().enumerate() {
                if skipped & (1 << s) != 0 {
                    len += p.name.len() + 2;
                }
            }
        }
        let mut label = String::with_capacity(len);
        for p in parts {
            label.push_str(p);
        }
        if skipped == 0 {
            return Applied::public(label);
        }
        label.push_str("; ");
        let mut first = true;
        for (s, p) in self.players.iter().enumerate() {
            if skipped & (1 << s) != 0 {
                if !first {
                    label.push_str(", ");
                }
                first = false;
                label.push_str(&p.name);
            }
        }
        label.push_str(NOTE);
        Applied::reveal(label)
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

/// Joins label pieces without the formatting machinery (labels are built on every action,
/// also in bot playouts).
fn cat(parts: &[&str]) -> String {
    let mut s = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        s.push_str(p);
    }
    s
}
