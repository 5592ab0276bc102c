//! `join`: join lines of two files on a common field.
//!
//! A port of GNU join's merge loop: both inputs stream, and only the current group of lines
//! sharing a key is held from each side (the cross product of two groups is printed). Keys
//! compare as bytes (C.UTF-8 collation), or case-insensitively with `-i`. Field splitting,
//! `-o`/`-e`/`-a`/`-v`, `--header` and the order check (warn once per file after an unpairable
//! line, fatal with `--check-order`) follow GNU's code and messages.

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use sandsh_api::rows::ZERO_TERMINATED;

use crate::common::diag;
use crate::common::input::{CHECK_ORDER, NOCHECK_ORDER, OrderCheck};
use crate::common::input::{Lines, Source};
use crate::common::{input, output, quote};

pub struct Join;

static SPEC: CommandSpec = CommandSpec {
    name: "join",
    group: "text",
    summary: "join lines of two files on a common field",
    usage: "join [OPTION]... FILE1 FILE2",
    description: "For each pair of input lines with identical join fields, write a line to standard output. The default join field is the first, delimited by blanks. When FILE1 or FILE2 (not both) is -, read standard input. FORMAT is one or more comma or blank separated specifications, each being 'FILENUM.FIELD' or '0'; '-o auto' takes the format from the first line of each file. Inputs must be sorted on the join fields.",
    options: &[
        OptSpec::new(
            "-a FILENUM",
            "also print unpairable lines from file FILENUM (1 or 2)",
        ),
        OptSpec::new(
            "-e STRING",
            "replace missing (empty) input fields with STRING",
        ),
        OptSpec::new(
            "-i, --ignore-case",
            "ignore differences in case when comparing fields",
        ),
        OptSpec::new("-j FIELD", "equivalent to '-1 FIELD -2 FIELD'"),
        OptSpec::new("-o FORMAT", "obey FORMAT while constructing output line"),
        OptSpec::new("-t CHAR", "use CHAR as input and output field separator"),
        OptSpec::new(
            "-v FILENUM",
            "like -a FILENUM, but suppress joined output lines",
        ),
        OptSpec::new("-1 FIELD", "join on this FIELD of file 1"),
        OptSpec::new("-2 FIELD", "join on this FIELD of file 2"),
        CHECK_ORDER,
        NOCHECK_ORDER,
        OptSpec::new(
            "--header",
            "treat the first line in each file as field headers, print them without trying to pair them",
        ),
        ZERO_TERMINATED,
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first sorted file"),
        ArgSpec::required("FILE2", ArgType::Path, "second sorted file"),
    ],
    returns: "one line per pair of lines with equal keys",
    examples: &[
        Example {
            description: "join on the first field",
            script: "printf 'a 1\\nb 2\\n' > x; printf 'a X\\nb Y\\n' > y; join x y",
            stdout: "a 1 X\nb 2 Y\n",
        },
        Example {
            description: "unpairable lines and a format",
            script: "printf 'a 1\\nb 2\\n' > x; printf 'a X\\n' > y; join -a1 -e- -o 0,1.2,2.2 x y",
            stdout: "a 1 X\nb 2 -\n",
        },
    ],
    errors: "exit 1 on bad options, an unreadable file or unsorted input",
    risk: RiskLevel::ReadOnly,
};

/// One input line split into fields (byte ranges into `buf`).
#[derive(Default, Clone)]
struct Line {
    buf: Vec<u8>,
    fields: Vec<(usize, usize)>,
}

impl Line {
    fn field(&self, i: usize) -> Option<&[u8]> {
        self.fields.get(i).map(|&(a, b)| &self.buf[a..b])
    }
}

struct Cfg {
    tab: Option<u8>,
    whole_line: bool,
    ignore_case: bool,
    eol: u8,
    check: OrderCheck,
    keys: [usize; 2],
    out_sep: u8,
    empty: Option<Vec<u8>>,
    /// (file 0/1/2, field index)
    outlist: Option<Vec<(usize, usize)>>,
    autoformat: bool,
}

fn split(cfg: &Cfg, buf: Vec<u8>) -> Line {
    let mut fields = Vec::new();
    let lim = buf.len();
    if lim > 0 {
        if cfg.whole_line {
            fields.push((0, lim));
        } else if let Some(t) = cfg.tab {
            let mut start = 0;
            for (i, &b) in buf.iter().enumerate() {
                if b == t {
                    fields.push((start, i));
                    start = i + 1;
                }
            }
            fields.push((start, lim));
        } else {
            let sep = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
            let mut ptr = 0;
            while ptr < lim && sep(buf[ptr]) {
                ptr += 1;
            }
            if ptr < lim {
                loop {
                    let mut s = ptr + 1;
                    while s < lim && !sep(buf[s]) {
                        s += 1;
                    }
                    fields.push((ptr, s));
                    if s == lim {
                        break;
                    }
                    ptr = s + 1;
                    while ptr < lim && sep(buf[ptr]) {
                        ptr += 1;
                    }
                    if ptr == lim {
                        // A trailing run of blanks leaves an empty last field, as in GNU.
                        fields.push((lim, lim));
                        break;
                    }
                }
            }
        }
    }
    Line { buf, fields }
}

fn keycmp(cfg: &Cfg, a: &Line, b: &Line, fa: usize, fb: usize) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let ka = a.field(fa).unwrap_or_default();
    let kb = b.field(fb).unwrap_or_default();
    if ka.is_empty() {
        return if kb.is_empty() {
            Ordering::Equal
        } else {
            Ordering::Less
        };
    }
    if kb.is_empty() {
        return Ordering::Greater;
    }
    if cfg.ignore_case {
        let n = ka.len().min(kb.len());
        for i in 0..n {
            let (x, y) = (ka[i].to_ascii_uppercase(), kb[i].to_ascii_uppercase());
            if x != y {
                return x.cmp(&y);
            }
        }
        ka.len().cmp(&kb.len())
    } else {
        ka.cmp(kb)
    }
}

struct Input {
    src: Source,
    lines: Lines,
    name: String,
    line_no: u64,
    prev: Option<Line>,
    warned: bool,
}

struct Joiner<'a> {
    cfg: &'a Cfg,
    ins: [Input; 2],
    seen_unpairable: bool,
    autocount: [usize; 2],
    out: Vec<u8>,
}

impl Joiner<'_> {
    /// Read the next line of input `w` (0 or 1), checking the order. `Err` carries a status.
    fn get_line(&mut self, ctx: &mut dyn ToolCtx, w: usize) -> Result<Option<Line>, i32> {
        let cfg = self.cfg;
        let inp = &mut self.ins[w];
        let raw = match inp.lines.next(ctx, &mut inp.src) {
            Ok(Some(mut l)) => {
                if l.last() == Some(&cfg.eol) {
                    l.pop();
                }
                l
            }
            Ok(None) => return Ok(None),
            Err(e) => {
                if ctx.is_cancelled() {
                    return Err(130);
                }
                let m = format!("{}: {}", inp.name, diag::io_msg(&e));
                diag::err(ctx, "join", &m);
                return Err(1);
            }
        };
        let line = split(cfg, raw);
        inp.line_no += 1;
        if cfg.check.applies(self.seen_unpairable)
            && !inp.warned
            && let Some(prev) = &inp.prev
            && keycmp(cfg, prev, &line, cfg.keys[w], cfg.keys[w]) == std::cmp::Ordering::Greater
        {
            let m = format!(
                "{}:{}: is not sorted: {}",
                inp.name,
                inp.line_no,
                String::from_utf8_lossy(&line.buf)
            );
            let _ = output::out(ctx, &self.out);
            self.out.clear();
            diag::err(ctx, "join", &m);
            if cfg.check.is_fatal() {
                return Err(1);
            }
            self.ins[w].warned = true;
        }
        self.ins[w].prev = Some(line.clone());
        Ok(Some(line))
    }

    fn prfield(&mut self, line: Option<&Line>, i: usize) {
        let f = line.and_then(|l| l.field(i)).unwrap_or_default();
        if !f.is_empty() {
            self.out.extend_from_slice(f);
        } else if let Some(e) = &self.cfg.empty {
            self.out.extend_from_slice(e);
        }
    }

    fn prfields(&mut self, line: Option<&Line>, key: usize, w: usize) {
        let n = if self.cfg.autoformat {
            self.autocount[w]
        } else {
            line.map_or(0, |l| l.fields.len())
        };
        for i in 0..n {
            if i == key {
                continue;
            }
            self.out.push(self.cfg.out_sep);
            self.prfield(line, i);
        }
    }

    fn prjoin(&mut self, l1: Option<&Line>, l2: Option<&Line>) {
        let cfg = self.cfg;
        if let Some(list) = &cfg.outlist {
            for (k, &(file, field)) in list.iter().enumerate() {
                if k > 0 {
                    self.out.push(cfg.out_sep);
                }
                let (line, f) = match file {
                    0 => match l1 {
                        Some(l) => (Some(l), cfg.keys[0]),
                        None => (l2, cfg.keys[1]),
                    },
                    1 => (l1, field),
                    _ => (l2, field),
                };
                self.prfield(line, f);
            }
        } else {
            let (line, f) = match l1 {
                Some(l) => (Some(l), cfg.keys[0]),
                None => (l2, cfg.keys[1]),
            };
            self.prfield(line, f);
            self.prfields(l1, cfg.keys[0], 0);
            self.prfields(l2, cfg.keys[1], 1);
        }
        self.out.push(cfg.eol);
    }

    fn flush(&mut self, ctx: &mut dyn ToolCtx) -> bool {
        let ok = output::out(ctx, &self.out);
        self.out.clear();
        ok
    }
}

fn field_num(s: &[u8]) -> Result<usize, String> {
    let t = diag::lossy(s);
    match t.parse::<u64>() {
        Ok(n) if n >= 1 => Ok((n - 1).min(usize::MAX as u64 / 2) as usize),
        _ => Err(format!("invalid field number: {}", quote::cquote(&t))),
    }
}

fn parse_outlist(s: &[u8], list: &mut Vec<(usize, usize)>) -> Result<(), String> {
    for spec in s.split(|b| *b == b',' || *b == b' ' || *b == b'\t') {
        if spec.is_empty() {
            continue;
        }
        let q = || quote::cquote(&diag::lossy(spec));
        match spec[0] {
            b'0' => {
                if spec.len() > 1 {
                    return Err(format!("invalid field specifier: {}", q()));
                }
                list.push((0, 0));
            }
            b'1' | b'2' => {
                if spec.get(1) != Some(&b'.') {
                    return Err(format!("invalid field specifier: {}", q()));
                }
                list.push(((spec[0] - b'0') as usize, field_num(&spec[2..])?));
            }
            _ => return Err(format!("invalid file number in field spec: {}", q())),
        }
    }
    Ok(())
}

impl ParsedCommand for Join {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str| diag::fail(ctx, "join", m);
        let mut cfg = Cfg {
            tab: None,
            whole_line: false,
            ignore_case: false,
            eol: b'\n',
            check: OrderCheck::Default,
            keys: [0, 0],
            out_sep: b' ',
            empty: None,
            outlist: None,
            autoformat: false,
        };
        let mut print_unpaired = [false, false];
        let mut print_pairs = true;
        let mut header = false;
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            let v = v.as_deref().unwrap_or_default();
            match (o.short, o.long) {
                (Some('a'), _) | (Some('v'), _) => {
                    let k = match v {
                        b"1" => 0,
                        b"2" => 1,
                        _ => {
                            let m =
                                format!("invalid field number: {}", quote::cquote(&diag::lossy(v)));
                            return fail(ctx, &m);
                        }
                    };
                    print_unpaired[k] = true;
                    if o.short == Some('v') {
                        print_pairs = false;
                    }
                }
                (Some('e'), _) => cfg.empty = Some(v.to_vec()),
                (Some('i'), _) => cfg.ignore_case = true,
                (Some(c @ ('j' | '1' | '2')), _) => {
                    let n = match field_num(v) {
                        Ok(n) => n,
                        Err(m) => return fail(ctx, &m),
                    };
                    match c {
                        '1' => cfg.keys[0] = n,
                        '2' => cfg.keys[1] = n,
                        _ => cfg.keys = [n, n],
                    }
                }
                (Some('o'), _) => {
                    if v == b"auto" {
                        cfg.autoformat = true;
                    } else {
                        let mut list = cfg.outlist.take().unwrap_or_default();
                        if let Err(m) = parse_outlist(v, &mut list) {
                            return fail(ctx, &m);
                        }
                        cfg.outlist = Some(list);
                    }
                }
                (Some('t'), _) => {
                    let t = match v {
                        [] => None,
                        [c] => Some(*c),
                        b"\\0" => Some(0),
                        _ => {
                            let m =
                                format!("multi-character tab {}", quote::cquote(&diag::lossy(v)));
                            return fail(ctx, &m);
                        }
                    };
                    if let (Some(old), Some(new)) = (cfg.tab, t)
                        && old != new
                    {
                        return fail(ctx, "incompatible tabs");
                    }
                    match t {
                        Some(c) => {
                            cfg.tab = Some(c);
                            cfg.out_sep = c;
                            cfg.whole_line = c == b'\n';
                        }
                        None => {
                            cfg.whole_line = true;
                            cfg.out_sep = b'\n';
                            cfg.tab = Some(b'\n');
                        }
                    }
                }
                (Some('z'), _) => cfg.eol = 0,
                (None, Some("check-order")) => cfg.check = OrderCheck::On,
                (None, Some("nocheck-order")) => cfg.check = OrderCheck::Off,
                (None, Some("header")) => header = true,
                _ => {}
            }
        }
        if cfg.autoformat && cfg.outlist.is_some() {
            cfg.autoformat = false;
        }
        if let Err(s) = diag::operand_count(ctx, &SPEC, &p.operands, 2, Some(2)) {
            return s;
        }
        if p.operands[0] == b"-" && p.operands[1] == b"-" {
            return fail(ctx, "both files cannot be standard input");
        }
        let mut opened = Vec::new();
        for f in &p.operands {
            match input::open(ctx, f) {
                Ok(src) => opened.push(Input {
                    src,
                    lines: Lines::new(cfg.eol),
                    name: diag::lossy(f),
                    line_no: 0,
                    prev: None,
                    warned: false,
                }),
                Err(m) => {
                    let m = format!("{}: {m}", diag::lossy(f));
                    return fail(ctx, &m);
                }
            }
        }
        let (Some(i2), Some(i1)) = (opened.pop(), opened.pop()) else {
            return 1;
        };
        let mut j = Joiner {
            cfg: &cfg,
            ins: [i1, i2],
            seen_unpairable: false,
            autocount: [0, 0],
            out: Vec::new(),
        };
        match run_join(ctx, &mut j, print_unpaired, print_pairs, header) {
            Ok(()) => {}
            Err(s) => {
                j.flush(ctx);
                return s;
            }
        }
        if !j.flush(ctx) {
            return 1;
        }
        if j.ins[0].warned || j.ins[1].warned {
            diag::err(ctx, "join", "input is not in sorted order");
            return 1;
        }
        0
    }
}

// `w` indexes the two inputs' parallel state (file 1 and file 2).
#[allow(clippy::needless_range_loop)]
fn run_join(
    ctx: &mut dyn ToolCtx,
    j: &mut Joiner,
    print_unpaired: [bool; 2],
    print_pairs: bool,
    header: bool,
) -> Result<(), i32> {
    use std::cmp::Ordering;
    let cfg = j.cfg;
    let mut seq: [Vec<Line>; 2] = [Vec::new(), Vec::new()];
    for w in 0..2 {
        if let Some(l) = j.get_line(ctx, w)? {
            seq[w].push(l);
        }
    }
    if cfg.autoformat {
        for w in 0..2 {
            j.autocount[w] = seq[w].first().map_or(0, |l| l.fields.len());
        }
    }
    if header && (!seq[0].is_empty() || !seq[1].is_empty()) {
        let a = seq[0].pop();
        let b = seq[1].pop();
        // A header present on one side only is printed alone, as GNU does.
        j.prjoin(a.as_ref(), b.as_ref());
        for w in 0..2 {
            j.ins[w].prev = None;
            if let Some(l) = j.get_line(ctx, w)? {
                seq[w].push(l);
            }
        }
    }
    while !seq[0].is_empty() && !seq[1].is_empty() {
        if ctx.is_cancelled() {
            return Err(130);
        }
        let diff = keycmp(cfg, &seq[0][0], &seq[1][0], cfg.keys[0], cfg.keys[1]);
        if diff != Ordering::Equal {
            let w = if diff == Ordering::Less { 0 } else { 1 };
            if print_unpaired[w] {
                let l = seq[w].remove(0);
                if w == 0 {
                    j.prjoin(Some(&l), None);
                } else {
                    j.prjoin(None, Some(&l));
                }
            } else {
                seq[w].clear();
            }
            // GNU reads the next line before noting the unpairable one.
            if let Some(l) = j.get_line(ctx, w)? {
                seq[w].push(l);
            }
            j.seen_unpairable = true;
            continue;
        }
        // Gather the group of equal keys from each side.
        let mut eof = [false, false];
        loop {
            match j.get_line(ctx, 0)? {
                Some(l) => {
                    let same =
                        keycmp(cfg, &l, &seq[1][0], cfg.keys[0], cfg.keys[1]) == Ordering::Equal;
                    seq[0].push(l);
                    if !same {
                        break;
                    }
                }
                None => {
                    eof[0] = true;
                    break;
                }
            }
        }
        loop {
            match j.get_line(ctx, 1)? {
                Some(l) => {
                    let same =
                        keycmp(cfg, &seq[0][0], &l, cfg.keys[0], cfg.keys[1]) == Ordering::Equal;
                    seq[1].push(l);
                    if !same {
                        break;
                    }
                }
                None => {
                    eof[1] = true;
                    break;
                }
            }
        }
        let n1 = seq[0].len() - usize::from(!eof[0]);
        let n2 = seq[1].len() - usize::from(!eof[1]);
        if print_pairs {
            for a in 0..n1 {
                for b in 0..n2 {
                    if ctx.is_cancelled() {
                        return Err(130);
                    }
                    j.prjoin(Some(&seq[0][a]), Some(&seq[1][b]));
                    if j.out.len() >= input::CHUNK && !j.flush(ctx) {
                        return Err(1);
                    }
                }
            }
        }
        for w in 0..2 {
            if eof[w] {
                seq[w].clear();
            } else {
                let last = seq[w].pop();
                seq[w].clear();
                seq[w].extend(last);
            }
        }
        if j.out.len() >= input::CHUNK && !j.flush(ctx) {
            return Err(1);
        }
    }
    // The tails: print unpairable lines, and read on to check the order.
    let checktail = cfg.check != OrderCheck::Off && !(j.ins[0].warned && j.ins[1].warned);
    for w in 0..2 {
        if (print_unpaired[w] || checktail) && !seq[w].is_empty() {
            let first = seq[w].remove(0);
            if print_unpaired[w] {
                if w == 0 {
                    j.prjoin(Some(&first), None);
                } else {
                    j.prjoin(None, Some(&first));
                }
            }
            if !seq[1 - w].is_empty() {
                j.seen_unpairable = true;
            }
            while let Some(l) = j.get_line(ctx, w)? {
                if print_unpaired[w] {
                    if w == 0 {
                        j.prjoin(Some(&l), None);
                    } else {
                        j.prjoin(None, Some(&l));
                    }
                    if j.out.len() >= input::CHUNK && !j.flush(ctx) {
                        return Err(1);
                    }
                }
                if j.ins[w].warned && !print_unpaired[w] {
                    break;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Join;
    use crate::common::testing::{check_pairs, run_on_pair};

    #[test]
    fn joins() {
        let (ac, bc) = ("a 1\nc 3\n", "b 2\nc 4\n");
        check_pairs(
            &Join,
            &[
                (&[], "a 1\nb 2\n", "a x\nb y\n", "a 1 x\nb 2 y\n"),
                (&["-a1", "-a2"], ac, bc, "a 1\nb 2\nc 3 4\n"),
                (&["-v1"], ac, bc, "a 1\n"),
                (
                    &["-o", "0,2.2,1.2", "-a2", "-e", "NA"],
                    "a 1\n",
                    "a x\nc y\n",
                    "a x 1\nc y NA\n",
                ),
                (&["-t,", "-2", "2"], "k,1\n", "x,k\n", "k,1,x\n"),
                (&["-i"], "A 1\n", "a 2\n", "A 1 2\n"),
                (&["--header"], "h x\na 1\n", "h y\na 2\n", "h x y\na 1 2\n"),
                (
                    &["-o", "auto", "-e", "?"],
                    "a 1 2\nb\n",
                    "a x\nb y\n",
                    "a 1 2 x\nb ? ? y\n",
                ),
                // Duplicate keys give the cross product.
                (
                    &[],
                    "a 1\na 2\n",
                    "a x\na y\n",
                    "a 1 x\na 1 y\na 2 x\na 2 y\n",
                ),
            ],
        );
    }

    #[test]
    fn order_and_errors() {
        let (s, o, e) = run_on_pair(&Join, &[], "a 1\nb 2\n", "a x\nc y\nb z\n");
        assert_eq!((s, o.as_str()), (1, "a 1 x\n"));
        assert_eq!(
            e,
            "join: b:3: is not sorted: b z\njoin: input is not in sorted order\n"
        );
        let (s, _, e) = run_on_pair(&Join, &["-o", "3.1"], "", "");
        assert_eq!(s, 1);
        assert_eq!(e, "join: invalid file number in field spec: ‘3.1’\n");
        let (s, _, e) = run_on_pair(&Join, &["-t", "ab"], "", "");
        assert_eq!((s, e.as_str()), (1, "join: multi-character tab ‘ab’\n"));
    }
}
