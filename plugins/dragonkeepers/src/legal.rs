//! Which actions are legal now: the running selection, items, taking and placing.

use crate::action::Action;
use crate::data::{Back, Colour, Kind, Reward, SHADOW_BIT, card, data};
use crate::model::{Dk, End, Item, Page, Phase};

/// Cards that look the same from both sides are the same choice; keep one of each (the
/// twilight flute's, whose buttons name the card by its look).
fn distinct(cards: impl Iterator<Item = u8>) -> impl Iterator<Item = u8> {
    let mut seen = 0u64;
    cards.filter(move |&c| {
        let bit = 1u64 << card(c).look;
        let new = seen & bit == 0;
        seen |= bit;
        new
    })
}

pub(crate) const PLAY_ITEMS: [Item; 4] = [
    Item::TrollHorn,
    Item::GreenOreHammer,
    Item::PrismInk,
    Item::SwindleFeather,
];

impl Dk {
    fn item_free(&self, seat: usize, it: Item) -> bool {
        self.has_item(it) && self.players[seat].items_used & it.bit() == 0
    }

    fn armed(&self, it: Item) -> bool {
        self.step.armed & it.bit() != 0
    }

    /// How many cards the coming play must have.
    pub fn needed(&self) -> u8 {
        let n = self.book_number();
        if self.armed(Item::SwindleFeather) {
            n.saturating_sub(1)
        } else {
            n
        }
    }

    /// The colour of the selection so far (its first real dragon).
    pub fn selection_colour(&self) -> Option<Colour> {
        self.step.selection.iter().find_map(|&c| card(c).front)
    }

    pub(crate) fn usable_shadows(&self, seat: usize) -> u8 {
        let p = &self.players[seat];
        p.shadows_in_hand().saturating_sub(p.fresh_shadows)
    }

    /// Colours (bit per colour) whose stack in `seat`'s row may grow or be started: the
    /// placement rule in one pass over the row.
    pub(crate) fn open_colours(&self, seat: usize) -> u8 {
        let row = &self.players[seat].row;
        if self.options.children || row.len() <= 2 {
            return 0b1111;
        }
        let mut open = 0b1111u8;
        for s in &row[1..row.len() - 1] {
            open &= !(1 << s.colour.idx());
        }
        open
    }

    /// The cards that may join the running selection, each look-alike too.
    fn selectable(&self, seat: usize, need: usize, out: &mut Vec<Action>) {
        let sel = &self.step.selection;
        if sel.len() >= need {
            return;
        }
        let defs = &data().cards;
        let mut shadows_in_sel = 0u8;
        let mut colour = None;
        let mut chosen = 0u128;
        for &x in sel {
            chosen |= 1 << x;
            match defs[x as usize].front {
                None => shadows_in_sel += 1,
                Some(k) => colour = colour.or(Some(k)),
            }
        }
        // A shadow dragon needs a real card beside it; count them only if that can be.
        let shadow_ok = (colour.is_some() || sel.len() + 1 < need)
            && shadows_in_sel < self.usable_shadows(seat);
        let mut open = self.open_colours(seat);
        if self.armed(Item::TrollHorn) {
            open = 0b1111;
        }
        // Colours a real card may have: the selection's, else the book's (or, with the
        // prism ink, any other).
        let allowed = match colour {
            Some(k) => open & (1 << k.idx()),
            None => {
                let book = self.book_colour().map_or(0, |c| 1u8 << c.idx());
                if self.armed(Item::PrismInk) {
                    open & !book
                } else {
                    open & book
                }
            }
        };
        if allowed == 0 && !shadow_ok {
            return;
        }
        // Gathered first and appended in one go: cheaper than a push per card. Every
        // card that may join is listed, look-alikes too, so each is its own target on
        // the table (a click on the second of two shadow dragons picks it).
        let mut picks = [0u8; 64];
        let mut k = 0;
        let accept = allowed | if shadow_ok { SHADOW_BIT } else { 0 };
        for &c in &self.players[seat].hand {
            let d = &defs[c as usize];
            if d.front_bit & accept != 0 && chosen & (1 << c) == 0 {
                picks[k] = c;
                k += 1;
            }
        }
        out.extend(picks[..k].iter().map(|&card| Action::Select { card }));
    }

    fn selection_complete(&self, need: usize) -> bool {
        let sel = &self.step.selection;
        !sel.is_empty() && sel.len() == need && sel.iter().any(|&c| card(c).front.is_some())
    }

    fn arm_useful(&self, seat: usize, it: Item) -> bool {
        match it {
            Item::TrollHorn => {
                !self.options.children && Colour::ALL.iter().any(|&c| !self.stack_open(seat, c))
            }
            Item::GreenOreHammer => {
                let rewards = &data().rewards[self.book_number() as usize];
                rewards.contains(&Reward::LowestPiece)
                    && self
                        .piece_at_extreme(false)
                        .and_then(|p| self.piece_above(Self::piece_value(p)))
                        .is_some()
            }
            Item::SwindleFeather => self.book_number() >= 2,
            _ => true,
        }
    }

    /// Could `seat` make any play to the book as it stands, items and crystals included?
    pub fn can_play(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        let n = self.book_number();
        let bc = self.book_colour();
        if p.hand.is_empty() {
            return false;
        }
        if self.items & (Item::SwindleFeather.bit() | Item::PrismInk.bit() | Item::TrollHorn.bit())
            == 0
        {
            // Without items only the book's colour counts, on a stack that may grow.
            let Some(k) = bc else { return false };
            if !self.stack_open(seat, k) {
                return false;
            }
            let (mut have, mut shadows) = (0u8, 0u8);
            let defs = &data().cards;
            let kb = 1u8 << k.idx();
            for &c in &p.hand {
                let f = defs[c as usize].front_bit;
                have += (f == kb) as u8;
                shadows += (f == SHADOW_BIT) as u8;
            }
            return have > 0 && have + shadows.saturating_sub(p.fresh_shadows) >= n;
        }
        let usable = p.usable_crystals();
        let shadows = self.usable_shadows(seat) as usize;
        let defs = &data().cards;
        let open = self.open_colours(seat);
        let mut real = [0usize; 4];
        for &c in &p.hand {
            if let Some(k) = defs[c as usize].front {
                real[k.idx()] += 1;
            }
        }
        for feather in [false, true] {
            if feather && !(self.item_free(seat, Item::SwindleFeather) && n >= 2) {
                continue;
            }
            let need = (n - feather as u8) as usize;
            for k in Colour::ALL {
                let have = real[k.idx()];
                if have == 0 || have + shadows < need {
                    continue;
                }
                let mut cost = feather as u8;
                if Some(k) != bc {
                    if !self.item_free(seat, Item::PrismInk) {
                        continue;
                    }
                    cost += 1;
                }
                if open & (1 << k.idx()) == 0 {
                    if !self.item_free(seat, Item::TrollHorn) {
                        continue;
                    }
                    cost += 1;
                }
                if cost <= usable {
                    return true;
                }
            }
        }
        false
    }

    /// Switching items on and off, offered before the first pick. Inlined so a game
    /// without items pays only the test.
    #[inline]
    fn arm_options(&self, seat: usize, out: &mut Vec<Action>) {
        let st = &self.step;
        if st.selection.is_empty() && (self.items | st.armed) != 0 {
            self.item_switches(seat, out);
        }
    }

    fn item_switches(&self, seat: usize, out: &mut Vec<Action>) {
        let armed_n = self.step.armed.count_ones() as u8;
        for it in PLAY_ITEMS {
            if self.armed(it) {
                out.push(Action::Disarm { item: it });
            } else if self.item_free(seat, it)
                && self.players[seat].usable_crystals() > armed_n
                && self.arm_useful(seat, it)
            {
                out.push(Action::Arm { item: it });
                if it == Item::GreenOreHammer {
                    self.hammer_second(out);
                }
            }
        }
    }

    /// In a turn with nothing picked, armed or played yet: the placements, the items, then
    /// the first picks, in the order [`Self::actions`] always gives them. The same as the
    /// placement loop followed by [`Self::play_building`], in one pass over the hand.
    fn place_and_pick(&self, seat: usize, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let st = &self.step;
        let defs = &data().cards;
        let need = self.book_number();
        let usable = self.usable_shadows(seat);
        // Only shadow dragons received this turn are barred from the pages.
        let place_shadows = p.fresh_shadows == 0 || usable > 0;
        // A first pick: the book's colour where its stack may grow, or a shadow dragon
        // when more cards are to follow.
        let book = self.book_colour().map_or(0, |c| 1u8 << c.idx());
        let mut accept = self.open_colours(seat) & book;
        if need >= 2 && usable > 0 {
            accept |= SHADOW_BIT;
        }
        if need == 0 {
            accept = 0;
        }
        let mut places = [(0u8, Page::Left); 64];
        let mut picks = [0u8; 64];
        let (mut k, mut j) = (0, 0);
        // Every hand card is a pick of its own, look-alikes too (each is a target on the
        // table); a placement is one per look (it targets the page, and look-alikes put
        // the same back on it).
        let mut seen = 0u64;
        for &c in &p.hand {
            let d = &defs[c as usize];
            if d.front_bit & accept != 0 {
                picks[j] = c;
                j += 1;
            }
            let bit = 1u64 << d.look;
            if seen & bit != 0 {
                continue;
            }
            seen |= bit;
            let page = match d.back {
                Back::Number(_) => {
                    if d.kind == Kind::Shadow && !place_shadows {
                        continue;
                    }
                    Page::Left
                }
                Back::Colour(_) => Page::Right,
                Back::Ribbon => continue,
            };
            if !st.placed[page.idx()] {
                places[k] = (c, page);
                k += 1;
            }
        }
        out.extend(
            places[..k]
                .iter()
                .map(|&(card, page)| Action::PlaceOnPage { card, page }),
        );
        self.arm_options(seat, out);
        out.extend(picks[..j].iter().map(|&card| Action::Select { card }));
    }

    fn play_building(&self, seat: usize, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        self.arm_options(seat, out);
        let need = self.needed() as usize;
        if !self.step.selection.is_empty() {
            out.push(Action::Unpick);
        }
        self.selectable(seat, need, out);
        if self.selection_complete(need) {
            let colour = self.selection_colour().expect("complete has a colour");
            if p.stack_index(colour).is_some() || p.row.is_empty() {
                out.push(Action::Play { end: None });
            } else {
                out.push(Action::Play {
                    end: Some(End::Left),
                });
                out.push(Action::Play {
                    end: Some(End::Right),
                });
            }
        }
    }

    /// With two lowest pieces in the reward the player chooses which one the hammer
    /// upgrades (when the lowest value is down to one piece, upgrading the second is worth
    /// more); the second is offered when it gives other values than the first.
    fn hammer_second(&self, out: &mut Vec<Action>) {
        let number = self.book_number();
        let lowest = data().rewards[number as usize]
            .iter()
            .filter(|&&r| r == Reward::LowestPiece)
            .count();
        if lowest >= 2 {
            let second = self.reward_values(number, Some(1));
            if second != self.reward_values(number, Some(0))
                && second != self.reward_values(number, None)
            {
                out.push(Action::HammerOn { piece: 1 });
            }
        }
    }

    /// Would [`Self::flute_options`] list anything?
    pub(crate) fn flute_possible(&self, seat: usize) -> bool {
        self.flute_ready(seat)
    }

    fn flute_ready(&self, seat: usize) -> bool {
        let st = &self.step;
        st.played
            && st.last_play.len() >= 2
            && self.item_free(seat, Item::TwilightFlute)
            && self.players[seat].usable_crystals() >= 1
    }

    pub(crate) fn flute_options(&self, seat: usize, out: &mut Vec<Action>) {
        let st = &self.step;
        if self.flute_ready(seat) {
            // Any card of the play may be the one left out, a shadow dragon too: it stays
            // on the stack of the play's colour.
            for keep in distinct(st.last_play.iter().copied()) {
                out.push(Action::UseFlute { keep });
            }
        }
    }

    /// Every legal action for `seat` (no labels).
    pub fn actions(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        self.actions_into(seat, &mut out);
        out
    }

    /// [`Self::actions`] appended to `out`: the playout path, which reuses one buffer.
    pub fn actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        if self.actor() != Some(seat) {
            return;
        }
        let st = &self.step;
        let p = &self.players[seat];
        if self.phase == Phase::Turn {
            let take_open = !self.early_end
                && st.placed == [false, false]
                && st.selection.is_empty()
                && st.armed == 0
                && !st.played;
            if take_open
                && st.taken == 0
                && self.item_free(seat, Item::DragonMint)
                && p.usable_crystals() >= 1
                && self.pages.iter().all(|pg| pg.len() >= 2)
            {
                out.push(Action::UseMint);
            }
            let limit = if st.paid_fourth { 4 } else { 3 };
            if take_open && st.taken < limit {
                for page in Page::BOTH {
                    if self.display[page.idx()].is_some() {
                        out.push(Action::TakeDisplay { page });
                    }
                }
            }
            if take_open && st.taken == 3 && !st.paid_fourth && p.usable_crystals() >= 1 {
                out.push(Action::PayCrystalForFourth);
            }
            let may_act = st.taken >= 1 || self.early_end;
            if !may_act {
                return;
            }
            if !self.early_end
                && !st.played
                && st.selection.is_empty()
                && st.armed == 0
                && st.placed != [true, true]
            {
                // Nothing picked, nothing played: one pass over the hand lists both the
                // placements and the first picks (the hot path of random playouts).
                self.place_and_pick(seat, out);
                out.push(Action::EndTurn);
                return;
            }
            if st.played {
                self.flute_options(seat, out);
            } else {
                self.play_building(seat, out);
            }
            out.push(Action::EndTurn);
        } else {
            if st.played {
                self.flute_options(seat, out);
            } else {
                self.play_building(seat, out);
            }
            out.push(Action::Pass);
        }
    }
}
