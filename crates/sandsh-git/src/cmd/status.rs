//! `git status`: the long format with git's hints, `-s`/`--short`, `--porcelain` (v1 and v2),
//! `-b`, untracked modes and `--ignored`. The comparison (HEAD against the index, the
//! index against the working tree, the untracked walk) is shared with `git commit`, which
//! prints the same report when there is nothing to commit.

use gix_hash::ObjectId;

use crate::diffout::{Change, Files, Source, compare, find_renames};
use crate::error::{Fail, Res};
use crate::ignore::Ignores;
use crate::index::Index;
use crate::odb::SHA1;
use crate::opts::{Opt, flag, no, optional, parse};
use crate::quote::show;
use crate::refs::Head;
use crate::repo::{Git, Repo};
use crate::worktree::{Now, Untracked, entry_now, walk};

/// Everything a status report says.
pub(crate) struct Status {
    pub head: Head,
    pub head_id: Option<ObjectId>,
    /// HEAD against the index.
    pub staged: Vec<Change>,
    /// The index against the working tree (modified, deleted, type changed).
    pub unstaged: Vec<Change>,
    pub unmerged: Vec<Vec<u8>>,
    /// Each unmerged path's long label and short code (`both modified:`, `UU`).
    pub kinds: Vec<(&'static str, &'static str)>,
    /// The operation in progress (a merge, a cherry-pick, a revert).
    pub progress: Progress,
    /// The branch's upstream (`origin/main`) and the commits ahead and behind it; `None`
    /// for the counts when the upstream ref is gone.
    pub upstream: Upstream,
    pub untracked: Vec<Vec<u8>>,
    pub ignored: Vec<Vec<u8>>,
}

pub(crate) fn compute(
    g: &Git,
    repo: &Repo,
    index: &Index,
    untracked: Untracked,
    ignored: bool,
) -> Res<Status> {
    let head = repo.head()?;
    let head_id = repo.head_id()?;
    let head_files = repo.commit_files(head_id.as_ref())?;
    let mut idx_files: Files = Files::new();
    for e in &index.entries {
        if e.stage == 0 && !e.intent_to_add {
            idx_files.insert(e.path.clone(), (e.mode, e.id));
        }
    }
    let mut staged = compare(&head_files, &idx_files);
    let unmerged = index.conflicted();
    let kinds = unmerged.iter().map(|p| index.conflict_kind(p)).collect();
    staged.retain(|c| !unmerged.contains(&c.new_path));
    let src = Source {
        repo,
        work: Default::default(),
    };
    let staged = find_renames(staged, &src)?;
    let mut unstaged = Vec::new();
    for e in &index.entries {
        g.check()?;
        if e.stage != 0 {
            continue;
        }
        let old = Some((e.mode, e.id));
        match entry_now(repo, index, e)? {
            Now::Same => {}
            Now::Missing => unstaged.push(Change {
                old_path: e.path.clone(),
                new_path: e.path.clone(),
                old,
                new: None,
                rename: None,
            }),
            Now::Changed { mode, id, .. } => unstaged.push(Change {
                old_path: e.path.clone(),
                new_path: e.path.clone(),
                old: if e.intent_to_add { None } else { old },
                new: Some((mode, id)),
                rename: None,
            }),
        }
    }
    let mut ign = Ignores::new(g, repo)?;
    let w = walk(g, repo, index, &mut ign, untracked, ignored)?;
    let upstream = upstream(g, repo, &head, head_id.as_ref())?;
    Ok(Status {
        head,
        head_id,
        staged,
        unstaged,
        unmerged,
        kinds,
        progress: Progress::of(repo)?,
        upstream,
        untracked: w.untracked,
        ignored: w.ignored,
    })
}

/// An upstream's short name and (ahead, behind), `None` when its ref is gone.
pub(crate) type Upstream = Option<(String, Option<(usize, usize)>)>;

/// The upstream of the current branch (`branch.<name>.remote` and `.merge`) and how far
/// HEAD is ahead and behind it.
fn upstream(g: &Git, repo: &Repo, head: &Head, head_id: Option<&ObjectId>) -> Res<Upstream> {
    let (Some(b), Some(id)) = (head.branch(), head_id) else {
        return Ok(None);
    };
    let (Some(remote), Some(merge)) = (
        repo.config.get(&format!("branch.{b}.remote")),
        repo.config.get(&format!("branch.{b}.merge")),
    ) else {
        return Ok(None);
    };
    let short = merge.strip_prefix("refs/heads/").unwrap_or(&merge);
    let (name, full) = if remote == "." {
        (short.to_string(), merge.clone())
    } else {
        (
            format!("{remote}/{short}"),
            format!("refs/remotes/{remote}/{short}"),
        )
    };
    let Some(up) = repo.resolve_ref(&full)? else {
        return Ok(Some((name, None)));
    };
    let reach = |from: &ObjectId| -> Res<std::collections::HashSet<ObjectId>> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![*from];
        while let Some(c) = stack.pop() {
            g.check()?;
            if seen.insert(c) {
                stack.extend(repo.commit(&c)?.parents);
            }
        }
        Ok(seen)
    };
    let (mine, theirs) = (reach(id)?, reach(&up)?);
    let ahead = mine.difference(&theirs).count();
    let behind = theirs.difference(&mine).count();
    Ok(Some((name, Some((ahead, behind)))))
}

/// The lines the long format prints about the upstream.
fn upstream_lines(up: &Upstream) -> String {
    let commits = |n: usize| if n == 1 { "commit" } else { "commits" };
    match up {
        None => String::new(),
        Some((name, None)) => format!(
            "Your branch is based on '{name}', but the upstream is gone.\n  (use \"git branch --unset-upstream\" to fixup)\n\n"
        ),
        Some((name, Some((0, 0)))) => format!("Your branch is up to date with '{name}'.\n\n"),
        Some((name, Some((a, 0)))) => format!(
            "Your branch is ahead of '{name}' by {a} {}.\n  (use \"git push\" to publish your local commits)\n\n",
            commits(*a)
        ),
        Some((name, Some((0, b)))) => format!(
            "Your branch is behind '{name}' by {b} {}, and can be fast-forwarded.\n  (use \"git pull\" to update your local branch)\n\n",
            commits(*b)
        ),
        Some((name, Some((a, b)))) => format!(
            "Your branch and '{name}' have diverged,\nand have {a} and {b} different commits each, respectively.\n  (use \"git pull\" if you want to integrate the remote branch with yours)\n\n"
        ),
    }
}

/// What is in progress, from the state files git leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    None,
    Merge,
    CherryPick(ObjectId),
    Revert(ObjectId),
}

impl Progress {
    pub fn of(repo: &Repo) -> Res<Progress> {
        use crate::cmd::commit::read_id;
        Ok(if read_id(repo, "MERGE_HEAD")?.is_some() {
            Progress::Merge
        } else if let Some(id) = read_id(repo, "CHERRY_PICK_HEAD")? {
            Progress::CherryPick(id)
        } else if let Some(id) = read_id(repo, "REVERT_HEAD")? {
            Progress::Revert(id)
        } else {
            Progress::None
        })
    }

    /// The lines `git status` prints about it.
    fn lines(&self, unmerged: bool) -> String {
        let (what, cmd, verb) = match self {
            Progress::None => return String::new(),
            Progress::Merge => {
                return if unmerged {
                    "You have unmerged paths.\n  (fix conflicts and run \"git commit\")\n  (use \"git merge --abort\" to abort the merge)\n\n".into()
                } else {
                    "All conflicts fixed but you are still merging.\n  (use \"git commit\" to conclude merge)\n\n".into()
                };
            }
            Progress::CherryPick(id) => (
                format!(
                    "You are currently cherry-picking commit {}.",
                    id.to_hex_with_len(7)
                ),
                "cherry-pick",
                "cherry-pick",
            ),
            Progress::Revert(id) => (
                format!(
                    "You are currently reverting commit {}.",
                    id.to_hex_with_len(7)
                ),
                "revert",
                "revert",
            ),
        };
        if unmerged {
            format!(
                "{what}\n  (fix conflicts and run \"git {cmd} --continue\")\n  (use \"git {cmd} --skip\" to skip this patch)\n  (use \"git {cmd} --abort\" to cancel the {verb} operation)\n\n"
            )
        } else {
            format!(
                "{what}\n  (all conflicts fixed: run \"git {cmd} --continue\")\n  (use \"git {cmd} --skip\" to skip this patch)\n  (use \"git {cmd} --abort\" to cancel the {verb} operation)\n\n"
            )
        }
    }
}

impl Status {
    pub fn committable(&self) -> bool {
        !self.staged.is_empty()
    }
}

fn label(c: &Change) -> &'static str {
    match c.letter() {
        'A' => "new file:",
        'D' => "deleted:",
        'R' => "renamed:",
        'T' => "typechange:",
        _ => "modified:",
    }
}

/// The long format. `for_commit`: the wording `git commit` uses ("Initial commit").
pub(crate) fn long(
    g: &mut Git,
    repo: &Repo,
    s: &Status,
    untracked: Untracked,
    for_commit: bool,
    amend: bool,
) -> Res<()> {
    let mut out = String::new();
    match &s.head {
        Head::Branch(_) => out.push_str(&format!("On branch {}\n", s.head.branch().unwrap_or(""))),
        Head::Detached(id) => {
            out.push_str(&format!("HEAD detached at {}\n", id.to_hex_with_len(7)))
        }
    }
    let initial = s.head_id.is_none();
    out.push_str(&upstream_lines(&s.upstream));
    out.push_str(&s.progress.lines(!s.unmerged.is_empty()));
    if initial {
        out.push_str(if for_commit {
            "\nInitial commit\n\n"
        } else {
            "\nNo commits yet\n\n"
        });
    }
    let path = |p: &[u8]| show(repo.display(&String::from_utf8_lossy(p)).as_bytes());
    if !s.staged.is_empty() {
        out.push_str("Changes to be committed:\n");
        if s.progress == Progress::None {
            out.push_str(if initial {
                "  (use \"git rm --cached <file>...\" to unstage)\n"
            } else {
                "  (use \"git restore --staged <file>...\" to unstage)\n"
            });
        }
        for c in &s.staged {
            let name = if c.rename.is_some() {
                format!("{} -> {}", path(&c.old_path), path(&c.new_path))
            } else {
                path(&c.new_path)
            };
            out.push_str(&format!("\t{:<12}{name}\n", label(c)));
        }
        out.push('\n');
    }
    if !s.unmerged.is_empty() {
        out.push_str("Unmerged paths:\n");
        if s.progress == Progress::None {
            out.push_str("  (use \"git restore --staged <file>...\" to unstage)\n");
        }
        if s.kinds.iter().any(|(_, code)| code.contains('D')) {
            out.push_str("  (use \"git add/rm <file>...\" as appropriate to mark resolution)\n");
        } else {
            out.push_str("  (use \"git add <file>...\" to mark resolution)\n");
        }
        for (p, (label, _)) in s.unmerged.iter().zip(&s.kinds) {
            out.push_str(&format!("\t{label:<17}{}\n", path(p)));
        }
        out.push('\n');
    }
    if !s.unstaged.is_empty() {
        out.push_str("Changes not staged for commit:\n");
        if s.unstaged.iter().any(|c| c.new.is_none()) {
            out.push_str("  (use \"git add/rm <file>...\" to update what will be committed)\n");
        } else {
            out.push_str("  (use \"git add <file>...\" to update what will be committed)\n");
        }
        out.push_str("  (use \"git restore <file>...\" to discard changes in working directory)\n");
        for c in &s.unstaged {
            let l = if c.old.is_none() {
                "new file:"
            } else {
                label(c)
            };
            out.push_str(&format!("\t{l:<12}{}\n", path(&c.new_path)));
        }
        out.push('\n');
    }
    if untracked != Untracked::No {
        if !s.untracked.is_empty() {
            out.push_str("Untracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n");
            for p in &s.untracked {
                out.push_str(&format!("\t{}\n", path(p)));
            }
            out.push('\n');
        }
        if !s.ignored.is_empty() {
            out.push_str("Ignored files:\n  (use \"git add -f <file>...\" to include in what will be committed)\n");
            for p in &s.ignored {
                out.push_str(&format!("\t{}\n", path(p)));
            }
            out.push('\n');
        }
    } else if s.committable() {
        out.push_str("Untracked files not listed (use -u option to show untracked files)\n");
    }
    if !s.committable() {
        if amend {
            out.push_str("No changes\n");
        } else if !s.unstaged.is_empty() || !s.unmerged.is_empty() {
            out.push_str("no changes added to commit (use \"git add\" and/or \"git commit -a\")\n");
        } else if !s.untracked.is_empty() {
            out.push_str(
                "nothing added to commit but untracked files present (use \"git add\" to track)\n",
            );
        } else if initial {
            out.push_str("nothing to commit (create/copy files and use \"git add\" to track)\n");
        } else if untracked == Untracked::No {
            out.push_str("nothing to commit (use -u to show untracked files)\n");
        } else {
            out.push_str("nothing to commit, working tree clean\n");
        }
    }
    g.outs(&out)
}

const USAGE: &str = "git status [<options>] [--] [<pathspec>...]";

const OPTS: &[Opt] = &[
    flag(Some('s'), "short"),
    flag(Some('b'), "branch"),
    optional(None, "porcelain"),
    flag(None, "long"),
    optional(Some('u'), "untracked-files"),
    optional(None, "ignored"),
    flag(Some('z'), "null"),
    flag(Some('v'), "verbose"),
    flag(None, "show-stash"),
    flag(None, "ahead-behind"),
    flag(None, "renames"),
    optional(None, "find-renames"),
    optional(None, "column"),
    no(None, "ignore-submodules", false),
];

pub(crate) fn status(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    repo.work("")?;
    let untracked = match p.value("untracked-files") {
        _ if p.given("untracked-files") && !p.on("untracked-files") => Untracked::No,
        Some("no") => Untracked::No,
        Some("normal") => Untracked::Normal,
        Some("all") => Untracked::All,
        Some(m) => return Err(Fail::fatal(format!("Invalid untracked files mode '{m}'"))),
        None if p.on("untracked-files") => Untracked::All,
        None => match repo.config.get("status.showUntrackedFiles").as_deref() {
            Some("no") => Untracked::No,
            Some("all") => Untracked::All,
            _ => Untracked::Normal,
        },
    };
    if p.value("ignored").is_some_and(|m| m != "traditional") {
        return Err(Fail::unsupported(&format!(
            "--ignored={}",
            p.value("ignored").unwrap_or("")
        )));
    }
    let index = Index::load(&repo)?;
    let mut s = compute(g, &repo, &index, untracked, p.on("ignored"))?;
    if !p.args.is_empty() {
        let cwd = g.cwd.clone();
        let spec = crate::pathspec::Pathspec::new(&repo, &cwd, &p.args)?;
        s.staged
            .retain(|c| spec.matches(&c.new_path) || spec.matches(&c.old_path));
        s.unstaged.retain(|c| spec.matches(&c.new_path));
        s.untracked
            .retain(|u| spec.matches(u.strip_suffix(b"/").unwrap_or(u)));
        s.ignored
            .retain(|u| spec.matches(u.strip_suffix(b"/").unwrap_or(u)));
    }
    let porcelain = p.given("porcelain") && p.on("porcelain");
    let version = p.value("porcelain").unwrap_or("v1");
    if porcelain && version == "v2" {
        return porcelain_v2(g, &repo, &index, &s, p.on("branch"), p.on("null"));
    }
    if porcelain && version != "v1" && version != "1" {
        return Err(Fail::fatal(format!(
            "unsupported porcelain version '{version}'"
        )));
    }
    if porcelain || p.on("short") {
        short(g, &repo, &s, p.on("branch"), porcelain, p.on("null"))?;
        return Ok(0);
    }
    if p.on("null") {
        short(g, &repo, &s, p.on("branch"), true, true)?;
        return Ok(0);
    }
    long(g, &repo, &s, untracked, false, false)?;
    Ok(0)
}

/// The `## branch` line of `-b`.
fn branch_line(s: &Status) -> String {
    match &s.head {
        Head::Branch(_) if s.head_id.is_none() => {
            format!("## No commits yet on {}", s.head.branch().unwrap_or(""))
        }
        Head::Branch(_) => {
            let b = s.head.branch().unwrap_or("");
            match &s.upstream {
                None => format!("## {b}"),
                Some((up, None)) => format!("## {b}...{up} [gone]"),
                Some((up, Some((0, 0)))) => format!("## {b}...{up}"),
                Some((up, Some((a, 0)))) => format!("## {b}...{up} [ahead {a}]"),
                Some((up, Some((0, c)))) => format!("## {b}...{up} [behind {c}]"),
                Some((up, Some((a, c)))) => format!("## {b}...{up} [ahead {a}, behind {c}]"),
            }
        }
        Head::Detached(_) => "## HEAD (no branch)".to_string(),
    }
}

fn short(g: &mut Git, repo: &Repo, s: &Status, branch: bool, porcelain: bool, z: bool) -> Res<()> {
    let end = if z { '\0' } else { '\n' };
    let mut out = String::new();
    if branch {
        out.push_str(&branch_line(s));
        out.push(end);
    }
    let shown = |p: &[u8]| -> String {
        let rel = if porcelain {
            String::from_utf8_lossy(p).into_owned()
        } else {
            repo.display(&String::from_utf8_lossy(p))
        };
        if z {
            rel
        } else {
            crate::quote::show_sp(rel.as_bytes())
        }
    };
    // Staged and unstaged entries merged by path.
    type Row = (Vec<u8>, char, char, Option<Vec<u8>>);
    let mut rows: Vec<Row> = Vec::new();
    for c in &s.staged {
        rows.push((
            c.new_path.clone(),
            c.letter(),
            ' ',
            c.rename.map(|_| c.old_path.clone()),
        ));
    }
    for c in &s.unstaged {
        let y = c.letter();
        if let Some(r) = rows.iter_mut().find(|r| r.0 == c.new_path) {
            r.2 = y;
        } else {
            rows.push((c.new_path.clone(), ' ', y, None));
        }
    }
    for (u, (_, code)) in s.unmerged.iter().zip(&s.kinds) {
        let mut c = code.chars();
        let (x, y) = (c.next().unwrap_or('U'), c.next().unwrap_or('U'));
        rows.push((u.clone(), x, y, None));
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, x, y, from) in rows {
        match from {
            Some(f) if z => out.push_str(&format!("{x}{y} {}\0{}\0", shown(&path), shown(&f))),
            Some(f) => out.push_str(&format!("{x}{y} {} -> {}\n", shown(&f), shown(&path))),
            None => out.push_str(&format!("{x}{y} {}{end}", shown(&path))),
        }
    }
    for u in &s.untracked {
        out.push_str(&format!("?? {}{end}", shown(u)));
    }
    for u in &s.ignored {
        out.push_str(&format!("!! {}{end}", shown(u)));
    }
    g.outs(&out)
}

fn porcelain_v2(
    g: &mut Git,
    repo: &Repo,
    index: &Index,
    s: &Status,
    branch: bool,
    z: bool,
) -> Res<i32> {
    let end = if z { '\0' } else { '\n' };
    let mut out = String::new();
    if branch {
        match s.head_id {
            Some(id) => out.push_str(&format!("# branch.oid {}{end}", id.to_hex())),
            None => out.push_str(&format!("# branch.oid (initial){end}")),
        }
        match s.head.branch() {
            Some(b) => out.push_str(&format!("# branch.head {b}{end}")),
            None => out.push_str(&format!("# branch.head (detached){end}")),
        }
        if let Some((up, ab)) = &s.upstream {
            out.push_str(&format!("# branch.upstream {up}{end}"));
            if let Some((a, b)) = ab {
                out.push_str(&format!("# branch.ab +{a} -{b}{end}"));
            }
        }
    }
    let head_files = repo.commit_files(s.head_id.as_ref())?;
    let null = ObjectId::null(SHA1);
    let mut paths: Vec<Vec<u8>> = s
        .staged
        .iter()
        .map(|c| c.new_path.clone())
        .chain(s.unstaged.iter().map(|c| c.new_path.clone()))
        .collect();
    paths.sort();
    paths.dedup();
    // Unmerged entries come after the ordinary ones.
    let mut unmerged_rows: Vec<(Vec<u8>, String)> = Vec::new();
    for (u, (_, code)) in s.unmerged.iter().zip(&s.kinds) {
        let stage = |n: u8| {
            index
                .entries
                .iter()
                .find(|e| e.path == *u && e.stage == n)
                .map_or((0, null), |e| (e.mode, e.id))
        };
        let (s1, s2, s3) = (stage(1), stage(2), stage(3));
        let mw = crate::worktree::read_work(repo, u)?.map_or(0, |(m, _)| m);
        let path = if z {
            String::from_utf8_lossy(u).into_owned()
        } else {
            show(u)
        };
        unmerged_rows.push((
            u.clone(),
            format!(
                "u {code} N... {:06o} {:06o} {:06o} {mw:06o} {} {} {} {path}{end}",
                s1.0,
                s2.0,
                s3.0,
                s1.1.to_hex(),
                s2.1.to_hex(),
                s3.1.to_hex()
            ),
        ));
    }
    let mut rows: Vec<(Vec<u8>, String)> = Vec::new();
    for p in paths {
        let st = s.staged.iter().find(|c| c.new_path == p);
        let un = s.unstaged.iter().find(|c| c.new_path == p);
        let x = st.map_or('.', |c| c.letter());
        let y = un.map_or('.', |c| c.letter());
        let head_src = st.map_or(p.clone(), |c| c.old_path.clone());
        let (mh, hh) = head_files.get(&head_src).copied().unwrap_or((0, null));
        let (mi, hi) = index.get(&p).map_or((0, null), |e| (e.mode, e.id));
        let mw = match un {
            Some(c) => c.new.map_or(0, |n| n.0),
            None => mi,
        };
        let path = if z {
            String::from_utf8_lossy(&p).into_owned()
        } else {
            show(&p)
        };
        let key = p.clone();
        let mut out = String::new();
        match st.and_then(|c| c.rename.map(|r| (r, c))) {
            Some((r, c)) => {
                let orig = if z {
                    String::from_utf8_lossy(&c.old_path).into_owned()
                } else {
                    show(&c.old_path)
                };
                let sep = if z { '\0' } else { '\t' };
                out.push_str(&format!(
                    "2 {x}{y} N... {mh:06o} {mi:06o} {mw:06o} {} {} R{r} {path}{sep}{orig}{end}",
                    hh.to_hex(),
                    hi.to_hex()
                ));
            }
            None => out.push_str(&format!(
                "1 {x}{y} N... {mh:06o} {mi:06o} {mw:06o} {} {} {path}{end}",
                hh.to_hex(),
                hi.to_hex()
            )),
        }
        rows.push((key, out));
    }
    rows.extend(unmerged_rows);
    for (_, line) in rows {
        out.push_str(&line);
    }
    for u in &s.untracked {
        let path = if z {
            String::from_utf8_lossy(u).into_owned()
        } else {
            show(u)
        };
        out.push_str(&format!("? {path}{end}"));
    }
    for u in &s.ignored {
        let path = if z {
            String::from_utf8_lossy(u).into_owned()
        } else {
            show(u)
        };
        out.push_str(&format!("! {path}{end}"));
    }
    g.outs(&out)?;
    Ok(0)
}
