//! A crate's module tree, found as the compiler finds it: from the crate root, through each
//! `mod name;` (a file `name.rs` or `name/mod.rs` beside the parent's own directory) and each
//! inline `mod name { … }`. Test modules (`#[cfg(test)]`) are no part of it.

use std::collections::{BTreeMap, BTreeSet};

use crate::code::{production_code, tokens, Token};

/// A module's path from the crate root (empty for the root itself).
pub type ModulePath = Vec<String>;

/// One module: its own production code (inline submodules blanked out) and its submodules.
#[derive(Debug, Default)]
pub struct Module {
    pub code: String,
    pub children: BTreeSet<String>,
}

/// The modules of the crate whose root file is `root_file`, by path. `files` maps each source
/// file's path relative to the crate's `src` (with `/`) to its text.
pub fn module_tree(
    files: &BTreeMap<String, String>,
    root_file: &str,
) -> BTreeMap<ModulePath, Module> {
    let mut modules = BTreeMap::new();
    let root_code = files
        .get(root_file)
        .map_or_else(String::new, |t| production_code(t));
    let mut pending = vec![(ModulePath::new(), root_code, String::new())];
    while let Some((path, code, dir)) = pending.pop() {
        let mut module = Module {
            code,
            children: BTreeSet::new(),
        };
        for declared in declarations(&module.code) {
            let mut child_path = path.clone();
            child_path.push(declared.name.clone());
            let child_dir = format!("{dir}{}/", declared.name);
            let child_code = match declared.body {
                Some((open, close)) => module.code[open + 1..close].to_owned(),
                None => [
                    format!("{dir}{}.rs", declared.name),
                    format!("{child_dir}mod.rs"),
                ]
                .iter()
                .find_map(|file| files.get(file))
                .map_or_else(String::new, |t| production_code(t)),
            };
            module.children.insert(declared.name);
            pending.push((child_path, child_code, child_dir));
        }
        // An inline module's code is its own, not its parent's.
        for (open, close) in declarations(&module.code)
            .into_iter()
            .filter_map(|d| d.body)
        {
            module
                .code
                .replace_range(open..=close, &" ".repeat(close + 1 - open));
        }
        modules.insert(path, module);
    }
    modules
}

/// A `mod` item: its name, and for an inline module the offsets of its braces.
struct Declaration {
    name: String,
    body: Option<(usize, usize)>,
}

/// The `mod` items at the top of `code` (those inside an inline module belong to it).
fn declarations(code: &str) -> Vec<Declaration> {
    let toks = tokens(code);
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < toks.len() {
        match (toks[i].1, toks[i + 1].1, toks[i + 2]) {
            (Token::Ident("mod"), Token::Ident(name), (_, Token::Punct(b';'))) => {
                found.push(Declaration {
                    name: name.to_owned(),
                    body: None,
                });
                i += 3;
            }
            (Token::Ident("mod"), Token::Ident(name), (open, Token::Punct(b'{'))) => {
                let close = matching_brace(&toks, i + 2);
                found.push(Declaration {
                    name: name.to_owned(),
                    body: Some((open, close.map_or(code.len() - 1, |c| toks[c].0))),
                });
                i = close.map_or(toks.len(), |c| c + 1);
            }
            _ => i += 1,
        }
    }
    found
}

/// The index of the token closing the brace opened at token `open`.
pub fn matching_brace(toks: &[(usize, Token<'_>)], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, (_, t)) in toks.iter().enumerate().skip(open) {
        match t {
            Token::Punct(b'{') => depth += 1,
            Token::Punct(b'}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

/// A module path as people write it: `crate` for the root, else `a::b`.
pub fn display(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter()
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect()
    }

    #[test]
    fn modules_come_from_declarations_in_files_and_inline() {
        let files = files(&[
            ("lib.rs", "pub mod a;\nmod b;\nmod inline { pub mod deeper { fn f() {} } mod file_child; }\n#[cfg(test)]\nmod tests;"),
            ("a.rs", "mod child;"),
            ("a/child.rs", "// crate::b"),
            ("b/mod.rs", "pub(crate) mod c;"),
            ("b/c.rs", ""),
            ("inline/file_child.rs", "fn g() {}"),
            ("tests.rs", "use crate::a;"),
            ("orphan.rs", "use crate::a;"),
        ]);
        let tree = module_tree(&files, "lib.rs");
        let names: Vec<String> = tree.keys().map(|p| display(p)).collect();
        assert_eq!(
            names,
            [
                "crate",
                "a",
                "a::child",
                "b",
                "b::c",
                "inline",
                "inline::deeper",
                "inline::file_child"
            ]
        );
        assert!(tree[&vec!["inline".to_owned(), "file_child".to_owned()]]
            .code
            .contains("fn g"));
        assert!(
            !tree[&vec![]].code.contains("deeper"),
            "the inline module's code is its own"
        );
        assert!(tree[&vec!["inline".to_owned(), "deeper".to_owned()]]
            .code
            .contains("fn f"));
    }
}
