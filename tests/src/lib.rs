//! Support for the workspace tests: builds the plugin libraries once (a `cargo test` run
//! does not produce other members' cdylibs) and loads them through the host's real
//! loader.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

use tavern::paths::Paths;
use tavern::plugin::{Catalog, Plugin};

/// The game plugins shipped in the launcher.
pub const GAMES: &[&str] = &["dragonkeepers", "keydoms"];

/// Test-only fixture crates (`tests/fixtures/*`).
pub const FIXTURES: &[&str] = &["sealed-bid", "bad-abi", "panicky", "no-entry"];

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
        for g in GAMES {
            cmd.args(["-p", &format!("tavern-{g}")]);
        }
        for f in FIXTURES {
            cmd.args(["-p", &format!("tavern-fixture-{f}")]);
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

/// The path of fixture `name` (e.g. "bad-abi").
pub fn fixture(name: &str) -> PathBuf {
    lib_file(&format!("tavern_fixture_{}", name.replace('-', "_")))
}

/// A catalog of the real game plugins plus the `sealed-bid` test game.
pub fn plugins() -> &'static Catalog {
    static CAT: OnceLock<Catalog> = OnceLock::new();
    CAT.get_or_init(|| {
        let mut files: Vec<PathBuf> = GAMES
            .iter()
            .map(|g| lib_file(&format!("tavern_plugin_{}", g.replace('-', "_"))))
            .collect();
        files.push(fixture("sealed-bid"));
        Catalog::from_files(&files)
    })
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
