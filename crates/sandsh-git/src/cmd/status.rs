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
    Ok(Status {
        head,
        head_id,
        staged,
        unstaged,
        unmerged,
        untracked: w.untracked,
        ignored: w.ignored,
    })
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
        out.push_str(if initial {
            "  (use \"git rm --cached <file>...\" to unstage)\n"
        } else {
            "  (use \"git restore --staged <file>...\" to unstage)\n"
        });
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
        out.push_str("Unmerged paths:\n  (use \"git add <file>...\" to mark resolution)\n");
        for p in &s.unmerged {
            out.push_str(&format!("\t{:<17}{}\n", "both modified:", path(p)));
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
        } else if !s.unstaged.is_empty() {
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
        Head::Branch(_) => format!("## {}", s.head.branch().unwrap_or("")),
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
    for u in &s.unmerged {
        rows.push((u.clone(), 'U', 'U', None));
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
