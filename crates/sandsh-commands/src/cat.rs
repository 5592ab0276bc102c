//! `cat`: concatenate files to standard output.

use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::FILES;

use crate::common::input;
use crate::common::output;

pub struct Cat;

static SPEC: CommandSpec = CommandSpec {
    name: "cat",
    group: "fs",
    summary: "concatenate files and print on the standard output",
    usage: "cat [OPTION]... [FILE]...",
    description: "Concatenate FILE(s) to standard output. With no FILE, or when FILE is -, read standard input.",
    options: &[
        OptSpec::new("-A, --show-all", "equivalent to -vET"),
        OptSpec::new(
            "-b, --number-nonblank",
            "number nonempty output lines, overrides -n",
        ),
        OptSpec::new("-e", "equivalent to -vE"),
        OptSpec::new("-E, --show-ends", "display $ at end of each line"),
        OptSpec::new("-n, --number", "number all output lines"),
        OptSpec::new(
            "-s, --squeeze-blank",
            "suppress repeated empty output lines",
        ),
        OptSpec::new("-t", "equivalent to -vT"),
        OptSpec::new("-T, --show-tabs", "display TAB characters as ^I"),
        OptSpec::new("-u", "(ignored)"),
        OptSpec::new(
            "-v, --show-nonprinting",
            "use ^ and M- notation, except for LFD and TAB",
        ),
    ],
    operands: &[FILES],
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
            let numbered = if f.nonblank { c != b'\n' } else { f.number };
            if numbered {
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

impl ParsedCommand for Cat {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
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
        let mut st = State {
            line: 0,
            at_start: true,
            blank_run: 0,
        };
        // Large reads: the plain path is a copy loop whose cost is per call.
        let mut buf = input::ChunkBuf::new(256 * 1024);
        let operands = if p.operands.is_empty() {
            vec![b"-".to_vec()]
        } else {
            p.operands
        };
        let mut status = 0;
        for op in operands {
            if is_output_file(ctx, &op) {
                let name = String::from_utf8_lossy(&op);
                crate::common::diag::err(ctx, "cat", &format!("{name}: input file is output file"));
                status = 1;
                continue;
            }
            let mut gone = false;
            let s = input::for_each_chunk_of(ctx, "cat", vec![op], &mut buf, |ctx, chunk| {
                let r = if f.plain() {
                    output::write(ctx, chunk)
                } else {
                    let mut out = Vec::with_capacity(chunk.len() + chunk.len() / 4);
                    format_chunk(&f, &mut st, chunk, &mut out);
                    output::write(ctx, &out)
                };
                gone |= r.is_err();
                r
            });
            // The reader is gone or the run was cancelled: no operand follows.
            if gone || ctx.is_cancelled() {
                return s;
            }
            status = status.max(s);
        }
        status
    }
}

/// GNU cat's guard against copying a file into itself forever: the operand is the regular
/// file standard output writes to, and not empty (`cat f > f` truncated it first, `cat f >> f`
/// did not).
fn is_output_file(ctx: &mut dyn ToolCtx, op: &[u8]) -> bool {
    let Some(out) = ctx.stdout_path() else {
        return false;
    };
    let input = if op == b"-" {
        match ctx.stdin_path() {
            Some(p) => p,
            None => return false,
        }
    } else {
        ctx.resolve_path(&String::from_utf8_lossy(op))
    };
    let be = ctx.backend();
    match (be.stat(&out), be.stat(&input)) {
        (Ok(o), Ok(i)) => {
            o.is_file() && i.is_file() && o.ino == i.ino && o.mtime == i.mtime && i.size > 0
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::Cat;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn formats_and_errors() {
        assert_eq!(
            run_in(&Cat, &["-n"], "a\n\nb\n").1,
            "     1\ta\n     2\t\n     3\tb\n"
        );
        assert_eq!(
            run_in(&Cat, &["-b"], "a\n\nb\n").1,
            "     1\ta\n\n     2\tb\n"
        );
        assert_eq!(run_in(&Cat, &["-s"], "a\n\n\n\nb\n").1, "a\n\nb\n");
        assert_eq!(run_in(&Cat, &["-A"], "a\tb\x01\n").1, "a^Ib^A$\n");
        let mut ctx = TestCtx::new().with_stdin(b"in\n").file("f", b"file\n");
        assert_eq!(run(&Cat, &["f", "-", "nope", "/tmp"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "file\nin\n");
        assert_eq!(
            ctx.err_str(),
            "cat: nope: No such file or directory\ncat: /tmp: Is a directory\n"
        );
    }
}
