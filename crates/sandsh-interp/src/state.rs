//! Serializable shell state for snapshots: global variables with their attributes, functions,
//! aliases, options, traps, cwd and positional parameters.
//!
//! Function bodies are stored as their AST (serde), not as printed source, so a restored
//! function behaves exactly like the original.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use sandsh_syntax::ast;

use super::vars::{AssocMap, Attrs, Value, Var};
use super::{Options, Shell};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ValueState {
    Str(Vec<u8>),
    Indexed(Vec<(i64, Vec<u8>)>),
    /// In bash's iteration order.
    Assoc(Vec<(Vec<u8>, Vec<u8>)>),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VarState {
    pub name: String,
    pub attrs: u16,
    pub value: Option<ValueState>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShellState {
    pub vars: Vec<VarState>,
    pub funcs: Vec<(String, ast::Command)>,
    pub aliases: Vec<(String, String)>,
    pub options: Options,
    pub cwd: Vec<u8>,
    pub arg0: Vec<u8>,
    pub positional: Vec<Vec<u8>>,
    pub traps: Vec<(String, String)>,
    pub umask: u32,
    pub dir_stack: Vec<Vec<u8>>,
    pub exported_funcs: Vec<String>,
    pub readonly_funcs: Vec<String>,
}

fn bytes(p: &std::path::Path) -> Vec<u8> {
    p.as_os_str().as_encoded_bytes().to_vec()
}

fn path(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

impl Shell {
    /// Capture the state worth keeping between sessions.
    pub fn save_state(&self) -> ShellState {
        let vars = self
            .vars
            .globals()
            .into_iter()
            .map(|(name, v)| VarState {
                name,
                attrs: v.attrs.bits(),
                value: v.value.as_ref().map(|val| match val {
                    Value::Str(s) => ValueState::Str(s.clone()),
                    Value::Indexed(m) => {
                        ValueState::Indexed(m.iter().map(|(k, v)| (*k, v.clone())).collect())
                    }
                    Value::Assoc(m) => ValueState::Assoc(
                        m.entries()
                            .into_iter()
                            .rev()
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    ),
                }),
            })
            .collect();
        let mut funcs: Vec<(String, ast::Command)> = self
            .funcs
            .iter()
            .map(|(k, v)| (k.clone(), (**v).clone()))
            .collect();
        funcs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut aliases: Vec<_> = self
            .aliases
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        aliases.sort();
        let mut traps: Vec<_> = self
            .traps
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        traps.sort();
        let mut exported_funcs: Vec<_> = self.exported_funcs.iter().cloned().collect();
        exported_funcs.sort();
        let mut readonly_funcs: Vec<_> = self.readonly_funcs.iter().cloned().collect();
        readonly_funcs.sort();
        ShellState {
            vars,
            funcs,
            aliases,
            options: self.opts.clone(),
            cwd: bytes(&self.cwd),
            arg0: self.arg0.clone(),
            positional: self.positional.clone(),
            traps,
            umask: self.umask,
            dir_stack: self.dir_stack.iter().map(|p| bytes(p)).collect(),
            exported_funcs,
            readonly_funcs,
        }
    }

    /// Replace this shell's state with a saved one.
    pub fn load_state(&mut self, st: ShellState) {
        let globals = st
            .vars
            .into_iter()
            .map(|v| {
                let value = v.value.map(|val| match val {
                    ValueState::Str(s) => Value::Str(s),
                    ValueState::Indexed(items) => {
                        Value::Indexed(items.into_iter().collect::<BTreeMap<_, _>>())
                    }
                    ValueState::Assoc(items) => {
                        let mut m = AssocMap::default();
                        for (k, val) in items {
                            m.insert(k, val);
                        }
                        Value::Assoc(m)
                    }
                });
                (
                    v.name,
                    Var {
                        value,
                        attrs: Attrs::from_bits(v.attrs),
                        ..Var::new()
                    },
                )
            })
            .collect();
        self.vars = super::vars::Vars::from_globals(globals);
        self.vars.set_budget(&self.env.memory);
        self.funcs = st
            .funcs
            .into_iter()
            .map(|(k, v)| (k, Arc::new(v)))
            .collect();
        self.aliases = st.aliases.into_iter().collect();
        self.opts = st.options;
        self.sync_option_vars();
        self.cwd = path(&st.cwd);
        self.arg0 = st.arg0;
        self.positional = st.positional;
        self.traps = st.traps.into_iter().collect();
        self.umask = st.umask;
        self.dir_stack = st.dir_stack.iter().map(|b| path(b)).collect();
        self.exported_funcs = st.exported_funcs.into_iter().collect();
        self.readonly_funcs = st.readonly_funcs.into_iter().collect();
    }
}
