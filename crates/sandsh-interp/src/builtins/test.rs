//! `test` and `[`: POSIX argument-count rules, then a recursive parser for longer forms.

use super::super::cond::int_cmp;
use super::super::expand::ExpAssign;
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn test(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    run(sh, "test", &argv[1..])
}

pub fn bracket(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.last().map(|a| a.as_slice()) != Some(b"]") {
        sh.builtin_error("[", "missing `]'");
        return Ok(2);
    }
    run(sh, "[", &argv[1..argv.len() - 1])
}

fn run(sh: &mut Shell, name: &str, args: &[Vec<u8>]) -> Res<i32> {
    let args: Vec<String> = args.iter().map(|a| text(a)).collect();
    let mut p = TestParser {
        sh,
        args: &args,
        pos: 0,
        name,
    };
    match p.eval_top() {
        Ok(true) => Ok(0),
        Ok(false) => Ok(1),
        Err(msg) => {
            if !msg.is_empty() {
                p.sh.builtin_error(name, &msg);
            }
            Ok(2)
        }
    }
}

struct TestParser<'a> {
    sh: &'a mut Shell,
    args: &'a [String],
    pos: usize,
    #[allow(dead_code)]
    name: &'a str,
}

fn is_unary(op: &str) -> bool {
    matches!(
        op,
        "-a" | "-b"
            | "-c"
            | "-d"
            | "-e"
            | "-f"
            | "-g"
            | "-h"
            | "-k"
            | "-p"
            | "-r"
            | "-s"
            | "-t"
            | "-u"
            | "-w"
            | "-x"
            | "-G"
            | "-L"
            | "-N"
            | "-O"
            | "-S"
            | "-z"
            | "-n"
            | "-v"
            | "-o"
            | "-R"
    )
}

fn is_binary(op: &str) -> bool {
    matches!(
        op,
        "=" | "=="
            | "!="
            | "<"
            | ">"
            | "-eq"
            | "-ne"
            | "-lt"
            | "-le"
            | "-gt"
            | "-ge"
            | "-nt"
            | "-ot"
            | "-ef"
    )
}

impl TestParser<'_> {
    fn eval_top(&mut self) -> Result<bool, String> {
        let n = self.args.len();
        let a = self.args;
        match n {
            0 => Ok(false),
            1 => Ok(!a[0].is_empty()),
            2 => {
                if a[0] == "!" {
                    return Ok(a[1].is_empty());
                }
                if is_unary(&a[0]) {
                    return self.unary(&a[0].clone(), &a[1].clone());
                }
                Err(format!("{}: unary operator expected", a[0]))
            }
            3 => {
                if is_binary(&a[1]) {
                    return self.binary(&a[0].clone(), &a[1].clone(), &a[2].clone());
                }
                if a[1] == "-a" || a[1] == "-o" {
                    let l = !a[0].is_empty();
                    let r = !a[2].is_empty();
                    return Ok(if a[1] == "-a" { l && r } else { l || r });
                }
                if a[0] == "!" {
                    self.pos = 1;
                    let mut sub = TestParser {
                        sh: self.sh,
                        args: &a[1..],
                        pos: 0,
                        name: self.name,
                    };
                    return sub.eval_top().map(|v| !v);
                }
                if a[0] == "(" && a[2] == ")" {
                    return Ok(!a[1].is_empty());
                }
                Err(format!("{}: binary operator expected", a[1]))
            }
            4 if a[0] == "!" => {
                let mut sub = TestParser {
                    sh: self.sh,
                    args: &a[1..],
                    pos: 0,
                    name: self.name,
                };
                sub.eval_top().map(|v| !v)
            }
            4 if a[0] == "(" && a[3] == ")" => {
                let mut sub = TestParser {
                    sh: self.sh,
                    args: &a[1..3],
                    pos: 0,
                    name: self.name,
                };
                sub.eval_top()
            }
            _ => {
                let v = self.or()?;
                if self.pos < self.args.len() {
                    return Err(format!("{}: too many arguments", self.args[self.pos])
                        .replace(&format!("{}: ", self.args[self.pos]), ""));
                }
                Ok(v)
            }
        }
    }

    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(|s| s.as_str())
    }

    fn or(&mut self) -> Result<bool, String> {
        let mut v = self.and()?;
        while self.peek() == Some("-o") {
            self.pos += 1;
            let r = self.and()?;
            v = v || r;
        }
        Ok(v)
    }

    fn and(&mut self) -> Result<bool, String> {
        let mut v = self.not()?;
        while self.peek() == Some("-a") {
            self.pos += 1;
            let r = self.not()?;
            v = v && r;
        }
        Ok(v)
    }

    fn not(&mut self) -> Result<bool, String> {
        if self.peek() == Some("!") {
            self.pos += 1;
            return self.not().map(|v| !v);
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<bool, String> {
        let Some(tok) = self.peek().map(|s| s.to_string()) else {
            return Err("argument expected".to_string());
        };
        if tok == "(" {
            self.pos += 1;
            let v = self.or()?;
            if self.peek() != Some(")") {
                return Err("`)' expected".to_string());
            }
            self.pos += 1;
            return Ok(v);
        }
        if let Some(op) = self.args.get(self.pos + 1).cloned()
            && is_binary(&op)
            && self.pos + 2 < self.args.len()
        {
            let r = self.args[self.pos + 2].clone();
            self.pos += 3;
            return self.binary(&tok, &op, &r);
        }
        if is_unary(&tok) && self.pos + 1 < self.args.len() {
            let v = self.args[self.pos + 1].clone();
            self.pos += 2;
            return self.unary(&tok, &v);
        }
        self.pos += 1;
        Ok(!tok.is_empty())
    }

    fn unary(&mut self, op: &str, v: &str) -> Result<bool, String> {
        match self.sh.unary_test(op, v.as_bytes()) {
            Ok(b) => Ok(b),
            Err(_) => Err(String::new()),
        }
    }

    fn binary(&mut self, l: &str, op: &str, r: &str) -> Result<bool, String> {
        match op {
            "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                let parse = |s: &str| -> Result<i64, String> {
                    s.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("{s}: integer expression expected"))
                };
                let x = parse(l)?;
                let y = parse(r)?;
                Ok(int_cmp(op, x, y))
            }
            _ => match self.sh.binary_test(op, l.as_bytes(), r.as_bytes()) {
                Ok(b) => Ok(b),
                Err(Flow::Exit(_)) => Err(String::new()),
                Err(_) => Err(String::new()),
            },
        }
    }
}
