//! [`KernelConfig`]: everything a session is built from (user, files, mounts, limits, policy,
//! network, commands), set builder-style and read once by [`super::Kernel::new`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sandsh_api::Command;
use sandsh_commands::{Registry, Toolset};
use sandsh_vfs::{KernelBackend, MountMode, MountSpec};

use super::{CommandPolicy, ExecutionLimits};

/// Configuration of a kernel (builder style).
#[derive(Clone)]
pub struct KernelConfig {
    pub username: String,
    pub hostname: String,
    pub env: Vec<(String, String)>,
    /// Starting directory (default: the user's home).
    pub cwd: Option<String>,
    pub limits: ExecutionLimits,
    /// Script timeout for every `execute` (none by default).
    pub timeout: Option<Duration>,
    /// Extra commands registered on top of the standard ones.
    pub commands: Vec<Arc<dyn Command>>,
    /// The filesystem (default: a fresh [`MemoryFs`] with the standard tree).
    pub backend: Option<Arc<dyn KernelBackend>>,
    /// Host directories mounted into the VFS.
    pub mounts: Vec<MountSpec>,
    /// Network allowlist: `[METHODS ]URL-PREFIX` rules (see [`sandsh_net::policy`]); empty
    /// means no network at all.
    pub allow_net: Vec<String>,
    /// Cap on the time of one network request (default [`sandsh_net::DEFAULT_MAX_TIME`]).
    pub net_max_time: Duration,
    /// Toolsets registered at start (more can come with [`Kernel::register_toolset`]).
    pub toolsets: Vec<Toolset>,
    /// Files written into the VFS at start: (path, contents).
    pub files: Vec<(String, Vec<u8>)>,
    /// Host directories copied into the VFS at start: (host directory, VFS path).
    pub copies: Vec<(PathBuf, String)>,
    /// Which commands may run and which invocations are confirmed first
    /// ([`CommandPolicy`]; nothing is restricted by default).
    pub policy: CommandPolicy,
    /// The session's commands as a registry shared with whoever built it (the tool layer
    /// keeps one for all the sessions of a tool); `commands` and `toolsets` are then taken
    /// to be in it already. `None`: a registry of its own ([`KernelConfig::command_registry`]).
    pub shared_registry: Option<Arc<Registry>>,
}

impl Default for KernelConfig {
    fn default() -> Self {
        KernelConfig {
            username: "user".to_string(),
            hostname: "sandbox".to_string(),
            env: Vec::new(),
            cwd: None,
            limits: ExecutionLimits::default(),
            timeout: None,
            commands: Vec::new(),
            backend: None,
            mounts: Vec::new(),
            allow_net: Vec::new(),
            net_max_time: sandsh_net::DEFAULT_MAX_TIME,
            toolsets: Vec::new(),
            files: Vec::new(),
            copies: Vec::new(),
            policy: CommandPolicy::default(),
            shared_registry: None,
        }
    }
}

impl std::fmt::Debug for KernelConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelConfig")
            .field("username", &self.username)
            .field("hostname", &self.hostname)
            .field("cwd", &self.cwd)
            .finish_non_exhaustive()
    }
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

    /// The commands a session of this configuration starts with: the standard ones, then
    /// the configuration's commands and toolsets.
    pub fn command_registry(&self) -> Registry {
        let registry = Registry::standard();
        for c in &self.commands {
            registry.register(c.clone());
        }
        for set in &self.toolsets {
            registry.register_toolset(set);
        }
        registry
    }
    pub fn username(mut self, u: impl Into<String>) -> Self {
        self.username = u.into();
        self
    }
    pub fn hostname(mut self, h: impl Into<String>) -> Self {
        self.hostname = h.into();
        self
    }
    pub fn env(mut self, k: impl Into<String>, v: impl Into<String>) -> Self {
        self.env.push((k.into(), v.into()));
        self
    }
    pub fn cwd(mut self, c: impl Into<String>) -> Self {
        self.cwd = Some(c.into());
        self
    }
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = l;
        self
    }
    pub fn timeout(mut self, t: Duration) -> Self {
        self.timeout = Some(t);
        self
    }
    pub fn command(mut self, c: Arc<dyn Command>) -> Self {
        self.commands.push(c);
        self
    }
    pub fn backend(mut self, b: Arc<dyn KernelBackend>) -> Self {
        self.backend = Some(b);
        self
    }
    /// Allow network requests matching `rule`: a URL prefix, optionally preceded by the
    /// methods allowed (`https://api.example.com/v1/`, `POST,GET https://api.example.com/v1/`,
    /// `* http://127.0.0.1:8080/`). GET and HEAD when no method is listed.
    pub fn allow_net(mut self, rule: impl Into<String>) -> Self {
        self.allow_net.push(rule.into());
        self
    }
    /// Register a toolset at start.
    pub fn toolset(mut self, set: Toolset) -> Self {
        self.toolsets.push(set);
        self
    }
    /// Write a file into the VFS at start (parent directories are created).
    pub fn file(mut self, path: impl Into<String>, contents: impl Into<Vec<u8>>) -> Self {
        self.files.push((path.into(), contents.into()));
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
        self.net_max_time = t;
        self
    }
    /// Set the command policy (deny- and allow-lists, confirmation above a risk level).
    pub fn policy(mut self, p: CommandPolicy) -> Self {
        self.policy = p;
        self
    }
    /// Mount the host directory `host` at `vfs_path` (`ro`, `overlay` or `rw`).
    pub fn mount(
        mut self,
        host: impl Into<PathBuf>,
        vfs_path: impl Into<PathBuf>,
        mode: MountMode,
    ) -> Self {
        self.mounts.push(MountSpec {
            host: host.into(),
            path: sandsh_vfs::normalize(std::path::Path::new("/"), &vfs_path.into()),
            mode,
        });
        self
    }
}
