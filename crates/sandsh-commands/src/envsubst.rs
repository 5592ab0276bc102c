//! `envsubst`: substitute environment variables in shell format strings, as GNU gettext's
//! envsubst does: `$NAME` and `${NAME}` only (no `${NAME:-default}`), values from the exported
//! environment, unset names replaced by nothing. With a SHELL-FORMAT argument only the names it
//! mentions are replaced. Input streams line by line (a reference never spans lines).

use std::collections::{HashMap, HashSet};

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input::{self, Halt, Source};
use crate::common::output;

pub struct Envsubst;

static SPEC: CommandSpec = CommandSpec {
    name: "envsubst",
    group: "text",
    summary: "substitutes environment variables in shell format strings",
    usage: "envsubst [OPTION] [SHELL-FORMAT]",
    description: "Standard input is copied to standard output, with references to environment variables of the form $VARIABLE or ${VARIABLE} being replaced with the corresponding values. If a SHELL-FORMAT is given, only those environment variables that are referenced in SHELL-FORMAT are substituted; otherwise all environment variables references occurring in standard input are substituted.",
    options: &[OptSpec::new(
        "-v, --variables",
        "output the variables occurring in SHELL-FORMAT",
    )],
    operands: &[ArgSpec::optional(
        "SHELL-FORMAT",
        ArgType::String,
        "the variables to substitute, e.g. '$HOME ${USER}'",
    )],
    returns: "standard input with the references replaced",
    examples: &[
        Example {
            description: "fill a template",
            script: "export NAME=world; echo 'hello $NAME, ${NAME}!' | envsubst",
            stdout: "hello world, world!\n",
        },
        Example {
            description: "only some variables",
            script: "export A=1 B=2; echo '$A $B' | envsubst '$B'",
            stdout: "$A 2\n",
        },
    ],
    errors: "exit 1 on too many arguments, or -v without SHELL-FORMAT",
    risk: RiskLevel::ReadOnly,
};

fn is_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_name(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// One reference found in a text: (start, end, name, valid).
fn scan(text: &[u8], mut each: impl FnMut(std::ops::Range<usize>, &[u8], bool)) {
    let mut i = 0;
    while i < text.len() {
        if text[i] != b'$' {
            i += 1;
            continue;
        }
        let start = i;
        let mut j = i + 1;
        let brace = text.get(j) == Some(&b'{');
        if brace {
            j += 1;
        }
        if j < text.len() && is_start(text[j]) {
            let ns = j;
            while j < text.len() && is_name(text[j]) {
                j += 1;
            }
            let name = &text[ns..j];
            if brace {
                if text.get(j) == Some(&b'}') {
                    each(start..j + 1, name, true);
                    i = j + 1;
                } else {
                    each(start..j, name, false);
                    i = j;
                }
            } else {
                each(start..j, name, true);
                i = j;
            }
        } else {
            i = j;
        }
    }
}

impl ParsedCommand for Envsubst {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.operands.len() > 1 {
            return diag::usage(ctx, &SPEC, "envsubst: too many arguments", 1);
        }
        let format = p.operands.first();
        if p.has(opt!(SPEC, "v")) {
            let Some(f) = format else {
                return diag::usage(ctx, &SPEC, "envsubst: missing arguments", 1);
            };
            let mut out = Vec::new();
            scan(f, |_, name, valid| {
                if valid {
                    out.extend_from_slice(name);
                    out.push(b'\n');
                }
            });
            return output::finish(ctx, &out, Ok(0));
        }
        let allowed: Option<HashSet<Vec<u8>>> = format.map(|f| {
            let mut s = HashSet::new();
            scan(f, |_, name, valid| {
                if valid {
                    s.insert(name.to_vec());
                }
            });
            s
        });
        let env: HashMap<Vec<u8>, Vec<u8>> = ctx
            .env()
            .into_iter()
            .map(|(k, v)| (k.into_bytes(), v))
            .collect();
        let mut out = Vec::new();
        let read = input::for_each_record(ctx, &mut Source::Stdin, b'\n', |ctx, line| {
            let mut last = 0;
            scan(line, |range, name, valid| {
                let valid = valid && allowed.as_ref().is_none_or(|a| a.contains(name));
                if valid {
                    out.extend_from_slice(&line[last..range.start]);
                    if let Some(v) = env.get(name) {
                        out.extend_from_slice(v);
                    }
                    last = range.end;
                }
            });
            out.extend_from_slice(&line[last..]);
            output::flush_when_full(ctx, &mut out).map_err(Halt::Exit)
        });
        match read {
            Ok(()) | Err(Halt::Skip) => output::finish(ctx, &out, Ok(0)),
            Err(Halt::Read(_)) if ctx.is_cancelled() => 130,
            Err(Halt::Read(e)) => {
                diag::err(
                    ctx,
                    "envsubst",
                    &format!(
                        "error while reading \"standard input\": {}",
                        diag::io_msg(&e)
                    ),
                );
                1
            }
            Err(Halt::Exit(s)) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Envsubst;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn substitutes() {
        let mut ctx = TestCtx::new().with_stdin(b"x $HOME ${HOME} ${HOME:-y} $ $1 ${ ${X $NOPE.\n");
        assert_eq!(run(&Envsubst, &[], &mut ctx), 0);
        assert_eq!(
            ctx.out_str(),
            "x /home/user /home/user ${HOME:-y} $ $1 ${ ${X .\n"
        );
        let mut ctx = TestCtx::new().with_stdin(b"$HOME $USER\n");
        run(&Envsubst, &["$USER"], &mut ctx);
        assert_eq!(ctx.out_str(), "$HOME user\n");
    }

    #[test]
    fn variables_and_errors() {
        assert_eq!(
            run_in(&Envsubst, &["-v", "$A ${B} $A $1 ${C"], "").1,
            "A\nB\nA\n"
        );
        let (s, _, e) = run_in(&Envsubst, &["-v"], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("envsubst: missing arguments\n"));
    }
}
