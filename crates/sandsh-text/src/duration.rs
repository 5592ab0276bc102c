//! Time intervals as GNU `sleep` and `timeout` read them (`1.5`, `30s`, `2m`, `1h`, `1d`),
//! and as sandsh's own `--timeout` reads them (the same, plus `500ms`): one parser for the
//! `sleep` command, the `timeout` builtin and the kernel.

use std::time::Duration;

/// Split a trailing unit off `s`: (number, seconds per unit). `ms` only when `millis`.
fn split_unit(s: &str, millis: bool) -> (&str, f64) {
    if millis && let Some(n) = s.strip_suffix("ms") {
        return (n, 0.001);
    }
    match s.chars().last() {
        Some('s') => (&s[..s.len() - 1], 1.0),
        Some('m') => (&s[..s.len() - 1], 60.0),
        Some('h') => (&s[..s.len() - 1], 3600.0),
        Some('d') => (&s[..s.len() - 1], 86400.0),
        _ => (s, 1.0),
    }
}

/// GNU's interval: a non-negative decimal number (or `inf`) with an optional `s`, `m`, `h`
/// or `d`; in seconds.
pub fn parse_interval(s: &str) -> Option<f64> {
    let (num, mult) = split_unit(s, false);
    let v: f64 = num.parse().ok()?;
    if v.is_nan() || v < 0.0 {
        return None;
    }
    Some(v * mult)
}

/// [`parse_interval`] as a finite [`Duration`] (`timeout`: `inf` is refused).
pub fn parse_finite(s: &str) -> Option<Duration> {
    to_duration(parse_interval(s)?)
}

/// sandsh's `--timeout`: like [`parse_finite`], but surrounding blanks are ignored and `ms`
/// is understood (`500ms`).
pub fn parse_duration(s: &str) -> Option<Duration> {
    let (num, mult) = split_unit(s.trim(), true);
    let v: f64 = num.trim().parse().ok()?;
    if v.is_nan() || v < 0.0 {
        return None;
    }
    to_duration(v * mult)
}

fn to_duration(secs: f64) -> Option<Duration> {
    if !secs.is_finite() {
        return None;
    }
    Duration::try_from_secs_f64(secs).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_intervals() {
        assert_eq!(parse_interval("1.5"), Some(1.5));
        assert_eq!(parse_interval("2m"), Some(120.0));
        assert_eq!(parse_interval("1d"), Some(86400.0));
        assert_eq!(parse_interval("inf"), Some(f64::INFINITY));
        assert_eq!(parse_interval("1ms"), None);
        assert_eq!(parse_interval("-1"), None);
        assert_eq!(parse_interval("s"), None);
        assert_eq!(parse_interval(""), None);
        assert_eq!(parse_finite("inf"), None);
        assert_eq!(parse_finite("3s"), Some(Duration::from_secs(3)));
    }

    #[test]
    fn cli_durations() {
        assert_eq!(parse_duration(" 500ms "), Some(Duration::from_millis(500)));
        assert_eq!(parse_duration("2 m"), Some(Duration::from_secs(120)));
        assert_eq!(parse_duration("30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_duration("inf"), None);
        assert_eq!(parse_duration("x"), None);
    }
}
