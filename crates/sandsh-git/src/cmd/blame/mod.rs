//! `git blame`: for each line of a file, the commit that last changed it. The file comes from
//! a revision, or from the working tree (lines changed there are "Not Committed Yet", as
//! git's fake commit shows them); the walk is in [`walk`], the output forms (git's default
//! columns, `-s`, `-e`, `-l`, `-n`, `-f`, `-t`, `-b`, `--porcelain`, `--line-porcelain`) in
//! [`show`]. `-L` takes line numbers (`N,M`, `N,+C`, `N,-C`, `,M`, `N`), several times.
//! git's options that change which lines move (`-w`, `-M`, `-C`, `--reverse`, ranges, ignored
//! revisions) and following a file across a rename are refused by name, never ignored.

mod show;
mod walk;

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::index::Index;
use crate::opts::{Opt, Parsed, flag, no, optional, parse, value};
use crate::repo::{Git, Repo};
use crate::revparse::{peel_to, resolve};
use crate::textdiff::lines;
use walk::{Start, Walk, blob_at};

const USAGE: &str = "git blame [<options>] [<rev-opts>] [<rev>] [--] <file>";

const OPTS: &[Opt] = &[
    flag(Some('s'), "s"),
    flag(Some('e'), "show-email"),
    flag(Some('l'), "l"),
    flag(Some('n'), "show-number"),
    flag(Some('f'), "show-name"),
    flag(Some('t'), "t"),
    flag(Some('b'), "b"),
    flag(None, "root"),
    flag(Some('p'), "porcelain"),
    flag(None, "line-porcelain"),
    flag(None, "first-parent"),
    flag(None, "progress"),
    optional(None, "abbrev"),
    value(Some('L'), "L"),
    value(None, "date"),
    no(Some('w'), "w", false),
    no(Some('M'), "M", false),
    no(Some('C'), "C", false),
    no(Some('c'), "c", false),
    no(None, "incremental", false),
    no(None, "reverse", false),
    no(None, "contents", true),
    no(None, "ignore-rev", true),
    no(None, "ignore-revs-file", true),
    no(None, "color-lines", false),
    no(None, "color-by-age", false),
    no(None, "minimal", false),
    no(None, "score-debug", false),
    no(None, "show-stats", false),
    no(None, "encoding", true),
    no(Some('S'), "S", true),
];

/// The date formats whose column git does not pad (it pads the others to a width of its own).
const DATES: &[&str] = &["iso", "iso8601", "short", "raw"];

fn usage() -> Fail {
    Fail::Usage(format!("usage: {USAGE}\n"))
}

pub(crate) fn blame(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    let (rev, user_path) = operands(&repo, &p)?;
    let path = repo_path(g, &repo, &user_path)?;
    let (start, data) = match (&rev, &repo.work) {
        (Some((spec, id)), _) => {
            let tree = repo.commit(id)?.tree;
            let blob = blob_at(&repo, &tree, &path)?
                .ok_or_else(|| Fail::fatal(format!("no such path {path} in {spec}")))?;
            let data = repo.object_of(&blob, Kind::Blob)?;
            (Start::Commit { id: *id, blob }, data)
        }
        (None, None) => {
            let head = repo
                .head_id()?
                .ok_or_else(|| Fail::fatal(format!("no such path '{path}' in HEAD")))?;
            let tree = repo.commit(&head)?.tree;
            let blob = blob_at(&repo, &tree, &path)?
                .ok_or_else(|| Fail::fatal(format!("no such path '{path}' in HEAD")))?;
            let data = repo.object_of(&blob, Kind::Blob)?;
            (Start::Commit { id: head, blob }, data)
        }
        (None, Some(_)) => {
            if repo
                .config
                .get("core.autocrlf")
                .is_some_and(|v| v != "false")
            {
                return Err(Fail::unsupported("'git blame' with core.autocrlf"));
            }
            if repo.read_opt(&repo.gpath("MERGE_HEAD"))?.is_some() {
                return Err(Fail::unsupported(
                    "'git blame' of the working tree during a merge",
                ));
            }
            let head = repo.head_id()?;
            let in_head = match &head {
                Some(h) => blob_at(&repo, &repo.commit(h)?.tree, &path)?.is_some(),
                None => false,
            };
            if !in_head && !Index::load(&repo)?.has_path(path.as_bytes()) {
                return Err(Fail::fatal(format!("no such path '{path}' in HEAD")));
            }
            let data = match crate::worktree::read_work(&repo, path.as_bytes())? {
                Some((_, d)) => d,
                None => {
                    return Err(Fail::fatal(format!(
                        "Cannot lstat '{path}': No such file or directory"
                    )));
                }
            };
            let head = if in_head { head } else { None };
            (
                Start::Work {
                    data: data.clone(),
                    head,
                },
                data,
            )
        }
    };
    let file = lines(&data);
    let ranges = line_ranges(&p, &path, file.len())?;
    let date = match p
        .value("date")
        .map(str::to_string)
        .or_else(|| repo.config.get("blame.date"))
    {
        _ if p.on("t") => "raw".to_string(),
        None => "iso".to_string(),
        Some(d) if DATES.contains(&d.as_str()) => d,
        Some(d) => {
            return Err(Fail::unsupported(&format!(
                "the date format '{d}' in 'git blame'"
            )));
        }
    };
    let walk = Walk {
        g,
        repo: &repo,
        path: &path,
        first_parent: p.on("first-parent"),
        show_root: p.on("root") || repo.config.bool("blame.showRoot").unwrap_or(false),
    };
    let result = walk.run(start, &ranges)?;
    let abbrev = match p.value("abbrev") {
        Some(a) => a
            .parse::<usize>()
            .map_err(|_| Fail::fatal("option `abbrev' expects a numerical value"))?
            .clamp(4, 40),
        None => 7,
    };
    let out = show::Output {
        path: &path,
        date,
        abbrev: if p.on("l") { 40 } else { (abbrev + 1).min(40) },
        short: p.on("s"),
        email: p.on("show-email"),
        number: p.on("show-number"),
        name: p.on("show-name"),
        blank_boundary: p.on("b") || repo.config.bool("blame.blankBoundary").unwrap_or(false),
        porcelain: p.on("porcelain") || p.on("line-porcelain"),
        every_line: p.on("line-porcelain"),
    };
    let now = crate::ident::now(g);
    let text = out.render(g, &repo, &result, &file, now)?;
    g.out(&text)?;
    Ok(0)
}

/// The revision (its spelling and commit) and the file, from `[<rev>] [--] <file>` or git's
/// older `<file> <rev>`.
fn operands(repo: &Repo, p: &Parsed) -> Res<(Option<(String, ObjectId)>, String)> {
    let before = &p.args[..p.before_dashdash];
    let (revs, path): (Vec<&String>, &String) = if p.dashdash {
        match p.after_dashdash() {
            [one] => (before.iter().collect(), one),
            _ => return Err(usage()),
        }
    } else {
        match before {
            [] => return Err(usage()),
            [one] => (Vec::new(), one),
            [a, b] => {
                if looks_like_rev(repo, a)? || !looks_like_rev(repo, b)? {
                    (vec![a], b)
                } else {
                    (vec![b], a)
                }
            }
            [revs @ .., last] => (revs.iter().collect(), last),
        }
    };
    let mut found: Option<(String, ObjectId)> = None;
    for r in revs {
        if r.contains("..") || r.starts_with('^') {
            return Err(Fail::unsupported("'git blame' of a revision range"));
        }
        let id = match resolve(repo, r)? {
            Some(id) => peel_to(repo, &id, Kind::Commit)?,
            None => return Err(Fail::fatal(format!("bad revision '{r}'"))),
        };
        if let Some((first, _)) = &found {
            return Err(Fail::fatal(format!(
                "More than one commit to dig from {r} and {first}?"
            )));
        }
        found = Some((r.clone(), id));
    }
    Ok((found, path.clone()))
}

fn looks_like_rev(repo: &Repo, s: &str) -> Res<bool> {
    Ok(!s.contains("..") && !s.starts_with('^') && resolve(repo, s)?.is_some())
}

/// The file as a repository-relative path.
fn repo_path(g: &Git, repo: &Repo, user: &str) -> Res<String> {
    let Some(work) = &repo.work else {
        return Ok(user.trim_start_matches("./").to_string());
    };
    let abs = g.abs(user);
    match abs.strip_prefix(work) {
        Ok(r) if !r.as_os_str().is_empty() => Ok(r.to_string_lossy().into_owned()),
        _ => Err(Fail::fatal(format!(
            "'{user}' is outside repository at '{}'",
            work.display()
        ))),
    }
}

/// The `-L` ranges as sorted, disjoint, 0-based half-open ranges of a file of `n` lines
/// (the whole file without `-L`).
fn line_ranges(p: &Parsed, path: &str, n: usize) -> Res<Vec<(u32, u32)>> {
    let specs = p.values("L");
    if specs.is_empty() {
        return Ok(if n == 0 {
            Vec::new()
        } else {
            vec![(0, n as u32)]
        });
    }
    let mut out = Vec::new();
    for s in specs {
        let (a, b) = parse_range(s, n)?;
        if a > n as i64 || n == 0 {
            return Err(Fail::fatal(format!("file {path} has only {n} lines")));
        }
        out.push(((a - 1) as u32, b.min(n as i64) as u32));
    }
    out.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::new();
    for (a, b) in out {
        match merged.last_mut() {
            Some(l) if a <= l.1 => l.1 = l.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    Ok(merged)
}

/// One `-L` value: the first and last line, 1-based, in order.
fn parse_range(s: &str, n: usize) -> Res<(i64, i64)> {
    if s.starts_with('/') || s.starts_with(':') || s.contains(",/") || s.contains(",^/") {
        return Err(Fail::unsupported(
            "'git blame -L' with a regular expression",
        ));
    }
    let num = |t: &str| -> Res<i64> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(usage());
        }
        let v: i64 = t.parse().map_err(|_| usage())?;
        if v == 0 {
            return Err(Fail::fatal("-L invalid line number: 0"));
        }
        Ok(v)
    };
    let (a, b) = match s.split_once(',') {
        None => (num(s)?, n.max(1) as i64),
        Some(("", e)) => (1, num(e)?),
        Some((a, "")) => (num(a)?, n.max(1) as i64),
        Some((a, e)) => {
            let a = num(a)?;
            if let Some(c) = e.strip_prefix('+') {
                let c = count(c)?;
                (a, a + c - 1)
            } else if let Some(c) = e.strip_prefix('-') {
                let c = count(c)?;
                ((a - c + 1).max(1), a)
            } else {
                (a, num(e)?)
            }
        }
    };
    Ok(if b < a { (b, a) } else { (a, b) })
}

/// The count of `-L N,+C` and `N,-C`.
fn count(t: &str) -> Res<i64> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(usage());
    }
    match t.parse::<i64>() {
        Ok(0) => Err(Fail::fatal("-L invalid empty range")),
        Ok(c) => Ok(c),
        Err(_) => Err(usage()),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_range;

    #[test]
    fn line_range_forms() {
        assert_eq!(parse_range("2,3", 9).unwrap(), (2, 3));
        assert_eq!(parse_range("3,1", 9).unwrap(), (1, 3));
        assert_eq!(parse_range("2,+2", 9).unwrap(), (2, 3));
        assert_eq!(parse_range("3,-2", 9).unwrap(), (2, 3));
        assert_eq!(parse_range(",2", 9).unwrap(), (1, 2));
        assert_eq!(parse_range("4", 9).unwrap(), (4, 9));
        assert_eq!(parse_range("4,", 9).unwrap(), (4, 9));
        assert_eq!(parse_range("0,1", 9).unwrap_err().render().1, 128);
        assert_eq!(parse_range("2,+0", 9).unwrap_err().render().1, 128);
        assert_eq!(parse_range("abc", 9).unwrap_err().render().1, 129);
    }
}
