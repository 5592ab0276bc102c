//! `git grep`: lines of tracked files matching patterns, from the working tree (the
//! default), the index (`--cached`) or a commit's tree, limited to the working directory
//! and the pathspecs. Patterns are POSIX basic expressions as git's default (translated to
//! the `regex` crate's syntax), `-E` extended, `-F` fixed strings; `-i`, `-w`, `-v`, `-n`,
//! `-l`, `-L`, `-c`, `-h`/`-H`, `-q`, several `-e` (any of them). Status 1 when nothing
//! matched, as git's.

use gix_object::Kind;
use regex::bytes::{Regex, RegexBuilder};

use crate::error::{Fail, Res};
use crate::index::Index;
use crate::opts::{Opt, flag, no, parse, value};
use crate::pathspec::Pathspec;
use crate::repo::{Git, relative_to};
use crate::revparse::{peel_to, resolve};
use crate::textdiff::is_binary;

const USAGE: &str = "git grep [<options>] [-e] <pattern> [<rev>...] [[--] <path>...]";

const OPTS: &[Opt] = &[
    value(Some('e'), "e"),
    flag(Some('i'), "ignore-case"),
    flag(Some('w'), "word-regexp"),
    flag(Some('v'), "invert-match"),
    flag(Some('n'), "line-number"),
    flag(Some('l'), "files-with-matches"),
    flag(Some('L'), "files-without-match"),
    flag(Some('c'), "count"),
    flag(Some('h'), "h"),
    flag(Some('H'), "H"),
    flag(Some('q'), "quiet"),
    flag(Some('E'), "extended-regexp"),
    flag(Some('G'), "basic-regexp"),
    flag(Some('F'), "fixed-strings"),
    flag(Some('I'), "I"),
    flag(None, "cached"),
    flag(None, "full-name"),
    no(Some('P'), "perl-regexp", false),
    no(Some('o'), "only-matching", false),
    no(Some('A'), "after-context", true),
    no(Some('B'), "before-context", true),
    no(Some('C'), "context", true),
    no(Some('p'), "show-function", false),
    no(Some('W'), "function-context", false),
    no(None, "untracked", false),
    no(None, "no-index", false),
    no(None, "and", false),
    no(None, "or", false),
    no(None, "not", false),
    no(None, "all-match", false),
    no(Some('f'), "f", true),
    no(Some('z'), "null", false),
    no(None, "column", false),
    no(None, "recurse-submodules", false),
    no(None, "max-depth", true),
    no(None, "threads", true),
    no(None, "heading", false),
    no(None, "break", false),
];

/// A POSIX basic expression in the `regex` crate's syntax: `\|`, `\(`, `\)`, `\{`, `\}`,
/// `\+`, `\?` are the operators (GNU's extensions), the bare characters are literal.
fn from_basic(p: &str) -> String {
    let mut out = String::new();
    let mut chars = p.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        if in_class {
            out.push(c);
            if c == ']' {
                in_class = false;
            }
            continue;
        }
        match c {
            '\\' => match chars.next() {
                Some(o @ ('|' | '(' | ')' | '{' | '}' | '+' | '?')) => out.push(o),
                Some('<') | Some('>') => out.push_str("\\b"),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push_str("\\\\"),
            },
            '|' | '(' | ')' | '{' | '}' | '+' | '?' => {
                out.push('\\');
                out.push(c);
            }
            '[' => {
                in_class = true;
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push_str("\\]");
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

fn compile(p: &crate::opts::Parsed, patterns: &[String]) -> Res<Regex> {
    let parts: Vec<String> = patterns
        .iter()
        .map(|pat| {
            let re = if p.on("fixed-strings") {
                regex::escape(pat)
            } else if p.on("extended-regexp") {
                pat.clone()
            } else {
                from_basic(pat)
            };
            if p.on("word-regexp") {
                format!("(?:^|[^_[:alnum:]])(?:{re})(?:$|[^_[:alnum:]])")
            } else {
                format!("(?:{re})")
            }
        })
        .collect();
    RegexBuilder::new(&parts.join("|"))
        .case_insensitive(p.on("ignore-case"))
        .multi_line(false)
        .unicode(false)
        .build()
        .map_err(|e| Fail::fatal(format!("command line, '{}': {e}", patterns.join("', '"))))
}

pub(crate) fn grep(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    let mut patterns: Vec<String> = p.values("e").iter().map(|s| s.to_string()).collect();
    let mut rest: Vec<String> = p.args[..p.before_dashdash].to_vec();
    if patterns.is_empty() {
        if rest.is_empty() {
            return Err(Fail::fatal("no pattern given"));
        }
        patterns.push(rest.remove(0));
    }
    let mut paths: Vec<String> = p.after_dashdash().to_vec();
    let mut revs = Vec::new();
    let mut in_paths = false;
    for a in rest {
        let is_path = !p.dashdash && g.fs.lstat(&g.abs(&a)).is_ok();
        match if is_path { None } else { resolve(&repo, &a)? } {
            Some(id) if !in_paths => revs.push((a.clone(), id)),
            None if p.dashdash => return Err(crate::revparse::unknown_revision(&a)),
            _ => {
                in_paths = true;
                paths.insert(paths.len() - p.after_dashdash().len(), a);
            }
        }
    }
    if revs.len() > 1 {
        return Err(Fail::unsupported("'git grep' in more than one revision"));
    }
    let re = compile(&p, &patterns)?;
    let cwd = g.cwd.clone();
    let scope = if paths.is_empty() {
        vec![".".to_string()]
    } else {
        paths
    };
    let spec = Pathspec::new(&repo, &cwd, &scope)?;
    // The files to search: (path, blob id or none for the working tree's file).
    let mut files: Vec<(Vec<u8>, Option<gix_hash::ObjectId>)> = Vec::new();
    let tree_name = revs.first().map(|(n, _)| n.clone());
    match revs.first() {
        Some((_, id)) => {
            let tree = peel_to(&repo, id, Kind::Tree)?;
            for (path, (mode, blob)) in repo.flat_tree(&tree)? {
                if mode & 0o170000 == 0o100000 && spec.matches(&path) {
                    files.push((path, Some(blob)));
                }
            }
        }
        None => {
            let index = Index::load(&repo)?;
            for e in &index.entries {
                if e.mode & 0o170000 != 0o100000 || !spec.matches(&e.path) {
                    continue;
                }
                if files.last().is_some_and(|(l, _)| *l == e.path) {
                    continue;
                }
                let cached = p.on("cached") || e.skip_worktree;
                files.push((e.path.clone(), cached.then_some(e.id)));
            }
        }
    }
    let quiet = p.on("quiet");
    let show_name = !p.on("h") || p.on("H");
    let mut out = Vec::new();
    let mut any = false;
    let mut listed = false;
    for (path, blob) in files {
        g.check()?;
        let data = match blob {
            Some(id) => repo.object_of(&id, Kind::Blob)?,
            None => match crate::worktree::read_work(&repo, &path)? {
                Some((_, d)) => d,
                None => continue,
            },
        };
        let shown_path = {
            let rel = String::from_utf8_lossy(&path);
            let rel = if p.on("full-name") {
                rel.into_owned()
            } else {
                relative_to(&rel, &repo.prefix)
            };
            match &tree_name {
                Some(t) => format!("{t}:{rel}"),
                None => rel,
            }
        };
        let binary = is_binary(&data);
        if binary && p.on("I") {
            continue;
        }
        let mut count = 0usize;
        let mut lines_out = Vec::new();
        let mut lines = data.split(|&b| b == b'\n').collect::<Vec<_>>();
        if data.ends_with(b"\n") {
            lines.pop();
        }
        for (n, line) in lines.iter().enumerate() {
            if re.is_match(line) != p.on("invert-match") {
                count += 1;
                if !binary {
                    if show_name {
                        lines_out.extend_from_slice(shown_path.as_bytes());
                        lines_out.push(b':');
                    }
                    if p.on("line-number") {
                        lines_out.extend_from_slice(format!("{}:", n + 1).as_bytes());
                    }
                    lines_out.extend_from_slice(line);
                    lines_out.push(b'\n');
                }
            }
        }
        if count > 0 {
            any = true;
        }
        if quiet {
            if any {
                return Ok(0);
            }
            continue;
        }
        if p.on("files-without-match") {
            if count == 0 {
                listed = true;
                out.extend_from_slice(format!("{shown_path}\n").as_bytes());
            }
            continue;
        }
        if count == 0 {
            continue;
        }
        if p.on("files-with-matches") {
            out.extend_from_slice(format!("{shown_path}\n").as_bytes());
        } else if p.on("count") {
            out.extend_from_slice(format!("{shown_path}:{count}\n").as_bytes());
        } else if binary {
            out.extend_from_slice(format!("Binary file {shown_path} matches\n").as_bytes());
        } else {
            out.extend_from_slice(&lines_out);
        }
        if out.len() > 1 << 16 {
            g.out(&out)?;
            out.clear();
        }
    }
    g.out(&out)?;
    let found = if p.on("files-without-match") {
        listed
    } else {
        any
    };
    Ok(if found { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::from_basic;

    #[test]
    fn basic_expressions_translate() {
        assert_eq!(from_basic(r"a\|b"), "a|b");
        assert_eq!(from_basic("f(x)+"), r"f\(x\)\+");
        assert_eq!(from_basic(r"\(ab\)\{2\}"), "(ab){2}");
        assert_eq!(from_basic("[]a]"), r"[\]a]");
    }
}
