//! `strings`: print the sequences of printable characters in files, as GNU binutils' strings
//! does on non-object files (the whole file is scanned).
//!
//! Streams in chunks: a run of printable bytes is held only until it reaches the minimum
//! length, then written as it continues, so memory stays bounded whatever the input.

use std::borrow::Cow;

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input;
use crate::common::obsolete;
use crate::common::output;

pub struct Strings;

static SPEC: CommandSpec = CommandSpec {
    name: "strings",
    group: "text",
    summary: "print the sequences of printable characters in files",
    usage: "strings [option(s)] [file(s)]",
    description: "Display printable strings in [file(s)] (stdin by default): runs of at least 4 (or -n) printable ASCII characters or tabs. `-NUM` is accepted as `-n NUM`. Only the 7-bit (s) and 8-bit (S) encodings are supported.",
    options: &[
        OptSpec::new("-a, --all", "scan the entire file (the default)"),
        OptSpec::new(
            "-d, --data",
            "only scan the data sections (the whole file here: no object formats are parsed)",
        ),
        OptSpec::new(
            "-f, --print-file-name",
            "print the name of the file before each string",
        ),
        OptSpec::new(
            "-n, --bytes=NUMBER",
            "locate and print any sequence of at least NUMBER characters (default 4)",
        ),
        OptSpec::new(
            "-t, --radix=RADIX",
            "print the location of the string in base 8, 10 or 16 (o, d, x)",
        ),
        OptSpec::new("-o", "an alias for --radix=o"),
        OptSpec::new(
            "-w, --include-all-whitespace",
            "include all whitespace as valid string characters",
        ),
        OptSpec::new(
            "-e, --encoding=s|S",
            "character size and endianness: s = 7-bit, S = 8-bit (others not supported)",
        ),
        OptSpec::new(
            "-s, --output-separator=STRING",
            "string used to separate strings in output",
        ),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "files to scan (stdin when none)").repeated(),
    ],
    returns: "one printable string per line",
    examples: &[Example {
        description: "strings in binary data",
        script: "printf 'ab\\0hello\\1world!\\n' | strings",
        stdout: "hello\nworld!\n",
    }],
    errors: "exit 1 on a bad option value or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

struct Cfg {
    min: usize,
    radix: Option<u8>,
    file_name: bool,
    whitespace: bool,
    eight_bit: bool,
    sep: Vec<u8>,
}

fn printable(c: u8, cfg: &Cfg) -> bool {
    c == b'\t'
        || (0x20..0x7f).contains(&c)
        || (cfg.eight_bit && c > 127)
        || (cfg.whitespace && matches!(c, b'\n' | b'\r' | 11 | 12))
}

impl ParsedCommand for Strings {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let args = obsolete::number_option(args, b"-n");
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str| diag::fail(ctx, "strings", m);
        let mut cfg = Cfg {
            min: 4,
            radix: None,
            file_name: p.has(opt!(SPEC, "f")),
            whitespace: p.has(opt!(SPEC, "w")),
            eight_bit: false,
            sep: p
                .value(opt!(SPEC, "s"))
                .cloned()
                .unwrap_or_else(|| b"\n".to_vec()),
        };
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            let val = v.as_deref().map(diag::lossy).unwrap_or_default();
            match o.short {
                Some('n') => match val.parse::<i64>() {
                    Ok(n) if n >= 1 => cfg.min = n as usize,
                    Ok(n) => return fail(ctx, &format!("invalid minimum string length {n}")),
                    Err(_) => return fail(ctx, &format!("invalid integer argument {val}")),
                },
                Some('t') => match val.as_str() {
                    "o" | "d" | "x" => cfg.radix = Some(val.as_bytes()[0]),
                    _ => return fail(ctx, &format!("invalid radix: {val}")),
                },
                Some('o') => cfg.radix = Some(b'o'),
                Some('e') => match val.as_str() {
                    "s" => cfg.eight_bit = false,
                    "S" => cfg.eight_bit = true,
                    "b" | "l" | "B" | "L" => {
                        return fail(ctx, &format!("encoding '{val}' is not supported in sandsh"));
                    }
                    _ => return fail(ctx, &format!("invalid encoding: {val}")),
                },
                _ => {}
            }
        }
        let files = if p.operands.is_empty() {
            vec![b"-".to_vec()]
        } else {
            p.operands.clone()
        };
        let mut status = 0;
        for f in &files {
            let name = if f == b"-" {
                "{standard input}".to_string()
            } else {
                diag::lossy(f)
            };
            let mut src = match input::open_source(ctx, f) {
                Ok(s) => s,
                Err(e) => {
                    let m = if e.kind() == std::io::ErrorKind::IsADirectory {
                        format!("Warning: '{name}' is a directory")
                    } else {
                        format!("'{name}': No such file")
                    };
                    diag::err(ctx, "strings", &m);
                    status = 1;
                    continue;
                }
            };
            match scan(ctx, &mut src, &cfg, &name) {
                Ok(()) => {}
                Err(s) => return s,
            }
        }
        status
    }
}

fn scan(ctx: &mut dyn ToolCtx, src: &mut input::Source, cfg: &Cfg, name: &str) -> Result<(), i32> {
    let mut buf = vec![0u8; input::CHUNK];
    let mut out = Vec::new();
    let mut run: Vec<u8> = Vec::new();
    let mut run_start = 0u64;
    let mut printing = false;
    let mut offset = 0u64;
    loop {
        if ctx.is_cancelled() {
            return Err(130);
        }
        let n = match input::read_chunk(ctx, src, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                diag::err(ctx, "strings", &format!("{name}: {}", diag::io_msg(&e)));
                return Err(1);
            }
        };
        for &c in &buf[..n] {
            if printable(c, cfg) {
                if printing {
                    out.push(c);
                } else {
                    if run.is_empty() {
                        run_start = offset;
                    }
                    run.push(c);
                    if run.len() >= cfg.min {
                        if cfg.file_name {
                            out.extend_from_slice(name.as_bytes());
                            out.extend_from_slice(b": ");
                        }
                        match cfg.radix {
                            Some(b'o') => {
                                out.extend_from_slice(format!("{run_start:7o} ").as_bytes())
                            }
                            Some(b'd') => {
                                out.extend_from_slice(format!("{run_start:7} ").as_bytes())
                            }
                            Some(_) => out.extend_from_slice(format!("{run_start:7x} ").as_bytes()),
                            None => {}
                        }
                        out.append(&mut run);
                        printing = true;
                    }
                }
            } else {
                if printing {
                    out.extend_from_slice(&cfg.sep);
                    printing = false;
                }
                run.clear();
            }
            offset += 1;
        }
        if out.len() >= input::CHUNK {
            if !output::out(ctx, &out) {
                return Err(1);
            }
            out.clear();
        }
    }
    if printing {
        out.extend_from_slice(&cfg.sep);
    }
    if !output::out(ctx, &out) {
        return Err(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Strings;
    use crate::common::testing::run_in;

    #[test]
    fn finds_strings() {
        assert_eq!(
            run_in(&Strings, &[], "abc\0defgh\tij\u{1}klmnop\nqrst").1,
            "defgh\tij\nklmnop\nqrst\n"
        );
        assert_eq!(
            run_in(&Strings, &["-t", "x", "-n", "5"], "abcdefgh\0\0\0ijklmnop").1,
            "      0 abcdefgh\n      b ijklmnop\n"
        );
        assert_eq!(run_in(&Strings, &["-2"], "ab\0c").1, "ab\n");
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Strings, &["-n", "0"], "");
        assert_eq!(
            (s, e.as_str()),
            (1, "strings: invalid minimum string length 0\n")
        );
        let (s, _, e) = run_in(&Strings, &["nope"], "");
        assert_eq!((s, e.as_str()), (1, "strings: 'nope': No such file\n"));
    }
}
