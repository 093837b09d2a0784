//! Support for the workspace tests: builds the plugin libraries once (a `cargo test` run
//! does not produce other members' cdylibs) and loads them through the host's real
//! loader.
//!
//! The lists of games and fixtures are not written here: the build script finds every
//! crate under `plugins/` and `tests/fixtures/`, so a new game gets the loader, save,
//! command-line and UI coverage of these tests as soon as its crate exists.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

use tavern::paths::Paths;
use tavern::plugin::{Catalog, Plugin};
use tavern_plugin_api::GameInfo;

/// A workspace crate that builds a plugin library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PluginCrate {
    /// Its folder under `plugins/` (for a game, also its game id) or `tests/fixtures/`.
    pub folder: &'static str,
    /// The cargo package name (`cargo build -p`).
    pub package: &'static str,
    /// The library name (the file is `{DLL_PREFIX}{lib}{DLL_SUFFIX}`).
    pub lib: &'static str,
}

// `GAME_CRATES` and `GAMES` (every crate in `plugins/`, by folder name, which is the game
// id), `FIXTURE_CRATES` and `FIXTURES` (every crate in `tests/fixtures/`), sorted.
include!(concat!(env!("OUT_DIR"), "/crates.rs"));

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The `target/release` folder the plugin libraries are built into.
pub fn release_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
        .join("release")
}

/// Builds every plugin and fixture library once per test process.
pub fn build_libraries() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.current_dir(workspace_root())
            .args(["build", "--release", "--quiet"]);
        for c in GAME_CRATES.iter().chain(FIXTURE_CRATES) {
            cmd.args(["-p", c.package]);
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "building the plugin libraries failed");
        release_dir()
    })
}

/// The file name of a library built from crate lib name `name` on this platform.
pub fn lib_file(name: &str) -> PathBuf {
    let file = format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    build_libraries().join(file)
}

/// The path of fixture `name` (its folder name, e.g. "bad-abi").
pub fn fixture(name: &str) -> PathBuf {
    let c = FIXTURE_CRATES
        .iter()
        .find(|c| c.folder == name)
        .unwrap_or_else(|| panic!("no fixture crate tests/fixtures/{name}"));
    lib_file(c.lib)
}

/// The library of the game crate in `plugins/{id}`.
pub fn game_lib(id: &str) -> PathBuf {
    let c = GAME_CRATES
        .iter()
        .find(|c| c.folder == id)
        .unwrap_or_else(|| panic!("no game crate plugins/{id}"));
    lib_file(c.lib)
}

/// A catalog of the real game plugins plus the `sealed-bid` test game.
pub fn plugins() -> &'static Catalog {
    static CAT: OnceLock<Catalog> = OnceLock::new();
    CAT.get_or_init(|| {
        let mut files: Vec<PathBuf> = GAMES.iter().map(|g| game_lib(g)).collect();
        files.push(fixture("sealed-bid"));
        Catalog::from_files(&files)
    })
}

/// A catalog of its own for an app under test (the app takes its catalog by value); the
/// libraries stay loaded once.
pub fn catalog() -> Catalog {
    let c = plugins();
    Catalog {
        games: c.games.clone(),
        incompatible: c.incompatible.clone(),
    }
}

/// Every seat count a game can start with its default options (an option choice may
/// narrow the game's range, e.g. a solo-only mode).
pub fn player_counts(info: &GameInfo) -> Vec<usize> {
    let (lo, hi) = tavern::session::seat_range(info, &Default::default());
    (lo..=hi).collect()
}

/// One plugin by game id, loaded through the real ABI.
pub fn plugin(id: &str) -> Arc<Plugin> {
    plugins().get(id).unwrap_or_else(|| {
        panic!(
            "plugin {id} not loaded; incompatible: {:?}",
            plugins().incompatible
        )
    })
}

/// A fresh data folder for one test, removed when the guard drops.
pub fn temp_paths() -> (tempfile::TempDir, Paths) {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = Paths::at(dir.path());
    (dir, paths)
}

/// The `tavern` binary built for this test run, with `TAVERN_PLUGIN_PATH` pointing at the
/// built libraries and `TAVERN_HOME` at `home`.
pub fn tavern_command(home: &Path) -> Command {
    let exe = build_tavern();
    let mut cmd = Command::new(exe);
    cmd.env("TAVERN_HOME", home)
        .env("TAVERN_PLUGIN_PATH", build_libraries());
    cmd
}

fn build_tavern() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .current_dir(workspace_root())
            .args([
                "build",
                "--release",
                "--quiet",
                "-p",
                "tavern",
                "--bin",
                "tavern",
            ])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building tavern failed");
        release_dir().join(format!("tavern{}", std::env::consts::EXE_SUFFIX))
    })
}
