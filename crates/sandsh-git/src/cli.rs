//! `git`'s own command line: the global options (`-C`, `-c`, `--git-dir`, `--work-tree`,
//! `--no-pager`…), `--version`, `help`, and the dispatch to a subcommand; git's words for a
//! command it does not know, and a plain refusal for one it has that this git does not.

use sandsh_api::{Arg, ExitStatus, ToolCtx};

use crate::cmd;
use crate::error::{Fail, Res};
use crate::repo::Git;

const HELP: &str = include_str!("help.txt");

/// git's subcommands that this git does not have yet.
const NOT_YET: &[&str] = &[
    "am",
    "apply",
    "archive",
    "bisect",
    "bundle",
    "cherry",
    "clean",
    "fetch",
    "format-patch",
    "fsck",
    "gc",
    "merge-base",
    "notes",
    "pull",
    "push",
    "range-diff",
    "rebase",
    "reflog",
    "remote",
    "repack",
    "rev-list",
    "shortlog",
    "sparse-checkout",
    "submodule",
    "worktree",
    "whatchanged",
    "difftool",
    "mergetool",
    "gui",
    "citool",
    "instaweb",
    "send-email",
    "request-pull",
    "filter-branch",
    "fast-export",
    "fast-import",
    "pack-objects",
    "unpack-objects",
    "verify-pack",
    "index-pack",
    "count-objects",
    "prune",
    "mktree",
    "mktag",
    "read-tree",
    "commit-tree",
    "update-index",
    "checkout-index",
    "diff-files",
    "diff-index",
    "diff-tree",
    "for-each-ref",
    "show-ref",
    "name-rev",
    "maintenance",
    "replace",
    "rerere",
    "bugreport",
    "show-branch",
    "var",
    "interpret-trailers",
    "check-attr",
    "check-ref-format",
];

pub(crate) fn main(args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
    let args: Vec<String> = args
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let mut g = Git::new(ctx);
    let status = match run(&mut g, &args) {
        Ok(s) => s,
        Err(f) => {
            let (msg, status) = f.render();
            if !msg.is_empty() {
                g.err(&msg);
            }
            status
        }
    };
    let _ = g.ctx.stdout().flush();
    status
}

fn run(g: &mut Git, args: &[String]) -> Res<i32> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if !a.starts_with('-') {
            break;
        }
        i += 1;
        let take = |i: &mut usize, what: &str| -> Res<String> {
            if *i < args.len() {
                *i += 1;
                Ok(args[*i - 1].clone())
            } else {
                Err(Fail::Usage(format!(
                    "no directory given for '{what}' option\n \n{HELP}"
                )))
            }
        };
        match a {
            "-v" | "--version" => {
                g.outs(&format!("git version {}\n", crate::GIT_VERSION))?;
                return Ok(0);
            }
            "-h" | "--help" => {
                g.outs(HELP)?;
                return Ok(0);
            }
            "-C" => {
                let d = take(&mut i, "-C")?;
                if d.is_empty() {
                    continue;
                }
                let p = g.abs(&d);
                match g.fs.stat(&p) {
                    Ok(m) if m.is_dir() => g.cwd = p,
                    Ok(_) => {
                        return Err(Fail::fatal(format!(
                            "cannot change to '{d}': Not a directory"
                        )));
                    }
                    Err(e) => return Err(Fail::fatal(format!("cannot change to '{d}': {e}"))),
                }
            }
            "-c" => {
                let kv = take(&mut i, "-c")?;
                match kv.split_once('=') {
                    Some((k, v)) => g.overrides.push((k.to_string(), Some(v.to_string()))),
                    None => g.overrides.push((kv, None)),
                }
            }
            "-p"
            | "--paginate"
            | "-P"
            | "--no-pager"
            | "--no-replace-objects"
            | "--no-optional-locks"
            | "--no-advice"
            | "--literal-pathspecs"
            | "--no-lazy-fetch" => {}
            "--bare" => {
                let cwd = g.cwd.clone();
                g.git_dir = Some(cwd);
            }
            "--git-dir" => {
                let d = take(&mut i, "--git-dir")?;
                g.git_dir = Some(g.abs(&d));
            }
            "--work-tree" => {
                let d = take(&mut i, "--work-tree")?;
                g.work_tree = Some(g.abs(&d));
            }
            _ if a.starts_with("--git-dir=") => {
                let p = g.abs(&a["--git-dir=".len()..]);
                g.git_dir = Some(p);
            }
            _ if a.starts_with("--work-tree=") => {
                let p = g.abs(&a["--work-tree=".len()..]);
                g.work_tree = Some(p);
            }
            _ if a.starts_with("--exec-path")
                || a == "--html-path"
                || a == "--man-path"
                || a == "--info-path"
                || a.starts_with("--namespace")
                || a.starts_with("--config-env") =>
            {
                return Err(Fail::unsupported(&format!("the option '{a}'")));
            }
            _ => {
                return Err(Fail::Usage(format!(
                    "unknown option: {a}\n{}",
                    usage_only()
                )));
            }
        }
    }
    let Some(sub) = args.get(i) else {
        g.outs(HELP)?;
        return Ok(1);
    };
    let rest = &args[i + 1..];
    match cmd::dispatch(g, sub, rest) {
        Some(r) => r,
        None if sub == "help" => help(g, rest),
        None if sub == "version" => {
            g.outs(&format!("git version {}\n", crate::GIT_VERSION))?;
            Ok(0)
        }
        None if NOT_YET.contains(&sub.as_str()) => Err(Fail::unsupported(&format!("'git {sub}'"))),
        None => Err(Fail::Raw(
            format!("git: '{sub}' is not a git command. See 'git --help'.\n"),
            1,
        )),
    }
}

/// The usage lines alone (the first six lines of the help).
fn usage_only() -> String {
    HELP.lines().take(6).map(|l| format!("{l}\n")).collect()
}

fn help(g: &mut Git, rest: &[String]) -> Res<i32> {
    match rest.first().map(String::as_str) {
        None => {
            g.outs(HELP)?;
            Ok(0)
        }
        Some("-a") | Some("--all") => {
            let mut s = String::from("sandsh's git subcommands:\n");
            for n in cmd::NAMES {
                s.push_str(&format!("   {n}\n"));
            }
            g.outs(&s)?;
            Ok(0)
        }
        Some(name) => {
            if cmd::NAMES.contains(&name) {
                g.outs(&format!(
                    "sandsh's git has no manual pages; 'git {name} -h' lists its options.\n"
                ))?;
                Ok(0)
            } else {
                Err(Fail::Raw(format!("No manual entry for git{name}\n"), 1))
            }
        }
    }
}
