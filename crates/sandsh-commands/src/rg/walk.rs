//! The walk: which files rg searches, in which order.
//!
//! As ripgrep: entries of a directory are visited sorted by name (`--sort path`); hidden
//! names (a leading `.`) are skipped unless `--hidden`; symbolic links are skipped unless
//! `-L`; explicit file operands are always searched. Ignore files are read from the VFS and
//! fed line by line to the `ignore` crate's `GitignoreBuilder` (which never touches the
//! host). Precedence follows the `ignore` crate's `Ignore::matched`: `-g` overrides first,
//! then ignore rules (a `.rgignore` match anywhere beats a `.ignore` one, which beats
//! `.gitignore`, which beats `.git/info/exclude`; within a kind the deepest directory wins),
//! then `-t`/`-T`, then hidden. `.gitignore` and `.git/info/exclude` count only inside a git
//! repository (a directory or ancestor holding `.git`), and only up to its root; ignore files
//! of the search root's parents count too.

use sandsh_api::os_str::OsStrExt;
use std::io::Read;
use std::path::{Path, PathBuf};

use ignore::Match;
use ignore::gitignore::Gitignore;

use crate::common::gitignore::read_ignore;
use sandsh_api::fs::FileType;
use sandsh_api::{InputDir, ToolCtx};

use super::options::Config;

/// A file to search: the path as printed, and its absolute VFS path.
pub struct Subject<'d> {
    pub shown: String,
    pub abs: PathBuf,
    /// Given on the command line (binary files are then searched, not skipped).
    pub explicit: bool,
    /// The directory the walk holds open, to open this file on by name.
    pub dir: Option<&'d dyn InputDir>,
}

impl Subject<'_> {
    /// The file opened on its directory's handle, as ripgrep opens it on its walk's
    /// descriptor; `None`: open it by path (which words any error).
    pub fn open_held(&self) -> Option<Box<dyn Read + Send>> {
        self.dir?.open(self.abs.file_name()?.as_bytes())
    }
}

/// Why the walk stopped early.
pub enum Stop {
    /// The callback is done (`-q` matched, the reader is gone): this status.
    Done(i32),
}

struct Level {
    has_git: bool,
    rg: Option<Gitignore>,
    ig: Option<Gitignore>,
    gi: Option<Gitignore>,
    exclude: Option<Gitignore>,
}

pub struct Walker<'c> {
    cfg: &'c Config,
    levels: Vec<Level>,
    /// Directories being walked (by inode) under `-L`, to stop at a link loop.
    active: Vec<u64>,
    pub errors: bool,
    /// An ignore file that cannot be honoured: the run stops (status 2) rather than search
    /// what it would exclude.
    fatal: Option<String>,
}

type Visit<'v> = dyn FnMut(&mut dyn ToolCtx, &Subject<'_>) -> Result<(), Stop> + 'v;

fn exists(ctx: &dyn ToolCtx, p: &Path) -> bool {
    ctx.backend().lstat(p).is_ok()
}

impl<'c> Walker<'c> {
    pub fn new(cfg: &'c Config) -> Walker<'c> {
        Walker {
            cfg,
            levels: Vec::new(),
            active: Vec::new(),
            errors: false,
            fatal: None,
        }
    }

    fn level(&mut self, ctx: &mut dyn ToolCtx, dir: &Path) -> Level {
        let has_git = exists(ctx, &dir.join(".git"));
        if self.cfg.no_ignore {
            return Level {
                has_git,
                rg: None,
                ig: None,
                gi: None,
                exclude: None,
            };
        }
        Level {
            has_git,
            rg: self.ignore_file(ctx, dir, ".rgignore"),
            ig: self.ignore_file(ctx, dir, ".ignore"),
            gi: self.ignore_file(ctx, dir, ".gitignore"),
            exclude: if has_git {
                self.ignore_file(ctx, dir, ".git/info/exclude")
            } else {
                None
            },
        }
    }

    fn ignore_file(&mut self, ctx: &mut dyn ToolCtx, dir: &Path, name: &str) -> Option<Gitignore> {
        match read_ignore(
            ctx,
            dir,
            &dir.join(name),
            "use --no-ignore to skip ignore files",
        ) {
            Ok(g) => g,
            Err(m) => {
                self.fatal.get_or_insert(m);
                None
            }
        }
    }

    /// Stops the walk when an ignore file could not be honoured.
    fn check_fatal(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        match self.fatal.take() {
            Some(m) => {
                let _ = writeln!(ctx.stderr(), "rg: {m}");
                Err(Stop::Done(2))
            }
            None => Ok(()),
        }
    }

    /// Whether the ignore files say `abs` is ignored (ignored, whitelisted, or neither).
    fn ignore_match(&self, abs: &Path, is_dir: bool) -> Match<()> {
        let any_git = self.levels.iter().any(|l| l.has_git);
        let (mut m_rg, mut m_ig, mut m_gi, mut m_ex) =
            (Match::None, Match::None, Match::None, Match::None);
        let mut saw_git = false;
        for l in self.levels.iter().rev() {
            let test = |g: &Option<Gitignore>| match g {
                Some(g) => match g.matched(abs, is_dir) {
                    Match::None => Match::None,
                    Match::Ignore(_) => Match::Ignore(()),
                    Match::Whitelist(_) => Match::Whitelist(()),
                },
                None => Match::None,
            };
            if m_rg.is_none() {
                m_rg = test(&l.rg);
            }
            if m_ig.is_none() {
                m_ig = test(&l.ig);
            }
            if any_git && !saw_git && m_gi.is_none() {
                m_gi = test(&l.gi);
            }
            if any_git && !saw_git && m_ex.is_none() {
                m_ex = test(&l.exclude);
            }
            saw_git = saw_git || l.has_git;
        }
        if !m_rg.is_none() {
            m_rg
        } else if !m_ig.is_none() {
            m_ig
        } else if !m_gi.is_none() {
            m_gi
        } else {
            m_ex
        }
    }

    /// Whether a walked entry (not an operand) is skipped.
    fn skip(&self, abs: &Path, name: &[u8], is_dir: bool) -> bool {
        let cfg = self.cfg;
        match cfg.overrides.matched(abs, is_dir) {
            Match::Ignore(_) => return true,
            Match::Whitelist(_) => return false,
            Match::None => {}
        }
        let mut whitelisted = false;
        match self.ignore_match(abs, is_dir) {
            Match::Ignore(_) => return true,
            Match::Whitelist(_) => whitelisted = true,
            Match::None => {}
        }
        match cfg.types.matched(abs, is_dir) {
            Match::Ignore(_) => return true,
            Match::Whitelist(_) => whitelisted = true,
            Match::None => {}
        }
        !whitelisted && !cfg.hidden && name.first() == Some(&b'.')
    }

    /// Walk one operand (`shown` as the user wrote it, or `./` for the implicit root).
    pub fn walk_root(
        &mut self,
        ctx: &mut dyn ToolCtx,
        shown: &str,
        visit: &mut Visit<'_>,
    ) -> Result<(), Stop> {
        let abs = if shown.is_empty() {
            ctx.cwd().to_path_buf()
        } else {
            ctx.resolve_path(shown)
        };
        let meta = match ctx.backend().stat(&abs) {
            Ok(m) => m,
            Err(e) => {
                let shown = if shown.is_empty() { "." } else { shown };
                self.error(
                    ctx,
                    &format!(
                        "{shown}: IO error for operation on {shown}: {}",
                        os_error(&e.to_string())
                    ),
                );
                return Ok(());
            }
        };
        if !meta.is_dir() {
            let s = Subject {
                shown: shown.to_string(),
                abs,
                explicit: true,
                dir: None,
            };
            return visit(ctx, &s);
        }
        // Ignore files of the root's parents, outermost first.
        self.levels.clear();
        if !self.cfg.no_ignore {
            let ancestors: Vec<PathBuf> = abs.ancestors().skip(1).map(Path::to_path_buf).collect();
            for dir in ancestors.iter().rev() {
                let l = self.level(ctx, dir);
                self.levels.push(l);
            }
            self.check_fatal(ctx)?;
        }
        self.active.clear();
        self.walk_dir(ctx, shown, &abs, 0, meta.ino, visit)
    }

    fn walk_dir(
        &mut self,
        ctx: &mut dyn ToolCtx,
        shown: &str,
        abs: &Path,
        depth: usize,
        ino: u64,
        visit: &mut Visit<'_>,
    ) -> Result<(), Stop> {
        if ctx.is_cancelled() {
            return Err(Stop::Done(130));
        }
        if self.cfg.max_depth.is_some_and(|d| depth >= d) {
            return Ok(());
        }
        if self.cfg.follow {
            if self.active.contains(&ino) {
                self.error(
                    ctx,
                    &format!("File system loop found: {shown} points to an ancestor"),
                );
                return Ok(());
            }
            self.active.push(ino);
        }
        let mut entries: Vec<(Vec<u8>, FileType)> = match ctx.backend().list(abs) {
            Ok(e) => e.into_iter().map(|e| (e.name, e.file_type)).collect(),
            Err(e) => {
                self.error(ctx, &format!("{shown}: {}", os_error(&e.to_string())));
                if self.cfg.follow {
                    self.active.pop();
                }
                return Ok(());
            }
        };
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let level = self.level(ctx, abs);
        self.levels.push(level);
        if let Err(stop) = self.check_fatal(ctx) {
            self.levels.pop();
            return Err(stop);
        }
        let res = self.walk_entries(ctx, shown, abs, depth, entries, visit);
        self.levels.pop();
        if self.cfg.follow {
            self.active.pop();
        }
        res
    }

    fn walk_entries(
        &mut self,
        ctx: &mut dyn ToolCtx,
        shown: &str,
        abs: &Path,
        depth: usize,
        entries: Vec<(Vec<u8>, FileType)>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Stop> {
        // The directory, held open once a regular file is met in it.
        let mut held: Option<Option<Box<dyn InputDir>>> = None;
        for (ename, etype) in entries {
            if ctx.is_cancelled() {
                return Err(Stop::Done(130));
            }
            let name = String::from_utf8_lossy(&ename).into_owned();
            let child_abs = abs.join(&name);
            let child_shown = if shown.is_empty() {
                name.clone()
            } else if shown.ends_with('/') {
                format!("{shown}{name}")
            } else {
                format!("{shown}/{name}")
            };
            let (ft, ino) = match etype {
                FileType::Symlink if self.cfg.follow => match ctx.backend().stat(&child_abs) {
                    Ok(m) => (m.file_type, m.ino),
                    Err(_) => continue,
                },
                FileType::Dir => match ctx.backend().lstat(&child_abs) {
                    Ok(m) => (m.file_type, m.ino),
                    Err(_) => continue,
                },
                t => (t, 0),
            };
            let is_dir = ft == FileType::Dir;
            if self.skip(&child_abs, &ename, is_dir) {
                continue;
            }
            match ft {
                FileType::Dir => {
                    self.walk_dir(ctx, &child_shown, &child_abs, depth + 1, ino, visit)?;
                }
                FileType::File => {
                    // Met as a file, not through a symlink.
                    let dir = if etype == FileType::File {
                        held.get_or_insert_with(|| ctx.open_input_dir(&abs.to_string_lossy()))
                            .as_deref()
                    } else {
                        None
                    };
                    let s = Subject {
                        shown: child_shown,
                        abs: child_abs,
                        explicit: false,
                        dir,
                    };
                    visit(ctx, &s)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn error(&mut self, ctx: &mut dyn ToolCtx, msg: &str) {
        self.errors = true;
        if !self.cfg.no_messages {
            let _ = writeln!(ctx.stderr(), "{msg}");
        }
    }
}

/// ripgrep words OS errors as Rust's `io::Error` display does: `No such file or directory
/// (os error 2)`.
pub fn os_error(msg: &str) -> String {
    let lower = msg.to_ascii_lowercase();
    if lower.contains("no such file") || lower.contains("not found") {
        "No such file or directory (os error 2)".into()
    } else if lower.contains("permission") {
        "Permission denied (os error 13)".into()
    } else if lower.contains("is a directory") {
        "Is a directory (os error 21)".into()
    } else {
        msg.to_string()
    }
}
