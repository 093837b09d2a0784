//! Lists the plugin crates of the workspace (`plugins/*` for games, `tests/fixtures/*`
//! for test-only libraries) at build time, so a new game is loaded, saved and driven
//! through the UI by these tests as soon as its crate exists, without an edit here.
//!
//! Writes `$OUT_DIR/crates.rs`: `GAME_CRATES`, `GAMES`, `FIXTURE_CRATES`, `FIXTURES`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One crate found: its folder name, package name and library name.
struct Found {
    folder: String,
    package: String,
    lib: String,
}

/// The `name` of `[package]` and of `[lib]` (which defaults to the package name with
/// `-` as `_`). A line reader is enough for the two keys, and keeps the build free of a
/// TOML dependency.
fn read_names(manifest: &Path) -> Option<(String, Option<String>)> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let (mut section, mut package, mut lib) = (String::new(), None, None);
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']).trim().to_string();
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim() != "name" {
            continue;
        }
        let value = value.trim().trim_matches('"').to_string();
        match section.as_str() {
            "package" => package = Some(value),
            "lib" => lib = Some(value),
            _ => {}
        }
    }
    Some((package?, lib))
}

fn scan(dir: &Path) -> Vec<Found> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let manifest = entry.path().join("Cargo.toml");
        if !manifest.is_file() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", manifest.display());
        let Some((package, lib)) = read_names(&manifest) else {
            continue;
        };
        let lib = lib.unwrap_or_else(|| package.replace('-', "_"));
        found.push(Found {
            folder: entry.file_name().to_string_lossy().into_owned(),
            package,
            lib,
        });
    }
    found.sort_by(|a, b| a.folder.cmp(&b.folder));
    found
}

fn write_list(out: &mut String, crates_name: &str, names_name: &str, found: &[Found]) {
    writeln!(out, "pub const {crates_name}: &[PluginCrate] = &[").unwrap();
    for f in found {
        writeln!(
            out,
            "    PluginCrate {{ folder: {:?}, package: {:?}, lib: {:?} }},",
            f.folder, f.package, f.lib
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "pub const {names_name}: &[&str] = &[").unwrap();
    for f in found {
        writeln!(out, "    {:?},", f.folder).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = here.parent().expect("tests/ has a parent").to_path_buf();
    // A crate added to or removed from the workspace always changes the lock file, so
    // it (and not the whole plugins tree, whose every source edit would rebuild these
    // tests) is what makes the list be found again.
    println!(
        "cargo:rerun-if-changed={}",
        root.join("Cargo.lock").display()
    );
    println!("cargo:rerun-if-changed=build.rs");
    let games = scan(&root.join("plugins"));
    let fixtures = scan(&here.join("fixtures"));
    let mut out = String::new();
    write_list(&mut out, "GAME_CRATES", "GAMES", &games);
    write_list(&mut out, "FIXTURE_CRATES", "FIXTURES", &fixtures);
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("crates.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
