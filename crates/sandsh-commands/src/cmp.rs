//! `cmp`: compare two files byte by byte, as GNU diffutils 3.8 does.
//!
//! Both inputs stream through fixed buffers, so files of any size compare in bounded memory.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::Source;
use crate::common::{diag, input, output, quote, sizes};

pub struct Cmp;

static SPEC: CommandSpec = CommandSpec {
    name: "cmp",
    group: "text",
    summary: "compare two files byte by byte",
    usage: "cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]",
    description: "Compare two files byte by byte and report the first difference (or, with -l, every differing byte). FILE2 defaults to standard input, as does -.",
    options: &[
        OptSpec::new("-b, --print-bytes", "print differing bytes"),
        OptSpec::new(
            "-i, --ignore-initial=SKIP",
            "skip the first SKIP bytes of both inputs (SKIP1:SKIP2 for each)",
        ),
        OptSpec::new(
            "-l, --verbose",
            "output byte numbers and differing byte values (octal)",
        ),
        OptSpec::new("-n, --bytes=LIMIT", "compare at most LIMIT bytes"),
        OptSpec::new("-s, --quiet", "suppress all normal output (also --silent)"),
        OptSpec::new("--silent", "same as -s"),
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first file"),
        ArgSpec::optional("FILE2", ArgType::Path, "second file (default -)"),
    ],
    returns: "the first difference, every difference with -l, nothing with -s",
    examples: &[
        Example {
            description: "first difference",
            script: "printf 'abc' > x; printf 'abd' > y; cmp x y",
            stdout: "x y differ: byte 3, line 1\n",
        },
        Example {
            description: "silent check",
            script: "echo a > x; echo a > y; cmp -s x y && echo same",
            stdout: "same\n",
        },
    ],
    errors: "exit 0 when the inputs are the same, 1 when they differ, 2 on trouble",
    risk: RiskLevel::ReadOnly,
};

fn parse_skip(s: &str) -> Option<u64> {
    sizes::parse_size(s)
}

/// Fill `buf` as far as the source allows; returns the bytes read (short only at EOF).
fn fill(ctx: &mut dyn ToolCtx, src: &mut Source, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        let k = input::read_chunk(ctx, src, &mut buf[n..])?;
        if k == 0 {
            break;
        }
        n += k;
    }
    Ok(n)
}

fn skip(ctx: &mut dyn ToolCtx, src: &mut Source, mut n: u64) -> std::io::Result<()> {
    let mut buf = vec![0u8; input::CHUNK];
    while n > 0 {
        let want = n.min(buf.len() as u64) as usize;
        let k = fill(ctx, src, &mut buf[..want])?;
        if k == 0 {
            break;
        }
        n -= k as u64;
    }
    Ok(())
}

fn printable(b: u8) -> String {
    // GNU's sprintc: ^X for controls, M- for high bytes.
    let mut s = String::new();
    let mut c = b;
    if c >= 128 {
        s.push_str("M-");
        c -= 128;
    }
    if c < 32 {
        s.push('^');
        s.push((c + 64) as char);
    } else if c == 127 {
        s.push_str("^?");
    } else {
        s.push(c as char);
    }
    s
}

impl ParsedCommand for Cmp {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let silent = p.has(opt!(SPEC, "s")) || p.has(opt!(SPEC, "silent"));
        let verbose = p.has(opt!(SPEC, "l"));
        let bytes = p.has(opt!(SPEC, "b"));
        if silent && verbose {
            return diag::usage(ctx, &SPEC, "cmp: options -l and -s are incompatible", 2);
        }
        let limit = match p.value(opt!(SPEC, "n")) {
            Some(v) => match parse_skip(&diag::lossy(v)) {
                Some(n) => Some(n),
                None => {
                    return diag::usage(
                        ctx,
                        &SPEC,
                        &format!(
                            "cmp: invalid --bytes value {}",
                            quote::quote(&diag::lossy(v))
                        ),
                        2,
                    );
                }
            },
            None => None,
        };
        let mut skips = [0u64, 0u64];
        if let Some(v) = p.value(opt!(SPEC, "i")) {
            let s = diag::lossy(v);
            let (a, b) = match s.split_once(':') {
                Some((a, b)) => (a.to_string(), b.to_string()),
                None => (s.clone(), s.clone()),
            };
            match (parse_skip(&a), parse_skip(&b)) {
                (Some(x), Some(y)) => skips = [x, y],
                _ => {
                    return diag::usage(
                        ctx,
                        &SPEC,
                        &format!("cmp: invalid --ignore-initial value {}", quote::quote(&s)),
                        2,
                    );
                }
            }
        }
        let ops = &p.operands;
        if ops.is_empty() {
            return diag::usage(ctx, &SPEC, "cmp: missing operand after 'cmp'", 2);
        }
        if ops.len() > 4 {
            return diag::usage(
                ctx,
                &SPEC,
                &format!("cmp: extra operand {}", quote::quote(&diag::lossy(&ops[4]))),
                2,
            );
        }
        for (k, op) in ops.iter().enumerate().skip(2) {
            match parse_skip(&diag::lossy(op)) {
                Some(n) => skips[k - 2] = n,
                None => {
                    return diag::usage(
                        ctx,
                        &SPEC,
                        &format!(
                            "cmp: invalid --ignore-initial value {}",
                            quote::quote(&diag::lossy(op))
                        ),
                        2,
                    );
                }
            }
        }
        let names = [
            ops[0].clone(),
            ops.get(1).cloned().unwrap_or_else(|| b"-".to_vec()),
        ];
        let shown = [diag::lossy(&names[0]), diag::lossy(&names[1])];
        let mut srcs = Vec::new();
        for n in &names {
            match input::open(ctx, n) {
                Ok(s) => srcs.push(s),
                Err(m) => {
                    diag::err(ctx, "cmp", &format!("{}: {m}", diag::lossy(n)));
                    return 2;
                }
            }
        }
        let sizes: Vec<Option<u64>> = names
            .iter()
            .enumerate()
            .map(|(k, n)| {
                if n == b"-" {
                    None
                } else {
                    ctx.backend()
                        .stat(&ctx.resolve_path(&diag::lossy(n)))
                        .ok()
                        .map(|m| m.size.saturating_sub(skips[k]))
                }
            })
            .collect();
        let mut width_base = match (sizes[0], sizes[1]) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => u64::MAX,
        };
        if let Some(l) = limit {
            width_base = width_base.min(l);
        }
        let width = if width_base == u64::MAX {
            1
        } else {
            width_base.to_string().len()
        };
        let (mut s0, mut s1) = {
            let mut it = srcs.into_iter();
            match (it.next(), it.next()) {
                (Some(a), Some(b)) => (a, b),
                _ => return 2,
            }
        };
        for (k, src) in [&mut s0, &mut s1].into_iter().enumerate() {
            if let Err(e) = skip(ctx, src, skips[k]) {
                diag::err(ctx, "cmp", &format!("{}: {}", shown[k], diag::io_msg(&e)));
                return 2;
            }
        }
        let mut b0 = vec![0u8; input::CHUNK];
        let mut b1 = vec![0u8; input::CHUNK];
        let mut offset: u64 = 0;
        let mut line: u64 = 1;
        let mut status = 0;
        let mut out = Vec::new();
        let mut last = [None::<u8>, None::<u8>];
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            let mut want = b0.len();
            if let Some(l) = limit {
                let left = l.saturating_sub(offset);
                if left == 0 {
                    break;
                }
                want = want.min(left as usize);
            }
            let n0 = match fill(ctx, &mut s0, &mut b0[..want]) {
                Ok(n) => n,
                Err(e) => {
                    diag::err(ctx, "cmp", &format!("{}: {}", shown[0], diag::io_msg(&e)));
                    return 2;
                }
            };
            let n1 = match fill(ctx, &mut s1, &mut b1[..want]) {
                Ok(n) => n,
                Err(e) => {
                    diag::err(ctx, "cmp", &format!("{}: {}", shown[1], diag::io_msg(&e)));
                    return 2;
                }
            };
            let n = n0.min(n1);
            for i in 0..n {
                let (x, y) = (b0[i], b1[i]);
                if x != y {
                    status = 1;
                    let pos = offset + i as u64 + 1;
                    if silent {
                        return 1;
                    }
                    if verbose {
                        if bytes {
                            out.extend_from_slice(
                                format!(
                                    "{pos:>width$} {x:3o} {:<4} {y:3o} {}\n",
                                    printable(x),
                                    printable(y)
                                )
                                .as_bytes(),
                            );
                        } else {
                            out.extend_from_slice(
                                format!("{pos:>width$} {x:3o} {y:3o}\n").as_bytes(),
                            );
                        }
                        if out.len() > input::CHUNK {
                            if !output::out(ctx, &out) {
                                return 2;
                            }
                            out.clear();
                        }
                    } else {
                        let l = line + b0[..i].iter().filter(|b| **b == b'\n').count() as u64;
                        let msg = if bytes {
                            format!(
                                "{} {} differ: byte {pos}, line {l} is {x:3o} {} {y:3o} {}\n",
                                shown[0],
                                shown[1],
                                printable(x),
                                printable(y)
                            )
                        } else {
                            format!("{} {} differ: byte {pos}, line {l}\n", shown[0], shown[1])
                        };
                        output::out(ctx, msg.as_bytes());
                        return 1;
                    }
                }
            }
            line += b0[..n].iter().filter(|b| **b == b'\n').count() as u64;
            if n > 0 {
                last = [Some(b0[n - 1]), Some(b1[n - 1])];
            }
            offset += n as u64;
            if n0 != n1 {
                if !output::out(ctx, &out) {
                    return 2;
                }
                out.clear();
                if !silent {
                    let short = if n0 < n1 { 0 } else { 1 };
                    let msg = if offset == 0 {
                        format!("EOF on {} which is empty", shown[short])
                    } else if verbose {
                        format!("EOF on {} after byte {offset}", shown[short])
                    } else if last[short] == Some(b'\n') {
                        format!(
                            "EOF on {} after byte {offset}, line {}",
                            shown[short],
                            line - 1
                        )
                    } else {
                        format!(
                            "EOF on {} after byte {offset}, in line {line}",
                            shown[short]
                        )
                    };
                    diag::err(ctx, "cmp", &msg);
                }
                return 1;
            }
            if n0 == 0 {
                break;
            }
        }
        if !output::out(ctx, &out) {
            return 2;
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Cmp;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn messages() {
        let mut c = TestCtx::new()
            .file("a", b"abcdefghijkl")
            .file("b", b"abXdefghijkY")
            .file("s", b"ab");
        assert_eq!(run(&Cmp, &["a", "b"], &mut c), 1);
        assert_eq!(c.out_str(), "a b differ: byte 3, line 1\n");
        let mut c = TestCtx::new()
            .file("a", b"abcdefghijkl")
            .file("b", b"abXdefghijkY");
        run(&Cmp, &["-l", "a", "b"], &mut c);
        assert_eq!(c.out_str(), " 3 143 130\n12 154 131\n");
        let mut c = TestCtx::new().file("s", b"ab").file("t", b"abc\n");
        assert_eq!(run(&Cmp, &["s", "t"], &mut c), 1);
        assert_eq!(c.err_str(), "cmp: EOF on s after byte 2, in line 1\n");
        let mut c = TestCtx::new().file("a", b"x").file("b", b"x");
        assert_eq!(run(&Cmp, &["a", "b"], &mut c), 0);
    }
}
