//! Loading game plugins and talking to them through the C ABI.
//!
//! This module and `plugin-api`'s `abi` are the only places with `unsafe`. Every failure
//! (missing symbol, wrong ABI version, a panic inside the plugin, a malformed reply)
//! becomes a [`PluginError`]; nothing the plugin does can take the host down short of
//! memory corruption, which the plugin's own safe Rust rules out.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde_json::Value;
use tavern_plugin_api::abi::{
    ABI_VERSION, Buffer, ENTRY_SYMBOL, PluginTable, STATUS_ERR, STATUS_OK, STEP_APPLY, STEP_CHANCE,
    STEP_COUNT, STEP_QUERY, StepReply, TURN_CHANCE, TURN_OVER, V1_BASE_SIZE,
};
use tavern_plugin_api::proto::{
    AppliedReply, BotReply, CreateRequest, ErrorKind, ErrorReply, PlayoutReport, Request,
    SearchReport,
};
use tavern_plugin_api::versions::{OldEntry, OldLog};
use tavern_plugin_api::{ActionEntry, GameInfo, Outcome, Setup, ToAct, View};

/// Why a call failed.
#[derive(Clone, Debug, PartialEq)]
pub enum PluginError {
    /// The library could not be used at all (reason in words).
    Incompatible(String),
    /// The action is not legal now; nothing changed.
    Illegal(String),
    /// The plugin did not understand the request or setup.
    BadRequest(String),
    /// The plugin panicked; the instance keeps its last good state, except after a
    /// fast step (`Instance::step_apply`), which leaves it unusable.
    Panic(String),
    /// The reply was not what the protocol promises.
    Protocol(String),
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PluginError::Incompatible(m) => write!(f, "incompatible plugin: {m}"),
            PluginError::Illegal(m) => write!(f, "illegal action: {m}"),
            PluginError::BadRequest(m) => write!(f, "bad request: {m}"),
            PluginError::Panic(m) => write!(f, "the game plugin failed: {m}"),
            PluginError::Protocol(m) => write!(f, "plugin protocol error: {m}"),
        }
    }
}

impl std::error::Error for PluginError {}

/// A loaded, version-checked plugin library. Libraries are never unloaded (unloading
/// Rust libraries with thread-local destructors crashes), so the table lives for the
/// rest of the program.
pub struct Plugin {
    pub info: GameInfo,
    pub path: PathBuf,
    /// The game's drawings, read once at load; `None` for a game without art (or a
    /// plugin that predates art). Attached to every view read from this plugin.
    pub art: Option<Arc<tavern_plugin_api::scene::ArtBook>>,
    /// A copy of the plugin's table; `step` is [`no_step`] when the plugin predates it.
    table: PluginTable,
    has_step: bool,
    /// The game's lesson, asked for the first time it is wanted (`lesson`).
    lesson: std::sync::OnceLock<Option<Arc<crate::lesson::Lesson>>>,
}

impl fmt::Debug for Plugin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plugin")
            .field("id", &self.info.id)
            .field("path", &self.path)
            .finish()
    }
}

/// A library that was found but cannot be used, with the reason for the launcher.
#[derive(Clone, Debug)]
pub struct Incompatible {
    pub path: PathBuf,
    pub reason: String,
}

/// File-name test for plugin libraries: `libtavern_plugin_<game>.so`,
/// `tavern_plugin_<game>.dll`, `libtavern_plugin_<game>.dylib`.
pub fn is_plugin_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let stem = name.strip_prefix("lib").unwrap_or(name);
    stem.starts_with("tavern_plugin_")
        && path.extension().and_then(|e| e.to_str()) == Some(std::env::consts::DLL_EXTENSION)
}

impl Plugin {
    /// Loads the library at `path`, checks the ABI version and table size, and reads its
    /// metadata. Errors carry the reason the launcher shows.
    pub fn load(path: &Path) -> Result<Arc<Plugin>, PluginError> {
        let (table, has_step, has_art) = open_table(path)?;
        let plugin = Plugin {
            info: GameInfo {
                id: String::new(),
                name: String::new(),
                version: String::new(),
                description: String::new(),
                min_players: 0,
                max_players: 0,
                options: vec![],
                hidden_information: false,
                rules: String::new(),
            },
            path: path.to_path_buf(),
            art: None,
            table,
            has_step,
            lesson: Default::default(),
        };
        let info: GameInfo = plugin
            .reply(|out| (table.info)(out))
            .map_err(|e| PluginError::Incompatible(format!("its info call failed: {e}")))?;
        if info.id.is_empty() || info.min_players == 0 || info.min_players > info.max_players {
            return Err(PluginError::Incompatible(format!(
                "it declares impossible metadata (id {:?}, players {}–{})",
                info.id, info.min_players, info.max_players
            )));
        }
        let art = if has_art {
            let art: Vec<tavern_plugin_api::scene::Art> = plugin
                .reply(|out| (table.art)(out))
                .map_err(|e| PluginError::Incompatible(format!("its art call failed: {e}")))?;
            (!art.is_empty())
                .then(|| Arc::new(tavern_plugin_api::scene::ArtBook::new(info.id.clone(), art)))
        } else {
            None
        };
        Ok(Arc::new(Plugin {
            info,
            art,
            ..plugin
        }))
    }

    /// Calls `f` with an output buffer, frees the buffer, and decodes the reply.
    fn reply<T: DeserializeOwned>(
        &self,
        f: impl FnOnce(*mut Buffer) -> i32,
    ) -> Result<T, PluginError> {
        let bytes = self.raw(f)?;
        serde_json::from_slice(&bytes)
            .map_err(|e| PluginError::Protocol(format!("unreadable reply: {e}")))
    }

    fn raw(&self, f: impl FnOnce(*mut Buffer) -> i32) -> Result<Vec<u8>, PluginError> {
        let mut out = Buffer::empty();
        let status = f(&mut out);
        // SAFETY: the plugin just wrote `out` and it is freed right below.
        let bytes = unsafe { out.as_slice() }.to_vec();
        (self.table.free)(out);
        if status == STATUS_OK {
            Ok(bytes)
        } else {
            Err(decode_error(&bytes))
        }
    }

    /// Ends the search `Instance::think` started with `token`, from any thread: the call
    /// names no instance, so it never waits for the one that is thinking. A plugin built
    /// before `Think` refuses it, which changes nothing.
    pub fn stop_thinking(&self, token: u64) {
        let Ok(bytes) = serde_json::to_vec(&Request::StopThinking { token }) else {
            return;
        };
        let _ = self.raw(|out| (self.table.call)(0, bytes.as_ptr(), bytes.len(), out));
    }

    /// Starts a new game instance under today's rules.
    pub fn create(self: &Arc<Self>, setup: &Setup) -> Result<Instance, PluginError> {
        self.create_under(setup, None)
    }

    /// Starts a new game instance that follows the rules of the older version `rules`
    /// (one [`Plugin::open_old`] named), or today's rules for `None`. The request is the
    /// setup itself with a `rules` field beside it, so a plugin built before `rules`
    /// existed still reads it (and follows today's rules).
    pub fn create_under(
        self: &Arc<Self>,
        setup: &Setup,
        rules: Option<&str>,
    ) -> Result<Instance, PluginError> {
        let req = CreateRequest {
            setup: setup.clone(),
            rules: rules.map(str::to_string),
        };
        let bytes = serde_json::to_vec(&req).map_err(|e| PluginError::BadRequest(e.to_string()))?;
        let mut handle = 0u64;
        self.raw(|out| (self.table.create)(bytes.as_ptr(), bytes.len(), &mut handle, out))?;
        Ok(Instance {
            plugin: Arc::clone(self),
            handle,
        })
    }

    /// How a log written by `version` of this game replays now (`Request::OpenOld`):
    /// rewritten into today's actions, and under which older rules. The request names no
    /// instance (the plugin answers it without one), so it never waits for a thinking
    /// bot. `Ok(None)` when the plugin predates the request: its log is replayed as it is.
    pub fn open_old(
        &self,
        version: &str,
        setup: &Setup,
        log: Vec<OldEntry>,
    ) -> Result<Option<OldLog>, PluginError> {
        let req = Request::OpenOld {
            version: version.to_string(),
            setup: setup.clone(),
            log,
        };
        let bytes = serde_json::to_vec(&req).map_err(|e| PluginError::BadRequest(e.to_string()))?;
        match self.reply(|out| (self.table.call)(0, bytes.as_ptr(), bytes.len(), out)) {
            Ok(old) => Ok(Some(old)),
            Err(PluginError::BadRequest(m)) if predates(&m) => Ok(None),
            // A plugin from before the request, asked with no instance, may also say
            // there is no such instance.
            Err(PluginError::Protocol(m)) if m.contains("handle") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The game's lesson file as its text (`Request::Lesson`, answered without an
    /// instance like `OpenOld`), or `None` for a game without one. A plugin built before
    /// the request has no lesson either (see `crate::lesson`).
    pub fn lesson_text(&self) -> Result<Option<String>, PluginError> {
        let bytes = serde_json::to_vec(&Request::Lesson)
            .map_err(|e| PluginError::BadRequest(e.to_string()))?;
        match self.reply(|out| (self.table.call)(0, bytes.as_ptr(), bytes.len(), out)) {
            Ok(text) => Ok(text),
            Err(PluginError::BadRequest(m)) if predates(&m) => Ok(None),
            Err(PluginError::Protocol(m)) if m.contains("handle") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The game's lesson, read once (`crate::lesson::lesson_of`); `None` for a game
    /// without one or with one that does not read (`tavern lesson GAME` says why).
    pub fn lesson(&self) -> Option<Arc<crate::lesson::Lesson>> {
        self.lesson
            .get_or_init(|| crate::lesson::lesson_of(self).ok().flatten().map(Arc::new))
            .clone()
    }

    /// Recreates an instance from a state JSON (`Instance::state`).
    pub fn load_state(self: &Arc<Self>, state: &Value) -> Result<Instance, PluginError> {
        let bytes =
            serde_json::to_vec(state).map_err(|e| PluginError::BadRequest(e.to_string()))?;
        let mut handle = 0u64;
        self.raw(|out| (self.table.load)(bytes.as_ptr(), bytes.len(), &mut handle, out))?;
        Ok(Instance {
            plugin: Arc::clone(self),
            handle,
        })
    }
}

/// Whether a `BadRequest` reason is a plugin saying it does not know the request at
/// all (it was built before the request existed), as serde words it.
fn predates(message: &str) -> bool {
    message.contains("unknown variant")
}

fn decode_error(bytes: &[u8]) -> PluginError {
    match serde_json::from_slice::<ErrorReply>(bytes) {
        Ok(e) => match e.kind {
            ErrorKind::Illegal => PluginError::Illegal(e.message),
            ErrorKind::BadRequest => PluginError::BadRequest(e.message),
            ErrorKind::Panic => PluginError::Panic(e.message),
            ErrorKind::NoSuchHandle | ErrorKind::Broken => PluginError::Protocol(e.message),
        },
        Err(_) => {
            PluginError::Protocol("the plugin reported an error without a readable reason".into())
        }
    }
}

fn open_table(path: &Path) -> Result<(PluginTable, bool, bool), PluginError> {
    // SAFETY: loading a library runs its initialisers. Tavern loads only files named
    // `*tavern_plugin_*` from its own folders; that is the trust boundary of any plugin
    // system.
    let lib = unsafe { libloading::Library::new(path) }
        .map_err(|e| PluginError::Incompatible(format!("cannot be opened: {e}")))?;
    // SAFETY: the symbol is looked up with the exact signature `export_game!` gives it.
    let entry: libloading::Symbol<'_, extern "C" fn() -> *const PluginTable> =
        unsafe { lib.get(ENTRY_SYMBOL) }.map_err(|_| {
            PluginError::Incompatible(
                "it has no tavern_plugin_v1 entry point (not a Tavern plugin)".into(),
            )
        })?;
    let ptr = std::panic::catch_unwind(|| entry())
        .map_err(|_| PluginError::Incompatible("its entry point panicked".into()))?;
    if ptr.is_null() {
        return Err(PluginError::Incompatible(
            "its entry point returned nothing".into(),
        ));
    }
    // Read the two leading u32s first: they keep their place in every ABI version.
    // SAFETY: every version's table starts with abi_version and size.
    let (version, size) = unsafe { ((*ptr).abi_version, (*ptr).size) };
    if version != ABI_VERSION {
        return Err(PluginError::Incompatible(format!(
            "it was built for plugin ABI version {version}, this Tavern speaks version {ABI_VERSION}"
        )));
    }
    if (size as usize) < V1_BASE_SIZE {
        return Err(PluginError::Incompatible(format!(
            "its function table is {size} bytes, expected at least {V1_BASE_SIZE}"
        )));
    }
    let has_step = covers(size as usize, std::mem::offset_of!(PluginTable, step), {
        std::mem::size_of::<tavern_plugin_api::abi::StepFn>()
    });
    let has_art = covers(
        size as usize,
        std::mem::offset_of!(PluginTable, art),
        std::mem::size_of::<extern "C" fn(*mut Buffer) -> i32>(),
    );
    // SAFETY: checked non-null, right version, and `size` covers every field read here
    // (`step` only when `has_step`). Each field is read on its own, so no reference to
    // a table shorter than ours is ever made.
    let table = unsafe {
        use std::ptr::addr_of;
        PluginTable {
            abi_version: version,
            size,
            info: addr_of!((*ptr).info).read(),
            create: addr_of!((*ptr).create).read(),
            load: addr_of!((*ptr).load).read(),
            clone: addr_of!((*ptr).clone).read(),
            destroy: addr_of!((*ptr).destroy).read(),
            call: addr_of!((*ptr).call).read(),
            free: addr_of!((*ptr).free).read(),
            step: if has_step {
                addr_of!((*ptr).step).read()
            } else {
                no_step
            },
            art: if has_art {
                addr_of!((*ptr).art).read()
            } else {
                no_art
            },
        }
    };
    // Never unloaded: see `Plugin`.
    std::mem::forget(lib);
    Ok((table, has_step, has_art))
}

/// Whether a table of `size` bytes holds the field at `offset` of `field_size` bytes.
/// Each optional field is tested by its own end, never by the whole table's size, so a
/// field added after it does not make older plugins lose it.
fn covers(size: usize, offset: usize, field_size: usize) -> bool {
    size >= offset + field_size
}

/// Stands in for `step` in a table that predates it; never called (`has_step` is false).
extern "C" fn no_step(_: u64, _: u32, _: u32, _: u64, _: *mut StepReply, _: *mut Buffer) -> i32 {
    STATUS_ERR
}

/// Stands in for `art` in a table that predates it; never called (`has_art` is false).
extern "C" fn no_art(_: *mut Buffer) -> i32 {
    STATUS_ERR
}

/// Whose turn it is after a fast step: the seats as a bit set, no JSON. When exactly
/// one seat acts, `Seats` carries its number of legal actions too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Seats(u64, Option<usize>),
    Chance,
    Over,
}

impl Turn {
    fn of(r: &StepReply) -> Turn {
        match r.turn {
            TURN_CHANCE => Turn::Chance,
            TURN_OVER => Turn::Over,
            _ => Turn::Seats(
                r.seats,
                (r.seats.count_ones() == 1).then_some(r.count as usize),
            ),
        }
    }
}

/// The bot whose opinion a hint gives, offline and online: the normal one.
pub const HINT_LEVEL: u8 = 2;

/// How a bot decides: its level (1–3) and, for measurements and reviews, other limits or
/// the first (flat) search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BotAsk {
    pub level: u8,
    /// An iteration cap instead of the level's (alone: no time budget, reproducible).
    pub iterations: Option<u32>,
    /// A time budget instead of the level's.
    pub millis: Option<u32>,
    /// The first bot (flat Monte Carlo), kept as a yardstick.
    pub flat: bool,
}

impl BotAsk {
    /// The bot of a seat at `level`, as the table plays it.
    pub fn level(level: u8) -> BotAsk {
        BotAsk {
            level,
            ..BotAsk::default()
        }
    }
}

/// One live game inside a plugin. Dropping it frees the plugin's instance.
pub struct Instance {
    plugin: Arc<Plugin>,
    handle: u64,
}

impl fmt::Debug for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Instance({} #{})", self.plugin.info.id, self.handle)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        (self.plugin.table.destroy)(self.handle);
    }
}

impl Instance {
    pub fn plugin(&self) -> &Arc<Plugin> {
        &self.plugin
    }

    pub fn call<T: DeserializeOwned>(&self, req: &Request) -> Result<T, PluginError> {
        let bytes = serde_json::to_vec(req).map_err(|e| PluginError::BadRequest(e.to_string()))?;
        let t = self.plugin.table;
        self.plugin
            .reply(|out| (t.call)(self.handle, bytes.as_ptr(), bytes.len(), out))
    }

    pub fn try_clone(&self) -> Result<Instance, PluginError> {
        let mut handle = 0u64;
        let t = self.plugin.table;
        self.plugin
            .raw(|out| (t.clone)(self.handle, &mut handle, out))?;
        Ok(Instance {
            plugin: Arc::clone(&self.plugin),
            handle,
        })
    }

    pub fn to_act(&self) -> Result<ToAct, PluginError> {
        self.call(&Request::ToAct)
    }
    pub fn legal(&self, seat: usize) -> Result<Vec<ActionEntry>, PluginError> {
        self.call(&Request::Legal { seat })
    }
    pub fn apply(&self, seat: Option<usize>, action: Value) -> Result<AppliedReply, PluginError> {
        self.call(&Request::Apply { seat, action })
    }
    pub fn apply_index(&self, seat: usize, index: usize) -> Result<AppliedReply, PluginError> {
        self.call(&Request::ApplyIndex { seat, index })
    }
    pub fn legal_count(&self, seat: usize) -> Result<usize, PluginError> {
        self.call(&Request::LegalCount { seat })
    }
    pub fn chance(&self, seed: u64) -> Result<AppliedReply, PluginError> {
        self.call(&Request::Chance { seed })
    }
    pub fn view(&self, viewer: Option<usize>) -> Result<View, PluginError> {
        let mut view: View = self.call(&Request::View { viewer })?;
        // The plugin sent its drawings once, at load; each view names them by id.
        view.scene.art = self.plugin.art.clone();
        Ok(view)
    }
    pub fn outcome(&self) -> Result<Option<Outcome>, PluginError> {
        self.call(&Request::Outcome)
    }
    pub fn state(&self) -> Result<Value, PluginError> {
        self.call(&Request::State)
    }
    pub fn bot(&self, seat: usize, seed: u64, level: u8) -> Result<ActionEntry, PluginError> {
        self.call(&Request::Bot { seat, seed, level })
    }
    /// The bot's decision with its search's report (`Request::Think`); with a `token`,
    /// [`Plugin::stop_thinking`] can end it early. A plugin built before `Think` is asked
    /// `Bot` instead and gives no report.
    pub fn think(
        &self,
        seat: usize,
        seed: u64,
        ask: BotAsk,
        token: Option<u64>,
    ) -> Result<(ActionEntry, Option<SearchReport>), PluginError> {
        let req = Request::Think {
            seat,
            seed,
            level: ask.level,
            iterations: ask.iterations,
            millis: ask.millis,
            flat: ask.flat,
            token,
        };
        match self.call::<BotReply>(&req) {
            Ok(r) => Ok((r.entry, Some(r.report))),
            Err(PluginError::BadRequest(m)) if predates(&m) => {
                Ok((self.bot(seat, seed, ask.level)?, None))
            }
            Err(e) => Err(e),
        }
    }
    pub fn playouts(&self, games: u32, seed: u64) -> Result<PlayoutReport, PluginError> {
        self.call(&Request::Playouts { games, seed })
    }

    /// One fast step (see `tavern_plugin_api::abi::STEP_QUERY`), or its JSON equivalent
    /// for a plugin built before the fast path existed.
    fn step(&self, op: u32, seat: usize, arg: u64) -> Result<StepReply, PluginError> {
        if !self.plugin.has_step {
            return self.step_by_json(op, seat, arg);
        }
        let mut reply = StepReply::default();
        let t = self.plugin.table;
        self.plugin
            .raw(|out| (t.step)(self.handle, op, seat as u32, arg, &mut reply, out))?;
        Ok(reply)
    }

    fn step_by_json(&self, op: u32, seat: usize, arg: u64) -> Result<StepReply, PluginError> {
        match op {
            STEP_APPLY => drop(self.apply_index(seat, arg as usize)?),
            STEP_CHANCE => drop(self.chance(arg)?),
            STEP_COUNT | STEP_QUERY => {}
            _ => return Err(PluginError::BadRequest(format!("unknown step op {op}"))),
        }
        let to_act = self.to_act()?;
        let (turn, seats, count) = match &to_act {
            ToAct::Seats(s) => {
                let mask = s.iter().filter(|&&s| s < 64).fold(0, |m, &s| m | 1 << s);
                let count = match (op, s.as_slice()) {
                    (STEP_COUNT, _) => self.legal_count(seat)? as u64,
                    (_, [only]) => self.legal_count(*only)? as u64,
                    _ => 0,
                };
                (tavern_plugin_api::abi::TURN_SEATS, mask, count)
            }
            ToAct::Chance => (TURN_CHANCE, 0, 0),
            ToAct::Over => (TURN_OVER, 0, 0),
        };
        Ok(StepReply { turn, seats, count })
    }

    /// Whose turn it is, without JSON.
    pub fn turn(&self) -> Result<Turn, PluginError> {
        self.step(STEP_QUERY, 0, 0).map(|r| Turn::of(&r))
    }

    /// How many legal actions `seat` has now; the list stays in the plugin for
    /// [`Instance::step_apply`].
    pub fn step_count(&self, seat: usize) -> Result<usize, PluginError> {
        self.step(STEP_COUNT, seat, 0).map(|r| r.count as usize)
    }

    /// Applies legal action `index` of `seat` in place, with no log text. For drivers
    /// that keep no log (simulations, benchmarks): a failure here leaves the instance
    /// unusable, where [`Instance::apply_index`] would keep its last good state.
    pub fn step_apply(&self, seat: usize, index: usize) -> Result<Turn, PluginError> {
        self.step(STEP_APPLY, seat, index as u64)
            .map(|r| Turn::of(&r))
    }

    /// Samples and applies the pending chance step from `seed`, in place, with no log.
    pub fn step_chance(&self, seed: u64) -> Result<Turn, PluginError> {
        self.step(STEP_CHANCE, 0, seed).map(|r| Turn::of(&r))
    }
}

/// Every plugin found, and every library that looked like one but cannot be used.
#[derive(Debug, Default)]
pub struct Catalog {
    pub games: Vec<Arc<Plugin>>,
    pub incompatible: Vec<Incompatible>,
}

impl Catalog {
    /// Scans the standard folders: next to the executable, the data folder's `plugins/`,
    /// and every folder in `TAVERN_PLUGIN_PATH`.
    pub fn discover() -> Catalog {
        Catalog::from_dirs(&plugin_dirs())
    }

    /// Scans `dirs` in order; the first library of a given game id wins.
    pub fn from_dirs(dirs: &[PathBuf]) -> Catalog {
        let mut files: Vec<PathBuf> = Vec::new();
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut found: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| is_plugin_file(p))
                .collect();
            found.sort();
            files.extend(found);
        }
        Catalog::from_files(&files)
    }

    pub fn from_files(files: &[PathBuf]) -> Catalog {
        let mut cat = Catalog::default();
        for path in files {
            match Plugin::load(path) {
                Ok(p) => {
                    if cat.games.iter().any(|g| g.info.id == p.info.id) {
                        continue;
                    }
                    cat.games.push(p);
                }
                Err(e) => cat.incompatible.push(Incompatible {
                    path: path.clone(),
                    reason: match e {
                        PluginError::Incompatible(m) => m,
                        other => other.to_string(),
                    },
                }),
            }
        }
        cat.games.sort_by(|a, b| a.info.name.cmp(&b.info.name));
        cat
    }

    pub fn get(&self, id: &str) -> Option<Arc<Plugin>> {
        self.games.iter().find(|g| g.info.id == id).cloned()
    }
}

/// The folders searched for plugins, in order.
pub fn plugin_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(extra) = std::env::var_os("TAVERN_PLUGIN_PATH") {
        dirs.extend(std::env::split_paths(&extra));
    }
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.parent()
    {
        dirs.push(dir.to_path_buf());
        // `cargo test` puts test executables in target/<profile>/deps.
        if dir.ends_with("deps")
            && let Some(up) = dir.parent()
        {
            dirs.push(up.to_path_buf());
        }
    }
    if let Some(p) = crate::paths::Paths::standard() {
        dirs.push(p.plugins_dir());
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::covers;
    use std::mem::{offset_of, size_of};
    use tavern_plugin_api::abi::{PluginTable, StepFn, V1_BASE_SIZE};

    #[test]
    fn optional_fields_are_tested_by_their_own_offset() {
        let step = offset_of!(PluginTable, step);
        let end = step + size_of::<StepFn>();
        // A table from before `step`: no step.
        assert!(!covers(V1_BASE_SIZE, step, size_of::<StepFn>()));
        // Exactly up to `step`, and a table from a later plugin with fields after it.
        assert!(covers(end, step, size_of::<StepFn>()));
        assert!(covers(
            end + 3 * size_of::<usize>(),
            step,
            size_of::<StepFn>()
        ));
        // Half a field is not a field.
        assert!(!covers(end - 1, step, size_of::<StepFn>()));
        // `art` came after `step` and has its own check: a plugin whose table ends
        // with `step` loads without art. Today's table ends with `art`.
        let art = offset_of!(PluginTable, art);
        let art_size = size_of::<extern "C" fn(*mut tavern_plugin_api::abi::Buffer) -> i32>();
        assert!(covers(end, step, size_of::<StepFn>()) && !covers(end, art, art_size));
        assert!(covers(art + art_size, art, art_size));
        assert_eq!(size_of::<PluginTable>(), art + art_size);
    }
}
