//! `xargs`: build and run command lines from standard input, as GNU findutils 4.9 does.
//!
//! Input is read a chunk at a time and split into items (blank-separated words with GNU's
//! quoting by default, lines with `-I`/`-L`, NUL or a delimiter with `-0`/`-d`); a command runs
//! as soon as its argument list is full (`-n`, `-L`, `-s`). Commands run inside sandsh through
//! [`ToolCtx::call`]; `-P` is honoured by running them one after another. The commands share
//! xargs's standard input (GNU gives them /dev/null), so a command that reads stdin sees what
//! xargs has not read yet.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use crate::common::input::Source;
use crate::common::{diag, input, program_lookup, quote};

pub struct Xargs;

static SPEC: CommandSpec = CommandSpec {
    name: "xargs",
    group: "shell",
    summary: "build and execute command lines from standard input",
    usage: "xargs [OPTION]... COMMAND [INITIAL-ARGS]...",
    description: "Run COMMAND with the INITIAL-ARGS and more arguments read from input (standard input, or -a FILE). By default items are separated by blanks and newlines; single and double quotes and backslashes quote, as in GNU xargs. The default COMMAND is echo. Commands run inside the sandbox one at a time (-P N is accepted and runs them sequentially). Exit status: 0 on success, 123 if any invocation exited with status 1-125, 124 if one exited with 255, 125 if one was killed by a signal, 126 if the command cannot be run, 127 if it is not found, 1 for other errors.",
    options: &[
        OptSpec::new(
            "-0, --null",
            "items are separated by a null, not whitespace; quotes and backslash are not special",
        ),
        OptSpec::new(
            "-a, --arg-file=FILE",
            "read arguments from FILE, not standard input",
        ),
        OptSpec::new(
            "-d, --delimiter=CHARACTER",
            "items are separated by CHARACTER (\\n, \\t, \\0, \\xHH and octal escapes allowed)",
        ),
        OptSpec::new("-E END", "stop reading input at a word equal to END"),
        OptSpec::new(
            "-e, --eof=END",
            "same as -E END (END attached); -e alone disables the end string",
        ),
        OptSpec::new(
            "-I R",
            "replace R in INITIAL-ARGS with each input line (implies -x and -L 1)",
        ),
        OptSpec::new("-i, --replace=R", "same as -I R (R attached, default {})"),
        OptSpec::new(
            "-L, --max-lines=MAX-LINES",
            "use at most MAX-LINES non-blank input lines per command line",
        ),
        OptSpec::new("-l MAX-LINES", "same as -L (MAX-LINES attached, default 1)"),
        OptSpec::new(
            "-n, --max-args=MAX-ARGS",
            "use at most MAX-ARGS arguments per command line",
        ),
        OptSpec::new(
            "-P, --max-procs=MAX-PROCS",
            "accepted; commands run one at a time",
        ),
        OptSpec::new(
            "-p, --interactive",
            "ask (through the sandbox's ask hook) before running each command",
        ),
        OptSpec::new(
            "-r, --no-run-if-empty",
            "if there are no arguments, do not run COMMAND",
        ),
        OptSpec::new(
            "-s, --max-chars=MAX-CHARS",
            "limit the length of a command line to MAX-CHARS (default 131072)",
        ),
        OptSpec::new(
            "-t, --verbose",
            "print each command on standard error before running it",
        ),
        OptSpec::new("-x, --exit", "exit if the size (see -s) is exceeded"),
    ],
    operands: &[ArgSpec::optional(
        "COMMAND",
        ArgType::Command,
        "command to run, with its initial arguments (default echo)",
    )
    .repeated()],
    returns: "whatever the commands print",
    examples: &[
        Example {
            description: "one command for all items",
            script: "printf 'a\\nb c\\n' | xargs echo items:",
            stdout: "items: a b c\n",
        },
        Example {
            description: "two at a time",
            script: "echo 1 2 3 | xargs -n 2",
            stdout: "1 2\n3\n",
        },
        Example {
            description: "replace a placeholder",
            script: "printf 'x\\ny\\n' | xargs -I{} echo '<{}>'",
            stdout: "<x>\n<y>\n",
        },
        Example {
            description: "NUL-separated input",
            script: "printf 'a b\\0c\\0' | xargs -0 -n 1 echo",
            stdout: "a b\nc\n",
        },
    ],
    errors: "123 when a command failed, 124 when one exited with 255, 125 when one was killed, 126/127 when the command cannot be run or found, 1 for bad input (unmatched quote, argument too long) or options",
    risk: RiskLevel::MediumRisk,
};

const DEFAULT_MAX_CHARS: usize = 131_072;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Split {
    /// Blank-separated words with quotes (the default).
    Words,
    /// Exact separator byte (`-0`, `-d`).
    Delim(u8),
}

struct Cfg {
    split: Split,
    eof: Option<Vec<u8>>,
    replace: Option<Vec<u8>>,
    max_lines: Option<usize>,
    max_args: Option<usize>,
    max_chars: usize,
    no_empty: bool,
    verbose: bool,
    exit_on_size: bool,
    interactive: bool,
    file: Option<Vec<u8>>,
}

fn usage_err(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    diag::usage(ctx, &SPEC, &format!("xargs: {m}"), 1)
}

fn parse_delim(d: &[u8]) -> Result<u8, String> {
    if d.len() == 1 {
        return Ok(d[0]);
    }
    let bad = || {
        format!(
            "Invalid input delimiter specification {}: the delimiter must be either a single character or an escape sequence starting with \\.",
            String::from_utf8_lossy(d)
        )
    };
    if d.first() != Some(&b'\\') {
        return Err(bad());
    }
    let rest = &d[1..];
    match rest {
        b"a" => Ok(7),
        b"b" => Ok(8),
        b"f" => Ok(12),
        b"n" => Ok(b'\n'),
        b"r" => Ok(b'\r'),
        b"t" => Ok(b'\t'),
        b"v" => Ok(11),
        b"\\" => Ok(b'\\'),
        _ if rest.first() == Some(&b'x') => {
            u8::from_str_radix(&String::from_utf8_lossy(&rest[1..]), 16).map_err(|_| bad())
        }
        _ if !rest.is_empty() && rest.iter().all(|b| (b'0'..=b'7').contains(b)) => {
            u32::from_str_radix(&String::from_utf8_lossy(rest), 8)
                .ok()
                .and_then(|v| u8::try_from(v).ok())
                .ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

fn positive(ctx: &mut dyn ToolCtx, v: &[u8], opt: char) -> Result<usize, i32> {
    let s = String::from_utf8_lossy(v).into_owned();
    match s.parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n as usize),
        Ok(n) => Err(usage_err(
            ctx,
            &format!("value {n} for -{opt} option should be >= 1"),
        )),
        Err(_) => Err(usage_err(
            ctx,
            &format!("invalid number \"{s}\" for -{opt} option"),
        )),
    }
}

/// Parse options (they stop at the first operand). Returns the config and the command.
fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<(Cfg, Vec<Arg>), i32> {
    let mut c = Cfg {
        split: Split::Words,
        eof: None,
        replace: None,
        max_lines: None,
        max_args: None,
        max_chars: DEFAULT_MAX_CHARS,
        no_empty: false,
        verbose: false,
        exit_on_size: false,
        interactive: false,
        file: None,
    };
    let mut i = 0;
    // (letter, value) pairs in order.
    let mut opts: Vec<(char, Option<Arg>)> = Vec::new();
    while i < args.len() {
        let a = &args[i];
        if a == b"--" {
            i += 1;
            break;
        }
        if a.starts_with(b"--") {
            let body = String::from_utf8_lossy(&a[2..]).into_owned();
            let (name, val) = match body.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.as_bytes().to_vec())),
                None => (body.clone(), None),
            };
            let cands: Vec<&OptSpec> = SPEC
                .options
                .iter()
                .filter(|o| o.long.is_some_and(|l| l.starts_with(&name)))
                .collect();
            let o = match cands.iter().find(|o| o.long == Some(name.as_str())) {
                Some(o) => *o,
                None if cands.len() == 1 => cands[0],
                None if cands.is_empty() => {
                    return Err(usage_err(ctx, &format!("unrecognized option '--{name}'")));
                }
                None => return Err(usage_err(ctx, &format!("option '--{name}' is ambiguous"))),
            };
            let letter = o.short.unwrap_or('?');
            let optional = matches!(letter, 'e' | 'i');
            let v = if o.value.is_some() && !optional {
                match val {
                    Some(v) => Some(v),
                    None => {
                        i += 1;
                        match args.get(i) {
                            Some(v) => Some(v.clone()),
                            None => {
                                return Err(usage_err(
                                    ctx,
                                    &format!(
                                        "option '--{}' requires an argument",
                                        o.long.unwrap_or("")
                                    ),
                                ));
                            }
                        }
                    }
                }
            } else {
                val
            };
            opts.push((letter, v));
            i += 1;
            continue;
        }
        if a.len() < 2 || a[0] != b'-' {
            break;
        }
        let mut k = 1;
        while k < a.len() {
            let ch = a[k] as char;
            let Some(o) = SPEC.options.iter().find(|o| o.short == Some(ch)) else {
                return Err(usage_err(ctx, &format!("invalid option -- '{ch}'")));
            };
            if o.value.is_none() {
                opts.push((ch, None));
                k += 1;
                continue;
            }
            let rest = &a[k + 1..];
            if matches!(ch, 'e' | 'i' | 'l') {
                opts.push((ch, (!rest.is_empty()).then(|| rest.to_vec())));
            } else if !rest.is_empty() {
                opts.push((ch, Some(rest.to_vec())));
            } else {
                i += 1;
                match args.get(i) {
                    Some(v) => opts.push((ch, Some(v.clone()))),
                    None => {
                        return Err(usage_err(
                            ctx,
                            &format!("option requires an argument -- '{ch}'"),
                        ));
                    }
                }
            }
            break;
        }
        i += 1;
    }
    for (ch, v) in opts {
        match ch {
            '0' => c.split = Split::Delim(0),
            'a' => c.file = v,
            'd' => match parse_delim(&v.unwrap_or_default()) {
                Ok(d) => c.split = Split::Delim(d),
                Err(m) => {
                    diag::err(ctx, "xargs", &m);
                    return Err(1);
                }
            },
            'E' => c.eof = v.filter(|v| !v.is_empty()),
            'e' => c.eof = v.filter(|v| !v.is_empty()),
            'I' | 'i' => {
                c.replace = Some(v.unwrap_or_else(|| b"{}".to_vec()));
                c.max_lines = Some(1);
                c.max_args = None;
                c.exit_on_size = true;
            }
            'L' | 'l' => {
                let n = match v {
                    Some(v) => positive(ctx, &v, 'L')?,
                    None => 1,
                };
                c.max_lines = Some(n);
                c.max_args = None;
                c.replace = None;
                c.exit_on_size = true;
            }
            'n' => {
                let v = v.unwrap_or_default();
                c.max_args = Some(positive(ctx, &v, 'n')?);
                if c.replace.is_none() {
                    c.max_lines = None;
                }
            }
            'P' => {
                let s = String::from_utf8_lossy(&v.unwrap_or_default()).into_owned();
                if s.parse::<u64>().is_err() {
                    return Err(usage_err(
                        ctx,
                        &format!("invalid number \"{s}\" for -P option"),
                    ));
                }
            }
            'p' => {
                c.interactive = true;
                c.verbose = true;
            }
            'r' => c.no_empty = true,
            's' => c.max_chars = positive(ctx, &v.unwrap_or_default(), 's')?,
            't' => c.verbose = true,
            'x' => c.exit_on_size = true,
            _ => {}
        }
    }
    let mut cmd: Vec<Arg> = args[i..].to_vec();
    if cmd.is_empty() {
        cmd.push(b"echo".to_vec());
    }
    Ok((c, cmd))
}

/// Splits the input into items. `Ok(None)` at the end.
struct Reader {
    lines: input::Lines,
    /// Pending bytes of the current record.
    cur: Vec<u8>,
    pos: usize,
    eof_seen: bool,
}

enum Item {
    /// A word; `line_end` when it ended its (logical) line.
    Word(Vec<u8>, bool),
    /// A line end with no word before it (blank line).
    Blank,
}

impl Reader {
    fn new(delim: u8) -> Reader {
        Reader {
            lines: input::Lines::new(delim),
            cur: Vec::new(),
            pos: 0,
            eof_seen: false,
        }
    }

    fn next_record(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<bool> {
        match self.lines.next(ctx, src)? {
            Some(r) => {
                self.cur = r;
                self.pos = 0;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Next item in word mode (quotes, backslashes, blank separators).
    fn word(
        &mut self,
        ctx: &mut dyn ToolCtx,
        src: &mut Source,
        lines_mode: bool,
    ) -> Result<Option<Item>, String> {
        let mut word: Vec<u8> = Vec::new();
        let mut have = false;
        let mut quote: Option<u8> = None;
        loop {
            if self.pos >= self.cur.len() {
                match self.next_record(ctx, src) {
                    Ok(true) => {}
                    Ok(false) => {
                        if let Some(q) = quote {
                            return Err(if q == b'\'' {
                                "unmatched single quote; by default quotes are special to xargs unless you use the -0 option".into()
                            } else {
                                "unmatched double quote; by default quotes are special to xargs unless you use the -0 option".into()
                            });
                        }
                        return Ok(have.then_some(Item::Word(word, true)));
                    }
                    Err(e) => return Err(diag::io_msg(&e)),
                }
            }
            let b = self.cur[self.pos];
            self.pos += 1;
            if let Some(q) = quote {
                if b == q {
                    quote = None;
                } else if b == b'\n' {
                    return Err(if q == b'\'' {
                        "unmatched single quote; by default quotes are special to xargs unless you use the -0 option".into()
                    } else {
                        "unmatched double quote; by default quotes are special to xargs unless you use the -0 option".into()
                    });
                } else {
                    word.push(b);
                }
                continue;
            }
            match b {
                b'\n' => {
                    if have {
                        // A trailing blank continues the line in -L mode.
                        return Ok(Some(Item::Word(word, true)));
                    }
                    if lines_mode {
                        return Ok(Some(Item::Blank));
                    }
                }
                b' ' | b'\t' => {
                    if have {
                        // In -L mode a word followed by blanks then newline does not end the
                        // line (GNU's trailing-blank continuation).
                        return Ok(Some(Item::Word(word, false)));
                    }
                }
                b'\'' | b'"' => {
                    quote = Some(b);
                    have = true;
                }
                b'\\' => {
                    if self.pos >= self.cur.len() {
                        match self.next_record(ctx, src) {
                            Ok(true) => {}
                            Ok(false) => {
                                have = true;
                                continue;
                            }
                            Err(e) => return Err(diag::io_msg(&e)),
                        }
                    }
                    word.push(self.cur[self.pos]);
                    self.pos += 1;
                    have = true;
                }
                other => {
                    word.push(other);
                    have = true;
                }
            }
        }
    }

    /// Next line in `-I` mode: leading blanks dropped, quotes and backslashes processed,
    /// blanks kept.
    fn line(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source) -> Result<Option<Vec<u8>>, String> {
        loop {
            let rec = match self.lines.next(ctx, src) {
                Ok(Some(r)) => r,
                Ok(None) => return Ok(None),
                Err(e) => return Err(diag::io_msg(&e)),
            };
            let mut out = Vec::new();
            let mut quote: Option<u8> = None;
            let mut started = false;
            let mut i = 0;
            while i < rec.len() {
                let b = rec[i];
                i += 1;
                if let Some(q) = quote {
                    if b == q {
                        quote = None;
                    } else if b == b'\n' {
                        return Err(if q == b'\'' {
                            "unmatched single quote; by default quotes are special to xargs unless you use the -0 option".into()
                        } else {
                            "unmatched double quote; by default quotes are special to xargs unless you use the -0 option".into()
                        });
                    } else {
                        out.push(b);
                    }
                    continue;
                }
                match b {
                    b'\n' => break,
                    b' ' | b'\t' if !started => {}
                    b'\'' | b'"' => {
                        quote = Some(b);
                        started = true;
                    }
                    b'\\' if i < rec.len() => {
                        out.push(rec[i]);
                        i += 1;
                        started = true;
                    }
                    other => {
                        out.push(other);
                        started = true;
                    }
                }
            }
            if let Some(q) = quote {
                return Err(if q == b'\'' {
                    "unmatched single quote; by default quotes are special to xargs unless you use the -0 option".into()
                } else {
                    "unmatched double quote; by default quotes are special to xargs unless you use the -0 option".into()
                });
            }
            if started {
                return Ok(Some(out));
            }
        }
    }
}

struct Runner {
    status: i32,
    stop: Option<i32>,
    /// The `PATH` commands are looked up in.
    path: Option<Vec<u8>>,
}

fn shown(argv: &[Arg]) -> String {
    argv.iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Runner {
    fn run(&mut self, c: &Cfg, argv: &[Arg], ctx: &mut dyn ToolCtx) {
        if c.interactive {
            let prompt = format!("{} ?...", shown(argv));
            if !ctx.confirm(&prompt) {
                return;
            }
        } else if c.verbose {
            let _ = writeln!(ctx.stderr(), "{}", shown(argv));
        }
        let name = String::from_utf8_lossy(&argv[0]).into_owned();
        let prog = match program_lookup::exec_search(ctx, &name, self.path.as_deref()) {
            Ok(p) => p,
            Err(e) => {
                diag::err(ctx, "xargs", &format!("{name}: {}", e.reason));
                self.stop = Some(e.status);
                return;
            }
        };
        let st = ctx.call(&prog, &argv[1..]);
        match st {
            0 => {}
            1..=125 => self.status = 123,
            126 | 127 => self.stop = Some(st),
            255 => {
                diag::err(
                    ctx,
                    "xargs",
                    &format!("{name}: exited with status 255; aborting"),
                );
                self.stop = Some(124);
            }
            s => {
                diag::err(
                    ctx,
                    "xargs",
                    &format!("{name}: terminated by signal {}", s - 128),
                );
                self.stop = Some(125);
            }
        }
    }
}

fn size_of(argv: &[Arg]) -> usize {
    argv.iter().map(|a| a.len() + 1).sum()
}

impl Command for Xargs {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (c, cmd) = match parse(args, ctx) {
            Ok(x) => x,
            Err(s) => return s,
        };
        let mut src = match &c.file {
            None => Source::Stdin,
            Some(f) => match input::open(ctx, f) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(
                        ctx,
                        "xargs",
                        &format!(
                            "Cannot open input file {}: {m}",
                            quote::cquote(&diag::lossy(f))
                        ),
                    );
                    return 1;
                }
            },
        };
        let base = size_of(&cmd);
        if base > c.max_chars {
            diag::err(ctx, "xargs", "argument line too long");
            return 1;
        }
        let mut runner = Runner {
            status: 0,
            stop: None,
            path: program_lookup::env_path(ctx),
        };
        let delim = match c.split {
            Split::Delim(d) => d,
            Split::Words => b'\n',
        };
        let mut rd = Reader::new(delim);
        let mut items: Vec<Arg> = Vec::new();
        let mut size = base;
        let mut lines_in_cmd = 0usize;
        let mut ran_any = false;
        let mut input_error: Option<String> = None;

        // -I: one command per line, with replacement.
        if let Some(rep) = &c.replace {
            loop {
                if ctx.is_cancelled() {
                    return 130;
                }
                let item = match c.split {
                    Split::Words => match rd.line(ctx, &mut src) {
                        Ok(Some(l)) => l,
                        Ok(None) => break,
                        Err(m) => {
                            input_error = Some(m);
                            break;
                        }
                    },
                    Split::Delim(_) => match rd.lines.next(ctx, &mut src) {
                        Ok(Some(mut r)) => {
                            if r.last() == Some(&delim) {
                                r.pop();
                            }
                            r
                        }
                        Ok(None) => break,
                        Err(e) => {
                            input_error = Some(diag::io_msg(&e));
                            break;
                        }
                    },
                };
                if c.split == Split::Words && c.eof.as_deref() == Some(item.as_slice()) {
                    break;
                }
                let argv: Vec<Arg> = cmd.iter().map(|a| replace_all(a, rep, &item)).collect();
                if size_of(&argv) > c.max_chars {
                    diag::err(ctx, "xargs", "argument line too long");
                    return 1;
                }
                runner.run(&c, &argv, ctx);
                if let Some(s) = runner.stop {
                    return s;
                }
            }
            if let Some(m) = input_error {
                diag::err(ctx, "xargs", &m);
                return 1;
            }
            return runner.status;
        }

        let flush = |items: &mut Vec<Arg>, runner: &mut Runner, ctx: &mut dyn ToolCtx| {
            let mut argv = cmd.clone();
            argv.append(items);
            runner.run(&c, &argv, ctx);
        };
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            let (word, line_end) = match c.split {
                Split::Words => match rd.word(ctx, &mut src, c.max_lines.is_some()) {
                    Ok(Some(Item::Word(w, end))) => (w, end),
                    Ok(Some(Item::Blank)) => continue,
                    Ok(None) => break,
                    Err(m) => {
                        input_error = Some(m);
                        break;
                    }
                },
                Split::Delim(d) => match rd.lines.next(ctx, &mut src) {
                    Ok(Some(mut r)) => {
                        if r.last() == Some(&d) {
                            r.pop();
                        }
                        (r, true)
                    }
                    Ok(None) => break,
                    Err(e) => {
                        input_error = Some(diag::io_msg(&e));
                        break;
                    }
                },
            };
            if c.split == Split::Words && c.eof.as_deref() == Some(word.as_slice()) {
                rd.eof_seen = true;
                break;
            }
            let wlen = word.len() + 1;
            if base + wlen > c.max_chars {
                if !items.is_empty() {
                    flush(&mut items, &mut runner, ctx);
                    if let Some(s) = runner.stop {
                        return s;
                    }
                }
                diag::err(ctx, "xargs", "argument line too long");
                return 1;
            }
            if size + wlen > c.max_chars && !items.is_empty() {
                if c.exit_on_size && c.max_lines.is_none() && c.max_args.is_some() {
                    diag::err(ctx, "xargs", "argument list too long");
                    return 1;
                }
                flush(&mut items, &mut runner, ctx);
                ran_any = true;
                if let Some(s) = runner.stop {
                    return s;
                }
                size = base;
                lines_in_cmd = 0;
            }
            items.push(word);
            size += wlen;
            let full = match (c.max_lines, c.max_args) {
                (Some(ml), _) => {
                    if line_end {
                        lines_in_cmd += 1;
                    }
                    lines_in_cmd >= ml
                }
                (None, Some(n)) => items.len() >= n,
                (None, None) => false,
            };
            if full {
                flush(&mut items, &mut runner, ctx);
                ran_any = true;
                if let Some(s) = runner.stop {
                    return s;
                }
                size = base;
                lines_in_cmd = 0;
            }
        }
        if !items.is_empty() || (!ran_any && !c.no_empty && input_error.is_none()) {
            flush(&mut items, &mut runner, ctx);
            if let Some(s) = runner.stop {
                return s;
            }
        }
        if let Some(m) = input_error {
            diag::err(ctx, "xargs", &m);
            return 1;
        }
        runner.status
    }
}

fn replace_all(a: &[u8], pat: &[u8], with: &[u8]) -> Vec<u8> {
    if pat.is_empty() || a.len() < pat.len() {
        return a.to_vec();
    }
    let mut out = Vec::with_capacity(a.len());
    let mut i = 0;
    while i < a.len() {
        if a[i..].starts_with(pat) {
            out.extend_from_slice(with);
            i += pat.len();
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}
