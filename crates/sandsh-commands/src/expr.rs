//! `expr`: evaluate expressions (POSIX grammar plus GNU's `match`, `substr`, `index`,
//! `length` and `+ TOKEN`).
//!
//! A recursive-descent parser over the argument list, lowest precedence first: `|`, `&`,
//! comparisons, `+ -`, `* / %`, `:`. Integers are `i128` (GNU uses bignums; overflow is
//! reported rather than wrapped). `:` matches a basic regular expression with the shared
//! POSIX translator (`text::regex`), anchored at the start as POSIX requires.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};

use crate::common::{diag, output, quote};

pub struct Expr;

static SPEC: CommandSpec = CommandSpec {
    name: "expr",
    group: "shell",
    summary: "evaluate expressions",
    usage: "expr EXPRESSION",
    description: "Print the value of EXPRESSION. Operators, lowest precedence first: ARG1 | ARG2, ARG1 & ARG2, ARG1 < <= = == != >= > ARG2, ARG1 + - ARG2, ARG1 * / % ARG2, STRING : REGEXP; and match STRING REGEXP, substr STRING POS LENGTH, index STRING CHARS, length STRING, + TOKEN, ( EXPRESSION ). Each operator and operand is a separate argument (quote * < > | & ( ) for the shell).",
    options: &[],
    operands: &[ArgSpec::required(
        "EXPRESSION",
        ArgType::String,
        "the expression, one token per argument",
    )
    .repeated()],
    returns: "the value of the expression",
    examples: &[
        Example {
            description: "arithmetic",
            script: "expr 3 + 4 '*' 2",
            stdout: "11\n",
        },
        Example {
            description: "regex match length",
            script: "expr abc123 : '[a-z]*'",
            stdout: "3\n",
        },
        Example {
            description: "substring",
            script: "expr substr hello 2 3",
            stdout: "ell\n",
        },
    ],
    errors: "exit 1 when the result is null or 0, 2 on a syntax error or invalid operand, 3 on other errors",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Debug)]
enum Val {
    Int(i128),
    Str(Vec<u8>),
}

impl Val {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Val::Int(i) => i.to_string().into_bytes(),
            Val::Str(s) => s.clone(),
        }
    }

    fn int(&self) -> Option<i128> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Str(s) => {
                let t = std::str::from_utf8(s).ok()?;
                let d = t.strip_prefix('-').unwrap_or(t);
                if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                t.parse().ok()
            }
        }
    }

    fn is_null(&self) -> bool {
        match self {
            Val::Int(i) => *i == 0,
            Val::Str(s) => {
                s.is_empty()
                    || self.int() == Some(0) && !s.starts_with(b"-") && s.iter().all(|b| *b == b'0')
            }
        }
    }
}

enum Error {
    Syntax(String),
    Invalid(String),
}

struct P<'a> {
    a: &'a [Arg],
    i: usize,
}

impl P<'_> {
    fn peek(&self) -> Option<&[u8]> {
        self.a.get(self.i).map(|v| v.as_slice())
    }

    fn eat(&mut self, ops: &[&str]) -> Option<String> {
        let s = std::str::from_utf8(self.peek()?).ok()?.to_string();
        if ops.contains(&s.as_str()) {
            self.i += 1;
            return Some(s);
        }
        None
    }

    fn or(&mut self) -> Result<Val, Error> {
        let mut l = self.and()?;
        while self.eat(&["|"]).is_some() {
            let r = self.and()?;
            l = if !l.is_null() {
                l
            } else if !r.is_null() {
                r
            } else {
                Val::Int(0)
            };
        }
        Ok(l)
    }

    fn and(&mut self) -> Result<Val, Error> {
        let mut l = self.cmp()?;
        while self.eat(&["&"]).is_some() {
            let r = self.cmp()?;
            l = if l.is_null() || r.is_null() {
                Val::Int(0)
            } else {
                l
            };
        }
        Ok(l)
    }

    fn cmp(&mut self) -> Result<Val, Error> {
        let mut l = self.add()?;
        while let Some(op) = self.eat(&["<", "<=", "=", "==", "!=", ">=", ">"]) {
            let r = self.add()?;
            let o = match (l.int(), r.int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.bytes().cmp(&r.bytes()),
            };
            use std::cmp::Ordering::*;
            let t = match op.as_str() {
                "<" => o == Less,
                "<=" => o != Greater,
                "=" | "==" => o == Equal,
                "!=" => o != Equal,
                ">=" => o != Less,
                _ => o == Greater,
            };
            l = Val::Int(i128::from(t));
        }
        Ok(l)
    }

    fn num(v: &Val) -> Result<i128, Error> {
        v.int()
            .ok_or_else(|| Error::Invalid("non-integer argument".into()))
    }

    fn add(&mut self) -> Result<Val, Error> {
        let mut l = self.mul()?;
        while let Some(op) = self.eat(&["+", "-"]) {
            let r = self.mul()?;
            let (a, b) = (Self::num(&l)?, Self::num(&r)?);
            let v = if op == "+" {
                a.checked_add(b)
            } else {
                a.checked_sub(b)
            };
            l = Val::Int(v.ok_or_else(|| Error::Invalid("integer overflow".into()))?);
        }
        Ok(l)
    }

    fn mul(&mut self) -> Result<Val, Error> {
        let mut l = self.colon()?;
        while let Some(op) = self.eat(&["*", "/", "%"]) {
            let r = self.colon()?;
            let (a, b) = (Self::num(&l)?, Self::num(&r)?);
            if op != "*" && b == 0 {
                return Err(Error::Invalid("division by zero".into()));
            }
            let v = match op.as_str() {
                "*" => a.checked_mul(b),
                "/" => a.checked_div(b),
                _ => a.checked_rem(b),
            };
            l = Val::Int(v.ok_or_else(|| Error::Invalid("integer overflow".into()))?);
        }
        Ok(l)
    }

    fn colon(&mut self) -> Result<Val, Error> {
        let mut l = self.primary()?;
        while self.eat(&[":"]).is_some() {
            let r = self.primary()?;
            l = regex_match(&l.bytes(), &r.bytes())?;
        }
        Ok(l)
    }

    fn primary(&mut self) -> Result<Val, Error> {
        let Some(t) = self.peek().map(|t| t.to_vec()) else {
            let prev = self
                .i
                .checked_sub(1)
                .and_then(|i| self.a.get(i))
                .map(|v| diag::lossy(v))
                .unwrap_or_default();
            return Err(Error::Syntax(format!(
                "missing argument after {}",
                quote::cquote(&prev)
            )));
        };
        self.i += 1;
        match t.as_slice() {
            b"(" => {
                let v = self.or()?;
                if self.eat(&[")"]).is_none() {
                    return Err(match self.peek() {
                        Some(x) => Error::Syntax(format!(
                            "expecting ')' instead of {}",
                            quote::cquote(&diag::lossy(x))
                        )),
                        None => Error::Syntax(format!(
                            "expecting ')' after {}",
                            quote::cquote(&diag::lossy(&self.a[self.i - 1]))
                        )),
                    });
                }
                Ok(v)
            }
            b"+" => {
                let v = self.token()?;
                Ok(Val::Str(v))
            }
            b"length" => {
                let s = self.primary()?.bytes();
                Ok(Val::Int(String::from_utf8_lossy(&s).chars().count() as i128))
            }
            b"match" => {
                let s = self.primary()?.bytes();
                let r = self.primary()?.bytes();
                regex_match(&s, &r)
            }
            b"index" => {
                let s = diag::lossy(&self.primary()?.bytes());
                let chars = diag::lossy(&self.primary()?.bytes());
                let pos = s
                    .chars()
                    .position(|c| chars.contains(c))
                    .map_or(0, |p| p + 1);
                Ok(Val::Int(pos as i128))
            }
            b"substr" => {
                let s: Vec<char> = diag::lossy(&self.primary()?.bytes()).chars().collect();
                let pos = self.primary()?.int();
                let len = self.primary()?.int();
                let (Some(pos), Some(len)) = (pos, len) else {
                    return Ok(Val::Str(Vec::new()));
                };
                if pos < 1 || len < 1 || pos as usize > s.len() {
                    return Ok(Val::Str(Vec::new()));
                }
                let start = pos as usize - 1;
                let end = (start as i128 + len).min(s.len() as i128) as usize;
                Ok(Val::Str(
                    s[start..end].iter().collect::<String>().into_bytes(),
                ))
            }
            _ => Ok(Val::Str(t)),
        }
    }

    fn token(&mut self) -> Result<Vec<u8>, Error> {
        match self.peek().map(|t| t.to_vec()) {
            Some(t) => {
                self.i += 1;
                Ok(t)
            }
            None => Err(Error::Syntax("missing argument after '+'".into())),
        }
    }
}

/// `STRING : REGEXP`: the basic regular expression (the shared POSIX translator, matched
/// leftmost-longest) anchored at the start of STRING. With a group, the text of group 1;
/// else the length of the match in characters.
fn regex_match(s: &[u8], re: &[u8]) -> Result<Val, Error> {
    use sandsh_text::regex::{Flags, Regex, Syntax};
    let r = Regex::new(re, Syntax::Basic, Flags::default())
        .map_err(|e| Error::Invalid(e.to_string()))?;
    let has_group = r.groups() > 0;
    let caps = r
        .captures_at(s, 0)
        .filter(|c| c[0].is_some_and(|(a, _)| a == 0));
    Ok(match caps {
        Some(c) if has_group => Val::Str(
            c.get(1)
                .copied()
                .flatten()
                .map(|(a, b)| s[a..b].to_vec())
                .unwrap_or_default(),
        ),
        Some(c) => {
            let m = c[0].map_or(&b""[..], |(a, b)| &s[a..b]);
            Val::Int(String::from_utf8_lossy(m).chars().count() as i128)
        }
        None if has_group => Val::Str(Vec::new()),
        None => Val::Int(0),
    })
}

impl Command for Expr {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args = if args.first().is_some_and(|a| a == b"--") {
            &args[1..]
        } else {
            args
        };
        if args.is_empty() {
            return diag::usage(ctx, &SPEC, "expr: missing operand", 2);
        }
        let mut p = P { a: args, i: 0 };
        let r = p.or().and_then(|v| {
            if p.i < args.len() {
                Err(Error::Syntax(format!(
                    "unexpected argument {}",
                    quote::cquote(&diag::lossy(&args[p.i]))
                )))
            } else {
                Ok(v)
            }
        });
        match r {
            Ok(v) => {
                let mut out = v.bytes();
                out.push(b'\n');
                if !output::out(ctx, &out) {
                    return 3;
                }
                if v.is_null() { 1 } else { 0 }
            }
            Err(Error::Syntax(m)) => {
                diag::err(ctx, "expr", &format!("syntax error: {m}"));
                2
            }
            Err(Error::Invalid(m)) => {
                diag::err(ctx, "expr", &m);
                2
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Expr;
    use crate::common::testing::run_in;

    fn e(args: &[&str]) -> (i32, String) {
        let (s, o, _) = run_in(&Expr, args, "");
        (s, o)
    }

    #[test]
    fn grammar() {
        assert_eq!(e(&["3", "+", "4", "*", "2"]), (0, "11\n".into()));
        assert_eq!(e(&["(", "3", "+", "4", ")", "*", "2"]), (0, "14\n".into()));
        assert_eq!(e(&["5", "-", "5"]), (1, "0\n".into()));
        assert_eq!(e(&["abc", ":", "a\\(.\\)"]), (0, "b\n".into()));
        assert_eq!(e(&["abc123", ":", "[a-z]*"]), (0, "3\n".into()));
        assert_eq!(e(&["x", ":", "y"]), (1, "0\n".into()));
        assert_eq!(e(&["length", "hello"]), (0, "5\n".into()));
        assert_eq!(e(&["substr", "hello", "2", "3"]), (0, "ell\n".into()));
        assert_eq!(e(&["index", "hello", "l"]), (0, "3\n".into()));
        assert_eq!(e(&["0", "|", "7"]), (0, "7\n".into()));
        assert_eq!(e(&["0", "&", "7"]), (1, "0\n".into()));
        assert_eq!(e(&["b", ">", "a"]), (0, "1\n".into()));
        assert_eq!(e(&["10", "<", "9"]), (1, "0\n".into()));
        assert_eq!(e(&["", "|", ""]), (1, "0\n".into()));
        assert_eq!(e(&["+", "length"]), (0, "length\n".into()));
    }

    #[test]
    fn errors() {
        assert_eq!(run_in(&Expr, &["1", "+"], "").0, 2);
        assert_eq!(
            run_in(&Expr, &["a", "+", "1"], "").2,
            "expr: non-integer argument\n"
        );
        assert_eq!(run_in(&Expr, &["1", "/", "0"], "").0, 2);
        assert_eq!(
            run_in(&Expr, &["1", "2"], "").2,
            "expr: syntax error: unexpected argument \u{2018}2\u{2019}\n"
        );
    }
}
