//! Log text for applied actions, written from the [`Note`]s a change reported, so the
//! quiet playout path builds none of it. A treasure draw names the card only for the
//! seat that drew it; bids are secret until the last one is in.

use tavern_plugin_api::Applied;

use crate::data::{RES_NAMES, quest, res_list, room_def, spec, treasure};
use crate::model::{Kg, QCard};
use crate::notes::Note;

struct Line {
    public: String,
    private: Vec<(u8, String)>,
}

fn line(s: String) -> Line {
    Line {
        public: s,
        private: Vec::new(),
    }
}

pub fn card_name(c: QCard) -> String {
    match c {
        QCard::Quest(q) => quest(q).name.clone(),
        QCard::Funeral => "the King's Funeral".into(),
        QCard::Offering => "the Offering to the Council".into(),
    }
}

pub fn item_names(q: u8, items: u8) -> String {
    let names: Vec<&str> = quest(q)
        .items
        .iter()
        .enumerate()
        .filter(|(i, _)| items & (1 << i) != 0)
        .map(|(_, it)| it.name.as_str())
        .collect();
    names.join(" and ")
}

impl Kg {
    fn who(&self, s: u8) -> &str {
        &self.players[s as usize].name
    }

    fn note_line(&self, n: &Note) -> Line {
        match n {
            Note::Dealt => line(
                "Setup: master rooms, specialists, quests, boards and guilds are shuffled and dealt"
                    .into(),
            ),
            Note::Gathered { seat, got } => {
                line(format!("{} gathers {}", self.who(*seat), res_list(got)))
            }
            Note::GatherBonus { seat, got } => line(format!(
                "{}'s specialists add {}",
                self.who(*seat),
                res_list(got)
            )),
            Note::Discarded { seat, res } => line(format!(
                "{} returns 1 {} to the supply (storage full)",
                self.who(*seat),
                RES_NAMES[*res as usize]
            )),
            Note::Crafted {
                seat,
                quest: q,
                items,
                coins,
                fortune,
            } => {
                let mut s = format!(
                    "{} crafts the {} for {} and earns {coins} coins",
                    self.who(*seat),
                    item_names(*q, *items),
                    quest(*q).name
                );
                if *fortune > 0 {
                    s.push_str(" (doubled by a Fortune Potion)");
                }
                line(s)
            }
            Note::ThugFee { seat, owner } => line(format!(
                "{} pays the Thug's 2 coins to {}",
                self.who(*seat),
                self.who(*owner)
            )),
            Note::SigilPlaced { seat, quest: q } => line(format!(
                "{} puts a guild sigil on {}",
                self.who(*seat),
                quest(*q).name
            )),
            Note::Completed {
                seat,
                quest: q,
                first,
            } => match first {
                None => line(format!(
                    "{} completes {} and takes the quest card",
                    self.who(*seat),
                    quest(*q).name
                )),
                Some(o) => line(format!(
                    "{} completes {}; {} (who started it) takes the quest card",
                    self.who(*seat),
                    quest(*q).name,
                    self.who(*o)
                )),
            },
            Note::QuestTaken { seat, quest: q } => line(format!(
                "{} takes the quest card {} with the Witch",
                self.who(*seat),
                quest(*q).name
            )),
            Note::Revealed { card } => line(format!("New quest on the board: {}", card_name(*card))),
            Note::QuestLeaves { quest: q } => {
                line(format!("{} leaves the board", card_name(*q)))
            }
            Note::FuneralBegins => line(
                "The King's Funeral: everyone bids secretly for the King's Statue".into(),
            ),
            Note::Bid { seat } => line(format!("{} has placed a secret bid", self.who(*seat))),
            Note::FuneralResult { bids, winner } => {
                let all: Vec<String> = bids
                    .iter()
                    .enumerate()
                    .map(|(s, b)| format!("{} {b}", self.players[s].name))
                    .collect();
                let res = match winner {
                    Some(w) => format!("{} pays and builds the King's Statue", self.who(*w)),
                    None => "no single highest bid with room for it: nobody builds the statue"
                        .into(),
                };
                line(format!("Bids revealed: {}; {res}", all.join(", ")))
            }
            Note::OfferingDrawn => line(
                "The Offering to the Council is drawn: everyone has one last turn, the drawer last"
                    .into(),
            ),
            Note::Built {
                seat,
                room,
                cost,
                cell,
            } => line(format!(
                "{} builds the {} (row {}, column {}) for {cost} coins",
                self.who(*seat),
                room_def(*room).name,
                cell / 4 + 1,
                cell % 4 + 1
            )),
            Note::SpaceBonus { seat, res, amount } => line(match res {
                Some(r) => format!(
                    "{} covers a bonus space: {amount} {}",
                    self.who(*seat),
                    RES_NAMES[*r as usize]
                ),
                None => format!("{} covers a bonus space: {amount} coins", self.who(*seat)),
            }),
            Note::Hired {
                seat,
                spec: s,
                cost,
                full,
            } => {
                let mut t = format!(
                    "{} hires the {} for {cost} coins",
                    self.who(*seat),
                    spec(*s).name
                );
                if *full && !self.solo {
                    t.push_str("; the older specialists get a discount");
                }
                line(t)
            }
            Note::FreeSpecialist { seat, spec: s } => line(format!(
                "{} also takes the {} for free",
                self.who(*seat),
                spec(*s).name
            )),
            Note::SpecialistLeaves { spec: s } => {
                line(format!("The {} leaves the game", spec(*s).name))
            }
            Note::Moved { seat, spec: s } => line(format!(
                "{} moves the {} (Bard)",
                self.who(*seat),
                spec(*s).name
            )),
            Note::Offered { seat, vizier } => line(format!(
                "{} makes an offering to the Council{}",
                self.who(*seat),
                if *vizier { " (Vizier)" } else { "" }
            )),
            Note::Played { seat, kind } => line(format!(
                "{} plays {}",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Sold { seat, kind, coins } => line(format!(
                "{} sells {} for {coins} coins",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Tossed { seat, kind } => line(format!(
                "{} discards {}",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Destroyed { seat, kind } => line(format!(
                "{} destroys {} with the Warlock",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Drew {
                seat,
                colour,
                kind,
                pool,
            } => {
                let whose = if *pool { " for the shared quest" } else { "" };
                Line {
                    public: format!(
                        "{} draws a {} treasure{whose}",
                        self.who(*seat),
                        colour.name()
                    ),
                    private: vec![(
                        *seat,
                        format!("You draw {} ({}){whose}", treasure(*kind).name, colour.name()),
                    )],
                }
            }
            Note::ColoursChosen { seat, colours } => {
                let c: Vec<&str> = colours.iter().map(|c| c.name()).collect();
                line(format!("{} chooses {}", self.who(*seat), c.join(", ")))
            }
            Note::Kept {
                seat,
                other,
                kept,
                passed,
            } => {
                let names: Vec<&str> = passed.iter().map(|&k| treasure(k).name.as_str()).collect();
                Line {
                    public: format!(
                        "{} keeps a treasure and passes the rest to {}",
                        self.who(*seat),
                        self.who(*other)
                    ),
                    private: vec![
                        (
                            *seat,
                            format!(
                                "You keep {} and pass {} to {}",
                                treasure(*kept).name,
                                names.join(", "),
                                self.who(*other)
                            ),
                        ),
                        (
                            *other,
                            format!("{} passes you {}", self.who(*seat), names.join(", ")),
                        ),
                    ],
                }
            }
            Note::Reshuffled {
                colour,
                removed_scroll,
            } => line(format!(
                "The {} deck is empty: {}its discards are reshuffled",
                colour.name(),
                if *removed_scroll {
                    "a scroll leaves the game and "
                } else {
                    ""
                }
            )),
            Note::Gained { seat, got, coins } => {
                let mut parts = Vec::new();
                if got.iter().any(|&g| g > 0) {
                    parts.push(res_list(got));
                }
                if *coins > 0 {
                    parts.push(format!("{coins} coins"));
                }
                if parts.is_empty() {
                    parts.push("nothing (the supply is out)".into());
                }
                line(format!("{} gains {}", self.who(*seat), parts.join(" and ")))
            }
            Note::Lost { seat, res } => line(format!(
                "{} loses 1 {}",
                self.who(*seat),
                RES_NAMES[*res as usize]
            )),
            Note::Declined { seat } => line(format!("{} declines", self.who(*seat))),
            Note::Paid { seat, coins } => {
                line(format!("{} pays {coins} coin(s)", self.who(*seat)))
            }
            Note::BoughtRelic { seat, kind } => line(format!(
                "{} buys {} from the discards for 3 coins (Curator)",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Traded { seat, give, take } => line(format!(
                "{} trades 1 {} for 1 {} (Alchemist)",
                self.who(*seat),
                RES_NAMES[*give as usize],
                RES_NAMES[*take as usize]
            )),
            Note::Stole { seat, from, res } => line(format!(
                "{} steals 1 {} from {} (Smuggler)",
                self.who(*seat),
                RES_NAMES[*res as usize],
                self.who(*from)
            )),
            Note::ThugMoved { seat, quest: q } => line(format!(
                "{} puts the Thug on {}",
                self.who(*seat),
                quest(*q).name
            )),
            Note::Peeked { seat, cards } => {
                let names: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
                Line {
                    public: format!(
                        "{} looks at the top 2 quest cards (Oracle)",
                        self.who(*seat)
                    ),
                    private: vec![(
                        *seat,
                        format!("Top of the quest deck: {}", names.join(", then ")),
                    )],
                }
            }
            Note::TurnEnds { seat, next } => line(format!(
                "{} ends the turn; {} is next",
                self.who(*seat),
                self.who(*next)
            )),
            Note::GameOver => line("The game is over".into()),
            Note::Potion { seat, .. } => line(format!(
                "{}'s Lucky Potion doubles the treasure of this quest",
                self.who(*seat)
            )),
        }
    }

    /// The log entry for what a change reported.
    pub fn log_of(&self, notes: &[Note]) -> Applied {
        let lines: Vec<Line> = notes.iter().map(|n| self.note_line(n)).collect();
        let reveal = notes.iter().any(|n| {
            matches!(
                n,
                Note::Dealt
                    | Note::Drew { .. }
                    | Note::Revealed { .. }
                    | Note::Peeked { .. }
                    | Note::FuneralResult { .. }
                    | Note::Kept { .. }
                    | Note::OfferingDrawn
                    | Note::FuneralBegins
            )
        });
        let join = |f: &dyn Fn(&Line) -> String| lines.iter().map(f).collect::<Vec<_>>().join("\n");
        let label = join(&|l| l.public.clone());
        let mut a = Applied {
            label,
            reveal,
            ..Default::default()
        };
        let mut seats: Vec<u8> = lines
            .iter()
            .flat_map(|l| l.private.iter().map(|p| p.0))
            .collect();
        seats.sort_unstable();
        seats.dedup();
        for s in seats {
            let text = join(&|l| {
                l.private
                    .iter()
                    .find(|p| p.0 == s)
                    .map_or_else(|| l.public.clone(), |p| p.1.clone())
            });
            a = a.with_private_for(s as usize, text);
        }
        a
    }
}
