//! `diff`: compare files line by line, as GNU diffutils 3.8 does.
//!
//! Lines are mapped to equivalence classes (after `-i`, `-b`, `-w` normalization), compared
//! with GNU's own algorithm ([`analyze`], so hunks match GNU's), and printed in the normal,
//! context (`-c`/`-C`), unified (`-u`/`-U`) or side-by-side (`-y`, [`side`]) format. `-r` walks directories in name order.
//! Exit status: 0 same, 1 different, 2 trouble.
//!
//! This file holds the command and the state of one run; beside it are the options
//! ([`options`]), reading and normalizing lines ([`lines`]), the output formats ([`format`]),
//! comparing two files ([`files`]) and two directories ([`dirs`]).

mod analyze;
mod dirs;
mod files;
mod format;
mod formats;
mod lines;
mod options;
mod side;
mod spec;

use sandsh_api::fs::FileType;
use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use crate::common::{diag, paths, quote};
use options::{Opts, parse, usage};

use spec::SPEC;

pub struct Diff;

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
                    &format!("missing operand after {}", quote::quote(&ops[0])),
                );
            }
            2 => {}
            _ => return usage(ctx, &format!("extra operand {}", quote::quote(&ops[2]))),
        }
        let mut run = Run { o: &o, status: 0 };
        let (mut n0, mut n1) = (ops[0].clone(), ops[1].clone());
        let (k0, k1) = (Run::kind(ctx, &n0), Run::kind(ctx, &n1));
        let missing = |ctx: &mut dyn ToolCtx, n: &str| {
            diag::err(ctx, "diff", &format!("{n}: No such file or directory"));
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
                n0 = paths::join_name(&n0, &diag::lossy(paths::base_name(n1.as_bytes())));
                if Run::kind(ctx, &n0).is_none() {
                    return missing(ctx, &n0);
                }
            } else if d1 && !absent[0] {
                n1 = paths::join_name(&n1, &diag::lossy(paths::base_name(n0.as_bytes())));
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
