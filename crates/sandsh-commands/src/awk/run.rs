//! The program's life cycle (BEGIN, the record loop over ARGV, END, closing streams) and the
//! I/O statements: `getline` in its forms, output redirections, `close`, `fflush`.

use super::ast::special as sv;
use super::ast::*;
use super::interp::{Cell, Flow, Interp, R, fatal, is_ident};
use super::io::{self, OutKind, Output, ReadErr, Reader};
use super::value::Value;
use crate::common::{diag, input, output};

const FILE_FLUSH: usize = 64 * 1024;

impl Interp<'_> {
    /// Run the whole program; returns the exit status.
    pub fn run_program(&mut self) -> R<()> {
        self.apply_fs()?;
        let prog = self.prog;
        let mut exited = false;
        for item in &prog.items {
            if let (Pattern::Begin, Some(body)) = (&item.pattern, &item.action) {
                self.line = self.line.max(1);
                match self.exec_block(body) {
                    Ok(()) => {}
                    Err(Flow::Exit) => {
                        exited = true;
                        break;
                    }
                    Err(Flow::Next) => return fatal("`next' cannot be called from a `BEGIN' rule"),
                    Err(Flow::NextFile) => {
                        return fatal("`nextfile' cannot be called from a `BEGIN' rule");
                    }
                    Err(f) => return Err(f),
                }
            }
        }
        if !exited && prog.needs_input {
            match self.main_loop() {
                Ok(()) => {}
                Err(Flow::Exit) => {}
                Err(f) => return Err(f),
            }
        }
        // gawk's inplace extension puts the last file in place in its own END rule, which
        // runs before the program's.
        self.inplace_end()?;
        self.in_end = true;
        for item in &prog.items {
            if let (Pattern::End, Some(body)) = (&item.pattern, &item.action) {
                self.line = self.line.max(1);
                match self.exec_block(body) {
                    Ok(()) => {}
                    Err(Flow::Exit) => break,
                    Err(f) => return Err(f),
                }
            }
        }
        Ok(())
    }

    fn main_loop(&mut self) -> R<()> {
        let prog = self.prog;
        let has_main = prog.items.iter().any(|i| {
            !matches!(
                i.pattern,
                Pattern::Begin | Pattern::End | Pattern::BeginFile | Pattern::EndFile
            )
        });
        loop {
            if !self.next_main_record(true)? {
                return Ok(());
            }
            if !has_main {
                continue;
            }
            match self.run_rules() {
                Ok(()) | Err(Flow::Next) => {}
                Err(Flow::NextFile) => {
                    self.main.reader = None;
                    self.end_file()?;
                }
                Err(f) => return Err(f),
            }
        }
    }

    fn run_rules(&mut self) -> R<()> {
        // Once a rule runs, fatal errors name a source line (line 1 when the program has
        // one line and its statements carry none).
        self.line = self.line.max(1);
        let prog = self.prog;
        for item in &prog.items {
            let fire = match &item.pattern {
                Pattern::Begin | Pattern::End | Pattern::BeginFile | Pattern::EndFile => continue,
                Pattern::All => true,
                Pattern::Expr(e) => self.cond(e)?,
                Pattern::Range(a, b, slot) => {
                    if self.ranges[*slot] {
                        if self.cond(b)? {
                            self.ranges[*slot] = false;
                        }
                        true
                    } else if self.cond(a)? {
                        if !self.cond(b)? {
                            self.ranges[*slot] = true;
                        }
                        true
                    } else {
                        false
                    }
                }
            };
            if !fire {
                continue;
            }
            match &item.action {
                Some(body) => self.exec_block(body)?,
                None => {
                    self.out.extend_from_slice(&self.record.text);
                    self.out.extend_from_slice(&self.ors);
                    if self.out.len() >= FILE_FLUSH {
                        self.flush_out()?;
                    }
                }
            }
        }
        Ok(())
    }

    fn argv_get(&mut self, i: usize) -> Option<Value> {
        let Cell::Arr(a) = &self.globals[sv::ARGV] else {
            return None;
        };
        let k = self.key_of(&Value::Num(i as f64));
        a.borrow().get_value(&k).cloned()
    }

    fn argc(&self) -> usize {
        match &self.globals[sv::ARGC] {
            Cell::Val(v) => {
                let n = v.to_num();
                if n > 0.0 { n as usize } else { 0 }
            }
            Cell::Arr(_) => 0,
        }
    }

    /// Open the next main input when none is open. False when the operands are exhausted.
    fn open_next_main(&mut self) -> R<bool> {
        loop {
            if self.main.reader.is_some() {
                return Ok(true);
            }
            if self.main.finished {
                return Ok(false);
            }
            let argc = self.argc();
            if self.main.argi >= argc {
                self.main.finished = true;
                if self.main.used_file {
                    return Ok(false);
                }
                self.main.used_file = true;
                if self.inplace.is_some() {
                    self.inplace_warn("disabling in-place editing for invalid FILENAME `-'");
                }
                self.main.reader = Some(Reader::new(input::Source::Stdin));
                self.fnr = 0.0;
                self.filename_shown = b"-".to_vec();
                // gawk names standard input "-" in FILENAME
                self.set_var(Var::Global(sv::FILENAME), Value::from_bytes(b"-"))?;
                if !self.begin_file()? {
                    continue;
                }
                return Ok(true);
            }
            let i = self.main.argi;
            self.main.argi += 1;
            let Some(arg) = self.argv_get(i) else {
                continue;
            };
            let arg = arg.to_str_with(&self.convfmt);
            if arg.is_empty() {
                continue;
            }
            if let Some(eq) = arg.iter().position(|&b| b == b'=')
                && is_ident(&arg[..eq])
            {
                self.command_assign(&arg[..eq], &arg[eq + 1..])?;
                continue;
            }
            self.main.used_file = true;
            let name = String::from_utf8_lossy(&arg).into_owned();
            if input::is_dir(&*self.ctx, &name) {
                self.warn_plain(&format!(
                    "command line argument `{name}' is a directory: skipped"
                ))?;
                continue;
            }
            let src = match input::open(self.ctx, &arg) {
                Ok(s) => s,
                Err(reason) => {
                    if self.inplace.is_some() {
                        self.inplace_end()?;
                        self.inplace_warn(&format!("Cannot stat `{name}' ({reason})"));
                        self.fatal_place = Some(super::inplace::PLACE);
                    }
                    // gawk leaves the last file behind first: no `(FILENAME=… FNR=…)`.
                    self.fnr = 0.0;
                    return fatal(format!("cannot open file `{name}' for reading: {reason}"));
                }
            };
            let reader = if self.inplace.is_some() && arg[..] != *b"-" {
                // The file is replaced while it is read (`awk -i inplace … f f`): read it
                // whole now, as gawk reads the one it holds open.
                let mut src = src;
                match input::read_all(self.ctx, &mut src) {
                    Ok(d) => Reader::from_bytes(d),
                    Err(_) if self.ctx.is_cancelled() => return Err(Flow::Cancelled),
                    Err(e) => {
                        let m = diag::io_msg(&e);
                        return fatal(format!("error reading input file `{name}': {m}"));
                    }
                }
            } else {
                Reader::new(src)
            };
            self.main.reader = Some(reader);
            self.fnr = 0.0;
            if self.inplace.is_some() {
                // As gawk: the file is open before the last one is put in place.
                self.inplace_end()?;
                if arg[..] == *b"-" {
                    self.inplace_warn("disabling in-place editing for invalid FILENAME `-'");
                } else {
                    self.inplace_begin(name)?;
                }
            }
            self.set_var(Var::Global(sv::FILENAME), Value::from_bytes(&arg))?;
            self.filename_shown = arg.to_vec();
            self.begin_file()?;
        }
    }

    /// gawk's BEGINFILE rules, for the file just opened; `false` when one of them said
    /// `nextfile` (the file is skipped).
    fn begin_file(&mut self) -> R<bool> {
        if !self.prog.has_file_rules {
            return Ok(true);
        }
        // FNR is 0 until the file's first record.
        self.globals[sv::FNR] = Cell::Val(Value::Num(0.0));
        self.main.in_file = true;
        match self.file_rules(true) {
            Ok(()) => Ok(true),
            // The file is skipped; its ENDFILE rules still run (gawk).
            Err(Flow::NextFile) => {
                self.main.reader = None;
                self.end_file()?;
                Ok(false)
            }
            Err(Flow::Next) => fatal("`next' cannot be called from a `BEGINFILE' rule"),
            Err(f) => Err(f),
        }
    }

    /// gawk's ENDFILE rules, once the file begun is read through (or left by `nextfile`).
    fn end_file(&mut self) -> R<()> {
        if !std::mem::take(&mut self.main.in_file) {
            return Ok(());
        }
        match self.file_rules(false) {
            Ok(()) => Ok(()),
            Err(Flow::Next) => fatal("`next' cannot be called from a `ENDFILE' rule"),
            Err(Flow::NextFile) => fatal("`nextfile' cannot be called from a `ENDFILE' rule"),
            Err(f) => Err(f),
        }
    }

    fn file_rules(&mut self, begin: bool) -> R<()> {
        let prog = self.prog;
        for item in &prog.items {
            let hit = match item.pattern {
                Pattern::BeginFile => begin,
                Pattern::EndFile => !begin,
                _ => false,
            };
            if let (true, Some(body)) = (hit, &item.action) {
                self.line = self.line.max(1);
                self.exec_block(body)?;
            }
        }
        Ok(())
    }

    /// `name=value` operand or `-v` assignment (escapes processed, value a strnum).
    pub fn command_assign(&mut self, name: &[u8], value: &[u8]) -> R<()> {
        let n = String::from_utf8_lossy(name).into_owned();
        let idx = self.prog.globals.iter().position(|g| *g == n);
        let v = Value::strnum(&super::lexer::unescape(value));
        match idx {
            Some(i) => self.set_var(Var::Global(i), v),
            None => Ok(()),
        }
    }

    /// Read the next main-input record into `$0` (or return it when `into_record` is false).
    pub fn next_main_record(&mut self, into_record: bool) -> R<bool> {
        loop {
            self.check_cancel()?;
            if !self.open_next_main()? {
                return Ok(false);
            }
            let Some(reader) = self.main.reader.as_mut() else {
                return Ok(false);
            };
            let mut rec = std::mem::take(&mut self.rec_buf);
            let mut rt = std::mem::take(&mut self.rt_buf);
            let got = reader.next_record(self.ctx, &self.rs, &mut rec, &mut rt);
            match got {
                Ok(true) => {
                    self.nr += 1.0;
                    self.fnr += 1.0;
                    self.globals[sv::NR] = Cell::Val(Value::Num(self.nr));
                    self.globals[sv::FNR] = Cell::Val(Value::Num(self.fnr));
                    if !matches!(self.rs, super::io::RsMode::Byte(b'\n')) || rt.as_slice() != b"\n"
                    {
                        self.globals[sv::RT] = Cell::Val(Value::strnum(&rt));
                    } else if !matches!(&self.globals[sv::RT], Cell::Val(Value::StrNum(s)) if &s[..] == b"\n")
                    {
                        self.globals[sv::RT] = Cell::Val(Value::strnum(b"\n"));
                    }
                    if into_record {
                        self.record.swap_text(&mut rec);
                    } else {
                        self.pending_line = rec.clone();
                    }
                    self.rec_buf = rec;
                    self.rt_buf = rt;
                    return Ok(true);
                }
                Ok(false) => {
                    self.rec_buf = rec;
                    self.rt_buf = rt;
                    self.main.reader = None;
                    self.end_file()?;
                }
                Err(ReadErr::Cancelled) => return Err(Flow::Cancelled),
                Err(ReadErr::Io(m)) => {
                    self.main.reader = None;
                    let name = String::from_utf8_lossy(&self.filename_shown).into_owned();
                    // A directory on standard input is skipped with gawk's warning, as a
                    // directory operand is.
                    if m.contains("Is a directory") {
                        self.warn_plain(&format!(
                            "command line argument `{name}' is a directory: skipped"
                        ))?;
                        continue;
                    }
                    return fatal(format!("error reading input file `{name}': {m}"));
                }
            }
        }
    }

    pub fn getline(
        &mut self,
        src: GetlineSrc,
        target: Option<&Expr>,
        var: Option<&LValue>,
    ) -> R<Value> {
        match src {
            GetlineSrc::Main => {
                if self.in_end && self.main.finished && self.main.reader.is_none() {
                    return Ok(Value::Num(0.0));
                }
                let into = var.is_none();
                if !self.next_main_record(into)? {
                    return Ok(Value::Num(0.0));
                }
                if let Some(lv) = var {
                    let line = std::mem::take(&mut self.pending_line);
                    self.assign(lv, Value::strnum(&line))?;
                }
                Ok(Value::Num(1.0))
            }
            GetlineSrc::File | GetlineSrc::Cmd => {
                let Some(t) = target else {
                    return Ok(Value::Num(-1.0));
                };
                let name = self.eval(t)?.to_str_with(&self.convfmt).to_vec();
                if !self.inputs.contains_key(&name) {
                    let reader = if src == GetlineSrc::Cmd {
                        self.flush_all()?;
                        match io::run_capture(self.ctx, &name, &mut self.tmp_counter) {
                            Ok((data, st)) => {
                                self.cmd_status.insert(name.clone(), st);
                                Reader::from_bytes(data)
                            }
                            Err(m) => return fatal(m),
                        }
                    } else if name == b"-" || name == b"/dev/stdin" {
                        Reader::new(input::Source::Stdin)
                    } else {
                        let path = String::from_utf8_lossy(&name).into_owned();
                        if input::is_dir(&*self.ctx, &path) {
                            return Ok(Value::Num(-1.0));
                        }
                        match input::open(self.ctx, &name) {
                            Ok(s) => Reader::new(s),
                            Err(_) => return Ok(Value::Num(-1.0)),
                        }
                    };
                    self.inputs.insert(name.clone(), reader);
                }
                let mut rec = Vec::new();
                let mut rt = Vec::new();
                let Some(reader) = self.inputs.get_mut(&name) else {
                    return Ok(Value::Num(-1.0));
                };
                match reader.next_record(self.ctx, &self.rs, &mut rec, &mut rt) {
                    Ok(true) => {}
                    Ok(false) => return Ok(Value::Num(0.0)),
                    Err(ReadErr::Cancelled) => return Err(Flow::Cancelled),
                    Err(ReadErr::Io(_)) => return Ok(Value::Num(-1.0)),
                }
                self.globals[sv::RT] = Cell::Val(Value::strnum(&rt));
                match var {
                    Some(lv) => {
                        self.assign(lv, Value::strnum(&rec))?;
                    }
                    None => {
                        self.record.set_owned(rec);
                    }
                }
                Ok(Value::Num(1.0))
            }
        }
    }

    // ---- output ----

    pub fn write_redirect(&mut self, kind: RedirKind, name: &[u8], bytes: &[u8]) -> R<()> {
        if !self.outputs.contains_key(name) {
            let mut fd = None;
            let k = match kind {
                RedirKind::Pipe => OutKind::Pipe(name.to_vec()),
                _ if matches!(name, b"/dev/stdout" | b"/dev/fd/1" | b"-") => OutKind::Stdout,
                _ if matches!(name, b"/dev/stderr" | b"/dev/fd/2") => OutKind::Stderr,
                _ if output::is_fd_path(&String::from_utf8_lossy(name)) => {
                    // Written through at once while stdout stays buffered, as in gawk.
                    let path = String::from_utf8_lossy(name).into_owned();
                    match self.ctx.open_write(&path, kind == RedirKind::Append) {
                        Ok(w) => fd = Some(w),
                        Err(e) => {
                            let m = diag::io_msg(&e);
                            return fatal(format!("cannot redirect to `{path}': {m}"));
                        }
                    }
                    OutKind::Fd
                }
                _ => {
                    let path = String::from_utf8_lossy(name).into_owned();
                    let p = self.ctx.resolve_path(&path);
                    let mode = if kind == RedirKind::Append {
                        sandsh_api::fs::WriteMode::Append
                    } else {
                        sandsh_api::fs::WriteMode::Truncate
                    };
                    let dir = input::is_dir(&*self.ctx, &path);
                    let r = if dir {
                        Err("Is a directory".to_string())
                    } else {
                        self.ctx
                            .backend()
                            .write(&p, b"", mode, 0o666 & !self.ctx.umask())
                            .map_err(|e| diag::vfs_msg(&e))
                    };
                    if let Err(m) = r {
                        let m = m.rsplit(": ").next().unwrap_or(&m).to_string();
                        return fatal(format!("cannot redirect to `{path}': {m}"));
                    }
                    OutKind::File(path)
                }
            };
            self.outputs.insert(
                name.to_vec(),
                Output {
                    kind: k,
                    buf: Vec::new(),
                    fd,
                },
            );
        }
        let Some(o) = self.outputs.get_mut(name) else {
            return Ok(());
        };
        match &o.kind {
            OutKind::Stdout => {
                self.out.extend_from_slice(bytes);
                if self.out.len() >= FILE_FLUSH {
                    self.flush_out()?;
                }
            }
            OutKind::Stderr => {
                self.flush_out()?;
                let _ = self.ctx.stderr().write_all(bytes);
            }
            OutKind::File(_) => {
                o.buf.extend_from_slice(bytes);
                if o.buf.len() >= FILE_FLUSH {
                    self.flush_one(name)?;
                }
            }
            OutKind::Pipe(_) => o.buf.extend_from_slice(bytes),
            OutKind::Fd => {
                if let Some(w) = self.outputs.get_mut(name).and_then(|o| o.fd.as_mut()) {
                    let _ = w.write_all(bytes);
                }
            }
        }
        Ok(())
    }

    /// Flush one named stream; false when no such stream is open.
    pub fn flush_one(&mut self, name: &[u8]) -> R<bool> {
        let Some(o) = self.outputs.get_mut(name) else {
            return Ok(false);
        };
        if let OutKind::File(path) = &o.kind
            && !o.buf.is_empty()
        {
            let p = self.ctx.resolve_path(path);
            let data = std::mem::take(&mut o.buf);
            if let Err(e) = self.ctx.backend().append(&p, &data) {
                return fatal(format!("write failure on `{path}': {}", diag::vfs_msg(&e)));
            }
        }
        Ok(true)
    }

    /// Flush stdout and every file stream (pipes are fed when closed).
    pub fn flush_all(&mut self) -> R<()> {
        self.flush_out()?;
        let names: Vec<Vec<u8>> = self.outputs.keys().cloned().collect();
        for n in names {
            self.flush_one(&n)?;
        }
        Ok(())
    }

    pub fn close_stream(&mut self, name: &[u8]) -> R<i32> {
        if let Some(o) = self.outputs.get(name) {
            let kind = o.kind.clone();
            self.flush_one(name)?;
            let o = self.outputs.remove(name);
            if let (OutKind::Pipe(cmd), Some(o)) = (kind, o) {
                self.flush_all()?;
                return match io::run_feed(self.ctx, &cmd, &o.buf, &mut self.tmp_counter) {
                    Ok(st) => {
                        if self.ctx.is_cancelled() {
                            return Err(Flow::Cancelled);
                        }
                        Ok(st)
                    }
                    Err(m) => fatal(m),
                };
            }
            return Ok(0);
        }
        if self.inputs.remove(name).is_some() {
            return Ok(self.cmd_status.remove(name).unwrap_or(0));
        }
        Ok(-1)
    }

    /// Close every stream at exit (files flushed, pipes run in the order opened is not
    /// tracked; names are closed in sorted order for determinism).
    pub fn close_all(&mut self) -> R<()> {
        self.flush_out()?;
        let mut names: Vec<Vec<u8>> = self.outputs.keys().cloned().collect();
        names.sort();
        for n in names {
            self.close_stream(&n)?;
        }
        self.flush_out()
    }

    pub fn warn_plain(&mut self, msg: &str) -> R<()> {
        self.flush_out()?;
        let _ = writeln!(self.ctx.stderr(), "{}: warning: {msg}", self.me);
        Ok(())
    }

    /// gawk names the input position in a fatal error whenever FNR is above zero (in END
    /// too: FNR keeps its last value there).
    pub fn fatal_prefix(&self) -> String {
        if self.fnr > 0.0 {
            format!(
                "(FILENAME={} FNR={}) ",
                String::from_utf8_lossy(&self.filename_shown),
                self.fnr
            )
        } else {
            String::new()
        }
    }
}
