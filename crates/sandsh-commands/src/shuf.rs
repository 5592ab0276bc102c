//! `shuf`: generate random permutations.
//!
//! The random numbers come from GNU's `randint` algorithm over a byte source, so that with
//! `--random-source=FILE` the output is exactly GNU shuf's for the same bytes: permutations use
//! `randperm_new` (a partial Fisher-Yates over a virtual array), `-n` over input lines uses
//! GNU's reservoir sampling followed by a permutation, `-r` draws with replacement. Without
//! `--random-source` the bytes come from a generator seeded by the context clock (GNU reads the
//! system's random device; sandsh has none). Input lines must all be held (or the reservoir of
//! `-n` lines), read through [`input::Lines`].

use std::collections::HashMap;

use crate::common::diag;
use sandsh_api::opt;
use sandsh_api::rows::ZERO_TERMINATED;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::Lines;
use crate::common::output;
use crate::common::{input, quote};

pub struct Shuf;

static SPEC: CommandSpec = CommandSpec {
    name: "shuf",
    group: "text",
    summary: "generate random permutations",
    usage: "shuf [OPTION]... [FILE]\n  or:  shuf -e [OPTION]... [ARG]...\n  or:  shuf -i LO-HI [OPTION]...",
    description: "Write a random permutation of the input lines to standard output. With no FILE, or when FILE is -, read standard input. With --random-source=FILE the output equals GNU shuf's for the same random bytes.",
    options: &[
        OptSpec::new("-e, --echo", "treat each ARG as an input line"),
        OptSpec::new(
            "-i, --input-range=LO-HI",
            "treat each number LO through HI as an input line",
        ),
        OptSpec::new("-n, --head-count=COUNT", "output at most COUNT lines"),
        OptSpec::new(
            "-o, --output=FILE",
            "write result to FILE instead of standard output",
        ),
        OptSpec::new("--random-source=FILE", "get random bytes from FILE"),
        OptSpec::new("-r, --repeat", "output lines can be repeated"),
        ZERO_TERMINATED,
    ],
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "input file, or the lines themselves with -e",
    )
    .repeated()],
    returns: "the input lines in random order",
    examples: &[
        Example {
            description: "all lines, in some order",
            script: "seq 5 | shuf | sort -n",
            stdout: "1\n2\n3\n4\n5\n",
        },
        Example {
            description: "three distinct numbers from a range",
            script: "shuf -i 1-10 -n 3 | sort -nu | wc -l",
            stdout: "3\n",
        },
    ],
    errors: "exit 1 on a bad count or range, an unreadable file, or a random source that runs out",
    risk: RiskLevel::ReadOnly,
};

/// Where random bytes come from.
enum Bytes {
    File {
        data: Vec<u8>,
        pos: usize,
        name: String,
    },
    /// An opened file read as bytes are needed (a source may be endless, as /dev/zero is).
    Stream {
        src: Box<dyn std::io::Read + Send>,
        name: String,
    },
    Gen(u64),
}

/// GNU's `randint_source`.
struct RandInt {
    bytes: Bytes,
    randnum: u64,
    randmax: u64,
}

struct EndOfFile(String);

impl RandInt {
    fn read(&mut self, buf: &mut [u8]) -> Result<(), EndOfFile> {
        match &mut self.bytes {
            Bytes::File { data, pos, name } => {
                if *pos + buf.len() > data.len() {
                    return Err(EndOfFile(name.clone()));
                }
                buf.copy_from_slice(&data[*pos..*pos + buf.len()]);
                *pos += buf.len();
            }
            Bytes::Stream { src, name } => {
                let mut got = 0;
                while got < buf.len() {
                    match src.read(&mut buf[got..]) {
                        Ok(0) | Err(_) => return Err(EndOfFile(name.clone())),
                        Ok(n) => got += n,
                    }
                }
            }
            Bytes::Gen(state) => {
                for b in buf.iter_mut() {
                    // splitmix64
                    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                    let mut z = *state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    *b = (z ^ (z >> 31)) as u8;
                }
            }
        }
        Ok(())
    }

    /// A uniform number in 0..=genmax.
    fn genmax(&mut self, genmax: u64) -> Result<u64, EndOfFile> {
        let mut randnum = self.randnum;
        let mut randmax = self.randmax;
        let choices = genmax.wrapping_add(1);
        loop {
            if randmax < genmax {
                let mut i = 0;
                let mut rmax = randmax;
                loop {
                    rmax = (rmax << 8).wrapping_add(255);
                    i += 1;
                    if rmax >= genmax || i == 8 {
                        break;
                    }
                }
                let mut buf = [0u8; 8];
                self.read(&mut buf[..i])?;
                let mut k = 0;
                loop {
                    randnum = (randnum << 8).wrapping_add(buf[k] as u64);
                    randmax = (randmax << 8).wrapping_add(255);
                    k += 1;
                    if randmax >= genmax || k == i {
                        break;
                    }
                }
            }
            if randmax == genmax {
                self.randnum = 0;
                self.randmax = 0;
                return Ok(randnum);
            }
            let excess = randmax - genmax;
            let unusable = excess % choices;
            let last_usable = randmax - unusable;
            let reduced = randnum % choices;
            if randnum <= last_usable {
                self.randnum = randnum / choices;
                self.randmax = excess / choices;
                return Ok(reduced);
            }
            randnum = reduced;
            randmax = unusable - 1;
            self.randnum = randnum;
            self.randmax = randmax;
        }
    }

    fn choose(&mut self, n: u64) -> Result<u64, EndOfFile> {
        self.genmax(n - 1)
    }
}

/// The most entries `-i` may permute without `-r` (each costs memory while shuffling).
const MAX_PERM: u64 = 10_000_000;

/// GNU's `randperm_new`: the first `h` entries of a random permutation of 0..n.
/// The input size above which GNU shuf -n samples a reservoir instead of reading it whole.
const RESERVOIR_MIN_INPUT: u64 = 8192 * 1024;

fn randperm(r: &mut RandInt, h: u64, n: u64) -> Result<Vec<u64>, EndOfFile> {
    match h {
        0 => Ok(Vec::new()),
        1 => Ok(vec![r.choose(n)?]),
        _ => {
            // A virtual identity array; only swapped entries are stored.
            let mut v: HashMap<u64, u64> = HashMap::new();
            let get = |v: &HashMap<u64, u64>, i: u64| *v.get(&i).unwrap_or(&i);
            for i in 0..h {
                let j = r.choose(n - i)? + i;
                let (a, b) = (get(&v, i), get(&v, j));
                v.insert(i, b);
                v.insert(j, a);
            }
            Ok((0..h).map(|i| get(&v, i)).collect())
        }
    }
}

fn parse_range(s: &str) -> Option<(u64, u64)> {
    let (lo, hi) = s.split_once('-')?;
    let lo: u64 = lo.parse().ok()?;
    let hi: u64 = hi.parse().ok()?;
    if hi < lo.checked_sub(1)? {
        return None;
    }
    Some((lo, hi))
}

impl ParsedCommand for Shuf {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str| diag::fail(ctx, "shuf", m);
        let echo = p.has(opt!(SPEC, "e"));
        let range = match p.value(opt!(SPEC, "i")) {
            Some(v) => {
                if echo {
                    return diag::usage(ctx, &SPEC, "shuf: cannot combine -e and -i options", 1);
                }
                let s = diag::lossy(v);
                match parse_range(&s) {
                    Some(r) if !(r.0 == 0 && r.1 == u64::MAX) => Some(r),
                    _ => return fail(ctx, &format!("invalid input range: {}", quote::cquote(&s))),
                }
            }
            None => None,
        };
        let mut head: Option<u64> = None;
        for v in p.values(opt!(SPEC, "n")) {
            let s = diag::lossy(v);
            match s.parse::<u64>() {
                Ok(n) => head = Some(head.map_or(n, |h: u64| h.min(n))),
                Err(_) => return fail(ctx, &format!("invalid line count: {}", quote::cquote(&s))),
            }
        }
        let repeat = p.has(opt!(SPEC, "r"));
        let eol = if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' };
        if range.is_some() && !p.operands.is_empty() {
            let m = format!(
                "shuf: extra operand {}",
                quote::cquote(&diag::lossy(&p.operands[0]))
            );
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        if !echo && range.is_none() && p.operands.len() > 1 {
            let m = format!(
                "shuf: extra operand {}",
                quote::cquote(&diag::lossy(&p.operands[1]))
            );
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        let bytes = match p.value(opt!(SPEC, "random-source")) {
            Some(f) if f.as_slice() == b"-" => {
                let name = diag::lossy(f);
                match input::read_input(ctx, f) {
                    Ok(data) => Bytes::File { data, pos: 0, name },
                    Err(e) => return fail(ctx, &format!("{name}: {}", diag::io_msg(&e))),
                }
            }
            Some(f) => {
                let name = diag::lossy(f);
                match input::open(ctx, f) {
                    Ok(input::Source::File(src)) => Bytes::Stream { src, name },
                    Ok(input::Source::Stdin) => Bytes::Gen(0),
                    Err(m) => return fail(ctx, &format!("{name}: {m}")),
                }
            }
            None => {
                let t = ctx
                    .now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0);
                Bytes::Gen(t ^ 0x5DEE_CE66_D1CE_4E5B)
            }
        };
        let mut r = RandInt {
            bytes,
            randnum: 0,
            randmax: 0,
        };
        let mut out = Vec::new();
        let result = generate(
            ctx,
            &p.operands,
            echo,
            range,
            head,
            repeat,
            eol,
            &mut r,
            &mut out,
        );
        let status = match result {
            Ok(()) => 0,
            Err(Fail::Msg(m)) => return fail(ctx, &m),
            Err(Fail::Status(s)) => return s,
        };
        if let Some(o) = p.value(opt!(SPEC, "o")) {
            let name = diag::lossy(o);
            if let Err(e) = output::write_file(ctx, &name, &out) {
                return fail(ctx, &format!("{name}: {e}"));
            }
        } else if !output::out(ctx, &out) {
            return 1;
        }
        status
    }
}

enum Fail {
    Msg(String),
    Status(i32),
}

impl From<EndOfFile> for Fail {
    fn from(e: EndOfFile) -> Fail {
        Fail::Msg(format!("{}: end of file", quote::cquote(&e.0)))
    }
}

#[allow(clippy::too_many_arguments)]
fn generate(
    ctx: &mut dyn ToolCtx,
    operands: &[Arg],
    echo: bool,
    range: Option<(u64, u64)>,
    head: Option<u64>,
    repeat: bool,
    eol: u8,
    r: &mut RandInt,
    out: &mut Vec<u8>,
) -> Result<(), Fail> {
    // Repeated output without -n is endless: written as it goes, until cancelled or the
    // reader leaves.
    let flush = |ctx: &mut dyn ToolCtx, out: &mut Vec<u8>| -> Result<(), Fail> {
        if ctx.is_cancelled() {
            return Err(Fail::Status(130));
        }
        if out.len() >= input::CHUNK {
            if !output::out(ctx, out) {
                return Err(Fail::Status(1));
            }
            out.clear();
        }
        Ok(())
    };
    if let Some((lo, hi)) = range {
        let n = hi.wrapping_sub(lo).wrapping_add(1);
        if repeat {
            if n == 0 {
                return Err(Fail::Msg("no lines to repeat".into()));
            }
            let mut i = 0u64;
            while head.is_none_or(|h| i < h) {
                let v = lo + r.choose(n)?;
                out.extend_from_slice(v.to_string().as_bytes());
                out.push(eol);
                flush(ctx, out)?;
                i += 1;
            }
            return Ok(());
        }
        let h = head.unwrap_or(n).min(n);
        if h > MAX_PERM {
            return Err(Fail::Msg(format!(
                "a permutation of more than {MAX_PERM} numbers is not supported in sandsh (use -n or -r)"
            )));
        }
        for v in randperm(r, h, n)? {
            out.extend_from_slice((lo + v).to_string().as_bytes());
            out.push(eol);
            flush(ctx, out)?;
        }
        return Ok(());
    }
    let mut lines: Vec<Vec<u8>> = Vec::new();
    if echo {
        lines = operands.to_vec();
    } else {
        let f = operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
        // GNU samples a reservoir only when the input's size is unknown (a pipe, a device) or
        // above 8 MiB; a smaller regular file is read whole and permuted, which draws
        // different random numbers.
        let path = match &f[..] {
            b"-" => ctx.stdin_path(),
            name => Some(ctx.resolve_path(&diag::lossy(name))),
        };
        let small = path.is_some_and(|p| {
            ctx.backend()
                .stat(&p)
                .is_ok_and(|m| m.is_file() && m.size <= RESERVOIR_MIN_INPUT)
        });
        let reservoir = head.is_some() && !repeat && !small;
        let mut src =
            input::open(ctx, &f).map_err(|m| Fail::Msg(format!("{}: {m}", diag::lossy(&f))))?;
        let mut rd = Lines::new(eol);
        let mut next = |ctx: &mut dyn ToolCtx| -> Result<Option<Vec<u8>>, Fail> {
            match rd.next(ctx, &mut src) {
                Ok(Some(mut l)) => {
                    if l.last() == Some(&eol) {
                        l.pop();
                    }
                    Ok(Some(l))
                }
                Ok(None) => Ok(None),
                Err(e) => {
                    if ctx.is_cancelled() {
                        Err(Fail::Status(130))
                    } else {
                        Err(Fail::Msg(format!("read error: {}", diag::io_msg(&e))))
                    }
                }
            }
        };
        if reservoir {
            let k = head.unwrap_or(0);
            let mut n_lines: u64 = 0;
            let mut last_some = true;
            while n_lines < k {
                match next(ctx)? {
                    Some(l) => {
                        lines.push(l);
                        n_lines += 1;
                    }
                    None => {
                        last_some = false;
                        break;
                    }
                }
            }
            if last_some {
                loop {
                    let j = r.choose(n_lines + 1)?;
                    match next(ctx)? {
                        Some(l) => {
                            if j < k {
                                lines[j as usize] = l;
                            }
                        }
                        None => break,
                    }
                    n_lines += 1;
                }
            }
        } else {
            while let Some(l) = next(ctx)? {
                lines.push(l);
            }
        }
    }
    let n = lines.len() as u64;
    if repeat {
        if n == 0 {
            return Err(Fail::Msg("no lines to repeat".into()));
        }
        let mut i = 0u64;
        while head.is_none_or(|h| i < h) {
            let j = r.choose(n)?;
            out.extend_from_slice(&lines[j as usize]);
            out.push(eol);
            flush(ctx, out)?;
            i += 1;
        }
        return Ok(());
    }
    let h = head.unwrap_or(n).min(n);
    for j in randperm(r, h, n)? {
        out.extend_from_slice(&lines[j as usize]);
        out.push(eol);
        flush(ctx, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Bytes, RandInt, Shuf, randperm};
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn permutes_everything() {
        let (s, o, _) = run_in(&Shuf, &[], "a\nb\nc\nd\n");
        assert_eq!(s, 0);
        let mut v: Vec<&str> = o.lines().collect();
        v.sort();
        assert_eq!(v, ["a", "b", "c", "d"]);
        let (_, o, _) = run_in(&Shuf, &["-i", "1-5", "-n", "2"], "");
        assert_eq!(o.lines().count(), 2);
    }

    #[test]
    fn endless_random_source_is_read_as_needed() {
        // GNU reads /dev/zero as far as it needs; all-zero bytes give these outputs.
        let mut ctx = TestCtx::new();
        assert_eq!(
            run(&Shuf, &["-i", "1-5", "--random-source=/dev/zero"], &mut ctx),
            0
        );
        assert_eq!(ctx.out_str(), "1\n2\n3\n4\n5\n");
        let mut ctx = TestCtx::new();
        let args = [
            "-n",
            "3",
            "-r",
            "-e",
            "a",
            "b",
            "c",
            "--random-source=/dev/zero",
        ];
        assert_eq!(run(&Shuf, &args, &mut ctx), 0);
        assert_eq!(ctx.out_str(), "a\na\na\n");
    }

    #[test]
    fn random_source_is_deterministic() {
        let mut r = RandInt {
            bytes: Bytes::File {
                data: vec![0, 0, 0, 0],
                pos: 0,
                name: "z".into(),
            },
            randnum: 0,
            randmax: 0,
        };
        // All-zero bytes choose index 0 every time: the identity permutation.
        assert_eq!(randperm(&mut r, 3, 3).ok(), Some(vec![0, 1, 2]));
        let mut ctx = TestCtx::new().file("rs", b"").with_stdin(b"a\nb\n");
        assert_eq!(run(&Shuf, &["--random-source=rs"], &mut ctx), 1);
        assert_eq!(ctx.err_str(), "shuf: ‘rs’: end of file\n");
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Shuf, &["-i", "5-3"], "");
        assert_eq!((s, e.as_str()), (1, "shuf: invalid input range: ‘5-3’\n"));
        let (s, _, e) = run_in(&Shuf, &["-r"], "");
        assert_eq!((s, e.as_str()), (1, "shuf: no lines to repeat\n"));
    }
}
