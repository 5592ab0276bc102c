//! `git init`: the repository directory as git's templates make it (`HEAD`, `config`,
//! `description`, `info/exclude`, `objects/`, `refs/`; no hook samples, since nothing here
//! runs hooks), and the re-initialisation of an existing one.

use std::path::PathBuf;

use crate::error::{Fail, Res};
use crate::opts::{Opt, flag, no, parse, value};
use crate::refs::valid_ref_name;
use crate::repo::{Git, is_git_dir};

const USAGE: &str = "git init [-q | --quiet] [--bare] [--template=<template-directory>]\n                [--separate-git-dir <git-dir>] [--object-format=<format>]\n                [--ref-format=<format>]\n                [-b <branch-name> | --initial-branch=<branch-name>]\n                [--shared[=<permissions>]] [<directory>]";

const OPTS: &[Opt] = &[
    flag(Some('q'), "quiet"),
    flag(None, "bare"),
    value(Some('b'), "initial-branch"),
    value(None, "template"),
    no(None, "separate-git-dir", true),
    value(None, "object-format"),
    value(None, "ref-format"),
    no(None, "shared", false),
];

const EXCLUDE: &str = "# git ls-files --others --exclude-from=.git/info/exclude\n# Lines that start with '#' are comments.\n# For a project mostly in C, the following would be a good set of\n# exclude patterns (uncomment them if you want to use them):\n# *.[oa]\n# *~\n";

const DESCRIPTION: &str =
    "Unnamed repository; edit this file 'description' to name the repository.\n";

const HINT: &str = "hint: Using 'master' as the name for the initial branch. This default branch name\nhint: is subject to change. To configure the initial branch name to use in all\nhint: of your new repositories, which will suppress this warning, call:\nhint:\nhint: \tgit config --global init.defaultBranch <name>\nhint:\nhint: Names commonly chosen instead of 'master' are 'main', 'trunk' and\nhint: 'development'. The just-created branch can be renamed via this command:\nhint:\nhint: \tgit branch -m <name>\n";

pub(crate) fn init(g: &mut Git, args: &[String]) -> Res<i32> {
    let p = parse(OPTS, args, USAGE)?;
    if let Some(f) = p.value("object-format")
        && f != "sha1"
    {
        return Err(Fail::unsupported(&format!("--object-format={f}")));
    }
    if let Some(f) = p.value("ref-format")
        && f != "files"
    {
        return Err(Fail::unsupported(&format!("--ref-format={f}")));
    }
    if p.args.len() > 1 {
        return Err(crate::opts::usage_error("too many arguments", USAGE));
    }
    let bare = p.on("bare") || g.git_dir.is_some() && g.work_tree.is_none() && p.on("bare");
    let target: PathBuf = match p.args.first() {
        Some(d) => g.abs(d),
        None => g.cwd.clone(),
    };
    g.fs.mkdir(&target, 0o755, true)
        .map_err(|e| Fail::fatal(format!("cannot mkdir {}: {e}", target.display())))?;
    let git_dir = if bare {
        target.clone()
    } else {
        target.join(".git")
    };
    let fs = g.fs.clone();
    let reinit = is_git_dir(&*fs, &git_dir);
    if !reinit {
        let cfg = crate::config::Config::load(g, None)?;
        let branch = p
            .value("initial-branch")
            .map(str::to_string)
            .or_else(|| cfg.get("init.defaultBranch"));
        let hint = branch.is_none();
        let branch = branch.unwrap_or_else(|| "master".into());
        if !valid_ref_name(&branch) {
            return Err(Fail::fatal(format!(
                "invalid initial branch name: '{branch}'"
            )));
        }
        let mk = |rel: &str| -> Res<()> {
            let d = git_dir.join(rel);
            fs.mkdir(&d, 0o755, true)
                .map_err(|e| Fail::fatal(format!("cannot mkdir {}: {e}", d.display())))
        };
        for d in [
            "",
            "branches",
            "hooks",
            "info",
            "objects/info",
            "objects/pack",
            "refs/heads",
            "refs/tags",
        ] {
            mk(d)?;
        }
        let write = |rel: &str, text: &str| -> Res<()> {
            let f = git_dir.join(rel);
            fs.write(&f, text.as_bytes(), sandsh_vfs::WriteMode::Truncate, 0o644)
                .map_err(|e| Fail::io("unable to write", &f, e))
        };
        write("description", DESCRIPTION)?;
        write("info/exclude", EXCLUDE)?;
        write("HEAD", &format!("ref: refs/heads/{branch}\n"))?;
        let config = if bare {
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n"
        } else {
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n"
        };
        write("config", config)?;
        if hint && !p.on("quiet") {
            g.err(HINT);
        }
    } else if let Some(b) = p.value("initial-branch") {
        g.err(&format!("warning: re-init: ignored --initial-branch={b}\n"));
    }
    if !p.on("quiet") {
        let shown = format!("{}/", git_dir.display());
        let word = if reinit {
            "Reinitialized existing"
        } else {
            "Initialized empty"
        };
        let shared = "";
        g.outs(&format!("{word}{shared} Git repository in {shown}\n"))?;
    }
    Ok(0)
}
