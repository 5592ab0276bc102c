//! `cut`: remove sections from each line of files.
//!
//! As in GNU coreutils, `-c` selects bytes exactly like `-b` (GNU has no multibyte cut). Lists
//! are parsed once into a sorted, merged set of ranges; lines stream through one at a time.

use sandsh_api::opt;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::{FILES, ZERO_TERMINATED};

use crate::common::input::{self, Halt};
use crate::common::{diag, output, quote};

pub struct Cut;

static SPEC: CommandSpec = CommandSpec {
    name: "cut",
    group: "text",
    summary: "remove sections from each line of files",
    usage: "cut OPTION... [FILE]...",
    description: "Print selected parts of lines from each FILE to standard output. With no FILE, or when FILE is -, read standard input. LIST is one range or many separated by commas: N, N-, N-M, -M (counted from 1). -c selects bytes, as GNU cut does.",
    options: &[
        OptSpec::new("-b, --bytes=LIST", "select only these bytes"),
        OptSpec::new(
            "-c, --characters=LIST",
            "select only these characters (bytes, as in GNU)",
        ),
        OptSpec::new(
            "-d, --delimiter=DELIM",
            "use DELIM instead of TAB for field delimiter",
        ),
        OptSpec::new(
            "-f, --fields=LIST",
            "select only these fields; also print lines without delimiters, unless -s",
        ),
        OptSpec::new("-n", "(ignored, as in GNU)"),
        OptSpec::new(
            "--complement",
            "complement the set of selected bytes, characters or fields",
        ),
        OptSpec::new(
            "-s, --only-delimited",
            "do not print lines not containing delimiters",
        ),
        OptSpec::new(
            "--output-delimiter=STRING",
            "use STRING as the output delimiter",
        ),
        ZERO_TERMINATED,
    ],
    operands: &[FILES],
    returns: "the selected parts of each line",
    examples: &[
        Example {
            description: "second field",
            script: "echo a:b:c | cut -d: -f2",
            stdout: "b\n",
        },
        Example {
            description: "character range",
            script: "echo abcdef | cut -c2-4",
            stdout: "bcd\n",
        },
        Example {
            description: "all but field 1",
            script: "echo a:b:c | cut -d: -f1 --complement",
            stdout: "b:c\n",
        },
    ],
    errors: "exit 1 on a bad list, missing or conflicting list options, or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

/// Inclusive 1-based ranges, sorted and merged.
fn parse_list(s: &str, fields: bool) -> Result<Vec<(usize, usize)>, String> {
    let mut v = Vec::new();
    for part in s.split([',', ' ', '\t']) {
        if part.is_empty() {
            continue;
        }
        let bad = || {
            if fields {
                format!("invalid field value {}", quote::cquote(part))
            } else {
                format!("invalid byte/character position {}", quote::cquote(part))
            }
        };
        let num = |t: &str| -> Result<usize, String> {
            let n: usize = t.parse().map_err(|_| bad())?;
            if n == 0 {
                return Err(if fields {
                    "fields are numbered from 1".into()
                } else {
                    "byte/character positions are numbered from 1".into()
                });
            }
            Ok(n)
        };
        let r = match part.split_once('-') {
            None => {
                let n = num(part)?;
                (n, n)
            }
            Some(("", "")) => return Err("invalid range with no endpoint: -".into()),
            Some(("", hi)) => (1, num(hi)?),
            Some((lo, "")) => (num(lo)?, usize::MAX),
            Some((lo, hi)) => {
                let (a, b) = (num(lo)?, num(hi)?);
                if b < a {
                    return Err("invalid decreasing range".into());
                }
                (a, b)
            }
        };
        v.push(r);
    }
    if v.is_empty() {
        return Err(if fields {
            "fields are numbered from 1".into()
        } else {
            "byte/character positions are numbered from 1".into()
        });
    }
    v.sort();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for r in v {
        match merged.last_mut() {
            Some(last) if r.0 <= last.1.saturating_add(1) => last.1 = last.1.max(r.1),
            _ => merged.push(r),
        }
    }
    Ok(merged)
}

fn complement(r: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut next = 1usize;
    for &(a, b) in r {
        if a > next {
            out.push((next, a - 1));
        }
        next = b.saturating_add(1);
        if b == usize::MAX {
            return out;
        }
    }
    out.push((next, usize::MAX));
    out
}

fn selected(r: &[(usize, usize)], i: usize) -> bool {
    r.iter().any(|&(a, b)| a <= i && i <= b)
}

struct Cfg {
    ranges: Vec<(usize, usize)>,
    fields: bool,
    delim: u8,
    out_delim: Option<Vec<u8>>,
    only_delimited: bool,
}

fn cut_line(line: &[u8], c: &Cfg, out: &mut Vec<u8>) -> bool {
    if !c.fields {
        let mut prev: Option<usize> = None;
        for (i, &b) in line.iter().enumerate() {
            let pos = i + 1;
            if selected(&c.ranges, pos) {
                if let (Some(p), Some(od)) = (prev, &c.out_delim)
                    && p + 1 != pos
                {
                    out.extend_from_slice(od);
                }
                out.push(b);
                prev = Some(pos);
            }
        }
        return true;
    }
    if !line.contains(&c.delim) {
        if c.only_delimited {
            return false;
        }
        out.extend_from_slice(line);
        return true;
    }
    let od: &[u8] = match &c.out_delim {
        Some(d) => d,
        None => std::slice::from_ref(&c.delim),
    };
    let mut first = true;
    for (i, f) in line.split(|&b| b == c.delim).enumerate() {
        if selected(&c.ranges, i + 1) {
            if !first {
                out.extend_from_slice(od);
            }
            out.extend_from_slice(f);
            first = false;
        }
    }
    true
}

impl ParsedCommand for Cut {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut list: Option<(Vec<u8>, bool)> = None;
        for (i, v) in &p.opts {
            if let Some(c @ ('b' | 'c' | 'f')) = SPEC.options[*i].short {
                if list.is_some() {
                    return diag::usage(ctx, &SPEC, "cut: only one list may be specified", 1);
                }
                list = Some((v.clone().unwrap_or_default(), c == 'f'));
            }
        }
        let Some((list, fields)) = list else {
            return diag::usage(
                ctx,
                &SPEC,
                "cut: you must specify a list of bytes, characters, or fields",
                1,
            );
        };
        let mut delim = b'\t';
        if let Some(d) = p.value(opt!(SPEC, "d")) {
            if !fields {
                return diag::usage(
                    ctx,
                    &SPEC,
                    "cut: an input delimiter may be specified only when operating on fields",
                    1,
                );
            }
            if d.len() > 1 {
                return diag::usage(
                    ctx,
                    &SPEC,
                    "cut: the delimiter must be a single character",
                    1,
                );
            }
            delim = d.first().copied().unwrap_or(0);
        }
        let only_delimited = p.has(opt!(SPEC, "s"));
        if only_delimited && !fields {
            return diag::usage(
                ctx,
                &SPEC,
                "cut: suppressing non-delimited lines makes sense\n\tonly when operating on fields",
                1,
            );
        }
        let mut ranges = match parse_list(&diag::lossy(&list), fields) {
            Ok(r) => r,
            Err(m) => return diag::usage(ctx, &SPEC, &format!("cut: {m}"), 1),
        };
        if p.has(opt!(SPEC, "complement")) {
            ranges = complement(&ranges);
        }
        let out_delim = p.value(opt!(SPEC, "output-delimiter")).cloned();
        let cfg = Cfg {
            ranges,
            fields,
            delim,
            out_delim,
            only_delimited,
        };
        let eol = if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' };
        let mut status = 0;
        let mut out = Vec::new();
        for f in input::files_or_stdin(p.operands) {
            let Some(mut src) = input::open_or_report(ctx, "cut", &f) else {
                status = 1;
                continue;
            };
            let read = input::for_each_record(ctx, &mut src, eol, |ctx, line| {
                let body = line.strip_suffix(&[eol]).unwrap_or(line);
                if cut_line(body, &cfg, &mut out) {
                    out.push(eol);
                }
                if !output::out(ctx, &out) {
                    return Err(Halt::Exit(1));
                }
                out.clear();
                Ok(())
            });
            match read {
                Ok(()) | Err(Halt::Skip) => {}
                // Unlike the other filters, a cancelled read is reported too.
                Err(Halt::Read(e)) => {
                    diag::err(
                        ctx,
                        "cut",
                        &format!("{}: {}", diag::lossy(&f), diag::io_msg(&e)),
                    );
                    status = 1;
                }
                Err(Halt::Exit(s)) => return s,
            }
        }
        if !out.is_empty() && !output::out(ctx, &out) {
            return 1;
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Cut;
    use crate::common::testing::run_in;

    #[test]
    fn fields_and_bytes() {
        assert_eq!(
            run_in(&Cut, &["-d:", "-f2,1"], "a:b:c\nxyz\n").1,
            "a:b\nxyz\n"
        );
        assert_eq!(run_in(&Cut, &["-d:", "-s", "-f1"], "a:b\nxyz\n").1, "a\n");
        assert_eq!(
            run_in(&Cut, &["-c", "2-3,5", "--output-delimiter=,"], "abcdef\n").1,
            "bc,e\n"
        );
        assert_eq!(
            run_in(&Cut, &["-f", "1,2", "--output-delimiter=XY"], "a\tb\n").1,
            "aXYb\n"
        );
        assert_eq!(run_in(&Cut, &["-b", "-2"], "abc").1, "ab\n");
        assert_eq!(
            run_in(&Cut, &["-d:", "-f2", "--complement"], "a:b:c\n").1,
            "a:c\n"
        );
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Cut, &[], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("cut: you must specify a list"));
        let (s, _, e) = run_in(&Cut, &["-f", "3-1"], "");
        assert_eq!(
            (s, e.lines().next()),
            (1, Some("cut: invalid decreasing range"))
        );
    }
}
