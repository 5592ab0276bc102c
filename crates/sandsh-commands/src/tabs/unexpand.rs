//! `unexpand`: convert spaces to tabs.
//!
//! A port of GNU unexpand's byte loop (pending blanks are held until it is known whether they
//! reach a tab stop), sharing the tab-stop list with `expand`. By default only leading blanks
//! convert; `-a` or `-t` convert all, `--first-only` undoes that.

use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, RiskLevel, ToolCtx};

use sandsh_api::rows::FILES;

use super::{TabStops, filter_chunks};
use crate::common::output;

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "unexpand",
    group: "text",
    summary: "convert spaces to tabs",
    usage: "unexpand [OPTION]... [FILE]...",
    description: "Convert blanks in each FILE to tabs, writing to standard output. With no FILE, or when FILE is -, read standard input. LIST is as for expand.",
    options: &[
        OptSpec::new(
            "-a, --all",
            "convert all blanks, instead of just initial blanks",
        ),
        OptSpec::new(
            "--first-only",
            "convert only leading sequences of blanks (overrides -a)",
        ),
        OptSpec::new(
            "-t, --tabs=LIST",
            "have tabs N characters apart instead of 8 (enables -a), or use a list",
        ),
    ],
    operands: &[FILES],
    returns: "the input with runs of blanks replaced by tabs",
    examples: &[Example {
        description: "leading spaces to a tab",
        script: "printf '        x\\n' | unexpand",
        stdout: "\tx\n",
    }],
    errors: "exit 1 on a bad tab list or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

struct State {
    convert: bool,
    column: u64,
    next_tab: u64,
    index: usize,
    one_blank_before_tab_stop: bool,
    prev_blank: bool,
    pending: Vec<u8>,
}

impl State {
    fn line() -> State {
        State {
            convert: true,
            column: 0,
            next_tab: 0,
            index: 0,
            one_blank_before_tab_stop: false,
            prev_blank: true,
            pending: Vec::new(),
        }
    }
}

/// `unexpand` with its options parsed and its tab stops read.
pub(super) fn run(p: ParsedArgs, tabs: TabStops, ctx: &mut dyn ToolCtx) -> ExitStatus {
    let tv = p.values(opt!(SPEC, "t"));
    let entire = (p.has(opt!(SPEC, "a")) || !tv.is_empty()) && !p.has(opt!(SPEC, "first-only"));
    let mut st = State::line();
    let status = filter_chunks(ctx, "unexpand", p.operands, |data, out| {
        for &c0 in data {
            let mut c = c0;
            if st.convert {
                let blank = c == b' ' || c == b'\t';
                let mut skip = false;
                if blank {
                    let next = tabs.next(st.column, &mut st.index);
                    match next {
                        None => st.convert = false,
                        Some(n) => st.next_tab = n,
                    }
                    if st.convert {
                        if c == b'\t' {
                            st.column = st.next_tab;
                            if !st.pending.is_empty() {
                                st.pending[0] = b'\t';
                            }
                        } else {
                            st.column += 1;
                            if !(st.prev_blank && st.column == st.next_tab) {
                                if st.column == st.next_tab {
                                    st.one_blank_before_tab_stop = true;
                                }
                                st.pending.push(c);
                                st.prev_blank = true;
                                skip = true;
                            } else {
                                c = b'\t';
                                if st.pending.is_empty() {
                                    st.pending.push(b'\t');
                                } else {
                                    st.pending[0] = b'\t';
                                }
                            }
                        }
                        if !skip {
                            // Keep only a single blank just before the previous stop.
                            let keep = usize::from(st.one_blank_before_tab_stop);
                            st.pending.truncate(keep);
                        }
                    }
                } else if c == 8 {
                    st.column = st.column.saturating_sub(1);
                    st.next_tab = st.column;
                    st.index = st.index.saturating_sub(1);
                } else {
                    st.column += 1;
                }
                if skip {
                    continue;
                }
                if !st.pending.is_empty() {
                    if st.pending.len() > 1 && st.one_blank_before_tab_stop {
                        st.pending[0] = b'\t';
                    }
                    out.extend_from_slice(&st.pending);
                    st.pending.clear();
                    st.one_blank_before_tab_stop = false;
                }
                st.prev_blank = blank;
                st.convert &= entire || blank;
            }
            out.push(c);
            if c == b'\n' {
                st = State::line();
            }
        }
    });
    // Blanks still pending at the end of input are written as they came.
    if !st.pending.is_empty() {
        if st.pending.len() > 1 && st.one_blank_before_tab_stop {
            st.pending[0] = b'\t';
        }
        let pend = std::mem::take(&mut st.pending);
        if !output::out(ctx, &pend) {
            return 1;
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use crate::common::testing::run_in;
    use crate::tabs::Unexpand;

    #[test]
    fn unexpands() {
        assert_eq!(run_in(&Unexpand, &[], "        x\n").1, "\tx\n");
        assert_eq!(run_in(&Unexpand, &[], "          x  y\n").1, "\t  x  y\n");
        assert_eq!(
            run_in(&Unexpand, &["-a"], "a       b       c\n").1,
            "a\tb\tc\n"
        );
        assert_eq!(run_in(&Unexpand, &["-t", "4"], "    a   b\n").1, "\ta\tb\n");
        assert_eq!(run_in(&Unexpand, &[], "ab\n").1, "ab\n");
    }
}
