//! `uniq`: report or omit repeated lines.
//!
//! Streams line by line, holding only the current group's first line, so it works on endless
//! input. Comparison skips `-f` fields then `-s` characters and looks at no more than `-w`
//! characters, as GNU does (fields are runs of blanks followed by non-blanks).

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use sandsh_api::rows::ZERO_TERMINATED;

use crate::common::input::Lines;
use crate::common::{diag, input, output, quote};

pub struct Uniq;

static SPEC: CommandSpec = CommandSpec {
    name: "uniq",
    group: "text",
    summary: "report or omit repeated lines",
    usage: "uniq [OPTION]... [INPUT [OUTPUT]]",
    description: "Filter adjacent matching lines from INPUT (or standard input), writing to OUTPUT (or standard output). With no options, matching lines are merged to the first occurrence. Repeated lines are only detected when adjacent: sort first.",
    options: &[
        OptSpec::new("-c, --count", "prefix lines by the number of occurrences"),
        OptSpec::new(
            "-d, --repeated",
            "only print duplicate lines, one for each group",
        ),
        OptSpec::new("-D, --all-repeated", "print all duplicate lines"),
        OptSpec::new("-f, --skip-fields=N", "avoid comparing the first N fields"),
        OptSpec::new(
            "-i, --ignore-case",
            "ignore differences in case when comparing",
        ),
        OptSpec::new(
            "-s, --skip-chars=N",
            "avoid comparing the first N characters",
        ),
        OptSpec::new("-u, --unique", "only print unique lines"),
        OptSpec::new(
            "-w, --check-chars=N",
            "compare no more than N characters in lines",
        ),
        ZERO_TERMINATED,
    ],
    operands: &[
        ArgSpec::optional("INPUT", ArgType::Path, "input file (- for stdin)"),
        ArgSpec::optional("OUTPUT", ArgType::Path, "output file"),
    ],
    returns: "the filtered lines",
    examples: &[
        Example {
            description: "merge adjacent duplicates",
            script: "printf 'a\\na\\nb\\n' | uniq",
            stdout: "a\nb\n",
        },
        Example {
            description: "count occurrences",
            script: "printf 'a\\na\\nb\\n' | uniq -c",
            stdout: "      2 a\n      1 b\n",
        },
        Example {
            description: "only duplicated lines",
            script: "printf 'a\\na\\nb\\n' | uniq -d",
            stdout: "a\n",
        },
    ],
    errors: "exit 1 when the input cannot be read, the output cannot be written, or options conflict",
    risk: RiskLevel::ReadOnly,
};

struct Cfg {
    skip_fields: usize,
    skip_chars: usize,
    check: Option<usize>,
    icase: bool,
}

fn key<'a>(line: &'a [u8], c: &Cfg) -> &'a [u8] {
    let blank = |b: u8| b == b' ' || b == b'\t';
    let mut p = 0;
    for _ in 0..c.skip_fields {
        while p < line.len() && blank(line[p]) {
            p += 1;
        }
        while p < line.len() && !blank(line[p]) {
            p += 1;
        }
    }
    p = (p + c.skip_chars).min(line.len());
    let rest = &line[p..];
    match c.check {
        Some(w) => &rest[..w.min(rest.len())],
        None => rest,
    }
}

fn same(a: &[u8], b: &[u8], c: &Cfg) -> bool {
    let (x, y) = (key(a, c), key(b, c));
    if c.icase {
        x.eq_ignore_ascii_case(y)
    } else {
        x == y
    }
}

fn parse_n(ctx: &mut dyn ToolCtx, v: &[u8], what: &str) -> Result<usize, i32> {
    let s = diag::lossy(v);
    match s.parse::<u64>() {
        Ok(n) => Ok(n.min(usize::MAX as u64) as usize),
        Err(_) => {
            diag::err(
                ctx,
                "uniq",
                &format!("{s}: invalid number of {what} to skip"),
            );
            Err(1)
        }
    }
}

impl ParsedCommand for Uniq {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let opts = match Options::parse(&p, ctx) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let mut src = match input::open(ctx, &opts.input) {
            Ok(s) => s,
            Err(m) => {
                diag::err(ctx, "uniq", &format!("{}: {m}", diag::lossy(&opts.input)));
                return 1;
            }
        };
        // Output is batched and written a chunk at a time, to stdout or to OUTPUT, which is
        // truncated first, as GNU opens it (so `uniq f f` empties f, as there).
        let mut out = Output {
            buf: Vec::with_capacity(input::CHUNK + 4096),
            file: None,
        };
        if let Some(path) = &opts.output {
            match output::OutFile::create(ctx, path, false) {
                Ok(f) => out.file = Some((path.clone(), f)),
                Err(e) => {
                    diag::err(ctx, "uniq", &format!("{path}: {e}"));
                    return 1;
                }
            }
        }
        if let Err(s) = opts.scan(ctx, &mut src, &mut out) {
            return s;
        }
        if out.flush(ctx) { 0 } else { 1 }
    }
}

/// The command line.
struct Options {
    cfg: Cfg,
    /// `-c`
    count: bool,
    /// `-D`
    all_rep: bool,
    /// `-d` (or `-D`)
    only_dup: bool,
    /// `-u`
    only_uniq: bool,
    delim: u8,
    input: Vec<u8>,
    output: Option<String>,
}

impl Options {
    fn parse(p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Options, ExitStatus> {
        let mut cfg = Cfg {
            skip_fields: 0,
            skip_chars: 0,
            check: None,
            icase: p.has(opt!(SPEC, "i")),
        };
        for (i, v) in &p.opts {
            let v = v.as_deref().unwrap_or_default();
            match SPEC.options[*i].short {
                Some('f') => cfg.skip_fields = parse_n(ctx, v, "fields")?,
                Some('s') => cfg.skip_chars = parse_n(ctx, v, "bytes")?,
                Some('w') => match diag::lossy(v).parse::<u64>() {
                    Ok(n) => cfg.check = Some(n.min(usize::MAX as u64) as usize),
                    Err(_) => {
                        diag::err(
                            ctx,
                            "uniq",
                            &format!("{}: invalid number of bytes to compare", diag::lossy(v)),
                        );
                        return Err(1);
                    }
                },
                _ => {}
            }
        }
        let count = p.has(opt!(SPEC, "c"));
        let all_rep = p.has(opt!(SPEC, "D"));
        if count && all_rep {
            return Err(diag::usage(
                ctx,
                &SPEC,
                "uniq: printing all duplicated lines and repeat counts is meaningless",
                1,
            ));
        }
        if p.operands.len() > 2 {
            let m = format!(
                "uniq: extra operand {}",
                quote::quote(&diag::lossy(&p.operands[2]))
            );
            return Err(diag::usage(ctx, &SPEC, &m, 1));
        }
        Ok(Options {
            cfg,
            count,
            all_rep,
            only_dup: p.has(opt!(SPEC, "d")) || all_rep,
            only_uniq: p.has(opt!(SPEC, "u")),
            delim: if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' },
            input: p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec()),
            output: p.operands.get(1).map(|o| diag::lossy(o)),
        })
    }

    /// The main loop: reads the input, groups equal lines, and emits each group as it ends.
    fn scan(
        &self,
        ctx: &mut dyn ToolCtx,
        src: &mut input::Source,
        out: &mut Output,
    ) -> Result<(), ExitStatus> {
        let mut lines = Lines::new(self.delim);
        // The current group's first line (reused buffer) and its size.
        let mut group: Vec<u8> = Vec::new();
        let mut have_group = false;
        let mut n: u64 = 0;
        loop {
            let next = match lines.next_ref(ctx, src) {
                Ok(l) => l,
                Err(e) => {
                    diag::err(
                        ctx,
                        "uniq",
                        &format!("{}: {}", diag::lossy(&self.input), diag::io_msg(&e)),
                    );
                    return Err(1);
                }
            };
            let next = next.map(|l| match l.last() {
                Some(&d) if d == self.delim => &l[..l.len() - 1],
                _ => l,
            });
            let continues = match next {
                Some(l) => have_group && same(&group, l, &self.cfg),
                None => false,
            };
            if continues {
                n += 1;
                // -D prints every line of a repeated group: the first once the second shows
                // the group repeats, then each as it comes (nothing is held back).
                if self.all_rep
                    && let Some(l) = next
                {
                    if n == 2 {
                        self.emit(&mut out.buf, &group, n, true);
                    }
                    self.emit(&mut out.buf, l, n, true);
                    if out.buf.len() >= input::CHUNK && !out.flush(ctx) {
                        return Err(1);
                    }
                }
                continue;
            }
            if have_group {
                self.end_group(&mut out.buf, &group, n);
                if out.buf.len() >= input::CHUNK && !out.flush(ctx) {
                    return Err(1);
                }
            }
            match next {
                Some(l) => {
                    group.clear();
                    group.extend_from_slice(l);
                    have_group = true;
                    n = 1;
                }
                None => return Ok(()),
            }
        }
    }

    /// Emits a group of `n` lines that starts with `group` (-D has printed its lines already).
    fn end_group(&self, out: &mut Vec<u8>, group: &[u8], n: u64) {
        if !self.all_rep {
            self.emit(out, group, n, false);
        }
    }

    /// Adds a line of a group of `n` to the output, if the options select it.
    fn emit(&self, out: &mut Vec<u8>, line: &[u8], n: u64, first_of_all: bool) {
        if self.all_rep {
            if n < 2 && !first_of_all {
                return;
            }
        } else if (self.only_dup && n < 2) || (self.only_uniq && n > 1) {
            return;
        }
        if self.count {
            let mut b = itoa::Buffer::new();
            let digits = b.format(n);
            for _ in digits.len()..7 {
                out.push(b' ');
            }
            out.extend_from_slice(digits.as_bytes());
            out.push(b' ');
        }
        out.extend_from_slice(line);
        out.push(self.delim);
    }
}

/// The output: a buffer written a chunk at a time to stdout, or appended to OUTPUT (the name
/// as given, for messages, and the resolved path).
struct Output {
    buf: Vec<u8>,
    file: Option<(String, output::OutFile)>,
}

impl Output {
    fn flush(&mut self, ctx: &mut dyn ToolCtx) -> bool {
        let ok = match &mut self.file {
            Some((name, f)) => match f.write(ctx, &self.buf) {
                Ok(()) => true,
                Err(e) => {
                    diag::err(ctx, "uniq", &format!("{name}: {e}"));
                    false
                }
            },
            None => output::out(ctx, &self.buf),
        };
        self.buf.clear();
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::Uniq;
    use crate::common::testing::run_in;

    #[test]
    fn modes() {
        assert_eq!(run_in(&Uniq, &[], "a\na\nb\na").1, "a\nb\na\n");
        assert_eq!(
            run_in(&Uniq, &["-c"], "a\na\nb\n").1,
            "      2 a\n      1 b\n"
        );
        assert_eq!(run_in(&Uniq, &["-u"], "a\na\nb\n").1, "b\n");
        assert_eq!(run_in(&Uniq, &["-D"], "a\na\nb\nc\nc\n").1, "a\na\nc\nc\n");
        assert_eq!(run_in(&Uniq, &["-i"], "A\na\n").1, "A\n");
        assert_eq!(run_in(&Uniq, &["-f1"], "x a\ny a\n").1, "x a\n");
        assert_eq!(run_in(&Uniq, &["-s1", "-w1"], "ab\nbb\nbc\n").1, "ab\nbc\n");
        let (s, _, e) = run_in(&Uniq, &["-cD"], "");
        assert_eq!(s, 1);
        assert!(e.contains("meaningless"));
    }
}
