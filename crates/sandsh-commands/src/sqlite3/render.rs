//! The sqlite3 shell's output modes, byte for byte as the 3.40 CLI (Debian 12's) writes them:
//! `list`/`tabs`, `csv`, `json`, `line`, `insert` (`.dump`'s rows), and the columnar modes
//! (`column`, `table`, `markdown`, `box`), which see every row before printing.

use std::ffi::c_int;

use rusqlite::ffi;

use super::db::fmt_double;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    List,
    Csv,
    Json,
    Line,
    Column,
    Table,
    Markdown,
    Box,
    Insert,
    Quote,
    Html,
    Tcl,
    Ascii,
}

/// A mode by name, and the separators choosing it sets (`None`: left as they are).
pub struct ModeSet {
    pub name: &'static str,
    pub mode: Mode,
    pub col: Option<&'static [u8]>,
    pub row: Option<&'static [u8]>,
}

const fn set(
    name: &'static str,
    mode: Mode,
    col: Option<&'static [u8]>,
    row: Option<&'static [u8]>,
) -> ModeSet {
    ModeSet {
        name,
        mode,
        col,
        row,
    }
}

/// `.mode NAME`, in the order the shell tries a prefix (`.mode t` is tcl, `.mode ta` tabs).
pub const DOT_MODES: &[ModeSet] = &[
    set("lines", Mode::Line, None, Some(b"\n")),
    set("columns", Mode::Column, None, Some(b"\n")),
    set("list", Mode::List, Some(b"|"), Some(b"\n")),
    set("html", Mode::Html, None, None),
    set("tcl", Mode::Tcl, Some(b" "), Some(b"\n")),
    set("csv", Mode::Csv, Some(b","), Some(b"\r\n")),
    set("tabs", Mode::List, Some(b"\t"), None),
    set("insert", Mode::Insert, None, None),
    set("quote", Mode::Quote, Some(b","), Some(b"\n")),
    set("ascii", Mode::Ascii, Some(b"\x1f"), Some(b"\x1e")),
    set("markdown", Mode::Markdown, None, None),
    set("table", Mode::Table, None, None),
    set("box", Mode::Box, None, None),
    set("json", Mode::Json, None, None),
];

/// The command line's mode flags (`-csv` leaves the row separator alone, unlike `.mode csv`).
pub const FLAG_MODES: &[ModeSet] = &[
    set("csv", Mode::Csv, Some(b","), None),
    set("json", Mode::Json, None, None),
    set("line", Mode::Line, None, None),
    set("list", Mode::List, None, None),
    set("column", Mode::Column, None, None),
    set("table", Mode::Table, None, None),
    set("markdown", Mode::Markdown, None, None),
    set("box", Mode::Box, None, None),
    set("html", Mode::Html, None, None),
    set("quote", Mode::Quote, Some(b","), Some(b"\n")),
    set("ascii", Mode::Ascii, Some(b"\x1f"), Some(b"\x1e")),
    set("tabs", Mode::List, Some(b"\t"), None),
];

impl ModeSet {
    /// Sets the mode and its separators.
    pub fn apply(&self, s: &mut Settings) {
        s.mode = self.mode;
        if let Some(c) = self.col {
            s.col_sep = c.to_vec();
        }
        if let Some(r) = self.row {
            s.row_sep = r.to_vec();
        }
    }
}

impl Mode {
    /// The name `.mode` prints for the current mode.
    pub fn name(self) -> &'static str {
        match self {
            Mode::List => "list",
            Mode::Csv => "csv",
            Mode::Json => "json",
            Mode::Line => "line",
            Mode::Column => "column",
            Mode::Table => "table",
            Mode::Markdown => "markdown",
            Mode::Box => "box",
            Mode::Insert => "insert",
            Mode::Quote => "quote",
            Mode::Html => "html",
            Mode::Tcl => "tcl",
            Mode::Ascii => "ascii",
        }
    }

    pub fn columnar(self) -> bool {
        matches!(
            self,
            Mode::Column | Mode::Table | Mode::Markdown | Mode::Box
        )
    }
}

/// The settings output depends on (`.mode`, `.headers`, `.separator`, `.nullvalue`, `.width`).
#[derive(Clone)]
pub struct Settings {
    pub mode: Mode,
    pub headers: bool,
    /// `.headers` was given: `.mode column` then leaves the choice alone.
    pub header_set: bool,
    pub col_sep: Vec<u8>,
    pub row_sep: Vec<u8>,
    pub null: Vec<u8>,
    pub widths: Vec<i32>,
    /// `.mode … --wrap N` (0: no wrapping).
    pub wrap: i32,
    pub word_wrap: bool,
    /// `INSERT INTO` target of insert mode.
    pub table: String,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mode: Mode::List,
            headers: false,
            header_set: false,
            col_sep: b"|".to_vec(),
            row_sep: b"\n".to_vec(),
            null: Vec::new(),
            widths: Vec::new(),
            wrap: 0,
            word_wrap: false,
            table: "\"table\"".into(),
        }
    }
}

/// One value of a row: its type, its text (`None` for NULL; a blob's bytes), its value as a
/// double (floats).
pub struct Cell {
    pub ty: c_int,
    pub text: Option<Vec<u8>>,
    /// A blob's bytes, all of them.
    pub blob: Option<Vec<u8>>,
    pub f: f64,
}

/// Bytes that make a CSV field quoted (the shell's `needCsvQuote`).
fn needs_csv_quote(b: u8) -> bool {
    b <= b' ' || b == b'"' || b == b'\'' || b >= 0x7f
}

fn csv_field(out: &mut Vec<u8>, s: &Settings, z: Option<&[u8]>, sep: bool) {
    match z {
        None => out.extend_from_slice(&s.null),
        Some(z) => {
            let quote = z.is_empty()
                || z.iter().any(|&b| needs_csv_quote(b))
                || (!s.col_sep.is_empty() && memchr::memmem::find(z, &s.col_sep).is_some());
            if quote {
                out.push(b'"');
                for &b in z {
                    if b == b'"' {
                        out.push(b'"');
                    }
                    out.push(b);
                }
                out.push(b'"');
            } else {
                out.extend_from_slice(z);
            }
        }
    }
    if sep {
        out.extend_from_slice(&s.col_sep);
    }
}

pub fn json_string(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'"');
    for &c in z {
        match c {
            b'\\' | b'"' => {
                out.push(b'\\');
                out.push(c);
            }
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            c if c <= 0x1f => out.extend_from_slice(format!("\\u{c:04x}").as_bytes()),
            c => out.push(c),
        }
    }
    out.push(b'"');
}

fn float_text(out: &mut Vec<u8>, r: f64, insert: bool) {
    if r == f64::INFINITY {
        out.extend_from_slice(b"1e999");
    } else if r == f64::NEG_INFINITY {
        out.extend_from_slice(b"-1e999");
    } else if insert && r == (r as i64) as f64 {
        out.extend_from_slice(format!("{}.0", r as i64).as_bytes());
    } else {
        out.extend_from_slice(fmt_double(c"%!.20g", r).as_bytes());
    }
}

/// `'…'` with `''` for each quote, the rest as it is (the shell's `output_quoted_string`).
fn quoted(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'\'');
    for &c in z {
        if c == b'\'' {
            out.push(b'\'');
        }
        out.push(c);
    }
    out.push(b'\'');
}

/// `X'…'` in lower-case hex (the shell's `output_hex_blob`).
fn hex_blob(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(b"X'");
    for b in b {
        out.extend_from_slice(format!("{b:02x}").as_bytes());
    }
    out.push(b'\'');
}

/// `"…"` with C escapes, other unprintable bytes (all bytes >= 0x80) in octal (the shell's
/// `output_c_string`, used by tcl mode).
fn c_string(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'"');
    for &c in z {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0x20..=0x7e => out.push(c),
            c => out.extend_from_slice(format!("\\{c:03o}").as_bytes()),
        }
    }
    out.push(b'"');
}

/// `z` with `<`, `&`, `>`, `"` and `'` as HTML entities (the shell's `output_html_string`).
fn html_string(out: &mut Vec<u8>, z: &[u8]) {
    for &c in z {
        match c {
            b'<' => out.extend_from_slice(b"&lt;"),
            b'&' => out.extend_from_slice(b"&amp;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'"' => out.extend_from_slice(b"&quot;"),
            b'\'' => out.extend_from_slice(b"&#39;"),
            c => out.push(c),
        }
    }
}

/// `'…'` with `''` for quotes, and newlines and CRs spelled through `replace(…, char(10))`
/// (the shell's `output_quoted_escaped_string`).
pub fn quoted_escaped(out: &mut Vec<u8>, z: &[u8]) {
    if !z.iter().any(|&b| b == b'\'' || b == b'\n' || b == b'\r') {
        out.push(b'\'');
        out.extend_from_slice(z);
        out.push(b'\'');
        return;
    }
    let unused = |a: &str, b: &str| -> String {
        if memchr::memmem::find(z, a.as_bytes()).is_none() {
            return a.to_string();
        }
        if memchr::memmem::find(z, b.as_bytes()).is_none() {
            return b.to_string();
        }
        let mut i = 0u32;
        loop {
            let c = format!("({a}{i})");
            if memchr::memmem::find(z, c.as_bytes()).is_none() {
                return c;
            }
            i += 1;
        }
    };
    let has_nl = z.contains(&b'\n');
    let has_cr = z.contains(&b'\r');
    let nl = if has_nl {
        unused("\\n", "\\012")
    } else {
        String::new()
    };
    let cr = if has_cr {
        unused("\\r", "\\015")
    } else {
        String::new()
    };
    if has_nl {
        out.extend_from_slice(b"replace(");
    }
    if has_cr {
        out.extend_from_slice(b"replace(");
    }
    out.push(b'\'');
    for &c in z {
        match c {
            b'\'' => out.extend_from_slice(b"''"),
            b'\n' => out.extend_from_slice(nl.as_bytes()),
            b'\r' => out.extend_from_slice(cr.as_bytes()),
            c => out.push(c),
        }
    }
    out.push(b'\'');
    if has_cr {
        out.extend_from_slice(format!(",'{cr}',char(13))").as_bytes());
    }
    if has_nl {
        out.extend_from_slice(format!(",'{nl}',char(10))").as_bytes());
    }
}

/// One row in a row-at-a-time mode (`cnt` counts the statement's rows so far).
pub fn row(out: &mut Vec<u8>, s: &Settings, cnt: &mut usize, names: &[Vec<u8>], vals: &[Cell]) {
    let n = vals.len();
    let first = *cnt == 0;
    *cnt += 1;
    match s.mode {
        Mode::Line => {
            let w = names.iter().map(|c| c.len()).max().unwrap_or(0).max(5);
            if !first {
                out.extend_from_slice(&s.row_sep);
            }
            for (name, v) in names.iter().zip(vals) {
                out.resize(out.len() + w.saturating_sub(name.len()), b' ');
                out.extend_from_slice(name);
                out.extend_from_slice(b" = ");
                out.extend_from_slice(v.text.as_deref().unwrap_or(&s.null));
                out.extend_from_slice(&s.row_sep);
            }
        }
        Mode::Csv => {
            if first && s.headers {
                for (i, c) in names.iter().enumerate() {
                    csv_field(out, s, Some(c), i + 1 < n);
                }
                out.extend_from_slice(&s.row_sep);
            }
            for (i, v) in vals.iter().enumerate() {
                csv_field(out, s, v.text.as_deref(), i + 1 < n);
            }
            out.extend_from_slice(&s.row_sep);
        }
        Mode::Json => {
            out.extend_from_slice(if first { b"[{" } else { b",\n{" });
            for (i, (name, v)) in names.iter().zip(vals).enumerate() {
                json_string(out, name);
                out.push(b':');
                match (v.ty, &v.text) {
                    (ffi::SQLITE_NULL, _) | (_, None) => out.extend_from_slice(b"null"),
                    (ffi::SQLITE_FLOAT, _) => float_text(out, v.f, false),
                    (ffi::SQLITE_BLOB, Some(t)) => json_string(out, v.blob.as_deref().unwrap_or(t)),
                    (ffi::SQLITE_TEXT, Some(t)) => json_string(out, t),
                    (_, Some(t)) => out.extend_from_slice(t),
                }
                if i + 1 < n {
                    out.push(b',');
                }
            }
            out.push(b'}');
        }
        Mode::Insert => {
            out.extend_from_slice(b"INSERT INTO ");
            out.extend_from_slice(s.table.as_bytes());
            out.extend_from_slice(b" VALUES(");
            for (i, v) in vals.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                match (v.ty, &v.text) {
                    (ffi::SQLITE_NULL, _) | (_, None) => out.extend_from_slice(b"NULL"),
                    (ffi::SQLITE_FLOAT, _) => float_text(out, v.f, true),
                    (ffi::SQLITE_BLOB, Some(t)) => hex_blob(out, v.blob.as_deref().unwrap_or(t)),
                    (ffi::SQLITE_INTEGER, Some(t)) => out.extend_from_slice(t),
                    (_, Some(t)) => quoted_escaped(out, t),
                }
            }
            out.extend_from_slice(b");\n");
        }
        Mode::Quote => {
            if first && s.headers {
                record(out, s, names, |out, c| quoted(out, c));
            }
            record(out, s, vals, |out, v| match (v.ty, &v.text) {
                (ffi::SQLITE_NULL, _) | (_, None) => out.extend_from_slice(b"NULL"),
                (ffi::SQLITE_FLOAT, _) => {
                    out.extend_from_slice(fmt_double(c"%!.20g", v.f).as_bytes())
                }
                (ffi::SQLITE_BLOB, Some(t)) => hex_blob(out, v.blob.as_deref().unwrap_or(t)),
                (ffi::SQLITE_INTEGER, Some(t)) => out.extend_from_slice(t),
                (_, Some(t)) => quoted(out, t),
            });
        }
        Mode::Html => {
            let tr = |out: &mut Vec<u8>, cells: &mut dyn Iterator<Item = &[u8]>, tag: &str| {
                out.extend_from_slice(b"<TR>");
                for z in cells {
                    out.extend_from_slice(format!("<{tag}>").as_bytes());
                    html_string(out, z);
                    out.extend_from_slice(format!("</{tag}>\n").as_bytes());
                }
                out.extend_from_slice(b"</TR>\n");
            };
            if first && s.headers {
                tr(out, &mut names.iter().map(Vec::as_slice), "TH");
            }
            tr(
                out,
                &mut vals.iter().map(|v| v.text.as_deref().unwrap_or(&s.null)),
                "TD",
            );
        }
        Mode::Tcl | Mode::Ascii => {
            let field = |out: &mut Vec<u8>, z: &[u8]| match s.mode {
                Mode::Tcl => c_string(out, z),
                _ => out.extend_from_slice(z),
            };
            if first && s.headers {
                record(out, s, names, |out, c| field(out, c));
            }
            record(out, s, vals, |out, v| {
                field(out, v.text.as_deref().unwrap_or(&s.null))
            });
        }
        _ => {
            if first && s.headers {
                record(out, s, names, |out, c| out.extend_from_slice(c));
            }
            record(out, s, vals, |out, v| {
                out.extend_from_slice(v.text.as_deref().unwrap_or(&s.null))
            });
        }
    }
}

/// One record of the separator-joined modes: `items` written by `field`, the column
/// separator between them and the row separator after.
fn record<T>(
    out: &mut Vec<u8>,
    s: &Settings,
    items: &[T],
    mut field: impl FnMut(&mut Vec<u8>, &T),
) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(&s.col_sep);
        }
        field(out, item);
    }
    out.extend_from_slice(&s.row_sep);
}

/// After a statement's rows: json's closing bracket.
pub fn end(out: &mut Vec<u8>, s: &Settings, cnt: usize) {
    if s.mode == Mode::Json && cnt > 0 {
        out.extend_from_slice(b"]\n");
    }
}

/// A schema statement as `.schema` prints it (`printSchemaLine`): a trailing comment closed,
/// `CREATE TABLE "x"` as `CREATE TABLE IF NOT EXISTS "x"`.
pub fn schema_line(out: &mut Vec<u8>, z: &[u8], tail: &[u8]) {
    let mut z = z.to_vec();
    if tail.first() == Some(&b';')
        && (memchr::memmem::find(&z, b"/*").is_some() || memchr::memmem::find(&z, b"--").is_some())
    {
        for term in [&b""[..], b"*/", b"\n"] {
            let mut t = z.clone();
            t.extend_from_slice(term);
            t.push(b';');
            if super::db::complete(&t) {
                t.pop();
                z = t;
                break;
            }
        }
    }
    if z.len() > 13 && z.starts_with(b"CREATE TABLE ") && matches!(z[13], b'\'' | b'"') {
        out.extend_from_slice(b"CREATE TABLE IF NOT EXISTS ");
        out.extend_from_slice(&z[13..]);
    } else {
        out.extend_from_slice(&z);
    }
    out.extend_from_slice(tail);
}

/// Characters (not continuation bytes) in `z`.
fn chars(z: &[u8]) -> usize {
    z.iter().filter(|&&b| b & 0xc0 != 0x80).count()
}

/// One line of a value for a columnar mode: tabs expanded, cut at `width` characters or at a
/// control character; the rest (after a newline) is returned for the next line.
fn display_line(z: &[u8], width: i32) -> (Vec<u8>, Option<Vec<u8>>) {
    let mx = match width.unsigned_abs() as usize {
        0 => 1_000_000,
        w => w,
    };
    let mut out = Vec::new();
    let (mut i, mut n) = (0usize, 0usize);
    while n < mx && i < z.len() {
        let c = z[i];
        if c >= b' ' {
            n += 1;
            out.push(c);
            i += 1;
            while i < z.len() && z[i] & 0xc0 == 0x80 {
                out.push(z[i]);
                i += 1;
            }
            continue;
        }
        if c == b'\t' {
            loop {
                n += 1;
                out.push(b' ');
                if n & 7 == 0 || n >= mx {
                    break;
                }
            }
            i += 1;
            continue;
        }
        break;
    }
    let tail = if i >= z.len() {
        None
    } else if z[i] == b'\r' && z.get(i + 1) == Some(&b'\n') {
        (i + 2 < z.len()).then(|| z[i + 2..].to_vec())
    } else if n >= mx && z[i] >= b' ' {
        Some(z[i..].to_vec())
    } else if i + 1 >= z.len() {
        None
    } else {
        Some(z[i + 1..].to_vec())
    };
    (out, tail)
}

fn pad(out: &mut Vec<u8>, n: usize) {
    out.resize(out.len() + n, b' ');
}

/// `utf8_width_print`: `z` left-aligned in `w` characters (right-aligned when `w` < 0), cut
/// when longer.
fn width_print(out: &mut Vec<u8>, w: i32, z: &[u8]) {
    let aw = w.unsigned_abs() as usize;
    let n = chars(z);
    if n >= aw {
        let mut k = 0;
        let mut end = z.len();
        for (i, &b) in z.iter().enumerate() {
            if b & 0xc0 != 0x80 {
                if k == aw {
                    end = i;
                    break;
                }
                k += 1;
            }
        }
        out.extend_from_slice(&z[..end]);
    } else if w < 0 {
        pad(out, aw - n);
        out.extend_from_slice(z);
    } else {
        out.extend_from_slice(z);
        pad(out, aw - n);
    }
}

fn centered(out: &mut Vec<u8>, w: usize, z: &[u8]) {
    let n = chars(z);
    let gap = w.saturating_sub(n);
    pad(out, gap / 2);
    out.extend_from_slice(z);
    pad(out, gap.div_ceil(2));
}

fn rule(out: &mut Vec<u8>, widths: &[usize], sep: &str) {
    for w in widths {
        out.extend_from_slice(sep.as_bytes());
        out.resize(out.len() + w + 2, b'-');
    }
    out.extend_from_slice(sep.as_bytes());
    out.push(b'\n');
}

fn box_rule(out: &mut Vec<u8>, widths: &[usize], a: &str, b: &str, c: &str) {
    out.extend_from_slice(a.as_bytes());
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b.as_bytes());
        }
        for _ in 0..w + 2 {
            out.extend_from_slice("─".as_bytes());
        }
    }
    out.extend_from_slice(c.as_bytes());
    out.push(b'\n');
}

/// A whole result in a columnar mode: `names` and every row's texts (`None` for NULL).
pub fn columnar(out: &mut Vec<u8>, s: &Settings, names: &[Vec<u8>], rows: &[Vec<Option<Vec<u8>>>]) {
    let nc = names.len();
    if nc == 0 {
        return;
    }
    let colw = |i: usize| -> i32 {
        let w = s.widths.get(i).copied().unwrap_or(0);
        if w == 0 { s.wrap } else { w }
    };
    // Lines: the header, then each row's lines (a value with a newline or past the wrap
    // width continues on the next line); `div[k]` marks a line ending a whole row.
    let mut data: Vec<Vec<Option<Vec<u8>>>> = Vec::new();
    let mut div: Vec<bool> = Vec::new();
    data.push(
        names
            .iter()
            .enumerate()
            .map(|(i, c)| Some(display_line(c, colw(i)).0))
            .collect(),
    );
    let mut multi = false;
    for r in rows {
        let mut cur: Vec<Option<Vec<u8>>> = r
            .iter()
            .map(|v| Some(v.clone().unwrap_or_else(|| s.null.clone())))
            .collect();
        loop {
            let mut line = Vec::with_capacity(nc);
            let mut more = false;
            let mut next = Vec::with_capacity(nc);
            for (i, v) in cur.iter().enumerate() {
                let z = v.as_deref().unwrap_or(b"");
                let (shown, tail) = display_line(z, colw(i));
                line.push(Some(shown));
                more |= tail.is_some();
                next.push(tail);
            }
            data.push(line);
            div.push(!more);
            if !more {
                break;
            }
            multi = true;
            cur = next
                .into_iter()
                .map(|t| Some(t.unwrap_or_default()))
                .collect();
        }
    }
    let mut widths: Vec<usize> = (0..nc)
        .map(|i| s.widths.get(i).map_or(0, |w| w.unsigned_abs() as usize))
        .collect();
    for line in &data {
        for (i, v) in line.iter().enumerate() {
            widths[i] = widths[i].max(chars(v.as_deref().unwrap_or(b"")));
        }
    }
    let signed = |i: usize| -> i32 {
        let w = widths[i] as i32;
        if s.widths.get(i).is_some_and(|&x| x < 0) {
            -w
        } else {
            w
        }
    };
    let header = &data[0];
    let (col_sep, row_sep): (&str, &str) = match s.mode {
        Mode::Column => ("  ", "\n"),
        Mode::Box => (" │ ", " │\n"),
        _ => (" | ", " |\n"),
    };
    match s.mode {
        Mode::Column => {
            if s.headers {
                for (i, h) in header.iter().enumerate() {
                    width_print(out, signed(i), h.as_deref().unwrap_or(b""));
                    out.extend_from_slice(if i + 1 == nc { b"\n" } else { b"  " });
                }
                for (i, w) in widths.iter().enumerate() {
                    out.resize(out.len() + w, b'-');
                    out.extend_from_slice(if i + 1 == nc { b"\n" } else { b"  " });
                }
            }
        }
        Mode::Table | Mode::Markdown => {
            if s.mode == Mode::Table {
                rule(out, &widths, "+");
            }
            out.extend_from_slice(b"| ");
            for (i, h) in header.iter().enumerate() {
                centered(out, widths[i], h.as_deref().unwrap_or(b""));
                out.extend_from_slice(if i + 1 == nc { b" |\n" } else { b" | " });
            }
            rule(out, &widths, if s.mode == Mode::Table { "+" } else { "|" });
        }
        _ => {
            box_rule(out, &widths, "┌", "┬", "┐");
            out.extend_from_slice("│ ".as_bytes());
            for (i, h) in header.iter().enumerate() {
                centered(out, widths[i], h.as_deref().unwrap_or(b""));
                out.extend_from_slice(if i + 1 == nc { " │\n" } else { " │ " }.as_bytes());
            }
            box_rule(out, &widths, "├", "┼", "┤");
        }
    }
    let nlines = data.len() - 1;
    for (k, line) in data[1..].iter().enumerate() {
        match s.mode {
            Mode::Column => {}
            Mode::Box => out.extend_from_slice("│ ".as_bytes()),
            _ => out.extend_from_slice(b"| "),
        }
        for (i, v) in line.iter().enumerate() {
            width_print(out, signed(i), v.as_deref().unwrap_or(b""));
            out.extend_from_slice(if i + 1 == nc { row_sep } else { col_sep }.as_bytes());
        }
        if multi && div[k] && k + 1 < nlines {
            match s.mode {
                Mode::Table => rule(out, &widths, "+"),
                Mode::Box => box_rule(out, &widths, "├", "┼", "┤"),
                Mode::Column => out.push(b'\n'),
                _ => {}
            }
        }
    }
    match s.mode {
        Mode::Table => rule(out, &widths, "+"),
        Mode::Box => box_rule(out, &widths, "└", "┴", "┘"),
        _ => {}
    }
}
