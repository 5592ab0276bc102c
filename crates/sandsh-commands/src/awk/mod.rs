//! `awk` / `gawk`: POSIX awk with the gawk extensions scripts use, matching gawk 5.2 in a
//! UTF-8 locale (C.UTF-8): character-based string functions, gawk's number formatting,
//! strnum comparisons, `gensub`, `patsplit`, `asort`, regex RS and RT, `length(array)`, arrays
//! of arrays ([`subarray`]).
//!
//! The program is parsed once into a tree with resolved variable slots ([`parser`]) and run by
//! a tree-walking evaluator ([`interp`], [`builtins`], [`run`]). Input streams in chunks; fields
//! split lazily; output is buffered. Commands named in `system()`, `cmd | getline` and
//! `print | cmd` run inside sandsh (see [`io`]). `for (k in a)` visits keys in gawk's own
//! order, which follows its array layout ([`array`]).

mod array;
mod ast;
mod builtins;
mod format;
mod inplace;
mod interp;
mod io;
mod lexer;
mod parser;
mod re;
mod record;
mod run;
mod subarray;
mod value;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use self::interp::{Cell, Flow, Interp};
use self::value::Value;

pub struct Awk;
pub struct Gawk;

const OPTIONS: &[OptSpec] = &[
    OptSpec::new(
        "-F, --field-separator=FS",
        "use FS for the input field separator (the value of the FS variable)",
    ),
    OptSpec::new(
        "-v, --assign=VAR=VAL",
        "assign VAL to VAR before the program starts (escapes are processed)",
    ),
    OptSpec::new(
        "-f, --file=PROGFILE",
        "read the program from PROGFILE (may be repeated)",
    ),
    OptSpec::new(
        "-e, --source=TEXT",
        "use TEXT as program source (gawk; may be combined with -f)",
    ),
    OptSpec::new(
        "-i, --include=SOURCE",
        "include the awk source file SOURCE (or SOURCE.awk), once; `-i inplace` edits each input file in place, keeping a backup named by INPLACE_SUFFIX when that is set (gawk)",
    ),
];

const OPERANDS: &[ArgSpec] = &[
    ArgSpec::optional(
        "PROGRAM",
        ArgType::String,
        "the awk program text (when no -f is given)",
    ),
    ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "input files, or VAR=VALUE assignments processed in order (- is stdin)",
    )
    .repeated(),
];

const DESCRIPTION: &str = "Scan each input FILE (or standard input) for records matching the patterns of PROGRAM and run their actions. POSIX awk with the gawk extensions: BEGIN/END, ranges, regex patterns, getline in every form, output redirection to files and to commands (run inside the shell), arrays with SUBSEP and gawk's arrays of arrays (a[i][j], isarray), user functions, and the built-ins length substr index split sub gsub match sprintf sin cos atan2 exp log sqrt int rand srand tolower toupper system close fflush gensub strftime systime mktime asort asorti patsplit. Strings are handled as UTF-8 characters. `for (k in a)` visits keys in the order gawk does.";

const EXAMPLES: &[Example] = &[
    Example {
        description: "sum a column",
        script: "printf 'a 1\\nb 2\\nc 3\\n' | awk '{s += $2} END {print s}'",
        stdout: "6\n",
    },
    Example {
        description: "select a field with a separator",
        script: "echo 'x,y,z' | awk -F, '{print $2}'",
        stdout: "y\n",
    },
    Example {
        description: "count occurrences",
        script: "printf 'a\\nb\\na\\n' | awk '{c[$1]++} END {print c[\"a\"], c[\"b\"]}'",
        stdout: "2 1\n",
    },
    Example {
        description: "gawk's gensub",
        script: "echo 'hello world' | gawk '{print gensub(/(o)/, \"[\\\\1]\", \"g\")}'",
        stdout: "hell[o] w[o]rld\n",
    },
];

static AWK_SPEC: CommandSpec = CommandSpec {
    name: "awk",
    group: "text",
    summary: "pattern scanning and text processing language (gawk-compatible)",
    usage: "awk [-F FS] [-v VAR=VAL]... [-f PROGFILE | 'PROGRAM'] [--] [FILE | VAR=VAL]...",
    description: DESCRIPTION,
    options: OPTIONS,
    operands: OPERANDS,
    returns: "the program's output; exit status from `exit`, 0 by default",
    examples: EXAMPLES,
    errors: "exit 1 on a syntax error or bad usage, 2 on a fatal runtime error (unreadable input file, division by zero, printf with too few arguments)",
    risk: RiskLevel::LowRisk,
};

static GAWK_SPEC: CommandSpec = CommandSpec {
    name: "gawk",
    group: "text",
    summary: "GNU awk: the same command as awk",
    usage: "gawk [-F FS] [-v VAR=VAL]... [-f PROGFILE | 'PROGRAM'] [--] [FILE | VAR=VAL]...",
    description: DESCRIPTION,
    options: OPTIONS,
    operands: OPERANDS,
    returns: "the program's output; exit status from `exit`, 0 by default",
    examples: EXAMPLES,
    errors: "exit 1 on a syntax error or bad usage, 2 on a fatal runtime error",
    risk: RiskLevel::LowRisk,
};

impl Command for Awk {
    fn spec(&self) -> &CommandSpec {
        &AWK_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(args, ctx, "awk")
    }
}

impl Command for Gawk {
    fn spec(&self) -> &CommandSpec {
        &GAWK_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(args, ctx, "gawk")
    }
}

/// gawk 5.2's usage text, printed for every usage error; `awk` in it is the invoked name.
const USAGE: &str = "Usage: awk [POSIX or GNU style options] -f progfile [--] file ...\n\
Usage: awk [POSIX or GNU style options] [--] 'program' file ...\n\
POSIX options:\t\tGNU long options: (standard)\n\
\t-f progfile\t\t--file=progfile\n\
\t-F fs\t\t\t--field-separator=fs\n\
\t-v var=val\t\t--assign=var=val\n\
Short options:\t\tGNU long options: (extensions)\n\
\t-b\t\t\t--characters-as-bytes\n\
\t-c\t\t\t--traditional\n\
\t-C\t\t\t--copyright\n\
\t-d[file]\t\t--dump-variables[=file]\n\
\t-D[file]\t\t--debug[=file]\n\
\t-e 'program-text'\t--source='program-text'\n\
\t-E file\t\t\t--exec=file\n\
\t-g\t\t\t--gen-pot\n\
\t-h\t\t\t--help\n\
\t-i includefile\t\t--include=includefile\n\
\t-I\t\t\t--trace\n\
\t-l library\t\t--load=library\n\
\t-L[fatal|invalid|no-ext]\t--lint[=fatal|invalid|no-ext]\n\
\t-M\t\t\t--bignum\n\
\t-N\t\t\t--use-lc-numeric\n\
\t-n\t\t\t--non-decimal-data\n\
\t-o[file]\t\t--pretty-print[=file]\n\
\t-O\t\t\t--optimize\n\
\t-p[file]\t\t--profile[=file]\n\
\t-P\t\t\t--posix\n\
\t-r\t\t\t--re-interval\n\
\t-s\t\t\t--no-optimize\n\
\t-S\t\t\t--sandbox\n\
\t-t\t\t\t--lint-old\n\
\t-V\t\t\t--version\n\
\n\
To report bugs, use the `gawkbug' program.\n\
For full instructions, see the node `Bugs' in `gawk.info'\n\
which is section `Reporting Problems and Bugs' in the\n\
printed version.  This same information may be found at\n\
https://www.gnu.org/software/gawk/manual/html_node/Bugs.html.\n\
PLEASE do NOT try to report bugs by posting in comp.lang.awk,\n\
or by using a web forum such as Stack Overflow.\n\
\n\
gawk is a pattern scanning and processing language.\n\
By default it reads standard input and writes standard output.\n\
\n\
Examples:\n\
\tawk '{ sum += $1 }; END { print sum }' file\n\
\tawk -F: '{ print $1 }' /etc/passwd\n\
";

/// The usage text under the name the command was invoked by.
fn usage(me: &str) -> String {
    USAGE
        .replace("Usage: awk ", &format!("Usage: {me} "))
        .replace("\tawk ", &format!("\t{me} "))
}

struct Invocation {
    fs: Option<Vec<u8>>,
    assigns: Vec<Vec<u8>>,
    sources: Vec<Source>,
    operands: Vec<Vec<u8>>,
    /// `-i inplace`
    inplace: bool,
}

enum Source {
    Text(Vec<u8>),
    File(Vec<u8>),
    /// `-i NAME`: NAME, or NAME.awk when NAME cannot be read.
    Include(Vec<u8>),
}

/// A usage error as gawk prints it: the message (gawk has none for an unknown option), then
/// the usage text, named as the command was invoked (`gawk: …`, `Usage: gawk …`).
fn usage_error(ctx: &mut dyn ToolCtx, me: &str, msg: Option<&str>) -> ExitStatus {
    let mut text = msg.map(|m| format!("{me}: {m}\n")).unwrap_or_default();
    text.push_str(&usage(me));
    let _ = ctx.stderr().write_all(text.as_bytes());
    1
}

/// gawk's message for an option missing its argument, named by its letter (`--file` is `f`).
fn missing_argument(ctx: &mut dyn ToolCtx, me: &str, letter: u8) -> ExitStatus {
    let msg = format!("option requires an argument -- {}", letter as char);
    usage_error(ctx, me, Some(&msg))
}

fn parse_args(args: &[Arg], ctx: &mut dyn ToolCtx, me: &str) -> Result<Invocation, ExitStatus> {
    let mut inv = Invocation {
        fs: None,
        assigns: Vec::new(),
        sources: Vec::new(),
        operands: Vec::new(),
        inplace: false,
    };
    let mut i = 0;
    while i < args.len() {
        // gawk's `-W opt` (`-W version`, `-Wposix`) is its `--opt`.
        let w_long;
        let a = match args[i].strip_prefix(b"-W") {
            Some(v) => {
                let attached = (!v.is_empty()).then(|| v.to_vec());
                let Some(v) = option_value(attached, args, &mut i) else {
                    return Err(missing_argument(ctx, me, b'W'));
                };
                w_long = [b"--".as_slice(), &v].concat();
                &w_long
            }
            None => &args[i],
        };
        if a == b"--" {
            i += 1;
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            break;
        }
        // long options
        if a.starts_with(b"--") {
            let (name, val) = match a.iter().position(|&b| b == b'=') {
                Some(p) => (&a[2..p], Some(a[p + 1..].to_vec())),
                None => (&a[2..], None),
            };
            let key: &[u8] = match name {
                b"field-separator" => b"F",
                b"assign" => b"v",
                b"file" => b"f",
                b"source" => b"e",
                b"include" => b"i",
                b"posix"
                | b"traditional"
                | b"re-interval"
                | b"characters-as-bytes"
                | b"sandbox"
                | b"use-lc-numeric" => {
                    i += 1;
                    continue;
                }
                b"version" => {
                    let text = sandsh_api::version::text("awk").unwrap_or_default();
                    let _ = ctx.stdout().write_all(text.as_bytes());
                    return Err(0);
                }
                _ => return Err(usage_error(ctx, me, None)),
            };
            let Some(v) = option_value(val, args, &mut i) else {
                return Err(missing_argument(ctx, me, key[0]));
            };
            apply_opt(&mut inv, key[0], v);
            i += 1;
            continue;
        }
        let c = a[1];
        match c {
            b'F' | b'v' | b'f' | b'e' | b'i' => {
                let attached = (a.len() > 2).then(|| a[2..].to_vec());
                let Some(v) = option_value(attached, args, &mut i) else {
                    return Err(missing_argument(ctx, me, c));
                };
                apply_opt(&mut inv, c, v);
            }
            b'V' if a.len() == 2 => {
                let text = sandsh_api::version::text("awk").unwrap_or_default();
                let _ = ctx.stdout().write_all(text.as_bytes());
                return Err(0);
            }
            _ => return Err(usage_error(ctx, me, None)),
        }
        i += 1;
    }
    if !inv.sources.iter().any(|s| !matches!(s, Source::Include(_))) {
        match args.get(i) {
            Some(p) => {
                inv.sources.push(Source::Text(p.clone()));
                i += 1;
            }
            None => return Err(usage_error(ctx, me, None)),
        }
    }
    inv.operands = args[i..].to_vec();
    Ok(inv)
}

/// An option's value: the one attached to it (`-Fx`, `--file=x`), or else the next argument
/// (`i` then moves onto it).
fn option_value(attached: Option<Vec<u8>>, args: &[Arg], i: &mut usize) -> Option<Vec<u8>> {
    attached.or_else(|| {
        *i += 1;
        args.get(*i).cloned()
    })
}

fn apply_opt(inv: &mut Invocation, c: u8, v: Vec<u8>) {
    match c {
        b'F' => inv.fs = Some(v),
        b'v' => inv.assigns.push(v),
        b'f' => inv.sources.push(Source::File(v)),
        b'i' if matches!(v.as_slice(), b"inplace" | b"inplace.awk") => inv.inplace = true,
        b'i' => inv.sources.push(Source::Include(v)),
        _ => inv.sources.push(Source::Text(v)),
    }
}

fn run(args: &[Arg], ctx: &mut dyn ToolCtx, name: &str) -> ExitStatus {
    // Messages are named as the command was invoked: `awk: …` or `gawk: …`.
    let me = name;
    let inv = match parse_args(args, ctx, me) {
        Ok(i) => i,
        Err(s) => return s,
    };
    // The program text: every source in order, each ended by a newline.
    let mut text = Vec::new();
    let mut segs = Vec::new();
    for s in &inv.sources {
        let start = text.len();
        let name = match s {
            Source::Text(t) => {
                text.extend_from_slice(t);
                None
            }
            Source::File(f) | Source::Include(f) => {
                let mut path = String::from_utf8_lossy(f).into_owned();
                let f: &[u8] = if f == b"/dev/stdin" { b"-" } else { f };
                let mut read = crate::common::input::read_input(ctx, f);
                if read.is_err() && matches!(s, Source::Include(_)) && !path.ends_with(".awk") {
                    let with_ext = format!("{path}.awk");
                    if let Ok(d) = crate::common::input::read_input(ctx, with_ext.as_bytes()) {
                        read = Ok(d);
                        path = with_ext;
                    }
                }
                // gawk includes a file once, however often it is named.
                if matches!(s, Source::Include(_))
                    && segs
                        .iter()
                        .any(|g: &Segment| g.name.as_deref() == Some(path.as_str()))
                {
                    continue;
                }
                match read {
                    Ok(d) => text.extend_from_slice(&d),
                    Err(e) => {
                        let _ = writeln!(
                            ctx.stderr(),
                            "{me}: fatal: cannot open source file `{path}' for reading: {}",
                            crate::common::diag::io_msg(&e)
                        );
                        return 2;
                    }
                }
                Some(path)
            }
        };
        segs.push(Segment {
            name,
            start,
            end: text.len(),
        });
        text.push(b'\n');
    }
    let declared: &[&str] = if inv.inplace {
        &["INPLACE_SUFFIX"]
    } else {
        &[]
    };
    let prog = match parser::parse(&text, declared) {
        Ok(p) => p,
        Err(errors) => {
            for e in &errors {
                let _ = ctx
                    .stderr()
                    .write_all(parse_error_report(&text, &segs, e, me).as_bytes());
            }
            // gawk: syntax errors exit 1, fatal errors found while parsing exit 2
            let fatal = errors.iter().any(|e| e.msg.starts_with("fatal:"));
            return if fatal { 2 } else { 1 };
        }
    };
    let mut it = match Interp::new(ctx, &prog, me) {
        Ok(i) => i,
        Err(m) => {
            let _ = writeln!(ctx.stderr(), "{me}: cmd. line:1: fatal: {m}");
            return 2;
        }
    };
    if inv.inplace {
        let suffix = prog.globals.iter().position(|g| g == "INPLACE_SUFFIX");
        it.inplace = Some(inplace::Inplace::new(suffix));
    }
    // ARGV / ARGC
    {
        let mut argv = interp::Array::default();
        argv.insert(
            it.key_of(&Value::Num(0.0)),
            Value::from_bytes(name.as_bytes()),
        );
        for (k, op) in inv.operands.iter().enumerate() {
            argv.insert(it.key_of(&Value::Num((k + 1) as f64)), Value::strnum(op));
        }
        if let Cell::Arr(a) = &it.globals[ast::special::ARGV] {
            *a.borrow_mut() = argv;
        }
        it.globals[ast::special::ARGC] = Cell::Val(Value::Num((inv.operands.len() + 1) as f64));
    }
    let mut result = Ok(());
    if let Some(fs) = &inv.fs {
        let v = lexer::unescape(fs);
        result = it.set_var(interp_var(ast::special::FS), Value::strnum(&v));
    }
    for a in &inv.assigns {
        if result.is_err() {
            break;
        }
        match a.iter().position(|&b| b == b'=') {
            Some(p) if interp::is_ident(&a[..p]) => {
                result = it.command_assign(&a[..p], &a[p + 1..]);
            }
            Some(p) => {
                let _ = writeln!(
                    it.ctx.stderr(),
                    "{me}: fatal: `{}' is not a legal variable name",
                    String::from_utf8_lossy(&a[..p])
                );
                return 2;
            }
            _ => {
                let _ = writeln!(
                    it.ctx.stderr(),
                    "{me}: `{}' argument to `-v' not in `var=value' form",
                    String::from_utf8_lossy(a)
                );
                return 1;
            }
        }
    }
    if result.is_ok() {
        result = it.run_program();
    }
    let mut status = it.exit_code;
    match result {
        Ok(()) | Err(Flow::Exit) => {}
        Err(Flow::Fatal(m)) => {
            let prefix = it.fatal_prefix();
            let _ = it.flush_out();
            let at = match it.fatal_place {
                Some(p) => format!("{p}: "),
                None => place(&text, &segs, it.line),
            };
            let _ = writeln!(it.ctx.stderr(), "{me}: {at}{prefix}fatal: {m}");
            status = 2;
        }
        Err(Flow::Cancelled) => {
            return if it.broken_pipe { 141 } else { 130 };
        }
        Err(Flow::Memory) => return 125,
        Err(Flow::Stack) => {
            let _ = it.flush_out();
            let at = place(&text, &segs, it.line);
            let _ = writeln!(
                it.ctx.stderr(),
                "{me}: {at}fatal: limit exceeded: stack bytes (recursion too deep); raise with --max-stack-bytes"
            );
            return 125;
        }
        Err(_) => {}
    }
    match it.close_all() {
        Ok(()) => {}
        Err(Flow::Fatal(m)) => {
            let at = place(&text, &segs, it.line);
            let _ = writeln!(it.ctx.stderr(), "{me}: {at}fatal: {m}");
            status = 2;
        }
        Err(Flow::Cancelled) => return if it.broken_pipe { 141 } else { 130 },
        Err(_) => {}
    }
    status & 0xff
}

fn interp_var(i: usize) -> ast::Var {
    ast::Var::Global(i)
}

/// One source of the program (`-f FILE`, `-e TEXT` or the program operand) within the
/// assembled text: `start..end`, without the newline that follows it.
struct Segment {
    /// The file's name; `None` for program text given on the command line.
    name: Option<String>,
    start: usize,
    end: usize,
}

/// The source holding offset `at` of the program text.
fn segment_at(segs: &[Segment], at: usize) -> Option<&Segment> {
    segs.iter().rev().find(|s| s.start <= at).or(segs.first())
}

/// Where (global) line `line` of the program text starts.
fn line_offset(text: &[u8], line: u32) -> usize {
    let mut n = 1;
    text.iter()
        .position(|&b| {
            if n >= line {
                return true;
            }
            n += u32::from(b == b'\n');
            false
        })
        .unwrap_or(text.len())
}

/// `NAME:LINE: ` for (global) line `line` of the program text, as gawk's run-time errors
/// name it: `cmd. line:3: `, `prog.awk:12: `; nothing before any statement has run (line 0).
fn place(text: &[u8], segs: &[Segment], line: u32) -> String {
    if line == 0 {
        return String::new();
    }
    let at = line_offset(text, line);
    match segment_at(segs, at) {
        Some(s) => {
            let within = text[s.start..at.max(s.start)]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            format!(
                "{}:{}: ",
                s.name.as_deref().unwrap_or("cmd. line"),
                within + 1
            )
        }
        None => format!("cmd. line:{line}: "),
    }
}

/// A parse error as gawk reports it: named after its source (`cmd. line` or the file) and
/// numbered within it; a syntax error shows its source line with a caret under the offending
/// token (at the end of the last line when the program ended too soon).
fn parse_error_report(text: &[u8], segs: &[Segment], e: &parser::ParseError, me: &str) -> String {
    // The source holding the error: by offset, or by (global) line without one.
    let at = if e.pos == parser::NO_POS {
        line_offset(text, e.line)
    } else {
        e.pos as usize
    };
    let seg = segment_at(segs, at);
    let (name, start, end) = seg.map_or(("cmd. line", 0, text.len()), |s| {
        (s.name.as_deref().unwrap_or("cmd. line"), s.start, s.end)
    });
    let src = &text[start..end.max(start)];
    let rel = at.saturating_sub(start);
    let line_of = |p: usize| {
        1 + src[..p.min(src.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    };
    if e.pos == parser::NO_POS {
        return format!("{me}: {name}:{}: {}\n", line_of(rel), e.msg);
    }
    // An error at the source's trailing newlines (or past them) is at the end of its last
    // line, as gawk shows it; a file that ends inside a rule is gawk's "(END OF FILE)".
    let body = &src[..src.iter().rposition(|&b| b != b'\n').map_or(0, |i| i + 1)];
    // gawk counts the newline it stopped at: an unexpected one is on the next line.
    let at_newline = src.get(rel) == Some(&b'\n');
    if !at_newline && rel >= body.len() && seg.is_some_and(|s| s.name.is_some()) {
        let lines = src.iter().filter(|&&b| b == b'\n').count();
        let (line, col) = match src.last() {
            Some(b'\n') | None => (lines.max(1), 0),
            Some(_) => {
                let last = src.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                (lines + 1, (src.len() - last).saturating_sub(1))
            }
        };
        return format!(
            "{me}: {name}:{line}: (END OF FILE)\n{me}: {name}:{line}: {}^ source files / \
             command-line arguments must contain complete functions or rules\n",
            " ".repeat(col)
        );
    }
    let pos = rel.min(body.len());
    let line_start = body[..pos]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_end = body[pos..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(body.len(), |i| pos + i);
    let line = line_of(line_start) + usize::from(at_newline);
    let shown = String::from_utf8_lossy(&body[line_start..line_end]);
    format!(
        "{me}: {name}:{line}: {shown}\n{me}: {name}:{line}: {}^ {}\n",
        " ".repeat(pos - line_start),
        e.msg
    )
}

#[cfg(test)]
mod tests {
    use crate::common::testing::TestCtx;

    fn awk(args: &[&str], input: &str) -> (String, i32) {
        let mut ctx = TestCtx::new();
        ctx.stdin = std::io::Cursor::new(input.as_bytes().to_vec());
        let argv: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
        let st = super::run(&argv, &mut ctx, "awk");
        (String::from_utf8_lossy(&ctx.out).into_owned(), st)
    }

    #[test]
    fn basics() {
        assert_eq!(
            awk(&["{s+=$2} END{print s}"], "a 1\nb 2\n"),
            ("3\n".into(), 0)
        );
        assert_eq!(awk(&["-F:", "{print $2}"], "a:b:c\n"), ("b\n".into(), 0));
        assert_eq!(awk(&["BEGIN{exit 3}"], ""), ("".into(), 3));
        assert_eq!(
            awk(&["{$2=\"x\"; print; print NF}"], "a b c\n"),
            ("a x c\n3\n".into(), 0)
        );
    }

    #[test]
    fn fpat_fields_are_matches() {
        // gawk 5.2.1's output for each record.
        let prog = r#"{printf "%d:", NF; for (i = 1; i <= NF; i++) printf " <%s>", $i; print ""}"#;
        let csv = r#"FPAT=([^,]*)|("[^"]*")"#;
        assert_eq!(
            awk(&["-v", csv, prog], "1,,3\n,a,\n\n,\n\"x,y\",,z\n").0,
            "3: <1> <> <3>\n3: <> <a> <>\n0:\n2: <> <>\n3: <\"x,y\"> <> <z>\n"
        );
        assert_eq!(
            awk(&["-v", "FPAT=[0-9]*", prog], "x1y\n").0,
            "3: <> <1> <>\n"
        );
        // FS assigned after FPAT takes over again; patsplit defaults to FPAT.
        assert_eq!(
            awk(
                &[r#"BEGIN{FPAT="[0-9]+"} {print $2; FS=","; $0="a,b"; print $2; print patsplit("x1y22", p), p[2]}"#],
                "ab 12 cd 345\n"
            )
            .0,
            "345\nb\n2 22\n"
        );
    }

    #[test]
    fn errors() {
        assert_eq!(awk(&["BEGIN{"], "").1, 1);
        assert_eq!(awk(&["BEGIN{x=0; print 1/x}"], "").1, 2);
    }

    #[test]
    fn syntax_errors_point_where_gawk_does() {
        // gawk 5.2.1's stderr for each program (as `awk`).
        for (prog, want) in [
            (
                "{",
                "{\nawk: cmd. line:1:  ^ unexpected newline or end of string",
            ),
            (
                "{\n",
                "{\nawk: cmd. line:1:  ^ unexpected newline or end of string",
            ),
            (
                "BEGIN { x = }",
                "BEGIN { x = }\nawk: cmd. line:1:             ^ syntax error",
            ),
            (
                "BEGIN{ if x }",
                "BEGIN{ if x }\nawk: cmd. line:1:           ^ syntax error",
            ),
            (
                "BEGIN { s = \"abc }",
                "BEGIN { s = \"abc }\nawk: cmd. line:1:             ^ unterminated string",
            ),
            ("/abc", "/abc\nawk: cmd. line:1:  ^ unterminated regexp"),
        ] {
            let mut ctx = TestCtx::new();
            let st = super::run(&[prog.as_bytes().to_vec()], &mut ctx, "awk");
            assert_eq!(st, 1, "{prog:?}");
            assert_eq!(
                ctx.err_str(),
                format!("awk: cmd. line:1: {want}\n"),
                "{prog:?}"
            );
        }
        let mut ctx = TestCtx::new();
        super::run(
            &[b"BEGIN { print \"a\"\n y = ( }".to_vec()],
            &mut ctx,
            "awk",
        );
        assert_eq!(
            ctx.err_str(),
            "awk: cmd. line:2:  y = ( }\nawk: cmd. line:2:        ^ syntax error\n"
        );
    }

    #[test]
    fn functions_and_arrays() {
        let p = "function f(a, k) { a[k] = k * 2 } BEGIN { f(arr, 3); print arr[3]; print length(arr) }";
        assert_eq!(awk(&[p], ""), ("6\n1\n".into(), 0));
        // unbounded recursion stops with a fatal error (on a stack as big as a pipeline stage's)
        let deep = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| awk(&["function r(n) { return r(n+1) } BEGIN { r(1) }"], "").1)
            .map(|h| h.join().unwrap_or(-1))
            .unwrap_or(-1);
        assert_eq!(deep, 2);
    }
}
