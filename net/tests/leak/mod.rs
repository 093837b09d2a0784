#![allow(dead_code)]
//! The leak test, shared by one test file per game (a test binary may link one game
//! plugin only: each exports the same ABI entry point): over random games, every frame sent to seat `s` is
//! byte for byte the same whether the authority holds the true state or a
//! `determinize(s)` twin of it (a seat that cannot tell two states apart receives
//! identical bytes), spectators' frames are the same for every seat's twin, a hint a
//! seat asks for is the same for its twin too, and no frame contains the session seed.

use crate::common::{big_seed, next, random_act, table};
use tavern_net::{Backend, delta};
use tavern_plugin_api::Game;
use tavern_plugin_api::game::check::scaled;
use tavern_plugin_api::rng::GameRng;
use tavern_plugin_api::scene::Item;

/// What each seat was last sent, as the server keeps it to send the next frame as a
/// change (`delta`): one chain of frames from the real game, one from the twins.
#[derive(Default)]
struct Sent {
    real: Vec<Option<Vec<Item>>>,
    twin: Vec<Option<Vec<Item>>>,
    /// Each seat's last frame as its client made it whole from the real chain.
    client: Vec<Option<tavern_net::SeatFrame>>,
}

/// The bytes of every frame at this position: seat `s`'s frame from the real game and
/// from a twin re-dealt for `s`, whole and as the change from the last frame checked
/// (the bytes the server sends), and the spectator's from both.
fn check_position<G: Game>(
    a: &tavern_net::Authority<tavern_net::local::GameBackend<G>>,
    seed: u64,
    rng: &mut GameRng,
    (log_from, step): (usize, usize),
    sent: &mut Sent,
) {
    let seed_texts = [seed.to_string(), format!("{seed:x}"), format!("{seed:X}")];
    let spectator = serde_json::to_vec(&a.frame_for(None, log_from).unwrap()).unwrap();
    sent.real.resize(a.seat_count(), None);
    sent.twin.resize(a.seat_count(), None);
    sent.client.resize(a.seat_count(), None);
    for s in 0..a.seat_count() {
        let real_frame = a.frame_for(Some(s), log_from).unwrap();
        let real = serde_json::to_vec(&real_frame).unwrap();
        let twin = a.with_backend(a.backend().twin(s, rng));
        let twin_frame = twin.frame_for(Some(s), log_from).unwrap();
        let seen = serde_json::to_vec(&twin_frame).unwrap();
        let real_update = delta::encode(&mut sent.real[s], real_frame.clone());
        let made = match serde_json::from_slice(&real_update[4..]).unwrap() {
            tavern_net::ServerMsg::Frame(f) => *f,
            tavern_net::ServerMsg::Update(u) => delta::whole(sent.client[s].as_mut(), *u).unwrap(),
            other => panic!("a frame's bytes hold {other:?}"),
        };
        assert!(
            made == real_frame,
            "{} step {step}: seat {s}'s frame made whole from its update differs",
            G::info().id
        );
        sent.client[s] = Some(made);
        let twin_update = delta::encode(&mut sent.twin[s], twin_frame);
        assert!(
            real_update == twin_update || real != seen,
            "{} step {step}: seat {s}'s update depends on what it cannot know",
            G::info().id
        );
        let update_text = String::from_utf8_lossy(&real_update);
        for t in &seed_texts {
            assert!(
                !update_text.contains(t.as_str()),
                "an update holds the seed {t}"
            );
        }
        if real != seen {
            let (r, t) = (
                String::from_utf8_lossy(&real),
                String::from_utf8_lossy(&seen),
            );
            let at = r
                .bytes()
                .zip(t.bytes())
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            let lo = at.saturating_sub(200);
            panic!(
                "{} step {step}: seat {s}'s frame depends on what it cannot know.\n real: …{}…\n twin: …{}…",
                G::info().id,
                &r[lo..(at + 200).min(r.len())],
                &t[lo..(at + 200).min(t.len())]
            );
        }
        let spect = serde_json::to_vec(&twin.frame_for(None, log_from).unwrap()).unwrap();
        assert!(
            spect == spectator,
            "{} step {step}: the spectator's frame changes with seat {s}'s twin",
            G::info().id
        );
        let text = String::from_utf8_lossy(&real);
        for t in &seed_texts {
            assert!(!text.contains(t.as_str()), "a frame holds the seed {t}");
        }
    }
}

/// The bytes of the hint each seat to act would receive, from the real game and from
/// its twin: the search must start from what the seat knows, so they are the same.
fn check_hints<G: Game>(
    a: &tavern_net::Authority<tavern_net::local::GameBackend<G>>,
    rng: &mut GameRng,
    step: usize,
) -> usize {
    let hint = |a: &tavern_net::Authority<tavern_net::local::GameBackend<G>>, s: usize| {
        let joined = tavern_net::Joined {
            conn: 0,
            seat: Some(s),
        };
        let (ticket, job) = a.hint_job(joined, s, a.revision()).expect("a hint");
        let reply = a.finish_hint(&ticket, job()).expect("an answer");
        serde_json::to_vec(&tavern_net::ServerMsg::Hint(Box::new(reply))).unwrap()
    };
    let mut checked = 0;
    for s in a.frame_for(None, usize::MAX).unwrap().to_act {
        let real = hint(a, s);
        let twin = a.with_backend(a.backend().twin(s, rng));
        assert!(
            real == hint(&twin, s),
            "{} step {step}: seat {s}'s hint depends on what it cannot know:\n real: {}\n twin: {}",
            G::info().id,
            String::from_utf8_lossy(&real),
            String::from_utf8_lossy(&hint(&twin, s)),
        );
        checked += 1;
    }
    checked
}

pub fn leak_test<G: Game>() {
    let info = G::info();
    for players in info.min_players..=info.max_players {
        for g in 0..scaled(1) as u64 {
            let seed = big_seed(g * 31 + players as u64);
            let (mut a, joined) = table::<G>(players, seed);
            let mut pick = seed;
            let mut rng = GameRng::new(seed ^ 0x1EA4);
            let mut seen_log = 0;
            let mut hints = 0;
            let mut sent = Sent::default();
            for step in 0..100_000 {
                // Every position early on, then every fifth (a seat's twin costs a
                // re-deal and two frames per seat); the whole log now and then, the
                // new entries otherwise. A finished game is compared below.
                if a.is_over() {
                    break;
                }
                if step < 40 || (step < 5_000 && step % 5 == 0) || step % 50 == 0 {
                    let from = if step % 64 == 0 { 0 } else { seen_log };
                    check_position(&a, seed, &mut rng, (from, step), &mut sent);
                    seen_log = a.backend().log_len().saturating_sub(1);
                }
                // A hint is a search per seat and twin: now and then.
                if step < 4 || step % 211 == 0 {
                    hints += check_hints(&a, &mut rng, step);
                }
                if !random_act(&mut a, &joined, &mut pick) {
                    break;
                }
                let _ = next(&mut pick);
            }
            // At the end the outcome reveals what was hidden (that is its job), so a
            // re-dealt twin scores differently: here every seat reads the spectator's
            // outcome and no frame holds the seed.
            let public = a.frame_for(None, 0).unwrap();
            assert!(public.over, "{} did not end", G::info().id);
            assert!(hints > 0, "{}: no hint was compared", G::info().id);
            for s in 0..a.seat_count() {
                let f = a.frame_for(Some(s), 0).unwrap();
                assert_eq!(f.outcome, public.outcome);
                let text = serde_json::to_string(&f).unwrap();
                assert!(!text.contains(&seed.to_string()), "a frame holds the seed");
            }
        }
    }
}
