//! References as git keeps them: `HEAD` (symbolic or detached), loose refs under `refs/`,
//! `packed-refs`, and the reflogs (`logs/HEAD`, `logs/refs/…`) written beside each update.

use std::path::Path;

use gix_hash::ObjectId;

use crate::error::{Fail, Res};
use crate::ident::Ident;
use crate::odb::{SHA1, parse_hex};
use crate::repo::Repo;

/// What a reference file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RefValue {
    Id(ObjectId),
    Symbolic(String),
}

/// Where HEAD points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Head {
    /// On a branch (`refs/heads/main`), which may not exist yet.
    Branch(String),
    Detached(ObjectId),
}

impl Head {
    /// The branch's short name (`main`), when on one.
    pub fn branch(&self) -> Option<&str> {
        match self {
            Head::Branch(r) => Some(r.strip_prefix("refs/heads/").unwrap_or(r)),
            Head::Detached(_) => None,
        }
    }
}

fn parse_value(bytes: &[u8]) -> Option<RefValue> {
    let s = String::from_utf8_lossy(bytes);
    let s = s.trim_end();
    if let Some(t) = s.strip_prefix("ref:") {
        return Some(RefValue::Symbolic(t.trim().to_string()));
    }
    parse_hex(s.get(..40)?).map(RefValue::Id)
}

/// Whether `name` is a valid branch or tag name (git's `check-ref-format` rules).
pub(crate) fn valid_ref_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && !name.starts_with('/')
        && !name.ends_with('/')
        && !name.ends_with('.')
        && !name.ends_with(".lock")
        && !name.contains("..")
        && !name.contains("@{")
        && !name.contains("//")
        && name != "@"
        && !name
            .split('/')
            .any(|c| c.starts_with('.') || c.ends_with(".lock"))
        && !name
            .bytes()
            .any(|b| b < 0x20 || b == 0x7f || b" ~^:?*[\\".contains(&b))
}

impl Repo {
    fn packed_refs(&self) -> Res<Vec<(String, ObjectId)>> {
        let Some(data) = self.read_opt(&self.gpath("packed-refs"))? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for line in String::from_utf8_lossy(&data).lines() {
            if line.starts_with('#') || line.starts_with('^') {
                continue;
            }
            if let Some((id, name)) = line.split_once(' ')
                && let Some(id) = parse_hex(id)
            {
                out.push((name.to_string(), id));
            }
        }
        Ok(out)
    }

    /// The value of one reference, not followed.
    pub fn read_ref(&self, name: &str) -> Res<Option<RefValue>> {
        if let Some(bytes) = self.read_opt(&self.gpath(name))? {
            return Ok(parse_value(&bytes));
        }
        if name.starts_with("refs/") {
            return Ok(self
                .packed_refs()?
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, id)| RefValue::Id(id)));
        }
        Ok(None)
    }

    /// A reference followed to the object it names.
    pub fn resolve_ref(&self, name: &str) -> Res<Option<ObjectId>> {
        let mut name = name.to_string();
        for _ in 0..10 {
            match self.read_ref(&name)? {
                Some(RefValue::Id(id)) => return Ok(Some(id)),
                Some(RefValue::Symbolic(t)) => name = t,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    pub fn head(&self) -> Res<Head> {
        match self.read_ref("HEAD")? {
            Some(RefValue::Symbolic(t)) => Ok(Head::Branch(t)),
            Some(RefValue::Id(id)) => Ok(Head::Detached(id)),
            None => Err(Fail::fatal("bad HEAD")),
        }
    }

    /// The commit HEAD names, `None` on an unborn branch.
    pub fn head_id(&self) -> Res<Option<ObjectId>> {
        self.resolve_ref("HEAD")
    }

    /// Every reference under `prefix` (`refs/heads/`), sorted by name, loose ones over
    /// packed ones.
    pub fn refs(&self, prefix: &str) -> Res<Vec<(String, ObjectId)>> {
        let mut out: Vec<(String, ObjectId)> = Vec::new();
        let mut stack = vec!["refs".to_string()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = self.fs.list(&self.gpath(&dir)) else {
                continue;
            };
            for e in entries {
                let name = format!("{dir}/{}", String::from_utf8_lossy(&e.name));
                if e.file_type == sandsh_vfs::FileType::Dir {
                    stack.push(name);
                } else if name.starts_with(prefix)
                    && !name.ends_with(".lock")
                    && let Some(id) = self.resolve_ref(&name)?
                {
                    out.push((name, id));
                }
            }
        }
        for (n, id) in self.packed_refs()? {
            if n.starts_with(prefix) && !out.iter().any(|(m, _)| *m == n) {
                out.push((n, id));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// Point `name` at `id`, recording `msg` in its reflog (and HEAD's when HEAD is on it).
    pub fn update_ref(&self, name: &str, id: &ObjectId, who: &Ident, msg: &str) -> Res<()> {
        // HEAD on a branch updates the branch.
        let target = if name == "HEAD" {
            match self.read_ref("HEAD")? {
                Some(RefValue::Symbolic(t)) => t,
                _ => "HEAD".to_string(),
            }
        } else {
            name.to_string()
        };
        let old = self.resolve_ref(&target)?.unwrap_or(ObjectId::null(SHA1));
        self.write_file(
            &self.gpath(&target),
            format!("{}\n", id.to_hex()).as_bytes(),
        )?;
        self.reflog(&target, &old, id, who, msg)?;
        if target != "HEAD"
            && let Some(RefValue::Symbolic(h)) = self.read_ref("HEAD")?
            && h == target
        {
            self.reflog("HEAD", &old, id, who, msg)?;
        }
        Ok(())
    }

    /// Append a reflog line, as git does for branches, HEAD and (when they have one) others.
    pub fn reflog(
        &self,
        name: &str,
        old: &ObjectId,
        new: &ObjectId,
        who: &Ident,
        msg: &str,
    ) -> Res<()> {
        let log_all = self
            .config
            .bool("core.logAllRefUpdates")
            .unwrap_or(self.work.is_some());
        let path = self.git_dir.join("logs").join(name);
        let wanted = name == "HEAD"
            || name.starts_with("refs/heads/")
            || name.starts_with("refs/remotes/")
            || name == "refs/stash"
            || self.fs.stat(&path).is_ok();
        if !(wanted && (log_all || self.fs.stat(&path).is_ok())) {
            return Ok(());
        }
        if let Some(dir) = path.parent() {
            self.fs
                .mkdir(dir, 0o755, true)
                .map_err(|e| Fail::io("unable to create directory", dir, e))?;
        }
        let line = format!(
            "{} {} {}\t{}\n",
            old.to_hex(),
            new.to_hex(),
            who.header(),
            msg
        );
        self.fs
            .append(&path, line.as_bytes())
            .map_err(|e| Fail::io("unable to append to", &path, e))
    }

    /// Point HEAD at a branch (`refs/heads/x`) or detach it at an id.
    pub fn set_head(&self, head: &Head) -> Res<()> {
        let text = match head {
            Head::Branch(r) => format!("ref: {r}\n"),
            Head::Detached(id) => format!("{}\n", id.to_hex()),
        };
        self.write_file(&self.gpath("HEAD"), text.as_bytes())
    }

    /// Remove a reference (loose and packed) and its reflog.
    pub fn delete_ref(&self, name: &str) -> Res<()> {
        let p = self.gpath(name);
        if self.fs.stat(&p).is_ok() {
            self.fs
                .remove(&p, false)
                .map_err(|e| Fail::io("unable to remove", &p, e))?;
            prune_empty_dirs(self, p.parent(), "refs");
        }
        let packed = self.packed_refs()?;
        if packed.iter().any(|(n, _)| n == name) {
            let data = self
                .read_opt(&self.gpath("packed-refs"))?
                .unwrap_or_default();
            let text = String::from_utf8_lossy(&data);
            let mut out = String::new();
            let mut skip_peel = false;
            for line in text.lines() {
                if line.starts_with('^') && skip_peel {
                    continue;
                }
                skip_peel = false;
                if line.split_once(' ').is_some_and(|(_, n)| n == name) {
                    skip_peel = true;
                    continue;
                }
                out.push_str(line);
                out.push('\n');
            }
            self.write_file(&self.gpath("packed-refs"), out.as_bytes())?;
        }
        let log = self.git_dir.join("logs").join(name);
        if self.fs.stat(&log).is_ok() {
            let _ = self.fs.remove(&log, false);
            prune_empty_dirs(self, log.parent(), "logs/refs");
        }
        Ok(())
    }
}

/// Remove the directories left empty under `stop` (a path of the repository directory).
fn prune_empty_dirs(repo: &Repo, mut dir: Option<&Path>, stop: &str) {
    let stop_path = repo.gpath(stop);
    while let Some(d) = dir {
        if d == stop_path
            || !d.starts_with(&stop_path)
            || d.parent() == Some(&stop_path)
                && stop == "refs"
                && (d.ends_with("heads") || d.ends_with("tags"))
        {
            break;
        }
        if repo.fs.list(d).is_ok_and(|l| l.is_empty()) {
            let _ = repo.fs.remove(d, false);
            dir = d.parent();
        } else {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::valid_ref_name;

    #[test]
    fn ref_names_follow_check_ref_format() {
        assert!(valid_ref_name("feature/login"));
        assert!(valid_ref_name("v1.0"));
        assert!(!valid_ref_name("a..b"));
        assert!(!valid_ref_name("a b"));
        assert!(!valid_ref_name("-x"));
        assert!(!valid_ref_name("x.lock"));
        assert!(!valid_ref_name("a/.b"));
    }
}
