//! Brace-expansion structure and tilde prefixes, recognised on lexed word parts.
//!
//! Both only look at unquoted literal text, so they run after lexing on the parts (quoted text
//! and expansions are opaque items): `{a,"b c"}` is a brace expansion with a quoted
//! alternative, `"{a,b}"` and `${x}` are not.

use super::ast::{Word, WordPart};

enum Item {
    Ch(u8),
    Part(WordPart),
}

/// Applies brace-expansion structure to a command word.
pub fn brace_word(mut w: Word) -> Word {
    let has_brace = w
        .parts
        .iter()
        .any(|p| matches!(p, WordPart::Literal(s) if s.contains('{')));
    if !has_brace {
        return w;
    }
    let parts = std::mem::take(&mut w.parts);
    let mut items = Vec::new();
    for p in parts {
        match p {
            WordPart::Literal(s) => items.extend(s.bytes().map(Item::Ch)),
            p => items.push(Item::Part(p)),
        }
    }
    let mut out = Vec::new();
    build(
        &mut items.into_iter().map(Some).collect::<Vec<_>>(),
        0,
        usize::MAX,
        &mut out,
        0,
    );
    w.parts = out;
    w
}

fn push_lit(out: &mut Vec<WordPart>, bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    let s = String::from_utf8_lossy(bytes);
    if let Some(WordPart::Literal(prev)) = out.last_mut() {
        prev.push_str(&s);
    } else {
        out.push(WordPart::Literal(s.into_owned()));
    }
}

fn ch(items: &[Option<Item>], i: usize) -> Option<u8> {
    match items.get(i) {
        Some(Some(Item::Ch(c))) => Some(*c),
        _ => None,
    }
}

/// Converts `items[from..to]` into parts, recognising brace expansions.
fn build(items: &mut [Option<Item>], from: usize, to: usize, out: &mut Vec<WordPart>, depth: u32) {
    let to = to.min(items.len());
    let mut i = from;
    let mut lit: Vec<u8> = Vec::new();
    while i < to {
        if ch(items, i) == Some(b'{')
            && depth < 50
            && let Some((close, commas)) = find_close(items, i, to)
        {
            if !commas.is_empty() {
                push_lit(out, &lit);
                lit.clear();
                let mut alts = Vec::new();
                let mut s = i + 1;
                for &c in commas.iter().chain(std::iter::once(&close)) {
                    let mut alt = Vec::new();
                    build(items, s, c, &mut alt, depth + 1);
                    alts.push(alt);
                    s = c + 1;
                }
                out.push(WordPart::BraceAlt(alts));
                i = close + 1;
                continue;
            }
            // A sequence: only plain characters inside.
            let inner: Option<Vec<u8>> = (i + 1..close).map(|k| ch(items, k)).collect();
            if let Some(inner) = inner
                && let Some(seq) = sequence(&inner)
            {
                push_lit(out, &lit);
                lit.clear();
                out.push(seq);
                i = close + 1;
                continue;
            }
        }
        match items.get_mut(i).and_then(Option::take) {
            Some(Item::Ch(c)) => lit.push(c),
            Some(Item::Part(p)) => {
                push_lit(out, &lit);
                lit.clear();
                out.push(p);
            }
            None => {}
        }
        i += 1;
    }
    push_lit(out, &lit);
}

/// The matching `}` of the `{` at `open` and the top-level commas.
fn find_close(items: &[Option<Item>], open: usize, to: usize) -> Option<(usize, Vec<usize>)> {
    let mut depth = 0u32;
    let mut commas = Vec::new();
    for k in open..to {
        match ch(items, k) {
            Some(b'{') => depth += 1,
            Some(b'}') => {
                depth -= 1;
                if depth == 0 {
                    return Some((k, commas));
                }
            }
            Some(b',') if depth == 1 => commas.push(k),
            _ => {}
        }
    }
    None
}

fn is_int(s: &str) -> bool {
    let d = s.strip_prefix(['-', '+']).unwrap_or(s);
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
}

fn sequence(inner: &[u8]) -> Option<WordPart> {
    let s = std::str::from_utf8(inner).ok()?;
    let mut it = s.split("..");
    let start = it.next()?;
    let end = it.next()?;
    let step = it.next();
    if it.next().is_some() {
        return None;
    }
    if let Some(st) = step
        && !is_int(st)
    {
        return None;
    }
    let single = |x: &str| x.len() == 1 && x.as_bytes()[0].is_ascii_alphabetic();
    let ok = (is_int(start) && is_int(end)) || (single(start) && single(end));
    if !ok {
        return None;
    }
    Some(WordPart::BraceSeq {
        start: start.to_string(),
        end: end.to_string(),
        step: step.map(str::to_string),
    })
}

/// `~` / `~user` at the start of a word (also applied to each word brace expansion makes:
/// `{a,~}/x` gives `~/x`, which is then expanded).
pub fn tilde_prefix(parts: &mut Vec<WordPart>) {
    tilde_prefix_ending(parts, &['/']);
}

/// A `~` prefix at the start of a `${x-…}` or `${x/p/…}` operand: it ends at `/` or `:`
/// (`${u-~:x}` is `$HOME:x`).
pub(super) fn operand_tilde(parts: &mut Vec<WordPart>) {
    tilde_prefix_ending(parts, &['/', ':']);
}

/// A leading `~user` literal, up to the first of `ends` (or the whole word when it is one
/// literal), made a [`WordPart::Tilde`]; none when the name holds brace or glob characters.
fn tilde_prefix_ending(parts: &mut Vec<WordPart>, ends: &[char]) {
    let Some(WordPart::Literal(s)) = parts.first() else {
        return;
    };
    if !s.starts_with('~') {
        return;
    }
    let (user, rest) = match s.find(ends) {
        Some(k) => (s[1..k].to_string(), s[k..].to_string()),
        None if parts.len() == 1 => (s[1..].to_string(), String::new()),
        None => return,
    };
    if user.contains(['{', '}', ',', '*', '?', '[']) {
        return;
    }
    parts[0] = WordPart::Tilde(user);
    if !rest.is_empty() {
        parts.insert(1, WordPart::Literal(rest));
    }
}

/// Tilde prefixes in an assignment value: at the start and after each unquoted `:`, also in
/// the operand of a `${x-…}` there (`x=${u-~:~}`).
pub(super) fn assign_tilde(parts: &mut Vec<WordPart>) {
    let mut out = Vec::with_capacity(parts.len());
    let n = parts.len();
    for (idx, p) in std::mem::take(parts).into_iter().enumerate() {
        let WordPart::Literal(s) = p else {
            out.push(operand_assign_tilde(p));
            continue;
        };
        let last = idx + 1 == n;
        let b = s.as_bytes();
        let mut lit_start = 0;
        let mut k = 0;
        while k < b.len() {
            let at_start = (k == 0 && idx == 0 && out.is_empty()) || (k > 0 && b[k - 1] == b':');
            if b[k] == b'~' && at_start {
                let mut e = k + 1;
                while e < b.len() && b[e] != b'/' && b[e] != b':' {
                    e += 1;
                }
                if e < b.len() || last {
                    if k > lit_start {
                        out.push(WordPart::Literal(s[lit_start..k].to_string()));
                    }
                    out.push(WordPart::Tilde(s[k + 1..e].to_string()));
                    lit_start = e;
                    k = e;
                    continue;
                }
            }
            k += 1;
        }
        if lit_start < b.len() {
            out.push(WordPart::Literal(s[lit_start..].to_string()));
        }
    }
    *parts = out;
}

fn operand_assign_tilde(mut p: WordPart) -> WordPart {
    if let WordPart::Param(pe) = &mut p
        && let super::ast::ParamOp::Default { word, .. } = &mut pe.op
    {
        assign_tilde(&mut word.parts);
    }
    p
}

/// Bash also expands tildes after `=` and `:` in ordinary words shaped like assignments
/// (`echo a=~/x`).
pub(super) fn assign_word_tilde(parts: &mut Vec<WordPart>) {
    let Some(WordPart::Literal(s)) = parts.first() else {
        return;
    };
    let Some(eq) = s.find('=') else {
        return;
    };
    let name = s[..eq].strip_suffix('+').unwrap_or(&s[..eq]);
    if !crate::is_name(name) || !s[eq..].contains('~') {
        return;
    }
    let head = s[..eq + 1].to_string();
    let tail = s[eq + 1..].to_string();
    let mut rest: Vec<WordPart> = Vec::with_capacity(parts.len());
    if !tail.is_empty() {
        rest.push(WordPart::Literal(tail));
    }
    rest.extend(parts.drain(1..));
    assign_tilde(&mut rest);
    parts.clear();
    parts.push(WordPart::Literal(head));
    for p in rest {
        match (parts.last_mut(), p) {
            (Some(WordPart::Literal(prev)), WordPart::Literal(s)) => prev.push_str(&s),
            (_, p) => parts.push(p),
        }
    }
}
