//! What a seat may do now. Every decision is one action from this list.
//!
//! The lists are written into a caller's buffer (`*_into`): random playouts list the legal
//! actions at every step, so nothing here allocates on the way.

use crate::action::{Action, ColourList};
use crate::data::{
    Colour, ExtraKind, GEMS, MAGIC, RES, TreasureEffect, ability, data, pack, quest, room, treasure,
};
use crate::model::{Kg, Pending, Phase, QCard};
use crate::rules::Limit;
use tavern_plugin_api::game::Turn;

/// Distinct kinds in a list of cards, in first-seen order.
pub fn distinct(cards: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(cards.len());
    for &c in cards {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// Whether every byte of `have` is at least the same byte of `need` (each below 128):
/// setting each byte's top bit and subtracting borrows inside a byte, never across, and
/// leaves the top bit set exactly where `have` covers `need`.
fn covers(have: u64, need: u64) -> bool {
    const TOP: u64 = 0x0000_8080_8080_8080;
    ((have | TOP) - need) & TOP == TOP
}

/// The distinct kinds of `cards` in first-seen order, without a list.
fn each_distinct(cards: &[u8]) -> impl Iterator<Item = u8> + '_ {
    cards
        .iter()
        .enumerate()
        .filter(|&(i, c)| !cards[..i].contains(c))
        .map(|(_, &c)| c)
}

impl Kg {
    /// Who must decide now: `Some(seats)`; empty for chance or the end.
    pub fn deciders(&self) -> Vec<usize> {
        if self.phase != Phase::Play {
            return Vec::new();
        }
        if let Some(Pending::Draw { .. }) = self.pending.front() {
            return Vec::new();
        }
        if let Some((s, _)) = self.limit_violator() {
            return vec![s];
        }
        match self.pending.front() {
            Some(Pending::Funeral { bids, .. }) => {
                (0..self.n()).filter(|&s| bids[s].is_none()).collect()
            }
            Some(p) => vec![p.seat().unwrap_or(self.active)],
            None => vec![self.active],
        }
    }

    /// [`Kg::deciders`] as a [`Turn`], without a list (the playouts ask at every step).
    pub fn turn_now(&self) -> Turn {
        if let Some(Pending::Draw { .. }) = self.pending.front() {
            return Turn::Chance;
        }
        if self.pending.is_empty() {
            // The active seat decides unless another seat is over a limit and it is not
            // (it comes first in the order): the others are looked at first, so the
            // active seat's limits are worked out only when one of them is over.
            if self.limits_apply() {
                let n = self.players.len();
                for i in 1..n {
                    let s = (self.active + i) % n;
                    if self.over_limit(s).is_some() {
                        let first = self.over_limit(self.active).map_or(s, |_| self.active);
                        return Turn::Seat(first);
                    }
                }
            }
            return Turn::Seat(self.active);
        }
        if let Some((s, _)) = self.limit_violator() {
            return Turn::Seat(s);
        }
        match self.pending.front() {
            Some(Pending::Funeral { bids, .. }) => {
                let mut open = (0..self.n()).filter(|&s| bids[s].is_none());
                match (open.next(), open.next()) {
                    (None, _) => Turn::Chance,
                    (Some(s), None) => Turn::Seat(s),
                    _ => Turn::Several,
                }
            }
            Some(p) => Turn::Seat(p.seat().unwrap_or(self.active)),
            None => Turn::Seat(self.active),
        }
    }

    pub fn actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.actions_into(seat, &mut v);
        v
    }

    /// Appends what `seat` may do now (nothing when it is not among the deciders).
    pub fn actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        if self.phase != Phase::Play || seat >= self.n() {
            return;
        }
        if let Some(Pending::Draw { .. }) = self.pending.front() {
            return;
        }
        if let Some((s, limit)) = self.limit_violator() {
            if s != seat {
                return;
            }
            let p = &self.players[seat];
            match limit {
                Limit::Storage => {
                    // Half the steps of a random game: a plain loop, not a filtered
                    // iterator's extend (it grew the list one checked push at a time).
                    out.reserve(RES);
                    for res in 0..RES as u8 {
                        if p.res[res as usize] > 0 {
                            out.push(Action::Discard { res });
                        }
                    }
                }
                Limit::Hand => out.extend(each_distinct(&p.hand).map(|kind| Action::Sell { kind })),
            }
            return;
        }
        match self.pending.front() {
            Some(p @ Pending::Funeral { bids, .. }) => {
                if bids[seat].is_none() {
                    self.pending_actions_into(seat, p, out);
                }
            }
            Some(p) => {
                if p.seat().unwrap_or(self.active) == seat {
                    self.pending_actions_into(seat, p, out);
                }
            }
            None => {
                if self.active == seat {
                    self.main_actions_into(seat, out);
                }
            }
        }
    }

    /// Colours that can still be drawn.
    pub fn open_colours(&self) -> Vec<Colour> {
        self.each_open_colour().collect()
    }

    fn each_open_colour(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|&c| self.colour_available(c))
    }

    /// Every way to choose `n` colours (order does not matter).
    fn colour_sets(&self, n: u8) -> Vec<Vec<Colour>> {
        let open = self.open_colours();
        let mut out = vec![Vec::new()];
        for _ in 0..n {
            let mut next = Vec::new();
            for v in &out {
                for &c in &open {
                    if v.last().is_none_or(|&l: &Colour| l <= c) {
                        let mut w = v.clone();
                        w.push(c);
                        next.push(w);
                    }
                }
            }
            out = next;
        }
        out.retain(|v| !v.is_empty());
        out
    }

    /// Resources `seat` may choose (gatherable) that the supply still has.
    pub fn choosable(&self, seat: usize) -> Vec<u8> {
        self.each_choosable(seat).collect()
    }

    fn each_choosable(&self, seat: usize) -> impl Iterator<Item = u8> + '_ {
        let gems_magic = self.players[seat].may_gather_gems_magic();
        (0..RES as u8).filter(move |&r| {
            self.stock[r as usize] > 0
                && match r as usize {
                    crate::data::GEMS => gems_magic.0,
                    crate::data::MAGIC => gems_magic.1,
                    _ => true,
                }
        })
    }

    pub fn pending_actions(&self, seat: usize, p: &Pending) -> Vec<Action> {
        let mut v = Vec::new();
        self.pending_actions_into(seat, p, &mut v);
        v
    }

    fn pending_actions_into(&self, seat: usize, p: &Pending, v: &mut Vec<Action>) {
        let pl = &self.players[seat];
        match p {
            Pending::Draw { .. } => {}
            Pending::Funeral { .. } => {
                v.extend((0..=pl.coins.min(255) as u8).map(Action::Bid));
            }
            Pending::Colours { n, .. } => {
                v.extend(self.colour_sets(*n).into_iter().map(|c| Action::Colours {
                    colours: ColourList::new(&c).expect("a choice asks for at most three colours"),
                }));
            }
            Pending::Keep { .. } => {
                v.extend(each_distinct(&self.pool).map(|kind| Action::Keep { kind }));
            }
            Pending::Toss { .. } => {
                v.extend(each_distinct(&pl.hand).map(|kind| Action::Toss { kind }));
            }
            Pending::HeroPay { colour, .. } => {
                if pl.coins >= 1 && self.colour_available(*colour) {
                    v.push(Action::Accept);
                }
                v.push(Action::Decline);
            }
            Pending::Appraiser { .. } => {
                v.extend(self.each_open_colour().map(|c| Action::Colours {
                    colours: ColourList::one(c),
                }));
                v.push(Action::Decline);
            }
            Pending::PlentyNext { .. } => {
                v.extend(self.each_choosable(seat).map(|res| Action::Res { res }));
            }
            Pending::WondersNext { except, .. } => {
                if pl.coins >= 1 {
                    v.extend(self.each_open_colour().filter(|c| c != except).map(|c| {
                        Action::Colours {
                            colours: ColourList::one(c),
                        }
                    }));
                }
                v.push(Action::Decline);
            }
            Pending::Hire { .. } => {
                self.hire_actions_into(seat, v);
                v.push(Action::Decline);
            }
            Pending::Extra { kind, .. } => {
                match kind {
                    ExtraKind::Gather => self.gather_actions_into(seat, v),
                    ExtraKind::Craft => self.craft_actions_into(seat, v),
                }
                v.push(Action::Decline);
            }
            Pending::PlaceSpec { .. } => {
                self.each_free_loc(seat, |at| v.push(Action::Place { at }));
            }
            Pending::PlaceRoom { room: r, .. } => {
                self.each_room_cell(seat, *r, |cell| v.push(Action::Build { room: *r, cell }));
            }
            Pending::Curator { .. } => {
                if pl.coins >= 3 {
                    v.extend(
                        (0..self.discard.len() as u8)
                            .filter(|&k| {
                                self.discard[k as usize] > 0 && treasure(k).relic.is_some()
                            })
                            .map(|kind| Action::BuyRelic { kind }),
                    );
                }
                v.push(Action::Decline);
            }
            Pending::Alchemist { left, .. } => {
                if *left > 0 {
                    for give in 0..RES as u8 {
                        if pl.res[give as usize] == 0 {
                            continue;
                        }
                        for take in 0..RES as u8 {
                            if take != give && self.stock[take as usize] > 0 {
                                v.push(Action::Trade { give, take });
                            }
                        }
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Smuggler { .. } => {
                for from in 0..self.n() as u8 {
                    if from as usize == seat {
                        continue;
                    }
                    for res in 0..RES as u8 {
                        if self.players[from as usize].res[res as usize] > 0 {
                            v.push(Action::Steal { from, res });
                        }
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Witch { .. } => {
                for (i, s) in self.board.iter().enumerate() {
                    if let Some(s) = s
                        && let QCard::Quest(q) = s.card
                        && quest(q).items.len() == 1
                    {
                        v.push(Action::TakeQuest { slot: i as u8 });
                    }
                }
            }
            Pending::Warlock { .. } => {
                for kind in each_distinct(&pl.hand) {
                    match treasure(kind).effect {
                        TreasureEffect::Riches => v.push(Action::Destroy { kind, arg: 0 }),
                        TreasureEffect::Plenty => v.extend(
                            self.each_choosable(seat)
                                .map(|arg| Action::Destroy { kind, arg }),
                        ),
                        TreasureEffect::Wonders => {
                            v.extend(self.each_open_colour().map(|c| Action::Destroy {
                                kind,
                                arg: c.idx() as u8,
                            }))
                        }
                        _ => {}
                    }
                }
                v.push(Action::Decline);
            }
            Pending::Thug { .. } => {
                for (i, s) in self.board.iter().enumerate() {
                    if s.is_some_and(|s| matches!(s.card, QCard::Quest(_)))
                        && self.thug.is_none_or(|(_, t)| t as usize != i)
                    {
                        v.push(Action::ThugTo { slot: i as u8 });
                    }
                }
                v.push(Action::Decline);
            }
            Pending::StartBonus { .. } => {
                v.extend(
                    self.start_bonus_choices(seat)
                        .into_iter()
                        .map(|take| Action::StartBonus { take }),
                );
            }
        }
    }

    /// A queued decision has something to choose besides declining.
    pub fn answerable(&self, p: &Pending) -> bool {
        match p {
            Pending::Funeral { .. } => true,
            Pending::Draw { .. } => false,
            _ => {
                let seat = p.seat().unwrap_or(self.active);
                self.pending_actions(seat, p)
                    .iter()
                    .any(|a| *a != Action::Decline)
            }
        }
    }

    pub fn gather_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.gather_actions_into(seat, &mut v);
        v
    }

    fn gather_actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        let p = &self.players[seat];
        self.gathers_with(seat, p.abilities(), p.owned_rooms(), v);
    }

    /// The gathers, with the seat's abilities and rooms already worked out.
    fn gathers_with(&self, seat: usize, abilities: u32, owned: u64, v: &mut Vec<Action>) {
        let (gems, magic) = self.players[seat].gems_magic_with(abilities, owned);
        let mut ok = [0u8; RES];
        let mut k = 0;
        for r in 0..RES {
            let allowed = match r {
                GEMS => gems,
                MAGIC => magic,
                _ => true,
            };
            ok[k] = r as u8;
            k += usize::from(allowed && self.stock[r] > 0);
        }
        let ok = &ok[..k];
        v.reserve(3 * k + k * k.saturating_sub(1) / 2);
        // The amounts are put together in a register, one byte per resource: an array
        // written byte by byte and read back whole stalled on every gather listed.
        let take_of = |bits: u64| {
            let b = bits.to_le_bytes();
            Action::Gather {
                take: [b[0], b[1], b[2], b[3], b[4], b[5]],
            }
        };
        for &r in ok {
            for n in 1..=self.stock[r as usize].min(3) {
                v.push(take_of((n as u64) << (8 * r)));
            }
        }
        for (i, &a) in ok.iter().enumerate() {
            for &b in &ok[i + 1..] {
                v.push(take_of((1u64 << (8 * a)) | (1u64 << (8 * b))));
            }
        }
        if abilities & ability::LABORER != 0 {
            // Three of any gatherable types: the mixes a normal gather cannot take (three
            // of one is `i == l`), as far as the supply holds them, compared six at once.
            let stock = pack(&self.stock);
            for i in 0..k {
                for j in i..k {
                    for l in j..k {
                        let take =
                            (1u64 << (8 * ok[i])) + (1u64 << (8 * ok[j])) + (1u64 << (8 * ok[l]));
                        if i != l && covers(stock, take) {
                            v.push(take_of(take));
                        }
                    }
                }
            }
        }
    }

    pub fn craft_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.craft_actions_into(seat, &mut v);
        v
    }

    /// The crafts [`Kg::can_craft`] allows, found with the seat's discounts and sigils
    /// worked out once instead of per quest and item, and the items' costs from the
    /// packed tables. Resource amounts are compared six at a time, one byte each in a
    /// word (see [`covers`]).
    fn craft_actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        let d = data();
        let p = &self.players[seat];
        let mut disc = [[0u8; RES]; 2];
        let mut discounted = false;
        for (s, _) in &p.specs {
            if let Some((item, res)) = d.spec_discount[*s as usize] {
                disc[item as usize][res as usize] += 1;
                discounted = true;
            }
        }
        let have = pack(&p.res);
        let mut sigil_free: Option<bool> = None;
        for (slot, s) in self.board.iter().enumerate() {
            let Some(s) = s else { continue };
            let QCard::Quest(q) = s.card else { continue };
            if let Some((owner, ts)) = self.thug
                && ts as usize == slot
                && owner as usize != seat
                && p.coins < 2
            {
                continue;
            }
            let n = d.quest_items[q as usize] as usize;
            let mut cost = d.quest_cost[q as usize];
            if discounted {
                let kinds = d.quest_kind[q as usize];
                for i in 0..n {
                    let mut c = cost[i].to_le_bytes();
                    for r in 0..RES {
                        c[r] = c[r].saturating_sub(disc[kinds[i] as usize][r]);
                    }
                    cost[i] = u64::from_le_bytes(c);
                }
            }
            let made = u8::from(s.made[0].is_some()) | (u8::from(s.made[1].is_some()) << 1);
            // Both items together need at least what either needs alone, so a quest whose
            // open items are each out of reach offers nothing (most quests, most turns).
            let reach_first = made & 1 == 0 && covers(have, cost[0]);
            let reach_second = n == 2 && made & 2 == 0 && covers(have, cost[1]);
            if !reach_first && !reach_second {
                continue;
            }
            for mask in 1..(1u8 << n) {
                if mask & made != 0 {
                    continue;
                }
                // Costs are below 64 per resource, so the sum never carries into the
                // next resource's byte.
                let need = match mask {
                    1 => cost[0],
                    2 => cost[1],
                    _ => cost[0] + cost[1],
                };
                if !covers(have, need) {
                    continue;
                }
                // Starting a two-item quest with one item needs a free sigil.
                if n == 2 && made == 0 && mask != 3 {
                    let free = *sigil_free.get_or_insert_with(|| self.free_sigils(seat) > 0);
                    if !free {
                        continue;
                    }
                }
                v.push(Action::Craft {
                    slot: slot as u8,
                    items: mask,
                });
            }
        }
    }

    pub fn hire_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.hire_actions_into(seat, &mut v);
        v
    }

    fn hire_actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        self.each_hire(seat, |index, at, baggage| {
            v.push(Action::Hire { index, at, baggage });
            true
        });
    }

    /// Every room `seat` may build and where, with its rooms, Builder and filled cells
    /// worked out once (the cells depend only on the room's width), in the order of
    /// [`Kg::each_buyable_room`]: the common piles, then the master rooms.
    fn build_actions_with(&self, seat: usize, abilities: u32, owned: u64, out: &mut Vec<Action>) {
        let d = data();
        let p = &self.players[seat];
        let filled = p.filled_cells();
        let anywhere = abilities & ability::BUILDER != 0;
        // Rooms built, and at two players the other of the Gem Workshop and the Magic
        // Arcaenum once one is built.
        let mut blocked = owned;
        if self.n() == 2 {
            if owned & (1 << room::GEM) != 0 {
                blocked |= 1 << room::MAGIC;
            }
            if owned & (1 << room::MAGIC) != 0 {
                blocked |= 1 << room::GEM;
            }
        }
        // The rooms for sale, in list order: the common piles, then the master rooms.
        let mut rooms = [0u8; 64];
        let mut k = 0;
        for r in 0..room::STATUE {
            if let Some(i) = Kg::pile_index(r)
                && self.piles[i] > 0
            {
                rooms[k] = r;
                k += 1;
            }
        }
        for &m in &self.masters {
            rooms[k] = m;
            k += 1;
        }
        let mut by_width = [0u16; 3];
        let mut known = [false; 3];
        for &r in &rooms[..k] {
            if d.room_cost[r as usize] as u32 > p.coins || blocked & (1 << r) != 0 {
                continue;
            }
            let w = crate::data::room_def(r).width as usize;
            if !known[w] {
                by_width[w] = crate::expand::room_cell_mask(filled, w as u8, anywhere);
                known[w] = true;
            }
            let mut cells = by_width[w];
            while cells != 0 {
                out.push(Action::Build {
                    room: r,
                    cell: cells.trailing_zeros() as u8,
                });
                cells &= cells - 1;
            }
        }
    }

    /// (may build, may hire) in this turn's expand.
    fn expand_left(&self) -> (bool, bool) {
        let t = &self.turn;
        if !t.acted {
            (true, true)
        } else if !t.expanded {
            (false, false)
        } else if self.solo {
            let more = t.built + t.hired < 2;
            (more, more)
        } else {
            (t.built == 0, t.hired == 0)
        }
    }

    fn solo_statue_into(&self, seat: usize, out: &mut Vec<Action>) {
        if !self.solo || self.statue_built || self.players[seat].has_room(room::STATUE) {
            return;
        }
        let on_board = self
            .board
            .iter()
            .any(|s| s.is_some_and(|s| s.card == QCard::Funeral));
        if on_board {
            self.each_room_cell(seat, room::STATUE, |cell| {
                out.push(Action::Build {
                    room: room::STATUE,
                    cell,
                })
            });
        }
    }

    pub fn main_actions(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.main_actions_into(seat, &mut v);
        v
    }

    fn main_actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        let start = v.len();
        let acted = self.turn.acted;
        let p = &self.players[seat];
        // What several parts of the list ask about the seat, worked out once.
        let abilities = p.abilities();
        let (b, h) = self.expand_left();
        let owned = if !acted || b { p.owned_rooms() } else { 0 };
        if !acted {
            self.gathers_with(seat, abilities, owned, v);
            self.craft_actions_into(seat, v);
            self.solo_statue_into(seat, v);
            if self.final_turn() && !p.offered && self.free_sigils(seat) > 0 {
                v.push(Action::Offer);
            }
        }
        if b {
            self.build_actions_with(seat, abilities, owned, v);
        }
        let bard = abilities & ability::BARD != 0;
        // Free places are counted only when someone in the row is affordable (random
        // players are short of coins most of the game) or the Bard may move.
        let mult = if abilities & ability::RECRUITER != 0 {
            2
        } else {
            1
        };
        let h = h && (0..self.row.len()).any(|i| self.spec_cost_by(i, mult) <= p.coins);
        let places = (h || bard).then(|| p.free_places());
        let free = places.as_ref().map_or(&[][..], |(f, k)| &f[..*k]);
        if h {
            self.each_hire_with(seat, free, |index, at, baggage| {
                v.push(Action::Hire { index, at, baggage });
                true
            });
        }
        let main_possible = v.len() > start;
        self.treasure_actions(seat, v);
        if abilities & ability::ORACLE != 0 && !self.turn.peeked && !self.quest_deck.is_empty() {
            v.push(Action::Peek);
        }
        if bard {
            for &(s, at) in &p.specs {
                if self.turn.moved & (1u64 << s) != 0 {
                    continue;
                }
                for &(to, _) in free {
                    if to != at {
                        v.push(Action::Move { spec: s, to });
                    }
                }
            }
        }
        if acted || !main_possible {
            v.push(Action::EndTurn);
        }
    }

    fn treasure_actions(&self, seat: usize, v: &mut Vec<Action>) {
        let p = &self.players[seat];
        for kind in each_distinct(&p.hand) {
            let t = treasure(kind);
            match t.effect {
                TreasureEffect::None => {}
                TreasureEffect::Map => {
                    if self.each_open_colour().next().is_none() {
                        continue;
                    }
                    let two = p.hand.iter().filter(|&&k| k == kind).count() >= 2;
                    for other in each_distinct(&p.hand) {
                        if other != kind || two {
                            v.push(Action::Play { kind, arg: other });
                        }
                    }
                }
                TreasureEffect::Contract => {
                    if self.can_hire(seat) {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Spoiling => {
                    // A chosen resource must be one the chooser may gather.
                    for r in 0..RES as u8 {
                        if p.may_gather(r as usize)
                            && self.players.iter().any(|q| q.res[r as usize] > 0)
                        {
                            v.push(Action::Play { kind, arg: r });
                        }
                    }
                }
                TreasureEffect::Plenty => {
                    v.extend(
                        self.each_choosable(seat)
                            .map(|arg| Action::Play { kind, arg }),
                    );
                }
                TreasureEffect::Wonders => {
                    v.extend(self.each_open_colour().map(|c| Action::Play {
                        kind,
                        arg: c.idx() as u8,
                    }))
                }
                TreasureEffect::Lucky => {
                    if !self.turn.lucky {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Fortune => {
                    if self.turn.fortune < 2 {
                        v.push(Action::Play { kind, arg: 0 });
                    }
                }
                TreasureEffect::Gain(_) | TreasureEffect::Riches => {
                    v.push(Action::Play { kind, arg: 0 })
                }
            }
        }
        // A treasure that sells for nothing is not offered for sale on the turn (0.1.0
        // offered it); over the hand limit it still is, as one way to give a card up.
        let old = self.rules_0_1;
        v.extend(
            each_distinct(&p.hand)
                .filter(|&kind| old || self.sell_price(seat, kind) > 0)
                .map(|kind| Action::Sell { kind }),
        );
    }
}
