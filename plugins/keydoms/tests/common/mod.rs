//! Shared by the test files that play random games: the setup they start from, the
//! one walk that plays a game out at random (each file says what it looks at on the
//! way), the tables of random games whose every view the scene checks look at, and the
//! counts of artefacts and spells the conservation invariants check.
#![allow(dead_code)]

use rand::RngExt;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Applied, Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::ghost::GhostCard;
use tavern_plugin_keydoms::magic::Step;
use tavern_plugin_keydoms::{Action, Keydoms, Pending};

/// `humans` seats with the `ghosts` option ("auto", "0", "1", "2"), with magic (the
/// standard game) or without it (muggles).
pub fn setup(humans: usize, ghosts: &str, magic: bool) -> Setup {
    let mut s = Setup::players(humans);
    s.options.insert("ghosts".into(), ghosts.into());
    let variant = if magic { "standard" } else { "muggles" };
    s.options.insert("variant".into(), variant.into());
    s
}

/// Any legal action of `seat`, at random: the choice a plain walk makes.
pub fn any_action(g: &Keydoms, seat: usize, rng: &mut GameRng) -> Action {
    let l = g.legal_actions(seat);
    l[rng.random_range(0..l.len())].clone()
}

/// What one step of a walk did: who acted (`None`: chance), the action, and the reply
/// of the host's checked apply.
pub struct Stepped<'a> {
    pub seat: Option<usize>,
    pub action: &'a Action,
    pub applied: &'a Applied,
}

/// One random step: a chance outcome when chance acts, else `choose`'s action for the
/// first seat to act, applied with the host's checks. `None` once the game is over.
pub fn step_with(
    g: &mut Keydoms,
    rng: &mut GameRng,
    choose: &mut impl FnMut(&Keydoms, usize, &mut GameRng) -> Action,
) -> Option<(Option<usize>, Action, Applied)> {
    let (seat, a) = match g.to_act() {
        ToAct::Over => return None,
        ToAct::Chance => (None, g.sample_chance(rng)),
        ToAct::Seats(s) => (Some(s[0]), choose(g, s[0], rng)),
    };
    let applied = apply_checked(g, seat, &a).unwrap();
    Some((seat, a, applied))
}

/// One random step with [`any_action`]. False once the game is over.
pub fn random_step(g: &mut Keydoms, rng: &mut GameRng) -> bool {
    step_with(g, rng, &mut any_action).is_some()
}

/// Plays `g` out at random with `rng`, `choose` picking each seat's action; `look` sees
/// every position on the way (the one before each step, then the final one) with the
/// number of steps taken so far, and `after` each step's result. Returns the end.
pub fn walk_with(
    mut g: Keydoms,
    rng: &mut GameRng,
    mut choose: impl FnMut(&Keydoms, usize, &mut GameRng) -> Action,
    mut look: impl FnMut(&Keydoms, usize),
    mut after: impl FnMut(Stepped<'_>),
) -> Keydoms {
    let mut step = 0;
    loop {
        look(&g, step);
        let Some((seat, action, applied)) = step_with(&mut g, rng, &mut choose) else {
            return g;
        };
        after(Stepped {
            seat,
            action: &action,
            applied: &applied,
        });
        step += 1;
    }
}

/// Random games whose positions and views a test checks: each table (seats, the
/// `ghosts` option, magic) with `extra` options on top, `games` games at each, game
/// `seed` at a table of `humans` seats walked with `GameRng::new(rng(seed, humans))`,
/// and every `every`-th position looked at (the first and, when it falls on one, the
/// last included).
pub struct Views<'a> {
    pub tables: &'a [(usize, &'a str, bool)],
    pub extra: &'a [(&'a str, &'a str)],
    pub games: usize,
    pub rng: fn(u64, usize) -> u64,
    pub every: usize,
}

impl Views<'_> {
    /// Shows `look` each position looked at, with where it is ("3 players, ghosts 0,
    /// magic true, seed 1, step 20").
    pub fn positions(&self, mut look: impl FnMut(&Keydoms, &str)) {
        for &(humans, ghosts, magic) in self.tables {
            let mut s = setup(humans, ghosts, magic);
            for (k, v) in self.extra {
                s.options.insert((*k).into(), (*v).into());
            }
            for seed in 0..self.games as u64 {
                let mut rng = GameRng::new((self.rng)(seed, humans));
                walk(Keydoms::new(&s).unwrap(), &mut rng, |g, step| {
                    if step % self.every == 0 {
                        let at = format!(
                            "{humans} players, ghosts {ghosts}, magic {magic}, seed {seed}, \
                             step {step}"
                        );
                        look(g, &at);
                    }
                });
            }
        }
    }

    /// Shows `look` every view of each position looked at: each seat's, then the
    /// spectator's (`None`), with where it is (", viewer Some(0)" after the position).
    pub fn each(&self, mut look: impl FnMut(&Keydoms, Option<usize>, &str)) {
        self.positions(|g, at| {
            for viewer in (0..g.n()).map(Some).chain([None]) {
                look(g, viewer, &format!("{at}, viewer {viewer:?}"));
            }
        });
    }
}

/// How many artefacts of each kind there are, between the players, the ghosts, the
/// castle's stacks and a tile waiting to go back into a stack: the random-game
/// invariants check each kind is conserved.
pub fn artefact_kinds(g: &Keydoms) -> [usize; 6] {
    let mut kinds = [0usize; 6];
    for p in &g.players {
        for (k, &c) in p.artefacts.iter().enumerate() {
            kinds[k] += c as usize;
        }
    }
    for gh in &g.ghosts {
        for (k, &c) in gh.artefacts.iter().enumerate() {
            kinds[k] += c as usize;
        }
    }
    for s in &g.stacks {
        for &a in s {
            kinds[a as usize] += 1;
        }
    }
    if let Some((_, Some(t))) = g.m.need_stack_shuffle {
        kinds[t as usize] += 1;
    }
    kinds
}

/// How often each spell (indexed by its number, 1 to 21) is found in a magic game:
/// the deck, the discards, the hands, the casts in flight, the Foreknown offer, the
/// draws being decided (a player's or a ghost's at the roundhouse) and the ghosts'
/// decks, turned-up and gained spells. The random-game invariants check each once.
pub fn spell_counts(g: &Keydoms) -> [u8; 22] {
    let mut seen = [0u8; 22];
    let mut mark = |sp: u8| seen[sp as usize] += 1;
    g.m.deck.iter().chain(&g.m.discard).for_each(|&x| mark(x));
    g.m.hands.iter().flatten().for_each(|&x| mark(x));
    g.m.casts.iter().for_each(|c| mark(c.spell));
    g.m.offer.iter().for_each(|&x| mark(x));
    if let Some(r) = &g.gp.roundhouse {
        r.drawn.iter().for_each(|&x| mark(x));
    }
    for gh in &g.ghosts {
        for c in &gh.deck {
            if let GhostCard::Spell(sp) = c {
                mark(*sp);
            }
        }
        gh.revealed.iter().chain(&gh.gained).for_each(|&x| mark(x));
    }
    for p in g.pending.iter().chain(g.m.queue.iter()) {
        match p {
            Pending::Magic {
                step: Step::Keep { drawn, .. },
                ..
            } => drawn.iter().for_each(|&x| mark(x)),
            Pending::Magic {
                step: Step::Target { spell, .. },
                ..
            } => mark(*spell),
            _ => {}
        }
    }
    seen
}

/// [`walk_with`] with any legal action and nothing to learn from each step.
pub fn walk(g: Keydoms, rng: &mut GameRng, look: impl FnMut(&Keydoms, usize)) -> Keydoms {
    walk_with(g, rng, any_action, look, |_| {})
}

/// [`walk_with`] told only what each step did.
pub fn walk_steps(g: Keydoms, rng: &mut GameRng, after: impl FnMut(Stepped<'_>)) -> Keydoms {
    walk_with(g, rng, any_action, |_, _| {}, after)
}

/// The seat a position waits on, when a seat (not chance, not the end) acts next.
pub fn seat_to_act(g: &Keydoms) -> Option<usize> {
    match g.to_act() {
        ToAct::Seats(s) => Some(s[0]),
        _ => None,
    }
}

/// Plays a random game of `setup` from `seed`, replays its log (kept as JSON text, as a
/// save keeps it) from a new game, and checks both end alike and the state survives its
/// own serde round trip. Returns the played game.
pub fn play_and_replay(setup: &Setup, seed: u64) -> Keydoms {
    let mut rng = GameRng::new(seed);
    let mut log = Vec::new();
    let g = walk_steps(Keydoms::new(setup).unwrap(), &mut rng, |st| {
        log.push((st.seat, serde_json::to_string(st.action).unwrap()));
    });
    let mut r = Keydoms::new(setup).unwrap();
    for (seat, json) in &log {
        apply_checked(&mut r, *seat, &serde_json::from_str(json).unwrap()).unwrap();
    }
    assert_eq!(
        serde_json::to_string(&g).unwrap(),
        serde_json::to_string(&r).unwrap()
    );
    let back: Keydoms = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    assert!(r.outcome().is_some());
    g
}

/// Plays `g` on to its first placement, every seat taking its first legal action and
/// chance drawn from `rng`: the set-up the view tests start from.
pub fn to_placing(g: &mut Keydoms, rng: &mut GameRng) {
    let mut first = |g: &Keydoms, seat: usize, _: &mut GameRng| g.legal_actions(seat)[0].clone();
    while g.stage != tavern_plugin_keydoms::Stage::Placing {
        step_with(g, rng, &mut first).expect("over before placing");
    }
}
