//! The walk: reading directories (tree's `getinfo`/`read_dir`), the full tree read ahead for
//! `--du`, `--prune` and `--matchdirs` (`getfulltree`), and the listing (`listdir`), each in
//! tree 2.1.0's order so that the listing calls of [`super::format`] write its bytes.
//!
//! tree recurses; this walk keeps explicit stacks (one frame a level, the current path in one
//! shared buffer), so a tree 10,000 levels deep costs no native stack and no quadratic copies
//! of its path, and every entry checks cancellation.

use std::collections::HashSet;

use sandsh_api::ToolCtx;
use sandsh_api::fs::FileType;

use super::format::{Info, Out, strverscmp};
use super::{Cfg, Format, MAX_DEPTH, SortBy};
use crate::common::time_format::split_time;

#[derive(Default, Clone, Copy)]
pub struct Totals {
    pub dirs: u64,
    pub files: u64,
    pub size: u64,
}

impl std::ops::AddAssign for Totals {
    fn add_assign(&mut self, o: Totals) {
        self.dirs += o.dirs;
        self.files += o.files;
        self.size += o.size;
    }
}

/// Why a walk stopped early.
pub enum Stop {
    Cancelled,
    /// Too deep, or an ignore file that cannot be honoured (the message, without `tree: `).
    Fatal(String),
}

/// An [`Info`] from metadata (tree's `stat2info` for an operand, half of `getinfo`).
pub fn stat2info(m: &sandsh_api::fs::Metadata, name: &[u8]) -> Info {
    Info {
        name: name.to_vec(),
        ftype: Some(m.file_type),
        mode: m.mode & 0o7777,
        uid: m.uid,
        gid: m.gid,
        size: m.size,
        inode: m.ino,
        linode: m.ino,
        mtime: split_time(m.mtime).0,
        ctime: split_time(m.ctime).0,
        isdir: m.file_type == FileType::Dir,
        ..Info::default()
    }
}

/// The device number `stat` gives the mount holding `path` (glibc's `makedev`).
pub fn dev_number(ctx: &dyn ToolCtx, path: &str) -> u64 {
    let (major, minor) = crate::common::devices::device_of(ctx, path);
    let (major, minor) = (u64::from(major), u64::from(minor));
    ((major & 0xffff_f000) << 32)
        | ((major & 0xfff) << 8)
        | ((minor & 0xffff_ff00) << 12)
        | (minor & 0xff)
}

/// `dir/name` as tree joins them (no second slash after a trailing one).
pub fn join(dir: &str, name: &[u8]) -> String {
    let name = String::from_utf8_lossy(name);
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

pub struct Walk<'c> {
    c: &'c Cfg,
    /// Directories seen (tree's inode table: a followed link to one is not followed again).
    inodes: HashSet<u64>,
    /// tree's `errors` (directories that could not be opened or were too big).
    pub errors: u64,
    #[cfg(feature = "rg")]
    ignores: Vec<Option<ignore::gitignore::Gitignore>>,
    fatal: Option<String>,
}

/// Per-frame state of the listing.
struct Frame {
    items: Vec<Info>,
    k: usize,
    lev: usize,
    /// The frame's directory is `path[..dir_end]`.
    dir_end: usize,
    /// The path to restore when this frame came through an absolute symlink.
    saved: Option<String>,
    tot: Totals,
    /// The entry being listed below: whether it needs closing, was descended into, its tag,
    /// whether an ignore file was pushed for it.
    pending: Option<(bool, bool, &'static str, bool)>,
}

/// Per-frame state of the full-tree read.
struct BFrame {
    items: Vec<Info>,
    k: usize,
    lev: usize,
    dir_end: usize,
    saved: Option<String>,
    /// What the directory adds to its entry's size (`--du`).
    size: u64,
    ig: bool,
}

/// What opening a directory for the full tree gave.
enum Opened {
    Done(Option<Vec<Info>>, Option<String>),
    Frame(BFrame),
}

impl<'c> Walk<'c> {
    pub fn new(c: &'c Cfg) -> Walk<'c> {
        Walk {
            c,
            inodes: HashSet::new(),
            errors: 0,
            #[cfg(feature = "rg")]
            ignores: Vec::new(),
            fatal: None,
        }
    }

    pub fn save_ino(&mut self, ino: u64) {
        self.inodes.insert(ino);
    }

    /// Pushes `dir`'s `.gitignore` (tree's `push_files`); whether anything was pushed.
    pub fn push_files(&mut self, ctx: &mut dyn ToolCtx, dir: &str) -> bool {
        #[cfg(feature = "rg")]
        if self.c.gitignore {
            let abs = ctx.resolve_path(dir);
            let g = crate::common::gitignore::read_ignore(
                ctx,
                &abs,
                &abs.join(".gitignore"),
                "leave out --gitignore to skip ignore files",
            );
            let g = match g {
                Ok(g) => g,
                Err(m) => {
                    self.fatal.get_or_insert(m);
                    None
                }
            };
            self.ignores.push(g);
            return true;
        }
        let _ = (ctx, dir);
        false
    }

    /// Pushes an ignore file read at the start (`$GIT_DIR/info/exclude`).
    #[cfg(feature = "rg")]
    pub fn push_exclude(&mut self, ctx: &mut dyn ToolCtx, file: &str) {
        let abs = ctx.resolve_path(file);
        let root = abs
            .parent()
            .and_then(|p| p.parent())
            .and_then(|p| p.parent())
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default();
        if let Ok(g) = crate::common::gitignore::read_ignore(ctx, &root, &abs, "") {
            self.ignores.push(g);
        }
    }

    pub fn pop_files(&mut self, pushed: bool) {
        #[cfg(feature = "rg")]
        if pushed {
            self.ignores.pop();
        }
        let _ = pushed;
    }

    /// Whether the ignore files drop `path` (the deepest file with a say decides, as git).
    fn filtered(&self, ctx: &dyn ToolCtx, path: &str, isdir: bool) -> bool {
        #[cfg(feature = "rg")]
        if self.c.gitignore {
            let abs = ctx.resolve_path(path);
            for g in self.ignores.iter().rev().flatten() {
                match g.matched(&abs, isdir) {
                    ignore::Match::Ignore(_) => return true,
                    ignore::Match::Whitelist(_) => return false,
                    ignore::Match::None => {}
                }
            }
        }
        let _ = (ctx, path, isdir);
        false
    }

    fn check(&mut self, ctx: &dyn ToolCtx) -> Result<(), Stop> {
        if ctx.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        match self.fatal.take() {
            Some(m) => Err(Stop::Fatal(m)),
            None => Ok(()),
        }
    }

    /// tree's `getinfo()`: the entry `name` at `path`, or `None` when it is filtered out.
    fn getinfo(&self, ctx: &dyn ToolCtx, name: &[u8], path: &str, use_only: bool) -> Option<Info> {
        let c = self.c;
        let abs = ctx.resolve_path(path);
        let lst = ctx.backend().lstat(&abs).ok()?;
        let mut e = stat2info(&lst, name);
        if lst.is_symlink() {
            let st = ctx.backend().stat(&abs).ok();
            e.isdir = st.as_ref().is_some_and(|s| s.is_dir());
            if let Some(st) = &st {
                e.inode = st.ino;
            }
            e.lnk = Some(match ctx.backend().read_link(&abs) {
                Ok(t) => t.to_string_lossy().into_owned(),
                Err(_) => {
                    e.isdir = false;
                    "[Error reading symbolic link information]".into()
                }
            });
            e.lnk_type = st.map(|s| (s.file_type, s.mode & 0o7777));
        }
        if c.device {
            e.dev = dev_number(ctx, path);
        }
        if self.filtered(ctx, path, e.isdir) {
            return None;
        }
        let real_dir = lst.is_dir() || (c.follow && e.isdir);
        if !real_dir && use_only && !c.only.is_empty() && !c.matches_only(name, e.isdir) {
            return None;
        }
        if c.matches_ignore(name, e.isdir) {
            return None;
        }
        if c.dirs_only && !e.isdir {
            return None;
        }
        Some(e)
    }

    /// tree's `read_dir()`: the entries listed, `Err` when `dir` cannot be opened.
    pub fn read_dir(&self, ctx: &dyn ToolCtx, dir: &str, use_only: bool) -> Result<Vec<Info>, ()> {
        let abs = ctx.resolve_path(dir);
        let list = ctx.backend().list_with_metadata(&abs).map_err(|_| ())?;
        let mut out = Vec::new();
        for (n, (e, _)) in list.into_iter().enumerate() {
            if n % 1024 == 1023 && ctx.is_cancelled() {
                break;
            }
            if e.name == b"." || e.name == b".." || (!self.c.all && e.name.first() == Some(&b'.')) {
                continue;
            }
            let path = join(dir, &e.name);
            if let Some(i) = self.getinfo(ctx, &e.name, &path, use_only) {
                out.push(i);
            }
        }
        Ok(out)
    }

    /// Orders entries as the options say (tree's `topsort` over `basesort`).
    pub fn sort(&self, items: &mut [Info]) {
        let c = self.c;
        if c.sort == SortBy::None && !c.dirsfirst && !c.filesfirst {
            return;
        }
        let base = |a: &Info, b: &Info| {
            use std::cmp::Ordering::Equal;
            let name = || a.name.cmp(&b.name);
            let v = match c.sort {
                SortBy::None => Equal,
                SortBy::Name => name(),
                SortBy::Version => strverscmp(&a.name, &b.name),
                SortBy::Size => b.size.cmp(&a.size).then_with(name),
                SortBy::Mtime => a.mtime.cmp(&b.mtime).then_with(name),
                SortBy::Ctime => a.ctime.cmp(&b.ctime).then_with(name),
            };
            if c.reverse { v.reverse() } else { v }
        };
        items.sort_by(|a, b| {
            if (c.dirsfirst || c.filesfirst) && a.isdir != b.isdir {
                return if a.isdir == c.dirsfirst {
                    std::cmp::Ordering::Less
                } else {
                    std::cmp::Ordering::Greater
                };
            }
            base(a, b)
        });
    }

    /// The last `lev` components of `d` (tree's path relative to the listed directory, for
    /// `--matchdirs`).
    fn rel_path(d: &str, lev: usize) -> &str {
        if lev == 0 {
            return "";
        }
        let mut left = lev;
        for (i, b) in d.bytes().enumerate().rev() {
            if b == b'/' {
                left -= 1;
                if left == 0 {
                    return &d[i + 1..];
                }
            }
        }
        d
    }

    fn open_full(&mut self, ctx: &mut dyn ToolCtx, path: &str, lev: usize) -> Opened {
        let c = self.c;
        if c.level.is_some_and(|l| lev >= l) {
            return Opened::Done(None, None);
        }
        let mut use_only = true;
        if c.matchdirs && !c.only.is_empty() {
            let rel = Self::rel_path(path, lev);
            if !rel.is_empty() && c.matches_only(rel.as_bytes(), true) {
                use_only = false;
            }
        }
        let ig = self.push_files(ctx, path);
        let items = match self.read_dir(ctx, path, use_only) {
            Ok(v) => v,
            Err(()) => {
                self.pop_files(ig);
                return Opened::Done(None, Some("error opening dir".into()));
            }
        };
        if items.is_empty() {
            self.pop_files(ig);
            return Opened::Done(None, None);
        }
        if c.filelimit > 0 && items.len() > c.filelimit {
            self.pop_files(ig);
            let msg = format!("{} entries exceeds filelimit, not opening dir", items.len());
            return Opened::Done(None, Some(msg));
        }
        Opened::Frame(BFrame {
            items,
            k: 0,
            lev,
            dir_end: path.len(),
            saved: None,
            size: 0,
            ig,
        })
    }

    /// tree's `getfulltree()`: the entries under `root`, read ahead and pruned, with
    /// directory sizes summed into `size` (`--du`).
    pub fn full_tree(
        &mut self,
        ctx: &mut dyn ToolCtx,
        root: &str,
        size: &mut u64,
    ) -> Result<(Option<Vec<Info>>, Option<String>), Stop> {
        let c = self.c;
        let mut path = root.to_string();
        let mut stack = match self.open_full(ctx, &path, 0) {
            Opened::Done(v, e) => return Ok((v, e)),
            Opened::Frame(f) => vec![f],
        };
        // A finished child: (entries, error, size to add).
        let mut done: Option<(Option<Vec<Info>>, Option<String>, u64)> = None;
        loop {
            self.check(ctx)?;
            let Some(top) = stack.last_mut() else {
                return Ok((None, None));
            };
            if let Some((child, err, add)) = done.take() {
                let e = &mut top.items[top.k];
                e.child = child;
                if err.is_some() {
                    e.err = err;
                }
                e.size += add;
                if c.prune
                    && e.child.is_none()
                    && !(c.matchdirs && !c.only.is_empty() && c.matches_only(&e.name, e.isdir))
                {
                    e.pruned = true;
                } else if c.du {
                    top.size += e.size;
                }
                top.k += 1;
                continue;
            }
            if top.k >= top.items.len() {
                let mut f = stack.pop().expect("a frame");
                f.items.retain(|e| !e.pruned);
                self.sort(&mut f.items);
                self.pop_files(f.ig);
                if let Some(s) = f.saved.take() {
                    path = s;
                }
                let items = (!f.items.is_empty()).then_some(f.items);
                if stack.is_empty() {
                    *size += f.size;
                    return Ok((items, None));
                }
                done = Some((items, None, f.size));
                continue;
            }
            path.truncate(top.dir_end);
            let (lev, dir_end) = (top.lev, top.dir_end);
            let e = &mut top.items[top.k];
            if !e.isdir {
                if c.du {
                    top.size += e.size;
                }
                top.k += 1;
                continue;
            }
            let mut saved = None;
            match &e.lnk {
                Some(l) => {
                    if !c.follow {
                        done = Some((None, None, 0));
                        continue;
                    }
                    if self.inodes.contains(&e.inode) {
                        e.err = Some("recursive, not followed".into());
                        done = Some((None, None, 0));
                        continue;
                    }
                    self.inodes.insert(e.inode);
                    if l.starts_with('/') {
                        saved = Some(std::mem::replace(&mut path, l.clone()));
                    } else {
                        if !(c.full && &path[..dir_end] == "/") {
                            path.push('/');
                        }
                        path.push_str(l);
                    }
                }
                None => {
                    if !(c.full && &path[..dir_end] == "/") {
                        path.push('/');
                    }
                    path.push_str(&String::from_utf8_lossy(&e.name));
                    self.inodes.insert(e.inode);
                }
            }
            if lev + 1 > MAX_DEPTH {
                return Err(Stop::Fatal(format!(
                    "{path}: directory tree deeper than {MAX_DEPTH} levels is not supported"
                )));
            }
            match self.open_full(ctx, &path, lev + 1) {
                Opened::Done(v, err) => {
                    if let Some(s) = saved {
                        path = s;
                    }
                    done = Some((v, err, 0));
                }
                Opened::Frame(mut f) => {
                    f.saved = saved;
                    stack.push(f);
                }
            }
        }
    }

    /// tree's `listdir()`: lists `items`, the entries of `dir` at level `lev` (1 below an
    /// operand), through the listing calls.
    pub fn listdir(
        &mut self,
        ctx: &mut dyn ToolCtx,
        out: &mut Out<'_>,
        dir: &str,
        items: Vec<Info>,
        full: bool,
    ) -> Result<Totals, Stop> {
        let c = self.c;
        let mut path = dir.to_string();
        let mut stack = vec![self.frame(out, items, 1, path.len())];
        loop {
            self.check(ctx)?;
            if !c.to_file && out.buf.len() > crate::common::input::CHUNK {
                let _ = crate::common::output::out(ctx, &out.buf);
                out.buf.clear();
            }
            let Some(top) = stack.last_mut() else {
                return Ok(Totals::default());
            };
            if let Some((needsclosed, descend, tag, ig)) = top.pending.take() {
                let (k, lev, len) = (top.k, top.lev, top.items.len());
                let has_next = k + 1 < len;
                if needsclosed {
                    out.close(tag, if descend { lev as i64 } else { -1 }, has_next);
                }
                if has_next && k + 2 == len {
                    out.set_dirs(lev, 2);
                }
                top.tot.size += top.items[k].size;
                top.k += 1;
                self.pop_files(ig);
                continue;
            }
            if top.k >= top.items.len() {
                let f = stack.pop().expect("a frame");
                out.set_dirs(f.lev, 0);
                if let Some(s) = f.saved {
                    path = s;
                }
                match stack.last_mut() {
                    Some(parent) => parent.tot += f.tot,
                    None => return Ok(f.tot),
                }
                continue;
            }
            path.truncate(top.dir_end);
            let (k, lev, dir_end) = (top.k, top.lev, top.dir_end);
            let has_next = k + 1 < top.items.len();
            out.printinfo(&mut top.items[k], lev);
            let e = &mut top.items[k];
            let entry_path = join(&path[..dir_end], &e.name);
            let mut descend = false;
            let mut err: Option<String> = None;
            let mut subdir = None;
            let mut newpath = None;
            let mut ig = false;
            if e.isdir {
                top.tot.dirs += 1;
                let found = !self.inodes.insert(e.inode);
                if e.lnk.is_none() || c.follow {
                    descend = true;
                    let np = match &e.lnk {
                        Some(l) if l.starts_with('/') => l.clone(),
                        Some(l) if c.full && &path[..dir_end] == "/" => format!("/{l}"),
                        Some(l) => format!("{}/{l}", &path[..dir_end]),
                        None => entry_path.clone(),
                    };
                    if e.lnk.is_some() && found {
                        err = Some("recursive, not followed".into());
                        descend = false;
                    }
                    if c.level.is_some_and(|l| lev >= l) {
                        descend = false;
                    }
                    if descend {
                        if full {
                            subdir = e.child.take();
                            err = e.err.clone();
                        } else {
                            ig = self.push_files(ctx, &np);
                            match self.read_dir(ctx, &np, true) {
                                Err(()) => {
                                    err = Some("error opening dir".into());
                                    self.errors += 1;
                                }
                                Ok(v) if c.filelimit > 0 && v.len() > c.filelimit => {
                                    err = Some(format!(
                                        "{} entries exceeds filelimit, not opening dir",
                                        v.len()
                                    ));
                                    self.errors += 1;
                                }
                                Ok(v) if v.is_empty() => {}
                                Ok(v) => subdir = Some(v),
                            }
                        }
                        if subdir.is_none() {
                            descend = false;
                        }
                    }
                    newpath = Some(np);
                }
            } else {
                top.tot.files += 1;
            }
            let filename = if c.full {
                entry_path.into_bytes()
            } else {
                e.name.clone()
            };
            let json_err = c.format == Format::Json && self.errors > 0;
            let needsclosed = out.printfile(&filename, Some(e), descend || json_err);
            let tag = e.tag;
            if let Some(err) = &err {
                out.error(err);
            }
            top.pending = Some((needsclosed, descend, tag, ig));
            if descend {
                out.newline(false);
                if lev + 1 > MAX_DEPTH {
                    return Err(Stop::Fatal(format!(
                        "{}: directory tree deeper than {MAX_DEPTH} levels is not supported",
                        newpath.unwrap_or_default()
                    )));
                }
                let np = newpath.unwrap_or_default();
                let saved = if np.starts_with('/') && !np.starts_with(&path[..dir_end]) {
                    Some(std::mem::replace(&mut path, np))
                } else {
                    path = np;
                    None
                };
                let mut f = self.frame(out, subdir.unwrap_or_default(), lev + 1, path.len());
                f.saved = saved;
                stack.push(f);
            } else if !needsclosed {
                out.newline(has_next);
            }
        }
    }

    fn frame(&self, out: &mut Out<'_>, mut items: Vec<Info>, lev: usize, dir_end: usize) -> Frame {
        self.sort(&mut items);
        out.set_dirs(lev, if items.len() > 1 { 1 } else { 2 });
        Frame {
            items,
            k: 0,
            lev,
            dir_end,
            saved: None,
            tot: Totals::default(),
            pending: None,
        }
    }
}
