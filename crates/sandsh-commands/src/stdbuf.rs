//! `stdbuf -oL COMMAND`: run a command with modified buffering of its standard streams.
//! Commands in the sandbox hand their output on as they produce it, so the modes are checked
//! as GNU checks them and the command runs.

use sandsh_api::rows::COMMAND;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::{diag, program_lookup, quote, sizes};

pub struct Stdbuf;

static SPEC: CommandSpec = CommandSpec {
    name: "stdbuf",
    group: "sys",
    summary: "run a command with modified buffering for its standard streams",
    usage: "stdbuf OPTION... COMMAND",
    description: "Run COMMAND with the buffering of its standard input, output or error set to MODE: L (line buffered; not for input), 0 (unbuffered) or a SIZE such as 4096 or 1K. In the sandbox, commands already pass output on as they write it.",
    options: &[
        OptSpec::new("-i, --input=MODE", "adjust standard input stream buffering"),
        OptSpec::new(
            "-o, --output=MODE",
            "adjust standard output stream buffering",
        ),
        OptSpec::new("-e, --error=MODE", "adjust standard error stream buffering"),
    ],
    operands: &[COMMAND],
    returns: "the command's output",
    examples: &[Example {
        description: "line-buffered output through a pipe",
        script: "stdbuf -oL echo hi | cat",
        stdout: "hi\n",
    }],
    errors: "the command's status; 125 for a bad mode or option, 126 when COMMAND cannot be run, 127 when it is not found",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Stdbuf {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn runs_command(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let modes: Vec<(char, String)> = p
            .opts
            .iter()
            .filter_map(|(i, v)| Some((SPEC.options[*i].short?, diag::lossy(v.as_deref()?))))
            .collect();
        for (stream, mode) in &modes {
            if mode == "L" {
                if *stream == 'i' {
                    let m = "stdbuf: line buffering stdin is meaningless";
                    return diag::usage(ctx, &SPEC, m, 125);
                }
            } else if sizes::parse_size(mode).is_none() {
                diag::err(
                    ctx,
                    "stdbuf",
                    &format!("invalid mode {}", quote::cquote(mode)),
                );
                return 125;
            }
        }
        if modes.is_empty() {
            let m = "stdbuf: you must specify a buffering mode option";
            return diag::usage(ctx, &SPEC, m, 125);
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "stdbuf: missing operand", 125);
        }
        program_lookup::run_program(ctx, "stdbuf", &p.operands, |name, why| {
            format!("failed to run command {}: {why}", quote::cquote(name))
        })
    }
}
