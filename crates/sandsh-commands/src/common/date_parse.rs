//! Reading a date string as GNU `date -d` reads it: against the context's clock, in the zone
//! of the exported `TZ`, with GNU's reading of a signed number after a time of day.
//!
//! `date -d`, `find -newermt` and `tar --newer` take the same strings; parsing them in one
//! place keeps `find` and `tar` from depending on the `date` command. The strings are
//! parsed by uutils' `parse_datetime` and the zones by `jiff`.

use jiff::Timestamp;
use jiff::tz::TimeZone;

use sandsh_api::ToolCtx;

use super::diag;

/// The display zone and its name for abbreviation fallback.
pub(crate) struct Zone {
    pub(crate) tz: TimeZone,
    /// glibc's abbreviation for a TZ it cannot load (the name itself).
    pub(crate) fallback: Option<String>,
}

/// The zone a `TZ` value names (UTC when unset or empty, or with `utc`): a zoneinfo name, else
/// a POSIX rule, else UTC under the abbreviation glibc would print.
fn zone_of(tz_var: Option<String>, utc: bool) -> Zone {
    let utc_zone = Zone {
        tz: TimeZone::UTC,
        fallback: None,
    };
    if utc {
        return utc_zone;
    }
    let Some(name) = tz_var.filter(|s| !s.is_empty()) else {
        return utc_zone;
    };
    let name = name.strip_prefix(':').unwrap_or(&name).to_string();
    if let Ok(tz) = TimeZone::get(&name) {
        return Zone { tz, fallback: None };
    }
    if let Ok(tz) = TimeZone::posix(&name) {
        return Zone { tz, fallback: None };
    }
    let abbr: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    Zone {
        tz: TimeZone::UTC,
        fallback: Some(if abbr.len() >= 3 { abbr } else { "UTC".into() }),
    }
}

/// The zone of the exported `TZ` (UTC when unset, or with `utc`).
pub(crate) fn ctx_zone(ctx: &dyn ToolCtx, utc: bool) -> Zone {
    let tz_var = ctx.env_var("TZ").map(|v| diag::lossy(&v));
    zone_of(tz_var, utc)
}

/// The context's clock as a timestamp.
pub(crate) fn ctx_now(ctx: &dyn ToolCtx) -> Timestamp {
    match ctx.now().duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => Timestamp::new(d.as_secs() as i64, d.subsec_nanos() as i32),
        Err(_) => Ok(Timestamp::UNIX_EPOCH),
    }
    .unwrap_or(Timestamp::UNIX_EPOCH)
}

/// A date string read as `date -d` reads it, against the context's clock and `TZ` (for
/// `find -newermt` and friends).
pub(crate) fn parse_in_ctx(ctx: &dyn ToolCtx, s: &str) -> Option<std::time::SystemTime> {
    let ts = parse_date(s, ctx_now(ctx), &ctx_zone(ctx, false))?;
    let secs = ts.as_second();
    let nanos = ts.subsec_nanosecond().max(0) as u32;
    if secs >= 0 {
        std::time::UNIX_EPOCH.checked_add(std::time::Duration::new(secs as u64, nanos))
    } else {
        std::time::UNIX_EPOCH
            .checked_sub(std::time::Duration::from_secs(secs.unsigned_abs()))?
            .checked_add(std::time::Duration::from_nanos(u64::from(nanos)))
    }
}

/// Parse a `-d` string relative to `now` in `zone`.
pub(crate) fn parse_date(s: &str, now: Timestamp, zone: &Zone) -> Option<Timestamp> {
    let base = now.to_zoned(zone.tz.clone());
    let t = s.trim();
    if t.is_empty() {
        return base.start_of_day().ok().map(|z| z.timestamp());
    }
    let t = gnu_zone_after_time(t);
    match parse_datetime::parse_datetime_at_date(base, &t) {
        Ok(parse_datetime::ParsedDateTime::InRange(z)) => Some(z.timestamp()),
        _ => None,
    }
}

/// GNU's grammar reads a signed number right after a time of day as that time's zone, so in
/// `10:00 +1 hour` the `+1` is UTC+1 and `hour` alone means one hour (10:00 UTC, not 11:00).
/// `parse_datetime` reads `+1 hour` as one relative item; spelling the unit's count out
/// (`10:00 +1 1 hour`) makes it parse as GNU does. An offset GNU rejects (`-30`) still fails.
fn gnu_zone_after_time(s: &str) -> std::borrow::Cow<'_, str> {
    static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)(^|[^\d:])(\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)\s*([+-])\s*(\d+)\s+((?:year|month|fortnight|week|day|hour|minute|min|second|sec)s?\b)",
        )
        .ok()
    });
    match re {
        Some(re) => re.replace_all(s, "$1$2 $3$4 1 $5"),
        None => std::borrow::Cow::Borrowed(s),
    }
}
