//! Log text for applied actions, written from the [`Note`]s a change reported, so the
//! quiet playout path builds none of it. A treasure draw names the card only for the
//! seat that drew it; bids are secret until the last one is in.

use tavern_plugin_api::Applied;

use crate::data::{coins, quest, res_amount, res_list, room_def, spec, treasure};
use crate::model::{Kg, Pending, QCard, Why};
use crate::notes::Note;

struct Line {
    public: String,
    private: Vec<(u8, String)>,
}

fn line(s: String) -> Line {
    Line {
        public: capitalised(s),
        private: Vec::new(),
    }
}

/// A log line starts with a capital, also when it starts with a card's name ("the King's
/// Funeral leaves the board").
fn capitalised(s: String) -> String {
    match s.chars().next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(s.chars().skip(1)).collect(),
        _ => s,
    }
}

/// What a seat answered to a treasure-colour choice was for.
pub fn why_words(why: Why) -> &'static str {
    match why {
        Why::Map => "Treasure Map",
        Why::Merchant => "Merchant",
        Why::Minstrel => "Minstrel",
        Why::Starfall => "the Starfall Syndicate's starting treasure",
        Why::Wonders | Why::WondersPaid(_) => "Scroll of Wonders",
        Why::Replace => "the colour due has run out",
        Why::ReplacePool => "the shared quest's colour has run out",
        Why::Appraiser => "Appraiser",
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
                "{} returns {} to the supply (storage full)",
                self.who(*seat),
                res_amount(1, *res as usize)
            )),
            Note::Crafted {
                seat,
                quest: q,
                items,
                coins,
                fortune,
            } => {
                let mut s = format!(
                    "{} crafts the {} for {} and earns {}",
                    self.who(*seat),
                    item_names(*q, *items),
                    quest(*q).name,
                    crate::data::coins(*coins)
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
            Note::StuckLeaves {
                quest: q,
                keeper,
                certain,
            } => {
                let why = if *certain {
                    "Nobody can craft, build or hire any more".to_string()
                } else {
                    format!(
                        "Nobody has crafted, built or hired for {} rounds",
                        crate::model::BACKSTOP_ROUNDS
                    )
                };
                line(match keeper {
                    None => format!(
                        "{why}: {}, the oldest quest without a sigil, leaves the board",
                        card_name(*q)
                    ),
                    Some(s) => format!(
                        "{why}: {}, the oldest quest, leaves the board and joins {}'s guild (its sigil was on it)",
                        card_name(*q),
                        self.who(*s)
                    ),
                })
            }
            Note::FuneralBegins => line(
                "The King's Funeral: everyone bids secretly for the King's Statue".into(),
            ),
            Note::Bid { seat } => line(format!("{} has placed a secret bid", self.who(*seat))),
            Note::FuneralResult { bids, winner } => {
                let all: Vec<String> = bids
                    .iter()
                    .enumerate()
                    .map(|(s, b)| format!("{} {}", self.players[s].name, coins(*b as u32)))
                    .collect();
                let res = match winner {
                    Some(w) => format!("{} pays and builds the King's Statue", self.who(*w)),
                    None => "no single highest bid with room for it: nobody builds the statue"
                        .into(),
                };
                line(format!("Bids revealed: {}; {res}", all.join(", ")))
            }
            Note::OfferingDrawn if self.solo => line(
                "The Offering to the Council is drawn: this is your last turn".into(),
            ),
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
                "{} builds the {} (row {}, column {}) for {}",
                self.who(*seat),
                room_def(*room).name,
                cell / 4 + 1,
                cell % 4 + 1,
                coins(*cost)
            )),
            Note::SpaceBonus { seat, res, amount } => line(match res {
                Some(r) => format!(
                    "{} covers a bonus space: {}",
                    self.who(*seat),
                    res_amount(*amount, *r as usize)
                ),
                None => format!(
                    "{} covers a bonus space: {}",
                    self.who(*seat),
                    coins(*amount)
                ),
            }),
            Note::Hired {
                seat,
                spec: s,
                cost,
                discounted,
            } => {
                let mut t = format!(
                    "{} hires the {} for {}",
                    self.who(*seat),
                    spec(*s).name,
                    coins(*cost)
                );
                match discounted {
                    0 => {}
                    1 => t.push_str("; the older specialist to its right gets a discount"),
                    n => t.push_str(&format!(
                        "; the {n} older specialists to its right get a discount"
                    )),
                }
                line(t)
            }
            Note::FreeSpecialist { seat, spec: s } => line(format!(
                "{} also takes the {} for free",
                self.who(*seat),
                spec(*s).name
            )),
            Note::SpecialistLeaves { spec: s, why } => line(format!(
                "The {} leaves the game ({})",
                spec(*s).name,
                match why {
                    crate::notes::Leaves::Discount => "its discounts reached its cost",
                    crate::notes::Leaves::SoloExpand => "the right-most goes after an expand",
                    crate::notes::Leaves::SoloFuneral => "the right-most goes at the King's Funeral",
                }
            )),
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
            Note::Sold { seat, kind, coins: c } => line(format!(
                "{} sells {} for {}",
                self.who(*seat),
                treasure(*kind).name,
                coins(*c)
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
            Note::ColoursChosen { seat, colours, why } => {
                let c: Vec<&str> = colours.iter().map(|c| c.name()).collect();
                line(format!(
                    "{} chooses to draw {} ({})",
                    self.who(*seat),
                    c.join(" and "),
                    why_words(*why)
                ))
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
                    parts.push(crate::data::coins(*coins));
                }
                if parts.is_empty() {
                    parts.push("nothing (the supply is out)".into());
                }
                line(format!("{} gains {}", self.who(*seat), parts.join(" and ")))
            }
            Note::Lost { seat, res } => line(format!(
                "{} loses {}",
                self.who(*seat),
                res_amount(1, *res as usize)
            )),
            Note::Declined { seat, what } => line(format!(
                "{} {}",
                self.who(*seat),
                self.declined_words(what)
            )),
            Note::Paid {
                seat,
                colour,
                wonders,
            } => line(format!(
                "{} pays 1 coin for a {} treasure ({})",
                self.who(*seat),
                colour.name(),
                if *wonders {
                    "Scroll of Wonders"
                } else {
                    crate::data::hero_spec_name(*colour)
                }
            )),
            Note::BoughtRelic { seat, kind } => line(format!(
                "{} buys {} from the discard piles for 3 coins (Curator)",
                self.who(*seat),
                treasure(*kind).name
            )),
            Note::Traded { seat, give, take } => line(format!(
                "{} trades {} for {} (Alchemist)",
                self.who(*seat),
                res_amount(1, *give as usize),
                res_amount(1, *take as usize)
            )),
            Note::Stole { seat, from, res } => line(format!(
                "{} steals {} from {} (Smuggler)",
                self.who(*seat),
                res_amount(1, *res as usize),
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
            Note::TurnEnds { seat, .. } if self.solo => {
                line(format!("{} ends the turn", self.who(*seat)))
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

    /// What a seat declined, after its name: "does not pay for a red treasure (Fighter)".
    pub fn declined_words(&self, what: &Pending) -> String {
        match what {
            Pending::HeroPay { colour, .. } => format!(
                "does not pay for a {} treasure ({})",
                colour.name(),
                crate::data::hero_spec_name(*colour)
            ),
            Pending::Appraiser { .. } => "draws no extra treasure (Appraiser)".into(),
            Pending::WondersNext { .. } => "does not pay for a treasure (Scroll of Wonders)".into(),
            Pending::Hire { .. } => "hires nobody with the Contract".into(),
            Pending::Extra { kind, .. } => match kind {
                crate::data::ExtraKind::Gather => "skips the extra gather (Dealer)".into(),
                crate::data::ExtraKind::Craft => "skips the extra craft (Craftswoman)".into(),
            },
            Pending::Curator { .. } => "buys no more relics (Curator)".into(),
            Pending::Alchemist { .. } => "trades no more (Alchemist)".into(),
            Pending::Smuggler { .. } => "steals nothing (Smuggler)".into(),
            Pending::Witch { .. } => "takes no quest (Witch)".into(),
            Pending::Warlock { .. } => "destroys no scroll (Warlock)".into(),
            Pending::Thug { .. } => "leaves the Thug where it is".into(),
            _ => "declines".into(),
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
