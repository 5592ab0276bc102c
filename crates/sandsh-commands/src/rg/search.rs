//! Searching one file and printing what ripgrep 13 prints for a pipe.

use std::io::Write;

use sandsh_api::{ExitStatus, ToolCtx};

use super::options::{Config, Mode};
use super::walk::{Stop, Subject, Walker, os_error};
use super::zip::Unzipped;
use crate::common::output;

/// Totals for `--json`'s summary.
#[derive(Default, Clone, Copy)]
struct Stats {
    searches: u64,
    with_match: u64,
    bytes_searched: u64,
    bytes_printed: u64,
    matched_lines: u64,
    matches: u64,
}

struct Printer<'c> {
    cfg: &'c Config,
    with_filename: bool,
    out: Vec<u8>,
    matched: bool,
    errors: bool,
    /// Whether any line was printed yet (for the `--` separator and heading blank lines).
    printed_any: bool,
    /// Whether a file's lines were printed (heading mode's blank line between files).
    printed_file: bool,
    stats: Stats,
    /// Bytes already written to stdout from `out` (positions are `flushed + out.len()`).
    flushed: u64,
    /// The length of the file being searched (whether a line has its newline).
    cur_len: usize,
}

pub fn run(cfg: Config, ctx: &mut dyn ToolCtx) -> ExitStatus {
    let peeked = if cfg.explicit_paths {
        None
    } else {
        stdin_peek(ctx)
    };
    let stdin_only = peeked.is_some();
    let with_filename = cfg.with_filename.unwrap_or_else(|| {
        !stdin_only
            && (cfg.paths.len() > 1
                || cfg.paths.is_empty()
                || cfg.paths.first().is_some_and(|p| {
                    crate::common::input::is_dir(ctx, &crate::common::diag::lossy(p))
                }))
    });
    let mut p = Printer {
        cfg: &cfg,
        with_filename,
        out: Vec::new(),
        matched: false,
        errors: false,
        printed_any: false,
        printed_file: false,
        stats: Stats::default(),
        flushed: 0,
        cur_len: 0,
    };
    let mut status = None;
    if let Some(mut data) = peeked {
        match read_rest(ctx, &mut data) {
            Ok(()) => {
                let s = Subject {
                    shown: "<stdin>".into(),
                    abs: Default::default(),
                    explicit: true,
                    dir: None,
                };
                if let Err(Stop::Done(st)) = p.search(ctx, &s, &data) {
                    status = Some(st);
                }
            }
            Err(e) => {
                p.errors = true;
                let _ = writeln!(ctx.stderr(), "rg: <stdin>: {e}");
            }
        }
    } else {
        let mut walker = Walker::new(&cfg);
        let roots: Vec<String> = if cfg.paths.is_empty() {
            vec![String::new()]
        } else {
            cfg.paths
                .iter()
                .map(|a| crate::common::diag::lossy(a))
                .collect()
        };
        for root in &roots {
            let mut visit = |ctx: &mut dyn ToolCtx, s: &Subject| p.visit(ctx, s);
            if let Err(Stop::Done(st)) = walker.walk_root(ctx, root, &mut visit) {
                status = Some(st);
                break;
            }
        }
        p.errors |= walker.errors;
    }
    if cfg.mode == Mode::Json && status.is_none() {
        p.summary();
    }
    if !p.out.is_empty() && !output::out(ctx, &p.out) {
        return 141;
    }
    if let Some(st) = status {
        return st;
    }
    if p.matched && (cfg.mode == Mode::Quiet || !p.errors) {
        0
    } else if p.errors {
        2
    } else {
        1
    }
}

/// Whether rg with no path reads stdin. ripgrep does when stdin is a file or a pipe; in
/// sandsh a redirected file shows as `stdin_path`, and a pipe as input that is not empty
/// at once (the first chunk is kept for the search). A session's own stdin is empty, so
/// `rg PATTERN` alone searches the working directory as it does in a terminal.
/// Returns the first chunk read when it does.
fn stdin_peek(ctx: &mut dyn ToolCtx) -> Option<Vec<u8>> {
    if ctx.stdin_path().is_some() {
        return Some(Vec::new());
    }
    let mut buf = vec![0u8; 64 * 1024];
    match ctx.stdin().read(&mut buf) {
        Ok(n) if n > 0 => {
            buf.truncate(n);
            Some(buf)
        }
        _ => None,
    }
}

fn read_rest(ctx: &mut dyn ToolCtx, data: &mut Vec<u8>) -> std::io::Result<()> {
    let mut src = crate::common::input::Source::Stdin;
    let rest = crate::common::input::read_all(ctx, &mut src)?;
    data.extend_from_slice(&rest);
    Ok(())
}

fn json_str(out: &mut Vec<u8>, b: &[u8]) {
    match std::str::from_utf8(b) {
        Ok(s) => {
            let _ = write!(
                out,
                "{{\"text\":{}}}",
                serde_json::Value::String(s.to_string())
            );
        }
        Err(_) => {
            out.extend_from_slice(b"{\"bytes\":\"");
            crate::common::base64::encode_b64(b, out);
            out.extend_from_slice(b"\"}");
        }
    }
}

impl Printer<'_> {
    fn flush(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        let before = self.out.len() as u64;
        output::flush_when_full(ctx, &mut self.out).map_err(|_| Stop::Done(141))?;
        if self.out.is_empty() {
            self.flushed += before;
        }
        Ok(())
    }

    fn position(&self) -> u64 {
        self.flushed + self.out.len() as u64
    }

    fn visit(&mut self, ctx: &mut dyn ToolCtx, s: &Subject) -> Result<(), Stop> {
        if self.cfg.mode == Mode::Files {
            self.out.extend_from_slice(s.shown.as_bytes());
            self.out.push(if self.cfg.null { 0 } else { b'\n' });
            self.matched = true;
            return self.flush(ctx);
        }
        if self.cfg.search_zip {
            match super::zip::unzip(ctx, s) {
                Unzipped::AsIs => {}
                Unzipped::Data(data) => {
                    self.search(ctx, s, &data)?;
                    return self.flush(ctx);
                }
                Unzipped::Failed(err) => {
                    self.errors = true;
                    if !self.cfg.no_messages {
                        let rule = "-".repeat(79);
                        let e = ctx.stderr();
                        let _ = writeln!(e, "{}: \n{rule}", s.shown);
                        let _ = e.write_all(&err);
                        let _ = writeln!(e, "{rule}");
                    }
                    return Ok(());
                }
                Unzipped::Cancelled => return Err(Stop::Done(130)),
            }
        }
        let read = match s.open_held() {
            Some(r) => {
                crate::common::input::read_all(ctx, &mut crate::common::input::Source::File(r))
            }
            None => crate::common::input::read_input(ctx, s.abs.to_string_lossy().as_bytes()),
        };
        let data = match read {
            Ok(d) => d,
            Err(e) => {
                if ctx.is_cancelled() {
                    return Err(Stop::Done(130));
                }
                self.errors = true;
                if !self.cfg.no_messages {
                    let _ = writeln!(
                        ctx.stderr(),
                        "{}: {}",
                        s.shown,
                        os_error(&crate::common::diag::io_msg(&e))
                    );
                }
                return Ok(());
            }
        };
        self.search(ctx, s, &data)?;
        self.flush(ctx)
    }

    fn path_prefix(&mut self, shown: &str, sep: u8) {
        if self.with_filename && !self.cfg.heading {
            self.out.extend_from_slice(shown.as_bytes());
            self.out.push(if self.cfg.null { 0 } else { sep });
        }
    }

    fn line_prefix(&mut self, shown: &str, sep: u8, lineno: usize, col: Option<usize>) {
        self.path_prefix(shown, sep);
        if self.cfg.line_number {
            let _ = write!(self.out, "{lineno}{}", sep as char);
        }
        if let (true, Some(c)) = (self.cfg.column, col) {
            let _ = write!(self.out, "{c}{}", sep as char);
        }
    }

    fn body(&mut self, line: &[u8], matched: bool) {
        let mut line = line;
        if self.cfg.trim {
            let k = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
            line = &line[k..];
        }
        // ripgrep measures the line with its terminator.
        if let Some(m) = self.cfg.max_columns
            && line.len() + 1 > m
        {
            let what = if matched { "matching" } else { "context" };
            let _ = writeln!(self.out, "[Omitted long {what} line]");
            return;
        }
        if matched && let Some(rep) = &self.cfg.replace {
            let dst = self.cfg.re.replace(line, rep);
            self.out.extend_from_slice(&dst);
        } else {
            self.out.extend_from_slice(line);
        }
        self.out.push(b'\n');
    }

    fn is_match(&self, line: &[u8]) -> bool {
        self.cfg.re.is_match(line) != self.cfg.invert
    }

    fn search(&mut self, ctx: &mut dyn ToolCtx, s: &Subject, data: &[u8]) -> Result<(), Stop> {
        let cfg = self.cfg;
        let nul = memchr::memchr(0, data);
        if nul.is_some() && !cfg.text && !s.explicit {
            return Ok(());
        }
        let searched = data.len() as u64;
        let converted;
        let mut data = data;
        if let (Some(at), false) = (nul, cfg.text) {
            if matches!(cfg.mode, Mode::Lines | Mode::Json | Mode::Quiet) {
                // An explicit binary file: only whether it matches is said.
                let hit = data
                    .split(|b| *b == b'\n' || *b == 0)
                    .any(|l| self.is_match(l));
                return self.binary(ctx, s, hit, at);
            }
            // Counts and names: NUL bytes end lines, as ripgrep converts them.
            converted = data
                .iter()
                .map(|&b| if b == 0 { b'\n' } else { b })
                .collect::<Vec<u8>>();
            data = &converted;
        }
        self.cur_len = data.len();
        let mut lines: Vec<(usize, &[u8])> = Vec::new();
        let mut off = 0;
        while off < data.len() {
            let end = memchr::memchr(b'\n', &data[off..]).map_or(data.len(), |k| off + k);
            lines.push((off, &data[off..end]));
            off = end + 1;
        }
        let mut count = 0u64;
        let mut nmatches = 0u64;
        let mut last_printed: Option<usize> = None;
        let mut after_left = 0usize;
        let mut json_begun = false;
        let printed_before = self.position();
        let lines_mode = matches!(cfg.mode, Mode::Lines | Mode::Json);
        for (i, &(lstart, line)) in lines.iter().enumerate() {
            if i % 4096 == 0 && ctx.is_cancelled() {
                return Err(Stop::Done(130));
            }
            let limit_hit = cfg.max_count.is_some_and(|m| count >= m);
            let hit = !limit_hit && self.is_match(line);
            if hit {
                count += 1;
                let n = if cfg.invert {
                    0
                } else {
                    self.cfg.re.matches(line).len() as u64
                };
                nmatches += n;
                self.matched = true;
                if cfg.mode == Mode::Quiet {
                    return Err(Stop::Done(0));
                }
                if matches!(cfg.mode, Mode::FilesWith | Mode::FilesWithout) {
                    break;
                }
                if !lines_mode {
                    continue;
                }
                if cfg.mode == Mode::Json && !json_begun {
                    json_begun = true;
                    self.json_begin(s);
                }
                // Leading context and the separator.
                let from = i.saturating_sub(cfg.before);
                let from = last_printed.map_or(from, |l| from.max(l + 1));
                self.separator(s, last_printed, from);
                for (k, &(cs, cl)) in lines.iter().enumerate().take(i).skip(from) {
                    self.context_line(s, k, cs, cl);
                }
                self.match_line(s, i, lstart, line);
                last_printed = Some(i);
                after_left = cfg.after;
                self.flush(ctx)?;
            } else if lines_mode && after_left > 0 && last_printed.is_some() {
                if limit_hit && cfg.after == 0 {
                    break;
                }
                after_left -= 1;
                self.context_line(s, i, lstart, line);
                last_printed = Some(i);
            } else if limit_hit {
                break;
            }
        }
        if count > 0 {
            // ripgrep's summary counts the searches that matched only.
            self.stats.searches += 1;
            self.stats.bytes_searched += searched;
            self.stats.with_match += 1;
            self.stats.matched_lines += count;
            self.stats.matches += nmatches;
        }
        let shown = s.shown.clone();
        match cfg.mode {
            Mode::FilesWith if count > 0 => self.path_line(&shown),
            Mode::FilesWithout if count == 0 => {
                self.path_line(&shown);
                self.matched = true;
            }
            Mode::Count | Mode::CountMatches if count > 0 || cfg.include_zero => {
                let n = if cfg.mode == Mode::Count {
                    count
                } else {
                    nmatches
                };
                self.path_prefix(&shown, b':');
                let _ = writeln!(self.out, "{n}");
            }
            Mode::Json if json_begun => {
                let mut st = Stats {
                    searches: 1,
                    with_match: 1,
                    bytes_searched: data.len() as u64,
                    bytes_printed: 0,
                    matched_lines: count,
                    matches: nmatches,
                };
                st.bytes_printed = self.position() - printed_before;
                self.json_end(s, &st);
            }
            _ => {}
        }
        if self.position() > printed_before {
            self.printed_file = true;
        }
        Ok(())
    }

    fn path_line(&mut self, shown: &str) {
        self.out.extend_from_slice(shown.as_bytes());
        self.out.push(if self.cfg.null { 0 } else { b'\n' });
    }

    fn binary(
        &mut self,
        ctx: &mut dyn ToolCtx,
        s: &Subject,
        hit: bool,
        at: usize,
    ) -> Result<(), Stop> {
        let shown = s.shown.clone();
        if hit {
            self.matched = true;
            self.stats.with_match += 1;
        }
        match self.cfg.mode {
            Mode::Quiet if hit => return Err(Stop::Done(0)),
            Mode::Lines if hit => {
                if self.with_filename {
                    let _ = write!(self.out, "{shown}: ");
                }
                let _ = writeln!(
                    self.out,
                    "binary file matches (found \"\\0\" byte around offset {at})"
                );
            }
            Mode::FilesWith if hit => self.path_line(&shown),
            Mode::FilesWithout if !hit => self.path_line(&shown),
            _ => {}
        }
        self.flush(ctx)
    }

    /// The `--` between groups of lines that are not adjacent (or the heading).
    fn separator(&mut self, s: &Subject, last_printed: Option<usize>, from: usize) {
        if self.cfg.mode == Mode::Json {
            return;
        }
        let contiguous = last_printed.is_some_and(|l| l + 1 >= from);
        if last_printed.is_none() && self.cfg.heading && self.with_filename {
            if self.printed_file {
                self.out.push(b'\n');
            }
            self.out.extend_from_slice(s.shown.as_bytes());
            self.out.push(b'\n');
        }
        let ctx_on = self.cfg.before > 0 || self.cfg.after > 0;
        if ctx_on
            && self.printed_any
            && !contiguous
            && !(last_printed.is_none() && self.cfg.heading)
        {
            self.out.extend_from_slice(b"--\n");
        }
        self.printed_any = true;
    }

    fn context_line(&mut self, s: &Subject, i: usize, start: usize, line: &[u8]) {
        if self.cfg.mode == Mode::Json {
            self.json_line("context", s, i, start, line);
            return;
        }
        self.line_prefix(&s.shown, b'-', i + 1, None);
        self.body(line, false);
    }

    fn match_line(&mut self, s: &Subject, i: usize, start: usize, line: &[u8]) {
        let cfg = self.cfg;
        if cfg.mode == Mode::Json {
            self.json_line("match", s, i, start, line);
            return;
        }
        if cfg.invert {
            self.line_prefix(&s.shown, b':', i + 1, None);
            self.body(line, false);
            return;
        }
        if cfg.only_matching || cfg.vimgrep {
            let ms = cfg.re.matches(line);
            for (a, b) in ms {
                self.line_prefix(&s.shown, b':', i + 1, Some(a + 1));
                if cfg.vimgrep && !cfg.only_matching {
                    self.body(line, true);
                } else {
                    self.body(&line[a..b], true);
                }
            }
            return;
        }
        let col = cfg.re.first(line).map_or(1, |(a, _)| a + 1);
        self.line_prefix(&s.shown, b':', i + 1, Some(col));
        self.body(line, true);
    }

    fn json_begin(&mut self, s: &Subject) {
        self.out
            .extend_from_slice(b"{\"type\":\"begin\",\"data\":{\"path\":");
        json_str(&mut self.out, s.shown.as_bytes());
        self.out.extend_from_slice(b"}}\n");
    }

    fn json_line(&mut self, kind: &str, s: &Subject, i: usize, start: usize, line: &[u8]) {
        let _ = write!(self.out, "{{\"type\":\"{kind}\",\"data\":{{\"path\":");
        json_str(&mut self.out, s.shown.as_bytes());
        self.out.extend_from_slice(b",\"lines\":");
        let mut full = line.to_vec();
        if start + line.len() < self.cur_len {
            full.push(b'\n');
        }
        json_str(&mut self.out, &full);
        let _ = write!(
            self.out,
            ",\"line_number\":{},\"absolute_offset\":{start},\"submatches\":[",
            i + 1
        );
        if kind == "match" && !self.cfg.invert {
            let mut first = true;
            for (a, b) in self.cfg.re.matches(line) {
                if !first {
                    self.out.push(b',');
                }
                first = false;
                self.out.extend_from_slice(b"{\"match\":");
                json_str(&mut self.out, &line[a..b]);
                let _ = write!(self.out, ",\"start\":{a},\"end\":{b}}}");
            }
        }
        self.out.extend_from_slice(b"]}}\n");
    }

    fn json_end(&mut self, s: &Subject, st: &Stats) {
        self.out
            .extend_from_slice(b"{\"type\":\"end\",\"data\":{\"path\":");
        json_str(&mut self.out, s.shown.as_bytes());
        let _ = writeln!(
            self.out,
            ",\"binary_offset\":null,\"stats\":{{\"elapsed\":{{\"secs\":0,\"nanos\":0,\"human\":\"0.000000s\"}},\"searches\":1,\"searches_with_match\":1,\"bytes_searched\":{},\"bytes_printed\":{},\"matched_lines\":{},\"matches\":{}}}}}}}",
            st.bytes_searched, st.bytes_printed, st.matched_lines, st.matches
        );
        self.stats.bytes_printed += st.bytes_printed;
    }

    fn summary(&mut self) {
        let st = self.stats;
        let _ = writeln!(
            self.out,
            "{{\"data\":{{\"elapsed_total\":{{\"human\":\"0.000000s\",\"nanos\":0,\"secs\":0}},\"stats\":{{\"bytes_printed\":{},\"bytes_searched\":{},\"elapsed\":{{\"human\":\"0.000000s\",\"nanos\":0,\"secs\":0}},\"matched_lines\":{},\"matches\":{},\"searches\":{},\"searches_with_match\":{}}}}},\"type\":\"summary\"}}",
            st.bytes_printed,
            st.bytes_searched,
            st.matched_lines,
            st.matches,
            st.searches,
            st.with_match
        );
    }
}
