//! Every option a command declares is one it accepts. The option tables are what `--help`,
//! the tool schemas and the completions are generated from; a row the command's parser does
//! not know (a hand-written parser that fell behind its table, a typo in a long name) would
//! advertise an option that fails with "unrecognized option". Each declared option is given,
//! in its long and its short form, with a plausible value, and the command must not answer
//! with one of GNU getopt's complaints about the option itself. What the command then makes
//! of the value, or of missing operands, is not this test's business.

use std::time::Duration;

use sandsh::api::OptSpec;
use sandsh::{ExecOptions, Kernel, KernelConfig};

/// getopt's wording for an option it does not take, or takes differently.
const PARSER_COMPLAINTS: [&str; 5] = [
    "unrecognized option",
    "invalid option",
    "requires an argument",
    "doesn't allow an argument",
    "is ambiguous",
];

/// A value of the kind the value's name asks for: a number, a file, a directory, a word.
fn value_for(name: &str) -> &'static str {
    let n = name.trim_start_matches('[').to_ascii_uppercase();
    if n.contains("FILE") || n.contains("PATH") {
        "/dev/null"
    } else if n.contains("DIR") {
        "/tmp"
    } else if n.contains("WHEN") {
        "never"
    } else if n.contains("NUM")
        || n.contains("SIZE")
        || n.contains("COL")
        || n.contains("WIDTH")
        || n.starts_with('N')
        || n.contains("BYTES")
        || n.contains("LINES")
        || n.contains("SECONDS")
        || n.contains("COUNT")
        || n.contains("DEPTH")
    {
        "1"
    } else {
        "x"
    }
}

/// The spellings of one option row: `--long[=VALUE]` and `-s [VALUE]`, as shell words.
fn spellings(o: &OptSpec) -> Vec<String> {
    let value = o.value.map(value_for);
    let mut out = Vec::new();
    if let Some(long) = o.long {
        out.push(match value {
            Some(v) => format!("--{long}={v}"),
            None => format!("--{long}"),
        });
    }
    if let Some(c) = o.short {
        let flag = format!("'-{c}'");
        out.push(match value {
            Some(v) => format!("{flag} {v}"),
            None => flag,
        });
    }
    out
}

/// Runs `script` (with a hang guard) and describes the getopt complaint it drew, if any.
fn complaint(k: &mut Kernel, script: &str) -> Option<String> {
    let opts = ExecOptions {
        timeout: Some(Duration::from_secs(5)),
        ..ExecOptions::default()
    };
    let err = k.execute_with(script, opts).stderr_str();
    let c = PARSER_COMPLAINTS.iter().find(|c| err.contains(*c))?;
    Some(format!("`{script}`: {c}: {}", err.trim_end()))
}

#[test]
fn every_declared_option_is_accepted() {
    let mut k = Kernel::new(KernelConfig::default());
    let mut failures = Vec::new();
    let mut tried = 0;
    for cmd in sandsh::commands::Registry::standard().commands() {
        let spec = cmd.spec();
        for o in spec.options {
            for arg in spellings(o) {
                // `--help` and `--version` print and stop; everything else gets a missing
                // operand or a file to chew on, never a terminal or an endless input.
                let script = format!("{} {arg} </dev/null >/dev/null", spec.name);
                tried += 1;
                failures.extend(complaint(&mut k, &script));
            }
        }
    }
    assert!(tried > 1000, "only {tried} spellings tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// No two rows of a table share a short letter or a long name: a lookup by name (`opt!`) finds
/// one row, and `--help` would list the name twice.
#[test]
fn no_option_is_declared_twice() {
    let mut failures = Vec::new();
    for cmd in sandsh::commands::Registry::standard().commands() {
        let spec = cmd.spec();
        let mut seen = std::collections::HashSet::new();
        for o in spec.options {
            let names = o
                .short
                .map(|c| c.to_string())
                .into_iter()
                .chain(o.long.map(String::from));
            for name in names {
                if !seen.insert(name.clone()) {
                    failures.push(format!("{}: {name}", spec.name));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "declared twice: {}",
        failures.join(", ")
    );
}

/// Every option row a builtin declares (bash's, as `help` lists them) is one the builtin
/// accepts: given alone, in a subshell so that `set -n` or `cd` leaves no trace, it draws no
/// "invalid option".
#[test]
fn every_builtin_option_is_accepted() {
    let mut k = Kernel::new(KernelConfig::default());
    let mut failures = Vec::new();
    let mut tried = 0;
    for spec in Kernel::builtin_specs() {
        for o in spec.options {
            let Some(c) = o.short else { continue };
            let value = match o.value {
                Some("option-name") => " errexit",
                Some(_) => " 0",
                None => "",
            };
            let script = format!("( {} '-{c}'{value} ) </dev/null >/dev/null", spec.name);
            tried += 1;
            failures.extend(complaint(&mut k, &script));
        }
    }
    assert!(tried > 100, "only {tried} builtin options tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
