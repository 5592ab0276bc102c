//! `python3` (and `python`): CPython 3.14 compiled to WASI, run on wasmtime over the session.
//!
//! The interpreter is the one the `bashkit-cpython-wasm` crate ships: CPython pre-initialized
//! with the common standard library imported (a snapshot), precompiled at build time, its
//! standard library a zip served at a fixed path. What makes it sandsh's is the host side,
//! all in this crate:
//!
//! - `wasi`: WASI preview1 over the command's [`ToolCtx`]. Files are the session's VFS (mounts
//!   included: a read-only mount is `EROFS`, an overlay keeps the host untouched); stdio is the
//!   pipeline's streams; the clock is the session's; there are no sockets, no host directory
//!   and no host process behind any import.
//! - `http`: the guest's HTTP bridge, through the session's network allowlist.
//! - `host`: the memory limiter, charging the guest's linear memory to the session's budget.
//! - `session`: one instance per call, interrupted at an epoch tick when the run is
//!   cancelled (timeout, `Kernel::cancel`, a broken pipe, a tripped limit).

mod code;
mod exec;
mod files;
mod guest;
mod host;
mod http;
mod mode;
mod session;
mod wasi;

use std::sync::Arc;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};

pub use session::warm_up;

/// The CPython version inside the sandbox.
pub const PYTHON_VERSION: &str = bashkit_cpython_wasm::PYTHON_VERSION;

const DESCRIPTION: &str = "CPython 3.14 (the real interpreter, compiled to WebAssembly) with its standard library: \
json, csv, re, datetime, pathlib, argparse, sqlite3, hashlib, zipfile, collections, dataclasses and the rest. \
Files are the session's files (open, os, shutil, pathlib and sqlite3 see what the shell sees), stdin, stdout and \
stderr are the pipeline's, os.environ is the shell's exported variables, and the script runs inside the session's \
limits (timeout, memory budget, output). subprocess, os.system and os.popen run their command inside this \
session (its commands and files), never on the host. Not available: sockets (urllib.request, requests and httpx \
go through the network allowlist instead), threads, installing packages (pip), and third-party modules.";

const PYTHON_OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "ARG",
    ArgType::String,
    "python3's own options (-c CMD, -m MOD, -V, -u, -I…), then the script and its arguments",
)
.repeated()];

const PIP_OPERANDS: &[ArgSpec] = &[ArgSpec::optional("ARG", ArgType::String, "ignored").repeated()];

fn spec(name: &'static str) -> CommandSpec {
    CommandSpec {
        name,
        group: "lang",
        summary: "run Python 3 code (CPython 3.14) over the session's files",
        usage: "python3 [-c CMD | -m MOD | FILE | -] [ARG]...",
        description: DESCRIPTION,
        options: &[],
        operands: PYTHON_OPERANDS,
        returns: "what the program prints; the status of sys.exit (1 with a traceback for an uncaught exception, 2 for a usage error)",
        examples: &[
            Example {
                description: "a one-liner",
                script: "python3 -c 'import sys; print(sum(map(int, sys.argv[1:])))' 1 2 3",
                stdout: "6\n",
            },
            Example {
                description: "JSON from a pipeline",
                script: "echo '{\"a\": [1, 2]}' | python3 -c 'import json, sys; print(json.load(sys.stdin)[\"a\"][1])'",
                stdout: "2\n",
            },
            Example {
                description: "the shell and Python share files",
                script: "printf 'x,y\\n1,2\\n' > /tmp/t.csv; python3 - <<'EOF'\nimport csv\nwith open('/tmp/t.csv') as f:\n    print(list(csv.DictReader(f)))\nEOF",
                stdout: "[{'x': '1', 'y': '2'}]\n",
            },
        ],
        errors: "exit 1 for an uncaught exception (traceback on stderr), 2 for a usage error or a script that cannot be opened, the program's own status through sys.exit; 125 when the memory budget is exceeded, 130 when cancelled",
        risk: RiskLevel::MediumRisk,
    }
}

/// `python3` or `python`.
pub struct Python {
    spec: CommandSpec,
}

impl Python {
    pub fn named(name: &'static str) -> Python {
        Python { spec: spec(name) }
    }
}

impl Command for Python {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        if let Some(status) = refuse_module(self.spec.name, args, ctx) {
            return status;
        }
        if let Err(e) = code::compiled() {
            let _ = writeln!(ctx.stderr(), "{}: {e}", self.spec.name);
            return 1;
        }
        // sandsh's driver runs first (it installs subprocess and friends), then the command
        // line as CPython would run it.
        let mut argv = Vec::with_capacity(args.len() + 3);
        argv.push(self.spec.name.as_bytes().to_vec());
        argv.push(b"-c".to_vec());
        argv.push(code::LOADER.as_bytes().to_vec());
        argv.extend(args.iter().cloned());
        session::run(ctx, argv)
    }
}

const NO_PIP: &str = "installing packages is not available in the sandbox: python3 has CPython's standard library only";

const NO_SERVER: &str =
    "http.server is not available in the sandbox: there are no sockets to serve on";

/// `python3 -m pip …` (the sandbox installs nothing) and `python3 -m http.server` (nothing
/// can listen): refused with the reason.
fn refuse_module(name: &str, args: &[Arg], ctx: &mut dyn ToolCtx) -> Option<ExitStatus> {
    let module = args
        .iter()
        .position(|a| a == b"-m")
        .and_then(|i| args.get(i + 1))?;
    let why = match module.as_slice() {
        b"pip" | b"ensurepip" => NO_PIP,
        b"http.server" => NO_SERVER,
        _ => return None,
    };
    let _ = writeln!(ctx.stderr(), "{name}: {why}");
    Some(1)
}

/// `pip` and `pip3`: they say the sandbox installs nothing, and fail.
pub struct Pip {
    spec: CommandSpec,
}

impl Pip {
    pub fn named(name: &'static str) -> Pip {
        Pip {
            spec: CommandSpec {
                name,
                group: "lang",
                summary: "not available: the sandbox installs no Python packages",
                usage: "pip COMMAND [ARG]...",
                description: "Present so that a script calling pip learns why it cannot: the sandbox has CPython's standard library only, and nothing can be installed. Every call fails with status 1.",
                options: &[],
                operands: PIP_OPERANDS,
                returns: "nothing: a message on stderr",
                examples: &[],
                errors: "always exit 1",
                risk: RiskLevel::ReadOnly,
            },
        }
    }
}

impl Command for Pip {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let _ = writeln!(ctx.stderr(), "{}: {NO_PIP}", self.spec.name);
        1
    }
}

/// The commands this crate provides, to register in a session.
pub fn commands() -> Vec<Arc<dyn Command>> {
    vec![
        Arc::new(Python::named("python3")),
        Arc::new(Python::named("python")),
        Arc::new(Pip::named("pip")),
        Arc::new(Pip::named("pip3")),
    ]
}
