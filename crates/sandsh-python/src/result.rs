//! [`RunResult`]: what one `Shell.run` gives back (the kernel's `ExecResult`, with text views
//! decoded as UTF-8 with replacement characters).

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sandsh::ExecResult;

/// The outcome of one run: output, exit status, and why the run stopped early, if it did.
#[pyclass(module = "sandsh._sandsh", name = "Result", frozen)]
pub struct RunResult {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// The exit status, as bash's `$?` (124 on timeout, 125 for a limit, 130 when cancelled).
    #[pyo3(get)]
    exit_code: i32,
    /// `None`, or why the run did not end normally: `"parse_error"`, `"timeout"`,
    /// `"limit_exceeded"`, `"cancelled"`, `"config"`, `"invalid_request"`, `"internal"`.
    #[pyo3(get)]
    error: Option<&'static str>,
    /// Whether stdout went past the output limit (the rest was dropped; stderr says so).
    #[pyo3(get)]
    stdout_truncated: bool,
    /// Whether stderr went past the output limit.
    #[pyo3(get)]
    stderr_truncated: bool,
    stdout_cut: Option<sandsh::OutputCut>,
    stderr_cut: Option<sandsh::OutputCut>,
    /// Wall-clock time of the run, in seconds.
    #[pyo3(get)]
    duration: f64,
}

impl From<ExecResult> for RunResult {
    fn from(r: ExecResult) -> Self {
        RunResult {
            exit_code: r.exit_code,
            error: r.error.map(|e| e.as_str()),
            stdout_truncated: r.stdout_truncated,
            stderr_truncated: r.stderr_truncated,
            stdout_cut: r.stdout_cut,
            stderr_cut: r.stderr_cut,
            duration: r.duration.as_secs_f64(),
            stdout: r.stdout,
            stderr: r.stderr,
        }
    }
}

#[pymethods]
impl RunResult {
    /// Standard output, decoded as UTF-8 (invalid bytes become U+FFFD).
    #[getter]
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error, decoded as UTF-8 (invalid bytes become U+FFFD).
    #[getter]
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// Standard output as bytes, exactly as the script wrote it.
    #[getter]
    fn stdout_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.stdout)
    }

    /// Standard error as bytes.
    #[getter]
    fn stderr_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.stderr)
    }

    /// How stdout was cut when it passed the output limit, else `None`: `{"total", "head",
    /// "tail", "file", "saved"}` (its head and tail are in `stdout`, whose last line names
    /// `file`, the VFS file holding its first `saved` bytes).
    #[getter]
    fn stdout_cut<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        self.stdout_cut
            .as_ref()
            .map(|c| cut_dict(py, c))
            .transpose()
    }

    /// How stderr was cut, as `stdout_cut`.
    #[getter]
    fn stderr_cut<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        self.stderr_cut
            .as_ref()
            .map(|c| cut_dict(py, c))
            .transpose()
    }

    /// True when the script exited 0 and the run ended normally.
    #[getter]
    fn ok(&self) -> bool {
        self.exit_code == 0 && self.error.is_none()
    }

    /// `{"stdout", "stderr", "exit_code", "error", "stdout_truncated", "stderr_truncated",
    /// "stdout_cut", "stderr_cut", "duration"}`: what a tool call returns to a model.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("stdout", self.stdout())?;
        d.set_item("stderr", self.stderr())?;
        d.set_item("exit_code", self.exit_code)?;
        d.set_item("error", self.error)?;
        d.set_item("stdout_truncated", self.stdout_truncated)?;
        d.set_item("stderr_truncated", self.stderr_truncated)?;
        d.set_item("stdout_cut", self.stdout_cut(py)?)?;
        d.set_item("stderr_cut", self.stderr_cut(py)?)?;
        d.set_item("duration", self.duration)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let mut s = format!("Result(exit_code={}", self.exit_code);
        if let Some(e) = self.error {
            s.push_str(&format!(", error={e:?}"));
        }
        s.push_str(&format!(
            ", stdout={:?}, stderr={:?})",
            abbreviate(&self.stdout()),
            abbreviate(&self.stderr())
        ));
        s
    }
}

fn abbreviate(s: &str) -> String {
    if s.chars().count() <= 60 {
        return s.to_string();
    }
    let head: String = s.chars().take(57).collect();
    format!("{head}...")
}

fn cut_dict<'py>(
    py: Python<'py>,
    c: &sandsh::OutputCut,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let d = pyo3::types::PyDict::new(py);
    d.set_item("total", c.total)?;
    d.set_item("head", c.head)?;
    d.set_item("tail", c.tail)?;
    d.set_item("file", c.file.as_deref())?;
    d.set_item("saved", c.saved)?;
    Ok(d)
}
