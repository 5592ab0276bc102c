//! `diff`: compare files line by line, as GNU diffutils 3.8 does.
//!
//! Lines are mapped to equivalence classes (after `-i`, `-b`, `-w` normalization), compared
//! with GNU's own algorithm ([`analyze`], so hunks match GNU's), and printed in the normal,
//! context (`-c`/`-C`) or unified (`-u`/`-U`) format. `-r` walks directories in name order.
//! Exit status: 0 same, 1 different, 2 trouble.

mod analyze;

use std::collections::HashMap;
use std::path::PathBuf;

use sandsh_api::fs::FileType;
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};
use sandsh_text::strftime::{Moment, format_moment};

use super::util;
use analyze::Change;

pub struct Diff;

static SPEC: CommandSpec = CommandSpec {
    name: "diff",
    group: "text",
    summary: "compare files line by line",
    usage: "diff [OPTION]... FILE1 FILE2",
    description: "Compare FILE1 and FILE2 line by line, as GNU diff does (the same minimal-change algorithm, so the same hunks). FILE may be - for standard input; when one operand is a directory, the file of the same name in it is used. Output formats: normal (default), context (-c, -C N) and unified (-u, -U N). -p names the enclosing function (the last line starting with a letter, $ or _) in each hunk header. Side-by-side (-y) and ed scripts (-e) are not supported.",
    options: &[
        OptSpec::new("-q, --brief", "report only when files differ"),
        OptSpec::new(
            "-s, --report-identical-files",
            "report when two files are the same",
        ),
        OptSpec::new("-c", "output 3 lines of copied context"),
        OptSpec::new(
            "-C, --context=NUM",
            "output NUM (default 3) lines of copied context",
        ),
        OptSpec::new("-u", "output 3 lines of unified context"),
        OptSpec::new(
            "-p, --show-c-function",
            "show which C function each change is in",
        ),
        OptSpec::new(
            "-U, --unified=NUM",
            "output NUM (default 3) lines of unified context",
        ),
        OptSpec::new("--normal", "output a normal diff (the default)"),
        OptSpec::new(
            "-r, --recursive",
            "recursively compare any subdirectories found",
        ),
        OptSpec::new("-N, --new-file", "treat absent files as empty"),
        OptSpec::new(
            "-i, --ignore-case",
            "ignore case differences in file contents",
        ),
        OptSpec::new(
            "-b, --ignore-space-change",
            "ignore changes in the amount of white space",
        ),
        OptSpec::new("-w, --ignore-all-space", "ignore all white space"),
        OptSpec::new(
            "-B, --ignore-blank-lines",
            "ignore changes where lines are all blank",
        ),
        OptSpec::new("-a, --text", "treat all files as text"),
        OptSpec::new("-d, --minimal", "try hard to find a smaller set of changes"),
        OptSpec::new(
            "--strip-trailing-cr",
            "strip trailing carriage return on input",
        ),
        OptSpec::new(
            "--label=LABEL",
            "use LABEL instead of file name and timestamp (can be repeated)",
        ),
        OptSpec::new("--color=WHEN", "accepted; output is never colored"),
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first file or directory"),
        ArgSpec::required("FILE2", ArgType::Path, "second file or directory"),
    ],
    returns: "the differences in the chosen format",
    examples: &[
        Example {
            description: "normal format",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff x y",
            stdout: "2c2\n< b\n---\n> c\n",
        },
        Example {
            description: "unified with labels",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff -u --label old --label new x y",
            stdout: "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
        },
        Example {
            description: "just say whether they differ",
            script: "echo 1 > x; echo 2 > y; diff -q x y",
            stdout: "Files x and y differ\n",
        },
    ],
    errors: "exit 0 when the inputs are the same, 1 when they differ, 2 on trouble (missing file, bad option)",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Normal,
    Context,
    Unified,
}

struct Opts {
    style: Style,
    context: usize,
    brief: bool,
    report_same: bool,
    recursive: bool,
    new_file: bool,
    icase: bool,
    space_change: bool,
    all_space: bool,
    blank: bool,
    text: bool,
    minimal: bool,
    strip_cr: bool,
    /// `-p`: show the C function (last line starting with a letter, `$` or `_`) per hunk.
    show_function: bool,
    labels: Vec<String>,
    /// The options as given, for the `diff -r ...` headers.
    switches: String,
}

fn usage(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    util::usage(ctx, &SPEC, &format!("diff: {m}"), 2)
}

fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<(Opts, Vec<String>), i32> {
    let mut o = Opts {
        style: Style::Normal,
        context: 3,
        brief: false,
        report_same: false,
        recursive: false,
        new_file: false,
        icase: false,
        space_change: false,
        all_space: false,
        blank: false,
        text: false,
        minimal: false,
        strip_cr: false,
        show_function: false,
        labels: Vec::new(),
        switches: String::new(),
    };
    let mut ops = Vec::new();
    let mut switches: Vec<String> = Vec::new();
    let mut i = 0;
    let num = |ctx: &mut dyn ToolCtx, v: &str| -> Result<usize, i32> {
        v.parse::<usize>()
            .map_err(|_| usage(ctx, &format!("invalid context length {}", util::quote(v))))
    };
    while i < args.len() {
        let a = util::lossy(&args[i]);
        if a == "--" {
            ops.extend(args[i + 1..].iter().map(|x| util::lossy(x)));
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            switches.push(a.clone());
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (long.to_string(), None),
            };
            let known = [
                "brief",
                "report-identical-files",
                "context",
                "unified",
                "normal",
                "recursive",
                "new-file",
                "ignore-case",
                "ignore-space-change",
                "ignore-all-space",
                "ignore-blank-lines",
                "text",
                "minimal",
                "strip-trailing-cr",
                "label",
                "color",
                "side-by-side",
                "ed",
                "show-c-function",
                "unidirectional-new-file",
            ];
            let cands: Vec<&str> = known
                .iter()
                .copied()
                .filter(|k| k.starts_with(&name))
                .collect();
            let full = match cands.iter().find(|k| **k == name) {
                Some(k) => *k,
                None if cands.len() == 1 => cands[0],
                None if cands.is_empty() => {
                    return Err(usage(ctx, &format!("unrecognized option '--{name}'")));
                }
                None => return Err(usage(ctx, &format!("option '--{name}' is ambiguous"))),
            };
            match full {
                "brief" => o.brief = true,
                "report-identical-files" => o.report_same = true,
                "context" => {
                    o.style = Style::Context;
                    if let Some(v) = val {
                        o.context = num(ctx, &v)?;
                    }
                }
                "unified" => {
                    o.style = Style::Unified;
                    if let Some(v) = val {
                        o.context = num(ctx, &v)?;
                    }
                }
                "normal" => o.style = Style::Normal,
                "recursive" => o.recursive = true,
                "new-file" | "unidirectional-new-file" => o.new_file = true,
                "ignore-case" => o.icase = true,
                "ignore-space-change" => o.space_change = true,
                "ignore-all-space" => o.all_space = true,
                "ignore-blank-lines" => o.blank = true,
                "text" => o.text = true,
                "minimal" => o.minimal = true,
                "strip-trailing-cr" => o.strip_cr = true,
                "label" => {
                    let v = match val {
                        Some(v) => v,
                        None => {
                            i += 1;
                            match args.get(i) {
                                Some(v) => util::lossy(v),
                                None => {
                                    return Err(usage(
                                        ctx,
                                        "option '--label' requires an argument",
                                    ));
                                }
                            }
                        }
                    };
                    o.labels.push(v);
                }
                "color" => {}
                "show-c-function" => o.show_function = true,
                other => {
                    util::err(ctx, "diff", &format!("--{other} is not supported"));
                    return Err(2);
                }
            }
            i += 1;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            switches.push(a.clone());
            let chars: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                match c {
                    'q' => o.brief = true,
                    's' => o.report_same = true,
                    'c' => o.style = Style::Context,
                    'u' => o.style = Style::Unified,
                    'r' => o.recursive = true,
                    'N' => o.new_file = true,
                    'i' => o.icase = true,
                    'b' => o.space_change = true,
                    'w' => o.all_space = true,
                    'B' => o.blank = true,
                    'a' => o.text = true,
                    'd' => o.minimal = true,
                    'C' | 'U' => {
                        let rest: String = chars[k + 1..].iter().collect();
                        let v = if !rest.is_empty() {
                            rest
                        } else {
                            i += 1;
                            match args.get(i) {
                                Some(v) => util::lossy(v),
                                None => {
                                    return Err(usage(
                                        ctx,
                                        &format!("option requires an argument -- '{c}'"),
                                    ));
                                }
                            }
                        };
                        o.context = num(ctx, &v)?;
                        o.style = if c == 'C' {
                            Style::Context
                        } else {
                            Style::Unified
                        };
                        break;
                    }
                    'p' => o.show_function = true,
                    'y' | 'e' | 'n' | 'f' | 'D' => {
                        util::err(ctx, "diff", &format!("option -{c} is not supported"));
                        return Err(2);
                    }
                    _ => return Err(usage(ctx, &format!("invalid option -- '{c}'"))),
                }
                k += 1;
            }
            i += 1;
            continue;
        }
        ops.push(a);
        i += 1;
    }
    o.switches = switches.join(" ");
    Ok((o, ops))
}

/// One side of a comparison.
struct Input {
    /// Lines with their terminators (the last may lack one).
    lines: Vec<Vec<u8>>,
    data_len: usize,
    binary: bool,
}

fn split_lines(data: &[u8]) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    let mut start = 0;
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' {
            v.push(data[start..=i].to_vec());
            start = i + 1;
        }
    }
    if start < data.len() {
        v.push(data[start..].to_vec());
    }
    v
}

fn normalize(o: &Opts, line: &[u8]) -> Vec<u8> {
    let (body, nl) = match line.last() {
        Some(b'\n') => (&line[..line.len() - 1], true),
        _ => (line, false),
    };
    let mut body = body;
    if o.strip_cr && body.last() == Some(&b'\r') {
        body = &body[..body.len() - 1];
    }
    let mut out: Vec<u8> = Vec::with_capacity(body.len() + 1);
    if o.all_space {
        out.extend(body.iter().filter(|b| !b.is_ascii_whitespace()));
    } else if o.space_change {
        // Runs of white space compare as one space; trailing white space is ignored.
        let mut in_space = false;
        for &b in body {
            if b.is_ascii_whitespace() {
                in_space = true;
            } else {
                if in_space {
                    out.push(b' ');
                }
                in_space = false;
                out.push(b);
            }
        }
    } else {
        out.extend_from_slice(body);
    }
    if o.icase {
        out.make_ascii_lowercase();
    }
    if nl || o.all_space || o.space_change {
        out.push(b'\n');
    }
    out
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| *b == b'\n')
}

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

fn push_line(out: &mut Vec<u8>, prefix: &[u8], line: &[u8]) {
    out.extend_from_slice(prefix);
    out.extend_from_slice(line);
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

fn render(o: &Opts, a: &Input, b: &Input, changes: &[Change], out: &mut Vec<u8>) {
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
                    push_line(out, b"< ", l);
                }
                if letter == 'c' {
                    out.extend_from_slice(b"---\n");
                }
                for l in &b.lines[c.line1..c.line1 + c.inserted] {
                    push_line(out, b"> ", l);
                }
            }
        }
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
                            push_line(out, b" ", &a.lines[i as usize]);
                            i += 1;
                            j += 1;
                        } else {
                            let c = h[next];
                            for _ in 0..c.deleted {
                                push_line(out, b"-", &a.lines[i as usize]);
                                i += 1;
                            }
                            for _ in 0..c.inserted {
                                push_line(out, b"+", &b.lines[j as usize]);
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
                        context_side(out, h, &a.lines, f0, l0, b"- ", |c| {
                            (c.line0, c.deleted, c.inserted)
                        });
                    }
                    out.extend_from_slice(
                        format!("--- {} ----\n", range_context(f1, l1)).as_bytes(),
                    );
                    if new {
                        context_side(out, h, &b.lines, f1, l1, b"+ ", |c| {
                            (c.line1, c.inserted, c.deleted)
                        });
                    }
                }
            }
        }
    }
}

/// One side of a context-format hunk: lines `first..=last`, marked `! ` inside a change that
/// has lines on both sides, `only` (`- `, `+ `) inside one that has lines on this side alone,
/// and two spaces outside changes. `side` is a change's (start, count, count on the other
/// side) on this side.
fn context_side(
    out: &mut Vec<u8>,
    hunk: &[Change],
    lines: &[Vec<u8>],
    first: usize,
    last: isize,
    only: &[u8],
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
        let mark: &[u8] = match hunk.get(next).map(&side) {
            Some((start, _, other)) if start <= i => {
                if other > 0 {
                    b"! "
                } else {
                    only
                }
            }
            _ => b"  ",
        };
        push_line(out, mark, &lines[i]);
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

/// A file name as GNU diff shows it in `diff -r` headers: double-quoted with C escapes when it
/// holds characters a shell would need quoted.
fn header_name(n: &str) -> String {
    let plain = n
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"_./-+,:@%^=~".contains(&b));
    if plain && !n.is_empty() {
        return n.to_string();
    }
    let mut s = String::from("\"");
    for c in n.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

struct Run<'a> {
    o: &'a Opts,
    status: i32,
}

fn stamp(t: std::time::SystemTime) -> String {
    let (secs, nanos) = match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(_) => (0, 0),
    };
    let m = Moment {
        secs,
        nanos,
        offset: 0,
        zone: "UTC",
    };
    String::from_utf8_lossy(&format_moment(b"%Y-%m-%d %H:%M:%S.%N %z", &m)).into_owned()
}

impl Run<'_> {
    fn read(&mut self, ctx: &mut dyn ToolCtx, name: &str, absent: bool) -> Result<Input, ()> {
        let data = if absent {
            Vec::new()
        } else {
            match util::read_input(ctx, name.as_bytes()) {
                Ok(d) => d,
                Err(e) => {
                    util::err(ctx, "diff", &format!("{name}: {}", util::io_msg(&e)));
                    return Err(());
                }
            }
        };
        let binary = !self.o.text && data[..data.len().min(32 * 1024)].contains(&0);
        Ok(Input {
            data_len: data.len(),
            lines: if binary {
                Vec::new()
            } else {
                split_lines(&data)
            },
            binary,
        })
    }

    fn mtime(&self, ctx: &dyn ToolCtx, name: &str, absent: bool) -> std::time::SystemTime {
        if absent {
            return std::time::UNIX_EPOCH;
        }
        if name == "-" || name.starts_with("/dev/fd/") || name == "/dev/stdin" {
            return ctx.now();
        }
        ctx.backend()
            .stat(&ctx.resolve_path(name))
            .map(|m| m.mtime)
            .unwrap_or(std::time::UNIX_EPOCH)
    }

    /// Compare two files; `header` is printed before any output (the `diff -r` line).
    fn files(
        &mut self,
        ctx: &mut dyn ToolCtx,
        n0: &str,
        n1: &str,
        absent: [bool; 2],
        header: Option<String>,
    ) -> Option<i32> {
        let Ok(a) = self.read(ctx, n0, absent[0]) else {
            return Some(2);
        };
        let Ok(b) = self.read(ctx, n1, absent[1]) else {
            return Some(2);
        };
        let mut out = Vec::new();
        if a.binary || b.binary {
            let same = a.data_len == b.data_len
                && util::read_input(ctx, n0.as_bytes()).ok()
                    == util::read_input(ctx, n1.as_bytes()).ok();
            if same {
                return Some(0);
            }
            if self.o.brief {
                util::out(ctx, format!("Files {n0} and {n1} differ\n").as_bytes());
                return Some(1);
            }
            if let Some(h) = header {
                out.extend_from_slice(h.as_bytes());
            }
            let l0 = self.o.labels.first().map_or(n0, |l| l.as_str());
            let l1 = self.o.labels.get(1).map_or(n1, |l| l.as_str());
            out.extend_from_slice(format!("Binary files {l0} and {l1} differ\n").as_bytes());
            util::out(ctx, &out);
            return Some(1);
        }
        let mut classes: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut ids = |lines: &[Vec<u8>]| -> Vec<usize> {
            lines
                .iter()
                .map(|l| {
                    let k = normalize(self.o, l);
                    let n = classes.len() + 1;
                    *classes.entry(k).or_insert(n)
                })
                .collect()
        };
        let ia = ids(&a.lines);
        let ib = ids(&b.lines);
        let n = classes.len();
        let normalizing =
            self.o.icase || self.o.space_change || self.o.all_space || self.o.strip_cr;
        let (ra, rb) = if normalizing {
            let mut raw: HashMap<&[u8], usize> = HashMap::new();
            let mut ra = Vec::with_capacity(a.lines.len());
            for l in &a.lines {
                let n = raw.len() + 1;
                ra.push(*raw.entry(l.as_slice()).or_insert(n));
            }
            let mut rb = Vec::with_capacity(b.lines.len());
            for l in &b.lines {
                let n = raw.len() + 1;
                rb.push(*raw.entry(l.as_slice()).or_insert(n));
            }
            (ra, rb)
        } else {
            (ia.clone(), ib.clone())
        };
        let horizon = if self.o.style == Style::Normal {
            0
        } else {
            self.o.context
        };
        let cancelled = || ctx.is_cancelled();
        let changes = analyze::diff(&ia, &ib, (&ra, &rb), n, horizon, self.o.minimal, &cancelled)?;
        let changes: Vec<Change> = if self.o.blank {
            changes
                .into_iter()
                .filter(|c| {
                    !(a.lines[c.line0..c.line0 + c.deleted]
                        .iter()
                        .all(|l| is_blank(l))
                        && b.lines[c.line1..c.line1 + c.inserted]
                            .iter()
                            .all(|l| is_blank(l)))
                })
                .collect()
        } else {
            changes
        };
        if changes.is_empty() {
            if self.o.report_same {
                util::out(
                    ctx,
                    format!("Files {n0} and {n1} are identical\n").as_bytes(),
                );
            }
            return Some(0);
        }
        if self.o.brief {
            util::out(ctx, format!("Files {n0} and {n1} differ\n").as_bytes());
            return Some(1);
        }
        if let Some(h) = header {
            out.extend_from_slice(h.as_bytes());
        }
        if self.o.style != Style::Normal {
            let (m0, m1) = if self.o.style == Style::Unified {
                ("---", "+++")
            } else {
                ("***", "---")
            };
            let l0 = match self.o.labels.first() {
                Some(l) => l.clone(),
                None => format!("{n0}\t{}", stamp(self.mtime(ctx, n0, absent[0]))),
            };
            let l1 = match self.o.labels.get(1) {
                Some(l) => l.clone(),
                None => format!("{n1}\t{}", stamp(self.mtime(ctx, n1, absent[1]))),
            };
            out.extend_from_slice(format!("{m0} {l0}\n{m1} {l1}\n").as_bytes());
        }
        render(self.o, &a, &b, &changes, &mut out);
        util::out(ctx, &out);
        Some(1)
    }

    fn kind(ctx: &dyn ToolCtx, p: &str) -> Option<FileType> {
        if p == "-" {
            return Some(FileType::File);
        }
        match ctx.backend().stat(&ctx.resolve_path(p)) {
            Ok(m) => Some(m.file_type),
            // Process substitutions and /dev/stdin are opened through the shell's descriptors.
            Err(_) if p.starts_with("/dev/fd/") || p == "/dev/stdin" => Some(FileType::File),
            Err(_) => None,
        }
    }

    fn list(ctx: &dyn ToolCtx, p: &str) -> Vec<String> {
        let path: PathBuf = ctx.resolve_path(p);
        ctx.backend()
            .list(&path)
            .map(|v| v.into_iter().map(|e| util::lossy(&e.name)).collect())
            .unwrap_or_default()
    }

    fn dirs(&mut self, ctx: &mut dyn ToolCtx, d0: &str, d1: &str, depth: usize) -> Option<i32> {
        if depth > 256 {
            util::err(ctx, "diff", &format!("{d0}: directory nesting too deep"));
            return Some(2);
        }
        let l0 = Self::list(ctx, d0);
        let l1 = Self::list(ctx, d1);
        let mut names: Vec<&String> = l0.iter().chain(l1.iter()).collect();
        names.sort();
        names.dedup();
        let mut status = 0;
        for name in names {
            if ctx.is_cancelled() {
                return None;
            }
            let p0 = util::join_name(d0, name);
            let p1 = util::join_name(d1, name);
            let (in0, in1) = (l0.contains(name), l1.contains(name));
            let (k0, k1) = (Self::kind(ctx, &p0), Self::kind(ctx, &p1));
            let s = if !in0 || !in1 {
                let (k, present_dir) = if in0 { (k0, d0) } else { (k1, d1) };
                if self.o.new_file {
                    if k == Some(FileType::Dir) {
                        if self.o.recursive {
                            if in0 {
                                self.dir_vs_absent(ctx, &p0, &p1, true, depth)?
                            } else {
                                self.dir_vs_absent(ctx, &p0, &p1, false, depth)?
                            }
                        } else {
                            0
                        }
                    } else {
                        let h = format!(
                            "diff {} {} {}\n",
                            self.o.switches,
                            header_name(&p0),
                            header_name(&p1)
                        );
                        self.files(ctx, &p0, &p1, [!in0, !in1], Some(h))?
                    }
                } else {
                    util::out(ctx, format!("Only in {present_dir}: {name}\n").as_bytes());
                    1
                }
            } else {
                match (k0, k1) {
                    (Some(FileType::Dir), Some(FileType::Dir)) => {
                        if self.o.recursive {
                            self.dirs(ctx, &p0, &p1, depth + 1)?
                        } else {
                            util::out(
                                ctx,
                                format!("Common subdirectories: {p0} and {p1}\n").as_bytes(),
                            );
                            0
                        }
                    }
                    (Some(FileType::Dir), _) | (_, Some(FileType::Dir)) => {
                        let (a, b) = if k0 == Some(FileType::Dir) {
                            ("directory", "regular file")
                        } else {
                            ("regular file", "directory")
                        };
                        util::out(
                            ctx,
                            format!("File {p0} is a {a} while file {p1} is a {b}\n").as_bytes(),
                        );
                        1
                    }
                    _ => {
                        let h = format!(
                            "diff {} {} {}\n",
                            self.o.switches,
                            header_name(&p0),
                            header_name(&p1)
                        );
                        self.files(ctx, &p0, &p1, [false, false], Some(h))?
                    }
                }
            };
            status = status.max(s);
        }
        Some(status)
    }

    fn dir_vs_absent(
        &mut self,
        ctx: &mut dyn ToolCtx,
        p0: &str,
        p1: &str,
        left_present: bool,
        depth: usize,
    ) -> Option<i32> {
        if depth > 256 {
            return Some(2);
        }
        let present = if left_present { p0 } else { p1 };
        let mut status = 0;
        for name in Self::list(ctx, present) {
            let c0 = util::join_name(p0, &name);
            let c1 = util::join_name(p1, &name);
            let cp = if left_present { &c0 } else { &c1 };
            let s = if Self::kind(ctx, cp) == Some(FileType::Dir) {
                self.dir_vs_absent(ctx, &c0, &c1, left_present, depth + 1)?
            } else {
                let h = format!(
                    "diff {} {} {}\n",
                    self.o.switches,
                    header_name(&c0),
                    header_name(&c1)
                );
                self.files(ctx, &c0, &c1, [!left_present, left_present], Some(h))?
            };
            status = status.max(s);
        }
        Some(status)
    }
}

impl Command for Diff {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (o, ops) = match parse(args, ctx) {
            Ok(x) => x,
            Err(s) => return s,
        };
        match ops.len() {
            0 => return usage(ctx, "missing operand after 'diff'"),
            1 => {
                return usage(
                    ctx,
                    &format!("missing operand after {}", util::quote(&ops[0])),
                );
            }
            2 => {}
            _ => return usage(ctx, &format!("extra operand {}", util::quote(&ops[2]))),
        }
        let mut run = Run { o: &o, status: 0 };
        let (mut n0, mut n1) = (ops[0].clone(), ops[1].clone());
        let (k0, k1) = (Run::kind(ctx, &n0), Run::kind(ctx, &n1));
        let missing = |ctx: &mut dyn ToolCtx, n: &str| {
            util::err(ctx, "diff", &format!("{n}: No such file or directory"));
            2
        };
        let mut absent = [false, false];
        match (k0, k1) {
            (None, None) => {
                let s = missing(ctx, &n0);
                return s.max(missing(ctx, &n1));
            }
            (None, _) if !o.new_file => return missing(ctx, &n0),
            (_, None) if !o.new_file => return missing(ctx, &n1),
            (None, _) => absent[0] = true,
            (_, None) => absent[1] = true,
            _ => {}
        }
        let d0 = k0 == Some(FileType::Dir);
        let d1 = k1 == Some(FileType::Dir);
        let r = if d0 && d1 {
            run.dirs(ctx, &n0, &n1, 0)
        } else {
            if d0 && !absent[1] {
                n0 = util::join_name(&n0, &util::lossy(util::base_name(n1.as_bytes())));
                if Run::kind(ctx, &n0).is_none() {
                    return missing(ctx, &n0);
                }
            } else if d1 && !absent[0] {
                n1 = util::join_name(&n1, &util::lossy(util::base_name(n0.as_bytes())));
                if Run::kind(ctx, &n1).is_none() {
                    return missing(ctx, &n1);
                }
            }
            run.files(ctx, &n0, &n1, absent, None)
        };
        run.status = r.unwrap_or(130);
        run.status
    }
}
