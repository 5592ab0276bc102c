//! The sqlite3 shell's loop: input split into SQL statements and dot-commands as the 3.40
//! CLI splits it (`quickscan` and `sqlite3_complete`), statements run with the CLI's error
//! messages (`Parse error near line N: …`, `Error: in prepare, …`), and the dot-commands
//! scripts use.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char, c_int};
use std::ptr;

use rusqlite::ffi;
use sandsh_api::ToolCtx;

use super::db::{Db, errmsg};
use super::render::{self, Cell, Mode, Settings};
use crate::common::output::OutFile;

pub type Cx<'c> = RefCell<&'c mut dyn ToolCtx>;

/// Where results go: stdout, or a file (`.output FILE`, `.once FILE`).
enum Dest {
    Stdout,
    File(OutFile),
}

pub struct Shell<'a, 'c> {
    pub cx: &'a Cx<'c>,
    pub db: Db,
    pub s: Settings,
    pub bail: bool,
    /// The status `.exit N` asked for.
    pub exit: i32,
    out: Vec<u8>,
    dest: Dest,
    once: bool,
    /// A statement that may have written ran since the database was last saved.
    pub dirty: bool,
    /// Output could not be written (closed pipe): stop.
    pub broken: bool,
    depth: usize,
    /// `-readonly`: attached files load read-only too.
    pub readonly: bool,
    /// The run's memory budget (the largest database loaded).
    pub limit: u64,
    /// The databases that stand for sandbox files (`main` opened from a file, those
    /// attached), written back after each change (`backing.rs`).
    pub backed: Vec<super::backing::Backed>,
    /// A write-back failed: the command's status is 1.
    pub write_failed: bool,
    /// `.changes on`: each chunk of SQL read from a script is followed by its change counts.
    pub count_changes: bool,
}

/// What a dot-command asks of the loop.
#[derive(PartialEq, Eq)]
pub enum Meta {
    Ok,
    Err,
    Quit,
}

/// `quickscan`'s state: the character awaited to close a quote or comment, whether the line
/// holds anything but space, whether it ends in `;`.
#[derive(Clone, Copy, Default)]
struct Scan {
    wait: u8,
    dark: bool,
    semi: bool,
}

fn quickscan(line: &[u8], mut q: Scan) -> Scan {
    let mut i = 0;
    while i < line.len() {
        let c = line[i];
        i += 1;
        if q.wait != 0 {
            if c == q.wait {
                match q.wait {
                    b'*' => {
                        if line.get(i) == Some(&b'/') {
                            i += 1;
                            q.wait = 0;
                        }
                    }
                    b'`' | b'\'' | b'"' if line.get(i) == Some(&q.wait) => i += 1,
                    _ => q.wait = 0,
                }
            }
            continue;
        }
        if c.is_ascii_whitespace() {
            continue;
        }
        match c {
            b'-' if line.get(i) == Some(&b'-') => return q,
            b';' => {
                q.semi = true;
                continue;
            }
            b'/' if line.get(i) == Some(&b'*') => {
                i += 1;
                q.wait = b'*';
                continue;
            }
            b'[' | b'`' | b'\'' | b'"' => {
                q.wait = if c == b'[' { b']' } else { c };
                q.dark = true;
                q.semi = false;
                continue;
            }
            _ => {}
        }
        q.semi = false;
        q.dark = true;
    }
    q
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Whether `sql` with a `;` added is complete (the CLI's `line_is_complete`).
fn complete_with_semi(sql: &[u8]) -> bool {
    let mut s = sql.to_vec();
    s.push(b';');
    super::db::complete(&s)
}

/// A line that is only `/` or `go` ends the statement (the CLI's `line_is_command_terminator`).
fn is_terminator(line: &[u8]) -> bool {
    let t: Vec<u8> = line.iter().copied().filter(|b| !is_space(*b)).collect();
    t == b"/" || t.eq_ignore_ascii_case(b"go")
}

impl<'a, 'c> Shell<'a, 'c> {
    pub fn new(cx: &'a Cx<'c>, db: Db) -> Shell<'a, 'c> {
        Shell {
            cx,
            db,
            s: Settings::default(),
            bail: false,
            exit: 0,
            out: Vec::new(),
            dest: Dest::Stdout,
            once: false,
            dirty: false,
            broken: false,
            depth: 0,
            readonly: false,
            limit: u64::MAX,
            backed: Vec::new(),
            write_failed: false,
            count_changes: false,
        }
    }

    pub fn cancelled(&self) -> bool {
        self.cx
            .try_borrow()
            .map(|c| c.is_cancelled())
            .unwrap_or(false)
    }

    /// Writes buffered results to their destination.
    pub fn flush(&mut self) {
        if self.out.is_empty() {
            return;
        }
        let data = std::mem::take(&mut self.out);
        let mut cx = self.cx.borrow_mut();
        match &mut self.dest {
            Dest::Stdout => {
                if cx.stdout().write_all(&data).is_err() {
                    self.broken = true;
                }
            }
            Dest::File(f) => {
                if f.is_fd() {
                    let _ = cx.stdout().flush();
                }
                if let Err(m) = f.write(&**cx, &data) {
                    let _ = writeln!(cx.stderr(), "Error: {m}");
                }
            }
        }
    }

    fn maybe_flush(&mut self) {
        if self.out.len() >= crate::common::input::CHUNK {
            self.flush();
        }
    }

    /// Prints an error line on stderr (results so far first).
    pub fn eprint(&mut self, msg: &str) {
        self.flush();
        let mut cx = self.cx.borrow_mut();
        let _ = cx.stdout().flush();
        let _ = cx.stderr().write_all(msg.as_bytes());
        let _ = cx.stderr().write_all(b"\n");
    }

    /// Sends results back to stdout (the end of `.once`, `.output` with no file).
    fn reset_output(&mut self) {
        self.flush();
        self.dest = Dest::Stdout;
        self.once = false;
    }

    /// Runs `input` (a script: stdin, `.read FILE`); the number of errors, and whether
    /// `.quit` was reached.
    pub fn process(&mut self, input: &[u8], file: bool) -> (usize, bool) {
        self.depth += 1;
        let mut errs = 0usize;
        let mut sql: Vec<u8> = Vec::new();
        let mut start = 0usize;
        let mut q = Scan::default();
        let mut lineno = 0usize;
        let mut quit = false;
        let mut rest = input;
        let _ = file;
        while !rest.is_empty() && (errs == 0 || !self.bail) {
            if self.cancelled() || self.broken {
                break;
            }
            let (mut line, next) = match memchr::memchr(b'\n', rest) {
                Some(p) => (&rest[..p], &rest[p + 1..]),
                None => (rest, &rest[rest.len()..]),
            };
            rest = next;
            if line.last() == Some(&b'\r') {
                line = &line[..line.len() - 1];
            }
            lineno += 1;
            let owned;
            if q.wait == 0 && is_terminator(line) && (sql.is_empty() || complete_with_semi(&sql)) {
                owned = b";".to_vec();
                line = &owned;
            }
            q = quickscan(line, q);
            let plain_white = q.wait == 0 && !q.dark;
            if plain_white && sql.is_empty() {
                q = Scan::default();
                continue;
            }
            if sql.is_empty() && matches!(line.first(), Some(b'.' | b'#')) {
                if line[0] == b'.' {
                    match self.meta(line) {
                        Meta::Quit => {
                            quit = true;
                            break;
                        }
                        Meta::Err => errs += 1,
                        Meta::Ok => {}
                    }
                }
                q = Scan::default();
                continue;
            }
            if sql.is_empty() {
                let skip = line.iter().take_while(|b| is_space(**b)).count();
                sql.extend_from_slice(&line[skip..]);
                start = lineno;
            } else {
                sql.push(b'\n');
                sql.extend_from_slice(line);
            }
            let semi_term = q.wait == 0 && q.semi;
            if !sql.is_empty() && semi_term && super::db::complete(&sql) {
                errs += self.run_line(&std::mem::take(&mut sql), Some(start));
                if self.once {
                    self.reset_output();
                }
                q = Scan::default();
            } else if !sql.is_empty() && plain_white {
                sql.clear();
                q = Scan::default();
            }
        }
        if !sql.is_empty() && !quit && !self.cancelled() && (errs == 0 || !self.bail) {
            errs += self.run_line(&sql, Some(start));
        }
        self.depth -= 1;
        (errs, quit)
    }

    /// One chunk of SQL from a script: errors printed as the CLI prints them. 1 on error.
    pub fn run_line(&mut self, sql: &[u8], line: Option<usize>) -> usize {
        match self.exec(sql) {
            Ok(()) => {
                if self.count_changes {
                    // SAFETY: the connection is open.
                    let (n, total) = unsafe {
                        (
                            rusqlite::ffi::sqlite3_changes64(self.db.raw()),
                            rusqlite::ffi::sqlite3_total_changes64(self.db.raw()),
                        )
                    };
                    self.push(format!("changes: {n}   total_changes: {total}\n").as_bytes());
                }
                0
            }
            Err((_, msg)) => {
                let (kind, tail) = if let Some(t) = msg.strip_prefix("in prepare, ") {
                    ("Parse error", t)
                } else if let Some(t) = msg.strip_prefix("stepping, ") {
                    ("Runtime error", t)
                } else {
                    ("Error", msg.as_str())
                };
                let prefix = match line {
                    Some(n) => format!("{kind} near line {n}:"),
                    None => format!("{kind}:"),
                };
                self.eprint(&format!("{prefix} {tail}"));
                1
            }
        }
    }

    /// Runs every statement of `sql`; on error the CLI's message (`in prepare, …`,
    /// `stepping, …`) and SQLite's result code.
    pub fn exec(&mut self, sql: &[u8]) -> Result<(), (c_int, String)> {
        let end = memchr::memchr(0, sql).unwrap_or(sql.len());
        let Ok(csql) = CString::new(&sql[..end]) else {
            return Ok(());
        };
        let raw = self.db.raw();
        let mut z: *const c_char = csql.as_ptr();
        // SAFETY: `z` walks `csql`, a C string alive for the loop; statements are finalized
        // before the next is prepared.
        unsafe {
            while *z != 0 {
                let mut stmt: *mut ffi::sqlite3_stmt = ptr::null_mut();
                let mut tail: *const c_char = ptr::null();
                let rc = ffi::sqlite3_prepare_v2(raw, z, -1, &mut stmt, &mut tail);
                if rc != ffi::SQLITE_OK {
                    let sql_here = CStr::from_ptr(z).to_bytes();
                    return Err((rc, self.err_msg("in prepare", rc, Some(sql_here))));
                }
                if stmt.is_null() {
                    z = skip_space(tail);
                    continue;
                }
                let attach = self.db.guard().attach.borrow_mut().take();
                if let Some(file) = attach {
                    let sql = CStr::from_ptr(ffi::sqlite3_sql(stmt))
                        .to_string_lossy()
                        .into_owned();
                    ffi::sqlite3_finalize(stmt);
                    self.attach_file(&file, &sql)?;
                    z = skip_space(tail);
                    continue;
                }
                let detach = self.db.guard().detach.borrow_mut().take();
                if let Some(schema) = detach
                    && let Err(e) = self.before_detach(&schema)
                {
                    ffi::sqlite3_finalize(stmt);
                    return Err(e);
                }
                if ffi::sqlite3_stmt_readonly(stmt) == 0 {
                    self.dirty = true;
                }
                let rc = self.exec_stmt(stmt);
                let rc2 = ffi::sqlite3_finalize(stmt);
                let rc = if rc == ffi::SQLITE_NOMEM { rc } else { rc2 };
                if rc != ffi::SQLITE_OK {
                    return Err((rc, self.err_msg("stepping", rc, None)));
                }
                if self.dirty && ffi::sqlite3_get_autocommit(raw) != 0 {
                    self.sync(false);
                }
                z = skip_space(tail);
            }
        }
        Ok(())
    }

    /// The CLI's `save_err_msg`: phase, message, ` (code)` past SQLITE_ERROR, and where a
    /// parse error is in the statement.
    fn err_msg(&self, phase: &str, rc: c_int, sql: Option<&[u8]>) -> String {
        let raw = self.db.raw();
        let mut m = errmsg(raw);
        if m == "not authorized"
            && let Some(name) = self.db.guard().refused.borrow_mut().take()
        {
            m = format!(
                "not authorized: ATTACH of '{name}' (sandsh attaches files of the sandbox and :memory:, not URIs)"
            );
        }
        let mut s = format!("{phase}, {m}");
        let rc = rc & 0xff;
        if rc > 1 {
            s.push_str(&format!(" ({rc})"));
        }
        if let Some(sql) = sql {
            // SAFETY: the connection is open.
            let off = unsafe { ffi::sqlite3_error_offset(raw) };
            if let Ok(mut off) = usize::try_from(off) {
                let mut z = sql;
                while off > 50 {
                    off -= 1;
                    z = &z[1..];
                    while z.first().is_some_and(|b| b & 0xc0 == 0x80) {
                        z = &z[1..];
                        off = off.saturating_sub(1);
                    }
                }
                let mut len = z.len();
                if len > 78 {
                    len = 78;
                    while z.get(len).is_some_and(|b| b & 0xc0 == 0x80) {
                        len -= 1;
                    }
                }
                let code: Vec<u8> = z[..len]
                    .iter()
                    .map(|&b| if is_space(b) { b' ' } else { b })
                    .collect();
                let code = String::from_utf8_lossy(&code);
                if off < 25 {
                    s.push_str(&format!("\n  {code}\n  {}^--- error here", " ".repeat(off)));
                } else {
                    s.push_str(&format!(
                        "\n  {code}\n  {}error here ---^",
                        " ".repeat(off - 14)
                    ));
                }
            }
        }
        s
    }

    /// Steps one statement, rendering its rows; the last step's code.
    ///
    /// # Safety
    /// `stmt` is a prepared statement of this connection.
    unsafe fn exec_stmt(&mut self, stmt: *mut ffi::sqlite3_stmt) -> c_int {
        // SAFETY: per the contract.
        unsafe {
            let mut rc = ffi::sqlite3_step(stmt);
            if rc != ffi::SQLITE_ROW {
                return rc;
            }
            let n = ffi::sqlite3_column_count(stmt);
            let names: Vec<Vec<u8>> = (0..n)
                .map(|i| {
                    let p = ffi::sqlite3_column_name(stmt, i);
                    if p.is_null() {
                        Vec::new()
                    } else {
                        CStr::from_ptr(p).to_bytes().to_vec()
                    }
                })
                .collect();
            let columnar = self.s.mode.columnar();
            let mut rows: Vec<Vec<Option<Vec<u8>>>> = Vec::new();
            let mut cnt = 0usize;
            while rc == ffi::SQLITE_ROW {
                if self.cancelled() || self.broken {
                    return ffi::SQLITE_INTERRUPT;
                }
                let vals: Vec<Cell> = (0..n).map(|i| cell(stmt, i)).collect();
                if columnar {
                    rows.push(vals.into_iter().map(|c| c.text).collect());
                } else {
                    render::row(&mut self.out, &self.s, &mut cnt, &names, &vals);
                    self.maybe_flush();
                }
                rc = ffi::sqlite3_step(stmt);
            }
            if columnar {
                if rc == ffi::SQLITE_DONE {
                    render::columnar(&mut self.out, &self.s, &names, &rows);
                }
            } else {
                render::end(&mut self.out, &self.s, cnt);
            }
            self.maybe_flush();
            rc
        }
    }

    /// Runs `sql` and returns its rows' first columns as text (for the dot-commands).
    pub fn query_texts(&mut self, sql: &str) -> Vec<Vec<Option<Vec<u8>>>> {
        let mut rows = Vec::new();
        let raw = self.db.raw();
        let Ok(c) = CString::new(sql) else {
            return rows;
        };
        // SAFETY: one statement, finalized here.
        unsafe {
            let mut stmt = ptr::null_mut();
            if ffi::sqlite3_prepare_v2(raw, c.as_ptr(), -1, &mut stmt, ptr::null_mut())
                != ffi::SQLITE_OK
                || stmt.is_null()
            {
                return rows;
            }
            let n = ffi::sqlite3_column_count(stmt);
            while ffi::sqlite3_step(stmt) == ffi::SQLITE_ROW {
                rows.push((0..n).map(|i| cell(stmt, i).text).collect());
            }
            ffi::sqlite3_finalize(stmt);
        }
        rows
    }

    /// Runs `sql` with its output in `mode` (`.schema`, `.dump`'s rows).
    pub fn exec_as(&mut self, sql: &str, mode: Mode, table: Option<String>) -> bool {
        let saved = self.s.clone();
        self.s.mode = mode;
        self.s.headers = false;
        if let Some(t) = table {
            self.s.table = t;
        }
        let ok = self.exec(sql.as_bytes()).is_ok();
        self.s = saved;
        ok
    }

    pub fn push(&mut self, data: &[u8]) {
        self.out.extend_from_slice(data);
        self.maybe_flush();
    }

    /// Sends results to `name` (`None`: back to stdout).
    pub fn set_output(&mut self, name: Option<&str>, once: bool) -> bool {
        self.reset_output();
        let Some(name) = name else {
            return true;
        };
        if name == "stdout" || name == "-" {
            return true;
        }
        let r = OutFile::create(&mut **self.cx.borrow_mut(), name, false);
        match r {
            Ok(f) => {
                self.dest = Dest::File(f);
                self.once = once;
                true
            }
            Err(_) => {
                self.eprint(&format!("Error: cannot open \"{name}\""));
                false
            }
        }
    }

    pub fn depth(&self) -> usize {
        self.depth
    }
}

/// # Safety
/// `z` points into a C string.
unsafe fn skip_space(mut z: *const c_char) -> *const c_char {
    // SAFETY: the string ends in NUL, which is not a space.
    unsafe {
        while is_space(*z as u8) {
            z = z.add(1);
        }
    }
    z
}

/// Column `i` of the current row.
///
/// # Safety
/// `stmt` has a row.
unsafe fn cell(stmt: *mut ffi::sqlite3_stmt, i: c_int) -> Cell {
    // SAFETY: per the contract; the text is copied before the next call on the column.
    unsafe {
        let ty = ffi::sqlite3_column_type(stmt, i);
        if ty == ffi::SQLITE_NULL {
            return Cell {
                ty,
                text: None,
                blob: None,
                f: 0.0,
            };
        }
        let f = if ty == ffi::SQLITE_FLOAT {
            ffi::sqlite3_column_double(stmt, i)
        } else {
            0.0
        };
        let text = if ty == ffi::SQLITE_BLOB {
            let p = ffi::sqlite3_column_blob(stmt, i).cast::<u8>();
            let n = ffi::sqlite3_column_bytes(stmt, i) as usize;
            if p.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(p, n).to_vec()
            }
        } else {
            let p = ffi::sqlite3_column_text(stmt, i);
            let n = ffi::sqlite3_column_bytes(stmt, i) as usize;
            if p.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(p, n).to_vec()
            }
        };
        // The shell prints values as C strings: a NUL ends what is shown (a blob keeps
        // all its bytes for json and insert modes).
        let blob = (ty == ffi::SQLITE_BLOB).then(|| text.clone());
        let mut text = text;
        if let Some(z) = memchr::memchr(0, &text) {
            text.truncate(z);
        }
        Cell {
            ty,
            text: Some(text),
            blob,
            f,
        }
    }
}
