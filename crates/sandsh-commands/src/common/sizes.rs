//! Sizes in GNU's notation: reading a count with a multiplier suffix (`2K`, `1MB`, `3KiB`,
//! `b`) and printing a size human-readably (`4.0K`, `1.5M`, `--si`'s powers of 1000).
//!
//! Shared by the commands that take sizes (`split -b`, `truncate -s`, `shuf`, `head -c`, …)
//! and those that print them (`df -h`, `du -h`, `tree -h`), so a suffix means the same
//! everywhere.

/// Parse a GNU size/count with optional multiplier suffix (`10`, `2K`, `1MB`, `3KiB`, `b`).
pub fn parse_size(s: &str) -> Option<u64> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits_end == 0 {
        return None;
    }
    let n: u64 = s[..digits_end].parse().ok()?;
    let suf = &s[digits_end..];
    let mult: u64 = match suf {
        "" => 1,
        "b" => 512,
        "kB" | "KB" => 1000,
        "K" | "k" | "KiB" | "kiB" => 1024,
        "MB" => 1000 * 1000,
        "M" | "MiB" => 1 << 20,
        "GB" => 1000 * 1000 * 1000,
        "G" | "GiB" => 1 << 30,
        "TB" => 1_000_000_000_000,
        "T" | "TiB" => 1 << 40,
        _ => return None,
    };
    n.checked_mul(mult).or(Some(u64::MAX))
}

/// GNU's human-readable size (`-h`: powers of 1024, `--si`: powers of 1000), rounding up:
/// `4.0K`, `106K`, `1.5M`; values under one unit print as plain numbers.
pub fn human(n: u64, si: bool) -> String {
    let base: f64 = if si { 1000.0 } else { 1024.0 };
    let units: [&str; 8] = if si {
        ["k", "M", "G", "T", "P", "E", "Z", "Y"]
    } else {
        ["K", "M", "G", "T", "P", "E", "Z", "Y"]
    };
    if (n as f64) < base {
        return n.to_string();
    }
    let mut v = n as f64 / base;
    let mut u = 0;
    while v >= base && u < units.len() - 1 {
        v /= base;
        u += 1;
    }
    if v < 10.0 {
        let r = (v * 10.0).ceil() / 10.0;
        if r < 10.0 {
            return format!("{r:.1}{}", units[u]);
        }
        v = r;
    }
    let r = v.ceil();
    if r >= base && u < units.len() - 1 {
        return format!("1.0{}", units[u + 1]);
    }
    format!("{}{}", r as u64, units[u])
}
