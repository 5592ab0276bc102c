//! Benchmark cases as data, shared by the `shell` bench and the `bench_cases` correctness test.
//!
//! A case is a self-contained bash script in `benches/cases/<category>/<name>.sh` whose stdout is
//! deterministic. Adding a file adds a case: a later command family drops its scripts into a new
//! category folder and both the bench and the test pick them up. The script opens with a few
//! comment lines:
//!
//! ```text
//! # iterations: 100000          how much work the script does (informational)
//! # target: cold <= 0.7         optional, repeatable: cold|inproc ratio vs bash, or rss_mb
//! # kernel: fresh               optional: a new Kernel for every in-process run
//! # known-mismatch: reason      optional: sandsh's output is known to differ (a bug to fix);
//!                               the bench still reports it, `tests/bench_cases.rs` tolerates it
//! # about: one line             shown in the report
//! ```
//!
//! Scripts use shell builtins only (so `bash -c` never leaves bash's process except to fork),
//! write files only under relative paths (bash runs them in a scratch directory, sandsh in its
//! virtual filesystem), and reset every variable they use, so running one twice on the same
//! kernel gives the same output.

#![allow(dead_code)] // each user of this module uses a different part of it

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Category folders in report order; unknown folders follow, sorted.
pub const CATEGORY_ORDER: &[(&str, &str)] = &[
    ("startup", "Startup"),
    ("variables", "Variables and parameter expansion"),
    ("arithmetic", "Arithmetic"),
    ("control", "Control flow"),
    ("functions", "Functions and recursion"),
    ("strings", "Strings"),
    ("arrays", "Arrays and associative arrays"),
    ("subshells", "Subshells and command substitution"),
    ("pipelines", "Pipelines and redirections"),
    ("heredocs", "Here-documents and here-strings"),
    ("scripts", "Realistic scripts"),
];

/// What a target compares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Metric {
    /// Cold `sandsh -c` wall time / `bash -c` wall time.
    Cold,
    /// In-process warm-kernel time / `bash -c` wall time.
    InProc,
    /// Peak RSS of the cold process, in MiB.
    RssMb,
}

#[derive(Clone, Debug)]
pub struct Target {
    pub metric: Metric,
    pub max: f64,
}

#[derive(Clone, Debug)]
pub struct Case {
    /// `category/name`, what the filter matches.
    pub id: String,
    pub category: String,
    pub name: String,
    pub path: PathBuf,
    pub script: String,
    pub iterations: u64,
    pub about: String,
    pub targets: Vec<Target>,
    pub fresh_kernel: bool,
    /// Why sandsh's output is known to differ from bash's, if it does.
    pub known_mismatch: Option<String>,
}

pub fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/cases")
}

/// Position of a category in the report.
pub fn category_rank(cat: &str) -> usize {
    CATEGORY_ORDER
        .iter()
        .position(|(c, _)| *c == cat)
        .unwrap_or(CATEGORY_ORDER.len())
}

pub fn category_title(cat: &str) -> String {
    CATEGORY_ORDER
        .iter()
        .find(|(c, _)| *c == cat)
        .map(|(_, t)| t.to_string())
        .unwrap_or_else(|| cat.to_string())
}

/// Every case under `dir`, in report order.
pub fn load_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let cats = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for cat in cats {
        let cat = cat.map_err(|e| e.to_string())?;
        if !cat.path().is_dir() {
            continue;
        }
        let category = cat.file_name().to_string_lossy().into_owned();
        for f in std::fs::read_dir(cat.path()).map_err(|e| e.to_string())? {
            let path = f.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|e| e == "sh") {
                cases.push(parse_case(&category, &path)?);
            }
        }
    }
    cases.sort_by(|a, b| {
        (category_rank(&a.category), &a.category, &a.name).cmp(&(
            category_rank(&b.category),
            &b.category,
            &b.name,
        ))
    });
    Ok(cases)
}

fn parse_case(category: &str, path: &Path) -> Result<Case, String> {
    let script = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut case = Case {
        id: format!("{category}/{name}"),
        category: category.to_string(),
        name,
        path: path.to_path_buf(),
        script: String::new(),
        iterations: 1,
        about: String::new(),
        targets: Vec::new(),
        fresh_kernel: false,
        known_mismatch: None,
    };
    let bad = |what: &str| format!("{}: bad header line '{what}'", path.display());
    for line in script.lines() {
        let Some(rest) = line.strip_prefix('#') else {
            break;
        };
        let Some((key, value)) = rest.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "iterations" => case.iterations = value.parse().map_err(|_| bad(line))?,
            "about" => case.about = value.to_string(),
            "kernel" => case.fresh_kernel = value == "fresh",
            "known-mismatch" => case.known_mismatch = Some(value.to_string()),
            "target" => {
                let mut parts = value.split_whitespace();
                let metric = match parts.next() {
                    Some("cold") => Metric::Cold,
                    Some("inproc") => Metric::InProc,
                    Some("rss_mb") => Metric::RssMb,
                    _ => return Err(bad(line)),
                };
                if parts.next() != Some("<=") {
                    return Err(bad(line));
                }
                let max = parts
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| bad(line))?;
                case.targets.push(Target { metric, max });
            }
            _ => {}
        }
    }
    case.script = script;
    Ok(case)
}

/// The interpreter bash runs as the reference.
pub fn bash_path() -> Option<PathBuf> {
    ["/bin/bash", "/usr/bin/bash"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// A command with the same small, fixed environment for bash and cold sandsh, run in `dir`, so
/// neither side pays for (or depends on) the caller's environment.
pub fn clean_command(program: &Path, script: &str, dir: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.arg("-c")
        .arg(script)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", dir)
        .env("LC_ALL", "C")
        .current_dir(dir)
        .stdin(Stdio::null());
    cmd
}

/// Stdout and exit status of one run, with stderr for diagnostics.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub exit_code: i32,
    pub stderr: Vec<u8>,
}

impl Outcome {
    /// Same observable result (stderr is informational: messages differ in their prefix).
    pub fn matches(&self, other: &Outcome) -> bool {
        self.stdout == other.stdout && self.exit_code == other.exit_code
    }
}

pub fn run_process(program: &Path, script: &str, dir: &Path) -> Result<Outcome, String> {
    let out = clean_command(program, script, dir)
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    Ok(Outcome {
        stdout: out.stdout,
        exit_code: exit_code(out.status),
        stderr: out.stderr,
    })
}

fn exit_code(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0))
}

pub fn run_inproc(kernel: &mut sandsh::Kernel, script: &str) -> Outcome {
    let r = kernel.execute(script);
    Outcome {
        stdout: r.stdout,
        exit_code: r.exit_code,
        stderr: r.stderr,
    }
}

/// A short description of how `got` differs from `want`: the first differing stdout line, or
/// the exit codes, plus the first stderr line of `got`.
pub fn describe_mismatch(want: &Outcome, got: &Outcome) -> String {
    let w = String::from_utf8_lossy(&want.stdout);
    let g = String::from_utf8_lossy(&got.stdout);
    let mut msg = String::new();
    if want.stdout != got.stdout {
        let (wl, gl): (Vec<&str>, Vec<&str>) = (w.lines().collect(), g.lines().collect());
        let i = (0..wl.len().max(gl.len()))
            .find(|&i| wl.get(i) != gl.get(i))
            .unwrap_or(0);
        msg.push_str(&format!(
            "stdout line {}: bash `{}`, sandsh `{}`",
            i + 1,
            clip(wl.get(i).copied().unwrap_or("<none>")),
            clip(gl.get(i).copied().unwrap_or("<none>"))
        ));
    }
    if want.exit_code != got.exit_code {
        if !msg.is_empty() {
            msg.push_str("; ");
        }
        msg.push_str(&format!(
            "exit {} (bash) vs {} (sandsh)",
            want.exit_code, got.exit_code
        ));
    }
    let err = String::from_utf8_lossy(&got.stderr);
    if let Some(first) = err.lines().next() {
        msg.push_str(&format!("; sandsh stderr: `{}`", clip(first)));
    }
    msg
}

fn clip(s: &str) -> String {
    let s = s.replace('`', "'");
    if s.chars().count() > 80 {
        format!("{}…", s.chars().take(80).collect::<String>())
    } else {
        s
    }
}

/// A scratch directory removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> std::io::Result<Scratch> {
        let dir = std::env::temp_dir().join(format!("sandsh-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
