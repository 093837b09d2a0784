//! Log text, written from the records of what a change did ([`Done`], [`ChanceDone`],
//! [`Note`]) and the names at the table. Only `apply` calls this; a playout never does.

use tavern_plugin_api::Applied;

use crate::data::{artefact_name, count, loc_name, spell_name, the_loc, treasures_of, upper_first};
use crate::ghost::GhostMove;
use crate::ghost_play::card_text;
use crate::magic::WinKind;
use crate::record::{ChanceDone, Done, Note, Purchase};
use crate::rules::treasure_singular;
use crate::state::{Action, Keydoms};

impl Keydoms {
    /// The log entry of `seat`'s decision.
    pub(crate) fn seat_log(&self, seat: usize, done: &Done) -> Applied {
        let name = self.players[seat].name.as_str();
        let public = |text: String| Applied::public(text);
        match done {
            Done::StartTreasure { treasure } => public(format!(
                "{name} takes a small {} to start",
                treasure_singular(*treasure)
            )),
            Done::Placed {
                strength,
                loc,
                shown,
            } => {
                let at = the_loc(*loc);
                if *shown {
                    public(format!(
                        "{name} places their {strength} face up in {at} (Disclosure)"
                    ))
                } else if self.gp.solo_face_up {
                    public(format!(
                        "{name} places their {strength} in {at} (shown for reference)"
                    ))
                } else {
                    public(format!("{name} places a worker face down in {at}"))
                        .with_private(format!("You place your {strength} face down in {at}"))
                }
            }
            Done::NamedStart { seat: s } if *s as usize == seat => public(format!(
                "{name} wins the stables and takes the start player marker"
            )),
            Done::NamedStart { seat: s } => public(format!(
                "{name} wins the stables and makes {} the start player",
                self.name_of(*s as usize)
            )),
            Done::MarketPassed => public(format!("{name} wins the market but makes no trade")),
            Done::MarketGave { treasure } => public(format!(
                "{name} trades in a small {} at the market",
                treasure_singular(*treasure)
            )),
            Done::MarketTook { treasure } => public(format!(
                "{name} takes a small {} from the treasury",
                treasure_singular(*treasure)
            )),
            Done::RefusedBribe => public(format!(
                "{name} does not bribe the guard; their castle workers go home"
            )),
            Done::Bribed {
                treasure,
                total,
                owed,
            } => {
                if total >= owed {
                    public(format!(
                        "{name} completes a bribe of {} and enters the castle",
                        count(*owed, "treasure", "treasures")
                    ))
                } else {
                    public(format!(
                        "{name} hands the guard one {} ({total} of {owed})",
                        treasure_singular(*treasure)
                    ))
                }
            }
            Done::DeclinedBuy {
                room,
                artefact: Some(a),
            } => public(format!(
                "{name} does not buy the {} in {}",
                artefact_name(*a),
                loc_name(*room)
            )),
            Done::DeclinedBuy { room, .. } => {
                public(format!("{name} does not buy in {}", loc_name(*room)))
            }
            Done::ChoseStack { artefact } => {
                public(format!("{name} chooses the {}", artefact_name(*artefact)))
            }
            Done::SetAside { strength, treasure } => public(format!(
                "{name} sets aside {}",
                treasures_of(*strength as u16, *treasure as usize)
            )),
            Done::Bought {
                room,
                need,
                paid,
                got,
            } => {
                let parts: Vec<String> = need
                    .iter()
                    .zip(paid)
                    .map(|(&s, &t)| treasures_of(s as u16, t as usize))
                    .collect();
                let parts = parts.join(" and ");
                let room = loc_name(*room);
                public(match got {
                    Purchase::Searching => {
                        format!("{name} pays {parts} and searches the stack in {room}")
                    }
                    Purchase::Took { artefact, last } => {
                        let took = format!(
                            "{name} pays {parts} and takes the {} from {room}",
                            artefact_name(*artefact)
                        );
                        if *last {
                            format!("{took}. The last artefact is gone: game over")
                        } else {
                            took
                        }
                    }
                })
            }
            // Letting a response window go by changes nothing: the host folds runs of
            // these in the log.
            Done::Passed { window } => {
                let when = match *window {
                    WinKind::Placement => "before the next placement".to_string(),
                    WinKind::Location(l) => format!("at {}", the_loc(l)),
                    WinKind::BeforeResolve => "before the locations resolve".to_string(),
                    WinKind::AfterCaves => "after the caves".to_string(),
                    WinKind::Spell => "against the spell".to_string(),
                };
                public(format!("{name} passes: no artefact or spell {when}")).routine()
            }
            Done::PassedRound => public(format!(
                "{name} passes every response window for the rest of the round"
            )),
            Done::Invoked { artefact } => {
                public(format!("{name} invokes the {}", artefact_name(*artefact)))
            }
            Done::Cast { spell } => public(format!("{name} casts {}", spell_name(*spell))),
            Done::Mirrored { loc, strength } => public(format!(
                "{name} mirrors their {strength} in {}",
                the_loc(*loc)
            )),
            Done::Targeted(a) => {
                public(format!("{name} targets {}", self.describe_target(seat, a)))
            }
            Done::Kept {
                spell,
                others,
                give_to,
            } => {
                let mut text = format!("{name} keeps a spell");
                for _ in 0..*others {
                    match *give_to {
                        Some(to) if to >= self.n() => {
                            text.push_str(" and the other goes to the ");
                            text.push_str(self.name_of(to));
                        }
                        Some(to) => {
                            text.push_str(" and hands one to ");
                            text.push_str(&self.players[to].name);
                        }
                        None => text.push_str(" and puts one under the spell deck"),
                    }
                }
                public(text).with_private(format!("You keep {}", spell_name(*spell)))
            }
            Done::PaidOne {
                treasure,
                paid,
                owed,
            } => public(format!(
                "{name} pays one {} ({paid} of {owed})",
                treasure_singular(*treasure)
            )),
            Done::RefusedPay { levy: Some(loc) } => public(format!(
                "{name} refuses the Levy: their worker goes home from {}",
                the_loc(*loc)
            )),
            Done::RefusedPay { levy: None } => public(format!(
                "{name} refuses the Extortion: their castle workers go home"
            )),
            Done::TookOne { treasure } => public(format!(
                "{name} takes a small {}",
                treasure_singular(*treasure)
            )),
            Done::Traded { give, take } => public(format!(
                "{name} trades a {} for a {}",
                treasure_singular(*give),
                treasure_singular(*take)
            )),
            Done::TradeDone => public(format!("{name} finishes trading")),
            Done::EvictedBack { victim, loc } => public(format!(
                "{name} sends one of {}'s workers home from {}",
                self.players[*victim].name,
                the_loc(*loc)
            )),
            Done::Rearranged { tile } => public(format!("{name} rearranges a castle stack"))
                .with_private(format!("You put the {} on top", artefact_name(*tile))),
            Done::PickedTile { tile } => public(format!("{name} picks an artefact from the stack"))
                .with_private(format!("You take the {}", artefact_name(*tile))),
            Done::Withdrew { loc } => {
                public(format!("{name} takes a worker home from {}", the_loc(*loc)))
            }
            Done::LeftGhosts => public(format!("{name} leaves the ghost's counters alone")),
            Done::SentGhostHome { ghost, loc } => public(format!(
                "{name} sends one of the {}'s counters home from {}",
                self.ghosts[*ghost].name(),
                the_loc(*loc)
            )),
        }
    }

    /// The log entry of a chance outcome. It names only what became public; a seat that
    /// learns more (a spell handed to it) reads its own text.
    pub(crate) fn chance_log(&self, action: &Action, done: &ChanceDone) -> Applied {
        match *done {
            ChanceDone::ArtefactsShuffled => Applied::reveal(
                "The artefacts are shuffled into the castle rooms; each top tile is turned up",
            ),
            ChanceDone::RoundStarted { card } => Applied::reveal(format!(
                "Round {}: treasure card {card} is turned up, the caves are filled, a guard \
                 takes post face down{}",
                self.round,
                if self.round > 1 {
                    " and new artefacts are turned up"
                } else {
                    ""
                }
            ))
            .section(format!("Round {}", self.round)),
            ChanceDone::Revealed { loc } => {
                let what = if loc == crate::data::GUARD {
                    "its workers and the guard are turned up"
                } else {
                    "its workers are turned up"
                };
                Applied::public(format!("Resolving {}: {what}", the_loc(loc)))
            }
            ChanceDone::SpellsShuffled => {
                Applied::public("The spell cards are shuffled into the deck")
            }
            ChanceDone::StackShuffled => {
                Applied::public("The rest of the stack is shuffled face down")
            }
            ChanceDone::GhostShuffled { ghost, under } => {
                let mut text = format!("The {}'s deck is shuffled", self.ghosts[ghost].name());
                if let Some(k) = under {
                    let cards = count(k as u32, "spell card goes", "spell cards go");
                    text.push_str(&format!("; {cards} face down under it"));
                }
                Applied::public(text)
            }
            ChanceDone::GhostEvicted { loc, parties } => {
                let names: Vec<&str> = (0..self.total())
                    .filter(|&p| parties & (1 << p) != 0)
                    .map(|p| self.name_of(p))
                    .collect();
                Applied::public(format!(
                    "Evict in {}: one random worker of each party goes home ({})",
                    the_loc(loc),
                    names.join(", ")
                ))
            }
            ChanceDone::GhostKept {
                ghost,
                keep,
                other,
                second,
            } => {
                let name = self.ghosts[ghost].name();
                // Under Foreknown both spells lay face up, so naming them leaks nothing.
                let kept = if self.m.foreknown {
                    format!("{name} keeps {} (picked at random)", spell_name(keep))
                } else {
                    format!("{name} keeps one of the two spells, picked at random")
                };
                match second {
                    Some(s) if s < self.n() => Applied::public(format!(
                        "{kept}; the other goes to {}",
                        self.players[s].name
                    ))
                    .with_private_for(
                        s,
                        format!("{kept}; the other, {}, goes to you", spell_name(other)),
                    ),
                    Some(s) => Applied::public(format!(
                        "{kept}; the other goes to the {}",
                        self.name_of(s)
                    )),
                    None => Applied::public(format!("{kept}; the other goes under the spell deck")),
                }
            }
            ChanceDone::GhostTurned { ghost, mv } => {
                let name = self.ghosts[ghost].name();
                let flip: &[u8] = match action {
                    Action::GhostTurn { flip, .. } => flip,
                    _ => &[],
                };
                // One line per step: the host shows the first as the action, the rest
                // as its consequences.
                let mut lines: Vec<String> = flip
                    .iter()
                    .map(|&a| format!("{name} turns up its {}", artefact_name(a)))
                    .collect();
                lines.push(match mv {
                    GhostMove::Placed { card, loc, .. } => format!(
                        "{name} plays card {card} ({}) → a counter goes face down to {}",
                        card_text(card),
                        the_loc(loc)
                    ),
                    GhostMove::Revealed { spell } => format!(
                        "{name} turns up the spell {}; it is cast when placement ends",
                        spell_name(spell)
                    ),
                    GhostMove::Wasted { card } => format!(
                        "{name} plays card {card} ({}), which finds no open location",
                        card_text(card)
                    ),
                });
                Applied::public(lines.join("\n"))
            }
        }
    }

    /// The line an automatic consequence adds under the action that set it off.
    pub(crate) fn note_text(&self, note: &Note) -> String {
        let ghost = |g: usize| self.ghosts[g].name();
        match *note {
            Note::GhostStables { ghost: g, kept } => {
                if kept {
                    format!("{} keeps the start marker and gains a spell", ghost(g))
                } else {
                    format!("{} wins the stables and becomes start player", ghost(g))
                }
            }
            Note::GhostMarket { ghost: g } => {
                format!("{} wins the market and gains a spell instead", ghost(g))
            }
            Note::GhostCottage { ghost: g } => format!(
                "{} wins the cottage: players use no artefacts but the wand this round",
                ghost(g)
            ),
            Note::GhostRoundhouse { ghost: g, drawn } => match drawn {
                0 => format!("{} wins the roundhouse but no spell is left", ghost(g)),
                1 => format!("{} wins the roundhouse and gains the last spell", ghost(g)),
                _ => format!(
                    "{} wins the roundhouse and picks one of two spells blind",
                    ghost(g)
                ),
            },
            Note::GhostLedge {
                ghost: g,
                cave,
                ledge,
                value,
            } => format!(
                "{} earns ledge {} of {} (worth {value}): it goes back to the treasury",
                ghost(g),
                ledge + 1,
                the_loc(cave)
            ),
            Note::GhostTook {
                ghost: g,
                artefact,
                loc,
                choice,
            } => format!(
                "{} takes the {} from {} for free{}",
                ghost(g),
                artefact_name(artefact),
                loc_name(loc),
                if choice {
                    " and gains a spell (Choice)"
                } else {
                    ""
                }
            ),
            Note::LastArtefact => "The last artefact is gone: game over".to_string(),
            Note::Standing {
                loc,
                len,
                seats,
                strengths,
                guard,
            } => {
                let mut parties: Vec<String> = (0..len as usize)
                    .map(|i| format!("{} {}", self.name_of(seats[i] as usize), strengths[i]))
                    .collect();
                if parties.is_empty() {
                    parties.push("no worker in it".to_string());
                }
                let guard = guard
                    .map(|g| format!("the guard {g}; "))
                    .unwrap_or_default();
                format!(
                    "{} is resolved: {guard}{}",
                    upper_first(&the_loc(loc)),
                    parties.join(", ")
                )
            }
            Note::PlayerLedge {
                seat,
                cave,
                ledge,
                goods,
            } => {
                let parts: Vec<String> = (0..goods.len())
                    .filter(|&t| goods[t] > 0)
                    .map(|t| treasures_of(goods[t] as u16, t))
                    .collect();
                format!(
                    "{} takes {} from ledge {} of {}",
                    self.name_of(seat),
                    parts.join(" and "),
                    ledge + 1,
                    the_loc(cave)
                )
            }
            Note::SettledPay {
                seat, all: true, ..
            } => format!(
                "{} has no more than that and hands over every treasure",
                self.name_of(seat)
            ),
            Note::SettledPay {
                seat,
                levy: Some(loc),
                ..
            } => format!(
                "{} cannot pay the Levy: their worker goes home from {}",
                self.name_of(seat),
                the_loc(loc)
            ),
            Note::SettledPay { seat, .. } => format!(
                "{} cannot pay the Extortion: their castle workers go home",
                self.name_of(seat)
            ),
            Note::NobodyPays { spell } => format!(
                "{} finds nobody to pay: {}",
                spell_name(spell),
                if spell == 12 {
                    "no other player has a worker at an unresolved Keytown location"
                } else {
                    "no other player has a worker in the castle rooms"
                }
            ),
            Note::Parity { loc, odd, counts } => {
                let gone: Vec<String> = counts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c > 0)
                    .map(|(s, &c)| format!("{} of {}'s", c, self.name_of(s)))
                    .collect();
                let spell = if odd { "Odd ones out" } else { "Get even" };
                if gone.is_empty() {
                    format!(
                        "{spell} sends no player's worker home from {}",
                        the_loc(loc)
                    )
                } else {
                    format!(
                        "{spell} sends workers home from {}: {}",
                        the_loc(loc),
                        gone.join(", ")
                    )
                }
            }
            Note::DragonLeft { cave: Some(c) } => format!(
                "Dragon leaves: {} fills with treasure (4 on the top ledge, 2 on the next)",
                the_loc(c)
            ),
            Note::DragonLeft { cave: None } => {
                "Dragon leaves: no cave is empty, so nothing happens".to_string()
            }
            Note::Cottage { seat } => format!(
                "{} wins the cottage: one more artefact may be invoked this round",
                self.name_of(seat)
            ),
            Note::Entered { seat, key: true } => {
                format!("{} passes the guard with the key", self.name_of(seat))
            }
            Note::Entered { seat, key: false } => {
                format!("{} is strong enough to pass the guard", self.name_of(seat))
            }
            Note::TurnedBack {
                seat,
                in_guard_room,
            } => format!(
                "{} cannot get past the guard ({}): their castle workers go home",
                self.name_of(seat),
                if in_guard_room {
                    "too few treasures for the bribe"
                } else {
                    "no worker in the guard room to bribe with"
                }
            ),
            Note::CannotBuy {
                seat,
                room,
                entered,
            } => format!(
                "{} cannot buy in {} ({})",
                self.name_of(seat),
                loc_name(room),
                if entered {
                    "too few treasures for the price"
                } else {
                    "did not get past the guard"
                }
            ),
            Note::GhostCasts { ghost: g, spell } => {
                format!("{} casts {}", ghost(g), spell_name(spell))
            }
            Note::Moonlight { ghost: g, room } => format!(
                "Moonlight: the {}'s strongest cave counter moves to {}",
                ghost(g),
                loc_name(room)
            ),
            Note::EvictMissed { ghost: g } => {
                format!("{}'s Evict finds no location with a player", ghost(g))
            }
            Note::SmugglerFull { ghost: g } => {
                format!("{}'s Smuggler finds Keytown fully occupied", ghost(g))
            }
            Note::NoDuplicate { ghost: g } => {
                format!("{} has no duplicate to swap for a kind it lacks", ghost(g))
            }
            Note::NothingToSwap { ghost: g } => format!("{} finds nothing to swap", ghost(g)),
            Note::Swapped {
                ghost: g,
                give,
                take,
                room,
            } => format!(
                "{} swaps a {} for the {} in {}",
                ghost(g),
                artefact_name(give),
                artefact_name(take),
                loc_name(room)
            ),
            Note::ExtortedGhost {
                ghost: g,
                strength,
                loc,
            } => format!(
                "Extortion: the ghosts' castle counters are turned up; the {}'s {strength} \
                 leaves {}",
                ghost(g),
                loc_name(loc)
            ),
            Note::ExtortionTie => "Extortion: the ghosts' castle counters are turned up; \
                                   several are equally weak"
                .to_string(),
            Note::ParityHome { loc, counts } => {
                let gone: Vec<String> = counts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c > 0)
                    .map(|(g, c)| format!("{c} of the {}'s", ghost(g)))
                    .collect();
                format!(
                    "Ghost counters sent home from {}: {}",
                    the_loc(loc),
                    gone.join(", ")
                )
            }
        }
    }

    /// `applied` with each note on a line of its own under every text it carries:
    /// private texts replace the public one for their readers, so they carry the same
    /// consequences.
    pub(crate) fn with_notes(&self, mut applied: Applied, notes: &[Note]) -> Applied {
        if notes.is_empty() {
            return applied;
        }
        // A pass that set off results (a location resolved, a spell settled) changed the
        // table: the host must not fold it away with the plain passes.
        applied.routine = false;
        let lines: Vec<String> = notes.iter().map(|n| self.note_text(n)).collect();
        let texts = std::iter::once(&mut applied.label)
            .chain(applied.private_label.as_mut())
            .chain(applied.private_for.iter_mut().map(|(_, t)| t));
        for text in texts {
            for line in &lines {
                text.push('\n');
                text.push_str(line);
            }
        }
        applied
    }
}
