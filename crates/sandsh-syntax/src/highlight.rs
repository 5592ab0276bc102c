//! Token classes for syntax highlighting, from the real lexer.
//!
//! A REPL colours input on every key press, most of the time while the input is incomplete, so
//! this does not build an AST: it drives the parser's own lexer ([`P::lex`]) token by token with a
//! small state machine for what the grammar would expect next (command position, redirection
//! target, `case` pattern, `[[ ]]`), and scans the inside of words for quotes and expansions.
//! Using the real lexer means operators, here-documents, `((`, assignments and quoting are split
//! exactly where the shell splits them; an error (an open quote) colours the rest of the input
//! instead of failing.

use std::borrow::Cow;

use super::lexer::{Op, ROp, Tok};
use super::parser::{ASSIGN, COND, KW, P, State};

/// What a span of input is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    /// A word in command position (the caller decides whether it names something that exists).
    Command,
    /// A reserved word (`if`, `then`, `for`, `{`, `[[`, …).
    Keyword,
    /// Quoted text, `$'…'`, here-document bodies.
    String,
    /// `$name`, `${…}`, `$1`, `$?`, arithmetic `$(( ))`.
    Variable,
    /// `name=` of an assignment.
    Assignment,
    /// `|`, `&&`, `;`, `(`, `$(`, …
    Operator,
    /// `>`, `2>&1`, `<<`, …
    Redirect,
    /// `# …`
    Comment,
    /// Input the lexer rejected.
    Error,
}

/// One classified span (byte offsets into the source).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HlToken {
    pub start: usize,
    pub end: usize,
    pub class: TokenClass,
}

/// Reserved words (of [`crate::RESERVED_WORDS`]) that leave the parser expecting a command.
const CMD_KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "do", "while", "until", "!", "{", "time",
];
/// Keywords after which a command cannot directly follow.
const END_KEYWORDS: &[&str] = &["fi", "done", "esac", "}"];

/// Classify `src` into sorted, non-overlapping spans; bytes not covered are plain words/blanks.
pub fn highlight(src: &str) -> Vec<HlToken> {
    let mut out = Vec::new();
    highlight_into(src, 0, 0, &mut out);
    out
}

fn push(out: &mut Vec<HlToken>, start: usize, end: usize, class: TokenClass) {
    if end > start {
        out.push(HlToken { start, end, class });
    }
}

fn highlight_into(src: &str, offset: usize, depth: u32, out: &mut Vec<HlToken>) {
    if depth > 16 {
        return;
    }
    let bytes = src.as_bytes();
    let mut p = P::new(
        State {
            src: Cow::Borrowed(bytes),
            ..State::default()
        },
        None,
    );
    let mut h = Highlighter::new(bytes, offset, depth, out);
    let mut prev_end = 0usize;
    loop {
        let lexed = p.lex(h.lex_mode());
        comments(bytes, prev_end, p.st.pos.min(bytes.len()), offset, h.out);
        let (tok, start) = match lexed {
            Ok(t) => t,
            Err(_) => {
                // Open quote or bad expansion: scan what is left as a word.
                let mut s = prev_end;
                while s < bytes.len() && matches!(bytes[s], b' ' | b'\t' | b'\n') {
                    s += 1;
                }
                h.scan(s, bytes.len());
                return;
            }
        };
        let end = p.st.pos.min(bytes.len());
        prev_end = end;
        match tok {
            Tok::Eof => return,
            Tok::Newline => {
                if let Some(after) = h.newline(end) {
                    p.st.pos = after;
                    prev_end = after;
                }
            }
            Tok::Op(op) => h.operator(op, start, end),
            Tok::Redir(_, op) => h.redirect(op, start, end),
            Tok::Assign(_) => {
                let eq = bytes[start..end]
                    .iter()
                    .position(|&b| b == b'=')
                    .map_or(end, |i| start + i + 1);
                h.mark(start, eq, TokenClass::Assignment);
                h.scan(eq, end);
            }
            Tok::ArithCmd(_) => {
                h.mark(start, start + 2, TokenClass::Operator);
                h.mark(end - 2, end, TokenClass::Operator);
                h.cmd_pos = false;
            }
            Tok::Word(w) => {
                let plain = w.as_plain_literal().map(str::to_string);
                h.word(plain.as_deref(), start, end);
            }
        }
    }
}

/// The classifier's state between tokens: where the spans go, and what the grammar would
/// expect next.
struct Highlighter<'a> {
    bytes: &'a [u8],
    /// Where `bytes` starts in the whole input (nonzero inside `` `…` ``).
    offset: usize,
    depth: u32,
    out: &'a mut Vec<HlToken>,
    cmd_pos: bool,
    redir_target: bool,
    in_cond: bool,
    case_pattern: bool,
    /// After `for`/`select`/`case`/`function`: the next word is not a command; `in` may follow.
    name_next: bool,
    expect_in: bool,
    case_open: u32,
    /// Here-documents whose bodies start after the next newline: (delimiter, strip tabs).
    heredocs: Vec<(String, bool)>,
    heredoc_delim_next: Option<bool>,
}

impl<'a> Highlighter<'a> {
    fn new(bytes: &'a [u8], offset: usize, depth: u32, out: &'a mut Vec<HlToken>) -> Self {
        Highlighter {
            bytes,
            offset,
            depth,
            out,
            cmd_pos: true,
            redir_target: false,
            in_cond: false,
            case_pattern: false,
            name_next: false,
            expect_in: false,
            case_open: 0,
            heredocs: Vec::new(),
            heredoc_delim_next: None,
        }
    }

    /// What the lexer should recognise at the next token.
    fn lex_mode(&self) -> u8 {
        if self.in_cond {
            COND
        } else if self.cmd_pos && !self.redir_target {
            KW | ASSIGN
        } else {
            0
        }
    }

    fn mark(&mut self, start: usize, end: usize, class: TokenClass) {
        push(self.out, self.offset + start, self.offset + end, class);
    }

    /// Quotes and expansions inside the word `bytes[start..end]`.
    fn scan(&mut self, start: usize, end: usize) {
        scan_word(self.bytes, start, end, self.offset, self.depth, self.out);
    }

    /// A newline ending at `end`: reads pending here-document bodies and returns the position
    /// after them, if any.
    fn newline(&mut self, end: usize) -> Option<usize> {
        let mut after = None;
        if !self.heredocs.is_empty() {
            after = Some(read_heredoc_bodies(
                self.bytes,
                end,
                &self.heredocs,
                self.offset,
                self.out,
            ));
            self.heredocs.clear();
        }
        self.cmd_pos = !self.case_pattern;
        self.redir_target = false;
        after
    }

    fn operator(&mut self, op: Op, start: usize, end: usize) {
        self.mark(start, end, TokenClass::Operator);
        self.redir_target = false;
        match op {
            Op::DSemi | Op::DSemiAnd | Op::SemiAnd if self.case_open > 0 => {
                self.case_pattern = true;
                self.cmd_pos = false;
            }
            Op::RParen if self.case_pattern => {
                self.case_pattern = false;
                self.cmd_pos = true;
            }
            Op::RParen => self.cmd_pos = false,
            _ if self.case_pattern => {}
            _ => self.cmd_pos = true,
        }
    }

    fn redirect(&mut self, op: ROp, start: usize, end: usize) {
        self.mark(start, end, TokenClass::Redirect);
        self.redir_target = true;
        self.heredoc_delim_next = match op {
            ROp::DLess => Some(false),
            ROp::DLessDash => Some(true),
            _ => None,
        };
    }

    /// A word (`plain`: its text when it is a plain literal), by what the grammar expects.
    fn word(&mut self, plain: Option<&str>, start: usize, end: usize) {
        let text = plain.unwrap_or("");
        if self.redir_target {
            self.redir_target = false;
            if let Some(strip) = self.heredoc_delim_next.take() {
                let delim: String = String::from_utf8_lossy(&self.bytes[start..end])
                    .chars()
                    .filter(|c| !matches!(c, '\'' | '"' | '\\'))
                    .collect();
                self.heredocs.push((delim, strip));
                self.mark(start, end, TokenClass::String);
            } else {
                self.scan(start, end);
            }
        } else if self.in_cond {
            if text == "]]" {
                self.in_cond = false;
                self.mark(start, end, TokenClass::Keyword);
            } else {
                self.scan(start, end);
            }
        } else if self.case_pattern {
            if text == "esac" {
                self.case_pattern = false;
                self.case_open = self.case_open.saturating_sub(1);
                self.mark(start, end, TokenClass::Keyword);
            } else {
                self.scan(start, end);
            }
        } else if self.expect_in && (text == "in" || text == "do") {
            self.expect_in = false;
            self.mark(start, end, TokenClass::Keyword);
            if text == "in" && self.case_open > 0 && !self.cmd_pos {
                self.case_pattern = true;
            }
            self.cmd_pos = text == "do";
        } else if self.name_next {
            self.name_next = false;
            self.scan(start, end);
        } else if !self.cmd_pos {
            self.argument(text, start, end);
        } else {
            self.command_word(text, plain.is_some(), start, end);
        }
    }

    /// A word after the command name.
    fn argument(&mut self, text: &str, start: usize, end: usize) {
        if text == "esac" && self.case_open > 0 {
            self.case_open -= 1;
            self.mark(start, end, TokenClass::Keyword);
        } else if text == "do" && self.expect_in {
            self.mark(start, end, TokenClass::Keyword);
            self.cmd_pos = true;
        } else {
            self.scan(start, end);
        }
    }

    /// A word in command position: a keyword or a command name.
    fn command_word(&mut self, text: &str, plain: bool, start: usize, end: usize) {
        if CMD_KEYWORDS.contains(&text) {
            self.mark(start, end, TokenClass::Keyword);
            return;
        }
        if END_KEYWORDS.contains(&text) {
            if text == "esac" {
                self.case_open = self.case_open.saturating_sub(1);
            }
            self.mark(start, end, TokenClass::Keyword);
        } else if matches!(text, "for" | "select" | "case" | "function") {
            self.mark(start, end, TokenClass::Keyword);
            self.name_next = true;
            self.expect_in = text != "function";
            if text == "case" {
                self.case_open += 1;
            }
        } else if text == "[[" {
            self.mark(start, end, TokenClass::Keyword);
            self.in_cond = true;
        } else if plain {
            self.mark(start, end, TokenClass::Command);
        } else {
            self.scan(start, end);
        }
        self.cmd_pos = false;
    }
}

/// Comments in the blanks between two tokens.
fn comments(bytes: &[u8], from: usize, to: usize, offset: usize, out: &mut Vec<HlToken>) {
    let mut i = from;
    while i < to {
        match bytes[i] {
            b'\\' => i += 2,
            b'#' => {
                let s = i;
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                push(out, offset + s, offset + i, TokenClass::Comment);
            }
            _ => i += 1,
        }
    }
}

/// Bodies of pending here-documents starting at `pos`; returns the position after them.
fn read_heredoc_bodies(
    bytes: &[u8],
    mut pos: usize,
    docs: &[(String, bool)],
    offset: usize,
    out: &mut Vec<HlToken>,
) -> usize {
    for (delim, strip) in docs {
        let body_start = pos;
        loop {
            if pos >= bytes.len() {
                push(out, offset + body_start, offset + pos, TokenClass::String);
                return pos;
            }
            let line_end = bytes[pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| pos + i);
            let mut line = &bytes[pos..line_end];
            if *strip {
                while let [b'\t', rest @ ..] = line {
                    line = rest;
                }
            }
            if line == delim.as_bytes() {
                push(out, offset + body_start, offset + pos, TokenClass::String);
                push(out, offset + pos, offset + line_end, TokenClass::Keyword);
                pos = (line_end + 1).min(bytes.len());
                break;
            }
            pos = (line_end + 1).min(bytes.len());
        }
    }
    pos
}

/// Quotes and expansions inside one word `bytes[start..end]`.
fn scan_word(
    bytes: &[u8],
    start: usize,
    end: usize,
    offset: usize,
    depth: u32,
    out: &mut Vec<HlToken>,
) {
    let mut i = start;
    while i < end {
        match bytes[i] {
            b'\\' => i += 2,
            b'\'' => {
                let close = find_byte(bytes, i + 1, end, b'\'');
                push(out, offset + i, offset + close, TokenClass::String);
                i = close;
            }
            b'"' => i = scan_dquote(bytes, i, end, offset, depth, out),
            b'$' => i = scan_dollar(bytes, i, end, offset, depth, out),
            b'`' => {
                let close = find_byte(bytes, i + 1, end, b'`');
                push(out, offset + i, offset + i + 1, TokenClass::Operator);
                if let Ok(inner) =
                    std::str::from_utf8(&bytes[i + 1..close.saturating_sub(1).max(i + 1)])
                {
                    highlight_into(inner, offset + i + 1, depth + 1, out);
                }
                if close > i + 1 && bytes.get(close - 1) == Some(&b'`') {
                    push(
                        out,
                        offset + close - 1,
                        offset + close,
                        TokenClass::Operator,
                    );
                }
                i = close;
            }
            _ => i += 1,
        }
    }
}

/// Position just after the closing `c` (or `end` when unterminated).
fn find_byte(bytes: &[u8], from: usize, end: usize, c: u8) -> usize {
    bytes[from.min(end)..end]
        .iter()
        .position(|&b| b == c)
        .map_or(end, |j| from + j + 1)
}

fn scan_dquote(
    bytes: &[u8],
    open: usize,
    end: usize,
    offset: usize,
    depth: u32,
    out: &mut Vec<HlToken>,
) -> usize {
    let mut seg = open;
    let mut i = open + 1;
    while i < end {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => {
                push(out, offset + seg, offset + i + 1, TokenClass::String);
                return i + 1;
            }
            b'$' if i + 1 < end && bytes[i + 1] != b'"' => {
                push(out, offset + seg, offset + i, TokenClass::String);
                i = scan_dollar(bytes, i, end, offset, depth, out);
                seg = i;
            }
            _ => i += 1,
        }
    }
    push(
        out,
        offset + seg,
        offset + end.min(bytes.len()),
        TokenClass::String,
    );
    end
}

fn scan_dollar(
    bytes: &[u8],
    at: usize,
    end: usize,
    offset: usize,
    depth: u32,
    out: &mut Vec<HlToken>,
) -> usize {
    let next = bytes.get(at + 1).copied();
    match next {
        Some(b'\'') => {
            let mut i = at + 2;
            while i < end && bytes[i] != b'\'' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            let close = (i + 1).min(end);
            push(out, offset + at, offset + close, TokenClass::String);
            close
        }
        Some(b'(') if bytes.get(at + 2) == Some(&b'(') => {
            let close = match_close(bytes, at + 1, end, b'(', b')');
            push(out, offset + at, offset + close, TokenClass::Variable);
            close
        }
        Some(b'(') => {
            let close = match_close(bytes, at + 1, end, b'(', b')');
            push(out, offset + at, offset + at + 2, TokenClass::Operator);
            let inner_end = if bytes.get(close.wrapping_sub(1)) == Some(&b')') && close > at + 2 {
                close - 1
            } else {
                close
            };
            if let Ok(inner) = std::str::from_utf8(&bytes[at + 2..inner_end]) {
                highlight_into(inner, offset + at + 2, depth + 1, out);
            }
            if inner_end < close {
                push(
                    out,
                    offset + inner_end,
                    offset + close,
                    TokenClass::Operator,
                );
            }
            close
        }
        Some(b'{') => {
            let close = match_close(bytes, at + 1, end, b'{', b'}');
            push(out, offset + at, offset + close, TokenClass::Variable);
            close
        }
        Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
            let mut i = at + 1;
            while i < end && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            push(out, offset + at, offset + i, TokenClass::Variable);
            i
        }
        Some(c) if c.is_ascii_digit() || b"?@*#$!-".contains(&c) => {
            push(out, offset + at, offset + at + 2, TokenClass::Variable);
            at + 2
        }
        _ => at + 1,
    }
}

/// Position after the bracket matching the one at `open` (quote-aware), or `end`.
fn match_close(bytes: &[u8], open: usize, end: usize, o: u8, c: u8) -> usize {
    let mut depth = 0u32;
    let mut i = open;
    while i < end {
        let b = bytes[i];
        if b == b'\\' {
            i += 2;
            continue;
        }
        if b == b'\'' && o == b'(' {
            i = find_byte(bytes, i + 1, end, b'\'');
            continue;
        }
        if b == b'"' {
            let mut j = i + 1;
            while j < end && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            i = (j + 1).min(end);
            continue;
        }
        if b == o {
            depth += 1;
        } else if b == c {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return i + 1;
            }
        }
        i += 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::TokenClass::*;
    use super::*;

    #[test]
    fn keyword_classes_are_reserved_words() {
        for k in CMD_KEYWORDS.iter().chain(END_KEYWORDS) {
            assert!(crate::RESERVED_WORDS.contains(k), "{k}");
        }
    }

    fn classes(src: &str) -> Vec<(std::string::String, TokenClass)> {
        highlight(src)
            .into_iter()
            .map(|t| (src[t.start..t.end].to_string(), t.class))
            .collect()
    }

    #[test]
    fn command_args_and_operators() {
        assert_eq!(
            classes("echo hi | grep h && x=1 ls >out # c"),
            vec![
                ("echo".into(), Command),
                ("|".into(), Operator),
                ("grep".into(), Command),
                ("&&".into(), Operator),
                ("x=".into(), Assignment),
                ("ls".into(), Command),
                (">".into(), Redirect),
                ("# c".into(), Comment),
            ]
        );
    }

    #[test]
    fn keywords_strings_and_variables() {
        let c = classes("if true; then echo \"a $x\" '$y' ${z}; fi");
        assert!(c.contains(&("if".into(), Keyword)));
        assert!(c.contains(&("then".into(), Keyword)));
        assert!(c.contains(&("fi".into(), Keyword)));
        assert!(c.contains(&("true".into(), Command)));
        assert!(c.contains(&("\"a ".into(), String)));
        assert!(c.contains(&("$x".into(), Variable)));
        assert!(c.contains(&("'$y'".into(), String)));
        assert!(c.contains(&("${z}".into(), Variable)));
    }

    #[test]
    fn incomplete_input_still_classified() {
        let c = classes("echo \"open $v");
        assert_eq!(c[0], ("echo".into(), Command));
        assert!(c.contains(&("$v".into(), Variable)));
        let c = classes("for i in 1 2; do echo $i; done");
        assert!(c.contains(&("for".into(), Keyword)));
        assert!(c.contains(&("in".into(), Keyword)));
        assert!(c.contains(&("do".into(), Keyword)));
        assert!(c.contains(&("done".into(), Keyword)));
        assert!(!c.iter().any(|(t, k)| t == "1" && *k == Command));
    }

    #[test]
    fn command_substitution_and_heredoc() {
        let c = classes("x=$(ls -l) cat <<EOF\nbody $x\nEOF\necho");
        assert!(c.contains(&("ls".into(), Command)));
        assert!(c.contains(&("cat".into(), Command)));
        assert!(c.contains(&("body $x\n".into(), String)));
        assert!(c.contains(&("EOF".into(), Keyword)));
        assert_eq!(c.last(), Some(&("echo".into(), Command)));
    }

    #[test]
    fn case_patterns_are_not_commands() {
        let c = classes("case $x in a) echo;; b|c) ls;; esac");
        assert!(c.contains(&("echo".into(), Command)));
        assert!(c.contains(&("ls".into(), Command)));
        assert!(c.contains(&("esac".into(), Keyword)));
        assert!(
            !c.iter()
                .any(|(t, k)| (t == "a" || t == "b") && *k == Command)
        );
    }

    #[test]
    fn sorted_and_never_panics_on_odd_input() {
        for s in [
            "\"",
            "'",
            "$(",
            "${",
            "`",
            "<<",
            "a\\",
            "((",
            "[[ a",
            "echo é$(é",
            "$((1+",
            ")",
        ] {
            let t = highlight(s);
            for w in t.windows(2) {
                assert!(w[0].end <= w[1].start, "{s:?}: {t:?}");
            }
            assert!(t.iter().all(|x| x.end <= s.len()));
        }
    }
}
