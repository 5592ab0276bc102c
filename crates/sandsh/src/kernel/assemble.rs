//! Building a session from its [`super::KernelConfig`]: the root filesystem and its mounts,
//! the environment, the command registry, the budget and the shell.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use sandsh_commands::Registry;
use sandsh_interp::{Env, EnvParts, Shell};
use sandsh_runtime::budget::MemoryBudget;
use sandsh_vfs::{KernelBackend, MemoryFs, MemoryFsLimits, MountSpec, MountTable};

use super::{CancelToken, ExecutionLimits, Kernel, KernelConfig, Watchdog, preload};

impl Kernel {
    /// Create a session. A mount that cannot be opened does not panic: every `execute` of
    /// the kernel then fails with the mount error (use [`Kernel::try_new`] to get it up front).
    ///
    /// THREAT INFO-KERN-1, INFO-ENV-1: a kernel owns its filesystem, shell state, budget,
    /// watchdog and cancellation token, and starts from its own variables, never the host's.
    pub fn new(config: KernelConfig) -> Self {
        Self::build(config)
    }

    /// The configuration error every run of this session reports (a mount that failed, a
    /// bad network allowlist or policy), if any.
    pub fn config_error(&self) -> Option<&str> {
        self.config_error.as_deref()
    }

    /// Create a session, failing when a mount cannot be opened.
    pub fn try_new(config: KernelConfig) -> Result<Self, String> {
        let k = Self::build(config);
        match &k.config_error {
            Some(e) => Err(e.clone()),
            None => Ok(k),
        }
    }

    pub(super) fn mount_all(
        root: Arc<MemoryFs>,
        mounts: &[MountSpec],
    ) -> (Arc<dyn KernelBackend>, Option<String>) {
        if mounts.is_empty() {
            return (root, None);
        }
        let table = MountTable::new(root);
        let mut err = None;
        for m in mounts {
            if let Err(e) = table.mount_spec(m) {
                err.get_or_insert_with(|| format!("mount {}: {e}", m.host.display()));
            }
        }
        (Arc::new(table), err)
    }

    /// The session's environment; `root` is the in-memory root when nothing is mounted.
    /// The interpreter's environment for a session: `parts` as the kernel assembled them,
    /// with every command's `/usr/bin` entry installed and the memory budget's hook set.
    pub(super) fn make_env(
        mut parts: EnvParts,
        root: Option<&MemoryFs>,
        registry: &Registry,
        watchdog: &Watchdog,
    ) -> Arc<Env> {
        parts.command_entries =
            sandsh_interp::path::install_entries(&*parts.backend, root, &registry.command_names());
        let wd = watchdog.clone();
        parts.patience = Some(Arc::new(move |budget| wd.hold(budget)));
        let memory = parts.memory.clone();
        let env = Env::new(parts);
        // Crossing the budget stops the run like any limit (weak: the budget lives in the env).
        let weak = Arc::downgrade(&env);
        memory.set_hook(Box::new(move || {
            if let Some(e) = weak.upgrade() {
                e.stop_for_memory();
            }
        }));
        env
    }

    pub(super) fn memfs_limits(l: &ExecutionLimits) -> MemoryFsLimits {
        MemoryFsLimits {
            max_total_bytes: Some(l.max_vfs_bytes),
            max_files: Some(l.max_files),
            max_file_size: Some(l.max_file_size),
        }
    }

    fn build(config: KernelConfig) -> Self {
        let s = &config.session;
        let limits = s.execution_limits();
        let memory = MemoryBudget::new(limits.max_memory);
        let registry = match &config.shared_registry {
            Some(r) => r.clone(),
            None => Arc::new(config.command_registry()),
        };
        let (backend, root, config_error) = match &config.backend {
            Some(b) => (b.clone(), None, None),
            None => {
                let mut names = registry.command_names();
                names.sort_unstable();
                let root = Arc::new(
                    default_root(s.username(), &names)
                        .with_limits(Self::memfs_limits(&limits))
                        .with_budget(memory.clone()),
                );
                let (b, err) = Self::mount_all(root.clone(), &s.mounts);
                (b, Some(root), err)
            }
        };
        // A bad rule leaves the session without network, and every run reports it.
        let (network, net_error) = match s.net_policy().and_then(|p| Ok((p, s.net_secrets()?))) {
            Ok((policy, secrets)) => {
                let max_time = s.net_max_time.unwrap_or(sandsh_net::DEFAULT_MAX_TIME);
                let net = policy
                    .map(|p| sandsh_net::Net::with_max_time(p, limits.max_net_bytes, max_time))
                    .map(|net| match &config.request_hook {
                        Some(hook) => net.with_hook(hook.clone()),
                        None => net,
                    })
                    .map(|net| match secrets.is_empty() {
                        true => net,
                        false => net.with_secrets(secrets),
                    });
                (net, None)
            }
            Err(e) => (None, Some(e.to_string())),
        };
        let config_error = config_error
            .or_else(|| s.check().err().map(|e| e.to_string()))
            .or(net_error);
        let cancel = CancelToken::new();
        // Idle until the first run: a cancel between runs is dropped.
        cancel.disarm();
        let watchdog = Watchdog::new();
        let bare_root = root.as_deref().filter(|_| s.mounts.is_empty());
        let parts = EnvParts {
            backend,
            registry: registry.clone(),
            limits: limits.clone(),
            root_cancel: cancel.clone(),
            memory,
            patience: None,
            command_entries: false,
            network: network.clone(),
        };
        let env = Self::make_env(parts, bare_root, &registry, &watchdog);
        let config_error = config_error
            .or_else(|| preload::preload(&**env.backend(), &s.files, &config.copies).err());
        let config_error = config_error.or_else(|| {
            let dir = s.cwd.as_deref()?;
            let p = sandsh_vfs::normalize(std::path::Path::new("/"), std::path::Path::new(dir));
            match env.backend().stat(&p) {
                Ok(m) if m.is_dir() => None,
                Ok(_) => Some(format!("cwd {dir}: Not a directory")),
                Err(_) => Some(format!("cwd {dir}: No such file or directory")),
            }
        });
        if s.policy.restricts() {
            let policy = config.command_policy();
            env.set_policy(sandsh_interp::PolicyState::new(policy, s.rw_mount_points()));
        }
        let tracer = config.trace.as_ref().map(|sink| {
            let secrets = s.net_secrets().unwrap_or_default();
            let redact = s.policy.redact.clone();
            crate::trace::Tracer::new(sink.clone(), config.hooks.clone(), secrets, redact)
        });
        match (&tracer, &config.hooks) {
            (Some(t), _) => env.set_hooks(t.clone()),
            (None, Some(hooks)) => env.set_hooks(hooks.clone()),
            (None, None) => {}
        }
        let username = s.username();
        let home = format!("/home/{username}");
        let cwd = match &s.cwd {
            Some(dir) => {
                sandsh_vfs::normalize(std::path::Path::new("/"), std::path::Path::new(dir))
            }
            None => PathBuf::from(&home),
        };
        let mut shell = Box::new(Shell::new(env, cwd, cancel.clone()));
        let defaults = [
            ("HOME", home.as_str()),
            ("USER", username),
            ("LOGNAME", username),
            ("HOSTNAME", s.hostname()),
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("LANG", "C.UTF-8"),
            ("TERM", "dumb"),
            ("SHELL", "/bin/bash"),
        ];
        // A named credential's variable holds its placeholder, never its value.
        let markers: Vec<(&str, String)> = s
            .secrets
            .iter()
            .filter_map(|c| Some((c.name.as_deref()?, c.credential().ok()?.marker()?)))
            .collect();
        shell.seed_environment(
            defaults
                .into_iter()
                .chain(s.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
                .chain(markers.iter().map(|(k, v)| (*k, v.as_str()))),
        );
        let timeout = s.timeout;
        let output = s.output.clone();
        Kernel {
            shell,
            registry,
            cancel,
            watchdog,
            timeout,
            output,
            root,
            mounts: config.session.mounts,
            network,
            config_error,
            tracer,
            interactive: false,
            exited: false,
        }
    }
}

/// Default trees kept for forking: one per (user, command set) a process has used, the
/// oldest dropped past this many.
const TREES: usize = 8;

/// A session's root filesystem: the default tree for `user` with an entry in `/usr/bin` for
/// each of `names` (sorted), forked from one built the first time this (user, command set) was asked
/// for. Every session of a server shares that tree's inodes and holds only those it changes
/// ([`MemoryFs::fork`]): the hundred-odd entries cost a session a pointer each, not an inode,
/// a name and a script.
fn default_root(user: &str, names: &[String]) -> MemoryFs {
    type Tree = (String, Vec<String>, Arc<MemoryFs>);
    static CACHE: Mutex<Vec<Tree>> = Mutex::new(Vec::new());
    let mut trees = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, t)) = trees.iter().find(|(u, n, _)| u == user && n == names) {
        return t.fork();
    }
    let tree = MemoryFs::with_default_tree(user);
    sandsh_interp::path::install_entries(&tree, Some(&tree), names);
    let fork = tree.fork();
    if trees.len() >= TREES {
        trees.remove(0);
    }
    trees.push((user.to_string(), names.to_vec(), Arc::new(tree)));
    fork
}
