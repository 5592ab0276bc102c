//! `od`: dump files in octal and other formats.
//!
//! Formats are `a`-less subsets of GNU's: `c`, and `d`/`u`/`o`/`x` with sizes 1, 2, 4, 8
//! (little-endian, as on the hosts GNU runs on). Several formats are aligned to a common
//! per-byte width as GNU does; identical lines collapse to `*` unless `-v`.

use std::borrow::Cow;

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input, output, quote, sizes};

pub struct Od;

static SPEC: CommandSpec = CommandSpec {
    name: "od",
    group: "text",
    summary: "dump files in octal and other formats",
    usage: "od [OPTION]... [FILE]...",
    description: "Write an unambiguous representation, octal 2-byte words by default, of FILE(s) (concatenated) to standard output. TYPE is c (characters), or d, o, u, x followed by a size 1, 2, 4 or 8 (e.g. x1, o2, d4). RADIX is d, o, x or n (no addresses).",
    options: &[
        OptSpec::new(
            "-A, --address-radix=RADIX",
            "output format for file offsets: d, o, x or n",
        ),
        OptSpec::new("-t, --format=TYPE", "select output format(s)"),
        OptSpec::new("-b", "same as -t o1"),
        OptSpec::new("-c", "same as -t c"),
        OptSpec::new("-d", "same as -t u2"),
        OptSpec::new("-o", "same as -t o2"),
        OptSpec::new("-x", "same as -t x2"),
        OptSpec::new("-f", "same as -t fF, select floats"),
        OptSpec::new("-F", "same as -t fD, select doubles"),
        OptSpec::new("-e", "same as -t fD, select doubles"),
        OptSpec::new("-j, --skip-bytes=BYTES", "skip BYTES input bytes first"),
        OptSpec::new("-N, --read-bytes=BYTES", "limit dump to BYTES input bytes"),
        OptSpec::new("-s", "same as -t d2"),
        OptSpec::new(
            "-w, --width=BYTES",
            "output BYTES bytes per output line (32 when -w has no value)",
        ),
        OptSpec::new(
            "-v, --output-duplicates",
            "do not use * to mark line suppression",
        ),
    ],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files to dump (- for stdin)").repeated()],
    returns: "the dump, 16 bytes per line, then the final offset",
    examples: &[
        Example {
            description: "characters",
            script: "echo hi | od -c",
            stdout: "0000000   h   i  \\n\n0000003\n",
        },
        Example {
            description: "hex bytes, no addresses",
            script: "printf 'AB' | od -An -tx1",
            stdout: " 41 42\n",
        },
    ],
    errors: "exit 1 on an unreadable file or an invalid format or radix",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy)]
enum Fmt {
    Char,
    Int {
        kind: u8,
        size: usize,
    },
    /// `-t f4` / `-t f8`: IEEE floats in their shortest round-trip form.
    Float {
        size: usize,
    },
}

impl Fmt {
    fn size(self) -> usize {
        match self {
            Fmt::Char => 1,
            Fmt::Int { size, .. } | Fmt::Float { size } => size,
        }
    }

    fn width(self) -> usize {
        match self {
            Fmt::Char => 4,
            // gnulib's FLT_STRLEN_BOUND and DBL_STRLEN_BOUND, plus the separating blank.
            Fmt::Float { size: 4 } => 16,
            Fmt::Float { .. } => 25,
            Fmt::Int { kind, size } => {
                let bits = size as u32 * 8;
                let max = if bits == 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                };
                1 + match kind {
                    b'x' => format!("{max:x}").len(),
                    b'o' => format!("{max:o}").len(),
                    b'u' => max.to_string().len(),
                    _ => (max / 2 + 1).to_string().len() + 1,
                }
            }
        }
    }

    fn render(self, b: &[u8], w: usize) -> String {
        match self {
            Fmt::Char => {
                let c = b[0];
                let s = match c {
                    0 => "\\0".to_string(),
                    7 => "\\a".into(),
                    8 => "\\b".into(),
                    12 => "\\f".into(),
                    b'\n' => "\\n".into(),
                    b'\r' => "\\r".into(),
                    b'\t' => "\\t".into(),
                    11 => "\\v".into(),
                    0x20..=0x7e => (c as char).to_string(),
                    _ => format!("{c:03o}"),
                };
                format!("{s:>w$}")
            }
            Fmt::Float { size } => {
                // A short last item is padded with zero bytes, as GNU pads it.
                let mut raw = [0u8; 8];
                let n = b.len().min(size);
                raw[..n].copy_from_slice(&b[..n]);
                let s = if size == 4 {
                    let x = f32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]);
                    shortest_g(
                        f64::from(x),
                        x.is_sign_negative(),
                        |t| t.parse::<f32>().is_ok_and(|y| y == x),
                        6,
                        9,
                        f64::from(f32::MIN_POSITIVE),
                    )
                } else {
                    let x = f64::from_le_bytes(raw);
                    shortest_g(
                        x,
                        x.is_sign_negative(),
                        |t| t.parse::<f64>().is_ok_and(|y| y == x),
                        15,
                        17,
                        f64::MIN_POSITIVE,
                    )
                };
                format!("{s:>w$}")
            }
            Fmt::Int { kind, size } => {
                let mut v: u64 = 0;
                for (i, &x) in b.iter().enumerate().take(size) {
                    v |= u64::from(x) << (8 * i);
                }
                let s = match kind {
                    b'x' => format!("{v:0size$x}", size = size * 2),
                    b'o' => format!("{v:0d$o}", d = self.width() - 1),
                    b'u' => v.to_string(),
                    _ => {
                        let bits = size * 8;
                        let sv = if bits == 64 {
                            v as i64
                        } else {
                            ((v << (64 - bits)) as i64) >> (64 - bits)
                        };
                        sv.to_string()
                    }
                };
                format!("{s:>w$}")
            }
        }
    }
}

/// gnulib's `ftoastr`: `%g` with the fewest digits (from `dig`, at most `max`) that read
/// back as the same value; NaN and the infinities as C prints them.
fn shortest_g(
    x: f64,
    negative: bool,
    same: impl Fn(&str) -> bool,
    dig: usize,
    max: usize,
    min_normal: f64,
) -> String {
    if x.is_nan() {
        return if negative { "-nan" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        return if negative { "-inf" } else { "inf" }.to_string();
    }
    let start = if x.abs() < min_normal { 1 } else { dig };
    let mut prec = start;
    loop {
        let t = sandsh_text::printf::general(x, prec, false);
        if prec >= max || same(&t) {
            return t;
        }
        prec += 1;
    }
}

/// Parse a type string; `z` after a type asks for the printable characters at line end.
fn parse_type(t: &str, out: &mut Vec<Fmt>, zs: &mut Vec<bool>) -> Result<(), String> {
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'c' => {
                out.push(Fmt::Char);
                zs.push(false);
                i += 1;
            }
            b'z' if !zs.is_empty() => {
                if let Some(z) = zs.last_mut() {
                    *z = true;
                }
                i += 1;
            }
            k @ (b'd' | b'o' | b'u' | b'x') => {
                i += 1;
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let size = match &t[start..i] {
                    "" => {
                        if i < b.len() && b"CSIL".contains(&b[i]) {
                            i += 1;
                            match b[i - 1] {
                                b'C' => 1,
                                b'S' => 2,
                                b'I' => 4,
                                _ => 8,
                            }
                        } else {
                            4
                        }
                    }
                    n => n.parse().unwrap_or(0),
                };
                if ![1, 2, 4, 8].contains(&size) {
                    return Err(format!(
                        "invalid type string {};\nthis system doesn't provide a {size}-byte integral type",
                        quote::cquote(t)
                    ));
                }
                out.push(Fmt::Int { kind: k, size });
                zs.push(false);
            }
            b'f' => {
                i += 1;
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let size = match &t[start..i] {
                    "" => match b.get(i) {
                        Some(b'F') => {
                            i += 1;
                            4
                        }
                        Some(b'D') => {
                            i += 1;
                            8
                        }
                        Some(b'L') => {
                            return Err(format!(
                                "invalid type string {}: long double is not supported by this od",
                                quote::cquote(t)
                            ));
                        }
                        _ => 8,
                    },
                    n => n.parse().unwrap_or(0),
                };
                if size != 4 && size != 8 {
                    return Err(format!(
                        "invalid type string {};\nthis system doesn't provide a {size}-byte floating point type",
                        quote::cquote(t)
                    ));
                }
                out.push(Fmt::Float { size });
                zs.push(false);
            }
            c => {
                return Err(format!(
                    "invalid character '{}' in type string {}",
                    char::from(c),
                    quote::cquote(t)
                ));
            }
        }
    }
    Ok(())
}

impl ParsedCommand for Od {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        // A bare -w / --width means 32 bytes per line.
        let args: Vec<Arg> = args
            .iter()
            .map(|a| match a.as_slice() {
                b"-w" => b"-w32".to_vec(),
                b"--width" => b"--width=32".to_vec(),
                _ => a.clone(),
            })
            .collect();
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut fmts = Vec::new();
        let mut zs = Vec::new();
        let mut bpl: usize = 16;
        let mut radix = b'o';
        let mut skip = 0u64;
        let mut limit: Option<u64> = None;
        for (i, v) in &p.opts {
            let v = diag::lossy(v.as_deref().unwrap_or_default());
            let r = match SPEC.options[*i].short {
                Some('t') => parse_type(&v, &mut fmts, &mut zs),
                Some('b') => parse_type("o1", &mut fmts, &mut zs),
                Some('c') => parse_type("c", &mut fmts, &mut zs),
                Some('d') => parse_type("u2", &mut fmts, &mut zs),
                Some('s') => parse_type("d2", &mut fmts, &mut zs),
                Some('o') => parse_type("o2", &mut fmts, &mut zs),
                Some('x') => parse_type("x2", &mut fmts, &mut zs),
                Some('f') => parse_type("fF", &mut fmts, &mut zs),
                Some('F' | 'e') => parse_type("fD", &mut fmts, &mut zs),
                Some('A') => match v.as_str() {
                    "d" | "o" | "x" | "n" => {
                        radix = v.as_bytes()[0];
                        Ok(())
                    }
                    _ => Err(format!(
                        "invalid output address radix '{v}'; it must be one character from [doxn]"
                    )),
                },
                Some('j') => size_arg('j', &v).map(|n| skip = n),
                Some('w') => match v.parse::<usize>() {
                    Ok(0) => {
                        diag::err(ctx, "od", "warning: invalid width 0; using 1 instead");
                        bpl = 1;
                        Ok(())
                    }
                    Ok(n) if n <= 1 << 16 => {
                        bpl = n;
                        Ok(())
                    }
                    _ => Err(format!("invalid -w argument {}", quote::quote(&v))),
                },
                Some('N') => size_arg('N', &v).map(|n| limit = Some(n)),
                _ => Ok(()),
            };
            if let Err(m) = r {
                diag::err(ctx, "od", &m);
                return 1;
            }
        }
        if fmts.is_empty() {
            fmts.push(Fmt::Int {
                kind: b'o',
                size: 2,
            });
            zs.push(false);
        }
        let verbose = p.has(opt!(SPEC, "v"));
        let files: Vec<Arg> = input::files_or_stdin(p.operands);
        let mut data = Vec::new();
        let mut status = 0;
        let mut opened = 0;
        for f in &files {
            match input::open(ctx, f)
                .and_then(|mut s| input::read_all(ctx, &mut s).map_err(|e| diag::io_msg(&e)))
            {
                Ok(d) => {
                    opened += 1;
                    data.extend(d);
                }
                Err(m) => {
                    diag::err(ctx, "od", &format!("{}: {m}", diag::lossy(f)));
                    status = 1;
                }
            }
        }
        // No input could be opened: GNU dumps nothing, not even the final offset.
        if opened == 0 {
            return status;
        }
        if skip > data.len() as u64 {
            diag::err(ctx, "od", "cannot skip past end of combined input");
            return 1;
        }
        let start = skip as usize;
        let end = limit.map_or(data.len(), |n| (start + n as usize).min(data.len()));
        let data = &data[start..end];
        // GNU's layout: every type's fields for one line take the same total width (the
        // widest type's), the spare columns spread over its fields as GNU spreads them.
        let fields_per_line = |f: &Fmt| (bpl / f.size()).max(1);
        let line_width = fmts
            .iter()
            .map(|f| f.width() * fields_per_line(f))
            .max()
            .unwrap_or(0);
        let addr = |n: u64| -> String {
            match radix {
                b'd' => format!("{n:07}"),
                b'x' => format!("{n:06x}"),
                b'n' => String::new(),
                _ => format!("{n:07o}"),
            }
        };
        let mut out = String::new();
        let mut prev: Option<&[u8]> = None;
        let mut starred = false;
        for (li, line) in data.chunks(bpl).enumerate() {
            let off = skip + (li * bpl) as u64;
            if !verbose && line.len() == bpl && prev == Some(line) {
                if !starred {
                    out.push_str("*\n");
                    starred = true;
                }
                continue;
            }
            starred = false;
            prev = Some(line);
            for (k, f) in fmts.iter().enumerate() {
                if k == 0 {
                    out.push_str(&addr(off));
                } else {
                    out.push_str(&" ".repeat(addr(off).len()));
                }
                let fields = fields_per_line(f);
                let field = f.width() - 1;
                let pad = line_width - field * fields;
                let mut pad_left = pad;
                for (j, chunk) in line.chunks(f.size()).enumerate() {
                    let next_pad = pad * (fields - j - 1) / fields;
                    let mut b = chunk.to_vec();
                    b.resize(f.size(), 0);
                    out.push_str(&f.render(&b, pad_left - next_pad + field));
                    pad_left = next_pad;
                }
                if zs.get(k).copied().unwrap_or(false) {
                    let blank = (bpl - line.len()) / f.size();
                    out.push_str(&" ".repeat(blank * field + pad * blank / fields));
                    out.push_str("  >");
                    out.extend(line.iter().map(|&c| {
                        if (0x20..0x7f).contains(&c) {
                            c as char
                        } else {
                            '.'
                        }
                    }));
                    out.push('<');
                }
                out.push('\n');
            }
            if out.len() > input::CHUNK {
                if !output::out(ctx, out.as_bytes()) {
                    return 1;
                }
                out.clear();
            }
        }
        if radix != b'n' {
            out.push_str(&addr(skip + data.len() as u64));
            out.push('\n');
        }
        if !output::out(ctx, out.as_bytes()) {
            return 1;
        }
        status
    }
}

/// A -j/-N size, or GNU's message for a bad one (gnulib's xstrtol_fatal): no number, a bad
/// suffix, or a number too large for 64 bits.
/// Numbers are read as strtoumax reads them with base 0: `0x…` hexadecimal, `0…` octal.
fn size_arg(opt: char, v: &str) -> Result<u64, String> {
    let (radix, start) = match v.as_bytes() {
        [b'0', b'x' | b'X', h, ..] if h.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 0),
        _ => (10, 0),
    };
    let digits = v[start..]
        .bytes()
        .take_while(|b| (*b as char).is_digit(radix))
        .count();
    if digits == 0 {
        return Err(format!("invalid -{opt} argument {}", quote::quote(v)));
    }
    let end = start + digits;
    let suffix = &v[end..];
    let mult = match suffix.bytes().next() {
        Some(b) if b.is_ascii_alphanumeric() && !b.is_ascii_digit() => {
            sizes::parse_size(&format!("1{suffix}"))
        }
        None => Some(1),
        _ => None,
    };
    let Some(mult) = mult else {
        return Err(format!(
            "invalid suffix in -{opt} argument {}",
            quote::quote(v)
        ));
    };
    u64::from_str_radix(&v[start..end], radix)
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("-{opt} argument {} too large", quote::quote(v)))
}

#[cfg(test)]
mod tests {
    use super::Od;
    use crate::common::testing::run_in;

    #[test]
    fn formats() {
        assert_eq!(
            run_in(&Od, &[], "abc\n").1,
            "0000000 061141 005143\n0000004\n"
        );
        assert_eq!(
            run_in(&Od, &["-c"], "a\tb\0\n\u{80}").1,
            "0000000   a  \\t   b  \\0  \\n 302 200\n0000007\n"
        );
        assert_eq!(run_in(&Od, &["-An", "-tx1"], "abc\n").1, " 61 62 63 0a\n");
        assert_eq!(run_in(&Od, &["-t", "d1"], "a").1, "0000000   97\n0000001\n");
        assert_eq!(
            run_in(&Od, &["-A", "x", "-t", "x1"], "abc").1,
            "000000 61 62 63\n000003\n"
        );
        assert_eq!(run_in(&Od, &["-An", "-c", "-tx1"], "a").1, "   a\n  61\n");
        let zeros = "\0".repeat(40);
        assert_eq!(run_in(&Od, &["-c"], &zeros).1.lines().nth(1), Some("*"));
    }
}
