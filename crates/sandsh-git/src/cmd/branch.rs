//! `git branch` and `git tag`: listing, creating, deleting and renaming branches;
//! lightweight and annotated tags.

use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::ident::{Role, ident};
use crate::opts::{Opt, flag, no, optional, parse, value};
use crate::refs::{Head, valid_ref_name};
use crate::repo::Git;
use crate::revparse::{commit_or_die, resolve};

const BR_USAGE: &str = "git branch [<options>] [-r | -a] [--merged] [--no-merged]\n   or: git branch [<options>] [-f] [--recurse-submodules] <branch-name> [<start-point>]\n   or: git branch [<options>] [-l] [<pattern>...]\n   or: git branch [<options>] [-r] (-d | -D) <branch-name>...\n   or: git branch [<options>] (-m | -M) [<old-branch>] <new-branch>\n   or: git branch [<options>] (-c | -C) [<old-branch>] <new-branch>\n   or: git branch [<options>] [-r | -a] [--points-at]\n   or: git branch [<options>] [-r | -a] [--format]";

const BR_OPTS: &[Opt] = &[
    flag(Some('d'), "delete"),
    flag(Some('D'), "-D"),
    flag(Some('m'), "move"),
    flag(Some('M'), "-M"),
    flag(Some('c'), "copy"),
    flag(Some('C'), "-C"),
    flag(Some('f'), "force"),
    flag(Some('l'), "list"),
    flag(Some('a'), "all"),
    flag(Some('r'), "remotes"),
    flag(Some('v'), "verbose"),
    flag(Some('q'), "quiet"),
    flag(None, "show-current"),
    optional(None, "abbrev"),
    optional(None, "color"),
    flag(None, "no-color"),
    optional(None, "column"),
    flag(None, "no-column"),
    flag(None, "no-track"),
    optional(Some('t'), "track"),
    no(Some('u'), "set-upstream-to", true),
    no(None, "unset-upstream", false),
    no(None, "contains", true),
    no(None, "no-contains", true),
    no(None, "merged", true),
    no(None, "no-merged", true),
    no(None, "points-at", true),
    no(None, "format", true),
    no(None, "sort", true),
    no(None, "edit-description", false),
    no(Some('i'), "ignore-case", false),
];

pub(crate) fn branch(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(BR_OPTS, args, BR_USAGE)?;
    let head = repo.head()?;
    let current = head.branch().map(str::to_string);
    if p.on("show-current") {
        if let Some(b) = &current {
            g.outs(&format!("{b}\n"))?;
        }
        return Ok(0);
    }
    let force = p.on("force");
    if p.on("delete") || p.on("-D") {
        if p.args.is_empty() {
            return Err(Fail::fatal("branch name required"));
        }
        let hard = p.on("-D") || force && p.on("delete");
        let mut status = 0;
        let head_id = repo.head_id()?;
        for name in &p.args {
            let r = format!("refs/heads/{name}");
            let Some(id) = repo.resolve_ref(&r)? else {
                g.err(&format!("error: branch '{name}' not found\n"));
                status = 1;
                continue;
            };
            if current.as_deref() == Some(name.as_str()) {
                g.err(&format!(
                    "error: cannot delete branch '{name}' used by worktree at '{}'\n",
                    repo.work
                        .as_ref()
                        .map(|w| w.display().to_string())
                        .unwrap_or_default()
                ));
                status = 1;
                continue;
            }
            if !hard {
                // Merged into HEAD?
                let merged = match head_id {
                    Some(h) => is_ancestor(&repo, &id, &h)?,
                    None => false,
                };
                if !merged {
                    g.err(&format!("error: the branch '{name}' is not fully merged\nhint: If you are sure you want to delete it, run 'git branch -D {name}'\nhint: Disable this message with \"git config set advice.forceDeleteBranch false\"\n"));
                    status = 1;
                    continue;
                }
            }
            repo.delete_ref(&r)?;
            if !p.on("quiet") {
                g.outs(&format!(
                    "Deleted branch {name} (was {}).\n",
                    id.to_hex_with_len(7)
                ))?;
            }
        }
        return Ok(status);
    }
    if p.on("move") || p.on("-M") || p.on("copy") || p.on("-C") {
        let copy = p.on("copy") || p.on("-C");
        let force = force || p.on("-M") || p.on("-C");
        let (old, new) = match p.args.as_slice() {
            [n] => (
                current.clone().ok_or_else(|| {
                    Fail::fatal("cannot rename the current branch while not on any")
                })?,
                n.clone(),
            ),
            [o, n] => (o.clone(), n.clone()),
            _ => return Err(Fail::fatal("too many arguments for a rename operation")),
        };
        if !valid_ref_name(&new) {
            return Err(Fail::fatal(format!("'{new}' is not a valid branch name")));
        }
        let old_ref = format!("refs/heads/{old}");
        let new_ref = format!("refs/heads/{new}");
        let id = match repo.resolve_ref(&old_ref)? {
            Some(id) => id,
            None if current.as_deref() == Some(old.as_str()) && !copy => {
                // An unborn branch: only HEAD moves.
                repo.set_head(&Head::Branch(new_ref))?;
                return Ok(0);
            }
            None => return Err(Fail::fatal(format!("no branch named '{old}'"))),
        };
        if old != new && repo.resolve_ref(&new_ref)?.is_some() && !force {
            return Err(Fail::fatal(format!(
                "a branch named '{new}' already exists"
            )));
        }
        let who = ident(g, &repo.config, Role::Committer)?;
        // The reflog moves with the branch.
        let old_log = repo.read_opt(&repo.git_dir.join("logs").join(&old_ref))?;
        if !copy {
            repo.delete_ref(&old_ref)?;
        }
        if let Some(log) = old_log {
            repo.write_file(&repo.git_dir.join("logs").join(&new_ref), &log)?;
        }
        let verb = if copy { "copied" } else { "renamed" };
        repo.write_file(
            &repo.gpath(&new_ref),
            format!("{}\n", id.to_hex()).as_bytes(),
        )?;
        repo.reflog(
            &new_ref,
            &id,
            &id,
            &who,
            &format!("Branch: {verb} {old_ref} to {new_ref}"),
        )?;
        if !copy && current.as_deref() == Some(old.as_str()) {
            repo.set_head(&Head::Branch(new_ref))?;
        }
        return Ok(0);
    }
    let listing =
        p.on("list") || p.on("all") || p.on("remotes") || p.on("verbose") || p.args.is_empty();
    if listing {
        let mut rows: Vec<(String, gix_hash::ObjectId, bool)> = Vec::new();
        if !p.on("remotes") {
            for (name, id) in repo.refs("refs/heads/")? {
                let short = name["refs/heads/".len()..].to_string();
                rows.push((short, id, false));
            }
        }
        if p.on("all") || p.on("remotes") {
            for (name, id) in repo.refs("refs/remotes/")? {
                let mut short = name["refs/remotes/".len()..].to_string();
                // A symbolic ref (origin/HEAD) shows what it points at.
                if let Some(crate::refs::RefValue::Symbolic(t)) = repo.read_ref(&name)? {
                    short = format!(
                        "{short} -> {}",
                        t.strip_prefix("refs/remotes/").unwrap_or(&t)
                    );
                }
                rows.push((
                    if p.on("all") {
                        format!("remotes/{short}")
                    } else {
                        short
                    },
                    id,
                    true,
                ));
            }
        }
        let patterns: Vec<&String> = p.args.iter().collect();
        rows.retain(|(n, _, _)| {
            patterns.is_empty()
                || patterns.iter().any(|pat| {
                    gix_glob::wildmatch(
                        pat.as_str().into(),
                        n.as_str().into(),
                        gix_glob::wildmatch::Mode::empty(),
                    )
                })
        });
        let detached = match &head {
            Head::Detached(id) => Some(*id),
            Head::Branch(_) => None,
        };
        let mut out = String::new();
        let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let mut lines: Vec<(String, String)> = Vec::new();
        if let Some(id) = detached
            && patterns.is_empty()
        {
            lines.push((
                format!("(HEAD detached at {})", id.to_hex_with_len(7)),
                format!("* (HEAD detached at {})", id.to_hex_with_len(7)),
            ));
            let _ = id;
        }
        for (name, id, _) in &rows {
            let mark = if current.as_deref() == Some(name.as_str()) {
                "* "
            } else {
                "  "
            };
            let line = if p.on("verbose") {
                let c = repo.commit(id)?;
                let w = width;
                format!("{mark}{name:<w$} {} {}", id.to_hex_with_len(7), c.subject())
            } else {
                format!("{mark}{name}")
            };
            lines.push((name.clone(), line));
        }
        if p.on("verbose") && detached.is_some() && !lines.is_empty() {
            // The detached line gets its id and subject too.
            if let Some(id) = detached {
                let c = repo.commit(&id)?;
                let name = format!("(HEAD detached at {})", id.to_hex_with_len(7));
                let w = width.max(name.chars().count());
                lines[0].1 = format!("* {name:<w$} {} {}", id.to_hex_with_len(7), c.subject());
                for (n, l) in lines.iter_mut().skip(1) {
                    let (mark, rest) = l.split_at(2);
                    let after = rest[n.len()..].trim_start();
                    *l = format!("{mark}{n:<w$} {after}");
                }
            }
        }
        for (_, l) in lines {
            out.push_str(&l);
            out.push('\n');
        }
        g.outs(&out)?;
        return Ok(0);
    }
    // Create.
    let name = &p.args[0];
    if !valid_ref_name(name) || name == "HEAD" {
        return Err(Fail::fatal(format!("'{name}' is not a valid branch name")));
    }
    let r = format!("refs/heads/{name}");
    if repo.resolve_ref(&r)?.is_some() && !force {
        return Err(Fail::fatal(format!(
            "a branch named '{name}' already exists"
        )));
    }
    if force && current.as_deref() == Some(name.as_str()) {
        return Err(Fail::fatal(format!(
            "cannot force update the branch '{name}' used by worktree at '{}'",
            repo.work
                .as_ref()
                .map(|w| w.display().to_string())
                .unwrap_or_default()
        )));
    }
    let start = p.args.get(1).cloned().unwrap_or_else(|| "HEAD".into());
    let id = match resolve(&repo, &start)? {
        Some(id) => crate::revparse::peel_to(&repo, &id, Kind::Commit)?,
        None => {
            if start == "HEAD" {
                return Err(Fail::fatal(format!(
                    "not a valid object name: '{}'",
                    current.clone().unwrap_or_else(|| "HEAD".into())
                )));
            }
            return Err(Fail::fatal(format!("not a valid object name: '{start}'")));
        }
    };
    let who = ident(g, &repo.config, Role::Committer)?;
    repo.update_ref(&r, &id, &who, &format!("branch: Created from {start}"))?;
    Ok(0)
}

/// Whether `a` is `b` or an ancestor of it.
pub(crate) fn is_ancestor(
    repo: &crate::repo::Repo,
    a: &gix_hash::ObjectId,
    b: &gix_hash::ObjectId,
) -> Res<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![*b];
    while let Some(c) = stack.pop() {
        if c == *a {
            return Ok(true);
        }
        if seen.insert(c) {
            stack.extend(repo.commit(&c)?.parents);
        }
    }
    Ok(false)
}

const TAG_USAGE: &str = "git tag [-a | -s | -u <key-id>] [-f] [-m <msg> | -F <file>] [-e]\n        [(--trailer <token>[(=|:)<value>])...]\n        <tagname> [<commit> | <object>]\n   or: git tag -d <tagname>...\n   or: git tag [-n[<num>]] -l [--contains <commit>] [--no-contains <commit>]\n        [--points-at <object>] [--column[=<options>] | --no-column]\n        [--create-reflog] [--sort=<key>] [--format=<format>]\n        [--merged <commit>] [--no-merged <commit>] [<pattern>...]\n   or: git tag -v [--format=<format>] <tagname>...";

const TAG_OPTS: &[Opt] = &[
    flag(Some('a'), "annotate"),
    value(Some('m'), "message"),
    value(Some('F'), "file"),
    flag(Some('d'), "delete"),
    flag(Some('f'), "force"),
    flag(Some('l'), "list"),
    optional(Some('n'), "-n"),
    optional(None, "column"),
    flag(None, "no-column"),
    flag(None, "create-reflog"),
    no(Some('s'), "sign", false),
    no(Some('u'), "local-user", true),
    no(Some('v'), "verify", false),
    no(Some('e'), "edit", false),
    no(None, "contains", true),
    no(None, "no-contains", true),
    no(None, "merged", true),
    no(None, "no-merged", true),
    no(None, "points-at", true),
    no(None, "sort", true),
    no(None, "format", true),
    no(None, "trailer", true),
    no(Some('i'), "ignore-case", false),
];

pub(crate) fn tag(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(TAG_OPTS, args, TAG_USAGE)?;
    if p.on("delete") {
        let mut status = 0;
        for name in &p.args {
            let r = format!("refs/tags/{name}");
            match repo.resolve_ref(&r)? {
                Some(id) => {
                    repo.delete_ref(&r)?;
                    g.outs(&format!(
                        "Deleted tag '{name}' (was {})\n",
                        id.to_hex_with_len(7)
                    ))?;
                }
                None => {
                    g.err(&format!("error: tag '{name}' not found.\n"));
                    status = 1;
                }
            }
        }
        return Ok(status);
    }
    let annotate = p.on("annotate") || p.given("message") || p.given("file");
    if p.on("list") || p.args.is_empty() || p.given("-n") && !annotate {
        let mut out = String::new();
        for (name, id) in repo.refs("refs/tags/")? {
            let short = &name["refs/tags/".len()..];
            if !p.args.is_empty()
                && !p.args.iter().any(|pat| {
                    gix_glob::wildmatch(
                        pat.as_str().into(),
                        short.into(),
                        gix_glob::wildmatch::Mode::empty(),
                    )
                })
            {
                continue;
            }
            if p.given("-n") {
                let lines: usize = p.value("-n").and_then(|n| n.parse().ok()).unwrap_or(1);
                let (kind, data) = repo.object(&id)?;
                let msg = match kind {
                    Kind::Tag => gix_object::TagRef::from_bytes(&data, crate::odb::SHA1)
                        .map(|t| t.message.to_vec())
                        .unwrap_or_default(),
                    Kind::Commit => repo.commit(&id)?.message,
                    _ => Vec::new(),
                };
                let text = String::from_utf8_lossy(&msg);
                let first: Vec<&str> = text.lines().take(lines).collect();
                out.push_str(
                    format!(
                        "{short:<15} {}
",
                        first.join(
                            "
    "
                        )
                    )
                    .trim_end(),
                );
                out.push('\n');
            } else {
                out.push_str(short);
                out.push('\n');
            }
        }
        g.outs(&out)?;
        return Ok(0);
    }
    let name = &p.args[0];
    if !valid_ref_name(name) {
        return Err(Fail::fatal(format!("'{name}' is not a valid tag name.")));
    }
    let r = format!("refs/tags/{name}");
    if let Some(old) = repo.resolve_ref(&r)?
        && !p.on("force")
    {
        let _ = old;
        return Err(Fail::fatal(format!("tag '{name}' already exists")));
    }
    let target_spec = p.args.get(1).cloned().unwrap_or_else(|| "HEAD".into());
    let target = resolve(&repo, &target_spec)?
        .ok_or_else(|| Fail::fatal(format!("Failed to resolve '{target_spec}' as a valid ref.")))?;
    let id = if annotate {
        let msg = if p.given("message") {
            p.values("message").join("\n\n")
        } else if let Some(f) = p.value("file") {
            let path = g.abs(f);
            String::from_utf8_lossy(
                &g.fs
                    .read(&path, None)
                    .map_err(|e| Fail::fatal(format!("could not open or read '{f}': {e}")))?,
            )
            .into_owned()
        } else {
            return Err(Fail::Raw("error: unable to start editor 'vi'\nPlease supply the message using either -m or -F option.\n".into(), 1));
        };
        let msg = crate::cmd::commit::cleanup(&msg, true);
        let who = ident(g, &repo.config, Role::Committer)?;
        let (kind, _) = repo.object(&target)?;
        let t = gix_object::Tag {
            target,
            target_kind: kind,
            name: name.as_str().into(),
            tagger: Some(who.signature()),
            message: msg.into(),
            signature: None,
        };
        repo.write_gix(&t)?
    } else {
        target
    };
    repo.write_file(&repo.gpath(&r), format!("{}\n", id.to_hex()).as_bytes())?;
    let _ = commit_or_die;
    Ok(0)
}
