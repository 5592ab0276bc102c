//! What a run takes and gives back: [`ExecOptions`] (stdin, streaming callbacks, a timeout,
//! per-run environment and cwd) and [`ExecResult`] (output, status, the [`super::RunError`]
//! category, truncation flags, the parse error).

use std::sync::Arc;
use std::time::Duration;

use super::{ChunkSink, OutputCut, RunError};

/// The result of one `execute`.
#[derive(Debug, Clone, Default)]
pub struct ExecResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
    /// Why the run did not end normally, if it did not.
    pub error: Option<RunError>,
    pub stdout_truncated: bool,
    pub stderr_truncated: bool,
    /// How stdout was cut when it passed the output limit (its head and tail are then in
    /// `stdout`, with a last line naming the file that holds it whole).
    pub stdout_cut: Option<OutputCut>,
    pub stderr_cut: Option<OutputCut>,
    pub duration: Duration,
    /// The syntax error that stopped the script, if any.
    pub parse_error: Option<sandsh_syntax::ParseError>,
}

impl ExecResult {
    pub fn stdout_str(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
    pub fn stderr_str(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// The result as one JSON object: seed 000's `ToolResponse` fields plus truncation flags,
    /// the duration and, for a syntax error, miette's JSON diagnostic against `script`.
    pub fn to_json(&self, script: &str) -> String {
        let diagnostic = self.parse_error.as_ref().and_then(|e| {
            let report = miette::Report::new(e.clone()).with_source_code(script.to_string());
            let mut s = String::new();
            miette::JSONReportHandler::new()
                .render_report(&mut s, report.as_ref())
                .ok()?;
            serde_json::from_str::<serde_json::Value>(&s).ok()
        });
        let v = serde_json::json!({
            "stdout": self.stdout_str(),
            "stderr": self.stderr_str(),
            "exit_code": self.exit_code,
            "error": self.error,
            "stdout_truncated": self.stdout_truncated,
            "stderr_truncated": self.stderr_truncated,
            "stdout_cut": self.stdout_cut,
            "stderr_cut": self.stderr_cut,
            "duration_ms": self.duration.as_millis() as u64,
            "diagnostic": diagnostic,
        });
        v.to_string()
    }
}

/// Receives `(stdout_chunk, stderr_chunk)` as output is produced; one of them is empty.
pub type OutputCallback = Arc<dyn Fn(&[u8], &[u8]) + Send + Sync>;

/// Options for one run.
#[derive(Default)]
pub struct ExecOptions {
    /// Standard input of the script (empty when `None`).
    pub stdin: Option<Box<dyn std::io::Read + Send>>,
    /// Receives stdout chunks as they are produced.
    pub on_stdout: Option<ChunkSink>,
    /// Receives stderr chunks as they are produced.
    pub on_stderr: Option<ChunkSink>,
    /// Overrides the kernel's script timeout for this run.
    pub timeout: Option<Duration>,
    /// Variables exported for this run only (restored afterwards).
    pub env: Vec<(String, String)>,
    /// The directory this run starts in (the session's directory is restored afterwards).
    pub cwd: Option<String>,
    /// With `on_stdout`/`on_stderr`: the chunks are only passed on, not also kept for the
    /// result (whose `stdout`/`stderr` then stay empty), so a run that writes a lot holds no
    /// copy of it. What a CLI printing as the run goes wants.
    pub stream_only: bool,
}
