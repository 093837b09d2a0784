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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;

use crate::bot::Method;
use crate::game::{Game, Turn, apply_checked};
use crate::proto::{
    ActionEntry, AppliedReply, BotReply, ErrorKind, ErrorReply, PlayoutReport, RatedAction,
    Request, SearchReport, ToAct,
};
use crate::rng::GameRng;
use crate::search::Limits;

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
    json(&AppliedReply {
        action: to_value(&action)?,
        label: applied.label,
        private_label: applied.private_label,
        private_for: applied.private_for,
        reveal: applied.reveal,
        routine: applied.routine,
        section: applied.section,
    })
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

fn to_value<T: Serialize>(v: T) -> Result<Value, ErrorReply> {
    serde_json::to_value(v)
        .map_err(|e| err(ErrorKind::BadRequest, format!("cannot encode reply: {e}")))
}

/// Answers one request about `state` as a JSON value. Public so in-process tests take
/// exactly the path the ABI takes, minus the C call.
pub fn respond<G: Game>(state: &mut G, req: Request) -> Result<Value, ErrorReply> {
    let bytes = respond_bytes(state, req)?;
    serde_json::from_slice(&bytes)
        .map_err(|e| err(ErrorKind::BadRequest, format!("cannot read reply: {e}")))
}

/// Answers one request about `state` as JSON bytes, encoded once, straight from the
/// reply's Rust value (no intermediate `Value` tree: views are large).
pub fn respond_bytes<G: Game>(state: &mut G, req: Request) -> Result<Vec<u8>, ErrorReply> {
    match req {
        Request::ToAct => json(&state.to_act()),
        Request::Legal { seat } => json(&legal_entries(state, seat)?),
        Request::Apply { seat, action } => {
            let action: G::Action = serde_json::from_value(action).map_err(|e| {
                err(
                    ErrorKind::Illegal,
                    format!("not an action of this game: {e}"),
                )
            })?;
            apply_reply(state, seat, action)
        }
        Request::ApplyIndex { seat, index } => {
            if !state.to_act().seats().contains(&seat) {
                return Err(not_to_act(seat));
            }
            let mut legal = state.legal_actions(seat);
            check_index(seat, legal.len(), index as u64)?;
            let action = legal.swap_remove(index);
            apply_listed(state, seat, action)
        }
        Request::LegalCount { seat } => json(&state.legal_actions(seat).len()),
        Request::Chance { seed } => {
            if state.to_act() != ToAct::Chance {
                return Err(err(ErrorKind::Illegal, "no chance step is pending"));
            }
            let action = state.sample_chance(&mut GameRng::new(seed));
            apply_reply(state, None, action)
        }
        Request::View { viewer } => json(&state.view(viewer)),
        Request::Outcome => json(&state.outcome()),
        Request::State => json(&*state),
        Request::Bot { seat, seed, level } => {
            let mut rng = GameRng::new(seed);
            let action = crate::bot::choose(state, seat, level, &mut rng)
                .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
            // The kind tells a host driving a bot that a step is part of a plan.
            let (label, kind) = state
                .legal(seat)
                .into_iter()
                .find(|l| l.action == action)
                .map(|l| (l.label, l.kind))
                .unwrap_or_default();
            json(&ActionEntry {
                action: to_value(&action)?,
                label,
                target: None,
                kind,
                spends: None,
                default: false,
            })
        }
        Request::Think {
            seat,
            seed,
            level,
            iterations,
            millis,
            flat,
            token,
        } => {
            let method = if flat {
                Method::Flat(iterations.unwrap_or_else(|| crate::bot::iterations_for(level)))
            } else {
                let level = Limits::for_level(level);
                Method::Tree(match (iterations, millis) {
                    (None, None) => level,
                    (cap, ms) => Limits {
                        iterations: cap.unwrap_or(level.iterations),
                        time: ms.map(|ms| std::time::Duration::from_millis(u64::from(ms))),
                    },
                })
            };
            json(&think_reply(state, seat, seed, method, token)?)
        }
        Request::StopThinking { token } => json(&stop_thinking(token)),
        Request::Playouts { games, seed } => json(&playouts(state, games, seed)),
        Request::OpenOld {
            version,
            setup,
            log,
        } => G::open_old(&version, &setup, log)
            .map_err(|e| err(ErrorKind::BadRequest, e.0))
            .and_then(|old| json(&old)),
        Request::Lesson => json(&G::lesson()),
    }
}

/// Runs a bot's search for `seat` and labels its candidates from the legal list.
fn think_reply<G: Game>(
    state: &G,
    seat: usize,
    seed: u64,
    method: Method,
    token: Option<u64>,
) -> Result<BotReply, ErrorReply> {
    let stop = token.map(Thinking::start);
    let flag = stop.as_ref().map(|t| t.flag.clone());
    let stopped = move || flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
    let report = crate::bot::think(state, seat, method, &mut GameRng::new(seed), &stopped)
        .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
    drop(stop);
    let legal = state.legal(seat);
    let entry = |action: &G::Action| -> Result<ActionEntry, ErrorReply> {
        let l = legal.iter().find(|l| &l.action == action);
        Ok(ActionEntry {
            action: to_value(action)?,
            label: l.map(|l| l.label.clone()).unwrap_or_default(),
            target: l.and_then(|l| l.target.clone()),
            kind: l.map(|l| l.kind.clone()).unwrap_or_default(),
            spends: l.filter(|_| G::MARKS_SPENDING).map(|l| l.spends),
            default: l.is_some_and(|l| l.default),
        })
    };
    let candidates = report
        .candidates
        .iter()
        .map(|r| {
            let e = entry(&r.action)?;
            Ok(RatedAction {
                action: e.action,
                label: e.label,
                visits: r.visits,
                win: r.win,
                value: r.value,
                margin: r.margin,
            })
        })
        .collect::<Result<Vec<_>, ErrorReply>>()?;
    let best = report
        .candidates
        .first()
        .ok_or_else(|| err(ErrorKind::Illegal, format!("seat {seat} has nothing to do")))?;
    Ok(BotReply {
        entry: entry(&best.action)?,
        report: SearchReport {
            candidates,
            iterations: report.iterations,
            seconds: report.seconds,
            stopped: report.stopped,
        },
    })
}

/// The stop flags of the searches a `StopThinking` may end, by token. A search holds
/// its flag while it runs; a stop for a token no search holds yet is kept, so a search
/// that starts after it stops at once.
fn thinking_flags() -> MutexGuard<'static, HashMap<u64, Arc<AtomicBool>>> {
    static FLAGS: OnceLock<Mutex<HashMap<u64, Arc<AtomicBool>>>> = OnceLock::new();
    let m = FLAGS.get_or_init(|| Mutex::new(HashMap::new()));
    // The map is only ever inserted into and removed from whole: a poison is harmless.
    m.lock().unwrap_or_else(|e| {
        m.clear_poison();
        e.into_inner()
    })
}

/// A running search's registration; dropping it (also by a panic) unregisters it.
struct Thinking {
    token: u64,
    flag: Arc<AtomicBool>,
}

impl Thinking {
    fn start(token: u64) -> Thinking {
        let flag = thinking_flags()
            .entry(token)
            .or_insert_with(|| Arc::new(AtomicBool::new(false)))
            .clone();
        Thinking { token, flag }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        thinking_flags().remove(&self.token);
    }
}

/// Stops the search of `token`; true when one was running.
fn stop_thinking(token: u64) -> bool {
    let mut flags = thinking_flags();
    // Stops for searches that never started are few (one per take-back); drop the ones
    // no search holds when they pile up.
    if flags.len() > 1024 {
        flags.retain(|_, f| Arc::strong_count(f) > 1);
    }
    let flag = flags
        .entry(token)
        .or_insert_with(|| Arc::new(AtomicBool::new(false)));
    let running = Arc::strong_count(flag) > 1;
    flag.store(true, Ordering::Relaxed);
    running
}

fn legal_entries<G: Game>(state: &G, seat: usize) -> Result<Vec<ActionEntry>, ErrorReply> {
    state
        .legal(seat)
        .into_iter()
        .map(|l| {
            Ok(ActionEntry {
                action: to_value(&l.action)?,
                label: l.label,
                target: l.target,
                kind: l.kind,
                spends: G::MARKS_SPENDING.then_some(l.spends),
                default: l.default,
            })
        })
        .collect()
}

fn apply_reply<G: Game>(
    state: &mut G,
    seat: Option<usize>,
    action: G::Action,
) -> Result<Vec<u8>, ErrorReply> {
    let applied = apply_checked(state, seat, &action).map_err(|e| err(ErrorKind::Illegal, e.0))?;
    json(&AppliedReply {
        action: to_value(&action)?,
        label: applied.label,
        private_label: applied.private_label,
        private_for: applied.private_for,
        reveal: applied.reveal,
        routine: applied.routine,
        section: applied.section,
    })
}

/// Plays `games` random games from `state`, in-process and without legality re-checks
/// (every action comes from `legal_actions`), for statistics and benchmarks.
pub fn playouts<G: Game>(state: &G, games: u32, seed: u64) -> PlayoutReport {
    let start = Instant::now();
    let mut report = PlayoutReport {
        games,
        min_len: u64::MAX,
        ..Default::default()
    };
    let mut rng = GameRng::new(seed);
    for _ in 0..games {
        let mut g = state.clone();
        let len = crate::bot::random_playout(&mut g, &mut rng, 1_000_000);
        report.actions += len;
        report.min_len = report.min_len.min(len);
        report.max_len = report.max_len.max(len);
        if let Some(o) = g.outcome() {
            report.score_sums.resize(o.scores.len(), 0);
            report.wins.resize(o.scores.len(), 0);
            for (s, sc) in o.scores.iter().enumerate() {
                report.score_sums[s] += sc.total;
            }
            for w in o.winners() {
                report.wins[w] += 1;
            }
        }
    }
    if games == 0 {
        report.min_len = 0;
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

#[cfg(test)]
mod tests {
    //! The glue is tested through a tiny in-file game; the real plugins are loaded
    //! through libloading by the workspace's `tests` crate.
    use super::*;
    use crate::game::{Applied, GameError, Legal};
    use crate::proto::{GameInfo, Outcome, SeatScore, Setup, View};
    use serde::Deserialize;

    /// Count to 3; seat 0 may add 1 or 2; with the trap set, adding 2 when at 2 panics
    /// (a planted bug).
    #[derive(Clone, Serialize, Deserialize)]
    struct Count(u32, bool);

    impl Game for Count {
        type Action = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "count".into(),
                name: "Count".into(),
                version: "1".into(),
                description: String::new(),
                min_players: 1,
                max_players: 1,
                options: vec![],
                hidden_information: false,
                rules: String::new(),
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Count(0, true))
        }
        fn to_act(&self) -> ToAct {
            if self.0 >= 3 {
                ToAct::Over
            } else {
                ToAct::Seats(vec![0])
            }
        }
        fn sample_chance(&self, _: &mut GameRng) -> u32 {
            0
        }
        fn legal(&self, _: usize) -> Vec<Legal<u32>> {
            vec![Legal::new(1, "add 1"), Legal::new(2, "add 2").at("two")]
        }
        fn apply(&mut self, _: Option<usize>, a: &u32) -> Result<Applied, GameError> {
            if self.1 && self.0 == 2 && *a == 2 {
                panic!("planted bug");
            }
            self.0 += a;
            Ok(Applied::public(format!("added {a}")))
        }
        fn view(&self, _: Option<usize>) -> View {
            View::default()
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.0 >= 3).then(|| {
                Outcome::new(
                    vec![SeatScore::from_lines(vec![("count", self.0 as i64)])],
                    vec![0],
                )
            })
        }
        fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    static T: PluginTable = table::<Count>();

    fn call_json(h: u64, req: &Request) -> (i32, Value) {
        let bytes = serde_json::to_vec(req).unwrap();
        let mut out = Buffer::empty();
        let st = (T.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
        let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
        (T.free)(out);
        (st, v)
    }

    fn new_handle() -> u64 {
        let setup = serde_json::to_vec(&Setup::players(1)).unwrap();
        let mut h = 0;
        let mut out = Buffer::empty();
        assert_eq!(
            (T.create)(setup.as_ptr(), setup.len(), &mut h, &mut out),
            STATUS_OK
        );
        (T.free)(out);
        h
    }

    #[test]
    fn table_header() {
        assert_eq!(T.abi_version, ABI_VERSION);
        assert_eq!(T.size as usize, std::mem::size_of::<PluginTable>());
        let mut out = Buffer::empty();
        assert_eq!((T.info)(&mut out), STATUS_OK);
        let info: GameInfo = serde_json::from_slice(unsafe { out.as_slice() }).unwrap();
        (T.free)(out);
        assert_eq!(info.id, "count");
    }

    #[test]
    fn apply_legal_and_refuse_illegal() {
        let h = new_handle();
        let (st, v) = call_json(
            h,
            &Request::Apply {
                seat: Some(0),
                action: Value::from(7),
            },
        );
        assert_eq!(st, STATUS_ERR);
        assert_eq!(v["kind"], "illegal");
        let (st, v) = call_json(
            h,
            &Request::Apply {
                seat: Some(0),
                action: Value::from(2),
            },
        );
        assert_eq!(st, STATUS_OK);
        assert_eq!(v["label"], "added 2");
        // The planted panic becomes an error and the state keeps its last good value.
        let (st, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 1 });
        assert_eq!(st, STATUS_ERR);
        assert_eq!(v["kind"], "panic");
        let (_, v) = call_json(h, &Request::State);
        assert_eq!(v, serde_json::json!([2, true]));
        let (st, _) = call_json(h, &Request::ApplyIndex { seat: 0, index: 0 });
        assert_eq!(st, STATUS_OK);
        let (_, v) = call_json(h, &Request::ToAct);
        assert_eq!(v, serde_json::json!("Over"));
        assert_eq!(destroy(h), STATUS_OK);
        assert_eq!(destroy(h), STATUS_ERR);
    }

    #[test]
    fn clone_is_independent_and_bad_handles_are_errors() {
        let h = new_handle();
        let mut h2 = 0;
        let mut out = Buffer::empty();
        assert_eq!((T.clone)(h, &mut h2, &mut out), STATUS_OK);
        (T.free)(out);
        call_json(
            h,
            &Request::Apply {
                seat: Some(0),
                action: Value::from(1),
            },
        );
        assert_eq!(call_json(h, &Request::State).1[0], Value::from(1));
        assert_eq!(call_json(h2, &Request::State).1[0], Value::from(0));
        let (st, v) = call_json(987_654, &Request::ToAct);
        assert_eq!(st, STATUS_ERR);
        assert_eq!(v["kind"], "no_such_handle");
        let mut out = Buffer::empty();
        let garbage = b"{not json";
        assert_eq!(
            (T.call)(h, garbage.as_ptr(), garbage.len(), &mut out),
            STATUS_ERR
        );
        (T.free)(out);
    }

    fn step_call(h: u64, op: u32, seat: u32, arg: u64) -> (i32, StepReply, Value) {
        let mut reply = StepReply::default();
        let mut out = Buffer::empty();
        let st = (T.step)(h, op, seat, arg, &mut reply, &mut out);
        let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
        (T.free)(out);
        (st, reply, v)
    }

    #[test]
    fn step_plays_by_numbers() {
        let h = new_handle();
        let (st, r, _) = step_call(h, STEP_QUERY, 0, 0);
        assert_eq!((st, r.turn, r.seats), (STATUS_OK, TURN_SEATS, 1));
        assert_eq!(r.count, 2, "the one seat to act comes with its count");
        let (_, r, _) = step_call(h, STEP_COUNT, 0, 0);
        assert_eq!(r.count, 2);
        // A seat not to act has nothing to count and may not apply.
        assert_eq!(step_call(h, STEP_COUNT, 1, 0).1.count, 0);
        let (st, _, v) = step_call(h, STEP_APPLY, 1, 0);
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
        let (st, _, v) = step_call(h, STEP_APPLY, 0, 2);
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
        // Index 1 of [add 1, add 2] is "add 2", listed once by the count above.
        let (st, r, _) = step_call(h, STEP_APPLY, 0, 1);
        assert_eq!((st, r.turn), (STATUS_OK, TURN_SEATS));
        assert_eq!(call_json(h, &Request::State).1[0], Value::from(2));
        let (st, _, v) = step_call(h, STEP_CHANCE, 0, 9);
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("illegal")));
        let (st, _, v) = step_call(h, 77, 0, 0);
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("bad_request")));
        let (st, r, _) = step_call(h, STEP_APPLY, 0, 0);
        assert_eq!((st, r.turn), (STATUS_OK, TURN_OVER));
    }

    #[test]
    fn a_step_that_panics_breaks_only_its_instance() {
        let h = new_handle();
        let other = new_handle();
        step_call(h, STEP_APPLY, 0, 1);
        // The planted bug: add 2 at 2. In place, so the instance cannot be trusted after.
        let (st, _, v) = step_call(h, STEP_APPLY, 0, 1);
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("panic")));
        for (st, v) in [
            (
                step_call(h, STEP_QUERY, 0, 0).0,
                step_call(h, STEP_QUERY, 0, 0).2,
            ),
            call_json(h, &Request::ToAct),
        ] {
            assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("broken")));
        }
        let mut copy = 0;
        let mut out = Buffer::empty();
        assert_eq!((T.clone)(h, &mut copy, &mut out), STATUS_ERR);
        (T.free)(out);
        assert_eq!(step_call(other, STEP_QUERY, 0, 0).0, STATUS_OK);
        assert_eq!(destroy(h), STATUS_OK);
    }

    #[test]
    fn legal_count_then_apply_index_uses_the_same_list() {
        let h = new_handle();
        assert_eq!(
            call_json(h, &Request::LegalCount { seat: 0 }).1,
            Value::from(2)
        );
        assert_eq!(
            call_json(h, &Request::LegalCount { seat: 3 }).1,
            Value::from(0)
        );
        let (st, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 1 });
        assert_eq!((st, v["label"].as_str()), (STATUS_OK, Some("added 2")));
        // The cache went with the change: index 0 is again "add 1".
        let (_, v) = call_json(h, &Request::ApplyIndex { seat: 0, index: 0 });
        assert_eq!(v["label"], "added 1");
    }

    /// Two seats choose at once: seat 0 between 10 and 11, seat 1 between 20 and 21.
    /// Listing seat 1's actions into a buffer panics halfway while `.1` is set (a planted
    /// bug, to test the legal-list cache).
    #[derive(Clone, Serialize, Deserialize)]
    struct Duo(Vec<u32>, bool);

    impl Game for Duo {
        type Action = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "duo".into(),
                min_players: 2,
                max_players: 2,
                ..Count::info()
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Duo(Vec::new(), true))
        }
        fn to_act(&self) -> ToAct {
            if self.0.len() >= 2 {
                ToAct::Over
            } else {
                ToAct::Seats(vec![0, 1])
            }
        }
        fn sample_chance(&self, _: &mut GameRng) -> u32 {
            0
        }
        fn legal(&self, seat: usize) -> Vec<Legal<u32>> {
            let base = 10 * (seat as u32 + 1);
            vec![
                Legal::new(base, format!("{base}")),
                Legal::new(base + 1, format!("{}", base + 1)),
            ]
        }
        fn legal_actions_into(&self, seat: usize, out: &mut Vec<u32>) {
            let base = 10 * (seat as u32 + 1);
            out.push(base + 1);
            if self.1 && seat == 1 {
                panic!("planted bug while listing");
            }
            out.push(base);
        }
        fn apply(&mut self, seat: Option<usize>, a: &u32) -> Result<Applied, GameError> {
            if *a / 10 != seat.unwrap_or(9) as u32 + 1 {
                return Err(GameError::new(format!("{a} is not seat {seat:?}'s")));
            }
            self.0.push(*a);
            Ok(Applied::public(format!("took {a}")))
        }
        fn view(&self, _: Option<usize>) -> View {
            View::default()
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    static D: PluginTable = table::<Duo>();

    fn duo_call(h: u64, req: &Request) -> (i32, Value) {
        let bytes = serde_json::to_vec(req).unwrap();
        let mut out = Buffer::empty();
        let st = (D.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
        let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
        (D.free)(out);
        (st, v)
    }

    #[test]
    fn a_panic_while_listing_leaves_no_list_labelled_as_another_seats() {
        let setup = serde_json::to_vec(&Setup::players(2)).unwrap();
        let mut h = 0;
        let mut out = Buffer::empty();
        assert_eq!(
            (D.create)(setup.as_ptr(), setup.len(), &mut h, &mut out),
            STATUS_OK
        );
        (D.free)(out);
        // Seat 0's list is cached by the count, then listing seat 1 panics halfway,
        // holding the instance's lock (poisoning it) with seat 1's action in the buffer.
        assert_eq!(
            duo_call(h, &Request::LegalCount { seat: 0 }).1,
            Value::from(2)
        );
        let (st, v) = duo_call(h, &Request::LegalCount { seat: 1 });
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("panic")));
        // Index 0 of seat 0's list ([11, 10] from `legal_actions_into`) is 11, never the
        // 21 the panicking fill left behind.
        let (st, v) = duo_call(h, &Request::ApplyIndex { seat: 0, index: 0 });
        assert_eq!((st, &v["action"]), (STATUS_OK, &Value::from(11)), "{v}");
        // The same through the binary step path: count seat 0, panic on seat 1, apply 0.
        let h2 = {
            let mut h2 = 0;
            let mut out = Buffer::empty();
            assert_eq!(
                (D.create)(setup.as_ptr(), setup.len(), &mut h2, &mut out),
                STATUS_OK
            );
            (D.free)(out);
            h2
        };
        let step = |op, seat, arg| {
            let mut reply = StepReply::default();
            let mut out = Buffer::empty();
            let st = (D.step)(h2, op, seat, arg, &mut reply, &mut out);
            (D.free)(out);
            (st, reply)
        };
        assert_eq!(step(STEP_COUNT, 0, 0).1.count, 2);
        assert_eq!(step(STEP_COUNT, 1, 0).0, STATUS_ERR);
        assert_eq!(step(STEP_APPLY, 0, 0).0, STATUS_OK);
        assert_eq!(duo_call(h2, &Request::State).1[0], serde_json::json!([11]));
        assert_eq!(destroy(h), STATUS_OK);
        assert_eq!(destroy(h2), STATUS_OK);
    }

    #[test]
    fn replay_round_trip_of_a_tiny_game() {
        let g: Count = crate::game::check::replay_round_trip(&Setup::players(1), 4, 10);
        assert!(g.0 >= 3);
    }

    fn think(state: &mut Count, iterations: u32, token: Option<u64>) -> BotReply {
        let req = Request::Think {
            seat: 0,
            seed: 3,
            level: 1,
            iterations: Some(iterations),
            millis: None,
            flat: false,
            token,
        };
        serde_json::from_value(respond(state, req).unwrap()).unwrap()
    }

    #[test]
    fn think_rates_every_candidate_with_its_label() {
        let reply = think(&mut Count(0, false), 200, None);
        assert_eq!(reply.report.iterations, 200);
        assert!(!reply.report.stopped);
        let labels: Vec<&str> = reply
            .report
            .candidates
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(labels.len(), 2, "{labels:?}");
        assert!(labels.contains(&"add 1") && labels.contains(&"add 2"));
        assert_eq!(reply.entry.action, reply.report.candidates[0].action);
        // One seat always wins its own count.
        assert!(reply.report.candidates.iter().all(|c| c.win == 1.0));
        let flat: BotReply = serde_json::from_value(
            respond(
                &mut Count(0, false),
                Request::Think {
                    seat: 0,
                    seed: 3,
                    level: 1,
                    iterations: Some(50),
                    millis: None,
                    flat: true,
                    token: None,
                },
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(flat.report.iterations, 50);
        let visits: u32 = flat.report.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(visits, 50);
    }

    #[test]
    fn a_stop_before_the_search_starts_ends_it_at_once() {
        assert!(!stop_thinking(777), "nothing was running");
        let reply = think(&mut Count(0, false), 1_000_000, Some(777));
        assert!(reply.report.stopped);
        assert_eq!(reply.report.iterations, 1);
        // The finished search took its stop with it.
        assert!(!thinking_flags().contains_key(&777));
    }

    #[test]
    fn a_running_search_is_stopped_through_any_handle() {
        let token = 4242;
        let worker = std::thread::spawn(move || think(&mut Count(0, false), u32::MAX, Some(token)));
        let started = Instant::now();
        while thinking_flags()
            .get(&token)
            .is_none_or(|f| Arc::strong_count(f) < 2)
        {
            assert!(started.elapsed().as_secs() < 20, "the search never started");
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        // Handle 0 names no instance: the stop needs none.
        let (st, running) = call_json(0, &Request::StopThinking { token });
        assert_eq!((st, running), (STATUS_OK, Value::Bool(true)));
        let reply = worker.join().unwrap();
        assert!(reply.report.stopped);
        assert!(reply.report.iterations > 1);
    }

    #[test]
    fn playouts_report() {
        let r = playouts(&Count(0, false), 10, 1);
        assert_eq!(r.games, 10);
        assert!(r.min_len >= 2 && r.max_len <= 3);
    }

    /// `Count` at version 2, which reads version 1's logs: version 1 added 10 (its
    /// actions were 10 and 20, read today as 1 and 2) and, under version 1's rules, the
    /// count also starts at 1 (kept behind the state's flag). Version 0 is unreadable.
    #[derive(Clone, Serialize, Deserialize)]
    struct Versioned(u32, bool);

    impl Game for Versioned {
        type Action = u32;
        fn info() -> GameInfo {
            GameInfo {
                id: "versioned".into(),
                version: "2".into(),
                ..Count::info()
            }
        }
        fn new(_: &Setup) -> Result<Self, GameError> {
            Ok(Versioned(0, false))
        }
        fn new_under(_: &Setup, rules: &str) -> Result<Self, GameError> {
            match rules {
                "1" => Ok(Versioned(1, true)),
                other => Err(GameError::new(format!("no rules of version {other}"))),
            }
        }
        fn open_old(
            version: &str,
            _: &Setup,
            log: Vec<crate::versions::OldEntry>,
        ) -> Result<crate::versions::OldLog, GameError> {
            if version != "1" {
                return Err(GameError::new(format!("version {version} is unknown")));
            }
            let log = log
                .into_iter()
                .map(|mut e| {
                    e.action = Value::from(e.action.as_u64().unwrap_or(0) / 10);
                    e
                })
                .collect();
            Ok(crate::versions::OldLog {
                log,
                rules: Some("1".into()),
                note: Some("played with Versioned 1 rules: the count starts at 1".into()),
            })
        }
        fn to_act(&self) -> ToAct {
            Count(self.0, false).to_act()
        }
        fn sample_chance(&self, _: &mut GameRng) -> u32 {
            0
        }
        fn legal(&self, _: usize) -> Vec<Legal<u32>> {
            vec![Legal::new(1, "add 1"), Legal::new(2, "add 2")]
        }
        fn apply(&mut self, _: Option<usize>, a: &u32) -> Result<Applied, GameError> {
            self.0 += a;
            Ok(Applied::public(format!("added {a}")))
        }
        fn view(&self, _: Option<usize>) -> View {
            View::default()
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn determinize(&self, _: usize, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    static V: PluginTable = table::<Versioned>();

    fn versioned_call(h: u64, req: &Request) -> (i32, Value) {
        let bytes = serde_json::to_vec(req).unwrap();
        let mut out = Buffer::empty();
        let st = (V.call)(h, bytes.as_ptr(), bytes.len(), &mut out);
        let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
        (V.free)(out);
        (st, v)
    }

    fn versioned_create(req: &Value) -> (i32, u64, Value) {
        let bytes = serde_json::to_vec(req).unwrap();
        let mut h = 0;
        let mut out = Buffer::empty();
        let st = (V.create)(bytes.as_ptr(), bytes.len(), &mut h, &mut out);
        let v = serde_json::from_slice(unsafe { out.as_slice() }).unwrap_or(Value::Null);
        (V.free)(out);
        (st, h, v)
    }

    #[test]
    fn open_old_needs_no_instance_and_rewrites_the_log() {
        let old = |action: u64| crate::versions::OldEntry {
            seat: Some(0),
            steps: Vec::new(),
            action: Value::from(action),
        };
        let req = Request::OpenOld {
            version: "1".into(),
            setup: Setup::players(1),
            log: vec![old(10), old(20)],
        };
        // Handle 0 names no instance, and none is needed.
        let (st, v) = versioned_call(0, &req);
        assert_eq!(st, STATUS_OK, "{v}");
        let reply: crate::versions::OldLog = serde_json::from_value(v).unwrap();
        assert_eq!(reply.log, vec![old(1), old(2)]);
        assert_eq!(reply.rules.as_deref(), Some("1"));
        assert!(reply.note.unwrap().contains("starts at 1"));
        // An unreadable version is a bad request with the game's reason.
        let (st, v) = versioned_call(
            0,
            &Request::OpenOld {
                version: "0".into(),
                setup: Setup::players(1),
                log: Vec::new(),
            },
        );
        assert_eq!((st, v["kind"].as_str()), (STATUS_ERR, Some("bad_request")));
        assert!(v["message"].as_str().unwrap().contains("version 0"), "{v}");
        // A game that never changed how a log replays answers with the log unchanged.
        let (st, v) = call_json(0, &req);
        assert_eq!(st, STATUS_OK);
        assert_eq!(v["log"][0]["action"], 10);
        assert!(v.get("rules").is_none(), "{v}");
        // The in-process path answers the same.
        let mut state = Versioned(0, false);
        let bytes = respond_bytes(&mut state, req).unwrap();
        let same: crate::versions::OldLog = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(same.log, vec![old(1), old(2)]);
    }

    #[test]
    fn create_reads_a_setup_with_or_without_older_rules() {
        let setup = serde_json::to_value(Setup::players(1)).unwrap();
        // A plain setup (what every host before `rules` sent): today's rules.
        let (st, h, _) = versioned_create(&setup);
        assert_eq!(st, STATUS_OK);
        assert_eq!(
            versioned_call(h, &Request::State).1,
            serde_json::json!([0, false])
        );
        // The same setup naming version 1's rules: the game follows them.
        let mut under = setup.clone();
        under["rules"] = Value::from("1");
        let (st, h1, _) = versioned_create(&under);
        assert_eq!(st, STATUS_OK);
        assert_eq!(
            versioned_call(h1, &Request::State).1,
            serde_json::json!([1, true])
        );
        // Rules the game does not know are refused with its reason, and no instance.
        under["rules"] = Value::from("7");
        let (st, _, v) = versioned_create(&under);
        assert_eq!(st, STATUS_ERR);
        assert!(v["message"].as_str().unwrap().contains("version 7"), "{v}");
        // A game without older rules builds today's game for any rules named.
        under["rules"] = Value::from("1");
        let bytes = serde_json::to_vec(&under).unwrap();
        let (mut hc, mut out) = (0, Buffer::empty());
        assert_eq!(
            (T.create)(bytes.as_ptr(), bytes.len(), &mut hc, &mut out),
            STATUS_OK
        );
        (T.free)(out);
        assert_eq!(
            call_json(hc, &Request::State).1,
            serde_json::json!([0, true])
        );
        for h in [h, h1, hc] {
            assert_eq!(destroy(h), STATUS_OK);
        }
    }
}
