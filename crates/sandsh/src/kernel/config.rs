//! [`KernelConfig`]: what a session is built from. Its data is one [`SessionConfig`] (user,
//! files, mounts, limits, policy, network, timeout: the type every frontend maps onto); beside
//! it ride what cannot be data (custom commands and toolsets, a backend, the confirmation
//! hook, host directories to copy in, a registry shared with a tool). Set builder-style and
//! read once by [`super::Kernel::new`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sandsh_api::Command;
use sandsh_commands::{Registry, Toolset};
use sandsh_vfs::KernelBackend;

use super::{AskHook, CommandPolicy};
use crate::config::SessionConfig;

/// The builder methods of a session's configuration, written once for [`KernelConfig`] and for
/// the builders that wrap one (`BashBuilder`, `BashToolBuilder`). The arguments are the path
/// from `self` to the wrapped [`KernelConfig`] (none for `KernelConfig` itself).
macro_rules! config_setters {
    ($($cfg:ident).*) => {
        /// The user (`whoami`, `$HOME` = `/home/<user>`).
        pub fn username(mut self, u: impl Into<String>) -> Self {
            self$(.$cfg)*.session.username = Some(u.into());
            self
        }
        /// The host name (`hostname`, `$HOSTNAME`).
        pub fn hostname(mut self, h: impl Into<String>) -> Self {
            self$(.$cfg)*.session.hostname = Some(h.into());
            self
        }
        /// An exported variable (its name shows in the tool's `help()`, never its value).
        pub fn env(mut self, k: impl Into<String>, v: impl Into<String>) -> Self {
            self$(.$cfg)*.session.env.push((k.into(), v.into()));
            self
        }
        /// Start in `dir` (inside the sandbox, e.g. a mount point).
        pub fn cwd(mut self, dir: impl Into<String>) -> Self {
            self$(.$cfg)*.session.cwd = Some(dir.into());
            self
        }
        /// Resource limits (replaces a profile set earlier).
        pub fn limits(mut self, l: $crate::kernel::ExecutionLimits) -> Self {
            self$(.$cfg)*.session.set_limits(&l);
            self
        }
        /// How output past the output limit is kept (its head and tail, and a saved copy).
        pub fn output(mut self, o: $crate::config::OutputConfig) -> Self {
            self$(.$cfg)*.session.output = o;
            self
        }
        /// A time limit for every run (a request's own timeout overrides it).
        pub fn timeout(mut self, t: std::time::Duration) -> Self {
            self$(.$cfg)*.session.timeout = Some(t);
            self
        }
        /// Allow network requests (`curl`, `wget`) matching `rule`: a URL prefix (scheme,
        /// host, port and path prefix), optionally preceded by the methods allowed, e.g.
        /// `https://api.example.com/v1/` (GET and HEAD) or `POST,GET https://api.example.com/v1/`.
        /// Nothing is reachable without a rule; a bad rule is reported by every run.
        pub fn allow_net(mut self, rule: impl Into<String>) -> Self {
            self$(.$cfg)*.session.allow_net.push(rule.into());
            self
        }
        /// A credential the network layer puts on the wire for requests under its URL
        /// prefix; the script sees at most a placeholder ([`crate::config::SecretConfig`]).
        pub fn secret(mut self, secret: crate::config::SecretConfig) -> Self {
            self$(.$cfg)*.session.secrets.push(secret);
            self
        }
        /// Write a file into the VFS at start (parent directories are created).
        pub fn file(mut self, path: impl Into<String>, contents: impl Into<Vec<u8>>) -> Self {
            self$(.$cfg)*.session.files.push((path.into(), contents.into()));
            self
        }
        /// Mount the host directory `host` at `vfs_path` (`ro`, `overlay` or `rw`).
        pub fn mount(
            mut self,
            host: impl Into<std::path::PathBuf>,
            vfs_path: impl Into<std::path::PathBuf>,
            mode: sandsh_vfs::MountMode,
        ) -> Self {
            self$(.$cfg)*.session.add_mount(host, &vfs_path.into(), mode);
            self
        }
        /// Register a toolset (a named group of commands) at start.
        pub fn toolset(mut self, set: sandsh_commands::Toolset) -> Self {
            self$(.$cfg)*.toolsets.push(set);
            self
        }
        /// A custom command available under `name`.
        pub fn builtin(
            mut self,
            name: impl Into<String>,
            command: Box<dyn sandsh_api::Command>,
        ) -> Self {
            self$(.$cfg)*.commands.push($crate::tool::named(&name.into(), command));
            self
        }
    };
}
pub(crate) use config_setters;

/// Configuration of a kernel (builder style).
#[derive(Clone, Default)]
pub struct KernelConfig {
    /// Everything that is data (see [`SessionConfig`]).
    pub session: SessionConfig,
    /// Extra commands registered on top of the standard ones.
    pub commands: Vec<Arc<dyn Command>>,
    /// The filesystem (default: a fresh [`sandsh_vfs::MemoryFs`] with the standard tree).
    pub backend: Option<Arc<dyn KernelBackend>>,
    /// Toolsets registered at start (more can come with [`super::Kernel::register_toolset`]).
    pub toolsets: Vec<Toolset>,
    /// Host directories copied into the VFS at start: (host directory, VFS path).
    pub copies: Vec<(PathBuf, String)>,
    /// The embedder's hooks around every registered command (`sandsh::api::hooks`).
    pub hooks: Option<Arc<dyn sandsh_api::hooks::CommandHooks>>,
    /// Where the session's trace goes ([`crate::trace`]).
    pub trace: Option<Arc<dyn crate::trace::TraceSink>>,
    /// The embedder's hook on every network request (`sandsh::net::RequestHook`).
    pub request_hook: Option<Arc<dyn sandsh_net::RequestHook>>,
    /// Who confirms a command the policy asks about (the session's `ask` hook when `None`;
    /// no hook answers no).
    pub confirm: Option<AskHook>,
    /// The session's commands as a registry shared with whoever built it (the tool layer
    /// keeps one for all the sessions of a tool); `commands` and `toolsets` are then taken
    /// to be in it already. `None`: a registry of its own ([`KernelConfig::command_registry`]).
    pub shared_registry: Option<Arc<Registry>>,
}

impl std::fmt::Debug for KernelConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelConfig")
            .field("session", &self.session)
            .finish_non_exhaustive()
    }
}

impl From<SessionConfig> for KernelConfig {
    fn from(session: SessionConfig) -> Self {
        KernelConfig {
            session,
            ..KernelConfig::default()
        }
    }
}

/// The standard commands and the engines of this build (`python3`…): a copy (on write) of one
/// registry built once per process.
fn standard_registry() -> Registry {
    static STANDARD: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    STANDARD
        .get_or_init(|| {
            let registry = Registry::standard();
            #[cfg(feature = "python")]
            for c in sandsh_cpython::commands() {
                registry.register(c);
            }
            #[cfg(feature = "js")]
            for c in sandsh_js::commands() {
                registry.register(c);
            }
            #[cfg(feature = "git")]
            for c in sandsh_git::commands() {
                registry.register(c);
            }
            #[cfg(not(feature = "python"))]
            registry.leave_out(
                &["python3", "python"],
                if cfg!(target_arch = "wasm32") {
                    "not in the browser build: CPython runs on wasmtime, which cannot run in a page"
                } else {
                    "CPython (on wasmtime) is not compiled into this build"
                },
            );
            #[cfg(not(feature = "js"))]
            registry.leave_out(
                &["node", "nodejs"],
                if cfg!(target_arch = "wasm32") {
                    "not in the browser build: QuickJS is C, not built for wasm32 here"
                } else {
                    "JavaScript (QuickJS, a C library) is not compiled into this build"
                },
            );
            #[cfg(not(feature = "git"))]
            registry.leave_out(
                &["git"],
                if cfg!(target_arch = "wasm32") {
                    "not in the browser build yet"
                } else {
                    "git is not compiled into this build"
                },
            );
            registry
        })
        .clone()
}

impl KernelConfig {
    pub fn new() -> Self {
        Self::default()
    }

    /// Run the sessions of this configuration on `registry`, shared with whoever built it
    /// (see [`KernelConfig::shared_registry`]).
    pub fn with_shared_registry(mut self, registry: Arc<Registry>) -> Self {
        self.shared_registry = Some(registry);
        self
    }

    /// The commands a session of this configuration starts with: the standard ones and the
    /// language engines compiled in, then the configuration's commands and toolsets.
    pub fn command_registry(&self) -> Registry {
        let registry = standard_registry();
        for c in &self.commands {
            registry.register(c.clone());
        }
        for set in &self.toolsets {
            registry.register_toolset(set);
        }
        registry
    }

    /// The session's command policy: its data with the confirmation hook.
    pub fn command_policy(&self) -> CommandPolicy {
        let p = &self.session.policy;
        CommandPolicy {
            deny: p.deny.clone(),
            allow_only: p.allow_only.clone(),
            confirm_at: p.confirm_at,
            confirm: self.confirm.clone(),
            approve_read_only: p.approve_read_only, // issue 45: read-only auto-approval
        }
    }

    /// The whole session's data at once.
    pub fn session(mut self, s: SessionConfig) -> Self {
        self.session = s;
        self
    }
    config_setters!();

    pub fn command(mut self, c: Arc<dyn Command>) -> Self {
        self.commands.push(c);
        self
    }
    pub fn backend(mut self, b: Arc<dyn KernelBackend>) -> Self {
        self.backend = Some(b);
        self
    }
    /// Copy the host directory `host` (recursively: files, directories, symlinks) to
    /// `vfs_path` at start. Unlike a mount, the session works on its own copy; the copy
    /// counts against the VFS limits.
    pub fn copy_dir(mut self, host: impl Into<PathBuf>, vfs_path: impl Into<String>) -> Self {
        self.copies.push((host.into(), vfs_path.into()));
        self
    }
    /// Cap the time of one network request.
    pub fn net_max_time(mut self, t: Duration) -> Self {
        self.session.net_max_time = Some(t);
        self
    }
    /// Hooks around every registered command: see each before it runs (run it, refuse it,
    /// or run another argv) and hear how it ended (`sandsh::api::hooks`).
    pub fn hooks(mut self, hooks: Arc<dyn sandsh_api::hooks::CommandHooks>) -> Self {
        self.hooks = Some(hooks);
        self
    }
    /// Send the session's trace (an event per command and per run) to `sink`
    /// ([`crate::trace`]).
    pub fn trace(mut self, sink: Arc<dyn crate::trace::TraceSink>) -> Self {
        self.trace = Some(sink);
        self
    }
    /// A hook on every network request, each redirect hop included, after the allowlist has
    /// passed it: refuse it, or change its headers (`sandsh::net::RequestHook`).
    pub fn request_hook(mut self, hook: Arc<dyn sandsh_net::RequestHook>) -> Self {
        self.request_hook = Some(hook);
        self
    }
    /// Set the command policy (deny- and allow-lists, confirmation above a risk level, and
    /// the hook that confirms).
    pub fn policy(mut self, p: CommandPolicy) -> Self {
        self.session.policy = crate::config::PolicyConfig {
            deny: p.deny,
            allow_only: p.allow_only,
            confirm_at: p.confirm_at,
            approve_read_only: p.approve_read_only, // issue 45: read-only auto-approval
            redact: std::mem::take(&mut self.session.policy.redact),
        };
        self.confirm = p.confirm;
        self
    }
}
