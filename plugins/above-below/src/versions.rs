//! Saves of older versions keep opening; no log needs rewriting (every action kept its name
//! and meaning), each replays under the rules of the version that wrote it:
//! - 0.4.0 moved four cards' goods and four of the book's rewards to more common goods (the
//!   rulebook's scarcity): 0.3.0 games keep the old ones, [`Rules::V0_3`].
//! - 0.3.0 changed three rules: a hammer villager's two goods come from houses only, the
//!   "+1 reputation each round" symbol also pays in the last round, and the book's rewards
//!   were rebalanced: 0.2.0 games keep 0.2.0's, [`Rules::V0_2`].
//! - 0.2.0 grew the book from 64 encounters to 150 and gave each cave face its own: 0.1.0
//!   games read 0.1.0's whole book and cave grids (`book/0.1.0/`) under 0.2.0's other
//!   rules, [`Rules::V0_1`].

use tavern_plugin_api::versions::{OldEntry, OldLog, older};
use tavern_plugin_api::{GameError, Setup};

use crate::book::{Book, Item, Ref};
use crate::data::{CardDef, card, cave, data};
use crate::model::{Ab, Rules};

/// The oldest version whose logs still replay: the first released.
const OLDEST: &str = "0.1.0";

/// The rules a save of `version` replays under, by the name `new_under` is given (the
/// version whose rules they are), and the note the log shows.
fn rules_of(version: &str) -> Option<(&'static str, &'static str)> {
    if older(version, "0.2.0") {
        Some((
            "0.1.0",
            "Played with Above and Below 0.1.0 rules: the encounter book of 64 encounters \
             and its cave grids, hammer villagers harvest from outposts too, and \
             \"+1 reputation each round\" is not paid in the last round",
        ))
    } else if older(version, "0.3.0") {
        Some((
            "0.2.0",
            "Played with Above and Below 0.2.0 rules: hammer villagers harvest from \
             outposts too, \"+1 reputation each round\" is not paid in the last round, \
             and the encounter book gives its 0.2.0 rewards",
        ))
    } else if older(version, "0.4.0") {
        Some((
            "0.3.0",
            "Played with Above and Below 0.3.0 rules: four cards and four encounters \
             give rarer goods (Squidroot Pickler, Rubyfish Smokehouse, Crystal Lake Camp's \
             rubyfish, Sunken Storehouse's squidroot)",
        ))
    } else {
        None
    }
}

pub fn open_old(version: &str, _setup: &Setup, log: Vec<OldEntry>) -> Result<OldLog, GameError> {
    if older(version, OLDEST) {
        return Err(GameError::new(format!(
            "Above and Below {version} saves cannot be replayed: the oldest readable is {OLDEST}"
        )));
    }
    Ok(match rules_of(version) {
        Some((rules, note)) => OldLog {
            log,
            rules: Some(rules.into()),
            note: Some(note.into()),
        },
        None => OldLog::unchanged(log),
    })
}

pub fn new_under(setup: &Setup, rules: &str) -> Result<Ab, GameError> {
    let mut g = Ab::new_game(setup)?;
    g.rules = if older(rules, "0.2.0") {
        Rules::V0_1
    } else if older(rules, "0.3.0") {
        Rules::V0_2
    } else if older(rules, "0.4.0") {
        Rules::V0_3
    } else {
        Rules::Today
    };
    Ok(g)
}

/// A card as `rules` have it: a game begun under 0.3.0 or older sees the cards 0.4.0
/// changed as they were (`cards-0.3.0.txt`).
pub fn card_in(rules: Rules, id: u8) -> &'static CardDef {
    if rules < Rules::Today
        && let Some(old) = data().cards_0_3.get(&id)
    {
        return old;
    }
    card(id)
}

/// The paragraph a cave's grid die `face` (1-6) leads to under `rules`.
pub fn grid_in(rules: Rules, cave_id: u8, face: u8) -> u16 {
    let grid = if rules == Rules::V0_1 {
        data().grids_0_1[cave_id as usize]
    } else {
        cave(cave_id).grid
    };
    grid[face as usize - 1]
}

impl Ab {
    /// A card as this game's rules have it (see [`card_in`]).
    pub fn card(&self, id: u8) -> &'static CardDef {
        card_in(self.rules, id)
    }

    /// The encounter book of this game's rules: 0.1.0's own 64 encounters, or today's.
    pub fn book(&self) -> &'static Book {
        if self.rules == Rules::V0_1 {
            &data().book_0_1
        } else {
            &data().book
        }
    }

    /// The paragraph a cave's grid die `face` (1-6) leads to under this game's rules.
    pub fn grid(&self, cave_id: u8, face: u8) -> u16 {
        grid_in(self.rules, cave_id, face)
    }

    /// The reward and bonus of an outcome paragraph under this game's rules.
    pub fn rewards(&self, r: Ref) -> (&'static [Item], &'static [Item]) {
        // 0.1.0's book is whole as it was; the later books lay older rewards over today's.
        let old = self.rules != Rules::V0_1;
        self.book().rewards(
            r,
            old && self.rules < Rules::V0_3,
            old && self.rules < Rules::Today,
        )
    }
}
