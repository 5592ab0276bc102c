//! `git diff`: the working tree against the index, `--cached` (a commit against the
//! index), a commit against the working tree, two commits (`A B`, `A..B`, `A...B`), and
//! `--no-index` for two files, in git's output formats.

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::diffout::{Change, Files, Format, Source, compare, find_renames, print};
use crate::error::{Fail, Res};
use crate::index::Index;
use crate::odb::SHA1;
use crate::opts::{Opt, Parsed, flag, no, optional, parse, value};
use crate::pathspec::Pathspec;
use crate::repo::{Git, Repo};
use crate::revparse::{commit_or_die, resolve, unknown_revision};
use crate::worktree::snapshot;

const USAGE: &str = "git diff [<options>] [<commit>] [--] [<path>...]";

/// The options every diffing command shares (`diff`, `log -p`, `show`).
pub(crate) const DIFF_OPTS: &[Opt] = &[
    flag(Some('p'), "patch"),
    flag(Some('u'), "-u"),
    flag(Some('s'), "no-patch"),
    optional(None, "stat"),
    flag(None, "numstat"),
    flag(None, "shortstat"),
    flag(None, "name-only"),
    flag(None, "name-status"),
    flag(None, "summary"),
    value(Some('U'), "unified"),
    flag(None, "no-renames"),
    optional(Some('M'), "find-renames"),
    optional(None, "color"),
    flag(None, "no-color"),
    value(None, "src-prefix"),
    value(None, "dst-prefix"),
    flag(None, "no-prefix"),
    flag(None, "default-prefix"),
    flag(Some('R'), "-R"),
    flag(None, "minimal"),
    flag(None, "histogram"),
    flag(None, "patience"),
    value(None, "diff-algorithm"),
    flag(None, "full-index"),
    flag(None, "binary"),
    optional(None, "abbrev"),
    flag(None, "no-ext-diff"),
    flag(None, "ext-diff"),
    flag(None, "no-textconv"),
    flag(None, "textconv"),
    flag(None, "indent-heuristic"),
    value(None, "diff-filter"),
    flag(None, "raw"),
    no(Some('w'), "ignore-all-space", false),
    no(Some('b'), "ignore-space-change", false),
    no(None, "ignore-space-at-eol", false),
    no(None, "ignore-blank-lines", false),
    no(None, "word-diff", false),
    no(None, "word-diff-regex", true),
    no(None, "color-words", false),
    no(None, "color-moved", false),
    no(Some('W'), "function-context", false),
    no(None, "check", false),
    no(Some('C'), "find-copies", false),
    no(Some('B'), "break-rewrites", false),
    no(None, "dirstat", false),
    no(None, "compact-summary", false),
    no(None, "submodule", false),
    no(None, "relative", false),
    no(Some('S'), "-S", true),
    no(Some('G'), "-G", true),
];

const OWN: &[Opt] = &[
    flag(None, "cached"),
    flag(None, "staged"),
    flag(None, "no-index"),
    flag(None, "exit-code"),
    flag(None, "quiet"),
    flag(None, "merge-base"),
];

/// The diff format the shared options ask for (`patch_default`: whether a patch is shown
/// when no format is named).
pub(crate) fn format_from(p: &Parsed, patch_default: bool) -> Res<Format> {
    let mut f = Format::default();
    if let Some(c) = p.value("color")
        && c != "never"
        && c != "auto"
    {
        return Err(Fail::unsupported(&format!("--color={c}")));
    }
    if let Some(u) = p.value("unified") {
        f.context = u
            .parse()
            .map_err(|_| Fail::Usage("error: switch `U' expects a numerical value\n".into()))?;
    }
    let named = p.given("stat")
        || p.on("numstat")
        || p.on("shortstat")
        || p.on("name-only")
        || p.on("name-status");
    f.stat = p.given("stat") && p.on("stat");
    if let Some(w) = p.value("stat") {
        f.stat_width = w
            .split(',')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(80);
    }
    f.numstat = p.on("numstat");
    f.shortstat = p.on("shortstat");
    f.name_only = p.on("name-only");
    f.name_status = p.on("name-status");
    let explicit_patch = p.on("patch") || p.on("-u") || p.given("unified");
    f.patch = if p.on("no-patch") {
        false
    } else {
        explicit_patch || (patch_default && !named)
    };
    if let Some(s) = p.value("src-prefix") {
        f.src_prefix = s.to_string();
    }
    if let Some(s) = p.value("dst-prefix") {
        f.dst_prefix = s.to_string();
    }
    if p.on("no-prefix") {
        f.src_prefix.clear();
        f.dst_prefix.clear();
    }
    Ok(f)
}

/// Apply `--diff-filter`, `-R` and renames to the changes.
pub(crate) fn finish(
    p: &Parsed,
    repo: &Repo,
    mut changes: Vec<Change>,
    src: &Source,
) -> Res<Vec<Change>> {
    if p.on("-R") {
        // -R: swap the sides.
        for c in &mut changes {
            std::mem::swap(&mut c.old, &mut c.new);
            std::mem::swap(&mut c.old_path, &mut c.new_path);
        }
    }
    let renames =
        !p.on("no-renames") && repo.config.get("diff.renames").is_none_or(|v| v != "false");
    if renames {
        changes = find_renames(changes, src)?;
    }
    if let Some(filter) = p.value("diff-filter") {
        changes.retain(|c| {
            let l = c.letter();
            let upper: Vec<char> = filter.chars().filter(|c| c.is_ascii_uppercase()).collect();
            let lower: Vec<char> = filter
                .chars()
                .filter(|c| c.is_ascii_lowercase())
                .map(|c| c.to_ascii_uppercase())
                .collect();
            (upper.is_empty() || upper.contains(&l)) && !lower.contains(&l)
        });
    }
    Ok(changes)
}

fn filtered(files: &Files, spec: &Pathspec) -> Files {
    files
        .iter()
        .filter(|(p, _)| spec.matches(p))
        .map(|(p, v)| (p.clone(), *v))
        .collect()
}

fn tree_files(repo: &Repo, commit: Option<&ObjectId>) -> Res<Files> {
    repo.commit_files(commit)
}

pub(crate) fn index_files(index: &Index) -> Files {
    index
        .entries
        .iter()
        .filter(|e| e.stage == 0 && !e.intent_to_add)
        .map(|e| (e.path.clone(), (e.mode, e.id)))
        .collect()
}

/// The merge base of two commits (the first common ancestor found by date order).
pub(crate) fn merge_base(repo: &Repo, a: &ObjectId, b: &ObjectId) -> Res<Option<ObjectId>> {
    let mut seen_a = std::collections::HashSet::new();
    let mut stack = vec![*a];
    while let Some(c) = stack.pop() {
        if seen_a.insert(c) {
            stack.extend(repo.commit(&c)?.parents);
        }
    }
    let mut queue = std::collections::VecDeque::from([*b]);
    let mut seen_b = std::collections::HashSet::new();
    let mut best: Option<(i64, ObjectId)> = None;
    while let Some(c) = queue.pop_front() {
        if !seen_b.insert(c) {
            continue;
        }
        if seen_a.contains(&c) {
            let t = repo.commit(&c)?.committer.time;
            if best.is_none_or(|(bt, _)| t > bt) {
                best = Some((t, c));
            }
            continue;
        }
        queue.extend(repo.commit(&c)?.parents);
    }
    Ok(best.map(|b| b.1))
}

pub(crate) fn diff(g: &mut Git, args: &[String]) -> Res<i32> {
    let table: Vec<Opt> = DIFF_OPTS.iter().chain(OWN).copied().collect();
    if args.iter().any(|a| a == "--no-index") {
        let p = parse(&table, args, USAGE)?;
        return no_index(g, &p);
    }
    let repo = g.open()?;
    let p = parse(&table, args, USAGE)?;
    let f = format_from(&p, true)?;
    let cached = p.on("cached") || p.on("staged");
    // Revisions, then paths.
    let mut revs: Vec<String> = Vec::new();
    let mut paths: Vec<String> = p.after_dashdash().to_vec();
    for a in &p.args[..p.before_dashdash] {
        if !paths.is_empty() || (!p.dashdash && !revs.is_empty() && revs.len() >= 2) {
            paths.push(a.clone());
            continue;
        }
        let is_rev = if let Some((x, y)) = a.split_once("...").or_else(|| a.split_once("..")) {
            (x.is_empty() || resolve(&repo, x)?.is_some())
                && (y.is_empty() || resolve(&repo, y)?.is_some())
        } else {
            resolve(&repo, a)?.is_some()
        };
        if is_rev {
            revs.push(a.clone());
        } else if p.dashdash {
            return Err(unknown_revision(a));
        } else {
            let abs = g.abs(a);
            if repo.fs.lstat(&abs).is_err() && !a.contains(['*', '?', '[']) {
                return Err(unknown_revision(a));
            }
            paths.push(a.clone());
        }
    }
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(&repo, &cwd, &paths)?;
    let index = Index::load(&repo)?;
    let mut work_contents = Default::default();
    let (old, new): (Files, Files) = if revs.len() == 1 && (revs[0].contains("..")) {
        let r = &revs[0];
        let (x, y, three) = match r.split_once("...") {
            Some((x, y)) => (x, y, true),
            None => {
                let (x, y) = r.split_once("..").unwrap_or((r, ""));
                (x, y, false)
            }
        };
        let x = if x.is_empty() { "HEAD" } else { x };
        let y = if y.is_empty() { "HEAD" } else { y };
        let a = commit_or_die(&repo, x)?;
        let b = commit_or_die(&repo, y)?;
        let a = if three {
            merge_base(&repo, &a, &b)?
                .ok_or_else(|| Fail::fatal(format!("{x}...{y}: no merge base")))?
        } else {
            a
        };
        (tree_files(&repo, Some(&a))?, tree_files(&repo, Some(&b))?)
    } else if revs.len() == 2 {
        let a = rev_files(&repo, &revs[0])?;
        let b = rev_files(&repo, &revs[1])?;
        (a, b)
    } else if revs.len() > 2 {
        return Err(Fail::unsupported(
            "a combined diff of more than two revisions",
        ));
    } else if cached {
        let base = match revs.first() {
            Some(r) => rev_files(&repo, r)?,
            None => tree_files(&repo, repo.head_id()?.as_ref())?,
        };
        (base, index_files(&index))
    } else {
        repo.work("")?;
        let (files, contents) = snapshot(g, &repo, &index)?;
        work_contents = contents;
        match revs.first() {
            Some(r) => (rev_files(&repo, r)?, files),
            None => {
                // Intent-to-add entries show as new files.
                let mut old = index_files(&index);
                for e in &index.entries {
                    if e.intent_to_add {
                        old.remove(&e.path);
                    }
                }
                (old, files)
            }
        }
    };
    // Unmerged paths: git shows a combined diff (`diff --cc`) or `* Unmerged path`, which
    // this git does not write; it says so rather than leave them out.
    let two_revs = revs.len() == 2 || revs.first().is_some_and(|r| r.contains(".."));
    if !two_revs && index.conflicted().iter().any(|p| spec.matches(p)) {
        return Err(Fail::unsupported(
            "'git diff' of unmerged paths (a combined diff)",
        ));
    }
    let old = filtered(&old, &spec);
    let new = filtered(&new, &spec);
    let mut changes = compare(&old, &new);
    if !cached && revs.is_empty() {
        // The working tree against the index shows no additions (untracked files).
        changes
            .retain(|c| c.old.is_some() || index.get(&c.new_path).is_some_and(|e| e.intent_to_add));
    }
    let src = Source {
        repo: &repo,
        work: work_contents,
    };
    let changes = finish(&p, &repo, changes, &src)?;
    if !p.on("quiet") {
        print(g, &changes, &src, &f, "")?;
    }
    let differ = !changes.is_empty();
    Ok(if (p.on("exit-code") || p.on("quiet")) && differ {
        1
    } else {
        0
    })
}

/// A revision's files: a commit's tree, or a tree.
fn rev_files(repo: &Repo, spec: &str) -> Res<Files> {
    let id = resolve(repo, spec)?.ok_or_else(|| unknown_revision(spec))?;
    let (kind, id) = repo.peel(&id)?;
    match kind {
        Kind::Commit => tree_files(repo, Some(&id)),
        Kind::Tree => repo.flat_tree(&id),
        _ => Err(Fail::fatal(format!("object {} is not a tree", id.to_hex()))),
    }
}

fn no_index(g: &mut Git, p: &Parsed) -> Res<i32> {
    let f = format_from(p, true)?;
    let files: Vec<&String> = p.args.iter().collect();
    if files.len() != 2 {
        return Err(Fail::Usage(
            "usage: git diff --no-index [<options>] <path> <path>\n".into(),
        ));
    }
    let read = |g: &Git, a: &str| -> Res<(u32, Vec<u8>)> {
        let path = g.abs(a);
        let m = g.fs.stat(&path).map_err(|e| {
            Fail::Raw(format!("error: Could not access '{a}'\n"), {
                let _ = e;
                1
            })
        })?;
        if m.is_dir() {
            return Err(Fail::unsupported("git diff --no-index on directories"));
        }
        let data =
            g.fs.read(&path, None)
                .map_err(|e| Fail::io("unable to read", &path, e))?;
        Ok((
            if m.mode & 0o100 != 0 {
                0o100755
            } else {
                0o100644
            },
            data,
        ))
    };
    let (ma, da) = read(g, files[0])?;
    let (mb, db) = read(g, files[1])?;
    let ia = crate::odb::hash(Kind::Blob, &da);
    let ib = crate::odb::hash(Kind::Blob, &db);
    if ia == ib && ma == mb {
        return Ok(0);
    }
    // A repository is not needed: the contents are carried by id.
    let strip = |s: &str| {
        s.trim_start_matches("./")
            .trim_start_matches('/')
            .to_string()
    };
    let c = Change {
        old_path: strip(files[0]).into_bytes(),
        new_path: strip(files[1]).into_bytes(),
        old: Some((ma, ia)),
        new: Some((mb, ib)),
        rename: None,
    };
    let mut work = std::collections::BTreeMap::new();
    work.insert(ia, da);
    work.insert(ib, db);
    let dummy = crate::repo::Repo {
        fs: g.fs.clone(),
        git_dir: std::path::PathBuf::from("/nonexistent"),
        work: None,
        prefix: String::new(),
        config: crate::config::Config::load(g, None)?,
        packs: Default::default(),
    };
    let src = Source { repo: &dummy, work };
    if !p.on("quiet") {
        print(g, &[c], &src, &f, "")?;
    }
    let _ = ObjectId::null(SHA1);
    Ok(1)
}
