//! Which modules each module of a crate names, by every form a path takes: `use` declarations
//! (`use crate::a;`, groups `use crate::{a, b::c}`, `self` in a group, renames, globs, `pub use`
//! re-exports), and paths in code (`crate::a::f()`, `super::T`, `self::child::x`, `$crate::…` in
//! macros, and paths that start with a name a `use` brought in or with a submodule's name). A
//! name re-exported by another module counts as the module that defines it, so a crate root that
//! only re-exports is no hub every module depends on.

use std::collections::{BTreeMap, BTreeSet};

use crate::code::{tokens, Token};
use crate::modules::{matching_brace, Module, ModulePath};

/// One name a `use` declaration brings in.
#[derive(Clone, Debug, PartialEq, Eq)]
enum UseLeaf {
    /// `use path;` / `use path as name;` / `self` in a group: `name` now stands for `path`.
    Named { path: Vec<String>, name: String },
    /// `use path::*;`
    Glob { path: Vec<String> },
}

/// What a module's code says, read once.
#[derive(Debug, Default)]
struct Names {
    uses: Vec<UseLeaf>,
    /// Paths outside `use` declarations, each at least two segments long.
    paths: Vec<Vec<String>>,
    /// Items the module defines (`struct`, `enum`, `fn`, `trait`, `type`, `const`, `static`,
    /// `union`, `macro_rules!`).
    defines: BTreeSet<String>,
}

impl Names {
    fn of(code: &str) -> Names {
        let toks = tokens(code);
        let mut names = Names::default();
        let mut i = 0;
        while i < toks.len() {
            match toks[i].1 {
                Token::Ident("use") => {
                    i = parse_use(&toks, i + 1, &mut names.uses);
                    continue;
                }
                Token::Ident(
                    "struct" | "enum" | "fn" | "trait" | "type" | "const" | "static" | "union",
                ) => {
                    if let Some((_, Token::Ident(name))) = toks.get(i + 1) {
                        names.defines.insert((*name).to_owned());
                    }
                }
                Token::Ident("macro_rules") => {
                    if let Some((_, Token::Ident(name))) = toks.get(i + 2) {
                        names.defines.insert((*name).to_owned());
                    }
                }
                Token::Ident(first) if starts_path(&toks, i) => {
                    let mut path = vec![first.to_owned()];
                    let mut j = i + 1;
                    while let (Some((_, Token::PathSep)), Some((_, Token::Ident(next)))) =
                        (toks.get(j), toks.get(j + 1))
                    {
                        path.push((*next).to_owned());
                        j += 2;
                    }
                    if path.len() > 1 && !in_visibility(&toks, i) {
                        names.paths.push(path);
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        names
    }
}

/// Whether the identifier at `i` begins a path (it is not itself a path's later segment).
fn starts_path(toks: &[(usize, Token<'_>)], i: usize) -> bool {
    i == 0 || toks[i - 1].1 != Token::PathSep
}

/// `pub(in crate::a)` names a module for visibility only: no dependency.
fn in_visibility(toks: &[(usize, Token<'_>)], i: usize) -> bool {
    i >= 2 && toks[i - 1].1 == Token::Ident("in") && toks[i - 2].1 == Token::Punct(b'(')
}

/// Parses the use tree starting at token `i` (after `use`), up to its `;`; returns the index past it.
fn parse_use(toks: &[(usize, Token<'_>)], i: usize, out: &mut Vec<UseLeaf>) -> usize {
    let mut pos = i;
    // A leading `::` names an external crate: nothing of this crate.
    if toks.get(pos).map(|t| t.1) != Some(Token::PathSep) {
        use_tree(toks, &mut pos, Vec::new(), out);
    }
    skip_past_semicolon(toks, pos)
}

fn skip_past_semicolon(toks: &[(usize, Token<'_>)], from: usize) -> usize {
    toks[from.min(toks.len())..]
        .iter()
        .position(|t| t.1 == Token::Punct(b';'))
        .map_or(toks.len(), |p| from + p + 1)
}

/// One use tree under `prefix`: a path, then a rename, a glob or a group.
fn use_tree(
    toks: &[(usize, Token<'_>)],
    pos: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<UseLeaf>,
) {
    let mut path = prefix;
    loop {
        match toks.get(*pos).map(|t| t.1) {
            Some(Token::Ident(segment)) => {
                *pos += 1;
                if toks.get(*pos).map(|t| t.1) == Some(Token::PathSep) {
                    path.push(segment.to_owned());
                    *pos += 1;
                    continue;
                }
                let rename = match (toks.get(*pos).map(|t| t.1), toks.get(*pos + 1).map(|t| t.1)) {
                    (Some(Token::Ident("as")), Some(Token::Ident(alias))) => {
                        *pos += 2;
                        Some(alias.to_owned())
                    }
                    _ => None,
                };
                // `self` in a group stands for the group's prefix.
                if segment != "self" {
                    path.push(segment.to_owned());
                }
                let Some(last) = path.last().cloned() else {
                    return;
                };
                let name = rename.unwrap_or(last);
                if name != "_" {
                    out.push(UseLeaf::Named { path, name });
                }
                return;
            }
            Some(Token::Punct(b'*')) => {
                *pos += 1;
                out.push(UseLeaf::Glob { path });
                return;
            }
            Some(Token::Punct(b'{')) => {
                let close = matching_brace(toks, *pos).unwrap_or(toks.len());
                *pos += 1;
                while *pos < close {
                    let before = *pos;
                    use_tree(toks, pos, path.clone(), out);
                    if toks.get(*pos).map(|t| t.1) == Some(Token::Punct(b',')) {
                        *pos += 1;
                    }
                    if *pos == before {
                        *pos += 1;
                    }
                }
                *pos = close + 1;
                return;
            }
            _ => return,
        }
    }
}

/// The modules of a crate and what each one's code names.
pub struct Crate<'m> {
    modules: &'m BTreeMap<ModulePath, Module>,
    names: BTreeMap<&'m ModulePath, Names>,
}

/// How many re-exports and `use` renames are followed before giving up (they cannot loop in a
/// crate that compiles; this bounds a source that does not).
const MAX_HOPS: usize = 16;

impl<'m> Crate<'m> {
    pub fn new(modules: &'m BTreeMap<ModulePath, Module>) -> Crate<'m> {
        let names = modules
            .iter()
            .map(|(path, module)| (path, Names::of(&module.code)))
            .collect();
        Crate { modules, names }
    }

    /// For each module, the other modules its code names.
    pub fn imports(&self) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
        self.modules
            .keys()
            .map(|m| {
                let names = &self.names[m];
                let named = names
                    .uses
                    .iter()
                    .map(|leaf| match leaf {
                        UseLeaf::Named { path, .. } | UseLeaf::Glob { path } => path,
                    })
                    .chain(&names.paths)
                    .filter_map(|path| self.resolve(m, path, 0))
                    .filter_map(|absolute| self.defining_module(&absolute, 0))
                    .filter(|target| target != m)
                    .collect();
                (m.clone(), named)
            })
            .collect()
    }

    /// The absolute path `path` stands for in module `m`, or `None` when it names nothing of
    /// this crate (another crate, a local item, a type's associated item).
    fn resolve(&self, m: &ModulePath, path: &[String], hops: usize) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        if hops > MAX_HOPS {
            return None;
        }
        let mut base = match first.as_str() {
            "crate" => Vec::new(),
            "self" => m.clone(),
            "super" => {
                let mut base = m.clone();
                base.pop();
                let mut rest = rest;
                while let Some(("super", tail)) = rest.split_first().map(|(h, t)| (h.as_str(), t)) {
                    base.pop();
                    rest = tail;
                }
                return Some([base, rest.to_vec()].concat());
            }
            name => return self.resolve_name(m, name, rest, hops),
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// A path that starts with a plain name: a submodule of `m`, a name a `use` of `m` brought
    /// in, or a name a glob import of `m` brought in.
    fn resolve_name(
        &self,
        m: &ModulePath,
        name: &str,
        rest: &[String],
        hops: usize,
    ) -> Option<Vec<String>> {
        let module = self.modules.get(m)?;
        if module.children.contains(name) {
            let mut path = m.clone();
            path.push(name.to_owned());
            path.extend(rest.iter().cloned());
            return Some(path);
        }
        let names = self.names.get(m)?;
        for leaf in &names.uses {
            if let UseLeaf::Named { path, name: bound } = leaf {
                if bound == name {
                    let target = self.resolve(m, path, hops + 1)?;
                    return Some([target, rest.to_vec()].concat());
                }
            }
        }
        for leaf in &names.uses {
            if let UseLeaf::Glob { path } = leaf {
                let Some(source) = self.resolve(m, path, hops + 1) else {
                    continue;
                };
                if self.binds(&source, name) {
                    let mut path = vec![name.to_owned()];
                    path.extend(rest.iter().cloned());
                    return self.resolve(&source, &path, hops + 1);
                }
            }
        }
        None
    }

    /// Whether module `m` has `name` as a submodule, an item or a `use` binding.
    fn binds(&self, m: &ModulePath, name: &str) -> bool {
        self.modules
            .get(m)
            .is_some_and(|module| module.children.contains(name))
            || self.names.get(m).is_some_and(|names| {
                names.defines.contains(name)
                    || names
                        .uses
                        .iter()
                        .any(|leaf| matches!(leaf, UseLeaf::Named { name: n, .. } if n == name))
            })
    }

    /// The module that defines what the absolute path `path` names: the longest prefix that is
    /// a module, or, when the next segment is a name that module re-exports, the module it comes
    /// from (`None` when it comes from another crate).
    fn defining_module(&self, path: &[String], hops: usize) -> Option<ModulePath> {
        let k = (0..=path.len())
            .rev()
            .find(|&k| self.modules.contains_key(&path[..k]))?;
        let module: ModulePath = path[..k].to_vec();
        let Some(next) = path.get(k) else {
            return Some(module);
        };
        let names = &self.names[&module];
        if hops > MAX_HOPS || names.defines.contains(next) {
            return Some(module);
        }
        let binding = names.uses.iter().find_map(|leaf| match leaf {
            UseLeaf::Named { path: source, name } if name == next => Some(source),
            _ => None,
        });
        // A name the module re-exports from another crate (`pub use other_crate as name;`) is
        // nothing of this crate.
        let reexported = match binding {
            Some(source) => Some(self.resolve(&module, source, hops + 1)?),
            None => None,
        };
        let from_glob = || {
            names.uses.iter().find_map(|leaf| match leaf {
                UseLeaf::Glob { path: source } => self
                    .resolve(&module, source, hops + 1)
                    .filter(|source| self.binds(source, next))
                    .map(|source| [source, vec![next.clone()]].concat()),
                _ => None,
            })
        };
        match reexported.or_else(from_glob) {
            Some(source) => {
                let source = [source, path[k + 1..].to_vec()].concat();
                self.defining_module(&source, hops + 1)
            }
            None => Some(module),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(code: &str) -> Vec<UseLeaf> {
        Names::of(code).uses
    }

    fn named(path: &str, name: &str) -> UseLeaf {
        UseLeaf::Named {
            path: path.split("::").map(str::to_owned).collect(),
            name: name.to_owned(),
        }
    }

    #[test]
    fn use_trees_are_read_in_every_form() {
        assert_eq!(leaves("use crate::mage;"), [named("crate::mage", "mage")]);
        assert_eq!(
            leaves("pub(crate) use crate::{a, b::c as d, e::{self, f::*}};"),
            [
                named("crate::a", "a"),
                named("crate::b::c", "d"),
                named("crate::e", "e"),
                UseLeaf::Glob {
                    path: vec!["crate".into(), "e".into(), "f".into()]
                },
            ]
        );
        assert_eq!(
            leaves("use super::*;"),
            [UseLeaf::Glob {
                path: vec!["super".into()]
            }]
        );
        assert_eq!(leaves("use ::std::fmt; use a::b as _;"), []);
        assert_eq!(leaves("use std::{fmt, io::Write};").len(), 2);
    }

    #[test]
    fn paths_in_code_are_collected_whole() {
        let names = Names::of(
            "fn f() { crate::a::b(); let x = super::super::c::T::new(); Vec::<u8>::new(); y; }\npub(in crate::z) fn g() {}",
        );
        let paths: Vec<String> = names.paths.iter().map(|p| p.join("::")).collect();
        assert_eq!(paths, ["crate::a::b", "super::super::c::T::new"]);
        assert!(names.defines.contains("f") && names.defines.contains("g"));
    }
}
