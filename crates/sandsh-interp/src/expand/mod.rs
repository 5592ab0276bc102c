//! Word expansion in bash's order: brace, tilde, parameter / arithmetic / command / process
//! substitution, field splitting on IFS, pathname expansion, quote removal.
//!
//! A word first becomes a list of [`Seg`]s that remember which bytes were quoted and which came
//! from an unquoted expansion (only those are split); fields are then cut on IFS, and fields with
//! active glob characters are matched against the VFS.
//!
//! This file holds the segments and fields and the entry points that run the steps in order;
//! each step lives beside it: brace expansion ([`brace`]), tilde expansion ([`tilde`]), a word's
//! parts becoming segments ([`parts`]), command and process substitution ([`subst`]), field
//! splitting ([`split`]), and assignment words ([`assign`]).

use sandsh_syntax::ast::{Word, WordPart};

use super::{Flow, Limit, Res, Shell};
// The step files reach these crate modules as `super::pat`, `super::print`… (the paths they
// used when they were one file with this one), through these imports.
use super::{arith, pat, print, redirect, vars};

mod assign;
mod brace;
mod parts;
mod split;
mod subst;
mod tilde;

pub use assign::{ExpAssign, ExpValue};
use brace::{
    BraceBound, BraceStop, brace_count, brace_expand, is_brace, leading_tilde, lengthen_bare_names,
};

/// A piece of an expanded word.
#[derive(Debug, Clone)]
pub enum Seg {
    Text {
        s: Vec<u8>,
        /// Quoted: never a glob, and an empty quoted piece still makes a field.
        quoted: bool,
        /// Came from an unquoted expansion: split on IFS.
        split: bool,
    },
    /// A forced field boundary (between the elements of `"$@"`).
    Break,
}

/// One field after splitting: bytes plus which of them may act as glob characters.
#[derive(Debug, Clone, Default)]
pub struct Field {
    pub bytes: Vec<u8>,
    /// Per byte: true when the byte came from unquoted text (glob-active).
    pub active: Vec<bool>,
}

impl Field {
    fn push(&mut self, s: &[u8], active: bool) {
        self.bytes.extend_from_slice(s);
        self.active.extend(std::iter::repeat_n(active, s.len()));
    }

    /// Whether the field is a pattern (bash's `unquoted_glob_pattern_p`): an unquoted `*`,
    /// `?`, or `[` with an unquoted `]` after it (a lone `[`, as in `[ -d / ]`, is not one).
    fn has_glob(&self, extglob: bool) -> bool {
        let mut open = false;
        self.bytes
            .iter()
            .zip(&self.active)
            .enumerate()
            .any(|(i, (b, a))| {
                open |= *a && *b == b'[';
                *a && (matches!(b, b'*' | b'?')
                    || (*b == b']' && open)
                    || (extglob
                        && matches!(b, b'+' | b'@' | b'!')
                        && self.bytes.get(i + 1) == Some(&b'(')))
            })
    }

    /// Pattern segments: runs of (bytes, active).
    pub fn pattern_segments(&self) -> Vec<(Vec<u8>, bool)> {
        let mut out: Vec<(Vec<u8>, bool)> = Vec::new();
        for (b, a) in self.bytes.iter().zip(&self.active) {
            match out.last_mut() {
                Some((s, act)) if *act == *a => s.push(*b),
                _ => out.push((vec![*b], *a)),
            }
        }
        out
    }
}

/// An expanded argument of a simple command.
#[derive(Debug, Clone)]
pub enum ExpArg {
    Str(Vec<u8>),
    /// An assignment argument of a declaration builtin.
    Assign(ExpAssign),
}

impl Shell {
    /// IFS (default when unset).
    pub fn ifs(&self) -> Vec<u8> {
        match self.vars.get_str("IFS") {
            Some(s) => s.to_vec(),
            None if !self.vars.is_set("IFS") => b" \t\n".to_vec(),
            None => Vec::new(),
        }
    }

    /// Expand the words of a simple command into arguments.
    pub fn expand_args(&mut self, words: &[Word]) -> Res<Vec<ExpArg>> {
        let mut out = Vec::with_capacity(words.len());
        let mut fields = Vec::new();
        // `declare -A name=(…)`: the array is associative before it exists.
        let mut assoc_decl = false;
        for w in words {
            if let [WordPart::Assign(a)] = w.parts.as_slice() {
                out.push(ExpArg::Assign(self.expand_assign_as(a, assoc_decl)?));
                continue;
            }
            self.expand_fields_into(w, &mut fields)?;
            if !out.is_empty() {
                assoc_decl |= fields
                    .iter()
                    .any(|f| f.first() == Some(&b'-') && f.contains(&b'A'));
            }
            out.extend(fields.drain(..).map(ExpArg::Str));
        }
        Ok(out)
    }

    /// Expand words fully (brace, split, glob) into fields.
    pub fn expand_words(&mut self, words: &[Word]) -> Res<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        for w in words {
            self.expand_fields_into(w, &mut out)?;
        }
        Ok(out)
    }

    /// Full expansion of one word into zero or more fields.
    pub fn expand_word_fields(&mut self, word: &Word) -> Res<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        self.expand_fields_into(word, &mut out)?;
        Ok(out)
    }

    /// Full expansion of one word, appending its fields to `out`.
    pub fn expand_fields_into(&mut self, word: &Word, out: &mut Vec<Vec<u8>>) -> Res<()> {
        // Fast path: a single unquoted literal without glob characters.
        if let [WordPart::Literal(s)] = word.parts.as_slice()
            && !s.bytes().any(|b| matches!(b, b'*' | b'?' | b'[' | b'('))
        {
            out.push(s.as_bytes().to_vec());
            return Ok(());
        }
        let braced;
        let variants: &[Vec<WordPart>] = if self.opts.braceexpand && word.parts.iter().any(is_brace)
        {
            let mut bound = BraceBound {
                max_words: self.env.limits.max_expansion_words,
                made: 0,
                cancel: &self.cancel,
            };
            // Counted first, so that a huge expansion is refused before it is made.
            let made = if brace_count(&word.parts) > bound.max_words as u128 {
                Err(BraceStop::TooMany)
            } else {
                brace_expand(&word.parts, &mut bound)
            };
            braced = match made {
                // Brace expansion comes first: a word it makes that starts with `~` gets tilde
                // expansion (`{foo~,~}/bar`).
                Ok(mut b) => {
                    for w in &mut b {
                        leading_tilde(w);
                        lengthen_bare_names(w);
                    }
                    b
                }
                Err(BraceStop::Cancelled) => return Err(Flow::Exit(130)),
                Err(BraceStop::TooMany) => {
                    return Err(self.trip_limit(Limit::ExpansionWords));
                }
                Err(BraceStop::Backquote(text)) => {
                    self.error(&format!("bad substitution: no closing \"`\" in {text}"));
                    return Err(Flow::Discard(1));
                }
            };
            &braced
        } else {
            std::slice::from_ref(&word.parts)
        };
        for parts in variants {
            let mut segs = Vec::new();
            for (i, p) in parts.iter().enumerate() {
                self.expand_part(p, false, i == 0, &mut segs)?;
            }
            // Entirely quoted (`"$x"`, `"a$b"`, `""`): one field, nothing to split or glob.
            if !segs.is_empty()
                && segs
                    .iter()
                    .all(|s| matches!(s, Seg::Text { quoted: true, .. }))
            {
                out.push(join_segs_owned(segs, b""));
                continue;
            }
            let fields = self.split_fields(&segs);
            for f in fields {
                self.glob_field(f, out)?;
            }
        }
        Ok(())
    }

    /// Pathname expansion of one field (or quote removal when there is nothing to match).
    fn glob_field(&mut self, f: Field, out: &mut Vec<Vec<u8>>) -> Res<()> {
        if self.opts.noglob || !f.has_glob(self.opts.extglob) {
            out.push(f.bytes);
            return Ok(());
        }
        let matches = self.glob_matches(&f)?;
        if matches.is_empty() {
            if self.opts.failglob {
                self.error(&format!("no match: {}", String::from_utf8_lossy(&f.bytes)));
                return Err(Flow::Discard(1));
            }
            if !self.opts.nullglob {
                out.push(f.bytes);
            }
        } else {
            out.extend(matches);
        }
        Ok(())
    }

    /// Expand to a single string: no splitting, no globbing (assignment values, here-strings,
    /// redirection targets, `[[ ]]` operands). `$@` joins with spaces.
    pub fn expand_string(&mut self, word: &Word) -> Res<Vec<u8>> {
        if let [WordPart::Literal(s)] = word.parts.as_slice() {
            return Ok(s.as_bytes().to_vec());
        }
        self.expand_assign_value(word)
    }

    /// Expand an assignment value (tilde after `:` and `=` is handled by the parser).
    pub fn expand_assign_value(&mut self, word: &Word) -> Res<Vec<u8>> {
        let mut segs = Vec::new();
        for (i, p) in word.parts.iter().enumerate() {
            self.expand_part(p, true, i == 0, &mut segs)?;
        }
        Ok(join_segs_owned(segs, b" "))
    }

    /// Expand a word used as a pattern: (bytes, active) segments, quoted parts inactive.
    pub fn expand_pattern(&mut self, word: &Word) -> Res<Vec<(Vec<u8>, bool)>> {
        let mut segs = Vec::new();
        for (i, p) in word.parts.iter().enumerate() {
            self.expand_part(p, false, i == 0, &mut segs)?;
        }
        let mut f = Field::default();
        let mut first = true;
        for s in &segs {
            match s {
                Seg::Text { s, quoted, .. } => f.push(s, !quoted),
                Seg::Break => {
                    if !first {
                        f.push(b" ", false);
                    }
                }
            }
            first = false;
        }
        Ok(f.pattern_segments())
    }
}
/// [`join_segs`] that hands back a single segment's bytes without copying them.
pub fn join_segs_owned(mut segs: Vec<Seg>, sep: &[u8]) -> Vec<u8> {
    if let [Seg::Text { .. }] = segs.as_slice()
        && let Some(Seg::Text { s, .. }) = segs.pop()
    {
        return s;
    }
    join_segs(&segs, sep)
}

/// Concatenate segments, joining `"$@"` elements with `sep`.
pub fn join_segs(segs: &[Seg], sep: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for s in segs {
        match s {
            Seg::Text { s, .. } => out.extend_from_slice(s),
            Seg::Break => out.extend_from_slice(sep),
        }
    }
    out
}
