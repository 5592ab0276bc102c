//! `date`: print a date and time as GNU coreutils 9 `date` does.
//!
//! The clock is the context's ([`ToolCtx::now`]); the zone comes from the exported `TZ`
//! (UTC when unset, as the sandbox has no local zone). `-d` strings are parsed by uutils'
//! `parse_datetime` (absolute, relative and `@epoch` forms) and zones by `jiff`; formatting is
//! [`sandsh_text::strftime::format_moment`]. Setting the clock (`-s`, `date MMDDhhmm`) is
//! refused.

use jiff::Timestamp;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, OutputFormat,
    RiskLevel, ToolCtx,
};
use sandsh_text::strftime::{Moment, format_moment};

use crate::common::date_parse::{Zone, ctx_now, ctx_zone, parse_date};
use crate::common::{diag, input, output, quote};

pub struct Date;

/// The words an option takes (any unambiguous prefix, as GNU's argmatch), each with its format.
type Keywords = &'static [(&'static str, &'static str)];

/// `--iso-8601[=WHAT]`, `-I[WHAT]`.
const ISO_8601: Keywords = &[
    ("hours", "%Y-%m-%dT%H%:z"),
    ("minutes", "%Y-%m-%dT%H:%M%:z"),
    ("date", "%Y-%m-%d"),
    ("seconds", "%Y-%m-%dT%H:%M:%S%:z"),
    ("ns", "%Y-%m-%dT%H:%M:%S,%N%:z"),
];

/// `--rfc-3339=WHAT`.
const RFC_3339: Keywords = &[
    ("date", "%Y-%m-%d"),
    ("seconds", "%Y-%m-%d %H:%M:%S%:z"),
    ("ns", "%Y-%m-%d %H:%M:%S.%N%:z"),
];

/// The format of the one keyword `v` abbreviates; `None` for an empty, unknown or ambiguous `v`.
fn keyword(v: &str, table: Keywords) -> Option<&'static str> {
    let mut hits = table
        .iter()
        .filter(|(k, _)| !v.is_empty() && k.starts_with(v));
    match (hits.next(), hits.next()) {
        (Some((_, f)), None) => Some(f),
        _ => None,
    }
}

static SPEC: CommandSpec = CommandSpec {
    name: "date",
    group: "sys",
    summary: "print the date and time",
    usage: "date [OPTION]... [+FORMAT]",
    description: "Display the current time (or the time given by -d, -f or -r) in the given FORMAT, as GNU date does. FORMAT takes every GNU conversion (%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %N %p %P %q %r %R %s %S %t %T %u %U %V %w %W %x %X %y %Y %z %:z %::z %:::z %Z %%) with the flags - _ 0 ^ # and a field width. The zone is the TZ variable (an IANA name or a POSIX TZ string), UTC when unset. With --json the result is one JSON object: time (RFC 3339), epoch (seconds), nanos, zone (abbreviation), offset_seconds. Setting the system clock is not supported.",
    options: &[
        OptSpec::new(
            "-d, --date=STRING",
            "display the time described by STRING (absolute, relative such as '2 days ago', or @EPOCH), not 'now'",
        ),
        OptSpec::new(
            "-f, --file=DATEFILE",
            "like --date, once for each line of DATEFILE (- for stdin)",
        ),
        OptSpec::new(
            "-I, --iso-8601=FMT",
            "output in ISO 8601 format; FMT is date (default), hours, minutes, seconds or ns (attached: -Iseconds)",
        ),
        OptSpec::new(
            "-R, --rfc-email",
            "output in RFC 5322 format, e.g. Mon, 14 Aug 2006 02:34:56 -0600",
        ),
        OptSpec::new(
            "--rfc-3339=FMT",
            "output in RFC 3339 format; FMT is date, seconds or ns",
        ),
        OptSpec::new(
            "-r, --reference=FILE",
            "display the last modification time of FILE",
        ),
        OptSpec::new(
            "-s, --set=STRING",
            "refused: the sandbox cannot set the clock",
        ),
        OptSpec::new(
            "-u, --utc",
            "print or parse Coordinated Universal Time (also --universal)",
        ),
        OptSpec::new("--universal", "same as -u"),
        OptSpec::new("--debug", "accepted; prints nothing extra"),
    ],
    operands: &[ArgSpec::optional(
        "+FORMAT",
        ArgType::String,
        "output format, starting with +",
    )],
    returns: "one line per date shown",
    examples: &[
        Example {
            description: "a given epoch time in UTC",
            script: "date -u -d @0",
            stdout: "Thu Jan  1 00:00:00 UTC 1970\n",
        },
        Example {
            description: "custom format",
            script: "date -u -d '2024-02-28 +1 day' +%F",
            stdout: "2024-02-29\n",
        },
        Example {
            description: "ISO 8601 with seconds",
            script: "date -u -d @1700000000 -Iseconds",
            stdout: "2023-11-14T22:13:20+00:00\n",
        },
        Example {
            description: "another zone",
            script: "TZ=Asia/Tokyo date -d @0 '+%H:%M %Z'",
            stdout: "09:00 JST\n",
        },
    ],
    errors: "exit 1 for an invalid date, an unreadable -r file, a bad option or format, and for any attempt to set the clock",
    risk: RiskLevel::ReadOnly,
};

fn usage(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    diag::usage(ctx, &SPEC, &format!("date: {m}"), 1)
}

fn render(ts: Timestamp, zone: &Zone, fmt: &[u8]) -> Vec<u8> {
    let info = zone.tz.to_offset_info(ts);
    let abbr = match &zone.fallback {
        Some(f) => f.clone(),
        None => info.abbreviation().to_string(),
    };
    let nanos = ts.subsec_nanosecond();
    let mut secs = ts.as_second();
    let mut ns = nanos;
    if ns < 0 {
        secs -= 1;
        ns += 1_000_000_000;
    }
    let m = Moment {
        secs,
        nanos: ns as u32,
        offset: info.offset().seconds(),
        zone: &abbr,
    };
    format_moment(fmt, &m)
}

fn json(ts: Timestamp, zone: &Zone) -> String {
    let info = zone.tz.to_offset_info(ts);
    let time = String::from_utf8_lossy(&render(ts, zone, b"%Y-%m-%dT%H:%M:%S%:z")).into_owned();
    let time = if ts.subsec_nanosecond() != 0 {
        String::from_utf8_lossy(&render(ts, zone, b"%Y-%m-%dT%H:%M:%S.%N%:z")).into_owned()
    } else {
        time
    };
    let abbr = zone
        .fallback
        .clone()
        .unwrap_or_else(|| info.abbreviation().to_string());
    let (mut secs, mut ns) = (ts.as_second(), ts.subsec_nanosecond());
    if ns < 0 {
        secs -= 1;
        ns += 1_000_000_000;
    }
    format!(
        "{}\n",
        serde_json::json!({
            "time": time,
            "epoch": secs,
            "nanos": ns,
            "zone": abbr,
            "offset_seconds": info.offset().seconds(),
        })
    )
}

enum Fixed {
    Iso(&'static str),
    Rfc3339(&'static str),
    Email,
}

impl Command for Date {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut dates: Vec<String> = Vec::new();
        let mut file: Option<Vec<u8>> = None;
        let mut reference: Option<Vec<u8>> = None;
        let mut fixed: Vec<Fixed> = Vec::new();
        let mut utc = false;
        let mut set = false;
        let mut operands: Vec<Arg> = Vec::new();
        let mut i = 0;
        let iso_fmt = |v: &str| keyword(v, ISO_8601);
        let rfc_fmt = |v: &str| keyword(v, RFC_3339);
        let bad_iso = |ctx: &mut dyn ToolCtx, v: &str, long: &str, list: Keywords| {
            let words: Vec<&[&str]> = list.iter().map(|(a, _)| std::slice::from_ref(a)).collect();
            let m = diag::invalid_argument("date", v, long, &words);
            diag::usage(ctx, &SPEC, &m, 1)
        };
        while i < args.len() {
            let a = diag::lossy(&args[i]);
            if a == "--" {
                operands.extend(args[i + 1..].iter().cloned());
                break;
            }
            if let Some(long) = a.strip_prefix("--") {
                let (name, val) = match long.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (long.to_string(), None),
                };
                let names = [
                    "date",
                    "file",
                    "iso-8601",
                    "rfc-email",
                    "rfc-3339",
                    "reference",
                    "set",
                    "utc",
                    "universal",
                    "debug",
                    "rfc-822",
                    "rfc-2822",
                ];
                let full: Vec<&str> = names
                    .iter()
                    .copied()
                    .filter(|n| n.starts_with(&name))
                    .collect();
                let full = match full.iter().find(|n| **n == name) {
                    Some(n) => *n,
                    None if full.len() == 1 => full[0],
                    None if full.is_empty() => {
                        return usage(ctx, &format!("unrecognized option '--{name}'"));
                    }
                    None => return usage(ctx, &format!("option '--{name}' is ambiguous")),
                };
                let needs = matches!(full, "date" | "file" | "rfc-3339" | "reference" | "set");
                let v = if needs {
                    match val {
                        Some(v) => Some(v),
                        None => {
                            i += 1;
                            match args.get(i) {
                                Some(v) => Some(diag::lossy(v)),
                                None => {
                                    return usage(
                                        ctx,
                                        &format!("option '--{full}' requires an argument"),
                                    );
                                }
                            }
                        }
                    }
                } else {
                    if val.is_some() && full != "iso-8601" {
                        return usage(ctx, &format!("option '--{full}' doesn't allow an argument"));
                    }
                    val
                };
                match full {
                    "date" => dates.push(v.unwrap_or_default()),
                    "file" => file = v.map(String::into_bytes),
                    "reference" => reference = v.map(String::into_bytes),
                    "set" => set = true,
                    "utc" | "universal" => utc = true,
                    "rfc-email" | "rfc-822" | "rfc-2822" => fixed.push(Fixed::Email),
                    "debug" => {}
                    "iso-8601" => {
                        let v = v.unwrap_or_else(|| "date".into());
                        match iso_fmt(&v) {
                            Some(f) => fixed.push(Fixed::Iso(f)),
                            None => {
                                return bad_iso(ctx, &v, "--iso-8601", ISO_8601);
                            }
                        }
                    }
                    _ => {
                        let v = v.unwrap_or_default();
                        match rfc_fmt(&v) {
                            Some(f) => fixed.push(Fixed::Rfc3339(f)),
                            None => {
                                return bad_iso(ctx, &v, "--rfc-3339", RFC_3339);
                            }
                        }
                    }
                }
                i += 1;
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let chars: Vec<char> = a[1..].chars().collect();
                let mut k = 0;
                while k < chars.len() {
                    let c = chars[k];
                    let rest: String = chars[k + 1..].iter().collect();
                    match c {
                        'u' => utc = true,
                        'R' => fixed.push(Fixed::Email),
                        'I' => {
                            let v = if rest.is_empty() {
                                "date".to_string()
                            } else {
                                rest.clone()
                            };
                            match iso_fmt(&v) {
                                Some(f) => fixed.push(Fixed::Iso(f)),
                                None => {
                                    return bad_iso(ctx, &v, "--iso-8601", ISO_8601);
                                }
                            }
                            break;
                        }
                        'd' | 'f' | 'r' | 's' => {
                            let v = if !rest.is_empty() {
                                rest.clone()
                            } else {
                                i += 1;
                                match args.get(i) {
                                    Some(v) => diag::lossy(v),
                                    None => {
                                        return usage(
                                            ctx,
                                            &format!("option requires an argument -- '{c}'"),
                                        );
                                    }
                                }
                            };
                            match c {
                                'd' => dates.push(v),
                                'f' => file = Some(v.into_bytes()),
                                'r' => reference = Some(v.into_bytes()),
                                _ => set = true,
                            }
                            break;
                        }
                        _ => return usage(ctx, &format!("invalid option -- '{c}'")),
                    }
                    k += 1;
                }
                i += 1;
                continue;
            }
            operands.push(args[i].clone());
            i += 1;
        }
        if set {
            diag::err(
                ctx,
                "date",
                "setting the clock is not supported in the sandbox",
            );
            return 1;
        }
        let mut fmt: Option<Vec<u8>> = None;
        if let Some(op) = operands.first() {
            if op.first() == Some(&b'+') {
                if operands.len() > 1 {
                    return usage(
                        ctx,
                        &format!(
                            "extra operand {}",
                            quote::cquote(&diag::lossy(&operands[1]))
                        ),
                    );
                }
                fmt = Some(op[1..].to_vec());
            } else if !dates.is_empty() || file.is_some() || reference.is_some() {
                return usage(
                    ctx,
                    &format!(
                        "the argument {} lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'",
                        quote::cquote(&diag::lossy(op))
                    ),
                );
            } else {
                if operands.len() > 1 {
                    return usage(
                        ctx,
                        &format!(
                            "extra operand {}",
                            quote::cquote(&diag::lossy(&operands[1]))
                        ),
                    );
                }
                diag::err(
                    ctx,
                    "date",
                    "setting the clock is not supported in the sandbox",
                );
                return 1;
            }
        }
        if fixed.len() + usize::from(fmt.is_some()) > 1 {
            diag::err(ctx, "date", "multiple output formats specified");
            return 1;
        }
        let fmt: Vec<u8> = match (fmt, fixed.first()) {
            (Some(f), _) => f,
            (None, Some(Fixed::Iso(f))) | (None, Some(Fixed::Rfc3339(f))) => f.as_bytes().to_vec(),
            (None, Some(Fixed::Email)) => b"%a, %d %b %Y %H:%M:%S %z".to_vec(),
            (None, None) => b"%a %b %e %H:%M:%S %Z %Y".to_vec(),
        };
        let zone = ctx_zone(&*ctx, utc);
        let now = ctx_now(&*ctx);
        let json_mode = ctx.output_format() == OutputFormat::Json;
        let mut out = Vec::new();
        let mut status = 0;
        let emit = |ts: Timestamp, out: &mut Vec<u8>| {
            if json_mode {
                out.extend_from_slice(json(ts, &zone).as_bytes());
            } else {
                out.extend_from_slice(&render(ts, &zone, &fmt));
                out.push(b'\n');
            }
        };
        if let Some(f) = file {
            let data = if f == b"-" {
                let mut v = Vec::new();
                let _ = ctx.stdin().read_to_end(&mut v);
                v
            } else {
                match input::read_input(ctx, &f) {
                    Ok(d) => d,
                    Err(e) => {
                        diag::err(
                            ctx,
                            "date",
                            &format!("{}: {}", diag::lossy(&f), diag::io_msg(&e)),
                        );
                        return 1;
                    }
                }
            };
            for line in input::split_records(&data, b'\n') {
                if ctx.is_cancelled() {
                    return 130;
                }
                let l = diag::lossy(line);
                match parse_date(&l, now, &zone) {
                    Some(ts) => emit(ts, &mut out),
                    None => {
                        if !output::out(ctx, &out) {
                            return 1;
                        }
                        out.clear();
                        diag::err(ctx, "date", &format!("invalid date {}", quote::cquote(&l)));
                        status = 1;
                    }
                }
            }
        } else if let Some(r) = reference {
            let p = ctx.resolve_path(&diag::lossy(&r));
            match ctx.backend().stat(&p) {
                Ok(m) => {
                    let ts = match m.mtime.duration_since(std::time::UNIX_EPOCH) {
                        Ok(d) => Timestamp::new(d.as_secs() as i64, d.subsec_nanos() as i32),
                        Err(e) => Timestamp::new(-(e.duration().as_secs() as i64), 0),
                    }
                    .unwrap_or(Timestamp::UNIX_EPOCH);
                    emit(ts, &mut out);
                }
                Err(e) => {
                    diag::err(ctx, "date", &format!("{}: {e}", diag::lossy(&r)));
                    return 1;
                }
            }
        } else if let Some(d) = dates.last() {
            match parse_date(d, now, &zone) {
                Some(ts) => emit(ts, &mut out),
                None => {
                    diag::err(ctx, "date", &format!("invalid date {}", quote::cquote(d)));
                    return 1;
                }
            }
        } else {
            emit(now, &mut out);
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        status
    }
}
