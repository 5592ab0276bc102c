//! `cat`: concatenate files to standard output.

use std::io::Read;

use crate::api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::util;

pub struct Cat;

static SPEC: CommandSpec = CommandSpec {
    name: "cat",
    group: "fs",
    summary: "concatenate files and print on the standard output",
    usage: "cat [OPTION]... [FILE]...",
    description: "Concatenate FILE(s) to standard output. With no FILE, or when FILE is -, read standard input.",
    options: &[
        OptSpec {
            short: Some('A'),
            long: Some("show-all"),
            value: None,
            help: "equivalent to -vET",
        },
        OptSpec {
            short: Some('b'),
            long: Some("number-nonblank"),
            value: None,
            help: "number nonempty output lines, overrides -n",
        },
        OptSpec {
            short: Some('e'),
            long: None,
            value: None,
            help: "equivalent to -vE",
        },
        OptSpec {
            short: Some('E'),
            long: Some("show-ends"),
            value: None,
            help: "display $ at end of each line",
        },
        OptSpec {
            short: Some('n'),
            long: Some("number"),
            value: None,
            help: "number all output lines",
        },
        OptSpec {
            short: Some('s'),
            long: Some("squeeze-blank"),
            value: None,
            help: "suppress repeated empty output lines",
        },
        OptSpec {
            short: Some('t'),
            long: None,
            value: None,
            help: "equivalent to -vT",
        },
        OptSpec {
            short: Some('T'),
            long: Some("show-tabs"),
            value: None,
            help: "display TAB characters as ^I",
        },
        OptSpec {
            short: Some('u'),
            long: None,
            value: None,
            help: "(ignored)",
        },
        OptSpec {
            short: Some('v'),
            long: Some("show-nonprinting"),
            value: None,
            help: "use ^ and M- notation, except for LFD and TAB",
        },
    ],
    operands: &[ArgSpec {
        name: "FILE",
        kind: ArgType::Path,
        description: "files to read (- for stdin)",
        required: false,
        repeated: true,
    }],
    returns: "the concatenated contents",
    examples: &[
        Example {
            description: "copy stdin",
            script: "echo hi | cat",
            stdout: "hi\n",
        },
        Example {
            description: "number lines",
            script: "printf 'a\\nb\\n' | cat -n",
            stdout: "     1\ta\n     2\tb\n",
        },
    ],
    errors: "exit 1 when a file cannot be read (the others are still printed)",
    risk: RiskLevel::ReadOnly,
};

#[derive(Default)]
struct Fmt {
    number: bool,
    nonblank: bool,
    ends: bool,
    squeeze: bool,
    tabs: bool,
    nonprinting: bool,
}

impl Fmt {
    fn plain(&self) -> bool {
        !(self.number
            || self.nonblank
            || self.ends
            || self.squeeze
            || self.tabs
            || self.nonprinting)
    }
}

struct State {
    line: u64,
    at_start: bool,
    blank_run: u32,
}

fn format_chunk(f: &Fmt, st: &mut State, data: &[u8], out: &mut Vec<u8>) {
    for &c in data {
        if st.at_start {
            if c == b'\n' {
                st.blank_run += 1;
                if f.squeeze && st.blank_run > 1 {
                    continue;
                }
            } else {
                st.blank_run = 0;
            }
            if f.number && !(f.nonblank && c == b'\n') {
                st.line += 1;
                out.extend_from_slice(format!("{:>6}\t", st.line).as_bytes());
            } else if f.nonblank && c != b'\n' {
                st.line += 1;
                out.extend_from_slice(format!("{:>6}\t", st.line).as_bytes());
            }
            st.at_start = false;
        }
        match c {
            b'\n' => {
                if f.ends {
                    out.push(b'$');
                }
                out.push(b'\n');
                st.at_start = true;
            }
            b'\t' if f.tabs => out.extend_from_slice(b"^I"),
            b'\t' => out.push(b'\t'),
            _ if f.nonprinting => {
                let mut c = c;
                if c >= 128 {
                    out.extend_from_slice(b"M-");
                    c -= 128;
                }
                if c < 32 {
                    out.push(b'^');
                    out.push(c + 64);
                } else if c == 127 {
                    out.extend_from_slice(b"^?");
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
}

impl Command for Cat {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match util::parse_or_usage(&SPEC, args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        let mut f = Fmt::default();
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('A') => {
                    f.nonprinting = true;
                    f.ends = true;
                    f.tabs = true;
                }
                Some('b') => f.nonblank = true,
                Some('e') => {
                    f.nonprinting = true;
                    f.ends = true;
                }
                Some('E') => f.ends = true,
                Some('n') => f.number = true,
                Some('s') => f.squeeze = true,
                Some('t') => {
                    f.nonprinting = true;
                    f.tabs = true;
                }
                Some('T') => f.tabs = true,
                Some('v') => f.nonprinting = true,
                _ => {}
            }
        }
        if f.nonblank {
            f.number = false;
        }
        let files: Vec<Arg> = if p.operands.is_empty() {
            vec![b"-".to_vec()]
        } else {
            p.operands
        };
        let mut status = 0;
        let mut st = State {
            line: 0,
            at_start: true,
            blank_run: 0,
        };
        let mut buf = vec![0u8; 64 * 1024];
        for file in files {
            let mut reader: Box<dyn Read + Send> = if file == b"-" {
                Box::new(StdinProxy)
            } else {
                let path = String::from_utf8_lossy(&file).into_owned();
                if ctx
                    .backend()
                    .stat(&ctx.resolve_path(&path))
                    .is_ok_and(|m| m.is_dir())
                {
                    util::err(ctx, "cat", &format!("{path}: Is a directory"));
                    status = 1;
                    continue;
                }
                match ctx.open_read(&path) {
                    Ok(r) => r,
                    Err(e) => {
                        util::err(ctx, "cat", &format!("{path}: {}", util::io_msg(&e)));
                        status = 1;
                        continue;
                    }
                }
            };
            loop {
                if ctx.is_cancelled() {
                    return 130;
                }
                let n = if file == b"-" {
                    match ctx.stdin().read(&mut buf) {
                        Ok(n) => n,
                        Err(_) => 0,
                    }
                } else {
                    match reader.read(&mut buf) {
                        Ok(n) => n,
                        Err(e) => {
                            util::err(ctx, "cat", &util::io_msg(&e));
                            status = 1;
                            0
                        }
                    }
                };
                if n == 0 {
                    break;
                }
                let r = if f.plain() {
                    ctx.stdout().write_all(&buf[..n])
                } else {
                    let mut out = Vec::with_capacity(n + n / 4);
                    format_chunk(&f, &mut st, &buf[..n], &mut out);
                    ctx.stdout().write_all(&out)
                };
                if r.is_err() {
                    return 1;
                }
            }
            let _ = &mut reader;
        }
        status
    }
}

/// Placeholder reader for stdin operands (stdin is read through the context directly).
struct StdinProxy;

impl Read for StdinProxy {
    fn read(&mut self, _buf: &mut [u8]) -> std::io::Result<usize> {
        Ok(0)
    }
}
