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

use std::path::Path;

use crate::diff::{self, Host};
use sandsh::{Kernel, KernelConfig};

struct Case {
    file: String,
    name: String,
    script: String,
    stderr: bool,
}

fn load() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/python")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("case file");
        let file = f.file_name().unwrap().to_string_lossy().into_owned();
        let mut cur: Option<Case> = None;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("#### ") {
                cases.extend(cur.take());
                cur = Some(Case {
                    file: file.clone(),
                    name: name.trim().to_string(),
                    script: String::new(),
                    stderr: false,
                });
            } else if let Some(c) = cur.as_mut() {
                if line.trim() == "## stderr" {
                    c.stderr = true;
                } else {
                    c.script.push_str(line);
                    c.script.push('\n');
                }
            }
        }
        cases.extend(cur);
    }
    cases
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
            || (case.stderr && got.stderr != want.stderr)
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
