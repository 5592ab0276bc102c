//! Shell variables: typed attributes, scalar / indexed / associative values, dynamic scopes.
//!
//! Attributes are a bit set on each variable (never magic entries in the map). Scopes form a
//! stack: index 0 is global, each function call pushes one, and lookup walks from the top,
//! which is bash's dynamic scoping. Associative arrays iterate in the order bash's hash table
//! gives (FNV-1 bucket order, newest first within a bucket) so that `${!m[@]}` prints what bash
//! prints.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;

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

    pub fn insert(&mut self, k: Vec<u8>, v: Vec<u8>) {
        if let Some(slot) = self.map.get_mut(&k) {
            slot.0 = v;
        } else {
            self.seq += 1;
            self.map.insert(k, (v, self.seq));
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

impl Value {
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VarError {
    /// `x: readonly variable`
    Readonly(String),
}

impl std::fmt::Display for VarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VarError::Readonly(n) => write!(f, "{n}: readonly variable"),
        }
    }
}

/// The variable scopes of one shell.
#[derive(Debug, Clone)]
pub struct Vars {
    scopes: Vec<HashMap<String, Var>>,
}

impl Default for Vars {
    fn default() -> Self {
        Vars {
            scopes: vec![HashMap::default()],
        }
    }
}

/// Apply a variable's case attributes to a value being assigned.
pub fn apply_case(attrs: Attrs, v: Vec<u8>) -> Vec<u8> {
    if attrs.has(Attrs::LOWER) {
        match String::from_utf8(v) {
            Ok(s) => s.to_lowercase().into_bytes(),
            Err(e) => e.into_bytes().to_ascii_lowercase(),
        }
    } else if attrs.has(Attrs::UPPER) {
        match String::from_utf8(v) {
            Ok(s) => s.to_uppercase().into_bytes(),
            Err(e) => e.into_bytes().to_ascii_uppercase(),
        }
    } else if attrs.has(Attrs::CAPITALIZE) {
        match String::from_utf8(v) {
            Ok(s) => {
                let mut out = String::with_capacity(s.len());
                let mut chars = s.chars();
                if let Some(c) = chars.next() {
                    out.extend(c.to_uppercase());
                }
                out.extend(chars.flat_map(|c| c.to_lowercase()));
                out.into_bytes()
            }
            Err(e) => e.into_bytes(),
        }
    } else {
        v
    }
}

impl Vars {
    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::default());
    }

    pub fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
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
        self.scopes.iter_mut().rev().find_map(|s| s.get_mut(name))
    }

    /// Mutable access, creating an unset global when missing.
    pub fn entry(&mut self, name: &str) -> &mut Var {
        // An existing variable that is not a nameref: no name to resolve or copy.
        if let Some(i) = self.scopes.iter().rposition(|s| s.contains_key(name))
            && !self.scopes[i][name].attrs.has(Attrs::NAMEREF)
        {
            return self.scopes[i]
                .get_mut(name)
                .expect("the variable was found in this scope just above");
        }
        let name = self.resolve_name(name).into_owned();
        let idx = self
            .scopes
            .iter()
            .rposition(|s| s.contains_key(&name))
            .unwrap_or(0);
        self.scopes[idx].entry(name).or_insert(Var {
            value: None,
            attrs: Attrs::empty(),
        })
    }

    /// Mutable access without nameref resolution, creating an unset global when missing.
    pub fn entry_raw(&mut self, name: &str) -> &mut Var {
        let idx = self
            .scopes
            .iter()
            .rposition(|s| s.contains_key(name))
            .unwrap_or(0);
        self.scopes[idx].entry(name.to_string()).or_insert(Var {
            value: None,
            attrs: Attrs::empty(),
        })
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

    /// Whether `name` is set (has a value).
    pub fn is_set(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| v.value.is_some())
    }

    /// Assign a scalar (to element 0 of an array, as bash does).
    pub fn set_str(&mut self, name: &str, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.entry(name);
        if var.attrs.has(Attrs::READONLY) {
            return Err(VarError::Readonly(name.to_string()));
        }
        let value = apply_case(var.attrs, value);
        match &mut var.value {
            Some(Value::Indexed(m)) => {
                m.insert(0, value);
            }
            Some(Value::Assoc(m)) => m.insert(b"0".to_vec(), value),
            slot => {
                if var.attrs.has(Attrs::ASSOC) {
                    let mut m = AssocMap::default();
                    m.insert(b"0".to_vec(), value);
                    *slot = Some(Value::Assoc(m));
                } else if var.attrs.has(Attrs::ARRAY) {
                    *slot = Some(Value::Indexed(BTreeMap::from([(0, value)])));
                } else {
                    *slot = Some(Value::Str(value));
                }
            }
        }
        Ok(())
    }

    /// Replace the whole value.
    pub fn set_value(&mut self, name: &str, value: Value) -> Result<(), VarError> {
        let var = self.entry(name);
        if var.attrs.has(Attrs::READONLY) {
            return Err(VarError::Readonly(name.to_string()));
        }
        match &value {
            Value::Indexed(_) => {
                var.attrs.set(Attrs::ARRAY);
            }
            Value::Assoc(_) => var.attrs.set(Attrs::ASSOC),
            Value::Str(_) => {}
        }
        var.value = Some(value);
        Ok(())
    }

    /// Set `name[index]` of an indexed array (the index already resolved to be >= 0).
    pub fn set_index(&mut self, name: &str, index: i64, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.entry(name);
        if var.attrs.has(Attrs::READONLY) {
            return Err(VarError::Readonly(name.to_string()));
        }
        let value = apply_case(var.attrs, value);
        match &mut var.value {
            Some(Value::Indexed(m)) => {
                m.insert(index, value);
            }
            Some(Value::Str(s)) => {
                let mut m = BTreeMap::new();
                m.insert(0, std::mem::take(s));
                m.insert(index, value);
                var.value = Some(Value::Indexed(m));
                var.attrs.set(Attrs::ARRAY);
            }
            Some(Value::Assoc(m)) => m.insert(index.to_string().into_bytes(), value),
            None => {
                var.value = Some(Value::Indexed(BTreeMap::from([(index, value)])));
                var.attrs.set(Attrs::ARRAY);
            }
        }
        Ok(())
    }

    /// Set `name[key]` of an associative array.
    pub fn set_key(&mut self, name: &str, key: Vec<u8>, value: Vec<u8>) -> Result<(), VarError> {
        let var = self.entry(name);
        if var.attrs.has(Attrs::READONLY) {
            return Err(VarError::Readonly(name.to_string()));
        }
        let value = apply_case(var.attrs, value);
        match &mut var.value {
            Some(Value::Assoc(m)) => m.insert(key, value),
            _ => {
                let mut m = AssocMap::default();
                m.insert(key, value);
                var.value = Some(Value::Assoc(m));
                var.attrs.set(Attrs::ASSOC);
            }
        }
        Ok(())
    }

    /// Declare `name` in the innermost scope (`local`), copying nothing.
    /// Returns the new variable.
    pub fn declare_local(&mut self, name: &str) -> &mut Var {
        let top = self.scopes.len() - 1;
        self.scopes[top].entry(name.to_string()).or_insert(Var {
            value: None,
            attrs: Attrs::empty(),
        })
    }

    /// Whether `name` exists in the innermost (function) scope.
    pub fn is_local_here(&self, name: &str) -> bool {
        self.scopes.len() > 1 && self.scopes.last().is_some_and(|s| s.contains_key(name))
    }

    /// Global variable slot (for `declare -g`).
    pub fn declare_global(&mut self, name: &str) -> &mut Var {
        self.scopes[0].entry(name.to_string()).or_insert(Var {
            value: None,
            attrs: Attrs::empty(),
        })
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
            if idx > 0 && idx == self.scopes.len() - 1 {
                // A local unset in its own function stays local (and unset), as in bash.
                if let Some(v) = self.scopes[idx].get_mut(&name) {
                    v.value = None;
                    v.attrs = Attrs::empty();
                }
            } else {
                self.scopes[idx].remove(&name);
            }
        }
        Ok(())
    }

    /// `unset -n name`: remove the nameref itself.
    pub fn unset_raw(&mut self, name: &str) {
        if let Some(idx) = self.scopes.iter().rposition(|s| s.contains_key(name)) {
            self.scopes[idx].remove(name);
        }
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
            scopes: vec![globals.into_iter().collect()],
        }
    }

    /// Every visible variable name (innermost wins), sorted.
    pub fn names(&self) -> Vec<String> {
        let mut set: Vec<String> = self.scopes.iter().flat_map(|s| s.keys().cloned()).collect();
        set.sort();
        set.dedup();
        set
    }

    /// Exported variables with scalar values, sorted by name.
    pub fn exported(&self) -> Vec<(String, Vec<u8>)> {
        self.names()
            .into_iter()
            .filter_map(|n| {
                let v = self.lookup_raw(&n)?;
                if !v.attrs.has(Attrs::EXPORT) {
                    return None;
                }
                match &v.value {
                    Some(Value::Str(s)) => Some((n, s.clone())),
                    _ => None,
                }
            })
            .collect()
    }
}
