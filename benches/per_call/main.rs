//! Per-call cost inside a warm session: the scripts of the speed issue's table and the
//! interpreter's loops, each run many times on one `Kernel`.
//!
//! - `cargo bench --bench per_call [-- CALLS]`: medians in microseconds (wall time: noisy on a
//!   shared machine, good for a look).
//! - `cargo bench --bench per_call -- --instructions`: instructions per call, counted by
//!   callgrind (valgrind): the same on every run of the same build on the same machine.
//!   `--check` compares them with `benches/per_call/BASELINE` and fails when a case takes more
//!   than 10 % more; `--write` rewrites the baseline (after a change that is meant to cost more,
//!   or on a new machine: glibc picks its string functions by CPU).
//!
//! Not the Python package's figure (that adds the binding, `benches/python`), but the same
//! work without it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use sandsh::{Kernel, KernelConfig};

// As in the binary and both packages: each session's heap counted as it grows.
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

/// (label, script). `f` is a small file laid down first, in the working directory.
const CASES: &[(&str, &str)] = &[
    ("echo hi", "echo hi"),
    ("echo hi | cat", "echo hi | cat"),
    ("head -n 2 f | tail -n 1", "head -n 2 f | tail -n 1"),
    ("sort f | uniq -c | wc -l", "sort f | uniq -c | wc -l"),
    (
        "for … | paste -sd- -",
        "for f in x y z; do echo $f; done | paste -sd- -",
    ),
    (
        "awk '{s+=$2} END {print s}' f",
        "awk '{s+=$2} END {print s}' f",
    ),
    ("sed -n 's/an/AN/gp' f", "sed -n 's/an/AN/gp' f"),
    ("grep -E 'a.*e' f", "grep -E 'a.*e' f"),
    (
        "jq over a small document",
        "jq -r '.items[] | select(.n > 1) | .name' j",
    ),
    ("agent-like script", AGENT),
    (
        "loop: 1,000 arithmetic iterations",
        "x=0; for ((i = 0; i < 1000; i++)); do x=$((x + i * 2)); done; echo $x",
    ),
    (
        "functions: fib 10 with locals",
        "fib() { local n=$1; if ((n < 2)); then r=$n; return; fi; fib $((n - 1)); local a=$r; fib $((n - 2)); r=$((a + r)); }; fib 10; echo $r",
    ),
];

/// The agent-like script, shared with the Python package's benchmark (benches/python).
const AGENT: &str = include_str!("agent.sh");

const FILE: &str = "banana 3\napple 5\ncherry 7\napple 2\ndate 1\n";
const JSON: &str = r#"{"items":[{"name":"a","n":1},{"name":"b","n":2},{"name":"c","n":3}]}"#;

/// Instruction counts: calls in the short and the long run (their difference is what is
/// divided, so set-up and tear-down cancel out).
const SHORT: usize = 5;
const LONG: usize = 55;
/// The rise over the baseline that fails `--check`.
const TOLERANCE: f64 = 0.10;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--run") {
        // The child under valgrind: run one case N times.
        let case: usize = args[i + 1].parse().expect("case index");
        let n: usize = args[i + 2].parse().expect("calls");
        let mut kernel = session();
        for _ in 0..n {
            kernel.execute(CASES[case].1);
        }
        return;
    }
    if args.iter().any(|a| a == "--instructions") {
        let mode = if args.iter().any(|a| a == "--write") {
            Mode::Write
        } else if args.iter().any(|a| a == "--check") {
            Mode::Check
        } else {
            Mode::Show
        };
        std::process::exit(instructions(mode));
    }
    let calls: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(2000);
    wall_time(calls);
}

/// A session with the working directory and file every case expects.
fn session() -> Kernel {
    let mut kernel = Kernel::new(KernelConfig::default());
    let setup = format!(
        "mkdir -p /tmp/bench-work && cd /tmp/bench-work && printf '%s' '{FILE}' > f && printf '%s' '{JSON}' > j"
    );
    assert_eq!(kernel.execute(&setup).exit_code, 0);
    for (label, script) in CASES {
        let r = kernel.execute(script);
        assert_eq!(
            r.exit_code,
            0,
            "{label}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
    kernel
}

fn wall_time(calls: usize) {
    let mut kernel = session();
    println!("| script | median µs | p10 | p90 |\n|---|---:|---:|---:|");
    for (label, script) in CASES {
        let n = if label.starts_with("loop") || label.starts_with("functions") {
            (calls / 20).max(10)
        } else {
            calls
        };
        for _ in 0..n / 10 {
            kernel.execute(script);
        }
        let mut t: Vec<f64> = (0..n)
            .map(|_| {
                let start = Instant::now();
                kernel.execute(script);
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize];
        println!(
            "| `{label}` | {:.1} | {:.1} | {:.1} |",
            at(0.5),
            at(0.1),
            at(0.9)
        );
    }
}

#[derive(PartialEq)]
enum Mode {
    Show,
    Check,
    Write,
}

fn baseline_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/per_call/BASELINE")
}

/// `label<TAB>instructions per call` lines.
fn read_baseline() -> Vec<(String, u64)> {
    std::fs::read_to_string(baseline_path())
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (label, n) = l.rsplit_once('\t')?;
            Some((label.to_string(), n.trim().parse().ok()?))
        })
        .collect()
}

/// Instructions the main thread ran for `calls` calls of case `case` (callgrind's count).
fn count(exe: &Path, dir: &Path, case: usize, calls: usize) -> Result<u64, String> {
    let out = dir.join(format!("cg-{case}-{calls}"));
    let status = Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--separate-threads=yes",
            "--quiet",
            &format!("--callgrind-out-file={}", out.display()),
        ])
        .arg(exe)
        .args(["--run", &case.to_string(), &calls.to_string()])
        .status()
        .map_err(|e| format!("valgrind: {e} (install valgrind)"))?;
    if !status.success() {
        return Err(format!("valgrind exited with {status}"));
    }
    // Thread 1 is the main thread's file: the pool and the memory monitor are left out (their
    // share depends on timing, the main thread's does not).
    let main = PathBuf::from(format!("{}-01", out.display()));
    let text = std::fs::read_to_string(&main).map_err(|e| format!("{}: {e}", main.display()))?;
    text.lines()
        .find_map(|l| {
            l.strip_prefix("summary:")
                .or_else(|| l.strip_prefix("totals:"))
        })
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("{}: no total", main.display()))
}

fn instructions(mode: Mode) -> i32 {
    let exe = std::env::current_exe().expect("own path");
    let dir = std::env::temp_dir().join(format!("sandsh-per-call-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let baseline = read_baseline();
    let mut measured = Vec::new();
    let mut failed = false;
    println!("| script | instructions per call | baseline | change |\n|---|---:|---:|---:|");
    for (i, (label, _)) in CASES.iter().enumerate() {
        let per_call = match (count(&exe, &dir, i, SHORT), count(&exe, &dir, i, LONG)) {
            (Ok(a), Ok(b)) => b.saturating_sub(a) / (LONG - SHORT) as u64,
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("per_call: {label}: {e}");
                let _ = std::fs::remove_dir_all(&dir);
                return 2;
            }
        };
        let base = baseline.iter().find(|(l, _)| l == label).map(|(_, n)| *n);
        let change = base.map(|b| per_call as f64 / b as f64 - 1.0);
        let over = change.is_some_and(|c| c > TOLERANCE);
        failed |= over;
        println!(
            "| `{label}` | {per_call} | {} | {}{} |",
            base.map_or("-".into(), |b| b.to_string()),
            change.map_or("new".into(), |c| format!("{:+.1} %", c * 100.0)),
            if over { " (over)" } else { "" }
        );
        measured.push((label.to_string(), per_call));
    }
    let _ = std::fs::remove_dir_all(&dir);
    match mode {
        Mode::Write => {
            let mut text = String::from(
                "# Instructions per call on a warm session (callgrind, main thread), written by\n\
                 # `cargo bench --bench per_call -- --instructions --write`; `--check` fails on a\n\
                 # rise of more than 10 %.\n",
            );
            for (label, n) in &measured {
                text.push_str(&format!("{label}\t{n}\n"));
            }
            std::fs::write(baseline_path(), text).expect("write the baseline");
            0
        }
        Mode::Check if failed => {
            eprintln!(
                "per_call: instructions rose by more than {:.0} % over benches/per_call/BASELINE",
                TOLERANCE * 100.0
            );
            1
        }
        Mode::Check if baseline.is_empty() => {
            eprintln!("per_call: no baseline (write one with --instructions --write)");
            1
        }
        _ => 0,
    }
}
