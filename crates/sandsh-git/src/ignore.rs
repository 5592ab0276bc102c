//! Ignore rules: `.gitignore` in every directory of the working tree, `.git/info/exclude` and
//! `core.excludesFile` (default `$XDG_CONFIG_HOME/git/ignore`), with git's precedence: the
//! deepest `.gitignore` first, then `info/exclude`, then the global file; within one file the
//! last matching pattern decides, and a directory that is ignored hides everything in it.
//! Patterns are parsed and matched by `gix-ignore`/`gix-glob`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bstr::ByteSlice;
use gix_glob::Pattern;
use sandsh_vfs::KernelBackend;

use crate::error::Res;
use crate::repo::{Git, Repo, read_opt};

/// One file's patterns and the directory they apply under (repository-relative, `""` for
/// the root and for the non-`.gitignore` files).
struct List {
    base: Vec<u8>,
    patterns: Vec<Pattern>,
}

pub(crate) struct Ignores {
    fs: Arc<dyn KernelBackend>,
    work: PathBuf,
    /// `info/exclude` then `core.excludesFile`: checked in this order after the directories.
    files: Vec<List>,
    dirs: HashMap<Vec<u8>, List>,
}

/// The result of matching one path: ignored, and by which pattern (for `check-ignore -v`).
pub(crate) struct Hit {
    pub ignored: bool,
}

fn parse(bytes: &[u8], base: &[u8]) -> List {
    List {
        base: base.to_vec(),
        patterns: gix_ignore::parse(bytes, false).map(|(p, _, _)| p).collect(),
    }
}

impl List {
    /// The last pattern of this list matching `path` (repository-relative).
    fn matching(&self, path: &[u8], is_dir: bool) -> Option<&Pattern> {
        let rel = if self.base.is_empty() {
            path
        } else {
            let b = &self.base;
            if path.len() > b.len() && path.starts_with(b) && path[b.len()] == b'/' {
                &path[b.len() + 1..]
            } else {
                return None;
            }
        };
        let basename = rel.rfind_byte(b'/').map(|p| p + 1);
        self.patterns.iter().rev().find(|p| {
            p.matches_repo_relative_path(
                rel.as_bstr(),
                basename,
                Some(is_dir),
                gix_glob::pattern::Case::Sensitive,
                gix_glob::wildmatch::Mode::NO_MATCH_SLASH_LITERAL,
            )
        })
    }
}

impl Ignores {
    pub fn new(g: &Git, repo: &Repo) -> Res<Ignores> {
        let work = repo.work.clone().unwrap_or_else(|| repo.git_dir.clone());
        let mut files = Vec::new();
        if let Some(b) = read_opt(&*repo.fs, &repo.gpath("info/exclude"))? {
            files.push(parse(&b, b""));
        }
        let global = match repo.config.get("core.excludesFile") {
            Some(p) => Some(expand_home(g, &p)),
            None => g
                .env("XDG_CONFIG_HOME")
                .filter(|x| !x.is_empty())
                .map(|x| Path::new(&x).join("git/ignore"))
                .or_else(|| {
                    g.env("HOME")
                        .map(|h| Path::new(&h).join(".config/git/ignore"))
                }),
        };
        if let Some(p) = global
            && let Some(b) = read_opt(&*repo.fs, &p)?
        {
            files.push(parse(&b, b""));
        }
        Ok(Ignores {
            fs: repo.fs.clone(),
            work,
            files,
            dirs: HashMap::new(),
        })
    }

    fn load_dir(&mut self, dir: &[u8]) {
        if self.dirs.contains_key(dir) {
            return;
        }
        let mut p = self.work.clone();
        if !dir.is_empty() {
            p.push(dir.to_str_lossy().as_ref());
        }
        p.push(".gitignore");
        let list = match self.fs.read(&p, None) {
            Ok(b) => parse(&b, dir),
            Err(_) => List {
                base: dir.to_vec(),
                patterns: Vec::new(),
            },
        };
        self.dirs.insert(dir.to_vec(), list);
    }

    /// Whether `path` itself matches, given that its parent directories are not ignored.
    fn matches_here(&mut self, path: &[u8], is_dir: bool) -> Hit {
        // The directories holding `path`, deepest first.
        let mut dirs: Vec<Vec<u8>> = Vec::new();
        let mut d = path.to_vec();
        while let Some(slash) = d.rfind_byte(b'/') {
            d.truncate(slash);
            dirs.push(d.clone());
        }
        dirs.push(Vec::new());
        for dir in &dirs {
            self.load_dir(dir);
            if let Some(list) = self.dirs.get(dir)
                && let Some(p) = list.matching(path, is_dir)
            {
                return Hit {
                    ignored: !p.is_negative(),
                };
            }
        }
        for list in &self.files {
            if let Some(p) = list.matching(path, is_dir) {
                return Hit {
                    ignored: !p.is_negative(),
                };
            }
        }
        Hit { ignored: false }
    }

    /// Whether `path` (repository-relative) is ignored, counting ignored parent directories.
    pub fn is_ignored(&mut self, path: &[u8], is_dir: bool) -> bool {
        let mut at = 0;
        while let Some(off) = path[at..].find_byte(b'/') {
            let dir = &path[..at + off];
            if self.matches_here(dir, true).ignored {
                return true;
            }
            at += off + 1;
        }
        self.matches_here(path, is_dir).ignored
    }

    /// Whether `path` is ignored when its parents are known not to be (a walk that does not
    /// descend into ignored directories asks this).
    pub fn is_ignored_in_walk(&mut self, path: &[u8], is_dir: bool) -> bool {
        self.matches_here(path, is_dir).ignored
    }
}

fn expand_home(g: &Git, p: &str) -> PathBuf {
    match p.strip_prefix("~/") {
        Some(rest) => Path::new(&g.env("HOME").unwrap_or_default()).join(rest),
        None => g.abs(p),
    }
}
