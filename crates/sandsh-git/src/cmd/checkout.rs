//! Moving between states: `checkout`, `switch`, `restore` and `reset`. Switching branches
//! is git's two-way merge: a path that differs between the two commits is updated unless
//! the index or the working tree has changes of its own there (then nothing moves and git's
//! error lists the files); every other local change is carried along.

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::diffout::Files;
use crate::error::{Fail, Res};
use crate::ident::{Role, ident};
use crate::index::{Entry, Index, stat_of, wfile};
use crate::opts::{Opt, flag, no, optional, parse, value};
use crate::pathspec::Pathspec;
use crate::quote::show;
use crate::refs::{Head, valid_ref_name};
use crate::repo::{Git, Repo};
use crate::revparse::{commit_or_die, resolve};
use crate::worktree::{Now, entry_now, read_work};

/// Write a blob to the working tree at `path` with `mode`.
pub(crate) fn write_work(
    g: &Git,
    repo: &Repo,
    path: &[u8],
    mode: u32,
    id: &ObjectId,
) -> Res<sandsh_vfs::Metadata> {
    let work = repo.work("")?;
    let p = wfile(work, path);
    if let Some(parent) = p.parent() {
        // A file where a directory must go is replaced.
        let mut d = parent.to_path_buf();
        let mut chain = Vec::new();
        while d.starts_with(work) && d != work {
            chain.push(d.clone());
            if !d.pop() {
                break;
            }
        }
        for d in chain.iter().rev() {
            if repo.fs.lstat(d).is_ok_and(|m| !m.is_dir()) {
                let _ = repo.fs.remove(d, false);
            }
        }
        repo.fs
            .mkdir(parent, 0o755, true)
            .map_err(|e| Fail::io("unable to create directory", parent, e))?;
    }
    let data = repo.object_of(id, Kind::Blob)?;
    if let Ok(m) = repo.fs.lstat(&p) {
        if m.is_dir() {
            repo.fs
                .remove(&p, true)
                .map_err(|e| Fail::io("unable to remove", &p, e))?;
        } else if m.is_symlink() || mode == 0o120000 {
            let _ = repo.fs.remove(&p, false);
        }
    }
    if mode == 0o120000 {
        let target = String::from_utf8_lossy(&data).into_owned();
        repo.fs
            .symlink(std::path::Path::new(&target), &p)
            .map_err(|e| Fail::io("unable to create symlink", &p, e))?;
    } else {
        let fmode = if mode & 0o111 != 0 { 0o777 } else { 0o666 } & !g.ctx.umask();
        repo.fs
            .write(&p, &data, sandsh_vfs::WriteMode::Truncate, fmode)
            .map_err(|e| Fail::io("unable to write", &p, e))?;
        let _ = repo.fs.chmod(&p, fmode);
    }
    repo.fs
        .lstat(&p)
        .map_err(|e| Fail::io("unable to stat", &p, e))
}

/// Remove a working-tree file and the directories it leaves empty.
pub(crate) fn remove_work(repo: &Repo, path: &[u8]) -> Res<()> {
    let work = repo.work("")?.to_path_buf();
    let p = wfile(&work, path);
    if repo.fs.lstat(&p).is_ok_and(|m| !m.is_dir()) {
        repo.fs
            .remove(&p, false)
            .map_err(|e| Fail::io("unable to unlink", &p, e))?;
    }
    let mut d = p.parent().map(|x| x.to_path_buf());
    while let Some(dir) = d {
        if dir == work
            || !dir.starts_with(&work)
            || repo.fs.list(&dir).map_or(true, |l| !l.is_empty())
        {
            break;
        }
        let _ = repo.fs.remove(&dir, false);
        d = dir.parent().map(|x| x.to_path_buf());
    }
    Ok(())
}

/// An index entry for a file just written.
fn entry(path: &[u8], mode: u32, id: ObjectId, m: Option<&sandsh_vfs::Metadata>) -> Entry {
    Entry {
        path: path.to_vec(),
        id,
        mode,
        stage: 0,
        stat: m.map(stat_of).unwrap_or_default(),
        intent_to_add: false,
        skip_worktree: false,
        assume_valid: false,
    }
}

/// Move the index and working tree from `from` to `to` (git's two-way merge); with
/// `force`, local changes are thrown away. Returns the error text when files are in the way.
pub(crate) fn two_way(
    g: &Git,
    repo: &Repo,
    index: &mut Index,
    from: &Files,
    to: &Files,
    force: bool,
    verb: &str,
) -> Res<()> {
    let mut paths: Vec<&Vec<u8>> = from.keys().chain(to.keys()).collect();
    paths.sort();
    paths.dedup();
    let mut local = Vec::new();
    let mut untracked = Vec::new();
    if !force {
        for p in &paths {
            g.check()?;
            let (f, t) = (from.get(*p), to.get(*p));
            if f == t {
                continue;
            }
            match index.get(p).cloned() {
                Some(e) => {
                    let staged = Some(&(e.mode, e.id));
                    if staged == t {
                        continue;
                    }
                    if staged != f || !matches!(entry_now(repo, index, &e)?, Now::Same) {
                        local.push((*p).clone());
                    }
                }
                None => {
                    if let Some((mode, id)) = t
                        && let Some((wm, data)) = read_work(repo, p)?
                    {
                        if !(crate::odb::hash(Kind::Blob, &data) == *id && wm == *mode) {
                            untracked.push((*p).clone());
                        }
                    } else if f.is_some() && read_work(repo, p)?.is_some() {
                        // Deleted in the index but present: a local change.
                        local.push((*p).clone());
                    }
                }
            }
        }
        if !local.is_empty() || !untracked.is_empty() {
            let mut msg = String::new();
            if !local.is_empty() {
                msg.push_str(&format!("error: Your local changes to the following files would be overwritten by {verb}:\n"));
                for p in &local {
                    msg.push_str(&format!("\t{}\n", show(p)));
                }
                msg.push_str(if verb == "checkout" {
                    "Please commit your changes or stash them before you switch branches.\n"
                } else {
                    "Please commit your changes or stash them before you merge.\n"
                });
            }
            if !untracked.is_empty() {
                msg.push_str(&format!("error: The following untracked working tree files would be overwritten by {verb}:\n"));
                for p in &untracked {
                    msg.push_str(&format!("\t{}\n", show(p)));
                }
                msg.push_str(if verb == "checkout" {
                    "Please move or remove them before you switch branches.\n"
                } else {
                    "Please move or remove them before you merge.\n"
                });
            }
            msg.push_str("Aborting\n");
            return Err(Fail::Raw(msg, 1));
        }
    }
    for p in &paths {
        g.check()?;
        let (f, t) = (from.get(*p), to.get(*p));
        if !force && f == t {
            continue;
        }
        match t {
            Some((mode, id)) => {
                let unchanged =
                    !force && index.get(p).is_some_and(|e| (e.mode, e.id) == (*mode, *id));
                if unchanged {
                    continue;
                }
                let m = write_work(g, repo, p, *mode, id)?;
                index.upsert(entry(p, *mode, *id, Some(&m)));
            }
            None => {
                index.remove(p);
                remove_work(repo, p)?;
            }
        }
    }
    if force {
        // Tracked files not in the target go.
        let extra: Vec<Vec<u8>> = index
            .entries
            .iter()
            .filter(|e| !to.contains_key(&e.path))
            .map(|e| e.path.clone())
            .collect();
        for p in extra {
            index.remove(&p);
            remove_work(repo, &p)?;
        }
    }
    Ok(())
}

/// The `M\tpath` lines git prints for local changes carried to a new HEAD.
fn local_changes(g: &Git, repo: &Repo, index: &Index, head: &Files) -> Res<String> {
    let mut out = String::new();
    let mut rows: Vec<(Vec<u8>, char)> = Vec::new();
    for e in &index.entries {
        g.check()?;
        let staged = head.get(&e.path) != Some(&(e.mode, e.id));
        let now = entry_now(repo, index, e)?;
        let letter = match now {
            Now::Missing => 'D',
            Now::Changed { .. } => 'M',
            Now::Same if staged && !head.contains_key(&e.path) => 'A',
            Now::Same if staged => 'M',
            Now::Same => continue,
        };
        rows.push((e.path.clone(), letter));
    }
    for p in head.keys() {
        if !index.has_path(p) {
            rows.push((p.clone(), 'D'));
        }
    }
    rows.sort();
    for (p, l) in rows {
        out.push_str(&format!(
            "{l}\t{}\n",
            show(repo.display(&String::from_utf8_lossy(&p)).as_bytes())
        ));
    }
    Ok(out)
}

/// Switch HEAD to `target` (a branch name, or a commit to detach at).
#[allow(clippy::too_many_arguments)]
fn switch_to(
    g: &mut Git,
    repo: &Repo,
    target: Option<&str>,
    commit: ObjectId,
    force: bool,
    new_branch: Option<(&str, bool)>,
    detach: bool,
    quiet: bool,
) -> Res<i32> {
    let mut index = Index::load(repo)?;
    let cur = repo.head()?;
    let cur_id = repo.head_id()?;
    let from = repo.commit_files(cur_id.as_ref())?;
    let to = repo.commit_files(Some(&commit))?;
    two_way(g, repo, &mut index, &from, &to, force, "checkout")?;
    index.save(repo)?;
    let who = ident(g, &repo.config, Role::Committer).ok();
    let from_name = match &cur {
        Head::Branch(_) => cur.branch().unwrap_or("").to_string(),
        Head::Detached(id) => id.to_hex().to_string(),
    };
    let mut msg = String::new();
    let to_name;
    if let Some((name, reset)) = new_branch {
        let r = format!("refs/heads/{name}");
        if let Some(w) = &who {
            let start = target.unwrap_or("HEAD");
            repo.update_ref(&r, &commit, w, &format!("branch: Created from {start}"))?;
        } else {
            repo.write_file(&repo.gpath(&r), format!("{}\n", commit.to_hex()).as_bytes())?;
        }
        repo.set_head(&Head::Branch(r))?;
        to_name = name.to_string();
        msg.push_str(&format!(
            "{} '{name}'\n",
            if reset {
                "Switched to and reset branch"
            } else {
                "Switched to a new branch"
            }
        ));
    } else if detach
        || target.is_none_or(|t| {
            repo.resolve_ref(&format!("refs/heads/{t}"))
                .ok()
                .flatten()
                .is_none()
        })
    {
        repo.set_head(&Head::Detached(commit))?;
        to_name = commit.to_hex().to_string();
        let c = repo.commit(&commit)?;
        if matches!(cur, Head::Detached(id) if id == commit) {
            msg.push_str(&format!(
                "HEAD is now at {} {}\n",
                commit.to_hex_with_len(7),
                c.subject()
            ));
        } else {
            msg.push_str(&format!("Note: switching to '{}'.\n\nYou are in 'detached HEAD' state. You can look around, make experimental\nchanges and commit them, and you can discard any commits you make in this\nstate without impacting any branches by switching back to a branch.\n\nIf you want to create a new branch to retain commits you create, you may\ndo so (now or later) by using -c with the switch command. Example:\n\n  git switch -c <new-branch-name>\n\nOr undo this operation with:\n\n  git switch -\n\nTurn off this advice by setting config variable advice.detachedHead to false\n\nHEAD is now at {} {}\n", target.unwrap_or(""), commit.to_hex_with_len(7), c.subject()));
        }
    } else {
        let name = target.unwrap_or("");
        let r = format!("refs/heads/{name}");
        if cur == Head::Branch(r.clone()) {
            msg.push_str(&format!("Already on '{name}'\n"));
        } else {
            msg.push_str(&format!("Switched to branch '{name}'\n"));
        }
        repo.set_head(&Head::Branch(r))?;
        to_name = name.to_string();
    }
    if let Some(w) = &who {
        let line = format!("checkout: moving from {from_name} to {to_name}");
        repo.reflog(
            "HEAD",
            &cur_id.unwrap_or(ObjectId::null(crate::odb::SHA1)),
            &commit,
            w,
            &line,
        )?;
    }
    let changes = local_changes(g, repo, &index, &to)?;
    if !quiet {
        g.outs(&changes)?;
        g.err(&msg);
    }
    Ok(0)
}

/// The branch `git switch -` and `git checkout -` go back to.
fn previous_branch(repo: &Repo) -> Res<String> {
    let log = repo.read_opt(&repo.gpath("logs/HEAD"))?.unwrap_or_default();
    for line in String::from_utf8_lossy(&log).lines().rev() {
        if let Some((_, m)) = line.split_once("\tcheckout: moving from ")
            && let Some((from, _)) = m.split_once(" to ")
        {
            return Ok(from.to_string());
        }
    }
    Err(Fail::Raw(
        "error: pathspec '-' did not match any file(s) known to git\n".into(),
        1,
    ))
}

const CO_USAGE: &str =
    "git checkout [<options>] <branch>\n   or: git checkout [<options>] [<branch>] -- <file>...";

const CO_OPTS: &[Opt] = &[
    value(Some('b'), "-b"),
    value(Some('B'), "-B"),
    flag(Some('f'), "force"),
    flag(Some('q'), "quiet"),
    flag(None, "detach"),
    flag(None, "no-track"),
    optional(Some('t'), "track"),
    flag(None, "guess"),
    flag(None, "progress"),
    flag(None, "overwrite-ignore"),
    no(Some('m'), "merge", false),
    no(Some('p'), "patch", false),
    no(None, "orphan", true),
    flag(Some('2'), "ours"),
    flag(Some('3'), "theirs"),
    no(None, "conflict", true),
    no(None, "pathspec-from-file", true),
];

pub(crate) fn checkout(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(CO_OPTS, args, CO_USAGE)?;
    repo.work("")?;
    let before: Vec<String> = p.args[..p.before_dashdash].to_vec();
    let paths_after: Vec<String> = p.after_dashdash().to_vec();
    let new_branch = p
        .value("-b")
        .map(|b| (b.to_string(), false))
        .or_else(|| p.value("-B").map(|b| (b.to_string(), true)));
    // `checkout [<tree-ish>] -- paths` or `checkout paths`.
    let first_is_rev = before.first().map(|f| {
        let f = if f == "-" {
            previous_branch(&repo).unwrap_or_default()
        } else {
            f.clone()
        };
        resolve(&repo, &f).ok().flatten().is_some()
    });
    if !p.dashdash && first_is_rev == Some(true) && before.len() == 1
        || new_branch.is_some() && paths_after.is_empty() && before.len() <= 1
        || before.is_empty() && !p.dashdash
    {
        let target = match before.first() {
            Some(t) if t == "-" => Some(previous_branch(&repo)?),
            Some(t) => Some(t.clone()),
            None => None,
        };
        if let Some((name, reset)) = &new_branch {
            if !valid_ref_name(name) {
                return Err(Fail::fatal(format!("'{name}' is not a valid branch name")));
            }
            if !reset && repo.resolve_ref(&format!("refs/heads/{name}"))?.is_some() {
                return Err(Fail::fatal(format!(
                    "a branch named '{name}' already exists"
                )));
            }
            let commit = match &target {
                Some(t) => commit_or_die(&repo, t)?,
                None => repo
                    .head_id()?
                    .ok_or_else(|| Fail::unsupported("creating a branch from an unborn HEAD"))?,
            };
            return switch_to(
                g,
                &repo,
                target.as_deref(),
                commit,
                p.on("force"),
                Some((name, *reset)),
                false,
                p.on("quiet"),
            );
        }
        let Some(t) = target else {
            // `git checkout` alone: report the local changes.
            let index = Index::load(&repo)?;
            let head = repo.commit_files(repo.head_id()?.as_ref())?;
            let s = local_changes(g, &repo, &index, &head)?;
            g.outs(&s)?;
            return Ok(0);
        };
        let commit = commit_or_die(&repo, &t)?;
        return switch_to(
            g,
            &repo,
            Some(&t),
            commit,
            p.on("force"),
            None,
            p.on("detach"),
            p.on("quiet"),
        );
    }
    // Paths.
    let (source, paths) = if p.dashdash {
        match before.len() {
            0 => (None, paths_after),
            1 => (Some(before[0].clone()), paths_after),
            _ => {
                return Err(Fail::fatal(format!(
                    "only one reference expected, {} given.",
                    before.len()
                )));
            }
        }
    } else if first_is_rev == Some(true) {
        (Some(before[0].clone()), before[1..].to_vec())
    } else {
        (None, before)
    };
    if paths.is_empty() {
        return Err(Fail::fatal("you must specify path(s) to restore"));
    }
    if p.on("ours") || p.on("theirs") {
        if source.is_some() {
            return Err(Fail::fatal(
                "'--ours/--theirs' cannot be used with switching branches",
            ));
        }
        let stage = if p.on("ours") { 2 } else { 3 };
        return crate::cmd::merge::checkout_stage(g, &repo, &paths, stage);
    }
    restore_paths(
        g,
        &repo,
        source.as_deref(),
        &paths,
        true,
        source.is_some(),
        true,
    )
}

/// Restore `paths` into the working tree and/or the index from `source` (a tree-ish) or the
/// index. Returns git's status.
fn restore_paths(
    g: &mut Git,
    repo: &Repo,
    source: Option<&str>,
    paths: &[String],
    worktree: bool,
    staged: bool,
    checkout_words: bool,
) -> Res<i32> {
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(repo, &cwd, paths)?;
    let mut index = Index::load(repo)?;
    let src_files: Option<Files> = match source {
        Some(s) => {
            let id =
                resolve(repo, s)?.ok_or_else(|| Fail::fatal(format!("could not resolve {s}")))?;
            let (k, id) = repo.peel(&id)?;
            Some(match k {
                Kind::Commit => repo.commit_files(Some(&id))?,
                Kind::Tree => repo.flat_tree(&id)?,
                _ => return Err(Fail::fatal(format!("reference is not a tree: {s}"))),
            })
        }
        None => None,
    };
    let mut count = 0;
    match &src_files {
        Some(files) => {
            let mut targets: Vec<Vec<u8>> =
                files.keys().filter(|p| spec.matches(p)).cloned().collect();
            if staged {
                // Paths in the index but not in the source go (restore --staged; checkout
                // <tree> -- keeps them).
                if !checkout_words {
                    for e in &index.entries {
                        if spec.matches(&e.path) && !files.contains_key(&e.path) {
                            targets.push(e.path.clone());
                        }
                    }
                }
            }
            if let Some(u) = spec.unmatched() {
                return Err(Fail::Raw(
                    format!("error: pathspec '{u}' did not match any file(s) known to git\n"),
                    1,
                ));
            }
            targets.sort();
            targets.dedup();
            for t in targets {
                g.check()?;
                match files.get(&t) {
                    Some((mode, id)) => {
                        let mut meta = None;
                        if worktree {
                            meta = Some(write_work(g, repo, &t, *mode, id)?);
                        }
                        if staged {
                            let keep = index
                                .get(&t)
                                .filter(|e| (e.mode, e.id) == (*mode, *id))
                                .map(|e| e.stat);
                            let mut e = entry(&t, *mode, *id, meta.as_ref());
                            if meta.is_none() {
                                e.stat = keep.unwrap_or_default();
                            }
                            index.upsert(e);
                        }
                    }
                    None => {
                        if staged {
                            index.remove(&t);
                        }
                        if worktree {
                            remove_work(repo, &t)?;
                        }
                    }
                }
                count += 1;
            }
        }
        None => {
            let targets: Vec<Entry> = index
                .entries
                .iter()
                .filter(|e| spec.matches(&e.path))
                .cloned()
                .collect();
            if let Some(u) = spec.unmatched() {
                return Err(Fail::Raw(
                    format!("error: pathspec '{u}' did not match any file(s) known to git\n"),
                    1,
                ));
            }
            for e in targets {
                g.check()?;
                if e.stage != 0 {
                    return Err(Fail::Raw(
                        format!("error: path '{}' is unmerged\n", show(&e.path)),
                        1,
                    ));
                }
                if !matches!(entry_now(repo, &index, &e)?, Now::Same) {
                    let m = write_work(g, repo, &e.path, e.mode, &e.id)?;
                    index.upsert(entry(&e.path, e.mode, e.id, Some(&m)));
                }
                count += 1;
            }
        }
    }
    index.save(repo)?;
    if checkout_words {
        let from = match source {
            Some(s) => {
                let id = resolve(repo, s)?.unwrap_or(ObjectId::null(crate::odb::SHA1));
                id.to_hex_with_len(7).to_string()
            }
            None => "the index".into(),
        };
        g.err(&format!(
            "Updated {count} path{} from {from}\n",
            if count == 1 { "" } else { "s" }
        ));
    }
    Ok(0)
}

const SW_USAGE: &str = "git switch [<options>] [<branch>]";

const SW_OPTS: &[Opt] = &[
    value(Some('c'), "create"),
    value(Some('C'), "force-create"),
    flag(Some('d'), "detach"),
    flag(Some('f'), "force"),
    flag(None, "discard-changes"),
    flag(Some('q'), "quiet"),
    flag(None, "no-track"),
    optional(Some('t'), "track"),
    flag(None, "guess"),
    flag(None, "no-guess"),
    flag(None, "progress"),
    no(Some('m'), "merge", false),
    no(None, "orphan", true),
    no(None, "conflict", true),
];

pub(crate) fn switch(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(SW_OPTS, args, SW_USAGE)?;
    repo.work("")?;
    let force = p.on("force") || p.on("discard-changes");
    let create = p
        .value("create")
        .map(|b| (b.to_string(), false))
        .or_else(|| p.value("force-create").map(|b| (b.to_string(), true)));
    let target = match p.args.first() {
        Some(t) if t == "-" => Some(previous_branch(&repo)?),
        Some(t) => Some(t.clone()),
        None => None,
    };
    if let Some((name, reset)) = create {
        if !valid_ref_name(&name) {
            return Err(Fail::fatal(format!("'{name}' is not a valid branch name")));
        }
        if !reset && repo.resolve_ref(&format!("refs/heads/{name}"))?.is_some() {
            return Err(Fail::fatal(format!(
                "a branch named '{name}' already exists"
            )));
        }
        let commit = match &target {
            Some(t) => commit_or_die(&repo, t)?,
            None => repo
                .head_id()?
                .ok_or_else(|| Fail::unsupported("creating a branch from an unborn HEAD"))?,
        };
        return switch_to(
            g,
            &repo,
            target.as_deref(),
            commit,
            force,
            Some((&name, reset)),
            false,
            p.on("quiet"),
        );
    }
    let Some(t) = target else {
        return Err(Fail::fatal("missing branch or commit argument"));
    };
    let is_branch = repo.resolve_ref(&format!("refs/heads/{t}"))?.is_some();
    if !is_branch && !p.on("detach") {
        return match resolve(&repo, &t)? {
            Some(_) => Err(Fail::Raw(
                format!(
                    "fatal: a branch is expected, got commit '{t}'\nhint: If you want to detach HEAD at the commit, try again with the --detach option.\n"
                ),
                128,
            )),
            None => Err(Fail::fatal(format!("invalid reference: {t}"))),
        };
    }
    let commit = commit_or_die(&repo, &t)?;
    switch_to(
        g,
        &repo,
        Some(&t),
        commit,
        force,
        None,
        p.on("detach"),
        p.on("quiet"),
    )
}

const RS_USAGE: &str = "git restore [<options>] [--source=<branch>] <file>...";

const RS_OPTS: &[Opt] = &[
    value(Some('s'), "source"),
    flag(Some('S'), "staged"),
    flag(Some('W'), "worktree"),
    flag(Some('q'), "quiet"),
    flag(None, "progress"),
    flag(None, "overlay"),
    flag(None, "no-overlay"),
    flag(None, "ignore-unmerged"),
    no(Some('p'), "patch", false),
    no(Some('m'), "merge", false),
    no(None, "ours", false),
    no(None, "theirs", false),
    no(None, "conflict", true),
    no(None, "pathspec-from-file", true),
];

pub(crate) fn restore(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(RS_OPTS, args, RS_USAGE)?;
    repo.work("")?;
    if p.args.is_empty() {
        return Err(Fail::fatal("you must specify path(s) to restore"));
    }
    let staged = p.on("staged");
    let worktree = p.on("worktree") || !staged;
    let source = match p.value("source") {
        Some(s) => Some(s.to_string()),
        None if staged => Some("HEAD".to_string()),
        None => None,
    };
    if staged && source.as_deref() == Some("HEAD") && repo.head_id()?.is_none() {
        // Unborn branch: restoring the index from nothing empties it.
        let cwd = g.cwd.clone();
        let spec = Pathspec::new(&repo, &cwd, &p.args)?;
        let mut index = Index::load(&repo)?;
        index.entries.retain(|e| !spec.matches(&e.path));
        if let Some(u) = spec.unmatched() {
            return Err(Fail::Raw(
                format!("error: pathspec '{u}' did not match any file(s) known to git\n"),
                1,
            ));
        }
        index.save(&repo)?;
        return Ok(0);
    }
    restore_paths(
        g,
        &repo,
        source.as_deref(),
        &p.args,
        worktree,
        staged,
        false,
    )
}

const RESET_USAGE: &str = "git reset [--mixed | --soft | --hard | --merge | --keep] [-q] [<commit>]\n   or: git reset [-q] [<tree-ish>] [--] <pathspec>...";

const RESET_OPTS: &[Opt] = &[
    flag(None, "soft"),
    flag(None, "mixed"),
    flag(None, "hard"),
    flag(Some('q'), "quiet"),
    flag(None, "no-refresh"),
    flag(None, "refresh"),
    no(None, "merge", false),
    no(None, "keep", false),
    no(Some('p'), "patch", false),
    no(Some('N'), "intent-to-add", false),
    no(None, "pathspec-from-file", true),
    no(None, "recurse-submodules", false),
];

pub(crate) fn reset(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(RESET_OPTS, args, RESET_USAGE)?;
    let before: Vec<String> = p.args[..p.before_dashdash].to_vec();
    let mut paths: Vec<String> = p.after_dashdash().to_vec();
    let mut rev: Option<String> = None;
    for (k, a) in before.iter().enumerate() {
        if k == 0 && resolve(&repo, a)?.is_some() {
            rev = Some(a.clone());
        } else {
            paths.push(a.clone());
        }
    }
    let quiet = p.on("quiet");
    let head_id = repo.head_id()?;
    let target = match &rev {
        Some(r) => Some(commit_or_die(&repo, r)?),
        None => head_id,
    };
    if !paths.is_empty() {
        if p.on("soft") || p.on("hard") || p.on("mixed") {
            let mode = if p.on("soft") {
                "soft"
            } else if p.on("hard") {
                "hard"
            } else {
                "mixed"
            };
            return Err(Fail::fatal(format!("Cannot do {mode} reset with paths.")));
        }
        let files = repo.commit_files(target.as_ref())?;
        let cwd = g.cwd.clone();
        let spec = Pathspec::new(&repo, &cwd, &paths)?;
        let mut index = Index::load(&repo)?;
        let mut targets: Vec<Vec<u8>> = files.keys().filter(|k| spec.matches(k)).cloned().collect();
        targets.extend(
            index
                .entries
                .iter()
                .filter(|e| spec.matches(&e.path))
                .map(|e| e.path.clone()),
        );
        targets.sort();
        targets.dedup();
        for t in targets {
            match files.get(&t) {
                Some((mode, id)) => {
                    let keep = index
                        .get(&t)
                        .filter(|e| (e.mode, e.id) == (*mode, *id))
                        .map(|e| e.stat);
                    let mut e = entry(&t, *mode, *id, None);
                    e.stat = keep.unwrap_or_default();
                    index.upsert(e);
                }
                None => {
                    index.remove(&t);
                }
            }
        }
        index.save(&repo)?;
        if !quiet {
            unstaged_after(g, &repo, &index)?;
        }
        return Ok(0);
    }
    let Some(target) = target else {
        // Unborn: `git reset` empties the index.
        let index = Index::default();
        index.save(&repo)?;
        return Ok(0);
    };
    let who = ident(g, &repo.config, Role::Committer)?;
    let mut index = Index::load(&repo)?;
    let to = repo.commit_files(Some(&target))?;
    if p.on("hard") {
        let from = repo.commit_files(head_id.as_ref())?;
        repo.work("")?;
        two_way(g, &repo, &mut index, &from, &to, true, "reset")?;
        index.save(&repo)?;
    } else if !p.on("soft") {
        let mut new = Index::default();
        for (path, (mode, id)) in &to {
            let keep = index
                .get(path)
                .filter(|e| (e.mode, e.id) == (*mode, *id))
                .map(|e| e.stat);
            let mut e = entry(path, *mode, *id, None);
            e.stat = keep.unwrap_or_default();
            new.entries.push(e);
        }
        new.mtime = index.mtime;
        index = new;
        index.save(&repo)?;
    }
    let spec = rev.clone().unwrap_or_else(|| "HEAD".into());
    repo.update_ref("HEAD", &target, &who, &format!("reset: moving to {spec}"))?;
    if !quiet {
        if p.on("hard") {
            let c = repo.commit(&target)?;
            g.outs(&format!(
                "HEAD is now at {} {}\n",
                target.to_hex_with_len(7),
                c.subject()
            ))?;
        } else if !p.on("soft") && repo.work.is_some() {
            let index = Index::load(&repo)?;
            unstaged_after(g, &repo, &index)?;
        }
    }
    Ok(0)
}

/// `Unstaged changes after reset:` and the list, when there are any.
fn unstaged_after(g: &mut Git, repo: &Repo, index: &Index) -> Res<()> {
    let mut out = String::new();
    for e in &index.entries {
        g.check()?;
        match entry_now(repo, index, e)? {
            Now::Missing => out.push_str(&format!("D\t{}\n", show(&e.path))),
            Now::Changed { .. } => out.push_str(&format!("M\t{}\n", show(&e.path))),
            Now::Same => {}
        }
    }
    if !out.is_empty() {
        g.outs(&format!("Unstaged changes after reset:\n{out}"))?;
    }
    Ok(())
}
