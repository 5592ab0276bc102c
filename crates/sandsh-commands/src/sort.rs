//! `sort`: sort lines of text files, as GNU sort does in the C.UTF-8 locale.
//!
//! The key machinery follows GNU's `begfield`/`limfield` exactly (fields include their
//! leading blanks unless `b` is given; a key without its own ordering flags inherits the global
//! ones), and so does the last-resort whole-line comparison that `-s` and `-u` turn off. The
//! default collation is byte order, which for UTF-8 is code-point order, as C.UTF-8 collates.

use sandsh_api::opt;
use sandsh_api::rows;
use std::cmp::Ordering;

use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use super::util;

mod methods;

use methods::sort_lines;

pub struct Sort;

static SPEC: CommandSpec = CommandSpec {
    name: "sort",
    group: "text",
    summary: "sort lines of text files",
    usage: "sort [OPTION]... [FILE]...",
    description: "Write sorted concatenation of all FILE(s) to standard output. With no FILE, or when FILE is -, read standard input. Collation is byte (code point) order, as in the C.UTF-8 locale. KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a field number and C a character position in the field; both are origin 1. OPTS is one or more single-letter ordering options [bdfgiMhnRrV], which override global ordering options for that key.",
    options: &[
        OptSpec::new("-b, --ignore-leading-blanks", "ignore leading blanks"),
        OptSpec::new(
            "-d, --dictionary-order",
            "consider only blanks and alphanumeric characters",
        ),
        OptSpec::new(
            "-f, --ignore-case",
            "fold lower case to upper case characters",
        ),
        OptSpec::new(
            "-g, --general-numeric-sort",
            "compare according to general numerical value",
        ),
        OptSpec::new(
            "-i, --ignore-nonprinting",
            "consider only printable characters",
        ),
        OptSpec::new(
            "-M, --month-sort",
            "compare (unknown) < 'JAN' < ... < 'DEC'",
        ),
        OptSpec::new(
            "-h, --human-numeric-sort",
            "compare human readable numbers (e.g., 2K 1G)",
        ),
        OptSpec::new(
            "-n, --numeric-sort",
            "compare according to string numerical value",
        ),
        OptSpec::new("-R, --random-sort", "shuffle, but group identical keys"),
        OptSpec::new("-r, --reverse", "reverse the result of comparisons"),
        OptSpec::new(
            "-V, --version-sort",
            "natural sort of (version) numbers within text",
        ),
        OptSpec::new("-c, --check", "check for sorted input; do not sort"),
        OptSpec::new("-C", "like -c, but do not report first bad line"),
        OptSpec::new("-m, --merge", "merge already sorted files; do not sort"),
        OptSpec::new(
            "-k, --key=KEYDEF",
            "sort via a key; KEYDEF gives location and type",
        ),
        OptSpec::new(
            "-o, --output=FILE",
            "write result to FILE instead of standard output",
        ),
        OptSpec::new(
            "-s, --stable",
            "stabilize sort by disabling last-resort comparison",
        ),
        OptSpec::new(
            "-t, --field-separator=SEP",
            "use SEP instead of non-blank to blank transition",
        ),
        OptSpec::new("-u, --unique", "output only the first of an equal run"),
        rows::ZERO_TERMINATED,
        OptSpec::new(
            "-S, --buffer-size=SIZE",
            "accepted for compatibility; no effect (sorting is in memory)",
        ),
        OptSpec::new(
            "-T, --temporary-directory=DIR",
            "accepted for compatibility; no effect (no temporary files)",
        ),
        OptSpec::new(
            "--random-source=FILE",
            "get random bytes from FILE (-R: the first 16 bytes key the hash, as in GNU sort)",
        ),
        OptSpec::new("--parallel=N", "accepted for compatibility; no effect"),
    ],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files to sort (- for stdin)").repeated()],
    returns: "the sorted lines (or nothing with -c, whose status tells)",
    examples: &[
        Example {
            description: "sort lines",
            script: "printf 'b\\na\\nc\\n' | sort",
            stdout: "a\nb\nc\n",
        },
        Example {
            description: "numeric, reverse",
            script: "printf '10\\n9\\n100\\n' | sort -nr",
            stdout: "100\n10\n9\n",
        },
        Example {
            description: "by second field",
            script: "printf 'x 3\\ny 1\\nz 2\\n' | sort -k2,2n",
            stdout: "y 1\nz 2\nx 3\n",
        },
        Example {
            description: "unique",
            script: "printf 'b\\na\\nb\\n' | sort -u",
            stdout: "a\nb\n",
        },
    ],
    errors: "exit 2 on unreadable input, bad key specs or unwritable output; -c/-C exit 1 when the input is not sorted",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, Default, PartialEq)]
enum Kind {
    #[default]
    Text,
    Numeric,
    General,
    Human,
    Month,
    Version,
    Random,
}

#[derive(Clone, Copy, Default)]
struct Key {
    sword: usize,
    schar: usize,
    /// `None`: to the end of the line.
    eword: Option<usize>,
    echar: usize,
    skip_sblanks: bool,
    skip_eblanks: bool,
    dict: bool,
    fold: bool,
    nonprint: bool,
    kind: Kind,
    reverse: bool,
}

impl Key {
    fn has_ordering(&self) -> bool {
        self.skip_sblanks
            || self.skip_eblanks
            || self.dict
            || self.fold
            || self.nonprint
            || self.kind != Kind::Text
            || self.reverse
    }

    fn inherit(&mut self, g: &Key) {
        self.skip_sblanks = g.skip_sblanks;
        self.skip_eblanks = g.skip_eblanks;
        self.dict = g.dict;
        self.fold = g.fold;
        self.nonprint = g.nonprint;
        self.kind = g.kind;
        self.reverse = g.reverse;
    }

    /// Apply ordering letters; returns the rest of the string.
    fn set_flags<'a>(&mut self, mut s: &'a str, end: bool) -> &'a str {
        while let Some(c) = s.chars().next() {
            match c {
                'b' => {
                    if end {
                        self.skip_eblanks = true
                    } else {
                        self.skip_sblanks = true
                    }
                }
                'd' => self.dict = true,
                'f' => self.fold = true,
                'i' => self.nonprint = true,
                'g' => self.kind = Kind::General,
                'h' => self.kind = Kind::Human,
                'M' => self.kind = Kind::Month,
                'n' => self.kind = Kind::Numeric,
                'R' => self.kind = Kind::Random,
                'V' => self.kind = Kind::Version,
                'r' => self.reverse = true,
                _ => return s,
            }
            s = &s[1..];
        }
        s
    }
}

fn take_num(s: &str) -> (Option<usize>, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 {
        return (None, s);
    }
    (Some(s[..end].parse().unwrap_or(usize::MAX)), &s[end..])
}

fn parse_key(spec: &str) -> Result<Key, String> {
    let bad = |why: &str| format!("{why}: invalid field specification {}", util::cquote(spec));
    let mut k = Key::default();
    let (f, rest) = take_num(spec);
    let f = f.ok_or_else(|| {
        format!(
            "invalid number at field start: invalid count at start of {}",
            util::cquote(spec)
        )
    })?;
    if f == 0 {
        return Err(bad("field number is zero"));
    }
    k.sword = f - 1;
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix('.') {
        let (c, r2) = take_num(r);
        let c = c.ok_or_else(|| {
            format!(
                "invalid number after '.': invalid count at start of {}",
                util::cquote(r)
            )
        })?;
        if c == 0 {
            return Err(bad("character offset is zero"));
        }
        k.schar = c - 1;
        rest = r2;
    }
    rest = k.set_flags(rest, false);
    if let Some(r) = rest.strip_prefix(',') {
        let (f2, r2) = take_num(r);
        let f2 = f2.ok_or_else(|| {
            format!(
                "invalid number after ',': invalid count at start of {}",
                util::cquote(r)
            )
        })?;
        if f2 == 0 {
            return Err(bad("field number is zero"));
        }
        k.eword = Some(f2 - 1);
        rest = r2;
        if let Some(r) = rest.strip_prefix('.') {
            let (c, r3) = take_num(r);
            let c = c.ok_or_else(|| {
                format!(
                    "invalid number after '.': invalid count at start of {}",
                    util::cquote(r)
                )
            })?;
            k.echar = c;
            rest = r3;
        }
        rest = k.set_flags(rest, true);
    }
    if !rest.is_empty() {
        return Err(bad("stray character in field spec"));
    }
    Ok(k)
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\n'
}

struct Cfg {
    keys: Vec<Key>,
    tab: Option<u8>,
    reverse: bool,
    stable: bool,
    unique: bool,
    /// MD5 state after the 16 random bytes, as GNU's `random_md5_state` (-R).
    salt: md5::Md5,
    /// Hash a key followed by a NUL, as GNU does in a UTF-8 locale (its `strxfrm` path); in
    /// the C/POSIX locale the key alone.
    nul_after_key: bool,
}

fn begfield(line: &[u8], k: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let mut p = 0;
    let mut sword = k.sword;
    match tab {
        Some(t) => {
            while p < lim && sword > 0 {
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim {
                    p += 1;
                }
                sword -= 1;
            }
        }
        None => {
            while p < lim && sword > 0 {
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
                sword -= 1;
            }
        }
    }
    if k.skip_sblanks {
        while p < lim && is_blank(line[p]) {
            p += 1;
        }
    }
    lim.min(p.saturating_add(k.schar))
}

fn limfield(line: &[u8], k: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let Some(mut eword) = k.eword else { return lim };
    let echar = k.echar;
    if echar == 0 {
        eword += 1;
    }
    let mut p = 0;
    match tab {
        Some(t) => {
            while p < lim && eword > 0 {
                eword -= 1;
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim && (eword > 0 || echar > 0) {
                    p += 1;
                }
            }
        }
        None => {
            while p < lim && eword > 0 {
                eword -= 1;
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
            }
        }
    }
    if echar != 0 {
        if k.skip_eblanks {
            while p < lim && is_blank(line[p]) {
                p += 1;
            }
        }
        p = lim.min(p.saturating_add(echar));
    }
    p
}

/// Sign and digits of a `-n` number: (negative, integer digits without leading zeros,
/// fraction digits without trailing zeros).
fn num_parts(s: &[u8]) -> (bool, &[u8], &[u8], usize) {
    let mut p = 0;
    while p < s.len() && is_blank(s[p]) {
        p += 1;
    }
    let neg = s.get(p) == Some(&b'-');
    if neg {
        p += 1;
    }
    let is = p;
    while p < s.len() && s[p].is_ascii_digit() {
        p += 1;
    }
    let mut int = &s[is..p];
    while int.first() == Some(&b'0') {
        int = &int[1..];
    }
    let mut frac: &[u8] = &[];
    if s.get(p) == Some(&b'.') {
        let fs = p + 1;
        p += 1;
        while p < s.len() && s[p].is_ascii_digit() {
            p += 1;
        }
        frac = &s[fs..p];
        while frac.last() == Some(&b'0') {
            frac = &frac[..frac.len() - 1];
        }
    }
    (neg, int, frac, p)
}

fn numcmp(a: &[u8], b: &[u8]) -> Ordering {
    let (an, ai, af, _) = num_parts(a);
    let (bn, bi, bf, _) = num_parts(b);
    let az = ai.is_empty() && af.is_empty();
    let bz = bi.is_empty() && bf.is_empty();
    let an = an && !az;
    let bn = bn && !bz;
    if an != bn {
        return if an {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let mag = ai
        .len()
        .cmp(&bi.len())
        .then_with(|| ai.cmp(bi))
        .then_with(|| af.cmp(bf));
    if an { mag.reverse() } else { mag }
}

fn human_order(s: &[u8]) -> i32 {
    let (neg, int, frac, end) = num_parts(s);
    let order = match s.get(end) {
        Some(b'k') | Some(b'K') => 1,
        Some(b'M') => 2,
        Some(b'G') => 3,
        Some(b'T') => 4,
        Some(b'P') => 5,
        Some(b'E') => 6,
        Some(b'Z') => 7,
        Some(b'Y') => 8,
        Some(b'R') => 9,
        Some(b'Q') => 10,
        _ => 0,
    };
    if int.is_empty() && frac.is_empty() {
        0
    } else if neg {
        -order
    } else {
        order
    }
}

/// strtod-style prefix parse: `None` when no number starts the text.
pub fn strtod_prefix(s: &[u8]) -> Option<f64> {
    let mut p = 0;
    while p < s.len() && (s[p] == b' ' || (9..=13).contains(&s[p])) {
        p += 1;
    }
    let start = p;
    if p < s.len() && (s[p] == b'+' || s[p] == b'-') {
        p += 1;
    }
    let neg = s.get(start) == Some(&b'-');
    let rest = &s[p..];
    let lower: Vec<u8> = rest
        .iter()
        .take(8)
        .map(|b| b.to_ascii_lowercase())
        .collect();
    if lower.starts_with(b"inf") {
        return Some(if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    if lower.starts_with(b"nan") {
        return Some(f64::NAN);
    }
    if lower.starts_with(b"0x") {
        let mut v = 0f64;
        let mut q = p + 2;
        let mut any = false;
        while q < s.len() && s[q].is_ascii_hexdigit() {
            v = v * 16.0 + f64::from((s[q] as char).to_digit(16).unwrap_or(0));
            q += 1;
            any = true;
        }
        if any {
            return Some(if neg { -v } else { v });
        }
    }
    let ds = p;
    while p < s.len() && s[p].is_ascii_digit() {
        p += 1;
    }
    let mut digits = p - ds;
    if p < s.len() && s[p] == b'.' {
        p += 1;
        let fs = p;
        while p < s.len() && s[p].is_ascii_digit() {
            p += 1;
        }
        digits += p - fs;
    }
    if digits == 0 {
        return None;
    }
    if p < s.len() && (s[p] == b'e' || s[p] == b'E') {
        let mut q = p + 1;
        if q < s.len() && (s[q] == b'+' || s[q] == b'-') {
            q += 1;
        }
        if q < s.len() && s[q].is_ascii_digit() {
            while q < s.len() && s[q].is_ascii_digit() {
                q += 1;
            }
            p = q;
        }
    }
    std::str::from_utf8(&s[start..p]).ok()?.parse::<f64>().ok()
}

fn general_cmp(a: &[u8], b: &[u8]) -> Ordering {
    match (strtod_prefix(a), strtod_prefix(b)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => match x.partial_cmp(&y) {
            Some(o) => o,
            None => x.is_nan().cmp(&y.is_nan()).reverse(),
        },
    }
}

fn month(s: &[u8]) -> u32 {
    let mut p = 0;
    while p < s.len() && is_blank(s[p]) {
        p += 1;
    }
    let m: Vec<u8> = s[p..]
        .iter()
        .take(3)
        .map(|b| b.to_ascii_uppercase())
        .collect();
    const MONTHS: [&[u8]; 12] = [
        b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV",
        b"DEC",
    ];
    MONTHS
        .iter()
        .position(|x| *x == m.as_slice())
        .map_or(0, |i| i as u32 + 1)
}

fn ver_order(s: &[u8], pos: usize) -> i32 {
    if pos >= s.len() {
        return 0;
    }
    let c = s[pos];
    if c.is_ascii_digit() {
        0
    } else if c.is_ascii_alphabetic() {
        i32::from(c)
    } else if c == b'~' {
        -1
    } else {
        i32::from(c) + 256
    }
}

fn verrevcmp(a: &[u8], b: &[u8]) -> i32 {
    let (mut i, mut j) = (0, 0);
    let dig = |s: &[u8], p: usize| p < s.len() && s[p].is_ascii_digit();
    while i < a.len() || j < b.len() {
        let mut first_diff = 0;
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let ac = ver_order(a, i);
            let bc = ver_order(b, j);
            if ac != bc {
                return ac - bc;
            }
            i += 1;
            j += 1;
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        while dig(a, i) && dig(b, j) {
            if first_diff == 0 {
                first_diff = i32::from(a[i]) - i32::from(b[j]);
            }
            i += 1;
            j += 1;
        }
        if dig(a, i) {
            return 1;
        }
        if dig(b, j) {
            return -1;
        }
        if first_diff != 0 {
            return first_diff;
        }
    }
    0
}

fn file_prefixlen(s: &[u8]) -> usize {
    let n = s.len();
    let mut prefix = 0;
    let mut i = 0;
    loop {
        if i == n {
            return prefix;
        }
        i += 1;
        prefix = i;
        while i + 1 < n && s[i] == b'.' && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
            i += 2;
            while i < n && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
                i += 1;
            }
        }
    }
}

/// gnulib's `filevercmp` (coreutils 9.x), used by `sort -V` and `ls -v`.
pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    if a.is_empty() {
        return Ordering::Less;
    }
    if b.is_empty() {
        return Ordering::Greater;
    }
    if a[0] == b'.' {
        if b[0] != b'.' {
            return Ordering::Less;
        }
        let (ad, bd) = (a == b".", b == b".");
        if ad {
            return if bd { Ordering::Equal } else { Ordering::Less };
        }
        if bd {
            return Ordering::Greater;
        }
        let (add, bdd) = (a == b"..", b == b"..");
        if add {
            return if bdd { Ordering::Equal } else { Ordering::Less };
        }
        if bdd {
            return Ordering::Greater;
        }
    } else if b[0] == b'.' {
        return Ordering::Greater;
    }
    let ap = file_prefixlen(a);
    let bp = file_prefixlen(b);
    let one_pass = ap == a.len() && bp == b.len();
    let r = verrevcmp(&a[..ap], &b[..bp]);
    let r = if r != 0 || one_pass {
        r
    } else {
        verrevcmp(a, b)
    };
    r.cmp(&0)
}

fn text_cmp(a: &[u8], b: &[u8], k: &Key) -> Ordering {
    if !(k.dict || k.fold || k.nonprint) {
        return a.cmp(b);
    }
    let keep = |c: u8| {
        (!k.dict || is_blank(c) || c.is_ascii_alphanumeric())
            && (!k.nonprint || (0x20..0x7f).contains(&c))
    };
    let tr = |c: u8| if k.fold { c.to_ascii_uppercase() } else { c };
    let mut ia = a.iter().copied().filter(|c| keep(*c)).map(tr);
    let mut ib = b.iter().copied().filter(|c| keep(*c)).map(tr);
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
            }
        }
    }
}

type Digest16 = [u8; 16];

/// The key as GNU hashes it for -R: with -d/-i characters dropped and -f folding applied.
fn transformed<'a>(key: &'a [u8], k: &Key) -> std::borrow::Cow<'a, [u8]> {
    if !(k.dict || k.fold || k.nonprint) {
        return std::borrow::Cow::Borrowed(key);
    }
    std::borrow::Cow::Owned(
        key.iter()
            .copied()
            .filter(|&c| {
                (!k.dict || c == b' ' || c == b'\t' || c.is_ascii_alphanumeric())
                    && (!k.nonprint || (0x20..0x7f).contains(&c))
            })
            .map(|c| if k.fold { c.to_ascii_uppercase() } else { c })
            .collect(),
    )
}

/// GNU's `compare_random` digest: MD5 of the 16 random bytes then the (transformed) key.
fn random_digest(key: &[u8], k: &Key, cfg: &Cfg) -> Digest16 {
    use sha2::Digest;
    let t = transformed(key, k);
    let mut h = cfg.salt.clone();
    if !t.is_empty() {
        h.update(&t);
        if cfg.nul_after_key {
            h.update([0u8]);
        }
    }
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.finalize());
    out
}

/// The 16 bytes that key -R: the start of `--random-source` (GNU's `randread`: a shorter file
/// is an error), else the sandbox's /dev/urandom, else the clock.
fn random_bytes(ctx: &mut dyn ToolCtx, source: Option<&[u8]>) -> Result<[u8; 16], String> {
    let mut buf = [0u8; 16];
    let Some(f) = source else {
        let from_dev = ctx
            .backend()
            .read(std::path::Path::new("/dev/urandom"), Some(0..16))
            .ok()
            .filter(|b| b.len() == 16);
        match from_dev {
            Some(b) => buf.copy_from_slice(&b),
            None => {
                let t = ctx
                    .now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0);
                buf.copy_from_slice(&t.to_le_bytes());
            }
        }
        return Ok(buf);
    };
    let name = util::lossy(f);
    let mut src = util::open(ctx, f).map_err(|m| format!("open failed: {name}: {m}"))?;
    let mut got = 0;
    while got < buf.len() {
        match util::read_chunk(ctx, &mut src, &mut buf[got..]) {
            Ok(0) => return Err(format!("{}: end of file", util::cquote(&name))),
            Ok(n) => got += n,
            Err(e) => return Err(format!("{}: {}", util::cquote(&name), util::io_msg(&e))),
        }
    }
    Ok(buf)
}

/// Whether the collation locale (LC_ALL, else LC_COLLATE, else LANG; unset is C) is C/POSIX.
fn c_locale(ctx: &dyn ToolCtx) -> bool {
    let env = ctx.env();
    let get = |n: &str| {
        env.iter()
            .find(|(k, v)| k == n && !v.is_empty())
            .map(|(_, v)| v.clone())
    };
    let v = get("LC_ALL")
        .or_else(|| get("LC_COLLATE"))
        .or_else(|| get("LANG"))
        .unwrap_or_else(|| b"C".to_vec());
    v == b"C" || v == b"POSIX"
}

fn key_text<'a>(line: &'a [u8], k: &Key, cfg: &Cfg) -> &'a [u8] {
    let beg = begfield(line, k, cfg.tab);
    &line[beg..limfield(line, k, cfg.tab).max(beg)]
}

/// The digests of a line's random keys, in key order (precomputed once per line for a sort).
fn line_digests(line: &[u8], cfg: &Cfg, out: &mut Vec<Digest16>) {
    for k in cfg.keys.iter().filter(|k| k.kind == Kind::Random) {
        out.push(random_digest(key_text(line, k, cfg), k, cfg));
    }
}

fn key_cmp(
    a: &[u8],
    b: &[u8],
    k: &Key,
    cfg: &Cfg,
    digests: Option<(&Digest16, &Digest16)>,
) -> Ordering {
    key_cmp_text(key_text(a, k, cfg), key_text(b, k, cfg), k, cfg, digests)
}

/// `key_cmp` on the keys' text, already extracted.
fn key_cmp_text(
    ka: &[u8],
    kb: &[u8],
    k: &Key,
    cfg: &Cfg,
    digests: Option<(&Digest16, &Digest16)>,
) -> Ordering {
    let o = match k.kind {
        Kind::Text => text_cmp(ka, kb, k),
        Kind::Numeric => numcmp(ka, kb),
        Kind::Human => human_order(ka)
            .cmp(&human_order(kb))
            .then_with(|| numcmp(ka, kb)),
        Kind::General => general_cmp(ka, kb),
        Kind::Month => month(ka).cmp(&month(kb)),
        Kind::Version => filevercmp(ka, kb),
        Kind::Random => {
            let o = match digests {
                Some((da, db)) => da.cmp(db),
                None => random_digest(ka, k, cfg).cmp(&random_digest(kb, k, cfg)),
            };
            o.then_with(|| text_cmp(ka, kb, k))
        }
    };
    if k.reverse { o.reverse() } else { o }
}

fn compare(a: &[u8], b: &[u8], cfg: &Cfg) -> Ordering {
    compare_pre(a, b, &[], &[], cfg)
}

/// `compare` for lines decorated with their first key's text (no random keys).
fn compare_dec(a: &(&[u8], &[u8]), b: &(&[u8], &[u8]), cfg: &Cfg) -> Ordering {
    let o = match cfg.keys.first() {
        Some(k) => key_cmp_text(a.1, b.1, k, cfg, None),
        None => Ordering::Equal,
    };
    if o != Ordering::Equal {
        return o;
    }
    compare_rest(a.0, b.0, 1, &[], &[], cfg)
}

/// `compare` with the lines' random-key digests precomputed (`line_digests`), or empty.
fn compare_pre(a: &[u8], b: &[u8], da: &[Digest16], db: &[Digest16], cfg: &Cfg) -> Ordering {
    compare_rest(a, b, 0, da, db, cfg)
}

/// `compare_pre` from key `from` on (the earlier keys compared equal).
fn compare_rest(
    a: &[u8],
    b: &[u8],
    from: usize,
    da: &[Digest16],
    db: &[Digest16],
    cfg: &Cfg,
) -> Ordering {
    let mut r = 0;
    for k in cfg.keys.iter().skip(from) {
        let pre = if k.kind == Kind::Random {
            r += 1;
            da.get(r - 1).zip(db.get(r - 1))
        } else {
            None
        };
        let o = key_cmp(a, b, k, cfg, pre);
        if o != Ordering::Equal {
            return o;
        }
    }
    if cfg.keys.is_empty() {
        let o = a.cmp(b);
        return if cfg.reverse { o.reverse() } else { o };
    }
    if cfg.stable || cfg.unique {
        return Ordering::Equal;
    }
    let o = a.cmp(b);
    if cfg.reverse { o.reverse() } else { o }
}

/// GNU's `mergefps`: repeatedly take the smallest current line (ties go to the earlier
/// file); with -u, the first of a run of equal lines.
fn merge_sorted<'a>(files: &'a [(String, Vec<u8>)], delim: u8, cfg: &Cfg) -> Vec<&'a [u8]> {
    let inputs: Vec<Vec<&[u8]>> = files
        .iter()
        .map(|(_, d)| util::split_records(d, delim))
        .collect();
    let mut pos = vec![0usize; inputs.len()];
    let mut out: Vec<&[u8]> = Vec::new();
    loop {
        let mut best: Option<usize> = None;
        for (k, lines) in inputs.iter().enumerate() {
            let Some(line) = lines.get(pos[k]) else {
                continue;
            };
            match best {
                Some(b) if compare(line, inputs[b][pos[b]], cfg) != Ordering::Less => {}
                _ => best = Some(k),
            }
        }
        let Some(b) = best else { break };
        let line = inputs[b][pos[b]];
        pos[b] += 1;
        if cfg.unique
            && let Some(last) = out.last()
            && compare(last, line, cfg) == Ordering::Equal
        {
            continue;
        }
        out.push(line);
    }
    out
}

impl ParsedCommand for Sort {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut opts = match Options::parse(&p, ctx) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let cfg = match opts.cfg(&p, ctx) {
            Ok(c) => c,
            Err(s) => return s,
        };
        let delim = if opts.zero { 0 } else { b'\n' };
        let files: Vec<Arg> = util::files_or_stdin(p.operands);
        let (data, per_file) = match read_inputs(ctx, &files, delim, opts.check || opts.merge) {
            Ok(r) => r,
            Err(s) => return s,
        };
        if opts.check {
            return check_order(ctx, per_file, delim, &cfg, opts.quiet);
        }
        let lines = if opts.merge {
            merge_sorted(&per_file, delim, &cfg)
        } else {
            match sort_lines(ctx, &data, delim, &cfg) {
                Ok(l) => l,
                Err(s) => return s,
            }
        };
        write_lines(ctx, &lines, data.len() + 1, delim, opts.output)
    }
}

/// The command line, before it becomes a [`Cfg`].
#[derive(Default)]
struct Options {
    /// The global ordering flags, which keys without flags of their own inherit.
    global: Key,
    keys: Vec<Key>,
    tab: Option<u8>,
    check: bool,
    quiet: bool,
    stable: bool,
    unique: bool,
    zero: bool,
    merge: bool,
    output: Option<String>,
}

impl Options {
    fn parse(p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Options, ExitStatus> {
        let mut o = Options::default();
        for (i, v) in &p.opts {
            let spec = &SPEC.options[*i];
            let v = v.as_deref().unwrap_or_default();
            match spec.short {
                Some(c @ ('b' | 'd' | 'f' | 'g' | 'i' | 'M' | 'h' | 'n' | 'R' | 'r' | 'V')) => {
                    let mut tmp = [0u8; 4];
                    o.global.set_flags(c.encode_utf8(&mut tmp), false);
                    if c == 'b' {
                        o.global.skip_eblanks = true;
                    }
                }
                Some('c') => o.check = true,
                Some('m') => o.merge = true,
                Some('C') => {
                    o.check = true;
                    o.quiet = true;
                }
                Some('k') => match parse_key(&util::lossy(v)) {
                    Ok(k) => o.keys.push(k),
                    Err(m) => {
                        util::err(ctx, "sort", &m);
                        return Err(2);
                    }
                },
                Some('o') => o.output = Some(util::lossy(v)),
                Some('s') => o.stable = true,
                Some('t') => o.tab = Some(parse_tab(ctx, v, o.tab)?),
                Some('u') => o.unique = true,
                Some('z') => o.zero = true,
                _ => {}
            }
        }
        Ok(o)
    }

    /// The comparison settings: the keys (each inheriting the global flags unless it has
    /// its own; the global flags as the only key when they order), and the salt for `-R`.
    fn cfg(&mut self, p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Cfg, ExitStatus> {
        let g = self.global;
        let mut keys = std::mem::take(&mut self.keys);
        for k in &mut keys {
            if !k.has_ordering() {
                k.inherit(&g);
            }
        }
        if keys.is_empty()
            && g.has_ordering()
            && !(g.reverse
                && !(g.skip_sblanks || g.dict || g.fold || g.nonprint || g.kind != Kind::Text))
        {
            let mut k = g;
            k.reverse = g.reverse;
            keys.push(k);
        }
        let random = keys.iter().any(|k| k.kind == Kind::Random);
        let salt = if random {
            match random_bytes(ctx, p.value(opt!(SPEC, "random-source")).map(Vec::as_slice)) {
                Ok(b) => b,
                Err(m) => {
                    util::err(ctx, "sort", &m);
                    return Err(2);
                }
            }
        } else {
            [0; 16]
        };
        Ok(Cfg {
            keys,
            tab: self.tab,
            reverse: g.reverse,
            stable: self.stable,
            unique: self.unique,
            salt: {
                use sha2::Digest;
                let mut h = md5::Md5::new();
                h.update(salt);
                h
            },
            nul_after_key: !c_locale(ctx),
        })
    }
}

/// The `-t` separator: one byte (`\0` for NUL), the same as any earlier `-t`.
fn parse_tab(ctx: &mut dyn ToolCtx, v: &[u8], tab: Option<u8>) -> Result<u8, ExitStatus> {
    let t = if v == b"\\0" { vec![0] } else { v.to_vec() };
    if t.len() != 1 {
        let m = if t.is_empty() {
            "empty tab".to_string()
        } else {
            format!("multi-character tab {}", util::cquote(&util::lossy(&t)))
        };
        util::err(ctx, "sort", &m);
        return Err(2);
    }
    if tab.is_some_and(|x| x != t[0]) {
        util::err(ctx, "sort", "incompatible tabs");
        return Err(2);
    }
    Ok(t[0])
}

/// Concatenated inputs and per-file inputs (if each file should be kept on its own; -c/-m).
type Inputs = (Vec<u8>, Vec<(String, Vec<u8>)>);

/// Reads every input: into one buffer of delimited records, or, for `-c` and `-m`
/// (`per_file`), each file on its own.
fn read_inputs(
    ctx: &mut dyn ToolCtx,
    files: &[Arg],
    delim: u8,
    per_file: bool,
) -> Result<Inputs, ExitStatus> {
    let mut data = Vec::new();
    let mut each = Vec::new();
    for f in files {
        let name = util::lossy(f);
        let r = match util::open(ctx, f) {
            Ok(mut src) => {
                util::read_all(ctx, &mut src).map_err(|e| ("read failed", util::io_msg(&e)))
            }
            Err(m) if m == "Is a directory" => Err(("read failed", m)),
            Err(m) => Err(("cannot read", m)),
        };
        match r {
            Ok(d) => {
                if per_file {
                    each.push((name, d));
                } else {
                    data.extend_from_slice(&d);
                    if !d.is_empty() && d.last() != Some(&delim) {
                        data.push(delim);
                    }
                }
            }
            Err((what, m)) => {
                util::err(ctx, "sort", &format!("{what}: {name}: {m}"));
                return Err(2);
            }
        }
    }
    Ok((data, each))
}

/// `-c`/`-C`: 0 if the first file is in order, else 1 (with a message unless `quiet`).
fn check_order(
    ctx: &mut dyn ToolCtx,
    per_file: Vec<(String, Vec<u8>)>,
    delim: u8,
    cfg: &Cfg,
    quiet: bool,
) -> ExitStatus {
    // GNU checks the first file only when several are given with -c.
    let (name, d) = match per_file.into_iter().next() {
        Some(x) => x,
        None => return 0,
    };
    let lines = util::split_records(&d, delim);
    for i in 1..lines.len() {
        let o = compare(lines[i - 1], lines[i], cfg);
        if o == Ordering::Greater || (cfg.unique && o == Ordering::Equal) {
            if !quiet {
                let line = util::lossy(lines[i]);
                util::err(ctx, "sort", &format!("{name}:{}: disorder: {line}", i + 1));
            }
            return 1;
        }
    }
    0
}

/// Writes the records, each followed by `delim`, to stdout or the `-o` file.
fn write_lines(
    ctx: &mut dyn ToolCtx,
    lines: &[&[u8]],
    capacity: usize,
    delim: u8,
    output: Option<String>,
) -> ExitStatus {
    let mut out = Vec::with_capacity(capacity);
    for l in lines {
        out.extend_from_slice(l);
        out.push(delim);
    }
    match output {
        Some(path) => {
            let r = util::OutFile::create(ctx, &path, false).and_then(|mut f| f.write(ctx, &out));
            if let Err(e) = r {
                util::err(ctx, "sort", &format!("open failed: {path}: {e}"));
                return 2;
            }
            0
        }
        None => {
            for chunk in out.chunks(util::CHUNK) {
                if ctx.is_cancelled() {
                    return 130;
                }
                if !util::out(ctx, chunk) {
                    return 2;
                }
            }
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{TestCtx, run, run_in};

    fn s(args: &[&str], input: &str) -> String {
        run_in(&Sort, args, input).1
    }

    #[test]
    fn basic_orders() {
        assert_eq!(s(&[], "b\nB\na\n"), "B\na\nb\n");
        assert_eq!(s(&["-f"], "b\nB\na\n"), "a\nB\nb\n");
        assert_eq!(s(&["-n"], "10\n9\n-1\nx\n"), "-1\nx\n9\n10\n");
        assert_eq!(s(&["-h"], "1G\n2K\n3M\n5\n"), "5\n2K\n3M\n1G\n");
        assert_eq!(s(&["-V"], "a10\na2\na1.5\n"), "a1.5\na2\na10\n");
        assert_eq!(s(&["-M"], "mar\nJan\nxx\n"), "xx\nJan\nmar\n");
        assert_eq!(s(&["-g"], "1e3\n5\nabc\n-inf\n"), "abc\n-inf\n5\n1e3\n");
        assert_eq!(s(&["-r"], "a\nc\nb"), "c\nb\na\n");
    }

    fn random(args: &[&str], input: &str, lc_all: &str) -> (ExitStatus, String, String) {
        let mut ctx = TestCtx::new()
            .with_stdin(input.as_bytes())
            .file("rs", b"abcdefghijklmnopqrstuvwxyz0123456789")
            .file("short", b"short");
        ctx.env.push(("LC_ALL".into(), lc_all.as_bytes().to_vec()));
        let st = run(&Sort, args, &mut ctx);
        (st, ctx.out_str(), ctx.err_str())
    }

    #[test]
    fn random_source_matches_gnu_in_both_locales() {
        // Expected outputs from GNU sort 9.1 with the same 36-byte source.
        let input = "c\na\nb\nd\na\ne\nfoo bar\n\n";
        let args = ["-R", "--random-source=rs"];
        assert_eq!(random(&args, input, "C").1, "e\nb\n\nd\nfoo bar\na\na\nc\n");
        assert_eq!(
            random(&args, input, "C.UTF-8").1,
            "a\na\n\nfoo bar\nd\nb\ne\nc\n"
        );
        let keyed = ["-k1,1R", "-k2,2nr", "--random-source=rs"];
        let input = "x 1\ny 2\nz 3\nx 9\n";
        assert_eq!(random(&keyed, input, "C").1, "z 3\nx 9\nx 1\ny 2\n");
        assert_eq!(random(&keyed, input, "C.UTF-8").1, "y 2\nz 3\nx 9\nx 1\n");
        let folded = ["-fRr", "--random-source=rs"];
        assert_eq!(random(&folded, "B\nb\nA\na\n", "C.UTF-8").1, "a\nA\nb\nB\n");
    }

    #[test]
    fn random_source_errors_like_gnu() {
        let (st, out, err) = random(&["-R", "--random-source=short"], "b\na\n", "C.UTF-8");
        assert_eq!((st, out.as_str()), (2, ""));
        assert_eq!(err, "sort: \u{2018}short\u{2019}: end of file\n");
        let (st, _, err) = random(&["-R", "--random-source=nope"], "b\na\n", "C.UTF-8");
        assert_eq!(st, 2);
        assert_eq!(err, "sort: open failed: nope: No such file or directory\n");
        // Without a random key GNU never opens the source.
        let (st, out, _) = random(&["--random-source=nope"], "b\na\n", "C.UTF-8");
        assert_eq!((st, out.as_str()), (0, "a\nb\n"));
    }

    #[test]
    fn random_groups_equal_keys_and_varies_without_a_source() {
        let (_, out, _) = random(&["-R"], "a\nb\na\nc\na\n", "C.UTF-8");
        let mut lines: Vec<&str> = out.lines().collect();
        let first_a = lines.iter().position(|l| *l == "a").unwrap_or(9);
        assert_eq!(&lines[first_a..first_a + 3], ["a", "a", "a"]);
        lines.sort();
        assert_eq!(lines, ["a", "a", "a", "b", "c"]);
    }

    #[test]
    fn prefix_path_orders_bytes() {
        let input = "abcdefghij\nabcdefgh\nabcdefgh\0\nabcdefghi\n\n\u{e9}\nZ\nabc\n";
        let want = "\nZ\nabc\nabcdefgh\nabcdefgh\0\nabcdefghi\nabcdefghij\n\u{e9}\n";
        assert_eq!(s(&[], input), want);
        let mut rev: Vec<&str> = want.lines().collect();
        rev.reverse();
        assert_eq!(s(&["-r"], input), rev.join("\n") + "\n");
    }

    #[test]
    fn integer_fast_path_agrees_with_numcmp() {
        // Plain integers take the decorated path; a fraction anywhere falls back.
        let input = "10\n-3\n007\n-0\n0\n\nx\n+4\n7\n-12\n";
        let want = "-12\n-3\n\n+4\n-0\n0\nx\n007\n7\n10\n";
        assert_eq!(s(&["-n"], input), want);
        assert_eq!(
            s(&["-n"], &format!("{input}1.5\n")),
            "-12\n-3\n\n+4\n-0\n0\nx\n1.5\n007\n7\n10\n"
        );
        assert_eq!(s(&["-nr"], input), "10\n7\n007\nx\n0\n-0\n+4\n\n-3\n-12\n");
        assert_eq!(
            s(&["-t,", "-k2,2n", "-k1,1"], "b,2\na,2\nc,1\n"),
            "c,1\na,2\nb,2\n"
        );
    }

    #[test]
    fn keys() {
        assert_eq!(s(&["-k2,2n"], "x 3\ny 1\nz 2\n"), "y 1\nz 2\nx 3\n");
        assert_eq!(s(&["-t", ":", "-k2"], "a:b\nc:a\n"), "c:a\na:b\n");
        assert_eq!(s(&["-k", "1.2,1.2"], "ab\nba\n"), "ba\nab\n");
        assert_eq!(s(&["-s", "-k1,1"], "a 2\na 1\n"), "a 2\na 1\n");
        assert_eq!(s(&["-k1,1"], "a 2\na 1\n"), "a 1\na 2\n");
        assert_eq!(s(&["-u", "-k1,1"], "a 2\na 1\nb\n"), "a 2\nb\n");
    }

    #[test]
    fn check_and_errors() {
        let (st, _, e) = run_in(&Sort, &["-c"], "b\na\n");
        assert_eq!((st, e.as_str()), (1, "sort: -:2: disorder: a\n"));
        let (st, _, e) = run_in(&Sort, &["-k0"], "");
        assert_eq!(st, 2);
        assert!(e.contains("field number is zero"));
        let mut ctx = TestCtx::new().file("f", b"b\na\n");
        assert_eq!(run(&Sort, &["-o", "f", "f"], &mut ctx), 0);
        assert_eq!(ctx.read("f").unwrap(), b"a\nb\n");
    }
}
