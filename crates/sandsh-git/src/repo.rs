//! The repository a command works on, found as git finds it (`.git` in the working directory
//! or a parent, a `.git` file naming the directory, or a bare repository), and the session it
//! runs in: every byte goes through the session's VFS ([`Git::fs`]), the environment is the
//! shell's exported variables, the clock is the session's.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sandsh_api::ToolCtx;
use sandsh_vfs::{KernelBackend, VfsError, WriteMode};

use crate::config::Config;
use crate::error::{Fail, Res};

/// One `git` invocation: the command's context and what the global options set.
pub(crate) struct Git<'a> {
    pub ctx: &'a mut dyn ToolCtx,
    pub fs: Arc<dyn KernelBackend>,
    /// The working directory (after `-C`).
    pub cwd: PathBuf,
    /// `-c name=value` settings, in order.
    pub overrides: Vec<(String, Option<String>)>,
    /// `--git-dir`, `--work-tree` (or `GIT_DIR`, `GIT_WORK_TREE`).
    pub git_dir: Option<PathBuf>,
    pub work_tree: Option<PathBuf>,
    /// `log --graph` of a linear history: the prefix each output line gets.
    pub graph: Option<GraphPrefix>,
}

/// The column `log --graph` draws for a linear history: `* ` before a commit's first
/// line, then `| ` (or two spaces after a root commit) before each other line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GraphPrefix {
    pub first: bool,
    pub at_start: bool,
    pub rest: &'static [u8],
}

/// An opened repository.
pub(crate) struct Repo {
    pub fs: Arc<dyn KernelBackend>,
    pub git_dir: PathBuf,
    /// The working tree's root; `None` for a bare repository.
    pub work: Option<PathBuf>,
    /// The working directory relative to the working tree's root, `""` at the root, else
    /// ending in `/` (git's "prefix").
    pub prefix: String,
    pub config: Config,
    pub packs: crate::odb::Packs,
}

impl<'a> Git<'a> {
    pub fn new(ctx: &'a mut dyn ToolCtx) -> Git<'a> {
        let fs = ctx.backend().clone();
        let cwd = ctx.cwd().to_path_buf();
        Git {
            ctx,
            fs,
            cwd,
            overrides: Vec::new(),
            git_dir: None,
            work_tree: None,
            graph: None,
        }
    }

    /// An exported variable of the session, as text.
    pub fn env(&self, name: &str) -> Option<String> {
        self.ctx
            .env()
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| String::from_utf8_lossy(&v).into_owned())
    }

    /// A path as the user gave it, made absolute against the working directory.
    pub fn abs(&self, p: &str) -> PathBuf {
        sandsh_vfs::normalize(&self.cwd, Path::new(p))
    }

    /// Stop if the run was cancelled.
    pub fn check(&self) -> Res<()> {
        if self.ctx.is_cancelled() {
            Err(Fail::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Write to standard output.
    pub fn out(&mut self, bytes: &[u8]) -> Res<()> {
        if let Some(gp) = self.graph.as_mut() {
            let mut buf = Vec::with_capacity(bytes.len() + 16);
            for &b in bytes {
                if gp.at_start {
                    if gp.first {
                        buf.extend_from_slice(b"* ");
                        gp.first = false;
                    } else {
                        buf.extend_from_slice(gp.rest);
                    }
                    gp.at_start = false;
                }
                buf.push(b);
                gp.at_start = b == b'\n';
            }
            return std::io::Write::write_all(self.ctx.stdout(), &buf).map_err(|_| Fail::Pipe);
        }
        std::io::Write::write_all(self.ctx.stdout(), bytes).map_err(|_| Fail::Pipe)
    }

    pub fn outs(&mut self, s: &str) -> Res<()> {
        self.out(s.as_bytes())
    }

    /// Write to standard error (what cannot be written is lost, as git's would be).
    pub fn err(&mut self, s: &str) {
        let _ = std::io::Write::flush(self.ctx.stdout());
        let _ = std::io::Write::write_all(self.ctx.stderr(), s.as_bytes());
    }

    /// Find and open the repository, as git does for any command that needs one.
    pub fn open(&mut self) -> Res<Repo> {
        let env_dir = self.env("GIT_DIR");
        let env_work = self.env("GIT_WORK_TREE");
        let explicit = self
            .git_dir
            .clone()
            .or_else(|| env_dir.map(|d| self.abs(&d)));
        let (git_dir, work) = match explicit {
            Some(d) => {
                if !is_git_dir(&*self.fs, &d) {
                    return Err(Fail::fatal(format!(
                        "not a git repository: '{}'",
                        d.display()
                    )));
                }
                let work = self
                    .work_tree
                    .clone()
                    .or_else(|| env_work.map(|w| self.abs(&w)))
                    .or_else(|| Some(self.cwd.clone()));
                (d, work)
            }
            None => self.discover()?,
        };
        let mut config = Config::load(self, Some(&git_dir))?;
        let bare = config.bool("core.bare").unwrap_or(false);
        let work = if bare && self.work_tree.is_none() {
            None
        } else {
            self.work_tree.clone().or(work)
        };
        let prefix = match &work {
            Some(w) => match self.cwd.strip_prefix(w) {
                Ok(rel) if rel.as_os_str().is_empty() => String::new(),
                Ok(rel) => format!("{}/", rel.display()),
                Err(_) => String::new(),
            },
            None => String::new(),
        };
        config.repo_loaded = true;
        Ok(Repo {
            fs: self.fs.clone(),
            git_dir,
            work,
            prefix,
            config,
            packs: Default::default(),
        })
    }

    /// Walk up from the working directory looking for `.git` (a directory, or a file naming
    /// one) or a bare repository.
    fn discover(&self) -> Res<(PathBuf, Option<PathBuf>)> {
        let mut dir = self.cwd.clone();
        loop {
            let dot = dir.join(".git");
            match self.fs.stat(&dot) {
                Ok(m) if m.is_dir() && is_git_dir(&*self.fs, &dot) => {
                    return Ok((dot, Some(dir)));
                }
                Ok(m) if m.is_file() => {
                    let text = self
                        .fs
                        .read(&dot, None)
                        .map_err(|e| Fail::io("unable to read", &dot, e))?;
                    let text = String::from_utf8_lossy(&text);
                    let Some(target) = text.trim_end().strip_prefix("gitdir: ") else {
                        return Err(Fail::fatal(format!(
                            "invalid gitfile format: {}",
                            dot.display()
                        )));
                    };
                    let gd = sandsh_vfs::normalize(&dir, Path::new(target));
                    return Ok((gd, Some(dir)));
                }
                _ => {}
            }
            if is_git_dir(&*self.fs, &dir) {
                return Ok((dir, None));
            }
            if !dir.pop() {
                break;
            }
        }
        Err(Fail::fatal(
            "not a git repository (or any of the parent directories): .git",
        ))
    }
}

/// Whether `dir` holds a repository (`HEAD`, `objects/`, `refs/`).
pub(crate) fn is_git_dir(fs: &dyn KernelBackend, dir: &Path) -> bool {
    fs.stat(&dir.join("HEAD")).is_ok_and(|m| m.is_file())
        && fs.stat(&dir.join("objects")).is_ok_and(|m| m.is_dir())
        && fs.stat(&dir.join("refs")).is_ok_and(|m| m.is_dir())
}

impl Repo {
    /// The working tree, or git's error for a command that needs one.
    pub fn work(&self, what: &str) -> Res<&Path> {
        self.work
            .as_deref()
            .ok_or_else(|| Fail::fatal(format!("this operation must be run in a work tree{what}")))
    }

    /// A file of the repository directory.
    pub fn gpath(&self, rel: &str) -> PathBuf {
        self.git_dir.join(rel)
    }

    pub fn read_opt(&self, p: &Path) -> Res<Option<Vec<u8>>> {
        read_opt(&*self.fs, p)
    }

    /// Write `data` to `p` as git does: into `p.lock`, then renamed over `p`.
    pub fn write_file(&self, p: &Path, data: &[u8]) -> Res<()> {
        write_locked(&*self.fs, p, data, 0o644)
    }

    /// A repository-relative path (`a/b`) as an absolute VFS path in the working tree.
    pub fn wpath(&self, rel: &[u8]) -> Res<PathBuf> {
        let w = self.work("")?;
        Ok(if rel.is_empty() {
            w.to_path_buf()
        } else {
            w.join(String::from_utf8_lossy(rel).as_ref())
        })
    }

    /// What the user typed (relative to the working directory) as a repository-relative
    /// path, or git's error when it lies outside the working tree.
    pub fn relpath(&self, cwd: &Path, user: &str) -> Res<String> {
        let w = self.work("")?;
        let abs = sandsh_vfs::normalize(cwd, Path::new(user));
        match abs.strip_prefix(w) {
            Ok(r) => Ok(r.to_string_lossy().into_owned()),
            Err(_) => Err(Fail::fatal(format!(
                "{user}: '{user}' is outside repository at '{}'",
                w.display()
            ))),
        }
    }

    /// A repository-relative path as git shows it to a user in a subdirectory (`../a`).
    pub fn display(&self, rel: &str) -> String {
        relative_to(rel, &self.prefix)
    }
}

/// `path` (repository-relative) as seen from the directory `prefix` (ending in `/`, or empty).
pub(crate) fn relative_to(path: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return path.to_string();
    }
    let p: Vec<&str> = prefix.trim_end_matches('/').split('/').collect();
    let t: Vec<&str> = path.split('/').collect();
    let common = p.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out = String::new();
    for _ in common..p.len() {
        out.push_str("../");
    }
    out.push_str(&t[common..].join("/"));
    if out.is_empty() {
        out.push_str("./");
    }
    out
}

pub(crate) fn read_opt(fs: &dyn KernelBackend, p: &Path) -> Res<Option<Vec<u8>>> {
    match fs.read(p, None) {
        Ok(d) => Ok(Some(d)),
        Err(VfsError::NotFound) | Err(VfsError::NotADirectory) => Ok(None),
        Err(e) => Err(Fail::io("unable to read", p, e)),
    }
}

pub(crate) fn write_locked(fs: &dyn KernelBackend, p: &Path, data: &[u8], mode: u32) -> Res<()> {
    if let Some(parent) = p.parent() {
        fs.mkdir(parent, 0o755, true)
            .map_err(|e| Fail::io("unable to create directory", parent, e))?;
    }
    let mut lock = p.as_os_str().to_owned();
    lock.push(".lock");
    let lock = PathBuf::from(lock);
    fs.write(&lock, data, WriteMode::CreateNew, mode)
        .map_err(|e| match e {
            VfsError::AlreadyExists => Fail::fatal(format!(
                "Unable to create '{}': File exists.\n\nAnother git process seems to be running in this repository, or the lock file may be stale",
                lock.display()
            )),
            e => Fail::io("unable to write", &lock, e),
        })?;
    fs.rename(&lock, p).map_err(|e| {
        let _ = fs.remove(&lock, false);
        Fail::io("unable to rename", &lock, e)
    })
}

#[cfg(test)]
mod tests {
    use super::relative_to;

    #[test]
    fn paths_relative_to_the_working_directory() {
        assert_eq!(relative_to("a/b", ""), "a/b");
        assert_eq!(relative_to("a/b", "a/"), "b");
        assert_eq!(relative_to("c", "a/"), "../c");
        assert_eq!(relative_to("a/x/y", "a/b/"), "../x/y");
    }
}
