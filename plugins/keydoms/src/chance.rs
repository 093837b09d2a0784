//! The chance steps in one place: which one is due, what it draws, and whether a logged
//! outcome could have come from it (so a tampered save is refused before it is applied).

use tavern_plugin_api::{GameError, GameRng};

use crate::perm::check_perm;
use crate::state::{Action, Keydoms, Stage};

/// The chance step due now, in the order the flow asks for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// The tiles under a chosen one in this stack (Choice, Rearrange).
    Stack(u8),
    /// The spell discards into the deck.
    Spells,
    GhostDeck(usize),
    /// A ghost at the roundhouse keeps one of the spells drawn, blind.
    GhostKeep(usize),
    /// Evict with ghosts: one random worker per party at this location.
    Evict(u8),
    GhostTurn(usize),
    /// Setup: the castle's artefact tiles.
    Artefacts,
    /// A new round: guard tile and treasure card.
    Round,
    /// The workers at this location are turned up (one outcome: the step exists so
    /// each location resolved is an entry of its own).
    Reveal(u8),
}

impl Keydoms {
    pub fn chance_due(&self) -> Option<Due> {
        if self.stage == Stage::Over {
            return None;
        }
        if let Some((s, _)) = self.m.need_stack_shuffle {
            return Some(Due::Stack(s));
        }
        if self.m.need_spell_shuffle {
            return Some(Due::Spells);
        }
        if let Some(&g) = self.gp.shuffle_due.first() {
            return Some(Due::GhostDeck(g));
        }
        if let Some(r) = &self.gp.roundhouse {
            return Some(Due::GhostKeep(r.ghost));
        }
        if let Some(loc) = self.gp.evict_at {
            return Some(Due::Evict(loc));
        }
        if let Some(g) = self.gp.turn_due {
            return Some(Due::GhostTurn(g));
        }
        if self.pending.is_some() || self.window_seat().is_some() {
            return None;
        }
        match self.stage {
            Stage::Setup => Some(Due::Artefacts),
            Stage::RoundStart => Some(Due::Round),
            Stage::Resolving if self.cursor.reveal_due => Some(Due::Reveal(self.cursor.loc)),
            _ => None,
        }
    }

    pub fn draw_chance(&self, rng: &mut GameRng) -> Action {
        use rand::RngExt;
        let perm = |rng: &mut GameRng, n: usize| -> Vec<u16> {
            rng.permutation(n).into_iter().map(|i| i as u16).collect()
        };
        match self.chance_due() {
            Some(Due::Stack(stack)) => Action::ShuffleStack {
                stack,
                order: perm(rng, self.stacks[stack as usize].len()),
            },
            Some(Due::Spells) => Action::ShuffleSpells {
                order: perm(rng, self.m.discard.len()),
            },
            Some(Due::Artefacts) => Action::ShuffleArtefacts {
                order: perm(rng, Keydoms::castle_tiles(self.total()).len()),
            },
            Some(Due::Round) => Action::StartRound {
                guard: rng.die(10) as u8,
                card: self.card_deck[rng.random_range(0..self.card_deck.len())],
            },
            Some(Due::Reveal(loc)) => Action::Reveal { loc },
            _ => self.sample_ghost_chance(rng),
        }
    }

    /// Every outcome of the due step when there are few: a round's guard and card, a
    /// ghost's blind pick at the roundhouse.
    pub fn listed_chance_outcomes(&self) -> Option<Vec<Action>> {
        match self.chance_due()? {
            Due::Round => Some(
                (1..=10u8)
                    .flat_map(|guard| {
                        self.card_deck
                            .iter()
                            .map(move |&card| Action::StartRound { guard, card })
                    })
                    .collect(),
            ),
            Due::Reveal(loc) => Some(vec![Action::Reveal { loc }]),
            Due::GhostKeep(g) => {
                let drawn = self.gp.roundhouse.as_ref().map_or(0, |r| r.drawn.len());
                Some(
                    (0..drawn as u8)
                        .map(|pick| Action::GhostKeepSpell {
                            ghost: g as u8,
                            pick,
                        })
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// Whether `a` could have come from the due chance step.
    pub fn chance_fits(&self, a: &Action) -> Result<(), GameError> {
        let wrong = || GameError::new("it is not the chance step due now");
        let due = self
            .chance_due()
            .ok_or_else(|| GameError::new("no chance step is due"))?;
        match (due, a) {
            (Due::Stack(s), Action::ShuffleStack { stack, order }) if *stack == s => {
                check_perm(order, self.stacks[s as usize].len())
            }
            (Due::Spells, Action::ShuffleSpells { order }) => {
                check_perm(order, self.m.discard.len())
            }
            (Due::GhostDeck(g), Action::GhostShuffle { ghost, order }) if *ghost as usize == g => {
                check_perm(order, self.ghosts[g].deck.len())
            }
            (Due::Artefacts, Action::ShuffleArtefacts { order }) => {
                check_perm(order, Keydoms::castle_tiles(self.total()).len())
            }
            (Due::Reveal(l), Action::Reveal { loc }) if *loc == l => Ok(()),
            (Due::Round | Due::GhostKeep(_), _) => {
                if self.listed_chance_outcomes().is_some_and(|l| l.contains(a)) {
                    Ok(())
                } else {
                    Err(GameError::new("no such guard, card or pick"))
                }
            }
            (Due::Evict(loc), Action::GhostEvict { picks }) => {
                let parties = self.evict_parties(loc);
                let fits = picks.len() == parties.len()
                    && parties
                        .iter()
                        .zip(picks)
                        .all(|(&p, &k)| (k as usize) < self.party_slots(p, loc).len());
                fits.then_some(())
                    .ok_or_else(|| GameError::new("one worker of each party at the location"))
            }
            (
                Due::GhostTurn(g),
                Action::GhostTurn {
                    ghost,
                    flip,
                    worker,
                },
            ) if *ghost as usize == g => {
                let mut avail = if self.gp.started[g] {
                    Vec::new()
                } else {
                    self.flippable(g)
                };
                let want = avail.len().min(self.gp.flips as usize);
                if flip.len() != want {
                    return Err(GameError::new("wrong number of artefacts turned up"));
                }
                for t in flip {
                    let i = avail
                        .iter()
                        .position(|x| x == t)
                        .ok_or_else(|| GameError::new("no such face-down artefact"))?;
                    avail.remove(i);
                }
                match (self.needs_pick(g), worker) {
                    (true, Some(w)) if self.ghosts[g].unplaced().contains(&(*w as usize)) => Ok(()),
                    (false, None) => Ok(()),
                    _ => Err(GameError::new(
                        "a counter still behind is picked exactly when one is placed",
                    )),
                }
            }
            _ => Err(wrong()),
        }
    }
}
