//! `tty`: print the file name of the terminal on standard input. A sandbox's standard input
//! is never a terminal, so this prints "not a tty" and exits 1, as GNU tty does off a terminal.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx};

use crate::common::output;

pub struct Tty;

static SPEC: CommandSpec = CommandSpec {
    name: "tty",
    group: "sys",
    summary: "print the file name of the terminal connected to standard input",
    usage: "tty [OPTION]...",
    description: "Print the file name of the terminal connected to standard input. In the sandbox standard input is never a terminal: prints \"not a tty\" and exits 1.",
    options: &[
        OptSpec::new("-s, --silent", "print nothing, only return an exit status"),
        OptSpec::new("--quiet", "same as -s"),
    ],
    operands: &[],
    returns: "\"not a tty\"",
    examples: &[Example {
        description: "no terminal",
        script: "tty || echo \"status $?\"",
        stdout: "not a tty\nstatus 1\n",
    }],
    errors: "exit 1 (standard input is not a terminal); 2 for bad usage",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Tty {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let silent = p.has(opt!(SPEC, "s")) || p.has(opt!(SPEC, "quiet"));
        if !silent && !output::out(ctx, b"not a tty\n") {
            return 141;
        }
        1
    }
}

#[cfg(test)]
mod tests {
    use super::Tty;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn not_a_tty() {
        let mut c = TestCtx::new();
        assert_eq!(run(&Tty, &[], &mut c), 1);
        assert_eq!(run(&Tty, &["-s"], &mut c), 1);
        assert_eq!(c.out_str(), "not a tty\n");
        assert_eq!(run(&Tty, &["x"], &mut c), 2);
    }
}
