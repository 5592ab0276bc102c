//! Shell variables: typed attributes, scalar / indexed / associative values, dynamic scopes.
//!
//! Attributes are a bit set on each variable (never magic entries in the map). Scopes form a
//! stack: index 0 is global, each function call pushes one, and lookup walks from the top,
//! which is bash's dynamic scoping. Associative arrays iterate in the order bash's hash table
//! gives (FNV-1 bucket order, newest first within a bucket) so that `${!m[@]}` prints what bash
//! prints.

use std::collections::BTreeMap;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use sandsh_runtime::budget::{Charge, MemoryBudget, MemoryExceeded};

mod declare_line;
pub use declare_line::declare_line;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Attrs(u16);

impl Attrs {
    pub const EXPORT: Attrs = Attrs(1);
    pub const READONLY: Attrs = Attrs(2);
    pub const INTEGER: Attrs = Attrs(4);
    pub const LOWER: Attrs = Attrs(8);
    pub const UPPER: Attrs = Attrs(16);
    pub const NAMEREF: Attrs = Attrs(32);
    pub const ARRAY: Attrs = Attrs(64);
    pub const ASSOC: Attrs = Attrs(128);
    pub const CAPITALIZE: Attrs = Attrs(256);
    pub const TRACE: Attrs = Attrs(512);
    /// Not an attribute of bash's: a placeholder that keeps its name out of the environment
    /// of a command run with an environment of its own (`env -i`, `env -u`).
    pub const ENV_HIDDEN: Attrs = Attrs(1024);

    pub fn has(self, other: Attrs) -> bool {
        self.0 & other.0 != 0
    }
    pub fn set(&mut self, other: Attrs) {
        self.0 |= other.0;
    }
    pub fn clear(&mut self, other: Attrs) {
        self.0 &= !other.0;
    }
    pub fn empty() -> Attrs {
        Attrs(0)
    }
    pub fn bits(self) -> u16 {
        self.0
    }
    pub fn from_bits(b: u16) -> Attrs {
        Attrs(b)
    }
}

impl std::ops::BitOr for Attrs {
    type Output = Attrs;
    fn bitor(self, other: Attrs) -> Attrs {
        Attrs(self.0 | other.0)
    }
}

/// The attribute letters `declare -p` and `${x@a}` show, in bash's order. Arrays count as
/// `a`/`A` by their value too.
pub fn attr_letters(a: Attrs, value: Option<&Value>) -> String {
    let table = [
        (Attrs::ARRAY, 'a'),
        (Attrs::ASSOC, 'A'),
        (Attrs::INTEGER, 'i'),
        (Attrs::LOWER, 'l'),
        (Attrs::NAMEREF, 'n'),
        (Attrs::READONLY, 'r'),
        (Attrs::TRACE, 't'),
        (Attrs::UPPER, 'u'),
        (Attrs::EXPORT, 'x'),
    ];
    table
        .iter()
        .filter(|(flag, c)| {
            a.has(*flag)
                || (*c == 'a' && matches!(value, Some(Value::Indexed(_))))
                || (*c == 'A' && matches!(value, Some(Value::Assoc(_))))
        })
        .map(|(_, c)| *c)
        .collect()
}

/// An associative array in bash's iteration order.
#[derive(Debug, Clone, Default)]
pub struct AssocMap {
    map: HashMap<Vec<u8>, (Vec<u8>, u64)>,
    seq: u64,
}

fn bash_hash(key: &[u8]) -> u32 {
    let mut h: u32 = 2166136261;
    for &c in key {
        h = h.wrapping_mul(16777619);
        h ^= c as u32;
    }
    h
}

impl AssocMap {
    pub fn get(&self, k: &[u8]) -> Option<&Vec<u8>> {
        self.map.get(k).map(|(v, _)| v)
    }

    /// Set `k` to `v`; returns the value it replaces.
    pub fn insert(&mut self, k: Vec<u8>, v: Vec<u8>) -> Option<Vec<u8>> {
        if let Some(slot) = self.map.get_mut(&k) {
            Some(std::mem::replace(&mut slot.0, v))
        } else {
            self.seq += 1;
            self.map.insert(k, (v, self.seq));
            None
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    #[allow(dead_code)]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn remove(&mut self, k: &[u8]) -> bool {
        self.map.remove(k).is_some()
    }

    /// Entries in bash's order.
    pub fn entries(&self) -> Vec<(&Vec<u8>, &Vec<u8>)> {
        let mut buckets = 1024u32;
        while (self.map.len() as u32) >= buckets * 2 {
            buckets *= 4;
        }
        let mut v: Vec<_> = self
            .map
            .iter()
            .map(|(k, (val, seq))| (bash_hash(k) & (buckets - 1), *seq, k, val))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        v.into_iter().map(|(_, _, k, val)| (k, val)).collect()
    }
}

#[derive(Debug, Clone)]
pub enum Value {
    Str(Vec<u8>),
    Indexed(BTreeMap<i64, Vec<u8>>),
    Assoc(AssocMap),
}

/// What one stored string costs the memory budget: its bytes plus the allocation around them.
fn cost(b: &[u8]) -> u64 {
    b.len() as u64 + 32
}

impl Value {
    /// What this value costs the memory budget (THREAT DOS-MEM-6).
    pub fn cost(&self) -> u64 {
        match self {
            Value::Str(s) => cost(s),
            Value::Indexed(m) => m.values().map(|v| cost(v) + 16).sum(),
            Value::Assoc(m) => m.map.iter().map(|(k, (v, _))| cost(k) + cost(v)).sum(),
        }
    }

    /// `$name` of this value: the scalar, or element 0 / key "0".
    pub fn scalar(&self) -> Option<&[u8]> {
        match self {
            Value::Str(s) => Some(s),
            Value::Indexed(m) => m.get(&0).map(|v| v.as_slice()),
            Value::Assoc(m) => m.get(b"0").map(|v| v.as_slice()),
        }
    }

    /// Number of elements (`${#a[@]}`); a scalar is a one-element array.
    pub fn count(&self) -> usize {
        match self {
            Value::Str(_) => 1,
            Value::Indexed(m) => m.len(),
            Value::Assoc(m) => m.len(),
        }
    }

    /// All element values in order (`${a[@]}`); a scalar is a one-element array.
    pub fn values(&self) -> Vec<Vec<u8>> {
        match self {
            Value::Str(s) => vec![s.clone()],
            Value::Indexed(m) => m.values().cloned().collect(),
            Value::Assoc(m) => m.entries().into_iter().map(|(_, v)| v.clone()).collect(),
        }
    }

    /// All keys (`${!a[@]}`).
    pub fn keys(&self) -> Vec<Vec<u8>> {
        match self {
            Value::Str(_) => vec![b"0".to_vec()],
            Value::Indexed(m) => m.keys().map(|k| k.to_string().into_bytes()).collect(),
            Value::Assoc(m) => m.entries().into_iter().map(|(k, _)| k.clone()).collect(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Var {
    /// `None`: declared (`local x`, `declare -a a`) but without a value.
    pub value: Option<Value>,
    pub attrs: Attrs,
    /// When the variable was made (a process-wide count): bash's tables list the newest
    /// first among names that share a bucket, which orders a program's environment.
    pub born: u64,
}

impl Default for Var {
    fn default() -> Self {
        Var::new()
    }
}

impl Var {
    /// A variable without a value or attributes, made now.
    pub fn new() -> Var {
        static BIRTHS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Var {
            value: None,
            attrs: Attrs::empty(),
            born: BIRTHS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    fn cost(&self) -> u64 {
        self.value.as_ref().map_or(0, Value::cost)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VarError {
    /// `x: readonly variable`
    Readonly(String),
    /// The value was stored but the session's memory budget is exceeded: the run stops.
    Memory(MemoryExceeded),
}

impl std::fmt::Display for VarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VarError::Readonly(n) => write!(f, "{n}: readonly variable"),
            VarError::Memory(e) => e.fmt(f),
        }
    }
}

/// What the variables of one shell hold against the session's memory budget
/// (THREAT DOS-MEM-6). `bytes` is kept exact by the methods of [`Vars`] that store values;
/// the charge follows it, and lags behind only after a refusal, which stops the run.
#[derive(Debug, Default)]
struct VarMemory {
    bytes: u64,
    charge: Option<Charge>,
}

impl Clone for VarMemory {
    /// A subshell's copy of the variables costs again.
    fn clone(&self) -> Self {
        VarMemory {
            bytes: self.bytes,
            charge: self.charge.as_ref().map(Charge::duplicate),
        }
    }
}

/// The variable scopes of one shell.
#[derive(Debug, Clone)]
pub struct Vars {
    /// Innermost last; each shared with the subshells copied from this shell until one of
    /// them changes it (a pipeline stage or `( … )` copies no variable it does not set).
    scopes: Vec<Arc<HashMap<String, Var>>>,
    /// Indexes of the scopes that hold prefix assignments (`x=1 cmd`), innermost last: `local`
    /// and `unset` look through them to the function scope below, as bash's temporary
    /// environments do.
    temp: Vec<usize>,
    memory: VarMemory,
}

impl Default for Vars {
    fn default() -> Self {
        Vars {
            scopes: vec![Arc::default()],
            temp: Vec::new(),
            memory: VarMemory::default(),
        }
    }
}

/// Apply a variable's case attributes to a value being assigned.
pub fn apply_case(attrs: Attrs, v: Vec<u8>) -> Vec<u8> {
    if attrs.has(Attrs::LOWER) {
        match String::from_utf8(v) {
            Ok(s) => sandsh_text::case::lower_str(&s).into_bytes(),
            Err(e) => e.into_bytes().to_ascii_lowercase(),
        }
    } else if attrs.has(Attrs::UPPER) {
        match String::from_utf8(v) {
            Ok(s) => sandsh_text::case::upper_str(&s).into_bytes(),
            Err(e) => e.into_bytes().to_ascii_uppercase(),
        }
    } else if attrs.has(Attrs::CAPITALIZE) {
        match String::from_utf8(v) {
            Ok(s) => {
                let mut out = String::with_capacity(s.len());
                let mut chars = s.chars();
                if let Some(c) = chars.next() {
                    out.push(sandsh_text::case::upper(c));
                }
                out.extend(chars.map(sandsh_text::case::lower));
                out.into_bytes()
            }
            Err(e) => e.into_bytes(),
        }
    } else {
        v
    }
}

impl Vars {
    /// Count the variables against `budget` from now on (what they hold already included).
    pub fn set_budget(&mut self, budget: &Arc<MemoryBudget>) {
        self.memory.bytes = self
            .scopes
            .iter()
            .flat_map(|s| s.values())
            .map(Var::cost)
            .sum();
        let mut charge = budget.charge();
        let _ = charge.set(self.memory.bytes as usize);
        self.memory.charge = Some(charge);
    }

    /// The variables grew by `grow` and shrank by `shrink` bytes; charge the difference.
    /// Callers that change a value in place (`s+=x`) report the growth through this too.
    pub fn account(&mut self, grow: u64, shrink: u64) -> Result<(), VarError> {
        let m = &mut self.memory;
        m.bytes = m.bytes.saturating_add(grow).saturating_sub(shrink);
        match &mut m.charge {
            Some(c) => c.set(m.bytes as usize).map_err(VarError::Memory),
            None => Ok(()),
        }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(Arc::default());
    }

    pub fn pop_scope(&mut self) {
        let _ = self.pop_scope_vars();
    }

    /// A scope for the prefix assignments of one command (`x=1 cmd`); end it with
    /// [`Vars::pop_scope`] or [`Vars::pop_scope_vars`].
    pub fn push_temp_scope(&mut self) {
        self.scopes.push(Arc::default());
        self.temp.push(self.scopes.len() - 1);
    }

    /// End the innermost scope, returning what it held (released from the budget).
    pub fn pop_scope_vars(&mut self) -> Vec<(String, Var)> {
        if self.scopes.len() < 2 {
            return Vec::new();
        }
        if self.temp.last() == Some(&(self.scopes.len() - 1)) {
            self.temp.pop();
        }
        match self.scopes.pop() {
            Some(scope) => {
                let freed = scope.values().map(Var::cost).sum();
                let _ = self.account(0, freed);
                Arc::unwrap_or_clone(scope).into_iter().collect()
            }
            None => Vec::new(),
        }
    }

    /// The innermost scope that is not a prefix-assignment scope: the running function's
    /// (0, the globals, outside functions).
    fn local_scope(&self) -> usize {
        let mut i = self.scopes.len() - 1;
        for &t in self.temp.iter().rev() {
            if t == i && i > 0 {
                i -= 1;
            }
        }
        i
    }

    /// Follow namerefs from `name` to the final variable name.
    pub fn resolve_name<'a>(&'a self, name: &'a str) -> std::borrow::Cow<'a, str> {
        let mut cur: std::borrow::Cow<'a, str> = std::borrow::Cow::Borrowed(name);
        for _ in 0..10 {
            match self.lookup_raw(&cur) {
                Some(v) if v.attrs.has(Attrs::NAMEREF) => match &v.value {
                    Some(Value::Str(t)) if !t.is_empty() => {
                        cur = std::borrow::Cow::Owned(String::from_utf8_lossy(t).into_owned());
                    }
                    _ => return cur,
                },
                _ => return cur,
            }
        }
        cur
    }

    /// Whether following namerefs from `name` never ends (bash: "circular name reference"):
    /// resolution stopped at a nameref that still points somewhere.
    pub fn is_circular(&self, name: &str) -> bool {
        let r = self.resolve_name(name);
        self.lookup_raw(&r).is_some_and(|v| {
            v.attrs.has(Attrs::NAMEREF) && matches!(&v.value, Some(Value::Str(t)) if !t.is_empty())
        })
    }

    /// The variable itself, without nameref resolution.
    pub fn lookup_raw(&self, name: &str) -> Option<&Var> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// The variable, resolving namerefs (one lookup in the common, non-nameref case).
    pub fn get(&self, name: &str) -> Option<&Var> {
        let v = self.lookup_raw(name)?;
        if !v.attrs.has(Attrs::NAMEREF) {
            return Some(v);
        }
        let n = self.resolve_name(name);
        self.lookup_raw(&n)
    }

    fn get_mut_raw(&mut self, name: &str) -> Option<&mut Var> {
        let i = self.scopes.iter().rposition(|s| s.contains_key(name))?;
        self.scope_mut(i).get_mut(name)
    }

    /// Scope `i` to change: copied first if a subshell still shares it.
    fn scope_mut(&mut self, i: usize) -> &mut HashMap<String, Var> {
        Arc::make_mut(&mut self.scopes[i])
    }

    /// Mutable access, creating an unset global when missing.
    pub fn entry(&mut self, name: &str) -> &mut Var {
        // An existing variable that is not a nameref: no name to resolve or copy.
        if let Some(i) = self.scopes.iter().rposition(|s| s.contains_key(name))
            && !self.scopes[i][name].attrs.has(Attrs::NAMEREF)
        {
            return self
                .scope_mut(i)
                .get_mut(name)
                .expect("the variable was found in this scope just above");
        }
        let name = self.resolve_name(name).into_owned();
        let idx = self
            .scopes
            .iter()
            .rposition(|s| s.contains_key(&name))
            .unwrap_or(0);
        self.scope_mut(idx).entry(name).or_default()
    }

    /// Mutable access without nameref resolution, creating an unset global when missing.
    /// The variable an assignment to `name` changes ([`Self::entry`]), unless it is readonly.
    fn writable_entry(&mut self, name: &str) -> Result<&mut Var, VarError> {
        let var = self.entry(name);
        if var.attrs.has(Attrs::READONLY) {
            return Err(VarError::Readonly(name.to_string()));
        }
        Ok(var)
    }

    pub fn entry_raw(&mut self, name: &str) -> &mut Var {
        let idx = self
            .scopes
            .iter()
            .rposition(|s| s.contains_key(name))
            .unwrap_or(0);
        self.scope_mut(idx).entry(name.to_string()).or_default()
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Var> {
        if !self.lookup_raw(name)?.attrs.has(Attrs::NAMEREF) {
            return self.get_mut_raw(name);
        }
        let name = self.resolve_name(name).into_owned();
        self.get_mut_raw(&name)
    }

    /// Scalar value (`$name`).
    pub fn get_str(&self, name: &str) -> Option<&[u8]> {
        self.get(name)
            .and_then(|v| v.value.as_ref())
            .and_then(|v| v.scalar())
    }

    /// The element `name[idx]` means: a negative `idx` counts back from the end (the last index
    /// plus one plus `idx`), a scalar being element 0; `None` when that lands before the start.
    pub fn resolve_index(&self, name: &str, idx: i64) -> Option<i64> {
        if idx >= 0 {
            return Some(idx);
        }
        let last = match self.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.keys().next_back().copied(),
            Some(Value::Str(_)) => Some(0),
            _ => None,
        };
        last.map(|l| l + 1 + idx).filter(|&i| i >= 0)
    }

    /// Whether `name` is set (has a value).
    pub fn is_set(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| v.value.is_some())
    }

    /// Assign a scalar (to element 0 of an array, as bash does).
    pub fn set_str(&mut self, name: &str, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.writable_entry(name)?;
        let value = apply_case(var.attrs, value);
        let grow = cost(&value) + 16;
        let shrink = match &mut var.value {
            Some(Value::Indexed(m)) => m.insert(0, value).map_or(0, |o| cost(&o) + 16),
            Some(Value::Assoc(m)) => m.insert(b"0".to_vec(), value).map_or(0, |o| cost(&o) + 16),
            slot => {
                let old = slot.as_ref().map_or(0, Value::cost);
                if var.attrs.has(Attrs::ASSOC) {
                    let mut m = AssocMap::default();
                    m.insert(b"0".to_vec(), value);
                    *slot = Some(Value::Assoc(m));
                } else if var.attrs.has(Attrs::ARRAY) {
                    *slot = Some(Value::Indexed(BTreeMap::from([(0, value)])));
                } else {
                    *slot = Some(Value::Str(value));
                }
                old + 16
            }
        };
        self.account(grow, shrink)
    }

    /// Replace the whole value.
    pub fn set_value(&mut self, name: &str, value: Value) -> Result<(), VarError> {
        let var = self.writable_entry(name)?;
        match &value {
            Value::Indexed(_) => {
                var.attrs.set(Attrs::ARRAY);
            }
            Value::Assoc(_) => var.attrs.set(Attrs::ASSOC),
            Value::Str(_) => {}
        }
        let grow = value.cost();
        let shrink = var.cost();
        var.value = Some(value);
        self.account(grow, shrink)
    }

    /// Set `name[index]` of an indexed array (the index already resolved to be >= 0).
    pub fn set_index(&mut self, name: &str, index: i64, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.writable_entry(name)?;
        let value = apply_case(var.attrs, value);
        let grow = cost(&value) + 16;
        let shrink = match &mut var.value {
            Some(Value::Indexed(m)) => m.insert(index, value).map_or(0, |o| cost(&o) + 16),
            Some(Value::Str(s)) => {
                let mut m = BTreeMap::new();
                m.insert(0, std::mem::take(s));
                let old = m.insert(index, value).map_or(0, |o| cost(&o));
                var.value = Some(Value::Indexed(m));
                var.attrs.set(Attrs::ARRAY);
                old
            }
            Some(Value::Assoc(m)) => m
                .insert(index.to_string().into_bytes(), value)
                .map_or(0, |o| cost(&o) + 16),
            None => {
                var.value = Some(Value::Indexed(BTreeMap::from([(index, value)])));
                var.attrs.set(Attrs::ARRAY);
                0
            }
        };
        self.account(grow, shrink)
    }

    /// Set `name[key]` of an associative array.
    pub fn set_key(&mut self, name: &str, key: Vec<u8>, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.writable_entry(name)?;
        let value = apply_case(var.attrs, value);
        let key_cost = cost(&key);
        let grow = key_cost + cost(&value);
        let shrink = match &mut var.value {
            Some(Value::Assoc(m)) => m.insert(key, value).map_or(0, |o| key_cost + cost(&o)),
            _ => {
                let old = var.cost();
                let mut m = AssocMap::default();
                m.insert(key, value);
                var.value = Some(Value::Assoc(m));
                var.attrs.set(Attrs::ASSOC);
                old
            }
        };
        self.account(grow, shrink)
    }

    /// Declare `name` in the innermost function scope (`local`), copying nothing.
    /// Returns the new variable.
    pub fn declare_local(&mut self, name: &str) -> &mut Var {
        let i = self.local_scope();
        self.scope_mut(i).entry(name.to_string()).or_default()
    }

    /// `local -I`: declare `name` in the innermost function scope with the value and the
    /// attributes (all but nameref) of the variable it shadows, as bash 5.2 does.
    pub fn declare_local_inherited(&mut self, name: &str) -> Result<(), VarError> {
        let prev = self.lookup_raw(name).cloned();
        let var = self.declare_local(name);
        let Some(prev) = prev else {
            return Ok(());
        };
        var.attrs = prev.attrs;
        var.attrs.clear(Attrs::NAMEREF);
        var.value = prev.value;
        let grow = var.cost();
        self.account(grow, 0)
    }

    /// Declare `name` in the innermost scope, whatever its kind (a prefix assignment).
    pub fn declare_top(&mut self, name: &str) -> &mut Var {
        let top = self.scopes.len() - 1;
        self.scope_mut(top).entry(name.to_string()).or_default()
    }

    /// Whether `name` exists in the innermost (function) scope.
    pub fn is_local_here(&self, name: &str) -> bool {
        let i = self.local_scope();
        i > 0 && self.scopes[i].contains_key(name)
    }

    /// Global variable slot (for `declare -g`).
    pub fn declare_global(&mut self, name: &str) -> &mut Var {
        self.scope_mut(0).entry(name.to_string()).or_default()
    }

    /// `unset name`: remove the innermost visible variable. Fails on readonly.
    pub fn unset(&mut self, name: &str) -> Result<(), VarError> {
        let name = self.resolve_name(name).into_owned();
        if let Some(idx) = self.scopes.iter().rposition(|s| s.contains_key(&name)) {
            if self.scopes[idx]
                .get(&name)
                .is_some_and(|v| v.attrs.has(Attrs::READONLY))
            {
                return Err(VarError::Readonly(name));
            }
            let freed = if idx > 0 && idx == self.local_scope() {
                // A local unset in its own function stays local (and unset), as in bash.
                match self.scope_mut(idx).get_mut(&name) {
                    Some(v) => {
                        v.attrs = Attrs::empty();
                        v.value.take().map_or(0, |x| x.cost())
                    }
                    None => 0,
                }
            } else {
                self.scope_mut(idx).remove(&name).map_or(0, |v| v.cost())
            };
            let _ = self.account(0, freed);
        }
        Ok(())
    }

    /// `unset -n name`: remove the nameref itself.
    pub fn unset_raw(&mut self, name: &str) {
        if let Some(idx) = self.scopes.iter().rposition(|s| s.contains_key(name)) {
            let freed = self.scope_mut(idx).remove(name).map_or(0, |v| v.cost());
            let _ = self.account(0, freed);
        }
    }

    /// The global variable `name` as it is now, to put back with [`Vars::restore_global`].
    pub fn save_global(&self, name: &str) -> Option<Var> {
        self.scopes[0].get(name).cloned()
    }

    /// Put a global back as [`Vars::save_global`] found it (unset when it was unset).
    pub fn restore_global(&mut self, name: &str, saved: Option<Var>) {
        let freed = self.scope_mut(0).remove(name).map_or(0, |v| v.cost());
        let grow = saved.as_ref().map_or(0, Var::cost);
        if let Some(v) = saved {
            self.scope_mut(0).insert(name.to_string(), v);
        }
        let _ = self.account(grow, freed);
    }

    /// The global scope, sorted by name.
    pub fn globals(&self) -> Vec<(String, Var)> {
        let mut v: Vec<(String, Var)> = self.scopes[0]
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// Variables with only a global scope.
    pub fn from_globals(globals: Vec<(String, Var)>) -> Vars {
        Vars {
            scopes: vec![Arc::new(globals.into_iter().collect())],
            temp: Vec::new(),
            memory: VarMemory::default(),
        }
    }

    /// Every visible variable name (innermost wins), sorted.
    /// The names declared in the innermost function scope (`local` with no arguments),
    /// sorted; empty outside functions.
    pub fn local_names(&self) -> Vec<String> {
        let i = self.local_scope();
        if i == 0 {
            return Vec::new();
        }
        let mut v: Vec<String> = self.scopes[i].keys().cloned().collect();
        v.sort();
        v
    }

    pub fn names(&self) -> Vec<String> {
        let mut set: Vec<String> = self.scopes.iter().flat_map(|s| s.keys().cloned()).collect();
        set.sort();
        set.dedup();
        set
    }

    /// Exported variables with scalar values, in the order bash puts them in a program's
    /// environment: for each name the innermost exported variable with a value (a local that
    /// is not exported, or has no value, leaves the outer one in the environment, as in
    /// bash); the innermost scope first (prefix assignments, then a function's locals), the
    /// globals last; within a scope, in the order of bash's hash table of it (1024 buckets
    /// for the globals, 4 for the others, by the FNV-1 hash of the name). Names that share a
    /// bucket come newest first.
    pub fn exported(&self) -> Vec<(String, Vec<u8>)> {
        // A name met in an inner scope hides the outer ones (only with several scopes).
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        let shadowing = self.scopes.len() > 1;
        let mut out = Vec::new();
        for (i, scope) in self.scopes.iter().enumerate().rev() {
            let buckets: u32 = if i == 0 { 1024 } else { 4 };
            let mut found: Vec<(u32, std::cmp::Reverse<u64>, &String, &Vec<u8>)> = scope
                .iter()
                .filter_map(|(n, v)| match in_env(v) {
                    Some(s) if !shadowing || seen.insert(n.as_str()) => {
                        Some((fnv1(n) & (buckets - 1), std::cmp::Reverse(v.born), n, s))
                    }
                    None if v.attrs.has(Attrs::ENV_HIDDEN) => {
                        seen.insert(n.as_str());
                        None
                    }
                    _ => None,
                })
                .collect();
            found.sort_unstable_by_key(|&(bucket, born, ..)| (bucket, born));
            out.extend(found.into_iter().map(|(_, _, n, s)| (n.clone(), s.clone())));
        }
        out
    }

    /// `name`'s value in [`Vars::exported`], without building the rest.
    pub fn exported_value(&self, name: &str) -> Option<&[u8]> {
        for scope in self.scopes.iter().rev() {
            let Some(v) = scope.get(name) else { continue };
            if let Some(s) = in_env(v) {
                return Some(s);
            }
            if v.attrs.has(Attrs::ENV_HIDDEN) {
                return None;
            }
        }
        None
    }
}

/// The value `v` puts in the environment: an exported scalar's.
fn in_env(v: &Var) -> Option<&Vec<u8>> {
    match &v.value {
        Some(Value::Str(s)) if v.attrs.has(Attrs::EXPORT) => Some(s),
        _ => None,
    }
}

/// bash's hash of a name (FNV-1, 32 bits), which orders its variable tables.
fn fnv1(name: &str) -> u32 {
    name.bytes().fold(2_166_136_261u32, |h, b| {
        h.wrapping_mul(16_777_619) ^ u32::from(b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_charged_and_released() {
        let budget = MemoryBudget::new(10_000);
        let mut v = Vars::default();
        v.set_budget(&budget);
        v.set_str("a", vec![b'x'; 1000]).unwrap();
        let one = budget.used();
        assert!((1000..1100).contains(&one), "{one}");
        // Replacing a value charges the difference, not the sum.
        v.set_str("a", vec![b'y'; 1000]).unwrap();
        assert_eq!(budget.used(), one);
        v.set_index("arr", 3, vec![b'z'; 2000]).unwrap();
        v.set_key("m", b"k".to_vec(), vec![b'w'; 2000]).unwrap();
        v.set_key("m", b"k".to_vec(), vec![b'w'; 10]).unwrap();
        let used = budget.used();
        assert!((3000..3300).contains(&used), "{used}");
        // A copy (a subshell) costs again, and gives it back when dropped.
        let copy = v.clone();
        assert_eq!(budget.used(), 2 * used);
        drop(copy);
        assert_eq!(budget.used(), used);
        // Locals go with their scope.
        v.push_scope();
        v.declare_local("l");
        v.set_str("l", vec![0; 3000]).unwrap();
        assert!(budget.used() > used + 3000);
        v.pop_scope();
        assert_eq!(budget.used(), used);
        // Past the limit the store is refused by the budget and reported.
        let err = v.set_str("big", vec![0; 9000]).unwrap_err();
        assert!(matches!(err, VarError::Memory(_)), "{err:?}");
        assert!(budget.exceeded());
        v.unset("big").unwrap();
        v.unset("a").unwrap();
        v.unset("arr").unwrap();
        v.unset("m").unwrap();
        assert_eq!(budget.used(), 0);
        drop(v);
        assert_eq!(budget.used(), 0);
    }
}
