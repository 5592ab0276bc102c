//! `hexdump`: display file contents in hexadecimal, decimal, octal, or ascii, as util-linux's
//! hexdump prints its built-in formats (the default 2-byte hex, -b -c -C -d -o -x).
//!
//! Input files form one stream, read 16 bytes at a time; identical lines collapse to `*`
//! unless `-v`. Custom `-e`/`-f` format strings are not supported. util-linux seeks for `-s`
//! and fails on a pipe ("Illegal seek"); here skipped input is read and dropped instead.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input, output};

pub struct Hexdump;

static SPEC: CommandSpec = CommandSpec {
    name: "hexdump",
    group: "text",
    summary: "display file contents in hexadecimal, decimal, octal, or ascii",
    usage: "hexdump [options] <file>...",
    description: "Display file contents in hexadecimal, decimal, octal, or ascii. Without a format option, 2-byte hexadecimal words are shown. Several format options print several lines per 16-byte block. -e and -f (custom formats) are not supported.",
    options: &[
        OptSpec::new("-b, --one-byte-octal", "one-byte octal display"),
        OptSpec::new("-c, --one-byte-char", "one-byte character display"),
        OptSpec::new("-C, --canonical", "canonical hex+ASCII display"),
        OptSpec::new("-d, --two-bytes-decimal", "two-byte decimal display"),
        OptSpec::new("-o, --two-bytes-octal", "two-byte octal display"),
        OptSpec::new("-x, --two-bytes-hex", "two-byte hexadecimal display"),
        OptSpec::new(
            "-n, --length=length",
            "interpret only length bytes of input",
        ),
        OptSpec::new("-s, --skip=offset", "skip offset bytes from the beginning"),
        OptSpec::new("-v, --no-squeezing", "output identical lines"),
        OptSpec::new("-e, --format=format", "format string (not supported)"),
        OptSpec::new("-f, --format-file=file", "format file (not supported)"),
    ],
    operands: &[
        ArgSpec::optional("file", ArgType::Path, "files to dump (stdin when none)").repeated(),
    ],
    returns: "the formatted dump, ending with the final offset",
    examples: &[Example {
        description: "canonical dump",
        script: "printf 'hello' | hexdump -C",
        stdout: "00000000  68 65 6c 6c 6f                                    |hello|\n00000005\n",
    }],
    errors: "exit 1 when every input fails, or on a bad option",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq)]
enum Fmt {
    Hex2,
    X2,
    D2,
    O2,
    B1,
    C1,
    Canon,
}

/// Parse a size with util-linux's suffixes (K, M, G, KiB, KB, ...; 0x and 0 prefixes).
fn parse_num(s: &str) -> Option<u64> {
    let t = s.trim();
    let (body, radix) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (h, 16)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    let end = body
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(body.len());
    if end == 0 {
        return None;
    }
    let n = u64::from_str_radix(&body[..end], radix).ok()?;
    let mult: u64 = match &body[end..] {
        "" => 1,
        "K" | "k" | "KiB" => 1 << 10,
        "KB" => 1000,
        "M" | "MiB" => 1 << 20,
        "MB" => 1_000_000,
        "G" | "GiB" => 1 << 30,
        "GB" => 1_000_000_000,
        _ => return None,
    };
    n.checked_mul(mult)
}

fn line(fmt: Fmt, addr: u64, block: &[u8], out: &mut Vec<u8>) {
    use std::fmt::Write as _;
    let mut s = String::new();
    match fmt {
        Fmt::Canon => {
            let _ = write!(s, "{addr:08x}  ");
            for i in 0..16 {
                match block.get(i) {
                    Some(b) => {
                        let _ = write!(s, "{b:02x}");
                    }
                    None => s.push_str("  "),
                }
                if i < 15 {
                    s.push(' ');
                }
                if i == 7 {
                    s.push(' ');
                }
            }
            s.push_str("  |");
            for &b in block {
                s.push(if (32..127).contains(&b) {
                    b as char
                } else {
                    '.'
                });
            }
            s.push_str("|\n");
        }
        Fmt::B1 | Fmt::C1 => {
            let _ = write!(s, "{addr:07x}");
            for i in 0..16 {
                s.push(' ');
                match block.get(i) {
                    None => s.push_str("   "),
                    Some(&b) if fmt == Fmt::B1 => {
                        let _ = write!(s, "{b:03o}");
                    }
                    Some(&b) => {
                        let e = match b {
                            0 => "\\0",
                            7 => "\\a",
                            8 => "\\b",
                            12 => "\\f",
                            b'\n' => "\\n",
                            b'\r' => "\\r",
                            b'\t' => "\\t",
                            11 => "\\v",
                            _ => "",
                        };
                        if !e.is_empty() {
                            let _ = write!(s, " {e}");
                        } else if (32..127).contains(&b) {
                            let _ = write!(s, "  {}", b as char);
                        } else {
                            let _ = write!(s, "{b:03o}");
                        }
                    }
                }
            }
            s.push('\n');
        }
        _ => {
            let (sep, width) = match fmt {
                Fmt::Hex2 => (" ", 4),
                Fmt::X2 => ("    ", 4),
                Fmt::D2 => ("   ", 5),
                _ => ("  ", 6),
            };
            let _ = write!(s, "{addr:07x}");
            for i in 0..8 {
                s.push_str(sep);
                let lo = block.get(2 * i);
                let hi = block.get(2 * i + 1).copied().unwrap_or(0);
                match lo {
                    None => s.push_str(&" ".repeat(width)),
                    Some(&lo) => {
                        let w = u16::from_le_bytes([lo, hi]);
                        let _ = match fmt {
                            Fmt::Hex2 | Fmt::X2 => write!(s, "{w:04x}"),
                            Fmt::D2 => write!(s, "{w:05}"),
                            _ => write!(s, "{w:06o}"),
                        };
                    }
                }
            }
            s.push('\n');
        }
    }
    out.extend_from_slice(s.as_bytes());
}

impl ParsedCommand for Hexdump {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut fmts = Vec::new();
        for (i, _) in &p.opts {
            let f = match SPEC.options[*i].short {
                Some('b') => Fmt::B1,
                Some('c') => Fmt::C1,
                Some('C') => Fmt::Canon,
                Some('d') => Fmt::D2,
                Some('o') => Fmt::O2,
                Some('x') => Fmt::X2,
                Some('e') | Some('f') => {
                    diag::err(
                        ctx,
                        "hexdump",
                        "custom formats (-e, -f) are not supported in sandsh",
                    );
                    return 1;
                }
                _ => continue,
            };
            fmts.push(f);
        }
        if fmts.is_empty() {
            fmts.push(Fmt::Hex2);
        }
        let mut nums = [None, None];
        for (k, o) in ["n", "s"].iter().enumerate() {
            if let Some(v) = p.value(SPEC.find(o)) {
                let s = diag::lossy(v);
                match parse_num(&s) {
                    Some(n) => nums[k] = Some(n),
                    None => {
                        let what = if k == 0 { "length" } else { "offset" };
                        diag::err(ctx, "hexdump", &format!("failed to parse {what}: '{s}'"));
                        return 1;
                    }
                }
            }
        }
        let [length, skip] = nums;
        let squeeze = !p.has(opt!(SPEC, "v"));
        let files = if p.operands.is_empty() {
            vec![b"-".to_vec()]
        } else {
            p.operands.clone()
        };
        let mut block: Vec<u8> = Vec::with_capacity(16);
        let mut addr: u64 = skip.unwrap_or(0);
        let mut to_skip = skip.unwrap_or(0);
        let mut left = length;
        let mut prev: Option<Vec<u8>> = None;
        let mut starred = false;
        let mut out = Vec::new();
        let mut failed = 0;
        let mut buf = vec![0u8; input::CHUNK];
        let emit = |block: &[u8],
                    addr: u64,
                    out: &mut Vec<u8>,
                    prev: &mut Option<Vec<u8>>,
                    starred: &mut bool| {
            if squeeze && block.len() == 16 && prev.as_deref() == Some(block) {
                if !*starred {
                    out.extend_from_slice(b"*\n");
                    *starred = true;
                }
                return;
            }
            *starred = false;
            for f in &fmts {
                line(*f, addr, block, out);
            }
            *prev = Some(block.to_vec());
        };
        'files: for f in &files {
            let mut src = match input::open(ctx, f) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(ctx, "hexdump", &format!("{}: {m}", diag::lossy(f)));
                    failed += 1;
                    continue;
                }
            };
            loop {
                if ctx.is_cancelled() {
                    return 130;
                }
                if left == Some(0) {
                    break 'files;
                }
                let n = match input::read_chunk(ctx, &mut src, &mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) => {
                        diag::err(
                            ctx,
                            "hexdump",
                            &format!("{}: {}", diag::lossy(f), diag::io_msg(&e)),
                        );
                        failed += 1;
                        break;
                    }
                };
                let mut data: &[u8] = &buf[..n];
                if to_skip > 0 {
                    let k = (to_skip as usize).min(data.len());
                    data = &data[k..];
                    to_skip -= k as u64;
                }
                if let Some(l) = left {
                    let k = (l as usize).min(data.len());
                    data = &data[..k];
                    left = Some(l - k as u64);
                }
                for &b in data {
                    block.push(b);
                    if block.len() == 16 {
                        emit(&block, addr, &mut out, &mut prev, &mut starred);
                        addr += 16;
                        block.clear();
                    }
                }
                if out.len() >= input::CHUNK {
                    if !output::out(ctx, &out) {
                        return 1;
                    }
                    out.clear();
                }
            }
        }
        if failed == files.len() && failed > 0 {
            let _ = output::out(ctx, &out);
            diag::err(ctx, "hexdump", "all input file arguments failed");
            return 1;
        }
        let total = addr + block.len() as u64;
        if !block.is_empty() {
            emit(&block, addr, &mut out, &mut prev, &mut starred);
        }
        if total > skip.unwrap_or(0) {
            let w = if fmts.contains(&Fmt::Canon) && fmts.len() == 1 {
                8
            } else {
                7
            };
            out.extend_from_slice(format!("{total:0w$x}\n").as_bytes());
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        i32::from(failed > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Hexdump;
    use crate::common::testing::run_in;

    #[test]
    fn formats() {
        let input = "hello\n\tworld\u{1}";
        assert_eq!(
            run_in(&Hexdump, &[], input).1,
            "0000000 6568 6c6c 0a6f 7709 726f 646c 0001     \n000000d\n"
        );
        assert_eq!(
            run_in(&Hexdump, &["-C"], "hello").1,
            "00000000  68 65 6c 6c 6f                                    |hello|\n00000005\n"
        );
        assert_eq!(
            run_in(&Hexdump, &["-c"], "a\n").1,
            format!("0000000   a  \\n{}\n0000002\n", " ".repeat(56))
        );
        assert_eq!(run_in(&Hexdump, &[], "").1, "");
    }

    #[test]
    fn squeezes() {
        let zeros = "\0".repeat(64);
        assert_eq!(
            run_in(&Hexdump, &["-C"], &zeros).1,
            "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000040\n"
        );
    }
}
