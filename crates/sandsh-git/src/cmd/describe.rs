//! `git describe`: the nearest tag reachable from a commit, as `tag` when it names the
//! commit and `tag-N-gabbrev` otherwise (N: the commits reachable from the commit and not
//! from the tag). Annotated tags only unless `--tags`; on one commit an annotated tag wins
//! over a lightweight one, then the newer tagger date. The walk goes newest committer date
//! first, as git's does, and keeps the candidate with the fewest commits between.

use std::collections::{HashMap, HashSet};

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::opts::{Opt, flag, no, optional, parse, value};
use crate::repo::{Git, Repo};
use crate::revparse::{peel_to, resolve};
use crate::worktree::{Now, entry_now};

const USAGE: &str = "git describe [--all] [--tags] [--contains] [--abbrev=<n>] [<commit-ish>...]\n   or: git describe [--all] [--tags] [--contains] [--abbrev=<n>] --dirty[=<mark>]\n   or: git describe <blob>";

const OPTS: &[Opt] = &[
    flag(None, "tags"),
    flag(None, "always"),
    flag(None, "long"),
    optional(None, "dirty"),
    value(None, "abbrev"),
    flag(None, "exact-match"),
    no(None, "all", false),
    no(None, "contains", false),
    no(None, "match", true),
    no(None, "exclude", true),
    no(None, "first-parent", false),
    no(None, "candidates", true),
    no(None, "broken", false),
    no(None, "debug", false),
];

/// A tag that may describe a commit: its short name, whether annotated, its tagger time.
struct Name {
    tag: String,
    annotated: bool,
    time: i64,
}

/// The tags by the commit they name, the best one per commit.
fn names(repo: &Repo, all: bool) -> Res<(HashMap<ObjectId, Name>, bool)> {
    let mut out: HashMap<ObjectId, Name> = HashMap::new();
    let mut unannotated = false;
    for (r, id) in repo.refs("refs/tags/")? {
        let (kind, data) = repo.object(&id)?;
        let annotated = kind == Kind::Tag;
        if !annotated {
            unannotated = true;
            if !all {
                continue;
            }
        }
        let time = if annotated {
            gix_object::TagRef::from_bytes(&data, crate::odb::SHA1)
                .ok()
                .and_then(|t| t.tagger.map(|s| crate::ident::Ident::parse(s).time))
                .unwrap_or(0)
        } else {
            0
        };
        let Ok(commit) = peel_to(repo, &id, Kind::Commit) else {
            continue;
        };
        let n = Name {
            tag: r["refs/tags/".len()..].to_string(),
            annotated,
            time,
        };
        let better = match out.get(&commit) {
            None => true,
            Some(o) => (n.annotated, n.time) > (o.annotated, o.time),
        };
        if better {
            out.insert(commit, n);
        }
    }
    Ok((out, unannotated))
}

/// The commits reachable from `from` and not from `tag`.
fn depth(g: &Git, repo: &Repo, from: &ObjectId, tag: &ObjectId) -> Res<usize> {
    let mut excluded = HashSet::new();
    let mut stack = vec![*tag];
    while let Some(c) = stack.pop() {
        g.check()?;
        if excluded.insert(c) {
            stack.extend(repo.commit(&c)?.parents);
        }
    }
    let mut seen = HashSet::new();
    let mut stack = vec![*from];
    while let Some(c) = stack.pop() {
        g.check()?;
        if !excluded.contains(&c) && seen.insert(c) {
            stack.extend(repo.commit(&c)?.parents);
        }
    }
    Ok(seen.len())
}

/// The best tag for `id`: (tag, depth).
fn nearest(
    g: &Git,
    repo: &Repo,
    id: &ObjectId,
    names: &HashMap<ObjectId, Name>,
) -> Res<Option<(String, usize)>> {
    let mut queue = vec![(repo.commit(id)?.committer.time, *id)];
    let mut seen = HashSet::new();
    let mut found: Vec<(String, ObjectId)> = Vec::new();
    while !queue.is_empty() && found.len() < 10 {
        g.check()?;
        let i = (0..queue.len()).max_by_key(|&i| queue[i].0).unwrap_or(0);
        let (_, c) = queue.swap_remove(i);
        if !seen.insert(c) {
            continue;
        }
        if let Some(n) = names.get(&c) {
            found.push((n.tag.clone(), c));
            continue;
        }
        for p in repo.commit(&c)?.parents {
            queue.push((repo.commit(&p)?.committer.time, p));
        }
    }
    let mut best: Option<(String, usize)> = None;
    for (tag, c) in found {
        let d = depth(g, repo, id, &c)?;
        if best.as_ref().is_none_or(|(_, bd)| d < *bd) {
            best = Some((tag, d));
        }
    }
    Ok(best)
}

pub(crate) fn describe(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(OPTS, args, USAGE)?;
    let dirty_mark = p
        .given("dirty")
        .then(|| p.value("dirty").unwrap_or("-dirty").to_string());
    if dirty_mark.is_some() && !p.args.is_empty() {
        return Err(Fail::fatal(
            "option '--dirty' and commit-ishes cannot be used together",
        ));
    }
    let abbrev: usize = match p.value("abbrev") {
        Some(a) => a
            .parse()
            .map_err(|_| Fail::fatal("option `abbrev' expects a numerical value"))?,
        None => 7,
    };
    let specs: Vec<String> = if p.args.is_empty() {
        vec!["HEAD".into()]
    } else {
        p.args.clone()
    };
    let (names, unannotated) = names(&repo, p.on("tags"))?;
    let mut out = String::new();
    for spec in &specs {
        let id = match resolve(&repo, spec)? {
            Some(id) => peel_to(&repo, &id, Kind::Commit)?,
            None => return Err(Fail::fatal(format!("Not a valid object name {spec}"))),
        };
        let suffix = match &dirty_mark {
            Some(m) if is_dirty(g, &repo)? => m.clone(),
            _ => String::new(),
        };
        let short = id.to_hex_with_len(abbrev.clamp(4, 40)).to_string();
        match nearest(g, &repo, &id, &names)? {
            Some((tag, 0)) if !p.on("long") => out.push_str(&format!("{tag}{suffix}\n")),
            Some(_) if p.on("exact-match") => {
                return Err(Fail::fatal(format!(
                    "no tag exactly matches '{}'",
                    id.to_hex()
                )));
            }
            Some((tag, _)) if abbrev == 0 => out.push_str(&format!("{tag}{suffix}\n")),
            Some((tag, d)) => out.push_str(&format!("{tag}-{d}-g{short}{suffix}\n")),
            None if p.on("always") => out.push_str(&format!("{short}{suffix}\n")),
            None if names.is_empty() && !unannotated => {
                g.outs(&out)?;
                return Err(Fail::fatal("No names found, cannot describe anything."));
            }
            None if names.is_empty() => {
                g.outs(&out)?;
                return Err(Fail::fatal(format!(
                    "No annotated tags can describe '{}'.\nHowever, there were unannotated tags: try --tags.",
                    id.to_hex()
                )));
            }
            None => {
                g.outs(&out)?;
                return Err(Fail::fatal(format!(
                    "No tags can describe '{}'.\nTry --always, or create some tags.",
                    id.to_hex()
                )));
            }
        }
    }
    g.outs(&out)?;
    Ok(0)
}

/// Whether the index or the working tree differs from HEAD (tracked files only).
fn is_dirty(g: &Git, repo: &Repo) -> Res<bool> {
    let index = crate::index::Index::load(repo)?;
    let head = repo.commit_files(repo.head_id()?.as_ref())?;
    let mut count = 0;
    for e in &index.entries {
        g.check()?;
        if e.stage != 0 || head.get(&e.path) != Some(&(e.mode, e.id)) {
            return Ok(true);
        }
        if !matches!(entry_now(repo, &index, e)?, Now::Same) {
            return Ok(true);
        }
        count += 1;
    }
    Ok(count != head.len())
}
