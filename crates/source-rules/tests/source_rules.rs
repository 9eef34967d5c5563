//! Rules about the source itself, checked natively:
//! - strings from data become text nodes only: no `inner_html` (or `innerHTML`) anywhere;
//! - no `unwrap`/`expect` outside tests in the widget's and the model's code: a panic in wasm kills
//!   the widget, and input from a host is hostile;
//! - the widget never logs (tool results must not reach the console).

use std::path::{Path, PathBuf};

/// The workspace root: this crate lives in `crates/source-rules`.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

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

/// The widget's, its pure core's, the model's, the layout's and the sort's source files.
fn sources() -> Vec<(PathBuf, String)> {
    sources_in(&[
        "src",
        "crates/widget-app/src",
        "crates/widget-model/src",
        "crates/graph-layout/src",
        "crates/widget-sort/src",
    ])
}

/// The source files under `dirs` (relative to the workspace root).
fn sources_in(dirs: &[&str]) -> Vec<(PathBuf, String)> {
    let root = &workspace_root();
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

/// Files that are test modules of their own: declared `#[cfg(test)] mod name;` beside them.
fn test_module_files(sources: &[(PathBuf, String)]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for (path, text) in sources {
        let dir = if path
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs")
        {
            path.parent().map(Path::to_path_buf)
        } else {
            path.parent()
                .map(|p| p.join(path.file_stem().unwrap_or_default()))
        };
        let Some(dir) = dir else { continue };
        for declaration in text.split("#[cfg(test)]").skip(1) {
            let next = declaration.trim_start();
            if let Some(name) = next
                .strip_prefix("mod ")
                .and_then(|rest| rest.split_once(';'))
                .map(|(name, _)| name.trim())
            {
                files.push(dir.join(format!("{name}.rs")));
            }
        }
    }
    files
}

/// Lines of production code (before a file's `#[cfg(test)]` module, outside comments, not in a
/// test module's own file) that contain one of `patterns`.
fn scan(sources: &[(PathBuf, String)], patterns: &[&str]) -> Vec<String> {
    let tests = test_module_files(sources);
    sources
        .iter()
        .filter(|(path, _)| !tests.contains(path))
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
        &sources_in(&[
            "src",
            "crates/widget-app/src",
            "crates/widget-model/src",
            "crates/graph-layout/src",
            "crates/widget-sort/src",
            "crates/mage-mcp-server/src",
        ]),
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

/// The module a source file is, relative to its crate's `src`: `views::table::state`, `crate` for
/// lib.rs and main.rs.
fn module_name(src_root: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(src_root)
        .unwrap_or(file)
        .with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|p| p != "mod")
        .collect();
    match parts.as_slice() {
        [only] if only == "lib" || only == "main" => "crate".to_owned(),
        _ => parts.join("::"),
    }
}

/// The modules of the crate at `src_root` that each module's production code names through
/// `crate::` or `super::` paths.
fn module_imports(
    src_root: &Path,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src_root, &mut files);
    let names: std::collections::BTreeSet<String> =
        files.iter().map(|f| module_name(src_root, f)).collect();
    let mut imports = std::collections::BTreeMap::new();
    for file in &files {
        let name = module_name(src_root, file);
        let text = std::fs::read_to_string(file).expect("readable source");
        let production = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut used = std::collections::BTreeSet::new();
        for (base, rest) in production
            .match_indices("crate::")
            .map(|(i, _)| ("crate", &production[i + 7..]))
            .chain(
                production
                    .match_indices("super::")
                    .map(|(i, _)| ("super", &production[i + 7..])),
            )
        {
            let path: Vec<&str> = rest
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap_or_default()
                .split("::")
                .collect();
            let mut full: Vec<String> = if base == "super" {
                let mut parent: Vec<String> = name.split("::").map(str::to_owned).collect();
                parent.pop();
                parent
            } else {
                Vec::new()
            };
            full.extend(path.iter().map(|p| (*p).to_owned()));
            // The longest prefix that names a module of this crate.
            if let Some(module) = (1..=full.len())
                .rev()
                .map(|k| full[..k].join("::"))
                .find(|m| names.contains(m))
            {
                if module != name {
                    used.insert(module);
                }
            }
        }
        imports.insert(name, used);
    }
    imports
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let root = &workspace_root();
    let mut cycles = Vec::new();
    for crate_src in [
        "src",
        "crates/widget-app/src",
        "crates/widget-model/src",
        "crates/graph-layout/src",
        "crates/widget-sort/src",
        "crates/mage-mcp-server/src",
    ] {
        let imports = module_imports(&root.join(crate_src));
        // Reachability from each module; a module that reaches itself is on a cycle.
        for start in imports.keys() {
            let mut seen = std::collections::BTreeSet::new();
            let mut stack: Vec<&String> = imports[start].iter().collect();
            while let Some(m) = stack.pop() {
                if m == start {
                    cycles.push(format!(
                        "{crate_src}: {start} imports a module that leads back to it"
                    ));
                    break;
                }
                if seen.insert(m.clone()) {
                    stack.extend(imports.get(m).into_iter().flatten());
                }
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "import cycles (shared types belong to the module that owns them):\n{}",
        cycles.join("\n")
    );
}

/// Every component's stylesheet (one beside each component) is inlined by index.html, and the
/// browser tests load the same list, so a new component cannot ship or be tested unstyled.
#[test]
fn every_stylesheet_is_inlined_and_tested() {
    let root = &workspace_root();
    let mut sheets = Vec::new();
    for dir in ["style", "src/views"] {
        let mut stack = vec![root.join(dir)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("readable dir") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "css") {
                    let relative = path.strip_prefix(root).expect("under root");
                    sheets.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    assert!(sheets.len() > 5, "found the stylesheets");
    let index = std::fs::read_to_string(root.join("index.html")).expect("index.html");
    let web_tests = std::fs::read_to_string(root.join("tests/web.rs")).expect("tests/web.rs");
    for sheet in &sheets {
        assert!(
            index.contains(&format!("href=\"{sheet}\"")),
            "index.html does not inline {sheet}"
        );
        assert!(
            web_tests.contains(&format!("include_str!(\"../{sheet}\")")),
            "tests/web.rs does not load {sheet}"
        );
    }
}
