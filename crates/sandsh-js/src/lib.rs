//! `node` (and `nodejs`): JavaScript on QuickJS with Node's everyday API, over the session.
//!
//! The engine is QuickJS (quickjs-ng, through `rquickjs`), compiled in. Node's API (`process`,
//! `console` with `util.inspect`'s formatting, CommonJS `require`, `fs`, `path`, `events`,
//! `Buffer`, timers…) is JavaScript in `js/`, compiled once per process to bytecode, over a
//! small set of natives (`host`) that reach the session only through the command's
//! [`ToolCtx`]: files are the session's VFS, stdio the pipeline's, `process.env` the shell's
//! exported variables. There is no host path, process or socket behind any of it.
//!
//! As with `python3` (`crates/sandsh-cpython`), the engine is a guest: its heap is charged to
//! the session's memory budget (`alloc`), it polls the run's cancellation (QuickJS's interrupt
//! handler), and each call starts from nothing (`engine`).

mod alloc;
mod cli;
mod codec;
mod digest;
mod engine;
mod esm;
mod fetch;
mod host;

use std::sync::Arc;

use sandsh_api::{ArgSpec, ArgType, Command, CommandSpec, Example, RiskLevel};

pub use cli::{Node, Npm};
pub use engine::warm_up;

/// The Node.js version the sandbox's `node` answers with (`node --version`,
/// `process.version`): the line of Node's API it follows.
pub const NODE_VERSION: &str = "v20.20.2";

const DESCRIPTION: &str = "JavaScript on an embedded engine (QuickJS) with Node.js 20's everyday API: \
process (argv, env, exit, exitCode, cwd, chdir, stdout/stderr.write, nextTick, hrtime), console with \
util.inspect's formatting, CommonJS require (relative files, index.js, .json, node_modules, node: built-ins), \
ES modules (.mjs, \"type\": \"module\", import of node: built-ins, CommonJS and JSON, top-level await), \
fs (sync, callbacks, streams and fs/promises) and path, util (inspect, format, promisify, types), events, \
Buffer, os, assert, url, crypto (hashes, HMAC, random), readline, Intl in en-US, timers and promises with \
Node's ordering; fetch goes through the session's network allowlist, as curl does. Files are the session's files, stdin and stdout the pipeline's, \
process.env the shell's exported variables; the script runs inside the session's limits (timeout, memory \
budget, output). child_process.execSync and spawnSync run their command inside this session. Not \
available: npm and installing packages, sockets and servers (net, http, https), worker threads.";

const NODE_OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "ARG",
    ArgType::String,
    "node's own options (-e CODE, -p CODE, -v, -h, -), then the script and its arguments",
)
.repeated()];

const NPM_OPERANDS: &[ArgSpec] = &[ArgSpec::optional("ARG", ArgType::String, "ignored").repeated()];

pub(crate) fn node_spec(name: &'static str) -> CommandSpec {
    CommandSpec {
        name,
        group: "lang",
        summary: "run JavaScript with Node.js's API (QuickJS) over the session's files",
        usage: "node [-e CODE | -p CODE | FILE | -] [ARG]...",
        description: DESCRIPTION,
        options: &[],
        operands: NODE_OPERANDS,
        returns: "what the script prints; the status of process.exit or process.exitCode (1 with the error for an uncaught exception, 9 for an unknown option)",
        examples: &[
            Example {
                description: "a one-liner",
                script: "node -e 'console.log(process.argv.slice(1).map(Number).reduce((a, b) => a + b))' 1 2 3",
                stdout: "6\n",
            },
            Example {
                description: "bump a package.json's version",
                script: "echo '{\"name\":\"app\",\"version\":\"1.2.3\"}' > package.json\nnode -e \"const fs=require('fs');const p=JSON.parse(fs.readFileSync('package.json','utf8'));p.version='1.3.0';fs.writeFileSync('package.json',JSON.stringify(p,null,2)+'\\n')\"\ncat package.json",
                stdout: "{\n  \"name\": \"app\",\n  \"version\": \"1.3.0\"\n}\n",
            },
            Example {
                description: "print a value as Node logs it",
                script: "node -p '({a: [1, 2], b: \"x\", m: new Map([[1, 2]])})'",
                stdout: "{ a: [ 1, 2 ], b: 'x', m: Map(1) { 1 => 2 } }\n",
            },
        ],
        errors: "exit 1 for an uncaught exception or rejection (printed as Node prints it), 9 for a bad option, the script's own status through process.exit; 125 when the memory budget is exceeded, 130 when cancelled",
        risk: RiskLevel::MediumRisk,
    }
}

pub(crate) fn npm_spec(name: &'static str) -> CommandSpec {
    CommandSpec {
        name,
        group: "lang",
        summary: "not available: the sandbox installs no npm packages",
        usage: "npm COMMAND [ARG]...",
        description: "Present so that a script calling npm or npx learns why it cannot: the sandbox's node has its built-in modules only, and nothing can be installed or fetched. Every call fails with status 1.",
        options: &[],
        operands: NPM_OPERANDS,
        returns: "nothing: a message on stderr",
        examples: &[],
        errors: "always exit 1",
        risk: RiskLevel::ReadOnly,
    }
}

/// The commands this crate provides, to register in a session.
pub fn commands() -> Vec<Arc<dyn Command>> {
    vec![
        Arc::new(Node::named("node")),
        Arc::new(Node::named("nodejs")),
        Arc::new(Npm::named("npm")),
        Arc::new(Npm::named("npx")),
    ]
}
#[cfg(test)]
mod tests;
