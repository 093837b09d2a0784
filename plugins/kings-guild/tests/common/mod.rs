//! Shared helpers for the tests: setups, invariants and a scorer written from the
//! rulebook's scoring section alone (it never calls the game's scoring).
#![allow(dead_code, clippy::needless_range_loop)]

use std::sync::OnceLock;

use tavern_plugin_api::Setup;
use tavern_plugin_kings_guild::data::{
    Hero, ItemKind, RES, data, quest, room, room_def, spec, treasure,
};
use tavern_plugin_kings_guild::model::{Kg, Loc, Pending, QCard};

pub fn setup(n: usize) -> Setup {
    Setup::players(n)
}

/// The supply a new game of `n` seats starts with (asked of the game once per count: the
/// invariants run after every action of thousands of games).
fn base_stock(n: usize) -> [u8; RES] {
    static BASE: OnceLock<Vec<[u8; RES]>> = OnceLock::new();
    BASE.get_or_init(|| {
        (0..=6)
            .map(|k| match k {
                0 => [0; RES],
                k => Kg::new_game(&setup(k)).unwrap().stock,
            })
            .collect()
    })[n]
}

/// The printed count of every treasure kind (solo games play without Spoiling Potions).
fn printed_counts(solo: bool) -> &'static [u32] {
    static COUNTS: OnceLock<[Vec<u32>; 2]> = OnceLock::new();
    let c = COUNTS.get_or_init(|| {
        [false, true].map(|solo| {
            data()
                .treasures
                .iter()
                .map(|t| {
                    if solo && t.name == "Spoiling Potion" {
                        0
                    } else {
                        t.count as u32
                    }
                })
                .collect()
        })
    });
    &c[usize::from(solo)]
}

/// Everything that must hold after every action.
pub fn invariants(g: &Kg) {
    let d = data();
    // Resources: supply + stores never change in total.
    let base = base_stock(g.n());
    for r in 0..RES {
        let total: u32 = g.stock[r] as u32 + g.players.iter().map(|p| p.res[r] as u32).sum::<u32>();
        assert_eq!(total, base[r] as u32, "resource {r} not conserved");
    }
    // Treasures: deck + discards + hands + pool + removed = the printed counts.
    let mut count = vec![0u32; d.treasures.len()];
    for k in 0..count.len() {
        count[k] += g.deck[k] as u32 + g.discard[k] as u32;
    }
    for p in &g.players {
        for &k in &p.hand {
            count[k as usize] += 1;
        }
    }
    for &k in g.pool.iter().chain(&g.removed) {
        count[k as usize] += 1;
    }
    let printed = printed_counts(g.solo);
    for (k, t) in d.treasures.iter().enumerate() {
        assert_eq!(count[k], printed[k], "treasure {} not conserved", t.name);
    }
    for p in &g.players {
        assert!(p.coins < 100_000, "coins wrapped below zero");
        // Storage and hand may only be over their limit while that is being resolved.
        // Four outside, and the Shrine, both small and both big chambers inside.
        assert!(p.specs.len() <= 4 + 7, "too many specialists");
        for (_, at) in &p.specs {
            if let Loc::Room(c) = at {
                assert!(
                    room_def(p.grid[*c as usize]).slots > 0,
                    "specialist outside a chamber"
                );
            }
        }
        let outside = p.specs.iter().filter(|(_, l)| *l == Loc::Outside).count();
        assert!(outside <= 4, "more than four outside specialists");
        for (r, c) in p.rooms() {
            let used = p.specs.iter().filter(|(_, l)| *l == Loc::Room(c)).count()
                + usize::from(p.baggage == Some(c));
            assert!(used <= room_def(r).slots as usize, "chamber over capacity");
        }
        let mut ids: Vec<u8> = p.rooms().map(|(r, _)| r).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(before, ids.len(), "a room built twice");
        if g.n() == 2 {
            assert!(!(p.has_room(room::GEM) && p.has_room(room::MAGIC)));
        }
    }
    if g.phase != tavern_plugin_kings_guild::model::Phase::Setup {
        // Quest cards: board + deck + players + gone = the dealt number.
        let mut q = g.quest_deck.len() + g.gone_quests.len();
        q += g.board.iter().flatten().count();
        q += g.players.iter().map(|p| p.quests.len()).sum::<usize>();
        let (a1, a2) = if g.solo {
            (d.setup.solo.age1_each, d.setup.solo.age2)
        } else {
            let c = g.n() - 2;
            (d.setup.age1_each[c], d.setup.age2[c])
        };
        assert_eq!(q, 2 * a1 + a2 + 2, "quest cards not conserved");
        // Specialists: deck + row + hired + gone = dealt.
        let per = if g.solo {
            d.setup.solo.specialists_per_deck
        } else {
            d.setup.specialists_per_deck[g.n() - 2]
        };
        let s = g.spec_deck.len()
            + g.row.len()
            + g.gone_specs.len()
            + g.players.iter().map(|p| p.specs.len()).sum::<usize>()
            + g.pending
                .iter()
                .filter(|p| matches!(p, Pending::PlaceSpec { .. }))
                .count();
        assert_eq!(s, 3 * per, "specialists not conserved");
        // Sigils: at most two per player in use.
        for seat in 0..g.n() {
            let on = g
                .board
                .iter()
                .flatten()
                .filter(|s| s.sigil == Some(seat as u8))
                .count()
                + usize::from(g.players[seat].offered);
            assert!(on <= 2, "more than two sigils in use");
        }
        let _ = QCard::Funeral;
    }
}

/// The rulebook's scoring, written again from its text: (category total per seat, total).
pub fn independent_total(g: &Kg, seat: usize) -> i64 {
    let p = &g.players[seat];
    // Quest cards with the seat's sigil join its guild.
    let mut quests = p.quests.clone();
    for s in g.board.iter().flatten() {
        if s.sigil == Some(seat as u8)
            && let QCard::Quest(q) = s.card
        {
            quests.push(q);
        }
    }
    let charms_of = |pl: &tavern_plugin_kings_guild::model::Player| {
        pl.hand.iter().filter(|&&k| treasure(k).charm > 0).count()
    };
    let mut total: i64 = 0;
    // Charms: 2 or 3 each as printed; most charms +3 (not solo).
    total += p
        .hand
        .iter()
        .map(|&k| treasure(k).charm as i64)
        .sum::<i64>();
    let mine = charms_of(p);
    let best = g.players.iter().map(charms_of).max().unwrap();
    if !g.solo && mine > 0 && mine == best {
        total += 3;
    }
    // Relics: build sets greedily from the biggest possible set down.
    let mut relics: Vec<u8> = p.hand.iter().filter_map(|&k| treasure(k).relic).collect();
    let values = [0, 2, 5, 9, 13, 17, 22];
    while !relics.is_empty() {
        let mut set: Vec<u8> = relics.clone();
        set.sort_unstable();
        set.dedup();
        total += values[set.len()];
        for r in set {
            let i = relics.iter().position(|&x| x == r).unwrap();
            relics.remove(i);
        }
    }
    // Quests: 1 each.
    total += quests.len() as i64;
    // Specialists: printed prestige.
    total += p.specs.iter().map(|(s, _)| spec(*s).pp as i64).sum::<i64>();
    // Rooms.
    let hero_count = |h: Hero| quests.iter().filter(|&&q| quest(q).hero == h).count() as i64;
    let item_count = |k: ItemKind| {
        quests
            .iter()
            .map(|&q| quest(q).items.iter().filter(|i| i.item == k).count() as i64)
            .sum::<i64>()
    };
    let mut vault = false;
    for c in 0..12usize {
        let r = p.grid[c];
        if r == 254 || r == room::GUILD || (c % 4 != 0 && p.grid[c - 1] == r) {
            continue;
        }
        let name = room_def(r).name.as_str();
        let specs_here = p
            .specs
            .iter()
            .filter(|(_, l)| *l == Loc::Room(c as u8))
            .count();
        total += match name {
            "Warehouse" => 2,
            "Library" => 3 * p.hand.iter().filter(|&&k| treasure(k).scroll).count() as i64,
            "Gem Workshop" | "Magic Arcaenum" => 1,
            "Bedchamber" => {
                if specs_here >= 1 {
                    7
                } else {
                    0
                }
            }
            "Kitchen" => {
                if specs_here >= 1 {
                    3
                } else {
                    0
                }
            }
            "Great Hall" => {
                if specs_here >= 2 {
                    11
                } else {
                    0
                }
            }
            "Barracks" => {
                if specs_here >= 2 {
                    5
                } else {
                    0
                }
            }
            "King's Statue" => 4,
            "Shrine" => 1,
            "Vault of Riches" => {
                vault = true;
                p.coins as i64
            }
            "Throne Room" => {
                let (row, col) = (c / 4, c % 4);
                let mut adj = false;
                for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (row as i32 + dr, col as i32 + dc);
                    if (0..3).contains(&nr)
                        && (0..4).contains(&nc)
                        && p.grid[(nr * 4 + nc) as usize] == room::STATUE
                    {
                        adj = true;
                    }
                }
                9 + if adj { 6 } else { 0 }
            }
            "Tavern" => 3 * p.specs.len() as i64,
            "Hall of Builders" => {
                let mut n = 0;
                for x in 0..12usize {
                    let rr = p.grid[x];
                    if rr != 254 && rr != room::GUILD && (x % 4 == 0 || p.grid[x - 1] != rr) {
                        n += 1;
                    }
                }
                3 * n
            }
            "Hall of Warriors" => 4 * hero_count(Hero::Warrior),
            "Hall of Rogues" => 4 * hero_count(Hero::Rogue),
            "Hall of Mages" => 4 * hero_count(Hero::Mage),
            "Hall of Wisdom" => 6 * hero_count(Hero::Mage).min(hero_count(Hero::Warrior)),
            "Hall of Strength" => 6 * hero_count(Hero::Rogue).min(hero_count(Hero::Warrior)),
            "Hall of Cunning" => 6 * hero_count(Hero::Mage).min(hero_count(Hero::Rogue)),
            "Gallery" => 3 * item_count(ItemKind::Weapon).min(item_count(ItemKind::Armour)),
            "Depot" => 4 * p.res.iter().filter(|&&x| x > 0).count() as i64,
            "Arsenal" => 2 * item_count(ItemKind::Weapon),
            "Armory" => 2 * item_count(ItemKind::Armour),
            other => panic!("unknown room {other}"),
        };
    }
    // Offering: 2 + coins/3 + resources/2 (vault coins cannot be offered).
    if p.offered {
        let coins = if vault { 0 } else { p.coins as i64 };
        let res: i64 = p.res.iter().map(|&r| r as i64).sum();
        total += 2 + coins / 3 + res / 2;
    }
    total
}

use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Applied, Game, GameRng};
use tavern_plugin_kings_guild::Action;

/// A dealt game at the first seat's first turn, guild bonuses resolved, and then
/// cleared: nobody holds resources or treasures, coins as given.
pub fn fresh(n: usize) -> Kg {
    let mut g = Kg::new(&setup(n)).unwrap();
    let deal = g.sample_chance(&mut GameRng::new(1));
    g.apply(None, &deal).unwrap();
    let mut rng = GameRng::new(2);
    while !g.pending.is_empty() || g.limit_violator().is_some() {
        match g.deciders().first() {
            None => {
                let a = g.sample_chance(&mut rng);
                g.apply(None, &a).unwrap();
            }
            Some(&s) => {
                let a = g.legal_actions(s)[0].clone();
                g.apply(Some(s), &a).unwrap();
            }
        }
    }
    for s in 0..n {
        let p = &mut g.players[s];
        for r in 0..RES {
            g.stock[r] += p.res[r];
            p.res[r] = 0;
        }
        for k in std::mem::take(&mut p.hand) {
            g.deck[k as usize] += 1;
        }
    }
    g
}

pub fn act(g: &mut Kg, seat: usize, a: Action) -> Applied {
    apply_checked(g, Some(seat), &a).unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"))
}

pub fn refused(g: &Kg, seat: usize, a: Action) -> bool {
    let mut h = g.clone();
    apply_checked(&mut h, Some(seat), &a).is_err()
}

/// The pending draw comes out as `kind` (a stacked deck).
pub fn draw(g: &mut Kg, kind: u8) -> Applied {
    apply_checked(g, None, &Action::Drawn { kind }).unwrap_or_else(|e| panic!("draw {kind}: {e}"))
}

pub fn give_res(g: &mut Kg, seat: usize, r: usize, n: u8) {
    g.stock[r] -= n;
    g.players[seat].res[r] += n;
}

pub fn give_card(g: &mut Kg, seat: usize, kind: u8) {
    g.deck[kind as usize] -= 1;
    g.players[seat].hand.push(kind);
}

/// Puts quest `q` in board space `slot`, returning what lay there to the deck's bottom.
pub fn put_quest(g: &mut Kg, slot: usize, q: u8) {
    if let Some(pos) = g.quest_deck.iter().position(|c| *c == QCard::Quest(q)) {
        g.quest_deck.remove(pos);
    } else if let Some(i) = g
        .board
        .iter()
        .position(|s| s.is_some_and(|s| s.card == QCard::Quest(q)))
    {
        g.board[i] = None;
    } else {
        g.gone_quests.retain(|c| *c != QCard::Quest(q));
    }
    if let Some(old) = g.board[slot] {
        let at = g.quest_deck.len().min(1);
        g.quest_deck.insert(at, old.card);
    }
    g.board[slot] = Some(g.arriving(QCard::Quest(q)));
}

pub fn res(list: &[(usize, u8)]) -> [u8; RES] {
    let mut t = [0; RES];
    for &(r, n) in list {
        t[r] = n;
    }
    t
}

pub const CLOTH: usize = 0;
pub const LEATHER: usize = 1;
pub const METAL: usize = 2;
pub const WOOD: usize = 3;
pub const GEMS: usize = 4;
pub const MAGIC: usize = 5;

/// Ends `seat`'s turn as if it had taken an action that changed nothing.
pub fn skip(g: &mut Kg, seat: usize) {
    g.turn.acted = true;
    act(g, seat, Action::EndTurn);
}

/// Words that a text block would break in the middle ("Bedchambe / r"): every word of
/// every wrapped name fits its block's width at the size the host draws it.
pub fn broken_words(scene: &tavern_plugin_api::scene::Scene) -> Vec<String> {
    use tavern_plugin_api::scene::{drawn_size, text_width};
    let mut out = Vec::new();
    for it in &scene.items {
        if let tavern_plugin_api::scene::Shape::TextBlock {
            rect,
            text,
            size,
            bold,
            ..
        } = &it.shape
        {
            for w in text.split_whitespace() {
                if text_width(w, drawn_size(*size), *bold) > rect.w {
                    out.push(format!("{w:?} in {text:?} ({} wide)", rect.w));
                }
            }
        }
    }
    out
}
