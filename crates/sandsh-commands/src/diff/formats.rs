//! GNU's line and group formats (`--old-line-format`, `--changed-group-format`, `--line-format`
//! …): the whole of both files as groups of unchanged, old, new and changed lines, each group
//! printed through its template (`%<`, `%>`, `%=`, `%dn`, `%(A=B?T:E)`, `%c'C'`), each line
//! through its line template (`%l`, `%L`, `%dn`). GNU diffutils' manual, "Line Formats" and
//! "Group Formats".

use super::analyze::Change;
use super::lines::Input;

/// Which group or line a template is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Old = 0,
    New = 1,
    Unchanged = 2,
    Changed = 3,
}

/// The templates given; the missing ones take GNU's defaults when printing.
#[derive(Default, Clone)]
pub(super) struct Formats {
    pub(super) line: [Option<Vec<u8>>; 3],
    pub(super) group: [Option<Vec<u8>>; 4],
}

impl Formats {
    /// Record `--NAME=VALUE` when NAME is a format option; false for other names.
    pub(super) fn set(&mut self, name: &str, value: &str) -> bool {
        let v = Some(value.as_bytes().to_vec());
        match name {
            "old-line-format" => self.line[Kind::Old as usize] = v,
            "new-line-format" => self.line[Kind::New as usize] = v,
            "unchanged-line-format" => self.line[Kind::Unchanged as usize] = v,
            "line-format" => self.line = [v.clone(), v.clone(), v],
            "old-group-format" => self.group[Kind::Old as usize] = v,
            "new-group-format" => self.group[Kind::New as usize] = v,
            "unchanged-group-format" => self.group[Kind::Unchanged as usize] = v,
            "changed-group-format" => self.group[Kind::Changed as usize] = v,
            _ => return false,
        }
        true
    }

    /// The templates with GNU's defaults filled in (`%l\n` for lines; `%<`, `%>`, `%=`, and
    /// the changed group as old then new, or old and new as the changed one when only that is
    /// given).
    fn resolved(&self) -> ([Vec<u8>; 3], [Vec<u8>; 4]) {
        let line = self
            .line
            .clone()
            .map(|l| l.unwrap_or_else(|| b"%l\n".to_vec()));
        let changed = self.group[Kind::Changed as usize].clone();
        let old = self.group[0]
            .clone()
            .or_else(|| changed.clone())
            .unwrap_or_else(|| b"%<".to_vec());
        let new = self.group[1]
            .clone()
            .or_else(|| changed.clone())
            .unwrap_or_else(|| b"%>".to_vec());
        let unchanged = self.group[2].clone().unwrap_or_else(|| b"%=".to_vec());
        let changed = changed.unwrap_or_else(|| [old.as_slice(), new.as_slice()].concat());
        (line, [old, new, unchanged, changed])
    }
}

/// One group: its kind and its lines in each file (0-based, end exclusive).
struct Group {
    kind: Kind,
    old: (usize, usize),
    new: (usize, usize),
}

/// Print both files through the templates.
pub(super) fn render(f: &Formats, a: &Input, b: &Input, changes: &[Change], out: &mut Vec<u8>) {
    let (line, group) = f.resolved();
    let p = Printer {
        a,
        b,
        line: &line,
        group: &group,
    };
    let (mut i0, mut i1) = (0, 0);
    let emit = |g: Group, out: &mut Vec<u8>| p.group(&g, out);
    for c in changes {
        if c.line0 > i0 {
            let old = (i0, c.line0);
            let new = (i1, i1 + (c.line0 - i0));
            emit(
                Group {
                    kind: Kind::Unchanged,
                    old,
                    new,
                },
                out,
            );
        }
        let kind = match (c.deleted > 0, c.inserted > 0) {
            (true, true) => Kind::Changed,
            (true, false) => Kind::Old,
            _ => Kind::New,
        };
        emit(
            Group {
                kind,
                old: (c.line0, c.line0 + c.deleted),
                new: (c.line1, c.line1 + c.inserted),
            },
            out,
        );
        i0 = c.line0 + c.deleted;
        i1 = c.line1 + c.inserted;
    }
    if i0 < a.lines.len() {
        let n = a.lines.len() - i0;
        emit(
            Group {
                kind: Kind::Unchanged,
                old: (i0, a.lines.len()),
                new: (i1, i1 + n),
            },
            out,
        );
    }
}

struct Printer<'a> {
    a: &'a Input<'a>,
    b: &'a Input<'a>,
    line: &'a [Vec<u8>; 3],
    group: &'a [Vec<u8>; 4],
}

impl Printer<'_> {
    fn group(&self, g: &Group, out: &mut Vec<u8>) {
        let t = &self.group[g.kind as usize];
        self.group_template(t, g, out);
    }

    /// The value of a group letter (`e f l m n`, `E F L M N`), 1-based line numbers.
    fn letter(g: &Group, c: u8) -> Option<i64> {
        let (s, e) = if c.is_ascii_lowercase() { g.old } else { g.new };
        let (f, l) = (s as i64 + 1, e as i64);
        Some(match c.to_ascii_lowercase() {
            b'e' => f - 1,
            b'f' => f,
            b'l' => l,
            b'm' => l + 1,
            b'n' => l - f + 1,
            _ => return None,
        })
    }

    fn group_template(&self, t: &[u8], g: &Group, out: &mut Vec<u8>) {
        let mut i = 0;
        while i < t.len() {
            if t[i] != b'%' {
                out.push(t[i]);
                i += 1;
                continue;
            }
            let rest = &t[i + 1..];
            let used = match rest.first() {
                Some(b'<') => {
                    self.lines(Kind::Old, g.old, out);
                    Some(1)
                }
                Some(b'>') => {
                    self.lines(Kind::New, g.new, out);
                    Some(1)
                }
                Some(b'=') => {
                    self.lines(Kind::Unchanged, g.old, out);
                    Some(1)
                }
                Some(b'(') => self.conditional(rest, g, out),
                _ => common(rest, out, |c| Self::letter(g, c)),
            };
            match used {
                Some(n) => i += 1 + n,
                None => {
                    out.push(b'%');
                    i += 1;
                }
            }
        }
    }

    /// `%(A=B?T:E)` after the `%`: bytes used, or None when malformed (printed as is).
    fn conditional(&self, rest: &[u8], g: &Group, out: &mut Vec<u8>) -> Option<usize> {
        let mut i = 1;
        let operand = |i: &mut usize| -> Option<i64> {
            let start = *i;
            while rest.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            if *i > start {
                return std::str::from_utf8(&rest[start..*i]).ok()?.parse().ok();
            }
            let c = *rest.get(*i)?;
            *i += 1;
            Self::letter(g, c)
        };
        let x = operand(&mut i)?;
        if rest.get(i) != Some(&b'=') {
            return None;
        }
        i += 1;
        let y = operand(&mut i)?;
        if rest.get(i) != Some(&b'?') {
            return None;
        }
        i += 1;
        let then_end = branch_end(rest, i, b':')?;
        let then = &rest[i..then_end];
        let (els, end) = if rest[then_end] == b':' {
            let e = branch_end(rest, then_end + 1, b')')?;
            (&rest[then_end + 1..e], e)
        } else {
            (&rest[then_end..then_end], then_end)
        };
        if rest.get(end) != Some(&b')') {
            return None;
        }
        self.group_template(if x == y { then } else { els }, g, out);
        Some(end + 1)
    }

    /// Each line of `range` in its file, through the line template of `kind`.
    fn lines(&self, kind: Kind, range: (usize, usize), out: &mut Vec<u8>) {
        let file = if kind == Kind::New { self.b } else { self.a };
        let t = &self.line[kind as usize];
        for n in range.0..range.1 {
            let l = &file.lines[n];
            let body = l.strip_suffix(b"\n").unwrap_or(l);
            let mut i = 0;
            while i < t.len() {
                if t[i] != b'%' {
                    out.push(t[i]);
                    i += 1;
                    continue;
                }
                let rest = &t[i + 1..];
                let used = match rest.first() {
                    Some(b'l') => {
                        out.extend_from_slice(body);
                        Some(1)
                    }
                    Some(b'L') => {
                        out.extend_from_slice(l);
                        Some(1)
                    }
                    _ => common(rest, out, |c| (c == b'n').then_some(n as i64 + 1)),
                };
                match used {
                    Some(k) => i += 1 + k,
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
        }
    }
}

/// Where a `%(…)` branch ends: the first `stop` (or `)`) outside nested `%(…)`.
fn branch_end(s: &[u8], mut i: usize, stop: u8) -> Option<usize> {
    let mut depth = 0;
    while i < s.len() {
        match s[i] {
            b'%' if s.get(i + 1) == Some(&b'(') => {
                depth += 1;
                i += 2;
                continue;
            }
            b'%' => {
                i += 2;
                continue;
            }
            b')' if depth > 0 => depth -= 1,
            c if depth == 0 && (c == stop || c == b')') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The escapes both kinds of template share, after the `%`: `%%`, `%c'C'`, `%c'\OOO'` and a
/// number `%[-][width][.prec]{d,o,x,X}LETTER`. Bytes used, or None (the `%` is then literal).
fn common(rest: &[u8], out: &mut Vec<u8>, value: impl Fn(u8) -> Option<i64>) -> Option<usize> {
    match rest.first()? {
        b'%' => {
            out.push(b'%');
            return Some(1);
        }
        b'c' if rest.get(1) == Some(&b'\'') => {
            let (byte, used) = if rest.get(2) == Some(&b'\\') {
                let digits = rest[3..]
                    .iter()
                    .take(3)
                    .take_while(|c| (b'0'..=b'7').contains(c))
                    .count();
                if digits == 0 {
                    return None;
                }
                let v = rest[3..3 + digits]
                    .iter()
                    .fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
                (u8::try_from(v).ok()?, 3 + digits)
            } else {
                (*rest.get(2)?, 3)
            };
            if rest.get(used) != Some(&b'\'') {
                return None;
            }
            out.push(byte);
            return Some(used + 1);
        }
        _ => {}
    }
    let mut i = 0;
    let left = rest.first() == Some(&b'-');
    if left {
        i += 1;
    }
    let num = |i: &mut usize| -> usize {
        let start = *i;
        while rest.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        std::str::from_utf8(&rest[start..*i])
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    };
    let width = num(&mut i);
    let prec = if rest.get(i) == Some(&b'.') {
        i += 1;
        Some(num(&mut i))
    } else {
        None
    };
    let conv = *rest.get(i)?;
    if !matches!(conv, b'd' | b'o' | b'x' | b'X') {
        return None;
    }
    let v = value(*rest.get(i + 1)?)?;
    let mut digits = match conv {
        b'd' => v.unsigned_abs().to_string(),
        b'o' => format!("{v:o}"),
        b'x' => format!("{v:x}"),
        _ => format!("{v:X}"),
    };
    if let Some(p) = prec
        && digits.len() < p
    {
        digits = format!("{}{digits}", "0".repeat(p - digits.len()));
    }
    if conv == b'd' && v < 0 {
        digits.insert(0, '-');
    }
    let s = if left {
        format!("{digits:<width$}")
    } else {
        format!("{digits:>width$}")
    };
    out.extend_from_slice(s.as_bytes());
    Some(i + 2)
}
