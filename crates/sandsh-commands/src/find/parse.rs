//! The `find` expression: tokens after the start paths parsed into a tree with GNU precedence
//! (`( )` then `!` then `-a` (implicit) then `-o` then `,`).
//!
//! Operators are n-ary (`And(Vec)`), so a long chain of tests nests no deeper than its
//! parentheses and `!`s, and that nesting is bounded by [`MAX_NESTING`]. Errors are worded as
//! GNU findutils 4.9 words them.

use std::time::SystemTime;

use sandsh_api::fs::Metadata;
use sandsh_text::pattern::{Pattern, PatternOptions};

use super::printf::Format;
use super::regex::{self as fregex, Syntax};

/// Parentheses and `!` nested deeper than this are refused.
pub const MAX_NESTING: usize = 256;

/// `+N`, `-N` or `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Gt(u64),
    Lt(u64),
    Eq(u64),
}

impl Cmp {
    pub fn test(self, v: u64) -> bool {
        match self {
            Cmp::Gt(n) => v > n,
            Cmp::Lt(n) => v < n,
            Cmp::Eq(n) => v == n,
        }
    }
    /// Compare a signed quantity (times in the future are negative).
    pub fn test_i(self, v: i64) -> bool {
        match self {
            Cmp::Gt(n) => v > n as i64,
            Cmp::Lt(n) => v < n as i64,
            Cmp::Eq(n) => v == n as i64,
        }
    }
}

/// Which timestamp a time test reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeKind {
    M,
    A,
    C,
}

/// How `-perm` compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PermMode {
    Exact,
    All,
    Any,
}

/// `-exec`, `-execdir`, `-ok`, `-okdir`.
#[derive(Debug, Clone)]
pub struct Exec {
    pub argv: Vec<Vec<u8>>,
    /// `{} +` form: arguments gathered and run in batches.
    pub batch: bool,
    pub in_dir: bool,
    pub ask: bool,
    /// Index into the evaluator's batch buffers.
    pub slot: usize,
}

/// A leaf of the expression.
#[derive(Debug, Clone)]
pub enum Prim {
    True,
    False,
    Name(Pattern),
    Path(Pattern),
    Regex(fregex::PathRegex),
    Lname(Pattern),
    Type(Vec<u8>),
    XType(Vec<u8>),
    Size(Cmp, u64),
    Time(TimeKind, Cmp, u64),
    Newer(TimeKind, SystemTime),
    Empty,
    Perm(PermMode, u32),
    Uid(Cmp),
    Gid(Cmp),
    NoUser,
    NoGroup,
    Links(Cmp),
    Inum(Cmp),
    SameFile(u64),
    Readable,
    Writable,
    Executable,
    Prune,
    Quit,
    Print { nul: bool, file: Option<usize> },
    Printf { fmt: Format, file: Option<usize> },
    Ls { file: Option<usize> },
    Exec(Exec),
    Delete,
}

/// An expression node.
#[derive(Debug, Clone)]
pub enum Expr {
    Prim(Prim),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Comma(Vec<Expr>),
}

/// Global options met while parsing.
#[derive(Debug, Clone, Default)]
pub struct Globals {
    pub maxdepth: Option<usize>,
    pub mindepth: usize,
    pub depth_first: bool,
    pub daystart: bool,
    /// Output files of `-fprint` and friends (paths, in order of first mention).
    pub files: Vec<String>,
    pub exec_slots: usize,
    /// The expression holds an action, so no implicit `-print`.
    pub has_action: bool,
    pub follow: bool,
}

/// What the parser needs from the outside world.
pub trait Env {
    /// Metadata of a reference file (`-newer`, `-samefile`), or the GNU error text.
    fn reference(&mut self, path: &[u8]) -> Result<Metadata, String>;
    /// uid of a user name, gid of a group name.
    fn user_id(&self, name: &str) -> Option<u32>;
    fn group_id(&self, name: &str) -> Option<u32>;
    /// A date string as `date -d` reads it (`-newermt`).
    fn date_time(&self, text: &str) -> Option<std::time::SystemTime>;
}

pub struct Parser<'a> {
    toks: &'a [Vec<u8>],
    pos: usize,
    depth: usize,
    pub g: Globals,
    syntax: Syntax,
    env: &'a mut dyn Env,
}

fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl<'a> Parser<'a> {
    pub fn new(toks: &'a [Vec<u8>], env: &'a mut dyn Env, follow: bool) -> Parser<'a> {
        Parser {
            toks,
            pos: 0,
            depth: 0,
            g: Globals {
                follow,
                ..Globals::default()
            },
            syntax: Syntax::Emacs,
            env,
        }
    }

    /// Parse the whole expression (None when it is empty).
    pub fn parse(&mut self) -> Result<Option<Expr>, String> {
        if self.toks.is_empty() {
            return Ok(None);
        }
        let e = self.comma()?;
        if let Some(t) = self.peek() {
            if t == b")" {
                return Err("you have too many ')'".into());
            }
            return Err(format!("paths must precede expression: `{}'", s(t)));
        }
        Ok(Some(e))
    }

    fn peek(&self) -> Option<&'a [u8]> {
        self.toks.get(self.pos).map(|v| v.as_slice())
    }

    fn next_arg(&mut self, pred: &[u8]) -> Result<&'a [u8], String> {
        match self.toks.get(self.pos) {
            Some(v) => {
                self.pos += 1;
                Ok(v)
            }
            None => Err(format!("missing argument to `{}'", s(pred))),
        }
    }

    fn comma(&mut self) -> Result<Expr, String> {
        let mut v = vec![self.or()?];
        while self.peek() == Some(b",") {
            self.pos += 1;
            if self.peek().is_none() || self.peek() == Some(b")") {
                return Err("invalid expression; you have used a binary operator ',' with nothing after it.".into());
            }
            v.push(self.or()?);
        }
        Ok(if v.len() == 1 {
            v.remove(0)
        } else {
            Expr::Comma(v)
        })
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut v = vec![self.and()?];
        while let Some(t) = self.peek() {
            if t != b"-o" && t != b"-or" {
                break;
            }
            self.pos += 1;
            match self.peek() {
                None | Some(b")") | Some(b",") | Some(b"-o") | Some(b"-or") | Some(b"-a")
                | Some(b"-and") => {
                    return Err(format!(
                        "invalid expression; you have used a binary operator '{}' with nothing after it.",
                        s(t)
                    ));
                }
                _ => {}
            }
            v.push(self.and()?);
        }
        Ok(if v.len() == 1 {
            v.remove(0)
        } else {
            Expr::Or(v)
        })
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut v = vec![self.unary()?];
        while let Some(t) = self.peek() {
            match t {
                b"-a" | b"-and" => {
                    self.pos += 1;
                    match self.peek() {
                        None | Some(b")") | Some(b",") | Some(b"-o") | Some(b"-or")
                        | Some(b"-a") | Some(b"-and") => {
                            return Err(format!(
                                "invalid expression; you have used a binary operator '{}' with nothing after it.",
                                s(t)
                            ));
                        }
                        _ => {}
                    }
                    v.push(self.unary()?);
                }
                b"-o" | b"-or" | b"," | b")" => break,
                _ => v.push(self.unary()?),
            }
        }
        Ok(if v.len() == 1 {
            v.remove(0)
        } else {
            Expr::And(v)
        })
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let Some(t) = self.peek() else {
            return Err("invalid expression".into());
        };
        match t {
            b"!" | b"-not" => {
                self.pos += 1;
                if self.peek().is_none() {
                    return Err(format!("expected an expression after '{}'", s(t)));
                }
                self.enter()?;
                let inner = self.unary()?;
                self.depth -= 1;
                Ok(Expr::Not(Box::new(inner)))
            }
            b"(" => {
                self.pos += 1;
                if self.peek() == Some(b")") {
                    return Err("invalid expression; empty parentheses are not allowed.".into());
                }
                if self.peek().is_none() {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                self.enter()?;
                let inner = self.comma()?;
                self.depth -= 1;
                if self.peek() != Some(b")") {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                self.pos += 1;
                Ok(inner)
            }
            b"-o" | b"-or" | b"-a" | b"-and" | b"," => Err(format!(
                "invalid expression; you have used a binary operator '{}' with nothing before it.",
                s(t)
            )),
            b")" => Err("invalid expression; you have too many ')'".into()),
            _ => {
                self.pos += 1;
                self.primary(t).map(Expr::Prim)
            }
        }
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(format!(
                "expression nested too deeply (more than {MAX_NESTING} levels of parentheses and '!')"
            ));
        }
        Ok(())
    }

    fn num_arg(&mut self, pred: &[u8]) -> Result<Cmp, String> {
        let a = self.next_arg(pred)?;
        parse_cmp(a).ok_or_else(|| format!("invalid argument `{}' to `{}'", s(a), s(pred)))
    }

    fn pattern(&mut self, pred: &[u8], nocase: bool) -> Result<Pattern, String> {
        let a = self.next_arg(pred)?;
        Ok(Pattern::new(
            a,
            PatternOptions {
                nocase,
                ..PatternOptions::default()
            },
        ))
    }

    fn out_file(&mut self, pred: &[u8]) -> Result<usize, String> {
        let f = s(self.next_arg(pred)?);
        if let Some(i) = self.g.files.iter().position(|x| *x == f) {
            return Ok(i);
        }
        self.g.files.push(f);
        Ok(self.g.files.len() - 1)
    }

    fn primary(&mut self, t: &'a [u8]) -> Result<Prim, String> {
        let name = s(t);
        let p = match name.as_str() {
            "-true" => Prim::True,
            "-false" => Prim::False,
            "-name" => Prim::Name(self.pattern(t, false)?),
            "-iname" => Prim::Name(self.pattern(t, true)?),
            "-path" | "-wholename" => Prim::Path(self.pattern(t, false)?),
            "-ipath" | "-iwholename" => Prim::Path(self.pattern(t, true)?),
            "-lname" => Prim::Lname(self.pattern(t, false)?),
            "-ilname" => Prim::Lname(self.pattern(t, true)?),
            "-regex" | "-iregex" => {
                let a = self.next_arg(t)?;
                let re = fregex::compile(a, self.syntax, name == "-iregex")?;
                Prim::Regex(re)
            }
            "-regextype" => {
                let a = s(self.next_arg(t)?);
                self.syntax = fregex::syntax_of(&a).ok_or_else(|| {
                    let list: Vec<String> = fregex::TYPES
                        .iter()
                        .map(|x| format!("\u{2018}{x}\u{2019}"))
                        .collect();
                    format!(
                        "Unknown regular expression type \u{2018}{a}\u{2019}; valid types are {}.",
                        list.join(", ")
                    )
                })?;
                Prim::True
            }
            "-type" | "-xtype" => {
                let a = self.next_arg(t)?;
                let types = parse_types(a, &name)?;
                if name == "-type" {
                    Prim::Type(types)
                } else {
                    Prim::XType(types)
                }
            }
            "-size" => {
                let a = self.next_arg(t)?;
                let (cmp, unit) = parse_size(a).ok_or_else(|| {
                    let last = a.last().copied().unwrap_or(b' ');
                    if a.len() > 1
                        && !last.is_ascii_digit()
                        && a[..a.len() - 1].iter().any(u8::is_ascii_digit)
                    {
                        format!("invalid -size type `{}'", last as char)
                    } else {
                        format!("invalid argument `{}' to `-size'", s(a))
                    }
                })?;
                Prim::Size(cmp, unit)
            }
            "-mtime" => Prim::Time(TimeKind::M, self.num_arg(t)?, 86_400),
            "-atime" => Prim::Time(TimeKind::A, self.num_arg(t)?, 86_400),
            "-ctime" => Prim::Time(TimeKind::C, self.num_arg(t)?, 86_400),
            "-mmin" => Prim::Time(TimeKind::M, self.num_arg(t)?, 60),
            "-amin" => Prim::Time(TimeKind::A, self.num_arg(t)?, 60),
            "-cmin" => Prim::Time(TimeKind::C, self.num_arg(t)?, 60),
            "-newer" | "-anewer" | "-cnewer" => {
                let a = self.next_arg(t)?;
                let m = self.env.reference(a)?;
                let kind = match name.as_str() {
                    "-anewer" => TimeKind::A,
                    "-cnewer" => TimeKind::C,
                    _ => TimeKind::M,
                };
                Prim::Newer(kind, m.mtime)
            }
            "-newermt" | "-newerat" | "-newerct" => {
                let a = s(self.next_arg(t)?);
                let when = self.env.date_time(&a).ok_or_else(|| {
                    format!(
                        "I cannot figure out how to interpret \u{2018}{a}\u{2019} as a date or time"
                    )
                })?;
                let kind = match name.as_str() {
                    "-newerat" => TimeKind::A,
                    "-newerct" => TimeKind::C,
                    _ => TimeKind::M,
                };
                Prim::Newer(kind, when)
            }
            "-samefile" => {
                let a = self.next_arg(t)?;
                Prim::SameFile(self.env.reference(a)?.ino)
            }
            "-empty" => Prim::Empty,
            "-perm" => {
                let a = s(self.next_arg(t)?);
                let (mode, body) = if let Some(r) = a.strip_prefix('-') {
                    (PermMode::All, r)
                } else if let Some(r) = a.strip_prefix('/') {
                    (PermMode::Any, r)
                } else {
                    (PermMode::Exact, a.as_str())
                };
                let bits = crate::common::mode::apply(body, 0, false, 0)
                    .filter(|_| !body.is_empty())
                    .ok_or_else(|| format!("invalid mode \u{2018}{a}\u{2019}"))?;
                Prim::Perm(mode, bits)
            }
            "-user" => {
                let a = s(self.next_arg(t)?);
                match self.env.user_id(&a) {
                    Some(u) => Prim::Uid(Cmp::Eq(u64::from(u))),
                    None => match a.parse::<u64>() {
                        Ok(n) => Prim::Uid(Cmp::Eq(n)),
                        Err(_) => {
                            return Err(format!(
                                "\u{2018}{a}\u{2019} is not the name of a known user"
                            ));
                        }
                    },
                }
            }
            "-group" => {
                let a = s(self.next_arg(t)?);
                match self.env.group_id(&a) {
                    Some(u) => Prim::Gid(Cmp::Eq(u64::from(u))),
                    None => match a.parse::<u64>() {
                        Ok(n) => Prim::Gid(Cmp::Eq(n)),
                        Err(_) => {
                            return Err(format!(
                                "\u{2018}{a}\u{2019} is not the name of an existing group"
                            ));
                        }
                    },
                }
            }
            "-uid" => Prim::Uid(self.num_arg(t)?),
            "-gid" => Prim::Gid(self.num_arg(t)?),
            "-nouser" => Prim::NoUser,
            "-nogroup" => Prim::NoGroup,
            "-links" => Prim::Links(self.num_arg(t)?),
            "-inum" => Prim::Inum(self.num_arg(t)?),
            "-readable" => Prim::Readable,
            "-writable" => Prim::Writable,
            "-executable" => Prim::Executable,
            "-maxdepth" | "-mindepth" => {
                let a = s(self.next_arg(t)?);
                let n: usize = a
                    .parse()
                    .ok()
                    .filter(|_| a.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        format!(
                            "Expected a positive decimal integer argument to {name}, but got \u{2018}{a}\u{2019}"
                        )
                    })?;
                if name == "-maxdepth" {
                    self.g.maxdepth = Some(n);
                } else {
                    self.g.mindepth = n;
                }
                Prim::True
            }
            "-depth" | "-d" => {
                self.g.depth_first = true;
                Prim::True
            }
            "-daystart" => {
                self.g.daystart = true;
                Prim::True
            }
            "-follow" => {
                self.g.follow = true;
                Prim::True
            }
            "-xdev"
            | "-mount"
            | "-noleaf"
            | "-ignore_readdir_race"
            | "-noignore_readdir_race"
            | "-warn"
            | "-nowarn" => Prim::True,
            "-prune" => Prim::Prune,
            "-quit" => Prim::Quit,
            "-print" => {
                self.g.has_action = true;
                Prim::Print {
                    nul: false,
                    file: None,
                }
            }
            "-print0" => {
                self.g.has_action = true;
                Prim::Print {
                    nul: true,
                    file: None,
                }
            }
            "-fprint" | "-fprint0" => {
                self.g.has_action = true;
                let f = self.out_file(t)?;
                Prim::Print {
                    nul: name == "-fprint0",
                    file: Some(f),
                }
            }
            "-printf" => {
                self.g.has_action = true;
                let f = self.next_arg(t)?;
                Prim::Printf {
                    fmt: Format::parse(f)?,
                    file: None,
                }
            }
            "-fprintf" => {
                self.g.has_action = true;
                let file = self.out_file(t)?;
                let f = self.next_arg(t)?;
                Prim::Printf {
                    fmt: Format::parse(f)?,
                    file: Some(file),
                }
            }
            "-ls" => {
                self.g.has_action = true;
                Prim::Ls { file: None }
            }
            "-fls" => {
                self.g.has_action = true;
                let f = self.out_file(t)?;
                Prim::Ls { file: Some(f) }
            }
            "-delete" => {
                self.g.has_action = true;
                self.g.depth_first = true;
                Prim::Delete
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                self.g.has_action = true;
                let mut argv = Vec::new();
                let mut batch = false;
                loop {
                    let Some(a) = self.toks.get(self.pos) else {
                        return Err(format!("missing argument to `{name}'"));
                    };
                    self.pos += 1;
                    if a == b";" {
                        break;
                    }
                    if a == b"+" && argv.last().is_some_and(|l: &Vec<u8>| l == b"{}") {
                        if name.starts_with("-ok") {
                            return Err(format!("missing argument to `{name}'"));
                        }
                        batch = true;
                        break;
                    }
                    argv.push(a.clone());
                }
                if argv.is_empty() {
                    return Err(format!("missing argument to `{name}'"));
                }
                if batch
                    && argv[..argv.len() - 1]
                        .iter()
                        .any(|a| a.windows(2).any(|w| w == b"{}"))
                {
                    return Err(format!(
                        "Only one instance of {{}} is supported with {name} ... +"
                    ));
                }
                let slot = self.g.exec_slots;
                self.g.exec_slots += 1;
                Prim::Exec(Exec {
                    argv,
                    batch,
                    in_dir: name.ends_with("dir"),
                    ask: name.starts_with("-ok"),
                    slot,
                })
            }
            _ => {
                if t.first() == Some(&b'-') && t.len() > 1 {
                    return Err(format!("unknown predicate `{name}'"));
                }
                return Err(format!("paths must precede expression: `{name}'"));
            }
        };
        Ok(p)
    }
}

/// `+N` / `-N` / `N`.
pub fn parse_cmp(a: &[u8]) -> Option<Cmp> {
    let (kind, digits): (fn(u64) -> Cmp, &[u8]) = match a.first()? {
        b'+' => (Cmp::Gt, &a[1..]),
        b'-' => (Cmp::Lt, &a[1..]),
        _ => (Cmp::Eq, a),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok().map(kind)
}

fn parse_size(a: &[u8]) -> Option<(Cmp, u64)> {
    let (body, unit) = match a.last()? {
        b'c' => (&a[..a.len() - 1], 1),
        b'w' => (&a[..a.len() - 1], 2),
        b'b' => (&a[..a.len() - 1], 512),
        b'k' => (&a[..a.len() - 1], 1024),
        b'M' => (&a[..a.len() - 1], 1 << 20),
        b'G' => (&a[..a.len() - 1], 1 << 30),
        d if d.is_ascii_digit() => (a, 512),
        _ => return None,
    };
    Some((parse_cmp(body)?, unit))
}

fn parse_types(a: &[u8], pred: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    if a.is_empty() {
        return Err(format!(
            "Arguments to {pred} should contain at least one letter"
        ));
    }
    let mut i = 0;
    while i < a.len() {
        let c = a[i];
        if !b"fdlpsbcD".contains(&c) {
            return Err(format!("Unknown argument to {pred}: {}", c as char));
        }
        if out.contains(&c) {
            return Err(format!(
                "Duplicate file type '{}' in the argument list to {pred}.",
                c as char
            ));
        }
        out.push(c);
        i += 1;
        if i < a.len() {
            if a[i] != b',' {
                return Err(format!(
                    "Must separate multiple arguments to {pred} using: ','"
                ));
            }
            i += 1;
            if i == a.len() {
                return Err(format!(
                    "Last file type in list argument to {pred} is missing, i.e., list is ending on: ','"
                ));
            }
        }
    }
    Ok(out)
}
