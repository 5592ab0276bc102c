//! The output formats: normal, context (`-c`/`-C`) and unified (`-u`/`-U`), their range
//! notations and hunk grouping, `-p`'s enclosing-function names, and `-t`/`-T`'s tabs
//! (side by side, `-y`, is in [`super::side`]).

use super::analyze::Change;
use super::lines::Input;
use super::options::{Opts, Style};
use super::side::fill;

fn range_normal(a: usize, b: isize) -> String {
    // 0-based first..last; printed 1-based.
    let ta = a as isize + 1;
    let tb = b + 1;
    if tb > ta {
        format!("{ta},{tb}")
    } else {
        format!("{tb}")
    }
}

fn range_unified(a: usize, b: isize) -> String {
    let ta = a as isize + 1;
    let tb = b + 1;
    if tb < ta {
        format!("{tb},0")
    } else if tb == ta {
        format!("{tb}")
    } else {
        format!("{ta},{}", tb - ta + 1)
    }
}

/// A line of the normal or context format: its `flag` (`<`, `>`, `!`, `-`, `+`, ` `), a space
/// (a tab with `-T`), the text.
fn push_line(out: &mut Vec<u8>, o: &Opts, flag: u8, line: &[u8], cancel: &dyn Fn() -> bool) {
    let mark = [flag, if o.initial_tab { b'\t' } else { b' ' }];
    out.extend_from_slice(&mark);
    push_text(out, o, line, Some(&mark), cancel);
}

/// A line of the unified format: ` ` (a tab with `-T`), or `-`/`+` (then a tab with `-T`),
/// the text.
fn push_unified(out: &mut Vec<u8>, o: &Opts, mark: u8, line: &[u8], cancel: &dyn Fn() -> bool) {
    match (mark, o.initial_tab) {
        (b' ', true) => out.push(b'\t'),
        (m, true) => out.extend_from_slice(&[m, b'\t']),
        (m, false) => out.push(m),
    }
    push_text(out, o, line, None, cancel);
}

/// A line's text and newline (GNU's note when it has none). With `-t`, tabs become spaces
/// to the next stop of the text's own columns (GNU's `output_1_line`: printable ASCII takes a
/// column, a backspace gives one back, a carriage return starts again at 0 and repeats
/// `mark` when more text follows).
fn push_text(
    out: &mut Vec<u8>,
    o: &Opts,
    line: &[u8],
    mark: Option<&[u8]>,
    cancel: &dyn Fn() -> bool,
) {
    if o.expand_tabs {
        let mut col = 0usize;
        for (k, &c) in line.iter().enumerate() {
            match c {
                b'\t' => {
                    let n = o.tabsize - col % o.tabsize;
                    col = col.saturating_add(n);
                    fill(out, b' ', n, cancel);
                }
                b'\r' => {
                    out.push(c);
                    if let Some(m) = mark
                        && line.get(k + 1).is_some_and(|n| *n != b'\n')
                    {
                        out.extend_from_slice(m);
                    }
                    col = 0;
                }
                8 => {
                    if col > 0 {
                        col -= 1;
                        out.push(c);
                    }
                }
                _ => {
                    col += usize::from((b' '..=b'~').contains(&c));
                    out.push(c);
                }
            }
        }
    } else {
        out.extend_from_slice(line);
    }
    if line.last() != Some(&b'\n') {
        out.extend_from_slice(b"\n\\ No newline at end of file\n");
    }
}

/// Group changes into hunks (GNU's `find_hunk`): a change joins the previous hunk when fewer
/// than `2 * context + 1` unchanged lines separate them.
fn hunks(changes: &[Change], context: usize) -> Vec<&[Change]> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < changes.len() {
        let mut end = start;
        loop {
            let top0 = changes[end].line0 + changes[end].deleted;
            match changes.get(end + 1) {
                Some(n) if n.line0 - top0 < 2 * context + 1 => end += 1,
                _ => break,
            }
        }
        out.push(&changes[start..=end]);
        start = end + 1;
    }
    out
}

/// Print the changes in `o`'s style; `cancel` stops long padding (GNU allows any `-W` and
/// `--tabsize`): the caller checks it again afterwards.
pub(super) fn render(
    o: &Opts,
    (a, b): (&Input, &Input),
    changes: &[Change],
    out: &mut Vec<u8>,
    cancel: &dyn Fn() -> bool,
) {
    match o.style {
        Style::Normal => {
            for c in changes {
                let (f0, l0) = (c.line0, c.line0 as isize + c.deleted as isize - 1);
                let (f1, l1) = (c.line1, c.line1 as isize + c.inserted as isize - 1);
                let letter = match (c.deleted > 0, c.inserted > 0) {
                    (true, true) => 'c',
                    (true, false) => 'd',
                    _ => 'a',
                };
                out.extend_from_slice(
                    format!("{}{letter}{}\n", range_normal(f0, l0), range_normal(f1, l1))
                        .as_bytes(),
                );
                for l in &a.lines[c.line0..c.line0 + c.deleted] {
                    push_line(out, o, b'<', l, cancel);
                }
                if letter == 'c' {
                    out.extend_from_slice(b"---\n");
                }
                for l in &b.lines[c.line1..c.line1 + c.inserted] {
                    push_line(out, o, b'>', l, cancel);
                }
            }
        }
        Style::Side => super::side::render(o, (a, b), changes, out, cancel),
        Style::Unified | Style::Context => {
            let ctxn = o.context;
            // GNU's find_function state: where the last search started and what it found.
            let mut last_search: usize = 0;
            let mut last_match: Option<usize> = None;
            for h in hunks(changes, ctxn) {
                let (first, last) = (h[0], h[h.len() - 1]);
                let f0 = first.line0.saturating_sub(ctxn);
                let f1 = first.line1.saturating_sub(ctxn);
                let l0 = ((last.line0 + last.deleted + ctxn).min(a.lines.len())) as isize - 1;
                let l1 = ((last.line1 + last.inserted + ctxn).min(b.lines.len())) as isize - 1;
                let mut func: Vec<u8> = Vec::new();
                if o.show_function {
                    let mut i = f0;
                    let mut found = None;
                    while i > last_search {
                        i -= 1;
                        let l = &a.lines[i];
                        if l.first()
                            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'$' || *c == b'_')
                        {
                            found = Some(i);
                            break;
                        }
                    }
                    last_search = f0;
                    if found.is_some() {
                        last_match = found;
                    }
                    if let Some(m) = last_match {
                        let l = &a.lines[m];
                        let body = l.strip_suffix(b"\n").unwrap_or(l);
                        let start = body.iter().take_while(|c| c.is_ascii_whitespace()).count();
                        let mut end = (start + 40).min(body.len());
                        while end > start && body[end - 1].is_ascii_whitespace() {
                            end -= 1;
                        }
                        func.push(b' ');
                        func.extend_from_slice(&body[start..end]);
                    }
                }
                if o.style == Style::Unified {
                    out.extend_from_slice(
                        format!(
                            "@@ -{} +{} @@",
                            range_unified(f0, l0),
                            range_unified(f1, l1)
                        )
                        .as_bytes(),
                    );
                    out.extend_from_slice(&func);
                    out.push(b'\n');
                    let (mut i, mut j) = (f0 as isize, f1 as isize);
                    let mut next = 0;
                    while i <= l0 || j <= l1 {
                        if next >= h.len() || (i as usize) < h[next].line0 {
                            push_unified(out, o, b' ', a.lines[i as usize], cancel);
                            i += 1;
                            j += 1;
                        } else {
                            let c = h[next];
                            for _ in 0..c.deleted {
                                push_unified(out, o, b'-', a.lines[i as usize], cancel);
                                i += 1;
                            }
                            for _ in 0..c.inserted {
                                push_unified(out, o, b'+', b.lines[j as usize], cancel);
                                j += 1;
                            }
                            next += 1;
                        }
                    }
                } else {
                    let old = h.iter().any(|c| c.deleted > 0);
                    let new = h.iter().any(|c| c.inserted > 0);
                    out.extend_from_slice(b"***************");
                    out.extend_from_slice(&func);
                    out.push(b'\n');
                    out.extend_from_slice(
                        format!("*** {} ****\n", range_context(f0, l0)).as_bytes(),
                    );
                    if old {
                        context_side(out, (o, cancel), h, &a.lines, (f0, l0), b'-', |c| {
                            (c.line0, c.deleted, c.inserted)
                        });
                    }
                    out.extend_from_slice(
                        format!("--- {} ----\n", range_context(f1, l1)).as_bytes(),
                    );
                    if new {
                        context_side(out, (o, cancel), h, &b.lines, (f1, l1), b'+', |c| {
                            (c.line1, c.inserted, c.deleted)
                        });
                    }
                }
            }
        }
    }
}

/// One side of a context-format hunk: lines `first..=last`, flagged `!` inside a change that
/// has lines on both sides, `only` (`-`, `+`) inside one that has lines on this side alone,
/// and a space outside changes. `side` is a change's (start, count, count on the other
/// side) on this side.
fn context_side(
    out: &mut Vec<u8>,
    (o, cancel): (&Opts, &dyn Fn() -> bool),
    hunk: &[Change],
    lines: &[&[u8]],
    (first, last): (usize, isize),
    only: u8,
    side: impl Fn(&Change) -> (usize, usize, usize),
) {
    let mut next = 0;
    for i in first as isize..=last {
        let i = i as usize;
        while hunk
            .get(next)
            .map(&side)
            .is_some_and(|(start, count, _)| start + count <= i)
        {
            next += 1;
        }
        let flag = match hunk.get(next).map(&side) {
            Some((start, _, other)) if start <= i => {
                if other > 0 {
                    b'!'
                } else {
                    only
                }
            }
            _ => b' ',
        };
        push_line(out, o, flag, lines[i], cancel);
    }
}

fn range_context(a: usize, b: isize) -> String {
    let ta = a as isize + 1;
    let tb = b + 1;
    if tb <= ta {
        format!("{tb}")
    } else {
        format!("{ta},{tb}")
    }
}
