//! `env` and `printenv`: print the environment, or run a command in a changed one
//! ([`ToolCtx::call_with_env`]). The command is found as execvp finds it
//! ([`program_lookup::exec_search`]).

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgParser, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec,
    ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::{diag, output, program_lookup, quote};

pub struct Env;
pub struct Printenv;

static ENV: CommandSpec = CommandSpec {
    name: "env",
    group: "sys",
    summary: "print the environment or run a program",
    usage: "env [OPTION]... [NAME=VALUE]... [COMMAND [ARG]...]",
    description: "Print the exported environment (with the given changes), or run COMMAND in it.",
    options: &[
        OptSpec::new(
            "-i, --ignore-environment",
            "start with an empty environment",
        ),
        OptSpec::new("-u, --unset=NAME", "remove variable from the environment"),
        OptSpec::new("-0, --null", "end each output line with NUL, not newline"),
        OptSpec::new("-C, --chdir=DIR", "change working directory to DIR"),
    ],
    operands: &[
        ArgSpec::optional("NAME=VALUE", ArgType::String, "assignments").repeated(),
        ArgSpec::optional("COMMAND", ArgType::Command, "command to run").repeated(),
    ],
    returns: "NAME=VALUE lines, or the command's output",
    examples: &[
        Example {
            description: "print a changed environment",
            script: "env -i A=1 B=2",
            stdout: "A=1\nB=2\n",
        },
        Example {
            description: "run a command",
            script: "env echo hi",
            stdout: "hi\n",
        },
        Example {
            description: "run a command in another directory",
            script: "mkdir -p /tmp/w && env -C /tmp/w pwd && pwd",
            stdout: "/tmp/w\n/home/user\n",
        },
    ],
    errors: "125 for an invalid option or an unsupported environment change before COMMAND; 127 when COMMAND is not found",
    risk: RiskLevel::ReadOnly,
};

static PRINTENV: CommandSpec = CommandSpec {
    name: "printenv",
    group: "sys",
    summary: "print all or part of environment",
    usage: "printenv [OPTION]... [VARIABLE]...",
    description: "Print the values of the specified environment VARIABLE(s). If no VARIABLE is specified, print name and value pairs for them all.",
    options: &[OptSpec::new(
        "-0, --null",
        "end each output line with NUL, not newline",
    )],
    operands: &[ArgSpec::optional("VARIABLE", ArgType::String, "names to print").repeated()],
    returns: "the values, one per line",
    examples: &[Example {
        description: "one variable",
        script: "export GREETING=hi; printenv GREETING",
        stdout: "hi\n",
    }],
    errors: "exit 1 when a VARIABLE is not set; 2 on a bad option",
    risk: RiskLevel::ReadOnly,
};

impl Command for Env {
    fn spec(&self) -> &CommandSpec {
        &ENV
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match ArgParser::parse_with(&ENV, args, true) {
            Ok(p) => p,
            Err(e) => return diag::usage(ctx, &ENV, &e.message, 125),
        };
        let mut vars = if p.has(opt!(ENV, "i")) {
            Vec::new()
        } else {
            ctx.env()
        };
        let mut changed = p.has(opt!(ENV, "i"));
        for u in p.values(opt!(ENV, "u")) {
            let n = diag::lossy(u);
            vars.retain(|(k, _)| *k != n);
            changed = true;
        }
        let mut ops = p.operands.as_slice();
        // A lone `-` is the same as -i.
        if ops.first().is_some_and(|o| o == b"-") {
            vars.clear();
            changed = true;
            ops = &ops[1..];
        }
        while let Some(a) = ops.first() {
            let Some(eq) = a.iter().position(|&b| b == b'=') else {
                break;
            };
            let name = diag::lossy(&a[..eq]);
            let value = a[eq + 1..].to_vec();
            match vars.iter_mut().find(|(k, _)| *k == name) {
                Some(slot) => slot.1 = value,
                None => vars.push((name, value)),
            }
            changed = true;
            ops = &ops[1..];
        }
        let chdir = p.value(opt!(ENV, "C"));
        if let Some(dir) = chdir {
            if ops.is_empty() {
                let _ = writeln!(
                    ctx.stderr(),
                    "env: must specify command with --chdir (-C)\nTry 'env --help' for more information."
                );
                return 125;
            }
            let name = diag::lossy(dir);
            let why = match ctx.backend().stat(&ctx.resolve_path(&name)) {
                Ok(m) if m.is_dir() => None,
                Ok(_) => Some("Not a directory".to_string()),
                Err(e) => Some(e.to_string()),
            };
            if let Some(why) = why {
                let m = format!("cannot change directory to {}: {why}", quote::quote(&name));
                diag::err(ctx, "env", &m);
                return 125;
            }
            // Commands see the context's cwd; a nested shell changes it for COMMAND alone.
            let mut argv: Vec<Arg> = vec![
                b"-c".to_vec(),
                b"cd -- \"$1\" || exit 125; shift; exec \"$@\"".to_vec(),
                b"env".to_vec(),
                dir.clone(),
            ];
            argv.extend(ops.iter().cloned());
            if changed {
                return ctx.call_with_env("bash", &argv, &vars);
            }
            return ctx.call("bash", &argv);
        }
        if let Some((cmd, rest)) = ops.split_first() {
            let name = diag::lossy(cmd);
            let path = vars
                .iter()
                .find(|(k, _)| k == "PATH")
                .map(|(_, v)| v.as_slice());
            let prog = match program_lookup::exec_search(ctx, &name, path) {
                Ok(p) => p,
                Err(e) => {
                    diag::err(
                        ctx,
                        "env",
                        &format!("{}: {}", quote::cquote(&name), e.reason),
                    );
                    return e.status;
                }
            };
            if changed {
                return ctx.call_with_env(&prog, rest, &vars);
            }
            return ctx.call(&prog, rest);
        }
        let eol = if p.has(opt!(ENV, "0")) { 0 } else { b'\n' };
        let mut out = Vec::new();
        for (k, v) in vars {
            out.extend_from_slice(k.as_bytes());
            out.push(b'=');
            out.extend_from_slice(&v);
            out.push(eol);
        }
        if output::out(ctx, &out) { 0 } else { 1 }
    }
}

impl ParsedCommand for Printenv {
    fn spec(&self) -> &CommandSpec {
        &PRINTENV
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let eol = if p.has(opt!(PRINTENV, "0")) { 0 } else { b'\n' };
        let vars = ctx.env();
        let mut out = Vec::new();
        let mut status = 0;
        if p.operands.is_empty() {
            for (k, v) in vars {
                out.extend_from_slice(k.as_bytes());
                out.push(b'=');
                out.extend_from_slice(&v);
                out.push(eol);
            }
        } else {
            for n in &p.operands {
                let n = diag::lossy(n);
                match vars.iter().find(|(k, _)| *k == n) {
                    Some((_, v)) if !n.contains('=') => {
                        out.extend_from_slice(v);
                        out.push(eol);
                    }
                    _ => status = 1,
                }
            }
        }
        output::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::{Env, Printenv};
    use crate::common::testing::run_in;

    #[test]
    fn printing() {
        assert_eq!(run_in(&Printenv, &["HOME"], "").1, "/home/user\n");
        assert_eq!(run_in(&Printenv, &["HOME", "NOPE"], "").0, 1);
        assert_eq!(run_in(&Env, &[], "").1, "HOME=/home/user\nUSER=user\n");
        assert_eq!(
            run_in(&Env, &["-u", "HOME", "X=1"], "").1,
            "USER=user\nX=1\n"
        );
        assert_eq!(run_in(&Env, &["-i"], "").1, "");
    }

    #[test]
    fn chdir_errors_as_gnu() {
        let (s, _, e) = run_in(&Env, &["-C", "/nonexist", "true"], "");
        assert_eq!(s, 125);
        assert_eq!(
            e,
            "env: cannot change directory to '/nonexist': No such file or directory\n"
        );
        let (s, _, e) = run_in(&Env, &["-C", "/home"], "");
        assert_eq!(s, 125);
        assert_eq!(
            e,
            "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n"
        );
        let (s, _, e) = run_in(&Env, &["--chdir=/etc/passwd", "true"], "");
        assert_eq!(s, 125);
        assert_eq!(
            e,
            "env: cannot change directory to '/etc/passwd': Not a directory\n"
        );
    }
}
