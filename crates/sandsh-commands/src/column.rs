//! `column`: columnate lists, as util-linux `column` 2.38 does.
//!
//! Without `-t` the non-empty input lines are entries laid out in columns (down first, or
//! across with `-x`) with tabs, for an output width of `-c`, `$COLUMNS` or 80. With `-t` each
//! line is split into cells (runs of blanks, or each character of `-s`, which keeps empty
//! cells) and printed as an aligned table: every cell but the last is padded to its column's
//! display width, columns are joined by `-o` (two spaces). Leading blanks of a line are
//! skipped; invalid UTF-8 bytes print as `\xHH` as util-linux prints them. The input must be
//! held whole to know the widths, so it is read through [`input::read_all`].

use unicode_width::UnicodeWidthChar;

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input, output};

pub struct Column;

static SPEC: CommandSpec = CommandSpec {
    name: "column",
    group: "text",
    summary: "columnate lists",
    usage: "column [options] [<file>...]",
    description: "Columnate lists. Without -t, fill columns (or rows with -x) with the input lines, separated by tabs, to fit the output width. With -t, determine the number of columns the input contains and create a table. Column lists (for -R, -H, -O) are comma separated names (from -N) or numbers counted from 1.",
    options: &[
        OptSpec::new("-t, --table", "create a table"),
        OptSpec::new(
            "-s, --separator=STRING",
            "possible table delimiters (each character separates; empty cells are kept)",
        ),
        OptSpec::new(
            "-o, --output-separator=STRING",
            "columns separator for table output (default is two spaces)",
        ),
        OptSpec::new(
            "-N, --table-columns=NAMES",
            "comma separated columns names; a header line is printed",
        ),
        OptSpec::new(
            "-l, --table-columns-limit=NUM",
            "maximal number of input columns",
        ),
        OptSpec::new(
            "-R, --table-right=COLUMNS",
            "right align text in these columns",
        ),
        OptSpec::new("-H, --table-hide=COLUMNS", "don't print the columns"),
        OptSpec::new(
            "-O, --table-order=COLUMNS",
            "specify order of output columns",
        ),
        OptSpec::new("-d, --table-noheadings", "don't print header"),
        OptSpec::new("-L, --table-empty-lines", "don't ignore empty lines"),
        OptSpec::new(
            "-c, --output-width=WIDTH",
            "width of output in number of characters",
        ),
        OptSpec::new("-x, --fillrows", "fill rows before columns"),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "files to read (stdin when none)").repeated(),
    ],
    returns: "the input laid out in columns",
    examples: &[
        Example {
            description: "align a table",
            script: "printf 'name size\\nfoo 1\\nbarbaz 22\\n' | column -t",
            stdout: "name    size\nfoo     1\nbarbaz  22\n",
        },
        Example {
            description: "custom separators and headers",
            script: "printf 'a:1\\nbb:22\\n' | column -t -s: -N K,V -R V",
            stdout: "K    V\na    1\nbb  22\n",
        },
    ],
    errors: "exit 1 on an unreadable file or an unknown column name",
    risk: RiskLevel::ReadOnly,
};

/// A cell as printed (invalid bytes escaped) with its display width.
#[derive(Clone, Default)]
struct Cell {
    text: String,
    width: usize,
}

fn cell(b: &[u8]) -> Cell {
    let mut text = String::with_capacity(b.len());
    let mut width = 0;
    for chunk in b.utf8_chunks() {
        for c in chunk.valid().chars() {
            text.push(c);
            width += if c.is_control() {
                0
            } else {
                c.width().unwrap_or(0)
            };
        }
        for x in chunk.invalid() {
            text.push_str(&format!("\\x{x:02x}"));
            width += 4;
        }
    }
    Cell { text, width }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 11 | 12)
}

/// Split a line into cells.
fn split_cells(line: &[u8], seps: Option<&[u8]>, limit: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    let (set, greedy): (&[u8], bool) = match seps {
        Some(s) => (s, false),
        None => (b" \t", true),
    };
    let is_sep = |b: u8| set.contains(&b);
    let mut i = 0;
    loop {
        if limit > 0 && out.len() + 1 == limit && !out.is_empty() {
            out.push(cell(&line[i..]));
            break;
        }
        if greedy {
            while i < line.len() && is_sep(line[i]) {
                i += 1;
            }
            if i >= line.len() {
                break;
            }
        }
        if limit > 0 && out.len() + 1 == limit {
            out.push(cell(&line[i..]));
            break;
        }
        let end = line[i..].iter().position(|&b| is_sep(b)).map(|p| i + p);
        match end {
            Some(e) => {
                out.push(cell(&line[i..e]));
                i = e + 1;
            }
            None => {
                out.push(cell(&line[i..]));
                break;
            }
        }
    }
    out
}

/// Resolve a column list (names or 1-based numbers) to 0-based indexes.
fn resolve(list: &[u8], names: &[String]) -> Result<Vec<usize>, String> {
    let mut v = Vec::new();
    for item in diag::lossy(list).split(',') {
        if item.is_empty() {
            continue;
        }
        if let Some(k) = names.iter().position(|n| n == item) {
            v.push(k);
        } else if let Ok(n) = item.parse::<usize>() {
            if n >= 1 {
                v.push(n - 1);
            }
        } else {
            return Err(format!("undefined column name '{item}'"));
        }
    }
    Ok(v)
}

impl ParsedCommand for Column {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let termwidth = match p.value(opt!(SPEC, "c")) {
            Some(v) => match diag::lossy(v).parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    let m = format!("invalid columns argument: '{}'", diag::lossy(v));
                    diag::err(ctx, "column", &m);
                    return 1;
                }
            },
            None => ctx
                .var("COLUMNS")
                .and_then(|v| {
                    String::from_utf8_lossy(&v.to_bytes())
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
                .filter(|n| *n > 0)
                .unwrap_or(80),
        };
        let mut data = Vec::new();
        let mut status = 0;
        let files = if p.operands.is_empty() {
            vec![b"-".to_vec()]
        } else {
            p.operands.clone()
        };
        for f in &files {
            match input::open(ctx, f) {
                Ok(mut src) => match input::read_all(ctx, &mut src) {
                    Ok(d) => {
                        data.extend_from_slice(&d);
                        if !d.is_empty() && d.last() != Some(&b'\n') {
                            data.push(b'\n');
                        }
                    }
                    Err(e) => {
                        if ctx.is_cancelled() {
                            return 130;
                        }
                        diag::err(
                            ctx,
                            "column",
                            &format!("{}: {}", diag::lossy(f), diag::io_msg(&e)),
                        );
                        status = 1;
                    }
                },
                Err(m) => {
                    diag::err(ctx, "column", &format!("{}: {m}", diag::lossy(f)));
                    status = 1;
                }
            }
        }
        let table = p.has(opt!(SPEC, "t"));
        let keep_empty = p.has(opt!(SPEC, "L"));
        let mut out = Vec::new();
        if table {
            let names: Vec<String> = p
                .value(opt!(SPEC, "N"))
                .map(|n| diag::lossy(n).split(',').map(str::to_string).collect())
                .unwrap_or_default();
            let seps = p.value(opt!(SPEC, "s")).map(|s| s.as_slice());
            let limit = match p.value(opt!(SPEC, "l")) {
                Some(v) => diag::lossy(v).parse::<usize>().unwrap_or(0),
                None => 0,
            };
            let mut rows: Vec<Vec<Cell>> = Vec::new();
            for line in input::split_records(&data, b'\n') {
                if ctx.is_cancelled() {
                    return 130;
                }
                if line.iter().all(|&b| is_space(b)) {
                    if keep_empty {
                        rows.push(Vec::new());
                    }
                    continue;
                }
                rows.push(split_cells(line, seps, limit));
            }
            let ncols = rows
                .iter()
                .map(Vec::len)
                .max()
                .unwrap_or(0)
                .max(names.len());
            let mut right = vec![false; ncols];
            let mut hidden = vec![false; ncols];
            let mut order: Vec<usize> = (0..ncols).collect();
            for (opt, which) in [("R", 0), ("H", 1), ("O", 2)] {
                let Some(v) = p.value(SPEC.find(opt)) else {
                    continue;
                };
                let idx = match resolve(v, &names) {
                    Ok(i) => i,
                    Err(m) => {
                        diag::err(ctx, "column", &m);
                        return 1;
                    }
                };
                match which {
                    0 => idx
                        .iter()
                        .filter(|&&k| k < ncols)
                        .for_each(|&k| right[k] = true),
                    1 => idx
                        .iter()
                        .filter(|&&k| k < ncols)
                        .for_each(|&k| hidden[k] = true),
                    _ => {
                        let mut o: Vec<usize> = idx.into_iter().filter(|&k| k < ncols).collect();
                        o.dedup();
                        for k in 0..ncols {
                            if !o.contains(&k) {
                                o.push(k);
                            }
                        }
                        order = o;
                    }
                }
            }
            let header: Vec<Cell> = names.iter().map(|n| cell(n.as_bytes())).collect();
            let mut widths: Vec<usize> = (0..ncols)
                .map(|k| header.get(k).map_or(0, |c| c.width))
                .collect();
            if !names.is_empty() && !p.has(opt!(SPEC, "d")) && !rows.is_empty() {
                rows.insert(0, header);
            }
            for r in &rows {
                for (k, c) in r.iter().enumerate() {
                    widths[k] = widths[k].max(c.width);
                }
            }
            let osep: Vec<u8> = p
                .value(opt!(SPEC, "o"))
                .cloned()
                .unwrap_or_else(|| b"  ".to_vec());
            let visible: Vec<usize> = order.into_iter().filter(|&k| !hidden[k]).collect();
            let empty = Cell::default();
            for r in &rows {
                for (pos, &k) in visible.iter().enumerate() {
                    let c = r.get(k).unwrap_or(&empty);
                    let last = pos + 1 == visible.len();
                    let pad = widths[k].saturating_sub(c.width);
                    if right[k] {
                        out.resize(out.len() + pad, b' ');
                        out.extend_from_slice(c.text.as_bytes());
                    } else {
                        out.extend_from_slice(c.text.as_bytes());
                        if !last {
                            out.resize(out.len() + pad, b' ');
                        }
                    }
                    if !last {
                        out.extend_from_slice(&osep);
                    }
                }
                out.push(b'\n');
                if out.len() >= input::CHUNK {
                    if !output::out(ctx, &out) {
                        return 1;
                    }
                    out.clear();
                }
            }
        } else {
            let mut ents: Vec<Cell> = Vec::new();
            for line in input::split_records(&data, b'\n') {
                if !line.iter().all(|&b| is_space(b)) {
                    ents.push(cell(line));
                }
            }
            fill(&ents, termwidth, p.has(opt!(SPEC, "x")), &mut out);
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        status
    }
}

const TAB: usize = 8;

fn tabs_to(out: &mut Vec<u8>, chcnt: &mut usize, endcol: usize) {
    loop {
        let cnt = (*chcnt + TAB) & !(TAB - 1);
        if cnt > endcol {
            break;
        }
        out.push(b'\t');
        *chcnt = cnt;
    }
}

/// util-linux's `columnate_fillcols` / `columnate_fillrows`, and one entry per line when the
/// widest entry does not fit.
fn fill(ents: &[Cell], termwidth: usize, rows_first: bool, out: &mut Vec<u8>) {
    if ents.is_empty() {
        return;
    }
    let maxlength = ents.iter().map(|c| c.width).max().unwrap_or(0);
    if maxlength >= termwidth {
        for e in ents {
            out.extend_from_slice(e.text.as_bytes());
            out.push(b'\n');
        }
        return;
    }
    let maxlength = (maxlength + TAB) & !(TAB - 1);
    let numcols = (termwidth / maxlength).max(1);
    if rows_first {
        let mut chcnt = 0;
        let mut col = 0;
        let mut endcol = maxlength;
        for (i, e) in ents.iter().enumerate() {
            out.extend_from_slice(e.text.as_bytes());
            chcnt += e.width;
            if i + 1 == ents.len() {
                break;
            }
            col += 1;
            if col == numcols {
                chcnt = 0;
                col = 0;
                endcol = maxlength;
                out.push(b'\n');
            } else {
                tabs_to(out, &mut chcnt, endcol);
                endcol += maxlength;
            }
        }
        if chcnt > 0 {
            out.push(b'\n');
        }
    } else {
        let numrows = ents.len().div_ceil(numcols);
        for row in 0..numrows {
            let mut endcol = maxlength;
            let mut chcnt = 0;
            let mut base = row;
            for _ in 0..numcols {
                out.extend_from_slice(ents[base].text.as_bytes());
                chcnt += ents[base].width;
                base += numrows;
                if base >= ents.len() {
                    break;
                }
                tabs_to(out, &mut chcnt, endcol);
                endcol += maxlength;
            }
            out.push(b'\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Column;
    use crate::common::testing::run_in;

    #[test]
    fn table() {
        assert_eq!(
            run_in(&Column, &["-t"], "a b c\nlonger x\n\nz\n").1,
            "a       b  c\nlonger  x  \nz          \n"
        );
        assert_eq!(
            run_in(&Column, &["-t", "-s:", "-o|"], "a:b:c\nlonger::x\n").1,
            "a     |b|c\nlonger| |x\n"
        );
        assert_eq!(
            run_in(&Column, &["-t", "-R", "2"], "a 1\nbb 222\n").1,
            "a     1\nbb  222\n"
        );
        assert_eq!(
            run_in(&Column, &["-t", "-l", "2"], "a   b c\n").1,
            "a    b c\n"
        );
        assert_eq!(run_in(&Column, &["-t"], "a\u{e9} 1\n").1, "a\u{e9}  1\n");
    }

    #[test]
    fn fill() {
        let input: String = (1..=30).map(|i| format!("{i}\n")).collect();
        let (_, o, _) = run_in(&Column, &[], &input);
        assert_eq!(
            o.lines().next(),
            Some("1\t4\t7\t10\t13\t16\t19\t22\t25\t28")
        );
        let (_, o, _) = run_in(&Column, &["-x", "-c", "40"], &input);
        assert_eq!(o.lines().next(), Some("1\t2\t3\t4\t5"));
    }

    #[test]
    fn bad_name() {
        let (s, _, e) = run_in(&Column, &["-t", "-R", "X"], "a b\n");
        assert_eq!((s, e.as_str()), (1, "column: undefined column name 'X'\n"));
    }
}
