//! A small in-memory [`ToolCtx`] for command unit tests: a [`MemoryFs`] with the default tree,
//! byte-buffer stdio, a fixed clock and a fixed environment, so a test states its input and
//! checks exactly what a command wrote.

use std::any::Any;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sandsh_api::{Arg, Command, CommandRegistry, ExitStatus, ToolCtx, Value};
use sandsh_vfs::{KernelBackend, MemoryFs, WriteMode};

use crate::Registry;

/// Test double: stdin from a byte buffer, stdout/stderr captured.
pub struct TestCtx {
    pub backend: Arc<dyn KernelBackend>,
    pub cwd: PathBuf,
    pub stdin: std::io::Cursor<Vec<u8>>,
    pub out: Vec<u8>,
    pub err: Vec<u8>,
    pub env: Vec<(String, Vec<u8>)>,
    pub registry: Registry,
    pub now: SystemTime,
}

/// The output of `seq N`: the lines 1 to `n`.
pub fn seq(n: u32) -> Vec<u8> {
    (1..=n)
        .map(|i| format!("{i}\n"))
        .collect::<String>()
        .into_bytes()
}

impl TestCtx {
    pub fn new() -> TestCtx {
        TestCtx {
            backend: Arc::new(MemoryFs::with_default_tree("user")),
            cwd: PathBuf::from("/home/user"),
            stdin: std::io::Cursor::new(Vec::new()),
            out: Vec::new(),
            err: Vec::new(),
            env: vec![
                ("HOME".into(), b"/home/user".to_vec()),
                ("USER".into(), b"user".to_vec()),
            ],
            registry: Registry::standard(),
            now: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        }
    }

    pub fn with_stdin(mut self, data: &[u8]) -> TestCtx {
        self.stdin = std::io::Cursor::new(data.to_vec());
        self
    }

    /// Create a file (relative to the cwd) with `data`.
    pub fn file(self, path: &str, data: &[u8]) -> TestCtx {
        let p = self.resolve_path(path);
        let _ = self.backend.write(&p, data, WriteMode::Truncate, 0o644);
        self
    }

    /// The tree the link-resolving commands (`readlink`, `realpath`) are tested on, in the
    /// home directory: a file `f`, a directory `d`, links `l` → `f` and `dl` → `d`, a dangling
    /// `dang` → `nothere`, and a loop `loop1` ↔ `loop2`.
    pub fn link_tree() -> TestCtx {
        let ctx = TestCtx::new().file("f", b"x");
        let b = &ctx.backend;
        let _ = b.mkdir(Path::new("/home/user/d"), 0o755, false);
        for (target, link) in [
            ("f", "l"),
            ("d", "dl"),
            ("nothere", "dang"),
            ("loop2", "loop1"),
            ("loop1", "loop2"),
        ] {
            let _ = b.symlink(Path::new(target), &Path::new("/home/user").join(link));
        }
        ctx
    }

    pub fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.backend.read(&self.resolve_path(path), None).ok()
    }

    pub fn exists(&self, path: &str) -> bool {
        self.backend.lstat(&self.resolve_path(path)).is_ok()
    }

    pub fn out_str(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }

    pub fn err_str(&self) -> String {
        String::from_utf8_lossy(&self.err).into_owned()
    }
}

/// Run `cmd` with string arguments; returns (status, stdout, stderr).
pub fn run(cmd: &dyn Command, args: &[&str], ctx: &mut TestCtx) -> ExitStatus {
    let args: Vec<Arg> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    cmd.run(&args, ctx)
}

/// Run with stdin; returns (status, stdout, stderr).
pub fn run_in(cmd: &dyn Command, args: &[&str], stdin: &str) -> (ExitStatus, String, String) {
    let mut ctx = TestCtx::new().with_stdin(stdin.as_bytes());
    let s = run(cmd, args, &mut ctx);
    (s, ctx.out_str(), ctx.err_str())
}

/// Run on two files `a` and `b` (contents given) named after `args`, as the two-input
/// commands (comm, join) take them; returns (status, stdout, stderr).
pub fn run_on_pair(
    cmd: &dyn Command,
    args: &[&str],
    a: &str,
    b: &str,
) -> (ExitStatus, String, String) {
    let mut ctx = TestCtx::new()
        .file("a", a.as_bytes())
        .file("b", b.as_bytes());
    let mut v = args.to_vec();
    v.extend(["a", "b"]);
    let s = run(cmd, &v, &mut ctx);
    (s, ctx.out_str(), ctx.err_str())
}

/// One case of [`check_pairs`]: the options, the two files, and the stdout wanted.
pub type PairCase<'a> = (&'a [&'a str], &'a str, &'a str, &'a str);

/// Runs `cmd` on each case's two files (as [`run_on_pair`]) and checks its stdout.
pub fn check_pairs(cmd: &dyn Command, cases: &[PairCase]) {
    for &(args, a, b, want) in cases {
        assert_eq!(
            run_on_pair(cmd, args, a, b).1,
            want,
            "{args:?} on {a:?} and {b:?}"
        );
    }
}

impl ToolCtx for TestCtx {
    fn backend(&self) -> &Arc<dyn KernelBackend> {
        &self.backend
    }
    fn cwd(&self) -> &Path {
        &self.cwd
    }
    fn resolve_path(&self, path: &str) -> PathBuf {
        sandsh_vfs::normalize(&self.cwd, Path::new(path))
    }
    fn var(&self, name: &str) -> Option<Value> {
        self.env
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| Value::Bytes(v.clone()))
    }
    fn set_var(&mut self, name: &str, value: Value) {
        self.env.retain(|(k, _)| k != name);
        self.env.push((name.to_string(), value.to_bytes()));
    }
    fn set_output_format(&mut self, _format: sandsh_api::OutputFormat) {}
    fn stdin(&mut self) -> &mut dyn Read {
        &mut self.stdin
    }
    fn stdout(&mut self) -> &mut dyn Write {
        &mut self.out
    }
    fn stderr(&mut self) -> &mut dyn Write {
        &mut self.err
    }
    fn is_cancelled(&self) -> bool {
        false
    }
    fn call(&mut self, name: &str, args: &[Arg]) -> ExitStatus {
        match self.registry.get(name) {
            Some(c) => c.run(args, self),
            None => 127,
        }
    }
    fn registry(&self) -> &dyn CommandRegistry {
        &self.registry
    }
    fn env(&self) -> Vec<(String, Vec<u8>)> {
        self.env.clone()
    }
    fn now(&self) -> SystemTime {
        self.now
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
