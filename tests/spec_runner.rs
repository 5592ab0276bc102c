//! Conformance runner for `tests/spec/*.test.sh` (Oils spec-test format).
//!
//! Every case runs in sandsh (in-process, one thread per case, 10 s timeout, panics caught) and in
//! `/bin/bash` (code on stdin, fresh temp cwd, 10 s timeout). A case passes in an engine when its
//! stdout and exit status match the file. Cases marked `## sandsh-gap: reason` must pass in bash;
//! in sandsh they are counted as skipped (and reported when they unexpectedly pass).
//!
//! Usage:
//!   cargo test --test spec                 # everything
//!   cargo test --test spec -- arith        # files or cases whose name contains `arith`
//!   SPEC_BASH_ONLY=1 cargo test --test spec    # validate the suite against bash only
//!   SPEC_SANDSH_ONLY=1 cargo test --test spec  # sandsh only
//!   SPEC_THREADLESS=1 cargo test --test spec -- pipeline  # sandsh without threads, as in the
//!                                                         # browser build (stages::without_threads)
//!
//! Exit status is non-zero when any case fails in either engine, or when sandsh gaps exceed 5% of
//! the cases run.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(10);
const WORKERS: usize = 4;
const BASH: &str = "/bin/bash";

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct Case {
    file: String,
    line: usize,
    name: String,
    code: String,
    stdout: Vec<u8>,
    status: i32,
    gap: Option<String>,
}

fn parse_json_string(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let inner = s
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("stdout-json must be a JSON string: {s}"))?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('/') => out.push('/'),
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let v = u32::from_str_radix(&hex, 16).map_err(|e| format!("bad \\u{hex}: {e}"))?;
                out.push(char::from_u32(v).ok_or_else(|| format!("bad code point {v}"))?);
            }
            other => return Err(format!("bad escape \\{other:?} in {s}")),
        }
    }
    Ok(out.into_bytes())
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = path
        .file_name()
        .unwrap()
        .to_string_lossy()
        .trim_end_matches(".test.sh")
        .to_string();
    let mut cases = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    // Skip the header (anything before the first `####`).
    while i < lines.len() && !lines[i].starts_with("####") {
        i += 1;
    }
    while i < lines.len() {
        let name = lines[i].trim_start_matches('#').trim().to_string();
        let line = i + 1;
        i += 1;
        let mut code = String::new();
        let mut stdout: Option<Vec<u8>> = None;
        let mut status = 0;
        let mut gap = None;
        let mut in_directives = false;
        while i < lines.len() && !lines[i].starts_with("####") {
            let l = lines[i];
            let err = |m: &str, i: usize| format!("{}:{}: {m}", path.display(), i + 1);
            if let Some(d) = l.strip_prefix("## ") {
                in_directives = true;
                let (key, val) = match d.find(':') {
                    Some(p) => (d[..p].trim(), d[p + 1..].trim_start()),
                    None => (d.trim(), ""),
                };
                match key {
                    "stdout" => stdout = Some(format!("{val}\n").into_bytes()),
                    "stdout-json" => stdout = Some(parse_json_string(val).map_err(|e| err(&e, i))?),
                    "STDOUT" => {
                        let mut buf = String::new();
                        i += 1;
                        while i < lines.len() && lines[i] != "## END" {
                            if lines[i].starts_with("####") {
                                return Err(err("STDOUT block without ## END", i));
                            }
                            buf.push_str(lines[i]);
                            buf.push('\n');
                            i += 1;
                        }
                        if i >= lines.len() {
                            return Err(err("STDOUT block without ## END", i));
                        }
                        stdout = Some(buf.into_bytes());
                    }
                    "status" => {
                        status = val.trim().parse().map_err(|_| err("bad status", i))?;
                    }
                    "sandsh-gap" => gap = Some(val.to_string()),
                    // Other Oils directives (stderr, N-I, OK, BUG, compare_shells...) are ignored.
                    _ => {}
                }
            } else if in_directives && !l.trim().is_empty() {
                return Err(err("code after assertions", i));
            } else if !in_directives {
                code.push_str(l);
                code.push('\n');
            }
            i += 1;
        }
        cases.push(Case {
            file: file.clone(),
            line,
            name,
            code,
            stdout: stdout.unwrap_or_default(),
            status,
            gap,
        });
    }
    Ok(cases)
}

// ---------------------------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
enum Outcome {
    Ran {
        stdout: Vec<u8>,
        stderr: Vec<u8>,
        status: i32,
    },
    Panic(String),
    Timeout,
    Error(String),
}

fn run_sandsh(code: &str) -> Outcome {
    let (tx, rx) = mpsc::channel();
    let code = code.to_string();
    let spawned = std::thread::Builder::new()
        .name("sandsh-case".into())
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let threadless =
                std::env::var("SPEC_THREADLESS").is_ok_and(|v| !v.is_empty() && v != "0");
            let r = std::panic::catch_unwind(move || {
                let run = || {
                    let mut k = sandsh::Kernel::new(sandsh::KernelConfig::default());
                    let r = k.execute(&code);
                    (r.stdout, r.stderr, r.exit_code)
                };
                if threadless {
                    sandsh::stages::without_threads(run)
                } else {
                    run()
                }
            });
            let _ = tx.send(match r {
                Ok((stdout, stderr, status)) => Outcome::Ran {
                    stdout,
                    stderr,
                    status,
                },
                Err(p) => {
                    let msg = if let Some(s) = p.downcast_ref::<&str>() {
                        s.to_string()
                    } else if let Some(s) = p.downcast_ref::<String>() {
                        s.clone()
                    } else {
                        "panic".to_string()
                    };
                    Outcome::Panic(msg)
                }
            });
        });
    if let Err(e) = spawned {
        return Outcome::Error(format!("spawn: {e}"));
    }
    match rx.recv_timeout(TIMEOUT) {
        Ok(o) => o,
        // The thread is leaked; the runner exits with process::exit at the end.
        Err(mpsc::RecvTimeoutError::Timeout) => Outcome::Timeout,
        Err(mpsc::RecvTimeoutError::Disconnected) => Outcome::Panic("thread died".into()),
    }
}

static TMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

fn kill_group(pid: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

fn run_bash(code: &str) -> Outcome {
    use std::os::unix::process::CommandExt;
    let n = TMP_COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("sandsh-spec-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return Outcome::Error(format!("mkdir {}: {e}", dir.display()));
    }
    let out = run_bash_in(code, &dir);
    // Make everything writable again so that removal cannot fail on chmod'ed files.
    let _ = Command::new("chmod")
        .args(["-R", "u+rwx"])
        .arg(&dir)
        .status();
    let _ = std::fs::remove_dir_all(&dir);
    return out;

    fn run_bash_in(code: &str, dir: &Path) -> Outcome {
        let child = Command::new(BASH)
            .current_dir(dir)
            .env_clear()
            .env(
                "PATH",
                "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            )
            .env("LC_ALL", "C.UTF-8")
            .env("HOME", dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => return Outcome::Error(format!("spawn bash: {e}")),
        };
        let pid = child.id();
        let start = Instant::now();
        let mut stdin = child.stdin.take().unwrap();
        let code_bytes = code.as_bytes().to_vec();
        // Write stdin from a thread: bash reads the script incrementally.
        std::thread::spawn(move || {
            let _ = stdin.write_all(&code_bytes);
        });
        let (tx, rx) = mpsc::channel::<(bool, Vec<u8>)>();
        let mut out_pipe = child.stdout.take().unwrap();
        let mut err_pipe = child.stderr.take().unwrap();
        let tx2 = tx.clone();
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = out_pipe.read_to_end(&mut b);
            let _ = tx.send((true, b));
        });
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = err_pipe.read_to_end(&mut b);
            let _ = tx2.send((false, b));
        });
        let mut status = None;
        loop {
            match child.try_wait() {
                Ok(Some(s)) => {
                    status = Some(s);
                    break;
                }
                Ok(None) => {}
                Err(e) => return Outcome::Error(format!("wait: {e}")),
            }
            if start.elapsed() > TIMEOUT {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let Some(status) = status else {
            kill_group(pid);
            let _ = child.wait();
            return Outcome::Timeout;
        };
        // Collect both pipes; leftover background processes may keep them open.
        let (mut stdout, mut stderr) = (None, None);
        while stdout.is_none() || stderr.is_none() {
            let left = TIMEOUT.saturating_sub(start.elapsed());
            match rx.recv_timeout(left) {
                Ok((true, b)) => stdout = Some(b),
                Ok((false, b)) => stderr = Some(b),
                Err(_) => {
                    kill_group(pid);
                    return Outcome::Timeout;
                }
            }
        }
        // Leftover background jobs of this case: do not let them outlive it.
        kill_group(pid);
        use std::os::unix::process::ExitStatusExt;
        let code = match status.code() {
            Some(c) => c,
            None => 128 + status.signal().unwrap_or(0),
        };
        Outcome::Ran {
            stdout: stdout.unwrap(),
            stderr: stderr.unwrap(),
            status: code,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

fn show(b: &[u8]) -> String {
    let s = String::from_utf8_lossy(b);
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

fn split_lines(b: &[u8]) -> Vec<String> {
    if b.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<String> = b.split(|&c| c == b'\n').map(show).collect();
    if b.ends_with(b"\n") {
        v.pop();
    } else if let Some(l) = v.last_mut() {
        l.push_str("⏎(no newline at end)");
    }
    v
}

/// A short diff: common prefix elided, then up to a few differing lines on each side.
fn diff(expected: &[u8], got: &[u8]) -> String {
    const MAX: usize = 6;
    let e = split_lines(expected);
    let g = split_lines(got);
    let mut first = 0;
    while first < e.len() && first < g.len() && e[first] == g[first] {
        first += 1;
    }
    let mut out = String::new();
    if first > 0 {
        out.push_str(&format!("      ({first} matching line(s))\n"));
    }
    for (sign, v) in [("-", &e), ("+", &g)] {
        for l in v.iter().skip(first).take(MAX) {
            out.push_str(&format!("      {sign} {l}\n"));
        }
        if v.len() > first + MAX {
            out.push_str(&format!(
                "      {sign} ... ({} more)\n",
                v.len() - first - MAX
            ));
        }
    }
    if e.len() == g.len() && first == e.len() {
        // Only the trailing newline differs.
        out.push_str(&format!(
            "      expected {:?}\n      got      {:?}\n",
            String::from_utf8_lossy(expected),
            String::from_utf8_lossy(got)
        ));
    }
    out
}

/// None when the outcome matches, Some(report) otherwise.
fn check(case: &Case, o: &Outcome) -> Option<String> {
    match o {
        Outcome::Ran {
            stdout,
            stderr,
            status,
        } => {
            if *stdout == case.stdout && *status == case.status {
                return None;
            }
            let mut r = String::new();
            if *stdout != case.stdout {
                r.push_str("    stdout (- expected, + got):\n");
                r.push_str(&diff(&case.stdout, stdout));
            }
            if *status != case.status {
                r.push_str(&format!(
                    "    status: expected {}, got {}\n",
                    case.status, status
                ));
            }
            let err = split_lines(stderr);
            if !err.is_empty() {
                r.push_str("    stderr:\n");
                for l in err.iter().take(3) {
                    r.push_str(&format!("      | {l}\n"));
                }
            }
            Some(r)
        }
        Outcome::Panic(m) => Some(format!("    PANIC: {}\n", m.lines().next().unwrap_or(""))),
        Outcome::Timeout => Some(format!("    TIMEOUT after {}s\n", TIMEOUT.as_secs())),
        Outcome::Error(m) => Some(format!("    ERROR: {m}\n")),
    }
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    unexpected_pass: usize,
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let bash_only = std::env::var("SPEC_BASH_ONLY").is_ok_and(|v| !v.is_empty() && v != "0");
    let sandsh_only = std::env::var("SPEC_SANDSH_ONLY").is_ok_and(|v| !v.is_empty() && v != "0");
    let run_bash_engine = !sandsh_only && Path::new(BASH).exists();
    let run_sandsh_engine = !bash_only;
    if !sandsh_only && !run_bash_engine {
        println!("note: {BASH} not found, bash oracle skipped");
    }

    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/spec");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".test.sh"))
        .collect();
    files.sort();

    let mut cases = Vec::new();
    let mut parse_errors = 0;
    for f in &files {
        match parse_file(f) {
            Ok(cs) => cases.extend(cs),
            Err(e) => {
                println!("PARSE ERROR {e}");
                parse_errors += 1;
            }
        }
    }
    if let Some(f) = &filter {
        cases.retain(|c| c.file.contains(f.as_str()) || c.name.contains(f.as_str()));
    }
    let cases = Arc::new(cases);
    let n = cases.len();

    // Silence the default panic message: sandsh panics are reported per case.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let in_case = std::thread::current().name() == Some("sandsh-case");
        if !in_case {
            default_hook(info);
        }
    }));

    type Res = (Option<Outcome>, Option<Outcome>);
    let results: Arc<Mutex<Vec<Res>>> = Arc::new(Mutex::new(vec![(None, None); n]));
    let next = Arc::new(AtomicUsize::new(0));
    let mut handles = Vec::new();
    for _ in 0..WORKERS {
        let (cases, results, next) = (cases.clone(), results.clone(), next.clone());
        handles.push(std::thread::spawn(move || {
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cases.len() {
                    break;
                }
                let c = &cases[i];
                let s = run_sandsh_engine.then(|| run_sandsh(&c.code));
                let b = run_bash_engine.then(|| run_bash(&c.code));
                results.lock().unwrap()[i] = (s, b);
            }
        }));
    }
    for h in handles {
        let _ = h.join();
    }
    let results = results.lock().unwrap().clone();

    let (mut st, mut bt) = (Tally::default(), Tally::default());
    let mut unexpected = Vec::new();
    // Per-file sandsh tally: (file, passed, gaps, total), in file order.
    let mut per_file: Vec<(String, usize, usize, usize)> = Vec::new();
    for (c, (s, b)) in cases.iter().zip(results.iter()) {
        let loc = format!("{}.test.sh:{} {}", c.file, c.line, c.name);
        if let Some(b) = b {
            match check(c, b) {
                None => bt.passed += 1,
                Some(r) => {
                    bt.failed += 1;
                    println!("FAIL [bash] {loc}\n{r}");
                }
            }
        }
        if let Some(s) = s {
            if per_file.last().is_none_or(|f| f.0 != c.file) {
                per_file.push((c.file.clone(), 0, 0, 0));
            }
            let pf = per_file.last_mut().unwrap();
            pf.3 += 1;
            if c.gap.is_some() {
                pf.2 += 1;
            }
            match (check(c, s), &c.gap) {
                (None, None) => {
                    st.passed += 1;
                    pf.1 += 1;
                }
                (None, Some(_)) => {
                    st.skipped += 1;
                    st.unexpected_pass += 1;
                    unexpected.push(loc);
                }
                (Some(_), Some(_)) => st.skipped += 1,
                (Some(r), None) => {
                    st.failed += 1;
                    println!("FAIL [sandsh] {loc}\n{r}");
                }
            }
        }
    }
    for u in &unexpected {
        println!("GAP UNEXPECTEDLY PASSES [sandsh] {u}");
    }
    if !per_file.is_empty() {
        println!("\nsandsh per file (passed/total, gaps):");
        for (f, p, g, t) in &per_file {
            println!("  {f:<28} {p:>4}/{t:<4} {g:>3} gaps");
        }
    }
    println!();
    if run_bash_engine {
        println!(
            "bash:   {} passed, {} failed ({} cases)",
            bt.passed, bt.failed, n
        );
    }
    if run_sandsh_engine {
        println!(
            "sandsh: {} passed, {} failed, {} gaps ({} unexpectedly pass) ({} cases)",
            st.passed, st.failed, st.skipped, st.unexpected_pass, n
        );
    }
    let main = if run_sandsh_engine { &st } else { &bt };
    println!(
        "{} passed, {} failed, {} skipped",
        main.passed, main.failed, main.skipped
    );

    let too_many_gaps = run_sandsh_engine && n > 0 && st.skipped * 100 > n * 5;
    if too_many_gaps {
        println!(
            "too many sandsh gaps: {} of {} cases (limit 5%)",
            st.skipped, n
        );
    }
    let bad = parse_errors > 0 || st.failed > 0 || bt.failed > 0 || too_many_gaps;
    let _ = std::io::stdout().flush();
    std::process::exit(if bad { 1 } else { 0 });
}
