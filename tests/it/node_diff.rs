//! Differential tests: sandsh's `node` (QuickJS with Node's API, over the VFS) against the
//! host's Node 20.
//!
//! Cases live in `tests/node/*.sh`, written as agents write them: a shell snippet that runs
//! node (`-e`, `-p`, a heredoc, a script file it wrote, a pipeline). Each runs once in a fresh
//! sandsh session and once through the host's bash, both in an empty working directory
//! (cases use relative paths), and stdout and the exit status must match byte for byte.
//! Stack frames name Node's internals, so cases that print an error filter the `at` lines.
//! `SANDSH_NODE_CASE=WORD` runs only the cases whose file or name contains WORD.
//!
//! ```text
//! #### name          a case starts; its script runs to the next #### line
//! ## stderr          stderr must match too
//! ```

use crate::diff::{self, Host};
use sandsh::{Kernel, KernelConfig};

fn load() -> Vec<crate::util::CaseText> {
    let only = std::env::var("SANDSH_NODE_CASE").ok();
    crate::util::case_files("node")
        .into_iter()
        .filter(|c| {
            only.as_deref()
                .is_none_or(|w| c.name.contains(w) || c.file.contains(w))
        })
        .collect()
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
fn node_matches_the_hosts_node() {
    if !diff::require("node", "node -e 0") {
        return;
    }
    let cases = load();
    assert!(!cases.is_empty(), "tests/node holds the cases");
    let base = std::env::temp_dir().join(format!("sandsh-node-diff-{}", std::process::id()));
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = base.join(i.to_string());
        std::fs::create_dir_all(&dir).expect("temp dir");
        let want = Host::new().dir(&dir).run(&case.script);
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
        "{} of {} cases differ from the host's node:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
