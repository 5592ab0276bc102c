//! `expand`: convert tabs to spaces.
//!
//! A port of GNU expand's byte loop over the tab stops of [`super`]. Columns count bytes as
//! GNU 9's expand does.

use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, RiskLevel, ToolCtx};

use sandsh_api::rows::FILES;

use super::{TabStops, filter_chunks};

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "expand",
    group: "text",
    summary: "convert tabs to spaces",
    usage: "expand [OPTION]... [FILE]...",
    description: "Convert tabs in each FILE to spaces, writing to standard output. With no FILE, or when FILE is -, read standard input. LIST is comma separated tab positions; the last may be prefixed with '/' (repeat that size after the last stop) or '+' (stops relative to the last one). `-N` is accepted as `-t N`.",
    options: &[
        OptSpec::new("-i, --initial", "do not convert tabs after non blanks"),
        OptSpec::new(
            "-t, --tabs=LIST",
            "have tabs N characters apart, not 8, or use a comma separated list of positions",
        ),
    ],
    operands: &[FILES],
    returns: "the input with tabs replaced by spaces",
    examples: &[Example {
        description: "tabs every 4 columns",
        script: "printf 'a\\tb\\n' | expand -t 4",
        stdout: "a   b\n",
    }],
    errors: "exit 1 on a bad tab list or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

struct State {
    column: u64,
    index: usize,
    convert: bool,
}

/// `expand` with its options parsed and its tab stops read.
pub(super) fn run(p: ParsedArgs, tabs: TabStops, ctx: &mut dyn ToolCtx) -> ExitStatus {
    let entire = !p.has(opt!(SPEC, "i"));
    let mut st = State {
        column: 0,
        index: 0,
        convert: true,
    };
    filter_chunks(ctx, "expand", p.operands, |data, out| {
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
    })
}

#[cfg(test)]
mod tests {
    use crate::common::testing::run_in;
    use crate::tabs::Expand;

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
