//! Import cycles in a module graph: each group of modules that reach each other through imports,
//! shown as one cycle through it. A submodule that names its parent (`super::T`) while the parent
//! names it is a cycle too: what both need belongs in a module of its own.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::modules::{display, ModulePath};

/// The import graph: for each module, the modules it names.
pub type Imports = BTreeMap<ModulePath, BTreeSet<ModulePath>>;

/// One cycle per group of modules that reach each other, as `a -> b -> a`, starting at the
/// group's first module; when the group is larger than the cycle, its members follow.
pub fn cycles(imports: &Imports) -> Vec<String> {
    let mut reported: BTreeSet<&ModulePath> = BTreeSet::new();
    let mut found = Vec::new();
    for (from, targets) in imports {
        if reported.contains(from) {
            continue;
        }
        let Some(back) = targets
            .iter()
            .filter_map(|to| imports.get_key_value(to).map(|(to, _)| to))
            .filter_map(|to| shortest_path(imports, to, from))
            .min_by_key(Vec::len)
        else {
            continue;
        };
        let group = group_of(imports, from);
        let cycle: Vec<String> = std::iter::once(from)
            .chain(back)
            .map(|m| display(m))
            .collect();
        let mut line = cycle.join(" -> ");
        if group.len() + 1 > cycle.len() {
            let members: Vec<String> = group.iter().map(|m| display(m)).collect();
            line.push_str(&format!(
                " (and every other path among {})",
                members.join(", ")
            ));
        }
        reported.extend(group);
        found.push(line);
    }
    found
}

/// The modules that reach `start` and are reached from it, `start` included.
fn group_of<'a>(imports: &'a Imports, start: &'a ModulePath) -> BTreeSet<&'a ModulePath> {
    let mut group: BTreeSet<&ModulePath> = reachable(imports, start)
        .into_iter()
        .filter(|m| reachable(imports, m).contains(start))
        .collect();
    group.insert(start);
    group
}

/// The modules reachable from `start` by one import or more.
fn reachable<'a>(imports: &'a Imports, start: &ModulePath) -> BTreeSet<&'a ModulePath> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&ModulePath> = imports.get(start).into_iter().flatten().collect();
    while let Some(m) = stack.pop() {
        if let Some((key, next)) = imports.get_key_value(m) {
            if seen.insert(key) {
                stack.extend(next);
            }
        }
    }
    seen
}

/// The shortest chain of imports from `from` to `to` (breadth first), both ends included.
fn shortest_path<'a>(
    imports: &'a Imports,
    from: &'a ModulePath,
    to: &ModulePath,
) -> Option<Vec<&'a ModulePath>> {
    let mut came_from: BTreeMap<&ModulePath, &ModulePath> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(m) = queue.pop_front() {
        if m == to {
            let mut path = vec![m];
            let mut at = m;
            while at != from {
                at = came_from.get(at)?;
                path.push(at);
            }
            path.reverse();
            return Some(path);
        }
        for (next, _) in imports
            .get(m)
            .into_iter()
            .flatten()
            .filter_map(|n| imports.get_key_value(n))
        {
            if next != from && !came_from.contains_key(next) {
                came_from.insert(next, m);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> Imports {
        let path = |s: &str| -> ModulePath {
            if s == "crate" {
                Vec::new()
            } else {
                s.split("::").map(str::to_owned).collect()
            }
        };
        let mut g = Imports::new();
        for (from, to) in edges {
            g.entry(path(from)).or_default().insert(path(to));
            g.entry(path(to)).or_default();
        }
        g
    }

    #[test]
    fn each_group_of_tangled_modules_is_reported_once_with_a_cycle_through_it() {
        let g = graph(&[
            ("a", "b"),
            ("b", "c"),
            ("c", "a"),
            ("c", "d"),
            ("d", "e"),
            ("e", "d"),
            ("crate", "a"),
        ]);
        assert_eq!(cycles(&g), ["a -> b -> c -> a", "d -> e -> d"]);
        let g = graph(&[("p", "p::a"), ("p::a", "p"), ("p", "p::b"), ("p::b", "p")]);
        assert_eq!(
            cycles(&g),
            ["p -> p::a -> p (and every other path among p, p::a, p::b)"]
        );
    }

    #[test]
    fn a_graph_without_a_cycle_has_none() {
        let g = graph(&[("a", "b"), ("b", "c"), ("a", "c"), ("crate", "a")]);
        assert!(cycles(&g).is_empty());
    }

    #[test]
    fn a_module_and_its_submodule_that_name_each_other_are_a_cycle() {
        let g = graph(&[
            ("words", "words::en"),
            ("words::en", "words"),
            ("crate", "words"),
        ]);
        assert_eq!(cycles(&g), ["words -> words::en -> words"]);
    }
}
