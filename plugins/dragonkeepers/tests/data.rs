//! The component file: rulebook counts, and our own card split kept honest.
use tavern_plugin_dragonkeepers::data::{Back, Colour, JSON, Kind, Reward, data};

#[test]
fn card_counts() {
    let d = data();
    assert_eq!(d.cards.len(), 123);
    assert_eq!(d.left.len() + d.right.len(), 104);
    assert_eq!(d.starting.len(), 8);
    assert_eq!(d.shadows.len(), 11);
    for c in d.shadows.clone() {
        let c = &d.cards[c as usize];
        assert_eq!((c.front, c.back), (None, Back::Number(6)));
    }
    for c in Colour::ALL {
        let fronts = d
            .cards
            .iter()
            .filter(|x| x.front == Some(c) && matches!(x.kind, Kind::Left | Kind::Right))
            .count();
        assert_eq!(fronts, 26, "{c:?}");
    }
}

#[test]
fn backs_fit_their_page_and_never_match_the_front() {
    let d = data();
    for i in d.left.clone() {
        assert!(matches!(d.cards[i as usize].back, Back::Number(1..=5)));
    }
    for i in d.right.clone() {
        let c = &d.cards[i as usize];
        let Back::Colour(b) = c.back else {
            panic!("right card without colour back")
        };
        assert_ne!(Some(b), c.front, "front equals back colour");
    }
    for i in d.starting.clone() {
        assert_eq!(d.cards[i as usize].back, Back::Ribbon);
    }
}

#[test]
fn every_colour_with_every_back_exists() {
    let d = data();
    for f in Colour::ALL {
        for n in 1..=5 {
            assert!(
                d.cards
                    .iter()
                    .any(|c| c.front == Some(f) && c.back == Back::Number(n)),
                "{f:?} {n}"
            );
        }
        for b in Colour::ALL.into_iter().filter(|&b| b != f) {
            assert!(
                d.cards
                    .iter()
                    .any(|c| c.front == Some(f) && c.back == Back::Colour(b)),
                "{f:?} on {b:?}"
            );
        }
    }
}

#[test]
fn rewards_always_include_an_amulet_piece() {
    let d = data();
    for n in 1..=6usize {
        let r = &d.rewards[n];
        assert!(
            r.iter()
                .any(|x| matches!(x, Reward::LowestPiece | Reward::HighestPiece)),
            "{n}"
        );
    }
    // The rulebook's own examples: 1 card -> piece + crystal, 2 -> piece + shadow dragon,
    // 3 -> two pieces (one of which the hammer can upgrade).
    assert_eq!(d.rewards[1], vec![Reward::LowestPiece, Reward::Crystal]);
    assert_eq!(
        d.rewards[2],
        vec![Reward::LowestPiece, Reward::ShadowDragon]
    );
    assert_eq!(d.rewards[3], vec![Reward::LowestPiece, Reward::LowestPiece]);
}

#[test]
fn tokens_match_the_rulebook() {
    let d = data();
    let mut counts = std::collections::BTreeMap::new();
    for &v in &d.piece_values {
        *counts.entry(v).or_insert(0) += 1;
    }
    let want: Vec<(u8, i32)> = vec![
        (1, 8),
        (4, 8),
        (6, 5),
        (8, 4),
        (10, 8),
        (12, 4),
        (16, 5),
        (20, 3),
    ];
    assert_eq!(counts.into_iter().collect::<Vec<_>>(), want);
    assert_eq!(d.pearl_values.len(), 15);
    assert_eq!(d.red_pearls, 3);
    assert!(d.pearl_values[..3].iter().all(|v| (8..=9).contains(v)));
    assert!(d.pearl_values[3..].iter().all(|v| (3..=4).contains(v)));
    assert_eq!(d.crests, vec![16, 10, 6]);
    assert_eq!(
        (d.crystals, d.golden_eggs, d.egg_value, d.egg_flip_bonus),
        (10, 9, 4, 12)
    );
    assert_eq!(&d.pieces_removed[2..], &[16, 12, 8]);
    assert_eq!(&d.amulets_to_end[2..], &[7, 8, 9]);
    assert_eq!(d.starting_by_seat, vec![0, 1, 2, 3]);
}

#[test]
fn header_names_our_own_design() {
    let v: serde_json::Value = serde_json::from_str(JSON).unwrap();
    let about = v["_about"].as_str().unwrap();
    assert!(about.contains("OUR OWN DESIGN"));
    assert!(about.contains("split"));
}
