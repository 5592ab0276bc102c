//! grep's command line: GNU's options, its `-NUM` and `--color` forms, and its messages.

use crate::common::{diag, input};
use sandsh_api::{Arg, ArgParser, CommandSpec, OutputFormat, ToolCtx};
use sandsh_text::pattern::{Pattern, PatternOptions};

/// How patterns are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Basic,
    Extended,
    Fixed,
    Perl,
}

/// `--binary-files`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryFiles {
    Binary,
    Text,
    WithoutMatch,
}

/// `-d ACTION`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dirs {
    Read,
    Recurse,
    Skip,
}

/// `-l` / `-L`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    Matching,
    NonMatching,
}

/// Everything an invocation asked for.
pub struct Config {
    pub mode: Mode,
    pub patterns: Vec<Vec<u8>>,
    pub icase: bool,
    pub word: bool,
    pub line: bool,
    pub invert: bool,
    pub count: bool,
    pub list: Option<List>,
    pub quiet: bool,
    pub no_messages: bool,
    pub max_count: Option<u64>,
    pub byte_offset: bool,
    pub line_number: bool,
    pub with_filename: Option<bool>,
    pub label: Vec<u8>,
    pub only_matching: bool,
    pub binary: BinaryFiles,
    pub dirs: Dirs,
    pub skip_devices: bool,
    pub deref: bool,
    pub include: Vec<Pattern>,
    pub exclude: Vec<Pattern>,
    pub exclude_dir: Vec<Pattern>,
    pub null: bool,
    pub before: usize,
    pub after: usize,
    /// A context option was given (even 0): groups get separators.
    pub context_set: bool,
    pub group_sep: Option<Vec<u8>>,
    pub color: bool,
    pub eol: u8,
    pub line_buffered: bool,
    pub json: bool,
    pub files: Vec<Arg>,
}

/// Print GNU's usage lines (after `message`, if any) and give status 2.
pub fn usage_error(ctx: &mut dyn ToolCtx, message: Option<&str>) -> i32 {
    if let Some(m) = message {
        let _ = writeln!(ctx.stderr(), "{m}");
    }
    let _ = writeln!(
        ctx.stderr(),
        "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information."
    );
    2
}

fn fail(ctx: &mut dyn ToolCtx, message: &str) -> i32 {
    let _ = writeln!(ctx.stderr(), "grep: {message}");
    2
}

/// GNU's `-NUM` (context) and `--color` without a value, rewritten for the option table.
fn normalize(args: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::with_capacity(args.len());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == b"--" {
            out.push(a.clone());
            out.extend(it.cloned());
            break;
        }
        if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(u8::is_ascii_digit) {
            out.push(b"-C".to_vec());
            out.push(a[1..].to_vec());
        } else if a == b"--color" || a == b"--colour" {
            out.push(b"--color=auto".to_vec());
        } else {
            out.push(a.clone());
        }
    }
    out
}

fn context_num(ctx: &mut dyn ToolCtx, v: &[u8]) -> Result<usize, i32> {
    let s = String::from_utf8_lossy(v);
    match s.parse::<u64>() {
        Ok(n) => Ok(usize::try_from(n).unwrap_or(usize::MAX)),
        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Ok(usize::MAX),
        Err(_) => Err(fail(ctx, &format!("{s}: invalid context length argument"))),
    }
}

fn glob(v: &[u8]) -> Pattern {
    Pattern::new(v, PatternOptions::default())
}

/// Split a pattern argument into its newline-separated patterns.
fn split_patterns(v: &[u8], into: &mut Vec<Vec<u8>>) {
    for p in v.split(|&b| b == b'\n') {
        into.push(p.to_vec());
    }
}

/// Parse the command line; `Err(status)` after printing the message.
pub fn parse(
    spec: &CommandSpec,
    args: &[Arg],
    ctx: &mut dyn ToolCtx,
    preset: Option<Mode>,
) -> Result<Config, i32> {
    let args = normalize(args);
    let p = match ArgParser::parse(spec, &args) {
        Ok(p) => p,
        Err(e) => {
            let m = e.message.replacen(spec.name, "grep", 1);
            return Err(usage_error(ctx, Some(&m)));
        }
    };
    let mut c = Config {
        mode: preset.unwrap_or(Mode::Basic),
        patterns: Vec::new(),
        icase: false,
        word: false,
        line: false,
        invert: false,
        count: false,
        list: None,
        quiet: false,
        no_messages: false,
        max_count: None,
        byte_offset: false,
        line_number: false,
        with_filename: None,
        label: b"(standard input)".to_vec(),
        only_matching: false,
        binary: BinaryFiles::Binary,
        dirs: Dirs::Read,
        skip_devices: false,
        deref: false,
        include: Vec::new(),
        exclude: Vec::new(),
        exclude_dir: Vec::new(),
        null: false,
        before: 0,
        after: 0,
        context_set: false,
        group_sep: Some(b"--".to_vec()),
        color: false,
        eol: b'\n',
        line_buffered: false,
        json: ctx.output_format() == OutputFormat::Json,
        files: Vec::new(),
    };
    let mut mode_set = preset.is_some();
    let mut have_patterns = false;
    let (mut before, mut after, mut context) = (None, None, None);
    for (i, v) in &p.opts {
        let o = &spec.options[*i];
        let v = v.as_deref().unwrap_or(b"");
        let key = o.long.unwrap_or("");
        match (o.short, key) {
            (Some(m @ ('E' | 'F' | 'G' | 'P')), _) => {
                let mode = match m {
                    'E' => Mode::Extended,
                    'F' => Mode::Fixed,
                    'G' => Mode::Basic,
                    _ => Mode::Perl,
                };
                if mode_set && mode != c.mode {
                    return Err(fail(ctx, "conflicting matchers specified"));
                }
                c.mode = mode;
                mode_set = true;
            }
            (Some('e'), _) => {
                split_patterns(v, &mut c.patterns);
                have_patterns = true;
            }
            (Some('f'), _) => {
                let data = match input::read_input(ctx, v) {
                    Ok(d) => d,
                    Err(e) => {
                        return Err(fail(
                            ctx,
                            &format!("{}: {}", diag::lossy(v), diag::io_msg(&e)),
                        ));
                    }
                };
                let mut body: &[u8] = &data;
                if body.last() == Some(&b'\n') {
                    body = &body[..body.len() - 1];
                }
                if !data.is_empty() {
                    split_patterns(body, &mut c.patterns);
                }
                have_patterns = true;
            }
            (Some('i' | 'y'), _) => c.icase = true,
            (_, "no-ignore-case") => c.icase = false,
            (Some('w'), _) => c.word = true,
            (Some('x'), _) => c.line = true,
            (Some('z'), _) => c.eol = 0,
            (Some('s'), _) => c.no_messages = true,
            (Some('v'), _) => c.invert = true,
            (Some('V'), _) => {
                let text = sandsh_api::version::text("grep").unwrap_or_default();
                let _ = ctx.stdout().write_all(text.as_bytes());
                return Err(0);
            }
            (Some('m'), _) => {
                let s = String::from_utf8_lossy(v);
                match s.parse::<i64>() {
                    Ok(n) if n < 0 => c.max_count = None,
                    Ok(n) => c.max_count = Some(n as u64),
                    Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                        c.max_count = None
                    }
                    Err(_) => return Err(fail(ctx, "invalid max count")),
                }
            }
            (Some('b'), _) => c.byte_offset = true,
            (Some('n'), _) => c.line_number = true,
            (_, "line-buffered") => c.line_buffered = true,
            (Some('H'), _) => c.with_filename = Some(true),
            (Some('h'), _) => c.with_filename = Some(false),
            (_, "label") => c.label = v.to_vec(),
            (Some('o'), _) => c.only_matching = true,
            (Some('q'), _) | (_, "silent") => c.quiet = true,
            (_, "binary-files") => {
                c.binary = match v {
                    b"binary" => BinaryFiles::Binary,
                    b"text" => BinaryFiles::Text,
                    b"without-match" => BinaryFiles::WithoutMatch,
                    _ => return Err(fail(ctx, "unknown binary-files type")),
                }
            }
            (Some('a'), _) => c.binary = BinaryFiles::Text,
            (Some('I'), _) => c.binary = BinaryFiles::WithoutMatch,
            (Some('d'), _) => {
                c.dirs = match v {
                    b"read" => Dirs::Read,
                    b"recurse" => Dirs::Recurse,
                    b"skip" => Dirs::Skip,
                    _ => {
                        let m = format!(
                            "grep: invalid argument \u{2018}{}\u{2019} for \u{2018}--directories\u{2019}\nValid arguments are:\n  - \u{2018}read\u{2019}\n  - \u{2018}recurse\u{2019}\n  - \u{2018}skip\u{2019}",
                            diag::lossy(v)
                        );
                        return Err(usage_error(ctx, Some(&m)));
                    }
                }
            }
            (Some('D'), _) => {
                c.skip_devices = match v {
                    b"read" => false,
                    b"skip" => true,
                    _ => return Err(fail(ctx, "unknown devices method")),
                }
            }
            (Some('r'), _) => {
                c.dirs = Dirs::Recurse;
                c.deref = false;
            }
            (Some('R'), _) => {
                c.dirs = Dirs::Recurse;
                c.deref = true;
            }
            (_, "include") => c.include.push(glob(v)),
            (_, "exclude") => c.exclude.push(glob(v)),
            (_, "exclude-dir") => c.exclude_dir.push(glob(v)),
            (_, "exclude-from") => {
                let data = match input::read_input(ctx, v) {
                    Ok(d) => d,
                    Err(e) => {
                        return Err(fail(
                            ctx,
                            &format!("{}: {}", diag::lossy(v), diag::io_msg(&e)),
                        ));
                    }
                };
                for l in input::split_records(&data, b'\n') {
                    c.exclude.push(glob(l));
                }
            }
            (Some('L'), _) => c.list = Some(List::NonMatching),
            (Some('l'), _) => c.list = Some(List::Matching),
            (Some('c'), _) => c.count = true,
            (Some('Z'), _) => c.null = true,
            (Some('B'), _) => before = Some(context_num(ctx, v)?),
            (Some('A'), _) => after = Some(context_num(ctx, v)?),
            (Some('C'), _) => context = Some(context_num(ctx, v)?),
            (_, "group-separator") => c.group_sep = Some(v.to_vec()),
            (_, "no-group-separator") => c.group_sep = None,
            (_, "color" | "colour") => {
                c.color = match v {
                    b"always" | b"yes" | b"force" => true,
                    b"never" | b"no" | b"none" | b"auto" | b"tty" | b"if-tty" => false,
                    _ => return Err(usage_error(ctx, None)),
                }
            }
            (Some('T'), _) => return Err(fail(ctx, "-T/--initial-tab is not supported")),
            (Some('U'), _) => {}
            _ => {}
        }
    }
    c.before = before.or(context).unwrap_or(0);
    c.after = after.or(context).unwrap_or(0);
    c.context_set = before.is_some() || after.is_some() || context.is_some();
    let mut operands = p.operands.into_iter();
    if !have_patterns {
        match operands.next() {
            Some(pat) => split_patterns(&pat, &mut c.patterns),
            None => return Err(usage_error(ctx, None)),
        }
    }
    c.files = operands.collect();
    if c.json {
        c.color = false;
    }
    Ok(c)
}
