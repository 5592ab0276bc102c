//! `csplit`: split a file into sections determined by context lines.
//!
//! A port of GNU csplit's control flow (line-number patterns, `/RE/[OFFSET]` and
//! `%RE%[OFFSET]`, `{N}` and `{*}` repeats, the current-line bookkeeping that decides where the
//! next search starts) and its messages. On an error the files made so far are removed unless
//! `-k`. Patterns are POSIX basic regular expressions. The input is held in memory (GNU buffers
//! as far as negative offsets need; here the whole input is read through [`input::read_all`]).

use regex::bytes::Regex;

use sandsh_api::fs::WriteMode;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input::{self, Unread};
use crate::common::output;
use crate::common::quote;

pub struct Csplit;

static SPEC: CommandSpec = CommandSpec {
    name: "csplit",
    group: "fs",
    summary: "split a file into sections determined by context lines",
    usage: "csplit [OPTION]... FILE PATTERN...",
    description: "Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ..., and output byte counts of each piece to standard output. Read standard input if FILE is -. Each PATTERN may be: INTEGER (copy up to but not including specified line number), /REGEXP/[OFFSET] (copy up to but not including a matching line), %REGEXP%[OFFSET] (skip to, but not including a matching line), {INTEGER} (repeat the previous pattern specified number of times), {*} (repeat the previous pattern as many times as possible).",
    options: &[
        OptSpec::new(
            "-b, --suffix-format=FORMAT",
            "use sprintf FORMAT instead of %02d",
        ),
        OptSpec::new("-f, --prefix=PREFIX", "use PREFIX instead of 'xx'"),
        OptSpec::new("-k, --keep-files", "do not remove output files on errors"),
        OptSpec::new("--suppress-matched", "suppress the lines matching PATTERN"),
        OptSpec::new(
            "-n, --digits=DIGITS",
            "use specified number of digits instead of 2",
        ),
        OptSpec::new("-s, --quiet", "do not print counts of output file sizes"),
        OptSpec::new("-z, --elide-empty-files", "remove empty output files"),
    ],
    operands: &[
        ArgSpec::required("FILE", ArgType::Path, "input file (- for stdin)"),
        ArgSpec::required(
            "PATTERN",
            ArgType::Pattern,
            "line numbers, /RE/[OFFSET], %RE%[OFFSET], {N} or {*}",
        )
        .repeated(),
    ],
    returns: "the byte count of each file created, one per line",
    examples: &[
        Example {
            description: "split at a line number",
            script: "seq 5 | csplit - 3; cat xx01",
            stdout: "4\n6\n3\n4\n5\n",
        },
        Example {
            description: "split before every line matching a pattern",
            script: "printf 'a\\n#x\\nb\\n#y\\nc\\n' | csplit -s - '/^#/' '{*}'; cat xx02",
            stdout: "#y\nc\n",
        },
    ],
    errors: "exit 1 on a bad pattern, a line number out of range or a match not found (files removed unless -k)",
    risk: RiskLevel::LowRisk,
};

enum Kind {
    Line(i64),
    Re {
        re: Regex,
        offset: i64,
        ignore: bool,
    },
}

struct Control {
    kind: Kind,
    repeat: u64,
    forever: bool,
    arg: String,
}

/// Why a run stopped early.
enum Stop {
    /// Error message already printed: clean up and exit 1.
    Fatal,
    /// `{*}` reached the end of input: exit 0 at once.
    Done,
    /// Cancelled or output gone.
    Cancelled,
    /// GNU's "input disappeared": exit 1 at once, leaving the files.
    Disappeared,
}

struct Run<'a> {
    lines: Vec<&'a [u8]>,
    first: usize,
    current_line: i64,
    prefix: String,
    format: Suffix,
    files_created: usize,
    /// The open output file and its bytes.
    open: Option<(std::path::PathBuf, Vec<u8>)>,
    elide: bool,
    quiet: bool,
    suppress_matched: bool,
    out: Vec<u8>,
}

/// The `-b` suffix format: literal text around one integer conversion.
struct Suffix {
    before: String,
    after: String,
    flags: String,
    width: usize,
    precision: Option<usize>,
    conv: char,
}

impl Suffix {
    fn parse(f: &str) -> Result<Suffix, String> {
        let b = f.as_bytes();
        let mut i = 0;
        let mut before = String::new();
        while i < b.len() {
            if b[i] == b'%' {
                if b.get(i + 1) == Some(&b'%') {
                    before.push('%');
                    i += 2;
                    continue;
                }
                break;
            }
            let ch = f[i..].chars().next().unwrap_or('?');
            before.push(ch);
            i += ch.len_utf8();
        }
        if i >= b.len() {
            return Err("missing % conversion specification in suffix".into());
        }
        i += 1;
        let mut flags = String::new();
        while i < b.len() && b"-+ #0'".contains(&b[i]) {
            flags.push(b[i] as char);
            i += 1;
        }
        let mut width = 0usize;
        while i < b.len() && b[i].is_ascii_digit() {
            width = width * 10 + (b[i] - b'0') as usize;
            i += 1;
        }
        let mut precision = None;
        if i < b.len() && b[i] == b'.' {
            i += 1;
            let mut p = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                p = p * 10 + (b[i] - b'0') as usize;
                i += 1;
            }
            precision = Some(p);
        }
        let conv = match b.get(i) {
            Some(c @ (b'd' | b'i' | b'u' | b'o' | b'x' | b'X')) => *c as char,
            Some(c) => {
                return Err(format!(
                    "invalid conversion specifier in suffix: {}",
                    *c as char
                ));
            }
            None => return Err("missing % conversion specification in suffix".into()),
        };
        let rest = &f[i + 1..];
        if rest.contains('%')
            && !rest.replace("%%", "").is_empty()
            && rest.replace("%%", "").contains('%')
        {
            return Err("too many % conversion specifications in suffix".into());
        }
        Ok(Suffix {
            before,
            after: rest.replace("%%", "%"),
            flags,
            width,
            precision,
            conv,
        })
    }

    fn format(&self, n: usize) -> String {
        let mut digits = match self.conv {
            'o' => format!("{n:o}"),
            'x' => format!("{n:x}"),
            'X' => format!("{n:X}"),
            _ => n.to_string(),
        };
        if let Some(p) = self.precision {
            while digits.len() < p {
                digits.insert(0, '0');
            }
        }
        if self.flags.contains('#') && n != 0 {
            match self.conv {
                'o' => digits.insert(0, '0'),
                'x' => digits.insert_str(0, "0x"),
                'X' => digits.insert_str(0, "0X"),
                _ => {}
            }
        }
        if matches!(self.conv, 'd' | 'i') {
            if self.flags.contains('+') {
                digits.insert(0, '+');
            } else if self.flags.contains(' ') {
                digits.insert(0, ' ');
            }
        }
        let pad = self.width.saturating_sub(digits.len());
        let body = if self.flags.contains('-') {
            format!("{digits}{}", " ".repeat(pad))
        } else if self.flags.contains('0') && self.precision.is_none() {
            let sign = digits.starts_with(['+', ' ']);
            if sign {
                format!("{}{}{}", &digits[..1], "0".repeat(pad), &digits[1..])
            } else {
                format!("{}{digits}", "0".repeat(pad))
            }
        } else {
            format!("{}{digits}", " ".repeat(pad))
        };
        format!("{}{body}{}", self.before, self.after)
    }
}

impl Run<'_> {
    fn remove_line(&mut self) -> Option<&[u8]> {
        if self.first >= self.lines.len() {
            return None;
        }
        let avail = self.first as i64 + 1;
        if self.current_line < avail {
            self.current_line = avail;
        }
        self.first += 1;
        Some(self.lines[self.first - 1])
    }

    fn find_line(&self, n: i64) -> Option<&[u8]> {
        if n < 1 {
            return None;
        }
        self.lines.get((n - 1) as usize).copied()
    }

    fn create(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        let name = format!("{}{}", self.prefix, self.format.format(self.files_created));
        if let Err(e) = output::write_file(ctx, &name, b"") {
            diag::err(ctx, "csplit", &format!("{name}: {e}"));
            return Err(Stop::Fatal);
        }
        let path = ctx.resolve_path(&name);
        self.files_created += 1;
        self.open = Some((path, Vec::new()));
        Ok(())
    }

    fn save(&mut self, line: &[u8]) {
        if let Some((_, buf)) = &mut self.open {
            buf.extend_from_slice(line);
        }
    }

    fn save_removed(&mut self) -> bool {
        let Some(line) = self.remove_line() else {
            return false;
        };
        let line = line.to_vec();
        self.save(&line);
        true
    }

    fn close(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        let Some((path, data)) = self.open.take() else {
            return Ok(());
        };
        if data.is_empty() && self.elide {
            let _ = ctx.backend().remove(&path, false);
            self.files_created -= 1;
            return Ok(());
        }
        if let Err(e) = ctx
            .backend()
            .write(&path, &data, WriteMode::Truncate, 0o666)
        {
            diag::err(ctx, "csplit", &format!("{}: {e}", path.display()));
            return Err(Stop::Fatal);
        }
        if !self.quiet {
            self.out
                .extend_from_slice(format!("{}\n", data.len()).as_bytes());
            if !output::out(ctx, &self.out) {
                return Err(Stop::Cancelled);
            }
            self.out.clear();
        }
        Ok(())
    }

    fn dump_rest(&mut self) {
        while self.save_removed() {}
    }

    fn line_error(&mut self, ctx: &mut dyn ToolCtx, c: &Control, n: i64, rep: u64) -> Stop {
        let mut m = format!(
            "{}: line number out of range",
            quote::cquote(&n.to_string())
        );
        if rep > 0 {
            m.push_str(&format!(" on repetition {rep}"));
        }
        diag::err(ctx, "csplit", &m);
        let _ = c;
        Stop::Fatal
    }

    fn process_line_count(
        &mut self,
        ctx: &mut dyn ToolCtx,
        c: &Control,
        n: i64,
        rep: u64,
    ) -> Result<(), Stop> {
        let last = n.saturating_mul(rep as i64 + 1);
        self.create(ctx)?;
        if self.first >= self.lines.len() && self.suppress_matched {
            return Err(self.line_error(ctx, c, n, rep));
        }
        if self.first >= self.lines.len() {
            diag::err(ctx, "csplit", "input disappeared");
            return Err(Stop::Disappeared);
        }
        let mut linenum = self.first as i64 + 1;
        while linenum < last {
            linenum += 1;
            if ctx.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            if !self.save_removed() {
                return Err(self.line_error(ctx, c, n, rep));
            }
        }
        self.close(ctx)?;
        if self.suppress_matched {
            self.remove_line();
        }
        if self.first >= self.lines.len() && !self.suppress_matched {
            return Err(self.line_error(ctx, c, n, rep));
        }
        Ok(())
    }

    fn regexp_error(&mut self, ctx: &mut dyn ToolCtx, c: &Control, rep: u64, ignore: bool) -> Stop {
        let mut m = format!("{}: match not found", quote::cquote(&c.arg));
        if rep > 0 {
            m.push_str(&format!(" on repetition {rep}"));
        }
        diag::err(ctx, "csplit", &m);
        if !ignore {
            self.dump_rest();
            if let Err(s) = self.close(ctx) {
                return s;
            }
        }
        Stop::Fatal
    }

    fn process_regexp(
        &mut self,
        ctx: &mut dyn ToolCtx,
        c: &Control,
        (re, offset, ignore): (&Regex, i64, bool),
        rep: u64,
    ) -> Result<(), Stop> {
        if !ignore {
            self.create(ctx)?;
        }
        loop {
            if ctx.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            self.current_line += 1;
            let Some(line) = self.find_line(self.current_line) else {
                if c.forever {
                    if !ignore {
                        self.dump_rest();
                        self.close(ctx)?;
                    }
                    return Err(Stop::Done);
                }
                return Err(self.regexp_error(ctx, c, rep, ignore));
            };
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            if re.is_match(body) {
                break;
            }
            if offset >= 0 {
                let l = self.remove_line().map(<[u8]>::to_vec);
                if !ignore && let Some(l) = l {
                    self.save(&l);
                }
            }
        }
        let break_line = self.current_line + offset;
        let first_line = self.first as i64 + 1;
        if first_line > break_line {
            diag::err(
                ctx,
                "csplit",
                &format!("{}: line number out of range", quote::cquote(&c.arg)),
            );
            return Err(Stop::Fatal);
        }
        for _ in 0..(break_line - first_line) {
            let Some(l) = self.remove_line().map(<[u8]>::to_vec) else {
                diag::err(
                    ctx,
                    "csplit",
                    &format!("{}: line number out of range", quote::cquote(&c.arg)),
                );
                return Err(Stop::Fatal);
            };
            if !ignore {
                self.save(&l);
            }
        }
        if !ignore {
            self.close(ctx)?;
        }
        if offset > 0 {
            self.current_line = break_line;
        }
        if self.suppress_matched {
            self.remove_line();
        }
        Ok(())
    }
}

fn parse_patterns(ops: &[Arg]) -> Result<Vec<Control>, String> {
    let mut v: Vec<Control> = Vec::new();
    let mut last_val = 0i64;
    let mut i = 0;
    while i < ops.len() {
        let arg = diag::lossy(&ops[i]);
        let kind = if arg.starts_with('/') || arg.starts_with('%') {
            let delim = arg.chars().next().unwrap_or('/');
            let Some(close) = arg[1..].rfind(delim).map(|p| p + 1) else {
                return Err(format!("{arg}: closing delimiter '{delim}' missing"));
            };
            let re = sandsh_text::re_lite::compile_bre(&ops[i][1..close])
                .map_err(|e| format!("{}: invalid regular expression: {e}", quote::cquote(&arg)))?;
            let rest = &arg[close + 1..];
            let offset = if rest.is_empty() {
                0
            } else {
                rest.parse::<i64>().map_err(|_| {
                    format!("{}: integer expected after delimiter", quote::cquote(&arg))
                })?
            };
            Kind::Re {
                re,
                offset,
                ignore: delim == '%',
            }
        } else {
            let val: i64 = arg
                .parse()
                .ok()
                .filter(|n: &i64| *n >= 0 && !arg.starts_with('+'))
                .ok_or_else(|| format!("{}: invalid pattern", quote::cquote(&arg)))?;
            if val == 0 {
                return Err(format!("{arg}: line number must be greater than zero"));
            }
            if val < last_val {
                return Err(format!(
                    "line number {} is smaller than preceding line number, {last_val}",
                    quote::cquote(&arg)
                ));
            }
            last_val = val;
            Kind::Line(val)
        };
        let mut c = Control {
            kind,
            repeat: 0,
            forever: false,
            arg: arg.clone(),
        };
        if let Some(next) = ops.get(i + 1)
            && next.first() == Some(&b'{')
        {
            i += 1;
            let s = diag::lossy(next);
            let Some(inner) = s.strip_suffix('}') else {
                return Err(format!(
                    "{}: '}}' is required in repeat count",
                    quote::cquote(&s)
                ));
            };
            let inner = &inner[1..];
            if inner == "*" {
                c.forever = true;
            } else {
                c.repeat = inner.parse::<u64>().map_err(|_| {
                    format!(
                        "{}}}: integer required between '{{' and '}}'",
                        quote::cquote(&s[..s.len() - 1])
                    )
                })?;
            }
        }
        v.push(c);
        i += 1;
    }
    Ok(v)
}

impl ParsedCommand for Csplit {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if let Err(s) = diag::operand_count(ctx, &SPEC, &p.operands, 2, None) {
            return s;
        }
        let digits = match p.value(opt!(SPEC, "n")) {
            Some(v) => match diag::lossy(v).parse::<usize>() {
                Ok(n) if n <= 100 => n,
                _ => {
                    let m = format!("invalid number: {}", quote::cquote(&diag::lossy(v)));
                    diag::err(ctx, "csplit", &m);
                    return 1;
                }
            },
            None => 2,
        };
        let fmt = match p.value(opt!(SPEC, "b")) {
            Some(b) => match Suffix::parse(&diag::lossy(b)) {
                Ok(f) => f,
                Err(m) => {
                    diag::err(ctx, "csplit", &m);
                    return 1;
                }
            },
            None => Suffix {
                before: String::new(),
                after: String::new(),
                flags: "0".into(),
                width: digits,
                precision: None,
                conv: 'd',
            },
        };
        let controls = match parse_patterns(&p.operands[1..]) {
            Ok(c) => c,
            Err(m) => {
                diag::err(ctx, "csplit", &m);
                return 1;
            }
        };
        let input = &p.operands[0];
        let data = match input::read_operand(ctx, input) {
            Ok(d) => d,
            Err(Unread::Read(_)) if ctx.is_cancelled() => return 130,
            Err(Unread::Read(e)) => {
                diag::err(ctx, "csplit", &format!("read error: {}", diag::io_msg(&e)));
                return 1;
            }
            Err(Unread::Open(m)) => {
                let m = format!(
                    "cannot open {} for reading: {m}",
                    quote::quote(&diag::lossy(input))
                );
                diag::err(ctx, "csplit", &m);
                return 1;
            }
        };
        let mut lines: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
        if data.is_empty() {
            lines.clear();
        }
        let mut run = Run {
            lines,
            first: 0,
            current_line: 0,
            prefix: p
                .value(opt!(SPEC, "f"))
                .map(|v| diag::lossy(v))
                .unwrap_or_else(|| "xx".into()),
            format: fmt,
            files_created: 0,
            open: None,
            elide: p.has(opt!(SPEC, "z")),
            quiet: p.has(opt!(SPEC, "s")),
            suppress_matched: p.has(opt!(SPEC, "suppress-matched")),
            out: Vec::new(),
        };
        let result = (|| -> Result<(), Stop> {
            for c in &controls {
                let mut rep = 0u64;
                while c.forever || rep <= c.repeat {
                    if ctx.is_cancelled() {
                        return Err(Stop::Cancelled);
                    }
                    match &c.kind {
                        Kind::Line(n) => run.process_line_count(ctx, c, *n, rep)?,
                        Kind::Re { re, offset, ignore } => {
                            run.process_regexp(ctx, c, (re, *offset, *ignore), rep)?
                        }
                    }
                    rep += 1;
                }
            }
            run.create(ctx)?;
            run.dump_rest();
            run.close(ctx)
        })();
        match result {
            Ok(()) | Err(Stop::Done) => 0,
            Err(Stop::Cancelled) => 130,
            Err(Stop::Disappeared) => 1,
            Err(Stop::Fatal) => {
                // GNU's cleanup closes (and reports) the open file before removing them all.
                let _ = run.close(ctx);
                if !p.has(opt!(SPEC, "k")) {
                    for k in 0..run.files_created {
                        let name = format!("{}{}", run.prefix, run.format.format(k));
                        let path = ctx.resolve_path(&name);
                        let _ = ctx.backend().remove(&path, false);
                    }
                }
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Csplit;
    use crate::common::testing::{TestCtx, run, seq};

    #[test]
    fn line_numbers_and_patterns() {
        let mut ctx = TestCtx::new().with_stdin(&seq(5));
        assert_eq!(run(&Csplit, &["-", "3"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "4\n6\n");
        assert_eq!(ctx.read("xx01").unwrap(), b"3\n4\n5\n");
        let mut ctx = TestCtx::new().with_stdin(&seq(20));
        assert_eq!(run(&Csplit, &["-", "%3%", "/1/-1", "{*}"], &mut ctx), 0);
        assert_eq!(ctx.read("xx00").unwrap(), b"3\n4\n5\n6\n7\n8\n");
        assert_eq!(ctx.read("xx10").unwrap(), b"18\n19\n20\n");
    }

    #[test]
    fn errors_remove_files() {
        let mut ctx = TestCtx::new().with_stdin(&seq(3));
        assert_eq!(run(&Csplit, &["-", "4"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "6\n");
        assert_eq!(ctx.err_str(), "csplit: ‘4’: line number out of range\n");
        assert!(!ctx.exists("xx00"));
        let mut ctx = TestCtx::new().with_stdin(&seq(20));
        assert_eq!(run(&Csplit, &["-k", "-", "/5/", "{5}"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "8\n25\n18\n");
        assert_eq!(
            ctx.err_str(),
            "csplit: ‘/5/’: match not found on repetition 2\n"
        );
        assert!(ctx.exists("xx02"));
    }
}
