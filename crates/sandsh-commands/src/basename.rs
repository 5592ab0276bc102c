//! `basename` and `dirname`: strip directory or file name parts, purely textually.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::paths::dir_name;
use crate::common::{diag, output, paths, quote};

pub struct Basename;
pub struct Dirname;

static BASENAME: CommandSpec = CommandSpec {
    name: "basename",
    group: "fs",
    summary: "strip directory and suffix from filenames",
    usage: "basename NAME [SUFFIX]\n  or:  basename OPTION... NAME...",
    description: "Print NAME with any leading directory components removed. If specified, also remove a trailing SUFFIX (unless it is the whole name).",
    options: &[
        OptSpec::new(
            "-a, --multiple",
            "support multiple arguments and treat each as a NAME",
        ),
        OptSpec::new(
            "-s, --suffix=SUFFIX",
            "remove a trailing SUFFIX; implies -a",
        ),
        OptSpec::new("-z, --zero", "end each output line with NUL, not newline"),
    ],
    operands: &[
        ArgSpec::required("NAME", ArgType::Path, "the path").repeated(),
        ArgSpec::optional("SUFFIX", ArgType::String, "suffix to remove"),
    ],
    returns: "the last component of each NAME",
    examples: &[
        Example {
            description: "file name",
            script: "basename /usr/lib/libc.so .so",
            stdout: "libc\n",
        },
        Example {
            description: "several names",
            script: "basename -a /a/b /c/",
            stdout: "b\nc\n",
        },
    ],
    errors: "exit 1 on a missing or extra operand",
    risk: RiskLevel::ReadOnly,
};

static DIRNAME: CommandSpec = CommandSpec {
    name: "dirname",
    group: "fs",
    summary: "strip last component from file name",
    usage: "dirname [OPTION] NAME...",
    description: "Output each NAME with its last non-slash component and trailing slashes removed; if NAME contains no /'s, output '.' (meaning the current directory).",
    options: &[OptSpec::new(
        "-z, --zero",
        "end each output line with NUL, not newline",
    )],
    operands: &[ArgSpec::required("NAME", ArgType::Path, "paths").repeated()],
    returns: "the directory part of each NAME",
    examples: &[Example {
        description: "directory part",
        script: "dirname /usr/bin/ls dir/ file",
        stdout: "/usr/bin\n.\n.\n",
    }],
    errors: "exit 1 on a missing operand",
    risk: RiskLevel::ReadOnly,
};

fn base(name: &[u8], suffix: Option<&[u8]>) -> Vec<u8> {
    let b = paths::base_name(name).to_vec();
    match suffix {
        Some(s) if !s.is_empty() && b.len() > s.len() && b.ends_with(s) => {
            b[..b.len() - s.len()].to_vec()
        }
        _ => b,
    }
}

impl ParsedCommand for Basename {
    fn spec(&self) -> &CommandSpec {
        &BASENAME
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let eol = if p.has(opt!(BASENAME, "z")) { 0 } else { b'\n' };
        let suffix = p.value(opt!(BASENAME, "s")).cloned();
        let multiple = p.has(opt!(BASENAME, "a")) || suffix.is_some();
        if p.operands.is_empty() {
            return diag::usage(ctx, &BASENAME, "basename: missing operand", 1);
        }
        let mut out = Vec::new();
        if multiple {
            for n in &p.operands {
                out.extend(base(n, suffix.as_deref()));
                out.push(eol);
            }
        } else {
            if p.operands.len() > 2 {
                let m = format!(
                    "basename: extra operand {}",
                    quote::quote(&diag::lossy(&p.operands[2]))
                );
                return diag::usage(ctx, &BASENAME, &m, 1);
            }
            out.extend(base(
                &p.operands[0],
                p.operands.get(1).map(|v| v.as_slice()),
            ));
            out.push(eol);
        }
        if output::out(ctx, &out) { 0 } else { 1 }
    }
}

impl ParsedCommand for Dirname {
    fn spec(&self) -> &CommandSpec {
        &DIRNAME
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.operands.is_empty() {
            return diag::usage(ctx, &DIRNAME, "dirname: missing operand", 1);
        }
        let eol = if p.has(opt!(DIRNAME, "z")) { 0 } else { b'\n' };
        let mut out = Vec::new();
        for n in &p.operands {
            out.extend(dir_name(n));
            out.push(eol);
        }
        if output::out(ctx, &out) { 0 } else { 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::{Basename, Dirname};
    use crate::common::testing::run_in;

    #[test]
    fn names() {
        assert_eq!(run_in(&Basename, &["/a/b/c.txt", ".txt"], "").1, "c\n");
        assert_eq!(run_in(&Basename, &[".txt", ".txt"], "").1, ".txt\n");
        assert_eq!(run_in(&Basename, &["/"], "").1, "/\n");
        assert_eq!(
            run_in(&Basename, &["-s", ".c", "a.c", "b/d.c"], "").1,
            "a\nd\n"
        );
        assert_eq!(
            run_in(&Dirname, &["/a/b/c", "a//b/", "x", "/", "//x"], "").1,
            "/a/b\na\n.\n/\n/\n"
        );
        assert_eq!(run_in(&Basename, &[], "").0, 1);
    }
}
