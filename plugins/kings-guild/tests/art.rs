//! The drawings: the art list is complete (every picture the table can name is shipped,
//! every shipped drawing is used by some component, each an SVG with a viewBox and no
//! text of its own), and over random positions at one to six seats every image a view
//! names exists, for every seat's view and the spectator's, with the texts still readable.
use std::collections::BTreeSet;

use tavern_plugin_api::game::check::{check_art, random_move, scaled};
use tavern_plugin_api::layout::check_layout;
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, Setup};
use tavern_plugin_kings_guild::Kg;
use tavern_plugin_kings_guild::art;
use tavern_plugin_kings_guild::data::{Colour, Hero, ItemKind, RES, data};

/// Every id the art module can hand a view, walked over all the game's components.
fn every_named_id() -> BTreeSet<&'static str> {
    let d = data();
    let mut ids: BTreeSet<&'static str> = [
        art::BOARD,
        art::COIN,
        art::GUILD_BOARD,
        art::FLOOR,
        art::FUNERAL,
        art::OFFERING,
        art::STATUE,
        art::QUEST_BACK,
        art::SPEC_BACK,
    ]
    .into_iter()
    .collect();
    ids.extend(art::RESOURCE);
    ids.extend(Colour::ALL.map(art::back));
    ids.extend([Hero::Mage, Hero::Rogue, Hero::Warrior].map(art::hero));
    ids.extend([ItemKind::Weapon, ItemKind::Armour].map(art::item));
    ids.extend((0..d.treasures.len() as u8).map(art::treasure_art));
    ids.extend((0..d.specialists.len() as u8).map(art::specialist));
    ids.extend((0..d.rooms.len() as u8).map(art::room_art));
    ids.extend((0..d.guilds.len() as u8).map(art::guild));
    ids
}

#[test]
fn the_art_list_is_complete_and_every_drawing_is_used() {
    let shipped: BTreeSet<String> = Kg::art().into_iter().map(|a| a.id).collect();
    let named: BTreeSet<String> = every_named_id().into_iter().map(String::from).collect();
    let missing: Vec<&String> = named.difference(&shipped).collect();
    assert!(missing.is_empty(), "named but not shipped: {missing:?}");
    let unused: Vec<&String> = shipped.difference(&named).collect();
    assert!(unused.is_empty(), "shipped but never named: {unused:?}");
    for a in Kg::art() {
        assert!(a.svg.trim_start().starts_with("<svg"), "{}", a.id);
        assert!(a.svg.contains("viewBox"), "{}", a.id);
        assert!(!a.svg.contains("<text"), "{} carries text", a.id);
    }
}

/// Every specialist has a trade (so none falls back to a guessed portrait), and the
/// treasures that bring one resource show that resource.
#[test]
fn every_specialist_has_a_trade_and_bundles_show_their_resource() {
    let d = data();
    for sp in &d.specialists {
        assert!(
            art::trade(&sp.name).is_some(),
            "{} has no portrait",
            sp.name
        );
    }
    for (k, t) in d.treasures.iter().enumerate() {
        if let tavern_plugin_kings_guild::data::TreasureEffect::Gain(g) = t.effect {
            let kinds: Vec<usize> = (0..RES).filter(|&r| g[r] > 0).collect();
            if kinds.len() == 1 {
                assert_eq!(
                    art::treasure_art(k as u8),
                    art::RESOURCE[kinds[0]],
                    "{}",
                    t.name
                );
            }
        }
    }
    // The three reward backs are three different drawings (a moon, a flame, a sun).
    let backs: BTreeSet<&str> = Colour::ALL.map(art::back).into_iter().collect();
    assert_eq!(backs.len(), 3);
}

#[test]
fn every_image_a_view_names_is_shipped_at_one_to_six_seats() {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for n in 1..=6 {
        for seed in 0..scaled(2) as u64 {
            let mut g = Kg::new(&Setup::players(n)).unwrap();
            let mut rng = GameRng::new(seed * 31 + n as u64);
            let mut step = 0;
            loop {
                if step % 40 == 0 {
                    for v in (0..n).map(Some).chain([None]) {
                        let scene = g.view(v).scene;
                        check_art::<Kg>(&scene).unwrap_or_else(|e| {
                            panic!("{n} seats, seed {seed}, step {step}, viewer {v:?}: {e}")
                        });
                        check_layout(&scene).unwrap_or_else(|p| {
                            panic!("{n} seats, step {step}, viewer {v:?}: {p:?}")
                        });
                        seen.extend(scene.image_ids().into_iter().map(String::from));
                    }
                }
                let Some((seat, a)) = random_move(&g, &mut rng) else {
                    break;
                };
                g.apply(seat, &a).unwrap();
                step += 1;
            }
        }
    }
    // The views really draw the art: the street, resources, coins, backs, heroes,
    // portraits, rooms, crests and treasures all appeared somewhere.
    for id in [
        "board",
        "coin",
        "guild-board",
        "floor",
        "cloth",
        "magic",
        "back-red",
        "quest-back",
        "spec-back",
        "hero-mage",
        "room-warehouse",
        "room-master",
        "sword",
        "shield",
    ] {
        assert!(seen.contains(id), "no view drew {id}: {seen:?}");
    }
    assert!(
        seen.iter()
            .any(|s| s.starts_with("spec-") && s != "spec-back")
    );
    assert!(
        seen.iter()
            .any(|s| s.starts_with("guild-") && s != "guild-board")
    );
}

/// No picture covers a text: every text lying on a picture comes after it.
#[test]
fn pictures_lie_under_the_text_they_share_a_place_with() {
    let mut g = Kg::new(&Setup::players(3)).unwrap();
    let mut rng = GameRng::new(5);
    let mut step = 0;
    let mut checked = 0;
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        if step % 25 == 0 {
            let scene = g.view(Some(0)).scene;
            for (i, it) in scene.items.iter().enumerate() {
                let Shape::Image { rect: r, .. } = &it.shape else {
                    continue;
                };
                if r.w >= scene.width * 0.5 {
                    continue; // the street lies under everything anyway
                }
                for earlier in &scene.items[..i] {
                    if let Shape::Text { pos, .. } = &earlier.shape
                        && earlier.z >= it.z
                        && r.contains(*pos)
                    {
                        panic!("step {step}: image {it:?} is drawn over the text {earlier:?}");
                    }
                }
                checked += 1;
            }
        }
        g.apply(seat, &a).unwrap();
        step += 1;
    }
    assert!(checked > 100, "only {checked} pictures checked");
}

/// Every treasure's name fits its card in at most two lines, leaving room for the
/// picture below it (the card is 88 units tall).
#[test]
fn treasure_names_leave_room_for_their_pictures() {
    for t in &data().treasures {
        let h = tavern_plugin_kings_guild::help::block_height(&t.name, 17.0, 148.0);
        assert!(h <= 56.0, "{} needs {h}", t.name);
    }
}
