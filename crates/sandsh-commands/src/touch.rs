//! `touch`: change file timestamps, creating missing files.
//!
//! Times are interpreted in UTC (sandsh has no time zone database). `-d` accepts the forms
//! scripts use: `@EPOCH`, `now`, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or with `T`);
//! anything else is rejected rather than guessed.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sandsh_api::fs::{FileTimes, WriteMode};
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, quote};

pub struct Touch;

static SPEC: CommandSpec = CommandSpec {
    name: "touch",
    group: "fs",
    summary: "change file timestamps",
    usage: "touch [OPTION]... FILE...",
    description: "Update the modification time of each FILE to the current time. A FILE argument that does not exist is created empty, unless -c is supplied. Times are UTC.",
    options: &[
        OptSpec::new("-a", "change only the access time"),
        OptSpec::new("-c, --no-create", "do not create any files"),
        OptSpec::new(
            "-d, --date=STRING",
            "use STRING (@EPOCH, now, YYYY-MM-DD[ HH:MM[:SS]]) instead of current time",
        ),
        OptSpec::new("-f", "(ignored)"),
        OptSpec::new("-m", "change only the modification time"),
        OptSpec::new(
            "-r, --reference=FILE",
            "use this file's times instead of current time",
        ),
        OptSpec::new(
            "-t STAMP",
            "use [[CC]YY]MMDDhhmm[.ss] instead of current time",
        ),
        OptSpec::new(
            "--time=WORD",
            "change the specified time: WORD is access, atime, or use: equivalent to -a; WORD is modify or mtime: equivalent to -m",
        ),
    ],
    operands: &[ArgSpec::required("FILE", ArgType::Path, "files to touch").repeated()],
    returns: "nothing",
    examples: &[
        Example {
            description: "create a file",
            script: "touch new && ls",
            stdout: "new\n",
        },
        Example {
            description: "change only the access time",
            script: "touch -d @0 f && touch -a -d @86400 f && stat -c '%X %Y' f",
            stdout: "86400 0\n",
        },
    ],
    errors: "exit 1 when a file cannot be created (missing directory) or the date is invalid",
    risk: RiskLevel::LowRisk,
};

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn epoch(secs: i64) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::from_secs(secs as u64)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
    }
}

fn civil(y: i64, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> Option<i64> {
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(
        days_from_civil(y, mo, d) * 86_400
            + i64::from(h) * 3600
            + i64::from(mi) * 60
            + i64::from(s),
    )
}

fn parse_date(s: &str, now: SystemTime) -> Option<SystemTime> {
    let s = s.trim();
    if s == "now" {
        return Some(now);
    }
    if let Some(e) = s.strip_prefix('@') {
        return e.parse::<i64>().ok().map(epoch);
    }
    let (date, time) = match s.split_once([' ', 'T']) {
        Some((d, t)) => (d, Some(t.trim())),
        None => (s, None),
    };
    let mut dp = date.split('-');
    let y: i64 = dp.next()?.parse().ok()?;
    let mo: u32 = dp.next()?.parse().ok()?;
    let d: u32 = dp.next()?.parse().ok()?;
    if dp.next().is_some() {
        return None;
    }
    let (h, mi, sec) = match time {
        None => (0, 0, 0),
        Some(t) => {
            let t = t.trim_end_matches('Z');
            let mut tp = t.split(':');
            let h: u32 = tp.next()?.parse().ok()?;
            let mi: u32 = tp.next()?.parse().ok()?;
            let sec: u32 = match tp.next() {
                Some(x) => x.split('.').next()?.parse().ok()?,
                None => 0,
            };
            (h, mi, sec)
        }
    };
    civil(y, mo, d, h, mi, sec).map(epoch)
}

fn parse_stamp(s: &str, now: SystemTime) -> Option<SystemTime> {
    let (main, secs) = match s.split_once('.') {
        Some((m, x)) => (m, x.parse::<u32>().ok()?),
        None => (s, 0),
    };
    if !main.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n = |a: usize, b: usize| main[a..b].parse::<u32>().ok();
    let cur_year = 1970 + now.duration_since(UNIX_EPOCH).ok()?.as_secs() as i64 / 31_556_952;
    let (y, rest) = match main.len() {
        8 => (cur_year, 0),
        10 => {
            let yy = i64::from(n(0, 2)?);
            (if yy < 69 { 2000 + yy } else { 1900 + yy }, 2)
        }
        12 => (i64::from(n(0, 4)?), 4),
        _ => return None,
    };
    civil(
        y,
        n(rest, rest + 2)?,
        n(rest + 2, rest + 4)?,
        n(rest + 4, rest + 6)?,
        n(rest + 6, rest + 8)?,
        secs,
    )
    .map(epoch)
}

impl ParsedCommand for Touch {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "touch: missing file operand", 1);
        }
        let now = ctx.now();
        let mut when = now;
        if let Some(d) = p.value(opt!(SPEC, "d")) {
            match parse_date(&diag::lossy(d), now) {
                Some(t) => when = t,
                None => {
                    diag::err(
                        ctx,
                        "touch",
                        &format!("invalid date format {}", quote::cquote(&diag::lossy(d))),
                    );
                    return 1;
                }
            }
        }
        if let Some(t) = p.value(opt!(SPEC, "t")) {
            match parse_stamp(&diag::lossy(t), now) {
                Some(t) => when = t,
                None => {
                    diag::err(
                        ctx,
                        "touch",
                        &format!("invalid date format {}", quote::cquote(&diag::lossy(t))),
                    );
                    return 1;
                }
            }
        }
        let (mut only_a, mut only_m) = (p.has(opt!(SPEC, "a")), p.has(opt!(SPEC, "m")));
        for w in p.values(opt!(SPEC, "time")) {
            match w.as_slice() {
                b"atime" | b"access" | b"use" => only_a = true,
                b"mtime" | b"modify" => only_m = true,
                _ => {
                    let m = diag::invalid_argument(
                        "touch",
                        &diag::lossy(w),
                        "--time",
                        &[&["atime", "access", "use"], &["mtime", "modify"]],
                    );
                    let _ = writeln!(ctx.stderr(), "{m}");
                    let _ = writeln!(ctx.stderr(), "Try 'touch --help' for more information.");
                    return 1;
                }
            }
        }
        // -a and -m together are the default: both times.
        let (set_a, set_m) = (only_a || !only_m, only_m || !only_a);
        let mut atime = None;
        if let Some(r) = p.value(opt!(SPEC, "r")) {
            let name = diag::lossy(r);
            match ctx.backend().stat(&ctx.resolve_path(&name)) {
                Ok(m) => {
                    when = m.mtime;
                    atime = Some(m.atime);
                }
                Err(e) => {
                    diag::err(
                        ctx,
                        "touch",
                        &format!("failed to get attributes of {}: {e}", quote::quote(&name)),
                    );
                    return 1;
                }
            }
        }
        let no_create = p.has(opt!(SPEC, "c"));
        let mut status = 0;
        for f in &p.operands {
            let name = diag::lossy(f);
            let abs = ctx.resolve_path(&name);
            let be = ctx.backend().clone();
            if be.stat(&abs).is_err() {
                if no_create {
                    continue;
                }
                if let Err(e) = be.write(&abs, b"", WriteMode::Append, 0o666 & !ctx.umask()) {
                    diag::err(
                        ctx,
                        "touch",
                        &format!("cannot touch {}: {e}", quote::quote(&name)),
                    );
                    status = 1;
                    continue;
                }
            }
            let times = FileTimes {
                atime: set_a.then_some(atime.unwrap_or(when)),
                mtime: set_m.then_some(when),
            };
            if let Err(e) = be.set_times(&abs, times) {
                diag::err(
                    ctx,
                    "touch",
                    &format!("setting times of {}: {e}", quote::quote(&name)),
                );
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Touch;
    use crate::common::testing::{TestCtx, run};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn creates_and_sets_times() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Touch, &["a"], &mut ctx), 0);
        assert!(ctx.exists("a"));
        assert_eq!(run(&Touch, &["-c", "b"], &mut ctx), 0);
        assert!(!ctx.exists("b"));
        assert_eq!(
            run(&Touch, &["-d", "2020-01-02 03:04:05", "a"], &mut ctx),
            0
        );
        let m = ctx.backend.stat(&ctx.cwd.join("a")).unwrap().mtime;
        assert_eq!(m, UNIX_EPOCH + Duration::from_secs(1_577_934_245));
        assert_eq!(run(&Touch, &["-t", "202001020304.05", "a"], &mut ctx), 0);
        assert_eq!(ctx.backend.stat(&ctx.cwd.join("a")).unwrap().mtime, m);
        assert_eq!(run(&Touch, &["nope/x"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "touch: cannot touch 'nope/x': No such file or directory\n"
        );
        assert_eq!(run(&Touch, &["-d", "yesterday-ish", "a"], &mut ctx), 1);
    }

    fn times(ctx: &TestCtx, f: &str) -> (u64, u64) {
        let m = ctx.backend.stat(&ctx.cwd.join(f)).unwrap();
        let s = |t: std::time::SystemTime| t.duration_since(UNIX_EPOCH).unwrap().as_secs();
        (s(m.atime), s(m.mtime))
    }

    #[test]
    fn access_and_modification_separately() {
        // The sequence GNU touch gives on the host: -a keeps mtime, -m keeps atime,
        // -a -m (and neither) set both; -r copies each time from the reference.
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Touch, &["-d", "@100", "f"], &mut ctx), 0);
        assert_eq!(times(&ctx, "f"), (100, 100));
        assert_eq!(run(&Touch, &["-a", "-d", "@200", "f"], &mut ctx), 0);
        assert_eq!(times(&ctx, "f"), (200, 100));
        assert_eq!(run(&Touch, &["-m", "-d", "@300", "f"], &mut ctx), 0);
        assert_eq!(times(&ctx, "f"), (200, 300));
        assert_eq!(run(&Touch, &["-a", "-m", "-d", "@400", "f"], &mut ctx), 0);
        assert_eq!(times(&ctx, "f"), (400, 400));
        assert_eq!(
            run(&Touch, &["--time=atime", "-d", "@500", "f"], &mut ctx),
            0
        );
        assert_eq!(times(&ctx, "f"), (500, 400));
        assert_eq!(
            run(&Touch, &["--time=modify", "-d", "@600", "f"], &mut ctx),
            0
        );
        assert_eq!(times(&ctx, "f"), (500, 600));
        assert_eq!(run(&Touch, &["-d", "@1", "g"], &mut ctx), 0);
        assert_eq!(run(&Touch, &["-r", "f", "g"], &mut ctx), 0);
        assert_eq!(times(&ctx, "g"), (500, 600));
        assert_eq!(run(&Touch, &["-d", "@1", "g"], &mut ctx), 0);
        assert_eq!(run(&Touch, &["-m", "-r", "f", "g"], &mut ctx), 0);
        assert_eq!(times(&ctx, "g"), (1, 600));
        assert_eq!(run(&Touch, &["-f", "-a", "-d", "@7", "g"], &mut ctx), 0);
        assert_eq!(times(&ctx, "g"), (7, 600));
    }

    #[test]
    fn bad_time_word() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Touch, &["--time=x", "f"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "touch: invalid argument \u{2018}x\u{2019} for \u{2018}--time\u{2019}\nValid arguments are:\n  - \u{2018}atime\u{2019}, \u{2018}access\u{2019}, \u{2018}use\u{2019}\n  - \u{2018}mtime\u{2019}, \u{2018}modify\u{2019}\nTry 'touch --help' for more information.\n"
        );
        assert!(!ctx.exists("f"));
    }
}
