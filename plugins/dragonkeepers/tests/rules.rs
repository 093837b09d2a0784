//! One test per rule of the issue: each fails if the rule were implemented wrongly.
mod common;

use common::*;
use tavern_plugin_api::game::apply_checked;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng, ToAct};
use tavern_plugin_dragonkeepers::data::{Back, Colour, Kind, card, data};
use tavern_plugin_dragonkeepers::model::{End, Item, Page, Phase};
use tavern_plugin_dragonkeepers::{Action, Deck, Dk};

#[test]
fn setup_by_player_count() {
    for (n, removed, crests) in [
        (2, 16, vec![10, 6]),
        (3, 12, vec![16, 10, 6]),
        (4, 8, vec![16, 10, 6]),
    ] {
        let b = Builder::standard(&setup(n));
        let g = &b.g;
        assert_eq!(g.piece_box.count_ones(), removed);
        assert_eq!(g.piece_supply.count_ones(), 45 - removed);
        assert_eq!(g.crests, crests);
        assert_eq!(
            (g.eggs, g.crystals, g.pearl_supply.count_ones()),
            (9, 10, 15)
        );
        assert_eq!(g.shadow_supply.len(), 11);
        assert!(g.display.iter().all(Option::is_some));
        assert_eq!(g.pages[0].len() + g.pages[1].len(), 102);
        assert_eq!(g.phase, Phase::Turn);
        assert_eq!(g.amulets_to_end(), [0, 0, 7, 8, 9][n]);
    }
}

#[test]
fn must_take_at_least_one_card() {
    let b = fresh(2);
    let l = b.g.legal_actions(0);
    assert!(
        l.iter().all(|a| matches!(a, Action::TakeDisplay { .. })),
        "{l:?}"
    );
}

#[test]
fn taking_refills_from_the_matching_page() {
    let mut b = fresh(2);
    let top = b.g.top(Page::Right).unwrap();
    let shown = b.g.display[1].unwrap();
    b.act(0, Action::TakeDisplay { page: Page::Right });
    assert!(b.g.players[0].hand.contains(&shown));
    assert_eq!(b.g.display[1], Some(top));
}

#[test]
fn three_cards_then_a_fourth_only_for_a_crystal_once() {
    let mut b = fresh(2);
    b.g.players[0].crystals = 2;
    b.g.crystals -= 2;
    for _ in 0..3 {
        assert!(!has(&b.g, 0, &Action::PayCrystalForFourth));
        b.act(0, Action::TakeDisplay { page: Page::Left });
    }
    assert!(!has(&b.g, 0, &Action::TakeDisplay { page: Page::Left }));
    b.act(0, Action::PayCrystalForFourth);
    b.act(0, Action::TakeDisplay { page: Page::Left });
    assert!(!has(&b.g, 0, &Action::PayCrystalForFourth), "never a fifth");
    assert!(!has(&b.g, 0, &Action::TakeDisplay { page: Page::Left }));
    assert_eq!(b.g.players[0].crystals, 1);
    // A crystal won this turn does not pay for the fourth card.
    let mut b = fresh(2);
    b.g.players[0].crystals = 1;
    b.g.players[0].fresh_crystals = 1;
    b.g.crystals -= 1;
    for _ in 0..3 {
        b.act(0, Action::TakeDisplay { page: Page::Right });
    }
    assert!(!has(&b.g, 0, &Action::PayCrystalForFourth));
}

#[test]
fn one_card_per_page_and_only_fitting_backs() {
    let mut b = fresh(2);
    take_one(&mut b);
    let l = give(&mut b.g, 0, Colour::Red, Back::Number(2));
    let l2 = give(&mut b.g, 0, Colour::Blue, Back::Number(3));
    let r = give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Green));
    let start = b.g.start_pile[0];
    to_hand(&mut b.g, 0, start);
    assert!(has(
        &b.g,
        0,
        &Action::PlaceOnPage {
            card: l,
            page: Page::Left
        }
    ));
    assert!(!has(
        &b.g,
        0,
        &Action::PlaceOnPage {
            card: l,
            page: Page::Right
        }
    ));
    assert!(
        !b.g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::PlaceOnPage { card, .. } if *card == start)),
        "ribbon backs never go on the book"
    );
    b.act(
        0,
        Action::PlaceOnPage {
            card: l,
            page: Page::Left,
        },
    );
    assert_eq!(b.g.book_number(), 2);
    assert!(!has(
        &b.g,
        0,
        &Action::PlaceOnPage {
            card: l2,
            page: Page::Left
        }
    ));
    assert!(
        !has(&b.g, 0, &Action::TakeDisplay { page: Page::Left }),
        "taking is over"
    );
    b.act(
        0,
        Action::PlaceOnPage {
            card: r,
            page: Page::Right,
        },
    );
    assert_eq!(b.g.book_colour(), Some(Colour::Green));
}

#[test]
fn shadow_dragons_are_wild_but_never_alone() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 2, Colour::Red);
    let s1 = shadow(&b.g);
    to_hand(&mut b.g, 0, s1);
    let s2 = shadow(&b.g);
    to_hand(&mut b.g, 0, s2);
    // Two shadows alone cannot make 2 red.
    pick(&mut b, 0, None, 1);
    assert!(!can_pick(&b.g, 0, None), "the last slot needs a real red");
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].row[0].cards.len(), 2);
    assert_eq!(b.g.players[0].row[0].colour, Colour::Red);
}

#[test]
fn a_shadow_dragon_cannot_be_the_only_card() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    let s = shadow(&b.g);
    to_hand(&mut b.g, 0, s);
    assert!(!can_pick(&b.g, 0, None));
}

#[test]
fn no_play_after_playing_and_no_book_change_after_picking() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Green));
    let l = give(&mut b.g, 0, Colour::White, Back::Number(2));
    pick(&mut b, 0, Some(Colour::Red), 1);
    assert!(!has(
        &b.g,
        0,
        &Action::PlaceOnPage {
            card: l,
            page: Page::Left
        }
    ));
    b.act(0, Action::Play { end: None });
    assert!(!can_pick(&b.g, 0, Some(Colour::Red)), "one play per turn");
    assert_eq!(b.g.legal_actions(0), vec![Action::EndTurn]);
}

#[test]
fn reward_lowest_and_highest_amulet_piece() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 4, Colour::Red);
    for back in [
        Back::Colour(Colour::Blue),
        Back::Colour(Colour::Green),
        Back::Colour(Colour::White),
        Back::Number(1),
    ] {
        give(&mut b.g, 0, Colour::Red, back);
    }
    let high = b.g.piece_at_extreme(true).unwrap();
    pick(&mut b, 0, Some(Colour::Red), 4);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].pieces, vec![high]);
    assert_eq!(Dk::piece_value(high), 20);
    assert_eq!(b.g.players[0].eggs, 1, "4 also gives a golden egg");
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    let low = b.g.piece_at_extreme(false).unwrap();
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].pieces, vec![low]);
    assert_eq!(b.g.players[0].crystals, 1);
}

#[test]
fn limited_extras_run_out() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    b.g.players[1].crystals = 10;
    b.g.crystals = 0;
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Red), 1);
    b.act(0, Action::Play { end: None });
    assert_eq!(b.g.players[0].crystals, 0);
    assert_eq!(b.g.players[0].pieces.len(), 1);
}

#[test]
fn red_pearls_first_then_blue() {
    let mut b = fresh(2);
    let mut g = b.g.clone();
    g.pearls_due.push(0);
    g.players[0].pieces = vec![];
    assert!(g.pearl_pool().iter().all(|&p| p < 3));
    g.pearl_supply &= !0b111;
    assert!(g.pearl_pool().iter().all(|&p| p >= 3));
    b.g = g;
    b.chance(Action::DrawPearl { pearl: 3 });
    assert_eq!(b.g.players[0].pearls, vec![3]);
}

#[test]
fn crest_for_four_colours_highest_available() {
    for (n, want) in [(2usize, 10u8), (3, 16)] {
        let mut b = fresh(n);
        take_one(&mut b);
        for c in [Colour::White, Colour::Red, Colour::Blue] {
            lay_stack(&mut b.g, 0, c, 1);
        }
        set_book(&mut b.g, 1, Colour::Green);
        give(&mut b.g, 0, Colour::Green, Back::Colour(Colour::Blue));
        pick(&mut b, 0, Some(Colour::Green), 1);
        b.act(
            0,
            Action::Play {
                end: Some(End::Right),
            },
        );
        assert_eq!(b.g.players[0].crest, Some(want), "{n} players");
        assert!(!b.g.crests.contains(&want));
    }
}

#[test]
fn completing_players_clockwise_with_the_book_as_left() {
    let mut b = fresh(4);
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 1, Colour::Red, Back::Colour(Colour::Blue));
    give(&mut b.g, 3, Colour::Red, Back::Colour(Colour::Green));
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Completing(1));
    let l = b.g.legal_actions(1);
    assert!(!l.iter().any(|a| matches!(
        a,
        Action::TakeDisplay { .. } | Action::PlaceOnPage { .. } | Action::PayCrystalForFourth
    )));
    assert!(l.contains(&Action::Pass));
    pick(&mut b, 1, Some(Colour::Red), 1);
    let applied = apply_checked(&mut b.g, Some(1), &Action::Play { end: None }).unwrap();
    assert!(
        applied.label.contains("Player 3 cannot complete the turn"),
        "{}",
        applied.label
    );
    assert!(
        applied.reveal,
        "a skipped seat tells something about its hand"
    );
    assert_eq!(b.g.players[1].pieces.len(), 1, "completers get the reward");
    assert_eq!(
        b.g.phase,
        Phase::Completing(3),
        "seat 2 cannot play and is skipped"
    );
    b.act(3, Action::Pass);
    assert_eq!((b.g.phase, b.g.active), (Phase::Turn, 1));
}

#[test]
fn game_end_threshold_checked_after_the_turn() {
    let mut b = fresh(2);
    give_pieces(&mut b.g, 0, 18);
    give_pieces(&mut b.g, 1, 2);
    b.g.pearl_supply = (1 << 15) - 1;
    take_one(&mut b);
    set_book(&mut b.g, 1, Colour::Red);
    give(&mut b.g, 1, Colour::Red, Back::Colour(Colour::Blue));
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Completing(1));
    pick(&mut b, 1, Some(Colour::Red), 1);
    b.act(1, Action::Play { end: None });
    // The 7th amulet came from a completing play: the game ends after this turn.
    b.chance(Action::DrawPearl { pearl: 0 });
    assert_eq!(b.g.completed_amulets(), 7);
    assert_eq!(b.g.to_act(), ToAct::Over);
}

#[test]
fn not_over_before_threshold() {
    let mut b = fresh(2);
    give_pieces(&mut b.g, 0, 15);
    take_one(&mut b);
    b.act(0, Action::EndTurn);
    assert_eq!(b.g.phase, Phase::Turn);
    assert_eq!(b.g.active, 1);
}

#[test]
fn scoring_with_egg_flip_for_all_tied() {
    let mut b = fresh(3);
    b.g.phase = Phase::Over;
    give_pieces(&mut b.g, 0, 2);
    b.g.players[0].eggs = 2;
    b.g.players[1].eggs = 2;
    b.g.players[2].eggs = 1;
    b.g.players[1].crest = Some(10);
    b.g.players[1].pearls = vec![0];
    let o = b.g.outcome().unwrap();
    let flip = |s: usize| {
        o.scores[s]
            .breakdown
            .iter()
            .find(|l| l.label.starts_with("Flipped"))
            .unwrap()
            .points
    };
    assert_eq!((flip(0), flip(1), flip(2)), (12, 12, 0));
    let pieces: i64 = b.g.players[0]
        .pieces
        .iter()
        .map(|&i| Dk::piece_value(i) as i64)
        .sum();
    assert_eq!(o.scores[0].total, pieces + 8 + 12);
    assert_eq!(
        o.scores[1].total,
        10 + data().pearl_values[0] as i64 + 8 + 12
    );
    assert_eq!(o.scores[2].total, 4);
}

#[test]
fn tie_break_most_cards_laid_out_then_shared() {
    let mut b = fresh(3);
    b.g.phase = Phase::Over;
    for s in 0..3 {
        b.g.players[s].eggs = 1;
    }
    lay_stack(&mut b.g, 0, Colour::Red, 2);
    lay_stack(&mut b.g, 1, Colour::Red, 3);
    let o = b.g.outcome().unwrap();
    assert_eq!(o.rank, vec![1, 0, 2]);
    assert!(o.tie_break.unwrap().contains("laid out"));
    lay_stack(&mut b.g, 0, Colour::Blue, 1);
    let o = b.g.outcome().unwrap();
    assert_eq!(o.rank, vec![0, 0, 2]);
    assert!(o.tie_break.unwrap().contains("shared"));
}

#[test]
fn fresh_shadow_dragons_wait_a_turn() {
    let mut b = fresh(2);
    take_one(&mut b);
    set_book(&mut b.g, 2, Colour::Red);
    let s = shadow(&b.g);
    to_hand(&mut b.g, 0, s);
    b.g.players[0].fresh_shadows = 1;
    give(&mut b.g, 0, Colour::Red, Back::Colour(Colour::Blue));
    assert!(!b.g.legal_actions(0).contains(&Action::PlaceOnPage {
        card: s,
        page: Page::Left
    }));
    pick(&mut b, 0, Some(Colour::Red), 1);
    assert!(!can_pick(&b.g, 0, None));
}

#[test]
fn children_variant_no_crests_no_placement_rule() {
    let mut b = fresh_with(2, &[("variant", "children")]);
    take_one(&mut b);
    for c in [Colour::White, Colour::Red, Colour::Blue] {
        lay_stack(&mut b.g, 0, c, 1);
    }
    assert!(b.g.stack_open(0, Colour::Red), "middle stacks stay open");
    set_book(&mut b.g, 1, Colour::Green);
    give(&mut b.g, 0, Colour::Green, Back::Colour(Colour::Blue));
    pick(&mut b, 0, Some(Colour::Green), 1);
    b.act(
        0,
        Action::Play {
            end: Some(End::Left),
        },
    );
    assert_eq!(b.g.players[0].crest, None);
    assert_eq!(b.g.crests.len(), 2);
}

#[test]
fn hidden_information_is_not_in_other_views() {
    let mut b = Builder::standard(&setup(3));
    b.act(0, Action::TakeDisplay { page: Page::Left });
    give_pieces(&mut b.g, 2, 3);
    b.g.players[2].pearls = vec![0];
    b.g.pearl_supply &= !1;
    let v0 = serde_json::to_string(&b.g.view(Some(0))).unwrap();
    let v2 = serde_json::to_string(&b.g.view(Some(2))).unwrap();
    let spectator = serde_json::to_string(&b.g.view(None)).unwrap();
    for &c in &b.g.players[2].hand {
        assert!(!v0.contains(&format!("\"hand:{c}\"")));
        assert!(v2.contains(&format!("\"hand:{c}\"")));
        assert!(!spectator.contains(&format!("\"hand:{c}\"")));
    }
    assert!(
        !v0.contains("starting card"),
        "seat 2's starting cards are hidden"
    );
    assert!(v2.contains("Your amulet piece worth"));
    assert!(!v0.contains("Your amulet piece worth") && !v0.contains("value private"));
    // Page cards show only their back: a face-down card never carries a front colour.
    let scene = b.g.view(Some(0)).scene;
    for it in &scene.items {
        if let tavern_plugin_api::scene::Shape::Card {
            face_down: true,
            title,
            ..
        } = &it.shape
        {
            assert!(title.is_empty());
        }
    }
}

#[test]
fn placed_card_front_is_private_in_the_log() {
    let mut b = fresh(2);
    take_one(&mut b);
    let l = give(&mut b.g, 0, Colour::Red, Back::Number(2));
    let applied = apply_checked(
        &mut b.g,
        Some(0),
        &Action::PlaceOnPage {
            card: l,
            page: Page::Left,
        },
    )
    .unwrap();
    assert!(!applied.label.contains("red"));
    assert!(applied.private_label.unwrap().contains("red"));
}

#[test]
fn determinize_keeps_what_the_viewer_knows() {
    let mut rng = GameRng::new(3);
    let mut b = Builder::standard(&setup(3));
    b.act(0, Action::TakeDisplay { page: Page::Left });
    let mine = b.g.players[1].hand.clone();
    let tops = [
        b.g.pages[0].last().unwrap().card,
        b.g.pages[1].last().unwrap().card,
    ];
    let mut changed = false;
    for _ in 0..10 {
        let d = b.g.determinize(1, &mut rng);
        invariants(&d);
        assert_eq!(d.players[1].hand, mine);
        assert_eq!(d.display, b.g.display);
        for (page, top) in d.pages.iter().zip(tops) {
            assert_eq!(card(page.last().unwrap().card).back, card(top).back);
        }
        assert_eq!(
            d.players[0].hand, b.g.players[0].hand,
            "cards from the display are known"
        );
        assert!(
            d.players[2]
                .hand
                .iter()
                .all(|&c| card(c).kind == Kind::Starting)
        );
        changed |= d.pages != b.g.pages || d.players[2].hand != b.g.players[2].hand;
    }
    assert!(changed, "hidden parts are re-sampled");
}

#[test]
fn bad_chance_outcomes_are_refused() {
    let mut g = Dk::new(&setup(2)).unwrap();
    for bad in [
        Action::Shuffle {
            deck: Deck::Starting,
            order: vec![0, 1, 2],
        },
        Action::Shuffle {
            deck: Deck::Starting,
            order: vec![0, 0, 1, 2, 3, 4, 5, 6],
        },
        Action::Shuffle {
            deck: Deck::Left,
            order: ident(52),
        },
        Action::Pass,
    ] {
        assert!(apply_checked(&mut g, None, &bad).is_err(), "{bad:?}");
    }
    let mut b = Builder::new(&setup(2));
    b.chance(Action::Shuffle {
        deck: Deck::Starting,
        order: ident(8),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Left,
        order: ident(52),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Right,
        order: ident(52),
    });
    assert!(
        apply_checked(
            &mut b.g,
            None,
            &Action::RemovePieces {
                pieces: (0..15).collect()
            }
        )
        .is_err()
    );
    assert!(
        apply_checked(
            &mut b.g,
            None,
            &Action::RemovePieces {
                pieces: vec![1; 16]
            }
        )
        .is_err()
    );
    assert!(
        apply_checked(
            &mut b.g,
            None,
            &Action::RemovePieces {
                pieces: (30..46).collect()
            }
        )
        .is_err()
    );
}

#[test]
fn setup_randomness_is_chance_only() {
    let g = Dk::new(&setup(4)).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert!(g.players.iter().all(|p| p.hand.is_empty()));
    assert_eq!(g.display, [None, None]);
    let a = g.sample_chance(&mut GameRng::new(1));
    assert!(matches!(
        a,
        Action::Shuffle {
            deck: Deck::Starting,
            ..
        }
    ));
}

#[test]
fn random_chest_reveals_one_item() {
    let mut b = Builder::new(&setup_with(2, &[("chests", "random")]));
    b.chance(Action::Shuffle {
        deck: Deck::Starting,
        order: ident(8),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Left,
        order: ident(52),
    });
    b.chance(Action::Shuffle {
        deck: Deck::Right,
        order: ident(52),
    });
    b.chance(Action::RemovePieces {
        pieces: (0..16).collect(),
    });
    assert_eq!(b.g.to_act(), ToAct::Chance);
    b.chance(Action::RevealChest {
        item: Item::PrismInk,
    });
    assert_eq!(b.g.items, Item::PrismInk.bit());
}

#[test]
fn info_lists_variants_and_rules() {
    let i = Dk::info();
    assert_eq!(i.id, "dragonkeepers");
    assert_eq!((i.min_players, i.max_players), (2, 4));
    assert!(i.hidden_information);
    for key in [
        "variant",
        "chests",
        "twilight_flute",
        "dragon_mint",
        "troll_horn",
        "green_ore_hammer",
        "prism_ink",
        "swindle_feather",
    ] {
        assert!(i.options.iter().any(|o| o.key == key), "{key}");
    }
    assert!(i.rules.starts_with("# "));
    assert!(Dk::new(&setup(5)).is_err());
    assert!(
        Dk::new(&setup_with(2, &[("chests", "chosen")])).is_err(),
        "chosen needs an item"
    );
}

#[test]
fn every_legal_action_has_a_label_and_a_target_in_the_scene() {
    for seed in 0..scaled(30) as u64 {
        let mut g = Dk::new(&setup_with(
            3,
            &[
                ("chests", "chosen"),
                ("twilight_flute", "yes"),
                ("troll_horn", "yes"),
                ("prism_ink", "yes"),
                ("swindle_feather", "yes"),
                ("green_ore_hammer", "yes"),
                ("dragon_mint", "yes"),
            ],
        ))
        .unwrap();
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        loop {
            let (seat, a) = match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => (None, g.sample_chance(&mut rng)),
                ToAct::Seats(v) => {
                    let s = v[0];
                    let legal = g.legal(s);
                    let view = serde_json::to_string(&g.view(Some(s))).unwrap();
                    for l in &legal {
                        assert!(!l.label.is_empty());
                        let t = l.target.as_ref().expect("every action has a target");
                        assert!(
                            view.contains(&format!("\"id\":\"{t}\"")),
                            "target {t} missing for {:?}",
                            l.action
                        );
                    }
                    use rand::RngExt;
                    let i = rng.random_range(0..legal.len());
                    (Some(s), legal[i].action.clone())
                }
            };
            apply_checked(&mut g, seat, &a).unwrap();
            steps += 1;
            if steps > 400 {
                break;
            }
        }
    }
}
