//! The utilities, one file each, and the explicit registration list.
//!
//! Every command is written against [`crate::api::ToolCtx`] alone. [`Registry::standard`] is
//! the one place that lists them; help, completion and tool descriptions all read the registry.

use std::collections::HashMap;
use std::sync::Arc;

use crate::api::{Command, CommandRegistry};

mod cat;
mod jq;
mod true_;
pub mod util;

/// Registered commands by name.
#[derive(Clone, Default)]
pub struct Registry {
    map: HashMap<String, Arc<dyn Command>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Every built-in utility.
    pub fn standard() -> Registry {
        let mut r = Registry::new();
        r.register(Arc::new(cat::Cat));
        r.register(Arc::new(jq::Jq));
        r.register(Arc::new(true_::True));
        r.register(Arc::new(true_::False));
        r
    }

    /// Add (or replace) a command under its spec name.
    pub fn register(&mut self, cmd: Arc<dyn Command>) {
        self.map.insert(cmd.spec().name.to_string(), cmd);
    }

    /// Add a command under an explicit name.
    pub fn register_as(&mut self, name: &str, cmd: Arc<dyn Command>) {
        self.map.insert(name.to_string(), cmd);
    }

    pub fn get(&self, name: &str) -> Option<Arc<dyn Command>> {
        self.map.get(name).cloned()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// All commands, sorted by name.
    pub fn commands(&self) -> Vec<Arc<dyn Command>> {
        let mut v: Vec<_> = self.map.values().cloned().collect();
        v.sort_by(|a, b| a.spec().name.cmp(b.spec().name));
        v
    }
}

impl CommandRegistry for Registry {
    fn get(&self, name: &str) -> Option<Arc<dyn Command>> {
        Registry::get(self, name)
    }
    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.map.keys().cloned().collect();
        v.sort();
        v
    }
}
