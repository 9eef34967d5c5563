//! Rules about the source itself, checked natively:
//! - strings from data become text nodes only: no `inner_html` (or `innerHTML`) anywhere;
//! - no `unwrap`/`expect` outside tests in the widget's and the model's code: a panic in wasm kills
//!   the widget, and input from a host is hostile;
//! - the widget never logs (tool results must not reach the console);
//! - no module names a module that leads back to it, by any form of path, in any crate of the
//!   workspace (one test per crate; the graph is built by this crate's library).

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

/// The widget's, its pure core's, the model's, the redaction's, the layout's and the sort's source
/// files.
fn sources() -> Vec<(PathBuf, String)> {
    sources_in(&[
        "src",
        "crates/widget-app/src",
        "crates/widget-model/src",
        "crates/secret-redaction/src",
        "crates/graph-layout/src",
        "crates/widget-sort/src",
        "crates/widget-result/src",
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
            "crates/secret-redaction/src",
            "crates/graph-layout/src",
            "crates/widget-sort/src",
            "crates/widget-result/src",
            "crates/mage-mcp-server/src",
            "crates/pipeline-resource-widget/src",
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

/// The source files of the crate whose sources are under `src` (relative to the workspace root),
/// by path relative to `src`, with `/`.
fn crate_files(src: &Path) -> std::collections::BTreeMap<String, String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(src).expect("under src");
            let name = relative.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("readable source");
            (name, text)
        })
        .collect()
}

/// Every crate's `src` in the workspace: the widget's (`src`) and each of `crates/*/src`.
fn every_crate_src() -> Vec<String> {
    let root = &workspace_root();
    let mut dirs: Vec<String> = std::fs::read_dir(root.join("crates"))
        .expect("readable crates dir")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.join("src").is_dir())
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            format!("crates/{name}/src")
        })
        .collect();
    dirs.sort();
    dirs.insert(0, "src".to_owned());
    dirs
}

/// No module of the crate at `src` names a module that leads back to it, by any form of path
/// (the checker's own tests, on small synthetic crates, are in this crate's library).
fn assert_no_import_cycles(src: &str) {
    let cycles = source_rules::import_cycles(&crate_files(&workspace_root().join(src)));
    assert!(
        cycles.is_empty(),
        "import cycles in {src} (what two modules both need belongs in a module of its own):\n{}",
        cycles.join("\n")
    );
}

/// The crates checked below, one test each, so a failure names its crate.
const CHECKED_FOR_IMPORT_CYCLES: &[&str] = &[
    "src",
    "crates/graph-layout/src",
    "crates/mage-mcp-server/src",
    "crates/pipeline-resource-widget/src",
    "crates/secret-redaction/src",
    "crates/source-rules/src",
    "crates/widget-app/src",
    "crates/widget-model/src",
    "crates/widget-result/src",
    "crates/widget-sort/src",
];

#[test]
fn every_crate_is_checked_for_import_cycles() {
    let mut checked = CHECKED_FOR_IMPORT_CYCLES.to_vec();
    checked.sort();
    let mut found = every_crate_src();
    found.sort();
    assert_eq!(
        checked, found,
        "a crate without its import-cycle test below"
    );
}

#[test]
fn no_import_cycles_in_the_widget() {
    assert_no_import_cycles("src");
}

#[test]
fn no_import_cycles_in_graph_layout() {
    assert_no_import_cycles("crates/graph-layout/src");
}

#[test]
fn no_import_cycles_in_the_server() {
    assert_no_import_cycles("crates/mage-mcp-server/src");
}

#[test]
fn no_import_cycles_in_the_widget_package() {
    assert_no_import_cycles("crates/pipeline-resource-widget/src");
}

#[test]
fn no_import_cycles_in_secret_redaction() {
    assert_no_import_cycles("crates/secret-redaction/src");
}

#[test]
fn no_import_cycles_in_source_rules() {
    assert_no_import_cycles("crates/source-rules/src");
}

#[test]
fn no_import_cycles_in_widget_app() {
    assert_no_import_cycles("crates/widget-app/src");
}

#[test]
fn no_import_cycles_in_widget_model() {
    assert_no_import_cycles("crates/widget-model/src");
}

#[test]
fn no_import_cycles_in_widget_sort() {
    assert_no_import_cycles("crates/widget-sort/src");
}

#[test]
fn no_import_cycles_in_widget_result() {
    assert_no_import_cycles("crates/widget-result/src");
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
    let web_tests =
        std::fs::read_to_string(root.join("tests/web/mount.rs")).expect("tests/web/mount.rs");
    for sheet in &sheets {
        assert!(
            index.contains(&format!("href=\"{sheet}\"")),
            "index.html does not inline {sheet}"
        );
        assert!(
            web_tests.contains(&format!("include_str!(\"../../{sheet}\")")),
            "tests/web/mount.rs does not load {sheet}"
        );
    }
}

/// The repository paths `ARCHITECTURE.md` names in backticks (spans with a `/` or a source file's
/// extension), outside its fenced pictures, each with the code map's row or section it is named
/// in (a table row, or the lines under a heading, whose first span is a folder): there a path may
/// also be relative to that folder, and a bare file name a file anywhere under it. A command's
/// first word counts; placeholders such as `<name>` and URLs are not paths.
fn paths_named_in(markdown: &str) -> Vec<(String, Option<String>)> {
    const EXTENSIONS: [&str; 6] = [".rs", ".css", ".mjs", ".sh", ".md", ".json"];
    let mut found = Vec::new();
    let mut fenced = false;
    let mut section: Option<String> = None;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let spans: Vec<&str> = line
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|span| span.split_whitespace().next())
            .filter(|word| !word.contains('<') && !word.contains("://"))
            .collect();
        let first = spans.first().map(|s| (*s).to_owned());
        if line.starts_with('#') {
            let about_a_path = line.trim_start_matches('#').starts_with(" `");
            section = if about_a_path { first.clone() } else { None };
        }
        let row = if line.starts_with("| `") {
            first
        } else {
            section.clone()
        };
        for word in spans {
            // A folder (`x/`) or a file (`x/y.rs`, `y.rs`); not a URL path (`/mcp`), a method
            // (`resources/read`) or a build's output (`target/…`).
            let file = EXTENSIONS.iter().any(|e| word.ends_with(e));
            let folder = word.ends_with('/');
            if (file || folder) && !word.starts_with('/') && !word.starts_with("target/") {
                found.push((word.to_owned(), row.clone()));
            }
        }
    }
    found
}

/// Whether `path`, named in a document in `folder` (in a table row about `row`, if any), is there:
/// from the repository's root, from the document's folder, or, in a row about a folder, relative
/// to it or its `src/`, or a bare file name anywhere under it.
fn names_a_file(root: &Path, folder: &Path, path: &str, row: Option<&str>) -> bool {
    let under_row = row.is_some_and(|row| {
        let row = root.join(row);
        row.is_dir()
            && (row.join(path).exists()
                || row.join("src").join(path).exists()
                || file_under(&row, path))
    });
    root.join(path).exists() || folder.join(path).exists() || under_row
}

/// Whether a file named `name` lies anywhere under `dir`.
fn file_under(dir: &std::path::Path, name: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| {
        let path = entry.path();
        let skip = path
            .file_name()
            .is_some_and(|n| n == "target" || n == "node_modules");
        !skip
            && (path.file_name().is_some_and(|n| n == name)
                || (path.is_dir() && file_under(&path, name)))
    })
}

#[test]
fn the_path_reader_takes_paths_and_leaves_the_rest() {
    let markdown = "`src/lib.rs` and `Cargo.toml`, `a.css`, `scripts/build.sh --flag`,\n\
                    `src/views/<name>/`, `https://x.y/z`, `Tone`, `/mcp`, `resources/read`,\n\
                    `target/x/`\n```\n`not/read.rs`\n```\n\
                    | `crates/x/` | `y.rs` and `z/w.rs` |\n\
                    ### `crates/v` (`v.rs`)\n`u.rs`, and\n| `w/` | `t.rs` |\n## Other\n`s.rs`\n";
    let named = |p: &str, row: Option<&str>| (p.to_owned(), row.map(str::to_owned));
    assert_eq!(
        paths_named_in(markdown),
        [
            named("src/lib.rs", None),
            named("a.css", None),
            named("scripts/build.sh", None),
            named("crates/x/", Some("crates/x/")),
            named("y.rs", Some("crates/x/")),
            named("z/w.rs", Some("crates/x/")),
            named("v.rs", Some("crates/v")),
            named("u.rs", Some("crates/v")),
            named("w/", Some("w/")),
            named("t.rs", Some("w/")),
            named("s.rs", None),
        ]
    );
}

#[test]
fn every_path_the_architecture_page_names_exists() {
    let root = workspace_root();
    let page = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paths = paths_named_in(&page);
    assert!(paths.len() > 20, "read the page's paths: {paths:?}");
    let missing: Vec<_> = paths
        .iter()
        .filter(|(path, row)| !names_a_file(&root, &root, path, row.as_deref()))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}

#[test]
fn the_code_map_names_every_crate_and_top_folder() {
    let root = workspace_root();
    let page = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut folders: Vec<String> = std::fs::read_dir(root.join("crates"))
        .expect("crates")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| format!("crates/{}", e.file_name().to_string_lossy()))
        .collect();
    // Build outputs and tool state are no part of the code; of the hidden folders only `.ci` is.
    let built = [
        "target",
        "node_modules",
        "dist",
        "crates",
        "test-results",
        "playwright-report",
    ];
    folders.extend(
        std::fs::read_dir(&root)
            .expect("root")
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| !built.contains(&name.as_str()))
            .filter(|name| !name.starts_with('.') || name == ".ci")
            .map(|name| match name.as_str() {
                // The widget crate's source is mapped by its layers.
                "src" => "src/bridge".to_owned(),
                _ => format!("{name}/"),
            }),
    );
    let missing: Vec<_> = folders
        .iter()
        .filter(|folder| {
            let bare = folder.trim_end_matches('/');
            // A row of a table, or a section's heading.
            !["| `", "# `"].iter().any(|start| {
                page.contains(&format!("{start}{folder}`"))
                    || page.contains(&format!("{start}{bare}`"))
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map lacks {missing:?}"
    );
}

/// The repository's own documents: the pages at its root, `docs/` and every README, each with its
/// text. Fixtures and installed packages are data, not documents.
fn documents(root: &Path) -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                let skipped = ["target", "node_modules", "dist", "fixtures"]
                    .contains(&name.as_str())
                    || name.starts_with('.');
                if !skipped {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|path| std::fs::read_to_string(&path).ok().map(|text| (path, text)))
        .collect()
}

/// The relative targets of a page's Markdown links (`[text](target)`), outside fenced blocks, without
/// their `#anchor`; links to the web, to mail and to an anchor of the same page are not files.
fn links_in(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            let file = target.split('#').next().unwrap_or("");
            if !file.is_empty() && !file.contains("://") && !file.starts_with("mailto:") {
                found.push(file.to_owned());
            }
        }
    }
    found
}

#[test]
fn the_link_reader_takes_relative_links_and_leaves_the_rest() {
    let markdown = "[a](docs/x.md#part) and [b](https://x.y/z), [c](#here), [d](../y.md \"t\")\n\
                    ```\n[e](not/read.md)\n```\n";
    assert_eq!(links_in(markdown), ["docs/x.md", "../y.md"]);
}

/// Files the documents name that are the user's or a service's, never the repository's: the
/// agent's and the hosts' configuration files a user writes, and Mage's own cache files.
const USERS_FILES: [&str; 5] = [
    "config.json",
    "claude_desktop_config.json",
    ".vscode/mcp.json",
    "cache/",
    "block_templates.json",
];

/// Every path a document names in backticks and every relative link in it resolves: from the
/// repository's root, or from the document's own folder. Build outputs (`dist/`, `target/`) are
/// made by the build, not kept.
#[test]
fn every_path_and_link_in_the_docs_resolves() {
    let root = workspace_root();
    let docs = documents(&root);
    assert!(docs.len() > 20, "read the documents: {}", docs.len());
    let mut missing = Vec::new();
    for (path, text) in &docs {
        let folder = path.parent().unwrap_or(&root);
        for (named, row) in paths_named_in(text) {
            let made = named.starts_with("dist/") || named.starts_with("node_modules/");
            let not_ours = named.contains('*') || USERS_FILES.contains(&named.as_str());
            if !made && !not_ours && !names_a_file(&root, folder, &named, row.as_deref()) {
                missing.push(format!(
                    "{}: `{named}`",
                    path.strip_prefix(&root).unwrap_or(path).display()
                ));
            }
        }
        for link in links_in(text) {
            if !folder.join(&link).exists() {
                missing.push(format!(
                    "{}: ({link})",
                    path.strip_prefix(&root).unwrap_or(path).display()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "documents name what is not there:\n{}",
        missing.join("\n")
    );
}
