//! `fmt`: simple optimal text formatter, a port of GNU coreutils' fmt.c.
//!
//! Paragraphs (runs of lines with the same prefix indent, per the -c/-t/-s rules) are broken
//! into words and refilled by GNU's dynamic programme, whose costs favour lines near the goal
//! width (93% of the maximum), breaks after sentence ends and punctuation, and penalise widows
//! and orphans. Word and character buffers have GNU's limits (1000 words, 5000 bytes) and are
//! flushed at a cheap break the same way, so long paragraphs come out identical. Input is read
//! a byte at a time from a chunked reader; memory is bounded by those buffers.

use sandsh_api::opt;
use sandsh_api::rows;
use std::borrow::Cow;

use sandsh_api::{
    Arg, Cancelled, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::Source;
use crate::common::{diag, input, output, quote};

pub struct Fmt;

static SPEC: CommandSpec = CommandSpec {
    name: "fmt",
    group: "text",
    summary: "simple optimal text formatter",
    usage: "fmt [-WIDTH] [OPTION]... [FILE]...",
    description: "Reformat each paragraph in the FILE(s), writing to standard output. The option -WIDTH is an abbreviated form of --width=DIGITS. With no FILE, or when FILE is -, read standard input.",
    options: &[
        OptSpec::new(
            "-c, --crown-margin",
            "preserve indentation of first two lines",
        ),
        OptSpec::new(
            "-p, --prefix=STRING",
            "reformat only lines beginning with STRING, reattaching the prefix to reformatted lines",
        ),
        OptSpec::new("-s, --split-only", "split long lines, but do not refill"),
        OptSpec::new(
            "-t, --tagged-paragraph",
            "indentation of first line different from second",
        ),
        OptSpec::new(
            "-u, --uniform-spacing",
            "one space between words, two after sentences",
        ),
        OptSpec::new(
            "-w, --width=WIDTH",
            "maximum line width (default of 75 columns)",
        ),
        OptSpec::new("-g, --goal=WIDTH", "goal width (default of 93% of width)"),
    ],
    operands: &[rows::FILES],
    returns: "the reformatted paragraphs",
    examples: &[Example {
        description: "refill to 20 columns",
        script: "echo 'the quick brown fox jumps over the lazy dog' | fmt -w 20",
        stdout: "the quick brown\nfox jumps over the\nlazy dog\n",
    }],
    errors: "exit 1 on a bad width or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

type Cost = i64;
const MAXCOST: Cost = i64::MAX;
const EOF: i32 = -1;
const TABWIDTH: i32 = 8;
const MAXWORDS: usize = 1000;
const MAXCHARS: usize = 5000;
const DEF_INDENT: i32 = 3;

const fn equiv(n: i64) -> Cost {
    n * n
}
const fn short_cost(n: i64) -> Cost {
    equiv(n * 10)
}
const fn ragged_cost(n: i64) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);
const fn widow_cost(n: i64) -> Cost {
    equiv(200) / (n + 2)
}
const fn orphan_cost(n: i64) -> Cost {
    equiv(150) / (n + 2)
}

#[derive(Clone, Copy, Default)]
struct Word {
    text: usize,
    length: i32,
    space: i32,
    paren: bool,
    period: bool,
    punct: bool,
    final_: bool,
    line_length: i32,
    best_cost: Cost,
    next_break: usize,
}

struct Opts {
    crown: bool,
    tagged: bool,
    split: bool,
    uniform: bool,
    prefix: Vec<u8>,
    prefix_full_length: i32,
    prefix_length: i32,
    prefix_lead_space: i32,
    max_width: i32,
    goal_width: i32,
}

/// A chunked byte reader with `getc` semantics.
struct Reader {
    src: Source,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    eof: bool,
    error: Option<String>,
}

impl Reader {
    fn getc(&mut self, ctx: &mut dyn ToolCtx) -> i32 {
        if self.pos < self.len {
            self.pos += 1;
            return self.buf[self.pos - 1] as i32;
        }
        if self.eof {
            return EOF;
        }
        if ctx.is_cancelled() {
            self.eof = true;
            self.error = Some(Cancelled.to_string());
            return EOF;
        }
        match input::read_chunk(ctx, &mut self.src, &mut self.buf) {
            Ok(0) => {
                self.eof = true;
                EOF
            }
            Ok(n) => {
                self.len = n;
                self.pos = 1;
                self.buf[0] as i32
            }
            Err(e) => {
                self.eof = true;
                self.error = Some(diag::io_msg(&e));
                EOF
            }
        }
    }
}

struct State<'a> {
    o: &'a Opts,
    r: Reader,
    out: Vec<u8>,
    parabuf: Vec<u8>,
    words: Vec<Word>,
    word_limit: usize,
    in_column: i32,
    out_column: i32,
    tabs: bool,
    prefix_indent: i32,
    first_indent: i32,
    other_indent: i32,
    next_char: i32,
    next_prefix_indent: i32,
    last_line_length: i32,
}

fn is_space(c: i32) -> bool {
    matches!(c, 32 | 9 | 10 | 11 | 12 | 13)
}

impl State<'_> {
    fn get_space(&mut self, ctx: &mut dyn ToolCtx, mut c: i32) -> i32 {
        loop {
            if c == b' ' as i32 {
                self.in_column += 1;
            } else if c == b'\t' as i32 {
                self.tabs = true;
                self.in_column = (self.in_column / TABWIDTH + 1) * TABWIDTH;
            } else {
                return c;
            }
            c = self.r.getc(ctx);
        }
    }

    fn get_prefix(&mut self, ctx: &mut dyn ToolCtx) -> i32 {
        self.in_column = 0;
        let first = self.r.getc(ctx);
        let mut c = self.get_space(ctx, first);
        if self.o.prefix_length == 0 {
            self.next_prefix_indent = self.o.prefix_lead_space.min(self.in_column);
        } else {
            self.next_prefix_indent = self.in_column;
            for i in 0..self.o.prefix.len() {
                if c != self.o.prefix[i] as i32 {
                    return c;
                }
                self.in_column += 1;
                c = self.r.getc(ctx);
            }
            c = self.get_space(ctx, c);
        }
        c
    }

    fn same_para(&self, c: i32) -> bool {
        self.next_prefix_indent == self.prefix_indent
            && self.in_column >= self.next_prefix_indent + self.o.prefix_full_length
            && c != b'\n' as i32
            && c != EOF
    }

    fn set_other_indent(&mut self, same: bool) {
        if self.o.split {
            self.other_indent = self.first_indent;
        } else if self.o.crown {
            self.other_indent = if same {
                self.in_column
            } else {
                self.first_indent
            };
        } else if self.o.tagged {
            if same && self.in_column != self.first_indent {
                self.other_indent = self.in_column;
            } else if self.other_indent == self.first_indent {
                self.other_indent = if self.first_indent == 0 {
                    DEF_INDENT
                } else {
                    0
                };
            }
        } else {
            self.other_indent = self.first_indent;
        }
    }

    fn put_space(&mut self, space: i32) {
        let space_target = self.out_column + space;
        if self.tabs {
            let tab_target = space_target / TABWIDTH * TABWIDTH;
            if self.out_column + 1 < tab_target {
                while self.out_column < tab_target {
                    self.out.push(b'\t');
                    self.out_column = (self.out_column / TABWIDTH + 1) * TABWIDTH;
                }
            }
        }
        while self.out_column < space_target {
            self.out.push(b' ');
            self.out_column += 1;
        }
    }

    fn copy_rest(&mut self, ctx: &mut dyn ToolCtx, mut c: i32) -> i32 {
        self.out_column = 0;
        if self.in_column > self.next_prefix_indent || (c != b'\n' as i32 && c != EOF) {
            self.put_space(self.next_prefix_indent);
            let mut k = 0;
            while self.out_column != self.in_column && k < self.o.prefix.len() {
                self.out.push(self.o.prefix[k]);
                k += 1;
                self.out_column += 1;
            }
            if c != EOF && c != b'\n' as i32 {
                self.put_space(self.in_column - self.out_column);
            }
            if c == EOF && self.in_column >= self.next_prefix_indent + self.o.prefix_length {
                self.out.push(b'\n');
            }
        }
        while c != b'\n' as i32 && c != EOF {
            self.out.push(c as u8);
            c = self.r.getc(ctx);
        }
        c
    }

    fn get_paragraph(&mut self, ctx: &mut dyn ToolCtx) -> bool {
        self.last_line_length = 0;
        let mut c = self.next_char;
        while c == b'\n' as i32
            || c == EOF
            || self.next_prefix_indent < self.o.prefix_lead_space
            || self.in_column < self.next_prefix_indent + self.o.prefix_full_length
        {
            c = self.copy_rest(ctx, c);
            if c == EOF {
                self.next_char = EOF;
                return false;
            }
            self.out.push(b'\n');
            c = self.get_prefix(ctx);
        }
        self.prefix_indent = self.next_prefix_indent;
        self.first_indent = self.in_column;
        self.parabuf.clear();
        self.word_limit = 0;
        c = self.get_line(ctx, c);
        let same = self.same_para(c);
        self.set_other_indent(same);
        if self.o.split {
        } else if self.o.crown {
            if self.same_para(c) {
                loop {
                    c = self.get_line(ctx, c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else if self.o.tagged {
            if self.same_para(c) && self.in_column != self.first_indent {
                loop {
                    c = self.get_line(ctx, c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else {
            while self.same_para(c) && self.in_column == self.other_indent {
                c = self.get_line(ctx, c);
            }
        }
        let last = self.word_limit - 1;
        self.words[last].period = true;
        self.words[last].final_ = true;
        self.next_char = c;
        true
    }

    fn check_punctuation(&mut self, w: usize) {
        let start = self.words[w].text;
        let mut finish = start + self.words[w].length as usize - 1;
        let fin = self.parabuf[finish];
        let first = self.parabuf[start];
        self.words[w].paren = b"(['`\"".contains(&first);
        self.words[w].punct = fin.is_ascii_punctuation();
        while start < finish && b")]'\"".contains(&self.parabuf[finish]) {
            finish -= 1;
        }
        self.words[w].period = b".?!".contains(&self.parabuf[finish]);
    }

    fn get_line(&mut self, ctx: &mut dyn ToolCtx, mut c: i32) -> i32 {
        loop {
            // Scan a word.
            let wl = self.word_limit;
            self.words[wl].text = self.parabuf.len();
            loop {
                if self.parabuf.len() == MAXCHARS {
                    self.set_other_indent(true);
                    self.flush_paragraph();
                }
                self.parabuf.push(c as u8);
                c = self.r.getc(ctx);
                if c == EOF || is_space(c) {
                    break;
                }
            }
            let wl = self.word_limit;
            self.words[wl].length = (self.parabuf.len() - self.words[wl].text) as i32;
            self.in_column += self.words[wl].length;
            self.check_punctuation(wl);
            // Scan the space after it.
            let start = self.in_column;
            c = self.get_space(ctx, c);
            let w = &mut self.words[wl];
            w.space = self.in_column - start;
            w.final_ = c == EOF || (w.period && (c == b'\n' as i32 || w.space > 1));
            if c == b'\n' as i32 || c == EOF || self.o.uniform {
                w.space = if w.final_ { 2 } else { 1 };
            }
            if wl == MAXWORDS - 2 {
                self.set_other_indent(true);
                self.flush_paragraph();
            }
            self.word_limit += 1;
            if c == b'\n' as i32 || c == EOF {
                break;
            }
        }
        self.get_prefix(ctx)
    }

    fn base_cost(&self, this: usize) -> Cost {
        let w = &self.words;
        let mut cost = LINE_COST;
        if this > 0 {
            let prev = &w[this - 1];
            if prev.period {
                if prev.final_ {
                    cost -= SENTENCE_BONUS;
                } else {
                    cost += NOBREAK_COST;
                }
            } else if prev.punct {
                cost -= PUNCT_BONUS;
            } else if this > 1 && w[this - 2].final_ {
                cost += widow_cost(prev.length as i64);
            }
        }
        if w[this].paren {
            cost -= PAREN_BONUS;
        } else if w[this].final_ {
            cost += orphan_cost(w[this].length as i64);
        }
        cost
    }

    fn line_cost(&self, next: usize, len: i32) -> Cost {
        if next == self.word_limit {
            return 0;
        }
        let n = (self.o.goal_width - len) as i64;
        let mut cost = short_cost(n);
        if self.words[next].next_break != self.word_limit {
            let n = (len - self.words[next].line_length) as i64;
            cost += ragged_cost(n);
        }
        cost
    }

    fn fmt_paragraph(&mut self) {
        let wl = self.word_limit;
        self.words[wl].best_cost = 0;
        let saved = self.words[wl].length;
        self.words[wl].length = self.o.max_width;
        for start in (0..wl).rev() {
            let mut best = MAXCOST;
            let mut len = if start == 0 {
                self.first_indent
            } else {
                self.other_indent
            };
            let mut w = start;
            len += self.words[w].length;
            loop {
                w += 1;
                let mut wcost = self
                    .line_cost(w, len)
                    .saturating_add(self.words[w].best_cost);
                if start == 0 && self.last_line_length > 0 {
                    wcost = wcost.saturating_add(ragged_cost((len - self.last_line_length) as i64));
                }
                if wcost < best {
                    best = wcost;
                    self.words[start].next_break = w;
                    self.words[start].line_length = len;
                }
                if w == wl {
                    break;
                }
                len += self.words[w - 1].space + self.words[w].length;
                if len >= self.o.max_width {
                    break;
                }
            }
            self.words[start].best_cost = best.saturating_add(self.base_cost(start));
        }
        self.words[wl].length = saved;
    }

    fn put_word(&mut self, w: usize) {
        let Word { text, length, .. } = self.words[w];
        self.out
            .extend_from_slice(&self.parabuf[text..text + length as usize]);
        self.out_column += length;
    }

    fn put_line(&mut self, mut w: usize, indent: i32) {
        self.out_column = 0;
        self.put_space(self.prefix_indent);
        self.out
            .extend_from_slice(&self.o.prefix[..self.o.prefix_length as usize]);
        self.out_column += self.o.prefix_length;
        self.put_space(indent - self.out_column);
        let endline = self.words[w].next_break - 1;
        while w != endline {
            self.put_word(w);
            self.put_space(self.words[w].space);
            w += 1;
        }
        self.put_word(w);
        self.last_line_length = self.out_column;
        self.out.push(b'\n');
    }

    fn put_paragraph(&mut self, finish: usize) {
        self.put_line(0, self.first_indent);
        let mut w = self.words[0].next_break;
        while w != finish {
            self.put_line(w, self.other_indent);
            w = self.words[w].next_break;
        }
    }

    fn flush_paragraph(&mut self) {
        if self.word_limit == 0 {
            let text = std::mem::take(&mut self.parabuf);
            self.out.extend_from_slice(&text);
            return;
        }
        self.fmt_paragraph();
        let mut split_point = self.word_limit;
        let mut best_break = MAXCOST;
        let mut w = self.words[0].next_break;
        while w != self.word_limit {
            let nb = self.words[w].next_break;
            let d = self.words[w]
                .best_cost
                .wrapping_sub(self.words[nb].best_cost);
            if d < best_break {
                split_point = w;
                best_break = d;
            }
            if best_break <= MAXCOST - LINE_COST {
                best_break += LINE_COST;
            }
            w = nb;
        }
        self.put_paragraph(split_point);
        let shift = self.words[split_point].text;
        self.parabuf.drain(..shift);
        for k in split_point..=self.word_limit {
            self.words[k].text = self.words[k].text.saturating_sub(shift);
        }
        self.words.copy_within(split_point..=self.word_limit, 0);
        self.word_limit -= split_point;
    }
}

fn parse_width(ctx: &mut dyn ToolCtx, v: &[u8], max: i64) -> Result<i32, i32> {
    let s = diag::lossy(v);
    match s.parse::<i64>() {
        Ok(n) if (0..=max).contains(&n) => Ok(n as i32),
        Ok(_) => {
            let m = format!(
                "invalid width: {}: Numerical result out of range",
                quote::cquote(&s)
            );
            diag::err(ctx, "fmt", &m);
            Err(1)
        }
        Err(_) => {
            diag::err(ctx, "fmt", &format!("invalid width: {}", quote::cquote(&s)));
            Err(1)
        }
    }
}

impl ParsedCommand for Fmt {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let mut args = args.to_vec();
        if let Some(first) = args.first()
            && first.len() > 1
            && first[0] == b'-'
            && first[1].is_ascii_digit()
        {
            let w = first[1..].to_vec();
            args.splice(0..1, [b"-w".to_vec(), w]);
        }
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut max_width = 75;
        if let Some(v) = p.value(opt!(SPEC, "w")) {
            match parse_width(ctx, v, (MAXCHARS / 2) as i64) {
                Ok(w) => max_width = w,
                Err(s) => return s,
            }
        }
        let goal_width = match p.value(opt!(SPEC, "g")) {
            Some(v) => match parse_width(ctx, v, max_width as i64) {
                Ok(g) => {
                    if p.value(opt!(SPEC, "w")).is_none() {
                        max_width = g + 10;
                    }
                    g
                }
                Err(s) => return s,
            },
            None => max_width * (2 * (100 - 7) + 1) / 200,
        };
        let mut prefix: Vec<u8> = p.value(opt!(SPEC, "p")).cloned().unwrap_or_default();
        let lead = prefix.iter().take_while(|b| **b == b' ').count();
        prefix.drain(..lead);
        let full = prefix.len();
        let trimmed = full - prefix.iter().rev().take_while(|b| **b == b' ').count();
        let opts = Opts {
            crown: p.has(opt!(SPEC, "c")),
            tagged: p.has(opt!(SPEC, "t")),
            split: p.has(opt!(SPEC, "s")),
            uniform: p.has(opt!(SPEC, "u")),
            prefix_full_length: full as i32,
            prefix_length: trimmed as i32,
            prefix_lead_space: lead as i32,
            prefix,
            max_width,
            goal_width,
        };
        let mut status = 0;
        for f in input::files_or_stdin(p.operands) {
            let src = match input::open(ctx, &f) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(
                        ctx,
                        "fmt",
                        &format!(
                            "cannot open {} for reading: {m}",
                            quote::quote(&diag::lossy(&f))
                        ),
                    );
                    status = 1;
                    continue;
                }
            };
            let mut st = State {
                o: &opts,
                r: Reader {
                    src,
                    buf: vec![0; input::CHUNK],
                    pos: 0,
                    len: 0,
                    eof: false,
                    error: None,
                },
                out: Vec::new(),
                parabuf: Vec::with_capacity(MAXCHARS),
                words: vec![Word::default(); MAXWORDS + 1],
                word_limit: 0,
                in_column: 0,
                out_column: 0,
                tabs: false,
                prefix_indent: 0,
                first_indent: 0,
                other_indent: 0,
                next_char: 0,
                next_prefix_indent: 0,
                last_line_length: 0,
            };
            st.fmt_streaming(ctx);
            if !output::out(ctx, &st.out) {
                return 1;
            }
            if ctx.is_cancelled() {
                return 130;
            }
            if let Some(e) = st.r.error.take() {
                diag::err(ctx, "fmt", &format!("{}: {e}", diag::lossy(&f)));
                status = 1;
            }
        }
        status
    }
}

impl State<'_> {
    /// [`State::fmt`], writing output as it accumulates.
    fn fmt_streaming(&mut self, ctx: &mut dyn ToolCtx) {
        self.tabs = false;
        self.other_indent = 0;
        self.next_char = self.get_prefix(ctx);
        while self.get_paragraph(ctx) {
            self.fmt_paragraph();
            self.put_paragraph(self.word_limit);
            if ctx.is_cancelled() {
                return;
            }
            if self.out.len() >= input::CHUNK {
                let out = std::mem::take(&mut self.out);
                if !output::out(ctx, &out) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Fmt;
    use crate::common::testing::run_in;

    #[test]
    fn refills() {
        let text = "hello world.  This is a test of fmt which should wrap lines nicely and make good paragraphs. Another sentence here! And (parens) too.\n\n  indented para\n  continues here\n";
        assert_eq!(
            run_in(&Fmt, &["-w", "30"], text).1,
            "hello world.  This is a test\nof fmt which should wrap\nlines nicely and make good\nparagraphs. Another sentence\nhere! And (parens) too.\n\n  indented para continues\n  here\n"
        );
        assert_eq!(run_in(&Fmt, &[], "a\nb\n").1, "a b\n");
        assert_eq!(run_in(&Fmt, &["-u"], "a   b.  c\n").1, "a b.  c\n");
        assert_eq!(
            run_in(&Fmt, &["-s", "-w", "5"], "aaa bbb\nc\n").1,
            "aaa\nbbb\nc\n"
        );
    }

    #[test]
    fn bad_width() {
        let (s, _, e) = run_in(&Fmt, &["-w", "x"], "");
        assert_eq!((s, e.as_str()), (1, "fmt: invalid width: ‘x’\n"));
    }
}
