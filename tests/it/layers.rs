//! The layering of the crates' modules, read from their sources at run time:
//!
//! - in the interpreter, `builtins/` sits above the modules it uses (variables, expansion,
//!   jobs, the signal table…) and below the dispatcher that calls it, so no chain of
//!   `crate::…` references leads from `builtins/` back into itself;
//! - in the commands crate, no command imports another (what two share lives in `common/`),
//!   and the helpers of `common/` import each other without a circle.
//!
//! Module paths (`crate::x`, `super::x`, groups `use crate::{a, b::c}`) are folded to the
//! module they name below a root (a crate's `src/`, or a folder module such as `common/`), a
//! directory module (`builtins/`, `expand/`…) being one node.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module graph: each top-level module, the modules it references, and for each of those the
/// references that make the edge (`file: path`), to show in a failure.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// `src` with comments removed and string and character literals emptied, so that neither
/// can hold a path or a brace.
fn strip(src: &str) -> String {
    let s: Vec<char> = src.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            continue;
        }
        // Raw strings: r"…", r#"…"#, br#"…"#.
        if (c == 'r' || (c == 'b' && next == Some('r'))) && (i == 0 || !ident(s[i - 1])) {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while s.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if s.get(j) == Some(&'"') {
                j += 1;
                loop {
                    if j >= s.len() {
                        break;
                    }
                    if s[j] == '"' && (1..=hashes).all(|h| s.get(j + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
                continue;
            }
        }
        if c == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
            continue;
        }
        if c == '\'' {
            // A character literal ('x', '\n', '\u{41}', '"'); otherwise a lifetime ('a).
            if next == Some('\\') {
                let mut j = i + 3;
                while j < s.len() && s[j] != '\'' {
                    j += 1;
                }
                out.push_str("' '");
                i = j + 1;
                continue;
            }
            if s.get(i + 2) == Some(&'\'') {
                out.push_str("' '");
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Identifiers, `::` and single punctuation characters.
fn tokens(src: &str) -> Vec<String> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            out.push(s[start..i].iter().collect());
        } else if c == ':' && s.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The paths of the path (or `use` tree) starting at `toks[k]`, each as its segments, and the
/// index after it: `a::b::{c, d::e}` gives `a::b::c` and `a::b::d::e`.
fn paths_at(toks: &[String], mut k: usize) -> (Vec<Vec<String>>, usize) {
    let mut segs = Vec::new();
    while k < toks.len() {
        let t = toks[k].as_str();
        if t == "{" {
            let mut all = Vec::new();
            k += 1;
            while k < toks.len() && toks[k] != "}" {
                if toks[k] == "," {
                    k += 1;
                    continue;
                }
                let (sub, next) = paths_at(toks, k);
                all.extend(sub.into_iter().map(|p| [segs.clone(), p].concat()));
                // A `*` or `as x` inside a group: skip to the next item.
                k = next.max(k + 1);
                while k < toks.len() && toks[k] != "," && toks[k] != "}" {
                    k += 1;
                }
            }
            return (all, k + 1);
        }
        if !is_ident(t) {
            break;
        }
        segs.push(t.to_string());
        k += 1;
        if toks.get(k).map(String::as_str) == Some("::") {
            k += 1;
        } else {
            break;
        }
    }
    (vec![segs], k)
}

/// The graph of references between the top-level modules of the crate whose sources are in
/// `src` (`lib.rs`, the crate root, is not a node: every module uses its `Shell`).
fn module_graph(src: &Path) -> Graph {
    module_graph_at(src, &[])
}

/// [`module_graph`] of the folder module `src`, whose path in its crate is `root`
/// (`["common"]` for `src/common/`): its files are the nodes, and only references that stay
/// inside it are edges.
fn module_graph_at(src: &Path, root: &[&str]) -> Graph {
    // The folder's own file (`lib.rs` at a crate's root, `mod.rs` in a folder module).
    let own = if root.is_empty() { "lib" } else { "mod" };
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() || (path.extension().is_some_and(|e| e == "rs") && name != own) {
            modules.insert(name);
        }
    }
    let mut files = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut graph = Graph::new();
    for file in files {
        let rel: Vec<String> = file
            .strip_prefix(src)
            .unwrap()
            .iter()
            .map(|c| c.to_string_lossy().into_owned())
            .collect();
        if rel == [format!("{own}.rs")] {
            continue;
        }
        let stem = |f: &str| f.trim_end_matches(".rs").to_string();
        let node = stem(&rel[0]);
        // The file's module path: `builtins/jobs.rs` is `builtins::jobs`, `param/mod.rs` is
        // `param`.
        let mut module: Vec<String> = root.iter().map(|r| r.to_string()).collect();
        module.extend(rel[..rel.len() - 1].iter().cloned());
        let last = &rel[rel.len() - 1];
        if last != "mod.rs" {
            module.push(stem(last));
        }
        let shown = rel.join("/");
        let toks = tokens(&strip(&std::fs::read_to_string(&file).unwrap()));
        // Inline modules (`mod tests { … }`) open at a brace depth, so that `super::` in
        // them is read from the right place.
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0;
        let mut k = 0;
        while k < toks.len() {
            let t = toks[k].as_str();
            match t {
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    while inline.last().is_some_and(|(_, d)| *d > depth) {
                        inline.pop();
                    }
                }
                "mod" if toks.get(k + 2).map(String::as_str) == Some("{") => {
                    inline.push((toks[k + 1].clone(), depth + 1));
                }
                "crate" | "super" | "self"
                    if toks.get(k + 1).map(String::as_str) == Some("::")
                        && (k == 0 || toks[k - 1] != "::") =>
                {
                    let here: Vec<String> = module
                        .iter()
                        .cloned()
                        .chain(inline.iter().map(|(m, _)| m.clone()))
                        .collect();
                    let (paths, next) = paths_at(&toks, k);
                    for segs in paths {
                        let mut base = if segs[0] == "crate" {
                            Vec::new()
                        } else {
                            here.clone()
                        };
                        let mut i = usize::from(segs[0] == "crate");
                        while i < segs.len() && (segs[i] == "super" || segs[i] == "self") {
                            if segs[i] == "super" {
                                base.pop();
                            }
                            i += 1;
                        }
                        base.extend(segs[i..].iter().cloned());
                        let inside =
                            base.len() > root.len() && base.iter().zip(root).all(|(b, r)| b == r);
                        if let Some(target) = base.get(root.len()).filter(|_| inside)
                            && modules.contains(target)
                            && *target != node
                        {
                            graph
                                .entry(node.clone())
                                .or_default()
                                .entry(target.clone())
                                .or_default()
                                .insert(format!("{shown}: {}", base.join("::")));
                        }
                    }
                    k = next.max(k + 1);
                    continue;
                }
                _ => {}
            }
            k += 1;
        }
    }
    graph
}

/// Every elementary cycle of `graph`, each starting at its least node (`a -> b -> a` is
/// `["a", "b"]`), in order.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    fn walk(graph: &Graph, start: &str, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        let at = path.last().unwrap().clone();
        for next in graph.get(&at).into_iter().flat_map(|m| m.keys()) {
            if next == start {
                out.push(path.clone());
            } else if next.as_str() > start && !path.contains(next) {
                path.push(next.clone());
                walk(graph, start, path, out);
                path.pop();
            }
        }
    }
    let nodes: BTreeSet<&String> = graph
        .keys()
        .chain(graph.values().flat_map(|m| m.keys()))
        .collect();
    let mut out = Vec::new();
    for start in nodes {
        walk(graph, start, &mut vec![start.clone()], &mut out);
    }
    out
}

/// A cycle and the references that make each of its edges.
fn describe(graph: &Graph, cycle: &[String]) -> String {
    let mut s = format!("{} -> {}\n", cycle.join(" -> "), cycle[0]);
    for (i, from) in cycle.iter().enumerate() {
        let to = &cycle[(i + 1) % cycle.len()];
        for why in &graph[from][to] {
            s.push_str(&format!("    {from} -> {to}: {why}\n"));
        }
    }
    s
}

#[test]
fn cycles_finds_each_elementary_cycle_once() {
    let mut g = Graph::new();
    for (a, b) in [("a", "b"), ("b", "a"), ("b", "c"), ("c", "a"), ("c", "d")] {
        g.entry(a.into())
            .or_default()
            .insert(b.into(), BTreeSet::new());
    }
    assert_eq!(cycles(&g), [vec!["a", "b"], vec!["a", "b", "c"]]);
    g.get_mut("b").unwrap().remove("a");
    g.get_mut("c").unwrap().remove("a");
    assert!(cycles(&g).is_empty());
}

#[test]
fn paths_are_read_from_use_trees_and_expressions() {
    let src = r#"use crate::{a::{X, Y}, b, Z}; // crate::c
        let s = "crate::d"; let c = '"'; super::e::f(); x::crate_::g; pub(crate) fn h() {}"#;
    let toks = tokens(&strip(src));
    let mut found = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        if toks[k] == "crate" || toks[k] == "super" {
            let (paths, next) = paths_at(&toks, k);
            found.extend(paths.into_iter().map(|p| p.join("::")));
            k = next.max(k + 1);
        } else {
            k += 1;
        }
    }
    assert_eq!(
        found,
        [
            "crate::a::X",
            "crate::a::Y",
            "crate::b",
            "crate::Z",
            "super::e::f",
            "crate"
        ]
    );
}

/// `builtins/` is in no cycle of the interpreter's module graph: it uses the floors below it
/// (variables, expansion, jobs, signals) and is used by the dispatcher above it, never the
/// other way round.
#[test]
fn no_cycle_passes_through_builtins() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sandsh-interp/src");
    let graph = module_graph(&src);
    // The graph is read at all: the dispatcher calls the builtins, which read variables.
    assert!(graph["simple"].contains_key("builtins"), "{graph:#?}");
    assert!(graph["builtins"].contains_key("vars"), "{graph:#?}");
    let through: Vec<String> = cycles(&graph)
        .iter()
        .filter(|c| c.iter().any(|m| m == "builtins"))
        .map(|c| describe(&graph, c))
        .collect();
    assert!(
        through.is_empty(),
        "{} cycle(s) pass through builtins/:\n{}",
        through.len(),
        through.concat()
    );
}

/// The helpers of the commands' `common/` import each other without a circle: `quote` and the
/// pure tables at the bottom, then `diag`, `input`, `output`.
#[test]
fn no_circle_among_the_commands_helpers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sandsh-commands/src/common");
    let graph = module_graph_at(&src, &["common"]);
    // The graph is read at all: diagnostics quote, output reports through diag.
    assert!(graph["diag"].contains_key("quote"), "{graph:#?}");
    assert!(graph["output"].contains_key("diag"), "{graph:#?}");
    let found: Vec<String> = cycles(&graph).iter().map(|c| describe(&graph, c)).collect();
    assert!(
        found.is_empty(),
        "common/ imports in a circle:\n{}",
        found.concat()
    );
}

/// No command module imports another: what two commands share lives in `common/`.
#[test]
fn commands_import_no_other_command() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sandsh-commands/src");
    let graph = module_graph(&src);
    assert!(graph["cat"].contains_key("common"), "{graph:#?}");
    let helpers = ["common", "testing"];
    let found: Vec<String> = graph
        .iter()
        .filter(|(from, _)| !helpers.contains(&from.as_str()))
        .flat_map(|(from, to)| {
            to.iter()
                .filter(|(t, _)| !helpers.contains(&t.as_str()))
                .flat_map(move |(t, why)| why.iter().map(move |w| format!("{from} -> {t}: {w}")))
        })
        .collect();
    assert!(
        found.is_empty(),
        "command-to-command imports:\n{}",
        found.join("\n")
    );
}
