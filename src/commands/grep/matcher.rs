//! The compiled form of grep's patterns: one [`Regex`] for all of them, plus GNU's `-w` and
//! `-x` rules applied around it.

use crate::text::regex::{self, Flags, Regex, Syntax};

use super::options::{Config, Mode};

pub struct Matcher {
    /// `None` when there are no patterns at all (`-f /dev/null`): nothing matches.
    re: Option<Regex>,
    word: bool,
    line: bool,
}

fn is_word_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Whether the character ending at `i` is a word constituent.
fn word_before(line: &[u8], i: usize) -> bool {
    if i == 0 {
        return false;
    }
    let mut k = i - 1;
    while k > 0 && i - k < 4 && (line[k] & 0xC0) == 0x80 {
        k -= 1;
    }
    match std::str::from_utf8(&line[k..i]) {
        Ok(s) => s.chars().next().is_some_and(is_word_char),
        Err(_) => false,
    }
}

/// Whether the character starting at `i` is a word constituent.
fn word_after(line: &[u8], i: usize) -> bool {
    if i >= line.len() {
        return false;
    }
    let n = match line[i] {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    let end = (i + n).min(line.len());
    match std::str::from_utf8(&line[i..end]) {
        Ok(s) => s.chars().next().is_some_and(is_word_char),
        Err(_) => false,
    }
}

/// The next character boundary after `i`.
fn next_char(line: &[u8], i: usize) -> usize {
    let mut k = i + 1;
    while k < line.len() && (line[k] & 0xC0) == 0x80 && k - i < 4 {
        k += 1;
    }
    k
}

impl Matcher {
    /// Compile; `Err` carries GNU's message (without the `grep: ` prefix). Warnings are
    /// returned for the caller to print.
    pub fn new(c: &Config) -> Result<(Matcher, Vec<String>), String> {
        let flags = Flags {
            icase: c.icase,
            multiline: false,
        };
        let pats: Vec<&[u8]> = c.patterns.iter().map(|p| p.as_slice()).collect();
        let re = if pats.is_empty() {
            None
        } else {
            Some(match c.mode {
                Mode::Basic | Mode::Extended => {
                    let syntax = if c.mode == Mode::Basic {
                        Syntax::Basic
                    } else {
                        Syntax::Extended
                    };
                    Regex::new_many(&pats, syntax, flags).map_err(|e| e.to_string())?
                }
                Mode::Fixed => {
                    let mut joined = String::new();
                    for (i, p) in pats.iter().enumerate() {
                        if i > 0 {
                            joined.push('|');
                        }
                        joined.push_str(&regex::escape_literal(p));
                    }
                    Regex::from_translated(&joined, flags).map_err(|e| e.to_string())?
                }
                Mode::Perl => {
                    let mut joined = Vec::new();
                    for (i, p) in pats.iter().enumerate() {
                        if i > 0 {
                            joined.push(b'|');
                        }
                        if pats.len() > 1 {
                            joined.extend_from_slice(b"(?:");
                        }
                        joined.extend_from_slice(p);
                        if pats.len() > 1 {
                            joined.push(b')');
                        }
                    }
                    Regex::new_perl(&joined, flags).map_err(|e| e.to_string())?
                }
            })
        };
        let warnings = re
            .as_ref()
            .map(|r| r.warnings().to_vec())
            .unwrap_or_default();
        Ok((
            Matcher {
                re,
                word: c.word && !c.line,
                line: c.line,
            },
            warnings,
        ))
    }

    /// Whether `line` has a match.
    pub fn is_match(&self, line: &[u8]) -> bool {
        let Some(re) = &self.re else {
            return false;
        };
        if !self.word && !self.line {
            return re.is_match(line);
        }
        self.find_at(line, 0).is_some()
    }

    /// The next match at or after `pos` under `-w`/`-x`.
    pub fn find_at(&self, line: &[u8], pos: usize) -> Option<(usize, usize)> {
        let re = self.re.as_ref()?;
        if self.line {
            if pos > 0 {
                return None;
            }
            return (re.longest_at(line, 0, line.len()) == Some(line.len()))
                .then_some((0, line.len()));
        }
        if !self.word {
            return re.find_at(line, pos);
        }
        let mut start = pos;
        while start <= line.len() {
            let (s, mut e) = re.find_at(line, start)?;
            loop {
                if !word_before(line, s) && !word_after(line, e) {
                    return Some((s, e));
                }
                if e > s {
                    match re.longest_at(line, s, e - 1) {
                        Some(e2) if e2 < e => {
                            e = e2;
                            continue;
                        }
                        _ => {}
                    }
                }
                break;
            }
            if s >= line.len() {
                return None;
            }
            start = next_char(line, s);
        }
        None
    }
}
