//! `git commit`: the index (or, with paths, the named files) written as a tree and a commit
//! with git's message clean-up, identity and dates, the branch and the reflogs moved, and
//! git's summary (`[main (root-commit) abc1234] subject`, the short stat, the create, delete,
//! rename and mode lines).

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::cmd::add::stage;
use crate::cmd::status::{compute, long};
use crate::diffout::{Source, compare, find_renames, rename_name, summary_line};
use crate::error::{Fail, Res};
use crate::ident::{Ident, Role, format_date, ident, parse_date};
use crate::index::Index;
use crate::opts::{Opt, flag, no, optional, parse, value};
use crate::pathspec::Pathspec;
use crate::quote::show;
use crate::refs::Head;
use crate::repo::{Git, Repo};
use crate::worktree::{Now, Untracked, entry_now};

const USAGE: &str = "git commit [-a | --interactive | --patch] [-s] [-v] [-u[<mode>]] [--amend]\n                  [--dry-run] [(-c | -C | --squash) <commit> | --fixup [(amend|reword):]<commit>]\n                  [-F <file> | -m <msg>] [--reset-author] [--allow-empty]\n                  [--allow-empty-message] [--no-verify] [-e] [--author=<author>]\n                  [--date=<date>] [--cleanup=<mode>] [--[no-]status]\n                  [-i | -o] [--pathspec-from-file=<file> [--pathspec-file-nul]]\n                  [(--trailer <token>[(=|:)<value>])...] [-S[<keyid>]]\n                  [--] [<pathspec>...]";

const OPTS: &[Opt] = &[
    value(Some('m'), "message"),
    value(Some('F'), "file"),
    flag(Some('a'), "all"),
    flag(None, "amend"),
    flag(None, "allow-empty"),
    flag(None, "allow-empty-message"),
    value(None, "author"),
    value(None, "date"),
    flag(Some('q'), "quiet"),
    flag(Some('n'), "no-verify"),
    flag(None, "verify"),
    flag(None, "no-edit"),
    flag(Some('s'), "signoff"),
    flag(None, "reset-author"),
    value(None, "cleanup"),
    flag(Some('o'), "only"),
    flag(Some('i'), "include"),
    optional(Some('u'), "untracked-files"),
    flag(None, "status"),
    value(Some('C'), "reuse-message"),
    no(Some('c'), "reedit-message", true),
    no(Some('e'), "edit", false),
    no(Some('v'), "verbose", false),
    no(Some('p'), "patch", false),
    no(None, "interactive", false),
    no(None, "fixup", true),
    no(None, "squash", true),
    no(None, "dry-run", false),
    no(Some('S'), "gpg-sign", false),
    no(None, "trailer", true),
    no(None, "pathspec-from-file", true),
    no(Some('t'), "template", true),
    no(Some('z'), "null", false),
    no(None, "short", false),
    no(None, "porcelain", false),
];

/// git's message clean-up: `whitespace` (trailing spaces, leading and trailing blank lines,
/// runs of blank lines) and, for `strip`, `#` comment lines too.
pub(crate) fn cleanup(msg: &str, strip_comments: bool) -> String {
    let mut lines: Vec<String> = Vec::new();
    for l in msg.split('\n') {
        if strip_comments && l.starts_with('#') {
            continue;
        }
        lines.push(l.trim_end().to_string());
    }
    let mut out = String::new();
    let mut blank = false;
    for l in lines {
        if l.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push('\n');
            blank = false;
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// `Name <email>` given to `--author`, or an existing author matched by it.
fn parse_author(repo: &Repo, spec: &str) -> Res<(String, String)> {
    if let (Some(lt), Some(gt)) = (spec.find('<'), spec.rfind('>'))
        && lt < gt
    {
        return Ok((spec[..lt].trim().to_string(), spec[lt + 1..gt].to_string()));
    }
    // git looks for an earlier author matching the text.
    if let Some(head) = repo.head_id()? {
        let mut id = Some(head);
        let mut n = 0;
        while let Some(c) = id {
            let c = repo.commit(&c)?;
            let who = format!("{} <{}>", c.author.name, c.author.email);
            if who.contains(spec) {
                return Ok((c.author.name, c.author.email));
            }
            id = c.parents.first().copied();
            n += 1;
            if n > 100_000 {
                break;
            }
        }
    }
    Err(Fail::fatal(format!(
        "--author '{spec}' is not 'Name <email>' and matches no existing author"
    )))
}

pub(crate) fn commit(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    repo.work("")?;
    let amend = p.on("amend");
    let head = repo.head()?;
    let head_id = repo.head_id()?;
    if amend && head_id.is_none() {
        return Err(Fail::fatal("You have nothing to amend."));
    }
    if p.given("message") && p.given("file") {
        return Err(Fail::fatal("options '-m' and '-F' cannot be used together"));
    }
    if p.on("all") && !p.args.is_empty() {
        return Err(Fail::fatal(
            "paths '{}' with -a does not make sense".replace("{}", &p.args.join(" ")),
        ));
    }
    let merge_head = read_id(&repo, "MERGE_HEAD")?;
    let pick_head = read_id(&repo, "CHERRY_PICK_HEAD")?;
    if merge_head.is_some() && amend {
        return Err(Fail::fatal(
            "You are in the middle of a merge -- cannot amend.",
        ));
    }
    if merge_head.is_some() && !p.args.is_empty() {
        return Err(Fail::fatal("cannot do a partial commit during a merge."));
    }
    let mut index = Index::load(&repo)?;
    let conflicted = index.conflicted();
    if !conflicted.is_empty() {
        for path in &conflicted {
            g.outs(&format!(
                "U\t{}\n",
                show(repo.display(&String::from_utf8_lossy(path)).as_bytes())
            ))?;
        }
        return Err(Fail::Raw(
            "error: Committing is not possible because you have unmerged files.\nhint: Fix them up in the work tree, and then use 'git add/rm <file>'\nhint: as appropriate to mark resolution and make a commit.\nfatal: Exiting because of an unresolved conflict.\n".into(),
            128,
        ));
    }
    // -a: stage every tracked file's change.
    if p.on("all") {
        for e in index.entries.clone() {
            g.check()?;
            match entry_now(&repo, &index, &e)? {
                Now::Same => {}
                Now::Missing => {
                    index.remove(&e.path);
                }
                Now::Changed { .. } => stage(&repo, &mut index, &e.path, false)?,
            }
        }
    }
    // Paths: commit only them (--only, the default), or them with the index (--include).
    let commit_index;
    if !p.args.is_empty() {
        let cwd = g.cwd.clone();
        let spec = Pathspec::new(&repo, &cwd, &p.args)?;
        let head_files = repo.commit_files(head_id.as_ref())?;
        let mut touched = Vec::new();
        for e in index.entries.clone() {
            if spec.matches(&e.path) {
                touched.push(e.path.clone());
                match entry_now(&repo, &index, &e)? {
                    Now::Missing => {
                        index.remove(&e.path);
                    }
                    Now::Changed { .. } => stage(&repo, &mut index, &e.path, false)?,
                    Now::Same => {}
                }
            }
        }
        for (path, _) in head_files.iter() {
            if spec.matches(path) && !touched.contains(path) {
                touched.push(path.clone());
            }
        }
        if let Some(u) = spec.unmatched() {
            return Err(Fail::Raw(
                format!("error: pathspec '{u}' did not match any file(s) known to git\n"),
                1,
            ));
        }
        if p.on("include") {
            commit_index = index.clone();
        } else {
            // The HEAD tree with the named paths taken from the (updated) index.
            let mut only = Index::default();
            for (path, (mode, id)) in &head_files {
                if !touched.contains(path) {
                    only.upsert(crate::index::Entry {
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
            for t in &touched {
                if let Some(e) = index.get(t) {
                    only.upsert(e.clone());
                }
            }
            commit_index = only;
        }
    } else {
        commit_index = index.clone();
    }
    let tree = repo.write_tree(&commit_index)?;
    let parents: Vec<ObjectId> = if amend {
        repo.commit(&head_id.unwrap_or(ObjectId::null(crate::odb::SHA1)))?
            .parents
    } else {
        head_id.into_iter().chain(merge_head).collect()
    };
    let parent_tree = match parents.first() {
        Some(pid) => Some(repo.commit(pid)?.tree),
        None => None,
    };
    let old_tree = match head_id {
        Some(h) => Some(repo.commit(&h)?.tree),
        None => None,
    };
    let unchanged = if amend {
        parent_tree
            .as_ref()
            .map_or(tree == ObjectId::empty_tree(crate::odb::SHA1), |t| {
                *t == tree
            })
    } else {
        old_tree.as_ref() == Some(&tree) || (head_id.is_none() && commit_index.entries.is_empty())
    };
    if unchanged && !p.on("allow-empty") && merge_head.is_none() {
        if amend {
            // Amending into an empty commit needs --allow-empty.
            if parents.len() <= 1 {
                let s = compute(g, &repo, &index, Untracked::Normal, false)?;
                long(g, &repo, &s, Untracked::Normal, true, true)?;
                return Err(Fail::Raw(
                    "You asked to amend the most recent commit, but doing so would make\nit empty. You can repeat your command with --allow-empty, or you can\nremove the commit entirely with \"git reset HEAD^\".\n".into(),
                    1,
                ));
            }
        } else {
            let s = compute(g, &repo, &index, Untracked::Normal, false)?;
            long(g, &repo, &s, Untracked::Normal, true, false)?;
            return Ok(1);
        }
    }
    // The message.
    let amended = match (amend, head_id) {
        (true, Some(h)) => Some(repo.commit(&h)?),
        _ => None,
    };
    let reused = match p.value("reuse-message") {
        Some(r) => Some(repo.commit(&crate::revparse::commit_or_die(&repo, r)?)?),
        None => None,
    };
    let raw_msg = if p.given("message") {
        Some(p.values("message").join("\n\n"))
    } else if let Some(f) = p.value("file") {
        let text = if f == "-" {
            let mut s = Vec::new();
            let _ = std::io::Read::read_to_end(g.ctx.stdin(), &mut s);
            s
        } else {
            let path = g.abs(f);
            g.fs.read(&path, None)
                .map_err(|e| Fail::fatal(format!("could not read log file '{f}': {e}")))?
        };
        Some(String::from_utf8_lossy(&text).into_owned())
    } else if let Some(r) = &reused {
        Some(String::from_utf8_lossy(&r.message).into_owned())
    } else if p.on("no-edit") && amended.is_some() {
        amended
            .as_ref()
            .map(|c| String::from_utf8_lossy(&c.message).into_owned())
    } else {
        None
    };
    // A merge or a pick prepared the message; an editor that leaves files as they are
    // (`true`, `:`) is the one editor this git can run.
    let template = match raw_msg {
        Some(_) => None,
        None => ["MERGE_MSG", "SQUASH_MSG"]
            .iter()
            .find_map(|f| repo.read_opt(&repo.gpath(f)).ok().flatten())
            .map(|t| String::from_utf8_lossy(&t).into_owned()),
    };
    let editing = raw_msg.is_none() && !p.on("no-edit");
    let raw_msg = match (raw_msg, template) {
        (Some(m), _) => m,
        (None, Some(t)) if !editing || noop_editor(g, &repo) => t,
        (None, _) => {
            return Err(Fail::Raw(
                format!(
                    "error: unable to start editor '{}'\nPlease supply the message using either -m or -F option.\n",
                    editor(g, &repo)
                ),
                1,
            ));
        }
    };
    let strip = match p.value("cleanup") {
        Some("strip") => true,
        None if editing => true,
        Some("verbatim") | Some("whitespace") | Some("default") | None => false,
        Some("scissors") => false,
        Some(m) => return Err(Fail::fatal(format!("Invalid cleanup mode {m}"))),
    };
    let mut msg = if p.value("cleanup") == Some("verbatim") {
        raw_msg
    } else {
        cleanup(&raw_msg, strip)
    };
    let committer = ident(g, &repo.config, Role::Committer)?;
    if p.on("signoff") {
        let line = format!("Signed-off-by: {} <{}>", committer.name, committer.email);
        if !msg.lines().any(|l| l == line) {
            let last_para = msg.trim_end().rsplit("\n\n").next().unwrap_or("");
            let trailers = !last_para.is_empty()
                && last_para
                    .lines()
                    .all(|l| l.split_once(": ").is_some_and(|(k, _)| !k.contains(' ')))
                && msg.trim_end().contains("\n\n");
            if !trailers {
                msg.push('\n');
            }
            msg.push_str(&line);
            msg.push('\n');
        }
    }
    if msg.trim().is_empty() && !p.on("allow-empty-message") {
        return Err(Fail::Raw(
            "Aborting commit due to empty commit message.\n".into(),
            1,
        ));
    }
    // The author: kept from the amended or reused commit unless reset or given.
    let picked = match pick_head {
        Some(id) => Some(repo.commit(&id)?),
        None => None,
    };
    let reused = reused.or(picked);
    let mut author = match (&amended, &reused, p.on("reset-author")) {
        (_, Some(r), false) => r.author.clone(),
        (Some(c), _, false) => c.author.clone(),
        _ => ident(g, &repo.config, Role::Author)?,
    };
    if let Some(a) = p.value("author") {
        let (n, e) = parse_author(&repo, a)?;
        author.name = n;
        author.email = e;
    }
    if let Some(d) = p.value("date") {
        let (t, tz) =
            parse_date(g, d).ok_or_else(|| Fail::fatal(format!("invalid date format: {d}")))?;
        author.time = t;
        author.tz = tz;
    }
    let c = gix_object::Commit {
        tree,
        parents: parents.iter().copied().collect(),
        author: author.signature(),
        committer: committer.signature(),
        encoding: None,
        message: msg.clone().into(),
        extra_headers: Vec::new(),
    };
    let id = repo.write_gix(&c)?;
    repo.write_file(&repo.gpath("COMMIT_EDITMSG"), msg.as_bytes())?;
    let subject = crate::objects::subject(msg.as_bytes());
    let reflog = if amend {
        format!("commit (amend): {subject}")
    } else if parents.is_empty() {
        format!("commit (initial): {subject}")
    } else if merge_head.is_some() {
        format!("commit (merge): {subject}")
    } else {
        format!("commit: {subject}")
    };
    repo.update_ref("HEAD", &id, &committer, &reflog)?;
    // The index as committed (with -a or paths, what was staged on the way).
    index.save(&repo)?;
    crate::cmd::merge::clear_state(&repo, crate::cmd::merge::STATE_FILES);
    crate::cmd::merge::clear_state(&repo, &["SQUASH_MSG", "CHERRY_PICK_HEAD", "REVERT_HEAD"]);
    if p.on("quiet") {
        return Ok(0);
    }
    let mut out = String::new();
    let where_ = match &head {
        Head::Branch(_) => head.branch().unwrap_or("").to_string(),
        Head::Detached(_) => "detached HEAD".into(),
    };
    let root = if parents.is_empty() && !amend {
        " (root-commit)"
    } else {
        ""
    };
    out.push_str(&format!(
        "[{where_}{root} {}] {subject}\n",
        id.to_hex_with_len(7)
    ));
    if author.name != committer.name || author.email != committer.email {
        out.push_str(&format!(" Author: {} <{}>\n", author.name, author.email));
    }
    if amended.is_some() || reused.is_some() || p.given("date") {
        out.push_str(&format!(
            " Date: {}\n",
            format_date(author.time, author.tz, "default", 0)
        ));
    }
    if merge_head.is_none() {
        out.push_str(&summary(&repo, parent_tree.as_ref(), &tree)?);
    }
    g.outs(&out)?;
    Ok(0)
}

/// The short stat and the create/delete/rename/mode lines of a commit's summary.
pub(crate) fn summary(repo: &Repo, from: Option<&ObjectId>, to: &ObjectId) -> Res<String> {
    let old = match from {
        Some(t) => repo.flat_tree(t)?,
        None => Default::default(),
    };
    let new = repo.flat_tree(to)?;
    let src = Source {
        repo,
        work: Default::default(),
    };
    let changes = find_renames(compare(&old, &new), &src)?;
    if changes.is_empty() {
        return Ok(String::new());
    }
    let (mut a, mut d) = (0, 0);
    for c in &changes {
        if let Some((x, y)) = crate::diffout::numbers(c, &src)? {
            a += x;
            d += y;
        }
    }
    let mut out = summary_line(changes.len(), a, d);
    out.push_str(&mode_lines(&changes));
    Ok(out)
}

/// The create/delete/rename/mode-change lines of a summary.
pub(crate) fn mode_lines(changes: &[crate::diffout::Change]) -> String {
    let mut out = String::new();
    for c in changes {
        match (c.old, c.new, c.rename) {
            (None, Some((m, _)), _) => {
                out.push_str(&format!(" create mode {m:o} {}\n", show(&c.new_path)))
            }
            (Some((m, _)), None, _) => {
                out.push_str(&format!(" delete mode {m:o} {}\n", show(&c.old_path)))
            }
            (Some((om, _)), Some((nm, _)), Some(s)) => {
                out.push_str(&format!(
                    " rename {} ({s}%)\n",
                    rename_name(&c.old_path, &c.new_path)
                ));
                if om != nm {
                    out.push_str(&format!(" mode change {om:o} => {nm:o}\n"));
                }
            }
            (Some((om, _)), Some((nm, _)), None) if om != nm => {
                out.push_str(&format!(
                    " mode change {om:o} => {nm:o} {}\n",
                    show(&c.new_path)
                ));
            }
            _ => {}
        }
    }
    out
}

/// The editor git would start.
fn editor(g: &Git, repo: &Repo) -> String {
    g.env("GIT_EDITOR")
        .or_else(|| repo.config.get("core.editor"))
        .or_else(|| g.env("VISUAL"))
        .or_else(|| g.env("EDITOR"))
        .unwrap_or_else(|| "vi".into())
}

/// Whether the editor leaves the message as it is (`true`, `:`).
pub(crate) fn noop_editor(g: &Git, repo: &Repo) -> bool {
    matches!(editor(g, repo).trim(), "true" | ":")
}

/// An id kept in a file of the repository directory (`MERGE_HEAD`).
pub(crate) fn read_id(repo: &Repo, name: &str) -> Res<Option<ObjectId>> {
    Ok(repo
        .read_opt(&repo.gpath(name))?
        .and_then(|d| crate::odb::parse_hex(String::from_utf8_lossy(&d).get(..40)?)))
}

#[allow(dead_code)]
fn unused(_: Ident, _: Kind) {}

#[cfg(test)]
mod tests {
    use super::cleanup;

    #[test]
    fn messages_are_cleaned_as_git_cleans_them() {
        assert_eq!(
            cleanup("  \n\nsubject  \n\n\n\nbody\n\n", false),
            "subject\n\nbody\n"
        );
        assert_eq!(cleanup("# c\nmsg", true), "msg\n");
        assert_eq!(cleanup("# c\nmsg", false), "# c\nmsg\n");
        assert_eq!(cleanup("   ", false), "");
    }
}
