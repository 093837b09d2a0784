//! Random players over the wire, for the benches: each joins one seat with its ticket on
//! its own QUIC connection and answers every decision with a random legal choice, timing
//! each round trip (a choice sent → the frame showing it applied). The net bench runs
//! them against one authority, `tavern bench --serve` against a table server; both read
//! the same tallies.

use std::time::{Duration, Instant};

use iroh::Endpoint;
use tavern_plugin_api::ChoiceKind;

use crate::endpoint::{ALPN, NetConfig, bind, host_addr};
use crate::proto::{ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg};
use crate::{Ticket, wire};

/// How long a player waits for the next frame before it gives up on the host.
const SILENCE: Duration = Duration::from_secs(60);

/// What one player saw: choices applied (a plan's steps apart: the plan is logged as
/// one entry with the choice that confirms it), steps, choices refused as stale, round
/// trips in microseconds, and whether its game ended while it played.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub sent: u64,
    pub steps: u64,
    pub stale: u64,
    pub rtt_us: Vec<u64>,
    pub finished: bool,
}

/// A small, fast generator: the players' choices need no quality, only spread.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How a player plays.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// Each choice comes after a random 0..2×this think (0: at once, a load test).
    pub think_ms: u64,
    /// No new choice after this; the player says goodbye once its last is answered.
    pub until: Option<Instant>,
}

/// One random player on `ticket`'s seat until its game ends or `pace.until` passes.
pub async fn player(ep: Endpoint, ticket: Ticket, seed: u64, pace: Pace) -> Result<Tally, String> {
    let conn = ep
        .connect(host_addr(&ticket).map_err(|e| e.0)?, ALPN)
        .await
        .map_err(|e| e.to_string())?;
    let (mut send, mut recv) = conn.open_bi().await.map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        game: ticket.game.clone(),
        version: ticket.version.clone(),
        token: ticket.token.clone(),
        name: String::new(),
    };
    wire::write_frame(&mut send, &hello)
        .await
        .map_err(|e| e.to_string())?;
    let seat = ticket.seat.ok_or("a seat ticket")?;
    let mut t = Tally::default();
    let mut rng = seed;
    // The choice waiting for its answer: when it was sent, whether it was a plan's step,
    // and what shows it applied — the plan one step longer, or one more log entry of
    // this seat. (A newer revision alone proves nothing: another seat's move bumps it
    // too, and this choice may still come back refused as stale.)
    let mut pending: Option<(Instant, bool, usize, usize)> = None;
    // The seat of every log line so far (the frames send the log from `log_from` on).
    let mut log_seats: Vec<Option<usize>> = Vec::new();
    // The latest frame: a choice refused as stale is chosen again from it (the frame
    // of the move that made it stale arrived before the refusal).
    let mut latest: Option<crate::SeatFrame> = None;
    let past = |u: Option<Instant>| u.is_some_and(|u| Instant::now() >= u);
    loop {
        // Past the end with nothing in flight: stop as soon as the line is quiet.
        let wait = match pace.until {
            Some(u) if pending.is_none() => u.saturating_duration_since(Instant::now()),
            _ => SILENCE,
        };
        let msg: ServerMsg = match tokio::time::timeout(wait, wire::read_frame(&mut recv)).await {
            Ok(m) => m.map_err(|e| e.to_string())?,
            Err(_) if pending.is_none() && past(pace.until) => break,
            Err(_) => return Err(format!("no frame from the host in {wait:?}")),
        };
        // A frame made whole as a client makes it: an update's scene from the last one's.
        let frame = match msg {
            // These players never ask for a hint.
            ServerMsg::Welcome { .. }
            | ServerMsg::Hint(_)
            | ServerMsg::Created { .. }
            | ServerMsg::Status { .. }
            | ServerMsg::Commitment { .. }
            | ServerMsg::Replay { .. } => None,
            ServerMsg::Frame(f) => Some(*f),
            ServerMsg::Update(u) => Some(crate::delta::whole(latest.as_mut(), *u)?),
            ServerMsg::Error { code, message } => {
                if code != ErrorCode::Stale {
                    return Err(message);
                }
                // A refused choice was not applied: it counts neither way.
                match pending.take() {
                    Some((_, true, _, _)) => t.steps -= 1,
                    Some((_, false, _, _)) => t.sent -= 1,
                    None => {}
                }
                t.stale += 1;
                None
            }
        };
        if let Some(f) = frame {
            log_seats.truncate(f.log_from);
            log_seats.extend(f.log.iter().map(|l| l.seat));
            let mine = log_seats.iter().filter(|s| **s == Some(seat)).count();
            if let Some((at, step, plan_before, mine_before)) = pending {
                let applied = if step {
                    f.plan_steps > plan_before
                } else {
                    mine > mine_before
                };
                if applied {
                    t.rtt_us.push(at.elapsed().as_micros() as u64);
                    pending = None;
                }
            }
            if f.over {
                t.finished = true;
                break;
            }
            latest = Some(f);
        }
        if pending.is_none() && past(pace.until) {
            break;
        }
        // One choice at a time: the next only once the last was applied or refused.
        let Some(f) = latest
            .as_ref()
            .filter(|f| pending.is_none() && !f.legal.is_empty())
        else {
            continue;
        };
        let mine = log_seats.iter().filter(|s| **s == Some(seat)).count();
        if pace.think_ms > 0 {
            let ms = next(&mut rng) % (2 * pace.think_ms);
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        let index = (next(&mut rng) % f.legal.len() as u64) as usize;
        let act = ClientMsg::Act {
            seat,
            revision: f.revision,
            index,
        };
        let step = f.legal[index].kind == ChoiceKind::Step;
        pending = Some((Instant::now(), step, f.plan_steps, mine));
        if step {
            t.steps += 1;
        } else {
            t.sent += 1;
        }
        wire::write_frame(&mut send, &act)
            .await
            .map_err(|e| e.to_string())?;
    }
    let _ = wire::write_frame(&mut send, &ClientMsg::Bye).await;
    let _ = send.finish();
    Ok(t)
}

/// Every ticket's player at once, from one client endpoint (each still its own QUIC
/// connection and seat), on a runtime of its own; the tallies in the tickets' order,
/// and how long the slowest took.
pub fn play_all(
    cfg: &NetConfig,
    tickets: &[Ticket],
    pace: Pace,
) -> Result<(Vec<Result<Tally, String>>, Duration), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async {
        let ep = bind(cfg, Vec::new()).await.map_err(|e| e.0)?;
        let start = Instant::now();
        let tasks: Vec<_> = tickets
            .iter()
            .enumerate()
            .map(|(i, t)| tokio::spawn(player(ep.clone(), t.clone(), 31 * i as u64 + 7, pace)))
            .collect();
        let mut out = Vec::new();
        for task in tasks {
            out.push(task.await.unwrap_or_else(|e| Err(e.to_string())));
        }
        let took = start.elapsed();
        ep.close().await;
        Ok((out, took))
    })
}

/// The `p`th fraction (0..=1) of sorted round trips, in milliseconds.
pub fn percentile_ms(sorted_us: &[u64], p: f64) -> f64 {
    sorted_us
        .get(((sorted_us.len() as f64 - 1.0) * p).round() as usize)
        .map_or(0.0, |&us| us as f64 / 1000.0)
}
