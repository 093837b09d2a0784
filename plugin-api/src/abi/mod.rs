//! The C boundary. This module and the host's loader are the only places with `unsafe`.
//!
//! A plugin library exports one symbol, [`ENTRY_SYMBOL`], returning a pointer to a
//! [`PluginTable`]. Every call takes borrowed input bytes and writes an owned
//! [`Buffer`] that the host must give back to the same table's `free`, so memory is
//! always released by the allocator that made it. Game instances stay inside the plugin
//! behind `u64` handles; an unknown handle is an error, never undefined behaviour.

use std::any::Any;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use serde::Serialize;

use crate::game::{Game, Turn};
use crate::proto::{ErrorKind, ErrorReply, Request, ToAct};
use crate::rng::GameRng;

/// Bumped on any breaking change to [`PluginTable`] or the meaning of a message.
pub const ABI_VERSION: u32 = 1;
/// The one exported symbol (NUL-terminated for `dlsym`).
pub const ENTRY_SYMBOL: &[u8] = b"tavern_plugin_v1\0";

pub const STATUS_OK: i32 = 0;
pub const STATUS_ERR: i32 = 1;

/// Bytes owned by the plugin. Give it back to the plugin's `free`.
#[repr(C)]
#[derive(Debug)]
pub struct Buffer {
    pub ptr: *mut u8,
    pub len: usize,
    pub cap: usize,
}

impl Buffer {
    pub const fn empty() -> Buffer {
        Buffer {
            ptr: std::ptr::null_mut(),
            len: 0,
            cap: 0,
        }
    }

    fn from_vec(v: Vec<u8>) -> Buffer {
        let mut v = std::mem::ManuallyDrop::new(v);
        Buffer {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            cap: v.capacity(),
        }
    }

    /// The bytes, borrowed. Safe only on a buffer the table has just written and not
    /// yet freed; the host's loader is the one caller.
    ///
    /// # Safety
    /// `self` must come from a plugin call and not have been freed.
    pub unsafe fn as_slice(&self) -> &[u8] {
        if self.ptr.is_null() {
            return &[];
        }
        // SAFETY: the plugin made ptr/len from a live Vec it leaked for us.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// The table a plugin exports. `abi_version` and `size` come first and never move, so a
/// host can read them from any version's table before trusting the rest. New entries
/// only ever go at the end, behind a `size` check, so older plugins keep loading.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PluginTable {
    pub abi_version: u32,
    pub size: u32,
    /// Writes [`crate::GameInfo`] JSON.
    pub info: extern "C" fn(out: *mut Buffer) -> i32,
    /// Creates an instance from [`Setup`] JSON; writes the handle.
    pub create:
        extern "C" fn(input: *const u8, len: usize, handle: *mut u64, out: *mut Buffer) -> i32,
    /// Creates an instance from a state JSON as `Request::State` returned it.
    pub load:
        extern "C" fn(input: *const u8, len: usize, handle: *mut u64, out: *mut Buffer) -> i32,
    /// Copies an instance (a checkpoint for undo).
    pub clone: extern "C" fn(handle: u64, new_handle: *mut u64, out: *mut Buffer) -> i32,
    pub destroy: extern "C" fn(handle: u64) -> i32,
    /// Answers one [`Request`] JSON about an instance.
    pub call: extern "C" fn(handle: u64, input: *const u8, len: usize, out: *mut Buffer) -> i32,
    pub free: extern "C" fn(buf: Buffer),
    /// The binary fast path ([`step`](self::step)); added after the first v1 tables, so
    /// a host reads it only when `size` covers it.
    pub step: StepFn,
    /// Writes the game's drawings ([`Game::art`]) as JSON, a list of
    /// [`crate::scene::Art`]; asked once per plugin. Added after `step`, read only when
    /// `size` covers it.
    pub art: extern "C" fn(out: *mut Buffer) -> i32,
}

/// `step(handle, op, seat, arg, reply, out)`: see [`STEP_QUERY`] and the ops below.
pub type StepFn = extern "C" fn(
    handle: u64,
    op: u32,
    seat: u32,
    arg: u64,
    reply: *mut StepReply,
    out: *mut Buffer,
) -> i32;

/// The size of the table before `step` was added: the smallest v1 table a host accepts.
pub const V1_BASE_SIZE: usize = std::mem::offset_of!(PluginTable, step);

/// Step ops. A driver that needs no labels or action values (simulations, benchmarks,
/// tournaments) plays a whole game with `APPLY`/`CHANCE` (and `COUNT` when several seats
/// act at once), one call per action, moving a few
/// integers per call instead of JSON.
///
/// `QUERY`: only report whose turn it is.
pub const STEP_QUERY: u32 = 0;
/// `COUNT`: the number of legal actions of `seat` (the list is kept for `APPLY`).
pub const STEP_COUNT: u32 = 1;
/// `APPLY`: apply legal action number `arg` of `seat`, in place.
pub const STEP_APPLY: u32 = 2;
/// `CHANCE`: sample the pending chance step from seed `arg` and apply it, in place.
pub const STEP_CHANCE: u32 = 3;

pub const TURN_SEATS: u32 = 0;
pub const TURN_CHANCE: u32 = 1;
pub const TURN_OVER: u32 = 2;

/// What a step call reports after its op: whose turn it is, and a count of legal
/// actions: for `COUNT` that of `seat`; otherwise that of the one seat to act next (its
/// list is kept for the `APPLY` that follows), 0 when several seats or none act.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepReply {
    /// [`TURN_SEATS`], [`TURN_CHANCE`] or [`TURN_OVER`].
    pub turn: u32,
    /// Bit `s` set when seat `s` is to act (seats 0..64).
    pub seats: u64,
    pub count: u64,
}

impl StepReply {
    fn of(to_act: &ToAct) -> StepReply {
        match to_act {
            ToAct::Seats(s) => StepReply {
                turn: TURN_SEATS,
                seats: s.iter().filter(|&&s| s < 64).fold(0, |m, &s| m | 1 << s),
                count: 0,
            },
            ToAct::Chance => StepReply {
                turn: TURN_CHANCE,
                ..Default::default()
            },
            ToAct::Over => StepReply {
                turn: TURN_OVER,
                ..Default::default()
            },
        }
    }
}

/// Builds the table for `G`. Used by [`export_game!`].
pub const fn table<G: Game>() -> PluginTable {
    PluginTable {
        abi_version: ABI_VERSION,
        size: std::mem::size_of::<PluginTable>() as u32,
        info: info::<G>,
        create: create::<G>,
        load: load::<G>,
        clone: clone::<G>,
        destroy,
        call: call::<G>,
        free,
        step: step::<G>,
        art: art::<G>,
    }
}

/// Exports `$game` (a type implementing [`Game`]) as a Tavern plugin.
#[macro_export]
macro_rules! export_game {
    ($game:ty) => {
        /// The plugin entry point the Tavern host looks up.
        #[unsafe(no_mangle)]
        pub extern "C" fn tavern_plugin_v1() -> *const $crate::abi::PluginTable {
            static TABLE: $crate::abi::PluginTable = $crate::abi::table::<$game>();
            &TABLE
        }
    };
}

type Slot = Arc<Mutex<Box<dyn Any + Send>>>;

/// A game instance as the registry keeps it.
struct Hosted<G: Game> {
    state: G,
    /// The seat whose legal actions `legal` holds for the current state, listed by a
    /// count so the apply that follows need not list them again. Cleared by every
    /// change of state; the buffer itself is reused.
    legal_seat: Option<usize>,
    legal: Vec<G::Action>,
    /// Set while an in-place step runs; still set afterwards only if it failed or
    /// panicked midway, and then the state cannot be trusted.
    broken: bool,
}

impl<G: Game> Hosted<G> {
    fn new(state: G) -> Self {
        Hosted {
            state,
            legal_seat: None,
            legal: Vec::new(),
            broken: false,
        }
    }

    /// The legal list of `seat`, from the cache when it is known good for `seat`. The
    /// cache is marked empty before it is refilled and labelled only after the fill
    /// returned, so a game that panics inside `legal_actions_into` leaves no half list
    /// labelled as anybody's.
    fn legal_for(&mut self, seat: usize) -> &mut Vec<G::Action> {
        if self.legal_seat != Some(seat) {
            self.forget_legal();
            self.state.legal_actions_into(seat, &mut self.legal);
            self.legal_seat = Some(seat);
        }
        &mut self.legal
    }

    /// Drops the cached list (after any change of state, and after a call that panicked
    /// while holding the instance).
    fn forget_legal(&mut self) {
        self.legal_seat = None;
        self.legal.clear();
    }

    /// Whether `seat` is among those to act, without listing them in the usual case.
    fn to_act_has(&self, seat: usize) -> bool {
        match self.state.whose_turn() {
            Turn::Seat(s) => s == seat,
            Turn::Several => self.state.to_act().seats().contains(&seat),
            Turn::Chance | Turn::Over => false,
        }
    }

    /// Whose turn it is, with the legal count of the one seat to act, so a driver
    /// needs one call per action.
    fn reply(&mut self) -> StepReply {
        match self.state.whose_turn() {
            Turn::Seat(s) => StepReply {
                turn: TURN_SEATS,
                seats: if s < 64 { 1 << s } else { 0 },
                count: self.legal_for(s).len() as u64,
            },
            Turn::Several => StepReply::of(&self.state.to_act()),
            Turn::Chance => StepReply::of(&ToAct::Chance),
            Turn::Over => StepReply::of(&ToAct::Over),
        }
    }

    /// Applies in place: no copy, so a failure leaves the instance marked broken.
    fn apply_in_place(
        &mut self,
        seat: Option<usize>,
        action: &G::Action,
    ) -> Result<(), ErrorReply> {
        self.forget_legal();
        self.broken = true;
        self.state.apply_quiet(seat, action).map_err(|e| {
            err(
                ErrorKind::Broken,
                format!("an action failed halfway and left the game unusable: {e}"),
            )
        })?;
        self.broken = false;
        Ok(())
    }
}

#[derive(Default)]
struct Registry {
    next: u64,
    map: HashMap<u64, Slot>,
}

fn registry() -> MutexGuard<'static, Registry> {
    static REG: OnceLock<Mutex<Registry>> = OnceLock::new();
    let reg = REG.get_or_init(|| Mutex::new(Registry::default()));
    // Only a game's own Drop (run by `destroy` after the map's `remove` finished) can
    // panic under this lock, so the map is whole even then: the poison is cleared, not
    // carried into every later call.
    reg.lock().unwrap_or_else(|e| {
        reg.clear_poison();
        e.into_inner()
    })
}

fn insert(state: Box<dyn Any + Send>) -> u64 {
    let mut reg = registry();
    reg.next += 1;
    let h = reg.next;
    reg.map.insert(h, Arc::new(Mutex::new(state)));
    h
}

fn slot(handle: u64) -> Result<Slot, ErrorReply> {
    registry()
        .map
        .get(&handle)
        .cloned()
        .ok_or_else(|| ErrorReply {
            kind: ErrorKind::NoSuchHandle,
            message: format!("no game instance with handle {handle}"),
        })
}

fn err(kind: ErrorKind, message: impl Into<String>) -> ErrorReply {
    ErrorReply {
        kind,
        message: message.into(),
    }
}

fn panic_message(p: Box<dyn Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Runs `f` with panics caught, writes its reply or error to `out`.
fn guarded(out: *mut Buffer, f: impl FnOnce() -> Result<Vec<u8>, ErrorReply>) -> i32 {
    let result = catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| {
        Err(err(
            ErrorKind::Panic,
            format!("the game panicked: {}", panic_message(p)),
        ))
    });
    let (status, bytes) = match result {
        Ok(bytes) => (STATUS_OK, bytes),
        Err(e) => (STATUS_ERR, serde_json::to_vec(&e).unwrap_or_default()),
    };
    if !out.is_null() {
        // SAFETY: the host passes a valid, writable Buffer slot.
        unsafe { out.write(Buffer::from_vec(bytes)) };
    }
    status
}

fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the host passes a live byte slice for the duration of the call.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

fn json<T: Serialize>(v: &T) -> Result<Vec<u8>, ErrorReply> {
    serde_json::to_vec(v)
        .map_err(|e| err(ErrorKind::BadRequest, format!("cannot encode reply: {e}")))
}

extern "C" fn info<G: Game>(out: *mut Buffer) -> i32 {
    guarded(out, || json(&G::info()))
}

extern "C" fn art<G: Game>(out: *mut Buffer) -> i32 {
    guarded(out, || json(&G::art()))
}

fn write_handle(handle: *mut u64, h: u64) {
    if !handle.is_null() {
        // SAFETY: the host passes a valid u64 slot.
        unsafe { handle.write(h) };
    }
}

extern "C" fn create<G: Game>(
    ptr: *const u8,
    len: usize,
    handle: *mut u64,
    out: *mut Buffer,
) -> i32 {
    let bytes = input(ptr, len);
    guarded(out, || {
        let req: crate::proto::CreateRequest = serde_json::from_slice(bytes)
            .map_err(|e| err(ErrorKind::BadRequest, format!("bad setup: {e}")))?;
        let g = match &req.rules {
            Some(rules) => G::new_under(&req.setup, rules),
            None => G::new(&req.setup),
        }
        .map_err(|e| err(ErrorKind::BadRequest, e.0))?;
        write_handle(handle, insert(Box::new(Hosted::new(g))));
        Ok(Vec::new())
    })
}

extern "C" fn load<G: Game>(ptr: *const u8, len: usize, handle: *mut u64, out: *mut Buffer) -> i32 {
    let bytes = input(ptr, len);
    guarded(out, || {
        let g: G = serde_json::from_slice(bytes)
            .map_err(|e| err(ErrorKind::BadRequest, format!("bad state: {e}")))?;
        write_handle(handle, insert(Box::new(Hosted::new(g))));
        Ok(Vec::new())
    })
}

fn with_hosted<G: Game, R>(
    handle: u64,
    f: impl FnOnce(&mut Hosted<G>) -> Result<R, ErrorReply>,
) -> Result<R, ErrorReply> {
    let slot = slot(handle)?;
    // A poisoned lock means an earlier call panicked while holding this instance. JSON
    // calls change the state only by swapping in a finished copy and in-place steps mark
    // it broken first, so the state is still what the flags say; but the legal-list cache
    // may be half filled, so it is dropped before anything reads it.
    let (mut guard, poisoned) = match slot.lock() {
        Ok(g) => (g, false),
        Err(e) => {
            slot.clear_poison();
            (e.into_inner(), true)
        }
    };
    let hosted = guard
        .downcast_mut::<Hosted<G>>()
        .ok_or_else(|| err(ErrorKind::NoSuchHandle, "handle belongs to another game"))?;
    if poisoned {
        hosted.forget_legal();
    }
    if hosted.broken {
        return Err(err(
            ErrorKind::Broken,
            "this game instance was left unusable by a failed action; load it again",
        ));
    }
    f(hosted)
}

extern "C" fn clone<G: Game>(handle: u64, new_handle: *mut u64, out: *mut Buffer) -> i32 {
    guarded(out, || {
        let copy = with_hosted::<G, G>(handle, |h| Ok(h.state.clone()))?;
        write_handle(new_handle, insert(Box::new(Hosted::new(copy))));
        Ok(Vec::new())
    })
}

extern "C" fn destroy(handle: u64) -> i32 {
    // Dropping a game's state runs only the game's own Drop code; guard it anyway.
    let removed = catch_unwind(|| registry().map.remove(&handle).is_some());
    match removed {
        Ok(true) => STATUS_OK,
        _ => STATUS_ERR,
    }
}

extern "C" fn call<G: Game>(handle: u64, ptr: *const u8, len: usize, out: *mut Buffer) -> i32 {
    let bytes = input(ptr, len);
    guarded(out, || {
        let req: Request = serde_json::from_slice(bytes)
            .map_err(|e| err(ErrorKind::BadRequest, format!("bad request: {e}")))?;
        // Never behind the instance's lock: the instance may be the one thinking.
        if let Request::StopThinking { token } = req {
            return json(&stop_thinking(token));
        }
        if let Request::OpenOld {
            version,
            setup,
            log,
        } = req
        {
            return G::open_old(&version, &setup, log)
                .map_err(|e| err(ErrorKind::BadRequest, e.0))
                .and_then(|old| json(&old));
        }
        if let Request::Lesson = req {
            return json(&G::lesson());
        }
        with_hosted::<G, Vec<u8>>(handle, |h| respond_hosted(h, req))
    })
}

extern "C" fn step<G: Game>(
    handle: u64,
    op: u32,
    seat: u32,
    arg: u64,
    reply: *mut StepReply,
    out: *mut Buffer,
) -> i32 {
    guarded(out, || {
        let r = with_hosted::<G, StepReply>(handle, |h| step_hosted(h, op, seat as usize, arg))?;
        if !reply.is_null() {
            // SAFETY: the host passes a valid, writable StepReply slot.
            unsafe { reply.write(r) };
        }
        Ok(Vec::new())
    })
}

fn not_to_act(seat: usize) -> ErrorReply {
    err(ErrorKind::Illegal, format!("it is not seat {seat}'s turn"))
}

/// Refuses a list position past the end of a legal list of length `n`.
fn check_index(seat: usize, n: usize, index: u64) -> Result<(), ErrorReply> {
    if index < n as u64 {
        return Ok(());
    }
    Err(err(
        ErrorKind::Illegal,
        format!(
            "seat {seat} has {n} legal actions, not {}",
            index.saturating_add(1)
        ),
    ))
}

/// Applies an action just taken from the legal list. Only the copy-and-swap that keeps
/// an error from leaving a half-applied state is needed, not the legality check.
fn apply_listed<G: Game>(
    state: &mut G,
    seat: usize,
    action: G::Action,
) -> Result<Vec<u8>, ErrorReply> {
    let mut next = state.clone();
    let applied = next
        .apply(Some(seat), &action)
        .map_err(|e| err(ErrorKind::Illegal, e.0))?;
    *state = next;
    json(&reply_of(to_value(&action)?, applied))
}

fn step_hosted<G: Game>(
    h: &mut Hosted<G>,
    op: u32,
    seat: usize,
    arg: u64,
) -> Result<StepReply, ErrorReply> {
    match op {
        STEP_QUERY => Ok(h.reply()),
        STEP_COUNT => {
            let count = if h.to_act_has(seat) {
                h.legal_for(seat).len() as u64
            } else {
                0
            };
            Ok(StepReply { count, ..h.reply() })
        }
        STEP_APPLY => {
            if !h.to_act_has(seat) {
                return Err(not_to_act(seat));
            }
            let legal = h.legal_for(seat);
            check_index(seat, legal.len(), arg)?;
            let action = legal.swap_remove(arg as usize);
            h.apply_in_place(Some(seat), &action)?;
            Ok(h.reply())
        }
        STEP_CHANCE => {
            if h.state.whose_turn() != Turn::Chance {
                return Err(err(ErrorKind::Illegal, "no chance step is pending"));
            }
            let action = h.state.sample_chance(&mut GameRng::new(arg));
            h.apply_in_place(None, &action)?;
            Ok(h.reply())
        }
        _ => Err(err(ErrorKind::BadRequest, format!("unknown step op {op}"))),
    }
}

/// A JSON request against a hosted instance: the legal-list cache serves `LegalCount`
/// and `ApplyIndex`; every request that changes the state clears it.
fn respond_hosted<G: Game>(h: &mut Hosted<G>, req: Request) -> Result<Vec<u8>, ErrorReply> {
    match req {
        Request::LegalCount { seat } => {
            if !h.to_act_has(seat) {
                return json(&0usize);
            }
            json(&h.legal_for(seat).len())
        }
        Request::ApplyIndex { seat, index } => {
            if !h.to_act_has(seat) {
                return Err(not_to_act(seat));
            }
            // `legal_for` lists afresh unless the cache was filled for this seat and
            // state by a call that finished, so the index is always checked against the
            // list it will be taken from.
            let legal = h.legal_for(seat);
            check_index(seat, legal.len(), index as u64)?;
            let action = legal.swap_remove(index);
            h.forget_legal();
            apply_listed(&mut h.state, seat, action)
        }
        req @ (Request::Apply { .. } | Request::Chance { .. }) => {
            h.forget_legal();
            respond_bytes(&mut h.state, req)
        }
        req => respond_bytes(&mut h.state, req),
    }
}

extern "C" fn free(buf: Buffer) {
    if buf.ptr.is_null() {
        return;
    }
    // SAFETY: `buf` was made by `Buffer::from_vec` in this library and is freed once.
    drop(unsafe { Vec::from_raw_parts(buf.ptr, buf.len, buf.cap) });
}

mod respond;
use respond::*;
pub use respond::{playouts, respond, respond_bytes};

#[cfg(test)]
mod tests;
