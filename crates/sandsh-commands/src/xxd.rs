//! `xxd`: make a hex dump or do the reverse, as vim's xxd (2022) does.
//!
//! Ports xxd's line layout (hex digits placed at `addrlen + 1 + grplen*p/octspergrp`, the text
//! column after them), the plain (`-p`), C include (`-i`), bits (`-b`) and little-endian (`-e`)
//! forms, autoskip (`-a`), seeking (`-s`, `-s -N` from the end of a file) and the reverse
//! parser (`-r`, `-r -p`) with its garbage-skipping rules. Dumps stream; `-s -N` on a file
//! reads it whole to know its size. Output to a file operand goes through the VFS.

use sandsh_api::fs::WriteMode;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::Source;
use crate::common::{diag, input, output};

pub struct Xxd;

static SPEC: CommandSpec = CommandSpec {
    name: "xxd",
    group: "text",
    summary: "make a hex dump or do the reverse",
    usage: "xxd [options] [infile [outfile]]\n  or\n  xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]",
    description: "Create a hex dump of a given file or standard input, or convert a hex dump back to its original binary form (-r).",
    options: &[
        OptSpec::new(
            "-a, --autoskip",
            "toggle autoskip: a single '*' replaces nul-lines",
        ),
        OptSpec::new("-b, --bits", "binary digit dump"),
        OptSpec::new(
            "-C, --capitalize",
            "capitalize variable names in C include file style (-i)",
        ),
        OptSpec::new(
            "-c, --cols=cols",
            "format <cols> octets per line (default 16, -i 12, -p 30, -b 6)",
        ),
        OptSpec::new("-E, --EBCDIC", "show characters in EBCDIC (not supported)"),
        OptSpec::new("-e", "little-endian dump (incompatible with -ps,-i,-r)"),
        OptSpec::new(
            "-g, --groupsize=bytes",
            "number of octets per group in normal output (default 2, -e 4)",
        ),
        OptSpec::new("-i, --include", "output in C include file style"),
        OptSpec::new("-l, --len=len", "stop after <len> octets"),
        OptSpec::new("-o off", "add <off> to the displayed file position"),
        OptSpec::new("-p, --ps", "output in postscript plain hexdump style"),
        OptSpec::new(
            "-r, --revert",
            "reverse operation: convert (or patch) hexdump into binary",
        ),
        OptSpec::new("-d", "show offset in decimal instead of hex"),
        OptSpec::new(
            "-s, --seek=[+][-]seek",
            "start at <seek> bytes abs. (or from the end with -) infile offset",
        ),
        OptSpec::new("-u", "use upper case hex letters"),
    ],
    operands: &[
        ArgSpec::optional("infile", ArgType::Path, "input (stdin when absent or -)"),
        ArgSpec::optional("outfile", ArgType::Path, "output (stdout when absent or -)"),
    ],
    returns: "the hex dump (or, with -r, the binary data)",
    examples: &[
        Example {
            description: "hex dump",
            script: "printf 'hello' | xxd",
            stdout: "00000000: 6865 6c6c 6f                             hello\n",
        },
        Example {
            description: "plain hex and back",
            script: "printf 'hi' | xxd -p | xxd -r -p",
            stdout: "hi",
        },
    ],
    errors: "exit 1 on bad options, 2 on an unreadable input, 4 when standard input cannot seek backwards",
    risk: RiskLevel::ReadOnly,
};

/// C `strtol(s, 0, 0)`: optional sign, 0x hex, leading-0 octal, stops at the first bad char.
fn strtol(s: &str) -> i64 {
    let s = s.trim_start();
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) =
        if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (16, h)
        } else if body.starts_with('0') && body.len() > 1 {
            (8, &body[1..])
        } else {
            (10, body)
        };
    let mut v: i64 = 0;
    for c in digits.chars() {
        match c.to_digit(radix) {
            Some(d) => v = v.saturating_mul(radix as i64).saturating_add(d as i64),
            None => break,
        }
    }
    if neg { -v } else { v }
}

#[derive(PartialEq, Clone, Copy)]
enum Type {
    Normal,
    Plain,
    Include,
    Bits,
    Little,
}

struct Autoskip {
    z: Vec<u8>,
    zero_seen: i32,
}

impl Autoskip {
    /// xxd's `xxdline`.
    fn line(&mut self, out: &mut Vec<u8>, l: &[u8], nz: i32) {
        if nz == 0 && self.zero_seen == 1 {
            self.z = l.to_vec();
        }
        let first = self.zero_seen == 0;
        if nz == 0 {
            self.zero_seen += 1;
        }
        if nz != 0 || first {
            if nz != 0 {
                if nz < 0 {
                    self.zero_seen -= 1;
                }
                if self.zero_seen == 2 {
                    out.extend_from_slice(&self.z);
                }
                if self.zero_seen > 2 {
                    out.extend_from_slice(b"*\n");
                }
            }
            if nz >= 0 || self.zero_seen > 0 {
                out.extend_from_slice(l);
            }
            if nz != 0 {
                self.zero_seen = 0;
            }
        }
    }
}

struct Input {
    src: Source,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
}

impl Input {
    fn getc(&mut self, ctx: &mut dyn ToolCtx) -> Result<Option<u8>, i32> {
        if self.pos == self.len {
            if ctx.is_cancelled() {
                return Err(130);
            }
            match input::read_chunk(ctx, &mut self.src, &mut self.buf) {
                Ok(0) => return Ok(None),
                Ok(n) => {
                    self.len = n;
                    self.pos = 0;
                }
                Err(e) => {
                    diag::err(ctx, "xxd", &diag::io_msg(&e));
                    return Err(2);
                }
            }
        }
        self.pos += 1;
        Ok(Some(self.buf[self.pos - 1]))
    }
}

impl ParsedCommand for Xxd {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str, st: i32| {
            diag::err(ctx, "xxd", m);
            st
        };
        let mut ty = Type::Normal;
        let mut revert = false;
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('p') => ty = Type::Plain,
                Some('i') => ty = Type::Include,
                Some('b') => ty = Type::Bits,
                Some('e') => ty = Type::Little,
                Some('r') => revert = true,
                Some('E') => return fail(ctx, "EBCDIC (-E) is not supported in sandsh", 1),
                _ => {}
            }
        }
        let num = |o: &str| p.value(SPEC.find(o)).map(|v| strtol(&diag::lossy(v)));
        let mut cols = num("c").unwrap_or(0);
        let mut group = num("g").unwrap_or(-1);
        let length = num("l");
        let display_off = num("o").unwrap_or(0);
        let seek_text = p.value(opt!(SPEC, "s")).map(|v| diag::lossy(v));
        let upper = p.has(opt!(SPEC, "u"));
        let autoskip = p.has(opt!(SPEC, "a"));
        let decimal = p.has(opt!(SPEC, "d"));
        let capitalize = p.has(opt!(SPEC, "C"));
        if cols == 0 {
            cols = match ty {
                Type::Plain => 30,
                Type::Include => 12,
                Type::Bits => 6,
                _ => 16,
            };
        }
        if group < 0 {
            group = match ty {
                Type::Bits => 1,
                Type::Little => 4,
                _ => 2,
            };
        }
        if ty != Type::Plain && !(1..=256).contains(&cols) {
            return fail(ctx, "invalid number of columns (max. 256).", 1);
        }
        if ty == Type::Little && (group & (group - 1)) != 0 && group > 0 {
            return fail(
                ctx,
                "number of octets per group must be a power of 2 with -e.",
                1,
            );
        }
        if group < 1 || group > cols {
            group = cols;
        }
        if p.operands.len() > 2 {
            return diag::usage(ctx, &SPEC, "xxd: too many arguments", 1);
        }
        let infile = p.operands.first().filter(|f| f.as_slice() != b"-").cloned();
        let outfile = p.operands.get(1).filter(|f| f.as_slice() != b"-").cloned();
        let src = match &infile {
            None => Source::Stdin,
            Some(f) => match input::open(ctx, f) {
                Ok(s) => s,
                Err(m) => return fail(ctx, &format!("{}: {m}", diag::lossy(f)), 2),
            },
        };
        let mut input = Input {
            src,
            buf: vec![0; input::CHUNK],
            pos: 0,
            len: 0,
        };
        let mut out = Vec::new();
        if revert {
            let base = seek_text.as_deref().map(strtol).unwrap_or(0);
            if let Err(s) = reverse(ctx, &mut input, &mut out, ty == Type::Plain, cols, base) {
                // What was converted before the error is still written, as xxd does.
                let _ = output::out(ctx, &out);
                return s;
            }
        } else {
            // Seeking: from the start, or back from the end of a file.
            let mut seekoff: i64 = 0;
            if let Some(s) = &seek_text {
                let rel_end = s.trim_start().trim_start_matches('+').starts_with('-');
                let v = strtol(s.trim_start().trim_start_matches('+'));
                if rel_end {
                    let Some(f) = &infile else {
                        return fail(ctx, "Sorry, cannot seek.", 4);
                    };
                    let size = ctx
                        .backend()
                        .stat(&ctx.resolve_path(&diag::lossy(f)))
                        .map(|m| m.size as i64)
                        .unwrap_or(0);
                    if size + v < 0 {
                        return fail(ctx, "Sorry, cannot seek.", 4);
                    }
                    seekoff = size + v;
                } else {
                    seekoff = v.max(0);
                }
                for _ in 0..seekoff {
                    match input.getc(ctx) {
                        Ok(Some(_)) => {}
                        Ok(None) => break,
                        Err(s) => return s,
                    }
                }
            }
            let name = infile.as_ref().map(|f| diag::lossy(f));
            let r = dump(
                ctx,
                &mut input,
                &mut out,
                Layout {
                    ty,
                    cols: cols.max(1) as usize,
                    group: group.max(1) as usize,
                    length,
                    upper,
                    autoskip,
                    decimal,
                    capitalize,
                    addr_base: seekoff + display_off,
                    name,
                },
            );
            if let Err(s) = r {
                return s;
            }
        }
        match outfile {
            Some(f) => {
                let name = diag::lossy(&f);
                let path = ctx.resolve_path(&name);
                if let Err(e) =
                    ctx.backend()
                        .write(&path, &out, WriteMode::Truncate, 0o666 & !ctx.umask())
                {
                    return fail(ctx, &format!("{name}: {e}"), 3);
                }
            }
            None => {
                if !output::out(ctx, &out) {
                    return 1;
                }
            }
        }
        0
    }
}

struct Layout {
    ty: Type,
    cols: usize,
    group: usize,
    length: Option<i64>,
    upper: bool,
    autoskip: bool,
    decimal: bool,
    capitalize: bool,
    addr_base: i64,
    name: Option<String>,
}

fn flush(ctx: &mut dyn ToolCtx, out: &mut Vec<u8>) -> Result<(), i32> {
    if out.len() >= input::CHUNK {
        if !output::out(ctx, out) {
            return Err(1);
        }
        out.clear();
    }
    Ok(())
}

fn dump(
    ctx: &mut dyn ToolCtx,
    input: &mut Input,
    out: &mut Vec<u8>,
    lay: Layout,
) -> Result<(), i32> {
    let hexx: &[u8; 16] = if lay.upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let within = |n: i64| lay.length.is_none_or(|l| n < l);
    match lay.ty {
        Type::Plain => {
            let mut p = lay.cols;
            let mut n = 0i64;
            while within(n) {
                let Some(e) = input.getc(ctx)? else { break };
                out.push(hexx[(e >> 4) as usize]);
                out.push(hexx[(e & 15) as usize]);
                n += 1;
                p -= 1;
                if p == 0 {
                    out.push(b'\n');
                    p = lay.cols;
                }
                flush(ctx, out)?;
            }
            if p < lay.cols {
                out.push(b'\n');
            }
            Ok(())
        }
        Type::Include => {
            let var = |out: &mut Vec<u8>, name: &str| {
                if name.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                    out.extend_from_slice(b"__");
                }
                for c in name.bytes() {
                    out.push(if c.is_ascii_alphanumeric() {
                        if lay.capitalize {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    } else {
                        b'_'
                    });
                }
            };
            if let Some(name) = &lay.name {
                out.extend_from_slice(b"unsigned char ");
                var(out, name);
                out.extend_from_slice(b"[] = {\n");
            }
            let mut p = 0i64;
            while within(p) {
                let Some(c) = input.getc(ctx)? else { break };
                let lead = if p % lay.cols as i64 != 0 {
                    ", "
                } else if p == 0 {
                    "  "
                } else {
                    ",\n  "
                };
                let item = if lay.upper {
                    format!("{lead}0X{c:02X}")
                } else {
                    format!("{lead}0x{c:02x}")
                };
                out.extend_from_slice(item.as_bytes());
                p += 1;
                flush(ctx, out)?;
            }
            if p > 0 {
                out.push(b'\n');
            }
            if let Some(name) = &lay.name {
                out.extend_from_slice(b"};\nunsigned int ");
                var(out, name);
                let len = if lay.capitalize { "LEN" } else { "len" };
                out.extend_from_slice(format!("_{len} = {p};\n").as_bytes());
            }
            Ok(())
        }
        _ => {
            let bits = lay.ty == Type::Bits;
            let grplen = if bits {
                8 * lay.group + 1
            } else {
                2 * lay.group + 1
            };
            let cols = lay.cols;
            // xxd's LLEN, with room for 64-bit addresses.
            let llen = 2 * 16 + 4 + (9 * 256 - 1) + 256 + 2 + 8;
            let mut l = vec![b' '; llen];
            let mut skip = Autoskip {
                z: Vec::new(),
                zero_seen: 0,
            };
            let mut p = 0usize;
            let mut n = 0i64;
            let mut addrlen = 0usize;
            let mut nonzero = 0;
            let mut c = 0usize;
            while within(n) {
                let Some(e) = input.getc(ctx)? else { break };
                if p == 0 {
                    let addr = (n + lay.addr_base) as u64;
                    let a = if lay.decimal {
                        format!("{addr:08}:")
                    } else {
                        format!("{addr:08x}:")
                    };
                    addrlen = a.len();
                    l.iter_mut().for_each(|b| *b = b' ');
                    l[..addrlen].copy_from_slice(a.as_bytes());
                }
                let x = if lay.ty == Type::Little {
                    p ^ (lay.group - 1)
                } else {
                    p
                };
                c = addrlen + 1 + (grplen * x) / lay.group;
                if bits {
                    for i in (0..8).rev() {
                        l[c] = if e & (1 << i) != 0 { b'1' } else { b'0' };
                        c += 1;
                    }
                } else {
                    l[c] = hexx[(e >> 4) as usize];
                    l[c + 1] = hexx[(e & 15) as usize];
                }
                if e != 0 {
                    nonzero += 1;
                }
                c = addrlen + 3 + (grplen * cols - 1) / lay.group + p;
                l[c] = if (32..127).contains(&e) { e } else { b'.' };
                c += 1;
                n += 1;
                p += 1;
                if p == cols {
                    l[c] = b'\n';
                    let line = l[..c + 1].to_vec();
                    skip.line(out, &line, if lay.autoskip { nonzero } else { 1 });
                    nonzero = 0;
                    p = 0;
                    flush(ctx, out)?;
                }
            }
            if p > 0 {
                l[c] = b'\n';
                let line = l[..c + 1].to_vec();
                skip.line(out, &line, 1);
            } else if lay.autoskip {
                let line = l[..(c + 1).min(llen)].to_vec();
                skip.line(out, &line, -1);
            }
            Ok(())
        }
    }
}

fn hex_digit(c: u8) -> i32 {
    match c {
        b'0'..=b'9' => (c - b'0') as i32,
        b'a'..=b'f' => (c - b'a' + 10) as i32,
        b'A'..=b'F' => (c - b'A' + 10) as i32,
        _ => -1,
    }
}

/// xxd's `huntype`: hex dump (or plain hex) back to bytes.
fn reverse(
    ctx: &mut dyn ToolCtx,
    input: &mut Input,
    out: &mut Vec<u8>,
    plain: bool,
    cols: i64,
    base_off: i64,
) -> Result<(), i32> {
    let cols = if plain { 0 } else { cols };
    let (mut n1, mut n2): (i32, i32) = (-1, 0);
    let mut p = cols;
    let mut ign_garb = true;
    let mut have_off: i64 = 0;
    let mut want_off: i64 = 0;
    while let Some(mut c) = input.getc(ctx)? {
        if c == b'\r' {
            continue;
        }
        if plain && (c == b' ' || c == b'\n' || c == b'\t') {
            continue;
        }
        let n3 = n2;
        n2 = n1;
        n1 = hex_digit(c);
        if n1 == -1 && ign_garb {
            continue;
        }
        ign_garb = false;
        if !plain && p >= cols {
            if n1 < 0 {
                p = 0;
                continue;
            }
            want_off = (want_off << 4) | n1 as i64;
            continue;
        }
        if base_off + want_off != have_off {
            if base_off + want_off < have_off {
                diag::err(ctx, "xxd", "Sorry, cannot seek backwards.");
                return Err(5);
            }
            while have_off < base_off + want_off {
                out.push(0);
                have_off += 1;
            }
        }
        if n2 >= 0 && n1 >= 0 {
            out.push(((n2 << 4) | n1) as u8);
            have_off += 1;
            want_off += 1;
            n1 = -1;
            if !plain {
                p += 1;
                if p >= cols {
                    c = skip_eol(ctx, input)?;
                }
            }
        } else if n1 < 0 && n2 < 0 && n3 < 0 {
            c = skip_eol(ctx, input)?;
        }
        if c == b'\n' {
            if !plain {
                want_off = 0;
            }
            p = cols;
            ign_garb = true;
        }
        flush(ctx, out)?;
    }
    Ok(())
}

fn skip_eol(ctx: &mut dyn ToolCtx, input: &mut Input) -> Result<u8, i32> {
    loop {
        match input.getc(ctx)? {
            Some(b'\n') => return Ok(b'\n'),
            Some(_) => {}
            None => return Ok(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Xxd;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn dumps() {
        assert_eq!(
            run_in(&Xxd, &[], "hello").1,
            "00000000: 6865 6c6c 6f                             hello\n"
        );
        assert_eq!(
            run_in(&Xxd, &["-g", "3", "-c", "7"], "hello world").1,
            "00000000: 68656c 6c6f20 77  hello w\n00000007: 6f726c 64         orld\n"
        );
        assert_eq!(
            run_in(&Xxd, &["-p"], "hello world").1,
            "68656c6c6f20776f726c64\n"
        );
        assert_eq!(
            run_in(&Xxd, &["-e"], "abcde").1,
            "00000000: 64636261       65                    abcde\n"
        );
        assert_eq!(run_in(&Xxd, &["-i", "-u"], "ab").1, "  0X61, 0X62\n");
        let mut ctx = TestCtx::new().file("my-file.bin", b"hi");
        run(&Xxd, &["-i", "my-file.bin"], &mut ctx);
        assert_eq!(
            ctx.out_str(),
            "unsigned char my_file_bin[] = {\n  0x68, 0x69\n};\nunsigned int my_file_bin_len = 2;\n"
        );
    }

    #[test]
    fn reverses() {
        assert_eq!(
            run_in(&Xxd, &["-r"], "00000000: 6865 6c6c 6f  hello\n").1,
            "hello"
        );
        assert_eq!(run_in(&Xxd, &["-r", "-p"], "68656c\n6c6f\n").1, "hello");
        assert_eq!(run_in(&Xxd, &["-r"], "00000003: 41\n").1, "\0\0\0A");
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Xxd, &["nope"], "");
        assert_eq!(
            (s, e.as_str()),
            (2, "xxd: nope: No such file or directory\n")
        );
        let (s, _, e) = run_in(&Xxd, &["-s", "-2"], "abc");
        assert_eq!((s, e.as_str()), (4, "xxd: Sorry, cannot seek.\n"));
    }
}
