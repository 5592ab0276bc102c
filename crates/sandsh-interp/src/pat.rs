//! Glue between expansion results and `text::pattern` / `text::glob`, plus small quoting helpers
//! used only by the interpreter (xtrace, `declare -p`, `set`).

use std::sync::{Arc, LazyLock, Mutex};

use rustc_hash::FxHashMap;

use super::glob::{GlobBound, GlobOptions, GlobStop, expand_glob};
use sandsh_text::pattern::{Pattern, PatternOptions};

use super::expand::Field;
use super::{Limit, Shell};

/// A compiled pattern (shared: compiled patterns are cached).
pub type Pat = Arc<Pattern>;

/// Patterns compiled so far, keyed by their encoded segments and flags: a `case` arm or a
/// `${v#pat}` in a loop compiles its pattern once, not on every iteration.
static CACHE: LazyLock<Mutex<FxHashMap<Vec<u8>, Pat>>> = LazyLock::new(Default::default);
const CACHE_ENTRIES: usize = 1024;

/// Compile (bytes, active) segments.
/// `bytes`: a character is a byte (not a UTF-8 locale).
pub fn compile(segs: &[(Vec<u8>, bool)], extglob: bool, nocase: bool, bytes: bool) -> Pat {
    let mut key = Vec::with_capacity(2 + segs.iter().map(|(b, _)| b.len() + 9).sum::<usize>());
    key.push(u8::from(extglob) | u8::from(nocase) << 1 | u8::from(bytes) << 2);
    for (b, active) in segs {
        key.push(u8::from(*active));
        key.extend_from_slice(&(b.len() as u64).to_le_bytes());
        key.extend_from_slice(b);
    }
    if let Ok(c) = CACHE.lock()
        && let Some(p) = c.get(&key)
    {
        return p.clone();
    }
    let refs: Vec<(&[u8], bool)> = segs.iter().map(|(b, a)| (b.as_slice(), *a)).collect();
    let pat = Arc::new(Pattern::compile(
        &refs,
        PatternOptions {
            extglob,
            nocase,
            pathname: false,
            dotglob: false,
            bytes,
        },
    ));
    if let Ok(mut c) = CACHE.lock() {
        if c.len() >= CACHE_ENTRIES {
            c.clear();
        }
        c.insert(key, pat.clone());
    }
    pat
}

/// A `GLOBIGNORE` pattern, matched as bash's `strmatch(…, FNM_PATHNAME)` matches it: a
/// wildcard does not cross a `/`, except a `*` that ends the pattern (`GLOBIGNORE='*.csv'`
/// keeps `data/people.csv`, `GLOBIGNORE='d*'` drops it).
struct GlobIgnore {
    pat: Pattern,
    /// The pattern ended in `*` (taken off `pat`): any rest of the name matches it.
    open_end: bool,
}

impl GlobIgnore {
    fn new(text: &[u8], extglob: bool) -> GlobIgnore {
        let escaped = text.len() >= 2 && text[text.len() - 2] == b'\\';
        let open_end = text.last() == Some(&b'*') && !escaped;
        let body = if open_end {
            &text[..text.len() - 1]
        } else {
            text
        };
        let opts = PatternOptions {
            extglob,
            nocase: false,
            pathname: true,
            dotglob: true,
            bytes: false,
        };
        GlobIgnore {
            pat: Pattern::compile(&[(body, true)], opts),
            open_end,
        }
    }

    fn matches(&self, name: &[u8]) -> bool {
        if self.open_end {
            self.pat.prefix_len(name, false).is_some()
        } else {
            self.pat.matches(name)
        }
    }
}

impl Shell {
    /// Pathname expansion of a field: sorted matches, empty when none.
    pub fn glob_matches(&self, f: &Field) -> super::Res<Vec<Vec<u8>>> {
        let segs = f.pattern_segments();
        let refs: Vec<(&[u8], bool)> = segs.iter().map(|(b, a)| (b.as_slice(), *a)).collect();
        let opts = GlobOptions {
            dotglob: self.opts.dotglob,
            nocaseglob: self.opts.nocaseglob,
            extglob: self.opts.extglob,
            globstar: self.opts.globstar,
            keep_dots: !self.opts.globskipdots,
        };
        let ignore = self.vars.get_str("GLOBIGNORE").filter(|g| !g.is_empty());
        let opts = GlobOptions {
            dotglob: opts.dotglob || ignore.is_some(),
            ..opts
        };
        let cancel = self.cancel.clone();
        let cancelled = move || cancel.is_cancelled();
        let bound = GlobBound {
            max_results: self.env.limits.max_expansion_words,
            cancelled: &cancelled,
        };
        let mut found = match expand_glob(&refs, &*self.env.backend, &self.cwd, opts, &bound) {
            Ok(f) => f,
            Err(GlobStop::Cancelled) => return Err(super::Flow::Exit(130)),
            Err(GlobStop::TooMany) => {
                return Err(self.trip_limit(Limit::ExpansionWords));
            }
        };
        if let Some(ignore) = ignore {
            let pats: Vec<GlobIgnore> = ignore
                .split(|b| *b == b':')
                .filter(|p| !p.is_empty())
                .map(|p| GlobIgnore::new(p, self.opts.extglob))
                .collect();
            found.retain(|path| {
                let base = path.rsplit(|b| *b == b'/').next().unwrap_or(path);
                base != b"." && base != b".." && !pats.iter().any(|p| p.matches(path))
            });
        }
        Ok(found)
    }

    /// Compile a `case` pattern word.
    pub fn compile_case_pattern(&mut self, w: &sandsh_syntax::ast::Word) -> super::Res<Pat> {
        let segs = self.expand_pattern(w)?;
        Ok(compile(
            &segs,
            self.opts.extglob,
            self.opts.nocasematch,
            !self.utf8_locale(),
        ))
    }
}

/// Quote an argument for `set -x` output as bash does: plain when safe, else `'…'`.
pub fn xtrace_quote(a: &[u8]) -> Vec<u8> {
    // Tabs and newlines stay raw inside '…'; other control characters take $'…'.
    let other_control = a
        .iter()
        .any(|&c| (c < 0x20 && c != b'\t' && c != b'\n') || c == 0x7f);
    if !other_control && a.iter().any(|&c| c == b'\t' || c == b'\n') {
        return sandsh_text::quote::plain_single_quote(a);
    }
    quote_if_needed(a)
}

/// `'…'`-quote a value only when it holds characters the shell would interpret.
pub fn quote_if_needed(s: &[u8]) -> Vec<u8> {
    let safe = !s.is_empty()
        && s.iter().all(|&c| {
            c.is_ascii_alphanumeric()
                || matches!(
                    c,
                    b'_' | b'-' | b'.' | b'/' | b':' | b'=' | b'+' | b'@' | b'%' | b','
                )
                || c >= 0x80
        });
    if safe {
        return s.to_vec();
    }
    sandsh_text::quote::single_quote(s)
}

/// `"…"` quoting used by `${a[@]@K}`.
pub fn double_quote_k(v: &[u8]) -> Vec<u8> {
    let mut out = vec![b'"'];
    for &c in v {
        if matches!(c, b'"' | b'\\' | b'$' | b'`') {
            out.push(b'\\');
        }
        out.push(c);
    }
    out.push(b'"');
    out
}

/// A function's definition as `declare -f` prints it.
pub fn function_text(name: &str, body: &sandsh_syntax::ast::Command) -> String {
    super::print::function_text(name, body)
}
