//! Rules about the repository's own source, read from the files and checked by
//! `tests/source_rules.rs`. A crate of its own so that checking them builds nothing else (no
//! Leptos, no server).
//!
//! The import-cycle rule needs a crate's module graph; this library builds it the way the
//! compiler sees the source ([`code`]: production code as tokens; [`modules`]: the module tree
//! from `mod` declarations; [`imports`]: what each module names, by every form of path;
//! [`cycles`]: the cycles in the graph), and is itself tested on small synthetic crates.
//!
//! Entry points: [`import_graphs`] and [`import_cycles`], over a crate's files read into a map;
//! the rules themselves are the tests in `tests/source_rules.rs`.
//!
//! Never: link the crates it checks (a rule reads the source, so checking builds nothing else).
//!
//! Depends on: nothing (std only); it reads the other crates' files, never links them.

pub mod code;
pub mod cycles;
pub mod imports;
pub mod modules;

use std::collections::{BTreeMap, BTreeSet};

use modules::ModulePath;

/// The import graph of each crate whose sources are `files` (paths relative to its `src`, with
/// `/`): one per crate root present (`lib.rs`, `main.rs`), by root file.
pub fn import_graphs(
    files: &BTreeMap<String, String>,
) -> Vec<(&'static str, BTreeMap<ModulePath, BTreeSet<ModulePath>>)> {
    ["lib.rs", "main.rs"]
        .into_iter()
        .filter(|root| files.contains_key(*root))
        .map(|root| {
            let tree = modules::module_tree(files, root);
            (root, imports::Crate::new(&tree).imports())
        })
        .collect()
}

/// The import cycles of the crate whose sources are `files`, as `root: a -> b -> a`.
pub fn import_cycles(files: &BTreeMap<String, String>) -> Vec<String> {
    import_graphs(files)
        .into_iter()
        .flat_map(|(root, graph)| {
            cycles::cycles(&graph)
                .into_iter()
                .map(move |cycle| format!("{root}: {cycle}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter()
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect()
    }

    /// What `module` (`a::b`, or `crate`) names, in the first crate of `files`.
    fn named_by(files: &BTreeMap<String, String>, module: &str) -> Vec<String> {
        let (_, graph) = import_graphs(files)
            .into_iter()
            .next()
            .expect("a crate root");
        let path: ModulePath = match module {
            "crate" => Vec::new(),
            _ => module.split("::").map(str::to_owned).collect(),
        };
        graph[&path].iter().map(|m| modules::display(m)).collect()
    }

    /// Module `b` with or without a path back to `a`.
    fn module_b(back_to_a: bool) -> &'static str {
        if back_to_a {
            "pub struct G;\npub fn g() { crate::a::f(); }"
        } else {
            "pub struct G;\npub fn g() {}"
        }
    }

    /// A crate of `lib.rs` (`mod a; mod b; mod c;`, plus `root_extra`), `a.rs` and `b.rs`.
    fn crate_with(a: &str, root_extra: &str, back_to_a: bool) -> BTreeMap<String, String> {
        files(&[
            ("lib.rs", &format!("mod a;\nmod b;\nmod c;\n{root_extra}")),
            ("a.rs", a),
            ("b.rs", module_b(back_to_a)),
            ("c.rs", "pub mod d { pub fn e() {} }"),
        ])
    }

    /// Every form in which `a` can name `b` (what it is, module `a`'s source, what the crate root
    /// adds).
    const IMPORT_FORMS: &[(&str, &str, &str)] = &[
        (
            "a module imported by use",
            "use crate::b;\npub fn f() { b::g(); }",
            "",
        ),
        (
            "a module imported alone",
            "use crate::b;\npub fn f() {}",
            "",
        ),
        ("a group", "use crate::{c, b::G};\npub fn f() {}", ""),
        (
            "a group naming the module",
            "use crate::{b, c::d};\npub fn f() {}",
            "",
        ),
        (
            "self in a nested group",
            "use crate::{b::{self}, c};\npub fn f() {}",
            "",
        ),
        (
            "a rename",
            "use crate::b as other;\npub fn f() { other::g(); }",
            "",
        ),
        ("a re-export", "pub use crate::b::g;\npub fn f() {}", ""),
        (
            "a crate:: path in code",
            "pub fn f() { let _ = crate::b::G; }",
            "",
        ),
        (
            "a super:: path in code",
            "pub fn f() { super::b::g(); }",
            "",
        ),
        (
            "a glob of the parent",
            "use super::*;\npub fn f() { b::g(); }",
            "",
        ),
        (
            "a glob of the module",
            "use crate::b::*;\npub fn f() { g(); }",
            "",
        ),
        (
            "a path in a macro",
            "macro_rules! m { () => { $crate::b::g() } }\npub fn f() {}",
            "",
        ),
        (
            "a name the root re-exports",
            "pub fn f() { crate::G; }",
            "pub use b::G;",
        ),
        (
            "a name the root re-exports by glob",
            "pub fn f() { crate::g(); }",
            "pub use b::*;",
        ),
        (
            "a path over multiple lines",
            "pub fn f() {\n    crate::b\n        ::g();\n}",
            "",
        ),
    ];

    /// Every form in which `a` can name `b`: each makes the cycle `a -> b -> a` when `b` names
    /// `a` back, and none when it does not.
    #[test]
    fn every_form_of_import_is_followed() {
        for &(form, a, root_extra) in IMPORT_FORMS {
            assert_eq!(
                import_cycles(&crate_with(a, root_extra, true)),
                ["lib.rs: a -> b -> a"],
                "{form}"
            );
            assert_eq!(
                import_cycles(&crate_with(a, root_extra, false)),
                Vec::<String>::new(),
                "{form}, without the path back"
            );
        }
    }

    #[test]
    fn self_paths_and_inline_modules_are_followed() {
        // `self::child` from a parent whose child names another module that names the parent.
        let through_self = |q_names_p: bool| {
            files(&[
                ("lib.rs", "mod p;\nmod q;"),
                (
                    "p/mod.rs",
                    "mod c;\npub struct T;\npub fn f() { self::c::g(); }",
                ),
                ("p/c.rs", "pub fn g() { crate::q::h(); }"),
                (
                    "q.rs",
                    if q_names_p {
                        "pub fn h() { let _ = crate::p::T; }"
                    } else {
                        "pub fn h() {}"
                    },
                ),
            ])
        };
        assert_eq!(
            import_cycles(&through_self(true)),
            ["lib.rs: p -> p::c -> q -> p"]
        );
        assert_eq!(import_cycles(&through_self(false)), Vec::<String>::new());
        // A parent and its child that name each other (`self::c`, `super::T`).
        let parent_child = files(&[
            ("lib.rs", "mod p;"),
            (
                "p/mod.rs",
                "mod c;\npub struct T;\npub fn f() { self::c::g(); }",
            ),
            ("p/c.rs", "pub fn g() { let _ = super::T; }"),
        ]);
        assert_eq!(named_by(&parent_child, "p"), ["p::c"], "self:: is followed");
        assert_eq!(
            named_by(&parent_child, "p::c"),
            ["p"],
            "super:: is followed"
        );
        assert_eq!(import_cycles(&parent_child), ["lib.rs: p -> p::c -> p"]);
        // An inline module's paths are its own: `a::inner -> b -> a::inner`, and `a` is on no cycle.
        let inline = files(&[
            ("lib.rs", "mod a;\nmod b;"),
            (
                "a.rs",
                "pub mod inner { pub fn h() { crate::b::g(); } }\npub fn f() {}",
            ),
            ("b.rs", "pub fn g() { crate::a::inner::h(); }"),
        ]);
        assert_eq!(
            import_cycles(&inline),
            ["lib.rs: a::inner -> b -> a::inner"]
        );
    }

    #[test]
    fn comments_strings_tests_and_other_crates_are_no_imports() {
        let a = "//! See [`crate::b::g`].\n/// Calls `crate::b`.\npub fn f() { let _ = \"crate::b::g\"; other_crate::b::g(); ::b::g(); }\npub(in crate::b) fn h() {}\n#[cfg(test)]\nmod tests { use crate::b; }\n#[cfg(test)]\nmod more_tests;";
        let crate_files = files(&[
            ("lib.rs", "mod a;\nmod b;"),
            ("a.rs", a),
            ("a/more_tests.rs", "use crate::b;"),
            ("b.rs", module_b(true)),
        ]);
        assert_eq!(import_cycles(&crate_files), Vec::<String>::new());
    }

    #[test]
    fn a_root_that_only_re_exports_is_no_hub() {
        // Both modules use names the root re-exports; neither names the other: no cycle through
        // the root.
        let crate_files = files(&[
            (
                "lib.rs",
                "mod a;\nmod b;\npub use a::*;\npub use b::{G, g};",
            ),
            ("a.rs", "pub fn f() { let _ = crate::G; }"),
            ("b.rs", "pub struct G;\npub fn g() {}"),
        ]);
        assert_eq!(
            named_by(&crate_files, "a"),
            ["b"],
            "a names b through the root"
        );
        assert_eq!(
            named_by(&crate_files, "crate"),
            ["a", "b"],
            "the root re-exports both"
        );
        assert_eq!(import_cycles(&crate_files), Vec::<String>::new());
    }

    #[test]
    fn a_name_re_exported_from_another_crate_is_no_import() {
        let crate_files = files(&[
            (
                "lib.rs",
                "pub use other_crate as app;\npub mod bridge;\npub fn start() { bridge::run(); }",
            ),
            (
                "bridge.rs",
                "use crate::app::Event;\npub fn run() { crate::app::go(); }",
            ),
        ]);
        assert_eq!(import_cycles(&crate_files), Vec::<String>::new());
    }

    #[test]
    fn a_binary_beside_a_library_is_a_crate_of_its_own() {
        let crate_files = files(&[
            ("lib.rs", "mod a;\nmod b;"),
            ("main.rs", "mod a;\nfn main() {}"),
            ("a.rs", "pub fn f() { crate::b::g(); }"),
            ("b.rs", module_b(true)),
        ]);
        let roots: Vec<&str> = import_graphs(&crate_files)
            .into_iter()
            .map(|(r, _)| r)
            .collect();
        assert_eq!(roots, ["lib.rs", "main.rs"]);
        assert_eq!(import_cycles(&crate_files), ["lib.rs: a -> b -> a"]);
    }
}
