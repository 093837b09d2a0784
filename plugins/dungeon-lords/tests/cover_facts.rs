//! Hot-seat covers (issue 23): the host raises a cover when a seat's view shows a fact the
//! public view (viewer None) lacks. These tests compare the two the way the host does
//! (texts, card faces, pictures, tooltips, with the seat's own name and "you" read alike)
//! and check that a lord's view adds only what is really that lord's: the trap cards in
//! hand, the orders chosen in secret, spied combat cards, and the buttons of its own
//! decisions (which only appear while that lord is deciding).
mod common;

use std::collections::HashMap;

use common::rules_setup;
use tavern_plugin_api::game::check::{random_move, scaled};
use tavern_plugin_api::scene::Shape;
use tavern_plugin_api::{Game, GameRng, View};
use tavern_plugin_dungeon_lords::full::Stage;
use tavern_plugin_dungeon_lords::{Dl, Phase};

fn normalise(text: &str, name: &str) -> String {
    let t = text
        .replace(&format!("{name}'s"), " your ")
        .replace(name, " you ");
    t.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| match w {
            "your" | "yours" | "you" => "@".to_string(),
            "have" => "has".into(),
            w if w.len() > 3 && w.ends_with('s') => w[..w.len() - 1].to_string(),
            w => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn facts(v: &View, name: &str) -> HashMap<String, usize> {
    let mut out: HashMap<String, usize> = HashMap::new();
    let mut add = |f: String| *out.entry(f).or_default() += 1;
    for item in &v.scene.items {
        match &item.shape {
            Shape::Text { text, .. } | Shape::TextBlock { text, .. } => {
                add(format!("text:{}", normalise(text, name)))
            }
            Shape::Card {
                title,
                value,
                face_down,
                ..
            } if !face_down => add(format!("card:{}|{value}", normalise(title, name))),
            Shape::Image { image, alt, .. } => {
                add(format!("image:{image}|{}", normalise(alt, name)))
            }
            _ => {}
        }
        if let Some(tip) = &item.tooltip {
            add(format!("tip:{}", normalise(tip, name)));
        }
    }
    out
}

fn secrets(g: &Dl, seat: usize) -> Vec<String> {
    let name = g.lords[seat].name.clone();
    let public = facts(&g.view(None), &name);
    let mut v: Vec<String> = facts(&g.view(Some(seat)), &name)
        .into_iter()
        .filter(|(f, n)| public.get(f).copied().unwrap_or(0) < *n)
        .map(|(f, _)| f)
        .collect();
    v.sort();
    v
}

/// Whether `seat` holds a secret of its own: trap cards in hand, a spied combat card, or
/// orders chosen face down.
fn holds_secrets(g: &Dl, seat: usize) -> bool {
    let l = &g.lords[seat];
    let hidden = g.full.as_ref().is_some_and(|f| {
        f.hidden_discards
            .get(seat)
            .is_some_and(|d| d.iter().any(|&n| n > 0))
    });
    l.traps.iter().any(|&n| n > 0) || !l.spied.is_empty() || hidden
}

/// A public step (carrying out orders, production, a battle after the plans are face up)
/// of a lord holding no secret shows that lord nothing the public table does not: the
/// host needs no cover to hand the screen over.
#[test]
fn public_steps_do_not_look_private() {
    let mut checked = 0;
    for n in 2..=4 {
        for seed in 0..scaled(3) as u64 {
            let mut g = Dl::new(&rules_setup(n, "first")).unwrap();
            let mut rng = GameRng::new(seed * 13 + n as u64);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                let public = match g.phase {
                    Phase::Build(Stage::Exec | Stage::Production(_) | Stage::Retrieve(_)) => true,
                    Phase::Battle(_) => g.revealed,
                    _ => false,
                };
                if let Some(st) = seat
                    && public
                    && !holds_secrets(&g, st)
                {
                    let extra = secrets(&g, st);
                    assert!(
                        extra.is_empty(),
                        "{n} lords, seed {seed}, {:?}, seat {st}: {extra:?}",
                        g.phase
                    );
                    checked += 1;
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(checked > 20, "{checked} positions checked");
}

/// A lord's trap cards in hand are a secret the cover does protect.
#[test]
fn trap_cards_in_hand_are_private() {
    let mut g = Dl::new(&rules_setup(3, "first")).unwrap();
    let mut rng = GameRng::new(9);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        if let Some(st) = seat
            && matches!(g.phase, Phase::Build(_))
            && g.lords[st].traps.iter().any(|&n| n > 0)
        {
            assert!(
                secrets(&g, st).iter().any(|f| f.contains("trap")),
                "{:?}",
                secrets(&g, st)
            );
            return;
        }
        g.apply(seat, &a).unwrap();
    }
    panic!("nobody bought a trap");
}
