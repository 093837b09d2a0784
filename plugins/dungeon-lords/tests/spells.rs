//! Combat cards: fatigue from the card, spells only with enough magic (checked when the
//! step comes), stopped by an Anti-Magic Dart on a wizard, and each spell's effect.
mod common;

use common::*;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dungeon_lords::data::data;
use tavern_plugin_dungeon_lords::done::Ev;
use tavern_plugin_dungeon_lords::model::Lord;
use tavern_plugin_dungeon_lords::spells::{KEEP, WITHDRAW};
use tavern_plugin_dungeon_lords::{Action, Dl, Phase};

fn card_id(key: &str) -> u8 {
    data()
        .combat_cards
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no card {key}")) as u8
}

/// A one-lord combat whose every round shows the same card.
fn with_card(l: Lord, key: &str, year: u8) -> Dl {
    let mut g = Dl::combat(vec![l], year, 2);
    let c = card_id(key);
    g.cards = vec![c; 4];
    g.begin();
    g
}

/// The combat `battle` begins: `with_card` of this card and year.
fn card(key: &str, year: u8) -> impl FnOnce(Lord) -> Dl + '_ {
    move |l| with_card(l, key, year)
}

/// `card`, with the Conquering's fatigue taken away so only the card's effect shows.
fn card_without_fatigue(key: &str, year: u8) -> impl FnOnce(Lord) -> Dl + '_ {
    move |l| {
        let mut g = with_card(l, key, year);
        g.fatigue = 0;
        g
    }
}

fn cast(ev: &[Ev]) -> bool {
    ev.iter().any(|e| matches!(e, Ev::Spell { .. }))
}

#[test]
fn fatigue_comes_from_the_card() {
    let (g, _) = battle(&[("warrior-3", 0)], &[], &[], card("magic-shield", 1));
    assert_eq!(
        damage(&g, 0, "warrior-3"),
        Some(1),
        "Magic Shield's fatigue is 1"
    );
}

#[test]
fn spells_need_magic_equal_to_the_round() {
    // One wizard with 1 magic: round 1 casts, round 2 does not.
    let party = [("warrior-3", 0), ("wizard-1", 0)];
    let (mut g, ev) = battle(&party, &[], &[], card("detect-evil", 1));
    assert!(cast(&ev));
    assert_eq!(g.lords[0].evil, 1, "{ev:?}");
    let ev = change(&mut g, 0, Action::Confirm);
    assert!(!cast(&ev), "round 2 needs 2 magic");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Ev::SpellFails { magic: 1, .. }))
    );
    assert_eq!(g.lords[0].evil, 0, "no gain, one more tile lost");
    assert_eq!(g.lords[0].conquered(), 2);
}

#[test]
fn slow_spells_check_magic_when_they_take_effect() {
    // The vampire eliminates the only wizard before the slow step: no spell.
    let party = [("warrior-3", 0), ("wizard-1", 0)];
    let (mut g, _) = battle(&party, &[], &["vampire"], card("detect-evil", 1));
    let ev = change(&mut g, 0, attack("vampire", 0, Some("wizard-1"), None));
    assert!(!cast(&ev));
    assert_eq!(g.lords[0].evil, 0);
}

#[test]
fn anti_magic_dart_on_a_wizard_stops_the_spell() {
    let party = [("warrior-3", 0), ("wizard-3", 0)];
    let (mut g, _) = battle(&party, &["anti-magic-dart"], &[], card("detect-evil", 1));
    let ev = change(&mut g, 0, aim("wizard-3"));
    assert!(ev.iter().any(|e| matches!(e, Ev::SpellStopped { .. })));
    assert_eq!(g.lords[0].evil, 0);
}

#[test]
fn word_of_peace_withdraws_or_costs_evil() {
    let party = [("warrior-3", 0), ("wizard-3", 0)];
    let lair = ["troll", "ghost"];
    let (mut g, _) = battle(&party, &[], &lair, card("word-of-peace", 1));
    assert_eq!(
        g.phase,
        Phase::Battle(tavern_plugin_dungeon_lords::model::Step::Spell)
    );
    let ev = change(&mut g, 0, Action::Spell { choice: WITHDRAW });
    assert!(ev.contains(&Ev::Withdrawn {
        kind: monster_id("troll")
    }));
    // The ghost is not a monster: it still attacks; the troll stays ready.
    assert!(
        g.legal_actions(0)
            .contains(&attack("ghost", 0, Some("wizard-3"), None))
    );
    assert!(g.lords[0].lair[0].ready);
    let mut g = with_card(defender(&party, &[], &lair), "word-of-peace", 1);
    plan(&mut g, &[], &["troll"]);
    change(&mut g, 0, Action::Spell { choice: KEEP });
    assert_eq!(g.lords[0].evil, 2);
    assert!(g.legal_actions(0).contains(&attack("troll", 0, None, None)));
}

#[test]
fn suggestion_pays_wages_or_withdraws() {
    let mut l = with_monsters(
        with_party(lord("L", 3, &[0]), &[("warrior-3", 0), ("wizard-3", 0)]),
        &["troll", "goblin"],
    );
    l.food = 2;
    let mut g = with_card(l, "suggestion", 1);
    plan(&mut g, &[], &["troll", "goblin"]);
    // Troll's wage is 2 food: pay it; then the goblin's 1 food cannot be paid.
    change(&mut g, 0, Action::Spell { choice: KEEP });
    assert_eq!(g.lords[0].food, 0);
    assert_eq!(g.legal_actions(0), vec![Action::Spell { choice: WITHDRAW }]);
    change(&mut g, 0, Action::Spell { choice: WITHDRAW });
    let legal = g.legal_actions(0);
    assert!(legal.contains(&attack("troll", 0, None, None)));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Attack { kind, .. } if *kind == monster_id("goblin")))
    );
}

#[test]
fn magic_shield_absorbs_the_first_point() {
    let party = [("warrior-3", 0), ("wizard-3", 0)];
    let shield = card_without_fatigue("magic-shield", 1);
    let (g, _) = standard_attack(&party, "troll", shield);
    // 3 less the shield's 1, then 1 fatigue from the card.
    assert_eq!(damage(&g, 0, "warrior-3"), Some(3));
}

#[test]
fn invisible_wizards_are_out_of_reach() {
    let party = [("wizard-3", 0), ("warrior-3", 0), ("thief-1", 0)];
    let (mut g, _) = battle(&party, &[], &["slime", "ghost"], card("invisibility", 1));
    assert_eq!(
        g.lords[0].party[2].id,
        adv_id("wizard-3"),
        "wizards go to the back"
    );
    assert!(
        !g.legal_actions(0)
            .contains(&attack("ghost", 0, Some("wizard-3"), None))
    );
    change(&mut g, 0, attack("slime", 0, None, None));
    assert_eq!(damage(&g, 0, "wizard-3"), Some(0));
}

#[test]
fn illusion_stands_before_the_paladin_so_ghosts_reach_him() {
    let mut l = defender(&[("wizard-7", 0)], &[], &["ghost"]);
    l.party.insert(
        0,
        tavern_plugin_dungeon_lords::model::Adv::new(adv_id("paladin-2"), 0),
    );
    let mut g = with_card(l, "illusion", 2);
    let ev = plan(&mut g, &[], &["ghost"]);
    assert!(ev.contains(&Ev::IllusionAppears));
    assert!(
        g.legal_actions(0)
            .contains(&attack("ghost", 0, Some("paladin-2"), None))
    );
    let before = g.all_adventurers().len();
    // Slaying the illusion sends nobody to prison.
    let mut h = g.clone();
    h.lords[0].party[0].damage = 0;
    let id = h.lords[0].party[0].id;
    let ev = h
        .seat_change(0, &attack("ghost", 0, Some("paladin-2"), None))
        .unwrap();
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Ev::Eliminated { adventurer } if *adventurer == id))
    );
    assert_eq!(h.all_adventurers().len(), before);
}

#[test]
fn create_food_adds_a_hit_point() {
    let party = [("warrior-4", 0), ("wizard-4", 0)];
    let mut l = defender(&party, &["poisoned-meal"], &[]);
    l.food = 1;
    let mut g = with_card(l, "create-food", 2);
    plan(&mut g, &["poisoned-meal"], &[]);
    // The meal (before the fast spell) eliminates the 5-HP warrior; the wizard eats.
    assert!(in_prison(&g, 0, "warrior-4"));
    assert_eq!(g.lords[0].party[0].hp(), 5);
}

#[test]
fn regeneration_heals_even_after_a_dragon() {
    let party = [("warrior-7", 0), ("wizard-5", 0), ("priest-7", 0)];
    let regeneration = card_without_fatigue("regeneration", 2);
    let (_, ev) = standard_attack(&party, "dragon", regeneration);
    assert!(ev.contains(&Ev::NoHealing(
        tavern_plugin_dungeon_lords::done::NoHeal::Stopped
    )));
    assert!(ev.contains(&healed("warrior-7", 2)));
}

#[test]
fn magic_key_conquers_through_a_trap_door() {
    let party = [("warrior-7", 0), ("wizard-7", 0)];
    let (g, _) = battle(&party, &["trap-door"], &[], card("magic-key", 2));
    assert_eq!(g.lords[0].conquered(), 1);
}

#[test]
fn metamorphosis_and_gate_knock_out_a_chosen_monster() {
    for key in ["metamorphosis", "dimensional-gate", "aura-of-fear"] {
        let l = with_monsters(
            with_party(lord("L", 3, &[0]), &[("warrior-7", 0), ("wizard-7", 0)]),
            &["troll", "witch"],
        );
        let mut g = with_card(l, key, 2);
        plan(&mut g, &[], &["troll", "witch"]);
        change(
            &mut g,
            0,
            Action::Spell {
                choice: monster_id("witch"),
            },
        );
        let witch_ready = g.lords[0].lair[1].ready;
        assert_eq!(witch_ready, key == "aura-of-fear", "{key}");
        change(&mut g, 0, attack("troll", 0, None, None));
        let w = damage(&g, 0, "warrior-7").unwrap_or(99);
        if key == "dimensional-gate" {
            assert_eq!(w, 3, "no fatigue through the gate");
        } else {
            assert_eq!(w, 5, "3 from the troll and 2 fatigue");
        }
    }
}

#[test]
fn blind_rage_and_song_of_courage() {
    let party = [("warrior-7", 0), ("wizard-7", 0)];
    let (g, _) = battle(&party, &[], &["vampire"], card("blind-rage", 2));
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Attack { mode: 1, .. })),
        "only the first attack"
    );
    let courage = card_without_fatigue("song-of-courage", 2);
    let (mut g, _) = battle(&party, &[], &["vampire"], courage);
    change(&mut g, 0, attack("vampire", 0, Some("warrior-7"), None));
    assert_eq!(
        damage(&g, 0, "warrior-7"),
        Some(2 + 2),
        "3 less 1, then the card's 2"
    );
}

#[test]
fn detect_evil_can_attract_the_paladin() {
    let mut l = with_party(lord("L", 3, &[]), &[("warrior-3", 0), ("wizard-3", 0)]);
    l.evil = data().evilometer.paladin - 1;
    let mut g = Dl::combat(vec![l], 1, 2);
    g.cards = vec![card_id("detect-evil"); 4];
    g.paladin_tent = Some(adv_id("paladin-1"));
    g.begin();
    let ev = change(&mut g, 0, Action::Confirm);
    assert!(ev.contains(&Ev::PaladinMoves { from: None, to: 0 }));
}

#[test]
fn detect_treasure_takes_gold_then_food_then_a_trap() {
    let mut l = with_traps(
        with_party(lord("L", 4, &[]), &[("warrior-3", 0), ("wizard-3", 0)]),
        &["pendulum", "trap-door"],
    );
    l.gold = 1;
    l.food = 1;
    let mut g = with_card(l, "detect-treasure", 1);
    change(&mut g, 0, Action::Confirm);
    assert_eq!((g.lords[0].gold, g.lords[0].food), (0, 1));
    // Round 2 needs 2 magic: the wizard-3 has exactly 2.
    change(&mut g, 0, Action::Confirm);
    assert_eq!(g.lords[0].food, 0);
}

#[test]
fn the_deal_is_a_checked_chance_step() {
    let l = with_party(lord("L", 3, &[]), &[("warrior-3", 0)]);
    let mut g = Dl::combat(vec![l], 1, 2);
    g.deal_due = true;
    g.begin();
    assert!(matches!(g.to_act(), tavern_plugin_api::ToAct::Chance));
    let year2 = card_id("illusion");
    let bad = Action::Deal {
        cards: [year2, 0, 1, 2],
    };
    assert!(
        apply_checked(&mut g, None, &bad).is_err(),
        "a second-year card in year 1"
    );
    let twice = Action::Deal {
        cards: [0, 0, 1, 2],
    };
    assert!(apply_checked(&mut g, None, &twice).is_err());
    let a = g.sample_chance(&mut GameRng::new(5));
    apply_checked(&mut g, None, &a).unwrap();
    assert_eq!(g.cards.len(), 4);
    assert!(g.card().is_none(), "face down until the plans are made");
    let label = act(&mut g, 0, Action::Confirm);
    assert!(label.contains("Combat card:"), "{label}");
}

/// The failed spell's log line names the round it failed in and what that round needed,
/// though the same step goes on into the next round (the line read the round in play when
/// it was written, so a spell that failed in round 2 said "3 needed in round 3").
#[test]
fn a_failed_spell_names_its_own_round_in_the_log() {
    let party = [("warrior-3", 0), ("wizard-1", 0)];
    let (mut g, _) = battle(&party, &[], &[], card("detect-evil", 1));
    assert_eq!(g.round, 2);
    let text = act(&mut g, 0, Action::Confirm);
    assert!(g.round > 2, "the step went on into the next round");
    assert!(
        text.contains("Detect Evil fails (1 magic, 2 needed in round 2)"),
        "{text}"
    );
}
