//! `git merge`: fast-forward when HEAD is an ancestor (unless `--no-ff`), otherwise the
//! `ort` strategy's three-way merge ([`crate::mergetree`]) applied to the index and the
//! working tree as a two-way move from HEAD to the merged tree, so local changes elsewhere
//! survive; then a merge commit, or the conflict state git leaves (`MERGE_HEAD`,
//! `MERGE_MSG`, `MERGE_MODE`, `AUTO_MERGE`, `ORIG_HEAD`, stages 1-3) for `git commit` to
//! conclude and `--abort` to undo. `--squash` stops before committing with `SQUASH_MSG`.

use gix_hash::ObjectId;

use crate::cmd::checkout::two_way;
use crate::cmd::commit::mode_lines;
use crate::diffout::{Files, Source, compare, find_renames, stat};
use crate::error::{Fail, Res};
use crate::ident::{Role, format_date, ident};
use crate::index::{Entry, Index};
use crate::mergetree::{Labels, TreeMerge, merge_bases, merge_trees};
use crate::opts::{Opt, flag, no, parse, value};
use crate::repo::{Git, Repo};
use crate::revparse::{dwim_ref, peel_to, resolve};

const USAGE: &str = "git merge [<options>] [<commit>...]\n   or: git merge --abort\n   or: git merge --quit\n   or: git merge --continue";

const OPTS: &[Opt] = &[
    flag(None, "ff"),
    flag(None, "ff-only"),
    flag(None, "squash"),
    flag(None, "commit"),
    flag(None, "edit"),
    flag(None, "stat"),
    flag(Some('n'), "no-stat"),
    flag(None, "summary"),
    flag(None, "verify"),
    flag(None, "progress"),
    flag(Some('q'), "quiet"),
    flag(Some('v'), "verbose"),
    value(Some('m'), "message"),
    flag(None, "abort"),
    flag(None, "quit"),
    flag(None, "continue"),
    flag(None, "autostash"),
    no(Some('e'), "e", false),
    no(Some('s'), "strategy", true),
    no(Some('X'), "strategy-option", true),
    no(Some('F'), "file", true),
    no(None, "log", false),
    no(None, "signoff", false),
    no(None, "allow-unrelated-histories", false),
    no(Some('S'), "gpg-sign", false),
    no(None, "verify-signatures", false),
    no(None, "into-name", true),
    no(None, "cleanup", true),
    no(None, "rerere-autoupdate", false),
    no(None, "overwrite-ignore", false),
];

/// Files of the merge in progress, removed when it ends.
pub(crate) const STATE_FILES: &[&str] = &["MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "AUTO_MERGE"];

/// Remove the state files a merge (or a pick) leaves.
pub(crate) fn clear_state(repo: &Repo, names: &[&str]) {
    for n in names {
        let p = repo.gpath(n);
        if repo.fs.stat(&p).is_ok() {
            let _ = repo.fs.remove(&p, false);
        }
    }
}

/// The diffstat git prints after a merge: `--stat` lines, the summary, and the
/// create/delete/mode lines.
pub(crate) fn diffstat(repo: &Repo, from: &Files, to: &Files) -> Res<String> {
    let src = Source {
        repo,
        work: Default::default(),
    };
    let changes = find_renames(compare(from, to), &src)?;
    if changes.is_empty() {
        return Ok(String::new());
    }
    let mut out = stat(&changes, &src, 80)?;
    out.push_str(&mode_lines(&changes));
    Ok(out)
}

/// Apply a merged tree to the index and the working tree: a two-way move from HEAD's
/// files, then the conflicted paths' stages in place of their entries.
pub(crate) fn apply(
    g: &Git,
    repo: &Repo,
    index: &mut Index,
    head: &Files,
    tm: &TreeMerge,
) -> Res<()> {
    two_way(g, repo, index, head, &tm.files, false, "merge")?;
    for (path, stages) in &tm.conflicts {
        let stat = index.get(path).map(|e| e.stat).unwrap_or_default();
        index.remove(path);
        for (i, s) in stages.iter().enumerate() {
            if let Some((mode, id)) = s {
                let e = Entry {
                    path: path.clone(),
                    id: *id,
                    mode: *mode,
                    stage: i as u8 + 1,
                    stat,
                    intent_to_add: false,
                    skip_worktree: false,
                    assume_valid: false,
                };
                let at = index
                    .entries
                    .partition_point(|x| (x.path.as_slice(), x.stage) < (path.as_slice(), e.stage));
                index.entries.insert(at, e);
            }
        }
    }
    Ok(())
}

/// The index must match HEAD before a merge touches it (ort's precondition).
pub(crate) fn index_matches_head(repo: &Repo, index: &Index, head: &Files) -> Res<Option<String>> {
    let mut idx = Files::new();
    for e in &index.entries {
        idx.insert(e.path.clone(), (e.mode, e.id));
    }
    let changed: Vec<String> = compare(head, &idx)
        .iter()
        .map(|c| crate::quote::show(&c.new_path))
        .collect();
    let _ = repo;
    if changed.is_empty() {
        return Ok(None);
    }
    let mut msg = String::from(
        "error: Your local changes to the following files would be overwritten by merge:\n",
    );
    for c in changed {
        msg.push_str(&format!("\t{c}\n"));
    }
    msg.push_str("Please commit your changes or stash them before you merge.\nAborting\n");
    Ok(Some(msg))
}

fn unmerged_refusal(verb: &str) -> Fail {
    Fail::Raw(
        format!(
            "error: {verb} is not possible because you have unmerged files.\nhint: Fix them up in the work tree, and then use 'git add/rm <file>'\nhint: as appropriate to mark resolution and make a commit.\nfatal: Exiting because of an unresolved conflict.\n"
        ),
        128,
    )
}

/// What `name` is called in a merge message: `branch 'x'`, `tag 'v1'`, `commit 'abc'`.
fn describe_merged(repo: &Repo, name: &str) -> Res<String> {
    Ok(match dwim_ref(repo, name)? {
        Some((r, _)) if r.starts_with("refs/heads/") => format!("branch '{name}'"),
        Some((r, _)) if r.starts_with("refs/tags/") => format!("tag '{name}'"),
        Some((r, _)) if r.starts_with("refs/remotes/") => {
            format!("remote-tracking branch '{name}'")
        }
        _ => format!("commit '{name}'"),
    })
}

/// The `Squashed commit of the following:` message: the commits HEAD lacks, newest first.
fn squash_message(g: &Git, repo: &Repo, head: &ObjectId, theirs: &ObjectId) -> Res<String> {
    let mut have = std::collections::HashSet::new();
    let mut stack = vec![*head];
    while let Some(c) = stack.pop() {
        g.check()?;
        if have.insert(c) {
            stack.extend(repo.commit(&c)?.parents);
        }
    }
    let mut todo = vec![repo.commit(theirs)?];
    let mut seen = std::collections::HashSet::new();
    let mut out = String::from("Squashed commit of the following:\n");
    while !todo.is_empty() {
        g.check()?;
        // Newest committer date first, as rev-list walks.
        let i = (0..todo.len())
            .max_by_key(|&i| (todo[i].committer.time, std::cmp::Reverse(i)))
            .unwrap_or(0);
        let c = todo.remove(i);
        if have.contains(&c.id) || !seen.insert(c.id) {
            continue;
        }
        out.push_str(&format!("\ncommit {}\n", c.id.to_hex()));
        out.push_str(&format!(
            "Author: {} <{}>\nDate:   {}\n\n",
            c.author.name,
            c.author.email,
            format_date(c.author.time, c.author.tz, "default", 0)
        ));
        for l in String::from_utf8_lossy(&c.message).trim_end().lines() {
            if l.is_empty() {
                out.push('\n');
            } else {
                out.push_str(&format!("    {l}\n"));
            }
        }
        for p in &c.parents {
            if !have.contains(p) {
                todo.push(repo.commit(p)?);
            }
        }
    }
    Ok(out)
}

pub(crate) fn merge(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    repo.work("")?;
    let merging = repo.fs.stat(&repo.gpath("MERGE_HEAD")).is_ok();
    if p.on("abort") {
        if !merging {
            return Err(Fail::fatal(
                "There is no merge to abort (MERGE_HEAD missing).",
            ));
        }
        abort(g, &repo)?;
        return Ok(0);
    }
    if p.on("quit") {
        clear_state(&repo, STATE_FILES);
        return Ok(0);
    }
    if p.on("continue") {
        if !merging {
            return Err(Fail::fatal(
                "There is no merge in progress (MERGE_HEAD missing).",
            ));
        }
        return crate::cmd::commit::commit(g, &[]);
    }
    if p.on("autostash") {
        return Err(Fail::unsupported("the option '--autostash'"));
    }
    let index = Index::load(&repo)?;
    if !index.conflicted().is_empty() {
        return Err(unmerged_refusal("Merging"));
    }
    if merging {
        return Err(Fail::fatal(
            "You have not concluded your merge (MERGE_HEAD exists).\nPlease, commit your changes before you merge.",
        ));
    }
    let Some(name) = p.args.first() else {
        return Err(Fail::fatal("No remote for the current branch."));
    };
    if p.args.len() > 1 {
        return Err(Fail::unsupported("an octopus merge (more than one commit)"));
    }
    let theirs = match resolve(&repo, name)? {
        Some(id) => peel_to(&repo, &id, gix_object::Kind::Commit).ok(),
        None => None,
    };
    let Some(theirs) = theirs else {
        return Err(Fail::Raw(
            format!("merge: {name} - not something we can merge\n"),
            1,
        ));
    };
    let Some(head_id) = repo.head_id()? else {
        return Err(Fail::unsupported("merging into an unborn branch"));
    };
    let ff_only = p.on("ff-only");
    let no_ff = p.given("ff") && !p.on("ff");
    let squash = p.on("squash");
    let no_commit = p.given("commit") && !p.on("commit");
    let quiet = p.on("quiet");
    let show_stat = !(p.on("no-stat") || p.given("stat") && !p.on("stat") || quiet);
    if squash && no_ff {
        return Err(Fail::fatal(
            "options '--squash' and '--no-ff.' cannot be used together",
        ));
    }
    let bases = merge_bases(g, &repo, &head_id, &theirs)?;
    if bases.contains(&theirs) {
        if !quiet {
            g.outs("Already up to date.\n")?;
        }
        return Ok(0);
    }
    let head = repo.head()?;
    let head_files = repo.commit_files(Some(&head_id))?;
    let theirs_files = repo.commit_files(Some(&theirs))?;
    let who = ident(g, &repo.config, Role::Committer)?;
    let mut index = index;
    if bases.contains(&head_id) && !no_ff {
        // Fast-forward.
        if !quiet {
            g.outs(&format!(
                "Updating {}..{}\n",
                head_id.to_hex_with_len(7),
                theirs.to_hex_with_len(7)
            ))?;
        }
        two_way(
            g,
            &repo,
            &mut index,
            &head_files,
            &theirs_files,
            false,
            "merge",
        )?;
        index.save(&repo)?;
        let mut out = String::from("Fast-forward\n");
        if squash {
            out.push_str("Squash commit -- not updating HEAD\n");
            let msg = squash_message(g, &repo, &head_id, &theirs)?;
            repo.write_file(&repo.gpath("SQUASH_MSG"), msg.as_bytes())?;
        } else {
            repo.write_file(
                &repo.gpath("ORIG_HEAD"),
                format!("{}\n", head_id.to_hex()).as_bytes(),
            )?;
            repo.update_ref(
                "HEAD",
                &theirs,
                &who,
                &format!("merge {name}: Fast-forward"),
            )?;
        }
        if show_stat {
            out.push_str(&diffstat(&repo, &head_files, &theirs_files)?);
        }
        if !quiet {
            g.outs(&out)?;
        }
        return Ok(0);
    }
    if ff_only {
        return Err(Fail::Raw(
            "hint: Diverging branches can't be fast-forwarded, you need to either:\nhint:\nhint: \tgit merge --no-ff\nhint:\nhint: or:\nhint:\nhint: \tgit rebase\nhint:\nhint: Disable this message with \"git config advice.diverging false\"\nfatal: Not possible to fast-forward, aborting.\n".into(),
            128,
        ));
    }
    if bases.len() > 1 {
        return Err(Fail::unsupported(
            "a merge with more than one merge base (a criss-cross merge)",
        ));
    }
    let base_files = repo.commit_files(bases.first())?;
    if let Some(msg) = index_matches_head(&repo, &index, &head_files)? {
        g.err(&msg);
        return Err(Fail::Raw("Merge with strategy ort failed.\n".into(), 2));
    }
    let labels = Labels {
        ours: "HEAD",
        theirs: name,
    };
    let tm = merge_trees(g, &repo, &base_files, &head_files, &theirs_files, &labels)?;
    if let Err(e) = apply(g, &repo, &mut index, &head_files, &tm) {
        if let Fail::Raw(m, _) = e {
            g.err(&m);
            return Err(Fail::Raw("Merge with strategy ort failed.\n".into(), 2));
        }
        return Err(e);
    }
    index.save(&repo)?;
    repo.write_file(
        &repo.gpath("ORIG_HEAD"),
        format!("{}\n", head_id.to_hex()).as_bytes(),
    )?;
    if !quiet {
        g.outs(&tm.messages)?;
    }
    if !tm.warnings.is_empty() {
        g.err(&tm.warnings);
    }
    let mut msg = match p.value("message") {
        Some(_) => crate::cmd::commit::cleanup(&p.values("message").join("\n\n"), false),
        None => {
            let into = match head.branch() {
                Some(b) if b != "main" && b != "master" => format!(" into {b}"),
                None => " into HEAD".to_string(),
                _ => String::new(),
            };
            format!("Merge {}{into}\n", describe_merged(&repo, name)?)
        }
    };
    let conflicted = !tm.conflicts.is_empty();
    if conflicted || squash || no_commit {
        let tree_files: Vec<(&[u8], u32, ObjectId)> = tm
            .files
            .iter()
            .map(|(p, (m, id))| (p.as_slice(), *m, *id))
            .collect();
        let auto = repo.write_tree_from(&tree_files)?;
        repo.write_file(
            &repo.gpath("AUTO_MERGE"),
            format!("{}\n", auto.to_hex()).as_bytes(),
        )?;
        if squash {
            let sq = squash_message(g, &repo, &head_id, &theirs)?;
            repo.write_file(&repo.gpath("SQUASH_MSG"), sq.as_bytes())?;
            if !quiet {
                g.outs("Squash commit -- not updating HEAD\n")?;
            }
        } else {
            if conflicted {
                msg.push_str("\n# Conflicts:\n");
                for path in tm.conflicts.keys() {
                    msg.push_str(&format!("#\t{}\n", String::from_utf8_lossy(path)));
                }
            }
            repo.write_file(
                &repo.gpath("MERGE_HEAD"),
                format!("{}\n", theirs.to_hex()).as_bytes(),
            )?;
            repo.write_file(&repo.gpath("MERGE_MSG"), msg.as_bytes())?;
            repo.write_file(
                &repo.gpath("MERGE_MODE"),
                if no_ff { b"no-ff" } else { b"" },
            )?;
        }
        if conflicted {
            g.outs("Automatic merge failed; fix conflicts and then commit the result.\n")?;
            return Ok(1);
        }
        g.err("Automatic merge went well; stopped before committing as requested\n");
        return Ok(0);
    }
    let tree = repo.write_tree(&index)?;
    let author = ident(g, &repo.config, Role::Author)?;
    let c = gix_object::Commit {
        tree,
        parents: [head_id, theirs].into_iter().collect(),
        author: author.signature(),
        committer: who.signature(),
        encoding: None,
        message: msg.into(),
        extra_headers: Vec::new(),
    };
    let id = repo.write_gix(&c)?;
    repo.update_ref(
        "HEAD",
        &id,
        &who,
        &format!("merge {name}: Merge made by the 'ort' strategy."),
    )?;
    if !quiet {
        let mut out = String::from("Merge made by the 'ort' strategy.\n");
        if show_stat {
            out.push_str(&diffstat(&repo, &head_files, &tm.files)?);
        }
        g.outs(&out)?;
    }
    Ok(0)
}

/// `git checkout --ours/--theirs -- paths`: one side of each conflicted path written to
/// the working tree; the index keeps the conflict.
pub(crate) fn checkout_stage(g: &mut Git, repo: &Repo, paths: &[String], stage: u8) -> Res<i32> {
    let cwd = g.cwd.clone();
    let spec = crate::pathspec::Pathspec::new(repo, &cwd, paths)?;
    let index = Index::load(repo)?;
    let mut targets: Vec<Vec<u8>> = index
        .entries
        .iter()
        .filter(|e| spec.matches(&e.path))
        .map(|e| e.path.clone())
        .collect();
    targets.dedup();
    if let Some(u) = spec.unmatched() {
        return Err(Fail::Raw(
            format!("error: pathspec '{u}' did not match any file(s) known to git\n"),
            1,
        ));
    }
    let mut count = 0;
    for t in &targets {
        g.check()?;
        let of = |s: u8| index.entries.iter().find(|e| e.path == *t && e.stage == s);
        let e = match of(0) {
            Some(e) => e,
            None => of(stage).ok_or_else(|| {
                Fail::Raw(
                    format!(
                        "error: path '{}' does not have {} version\n",
                        String::from_utf8_lossy(t),
                        if stage == 2 { "our" } else { "their" }
                    ),
                    1,
                )
            })?,
        };
        crate::cmd::checkout::write_work(g, repo, t, e.mode, &e.id)?;
        count += 1;
    }
    g.err(&format!(
        "Updated {count} path{} from the index\n",
        if count == 1 { "" } else { "s" }
    ));
    Ok(0)
}

/// `git merge --abort`: the index and working tree back to HEAD (git's `reset --merge`),
/// the merge state removed.
pub(crate) fn abort(g: &Git, repo: &Repo) -> Res<()> {
    let head_id = repo.head_id()?;
    let head_files = repo.commit_files(head_id.as_ref())?;
    let mut index = Index::load(repo)?;
    let mut current = Files::new();
    for e in &index.entries {
        current.insert(e.path.clone(), (e.mode, e.id));
    }
    two_way(g, repo, &mut index, &current, &head_files, true, "merge")?;
    index.save(repo)?;
    clear_state(repo, STATE_FILES);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmerged_refusals_name_the_operation() {
        let (m, s) = unmerged_refusal("Merging").render();
        assert_eq!(s, 128);
        assert!(m.starts_with("error: Merging is not possible"));
    }
}
