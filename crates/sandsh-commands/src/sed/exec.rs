//! Running a compiled program: GNU sed 4.9's `execute.c`, cycle for cycle.
//!
//! Input streams a record at a time through a reused buffer with one record of look-ahead
//! only where `$` needs it; output goes through byte buffers flushed in chunks. The pattern
//! and hold spaces track GNU's "chomped" flag (whether the record ended in a delimiter) so that
//! a last line without a newline comes out without one, exactly as GNU prints it.

use std::io::Read;
use std::path::PathBuf;

use crate::common::{diag, input, output};
use sandsh_api::fs::WriteMode;
use sandsh_api::{Arg, Charge, ToolCtx};

use super::case::{append_replacement, replacement_len};
use super::debug;
use super::parse::{Addr, Branch, Cmd, FileRef, Kind, Program, Subst};
use super::re::Locs;
use super::reader::{Reader, memchr};

const CHUNK: usize = 64 * 1024;

/// Spaces smaller than this together are not charged to the memory budget.
const SPACES_FREE: usize = 1 << 20;

/// Run-time options.
#[derive(Debug, Clone, Default)]
pub struct RunOpts {
    pub quiet: bool,
    pub separate: bool,
    /// `-i`: the backup name pattern (`*` is the file name); `"*"` means no backup.
    pub in_place: Option<Vec<u8>>,
    pub delim: u8,
    pub unbuffered: bool,
    pub line_len: u64,
    /// `--posix` or `POSIXLY_CORRECT` (GNU's "not POSIXLY_EXTENDED"): `N` on the last line
    /// quits without printing.
    pub not_extended: bool,
    pub follow_symlinks: bool,
    /// `--debug`: annotate execution on standard output.
    pub debug: bool,
}

/// Why a run stopped early.
pub enum Stop {
    /// GNU's `panic`: message already printed; exit 4.
    Panic,
    Cancelled,
    /// The memory budget is exhausted (the budget's hook has stopped the run).
    Memory,
    /// The output went away.
    Broken,
    /// A script error found at run time (GNU's `bad_prog`): message printed; exit 1.
    Script,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Range {
    Inactive,
    Active,
    Closed,
}

/// Where output goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Stdout,
    Stderr,
    /// Index into `Exec::files`.
    File(usize),
}

struct Sink {
    target: Target,
    missing_newline: bool,
}

struct OutFile {
    path: PathBuf,
    buf: Vec<u8>,
    /// The shell's descriptor when the file is one (`w /dev/fd/3`).
    fd: Option<Box<dyn std::io::Write + Send>>,
}

enum Queued {
    Text(usize),
    Owned(Vec<u8>),
    File(Vec<u8>),
}

/// The state of one run.
pub struct Exec<'p> {
    prog: &'p Program,
    opts: RunOpts,
    line: Vec<u8>,
    chomped: bool,
    hold: Vec<u8>,
    hold_chomped: bool,
    accum: Vec<u8>,
    range: Vec<Range>,
    a2num: Vec<u64>,
    replaced: bool,
    last_re: Option<usize>,
    locs: Vec<Locs>,
    append: Vec<Queued>,
    // input
    files: Vec<Arg>,
    next_file: usize,
    reader: Option<Reader>,
    in_name: Vec<u8>,
    line_number: u64,
    reset_at_next_file: bool,
    bad_count: usize,
    // in-place state for the current file
    in_place_target: Option<PathBuf>,
    // output
    stdout: Vec<u8>,
    files_out: Vec<OutFile>,
    main: Sink,
    wsinks: Vec<Sink>,
    rreaders: Vec<Option<Reader>>,
    tmp_counter: u64,
    stamp: u32,
    /// `--debug` indentation (GNU's `block_level`, kept across cycles as GNU keeps it).
    dbg_level: i64,
    dbg: Vec<u8>,
    /// The pattern, hold and work spaces held against the memory budget.
    charge: Option<Charge>,
}

impl<'p> Exec<'p> {
    pub fn new(prog: &'p Program, opts: RunOpts, files: Vec<Arg>) -> Exec<'p> {
        let range = prog.cmds.iter().map(initial_range).collect::<Vec<_>>();
        let locs = prog.regexes.iter().map(|r| r.locs()).collect();
        Exec {
            prog,
            opts,
            line: Vec::with_capacity(256),
            chomped: true,
            hold: Vec::new(),
            hold_chomped: true,
            accum: Vec::with_capacity(256),
            a2num: vec![0; range.len()],
            range,
            replaced: false,
            last_re: None,
            locs,
            append: Vec::new(),
            files,
            next_file: 0,
            reader: None,
            in_name: b"-".to_vec(),
            line_number: 0,
            reset_at_next_file: true,
            bad_count: 0,
            in_place_target: None,
            stdout: Vec::with_capacity(CHUNK),
            files_out: Vec::new(),
            main: Sink {
                target: Target::Stdout,
                missing_newline: false,
            },
            wsinks: Vec::new(),
            rreaders: Vec::new(),
            tmp_counter: 0,
            stamp: 0,
            dbg_level: 0,
            dbg: Vec::new(),
            charge: None,
        }
    }

    /// Open (truncate) the `w` files; GNU does this before reading any input.
    pub fn open_wfiles(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        self.stamp = ctx
            .now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos() ^ (d.as_secs() as u32))
            .unwrap_or(0);
        for f in &self.prog.wfiles {
            let target = match f {
                FileRef::Stdout => Target::Stdout,
                FileRef::Stderr => Target::Stderr,
                FileRef::Stdin | FileRef::Path(_) => {
                    let name = match f {
                        FileRef::Path(p) => diag::lossy(p),
                        _ => "/dev/stdin".to_string(),
                    };
                    let path = ctx.resolve_path(&name);
                    let opened = if output::is_fd_path(&name) {
                        ctx.open_write(&name, false)
                            .map(Some)
                            .map_err(|e| diag::io_msg(&e))
                    } else {
                        ctx.backend()
                            .write(&path, b"", WriteMode::Truncate, 0o666 & !ctx.umask())
                            .map(|()| None)
                            .map_err(|e| diag::vfs_msg(&e))
                    };
                    let fd = match opened {
                        Ok(fd) => fd,
                        Err(e) => {
                            let _ = writeln!(ctx.stderr(), "sed: couldn't open file {name}: {e}");
                            return Err(Stop::Panic);
                        }
                    };
                    self.files_out.push(OutFile {
                        path,
                        buf: Vec::new(),
                        fd,
                    });
                    Target::File(self.files_out.len() - 1)
                }
            };
            self.wsinks.push(Sink {
                target,
                missing_newline: false,
            });
        }
        self.rreaders = self.prog.rfiles.iter().map(|_| None).collect();
        Ok(())
    }

    /// Process all input; returns the exit status.
    pub fn run(&mut self, ctx: &mut dyn ToolCtx) -> i32 {
        let r = self.run_inner(ctx);
        let flushed = self.flush_all(ctx);
        match r {
            Ok(status) => {
                if flushed.is_err() {
                    return 4;
                }
                if self.bad_count > 0 { 2 } else { status }
            }
            Err(Stop::Panic) => 4,
            Err(Stop::Cancelled) => 130,
            Err(Stop::Memory) => 125,
            Err(Stop::Broken) => 4,
            Err(Stop::Script) => 1,
        }
    }

    fn run_inner(&mut self, ctx: &mut dyn ToolCtx) -> Result<i32, Stop> {
        if self.files.is_empty() {
            if self.opts.in_place.is_some() {
                let _ = writeln!(ctx.stderr(), "sed: no input files");
                return Err(Stop::Panic);
            }
            self.files.push(b"-".to_vec());
        }
        let mut status = 0;
        if self.opts.debug {
            let mut d = std::mem::take(&mut self.dbg);
            debug::print_program(&mut d, self.prog);
            self.debug_flush(ctx, d)?;
        }
        while self.read_pattern_space(ctx, false)? {
            if ctx.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            if self.opts.debug {
                let mut d = std::mem::take(&mut self.dbg);
                let is_stdin = matches!(
                    self.reader.as_ref().map(|r| &r.src),
                    Some(input::Source::Stdin)
                );
                d.extend_from_slice(b"INPUT:   '");
                if is_stdin {
                    d.extend_from_slice(b"STDIN");
                } else {
                    d.extend_from_slice(&self.in_name);
                }
                d.extend_from_slice(format!("' line {}\n", self.line_number).as_bytes());
                debug::print_line(&mut d, false, &self.line);
                self.debug_flush(ctx, d)?;
            }
            match self.execute(ctx)? {
                None => {}
                Some(s) => {
                    status = s;
                    break;
                }
            }
        }
        self.closedown(ctx)?;
        Ok(status)
    }

    // ---------------------------------------------------------------- --debug

    /// Write debug text (built in `d`, a reused buffer) to standard output.
    fn debug_flush(&mut self, ctx: &mut dyn ToolCtx, mut d: Vec<u8>) -> Result<(), Stop> {
        let r = self.write_to(ctx, Target::Stdout, &d);
        d.clear();
        self.dbg = d;
        r
    }

    fn debug_buf(&mut self, ctx: &mut dyn ToolCtx, which: DebugBuf) -> Result<(), Stop> {
        if !self.opts.debug {
            return Ok(());
        }
        let mut d = std::mem::take(&mut self.dbg);
        match which {
            DebugBuf::Pattern => debug::print_line(&mut d, false, &self.line),
            DebugBuf::Hold => debug::print_line(&mut d, true, &self.hold),
            DebugBuf::Both => {
                debug::print_line(&mut d, false, &self.line);
                debug::print_line(&mut d, true, &self.hold);
            }
            DebugBuf::EndOfCycle => d.extend_from_slice(b"END-OF-CYCLE:\n"),
        }
        self.debug_flush(ctx, d)
    }

    // ---------------------------------------------------------------- output

    fn write_to(&mut self, ctx: &mut dyn ToolCtx, t: Target, data: &[u8]) -> Result<(), Stop> {
        match t {
            Target::Stdout => {
                self.stdout.extend_from_slice(data);
                if self.stdout.len() >= CHUNK {
                    self.flush_stdout(ctx)?;
                }
            }
            Target::Stderr => {
                self.flush_stdout(ctx)?;
                let _ = ctx.stderr().write_all(data);
            }
            Target::File(i) => {
                let f = &mut self.files_out[i];
                f.buf.extend_from_slice(data);
                if f.buf.len() >= CHUNK {
                    self.flush_file(ctx, i)?;
                }
            }
        }
        Ok(())
    }

    fn flush_stdout(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        if !self.stdout.is_empty() {
            let r = ctx.stdout().write_all(&self.stdout);
            self.stdout.clear();
            if r.is_err() {
                return Err(Stop::Broken);
            }
        }
        Ok(())
    }

    fn flush_file(&mut self, ctx: &mut dyn ToolCtx, i: usize) -> Result<(), Stop> {
        let f = &mut self.files_out[i];
        if f.buf.is_empty() {
            return Ok(());
        }
        let r = match &mut f.fd {
            Some(w) => w.write_all(&f.buf).map_err(|e| diag::io_msg(&e)),
            None => ctx
                .backend()
                .append(&f.path, &f.buf)
                .map_err(|e| diag::vfs_msg(&e)),
        };
        f.buf.clear();
        if let Err(e) = r {
            let _ = writeln!(
                ctx.stderr(),
                "sed: couldn't write to {}: {e}",
                f.path.display(),
            );
            return Err(Stop::Panic);
        }
        Ok(())
    }

    fn flush_all(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        for i in 0..self.files_out.len() {
            self.flush_file(ctx, i)?;
        }
        self.flush_stdout(ctx)?;
        let _ = ctx.stdout().flush();
        Ok(())
    }

    fn sink_mut(&mut self, w: Option<usize>) -> &mut Sink {
        match w {
            None => &mut self.main,
            Some(i) => &mut self.wsinks[i],
        }
    }

    fn output_missing_newline(
        &mut self,
        ctx: &mut dyn ToolCtx,
        w: Option<usize>,
    ) -> Result<(), Stop> {
        let s = self.sink_mut(w);
        if s.missing_newline {
            s.missing_newline = false;
            let t = s.target;
            let d = [self.opts.delim];
            self.write_to(ctx, t, &d)?;
        }
        Ok(())
    }

    /// GNU's `output_line` for the pattern space (or part of it).
    fn output_text(
        &mut self,
        ctx: &mut dyn ToolCtx,
        w: Option<usize>,
        text: &[u8],
        nl: bool,
    ) -> Result<(), Stop> {
        self.output_missing_newline(ctx, w)?;
        let t = self.sink_mut(w).target;
        self.write_to(ctx, t, text)?;
        if nl {
            let d = [self.opts.delim];
            self.write_to(ctx, t, &d)?;
        } else {
            self.sink_mut(w).missing_newline = true;
        }
        if self.opts.unbuffered {
            self.flush_stdout(ctx)?;
        }
        Ok(())
    }

    fn print_pattern(&mut self, ctx: &mut dyn ToolCtx, w: Option<usize>) -> Result<(), Stop> {
        let line = std::mem::take(&mut self.line);
        let r = self.output_text(ctx, w, &line, self.chomped);
        self.line = line;
        r
    }

    fn print_first(&mut self, ctx: &mut dyn ToolCtx, w: Option<usize>) -> Result<(), Stop> {
        let line = std::mem::take(&mut self.line);
        let r = match memchr(self.opts.delim, &line) {
            Some(p) => self.output_text(ctx, w, &line[..p], true),
            None => self.output_text(ctx, w, &line, self.chomped),
        };
        self.line = line;
        r
    }

    fn dump_append(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        self.output_missing_newline(ctx, None)?;
        let q = std::mem::take(&mut self.append);
        let t = self.main.target;
        for item in &q {
            match item {
                Queued::Text(i) => {
                    if let Kind::Append(Some(text)) = &self.prog.cmds[*i].kind {
                        self.write_to(ctx, t, text)?;
                    }
                }
                Queued::Owned(v) => self.write_to(ctx, t, v)?,
                Queued::File(p) => self.print_file(ctx, p)?,
            }
        }
        if self.opts.unbuffered {
            self.flush_stdout(ctx)?;
        }
        Ok(())
    }

    /// Copy a file to the output; a missing or unreadable file is silently empty (POSIX).
    fn print_file(&mut self, ctx: &mut dyn ToolCtx, name: &[u8]) -> Result<(), Stop> {
        let name = diag::lossy(name);
        if input::is_dir(ctx, &name) {
            return Ok(());
        }
        let Ok(mut f) = ctx.open_read(&name) else {
            return Ok(());
        };
        let mut buf = vec![0u8; CHUNK];
        let t = self.main.target;
        loop {
            if ctx.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            match f.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => self.write_to(ctx, t, &buf[..n])?,
            }
        }
        Ok(())
    }

    // ---------------------------------------------------------------- input

    fn open_next_file(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        let name = self.files[self.next_file].clone();
        self.next_file += 1;
        self.in_name = name.clone();
        self.reader = None;
        if name == b"-" && self.opts.in_place.is_none() {
            self.reader = Some(Reader::new(input::Source::Stdin));
            self.main.target = Target::Stdout;
            return Ok(());
        }
        let sname = diag::lossy(&name);
        if input::is_dir(ctx, &sname) {
            if self.opts.in_place.is_some() {
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: couldn't edit {sname}: not a regular file"
                );
            } else {
                let _ = writeln!(ctx.stderr(), "sed: read error on {sname}: Is a directory");
            }
            return Err(Stop::Panic);
        }
        let src = match ctx.open_read(&sname) {
            Ok(f) => f,
            Err(e) => {
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: can't read {sname}: {}",
                    diag::io_msg(&e)
                );
                self.bad_count += 1;
                return Ok(());
            }
        };
        self.reader = Some(Reader::new(input::Source::File(src)));
        if self.opts.in_place.is_some() {
            let mut target = ctx.resolve_path(&sname);
            if self.opts.follow_symlinks
                && let Ok(c) = ctx.backend().canonicalize(&target)
            {
                target = c;
            }
            let meta = ctx.backend().stat(&target);
            if let Ok(m) = &meta
                && !m.is_file()
            {
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: couldn't edit {sname}: not a regular file"
                );
                return Err(Stop::Panic);
            }
            let mode = meta.map(|m| m.mode).unwrap_or(0o644);
            let dir = target
                .parent()
                .map(|p| p.to_path_buf())
                .unwrap_or_else(|| PathBuf::from("/"));
            let tmp = dir.join(format!(".sed{}", self.unique()));
            if let Err(e) = ctx.backend().write(&tmp, b"", WriteMode::Truncate, mode) {
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: couldn't open temporary file {}: {}",
                    tmp.display(),
                    diag::vfs_msg(&e)
                );
                return Err(Stop::Panic);
            }
            self.files_out.push(OutFile {
                path: tmp,
                buf: Vec::new(),
                fd: None,
            });
            self.main = Sink {
                target: Target::File(self.files_out.len() - 1),
                missing_newline: false,
            };
            self.in_place_target = Some(target);
        } else {
            self.main.target = Target::Stdout;
        }
        Ok(())
    }

    /// Finish the current input (for `-i`, move the edited copy into place).
    fn closedown(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        self.reader = None;
        let Some(target) = self.in_place_target.take() else {
            return Ok(());
        };
        let Target::File(i) = self.main.target else {
            return Ok(());
        };
        self.flush_file(ctx, i)?;
        let tmp = self.files_out[i].path.clone();
        let suffix = self.opts.in_place.clone().unwrap_or_else(|| b"*".to_vec());
        if suffix != b"*" {
            let name = diag::lossy(&self.in_name);
            let backup = ctx.resolve_path(&diag::lossy(&suffix).replace('*', &name));
            if let Err(e) = ctx.backend().rename(&target, &backup) {
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: cannot rename {name}: {}",
                    diag::vfs_msg(&e)
                );
                return Err(Stop::Panic);
            }
        }
        if let Err(e) = ctx.backend().rename(&tmp, &target) {
            let _ = writeln!(
                ctx.stderr(),
                "sed: cannot rename {}: {}",
                tmp.display(),
                diag::vfs_msg(&e)
            );
            return Err(Stop::Panic);
        }
        self.main = Sink {
            target: Target::Stdout,
            missing_newline: false,
        };
        Ok(())
    }

    fn reset_addresses(&mut self) {
        for (i, c) in self.prog.cmds.iter().enumerate() {
            self.range[i] = initial_range(c);
        }
    }

    /// Read the next record into the pattern space (appending for `N`).
    fn read_pattern_space(&mut self, ctx: &mut dyn ToolCtx, append: bool) -> Result<bool, Stop> {
        if !self.append.is_empty() {
            self.dump_append(ctx)?;
        }
        self.replaced = false;
        if !append {
            self.line.clear();
        }
        self.chomped = true;
        loop {
            if let Some(r) = &mut self.reader {
                let delim = self.opts.delim;
                if let Some(ch) = r.record(ctx, delim, &mut self.line)? {
                    self.chomped = ch;
                    break;
                }
            }
            self.closedown(ctx)?;
            if self.next_file >= self.files.len() {
                return Ok(false);
            }
            if self.reset_at_next_file {
                self.line_number = 0;
                self.hold.clear();
                self.hold_chomped = true;
                self.reset_addresses();
                for r in &mut self.rreaders {
                    *r = None;
                }
                if self.opts.in_place.is_some() {
                    self.main.missing_newline = false;
                }
                self.reset_at_next_file = self.opts.separate;
            }
            self.open_next_file(ctx)?;
        }
        self.line_number += 1;
        Ok(true)
    }

    /// Whether the current line is the last (`$`).
    fn test_eof(&mut self, ctx: &mut dyn ToolCtx) -> Result<bool, Stop> {
        if let Some(r) = &mut self.reader
            && r.fill(ctx)?
        {
            return Ok(false);
        }
        if self.opts.separate {
            return Ok(true);
        }
        loop {
            self.closedown(ctx)?;
            if self.next_file >= self.files.len() {
                return Ok(true);
            }
            self.open_next_file(ctx)?;
            if let Some(r) = &mut self.reader
                && r.fill(ctx)?
            {
                return Ok(false);
            }
        }
    }

    // ---------------------------------------------------------------- addresses

    fn match_re(&mut self, re: Option<usize>, ctx: &mut dyn ToolCtx) -> Result<bool, Stop> {
        let idx = self.resolve_re(re, ctx)?;
        Ok(self.prog.regexes[idx].is_match(&self.line))
    }

    fn resolve_re(&mut self, re: Option<usize>, ctx: &mut dyn ToolCtx) -> Result<usize, Stop> {
        match re {
            Some(i) => {
                self.last_re = Some(i);
                Ok(i)
            }
            None => match self.last_re {
                Some(i) => Ok(i),
                None => {
                    let _ = writeln!(
                        ctx.stderr(),
                        "sed: -e expression #1, char 0: no previous regular expression"
                    );
                    Err(Stop::Script)
                }
            },
        }
    }

    fn match_one(&mut self, a: &Addr, ctx: &mut dyn ToolCtx, a2num: u64) -> Result<bool, Stop> {
        Ok(match a {
            Addr::Null => true,
            Addr::Re(r) => self.match_re(*r, ctx)?,
            Addr::NumMod(first, step) => {
                self.line_number >= *first && (self.line_number - first).is_multiple_of(*step)
            }
            Addr::Step(_) | Addr::StepMod(_) => a2num <= self.line_number,
            Addr::Last => self.test_eof(ctx)?,
            Addr::Num(n) => *n == self.line_number,
        })
    }

    fn match_address(&mut self, i: usize, ctx: &mut dyn ToolCtx) -> Result<bool, Stop> {
        let cmd: &'p Cmd = &self.prog.cmds[i];
        let Some(a1) = &cmd.a1 else {
            return Ok(true);
        };
        let ln = self.line_number;
        if self.range[i] != Range::Active {
            let Some(a2) = &cmd.a2 else {
                return self.match_one(a1, ctx, 0);
            };
            if let Addr::Num(n) = a1 {
                if self.range[i] == Range::Closed || ln < *n {
                    return Ok(false);
                }
            } else if !self.match_one(a1, ctx, 0)? {
                return Ok(false);
            }
            self.range[i] = Range::Active;
            match a2 {
                Addr::Re(_) => return Ok(true),
                Addr::Num(n) => {
                    if ln >= *n {
                        self.range[i] = Range::Closed;
                    }
                    return Ok(ln <= *n || self.match_one(a1, ctx, 0)?);
                }
                Addr::Step(s) => {
                    self.a2num[i] = ln.saturating_add(*s);
                    return Ok(true);
                }
                Addr::StepMod(s) => {
                    self.a2num[i] = ln.saturating_add(s - ln % s);
                    return Ok(true);
                }
                _ => {}
            }
        }
        let Some(a2) = &cmd.a2 else {
            return Ok(true);
        };
        if let Addr::Num(n) = a2 {
            if ln >= *n {
                self.range[i] = Range::Closed;
            }
            return Ok(ln <= *n);
        }
        if self.match_one(a2, ctx, self.a2num[i])? {
            self.range[i] = Range::Closed;
        }
        Ok(true)
    }

    // ---------------------------------------------------------------- commands

    /// Run the program on the pattern space: `None` to go on with the next cycle, `Some(status)`
    /// to quit.
    fn execute(&mut self, ctx: &mut dyn ToolCtx) -> Result<Option<i32>, Stop> {
        let prog: &'p Program = self.prog;
        let cmds = &prog.cmds;
        let mut pc = 0;
        while pc < cmds.len() {
            let cmd = &cmds[pc];
            if self.opts.debug {
                let mut d = std::mem::take(&mut self.dbg);
                d.extend_from_slice(b"COMMAND: ");
                debug::print_command(&mut d, prog, cmd, &mut self.dbg_level);
                self.debug_flush(ctx, d)?;
            }
            if self.match_address(pc, ctx)? == cmd.bang {
                if let Kind::Block(end) = cmd.kind {
                    // `{` whose address does not match: go to its `}` (a no-op), as GNU does.
                    pc = end;
                } else {
                    pc += 1;
                }
                continue;
            }
            match &cmd.kind {
                Kind::Block(_) | Kind::BlockEnd | Kind::Label(_) => {}
                Kind::Jump(kind, target) => {
                    let jump = match kind {
                        Branch::Always => true,
                        Branch::IfSub => std::mem::replace(&mut self.replaced, false),
                        Branch::IfNotSub => {
                            let r = self.replaced;
                            self.replaced = false;
                            !r
                        }
                    };
                    if jump {
                        if ctx.is_cancelled() {
                            return Err(Stop::Cancelled);
                        }
                        pc = *target;
                        continue;
                    }
                }
                Kind::Append(_) => self.append.push(Queued::Text(pc)),
                Kind::Insert(text) => {
                    if let Some(t) = text {
                        self.output_text(ctx, None, &t[..t.len() - 1], true)?;
                    }
                }
                Kind::Change(text) => {
                    if self.range[pc] != Range::Active
                        && let Some(t) = text
                    {
                        self.output_text(ctx, None, &t[..t.len() - 1], true)?;
                    }
                    self.debug_buf(ctx, DebugBuf::EndOfCycle)?;
                    return Ok(None);
                }
                Kind::Delete => {
                    self.debug_buf(ctx, DebugBuf::EndOfCycle)?;
                    return Ok(None);
                }
                Kind::DeleteFirst => match memchr(self.opts.delim, &self.line) {
                    None => return Ok(None),
                    Some(p) => {
                        self.line.drain(..=p);
                        self.debug_buf(ctx, DebugBuf::Pattern)?;
                        if ctx.is_cancelled() {
                            return Err(Stop::Cancelled);
                        }
                        pc = 0;
                        continue;
                    }
                },
                Kind::Exec(text) => self.exec_cmd(ctx, text.as_deref())?,
                Kind::GetHold => {
                    self.charge_spaces(ctx, 0, self.hold.len())?;
                    self.line.clear();
                    self.line.extend_from_slice(&self.hold);
                    self.chomped = self.hold_chomped;
                    self.debug_buf(ctx, DebugBuf::Hold)?;
                }
                Kind::GetHoldAppend => {
                    self.charge_spaces(ctx, 0, self.hold.len() + 1)?;
                    self.line.push(self.opts.delim);
                    self.line.extend_from_slice(&self.hold);
                    self.chomped = self.hold_chomped;
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::Hold => {
                    self.charge_spaces(ctx, 0, self.line.len())?;
                    self.hold.clear();
                    self.hold.extend_from_slice(&self.line);
                    self.hold_chomped = self.chomped;
                    self.debug_buf(ctx, DebugBuf::Hold)?;
                }
                Kind::HoldAppend => {
                    self.charge_spaces(ctx, 0, self.line.len() + 1)?;
                    self.hold.push(self.opts.delim);
                    self.hold.extend_from_slice(&self.line);
                    self.hold_chomped = self.chomped;
                    self.debug_buf(ctx, DebugBuf::Hold)?;
                }
                Kind::Exchange => {
                    std::mem::swap(&mut self.line, &mut self.hold);
                    std::mem::swap(&mut self.chomped, &mut self.hold_chomped);
                    self.debug_buf(ctx, DebugBuf::Both)?;
                }
                Kind::List(n) => {
                    let w = n.unwrap_or(self.opts.line_len);
                    self.do_list(ctx, w)?;
                }
                Kind::Next => {
                    if !self.opts.quiet {
                        self.print_pattern(ctx, None)?;
                    }
                    if self.test_eof(ctx)? || !self.read_pattern_space(ctx, false)? {
                        self.debug_buf(ctx, DebugBuf::EndOfCycle)?;
                        return Ok(None);
                    }
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::NextAppend => {
                    self.line.push(self.opts.delim);
                    if self.test_eof(ctx)? || !self.read_pattern_space(ctx, true)? {
                        self.debug_buf(ctx, DebugBuf::EndOfCycle)?;
                        self.line.pop();
                        if !self.opts.not_extended && !self.opts.quiet {
                            self.print_pattern(ctx, None)?;
                        }
                        return Ok(None);
                    }
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::Print => self.print_pattern(ctx, None)?,
                Kind::PrintFirst => self.print_first(ctx, None)?,
                Kind::Quit(code) => {
                    if !self.opts.quiet {
                        self.print_pattern(ctx, None)?;
                    }
                    self.dump_append(ctx)?;
                    return Ok(Some(exit_code(*code)));
                }
                Kind::QuitSilent(code) => return Ok(Some(exit_code(*code))),
                Kind::ReadFile { path, append } => {
                    if *append {
                        self.append.push(Queued::File(path.clone()));
                    } else {
                        self.print_file(ctx, path)?;
                    }
                }
                Kind::ReadLine(i) => self.read_line_cmd(ctx, *i)?,
                Kind::Subst(s) => {
                    self.do_subst(ctx, s)?;
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::Write(i) => self.print_pattern(ctx, Some(*i))?,
                Kind::WriteFirst(i) => self.print_first(ctx, Some(*i))?,
                Kind::Translate(t) => {
                    if t.simple {
                        for b in self.line.iter_mut() {
                            *b = t.map[*b as usize];
                        }
                    } else {
                        let mut out = Vec::with_capacity(self.line.len());
                        let mut i = 0;
                        while i < self.line.len() {
                            let l = super::parse::utf8_len(&self.line[i..]);
                            let ch = &self.line[i..i + l];
                            match t.pairs.iter().find(|(a, _)| a.as_slice() == ch) {
                                Some((_, b)) => out.extend_from_slice(b),
                                None => out.extend_from_slice(ch),
                            }
                            i += l;
                        }
                        self.line = out;
                    }
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::Zap => {
                    self.line.clear();
                    self.debug_buf(ctx, DebugBuf::Pattern)?;
                }
                Kind::LineNo => {
                    self.output_missing_newline(ctx, None)?;
                    let s = format!("{}", self.line_number);
                    let t = self.main.target;
                    self.write_to(ctx, t, s.as_bytes())?;
                    self.write_to(ctx, t, &[self.opts.delim])?;
                }
                Kind::FileName => {
                    self.output_missing_newline(ctx, None)?;
                    let name = self.in_name.clone();
                    let t = self.main.target;
                    self.write_to(ctx, t, &name)?;
                    self.write_to(ctx, t, &[self.opts.delim])?;
                }
            }
            pc += 1;
        }
        self.debug_buf(ctx, DebugBuf::EndOfCycle)?;
        if !self.opts.quiet {
            self.print_pattern(ctx, None)?;
        }
        Ok(None)
    }

    fn read_line_cmd(&mut self, ctx: &mut dyn ToolCtx, i: usize) -> Result<(), Stop> {
        if self.rreaders[i].is_none() {
            let src = match &self.prog.rfiles[i] {
                FileRef::Stdin => Some(input::Source::Stdin),
                FileRef::Stdout | FileRef::Stderr => None,
                FileRef::Path(p) => {
                    let name = diag::lossy(p);
                    if input::is_dir(ctx, &name) {
                        None
                    } else {
                        ctx.open_read(&name).ok().map(input::Source::File)
                    }
                }
            };
            let Some(src) = src else {
                return Ok(());
            };
            self.rreaders[i] = Some(Reader::new(src));
        }
        let delim = self.opts.delim;
        let mut text = Vec::new();
        if let Some(r) = &mut self.rreaders[i]
            && let Some(ch) = r.record(ctx, delim, &mut text)?
        {
            if ch {
                text.push(delim);
            }
            self.append.push(Queued::Owned(text));
        }
        Ok(())
    }

    fn do_list(&mut self, ctx: &mut dyn ToolCtx, line_len: u64) -> Result<(), Stop> {
        self.output_missing_newline(ctx, None)?;
        let delim = self.opts.delim;
        let mut out = Vec::with_capacity(self.line.len() * 2 + 2);
        let mut width: u64 = 0;
        for &c in &self.line {
            let mut o = [0u8; 4];
            let olen = if c.is_ascii() && (0x20..0x7f).contains(&c) {
                o[0] = c;
                if c == b'\\' {
                    o[1] = b'\\';
                    2
                } else {
                    1
                }
            } else {
                o[0] = b'\\';
                let e = match c {
                    7 => Some(b'a'),
                    8 => Some(b'b'),
                    12 => Some(b'f'),
                    b'\n' => Some(b'n'),
                    b'\r' => Some(b'r'),
                    b'\t' => Some(b't'),
                    11 => Some(b'v'),
                    _ => None,
                };
                match e {
                    Some(e) => {
                        o[1] = e;
                        2
                    }
                    None => {
                        o[1] = b'0' + ((c & 0o300) >> 6);
                        o[2] = b'0' + ((c & 0o070) >> 3);
                        o[3] = b'0' + (c & 0o007);
                        4
                    }
                }
            };
            // GNU: `0 < line_len && line_len - olen <= width` in signed arithmetic.
            if line_len > 0 && (line_len < olen || line_len - olen <= width) {
                out.push(b'\\');
                out.push(delim);
                width = 0;
            }
            out.extend_from_slice(&o[..olen as usize]);
            width += olen;
        }
        out.push(b'$');
        out.push(delim);
        let t = self.main.target;
        self.write_to(ctx, t, &out)?;
        if self.opts.unbuffered {
            self.flush_stdout(ctx)?;
        }
        Ok(())
    }

    /// THREAT DOS-MEM-1: the pattern, hold and work spaces (plus `extra` bytes about to be
    /// added to them) are charged to the session's memory budget, so that a script that
    /// doubles a space (`:a; s/x*/&&/; ba`) stops at the budget instead of filling memory.
    fn charge_spaces(
        &mut self,
        ctx: &mut dyn ToolCtx,
        work: usize,
        extra: usize,
    ) -> Result<(), Stop> {
        let held = self.line.len() + self.hold.len() + work + extra;
        let charge = self.charge.get_or_insert_with(|| ctx.memory().charge());
        if held < SPACES_FREE && charge.bytes() == 0 {
            return Ok(());
        }
        charge.set(held).map_err(|_| Stop::Memory)
    }

    fn do_subst(&mut self, ctx: &mut dyn ToolCtx, sub: &'p Subst) -> Result<(), Stop> {
        let ri = self.resolve_re(sub.re, ctx)?;
        let re = &self.prog.regexes[ri];
        let mut locs = std::mem::replace(&mut self.locs[ri], re.locs());
        let r = self.subst_with(ctx, sub, ri, &mut locs);
        self.locs[ri] = locs;
        r
    }

    fn subst_with(
        &mut self,
        ctx: &mut dyn ToolCtx,
        sub: &'p Subst,
        ri: usize,
        locs: &mut Locs,
    ) -> Result<(), Stop> {
        let re = &self.prog.regexes[ri];
        let cancelled = {
            let c: &dyn ToolCtx = &*ctx;
            move || c.is_cancelled()
        };
        if !re
            .search_at(&self.line, 0, locs, &cancelled)
            .map_err(|_| Stop::Cancelled)?
        {
            return Ok(());
        }
        if self.opts.debug && locs.get(0).is_some() {
            let mut d = std::mem::take(&mut self.dbg);
            d.extend_from_slice(b"MATCHED REGEX REGISTERS\n");
            let mut i = 0;
            while let Some((s, e)) = locs.get(i) {
                d.extend_from_slice(format!("  regex[{i}] = {s}-{e} '").as_bytes());
                d.extend_from_slice(&self.line[s..e]);
                d.extend_from_slice(b"'\n");
                i += 1;
            }
            self.debug_flush(ctx, d)?;
        }
        let (m0s, m0e) = locs.get(0).unwrap_or((0, 0));
        let mut done = false;
        if sub.repl.is_empty() && sub.numb <= 1 {
            if m0s == 0 && !sub.global {
                self.replaced = true;
                self.line.drain(..m0e);
                done = true;
            } else if m0e == self.line.len() {
                self.replaced = true;
                self.line.truncate(m0s);
                done = true;
            }
        }
        if !done {
            let mut start = 0usize;
            let mut last_end = 0usize;
            let mut count: u64 = 0;
            let numb = sub.numb.max(1);
            let mut accum = std::mem::take(&mut self.accum);
            accum.clear();
            let len = self.line.len();
            loop {
                let (offset, end) = locs.get(0).unwrap_or((0, 0));
                let mut matched = end - offset;
                if start < offset {
                    accum.extend_from_slice(&self.line[start..offset]);
                    start = offset;
                }
                let mut again = true;
                let eligible = matched > 0 || count == 0 || offset > last_end;
                if eligible {
                    count += 1;
                }
                if eligible && count >= numb {
                    self.replaced = true;
                    let grows = replacement_len(&sub.repl, locs);
                    if accum.len() + grows > accum.capacity()
                        && let Err(e) = self.charge_spaces(ctx, accum.len(), grows)
                    {
                        self.accum = accum;
                        return Err(e);
                    }
                    append_replacement(&mut accum, &sub.repl, &self.line, locs);
                    again = sub.global;
                } else {
                    if matched == 0 {
                        if start < len {
                            matched = 1;
                        } else {
                            break;
                        }
                    }
                    accum.extend_from_slice(&self.line[offset..offset + matched]);
                }
                start = offset + matched;
                last_end = end;
                if ctx.is_cancelled() {
                    self.accum = accum;
                    return Err(Stop::Cancelled);
                }
                let found = again && start <= len && {
                    let c: &dyn ToolCtx = &*ctx;
                    let found = re.search_at(&self.line, start, locs, &|| c.is_cancelled());
                    match found {
                        Ok(f) => f,
                        Err(_) => {
                            self.accum = accum;
                            return Err(Stop::Cancelled);
                        }
                    }
                };
                if !found {
                    break;
                }
            }
            if start < len {
                accum.extend_from_slice(&self.line[start..]);
            }
            std::mem::swap(&mut self.line, &mut accum);
            // The old pattern space: kept for reuse while small, given back when big.
            self.accum = if accum.capacity() > SPACES_FREE {
                Vec::new()
            } else {
                accum
            };
            self.charge_spaces(ctx, 0, 0)?;
            if count < numb {
                return Ok(());
            }
        }
        if sub.print & 1 != 0 {
            self.print_pattern(ctx, None)?;
        }
        if sub.eval {
            self.flush_stdout(ctx)?;
            let cmd = self.line.clone();
            let mut out = self.run_capture(ctx, &cmd)?;
            if out.last() == Some(&self.opts.delim) {
                out.pop();
            }
            self.line = out;
        }
        if sub.print & 2 != 0 {
            self.print_pattern(ctx, None)?;
        }
        if let Some(w) = sub.wfile {
            self.print_pattern(ctx, Some(w))?;
        }
        Ok(())
    }

    fn exec_cmd(&mut self, ctx: &mut dyn ToolCtx, text: Option<&[u8]>) -> Result<(), Stop> {
        match text {
            None => {
                let cmd = self.line.clone();
                let mut out = self.run_capture(ctx, &cmd)?;
                if out.last() == Some(&self.opts.delim) {
                    out.pop();
                }
                self.line = out;
            }
            Some(t) => {
                let cmd = &t[..t.len().saturating_sub(1)];
                let out = self.run_capture(ctx, cmd)?;
                self.output_missing_newline(ctx, None)?;
                let tg = self.main.target;
                self.write_to(ctx, tg, &out)?;
            }
        }
        Ok(())
    }

    /// Run `cmd` with sandsh's own shell (never the host) and capture its standard output
    /// through a temporary file in the sandbox.
    fn run_capture(&mut self, ctx: &mut dyn ToolCtx, cmd: &[u8]) -> Result<Vec<u8>, Stop> {
        self.flush_stdout(ctx)?;
        let dir = if input::is_dir(ctx, "/tmp") {
            "/tmp"
        } else {
            "."
        };
        let tmp = format!("{dir}/.sed-e-{}", self.unique());
        let script: &[u8] = b"eval \"$1\" > \"$2\" < /dev/null";
        let args: Vec<Arg> = vec![
            b"-c".to_vec(),
            script.to_vec(),
            b"sed".to_vec(),
            cmd.to_vec(),
            tmp.as_bytes().to_vec(),
        ];
        let st = ctx.call("sh", &args);
        let path = ctx.resolve_path(&tmp);
        let data = ctx.backend().read(&path, None);
        let _ = ctx.backend().remove(&path, false);
        if ctx.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        match data {
            Ok(d) => Ok(d),
            Err(_) => {
                if st == 127 {
                    let _ = writeln!(
                        ctx.stderr(),
                        "sed: the e command is not supported here (no shell to run it)"
                    );
                } else {
                    let _ = writeln!(ctx.stderr(), "sed: error in subprocess");
                }
                Err(Stop::Panic)
            }
        }
    }
}

impl Exec<'_> {
    /// A name part no other run uses: a counter, this run's address (distinct for seds that
    /// run at the same time, e.g. in one pipeline) and the clock (which a kernel may fix).
    fn unique(&mut self) -> String {
        self.tmp_counter += 1;
        let addr = self as *const Self as usize;
        format!("{}{:x}{:06x}", self.tmp_counter, addr, self.stamp)
    }
}

/// `q`/`Q`'s status: GNU clamps to `int`, and the process status keeps the low byte.
fn exit_code(code: Option<u64>) -> i32 {
    (code.unwrap_or(0).min(i32::MAX as u64) & 0xff) as i32
}

/// What a `--debug` hook prints.
#[derive(Clone, Copy)]
enum DebugBuf {
    Pattern,
    Hold,
    Both,
    EndOfCycle,
}

fn initial_range(c: &Cmd) -> Range {
    if matches!(c.a1, Some(Addr::Num(0))) {
        Range::Active
    } else {
        Range::Inactive
    }
}
