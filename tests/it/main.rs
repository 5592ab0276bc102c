//! sandsh's integration tests, in one binary with a module per area (as ripgrep does), so
//! that the crate is linked once for all of them. The spec runner (`tests/spec_runner.rs`,
//! `cargo test --test spec`) is the other test binary; it has its own harness.
//!
//! Run one area with `cargo test --test it AREA::`, e.g. `cargo test --test it sed_diff::`.

/// As in the `sandsh` binary: every session's heap counts against its memory budget, so the
/// tests see the accounting the binary has (`sandsh::meter`).
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

// The shell language and the kernel.
mod analyze; // analyze(script) and the read-only auto-approval
mod builtin_examples; // every builtin's examples, run by bash 5.2
mod declared_options; // every option a command declares, it accepts
mod examples; // every command's and builtin's examples, run by sandsh
mod jobs;
mod kernel; // supervision: timeouts, cancellation, limits
mod kernel_commands; // command tests that need a whole kernel (moved out of the crates)
mod layers; // the interpreter's modules: no import cycle through builtins/
mod props; // the parser and expansions never panic (proptest)
mod robustness; // generated scripts never panic // session jobs across calls
mod threadless; // pipelines without threads, as in the browser build

// The sandbox.
mod hostile; // attack scripts against the real binary (tests/hostile/*.sh)
mod policy; // the command policy
mod sandbox; // escapes through host mounts

// Commands against the GNU tools, gawk and bc on this machine.
mod archive_diff;
mod awk_diff;
mod bc_diff;
mod diff_side_diff; // diff -y, -t, -T against GNU diff
mod git_diff; // git against the host's git (tests/git/*.sh), repositories both ways
mod git_merge; // the three-way text merge against the host's git merge-file
mod gnu_diff;
mod grep_diff;
mod gzip_exact; // the deflate encoder and gzip/tar -z against GNU gzip 1.12, byte for byte
mod hooks; // the embedder's hooks around every registered command
#[cfg(feature = "html")]
mod html_to_markdown; // html-to-markdown (written expectations: no reference tool here)
mod jq;
mod net; // curl, wget and web_search against local servers
mod node; // node in a session: limits, the sandbox, what is refused
mod node_diff; // node against the host's Node 20 (tests/node/*.sh)
mod output; // output past the limit: head and tail kept, the whole saved in the VFS
mod python; // python3 in a session: processes, limits, mounts
mod python_diff; // python3 against the host's CPython (tests/python/*.sh)
mod rg;
mod secrets; // credentials that never enter the sandbox, against a local server
mod sed_diff;
#[cfg(feature = "sqlite")]
mod sqlite3; // against the host's sqlite3 CLI
mod utils_a_diff;
mod utils_b_diff;
mod utils_c_diff;
mod yq;

// The frontends and the integrator's API.
#[cfg(feature = "mcp")]
mod balancer; // three replicas behind nginx (round-robin), over Redis and PostgreSQL
mod cli;
mod generated; // the man page, completions and README tables match the binary
mod integrator;
#[cfg(feature = "mcp")]
mod mcp;
mod repl;
mod seed_port;
mod session_config;
mod snapshots; // signed snapshots, the restoring configuration, format versions // one configuration through the CLI, Rust and MCP (and the packages' suites)
#[cfg(feature = "mcp")]
mod stores; // stateless MCP replicas over real Redis and PostgreSQL
mod text_editor;
mod tool;
mod trace; // an event per command and per run, to a sink or as JSON lines

mod diff; // the host side of the differential tests
mod util; // helpers shared by the modules

// The benchmark cases, checked against bash.
mod bench_cases;
mod cliffs; // every regex-taking command scales linearly with its input
