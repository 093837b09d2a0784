//! Button labels and scene targets for legal actions.

use crate::action::Action;
use crate::applied::item_names;
use crate::data::{Colour, coins, res_amount, res_list, room_def, spec, treasure};
use crate::model::{Kg, Loc, Pending, QCard};

impl Kg {
    pub fn loc_name(&self, seat: usize, at: Loc) -> String {
        match at {
            Loc::Outside => "above the guild".into(),
            Loc::Room(c) => format!(
                "in the {}",
                room_def(self.players[seat].grid[c as usize]).name
            ),
        }
    }

    pub fn describe(&self, seat: usize, a: &Action) -> (String, Option<String>) {
        match a {
            Action::Deal(_) => ("Deal".into(), None),
            Action::Drawn { kind } => (treasure(*kind).name.clone(), None),
            Action::Gather { take } => (format!("Gather {}", res_list(take)), Some("stock".into())),
            Action::Craft { slot, items } => {
                let q = match self.board[*slot as usize].map(|s| s.card) {
                    Some(QCard::Quest(q)) => q,
                    _ => 0,
                };
                (
                    format!(
                        "Craft the {} ({})",
                        item_names(q, *items),
                        crate::data::quest(q).name
                    ),
                    Some(format!("quest:{slot}")),
                )
            }
            Action::Build { room, cell } => {
                let d = room_def(*room);
                let extra = match self.pending.front() {
                    Some(Pending::PlaceRoom { .. }) => String::new(),
                    _ if self.solo && *room == crate::data::room::STATUE => " (free)".into(),
                    _ => format!(" for {}", coins(d.cost as u32)),
                };
                (
                    format!(
                        "Build the {}{extra} at row {}, column {}",
                        d.name,
                        cell / 4 + 1,
                        cell % 4 + 1
                    ),
                    Some(format!("cell:{seat}:{cell}")),
                )
            }
            Action::Hire { index, at, baggage } => {
                let (s, _) = self.row[*index as usize];
                let mut l = format!(
                    "Hire the {} for {} and place it {}",
                    spec(s).name,
                    coins(self.spec_cost(seat, *index as usize)),
                    self.loc_name(seat, *at)
                );
                if let Some(b) = baggage {
                    l.push_str(&format!(", baggage {}", self.loc_name(seat, Loc::Room(*b))));
                }
                (l, Some(format!("row:{index}")))
            }
            // The Offering to the Council lies in the first empty quest space (as drawn).
            Action::Offer => (
                "Make an offering to the Council (instead of an action)".into(),
                self.board
                    .iter()
                    .position(|x| x.is_none())
                    .map(|i| format!("quest:{i}")),
            ),
            Action::Play { kind, arg } => {
                let t = treasure(*kind);
                let what = match t.effect {
                    crate::data::TreasureEffect::Map => {
                        format!(" with {}", treasure(*arg).name)
                    }
                    crate::data::TreasureEffect::Spoiling => {
                        format!(": everyone loses {}", res_amount(1, *arg as usize))
                    }
                    crate::data::TreasureEffect::Plenty => {
                        format!(": you gain {}", res_amount(2, *arg as usize))
                    }
                    crate::data::TreasureEffect::Wonders => {
                        format!(": draw {}", Colour::ALL[*arg as usize % 3].name())
                    }
                    _ => String::new(),
                };
                (
                    format!("Play {}{what}", t.name),
                    Some(format!("hand:{kind}")),
                )
            }
            Action::Sell { kind } => (
                match self.sell_price(seat, *kind) {
                    0 => format!("Give up {} (it sells for nothing)", treasure(*kind).name),
                    n => format!("Sell {} for {}", treasure(*kind).name, coins(n)),
                },
                Some(format!("hand:{kind}")),
            ),
            Action::Peek => (
                "Look at the top 2 quest cards (Oracle)".into(),
                Some("questdeck".into()),
            ),
            Action::Move { spec: s, to } => (
                format!("Move the {} {}", spec(*s).name, self.loc_name(seat, *to)),
                None,
            ),
            Action::EndTurn => ("End your turn".into(), None),
            Action::Discard { res } => (
                format!("Discard {}", res_amount(1, *res as usize)),
                Some(format!("res:{seat}:{res}")),
            ),
            Action::Bid(n) => (format!("Bid {}", coins(*n as u32)), None),
            Action::Colours { colours } => {
                let c: Vec<&str> = colours.iter().map(|c| c.name()).collect();
                let pay = matches!(self.pending.front(), Some(Pending::WondersNext { .. }));
                let what = match c.as_slice() {
                    [one] => format!("a {one} treasure"),
                    many => format!("{} treasures", many.join(" + ")),
                };
                (
                    if pay {
                        format!("Pay 1 coin to draw {what}")
                    } else {
                        format!("Draw {what}")
                    },
                    None,
                )
            }
            Action::Keep { kind } => (
                format!("Keep {}", treasure(*kind).name),
                Some(format!("pool:{kind}")),
            ),
            Action::Toss { kind } => (
                format!("Discard {}", treasure(*kind).name),
                Some(format!("hand:{kind}")),
            ),
            Action::Res { res } => (format!("Take {}", res_amount(1, *res as usize)), None),
            Action::Accept => {
                let c = match self.pending.front() {
                    Some(Pending::HeroPay { colour, .. }) => colour.name(),
                    _ => "",
                };
                (format!("Pay 1 coin to draw a {c} treasure"), None)
            }
            Action::Decline => {
                let l = match self.pending.front() {
                    Some(Pending::HeroPay { colour, .. }) => {
                        format!("Don't pay: no {} treasure", colour.name())
                    }
                    Some(Pending::Appraiser { .. }) => "No extra draw".into(),
                    Some(Pending::WondersNext { .. }) => "Don't pay: no treasure".into(),
                    Some(Pending::Hire { .. }) => "Hire nobody".into(),
                    Some(Pending::Extra { .. }) => "Skip the extra action".into(),
                    Some(Pending::Curator { .. }) => "Buy no more relics".into(),
                    Some(Pending::Alchemist { .. }) => "Trade no more".into(),
                    Some(Pending::Smuggler { .. }) => "Steal nothing".into(),
                    Some(Pending::Witch { .. }) => "Take no quest".into(),
                    Some(Pending::Warlock { .. }) => "Destroy no scroll".into(),
                    Some(Pending::Thug { .. }) => "Leave the Thug where it is".into(),
                    _ => "Decline".into(),
                };
                (l, None)
            }
            Action::Place { at } => (format!("Place it {}", self.loc_name(seat, *at)), None),
            Action::BuyRelic { kind } => (
                format!("Buy {} for {}", treasure(*kind).name, coins(3)),
                None,
            ),
            Action::Trade { give, take } => (
                format!(
                    "Trade {} for {}",
                    res_amount(1, *give as usize),
                    res_amount(1, *take as usize)
                ),
                None,
            ),
            Action::Steal { from, res } => (
                format!(
                    "Steal {} from {}",
                    res_amount(1, *res as usize),
                    self.players[*from as usize].name
                ),
                None,
            ),
            Action::TakeQuest { slot } => {
                let name = self.board[*slot as usize]
                    .map(|s| crate::applied::card_name(s.card))
                    .unwrap_or_default();
                (format!("Take {name}"), Some(format!("quest:{slot}")))
            }
            Action::Destroy { kind, arg } => {
                let t = treasure(*kind);
                let what = match t.effect {
                    crate::data::TreasureEffect::Plenty => {
                        format!(" (you gain {})", res_amount(2, *arg as usize))
                    }
                    crate::data::TreasureEffect::Wonders => {
                        format!(" (draw {})", Colour::ALL[*arg as usize % 3].name())
                    }
                    _ => String::new(),
                };
                (format!("Destroy {} for both halves{what}", t.name), None)
            }
            Action::ThugTo { slot } => (
                format!(
                    "Put the Thug on {}",
                    self.board[*slot as usize]
                        .map(|s| crate::applied::card_name(s.card))
                        .unwrap_or_default()
                ),
                Some(format!("quest:{slot}")),
            ),
            Action::StartBonus { take } => (format!("Take {}", res_list(take)), None),
        }
    }
}
