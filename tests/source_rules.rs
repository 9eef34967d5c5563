//! Rules about the source itself, checked natively:
//! - strings from data become text nodes only: no `inner_html` (or `innerHTML`) anywhere;
//! - no `unwrap`/`expect` outside tests in the widget's and the model's code: a panic in wasm kills
//!   the widget, and input from a host is hostile;
//! - the widget never logs (tool results must not reach the console).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The widget's, the model's and the layout's source files.
fn sources() -> Vec<(PathBuf, String)> {
    sources_in(&["src", "crates/model/src", "crates/layout/src"])
}

/// The source files under `dirs` (relative to the workspace root).
fn sources_in(dirs: &[&str]) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&root.join(dir), &mut files);
    }
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable source");
            (path, text)
        })
        .collect()
}

/// Lines of production code (before a file's `#[cfg(test)]` module, outside comments) that
/// contain one of `patterns`.
fn scan(sources: &[(PathBuf, String)], patterns: &[&str]) -> Vec<String> {
    sources
        .iter()
        .flat_map(|(path, text)| {
            let production = text.split("#[cfg(test)]").next().unwrap_or_default();
            production.lines().enumerate().filter_map(move |(i, line)| {
                let code = line.split("//").next().unwrap_or_default();
                patterns
                    .iter()
                    .any(|p| code.contains(p))
                    .then(|| format!("{}:{}: {}", path.display(), i + 1, line.trim()))
            })
        })
        .collect()
}

#[test]
fn no_inner_html_anywhere() {
    let found = scan(
        &sources(),
        &[
            "inner_html",
            "innerHTML",
            "outer_html",
            "insert_adjacent_html",
            "set_html",
        ],
    );
    assert!(
        found.is_empty(),
        "HTML from strings is forbidden:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_unwrap_or_expect_outside_tests() {
    let found = scan(
        &sources_in(&["src", "crates/model/src", "crates/layout/src", "crates/server/src"]),
        &[
            ".unwrap()",
            ".expect(",
            "panic!(",
            "unreachable!(",
            "todo!(",
            "unimplemented!(",
        ],
    );
    assert!(
        found.is_empty(),
        "panicking calls in production code:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_widget_never_logs() {
    let found = scan(
        &sources(),
        &[
            "console::log",
            "console::error",
            "console::warn",
            "console_log",
            "log::",
            "println!",
            "eprintln!",
            "dbg!(",
        ],
    );
    assert!(
        found.is_empty(),
        "logging in production code:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_finds_production_lines_and_skips_tests_and_comments() {
    let source = "fn a() { b.unwrap(); }\n// c.unwrap() in a comment\n#[cfg(test)]\nmod t { fn d() { e.unwrap(); } }\n";
    let found = scan(
        &[(PathBuf::from("x.rs"), source.to_owned())],
        &[".unwrap()"],
    );
    assert_eq!(found, ["x.rs:1: fn a() { b.unwrap(); }"]);
}
