//! The words of the table: labels, log lines and prompts say what a number counts and
//! what a decision was for, in sentences that read right ("1 gem", "3 coins", "Bid 4
//! coins", "does not pay for a red treasure (Fighter)").
mod common;

use common::*;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_kings_guild::data::{Colour, quest_named, spec_named, treasure_named};
use tavern_plugin_kings_guild::model::{Loc, QCard};
use tavern_plugin_kings_guild::{Action, ColourList, Kg};

fn labels(g: &Kg, seat: usize) -> Vec<String> {
    g.legal(seat).into_iter().map(|l| l.label).collect()
}

#[test]
fn one_gem_is_a_gem_and_every_price_says_coins() {
    let mut g = fresh(2);
    // Over the storage limit with gems: "Discard 1 gem".
    let limit = g.players[0].storage_limit() as u8;
    give_res(&mut g, 0, GEMS, 2);
    give_res(&mut g, 0, CLOTH, limit - 1);
    let l = labels(&g, 0);
    assert!(l.contains(&"Discard 1 gem".to_string()), "{l:?}");
    assert_eq!(
        g.view(Some(0)).prompt,
        format!(
            "Storage {} of {limit}: discard 1 resource to the supply",
            limit + 1
        )
    );
    assert!(l.iter().all(|x| !x.contains("1 gems")), "{l:?}");
    let a = act(&mut g, 0, Action::Discard { res: GEMS as u8 });
    assert!(
        a.label.contains("returns 1 gem to the supply"),
        "{}",
        a.label
    );
    // Prices: rooms, specialists and sales name their coins.
    let mut g = fresh(2);
    g.players[0].coins = 30;
    give_card(
        &mut g,
        0,
        treasure_named(
            "Ancient Helm",
            tavern_plugin_kings_guild::data::Colour::Blue,
        ),
    );
    let l = labels(&g, 0);
    for start in ["Build the", "Hire the", "Sell "] {
        let some: Vec<&String> = l.iter().filter(|x| x.starts_with(start)).collect();
        assert!(!some.is_empty(), "{start}: {l:?}");
        assert!(
            some.iter().all(|x| x.contains(" coins")),
            "{start} without coins: {some:?}"
        );
    }
    assert!(l.contains(&"Sell Ancient Helm for 2 coins".to_string()));
    // A scroll says what its player gains.
    give_card(&mut g, 0, treasure_named("Scroll of Plenty", Colour::Blue));
    let l = labels(&g, 0);
    assert!(
        l.contains(&"Play Scroll of Plenty: you gain 2 cloth".to_string()),
        "{l:?}"
    );
}

#[test]
fn declines_and_payments_say_what_they_were_for() {
    let mut g = fresh(2);
    let q = quest_named("Brawl at Goldgrass Inn");
    put_quest(&mut g, 0, q);
    g.players[0]
        .specs
        .push((spec_named("Fighter"), Loc::Outside));
    g.players[1]
        .specs
        .push((spec_named("Fighter"), Loc::Outside));
    g.players[1]
        .specs
        .push((spec_named("Appraiser"), Loc::Outside));
    give_res(&mut g, 0, LEATHER, 3);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    skip(&mut g, 0);
    give_res(&mut g, 1, CLOTH, 2);
    give_res(&mut g, 1, METAL, 1);
    give_res(&mut g, 1, WOOD, 1);
    act(&mut g, 1, Action::Craft { slot: 0, items: 2 });
    let red = treasure_named("Lucky Potion", Colour::Red);
    draw(&mut g, red);
    draw(&mut g, treasure_named("Contract", Colour::Blue));
    act(&mut g, 1, Action::Keep { kind: red });
    assert_eq!(
        g.view(Some(1)).prompt,
        "Fighter: pay 1 coin for a red treasure?"
    );
    let l = labels(&g, 1);
    assert_eq!(
        l,
        vec![
            "Pay 1 coin to draw a red treasure",
            "Don't pay: no red treasure"
        ]
    );
    let a = act(&mut g, 1, Action::Accept);
    assert_eq!(a.label, "Player 2 pays 1 coin for a red treasure (Fighter)");
    draw(&mut g, red);
    let a = act(&mut g, 0, Action::Decline);
    assert_eq!(
        a.label,
        "Player 1 does not pay for a red treasure (Fighter)"
    );
    assert!(labels(&g, 1).contains(&"No extra draw".to_string()));
    let a = act(
        &mut g,
        1,
        Action::Colours {
            colours: ColourList::new(&[Colour::Yellow]).unwrap(),
        },
    );
    assert_eq!(a.label, "Player 2 chooses to draw yellow (Appraiser)");
    draw(&mut g, treasure_named("Bag of Gold", Colour::Yellow));
    assert_eq!(g.view(Some(1)).prompt, "Discard 1 treasure from your hand");
}

#[test]
fn the_funeral_counts_coins_in_its_bids_and_its_result() {
    let mut g = fresh(2);
    for p in g.players.iter_mut() {
        p.coins = 3;
    }
    while g.quest_deck.last() != Some(&QCard::Funeral) {
        g.quest_deck.pop();
    }
    let q = quest_named("Protect the Eastern Ramparts");
    put_quest(&mut g, 0, q);
    while g.quest_deck.last() != Some(&QCard::Funeral) {
        let c = g.quest_deck.remove(g.quest_deck.len() - 1);
        g.quest_deck.insert(1, c);
    }
    give_res(&mut g, 0, METAL, 2);
    act(&mut g, 0, Action::Craft { slot: 0, items: 1 });
    draw(&mut g, treasure_named("Lucky Potion", Colour::Red));
    let l = labels(&g, 1);
    assert_eq!(l[0], "Bid 0 coins");
    assert_eq!(l[1], "Bid 1 coin");
    assert_eq!(l[3], "Bid 3 coins");
    assert!(
        g.view(Some(1)).prompt.contains("(you have 3 coins)"),
        "{}",
        g.view(Some(1)).prompt
    );
    act(&mut g, 1, Action::Bid(1));
    let coins = g.players[0].coins;
    let a = act(&mut g, 0, Action::Bid(coins as u8));
    assert!(
        a.label.contains(&format!(
            "Bids revealed: Player 1 {coins} coins, Player 2 1 coin"
        )),
        "{}",
        a.label
    );
}

#[test]
fn solo_lines_name_no_next_player_and_start_with_a_capital() {
    let mut g = fresh(1);
    // The funeral card is the oldest card on a full board: it leaves at the turn's end.
    let last = g.board.len() - 1;
    let mut sl = g.board[last].unwrap();
    g.quest_deck.retain(|c| *c != QCard::Funeral);
    g.quest_deck.insert(1, sl.card);
    sl.card = QCard::Funeral;
    sl.sigil = None;
    g.board[last] = Some(sl);
    assert!(g.board.iter().all(|s| s.is_some_and(|s| s.sigil.is_none())));
    g.turn.acted = true;
    let a = act(&mut g, 0, Action::EndTurn);
    let lines: Vec<&str> = a.label.lines().collect();
    assert!(
        lines.contains(&"The King's Funeral leaves the board"),
        "{lines:?}"
    );
    assert!(lines.contains(&"Player 1 ends the turn"), "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains("is next")), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.chars().next().is_some_and(|c| !c.is_lowercase())),
        "{lines:?}"
    );
}

#[test]
fn prompts_say_why_and_the_last_turn_offers_the_offering() {
    // At six seats every guild is dealt: the Starfall Syndicate's starting draw says so.
    let mut g = Kg::new(&setup(6)).unwrap();
    let d = g.sample_chance(&mut GameRng::new(9));
    g.apply(None, &d).unwrap();
    let mut rng = GameRng::new(3);
    let mut seen = false;
    while !g.pending.is_empty() {
        match g.deciders().first() {
            None => {
                let a = g.sample_chance(&mut rng);
                g.apply(None, &a).unwrap();
            }
            Some(&s) => {
                if matches!(
                    g.pending.front(),
                    Some(tavern_plugin_kings_guild::Pending::Colours { .. })
                ) {
                    assert_eq!(
                        g.view(Some(s)).prompt,
                        "Starfall Syndicate: choose the colour of your starting treasure"
                    );
                    assert_eq!(
                        g.legal(s)
                            .iter()
                            .map(|l| l.label.as_str())
                            .collect::<Vec<_>>(),
                        [
                            "Draw a blue treasure",
                            "Draw a red treasure",
                            "Draw a yellow treasure"
                        ]
                    );
                    seen = true;
                }
                let a = g.legal_actions(s)[0].clone();
                g.apply(Some(s), &a).unwrap();
            }
        }
    }
    assert!(seen, "the Starfall Syndicate chose a colour");
    // The last turns: the offering is named in the prompt, and the Offering to the
    // Council's card (in the space it was drawn to) glows for it.
    let mut g = fresh(2);
    g.finals_left = 2;
    let q = g.board[2].take().unwrap();
    g.gone_quests.push(q.card);
    let offer = g
        .legal(0)
        .into_iter()
        .find(|l| l.action == Action::Offer)
        .expect("the offering");
    assert_eq!(offer.target.as_deref(), Some("quest:2"));
    let scene = g.view(Some(0)).scene;
    let card = scene
        .items
        .iter()
        .find(|i| i.id.as_deref() == Some("quest:2"))
        .expect("the space")
        .shape
        .bounds();
    assert!(scene.items.iter().any(|i| matches!(&i.shape,
        tavern_plugin_api::scene::Shape::TextBlock { text, rect, .. }
            if text == "The Offering to the Council" && rect.inside(card, 0.5))));
    let p = g.view(Some(0)).prompt;
    assert!(
        p.starts_with("Your last turn:") && p.contains("offering to the Council"),
        "{p}"
    );
    // Nobody else's decision is described as theirs.
    assert_eq!(g.view(Some(1)).prompt, "Waiting for Player 1");
}

#[test]
fn a_specialist_leaving_says_why() {
    // Solo: after an expand the right-most specialist leaves at the turn's end.
    let mut g = fresh(1);
    g.players[0].coins = 30;
    let right_most = g.row[0].0;
    let hire = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Hire { index, .. } if *index > 0))
        .expect("a hire");
    act(&mut g, 0, hire);
    let a = act(&mut g, 0, Action::EndTurn);
    let name = &tavern_plugin_kings_guild::data::spec(right_most).name;
    assert!(
        a.label.contains(&format!(
            "The {name} leaves the game (the right-most goes after an expand)"
        )),
        "{}",
        a.label
    );
}

/// Every text and hover on the table, at every count in random positions, counts in
/// words: no "(s)", no "1 coins" or "1 gems", no cost without its coins.
#[test]
fn the_table_counts_in_words() {
    use tavern_plugin_api::game::check::random_move;
    use tavern_plugin_api::scene::Shape;
    let mut bad = std::collections::BTreeSet::new();
    for n in 1..=6 {
        let mut g = Kg::new(&setup(n)).unwrap();
        let mut rng = GameRng::new(70 + n as u64);
        let mut steps = 0;
        while let Some((seat, a)) = random_move(&g, &mut rng) {
            g.apply(seat, &a).unwrap();
            steps += 1;
            if steps % 97 != 0 {
                continue;
            }
            for v in 0..n {
                let view = g.view(Some(v));
                let mut texts = vec![view.prompt.clone()];
                for it in &view.scene.items {
                    if let Shape::Text { text, .. } | Shape::TextBlock { text, .. } = &it.shape {
                        texts.push(text.clone());
                    }
                    texts.extend(it.tooltip.clone());
                }
                texts.extend(g.legal(v).into_iter().map(|l| l.label));
                for t in texts {
                    let wrong = t.contains("(s)")
                        || t.contains(" 1 coins")
                        || t.contains(" 1 gems")
                        || t.contains("Letters:")
                        || t.contains("cost ") && !t.contains("coin");
                    if wrong {
                        bad.insert(t);
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{}",
        bad.into_iter().collect::<Vec<_>>().join("\n---\n")
    );
}

#[test]
fn after_building_the_prompt_offers_the_hire_still_open() {
    let mut g = fresh(2);
    g.players[0].coins = 30;
    let build = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Build { .. }))
        .expect("a room to build");
    act(&mut g, 0, build);
    assert_eq!(
        g.view(Some(0)).prompt,
        "You may still hire a specialist; play or sell treasures, or end your turn"
    );
    let hire = g
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, Action::Hire { .. }))
        .expect("a specialist to hire");
    act(&mut g, 0, hire);
    while !g.pending.is_empty() {
        match g.deciders().first() {
            Some(&s) => {
                let a = g.legal_actions(s)[0].clone();
                g.apply(Some(s), &a).unwrap();
            }
            None => {
                let a = g.sample_chance(&mut GameRng::new(5));
                g.apply(None, &a).unwrap();
            }
        }
    }
    if g.active == 0 && g.turn.acted {
        assert_eq!(
            g.view(Some(0)).prompt,
            "Play or sell treasures, or end your turn"
        );
    }
}
