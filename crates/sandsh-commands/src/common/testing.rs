//! What command unit tests run on: [`TestCtx`], sandsh-api's [`BufferCtx`] with the standard
//! commands (an in-memory tree, byte-buffer stdio, a fixed clock and environment), so a test
//! states its input and checks exactly what a command wrote; and helpers that run a command on
//! it.

use std::path::Path;
use std::sync::Arc;

use sandsh_api::{Arg, BufferCtx, Command, CommandRegistry, ExitStatus};

use crate::Registry;

/// The context command tests run in: `TestCtx::new()`, then `.file(…)`, `.with_stdin(…)`.
pub type TestCtx = BufferCtx<Standard>;

/// The standard commands, for the commands that run others (`xargs`, `find -exec`, `env`).
#[derive(Clone)]
pub struct Standard(Registry);

impl Default for Standard {
    fn default() -> Standard {
        Standard(Registry::standard())
    }
}

impl CommandRegistry for Standard {
    fn get(&self, name: &str) -> Option<Arc<dyn Command>> {
        self.0.get(name)
    }
    fn names(&self) -> Vec<String> {
        CommandRegistry::names(&self.0)
    }
    fn commands(&self) -> Vec<Arc<dyn Command>> {
        self.0.commands()
    }
}

/// The output of `seq N`: the lines 1 to `n`.
pub fn seq(n: u32) -> Vec<u8> {
    (1..=n)
        .map(|i| format!("{i}\n"))
        .collect::<String>()
        .into_bytes()
}

/// The tree the link-resolving commands (`readlink`, `realpath`) are tested on, in the home
/// directory: a file `f`, a directory `d`, links `l` → `f` and `dl` → `d`, a dangling `dang` →
/// `nothere`, and a loop `loop1` ↔ `loop2`.
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
