//! Bash arithmetic expressions: AST and parser.
//!
//! Arithmetic text is parsed after parameter expansion (see `ast`), so the parser works on a
//! plain string. Variables are kept by name; their values are themselves evaluated as
//! arithmetic by the interpreter, as bash does (`a=b; b=3; echo $((a+1))` prints 4).

/// Binary operators, lowest to highest precedence groups as in bash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
}

/// A place that can be assigned: a variable or an array element.
#[derive(Debug, Clone, PartialEq)]
pub enum LValue {
    Var(String),
    /// `name[subscript]`: the subscript's source text (evaluated arithmetically for indexed
    /// arrays, used as the key for associative arrays).
    Index(String, String),
}

#[derive(Debug, Clone, PartialEq)]
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
    let _ = src;
    todo!("arith parser")
}
