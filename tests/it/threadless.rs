//! Pipelines without threads, as the browser build runs them (`sandsh::stages::without_threads`,
//! docs/DECISIONS.md "Execution: pipelines in the browser build"), on the host: every case runs on
//! a thread of its own in that mode, under a watchdog so that a hang fails by name. Outputs were
//! checked against bash 5.2 on the host, except the failure's message, which is sandsh's own.
//! The whole pipeline spec suite runs in this mode with
//! `SPEC_THREADLESS=1 cargo test --test spec -- pipeline`.

use std::sync::mpsc;
use std::time::Duration;

use sandsh::{Kernel, KernelConfig};

/// `script` in a fresh session without threads: (stdout, stderr, status).
fn run(script: &str) -> (String, String, i32) {
    let script = script.to_string();
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let r = sandsh::stages::without_threads(|| {
                Kernel::new(KernelConfig::default()).execute(&script)
            });
            let _ = tx.send((r.stdout_str(), r.stderr_str(), r.exit_code));
        })
        .expect("spawn");
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the threadless run hung or died")
}

#[test]
fn finite_pipelines_give_bash_output() {
    assert_eq!(run("echo hi | cat").0, "hi\n");
    assert_eq!(
        run("seq 100000 | sort -rn | head -3").0,
        "100000\n99999\n99998\n"
    );
    assert_eq!(run("seq 200000 | wc -l").0, "200000\n");
    assert_eq!(
        run("printf 'b\\na\\nb\\n' | sort | uniq -c | sort -rn").0,
        "      2 b\n      1 a\n"
    );
    // A stage that stops reading early, under a writer that has more to write. (Its status is
    // 0 here, 141 in bash: the writer finished before the reader started, KNOWN_DIFFERENCES.)
    let (out, _, status) = run("seq 100000 | head -n 2");
    assert_eq!((out.as_str(), status), ("1\n2\n", 0));
    // Three stages, each run nested under the one before: the middle one ends on the broken
    // pipe as in bash.
    let (out, _, _) = run("yes | cat | head -c 5; s=\"${PIPESTATUS[*]}\"; echo; echo \"$s\"");
    assert_eq!(out, "y\ny\ny\n141 141 0\n");
}

#[test]
fn endless_writers_end_on_the_broken_pipe() {
    assert_eq!(run("yes | head -n 1").0, "y\n");
    assert_eq!(run("seq inf | head -n 3").0, "1\n2\n3\n");
    assert_eq!(run("cat /dev/urandom | head -c 10 | wc -c").0, "10\n");
    let (out, _, status) = run("set -o pipefail; yes | head -n 2");
    assert_eq!((out.as_str(), status), ("y\ny\n", 141));
}

#[test]
fn sleep_and_jobs_start_nothing_nested() {
    assert_eq!(run("(sleep 0.05; echo a) | cat").0, "a\n");
    assert_eq!(run("echo x & wait; echo y").0, "x\ny\n");
    assert_eq!(
        run("shopt -s lastpipe; seq 3 | while read n; do s=$n; done; echo $s").0,
        "3\n"
    );
}

#[test]
fn a_reader_that_needs_more_than_the_bound_fails_loudly_never_hangs() {
    let (out, err, _) = run("head -c 17825792 /dev/zero | sort | wc -c; echo ${PIPESTATUS[*]}");
    assert!(err.contains("would wait forever"), "{err}");
    assert!(!out.starts_with("17825792"), "{out}");
}
