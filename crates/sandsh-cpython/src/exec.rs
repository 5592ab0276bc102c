//! `subprocess`, `os.system` and `os.popen` in the guest (see `subprocess.py`): the command
//! runs inside the same session, as the shell would run it, never on the host.
//!
//! The guest sends one request over its HTTP bridge with the method `SANDSH-EXEC`: a JSON
//! head (argv, cwd, the environment, what each stream is), a NUL, and the child's input. The
//! command runs as `env -i ENV… sh -c 'cd -- "$0" && "$@" REDIRECTIONS' CWD ARGV…` through the
//! command's context, so it sees the guest's cwd and environment (as a child process would)
//! and the session's files, commands and limits. Streams the guest inherits go to the
//! session's stdout and stderr; piped ones come back in the reply: `kind` (0 ran, 1 not
//! found), the status, then stdout and stderr as u32-length-prefixed fields.

use sandsh_api::{Arg, ToolCtx};
use serde_json::Value;

/// The bridge method of a process request.
pub(crate) const METHOD: &str = "SANDSH-EXEC";

/// The stack a command run for the guest gets (reserved, not committed): as deep as a
/// pipeline stage's under the strict profile.
pub(crate) const STACK: usize = 64 << 20;

/// What the guest asked for.
struct Request {
    argv: Vec<String>,
    cwd: String,
    env: Vec<(String, String)>,
    stdin: Option<Vec<u8>>,
    stdout: String,
    stderr: String,
    check_only: bool,
}

fn parse(body: &[u8]) -> Option<Request> {
    let split = body.iter().position(|&b| b == 0)?;
    let head: Value = serde_json::from_slice(&body[..split]).ok()?;
    let strings = |v: &Value| -> Option<Vec<String>> {
        v.as_array()?
            .iter()
            .map(|s| s.as_str().map(str::to_string))
            .collect()
    };
    let env = head
        .get("env")?
        .as_object()?
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
        .collect();
    let text = |k: &str| head.get(k).and_then(Value::as_str).map(str::to_string);
    Some(Request {
        argv: strings(head.get("argv")?)?,
        cwd: text("cwd")?,
        env,
        stdin: head
            .get("stdin")
            .and_then(Value::as_bool)
            .unwrap_or(false)
            .then(|| body[split + 1..].to_vec()),
        stdout: text("stdout").unwrap_or_else(|| "inherit".into()),
        stderr: text("stderr").unwrap_or_else(|| "inherit".into()),
        check_only: head.get("check").and_then(Value::as_bool).unwrap_or(false),
    })
}

fn reply(kind: u32, status: i32, out: &[u8], err: &[u8]) -> Vec<u8> {
    let mut r = Vec::with_capacity(16 + out.len() + err.len());
    r.extend_from_slice(&kind.to_le_bytes());
    r.extend_from_slice(&(status as u32).to_le_bytes());
    r.extend_from_slice(&(out.len() as u32).to_le_bytes());
    r.extend_from_slice(out);
    r.extend_from_slice(&(err.len() as u32).to_le_bytes());
    r.extend_from_slice(err);
    r
}

/// Whether the program exists, as `execvp` would find it: a path in the VFS, or a command
/// of the session (`command -v`).
fn exists(ctx: &mut dyn ToolCtx, program: &str, cwd: &str) -> bool {
    if program.contains('/') {
        let p = sandsh_vfs::normalize(std::path::Path::new(cwd), std::path::Path::new(program));
        return ctx.backend().stat(&p).is_ok_and(|m| m.is_file());
    }
    let found = ctx.call_captured(
        "command",
        &[b"-v".to_vec(), program.as_bytes().to_vec()],
        Some(b""),
    );
    found.status == 0
}

/// The redirections of the child's streams inside the wrapper.
fn redirections(stdout: &str, stderr: &str) -> &'static str {
    match (stdout, stderr) {
        ("devnull", "devnull") => " >/dev/null 2>/dev/null",
        ("devnull", "stdout") => " >/dev/null 2>&1",
        ("devnull", _) => " >/dev/null",
        (_, "devnull") => " 2>/dev/null",
        (_, "stdout") => " 2>&1",
        _ => "",
    }
}

/// Run the guest's request; the reply record.
pub(crate) fn run(ctx: &mut dyn ToolCtx, body: &[u8]) -> Result<Vec<u8>, String> {
    let req = parse(body).ok_or("malformed process request")?;
    let program = req.argv.first().ok_or("empty argv")?;
    if !exists(ctx, program, &req.cwd) {
        return Ok(reply(1, 0, program.as_bytes(), b""));
    }
    if req.check_only {
        return Ok(reply(0, 0, b"", b""));
    }
    let script = format!(
        "cd -- \"$0\" && \"$@\"{}",
        redirections(&req.stdout, &req.stderr)
    );
    let mut args: Vec<Arg> = vec![b"-i".to_vec()];
    args.extend(req.env.iter().map(|(k, v)| format!("{k}={v}").into_bytes()));
    args.extend([
        b"sh".to_vec(),
        b"-c".to_vec(),
        script.into_bytes(),
        req.cwd.into_bytes(),
    ]);
    args.extend(req.argv.into_iter().map(String::into_bytes));
    let piped = req.stdout == "pipe" || req.stderr == "pipe";
    if !piped && req.stdin.is_none() {
        let status = ctx.call("env", &args);
        return Ok(reply(0, status, b"", b""));
    }
    let got = ctx.call_captured("env", &args, req.stdin.as_deref());
    let (mut out, mut err) = (got.stdout, got.stderr);
    if req.stdout != "pipe" {
        let _ = ctx.stdout().write_all(&out);
        out.clear();
    }
    if req.stderr != "pipe" {
        let _ = ctx.stdout().flush();
        let _ = ctx.stderr().write_all(&err);
        err.clear();
    }
    Ok(reply(0, got.status, &out, &err))
}
