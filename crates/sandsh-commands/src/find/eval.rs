//! Evaluating a `find` expression against one file: tests, actions, and the buffers that
//! actions write into (stdout, `-fprint` files, `-exec … +` batches).

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::common::users::Table;
use crate::common::{file_type, program_lookup, quote};
use sandsh_api::fs::{FileType, Metadata, WriteMode};
use sandsh_api::{Arg, ToolCtx};

use super::parse::{Exec, Expr, Globals, PermMode, Prim, TimeKind};
use super::printf::{self, type_char};

/// One file as the expression sees it.
pub struct Entry {
    /// The path as printed (start path + names).
    pub path: Vec<u8>,
    /// The start path this file was found under.
    pub start: Vec<u8>,
    /// The absolute VFS path.
    pub abs: PathBuf,
    pub depth: usize,
    /// lstat, or stat when following symlinks.
    pub meta: Metadata,
    /// The symlink's target when `meta` is a symlink.
    pub link: Option<Vec<u8>>,
    /// The type after following symlinks (None when the link is broken).
    pub target_type: Option<FileType>,
}

/// Flush stdout buffers past this size.
const FLUSH_AT: usize = 64 * 1024;
/// Bytes of arguments gathered for one `-exec … +` command before it runs.
const BATCH_BYTES: usize = 128 * 1024;

struct Batch {
    exec: Exec,
    dir: Vec<u8>,
    args: Vec<Arg>,
    bytes: usize,
}

/// Evaluation state for one `find` run.
pub struct Eval {
    pub g: Globals,
    pub now: SystemTime,
    pub json: bool,
    pub out: Vec<u8>,
    files: Vec<(PathBuf, Vec<u8>)>,
    batches: Vec<Option<Batch>>,
    pub names: Table,
    pub self_uid: u32,
    pub status: i32,
    pub quit: bool,
    /// Set by `-prune` for the current file.
    pub prune: bool,
    /// Stdout's reader has gone.
    pub broken: bool,
    /// The `PATH` `-exec` commands are looked up in.
    path: Option<Vec<u8>>,
}

fn msg(ctx: &mut dyn ToolCtx, m: &str) {
    let _ = writeln!(ctx.stderr(), "find: {m}");
}

fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn secs_f(t: SystemTime) -> f64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    }
}

impl Eval {
    pub fn new(g: Globals, now: SystemTime, json: bool, ctx: &mut dyn ToolCtx) -> Eval {
        let mut now = now;
        if g.daystart {
            let t = secs_f(now).floor() as i64;
            let midnight = t - t.rem_euclid(86_400) + 86_400;
            now = UNIX_EPOCH + std::time::Duration::from_secs(midnight.max(0) as u64);
        }
        let files = g
            .files
            .iter()
            .map(|f| (ctx.resolve_path(f), Vec::new()))
            .collect();
        let batches = (0..g.exec_slots).map(|_| None).collect();
        let path = program_lookup::env_path(ctx);
        Eval {
            path,
            g,
            now,
            json,
            out: Vec::new(),
            files,
            batches,
            names: Table::default(),
            self_uid: 0,
            status: 0,
            quit: false,
            prune: false,
            broken: false,
        }
    }

    /// Create (truncate) the `-fprint` files; false (after a message) on failure.
    pub fn open_files(&mut self, ctx: &mut dyn ToolCtx) -> bool {
        for (i, (p, _)) in self.files.iter().enumerate() {
            if let Err(e) = ctx.backend().write(p, b"", WriteMode::Truncate, 0o644) {
                let name = self.g.files[i].clone();
                msg(ctx, &format!("\u{2018}{name}\u{2019}: {e}"));
                return false;
            }
        }
        true
    }

    fn name_of(&self, id: u32, group: bool) -> Option<String> {
        let name = if group {
            self.names.group_name(id)
        } else {
            self.names.user_name(id)
        };
        name.map(str::to_string)
    }

    /// Write buffered stdout through the context.
    pub fn flush_out(&mut self, ctx: &mut dyn ToolCtx) {
        if !self.out.is_empty() {
            if !self.broken && ctx.stdout().write_all(&self.out).is_err() {
                self.broken = true;
                self.quit = true;
            }
            self.out.clear();
        }
    }

    fn flush_files(&mut self, ctx: &mut dyn ToolCtx, force: bool) {
        for (p, buf) in &mut self.files {
            if !buf.is_empty() && (force || buf.len() >= FLUSH_AT) {
                if let Err(e) = ctx.backend().append(p, buf) {
                    let _ = writeln!(ctx.stderr(), "find: {}: {e}", p.display());
                    self.status = 1;
                }
                buf.clear();
            }
        }
    }

    fn sink(&mut self, file: Option<usize>) -> &mut Vec<u8> {
        match file {
            Some(i) => &mut self.files[i].1,
            None => &mut self.out,
        }
    }

    fn after_write(&mut self, ctx: &mut dyn ToolCtx) {
        if self.out.len() >= FLUSH_AT {
            self.flush_out(ctx);
        }
        self.flush_files(ctx, false);
    }

    /// Evaluate `e` for `ent`.
    pub fn eval(&mut self, e: &Expr, ent: &Entry, ctx: &mut dyn ToolCtx) -> bool {
        if self.quit {
            return false;
        }
        match e {
            Expr::Prim(p) => self.prim(p, ent, ctx),
            Expr::Not(x) => !self.eval(x, ent, ctx),
            Expr::And(v) => {
                for x in v {
                    if !self.eval(x, ent, ctx) {
                        return false;
                    }
                    if self.quit {
                        return false;
                    }
                }
                true
            }
            Expr::Or(v) => {
                for x in v {
                    if self.eval(x, ent, ctx) {
                        return true;
                    }
                    if self.quit {
                        return false;
                    }
                }
                false
            }
            Expr::Comma(v) => {
                let mut r = false;
                for x in v {
                    r = self.eval(x, ent, ctx);
                    if self.quit {
                        return false;
                    }
                }
                r
            }
        }
    }

    fn prim(&mut self, p: &Prim, ent: &Entry, ctx: &mut dyn ToolCtx) -> bool {
        let m = &ent.meta;
        match p {
            Prim::True => true,
            Prim::False => false,
            Prim::Name(pat) => {
                let b = crate::common::paths::base_name(&ent.path);
                pat.matches(b)
            }
            Prim::Path(pat) => pat.matches(&ent.path),
            Prim::Regex(re) => re.is_match(&ent.path),
            Prim::Lname(pat) => match (&ent.link, m.file_type) {
                (Some(l), FileType::Symlink) => pat.matches(l),
                _ => false,
            },
            Prim::Type(types) => types.contains(&type_char(m.file_type)),
            Prim::XType(types) => {
                let t = if self.g.follow {
                    ctx.backend().lstat(&ent.abs).map(|x| x.file_type).ok()
                } else {
                    ent.target_type.or(Some(FileType::Symlink))
                };
                t.is_some_and(|t| types.contains(&type_char(t)))
            }
            Prim::Size(cmp, unit) => cmp.test(m.size.div_ceil(*unit)),
            Prim::Time(kind, cmp, unit) => {
                let t = match kind {
                    TimeKind::M => m.mtime,
                    TimeKind::A => m.atime,
                    TimeKind::C => m.ctime,
                };
                let delta = secs_f(self.now) - secs_f(t);
                cmp.test_i((delta / *unit as f64).floor() as i64)
            }
            Prim::Newer(kind, r) => {
                let t = match kind {
                    TimeKind::M => m.mtime,
                    TimeKind::A => m.atime,
                    TimeKind::C => m.ctime,
                };
                t > *r
            }
            Prim::Empty => match m.file_type {
                FileType::File => m.size == 0,
                FileType::Dir => ctx.backend().list(&ent.abs).is_ok_and(|l| l.is_empty()),
                _ => false,
            },
            Prim::Perm(mode, bits) => {
                let have = m.mode & 0o7777;
                match mode {
                    PermMode::Exact => have == *bits,
                    PermMode::All => have & bits == *bits,
                    PermMode::Any => *bits == 0 || have & bits != 0,
                }
            }
            Prim::Uid(c) => c.test(u64::from(m.uid)),
            Prim::Gid(c) => c.test(u64::from(m.gid)),
            Prim::NoUser => self.name_of(m.uid, false).is_none(),
            Prim::NoGroup => self.name_of(m.gid, true).is_none(),
            Prim::Links(c) => c.test(m.nlink),
            Prim::Inum(c) => c.test(m.ino),
            Prim::SameFile(ino) => m.ino == *ino,
            Prim::Readable => self.access(m, 4),
            Prim::Writable => self.access(m, 2),
            Prim::Executable => self.access(m, 1),
            Prim::Prune => {
                if !self.g.depth_first {
                    self.prune = true;
                }
                true
            }
            Prim::Quit => {
                self.quit = true;
                true
            }
            Prim::Print { nul, file } => {
                if self.json && !*nul && file.is_none() {
                    let line = self.json_line(ent);
                    self.out.extend_from_slice(line.as_bytes());
                } else {
                    let buf = self.sink(*file);
                    buf.extend_from_slice(&ent.path);
                    buf.push(if *nul { 0 } else { b'\n' });
                }
                self.after_write(ctx);
                true
            }
            Prim::Printf { fmt, file } => {
                let mut buf = std::mem::take(self.sink(*file));
                let names = |id: u32, g: bool| self.name_of(id, g);
                fmt.render(ent, &names, &mut buf);
                *self.sink(*file) = buf;
                self.after_write(ctx);
                true
            }
            Prim::Ls { file } => {
                let mut buf = std::mem::take(self.sink(*file));
                let names = |id: u32, g: bool| self.name_of(id, g);
                printf::ls_line(ent, &names, self.now, &mut buf);
                buf.push(b'\n');
                *self.sink(*file) = buf;
                self.after_write(ctx);
                true
            }
            Prim::Delete => self.delete(ent, ctx),
            Prim::Exec(x) => self.exec(x, ent, ctx),
        }
    }

    fn access(&self, m: &Metadata, bit: u32) -> bool {
        if self.self_uid == 0 {
            return bit != 1 || m.mode & 0o111 != 0 || m.is_dir();
        }
        let shift = if m.uid == self.self_uid { 6 } else { 0 };
        m.mode >> shift & bit != 0
    }

    fn json_line(&self, e: &Entry) -> String {
        let m = &e.meta;
        let kind = file_type::json_kind(m.file_type);
        let type_char = match m.file_type {
            FileType::File => '-',
            FileType::Dir => 'd',
            FileType::Symlink => 'l',
            FileType::CharDevice => 'c',
            FileType::Fifo => 'p',
        };
        let (secs, nanos) = match m.mtime.duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos() as i32),
            Err(_) => (0, 0),
        };
        let mtime = jiff::Timestamp::new(secs, nanos)
            .map(|t| t.to_string())
            .unwrap_or_default();
        let mut v = serde_json::json!({
            "path": s(&e.path),
            "name": s(crate::common::paths::base_name(&e.path)),
            "type": kind,
            "size": m.size,
            "mode": m.mode & 0o7777,
            "permissions": crate::common::mode::render(type_char, m.mode),
            "mtime": mtime,
            "depth": e.depth,
        });
        if let (Some(l), Some(obj)) = (&e.link, v.as_object_mut()) {
            obj.insert("target".into(), serde_json::Value::String(s(l)));
        }
        format!("{v}\n")
    }

    fn delete(&mut self, ent: &Entry, ctx: &mut dyn ToolCtx) -> bool {
        if ent.depth == 0 && (ent.path == b"." || ent.path == b"./") {
            return true;
        }
        match ctx.backend().remove(&ent.abs, false) {
            Ok(()) => true,
            Err(e) => {
                msg(
                    ctx,
                    &format!("cannot delete \u{2018}{}\u{2019}: {e}", s(&ent.path)),
                );
                self.status = 1;
                false
            }
        }
    }

    /// The directory `-execdir` runs in and the name it passes (`./NAME`).
    fn dir_and_name(ent: &Entry) -> (Vec<u8>, Vec<u8>) {
        let p = crate::common::paths::trim_slashes(&ent.path);
        let (dir, base) = match p.iter().rposition(|&b| b == b'/') {
            Some(0) => (b"/".to_vec(), p[1..].to_vec()),
            Some(i) => (p[..i].to_vec(), p[i + 1..].to_vec()),
            None if p.is_empty() => (b"/".to_vec(), b"/".to_vec()),
            None => (b".".to_vec(), p.to_vec()),
        };
        let mut name = b"./".to_vec();
        name.extend_from_slice(&base);
        if base == b"/" {
            name = b"/".to_vec();
        }
        (dir, name)
    }

    fn exec(&mut self, x: &Exec, ent: &Entry, ctx: &mut dyn ToolCtx) -> bool {
        let (dir, shown) = if x.in_dir {
            Self::dir_and_name(ent)
        } else {
            (Vec::new(), ent.path.clone())
        };
        if x.batch {
            let need_flush = match &self.batches[x.slot] {
                Some(b) => b.dir != dir || b.bytes + shown.len() + 1 > BATCH_BYTES,
                None => false,
            };
            if need_flush {
                self.run_batch(x.slot, ctx);
            }
            let b = self.batches[x.slot].get_or_insert_with(|| Batch {
                exec: x.clone(),
                dir: dir.clone(),
                args: Vec::new(),
                bytes: 0,
            });
            b.bytes += shown.len() + 1;
            b.args.push(shown);
            return true;
        }
        let argv: Vec<Arg> = x.argv.iter().map(|a| replace_braces(a, &shown)).collect();
        if x.ask {
            let prompt = format!("< {} ... {} > ? ", s(&argv[0]), s(&shown));
            self.flush_out(ctx);
            if !ctx.confirm(&prompt) {
                return false;
            }
        }
        // A command that fails, even one that cannot be found, only makes `-exec … ;` false.
        self.run(&argv, x.in_dir.then_some(dir.as_slice()), ctx) == 0
    }

    fn run(&mut self, argv: &[Arg], dir: Option<&[u8]>, ctx: &mut dyn ToolCtx) -> i32 {
        self.flush_out(ctx);
        self.flush_files(ctx, true);
        let name = s(&argv[0]);
        // -execdir runs a name with a `/` from the file's directory: the shell resolves it there.
        let prog = if dir.is_some() && name.contains('/') {
            Ok(name.clone())
        } else {
            program_lookup::exec_search(ctx, &name, self.path.as_deref())
        };
        let prog = match prog {
            Ok(p) => p,
            Err(e) => {
                msg(ctx, &format!("{}: {}", quote::cquote(&name), e.reason));
                return e.status;
            }
        };
        let mut argv = argv.to_vec();
        argv[0] = prog.clone().into_bytes();
        match dir {
            None => ctx.call(&prog, &argv[1..]),
            Some(d) => {
                let mut a: Vec<Arg> = vec![
                    b"-c".to_vec(),
                    b"cd -- \"$1\" || exit 1; shift; exec \"$@\"".to_vec(),
                    b"find".to_vec(),
                    d.to_vec(),
                ];
                a.extend(argv.iter().cloned());
                ctx.call("bash", &a)
            }
        }
    }

    fn run_batch(&mut self, slot: usize, ctx: &mut dyn ToolCtx) {
        let Some(b) = self.batches[slot].take() else {
            return;
        };
        let mut argv: Vec<Arg> = b.exec.argv[..b.exec.argv.len() - 1].to_vec();
        argv.extend(b.args);
        let dir = b.exec.in_dir.then_some(b.dir);
        if self.run(&argv, dir.as_deref(), ctx) != 0 {
            self.status = 1;
        }
    }

    /// Run pending `-execdir … +` batches (GNU runs them whenever it enters a non-empty
    /// directory).
    pub fn flush_dir_batches(&mut self, ctx: &mut dyn ToolCtx) {
        for slot in 0..self.batches.len() {
            if self.batches[slot].as_ref().is_some_and(|b| b.exec.in_dir) {
                self.run_batch(slot, ctx);
            }
        }
    }

    /// Run pending `-exec … +` batches and flush every buffer.
    pub fn finish(&mut self, ctx: &mut dyn ToolCtx) {
        for slot in 0..self.batches.len() {
            self.run_batch(slot, ctx);
        }
        self.flush_out(ctx);
        self.flush_files(ctx, true);
    }
}

fn replace_braces(a: &[u8], path: &[u8]) -> Vec<u8> {
    if !a.windows(2).any(|w| w == b"{}") {
        return a.to_vec();
    }
    let mut out = Vec::with_capacity(a.len() + path.len());
    let mut i = 0;
    while i < a.len() {
        if a[i..].starts_with(b"{}") {
            out.extend_from_slice(path);
            i += 2;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}
