//! Log text for applied actions, written from what the change reported ([`Done`],
//! [`ChanceDone`]) so that `apply_quiet` builds none of it.

use tavern_plugin_api::Applied;
use tavern_plugin_api::words::{and_list, counted};

use crate::action::Deck;
use crate::chance::ChanceDone;
use crate::data::{Reward, card_name, data, front_name, texts};
use crate::legal::PLAY_ITEMS;
use crate::model::{Dk, Item};
use crate::rules::{Done, Play};

impl Dk {
    /// The log entry of a seat action by `seat`, read from the state after it.
    pub(crate) fn seat_log(&self, seat: usize, done: Done) -> Applied {
        let name = self.players[seat].name.as_str();
        match done {
            Done::Mint(got) => {
                let names: Vec<&str> = got.iter().flatten().map(|&c| card_name(c)).collect();
                Applied::reveal(format!(
                    "{name} uses the dragon mint and takes the top card of both pages"
                ))
                .with_private(format!("You take: {}", names.join(", ")))
            }
            Done::Took {
                card,
                page,
                early_end,
            } => {
                let mut l = cat(&[name, &texts(card).take[page.idx()]]);
                if early_end {
                    l.push_str("; a page is down to one card: the game ends after this turn");
                }
                Applied::reveal(l)
            }
            Done::PaidFourth => {
                Applied::public(cat(&[name, " returns a crystal to take a fourth card"]))
            }
            Done::Placed { card } => {
                let t = texts(card);
                Applied::public(cat(&[name, &t.place])).with_private(t.placed.as_str())
            }
            Done::Armed(item) => Applied::public(cat(&[name, " will use the ", item.name()])),
            Done::HammerOn { piece } => Applied::public(cat(&[
                name,
                " will use the green ore hammer on the ",
                ordinal(piece),
                " amulet piece",
            ])),
            Done::Disarmed(item) => {
                Applied::public(cat(&[name, " will not use the ", item.name()]))
            }
            Done::Unpicked => Applied::public(cat(&[name, " puts the cards picked to play back"])),
            Done::Selected { card } => Applied::public(cat(&[name, " picks a card to play"]))
                .with_private(texts(card).selected.as_str()),
            Done::Played(play) => {
                let label = play_label(name, &play);
                self.with_skipped(Applied::public(label), play.skipped)
            }
            Done::Flute { back, skipped } => {
                let l = format!(
                    "{name} plays the twilight flute and takes {} back to hand",
                    counted(back, "card", "cards")
                );
                self.with_skipped(Applied::public(l), skipped)
            }
            Done::Ended { skipped } => self.skip_label(&[name, " ends the turn"], skipped),
            Done::Passed { played, skipped } => {
                let done = if played { " is done" } else { " does not play" };
                self.skip_label(&[name, done], skipped)
            }
        }
    }

    /// The log entry of a chance outcome, read from the state after it.
    pub(crate) fn chance_log(&self, done: ChanceDone) -> Applied {
        let label = match done {
            ChanceDone::Start(seat) => format!("By lot, {} starts", self.players[seat].name),
            ChanceDone::Pearl { seat, red } => {
                let colour = if red { "red" } else { "blue" };
                let label = format!(
                    "{} completes an amulet with a face-down {colour} pearl",
                    self.players[seat].name
                );
                // The owner sees its own pearls' values on the table; the log says it too.
                let value = self.players[seat]
                    .pearls
                    .last()
                    .map_or(0, |&pe| data().pearl_values[pe as usize]);
                let own = format!("You complete an amulet with a {colour} pearl worth {value}");
                return Applied::reveal(label).with_private_for(seat, own);
            }
            ChanceDone::Shuffled(Deck::Starting) => "The starting cards are shuffled".into(),
            ChanceDone::Shuffled(Deck::Left) => "The cards of the left page are shuffled".into(),
            ChanceDone::Shuffled(Deck::Right) => "The cards of the right page are shuffled".into(),
            ChanceDone::PiecesRemoved { count, setup_done } => {
                let mut label = format!("{count} amulet pieces go back to the box unseen");
                if setup_done {
                    label.push_str(". ");
                    label.push_str(&self.display_label());
                }
                label
            }
            ChanceDone::Chest(item) => {
                format!("Magic chest: the {}. {}", item.name(), self.display_label())
            }
        };
        let dealt = matches!(
            done,
            ChanceDone::PiecesRemoved {
                setup_done: true,
                ..
            } | ChanceDone::Chest(_)
        );
        let mut a = Applied::reveal(label);
        if dealt {
            // The setup ends here and deals the starting cards: each receiver reads its own.
            for (s, p) in self.players.iter().enumerate() {
                if !p.hand.is_empty() {
                    let names: Vec<&str> = p.hand.iter().map(|&c| card_name(c)).collect();
                    let text = format!("{}. Your starting cards: {}", a.label, names.join(", "));
                    a = a.with_private_for(s, text);
                }
            }
        }
        a
    }

    fn display_label(&self) -> String {
        format!(
            "Display: {} left, {} right",
            front_name(self.display[0].unwrap_or(0)),
            front_name(self.display[1].unwrap_or(0))
        )
    }

    /// Adds the "cannot complete" note to a log entry.
    fn with_skipped(&self, a: Applied, skipped: u8) -> Applied {
        if skipped == 0 {
            return a;
        }
        self.skip_label(&[&a.label], skipped)
    }

    /// A public log entry from `parts` plus the note naming the seats passed over. Being
    /// passed over tells the table something about that hand, so it counts as a reveal.
    fn skip_label(&self, parts: &[&str], skipped: u8) -> Applied {
        const NOTE: &str = " cannot complete the turn";
        let mut label = cat(parts);
        if skipped == 0 {
            return Applied::public(label);
        }
        label.push_str("; ");
        let names: Vec<String> = (self.players.iter().enumerate())
            .filter(|&(s, _)| skipped & (1 << s) != 0)
            .map(|(_, p)| p.name.clone())
            .collect();
        label.push_str(&and_list(&names));
        label.push_str(NOTE);
        Applied::reveal(label)
    }
}

fn play_label(name: &str, play: &Play) -> String {
    // The pieces by their public values, as one item: "the 4 and 6 amulet pieces".
    let values: Vec<String> = (play.pieces.iter().flatten())
        .map(|&id| Dk::piece_value(id).to_string())
        .collect();
    let pieces = match values.len() {
        0 => None,
        1 => Some(format!("the {} amulet piece", values[0])),
        _ => Some(format!("the {} amulet pieces", and_list(&values))),
    };
    let others = data().rewards[play.number as usize]
        .iter()
        .enumerate()
        .filter(|&(k, _)| play.granted & (1 << k) != 0)
        .filter_map(|(_, &r)| match r {
            Reward::LowestPiece | Reward::HighestPiece => None,
            Reward::ShadowDragon => Some("a shadow dragon"),
            Reward::Crystal => Some("a crystal"),
            Reward::GoldenEgg => Some("a golden egg"),
        })
        .map(String::from)
        .chain(play.crest.map(|v| format!("the {v} crest")));
    let got: Vec<String> = pieces.into_iter().chain(others).collect();
    let n = play.cards;
    format!(
        "{name} lays out {n} {} dragon{}{} and receives {}",
        play.colour.name(),
        if n == 1 { "" } else { "s" },
        items_used(play),
        if got.is_empty() {
            "nothing".to_string()
        } else {
            and_list(&got)
        }
    )
}

/// " with the prism ink and the troll horn": the items a play paid for, in the order the
/// item list gives them, since the steps that switched them on have no log line.
fn items_used(play: &Play) -> String {
    let names: Vec<String> = PLAY_ITEMS
        .iter()
        .filter(|it| play.items & it.bit() != 0)
        .map(|&it| {
            if it == Item::GreenOreHammer && play.hammer_on > 0 {
                format!(
                    "the {} on the {} amulet piece",
                    it.name(),
                    ordinal(play.hammer_on)
                )
            } else {
                format!("the {}", it.name())
            }
        })
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" with {}", names.join(" and "))
    }
}

/// "first", "second": which lowest piece of a reward the hammer upgrades.
pub(crate) fn ordinal(piece: u8) -> &'static str {
    match piece {
        0 => "first",
        1 => "second",
        _ => "third",
    }
}

/// Joins label pieces without the formatting machinery.
fn cat(parts: &[&str]) -> String {
    let mut s = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        s.push_str(p);
    }
    s
}
