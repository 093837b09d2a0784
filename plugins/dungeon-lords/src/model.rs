//! The state of a combat: the lords' dungeons, the parties at their entrances, the round
//! and the battle in progress.

use serde::{Deserialize, Serialize};

use crate::data::{self, Class, SQUARES, adv, data};

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum TileKind {
    Tunnel,
    Room,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Tile {
    pub kind: TileKind,
    pub conquered: bool,
    /// Which room tile, for rooms built from the room store (a training room has none).
    #[serde(default)]
    pub room: Option<u8>,
}

/// An adventurer tile in a party, with the damage counters on it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Adv {
    pub id: u8,
    pub damage: u8,
    /// Extra hit points for the rest of the combat (the spell Create Food).
    #[serde(default)]
    pub bonus: u8,
}

impl Adv {
    pub fn new(id: u8, damage: u8) -> Adv {
        Adv {
            id,
            damage,
            bonus: 0,
        }
    }
    pub fn hp(&self) -> u8 {
        adv(self.id).hp + self.bonus
    }
    pub fn class(&self) -> Class {
        adv(self.id).class
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Monster {
    pub kind: u8,
    /// Face up in the lair; knocked-out monsters lie face down until the year's end.
    pub ready: bool,
}

/// What a lord sends into this round's battle; secret until every lord has confirmed.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Plan {
    /// This lord fights a battle this round.
    pub active: bool,
    pub tile: Option<u8>,
    pub trap: Option<u8>,
    /// A second trap, only in a Labyrinth.
    #[serde(default)]
    pub trap2: Option<u8>,
    /// Lair indices of the monsters and ghosts sent, in the order they were chosen.
    pub monsters: Vec<u8>,
    pub confirmed: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Lord {
    pub name: String,
    pub gold: u8,
    pub food: u8,
    pub imps: u8,
    pub evil: u8,
    pub grid: [Option<Tile>; SQUARES],
    /// Trap cards in hand, a count per trap kind.
    pub traps: Vec<u8>,
    /// Trap cards used, a count per trap kind.
    pub discarded: Vec<u8>,
    pub lair: Vec<Monster>,
    /// The party at the entrance, first in line first.
    pub party: Vec<Adv>,
    pub prison: Vec<u8>,
    /// Adventurers that left for the Distant Lands (released, or alive after round 4).
    pub distant: Vec<u8>,
    pub plan: Plan,
    /// Marks in the Dead Letter Office (unpaid taxes), −3 each at scoring.
    #[serde(default)]
    pub dead_letters: u8,
    /// Rounds (1–4) whose face-down combat card this lord has spied.
    #[serde(default)]
    pub spied: Vec<u8>,
}

impl Lord {
    pub fn empty(name: &str) -> Lord {
        let n = data().traps.len();
        Lord {
            name: name.into(),
            gold: 0,
            food: 0,
            imps: 0,
            evil: 0,
            grid: [None; SQUARES],
            traps: vec![0; n],
            discarded: vec![0; n],
            lair: Vec::new(),
            party: Vec::new(),
            prison: Vec::new(),
            distant: Vec::new(),
            plan: Plan::default(),
            dead_letters: 0,
            spied: Vec::new(),
        }
    }
    pub fn conquered(&self) -> usize {
        self.grid.iter().flatten().filter(|t| t.conquered).count()
    }
    /// The second-year combat room on this square, if any.
    pub fn combat_room(&self, square: u8) -> Option<crate::data::CombatRoom> {
        self.grid[square as usize]
            .and_then(|t| t.room)
            .and_then(|r| crate::data::room(r).combat)
    }

    /// Gold a trap costs on this square on top of its own cost.
    pub fn room_trap_gold(&self, square: u8) -> u8 {
        let labyrinth = self.combat_room(square) == Some(crate::data::CombatRoom::Labyrinth);
        (self.is_room(square) && !labyrinth) as u8
    }

    /// Traps and monsters (ghosts aside) a battle on this square allows.
    pub fn limits(&self, square: u8) -> (usize, usize) {
        match self.combat_room(square) {
            Some(crate::data::CombatRoom::Labyrinth) => (2, 1),
            _ if self.is_room(square) => (1, 2),
            _ => (1, 1),
        }
    }

    pub fn is_room(&self, square: u8) -> bool {
        matches!(
            self.grid[square as usize],
            Some(Tile {
                kind: TileKind::Room,
                ..
            })
        )
    }
}

/// The interactive steps of a battle; everything else resolves by itself.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Step {
    /// The lord names the adventurer a dart flies at.
    TrapTarget,
    /// The lord picks the next monster or ghost to attack, with its attack.
    Monsters,
    /// The spell in effect asks the lord to choose (which monster, pay or withdraw, ...).
    Spell,
}

/// The round's effects on one battle, set by traps and monsters and read by later steps.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Battle {
    pub lord: usize,
    /// A monster or ghost attacked (a hold is not an attack): Healing happens.
    pub attacked: bool,
    pub no_heal: bool,
    pub no_conquer: bool,
    pub no_spells: bool,
    /// Unpreventable damage due after Conquering: (adventurer id, amount).
    pub poison: Option<(u8, u8)>,
    /// Lair indices sent that have not attacked yet.
    pub waiting: Vec<u8>,
    /// Points of monster damage still to be absorbed (Magic Shield).
    pub shield: u8,
    /// Wizards cannot be harmed by monsters this round (Invisibility).
    pub invisible: bool,
    /// Monsters may use only their first attack (Blind Rage).
    pub blind_rage: bool,
    /// Warriors take 1 less per monster attack (Song of Courage).
    pub courage: bool,
    /// No fatigue this round (Dimensional Gate).
    pub no_fatigue: bool,
    /// The party conquers whatever stopped it (Magic Key).
    pub must_conquer: bool,
    /// Monsters still to be paid for or withdrawn (Suggestion), lair indices.
    pub suggestion: Vec<u8>,
    /// The spell step in progress: false at the fast step, true at the slow one.
    pub slow: bool,
    /// Traps still to go off this battle, in order.
    pub traps: Vec<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Phase {
    /// Seat must release one prisoner: no unconquered tile is left.
    Release(usize),
    /// Every lord with a battle this round plans in secret.
    Planning,
    Battle(Step),
    /// A decision of the building years (the full game).
    Build(crate::full::Stage),
    Over,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Mode {
    /// One of the rulebook's training dungeons (index into the data's scenarios).
    Training(u8),
    /// A combat of the full game's dungeons on its own (tests build these).
    Combat,
    /// The whole two-year game.
    Full,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Dl {
    pub mode: Mode,
    pub year: u8,
    /// Combat round 1..=4 (0 before the first).
    pub round: u8,
    pub phase: Phase,
    pub lords: Vec<Lord>,
    /// Battles are fought in seat order from this seat.
    pub start: usize,
    /// Fatigue at Conquering (training uses a fixed amount instead of combat cards).
    pub fatigue: u8,
    /// The paladin's tile while he waits in his tent.
    pub paladin_tent: Option<u8>,
    /// The battle in progress, if any.
    pub battle: Option<Battle>,
    /// Lords still to fight this round, in battle order.
    pub queue: Vec<usize>,
    /// Plans are face up (every lord confirmed).
    pub revealed: bool,
    /// The combat cards of this combat, one per round, face down (empty in training,
    /// which uses a fixed fatigue and no spells).
    #[serde(default)]
    pub cards: Vec<u8>,
    /// The four cards are still to be dealt (a chance step).
    #[serde(default)]
    pub deal_due: bool,
    /// What the last public step did (a battle's hits, heals, fatigue), for the table.
    #[serde(default)]
    pub report: Vec<crate::done::Ev>,
    /// The building years and everything around the combats (the full game only).
    #[serde(default)]
    pub full: Option<Box<crate::full::Full>>,
}

impl Dl {
    /// A training dungeon set up as the rulebook pictures it.
    pub fn training(idx: usize, name: &str) -> Dl {
        let d = data();
        let sc = &d.scenarios[idx];
        let mut l = Lord::empty(name);
        l.gold = sc.gold;
        l.food = sc.food;
        for &sq in &sc.tiles {
            let kind = if sc.rooms.contains(&sq) {
                TileKind::Room
            } else {
                TileKind::Tunnel
            };
            l.grid[sq as usize] = Some(Tile {
                kind,
                conquered: false,
                room: None,
            });
        }
        for t in &sc.traps {
            l.traps[d.trap_id(t).expect("scenario trap") as usize] += 1;
        }
        for m in &sc.monsters {
            l.lair.push(Monster {
                kind: d.monster_id(m).expect("scenario monster"),
                ready: true,
            });
        }
        for a in &sc.party {
            l.party.push(Adv::new(
                d.adventurer_id(a).expect("scenario adventurer"),
                0,
            ));
        }
        let mut g = Dl::combat(vec![l], 1, d.training_fatigue);
        g.mode = Mode::Training(idx as u8);
        g.begin();
        g
    }

    /// Starts the first round of a combat built with [`Dl::combat`]; the paladin in his
    /// tent sets out first if a lord is evil enough.
    pub fn begin(&mut self) -> Vec<crate::done::Ev> {
        let mut ev = Vec::new();
        self.paladin_check(&mut ev);
        self.start_round(&mut ev);
        ev
    }

    /// A combat about to start with these dungeons (tests build positions from it).
    pub fn combat(lords: Vec<Lord>, year: u8, fatigue: u8) -> Dl {
        Dl {
            mode: Mode::Combat,
            year,
            round: 0,
            phase: Phase::Planning,
            lords,
            start: 0,
            fatigue,
            paladin_tent: None,
            battle: None,
            queue: Vec::new(),
            revealed: false,
            cards: Vec::new(),
            deal_due: false,
            report: Vec::new(),
            full: None,
        }
    }

    /// Whose table the public view (no viewer) shows: the first lord to act, else the
    /// lord in battle, else the start player. A seat's own view then differs from it only
    /// by that lord's secrets, which is what the host's hot-seat cover looks for.
    pub fn focus(&self) -> usize {
        self.seats_to_act()
            .first()
            .copied()
            .or(self.battle.as_ref().map(|b| b.lord))
            .unwrap_or(self.start)
    }

    pub fn n(&self) -> usize {
        self.lords.len()
    }

    /// The training dungeon being played, if this is Combat Training.
    pub fn scenario(&self) -> Option<&'static data::ScenarioDef> {
        match self.mode {
            Mode::Training(i) => Some(&data().scenarios[i as usize]),
            Mode::Combat | Mode::Full => None,
        }
    }

    /// Seats in battle order: from the start player clockwise.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.n();
        (0..n).map(move |k| (self.start + k) % n)
    }

    /// A spy shows `seat` the face-down card of `round` (Improve Reputation's spy).
    pub fn spy(&mut self, seat: usize, round: u8) {
        let l = &mut self.lords[seat];
        if !l.spied.contains(&round) {
            l.spied.push(round);
        }
    }

    /// The card `seat` knows for `round`: face up, or spied while face down.
    pub fn known_card(&self, seat: usize, round: u8) -> Option<u8> {
        let face_up = round < self.round || (round == self.round && self.revealed);
        let seen = face_up || self.lords[seat].spied.contains(&round);
        if seen {
            self.cards.get(round as usize - 1).copied()
        } else {
            None
        }
    }

    /// The combat card of the current round, once the plans are revealed.
    pub fn card(&self) -> Option<u8> {
        if self.revealed && self.round >= 1 {
            self.cards.get(self.round as usize - 1).copied()
        } else {
            None
        }
    }

    /// Every adventurer tile anywhere in the combat (parties, prisons, Distant Lands,
    /// tent); an illusion is no tile.
    pub fn all_adventurers(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.paladin_tent.into_iter().collect();
        for l in &self.lords {
            v.extend(
                l.party
                    .iter()
                    .filter(|a| a.class() != Class::Illusion)
                    .map(|a| a.id),
            );
            v.extend(&l.prison);
            v.extend(&l.distant);
        }
        v
    }
}
