//! How often the stuck-table rule (twelve full rounds without a craft, build or hire) takes
//! a quest off the board, under uniform random play and under the bots' playout policy
//! (craft whenever possible, sometimes expand, end the turn once acted), per player count:
//! `kg_stuck [games per count]`. With `--show` it prints the first table the policy left
//! stuck, to see why nobody could move.
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::notes::Note;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let show = std::env::args().any(|a| a == "--show");
    let mut shown = false;
    for n in 2..=6 {
        for policy in [false, true] {
            let (mut fired, mut games_with, mut actions) = (0u64, 0u64, 0u64);
            for seed in 0..games {
                let mut g = Kg::new(&Setup::players(n)).unwrap();
                let mut rng = GameRng::new(seed * 7 + n as u64);
                let mut here = 0;
                loop {
                    let seat = match g.to_act() {
                        ToAct::Over => break,
                        ToAct::Chance => {
                            let a = g.sample_chance(&mut rng);
                            g.chance_change(&a).unwrap();
                            continue;
                        }
                        ToAct::Seats(s) => s[rng.die(s.len() as u32) as usize - 1],
                    };
                    let legal = g.legal_actions(seat);
                    let i = if policy {
                        g.playout_choice(seat, &legal, &mut rng)
                    } else {
                        rng.die(legal.len() as u32) as usize - 1
                    };
                    let before = g.clone();
                    let notes = g.seat_change(seat, &legal[i]).unwrap();
                    actions += 1;
                    if notes.iter().any(|x| matches!(x, Note::QuestLeaves { .. })) {
                        here += 1;
                        if policy && show && !shown {
                            shown = true;
                            describe(&before);
                        }
                    }
                }
                fired += here;
                games_with += u64::from(here > 0);
            }
            println!(
                "{n} players, {}: the stuck rule fired {fired} times in {games_with} of {games} games ({:.0} actions per game)",
                if policy {
                    "playout policy"
                } else {
                    "uniform random"
                },
                actions as f64 / games as f64
            );
        }
    }
}

fn describe(g: &Kg) {
    println!("--- a stuck table (turn {}) ---", g.turn_no);
    for slot in g.board.iter().flatten() {
        println!("  {slot:?}");
    }
    println!("  stock {:?}, piles {:?}", g.stock, g.piles);
    println!("  row {:?}", g.row);
    for (s, p) in g.players.iter().enumerate() {
        println!(
            "  seat {s}: coins {}, res {:?} (storage {}), hand {:?}, rooms {:?}, specialists {:?}, sigils free {}",
            p.coins,
            p.res,
            p.storage_limit(),
            p.hand,
            p.rooms().collect::<Vec<_>>(),
            p.specs,
            g.free_sigils(s)
        );
    }
}
