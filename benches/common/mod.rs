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
//!                               the bench still reports it, `tests/it/bench_cases.rs` tolerates it
//! # about: one line             shown in the report
//! # input: text                 optional: a tool case over a generated input (see `INPUTS`)
//! # streaming: yes              optional, with `input`: peak RSS must not grow with the input
//! # check: sort @IN@ | cksum    optional, with `input`: a script whose output is compared
//! ```
//!
//! A tool case (`# input:`) measures one GNU-compatible command over a generated file of about
//! 50 MB against the GNU tool on the host. The inputs are generated once per run into a data
//! directory; `@IN@` in the script stands for the case's input file, `@DATA@` for the
//! directory and `@SIZE@` for the size tag of the run's inputs (`50M`, `5M`, `256K`: another
//! input of the same size is `@DATA@/NAME-@SIZE@`). bash reads them from the host; sandsh sees the same directory mounted read-only at
//! the same absolute path, so both sides read the same bytes from the page cache and the timing
//! measures the command, not a generator. The timed script sends its output to `/dev/null`; the
//! `check` script (run once, both sides) compares a digest of the real output. grep cases are the
//! exception: GNU grep stops at the first match when its stdout is `/dev/null`, so their output
//! goes to the bench's pipe (both sides alike) and is compared on every run.
//!
//! Scripts use shell builtins only (so `bash -c` never leaves bash's process except to fork),
//! write files only under relative paths (bash runs them in a scratch directory, sandsh in its
//! virtual filesystem), and reset every variable they use, so running one twice on the same
//! kernel gives the same output.

#![allow(dead_code)] // each user of this module uses a different part of it

mod inputs;

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
    (
        "tools",
        "Tool throughput over generated 50 MB inputs (GNU tools on the bash side)",
    ),
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
    /// A tool case: the generated input it reads (`INPUTS`).
    pub input: Option<String>,
    /// A streaming tool case: its peak RSS must not grow with the input size.
    pub streaming: bool,
    /// A tool case's correctness script (the timed one writes to /dev/null).
    pub check: Option<String>,
}

impl Case {
    /// The script with `@IN@` and `@DATA@` replaced for the data directory and input size.
    pub fn script_in(&self, data: Option<&Path>, size: InputSize) -> String {
        instantiate(&self.script, self.input.as_deref(), data, size)
    }

    /// The check script, instantiated the same way.
    pub fn check_in(&self, data: Option<&Path>, size: InputSize) -> Option<String> {
        self.check
            .as_deref()
            .map(|c| instantiate(c, self.input.as_deref(), data, size))
    }
}

fn instantiate(script: &str, input: Option<&str>, data: Option<&Path>, size: InputSize) -> String {
    let (Some(input), Some(data)) = (input, data) else {
        return script.to_string();
    };
    let file = data.join(input_file_name(input, size));
    script
        .replace("@IN@", &file.to_string_lossy())
        .replace("@DATA@", &data.to_string_lossy())
        .replace("@SIZE@", size.tag())
}

// ---------------------------------------------------------------------------------------------
// Generated inputs for tool cases
// ---------------------------------------------------------------------------------------------

/// The generated inputs: name and what it holds.
pub const INPUTS: &[(&str, &str)] = &[
    (
        "text",
        "lines of 3–14 words from a 2,000-word vocabulary, some capitalised, with numbers",
    ),
    (
        "prose",
        "the `text` input at a tenth of the size (5 MB), for the cases where GNU's tool itself \
         takes seconds a run (back-references, gzip -6, word counts)",
    ),
    ("csv", "comma-separated records: id,name,city,amount,score"),
    ("sorted", "sorted lines with runs of duplicates (for uniq)"),
    ("nums", "one integer per line, some negative"),
    ("binary", "pseudo-random bytes"),
    ("b64", "base64 of pseudo-random bytes, 76-column lines"),
    (
        "log",
        "20 MB of application log lines: ISO time, level, service, client IP, user email, \
         request, status, bytes, duration, message words",
    ),
    (
        "logb",
        "the `log` input with about one line in 2,000 changed, deleted or inserted (for diff; \
         generating it also writes `log`, at `@DATA@/log-@SIZE@`)",
    ),
    (
        "table",
        "20 MB of CSV with a header: date,host,region,size (human: 12K, 3.4M),version (1.12.3),\
         status,latency,user",
    ),
    (
        "json",
        "a JSON array of about 20 MB, one object a line: id, user, email, city, level, ms, \
         amount, ok, tags",
    ),
    (
        "tree",
        "a directory tree of about 4,000 small files (logs, CSV, JSON, notes) in 3 levels, \
         with fixed mtimes and a `ref` file for -newer (400 files at 5 MB, 40 in `cargo test`)",
    ),
];

/// Which size of a generated input a run uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputSize {
    /// About 50 MB: the timed runs.
    Large,
    /// About 5 MB: the other point of the RSS-growth check.
    Small,
    /// About 256 KB: correctness checks in `cargo test`.
    Tiny,
}

impl InputSize {
    pub fn bytes(self) -> usize {
        match self {
            InputSize::Large => 50 << 20,
            InputSize::Small => 5 << 20,
            InputSize::Tiny => 256 << 10,
        }
    }
    fn tag(self) -> &'static str {
        match self {
            InputSize::Large => "50M",
            InputSize::Small => "5M",
            InputSize::Tiny => "256K",
        }
    }
}

pub fn input_file_name(input: &str, size: InputSize) -> String {
    format!("{input}-{}", size.tag())
}

/// xorshift64*: deterministic, fast, good enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn vocabulary(rng: &mut Rng) -> Vec<Vec<u8>> {
    const SYL: &[&str] = &[
        "ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "an", "el", "or", "us", "be", "da", "fi",
        "go", "ha", "ju", "pe", "qu", "wy", "xe", "zo", "ch", "st",
    ];
    (0..2000)
        .map(|_| {
            let n = 1 + rng.below(4);
            let mut w = Vec::new();
            for _ in 0..n {
                w.extend_from_slice(SYL[rng.below(SYL.len() as u64) as usize].as_bytes());
            }
            w
        })
        .collect()
}

/// Writes one generated input of about `size` bytes (always whole lines for text inputs).
pub fn generate_input(input: &str, size: InputSize, path: &Path) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(done) = inputs::generate(input, size, path) {
        return done;
    }
    let (input, target) = match input {
        "prose" => ("text", size.bytes() / 10),
        other => (other, size.bytes()),
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ input.len() as u64);
    let vocab = vocabulary(&mut rng);
    let mut out = Vec::with_capacity(target + 256);
    let word = |rng: &mut Rng| -> &[u8] {
        // Zipf-ish: small indices far more often, so there are frequent and rare words.
        let r = rng.below(vocab.len() as u64);
        let i = (r * r / vocab.len() as u64) as usize;
        &vocab[i]
    };
    const CITIES: &[&str] = &[
        "Paris", "Oslo", "Lima", "Quito", "Accra", "Hanoi", "Perth", "Cork", "Riga", "Bern",
    ];
    match input {
        "text" => {
            while out.len() < target {
                let n = 3 + rng.below(12);
                for i in 0..n {
                    if i > 0 {
                        out.push(b' ');
                    }
                    match rng.below(10) {
                        0 => {
                            let _ = write!(out, "{}", rng.below(100_000));
                        }
                        1 => {
                            let w = word(&mut rng);
                            out.push(w[0].to_ascii_uppercase());
                            out.extend_from_slice(&w[1..]);
                        }
                        _ => out.extend_from_slice(word(&mut rng)),
                    }
                }
                out.push(b'\n');
            }
        }
        "csv" => {
            let mut id = 0u64;
            while out.len() < target {
                id += 1;
                let _ = writeln!(
                    out,
                    "{id},{},{},{}.{:02},{}",
                    String::from_utf8_lossy(word(&mut rng)),
                    CITIES[rng.below(CITIES.len() as u64) as usize],
                    rng.below(10_000),
                    rng.below(100),
                    rng.below(1000) as i64 - 500
                );
            }
        }
        "sorted" => {
            let mut lines: Vec<Vec<u8>> = Vec::new();
            let mut total = 0;
            while total < target {
                let mut l = Vec::new();
                for i in 0..(1 + rng.below(3)) {
                    if i > 0 {
                        l.push(b' ');
                    }
                    l.extend_from_slice(word(&mut rng));
                }
                l.push(b'\n');
                total += l.len();
                lines.push(l);
            }
            lines.sort();
            out = lines.concat();
        }
        "nums" => {
            while out.len() < target {
                let v = rng.below(2_000_000_000) as i64 - 1_000_000_000;
                let _ = writeln!(out, "{}", v >> rng.below(30));
            }
        }
        "binary" => {
            while out.len() < target {
                out.extend_from_slice(&rng.next().to_le_bytes());
            }
        }
        "b64" => {
            const ALPHA: &[u8] =
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            // 57 random bytes encode to one 76-column line.
            while out.len() < target {
                for _ in 0..19 {
                    let v = rng.next();
                    for k in 0..4 {
                        out.push(ALPHA[((v >> (6 * k)) & 63) as usize]);
                    }
                }
                out.push(b'\n');
            }
        }
        other => {
            return Err(std::io::Error::other(format!(
                "unknown bench input '{other}'"
            )));
        }
    }
    std::fs::write(path, out)
}

/// Generates every input the given cases use at the given sizes into `dir`.
pub fn generate_inputs<'a>(
    dir: &Path,
    cases: impl IntoIterator<Item = &'a Case>,
    sizes: &[InputSize],
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<&str> = cases
        .into_iter()
        .filter_map(|c| c.input.as_deref())
        .collect();
    names.sort();
    names.dedup();
    if !names.is_empty() {
        // Patterns for `grep -F -f`: 200 words of the vocabulary, frequent and rare.
        let path = dir.join("patterns");
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let vocab = vocabulary(&mut rng);
        let mut pats = Vec::new();
        for w in vocab.iter().skip(300).step_by(8).take(200) {
            pats.extend_from_slice(w);
            pats.push(b'\n');
        }
        std::fs::write(&path, pats).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    for name in names {
        for &size in sizes {
            let path = dir.join(input_file_name(name, size));
            if !path.exists() {
                generate_input(name, size, &path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

/// The kernel configuration of a tool case run in-process: the data directory mounted
/// read-only at its own host path.
pub fn kernel_config(data: Option<&Path>) -> sandsh::KernelConfig {
    let config = sandsh::KernelConfig::default();
    match data {
        Some(d) => config.mount(d, d, sandsh::vfs::MountMode::ReadOnly),
        None => config,
    }
}

/// The extra `sandsh` arguments that mount the data directory for a cold run.
pub fn mount_args(data: Option<&Path>) -> Vec<String> {
    data.map(|d| {
        vec![
            "--mount".to_string(),
            format!("{}:{}:ro", d.display(), d.display()),
        ]
    })
    .unwrap_or_default()
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
        input: None,
        streaming: false,
        check: None,
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
            "input" => {
                if !INPUTS.iter().any(|(n, _)| *n == value) {
                    return Err(bad(line));
                }
                case.input = Some(value.to_string());
            }
            "streaming" => case.streaming = value == "yes",
            "check" => case.check = Some(value.to_string()),
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
    clean_command_with(program, &[], script, dir)
}

/// `clean_command` with arguments before `-c` (sandsh's `--mount`).
pub fn clean_command_with(program: &Path, pre: &[String], script: &str, dir: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.args(pre)
        .arg("-c")
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
    run_process_with(program, &[], script, dir)
}

pub fn run_process_with(
    program: &Path,
    pre: &[String],
    script: &str,
    dir: &Path,
) -> Result<Outcome, String> {
    let out = clean_command_with(program, pre, script, dir)
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
