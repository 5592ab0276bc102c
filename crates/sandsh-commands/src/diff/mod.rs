//! `diff`: compare files line by line, as GNU diffutils 3.8 does.
//!
//! Lines are mapped to equivalence classes (after `-i`, `-b`, `-w` normalization), compared
//! with GNU's own algorithm ([`analyze`], so hunks match GNU's), and printed in the normal,
//! context (`-c`/`-C`) or unified (`-u`/`-U`) format. `-r` walks directories in name order.
//! Exit status: 0 same, 1 different, 2 trouble.
//!
//! This file holds the command and the state of one run; beside it are the options
//! ([`options`]), reading and normalizing lines ([`lines`]), the output formats ([`format`]),
//! comparing two files ([`files`]) and two directories ([`dirs`]).

mod analyze;
mod dirs;
mod files;
mod format;
mod lines;
mod options;

use sandsh_api::fs::FileType;
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::util;
use options::{Opts, parse, usage};

pub struct Diff;

static SPEC: CommandSpec = CommandSpec {
    name: "diff",
    group: "text",
    summary: "compare files line by line",
    usage: "diff [OPTION]... FILE1 FILE2",
    description: "Compare FILE1 and FILE2 line by line, as GNU diff does (the same minimal-change algorithm, so the same hunks). FILE may be - for standard input; when one operand is a directory, the file of the same name in it is used. Output formats: normal (default), context (-c, -C N) and unified (-u, -U N). -p names the enclosing function (the last line starting with a letter, $ or _) in each hunk header. Side-by-side (-y) and ed scripts (-e) are not supported.",
    options: &[
        OptSpec::new("-q, --brief", "report only when files differ"),
        OptSpec::new(
            "-s, --report-identical-files",
            "report when two files are the same",
        ),
        OptSpec::new("-c", "output 3 lines of copied context"),
        OptSpec::new(
            "-C, --context=NUM",
            "output NUM (default 3) lines of copied context",
        ),
        OptSpec::new("-u", "output 3 lines of unified context"),
        OptSpec::new(
            "-p, --show-c-function",
            "show which C function each change is in",
        ),
        OptSpec::new(
            "-U, --unified=NUM",
            "output NUM (default 3) lines of unified context",
        ),
        OptSpec::new("--normal", "output a normal diff (the default)"),
        OptSpec::new(
            "-r, --recursive",
            "recursively compare any subdirectories found",
        ),
        OptSpec::new("-N, --new-file", "treat absent files as empty"),
        OptSpec::new(
            "-i, --ignore-case",
            "ignore case differences in file contents",
        ),
        OptSpec::new(
            "-b, --ignore-space-change",
            "ignore changes in the amount of white space",
        ),
        OptSpec::new("-w, --ignore-all-space", "ignore all white space"),
        OptSpec::new(
            "-B, --ignore-blank-lines",
            "ignore changes where lines are all blank",
        ),
        OptSpec::new("-a, --text", "treat all files as text"),
        OptSpec::new("-d, --minimal", "try hard to find a smaller set of changes"),
        OptSpec::new(
            "--strip-trailing-cr",
            "strip trailing carriage return on input",
        ),
        OptSpec::new(
            "--label=LABEL",
            "use LABEL instead of file name and timestamp (can be repeated)",
        ),
        OptSpec::new("--color=WHEN", "accepted; output is never colored"),
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first file or directory"),
        ArgSpec::required("FILE2", ArgType::Path, "second file or directory"),
    ],
    returns: "the differences in the chosen format",
    examples: &[
        Example {
            description: "normal format",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff x y",
            stdout: "2c2\n< b\n---\n> c\n",
        },
        Example {
            description: "unified with labels",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff -u --label old --label new x y",
            stdout: "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
        },
        Example {
            description: "just say whether they differ",
            script: "echo 1 > x; echo 2 > y; diff -q x y",
            stdout: "Files x and y differ\n",
        },
    ],
    errors: "exit 0 when the inputs are the same, 1 when they differ, 2 on trouble (missing file, bad option)",
    risk: RiskLevel::ReadOnly,
};

struct Run<'a> {
    o: &'a Opts,
    status: i32,
}

impl Command for Diff {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (o, ops) = match parse(args, ctx) {
            Ok(x) => x,
            Err(s) => return s,
        };
        match ops.len() {
            0 => return usage(ctx, "missing operand after 'diff'"),
            1 => {
                return usage(
                    ctx,
                    &format!("missing operand after {}", util::quote(&ops[0])),
                );
            }
            2 => {}
            _ => return usage(ctx, &format!("extra operand {}", util::quote(&ops[2]))),
        }
        let mut run = Run { o: &o, status: 0 };
        let (mut n0, mut n1) = (ops[0].clone(), ops[1].clone());
        let (k0, k1) = (Run::kind(ctx, &n0), Run::kind(ctx, &n1));
        let missing = |ctx: &mut dyn ToolCtx, n: &str| {
            util::err(ctx, "diff", &format!("{n}: No such file or directory"));
            2
        };
        let mut absent = [false, false];
        match (k0, k1) {
            (None, None) => {
                let s = missing(ctx, &n0);
                return s.max(missing(ctx, &n1));
            }
            (None, _) if !o.new_file => return missing(ctx, &n0),
            (_, None) if !o.new_file => return missing(ctx, &n1),
            (None, _) => absent[0] = true,
            (_, None) => absent[1] = true,
            _ => {}
        }
        let d0 = k0 == Some(FileType::Dir);
        let d1 = k1 == Some(FileType::Dir);
        let r = if d0 && d1 {
            run.dirs(ctx, &n0, &n1, 0)
        } else {
            if d0 && !absent[1] {
                n0 = util::join_name(&n0, &util::lossy(util::base_name(n1.as_bytes())));
                if Run::kind(ctx, &n0).is_none() {
                    return missing(ctx, &n0);
                }
            } else if d1 && !absent[0] {
                n1 = util::join_name(&n1, &util::lossy(util::base_name(n0.as_bytes())));
                if Run::kind(ctx, &n1).is_none() {
                    return missing(ctx, &n1);
                }
            }
            run.files(ctx, &n0, &n1, absent, None)
        };
        run.status = r.unwrap_or(130);
        run.status
    }
}
