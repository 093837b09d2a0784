//! The encounter book: its plain-text format (see the header of `book.txt`) and the
//! paragraphs as data. An opening paragraph ("27") describes a scene and offers two choices
//! in capitals; each choice points to an outcome paragraph ("27.1") that holds the text read
//! on success, the rewards, the bonus for beating the number by 2 and the failure text.

use std::collections::BTreeMap;

use crate::goods::Good;
use crate::text::lines;

/// A paragraph number: `(27, 0)` is "27", `(27, 1)` is "27.1".
pub type Ref = (u16, u8);

pub fn ref_name(r: Ref) -> String {
    if r.1 == 0 {
        r.0.to_string()
    } else {
        format!("{}.{}", r.0, r.1)
    }
}

/// The reward and the bonus of outcome paragraphs, by paragraph.
pub type Rewards = BTreeMap<Ref, (Vec<Item>, Vec<Item>)>;

/// One thing a reward or a cost names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Coins(i8),
    Good(Good, u8),
    Reputation(i8),
    Brews(u8),
    Boats(u8),
    /// The cheapest villager on the reputation board.
    Villager,
    /// A special villager by its name in villagers.txt (the cats).
    Special(u8),
    Adventure(u8),
    /// A ghost on one of the explorer's own buildings.
    Ghost,
    /// One explorer still on the cave card goes to the injured area.
    Injure,
    Pearl,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub explore: u8,
    pub goto: Ref,
    /// Paid when the choice is made, before the dice; only offered when payable.
    pub cost: Vec<Item>,
    /// Adventure cards the explorer must hold (and keeps) for this choice to be offered:
    /// how a story carries over from one encounter to a later one.
    pub needs: Vec<Item>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub text: String,
    pub choices: Vec<Choice>,
    pub reward: Vec<Item>,
    pub bonus: Vec<Item>,
    pub fail: String,
}

#[derive(Clone, Debug, Default)]
pub struct Book {
    pub entries: BTreeMap<Ref, Entry>,
    /// The reward and bonus 0.2.0 gave, for the paragraphs changed since.
    pub old_rewards: Rewards,
    /// The reward and bonus 0.3.0 gave, for the paragraphs changed since.
    pub rewards_0_3: Rewards,
}

impl Book {
    pub fn get(&self, r: Ref) -> Option<&Entry> {
        self.entries.get(&r)
    }
    pub fn entry(&self, r: Ref) -> &Entry {
        &self.entries[&r]
    }
    /// The reward and bonus of outcome `r`, as today's book gives them, as 0.3.0's did
    /// (`before_0_4`) or as 0.2.0's did (`before_0_3` as well): each older file lists only
    /// what changed after it, so an older game reads its own file first, then the newer.
    pub fn rewards(&self, r: Ref, before_0_3: bool, before_0_4: bool) -> (&[Item], &[Item]) {
        let layers = [
            (before_0_3, &self.old_rewards),
            (before_0_4, &self.rewards_0_3),
        ];
        if let Some((reward, bonus)) = layers.iter().filter(|l| l.0).find_map(|l| l.1.get(&r)) {
            return (reward, bonus);
        }
        let e = self.entry(r);
        (&e.reward, &e.bonus)
    }
    /// Opening paragraphs (those with choices).
    pub fn openers(&self) -> impl Iterator<Item = (Ref, &Entry)> {
        self.entries
            .iter()
            .filter(|(r, _)| r.1 == 0)
            .map(|(r, e)| (*r, e))
    }
}

pub fn parse_ref(s: &str) -> Option<Ref> {
    let s = s.trim();
    match s.split_once('.') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok().filter(|&x: &u8| x > 0)?)),
        None => Some((s.parse().ok()?, 0)),
    }
}

/// Special villagers a paragraph may hand out, by the name it uses.
pub const SPECIALS: [&str; 2] = ["cave cat", "grey cat"];

/// One reward or cost item in the book's words: "2 coins", "rice", "3 nuts",
/// "reputation -1", "brew", "2 boats", "villager", "cave cat", "adventure 12", "ghost",
/// "injure", "pearl".
pub fn parse_item(s: &str) -> Option<Item> {
    let w: Vec<&str> = s.split_whitespace().collect();
    let (count, rest): (Option<i16>, &[&str]) = match w.first().and_then(|f| f.parse().ok()) {
        Some(k) => (Some(k), &w[1..]),
        None => (None, &w[..]),
    };
    let k = count.unwrap_or(1);
    let pos = |k: i16| (1..=20).contains(&k).then_some(k as u8);
    let word = rest.join(" ");
    Some(match word.as_str() {
        "coin" | "coins" => Item::Coins(i8::try_from(k).ok()?),
        "brew" | "brews" => Item::Brews(pos(k)?),
        "boat" | "boats" => Item::Boats(pos(k)?),
        "villager" if count.is_none() => Item::Villager,
        "ghost" if count.is_none() => Item::Ghost,
        "injure" if count.is_none() => Item::Injure,
        "pearl" if count.is_none() => Item::Pearl,
        _ if rest.first() == Some(&"reputation") && rest.len() == 2 && count.is_none() => {
            Item::Reputation(rest[1].parse().ok()?)
        }
        _ if rest.first() == Some(&"adventure") && rest.len() == 2 && count.is_none() => {
            Item::Adventure(rest[1].parse().ok()?)
        }
        w => {
            if let Some(i) = SPECIALS.iter().position(|n| *n == w) {
                Item::Special(i as u8)
            } else {
                Item::Good(Good::parse(w)?, pos(k)?)
            }
        }
    })
}

fn items(s: &str, ln: usize) -> Result<Vec<Item>, String> {
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| parse_item(x).ok_or_else(|| format!("line {ln}: cannot read '{x}'")))
        .collect()
}

pub fn parse_book(text: &str) -> Result<Book, String> {
    let mut book = Book::default();
    parse_book_into(&mut book, text)?;
    Ok(book)
}

/// Adds one part of the book; a paragraph already read from an earlier part is an error.
pub fn parse_book_into(book: &mut Book, text: &str) -> Result<(), String> {
    let mut cur: Option<(Ref, Entry)> = None;
    let finish = |cur: &mut Option<(Ref, Entry)>, book: &mut Book| -> Result<(), String> {
        if let Some((r, e)) = cur.take() {
            if e.text.is_empty() {
                return Err(format!("paragraph {} has no text", ref_name(r)));
            }
            if book.entries.insert(r, e).is_some() {
                return Err(format!("paragraph {} appears twice", ref_name(r)));
            }
        }
        Ok(())
    };
    for (ln, l) in lines(text) {
        if let Some(head) = l.strip_prefix('@') {
            finish(&mut cur, book)?;
            let r = parse_ref(head).ok_or_else(|| format!("line {ln}: bad paragraph number"))?;
            cur = Some((r, Entry::default()));
            continue;
        }
        let Some((r, e)) = cur.as_mut() else {
            return Err(format!("line {ln}: text before the first '@' paragraph"));
        };
        if let Some(c) = l.strip_prefix('*') {
            // * LABEL | explore | goto [| cost ...] [| needs ...]
            let f: Vec<&str> = c.split('|').map(str::trim).collect();
            if f.len() < 3 || f.len() > 5 {
                return Err(format!(
                    "line {ln}: want * LABEL | explore | paragraph [| cost ...] [| needs ...]"
                ));
            }
            let explore = f[1]
                .parse()
                .map_err(|_| format!("line {ln}: bad explore number"))?;
            let goto = parse_ref(f[2]).ok_or_else(|| format!("line {ln}: bad paragraph"))?;
            let (mut cost, mut needs) = (Vec::new(), Vec::new());
            for extra in &f[3..] {
                if let Some(c) = extra.strip_prefix("cost") {
                    cost = items(c, ln)?;
                } else if let Some(n) = extra.strip_prefix("needs") {
                    needs = items(n, ln)?;
                } else {
                    return Err(format!("line {ln}: want 'cost ...' or 'needs ...'"));
                }
            }
            e.choices.push(Choice {
                label: f[0].to_string(),
                explore,
                goto,
                cost,
                needs,
            });
        } else if let Some(v) = l.strip_prefix("reward:") {
            e.reward = items(v, ln)?;
        } else if let Some(v) = l.strip_prefix("bonus:") {
            e.bonus = items(v, ln)?;
        } else if let Some(v) = l.strip_prefix("fail:") {
            e.fail = v.trim().to_string();
        } else {
            if !e.text.is_empty() {
                e.text.push(' ');
            }
            e.text.push_str(l);
        }
        let _ = r;
    }
    finish(&mut cur, book)?;
    Ok(())
}

/// The old rewards file: "@ 27.1", then its "reward:" and "bonus:" lines, for each
/// paragraph whose rewards changed.
pub fn parse_old_rewards(text: &str) -> Result<Rewards, String> {
    let mut out = Rewards::new();
    let mut cur: Option<Ref> = None;
    for (ln, l) in lines(text) {
        if let Some(head) = l.strip_prefix('@') {
            let r = parse_ref(head).ok_or_else(|| format!("line {ln}: bad paragraph number"))?;
            if out.insert(r, Default::default()).is_some() {
                return Err(format!(
                    "line {ln}: paragraph {} appears twice",
                    ref_name(r)
                ));
            }
            cur = Some(r);
            continue;
        }
        let r = cur.ok_or_else(|| format!("line {ln}: text before the first '@' paragraph"))?;
        let e = out.get_mut(&r).expect("inserted above");
        if let Some(v) = l.strip_prefix("reward:") {
            e.0 = items(v, ln)?;
        } else if let Some(v) = l.strip_prefix("bonus:") {
            e.1 = items(v, ln)?;
        } else {
            return Err(format!("line {ln}: want 'reward:' or 'bonus:'"));
        }
    }
    Ok(out)
}
