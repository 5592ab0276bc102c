//! `yes`: output a string repeatedly until killed.
//!
//! Writes large chunks and stops at the first failed write (the reader is gone) or on
//! cancellation, so `yes | head -n 1` ends immediately.

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::output;

pub struct Yes;

static SPEC: CommandSpec = CommandSpec {
    name: "yes",
    group: "text",
    summary: "output a string repeatedly until killed",
    usage: "yes [STRING]...",
    description: "Repeatedly output a line with all specified STRING(s), or 'y'. Ends when the reader goes away or the run is cancelled.",
    options: &[],
    operands: &[
        ArgSpec::optional("STRING", ArgType::String, "words to repeat (default y)").repeated(),
    ],
    returns: "an endless stream of lines",
    examples: &[
        Example {
            description: "first lines",
            script: "yes | head -n 2",
            stdout: "y\ny\n",
        },
        Example {
            description: "custom text",
            script: "yes ok go | head -n 1",
            stdout: "ok go\n",
        },
    ],
    errors: "exit 1 when the output goes away (141 from a broken pipe), 130 when cancelled",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Yes {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut line = if p.operands.is_empty() {
            b"y".to_vec()
        } else {
            p.operands.join(&b' ')
        };
        line.push(b'\n');
        let reps = (8192 / line.len()).max(1);
        let chunk = line.repeat(reps);
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            if !output::out(ctx, &chunk) {
                return 1;
            }
        }
    }
}
