//! `sort`'s key definitions: the ordering kinds, a key's fields and flags, and the parsing of a
//! `-k KEYDEF` (GNU's messages included). Where a key falls in a line is [`super::fields`].

use crate::common::quote;

#[derive(Clone, Copy, Default, PartialEq)]
pub(super) enum Kind {
    #[default]
    Text,
    Numeric,
    General,
    Human,
    Month,
    Version,
    Random,
}

#[derive(Clone, Copy, Default)]
pub(super) struct Key {
    pub(super) sword: usize,
    pub(super) schar: usize,
    /// `None`: to the end of the line.
    pub(super) eword: Option<usize>,
    pub(super) echar: usize,
    pub(super) skip_sblanks: bool,
    pub(super) skip_eblanks: bool,
    pub(super) dict: bool,
    pub(super) fold: bool,
    pub(super) nonprint: bool,
    pub(super) kind: Kind,
    pub(super) reverse: bool,
}

impl Key {
    pub(super) fn has_ordering(&self) -> bool {
        self.skip_sblanks
            || self.skip_eblanks
            || self.dict
            || self.fold
            || self.nonprint
            || self.kind != Kind::Text
            || self.reverse
    }

    pub(super) fn inherit(&mut self, g: &Key) {
        self.skip_sblanks = g.skip_sblanks;
        self.skip_eblanks = g.skip_eblanks;
        self.dict = g.dict;
        self.fold = g.fold;
        self.nonprint = g.nonprint;
        self.kind = g.kind;
        self.reverse = g.reverse;
    }

    /// Apply ordering letters; returns the rest of the string.
    pub(super) fn set_flags<'a>(&mut self, mut s: &'a str, end: bool) -> &'a str {
        while let Some(c) = s.chars().next() {
            match c {
                'b' => {
                    if end {
                        self.skip_eblanks = true
                    } else {
                        self.skip_sblanks = true
                    }
                }
                'd' => self.dict = true,
                'f' => self.fold = true,
                'i' => self.nonprint = true,
                'g' => self.kind = Kind::General,
                'h' => self.kind = Kind::Human,
                'M' => self.kind = Kind::Month,
                'n' => self.kind = Kind::Numeric,
                'R' => self.kind = Kind::Random,
                'V' => self.kind = Kind::Version,
                'r' => self.reverse = true,
                _ => return s,
            }
            s = &s[1..];
        }
        s
    }
}

fn take_num(s: &str) -> (Option<usize>, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 {
        return (None, s);
    }
    (Some(s[..end].parse().unwrap_or(usize::MAX)), &s[end..])
}

pub(super) fn parse_key(spec: &str) -> Result<Key, String> {
    let bad = |why: &str| format!("{why}: invalid field specification {}", quote::cquote(spec));
    let mut k = Key::default();
    let (f, rest) = take_num(spec);
    let f = f.ok_or_else(|| {
        format!(
            "invalid number at field start: invalid count at start of {}",
            quote::cquote(spec)
        )
    })?;
    if f == 0 {
        return Err(bad("field number is zero"));
    }
    k.sword = f - 1;
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix('.') {
        let (c, r2) = take_num(r);
        let c = c.ok_or_else(|| {
            format!(
                "invalid number after '.': invalid count at start of {}",
                quote::cquote(r)
            )
        })?;
        if c == 0 {
            return Err(bad("character offset is zero"));
        }
        k.schar = c - 1;
        rest = r2;
    }
    rest = k.set_flags(rest, false);
    if let Some(r) = rest.strip_prefix(',') {
        let (f2, r2) = take_num(r);
        let f2 = f2.ok_or_else(|| {
            format!(
                "invalid number after ',': invalid count at start of {}",
                quote::cquote(r)
            )
        })?;
        if f2 == 0 {
            return Err(bad("field number is zero"));
        }
        k.eword = Some(f2 - 1);
        rest = r2;
        if let Some(r) = rest.strip_prefix('.') {
            let (c, r3) = take_num(r);
            let c = c.ok_or_else(|| {
                format!(
                    "invalid number after '.': invalid count at start of {}",
                    quote::cquote(r)
                )
            })?;
            k.echar = c;
            rest = r3;
        }
        rest = k.set_flags(rest, true);
    }
    if !rest.is_empty() {
        return Err(bad("stray character in field spec"));
    }
    Ok(k)
}
