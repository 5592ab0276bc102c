//! `truncate`: shrink or extend files to a size, with GNU's relative forms (`+N -N <N >N /N
//! %N`), multiplier suffixes, `-r` reference files and `-o` I/O-block units (4 KiB in the VFS).

use sandsh_api::OptSpec;
use sandsh_api::fs::{VfsError, WriteMode};
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{blocks, diag, quote};

pub struct Truncate;

static SPEC: CommandSpec = CommandSpec {
    name: "truncate",
    group: "fs",
    summary: "shrink or extend the size of a file to the specified size",
    usage: "truncate OPTION... FILE...",
    description: "Shrink or extend the size of each FILE to the specified size. A FILE that does not exist is created (unless -c). A file extended reads as zero bytes. SIZE is an integer with an optional unit (K, M, G, T, P, E as powers of 1024; KB, MB, ... as powers of 1000) and may be prefixed with '+' extend by, '-' reduce by, '<' at most, '>' at least, '/' round down to multiple of, '%' round up to multiple of.",
    options: &[
        OptSpec::new("-c, --no-create", "do not create any files"),
        OptSpec::new(
            "-o, --io-blocks",
            "treat SIZE as number of IO blocks instead of bytes",
        ),
        OptSpec::new("-r, --reference=RFILE", "base size on RFILE"),
        OptSpec::new(
            "-s, --size=SIZE",
            "set or adjust the file size by SIZE bytes",
        ),
    ],
    operands: &[ArgSpec::required("FILE", ArgType::Path, "files to resize").repeated()],
    returns: "nothing; the files are resized",
    examples: &[
        Example {
            description: "cut a file to 3 bytes",
            script: "printf 0123456789 > f && truncate -s 3 f && cat f",
            stdout: "012",
        },
        Example {
            description: "round the size up to a multiple of 4",
            script: "printf 0123456789 > f && truncate -s %4 f && wc -c < f",
            stdout: "12\n",
        },
    ],
    errors: "exit 1 for an invalid size, a missing --size/--reference, or a file that cannot be resized",
    risk: RiskLevel::MediumRisk,
};

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Set,
    Extend,
    Reduce,
    AtMost,
    AtLeast,
    RoundDown,
    RoundUp,
}

/// A size with GNU's multiplier suffixes; `Err(true)` when it overflows.
fn parse_num(s: &str) -> Result<u64, bool> {
    let t = s.trim_start();
    let t = t.strip_prefix('+').unwrap_or(t);
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if end == 0 {
        return Err(false);
    }
    let n: u64 = t[..end].parse().map_err(|_| true)?;
    let suf = &t[end..];
    if suf.is_empty() {
        return Ok(n);
    }
    let mut chars = suf.chars();
    let unit = chars.next().unwrap_or(' ');
    let power: u32 = match unit {
        'k' | 'K' => 1,
        'm' | 'M' => 2,
        'g' | 'G' => 3,
        't' | 'T' => 4,
        'P' => 5,
        'E' => 6,
        'Z' => 7,
        'Y' => 8,
        _ => return Err(false),
    };
    let base: u128 = match chars.as_str() {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return Err(false),
    };
    let v = (n as u128).checked_mul(base.pow(power)).ok_or(true)?;
    u64::try_from(v).map_err(|_| true)
}

impl ParsedCommand for Truncate {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let no_create = p.has(opt!(SPEC, "c"));
        let io_blocks = p.has(opt!(SPEC, "o"));
        let reference = p.value(opt!(SPEC, "r")).map(|v| diag::lossy(v));
        let size_arg = p.value(opt!(SPEC, "s")).map(|v| diag::lossy(v));
        let mut op = Op::Set;
        let mut amount = 0u64;
        if let Some(s) = &size_arg {
            let t = s.trim_start();
            let (o, rest) = match t.chars().next() {
                Some('+') => (Op::Extend, &t[1..]),
                Some('-') => (Op::Reduce, &t[1..]),
                Some('<') => (Op::AtMost, &t[1..]),
                Some('>') => (Op::AtLeast, &t[1..]),
                Some('/') => (Op::RoundDown, &t[1..]),
                Some('%') => (Op::RoundUp, &t[1..]),
                _ => (Op::Set, t),
            };
            op = o;
            // A sign after the operator (`+-5`) is invalid.
            if op != Op::Set && rest.trim_start().starts_with(['+', '-']) {
                diag::err(
                    ctx,
                    "truncate",
                    &format!("Invalid number: {}", quote::cquote(s)),
                );
                return 1;
            }
            amount = match parse_num(rest) {
                Ok(n) => n,
                Err(overflow) => {
                    let extra = if overflow {
                        ": Value too large for defined data type"
                    } else {
                        ""
                    };
                    diag::err(
                        ctx,
                        "truncate",
                        &format!("Invalid number: {}{extra}", quote::cquote(s)),
                    );
                    return 1;
                }
            };
            if io_blocks {
                match amount.checked_mul(blocks::BLOCK) {
                    Some(n) => amount = n,
                    None => {
                        diag::err(
                            ctx,
                            "truncate",
                            &format!(
                                "overflow in {amount} * {} byte blocks for file size",
                                blocks::BLOCK
                            ),
                        );
                        return 1;
                    }
                }
            }
            if matches!(op, Op::RoundDown | Op::RoundUp) && amount == 0 {
                diag::err(ctx, "truncate", "division by zero");
                return 1;
            }
        }
        if size_arg.is_none() && reference.is_none() {
            return diag::usage(
                ctx,
                &SPEC,
                &format!(
                    "truncate: you must specify either {} or {}",
                    quote::cquote("--size"),
                    quote::cquote("--reference")
                ),
                1,
            );
        }
        if io_blocks && size_arg.is_none() {
            return diag::usage(
                ctx,
                &SPEC,
                &format!(
                    "truncate: {} was specified but {} was not",
                    quote::cquote("--io-blocks"),
                    quote::cquote("--size")
                ),
                1,
            );
        }
        if reference.is_some() && size_arg.is_some() && op == Op::Set {
            return diag::usage(
                ctx,
                &SPEC,
                &format!(
                    "truncate: you must specify a relative {} with {}",
                    quote::cquote("--size"),
                    quote::cquote("--reference")
                ),
                1,
            );
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "truncate: missing file operand", 1);
        }
        let ref_size = match &reference {
            Some(r) => match ctx.backend().stat(&ctx.resolve_path(r)) {
                Ok(m) => Some(m.size),
                Err(e) => {
                    diag::err(
                        ctx,
                        "truncate",
                        &format!("cannot stat {}: {e}", quote::quote(r)),
                    );
                    return 1;
                }
            },
            None => None,
        };
        let mut status = 0;
        for f in &p.operands {
            if ctx.is_cancelled() {
                return 130;
            }
            let name = diag::lossy(f);
            let abs = ctx.resolve_path(&name);
            let cur = match ctx.backend().stat(&abs) {
                Ok(m) if m.is_dir() => {
                    diag::err(
                        ctx,
                        "truncate",
                        &format!(
                            "cannot open {} for writing: Is a directory",
                            quote::quote(&name)
                        ),
                    );
                    status = 1;
                    continue;
                }
                Ok(m) => Some(m.size),
                Err(VfsError::NotFound) if no_create => continue,
                Err(VfsError::NotFound) => None,
                Err(e) => {
                    status = cannot_open(ctx, &name, e);
                    continue;
                }
            };
            let base = ref_size.unwrap_or(cur.unwrap_or(0));
            let new = match op {
                Op::Set => amount,
                Op::Extend => base.saturating_add(amount),
                Op::Reduce => base.saturating_sub(amount),
                Op::AtMost => base.min(amount),
                Op::AtLeast => base.max(amount),
                Op::RoundDown => base / amount * amount,
                Op::RoundUp => base.div_ceil(amount).saturating_mul(amount),
            };
            let new = if size_arg.is_none() { base } else { new };
            if cur.is_none()
                && let Err(e) =
                    ctx.backend()
                        .write(&abs, b"", WriteMode::CreateNew, 0o666 & !ctx.umask())
            {
                status = cannot_open(ctx, &name, e);
                continue;
            }
            if cur == Some(new) {
                continue;
            }
            if let Err(e) = ctx.backend().truncate(&abs, new) {
                diag::err(
                    ctx,
                    "truncate",
                    &format!(
                        "failed to truncate {} at {new} bytes: {e}",
                        quote::quote(&name)
                    ),
                );
                status = 1;
            }
        }
        status
    }
}

/// GNU's message for a file truncate cannot open (or create); the status it leaves.
fn cannot_open(ctx: &mut dyn ToolCtx, name: &str, e: VfsError) -> ExitStatus {
    diag::err(
        ctx,
        "truncate",
        &format!("cannot open {} for writing: {e}", quote::quote(name)),
    );
    1
}

#[cfg(test)]
mod tests {
    use super::{Truncate, parse_num};
    use crate::common::testing::{TestCtx, run};

    fn size_after(args: &[&str]) -> (i32, Option<usize>, String) {
        let mut c = TestCtx::new().file("ten", b"0123456789");
        let s = run(&Truncate, args, &mut c);
        (s, c.read("ten").map(|d| d.len()), c.err_str())
    }

    #[test]
    fn arithmetic() {
        for (a, want) in [
            ("5", 5),
            ("+5", 15),
            ("-3", 7),
            ("-30", 0),
            ("<5", 5),
            ("<50", 10),
            (">50", 50),
            (">5", 10),
            ("/4", 8),
            ("%4", 12),
            ("1K", 1024),
            ("1KB", 1000),
            ("2k", 2048),
            (" 5", 5),
        ] {
            assert_eq!(
                size_after(&["-s", a, "ten"]),
                (0, Some(want), String::new()),
                "{a}"
            );
        }
        assert_eq!(size_after(&["-o", "-s", "2", "ten"]).1, Some(8192));
    }

    #[test]
    fn errors() {
        assert_eq!(
            size_after(&["-s", "%0", "ten"]).2,
            "truncate: division by zero\n"
        );
        assert_eq!(
            size_after(&["-s", "x", "ten"]).2,
            "truncate: Invalid number: \u{2018}x\u{2019}\n"
        );
        assert_eq!(size_after(&["-s", "+-5", "ten"]).0, 1);
        assert_eq!(size_after(&["-s", "5b", "ten"]).0, 1);
        let (s, _, e) = size_after(&["ten"]);
        assert_eq!(s, 1);
        assert!(e.starts_with("truncate: you must specify either \u{2018}--size\u{2019} or \u{2018}--reference\u{2019}\n"));
        let (s, _, e) = size_after(&["-s", "5", "-r", "ten", "ten"]);
        assert_eq!(s, 1);
        assert!(e.contains("relative"), "{e}");
        assert!(parse_num("1Z").is_err());
    }

    #[test]
    fn create_and_reference() {
        let mut c = TestCtx::new().file("ten", b"0123456789");
        assert_eq!(run(&Truncate, &["-r", "ten", "a"], &mut c), 0);
        assert_eq!(c.read("a"), Some(vec![0u8; 10]));
        assert_eq!(run(&Truncate, &["-r", "ten", "-s", "+2", "b"], &mut c), 0);
        assert_eq!(c.read("b").map(|d| d.len()), Some(12));
        assert_eq!(run(&Truncate, &["-c", "-s", "5", "nope"], &mut c), 0);
        assert!(!c.exists("nope"));
        assert_eq!(run(&Truncate, &["-s", "1", "/tmp"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "truncate: cannot open '/tmp' for writing: Is a directory\n"
        );
    }
}
