//! The compiled program: a tree whose variables are resolved to slots (globals by index,
//! function locals by frame offset) so that nothing is looked up by name at run time.

use super::value::Str;

/// Fixed global slots for the special variables (the parser registers them first).
pub mod special {
    pub const NR: usize = 0;
    pub const FNR: usize = 1;
    pub const FS: usize = 2;
    pub const OFS: usize = 3;
    pub const ORS: usize = 4;
    pub const RS: usize = 5;
    pub const FILENAME: usize = 6;
    pub const SUBSEP: usize = 7;
    pub const RSTART: usize = 8;
    pub const RLENGTH: usize = 9;
    pub const CONVFMT: usize = 10;
    pub const OFMT: usize = 11;
    pub const ENVIRON: usize = 12;
    pub const ARGC: usize = 13;
    pub const ARGV: usize = 14;
    pub const RT: usize = 15;
    pub const IGNORECASE: usize = 16;
    pub const FPAT: usize = 17;
    pub const NAMES: &[&str] = &[
        "NR",
        "FNR",
        "FS",
        "OFS",
        "ORS",
        "RS",
        "FILENAME",
        "SUBSEP",
        "RSTART",
        "RLENGTH",
        "CONVFMT",
        "OFMT",
        "ENVIRON",
        "ARGC",
        "ARGV",
        "RT",
        "IGNORECASE",
        "FPAT",
    ];
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Var {
    Global(usize),
    Local(usize),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// An array operand: a variable, or one of its subarrays (gawk's arrays of arrays): `a[i][j]`
/// is the element `j` of the array `ArrRef { var: a, path: [[i]] }`. (Boxed in expressions,
/// which the recursive parser and evaluator keep on the stack: they stay small.)
#[derive(Debug, Clone)]
pub struct ArrRef {
    pub var: Var,
    /// The subscripts leading to the subarray, outermost first; empty for `a` itself.
    pub path: Vec<Vec<Expr>>,
}

#[derive(Debug, Clone)]
pub enum LValue {
    Var(Var),
    Field(Box<Expr>),
    Index(Box<ArrRef>, Vec<Expr>),
    Nf,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Builtin {
    Length,
    Substr,
    Index,
    Split,
    Sub,
    Gsub,
    Match,
    Sprintf,
    Sin,
    Cos,
    Atan2,
    Exp,
    Log,
    Sqrt,
    Int,
    Rand,
    Srand,
    Tolower,
    Toupper,
    System,
    Close,
    Fflush,
    Gensub,
    Strftime,
    Systime,
    Mktime,
    Asort,
    Asorti,
    Patsplit,
    And,
    Or,
    Xor,
    Lshift,
    Rshift,
    Compl,
    Strtonum,
    Isarray,
    Typeof,
}

impl Builtin {
    pub fn from_name(n: &str) -> Option<Builtin> {
        use Builtin::*;
        Some(match n {
            "length" => Length,
            "substr" => Substr,
            "index" => Index,
            "split" => Split,
            "sub" => Sub,
            "gsub" => Gsub,
            "match" => Match,
            "sprintf" => Sprintf,
            "sin" => Sin,
            "cos" => Cos,
            "atan2" => Atan2,
            "exp" => Exp,
            "log" => Log,
            "sqrt" => Sqrt,
            "int" => Int,
            "rand" => Rand,
            "srand" => Srand,
            "tolower" => Tolower,
            "toupper" => Toupper,
            "system" => System,
            "close" => Close,
            "fflush" => Fflush,
            "gensub" => Gensub,
            "strftime" => Strftime,
            "systime" => Systime,
            "mktime" => Mktime,
            "asort" => Asort,
            "asorti" => Asorti,
            "patsplit" => Patsplit,
            "and" => And,
            "or" => Or,
            "xor" => Xor,
            "lshift" => Lshift,
            "rshift" => Rshift,
            "compl" => Compl,
            "strtonum" => Strtonum,
            "isarray" => Isarray,
            "typeof" => Typeof,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GetlineSrc {
    /// plain `getline [var]` from the main input
    Main,
    /// `getline [var] < file`
    File,
    /// `cmd | getline [var]`
    Cmd,
}

#[derive(Debug, Clone)]
pub enum Expr {
    Num(f64),
    Str(Str),
    /// A regex literal: as a value it matches `$0`.
    Regex(usize),
    Var(Var),
    Field(Box<Expr>),
    Index(Box<ArrRef>, Vec<Expr>),
    Nf,
    /// `(a, b)` — only meaningful as print arguments or before `in`.
    Grouping(Vec<Expr>),
    Assign(Box<LValue>, Box<Expr>),
    AugAssign(BinOp, Box<LValue>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    UPlus(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    Concat(Box<Expr>, Box<Expr>),
    /// `a ~ re` (negated for `!~`)
    Match(bool, Box<Expr>, Box<Expr>),
    In(Vec<Expr>, Box<ArrRef>),
    PreIncr(f64, Box<LValue>),
    PostIncr(f64, Box<LValue>),
    Call(usize, Vec<Expr>),
    Builtin(Builtin, Vec<Expr>),
    Getline(GetlineSrc, Option<Box<Expr>>, Option<Box<LValue>>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RedirKind {
    File,
    Append,
    Pipe,
}

#[derive(Debug, Clone)]
pub enum Stmt {
    Expr(Expr),
    Print(Vec<Expr>, Option<(RedirKind, Expr)>),
    Printf(Vec<Expr>, Option<(RedirKind, Expr)>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    Do(Box<Stmt>, Expr),
    For(
        Option<Box<Stmt>>,
        Option<Expr>,
        Option<Box<Stmt>>,
        Box<Stmt>,
    ),
    ForIn(LValue, ArrRef, Box<Stmt>),
    Block(Vec<Stmt>),
    Next,
    NextFile,
    Exit(Option<Expr>),
    Return(Option<Expr>),
    Break,
    Continue,
    Delete(ArrRef, Option<Vec<Expr>>),
    /// A statement and the line it starts on (programs of several lines only), for the line
    /// that run-time errors name.
    At(u32, Box<Stmt>),
}

#[derive(Debug, Clone)]
pub enum Pattern {
    Begin,
    End,
    /// gawk's `BEGINFILE`: before each input file's first record.
    BeginFile,
    /// gawk's `ENDFILE`: after each input file's last record.
    EndFile,
    All,
    Expr(Expr),
    /// `p1, p2`, with its slot in the range-state table
    Range(Expr, Expr, usize),
}

#[derive(Debug, Clone)]
pub struct Item {
    pub pattern: Pattern,
    /// `None`: print the record
    pub action: Option<Vec<Stmt>>,
}

#[derive(Debug, Clone)]
pub struct Func {
    pub name: String,
    pub nparams: usize,
    /// the parameters' names, for the messages that name them
    pub params: Vec<String>,
    /// which parameters the body uses as arrays
    pub array_params: Vec<bool>,
    pub body: Vec<Stmt>,
}

#[derive(Debug)]
pub struct Program {
    pub items: Vec<Item>,
    pub funcs: Vec<Func>,
    pub globals: Vec<String>,
    /// regex literal sources (ERE text), compiled by the interpreter
    pub regexes: Vec<Vec<u8>>,
    pub nranges: usize,
    /// whether any rule other than BEGIN exists (otherwise input is not read)
    pub needs_input: bool,
    /// whether there are BEGINFILE or ENDFILE rules
    pub has_file_rules: bool,
    /// whether the program names `ENVIRON`: the environment is copied into it only then
    pub uses_environ: bool,
}
