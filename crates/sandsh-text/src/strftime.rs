//! `strftime` for `printf '%(fmt)T'` (and `date`), in UTC.
//!
//! The sandbox has no time zone database, so local time is UTC; the conversions are the
//! POSIX/GNU ones that scripts use, computed from the epoch seconds with the civil-calendar
//! algorithm (no libc).

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Broken-down UTC time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tm {
    pub year: i64,
    /// 1–12
    pub month: u32,
    /// 1–31
    pub day: u32,
    pub hour: u32,
    pub min: u32,
    pub sec: u32,
    /// 0 = Sunday
    pub wday: u32,
    /// 0–365
    pub yday: u32,
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Seconds since the epoch to UTC calendar time.
pub fn gmtime(t: i64) -> Tm {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    let cum = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let yday = cum[(month - 1) as usize] + day - 1 + u32::from(month > 2 && is_leap(year));
    Tm {
        year,
        month,
        day,
        hour: (secs / 3600) as u32,
        min: (secs % 3600 / 60) as u32,
        sec: (secs % 60) as u32,
        wday: (days + 4).rem_euclid(7) as u32,
        yday,
    }
}

/// ISO 8601 week-based year and week number.
fn iso_week(tm: &Tm) -> (i64, u32) {
    let wday = (tm.wday + 6) % 7; // Monday = 0
    let yday = tm.yday as i64;
    let mut year = tm.year;
    let mut week = (yday - wday as i64 + 10) / 7;
    if week < 1 {
        year -= 1;
        let prev_days = if is_leap(year) { 366 } else { 365 };
        week = (yday + prev_days - wday as i64 + 10) / 7;
    } else {
        let days = if is_leap(year) { 366 } else { 365 };
        if week == 53 && yday - wday as i64 + 3 >= days {
            year += 1;
            week = 1;
        }
    }
    (year, week as u32)
}

/// Format epoch seconds `t` (UTC) by `fmt` with C's `strftime` conversions (awk's `strftime`,
/// `\D{}`, `find`, `ls`, `tree`; not yet its flags and widths). GNU `date`'s own conversions
/// (`%q`, `%N`, `%:z`), which [`format_moment`] has, are copied as written, as unknown ones are.
pub fn strftime(fmt: &[u8], t: i64) -> Vec<u8> {
    let tm = gmtime(t);
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' || i + 1 >= fmt.len() {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let c = fmt[i + 1];
        i += 2;
        let h12 = if tm.hour.is_multiple_of(12) {
            12
        } else {
            tm.hour % 12
        };
        let s = match c {
            b'%' => "%".to_string(),
            b'n' => "\n".to_string(),
            b't' => "\t".to_string(),
            b'Y' => tm.year.to_string(),
            b'C' => format!("{:02}", tm.year.div_euclid(100)),
            b'y' => format!("{:02}", tm.year.rem_euclid(100)),
            b'm' => format!("{:02}", tm.month),
            b'd' => format!("{:02}", tm.day),
            b'e' => format!("{:2}", tm.day),
            b'H' => format!("{:02}", tm.hour),
            b'k' => format!("{:2}", tm.hour),
            b'I' => format!("{h12:02}"),
            b'l' => format!("{h12:2}"),
            b'M' => format!("{:02}", tm.min),
            b'S' => format!("{:02}", tm.sec),
            b'j' => format!("{:03}", tm.yday + 1),
            b'a' => DAYS[tm.wday as usize][..3].to_string(),
            b'A' => DAYS[tm.wday as usize].to_string(),
            b'b' | b'h' => MONTHS[(tm.month - 1) as usize][..3].to_string(),
            b'B' => MONTHS[(tm.month - 1) as usize].to_string(),
            b'p' => if tm.hour < 12 { "AM" } else { "PM" }.to_string(),
            b'P' => if tm.hour < 12 { "am" } else { "pm" }.to_string(),
            b'Z' => "UTC".to_string(),
            b'z' => "+0000".to_string(),
            b's' => t.to_string(),
            b'u' => (if tm.wday == 0 { 7 } else { tm.wday }).to_string(),
            b'w' => tm.wday.to_string(),
            b'U' => format!("{:02}", (tm.yday + 7 - tm.wday) / 7),
            b'W' => format!("{:02}", (tm.yday + 7 - (tm.wday + 6) % 7) / 7),
            b'V' => format!("{:02}", iso_week(&tm).1),
            b'G' => iso_week(&tm).0.to_string(),
            b'g' => format!("{:02}", iso_week(&tm).0.rem_euclid(100)),
            b'D' | b'x' => String::from_utf8_lossy(&strftime(b"%m/%d/%y", t)).into_owned(),
            b'F' => String::from_utf8_lossy(&strftime(b"%Y-%m-%d", t)).into_owned(),
            b'T' | b'X' => String::from_utf8_lossy(&strftime(b"%H:%M:%S", t)).into_owned(),
            b'R' => String::from_utf8_lossy(&strftime(b"%H:%M", t)).into_owned(),
            b'r' => String::from_utf8_lossy(&strftime(b"%I:%M:%S %p", t)).into_owned(),
            b'c' => String::from_utf8_lossy(&strftime(b"%a %b %e %H:%M:%S %Y", t)).into_owned(),
            _ => {
                out.extend_from_slice(&[b'%', c]);
                continue;
            }
        };
        out.extend_from_slice(s.as_bytes());
    }
    out
}

/// A moment to format as GNU `date` does: epoch seconds (floored), nanoseconds, the UTC offset
/// in seconds east and the zone abbreviation.
#[derive(Debug, Clone, Copy)]
pub struct Moment<'a> {
    pub secs: i64,
    pub nanos: u32,
    pub offset: i32,
    pub zone: &'a str,
}

fn offset_text(off: i32, colons: usize) -> String {
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    match colons {
        0 => format!("{sign}{h:02}{m:02}"),
        1 => format!("{sign}{h:02}:{m:02}"),
        2 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if s != 0 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if m != 0 => format!("{sign}{h:02}:{m:02}"),
        _ => format!("{sign}{h:02}"),
    }
}

fn swap_or_upper(s: &str, conv: u8) -> String {
    match conv {
        b'p' | b'Z' => s.to_lowercase(),
        b'P' => s.to_string(),
        _ => s.to_uppercase(),
    }
}

/// Format `m` by a GNU `date` format: flags `-` `_` `0` `^` `#`, field widths, the `E`/`O`
/// modifiers (ignored), `%N` (nanoseconds, width = digits), `%q`, `%z` with up to three
/// colons, and every conversion of [`strftime`]. Unknown conversions are copied as written.
pub fn format_moment(fmt: &[u8], m: &Moment) -> Vec<u8> {
    let tm = gmtime(m.secs + i64::from(m.offset));
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut pad: Option<u8> = None;
        let (mut upper, mut swap) = (false, false);
        while i < fmt.len() && b"-_0^#".contains(&fmt[i]) {
            match fmt[i] {
                b'^' => upper = true,
                b'#' => swap = true,
                c => pad = Some(c),
            }
            i += 1;
        }
        let mut width: Option<usize> = None;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            width = Some(
                width
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(usize::from(fmt[i] - b'0'))
                    .min(4096),
            );
            i += 1;
        }
        let mut colons = 0;
        while i < fmt.len() && fmt[i] == b':' {
            colons += 1;
            i += 1;
        }
        while i < fmt.len() && (fmt[i] == b'E' || fmt[i] == b'O') {
            i += 1;
        }
        let Some(&c) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        if colons > 0 && c != b'z' {
            out.extend_from_slice(&fmt[start..i]);
            continue;
        }
        let h12 = if tm.hour.is_multiple_of(12) {
            12
        } else {
            tm.hour % 12
        };
        // (value, default width, default pad) for numbers.
        let num: Option<(i64, usize, u8)> = match c {
            b'C' => Some((tm.year.div_euclid(100), 2, b'0')),
            b'd' => Some((i64::from(tm.day), 2, b'0')),
            b'e' => Some((i64::from(tm.day), 2, b' ')),
            b'H' => Some((i64::from(tm.hour), 2, b'0')),
            b'I' => Some((i64::from(h12), 2, b'0')),
            b'k' => Some((i64::from(tm.hour), 2, b' ')),
            b'l' => Some((i64::from(h12), 2, b' ')),
            b'M' => Some((i64::from(tm.min), 2, b'0')),
            b'S' => Some((i64::from(tm.sec), 2, b'0')),
            b'm' => Some((i64::from(tm.month), 2, b'0')),
            b'j' => Some((i64::from(tm.yday) + 1, 3, b'0')),
            b'U' => Some((i64::from((tm.yday + 7 - tm.wday) / 7), 2, b'0')),
            b'W' => Some((i64::from((tm.yday + 7 - (tm.wday + 6) % 7) / 7), 2, b'0')),
            b'V' => Some((i64::from(iso_week(&tm).1), 2, b'0')),
            b'y' => Some((tm.year.rem_euclid(100), 2, b'0')),
            b'g' => Some((iso_week(&tm).0.rem_euclid(100), 2, b'0')),
            b'Y' => Some((tm.year, 4, b'0')),
            b'G' => Some((iso_week(&tm).0, 4, b'0')),
            b'u' => Some((i64::from(if tm.wday == 0 { 7 } else { tm.wday }), 1, b'0')),
            b'w' => Some((i64::from(tm.wday), 1, b'0')),
            b's' => Some((m.secs, 1, b'0')),
            b'q' => Some((i64::from((tm.month - 1) / 3 + 1), 1, b'0')),
            _ => None,
        };
        if let Some((v, dw, dpad)) = num {
            let digits = v.unsigned_abs().to_string();
            let neg = v < 0;
            let w = width.unwrap_or(dw);
            let body_len = digits.len() + usize::from(neg);
            let mut s = String::new();
            match pad {
                Some(b'-') => {
                    if neg {
                        s.push('-');
                    }
                    s.push_str(&digits);
                }
                p => {
                    let pc = match p {
                        Some(b'_') => b' ',
                        Some(b'0') => b'0',
                        _ => dpad,
                    };
                    let fill = w.saturating_sub(body_len);
                    if pc == b'0' {
                        if neg {
                            s.push('-');
                        }
                        s.extend(std::iter::repeat_n('0', fill));
                    } else {
                        s.extend(std::iter::repeat_n(' ', fill));
                        if neg {
                            s.push('-');
                        }
                    }
                    s.push_str(&digits);
                }
            }
            out.extend_from_slice(s.as_bytes());
            continue;
        }
        let text: String = match c {
            b'%' => "%".into(),
            b'n' => "\n".into(),
            b't' => "\t".into(),
            b'N' => {
                let digits = format!("{:09}", m.nanos);
                let w = width.unwrap_or(9);
                if w <= 9 {
                    digits[..w].to_string()
                } else {
                    format!("{digits}{}", "0".repeat(w - 9))
                }
            }
            b'a' => DAYS[tm.wday as usize][..3].into(),
            b'A' => DAYS[tm.wday as usize].into(),
            b'b' | b'h' => MONTHS[(tm.month - 1) as usize][..3].into(),
            b'B' => MONTHS[(tm.month - 1) as usize].into(),
            b'p' => if tm.hour < 12 { "AM" } else { "PM" }.into(),
            b'P' => if tm.hour < 12 { "am" } else { "pm" }.into(),
            b'Z' => m.zone.into(),
            b'z' => offset_text(m.offset, colons),
            b'D' | b'x' => sub(b"%m/%d/%y", m),
            b'F' => sub(b"%Y-%m-%d", m),
            b'T' | b'X' => sub(b"%H:%M:%S", m),
            b'R' => sub(b"%H:%M", m),
            b'r' => sub(b"%I:%M:%S %p", m),
            b'c' => sub(b"%a %b %e %H:%M:%S %Y", m),
            _ => {
                out.extend_from_slice(&fmt[start..i]);
                continue;
            }
        };
        let mut text = if upper && c != b'P' {
            text.to_uppercase()
        } else if swap {
            swap_or_upper(&text, c)
        } else {
            text
        };
        if c != b'N'
            && let Some(w) = width
            && text.len() < w
        {
            let fill = if pad == Some(b'0') { "0" } else { " " };
            text = format!("{}{text}", fill.repeat(w - text.len()));
        }
        out.extend_from_slice(text.as_bytes());
    }
    out
}

fn sub(f: &[u8], m: &Moment) -> String {
    String::from_utf8_lossy(&format_moment(f, m)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings from `TZ=UTC date -d @T +FMT` (GNU date) on this machine.
    #[test]
    fn known_dates() {
        let f = |fmt: &str, t| String::from_utf8_lossy(&strftime(fmt.as_bytes(), t)).into_owned();
        assert_eq!(f("%Y-%m-%d %H:%M:%S", 0), "1970-01-01 00:00:00");
        assert_eq!(
            f("%H:%M:%S %a %b %j %Z %z %s %%", 86399),
            "23:59:59 Thu Jan 001 UTC +0000 86399 %"
        );
        assert_eq!(
            f("%F %T %A %B %u %w", 951_782_400),
            "2000-02-29 00:00:00 Tuesday February 2 2"
        );
        assert_eq!(f("%c", 1_700_000_000), "Tue Nov 14 22:13:20 2023");
        assert_eq!(f("%G-W%V %U %W", 1_704_067_200), "2024-W01 00 01");
        assert_eq!(f("%G-W%V", 1_609_459_200), "2020-W53");
        assert_eq!(f("%I %l %p %e %k", 1_700_000_000), "10 10 PM 14 22");
        assert_eq!(f("%Y", -1), "1969");
        assert_eq!(f("%q", 0), "%q");
    }

    // Expected strings from GNU date 9.1 on this machine (TZ=UTC, Asia/Kolkata).
    #[test]
    fn gnu_date_flags() {
        let m = Moment {
            secs: 1_700_000_000,
            nanos: 0,
            offset: 0,
            zone: "UTC",
        };
        let f = |fmt: &str, m: &Moment| {
            String::from_utf8_lossy(&format_moment(fmt.as_bytes(), m)).into_owned()
        };
        assert_eq!(
            f(
                "%-d|%_m|%05Y|%^a|%#Z|%#p|%10A|%3N|%:z|%::z|%:::z|%q|%P|%k|%l|%e|%C|%G|%V|%U|%W|%j|%s|%Q|%Ey|%Oe|%-5H|%_5H|%010s|%^B|%#b|%-j",
                &m
            ),
            "14|11|02023|TUE|utc|pm|   Tuesday|000|+00:00|+00:00:00|+00|4|pm|22|10|14|20|2023|46|46|46|318|1700000000|%Q|23|14|22|   22|1700000000|NOVEMBER|NOV|318"
        );
        let k = Moment {
            secs: 1_700_000_000,
            nanos: 123_456_789,
            offset: 19_800,
            zone: "IST",
        };
        assert_eq!(
            f("%z %Z %:::z %c|%N|%3N|%12N", &k),
            "+0530 IST +05:30 Wed Nov 15 03:43:20 2023|123456789|123|123456789000"
        );
        let y5 = Moment {
            secs: -62_009_366_400,
            nanos: 0,
            offset: 0,
            zone: "UTC",
        };
        assert_eq!(
            f("%Y|%G|%C|%y|%^P|%_3S|%e", &y5),
            "0005|0004|00|05|am|  0| 1"
        );
    }
}
