//! The one place where sed meets regular expressions.
//!
//! Everything else in sed sees only [`Regex`], [`Flags`] and [`Locs`]: compile once per
//! script, then `is_match` for addresses and `search_at` (capture offsets into a reused
//! buffer) for `s`. The POSIX BRE/ERE translation itself belongs to the shared translator in
//! `src/text/`; until that lands, [`translate`] below is a deliberately small stand-in so
//! that switching is a change to this file only.

use regex::bytes::{CaptureLocations, Regex as Inner, RegexBuilder};

/// How a pattern is to be compiled.
#[derive(Debug, Clone, Copy, Default)]
pub struct Flags {
    /// ERE (`-E`/`-r`) rather than BRE.
    pub ere: bool,
    /// `I`: ignore case.
    pub icase: bool,
    /// `M`: `^`/`$` match at embedded newlines, `.` does not match a newline.
    pub multiline: bool,
}

/// A compiled sed regular expression.
#[derive(Debug)]
pub struct Regex {
    inner: Inner,
}

/// Capture offsets of the last successful search (reused between searches).
pub struct Locs {
    inner: CaptureLocations,
}

impl Locs {
    /// Offsets of group `i` (0 is the whole match) when it took part in the match.
    pub fn get(&self, i: usize) -> Option<(usize, usize)> {
        self.inner.get(i)
    }
}

impl Regex {
    /// Compile `pat` (already stripped of its delimiters and sed's own escapes).
    pub fn new(pat: &[u8], flags: Flags) -> Result<Regex, String> {
        let translated = translate(pat, flags.ere)?;
        let inner = RegexBuilder::new(&translated)
            .case_insensitive(flags.icase)
            .multi_line(flags.multiline)
            .dot_matches_new_line(!flags.multiline)
            .size_limit(64 << 20)
            .build()
            .map_err(|e| match e {
                regex::Error::CompiledTooBig(_) => "regular expression too big".to_string(),
                _ => "Invalid regular expression".to_string(),
            })?;
        Ok(Regex { inner })
    }

    /// Number of capture groups (not counting the whole match).
    pub fn groups(&self) -> usize {
        self.inner.captures_len() - 1
    }

    /// A fresh capture buffer for this regex.
    pub fn locs(&self) -> Locs {
        Locs {
            inner: self.inner.capture_locations(),
        }
    }

    /// Whether the pattern matches anywhere in `hay`.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        self.inner.is_match(hay)
    }

    /// Search `hay` from `start` (anchors and word boundaries still see the bytes before
    /// `start`, as GNU's `re_search` does); fills `locs` and returns whether it matched.
    pub fn search_at(&self, hay: &[u8], start: usize, locs: &mut Locs) -> bool {
        if locs.inner.len() != self.inner.captures_len() {
            *locs = self.locs();
        }
        self.inner
            .captures_read_at(&mut locs.inner, hay, start)
            .is_some()
    }
}

/// Interim POSIX → `regex` syntax translation (the shared translator replaces it): groups,
/// intervals, alternation, the GNU escapes with a direct equivalent, bracket expressions and
/// BRE's literal `*`, `^`, `$`. Back-references are refused as not supported.
fn translate(pat: &[u8], ere: bool) -> Result<String, String> {
    let s = String::from_utf8_lossy(pat);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(pat.len() + 8);
    let mut i = 0;
    // True where a following `*` would be literal in a BRE (start, after `\(`, `\|`, `^`).
    let mut at_start = true;
    while i < chars.len() {
        let c = chars[i];
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                i += 1;
                let Some(&n) = chars.get(i) else {
                    return Err("Trailing backslash".into());
                };
                match n {
                    '(' | ')' | '{' | '}' | '|' | '+' | '?' if !ere => {
                        out.push(n);
                        at_start = n == '(' || n == '|';
                    }
                    '1'..='9' => {
                        return Err("back-references are not supported".into());
                    }
                    '<' => out.push_str(r"\b{start}"),
                    '>' => out.push_str(r"\b{end}"),
                    '`' => out.push_str(r"\A"),
                    '\'' => out.push_str(r"\z"),
                    'w' | 'W' | 's' | 'S' | 'b' | 'B' => {
                        out.push('\\');
                        out.push(n);
                    }
                    '\n' => out.push_str(r"\n"),
                    _ => push_lit(&mut out, n),
                }
            }
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                continue;
            }
            '*' if !ere && was_start => push_lit(&mut out, '*'),
            '^' if !ere && !was_start => push_lit(&mut out, '^'),
            '^' => {
                out.push('^');
                at_start = true;
            }
            '$' if !ere => {
                let at_end = i + 1 == chars.len()
                    || (chars[i + 1] == '\\' && matches!(chars.get(i + 2), Some(')') | Some('|')));
                if at_end {
                    out.push('$');
                } else {
                    push_lit(&mut out, '$');
                }
            }
            '(' | ')' | '{' | '}' | '|' | '+' | '?' if !ere => push_lit(&mut out, c),
            '(' | '|' if ere => {
                out.push(c);
                at_start = true;
            }
            _ => {
                if c.is_ascii_punctuation() && c != '.' && c != '*' {
                    if ere && matches!(c, ')' | '{' | '}' | '+' | '?' | '$') {
                        out.push(c);
                    } else {
                        push_lit(&mut out, c);
                    }
                } else {
                    out.push(c);
                }
            }
        }
        i += 1;
    }
    Ok(out)
}

fn push_lit(out: &mut String, c: char) {
    let mut b = [0u8; 4];
    out.push_str(&regex::escape(c.encode_utf8(&mut b)));
}

/// Copy a bracket expression starting at `chars[i] == '['`; returns the index after it.
fn bracket(chars: &[char], mut i: usize, out: &mut String) -> Result<usize, String> {
    out.push('[');
    i += 1;
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("Unmatched [, [^, [:, [., or [=".into());
        };
        if c == ']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if c == '[' && matches!(chars.get(i + 1), Some(':') | Some('.') | Some('=')) {
            let kind = chars[i + 1];
            let mut j = i + 2;
            while j + 1 < chars.len() && !(chars[j] == kind && chars[j + 1] == ']') {
                j += 1;
            }
            if j + 1 >= chars.len() {
                return Err("Unmatched [, [^, [:, [., or [=".into());
            }
            let name: String = chars[i + 2..j].iter().collect();
            if kind == ':' {
                out.push_str(&format!("[:{name}:]"));
            } else {
                for ch in name.chars() {
                    push_lit(out, ch);
                }
            }
            i = j + 2;
            continue;
        }
        match c {
            '\\' | '[' | '&' | '~' | '-' if c != '-' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
}
