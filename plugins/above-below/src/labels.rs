//! Button labels and scene targets for decisions, and log lines written from [`Event`]s.

use crate::action::Action;
use crate::book::{Item, ref_name};
use crate::data::{Act, Effect, card, cave, data, villager};
use crate::events::Event;
use crate::model::{Ab, Deck};
use tavern_plugin_api::words::counted;

pub fn item_text(i: Item) -> String {
    match i {
        Item::Coins(k) if k < 0 => format!("loses {}", coins(-k as i64)),
        Item::Coins(k) => coins(k as i64),
        Item::Good(g, k) => g.amount(k as i64),
        Item::Reputation(k) => format!("{k:+} reputation"),
        Item::Brews(k) => counted(k, "mystic brew", "mystic brews"),
        Item::Boats(k) => counted(k, "boat", "boats"),
        Item::Villager => "the cheapest villager for hire".into(),
        Item::Special(i) => format!("the {}", crate::book::SPECIALS[i as usize]),
        Item::Adventure(n) => match data().adventure(n) {
            Some(c) => format!("adventure card {n}, {}", card(c).name),
            None => format!("adventure card {n}"),
        },
        Item::Ghost => "a ghost".into(),
        Item::Injure => "an injured explorer".into(),
        Item::Pearl => "a pearl".into(),
    }
}

/// `k` coins in words: "1 coin", "3 coins".
pub fn coins(k: i64) -> String {
    counted(k, "coin", "coins")
}

/// An offer's payment in words: "3 coins", "2 coins and 1 mystic brew", "3 mystic brews".
pub fn coins_and_brews(c: u8, b: u8) -> String {
    let brews = counted(b, "mystic brew", "mystic brews");
    match (c, b) {
        (_, 0) => coins(c as i64),
        (0, _) => brews,
        _ => format!("{} and {brews}", coins(c as i64)),
    }
}

/// Names in a sentence: "Bram", "Bram and Fenn", "Bram, Wren and Fenn".
pub fn and_list(names: &[&str]) -> String {
    joined(names, "and")
}

/// Alternatives in a sentence: "a or b", "a, b or c".
pub fn or_list(names: &[&str]) -> String {
    joined(names, "or")
}

fn joined(names: &[&str], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// Where a rest moves a villager: one area to the left.
fn rest_step(p: &crate::model::Player, v: u8) -> &'static str {
    if p.injured.contains(&v) {
        "injured to exhausted"
    } else {
        "exhausted to ready"
    }
}

pub fn vname(v: u8) -> &'static str {
    &villager(v).name
}

fn deck_name(d: Deck) -> &'static str {
    match d {
        Deck::Houses => "the house row",
        Deck::Outposts => "the outpost row",
        Deck::Keys => "the key house row",
        Deck::Villagers => "the villager board",
        Deck::BasicCaves => "the top of the basic caves",
        Deck::DangerousCaves => "the top of the dangerous caves",
    }
}

fn act_name(a: Act) -> &'static str {
    match a {
        Act::Explore => "exploring",
        Act::Build => "building",
        Act::Banish => "banishing",
        Act::Hire => "hiring",
        Act::Labor => "labor",
    }
}

/// The table's own buttons for actions about no one component: drawn in the own village's
/// header while the action is legal (`view/village.rs`), so no action targets the village
/// panel around its villagers and buildings.
pub const LABOR: &str = "button:labor";
pub const STOP_HARVEST: &str = "button:harvest-done";
pub const BANISH_ALL: &str = "button:banish-all";
pub const WITHDRAW: &str = "button:withdraw";

impl Ab {
    /// The building of `seat` at index `i` (houses first, then outposts).
    pub fn building_card(&self, seat: usize, i: u8) -> u8 {
        let p = &self.players[seat];
        let nh = p.houses.len();
        if (i as usize) < nh {
            p.houses[i as usize].card
        } else {
            p.outposts[i as usize - nh].card
        }
    }

    pub fn describe(&self, seat: usize, a: &Action) -> (String, Option<String>) {
        let p = &self.players[seat];
        let e = self.explore.as_ref();
        match *a {
            Action::Select { villager: v } => (
                format!("Choose {} ({})", vname(v), villager(v).symbols()),
                Some(format!("villager:{v}")),
            ),
            Action::Explore { dangerous } => {
                let top = self.cave_top[dangerous as usize].map_or("?", |c| &cave(c).name);
                // What the deck promises: its explore numbers, and a dangerous cave's pearl.
                let (kind, odds) = if dangerous {
                    ("dangerous", "explore 5-11, a pearl on success")
                } else {
                    ("basic", "explore 2-6")
                };
                (
                    format!(
                        "Explore the {kind} cave {top} with {} villagers ({odds})",
                        self.turn.selection.len()
                    ),
                    Some(format!("cavedeck:{}", dangerous as u8)),
                )
            }
            Action::Build { card: c } => {
                let d = self.card(c);
                (
                    format!("Build {} ({}) for {} coins", d.name, d.kind.name(), d.cost),
                    Some(format!("card:{c}")),
                )
            }
            Action::Hire { slot } => {
                let v = self.slots[slot as usize].unwrap_or(0);
                let extra = if slot < 3 {
                    "brings a ghost"
                } else {
                    "+1 mystic brew"
                };
                (
                    format!(
                        "Hire {} ({}) for {} coins, {extra}",
                        vname(v),
                        villager(v).symbols(),
                        data().board.slot_costs[slot as usize]
                    ),
                    Some(format!("slot:{slot}")),
                )
            }
            Action::Banish { seat: t, building } => {
                let c = self.building_card(t as usize, building);
                // What the target earns, as the reputation board lists it.
                let d = self.card(c);
                let reward = if d.outpost {
                    "1 mystic brew and 1 boat"
                } else if d.beds() > 0 {
                    "1 mystic brew and 3 coins"
                } else {
                    "2 reputation and 2 coins"
                };
                (
                    format!(
                        "Banish your ghosts, one to {}'s {}: gain {reward}",
                        self.players[t as usize].name, d.name
                    ),
                    Some(format!("building:{t}:{building}")),
                )
            }
            Action::BanishAll => (
                "Banish every ghost (no open building to send one to: no reward)".into(),
                Some(BANISH_ALL.into()),
            ),
            Action::PlaceGhost { building } => {
                let c = self.building_card(seat, building);
                (
                    format!("Put the ghost on your {}", self.card(c).name),
                    Some(format!("building:{seat}:{building}")),
                )
            }
            Action::Labor => (
                format!(
                    "Labor with {}",
                    counted(self.turn.selection.len(), "villager", "villagers")
                ),
                Some(LABOR.into()),
            ),
            Action::Harvest { building } => {
                let c = self.building_card(seat, building);
                let g = self.card(c).carries().map_or("?", |x| x.0.name());
                (
                    format!("Harvest 1 {g} from {}", self.card(c).name),
                    Some(format!("building:{seat}:{building}")),
                )
            }
            Action::DoneHarvest => ("Stop harvesting".into(), Some(STOP_HARVEST.into())),
            Action::Choose { option } => {
                let c = e.map(|e| &self.book().entry((e.paragraph, 0)).choices[option as usize]);
                match c {
                    Some(c) => {
                        let cost = if c.cost.is_empty() {
                            String::new()
                        } else {
                            let v: Vec<String> = c.cost.iter().map(|&i| item_text(i)).collect();
                            format!(" (pay {})", v.join(", "))
                        };
                        (
                            format!("{}: explore {}{cost}", c.label, c.explore),
                            Some(format!("choice:{option}")),
                        )
                    }
                    None => ("Choose".into(), None),
                }
            }
            Action::Assign { die, villager: v } => {
                let face = e.map_or(0, |e| e.dice[die as usize].face);
                (
                    format!("Give the {face} to {}", vname(v)),
                    Some(format!("villager:{v}")),
                )
            }
            Action::Reroll { die } => {
                let d = e.map(|e| e.dice[die as usize]);
                let who = d.and_then(|d| d.villager).map_or("", vname);
                (
                    format!("Reroll {who}'s {}", d.map_or(0, |d| d.face)),
                    Some(format!("die:{die}")),
                )
            }
            Action::BoatSix { die } => {
                let d = e.map(|e| e.dice[die as usize]);
                let who = d.and_then(|d| d.villager).map_or("", vname);
                (
                    format!(
                        "Use a boat: {who}'s {} becomes a 6",
                        d.map_or(0, |d| d.face)
                    ),
                    Some(format!("die:{die}")),
                )
            }
            Action::Exert { villager: v } => (
                format!("Exert {} (+1 lantern, injured)", vname(v)),
                Some(format!("villager:{v}")),
            ),
            Action::Accept => {
                let (have, need) = e.map_or((0, 0), |e| {
                    let c = &self.book().entry((e.paragraph, 0)).choices
                        [e.choice.unwrap_or(0) as usize];
                    (e.lanterns(self.lantern_bonus(seat)), c.explore)
                });
                let result = if have >= need + 2 {
                    "success with the bonus"
                } else if have >= need {
                    "success"
                } else {
                    "failure"
                };
                (
                    format!("Read the outcome: {have} lanterns for explore {need}, {result}"),
                    Some("book:accept".into()),
                )
            }
            Action::Sell { good: Some(g) } => (
                format!("Put 1 {} up for sale", g.name()),
                Some(format!("sale:{seat}")),
            ),
            Action::Sell { good: None } => (
                "Take your good off sale".into(),
                Some(format!("sale:{seat}")),
            ),
            Action::OfferAdd { seller, brew } => {
                let (c, b) = self.turn.offer.map_or((0, 0), |o| (o.coins, o.brews));
                let what = if brew { "mystic brew" } else { "coin" };
                let g = self.players[seller as usize]
                    .for_sale
                    .map_or("?", |g| g.name());
                let so_far = if c + b == 0 {
                    "nothing yet".to_string()
                } else {
                    coins_and_brews(c, b)
                };
                (
                    format!(
                        "Offer {} one more {what} for their {g} (so far {so_far})",
                        self.players[seller as usize].name
                    ),
                    Some(format!("sale:{seller}")),
                )
            }
            Action::Offer => {
                let o = self.turn.offer.expect("offer");
                (
                    format!(
                        "Make the offer: {} to {}",
                        coins_and_brews(o.coins, o.brews),
                        self.players[o.seller as usize].name
                    ),
                    Some(format!("sale:{}", o.seller)),
                )
            }
            // The offer being built was never made: its coins only go out with Offer.
            Action::Withdraw => ("Make no offer after all".into(), Some(WITHDRAW.into())),
            Action::Answer { accept } => {
                let o = self.turn.offer.expect("offer");
                let g = p.for_sale.map_or("?", |g| g.name());
                let buyer = &self.players[self.active as usize].name;
                (
                    if accept {
                        format!(
                            "Sell your {g} to {buyer} for {}",
                            coins_and_brews(o.coins, o.brews)
                        )
                    } else {
                        format!("Refuse {buyer}'s offer")
                    },
                    Some(format!("sale:{seat}")),
                )
            }
            Action::Refresh { outposts } => (
                format!(
                    "Pay 1 coin: refresh the {} row",
                    if outposts { "outpost" } else { "house" }
                ),
                Some(format!(
                    "deck:{}",
                    if outposts { "outposts" } else { "houses" }
                )),
            ),
            Action::BoatCoin => (
                "Use a boat for 1 coin".into(),
                Some(format!("boats:{seat}")),
            ),
            Action::Track { good } => {
                // The slot it joins (its kind's, or the next free one) and the income then.
                let slot = p
                    .track
                    .iter()
                    .position(|(k, _)| *k == good)
                    .unwrap_or(p.track.len());
                let filled = p.track.len().max(slot + 1);
                let b = &data().board;
                let income = p.income() - b.income_of(p.track.len()) + b.income_of(filled);
                (
                    format!(
                        "Place 1 {} on track slot {}, where it stays (income {income})",
                        good.name(),
                        slot + 1
                    ),
                    Some(format!("track:{seat}:{slot}")),
                )
            }
            Action::EndTurn => ("End your turn".into(), Some("button:end".into())),
            Action::Pass => (
                "Pass for the rest of the round".into(),
                Some("button:pass".into()),
            ),
            Action::Bed { villager: v } => (
                format!("A bed for {} ({})", vname(v), rest_step(p, v)),
                Some(format!("villager:{v}")),
            ),
            Action::Brew { villager: v } => (
                format!("Give {} a mystic brew ({})", vname(v), rest_step(p, v)),
                Some(format!("villager:{v}")),
            ),
            Action::RestDone => ("Done resting".into(), Some("button:end".into())),
            Action::Draw { .. } | Action::Roll { .. } => (format!("{a:?}"), None),
        }
    }

    /// One log line per event, the first one unindented.
    pub fn event_lines(&self, ev: &[Event]) -> String {
        let mut out: Vec<String> = Vec::new();
        for e in ev {
            if let Some(l) = self.event_text(e) {
                out.push(l);
            }
        }
        out.join("\n")
    }

    fn who(&self, s: u8) -> &str {
        &self.players[s as usize].name
    }

    fn event_text(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::Selected { seat, villager } => {
                format!("{} chooses {}", self.who(*seat), vname(*villager))
            }
            Event::Sent {
                seat,
                villagers,
                explore,
            } => {
                let names: Vec<&str> = villagers.iter().map(|&v| vname(v)).collect();
                let what = match explore {
                    Some(true) => "to explore a dangerous cave",
                    Some(false) => "to explore a basic cave",
                    None => "to labor",
                };
                format!("{} sends {} {what}", self.who(*seat), and_list(&names))
            }
            Event::CatRoll {
                cat, face, obeys, ..
            } => {
                if *obeys {
                    format!("{} rolls {face}: the cat obeys", vname(*cat))
                } else {
                    format!(
                        "{} rolls {face}: the cat wanders off to nap (exhausted)",
                        vname(*cat)
                    )
                }
            }
            Event::CalledOff { seat } => format!(
                "Too few villagers are left: {} may still take an action",
                self.who(*seat)
            ),
            Event::CaveTaken { cave: c, .. } => {
                let d = cave(*c);
                format!(
                    "The {} cave: {}",
                    if d.dangerous { "dangerous" } else { "basic" },
                    d.name
                )
            }
            Event::GridRoll { face, paragraph } => {
                format!("The die shows {face}: the reader turns to paragraph {paragraph}")
            }
            Event::Chose {
                seat,
                paragraph,
                option,
            } => {
                let c = &self.book().entry((*paragraph, 0)).choices[*option as usize];
                format!(
                    "{} chooses {}: explore {}",
                    self.who(*seat),
                    c.label,
                    c.explore
                )
            }
            Event::Paid { seat, item } => format!("{} pays {}", self.who(*seat), item_text(*item)),
            Event::DieRolled {
                villager: v,
                face,
                reroll,
            } => {
                let who = v.map_or("a die".to_string(), |v| vname(v).to_string());
                let l = v.map_or(0, |v| villager(v).lanterns(*face));
                let again = if *reroll { " (reroll)" } else { "" };
                if v.is_some() {
                    format!(
                        "{who} rolls {face}{again}: {}",
                        counted(l, "lantern", "lanterns")
                    )
                } else {
                    format!("A die shows {face}{again}")
                }
            }
            Event::Assigned { face, villager: v } => format!("The {face} goes to {}", vname(*v)),
            Event::Rerolling {
                seat,
                villager: Some(v),
                face,
            } => format!("{} rerolls {}'s {face}", self.who(*seat), vname(*v)),
            Event::Rerolling { seat, face, .. } => {
                format!("{} rerolls the {face}", self.who(*seat))
            }
            Event::BoatSix { seat, from } => {
                format!("{} uses a boat: the {from} becomes a 6", self.who(*seat))
            }
            Event::Exerted { villager: v, .. } => {
                format!("{} is exerted: +1 lantern, injured", vname(*v))
            }
            Event::Outcome {
                seat,
                lanterns,
                need,
                success,
                bonus,
                read,
            } => {
                let r = if *bonus {
                    "success with the bonus"
                } else if *success {
                    "success"
                } else {
                    "failure"
                };
                let out = self.book().entry(*read);
                let text = if *success { &out.text } else { &out.fail };
                format!(
                    "{} has {} for explore {need}, {r} ({}): {text}",
                    self.who(*seat),
                    counted(*lanterns, "lantern", "lanterns"),
                    ref_name(*read)
                )
            }
            Event::Gained { seat, item } => match *item {
                Item::Reputation(k) if k < 0 => {
                    format!("{} loses {} reputation", self.who(*seat), -k)
                }
                Item::Coins(k) if k < 0 => {
                    format!("{} loses {}", self.who(*seat), coins(-k as i64))
                }
                Item::Reputation(k) => format!("{} gains {k} reputation", self.who(*seat)),
                Item::Injure => format!("One of {}'s explorers is injured", self.who(*seat)),
                _ => format!("{} gains {}", self.who(*seat), item_text(*item)),
            },
            Event::Missed { item, .. } => match *item {
                Item::Injure => "(no explorer is left to be injured)".into(),
                _ => format!("({} is no longer there)", item_text(*item)),
            },
            Event::CaveKept {
                seat,
                cave: c,
                pearl,
            } => {
                let pearl = if *pearl { " and a pearl" } else { "" };
                format!(
                    "{} keeps the cave {}{pearl}",
                    self.who(*seat),
                    cave(*c).name
                )
            }
            Event::Built {
                seat,
                card: c,
                cost,
                on_cave,
            } => {
                let on =
                    on_cave.map_or(String::new(), |k| format!(" on the cave {}", cave(k).name));
                format!(
                    "{} builds {} for {cost} coins{on}",
                    self.who(*seat),
                    self.card(*c).name
                )
            }
            Event::Hired {
                seat,
                villager: v,
                slot,
                cost,
                ready,
            } => {
                if *slot >= 5 {
                    format!("{} gains {} (exhausted)", self.who(*seat), vname(*v))
                } else {
                    let area = if *ready { "ready" } else { "exhausted" };
                    format!(
                        "{} hires {} for {cost} coins ({area})",
                        self.who(*seat),
                        vname(*v)
                    )
                }
            }
            Event::GhostPlaced { seat, card: c } => {
                format!(
                    "A ghost moves into {}'s {}",
                    self.who(*seat),
                    self.card(*c).name
                )
            }
            Event::Ghost { seat, placed } => {
                // A card paying a coin for each ghost gained says so (the coin came
                // without a word in the log).
                let paying = self.players[*seat as usize]
                    .cards()
                    .find(|&c| self.card(c).effects.contains(&Effect::CoinWithGhost));
                match (placed, paying) {
                    (true, Some(c)) => format!(
                        "{} gains a ghost, and 1 coin from {}",
                        self.who(*seat),
                        self.card(c).name
                    ),
                    (true, None) => format!("{} gains a ghost", self.who(*seat)),
                    _ => {
                        "No ghost comes: every building is haunted or no ghost is left".to_string()
                    }
                }
            }
            Event::GhostCoin { seat } => {
                let c = self.players[*seat as usize]
                    .cards()
                    .find(|&c| self.card(c).effects.contains(&Effect::CoinWithGhost));
                format!(
                    "{} gains 1 coin for the ghost from {}",
                    self.who(*seat),
                    c.map_or("a card", |c| self.card(c).name.as_str())
                )
            }
            Event::Banished {
                seat,
                returned,
                target,
            } => match target {
                Some((t, c)) if *returned == 0 => format!(
                    "{} banishes the ghost to {}'s {}",
                    self.who(*seat),
                    self.who(*t),
                    self.card(*c).name
                ),
                Some((t, c)) => format!(
                    "{} banishes {} ghosts: one to {}'s {}, {} back to the supply",
                    self.who(*seat),
                    returned + 1,
                    self.who(*t),
                    self.card(*c).name,
                    if *returned == 1 {
                        "the other"
                    } else {
                        "the others"
                    }
                ),
                None => format!(
                    "{} banishes {} to the supply; no building can take one",
                    self.who(*seat),
                    counted(*returned, "ghost", "ghosts")
                ),
            },
            Event::Labored {
                seat,
                villagers,
                harvest,
            } => format!(
                "{} labors with {}: {}, up to {} to harvest",
                self.who(*seat),
                counted(*villagers, "villager", "villagers"),
                coins(*villagers as i64),
                counted(*harvest, "good", "goods")
            ),
            Event::Harvested { seat, good } => {
                format!("{} harvests 1 {}", self.who(*seat), good.name())
            }
            Event::Claimed { seat, good } => format!(
                "{} claims {} on the ingredient track",
                self.who(*seat),
                good.name()
            ),
            Event::Coin { seat, after } => {
                format!("{} gains 1 coin for {}", self.who(*seat), act_name(*after))
            }
            Event::Reputation { seat, k } if *k < 0 => {
                format!("{} loses {} reputation", self.who(*seat), -k)
            }
            Event::Reputation { seat, k } => format!("{} gains {k} reputation", self.who(*seat)),
            Event::Brews { seat, k } => {
                format!(
                    "{} gains {}",
                    self.who(*seat),
                    counted(*k, "mystic brew", "mystic brews")
                )
            }
            Event::Boats { seat, k } => {
                format!("{} gains {}", self.who(*seat), counted(*k, "boat", "boats"))
            }
            Event::GoodsOnCard { card: c, k, .. } => {
                let (g, _) = self.card(*c).carries()?;
                format!("{} placed on {}", g.amount(*k as i64), self.card(*c).name)
            }
            Event::Sale { seat, good } => match good {
                Some(g) => format!("{} puts 1 {} up for sale", self.who(*seat), g.name()),
                None => format!("{} takes the good off sale", self.who(*seat)),
            },
            Event::OfferStep { .. } => return None,
            Event::OfferMade {
                buyer,
                seller,
                coins,
                brews,
                good,
            } => format!(
                "{} offers {} to {} for their {}",
                self.who(*buyer),
                coins_and_brews(*coins, *brews),
                self.who(*seller),
                good.name()
            ),
            Event::Withdrawn { buyer } => {
                format!("{} decides against an offer", self.who(*buyer))
            }
            Event::Answer {
                accept,
                buyer,
                seller,
                good,
                ..
            } => {
                if *accept {
                    format!(
                        "{} accepts: {} buys the {}",
                        self.who(*seller),
                        self.who(*buyer),
                        good.name()
                    )
                } else {
                    format!("{} refuses the offer", self.who(*seller))
                }
            }
            Event::Refreshed { seat, outposts } => format!(
                "{} pays 1 coin to refresh the {} row",
                self.who(*seat),
                if *outposts { "outpost" } else { "house" }
            ),
            Event::BoatCoin { seat } => format!("{} uses a boat for 1 coin", self.who(*seat)),
            Event::Tracked { seat, good, slot } => format!(
                "{} places 1 {} on slot {} of the advancement track",
                self.who(*seat),
                good.name(),
                slot + 1
            ),
            Event::TurnEnded { seat } => format!("{} ends the turn", self.who(*seat)),
            Event::Passed { seat } => format!("{} passes", self.who(*seat)),
            Event::Bed {
                seat,
                villager: v,
                to_ready,
            } => format!(
                "{}: {} sleeps in a bed ({})",
                self.who(*seat),
                vname(*v),
                if *to_ready { "ready" } else { "exhausted" }
            ),
            Event::BrewUsed {
                seat,
                villager: v,
                to_ready,
            } => format!(
                "{}: {} drinks a mystic brew ({})",
                self.who(*seat),
                vname(*v),
                if *to_ready { "ready" } else { "exhausted" }
            ),
            Event::RestDone { seat } => format!("{} is done resting", self.who(*seat)),
            Event::RobotRest { seat, villager: v } => {
                format!("{}'s {} rests in its own bed", self.who(*seat), vname(*v))
            }
            Event::Haunt { seat, k: 1 } => {
                format!("A ghost haunts {}: -1 reputation", self.who(*seat))
            }
            Event::Haunt { seat, k } => {
                format!("{k} ghosts haunt {}: -{k} reputation", self.who(*seat))
            }
            Event::RoundEnds { round } => format!("Round {round} ends"),
            Event::GameOver => "The round marker cannot move: the game is over".into(),
            Event::Income { seat, coins: k } => {
                format!("{} collects {}", self.who(*seat), coins(*k))
            }
            Event::Refilled { card: c, k, .. } => {
                format!(
                    "{} gets {} again",
                    self.card(*c).name,
                    counted(*k, "good", "goods")
                )
            }
            Event::RoundStarts { round, first } => {
                format!("Round {round} begins; {} goes first", self.who(*first))
            }
            Event::Drew { deck, card: c } => {
                let name = match deck {
                    Deck::Villagers => vname(*c).to_string(),
                    Deck::BasicCaves | Deck::DangerousCaves => cave(*c).name.clone(),
                    _ => self.card(*c).name.clone(),
                };
                format!("{name} comes to {}", deck_name(*deck))
            }
            Event::Next { seat } => format!("{}'s turn", self.who(*seat)),
            Event::Did {
                seat,
                action: Action::DoneHarvest,
            } => format!("{} stops harvesting", self.who(*seat)),
            Event::Did { seat, action } => {
                format!(
                    "{}: {}",
                    self.who(*seat),
                    self.describe(*seat as usize, action).0
                )
            }
        })
    }

    /// The paragraph reference a choice leads to, for the book page.
    pub fn outcome_ref(&self, paragraph: u16, option: u8) -> String {
        ref_name(self.book().entry((paragraph, 0)).choices[option as usize].goto)
    }
}
