//! `nice [-n N] [COMMAND [ARG]...]`: run a command with an adjusted niceness, or print the
//! niceness. The sandbox schedules nothing by niceness, so the command simply runs; lowering
//! the niceness as a user other than root is refused with GNU's warning, as on Linux.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::users::Table;
use super::util;

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

impl Command for Nice {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut adj: Option<String> = None;
        let mut i = 0;
        while i < args.len() {
            let a = util::lossy(&args[i]);
            let old_style = a.strip_prefix('-').filter(|r| {
                let r = r.strip_prefix(['-', '+']).unwrap_or(r);
                r.starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(v) = old_style {
                // -N is +N, --N is -N, -+N is +N.
                adj = Some(
                    v.strip_prefix('-')
                        .map_or(v.to_string(), |n| format!("-{n}")),
                );
            } else if a == "--" {
                i += 1;
                break;
            } else if let Some(v) = a.strip_prefix("--adjustment=") {
                adj = Some(v.to_string());
            } else if a == "-n" || a == "--adjustment" {
                i += 1;
                let Some(v) = args.get(i) else {
                    let m = "nice: option requires an argument -- 'n'";
                    return util::usage(ctx, &SPEC, m, 125);
                };
                adj = Some(util::lossy(v));
            } else if let Some(v) = a.strip_prefix("-n") {
                adj = Some(v.to_string());
            } else if a.starts_with("--") {
                let m = format!("nice: unrecognized option '{a}'");
                return util::usage(ctx, &SPEC, &m, 125);
            } else if a.len() > 1 && a.starts_with('-') {
                let m = format!("nice: invalid option -- '{}'", &a[1..2]);
                return util::usage(ctx, &SPEC, &m, 125);
            } else {
                break;
            }
            i += 1;
        }
        let adj = match adj {
            None => None,
            Some(s) => match adjustment(&s) {
                Some(n) => Some(n),
                None => {
                    util::err(
                        ctx,
                        "nice",
                        &format!("invalid adjustment {}", util::cquote(&s)),
                    );
                    return 125;
                }
            },
        };
        let cmd = &args[i..];
        if cmd.is_empty() {
            if adj.is_some() {
                let m = "nice: a command must be given with an adjustment";
                return util::usage(ctx, &SPEC, m, 125);
            }
            return if util::out(ctx, b"0\n") { 0 } else { 1 };
        }
        if adj.unwrap_or(10) < 0 && Table::load(ctx).current(ctx).uid != 0 {
            util::err(ctx, "nice", "cannot set niceness: Permission denied");
        }
        util::run_program(ctx, "nice", cmd, |name, why| {
            format!("{}: {why}", util::cquote(name))
        })
    }
}
