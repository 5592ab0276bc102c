//! `nohup COMMAND [ARG]...`: run a command immune to hangups. The sandbox sends no hangups and
//! its output is never a terminal, so, as GNU's does in that case, it just runs the command:
//! no `nohup.out`, no message.

use sandsh_api::rows::COMMAND;
use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};

use crate::common::{diag, program_lookup, quote};

pub struct Nohup;

static SPEC: CommandSpec = CommandSpec {
    name: "nohup",
    group: "sys",
    summary: "run a command immune to hangups",
    usage: "nohup COMMAND [ARG]...",
    description: "Run COMMAND, ignoring hangup signals. Standard output and error are not terminals in the sandbox, so they stay where they are (GNU writes to nohup.out only when output is a terminal).",
    options: &[],
    operands: &[COMMAND],
    returns: "the command's output",
    examples: &[Example {
        description: "run a command",
        script: "nohup echo hi",
        stdout: "hi\n",
    }],
    errors: "the command's status; 125 for a usage error, 126 when COMMAND cannot be run, 127 when it is not found",
    risk: RiskLevel::ReadOnly,
};

impl Command for Nohup {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut args = args;
        match args.first().map(Vec::as_slice) {
            Some(b"--") => args = &args[1..],
            Some(a) if a.starts_with(b"--") => {
                let m = format!("nohup: unrecognized option '{}'", diag::lossy(a));
                return diag::usage(ctx, &SPEC, &m, 125);
            }
            Some(a) if a.len() > 1 && a[0] == b'-' => {
                let m = format!("nohup: invalid option -- '{}'", a[1] as char);
                return diag::usage(ctx, &SPEC, &m, 125);
            }
            _ => {}
        }
        if args.is_empty() {
            return diag::usage(ctx, &SPEC, "nohup: missing operand", 125);
        }
        program_lookup::run_program(ctx, "nohup", args, |name, why| {
            format!("failed to run command {}: {why}", quote::quote(name))
        })
    }
}
