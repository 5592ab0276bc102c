//! Bash pattern matching over bytes: `case`, `[[ == ]]`, `${x#p}`/`%`/`/`, pathname expansion.
//!
//! A pattern arrives as segments, each *active* (glob characters are special, backslash escapes)
//! or *quoted* (every byte literal), because after expansion the interpreter knows which parts
//! of a word were quoted and bash's `"$p"*` must treat `$p` literally. Compilation turns it into
//! a small Thompson NFA that is simulated with a bit set of states, one input character at a
//! time: no backtracking, so `*a*a*a*b` stays O(text × pattern), and plain patterns match
//! without allocating. Extglob `!(…)` is not regular-friendly for an NFA: where it is entered,
//! its sub-pattern runs once from there to find every end at which it matches, and the match
//! goes on at every other end (quadratic, only where used). A `!(…)` nested inside another is
//! entered at the same positions again and again, so its ends are remembered per start
//! ([`NotMemo`]): the cost stays polynomial however deep `!(!(!(…)))` goes.
//!
//! `${x/p/r}` needs the leftmost start of a match and `${x%p}` the start of a matching suffix.
//! Rather than one run from every position (quadratic: `${x//*b/}` over 20 kB of `a` took 12 s),
//! [`Program::run_starts`] starts a thread at every position in one pass, each remembering
//! where it began.
//!
//! Characters are UTF-8 (the locale is C.UTF-8): `?` and `[…]` consume one character, ranges
//! compare code points, and an invalid byte counts as one character matching only itself.
//! Behaviour (including bash's quirks in `${x/p/r}`) was checked against bash 5.2.

use bstr::ByteSlice;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

mod matchlen;

/// Options that change how a pattern matches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PatternOptions {
    /// Recognize `?(…) *(…) +(…) @(…) !(…)` (`shopt -s extglob`).
    pub extglob: bool,
    /// Case-insensitive matching (`nocasematch`, `nocaseglob`).
    pub nocase: bool,
    /// Pathname mode: wildcards never match `/`, and a leading `.` (at the start or after a `/`)
    /// must be matched by a literal `.` unless `dotglob`.
    pub pathname: bool,
    /// With `pathname`, let wildcards match a leading `.`.
    pub dotglob: bool,
    /// A character is a byte (the C locale): `?` matches one byte of a multibyte character.
    pub bytes: bool,
}

/// How `${x/pat/rep}` replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaceMode {
    /// `${x/p/r}`: the first (leftmost, longest) match.
    First,
    /// `${x//p/r}`: every match.
    All,
    /// `${x/#p/r}`: the longest match at the start.
    Prefix,
    /// `${x/%p/r}`: the longest match at the end.
    Suffix,
}

/// A character of text or pattern: a Unicode scalar, or `INVALID + byte` for a byte that is not
/// part of valid UTF-8.
type Ch = u32;
const INVALID: u32 = 0x11_0000;
/// Extglob nesting beyond this is taken literally (keeps compilation bounded).
const MAX_DEPTH: usize = 64;

/// [`decode`], or with `bytes` (the C locale) each byte as a character of its own.
#[inline]
fn dec(s: &[u8], i: usize, bytes: bool) -> (Ch, usize) {
    if bytes && s[i] >= 0x80 {
        return (INVALID + s[i] as Ch, 1);
    }
    decode(s, i)
}

/// Decode one character at `i` (which must be `< s.len()`): (char, byte length).
pub(crate) fn decode(s: &[u8], i: usize) -> (Ch, usize) {
    let b = s[i];
    if b < 0x80 {
        return (b as Ch, 1);
    }
    let len = match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (INVALID + b as Ch, 1),
    };
    if let Some(bytes) = s.get(i..i + len)
        && let Ok(st) = std::str::from_utf8(bytes)
        && let Some(c) = st.chars().next()
    {
        return (c as Ch, len);
    }
    (INVALID + b as Ch, 1)
}

fn encode(c: Ch, out: &mut Vec<u8>) {
    if c >= INVALID {
        out.push((c - INVALID) as u8);
    } else if let Some(ch) = char::from_u32(c) {
        let mut buf = [0; 4];
        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
    }
}

#[inline]
fn fold(c: Ch) -> Ch {
    if c < 0x80 {
        return (c as u8).to_ascii_lowercase() as Ch;
    }
    char::from_u32(c).map_or(c, |ch| crate::case::lower(ch) as Ch)
}

fn upper(c: Ch) -> Ch {
    char::from_u32(c).map_or(c, |ch| crate::case::upper(ch) as Ch)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Alnum,
    Alpha,
    Ascii,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Word,
    Xdigit,
    /// An unknown class name: matches nothing (as bash).
    Invalid,
}

impl Named {
    fn from_name(name: &[u8]) -> Named {
        match name {
            b"alnum" => Named::Alnum,
            b"alpha" => Named::Alpha,
            b"ascii" => Named::Ascii,
            b"blank" => Named::Blank,
            b"cntrl" => Named::Cntrl,
            b"digit" => Named::Digit,
            b"graph" => Named::Graph,
            b"lower" => Named::Lower,
            b"print" => Named::Print,
            b"punct" => Named::Punct,
            b"space" => Named::Space,
            b"upper" => Named::Upper,
            b"word" => Named::Word,
            b"xdigit" => Named::Xdigit,
            _ => Named::Invalid,
        }
    }

    fn matches(self, c: Ch) -> bool {
        let Some(ch) = char::from_u32(c) else {
            return false;
        };
        let print = !ch.is_control();
        match self {
            Named::Alnum => ch.is_alphanumeric(),
            Named::Alpha => ch.is_alphabetic(),
            Named::Ascii => ch.is_ascii(),
            Named::Blank => ch == ' ' || ch == '\t',
            Named::Cntrl => ch.is_control(),
            Named::Digit => ch.is_ascii_digit(),
            Named::Graph => print && !ch.is_whitespace(),
            Named::Lower => ch.is_lowercase(),
            Named::Print => print,
            Named::Punct => {
                if ch.is_ascii() {
                    ch.is_ascii_punctuation()
                } else {
                    print && !ch.is_whitespace() && !ch.is_alphanumeric()
                }
            }
            Named::Space => ch.is_whitespace(),
            Named::Upper => ch.is_uppercase(),
            Named::Word => ch.is_alphanumeric() || ch == '_',
            Named::Xdigit => ch.is_ascii_hexdigit(),
            Named::Invalid => false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Char(Ch),
    Range(Ch, Ch),
    Class(Named),
}

/// A bracket expression `[…]`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Class {
    negated: bool,
    items: Vec<Item>,
}

impl Class {
    fn matches(&self, c: Ch, nocase: bool) -> bool {
        let hit = |c: Ch| {
            self.items.iter().any(|it| match *it {
                Item::Char(x) => x == c,
                Item::Range(a, b) => a <= c && c <= b,
                Item::Class(n) => n.matches(c),
            })
        };
        let m = hit(c) || (nocase && (hit(fold(c)) || hit(upper(c))));
        m != self.negated
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ExtKind {
    /// `?(…)`
    Opt,
    /// `*(…)`
    Star,
    /// `+(…)`
    Plus,
    /// `@(…)`
    One,
    /// `!(…)`
    Not,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Ast {
    Char(Ch),
    Any,
    Star,
    Class(Box<Class>),
    Ext(ExtKind, Vec<Vec<Ast>>),
}

/// The parser's view of the pattern: bytes with their active flag.
struct Parser<'a> {
    b: &'a [u8],
    act: &'a [bool],
    extglob: bool,
    bytes: bool,
    /// Body starts where an extglob was found unclosed. Inside a group `|` and `)` mean the
    /// same at every depth, so an opener that failed once fails again: without this, each
    /// unclosed `*(` re-parsed all the ones after it (`*(*(*(…` took 2^n steps; found by the
    /// glob fuzz target).
    unclosed: std::cell::RefCell<Vec<usize>>,
}

impl Parser<'_> {
    fn active(&self, i: usize, c: u8) -> bool {
        self.b.get(i) == Some(&c) && self.act.get(i).copied().unwrap_or(false)
    }

    /// Parse a sequence from `i`. Inside an extglob (`depth > 0`) it stops before an active `|`
    /// or `)`; at the top it runs to the end.
    fn seq(&self, mut i: usize, depth: usize) -> (Vec<Ast>, usize) {
        let mut out = Vec::new();
        while i < self.b.len() {
            let c = self.b[i];
            if !self.act[i] {
                let (ch, n) = dec(self.b, i, self.bytes);
                out.push(Ast::Char(ch));
                i += n;
                continue;
            }
            if depth > 0 && (c == b'|' || c == b')') {
                break;
            }
            if self.extglob
                && matches!(c, b'?' | b'*' | b'+' | b'@' | b'!')
                && self.active(i + 1, b'(')
                && depth < MAX_DEPTH
                && let Some((alts, end)) = self.ext(i + 2, depth + 1)
            {
                let kind = match c {
                    b'?' => ExtKind::Opt,
                    b'*' => ExtKind::Star,
                    b'+' => ExtKind::Plus,
                    b'@' => ExtKind::One,
                    _ => ExtKind::Not,
                };
                out.push(Ast::Ext(kind, alts));
                i = end;
                continue;
            }
            match c {
                b'*' => {
                    // Consecutive stars are one star.
                    if out.last() != Some(&Ast::Star) {
                        out.push(Ast::Star);
                    }
                    i += 1;
                }
                b'?' => {
                    out.push(Ast::Any);
                    i += 1;
                }
                b'[' => match self.bracket(i) {
                    Some((class, end)) => {
                        out.push(Ast::Class(Box::new(class)));
                        i = end;
                    }
                    None => {
                        out.push(Ast::Char(b'[' as Ch));
                        i += 1;
                    }
                },
                b'\\' if i + 1 < self.b.len() => {
                    let (ch, n) = dec(self.b, i + 1, self.bytes);
                    out.push(Ast::Char(ch));
                    i += 1 + n;
                }
                _ => {
                    let (ch, n) = dec(self.b, i, self.bytes);
                    out.push(Ast::Char(ch));
                    i += n;
                }
            }
        }
        (out, i)
    }

    /// Alternatives of an extglob whose body starts at `i`; returns them and the index after
    /// the closing `)`, or `None` when it is not closed.
    fn ext(&self, mut i: usize, depth: usize) -> Option<(Vec<Vec<Ast>>, usize)> {
        let start = i;
        if self.unclosed.borrow().contains(&start) {
            return None;
        }
        let mut alts = Vec::new();
        loop {
            let (seq, end) = self.seq(i, depth);
            alts.push(seq);
            if self.active(end, b'|') {
                i = end + 1;
            } else if self.active(end, b')') {
                return Some((alts, end + 1));
            } else {
                self.unclosed.borrow_mut().push(start);
                return None;
            }
        }
    }

    /// One character inside a bracket at `i`: (char, next index).
    fn bracket_char(&self, i: usize) -> Option<(Ch, usize)> {
        if i >= self.b.len() {
            return None;
        }
        if self.act[i] && self.b[i] == b'\\' && i + 1 < self.b.len() {
            let (c, n) = dec(self.b, i + 1, self.bytes);
            return Some((c, i + 1 + n));
        }
        let (c, n) = dec(self.b, i, self.bytes);
        Some((c, i + n))
    }

    /// A bracket expression starting at the `[` at `start`; `None` when unterminated (the `[`
    /// is then literal).
    fn bracket(&self, start: usize) -> Option<(Class, usize)> {
        let mut i = start + 1;
        let mut negated = false;
        if self.active(i, b'!') || self.active(i, b'^') {
            negated = true;
            i += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            if i >= self.b.len() {
                return None;
            }
            if !first && self.active(i, b']') {
                return Some((Class { negated, items }, i + 1));
            }
            first = false;
            if self.active(i, b'[')
                && let Some(&kind) = self.b.get(i + 1)
                && matches!(kind, b':' | b'=' | b'.')
            {
                // [:name:], [=c=], [.c.]
                let body = i + 2;
                let close = (body..self.b.len().saturating_sub(1))
                    .find(|&j| self.b[j] == kind && self.b[j + 1] == b']');
                if let Some(close) = close {
                    let name = &self.b[body..close];
                    i = close + 2;
                    if kind == b':' {
                        items.push(Item::Class(Named::from_name(name)));
                    } else if !name.is_empty() {
                        let (c, n) = dec(name, 0, self.bytes);
                        if n == name.len() {
                            items.push(Item::Char(c));
                        } else {
                            items.push(Item::Class(Named::Invalid));
                        }
                    }
                    continue;
                }
            }
            let (c, next) = self.bracket_char(i)?;
            i = next;
            if self.active(i, b'-') && i + 1 < self.b.len() && !self.active(i + 1, b']') {
                let (hi, next) = self.bracket_char(i + 1)?;
                i = next;
                items.push(Item::Range(c, hi));
            } else {
                items.push(Item::Char(c));
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Inst {
    Char(Ch, usize),
    Any(usize),
    Class(Box<Class>, usize),
    /// Consume any character and stay; or move on to `next` without consuming.
    Star(usize),
    Fork(Vec<usize>),
    /// Match any substring that `sub` does not match, then continue at `next`.
    Not(Box<Program>, usize),
    Match,
}

#[derive(Debug, Clone)]
struct Program {
    insts: Vec<Inst>,
    start: usize,
    has_fork: bool,
    has_not: bool,
    /// The sub-pattern of a `!(…)`: its own `!(…)` remember their ends (see [`NotMemo`]).
    nested: bool,
    nocase: bool,
    /// Pathname rules (`/` and leading dots).
    pathname: bool,
    dotglob: bool,
    bytes: bool,
}

impl Program {
    fn build(ast: &[Ast], opts: PatternOptions) -> Program {
        let mut p = Program {
            insts: vec![Inst::Match],
            start: 0,
            has_fork: false,
            has_not: false,
            nested: false,
            nocase: opts.nocase,
            pathname: opts.pathname,
            dotglob: opts.dotglob,
            bytes: opts.bytes,
        };
        p.start = p.seq(ast, 0, opts);
        p
    }

    fn push(&mut self, i: Inst) -> usize {
        self.insts.push(i);
        self.insts.len() - 1
    }

    fn seq(&mut self, ast: &[Ast], mut next: usize, opts: PatternOptions) -> usize {
        for node in ast.iter().rev() {
            next = match node {
                Ast::Char(c) => self.push(Inst::Char(*c, next)),
                Ast::Any => self.push(Inst::Any(next)),
                Ast::Star => self.push(Inst::Star(next)),
                Ast::Class(c) => self.push(Inst::Class(c.clone(), next)),
                Ast::Ext(kind, alts) => self.ext(*kind, alts, next, opts),
            };
        }
        next
    }

    fn ext(
        &mut self,
        kind: ExtKind,
        alts: &[Vec<Ast>],
        next: usize,
        opts: PatternOptions,
    ) -> usize {
        self.has_fork = true;
        match kind {
            ExtKind::One | ExtKind::Opt => {
                let mut starts: Vec<usize> = alts.iter().map(|a| self.seq(a, next, opts)).collect();
                if kind == ExtKind::Opt {
                    starts.push(next);
                }
                self.push(Inst::Fork(starts))
            }
            ExtKind::Star | ExtKind::Plus => {
                let lp = self.push(Inst::Fork(Vec::new()));
                let mut starts: Vec<usize> = alts.iter().map(|a| self.seq(a, lp, opts)).collect();
                let entry = if kind == ExtKind::Plus {
                    self.push(Inst::Fork(starts.clone()))
                } else {
                    lp
                };
                starts.push(next);
                self.insts[lp] = Inst::Fork(starts);
                entry
            }
            ExtKind::Not => {
                self.has_not = true;
                let sub_opts = PatternOptions {
                    pathname: false,
                    ..opts
                };
                let mut sub = Program::build(&[Ast::Ext(ExtKind::One, alts.to_vec())], sub_opts);
                sub.nested = true;
                self.push(Inst::Not(Box::new(sub), next))
            }
        }
    }

    /// Simulate from `start` over `s`, calling `on_match(end)` for each end position (ascending)
    /// at which the whole program has matched `s[start..end]`; it returns `false` to stop.
    fn run(
        &self,
        s: &[u8],
        start: usize,
        memo: &mut NotMemo,
        mut on_match: impl FnMut(usize) -> bool,
    ) {
        let n = self.insts.len();
        let mut cur = StateSet::new(n);
        let mut next = StateSet::new(n);
        let mut stack = Vec::new();
        // States a `!(…)` resumes at later positions: position -> states.
        let mut pending: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        let mut pos = start;
        let mut w = Walk {
            s,
            pending: &mut pending,
            memo,
        };
        self.add(&mut cur, self.start, pos, &mut stack, &mut w);
        loop {
            if self.has_not
                && let Some(entry) = w.pending.first_entry()
                && *entry.key() == pos
            {
                for q in entry.remove() {
                    self.add(&mut cur, q, pos, &mut stack, &mut w);
                }
            }
            if cur.contains(0) && !on_match(pos) {
                return;
            }
            if pos >= s.len() || (cur.is_empty() && w.pending.is_empty()) {
                return;
            }
            let (c, cf, protected, npos) = self.read(s, pos);
            next.clear();
            for q in cur.iter() {
                if let Some(nx) = self.step(q, c, cf, protected) {
                    self.add(&mut next, nx, npos, &mut stack, &mut w);
                }
            }
            std::mem::swap(&mut cur, &mut next);
            pos = npos;
        }
    }

    /// The character at `pos`: itself, folded when matching ignores case, whether pathname
    /// rules keep wildcards off it, and the position after it.
    #[inline]
    fn read(&self, s: &[u8], pos: usize) -> (Ch, Ch, bool, usize) {
        let (c, len) = dec(s, pos, self.bytes);
        let protected = self.pathname
            && (c == b'/' as Ch
                || (!self.dotglob && c == b'.' as Ch && (pos == 0 || s[pos - 1] == b'/')));
        let cf = if self.nocase { fold(c) } else { c };
        (c, cf, protected, pos + len)
    }

    /// The state `q` moves to on reading `c` (`cf` folded), if it can read it.
    #[inline]
    fn step(&self, q: usize, c: Ch, cf: Ch, protected: bool) -> Option<usize> {
        match &self.insts[q] {
            Inst::Char(pc, nx) => {
                let eq = if self.nocase {
                    fold(*pc) == cf
                } else {
                    *pc == c
                };
                eq.then_some(*nx)
            }
            Inst::Any(nx) if !protected => Some(*nx),
            Inst::Class(cl, nx) if !protected && cl.matches(c, self.nocase) => Some(*nx),
            Inst::Star(_) if !protected => Some(q),
            _ => None,
        }
    }

    /// Where a match can start, found in one pass: every position from `from` on (and the end
    /// of `s` when `at_end`) starts a thread, each thread remembers its start, and where two
    /// reach the same state the preferred start wins (their futures are the same). With
    /// `Prefer::Earliest`, `on_match(end, start)` gets the earliest start of a match ending at
    /// `end`; with `Prefer::Latest` the latest. It returns `false` to stop. Not for programs
    /// with `!(…)`, whose resumed states carry no start.
    fn run_starts(
        &self,
        s: &[u8],
        from: usize,
        at_end: bool,
        prefer: Prefer,
        mut on_match: impl FnMut(usize, usize, &Threads) -> bool,
    ) {
        debug_assert!(!self.has_not);
        let n = self.insts.len();
        let mut cur = Threads::new(n);
        let mut next = Threads::new(n);
        let mut stack = Vec::new();
        let mut pos = from;
        if from < s.len() || at_end {
            self.add_thread(&mut cur, self.start, pos, &mut stack);
        }
        loop {
            if let Some(start) = cur.start_of(0)
                && !on_match(pos, start, &cur)
            {
                return;
            }
            if pos >= s.len() {
                return;
            }
            let (c, cf, protected, npos) = self.read(s, pos);
            next.clear();
            // The preferred start goes first: the new thread (latest) before the old ones, or
            // after them (earliest).
            let inject = npos < s.len() || at_end;
            if inject && prefer == Prefer::Latest {
                self.add_thread(&mut next, self.start, npos, &mut stack);
            }
            for &(q, start) in &cur.list {
                if let Some(nx) = self.step(q, c, cf, protected) {
                    self.add_thread(&mut next, nx, start, &mut stack);
                }
            }
            if inject && prefer == Prefer::Earliest {
                self.add_thread(&mut next, self.start, npos, &mut stack);
            }
            std::mem::swap(&mut cur, &mut next);
            pos = npos;
        }
    }

    /// Add a thread that began at `start` in state `q`, with its epsilon closure; states that
    /// another thread holds already keep that thread's start.
    fn add_thread(&self, t: &mut Threads, q: usize, start: usize, stack: &mut Vec<usize>) {
        let enter = |q| {
            let fresh = t.set.insert(q);
            if fresh {
                t.list.push((q, start));
            }
            fresh
        };
        // `run_starts` is not used for programs with `!(…)`.
        self.closure(q, stack, enter, |_, _, _| {});
    }

    /// Follow the epsilon moves from `q` (past a star, into every branch of a fork), calling
    /// `enter` on each state reached: it records the state and says whether it was new (an
    /// old one is not followed again). A `!(sub)` state is handed to `not(sub, next, stack)`.
    fn closure(
        &self,
        q: usize,
        stack: &mut Vec<usize>,
        mut enter: impl FnMut(usize) -> bool,
        mut not: impl FnMut(&Program, usize, &mut Vec<usize>),
    ) {
        stack.push(q);
        while let Some(mut q) = stack.pop() {
            loop {
                if !enter(q) {
                    break;
                }
                match &self.insts[q] {
                    Inst::Star(nx) => q = *nx,
                    Inst::Fork(targets) => {
                        stack.extend_from_slice(targets);
                        break;
                    }
                    Inst::Not(sub, nx) => {
                        not(sub, *nx, stack);
                        break;
                    }
                    _ => break,
                }
            }
        }
    }

    /// The earliest start of a match at or after `from` (the end of `s` only when `at_end`).
    fn leftmost_start(&self, s: &[u8], from: usize, at_end: bool) -> Option<usize> {
        let mut best = None;
        self.run_starts(s, from, at_end, Prefer::Earliest, |_, start, cur| {
            let b = best.map_or(start, |b: usize| b.min(start));
            best = Some(b);
            // A thread that began earlier may still match later; the others cannot win.
            cur.list.first().is_some_and(|&(_, st)| st < b)
        });
        best
    }

    /// Add state `q` and its epsilon closure at text position `pos`.
    fn add(
        &self,
        set: &mut StateSet,
        q: usize,
        pos: usize,
        stack: &mut Vec<usize>,
        w: &mut Walk<'_, '_>,
    ) {
        let not =
            |sub: &Program, nx, stack: &mut Vec<usize>| self.enter_not(sub, nx, pos, stack, w);
        self.closure(q, stack, |q| set.insert(q), not);
    }

    /// A `!(sub)` entered at `pos`: the match goes on at `nx` from every end `k` (from `pos`
    /// itself, pushed on `stack`, up to the end of the text) at which `sub` does not match
    /// `s[pos..k]`.
    fn enter_not(
        &self,
        sub: &Program,
        nx: usize,
        pos: usize,
        stack: &mut Vec<usize>,
        w: &mut Walk<'_, '_>,
    ) {
        let s = w.s;
        let ends = sub.ends_from(s, pos, self.nested, w.memo);
        let mut k = pos;
        loop {
            if !ends.get(k - pos) {
                if k == pos {
                    stack.push(nx);
                } else {
                    let at = w.pending.entry(k).or_default();
                    if !at.contains(&nx) {
                        at.push(nx);
                    }
                }
            }
            if k >= s.len() {
                break;
            }
            k += dec(s, k, self.bytes).1;
        }
    }

    /// Every end `k` at which this program matches `s[start..k]`, as bits over `k - start`;
    /// remembered in `memo` when `remember` (a `!(…)` inside another, entered again and again
    /// at the same positions).
    fn ends_from(&self, s: &[u8], start: usize, remember: bool, memo: &mut NotMemo) -> Bits {
        let key = (self as *const Program as usize, start);
        if remember && let Some(b) = memo.ends.get(&key) {
            return b.clone();
        }
        let mut words = vec![0u64; (s.len() - start + 1).div_ceil(64)];
        self.run(s, start, memo, |end| {
            words[(end - start) / 64] |= 1 << ((end - start) % 64);
            true
        });
        let bits = Bits(words.into());
        if remember && memo.bits + bits.len() <= NotMemo::MAX_BITS {
            memo.bits += bits.len();
            memo.ends.insert(key, bits.clone());
        }
        bits
    }

    fn matches_all(&self, s: &[u8]) -> bool {
        let mut hit = false;
        self.run(s, 0, &mut NotMemo::default(), |end| {
            hit = end == s.len();
            !hit
        });
        hit
    }
}

/// Which start [`Program::run_starts`] keeps when two threads meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prefer {
    Earliest,
    Latest,
}

/// The threads of [`Program::run_starts`]: states in order of preference, with where each
/// thread began.
struct Threads {
    set: StateSet,
    list: Vec<(usize, usize)>,
}

impl Threads {
    fn new(n: usize) -> Threads {
        Threads {
            set: StateSet::new(n),
            list: Vec::new(),
        }
    }
    fn clear(&mut self) {
        self.set.clear();
        self.list.clear();
    }
    /// The start of the thread in state `q`, if one is.
    fn start_of(&self, q: usize) -> Option<usize> {
        if !self.set.contains(q) {
            return None;
        }
        self.list.iter().find(|&&(x, _)| x == q).map(|&(_, st)| st)
    }
}

/// What a run carries besides its state sets and closure stack: the text, the states that
/// `!(…)` resumes later, and the ends of nested `!(…)` found so far.
struct Walk<'a, 'm> {
    s: &'a [u8],
    pending: &'a mut BTreeMap<usize, Vec<usize>>,
    memo: &'m mut NotMemo,
}

/// The ends at which the sub-pattern of a nested `!(…)` matches, per (sub-pattern, start), for
/// one match of the whole pattern. Without it `!(!(!(…)))` costs the text length to the power
/// of the depth (a 52-byte pattern ran for minutes on a 59-byte text; found by the glob fuzz
/// target). Capped, past which ends are computed again rather than kept.
#[derive(Default)]
struct NotMemo {
    ends: HashMap<(usize, usize), Bits>,
    bits: usize,
}

impl NotMemo {
    const MAX_BITS: usize = 1 << 28;
}

/// A fixed-length bit set, shared cheaply between the memo and a caller.
#[derive(Clone)]
struct Bits(std::rc::Rc<[u64]>);

impl Bits {
    fn len(&self) -> usize {
        self.0.len() * 64
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

/// A set of NFA states; inline for programs of up to 256 states.
struct StateSet {
    inline: [u64; 4],
    heap: Vec<u64>,
    big: bool,
}

impl StateSet {
    fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        let big = words > 4;
        StateSet {
            inline: [0; 4],
            heap: if big { vec![0; words] } else { Vec::new() },
            big,
        }
    }
    fn words(&self) -> &[u64] {
        if self.big { &self.heap } else { &self.inline }
    }
    fn words_mut(&mut self) -> &mut [u64] {
        if self.big {
            &mut self.heap
        } else {
            &mut self.inline
        }
    }
    fn insert(&mut self, q: usize) -> bool {
        let w = &mut self.words_mut()[q / 64];
        let bit = 1u64 << (q % 64);
        let fresh = *w & bit == 0;
        *w |= bit;
        fresh
    }
    fn contains(&self, q: usize) -> bool {
        self.words()[q / 64] & (1u64 << (q % 64)) != 0
    }
    fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }
    fn clear(&mut self) {
        self.words_mut().fill(0);
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }
}

/// The UTF-8 text of a non-empty run of plain characters.
fn text_of(ast: &[Ast]) -> Option<Vec<u8>> {
    if ast.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(ast.len());
    for a in ast {
        match a {
            Ast::Char(c) => encode(*c, &mut out),
            _ => return None,
        }
    }
    Some(out)
}

/// A compiled bash pattern.
#[derive(Debug, Clone)]
pub struct Pattern {
    prog: Program,
    /// The text when the pattern has no special characters (and is case-sensitive).
    literal: Option<Vec<u8>>,
    /// Whether the pattern begins with an active `*` (bash lets only such patterns match the
    /// empty string at the end of the subject in `${x/p/r}`).
    starts_with_star: bool,
    /// The pattern text was empty (`${x/#/r}` inserts, `${x//}` does nothing).
    empty: bool,
    /// `*TEXT` or `TEXT*` (case-sensitive, not for pathnames): prefix and suffix removal
    /// (`${p##*/}`, `${f%.*}`) find the text instead of running the matcher at every length.
    affix: Option<(Affix, Vec<u8>)>,
    /// bash's fixed match length for `${x/p/r}` (see [`matchlen`]).
    bash_len: Option<usize>,
    opts: PatternOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Affix {
    /// `*TEXT`
    StarText,
    /// `TEXT*`
    TextStar,
}

/// Builds a [`Pattern`] from active and quoted pieces.
///
/// ```
/// use sandsh_text::pattern::{PatternBuilder, PatternOptions};
/// // "$dir"/*.txt, where $dir held a `*`
/// let p = PatternBuilder::new().quoted(b"a*").active(b"/*.txt").build(PatternOptions::default());
/// assert!(p.matches(b"a*/x.txt"));
/// assert!(!p.matches(b"ab/x.txt"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct PatternBuilder {
    bytes: Vec<u8>,
    active: Vec<bool>,
}

impl PatternBuilder {
    pub fn new() -> Self {
        Self::default()
    }
    /// Append text in which glob characters are special and backslash escapes.
    pub fn active(&mut self, text: &[u8]) -> &mut Self {
        self.push(text, true)
    }
    /// Append text that matches literally.
    pub fn quoted(&mut self, text: &[u8]) -> &mut Self {
        self.push(text, false)
    }
    /// Append text, active or not.
    pub fn push(&mut self, text: &[u8], active: bool) -> &mut Self {
        self.bytes.extend_from_slice(text);
        self.active.resize(self.bytes.len(), active);
        self
    }
    /// Whether what was appended so far holds unquoted glob syntax.
    pub fn has_glob_chars(&self, extglob: bool) -> bool {
        glob_chars(&self.bytes, &self.active, extglob)
    }
    /// Compile.
    pub fn build(&self, opts: PatternOptions) -> Pattern {
        Pattern::from_parts(&self.bytes, &self.active, opts)
    }
}

/// Whether the segments hold unquoted glob syntax: `*`, `?`, a `[` closed by a later `]`, or
/// with extglob one of `?*+@!` followed by `(`. A backslash hides the next byte.
pub fn has_glob_chars(segments: &[(&[u8], bool)], extglob: bool) -> bool {
    let mut b = Vec::new();
    let mut act = Vec::new();
    for (text, active) in segments {
        b.extend_from_slice(text);
        act.resize(b.len(), *active);
    }
    glob_chars(&b, &act, extglob)
}

fn glob_chars(b: &[u8], act: &[bool], extglob: bool) -> bool {
    let mut i = 0;
    let mut open = false;
    while i < b.len() {
        if act[i] {
            match b[i] {
                b'\\' => i += 1,
                b'*' | b'?' => return true,
                b'[' => open = true,
                b']' if open => return true,
                b'+' | b'@' | b'!' if extglob && b.get(i + 1) == Some(&b'(') => return true,
                _ => {}
            }
        }
        i += 1;
    }
    false
}

impl Pattern {
    /// Compile from segments `(text, active)`: in active text `* ? [` (and extglob operators when
    /// enabled) are special and `\` escapes; quoted text matches literally. Never fails: bad
    /// syntax (an unclosed `[` or `@(`) is taken literally, as bash does.
    pub fn compile(segments: &[(&[u8], bool)], opts: PatternOptions) -> Pattern {
        let mut b = PatternBuilder::new();
        for (text, active) in segments {
            b.push(text, *active);
        }
        b.build(opts)
    }

    /// Compile one fully active pattern string.
    pub fn new(pattern: &[u8], opts: PatternOptions) -> Pattern {
        Pattern::from_parts(pattern, &vec![true; pattern.len()], opts)
    }

    /// A pattern matching exactly `text`.
    pub fn literal(text: &[u8], opts: PatternOptions) -> Pattern {
        Pattern::from_parts(text, &vec![false; text.len()], opts)
    }

    fn from_parts(bytes: &[u8], active: &[bool], opts: PatternOptions) -> Pattern {
        let parser = Parser {
            b: bytes,
            act: active,
            extglob: opts.extglob,
            bytes: opts.bytes,
            unclosed: Default::default(),
        };
        let (ast, _) = parser.seq(0, 0);
        let starts_with_star = bytes.first() == Some(&b'*') && active.first() == Some(&true);
        let literal = if ast.iter().all(|a| matches!(a, Ast::Char(_))) && !opts.nocase {
            let mut out = Vec::with_capacity(bytes.len());
            for a in &ast {
                if let Ast::Char(c) = a {
                    encode(*c, &mut out);
                }
            }
            Some(out)
        } else {
            None
        };
        let affix = match ast.as_slice() {
            _ if opts.nocase || opts.pathname => None,
            [Ast::Star, rest @ ..] => text_of(rest).map(|t| (Affix::StarText, t)),
            [rest @ .., Ast::Star] => text_of(rest).map(|t| (Affix::TextStar, t)),
            _ => None,
        };
        Pattern {
            prog: Program::build(&ast, opts),
            literal,
            starts_with_star,
            empty: bytes.is_empty(),
            affix,
            bash_len: matchlen::bash_match_len(bytes, active, opts.bytes),
            opts,
        }
    }

    /// The options it was compiled with.
    pub fn options(&self) -> PatternOptions {
        self.opts
    }

    /// The text this pattern matches when it has no wildcards (after removing escapes), for
    /// callers that can skip matching (pathname expansion looks such a component up directly).
    pub fn as_literal(&self) -> Option<&[u8]> {
        self.literal.as_deref()
    }

    /// Whether the pattern matches all of `s`.
    pub fn matches(&self, s: &[u8]) -> bool {
        if let Some(lit) = &self.literal {
            return lit.as_slice() == s;
        }
        self.prog.matches_all(s)
    }

    /// The length of the shortest (or longest) prefix of `s` that matches.
    pub fn prefix_len(&self, s: &[u8], longest: bool) -> Option<usize> {
        if let Some(lit) = &self.literal {
            return s.starts_with(lit).then_some(lit.len());
        }
        match &self.affix {
            Some((Affix::StarText, t)) => {
                let at = if longest { s.rfind(t) } else { s.find(t) };
                return at.map(|i| i + t.len());
            }
            Some((Affix::TextStar, t)) => {
                return s
                    .starts_with(t)
                    .then_some(if longest { s.len() } else { t.len() });
            }
            None => {}
        }
        let mut found = None;
        self.prog.run(s, 0, &mut NotMemo::default(), |end| {
            found = Some(end);
            longest
        });
        found
    }

    /// The start of the shortest (or longest) suffix of `s` that matches.
    pub fn suffix_start(&self, s: &[u8], longest: bool) -> Option<usize> {
        if let Some(lit) = &self.literal {
            return s.ends_with(lit).then(|| s.len() - lit.len());
        }
        match &self.affix {
            Some((Affix::TextStar, t)) => {
                return if longest { s.find(t) } else { s.rfind(t) };
            }
            Some((Affix::StarText, t)) => {
                return s
                    .ends_with(t)
                    .then(|| if longest { 0 } else { s.len() - t.len() });
            }
            None => {}
        }
        if !self.prog.has_not {
            let prefer = if longest {
                Prefer::Earliest
            } else {
                Prefer::Latest
            };
            let mut found = None;
            self.prog.run_starts(s, 0, true, prefer, |end, start, _| {
                if end == s.len() {
                    found = Some(start);
                }
                true
            });
            return found;
        }
        let bounds = boundaries(s, self.opts.bytes);
        let check = |&i: &usize| self.prog.matches_all(&s[i..]);
        if longest {
            bounds.iter().find(|i| check(i)).copied()
        } else {
            bounds.iter().rev().find(|i| check(i)).copied()
        }
    }

    /// The longest match starting exactly at `start`, as bash's `${x/p/r}` looks for it.
    fn longest_at(&self, s: &[u8], start: usize) -> Option<usize> {
        let mut found = None;
        self.prog.run(s, start, &mut NotMemo::default(), |end| {
            found = Some(end);
            true
        });
        found
    }

    /// The first match at or after `from` as `${x/p/r}` finds it: the leftmost start, the
    /// longest match there. As in bash, only a pattern starting with `*` can match the empty
    /// string at the very end of `s`.
    pub fn find(&self, s: &[u8], from: usize) -> Option<Range<usize>> {
        if let Some(lit) = &self.literal
            && !lit.is_empty()
        {
            let rest = s.get(from..)?;
            return bstr::ByteSlice::find(rest, lit).map(|i| from + i..from + i + lit.len());
        }
        let mut p = from;
        while p <= s.len() {
            if !self.prog.has_not {
                // One pass finds the leftmost start instead of a run from every position.
                p = self.prog.leftmost_start(s, p, self.starts_with_star)?;
            }
            if p == s.len() && !self.starts_with_star {
                return None;
            }
            if let Some(end) = self.longest_at(s, p).filter(|&e| self.len_ok(&s[p..e])) {
                return Some(p..end);
            }
            if p >= s.len() {
                break;
            }
            p += dec(s, p, self.opts.bytes).1;
        }
        None
    }

    /// Whether a `${x/p/r}` match has the length bash requires of it (see [`matchlen`]).
    fn len_ok(&self, m: &[u8]) -> bool {
        match self.bash_len {
            Some(n) if self.literal.is_none() => {
                let mut count = 0;
                let mut i = 0;
                while i < m.len() {
                    i += dec(m, i, self.opts.bytes).1;
                    count += 1;
                }
                count == n
            }
            _ => true,
        }
    }

    /// `${x#p}` (shortest) or `${x##p}` (longest): `s` without the matching prefix.
    pub fn remove_prefix<'a>(&self, s: &'a [u8], longest: bool) -> &'a [u8] {
        match self.prefix_len(s, longest) {
            Some(n) => &s[n..],
            None => s,
        }
    }

    /// `${x%p}` (shortest) or `${x%%p}` (longest): `s` without the matching suffix.
    pub fn remove_suffix<'a>(&self, s: &'a [u8], longest: bool) -> &'a [u8] {
        match self.suffix_start(s, longest) {
            Some(n) => &s[..n],
            None => s,
        }
    }

    /// `${x/p/r}` and friends with a literal replacement.
    pub fn replace(&self, s: &[u8], rep: &[u8], mode: ReplaceMode) -> Vec<u8> {
        self.replace_with(s, mode, |_, out| out.extend_from_slice(rep))
    }

    /// `${x/p/r}` and friends; `rep(matched, out)` appends the replacement for each match (so
    /// the interpreter can expand `&` under `patsub_replacement`).
    pub fn replace_with(
        &self,
        s: &[u8],
        mode: ReplaceMode,
        mut rep: impl FnMut(&[u8], &mut Vec<u8>),
    ) -> Vec<u8> {
        let all = self.try_replace_with(s, mode, |m, out| {
            rep(m, out);
            true
        });
        all.unwrap_or_default()
    }

    /// [`Pattern::replace_with`] that `rep` may stop (by returning false: the result is then
    /// `None`), so that a substitution over a huge string can end as soon as the run is
    /// cancelled or the result outgrows the memory budget.
    pub fn try_replace_with(
        &self,
        s: &[u8],
        mode: ReplaceMode,
        mut rep: impl FnMut(&[u8], &mut Vec<u8>) -> bool,
    ) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(s.len());
        if self.empty {
            // A null pattern: bash inserts at the start or end, and otherwise does nothing.
            match mode {
                ReplaceMode::Prefix => {
                    if !rep(b"", &mut out) {
                        return None;
                    }
                }
                ReplaceMode::Suffix | ReplaceMode::First | ReplaceMode::All => {}
            }
            out.extend_from_slice(s);
            if mode == ReplaceMode::Suffix && !rep(b"", &mut out) {
                return None;
            }
            return Some(out);
        }
        match mode {
            ReplaceMode::Prefix => {
                // bash tries a prefix match only if the first character could start one.
                let possible = !s.is_empty() || self.starts_with_star;
                match self
                    .prefix_len(s, true)
                    .filter(|&n| possible && self.len_ok(&s[..n]))
                {
                    Some(n) => {
                        if !rep(&s[..n], &mut out) {
                            return None;
                        }
                        out.extend_from_slice(&s[n..]);
                    }
                    None => out.extend_from_slice(s),
                }
            }
            ReplaceMode::Suffix => {
                match self.suffix_start(s, true).filter(|&n| self.len_ok(&s[n..])) {
                    Some(n) => {
                        out.extend_from_slice(&s[..n]);
                        if !rep(&s[n..], &mut out) {
                            return None;
                        }
                    }
                    None => out.extend_from_slice(s),
                }
            }
            ReplaceMode::First | ReplaceMode::All => {
                let mut pos = 0;
                while let Some(m) = self.find(s, pos) {
                    out.extend_from_slice(&s[pos..m.start]);
                    if !rep(&s[m.clone()], &mut out) {
                        return None;
                    }
                    pos = m.end;
                    if m.is_empty() && pos < s.len() {
                        let n = dec(s, pos, self.opts.bytes).1;
                        out.extend_from_slice(&s[pos..pos + n]);
                        pos += n;
                    }
                    if mode == ReplaceMode::First || pos >= s.len() {
                        break;
                    }
                }
                out.extend_from_slice(&s[pos.min(s.len())..]);
            }
        }
        Some(out)
    }
}

/// Character start positions of `s`, plus `s.len()`.
fn boundaries(s: &[u8], bytes: bool) -> Vec<usize> {
    let mut v = Vec::with_capacity(s.len() + 1);
    let mut i = 0;
    while i < s.len() {
        v.push(i);
        i += dec(s, i, bytes).1;
    }
    v.push(s.len());
    v
}

#[cfg(test)]
mod tests;
