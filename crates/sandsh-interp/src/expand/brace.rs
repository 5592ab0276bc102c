//! Brace expansion (`{a,b}`, `{1..10..2}`), bounded before it runs (a word that would make
//! more words than the limit stops early), and what bash does to the words it makes: bare
//! names lengthened, a leading `~` made a tilde prefix.

use sandsh_syntax::ast::WordPart;

pub(super) fn is_brace(p: &WordPart) -> bool {
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
pub(super) fn lengthen_bare_names(parts: &mut Vec<WordPart>) {
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

/// Join the literal text a brace expansion left at the start of a word, then mark a `~`
/// prefix there as a tilde expansion.
pub(super) fn leading_tilde(parts: &mut Vec<WordPart>) {
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

/// Expand braces: one part list per resulting word, left to right.
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

pub(super) fn brace_text(p: &WordPart) -> String {
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
