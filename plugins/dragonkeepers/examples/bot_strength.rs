//! How strong the search bot is: level-1 ISMCTS (by iterations, so runs repeat) against
//! random seats and against the flat Monte-Carlo bot, with the game's playout policy and
//! with uniform playouts. Only prints (the machine may be busy):
//! `cargo run --release -p tavern-dragonkeepers --example bot_strength -- [games] [iterations]`.
use tavern_plugin_api::bot::choose_flat;
use tavern_plugin_api::game::Turn;
use tavern_plugin_api::search::{Limits, search};
use tavern_plugin_api::{
    Applied, Game, GameError, GameInfo, GameRng, Legal, Outcome, Setup, ToAct, View,
};
use tavern_plugin_dragonkeepers::{Action, Dk};

/// Dragonkeepers with uniform playouts: the same game, the policy left out.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct Uniform(Dk);

impl Game for Uniform {
    type Action = Action;
    fn info() -> GameInfo {
        Dk::info()
    }
    fn new(setup: &Setup) -> Result<Self, GameError> {
        Dk::new(setup).map(Uniform)
    }
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        self.0.sample_chance(rng)
    }
    fn legal(&self, seat: usize) -> Vec<Legal<Action>> {
        self.0.legal(seat)
    }
    fn apply(&mut self, seat: Option<usize>, a: &Action) -> Result<Applied, GameError> {
        self.0.apply(seat, a)
    }
    fn view(&self, viewer: Option<usize>) -> View {
        self.0.view(viewer)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn determinize(&self, viewer: usize, rng: &mut GameRng) -> Self {
        Uniform(self.0.determinize(viewer, rng))
    }
    fn legal_actions(&self, seat: usize) -> Vec<Action> {
        self.0.legal_actions(seat)
    }
    fn whose_turn(&self) -> Turn {
        self.0.whose_turn()
    }
    fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.0.legal_actions_into(seat, out)
    }
    fn apply_quiet(&mut self, seat: Option<usize>, a: &Action) -> Result<(), GameError> {
        self.0.apply_quiet(seat, a)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Random,
    Flat,
    Ismcts,
    IsmctsUniform,
}

fn choose(g: &Dk, seat: usize, kind: Kind, iterations: u32, rng: &mut GameRng) -> Action {
    let mut legal = g.legal_actions(seat);
    if legal.len() == 1 {
        return legal.remove(0);
    }
    let limits = Limits::iterations(iterations);
    match kind {
        Kind::Random => legal.swap_remove(rng.die(legal.len() as u32) as usize - 1),
        Kind::Flat => choose_flat(g, seat, 1, rng).unwrap(),
        Kind::Ismcts => search(g, seat, limits, rng)
            .unwrap()
            .best()
            .unwrap()
            .clone(),
        Kind::IsmctsUniform => search(&Uniform(g.clone()), seat, limits, rng)
            .unwrap()
            .best()
            .unwrap()
            .clone(),
    }
}

/// Plays `games` games with the seats' kinds rotated each game; returns each kind's
/// share of wins (a win shared by k seats counts 1/k) per seat of that kind.
fn play(kinds: &[Kind], games: u32, iterations: u32, seed: u64) -> Vec<(Kind, f64)> {
    let n = kinds.len();
    let mut wins = vec![0f64; n];
    let mut rng = GameRng::new(seed);
    for game in 0..games {
        let rot = game as usize % n;
        let kind_of = |seat: usize| kinds[(seat + rot) % n];
        let mut g = Dk::new(&Setup::players(n)).unwrap();
        loop {
            let seat = match g.whose_turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let a = g.sample_chance(&mut rng);
                    g.apply_quiet(None, &a).unwrap();
                    continue;
                }
                Turn::Seat(s) => s,
                Turn::Several => g.to_act().seats()[0],
            };
            let a = choose(&g, seat, kind_of(seat), iterations, &mut rng);
            g.apply_quiet(Some(seat), &a).unwrap();
        }
        let winners = g.outcome().unwrap().winners();
        for &w in &winners {
            wins[(w + rot) % n] += 1.0 / winners.len() as f64;
        }
    }
    kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, wins[i] / games as f64))
        .collect()
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let games = args.first().copied().unwrap_or(40);
    let iterations = args.get(1).copied().unwrap_or(300);
    let matches: [&[Kind]; 6] = [
        &[Kind::Ismcts, Kind::Random],
        &[Kind::Ismcts, Kind::Random, Kind::Random, Kind::Random],
        &[Kind::IsmctsUniform, Kind::Random],
        &[Kind::Ismcts, Kind::Flat],
        &[Kind::IsmctsUniform, Kind::Flat],
        &[Kind::Ismcts, Kind::IsmctsUniform],
    ];
    println!("{games} games per match, ISMCTS at {iterations} iterations, flat at level 1");
    for (k, kinds) in matches.iter().enumerate() {
        let t = std::time::Instant::now();
        let rates = play(kinds, games, iterations, k as u64);
        let text: Vec<String> = rates
            .iter()
            .map(|(kind, r)| format!("{kind:?} {:.0}%", 100.0 * r))
            .collect();
        println!(
            "{} players: {}  ({:.0}s)",
            kinds.len(),
            text.join(", "),
            t.elapsed().as_secs_f64()
        );
    }
}
