//! `nice [-n N] [COMMAND [ARG]...]`: run a command with an adjusted niceness, or print the
//! niceness. The sandbox schedules nothing by niceness, so the command simply runs; lowering
//! the niceness as a user other than root is refused with GNU's warning, as on Linux.

use std::borrow::Cow;

use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx, opt,
};

use crate::common::users::Table;
use crate::common::{diag, output, program_lookup, quote};

pub struct Nice;

static SPEC: CommandSpec = CommandSpec {
    name: "nice",
    group: "sys",
    summary: "run a program with modified scheduling priority",
    usage: "nice [OPTION] [COMMAND [ARG]...]",
    description: "Run COMMAND with an adjusted niceness (10 by default), or with no COMMAND print the current niceness (always 0 in the sandbox). Niceness ranges from -20 to 19; only root may lower it.",
    options: &[OptSpec::new(
        "-n, --adjustment=N",
        "add integer N to the niceness (default 10); -N also works",
    )],
    operands: &[ArgSpec::optional(
        "COMMAND",
        ArgType::Command,
        "the program to run, with its arguments",
    )
    .repeated()],
    returns: "the command's output, or the niceness",
    examples: &[
        Example {
            description: "the current niceness",
            script: "nice",
            stdout: "0\n",
        },
        Example {
            description: "run a command at a lower priority",
            script: "nice -n 5 echo done",
            stdout: "done\n",
        },
    ],
    errors: "the command's status; 125 for a bad adjustment or option, 126 when COMMAND cannot be run, 127 when it is not found",
    risk: RiskLevel::ReadOnly,
};

/// GNU's parsing of an adjustment: a signed decimal integer (any size; it is clamped).
fn adjustment(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse::<i64>().unwrap_or(if s.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

impl ParsedCommand for Nice {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn runs_command(&self) -> bool {
        true
    }

    /// The obsolete `-N` (`+N`), `--N` (`-N`) and `-+N` (`+N`) become `--adjustment=…`.
    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let mut out = Vec::with_capacity(args.len());
        let mut rest = args.iter();
        while let Some(a) = rest.next() {
            let s = diag::lossy(a);
            let old_style = s.strip_prefix('-').filter(|r| {
                let r = r.strip_prefix(['-', '+']).unwrap_or(r);
                r.starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(v) = old_style {
                let v = v
                    .strip_prefix('-')
                    .map_or(v.to_string(), |n| format!("-{n}"));
                out.push(format!("--adjustment={v}").into_bytes());
                continue;
            }
            out.push(a.clone());
            if s == "-n" || s == "--adjustment" {
                out.extend(rest.next().cloned());
            } else if s == "--" || !s.starts_with('-') || s == "-" {
                break;
            }
        }
        out.extend(rest.cloned());
        Cow::Owned(out)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let adj = p.value(opt!(SPEC, "n")).map(|v| diag::lossy(v));
        let adj = match adj {
            None => None,
            Some(s) => match adjustment(&s) {
                Some(n) => Some(n),
                None => {
                    diag::err(
                        ctx,
                        "nice",
                        &format!("invalid adjustment {}", quote::cquote(&s)),
                    );
                    return 125;
                }
            },
        };
        let cmd = &p.operands;
        if cmd.is_empty() {
            if adj.is_some() {
                let m = "nice: a command must be given with an adjustment";
                return diag::usage(ctx, &SPEC, m, 125);
            }
            return if output::out(ctx, b"0\n") { 0 } else { 1 };
        }
        if adj.unwrap_or(10) < 0 && Table::load(ctx).current(ctx).uid != 0 {
            diag::err(ctx, "nice", "cannot set niceness: Permission denied");
        }
        program_lookup::run_program(ctx, "nice", cmd, |name, why| {
            format!("{}: {why}", quote::cquote(name))
        })
    }
}
