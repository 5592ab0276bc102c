//! `git add`, `git rm` and `git mv`: the index changed from the working tree, by pathspec.

use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::ignore::Ignores;
use crate::index::{Entry, Index, stat_of};
use crate::opts::{Opt, flag, no, parse};
use crate::pathspec::Pathspec;
use crate::quote::show;
use crate::repo::{Git, Repo};
use crate::worktree::{Now, Untracked, entry_now, read_work, walk};

const ADD_USAGE: &str = "git add [<options>] [--] <pathspec>...";

const ADD_OPTS: &[Opt] = &[
    flag(Some('n'), "dry-run"),
    flag(Some('v'), "verbose"),
    flag(Some('f'), "force"),
    flag(Some('A'), "all"),
    flag(None, "ignore-removal"),
    flag(Some('u'), "update"),
    flag(Some('N'), "intent-to-add"),
    flag(None, "refresh"),
    flag(None, "ignore-errors"),
    flag(None, "ignore-missing"),
    flag(None, "sparse"),
    no(Some('p'), "patch", false),
    no(Some('i'), "interactive", false),
    no(Some('e'), "edit", false),
    no(None, "chmod", true),
    no(None, "pathspec-from-file", true),
    no(None, "renormalize", false),
];

/// Stage the working tree's version of `path` (which must exist).
pub(crate) fn stage(repo: &Repo, index: &mut Index, path: &[u8], intent: bool) -> Res<()> {
    let Some((mode, data)) = read_work(repo, path)? else {
        return Ok(());
    };
    let id = if intent {
        gix_hash::ObjectId::empty_blob(crate::odb::SHA1)
    } else {
        repo.write_object(Kind::Blob, &data)?
    };
    let p = crate::index::wfile(repo.work("")?, path);
    let m = repo
        .fs
        .lstat(&p)
        .map_err(|e| Fail::io("unable to stat", &p, e))?;
    index.upsert(Entry {
        path: path.to_vec(),
        id,
        mode,
        stage: 0,
        stat: if intent {
            Default::default()
        } else {
            stat_of(&m)
        },
        intent_to_add: intent,
        skip_worktree: false,
        assume_valid: false,
    });
    Ok(())
}

pub(crate) fn add(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(ADD_OPTS, args, ADD_USAGE)?;
    repo.work("")?;
    let all = p.on("all") && !p.on("ignore-removal");
    let update = p.on("update");
    if all && update {
        return Err(Fail::fatal("options '-A' and '-u' cannot be used together"));
    }
    if p.args.is_empty() && !all && !update {
        g.err("Nothing specified, nothing added.\nhint: Maybe you wanted to say 'git add .'?\nhint: Disable this message with \"git config set advice.addEmptyPathspec false\"\n");
        return Ok(0);
    }
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(&repo, &cwd, &p.args)?;
    let mut index = Index::load(&repo)?;
    let removals = !p.on("ignore-removal");
    let mut changed: Vec<(Vec<u8>, bool)> = Vec::new(); // (path, removed)
    // Tracked files: modified or deleted ones.
    for e in index.entries.clone() {
        g.check()?;
        if !spec.matches(&e.path) {
            continue;
        }
        if e.stage != 0 {
            if read_work(&repo, &e.path)?.is_some() {
                changed.push((e.path.clone(), false));
            } else if removals {
                changed.push((e.path.clone(), true));
            }
            continue;
        }
        match entry_now(&repo, &index, &e)? {
            Now::Same => {}
            Now::Missing => {
                if removals {
                    changed.push((e.path.clone(), true));
                }
            }
            Now::Changed { .. } => changed.push((e.path.clone(), false)),
        }
    }
    // Untracked files.
    let mut ignored_named: Vec<String> = Vec::new();
    if !update {
        let mut ign = Ignores::new(g, &repo)?;
        let w = walk(g, &repo, &index, &mut ign, Untracked::All, true)?;
        for path in w.untracked {
            if spec.matches(&path) {
                changed.push((path, false));
            }
        }
        for path in w.ignored {
            let is_dir = path.ends_with(b"/");
            let bare: Vec<u8> = if is_dir {
                path[..path.len() - 1].to_vec()
            } else {
                path.clone()
            };
            let named = spec.exact(&bare)
                || (!is_dir
                    && p.args.iter().any(|a| {
                        repo.relpath(&cwd, a)
                            .is_ok_and(|r| r.as_bytes() == bare.as_slice())
                    }));
            if p.on("force") {
                if is_dir {
                    // Force: everything under an ignored directory that the pathspec names.
                    let mut stack = vec![bare.clone()];
                    while let Some(d) = stack.pop() {
                        let abs = repo.wpath(&d)?;
                        for e in repo.fs.list(&abs).unwrap_or_default() {
                            let child = crate::worktree::join(&d, &e.name);
                            if e.file_type == sandsh_vfs::FileType::Dir {
                                stack.push(child);
                            } else if spec.matches(&child)
                                && spec.exact(&child) | spec.matches(&child)
                            {
                                changed.push((child, false));
                            }
                        }
                    }
                } else if spec.matches(&bare) {
                    changed.push((bare, false));
                }
            } else if named
                || (!is_dir && spec.exact(&bare))
                || is_dir
                    && p.args.iter().any(|a| {
                        repo.relpath(&cwd, a).is_ok_and(|r| {
                            r.trim_end_matches('/').as_bytes() == bare.as_slice()
                                || r.as_bytes().starts_with(&path)
                        })
                    })
            {
                spec.matches(&bare);
                ignored_named.push(String::from_utf8_lossy(&bare).into_owned());
            }
        }
    }
    if !ignored_named.is_empty() && !p.on("force") {
        // An explicitly named ignored path is an error, after the others are added.
    }
    if let Some(u) = spec.unmatched()
        && !p.on("ignore-missing")
    {
        return Err(Fail::fatal(format!(
            "pathspec '{u}' did not match any files"
        )));
    }
    changed.sort();
    changed.dedup();
    let verbose = p.on("verbose") || p.on("dry-run");
    for (path, removed) in &changed {
        g.check()?;
        if !p.on("dry-run") {
            if *removed {
                index.remove(path);
            } else {
                stage(&repo, &mut index, path, p.on("intent-to-add"))?;
            }
        }
        if verbose {
            let shown = repo.display(&String::from_utf8_lossy(path));
            let line = if *removed {
                format!("remove '{shown}'\n")
            } else {
                format!("add '{shown}'\n")
            };
            g.outs(&line)?;
        }
    }
    if !p.on("dry-run") {
        index.save(&repo)?;
    }
    if !ignored_named.is_empty() {
        let mut msg =
            String::from("The following paths are ignored by one of your .gitignore files:\n");
        for n in &ignored_named {
            msg.push_str(&repo.display(n));
            msg.push('\n');
        }
        msg.push_str("hint: Use -f if you really want to add them.\nhint: Disable this message with \"git config set advice.addIgnoredFile false\"\n");
        return Err(Fail::Raw(msg, 1));
    }
    Ok(0)
}

const RM_USAGE: &str = "git rm [-f | --force] [-n] [-r] [--cached] [--ignore-unmatch]\n              [--quiet] [--pathspec-from-file=<file> [--pathspec-file-nul]]\n              [--] [<pathspec>...]";

const RM_OPTS: &[Opt] = &[
    flag(Some('n'), "dry-run"),
    flag(Some('q'), "quiet"),
    flag(None, "cached"),
    flag(Some('f'), "force"),
    flag(Some('r'), "-r"),
    flag(None, "ignore-unmatch"),
    flag(None, "sparse"),
    no(None, "pathspec-from-file", true),
];

pub(crate) fn rm(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(RM_OPTS, args, RM_USAGE)?;
    if p.args.is_empty() {
        return Err(Fail::Usage(format!("usage: {RM_USAGE}\n")));
    }
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(&repo, &cwd, &p.args)?;
    let mut index = Index::load(&repo)?;
    let recursive = p.on("-r");
    let mut targets: Vec<Vec<u8>> = Vec::new();
    for e in &index.entries {
        if spec.matches(&e.path) && targets.last() != Some(&e.path) {
            targets.push(e.path.clone());
        }
    }
    if let Some(u) = spec.unmatched() {
        if p.on("ignore-unmatch") {
            if targets.is_empty() {
                return Ok(0);
            }
        } else {
            return Err(Fail::fatal(format!(
                "pathspec '{u}' did not match any files"
            )));
        }
    }
    if !recursive {
        for a in &p.args {
            let rel = repo.relpath(&cwd, a)?;
            let rel = rel.trim_end_matches('/');
            if !index.has_path(rel.as_bytes())
                && targets
                    .iter()
                    .any(|t| t.starts_with(rel.as_bytes()) && t.get(rel.len()) == Some(&b'/'))
            {
                return Err(Fail::fatal(format!(
                    "not removing '{a}' recursively without -r"
                )));
            }
        }
    }
    // The safety checks, unless forced.
    if !p.on("force") {
        let head = repo.head_id()?;
        let head_files = repo.commit_files(head.as_ref())?;
        let mut staged = Vec::new();
        let mut local = Vec::new();
        let mut both = Vec::new();
        for t in &targets {
            let Some(e) = index.get(t).cloned() else {
                continue;
            };
            let in_head = head_files.get(t).map(|x| x.1);
            let work = entry_now(&repo, &index, &e)?;
            let work_differs = matches!(work, Now::Changed { .. });
            let staged_differs = in_head != Some(e.id);
            if p.on("cached") {
                if staged_differs && work_differs && in_head.is_some() {
                    both.push(t.clone());
                }
                continue;
            }
            if staged_differs && work_differs {
                both.push(t.clone());
            } else if staged_differs {
                staged.push(t.clone());
            } else if work_differs {
                local.push(t.clone());
            }
        }
        let mut msg = String::new();
        let list =
            |v: &[Vec<u8>]| -> String { v.iter().map(|x| format!("    {}\n", show(x))).collect() };
        let s = |v: &[Vec<u8>]| {
            if v.len() == 1 {
                "file has"
            } else {
                "files have"
            }
        };
        if !both.is_empty() {
            msg.push_str(&format!("error: the following {} staged content different from both the\nfile and the HEAD:\n{}(use -f to force removal)\n", s(&both), list(&both)));
        }
        if !staged.is_empty() {
            msg.push_str(&format!("error: the following {} changes staged in the index:\n{}(use --cached to keep the file, or -f to force removal)\n", s(&staged), list(&staged)));
        }
        if !local.is_empty() {
            msg.push_str(&format!("error: the following {} local modifications:\n{}(use --cached to keep the file, or -f to force removal)\n", s(&local), list(&local)));
        }
        if !msg.is_empty() {
            return Err(Fail::Raw(msg, 1));
        }
    }
    for t in &targets {
        g.check()?;
        if !p.on("quiet") {
            g.outs(&format!("rm '{}'\n", show(t)))?;
        }
        if p.on("dry-run") {
            continue;
        }
        index.remove(t);
        if !p.on("cached") {
            let f = repo.wpath(t)?;
            if repo.fs.lstat(&f).is_ok() {
                let _ = repo.fs.remove(&f, false);
                // Directories left empty go too.
                let work = repo.work("")?.to_path_buf();
                let mut d = f.parent().map(|x| x.to_path_buf());
                while let Some(dir) = d {
                    if dir == work || repo.fs.list(&dir).map_or(true, |l| !l.is_empty()) {
                        break;
                    }
                    let _ = repo.fs.remove(&dir, false);
                    d = dir.parent().map(|x| x.to_path_buf());
                }
            }
        }
    }
    if !p.on("dry-run") {
        index.save(&repo)?;
    }
    Ok(0)
}

const MV_USAGE: &str = "git mv [<options>] <source>... <destination>";

const MV_OPTS: &[Opt] = &[
    flag(Some('v'), "verbose"),
    flag(Some('n'), "dry-run"),
    flag(Some('f'), "force"),
    flag(Some('k'), "-k"),
    flag(None, "sparse"),
];

pub(crate) fn mv(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(MV_OPTS, args, MV_USAGE)?;
    if p.args.len() < 2 {
        return Err(Fail::Usage(format!("usage: {MV_USAGE}\n")));
    }
    let cwd = g.cwd.clone();
    let mut index = Index::load(&repo)?;
    let (srcs, dst) = p.args.split_at(p.args.len() - 1);
    let dst_user = &dst[0];
    let dst_rel = repo.relpath(&cwd, dst_user)?;
    let dst_abs = repo.wpath(dst_rel.as_bytes())?;
    let dst_is_dir = repo.fs.stat(&dst_abs).is_ok_and(|m| m.is_dir());
    if srcs.len() > 1 && !dst_is_dir {
        return Err(Fail::fatal(format!(
            "destination '{dst_user}' is not a directory"
        )));
    }
    let mut moves: Vec<(String, String)> = Vec::new();
    for s in srcs {
        let src_rel = repo.relpath(&cwd, s)?.trim_end_matches('/').to_string();
        let target = if dst_is_dir {
            let base = src_rel.rsplit('/').next().unwrap_or(&src_rel);
            if dst_rel.is_empty() {
                base.to_string()
            } else {
                format!("{dst_rel}/{base}")
            }
        } else {
            dst_rel.clone()
        };
        let src_abs = repo.wpath(src_rel.as_bytes())?;
        let bad = |why: &str| {
            Fail::fatal(format!(
                "{why}, source={}, destination={}",
                repo.display(&src_rel),
                repo.display(&target)
            ))
        };
        let Ok(m) = repo.fs.lstat(&src_abs) else {
            if p.on("-k") {
                continue;
            }
            return Err(bad("bad source"));
        };
        let under: Vec<Vec<u8>> = index
            .entries
            .iter()
            .filter(|e| {
                e.path.starts_with(src_rel.as_bytes()) && e.path.get(src_rel.len()) == Some(&b'/')
            })
            .map(|e| e.path.clone())
            .collect();
        if m.is_dir() {
            if under.is_empty() {
                if p.on("-k") {
                    continue;
                }
                return Err(bad("source directory is empty"));
            }
        } else if !index.has_path(src_rel.as_bytes()) {
            if p.on("-k") {
                continue;
            }
            return Err(bad("not under version control"));
        }
        let t_abs = repo.wpath(target.as_bytes())?;
        if repo.fs.lstat(&t_abs).is_ok() && !p.on("force") {
            if p.on("-k") {
                continue;
            }
            return Err(bad("destination exists"));
        }
        if target.starts_with(&format!("{src_rel}/")) {
            return Err(bad("can not move directory into itself"));
        }
        moves.push((src_rel, target));
    }
    for (src, dst) in &moves {
        g.check()?;
        if p.on("verbose") || p.on("dry-run") {
            g.outs(&format!(
                "Renaming {} to {}\n",
                repo.display(src),
                repo.display(dst)
            ))?;
        }
        if p.on("dry-run") {
            continue;
        }
        let from = repo.wpath(src.as_bytes())?;
        let to = repo.wpath(dst.as_bytes())?;
        if let Some(parent) = to.parent() {
            let _ = repo.fs.mkdir(parent, 0o755, true);
        }
        if repo.fs.lstat(&to).is_ok_and(|m| !m.is_dir()) {
            let _ = repo.fs.remove(&to, false);
        }
        repo.fs
            .rename(&from, &to)
            .map_err(|e| Fail::fatal(format!("renaming '{src}' failed: {e}")))?;
        let moved: Vec<Entry> = index
            .entries
            .iter()
            .filter(|e| {
                e.path == src.as_bytes()
                    || (e.path.starts_with(src.as_bytes()) && e.path.get(src.len()) == Some(&b'/'))
            })
            .cloned()
            .collect();
        for e in moved {
            index.remove(&e.path);
            let mut ne = e.clone();
            let mut np = dst.as_bytes().to_vec();
            np.extend_from_slice(&e.path[src.len()..]);
            ne.path = np;
            let f = crate::index::wfile(repo.work("")?, &ne.path);
            if let Ok(m) = repo.fs.lstat(&f) {
                ne.stat = stat_of(&m);
            }
            index.upsert(ne);
        }
    }
    if !p.on("dry-run") {
        index.save(&repo)?;
    }
    Ok(0)
}
