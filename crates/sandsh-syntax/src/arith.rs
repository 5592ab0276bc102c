//! Bash arithmetic expressions: AST and parser.
//!
//! Arithmetic text is parsed after parameter expansion (see `ast`), so the parser works on a
//! plain string. Variables are kept by name; their values are themselves evaluated as
//! arithmetic by the interpreter, as bash does (`a=b; b=3; echo $((a+1))` prints 4).

/// Binary operators, lowest to highest precedence groups as in bash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Pow,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
}

/// A place that can be assigned: a variable or an array element.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum LValue {
    Var(String),
    /// `name[subscript]`: the subscript's source text (evaluated arithmetically for indexed
    /// arrays, used as the key for associative arrays).
    Index(String, String),
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ArithExpr {
    Num(i64),
    /// A variable or array element read.
    Var(LValue),
    Unary(UnOp, Box<ArithExpr>),
    Binary(BinOp, Box<ArithExpr>, Box<ArithExpr>),
    /// `x = e`, `x += e` (op is the compound operator, `None` for plain `=`).
    Assign(LValue, Option<BinOp>, Box<ArithExpr>),
    PreInc(LValue),
    PreDec(LValue),
    PostInc(LValue),
    PostDec(LValue),
    Ternary(Box<ArithExpr>, Box<ArithExpr>, Box<ArithExpr>),
    /// `a, b`: evaluates both, value of the last.
    Comma(Box<ArithExpr>, Box<ArithExpr>),
    /// The divisor of `/`, `%`, `/=` or `%=`, which starts at this byte of the expression
    /// text (counted after its leading blanks): bash's error token for a division by zero
    /// is the text from there (`5 / y ` gives "y ").
    At(u32, Box<ArithExpr>),
}

/// An arithmetic syntax error, worded like bash's
/// (`syntax error: operand expected (error token is "+ ")`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ArithError {
    pub message: String,
}

/// Parse arithmetic text. An empty (or all-blank) expression is `Ok(None)`: it evaluates to 0.
pub fn parse_arith(src: &str) -> Result<Option<ArithExpr>, ArithError> {
    let mut p = AP {
        s: src.as_bytes(),
        src,
        pos: 0,
        tok: T::End,
        tok_start: 0,
        prev_start: 0,
        prev_was_ident: false,
        depth: 0,
        lead: src.len() - src.trim_start().len(),
    };
    p.advance()?;
    if p.tok == T::End {
        return Ok(None);
    }
    let e = p.comma()?;
    if p.tok != T::End {
        return Err(p.err("syntax error in expression"));
    }
    Ok(Some(e))
}

#[derive(Debug, Clone, PartialEq)]
enum T {
    Num(i64),
    Ident(LValue),
    /// An operator, as its text.
    Op(&'static str),
    LParen,
    RParen,
    End,
    /// A character that starts no token: an operand was expected there or an operator, which
    /// the parser tells apart (bash's "operand expected" / "invalid arithmetic operator").
    Bad,
}

struct AP<'s> {
    s: &'s [u8],
    src: &'s str,
    pos: usize,
    tok: T,
    tok_start: usize,
    prev_start: usize,
    prev_was_ident: bool,
    depth: u32,
    /// The blanks before the expression, which offsets in [`ArithExpr::At`] leave out.
    lead: usize,
}

const OPS: &[&str] = &[
    "<<=", ">>=", "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=",
    "-=", "&=", "^=", "|=", "++", "--", "=", "*", "/", "%", "+", "-", "<", ">", "&", "^", "|", "!",
    "~", "?", ":", ",",
];

fn num_err(msg: &str, text: &str) -> ArithError {
    ArithError {
        message: format!("{msg} (error token is \"{text}\")"),
    }
}

fn digit_val(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some((c - b'0') as u32),
        b'a'..=b'z' => Some((c - b'a') as u32 + 10),
        b'A'..=b'Z' => Some((c - b'A') as u32 + 36),
        b'@' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

fn binop(o: &str) -> Option<(u8, BinOp)> {
    Some(match o {
        "||" => (1, BinOp::LogOr),
        "&&" => (2, BinOp::LogAnd),
        "|" => (3, BinOp::BitOr),
        "^" => (4, BinOp::BitXor),
        "&" => (5, BinOp::BitAnd),
        "==" => (6, BinOp::Eq),
        "!=" => (6, BinOp::Ne),
        "<" => (7, BinOp::Lt),
        "<=" => (7, BinOp::Le),
        ">" => (7, BinOp::Gt),
        ">=" => (7, BinOp::Ge),
        "<<" => (8, BinOp::Shl),
        ">>" => (8, BinOp::Shr),
        "+" => (9, BinOp::Add),
        "-" => (9, BinOp::Sub),
        "*" => (10, BinOp::Mul),
        "/" => (10, BinOp::Div),
        "%" => (10, BinOp::Rem),
        _ => return None,
    })
}

impl AP<'_> {
    fn err_from(&self, msg: &str, at: usize) -> ArithError {
        let at = at.min(self.src.len());
        let tok = self.src.get(at..).unwrap_or("");
        ArithError {
            message: format!("{msg} (error token is \"{tok}\")"),
        }
    }

    /// Error at the current token (or the previous one at end of input); a character that
    /// starts no token where an operator could stand is an invalid operator.
    fn err(&self, msg: &str) -> ArithError {
        if self.tok == T::Bad && !msg.contains("operand expected") {
            return self.err_from("syntax error: invalid arithmetic operator", self.tok_start);
        }
        let at = if self.tok == T::End {
            self.prev_start
        } else {
            self.tok_start
        };
        self.err_from(msg, at)
    }

    fn advance(&mut self) -> Result<(), ArithError> {
        let was_ident = matches!(self.tok, T::Ident(_));
        self.prev_was_ident = was_ident;
        self.prev_start = self.tok_start;
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
        let start = self.pos;
        self.tok_start = start;
        let Some(&c) = self.s.get(start) else {
            self.tok = T::End;
            return Ok(());
        };
        if c.is_ascii_digit() {
            let mut j = start;
            while j < self.s.len()
                && (self.s[j].is_ascii_alphanumeric() || matches!(self.s[j], b'#' | b'@' | b'_'))
            {
                j += 1;
            }
            self.pos = j;
            let text = &self.src[start..j];
            self.tok = T::Num(self.number(text)?);
            return Ok(());
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let mut j = start;
            while j < self.s.len() && (self.s[j].is_ascii_alphanumeric() || self.s[j] == b'_') {
                j += 1;
            }
            let name = self.src[start..j].to_string();
            if self.s.get(j) == Some(&b'[') {
                let mut depth = 0;
                let mut k = j;
                let close = loop {
                    match self.s.get(k) {
                        None => break None,
                        Some(b'[') => depth += 1,
                        Some(b']') => {
                            depth -= 1;
                            if depth == 0 {
                                break Some(k);
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                };
                let Some(k) = close else {
                    return Err(self.err_from("bad array subscript", start));
                };
                self.pos = k + 1;
                self.tok = T::Ident(LValue::Index(name, self.src[j + 1..k].to_string()));
                return Ok(());
            }
            self.pos = j;
            self.tok = T::Ident(LValue::Var(name));
            return Ok(());
        }
        match c {
            b'(' => {
                self.pos += 1;
                self.tok = T::LParen;
                return Ok(());
            }
            b')' => {
                self.pos += 1;
                self.tok = T::RParen;
                return Ok(());
            }
            _ => {}
        }
        let rest = &self.s[start..];
        let Some(op) = OPS.iter().find(|o| rest.starts_with(o.as_bytes())) else {
            self.tok = T::Bad;
            return Ok(());
        };
        let mut op: &'static str = op;
        if op == "++" || op == "--" {
            // Post-increment after a variable; pre-increment only before one; otherwise two
            // unary/binary signs (`1 ++ 2` is 1 + +2), as bash does.
            if !was_ident {
                let mut k = start + 2;
                while k < self.s.len() && matches!(self.s[k], b' ' | b'\t') {
                    k += 1;
                }
                let ident_next = self
                    .s
                    .get(k)
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_');
                if !ident_next {
                    op = if op == "++" { "+" } else { "-" };
                }
            }
        }
        self.pos = start + op.len();
        self.tok = T::Op(op);
        Ok(())
    }

    fn number(&self, text: &str) -> Result<i64, ArithError> {
        let (base, digits): (u32, &str) = if let Some(k) = text.find('#') {
            // A base after `0`/`0x` (already octal/hex) or a second `#`: bash says so.
            if text.starts_with('0') {
                return Err(num_err("invalid number", text));
            }
            let b: u32 = text[..k].parse().unwrap_or(0);
            if !(2..=64).contains(&b) || !text[..k].bytes().all(|c| c.is_ascii_digit()) {
                return Err(num_err("invalid arithmetic base", text));
            }
            if k + 1 == text.len() {
                return Err(num_err("invalid integer constant", text));
            }
            (b, &text[k + 1..])
        } else if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (16, h)
        } else if text.len() > 1 && text.starts_with('0') {
            (8, &text[1..])
        } else {
            (10, text)
        };
        let mut v: i64 = 0;
        for c in digits.bytes() {
            if c == b'#' {
                return Err(num_err("invalid number", text));
            }
            let d = match digit_val(c) {
                Some(d) if base <= 36 && c.is_ascii_uppercase() => d - 26,
                Some(d) => d,
                None => u32::MAX,
            };
            if d >= base {
                return Err(num_err("value too great for base", text));
            }
            v = v.wrapping_mul(base as i64).wrapping_add(d as i64);
        }
        Ok(v)
    }

    fn is_op(&self, o: &str) -> bool {
        matches!(&self.tok, T::Op(x) if *x == o)
    }

    fn comma(&mut self) -> Result<ArithExpr, ArithError> {
        let mut l = self.assign()?;
        while self.is_op(",") {
            self.advance()?;
            let r = self.assign()?;
            l = ArithExpr::Comma(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn assign(&mut self) -> Result<ArithExpr, ArithError> {
        self.depth += 1;
        if self.depth > 100 {
            return Err(self.err("expression recursion level exceeded"));
        }
        let r = self.assign_inner();
        self.depth -= 1;
        r
    }

    fn assign_inner(&mut self) -> Result<ArithExpr, ArithError> {
        let lhs = self.cond()?;
        let op = match &self.tok {
            T::Op("=") => None,
            T::Op("*=") => Some(BinOp::Mul),
            T::Op("/=") => Some(BinOp::Div),
            T::Op("%=") => Some(BinOp::Rem),
            T::Op("+=") => Some(BinOp::Add),
            T::Op("-=") => Some(BinOp::Sub),
            T::Op("<<=") => Some(BinOp::Shl),
            T::Op(">>=") => Some(BinOp::Shr),
            T::Op("&=") => Some(BinOp::BitAnd),
            T::Op("^=") => Some(BinOp::BitXor),
            T::Op("|=") => Some(BinOp::BitOr),
            _ => return Ok(lhs),
        };
        let ArithExpr::Var(lv) = lhs else {
            return Err(self.err("attempted assignment to non-variable"));
        };
        self.advance()?;
        let at = self.tok_start;
        let rhs = self.assign()?;
        let rhs = match op {
            Some(op) => self.divisor(op, at, rhs),
            None => rhs,
        };
        Ok(ArithExpr::Assign(lv, op, Box::new(rhs)))
    }

    /// The right operand of `op`, which started at `at`: marked with its place when `op`
    /// divides (see [`ArithExpr::At`]).
    fn divisor(&self, op: BinOp, at: usize, r: ArithExpr) -> ArithExpr {
        match op {
            BinOp::Div | BinOp::Rem => {
                let at = u32::try_from(at.saturating_sub(self.lead)).unwrap_or(u32::MAX);
                ArithExpr::At(at, Box::new(r))
            }
            _ => r,
        }
    }

    fn cond(&mut self) -> Result<ArithExpr, ArithError> {
        let c = self.binary(1)?;
        if !self.is_op("?") {
            return Ok(c);
        }
        self.advance()?;
        if self.tok == T::End {
            return Err(self.err("expression expected"));
        }
        let a = self.comma()?;
        if !self.is_op(":") {
            return Err(self.err("`:' expected for conditional expression"));
        }
        self.advance()?;
        if self.tok == T::End {
            return Err(self.err("expression expected"));
        }
        let b = self.cond()?;
        Ok(ArithExpr::Ternary(Box::new(c), Box::new(a), Box::new(b)))
    }

    /// Binary operators by precedence climbing (1 = `||` … 10 = `* / %`), all left-associative.
    fn binary(&mut self, min: u8) -> Result<ArithExpr, ArithError> {
        let mut l = self.power()?;
        while let T::Op(o) = self.tok
            && let Some((prec, op)) = binop(o)
            && prec >= min
        {
            self.advance()?;
            let at = self.tok_start;
            let r = self.binary(prec + 1)?;
            let r = self.divisor(op, at, r);
            l = ArithExpr::Binary(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn power(&mut self) -> Result<ArithExpr, ArithError> {
        let base = self.unary()?;
        if self.is_op("**") {
            self.advance()?;
            self.depth += 1;
            if self.depth > 100 {
                return Err(self.err("expression recursion level exceeded"));
            }
            let exp = self.power();
            self.depth -= 1;
            // bash's error token for a negative exponent: the text from the token after the
            // exponent, or from the exponent's last token when nothing follows it.
            let at = if self.tok == T::End {
                self.prev_start
            } else {
                self.tok_start
            };
            let at = u32::try_from(at.saturating_sub(self.lead)).unwrap_or(u32::MAX);
            return Ok(ArithExpr::Binary(
                BinOp::Pow,
                Box::new(base),
                Box::new(ArithExpr::At(at, Box::new(exp?))),
            ));
        }
        Ok(base)
    }

    fn unary(&mut self) -> Result<ArithExpr, ArithError> {
        let op = match self.tok {
            T::Op("!") => UnOp::Not,
            T::Op("~") => UnOp::BitNot,
            T::Op("-") => UnOp::Neg,
            T::Op("+") => UnOp::Plus,
            T::Op(o @ ("++" | "--")) => {
                self.advance()?;
                let T::Ident(lv) = self.tok.clone() else {
                    return Err(self.err("syntax error: operand expected"));
                };
                self.advance()?;
                return Ok(if o == "++" {
                    ArithExpr::PreInc(lv)
                } else {
                    ArithExpr::PreDec(lv)
                });
            }
            _ => return self.primary(),
        };
        self.advance()?;
        self.depth += 1;
        if self.depth > 100 {
            return Err(self.err("expression recursion level exceeded"));
        }
        let e = self.unary();
        self.depth -= 1;
        Ok(ArithExpr::Unary(op, Box::new(e?)))
    }

    fn primary(&mut self) -> Result<ArithExpr, ArithError> {
        match self.tok.clone() {
            T::Num(n) => {
                self.advance()?;
                Ok(ArithExpr::Num(n))
            }
            T::Ident(lv) => {
                self.advance()?;
                if self.is_op("++") {
                    self.advance()?;
                    return Ok(ArithExpr::PostInc(lv));
                }
                if self.is_op("--") {
                    self.advance()?;
                    return Ok(ArithExpr::PostDec(lv));
                }
                Ok(ArithExpr::Var(lv))
            }
            T::LParen => {
                self.advance()?;
                let e = self.comma()?;
                if self.tok != T::RParen {
                    return Err(self.err("missing `)'"));
                }
                self.advance()?;
                Ok(e)
            }
            _ => Err(self.err("syntax error: operand expected")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lv(l: &LValue) -> String {
        match l {
            LValue::Var(n) => n.clone(),
            LValue::Index(n, s) => format!("{n}[{s}]"),
        }
    }

    fn show(e: &ArithExpr) -> String {
        match e {
            ArithExpr::Num(n) => n.to_string(),
            ArithExpr::Var(l) => lv(l),
            ArithExpr::Unary(op, x) => format!("({op:?} {})", show(x)),
            ArithExpr::Binary(op, a, b) => format!("({op:?} {} {})", show(a), show(b)),
            ArithExpr::At(_, e) => show(e),
            ArithExpr::Assign(l, op, x) => match op {
                Some(op) => format!("({}{op:?}= {})", lv(l), show(x)),
                None => format!("({} = {})", lv(l), show(x)),
            },
            ArithExpr::PreInc(l) => format!("++{}", lv(l)),
            ArithExpr::PreDec(l) => format!("--{}", lv(l)),
            ArithExpr::PostInc(l) => format!("{}++", lv(l)),
            ArithExpr::PostDec(l) => format!("{}--", lv(l)),
            ArithExpr::Ternary(c, a, b) => format!("({} ? {} : {})", show(c), show(a), show(b)),
            ArithExpr::Comma(a, b) => format!("({}, {})", show(a), show(b)),
        }
    }

    fn p(s: &str) -> String {
        match parse_arith(s) {
            Ok(Some(e)) => show(&e),
            Ok(None) => "empty".into(),
            Err(e) => format!("ERR {}", e.message),
        }
    }

    #[test]
    fn precedence_and_forms() {
        let cases = [
            ("1 + 2 * 3", "(Add 1 (Mul 2 3))"),
            ("(1 + 2) * 3", "(Mul (Add 1 2) 3)"),
            ("2 ** 3 ** 2", "(Pow 2 (Pow 3 2))"),
            ("-2 ** 2", "(Pow (Neg 2) 2)"),
            ("1 - 2 - 3", "(Sub (Sub 1 2) 3)"),
            ("a = b = 3", "(a = (b = 3))"),
            ("a += 2, b <<= 1", "((aAdd= 2), (bShl= 1))"),
            ("x ? y : z ? 1 : 2", "(x ? y : (z ? 1 : 2))"),
            (
                "a || b && c | d ^ e & f == g < h << i + j * k",
                "(LogOr a (LogAnd b (BitOr c (BitXor d (BitAnd e (Eq f (Lt g (Shl h (Add i (Mul j k))))))))))",
            ),
            ("!a && ~b", "(LogAnd (Not a) (BitNot b))"),
            ("x++ + ++y", "(Add x++ ++y)"),
            ("x-- - --y", "(Sub x-- --y)"),
            ("1 ++ 2", "(Add 1 (Plus 2))"),
            ("1 -- 2", "(Sub 1 (Neg 2))"),
            ("a[i+1] = a[$j] * 2", "(a[i+1] = (Mul a[$j] 2))"),
            ("a[b[1]]++", "a[b[1]]++"),
            (
                "0x1F + 017 + 2#101 + 64#@_ + 36#z + 62#Z + 0x",
                "(Add (Add (Add (Add (Add (Add 31 15) 5) 4031) 35) 61) 0)",
            ),
            ("9223372036854775808", "-9223372036854775808"),
            ("18446744073709551617", "1"),
            ("  ", "empty"),
            ("", "empty"),
            ("a <= b >= c != d", "(Ne (Ge (Le a b) c) d)"),
            (
                "a %= 3, b ^= 1, c |= 2, d &= 4, e >>= 1, f *= 2, g /= 2, h -= 1",
                "((((((((aRem= 3), (bBitXor= 1)), (cBitOr= 2)), (dBitAnd= 4)), (eShr= 1)), (fMul= 2)), (gDiv= 2)), (hSub= 1))",
            ),
        ];
        let mut bad = Vec::new();
        for (src, want) in cases {
            let got = p(src);
            if got != want {
                bad.push(format!("{src:?}: want {want}, got {got}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn errors_worded_like_bash() {
        let cases = [
            (
                "1 +* 2",
                "syntax error: operand expected (error token is \"* 2\")",
            ),
            ("2 3", "syntax error in expression (error token is \"3\")"),
            (
                "1+",
                "syntax error: operand expected (error token is \"+\")",
            ),
            (
                "a=",
                "syntax error: operand expected (error token is \"=\")",
            ),
            (
                "1=2",
                "attempted assignment to non-variable (error token is \"=2\")",
            ),
            ("08 + 1", "value too great for base (error token is \"08\")"),
            ("2#12", "value too great for base (error token is \"2#12\")"),
            ("65#1", "invalid arithmetic base (error token is \"65#1\")"),
            ("2#", "invalid integer constant (error token is \"2#\")"),
            ("0x1g", "value too great for base (error token is \"0x1g\")"),
            ("1 2a", "value too great for base (error token is \"2a\")"),
            (
                "a ++ b",
                "syntax error in expression (error token is \"b\")",
            ),
            (
                "1 ? 2",
                "`:' expected for conditional expression (error token is \"2\")",
            ),
            ("1 ? 2 : ", "expression expected (error token is \": \")"),
            (
                "1.5",
                "syntax error: invalid arithmetic operator (error token is \".5\")",
            ),
            (
                "++",
                "syntax error: operand expected (error token is \"+\")",
            ),
            ("a[1 ", "bad array subscript (error token is \"a[1 \")"),
        ];
        let mut bad = Vec::new();
        for (src, want) in cases {
            let got = p(src);
            let want = format!("ERR {want}");
            if got != want {
                bad.push(format!("{src:?}: want {want}, got {got}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
