//! Comparing two files: reading each side (`-` for standard input, `-N` for an absent one),
//! the header lines with their names and times, and the report (`-q`, `-s`, binary files) or
//! the diff.

use rustc_hash::FxHashMap;

use sandsh_api::ToolCtx;
use sandsh_text::strftime::{Moment, format_moment};

use super::analyze::Change;
use super::format::render;
use super::lines::{Input, is_blank, normalize, split_lines};
use super::options::Style;
use super::{Run, analyze};
use crate::common::{diag, input, output};

/// A file name as GNU diff shows it in `diff -r` headers: double-quoted with C escapes when it
/// holds characters a shell would need quoted.
pub(super) fn header_name(n: &str) -> String {
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
    /// The bytes of one side (none for an absent file under `-N`).
    fn read(&mut self, ctx: &mut dyn ToolCtx, name: &str, absent: bool) -> Result<Vec<u8>, ()> {
        if absent {
            return Ok(Vec::new());
        }
        input::read_input(ctx, name.as_bytes()).map_err(|e| {
            diag::err(ctx, "diff", &format!("{name}: {}", diag::io_msg(&e)));
        })
    }

    /// One side as lines, or as binary (a NUL in its first 32 KiB, unless `-a`).
    fn input<'a>(&self, data: &'a [u8]) -> Input<'a> {
        let binary = !self.o.text && data[..data.len().min(32 * 1024)].contains(&0);
        Input {
            lines: if binary {
                Vec::new()
            } else {
                split_lines(data)
            },
            binary,
        }
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

    /// The start of the answer for two files that differ: with `-q`, GNU's one line and
    /// status 1 (`Some`); else `header` (the `diff -r` line) goes first into `out`.
    fn brief_or_header(
        &self,
        ctx: &mut dyn ToolCtx,
        (n0, n1): (&str, &str),
        header: Option<&str>,
        out: &mut Vec<u8>,
    ) -> Option<i32> {
        if self.o.brief {
            output::out(ctx, format!("Files {n0} and {n1} differ\n").as_bytes());
            return Some(1);
        }
        if let Some(h) = header {
            out.extend_from_slice(h.as_bytes());
        }
        None
    }

    /// Compare two files; `header` is printed before any output (the `diff -r` line).
    pub(super) fn files(
        &mut self,
        ctx: &mut dyn ToolCtx,
        n0: &str,
        n1: &str,
        absent: [bool; 2],
        header: Option<String>,
    ) -> Option<i32> {
        let Ok(da) = self.read(ctx, n0, absent[0]) else {
            return Some(2);
        };
        let Ok(db) = self.read(ctx, n1, absent[1]) else {
            return Some(2);
        };
        let (a, b) = (self.input(&da), self.input(&db));
        let mut out = Vec::new();
        if a.binary || b.binary {
            if da == db {
                return Some(0);
            }
            if let Some(s) = self.brief_or_header(ctx, (n0, n1), header.as_deref(), &mut out) {
                return Some(s);
            }
            let l0 = self.o.labels.first().map_or(n0, |l| l.as_str());
            let l1 = self.o.labels.get(1).map_or(n1, |l| l.as_str());
            out.extend_from_slice(format!("Binary files {l0} and {l1} differ\n").as_bytes());
            output::out(ctx, &out);
            return Some(1);
        }
        // Equivalence classes of lines: by their normalized form (-i, -b, -w, --strip-trailing-cr)
        // for the comparison, and by their bytes for the shifting of change boundaries.
        let normalizing =
            self.o.icase || self.o.space_change || self.o.all_space || self.o.strip_cr;
        let lines = a.lines.len() + b.lines.len();
        let mut raw = FxHashMap::with_capacity_and_hasher(lines, Default::default());
        let ra = class_ids(&mut raw, a.lines.iter().copied());
        let rb = class_ids(&mut raw, b.lines.iter().copied());
        let (ia, ib, n) = if normalizing {
            let na: Vec<Vec<u8>> = a.lines.iter().map(|l| normalize(self.o, l)).collect();
            let nb: Vec<Vec<u8>> = b.lines.iter().map(|l| normalize(self.o, l)).collect();
            let mut classes = FxHashMap::with_capacity_and_hasher(lines, Default::default());
            let ia = class_ids(&mut classes, na.iter().map(Vec::as_slice));
            let ib = class_ids(&mut classes, nb.iter().map(Vec::as_slice));
            (ia, ib, classes.len())
        } else {
            (ra.clone(), rb.clone(), raw.len())
        };
        let horizon = if matches!(self.o.style, Style::Context | Style::Unified) {
            self.o.context
        } else {
            0
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
        if changes.is_empty()
            && !self.o.brief
            && let Some(f) = &self.o.formats
        {
            // Formats print the unchanged lines too (GNU), and -s still reports.
            super::formats::render(f, &a, &b, &changes, &mut out);
            output::out(ctx, &out);
        }
        if changes.is_empty()
            && !self.o.brief
            && self.o.style == Style::Side
            && !self.o.side.suppress_common
        {
            // Side by side, identical files still list their lines (GNU).
            if let Some(h) = header.as_deref() {
                out.extend_from_slice(h.as_bytes());
            }
            render(self.o, (&a, &b), &changes, &mut out, &|| ctx.is_cancelled());
            if ctx.is_cancelled() {
                return None;
            }
            output::out(ctx, &out);
        }
        if changes.is_empty() {
            if self.o.report_same {
                output::out(
                    ctx,
                    format!("Files {n0} and {n1} are identical\n").as_bytes(),
                );
            }
            return Some(0);
        }
        if let Some(s) = self.brief_or_header(ctx, (n0, n1), header.as_deref(), &mut out) {
            return Some(s);
        }
        if let Some(f) = &self.o.formats {
            super::formats::render(f, &a, &b, &changes, &mut out);
            output::out(ctx, &out);
            return Some(1);
        }
        if matches!(self.o.style, Style::Context | Style::Unified) {
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
        render(self.o, (&a, &b), &changes, &mut out, &|| ctx.is_cancelled());
        if ctx.is_cancelled() {
            return None;
        }
        output::out(ctx, &out);
        Some(1)
    }
}

/// The class number (from 1, in order of first appearance) of each line, shared through `map`.
fn class_ids<'a>(
    map: &mut FxHashMap<&'a [u8], usize>,
    lines: impl Iterator<Item = &'a [u8]>,
) -> Vec<usize> {
    lines
        .map(|l| {
            let n = map.len() + 1;
            *map.entry(l).or_insert(n)
        })
        .collect()
}
