//! `nproc`: the number of processing units available to the sandbox.
//!
//! A sandbox does not expose the host's CPUs. It reports `$OMP_NUM_THREADS` when set (GNU's
//! nproc honours it too, capped by `$OMP_THREAD_LIMIT`), else 1: scripts size their
//! parallelism (`make -j$(nproc)`) by it, and one is the safe answer.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx};

use crate::common::{diag, output, quote};

pub struct Nproc;

static SPEC: CommandSpec = CommandSpec {
    name: "nproc",
    group: "sys",
    summary: "print the number of processing units available",
    usage: "nproc [OPTION]...",
    description: "Print the number of processing units available to the sandbox: $OMP_NUM_THREADS when set (capped by $OMP_THREAD_LIMIT), else 1. The host's processors are never reported.",
    options: &[
        OptSpec::new("--all", "print the number of installed processors"),
        OptSpec::new("--ignore=N", "if possible, exclude N processing units"),
    ],
    operands: &[],
    returns: "a positive number",
    examples: &[Example {
        description: "processors",
        script: "nproc",
        stdout: "1\n",
    }],
    errors: "exit 1 for an invalid --ignore or an operand",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Nproc {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let ignore = match p.value(opt!(SPEC, "ignore")) {
            Some(v) => match diag::lossy(v).trim().parse::<u64>() {
                Ok(n) => n,
                Err(_) => {
                    diag::err(
                        ctx,
                        "nproc",
                        &format!("invalid number: {}", quote::cquote(&diag::lossy(v))),
                    );
                    return 1;
                }
            },
            None => 0,
        };
        let var = |n: &str| {
            ctx.var(n)
                .and_then(|v| {
                    v.to_string_lossy()
                        .split(',')
                        .next()
                        .and_then(|s| s.trim().parse::<u64>().ok())
                })
                .filter(|n| *n > 0)
        };
        let mut n = if p.has(opt!(SPEC, "all")) {
            1
        } else {
            var("OMP_NUM_THREADS").unwrap_or(1)
        };
        if let Some(limit) = var("OMP_THREAD_LIMIT") {
            n = n.min(limit);
        }
        let n = n.saturating_sub(ignore).max(1);
        output::emit(ctx, format!("{n}\n").as_bytes(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Nproc;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn counts() {
        let mut c = TestCtx::new();
        assert_eq!(run(&Nproc, &[], &mut c), 0);
        c.env.push(("OMP_NUM_THREADS".into(), b"4".to_vec()));
        assert_eq!(run(&Nproc, &[], &mut c), 0);
        assert_eq!(run(&Nproc, &["--ignore=1"], &mut c), 0);
        assert_eq!(run(&Nproc, &["--ignore=9"], &mut c), 0);
        assert_eq!(c.out_str(), "1\n4\n3\n1\n");
        assert_eq!(run(&Nproc, &["x"], &mut c), 1);
    }
}
