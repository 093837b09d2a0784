//! Every legal action's table target is on that seat's own table and is the component the
//! action is about, never the panel around others (issue 23: a click on a villager inside
//! the village panel that Labor targeted started the wrong action).
use tavern_plugin_above_below::{Ab, Action};
use tavern_plugin_api::game::check::{random_move, scaled, target_problems};
use tavern_plugin_api::{Game, GameRng, Setup};

#[test]
fn every_target_is_its_own_component_at_every_seat_count() {
    let mut seen_labor = false;
    let mut seen_harvest_done = false;
    let mut seen_track = false;
    for n in 2..=4 {
        for seed in 0..scaled(24) as u64 {
            let mut g = Ab::new(&Setup::players(n)).unwrap();
            let mut rng = GameRng::new(seed * 7 + n as u64);
            while let Some((seat, a)) = random_move(&g, &mut rng) {
                if let Some(s) = g.actor() {
                    let p = target_problems(&g, s);
                    assert!(p.is_empty(), "{n} players, seed {seed}: {}", p.join("\n"));
                    let legal = g.actions(s);
                    seen_labor |= legal.contains(&Action::Labor);
                    seen_harvest_done |= legal.contains(&Action::DoneHarvest);
                    seen_track |= legal.iter().any(|a| matches!(a, Action::Track { .. }));
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(seen_labor && seen_harvest_done && seen_track);
}

/// Labor and Stop harvesting target their own buttons, a track placement its slot.
#[test]
fn labor_and_stop_harvesting_have_their_own_buttons() {
    let mut g = Ab::new(&Setup::players(2)).unwrap();
    let mut rng = GameRng::new(3);
    let mut found = (false, false);
    while let Some((seat, a)) = random_move(&g, &mut rng) {
        if let Some(s) = g.actor() {
            for l in g.legal(s) {
                let t = l.target.clone().unwrap_or_default();
                match l.action {
                    Action::Labor => {
                        assert_eq!(t, "button:labor");
                        found.0 = true;
                    }
                    Action::DoneHarvest => {
                        assert_eq!(t, "button:harvest-done");
                        found.1 = true;
                    }
                    Action::Track { good } => {
                        let p = &g.players[s];
                        let slot = p
                            .track
                            .iter()
                            .position(|(k, _)| *k == good)
                            .unwrap_or(p.track.len());
                        assert_eq!(t, format!("track:{s}:{slot}"));
                    }
                    _ => assert!(!t.starts_with("area:"), "{} targets {t}", l.label),
                }
            }
        }
        g.apply(seat, &a).unwrap();
        if found.0 && found.1 {
            break;
        }
    }
    assert!(found.0 && found.1, "{found:?}");
}
