//! `iconv`: convert text from one character encoding to another, worded as glibc's iconv.
//!
//! Hand-coded for the encodings scripts meet: UTF-8, ISO-8859-1 (Latin-1), Windows-1252,
//! US-ASCII, UTF-16 (BOM; little-endian without one, and on output, as on x86 glibc),
//! UTF-16LE/BE and UTF-32/LE/BE, with `//TRANSLIT` (glibc's C.UTF-8 table, `?` otherwise) and
//! `//IGNORE`. Like glibc's iconv, each input is read whole before converting; the output
//! converted before an error is still written.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input::{self, Unread};
use crate::common::output;

pub struct Iconv;

static SPEC: CommandSpec = CommandSpec {
    name: "iconv",
    group: "text",
    summary: "convert text from one character encoding to another",
    usage: "iconv [OPTION...] [FILE...]",
    description: "Convert encoding of given files from one encoding to another. Supported: UTF-8, ISO-8859-1 (LATIN1), WINDOWS-1252 (CP1252), ASCII, UTF-16, UTF-16LE, UTF-16BE, UTF-32, UTF-32LE, UTF-32BE; a target may end in //TRANSLIT and/or //IGNORE.",
    options: &[
        OptSpec::new("-f, --from-code=NAME", "encoding of original text"),
        OptSpec::new("-t, --to-code=NAME", "encoding for output"),
        OptSpec::new("-l, --list", "list all known coded character sets"),
        OptSpec::new("-c", "omit invalid characters from output"),
        OptSpec::new("-o, --output=FILE", "output file"),
        OptSpec::new("-s, --silent", "suppress warnings"),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "input files (stdin when none)").repeated(),
    ],
    returns: "the converted text",
    examples: &[
        Example {
            description: "UTF-8 to Latin-1 and back",
            script: "printf 'caf\\303\\251' | iconv -f UTF-8 -t LATIN1 | iconv -f LATIN1 -t UTF-8",
            stdout: "café",
        },
        Example {
            description: "transliterate to ASCII",
            script: "echo 'naïve €5' | iconv -f UTF-8 -t ASCII//TRANSLIT",
            stdout: "naive EUR5\n",
        },
    ],
    errors: "exit 1 on an unknown encoding, invalid or unconvertible input (glibc's 'illegal input sequence at position N'), or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Enc {
    Utf8,
    Latin1,
    Cp1252,
    Ascii,
    Utf16,
    Utf16Le,
    Utf16Be,
    Utf32,
    Utf32Le,
    Utf32Be,
}

const NAMES: &[(&str, Enc)] = &[
    ("UTF-8", Enc::Utf8),
    ("UTF8", Enc::Utf8),
    ("ISO-8859-1", Enc::Latin1),
    ("ISO8859-1", Enc::Latin1),
    ("ISO_8859-1", Enc::Latin1),
    ("LATIN1", Enc::Latin1),
    ("LATIN-1", Enc::Latin1),
    ("L1", Enc::Latin1),
    ("CP819", Enc::Latin1),
    ("WINDOWS-1252", Enc::Cp1252),
    ("CP1252", Enc::Cp1252),
    ("MS-ANSI", Enc::Cp1252),
    ("ASCII", Enc::Ascii),
    ("US-ASCII", Enc::Ascii),
    ("ANSI_X3.4-1968", Enc::Ascii),
    ("646", Enc::Ascii),
    ("UTF-16", Enc::Utf16),
    ("UTF16", Enc::Utf16),
    ("UTF-16LE", Enc::Utf16Le),
    ("UTF16LE", Enc::Utf16Le),
    ("UTF-16BE", Enc::Utf16Be),
    ("UTF16BE", Enc::Utf16Be),
    ("UTF-32", Enc::Utf32),
    ("UTF32", Enc::Utf32),
    ("UTF-32LE", Enc::Utf32Le),
    ("UTF32LE", Enc::Utf32Le),
    ("UTF-32BE", Enc::Utf32Be),
    ("UTF32BE", Enc::Utf32Be),
];

/// Windows-1252's 0x80..=0x9F (0 = undefined).
const CP1252_HIGH: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// A name with its `//` suffixes: (encoding, translit, ignore).
fn parse_name(s: &str) -> Option<(Enc, bool, bool)> {
    let up = s.to_ascii_uppercase();
    let mut parts = up.split("//");
    let base = parts.next().unwrap_or("");
    let mut translit = false;
    let mut ignore = false;
    for p in parts {
        for q in p.split(',') {
            match q {
                "TRANSLIT" => translit = true,
                "IGNORE" => ignore = true,
                "" => {}
                _ => return None,
            }
        }
    }
    let base = if base.is_empty() { "UTF-8" } else { base };
    NAMES
        .iter()
        .find(|(n, _)| *n == base)
        .map(|(_, e)| (*e, translit, ignore))
}

enum Decoded {
    Char(char, usize),
    Invalid,
    Incomplete,
}

/// Decode one character at the start of `b` (non-empty).
fn decode(enc: Enc, b: &[u8], little: bool) -> Decoded {
    match enc {
        Enc::Utf8 => {
            let len = match b[0] {
                0x00..=0x7F => 1,
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => return Decoded::Invalid,
            };
            if b.len() < len {
                // A valid prefix so far means an incomplete sequence.
                return match std::str::from_utf8(b) {
                    Err(e) if e.error_len().is_none() => Decoded::Incomplete,
                    _ => Decoded::Invalid,
                };
            }
            match std::str::from_utf8(&b[..len]) {
                Ok(s) => s
                    .chars()
                    .next()
                    .map_or(Decoded::Invalid, |c| Decoded::Char(c, len)),
                Err(_) => Decoded::Invalid,
            }
        }
        Enc::Latin1 => Decoded::Char(b[0] as char, 1),
        Enc::Ascii => {
            if b[0] < 0x80 {
                Decoded::Char(b[0] as char, 1)
            } else {
                Decoded::Invalid
            }
        }
        Enc::Cp1252 => {
            let cp = match b[0] {
                0x80..=0x9F => CP1252_HIGH[(b[0] - 0x80) as usize],
                x => x as u32,
            };
            match char::from_u32(cp) {
                Some(c) if cp != 0 || b[0] == 0 => Decoded::Char(c, 1),
                _ => Decoded::Invalid,
            }
        }
        Enc::Utf16 | Enc::Utf16Le | Enc::Utf16Be => {
            if b.len() < 2 {
                return Decoded::Incomplete;
            }
            let u = |x: &[u8]| {
                if little {
                    u16::from_le_bytes([x[0], x[1]])
                } else {
                    u16::from_be_bytes([x[0], x[1]])
                }
            };
            let w = u(b);
            match w {
                0xD800..=0xDBFF => {
                    if b.len() < 4 {
                        return Decoded::Incomplete;
                    }
                    let w2 = u(&b[2..]);
                    if !(0xDC00..=0xDFFF).contains(&w2) {
                        return Decoded::Invalid;
                    }
                    let cp = 0x10000 + (((w as u32) - 0xD800) << 10) + ((w2 as u32) - 0xDC00);
                    char::from_u32(cp).map_or(Decoded::Invalid, |c| Decoded::Char(c, 4))
                }
                0xDC00..=0xDFFF => Decoded::Invalid,
                _ => char::from_u32(w as u32).map_or(Decoded::Invalid, |c| Decoded::Char(c, 2)),
            }
        }
        Enc::Utf32 | Enc::Utf32Le | Enc::Utf32Be => {
            if b.len() < 4 {
                return Decoded::Incomplete;
            }
            let a = [b[0], b[1], b[2], b[3]];
            let cp = if little {
                u32::from_le_bytes(a)
            } else {
                u32::from_be_bytes(a)
            };
            char::from_u32(cp).map_or(Decoded::Invalid, |c| Decoded::Char(c, 4))
        }
    }
}

/// Encode one character; `false` when the target cannot represent it.
fn encode(enc: Enc, c: char, out: &mut Vec<u8>) -> bool {
    let cp = c as u32;
    match enc {
        Enc::Utf8 => {
            let mut b = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
        Enc::Latin1 => {
            if cp > 0xFF {
                return false;
            }
            out.push(cp as u8);
        }
        Enc::Ascii => {
            if cp > 0x7F {
                return false;
            }
            out.push(cp as u8);
        }
        Enc::Cp1252 => {
            if cp < 0x80 || (0xA0..=0xFF).contains(&cp) {
                out.push(cp as u8);
            } else if let Some(i) = CP1252_HIGH.iter().position(|&x| x == cp && x != 0) {
                out.push(0x80 + i as u8);
            } else {
                return false;
            }
        }
        Enc::Utf16 | Enc::Utf16Le | Enc::Utf16Be => {
            let mut b = [0u16; 2];
            for w in c.encode_utf16(&mut b) {
                if enc == Enc::Utf16Be {
                    out.extend_from_slice(&w.to_be_bytes());
                } else {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            }
        }
        Enc::Utf32 | Enc::Utf32Le => out.extend_from_slice(&cp.to_le_bytes()),
        Enc::Utf32Be => out.extend_from_slice(&cp.to_be_bytes()),
    }
    true
}

struct Conv {
    from: Enc,
    to: Enc,
    translit: bool,
    ignore: bool,
    omit: bool,
    bom_written: bool,
}

enum Error {
    Illegal(usize),
    Incomplete,
}

impl Conv {
    /// Convert one input; Err after writing what converted.
    fn run(&mut self, data: &[u8], out: &mut Vec<u8>, ignored: &mut bool) -> Result<(), Error> {
        let mut i = 0;
        let mut little = !matches!(self.from, Enc::Utf16Be | Enc::Utf32Be);
        // A byte order mark chooses the order of UTF-16/UTF-32 input and is not copied.
        if self.from == Enc::Utf16 && data.len() >= 2 {
            if data[..2] == [0xFF, 0xFE] {
                i = 2;
            } else if data[..2] == [0xFE, 0xFF] {
                i = 2;
                little = false;
            }
        }
        if self.from == Enc::Utf32 && data.len() >= 4 {
            if data[..4] == [0xFF, 0xFE, 0, 0] {
                i = 4;
            } else if data[..4] == [0, 0, 0xFE, 0xFF] {
                i = 4;
                little = false;
            }
        }
        if matches!(self.to, Enc::Utf16 | Enc::Utf32) && !self.bom_written && i < data.len() {
            self.bom_written = true;
            encode(self.to, '\u{FEFF}', out);
        }
        while i < data.len() {
            match decode(self.from, &data[i..], little) {
                Decoded::Char(c, len) => {
                    if !encode(self.to, c, out) {
                        if self.translit {
                            let rep = sandsh_text::translit::ascii(c).unwrap_or("?");
                            let mark = out.len();
                            if !rep.chars().all(|r| encode(self.to, r, out)) {
                                out.truncate(mark);
                                encode(self.to, '?', out);
                            }
                        } else if self.omit || self.ignore {
                            *ignored = true;
                        } else {
                            return Err(Error::Illegal(i));
                        }
                    }
                    i += len;
                }
                Decoded::Invalid => {
                    if self.omit || self.ignore {
                        *ignored = true;
                        i += 1;
                    } else {
                        return Err(Error::Illegal(i));
                    }
                }
                Decoded::Incomplete => return Err(Error::Incomplete),
            }
        }
        Ok(())
    }
}

impl ParsedCommand for Iconv {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "l")) {
            let mut out = String::new();
            for (n, _) in NAMES {
                out.push_str(n);
                out.push_str("//\n");
            }
            return if output::out(ctx, out.as_bytes()) {
                0
            } else {
                1
            };
        }
        let from_s = p
            .value(opt!(SPEC, "f"))
            .map(|v| diag::lossy(v))
            .unwrap_or_else(|| "UTF-8".into());
        let to_s = p
            .value(opt!(SPEC, "t"))
            .map(|v| diag::lossy(v))
            .unwrap_or_else(|| "UTF-8".into());
        let (from, to) = match (parse_name(&from_s), parse_name(&to_s)) {
            (Some(f), Some(t)) => (f, t),
            _ => {
                diag::err(
                    ctx,
                    "iconv",
                    "failed to start conversion processing: No such file or directory",
                );
                return 1;
            }
        };
        let mut conv = Conv {
            from: from.0,
            to: to.0,
            translit: to.1,
            ignore: to.2 || from.2,
            omit: p.has(opt!(SPEC, "c")),
            bom_written: false,
        };
        let files = input::files_or_stdin(p.operands.clone());
        let mut out = Vec::new();
        let mut status = 0;
        for f in &files {
            let data = match input::read_operand(ctx, f) {
                Ok(d) => d,
                Err(Unread::Read(_)) if ctx.is_cancelled() => return 130,
                Err(e) => {
                    let m = match e {
                        Unread::Read(e) => format!("unable to read input: {}", diag::io_msg(&e)),
                        Unread::Open(m) => {
                            format!("cannot open input file `{}': {m}", diag::lossy(f))
                        }
                    };
                    diag::err(ctx, "iconv", &m);
                    status = 1;
                    continue;
                }
            };
            let mut ignored = false;
            match conv.run(&data, &mut out, &mut ignored) {
                Ok(()) => {
                    if ignored && conv.ignore && !conv.omit {
                        // glibc reports skipped characters at the end of the input.
                        let m = format!("illegal input sequence at position {}", data.len());
                        flush_err(ctx, &mut out, &m);
                        status = 1;
                    }
                }
                Err(e) => {
                    let m = match e {
                        Error::Illegal(pos) => format!("illegal input sequence at position {pos}"),
                        Error::Incomplete => {
                            "incomplete character or shift sequence at end of buffer".to_string()
                        }
                    };
                    flush_err(ctx, &mut out, &m);
                    status = 1;
                    break;
                }
            }
        }
        if let Some(o) = p.value(opt!(SPEC, "o")) {
            if let Err(e) = output::write_file(ctx, &diag::lossy(o), &out) {
                diag::err(ctx, "iconv", &format!("cannot open output file: {e}"));
                return 1;
            }
        } else if !output::out(ctx, &out) {
            return 1;
        }
        status
    }
}

/// Write pending output, then the error (so the two appear in order).
fn flush_err(ctx: &mut dyn ToolCtx, out: &mut Vec<u8>, m: &str) {
    let _ = output::out(ctx, out);
    out.clear();
    diag::err(ctx, "iconv", m);
}

#[cfg(test)]
mod tests {
    use super::Iconv;
    use crate::common::testing::{TestCtx, run};

    fn conv(args: &[&str], input: &[u8]) -> (i32, Vec<u8>, String) {
        let mut ctx = TestCtx::new().with_stdin(input);
        let s = run(&Iconv, args, &mut ctx);
        (s, ctx.out.clone(), ctx.err_str())
    }

    #[test]
    fn converts() {
        assert_eq!(
            conv(&["-f", "UTF-8", "-t", "LATIN1"], "hé".as_bytes()).1,
            b"h\xe9"
        );
        assert_eq!(
            conv(&["-f", "latin1", "-t", "utf-8"], b"h\xe9").1,
            "hé".as_bytes()
        );
        assert_eq!(
            conv(&["-f", "UTF-8", "-t", "UTF-16"], "hé".as_bytes()).1,
            b"\xff\xfeh\0\xe9\0"
        );
        assert_eq!(
            conv(&["-f", "UTF-16", "-t", "UTF-8"], b"\xfe\xff\0h").1,
            b"h"
        );
        assert_eq!(
            conv(&["-f", "CP1252", "-t", "UTF-8"], b"\x80").1,
            "€".as_bytes()
        );
        assert_eq!(
            conv(
                &["-f", "UTF-8", "-t", "ASCII//TRANSLIT"],
                "héllo € 日".as_bytes()
            )
            .1,
            b"hello EUR ?"
        );
    }

    #[test]
    fn errors() {
        let (s, o, e) = conv(&["-f", "UTF-8", "-t", "ASCII"], "hé".as_bytes());
        assert_eq!((s, o.as_slice()), (1, b"h".as_slice()));
        assert_eq!(e, "iconv: illegal input sequence at position 1\n");
        let (s, _, e) = conv(&["-f", "UTF-8", "-t", "LATIN1"], b"a\xc3");
        assert_eq!(s, 1);
        assert_eq!(
            e,
            "iconv: incomplete character or shift sequence at end of buffer\n"
        );
        let (s, o, _) = conv(&["-c", "-f", "UTF-8", "-t", "ASCII"], "hé!".as_bytes());
        assert_eq!((s, o.as_slice()), (0, b"h!".as_slice()));
        let (s, _, e) = conv(&["-f", "FOO", "-t", "UTF-8"], b"");
        assert_eq!(s, 1);
        assert_eq!(
            e,
            "iconv: failed to start conversion processing: No such file or directory\n"
        );
    }
}
