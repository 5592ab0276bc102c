//! sandsh in the page: one session ([`Shell`]) over an in-memory filesystem, compiled for
//! `wasm32-unknown-unknown` and exposed to JavaScript by wasm-bindgen.
//!
//! The options are the Node package's (`crates/sandsh-node/index.d.ts`), read by the one
//! parser every frontend maps onto, [`SessionConfig::from_json`]; only the unit of `timeout`
//! differs from the config's (milliseconds, as in Node). A run's result has the Node package's
//! field names (`stdout`, `stderr`, `exitCode`, `error`). Everything is synchronous: the page
//! runs the shell in a Web Worker, so a long run never blocks its main thread.
//!
//! What this build leaves out (host mounts, and the commands whose engines cannot be built for
//! the target: python3, node, sqlite3, git) is listed by `help` and refused by name; see
//! `sandsh::kernel::config`'s list of commands not built.

use std::path::{Path, PathBuf};

use sandsh::kernel::{Kernel, KernelConfig};
use sandsh::vfs::{VfsError, WriteMode, normalize};
use sandsh::{ExecResult, SessionConfig};
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// Every allocation of a run counted against its session's memory budget, as in the binary and
/// the Node and Python packages (the resident-memory backstop has no `/proc` to read here).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// A panic is a bug (CONVENTIONS.md); in the page it also ends the call with a trap, whose
/// message alone says nothing: the panic's own message goes to the console first.
fn report_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| console_error(&format!("sandsh: {info}"))));
    });
}

/// A `ConfigError`/`FileError`-style exception: an `Error` whose `name` says which.
fn js_error(kind: &str, msg: impl std::fmt::Display) -> JsValue {
    let e = js_sys::Error::new(&msg.to_string());
    e.set_name(kind);
    e.into()
}

/// A JavaScript value as JSON (`undefined` and `null` as `null`).
fn to_json(v: &JsValue) -> Result<Value, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Value::Null);
    }
    let text = js_sys::JSON::stringify(v)?;
    let text: String = text.into();
    serde_json::from_str(&text).map_err(|e| js_error("ConfigError", e))
}

/// The session configuration of a `Shell`'s options: the config's own keys, timeouts in
/// milliseconds when numbers (as the Node package takes them).
fn session_config(options: &JsValue) -> Result<SessionConfig, JsValue> {
    let mut options = to_json(options)?;
    match &mut options {
        Value::Null => return Ok(SessionConfig::default()),
        Value::Object(o) => {
            for key in ["timeout", "netMaxTime"] {
                if let Some(v) = o.get_mut(key)
                    && let Some(ms) = v.as_f64()
                {
                    *v = Value::from(ms / 1000.0);
                }
            }
        }
        _ => return Err(js_error("ConfigError", "options: an object")),
    }
    SessionConfig::from_json(&options).map_err(|e| js_error("ConfigError", e))
}

/// Set `key` of `obj` (a plain object being built; cannot fail).
fn set(obj: &js_sys::Object, key: &str, v: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(obj, &JsValue::from_str(key), &v.into());
}

/// A run's result as the Node package shapes it.
fn result_object(r: &ExecResult) -> JsValue {
    let o = js_sys::Object::new();
    set(
        &o,
        "stdout",
        String::from_utf8_lossy(&r.stdout).into_owned(),
    );
    set(
        &o,
        "stderr",
        String::from_utf8_lossy(&r.stderr).into_owned(),
    );
    set(&o, "exitCode", r.exit_code);
    if let Some(e) = r.error {
        set(&o, "error", e.as_str());
    }
    set(&o, "stdoutTruncated", r.stdout_truncated);
    set(&o, "stderrTruncated", r.stderr_truncated);
    o.into()
}

/// A sandboxed bash session: files, variables, functions and cwd persist across calls.
#[wasm_bindgen]
pub struct Shell {
    kernel: Kernel,
}

#[wasm_bindgen]
impl Shell {
    /// A session from the Node package's options (`limits`, `timeout` in ms, `env`, `cwd`,
    /// `files` as text…). Host mounts are refused: there is no host in the page.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<Shell, JsValue> {
        report_panics();
        let config = session_config(&options)?;
        if !config.mounts.is_empty() {
            return Err(js_error(
                "ConfigError",
                "mounts: the browser build has no host filesystem to mount",
            ));
        }
        let kernel =
            Kernel::try_new(KernelConfig::from(config)).map_err(|e| js_error("ConfigError", e))?;
        Ok(Shell { kernel })
    }

    /// Run a script; `{stdout, stderr, exitCode, error?, stdoutTruncated, stderrTruncated}`.
    pub fn exec(&mut self, script: &str) -> JsValue {
        result_object(&self.kernel.execute(script))
    }

    /// Write (create or replace) a file of the session, creating its parent directories.
    /// `data` is text (UTF-8) or bytes.
    #[wasm_bindgen(js_name = writeFile)]
    pub fn write_file(&self, path: &str, data: JsValue) -> Result<(), JsValue> {
        let bytes = match data.as_string() {
            Some(s) => s.into_bytes(),
            None if data.is_instance_of::<js_sys::Uint8Array>() => {
                js_sys::Uint8Array::from(data).to_vec()
            }
            None => return Err(js_error("TypeError", "data: a string or a Uint8Array")),
        };
        let p = self.resolve(path);
        let b = self.kernel.backend();
        let written = (|| {
            if let Some(parent) = p.parent() {
                match b.mkdir(parent, 0o755, true) {
                    Ok(()) | Err(VfsError::AlreadyExists) => {}
                    Err(e) => return Err(e),
                }
            }
            b.write(&p, &bytes, WriteMode::Truncate, 0o644)
        })();
        written.map_err(|e| js_error("FileError", format!("{path}: {e}")))
    }

    /// A file of the session, as bytes.
    #[wasm_bindgen(js_name = readFile)]
    pub fn read_file(&self, path: &str) -> Result<Vec<u8>, JsValue> {
        self.kernel
            .backend()
            .read(&self.resolve(path), None)
            .map_err(|e| js_error("FileError", format!("{path}: {e}")))
    }
}

impl Shell {
    /// `path` relative to the session's working directory.
    fn resolve(&self, path: &str) -> PathBuf {
        normalize(Path::new(&self.kernel.cwd()), Path::new(path))
    }
}
