//! The parts of the server only a table server (one with a [`Store`](crate::store::Store))
//! has: the requests sent in place of a handshake (create a game, how do my games
//! stand), loading a game when a player comes, and unloading it when the last one goes.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use iroh::Endpoint;

use crate::backend::Backend;
use crate::deal::{self, Deal};
use crate::proto::{ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg};
use crate::server::{Room, Shared, lock, new_room, spawn_bots, tickets_of};
use crate::store::GameId;
use crate::wire;

/// How many commitments wait for their create request at most.
const MAX_PENDING_DEALS: usize = 1000;

/// The one answer to a request sent in place of a handshake, as frame bytes.
pub(crate) fn answer<B: Backend + 'static>(
    shared: &Arc<Shared<B>>,
    ep: &Endpoint,
    msg: &ClientMsg,
) -> Vec<u8> {
    let protocol = match msg {
        ClientMsg::Create { protocol, .. }
        | ClientMsg::Status { protocol, .. }
        | ClientMsg::Commit { protocol }
        | ClientMsg::Replay { protocol, .. } => *protocol,
        _ => PROTOCOL_VERSION,
    };
    if protocol != PROTOCOL_VERSION {
        return refuse(
            ErrorCode::Version,
            format!(
                "this server speaks Tavern's online protocol version {PROTOCOL_VERSION}, \
                 the client version {protocol}: update the older one"
            ),
        );
    }
    let Some(store) = &shared.store else {
        return refuse(
            ErrorCode::Server,
            "this is a player's live table, not a table server: it keeps no other games".into(),
        );
    };
    match msg {
        ClientMsg::Commit { .. } => {
            let secret = deal::random_hex();
            let commitment = deal::unhex(&secret)
                .map(|s| deal::commitment(&s))
                .unwrap_or_default();
            let mut pending = lock(&shared.pending_deals);
            // Commitments nobody followed up are forgotten, oldest first.
            if pending.len() >= MAX_PENDING_DEALS {
                pending.remove(0);
            }
            pending.push((commitment.clone(), secret));
            wire::encode(&ServerMsg::Commitment { commitment })
        }
        ClientMsg::Replay { token, .. } => match store.replay(token) {
            Ok(save) => wire::encode(&ServerMsg::Replay { save }),
            Err(e) => refuse(ErrorCode::Server, e),
        },
        ClientMsg::Create { request, .. } => {
            let deal = match &request.deal {
                None => None,
                Some(c) => {
                    if deal::unhex(&c.contribution).is_none() {
                        return refuse(
                            ErrorCode::Server,
                            "the contribution to the deal must be 64 hex digits".into(),
                        );
                    }
                    let mut pending = lock(&shared.pending_deals);
                    let Some(i) = pending.iter().position(|(k, _)| *k == c.commitment) else {
                        return refuse(
                            ErrorCode::Server,
                            "this server made no such commitment (or has forgotten it): \
                             ask for a new one"
                                .into(),
                        );
                    };
                    let (commitment, secret) = pending.remove(i);
                    Some(Deal {
                        commitment,
                        contribution: c.contribution.clone(),
                        secret: Some(secret),
                    })
                }
            };
            create(shared, ep, store.as_ref(), request, deal)
        }
        ClientMsg::Status { tokens, .. } => {
            // At most a page of tokens: a client asks for the games it sits in.
            let tokens: Vec<String> = tokens.iter().take(500).cloned().collect();
            wire::encode(&ServerMsg::Status {
                games: store.status(&tokens),
            })
        }
        _ => refuse(ErrorCode::BadFrame, "not a request".into()),
    }
}

fn refuse(code: ErrorCode, message: String) -> Vec<u8> {
    wire::encode(&ServerMsg::Error { code, message })
}

/// Makes the game `request` asks for and answers with its invitations.
fn create<B: Backend + 'static>(
    shared: &Arc<Shared<B>>,
    ep: &Endpoint,
    store: &dyn crate::store::Store<B>,
    request: &crate::proto::GameRequest,
    deal: Option<Deal>,
) -> Vec<u8> {
    match store.create(request, deal) {
        Ok((id, authority)) => {
            let tickets = tickets_of(ep, &authority)
                .iter()
                .map(|t| t.to_string())
                .collect();
            let room = new_room(id, authority);
            lock(&shared.rooms).insert(id, room.clone());
            shared.note(id, format!("a game of {} was created", request.game));
            // Bots to move first play now; the game is unloaded when they are done.
            spawn_bots(shared.clone(), id, room.clone());
            unload_if_idle(shared, &room);
            wire::encode(&ServerMsg::Created { tickets })
        }
        Err(e) => refuse(ErrorCode::Server, e),
    }
}

/// Game `id`, live: the loaded one, or rebuilt from the store now.
pub(crate) fn load<B: Backend + 'static>(
    shared: &Arc<Shared<B>>,
    id: GameId,
) -> Option<Arc<Room<B>>> {
    let store = shared.store.as_ref()?;
    // Under the rooms' lock, so two players arriving at once load it once.
    let mut rooms = lock(&shared.rooms);
    if let Some(r) = rooms.get(&id) {
        return Some(r.clone());
    }
    match store.open(id) {
        Ok(a) => {
            let room = new_room(id, a);
            rooms.insert(id, room.clone());
            drop(rooms);
            spawn_bots(shared.clone(), id, room.clone());
            Some(room)
        }
        Err(e) => {
            drop(rooms);
            shared.note(id, format!("cannot open the game: {e}"));
            None
        }
    }
}

/// Unloads `room` when nobody is connected to it and no bot is to move: it is on disk
/// already (every change was written before it was shown), and comes back from there.
pub(crate) fn unload_if_idle<B: Backend + 'static>(shared: &Arc<Shared<B>>, room: &Arc<Room<B>>) {
    if shared.store.is_none() {
        return;
    }
    let mut rooms = lock(&shared.rooms);
    let a = lock(&room.authority);
    let idle =
        lock(&room.viewers).is_empty() && !room.bot_running.load(Ordering::SeqCst) && !a.bot_due();
    if idle && rooms.get(&room.id).is_some_and(|r| Arc::ptr_eq(r, room)) {
        rooms.remove(&room.id);
    }
}
