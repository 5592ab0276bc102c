//! POSIX regular expressions (GNU flavour) for grep, sed, awk, expr, `[[ =~ ]]` and `find -regex`.
//!
//! Patterns are translated from POSIX BRE or ERE, with the GNU extensions (`\+ \? \| \< \> \b
//! \B \w \W \s \S \` \'`, intervals, bracket expressions with classes), into the `regex`
//! crate's syntax and compiled once with `regex-automata` over bytes (`Regex::new` per
//! invocation, never per line). Patterns with back-references (`\1`…`\9`) cannot be run by
//! a finite automaton; only those are compiled with `fancy-regex`.
//!
//! POSIX asks for the leftmost-*longest* match where Perl-style engines give leftmost-first
//! (`echo abcd | grep -oE 'a|ab|abc'` prints `abc`). [`Regex::find_at`] therefore finds the
//! leftmost start with the fast engine and then the longest end at that start with a lazy DFA
//! built with `MatchKind::All` (a PikeVM when the DFA gives up, e.g. on a Unicode word boundary
//! over non-ASCII text). Capture groups are resolved by a leftmost-first search anchored at
//! both ends of that match.
//!
//! Error messages are glibc's, as GNU grep and sed print them after `PROG: `.
//!
//! Escapes outside the POSIX/GNU set are taken literally, as glibc does (`\t` is `t`,
//! `\n` is `n`); tools that give them a meaning first (sed's `\n` and `\t`, awk's string
//! escapes in regex literals) rewrite them before calling [`Regex::new`]. Leading ERE
//! repetition operators are skipped with a warning (`* at start of expression`), which the
//! caller prints; a leading ERE `{` that is not a valid interval is a literal, as in GNU
//! grep's matcher (glibc alone would skip it: GNU grep's `-o` shows that split).
//!
//! # API (stable: grep, sed and awk build on it)
//!
//! ```ignore
//! use sandsh_text::regex::{Flags, Regex, Syntax};
//! let re = Regex::new(b"a\\|ab", Syntax::Basic, Flags::default())?;
//! assert_eq!(re.find_at(b"xabc", 0), Some((1, 3)));
//! let caps = re.captures_at(b"xabc", 0); // Vec<Option<(start, end)>>, [0] = whole match
//! ```
//!
//! - [`Regex::new`] / [`Regex::new_many`] (several patterns matched as one alternation, as
//!   `grep -e A -e B` needs), [`Regex::is_match`], [`Regex::is_match_at`], [`Regex::find_at`],
//!   [`Regex::captures_at`], [`Regex::longest_at`], [`Regex::line_finder`],
//!   [`Regex::has_backrefs`], [`Regex::groups`], [`Regex::warnings`].
//! - [`Flags`]: `icase` (`grep -i`, sed `I`), `multiline` (`^`/`$` also at newlines, sed `M`).
//!   `.` and `[^…]` match a newline, as in POSIX regexec (sed's pattern space, `grep -z`).
//! - [`Error`]: `Display` is glibc's wording ("Unmatched [, [^, [:, [., or [=", …).
//! - [`warnings_of`]: the warnings for a pattern even when it is refused (GNU grep prints
//!   them before the error).
//! - [`translate()`]: the raw translation, for callers that compose patterns themselves.
//! - [`escape_literal`]: bytes as a literal pattern (`grep -F`); [`Regex::from_translated`]
//!   compiles such `regex`-syntax text; [`Regex::new_perl`] compiles Perl syntax (`grep -P`,
//!   leftmost-first, `fancy-regex` when it needs look-around or back-references).

mod lines;
mod long;
mod translate;

use sandsh_runtime::recent::Recent;
use std::sync::{Mutex, OnceLock};

use regex_automata::hybrid::dfa::{Cache as DfaCache, DFA};
use regex_automata::nfa::thompson::pikevm::{Cache as PikeCache, PikeVM};
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind, meta};

pub use lines::{LineFinder, line_around};
pub use long::Interrupted;

/// The spans of a match's groups: index 0 the whole match, index k the k-th group (`None`
/// when it did not take part).
pub type Groups = Vec<Option<(usize, usize)>>;
pub use translate::{Translated, translate, warnings_of};

/// Which POSIX dialect a pattern is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// BRE (`grep`, `sed`, `expr`): `\( \) \{ \} \| \+ \?` are operators.
    Basic,
    /// ERE as GNU grep and gawk take it (`grep -E`, awk): `( ) { } | + ?` are operators, and
    /// a `{` that starts no valid interval is a literal.
    Extended,
    /// ERE as glibc's `regcomp(REG_EXTENDED)` takes it (bash's `[[ =~ ]]`, `sed -E`): the same,
    /// except that an invalid interval is an error.
    ExtendedPosix,
}

/// Matching options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Ignore case.
    pub icase: bool,
    /// `^` and `$` also match after and before a newline inside the subject.
    pub multiline: bool,
}

/// A pattern that does not compile, worded as glibc words it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("Unmatched [, [^, [:, [., or [=")]
    UnmatchedBracket,
    #[error("Unmatched ( or \\(")]
    UnmatchedParen,
    #[error("Unmatched ) or \\)")]
    UnmatchedCloseParen,
    #[error("Unmatched \\{{")]
    UnmatchedBrace,
    #[error("Invalid content of \\{{\\}}")]
    InvalidInterval,
    #[error("Invalid range end")]
    InvalidRangeEnd,
    #[error("Invalid character class name")]
    InvalidClass,
    #[error("Invalid collation character")]
    InvalidCollation,
    #[error("Invalid back reference")]
    InvalidBackReference,
    #[error("Trailing backslash")]
    TrailingBackslash,
    #[error("Invalid regular expression")]
    InvalidRegex,
    #[error("Invalid preceding regular expression")]
    InvalidPreceding,
    #[error("Regular expression too big")]
    TooBig,
    #[error("character class syntax is [[:space:]], not [:space:]")]
    ClassSyntax,
    /// The engine refused the translated pattern (should not happen for valid POSIX input).
    #[error("{0}")]
    Engine(String),
}

/// The character a byte that is not UTF-8 stands for when a subject is handed to
/// `fancy-regex` (which matches `str`): a private-use code point per byte.
pub(crate) fn raw_char(b: u8) -> char {
    char::from_u32(0x10_FF00 + u32::from(b)).unwrap_or('\u{FFFD}')
}

/// `bytes` as a pattern in `regex` syntax that matches exactly those bytes.
pub fn escape_literal(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut i = 0;
    while i < bytes.len() {
        match translate::decode(&bytes[i..]) {
            Ok((c, n)) => {
                translate::push_escaped(&mut out, c);
                i += n;
            }
            Err(b) => {
                out.push_str(&format!("(?-u:\\x{b:02X})"));
                i += 1;
            }
        }
    }
    out
}

/// The prefix of inline flags for a translation.
fn flag_prefix(flags: Flags) -> String {
    let mut s = String::from("(?s");
    if flags.icase {
        s.push('i');
    }
    if flags.multiline {
        s.push('m');
    }
    s.push(')');
    s
}

const SIZE_LIMIT: usize = 256 << 20;

fn syntax_config() -> syntax::Config {
    syntax::Config::new().utf8(false)
}

fn engine_err(e: impl std::fmt::Display) -> Error {
    let m = e.to_string();
    if m.contains("exceeds size limit") || m.contains("too big") {
        Error::TooBig
    } else {
        Error::Engine(m)
    }
}

fn build_meta(pattern: &str) -> Result<meta::Regex, Error> {
    compiled(&METAS, pattern, meta::Regex::memory_usage, || {
        meta::Builder::new()
            .syntax(syntax_config())
            .configure(
                meta::Config::new()
                    .utf8_empty(false)
                    .nfa_size_limit(Some(SIZE_LIMIT))
                    .hybrid_cache_capacity(8 << 20),
            )
            .build(pattern)
            .map_err(engine_err)
    })
}

/// Compiled programs kept on a thread, by pattern.
type Kept<T> = std::cell::RefCell<Recent<String, T>>;

thread_local! {
    /// grep, sed, awk and `[[ =~ ]]` compile the same few patterns call after call, and
    /// compiling (`grep -E 'a.*e'`: ~90 µs) cost far more than searching a small input. A
    /// clone shares the compiled program and gets caches of its own, so what is kept is the
    /// program only, never a search's cache.
    static METAS: Kept<meta::Regex> = const { std::cell::RefCell::new(Recent::new(KEEP_COMPILED)) };
    static LONGESTS: Kept<(DFA, PikeVM)> =
        const { std::cell::RefCell::new(Recent::new(KEEP_COMPILED)) };
}

/// Patterns a thread keeps compiled, per kind.
const KEEP_COMPILED: usize = 16;
/// A program larger than this is compiled again when asked for again, not kept.
const KEEP_AT_MOST: usize = 1 << 20;

/// The program compiled from `pattern` before on this thread, or `build`'s, kept when small.
fn compiled<T: Clone + 'static>(
    kept: &'static std::thread::LocalKey<Kept<T>>,
    pattern: &str,
    size: impl Fn(&T) -> usize,
    build: impl FnOnce() -> Result<T, Error>,
) -> Result<T, Error> {
    if let Some(t) = kept.with_borrow_mut(|k| k.get(pattern)) {
        return Ok(t);
    }
    let t = build()?;
    if size(&t) <= KEEP_AT_MOST {
        kept.with_borrow_mut(|k| k.put(pattern.to_string(), t.clone()));
    }
    Ok(t)
}

/// Whether the leftmost-first match of `pattern` is always its leftmost-longest one, so the
/// longest-match DFA need not run after the fast search: a fixed sequence of literals and
/// classes (one way to match at a start), optionally ending in one greedy unbounded repetition
/// of such a sequence (`[0-9]+`, `status=[0-9]+`, `[[:space:]]*`), which takes all it can.
/// The replacement loops of `sed s///g` and awk's `gsub` search once per match.
fn first_is_longest(pattern: &str) -> bool {
    use regex_syntax::hir::{Hir, HirKind};
    fn fixed(h: &Hir) -> bool {
        match h.kind() {
            HirKind::Literal(_) | HirKind::Class(_) => true,
            HirKind::Capture(c) => fixed(&c.sub),
            HirKind::Concat(v) => v.iter().all(fixed),
            _ => false,
        }
    }
    fn tail(h: &Hir) -> bool {
        match h.kind() {
            HirKind::Repetition(r) => r.greedy && r.max.is_none() && fixed(&r.sub),
            HirKind::Capture(c) => tail(&c.sub),
            _ => fixed(h),
        }
    }
    let Ok(hir) = regex_syntax::ParserBuilder::new()
        .utf8(false)
        .build()
        .parse(pattern)
    else {
        return false;
    };
    match hir.kind() {
        HirKind::Concat(v) => v
            .split_last()
            .is_some_and(|(last, init)| init.iter().all(fixed) && tail(last)),
        _ => tail(&hir),
    }
}

/// The engines that find the longest match end at a given start.
struct Longest {
    dfa: DFA,
    dfa_cache: Mutex<DfaCache>,
    pike: PikeVM,
    pike_cache: Mutex<PikeCache>,
}

impl Longest {
    fn new(pattern: &str) -> Result<Longest, Error> {
        let size = |(dfa, pike): &(DFA, PikeVM)| {
            dfa.get_nfa().memory_usage() + pike.get_nfa().memory_usage()
        };
        let (dfa, pike) = compiled(&LONGESTS, pattern, size, || {
            let thompson = regex_automata::nfa::thompson::Config::new()
                .utf8(false)
                .nfa_size_limit(Some(SIZE_LIMIT));
            let dfa = DFA::builder()
                .configure(
                    DFA::config()
                        .match_kind(MatchKind::All)
                        .unicode_word_boundary(true)
                        .cache_capacity(8 << 20),
                )
                .syntax(syntax_config())
                .thompson(thompson.clone())
                .build(pattern)
                .map_err(engine_err)?;
            let pike = PikeVM::builder()
                .configure(PikeVM::config().match_kind(MatchKind::All))
                .syntax(syntax_config())
                .thompson(thompson)
                .build(pattern)
                .map_err(engine_err)?;
            Ok((dfa, pike))
        })?;
        Ok(Longest {
            dfa_cache: Mutex::new(dfa.create_cache()),
            dfa,
            pike_cache: Mutex::new(pike.create_cache()),
            pike,
        })
    }

    /// The end of the longest match starting exactly at `start` within `hay[..limit]`.
    fn end_at(&self, hay: &[u8], start: usize, limit: usize) -> Option<usize> {
        let input = Input::new(hay)
            .range(start..limit)
            .anchored(Anchored::Yes)
            .earliest(false);
        if let Ok(mut cache) = self.dfa_cache.lock()
            && let Ok(r) = self.dfa.try_search_fwd(&mut cache, &input)
        {
            return r.map(|m| m.offset());
        }
        let mut cache = self.pike_cache.lock().ok()?;
        self.pike.find(&mut cache, input).map(|m| m.end())
    }
}

/// The compiled automaton form of one or more patterns.
struct Auto {
    /// `(?flags)(?:pattern)`: the fast leftmost search and captures.
    re: meta::Regex,
    pattern: String,
    longest: OnceLock<Result<Longest, Error>>,
    /// `(?flags)(?:pattern)\z`, for captures of a match that must end at a given point.
    exact: OnceLock<Result<meta::Regex, Error>>,
    /// Perl semantics: report leftmost-first matches as found.
    first: bool,
    /// The leftmost-first match is always the leftmost-longest one ([`first_is_longest`]).
    first_is_longest: bool,
}

impl Auto {
    fn new(pattern: String) -> Result<Auto, Error> {
        Ok(Auto {
            re: build_meta(&pattern)?,
            first_is_longest: first_is_longest(&pattern),
            pattern,
            longest: OnceLock::new(),
            exact: OnceLock::new(),
            first: false,
        })
    }

    fn longest(&self) -> Option<&Longest> {
        self.longest
            .get_or_init(|| Longest::new(&self.pattern))
            .as_ref()
            .ok()
    }

    fn find_at(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        let m = self.re.search(&Input::new(hay).range(start..))?;
        if self.first || self.first_is_longest {
            return Some((m.start(), m.end()));
        }
        let end = self
            .longest()
            .and_then(|l| l.end_at(hay, m.start(), hay.len()))
            .unwrap_or(m.end())
            .max(m.end());
        Some((m.start(), end))
    }

    fn captures_at(&self, hay: &[u8], start: usize) -> Option<Vec<Option<(usize, usize)>>> {
        let (s, e) = self.find_at(hay, start)?;
        self.captures_of(hay, s, e)
    }

    /// The groups of the match `s..e`.
    fn captures_of(&self, hay: &[u8], s: usize, e: usize) -> Option<Vec<Option<(usize, usize)>>> {
        let mut caps = self.re.create_captures();
        self.re.search_captures(
            &Input::new(hay).range(s..).anchored(Anchored::Yes),
            &mut caps,
        );
        if caps.get_match().map(|m| m.end()) != Some(e) {
            let exact = self
                .exact
                .get_or_init(|| build_meta(&format!("(?:{})\\z", self.pattern)))
                .as_ref()
                .ok()?;
            caps = exact.create_captures();
            exact.search_captures(
                &Input::new(&hay[..e]).range(s..).anchored(Anchored::Yes),
                &mut caps,
            );
            if !caps.is_match() {
                return Some(vec![Some((s, e))]);
            }
        }
        Some(
            (0..caps.group_len())
                .map(|i| caps.get_group(i).map(|sp| (sp.start, sp.end)))
                .collect(),
        )
    }
}

/// The back-reference engine: `fancy-regex` over `str`, with non-UTF-8 bytes mapped to
/// private-use characters and offsets mapped back.
struct Fancy {
    re: fancy_regex::Regex,
}

/// A subject as `str` plus the byte offset in the original of each char boundary.
struct Mapped<'a> {
    text: std::borrow::Cow<'a, str>,
    /// For mapped text: original offset of each byte offset of `text` (len + 1 entries).
    map: Option<Vec<usize>>,
}

impl<'a> Mapped<'a> {
    fn new(hay: &'a [u8]) -> Mapped<'a> {
        if let Ok(s) = std::str::from_utf8(hay) {
            return Mapped {
                text: std::borrow::Cow::Borrowed(s),
                map: None,
            };
        }
        let mut text = String::with_capacity(hay.len() + 8);
        let mut map = Vec::with_capacity(hay.len() + 8);
        let mut i = 0;
        while i < hay.len() {
            let (c, n) = match translate::decode(&hay[i..]) {
                Ok(x) => x,
                Err(b) => (raw_char(b), 1),
            };
            for _ in 0..c.len_utf8() {
                map.push(i);
            }
            text.push(c);
            i += n;
        }
        map.push(hay.len());
        Mapped {
            text: std::borrow::Cow::Owned(text),
            map: Some(map),
        }
    }

    fn to_orig(&self, k: usize) -> usize {
        match &self.map {
            None => k,
            Some(m) => m.get(k).copied().unwrap_or(k),
        }
    }

    fn orig_to_text(&self, k: usize) -> usize {
        match &self.map {
            None => k,
            Some(m) => m.partition_point(|&o| o < k),
        }
    }
}

impl Fancy {
    fn captures_at(&self, hay: &[u8], start: usize) -> Option<Vec<Option<(usize, usize)>>> {
        let m = Mapped::new(hay);
        let from = m.orig_to_text(start);
        let text: &str = &m.text;
        if from > text.len() || !text.is_char_boundary(from) {
            return None;
        }
        let caps = self.re.captures_from_pos(text, from).ok()??;
        Some(
            (0..caps.len())
                .map(|i| {
                    caps.get(i)
                        .map(|g| (m.to_orig(g.start()), m.to_orig(g.end())))
                })
                .collect(),
        )
    }
}

enum Engine {
    Auto(Box<Auto>),
    Fancy(Fancy),
    /// Several patterns, some with back-references: each matched on its own.
    Many(Vec<Regex>),
}

/// A compiled POSIX regular expression. Cheap to share by reference; compile once per
/// invocation.
pub struct Regex {
    engine: Engine,
    groups: usize,
    warnings: Vec<String>,
}

impl std::fmt::Debug for Regex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Regex")
            .field("groups", &self.groups)
            .finish()
    }
}

impl Regex {
    /// Compile one POSIX pattern.
    pub fn new(pattern: &[u8], syntax: Syntax, flags: Flags) -> Result<Regex, Error> {
        let t = translate(pattern, syntax, false)?;
        let prefix = flag_prefix(flags);
        if t.backrefs {
            let ft = translate(pattern, syntax, true)?;
            let re = fancy_regex::RegexBuilder::new(&format!("{prefix}(?:{})", ft.pattern))
                .backtrack_limit(10_000_000)
                .build()
                .map_err(engine_err)?;
            return Ok(Regex {
                engine: Engine::Fancy(Fancy { re }),
                groups: t.groups,
                warnings: t.warnings,
            });
        }
        Ok(Regex {
            engine: Engine::Auto(Box::new(Auto::new(format!("{prefix}(?:{})", t.pattern))?)),
            groups: t.groups,
            warnings: t.warnings,
        })
    }

    /// Compile several patterns matched as one (a line matches when any does; matches are
    /// leftmost-longest over all of them). Capture groups are not numbered across patterns:
    /// [`Regex::groups`] is 0 and captures give the whole match only.
    pub fn new_many(patterns: &[&[u8]], syntax: Syntax, flags: Flags) -> Result<Regex, Error> {
        if patterns.len() == 1 {
            return Regex::new(patterns[0], syntax, flags);
        }
        let mut parts = Vec::with_capacity(patterns.len());
        let mut warnings = Vec::new();
        let mut any_backrefs = false;
        for p in patterns {
            let t = translate(p, syntax, false)?;
            any_backrefs |= t.backrefs;
            warnings.extend(t.warnings.iter().cloned());
            parts.push(t);
        }
        if any_backrefs {
            let mut v = Vec::with_capacity(patterns.len());
            for p in patterns {
                v.push(Regex::new(p, syntax, flags)?);
            }
            return Ok(Regex {
                engine: Engine::Many(v),
                groups: 0,
                warnings,
            });
        }
        let mut pat = flag_prefix(flags);
        pat.push_str("(?:");
        for (i, t) in parts.iter().enumerate() {
            if i > 0 {
                pat.push('|');
            }
            pat.push_str("(?:");
            pat.push_str(&t.pattern);
            pat.push(')');
        }
        pat.push(')');
        Ok(Regex {
            engine: Engine::Auto(Box::new(Auto::new(pat)?)),
            groups: 0,
            warnings,
        })
    }

    /// Compile a pattern already in `regex` syntax (e.g. `grep -P` after its own checks).
    pub fn from_translated(pattern: &str, flags: Flags) -> Result<Regex, Error> {
        Ok(Regex {
            engine: Engine::Auto(Box::new(Auto::new(format!(
                "{}(?:{pattern})",
                flag_prefix(flags)
            ))?)),
            groups: 0,
            warnings: Vec::new(),
        })
    }

    /// Compile a Perl-syntax pattern (`grep -P`): leftmost-first matches, `fancy-regex`
    /// when the pattern needs look-around or back-references.
    /// A Perl-style pattern (`grep -P`), on the `regex` crate when it can take it and on
    /// fancy-regex (look-around, back-references, `\K`, atomic groups) otherwise.
    pub fn new_perl(pattern: &[u8], flags: Flags) -> Result<Regex, Error> {
        let p = std::str::from_utf8(pattern)
            .map_err(|_| Error::Engine("invalid UTF-8 in pattern".into()))?;
        let p = &*perl_quotes(p);
        let mut prefix = String::from("(?");
        if flags.icase {
            prefix.push('i');
        }
        if flags.multiline {
            prefix.push('m');
        }
        prefix.push_str("-s)");
        if let Ok(mut a) = Auto::new(format!("{prefix}(?:{p})")) {
            a.first = true;
            let groups = a.re.captures_len().saturating_sub(1);
            return Ok(Regex {
                engine: Engine::Auto(Box::new(a)),
                groups,
                warnings: Vec::new(),
            });
        }
        let re = fancy_regex::RegexBuilder::new(&format!("{prefix}(?:{p})"))
            .backtrack_limit(10_000_000)
            .build()
            .map_err(|e| Error::Engine(e.to_string()))?;
        let groups = re.captures_len().saturating_sub(1);
        Ok(Regex {
            engine: Engine::Fancy(Fancy { re }),
            groups,
            warnings: Vec::new(),
        })
    }

    /// Number of capture groups (`\(…\)` / `(…)`), not counting the whole match.
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// GNU's warnings about the pattern (e.g. "* at start of expression"), for the caller to
    /// print as `PROG: warning: …`.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Whether the pattern matches anywhere in `hay`.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        self.is_match_at(hay, 0)
    }

    /// Whether the pattern matches in `hay` at or after `start` (context before `start` is
    /// seen by `^`, `\b` and friends).
    pub fn is_match_at(&self, hay: &[u8], start: usize) -> bool {
        match &self.engine {
            Engine::Auto(a) => a.re.is_match(Input::new(hay).range(start..)),
            Engine::Fancy(_) | Engine::Many(_) => self.find_at(hay, start).is_some(),
        }
    }

    /// Whether the pattern uses back-references (matched by the slower backtracking engine,
    /// which converts each subject to text: callers should hand it lines, not whole buffers).
    pub fn has_backrefs(&self) -> bool {
        match &self.engine {
            Engine::Auto(_) => false,
            Engine::Fancy(_) => true,
            Engine::Many(v) => v.iter().any(Regex::has_backrefs),
        }
    }

    /// A search over a buffer of `\n`-terminated lines for the lines this pattern matches
    /// ([`LineFinder`]); `None` for back-reference and Perl patterns, which are matched line by
    /// line.
    pub fn line_finder(&self) -> Option<LineFinder> {
        match &self.engine {
            Engine::Auto(a) if !a.first => LineFinder::new(&a.pattern).ok(),
            _ => None,
        }
    }

    /// The leftmost-longest match at or after `start`: (start, end) byte offsets.
    pub fn find_at(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        if start > hay.len() {
            return None;
        }
        match &self.engine {
            Engine::Auto(a) => a.find_at(hay, start),
            Engine::Fancy(f) => f.captures_at(hay, start).and_then(|c| c[0]),
            Engine::Many(v) => {
                let mut best: Option<(usize, usize)> = None;
                for r in v {
                    if let Some((s, e)) = r.find_at(hay, start) {
                        best = match best {
                            Some((bs, be)) if bs < s || (bs == s && be >= e) => Some((bs, be)),
                            _ => Some((s, e)),
                        };
                    }
                }
                best
            }
        }
    }

    /// The leftmost-longest match at or after `start` with its groups: index 0 is the whole
    /// match, index k the k-th group (`None` when it did not take part).
    pub fn captures_at(&self, hay: &[u8], start: usize) -> Option<Vec<Option<(usize, usize)>>> {
        if start > hay.len() {
            return None;
        }
        match &self.engine {
            Engine::Auto(a) => a.captures_at(hay, start),
            Engine::Fancy(f) => f.captures_at(hay, start),
            Engine::Many(_) => self.find_at(hay, start).map(|m| vec![Some(m)]),
        }
    }

    /// [`Regex::find_at`] that asks `stop` along the way when the text is long (it returns
    /// [`Interrupted`] once `stop` says so): for searches over text that can grow without
    /// bound, such as sed's pattern space.
    pub fn find_at_until(
        &self,
        hay: &[u8],
        start: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<(usize, usize)>, Interrupted> {
        match &self.engine {
            Engine::Auto(a) if hay.len().saturating_sub(start) >= long::LONG => {
                a.find_long(hay, start, stop)
            }
            _ => Ok(self.find_at(hay, start)),
        }
    }

    /// [`Regex::captures_at`] that asks `stop` along the way when the text is long (the
    /// search for the match; resolving its groups does not stop).
    pub fn captures_at_until(
        &self,
        hay: &[u8],
        start: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Groups>, Interrupted> {
        match &self.engine {
            Engine::Auto(a) if hay.len().saturating_sub(start) >= long::LONG => {
                Ok(match a.find_long(hay, start, stop)? {
                    Some((s, e)) => a.captures_of(hay, s, e),
                    None => None,
                })
            }
            _ => Ok(self.captures_at(hay, start)),
        }
    }

    /// The end of the longest match that starts exactly at `start` and ends at or before
    /// `limit` (look-around still sees the whole of `hay`, except for back-reference patterns).
    /// Used for `grep -w`, which retries shorter matches.
    pub fn longest_at(&self, hay: &[u8], start: usize, limit: usize) -> Option<usize> {
        let limit = limit.min(hay.len());
        if start > limit {
            return None;
        }
        match &self.engine {
            Engine::Auto(a) => match a.longest() {
                Some(l) => l.end_at(hay, start, limit),
                None => {
                    a.re.search(&Input::new(hay).range(start..limit).anchored(Anchored::Yes))
                        .map(|m| m.end())
                }
            },
            Engine::Fancy(_) | Engine::Many(_) => {
                let sub = &hay[..limit];
                match self.find_at(sub, start) {
                    Some((s, e)) if s == start => Some(e),
                    _ => None,
                }
            }
        }
    }
}

/// PCRE's `\Q…\E` (quote everything up to `\E` or the end), which neither engine takes,
/// rewritten as escaped literals.
fn perl_quotes(p: &str) -> std::borrow::Cow<'_, str> {
    if !p.contains("\\Q") {
        return p.into();
    }
    let mut out = String::with_capacity(p.len() + 8);
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('Q') => {
                let rest = chars.as_str();
                let (lit, tail) = match rest.find("\\E") {
                    Some(i) => (&rest[..i], &rest[i + 2..]),
                    None => (rest, ""),
                };
                out.push_str(&regex::escape(lit));
                chars = tail.chars();
            }
            Some(d) => {
                out.push('\\');
                out.push(d);
            }
            None => out.push('\\'),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests;
