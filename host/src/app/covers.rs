//! Hot-seat covers only where they protect something. Between two people at one screen
//! the table raises a "pass to" cover only when the next person's table would show what
//! the public table does not: something the previous person may not see.
//!
//! How it decides: the next seat's view and the public view (viewer `None`) are each
//! turned into a multiset of facts — every text and text block, every card's face (title
//! and value, unless face down; a card marked private always counts as a secret), every
//! drawing's id and alt text, every die, every tooltip — and the log lines the seat would
//! read instead of the public ones. Words that only say whose view it is are normalised
//! first: "You", "Your" and the seat's own name read alike, and so do the verb forms that
//! follow them ("You have" / "Anna has"). A fact the seat's view has more often than the
//! public view is a secret, and a secret means a cover. The action list is not compared:
//! it names what the seat may do, which a public table never lists; a game that shows a
//! secret only in its buttons should show it on its table too.
//!
//! The cover also offers *Back*: the person who just moved takes it back before handing
//! over (undo is refused under a cover, which would otherwise show the next seat's table).

use std::collections::HashMap;

use tavern_plugin_api::View;
use tavern_plugin_api::scene::Shape;

use super::table::TableState;
use crate::session::LogEntry;

/// Normalises a text so that a seat's own wording and the public wording compare equal.
pub fn normalise(text: &str, name: &str) -> String {
    let mut t = text.to_string();
    if !name.trim().is_empty() {
        t = t.replace(&format!("{name}'s"), " your ");
        t = t.replace(&format!("{name}\u{2019}s"), " your ");
        t = t.replace(name, " you ");
    }
    let words: Vec<String> = t
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = match w {
                "your" | "yours" | "you" => "@",
                "have" => "has",
                "are" | "were" | "was" => "is",
                "do" => "does",
                other => other,
            };
            // "take"/"takes": the verb after a name and after "you" differ by an s.
            if w.len() > 3 && w.ends_with('s') {
                w[..w.len() - 1].to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ")
}

/// The facts of `view` (see the module notes), normalised for the seat named `name`.
pub fn facts(view: &View, name: &str) -> HashMap<String, usize> {
    let mut out: HashMap<String, usize> = HashMap::new();
    let mut add = |f: String| *out.entry(f).or_default() += 1;
    for item in &view.scene.items {
        match &item.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => {
                add(format!("text:{}", normalise(text, name)))
            }
            Shape::Card {
                title,
                value,
                face_down,
                private,
                ..
            } => {
                if *private {
                    add(format!("private card:{title}|{value}"));
                }
                if !face_down {
                    add(format!("card:{}|{}", normalise(title, name), value));
                }
            }
            Shape::Image { image, alt, .. } => {
                add(format!("image:{image}|{}", normalise(alt, name)))
            }
            Shape::Die { value, faces, .. } => add(format!("die:{faces}:{value}")),
            _ => {}
        }
        if let Some(tip) = &item.tooltip {
            add(format!("tip:{}", normalise(tip, name)));
        }
    }
    out
}

/// What `seat`'s view shows that the public view does not, one line per fact (empty:
/// nothing to protect).
pub fn secrets(seat_view: &View, public: &View, name: &str) -> Vec<String> {
    let public = facts(public, name);
    let mut out: Vec<String> = facts(seat_view, name)
        .into_iter()
        .filter(|(f, n)| public.get(f).copied().unwrap_or(0) < *n)
        .map(|(f, _)| f)
        .collect();
    out.sort();
    out
}

/// Log lines `seat` reads that differ from the public line (its private texts), except
/// those made public since (an entry from that one on whose `publishes` names their
/// `secret_key`: the last lord's orders are revealed by the very step that places them).
pub fn private_lines(log: &[LogEntry], seat: usize, name: &str) -> Vec<String> {
    log.iter()
        .enumerate()
        .filter(|(i, e)| {
            e.secret_key
                .as_ref()
                .is_none_or(|k| !log[*i..].iter().any(|l| l.publishes.contains(k)))
        })
        .map(|(_, e)| e)
        .filter(|e| normalise(e.text_for(Some(seat)), name) != normalise(&e.label, name))
        .map(|e| e.text_for(Some(seat)).to_string())
        .collect()
}

impl TableState {
    /// Why a cover must be raised before `seat` takes the screen, or `None` when its
    /// table shows nothing the public table does not (see the module notes).
    pub fn cover_reason(&self, seat: usize) -> Option<String> {
        // Online, each screen shows one seat: nothing to cover.
        let session = self.local()?;
        let name = session.seat_name(seat).to_string();
        let (mine, public) = match (session.view(Some(seat)), session.view(None)) {
            (Ok(m), Ok(p)) => (m, p),
            // A failing view is reported when the table draws; cover to be safe.
            _ => return Some("the table could not be compared".into()),
        };
        if let Some(first) = secrets(&mine, &public, &name).into_iter().next() {
            return Some(first);
        }
        let log = &session.log()[..session.cursor()];
        private_lines(log, seat, &name)
            .into_iter()
            .next()
            .map(|l| format!("log:{l}"))
    }

    /// The seat that may take back its last move from under the cover: the person who
    /// just moved (still the seat at the screen), when the last seat action is theirs and
    /// undo allows it.
    pub fn back_seat(&self) -> Option<usize> {
        self.cover?;
        let seat = self.screen_seat?;
        let session = self.local()?;
        let last = session.log()[..session.cursor()]
            .iter()
            .rev()
            .find_map(|e| e.seat)?;
        (last == seat && session.can_undo(Some(seat)).is_ok()).then_some(seat)
    }

    /// *Back* on the cover: lowers it and takes back the mover's last move, so the
    /// person who just moved decides again before handing over.
    pub fn back_from_cover(&mut self, now: f64) {
        if self.back_seat().is_none() {
            self.notice = Some("There is no move of yours to take back here".into());
            return;
        }
        self.cover = None;
        self.undo(now);
    }
}

#[cfg(test)]
mod tests {
    use super::normalise;

    #[test]
    fn own_and_public_wording_compare_equal() {
        assert_eq!(
            normalise("You have 3 coins", "Anna"),
            normalise("Anna has 3 coins", "Anna")
        );
        assert_eq!(
            normalise("Your turn: take a card", "Player 2"),
            normalise("Player 2's turn: takes a card", "Player 2")
        );
        assert_ne!(
            normalise("Fire Dragon", "Anna"),
            normalise("Card back", "Anna")
        );
    }
}

#[cfg(test)]
mod publish_tests {
    use super::private_lines;
    use crate::session::LogEntry;

    fn entry(
        label: &str,
        private: Option<&str>,
        key: Option<&str>,
        publishes: &[&str],
    ) -> LogEntry {
        LogEntry {
            seat: Some(0),
            steps: Vec::new(),
            action: serde_json::Value::Null,
            label: label.into(),
            private_label: private.map(str::to_string),
            private_for: Vec::new(),
            reveal: !publishes.is_empty(),
            routine: false,
            section: None,
            secret_key: key.map(str::to_string),
            publishes: publishes.iter().map(|k| k.to_string()).collect(),
        }
    }

    #[test]
    fn a_private_line_protects_until_a_later_entry_publishes_its_key() {
        let orders = entry(
            "Anna places orders",
            Some("You place: Mine Gold"),
            Some("orders"),
            &[],
        );
        let trap = entry("Anna draws a trap", Some("You draw the Net"), None, &[]);
        let reveal = entry("The orders are revealed", None, None, &["orders"]);
        // Before the reveal both lines are secrets; after it only the trap is.
        let before = [orders.clone(), trap.clone()];
        assert_eq!(private_lines(&before, 0, "Anna").len(), 2);
        let after = [orders.clone(), trap, reveal];
        assert_eq!(
            private_lines(&after, 0, "Anna"),
            vec!["You draw the Net".to_string()]
        );
        // The step that places the last orders reveals them all, its own included.
        let last = [entry(
            "Ben places orders",
            Some("You place: Dig"),
            Some("orders"),
            &["orders"],
        )];
        assert!(private_lines(&last, 0, "Ben").is_empty());
        // A publish before the secret does not cover it: next round's orders are secret.
        let next = [entry("x", None, None, &["orders"]), orders];
        assert_eq!(private_lines(&next, 0, "Anna").len(), 1);
    }
}
