//! What the `time` keyword prints: bash's `TIMEFORMAT` (`%[p][l]R`, `U`, `S`, `%P`, `%%`),
//! its default when unset, and nothing when it is set to the empty string. Commands run in
//! the sandsh process, so user and system times are zero.

use std::time::Duration;

/// bash's format when `TIMEFORMAT` is unset.
pub(crate) const DEFAULT: &[u8] = b"\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";

/// The report for `fmt` after `real` elapsed (a newline ends it), or the format character
/// bash refuses (it then prints a warning and no report).
pub(crate) fn render(fmt: &[u8], real: Duration) -> Result<Vec<u8>, char> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c != b'%' || i == fmt.len() {
            out.push(c);
            continue;
        }
        match fmt[i] {
            b'%' => {
                out.push(b'%');
                i += 1;
                continue;
            }
            b'P' => {
                // (user + system) / real, in percent: no CPU time is spent outside sandsh.
                out.extend_from_slice(b"0.00");
                i += 1;
                continue;
            }
            _ => {}
        }
        let mut prec = 3;
        if fmt[i].is_ascii_digit() {
            prec = usize::from(fmt[i] - b'0').min(3);
            i += 1;
        }
        let long = fmt.get(i) == Some(&b'l');
        if long {
            i += 1;
        }
        let spent = match fmt.get(i) {
            Some(b'R') => real,
            Some(b'U' | b'S') => Duration::ZERO,
            Some(&other) => return Err(char::from(other)),
            None => return Err(' '),
        };
        i += 1;
        out.extend_from_slice(seconds(spent, prec, long).as_bytes());
    }
    out.push(b'\n');
    Ok(out)
}

/// `SS.FFF` (or `MmSS.FFFs` in the long form), with `prec` digits of the fraction, cut
/// rather than rounded, as bash prints them.
fn seconds(d: Duration, prec: usize, long: bool) -> String {
    let millis = d.as_millis();
    let (mut secs, frac) = (millis / 1000, millis % 1000);
    let mut s = String::new();
    if long {
        s.push_str(&format!("{}m", secs / 60));
        secs %= 60;
    }
    s.push_str(&secs.to_string());
    if prec > 0 {
        s.push('.');
        s.push_str(&format!("{frac:03}")[..prec]);
    }
    if long {
        s.push('s');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_bash() {
        let d = Duration::from_micros(14_300);
        let r = |f: &str| String::from_utf8(render(f.as_bytes(), d).unwrap()).unwrap();
        // bash 5.2 for `time sleep 0.0143` with the same formats (user and sys zeroed).
        assert_eq!(
            r("[%0R|%1lR|%2U|%3S|%%|%4R|%lU|%R]"),
            "[0|0m0.0s|0.00|0.000|%|0.014|0m0.000s|0.014]\n"
        );
        assert_eq!(r("a%"), "a%\n");
        assert_eq!(
            r(std::str::from_utf8(DEFAULT).unwrap()),
            "\nreal\t0m0.014s\nuser\t0m0.000s\nsys\t0m0.000s\n"
        );
        assert_eq!(render(b"%x", d), Err('x'));
        assert_eq!(render(b"%3", d), Err(' '));
        assert_eq!(seconds(Duration::from_millis(125_678), 3, true), "2m5.678s");
    }
}
