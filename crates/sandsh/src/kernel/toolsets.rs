//! Commands added and removed while a session runs: single commands and [`Toolset`]s. Help,
//! `tools`, completion, `type`, the `/usr/bin` entries and the tool descriptions all read the
//! session's one registry, so they follow at once.

use std::path::PathBuf;
use std::sync::Arc;

use super::Kernel;
use sandsh_api::Command;
use sandsh_commands::Toolset;
use sandsh_interp::path::{PROGRAM_BUILTINS, command_entry};

impl Kernel {
    /// Register a command for the rest of the session (replacing one of the same name).
    pub fn register(&mut self, cmd: Arc<dyn Command>) {
        let name = cmd.spec().name.to_string();
        self.registry.register(cmd);
        self.added(&[name]);
    }

    /// Remove the command called `name`; true when there was one. Its `/usr/bin` entry goes
    /// too, unless a script has replaced that file with its own.
    pub fn unregister(&mut self, name: &str) -> bool {
        let found = self.registry.unregister(name).is_some();
        if found {
            self.removed(&[name.to_string()]);
        }
        found
    }

    /// Register a toolset: its commands are added together, replacing a toolset of the same
    /// name. Returns the names added.
    pub fn register_toolset(&mut self, set: &Toolset) -> Vec<String> {
        if let Some(old) = self.registry.unregister_toolset(&set.name) {
            self.removed(&old);
        }
        let names = self.registry.register_toolset(set);
        self.added(&names);
        names
    }

    /// Remove the toolset called `name` and its commands (a command it had replaced comes
    /// back). Returns the names removed, or `None` when no such toolset is registered.
    pub fn unregister_toolset(&mut self, name: &str) -> Option<Vec<String>> {
        let names = self.registry.unregister_toolset(name)?;
        self.removed(&names);
        Some(names)
    }

    /// The registered toolsets' names, sorted.
    pub fn toolsets(&self) -> Vec<String> {
        self.registry.toolsets()
    }

    fn added(&mut self, names: &[String]) {
        let backend = self.shell.backend().clone();
        for n in names {
            Self::install_entry(&*backend, n);
        }
        self.shell.forget_hashed();
    }

    fn removed(&mut self, names: &[String]) {
        let backend = self.shell.backend().clone();
        for n in names {
            // A name that is still registered (a toolset gave back what it replaced) or that
            // names a builtin keeps its entry.
            if self.registry.get(n).is_some() || PROGRAM_BUILTINS.contains(&n.as_str()) {
                continue;
            }
            let p = PathBuf::from(format!("/usr/bin/{n}"));
            if backend.read(&p, None).is_ok_and(|d| d == command_entry(n)) {
                let _ = backend.remove(&p, false);
            }
        }
        self.shell.forget_hashed();
    }
}
