//! Each location resolved is a step of its own (a chance step with one outcome), so the
//! table can show the resolution location by location (issue 23, host item 5).

mod common;

use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::{Game, GameRng};
use tavern_plugin_keydoms::Keydoms;
use tavern_plugin_keydoms::state::Action;

#[test]
fn every_location_resolved_is_a_step_of_its_own_in_order() {
    for seed in 0..scaled(12) as u64 {
        let n = 1 + seed as usize % 6;
        let ghosts = if n < 3 { "auto" } else { "0" };
        let magic = seed % 3 != 0;
        let mut rng = GameRng::new(seed);
        let mut revealed: Vec<u8> = Vec::new();
        let mut reveals = 0;
        common::walk_steps(
            Keydoms::new(&common::setup(n, ghosts, magic)).unwrap(),
            &mut rng,
            |st| {
                if let Action::Reveal { loc } = st.action {
                    assert!(st.seat.is_none(), "a reveal is an automatic step");
                    assert!(
                        st.applied.label.starts_with("Resolving "),
                        "{}",
                        st.applied.label
                    );
                    assert!(
                        revealed.last().is_none_or(|&l| l < *loc),
                        "locations resolve in order: {revealed:?} then {loc}"
                    );
                    revealed.push(*loc);
                    reveals += 1;
                }
                if matches!(st.action, Action::StartRound { .. }) {
                    revealed.clear();
                }
            },
        );
        assert!(reveals > 0);
    }
}

/// In a game without windows (Muggles) every worker-holding location is one entry, and
/// each entry turns up exactly that location's workers.
#[test]
fn a_muggles_round_resolves_one_location_per_entry() {
    for seed in 0..scaled(10) as u64 {
        let mut rng = GameRng::new(seed);
        let mut g = Keydoms::new(&common::setup(4, "0", false)).unwrap();
        // To the end of placement.
        while g.stage != tavern_plugin_keydoms::Stage::Resolving {
            assert!(common::random_step(&mut g, &mut rng));
        }
        let with_workers: Vec<u8> = (0..tavern_plugin_keydoms::data::LOCS as u8)
            .filter(|&l| g.any_worker_in(l))
            .collect();
        let mut revealed = Vec::new();
        while g.stage == tavern_plugin_keydoms::Stage::Resolving {
            let face_up_before: Vec<usize> = count(&g, true);
            let Some((seat, a, _)) = common::step_with(&mut g, &mut rng, &mut common::any_action)
            else {
                break;
            };
            if let Action::Reveal { loc } = a {
                assert_eq!(seat, None);
                revealed.push(loc);
                // Workers elsewhere may go home (turned back at the guard room), but
                // none is turned up.
                let up = count(&g, true);
                for l in 0..up.len() {
                    if l != loc as usize {
                        assert!(up[l] <= face_up_before[l], "only {loc} is turned up");
                    }
                }
                assert_eq!(
                    count(&g, false)[loc as usize],
                    0,
                    "all of {loc} is turned up"
                );
            }
        }
        // The guard room also resolves for castle workers alone; reveals come in order.
        assert!(revealed.windows(2).all(|w| w[0] < w[1]));
        // Castle rooms may empty at the guard room; everything before them resolves.
        for l in with_workers {
            if l < tavern_plugin_keydoms::data::ROOM_K {
                assert!(
                    revealed.contains(&l),
                    "location {l} had no step of its own: {revealed:?}"
                );
            }
        }
    }
}

/// Workers per location lying face up (`up`) or face down.
fn count(g: &Keydoms, up: bool) -> Vec<usize> {
    (0..tavern_plugin_keydoms::data::LOCS as u8)
        .map(|l| {
            g.players
                .iter()
                .flat_map(|p| &p.workers)
                .filter(|w| w.loc == Some(l) && w.face_up == up)
                .count()
        })
        .collect()
}
