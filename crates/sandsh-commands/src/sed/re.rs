//! The one place where sed meets regular expressions.
//!
//! Everything else in sed sees only [`Regex`], [`Flags`] and [`Locs`]: compile once per
//! script, then `is_match` for addresses and `search_at` (capture offsets into a reused
//! buffer) for `s`. The POSIX BRE/ERE translation (GNU extensions, leftmost-longest matches,
//! back-references, glibc's error wording) is the shared one in [`sandsh_text::regex`].

use sandsh_text::regex::{self as posix, Syntax};

/// How a pattern is to be compiled.
#[derive(Debug, Clone, Copy, Default)]
pub struct Flags {
    /// ERE (`-E`/`-r`) rather than BRE.
    pub ere: bool,
    /// `I`: ignore case.
    pub icase: bool,
    /// `M`: `^`/`$` also match at embedded newlines.
    pub multiline: bool,
}

/// A compiled sed regular expression.
#[derive(Debug)]
pub struct Regex {
    inner: posix::Regex,
    groups: usize,
}

/// Capture offsets of the last successful search (reused between searches).
#[derive(Debug, Default)]
pub struct Locs {
    v: Vec<Option<(usize, usize)>>,
}

impl Locs {
    /// Offsets of group `i` (0 is the whole match) when it took part in the match.
    pub fn get(&self, i: usize) -> Option<(usize, usize)> {
        self.v.get(i).copied().flatten()
    }
}

impl Regex {
    /// Compile `pat` (already stripped of its delimiters and sed's own escapes).
    pub fn new(pat: &[u8], flags: Flags) -> Result<Regex, String> {
        let syntax = if flags.ere {
            Syntax::ExtendedPosix
        } else {
            Syntax::Basic
        };
        let f = posix::Flags {
            icase: flags.icase,
            multiline: flags.multiline,
        };
        if flags.multiline {
            // GNU's `M` also stops `.` and `[^…]` at a newline (RE_NEWLINE and
            // RE_HAT_LISTS_NOT_NEWLINE); the shared translator lets both match one, so the
            // translation is adjusted here.
            let t = posix::translate(pat, syntax, false).map_err(|e| e.to_string())?;
            if !t.backrefs {
                let adjusted = hat_lists_not_newline(&t.pattern);
                let inner = posix::Regex::from_translated(&format!("(?-s:{adjusted})"), f)
                    .map_err(|e| e.to_string())?;
                return Ok(Regex {
                    inner,
                    groups: t.groups,
                });
            }
        }
        posix::Regex::new(pat, syntax, f)
            .map(|inner| Regex {
                groups: inner.groups(),
                inner,
            })
            .map_err(|e| e.to_string())
    }

    /// Number of capture groups (not counting the whole match).
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// A fresh capture buffer for this regex.
    pub fn locs(&self) -> Locs {
        Locs::default()
    }

    /// Whether the pattern matches anywhere in `hay`.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        self.inner.is_match(hay)
    }

    /// Search `hay` from `start` (anchors and word boundaries still see the bytes before
    /// `start`, as GNU's `re_search` does); fills `locs` and returns whether it matched. A
    /// search over a long pattern space asks `stop` along the way and gives up when it says so.
    pub fn search_at(
        &self,
        hay: &[u8],
        start: usize,
        locs: &mut Locs,
        stop: &dyn Fn() -> bool,
    ) -> Result<bool, posix::Interrupted> {
        if self.groups == 0 {
            Ok(match self.inner.find_at_until(hay, start, stop)? {
                Some(m) => {
                    locs.v.clear();
                    locs.v.push(Some(m));
                    true
                }
                None => false,
            })
        } else {
            Ok(match self.inner.captures_at_until(hay, start, stop)? {
                Some(c) => {
                    locs.v = c;
                    true
                }
                None => false,
            })
        }
    }
}

/// Add a newline to every top-level negated class of a translated pattern (`[^…]` becomes
/// `[^\n…]`) and let the translator's "any character" (`(?s:.)`) stop at a newline.
fn hat_lists_not_newline(pat: &str) -> String {
    let pat = pat.replace("(?s:.)", "(?-s:.)");
    let b = pat.as_bytes();
    let mut out = String::with_capacity(pat.len() + 8);
    let mut depth = 0usize;
    let mut i = 0;
    let mut start = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                i += 2;
                continue;
            }
            b'[' => {
                if depth == 0 && b.get(i + 1) == Some(&b'^') {
                    out.push_str(&pat[start..i + 2]);
                    out.push_str("\\n");
                    i += 2;
                    start = i;
                    depth = 1;
                    if b.get(i) == Some(&b']') {
                        i += 1;
                    }
                    continue;
                }
                depth += 1;
                if depth == 1 && b.get(i + 1) == Some(&b']') {
                    i += 1;
                }
            }
            b']' if depth > 0 => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    out.push_str(&pat[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::hat_lists_not_newline;

    #[test]
    fn negated_lists_exclude_newline() {
        assert_eq!(hat_lists_not_newline("a[^x]b"), "a[^\\nx]b");
        assert_eq!(
            hat_lists_not_newline("[a[:alpha:]]\\[^"),
            "[a[:alpha:]]\\[^"
        );
        assert_eq!(hat_lists_not_newline("[^]x][^y]"), "[^\\n]x][^\\ny]");
        assert_eq!(hat_lists_not_newline("(?s:.)"), "(?-s:.)");
    }
}
