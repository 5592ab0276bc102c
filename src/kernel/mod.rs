//! The kernel: one shell session (placeholder).

/// Configuration of a kernel.
#[derive(Debug, Clone, Default)]
pub struct KernelConfig {}

/// The result of one `execute`.
#[derive(Debug, Clone, Default)]
pub struct ExecResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
}

/// One session.
pub struct Kernel {}

impl Kernel {
    pub fn new(config: KernelConfig) -> Self {
        let _ = config;
        Kernel {}
    }

    /// Run a script; files, variables and functions persist to the next call.
    pub fn execute(&mut self, script: &str) -> ExecResult {
        let _ = script;
        todo!()
    }
}
