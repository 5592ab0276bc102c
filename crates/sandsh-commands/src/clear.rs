//! `clear`: clear the terminal screen, by the escape sequence of `$TERM` (or `-T TYPE`), as
//! ncurses' clear prints it from terminfo for the common terminal types.
//!
//! sandsh sets `TERM=dumb`, which has no clear capability: like ncurses' clear, nothing is
//! printed and the status is 1. An unset or unknown TERM fails with ncurses' messages.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx};

use crate::common::{diag, output};

pub struct Clear;

static SPEC: CommandSpec = CommandSpec {
    name: "clear",
    group: "sys",
    summary: "clear the terminal screen",
    usage: "clear [-T TERM] [-x]",
    description: "Print the escape sequence that clears the screen for $TERM (xterm, screen, tmux, linux, vt100, ansi, rxvt and their variants). With TERM=dumb (sandsh's default) there is nothing to print and the status is 1.",
    options: &[
        OptSpec::new("-T TERM", "use this instead of $TERM"),
        OptSpec::new("-x", "do not try to clear the scrollback"),
        OptSpec::new("-V", "print the version"),
    ],
    operands: &[],
    returns: "the clear-screen escape sequence",
    examples: &[Example {
        description: "clear an xterm",
        script: "clear -T xterm | od -An -c",
        stdout: " 033   [   H 033   [   2   J 033   [   3   J\n",
    }],
    errors: "exit 1 when TERM is unset, unknown or cannot clear",
    risk: RiskLevel::ReadOnly,
};

/// (home + clear, clear scrollback) for a terminal type, from terminfo.
fn sequence(term: &str) -> Option<(&'static str, &'static str)> {
    let base = term.split('-').next().unwrap_or(term);
    Some(match base {
        "xterm" | "konsole" | "gnome" | "alacritty" | "kitty" | "foot" | "wezterm" => {
            ("\x1b[H\x1b[2J", "\x1b[3J")
        }
        "tmux" | "linux" => ("\x1b[H\x1b[J", "\x1b[3J"),
        "screen" | "vt100" | "vt102" | "vt220" | "ansi" => ("\x1b[H\x1b[J", ""),
        "rxvt" => ("\x1b[H\x1b[2J", ""),
        "dumb" => ("", ""),
        _ => return None,
    })
}

impl ParsedCommand for Clear {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "V")) {
            return output::emit(ctx, b"ncurses 6.4 (sandsh)\n", 0);
        }
        let term = match p.value(opt!(SPEC, "T")) {
            Some(t) => diag::lossy(t),
            None => match ctx.var("TERM") {
                Some(t) => t.to_string_lossy(),
                None => {
                    let _ = writeln!(ctx.stderr(), "TERM environment variable not set.");
                    return 1;
                }
            },
        };
        let Some((home, scrollback)) = sequence(&term) else {
            let _ = writeln!(ctx.stderr(), "'{term}': unknown terminal type.");
            return 1;
        };
        if home.is_empty() {
            return 1;
        }
        let mut s = home.to_string();
        if !p.has(opt!(SPEC, "x")) {
            s.push_str(scrollback);
        }
        if output::out(ctx, s.as_bytes()) {
            0
        } else {
            141
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Clear;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn by_term() {
        let mut c = TestCtx::new();
        assert_eq!(run(&Clear, &[], &mut c), 1);
        assert_eq!(c.err_str(), "TERM environment variable not set.\n");
        c.env.push(("TERM".into(), b"xterm-256color".to_vec()));
        assert_eq!(run(&Clear, &[], &mut c), 0);
        assert_eq!(run(&Clear, &["-x"], &mut c), 0);
        assert_eq!(run(&Clear, &["-T", "screen"], &mut c), 0);
        assert_eq!(c.out_str(), "\x1b[H\x1b[2J\x1b[3J\x1b[H\x1b[2J\x1b[H\x1b[J");
        assert_eq!(run(&Clear, &["-T", "dumb"], &mut c), 1);
        assert_eq!(run(&Clear, &["-T", "foo"], &mut c), 1);
        assert!(c.err_str().ends_with("'foo': unknown terminal type.\n"));
    }
}
