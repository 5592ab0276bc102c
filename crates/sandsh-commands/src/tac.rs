//! `tac`: concatenate and print files in reverse, record by record.
//!
//! The whole of each input must be held before its last record can be written, so inputs are
//! read through [`input::read_all`] (where the session's memory budget accounts for them) and
//! then written back to front. With `-r` the separator is a basic regular expression; matches
//! are found left to right (GNU searches backwards, which differs only for separators whose
//! matches can overlap, such as `[0-9]\+` over `22`).

use regex::bytes::Regex;

use sandsh_api::opt;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::FILES;

use crate::common::input::{self, Unread};
use crate::common::{diag, output, quote};

pub struct Tac;

static SPEC: CommandSpec = CommandSpec {
    name: "tac",
    group: "text",
    summary: "concatenate and print files in reverse",
    usage: "tac [OPTION]... [FILE]...",
    description: "Write each FILE to standard output, last line first. With no FILE, or when FILE is -, read standard input.",
    options: &[
        OptSpec::new(
            "-b, --before",
            "attach the separator before instead of after",
        ),
        OptSpec::new(
            "-r, --regex",
            "interpret the separator as a regular expression",
        ),
        OptSpec::new(
            "-s, --separator=STRING",
            "use STRING as the separator instead of newline",
        ),
    ],
    operands: &[FILES],
    returns: "the records of each input in reverse order",
    examples: &[
        Example {
            description: "reverse the lines",
            script: "printf 'a\\nb\\nc\\n' | tac",
            stdout: "c\nb\na\n",
        },
        Example {
            description: "another separator",
            script: "printf 'a,b,c,' | tac -s,",
            stdout: "c,b,a,",
        },
    ],
    errors: "exit 1 when a file cannot be read (the others are still written)",
    risk: RiskLevel::ReadOnly,
};

enum Sep {
    Bytes(Vec<u8>),
    Re(Regex),
}

/// The separator matches in `data`, as (start, end) pairs, left to right.
fn matches(data: &[u8], sep: &Sep) -> Vec<(usize, usize)> {
    match sep {
        Sep::Bytes(s) if s.len() == 1 => memchr_all(data, s[0]),
        Sep::Bytes(s) => {
            let mut v = Vec::new();
            let mut i = 0;
            while i + s.len() <= data.len() {
                if &data[i..i + s.len()] == s.as_slice() {
                    v.push((i, i + s.len()));
                    i += s.len();
                } else {
                    i += 1;
                }
            }
            v
        }
        Sep::Re(r) => r
            .find_iter(data)
            .filter(|m| m.end() > m.start())
            .map(|m| (m.start(), m.end()))
            .collect(),
    }
}

fn memchr_all(data: &[u8], b: u8) -> Vec<(usize, usize)> {
    data.iter()
        .enumerate()
        .filter(|(_, c)| **c == b)
        .map(|(i, _)| (i, i + 1))
        .collect()
}

/// Reverse the records of `data` into `out`.
fn reverse(data: &[u8], sep: &Sep, before: bool, out: &mut Vec<u8>) {
    // The usual case (one separator byte after each record) walks back through the data with
    // no table of positions: that table would take 16 bytes per record, eight times the input
    // for short lines.
    if let Sep::Bytes(s) = sep
        && let [b] = s.as_slice()
        && !before
    {
        let mut end = data.len();
        while end > 0 {
            let start = data[..end - 1]
                .iter()
                .rposition(|c| c == b)
                .map_or(0, |p| p + 1);
            out.extend_from_slice(&data[start..end]);
            end = start;
        }
        return;
    }
    let ms = matches(data, sep);
    // Record boundaries: each record is data[b[k]..b[k+1]].
    let mut bounds = Vec::with_capacity(ms.len() + 2);
    bounds.push(0);
    for (s, e) in &ms {
        bounds.push(if before { *s } else { *e });
    }
    bounds.push(data.len());
    bounds.dedup();
    for w in bounds.windows(2).rev() {
        out.extend_from_slice(&data[w[0]..w[1]]);
    }
}

impl ParsedCommand for Tac {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let before = p.has(opt!(SPEC, "b"));
        let sep_text = p
            .value(opt!(SPEC, "s"))
            .cloned()
            .unwrap_or_else(|| b"\n".to_vec());
        let sep = if p.has(opt!(SPEC, "r")) {
            match sandsh_text::re_lite::compile_bre(&sep_text) {
                Ok(r) => Sep::Re(r),
                Err(m) => {
                    diag::err(ctx, "tac", &m);
                    return 1;
                }
            }
        } else {
            Sep::Bytes(sep_text)
        };
        let mut status = 0;
        for f in input::files_or_stdin(p.operands) {
            let data = match input::read_operand(ctx, &f) {
                Ok(d) => d,
                Err(Unread::Read(_)) if ctx.is_cancelled() => return 130,
                Err(e) => {
                    let name = quote::quote(&diag::lossy(&f));
                    let m = match e {
                        Unread::Read(e) => format!("{name}: read error: {}", diag::io_msg(&e)),
                        Unread::Open(m) => format!("failed to open {name} for reading: {m}"),
                    };
                    diag::err(ctx, "tac", &m);
                    status = 1;
                    continue;
                }
            };
            let mut out = Vec::with_capacity(data.len());
            match &sep {
                Sep::Bytes(s) if s.is_empty() => out.extend_from_slice(&data),
                _ => reverse(&data, &sep, before, &mut out),
            }
            if !output::out(ctx, &out) {
                return 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Tac;
    use crate::common::testing::run_in;

    #[test]
    fn reverses() {
        assert_eq!(run_in(&Tac, &[], "a\nb\n").1, "b\na\n");
        assert_eq!(run_in(&Tac, &[], "a\nb").1, "ba\n");
        assert_eq!(run_in(&Tac, &["-b"], "a\nb\n").1, "\n\nba");
        assert_eq!(run_in(&Tac, &["-s", "x"], "xaaxbx").1, "bxaaxx");
        assert_eq!(run_in(&Tac, &["-r", "-s", "[0-9]"], "a1b2c").1, "cb2a1");
        assert_eq!(run_in(&Tac, &[], "").1, "");
    }

    #[test]
    fn missing_file() {
        let (s, _, e) = run_in(&Tac, &["nope"], "");
        assert_eq!(s, 1);
        assert_eq!(
            e,
            "tac: failed to open 'nope' for reading: No such file or directory\n"
        );
    }
}
