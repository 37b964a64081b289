//! ARCHITECTURE.md is a map: every path it names (in backticks, from the
//! repository root) must exist, it must stay short enough to read in one
//! sitting, and it must not point outside the repository.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// The backticked spans of `text` that are paths: they contain a `/` or end
/// in a file extension the repository uses, and hold no spaces, globs or
/// placeholders.
fn paths(text: &str) -> Vec<String> {
    const EXTENSIONS: &[&str] = &[
        ".rs", ".md", ".toml", ".py", ".mjs", ".js", ".html", ".css", ".cu", ".ll", ".sh",
    ];
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c))
                && !s.starts_with('-')
                && !s.starts_with('.')
                && !s.contains("..")
                && (s.contains('/') || EXTENSIONS.iter().any(|e| s.ends_with(e)))
        })
        .map(|s| s.trim_end_matches('/').to_string())
        .collect()
}

/// Paths resolve from the repository root, or, written short inside a
/// paragraph (`lex.rs` after `core/src/frontend/`), from a folder the map
/// named before them.
#[test]
fn every_path_the_map_names_exists() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let named = paths(&text);
    assert!(
        named.len() >= 40,
        "the map names only {} paths",
        named.len()
    );
    let mut folders: Vec<std::path::PathBuf> = Vec::new();
    let mut missing = Vec::new();
    for p in &named {
        let found = std::iter::once(root().to_path_buf())
            .chain(folders.iter().rev().cloned())
            .map(|dir| dir.join(p))
            .find(|full| full.exists());
        match found {
            Some(full) if full.is_dir() => folders.push(full),
            Some(_) => {}
            None => missing.push(p.clone()),
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}

#[test]
fn the_map_is_short_and_stays_inside_the_repository() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= 250,
        "ARCHITECTURE.md has {lines} lines (at most 250)"
    );
    assert!(
        !text.contains("../"),
        "ARCHITECTURE.md links outside the repository"
    );
}

#[test]
fn path_spans_are_recognized() {
    let found = paths("see `core/src/opt/` and `Cargo.toml`, not `a b`, `x.y()` or `--flag`");
    assert_eq!(found, ["core/src/opt", "Cargo.toml"]);
}
