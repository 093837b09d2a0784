//! Measures the level-1 information-set search against random play and against the flat
//! Monte Carlo bot (`bot::choose_flat`) in three-player games of the standard (magic)
//! variant, the searching seat rotating game by game. Not a test: it takes minutes.
//!
//! `cargo run --release --example ismcts -p tavern-keydoms -- [games] [random|flat]`

use rand::RngExt;
use tavern_plugin_api::bot::choose_flat;
use tavern_plugin_api::search::{Limits, search};
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_keydoms::Keydoms;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let against = args.get(2).map(String::as_str).unwrap_or("random");
    let players = 3;
    let mut won = 0.0;
    for game in 0..games {
        let bot_seat = (game % players as u64) as usize;
        let mut g = Keydoms::new(&Setup::players(players)).unwrap();
        let mut rng = GameRng::new(game + 1000);
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(s) => {
                    let seat = s[0];
                    let legal = g.legal_actions(seat);
                    let a = if legal.len() == 1 {
                        legal[0].clone()
                    } else if seat == bot_seat {
                        search(&g, seat, Limits::for_level(1), &mut rng)
                            .ok()
                            .and_then(|r| r.best().cloned())
                            .unwrap_or_else(|| legal[0].clone())
                    } else if against == "flat" {
                        choose_flat(&g, seat, 1, &mut rng).unwrap()
                    } else {
                        legal[rng.random_range(0..legal.len())].clone()
                    };
                    (Some(seat), a)
                }
            };
            g.apply(seat, &a).unwrap();
        }
        let o = g.outcome().unwrap();
        let winners = o.winners();
        if winners.contains(&bot_seat) {
            won += 1.0 / winners.len() as f64;
        }
        println!(
            "game {game}: search seat {bot_seat}, winners {winners:?}, search share so far {:.2}",
            won / (game + 1) as f64
        );
    }
    println!(
        "level-1 ISMCTS against {against} ({players} players): won {won:.1} of {games} \
         (an even share would be {:.1})",
        games as f64 / players as f64
    );
}
