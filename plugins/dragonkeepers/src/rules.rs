//! Legal actions and their effects: the rules of a turn, pure functions over [`Dk`].

use tavern_plugin_api::{Applied, GameError, GameRng};

use crate::action::{Action, Deck};
use crate::data::{Back, Colour, Kind, Reward, card, card_name, data, front_name};
use crate::model::{Dk, End, Item, Page, Phase, SetupStep, Slot, Stack, Step};

/// Hand cards that look the same from both sides are the same choice; keep one of each.
fn distinct(cards: impl Iterator<Item = u8>) -> impl Iterator<Item = u8> {
    let mut seen = 0u64;
    cards.filter(move |&c| {
        let bit = 1u64 << card(c).look;
        let new = seen & bit == 0;
        seen |= bit;
        new
    })
}

const PLAY_ITEMS: [Item; 4] = [
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

    fn usable_shadows(&self, seat: usize) -> u8 {
        let p = &self.players[seat];
        p.shadows_in_hand().saturating_sub(p.fresh_shadows)
    }

    /// The cards that may join the running selection, one per distinct look.
    fn selectable(&self, seat: usize, out: &mut Vec<Action>) {
        let st = &self.step;
        let sel = &st.selection;
        let need = self.needed() as usize;
        if sel.len() >= need {
            return;
        }
        let mut shadows_in_sel = 0u8;
        let mut colour = None;
        for &x in sel {
            match card(x).front {
                None => shadows_in_sel += 1,
                Some(k) => colour = colour.or(Some(k)),
            }
        }
        let shadow_ok = shadows_in_sel < self.usable_shadows(seat)
            && (colour.is_some() || sel.len() + 1 < need);
        let open = |k: Colour| self.stack_open(seat, k) || self.armed(Item::TrollHorn);
        // Colours a real card may have: the selection's, else the book's (or, with the
        // prism ink, any other).
        let mut allowed = [false; 4];
        match colour {
            Some(k) => allowed[k.idx()] = open(k),
            None => {
                let prism = self.armed(Item::PrismInk);
                let bc = self.book_colour();
                for k in Colour::ALL {
                    allowed[k.idx()] = (Some(k) != bc) == prism && open(k);
                }
            }
        }
        let defs = &data().cards;
        let mut seen = 0u64;
        for &c in &self.players[seat].hand {
            let d = &defs[c as usize];
            let ok = match d.front {
                None => shadow_ok,
                Some(k) => allowed[k.idx()],
            };
            let bit = 1u64 << d.look;
            if ok && seen & bit == 0 && !sel.contains(&c) {
                seen |= bit;
                out.push(Action::Select { card: c });
            }
        }
    }

    fn selection_complete(&self) -> bool {
        let sel = &self.step.selection;
        !sel.is_empty()
            && sel.len() == self.needed() as usize
            && sel.iter().any(|&c| card(c).front.is_some())
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
        let usable = p.usable_crystals();
        let shadows = self.usable_shadows(seat) as usize;
        let defs = &data().cards;
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
                if !self.stack_open(seat, k) {
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

    fn play_building(&self, seat: usize, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let st = &self.step;
        if st.selection.is_empty() {
            let armed_n = st.armed.count_ones() as u8;
            for it in PLAY_ITEMS {
                if self.armed(it) {
                    out.push(Action::Disarm { item: it });
                } else if self.item_free(seat, it)
                    && p.usable_crystals() > armed_n
                    && self.arm_useful(seat, it)
                {
                    out.push(Action::Arm { item: it });
                }
            }
        }
        self.selectable(seat, out);
        if self.selection_complete() {
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

    fn flute_options(&self, seat: usize, out: &mut Vec<Action>) {
        let st = &self.step;
        if st.played
            && st.last_play.len() >= 2
            && self.item_free(seat, Item::TwilightFlute)
            && self.players[seat].usable_crystals() >= 1
        {
            let real = st
                .last_play
                .iter()
                .copied()
                .filter(|&c| card(c).front.is_some());
            for keep in distinct(real) {
                out.push(Action::UseFlute { keep });
            }
        }
    }

    /// Every legal action for `seat` (no labels: the fast path for playouts).
    pub fn actions(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        if self.actor() != Some(seat) {
            return out;
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
                return out;
            }
            if !self.early_end
                && !st.played
                && st.selection.is_empty()
                && st.armed == 0
                && st.placed != [true, true]
            {
                let defs = &data().cards;
                let shadows_ok = self.usable_shadows(seat) > 0;
                let mut seen = 0u64;
                for &c in &p.hand {
                    let d = &defs[c as usize];
                    let bit = 1u64 << d.look;
                    if seen & bit != 0 {
                        continue;
                    }
                    seen |= bit;
                    if d.kind == Kind::Shadow && !shadows_ok {
                        continue;
                    }
                    let page = match d.back {
                        Back::Number(_) => Page::Left,
                        Back::Colour(_) => Page::Right,
                        Back::Ribbon => continue,
                    };
                    if !st.placed[page.idx()] {
                        out.push(Action::PlaceOnPage { card: c, page });
                    }
                }
            }
            if st.played {
                self.flute_options(seat, &mut out);
            } else {
                self.play_building(seat, &mut out);
            }
            out.push(Action::EndTurn);
        } else {
            if st.played {
                self.flute_options(seat, &mut out);
            } else {
                self.play_building(seat, &mut out);
            }
            out.push(Action::Pass);
        }
        out
    }

    /// A button label and scene target for an action of `seat`.
    pub fn describe(&self, seat: usize, a: &Action) -> (String, Option<String>) {
        let p = &self.players[seat];
        match a {
            Action::UseMint => (
                "Use the dragon mint (1 crystal): take the top card of both pages".into(),
                Some("item:dragon_mint".into()),
            ),
            Action::TakeDisplay { page } => {
                let c = self.display[page.idx()].expect("display card");
                (
                    format!("Take the {} from the {} display", card_name(c), page.name()),
                    Some(format!("display:{}", page.name())),
                )
            }
            Action::PayCrystalForFourth => (
                "Return a crystal to take a 4th card".into(),
                Some(format!("crystals:{seat}")),
            ),
            Action::PlaceOnPage { card: c, page } => (
                format!(
                    "Place the {} face down on the {} page",
                    card_name(*c),
                    page.name()
                ),
                Some(format!("hand:{c}")),
            ),
            Action::Arm { item } => (
                format!("Use the {} for this play (1 crystal)", item.name()),
                Some(format!("item:{}", item.key())),
            ),
            Action::Disarm { item } => (
                format!("Don't use the {}", item.name()),
                Some(format!("item:{}", item.key())),
            ),
            Action::Select { card: c } => (
                format!("Add the {} to the play", card_name(*c)),
                Some(format!("hand:{c}")),
            ),
            Action::Play { end } => {
                let colour = self.selection_colour().map(Colour::name).unwrap_or("");
                let n = self.step.selection.len();
                let s = if n == 1 { "" } else { "s" };
                match end {
                    None => {
                        let target =
                            match p.stack_index(self.selection_colour().unwrap_or(Colour::White)) {
                                Some(_) => format!("stack:{seat}:{colour}"),
                                None => format!("row:{seat}:right"),
                            };
                        (format!("Lay out {n} {colour} dragon{s}"), Some(target))
                    }
                    Some(e) => {
                        let side = if *e == End::Left { "left" } else { "right" };
                        (
                            format!(
                                "Lay out {n} {colour} dragon{s} as a new stack at the {side} end"
                            ),
                            Some(format!("row:{seat}:{side}")),
                        )
                    }
                }
            }
            Action::UseFlute { keep } => (
                format!(
                    "Use the twilight flute (1 crystal): leave the {} out, the rest back to hand",
                    front_name(*keep)
                ),
                Some("item:twilight_flute".into()),
            ),
            Action::EndTurn => ("End your turn".into(), Some("button:end".into())),
            Action::Pass => {
                let l = if self.step.played {
                    "Done"
                } else {
                    "Don't play this time"
                };
                (l.into(), Some("button:end".into()))
            }
            _ => (format!("{a:?}"), None),
        }
    }

    // ----- chance -----

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

    fn apply_chance(&mut self, a: &Action) -> Result<Applied, GameError> {
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

    fn begin_turn(&mut self) {
        self.step = Step::default();
        for p in &mut self.players {
            p.fresh_crystals = 0;
            p.fresh_shadows = 0;
            p.items_used = 0;
        }
    }

    /// Moves the page's top card to the display; the card below shows its back to all.
    fn refill(&mut self, p: Page) {
        let page = &mut self.pages[p.idx()];
        self.display[p.idx()] = page.pop().map(|s| s.card);
        self.after_removal(p);
    }

    fn after_removal(&mut self, p: Page) {
        let page = &mut self.pages[p.idx()];
        if let Some(top) = page.last_mut() {
            top.back_seen = true;
        }
        if page.len() <= 1 {
            self.early_end = true;
        }
    }

    // ----- seat actions -----

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
                let mut l = cat(&[
                    name,
                    " takes the ",
                    card_name(c),
                    " from the ",
                    page.name(),
                    " display",
                ]);
                if self.early_end {
                    l.push_str("; a page is down to one card: the game ends after this turn");
                }
                Applied::reveal(l)
            }
            Action::PayCrystalForFourth => {
                self.players[seat].crystals -= 1;
                self.crystals += 1;
                self.step.paid_fourth = true;
                Applied::public(format!("{name} returns a crystal to take a fourth card"))
            }
            Action::PlaceOnPage { card: c, page } => {
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
                let back = crate::data::back_name(card(*c).back);
                Applied::public(cat(&[
                    name,
                    " places a card showing ",
                    back,
                    " face down on the ",
                    page.name(),
                    " page",
                ]))
                .with_private(cat(&["You place the ", card_name(*c)]))
            }
            Action::Arm { item } => {
                self.step.armed |= item.bit();
                Applied::public(format!("{name} will use the {}", item.name()))
            }
            Action::Disarm { item } => {
                self.step.armed &= !item.bit();
                Applied::public(format!("{name} will not use the {}", item.name()))
            }
            Action::Select { card: c } => {
                self.step.selection.push(*c);
                Applied::public(format!("{name} picks a card to play"))
                    .with_private(format!("You add the {} to the play", card_name(*c)))
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
                let mut skipped = Vec::new();
                if self.phase != Phase::Turn {
                    skipped = self.next_completer();
                }
                self.with_skipped(Applied::public(l), skipped)
            }
            Action::EndTurn => {
                self.step.selection.clear();
                self.step.armed = 0;
                let skipped = self.next_completer();
                self.with_skipped(Applied::public(cat(&[name, " ends the turn"])), skipped)
            }
            Action::Pass => {
                let l = cat(&[
                    name,
                    if self.step.played {
                        " is done"
                    } else {
                        " does not play"
                    },
                ]);
                let skipped = self.next_completer();
                self.with_skipped(Applied::public(l), skipped)
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
        let mut skipped = Vec::new();
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
    fn next_completer(&mut self) -> Vec<usize> {
        let n = self.n();
        let mut cur = match self.phase {
            Phase::Completing(s) => s,
            _ => self.active,
        };
        self.step = Step::default();
        let mut skipped = Vec::new();
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
            skipped.push(cur);
        }
    }

    /// Adds the "cannot play" note of [`Self::next_completer`] to a log entry.
    fn with_skipped(&self, mut a: Applied, skipped: Vec<usize>) -> Applied {
        if !skipped.is_empty() {
            let names: Vec<&str> = skipped
                .iter()
                .map(|&s| self.players[s].name.as_str())
                .collect();
            a.label.push_str("; ");
            a.label.push_str(&names.join(", "));
            a.label.push_str(" cannot complete the turn");
            a.reveal = true;
        }
        a
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

fn new_slot(card: u8) -> Slot {
    Slot {
        card,
        placed_by: None,
        back_seen: false,
    }
}
