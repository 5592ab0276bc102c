//! `git cherry-pick` and `git revert` of one commit: the commit's change (or its inverse)
//! merged into HEAD with the merge machinery of `git merge` (base: the commit's parent, or
//! the commit itself for a revert), then committed with the picked commit's author and
//! message (or git's `Revert "…"` message). A conflict stops with `CHERRY_PICK_HEAD` or
//! `REVERT_HEAD` and `MERGE_MSG`, for `--continue` (a commit) or `--abort`.

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::cmd::commit::{noop_editor, read_id, summary};
use crate::cmd::merge::{abort as reset_to_head, apply, clear_state, index_matches_head};
use crate::error::{Fail, Res};
use crate::ident::{Role, format_date, ident};
use crate::index::Index;
use crate::mergetree::{Labels, merge_trees};
use crate::opts::{Opt, flag, no, parse};
use crate::refs::Head;
use crate::repo::Git;
use crate::revparse::{peel_to, resolve, unknown_revision};

const PICK_USAGE: &str = "git cherry-pick [--edit] [-n] [-m <parent-number>] [-s] [-x] [--ff]\n                   [-S[<keyid>]] <commit>...\n   or: git cherry-pick (--continue | --skip | --abort | --quit)";
const REVERT_USAGE: &str = "git revert [--[no-]edit] [-n] [-m <parent-number>] [-s] [-S[<keyid>]] <commit>...\n   or: git revert (--continue | --skip | --abort | --quit)";

const OPTS: &[Opt] = &[
    flag(None, "edit"),
    flag(None, "continue"),
    flag(None, "abort"),
    flag(None, "quit"),
    no(None, "skip", false),
    no(Some('e'), "e", false),
    no(Some('n'), "no-commit", false),
    no(Some('m'), "mainline", true),
    no(Some('s'), "signoff", false),
    no(Some('x'), "x", false),
    no(None, "ff", false),
    no(Some('S'), "gpg-sign", false),
    no(None, "allow-empty", false),
    no(None, "strategy", true),
    no(Some('X'), "strategy-option", true),
];

pub(crate) fn cherry_pick(g: &mut Git, args: &[String]) -> Res<i32> {
    run(g, args, false)
}

pub(crate) fn revert(g: &mut Git, args: &[String]) -> Res<i32> {
    run(g, args, true)
}

fn run(g: &mut Git, args: &[String], is_revert: bool) -> Res<i32> {
    let repo = g.open()?;
    let (usage, verb) = if is_revert {
        (REVERT_USAGE, "revert")
    } else {
        (PICK_USAGE, "cherry-pick")
    };
    let p = parse(OPTS, args, usage)?;
    repo.work("")?;
    let state = if is_revert {
        "REVERT_HEAD"
    } else {
        "CHERRY_PICK_HEAD"
    };
    let in_progress =
        read_id(&repo, "CHERRY_PICK_HEAD")?.is_some() || read_id(&repo, "REVERT_HEAD")?.is_some();
    if p.on("abort") || p.on("quit") {
        if !in_progress {
            return Err(Fail::Raw(
                format!("error: no cherry-pick or revert in progress\nfatal: {verb} failed\n"),
                128,
            ));
        }
        if p.on("abort") {
            reset_to_head(g, &repo)?;
        }
        clear_state(
            &repo,
            &["CHERRY_PICK_HEAD", "REVERT_HEAD", "MERGE_MSG", "AUTO_MERGE"],
        );
        return Ok(0);
    }
    if p.on("continue") {
        if read_id(&repo, state)?.is_none() {
            return Err(Fail::Raw(
                format!("error: no {verb} in progress\nfatal: {verb} failed\n"),
                128,
            ));
        }
        return crate::cmd::commit::commit(g, &[]);
    }
    if in_progress {
        return Err(Fail::Raw(
            format!(
                "error: {verb} is already in progress\nhint: try \"git {verb} (--continue | --abort | --quit)\"\nfatal: {verb} failed\n"
            ),
            128,
        ));
    }
    let name = match p.args.as_slice() {
        [one] => one,
        [] => return Err(Fail::Usage(format!("usage: {usage}\n"))),
        _ => {
            return Err(Fail::unsupported(&format!(
                "'git {verb}' of more than one commit"
            )));
        }
    };
    let no_edit = p.given("edit") && !p.on("edit");
    if is_revert && !no_edit && !noop_editor(g, &repo) {
        return Err(Fail::unsupported(
            "'git revert' that opens an editor (use --no-edit or GIT_EDITOR=true)",
        ));
    }
    let id = match resolve(&repo, name)? {
        Some(id) => peel_to(&repo, &id, Kind::Commit)?,
        None => return Err(unknown_revision(name)),
    };
    let picked = repo.commit(&id)?;
    if picked.parents.len() > 1 {
        return Err(Fail::Raw(
            format!(
                "error: commit {} is a merge but no -m option was given.\nfatal: {verb} failed\n",
                id.to_hex()
            ),
            128,
        ));
    }
    let Some(head_id) = repo.head_id()? else {
        return Err(Fail::unsupported(&format!(
            "'git {verb}' onto an unborn branch"
        )));
    };
    let head_files = repo.commit_files(Some(&head_id))?;
    let parent_files = repo.commit_files(picked.parents.first())?;
    let picked_files = repo.flat_tree(&picked.tree)?;
    let short = id.to_hex_with_len(7).to_string();
    let subject = picked.subject();
    let (base, theirs, label, message) = if is_revert {
        (
            &picked_files,
            &parent_files,
            format!("parent of {short} ({subject})"),
            format!(
                "Revert \"{subject}\"\n\nThis reverts commit {}.\n",
                id.to_hex()
            ),
        )
    } else {
        (
            &parent_files,
            &picked_files,
            format!("{short} ({subject})"),
            String::from_utf8_lossy(&picked.message).into_owned(),
        )
    };
    let mut index = Index::load(&repo)?;
    if index_matches_head(&repo, &index, &head_files)?.is_some() {
        return Err(Fail::Raw(
            format!(
                "error: your local changes would be overwritten by {verb}.\nhint: commit your changes or stash them to proceed.\nfatal: {verb} failed\n"
            ),
            128,
        ));
    }
    let labels = Labels {
        ours: "HEAD",
        theirs: &label,
    };
    let tm = merge_trees(g, &repo, base, &head_files, theirs, &labels)?;
    if let Err(e) = apply(g, &repo, &mut index, &head_files, &tm) {
        if let Fail::Raw(m, _) = e {
            return Err(Fail::Raw(format!("{m}fatal: {verb} failed\n"), 128));
        }
        return Err(e);
    }
    index.save(&repo)?;
    if !tm.warnings.is_empty() {
        g.err(&tm.warnings);
    }
    if !tm.conflicts.is_empty() {
        g.outs(&tm.messages)?;
        let mut msg = message;
        msg.push_str("\n# Conflicts:\n");
        for path in tm.conflicts.keys() {
            msg.push_str(&format!("#\t{}\n", String::from_utf8_lossy(path)));
        }
        repo.write_file(&repo.gpath("MERGE_MSG"), msg.as_bytes())?;
        repo.write_file(&repo.gpath(state), format!("{}\n", id.to_hex()).as_bytes())?;
        let files: Vec<(&[u8], u32, ObjectId)> = tm
            .files
            .iter()
            .map(|(p, (m, i))| (p.as_slice(), *m, *i))
            .collect();
        let auto = repo.write_tree_from(&files)?;
        repo.write_file(
            &repo.gpath("AUTO_MERGE"),
            format!("{}\n", auto.to_hex()).as_bytes(),
        )?;
        g.err(&format!(
            "error: could not {} {short}... {subject}\nhint: After resolving the conflicts, mark them with\nhint: \"git add/rm <pathspec>\", then run\nhint: \"git {verb} --continue\".\nhint: You can instead skip this commit with \"git {verb} --skip\".\nhint: To abort and get back to the state before \"git {verb}\",\nhint: run \"git {verb} --abort\".\nhint: Disable this message with \"git config advice.mergeConflict false\"\n",
            if is_revert { "revert" } else { "apply" }
        ));
        return Ok(1);
    }
    g.outs(&tm.messages)?;
    let tree = repo.write_tree(&index)?;
    let head_tree = repo.commit(&head_id)?.tree;
    if tree == head_tree {
        return Err(Fail::unsupported(&format!(
            "'git {verb}' of a commit whose change is already there (an empty commit)"
        )));
    }
    let committer = ident(g, &repo.config, Role::Committer)?;
    let author = if is_revert {
        ident(g, &repo.config, Role::Author)?
    } else {
        picked.author.clone()
    };
    let c = gix_object::Commit {
        tree,
        parents: [head_id].into_iter().collect(),
        author: author.signature(),
        committer: committer.signature(),
        encoding: None,
        message: message.clone().into(),
        extra_headers: Vec::new(),
    };
    let new = repo.write_gix(&c)?;
    let new_subject = crate::objects::subject(message.as_bytes());
    repo.update_ref("HEAD", &new, &committer, &format!("{verb}: {new_subject}"))?;
    let head = repo.head()?;
    let where_ = match &head {
        Head::Branch(_) => head.branch().unwrap_or("").to_string(),
        Head::Detached(_) => "detached HEAD".into(),
    };
    let mut out = format!("[{where_} {}] {new_subject}\n", new.to_hex_with_len(7));
    if author.name != committer.name || author.email != committer.email {
        out.push_str(&format!(" Author: {} <{}>\n", author.name, author.email));
    }
    out.push_str(&format!(
        " Date: {}\n",
        format_date(author.time, author.tz, "default", 0)
    ));
    out.push_str(&summary(&repo, Some(&head_tree), &tree)?);
    g.outs(&out)?;
    Ok(0)
}
