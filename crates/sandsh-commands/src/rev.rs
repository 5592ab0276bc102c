//! `rev`: reverse lines characterwise, as util-linux `rev` does in a UTF-8 locale.
//!
//! Lines stream one at a time. As util-linux reads wide characters, a line holding an invalid
//! UTF-8 sequence stops that file with "Invalid or incomplete multibyte or wide character"
//! (naming the number of lines already done), and a NUL byte ends the line's text (the rest of
//! that line is dropped, with no newline), exactly as the C implementation behaves.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input::{self, Halt};
use crate::common::output;

pub struct Rev;

static SPEC: CommandSpec = CommandSpec {
    name: "rev",
    group: "text",
    summary: "reverse lines characterwise",
    usage: "rev [options] [file ...]",
    description: "Reverse the order of the characters in every line of each FILE (standard input when there is none) and print the result.",
    options: &[OptSpec::new("-0, --zero", "zero-terminated lines")],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files to read").repeated()],
    returns: "each line with its characters reversed",
    examples: &[Example {
        description: "reverse a word",
        script: "echo héllo | rev",
        stdout: "olléh\n",
    }],
    errors: "exit 1 when a file cannot be opened or holds invalid UTF-8",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Rev {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let eol = if p.has(opt!(SPEC, "0")) { 0 } else { b'\n' };
        let stdin_only = p.operands.is_empty();
        let files = input::files_or_stdin(p.operands);
        let mut status = 0;
        let mut out = Vec::new();
        for f in &files {
            let name = if stdin_only {
                "stdin".to_string()
            } else {
                diag::lossy(f)
            };
            let mut src = if stdin_only {
                input::Source::Stdin
            } else {
                match input::open(ctx, f) {
                    Ok(s) if f.as_slice() != b"-" => s,
                    Ok(_) | Err(_) => {
                        let m = if input::is_dir(ctx, &name) {
                            "Is a directory".to_string()
                        } else {
                            "No such file or directory".to_string()
                        };
                        diag::err(ctx, "rev", &format!("cannot open {name}: {m}"));
                        status = 1;
                        continue;
                    }
                }
            };
            let mut n = 0usize;
            let mut acc = String::new();
            let read = input::for_each_record(ctx, &mut src, eol, |ctx, line| {
                let (body, had_eol) = match line.strip_suffix(&[eol]) {
                    Some(b) => (b, true),
                    None => (line, false),
                };
                let Ok(text) = std::str::from_utf8(body) else {
                    if !output::out(ctx, &out) {
                        return Err(Halt::Exit(1));
                    }
                    out.clear();
                    diag::err(
                        ctx,
                        "rev",
                        &format!("{name}: {n}: Invalid or incomplete multibyte or wide character"),
                    );
                    return Err(Halt::Skip);
                };
                // A NUL ends the line's text; like util-linux, the line then continues with
                // the next one read.
                if eol != 0
                    && let Some(z) = text.find('\0')
                {
                    acc.push_str(&text[..z]);
                    return Ok(());
                }
                if acc.is_empty() {
                    push_reversed(text, &mut out);
                } else {
                    acc.push_str(text);
                    push_reversed(&acc, &mut out);
                    acc.clear();
                }
                if had_eol {
                    out.push(eol);
                }
                n += 1;
                output::flush_when_full(ctx, &mut out).map_err(Halt::Exit)
            });
            match read {
                Ok(()) => push_reversed(&acc, &mut out),
                Err(Halt::Read(_)) if ctx.is_cancelled() => return 130,
                Err(Halt::Read(e)) => {
                    diag::err(ctx, "rev", &format!("{name}: {}", diag::io_msg(&e)));
                    status = 1;
                }
                Err(Halt::Skip) => status = 1,
                Err(Halt::Exit(s)) => return s,
            }
        }
        output::finish(ctx, &out, Ok(status))
    }
}

/// Appends `text` with its characters in reverse order.
fn push_reversed(text: &str, out: &mut Vec<u8>) {
    if text.is_ascii() {
        out.extend(text.as_bytes().iter().rev());
        return;
    }
    out.reserve(text.len());
    for c in text.chars().rev() {
        let mut b = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::Rev;
    use crate::common::testing::run_in;

    #[test]
    fn reverses() {
        assert_eq!(run_in(&Rev, &[], "abc\nhé\n").1, "cba\néh\n");
        assert_eq!(run_in(&Rev, &[], "ab\ncd").1, "ba\ndc");
        assert_eq!(run_in(&Rev, &[], "a\r\n").1, "\ra\n");
        assert_eq!(run_in(&Rev, &[], "ab\0cd\nx\n").1, "xba\n");
    }

    #[test]
    fn invalid_utf8() {
        let (s, o, e) = run_in(&Rev, &[], "ab\nc\u{0}d\n");
        assert_eq!((s, o.as_str(), e.as_str()), (0, "ba\nc", ""));
        let mut ctx = crate::common::testing::TestCtx::new().with_stdin(b"ab\nx\xffy\n");
        let s = crate::common::testing::run(&Rev, &[], &mut ctx);
        assert_eq!(s, 1);
        assert_eq!(ctx.out_str(), "ba\n");
        assert_eq!(
            ctx.err_str(),
            "rev: stdin: 1: Invalid or incomplete multibyte or wide character\n"
        );
    }
}
