//! `nl`: number lines of files.
//!
//! Follows GNU nl: logical pages split by `\:\:\:` (header), `\:\:` (body) and `\:` (footer)
//! lines, which print as empty lines and restart the numbering; each section has its own style
//! (`a` all, `t` non-empty, `n` none, `pBRE` matching lines). Unnumbered lines are indented by
//! the width of the number and separator. Lines stream one at a time.

use regex::bytes::Regex;

use sandsh_api::opt;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::FILES;

use crate::common::input::{self, Halt};
use crate::common::output;
use crate::common::{diag, quote};

pub struct Nl;

static SPEC: CommandSpec = CommandSpec {
    name: "nl",
    group: "text",
    summary: "number lines of files",
    usage: "nl [OPTION]... [FILE]...",
    description: "Write each FILE to standard output, with line numbers added. With no FILE, or when FILE is -, read standard input. STYLE is one of: a (number all lines), t (number only nonempty lines), n (number no lines), pBRE (number only lines that contain a match for the basic regular expression BRE). FORMAT is one of: ln (left justified, no leading zeros), rn (right justified, no leading zeros), rz (right justified, leading zeros).",
    options: &[
        OptSpec::new(
            "-b, --body-numbering=STYLE",
            "use STYLE for numbering body lines (default t)",
        ),
        OptSpec::new(
            "-d, --section-delimiter=CC",
            "use CC for logical page delimiters",
        ),
        OptSpec::new(
            "-f, --footer-numbering=STYLE",
            "use STYLE for numbering footer lines (default n)",
        ),
        OptSpec::new(
            "-h, --header-numbering=STYLE",
            "use STYLE for numbering header lines (default n)",
        ),
        OptSpec::new(
            "-i, --line-increment=NUMBER",
            "line number increment at each line",
        ),
        OptSpec::new(
            "-l, --join-blank-lines=NUMBER",
            "group of NUMBER empty lines counted as one",
        ),
        OptSpec::new(
            "-n, --number-format=FORMAT",
            "insert line numbers according to FORMAT (ln, rn, rz)",
        ),
        OptSpec::new(
            "-p, --no-renumber",
            "do not reset line numbers for each section",
        ),
        OptSpec::new(
            "-s, --number-separator=STRING",
            "add STRING after (possible) line number",
        ),
        OptSpec::new(
            "-v, --starting-line-number=NUMBER",
            "first line number for each section",
        ),
        OptSpec::new(
            "-w, --number-width=NUMBER",
            "use NUMBER columns for line numbers",
        ),
    ],
    operands: &[FILES],
    returns: "the lines with numbers added",
    examples: &[
        Example {
            description: "number non-empty lines",
            script: "printf 'a\\n\\nb\\n' | nl",
            stdout: "     1\ta\n       \n     2\tb\n",
        },
        Example {
            description: "all lines, narrow, zero padded",
            script: "printf 'a\\nb\\n' | nl -ba -w3 -nrz -s' '",
            stdout: "001 a\n002 b\n",
        },
    ],
    errors: "exit 1 on a bad option value or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

enum Style {
    All,
    NonEmpty,
    None,
    Re(Regex),
}

#[derive(Clone, Copy)]
enum Fmt {
    Ln,
    Rn,
    Rz,
}

fn parse_style(s: &[u8], which: &str) -> Result<Style, String> {
    match s {
        b"a" => Ok(Style::All),
        b"t" => Ok(Style::NonEmpty),
        b"n" => Ok(Style::None),
        [b'p', re @ ..] => sandsh_text::re_lite::compile_bre(re).map(Style::Re),
        _ => Err(format!(
            "invalid {which} numbering style: {}",
            quote::cquote(&diag::lossy(s))
        )),
    }
}

fn parse_num(ctx: &mut dyn ToolCtx, v: &[u8], what: &str, min: i64) -> Result<i64, i32> {
    let s = diag::lossy(v);
    match s.parse::<i64>() {
        Ok(n) if n >= min => Ok(n),
        Ok(_) => {
            diag::err(
                ctx,
                "nl",
                &format!(
                    "invalid {what}: {}: Numerical result out of range",
                    quote::cquote(&s)
                ),
            );
            Err(1)
        }
        Err(_) => {
            diag::err(ctx, "nl", &format!("invalid {what}: {}", quote::cquote(&s)));
            Err(1)
        }
    }
}

impl ParsedCommand for Nl {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut styles = [Style::None, Style::NonEmpty, Style::None];
        for (k, (letter, which)) in [("h", "header"), ("b", "body"), ("f", "footer")]
            .iter()
            .enumerate()
        {
            if let Some(v) = p.value(SPEC.find(letter)) {
                match parse_style(v, which) {
                    Ok(s) => styles[k] = s,
                    Err(m) => return diag::usage(ctx, &SPEC, &format!("nl: {m}"), 1),
                }
            }
        }
        let fmt = match p.value(opt!(SPEC, "n")).map(|v| v.as_slice()) {
            None | Some(b"rn") => Fmt::Rn,
            Some(b"ln") => Fmt::Ln,
            Some(b"rz") => Fmt::Rz,
            Some(v) => {
                let m = format!(
                    "nl: invalid line numbering format: {}",
                    quote::cquote(&diag::lossy(v))
                );
                return diag::usage(ctx, &SPEC, &m, 1);
            }
        };
        let mut nums = [1i64, 1, 1, 6];
        for (k, (letter, what, min)) in [
            ("v", "starting line number", i64::MIN),
            ("i", "line number increment", i64::MIN),
            ("l", "line number of blank lines", 1),
            ("w", "line number field width", 1),
        ]
        .iter()
        .enumerate()
        {
            if let Some(v) = p.value(SPEC.find(letter)) {
                match parse_num(ctx, v, what, *min) {
                    Ok(n) => nums[k] = n,
                    Err(s) => return s,
                }
            }
        }
        let [start, incr, join, width] = nums;
        let width = width.min(1 << 20) as usize;
        let sep: Vec<u8> = p
            .value(opt!(SPEC, "s"))
            .cloned()
            .unwrap_or_else(|| b"\t".to_vec());
        let mut delim: Vec<u8> = b"\\:".to_vec();
        if let Some(d) = p.value(opt!(SPEC, "d")) {
            if d.len() == 1 {
                delim = vec![d[0], b':'];
            } else if !d.is_empty() {
                delim = d.clone();
            } else {
                delim.clear();
            }
        }
        let delims: Vec<Vec<u8>> = (1..=3).map(|n| delim.repeat(n)).collect();
        let no_renumber = p.has(opt!(SPEC, "p"));
        let fudge = vec![b' '; width + sep.len()];

        let mut line_no = start;
        let mut section = 1usize;
        let mut blank_lines = 0i64;
        let mut out = Vec::new();
        let read = input::for_each_record_of(ctx, "nl", p.operands, b'\n', |ctx, line| {
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            if !delim.is_empty()
                && let Some(k) = delims.iter().position(|d| d.as_slice() == body)
            {
                // \:\:\: header, \:\: body, \: footer.
                section = 2 - k;
                if !no_renumber {
                    line_no = start;
                }
                out.push(b'\n');
                return Ok(());
            }
            let number = match &styles[section] {
                Style::All => {
                    if join > 1 {
                        blank_lines += 1;
                        if !body.is_empty() || blank_lines == join {
                            blank_lines = 0;
                            true
                        } else {
                            false
                        }
                    } else {
                        true
                    }
                }
                Style::NonEmpty => !body.is_empty(),
                Style::None => false,
                Style::Re(r) => r.is_match(body),
            };
            if number {
                let s = match fmt {
                    Fmt::Ln => format!("{line_no:<width$}"),
                    Fmt::Rn => format!("{line_no:>width$}"),
                    Fmt::Rz => format!("{line_no:0width$}"),
                };
                out.extend_from_slice(s.as_bytes());
                out.extend_from_slice(&sep);
                match line_no.checked_add(incr) {
                    Some(n) => line_no = n,
                    None => {
                        let _ = output::out(ctx, &out);
                        diag::err(ctx, "nl", "line number overflow");
                        return Err(Halt::Exit(1));
                    }
                }
            } else {
                out.extend_from_slice(&fudge);
            }
            out.extend_from_slice(body);
            out.push(b'\n');
            output::flush_when_full(ctx, &mut out).map_err(Halt::Exit)
        });
        output::finish(ctx, &out, read)
    }
}

#[cfg(test)]
mod tests {
    use super::Nl;
    use crate::common::testing::run_in;

    #[test]
    fn numbering() {
        assert_eq!(
            run_in(&Nl, &[], "a\n\nb").1,
            "     1\ta\n       \n     2\tb\n"
        );
        assert_eq!(
            run_in(&Nl, &["-ba", "-l2"], "a\n\n\n\nb\n").1,
            "     1\ta\n       \n     2\t\n       \n     3\tb\n"
        );
        assert_eq!(run_in(&Nl, &["-nln", "-w3"], "x\n").1, "1  \tx\n");
        assert_eq!(
            run_in(&Nl, &["-bp^a"], "ab\nb\n").1,
            "     1\tab\n       b\n"
        );
        assert_eq!(
            run_in(&Nl, &["-ha", "-fa"], "a\n\\:\\:\\:\nh\n\\:\\:\nb\n\\:\nf\n").1,
            "     1\ta\n\n     1\th\n\n     1\tb\n\n     1\tf\n"
        );
        assert_eq!(
            run_in(&Nl, &["-v", "-1", "-i", "2"], "a\nb\n").1,
            "    -1\ta\n     1\tb\n"
        );
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Nl, &["-b", "q"], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("nl: invalid body numbering style: ‘q’\n"));
        let (s, _, e) = run_in(&Nl, &["-w", "0"], "");
        assert_eq!(s, 1);
        assert_eq!(
            e,
            "nl: invalid line number field width: ‘0’: Numerical result out of range\n"
        );
    }
}
