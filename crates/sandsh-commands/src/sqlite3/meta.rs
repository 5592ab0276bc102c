//! The dot-commands scripts use: `.mode`, `.headers`, `.separator`, `.nullvalue`, `.width`,
//! `.bail`, `.tables`, `.schema`, `.dump`, `.import`, `.read`, `.output`, `.once`, `.print`,
//! `.quit`/`.exit`. `.shell`, `.system` and `.load` are refused: nothing leaves the sandbox and
//! no native code is loaded.

use super::render::{DOT_MODES, Mode, schema_line};
use super::shell::{Meta, Shell};

/// The CLI's argument split: words, `'…'` taken as is, `"…"` with backslash escapes.
fn words(line: &[u8]) -> Vec<String> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < line.len() {
        while i < line.len() && line[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= line.len() {
            break;
        }
        let q = line[i];
        let mut w = Vec::new();
        if q == b'\'' || q == b'"' {
            i += 1;
            while i < line.len() && line[i] != q {
                if q == b'"' && line[i] == b'\\' && i + 1 < line.len() {
                    i += 1;
                    w.push(match line[i] {
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'r' => b'\r',
                        c => c,
                    });
                } else {
                    w.push(line[i]);
                }
                i += 1;
            }
            i += 1;
        } else {
            while i < line.len() && !line[i].is_ascii_whitespace() {
                w.push(line[i]);
                i += 1;
            }
        }
        v.push(String::from_utf8_lossy(&w).into_owned());
    }
    v
}

/// Backslash escapes of an unquoted separator (`.separator \t`).
fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            i += 1;
            out.push(match b[i] {
                b'n' => b'\n',
                b't' => b'\t',
                b'r' => b'\r',
                b'\\' => b'\\',
                c => c,
            });
        } else {
            out.push(b[i]);
        }
        i += 1;
    }
    out
}

fn boolean(sh: &mut Shell<'_, '_>, s: &str) -> bool {
    match s.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => true,
        "off" | "no" | "false" => false,
        n if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            n.parse::<u64>().unwrap_or(1) != 0
        }
        _ => {
            sh.eprint(&format!(
                "ERROR: Not a boolean value: \"{s}\". Assuming \"no\"."
            ));
            false
        }
    }
}

/// `"x"` when `name` needs quoting as an identifier (the CLI's `quoteChar`).
pub fn quote_ident(name: &str) -> String {
    let plain = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    // SAFETY: the pointer and length describe `name`.
    let keyword = unsafe {
        rusqlite::ffi::sqlite3_keyword_check(name.as_ptr().cast(), name.len() as i32) != 0
    };
    if plain && !keyword {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

/// What `.tables` or `.indexes` lists.
#[derive(Clone, Copy)]
enum Names {
    Tables,
    Indexes,
}

fn sql_str(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

impl Shell<'_, '_> {
    /// Runs one dot-command line.
    pub fn meta(&mut self, line: &[u8]) -> Meta {
        let a = words(&line[1..]);
        let Some(cmd) = a.first().map(String::as_str) else {
            return Meta::Ok;
        };
        let n = cmd.len();
        let is = |full: &str, min: usize| n >= min && full.starts_with(cmd);
        if is("bail", 2) && a.len() == 2 {
            self.bail = boolean(self, &a[1]);
        } else if is("headers", 2) && a.len() == 2 {
            self.s.headers = boolean(self, &a[1]);
            self.s.header_set = true;
        } else if is("mode", 3) {
            return self.mode(&a[1..]);
        } else if is("separator", 3) && (2..=3).contains(&a.len()) {
            self.s.col_sep = unescape(&a[1]);
            if let Some(r) = a.get(2) {
                self.s.row_sep = unescape(r);
            }
        } else if is("nullvalue", 2) && a.len() == 2 {
            self.s.null = unescape(&a[1]).into_iter().take(19).collect();
        } else if is("width", 1) {
            self.s.widths = a[1..].iter().map(|w| w.parse().unwrap_or(0)).collect();
        } else if is("print", 2) {
            let text = a[1..].join(" ");
            self.push(text.as_bytes());
            self.push(b"\n");
        } else if is("quit", 1) {
            return Meta::Quit;
        } else if is("exit", 2) {
            self.exit = a.get(1).and_then(|c| c.parse().ok()).unwrap_or(0);
            return Meta::Quit;
        } else if is("tables", 2) && a.len() <= 2 {
            self.names(Names::Tables, a.get(1).map(String::as_str));
        } else if (is("indexes", 1) || is("indices", 1)) && a.len() <= 2 {
            self.names(Names::Indexes, a.get(1).map(String::as_str));
        } else if is("databases", 2) && a.len() == 1 {
            self.databases();
        } else if is("changes", 2) && a.len() == 2 {
            self.count_changes = boolean(self, &a[1]);
        } else if is("schema", 2) && a.len() <= 2 {
            self.schema(a.get(1).map(String::as_str));
        } else if is("dump", 1) {
            self.dump(a.get(1).map(String::as_str));
        } else if is("read", 3) && a.len() == 2 {
            return self.read(&a[1]);
        } else if (is("output", 1) || is("once", 1)) && a.len() <= 2 {
            let once = cmd.starts_with("on");
            if once && a.len() < 2 {
                self.eprint("ERROR: missing FILE argument on .once");
                return Meta::Err;
            }
            if !self.set_output(a.get(1).map(String::as_str), once) {
                return Meta::Err;
            }
        } else if is("import", 3) {
            return self.import(&a[1..]);
        } else if is("shell", 2) || is("system", 2) {
            self.eprint(&format!(
                "Error: .{cmd} is not supported: sandsh's sqlite3 runs no host commands"
            ));
            return Meta::Err;
        } else if is("load", 2) {
            self.eprint("Error: .load is not supported: sandsh's sqlite3 loads no extensions");
            return Meta::Err;
        } else {
            self.eprint(&format!(
                "Error: unknown command or invalid arguments:  \"{cmd}\". Enter \".help\" for help"
            ));
            return Meta::Err;
        }
        Meta::Ok
    }

    fn mode(&mut self, a: &[String]) -> Meta {
        let mut name: Option<&str> = None;
        let mut wrap = 60;
        let mut ww = false;
        let mut i = 0;
        while i < a.len() {
            match a[i].as_str() {
                "--wrap" if i + 1 < a.len() => {
                    wrap = a[i + 1].parse().unwrap_or(0);
                    i += 1;
                }
                "--wordwrap" if i + 1 < a.len() => {
                    ww = boolean(self, &a[i + 1].clone());
                    i += 1;
                }
                "--ww" => ww = true,
                "--noquote" | "--quote" => {}
                m if name.is_none() && !m.starts_with('-') => name = Some(&a[i]),
                _ => {
                    self.eprint(&format!("Error: Unknown .mode option: {}", a[i]));
                    return Meta::Err;
                }
            }
            i += 1;
        }
        let Some(m) = name else {
            let cur = self.s.mode.name();
            self.push(format!("current output mode: {cur}\n").as_bytes());
            return Meta::Ok;
        };
        let p = |full: &str| full.starts_with(m);
        let Some(set) = DOT_MODES.iter().find(|d| p(d.name)) else {
            self.eprint(
                "Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl",
            );
            return Meta::Err;
        };
        let s = &mut self.s;
        set.apply(s);
        if s.mode.columnar() {
            (s.wrap, s.word_wrap) = (wrap, ww);
        }
        match s.mode {
            Mode::Column if !s.header_set => s.headers = true,
            Mode::Insert => s.table = "\"table\"".into(),
            _ => {}
        }
        Meta::Ok
    }
    fn schemas(&mut self) -> Vec<String> {
        self.query_texts("PRAGMA database_list")
            .into_iter()
            .filter_map(|r| r.get(1).cloned().flatten())
            .map(|n| String::from_utf8_lossy(&n).into_owned())
            .collect()
    }

    /// `.databases`: each schema, the sandbox file it stands for, and whether it is read-only.
    fn databases(&mut self) {
        let mut out = Vec::new();
        for db in self.schemas() {
            let file = self
                .backed
                .iter()
                .find(|b| b.schema == db)
                .map(|b| self.cx.borrow().resolve_path(&b.file).display().to_string())
                .unwrap_or_default();
            let Ok(name) = std::ffi::CString::new(db.clone()) else {
                continue;
            };
            // SAFETY: the connection is open and `name` is a NUL-terminated schema name.
            let (ro, txn) = unsafe {
                (
                    rusqlite::ffi::sqlite3_db_readonly(self.db.raw(), name.as_ptr()) == 1,
                    rusqlite::ffi::sqlite3_txn_state(self.db.raw(), name.as_ptr()),
                )
            };
            let file = if file.is_empty() { "\"\"" } else { &file };
            let txn = match txn {
                rusqlite::ffi::SQLITE_TXN_READ => " read-txn",
                rusqlite::ffi::SQLITE_TXN_WRITE => " write-txn",
                _ => "",
            };
            // `-readonly` opens every database read-only, as the CLI's read-only connection does
            // (an in-memory copy loaded read-only does not report it itself).
            let ro = if ro || self.readonly { "r/o" } else { "r/w" };
            out.extend_from_slice(format!("{db}: {file} {ro}{txn}\n").as_bytes());
        }
        self.push(&out);
    }

    /// `.tables` and `.indexes`: the names matching a LIKE pattern, in columns.
    fn names(&mut self, kind: Names, pat: Option<&str>) {
        let pat = sql_str(pat.unwrap_or("%"));
        let filter = match kind {
            Names::Tables => {
                format!("type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE {pat}")
            }
            Names::Indexes => format!("type='index' AND tbl_name LIKE {pat}"),
        };
        let mut sel = Vec::new();
        for db in self.schemas() {
            let prefix = if db == "main" {
                String::new()
            } else {
                format!("{}||'.'||", sql_str(&db))
            };
            sel.push(format!(
                "SELECT {prefix}name FROM \"{}\".sqlite_schema WHERE {filter}",
                db.replace('"', "\"\"")
            ));
        }
        let q = format!("{} ORDER BY 1", sel.join(" UNION ALL "));
        let names: Vec<Vec<u8>> = self
            .query_texts(&q)
            .into_iter()
            .filter_map(|r| r.into_iter().next().flatten())
            .collect();
        if names.is_empty() {
            return;
        }
        let maxlen = names.iter().map(Vec::len).max().unwrap_or(0);
        let cols = (80 / (maxlen + 2)).max(1);
        let rows = names.len().div_ceil(cols);
        let mut out = Vec::new();
        for i in 0..rows {
            let mut j = i;
            while j < names.len() {
                if j >= rows {
                    out.extend_from_slice(b"  ");
                }
                out.extend_from_slice(&names[j]);
                out.resize(out.len() + maxlen - names[j].len(), b' ');
                j += rows;
            }
            out.push(b'\n');
        }
        self.push(&out);
    }

    /// `v(a,b,c)` for a view's comment in `.schema`.
    fn fake_schema(&mut self, name: &str) -> String {
        let cols: Vec<String> = self
            .query_texts(&format!("PRAGMA table_info({})", sql_str(name)))
            .into_iter()
            .filter_map(|r| r.get(1).cloned().flatten())
            .map(|c| quote_ident(&String::from_utf8_lossy(&c)))
            .collect();
        format!("{}({})", quote_ident(name), cols.join(","))
    }

    fn schema(&mut self, pat: Option<&str>) {
        let filter = match pat {
            Some(p) if p.contains(['*', '?', '[']) => {
                format!(" AND lower(tbl_name) GLOB {}", sql_str(&p.to_lowercase()))
            }
            Some(p) => format!(" AND lower(tbl_name) LIKE {}", sql_str(&p.to_lowercase())),
            None => String::new(),
        };
        let rows = self.query_texts(&format!(
            "SELECT sql, type, name FROM sqlite_schema WHERE type!='meta' AND sql NOTNULL{filter} ORDER BY rowid"
        ));
        let mut out = Vec::new();
        for r in rows {
            let mut r = r.into_iter();
            let (Some(Some(sql)), Some(ty), Some(name)) = (r.next(), r.next(), r.next()) else {
                continue;
            };
            let mut sql = sql;
            if ty.as_deref() == Some(b"view") && sql.starts_with(b"CREATE VIEW ") {
                let name = String::from_utf8_lossy(&name.unwrap_or_default()).into_owned();
                let fake = self.fake_schema(&name);
                sql.extend_from_slice(format!("\n/* {fake} */").as_bytes());
            }
            schema_line(&mut out, &sql, b";\n");
        }
        self.push(&out);
    }

    fn dump(&mut self, pat: Option<&str>) {
        let like = match pat {
            Some(p) => format!("name LIKE {}", sql_str(p)),
            None => "true".into(),
        };
        self.push(b"PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n");
        let tables = self.query_texts(&format!(
            "SELECT name, type, sql FROM sqlite_schema AS o WHERE ({like}) AND type=='table' AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid"
        ));
        let mut ok = true;
        for r in tables {
            let text = |v: &Option<Vec<u8>>| {
                String::from_utf8_lossy(v.as_deref().unwrap_or(b"")).into_owned()
            };
            let (name, sql) = (text(&r[0]), r[2].clone().unwrap_or_default());
            if name == "sqlite_sequence" {
                self.push(b"DELETE FROM sqlite_sequence;\n");
            } else if name.starts_with("sqlite_stat") {
                self.push(b"ANALYZE sqlite_schema;\n");
            } else if name.starts_with("sqlite_") {
                continue;
            } else {
                let mut line = Vec::new();
                schema_line(&mut line, &sql, b";\n");
                self.push(&line);
            }
            let q = quote_ident(&name);
            ok &= self.exec_as(&format!("SELECT * FROM {q}"), Mode::Insert, Some(q));
        }
        let rest = self.query_texts(&format!(
            "SELECT sql FROM sqlite_schema AS o WHERE ({like}) AND sql NOT NULL AND type IN ('index','trigger','view')"
        ));
        for r in rest {
            let z = r.into_iter().next().flatten().unwrap_or_default();
            self.push(&z);
            self.push(if memchr::memmem::find(&z, b"--").is_some() {
                b"\n;\n"
            } else {
                b";\n"
            });
        }
        self.push(if ok {
            b"COMMIT;\n"
        } else {
            b"ROLLBACK; -- due to errors\n"
        });
    }

    fn read(&mut self, name: &str) -> Meta {
        if self.depth() > 25 {
            self.eprint("Error: .read nested too deeply");
            return Meta::Err;
        }
        let data = crate::common::input::read_input(&mut **self.cx.borrow_mut(), name.as_bytes());
        match data {
            Ok(d) => match self.process(&d, true) {
                (_, true) => Meta::Quit,
                (0, false) => Meta::Ok,
                _ => Meta::Err,
            },
            Err(_) => {
                self.eprint(&format!("Error: cannot open \"{name}\""));
                Meta::Err
            }
        }
    }

    fn import(&mut self, a: &[String]) -> Meta {
        let (mut file, mut table, mut skip, mut csv) = (None, None, 0usize, false);
        let mut i = 0;
        while i < a.len() {
            match a[i].as_str() {
                "--csv" => csv = true,
                "--skip" if i + 1 < a.len() => {
                    skip = a[i + 1].parse().unwrap_or(0);
                    i += 1;
                }
                "-v" => {}
                z if z.starts_with('-') && file.is_none() => {
                    self.eprint(&format!("ERROR: unknown option: \"{z}\".  Usage:\n.import [--csv] [--skip N] FILE TABLE"));
                    return Meta::Err;
                }
                z if file.is_none() => file = Some(z.to_string()),
                z if table.is_none() => table = Some(z.to_string()),
                z => {
                    self.eprint(&format!("ERROR: extra argument: \"{z}\".  Usage:\n.import [--csv] [--skip N] FILE TABLE"));
                    return Meta::Err;
                }
            }
            i += 1;
        }
        let (Some(file), Some(table)) = (file, table) else {
            self.eprint("ERROR: missing FILE or TABLE argument.  Usage:\n.import [--csv] [--skip N] FILE TABLE");
            return Meta::Err;
        };
        let (csep, rsep) = if csv {
            (b',', b'\n')
        } else {
            // As sqlite3's shell: importing in csv mode turns the output row separator
            // ("\r\n") into the input one ("\n"), and it stays so afterwards.
            if self.s.mode == Mode::Csv && self.s.row_sep == b"\r\n" {
                self.s.row_sep = b"\n".to_vec();
            }
            let rs: &[u8] = &self.s.row_sep;
            match (self.s.col_sep.as_slice(), rs) {
                ([c], [r]) => (*c, *r),
                _ => {
                    self.eprint(
                        "Error: multi-character or empty separators are not allowed for import",
                    );
                    return Meta::Err;
                }
            }
        };
        let data = crate::common::input::read_input(&mut **self.cx.borrow_mut(), file.as_bytes());
        let Ok(data) = data else {
            self.eprint(&format!("Error: cannot open \"{file}\""));
            return Meta::Err;
        };
        let mut rd = CsvReader {
            z: &data,
            i: 0,
            line: 1,
            csep,
            rsep,
            file: &file,
            warnings: Vec::new(),
        };
        for _ in 0..skip {
            if rd.record().is_none() {
                break;
            }
        }
        let qt = format!("\"{}\"", table.replace('"', "\"\""));
        let exists = !self
            .query_texts(&format!(
                "SELECT 1 FROM sqlite_schema WHERE type IN ('table','view') AND name={}",
                sql_str(&table)
            ))
            .is_empty()
            || !self
                .query_texts(&format!(
                    "SELECT 1 FROM temp.sqlite_schema WHERE type IN ('table','view') AND name={}",
                    sql_str(&table)
                ))
                .is_empty();
        if !exists {
            let Some((_, names)) = rd.record() else {
                self.flush_warnings(&mut rd);
                return Meta::Ok;
            };
            let cols: Vec<String> = names
                .iter()
                .map(|n| {
                    format!(
                        "\"{}\" TEXT",
                        String::from_utf8_lossy(n).replace('"', "\"\"")
                    )
                })
                .collect();
            let create = format!("CREATE TABLE {qt}(\n{})", cols.join(", "));
            if let Err((_, m)) = self.exec(create.as_bytes()) {
                self.eprint(&format!("Error: {m}"));
                return Meta::Err;
            }
        }
        let ncol = self.query_texts(&format!("PRAGMA table_info({qt})")).len();
        if ncol == 0 {
            return Meta::Err;
        }
        let _ = self.exec(b"SAVEPOINT sandsh_import");
        let ins = format!("INSERT INTO {qt} VALUES({})", vec!["?"; ncol].join(","));
        let mut status = Meta::Ok;
        while let Some((line, fields)) = rd.record() {
            if self.cancelled() {
                break;
            }
            if fields.len() == 1 && fields[0].is_empty() {
                continue;
            }
            if fields.len() < ncol {
                rd.warnings.push(format!("{file}:{line}: expected {ncol} columns but found {} - filling the rest with NULL", fields.len()));
            } else if fields.len() > ncol {
                rd.warnings.push(format!(
                    "{file}:{line}: expected {ncol} columns but found {} - extras ignored",
                    fields.len()
                ));
            }
            self.flush_warnings(&mut rd);
            let params: Vec<Option<&[u8]>> = (0..ncol)
                .map(|k| fields.get(k).map(Vec::as_slice))
                .collect();
            if let Err(m) = self.insert(&ins, &params) {
                self.eprint(&format!("{file}:{line}: INSERT failed: {m}"));
                status = Meta::Err;
            }
        }
        self.flush_warnings(&mut rd);
        let _ = self.exec(b"RELEASE sandsh_import");
        status
    }

    fn flush_warnings(&mut self, rd: &mut CsvReader<'_>) {
        for w in std::mem::take(&mut rd.warnings) {
            self.eprint(&w);
        }
    }

    fn insert(&mut self, sql: &str, params: &[Option<&[u8]>]) -> Result<(), String> {
        self.dirty = true;
        let mut stmt = self
            .db
            .conn
            .prepare_cached(sql)
            .map_err(|e| e.to_string())?;
        for (k, p) in params.iter().enumerate() {
            let r = match p {
                Some(v) => stmt.raw_bind_parameter(k + 1, String::from_utf8_lossy(v).as_ref()),
                None => stmt.raw_bind_parameter(k + 1, rusqlite::types::Null),
            };
            r.map_err(|e| e.to_string())?;
        }
        stmt.raw_execute().map(|_| ()).map_err(|e| e.to_string())
    }
}

/// The CLI's `csv_read_one_field` over a whole file.
struct CsvReader<'z> {
    z: &'z [u8],
    i: usize,
    line: usize,
    csep: u8,
    rsep: u8,
    file: &'z str,
    warnings: Vec<String>,
}

impl CsvReader<'_> {
    /// The next field and what ended it (`None`: end of input).
    fn field(&mut self) -> Option<(Vec<u8>, Option<u8>)> {
        let z = self.z;
        if self.i >= z.len() {
            return None;
        }
        let mut f = Vec::new();
        let c = z[self.i];
        self.i += 1;
        if c == b'"' {
            let start = self.line;
            let (mut pc, mut ppc) = (0u8, 0u8);
            loop {
                let c = z.get(self.i).copied();
                self.i += 1;
                if c == Some(self.rsep) {
                    self.line += 1;
                }
                if c == Some(b'"') && pc == b'"' {
                    pc = 0;
                    continue;
                }
                let end = ((c == Some(self.csep) || c == Some(self.rsep)) && pc == b'"')
                    || (c == Some(self.rsep) && pc == b'\r' && ppc == b'"')
                    || (c.is_none() && pc == b'"');
                if end {
                    while let Some(b) = f.pop() {
                        if b == b'"' {
                            break;
                        }
                    }
                    return Some((f, c));
                }
                if pc == b'"' && c != Some(b'\r') {
                    self.warnings.push(format!(
                        "{}:{}: unescaped \" character",
                        self.file, self.line
                    ));
                }
                let Some(c) = c else {
                    self.warnings.push(format!(
                        "{}:{start}: unterminated \"-quoted field",
                        self.file
                    ));
                    return Some((f, None));
                };
                f.push(c);
                ppc = pc;
                pc = c;
            }
        }
        let mut c = Some(c);
        while let Some(b) = c {
            if b == self.csep || b == self.rsep {
                break;
            }
            f.push(b);
            c = z.get(self.i).copied();
            self.i += 1;
        }
        if c == Some(self.rsep) {
            self.line += 1;
            if f.last() == Some(&b'\r') {
                f.pop();
            }
        }
        Some((f, c))
    }

    /// The next record: its first line and its fields.
    fn record(&mut self) -> Option<(usize, Vec<Vec<u8>>)> {
        let line = self.line;
        let mut fields = Vec::new();
        loop {
            let (f, term) = self.field()?;
            fields.push(f);
            if term != Some(self.csep) {
                return Some((line, fields));
            }
        }
    }
}
