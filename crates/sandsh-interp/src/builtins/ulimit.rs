//! `ulimit`: the sandbox's resource limits, reported as a Linux bash reports them. Values can be
//! lowered or raised within the (virtual) hard limit; they are informational, since real limits
//! are the kernel's `ExecutionLimits`.

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// (flag, description, unit, default; None = unlimited)
const LIMITS: &[(char, &str, &str, Option<u64>)] = &[
    (
        'R',
        "real-time non-blocking time",
        "(microseconds, -R)",
        None,
    ),
    ('c', "core file size", "(blocks, -c)", Some(0)),
    ('d', "data seg size", "(kbytes, -d)", None),
    ('e', "scheduling priority", "(-e)", Some(0)),
    ('f', "file size", "(blocks, -f)", None),
    ('i', "pending signals", "(-i)", Some(96365)),
    ('l', "max locked memory", "(kbytes, -l)", Some(8192)),
    ('m', "max memory size", "(kbytes, -m)", None),
    (
        'n',
        "open files",
        "(-n)",
        Some(crate::io::OPEN_FILES as u64),
    ),
    ('p', "pipe size", "(512 bytes, -p)", Some(8)),
    ('q', "POSIX message queues", "(bytes, -q)", Some(819200)),
    ('r', "real-time priority", "(-r)", Some(0)),
    ('s', "stack size", "(kbytes, -s)", Some(8192)),
    ('t', "cpu time", "(seconds, -t)", None),
    ('u', "max user processes", "(-u)", Some(96365)),
    ('v', "virtual memory", "(kbytes, -v)", None),
    ('x', "file locks", "(-x)", None),
];

/// One line of `ulimit -a` as bash prints it: the description in 20 columns, then the unit
/// and flag right-aligned in 20 more, then the value.
fn row(desc: &str, unit: &str, v: Option<u64>) -> String {
    format!("{desc:<20} {:>20}{}\n", format!("{unit} "), show(v))
}

fn show(v: Option<u64>) -> String {
    v.map_or_else(|| "unlimited".to_string(), |n| n.to_string())
}

pub fn ulimit(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut flags: Vec<char> = Vec::new();
    let mut all = false;
    let mut value: Option<String> = None;
    for a in &argv[1..] {
        let t = text(a);
        if let Some(f) = t.strip_prefix('-') {
            for c in f.chars() {
                match c {
                    'a' => all = true,
                    'H' | 'S' => {}
                    _ if LIMITS.iter().any(|l| l.0 == c) => flags.push(c),
                    _ => {
                        super::usage::invalid_option(sh, "ulimit", &format!("-{c}"));
                        return Ok(2);
                    }
                }
            }
        } else {
            value = Some(t);
        }
    }
    let current = |sh: &Shell, c: char| -> Option<u64> {
        match sh.ulimits.get(&c) {
            Some(v) => *v,
            None => LIMITS.iter().find(|l| l.0 == c).and_then(|l| l.3),
        }
    };
    if all {
        let mut out = String::new();
        for (c, desc, unit, _) in LIMITS {
            out.push_str(&row(desc, unit, current(sh, *c)));
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    if flags.is_empty() {
        flags.push('f');
    }
    if let Some(v) = value {
        let parsed = if v == "unlimited" {
            None
        } else {
            match v.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    sh.builtin_error("ulimit", &format!("{v}: invalid number"));
                    return Ok(1);
                }
            }
        };
        for c in flags {
            sh.ulimits.insert(c, parsed);
        }
        return Ok(0);
    }
    let mut out = String::new();
    let many = flags.len() > 1;
    for c in flags {
        if many {
            if let Some((_, desc, unit, _)) = LIMITS.iter().find(|l| l.0 == c) {
                out.push_str(&row(desc, unit, current(sh, c)));
            }
        } else {
            out.push_str(&format!("{}\n", show(current(sh, c))));
        }
    }
    sh.out(out.as_bytes())?;
    Ok(0)
}
