//! How often the stuck-table rule (twelve full rounds without a craft, build or hire) takes
//! a quest off the board, under uniform random play and under the bots' playout policy
//! (craft whenever possible, sometimes expand, end the turn once acted), per player count:
//! `kg_stuck [games per count]`. With `--show` it prints the first table the policy left
//! with no way forward, to see why nobody could move. Each firing is sorted by whether some player
//! still had a way forward at that moment (sell treasures for a room or specialist it
//! could place, or gather towards an open item it may make), or none at all (a real
//! deadlock, which the rule exists for).
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
            let (mut fired, mut games_with, mut actions, mut real) = (0u64, 0u64, 0u64, 0u64);
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
                        let way = way_forward(&before);
                        real += u64::from(way.is_none());
                        if policy && show && !shown && way.is_none() {
                            shown = true;
                            describe(&before);
                            println!("  a way forward: {way:?}");
                        }
                    }
                }
                fired += here;
                games_with += u64::from(here > 0);
            }
            println!(
                "{n} players, {}: the stuck rule fired {fired} times in {games_with} of {games} games ({:.0} actions per game); {real} of those tables had no way forward",
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

/// A move some player could still make towards crafting, building or hiring, if any:
/// selling its hand for a room or specialist it has space for, or gathering towards an
/// open item whose resources it may gather (or holds) and can store, within the supply
/// and the two-sigil limit.
fn way_forward(g: &Kg) -> Option<String> {
    use tavern_plugin_kings_guild::data::{RES, quest};
    use tavern_plugin_kings_guild::model::QCard;
    for (s, p) in g.players.iter().enumerate() {
        let purse = p.coins + p.hand.iter().map(|&k| g.sell_price(s, k)).sum::<u32>();
        let mut rich = g.clone();
        rich.players[s].coins = purse;
        if !rich
            .buyable_rooms(s)
            .into_iter()
            .all(|r| rich.room_cells(s, r).is_empty())
            || !rich.hire_options(s).is_empty()
        {
            return Some(format!(
                "seat {s} sells for a room or specialist ({purse} coins)"
            ));
        }
        let limit = p.storage_limit();
        for slot in g.board.iter().flatten() {
            let QCard::Quest(q) = slot.card else { continue };
            let n = quest(q).items.len();
            let made = slot.made.iter().filter(|m| m.is_some()).count();
            for i in 0..n {
                if slot.made[i].is_some() {
                    continue;
                }
                let starts_half = n == 2 && made == 0;
                if starts_half && g.free_sigils(s) == 0 {
                    continue;
                }
                let cost = g.item_cost(s, q, i);
                let fits = (0..RES).all(|r| {
                    cost[r] <= p.res[r] || (p.may_gather(r) && cost[r] <= p.res[r] + g.stock[r])
                });
                let total: u32 = cost.iter().map(|&c| c as u32).sum();
                if fits && total <= limit {
                    return Some(format!("seat {s} gathers for quest {q}, item {i}"));
                }
            }
        }
    }
    None
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
