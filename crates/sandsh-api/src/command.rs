//! The [`Command`] trait, and [`ParsedCommand`] for the commands whose arguments all go
//! through their spec's option table.

use super::args::extra_operand;
use super::{ArgParser, CommandSpec, ParsedArgs, ToolCtx};

/// One argument: a byte string (bash arguments can hold any byte but NUL).
pub type Arg = Vec<u8>;

/// A command's exit status (0 success, 1–125 failure, 126/127 not runnable, 128+n signals).
pub type ExitStatus = i32;

/// A utility runnable from the shell. Implementations are stateless between calls (configuration
/// lives in the spec or in the struct, never in per-call globals) and synchronous: long work
/// checks [`ToolCtx::is_cancelled`] as it goes.
pub trait Command: Send + Sync {
    /// The static description: name, options, help, examples, risk.
    fn spec(&self) -> &CommandSpec;

    /// Run with `args` (not including the command name itself).
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus;

    /// Whether the command has a structured (JSON) form. For such commands the shell takes a
    /// `--json` argument itself and sets [`ToolCtx::output_format`] to JSON before `run`.
    fn structured(&self) -> bool {
        false
    }
}

/// A command whose arguments all go through its spec's option table. Implement this instead of
/// [`Command`]: [`ParsedCommand::run_parsed`] gets the parsed options and operands, and a usage
/// error (an unknown option, a missing value) prints GNU's two lines and returns
/// [`ParsedCommand::usage_status`] without reaching it.
pub trait ParsedCommand: Send + Sync {
    /// The static description, whose option table parses the arguments.
    fn spec(&self) -> &CommandSpec;

    /// A wrapper that runs its COMMAND operand (`nice`, `nohup`, `stdbuf`): the options end
    /// at the command, and the wrapper's own errors exit 125 (126 and 127 being the
    /// command's), as GNU's do.
    fn runs_command(&self) -> bool {
        false
    }

    /// The status of a usage error: 1 for most GNU tools, 2 for cmp, diff, grep, ls and
    /// others that keep 1 for an answer, 125 for a wrapper that runs a command.
    fn usage_status(&self) -> ExitStatus {
        if self.runs_command() { 125 } else { 1 }
    }

    /// Whether an operand is a usage error (`CMD: extra operand 'X'`), for the commands that
    /// take none (`uname`, `nproc`, `whoami`, `tty`…).
    fn refuses_operands(&self) -> bool {
        false
    }

    /// Whether the first operand ends the options (`stdbuf -oL CMD -x`: `-x` is the
    /// program's), as GNU's `+` getopt strings do for commands that run another.
    fn stops_at_operand(&self) -> bool {
        self.runs_command()
    }

    /// The arguments as the parser should see them, where a command accepts an obsolete form
    /// the table cannot express (`fold -5`, `od -w16`): rewrite it here.
    fn prepare<'a>(&self, args: &'a [Arg]) -> std::borrow::Cow<'a, [Arg]> {
        std::borrow::Cow::Borrowed(args)
    }

    /// Run with the parsed options and operands.
    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus;

    /// See [`Command::structured`].
    fn structured(&self) -> bool {
        false
    }
}

impl<T: ParsedCommand> Command for T {
    fn spec(&self) -> &CommandSpec {
        ParsedCommand::spec(self)
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let spec = ParsedCommand::spec(self);
        match ArgParser::parse_with(spec, &self.prepare(args), self.stops_at_operand()) {
            Ok(p) => match p.operands.first() {
                Some(op) if self.refuses_operands() => {
                    extra_operand(op, spec).report(ctx, spec);
                    self.usage_status()
                }
                _ => self.run_parsed(p, ctx),
            },
            Err(e) => {
                e.report(ctx, spec);
                self.usage_status()
            }
        }
    }

    fn structured(&self) -> bool {
        ParsedCommand::structured(self)
    }
}
