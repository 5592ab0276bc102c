//! Differential tests: sandsh's `python3` (CPython 3.14 on WASI, over the VFS) against the
//! host's CPython (3.11 here).
//!
//! Cases live in `tests/python/*.sh`, written as agents write them: a shell snippet that runs
//! python3 (`-c`, a heredoc, a script file it wrote, a pipeline). Each runs once in a fresh
//! sandsh session and once through the host's bash, both in an empty working directory
//! (cases use relative paths), and stdout and the exit status must match byte for byte.
//! Cases print what they check, in forms that do not depend on the minor version.
//!
//! ```text
//! #### name          a case starts; its script runs to the next #### line
//! ## stderr          stderr must match too (a message both versions word the same)
//! ```

use crate::diff::{self, Host};
use sandsh::{Kernel, KernelConfig};

fn load() -> Vec<crate::util::CaseText> {
    crate::util::case_files("python")
}

/// Whether the case's stderr must match too (`## stderr`).
fn checks_stderr(case: &crate::util::CaseText) -> bool {
    case.directives.iter().any(|(k, _)| k == "stderr")
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn sandsh(script: &str) -> Outcome {
    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute(&format!("mkdir -p /tmp/case && cd /tmp/case\n{script}"));
    Outcome {
        stdout: r.stdout,
        stderr: r.stderr,
        status: r.exit_code,
    }
}

#[test]
fn python3_matches_the_hosts_cpython() {
    if !diff::require("python3", "python3 -c pass") {
        return;
    }
    let cases = load();
    assert!(cases.len() >= 10, "tests/python holds the cases");
    let base = std::env::temp_dir().join(format!("sandsh-python-diff-{}", std::process::id()));
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = base.join(i.to_string());
        std::fs::create_dir_all(&dir).expect("temp dir");
        let want = Host::new()
            .dir(&dir)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .run(&case.script);
        let got = sandsh(&case.script);
        if got.stdout != want.stdout
            || got.status != want.status
            || (checks_stderr(case) && got.stderr != want.stderr)
        {
            failures.push(format!(
                "{} / {}\n  host:   {:?} (status {})\n          {:?}\n  sandsh: {:?} (status {})\n          {:?}",
                case.file,
                case.name,
                String::from_utf8_lossy(&want.stdout),
                want.status,
                String::from_utf8_lossy(&want.stderr),
                String::from_utf8_lossy(&got.stdout),
                got.status,
                String::from_utf8_lossy(&got.stderr),
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&base);
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from the host's python3:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
