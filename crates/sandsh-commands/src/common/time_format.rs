//! Time stamps as the file commands print them: seconds and nanoseconds around the epoch,
//! `stat`'s `2026-11-24 02:46:50.211926965 +0000` and the RFC 3339 form of the `--json`
//! outputs.
//!
//! One place for the arithmetic of times before the epoch and for the layout, so `stat`, `ls`,
//! `find -printf`, `du --time` and `tree` print the same instant the same way (the sandbox runs
//! in UTC).

use std::time::{SystemTime, UNIX_EPOCH};

use sandsh_text::strftime::gmtime;

/// Seconds and nanoseconds since the epoch (negative before it).
pub fn split_time(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            if d.subsec_nanos() == 0 {
                (-(d.as_secs() as i64), 0)
            } else {
                (-(d.as_secs() as i64) - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    }
}

/// `2026-11-24 02:46:50.211926965 +0000`, as `stat` prints times (the sandbox runs in UTC).
pub fn stat_time(t: SystemTime) -> String {
    let (s, ns) = split_time(t);
    let tm = gmtime(s);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{ns:09} +0000",
        tm.year, tm.month, tm.day, tm.hour, tm.min, tm.sec
    )
}

/// RFC 3339 in UTC with nanoseconds when there are any: `2026-11-24T02:46:50.211926965Z`.
pub fn rfc3339(t: SystemTime) -> String {
    let (s, ns) = split_time(t);
    let tm = gmtime(s);
    let frac = if ns == 0 {
        String::new()
    } else {
        format!(".{ns:09}")
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{frac}Z",
        tm.year, tm.month, tm.day, tm.hour, tm.min, tm.sec
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        let t = UNIX_EPOCH + std::time::Duration::new(1_795_488_410, 211_926_965);
        assert_eq!(stat_time(t), "2026-11-24 02:46:50.211926965 +0000");
        assert_eq!(rfc3339(t), "2026-11-24T02:46:50.211926965Z");
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    }
}
