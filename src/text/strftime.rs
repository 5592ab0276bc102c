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

/// Format epoch seconds `t` (UTC) by `fmt`. Unknown conversions are copied as written.
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
        let h12 = if tm.hour % 12 == 0 { 12 } else { tm.hour % 12 };
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
}
