//! `printf` and `echo` as commands, for the places the shell builtins cannot reach:
//! `xargs printf`, `env echo`, `find -exec printf`, `/usr/bin/printf`.
//!
//! Formatting is the builtin's ([`sandsh_text::printf`], [`sandsh_text::escape`]), so the two
//! agree on output; diagnostics are reworded to coreutils' (`printf: ‘abc’: expected a
//! numeric value`). Known differences from coreutils: `%q` quotes as bash does (`a\ b`, where
//! coreutils prints `'a b'`) and `%(…)T` is accepted.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};
use sandsh_text::printf::{PrintfTimes, format};

use crate::common::{diag, output, quote, time_format};

pub struct Printf;
pub struct Echo;

static PRINTF: CommandSpec = CommandSpec {
    name: "printf",
    group: "text",
    summary: "format and print data",
    usage: "printf FORMAT [ARGUMENT]...",
    description: "Print ARGUMENT(s) according to FORMAT (C printf conversions, backslash escapes, %b, %q), reusing FORMAT while arguments remain. The command form of the shell builtin, for xargs, env and find -exec.",
    options: &[],
    operands: &[
        ArgSpec::required("FORMAT", ArgType::String, "the format string"),
        ArgSpec::optional("ARGUMENT", ArgType::String, "values for the conversions").repeated(),
    ],
    returns: "the formatted text",
    examples: &[Example {
        description: "through env",
        script: "env printf '%s=%d\\n' a 1 b 2",
        stdout: "a=1\nb=2\n",
    }],
    errors: "exit 1 when an argument is not a valid number or the format is invalid (output still produced)",
    risk: RiskLevel::ReadOnly,
};

static ECHO: CommandSpec = CommandSpec {
    name: "echo",
    group: "text",
    summary: "display a line of text",
    usage: "echo [SHORT-OPTION]... [STRING]...",
    description: "Echo the STRING(s) to standard output, separated by spaces. -n: no trailing newline; -e: interpret backslash escapes; -E: do not (the default). The command form of the shell builtin, for xargs, env and find -exec.",
    options: &[],
    operands: &[ArgSpec::optional("STRING", ArgType::String, "text to print").repeated()],
    returns: "the strings on one line",
    examples: &[Example {
        description: "through env",
        script: "env echo -e 'a\\tb'",
        stdout: "a\tb\n",
    }],
    errors: "none",
    risk: RiskLevel::ReadOnly,
};

/// A bash-worded diagnostic in coreutils' words.
fn reword(d: &str) -> String {
    if let Some(v) = d
        .strip_suffix(": invalid number")
        .or_else(|| d.strip_suffix(": invalid octal number"))
        .or_else(|| d.strip_suffix(": invalid hex number"))
    {
        let numeric_prefix = v
            .trim_start()
            .trim_start_matches(['+', '-'])
            .starts_with(|c: char| c.is_ascii_digit());
        return if numeric_prefix {
            format!("{}: value not completely converted", quote::cquote(v))
        } else {
            format!("{}: expected a numeric value", quote::cquote(v))
        };
    }
    if let Some(v) = d
        .strip_prefix("warning: ")
        .and_then(|r| r.strip_suffix(": Numerical result out of range"))
    {
        return format!("{}: Numerical result out of range", quote::cquote(v));
    }
    if let Some(c) = d
        .strip_prefix('`')
        .and_then(|r| r.strip_suffix("': invalid format character"))
    {
        return format!("%{c}: invalid conversion specification");
    }
    if d == "`%': missing format character" {
        return "%: invalid conversion specification".into();
    }
    d.to_string()
}

impl Command for Printf {
    fn spec(&self) -> &CommandSpec {
        &PRINTF
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args = match args.first() {
            Some(a) if a == b"--" => &args[1..],
            _ => args,
        };
        let Some((fmt, rest)) = args.split_first() else {
            return diag::usage(ctx, &PRINTF, "printf: missing operand", 1);
        };
        let (now, _) = time_format::split_time(ctx.now());
        let mut out = Vec::new();
        let outcome = format(
            fmt,
            rest,
            PrintfTimes {
                now,
                shell_start: now,
                zone: None,
            },
            &mut out,
        );
        let ok = output::out(ctx, &out);
        for d in &outcome.diagnostics {
            diag::err(ctx, "printf", &reword(d));
        }
        if !ok {
            return 141;
        }
        outcome.status
    }
}

impl Command for Echo {
    fn spec(&self) -> &CommandSpec {
        &ECHO
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let out = sandsh_text::escape::echo(args, false);
        if output::out(ctx, &out) { 0 } else { 141 }
    }
}

#[cfg(test)]
mod tests {
    use super::{Echo, Printf};
    use crate::common::testing::{TestCtx, run};

    fn go(cmd: &dyn sandsh_api::Command, args: &[&str]) -> (i32, String, String) {
        let mut c = TestCtx::new();
        let s = run(cmd, args, &mut c);
        (s, c.out_str(), c.err_str())
    }

    #[test]
    fn printf_cmd() {
        assert_eq!(go(&Printf, &["%s %s\\n", "a", "b", "c"]).1, "a b\nc \n");
        assert_eq!(
            go(
                &Printf,
                &["%5.2f|%x|%o|%c\\n", "3.14159", "255", "8", "xyz"]
            )
            .1,
            " 3.14|ff|10|x\n"
        );
        assert_eq!(
            go(&Printf, &["%d\\n", "abc"]),
            (
                1,
                "0\n".into(),
                "printf: \u{2018}abc\u{2019}: expected a numeric value\n".into()
            )
        );
        assert_eq!(
            go(&Printf, &["%d\\n", "12abc"]).2,
            "printf: \u{2018}12abc\u{2019}: value not completely converted\n"
        );
        let (s, _, e) = go(&Printf, &[]);
        assert_eq!(s, 1);
        assert!(e.starts_with("printf: missing operand\n"));
    }

    #[test]
    fn echo_cmd() {
        assert_eq!(go(&Echo, &["a", "b"]).1, "a b\n");
        assert_eq!(go(&Echo, &["-n", "a"]).1, "a");
        assert_eq!(go(&Echo, &["-e", "a\\tb\\c", "x"]).1, "a\tb");
        assert_eq!(go(&Echo, &["-x", "a"]).1, "-x a\n");
    }
}
