//! `git log` and `git show`: the commit walk (newest first by committer date, ranges and
//! exclusions, `-n`, `--skip`, `--reverse`, `--first-parent`, `--author`, `--grep`,
//! `--since`/`--until`, `-- path` with git's history simplification), git's pretty formats
//! (medium, oneline, short, full, fuller, raw, `format:`/`tformat:` placeholders) and
//! decorations, with patches and stats from the diff machinery.

use std::collections::{BinaryHeap, HashMap, HashSet};

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::cmd::diff::{DIFF_OPTS, finish, format_from};
use crate::cmd::pretty::{Decorations, Pretty, Printer, pretty_from};
use crate::diffout::{Files, Format, Source, compare, print};
use crate::error::{Fail, Res};
use crate::ident::{Ident, now, parse_date};
use crate::objects::Commit;
use crate::odb::SHA1;
use crate::opts::{Opt, Parsed, flag, no, optional, parse, value};
use crate::pathspec::Pathspec;
use crate::refs::Head;
use crate::repo::{Git, Repo};
use crate::revparse::{commit_or_die, resolve, unknown_revision};

const LOG_USAGE: &str = "git log [<options>] [<revision-range>] [[--] <path>...]";
const SHOW_USAGE: &str = "git show [<options>] <object>...";

const OWN: &[Opt] = &[
    value(Some('n'), "max-count"),
    value(None, "skip"),
    flag(None, "oneline"),
    optional(None, "pretty"),
    value(None, "format"),
    flag(None, "abbrev-commit"),
    flag(None, "no-abbrev-commit"),
    value(None, "date"),
    flag(None, "reverse"),
    flag(None, "all"),
    flag(None, "branches"),
    flag(None, "tags"),
    flag(None, "first-parent"),
    flag(None, "no-merges"),
    flag(None, "merges"),
    value(None, "author"),
    value(None, "committer"),
    value(None, "grep"),
    flag(Some('i'), "regexp-ignore-case"),
    flag(None, "all-match"),
    flag(None, "invert-grep"),
    optional(None, "decorate"),
    flag(None, "no-decorate"),
    value(None, "since"),
    value(None, "after"),
    value(None, "until"),
    value(None, "before"),
    flag(None, "topo-order"),
    flag(None, "date-order"),
    flag(None, "no-walk"),
    flag(None, "parents"),
    flag(None, "log-size"),
    flag(None, "no-notes"),
    flag(None, "source"),
    flag(None, "mailmap"),
    flag(None, "no-mailmap"),
    flag(None, "use-mailmap"),
    flag(None, "simplify-by-decoration"),
    flag(None, "graph"),
    no(None, "follow", false),
    no(Some('L'), "-L", true),
    no(Some('g'), "walk-reflogs", false),
    no(None, "cc", false),
    no(Some('c'), "-c", false),
    no(Some('m'), "-m", false),
    no(None, "left-right", false),
    no(None, "cherry-pick", false),
    no(None, "ancestry-path", false),
    no(None, "show-signature", false),
    no(None, "notes", false),
    no(None, "full-diff", false),
    no(None, "exclude", true),
    no(None, "remotes", false),
    no(None, "glob", true),
];

/// A commit in the walk's queue: newest committer date first, then the order of arrival.
struct Queued {
    time: i64,
    seq: u64,
    id: ObjectId,
}

impl PartialEq for Queued {
    fn eq(&self, o: &Self) -> bool {
        self.time == o.time && self.seq == o.seq
    }
}
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Queued {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.time.cmp(&o.time).then(o.seq.cmp(&self.seq))
    }
}

/// Every commit reachable from `ids`.
fn reachable(g: &Git, repo: &Repo, ids: &[ObjectId]) -> Res<HashSet<ObjectId>> {
    let mut seen = HashSet::new();
    let mut stack: Vec<ObjectId> = ids.to_vec();
    while let Some(id) = stack.pop() {
        g.check()?;
        if seen.insert(id) {
            stack.extend(repo.commit(&id)?.parents);
        }
    }
    Ok(seen)
}

/// The revisions and paths of a log command line.
fn split_args(
    g: &Git,
    repo: &Repo,
    p: &Parsed,
) -> Res<(Vec<ObjectId>, Vec<ObjectId>, Vec<String>)> {
    let mut include = Vec::new();
    let mut exclude = Vec::new();
    let mut paths: Vec<String> = p.after_dashdash().to_vec();
    for a in &p.args[..p.before_dashdash] {
        if let Some(x) = a.strip_prefix('^') {
            exclude.push(commit_or_die(repo, x)?);
            continue;
        }
        if let Some((x, y)) = a.split_once("...") {
            let x = if x.is_empty() { "HEAD" } else { x };
            let y = if y.is_empty() { "HEAD" } else { y };
            let (a1, b1) = (commit_or_die(repo, x)?, commit_or_die(repo, y)?);
            include.push(a1);
            include.push(b1);
            if let Some(base) = crate::cmd::diff::merge_base(repo, &a1, &b1)? {
                exclude.push(base);
            }
            continue;
        }
        if let Some((x, y)) = a.split_once("..") {
            let x = if x.is_empty() { "HEAD" } else { x };
            let y = if y.is_empty() { "HEAD" } else { y };
            exclude.push(commit_or_die(repo, x)?);
            include.push(commit_or_die(repo, y)?);
            continue;
        }
        match resolve(repo, a)? {
            Some(id) if paths.is_empty() => {
                include.push(crate::revparse::peel_to(repo, &id, Kind::Commit)?)
            }
            _ => {
                if p.dashdash {
                    return Err(unknown_revision(a));
                }
                let abs = g.abs(a);
                if repo.fs.lstat(&abs).is_err() && !a.contains(['*', '?', '[']) {
                    return Err(unknown_revision(a));
                }
                paths.push(a.clone());
            }
        }
    }
    Ok((include, exclude, paths))
}

/// The files of a commit's tree restricted to `spec`.
fn files_of(
    repo: &Repo,
    tree: &ObjectId,
    spec: &Pathspec,
    cache: &mut HashMap<ObjectId, Files>,
) -> Res<Files> {
    if let Some(f) = cache.get(tree) {
        return Ok(f.clone());
    }
    let all = repo.flat_tree(tree)?;
    let f: Files = if spec.is_empty() {
        all
    } else {
        all.into_iter().filter(|(p, _)| spec.matches(p)).collect()
    };
    if cache.len() > 64 {
        cache.clear();
    }
    cache.insert(*tree, f.clone());
    Ok(f)
}

fn time_of(g: &Git, s: &str) -> Res<i64> {
    parse_date(g, s)
        .map(|t| t.0)
        .ok_or_else(|| Fail::fatal(format!("invalid date: {s}")))
}

fn regex_of(pat: &str, icase: bool) -> Res<regex::Regex> {
    regex::RegexBuilder::new(pat)
        .case_insensitive(icase)
        .build()
        .map_err(|_| Fail::fatal(format!("command line, '{pat}': Invalid regular expression")))
}

pub(crate) fn log(g: &mut Git, args: &[String]) -> Res<i32> {
    run_log(g, args, false)
}

pub(crate) fn show(g: &mut Git, args: &[String]) -> Res<i32> {
    run_log(g, args, true)
}

fn run_log(g: &mut Git, args: &[String], is_show: bool) -> Res<i32> {
    let repo = g.open()?;
    // `-<n>` is `-n <n>`.
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            if a.len() > 1 && a.starts_with('-') && a[1..].bytes().all(|b| b.is_ascii_digit()) {
                format!("--max-count={}", &a[1..])
            } else {
                a.clone()
            }
        })
        .collect();
    let table: Vec<Opt> = DIFF_OPTS.iter().chain(OWN).copied().collect();
    let p = parse(&table, &args, if is_show { SHOW_USAGE } else { LOG_USAGE })?;
    let mut f: Format = format_from(&p, is_show)?;
    if !is_show && !p.on("patch") && !p.on("-u") && !p.given("unified") {
        // log shows a patch only when asked.
        f.patch = false;
    }
    let pretty = pretty_from(&p, &repo)?;
    let abbrev = if p.on("no-abbrev-commit") {
        false
    } else {
        p.on("abbrev-commit") || p.on("oneline")
    };
    let decorate = match p.value("decorate") {
        _ if p.on("no-decorate") => false,
        Some("no") => false,
        Some(_) => true,
        None if p.on("decorate") => true,
        None => matches!(
            repo.config.get("log.decorate").as_deref(),
            Some("true") | Some("short") | Some("full")
        ),
    };
    let needs_deco =
        decorate || matches!(&pretty, Pretty::User(s, _) if s.contains("%d") || s.contains("%D"));
    let printer = Printer {
        pretty: pretty.clone(),
        abbrev,
        date: p
            .value("date")
            .map(|d| d.trim_start_matches("format:").to_string())
            .or_else(|| repo.config.get("log.date"))
            .unwrap_or_else(|| "default".into()),
        decorate: if needs_deco {
            Some(Decorations::load(&repo)?)
        } else {
            None
        },
        now: now(g).0,
    };
    let printer = Printer {
        decorate: if decorate || needs_deco {
            printer.decorate
        } else {
            None
        },
        ..printer
    };
    if is_show {
        return show_objects(g, &repo, &p, &printer, &f);
    }
    let (mut include, exclude, paths) = split_args(g, &repo, &p)?;
    if p.on("all") || p.on("branches") || p.on("tags") {
        let prefix = if p.on("all") {
            "refs/"
        } else if p.on("branches") {
            "refs/heads/"
        } else {
            "refs/tags/"
        };
        for (name, id) in repo.refs(prefix)? {
            if name == "refs/stash" {
                continue;
            }
            if let Ok((Kind::Commit, c)) = repo.peel(&id) {
                include.push(c);
            }
        }
        if p.on("all")
            && let Some(h) = repo.head_id()?
        {
            include.push(h);
        }
    }
    if include.is_empty() {
        match repo.head_id()? {
            Some(h) => include.push(h),
            None => {
                if p.on("all") || p.on("branches") || p.on("tags") {
                    return Ok(0);
                }
                let b = match repo.head()? {
                    Head::Branch(_) => repo.head()?.branch().unwrap_or("").to_string(),
                    Head::Detached(_) => "HEAD".into(),
                };
                return Err(Fail::fatal(format!(
                    "your current branch '{b}' does not have any commits yet"
                )));
            }
        }
    }
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(&repo, &cwd, &paths)?;
    let hidden = if exclude.is_empty() {
        HashSet::new()
    } else {
        reachable(g, &repo, &exclude)?
    };
    let max = match p.value("max-count") {
        Some(n) => Some(
            n.parse::<i64>()
                .map_err(|_| Fail::fatal(format!("'{n}': not an integer")))?,
        ),
        None => None,
    };
    let max = max.filter(|n| *n >= 0).map(|n| n as usize);
    let skip: usize = p.value("skip").and_then(|s| s.parse().ok()).unwrap_or(0);
    let since = match p.value("since").or(p.value("after")) {
        Some(s) => Some(time_of(g, s)?),
        None => None,
    };
    let until = match p.value("until").or(p.value("before")) {
        Some(s) => Some(time_of(g, s)?),
        None => None,
    };
    let icase = p.on("regexp-ignore-case");
    let authors: Vec<regex::Regex> = p
        .values("author")
        .iter()
        .map(|a| regex_of(a, icase))
        .collect::<Res<_>>()?;
    let committers: Vec<regex::Regex> = p
        .values("committer")
        .iter()
        .map(|a| regex_of(a, icase))
        .collect::<Res<_>>()?;
    let greps: Vec<regex::Regex> = p
        .values("grep")
        .iter()
        .map(|a| regex_of(a, icase))
        .collect::<Res<_>>()?;
    // The walk.
    let mut heap = BinaryHeap::new();
    let mut seen = HashSet::new();
    let mut seq = 0u64;
    for id in &include {
        if seen.insert(*id) && !hidden.contains(id) {
            let c = repo.commit(id)?;
            heap.push(Queued {
                time: c.committer.time,
                seq,
                id: *id,
            });
            seq += 1;
        }
    }
    let mut picked: Vec<Commit> = Vec::new();
    let mut tree_cache = HashMap::new();
    let mut skipped = 0;
    while let Some(q) = heap.pop() {
        g.check()?;
        let c = repo.commit(&q.id)?;
        // Parents to follow: with paths, a merge identical to one parent follows only it.
        let mut follow: Vec<ObjectId> = if p.on("first-parent") {
            c.parents.iter().take(1).copied().collect()
        } else {
            c.parents.clone()
        };
        let mut shown = true;
        if !spec.is_empty() {
            let mine = files_of(&repo, &c.tree, &spec, &mut tree_cache)?;
            if c.parents.is_empty() {
                shown = !mine.is_empty();
            } else {
                let mut same_as = None;
                for (k, par) in follow.iter().enumerate() {
                    let pt = repo.commit(par)?.tree;
                    if files_of(&repo, &pt, &spec, &mut tree_cache)? == mine {
                        same_as = Some(k);
                        break;
                    }
                }
                if let Some(k) = same_as {
                    shown = false;
                    follow = vec![follow[k]];
                }
            }
        }
        for par in follow {
            if !hidden.contains(&par) && seen.insert(par) {
                let pc = repo.commit(&par)?;
                heap.push(Queued {
                    time: pc.committer.time,
                    seq,
                    id: par,
                });
                seq += 1;
            }
        }
        if !shown {
            continue;
        }
        if p.on("no-merges") && c.parents.len() > 1 || p.on("merges") && c.parents.len() < 2 {
            continue;
        }
        if since.is_some_and(|s| c.committer.time < s)
            || until.is_some_and(|u| c.committer.time > u)
        {
            continue;
        }
        let who = |w: &Ident| format!("{} <{}>", w.name, w.email);
        if !authors.is_empty() && !authors.iter().any(|r| r.is_match(&who(&c.author))) {
            continue;
        }
        if !committers.is_empty() && !committers.iter().any(|r| r.is_match(&who(&c.committer))) {
            continue;
        }
        if !greps.is_empty() {
            let msg = String::from_utf8_lossy(&c.message);
            let hit = if p.on("all-match") {
                greps.iter().all(|r| r.is_match(&msg))
            } else {
                greps.iter().any(|r| r.is_match(&msg))
            };
            if hit == p.on("invert-grep") {
                continue;
            }
        }
        if skipped < skip {
            skipped += 1;
            continue;
        }
        if max.is_some_and(|m| picked.len() >= m) {
            break;
        }
        if p.on("reverse") || p.on("graph") {
            picked.push(c);
        } else {
            // Printed as found, so `git log | head` stops early.
            print_commit(g, &repo, &p, &printer, &f, &c, &spec, !picked.is_empty())?;
            picked.push(Commit {
                message: Vec::new(),
                ..c
            });
        }
    }
    if p.on("graph") {
        return print_graph(g, &repo, &p, &printer, &f, &picked, &spec);
    }
    if p.on("reverse") {
        for (k, c) in picked.iter().rev().enumerate() {
            print_commit(g, &repo, &p, &printer, &f, c, &spec, k > 0)?;
        }
    }
    Ok(0)
}

/// `--graph` for a linear history (each commit's one parent is the next one shown): the
/// column of `*` and `|` git draws. Merges and forks are refused rather than drawn wrong.
#[allow(clippy::too_many_arguments)]
fn print_graph(
    g: &mut Git,
    repo: &Repo,
    p: &Parsed,
    printer: &Printer,
    f: &Format,
    picked: &[Commit],
    spec: &Pathspec,
) -> Res<i32> {
    if p.on("reverse") {
        return Err(Fail::fatal(
            "options '--reverse' and '--graph' cannot be used together",
        ));
    }
    let linear = picked.iter().enumerate().all(|(k, c)| {
        c.parents.len() <= 1
            && picked
                .get(k + 1)
                .is_none_or(|next| c.parents.first() == Some(&next.id))
    });
    if !spec.is_empty() || !linear {
        return Err(Fail::unsupported(
            "'git log --graph' of a history with merges, forks or paths",
        ));
    }
    let terminator = matches!(printer.pretty, Pretty::Oneline | Pretty::User(_, true));
    for (k, c) in picked.iter().enumerate() {
        g.check()?;
        if k > 0 && !terminator {
            g.outs("\n")?;
        }
        g.graph = Some(crate::repo::GraphPrefix {
            first: true,
            at_start: true,
            rest: if c.parents.is_empty() { b"  " } else { b"| " },
        });
        let r = print_commit(g, repo, p, printer, f, c, spec, false);
        if r.is_err() {
            g.graph = None;
        }
        r?;
    }
    g.graph = None;
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
fn print_commit(
    g: &mut Git,
    repo: &Repo,
    p: &Parsed,
    printer: &Printer,
    f: &Format,
    c: &Commit,
    spec: &Pathspec,
    not_first: bool,
) -> Res<()> {
    let terminator = matches!(printer.pretty, Pretty::Oneline | Pretty::User(_, true));
    let mut out = String::new();
    if not_first && !terminator {
        out.push('\n');
    }
    out.push_str(&printer.show(c));
    if terminator && !out.ends_with('\n') || matches!(&printer.pretty, Pretty::User(_, true)) {
        out.push('\n');
    }
    if let Pretty::User(s, true) = &printer.pretty
        && s.is_empty()
    {
        out.pop();
    }
    g.outs(&out)?;
    let wants_diff = f.patch || f.stat || f.numstat || f.shortstat || f.name_only || f.name_status;
    if !wants_diff {
        return Ok(());
    }
    if c.parents.len() > 1 {
        // Merges show no diff unless asked for a combined one (-c, --cc, -m).
        return Ok(());
    }
    let old = match c.parents.first() {
        Some(par) => repo.flat_tree(&repo.commit(par)?.tree)?,
        None => Files::new(),
    };
    let new = repo.flat_tree(&c.tree)?;
    let filt = |m: Files| -> Files { m.into_iter().filter(|(k, _)| spec.matches(k)).collect() };
    let (old, new) = if spec.is_empty() {
        (old, new)
    } else {
        (filt(old), filt(new))
    };
    let src = Source {
        repo,
        work: Default::default(),
    };
    let changes = finish(p, repo, compare(&old, &new), &src)?;
    if changes.is_empty() {
        return Ok(());
    }
    let user_empty = matches!(&printer.pretty, Pretty::User(s, _) if s.is_empty());
    if printer.pretty != Pretty::Oneline && !user_empty {
        if f.stat && f.patch {
            g.outs("---")?;
        }
        g.outs("\n")?;
    }
    print(g, &changes, &src, f, "")
}

/// `git show`: each object as git shows its kind.
fn show_objects(g: &mut Git, repo: &Repo, p: &Parsed, printer: &Printer, f: &Format) -> Res<i32> {
    let mut objs: Vec<String> = p.args[..p.before_dashdash].to_vec();
    if objs.is_empty() {
        objs.push("HEAD".into());
    }
    let paths: Vec<String> = p.after_dashdash().to_vec();
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(repo, &cwd, &paths)?;
    let mut first = true;
    for o in &objs {
        let id = match resolve(repo, o)? {
            Some(id) => id,
            None if o == "HEAD" && repo.head_id()?.is_none() => {
                return Err(unknown_revision(o));
            }
            None => return Err(unknown_revision(o)),
        };
        let (kind, data) = repo.object(&id)?;
        match kind {
            Kind::Commit => {
                let c = repo.commit(&id)?;
                print_commit(g, repo, p, printer, f, &c, &spec, !first)?;
            }
            Kind::Tag => {
                let t = gix_object::TagRef::from_bytes(&data, SHA1)
                    .map_err(|_| Fail::fatal(format!("bad tag object {}", id.to_hex())))?;
                let mut out = String::new();
                if !first {
                    out.push('\n');
                }
                out.push_str(&format!("tag {}\n", t.name));
                if let Some(tagger) = t.tagger {
                    let who = Ident::parse(tagger);
                    out.push_str(&format!("Tagger: {} <{}>\n", who.name, who.email));
                    out.push_str(&format!("Date:   {}\n", printer.date(&who)));
                }
                out.push('\n');
                out.push_str(&String::from_utf8_lossy(t.message));
                if !t.message.ends_with(b"\n") && !t.message.is_empty() {
                    out.push('\n');
                }
                out.push('\n');
                g.outs(&out)?;
                let (k, target) = repo.peel(&id)?;
                if k == Kind::Commit {
                    let c = repo.commit(&target)?;
                    print_commit(g, repo, p, printer, f, &c, &spec, false)?;
                }
            }
            Kind::Tree => {
                let mut out = String::new();
                if !first {
                    out.push('\n');
                }
                out.push_str(&format!("tree {o}\n\n"));
                for (name, mode, _) in repo.tree(&id)? {
                    out.push_str(&String::from_utf8_lossy(&name));
                    if mode == 0o40000 {
                        out.push('/');
                    }
                    out.push('\n');
                }
                g.outs(&out)?;
            }
            Kind::Blob => {
                g.out(&data)?;
            }
        }
        first = false;
    }
    Ok(0)
}
