//! The compiled form of grep's patterns: one [`Regex`] for all of them, plus GNU's `-w` and
//! `-x` rules applied around it.

use sandsh_text::regex::{self, Flags, LineFinder, Regex, Syntax};

use super::options::{Config, Mode};

pub struct Matcher {
    /// `None` when there are no patterns at all (`-f /dev/null`): nothing matches.
    re: Option<Regex>,
    word: bool,
    line: bool,
    /// Whether whole buffers may be searched for matching lines ([`Matcher::candidate`]).
    buffer_ok: bool,
    /// The buffer-wide line search, built on first use.
    candidate: std::sync::OnceLock<Option<LineFinder>>,
    /// `-F` without `-i`, `-w` or `-x`: the strings as Aho-Corasick automata instead of a
    /// regex (`re` is then `None`). They build in milliseconds where a regex of 100,000
    /// alternatives takes a second and hundreds of megabytes, and test a line without the
    /// regex engine's per-call layers (the hot path when most lines match).
    literals: Option<Literals>,
}

/// `-F` strings as automata: any match (leftmost-first: the cheapest to build, it drops
/// strings that can never be found first) for "does this line match" and for the candidate
/// search, and leftmost-longest (POSIX's rule) for the matches `-o` and `--color` print,
/// built on first use.
pub struct Literals {
    first: aho_corasick::AhoCorasick,
    longest: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>>,
    pats: Vec<Vec<u8>>,
}

impl Literals {
    fn new(pats: &[Vec<u8>]) -> Option<Literals> {
        // A DFA searches fastest; its table grows with states times byte classes, so only
        // for small sets (at most 8 MiB whatever the strings).
        let bytes: usize = pats.iter().map(Vec::len).sum();
        let kind = (bytes <= 8 * 1024).then_some(aho_corasick::AhoCorasickKind::DFA);
        let first = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .kind(kind)
            .build(pats)
            .ok()?;
        Some(Literals {
            first,
            longest: std::sync::OnceLock::new(),
            pats: pats.to_vec(),
        })
    }

    /// The leftmost-longest match at or after `pos`.
    fn find_at(&self, hay: &[u8], pos: usize) -> Option<(usize, usize)> {
        let ac = self
            .longest
            .get_or_init(|| {
                aho_corasick::AhoCorasick::builder()
                    .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                    .build(&self.pats)
                    .ok()
            })
            .as_ref()?;
        if pos > hay.len() {
            return None;
        }
        let m = ac.find(aho_corasick::Input::new(hay).range(pos..))?;
        Some((m.start(), m.end()))
    }
}

/// The buffer-wide search for the lines that match ([`Matcher::candidate`]).
pub enum Candidate<'a> {
    Re(&'a LineFinder),
    Lit(&'a aho_corasick::AhoCorasick),
}

impl Candidate<'_> {
    /// The first line at or after `start` (where a line begins) that has a match of the
    /// pattern: its start and end (without the newline). Only where the match ends is
    /// searched for, never its bounds: those are found on the line, where they are printed.
    pub fn find_line(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        match self {
            Candidate::Re(f) => f.find_line(hay, start),
            Candidate::Lit(ac) => {
                if start > hay.len() {
                    return None;
                }
                // No string holds a newline: the match is inside one line.
                let m = ac.find(aho_corasick::Input::new(hay).range(start..))?;
                Some(regex::line_around(hay, start, m.end()))
            }
        }
    }
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
        let literals = (c.mode == Mode::Fixed && !c.icase && !c.word && !c.line)
            .then(|| Literals::new(&c.patterns))
            .flatten();
        let re = if pats.is_empty() || literals.is_some() {
            None
        } else {
            Some(match c.mode {
                Mode::Basic | Mode::Extended => {
                    let syntax = if c.mode == Mode::Basic {
                        Syntax::Basic
                    } else {
                        Syntax::Extended
                    };
                    Regex::new_many(&pats, syntax, flags).map_err(|e| {
                        // GNU prints the pattern's warnings before this one error.
                        let mut m = String::new();
                        if e == regex::Error::ClassSyntax {
                            for p in &pats {
                                for w in regex::warnings_of(p, syntax) {
                                    m.push_str(&format!("warning: {w}\ngrep: "));
                                }
                            }
                        }
                        m.push_str(&e.to_string());
                        m
                    })?
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
        // Whole buffers of lines are searched with a form of the pattern that cannot match
        // across lines; not for -z, -P or back-references, which are matched line by line.
        // The literal automata search whole buffers themselves.
        let buffer_ok = c.eol == b'\n'
            && c.mode != Mode::Perl
            && literals.is_none()
            && re.as_ref().is_some_and(|r| !r.has_backrefs());
        Ok((
            Matcher {
                re,
                literals,
                word: c.word && !c.line,
                line: c.line,
                buffer_ok,
                candidate: std::sync::OnceLock::new(),
            },
            warnings,
        ))
    }

    /// The buffer-wide line search, when there is one.
    pub fn candidate(&self) -> Option<Candidate<'_>> {
        if let Some(l) = &self.literals {
            return Some(Candidate::Lit(&l.first));
        }
        self.candidate
            .get_or_init(|| {
                self.re
                    .as_ref()
                    .filter(|_| self.buffer_ok)
                    .and_then(Regex::line_finder)
            })
            .as_ref()
            .map(Candidate::Re)
    }

    /// No -w/-x rule applies: any match of the pattern is a match of the line.
    pub fn plain(&self) -> bool {
        !self.word && !self.line
    }

    /// Whether `line` has a match.
    pub fn is_match(&self, line: &[u8]) -> bool {
        if let Some(l) = &self.literals {
            return l.first.is_match(line);
        }
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
        if let Some(l) = &self.literals {
            return l.find_at(line, pos);
        }
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
