//! Conditional expressions: `[[ … ]]` and the `test` / `[` builtins share the operators here.

use sandsh_syntax::ast::CondExpr;
use sandsh_vfs::FileType;

use super::vars::Attrs;
use super::{Flow, Res, Shell};

impl Shell {
    pub fn eval_cond(&mut self, e: &CondExpr) -> Res<bool> {
        self.eval_cond_at(e, false)
    }

    /// `set -x` line of one test inside `[[ ]]`, as bash traces each test it evaluates:
    /// operands expanded and unquoted (an empty one as `''`), `!` (`not`) in front.
    fn trace_cond(&self, not: bool, parts: &[&[u8]]) {
        if !self.opts.xtrace {
            return;
        }
        let mut line = b"+ [[ ".to_vec();
        if not {
            line.extend_from_slice(b"! ");
        }
        for p in parts {
            line.extend_from_slice(if p.is_empty() { b"''" } else { p });
            line.push(b' ');
        }
        line.extend_from_slice(b"]]\n");
        self.write_xtrace(&line);
    }

    /// A pattern operand as bash traces it: quoted characters behind a backslash.
    fn traced_pattern(segs: &[(Vec<u8>, bool)]) -> Vec<u8> {
        let mut out = Vec::new();
        for (text, active) in segs {
            for &c in text {
                if !*active {
                    out.push(b'\\');
                }
                out.push(c);
            }
        }
        out
    }

    /// [`Shell::eval_cond`]; `not` when the test sits right under a `!` (for the trace).
    fn eval_cond_at(&mut self, e: &CondExpr, not: bool) -> Res<bool> {
        self.check_stack()?;
        Ok(match e {
            CondExpr::Not(a) => !self.eval_cond_at(a, !not)?,
            CondExpr::And(a, b) => self.eval_cond_at(a, false)? && self.eval_cond_at(b, false)?,
            CondExpr::Or(a, b) => self.eval_cond_at(a, false)? || self.eval_cond_at(b, false)?,
            CondExpr::Word(w) => {
                let v = self.expand_string(w)?;
                self.trace_cond(not, &[b"-n", &v]);
                !v.is_empty()
            }
            CondExpr::Unary(op, w) => {
                let v = self.expand_string(w)?;
                self.trace_cond(not, &[op.as_bytes(), &v]);
                self.unary_test(op, &v)?
            }
            CondExpr::Binary(l, op, r) => {
                let a = self.expand_string(l)?;
                let b = self.expand_string(r)?;
                self.trace_cond(not, &[&a, op.as_bytes(), &b]);
                match op.as_str() {
                    "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                        let (x, y) = match (
                            self.eval_arith_for("[[: ", &a)?,
                            self.eval_arith_for("[[: ", &b)?,
                        ) {
                            (Ok(x), Ok(y)) => (x, y),
                            _ => return Err(Flow::Discard(1)),
                        };
                        int_cmp(op, x, y)
                    }
                    _ => self.binary_test(op, &a, &b)?,
                }
            }
            CondExpr::Pattern { lhs, rhs, negated } => {
                let s = self.expand_string(lhs)?;
                let segs = self.expand_pattern(rhs)?;
                if self.opts.xtrace {
                    let op: &[u8] = if *negated { b"!=" } else { b"==" };
                    self.trace_cond(not, &[&s, op, &Self::traced_pattern(&segs)]);
                }
                let pat =
                    super::pat::compile(&segs, true, self.opts.nocasematch, !self.utf8_locale());
                pat.matches(&s) != *negated
            }
            CondExpr::Regex(lhs, rhs) => {
                let s = self.expand_string(lhs)?;
                let segs = self.expand_pattern(rhs)?;

                let re = super::cond_regex::regex_source(&segs);
                self.trace_cond(not, &[&s, b"=~", &re]);
                let Some(re) = self.env.regex(&re, self.opts.nocasematch) else {
                    return Err(Flow::Exit(2));
                };
                match re.captures_at(&s, 0) {
                    Some(caps) => {
                        let mut m = std::collections::BTreeMap::new();
                        for (i, c) in caps.iter().enumerate() {
                            m.insert(
                                i as i64,
                                c.map(|(a, b)| s[a..b].to_vec()).unwrap_or_default(),
                            );
                        }
                        let _ = self.vars.unset("BASH_REMATCH");
                        let _ = self
                            .vars
                            .set_value("BASH_REMATCH", super::vars::Value::Indexed(m));
                        true
                    }
                    None => {
                        let _ = self.vars.unset("BASH_REMATCH");
                        let _ = self.vars.set_value(
                            "BASH_REMATCH",
                            super::vars::Value::Indexed(Default::default()),
                        );
                        false
                    }
                }
            }
        })
    }

    /// `-f x`, `-z s`, … Unknown operators are a syntax error (status 2).
    pub fn unary_test(&mut self, op: &str, v: &[u8]) -> Res<bool> {
        let path = || String::from_utf8_lossy(v).into_owned();
        Ok(match op {
            "-z" => v.is_empty(),
            "-n" => !v.is_empty(),
            "-v" => {
                let name = path();
                match super::param::parse_param_ref(&name) {
                    Some(p @ sandsh_syntax::ast::Param::Index(..)) => {
                        !matches!(self.param_value(&p)?, super::param::PV::Unset)
                    }
                    Some(sandsh_syntax::ast::Param::Name(n)) => {
                        self.vars.is_set(&n)
                            || matches!(n.as_str(), "RANDOM" | "SECONDS" | "LINENO")
                    }
                    Some(sandsh_syntax::ast::Param::Positional(n)) => {
                        (n as usize) <= self.positional.len()
                    }
                    _ => false,
                }
            }
            "-R" => self
                .vars
                .lookup_raw(&path())
                .is_some_and(|v| v.attrs.has(Attrs::NAMEREF)),
            "-o" => self.option_enabled(&path()).unwrap_or(false),
            "-t" => false,
            "-e" | "-a" | "-f" | "-d" | "-h" | "-L" | "-r" | "-w" | "-x" | "-s" | "-b" | "-c"
            | "-p" | "-S" | "-g" | "-u" | "-k" | "-O" | "-G" | "-N" => self.file_test(op, &path()),
            _ => {
                self.error(&format!("{op}: unary operator expected"));
                return Err(Flow::Exit(2));
            }
        })
    }

    pub fn file_test(&self, op: &str, p: &str) -> bool {
        if p.is_empty() {
            return false;
        }
        let special = match p {
            "/dev/stdin" | "/dev/stdout" | "/dev/stderr" => Some(0),
            _ if p.starts_with("/dev/fd/") => Some(0),
            _ => None,
        };
        let abs = self.resolve(p);
        let be = &self.env.backend;
        if matches!(op, "-h" | "-L") {
            return be.lstat(&abs).is_ok_and(|m| m.is_symlink());
        }
        let m = match be.stat(&abs) {
            Ok(m) => m,
            Err(_) => return special.is_some() && matches!(op, "-e" | "-a" | "-r" | "-w"),
        };
        match op {
            "-e" | "-a" => true,
            "-f" => m.file_type == FileType::File,
            "-d" => m.file_type == FileType::Dir,
            "-r" => m.mode & 0o444 != 0,
            "-w" => m.mode & 0o222 != 0 && !be.read_only(),
            "-x" => m.mode & 0o111 != 0,
            "-s" => m.size > 0,
            "-c" => m.file_type == FileType::CharDevice,
            "-b" | "-S" => false,
            "-p" => m.file_type == FileType::Fifo,
            "-g" => m.mode & 0o2000 != 0,
            "-u" => m.mode & 0o4000 != 0,
            "-k" => m.mode & 0o1000 != 0,
            "-O" | "-G" => true,
            "-N" => m.mtime > m.atime,
            _ => false,
        }
    }

    pub fn binary_test(&mut self, op: &str, a: &[u8], b: &[u8]) -> Res<bool> {
        Ok(match op {
            "=" | "==" => a == b,
            "!=" => a != b,
            "<" => a < b,
            ">" => a > b,
            "-nt" | "-ot" | "-ef" => {
                let be = &self.env.backend;
                let ma = be.stat(&self.resolve(&String::from_utf8_lossy(a))).ok();
                let mb = be.stat(&self.resolve(&String::from_utf8_lossy(b))).ok();
                match op {
                    "-nt" => match (ma, mb) {
                        (Some(x), Some(y)) => x.mtime > y.mtime,
                        (Some(_), None) => true,
                        _ => false,
                    },
                    "-ot" => match (ma, mb) {
                        (Some(x), Some(y)) => x.mtime < y.mtime,
                        (None, Some(_)) => true,
                        _ => false,
                    },
                    _ => match (ma, mb) {
                        (Some(x), Some(y)) => x.ino == y.ino,
                        _ => false,
                    },
                }
            }
            _ => {
                self.error(&format!("{op}: binary operator expected"));
                return Err(Flow::Exit(2));
            }
        })
    }
}

pub fn int_cmp(op: &str, x: i64, y: i64) -> bool {
    match op {
        "-eq" => x == y,
        "-ne" => x != y,
        "-lt" => x < y,
        "-le" => x <= y,
        "-gt" => x > y,
        _ => x >= y,
    }
}
