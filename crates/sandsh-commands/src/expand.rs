//! `expand`: convert tabs to spaces; also the tab-stop list shared with `unexpand`.
//!
//! A port of GNU expand's byte loop and of coreutils' `expand-common.c` tab-stop parsing
//! (`N`, `N1,N2,…`, a final `/N` repeat or `+N` increment), with its error messages. Columns
//! count bytes as GNU 9's expand does. The input files form one stream, as in GNU (a line may
//! continue from one file into the next), and are read a chunk at a time.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::util::{self, Source};

pub struct Expand;

static SPEC: CommandSpec = CommandSpec {
    name: "expand",
    group: "text",
    summary: "convert tabs to spaces",
    usage: "expand [OPTION]... [FILE]...",
    description: "Convert tabs in each FILE to spaces, writing to standard output. With no FILE, or when FILE is -, read standard input. LIST is comma separated tab positions; the last may be prefixed with '/' (repeat that size after the last stop) or '+' (stops relative to the last one). `-N` is accepted as `-t N`.",
    options: &[
        OptSpec {
            short: Some('i'),
            long: Some("initial"),
            value: None,
            help: "do not convert tabs after non blanks",
        },
        OptSpec {
            short: Some('t'),
            long: Some("tabs"),
            value: Some("LIST"),
            help: "have tabs N characters apart, not 8, or use a comma separated list of positions",
        },
    ],
    operands: &[ArgSpec {
        name: "FILE",
        kind: ArgType::Path,
        description: "files to read (- for stdin)",
        required: false,
        repeated: true,
    }],
    returns: "the input with tabs replaced by spaces",
    examples: &[Example {
        description: "tabs every 4 columns",
        script: "printf 'a\\tb\\n' | expand -t 4",
        stdout: "a   b\n",
    }],
    errors: "exit 1 on a bad tab list or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

/// Tab stops as coreutils keeps them.
#[derive(Debug, Default, Clone)]
pub(crate) struct TabStops {
    list: Vec<u64>,
    extend: u64,
    increment: u64,
    /// A single repeating size (0 when the list is used).
    size: u64,
}

impl TabStops {
    /// Parse one `-t` argument into the accumulated stops (several `-t` add up, as in GNU).
    pub(crate) fn parse(&mut self, stops: &[u8]) -> Result<(), String> {
        let mut have = false;
        let mut val: u64 = 0;
        let mut extend = false;
        let mut increment = false;
        let mut num_start = 0;
        let mut i = 0;
        while i < stops.len() {
            let c = stops[i];
            if c == b',' || c == b' ' || c == b'\t' {
                if have {
                    self.push(val, extend, increment)?;
                }
                have = false;
            } else if c == b'/' || c == b'+' {
                if have {
                    return Err(format!(
                        "'{}' specifier not at start of number: {}",
                        c as char,
                        util::cquote(&util::lossy(&stops[i..]))
                    ));
                }
                extend = c == b'/';
                increment = c == b'+';
            } else if c.is_ascii_digit() {
                if !have {
                    val = 0;
                    have = true;
                    num_start = i;
                }
                match val
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((c - b'0') as u64))
                {
                    Some(v) => val = v,
                    None => {
                        let len = stops[num_start..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count();
                        return Err(format!(
                            "tab stop is too large {}",
                            util::cquote(&util::lossy(&stops[num_start..num_start + len]))
                        ));
                    }
                }
            } else {
                return Err(format!(
                    "tab size contains invalid character(s): {}",
                    util::cquote(&util::lossy(&stops[i..]))
                ));
            }
            i += 1;
        }
        if have {
            self.push(val, extend, increment)?;
        }
        Ok(())
    }

    fn push(&mut self, val: u64, extend: bool, increment: bool) -> Result<(), String> {
        if self.extend != 0 {
            return Err("'/' specifier only allowed with the last value".into());
        }
        if self.increment != 0 {
            return Err("'+' specifier only allowed with the last value".into());
        }
        if extend {
            self.extend = val;
        } else if increment {
            self.increment = val;
        } else {
            self.list.push(val);
        }
        Ok(())
    }

    /// Validate and settle the single-size case (GNU's `finalize_tab_stops`).
    pub(crate) fn finalize(&mut self) -> Result<(), String> {
        let mut prev = 0;
        for &t in &self.list {
            if t == 0 {
                return Err("tab size cannot be 0".into());
            }
            if t <= prev {
                return Err("tab sizes must be ascending".into());
            }
            prev = t;
        }
        if self.increment != 0 && self.extend != 0 {
            return Err("'/' specifier is mutually exclusive with '+'".into());
        }
        if self.list.is_empty() {
            self.size = if self.extend != 0 {
                self.extend
            } else if self.increment != 0 {
                self.increment
            } else {
                8
            };
        } else if self.list.len() == 1 && self.extend == 0 && self.increment == 0 {
            self.size = self.list[0];
        } else {
            self.size = 0;
        }
        Ok(())
    }

    /// The next tab column after `column`; `None` past the last stop.
    pub(crate) fn next(&self, column: u64, index: &mut usize) -> Option<u64> {
        if self.size != 0 {
            return Some(column + (self.size - column % self.size));
        }
        while *index < self.list.len() {
            let t = self.list[*index];
            if column < t {
                return Some(t);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return Some(column + (self.extend - column % self.extend));
        }
        if self.increment != 0 {
            let end = self.list.last().copied().unwrap_or(0);
            return Some(column + (self.increment - (column - end) % self.increment));
        }
        None
    }
}

/// Rewrite obsolete `-N` / `-N,M` options into `-t N,M` (expand and unexpand).
pub(crate) fn legacy_tabs(args: &[Arg]) -> Vec<Arg> {
    let mut v = Vec::with_capacity(args.len());
    let mut done = false;
    for a in args {
        if !done && a == b"--" {
            done = true;
        }
        if !done
            && a.len() > 1
            && a[0] == b'-'
            && a[1].is_ascii_digit()
            && a[1..].iter().all(|b| b.is_ascii_digit() || *b == b',')
        {
            v.push(b"-t".to_vec());
            v.push(a[1..].to_vec());
        } else {
            v.push(a.clone());
        }
    }
    v
}

/// Parse all `-t` values; print the error and give the status on failure.
pub(crate) fn tab_stops(
    ctx: &mut dyn ToolCtx,
    name: &str,
    values: &[&Arg],
) -> Result<TabStops, i32> {
    let mut t = TabStops::default();
    for v in values {
        if let Err(m) = t.parse(v) {
            util::err(ctx, name, &m);
            return Err(1);
        }
    }
    if let Err(m) = t.finalize() {
        util::err(ctx, name, &m);
        return Err(1);
    }
    Ok(t)
}

/// Feed every input, as one stream, a chunk at a time into `f`.
pub(crate) fn for_each_chunk(
    ctx: &mut dyn ToolCtx,
    name: &str,
    files: Vec<Arg>,
    mut f: impl FnMut(&[u8], &mut Vec<u8>),
) -> i32 {
    let mut status = 0;
    let mut buf = vec![0u8; util::CHUNK];
    let mut out = Vec::with_capacity(util::CHUNK * 2);
    for file in files {
        let mut src: Source = match util::open(ctx, &file) {
            Ok(s) => s,
            Err(m) => {
                util::err(ctx, name, &format!("{}: {m}", util::lossy(&file)));
                status = 1;
                continue;
            }
        };
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            let n = match util::read_chunk(ctx, &mut src, &mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) => {
                    util::err(
                        ctx,
                        name,
                        &format!("{}: {}", util::lossy(&file), util::io_msg(&e)),
                    );
                    status = 1;
                    break;
                }
            };
            f(&buf[..n], &mut out);
            if !util::out(ctx, &out) {
                return 1;
            }
            out.clear();
        }
    }
    status
}

struct State {
    column: u64,
    index: usize,
    convert: bool,
}

impl Command for Expand {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args = legacy_tabs(args);
        let p = match util::parse_or_usage(&SPEC, &args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        let tabs = match tab_stops(ctx, "expand", &p.values(&SPEC, "t")) {
            Ok(t) => t,
            Err(s) => return s,
        };
        let entire = !p.has(&SPEC, "i");
        let mut st = State {
            column: 0,
            index: 0,
            convert: true,
        };
        for_each_chunk(
            ctx,
            "expand",
            util::files_or_stdin(p.operands),
            |data, out| {
                for &c in data {
                    let mut c = c;
                    if st.convert {
                        if c == b'\t' {
                            let next = tabs.next(st.column, &mut st.index).unwrap_or(st.column + 1);
                            while st.column + 1 < next {
                                st.column += 1;
                                out.push(b' ');
                            }
                            st.column += 1;
                            c = b' ';
                        } else if c == 8 {
                            st.column = st.column.saturating_sub(1);
                            st.index = st.index.saturating_sub(1);
                        } else {
                            st.column += 1;
                        }
                        st.convert &= entire || c == b' ' || c == b'\t';
                    }
                    out.push(c);
                    if c == b'\n' {
                        st.column = 0;
                        st.index = 0;
                        st.convert = true;
                    }
                }
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Expand;
    use crate::testing::run_in;

    #[test]
    fn expands() {
        assert_eq!(run_in(&Expand, &[], "a\tb\n").1, "a       b\n");
        assert_eq!(run_in(&Expand, &["-t", "4"], "a\tb\n").1, "a   b\n");
        assert_eq!(run_in(&Expand, &["-4"], "a\tb").1, "a   b");
        assert_eq!(
            run_in(&Expand, &["-t", "2,5,+3"], "a\tb\tc\td\n").1,
            "a b  c  d\n"
        );
        assert_eq!(
            run_in(&Expand, &["-t", "2,/3"], "a\tb\tc\td\n").1,
            "a b   c  d\n"
        );
        assert_eq!(run_in(&Expand, &["-i"], "\tx\ty\n").1, "        x\ty\n");
    }

    #[test]
    fn errors() {
        assert_eq!(
            run_in(&Expand, &["-t", "0"], "").2,
            "expand: tab size cannot be 0\n"
        );
        assert_eq!(
            run_in(&Expand, &["-t", "4,2"], "").2,
            "expand: tab sizes must be ascending\n"
        );
        assert_eq!(
            run_in(&Expand, &["-t", "4/8"], "").2,
            "expand: '/' specifier not at start of number: ‘/8’\n"
        );
    }
}
