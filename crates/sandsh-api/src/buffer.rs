//! [`BufferCtx`]: a [`ToolCtx`] with no shell behind it, for running one command directly.

use std::any::Any;
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sandsh_vfs::{KernelBackend, MemoryFs, WriteMode};

use crate::{Arg, Command, CommandRegistry, ExitStatus, OutputFormat, ToolCtx, Value};

/// A command's context with no shell behind it: an in-memory filesystem with the default tree
/// (`/home/user` is the working directory), standard input from a byte buffer, standard output
/// and error captured, a fixed environment (`HOME`, `USER`) and a fixed clock. A command's
/// unit tests state its input and check exactly what it wrote; an engine runs a private job of
/// its own (no session, no user data) the same way.
///
/// `R` is what [`ToolCtx::call`] finds: [`NoCommands`] unless given.
pub struct BufferCtx<R = NoCommands> {
    pub backend: Arc<dyn KernelBackend>,
    pub cwd: PathBuf,
    pub stdin: Cursor<Vec<u8>>,
    pub out: Vec<u8>,
    pub err: Vec<u8>,
    pub env: Vec<(String, Vec<u8>)>,
    pub registry: R,
    pub now: SystemTime,
}

/// A registry with no commands in it.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoCommands;

impl CommandRegistry for NoCommands {
    fn get(&self, _name: &str) -> Option<Arc<dyn Command>> {
        None
    }
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

impl<R: CommandRegistry + Default + 'static> BufferCtx<R> {
    /// The context described on the type, with `R::default()`'s commands.
    pub fn new() -> BufferCtx<R> {
        BufferCtx::with_registry(R::default())
    }
}

impl<R: CommandRegistry + Default + 'static> Default for BufferCtx<R> {
    fn default() -> BufferCtx<R> {
        BufferCtx::new()
    }
}

impl<R: CommandRegistry + 'static> BufferCtx<R> {
    /// The context described on the type, calling the commands of `registry`.
    pub fn with_registry(registry: R) -> BufferCtx<R> {
        BufferCtx {
            backend: Arc::new(MemoryFs::with_default_tree("user")),
            cwd: PathBuf::from("/home/user"),
            stdin: Cursor::new(Vec::new()),
            out: Vec::new(),
            err: Vec::new(),
            env: vec![
                ("HOME".into(), b"/home/user".to_vec()),
                ("USER".into(), b"user".to_vec()),
            ],
            registry,
            now: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        }
    }

    /// Standard input is `data`.
    pub fn with_stdin(mut self, data: &[u8]) -> BufferCtx<R> {
        self.stdin = Cursor::new(data.to_vec());
        self
    }

    /// Creates a file (relative to the working directory) holding `data`.
    pub fn file(self, path: &str, data: &[u8]) -> BufferCtx<R> {
        let p = self.resolve_path(path);
        let _ = self.backend.write(&p, data, WriteMode::Truncate, 0o644);
        self
    }

    /// The contents of a file (relative to the working directory), if it is there.
    pub fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.backend.read(&self.resolve_path(path), None).ok()
    }

    /// Whether anything is at `path` (a dangling link counts).
    pub fn exists(&self, path: &str) -> bool {
        self.backend.lstat(&self.resolve_path(path)).is_ok()
    }

    /// What was written to standard output, as text.
    pub fn out_str(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }

    /// What was written to standard error, as text.
    pub fn err_str(&self) -> String {
        String::from_utf8_lossy(&self.err).into_owned()
    }
}

impl<R: CommandRegistry + 'static> ToolCtx for BufferCtx<R> {
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
    fn set_output_format(&mut self, _format: OutputFormat) {}
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
