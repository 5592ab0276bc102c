//! Finding the lines of a buffer that a pattern matches, without matching line by line.
//!
//! A tool that selects lines (grep) wants to search a whole buffer of `\n`-terminated lines at
//! once, but its patterns are defined per line: `.` and `[^…]` match a newline in POSIX
//! regexec, `^`/`$` are the ends of the subject. Searching the buffer with the per-line pattern
//! lets a match run across lines (`error.*omega` from one line's `error` to the last `omega` of
//! the buffer), and asking for its full bounds then scans back and forth over the buffer for
//! every candidate: quadratic. ripgrep's answer, taken here: rewrite the pattern so that it can
//! never match a newline (every class and literal loses `\n`, the subject anchors become line
//! anchors) and ask only for where the first match *ends* (a half match, earliest end: one
//! forward pass that stops at the first match state). The line holding that end is a matching
//! line, and no line before it matches; full bounds are computed, where something prints them,
//! on that one line.

use regex_automata::{Anchored, Input, meta};
use regex_syntax::hir::{self, Class, Hir, HirKind, Look};

use super::{Error, SIZE_LIMIT, engine_err, syntax_config};

/// A buffer-wide search for the first line matching a pattern (see the module docs).
#[derive(Debug)]
pub struct LineFinder {
    re: meta::Regex,
    /// A pattern that is one class (`[^ -~]`, `[[:digit:]]`): the bytes a match can start
    /// with, searched for with a table instead of the DFA (whose loop, with hundreds of bytes
    /// leaving it, cannot be accelerated).
    first_bytes: Option<FirstBytes>,
}

/// The bytes a one-class pattern's match starts with.
#[derive(Debug)]
struct FirstBytes {
    set: Box<[bool; 256]>,
    /// Every byte of `set` is a whole match (a class of ASCII characters or of bytes); else
    /// a byte of `set` may start one (a UTF-8 lead byte) and a match is checked there.
    exact: bool,
}

impl LineFinder {
    /// Build from a pattern in `regex` syntax as [`super::Regex`] compiles it (flags prefix
    /// included).
    pub(crate) fn new(pattern: &str) -> Result<LineFinder, Error> {
        let hir = regex_automata::util::syntax::parse_with(pattern, &syntax_config())
            .map_err(engine_err)?;
        let hir = trim_optional_ends(line_only(hir));
        let first_bytes = class_first_bytes(&hir);
        let re = meta::Builder::new()
            .configure(
                meta::Config::new()
                    .utf8_empty(false)
                    .nfa_size_limit(Some(SIZE_LIMIT))
                    .hybrid_cache_capacity(8 << 20),
            )
            .build_from_hir(&hir)
            .map_err(engine_err)?;
        Ok(LineFinder { re, first_bytes })
    }

    /// Where the earliest match at or after `start` ends, if any. The match lies within the
    /// line that holds that offset (it may be the offset of the line's `\n`), and no line that
    /// ends before it has a match.
    pub fn match_end(&self, hay: &[u8], start: usize) -> Option<usize> {
        if start > hay.len() {
            return None;
        }
        if let Some(first) = &self.first_bytes {
            return self.class_match_end(first, hay, start);
        }
        let input = Input::new(hay).range(start..).earliest(true);
        self.re.search_half(&input).map(|m| m.offset())
    }

    /// [`LineFinder::match_end`] for a one-class pattern: the first byte that can start a
    /// match, then (unless every such byte is a match) a match anchored there.
    fn class_match_end(&self, first: &FirstBytes, hay: &[u8], start: usize) -> Option<usize> {
        let mut at = start;
        loop {
            at += find_byte(&first.set, &hay[at..])?;
            if first.exact {
                return Some(at + 1);
            }
            let input = Input::new(hay)
                .range(at..)
                .anchored(Anchored::Yes)
                .earliest(true);
            if let Some(m) = self.re.search_half(&input) {
                return Some(m.offset());
            }
            at += 1;
        }
    }

    /// The first line at or after `start` (an offset where a line begins) that has a match:
    /// its bounds, without the `\n`.
    pub fn find_line(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        let end = self.match_end(hay, start)?;
        Some(line_around(hay, start, end))
    }
}

/// The bytes a match of `h` starts with, when `h` is one class: exactly the bytes it matches
/// for a byte class or a class of ASCII characters (in UTF-8 an ASCII byte is always a
/// character of its own); with other characters, their UTF-8 lead bytes as well.
fn class_first_bytes(h: &Hir) -> Option<FirstBytes> {
    let mut set = Box::new([false; 256]);
    let mut exact = true;
    match h.kind() {
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.ranges() {
                set[usize::from(r.start())..=usize::from(r.end())].fill(true);
            }
        }
        HirKind::Class(Class::Unicode(c)) => {
            for r in c.ranges() {
                let end = r.end().min('\x7f');
                if r.start() <= end {
                    set[r.start() as usize..=end as usize].fill(true);
                }
                if !r.end().is_ascii() {
                    exact = false;
                }
            }
            if !exact {
                // Lead bytes only: a continuation byte (0x80-0xBF) never starts a character.
                set[0xC2..=0xF4].fill(true);
            }
        }
        _ => return None,
    }
    Some(FirstBytes { set, exact })
}

/// The offset of the first byte of `hay` in `set`: sixteen bytes looked up per step, the
/// step's hits or-ed together, so the loop has one branch per step.
fn find_byte(set: &[bool; 256], hay: &[u8]) -> Option<usize> {
    let mut chunks = hay.chunks_exact(16);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        if chunk
            .iter()
            .fold(false, |any, &b| any | set[usize::from(b)])
        {
            return chunk
                .iter()
                .position(|&b| set[usize::from(b)])
                .map(|k| at + k);
        }
        at += 16;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| set[usize::from(b)])
        .map(|k| at + k)
}

/// The bounds (without the `\n`) of the line of `hay` that holds offset `at`, looking back no
/// further than `start`.
pub fn line_around(hay: &[u8], start: usize, at: usize) -> (usize, usize) {
    let ls = memchr::memrchr(b'\n', &hay[start..at]).map_or(start, |k| start + k + 1);
    let le = memchr::memchr(b'\n', &hay[at..]).map_or(hay.len(), |k| at + k);
    (ls, le)
}

/// `h` without the parts at either end that may match the empty string (`.*error.*omega.*`
/// becomes `error.*omega`): a line holds a match of one exactly when it holds a match of the
/// other, and a leading `.*` would keep the search from skipping to a literal.
fn trim_optional_ends(h: Hir) -> Hir {
    let optional = |h: &Hir| matches!(h.kind(), HirKind::Repetition(r) if r.min == 0);
    match h.into_kind() {
        HirKind::Concat(mut v) => {
            while v.last().is_some_and(optional) {
                v.pop();
            }
            let lead = v.iter().take_while(|h| optional(h)).count();
            Hir::concat(v.split_off(lead))
        }
        HirKind::Alternation(v) => {
            Hir::alternation(v.into_iter().map(trim_optional_ends).collect())
        }
        HirKind::Capture(c) => trim_optional_ends(*c.sub),
        HirKind::Repetition(r) if r.min == 0 => Hir::empty(),
        kind => rebuild(kind),
    }
}

/// The expression of `kind`, unchanged.
fn rebuild(kind: HirKind) -> Hir {
    match kind {
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(hir::Literal(bytes)) => Hir::literal(bytes),
        HirKind::Class(c) => Hir::class(c),
        HirKind::Look(l) => Hir::look(l),
        HirKind::Repetition(r) => Hir::repetition(r),
        HirKind::Capture(c) => Hir::capture(c),
        HirKind::Concat(v) => Hir::concat(v),
        HirKind::Alternation(v) => Hir::alternation(v),
    }
}

/// `h` rewritten so that it cannot match a `\n` and its subject anchors are line anchors.
fn line_only(h: Hir) -> Hir {
    match h.into_kind() {
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(hir::Literal(bytes)) => {
            if bytes.contains(&b'\n') {
                Hir::fail()
            } else {
                Hir::literal(bytes)
            }
        }
        HirKind::Class(Class::Unicode(mut c)) => {
            c.difference(&hir::ClassUnicode::new([hir::ClassUnicodeRange::new(
                '\n', '\n',
            )]));
            Hir::class(Class::Unicode(c))
        }
        HirKind::Class(Class::Bytes(mut c)) => {
            c.difference(&hir::ClassBytes::new([hir::ClassBytesRange::new(
                b'\n', b'\n',
            )]));
            Hir::class(Class::Bytes(c))
        }
        HirKind::Look(look) => Hir::look(match look {
            Look::Start => Look::StartLF,
            Look::End => Look::EndLF,
            other => other,
        }),
        HirKind::Repetition(r) => Hir::repetition(hir::Repetition {
            sub: Box::new(line_only(*r.sub)),
            ..r
        }),
        HirKind::Capture(c) => Hir::capture(hir::Capture {
            sub: Box::new(line_only(*c.sub)),
            ..c
        }),
        HirKind::Concat(v) => Hir::concat(v.into_iter().map(line_only).collect()),
        HirKind::Alternation(v) => Hir::alternation(v.into_iter().map(line_only).collect()),
    }
}
