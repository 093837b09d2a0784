//! Hidden information: what `determinize` keeps and what it re-samples, so a bot cannot
//! read an opponent's face-down card from where the real one lies.
mod common;

use common::*;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_dragonkeepers::data::{Kind, card};
use tavern_plugin_dragonkeepers::model::Page;
use tavern_plugin_dragonkeepers::{Action, Dk};

fn top(g: &Dk, p: Page) -> u8 {
    g.pages[p.idx()].last().unwrap().card
}

/// Seat 0 takes the two left display cards (with identity shuffles both show a 5 on
/// the back, one green, one blue) and places one of them face down on the left page.
fn two_known_then_one_down() -> (Builder, u8, u8) {
    let mut b = fresh(2);
    let first = b.g.display[0].unwrap();
    b.act(0, Action::TakeDisplay { page: Page::Left });
    let second = b.g.display[0].unwrap();
    b.act(0, Action::TakeDisplay { page: Page::Left });
    assert_eq!(
        card(first).back,
        card(second).back,
        "test needs equal backs"
    );
    assert_ne!(card(first).front, card(second).front);
    b.act(
        0,
        Action::PlaceOnPage {
            card: first,
            page: Page::Left,
        },
    );
    (b, first, second)
}

#[test]
fn a_face_down_card_from_known_cards_could_be_either() {
    let (b, placed, kept) = two_known_then_one_down();
    let mut rng = GameRng::new(11);
    let (mut placed_on_top, mut kept_on_top) = (0, 0);
    for _ in 0..400 {
        let d = b.g.determinize(1, &mut rng);
        invariants(&d);
        let t = top(&d, Page::Left);
        let hand = &d.players[0].hand;
        assert_eq!(hand.len(), 1);
        // Both cards were seen going into the hand and one came out: the pair stays
        // between the hand and the page, in either order.
        assert!(t == placed || t == kept, "top {t} is neither known card");
        assert!(hand.contains(if t == placed { &kept } else { &placed }));
        if t == placed {
            placed_on_top += 1;
        } else {
            kept_on_top += 1;
        }
    }
    assert!(
        kept_on_top > 50 && placed_on_top > 50,
        "the face-down card is re-sampled between the known cards: {placed_on_top} / {kept_on_top}"
    );
    // The seat that placed it knows: nothing of its own moves.
    for _ in 0..50 {
        let d = b.g.determinize(0, &mut rng);
        assert_eq!(top(&d, Page::Left), placed);
        assert_eq!(d.players[0].hand, vec![kept]);
    }
}

#[test]
fn a_face_down_card_with_no_look_alike_in_hand_is_known() {
    let mut b = fresh(2);
    let left = b.g.display[0].unwrap();
    b.act(0, Action::TakeDisplay { page: Page::Left });
    b.act(0, Action::TakeDisplay { page: Page::Right });
    b.act(
        0,
        Action::PlaceOnPage {
            card: left,
            page: Page::Left,
        },
    );
    let mut rng = GameRng::new(5);
    for _ in 0..100 {
        let d = b.g.determinize(1, &mut rng);
        assert_eq!(top(&d, Page::Left), left, "only that card had this back");
        assert_eq!(d.players[0].hand, b.g.players[0].hand);
    }
}

#[test]
fn a_face_down_card_could_be_a_card_taken_unseen() {
    // The dragon mint puts the top of the left page (back seen, front not) into seat 0's
    // hand; then seat 0 takes the left display card with the same back and places one
    // card of that back face down.
    let mut b = fresh_with(2, &[("chests", "chosen"), ("dragon_mint", "yes")]);
    b.g.players[0].crystals += 1;
    b.g.crystals -= 1;
    let minted = top(&b.g, Page::Left);
    b.act(0, Action::UseMint);
    let shown = b.g.display[0].unwrap();
    assert_eq!(
        card(minted).back,
        card(shown).back,
        "test needs equal backs"
    );
    b.act(0, Action::TakeDisplay { page: Page::Left });
    b.act(
        0,
        Action::PlaceOnPage {
            card: shown,
            page: Page::Left,
        },
    );
    let mut rng = GameRng::new(9);
    let (mut shown_in_hand, mut shown_on_top, mut minted_elsewhere) = (0, 0, 0);
    for _ in 0..400 {
        let d = b.g.determinize(1, &mut rng);
        invariants(&d);
        let hand = &d.players[0].hand;
        let t = top(&d, Page::Left);
        assert_eq!(card(t).back, card(shown).back);
        // The seen card is in exactly one of the two places.
        assert!(hand.contains(&shown) != (t == shown));
        if hand.contains(&shown) {
            shown_in_hand += 1;
        } else {
            shown_on_top += 1;
        }
        if !hand.contains(&minted) {
            minted_elsewhere += 1;
        }
    }
    assert!(shown_in_hand > 50 && shown_on_top > 50);
    assert!(
        minted_elsewhere > 50,
        "the minted card's front is not known"
    );
}

#[test]
fn a_played_card_ends_the_doubt() {
    // After the mix, seat 0 lays out the card it kept: everyone sees which it was, so the
    // face-down one is the other.
    let (mut b, placed, kept) = two_known_then_one_down();
    let colour = card(kept).front.unwrap();
    set_book(&mut b.g, 1, colour);
    b.act(0, Action::Select { card: kept });
    b.act(0, Action::Play { end: None });
    let mut rng = GameRng::new(2);
    for _ in 0..100 {
        let d = b.g.determinize(1, &mut rng);
        assert!(
            d.pages[0].iter().any(|s| s.card == placed),
            "the placed card stays in the left page"
        );
    }
}

/// Every re-sampled world keeps what the viewer knows and conserves every component,
/// at many points of many random games and for every viewer.
#[test]
fn determinized_worlds_are_consistent() {
    let every_item = [
        ("chests", "chosen"),
        ("twilight_flute", "yes"),
        ("dragon_mint", "yes"),
        ("troll_horn", "yes"),
        ("green_ore_hammer", "yes"),
        ("prism_ink", "yes"),
        ("swindle_feather", "yes"),
    ];
    let setups = [
        (setup_with(2, &[("chests", "random")]), 60),
        (setup_with(3, &[("chests", "random")]), 60),
        (setup_with(4, &[("chests", "random")]), 60),
        (setup_with(3, &every_item), 60),
        (setup_with(4, &[("start", "random")]), 40),
    ];
    for (s, games) in setups {
        let n = s.seats.len();
        for seed in 0..scaled(games) as u64 {
            let mut g = Dk::new(&s).unwrap();
            let mut rng = GameRng::new(seed);
            let mut steps = 0;
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                g.apply(seat, &a).unwrap();
                steps += 1;
                if steps % 37 == 0 && g.actor().is_some() {
                    for viewer in 0..n {
                        check_world(&g, &g.determinize(viewer, &mut rng), viewer);
                    }
                }
            }
        }
    }
}

fn check_world(g: &Dk, d: &Dk, viewer: usize) {
    invariants(d);
    assert_eq!(d.players[viewer].hand, g.players[viewer].hand);
    assert_eq!(d.display, g.display);
    assert_eq!(d.phase, g.phase);
    assert_eq!(d.step, g.step);
    for (s, (p, q)) in g.players.iter().zip(&d.players).enumerate() {
        assert_eq!(p.row, q.row);
        assert_eq!(p.hand.len(), q.hand.len());
        for (&a, &b) in p.hand.iter().zip(&q.hand) {
            assert_eq!(card(a).back, card(b).back, "seat {s}: hand backs are seen");
            if g.seen.is_public(a) && g.seen.mix_of(a) == 0 {
                assert_eq!(a, b, "seat {s}: a card seen entering the hand stays");
            }
        }
    }
    for (pg, (p, q)) in g.pages.iter().zip(&d.pages).enumerate() {
        assert_eq!(p.len(), q.len());
        for (a, b) in p.iter().zip(q) {
            assert_eq!((a.placed_by, a.back_seen), (b.placed_by, b.back_seen));
            if a.back_seen {
                assert_eq!(card(a.card).back, card(b.card).back);
            } else {
                let kind = card(b.card).kind;
                assert!(
                    if pg == 0 {
                        matches!(kind, Kind::Left | Kind::Shadow)
                    } else {
                        kind == Kind::Right
                    },
                    "page {pg} card of the wrong deck"
                );
            }
            if a.placed_by == Some(viewer as u8) {
                assert_eq!(a.card, b.card, "the viewer knows what it placed");
            }
        }
    }
    assert!(d.start_pile.iter().all(|&c| card(c).kind == Kind::Starting));
}
