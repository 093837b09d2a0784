//! Which board clicks need a word first: a click on a table item whose action spends
//! resources (build, buy, hire, pay) opens a menu naming the action and its cost even
//! when it is the item's only action, unless the player turned on one-click play.
//!
//! The legal list carries no "spends" flag yet, so the table reads it from the label the
//! game wrote for the button, which every game words as a sentence about the move:
//! a verb of spending (buy, build, hire, pay, spend, purchase, recruit, train, hire,
//! upgrade, expand) as a word of its own, or a price in the label ("2¢", "cost 3",
//! "for 2 gold"). Selling and taking are not spending. A label that spends without saying
//! so is the game's to reword; one that says so without spending costs one more click.
//! A declined offer ("Do not buy…", "Don't…", "Decline…", "Pass…") spends nothing, and a
//! plan's tentative step never spends (the plan can still be cancelled; its Confirm is
//! the click that counts), so neither gets a menu.

/// Verbs that spend, in the forms the games' labels use.
const SPEND_WORDS: &[&str] = &[
    "buy", "buys", "build", "builds", "hire", "hires", "pay", "pays", "paying", "spend", "spends",
    "purchase", "recruit", "train", "upgrade", "expand", "cost", "costs",
];

/// Resources a price names after "for N" ("for 2 gold").
const PRICE_NOUNS: &[&str] = &[
    "coin", "coins", "gold", "food", "gem", "gems", "crystal", "crystals", "imp", "imps",
];

/// Whether the action labelled `label` spends resources (see the module notes).
pub fn spends(label: &str) -> bool {
    let lower = label.to_lowercase();
    if lower.contains('¢') {
        return true;
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let declines = matches!(
        words.first(),
        Some(&"sell" | &"decline" | &"pass" | &"skip")
    ) || words.starts_with(&["do", "not"])
        || words.starts_with(&["don", "t"]);
    if declines || words.contains(&"sells") {
        return false;
    }
    if words.iter().any(|w| SPEND_WORDS.contains(w)) {
        return true;
    }
    // "for 2 gold", "for 3 coins": a price.
    words.windows(3).any(|w| {
        w[0] == "for" && w[1].chars().all(|c| c.is_ascii_digit()) && PRICE_NOUNS.contains(&w[2])
    })
}

#[cfg(test)]
mod tests {
    use super::spends;

    #[test]
    fn spending_labels_are_recognised() {
        for l in [
            "Build a Barracks (6 coins)",
            "Buy the Amulet for 3 gold",
            "Hire Fenn: 2¢",
            "Pay 2 food to feed your monsters",
            "Expand: the Library",
            "Take the card for 2 coins",
        ] {
            assert!(spends(l), "{l}");
        }
    }

    #[test]
    fn other_labels_play_on_one_click() {
        for l in [
            "Bid 3",
            "Take the Fire Dragon",
            "Sell the Ring for 4 coins",
            "Place your worker on the Market",
            "End turn",
            "Rebuilding nothing: pass",
            "Do not buy the Amulet",
            "Don't hire anyone",
            "Pass: no artefact or spell now",
        ] {
            assert!(!spends(l), "{l}");
        }
    }
}
