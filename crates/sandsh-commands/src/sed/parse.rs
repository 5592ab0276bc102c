//! Compiling a sed script into a flat program, following GNU sed 4.9's `compile.c` closely
//! (same lexing rules, same error messages and positions), because scripts written for GNU
//! sed rely on its quirks: one-line `a text`, `}` and `#` ending commands, labels ending at
//! `;`, the `0,/re/` and `addr,~N` forms, escapes such as `\t` inside regexes and texts.
//!
//! Blocks are compiled to jumps (`{` jumps past its `}` when its address does not match), so
//! execution is a loop over a vector with an index: no recursion at run time, and none here.

use super::re::{Flags, Regex};

/// An address.
#[derive(Debug, Clone)]
pub enum Addr {
    /// Line number.
    Num(u64),
    /// `first~step` (step > 0).
    NumMod(u64, u64),
    /// `addr,+N` (second address only).
    Step(u64),
    /// `addr,~N` (second address only).
    StepMod(u64),
    /// `$`.
    Last,
    /// A regex (index into [`Program::regexes`]); `None` is the empty regex `//`.
    Re(Option<usize>),
    /// `+0` / `~0`: matches at once.
    Null,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branch {
    Always,
    IfSub,
    IfNotSub,
}

/// Case conversion in a replacement.
pub const REPL_UPPER: u8 = 1;
pub const REPL_LOWER: u8 = 2;
pub const REPL_UPPER_FIRST: u8 = 4;
pub const REPL_LOWER_FIRST: u8 = 8;
pub const REPL_MODIFIERS: u8 = REPL_UPPER_FIRST | REPL_LOWER_FIRST;

/// One piece of a replacement: literal prefix, then group `subst` (or none).
#[derive(Debug, Clone)]
pub struct ReplPart {
    pub prefix: Vec<u8>,
    pub group: Option<usize>,
    pub case: u8,
}

#[derive(Debug)]
pub struct Subst {
    /// `None`: the empty regex (the last one used).
    pub re: Option<usize>,
    pub repl: Vec<ReplPart>,
    pub global: bool,
    /// 1: print before `e`, 2: print after.
    pub print: u8,
    pub eval: bool,
    pub numb: u64,
    pub wfile: Option<usize>,
    /// Whether the replacement refers to any group (so captures are needed).
    pub max_id: usize,
}

#[derive(Debug)]
pub enum Kind {
    /// `{`: index of the matching `}`.
    Block(usize),
    BlockEnd,
    /// `:name`.
    Label(Vec<u8>),
    Jump(Branch, usize),
    Append(Option<Vec<u8>>),
    Insert(Option<Vec<u8>>),
    Change(Option<Vec<u8>>),
    Subst(Box<Subst>),
    /// `y`: pairs of (from, to) characters as byte strings.
    Translate(Box<Translit>),
    /// `q` / `Q` with their exit code when one is given.
    Quit(Option<u64>),
    QuitSilent(Option<u64>),
    List(Option<u64>),
    ReadFile {
        path: Vec<u8>,
        append: bool,
    },
    ReadLine(usize),
    Write(usize),
    WriteFirst(usize),
    Exec(Option<Vec<u8>>),
    LineNo,
    Delete,
    DeleteFirst,
    GetHold,
    GetHoldAppend,
    Hold,
    HoldAppend,
    Next,
    NextAppend,
    Print,
    PrintFirst,
    Exchange,
    Zap,
    FileName,
}

/// `y` tables: a byte map for single-byte pairs, plus multibyte pairs.
#[derive(Debug)]
pub struct Translit {
    pub map: [u8; 256],
    /// Only single bytes are mapped (fast path).
    pub simple: bool,
    pub pairs: Vec<(Vec<u8>, Vec<u8>)>,
}

#[derive(Debug)]
pub struct Cmd {
    pub a1: Option<Addr>,
    pub a2: Option<Addr>,
    pub bang: bool,
    pub kind: Kind,
}

/// A file a `w`/`W`/`s///w` command writes, or an `R` command reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRef {
    Stdout,
    Stderr,
    Stdin,
    Path(Vec<u8>),
}

/// The compiled script.
#[derive(Debug, Default)]
pub struct Program {
    pub cmds: Vec<Cmd>,
    pub regexes: Vec<Regex>,
    /// Each regex as written after escape processing, with its `I` and `M` flags (for
    /// `--debug`).
    pub regex_src: Vec<(Vec<u8>, bool, bool)>,
    pub wfiles: Vec<FileRef>,
    pub rfiles: Vec<FileRef>,
    /// `#n` on the first line.
    pub quiet: bool,
}

/// A compile error: the message as GNU prints it (`sed: ...` prefix excluded) and the exit
/// status (1 for script errors, 4 for GNU's "panic" class such as missing labels).
#[derive(Debug)]
pub struct CompileError {
    pub msg: String,
    pub status: i32,
}

/// Global options that change how scripts compile.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    pub ere: bool,
    pub posix: bool,
    /// `POSIXLY_CORRECT` in the environment: GNU's middle mode (extensions stay, but the
    /// special file names and escapes inside brackets follow POSIX).
    pub correct: bool,
    pub sandbox: bool,
}

enum Origin {
    Expr(usize),
    File(String),
}

struct Pending {
    cmd: usize,
    buf: Vec<u8>,
}

/// Compiles script pieces (`-e` strings, `-f` files) in order into one [`Program`].
pub struct Compiler {
    pub prog: Program,
    opts: Options,
    blocks: Vec<(usize, String)>,
    labels: Vec<(Vec<u8>, usize)>,
    jumps: Vec<(usize, Vec<u8>)>,
    pending: Option<Pending>,
    expr_count: usize,
    first: bool,
    // current piece
    src: Vec<u8>,
    pos: usize,
    line: u64,
    origin: Origin,
}

const EOF: i32 = -1;

fn is_blank(c: i32) -> bool {
    c == b' ' as i32 || c == b'\t' as i32
}

fn is_space(c: i32) -> bool {
    matches!(c, 0x20 | 0x09 | 0x0a | 0x0b | 0x0c | 0x0d)
}

/// The byte a lexer value stands for (`None` at the end of the script).
fn byte(c: i32) -> Option<u8> {
    u8::try_from(c).ok()
}

fn is_digit(c: i32) -> bool {
    (b'0' as i32..=b'9' as i32).contains(&c)
}

impl Compiler {
    pub fn new(opts: Options) -> Compiler {
        Compiler {
            prog: Program::default(),
            opts,
            blocks: Vec::new(),
            labels: Vec::new(),
            jumps: Vec::new(),
            pending: None,
            expr_count: 0,
            first: true,
            src: Vec::new(),
            pos: 0,
            line: 0,
            origin: Origin::Expr(0),
        }
    }

    /// Options changed by a later command-line flag (`-E`, `--posix` after an `-e`).
    pub fn set_options(&mut self, opts: Options) {
        self.opts = opts;
    }

    /// Compile one `-e` string (or the script operand).
    pub fn add_expr(&mut self, s: &[u8]) -> Result<(), CompileError> {
        self.expr_count += 1;
        self.src = s.to_vec();
        self.pos = 0;
        self.line = 0;
        self.origin = Origin::Expr(self.expr_count);
        let r = self.compile();
        self.first = false;
        r
    }

    /// Compile the contents of one `-f` file.
    pub fn add_file(&mut self, name: &str, data: Vec<u8>) -> Result<(), CompileError> {
        self.src = data;
        self.pos = 0;
        self.line = 1;
        self.origin = Origin::File(name.to_string());
        let r = self.compile();
        self.first = false;
        r
    }

    fn where_(&self) -> String {
        match &self.origin {
            Origin::Expr(n) => format!("-e expression #{n}, char {}", self.pos),
            Origin::File(f) => format!("file {f} line {}", self.line),
        }
    }

    fn bad(&self, why: &str) -> CompileError {
        CompileError {
            msg: format!("{}: {why}", self.where_()),
            status: 1,
        }
    }

    fn inchar(&mut self) -> i32 {
        if self.pos < self.src.len() {
            let c = self.src[self.pos];
            self.pos += 1;
            if c == b'\n' {
                self.line += 1;
            }
            c as i32
        } else {
            EOF
        }
    }

    fn savchar(&mut self, c: i32) {
        if c == EOF {
            return;
        }
        if c == b'\n' as i32 && self.line > 0 {
            self.line -= 1;
        }
        self.pos -= 1;
    }

    fn in_nonblank(&mut self) -> i32 {
        loop {
            let c = self.inchar();
            if !is_blank(c) {
                return c;
            }
        }
    }

    fn read_end_of_cmd(&mut self) -> Result<(), CompileError> {
        let c = self.in_nonblank();
        if c == b'}' as i32 || c == b'#' as i32 {
            self.savchar(c);
        } else if c != EOF && c != b'\n' as i32 && c != b';' as i32 {
            return Err(self.bad("extra characters after command"));
        }
        Ok(())
    }

    fn in_integer(&mut self, mut c: i32) -> u64 {
        let mut n: u64 = 0;
        while is_digit(c) {
            n = n
                .saturating_mul(10)
                .saturating_add((c - b'0' as i32) as u64);
            c = self.inchar();
        }
        self.savchar(c);
        n
    }

    fn read_filename(&mut self) -> Result<Vec<u8>, CompileError> {
        if self.opts.sandbox {
            return Err(self.bad("e/r/w commands disabled in sandbox mode"));
        }
        let mut b = Vec::new();
        let mut c = self.in_nonblank();
        while c != EOF && c != b'\n' as i32 {
            b.push(c as u8);
            c = self.inchar();
        }
        Ok(b)
    }

    fn special(&self, name: &[u8]) -> Option<FileRef> {
        if self.opts.posix || self.opts.correct {
            return None;
        }
        match name {
            b"/dev/stdout" => Some(FileRef::Stdout),
            b"/dev/stderr" => Some(FileRef::Stderr),
            b"/dev/stdin" => Some(FileRef::Stdin),
            _ => None,
        }
    }

    fn open_write(&mut self) -> Result<usize, CompileError> {
        let name = self.read_filename()?;
        if name.is_empty() {
            return Err(self.bad("missing filename in r/R/w/W commands"));
        }
        let f = self.special(&name).unwrap_or(FileRef::Path(name));
        Ok(intern(&mut self.prog.wfiles, f))
    }

    fn open_read(&mut self) -> Result<usize, CompileError> {
        let name = self.read_filename()?;
        if name.is_empty() {
            return Err(self.bad("missing filename in r/R/w/W commands"));
        }
        let f = self.special(&name).unwrap_or(FileRef::Path(name));
        Ok(intern(&mut self.prog.rfiles, f))
    }

    fn snarf_char_class(&mut self, b: &mut Vec<u8>) -> i32 {
        let mut state = 0;
        let mut delim = 0;
        let mut c = self.inchar();
        if c == b'^' as i32 {
            b.push(c as u8);
            c = self.inchar();
        }
        if c == b']' as i32 {
            b.push(c as u8);
            c = self.inchar();
        }
        loop {
            let mut clear = true;
            match byte(c) {
                None | Some(b'\n') => return c,
                Some(b'.') | Some(b':') | Some(b'=') => {
                    if state == 1 {
                        delim = c;
                        state = 2;
                        clear = false;
                    } else if state == 2 && c == delim {
                        state = 3;
                        clear = false;
                    }
                }
                Some(b'[') => {
                    if state == 0 {
                        state = 1;
                    }
                    clear = false;
                }
                Some(b']') => {
                    if state == 0 || state == 1 {
                        return c;
                    } else if state == 3 {
                        state = 0;
                    }
                }
                _ => {}
            }
            if clear {
                state &= !1;
            }
            b.push(c as u8);
            c = self.inchar();
        }
    }

    /// Read up to the delimiter `slash`; `None` when unterminated.
    fn match_slash(&mut self, slash: i32, regex: bool) -> Result<Option<Vec<u8>>, CompileError> {
        if slash >= 0x80 {
            return Err(self.bad("delimiter character is not a single-byte character"));
        }
        let mut b = Vec::new();
        loop {
            let mut c = self.inchar();
            if c == EOF || c == b'\n' as i32 {
                if c == b'\n' as i32 {
                    self.savchar(c);
                }
                return Ok(None);
            }
            if c == slash {
                return Ok(Some(b));
            } else if c == b'\\' as i32 {
                c = self.inchar();
                if c == EOF {
                    return Ok(None);
                } else if c != b'\n' as i32 && (c != slash || (!regex && c == b'&' as i32)) {
                    b.push(b'\\');
                }
            } else if c == b'[' as i32 && regex {
                b.push(c as u8);
                c = self.snarf_char_class(&mut b);
                if c != b']' as i32 {
                    if c == b'\n' as i32 {
                        self.savchar(c);
                    }
                    return Ok(None);
                }
            }
            b.push(c as u8);
        }
    }

    fn compile_regex(
        &mut self,
        pat: &[u8],
        icase: bool,
        multiline: bool,
        needed: usize,
    ) -> Result<Option<usize>, CompileError> {
        if pat.is_empty() {
            if icase || multiline {
                return Err(self.bad("cannot specify modifiers on empty regexp"));
            }
            return Ok(None);
        }
        let norm = self.normalize(pat, TextType::Regex)?;
        let flags = Flags {
            ere: self.opts.ere,
            icase,
            multiline,
        };
        let re = Regex::new(&norm, flags).map_err(|e| self.bad(&e))?;
        if needed > 0 && re.groups() < needed {
            return Err(self.bad(&format!(
                "invalid reference \\{needed} on `s' command's RHS"
            )));
        }
        self.prog.regexes.push(re);
        self.prog.regex_src.push((norm, icase, multiline));
        Ok(Some(self.prog.regexes.len() - 1))
    }

    fn compile_address(&mut self, mut c: i32) -> Result<Option<Addr>, CompileError> {
        if c == b'/' as i32 || c == b'\\' as i32 {
            if c == b'\\' as i32 {
                c = self.inchar();
            }
            let Some(b) = self.match_slash(c, true)? else {
                return Err(self.bad("unterminated address regex"));
            };
            let (mut icase, mut ml) = (false, false);
            loop {
                let c = self.in_nonblank();
                if !self.opts.posix && c == b'I' as i32 {
                    icase = true;
                } else if !self.opts.posix && c == b'M' as i32 {
                    ml = true;
                } else {
                    self.savchar(c);
                    let re = self.compile_regex(&b, icase, ml, 0)?;
                    return Ok(Some(Addr::Re(re)));
                }
            }
        } else if is_digit(c) {
            let n = self.in_integer(c);
            let c = self.in_nonblank();
            if c != b'~' as i32 || self.opts.posix {
                self.savchar(c);
                Ok(Some(Addr::Num(n)))
            } else {
                let c = self.in_nonblank();
                let step = self.in_integer(c);
                if step > 0 {
                    Ok(Some(Addr::NumMod(n, step)))
                } else {
                    Ok(Some(Addr::Num(n)))
                }
            }
        } else if (c == b'+' as i32 || c == b'~' as i32) && !self.opts.posix {
            let d = self.in_nonblank();
            let step = self.in_integer(d);
            if step == 0 {
                Ok(Some(Addr::Null))
            } else if c == b'+' as i32 {
                Ok(Some(Addr::Step(step)))
            } else {
                Ok(Some(Addr::StepMod(step)))
            }
        } else if c == b'$' as i32 {
            Ok(Some(Addr::Last))
        } else {
            Ok(None)
        }
    }

    fn read_label(&mut self) -> Vec<u8> {
        let mut b = Vec::new();
        let mut c = self.in_nonblank();
        while c != EOF
            && c != b'\n' as i32
            && !is_blank(c)
            && c != b';' as i32
            && c != b'}' as i32
            && c != b'#' as i32
        {
            b.push(c as u8);
            c = self.inchar();
        }
        self.savchar(c);
        b
    }

    /// Read a/i/c text (GNU's `read_text`): continue `pending` with the current piece.
    fn read_text(&mut self, leadin: i32) -> Result<(), CompileError> {
        let Some(mut p) = self.pending.take() else {
            return Ok(());
        };
        if leadin == EOF {
            self.pending = Some(p);
            return Ok(());
        }
        if leadin != b'\n' as i32 {
            p.buf.push(leadin as u8);
        }
        let mut c = self.inchar();
        while c != EOF && c != b'\n' as i32 {
            if c == b'\\' as i32 {
                c = self.inchar();
                if c != EOF {
                    p.buf.push(b'\\');
                }
            }
            if c == EOF {
                p.buf.push(b'\n');
                self.pending = Some(p);
                return Ok(());
            }
            p.buf.push(c as u8);
            c = self.inchar();
        }
        p.buf.push(b'\n');
        let text = self.normalize(&p.buf, TextType::Buffer)?;
        self.set_text(p.cmd, Some(text));
        Ok(())
    }

    fn set_text(&mut self, idx: usize, text: Option<Vec<u8>>) {
        match &mut self.prog.cmds[idx].kind {
            Kind::Append(t) | Kind::Insert(t) | Kind::Change(t) | Kind::Exec(t) => *t = text,
            _ => {}
        }
    }

    fn compile(&mut self) -> Result<(), CompileError> {
        if self.pending.is_some() {
            self.read_text(b'\n' as i32)?;
        }
        loop {
            let mut c = self.inchar();
            while c == b';' as i32 || is_space(c) {
                c = self.inchar();
            }
            if c == EOF {
                break;
            }
            let mut a1 = self.compile_address(c)?;
            let mut a2 = None;
            if let Some(a) = &a1 {
                if matches!(a, Addr::Step(_) | Addr::StepMod(_)) {
                    return Err(self.bad("invalid usage of +N or ~N as first address"));
                }
                c = self.in_nonblank();
                if c == b',' as i32 {
                    let d = self.in_nonblank();
                    match self.compile_address(d)? {
                        Some(b) => a2 = Some(b),
                        None => return Err(self.bad("unexpected `,'")),
                    }
                    c = self.in_nonblank();
                }
                if matches!(a1, Some(Addr::Num(0)))
                    && ((a2.is_none() && c != b'r' as i32)
                        || (a2.is_some() && !matches!(a2, Some(Addr::Re(_))))
                        || self.opts.posix)
                {
                    return Err(self.bad("invalid usage of line address 0"));
                }
            }
            let mut bang = false;
            if c == b'!' as i32 {
                bang = true;
                c = self.in_nonblank();
                if c == b'!' as i32 {
                    return Err(self.bad("multiple `!'s"));
                }
            }
            if self.opts.posix {
                match c as u8 {
                    b'e' | b'F' | b'v' | b'z' | b'L' | b'Q' | b'T' | b'R' | b'W' => {
                        return Err(
                            self.bad(&format!("unknown command: `{}'", char::from(c as u8)))
                        );
                    }
                    b'a' | b'i' | b'l' | b'=' | b'r' if a2.is_some() => {
                        return Err(self.bad("command only uses one address"));
                    }
                    _ => {}
                }
            }
            let idx = self.prog.cmds.len();
            let kind = match byte(c) {
                None => return Err(self.bad("missing command")),
                Some(b'#') => {
                    if a1.is_some() {
                        return Err(self.bad("comments don't accept any addresses"));
                    }
                    let mut d = self.inchar();
                    if d == b'n' as i32 && self.first && self.pos == 2 {
                        self.prog.quiet = true;
                    }
                    while d != EOF && d != b'\n' as i32 {
                        d = self.inchar();
                    }
                    continue;
                }
                Some(b'v') => {
                    let v = self.read_label();
                    let v = if v.is_empty() { b"4.0".to_vec() } else { v };
                    if version_newer(&v) {
                        return Err(self.bad("expected newer version of sed"));
                    }
                    self.opts.posix = false;
                    self.opts.correct = false;
                    continue;
                }
                Some(b'{') => {
                    self.blocks.push((idx, self.block_where()));
                    Kind::Block(0)
                }
                Some(b'}') => {
                    let Some((open, _)) = self.blocks.pop() else {
                        return Err(self.bad("unexpected `}'"));
                    };
                    if a1.is_some() {
                        return Err(self.bad("`}' doesn't want any addresses"));
                    }
                    self.read_end_of_cmd()?;
                    self.prog.cmds[open].kind = Kind::Block(idx);
                    Kind::BlockEnd
                }
                Some(b'e') | Some(b'a') | Some(b'i') | Some(b'c') => {
                    let cmd = c as u8;
                    if cmd == b'e' && self.opts.sandbox {
                        return Err(self.bad("e/r/w commands disabled in sandbox mode"));
                    }
                    let mut d = self.in_nonblank();
                    let kind = match cmd {
                        b'e' => Kind::Exec(None),
                        b'a' => Kind::Append(None),
                        b'i' => Kind::Insert(None),
                        _ => Kind::Change(None),
                    };
                    if cmd == b'e' && (d == EOF || d == b'\n' as i32) {
                        self.prog.cmds.push(Cmd { a1, a2, bang, kind });
                        continue;
                    }
                    if d == EOF {
                        return Err(self.bad("expected \\ after `a', `c' or `i'"));
                    }
                    if d == b'\\' as i32 {
                        d = self.inchar();
                    } else {
                        if self.opts.posix {
                            return Err(self.bad("expected \\ after `a', `c' or `i'"));
                        }
                        self.savchar(d);
                        d = b'\n' as i32;
                    }
                    self.prog.cmds.push(Cmd { a1, a2, bang, kind });
                    self.pending = Some(Pending {
                        cmd: idx,
                        buf: Vec::new(),
                    });
                    self.read_text(d)?;
                    continue;
                }
                Some(b':') => {
                    if a1.is_some() {
                        return Err(self.bad(": doesn't want any addresses"));
                    }
                    let l = self.read_label();
                    if l.is_empty() {
                        return Err(self.bad("\":\" lacks a label"));
                    }
                    self.labels.push((l.clone(), idx));
                    Kind::Label(l)
                }
                Some(b'T') | Some(b'b') | Some(b't') => {
                    let l = self.read_label();
                    self.jumps.push((idx, l));
                    Kind::Jump(
                        match c as u8 {
                            b'b' => Branch::Always,
                            b't' => Branch::IfSub,
                            _ => Branch::IfNotSub,
                        },
                        0,
                    )
                }
                Some(b'Q') | Some(b'q') | Some(b'L') | Some(b'l') => {
                    let cmd = c as u8;
                    if (cmd == b'q' || cmd == b'Q') && a2.is_some() {
                        return Err(self.bad("command only uses one address"));
                    }
                    if cmd == b'L' {
                        return Err(self.bad("unknown command: `L'"));
                    }
                    let d = self.in_nonblank();
                    let n = if is_digit(d) && !self.opts.posix {
                        Some(self.in_integer(d))
                    } else {
                        self.savchar(d);
                        None
                    };
                    self.read_end_of_cmd()?;
                    match cmd {
                        b'q' => Kind::Quit(n),
                        b'Q' => Kind::QuitSilent(n),
                        _ => Kind::List(n),
                    }
                }
                Some(b'=') | Some(b'd') | Some(b'D') | Some(b'F') | Some(b'g') | Some(b'G')
                | Some(b'h') | Some(b'H') | Some(b'n') | Some(b'N') | Some(b'p') | Some(b'P')
                | Some(b'z') | Some(b'x') => {
                    self.read_end_of_cmd()?;
                    match c as u8 {
                        b'=' => Kind::LineNo,
                        b'd' => Kind::Delete,
                        b'D' => Kind::DeleteFirst,
                        b'F' => Kind::FileName,
                        b'g' => Kind::GetHold,
                        b'G' => Kind::GetHoldAppend,
                        b'h' => Kind::Hold,
                        b'H' => Kind::HoldAppend,
                        b'n' => Kind::Next,
                        b'N' => Kind::NextAppend,
                        b'p' => Kind::Print,
                        b'P' => Kind::PrintFirst,
                        b'z' => Kind::Zap,
                        _ => Kind::Exchange,
                    }
                }
                Some(b'r') => {
                    let name = self.read_filename()?;
                    if name.is_empty() {
                        return Err(self.bad("missing filename in r/R/w/W commands"));
                    }
                    let append = if matches!(a1, Some(Addr::Num(0))) && a2.is_none() {
                        a1 = Some(Addr::Num(1));
                        false
                    } else {
                        true
                    };
                    Kind::ReadFile { path: name, append }
                }
                Some(b'R') => Kind::ReadLine(self.open_read()?),
                Some(b'W') => Kind::WriteFirst(self.open_write()?),
                Some(b'w') => Kind::Write(self.open_write()?),
                Some(b's') => self.compile_subst()?,
                Some(b'y') => self.compile_y()?,
                _ => {
                    let shown = if c < 0x80 {
                        char::from(c as u8).to_string()
                    } else {
                        // GNU prints the (first byte of the) character as is.
                        String::from_utf8_lossy(&[c as u8]).into_owned()
                    };
                    return Err(self.bad(&format!("unknown command: `{shown}'")));
                }
            };
            self.prog.cmds.push(Cmd { a1, a2, bang, kind });
        }
        if self.opts.posix && self.pending.is_some() {
            return Err(self.bad("incomplete command"));
        }
        Ok(())
    }

    fn block_where(&self) -> String {
        match &self.origin {
            Origin::Expr(n) => format!("-e expression #{n}, char 0"),
            Origin::File(f) => format!("file {f} line {}", self.line),
        }
    }

    fn compile_subst(&mut self) -> Result<Kind, CompileError> {
        let slash = self.inchar();
        let Some(pat) = self.match_slash(slash, true)? else {
            return Err(self.bad("unterminated `s' command"));
        };
        let Some(rep) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `s' command"));
        };
        let (repl, max_id) = self.setup_replacement(&rep)?;
        let mut sub = Subst {
            re: None,
            repl,
            global: false,
            print: 0,
            eval: false,
            numb: 0,
            wfile: None,
            max_id,
        };
        let (mut icase, mut ml) = (false, false);
        loop {
            let c = self.in_nonblank();
            match byte(c) {
                Some(b'i') | Some(b'I') => {
                    if self.opts.posix {
                        return Err(self.bad("unknown option to `s'"));
                    }
                    icase = true;
                }
                Some(b'm') | Some(b'M') => {
                    if self.opts.posix {
                        return Err(self.bad("unknown option to `s'"));
                    }
                    ml = true;
                }
                Some(b'e') => {
                    if self.opts.posix {
                        return Err(self.bad("unknown option to `s'"));
                    }
                    sub.eval = true;
                }
                Some(b'p') => {
                    if sub.print != 0 {
                        return Err(self.bad("multiple `p' options to `s' command"));
                    }
                    sub.print |= 1 << (sub.eval as u8);
                }
                Some(b'g') => {
                    if sub.global {
                        return Err(self.bad("multiple `g' options to `s' command"));
                    }
                    sub.global = true;
                }
                Some(b'w') => {
                    sub.wfile = Some(self.open_write()?);
                    break;
                }
                Some(b'0'..=b'9') => {
                    if sub.numb != 0 {
                        return Err(self.bad("multiple number options to `s' command"));
                    }
                    sub.numb = self.in_integer(c);
                    if sub.numb == 0 {
                        return Err(self.bad("number option to `s' command may not be zero"));
                    }
                }
                Some(b'}') | Some(b'#') => {
                    self.savchar(c);
                    break;
                }
                None | Some(b'\n') | Some(b';') => break,
                Some(b'\r') => {
                    if self.inchar() == b'\n' as i32 {
                        break;
                    }
                    return Err(self.bad("unknown option to `s'"));
                }
                _ => return Err(self.bad("unknown option to `s'")),
            }
        }
        if sub.eval && self.opts.sandbox {
            return Err(self.bad("e/r/w commands disabled in sandbox mode"));
        }
        sub.re = self.compile_regex(&pat, icase, ml, sub.max_id)?;
        Ok(Kind::Subst(Box::new(sub)))
    }

    fn setup_replacement(&self, text: &[u8]) -> Result<(Vec<ReplPart>, usize), CompileError> {
        let base = self.normalize(text, TextType::Replacement)?;
        let mut parts: Vec<ReplPart> = Vec::new();
        let mut max_id = 0;
        let mut repl_type: u8 = 0;
        let mut save_type: u8 = 0;
        let mut lit: Vec<u8> = Vec::new();
        let mut p = 0;
        while p < base.len() {
            let ch = base[p];
            if ch == b'\\' {
                let mut part = ReplPart {
                    prefix: std::mem::take(&mut lit),
                    group: None,
                    case: repl_type,
                };
                repl_type = save_type;
                p += 1;
                if p == base.len() {
                    part.prefix.push(b'\\');
                    parts.push(part);
                    break;
                }
                let n = base[p];
                if self.opts.posix && !n.is_ascii_digit() {
                    part.prefix.push(n);
                } else {
                    match n {
                        b'0'..=b'9' => {
                            let id = (n - b'0') as usize;
                            part.group = Some(id);
                            max_id = max_id.max(id);
                        }
                        b'L' => {
                            repl_type = REPL_LOWER;
                            save_type = REPL_LOWER;
                        }
                        b'U' => {
                            repl_type = REPL_UPPER;
                            save_type = REPL_UPPER;
                        }
                        b'E' => {
                            repl_type = 0;
                            save_type = 0;
                        }
                        b'l' => {
                            save_type = repl_type;
                            repl_type |= REPL_LOWER_FIRST;
                        }
                        b'u' => {
                            save_type = repl_type;
                            repl_type |= REPL_UPPER_FIRST;
                        }
                        _ => part.prefix.push(n),
                    }
                }
                parts.push(part);
                p += 1;
            } else if ch == b'&' {
                parts.push(ReplPart {
                    prefix: std::mem::take(&mut lit),
                    group: Some(0),
                    case: repl_type,
                });
                repl_type = save_type;
                p += 1;
            } else {
                lit.push(ch);
                p += 1;
            }
        }
        if !lit.is_empty() {
            parts.push(ReplPart {
                prefix: lit,
                group: None,
                case: repl_type,
            });
        }
        Ok((parts, max_id))
    }

    fn compile_y(&mut self) -> Result<Kind, CompileError> {
        let slash = self.inchar();
        let Some(src) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `y' command"));
        };
        let src = self.normalize(&src, TextType::Buffer)?;
        let Some(dst) = self.match_slash(slash, false)? else {
            return Err(self.bad("unterminated `y' command"));
        };
        let dst = self.normalize(&dst, TextType::Buffer)?;
        let sc = split_chars(&src);
        let dc = split_chars(&dst);
        if sc.len() != dc.len() {
            return Err(self.bad("strings for `y' command are different lengths"));
        }
        let mut t = Translit {
            map: [0; 256],
            simple: true,
            pairs: Vec::new(),
        };
        for (i, m) in t.map.iter_mut().enumerate() {
            *m = i as u8;
        }
        let mut seen = [false; 256];
        for (a, b) in sc.iter().zip(dc.iter()) {
            if a.len() != 1 || b.len() != 1 {
                t.simple = false;
            }
            if a.len() == 1 && !seen[a[0] as usize] {
                seen[a[0] as usize] = true;
                if b.len() == 1 {
                    t.map[a[0] as usize] = b[0];
                }
            }
            t.pairs.push((a.to_vec(), b.to_vec()));
        }
        self.read_end_of_cmd()?;
        Ok(Kind::Translate(Box::new(t)))
    }

    /// GNU's `normalize_text`: `\n`, `\t`, `\dNNN`, `\oNNN`, `\xHH`, `\cX`…
    fn normalize(&self, buf: &[u8], ty: TextType) -> Result<Vec<u8>, CompileError> {
        let mut q = Vec::with_capacity(buf.len());
        let mut p = 0;
        let mut bracket_state: i32 = 0;
        while p < buf.len() {
            let l = utf8_len(&buf[p..]);
            if l > 1 {
                q.extend_from_slice(&buf[p..p + l]);
                p += l;
                continue;
            }
            if buf[p] == b'\\' && p + 1 < buf.len() && bracket_state == 0 {
                p += 1;
                match buf[p] {
                    b'a' => {
                        q.push(7);
                        p += 1;
                    }
                    b'f' => {
                        q.push(12);
                        p += 1;
                    }
                    b'\n' | b'n' => {
                        q.push(b'\n');
                        p += 1;
                    }
                    b'r' => {
                        q.push(b'\r');
                        p += 1;
                    }
                    b't' => {
                        q.push(b'\t');
                        p += 1;
                    }
                    b'v' => {
                        q.push(11);
                        p += 1;
                    }
                    c @ (b'd' | b'x' | b'o') => {
                        let base = match c {
                            b'd' => 10,
                            b'x' => 16,
                            _ => 8,
                        };
                        let (ch, np) = convert_number(buf, p, base);
                        p = np;
                        if ty == TextType::Replacement && (ch == b'&' || ch == b'\\') {
                            q.push(b'\\');
                        }
                        q.push(ch);
                    }
                    b'c' => {
                        p += 1;
                        if p < buf.len() {
                            q.push(buf[p].to_ascii_uppercase() ^ 0x40);
                            if buf[p] == b'\\' {
                                p += 1;
                                if buf.get(p) != Some(&b'\\') {
                                    return Err(
                                        self.bad("recursive escaping after \\c not allowed")
                                    );
                                }
                            }
                            p += 1;
                        } else if ty != TextType::Buffer {
                            q.push(b'\\');
                        }
                    }
                    _ => {
                        if ty != TextType::Buffer {
                            q.push(b'\\');
                        }
                        q.push(buf[p]);
                        p += 1;
                    }
                }
                continue;
            } else if ty == TextType::Regex && (self.opts.posix || self.opts.correct) {
                match buf[p] {
                    b'[' if bracket_state == 0 => bracket_state = -1,
                    c @ (b':' | b'.' | b'=')
                        if bracket_state == -1 && p > 0 && buf[p - 1] == b'[' =>
                    {
                        bracket_state = c as i32;
                    }
                    b']' => {
                        if bracket_state == -1 {
                            bracket_state = 0;
                        } else if bracket_state > 0
                            && p >= 2
                            && buf[p - 2] as i32 != bracket_state
                            && buf[p - 1] as i32 == bracket_state
                        {
                            bracket_state = -1;
                        }
                    }
                    _ => {}
                }
            }
            q.push(buf[p]);
            p += 1;
        }
        Ok(q)
    }

    /// Finish: unmatched blocks, pending text, label resolution.
    pub fn finish(mut self) -> Result<Program, CompileError> {
        if let Some((_, w)) = self.blocks.last() {
            return Err(CompileError {
                msg: format!("{w}: unmatched `{{'"),
                status: 1,
            });
        }
        if let Some(p) = self.pending.take() {
            let t = if p.buf.is_empty() { None } else { Some(p.buf) };
            self.set_text(p.cmd, t);
        }
        let end = self.prog.cmds.len();
        for (idx, name) in std::mem::take(&mut self.jumps) {
            let target = if let Some((_, t)) = self.labels.iter().rev().find(|(l, _)| *l == name) {
                *t
            } else if name.is_empty() {
                end
            } else {
                return Err(CompileError {
                    msg: format!(
                        "can't find label for jump to `{}'",
                        String::from_utf8_lossy(&name)
                    ),
                    status: 4,
                });
            };
            if let Kind::Jump(_, t) = &mut self.prog.cmds[idx].kind {
                *t = target;
            }
        }
        Ok(self.prog)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextType {
    Buffer,
    Replacement,
    Regex,
}

fn intern(list: &mut Vec<FileRef>, f: FileRef) -> usize {
    if let Some(i) = list.iter().position(|x| *x == f) {
        return i;
    }
    list.push(f);
    list.len() - 1
}

/// GNU's `convert_number`: digits after `buf[p]` (the letter) in `base`, at most while the
/// running multiplier stays ≤ 255; no digits yields the letter itself.
fn convert_number(buf: &[u8], p: usize, base: u32) -> (u8, usize) {
    let mut n: u32 = 0;
    let mut max: u32 = 1;
    let mut q = p + 1;
    while q < buf.len() && max <= 255 {
        let Some(d) = (buf[q] as char).to_digit(16) else {
            break;
        };
        if d >= base {
            break;
        }
        n = n * base + d;
        q += 1;
        max *= base;
    }
    if q == p + 1 {
        (buf[p], q)
    } else {
        (n as u8, q)
    }
}

/// Length of the UTF-8 character at the start of `b` (1 for invalid bytes).
pub fn utf8_len(b: &[u8]) -> usize {
    let Some(&c) = b.first() else {
        return 0;
    };
    let l = match c {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return 1,
    };
    if b.len() >= l && std::str::from_utf8(&b[..l]).is_ok() {
        l
    } else {
        1
    }
}

fn split_chars(b: &[u8]) -> Vec<&[u8]> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let l = utf8_len(&b[i..]);
        v.push(&b[i..i + l]);
        i += l;
    }
    v
}

/// Whether version `v` (from the `v` command) is newer than 4.9.
fn version_newer(v: &[u8]) -> bool {
    let s = String::from_utf8_lossy(v);
    let mut parts = s.split('.').map(|p| {
        p.chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse::<u64>()
            .unwrap_or(0)
    });
    let mine = [4u64, 9];
    for m in mine {
        let p = parts.next().unwrap_or(0);
        if p != m {
            return p > m;
        }
    }
    parts.any(|p| p > 0)
}
