//! The bash abstract syntax tree.
//!
//! The parser produces these types and the interpreter walks them; nothing else of the crate is
//! referenced here. Words keep their structure (quoting, expansions, brace expansion) so that the
//! interpreter can apply bash's expansion order without re-lexing. Arithmetic is kept as a
//! [`Word`] and parsed at run time (after parameter expansion), because bash expands `$x` inside
//! `$(( ))` textually before evaluating: `x='2*3'; echo $(( $x + 1 ))` prints 7.

/// Byte offsets into the source text, `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// A sequence of and-or lists separated by `;`, `&` or newlines (a "compound list").
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct List {
    pub items: Vec<ListItem>,
}

/// One and-or list and how it was terminated.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ListItem {
    pub and_or: AndOr,
    /// Terminated by `&`: run asynchronously as a background job.
    pub background: bool,
}

/// `pipeline && pipeline || pipeline …`
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AndOr {
    pub first: Pipeline,
    pub rest: Vec<(AndOrOp, Pipeline)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AndOrOp {
    And,
    Or,
}

/// `[time [-p]] [!] cmd | cmd |& cmd`
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pipeline {
    pub negated: bool,
    /// `time` or `time -p` prefix.
    pub timed: Option<TimeFormat>,
    pub commands: Vec<PipeElem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TimeFormat {
    Default,
    Posix,
}

/// One stage of a pipeline.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PipeElem {
    pub command: Command,
    /// Connected to the next stage with `|&` (stderr goes into the pipe too).
    pub pipe_stderr: bool,
}

/// A command with the redirections that apply to it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Command {
    pub kind: CommandKind,
    pub redirects: Vec<Redirect>,
    /// 1-based line number where the command starts (for `LINENO` and messages).
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum CommandKind {
    Simple(SimpleCommand),
    /// `{ list; }`
    Group(List),
    /// `( list )`
    Subshell(List),
    /// `if c1; then b1; elif c2; then b2; else e; fi`
    If {
        branches: Vec<(List, List)>,
        else_branch: Option<List>,
    },
    /// `while cond; do body; done` (or `until` when `until` is true).
    While {
        cond: List,
        body: List,
        until: bool,
    },
    /// `for var [in words]; do body; done`; `words: None` means `"$@"`.
    For {
        var: String,
        words: Option<Vec<Word>>,
        body: List,
    },
    /// `for (( init; cond; step )); do body; done`; each part may be empty.
    ArithFor {
        init: Option<Word>,
        cond: Option<Word>,
        step: Option<Word>,
        body: List,
    },
    /// `case word in pat|pat) body ;; esac`
    Case {
        word: Word,
        arms: Vec<CaseArm>,
    },
    /// `select var [in words]; do body; done`
    Select {
        var: String,
        words: Option<Vec<Word>>,
        body: List,
    },
    /// `(( expr ))`: the text between the parentheses, as a word to expand then evaluate.
    Arith(Word),
    /// `[[ expr ]]`
    Cond(CondExpr),
    /// `name() compound-command` or `function name [()] compound-command`.
    /// The body keeps its own redirections (applied each time the function runs).
    FunctionDef {
        name: String,
        body: Box<Command>,
    },
}

/// Assignments and words of a simple command. Redirections live on [`Command`].
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct SimpleCommand {
    pub assigns: Vec<Assign>,
    pub words: Vec<Word>,
}

/// `name=value`, `name+=value`, `name[sub]=value`, `name=(a b [k]=v)`.
///
/// Also produced for assignment-looking arguments of declaration builtins
/// (`declare`, `local`, `export`, `readonly`, `typeset`): those appear in
/// [`SimpleCommand::words`] as a word whose only part is [`WordPart::Assign`], so that values
/// are not split or globbed and array values like `local a=(1 2)` keep their structure.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Assign {
    pub name: String,
    /// `name[sub]=…`: the subscript text as a word (expanded, then evaluated as arithmetic for
    /// indexed arrays or used as the key for associative arrays).
    pub index: Option<Word>,
    /// `+=`
    pub append: bool,
    pub value: AssignValue,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum AssignValue {
    Scalar(Word),
    /// `(elem elem [key]=value …)`
    Array(Vec<ArrayElem>),
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ArrayElem {
    /// `[key]=value` (or `[key]+=value` with `append`).
    pub key: Option<Word>,
    pub append: bool,
    pub value: Word,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CaseArm {
    pub patterns: Vec<Word>,
    pub body: List,
    pub terminator: CaseTerminator,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CaseTerminator {
    /// `;;` (also used for the last arm when the terminator is omitted)
    Break,
    /// `;&`: run the next arm's body without testing it.
    FallThrough,
    /// `;;&`: go on testing the next patterns.
    Continue,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Redirect {
    pub fd: RedirFd,
    pub op: RedirOp,
    /// The file name, the fd number for dups (`2>&1` → "1", `>&-` → "-"), the here-string, or
    /// the here-document body.
    pub target: Word,
    pub span: Span,
    /// A here-document's delimiter as bash prints it (`EOF`, or `'EOF'` when it was quoted);
    /// empty for other redirections.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub delim: String,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum RedirFd {
    /// No explicit fd: 0 for input operators, 1 for output operators.
    Default,
    Number(u32),
    /// `{var}>file`: allocate a fd >= 10 and store it in `var`.
    Var(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RedirOp {
    /// `<`
    Read,
    /// `>`
    Write,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `&>` (and `>&word` when word is not a number or `-`)
    WriteBoth,
    /// `&>>`
    AppendBoth,
    /// `<&`
    DupRead,
    /// `>&`
    DupWrite,
    /// `<<` / `<<-`: target is the body. When the delimiter was quoted the body is a single
    /// [`WordPart::SingleQuoted`] part (no expansion); otherwise it is parsed like the inside of
    /// double quotes (parameter, command and arithmetic expansion, `\$ \` \\` escapes).
    HereDoc { strip_tabs: bool },
    /// `<<<`
    HereString,
}

/// `[[ … ]]` expressions.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum CondExpr {
    /// `-f word`, `-z word`, `-v name`, …: the operator without the dash is kept as written,
    /// e.g. "-f".
    Unary(String, Word),
    /// `a -eq b`, `a < b`, `a -nt b`, … (not `==`/`!=`/`=~`, which have their own variants).
    Binary(Word, String, Word),
    /// `a == pat`, `a = pat`, `a != pat`: the right side is a pattern (quoted parts literal).
    Pattern {
        lhs: Word,
        rhs: Word,
        negated: bool,
    },
    /// `a =~ regex`: quoted parts of the right side match literally.
    Regex(Word, Word),
    /// A lone word: true when non-empty.
    Word(Word),
    Not(Box<CondExpr>),
    And(Box<CondExpr>, Box<CondExpr>),
    Or(Box<CondExpr>, Box<CondExpr>),
}

/// A shell word: a sequence of parts that expand and concatenate.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Word {
    pub parts: Vec<WordPart>,
    pub span: Span,
}

impl Word {
    /// A word made of one unquoted literal.
    pub fn literal(s: &str) -> Self {
        Word {
            parts: vec![WordPart::Literal(s.to_string())],
            span: Span::default(),
        }
    }

    /// The word's text when it is made only of unquoted literal parts (keywords, names).
    pub fn as_plain_literal(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [WordPart::Literal(s)] => Some(s),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum WordPart {
    /// Unquoted text. Subject to pathname expansion (it may contain glob characters, including
    /// extglob groups like `@(a|b)`), never to word splitting.
    Literal(String),
    /// Text that is quoted: `'…'`, a backslash-escaped character outside double quotes, or a
    /// backslash escape inside double quotes. Never split, never a glob.
    SingleQuoted(String),
    /// `$'…'` after decoding its escapes (may hold any byte but NUL).
    AnsiC(Vec<u8>),
    /// `"…"` (and `$"…"`, treated the same).
    DoubleQuoted(Vec<WordPart>),
    /// `$name`, `${…}`.
    Param(Box<ParamExp>),
    /// `$(…)` or `` `…` ``.
    CommandSubst(Box<List>),
    /// `$(( … ))`: the inside, expanded then evaluated as arithmetic.
    Arith(Box<Word>),
    /// `<(…)` (`output: false`) or `>(…)` (`output: true`).
    ProcessSubst { output: bool, list: Box<List> },
    /// A leading `~` or `~user` (also after `:` or `=` in assignment values). Holds the user
    /// name, empty for plain `~`.
    Tilde(String),
    /// `{a,b,c}`: the alternatives of a brace expansion, each a sequence of parts.
    BraceAlt(Vec<Vec<WordPart>>),
    /// `{1..10}`, `{01..10..2}`, `{a..z}`: a brace sequence, kept as its source pieces.
    BraceSeq {
        start: String,
        end: String,
        step: Option<String>,
    },
    /// An assignment-shaped argument of a declaration builtin (`declare x=1`, `local a=(1 2)`).
    /// Only ever the sole part of its word.
    Assign(Box<Assign>),
    /// A `${…}` that bash cannot parse (`${x;y}`, zsh's `${(M)…}`), holding its whole text.
    /// As in bash this is not a syntax error: expanding it fails with
    /// `TEXT: bad substitution` (status 1), so code on branches never taken still runs.
    BadSubst(String),
    /// `` `…` `` whose text does not parse. bash parses a backquoted command only when it runs:
    /// expanding this prints the error (`command substitution: line N: message`, then the
    /// offending text unless the input ended early) and substitutes nothing, with status 2.
    BadBackquote {
        /// The backquoted text, for printing the command back.
        text: String,
        message: String,
        line: u32,
        source: Option<String>,
    },
}

/// A parameter expansion: `$x`, `${x}`, `${x:-word}`, `${#a[@]}`, `${!ref}`, …
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ParamExp {
    pub param: Param,
    /// `${!x…}`: indirect expansion (value of x names the parameter to use).
    pub indirect: bool,
    pub op: ParamOp,
    /// Written without braces (`$x`): brace expansion can lengthen its name (`$a{b,c}` is
    /// `$ab $ac` in bash), and `declare -f` prints it back that way.
    #[serde(default)]
    pub bare: bool,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Param {
    /// A variable name (also used for `${!prefix*}` with [`ParamOp::PrefixNames`]).
    Name(String),
    /// `$1`, `${10}`. `$0` is [`Param::Special`] with '0'.
    Positional(u32),
    /// `$@ $* $# $? $- $$ $! $0 $_`
    Special(char),
    /// `name[subscript]`.
    Index(String, Subscript),
}

impl Param {
    /// The parameter as written inside `${…}` (`x`, `1`, `@`, `a[@]`), an expression subscript
    /// shown by `subscript` (the printer's source, a test's dump, an error's text).
    pub fn written(&self, subscript: impl Fn(&Word) -> String) -> String {
        match self {
            Param::Name(n) => n.clone(),
            Param::Positional(n) => n.to_string(),
            Param::Special(c) => c.to_string(),
            Param::Index(n, Subscript::At) => format!("{n}[@]"),
            Param::Index(n, Subscript::Star) => format!("{n}[*]"),
            Param::Index(n, Subscript::Expr(w)) => format!("{n}[{}]", subscript(w)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Subscript {
    /// `[@]`
    At,
    /// `[*]`
    Star,
    /// Any other subscript, as a word (expanded; arithmetic for indexed arrays, a key for
    /// associative ones).
    Expr(Word),
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ParamOp {
    /// Plain `$x` / `${x}`.
    None,
    /// `${#x}`, `${#a[@]}`
    Length,
    /// `${x-w} ${x:-w} ${x=w} ${x:=w} ${x?w} ${x:?w} ${x+w} ${x:+w}`
    Default {
        colon: bool,
        kind: DefaultKind,
        word: Word,
    },
    /// `${x#p}` (`longest: false`) and `${x##p}`
    RemovePrefix { longest: bool, pattern: Word },
    /// `${x%p}` and `${x%%p}`
    RemoveSuffix { longest: bool, pattern: Word },
    /// `${x/p/r}`, `${x//p/r}`, `${x/#p/r}`, `${x/%p/r}`; `replacement: None` when there is no
    /// second slash.
    Replace {
        mode: ReplaceMode,
        pattern: Word,
        replacement: Option<Word>,
    },
    /// `${x^p} ${x^^p} ${x,p} ${x,,p} ${x~p} ${x~~p}`
    Case {
        mode: CaseMode,
        all: bool,
        pattern: Option<Word>,
    },
    /// `${x:offset}` / `${x:offset:length}`: both as words evaluated arithmetically.
    Substring { offset: Word, length: Option<Word> },
    /// `${x@Q}` etc.: the operator letter.
    Transform(char),
    /// `${!prefix*}` (`star: true`) and `${!prefix@}`; the param is [`Param::Name`] with the
    /// prefix and `indirect` is false.
    PrefixNames { star: bool },
    /// `${!a[@]}` / `${!a[*]}`: the keys of an array; param is [`Param::Index`] with At/Star and
    /// `indirect` is false.
    Keys,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DefaultKind {
    /// `-`: use the word when unset (or null with colon)
    Use,
    /// `=`: assign the word
    Assign,
    /// `?`: error with the word as message
    Error,
    /// `+`: use the word when set (and non-null with colon)
    Alternative,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ReplaceMode {
    First,
    All,
    Prefix,
    Suffix,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CaseMode {
    Upper,
    Lower,
    Toggle,
}
