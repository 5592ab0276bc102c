//! `git clone` from a repository in the session's files: `git init` of the destination,
//! the source's objects copied (loose objects and packs, as a local clone links them), its
//! branches as `refs/remotes/origin/*` and its tags in `packed-refs` as git writes them,
//! `origin/HEAD`, the remote and the branch's upstream in the config, reflogs saying
//! `clone: from <path>`, and the branch checked out. URLs are refused: the network goes
//! through sandsh's allowlist, which this git does not use yet.

use std::path::{Path, PathBuf};

use gix_hash::ObjectId;

use crate::cmd::checkout::two_way;
use crate::diffout::Files;
use crate::error::{Fail, Res};
use crate::ident::{Role, ident};
use crate::index::Index;
use crate::opts::{Opt, flag, no, parse, value};
use crate::refs::Head;
use crate::repo::{Git, is_git_dir};

const USAGE: &str = "git clone [<options>] [--] <repo> [<dir>]";

const OPTS: &[Opt] = &[
    flag(Some('q'), "quiet"),
    flag(Some('v'), "verbose"),
    flag(Some('n'), "no-checkout"),
    flag(Some('l'), "local"),
    flag(None, "no-hardlinks"),
    flag(None, "progress"),
    value(Some('b'), "branch"),
    no(None, "bare", false),
    no(None, "mirror", false),
    no(Some('o'), "origin", true),
    no(None, "depth", true),
    no(None, "single-branch", false),
    no(None, "recurse-submodules", false),
    no(None, "recursive", false),
    no(Some('s'), "shared", false),
    no(None, "reference", true),
    no(None, "template", true),
    no(Some('c'), "config", true),
    no(None, "filter", true),
    no(None, "sparse", false),
    no(None, "separate-git-dir", true),
    no(Some('u'), "upload-pack", true),
];

/// Copy a directory tree of the VFS (the object store).
fn copy_tree(g: &Git, from: &Path, to: &Path) -> Res<()> {
    g.fs.mkdir(to, 0o755, true)
        .map_err(|e| Fail::io("unable to create directory", to, e))?;
    let entries =
        g.fs.list(from)
            .map_err(|e| Fail::io("unable to read", from, e))?;
    for e in entries {
        g.check()?;
        let name = String::from_utf8_lossy(&e.name).into_owned();
        let (src, dst) = (from.join(&name), to.join(&name));
        if e.file_type == sandsh_vfs::FileType::Dir {
            copy_tree(g, &src, &dst)?;
        } else if e.file_type == sandsh_vfs::FileType::File {
            let data =
                g.fs.read(&src, None)
                    .map_err(|e| Fail::io("unable to read", &src, e))?;
            g.fs.write(&dst, &data, sandsh_vfs::WriteMode::Truncate, 0o444)
                .map_err(|e| Fail::io("unable to write", &dst, e))?;
        }
    }
    Ok(())
}

/// The directory name git picks for a source path (`a/b.git` -> `b`).
fn default_dir(src: &str) -> String {
    let mut s = src.trim_end_matches('/');
    s = s.strip_suffix("/.git").unwrap_or(s);
    let base = s.rsplit('/').next().unwrap_or(s);
    base.strip_suffix(".git").unwrap_or(base).to_string()
}

pub(crate) fn clone(g: &mut Git, args: &[String]) -> Res<i32> {
    let p = parse(OPTS, args, USAGE)?;
    let (src, dst) = match p.args.as_slice() {
        [s] => (s.clone(), default_dir(s)),
        [s, d] => (s.clone(), d.clone()),
        [] => {
            return Err(Fail::Usage(format!(
                "fatal: You must specify a repository to clone.\n\nusage: {USAGE}\n"
            )));
        }
        _ => return Err(Fail::fatal("Too many arguments.")),
    };
    if src.contains("://") || src.split('/').next().is_some_and(|h| h.contains(':')) {
        return Err(Fail::unsupported(&format!(
            "cloning '{src}' over the network (only a path in the session's files)"
        )));
    }
    let src_abs = g.abs(&src);
    let src_git: PathBuf = if is_git_dir(&*g.fs, &src_abs.join(".git")) {
        src_abs.join(".git")
    } else if is_git_dir(&*g.fs, &src_abs) {
        src_abs.clone()
    } else {
        return Err(Fail::fatal(format!("repository '{src}' does not exist")));
    };
    let dst_abs = g.abs(&dst);
    if g.fs.list(&dst_abs).is_ok_and(|l| !l.is_empty())
        || g.fs.lstat(&dst_abs).is_ok_and(|m| !m.is_dir())
    {
        return Err(Fail::fatal(format!(
            "destination path '{dst}' already exists and is not an empty directory."
        )));
    }
    let quiet = p.on("quiet");
    if !quiet {
        g.err(&format!("Cloning into '{dst}'...\n"));
    }
    // The source, opened as a repository of its own.
    let saved = (g.cwd.clone(), g.git_dir.take(), g.work_tree.take());
    g.git_dir = Some(src_git.clone());
    let source = g.open();
    g.git_dir = None;
    let source = source?;
    let src_head = source.head()?;
    let branches = source.refs("refs/heads/")?;
    let tags = source.refs("refs/tags/")?;
    // The destination: git init, then the objects.
    crate::cmd::init::init(g, &["-q".to_string(), dst.clone()])?;
    g.cwd = dst_abs.clone();
    let repo = g.open()?;
    copy_tree(g, &src_git.join("objects"), &repo.gpath("objects"))?;
    let mut packed = String::from("# pack-refs with: peeled fully-peeled sorted \n");
    let mut lines: Vec<(String, ObjectId, Option<ObjectId>)> = Vec::new();
    for (r, id) in &branches {
        let name = format!("refs/remotes/origin/{}", &r["refs/heads/".len()..]);
        lines.push((name, *id, None));
    }
    for (r, id) in &tags {
        let (_, target) = source.peel(id)?;
        lines.push((r.clone(), *id, (target != *id).then_some(target)));
    }
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, id, peeled) in &lines {
        packed.push_str(&format!("{} {name}\n", id.to_hex()));
        if let Some(t) = peeled {
            packed.push_str(&format!("^{}\n", t.to_hex()));
        }
    }
    repo.write_file(&repo.gpath("packed-refs"), packed.as_bytes())?;
    let head_branch = match p.value("branch") {
        Some(b) => {
            if !branches
                .iter()
                .any(|(r, _)| r == &format!("refs/heads/{b}"))
            {
                g.cwd = saved.0;
                return Err(Fail::fatal(format!(
                    "Remote branch {b} not found in upstream origin"
                )));
            }
            Some(b.to_string())
        }
        None => match &src_head {
            Head::Branch(r) => Some(r.strip_prefix("refs/heads/").unwrap_or(r).to_string()),
            Head::Detached(_) => None,
        },
    };
    let url = src_abs.display().to_string();
    let cfg = repo.gpath("config");
    let mut text = repo.read_opt(&cfg)?.unwrap_or_default();
    text.extend_from_slice(
        format!(
            "[remote \"origin\"]\n\turl = {url}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
        )
        .as_bytes(),
    );
    let who = ident(g, &repo.config, Role::Committer)?;
    let msg = format!("clone: from {url}");
    let target = head_branch
        .as_ref()
        .and_then(|b| {
            branches
                .iter()
                .find(|(r, _)| *r == format!("refs/heads/{b}"))
        })
        .map(|(_, id)| *id);
    match (&head_branch, target) {
        (Some(b), Some(id)) => {
            text.extend_from_slice(
                format!("[branch \"{b}\"]\n\tremote = origin\n\tmerge = refs/heads/{b}\n")
                    .as_bytes(),
            );
            repo.write_file(&cfg, &text)?;
            let remote_head = format!("refs/remotes/origin/{b}");
            repo.write_file(
                &repo.gpath("refs/remotes/origin/HEAD"),
                format!("ref: {remote_head}\n").as_bytes(),
            )?;
            let null = ObjectId::null(crate::odb::SHA1);
            repo.reflog("refs/remotes/origin/HEAD", &null, &id, &who, &msg)?;
            repo.set_head(&Head::Branch(format!("refs/heads/{b}")))?;
            repo.update_ref(&format!("refs/heads/{b}"), &id, &who, &msg)?;
            if !p.on("no-checkout") {
                let repo = g.open()?;
                let mut index = Index::load(&repo)?;
                let files = repo.commit_files(Some(&id))?;
                two_way(
                    g,
                    &repo,
                    &mut index,
                    &Files::new(),
                    &files,
                    true,
                    "checkout",
                )?;
                index.save(&repo)?;
            }
        }
        _ => {
            repo.write_file(&cfg, &text)?;
            if let Head::Branch(r) = &src_head {
                repo.set_head(&Head::Branch(r.clone()))?;
            }
            if branches.is_empty() && !quiet {
                g.err("warning: You appear to have cloned an empty repository.\n");
            }
        }
    }
    g.cwd = saved.0;
    g.git_dir = saved.1;
    g.work_tree = saved.2;
    if !quiet && !branches.is_empty() {
        g.err("done.\n");
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::default_dir;

    #[test]
    fn directory_names_follow_git() {
        assert_eq!(default_dir("src"), "src");
        assert_eq!(default_dir("a/b.git"), "b");
        assert_eq!(default_dir("a/b/.git"), "b");
        assert_eq!(default_dir("a/b/"), "b");
    }
}
