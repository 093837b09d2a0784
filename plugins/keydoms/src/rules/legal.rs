//! What a seat may do: its legal actions, their labels and which of them spend treasures.

use tavern_plugin_api::Legal;

use crate::data::{self, TYPES, artefact_name, treasure_singular};
use crate::state::{Action, Keydoms, Pending};
use crate::treasure::can_pay;

impl Keydoms {
    /// Every legal action of `seat`, without labels (the fast path for playouts).
    pub fn actions_for(&self, seat: usize) -> Vec<Action> {
        let mut v = Vec::new();
        self.actions_into(seat, &mut v);
        v
    }

    /// Appends the legal actions of `seat` to `v` (playouts reuse one buffer).
    pub fn actions_into(&self, seat: usize, v: &mut Vec<Action>) {
        if self.m.need_spell_shuffle || self.m.need_stack_shuffle.is_some() {
            return;
        }
        let Some(p) = &self.pending else {
            if self.window_seat() == Some(seat)
                && let Some(w) = self.m.windows.last()
            {
                let before = v.len();
                self.magic_actions_into(seat, crate::magic::Ctx::Window(w.kind), v);
                let something = v.len() > before;
                v.push(Action::Pass);
                // Asked with nothing to do now (an active wand and spells that do not
                // fit this moment), the plain pass is the only answer, which the host
                // gives by itself; passing for the round is offered with a real choice.
                if something || self.rules_0_2 {
                    v.push(Action::PassRound);
                }
            }
            return;
        };
        if p.seat() != seat {
            return;
        }
        let me = &self.players[seat];
        match p {
            Pending::StartTreasure { .. } => {
                for t in 0..TYPES as u8 {
                    if !me.start_picks.contains(&t) && self.treasury[t as usize] > 0 {
                        v.push(Action::TakeStartTreasure { treasure: t });
                    }
                }
            }
            Pending::Place { .. } => {
                let mut open = [0u8; data::LOCS];
                let mut k = 0;
                for l in 0..data::LOCS as u8 {
                    if self.is_active(l) {
                        open[k] = l;
                        k += 1;
                    }
                }
                let open = &open[..k];
                v.reserve(k * 8 + 4);
                for w in me.unplaced() {
                    let strength = w.strength;
                    // A sized extend writes each action straight into the buffer (pushing
                    // one by one went through a stack copy that stalled).
                    v.extend(open.iter().map(|&loc| Action::Place { strength, loc }));
                }
                self.magic_actions_into(seat, crate::magic::Ctx::Placement, v);
            }
            Pending::NameStartPlayer { .. } => {
                for s in 0..self.n() as u8 {
                    v.push(Action::NameStartPlayer { seat: s });
                }
            }
            Pending::MarketGive { .. } => {
                for t in 0..TYPES as u8 {
                    if me.treasure[t as usize] > 0 {
                        v.push(Action::MarketGive { treasure: t });
                    }
                }
                v.push(Action::MarketPass);
            }
            Pending::MarketTake { .. } => {
                for t in 0..TYPES as u8 {
                    if self.treasury[t as usize] > 0 {
                        v.push(Action::MarketTake { treasure: t });
                    }
                }
            }
            Pending::Bribe { paid, .. } => {
                for t in 0..TYPES as u8 {
                    if me.treasure[t as usize] > 0 {
                        v.push(Action::BribeOne { treasure: t });
                    }
                }
                if paid.iter().sum::<u8>() == 0 {
                    v.push(Action::RefuseBribe);
                }
            }
            Pending::Magic { step, .. } => v.extend(self.step_actions(seat, step)),
            Pending::Buy {
                room,
                stack,
                need,
                paid,
                ..
            } => {
                match stack {
                    None => {
                        if can_pay(&me.treasure, need, &[]) {
                            for s in self.offered(*room) {
                                v.push(Action::ChooseStack { stack: s as u8 });
                            }
                        }
                    }
                    Some(_) => {
                        if let Some(&s) = need.get(paid.len()) {
                            let rest = &need[paid.len() + 1..];
                            for t in 0..TYPES as u8 {
                                let mut used = paid.clone();
                                used.push(t);
                                if !paid.contains(&t)
                                    && me.treasure[t as usize] >= s
                                    && can_pay(&me.treasure, rest, &used)
                                {
                                    v.push(Action::PayWorker { treasure: t });
                                }
                            }
                        }
                    }
                }
                if paid.is_empty() {
                    v.push(Action::DeclineBuy);
                }
            }
        }
    }

    /// Legal actions with their labels and the scene items they belong to.
    pub fn legal_for(&self, seat: usize) -> Vec<Legal<Action>> {
        self.actions_for(seat)
            .into_iter()
            .map(|a| self.describe(seat, a))
            .collect()
    }

    fn describe(&self, seat: usize, a: Action) -> Legal<Action> {
        let (label, target) = match (&a, &self.pending) {
            (Action::TakeStartTreasure { treasure: t }, _) => (
                format!("Take a small {} to start", treasure_singular(*t)),
                format!("treasury:{t}"),
            ),
            (Action::Place { strength, loc }, _) => (
                format!("Place your {strength} in {}", crate::data::the_loc(*loc)),
                format!("loc:{loc}"),
            ),
            (Action::NameStartPlayer { seat: s }, _) => (
                if *s as usize == seat {
                    "Become the start player yourself".to_string()
                } else {
                    format!("Make {} the start player", self.players[*s as usize].name)
                },
                // The own screen holds the treasures and artefacts others click, so
                // keeping the marker oneself is a click on the stables being resolved.
                if *s as usize == seat {
                    format!("loc:{}", crate::data::STABLES)
                } else {
                    format!("seat:{s}")
                },
            ),
            (Action::MarketGive { treasure: t }, _) => (
                format!("Trade in one small {}", treasure_singular(*t)),
                format!("mine:{t}"),
            ),
            (Action::MarketPass, _) => ("Skip the market trade".into(), "loc:6".into()),
            (Action::MarketTake { treasure: t }, Some(Pending::MarketTake { left, .. })) => (
                format!(
                    "Take a small {} ({left} left to take)",
                    treasure_singular(*t)
                ),
                format!("treasury:{t}"),
            ),
            (Action::BribeOne { treasure: t }, Some(Pending::Bribe { owed, paid, .. })) => (
                format!(
                    "Bribe the guard with one {} ({} of {owed} paid)",
                    treasure_singular(*t),
                    paid.iter().sum::<u8>()
                ),
                format!("mine:{t}"),
            ),
            (Action::RefuseBribe, _) => (
                "Do not bribe: your castle workers go home".into(),
                "loc:9".into(),
            ),
            (Action::ChooseStack { stack }, _) => {
                let s = *stack as usize;
                let what = match self.stacks[s].last() {
                    Some(&a) if self.top_up[s] => format!("the {}", artefact_name(a)),
                    _ => format!("the face-down stack of {}", self.stacks[s].len()),
                };
                let verb = if matches!(self.pending, Some(Pending::Buy { .. })) {
                    "Buy"
                } else {
                    "Choose"
                };
                (format!("{verb} {what}"), crate::data::stack_id(*stack))
            }
            (Action::PayWorker { treasure: t }, Some(Pending::Buy { need, paid, .. })) => {
                let s = need.get(paid.len()).copied().unwrap_or(0);
                (
                    format!(
                        "Pay {} for your strength-{s} worker",
                        data::treasures_of(s as u16, *t as usize)
                    ),
                    format!("mine:{t}"),
                )
            }
            (Action::DeclineBuy, Some(Pending::Buy { room, stack, .. })) => {
                let what = match stack.map(|st| st as usize) {
                    Some(st) if self.top_up[st] => self.stacks[st]
                        .last()
                        .map(|&a| format!("the {}", artefact_name(a))),
                    _ => None,
                }
                .unwrap_or_else(|| "an artefact".to_string());
                (
                    format!("Do not buy {what} in {}", crate::data::loc_name(*room)),
                    format!("loc:{room}"),
                )
            }
            _ => crate::magic_view::describe(self, seat, &a)
                .unwrap_or_else(|| (format!("{a:?}"), String::new())),
        };
        // Letting a response window go by is the answer the host may give by itself for
        // a player who asked not to be bothered again this round.
        let pass = a == Action::Pass;
        let spends = self.spends(&a);
        // Enter plays the move that ends what the seat is doing: letting a window go
        // by, finishing a trade, leaving the ghosts' counters alone.
        let default = matches!(a, Action::Pass | Action::Done);
        let mut l = Legal::new(a, label);
        if pass {
            l = l.pass(format!("round {}", self.round));
        }
        if spends {
            l = l.spends();
        }
        if default {
            l = l.by_default();
        }
        if target.is_empty() { l } else { l.at(target) }
    }

    /// Whether `a` gives away the seat's treasures: a bribe, a purchase (choosing what to
    /// buy, then paying for each worker), the market's trade-in, a payment a spell asks
    /// for, Trade, and casting a spell that makes its caster pay (Donation, Toll, and
    /// Teleport's three treasures).
    pub fn spends(&self, a: &Action) -> bool {
        match a {
            Action::BribeOne { .. }
            | Action::PayWorker { .. }
            | Action::MarketGive { .. }
            | Action::PayOne { .. }
            | Action::TradeOne { .. } => true,
            Action::ChooseStack { .. } => matches!(self.pending, Some(Pending::Buy { .. })),
            Action::Cast { spell } => matches!(spell, 4 | 19 | 20),
            _ => false,
        }
    }
}
