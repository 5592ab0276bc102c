//! [`Bash`]: seed 000's interpreter facade, a thin layer over [`Kernel`] with `exec` and
//! `exec_streaming` returning text results, so that code written for the seed ports with only
//! the crate name changed.
//!
//! Like [`crate::tool::Tool`]'s methods, `exec` and `exec_streaming` are `async` but never
//! wait: the kernel is synchronous. `block_on` (in [`crate::tool`]) runs them without a
//! runtime.

use std::sync::{Arc, Mutex};

use crate::kernel::{Kernel, KernelConfig, RunError};
use crate::tool::Utf8Chunker;

/// Receives `(stdout_chunk, stderr_chunk)` as output is produced (one of them is empty);
/// seed 000's shape. Chunks are whole UTF-8 characters.
pub type OutputCallback = Box<dyn FnMut(&str, &str) + Send + Sync>;

/// The text result of one [`Bash::exec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecOutput {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
    /// An error category when the run did not end normally (`timeout`, `limit_exceeded`,
    /// `cancelled`, `parse_error`).
    pub error: Option<String>,
}

impl From<crate::kernel::ExecResult> for ExecOutput {
    fn from(r: crate::kernel::ExecResult) -> Self {
        ExecOutput {
            stdout: r.stdout_str(),
            stderr: r.stderr_str(),
            exit_code: r.exit_code,
            error: r.error.map(|e| e.to_string()),
        }
    }
}

/// Why a [`Bash`] could not run a script at all. A script that fails (a non-zero status, a
/// syntax error, a timeout) is not an error: it is an [`ExecOutput`] with that status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The session is misconfigured (a mount that could not be opened, a missing `cwd`).
    Config(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Config(e) => write!(f, "sandsh: {e}"),
        }
    }
}

impl std::error::Error for Error {}

/// A bash session: files, variables and functions persist between `exec` calls.
pub struct Bash {
    kernel: Kernel,
}

impl Default for Bash {
    fn default() -> Self {
        Bash::new()
    }
}

impl Bash {
    /// A session with the default configuration.
    pub fn new() -> Bash {
        Bash::with_config(KernelConfig::default())
    }

    /// A session configured with the builder's methods.
    pub fn builder() -> BashBuilder {
        BashBuilder::default()
    }

    /// A session from a full [`KernelConfig`].
    pub fn with_config(config: KernelConfig) -> Bash {
        Bash {
            kernel: Kernel::new(config),
        }
    }

    /// Run `script` (like `bash -c`).
    pub async fn exec(&mut self, script: &str) -> Result<ExecOutput, Error> {
        let r = self.kernel.execute(script);
        Self::output(r)
    }

    /// Run `script`, calling `callback(stdout, stderr)` with each chunk as it reaches the
    /// output. The result still holds the whole output.
    pub async fn exec_streaming(
        &mut self,
        script: &str,
        callback: OutputCallback,
    ) -> Result<ExecOutput, Error> {
        struct State {
            cb: OutputCallback,
            out: Utf8Chunker,
            err: Utf8Chunker,
        }
        let state = Arc::new(Mutex::new(State {
            cb: callback,
            out: Utf8Chunker::default(),
            err: Utf8Chunker::default(),
        }));
        let s = state.clone();
        let r = self.kernel.execute_streaming(
            script,
            Arc::new(move |out: &[u8], err: &[u8]| {
                let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
                let st = &mut *st;
                let (o, e) = (st.out.push(out), st.err.push(err));
                if !o.is_empty() || !e.is_empty() {
                    (st.cb)(&o, &e);
                }
            }),
        );
        let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
        let st = &mut *st;
        let (o, e) = (st.out.finish(), st.err.finish());
        if !o.is_empty() || !e.is_empty() {
            (st.cb)(&o, &e);
        }
        Self::output(r)
    }

    fn output(r: crate::kernel::ExecResult) -> Result<ExecOutput, Error> {
        if r.error == Some(RunError::Config) {
            let msg = r.stderr_str();
            let msg = msg.trim_end().trim_start_matches("sandsh: ");
            return Err(Error::Config(msg.to_string()));
        }
        Ok(r.into())
    }

    /// The kernel underneath, for everything else (snapshots, jobs, toolsets, cancel).
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// Mutable access to the kernel underneath.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        &mut self.kernel
    }
}

/// Builds a [`Bash`]: seed 000's configuration methods over [`KernelConfig`].
#[derive(Default)]
pub struct BashBuilder {
    config: KernelConfig,
}

impl BashBuilder {
    crate::kernel::config_setters!(config);

    /// Change anything else on the configuration.
    pub fn config(mut self, f: impl FnOnce(KernelConfig) -> KernelConfig) -> Self {
        self.config = f(self.config);
        self
    }
    pub fn build(self) -> Bash {
        Bash::with_config(self.config)
    }
}
