//! The pattern as ripgrep applies it to a line, `-w` included. ripgrep's `-w` is not `\b…\b`:
//! a match counts when it starts the line or follows a non-word character, and ends the line or
//! precedes one (so `-w -- -foo` matches ` -foo`, and `-w foo-` does not match `foo-foo`). That
//! is the regex `(?:^|\W)(PATTERN)(?:$|\W)` with the match taken from its group; each next
//! search starts where the previous match (not the consumed `\W`) ended, so adjacent words are
//! all found.

use regex::bytes::{Captures, Regex};

pub struct Matcher {
    /// The patterns as one regex.
    re: Regex,
    /// `-w`: the regex with the boundaries around it (the match is its group 1).
    word: Option<Regex>,
}

impl Matcher {
    pub fn new(re: Regex, word: Option<Regex>) -> Matcher {
        Matcher { re, word }
    }

    pub fn is_match(&self, line: &[u8]) -> bool {
        self.word.as_ref().unwrap_or(&self.re).is_match(line)
    }

    /// The matches in `line`, left to right, as ripgrep reports them.
    pub fn matches(&self, line: &[u8]) -> Vec<(usize, usize)> {
        let Some(w) = &self.word else {
            return self
                .re
                .find_iter(line)
                .map(|m| (m.start(), m.end()))
                .collect();
        };
        let mut out = Vec::new();
        let mut at = 0;
        while at <= line.len() {
            let Some(m) = w.captures_at(line, at).and_then(|c| c.get(1)) else {
                break;
            };
            out.push((m.start(), m.end()));
            at = if m.end() > m.start() {
                m.end()
            } else {
                m.end() + 1
            };
        }
        out
    }

    pub fn first(&self, line: &[u8]) -> Option<(usize, usize)> {
        match &self.word {
            None => self.re.find(line).map(|m| (m.start(), m.end())),
            Some(w) => w
                .captures(line)
                .and_then(|c| c.get(1))
                .map(|m| (m.start(), m.end())),
        }
    }

    /// `line` with each match replaced by `rep` (`$1`, `${name}` from the pattern's groups).
    pub fn replace(&self, line: &[u8], rep: &[u8]) -> Vec<u8> {
        let mut dst = Vec::new();
        let mut last = 0;
        let mut put = |dst: &mut Vec<u8>, (a, b): (usize, usize), c: Option<Captures<'_>>| {
            dst.extend_from_slice(&line[last..a]);
            match c {
                Some(c) => c.expand(rep, dst),
                None => dst.extend_from_slice(rep),
            }
            last = b;
        };
        if self.word.is_none() {
            for c in self.re.captures_iter(line) {
                if let Some(m) = c.get(0) {
                    put(&mut dst, (m.start(), m.end()), Some(c));
                }
            }
        } else {
            for (a, b) in self.matches(line) {
                // The pattern's own groups, from its match at the same place.
                let c = self
                    .re
                    .captures_at(&line[..b], a)
                    .filter(|c| c.get(0).is_some_and(|m| (m.start(), m.end()) == (a, b)));
                put(&mut dst, (a, b), c);
            }
        }
        dst.extend_from_slice(&line[last..]);
        dst
    }
}
