//! `wc`: count lines, words, characters and bytes.
//!
//! Counts stream chunk by chunk. Column widths follow GNU's `compute_number_width`: the digits
//! of the total size of the regular files named, at least 7 when any input is not a regular
//! file (stdin, a directory), and 1 for a single count of a single input.

use sandsh_api::fs::FileType;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, OutputFormat, ParsedArgs,
    ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::input;
use crate::common::{diag, output};

pub struct Wc;

static SPEC: CommandSpec = CommandSpec {
    name: "wc",
    group: "text",
    summary: "print newline, word, and byte counts for each file",
    usage: "wc [OPTION]... [FILE]...",
    description: "Print newline, word, and byte counts for each FILE, and a total line if more than one FILE is specified. A word is a non-zero-length sequence of printable characters delimited by white space. With no FILE, or when FILE is -, read standard input. Counts are printed in the order lines, words, characters, bytes, maximum line length.",
    options: &[
        OptSpec::new("-c, --bytes", "print the byte counts"),
        OptSpec::new("-m, --chars", "print the character counts (UTF-8)"),
        OptSpec::new("-l, --lines", "print the newline counts"),
        OptSpec::new("-L, --max-line-length", "print the maximum display width"),
        OptSpec::new("-w, --words", "print the word counts"),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "files to count (- for stdin)").repeated(),
    ],
    returns: "one line of counts per input, then a total line when there are several. With --json, one JSON array: an object per input {\"file\" (null for standard input), and the selected counts among \"lines\", \"words\", \"chars\", \"bytes\", \"max_line_length\", as numbers}, then for several inputs {\"file\": null, \"total\": true, ...}",
    examples: &[
        Example {
            description: "count lines",
            script: "printf 'a\\nb\\n' | wc -l",
            stdout: "2\n",
        },
        Example {
            description: "typed JSON",
            script: "printf 'a b\\nc\\n' > f && wc --json -lw f",
            stdout: "[{\"file\":\"f\",\"lines\":2,\"words\":3}]\n",
        },
        Example {
            description: "all counts of stdin",
            script: "echo hello world | wc",
            stdout: "      1       2      12\n",
        },
    ],
    errors: "exit 1 when a file cannot be read (its error is printed, the others are counted)",
    risk: RiskLevel::ReadOnly,
};

#[derive(Default, Clone, Copy)]
struct Counts {
    lines: u64,
    words: u64,
    chars: u64,
    bytes: u64,
    maxlen: u64,
}

#[derive(Default)]
struct Counter {
    c: Counts,
    in_word: bool,
    col: u64,
    /// Pending bytes of an incomplete UTF-8 sequence at a chunk boundary.
    pending: Vec<u8>,
    /// Only lines and bytes are wanted: count newlines with memchr, skip characters.
    lines_only: bool,
}

fn is_space(ch: char) -> bool {
    matches!(ch, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
        || (ch as u32 > 127
            && ch.is_whitespace()
            && ch != '\u{a0}'
            && ch != '\u{2007}'
            && ch != '\u{202f}')
}

/// Display width of a printable character (wide East Asian characters count 2, combining 0).
pub fn char_width(ch: char) -> u64 {
    let c = ch as u32;
    if c < 0x20 || c == 0x7f {
        return 0;
    }
    if (0x300..0x370).contains(&c) || (0x200b..=0x200f).contains(&c) {
        return 0;
    }
    if (0x1100..=0x115f).contains(&c)
        || (0x2e80..=0xa4cf).contains(&c)
        || (0xac00..=0xd7a3).contains(&c)
        || (0xf900..=0xfaff).contains(&c)
        || (0xfe30..=0xfe4f).contains(&c)
        || (0xff00..=0xff60).contains(&c)
        || (0xffe0..=0xffe6).contains(&c)
        || (0x1f300..=0x1f64f).contains(&c)
        || (0x1f900..=0x1f9ff).contains(&c)
        || (0x20000..=0x3fffd).contains(&c)
    {
        return 2;
    }
    1
}

impl Counter {
    fn feed(&mut self, data: &[u8]) {
        self.c.bytes += data.len() as u64;
        if self.lines_only {
            // bytecount counts with SIMD and no per-match work (memchr stops at each line).
            self.c.lines += bytecount::count(data, b'\n') as u64;
            return;
        }
        if self.pending.is_empty() && data.is_ascii() {
            self.ascii(data);
            return;
        }
        let mut buf = std::mem::take(&mut self.pending);
        buf.extend_from_slice(data);
        let mut rest: &[u8] = &buf;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    self.text(s);
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    // valid_up_to is at a char boundary
                    self.text(std::str::from_utf8(good).unwrap_or_default());
                    match e.error_len() {
                        Some(n) => {
                            // Invalid bytes: not characters, no width, no word boundary.
                            self.in_word_byte();
                            rest = &bad[n..];
                        }
                        None => {
                            self.pending = bad.to_vec();
                            break;
                        }
                    }
                }
            }
        }
    }

    /// `text` for ASCII input, a byte at a time without decoding (the same rules).
    fn ascii(&mut self, data: &[u8]) {
        let (mut lines, mut words, mut col, mut maxlen, mut in_word) =
            (0u64, 0u64, self.col, self.c.maxlen, self.in_word);
        for &b in data {
            match b {
                b'\n' => {
                    lines += 1;
                    maxlen = maxlen.max(col);
                    col = 0;
                    in_word = false;
                }
                b' ' => {
                    col += 1;
                    in_word = false;
                }
                0x21..=0x7e => {
                    col += 1;
                    if !in_word {
                        in_word = true;
                        words += 1;
                    }
                }
                b'\t' => {
                    col = (col / 8 + 1) * 8;
                    in_word = false;
                }
                b'\r' | 0x0c => {
                    maxlen = maxlen.max(col);
                    col = 0;
                    in_word = false;
                }
                0x0b => in_word = false,
                // Other control characters: no width, no word boundary.
                _ => {}
            }
        }
        self.c.chars += data.len() as u64;
        self.c.lines += lines;
        self.c.words += words;
        self.c.maxlen = maxlen;
        self.col = col;
        self.in_word = in_word;
    }

    /// An invalid byte neither starts nor ends a word (GNU wc 9 counts `printf '\xff'` as
    /// no word and `printf 'x\xffy'` as one).
    fn in_word_byte(&mut self) {}

    fn text(&mut self, s: &str) {
        for ch in s.chars() {
            self.c.chars += 1;
            match ch {
                '\n' => {
                    self.c.lines += 1;
                    self.c.maxlen = self.c.maxlen.max(self.col);
                    self.col = 0;
                }
                '\t' => self.col = (self.col / 8 + 1) * 8,
                '\r' | '\x0c' => {
                    self.c.maxlen = self.c.maxlen.max(self.col);
                    self.col = 0;
                }
                _ => self.col += char_width(ch),
            }
            if is_space(ch) {
                self.in_word = false;
            } else if ((ch as u32 >= 0x20 && ch != '\x7f') || ch as u32 > 0x7f) && !self.in_word {
                self.in_word = true;
                self.c.words += 1;
            }
        }
    }

    fn finish(mut self) -> Counts {
        if !self.pending.is_empty() {
            self.in_word_byte();
        }
        self.c.maxlen = self.c.maxlen.max(self.col);
        self.c
    }
}

#[derive(Clone, Copy)]
struct Which {
    lines: bool,
    words: bool,
    chars: bool,
    bytes: bool,
    maxlen: bool,
}

/// One `--json` entry: the selected counts as numbers, named.
fn json_entry(c: &Counts, w: Which, file: Option<&str>, total: bool) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    m.insert(
        "file".into(),
        file.map_or(serde_json::Value::Null, |f| f.into()),
    );
    for (on, key, v) in [
        (w.lines, "lines", c.lines),
        (w.words, "words", c.words),
        (w.chars, "chars", c.chars),
        (w.bytes, "bytes", c.bytes),
        (w.maxlen, "max_line_length", c.maxlen),
    ] {
        if on {
            m.insert(key.into(), v.into());
        }
    }
    if total {
        m.insert("total".into(), true.into());
    }
    serde_json::Value::Object(m)
}

fn format_line(c: &Counts, w: Which, width: usize, name: Option<&str>) -> String {
    let mut fields = Vec::new();
    for (on, v) in [
        (w.lines, c.lines),
        (w.words, c.words),
        (w.chars, c.chars),
        (w.bytes, c.bytes),
        (w.maxlen, c.maxlen),
    ] {
        if on {
            fields.push(format!("{v:>width$}"));
        }
    }
    let mut s = fields.join(" ");
    if let Some(n) = name {
        s.push(' ');
        s.push_str(n);
    }
    s.push('\n');
    s
}

impl ParsedCommand for Wc {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut w = Which {
            lines: p.has(opt!(SPEC, "l")),
            words: p.has(opt!(SPEC, "w")),
            chars: p.has(opt!(SPEC, "m")),
            bytes: p.has(opt!(SPEC, "c")),
            maxlen: p.has(opt!(SPEC, "L")),
        };
        if !(w.lines || w.words || w.chars || w.bytes || w.maxlen) {
            w = Which {
                lines: true,
                words: true,
                chars: false,
                bytes: true,
                maxlen: false,
            };
        }
        let nsel = [w.lines, w.words, w.chars, w.bytes, w.maxlen]
            .iter()
            .filter(|b| **b)
            .count();
        let stdin_only = p.operands.is_empty();
        let files: Vec<Arg> = input::files_or_stdin(p.operands);
        // Width from stat, as GNU computes it before reading anything.
        let width = if files.len() == 1 && nsel == 1 {
            1
        } else {
            let mut total: u64 = 0;
            let mut min = 1;
            // A file that cannot be stat'ed adds nothing (GNU's `failed` is stat's -1 there).
            for f in &files {
                let path = if f == b"-" {
                    // A redirected regular file counts by its size, as GNU learns from fstat.
                    match ctx.stdin_path() {
                        Some(p) => p,
                        None => {
                            min = 7;
                            continue;
                        }
                    }
                } else {
                    ctx.resolve_path(&diag::lossy(f))
                };
                match ctx.backend().stat(&path) {
                    Ok(m) if m.file_type == FileType::File => total += m.size,
                    Ok(_) => min = 7,
                    Err(_) => {}
                }
            }
            total.max(1).to_string().len().max(min)
        };
        let json = ctx.output_format() == OutputFormat::Json;
        let mut entries = Vec::new();
        let mut status = 0;
        let mut total = Counts::default();
        let mut buf = input::ChunkBuf::new(input::CHUNK);
        for f in &files {
            let name = diag::lossy(f);
            let mut counter = Counter {
                lines_only: !(w.words || w.chars || w.maxlen),
                ..Counter::default()
            };
            match input::open_source(ctx, f) {
                Ok(mut src) => loop {
                    if ctx.is_cancelled() {
                        return 130;
                    }
                    match buf.read(ctx, &mut src) {
                        Ok([]) => break,
                        Ok(chunk) => counter.feed(chunk),
                        Err(e) => {
                            diag::err(ctx, "wc", &format!("{name}: {}", diag::io_msg(&e)));
                            status = 1;
                            break;
                        }
                    }
                },
                Err(e) => {
                    diag::err(ctx, "wc", &format!("{name}: {}", diag::io_msg(&e)));
                    status = 1;
                    if e.kind() != std::io::ErrorKind::IsADirectory {
                        continue;
                    }
                }
            }
            let c = counter.finish();
            total.lines += c.lines;
            total.words += c.words;
            total.chars += c.chars;
            total.bytes += c.bytes;
            total.maxlen = total.maxlen.max(c.maxlen);
            let shown = if stdin_only {
                None
            } else {
                Some(name.as_str())
            };
            if json {
                entries.push(json_entry(&c, w, shown, false));
                continue;
            }
            if !output::out(ctx, format_line(&c, w, width, shown).as_bytes()) {
                return 1;
            }
        }
        if json {
            if files.len() > 1 {
                entries.push(json_entry(&total, w, None, true));
            }
            let text = format!("{}\n", serde_json::Value::Array(entries));
            return if output::out(ctx, text.as_bytes()) {
                status
            } else {
                1
            };
        }
        if files.len() > 1
            && !output::out(ctx, format_line(&total, w, width, Some("total")).as_bytes())
        {
            return 1;
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Wc;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn stdin_counts() {
        assert_eq!(
            run_in(&Wc, &[], "a b\nccc dd e\n").1,
            "      2       5      13\n"
        );
        assert_eq!(run_in(&Wc, &["-l"], "a\nb").1, "1\n");
        assert_eq!(
            run_in(&Wc, &["-L", "-m", "-c"], "h\u{e9}llo\tx\n").1,
            "      8       9       9\n"
        );
    }

    #[test]
    fn files_widths() {
        let mut ctx = TestCtx::new().file("f", b"1\n2\n3\n");
        assert_eq!(run(&Wc, &["f", "f"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), " 3  3  6 f\n 3  3  6 f\n 6  6 12 total\n");
        let mut ctx = TestCtx::new().file("f", b"1\n2\n3\n");
        assert_eq!(run(&Wc, &["-l", "f", "nope"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "3 f\n3 total\n");
        assert_eq!(ctx.err_str(), "wc: nope: No such file or directory\n");
    }
}
