//! Button labels and scene targets for legal actions.

use crate::action::Action;
use crate::applied::ordinal;
use crate::data::{Colour, Reward, card_name, data};
use crate::model::{Dk, End, Item};

/// The buttons the viewer's area draws beside its hand (see [`crate::player_view`]):
/// the play's Confirm (one, or one per end of the row for a new colour), its Cancel,
/// and the end of the turn.
pub const PLAY: &str = "button:play";
pub const PLAY_LEFT: &str = "button:play-left";
pub const PLAY_RIGHT: &str = "button:play-right";
pub const CANCEL: &str = "button:cancel";
pub const END: &str = "button:end";

impl Dk {
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
                // The page it changes: a click on a hand card always picks it for a play.
                Some(format!("page:{}", page.name())),
            ),
            Action::Arm {
                item: Item::GreenOreHammer,
            } => (
                self.hammer_label(0),
                Some(format!("item:{}", Item::GreenOreHammer.key())),
            ),
            Action::HammerOn { piece } => (
                self.hammer_label(*piece),
                Some(format!("item:{}", Item::GreenOreHammer.key())),
            ),
            Action::Arm { item } => (
                format!("Use the {} for this play (1 crystal)", item.name()),
                Some(format!("item:{}", item.key())),
            ),
            Action::Disarm { item } => (
                format!("Don't use the {}", item.name()),
                Some(format!("item:{}", item.key())),
            ),
            Action::Unpick => (
                "Cancel: put the picked cards back in your hand".into(),
                Some(CANCEL.into()),
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
                        let onto =
                            match p.stack_index(self.selection_colour().unwrap_or(Colour::White)) {
                                Some(_) => format!(" onto your {colour} stack"),
                                None => String::new(),
                            };
                        (
                            format!("Lay out {n} {colour} dragon{s}{onto}"),
                            Some(PLAY.into()),
                        )
                    }
                    Some(e) => {
                        let (side, target) = if *e == End::Left {
                            ("left", PLAY_LEFT)
                        } else {
                            ("right", PLAY_RIGHT)
                        };
                        (
                            format!(
                                "Lay out {n} {colour} dragon{s} as a new stack at the {side} end"
                            ),
                            Some(target.into()),
                        )
                    }
                }
            }
            Action::UseFlute { keep } => (
                format!(
                    "Use the twilight flute (1 crystal): leave the {} out, the rest back to hand",
                    // With the back: two dragons of one colour differ for the book later.
                    card_name(*keep)
                ),
                Some("item:twilight_flute".into()),
            ),
            Action::EndTurn => ("End your turn".into(), Some(END.into())),
            Action::Pass => {
                let l = if self.step.played {
                    "Done"
                } else {
                    "Don't play this time"
                };
                (l.into(), Some(END.into()))
            }
            _ => (format!("{a:?}"), None),
        }
    }

    /// The hammer's button says what the reward becomes, and on which piece when the
    /// reward has two lowest pieces.
    fn hammer_label(&self, piece: u8) -> String {
        let number = self.book_number();
        let values = |v: Vec<u8>| {
            v.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        };
        let with = values(self.reward_values(number, Some(piece)));
        let without = values(self.reward_values(number, None));
        let lowest = data().rewards[number as usize]
            .iter()
            .filter(|&&r| r == Reward::LowestPiece)
            .count();
        let on = if lowest >= 2 {
            format!("on the {} amulet piece", ordinal(piece))
        } else {
            "for this play".to_string()
        };
        let gain = if with == without {
            "the same as without it".to_string()
        } else {
            format!("instead of {without}")
        };
        format!("Use the green ore hammer {on} (1 crystal): pieces {with}, {gain}")
    }
}
