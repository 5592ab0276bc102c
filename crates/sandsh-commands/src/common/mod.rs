//! The commands' shared layer: helper modules, one per concept, that the command modules build
//! on and that are no command themselves.
//!
//! Kept apart from the command modules so that the crate's root lists commands and only
//! commands, and so that what is shared is visibly shared: a command never imports another
//! command, it imports a concept from here. The modules form a layer without circles (a test
//! below reads their sources and checks it): `quote` and the pure tables at the bottom, then
//! `diag`, then `input`, then `output` and the helpers that read or print.

pub(crate) mod base64;
pub(crate) mod blocks;
pub(crate) mod date_parse;
pub(crate) mod devices;
pub(crate) mod diag;
pub(crate) mod file_type;
#[cfg(feature = "rg")]
pub(crate) mod gitignore;
pub(crate) mod input;
pub mod mode;
pub(crate) mod obsolete;
pub(crate) mod operand_pairs;
pub(crate) mod output;
pub(crate) mod paths;
pub(crate) mod program_lookup;
pub(crate) mod prompt;
pub(crate) mod quote;
pub(crate) mod sizes;
pub(crate) mod sysinfo;
pub(crate) mod time_format;
pub(crate) mod users;

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "the tests read this crate's own sources, not a file a command could reach"
)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    /// The modules of `common/` and, for each, the others it names (`super::X` or
    /// `crate::common::X`), read from the sources so that a new import is seen the day it lands.
    fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/common");
        let mut sources = BTreeMap::new();
        for entry in std::fs::read_dir(dir).expect("common/ is readable") {
            let path = entry.expect("a directory entry").path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if path.extension().is_some_and(|e| e == "rs") && stem != "mod" {
                let text = std::fs::read_to_string(&path).expect("a readable source");
                sources.insert(stem.to_string(), code_of(&text));
            }
        }
        let names: BTreeSet<String> = sources.keys().cloned().collect();
        sources
            .iter()
            .map(|(module, text)| {
                let uses = names
                    .iter()
                    .filter(|other| *other != module)
                    .filter(|other| {
                        [format!("super::{other}"), format!("crate::common::{other}")]
                            .iter()
                            .any(|p| mentions(text, p))
                    })
                    .cloned()
                    .collect();
                (module.clone(), uses)
            })
            .collect()
    }

    /// The lines of a source that are not comments (a doc link to a module is no import).
    fn code_of(text: &str) -> String {
        text.lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether `text` holds the path `p` followed by something that ends an identifier (so
    /// that `super::input` does not count as `super::in`).
    fn mentions(text: &str, p: &str) -> bool {
        text.match_indices(p).any(|(i, _)| {
            !text[i + p.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    }

    /// A circle in the graph, as the list of modules along it, if there is one.
    fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
        fn visit(
            node: &str,
            graph: &BTreeMap<String, BTreeSet<String>>,
            done: &mut BTreeSet<String>,
            stack: &mut Vec<String>,
        ) -> Option<Vec<String>> {
            if let Some(at) = stack.iter().position(|n| n == node) {
                let mut cycle = stack[at..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            if done.contains(node) {
                return None;
            }
            stack.push(node.to_string());
            for next in graph.get(node).into_iter().flatten() {
                if let Some(c) = visit(next, graph, done, stack) {
                    return Some(c);
                }
            }
            stack.pop();
            done.insert(node.to_string());
            None
        }
        let mut done = BTreeSet::new();
        graph
            .keys()
            .find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
    }

    #[test]
    fn no_circle_among_the_helpers() {
        let graph = import_graph();
        assert!(graph.contains_key("diag") && graph["diag"].contains("quote"));
        if let Some(cycle) = find_cycle(&graph) {
            panic!(
                "common/ modules import each other in a circle: {}",
                cycle.join(" -> ")
            );
        }
    }

    #[test]
    fn a_circle_is_found() {
        let mut graph = BTreeMap::new();
        graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
        graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
        graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
        assert!(find_cycle(&graph).is_some());
        graph.insert("c".to_string(), BTreeSet::new());
        assert!(find_cycle(&graph).is_none());
    }

    /// No command module imports another: what two commands share lives in `common/`.
    #[test]
    fn commands_import_no_other_command() {
        let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let lib = std::fs::read_to_string(format!("{src}/lib.rs")).expect("lib.rs is readable");
        let commands: Vec<&str> = lib
            .lines()
            .filter_map(|l| l.trim().strip_prefix("mod "))
            .filter_map(|l| l.strip_suffix(';'))
            // The shared layer itself, and the crate's test helpers, are not commands.
            .filter(|m| !matches!(*m, "common" | "testing"))
            .collect();
        let mut stack = vec![std::path::PathBuf::from(src)];
        let mut found = Vec::new();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("a readable directory") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let text = code_of(&text);
                for c in &commands {
                    let own = path
                        .strip_prefix(src)
                        .ok()
                        .and_then(|p| p.components().next())
                        .and_then(|c| c.as_os_str().to_str())
                        .map(|s| s.trim_end_matches(".rs").to_string());
                    // `super::X` names a command too in a module at the crate's top level.
                    let top = path.parent() == Some(std::path::Path::new(src))
                        || (path.file_name().is_some_and(|n| n == "mod.rs")
                            && path.parent().and_then(|p| p.parent())
                                == Some(std::path::Path::new(src)));
                    let named = mentions(&text, &format!("crate::{c}"))
                        || (top && mentions(&text, &format!("super::{c}")));
                    if own.as_deref() != Some(c) && named {
                        found.push(format!("{} uses crate::{c}", path.display()));
                    }
                }
            }
        }
        assert!(found.is_empty(), "command-to-command imports: {found:?}");
    }
}
