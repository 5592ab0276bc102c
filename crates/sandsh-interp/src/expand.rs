//! Word expansion in bash's order: brace, tilde, parameter / arithmetic / command / process
//! substitution, field splitting on IFS, pathname expansion, quote removal.
//!
//! A word first becomes a list of [`Seg`]s that remember which bytes were quoted and which came
//! from an unquoted expansion (only those are split); fields are then cut on IFS, and fields with
//! active glob characters are matched against the VFS.

use std::sync::Arc;

use sandsh_syntax::ast::{Assign, AssignValue, Word, WordPart};

use super::io::{self, Capture};
use super::{Flow, Limit, Res, Shell};

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

    fn has_glob(&self, extglob: bool) -> bool {
        self.bytes
            .iter()
            .zip(&self.active)
            .enumerate()
            .any(|(i, (b, a))| {
                *a && (matches!(b, b'*' | b'?' | b'[')
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

#[derive(Debug, Clone)]
pub struct ExpAssign {
    pub name: String,
    pub index: Option<Vec<u8>>,
    pub append: bool,
    pub value: ExpValue,
}

#[derive(Debug, Clone)]
pub enum ExpValue {
    Scalar(Vec<u8>),
    /// (key, value, append)
    Array(Vec<(Option<Vec<u8>>, Vec<u8>, bool)>),
}

impl ExpAssign {
    /// How `set -x` shows the assignment: a scalar value quoted when needed (`a='x y'`).
    pub fn to_xtrace(&self) -> Vec<u8> {
        match &self.value {
            ExpValue::Scalar(s) if !s.is_empty() => {
                let mut out = self.to_text();
                out.truncate(out.len() - s.len());
                out.extend(super::pat::xtrace_quote(s));
                out
            }
            _ => self.to_text(),
        }
    }

    /// `name=value` text, for commands that are not declaration builtins.
    pub fn to_text(&self) -> Vec<u8> {
        let mut out = self.name.clone().into_bytes();
        if let Some(i) = &self.index {
            out.push(b'[');
            out.extend_from_slice(i);
            out.push(b']');
        }
        if self.append {
            out.push(b'+');
        }
        out.push(b'=');
        match &self.value {
            ExpValue::Scalar(s) => out.extend_from_slice(s),
            ExpValue::Array(items) => {
                out.push(b'(');
                for (i, (_, v, _)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(v);
                }
                out.push(b')');
            }
        }
        out
    }
}

fn is_brace(p: &WordPart) -> bool {
    matches!(p, WordPart::BraceAlt(_) | WordPart::BraceSeq { .. })
}

/// What bounds one brace expansion (THREAT DOS-MEM-5): the number of words it may make, and
/// the run's cancellation, checked as words are made.
pub struct BraceBound<'a> {
    pub max_words: usize,
    pub made: usize,
    pub cancel: &'a sandsh_runtime::cancel::CancelToken,
}

/// Why a brace expansion stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum BraceStop {
    TooMany,
    Cancelled,
    /// A character range made an unterminated `` ` `` (bash's error quotes this text).
    Backquote(String),
}

impl BraceBound<'_> {
    fn made(&mut self, n: usize) -> Result<(), BraceStop> {
        self.made = self.made.saturating_add(n);
        if self.made > self.max_words {
            return Err(BraceStop::TooMany);
        }
        if self.cancel.is_cancelled() {
            return Err(BraceStop::Cancelled);
        }
        Ok(())
    }
}

/// How many words `parts` expands to, counted without making them (saturating).
pub fn brace_count(parts: &[WordPart]) -> u128 {
    let Some(pos) = parts.iter().position(is_brace) else {
        return 1;
    };
    let prefix = &parts[..pos];
    let rest = brace_count(&parts[pos + 1..]);
    let heads: u128 = match &parts[pos] {
        WordPart::BraceAlt(alts) => alts.iter().fold(0u128, |acc, alt| {
            let mut head = prefix.to_vec();
            head.extend(alt.iter().cloned());
            acc.saturating_add(brace_count(&head))
        }),
        WordPart::BraceSeq { start, end, step } => brace_seq_len(start, end, step.as_deref()),
        _ => 0,
    };
    heads.saturating_mul(rest)
}

/// The length of `{start..end..step}` (1 for a sequence bash leaves as it is).
fn brace_seq_len(start: &str, end: &str, step: Option<&str>) -> u128 {
    let step_v: i64 = step.and_then(|s| s.parse().ok()).unwrap_or(1);
    let step_abs = u128::from(step_v.unsigned_abs().max(1));
    if let (Ok(a), Ok(b)) = (start.parse::<i64>(), end.parse::<i64>()) {
        return (i128::from(a) - i128::from(b)).unsigned_abs() / step_abs + 1;
    }
    let (mut ca, mut cb) = (start.chars(), end.chars());
    if let (Some(a), None, Some(b), None) = (ca.next(), ca.next(), cb.next(), cb.next()) {
        return (i128::from(a as u32) - i128::from(b as u32)).unsigned_abs() / step_abs + 1;
    }
    1
}

/// Bash expands braces on the text before it reads `$name`s, so a bare `$a` that a brace
/// expansion puts before name characters names a longer variable (`$a{b,c}` is `$ab $ac`).
fn lengthen_bare_names(parts: &mut Vec<WordPart>) {
    let mut i = 0;
    while i + 1 < parts.len() {
        let bare_name = matches!(&parts[i], WordPart::Param(pe)
            if pe.bare && !pe.indirect && matches!(pe.param, sandsh_syntax::ast::Param::Name(_)));
        if !bare_name {
            i += 1;
            continue;
        }
        // The literal text after it, joined (each alternative left its own part).
        while let (Some(WordPart::Literal(_)), Some(WordPart::Literal(_))) =
            (parts.get(i + 1), parts.get(i + 2))
        {
            if let WordPart::Literal(next) = parts.remove(i + 2)
                && let Some(WordPart::Literal(s)) = parts.get_mut(i + 1)
            {
                s.push_str(&next);
            }
        }
        if let Some(WordPart::Literal(s)) = parts.get(i + 1) {
            let n = s
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count();
            if n > 0 {
                let head = s[..n].to_string();
                let rest = s[n..].to_string();
                if let Some(WordPart::Param(pe)) = parts.get_mut(i)
                    && let sandsh_syntax::ast::Param::Name(name) = &mut pe.param
                {
                    name.push_str(&head);
                }
                if rest.is_empty() {
                    parts.remove(i + 1);
                } else {
                    parts[i + 1] = WordPart::Literal(rest);
                }
            }
        }
        i += 1;
    }
}

/// Expand braces: one part list per resulting word, left to right.
/// Join the literal text a brace expansion left at the start of a word, then mark a `~`
/// prefix there as a tilde expansion.
fn leading_tilde(parts: &mut Vec<WordPart>) {
    if !matches!(parts.first(), Some(WordPart::Literal(s)) if s.starts_with('~')) {
        return;
    }
    let n = parts
        .iter()
        .take_while(|p| matches!(p, WordPart::Literal(_)))
        .count();
    if n > 1 {
        let joined: String = parts
            .drain(..n)
            .map(|p| match p {
                WordPart::Literal(s) => s,
                _ => String::new(),
            })
            .collect();
        parts.insert(0, WordPart::Literal(joined));
    }
    sandsh_syntax::tilde_prefix(parts);
}

pub fn brace_expand(
    parts: &[WordPart],
    bound: &mut BraceBound<'_>,
) -> Result<Vec<Vec<WordPart>>, BraceStop> {
    let Some(pos) = parts.iter().position(is_brace) else {
        return Ok(vec![parts.to_vec()]);
    };
    let prefix = &parts[..pos];
    let suffix = &parts[pos + 1..];
    let alts: Vec<Vec<WordPart>> = match &parts[pos] {
        WordPart::BraceAlt(alts) => alts.clone(),
        WordPart::BraceSeq { start, end, step } => {
            let mut alts = Vec::new();
            for s in
                brace_seq(start, end, step.as_deref(), bound.max_words).ok_or(BraceStop::TooMany)?
            {
                // bash expands braces on the word's text and reads it again: a generated `\`
                // quotes (and vanishes), a generated `` ` `` with more text after it is an
                // unterminated command substitution.
                alts.push(match s.as_str() {
                    "\\" => vec![WordPart::SingleQuoted(String::new())],
                    "`" if !suffix.is_empty() => {
                        let rest = super::print::word_src(&sandsh_syntax::ast::Word {
                            parts: suffix.to_vec(),
                            span: Default::default(),
                        });
                        return Err(BraceStop::Backquote(format!("`{rest}")));
                    }
                    _ => vec![WordPart::Literal(s)],
                });
            }
            alts
        }
        _ => unreachable_alts(),
    };
    let suffixes = brace_expand(suffix, bound)?;
    let mut out = Vec::new();
    for alt in alts {
        let mut head = prefix.to_vec();
        head.extend(alt);
        for expanded_head in brace_expand(&head, bound)? {
            bound.made(suffixes.len())?;
            for s in &suffixes {
                let mut w = expanded_head.clone();
                w.extend(s.iter().cloned());
                out.push(w);
            }
        }
    }
    Ok(out)
}

fn unreachable_alts() -> Vec<Vec<WordPart>> {
    Vec::new()
}

/// `{start..end..step}` as bash generates it (numbers with zero padding, or single characters);
/// `None` when it would make more than `max` words.
pub fn brace_seq(start: &str, end: &str, step: Option<&str>, max: usize) -> Option<Vec<String>> {
    let step_v: i64 = step.and_then(|s| s.parse().ok()).unwrap_or(1);
    let step_abs = step_v.unsigned_abs().clamp(1, i64::MAX as u64) as i64;
    if let (Ok(a), Ok(b)) = (start.parse::<i64>(), end.parse::<i64>()) {
        let width = |s: &str| {
            let digits = s.trim_start_matches(['-', '+']);
            if digits.len() > 1 && digits.starts_with('0') {
                s.len()
            } else {
                0
            }
        };
        let w = width(start).max(width(end));
        let count = (i128::from(a) - i128::from(b)).unsigned_abs() / step_abs as u128 + 1;
        if count > max as u128 {
            return None;
        }
        let mut out = Vec::with_capacity(count as usize);
        let mut i = a;
        loop {
            if (a <= b && i > b) || (a > b && i < b) {
                break;
            }
            if w > 0 {
                if i < 0 {
                    out.push(format!("-{:0width$}", -i, width = w - 1));
                } else {
                    out.push(format!("{:0width$}", i, width = w));
                }
            } else {
                out.push(i.to_string());
            }
            let next = if a <= b {
                i.checked_add(step_abs)
            } else {
                i.checked_sub(step_abs)
            };
            match next {
                Some(n) => i = n,
                None => break,
            }
        }
        return Some(out);
    }
    let (mut ca, mut cb) = (start.chars(), end.chars());
    if let (Some(a), None, Some(b), None) = (ca.next(), ca.next(), cb.next(), cb.next()) {
        let (a, b) = (a as i64, b as i64);
        let mut out = Vec::new();
        let mut i = a;
        while (a <= b && i <= b) || (a > b && i >= b) {
            if let Some(c) = char::from_u32(i as u32) {
                out.push(c.to_string());
            }
            if a <= b {
                i += step_abs;
            } else {
                i -= step_abs;
            }
        }
        return Some(out);
    }
    Some(vec![format!("{{{start}..{end}}}")])
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

    pub fn expand_assign(&mut self, a: &Assign) -> Res<ExpAssign> {
        self.expand_assign_as(a, false)
    }

    /// [`Shell::expand_assign`]; `assoc_decl`: an argument of `declare -A` (the array will be
    /// associative even if it is not yet).
    pub fn expand_assign_as(&mut self, a: &Assign, assoc_decl: bool) -> Res<ExpAssign> {
        let index = match &a.index {
            Some(w) => Some(self.expand_string(w)?),
            None => None,
        };
        let value = match &a.value {
            AssignValue::Scalar(w) => ExpValue::Scalar(self.expand_assign_value(w)?),
            AssignValue::Array(elems) => {
                let mut items = Vec::new();
                let assoc = assoc_decl
                    || self
                        .vars
                        .get(&a.name)
                        .is_some_and(|v| v.attrs.has(super::vars::Attrs::ASSOC));
                for e in elems {
                    match &e.key {
                        Some(k) => self.expand_keyed_elem(k, e, assoc, &mut items)?,
                        None => {
                            for f in self.expand_word_fields(&e.value)? {
                                items.push((None, f, false));
                            }
                        }
                    }
                }
                ExpValue::Array(items)
            }
        };
        Ok(ExpAssign {
            name: a.name.clone(),
            index,
            append: a.append,
            value,
        })
    }

    /// Expand one part into segments. `quoted`: inside double quotes (or a no-split context).
    pub fn expand_part(
        &mut self,
        part: &WordPart,
        quoted: bool,
        word_start: bool,
        out: &mut Vec<Seg>,
    ) -> Res<()> {
        self.check_stack()?;
        match part {
            WordPart::Literal(s) => out.push(Seg::Text {
                s: s.as_bytes().to_vec(),
                quoted,
                split: false,
            }),
            WordPart::SingleQuoted(s) => out.push(Seg::Text {
                s: s.as_bytes().to_vec(),
                quoted: true,
                split: false,
            }),
            WordPart::AnsiC(b) => out.push(Seg::Text {
                s: b.clone(),
                quoted: true,
                split: false,
            }),
            WordPart::DoubleQuoted(parts) => {
                let before = out.len();
                self.dquote_depth += 1;
                let r = parts
                    .iter()
                    .try_for_each(|p| self.expand_part(p, true, false, out));
                self.dquote_depth -= 1;
                r?;
                if out.len() == before {
                    // `""` or `"$@"` with no args: an empty quoted piece (dropped for "$@").
                    let at_empty = parts.iter().any(is_at_param);
                    if !at_empty {
                        out.push(Seg::Text {
                            s: Vec::new(),
                            quoted: true,
                            split: false,
                        });
                    }
                }
            }
            WordPart::Param(p) => self.expand_param(p, quoted, out)?,
            WordPart::CommandSubst(list) => {
                let s = self.command_subst(list)?;
                out.push(Seg::Text {
                    s,
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::Arith(w) => {
                let v = self.eval_arith_word(w)?;
                let mut s = Vec::with_capacity(20);
                super::arith::write_int(&mut s, v);
                out.push(Seg::Text {
                    s,
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::ProcessSubst { output, list } => {
                let path = self.process_subst(list, *output)?;
                out.push(Seg::Text {
                    s: path,
                    quoted: true,
                    split: false,
                });
            }
            WordPart::Tilde(user) => {
                let _ = word_start;
                out.push(Seg::Text {
                    s: self.tilde(user),
                    quoted: true,
                    split: false,
                });
            }
            WordPart::BraceAlt(_) | WordPart::BraceSeq { .. } => {
                // Braces reach here only in contexts without brace expansion: keep the text.
                out.push(Seg::Text {
                    s: brace_text(part).into_bytes(),
                    quoted,
                    split: false,
                });
            }
            WordPart::BadBackquote {
                message,
                line,
                source,
                ..
            } => {
                let head = format!("{}: command substitution: line {line}: ", self.err_name);
                let mut msg = format!("{head}{message}\n");
                if let Some(s) = source {
                    msg.push_str(&format!("{head}`{s}'\n"));
                }
                self.write_fd(2, msg.as_bytes());
                self.last_status = 2;
                self.subst_status = Some(2);
                out.push(Seg::Text {
                    s: Vec::new(),
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::BadSubst(text) => {
                self.error(&format!("{text}: bad substitution"));
                return Err(Flow::Discard(1));
            }
            WordPart::Assign(a) => {
                let e = self.expand_assign(a)?;
                out.push(Seg::Text {
                    s: e.to_text(),
                    quoted: true,
                    split: false,
                });
            }
        }
        Ok(())
    }

    pub fn tilde_text(&self, user: &str) -> Vec<u8> {
        self.tilde(user)
    }

    fn tilde(&self, user: &str) -> Vec<u8> {
        if user.is_empty() {
            return self
                .vars
                .get_str("HOME")
                .map(|s| s.to_vec())
                .unwrap_or_else(|| b"~".to_vec());
        }
        if user == "+" {
            return self.cwd.as_os_str().as_encoded_bytes().to_vec();
        }
        if user == "-" {
            return self
                .vars
                .get_str("OLDPWD")
                .map(|s| s.to_vec())
                .unwrap_or_else(|| b"~-".to_vec());
        }
        let home = format!("/home/{user}");
        if self
            .env
            .backend
            .stat(std::path::Path::new(&home))
            .is_ok_and(|m| m.is_dir())
            || user
                == self
                    .vars
                    .get_str("USER")
                    .map(String::from_utf8_lossy)
                    .unwrap_or_default()
        {
            home.into_bytes()
        } else if user == "root" {
            b"/root".to_vec()
        } else {
            format!("~{user}").into_bytes()
        }
    }

    /// Cut segments into fields on IFS.
    pub fn split_fields(&self, segs: &[Seg]) -> Vec<Field> {
        let mut ifs: Option<Vec<u8>> = None;
        let mut fields = Vec::new();
        let mut cur = Field::default();
        let mut started = false;
        for seg in segs {
            match seg {
                Seg::Break => {
                    if started {
                        fields.push(std::mem::take(&mut cur));
                    }
                    started = false;
                }
                Seg::Text {
                    s,
                    quoted,
                    split: false,
                } => {
                    cur.push(s, !quoted);
                    if *quoted || !s.is_empty() {
                        started = true;
                    }
                }
                Seg::Text { s, split: true, .. } => {
                    let ifs = ifs.get_or_insert_with(|| self.ifs());
                    if ifs.is_empty() {
                        cur.push(s, true);
                        if !s.is_empty() {
                            started = true;
                        }
                        continue;
                    }
                    // The length of the IFS character at `s[i..]` (0: none). A multibyte IFS
                    // character separates as a whole (`IFS=ç`).
                    let ifs_at = |i: usize| ifs_char_at(ifs, s, i);
                    let is_ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n') && ifs.contains(&c);
                    let mut i = 0;
                    while i < s.len() {
                        if ifs_at(i) == 0 {
                            let start = i;
                            while i < s.len() && ifs_at(i) == 0 {
                                i += 1;
                            }
                            cur.push(&s[start..i], true);
                            started = true;
                            continue;
                        }
                        let mut j = i;
                        while j < s.len() && is_ws(s[j]) {
                            j += 1;
                        }
                        let mut nonws = false;
                        if j < s.len() && ifs_at(j) > 0 && !is_ws(s[j]) {
                            nonws = true;
                            j += ifs_at(j);
                            while j < s.len() && is_ws(s[j]) {
                                j += 1;
                            }
                        }
                        if nonws || started {
                            fields.push(std::mem::take(&mut cur));
                            // A huge split checks for cancellation as it goes; what it
                            // returns then is never used, since the run is ending.
                            if fields.len() % 4096 == 0 && self.is_cancelled() {
                                return fields;
                            }
                        }
                        started = false;
                        i = j;
                    }
                }
            }
        }
        if started {
            fields.push(cur);
        }
        fields
    }

    /// Run `$(…)` and return its output without trailing newlines.
    pub fn command_subst(&mut self, list: &sandsh_syntax::ast::List) -> Res<Vec<u8>> {
        if self.subst_depth >= self.env.limits.max_subst_depth {
            return Err(self.trip_limit(Limit::SubstDepth));
        }
        if let Some(target) = read_only_redirect(list) {
            let name = self.expand_string(target)?;
            let name = String::from_utf8_lossy(&name).into_owned();
            let data = match self.open_path(&name, super::redirect::OpenMode::Read) {
                Ok(fd) => io::read_to_end(&*fd, &self.cancel).unwrap_or_default(),
                Err(msg) => {
                    self.error(&msg);
                    self.last_status = 1;
                    self.subst_status = Some(1);
                    return Ok(Vec::new());
                }
            };
            let mut out = data;
            while out.last() == Some(&b'\n') {
                out.pop();
            }
            self.last_status = 0;
            self.subst_status = Some(0);
            return Ok(out);
        }
        let env = self.env.clone();
        let cap = Capture::strict(
            self.env.limits.max_output_bytes,
            &self.env.memory,
            Box::new(move || env.trip(env.limits.exceeded(Limit::OutputBytes))),
        );
        let mut sub = self.subshell();
        sub.subst_depth += 1;
        if !sub.opts.inherit_errexit {
            sub.opts.errexit = false;
        }
        sub.fds.set(1, Some(cap.clone() as io::Fd));
        let status = sub.run_subshell_list(list);
        drop(sub);
        self.last_status = status;
        self.subst_status = Some(status);
        let mut out = cap.take();
        if out.contains(&0) {
            self.error("warning: command substitution: ignored null byte in input");
            out.retain(|b| *b != 0);
        }
        while out.last() == Some(&b'\n') {
            out.pop();
        }
        Ok(out)
    }

    /// Start a process substitution; returns the `/dev/fd/N` path.
    fn process_subst(&mut self, list: &sandsh_syntax::ast::List, output: bool) -> Res<Vec<u8>> {
        let (r, w) = io::pipe(self.cancel.clone(), self.env.limits.pipe_buffer_bytes);
        let mut sub = self.subshell();
        let list = Arc::new(list.clone());
        let (mine, theirs) = if output { (w, r) } else { (r, w) };
        sub.fds.set(if output { 0 } else { 1 }, Some(theirs));
        let fd = self.fds.free_from(63);
        let fd = if fd > 63 { self.fds.free_from(10) } else { fd };
        self.fds.set(fd, Some(mine));
        self.procsubst_fds.push(fd);
        let text = super::print::list_src(&list);
        self.spawn_background(sub, text, move |sh| sh.run_subshell_list(&list))?;
        Ok(format!("/dev/fd/{fd}").into_bytes())
    }
}

fn is_at_param(p: &WordPart) -> bool {
    use sandsh_syntax::ast::{Param, ParamOp, Subscript};
    match p {
        WordPart::Param(pe) => {
            matches!(pe.op, ParamOp::None | ParamOp::Substring { .. })
                && matches!(
                    pe.param,
                    Param::Special('@') | Param::Index(_, Subscript::At)
                )
        }
        _ => false,
    }
}

/// Source-like text of a brace part (used where braces are not expanded).
/// The length of the IFS character that `s[i..]` starts with, 0 when none. ASCII IFS bytes
/// match alone; a multibyte IFS character matches only as a whole (a continuation byte never
/// starts one, so this cannot match inside another character).
fn ifs_char_at(ifs: &[u8], s: &[u8], i: usize) -> usize {
    let c = s[i];
    if c < 0x80 {
        return usize::from(ifs.contains(&c));
    }
    let mut k = 0;
    while k < ifs.len() {
        let n = bstr::decode_utf8(&ifs[k..]).1.max(1);
        if s[i..].starts_with(&ifs[k..k + n]) {
            return n;
        }
        k += n;
    }
    0
}

fn brace_text(p: &WordPart) -> String {
    match p {
        WordPart::BraceSeq { start, end, step } => match step {
            Some(s) => format!("{{{start}..{end}..{s}}}"),
            None => format!("{{{start}..{end}}}"),
        },
        WordPart::BraceAlt(alts) => {
            let inner: Vec<String> = alts
                .iter()
                .map(|a| a.iter().map(part_text).collect::<String>())
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        _ => String::new(),
    }
}

fn part_text(p: &WordPart) -> String {
    match p {
        WordPart::Literal(s) | WordPart::SingleQuoted(s) => s.clone(),
        WordPart::BraceAlt(_) | WordPart::BraceSeq { .. } => brace_text(p),
        _ => String::new(),
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

/// `$(< file)`: the list is one command made only of an input redirection.
fn read_only_redirect(list: &sandsh_syntax::ast::List) -> Option<&Word> {
    use sandsh_syntax::ast::{CommandKind, RedirFd, RedirOp};
    let [item] = list.items.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    let p = &item.and_or.first;
    if p.negated || p.timed.is_some() || p.commands.len() != 1 {
        return None;
    }
    let cmd = &p.commands[0].command;
    let CommandKind::Simple(sc) = &cmd.kind else {
        return None;
    };
    if !sc.words.is_empty() || !sc.assigns.is_empty() {
        return None;
    }
    match cmd.redirects.as_slice() {
        [r] if r.op == RedirOp::Read && matches!(r.fd, RedirFd::Default | RedirFd::Number(0)) => {
            Some(&r.target)
        }
        _ => None,
    }
}
