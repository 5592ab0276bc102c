//! `sleep`: delay for a specified amount of time.
//!
//! Sleeps in slices of at most 20 ms, checking cancellation between them and holding no lock,
//! so a timeout or `Kernel::cancel` stops it promptly.

use sandsh_api::time::Instant;
use std::time::Duration;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};

use crate::common::{diag, quote};

pub struct Sleep;

static SPEC: CommandSpec = CommandSpec {
    name: "sleep",
    group: "sys",
    summary: "delay for a specified amount of time",
    usage: "sleep NUMBER[SUFFIX]...",
    description: "Pause for NUMBER seconds. SUFFIX may be 's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days. NUMBER may be a decimal. Several arguments add up.",
    options: &[],
    operands: &[
        ArgSpec::required("NUMBER", ArgType::Number, "duration, e.g. 1, 0.5, 2m").repeated(),
    ],
    returns: "nothing",
    examples: &[Example {
        description: "short pause",
        script: "sleep 0.01 && echo done",
        stdout: "done\n",
    }],
    errors: "exit 1 on a missing or invalid interval; 130 when cancelled",
    risk: RiskLevel::ReadOnly,
};

fn parse(s: &str) -> Option<f64> {
    sandsh_text::duration::parse_interval(s)
}

impl Command for Sleep {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        // GNU's getopt sees every `-X` before `--` as an option, and sleep has none but
        // --help and --version: `sleep -1` is an invalid option, `sleep -- -1` an interval.
        let mut total = 0f64;
        let mut operands: Vec<&Arg> = Vec::with_capacity(args.len());
        let mut rest = args.iter();
        for a in rest.by_ref() {
            if a.as_slice() == b"--" {
                break;
            }
            if let Some(opt) = a.strip_prefix(b"--") {
                let m = format!("sleep: unrecognized option '--{}'", diag::lossy(opt));
                return diag::usage(ctx, &SPEC, &m, 1);
            }
            if a.len() > 1 && a[0] == b'-' {
                let m = format!("sleep: invalid option -- '{}'", a[1] as char);
                return diag::usage(ctx, &SPEC, &m, 1);
            }
            operands.push(a);
        }
        operands.extend(rest);
        // GNU checks for no arguments at all: `sleep --` sleeps for no time.
        if args.is_empty() {
            return diag::usage(ctx, &SPEC, "sleep: missing operand", 1);
        }
        for a in operands {
            let s = diag::lossy(a);
            match parse(&s) {
                Some(v) => total += v,
                None => {
                    return diag::usage(
                        ctx,
                        &SPEC,
                        &format!("sleep: invalid time interval {}", quote::cquote(&s)),
                        1,
                    );
                }
            }
        }
        let dur = Duration::try_from_secs_f64(total).unwrap_or(Duration::MAX);
        let start = Instant::now();
        if !dur.is_zero() {
            // `sleep 1 | echo hi` prints at once, as with processes.
            sandsh_api::stages::before_blocking();
        }
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            let elapsed = start.elapsed();
            if elapsed >= dur {
                return 0;
            }
            sandsh_api::time::sleep((dur - elapsed).min(Duration::from_millis(20)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Sleep, parse};
    use crate::common::testing::run_in;

    #[test]
    fn intervals() {
        assert_eq!(parse("1"), Some(1.0));
        assert_eq!(parse("0.5s"), Some(0.5));
        assert_eq!(parse("2m"), Some(120.0));
        assert_eq!(parse("1h"), Some(3600.0));
        assert_eq!(parse("x"), None);
        assert_eq!(run_in(&Sleep, &["0.01", "0.01"], "").0, 0);
        assert_eq!(run_in(&Sleep, &["x"], "").0, 1);
        assert_eq!(run_in(&Sleep, &[], "").0, 1);
    }
}
