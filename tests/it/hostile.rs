//! The hostile suite: scripts an attacker (or a confused model) would write, each run by the
//! real `sandsh` binary as a child process, and each held to the sandbox's promises.
//!
//! Cases live in `tests/hostile/*.sh` in a small format:
//!
//! ```text
//! #### name            (a case starts; the lines up to the next ## line are its script)
//! ## expect: stop      stop: non-zero status and a message on stderr
//!                      any:  the attack is harmless; any status (never a crash)
//! ## stderr: TEXT      stderr must contain TEXT (optional)
//! ## flags: ARGS       extra sandsh flags, split on spaces (optional)
//! ```
//!
//! Every case runs with `--timeout 3` and a 256 MiB memory budget, in its own session, as an
//! unprivileged user (when the suite runs as root) under a process/thread cap (`prlimit
//! --nproc`), so that even a sandsh bug cannot take the machine down; after a wall-clock bound
//! the whole session is killed. Each case must end within the timeout plus a second of grace
//! (measured from start, with slack for a loaded machine), never with a crash status
//! (101/134/137/139), with peak RSS within the budget plus a fixed overhead (the reserved stack
//! and the runtime), and without host data in its output.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Three seconds, not two: in CI's loaded debug build a case that reaches its limit in 0.6 s
/// alone (the yq alias bomb, 100,000 nested divs) took up to 2.5 s.
const TIMEOUT_SECS: u64 = 3;
const BUDGET: u64 = 256 << 20;
const STACK: u64 = 64 << 20;
/// The runtime, allocator slack and the memory monitor's sampling lag.
const OVERHEAD: u64 = 160 << 20;
/// Past this, the session is killed and the case fails as a hang.
const KILL_AFTER: Duration = Duration::from_secs(15);
/// A case must have ended by then: the timeout, a second of grace, and slack for a machine
/// loaded by parallel cases and CI.
const MUST_END: Duration = Duration::from_secs(TIMEOUT_SECS + 1 + 4);
/// Written into the child's host environment; must never appear in its output.
const HOST_SECRET: &str = "host-secret-7f3a9c";

#[derive(Debug, Clone)]
struct Case {
    file: String,
    name: String,
    script: String,
    stop: bool,
    stderr_has: Vec<String>,
    flags: Vec<String>,
    /// `## known-gap: WHY`: an attack not yet contained, kept with its reproduction and the
    /// issue that tracks it; listed when the test runs, not run (it may hang or bloat).
    gap: Option<String>,
    /// The case must have ended by then.
    must_end: Duration,
}

fn load() -> Vec<Case> {
    crate::util::case_files("hostile")
        .into_iter()
        .map(|t| {
            let mut c = Case {
                file: t.file,
                name: t.name,
                script: t.script,
                stop: false,
                stderr_has: Vec::new(),
                flags: Vec::new(),
                gap: None,
                must_end: MUST_END,
            };
            for (key, value) in t.directives {
                match key.as_str() {
                    "expect" => c.stop = value.trim() == "stop",
                    "known-gap" => c.gap = Some(value),
                    "stderr" => c.stderr_has.push(value),
                    "flags" => c
                        .flags
                        .extend(value.split(' ').filter(|w| !w.is_empty()).map(String::from)),
                    _ => {}
                }
            }
            c
        })
        .collect()
}

struct Outcome {
    status: i32,
    signal: Option<i32>,
    elapsed: Duration,
    max_rss: u64,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    killed: bool,
}

fn am_root() -> bool {
    // SAFETY: no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn run(case: &Case, dir: &Path) -> Outcome {
    let bin = env!("CARGO_BIN_EXE_sandsh");
    let mut args: Vec<String> = Vec::new();
    let cap = ["prlimit", "--nproc=2048", "--"];
    if am_root() {
        args.extend(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
    }
    args.extend(cap.iter().map(|s| s.to_string()));
    args.push(bin.to_string());
    for f in [
        format!("--timeout={TIMEOUT_SECS}"),
        format!("--max-memory={BUDGET}"),
        format!("--max-stack-bytes={STACK}"),
        "--max-background-jobs=64".into(),
    ] {
        // A case may set one of these itself.
        let name = f.split('=').next().unwrap_or_default();
        if !case.flags.iter().any(|c| c.split('=').next() == Some(name)) {
            args.push(f);
        }
    }
    args.extend(case.flags.iter().cloned());
    // The script goes in a file: some cases are longer than one argument may be.
    let out_path = dir.join(format!(
        "{}.out",
        std::process::id() as u64 ^ hash(&case.name)
    ));
    let err_path = out_path.with_extension("err");
    let script_path = out_path.with_extension("sh");
    std::fs::write(&script_path, &case.script).expect("write the script");
    args.push(script_path.to_string_lossy().into_owned());
    let out = std::fs::File::create(&out_path).expect("stdout file");
    let err = std::fs::File::create(&err_path).expect("stderr file");
    let mut cmd = Command::new(&args[0]);
    cmd.args(&args[1..])
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .env("SANDSH_HOSTILE_SECRET", HOST_SECRET)
        .current_dir(dir);
    // SAFETY: setsid is async-signal-safe; the child gets its own session and process group,
    // which is what the wall-clock kill takes down.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let start = Instant::now();
    let child = cmd.spawn().expect("spawn the case");
    let pid = child.id() as i32;
    let mut status = 0;
    let mut killed = false;
    // SAFETY: a zeroed rusage is a valid value to be filled in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut polled_peak = 0;
    loop {
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        polled_peak = polled_peak.max(peak_rss_of(&format!("/proc/{pid}/status")));
        if start.elapsed() > KILL_AFTER && !killed {
            // SAFETY: signalling the child's own process group.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let elapsed = start.elapsed();
    // Whatever the case left running in its session goes too.
    // SAFETY: as above.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    std::mem::forget(child);
    let stdout = std::fs::read(&out_path).unwrap_or_default();
    let stderr = std::fs::read(&err_path).unwrap_or_default();
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    let _ = std::fs::remove_file(&script_path);
    let (code, signal) = if libc::WIFEXITED(status) {
        (libc::WEXITSTATUS(status), None)
    } else {
        (-1, Some(libc::WTERMSIG(status)))
    };
    Outcome {
        status: code,
        signal,
        elapsed,
        max_rss: child_peak_rss(usage.ru_maxrss as u64 * 1024, polled_peak),
        stdout,
        stderr,
        killed,
    }
}

/// `VmHWM` from a `/proc/PID/status` file: the peak RSS of that process's current image, in
/// bytes; 0 when the file or line is not there (the process has ended).
fn peak_rss_of(status_file: &str) -> u64 {
    let text = std::fs::read_to_string(status_file).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// The child's peak RSS. `wait4`'s figure is the peak over every image the child ever was,
/// including the copy of this test process it started as (the fork's page tables count as its
/// resident set, and `execve` folds the old image's peak in), so once this process has grown
/// past the budget every case would fail. When that figure is above this process's own peak it
/// can only be sandsh's; otherwise sandsh's own peak is the largest `VmHWM` seen while it ran
/// (polled every 10 ms, and monotonic, so only a spike in the last poll interval goes unseen).
fn child_peak_rss(from_wait4: u64, polled: u64) -> u64 {
    if from_wait4 > peak_rss_of("/proc/self/status") {
        from_wait4
    } else {
        polled
    }
}

fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn check(case: &Case, o: &Outcome) -> Vec<String> {
    let mut bad = Vec::new();
    let err = String::from_utf8_lossy(&o.stderr);
    let out = String::from_utf8_lossy(&o.stdout);
    if o.killed {
        bad.push(format!("hung: killed after {KILL_AFTER:?}"));
    }
    if let Some(s) = o.signal {
        bad.push(format!("died of signal {s}"));
    }
    if matches!(o.status, 101 | 134 | 137 | 139) {
        bad.push(format!("crash status {}", o.status));
    }
    if o.elapsed > case.must_end {
        bad.push(format!(
            "took {:?} (must end by {:?})",
            o.elapsed, case.must_end
        ));
    }
    if err.contains("panicked at") {
        bad.push("panicked".into());
    }
    let mib_flag = |name: &str, default: u64| {
        case.flags
            .iter()
            .find_map(|f| f.strip_prefix(name))
            .map_or(default, |s| {
                s.trim_end_matches('M').parse::<u64>().unwrap_or(64) << 20
            })
    };
    let stack = mib_flag("--max-stack-bytes=", STACK);
    let budget = mib_flag("--max-memory=", BUDGET);
    if o.max_rss > budget + stack + OVERHEAD {
        bad.push(format!("peak RSS {} MiB", o.max_rss >> 20));
    }
    if case.stop {
        if o.status == 0 {
            bad.push("status 0 where the attack must be stopped".into());
        }
        if err.trim().is_empty() {
            bad.push("stopped without a message on stderr".into());
        }
    }
    for want in &case.stderr_has {
        if !err.contains(want.as_str()) {
            bad.push(format!("stderr lacks {want:?}"));
        }
    }
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    let host = host.trim();
    for text in [&out, &err] {
        if text.contains(HOST_SECRET) {
            bad.push("host environment leaked".into());
        }
        // The sandbox has an /etc/passwd of its own (root and the user); these lines are the
        // host's.
        if text.contains("daemon:x:1:1") || text.contains("/usr/sbin/nologin") {
            bad.push("host /etc/passwd leaked".into());
        }
        if host.len() > 3 && host != "sandbox" && text.contains(host) {
            bad.push(format!("host name {host:?} leaked"));
        }
    }
    if !bad.is_empty() {
        bad.insert(
            0,
            format!(
                "status {} in {:?}, rss {} MiB; stderr: {}",
                o.status,
                o.elapsed,
                o.max_rss >> 20,
                err.chars().take(300).collect::<String>()
            ),
        );
    }
    bad
}

#[test]
fn hostile_scripts_are_contained() {
    let (gaps, cases): (Vec<Case>, Vec<Case>) = load().into_iter().partition(|c| c.gap.is_some());
    assert!(cases.len() >= 100, "only {} hostile cases", cases.len());
    for g in &gaps {
        eprintln!(
            "known gap, not run: {} / {}: {}",
            g.file,
            g.name,
            g.gap.as_deref().unwrap_or_default()
        );
    }
    let failures = run_all(&cases, 3);
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every registered command against endless and huge input (issue 27 item 4): from standard
/// input (`/dev/zero`, `yes`, `/dev/urandom`) and as a file operand (`/dev/zero`), each with a
/// short timeout and a small budget. Generated from the registry, so a new command is covered
/// the day it lands: whatever it does with such input, it ends by the timeout with a status of
/// its own, 124 or the limit's 125, never a crash or a panic, within the budget.
#[test]
fn every_command_survives_endless_input() {
    const SWEEP_TIMEOUT: Duration = Duration::from_millis(500);
    let mut cases = Vec::new();
    for cmd in sandsh::commands::Registry::standard().commands() {
        let name = cmd.spec().name;
        for (input, script) in [
            ("zero", format!("{name} < /dev/zero > /dev/null")),
            ("yes", format!("yes | {name} > /dev/null")),
            ("urandom", format!("{name} < /dev/urandom > /dev/null")),
            ("file", format!("{name} /dev/zero > /dev/null")),
        ] {
            cases.push(Case {
                file: "registry".into(),
                name: format!("{name} / {input}"),
                script,
                stop: false,
                stderr_has: Vec::new(),
                flags: vec![
                    format!("--timeout={}ms", SWEEP_TIMEOUT.as_millis()),
                    "--max-memory=64M".into(),
                ],
                gap: None,
                // The timeout, a second of grace, and slack for a machine loaded by CI.
                must_end: SWEEP_TIMEOUT + Duration::from_secs(1 + 2),
            });
        }
    }
    assert!(cases.len() >= 500, "only {} cases", cases.len());
    let failures = run_all(&cases, 3);
    assert!(
        failures.is_empty(),
        "{} of {} command sweep cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Run `cases` on `workers` threads; the failures, each with its reasons.
fn run_all(cases: &[Case], workers: usize) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    // The unprivileged user writes its outputs here.
    let _ = std::fs::set_permissions(
        dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o777),
    );
    let queue = Arc::new(Mutex::new(cases.to_vec()));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..workers)
        .map(|_| {
            let (queue, failures) = (queue.clone(), failures.clone());
            let dir = dir.path().to_path_buf();
            std::thread::spawn(move || {
                loop {
                    let Some(case) = queue.lock().map(|mut q| q.pop()).ok().flatten() else {
                        return;
                    };
                    let o = run(&case, &dir);
                    let bad = check(&case, &o);
                    if !bad.is_empty()
                        && let Ok(mut f) = failures.lock()
                    {
                        f.push(format!(
                            "{} / {}:\n  {}",
                            case.file,
                            case.name,
                            bad.join("\n  ")
                        ));
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("worker");
    }
    failures.lock().map(|f| f.clone()).unwrap_or_default()
}
