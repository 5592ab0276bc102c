//! GNU-style option parsing driven by a command's [`super::CommandSpec`] option table.
//!
//! Supports clustered short options (`-abc`), attached or separate values (`-n5`, `-n 5`),
//! long options with `=` or a separate value and unambiguous prefixes (`--lin=5`), `--` to end
//! options, a lone `-` as an operand, and GNU's permutation (options may follow operands unless
//! `POSIXLY_CORRECT`-style `stop_at_operand` is asked for). Nothing is allocated per call
//! beyond the result.

use super::{Arg, CommandSpec, OptId, ToolCtx};

/// The result of parsing: options in order of appearance and the operands.
#[derive(Debug, Default, Clone)]
pub struct ParsedArgs {
    /// (index into `spec.options`, value when the option takes one)
    pub opts: Vec<(usize, Option<Arg>)>,
    pub operands: Vec<Arg>,
}

impl ParsedArgs {
    /// Whether the option was given (`None`, an option the table lacks: never).
    pub fn has(&self, id: impl Into<Option<OptId>>) -> bool {
        let id = id.into();
        self.opts.iter().any(|(i, _)| Some(OptId(*i)) == id)
    }

    /// The last value given for the option.
    pub fn value(&self, id: impl Into<Option<OptId>>) -> Option<&Arg> {
        let id = id.into();
        self.opts
            .iter()
            .rev()
            .find(|(i, _)| Some(OptId(*i)) == id)
            .and_then(|(_, v)| v.as_ref())
    }

    /// All values given for the option, in order.
    pub fn values(&self, id: impl Into<Option<OptId>>) -> Vec<&Arg> {
        let id = id.into();
        self.opts
            .iter()
            .filter(|(i, _)| Some(OptId(*i)) == id)
            .filter_map(|(_, v)| v.as_ref())
            .collect()
    }
}

/// A bad option or missing value, worded as GNU tools word it.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct UsageError {
    pub message: String,
}

impl UsageError {
    /// Print GNU's two lines to stderr: the message, then "Try 'NAME --help' for more
    /// information."
    pub fn report(&self, ctx: &mut dyn ToolCtx, spec: &CommandSpec) {
        usage_lines(ctx, spec, &self.message);
    }
}

/// GNU's `CMD: extra operand ‘X’` (quoted as GNU's messages quote in a UTF-8 locale).
pub fn extra_operand(op: &[u8], spec: &CommandSpec) -> UsageError {
    UsageError {
        message: format!(
            "{}: extra operand \u{2018}{}\u{2019}",
            spec.name,
            String::from_utf8_lossy(op)
        ),
    }
}

/// The tools (GNU diffutils) whose hint line starts with their name: `diff: Try 'diff --help'…`.
const NAMED_HINT: &[&str] = &["diff", "cmp", "diff3", "sdiff"];

/// Print a usage message and GNU's "Try 'NAME --help' for more information." line.
pub fn usage_lines(ctx: &mut dyn ToolCtx, spec: &CommandSpec, message: &str) {
    let name = spec.name;
    let prefix = if NAMED_HINT.contains(&name) {
        format!("{name}: ")
    } else {
        String::new()
    };
    let _ = writeln!(
        ctx.stderr(),
        "{message}\n{prefix}Try '{name} --help' for more information."
    );
}

/// Parses arguments against a spec.
pub struct ArgParser;

impl ArgParser {
    /// Parse with GNU permutation.
    pub fn parse(spec: &CommandSpec, args: &[Arg]) -> Result<ParsedArgs, UsageError> {
        Self::parse_with(spec, args, false)
    }

    /// Parse; with `stop_at_operand`, the first operand ends option parsing (as `env`,
    /// `xargs` and `timeout` need).
    pub fn parse_with(
        spec: &CommandSpec,
        args: &[Arg],
        stop_at_operand: bool,
    ) -> Result<ParsedArgs, UsageError> {
        let name = spec.name;
        let err = |m: String| UsageError {
            message: format!("{name}: {m}"),
        };
        let mut out = ParsedArgs::default();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                out.operands.extend(args[i + 1..].iter().cloned());
                break;
            }
            if a.len() > 2 && a.starts_with(b"--") {
                let body = &a[2..];
                let (lname, val) = match body.iter().position(|b| *b == b'=') {
                    Some(p) => (&body[..p], Some(body[p + 1..].to_vec())),
                    None => (body, None),
                };
                let lname = String::from_utf8_lossy(lname).into_owned();
                let exact = spec
                    .options
                    .iter()
                    .position(|o| o.long == Some(lname.as_str()));
                let idx = match exact {
                    Some(x) => x,
                    None => {
                        let cands: Vec<usize> = spec
                            .options
                            .iter()
                            .enumerate()
                            .filter(|(_, o)| o.long.is_some_and(|l| l.starts_with(&lname)))
                            .map(|(k, _)| k)
                            .collect();
                        match cands.as_slice() {
                            [one] => *one,
                            [] => return Err(err(format!("unrecognized option '--{lname}'"))),
                            _ => return Err(err(format!("option '--{lname}' is ambiguous"))),
                        }
                    }
                };
                let o = &spec.options[idx];
                let full = o.long.unwrap_or("");
                if o.value.is_some() {
                    let v = match val {
                        Some(v) => v,
                        None => {
                            i += 1;
                            match args.get(i) {
                                Some(v) => v.clone(),
                                None => {
                                    return Err(err(format!(
                                        "option '--{full}' requires an argument"
                                    )));
                                }
                            }
                        }
                    };
                    out.opts.push((idx, Some(v)));
                } else {
                    if val.is_some() {
                        return Err(err(format!("option '--{full}' doesn't allow an argument")));
                    }
                    out.opts.push((idx, None));
                }
                i += 1;
                continue;
            }
            if a.len() > 1 && a[0] == b'-' {
                let s = String::from_utf8_lossy(&a[1..]).into_owned();
                let chars: Vec<char> = s.chars().collect();
                let mut k = 0;
                while k < chars.len() {
                    let c = chars[k];
                    let Some(idx) = spec.options.iter().position(|o| o.short == Some(c)) else {
                        return Err(err(format!("invalid option -- '{c}'")));
                    };
                    if spec.options[idx].value.is_some() {
                        let rest: String = chars[k + 1..].iter().collect();
                        let v = if !rest.is_empty() {
                            rest.into_bytes()
                        } else {
                            i += 1;
                            match args.get(i) {
                                Some(v) => v.clone(),
                                None => {
                                    return Err(err(format!(
                                        "option requires an argument -- '{c}'"
                                    )));
                                }
                            }
                        };
                        out.opts.push((idx, Some(v)));
                        break;
                    }
                    out.opts.push((idx, None));
                    k += 1;
                }
                i += 1;
                continue;
            }
            if stop_at_operand {
                out.operands.extend(args[i..].iter().cloned());
                break;
            }
            out.operands.push(a.clone());
            i += 1;
        }
        Ok(out)
    }
}
