//! The `sandsh` binary: `sandsh -c CMDS`, `sandsh FILE ARGS…`, a script on stdin, or the REPL
//! when stdin is a terminal and no script was given.
//!
//! Start-up does only what the invocation needs: no async runtime, and the line editor only for
//! the REPL; output is streamed to the terminal as the script produces it (or gathered into one
//! JSON object with `--json`).

// On Linux/glibc the binary provides the C `main` itself instead of Rust's runtime start-up.
// That start-up exists for properties this binary does not need or sets itself: it finds the
// main thread's stack bounds (glibc parses /proc/self/maps for that: a quarter of a cold
// `sandsh -c 'echo hi'`'s instructions), installs a stack-overflow handler (scripts run on the
// kernel's own stack, with its own guard page) and ignores SIGPIPE (which bash, and so sandsh,
// leaves at its default). `std::env::args` still works: glibc hands argv to std's
// initialiser.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]
// The static link's warnings (glibc's "Using 'getaddrinfo' in statically linked applications…")
// are shown, not swallowed: .cargo/link-sandsh passes them on, and this lint lets rustc print them.
#![warn(linker_messages)]

mod cli;
mod generate;
mod host_file;
#[cfg(feature = "mcp")]
mod mcp;
mod repl;
#[cfg(feature = "mcp")]
mod store;

use std::io::{Read, Write};
use std::sync::Arc;

use sandsh::kernel::ExecOptions;
use sandsh::{Kernel, KernelConfig};

/// Every session's heap counts against its memory budget (`sandsh::meter`).
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // No fastbins: glibc parks small freed chunks there unmerged and, at the next free of a
    // chunk of 64 KiB or more, merges all of them at once. A jq over a 20 MB array frees
    // millions of small values and spent a quarter of its time in that one merge
    // (`malloc_consolidate`): 1.9 s against jq's 1.1 s, and 1.05 s without fastbins. Small
    // frees still go through the per-thread cache (tcache). The library leaves its host
    // process's allocator alone; this is the binary's own choice.
    // SAFETY: mallopt only sets an allocator parameter; no other thread exists yet.
    unsafe {
        libc::mallopt(libc::M_MXFAST, 0);
    }
    // A panic must not unwind into C: report it as Rust's runtime would (status 101).
    let code = std::panic::catch_unwind(sandsh_main).unwrap_or(101);
    let _ = std::io::stdout().flush();
    code
}

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    // Like bash, die of SIGPIPE when the reader of our output goes away (`sandsh -c 'yes' |
    // head -n 1`); Rust's runtime ignores the signal, which would leave the script running
    // with every write failing. Sockets are unaffected: std sends with MSG_NOSIGNAL.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::ExitCode::from(sandsh_main() as u8)
}

/// Parse the command line, run, and return the process's exit status (0–255).
fn sandsh_main() -> i32 {
    let cli = cli::Cli::from_env();
    match run(cli) {
        Ok(code) => code & 0xff,
        Err(msg) => {
            eprintln!("sandsh: {msg}");
            2
        }
    }
}

fn run(cli: cli::Cli) -> Result<i32, String> {
    if let Some(msg) = cli.refused_argument() {
        return Err(msg);
    }
    if let Some(g) = &cli.generate {
        let out = generate::generate(g)?;
        let mut o = std::io::stdout().lock();
        o.write_all(&out)
            .and_then(|_| o.flush())
            .map_err(|e| format!("--generate: {e}"))?;
        return Ok(0);
    }
    if cli.print_config {
        let config = cli.session_config()?;
        let text = serde_json::to_string_pretty(&config).map_err(|e| e.to_string())?;
        println!("{text}");
        return Ok(0);
    }
    if cli.system_prompt || cli.tool_help {
        return print_tool_docs(&cli);
    }
    if cli.mcp || cli.mcp_http.is_some() {
        #[cfg(feature = "mcp")]
        return mcp::serve(cli);
        #[cfg(not(feature = "mcp"))]
        return Err("--mcp: not supported: this sandsh was built without the `mcp` feature".into());
    }
    let interactive = !cli.command && cli.args.is_empty() && !cli.json && repl::wanted();
    let mut session = cli.session_config()?;
    if interactive && session.profile.is_none() {
        session.profile = Some(sandsh::limits::Profile::Interactive);
    }
    let mut config = KernelConfig::from(session);
    if let Some(sink) = cli.trace_sink()? {
        config = config.trace(sink);
    }
    let mut repl_setup = None;
    if interactive {
        let (c, setup) = repl::configure(config);
        config = c;
        repl_setup = Some(setup);
    }
    let mut kernel = Kernel::try_new(config)?;
    if let Some(path) = &cli.snapshot
        && path.exists()
    {
        let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        kernel
            .restore(&data)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut set = |name: &str, on: bool| -> Result<(), String> {
        if kernel.set_option(name, on) {
            Ok(())
        } else {
            Err(format!("{name}: invalid option name"))
        }
    };
    if cli.errexit {
        set("errexit", true)?;
    }
    if cli.nounset {
        set("nounset", true)?;
    }
    if cli.xtrace {
        set("xtrace", true)?;
    }
    for o in &cli.options {
        set(o, true)?;
    }
    if let Some(setup) = repl_setup {
        let opts = repl::ReplOptions {
            init: cli.init.clone(),
            no_init: cli.no_init,
        };
        let code = repl::run(&mut kernel, setup, &opts);
        if let Some(path) = &cli.snapshot {
            let data = kernel.snapshot().map_err(|e| e.to_string())?;
            host_file::save_atomically(path, &data)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        return Ok(code);
    }
    let rest: Vec<Vec<u8>> = cli
        .args
        .iter()
        .map(|a| a.as_encoded_bytes().to_vec())
        .collect();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (script, stdin_is_script) = if cli.command {
        let cmds = rest
            .first()
            .ok_or_else(|| "-c: option requires an argument".to_string())?;
        let arg0 = rest
            .get(1)
            .map(|a| text(a))
            .unwrap_or_else(|| "sandsh".into());
        let args = rest.get(2..).map(<[_]>::to_vec).unwrap_or_default();
        kernel.set_args(&arg0, args);
        kernel.set_command_mode(true);
        (text(cmds), false)
    } else if let Some(file) = rest.first().filter(|f| f.as_slice() != b"-") {
        let path = text(file);
        let data = match std::fs::read(&path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("sandsh: {path}: {}", host_file::io_reason(&e));
                return Ok(127);
            }
        };
        kernel.set_args(&path, rest[1..].to_vec());
        kernel.set_error_name(&path);
        kernel.set_script_file(&path);
        (text(&data), false)
    } else {
        // `sandsh - ARGS…`, as `bash -`: the script on standard input, ARGS as $1….
        if rest.len() > 1 {
            kernel.set_args("sandsh", rest[1..].to_vec());
        }
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        (text(&buf), true)
    };
    if cli.analyze {
        let report = kernel.analyze(&script).to_json();
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(0);
    }
    let stdin: Option<Box<dyn Read + Send>> = if stdin_is_script {
        None
    } else {
        Some(Box::new(HostStdin {
            cancel: kernel.cancel_handle(),
        }))
    };
    let mut opts = ExecOptions {
        stdin,
        ..ExecOptions::default()
    };
    if !cli.json {
        opts.stream_only = true;
        opts.on_stdout = Some(Arc::new(|b: &[u8]| {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(b);
            let _ = o.flush();
        }));
        opts.on_stderr = Some(Arc::new(|b: &[u8]| {
            let mut e = std::io::stderr().lock();
            let _ = e.write_all(b);
            let _ = e.flush();
        }));
    }
    if !cli.json
        && cli.snapshot.is_none()
        && let Some(t) = kernel.timeout()
    {
        hard_deadline(t);
    }
    let r = kernel.execute_with(&script, opts);
    if let Some(path) = &cli.snapshot {
        let data = kernel.snapshot().map_err(|e| e.to_string())?;
        host_file::save_atomically(path, &data).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if cli.json {
        println!("{}", r.to_json(&script));
    }
    // The process ends here: tearing the session down (every variable, file and command)
    // would only return memory to an allocator that is about to vanish.
    std::mem::forget(kernel);
    Ok(r.exit_code)
}

/// How long past its timeout a run may take to stop before the caller is told it timed out
/// (a one-shot run's [`hard_deadline`], an MCP call's result).
pub(crate) const TIMEOUT_GRACE: std::time::Duration = std::time::Duration::from_millis(600);

/// The timeout of a one-shot run (`-c`, a script) as a hard deadline for the process. The
/// kernel stops a run at its timeout, but stopping is not free: a jq program that built two
/// gigabytes of closures takes two seconds to free them, and one regex search cannot be
/// interrupted midway. A process that is about to exit has no use for that cleanup, so once the
/// timeout plus [`TIMEOUT_GRACE`] has passed, this says what the kernel would have said and
/// exits with the timeout's status; the system takes the memory back. Not for the REPL, nor when
/// the session is saved (`--snapshot`) or the result printed as JSON (`--json`): those need the
/// run's end.
fn hard_deadline(timeout: std::time::Duration) {
    let _ = std::thread::Builder::new()
        .name("sandsh-deadline".into())
        .spawn(move || {
            std::thread::sleep(timeout + TIMEOUT_GRACE);
            let mut e = std::io::stderr().lock();
            let t = sandsh::kernel::format_duration(timeout);
            let _ = writeln!(e, "sandsh: timed out after {t}");
            let _ = e.flush();
            std::process::exit(sandsh::kernel::TIMEOUT_STATUS);
        });
}

/// The process's standard input as the script's stdin. Each read waits for data in short
/// slices and gives up with a cancellation error once the run is cancelled (timeout, limit), so
/// `sleep 6 | sandsh --timeout 0.5 -c 'read x'` ends at its timeout instead of when the writer
/// does (THREAT DOS-CANCEL-2).
struct HostStdin {
    cancel: sandsh::kernel::CancelToken,
}

impl Read for HostStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        #[cfg(unix)]
        loop {
            if self.cancel.is_cancelled() {
                return Err(sandsh::api::Cancelled::io());
            }
            let mut pfd = libc::pollfd {
                fd: 0,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd for the duration of the call.
            let n = unsafe { libc::poll(&mut pfd, 1, 50) };
            if n < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            if n == 0 {
                continue;
            }
            // Read the descriptor directly: std's `Stdin` buffers, and buffered bytes would be
            // invisible to the next poll.
            // SAFETY: `buf` is valid for `buf.len()` bytes.
            let r = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
            if r < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            return Ok(r as usize);
        }
        #[cfg(not(unix))]
        std::io::stdin().read(buf)
    }
}

/// `--system-prompt` / `--tool-help`: the BashTool texts for the configuration on the command
/// line (limits, mounts, timeout), generated from the same code the library uses.
fn print_tool_docs(cli: &cli::Cli) -> Result<i32, String> {
    use sandsh::tool::Tool;
    let tool = cli.tool_builder()?.try_build()?;
    let mut text = String::new();
    if cli.system_prompt {
        text.push_str(&tool.system_prompt());
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if cli.tool_help {
        text.push_str(&tool.help());
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    let mut o = std::io::stdout().lock();
    o.write_all(text.as_bytes())
        .and_then(|_| o.flush())
        .map_err(|e| e.to_string())?;
    Ok(0)
}
