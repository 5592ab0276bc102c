//! `git stash`: local changes saved as git stores them, so the host's git reads them back.
//! A stash is a commit `W` (the working tree's tracked files) whose parents are HEAD, a
//! commit `I` of the index and, with `-u`, a parentless commit `U` of the untracked files;
//! `refs/stash` points at the newest and its reflog lists them all (`stash@{n}`). `apply`
//! and `pop` merge `W` into the current index with the merge machinery of `git merge`
//! (base: `W`'s first parent), then unstage what was not new, as git does without
//! `--index`.

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::cmd::add::stage;
use crate::cmd::checkout::{remove_work, two_way, write_work};
use crate::cmd::merge::apply as apply_merge;
use crate::cmd::status::{compute, long};
use crate::diffout::{Files, Format, Source, compare, find_renames, print};
use crate::error::{Fail, Res};
use crate::ident::{Role, ident};
use crate::ignore::Ignores;
use crate::index::{Entry, Index};
use crate::mergetree::{Labels, merge_trees};
use crate::opts::{Opt, flag, no, parse, value};
use crate::refs::Head;
use crate::repo::{Git, Repo};
use crate::worktree::{Now, Untracked, entry_now, walk};

const USAGE: &str = "git stash list [<log-options>]\n   or: git stash show [-u | --include-untracked | --only-untracked] [<diff-options>] [<stash>]\n   or: git stash drop [-q | --quiet] [<stash>]\n   or: git stash pop [--index] [-q | --quiet] [<stash>]\n   or: git stash apply [--index] [-q | --quiet] [<stash>]\n   or: git stash branch <branchname> [<stash>]\n   or: git stash [push [-p | --patch] [-S | --staged] [-k | --[no-]keep-index] [-q | --quiet]\n                 [-u | --include-untracked] [-a | --all] [(-m | --message) <message>]\n                 [--pathspec-from-file=<file> [--pathspec-file-nul]]\n                 [--] [<pathspec>...]]\n   or: git stash save [-p | --patch] [-S | --staged] [-k | --[no-]keep-index] [-q | --quiet]\n                 [-u | --include-untracked] [-a | --all] [<message>]\n   or: git stash clear\n   or: git stash create [<message>]\n   or: git stash store [(-m | --message) <message>] [-q | --quiet] <commit>";

const PUSH_OPTS: &[Opt] = &[
    value(Some('m'), "message"),
    flag(Some('u'), "include-untracked"),
    flag(Some('q'), "quiet"),
    no(Some('k'), "keep-index", false),
    no(Some('p'), "patch", false),
    no(Some('S'), "staged", false),
    no(Some('a'), "all", false),
    no(None, "pathspec-from-file", true),
];

const APPLY_OPTS: &[Opt] = &[flag(Some('q'), "quiet"), no(None, "index", false)];

const SHOW_OPTS: &[Opt] = &[
    flag(Some('p'), "patch"),
    flag(None, "stat"),
    flag(None, "name-only"),
    flag(None, "name-status"),
    no(Some('u'), "include-untracked", false),
    no(None, "only-untracked", false),
];

/// The entries of the stash reflog, newest first: (id, message).
fn entries(repo: &Repo) -> Res<Vec<(ObjectId, String)>> {
    let log = repo
        .read_opt(&repo.gpath("logs/refs/stash"))?
        .unwrap_or_default();
    let mut out = Vec::new();
    for line in String::from_utf8_lossy(&log).lines() {
        let (head, msg) = line.split_once('\t').unwrap_or((line, ""));
        if let Some(id) = head.split(' ').nth(1).and_then(crate::odb::parse_hex) {
            out.push((id, msg.to_string()));
        }
    }
    out.reverse();
    Ok(out)
}

/// Which entry `arg` names (`stash@{1}`, `1`), with the name git prints for it.
fn pick(repo: &Repo, arg: Option<&String>) -> Res<(usize, String, ObjectId)> {
    let list = entries(repo)?;
    let (n, shown) = match arg {
        None => (0, "refs/stash@{0}".to_string()),
        Some(a) => {
            let n = a
                .strip_prefix("stash@{")
                .and_then(|r| r.strip_suffix('}'))
                .unwrap_or(a)
                .parse::<usize>()
                .map_err(|_| Fail::Raw(format!("error: '{a}' is not a stash-like commit\n"), 1))?;
            (n, format!("stash@{{{n}}}"))
        }
    };
    if list.is_empty() {
        return Err(Fail::Raw("error: No stash entries found.\n".into(), 1));
    }
    match list.get(n) {
        Some((id, _)) => Ok((n, shown, *id)),
        None => Err(Fail::Raw(
            format!("error: stash@{{{n}}} is not a valid reference\n"),
            1,
        )),
    }
}

pub(crate) fn stash(g: &mut Git, args: &[String]) -> Res<i32> {
    let (sub, rest) = match args.first().map(String::as_str) {
        None => ("push", &args[..0]),
        Some(s) if s.starts_with('-') => ("push", args),
        Some(s) => (s, &args[1..]),
    };
    match sub {
        "push" => push(g, rest),
        "save" => {
            let p = parse(PUSH_OPTS, rest, USAGE)?;
            let mut a: Vec<String> = Vec::new();
            if !p.args.is_empty() {
                a.push("-m".into());
                a.push(p.args.join(" "));
            }
            if p.on("include-untracked") {
                a.push("-u".into());
            }
            if p.on("quiet") {
                a.push("-q".into());
            }
            push(g, &a)
        }
        "list" => list(g, rest),
        "show" => show(g, rest),
        "apply" => apply(g, rest, false),
        "pop" => apply(g, rest, true),
        "drop" => {
            let repo = g.open()?;
            let p = parse(APPLY_OPTS, rest, USAGE)?;
            let (n, shown, id) = pick(&repo, p.args.first())?;
            drop_entry(&repo, n)?;
            if !p.on("quiet") {
                g.outs(&format!("Dropped {shown} ({})\n", id.to_hex()))?;
            }
            Ok(0)
        }
        "clear" => {
            let repo = g.open()?;
            if !rest.is_empty() {
                return Err(Fail::fatal(
                    "git stash clear with arguments is unimplemented",
                ));
            }
            repo.delete_ref("refs/stash")?;
            Ok(0)
        }
        "branch" | "create" | "store" => Err(Fail::unsupported(&format!("'git stash {sub}'"))),
        _ => Err(Fail::Usage(format!(
            "error: unknown subcommand: `{sub}'\nusage: {USAGE}\n"
        ))),
    }
}

/// The `branch: abc1234 subject` part of a stash message.
fn on_what(repo: &Repo, head: &ObjectId) -> Res<String> {
    let branch = match repo.head()? {
        Head::Branch(r) => r.strip_prefix("refs/heads/").unwrap_or(&r).to_string(),
        Head::Detached(_) => "(no branch)".into(),
    };
    let c = repo.commit(head)?;
    Ok(format!(
        "{branch}: {} {}",
        head.to_hex_with_len(7),
        c.subject()
    ))
}

fn push(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(PUSH_OPTS, args, USAGE)?;
    if !p.args.is_empty() {
        return Err(Fail::unsupported("'git stash push' with pathspecs"));
    }
    repo.work("")?;
    let Some(head_id) = repo.head_id()? else {
        return Err(Fail::Raw(
            "You do not have the initial commit yet\n".into(),
            1,
        ));
    };
    let mut index = Index::load(&repo)?;
    if !index.conflicted().is_empty() {
        return Err(Fail::Raw("error: could not write index\n".into(), 1));
    }
    let head_commit = repo.commit(&head_id)?;
    let head_files = repo.flat_tree(&head_commit.tree)?;
    let i_tree = repo.write_tree(&index)?;
    // The working tree's version of every tracked file.
    let mut work = index.clone();
    for e in index.entries.clone() {
        g.check()?;
        match entry_now(&repo, &index, &e)? {
            Now::Same => {}
            Now::Missing => {
                work.remove(&e.path);
            }
            Now::Changed { .. } => stage(&repo, &mut work, &e.path, false)?,
        }
    }
    let w_tree = repo.write_tree(&work)?;
    let untracked = if p.on("include-untracked") {
        let mut ign = Ignores::new(g, &repo)?;
        walk(g, &repo, &index, &mut ign, Untracked::All, false)?.untracked
    } else {
        Vec::new()
    };
    if i_tree == head_commit.tree && w_tree == head_commit.tree && untracked.is_empty() {
        g.outs("No local changes to save\n")?;
        return Ok(0);
    }
    let who = ident(g, &repo.config, Role::Committer)?;
    let author = ident(g, &repo.config, Role::Author)?;
    let on = on_what(&repo, &head_id)?;
    let commit = |tree: ObjectId, parents: Vec<ObjectId>, msg: String| -> Res<ObjectId> {
        repo.write_gix(&gix_object::Commit {
            tree,
            parents: parents.into_iter().collect(),
            author: author.signature(),
            committer: who.signature(),
            encoding: None,
            message: msg.into(),
            extra_headers: Vec::new(),
        })
    };
    let i_commit = commit(i_tree, vec![head_id], format!("index on {on}\n"))?;
    let mut parents = vec![head_id, i_commit];
    if !untracked.is_empty() {
        let mut files: Vec<(Vec<u8>, u32, ObjectId)> = Vec::new();
        for path in &untracked {
            g.check()?;
            if let Some((mode, data)) = crate::worktree::read_work(&repo, path)? {
                files.push((path.clone(), mode, repo.write_object(Kind::Blob, &data)?));
            }
        }
        files.sort();
        let refs: Vec<(&[u8], u32, ObjectId)> = files
            .iter()
            .map(|(p, m, i)| (p.as_slice(), *m, *i))
            .collect();
        let u_tree = repo.write_tree_from(&refs)?;
        parents.push(commit(
            u_tree,
            vec![],
            format!("untracked files on {on}\n"),
        )?);
    }
    let title = match p.value("message") {
        Some(m) => {
            let branch = on.split(": ").next().unwrap_or("");
            format!("On {branch}: {m}")
        }
        None => format!("WIP on {on}"),
    };
    let w_commit = commit(w_tree, parents, title.clone())?;
    repo.update_ref("refs/stash", &w_commit, &who, &title)?;
    // Back to HEAD, untracked files removed when they were saved.
    let mut current = Files::new();
    for e in &index.entries {
        current.insert(e.path.clone(), (e.mode, e.id));
    }
    two_way(
        g,
        &repo,
        &mut index,
        &current,
        &head_files,
        true,
        "checkout",
    )?;
    index.save(&repo)?;
    for path in &untracked {
        remove_work(&repo, path)?;
    }
    if !p.on("quiet") {
        g.outs(&format!(
            "Saved working directory and index state {title}\n"
        ))?;
    }
    Ok(0)
}

fn list(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    if !args.is_empty() {
        return Err(Fail::unsupported("'git stash list' with options"));
    }
    let mut out = String::new();
    for (i, (_, msg)) in entries(&repo)?.iter().enumerate() {
        out.push_str(&format!("stash@{{{i}}}: {msg}\n"));
    }
    g.outs(&out)?;
    Ok(0)
}

fn show(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(SHOW_OPTS, args, USAGE)?;
    let (_, _, id) = pick(&repo, p.args.first())?;
    let w = repo.commit(&id)?;
    let base = repo.commit_files(w.parents.first())?;
    let now = repo.flat_tree(&w.tree)?;
    let src = Source {
        repo: &repo,
        work: Default::default(),
    };
    let changes = find_renames(compare(&base, &now), &src)?;
    let patch = p.on("patch");
    let f = Format {
        patch,
        stat: !patch && !p.on("name-only") && !p.on("name-status") || p.on("stat"),
        name_only: p.on("name-only"),
        name_status: p.on("name-status"),
        ..Format::default()
    };
    let prefix = repo.prefix.clone();
    print(g, &changes, &src, &f, &prefix)?;
    Ok(0)
}

/// Remove entry `n` from the stash reflog, moving `refs/stash` to the next one (or
/// removing it with the last).
fn drop_entry(repo: &Repo, n: usize) -> Res<()> {
    let path = repo.gpath("logs/refs/stash");
    let log = repo.read_opt(&path)?.unwrap_or_default();
    let mut lines: Vec<String> = String::from_utf8_lossy(&log)
        .lines()
        .map(str::to_string)
        .collect();
    let at = lines.len() - 1 - n;
    lines.remove(at);
    // git rewrites the next entry's old id to the previous entry's new id.
    if at < lines.len() {
        let prev_new = if at == 0 {
            ObjectId::null(crate::odb::SHA1).to_hex().to_string()
        } else {
            lines[at - 1].split(' ').nth(1).unwrap_or("").to_string()
        };
        if let Some(rest) = lines[at].get(41..) {
            lines[at] = format!("{prev_new} {rest}");
        }
    }
    let Some(top) = lines.last() else {
        return repo.delete_ref("refs/stash");
    };
    let top = top
        .split(' ')
        .nth(1)
        .and_then(crate::odb::parse_hex)
        .ok_or_else(|| Fail::fatal("bad stash reflog"))?;
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    repo.write_file(&path, text.as_bytes())?;
    repo.write_file(
        &repo.gpath("refs/stash"),
        format!("{}\n", top.to_hex()).as_bytes(),
    )
}

fn apply(g: &mut Git, args: &[String], pop: bool) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(APPLY_OPTS, args, USAGE)?;
    repo.work("")?;
    let (n, shown, id) = pick(&repo, p.args.first())?;
    let w = repo.commit(&id)?;
    if w.parents.len() < 2 {
        return Err(Fail::Raw(
            format!("error: '{}' is not a stash-like commit\n", id.to_hex()),
            1,
        ));
    }
    let mut index = Index::load(&repo)?;
    if !index.conflicted().is_empty() {
        return Err(Fail::Raw("error: could not write index\n".into(), 1));
    }
    let mut current = Files::new();
    for e in &index.entries {
        current.insert(e.path.clone(), (e.mode, e.id));
    }
    // Untracked files first; an existing one stops the apply.
    if let Some(u) = w.parents.get(2) {
        let files = repo.commit_files(Some(u))?;
        for path in files.keys() {
            if crate::worktree::read_work(&repo, path)?.is_some() {
                return Err(Fail::Raw(
                    format!(
                        "{} already exists, no checkout\nerror: could not restore untracked files from stash\n",
                        String::from_utf8_lossy(path)
                    ),
                    1,
                ));
            }
        }
        for (path, (mode, id)) in &files {
            write_work(g, &repo, path, *mode, id)?;
        }
    }
    let base = repo.commit_files(w.parents.first())?;
    let theirs = repo.flat_tree(&w.tree)?;
    let labels = Labels {
        ours: "Updated upstream",
        theirs: "Stashed changes",
    };
    let tm = merge_trees(g, &repo, &base, &current, &theirs, &labels)?;
    if let Err(e) = apply_merge(g, &repo, &mut index, &current, &tm) {
        if let Fail::Raw(m, _) = e {
            g.err(&m);
            return Err(Fail::Raw(
                "The stash entry is kept in case you need it again.\n".into(),
                1,
            ));
        }
        return Err(e);
    }
    let quiet = p.on("quiet");
    if !quiet {
        g.outs(&tm.messages)?;
    }
    if !tm.conflicts.is_empty() {
        index.save(&repo)?;
        if !quiet {
            let s = compute(g, &repo, &index, Untracked::Normal, false)?;
            long(g, &repo, &s, Untracked::Normal, false, false)?;
        }
        if pop {
            g.outs("The stash entry is kept in case you need it again.\n")?;
        }
        return Ok(1);
    }
    // Unstage what the stash changed, keeping the files it added.
    let mut unstaged = Index {
        entries: Vec::new(),
        mtime: index.mtime,
    };
    for e in &index.entries {
        match current.get(&e.path) {
            Some((mode, id)) => {
                let mut kept: Entry = e.clone();
                if (kept.mode, kept.id) != (*mode, *id) {
                    kept.mode = *mode;
                    kept.id = *id;
                    kept.stat = Default::default();
                }
                unstaged.entries.push(kept);
            }
            None => unstaged.entries.push(e.clone()),
        }
    }
    for (path, (mode, id)) in &current {
        if !unstaged.has_path(path) {
            unstaged.entries.push(Entry {
                path: path.clone(),
                id: *id,
                mode: *mode,
                stage: 0,
                stat: Default::default(),
                intent_to_add: false,
                skip_worktree: false,
                assume_valid: false,
            });
        }
    }
    unstaged.entries.sort_by(|a, b| a.path.cmp(&b.path));
    unstaged.save(&repo)?;
    if !quiet {
        let s = compute(g, &repo, &unstaged, Untracked::Normal, false)?;
        long(g, &repo, &s, Untracked::Normal, false, false)?;
    }
    if pop {
        drop_entry(&repo, n)?;
        if !quiet {
            g.outs(&format!("Dropped {shown} ({})\n", id.to_hex()))?;
        }
    }
    Ok(0)
}
