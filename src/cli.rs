//! Command-line definition of the `sandsh` binary (clap), shared by `main.rs`, the man page and
//! shell completions so that they cannot drift apart.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser};
use sandsh::SessionConfig;
use sandsh::limits::{LIMITS, Limit};
use sandsh::trace::{JsonLines, TraceSink};
use serde_json::{Value, json};

/// A sandboxed, bash-compatible shell: commands run in-process over a virtual filesystem and the
/// host is unreachable unless mounted.
#[derive(Debug, Default, Parser)]
#[command(
    name = "sandsh",
    version,
    about,
    override_usage = "sandsh [OPTIONS] [-c COMMANDS [NAME [ARGS]...] | SCRIPT [ARGS]...]",
    after_help = "With neither -c nor SCRIPT, the script is read from standard input, or, on a terminal, \
                  sandsh opens the interactive REPL."
)]
pub struct Cli {
    /// Run COMMANDS (the first argument); NAME sets $0 and ARGS set $1…
    #[arg(short = 'c', help_heading = "Shell")]
    pub command: bool,

    /// Exit on the first failing command (set -e)
    #[arg(short = 'e', help_heading = "Shell")]
    pub errexit: bool,

    /// Treat unset variables as an error (set -u)
    #[arg(short = 'u', help_heading = "Shell")]
    pub nounset: bool,

    /// Print commands as they run (set -x)
    #[arg(short = 'x', help_heading = "Shell")]
    pub xtrace: bool,

    /// Set a shell option by name, as `set -o` does (e.g. -o pipefail)
    #[arg(short = 'o', value_name = "OPTION", action = ArgAction::Append, help_heading = "Shell")]
    pub options: Vec<String>,

    /// Mount a host directory: HOST:PATH[:ro|:overlay|:rw] (default ro; repeatable)
    #[arg(long, value_name = "HOST:PATH[:MODE]", action = ArgAction::Append, help_heading = "Sandbox")]
    pub mount: Vec<String>,

    /// Allow network requests matching '[METHODS ]URL-PREFIX' (repeatable), e.g.
    /// 'https://api.example.com/v1/' (GET and HEAD) or 'POST,GET https://api.example.com/v1/'
    #[arg(long, value_name = "URL", action = ArgAction::Append, help_heading = "Sandbox")]
    pub allow_net: Vec<String>,

    /// A credential for requests under URL, taken from the host variable NAME (repeatable):
    /// the sandbox's $NAME holds only a placeholder, replaced by the value on the wire for
    /// requests under URL; INJECT (bearer, basic, header:H, query:Q) also sends it by itself
    #[arg(long, value_name = "NAME=URL[,INJECT]", action = ArgAction::Append, help_heading = "Sandbox")]
    pub secret: Vec<String>,

    /// Append the session's trace to FILE on the host: one JSON line per command that ran
    /// (name, args, cwd, status, duration, bytes read and written), per refused command (who
    /// refused it) and per run (status, duration, the limit or timeout that ended it, output cut)
    #[arg(long, value_name = "FILE", help_heading = "Sandbox")]
    pub trace: Option<PathBuf>,

    /// Send the session's trace as OpenTelemetry spans to the OTLP/HTTP collector at URL
    /// (plain http, e.g. http://127.0.0.1:4318): a span per run, a child span per command
    #[arg(long, value_name = "URL", help_heading = "Sandbox")]
    pub otlp: Option<String>,

    /// Start in DIR inside the sandbox, e.g. `--mount .:/work:overlay --cwd /work`
    #[arg(long, value_name = "DIR", help_heading = "Sandbox")]
    pub cwd: Option<String>,

    /// Pass the host variable NAME into the sandbox, or set NAME=VALUE (repeatable); the
    /// sandbox sees no other host variable
    #[arg(long, value_name = "NAME[=VALUE]", action = ArgAction::Append, help_heading = "Sandbox")]
    pub env: Vec<String>,

    /// Never run command CMD, however it is called (repeatable): it fails with status 126
    #[arg(long, value_name = "CMD", action = ArgAction::Append, help_heading = "Policy")]
    pub deny: Vec<String>,

    /// Run only the commands named this way, and shell builtins (repeatable)
    #[arg(long, value_name = "CMD", action = ArgAction::Append, help_heading = "Policy")]
    pub allow_only: Vec<String>,

    /// Ask before running a command whose risk is RISK or more (read_only, low, medium, high,
    /// critical; e.g. rm -r is high, and critical on a read-write mount); unanswered: refused
    #[arg(long, value_name = "RISK", help_heading = "Policy")]
    pub confirm_at: Option<String>,

    /// With --confirm-at: run a script without asking when its analysis (--analyze) finds it
    /// read-only (read-only commands only, nothing written, no network, nothing opaque)
    #[arg(long, help_heading = "Policy")]
    pub approve_read_only: bool,

    /// Never show the value of option OPT in traces (--trace, --otlp): `--password`, `-p`, or
    /// `CMD OPT` for one command (repeatable)
    #[arg(long, value_name = "OPT", action = ArgAction::Append, help_heading = "Policy")]
    pub redact: Vec<String>,

    /// Load the session from FILE when it exists and save it there at exit
    #[arg(long, value_name = "FILE", help_heading = "Sandbox")]
    pub snapshot: Option<std::path::PathBuf>,

    /// Print the BashTool system prompt for this configuration (to paste into a model's context)
    #[arg(long, help_heading = "Output")]
    pub system_prompt: bool,

    /// Print the BashTool man page (help()) for this configuration
    #[arg(long, help_heading = "Output")]
    pub tool_help: bool,

    /// Print the session configuration these options make, as JSON (the shape the Python and
    /// Node packages' `config` show), and exit
    #[arg(long, help_heading = "Output")]
    pub print_config: bool,

    /// Print what the script may do as JSON (commands with their risk, files, URLs, opaque
    /// constructs, parse errors), without running it
    #[arg(long, help_heading = "Output")]
    pub analyze: bool,

    /// Print the result as one JSON object {stdout, stderr, exit_code, error, …}
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Output past --max-output-bytes keeps this share of the limit from its start and the
    /// rest from its end, and is saved whole under /tmp/sandsh-output (--json and the MCP
    /// server; default 0.2, 1 keeps only the start)
    #[arg(long, value_name = "SHARE", help_heading = "Output")]
    pub output_head: Option<String>,

    /// Bytes of cut output kept under /tmp/sandsh-output, oldest first out (default 64M; 0
    /// saves none)
    #[arg(long, value_name = "SIZE", help_heading = "Output")]
    pub output_save_quota: Option<String>,

    /// Stop the script after DURATION (30, 500ms, 2m); exit status 124
    #[arg(long, value_name = "DURATION", help_heading = "Limits")]
    pub timeout: Option<String>,

    /// Limits profile: strict (untrusted input), standard, interactive
    #[arg(long, value_name = "PROFILE", help_heading = "Limits")]
    pub profile: Option<String>,

    /// One flag per limit, generated from the limits table.
    #[command(flatten)]
    pub limits: LimitArgs,

    /// Serve MCP (Model Context Protocol) over standard input/output: one session for the
    /// server's lifetime
    #[arg(long, help_heading = "MCP server")]
    pub mcp: bool,

    /// Serve MCP over streamable HTTP on ADDR (e.g. 127.0.0.1:8765): one session per client
    #[arg(
        long,
        value_name = "ADDR",
        conflicts_with = "mcp",
        help_heading = "MCP server"
    )]
    pub mcp_http: Option<String>,

    /// MCP over HTTP: end a session after DURATION without requests (default 30m)
    #[arg(long, value_name = "DURATION", help_heading = "MCP server")]
    pub session_idle: Option<String>,

    /// MCP over HTTP: most sessions alive at once (default 64)
    #[arg(long, value_name = "N", help_heading = "MCP server")]
    pub max_sessions: Option<String>,

    /// MCP over HTTP: save each session's snapshot in DIR after every call and restore it when
    /// the session comes back after a restart
    #[arg(long, value_name = "DIR", help_heading = "MCP server")]
    pub state_dir: Option<std::path::PathBuf>,

    /// MCP over HTTP: keep sessions in STORE (redis://HOST:PORT, postgres://USER:PASS@HOST/DB
    /// or dir:PATH) so that any server sharing it serves any call of any session
    #[arg(long, value_name = "STORE", help_heading = "MCP server")]
    pub session_store: Option<String>,

    /// MCP over HTTP with a session store: how long a call waits while another call of its
    /// session runs before failing with a retryable error (default 30s)
    #[arg(long, value_name = "DURATION", help_heading = "MCP server")]
    pub session_wait: Option<String>,

    /// MCP over HTTP with a session store: largest saved state of one session (default 256M)
    #[arg(long, value_name = "SIZE", help_heading = "MCP server")]
    pub session_max_size: Option<String>,

    /// MCP server: log level on stderr (error, warn, info, debug, trace; default warn)
    #[arg(long, value_name = "LEVEL", help_heading = "MCP server")]
    pub log_level: Option<String>,

    /// REPL: run FILE (read from the host) inside the sandbox at start instead of
    /// $XDG_CONFIG_HOME/sandsh/init.sh
    #[arg(long, value_name = "FILE", help_heading = "Interactive")]
    pub init: Option<std::path::PathBuf>,

    /// REPL: do not run an init file
    #[arg(long, help_heading = "Interactive")]
    pub no_init: bool,

    /// Print the man page (`man`) or shell completions (`completions SHELL`: bash, zsh, fish,
    /// elvish, powershell) and exit
    #[arg(long, value_names = ["KIND", "SHELL"], num_args = 1..=2, help_heading = "Output")]
    pub generate: Option<Vec<String>>,

    /// COMMANDS (with -c) or SCRIPT, then arguments
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<OsString>,
}

impl Cli {
    /// The limit flags given, as (flag name, value).
    pub fn limit_flags(&self) -> Vec<(&'static str, &str)> {
        self.limits
            .0
            .iter()
            .map(|(l, v)| (l.def().flag, v.as_str()))
            .collect()
    }
}

/// The `--max-…` flags: built at run time from [`LIMITS`], so a new limit gets its flag, its
/// man page entry and its completions without a line here.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LimitArgs(pub Vec<(Limit, String)>);

impl FromArgMatches for LimitArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for d in LIMITS {
            if let Some(v) = m.get_one::<String>(d.field) {
                given.push((d.limit, v.clone()));
            }
        }
        Ok(LimitArgs(given))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for LimitArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.args(LIMITS.iter().map(|d| {
            Arg::new(d.field)
                .long(d.flag)
                .value_name(d.unit.value_name())
                .action(ArgAction::Set)
                .value_parser(clap::value_parser!(String))
                .help(d.help)
                .help_heading("Limits")
        }))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl Cli {
    /// The variables `--env` names, resolved: `NAME=VALUE` as given, `NAME` from the host
    /// (left out when the host does not have it).
    pub fn env_vars(&self) -> Result<Vec<(String, String)>, String> {
        let mut out = Vec::new();
        for e in &self.env {
            let (name, value) = match e.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (e.as_str(), None),
            };
            sandsh::config::check_env_name(name).map_err(|e| e.for_key("--env").to_string())?;
            let value = match value {
                Some(v) => Some(v),
                None => std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()),
            };
            if let Some(v) = value {
                out.push((name.to_string(), v));
            }
        }
        Ok(out)
    }

    /// The session the command line asks for: each flag is a line onto its key of
    /// [`SessionConfig`], read by the config's own parser (the flag's text as the value) and
    /// reported under the flag's name. The CLI's kernel, `--system-prompt` and the MCP
    /// server's sessions are all made from it.
    pub fn session_config(&self) -> Result<SessionConfig, String> {
        let mut c = SessionConfig::default();
        let mut set = |flag: &str, key: &str, v: Value| {
            c.set(key, &v).map_err(|e| e.for_key(flag).to_string())
        };
        if let Some(p) = &self.profile {
            set("--profile", "profile", json!(p))?;
        }
        for (flag, value) in self.limit_flags() {
            set(&format!("--{flag}"), "limits", json!({ flag: value }))?;
        }
        for m in &self.mount {
            set("--mount", "mounts", json!(m))?;
        }
        for rule in &self.allow_net {
            set("--allow-net", "allow_net", json!(rule))?;
        }
        for spec in &self.secret {
            let secret = secret_flag(spec)?;
            set("--secret", "secrets", json!([secret]))?;
        }
        if let Some(t) = &self.timeout {
            set("--timeout", "timeout", json!(t))?;
        }
        if let Some(h) = &self.output_head {
            set("--output-head", "output", json!({ "head": h }))?;
        }
        if let Some(q) = &self.output_save_quota {
            set("--output-save-quota", "output", json!({ "save_quota": q }))?;
        }
        for (k, v) in self.env_vars()? {
            set("--env", "env", json!({ k: v }))?;
        }
        if let Some(dir) = &self.cwd {
            set("--cwd", "cwd", json!(dir))?;
        }
        for name in &self.deny {
            set("--deny", "policy", json!({ "deny": [name] }))?;
        }
        for name in &self.allow_only {
            set("--allow-only", "policy", json!({ "allow_only": [name] }))?;
        }
        if let Some(r) = &self.confirm_at {
            set("--confirm-at", "policy", json!({ "confirm_at": r }))?;
        }
        if self.approve_read_only {
            set(
                "--approve-read-only",
                "policy",
                json!({ "approve_read_only": true }),
            )?;
        }
        for opt in &self.redact {
            set("--redact", "policy", json!({ "redact": [opt] }))?;
        }
        Ok(c)
    }

    /// A [`BashTool`](sandsh::tool::BashTool) builder for the command line's session
    /// ([`Cli::session_config`]): what `--system-prompt`, `--tool-help` and the MCP server's
    /// sessions are made from.
    pub fn tool_builder(&self) -> Result<sandsh::tool::BashToolBuilder, String> {
        let b = sandsh::tool::BashTool::builder().config(self.session_config()?);
        Ok(match self.trace_sink()? {
            Some(sink) => b.trace(sink),
            None => b,
        })
    }

    /// `--trace FILE`: one sink per process, whatever the number of sessions (the MCP
    /// server's), so that their lines do not interleave mid-line.
    pub fn trace_sink(&self) -> Result<Option<Arc<dyn TraceSink>>, String> {
        static SINK: OnceLock<Option<Arc<dyn TraceSink>>> = OnceLock::new();
        if let Some(s) = SINK.get() {
            return Ok(s.clone());
        }
        let mut sinks: Vec<Arc<dyn TraceSink>> = Vec::new();
        if let Some(path) = &self.trace {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--trace {}: {e}", path.display()))?;
            sinks.push(Arc::new(JsonLines::new(Box::new(file))));
        }
        if let Some(url) = &self.otlp {
            sinks.push(otlp_sink(url)?);
        }
        let sink: Option<Arc<dyn TraceSink>> = match sinks.len() {
            0 => None,
            1 => sinks.pop(),
            _ => Some(Arc::new(sandsh::trace::Fanout::new(sinks))),
        };
        Ok(SINK.get_or_init(|| sink).clone())
    }
}

impl Cli {
    /// An argument the command line cannot take, as bash refuses one (`bash --bogus`:
    /// `--bogus: invalid option`, its usage, status 2): an option sandsh does not know, where
    /// the script name would be, or any argument after `--mcp` / `--mcp-http ADDR`, which run
    /// no script (a misspelt `--state-dir` must not start a server without it).
    pub fn refused_argument(&self) -> Option<String> {
        const USAGE: &str = "Usage: sandsh [OPTIONS] [-c COMMANDS [NAME [ARGS]...] | SCRIPT [ARGS]...]\n\
                             Try 'sandsh --help' for more information.";
        let first = self.args.first()?.to_string_lossy();
        if self.mcp || self.mcp_http.is_some() {
            let mode = if self.mcp { "--mcp" } else { "--mcp-http" };
            return Some(format!("{mode}: unexpected argument '{first}'\n{USAGE}"));
        }
        (!self.command && first.starts_with('-') && first != "-")
            .then(|| format!("{first}: invalid option\n{USAGE}"))
    }

    /// The command line, parsed. The plain forms `sandsh -c COMMANDS [NAME [ARGS]…]` and
    /// `sandsh SCRIPT [ARGS]…` (no other options) are recognised directly: building clap's
    /// parser costs about a quarter of a cold `sandsh -c 'echo hi'`. Anything else goes through
    /// clap, which gives the same result for these forms.
    pub fn from_env() -> Cli {
        let args: Vec<OsString> = std::env::args_os().collect();
        Self::plain(&args).unwrap_or_else(|| Cli::parse_from(args))
    }

    fn plain(args: &[OsString]) -> Option<Cli> {
        let first = args.get(1)?.as_encoded_bytes();
        let rest = if first == b"-c" {
            // `-c` must be followed by the commands, not by another option.
            let cmds = args.get(2)?.as_encoded_bytes();
            if cmds.starts_with(b"-") {
                return None;
            }
            &args[2..]
        } else if !first.is_empty() && !first.starts_with(b"-") {
            &args[1..]
        } else {
            return None;
        };
        Some(Cli {
            command: first == b"-c",
            args: rest.to_vec(),
            ..Cli::default()
        })
    }
}

/// `--otlp URL`: the OpenTelemetry exporter, when this binary has it.
fn otlp_sink(url: &str) -> Result<Arc<dyn TraceSink>, String> {
    #[cfg(feature = "otel")]
    return sandsh::trace::otlp::OtlpSink::new(url)
        .map(|s| Arc::new(s) as Arc<dyn TraceSink>)
        .map_err(|e| format!("--otlp {url}: {e}"));
    #[cfg(not(feature = "otel"))]
    return Err(format!(
        "--otlp {url}: not supported: this sandsh was built without the `otel` feature"
    ));
}

/// `--secret NAME=URL[,INJECT]`: the credential, its value read from the host's `$NAME` (never
/// from the command line, where other processes could read it).
fn secret_flag(spec: &str) -> Result<Value, String> {
    let bad = || format!("--secret {spec}: NAME=URL[,INJECT], the value in the host's $NAME");
    let (name, rest) = spec.split_once('=').ok_or_else(bad)?;
    let (url, inject) = match rest.split_once(',') {
        Some((u, i)) => (u, Some(i)),
        None => (rest, None),
    };
    let value = std::env::var(name)
        .map_err(|_| format!("--secret {spec}: the host variable {name} is not set"))?;
    Ok(json!({ "name": name, "url": url, "inject": inject, "value": value }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(args: &[&str]) -> (Option<Cli>, Cli) {
        let v: Vec<OsString> = args.iter().map(OsString::from).collect();
        (Cli::plain(&v), Cli::parse_from(v))
    }

    #[test]
    fn plain_forms_match_clap() {
        for args in [
            &["sandsh", "-c", "echo hi"][..],
            &["sandsh", "-c", "echo $0 $1", "name", "--json", "-x"],
            &["sandsh", "script.sh"],
            &["sandsh", "script.sh", "-c", "--mount", "a:b"],
        ] {
            let (fast, slow) = both(args);
            let fast = fast.unwrap_or_else(|| panic!("{args:?} should take the plain path"));
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{args:?}");
        }
    }

    #[test]
    fn options_go_through_clap() {
        for args in [
            &["sandsh"][..],
            &["sandsh", "-c"],
            &["sandsh", "-c", "-x"],
            &["sandsh", "-e", "-c", "false"],
            &["sandsh", "--json", "-c", "x"],
            &["sandsh", "-"],
            &["sandsh", ""],
        ] {
            let v: Vec<OsString> = args.iter().map(OsString::from).collect();
            assert!(Cli::plain(&v).is_none(), "{args:?}");
        }
    }
}
