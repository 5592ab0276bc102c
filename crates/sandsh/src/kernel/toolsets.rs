//! Commands added and removed while a session runs: single commands and [`Toolset`]s. Help,
//! `tools`, completion, `type`, the `/usr/bin` entries and the tool descriptions all read the
//! session's one registry, so they follow at once.

use std::sync::Arc;

use super::Kernel;
use sandsh_api::Command;
use sandsh_commands::Toolset;

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
        self.shell.commands_added(names);
    }

    fn removed(&mut self, names: &[String]) {
        let registry = &self.registry;
        self.shell
            .commands_removed(names, &|n| registry.get(n).is_some());
    }
}
