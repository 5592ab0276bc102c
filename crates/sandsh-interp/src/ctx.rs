//! The [`ToolCtx`] implementation commands run with: a view of the shell plus buffered stdio.

use sandsh_runtime::os_str::OsStrExt;
use std::any::Any;
use std::io::{self as stdio, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use sandsh_api::hooks::{CommandCall, CommandEnd, CommandHooks, CommandRefused, Refuser, Verdict};
use sandsh_api::{
    Arg, CallOutput, Command, CommandRegistry, ExitStatus, OutputFormat, PatientGuard, ToolCtx,
    Value,
};
use sandsh_vfs::KernelBackend;

use super::Shell;
use super::io::{self, Fd};
use super::vars;

/// `Read` over a descriptor (EOF when closed).
pub struct FdReader(pub Option<Fd>);

impl Read for FdReader {
    fn read(&mut self, buf: &mut [u8]) -> stdio::Result<usize> {
        match &self.0 {
            Some(f) => f.read(buf),
            None => Err(super::io::bad_fd()),
        }
    }
}

/// A command's standard input, counting the bytes it reads (its trace's and hooks' figure).
struct StdinReader {
    fd: FdReader,
    read: u64,
}

impl Read for StdinReader {
    fn read(&mut self, buf: &mut [u8]) -> stdio::Result<usize> {
        let n = self.fd.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// A directory of a mount held open for a command's walk ([`ToolCtx::open_input_dir`]): its
/// files open on the handle and read as a descriptor opened by path would.
struct HeldDir {
    backend: Arc<dyn KernelBackend>,
    dir: PathBuf,
    handle: Box<dyn sandsh_vfs::DirReader>,
    max_depth: usize,
}

impl sandsh_api::InputDir for HeldDir {
    fn open(&self, name: &[u8]) -> Option<Box<dyn Read + Send>> {
        let path = self.dir.join(std::ffi::OsStr::from_bytes(name));
        // Deeper than the shell opens: the caller's open by path reports it.
        if path.components().count() > self.max_depth {
            return None;
        }
        let reader = self.handle.open_reader(name).ok().flatten()?;
        let fd = io::VfsFile::reader(self.backend.clone(), path, reader);
        Some(Box::new(FdReader(Some(fd))))
    }
}

/// `Write` over a descriptor; remembers a broken pipe.
pub struct FdWriter {
    fd: Option<Fd>,
    pub broken: bool,
    /// Bytes written (what `after_command` hooks hear).
    written: u64,
}

impl Write for FdWriter {
    fn write(&mut self, buf: &[u8]) -> stdio::Result<usize> {
        match &self.fd {
            Some(f) => match f.write(buf) {
                Err(e) if e.kind() == stdio::ErrorKind::BrokenPipe => {
                    self.broken = true;
                    Err(e)
                }
                r => {
                    if let Ok(n) = &r {
                        self.written += *n as u64;
                    }
                    r
                }
            },
            None => Err(super::io::bad_fd()),
        }
    }
    fn flush(&mut self) -> stdio::Result<()> {
        Ok(())
    }
}

/// stderr that flushes stdout first so interleaving is preserved.
pub struct ErrWriter {
    fd: Option<Fd>,
    written: u64,
}

impl Write for ErrWriter {
    fn write(&mut self, buf: &[u8]) -> stdio::Result<usize> {
        let r = match &self.fd {
            Some(f) => f.write(buf),
            None => Ok(buf.len()),
        };
        if let Ok(n) = &r {
            self.written += *n as u64;
        }
        r
    }
    fn flush(&mut self) -> stdio::Result<()> {
        Ok(())
    }
}

/// The context a command runs with: the shell it runs in, its stdio and output format.
///
/// Built only in this module, and its fields are private: [`ToolCtx::as_any`] hands the
/// context out with its lifetime erased (`CmdCtx<'static>`, since `Any` needs `'static`), which
/// is sound only because nothing reached through it can outlive the borrow it came from.
pub struct CmdCtx<'a> {
    sh: &'a mut Shell,
    stdin: StdinReader,
    stdout: BufWriter<FdWriter>,
    stderr: ErrWriter,
    /// Where stderr goes once the run is cancelled: a command stopped by a timeout or a cancel
    /// ends quietly, as a killed process does, instead of reporting "cancelled" read errors.
    quiet: stdio::Sink,
    format: OutputFormat,
    /// Where the command was found (`_` in its environment).
    path: Option<String>,
}

impl<'a> CmdCtx<'a> {
    fn new(sh: &'a mut Shell) -> CmdCtx<'a> {
        let stdin = StdinReader {
            fd: FdReader(sh.fds.get(0).cloned()),
            read: 0,
        };
        let stdout = BufWriter::with_capacity(
            8192,
            FdWriter {
                fd: sh.fds.get(1).cloned(),
                broken: false,
                written: 0,
            },
        );
        let stderr = ErrWriter {
            fd: sh.fds.get(2).cloned(),
            written: 0,
        };
        let path = sh.command_path.take();
        CmdCtx {
            sh,
            stdin,
            stdout,
            stderr,
            quiet: stdio::sink(),
            format: OutputFormat::Text,
            path,
        }
    }

    /// Flush stdout: whether the reader had gone (broken pipe), and the bytes written to
    /// stdout and stderr.
    /// Whether stdout was broken, and the bytes read from stdin and written to stdout and
    /// stderr.
    fn finish(mut self) -> (bool, [u64; 3]) {
        let _ = self.stdout.flush();
        let out = self.stdout.get_ref();
        (
            out.broken,
            [self.stdin.read, out.written, self.stderr.written],
        )
    }
}

impl ToolCtx for CmdCtx<'_> {
    fn backend(&self) -> &Arc<dyn KernelBackend> {
        &self.sh.env.backend
    }
    fn cwd(&self) -> &Path {
        &self.sh.cwd
    }
    fn resolve_path(&self, path: &str) -> PathBuf {
        self.sh.resolve(path)
    }
    fn var(&self, name: &str) -> Option<Value> {
        let v = self.sh.vars.get(name)?;
        Some(match v.value.as_ref()? {
            vars::Value::Str(s) => match String::from_utf8(s.clone()) {
                Ok(s) => Value::Str(s),
                Err(e) => Value::Bytes(e.into_bytes()),
            },
            vars::Value::Indexed(m) => Value::List(
                m.values()
                    .map(|b| Value::Str(String::from_utf8_lossy(b).into_owned()))
                    .collect(),
            ),
            vars::Value::Assoc(m) => Value::Map(
                m.entries()
                    .into_iter()
                    .map(|(k, v)| {
                        (
                            String::from_utf8_lossy(k).into_owned(),
                            Value::Str(String::from_utf8_lossy(v).into_owned()),
                        )
                    })
                    .collect(),
            ),
        })
    }
    fn set_var(&mut self, name: &str, value: Value) {
        let _ = match value {
            Value::List(items) => self.sh.vars.set_value(
                name,
                vars::Value::Indexed(
                    items
                        .iter()
                        .enumerate()
                        .map(|(i, v)| (i as i64, v.to_bytes()))
                        .collect(),
                ),
            ),
            other => self.sh.vars.set_str(name, other.to_bytes()),
        };
    }
    fn set_output_format(&mut self, format: OutputFormat) {
        self.format = format;
    }
    fn output_format(&self) -> OutputFormat {
        self.format
    }
    fn patient(&self, budget: Duration) -> PatientGuard {
        match &self.sh.env.patience {
            Some(p) => p(budget),
            None => PatientGuard::inert(),
        }
    }
    fn stdin(&mut self) -> &mut dyn Read {
        &mut self.stdin
    }
    fn stdout(&mut self) -> &mut dyn Write {
        &mut self.stdout
    }
    fn stderr(&mut self) -> &mut dyn Write {
        if self.sh.is_cancelled() {
            return &mut self.quiet;
        }
        let _ = self.stdout.flush();
        &mut self.stderr
    }
    fn is_cancelled(&self) -> bool {
        self.sh.is_cancelled()
    }
    fn processes(&self) -> Vec<sandsh_api::ProcessInfo> {
        self.sh.processes()
    }
    fn stdin_path(&self) -> Option<PathBuf> {
        self.sh.fds.get(0)?.file_path().map(Path::to_path_buf)
    }
    fn stdout_path(&self) -> Option<PathBuf> {
        self.sh.fds.get(1)?.file_path().map(Path::to_path_buf)
    }
    fn call(&mut self, name: &str, args: &[Arg]) -> ExitStatus {
        let _ = self.stdout.flush();
        let mut argv = vec![name.as_bytes().to_vec()];
        argv.extend(args.iter().cloned());
        match self.sh.run_command_argv(&argv) {
            Ok(s) => s,
            Err(super::Flow::Exit(s)) | Err(super::Flow::Return(s)) => s,
            Err(_) => 1,
        }
    }
    fn call_captured(&mut self, name: &str, args: &[Arg], stdin: Option<&[u8]>) -> CallOutput {
        let _ = self.stdout.flush();
        let mut argv = vec![name.as_bytes().to_vec()];
        argv.extend(args.iter().cloned());
        let capture = |env: &Arc<super::Env>| {
            let e = env.clone();
            io::Capture::strict(
                env.limits.max_output_bytes,
                &env.memory,
                Box::new(move || {
                    e.trip(super::LimitExceeded {
                        what: "output bytes",
                        flag: "--max-output-bytes",
                        value: e.limits.max_output_bytes as u64,
                    })
                }),
            )
        };
        let (out, err) = (capture(&self.sh.env), capture(&self.sh.env));
        let saved = self.sh.fds.clone();
        self.sh.fds.set(1, Some(out.clone() as io::Fd));
        self.sh.fds.set(2, Some(err.clone() as io::Fd));
        if let Some(input) = stdin {
            self.sh.fds.set(0, Some(io::MemReader::new(input.to_vec())));
        }
        let status = match self.sh.run_command_argv(&argv) {
            Ok(s) => s,
            Err(super::Flow::Exit(s)) | Err(super::Flow::Return(s)) => s,
            Err(_) => 1,
        };
        self.sh.fds = saved;
        CallOutput {
            stdout: out.take(),
            stderr: err.take(),
            status,
        }
    }
    fn call_with_env(&mut self, name: &str, args: &[Arg], env: &[(String, Vec<u8>)]) -> ExitStatus {
        let _ = self.stdout.flush();
        let mut argv = vec![name.as_bytes().to_vec()];
        argv.extend(args.iter().cloned());
        let sh = &mut *self.sh;
        let current = sh.vars.exported();
        sh.vars.push_temp_scope();
        sh.temp_scopes += 1;
        for (k, _) in &current {
            if !env.iter().any(|(n, _)| n == k) {
                let v = sh.vars.declare_top(k);
                v.value = None;
                v.attrs = vars::Attrs::ENV_HIDDEN;
            }
        }
        for (k, v) in env {
            let var = sh.vars.declare_top(k);
            var.value = Some(vars::Value::Str(v.clone()));
            var.attrs = vars::Attrs::EXPORT;
        }
        sh.explicit_env = true;
        let r = sh.run_command_argv(&argv);
        sh.explicit_env = false;
        sh.temp_scopes -= 1;
        sh.vars.pop_scope();
        match r {
            Ok(s) => s,
            Err(super::Flow::Exit(s)) | Err(super::Flow::Return(s)) => s,
            Err(_) => 1,
        }
    }
    fn umask(&self) -> u32 {
        self.sh.umask
    }
    fn network(&self) -> Option<Arc<sandsh_api::net::Net>> {
        self.sh.env.network.clone()
    }
    fn memory(&self) -> Arc<sandsh_runtime::budget::MemoryBudget> {
        self.sh.env.memory.clone()
    }
    fn ask(&mut self, prompt: &str) -> Option<String> {
        let _ = self.stdout.flush();
        let hook = self.sh.env.ask.lock().ok().and_then(|h| h.clone());
        hook.and_then(|h| h(prompt))
    }
    fn registry(&self) -> &dyn CommandRegistry {
        &*self.sh.env.registry
    }
    /// The exported variables in bash's order, then `_`: the path the command was run by, as
    /// bash sets it for a program it runs.
    fn env(&self) -> Vec<(String, Vec<u8>)> {
        let mut env = self.sh.vars.exported();
        if let Some(p) = &self.path {
            env.retain(|(k, _)| k != "_");
            env.push(("_".to_string(), p.clone().into_bytes()));
        }
        env
    }
    fn env_var(&self, name: &str) -> Option<Vec<u8>> {
        if name == "_"
            && let Some(p) = &self.path
        {
            return Some(p.clone().into_bytes());
        }
        self.sh.vars.exported_value(name).map(<[u8]>::to_vec)
    }
    fn now(&self) -> SystemTime {
        (self.sh.env.clock)()
    }
    fn open_read(&mut self, path: &str) -> stdio::Result<Box<dyn Read + Send>> {
        match self.sh.open_path(path, super::redirect::OpenMode::Read) {
            Ok(fd) => Ok(Box::new(FdReader(Some(fd)))),
            Err(msg) => Err(open_error(&msg)),
        }
    }
    fn open_input(&mut self, path: &str) -> stdio::Result<Box<dyn Read + Send>> {
        match self
            .sh
            .open_path_as(path, super::redirect::OpenMode::Read, true)
        {
            Ok(fd) => Ok(Box::new(FdReader(Some(fd)))),
            Err(msg) if msg.ends_with(": Is a directory") => {
                Err(stdio::ErrorKind::IsADirectory.into())
            }
            Err(msg) => Err(open_error(&msg)),
        }
    }
    fn open_input_dir(&mut self, path: &str) -> Option<Box<dyn sandsh_api::InputDir>> {
        let dir = self.sh.resolve(path);
        let handle = self.sh.env.backend.open_dir(&dir).ok().flatten()?;
        Some(Box::new(HeldDir {
            backend: self.sh.env.backend.clone(),
            dir,
            handle,
            max_depth: self.sh.env.limits.max_path_depth,
        }))
    }
    fn open_write(&mut self, path: &str, append: bool) -> stdio::Result<Box<dyn Write + Send>> {
        use super::redirect::OpenMode;
        // What the command wrote to its stdout so far comes first, as with an OS descriptor.
        let _ = self.stdout.flush();
        let mode = if append {
            OpenMode::Append
        } else {
            OpenMode::Write { clobber: true }
        };
        match self.sh.open_path(path, mode) {
            Ok(fd) => Ok(Box::new(FdWriter {
                fd: Some(fd),
                broken: false,
                written: 0,
            })),
            Err(msg) => Err(open_error(&msg)),
        }
    }
    /// The context itself, as `CmdCtx<'static>`. Commands in this crate never downcast.
    fn as_any(&self) -> &dyn Any {
        // SAFETY: `CmdCtx<'a>` and `CmdCtx<'static>` differ only in the lifetime of the shell
        // borrow, so they have the same layout. The returned reference lives no longer than
        // `&self`; every field is private to this module and every method returns borrows
        // of `self`, so nothing reached through the erased type outlives `'a`.
        unsafe { &*(self as *const CmdCtx<'_>).cast::<CmdCtx<'static>>() }
    }
    /// Mutable counterpart to [`ToolCtx::as_any`].
    fn as_any_mut(&mut self) -> &mut dyn Any {
        // SAFETY: as in `as_any`. With `&mut` access one could swap in another
        // `CmdCtx<'static>`, but contexts are only constructed in this module, which never
        // makes one outlive its shell borrow, so there is none to swap with.
        unsafe { &mut *(self as *mut CmdCtx<'_>).cast::<CmdCtx<'static>>() }
    }
}

/// An `open_path` message (`PATH: REASON`) as an io error of the matching kind.
fn open_error(msg: &str) -> stdio::Error {
    let reason = msg.rsplit(": ").next().unwrap_or("").to_string();
    let kind = if reason == "No such file or directory" {
        stdio::ErrorKind::NotFound
    } else if reason == "Permission denied" {
        stdio::ErrorKind::PermissionDenied
    } else {
        stdio::ErrorKind::Other
    };
    stdio::Error::new(kind, reason)
}

impl Shell {
    /// Run a registered command with this shell's descriptors: the policy first, then the
    /// session's hooks (`sandsh_api::hooks`), if it has any.
    pub fn run_registered(&mut self, cmd: &Arc<dyn Command>, args: &[Vec<u8>]) -> i32 {
        let hooks = self.env.hooks.get().cloned();
        if let Some(refusal) = self.policy_refusal(cmd, args) {
            let name = cmd.spec().name;
            return self.refuse(hooks.as_deref(), name, args, Refuser::Policy, refusal);
        }
        match hooks {
            None => self.run_counted(cmd, args).0,
            Some(hooks) => self.run_hooked(&*hooks, cmd, args),
        }
    }

    /// A command refused: its message to stderr, the hooks told, its status.
    fn refuse(
        &mut self,
        hooks: Option<&dyn CommandHooks>,
        name: &str,
        args: &[Vec<u8>],
        by: Refuser,
        (status, message): (i32, String),
    ) -> i32 {
        self.write_fd(2, message.as_bytes());
        if let Some(hooks) = hooks {
            hooks.refused(&CommandRefused {
                name,
                args,
                cwd: &self.cwd,
                by,
                status,
                message: &message,
            });
        }
        status
    }

    /// A registered command under the session's hooks: asked about first (run it, refuse it,
    /// or run another argv, which the policy judges and the hooks are not asked about again),
    /// told of after.
    fn run_hooked(
        &mut self,
        hooks: &dyn CommandHooks,
        cmd: &Arc<dyn Command>,
        args: &[Vec<u8>],
    ) -> i32 {
        let risk = match self.env.policy.get() {
            Some(state) => state.risk_of(cmd.spec(), args, &self.cwd),
            None => super::policy::invocation_risk(cmd.spec(), args, &self.cwd, &[]),
        };
        let verdict = hooks.before_command(&CommandCall {
            name: cmd.spec().name,
            args,
            cwd: &self.cwd,
            risk,
            cancel: &self.cancel,
        });
        let (cmd, args): (Arc<dyn Command>, Vec<Vec<u8>>) = match verdict {
            Verdict::Run => (cmd.clone(), args.to_vec()),
            Verdict::Deny {
                mut message,
                status,
            } => {
                if !message.ends_with('\n') {
                    message.push('\n');
                }
                let name = cmd.spec().name;
                return self.refuse(Some(hooks), name, args, Refuser::Hook, (status, message));
            }
            Verdict::Argv(argv) => {
                let Some((name, rest)) = argv.split_first() else {
                    return 0;
                };
                let name = String::from_utf8_lossy(name).into_owned();
                let Some(other) = self.env.registry.get(&name) else {
                    let message = format!("sandsh: {name}: command not found\n");
                    return self.refuse(Some(hooks), &name, rest, Refuser::Hook, (127, message));
                };
                if let Some(refusal) = self.policy_refusal(&other, rest) {
                    let name = other.spec().name;
                    return self.refuse(Some(hooks), name, rest, Refuser::Policy, refusal);
                }
                (other, rest.to_vec())
            }
        };
        let start = sandsh_runtime::time::Instant::now();
        let (status, [stdin_bytes, stdout_bytes, stderr_bytes]) = self.run_counted(&cmd, &args);
        hooks.after_command(&CommandEnd {
            name: cmd.spec().name,
            args: &args,
            cwd: &self.cwd,
            status,
            duration: start.elapsed(),
            stdin_bytes,
            stdout_bytes,
            stderr_bytes,
            cancel: &self.cancel,
        });
        status
    }

    /// Run it: its status, and the bytes it read from stdin and wrote to stdout and stderr.
    fn run_counted(&mut self, cmd: &Arc<dyn Command>, args: &[Vec<u8>]) -> (i32, [u64; 3]) {
        if args
            .iter()
            .take_while(|a| *a != b"--")
            .any(|a| a == b"--help")
        {
            let page = sandsh_api::doc::render_help(cmd.spec());
            let status = match self.out(page.as_bytes()) {
                Ok(()) => 0,
                Err(_) => 141,
            };
            return (status, [0, page.len() as u64, 0]);
        }
        // `CMD --version`: the GNU tool's first line, from the one version table.
        if args.first().is_some_and(|a| a == b"--version")
            && let Some(text) = sandsh_api::version::text(cmd.spec().name)
        {
            let status = match self.out(text.as_bytes()) {
                Ok(()) => 0,
                Err(_) => 141,
            };
            return (status, [0, text.len() as u64, 0]);
        }
        let mut ctx = CmdCtx::new(self);
        let json_pos = if cmd.structured() {
            args.iter()
                .take_while(|a| *a != b"--")
                .position(|a| a == b"--json")
        } else {
            None
        };
        let status = match json_pos {
            Some(p) => {
                ctx.set_output_format(OutputFormat::Json);
                let mut rest = args.to_vec();
                rest.remove(p);
                cmd.run(&rest, &mut ctx)
            }
            None => cmd.run(args, &mut ctx),
        };
        let (broken, counts) = ctx.finish();
        (if broken { 141 } else { status }, counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandsh_api::{CommandSpec, RiskLevel};
    use std::sync::Mutex;

    /// Downcasts its context, reads the shell through the concrete type and records what it
    /// saw.
    struct Downcaster(Mutex<String>);
    static SPEC: CommandSpec = CommandSpec {
        name: "downcaster",
        group: "test",
        summary: "downcast the context",
        usage: "downcaster",
        description: "",
        options: &[],
        operands: &[],
        returns: "",
        examples: &[],
        errors: "",
        risk: RiskLevel::ReadOnly,
    };
    impl Command for Downcaster {
        fn spec(&self) -> &CommandSpec {
            &SPEC
        }
        fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
            let seen = ctx
                .as_any()
                .downcast_ref::<CmdCtx<'static>>()
                .map(|c| c.sh.last_status);
            let format = ctx.as_any_mut().downcast_mut::<CmdCtx<'static>>().map(|c| {
                c.set_output_format(OutputFormat::Json);
                c.format
            });
            let now = ctx.output_format();
            *self.0.lock().unwrap() = format!("{seen:?} {format:?} {now:?}");
            0
        }
    }

    #[test]
    fn as_any_is_the_context_itself() {
        let mut sh = crate::test_shell();
        sh.last_status = 3;
        let cmd = Arc::new(Downcaster(Mutex::new(String::new())));
        let dyn_cmd: Arc<dyn Command> = cmd.clone();
        assert_eq!(sh.run_registered(&dyn_cmd, &[]), 0);
        assert_eq!(*cmd.0.lock().unwrap(), "Some(3) Some(Json) Json");
    }
}
