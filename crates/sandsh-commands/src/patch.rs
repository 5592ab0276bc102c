//! `patch`: apply a unified diff, as GNU patch 2.7 does for the common cases.
//!
//! Hunks are located at their stated line (plus the drift of earlier hunks), then searched
//! forward and backward, then with fuzz 1 and 2 (ignoring outer context lines). Failed hunks
//! go to `FILE.rej`; a file changed with offset, fuzz or failures keeps `FILE.orig`. Only
//! unified diffs are understood; other formats are refused.

use sandsh_api::fs::WriteMode;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input, output, paths, quote};

pub struct Patch;

static SPEC: CommandSpec = CommandSpec {
    name: "patch",
    group: "text",
    summary: "apply a diff file to an original",
    usage: "patch [OPTION]... [ORIGFILE [PATCHFILE]]",
    description: "Apply a unified diff (diff -u, git diff) read from standard input or -i PATCHFILE to the files it names (or to ORIGFILE). Hunks that moved are found by searching, with up to 2 lines of fuzz; hunks that cannot be applied are saved to FILE.rej. Context and normal diffs are not supported.",
    options: &[
        OptSpec::new(
            "-p, --strip=NUM",
            "strip NUM leading components from file names (default: use the base name)",
        ),
        OptSpec::new("-i, --input=PATCHFILE", "read the patch from PATCHFILE"),
        OptSpec::new("-o, --output=FILE", "write the result to FILE"),
        OptSpec::new("-R, --reverse", "apply the patch in reverse"),
        OptSpec::new(
            "-N, --forward",
            "ignore patches that seem reversed or already applied",
        ),
        OptSpec::new(
            "--dry-run",
            "print the results of applying the patches without changing any files",
        ),
        OptSpec::new(
            "-s, --quiet",
            "work silently unless an error occurs (also --silent)",
        ),
        OptSpec::new("--silent", "same as -s"),
        OptSpec::new("-F, --fuzz=LINES", "maximum fuzz factor (default 2)"),
        OptSpec::new(
            "-E, --remove-empty-files",
            "remove output files that are empty after patching",
        ),
        OptSpec::new(
            "-f, --force",
            "assume the user knows what they are doing (no questions)",
        ),
        OptSpec::new("-t, --batch", "ask no questions"),
        OptSpec::new(
            "--no-backup-if-mismatch",
            "do not keep FILE.orig when hunks do not match exactly",
        ),
    ],
    operands: &[
        ArgSpec::optional(
            "ORIGFILE",
            ArgType::Path,
            "file to patch (default: named in the patch)",
        ),
        ArgSpec::optional(
            "PATCHFILE",
            ArgType::Path,
            "the patch (default: standard input)",
        ),
    ],
    returns: "a 'patching file NAME' line per file, and hunk reports",
    examples: &[Example {
        description: "make and apply a patch",
        script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff -u x y > p; patch x < p; cat x",
        stdout: "patching file x\na\nc\n",
    }],
    errors: "exit 1 when some hunks could not be applied, 2 on trouble (unreadable patch, missing file, unsupported format)",
    risk: RiskLevel::MediumRisk,
};

#[derive(Clone)]
struct Hunk {
    old_start: usize,
    new_start: usize,
    /// (kind ' ', '-', '+'; text with its newline when it has one)
    lines: Vec<(u8, Vec<u8>)>,
    raw: Vec<u8>,
}

struct FilePatch {
    old: Option<String>,
    new: Option<String>,
    /// Hunks with no `---`/`+++` lines before them: they apply to the file named on the
    /// command line (GNU patch would ask for one; without a terminal it finds only garbage).
    headerless: bool,
    header: Vec<u8>,
    hunks: Vec<Hunk>,
}

fn name_of(line: &[u8]) -> Option<String> {
    let s = diag::lossy(line);
    let s = s.trim_end_matches(['\n', '\r']);
    let s = s.split('\t').next().unwrap_or("").trim_end();
    if s == "/dev/null" || s.is_empty() {
        None
    } else {
        Some(s.to_string())
    }
}

fn parse_range(s: &str) -> Option<(usize, usize)> {
    match s.split_once(',') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => Some((s.parse().ok()?, 1)),
    }
}

fn parse_patch(data: &[u8]) -> Result<Vec<FilePatch>, String> {
    let lines: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
    let mut files: Vec<FilePatch> = Vec::new();
    let mut i = 0;
    let mut saw_other = false;
    while i < lines.len() {
        let l = lines[i];
        if l.starts_with(b"--- ") && lines.get(i + 1).is_some_and(|n| n.starts_with(b"+++ ")) {
            let mut header = l.to_vec();
            header.extend_from_slice(lines[i + 1]);
            files.push(FilePatch {
                old: name_of(&l[4..]),
                new: name_of(&lines[i + 1][4..]),
                headerless: false,
                header,
                hunks: Vec::new(),
            });
            i += 2;
            continue;
        }
        if l.starts_with(b"@@ -") {
            if files.is_empty() {
                files.push(FilePatch {
                    old: None,
                    new: None,
                    headerless: true,
                    // What GNU patch writes at the top of the rejects.
                    header: b"--- /dev/null\n+++ /dev/null\n".to_vec(),
                    hunks: Vec::new(),
                });
            }
            let last = files.len() - 1;
            let fp = &mut files[last];
            let text = diag::lossy(l);
            let mut parts = text.split_whitespace();
            let _ = parts.next();
            let old = parts
                .next()
                .and_then(|p| p.strip_prefix('-'))
                .and_then(parse_range);
            let new = parts
                .next()
                .and_then(|p| p.strip_prefix('+'))
                .and_then(parse_range);
            let (Some((os, ol)), Some((ns, nl))) = (old, new) else {
                return Err(format!(
                    "patch: **** malformed patch at line {}: {}",
                    i + 1,
                    text.trim_end()
                ));
            };
            let mut raw = l.to_vec();
            let mut hl: Vec<(u8, Vec<u8>)> = Vec::new();
            let (mut seen_old, mut seen_new) = (0, 0);
            i += 1;
            while (seen_old < ol || seen_new < nl) && i < lines.len() {
                let x = lines[i];
                let (kind, body): (u8, &[u8]) = match x.first() {
                    Some(b' ') => (b' ', &x[1..]),
                    Some(b'-') => (b'-', &x[1..]),
                    Some(b'+') => (b'+', &x[1..]),
                    Some(b'\n') | Some(b'\r') => (b' ', x),
                    Some(b'\\') => {
                        raw.extend_from_slice(x);
                        if let Some(last) = hl.last_mut()
                            && last.1.last() == Some(&b'\n')
                        {
                            last.1.pop();
                        }
                        i += 1;
                        continue;
                    }
                    _ => {
                        return Err(format!(
                            "patch: **** malformed patch at line {}: {}",
                            i + 1,
                            diag::lossy(x).trim_end()
                        ));
                    }
                };
                if kind != b'+' {
                    seen_old += 1;
                }
                if kind != b'-' {
                    seen_new += 1;
                }
                raw.extend_from_slice(x);
                hl.push((kind, body.to_vec()));
                i += 1;
            }
            // A "\ No newline" marker right after the last line of the hunk.
            if let Some(x) = lines.get(i)
                && x.first() == Some(&b'\\')
            {
                raw.extend_from_slice(x);
                if let Some(last) = hl.last_mut()
                    && last.1.last() == Some(&b'\n')
                {
                    last.1.pop();
                }
                i += 1;
            }
            fp.hunks.push(Hunk {
                old_start: os,
                new_start: ns,
                lines: hl,
                raw,
            });
            continue;
        }
        if l.starts_with(b"*** ") || l.starts_with(b"***************") {
            saw_other = true;
        }
        i += 1;
    }
    if files.is_empty() || files.iter().all(|f| f.hunks.is_empty()) {
        if saw_other {
            return Err("patch: **** context diffs are not supported; use diff -u".into());
        }
        return Err("patch: **** Only garbage was found in the patch input.".into());
    }
    Ok(files)
}

fn strip(name: &str, p: Option<usize>) -> String {
    match p {
        None => name.rsplit('/').next().unwrap_or(name).to_string(),
        Some(n) => {
            let mut s = name;
            for _ in 0..n {
                match s.find('/') {
                    Some(k) => s = s[k + 1..].trim_start_matches('/'),
                    None => return s.to_string(),
                }
            }
            s.to_string()
        }
    }
}

/// Old and new line lists of a hunk (swapped when reversed), and its context counts.
fn sides(h: &Hunk, reverse: bool) -> (Vec<&[u8]>, Vec<&[u8]>, usize, usize) {
    let (del, add) = if reverse { (b'+', b'-') } else { (b'-', b'+') };
    let old: Vec<&[u8]> = h
        .lines
        .iter()
        .filter(|(k, _)| *k != add)
        .map(|(_, t)| t.as_slice())
        .collect();
    let new: Vec<&[u8]> = h
        .lines
        .iter()
        .filter(|(k, _)| *k != del)
        .map(|(_, t)| t.as_slice())
        .collect();
    let lead = h.lines.iter().take_while(|(k, _)| *k == b' ').count();
    let trail = h.lines.iter().rev().take_while(|(k, _)| *k == b' ').count();
    (old, new, lead, trail)
}

fn matches_at(file: &[Vec<u8>], pos: usize, pat: &[&[u8]]) -> bool {
    pos + pat.len() <= file.len() && pat.iter().enumerate().all(|(k, l)| file[pos + k] == *l)
}

/// Where a hunk must sit: a hunk with less trailing than leading context was made at the end
/// of the file and must match there; one with less leading context, at the start (GNU).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Anchor {
    None,
    Start,
    End,
}

fn anchor(lead: usize, trail: usize) -> Anchor {
    if trail < lead {
        Anchor::End
    } else if lead < trail {
        Anchor::Start
    } else {
        Anchor::None
    }
}

/// Find `pat` near `guess`, not before `min`: the guess, then forward/backward alternately.
fn locate(file: &[Vec<u8>], guess: isize, min: usize, pat: &[&[u8]], at: Anchor) -> Option<usize> {
    let max = file.len().saturating_sub(pat.len()) as isize;
    let ok = |p: isize| {
        p >= min as isize
            && p <= max
            && match at {
                Anchor::None => true,
                Anchor::Start => p == 0,
                Anchor::End => p as usize + pat.len() == file.len(),
            }
            && matches_at(file, p as usize, pat)
    };
    let guess = guess.clamp(min as isize, max.max(min as isize));
    if ok(guess) {
        return Some(guess as usize);
    }
    let mut off = 1;
    loop {
        let (f, b) = (guess + off, guess - off);
        let f_in = f <= max;
        let b_in = b >= min as isize;
        if !f_in && !b_in {
            return None;
        }
        if f_in && ok(f) {
            return Some(f as usize);
        }
        if b_in && ok(b) {
            return Some(b as usize);
        }
        off += 1;
    }
}

struct Opts {
    strip: Option<usize>,
    reverse: bool,
    forward: bool,
    dry: bool,
    quiet: bool,
    fuzz: usize,
    remove_empty: bool,
    backup: bool,
    output: Option<String>,
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "hunk" } else { "hunks" }
}

fn apply_file(
    ctx: &mut dyn ToolCtx,
    o: &Opts,
    fp: &FilePatch,
    target: &str,
    creating: bool,
    deleting: bool,
    out: &mut Vec<u8>,
) -> i32 {
    let data = if creating && ctx.backend().stat(&paths::abs(ctx, target)).is_err() {
        Vec::new()
    } else {
        match input::read_input(ctx, target.as_bytes()) {
            Ok(d) => d,
            Err(e) => {
                diag::err(
                    ctx,
                    "patch",
                    &format!("**** Can't open file {target} : {}", diag::io_msg(&e)),
                );
                return 2;
            }
        }
    };
    let file: Vec<Vec<u8>> = data
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    let verb = if o.dry { "checking" } else { "patching" };
    if !o.quiet {
        match &o.output {
            Some(of) => {
                out.extend_from_slice(format!("{verb} file {of} (read from {target})\n").as_bytes())
            }
            None => out.extend_from_slice(format!("{verb} file {target}\n").as_bytes()),
        }
    }
    let mut result: Vec<Vec<u8>> = Vec::with_capacity(file.len());
    let mut src = 0usize;
    let mut drift: isize = 0;
    let mut failed: Vec<&Hunk> = Vec::new();
    let mut mismatch = false;
    let mut ignored = false;
    for (n, h) in fp.hunks.iter().enumerate() {
        let (old, new, lead, trail) = sides(h, o.reverse);
        let start = if o.reverse { h.new_start } else { h.old_start };
        let base = if old.is_empty() {
            start as isize
        } else {
            start as isize - 1
        };
        let mut placed = None;
        for fuzz in 0..=o.fuzz.min(lead.max(trail)) {
            let (cl, ct) = (fuzz.min(lead), fuzz.min(trail));
            if cl + ct >= old.len() && !old.is_empty() {
                break;
            }
            let pat = &old[cl..old.len() - ct];
            if let Some(p) = locate(
                &file,
                base + drift + cl as isize,
                src,
                pat,
                anchor(lead, trail),
            ) {
                placed = Some((p, cl, ct, fuzz));
                break;
            }
        }
        match placed {
            Some((p, cl, ct, fuzz)) => {
                let real_start = p as isize - cl as isize;
                let offset = real_start - base - drift;
                result.extend(file[src..p].iter().cloned());
                result.extend(
                    new[cl..new.len() - ct.min(new.len() - cl)]
                        .iter()
                        .map(|l| l.to_vec()),
                );
                src = p + old.len() - cl - ct;
                let total_offset = real_start - base;
                drift = total_offset;
                let line = if old.is_empty() {
                    real_start
                } else {
                    real_start + 1
                };
                if (offset != 0 || fuzz > 0 || total_offset != 0) && !o.quiet {
                    let off_txt = if total_offset != 0 {
                        let a = total_offset.unsigned_abs();
                        format!(
                            " (offset {total_offset} line{})",
                            if a == 1 { "" } else { "s" }
                        )
                    } else {
                        String::new()
                    };
                    let fuzz_txt = if fuzz > 0 {
                        format!(" with fuzz {fuzz}")
                    } else {
                        String::new()
                    };
                    out.extend_from_slice(
                        format!("Hunk #{} succeeded at {line}{fuzz_txt}{off_txt}.\n", n + 1)
                            .as_bytes(),
                    );
                }
                if total_offset != 0 || fuzz > 0 {
                    mismatch = true;
                }
            }
            None => {
                // Already applied / reversed?
                if n == 0 && !o.reverse {
                    let (rold, _, rlead, rtrail) = sides(h, true);
                    let rstart = h.new_start;
                    let rbase = if rold.is_empty() {
                        rstart as isize
                    } else {
                        rstart as isize - 1
                    };
                    if !rold.is_empty()
                        && locate(&file, rbase, 0, &rold, anchor(rlead, rtrail)).is_some()
                    {
                        if o.forward {
                            out.extend_from_slice(b"Reversed (or previously applied) patch detected!  Skipping patch.\n");
                        } else {
                            out.extend_from_slice(b"Reversed (or previously applied) patch detected!  Assume -R? [n] \n");
                            let _ = ctx.ask(
                                "Reversed (or previously applied) patch detected!  Assume -R? [n] ",
                            );
                            out.extend_from_slice(b"Apply anyway? [n] \nSkipping patch.\n");
                        }
                        ignored = true;
                        break;
                    }
                }
                let at = base + drift + 1;
                out.extend_from_slice(
                    format!("Hunk #{} FAILED at {}.\n", n + 1, at.max(1)).as_bytes(),
                );
                failed.push(h);
                mismatch = true;
            }
        }
    }
    let rej_name = format!("{}.rej", o.output.as_deref().unwrap_or(target));
    if ignored {
        let total = fp.hunks.len();
        if o.dry {
            out.extend_from_slice(
                format!("{total} out of {total} {} ignored\n", plural(total)).as_bytes(),
            );
        } else {
            out.extend_from_slice(
                format!(
                    "{total} out of {total} {} ignored -- saving rejects to file {rej_name}\n",
                    plural(total)
                )
                .as_bytes(),
            );
            let mut rej = fp.header.clone();
            for h in &fp.hunks {
                rej.extend_from_slice(&h.raw);
            }
            let _ = ctx.backend().write(
                &paths::abs(ctx, &rej_name),
                &rej,
                WriteMode::Truncate,
                0o644,
            );
        }
        return 1;
    }
    result.extend(file[src..].iter().cloned());
    let bytes: Vec<u8> = result.concat();
    let mut status = 0;
    if !failed.is_empty() {
        status = 1;
        let total = fp.hunks.len();
        if o.dry {
            out.extend_from_slice(
                format!("{} out of {total} {} FAILED\n", failed.len(), plural(total)).as_bytes(),
            );
        } else {
            out.extend_from_slice(
                format!(
                    "{} out of {total} {} FAILED -- saving rejects to file {rej_name}\n",
                    failed.len(),
                    plural(total)
                )
                .as_bytes(),
            );
            let mut rej = fp.header.clone();
            for h in &failed {
                rej.extend_from_slice(&h.raw);
            }
            let _ = ctx.backend().write(
                &paths::abs(ctx, &rej_name),
                &rej,
                WriteMode::Truncate,
                0o644,
            );
        }
    }
    if o.dry {
        return status;
    }
    let dest = o.output.clone().unwrap_or_else(|| target.to_string());
    let dest_path = paths::abs(ctx, &dest);
    if mismatch && o.backup && o.output.is_none() && !creating {
        let _ = ctx.backend().write(
            &paths::abs(ctx, &format!("{target}.orig")),
            &data,
            WriteMode::Truncate,
            0o644,
        );
    }
    if (deleting || o.remove_empty) && bytes.is_empty() && o.output.is_none() {
        if let Err(e) = ctx.backend().remove(&dest_path, false) {
            diag::err(
                ctx,
                "patch",
                &format!("**** Can't remove file {dest} : {e}"),
            );
            return 2;
        }
        return status;
    }
    let mode = ctx
        .backend()
        .stat(&paths::abs(ctx, target))
        .map(|m| m.mode)
        .unwrap_or(0o644);
    if let Err(e) = ctx
        .backend()
        .write(&dest_path, &bytes, WriteMode::Truncate, mode)
    {
        diag::err(
            ctx,
            "patch",
            &format!("**** Can't create file {dest} : {e}"),
        );
        return 2;
    }
    status
}

impl ParsedCommand for Patch {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let num = |v: Option<&Arg>| v.and_then(|v| diag::lossy(v).parse::<usize>().ok());
        let o = Opts {
            strip: num(p.value(opt!(SPEC, "p"))),
            reverse: p.has(opt!(SPEC, "R")),
            forward: p.has(opt!(SPEC, "N")),
            dry: p.has(opt!(SPEC, "dry-run")),
            quiet: p.has(opt!(SPEC, "s")) || p.has(opt!(SPEC, "silent")),
            fuzz: num(p.value(opt!(SPEC, "F"))).unwrap_or(2),
            remove_empty: p.has(opt!(SPEC, "E")),
            backup: !p.has(opt!(SPEC, "no-backup-if-mismatch")),
            output: p.value(opt!(SPEC, "o")).map(|v| diag::lossy(v)),
        };
        if let Some(v) = p.value(opt!(SPEC, "p"))
            && o.strip.is_none()
        {
            diag::err(
                ctx,
                "patch",
                &format!("strip count {} is not a number", diag::lossy(v)),
            );
            return 2;
        }
        if p.operands.len() > 2 {
            return diag::usage(
                ctx,
                &SPEC,
                &format!(
                    "patch: extra operand {}",
                    quote::quote(&diag::lossy(&p.operands[2]))
                ),
                2,
            );
        }
        let patch_src: Vec<u8> = match (p.value(opt!(SPEC, "i")), p.operands.get(1)) {
            (Some(f), _) | (None, Some(f)) => f.clone(),
            _ => b"-".to_vec(),
        };
        let data = match input::read_input(ctx, &patch_src) {
            Ok(d) => d,
            Err(e) => {
                diag::err(
                    ctx,
                    "patch",
                    &format!(
                        "**** Can't open patch file {} : {}",
                        diag::lossy(&patch_src),
                        diag::io_msg(&e)
                    ),
                );
                return 2;
            }
        };
        if data.iter().all(u8::is_ascii_whitespace) {
            // GNU patch does nothing, successfully, with an empty patch.
            if let (Some(of), Some(orig)) = (&o.output, p.operands.first()) {
                let content = input::read_input(ctx, orig).unwrap_or_default();
                let _ =
                    ctx.backend()
                        .write(&paths::abs(ctx, of), &content, WriteMode::Truncate, 0o644);
            }
            return 0;
        }
        let files = match parse_patch(&data) {
            Ok(f) => f,
            Err(m) => {
                let _ = writeln!(ctx.stderr(), "{m}");
                return 2;
            }
        };
        let forced = p.operands.first().map(|f| diag::lossy(f));
        if forced.is_none() && files.iter().any(|f| f.headerless) {
            let _ = writeln!(
                ctx.stderr(),
                "patch: **** Only garbage was found in the patch input."
            );
            return 2;
        }
        let mut status = 0;
        let mut out = Vec::new();
        for fp in &files {
            if ctx.is_cancelled() {
                return 130;
            }
            let (old, new) = if o.reverse {
                (&fp.new, &fp.old)
            } else {
                (&fp.old, &fp.new)
            };
            let creating = old.is_none() && !fp.headerless;
            let deleting = new.is_none() && !fp.headerless;
            let target = match &forced {
                Some(f) => f.clone(),
                None => {
                    let cands: Vec<String> = [old, new]
                        .into_iter()
                        .flatten()
                        .map(|n| strip(n, o.strip))
                        .collect();
                    let existing = cands
                        .iter()
                        .find(|c| ctx.backend().stat(&paths::abs(ctx, c)).is_ok())
                        .cloned();
                    match existing {
                        Some(c) => c,
                        None if creating => match cands.first() {
                            Some(c) => c.clone(),
                            None => continue,
                        },
                        None => {
                            out.extend_from_slice(
                                format!(
                                    "can't find file to patch at input line {}\nNo file to patch.  Skipping patch.\n{} out of {} {} ignored\n",
                                    1,
                                    fp.hunks.len(),
                                    fp.hunks.len(),
                                    plural(fp.hunks.len())
                                )
                                .as_bytes(),
                            );
                            status = status.max(1);
                            continue;
                        }
                    }
                }
            };
            let s = apply_file(ctx, &o, fp, &target, creating, deleting, &mut out);
            status = status.max(s);
        }
        if !output::out(ctx, &out) {
            return 2;
        }
        status
    }
}
