//! Revisions as git reads them: `HEAD`, `@`, full and abbreviated ids, ref names by git's
//! search order (`x`, `refs/x`, `refs/tags/x`, `refs/heads/x`, `refs/remotes/x`,
//! `refs/remotes/x/HEAD`), and the suffixes `~N`, `^N`, `^{type}`, `^{}`, `REV:path` and
//! `:path` (the index).

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::index::Index;
use crate::odb::parse_hex;
use crate::repo::Repo;

/// The full ref name `name` resolves to, by git's search order.
pub(crate) fn dwim_ref(repo: &Repo, name: &str) -> Res<Option<(String, ObjectId)>> {
    if name == "@" {
        return Ok(repo.head_id()?.map(|id| ("HEAD".to_string(), id)));
    }
    let candidates = [
        name.to_string(),
        format!("refs/{name}"),
        format!("refs/tags/{name}"),
        format!("refs/heads/{name}"),
        format!("refs/remotes/{name}"),
        format!("refs/remotes/{name}/HEAD"),
    ];
    for c in candidates {
        if c != "HEAD" && !c.starts_with("refs/") && !c.ends_with("HEAD") {
            continue;
        }
        if let Some(id) = repo.resolve_ref(&c)? {
            return Ok(Some((c, id)));
        }
    }
    Ok(None)
}

/// The object a revision names, or `None` when it names nothing.
pub(crate) fn resolve(repo: &Repo, spec: &str) -> Res<Option<ObjectId>> {
    // REV:path and :path
    if let Some(colon) = spec.find(':')
        && !spec.starts_with(":/")
    {
        let (rev, path) = (&spec[..colon], &spec[colon + 1..]);
        if rev.is_empty() {
            let index = Index::load(repo)?;
            let path = path.trim_start_matches("./");
            return Ok(index.get(path.as_bytes()).map(|e| e.id));
        }
        let Some(id) = resolve(repo, rev)? else {
            return Ok(None);
        };
        let tree = peel_to(repo, &id, Kind::Tree)?;
        if path.is_empty() {
            return Ok(Some(tree));
        }
        return tree_path(repo, &tree, path);
    }
    // Suffixes, from the right.
    let bytes = spec.as_bytes();
    if spec.ends_with('}')
        && let Some(open) = spec.rfind("^{")
    {
        let Some(base) = resolve(repo, &spec[..open])? else {
            return Ok(None);
        };
        let what = &spec[open + 2..spec.len() - 1];
        let kind = match what {
            "" => return Ok(Some(repo.peel(&base)?.1)),
            "commit" => Kind::Commit,
            "tree" => Kind::Tree,
            "blob" => Kind::Blob,
            "tag" => Kind::Tag,
            "object" => return Ok(Some(base)),
            _ => return Ok(None),
        };
        return peel_to(repo, &base, kind).map(Some);
    }
    let mut i = bytes.len();
    while i > 0 && bytes[i - 1].is_ascii_digit() {
        i -= 1;
    }
    if i > 0 && (bytes[i - 1] == b'~' || bytes[i - 1] == b'^') {
        let n: usize = if i == bytes.len() {
            1
        } else {
            spec[i..].parse().unwrap_or(usize::MAX)
        };
        let op = bytes[i - 1];
        let Some(base) = resolve(repo, &spec[..i - 1])? else {
            return Ok(None);
        };
        let mut id = peel_to(repo, &base, Kind::Commit)?;
        if op == b'^' {
            if n == 0 {
                return Ok(Some(id));
            }
            let c = repo.commit(&id)?;
            return Ok(c.parents.get(n - 1).copied());
        }
        for _ in 0..n {
            let c = repo.commit(&id)?;
            match c.parents.first() {
                Some(p) => id = *p,
                None => return Ok(None),
            }
        }
        return Ok(Some(id));
    }
    if spec.is_empty() {
        return Ok(None);
    }
    if let Some((_, id)) = dwim_ref(repo, spec)? {
        return Ok(Some(id));
    }
    if let Some(id) = parse_hex(spec)
        && repo.has_object(&id)
    {
        return Ok(Some(id));
    }
    if spec.len() >= 4 && spec.len() < 40 && spec.bytes().all(|b| b.is_ascii_hexdigit()) {
        let ids = repo.ids_with_prefix(spec)?;
        if ids.len() == 1 {
            return Ok(Some(ids[0]));
        }
        if ids.len() > 1 {
            return Err(Fail::Raw(
                format!(
                    "error: short object ID {spec} is ambiguous\nfatal: ambiguous argument '{spec}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'\n"
                ),
                128,
            ));
        }
    }
    Ok(None)
}

/// An object peeled (through tags, and from a commit to its tree) to `kind`.
pub(crate) fn peel_to(repo: &Repo, id: &ObjectId, kind: Kind) -> Res<ObjectId> {
    let (k, id) = if kind == Kind::Tag {
        (repo.object(id)?.0, *id)
    } else {
        repo.peel(id)?
    };
    if k == kind {
        return Ok(id);
    }
    if k == Kind::Commit && kind == Kind::Tree {
        return Ok(repo.commit(&id)?.tree);
    }
    Err(Fail::fatal(format!(
        "object {} is a {k}, not a {kind}",
        id.to_hex()
    )))
}

/// The entry at `path` in a tree.
pub(crate) fn tree_path(repo: &Repo, tree: &ObjectId, path: &str) -> Res<Option<ObjectId>> {
    let mut id = *tree;
    for comp in path
        .trim_end_matches('/')
        .split('/')
        .filter(|c| !c.is_empty())
    {
        let entries = match repo.object(&id)? {
            (Kind::Tree, _) => repo.tree(&id)?,
            _ => return Ok(None),
        };
        match entries.into_iter().find(|(n, _, _)| n == comp.as_bytes()) {
            Some((_, _, oid)) => id = oid,
            None => return Ok(None),
        }
    }
    Ok(Some(id))
}

/// A revision that must name a commit, or git's message for one that does not.
pub(crate) fn commit_or_die(repo: &Repo, spec: &str) -> Res<ObjectId> {
    match resolve(repo, spec)? {
        Some(id) => peel_to(repo, &id, Kind::Commit),
        None => Err(unknown_revision(spec)),
    }
}

pub(crate) fn unknown_revision(spec: &str) -> Fail {
    Fail::fatal(format!(
        "ambiguous argument '{spec}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'"
    ))
}
