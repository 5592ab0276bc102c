//! Running grep over its inputs: walking operands (and directories under `-r`), streaming
//! each input a chunk at a time, selecting lines, and printing them with GNU's prefixes,
//! context groups, colors, counts, names or JSON.

use std::collections::VecDeque;

use crate::common::input::{CHUNK, Source};
use crate::common::{diag, input, paths};
use sandsh_api::fs::FileType;
use sandsh_api::{Arg, CommandSpec, ExitStatus, InputDir, ToolCtx};

use super::matcher::Matcher;
use super::options::{self, BinaryFiles, Config, Dirs, List, Mode};

const SGR_FILE: &[u8] = b"\x1b[35m\x1b[K";
const SGR_SEP: &[u8] = b"\x1b[36m\x1b[K";
const SGR_NUM: &[u8] = b"\x1b[32m\x1b[K";
const SGR_MATCH: &[u8] = b"\x1b[01;31m\x1b[K";
const SGR_END: &[u8] = b"\x1b[m\x1b[K";

/// Regions smaller than this are searched line by line (no candidate regex is built)...
const FAST_MIN: usize = 16 * 1024;
/// ...unless they are at least this big and the run has searched `FAST_MIN` bytes already
/// (`grep -r` over many small files), where building the candidate regex once pays.
const FAST_MIN_LATER: usize = 256;
/// The size of the reads of a file's first `CHUNK` bytes.
const FIRST_READ: usize = 16 * 1024;
/// The largest read buffer kept for the next file (one that grew past it for a long line is
/// dropped).
const SCRATCH_MAX: usize = 4 * CHUNK;

/// Candidates in a row (no line between them) after which lines are checked one by one.
const DENSE_AFTER: u32 = 8;
/// How many lines are checked one by one before searching the buffer again.
const DENSE_LINES: u32 = 256;

/// A directory's entries: (name, type).
type Listing = Vec<(Vec<u8>, FileType)>;

/// A directory of the `-r` walk.
struct Frame {
    path: Vec<u8>,
    entries: Listing,
    /// The entry to look at next.
    next: usize,
    /// The directory held open for opening its files by name, once one is met (`Some(None)`:
    /// the backend keeps no handle).
    held: Option<Option<Box<dyn InputDir>>>,
}

impl Frame {
    fn new(path: Vec<u8>, entries: Listing) -> Frame {
        Frame {
            path,
            entries,
            next: 0,
            held: None,
        }
    }
}

/// Deepest directory nesting `-r` descends into (a loop guard for `-R` over symlinks).
const MAX_DEPTH: usize = 256;

/// Entry point shared by grep, egrep and fgrep.
pub fn main(
    spec: &CommandSpec,
    args: &[Arg],
    ctx: &mut dyn ToolCtx,
    preset: Option<Mode>,
) -> ExitStatus {
    let cfg = match options::parse(spec, args, ctx, preset) {
        Ok(c) => c,
        Err(s) => return s,
    };
    let (matcher, warnings) = match Matcher::new(&cfg) {
        Ok(m) => m,
        Err(e) => {
            let _ = writeln!(ctx.stderr(), "grep: {e}");
            return 2;
        }
    };
    for w in warnings {
        let _ = writeln!(ctx.stderr(), "grep: warning: {w}");
    }
    let mut g = Grep {
        cfg: &cfg,
        m: &matcher,
        out: Vec::with_capacity(CHUNK),
        error: false,
        any: false,
        quit: false,
        broken: false,
        printed: false,
        scratch: Vec::new(),
        searched: 0,
    };
    let recurse = cfg.dirs == Dirs::Recurse;
    let (files, implicit_dot): (Vec<Arg>, bool) = if cfg.files.is_empty() {
        if recurse {
            (vec![b".".to_vec()], true)
        } else {
            (vec![b"-".to_vec()], false)
        }
    } else {
        (cfg.files.clone(), false)
    };
    // GNU: names when several operands; with one operand under -r, only for files found
    // inside directories.
    let names = match cfg.with_filename {
        Some(b) => Names::Fixed(b),
        None if files.len() > 1 => Names::Fixed(true),
        None if recurse => Names::InDirs,
        None => Names::Fixed(false),
    };
    if cfg.max_count != Some(0) {
        for f in &files {
            if g.quit || g.broken || ctx.is_cancelled() {
                break;
            }
            g.operand(ctx, f, names, implicit_dot);
        }
    }
    g.flush(ctx);
    if ctx.is_cancelled() {
        return 130;
    }
    if g.quit {
        return 0;
    }
    if g.error && !(cfg.quiet && g.any) {
        return 2;
    }
    if g.any { 0 } else { 1 }
}

#[derive(Clone, Copy)]
enum Names {
    Fixed(bool),
    InDirs,
}

struct Grep<'a> {
    cfg: &'a Config,
    m: &'a Matcher,
    out: Vec<u8>,
    /// An error was reported (status 2).
    error: bool,
    /// A line was selected (the exit status, even under -L, as in GNU grep 3.8).
    any: bool,
    /// -q matched: stop everything.
    quit: bool,
    /// Output is gone.
    broken: bool,
    /// Something was printed (for the group separator across files).
    printed: bool,
    /// The read buffer of the last file, kept for the next (see `search`).
    scratch: Vec<u8>,
    /// Bytes searched so far, all inputs together.
    searched: u64,
}

/// Per-input state of one search.
struct FileState<'n> {
    name: &'n [u8],
    show_name: bool,
    nsel: u64,
    /// Output suppressed (a NUL was seen): stop at the first selected line.
    binary_nul: bool,
    /// Selected lines counted when the NUL was seen.
    nsel_at_nul: u64,
    /// A line to print had an encoding error and was withheld.
    encoding_error: bool,
    /// The region of lines being searched is valid UTF-8 as a whole, so a selected line (always
    /// in that region) needs no check of its own.
    region_utf8: bool,
    /// Line number of the last line printed.
    last_printed: Option<u64>,
    after_left: usize,
    before: VecDeque<(u64, u64, Vec<u8>)>,
    /// -m reached: only trailing context remains.
    draining: bool,
    done: bool,
}

impl Grep<'_> {
    fn flush(&mut self, ctx: &mut dyn ToolCtx) {
        if !self.out.is_empty() {
            if ctx.stdout().write_all(&self.out).is_err() {
                self.broken = true;
            }
            self.out.clear();
        }
    }

    fn maybe_flush(&mut self, ctx: &mut dyn ToolCtx) {
        if self.out.len() >= CHUNK || self.cfg.line_buffered {
            self.flush(ctx);
            if self.cfg.line_buffered {
                let _ = ctx.stdout().flush();
            }
        }
    }

    fn file_error(&mut self, ctx: &mut dyn ToolCtx, name: &[u8], msg: &str) {
        self.error = true;
        if !self.cfg.no_messages {
            self.flush(ctx);
            let _ = writeln!(ctx.stderr(), "grep: {}: {msg}", diag::lossy(name));
        }
    }

    fn excluded(&self, name: &[u8], command_line: bool) -> bool {
        let base = paths::base_name(name);
        if self.cfg.exclude.iter().any(|p| p.matches(base)) {
            return true;
        }
        if !command_line || !self.cfg.include.is_empty() {
            return !self.cfg.include.is_empty()
                && !self.cfg.include.iter().any(|p| p.matches(base));
        }
        false
    }

    fn operand(&mut self, ctx: &mut dyn ToolCtx, f: &[u8], names: Names, implicit_dot: bool) {
        let show = matches!(names, Names::Fixed(true));
        if f == b"-" {
            let label = self.cfg.label.clone();
            let mut src = Source::Stdin;
            self.search(ctx, &mut src, &label, show);
            return;
        }
        if !self.cfg.skip_devices {
            // Open first: a file opens at once (on a host mount, one lookup), and only a
            // directory needs more.
            match crate::common::input::open_source(ctx, f) {
                Ok(mut src) => {
                    if !self.excluded(f, true) {
                        self.search(ctx, &mut src, f, show);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => {
                    self.dir_operand(ctx, f, names, implicit_dot);
                }
                Err(e) => {
                    if !self.excluded(f, true) {
                        self.file_error(ctx, f, &diag::io_msg(&e));
                    }
                }
            }
            return;
        }
        let path = diag::lossy(f);
        let abs = ctx.resolve_path(&path);
        match ctx.backend().stat(&abs) {
            Ok(m) if m.is_dir() => self.dir_operand(ctx, f, names, implicit_dot),
            Ok(m) if !m.is_file() => {}
            Ok(_) => {
                if self.excluded(f, true) {
                    return;
                }
                self.file(ctx, f, show);
            }
            Err(_) => {
                if self.excluded(f, true) {
                    return;
                }
                self.file(ctx, f, show);
            }
        }
    }

    /// A directory operand: skipped, an error, or searched recursively, as `-d` says.
    fn dir_operand(&mut self, ctx: &mut dyn ToolCtx, f: &[u8], names: Names, implicit_dot: bool) {
        match self.cfg.dirs {
            Dirs::Skip => {}
            Dirs::Read => self.file_error(ctx, f, "Is a directory"),
            Dirs::Recurse => {
                if self
                    .cfg
                    .exclude_dir
                    .iter()
                    .any(|p| p.matches(paths::base_name(f)))
                    && !implicit_dot
                    && f != b"."
                {
                    return;
                }
                let show_inner = !matches!(names, Names::Fixed(false));
                self.walk(ctx, f, show_inner, implicit_dot);
            }
        }
    }

    /// `-r`: search a directory tree, depth first in listing order.
    fn walk(&mut self, ctx: &mut dyn ToolCtx, dir: &[u8], show: bool, implicit_dot: bool) {
        let mut stack: Vec<Frame> = Vec::new();
        match self.list(ctx, dir) {
            Some(entries) => stack.push(Frame::new(dir.to_vec(), entries)),
            None => return,
        }
        loop {
            let depth = stack.len();
            let Some(top) = stack.last_mut() else {
                break;
            };
            if self.quit || self.broken || ctx.is_cancelled() {
                return;
            }
            let Frame {
                path: dpath,
                entries,
                next: idx,
                held,
            } = top;
            if *idx >= entries.len() {
                stack.pop();
                continue;
            }
            let (name, ft) = entries[*idx].clone();
            *idx += 1;
            let child = if implicit_dot && depth == 1 && dpath.as_slice() == b"." {
                name.clone()
            } else {
                let mut c = dpath.clone();
                if c.last() != Some(&b'/') {
                    c.push(b'/');
                }
                c.extend_from_slice(&name);
                c
            };
            let mut kind = ft;
            if kind == FileType::Symlink {
                if !self.cfg.deref {
                    continue;
                }
                let abs = ctx.resolve_path(&diag::lossy(&child));
                kind = match ctx.backend().stat(&abs) {
                    Ok(m) => m.file_type,
                    Err(_) => {
                        self.file_error(ctx, &child, "No such file or directory");
                        continue;
                    }
                };
            }
            match kind {
                FileType::Dir => {
                    if self.cfg.exclude_dir.iter().any(|p| p.matches(&name)) {
                        continue;
                    }
                    if stack.len() >= MAX_DEPTH {
                        self.file_error(ctx, &child, "directory nesting too deep");
                        continue;
                    }
                    if let Some(entries) = self.list(ctx, &child) {
                        stack.push(Frame::new(child, entries));
                    }
                }
                FileType::File => {
                    if self.excluded(&child, false) {
                        continue;
                    }
                    // A file met as one (not through a symlink) opens on its directory's
                    // handle, as GNU grep opens it with `openat` on its walk's descriptor.
                    let opened = (ft == FileType::File)
                        .then(|| {
                            held.get_or_insert_with(|| ctx.open_input_dir(&diag::lossy(dpath)))
                                .as_ref()
                                .and_then(|d| d.open(&name))
                        })
                        .flatten();
                    match opened {
                        Some(r) => self.search(ctx, &mut Source::File(r), &child, show),
                        None => self.file(ctx, &child, show),
                    }
                }
                _ => {
                    if self.cfg.skip_devices || self.excluded(&child, false) {
                        continue;
                    }
                    // GNU skips devices, FIFOs and sockets met during recursion.
                }
            }
        }
    }

    fn list(&mut self, ctx: &mut dyn ToolCtx, dir: &[u8]) -> Option<Listing> {
        let abs = ctx.resolve_path(&diag::lossy(dir));
        match ctx.backend().list(&abs) {
            Ok(l) => Some(l.into_iter().map(|e| (e.name, e.file_type)).collect()),
            Err(e) => {
                let msg = diag::vfs_msg(&e);
                self.file_error(ctx, dir, &msg);
                None
            }
        }
    }

    fn file(&mut self, ctx: &mut dyn ToolCtx, f: &[u8], show: bool) {
        match input::open(ctx, f) {
            Ok(mut src) => self.search(ctx, &mut src, f, show),
            Err(msg) => self.file_error(ctx, f, &msg),
        }
    }

    /// Search one input.
    fn search(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source, name: &[u8], show: bool) {
        let cfg = self.cfg;
        let eol = cfg.eol;
        let check_nul = cfg.binary != BinaryFiles::Text && eol == b'\n';
        let prints_lines = !(cfg.count || cfg.quiet || cfg.list.is_some() || cfg.json)
            && cfg.binary != BinaryFiles::Text;
        let mut st = FileState {
            name,
            show_name: show,
            nsel: 0,
            binary_nul: false,
            nsel_at_nul: 0,
            encoding_error: false,
            region_utf8: false,
            last_printed: None,
            after_left: 0,
            before: VecDeque::new(),
            draining: false,
            done: false,
        };
        // Small reads until the file proves big: `grep -r` over thousands of small files would
        // otherwise allocate and zero two full chunks for each. `buf[..len]` holds what was
        // read; the buffer (zeroed once, then only ever written by reads) goes from one file
        // to the next.
        let mut buf = std::mem::take(&mut self.scratch);
        let mut len = 0usize;
        let mut read_total = 0usize;
        let mut start = 0usize;
        let mut eof = false;
        let mut lineno = 0u64;
        let mut offset = 0u64;
        while !st.done && !self.quit && !self.broken {
            if ctx.is_cancelled() {
                return;
            }
            // Read more. What lies before `fresh` holds no end of line (a long line is scanned
            // once, not once per chunk).
            let mut fresh = start;
            if !eof {
                buf.copy_within(start..len, 0);
                len -= start;
                start = 0;
                let old = len;
                fresh = old;
                let want = if read_total < CHUNK {
                    FIRST_READ
                } else {
                    CHUNK
                };
                if buf.len() < old + want {
                    buf.resize(old + want, 0);
                }
                match input::read_chunk(ctx, src, &mut buf[old..old + want]) {
                    Ok(n) => {
                        read_total += n;
                        len = old + n;
                        if n == 0 {
                            eof = true;
                        } else if check_nul
                            && !st.binary_nul
                            && memchr::memchr(0, &buf[old..len]).is_some()
                        {
                            if cfg.binary == BinaryFiles::WithoutMatch {
                                return;
                            }
                            st.binary_nul = true;
                            st.nsel_at_nul = st.nsel;
                        }
                    }
                    Err(e) => {
                        let msg = diag::io_msg(&e);
                        self.file_error(ctx, name, &msg);
                        return;
                    }
                }
            }
            // The complete lines read so far.
            let complete = if eof {
                len
            } else {
                match memchr::memrchr(eol, &buf[fresh..len]) {
                    Some(p) => fresh + p + 1,
                    None => continue,
                }
            };
            let region = &buf[start..complete];
            // One check per region rather than one per printed line; only worth it when
            // lines are printed.
            st.region_utf8 = prints_lines && std::str::from_utf8(region).is_ok();
            let big = region.len() >= FAST_MIN
                || (region.len() >= FAST_MIN_LATER && self.searched >= FAST_MIN as u64);
            self.searched += region.len() as u64;
            let fast = if !st.binary_nul && big {
                self.m.candidate()
            } else {
                None
            };
            match fast {
                Some(cand) => {
                    self.scan(ctx, &mut st, cand, region, &mut lineno, &mut offset);
                }
                None => {
                    let zap = st.binary_nul;
                    let mut p = 0;
                    while p < region.len() {
                        let rest = &region[p..];
                        let end = if zap {
                            memchr::memchr2(eol, 0, rest)
                        } else {
                            memchr::memchr(eol, rest)
                        };
                        let (line_len, consumed) = match end {
                            Some(k) => (k, k + 1),
                            None => (rest.len(), rest.len()),
                        };
                        lineno += 1;
                        self.line(ctx, &mut st, &rest[..line_len], lineno, offset, None);
                        p += consumed;
                        offset += consumed as u64;
                        if st.done || self.quit || self.broken {
                            break;
                        }
                    }
                }
            }
            start = complete;
            if eof {
                break;
            }
        }
        if buf.len() <= SCRATCH_MAX {
            self.scratch = buf;
        }
        // Per-file summaries.
        if self.quit {
            return;
        }
        if cfg.count && cfg.list.is_none() && !cfg.quiet {
            if st.show_name {
                self.name_prefix(name, b':');
            }
            self.out.extend_from_slice(st.nsel.to_string().as_bytes());
            self.out.push(b'\n');
        }
        match cfg.list {
            Some(List::Matching) if st.nsel > 0 && !cfg.quiet => self.list_name(name),
            Some(List::NonMatching) if st.nsel == 0 && !cfg.quiet => self.list_name(name),
            _ => {}
        }
        self.flush(ctx);
        let out_quiet = cfg.count || cfg.list.is_some() || cfg.quiet;
        if !out_quiet && (st.encoding_error || (st.binary_nul && st.nsel > st.nsel_at_nul)) {
            let _ = writeln!(
                ctx.stderr(),
                "grep: {}: binary file matches",
                diag::lossy(name)
            );
        }
    }

    fn list_name(&mut self, name: &[u8]) {
        if self.cfg.color {
            self.out.extend_from_slice(SGR_FILE);
            self.out.extend_from_slice(name);
            self.out.extend_from_slice(SGR_END);
        } else {
            self.out.extend_from_slice(name);
        }
        self.out.push(if self.cfg.null { 0 } else { b'\n' });
    }

    fn name_prefix(&mut self, name: &[u8], sep: u8) {
        if self.cfg.color {
            self.out.extend_from_slice(SGR_FILE);
            self.out.extend_from_slice(name);
            self.out.extend_from_slice(SGR_END);
        } else {
            self.out.extend_from_slice(name);
        }
        if self.cfg.null {
            self.out.push(0);
        } else {
            self.sep(sep);
        }
    }

    fn sep(&mut self, sep: u8) {
        if self.cfg.color {
            self.out.extend_from_slice(SGR_SEP);
            self.out.push(sep);
            self.out.extend_from_slice(SGR_END);
        } else {
            self.out.push(sep);
        }
    }

    fn num(&mut self, n: u64, sep: u8) {
        if self.cfg.color {
            self.out.extend_from_slice(SGR_NUM);
        }
        self.out.extend_from_slice(n.to_string().as_bytes());
        if self.cfg.color {
            self.out.extend_from_slice(SGR_END);
        }
        self.sep(sep);
    }

    fn head(&mut self, st: &FileState, lineno: u64, offset: u64, sep: u8) {
        if st.show_name {
            self.name_prefix(st.name, sep);
        }
        if self.cfg.line_number {
            self.num(lineno, sep);
        }
        if self.cfg.byte_offset {
            self.num(offset, sep);
        }
    }

    /// Search a region of complete lines with the buffer-wide line search: lines between
    /// candidates cannot match and are only counted unless something must be done with them.
    fn scan(
        &mut self,
        ctx: &mut dyn ToolCtx,
        st: &mut FileState,
        cand: super::matcher::Candidate<'_>,
        region: &[u8],
        lineno: &mut u64,
        offset: &mut u64,
    ) {
        let cfg = self.cfg;
        let eol = cfg.eol;
        let gaps_matter = cfg.invert || cfg.before > 0 || cfg.after > 0;
        let mut p = 0;
        // Consecutive candidates with no line between them: matches are dense, and checking
        // the next lines one by one is cheaper than searching the buffer for each.
        let mut dense = 0u32;
        while p < region.len() {
            if st.done || self.quit || self.broken {
                return;
            }
            if ctx.is_cancelled() {
                st.done = true;
                return;
            }
            if dense >= DENSE_AFTER {
                let mut hits = 0;
                for _ in 0..DENSE_LINES {
                    if p >= region.len() {
                        return;
                    }
                    let rest = &region[p..];
                    let (len, consumed) = first_line(rest, eol);
                    *lineno += 1;
                    let line = &rest[..len];
                    let matched = self.m.is_match(line);
                    hits += u32::from(matched);
                    self.line(ctx, st, line, *lineno, *offset, Some(matched));
                    p += consumed;
                    *offset += consumed as u64;
                    if st.done || self.quit || self.broken {
                        return;
                    }
                }
                if hits * 2 < DENSE_LINES {
                    dense = 0;
                }
                continue;
            }
            let found = cand.find_line(region, p);
            let line_start = found.map_or(region.len(), |(s, _)| s);
            let line_start_before = p;
            // Lines that cannot match.
            if gaps_matter {
                while p < line_start {
                    let rest = &region[p..line_start];
                    let (len, consumed) = first_line(rest, eol);
                    *lineno += 1;
                    self.line(ctx, st, &rest[..len], *lineno, *offset, Some(false));
                    p += consumed;
                    *offset += consumed as u64;
                    if st.done || self.quit || self.broken {
                        return;
                    }
                }
            } else {
                // Line numbers matter only when printed (or for context adjacency).
                if cfg.line_number || cfg.json || cfg.context_set {
                    *lineno += memchr::memchr_iter(eol, &region[p..line_start]).count() as u64;
                }
                *offset += (line_start - p) as u64;
                p = line_start;
            }
            if found.is_none() || p >= region.len() {
                return;
            }
            // The candidate line, checked on its own.
            let rest = &region[p..];
            let (len, consumed) = first_line(rest, eol);
            *lineno += 1;
            let line = &rest[..len];
            // The line search matches exactly what the per-line pattern does; -w/-x still
            // need their own check.
            let matched = self.m.plain() || self.m.is_match(line);
            dense = if p == line_start_before { dense + 1 } else { 0 };
            self.line(ctx, st, line, *lineno, *offset, Some(matched));
            p += consumed;
            *offset += consumed as u64;
        }
    }

    /// Handle one input line (`matched` when already known).
    fn line(
        &mut self,
        ctx: &mut dyn ToolCtx,
        st: &mut FileState,
        line: &[u8],
        lineno: u64,
        offset: u64,
        matched: Option<bool>,
    ) {
        let cfg = self.cfg;
        if st.draining {
            if st.after_left > 0 {
                self.print_context(ctx, st, line, lineno, offset);
                st.after_left -= 1;
            }
            if st.after_left == 0 {
                st.done = true;
            }
            return;
        }
        let matched = matched.unwrap_or_else(|| self.m.is_match(line));
        let selected = matched != cfg.invert;
        if !selected {
            if st.after_left > 0 {
                st.after_left -= 1;
                self.print_context(ctx, st, line, lineno, offset);
            } else if cfg.before > 0 {
                if st.before.len() >= cfg.before {
                    st.before.pop_front();
                }
                st.before.push_back((lineno, offset, line.to_vec()));
            }
            return;
        }
        st.nsel += 1;
        self.any = true;
        if cfg.quiet {
            self.quit = true;
            st.done = true;
            return;
        }
        if cfg.list.is_some() {
            st.done = true;
            return;
        }
        if cfg.count {
            if cfg.max_count.is_some_and(|m| st.nsel >= m) {
                st.done = true;
            }
            return;
        }
        if st.binary_nul {
            st.done = true;
            return;
        }
        if cfg.json {
            self.json_line(st, line, lineno, offset);
        } else {
            if !st.before.is_empty() {
                let pending: Vec<(u64, u64, Vec<u8>)> = st.before.drain(..).collect();
                for (n, o, l) in pending {
                    self.print_context(ctx, st, &l, n, o);
                }
            }
            self.group_sep(st, lineno);
            self.print_selected(st, line, lineno, offset);
            st.last_printed = Some(lineno);
            st.after_left = cfg.after;
        }
        self.maybe_flush(ctx);
        if cfg.max_count.is_some_and(|m| st.nsel >= m) {
            st.draining = true;
            if st.after_left == 0 {
                st.done = true;
            }
        }
    }

    /// The `--` between non-adjacent groups when context is on.
    fn group_sep(&mut self, st: &FileState, lineno: u64) {
        let cfg = self.cfg;
        if !cfg.context_set {
            return;
        }
        let adjacent = st.last_printed.is_some_and(|l| l + 1 == lineno);
        if self.printed
            && !adjacent
            && let Some(sep) = &cfg.group_sep
        {
            if cfg.color {
                self.out.extend_from_slice(SGR_SEP);
                self.out.extend_from_slice(sep);
                self.out.extend_from_slice(SGR_END);
            } else {
                self.out.extend_from_slice(sep);
            }
            self.out.push(b'\n');
        }
        self.printed = true;
    }

    /// Whether `text` may be printed (no encoding error unless `-a`); records the error.
    fn printable(&self, st: &mut FileState, text: &[u8]) -> bool {
        if self.cfg.binary == BinaryFiles::Text || std::str::from_utf8(text).is_ok() {
            return true;
        }
        st.encoding_error = true;
        false
    }

    fn print_context(
        &mut self,
        ctx: &mut dyn ToolCtx,
        st: &mut FileState,
        line: &[u8],
        lineno: u64,
        offset: u64,
    ) {
        let cfg = self.cfg;
        if cfg.json || cfg.only_matching {
            // -o prints no context lines, but they still join groups.
            if cfg.only_matching {
                self.group_sep(st, lineno);
                st.last_printed = Some(lineno);
            }
            return;
        }
        if st.binary_nul {
            return;
        }
        self.group_sep(st, lineno);
        st.last_printed = Some(lineno);
        if !self.printable(st, line) {
            return;
        }
        self.head(st, lineno, offset, b'-');
        // With -v, context lines are the matching ones and get their matches colored.
        if cfg.color && cfg.invert {
            self.colored(line);
        } else {
            self.out.extend_from_slice(line);
        }
        self.out.push(cfg.eol);
        self.maybe_flush(ctx);
    }

    fn colored(&mut self, line: &[u8]) {
        let mut pos = 0;
        let mut last = 0;
        while let Some((s, e)) = next_match(self.m, line, &mut pos) {
            self.out.extend_from_slice(&line[last..s]);
            self.out.extend_from_slice(SGR_MATCH);
            self.out.extend_from_slice(&line[s..e]);
            self.out.extend_from_slice(SGR_END);
            last = e;
        }
        self.out.extend_from_slice(&line[last..]);
    }

    fn print_selected(&mut self, st: &mut FileState, line: &[u8], lineno: u64, offset: u64) {
        let cfg = self.cfg;
        if cfg.only_matching {
            if cfg.invert {
                return;
            }
            let mut pos = 0;
            while let Some((s, e)) = next_match(self.m, line, &mut pos) {
                let part = &line[s..e];
                if !self.printable(st, part) {
                    continue;
                }
                self.head(st, lineno, offset + s as u64, b':');
                if cfg.color {
                    self.out.extend_from_slice(SGR_MATCH);
                    self.out.extend_from_slice(part);
                    self.out.extend_from_slice(SGR_END);
                } else {
                    self.out.extend_from_slice(part);
                }
                self.out.push(cfg.eol);
            }
            return;
        }
        if !st.region_utf8 && !self.printable(st, line) {
            return;
        }
        self.head(st, lineno, offset, b':');
        if cfg.color && !cfg.invert {
            self.colored(line);
        } else {
            self.out.extend_from_slice(line);
        }
        self.out.push(cfg.eol);
    }

    fn json_line(&mut self, st: &FileState, line: &[u8], lineno: u64, offset: u64) {
        let text = |b: &[u8]| {
            serde_json::to_string(&String::from_utf8_lossy(b)).unwrap_or_else(|_| "\"\"".into())
        };
        let mut o = String::with_capacity(line.len() + 96);
        o.push_str("{\"path\":");
        o.push_str(&text(st.name));
        o.push_str(&format!(
            ",\"line_number\":{lineno},\"byte_offset\":{offset},\"line\":"
        ));
        o.push_str(&text(line));
        o.push_str(",\"submatches\":[");
        if !self.cfg.invert {
            let mut pos = 0;
            let mut first = true;
            while let Some((s, e)) = next_match(self.m, line, &mut pos) {
                if !first {
                    o.push(',');
                }
                first = false;
                o.push_str("{\"match\":");
                o.push_str(&text(&line[s..e]));
                o.push_str(&format!(",\"start\":{s},\"end\":{e}}}"));
            }
        }
        o.push_str("]}\n");
        self.out.extend_from_slice(o.as_bytes());
    }
}

/// The next non-empty match in `line` at or after `*pos`, with `*pos` moved past it (an empty
/// match is skipped by one byte).
fn next_match(m: &Matcher, line: &[u8], pos: &mut usize) -> Option<(usize, usize)> {
    while *pos <= line.len() {
        let (s, e) = m.find_at(line, *pos)?;
        *pos = if e == s { s + 1 } else { e };
        if e > s {
            return Some((s, e));
        }
    }
    None
}

/// The first line of `rest`: its length without the `eol` byte, and the bytes it takes with
/// it (the last line may have no terminator).
#[inline]
fn first_line(rest: &[u8], eol: u8) -> (usize, usize) {
    match memchr::memchr(eol, rest) {
        Some(k) => (k, k + 1),
        None => (rest.len(), rest.len()),
    }
}
