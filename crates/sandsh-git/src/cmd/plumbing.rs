//! The plumbing agents reach for: `rev-parse`, `cat-file`, `ls-files`, `ls-tree`,
//! `hash-object`, `write-tree`, `update-ref`, `symbolic-ref`.

use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::ident::{Role, ident};
use crate::ignore::Ignores;
use crate::index::Index;
use crate::odb::{SHA1, hash};
use crate::opts::{Opt, flag, optional, parse, value};
use crate::pathspec::Pathspec;
use crate::quote::show;
use crate::refs::{Head, RefValue};
use crate::repo::Git;
use crate::revparse::{dwim_ref, resolve, unknown_revision};
use crate::worktree::{Now, Untracked, entry_now, walk};

pub(crate) fn rev_parse(g: &mut Git, args: &[String]) -> Res<i32> {
    let mut out = String::new();
    let mut verify = false;
    let mut quiet = false;
    let mut short: Option<usize> = None;
    let mut abbrev_ref = false;
    let mut symbolic_full = false;
    let mut revs = Vec::new();
    let mut repo = None;
    let open = |g: &mut Git| -> Res<crate::repo::Repo> { g.open() };
    for a in args {
        match a.as_str() {
            "--verify" => verify = true,
            "-q" | "--quiet" => quiet = true,
            "--short" => short = Some(7),
            _ if a.starts_with("--short=") => {
                short = Some(a[8..].parse().unwrap_or(7).clamp(4, 40))
            }
            "--abbrev-ref" => abbrev_ref = true,
            "--symbolic-full-name" => symbolic_full = true,
            "--is-inside-work-tree"
            | "--is-inside-git-dir"
            | "--is-bare-repository"
            | "--show-toplevel"
            | "--git-dir"
            | "--absolute-git-dir"
            | "--show-prefix"
            | "--show-cdup"
            | "--git-common-dir" => {
                if repo.is_none() {
                    repo = Some(open(g)?);
                }
                let r = repo.as_ref().ok_or_else(|| Fail::fatal("no repository"))?;
                let line = match a.as_str() {
                    "--is-inside-work-tree" => (r
                        .work
                        .as_ref()
                        .is_some_and(|w| g.cwd.starts_with(w) && !g.cwd.starts_with(&r.git_dir)))
                    .to_string(),
                    "--is-inside-git-dir" => g.cwd.starts_with(&r.git_dir).to_string(),
                    "--is-bare-repository" => r.work.is_none().to_string(),
                    "--show-toplevel" => match &r.work {
                        Some(w) => w.display().to_string(),
                        None => {
                            return Err(Fail::fatal("this operation must be run in a work tree"));
                        }
                    },
                    "--git-dir" | "--git-common-dir" => {
                        if r.work.as_ref() == Some(&g.cwd) && r.git_dir == g.cwd.join(".git") {
                            ".git".into()
                        } else if r.git_dir == g.cwd {
                            ".".into()
                        } else {
                            r.git_dir.display().to_string()
                        }
                    }
                    "--absolute-git-dir" => r.git_dir.display().to_string(),
                    "--show-prefix" => r.prefix.clone(),
                    _ => r
                        .prefix
                        .split('/')
                        .filter(|s| !s.is_empty())
                        .map(|_| "../")
                        .collect(),
                };
                if a == "--show-prefix" || a == "--show-cdup" {
                    if !line.is_empty() {
                        out.push_str(&line);
                    }
                    out.push('\n');
                } else {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            "--" => break,
            _ if a.starts_with('-') && a != "-" => {
                return Err(Fail::unsupported(&format!("git rev-parse {a}")));
            }
            _ => revs.push(a.clone()),
        }
    }
    if !revs.is_empty() {
        if repo.is_none() {
            repo = Some(open(g)?);
        }
        let r = repo.as_ref().ok_or_else(|| Fail::fatal("no repository"))?;
        if verify && revs.len() != 1 {
            return Err(Fail::fatal("Needed a single revision"));
        }
        for rev in &revs {
            if abbrev_ref || symbolic_full {
                let base = rev.as_str();
                let full = if base == "HEAD" || base == "@" {
                    match r.head()? {
                        Head::Branch(b) => Some(b),
                        Head::Detached(_) => None,
                    }
                } else {
                    dwim_ref(r, base)?.map(|(n, _)| n)
                };
                match full {
                    Some(n) => {
                        let shown = if abbrev_ref {
                            n.strip_prefix("refs/heads/")
                                .or_else(|| n.strip_prefix("refs/tags/"))
                                .or_else(|| n.strip_prefix("refs/remotes/"))
                                .unwrap_or(&n)
                                .to_string()
                        } else {
                            n
                        };
                        out.push_str(&shown);
                        out.push('\n');
                    }
                    None if base == "HEAD" => {
                        if abbrev_ref {
                            out.push_str("HEAD\n");
                        }
                    }
                    None => {
                        if resolve(r, base)?.is_none() {
                            return Err(unknown_revision(base));
                        }
                    }
                }
                continue;
            }
            match resolve(r, rev)? {
                Some(id) => {
                    let s = match short {
                        Some(n) => id.to_hex_with_len(n).to_string(),
                        None => id.to_hex().to_string(),
                    };
                    out.push_str(&s);
                    out.push('\n');
                }
                None => {
                    if verify {
                        if quiet {
                            return Ok(1);
                        }
                        return Err(Fail::fatal("Needed a single revision"));
                    }
                    g.outs(&out)?;
                    out.clear();
                    g.outs(&format!("{rev}\n"))?;
                    return Err(unknown_revision(rev));
                }
            }
        }
    }
    g.outs(&out)?;
    Ok(0)
}

const CAT_USAGE: &str = "git cat-file <type> <object>\n   or: git cat-file (-e | -p) <object>\n   or: git cat-file (-t | -s) [--allow-unknown-type] <object>";

const CAT_OPTS: &[Opt] = &[
    flag(Some('t'), "-t"),
    flag(Some('s'), "-s"),
    flag(Some('e'), "-e"),
    flag(Some('p'), "-p"),
    crate::opts::no(None, "batch", false),
    crate::opts::no(None, "batch-check", false),
    crate::opts::no(None, "batch-command", false),
];

pub(crate) fn cat_file(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    // -t/-s/-e/-p share the empty long name here; tell them apart by the raw arguments.
    let mode = args
        .iter()
        .find(|a| matches!(a.as_str(), "-t" | "-s" | "-e" | "-p"))
        .cloned();
    let p = parse(CAT_OPTS, args, CAT_USAGE)?;
    let (kind_arg, obj) = match (&mode, p.args.as_slice()) {
        (Some(_), [o]) => (None, o.clone()),
        (None, [k, o]) => (Some(k.clone()), o.clone()),
        _ => return Err(Fail::Usage(format!("usage: {CAT_USAGE}\n"))),
    };
    let id = match resolve(&repo, &obj)? {
        Some(id) => id,
        None => {
            if mode.as_deref() == Some("-e") {
                return Ok(1);
            }
            return Err(Fail::fatal(format!("Not a valid object name {obj}")));
        }
    };
    let Some((kind, data)) = repo.try_object(&id)? else {
        if mode.as_deref() == Some("-e") {
            return Ok(1);
        }
        return Err(Fail::fatal(format!("Not a valid object name {obj}")));
    };
    match mode.as_deref() {
        Some("-t") => g.outs(&format!("{kind}\n"))?,
        Some("-s") => g.outs(&format!("{}\n", data.len()))?,
        Some("-e") => {}
        Some(_) => match kind {
            Kind::Tree => {
                let mut out = String::new();
                for (name, mode, oid) in repo.tree(&id)? {
                    let k = match mode {
                        0o40000 => "tree",
                        0o160000 => "commit",
                        _ => "blob",
                    };
                    out.push_str(&format!(
                        "{mode:06o} {k} {}\t{}\n",
                        oid.to_hex(),
                        show(&name)
                    ));
                }
                g.outs(&out)?;
            }
            _ => g.out(&data)?,
        },
        None => {
            let want = kind_arg.unwrap_or_default();
            let want_kind = Kind::from_bytes(want.as_bytes())
                .map_err(|_| Fail::fatal(format!("invalid object type \"{want}\"")))?;
            let id = crate::revparse::peel_to(&repo, &id, want_kind)?;
            let (_, data) = repo.object(&id)?;
            g.out(&data)?;
        }
    }
    Ok(0)
}

const LS_USAGE: &str = "git ls-files [<options>] [<file>...]";

const LS_OPTS: &[Opt] = &[
    flag(Some('c'), "cached"),
    flag(Some('d'), "deleted"),
    flag(Some('m'), "modified"),
    flag(Some('o'), "others"),
    flag(Some('i'), "ignored"),
    flag(Some('s'), "stage"),
    flag(Some('u'), "unmerged"),
    flag(Some('z'), "-z"),
    flag(None, "exclude-standard"),
    flag(None, "directory"),
    flag(None, "no-empty-directory"),
    flag(None, "error-unmatch"),
    flag(None, "full-name"),
    value(Some('x'), "exclude"),
    value(Some('X'), "exclude-from"),
    optional(None, "abbrev"),
    flag(Some('t'), "-t"),
    crate::opts::no(None, "with-tree", true),
    crate::opts::no(None, "format", true),
    crate::opts::no(None, "eol", false),
    crate::opts::no(None, "debug", false),
    crate::opts::no(None, "recurse-submodules", false),
];

pub(crate) fn ls_files(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(LS_OPTS, args, LS_USAGE)?;
    if p.given("exclude") || p.given("exclude-from") {
        return Err(Fail::unsupported("git ls-files -x/-X"));
    }
    let cwd = g.cwd.clone();
    let spec = Pathspec::new(&repo, &cwd, &p.args)?;
    let index = Index::load(&repo)?;
    let z = args.iter().any(|a| a == "-z");
    let end = if z { '\0' } else { '\n' };
    let full = p.on("full-name");
    let name = |path: &[u8]| -> String {
        let s = String::from_utf8_lossy(path);
        let rel = if full {
            s.into_owned()
        } else {
            repo.display(&s)
        };
        if z { rel } else { show(rel.as_bytes()) }
    };
    // Paths outside the working directory are not listed (git lists from the prefix down).
    let in_prefix =
        |path: &[u8]| repo.prefix.is_empty() || path.starts_with(repo.prefix.as_bytes());
    let mut out = String::new();
    let others = p.on("others");
    let show_cached = p.on("cached")
        || !(others || p.on("deleted") || p.on("modified") || p.on("ignored") || p.on("unmerged"));
    let stage = p.on("stage") || p.on("unmerged");
    for e in &index.entries {
        g.check()?;
        if !spec.matches(&e.path) || !in_prefix(&e.path) {
            continue;
        }
        if p.on("unmerged") && e.stage == 0 {
            continue;
        }
        let mut listed = false;
        if show_cached && !p.on("ignored") || p.on("unmerged") {
            listed = true;
        }
        if !listed && (p.on("deleted") || p.on("modified")) {
            let now = entry_now(&repo, &index, e)?;
            listed = (p.on("deleted") && matches!(now, Now::Missing))
                || (p.on("modified") && !matches!(now, Now::Same));
        }
        if !listed {
            continue;
        }
        if stage {
            out.push_str(&format!(
                "{:06o} {} {}\t{}{end}",
                e.mode,
                e.id.to_hex(),
                e.stage,
                name(&e.path)
            ));
        } else {
            out.push_str(&format!("{}{end}", name(&e.path)));
        }
    }
    if others || (p.on("ignored") && !show_cached) {
        let mut ign = Ignores::new(g, &repo)?;
        let mode = if p.on("directory") {
            Untracked::Normal
        } else {
            Untracked::All
        };
        let w = walk(g, &repo, &index, &mut ign, mode, true)?;
        let list = if p.on("ignored") {
            // Without --exclude-standard there are no rules, so nothing is ignored.
            if p.on("exclude-standard") {
                w.ignored
            } else {
                Vec::new()
            }
        } else if p.on("exclude-standard") {
            w.untracked
        } else {
            let mut all = w.untracked;
            all.extend(w.ignored);
            all.sort();
            all
        };
        for path in list {
            let bare = path.strip_suffix(b"/").unwrap_or(&path);
            if !spec.matches(bare) || !in_prefix(&path) {
                continue;
            }
            out.push_str(&format!("{}{end}", name(&path)));
        }
    }
    if p.on("error-unmatch")
        && let Some(u) = spec.unmatched()
    {
        g.outs(&out)?;
        return Err(Fail::Raw(
            format!(
                "error: pathspec '{u}' did not match any file(s) known to git\nDid you forget to 'git add'?\n"
            ),
            1,
        ));
    }
    g.outs(&out)?;
    Ok(0)
}

const LT_OPTS: &[Opt] = &[
    flag(Some('r'), "-r"),
    flag(Some('t'), "-t"),
    flag(Some('d'), "-d"),
    flag(Some('z'), "-z"),
    flag(None, "name-only"),
    flag(None, "name-status"),
    flag(None, "object-only"),
    flag(Some('l'), "long"),
    flag(None, "full-name"),
    flag(None, "full-tree"),
    optional(None, "abbrev"),
    crate::opts::no(None, "format", true),
];

pub(crate) fn ls_tree(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(
        LT_OPTS,
        args,
        "git ls-tree [<options>] <tree-ish> [<path>...]",
    )?;
    let has = |f: &str| {
        args.iter()
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(f))
    };
    let (recursive, show_trees, dirs_only) = (has("r"), has("t"), has("d"));
    let Some(rev) = p.args.first() else {
        return Err(Fail::Usage(
            "usage: git ls-tree [<options>] <tree-ish> [<path>...]\n".into(),
        ));
    };
    let id = resolve(&repo, rev)?
        .ok_or_else(|| Fail::fatal(format!("Not a valid object name {rev}")))?;
    let tree = crate::revparse::peel_to(&repo, &id, Kind::Tree)?;
    let paths: Vec<String> = p.args[1..].to_vec();
    let mut out = String::new();
    let mut stack = vec![(Vec::<u8>::new(), tree)];
    let mut rows = Vec::new();
    while let Some((prefix, t)) = stack.pop() {
        g.check()?;
        let mut subs = Vec::new();
        for (name, mode, oid) in repo.tree(&t)? {
            let path = crate::worktree::join(&prefix, &name);
            let is_tree = mode == 0o40000;
            let selected = paths.is_empty()
                || paths.iter().any(|sp| {
                    let sp = sp.trim_end_matches('/').as_bytes();
                    path == sp
                        || path.starts_with(sp) && path.get(sp.len()) == Some(&b'/')
                        || sp.starts_with(&path) && sp.get(path.len()) == Some(&b'/')
                });
            if !selected {
                continue;
            }
            let inside_spec = paths.iter().any(|sp| {
                let sp = sp.trim_end_matches('/').as_bytes();
                sp.starts_with(&path) && sp.get(path.len()) == Some(&b'/')
            });
            if is_tree && (recursive || inside_spec) {
                if show_trees || dirs_only && !recursive {
                    rows.push((path.clone(), mode, oid));
                }
                subs.push((path, oid));
            } else if !dirs_only || is_tree {
                rows.push((path, mode, oid));
            }
        }
        for s in subs.into_iter().rev() {
            stack.push(s);
        }
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let z = has("z");
    let end = if z { '\0' } else { '\n' };
    for (path, mode, oid) in rows {
        let name = if z {
            String::from_utf8_lossy(&path).into_owned()
        } else {
            show(&path)
        };
        if p.on("name-only") || p.on("name-status") {
            out.push_str(&format!("{name}{end}"));
        } else if p.on("object-only") {
            out.push_str(&format!("{}{end}", oid.to_hex()));
        } else {
            let k = match mode {
                0o40000 => "tree",
                0o160000 => "commit",
                _ => "blob",
            };
            if p.on("long") {
                let size = if k == "blob" {
                    repo.object(&oid)?.1.len().to_string()
                } else {
                    "-".into()
                };
                out.push_str(&format!(
                    "{mode:06o} {k} {} {size:>7}\t{name}{end}",
                    oid.to_hex()
                ));
            } else {
                out.push_str(&format!("{mode:06o} {k} {}\t{name}{end}", oid.to_hex()));
            }
        }
    }
    g.outs(&out)?;
    Ok(0)
}

pub(crate) fn hash_object(g: &mut Git, args: &[String]) -> Res<i32> {
    let opts: &[Opt] = &[
        flag(Some('w'), "-w"),
        flag(None, "stdin"),
        value(Some('t'), "-t"),
        flag(None, "no-filters"),
        flag(None, "literally"),
        flag(None, "stdin-paths"),
        value(None, "path"),
    ];
    let p = parse(
        opts,
        args,
        "git hash-object [-t <type>] [-w] [--path=<file> | --no-filters]\n                       [--stdin [--literally]] [--] <file>...",
    )?;
    let write = args.iter().any(|a| a == "-w");
    let kind = match p.value("-t") {
        Some(t) => Kind::from_bytes(t.as_bytes())
            .map_err(|_| Fail::fatal(format!("invalid object type \"{t}\"")))?,
        None => Kind::Blob,
    };
    let repo = if write { Some(g.open()?) } else { None };
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    if p.on("stdin") {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(g.ctx.stdin(), &mut s);
        inputs.push(s);
    }
    for f in &p.args {
        let path = g.abs(f);
        let data = g.fs.read(&path, None).map_err(|_| {
            Fail::fatal(format!(
                "could not open '{f}' for reading: No such file or directory"
            ))
        })?;
        inputs.push(data);
    }
    let mut out = String::new();
    for data in inputs {
        let id = match &repo {
            Some(r) => r.write_object(kind, &data)?,
            None => hash(kind, &data),
        };
        out.push_str(&format!("{}\n", id.to_hex()));
    }
    g.outs(&out)?;
    Ok(0)
}

pub(crate) fn write_tree(g: &mut Git, _args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let index = Index::load(&repo)?;
    let id = repo.write_tree(&index)?;
    g.outs(&format!("{}\n", id.to_hex()))?;
    Ok(0)
}

pub(crate) fn update_ref(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(
        &[
            value(Some('m'), "-m"),
            flag(Some('d'), "-d"),
            flag(None, "no-deref"),
            flag(None, "stdin"),
            flag(None, "create-reflog"),
        ],
        args,
        "git update-ref [<options>] <refname> <new-oid> [<old-oid>]",
    )?;
    if p.on("stdin") {
        return Err(Fail::unsupported("git update-ref --stdin"));
    }
    let delete = args.iter().any(|a| a == "-d");
    let Some(name) = p.args.first() else {
        return Err(Fail::Usage(
            "usage: git update-ref [<options>] <refname> <new-oid> [<old-oid>]\n".into(),
        ));
    };
    if delete {
        repo.delete_ref(name)?;
        return Ok(0);
    }
    let Some(new) = p.args.get(1) else {
        return Err(Fail::Usage(
            "usage: git update-ref [<options>] <refname> <new-oid> [<old-oid>]\n".into(),
        ));
    };
    let id = resolve(&repo, new)?.ok_or_else(|| Fail::fatal(format!("{new}: not a valid SHA1")))?;
    if let Some(old) = p.args.get(2) {
        let want = resolve(&repo, old)?;
        if repo.resolve_ref(name)? != want {
            return Err(Fail::fatal(format!(
                "cannot lock ref '{name}': is at another value than expected"
            )));
        }
    }
    let who = ident(g, &repo.config, Role::Committer)?;
    let msg = p.value("-m").unwrap_or("").to_string();
    repo.update_ref(name, &id, &who, &msg)?;
    Ok(0)
}

pub(crate) fn symbolic_ref(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let p = parse(
        &[
            flag(Some('q'), "quiet"),
            flag(Some('d'), "delete"),
            flag(None, "short"),
            value(Some('m'), "-m"),
        ],
        args,
        "git symbolic-ref [-m <reason>] <name> <ref>",
    )?;
    match p.args.as_slice() {
        [name] => match repo.read_ref(name)? {
            Some(RefValue::Symbolic(t)) => {
                let shown = if p.on("short") {
                    t.strip_prefix("refs/heads/").unwrap_or(&t).to_string()
                } else {
                    t
                };
                g.outs(&format!("{shown}\n"))?;
                Ok(0)
            }
            _ if p.on("quiet") => Ok(1),
            _ => Err(Fail::fatal(format!("ref {name} is not a symbolic ref"))),
        },
        [name, target] => {
            if name == "HEAD" && !target.starts_with("refs/") {
                return Err(Fail::fatal("Refusing to point HEAD outside of refs/"));
            }
            repo.write_file(&repo.gpath(name), format!("ref: {target}\n").as_bytes())?;
            Ok(0)
        }
        _ => Err(Fail::Usage(
            "usage: git symbolic-ref [-m <reason>] <name> <ref>\n".into(),
        )),
    }
}

#[allow(dead_code)]
fn unused() -> gix_hash::ObjectId {
    gix_hash::ObjectId::null(SHA1)
}

pub(crate) fn check_ignore(g: &mut Git, args: &[String]) -> Res<i32> {
    let repo = g.open()?;
    let opts: &[Opt] = &[
        flag(Some('q'), "quiet"),
        flag(None, "no-index"),
        flag(None, "stdin"),
        flag(Some('z'), "-z"),
        crate::opts::no(Some('v'), "verbose", false),
        crate::opts::no(Some('n'), "non-matching", false),
    ];
    let p = parse(opts, args, "git check-ignore [<options>] <pathname>...")?;
    if p.args.is_empty() && !p.on("stdin") {
        return Err(Fail::fatal("no path specified"));
    }
    let mut paths = p.args.clone();
    if p.on("stdin") {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(g.ctx.stdin(), &mut s);
        paths.extend(s.lines().map(str::to_string));
    }
    let index = Index::load(&repo)?;
    let mut ign = Ignores::new(g, &repo)?;
    let cwd = g.cwd.clone();
    let mut out = String::new();
    let mut any = false;
    for a in &paths {
        let rel = repo.relpath(&cwd, a)?;
        let rel = rel.trim_end_matches('/');
        if !p.on("no-index") && index.has_path(rel.as_bytes()) {
            continue;
        }
        let abs = g.abs(a);
        let is_dir = a.ends_with('/') || repo.fs.stat(&abs).is_ok_and(|m| m.is_dir());
        if ign.is_ignored(rel.as_bytes(), is_dir) {
            any = true;
            out.push_str(a);
            out.push('\n');
        }
    }
    if !p.on("quiet") {
        g.outs(&out)?;
    }
    Ok(if any { 0 } else { 1 })
}
