//! `stdbuf -oL COMMAND`: run a command with modified buffering of its standard streams.
//! Commands in the sandbox hand their output on as they produce it, so the modes are checked
//! as GNU checks them and the command runs.

use sandsh_api::rows::COMMAND;
use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx};

use super::util;

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

impl Command for Stdbuf {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut modes: Vec<(char, String)> = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = util::lossy(&args[i]);
            if a == "--" {
                i += 1;
                break;
            }
            let long = [("--input", 'i'), ("--output", 'o'), ("--error", 'e')]
                .into_iter()
                .find_map(|(name, c)| {
                    let rest = a.strip_prefix(name)?;
                    match rest.strip_prefix('=') {
                        Some(v) => Some((c, Some(v.to_string()))),
                        None => rest.is_empty().then_some((c, None)),
                    }
                });
            let (stream, value) = if let Some(l) = long {
                l
            } else if let Some(c) = a.strip_prefix('-').and_then(|r| r.chars().next()) {
                if a.starts_with("--") {
                    let m = format!("stdbuf: unrecognized option '{a}'");
                    return util::usage(ctx, &SPEC, &m, 125);
                }
                if !matches!(c, 'i' | 'o' | 'e') {
                    let m = format!("stdbuf: invalid option -- '{c}'");
                    return util::usage(ctx, &SPEC, &m, 125);
                }
                let v = &a[2..];
                (c, (!v.is_empty()).then(|| v.to_string()))
            } else {
                break;
            };
            let value = match value {
                Some(v) => v,
                None => {
                    i += 1;
                    match args.get(i) {
                        Some(v) => util::lossy(v),
                        None => {
                            let m = format!("stdbuf: option requires an argument -- '{stream}'");
                            return util::usage(ctx, &SPEC, &m, 125);
                        }
                    }
                }
            };
            modes.push((stream, value));
            i += 1;
        }
        for (stream, mode) in &modes {
            if mode == "L" {
                if *stream == 'i' {
                    let m = "stdbuf: line buffering stdin is meaningless";
                    return util::usage(ctx, &SPEC, m, 125);
                }
            } else if util::parse_size(mode).is_none() {
                util::err(
                    ctx,
                    "stdbuf",
                    &format!("invalid mode {}", util::cquote(mode)),
                );
                return 125;
            }
        }
        if modes.is_empty() {
            let m = "stdbuf: you must specify a buffering mode option";
            return util::usage(ctx, &SPEC, m, 125);
        }
        if i >= args.len() {
            return util::usage(ctx, &SPEC, "stdbuf: missing operand", 125);
        }
        util::run_program(ctx, "stdbuf", &args[i..], |name, why| {
            format!("failed to run command {}: {why}", util::cquote(name))
        })
    }
}
