//! How one entry is written: tree 2.1.0's three "listing calls" (plain text, `-J` JSON, `-X`
//! XML), its metadata bracket (`[drwxr-xr-x user     group        4096 Jan  1  1970]`), its
//! name escaping (`\011`, `?` with `-q`, as is with `-N`, `"…"` with `-Q`), sizes (`-s`, `-h`,
//! `--si`) and dates (`-D`, `--timefmt`).
//!
//! The calls are ported one for one from tree's `unix.c`, `json.c` and `xml.c` (and the
//! helpers of `tree.c`), quirks included, so that the walk can drive them in tree's order and
//! the bytes agree: tree's JSON for a directory that cannot be opened is not valid JSON, and
//! its `-h` prints `10.0K` for 10,239 bytes; so does this.

use sandsh_api::fs::FileType;
use sandsh_text::strftime::strftime;

use super::{Cfg, Format};

/// One entry as tree's `struct _info` holds it.
#[derive(Default)]
pub struct Info {
    /// The name as listed (bytes: a name need not be UTF-8).
    pub name: Vec<u8>,
    /// The entry's own type (`lstat`); `None` for an operand that does not exist.
    pub ftype: Option<FileType>,
    /// Permission bits (`0o7777`).
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub size: u64,
    /// The inode of what the entry leads to (the target of a symlink).
    pub inode: u64,
    /// The entry's own inode.
    pub linode: u64,
    pub dev: u64,
    pub mtime: i64,
    pub ctime: i64,
    /// It is, or its symlink leads to, a directory.
    pub isdir: bool,
    /// A symlink's target as written.
    pub lnk: Option<String>,
    /// The type and permission bits of a symlink's target (`None`: dangling).
    pub lnk_type: Option<(FileType, u32)>,
    /// An error found while reading the full tree (`--du`, `--prune`, `--matchdirs`).
    pub err: Option<String>,
    /// The entries under a directory, read ahead for the full tree.
    pub child: Option<Vec<Info>>,
    /// The XML tag written for it, to close it with.
    pub tag: &'static str,
    /// Dropped by `--prune`.
    pub pruned: bool,
}

/// tree's `ifmt`/`fmt`/`ftype` tables: the letter of `-p` and the JSON/XML type name.
fn kind(t: Option<FileType>) -> (char, &'static str) {
    match t {
        Some(FileType::File) => ('-', "file"),
        Some(FileType::Dir) => ('d', "directory"),
        Some(FileType::Symlink) => ('l', "link"),
        Some(FileType::CharDevice) => ('c', "char"),
        Some(FileType::Fifo) => ('p', "fifo"),
        None => ('?', "unknown"),
    }
}

/// tree's `prot()`: `drwxr-xr-x`.
pub fn prot(t: Option<FileType>, mode: u32) -> String {
    crate::common::mode::render(kind(t).0, mode)
}

/// tree's `Ftype()`: the `-F` suffix.
pub fn ftype_char(c: &Cfg, t: Option<FileType>, mode: u32) -> Option<char> {
    match t? {
        FileType::Dir if !c.dirs_only => Some('/'),
        FileType::Fifo => Some('|'),
        // Only an operand shows it: a listed link shows its target instead.
        FileType::Symlink => Some('@'),
        FileType::File if mode & 0o111 != 0 => Some('*'),
        _ => None,
    }
}

/// tree's `psize()`: ` %11lld`, or with `-h`/`--si` ` %4d`, ` %3.1fK`, ` %3.0fK` (the float
/// is C's single precision; the choice of decimals looks at the integer quotient).
pub fn psize(c: &Cfg, size: u64) -> String {
    if !c.human {
        return format!(" {size:>11}");
    }
    let units = if c.si { b"dkMGTPEZY" } else { b"BKMGTPEZY" };
    let usize_ = if c.si { 1000u64 } else { 1024 };
    let mut size = size;
    let mut idx = usize::from(size >= usize_);
    while size >= usize_ * usize_ {
        idx += 1;
        size /= usize_;
    }
    if idx == 0 {
        return format!(" {size:>4}");
    }
    let v = f64::from(size as f32 / usize_ as f32);
    let u = units[idx.min(units.len() - 1)] as char;
    if size / usize_ >= 10 {
        format!(" {v:>3.0}{u}")
    } else {
        format!(" {v:>3.1}{u}")
    }
}

const SIX_MONTHS: i64 = 6 * 31 * 24 * 60 * 60;

/// tree's `do_date()`: `--timefmt`, else `%b %e %R` within six months, `%b %e  %Y` beyond
/// (or in the future). Times are UTC, as `ls` shows them here.
pub fn date(c: &Cfg, t: i64) -> String {
    let fmt: &[u8] = match &c.timefmt {
        Some(f) => f.as_bytes(),
        None if t > c.now || t + SIX_MONTHS < c.now => b"%b %e  %Y",
        None => b"%b %e %R",
    };
    let mut s = strftime(fmt, t);
    s.truncate(255);
    String::from_utf8_lossy(&s).into_owned()
}

fn owner(c: &Cfg, id: u32, user: bool) -> String {
    let name = c.users.as_ref().and_then(|t| {
        if user {
            t.user_name(id)
        } else {
            t.group_name(id)
        }
    });
    name.map_or_else(|| id.to_string(), str::to_string)
}

/// tree's `fillinfo()`: the bracket of metadata, or the empty string.
fn fillinfo(c: &Cfg, e: &Info) -> String {
    let mut b = String::new();
    if c.inodes {
        b.push_str(&format!(" {:>7}", e.linode));
    }
    if c.device {
        b.push_str(&format!(" {:>3}", e.dev as i32));
    }
    if c.perms {
        b.push(' ');
        b.push_str(&prot(e.ftype, e.mode));
    }
    if c.user {
        b.push_str(&format!(" {:<8.32}", owner(c, e.uid, true)));
    }
    if c.group {
        b.push_str(&format!(" {:<8.32}", owner(c, e.gid, false)));
    }
    if c.size {
        b.push_str(&psize(c, e.size));
    }
    if c.date {
        b.push(' ');
        b.push_str(&date(c, if c.ctime { e.ctime } else { e.mtime }));
    }
    if b.starts_with(' ') {
        b.replace_range(0..1, "[");
        b.push(']');
    }
    b
}

/// glibc's `iswprint` in a UTF-8 locale, near enough: controls and the line/paragraph
/// separators are not printable.
fn printable(ch: char) -> bool {
    !ch.is_control() && !matches!(ch, '\u{2028}' | '\u{2029}')
}

/// tree's `printit()`: a name as the text listing shows it.
pub fn printit(c: &Cfg, out: &mut Vec<u8>, raw: &[u8]) {
    if c.literal {
        if c.quote {
            out.push(b'"');
        }
        out.extend_from_slice(raw);
        if c.quote {
            out.push(b'"');
        }
        return;
    }
    if let Ok(valid) = std::str::from_utf8(raw) {
        if c.quote {
            out.push(b'"');
        }
        let mut buf = [0u8; 4];
        for ch in valid.chars() {
            if printable(ch) {
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            } else if c.question {
                out.push(b'?');
            } else {
                out.extend_from_slice(format!("\\{:03o}", ch as u32).as_bytes());
            }
        }
        if c.quote {
            out.push(b'"');
        }
        return;
    }
    if c.quote {
        out.push(b'"');
    }
    for &b in raw {
        if (7..=13).contains(&b) || b == b'\\' || (b == b'"' && c.quote) || (b == b' ' && !c.quote)
        {
            out.push(b'\\');
            out.push(if b > 13 {
                b
            } else {
                b"abtnvfr"[(b - 7) as usize]
            });
        } else if (0x20..0x7f).contains(&b) {
            out.push(b);
        } else if c.question {
            out.push(if b > 127 { b } else { b'?' });
        } else {
            out.extend_from_slice(format!("\\{b:03o}").as_bytes());
        }
    }
    if c.quote {
        out.push(b'"');
    }
}

/// tree's `json_encode()`.
fn json_encode(out: &mut Vec<u8>, s: &[u8]) {
    const CTRL: &[u8; 32] = b"0-------btn-fr------------------";
    for &b in s {
        if b < 32 {
            if CTRL[b as usize] != b'-' {
                out.push(b'\\');
                out.push(CTRL[b as usize]);
            } else {
                out.extend_from_slice(format!("\\u{b:04x}").as_bytes());
            }
        } else if b == b'"' || b == b'\\' {
            out.push(b'\\');
            out.push(b);
        } else {
            out.push(b);
        }
    }
}

/// tree's `html_encode()`, which its XML uses.
fn html_encode(out: &mut Vec<u8>, s: &[u8]) {
    for &b in s {
        match b {
            b'<' => out.extend_from_slice(b"&lt;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'&' => out.extend_from_slice(b"&amp;"),
            b'"' => out.extend_from_slice(b"&quot;"),
            _ => out.push(b),
        }
    }
}

fn nl(c: &Cfg) -> &'static str {
    if c.indent { "\n" } else { "" }
}

/// The output and the state tree keeps beside it (`dirs[]`, the indentation of each level).
pub struct Out<'c> {
    pub c: &'c Cfg,
    pub buf: Vec<u8>,
    /// tree's `dirs[]`: 0 past the deepest level, 1 when more entries follow at the level,
    /// 2 at its last entry.
    pub dirs: Vec<u8>,
}

impl Out<'_> {
    fn put(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    pub fn set_dirs(&mut self, lev: usize, v: u8) {
        if self.dirs.len() <= lev + 1 {
            self.dirs.resize(lev + 2, 0);
        }
        self.dirs[lev] = v;
    }

    fn dir_at(&self, i: usize) -> u8 {
        self.dirs.get(i).copied().unwrap_or(0)
    }

    /// tree's `indent()`.
    fn indent(&mut self, level: usize) {
        let (vert, vert_left, corner) = if self.c.ascii {
            ("|  ", "|--", "`--")
        } else {
            (
                "\u{2502}\u{a0}\u{a0}",
                "\u{251c}\u{2500}\u{2500}",
                "\u{2514}\u{2500}\u{2500}",
            )
        };
        let mut i = 1;
        while i <= level && self.dir_at(i) != 0 {
            let s = if self.dir_at(i + 1) != 0 {
                if self.dir_at(i) == 1 { vert } else { "   " }
            } else if self.dir_at(i) == 1 {
                vert_left
            } else {
                corner
            };
            self.put(s);
            self.put(" ");
            i += 1;
        }
    }

    fn ml_indent(&mut self, level: i64) {
        self.put("  ");
        for _ in 0..level.max(0) {
            self.put("  ");
        }
    }

    pub fn intro(&mut self) {
        match self.c.format {
            Format::Text => {}
            Format::Json => self.put(if self.c.indent { "[\n" } else { "[" }),
            Format::Xml => {
                let enc = self.c.charset.clone();
                self.put("<?xml version=\"1.0\"");
                self.put(&format!(" encoding=\"{enc}\""));
                self.put("?>");
                self.put(nl(self.c));
                self.put("<tree>");
                self.put(nl(self.c));
            }
        }
    }

    pub fn outtro(&mut self) {
        match self.c.format {
            Format::Text => {}
            Format::Json => self.put(if self.c.indent { "\n]\n" } else { "]\n" }),
            Format::Xml => self.put("</tree>\n"),
        }
    }

    pub fn printinfo(&mut self, e: &mut Info, level: usize) {
        let c = self.c;
        match c.format {
            Format::Text => {
                let info = fillinfo(c, e);
                if c.indent {
                    self.indent(level);
                }
                if info.starts_with('[') {
                    self.put(&info);
                    self.put("  ");
                }
            }
            Format::Json | Format::Xml => {
                if c.indent {
                    self.ml_indent(level as i64);
                }
                let t = kind(e.ftype).1;
                if c.format == Format::Json {
                    self.put(&format!("{{\"type\":\"{t}\""));
                } else {
                    e.tag = t;
                    self.put(&format!("<{t}"));
                }
            }
        }
    }

    /// tree's `printfile()`: whether the entry must be closed (`close`).
    pub fn printfile(&mut self, raw: &[u8], e: Option<&Info>, descend: bool) -> bool {
        let c = self.c;
        match c.format {
            Format::Text => {
                printit(c, &mut self.buf, raw);
                if let Some(e) = e {
                    let suffix = match &e.lnk {
                        None => ftype_char(c, e.ftype, e.mode),
                        Some(l) => {
                            self.put(" -> ");
                            printit(c, &mut self.buf, l.as_bytes());
                            e.lnk_type.and_then(|(t, m)| ftype_char(c, Some(t), m))
                        }
                    };
                    if let Some(ch) = suffix.filter(|_| c.classify) {
                        self.buf.push(ch as u8);
                    }
                }
                false
            }
            Format::Json => {
                self.put(",\"name\":\"");
                json_encode(&mut self.buf, raw);
                self.put("\"");
                if let Some(e) = e {
                    if let Some(l) = &e.lnk {
                        self.put(",\"target\":\"");
                        json_encode(&mut self.buf, l.as_bytes());
                        self.put("\"");
                    }
                    self.fillinfo(e, false);
                    if let Some(err) = &e.err {
                        self.put(&format!(",\"error\": \"{err}\""));
                    }
                }
                if descend {
                    self.put(",\"contents\":[");
                } else {
                    self.put("}");
                }
                descend
            }
            Format::Xml => {
                self.put(" name=\"");
                html_encode(&mut self.buf, raw);
                self.put("\"");
                if let Some(e) = e {
                    if let Some(l) = &e.lnk {
                        self.put(" target=\"");
                        html_encode(&mut self.buf, l.as_bytes());
                        self.put("\"");
                    }
                    self.fillinfo(e, true);
                }
                self.put(">");
                true
            }
        }
    }

    /// The details asked for (`--inodes --device -p -u -g -s -D`), in tree's order, as JSON
    /// members (numbers unquoted, `-h` sizes as strings) or XML attributes (every value
    /// quoted, sizes always in bytes).
    fn fillinfo(&mut self, e: &Info, xml: bool) {
        let c = self.c;
        // (name, value, a JSON number)
        let mut fields: Vec<(&str, String, bool)> = Vec::new();
        if c.inodes {
            fields.push(("inode", e.inode.to_string(), true));
        }
        if c.device {
            fields.push(("dev", (e.dev as i32).to_string(), true));
        }
        if c.perms {
            fields.push(("mode", format!("{:04o}", e.mode & 0o7777), false));
            fields.push(("prot", prot(e.ftype, e.mode), false));
        }
        if c.user {
            fields.push(("user", owner(c, e.uid, true), false));
        }
        if c.group {
            fields.push(("group", owner(c, e.gid, false), false));
        }
        if c.size {
            if c.human && !xml {
                fields.push(("size", psize(c, e.size).trim_start().to_string(), false));
            } else {
                fields.push(("size", e.size.to_string(), true));
            }
        }
        if c.date {
            let d = date(c, if c.ctime { e.ctime } else { e.mtime });
            fields.push(("time", d, false));
        }
        for (name, v, number) in fields {
            let text = if xml {
                format!(" {name}=\"{v}\"")
            } else if number {
                format!(",\"{name}\":{v}")
            } else {
                format!(",\"{name}\":\"{v}\"")
            };
            self.put(&text);
        }
    }

    pub fn error(&mut self, err: &str) {
        match self.c.format {
            Format::Text => self.put(&format!("  [{err}]")),
            Format::Json => {
                let end = nl(self.c);
                self.put(&format!("{{\"error\": \"{err}\"}}{end}"));
            }
            Format::Xml => self.put(&format!("<error>{err}</error>")),
        }
    }

    pub fn newline(&mut self, needcomma: bool) {
        match self.c.format {
            Format::Text | Format::Xml => self.put("\n"),
            Format::Json => {
                let s = format!("{}{}", if needcomma { "," } else { "" }, nl(self.c));
                self.put(&s);
            }
        }
    }

    /// tree's `close()` (`level` -1: an entry not descended into).
    pub fn close(&mut self, tag: &'static str, level: i64, needcomma: bool) {
        let c = self.c;
        match c.format {
            Format::Text => {}
            Format::Json => {
                if c.indent {
                    self.ml_indent(level);
                }
                self.put("]}");
                if needcomma {
                    self.put(",");
                }
                self.put(nl(c));
            }
            Format::Xml => {
                if c.indent && level >= 0 {
                    self.ml_indent(level);
                }
                let tag = if tag.is_empty() { "unknown" } else { tag };
                self.put(&format!("</{tag}>"));
                self.put(nl(c));
            }
        }
    }

    pub fn report(&mut self, dirs: u64, files: u64, size: u64) {
        let c = self.c;
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match c.format {
            Format::Text => {
                self.put("\n");
                if c.du {
                    let s = psize(c, size);
                    self.put(&s);
                    self.put(if c.human {
                        " used in "
                    } else {
                        " bytes used in "
                    });
                }
                let mut s = plural(dirs, "directory", "directories");
                if !c.dirs_only {
                    s.push_str(&format!(", {}", plural(files, "file", "files")));
                }
                self.put(&s);
                self.put("\n");
            }
            Format::Json => {
                self.put(if c.indent { ",\n  " } else { "," });
                self.put("{\"type\":\"report\"");
                if c.du {
                    self.put(&format!(",\"size\":{size}"));
                }
                self.put(&format!(",\"directories\":{dirs}"));
                if !c.dirs_only {
                    self.put(&format!(",\"files\":{files}"));
                }
                self.put("}");
            }
            Format::Xml => {
                let (i1, i2, n) = if c.indent {
                    ("  ", "    ", "\n")
                } else {
                    ("", "", "")
                };
                self.put(&format!("{i1}<report>{n}"));
                if c.du {
                    self.put(&format!("{i2}<size>{size}</size>{n}"));
                }
                self.put(&format!("{i2}<directories>{dirs}</directories>{n}"));
                if !c.dirs_only {
                    self.put(&format!("{i2}<files>{files}</files>{n}"));
                }
                self.put(&format!("{i1}</report>{n}"));
            }
        }
    }
}

/// glibc's `strverscmp()` (tree's `-v`).
pub fn strverscmp(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    const S_N: usize = 0x0;
    const S_I: usize = 0x4;
    const S_F: usize = 0x8;
    const S_Z: usize = 0xC;
    const CMP: i32 = 2;
    const LEN: i32 = 3;
    const NEXT: [usize; 16] = [
        S_N, S_I, S_Z, S_N, S_N, S_I, S_I, S_I, S_N, S_F, S_F, S_F, S_N, S_F, S_Z, S_Z,
    ];
    const RESULT: [i32; 64] = [
        CMP, CMP, CMP, CMP, CMP, LEN, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, //
        CMP, -1, -1, CMP, 1, LEN, LEN, CMP, 1, LEN, LEN, CMP, CMP, CMP, CMP, CMP, //
        CMP, CMP, CMP, CMP, CMP, LEN, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, CMP, //
        CMP, 1, 1, CMP, -1, CMP, CMP, CMP, -1, CMP, CMP, CMP, CMP, CMP, CMP, CMP,
    ];
    let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(0);
    let class = |ch: u8| usize::from(ch == b'0') + usize::from(ch.is_ascii_digit());
    let (mut i, mut c1, mut c2) = (0, at(a, 0), at(b, 0));
    let mut state = S_N | class(c1);
    let mut diff = i32::from(c1) - i32::from(c2);
    while diff == 0 && c1 != 0 {
        state = NEXT[state];
        i += 1;
        c1 = at(a, i);
        c2 = at(b, i);
        state |= class(c1);
        diff = i32::from(c1) - i32::from(c2);
    }
    let r = RESULT[(state << 2) | class(c2)];
    let v = match r {
        CMP => diff,
        LEN => {
            let mut j = i + 1;
            loop {
                if !at(a, j).is_ascii_digit() {
                    break if at(b, j).is_ascii_digit() { -1 } else { diff };
                }
                if !at(b, j).is_ascii_digit() {
                    break 1;
                }
                j += 1;
            }
        }
        r => r,
    };
    v.cmp(&0)
}
