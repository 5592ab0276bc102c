//! The signal table: names and numbers (Linux x86-64) and the lookups on them, for `kill`,
//! `trap`, `timeout`, completion and the job table's status text.

/// Signal names and numbers (Linux x86-64).
pub const SIGNALS: &[(&str, i32)] = &[
    ("HUP", 1),
    ("INT", 2),
    ("QUIT", 3),
    ("ILL", 4),
    ("TRAP", 5),
    ("ABRT", 6),
    ("BUS", 7),
    ("FPE", 8),
    ("KILL", 9),
    ("USR1", 10),
    ("SEGV", 11),
    ("USR2", 12),
    ("PIPE", 13),
    ("ALRM", 14),
    ("TERM", 15),
    ("STKFLT", 16),
    ("CHLD", 17),
    ("CONT", 18),
    ("STOP", 19),
    ("TSTP", 20),
    ("TTIN", 21),
    ("TTOU", 22),
    ("URG", 23),
    ("XCPU", 24),
    ("XFSZ", 25),
    ("VTALRM", 26),
    ("PROF", 27),
    ("WINCH", 28),
    ("IO", 29),
    ("PWR", 30),
    ("SYS", 31),
];

/// Normalize a signal spec (`TERM`, `SIGTERM`, `15`, `EXIT`, `0`) to its trap name.
pub fn signal_name(spec: &str) -> Option<String> {
    let up = spec.to_ascii_uppercase();
    let up = up.strip_prefix("SIG").unwrap_or(&up).to_string();
    match up.as_str() {
        "EXIT" | "0" => return Some("EXIT".into()),
        "ERR" | "DEBUG" | "RETURN" => return Some(up),
        _ => {}
    }
    if let Ok(n) = up.parse::<i32>() {
        return SIGNALS
            .iter()
            .find(|(_, v)| *v == n)
            .map(|(s, _)| s.to_string());
    }
    SIGNALS
        .iter()
        .find(|(s, _)| *s == up)
        .map(|(s, _)| s.to_string())
}

pub fn signal_number(name: &str) -> Option<i32> {
    SIGNALS.iter().find(|(s, _)| *s == name).map(|(_, n)| *n)
}

/// The trap-table name of signal `n` (`HUP` for 1).
pub fn signal_trap_name(n: i32) -> Option<String> {
    SIGNALS
        .iter()
        .find(|(_, v)| *v == n)
        .map(|(s, _)| s.to_string())
}

/// How bash describes a job killed by signal `n` (strsignal's wording).
pub fn signal_description(n: i32) -> String {
    let s = match n {
        1 => "Hangup",
        2 => "Interrupt",
        3 => "Quit",
        4 => "Illegal instruction",
        5 => "Trace/breakpoint trap",
        6 => "Aborted",
        7 => "Bus error",
        8 => "Floating point exception",
        9 => "Killed",
        10 => "User defined signal 1",
        11 => "Segmentation fault",
        12 => "User defined signal 2",
        13 => "Broken pipe",
        14 => "Alarm clock",
        15 => "Terminated",
        _ => return format!("Signal {n}"),
    };
    s.to_string()
}
