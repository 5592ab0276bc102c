//! The sandsh benchmark: every case in `benches/cases/` run three ways, side by side.
//!
//! Each case runs in-process on a warm `Kernel`, as a cold `sandsh -c` process, and as
//! `bash -c`, interleaved round by round so that load from other processes on the machine hits
//! all three alike; the report gives ratios against bash rather than absolute times for that
//! reason. Outputs are checked against bash's on every run: a mismatch is an error, not a
//! timing. The report goes to `benches/RESULTS.md` (a full run) or
//! `target/sandsh-bench/RESULTS.md` (a filtered or quick run).
//!
//! ```text
//! cargo bench --bench shell                 # everything, writes benches/RESULTS.md
//! cargo bench --bench shell -- loop arrays/  # cases whose category/name contains a filter
//! cargo bench --bench shell -- --check      # outputs only, no timing; exit 1 on a new mismatch
//! SANDSH_BENCH_QUICK=1 cargo bench --bench shell   # smoke test: few runs per case
//! cargo bench --bench shell -- tools/       # only the tool-throughput cases (50 MB inputs)
//! ```
//!
//! Tool cases (`benches/cases/tools/`, `# input:` in the header) time one command over a
//! generated input of about 50 MB against the GNU tool on the host (see `common`); the inputs are
//! generated once per run. A `# streaming: yes` case is also run cold over a 5 MB version of its
//! input, and its peak RSS must not grow by more than `STREAM_GROWTH_LIMIT_KB` between the two.
//!
//! The cold runs use the release `sandsh` binary next to this bench executable
//! (`target/release/sandsh`; `cargo bench` builds it because the package's binary target is
//! built for benches), or `$SANDSH_BIN`; if neither exists the bench runs
//! `cargo build --release --bin sandsh` first.

mod common;

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Case, InputSize, Metric, Outcome};
use sandsh::{Kernel, KernelConfig};

/// How long to keep adding rounds to one case, and the bounds on the number of rounds.
struct Plan {
    quick: bool,
    check_only: bool,
    min_rounds: usize,
    max_rounds: usize,
    budget: Duration,
    filters: Vec<String>,
}

impl Plan {
    fn from_env() -> Plan {
        let quick = std::env::var_os("SANDSH_BENCH_QUICK").is_some_and(|v| v != "0");
        let mut check_only = false;
        let mut filters = Vec::new();
        for a in std::env::args().skip(1) {
            match a.as_str() {
                "--check" => check_only = true,
                // `cargo bench` passes `--bench`; other harness flags do not apply here.
                s if s.starts_with("--") => {}
                s => filters.push(s.to_string()),
            }
        }
        let (min_rounds, max_rounds, budget) = if quick {
            (2, 3, Duration::from_millis(150))
        } else {
            (5, 40, Duration::from_millis(1500))
        };
        Plan {
            quick,
            check_only,
            min_rounds,
            max_rounds,
            budget,
            filters,
        }
    }

    fn selects(&self, case: &Case) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| case.id.contains(f.as_str()))
    }

    fn is_full(&self) -> bool {
        !self.quick && !self.check_only && self.filters.is_empty()
    }
}

/// Median and spread of a set of samples.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    median: f64,
    /// Median absolute deviation, as a fraction of the median.
    mad_rel: f64,
}

impl Stats {
    fn of(samples: &[f64]) -> Stats {
        if samples.is_empty() {
            return Stats::default();
        }
        let median = median(samples);
        let dev: Vec<f64> = samples.iter().map(|s| (s - median).abs()).collect();
        let mad = median_of(dev);
        Stats {
            median,
            mad_rel: if median > 0.0 { mad / median } else { 0.0 },
        }
    }
}

fn median(samples: &[f64]) -> f64 {
    median_of(samples.to_vec())
}

fn median_of(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn geomean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in values {
        if v > 0.0 {
            sum += v.ln();
            n += 1;
        }
    }
    (n > 0).then(|| (sum / n as f64).exp())
}

/// One timed process run.
struct ProcSample {
    wall: Duration,
    cpu: Duration,
    max_rss_kb: u64,
    outcome: Outcome,
}

/// The first argument that turns this executable into the spawn helper.
const HELPER_FLAG: &str = "--sandsh-bench-spawn";

/// Runs `program -c script` through a fresh copy of this executable (the spawn helper), which
/// reaps it with `wait4` and reports its wall time, CPU time and peak RSS.
///
/// Why a helper: on Linux a child's `ru_maxrss` includes the resident set its parent had when
/// it forked (exec keeps the old address space's high-water mark), so spawning from this
/// process, which grows as in-process kernels run, would inflate every cold and bash RSS. The
/// helper is a just-started process of about 1–2 MB, below anything measured. Its own start-up
/// is outside the measured interval.
fn run_timed(program: &Path, script: &str, dir: &Path) -> Result<ProcSample, String> {
    run_timed_with(program, &[], script, dir)
}

/// `run_timed` with arguments before `-c` (sandsh's `--mount`).
fn run_timed_with(
    program: &Path,
    pre: &[String],
    script: &str,
    dir: &Path,
) -> Result<ProcSample, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .arg(HELPER_FLAG)
        .arg(program)
        .arg(dir)
        .arg(script)
        .args(pre)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("spawn helper: {e}"))?;
    let mut stdout = Vec::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_end(&mut stdout).map_err(|e| e.to_string())?;
    }
    let done = child.wait_with_output().map_err(|e| e.to_string())?;
    let report = String::from_utf8_lossy(&done.stderr);
    let nums: Vec<u64> = report
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    let [wall_ns, cpu_ns, max_rss_kb, exit_code] = nums[..] else {
        return Err(format!("spawn helper failed: {}", report.trim()));
    };
    Ok(ProcSample {
        wall: Duration::from_nanos(wall_ns),
        cpu: Duration::from_nanos(cpu_ns),
        max_rss_kb,
        outcome: Outcome {
            stdout,
            exit_code: exit_code as i32,
            stderr: Vec::new(),
        },
    })
}

/// The spawn helper: runs the program with this process's stdout, then prints
/// `wall_ns cpu_ns max_rss_kb exit_code` on stderr.
fn spawn_helper(args: &[String]) -> Result<(), String> {
    let [program, dir, script, pre @ ..] = args else {
        return Err("usage: --sandsh-bench-spawn PROGRAM DIR SCRIPT [ARG-BEFORE-C...]".into());
    };
    let start = Instant::now();
    let child = common::clean_command_with(Path::new(program), pre, script, Path::new(dir))
        .stdout(Stdio::inherit())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data; wait4 fills it for the child we spawned and own.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: valid pointers to locals; pid is our direct child, not yet reaped.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut ru) };
        if r == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if r == -1 && err.kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return Err(format!("wait4: {err}"));
    }
    let wall = start.elapsed();
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = tv(ru.ru_utime) + tv(ru.ru_stime);
    let exit_code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    eprintln!(
        "{} {} {} {exit_code}",
        wall.as_nanos(),
        cpu.as_nanos(),
        ru.ru_maxrss
    );
    Ok(())
}

struct Timings {
    inproc_us: Stats,
    cold_ms: Stats,
    bash_ms: Stats,
    cold_cpu_ms: Stats,
    bash_cpu_ms: Stats,
    cold_rss_kb: u64,
    bash_rss_kb: u64,
    rounds: usize,
    /// A streaming tool case's cold peak RSS over the 5 MB input (the 50 MB one is `cold_rss_kb`).
    small_rss_kb: Option<u64>,
}

/// How much a streaming command's peak RSS may grow from the 5 MB to the 50 MB input.
const STREAM_GROWTH_LIMIT_KB: u64 = 4096;

impl Timings {
    fn inproc_ratio(&self) -> f64 {
        self.inproc_us.median / 1000.0 / self.bash_ms.median
    }
    fn cold_ratio(&self) -> f64 {
        self.cold_ms.median / self.bash_ms.median
    }
    fn cpu_ratio(&self) -> f64 {
        if self.bash_cpu_ms.median > 0.0 {
            self.cold_cpu_ms.median / self.bash_cpu_ms.median
        } else {
            f64::NAN
        }
    }
}

struct CaseResult<'a> {
    case: &'a Case,
    result: Result<Timings, String>,
}

struct Env {
    sandsh: PathBuf,
    bash: PathBuf,
    scratch: common::Scratch,
    /// Where the generated inputs of tool cases live (inside `scratch`).
    data: PathBuf,
}

impl Env {
    /// The data directory, for a tool case.
    fn data_for(&self, case: &Case) -> Option<&Path> {
        case.input.as_ref().map(|_| self.data.as_path())
    }
}

fn fresh_kernel() -> Kernel {
    Kernel::new(KernelConfig::default())
}

fn kernel_for(env: &Env, case: &Case) -> Kernel {
    match env.data_for(case) {
        Some(d) => Kernel::new(common::kernel_config(Some(d))),
        None => fresh_kernel(),
    }
}

/// Runs `case` once each way and compares with bash; `Ok(expected)` when all agree.
fn verify(env: &Env, case: &Case, kernel: &mut Kernel) -> Result<Outcome, String> {
    let data = env.data_for(case);
    let script = case.script_in(data, InputSize::Large);
    match case.check_in(data, InputSize::Large) {
        // A tool case with a check script: the check runs all three ways; the timed script
        // (output to /dev/null) is compared with bash's on every timed run anyway.
        Some(check) => {
            verify_script(env, case, kernel, &check).map_err(|e| format!("check script: {e}"))?;
            common::run_process(&env.bash, &script, &env.scratch.0)
        }
        None => verify_script(env, case, kernel, &script),
    }
}

fn verify_script(
    env: &Env,
    case: &Case,
    kernel: &mut Kernel,
    script: &str,
) -> Result<Outcome, String> {
    let dir = &env.scratch.0;
    let pre = common::mount_args(env.data_for(case));
    let expected = common::run_process(&env.bash, script, dir)?;
    let mut errors = Vec::new();
    let inproc = common::run_inproc(kernel, script);
    if !inproc.matches(&expected) {
        errors.push(format!(
            "in-process: {}",
            common::describe_mismatch(&expected, &inproc)
        ));
    }
    let cold = common::run_process_with(&env.sandsh, &pre, script, dir)?;
    if !cold.matches(&expected) {
        let what = common::describe_mismatch(&expected, &cold);
        match errors.first_mut() {
            Some(e) if e.strip_prefix("in-process: ") == Some(what.as_str()) => {
                *e = format!("in-process and cold: {what}");
            }
            _ => errors.push(format!("cold: {what}")),
        }
    }
    if errors.is_empty() {
        Ok(expected)
    } else {
        Err(errors.join(" / "))
    }
}

fn measure(env: &Env, plan: &Plan, case: &Case) -> Result<Timings, String> {
    let dir = &env.scratch.0;
    let data = env.data_for(case);
    let script = case.script_in(data, InputSize::Large);
    let pre = common::mount_args(data);
    let mut kernel = kernel_for(env, case);
    // The verification run doubles as the discarded warm-up run of the in-process kernel.
    let expected = verify(env, case, &mut kernel)?;
    let (mut inproc, mut cold, mut bash) = (Vec::new(), Vec::new(), Vec::new());
    let (mut cold_cpu, mut bash_cpu, mut cold_rss, mut bash_rss) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let start = Instant::now();
    let mut rounds = 0;
    // A tool case runs for seconds a round: a fixed small number of rounds.
    let (min_rounds, max_rounds) = match case.input {
        Some(_) if plan.quick => (1, 1),
        Some(_) => (3, 3),
        None => (plan.min_rounds, plan.max_rounds),
    };
    while rounds < max_rounds && (rounds < min_rounds || start.elapsed() < plan.budget) {
        // Rotate the order so no way always runs right after another.
        for k in 0..3 {
            match (k + rounds) % 3 {
                0 => {
                    if case.fresh_kernel {
                        kernel = kernel_for(env, case);
                    }
                    let t = Instant::now();
                    let r = kernel.execute(&script);
                    inproc.push(t.elapsed().as_secs_f64() * 1e6);
                    let got = Outcome {
                        stdout: r.stdout,
                        exit_code: r.exit_code,
                        stderr: r.stderr,
                    };
                    if !got.matches(&expected) {
                        return Err(format!(
                            "in-process run {} on the same kernel differs (state left by earlier runs): {}",
                            rounds + 2,
                            common::describe_mismatch(&expected, &got)
                        ));
                    }
                }
                1 => {
                    let s = run_timed_with(&env.sandsh, &pre, &script, dir)?;
                    if !s.outcome.matches(&expected) {
                        return Err(format!("cold run {} differs from bash", rounds + 1));
                    }
                    cold.push(s.wall.as_secs_f64() * 1e3);
                    cold_cpu.push(s.cpu.as_secs_f64() * 1e3);
                    cold_rss.push(s.max_rss_kb as f64);
                }
                _ => {
                    let s = run_timed(&env.bash, &script, dir)?;
                    if !s.outcome.matches(&expected) {
                        return Err(format!(
                            "bash run {} differs from bash's first run (nondeterministic case)",
                            rounds + 1
                        ));
                    }
                    bash.push(s.wall.as_secs_f64() * 1e3);
                    bash_cpu.push(s.cpu.as_secs_f64() * 1e3);
                    bash_rss.push(s.max_rss_kb as f64);
                }
            }
        }
        rounds += 1;
    }
    Ok(Timings {
        inproc_us: Stats::of(&inproc),
        cold_ms: Stats::of(&cold),
        bash_ms: Stats::of(&bash),
        cold_cpu_ms: Stats::of(&cold_cpu),
        bash_cpu_ms: Stats::of(&bash_cpu),
        cold_rss_kb: median(&cold_rss) as u64,
        bash_rss_kb: median(&bash_rss) as u64,
        rounds,
        small_rss_kb: match case.streaming {
            true => Some(small_rss(env, case)?),
            false => None,
        },
    })
}

/// A streaming case's cold peak RSS over the 5 MB input (median of three runs).
fn small_rss(env: &Env, case: &Case) -> Result<u64, String> {
    let data = env.data_for(case);
    let script = case.script_in(data, InputSize::Small);
    let pre = common::mount_args(data);
    let mut v = Vec::new();
    for _ in 0..3 {
        let s = run_timed_with(&env.sandsh, &pre, &script, &env.scratch.0)?;
        if s.outcome.exit_code != 0 {
            return Err(format!("5 MB run exited {}", s.outcome.exit_code));
        }
        v.push(s.max_rss_kb as f64);
    }
    Ok(median(&v) as u64)
}

/// Memory flatness: the same loop at two sizes, cold (peak RSS from `wait4`) and in-process
/// (the bench process's RSS across repeated runs on one kernel).
struct Flatness {
    small_n: u64,
    large_n: u64,
    cold_small_kb: u64,
    cold_large_kb: u64,
    inproc_runs: usize,
    inproc_before_kb: u64,
    inproc_after_kb: u64,
    error: Option<String>,
}

const FLAT_LIMIT_KB: u64 = 1024;

fn flat_script(n: u64) -> String {
    format!(
        r#"f() {{ local x=$1; r=${{x}}y; }}
a=(1 2 3) s=
declare -A m=()
for ((i = 0; i < {n}; i++)); do
  f "$i"
  s="$i-$r"
  a[i % 3]=$i
  m[k$((i % 10))]=$i
  v=$(echo "$i")
  t=${{s//-/+}}
done
echo "$s ${{#m[@]}} $v $t""#
    )
}

fn flatness(env: &Env, quick: bool) -> Flatness {
    let (small_n, large_n) = if quick {
        (1_000, 10_000)
    } else {
        (10_000, 100_000)
    };
    let mut fl = Flatness {
        small_n,
        large_n,
        cold_small_kb: 0,
        cold_large_kb: 0,
        inproc_runs: if quick { 4 } else { 12 },
        inproc_before_kb: 0,
        inproc_after_kb: 0,
        error: None,
    };
    let dir = &env.scratch.0;
    let rss = |n: u64| -> Result<u64, String> {
        let script = flat_script(n);
        let want = format!("{}-{}y 10 {} {}+{}y\n", n - 1, n - 1, n - 1, n - 1, n - 1);
        let mut v = Vec::new();
        for _ in 0..3 {
            let s = run_timed(&env.sandsh, &script, dir)?;
            if s.outcome.stdout != want.as_bytes() {
                return Err(format!(
                    "flatness loop printed `{}`, expected `{}`",
                    String::from_utf8_lossy(&s.outcome.stdout).trim_end(),
                    want.trim_end()
                ));
            }
            v.push(s.max_rss_kb as f64);
        }
        Ok(median(&v) as u64)
    };
    match rss(small_n).and_then(|a| rss(large_n).map(|b| (a, b))) {
        Ok((a, b)) => (fl.cold_small_kb, fl.cold_large_kb) = (a, b),
        Err(e) => fl.error = Some(e),
    }
    let mut k = fresh_kernel();
    let script = flat_script(small_n);
    for i in 0..fl.inproc_runs {
        k.execute(&script);
        if i == 1 {
            fl.inproc_before_kb = self_rss_kb();
        }
    }
    fl.inproc_after_kb = self_rss_kb();
    fl
}

impl Flatness {
    fn cold_growth_kb(&self) -> i64 {
        self.cold_large_kb as i64 - self.cold_small_kb as i64
    }
    fn inproc_growth_kb(&self) -> i64 {
        self.inproc_after_kb as i64 - self.inproc_before_kb as i64
    }
    fn pass(&self) -> bool {
        self.error.is_none()
            && self.cold_growth_kb() <= FLAT_LIMIT_KB as i64
            && self.inproc_growth_kb() <= FLAT_LIMIT_KB as i64
    }
}

fn self_rss_kb() -> u64 {
    proc_field("/proc/self/status", "VmRSS:")
        .and_then(|v| v.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn proc_field(file: &str, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
}

fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .map(str::to_string)
        })
        .unwrap_or_else(|| "unknown".into())
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn machine(env: &Env) -> Vec<(&'static str, String)> {
    let cpu = proc_field("/proc/cpuinfo", "model name")
        .map(|v| v.trim_start_matches(':').trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let cores = std::thread::available_parallelism()
        .map(|n| n.get().to_string())
        .unwrap_or_else(|_| "?".into());
    let mem = proc_field("/proc/meminfo", "MemTotal:")
        .and_then(|v| {
            v.split_whitespace()
                .next()
                .and_then(|n| n.parse::<f64>().ok())
        })
        .map(|kb| format!("{:.1} GiB", kb / 1024.0 / 1024.0))
        .unwrap_or_else(|| "unknown".into());
    let os = proc_field("/etc/os-release", "PRETTY_NAME=")
        .map(|v| v.trim_matches('"').to_string())
        .unwrap_or_else(|| "unknown".into());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    let manifest = env!("CARGO_MANIFEST_DIR");
    let mut commit = command_line(
        "git",
        &["-C", manifest, "log", "-1", "--format=%h", "--", "src"],
    );
    let dirty = Command::new("git")
        .args(["-C", manifest, "status", "--porcelain", "--", "src"])
        .output()
        .map(|o| !o.stdout.is_empty())
        .unwrap_or(false);
    if dirty {
        commit.push_str(" (src modified)");
    }
    vec![
        ("Date", command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"])),
        ("CPU", format!("{cpu}, {cores} cores available")),
        ("Memory", mem),
        ("OS", format!("{os}, Linux {kernel}")),
        (
            "bash",
            command_line(&env.bash.to_string_lossy(), &["--version"]),
        ),
        ("rustc", command_line("rustc", &["--version"])),
        (
            "sandsh",
            format!("commit {commit}, {}", env.sandsh.display()),
        ),
    ]
}

fn find_sandsh() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("SANDSH_BIN") {
        return Ok(PathBuf::from(p));
    }
    if let Some(p) = option_env!("CARGO_BIN_EXE_sandsh") {
        let p = PathBuf::from(p);
        if p.exists() {
            return Ok(p);
        }
    }
    // target/release/deps/shell-HASH -> target/release/sandsh
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    if let Some(profile_dir) = exe.parent().and_then(Path::parent) {
        let p = profile_dir.join("sandsh");
        if p.exists() {
            return Ok(p);
        }
    }
    eprintln!("sandsh binary not found next to the bench; running cargo build --release");
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--bin", "sandsh"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/sandsh");
    if status.success() && p.exists() {
        Ok(p)
    } else {
        Err("could not build target/release/sandsh; set SANDSH_BIN".into())
    }
}

fn fmt_stat(s: &Stats, decimals: usize) -> String {
    format!(
        "{:.*} ±{:.0}%",
        decimals,
        s.median,
        (s.mad_rel * 100.0).round()
    )
}

fn fmt_ratio(r: f64) -> String {
    if !r.is_finite() {
        "–".into()
    } else if r < 0.01 {
        format!("{r:.4}")
    } else if r < 0.1 {
        format!("{r:.3}")
    } else {
        format!("{r:.2}")
    }
}

fn report(
    env: &Env,
    plan: &Plan,
    results: &[CaseResult],
    flat: Option<&Flatness>,
    load: (&str, &str),
    elapsed: Duration,
) -> String {
    let mut md = String::new();
    let w = &mut md;
    let _ = writeln!(w, "# sandsh benchmark results\n");
    let _ = writeln!(
        w,
        "Generated by `cargo bench --bench shell` ({}); do not edit by hand: \
         the profile notes at the end come from `benches/PROFILE.md`, the Python and Node \
         packages' figures from `benches/PYTHON.md` and `benches/NODE.md`.\n",
        if plan.is_full() {
            "full run".to_string()
        } else {
            format!(
                "partial run: quick={} filters={:?}",
                plan.quick, plan.filters
            )
        }
    );
    let _ = writeln!(
        w,
        "Each case runs three ways, interleaved round by round: **in-process** on a warm \
         `Kernel` (one kernel per case, its first run discarded), **cold** as a \
         `sandsh -c` process, and **bash** as `bash -c`, both processes with the same small \
         environment (`PATH`, `HOME`, `LC_ALL=C`). Times are medians ± the median absolute \
         deviation; ratios are sandsh / bash (below 1 means sandsh is faster). `CPU` is the \
         ratio of user+system time from `wait4` (less sensitive to load from other processes \
         than wall time). RSS is the cold process's peak resident set (`ru_maxrss`). Every \
         run's stdout and exit status are compared with bash's; a case whose output differs \
         is listed under Mismatches and left out of the ratios.\n"
    );
    let _ = writeln!(w, "## Machine\n");
    let _ = writeln!(w, "| | |\n|---|---|");
    for (k, v) in machine(env) {
        let _ = writeln!(w, "| {k} | {v} |");
    }
    let _ = writeln!(
        w,
        "| Load average | {} at start, {} at end (2 cores shared with other builds: \
         wall times are noisy, ratios less so) |",
        load.0, load.1
    );
    let floor = ["/usr/bin/true", "/bin/true"]
        .iter()
        .find(|p| Path::new(p).exists())
        .and_then(|p| run_timed(Path::new(p), "", &env.scratch.0).ok())
        .map(|s| format!("{} KB", s.max_rss_kb))
        .unwrap_or_else(|| "unknown".into());
    let _ = writeln!(
        w,
        "| RSS floor | {floor}: the peak RSS `wait4` reports for `/bin/true` spawned by the \
         bench's spawn helper (a child inherits its parent's high-water mark at exec); RSS values \
         near it are upper bounds |"
    );
    let _ = writeln!(
        w,
        "| Run | {} cases, {}–{} rounds each, {:.0} s in all |\n",
        results.len(),
        plan.min_rounds,
        plan.max_rounds,
        elapsed.as_secs_f64()
    );

    // Summary per category.
    let ok: Vec<(&Case, &Timings)> = results
        .iter()
        .filter_map(|r| r.result.as_ref().ok().map(|t| (r.case, t)))
        .collect();
    let mut cats: Vec<&str> = results.iter().map(|r| r.case.category.as_str()).collect();
    cats.dedup();
    let _ = writeln!(w, "## Summary\n");
    let _ = writeln!(
        w,
        "Geometric means of the per-case ratios (sandsh / bash; lower is better).\n"
    );
    let _ = writeln!(
        w,
        "| Category | Cases | In-process / bash | Cold / bash | Cold / bash CPU | Errors |"
    );
    let _ = writeln!(w, "|---|---:|---:|---:|---:|---:|");
    let row = |w: &mut String, title: &str, items: &[(&Case, &Timings)], errors: usize| {
        let gi = geomean(items.iter().map(|(_, t)| t.inproc_ratio()));
        let gc = geomean(items.iter().map(|(_, t)| t.cold_ratio()));
        let gu = geomean(items.iter().map(|(_, t)| t.cpu_ratio()));
        let f = |g: Option<f64>| g.map(fmt_ratio).unwrap_or_else(|| "–".into());
        let _ = writeln!(
            w,
            "| {title} | {} | {} | {} | {} | {errors} |",
            items.len(),
            f(gi),
            f(gc),
            f(gu)
        );
    };
    for cat in &cats {
        let items: Vec<_> = ok
            .iter()
            .copied()
            .filter(|(c, _)| c.category == *cat)
            .collect();
        let errors = results
            .iter()
            .filter(|r| r.case.category == *cat && r.result.is_err())
            .count();
        row(w, &common::category_title(cat), &items, errors);
    }
    // The shell cases compare scripts with bash; the tool cases compare one command with a GNU
    // binary: a different question, summarised in their own row above and not in the total.
    let shell_ok: Vec<_> = ok
        .iter()
        .copied()
        .filter(|(c, _)| c.input.is_none())
        .collect();
    let errors = results
        .iter()
        .filter(|r| r.result.is_err() && r.case.input.is_none())
        .count();
    row(w, "**All shell cases**", &shell_ok, errors);
    let _ = writeln!(w);

    // Targets.
    let _ = writeln!(w, "## Targets\n");
    let _ = writeln!(
        w,
        "| Target | Measured | Limit | Result | CPU-time ratio |\n|---|---:|---:|---|---:|"
    );
    for r in results {
        for t in &r.case.targets {
            let (what, measured) = match (t.metric, &r.result) {
                (Metric::Cold, Ok(tm)) => ("cold / bash", Some(tm.cold_ratio())),
                (Metric::InProc, Ok(tm)) => ("in-process / bash", Some(tm.inproc_ratio())),
                (Metric::RssMb, Ok(tm)) => {
                    ("cold peak RSS, MB", Some(tm.cold_rss_kb as f64 / 1024.0))
                }
                (Metric::Cold, Err(_)) => ("cold / bash", None),
                (Metric::InProc, Err(_)) => ("in-process / bash", None),
                (Metric::RssMb, Err(_)) => ("cold peak RSS, MB", None),
            };
            let cpu = match (t.metric, &r.result) {
                (Metric::Cold, Ok(tm)) => fmt_ratio(tm.cpu_ratio()),
                _ => String::new(),
            };
            let (m, verdict) = match measured {
                Some(v) => (fmt_ratio(v), if v <= t.max { "PASS" } else { "**MISS**" }),
                None => ("–".into(), "**ERROR** (mismatch)"),
            };
            let _ = writeln!(
                w,
                "| `{}` {} ({what}) | {m} | ≤ {} | {verdict} | {cpu} |",
                r.case.id, r.case.about, t.max
            );
        }
    }
    for r in results.iter().filter(|r| r.case.streaming) {
        match &r.result {
            Ok(Timings {
                small_rss_kb: Some(small),
                cold_rss_kb: large,
                ..
            }) => {
                let growth = *large as i64 - *small as i64;
                let _ = writeln!(
                    w,
                    "| `{}` streams: cold peak RSS over 5 MB vs 50 MB input | {small} → {large} KB ({growth:+} KB) | ≤ +{STREAM_GROWTH_LIMIT_KB} KB | {} | |",
                    r.case.id,
                    if growth <= STREAM_GROWTH_LIMIT_KB as i64 {
                        "PASS"
                    } else {
                        "**MISS**"
                    }
                );
            }
            _ => {
                let _ = writeln!(
                    w,
                    "| `{}` streams: cold peak RSS over 5 MB vs 50 MB input | – | ≤ +{STREAM_GROWTH_LIMIT_KB} KB | **ERROR** | |",
                    r.case.id
                );
            }
        }
    }
    if let Some(g) = geomean(shell_ok.iter().map(|(_, t)| t.inproc_ratio())) {
        let _ = writeln!(
            w,
            "| In-process per case vs `bash -c`, geometric mean over {} shell cases | {} | ≤ 0.05 | {} | |",
            shell_ok.len(),
            fmt_ratio(g),
            if g <= 0.05 { "PASS" } else { "**MISS**" }
        );
    }
    if let Some(fl) = flat {
        let verdict = if fl.pass() { "PASS" } else { "**MISS**" };
        match &fl.error {
            Some(e) => {
                let _ = writeln!(w, "| Memory flat over long loops | {e} | | **ERROR** | |");
            }
            None => {
                let _ = writeln!(
                    w,
                    "| Memory flat: cold peak RSS at {} vs {} iterations | {} → {} KB ({:+} KB) | ≤ +{FLAT_LIMIT_KB} KB | {verdict} | |",
                    fl.small_n,
                    fl.large_n,
                    fl.cold_small_kb,
                    fl.cold_large_kb,
                    fl.cold_growth_kb()
                );
                let _ = writeln!(
                    w,
                    "| Memory flat: bench RSS after run 2 vs run {} of the {}-iteration loop on one kernel | {} → {} KB ({:+} KB) | ≤ +{FLAT_LIMIT_KB} KB | {verdict} | |",
                    fl.inproc_runs,
                    fl.small_n,
                    fl.inproc_before_kb,
                    fl.inproc_after_kb,
                    fl.inproc_growth_kb()
                );
            }
        }
    }
    let _ = writeln!(
        w,
        "\nVerdicts use the wall-time medians. With the machine shared, a ratio within about \
         ±0.1 of its limit can flip between runs; the CPU-time ratio (user+system from `wait4`) \
         is the steadier second opinion.\n"
    );
    if flat.is_some() {
        let _ = writeln!(
            w,
            "The memory loop calls a function, builds a string, overwrites array and \
             associative-array elements, runs a `$(…)` and a `${{s//-/+}}` each iteration:\n\n\
             ```bash\n{}\n```\n",
            flat_script(100_000)
        );
    }

    // Mismatches.
    let _ = writeln!(w, "## Mismatches\n");
    let bad: Vec<&CaseResult> = results.iter().filter(|r| r.result.is_err()).collect();
    if bad.is_empty() {
        let _ = writeln!(
            w,
            "None: every case's output equals bash's, all three ways.\n"
        );
    } else {
        for r in bad {
            if let Err(e) = &r.result {
                let known = r
                    .case
                    .known_mismatch
                    .as_ref()
                    .map(|k| format!(" Known: {k}."))
                    .unwrap_or_default();
                let _ = writeln!(w, "- `{}` ({}): {e}.{known}", r.case.id, r.case.path_rel());
            }
        }
        let _ = writeln!(w);
    }

    // Per-category tables.
    let _ = writeln!(w, "## Cases\n");
    for cat in &cats {
        let _ = writeln!(w, "### {}\n", common::category_title(cat));
        let _ = writeln!(
            w,
            "| Case | In-process µs | Cold ms | bash ms | In-proc / bash | Cold / bash | CPU | Cold RSS KB | bash RSS KB | Runs |"
        );
        let _ = writeln!(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for r in results.iter().filter(|r| r.case.category == *cat) {
            match &r.result {
                Ok(t) => {
                    let _ = writeln!(
                        w,
                        "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                        r.case.name,
                        fmt_stat(&t.inproc_us, if t.inproc_us.median < 100.0 { 1 } else { 0 }),
                        fmt_stat(&t.cold_ms, if t.cold_ms.median < 100.0 { 2 } else { 0 }),
                        fmt_stat(&t.bash_ms, if t.bash_ms.median < 100.0 { 2 } else { 0 }),
                        fmt_ratio(t.inproc_ratio()),
                        fmt_ratio(t.cold_ratio()),
                        fmt_ratio(t.cpu_ratio()),
                        t.cold_rss_kb,
                        t.bash_rss_kb,
                        t.rounds
                    );
                }
                Err(_) => {
                    let _ = writeln!(w, "| `{}` | mismatch | | | | | | | | |", r.case.name);
                }
            }
        }
        let _ = writeln!(w);
        for r in results.iter().filter(|r| r.case.category == *cat) {
            match &r.case.input {
                Some(input) => {
                    let _ = writeln!(
                        w,
                        "- `{}`: {} (input `{input}`{}): `{}`",
                        r.case.name,
                        r.case.about,
                        if r.case.streaming { ", streaming" } else { "" },
                        timed_line(&r.case.script)
                    );
                }
                None => {
                    let _ = writeln!(
                        w,
                        "- `{}`: {} ({} iterations)",
                        r.case.name, r.case.about, r.case.iterations
                    );
                }
            }
        }
        let _ = writeln!(w);
        if results
            .iter()
            .any(|r| r.case.category == *cat && r.case.input.is_some())
        {
            let _ = writeln!(
                w,
                "Inputs, generated once per run (about 50 MB each unless said otherwise; the `@IN@` of a \
                 case's command), read by bash's GNU tools from the host and by sandsh through a \
                 read-only mount of the same directory:\n"
            );
            for (name, what) in common::INPUTS {
                let _ = writeln!(w, "- `{name}`: {what}");
            }
            let _ = writeln!(w);
        }
    }

    let notes = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/PROFILE.md");
    if let Ok(text) = std::fs::read_to_string(notes) {
        let _ = writeln!(w, "{}", text.trim_end());
    }
    // The Python and Node packages' figures (benches/python/run and benches/node/run write
    // them), python3 and node against the host's (benches/python3/run, benches/js/run) and the MCP server's load test (`cargo bench --bench mcp_load`) stay in the report.
    for package in [
        "benches/PYTHON.md",
        "benches/PYTHON3.md",
        "benches/JS.md",
        "benches/NODE.md",
        "benches/MCP.md",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(package);
        if let Ok(text) = std::fs::read_to_string(path) {
            let _ = writeln!(w, "\n{}", text.trim_end());
        }
    }
    md
}

/// The command a tool case times: its first line that is not a comment.
fn timed_line(script: &str) -> String {
    script
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap_or("")
        .replace('|', "\\|")
}

trait PathRel {
    fn path_rel(&self) -> String;
}

impl PathRel for Case {
    fn path_rel(&self) -> String {
        self.path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&self.path)
            .display()
            .to_string()
            .trim_start_matches('/')
            .to_string()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some(HELPER_FLAG) {
        if let Err(e) = spawn_helper(&args[2..]) {
            eprintln!("{e}");
            std::process::exit(2);
        }
        return;
    }
    if let Err(e) = run() {
        eprintln!("bench: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let plan = Plan::from_env();
    let bash = common::bash_path().ok_or("bash not found at /bin/bash or /usr/bin/bash")?;
    let scratch = common::Scratch::new("bench").map_err(|e| e.to_string())?;
    let data = scratch.0.join("data");
    let env = Env {
        sandsh: find_sandsh()?,
        bash,
        scratch,
        data,
    };
    let all = common::load_cases(&common::cases_dir())?;
    let cases: Vec<&Case> = all.iter().filter(|c| plan.selects(c)).collect();
    if cases.is_empty() {
        return Err(format!("no case matches {:?}", plan.filters));
    }
    if cases.iter().any(|c| c.input.is_some()) {
        let t = Instant::now();
        common::generate_inputs(
            &env.data,
            cases.iter().copied(),
            &[InputSize::Large, InputSize::Small],
        )?;
        eprintln!(
            "sandsh bench: generated tool inputs in {} ({:.1} s)",
            env.data.display(),
            t.elapsed().as_secs_f64()
        );
    }
    eprintln!(
        "sandsh bench: {} cases, sandsh = {}, bash = {}",
        cases.len(),
        env.sandsh.display(),
        env.bash.display()
    );

    if plan.check_only {
        let mut bad = 0;
        for c in &cases {
            match (verify(&env, c, &mut kernel_for(&env, c)), &c.known_mismatch) {
                (Err(e), None) => {
                    bad += 1;
                    println!("MISMATCH {}: {e}", c.id);
                }
                (Err(_), Some(why)) => println!("known mismatch {}: {why}", c.id),
                (Ok(_), Some(_)) => println!("now matches bash, drop known-mismatch: {}", c.id),
                (Ok(_), None) => {}
            }
        }
        println!("{} cases, {} mismatches", cases.len(), bad);
        if bad > 0 {
            std::process::exit(1);
        }
        return Ok(());
    }

    let load_start = loadavg();
    let started = Instant::now();
    let mut results = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let result = measure(&env, &plan, c);
        match &result {
            Ok(t) => eprintln!(
                "[{:>2}/{}] {:<40} in-proc {:>9.1} µs  cold {:>8.2} ms  bash {:>8.2} ms  in/bash {:>7}  cold/bash {:>5}  rss {} KB",
                i + 1,
                cases.len(),
                c.id,
                t.inproc_us.median,
                t.cold_ms.median,
                t.bash_ms.median,
                fmt_ratio(t.inproc_ratio()),
                fmt_ratio(t.cold_ratio()),
                t.cold_rss_kb
            ),
            Err(e) => eprintln!("[{:>2}/{}] {:<40} ERROR {e}", i + 1, cases.len(), c.id),
        }
        results.push(CaseResult { case: c, result });
    }
    // The flatness check belongs to the full picture; a filtered run skips it unless asked.
    let flat = (plan.filters.is_empty() || plan.filters.iter().any(|f| f == "memory"))
        .then(|| flatness(&env, plan.quick));
    let elapsed = started.elapsed();
    let load_end = loadavg();
    let md = report(
        &env,
        &plan,
        &results,
        flat.as_ref(),
        (&load_start, &load_end),
        elapsed,
    );
    let out = match std::env::var_os("SANDSH_BENCH_OUT") {
        Some(p) => PathBuf::from(p),
        None if plan.is_full() => Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/RESULTS.md"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sandsh-bench/RESULTS.md"),
    };
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    std::fs::write(&out, &md).map_err(|e| format!("{}: {e}", out.display()))?;
    // The summary and targets on stdout; the full report in the file.
    let summary: String = md
        .split("## Summary")
        .nth(1)
        .and_then(|s| s.split("## Cases").next())
        .unwrap_or("")
        .to_string();
    println!("## Summary{summary}");
    println!("report written to {}", out.display());
    Ok(())
}
