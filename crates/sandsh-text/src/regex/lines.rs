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

use regex_automata::{Input, meta};
use regex_syntax::hir::{self, Class, Hir, HirKind, Look};

use super::{Error, SIZE_LIMIT, engine_err, syntax_config};

/// A buffer-wide search for the first line matching a pattern (see the module docs).
#[derive(Debug)]
pub struct LineFinder {
    re: meta::Regex,
}

impl LineFinder {
    /// Build from a pattern in `regex` syntax as [`super::Regex`] compiles it (flags prefix
    /// included).
    pub(crate) fn new(pattern: &str) -> Result<LineFinder, Error> {
        let hir = regex_automata::util::syntax::parse_with(pattern, &syntax_config())
            .map_err(engine_err)?;
        let hir = trim_optional_ends(line_only(hir));
        let re = meta::Builder::new()
            .configure(
                meta::Config::new()
                    .utf8_empty(false)
                    .nfa_size_limit(Some(SIZE_LIMIT))
                    .hybrid_cache_capacity(8 << 20),
            )
            .build_from_hir(&hir)
            .map_err(engine_err)?;
        Ok(LineFinder { re })
    }

    /// Where the earliest match at or after `start` ends, if any. The match lies within the
    /// line that holds that offset (it may be the offset of the line's `\n`), and no line that
    /// ends before it has a match.
    pub fn match_end(&self, hay: &[u8], start: usize) -> Option<usize> {
        if start > hay.len() {
            return None;
        }
        let input = Input::new(hay).range(start..).earliest(true);
        self.re.search_half(&input).map(|m| m.offset())
    }

    /// The first line at or after `start` (an offset where a line begins) that has a match:
    /// its bounds, without the `\n`.
    pub fn find_line(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        let end = self.match_end(hay, start)?;
        Some(line_around(hay, start, end))
    }
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
