//! `unzip`: list, test and extract .zip archives (Info-ZIP's command line and messages, the
//! `zip` crate's reader).
//!
//! Member names are untrusted: a leading `/` is stripped with Info-ZIP's warning, names with
//! `..` components are refused (Info-ZIP strips them instead; refusing is the safer reading of
//! the same warning), symbolic links whose target leaves the extraction directory are refused,
//! and nothing is written through a symbolic link on the way down. Output is bounded by the
//! VFS limits; a member that does not fit is removed and reported.

use std::io::{self, Read, Write};
use std::time::{Duration, UNIX_EPOCH};

use zip::ZipArchive;

use crate::common::{diag, paths};
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx, is_cancelled,
};
use sandsh_text::pattern::{Pattern, PatternOptions};

use super::io::{In, Out, Shared, VfsFile, check, msg, print, warn};
use super::safepath::{Member, PlaceError, link_stays_inside, member, place};

pub struct Unzip;

const OPTS: &[OptSpec] = &[
    OptSpec::new("-l", "list files (short format)"),
    OptSpec::new("-t", "test compressed archive data"),
    OptSpec::new("-p", "extract files to pipe (standard output), no messages"),
    OptSpec::new("-d EXDIR", "extract files into EXDIR"),
    OptSpec::new("-o", "overwrite files WITHOUT prompting"),
    OptSpec::new("-n", "never overwrite existing files"),
    OptSpec::new("-q", "quiet mode (-qq => quieter)"),
    OptSpec::new("-j", "junk paths (do not make directories)"),
    OptSpec::new("-Z", "zipinfo mode (only -Z1, member names, is supported)"),
    OptSpec::new("-1", "with -Z: list member names only, one per line"),
    OptSpec::new(
        "-x PATTERN",
        "exclude members matching PATTERN (repeatable)",
    ),
];

static SPEC: CommandSpec = CommandSpec {
    name: "unzip",
    group: "archive",
    summary: "list, test and extract compressed files in a ZIP archive",
    usage: "unzip [-ltpqonj] [-d EXDIR] ZIPFILE [MEMBER...] [-x PATTERN]\n       unzip -Z1 ZIPFILE [MEMBER...]",
    description: "Extract the members of ZIPFILE (all, or those matching the MEMBER patterns, where * also matches /) into the current directory or EXDIR, creating directories as needed. -l lists them in Info-ZIP's format, -p writes their data to standard output, -t tests them. An existing file is kept with -n, replaced with -o, and otherwise treated as Info-ZIP treats an unanswerable prompt (\"[N]one\"). Deflate, bzip2 and stored members are read. Members with '..' components, and symbolic links whose target leaves the extraction directory, are refused with a message (status 1).",
    options: OPTS,
    operands: &[
        ArgSpec::required(
            "ZIPFILE",
            ArgType::Path,
            "the archive (\".zip\" may be left off)",
        ),
        ArgSpec::optional(
            "MEMBER",
            ArgType::Pattern,
            "members to extract or list (wildcards allowed)",
        )
        .repeated(),
    ],
    returns: "extracted files, a listing, or member data on standard output",
    examples: &[
        Example {
            description: "zip then list",
            script: "echo hi > a; zip -q a.zip a; unzip -l a.zip | tail -n 3 | sed 's/20[0-9-]* [0-9:]*/DATE/'",
            stdout: "        3  DATE   a\n---------                     -------\n        3                     1 file\n",
        },
        Example {
            description: "member names only (zipinfo -1)",
            script: "mkdir d; echo x > d/a; zip -qr d.zip d; unzip -Z1 d.zip",
            stdout: "d/\nd/a\n",
        },
    ],
    errors: "1 when a member was refused or skipped with a warning, 2 for a damaged member, 9 when the archive is missing or not a zip file, 11 when a MEMBER matched nothing, 50 when the disk is full",
    risk: RiskLevel::MediumRisk,
};

#[derive(Default)]
struct Opts {
    list: bool,
    test: bool,
    pipe: bool,
    exdir: Option<String>,
    overwrite: Option<bool>,
    quiet: u32,
    junk: bool,
    excludes: Vec<Pattern>,
    zipinfo: bool,
    names_only: bool,
}

impl ParsedCommand for Unzip {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        10
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut o = Opts::default();
        for (i, v) in &p.opts {
            match OPTS[*i].short {
                Some('l') => o.list = true,
                Some('t') => o.test = true,
                Some('p') => o.pipe = true,
                Some('d') => o.exdir = Some(diag::lossy(v.as_deref().unwrap_or_default())),
                Some('o') => o.overwrite = Some(true),
                Some('n') => o.overwrite = Some(false),
                Some('q') => o.quiet += 1,
                Some('j') => o.junk = true,
                Some('Z') => o.zipinfo = true,
                Some('1') => o.names_only = true,
                Some('x') => o.excludes.push(Pattern::new(
                    v.as_deref().unwrap_or_default(),
                    PatternOptions::default(),
                )),
                _ => {}
            }
        }
        if o.zipinfo != o.names_only {
            diag::err(
                ctx,
                "unzip",
                "only the zipinfo mode -Z1 (member names) is supported",
            );
            return 10;
        }
        let mut ops = p.operands.iter();
        let Some(archive) = ops.next() else {
            diag::err(ctx, "unzip", "missing archive name");
            return 10;
        };
        let archive = diag::lossy(archive);
        let members: Vec<(String, Pattern)> = ops
            .map(|m| (diag::lossy(m), Pattern::new(m, PatternOptions::default())))
            .collect();
        let mut charge = ctx.memory().charge();
        if let Err(e) = charge.add(1 << 20) {
            diag::err(ctx, "unzip", &e.to_string());
            return 9;
        }
        let sh: Shared<'_> = std::cell::RefCell::new(ctx);
        run(&sh, &o, &archive, &members)
    }
}

fn run(sh: &Shared<'_>, o: &Opts, archive: &str, members: &[(String, Pattern)]) -> i32 {
    let (backend, umask, cwd) = match sh.try_borrow() {
        Ok(c) => (c.backend().clone(), c.umask(), c.cwd().to_path_buf()),
        Err(_) => return 9,
    };
    // Info-ZIP tries NAME, NAME.zip and NAME.ZIP.
    let resolve = |n: &str| sandsh_api::fs::normalize(&cwd, std::path::Path::new(n));
    let mut found = None;
    for cand in [
        archive.to_string(),
        format!("{archive}.zip"),
        format!("{archive}.ZIP"),
    ] {
        let p = resolve(&cand);
        if backend.stat(&p).is_ok_and(|m| m.is_file()) {
            found = Some((cand, p));
            break;
        }
    }
    let Some((shown_archive, apath)) = found else {
        warn(
            sh,
            &format!("unzip:  cannot find or open {archive}, {archive}.zip or {archive}.ZIP."),
        );
        return 9;
    };
    let file = match VfsFile::open(&backend, &apath) {
        Ok(f) => f,
        Err(e) => {
            warn(sh, &format!("unzip:  cannot open {archive}: {}", msg(&e)));
            return 9;
        }
    };
    let mut za = match ZipArchive::new(In::file(sh, file)) {
        Ok(z) => z,
        Err(e) => {
            if let zip::result::ZipError::Io(e) = &e
                && is_cancelled(e)
            {
                return 130;
            }
            if o.quiet == 0 && !o.pipe {
                print(sh, format!("Archive:  {shown_archive}\n").as_bytes());
            }
            warn(
                sh,
                &format!(
                    "  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n  latter case the central directory and zipfile comment will be found on\n  the last disk(s) of this archive.\nunzip:  cannot find zipfile directory in one of {archive} or\n        {archive}.zip, and cannot find {archive}.ZIP, period."
                ),
            );
            return 9;
        }
    };
    if (o.quiet == 0 || o.list) && !o.pipe && !o.names_only {
        print(sh, format!("Archive:  {shown_archive}\n").as_bytes());
    }
    let mut matched = vec![false; members.len()];
    let mut status = 0;
    let (mut total, mut count) = (0u64, 0u64);
    if o.list {
        print(
            sh,
            b"  Length      Date    Time    Name\n---------  ---------- -----   ----\n",
        );
    }
    let root = match &o.exdir {
        Some(d) => resolve(d),
        None => cwd.clone(),
    };
    if o.exdir.is_some()
        && !o.list
        && !o.names_only
        && !o.pipe
        && !o.test
        && let Err(e) = backend.mkdir(&root, 0o777 & !umask, true)
    {
        warn(
            sh,
            &format!(
                "checkdir:  cannot create extraction directory: {}\n           {e}",
                o.exdir.clone().unwrap_or_default()
            ),
        );
        return 3;
    }
    let mut never_overwrite = o.overwrite == Some(false);
    let mut prompted = false;
    let mut tested_ok = 0u64;
    for i in 0..za.len() {
        if check(sh).is_err() {
            return 130;
        }
        let mut f = match za.by_index(i) {
            Ok(f) => f,
            Err(e) => {
                warn(sh, &format!("error:  cannot read member {i}: {e}"));
                status = status.max(2);
                continue;
            }
        };
        // The crate decodes names (UTF-8, or CP437 when the archive says so).
        let name = f.name().to_string();
        if !members.is_empty() {
            let mut hit = false;
            for (k, (_, p)) in members.iter().enumerate() {
                if p.matches(name.as_bytes()) {
                    matched[k] = true;
                    hit = true;
                }
            }
            if !hit {
                continue;
            }
        }
        if o.excludes.iter().any(|x| x.matches(name.as_bytes())) {
            continue;
        }
        if o.names_only {
            if !print(sh, format!("{name}\n").as_bytes()) {
                return 141;
            }
            continue;
        }
        if o.list {
            let (date, time) = match f.last_modified() {
                Some(d) => (
                    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day()),
                    format!("{:02}:{:02}", d.hour(), d.minute()),
                ),
                None => ("1980-00-00".into(), "00:00".into()),
            };
            let line = format!("{:>9}  {date} {time}   {name}\n", f.size());
            if !print(sh, line.as_bytes()) {
                return 141;
            }
            total += f.size();
            count += 1;
            continue;
        }
        if o.pipe || o.test {
            let res = if o.pipe {
                let mut out = Out::stdout(sh);
                super::io::copy(sh, &mut f, &mut out).map(|_| ())
            } else {
                super::io::copy(sh, &mut f, &mut io::sink()).map(|_| ())
            };
            match res {
                Ok(()) => {
                    if o.test {
                        tested_ok += 1;
                        if o.quiet == 0 {
                            print(sh, format!("    testing: {name:<24} OK\n").as_bytes());
                        }
                    }
                }
                Err(e) if is_cancelled(&e) => return 130,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return 141,
                Err(e) => {
                    warn(sh, &format!("error:  {name}: {}", msg(&e)));
                    status = status.max(2);
                }
            }
            continue;
        }
        // Extraction.
        let parts = match member(&name) {
            Member::DotDot { .. } => {
                warn(
                    sh,
                    &format!("error:  refusing {name}: path has \"../\" component(s)"),
                );
                status = status.max(1);
                continue;
            }
            Member::Ok { parts, stripped } => {
                if !stripped.is_empty() {
                    warn(
                        sh,
                        &format!("warning:  stripped absolute path spec from {name}"),
                    );
                    status = status.max(1);
                }
                parts
            }
        };
        let is_dir = f.is_dir() || name.ends_with('/');
        let parts = match parts.last() {
            // -j: every file straight into the extraction directory; no directories.
            Some(last) if o.junk && !is_dir => vec![last.clone()],
            _ if o.junk => continue,
            _ => parts,
        };
        if parts.is_empty() {
            continue;
        }
        let rel = parts.join("/");
        let shown = match &o.exdir {
            Some(d) => format!("{}/{rel}", diag::lossy(paths::trim_slashes(d.as_bytes()))),
            None => rel.clone(),
        };
        let target = match place(&*backend, &root, &parts, 0o777 & !umask) {
            Ok(t) => t,
            Err(PlaceError::ThroughSymlink(via)) => {
                warn(
                    sh,
                    &format!("error:  refusing {name}: path goes through the symbolic link {via}"),
                );
                status = status.max(1);
                continue;
            }
            Err(PlaceError::Mkdir(d, why)) => {
                warn(
                    sh,
                    &format!("checkdir error:  cannot create {d}\n                 {why}"),
                );
                status = status.max(1);
                continue;
            }
        };
        let mode = f.unix_mode().map(|m| m & 0o7777);
        let mtime = f.last_modified().and_then(|d| {
            let days = days_from_civil(d.year() as i64, d.month() as u32, d.day() as u32);
            let secs =
                days * 86_400 + d.hour() as i64 * 3600 + d.minute() as i64 * 60 + d.second() as i64;
            u64::try_from(secs).ok()
        });
        if is_dir {
            if backend.stat(&target).is_ok_and(|m| m.is_dir()) {
                continue;
            }
            if let Err(e) = backend.mkdir(&target, mode.unwrap_or(0o755) | 0o700, false) {
                warn(
                    sh,
                    &format!("checkdir error:  cannot create {shown}\n                 {e}"),
                );
                status = status.max(1);
                continue;
            }
            if o.quiet == 0 {
                print(sh, format!("   creating: {shown}/\n").as_bytes());
            }
            continue;
        }
        let exists = backend.lstat(&target).is_ok();
        if exists {
            if never_overwrite {
                continue;
            }
            if o.overwrite.is_none() {
                if !prompted {
                    print(
                        sh,
                        format!("replace {shown}? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL\n(EOF or read error, treating as \"[N]one\" ...)\n").as_bytes(),
                    );
                    prompted = true;
                }
                never_overwrite = true;
                status = status.max(1);
                continue;
            }
        }
        if f.is_symlink() {
            let mut t = Vec::new();
            if let Err(e) = (&mut f).take(4096).read_to_end(&mut t) {
                warn(sh, &format!("error:  {name}: {}", msg(&e)));
                status = status.max(2);
                continue;
            }
            let t = diag::lossy(&t);
            if !link_stays_inside(&parts, &t) {
                warn(
                    sh,
                    &format!(
                        "error:  refusing symbolic link {shown} -> {t}: the target leaves the extraction directory"
                    ),
                );
                status = status.max(1);
                continue;
            }
            if exists {
                let _ = backend.remove(&target, false);
            }
            if let Err(e) = backend.symlink(std::path::Path::new(&t), &target) {
                warn(sh, &format!("error:  cannot create {shown}: {e}"));
                status = status.max(1);
                continue;
            }
            if o.quiet == 0 {
                print(sh, format!("    linking: {shown:<23} -> {t} \n").as_bytes());
            }
            continue;
        }
        if exists {
            let _ = backend.remove(&target, false);
        }
        let verb = if f.compression() == zip::CompressionMethod::Stored {
            " extracting"
        } else {
            "  inflating"
        };
        if o.quiet == 0 {
            print(sh, format!("{verb}: {shown:<23} \n").as_bytes());
        }
        let fmode = mode.unwrap_or(0o666 & !umask);
        let out = match VfsFile::create(&backend, &target, fmode) {
            Ok(v) => v,
            Err(e) => {
                warn(
                    sh,
                    &format!("error:  cannot create {shown}\n        {}", msg(&e)),
                );
                status = status.max(1);
                continue;
            }
        };
        let mut out = Out::file(sh, out);
        let res = super::io::copy(sh, &mut f, &mut out).and_then(|_| out.flush());
        if let Err(e) = res {
            let _ = backend.remove(&target, false);
            if is_cancelled(&e) {
                return 130;
            }
            let text = msg(&e);
            if text.contains("No space") || text.contains("too large") {
                warn(sh, &format!("{shown}:  write error (disk full?).  {text}"));
                return 50;
            }
            warn(
                sh,
                &format!("  error:  invalid compressed data to inflate {shown} ({text})"),
            );
            status = status.max(2);
            continue;
        }
        let _ = backend.chmod(&target, fmode);
        if let Some(t) = mtime {
            let _ = backend.set_mtime(&target, UNIX_EPOCH + Duration::from_secs(t));
        }
    }
    if o.list {
        let files = if count == 1 { "file" } else { "files" };
        print(
            sh,
            format!("---------                     -------\n{total:>9}                     {count} {files}\n")
                .as_bytes(),
        );
    }
    if o.test && status == 0 && o.quiet < 2 {
        print(
            sh,
            format!("No errors detected in compressed data of {shown_archive}.\n").as_bytes(),
        );
        let _ = tested_ok;
    }
    for (k, (m, _)) in members.iter().enumerate() {
        if !matched[k] {
            warn(sh, &format!("caution: filename not matched:  {m}"));
            status = status.max(11);
        }
    }
    status
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    fn evil_zip() -> Vec<u8> {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let o = zip::write::SimpleFileOptions::default();
        for n in ["ok.txt", "../evil.txt", "/abs.txt"] {
            let _ = w.start_file(n, o);
            let _ = w.write_all(b"x\n");
        }
        let _ = w.add_symlink("esc", "../../etc/passwd", o);
        let _ = w.add_symlink("good", "ok.txt", o);
        w.finish().map(|c| c.into_inner()).unwrap_or_default()
    }

    #[test]
    fn hostile_zip() {
        let mut ctx = TestCtx::new().file("e.zip", &evil_zip());
        let s = run(&Unzip, &["-q", "e.zip", "-d", "x"], &mut ctx);
        assert_eq!(s, 1, "{}", ctx.err_str());
        let err = ctx.err_str();
        assert!(err.contains("refusing ../evil.txt"), "{err}");
        assert!(
            err.contains("stripped absolute path spec from /abs.txt"),
            "{err}"
        );
        assert!(err.contains("refusing symbolic link x/esc"), "{err}");
        assert_eq!(ctx.read("x/ok.txt").unwrap_or_default(), b"x\n");
        assert_eq!(ctx.read("x/abs.txt").unwrap_or_default(), b"x\n");
        assert!(!ctx.exists("evil.txt") && !ctx.exists("x/evil.txt"));
        assert!(!ctx.exists("x/esc"));
        assert!(ctx.exists("x/good"));
    }

    #[test]
    fn missing_archive() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Unzip, &["nope.zip"], &mut ctx), 9);
        assert_eq!(
            ctx.err_str(),
            "unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.\n"
        );
    }

    #[test]
    fn civil() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
    }
}
