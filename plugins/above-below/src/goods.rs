//! The eight goods: their names, counts in words and ingredient-track points. Below the
//! data files and the book, which both name goods.

use serde::{Deserialize, Serialize};

/// The eight goods, most common first (the order of the ingredient track).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Good {
    Rice,
    Crab,
    Clam,
    Tea,
    Nut,
    Thornfruit,
    Squidroot,
    Rubyfish,
}

impl Good {
    pub const ALL: [Good; 8] = [
        Good::Rice,
        Good::Crab,
        Good::Clam,
        Good::Tea,
        Good::Nut,
        Good::Thornfruit,
        Good::Squidroot,
        Good::Rubyfish,
    ];
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Good::Rice => "rice",
            Good::Crab => "crab",
            Good::Clam => "clam",
            Good::Tea => "tea leaf",
            Good::Nut => "nut",
            Good::Thornfruit => "thornfruit",
            Good::Squidroot => "squidroot",
            Good::Rubyfish => "rubyfish",
        }
    }
    /// `k` of this good in words: "1 crab", "2 crabs", "3 tea leaves", "2 rice".
    pub fn amount(self, k: i64) -> String {
        let name = match self {
            _ if k == 1 => self.name(),
            Good::Crab => "crabs",
            Good::Clam => "clams",
            Good::Tea => "tea leaves",
            Good::Nut => "nuts",
            _ => self.name(),
        };
        format!("{k} {name}")
    }
    /// Points of this good's space on the ingredient track.
    pub fn ingredient_vp(self) -> i64 {
        match self {
            Good::Rice | Good::Crab | Good::Clam => 1,
            Good::Tea | Good::Nut | Good::Thornfruit => 2,
            Good::Squidroot | Good::Rubyfish => 4,
        }
    }
    pub fn parse(word: &str) -> Option<Good> {
        Some(match word {
            "rice" => Good::Rice,
            "crab" | "crabs" => Good::Crab,
            "clam" | "clams" => Good::Clam,
            "tea" | "tea leaf" | "tea leaves" => Good::Tea,
            "nut" | "nuts" => Good::Nut,
            "thornfruit" => Good::Thornfruit,
            "squidroot" => Good::Squidroot,
            "rubyfish" => Good::Rubyfish,
            _ => return None,
        })
    }
}
