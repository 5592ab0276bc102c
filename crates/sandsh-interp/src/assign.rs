//! Assignments: scalars (with the integer and case attributes), array elements, whole arrays,
//! `+=`, and the size limits every stored value is checked against.

use super::expand::{ExpAssign, ExpValue};
use super::vars::{Attrs, Value};
use super::{Flow, Limit, Res, Shell};

/// The elements of an array assignment: (key, value, append).
type ListItems = Vec<(Option<Vec<u8>>, Vec<u8>, bool)>;

impl Shell {
    pub fn var_err(&self, e: super::vars::VarError) -> Flow {
        if let super::vars::VarError::Memory(_) = e {
            // The budget's hook has stopped the run; the kernel reports it.
            self.env.stop_for_memory();
            return Flow::Exit(super::LIMIT_EXCEEDED_STATUS);
        }
        self.error(&e.to_string());
        // bash's report_error: with errexit on, a readonly assignment ends the shell.
        if self.opts.errexit && matches!(e, super::vars::VarError::Readonly(_)) {
            return Flow::Exit(1);
        }
        Flow::Discard(1)
    }

    /// Fail an assignment through namerefs that refer to each other in a loop, as bash does.
    fn check_nameref_loop(&self, name: &str) -> Res<()> {
        if self.vars.is_circular(name) {
            self.error(&format!("warning: {name}: circular name reference"));
            return Err(Flow::Discard(1));
        }
        Ok(())
    }

    /// Assign a scalar, honouring the integer attribute and allexport.
    /// Enforce `max_variable_bytes` on a value about to be stored.
    fn check_value_size(&self, len: usize) -> Res<()> {
        if len > self.env.limits.max_variable_bytes {
            return Err(self.trip_limit(Limit::VariableBytes));
        }
        Ok(())
    }

    /// Enforce `max_array_entries` after an element was added to `name`.
    fn check_array_size(&self, name: &str) -> Res<()> {
        let n = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.len(),
            Some(Value::Assoc(m)) => m.len(),
            _ => 0,
        };
        if n > self.env.limits.max_array_entries {
            return Err(self.trip_limit(Limit::ArrayEntries));
        }
        Ok(())
    }

    pub fn set_var(&mut self, name: &str, value: Vec<u8>) -> Res<()> {
        self.check_value_size(value.len())?;
        match name {
            "SECONDS" => {
                let v = String::from_utf8_lossy(&value)
                    .trim()
                    .parse::<i64>()
                    .unwrap_or(0);
                self.seconds_offset = v - self.env.start.elapsed().as_secs() as i64;
            }
            "RANDOM" => {
                let v = String::from_utf8_lossy(&value)
                    .trim()
                    .parse::<i64>()
                    .unwrap_or(0);
                self.random_state = (v as u32).wrapping_mul(2654435761) | 1;
            }
            _ => {}
        }
        let attrs = self.vars.lookup_raw(name).map(|v| v.attrs);
        let nameref = attrs.is_some_and(|a| a.has(Attrs::NAMEREF));
        if nameref {
            self.check_nameref_loop(name)?;
            // `declare -n r='a[2]'; r=x` assigns to the element.
            let target = self.vars.resolve_name(name).into_owned();
            if target != name
                && let Some(open) = target.find('[')
                && target.ends_with(']')
            {
                let base = target[..open].to_string();
                let key = super::param::subscript_word(&target[open + 1..target.len() - 1]);
                return self.assign_index(&base, &key, value, false);
            }
        }
        let integer = if nameref {
            self.vars
                .get(name)
                .is_some_and(|v| v.attrs.has(Attrs::INTEGER))
        } else {
            attrs.is_some_and(|a| a.has(Attrs::INTEGER))
        };
        let value = if integer {
            self.eval_arith_text(&value)?.to_string().into_bytes()
        } else {
            value
        };
        if let Err(e) = self.vars.set_str(name, value) {
            return Err(self.var_err(e));
        }
        if self.opts.allexport
            && let Some(v) = self.vars.get_mut(name)
        {
            v.attrs.set(Attrs::EXPORT);
        }
        Ok(())
    }

    /// `name[sub]=value`
    pub fn assign_index(
        &mut self,
        name: &str,
        sub: &sandsh_syntax::ast::Word,
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        let key = self.expand_string(sub)?;
        self.assign_index_text(name, &key, value, append)
    }

    pub fn assign_index_text(
        &mut self,
        name: &str,
        key: &[u8],
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        if self
            .vars
            .lookup_raw(name)
            .is_some_and(|v| v.attrs.has(Attrs::NAMEREF))
        {
            self.check_nameref_loop(name)?;
            // `declare -n r='a[0]'; r[1]=x`: an element of an element is no name at all.
            let target = self.vars.resolve_name(name);
            if target.contains('[') {
                let msg = format!("`{target}': not a valid identifier");
                self.error(&msg);
                return Err(Flow::Discard(1));
            }
        }
        self.check_value_size(value.len())?;
        self.assign_index_inner(name, key, value, append)?;
        self.check_array_size(name)
    }

    fn assign_index_inner(
        &mut self,
        name: &str,
        key: &[u8],
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
        let r = if attrs.has(Attrs::ASSOC) {
            if key.is_empty() {
                self.error(&format!("{name}[]: bad array subscript"));
                return Err(Flow::Discard(1));
            }
            let value = if append {
                let mut old = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                    Some(Value::Assoc(m)) => m.get(key).cloned().unwrap_or_default(),
                    _ => Vec::new(),
                };
                old.extend_from_slice(&value);
                old
            } else {
                value
            };
            self.vars.set_key(name, key.to_vec(), value)
        } else {
            // Plain decimal subscripts (the common case, and every `a+=(…)` element) skip
            // the arithmetic parser.
            if key.is_empty() {
                self.error(&format!("{name}[]: bad array subscript"));
                return Err(Flow::Discard(1));
            }
            let idx = match std::str::from_utf8(key).ok().and_then(|k| {
                (!k.is_empty()
                    && k.bytes().all(|b| b.is_ascii_digit())
                    && (k.len() == 1 || !k.starts_with('0')))
                .then(|| k.parse::<i64>().ok())
                .flatten()
            }) {
                Some(i) => i,
                None => self.eval_arith_text(key)?,
            };
            let Some(idx) = self.vars.resolve_index(name, idx) else {
                self.error(&format!(
                    "{name}[{}]: bad array subscript",
                    String::from_utf8_lossy(key)
                ));
                return Err(Flow::Discard(1));
            };
            let value = if attrs.has(Attrs::INTEGER) {
                let base = if append {
                    self.index_value(name, idx)
                } else {
                    Vec::new()
                };
                let v = self.eval_arith_text(&value)?;
                let b = if base.is_empty() {
                    0
                } else {
                    self.eval_arith_text(&base)?
                };
                (if append { b.wrapping_add(v) } else { v })
                    .to_string()
                    .into_bytes()
            } else if append {
                let mut old = self.index_value(name, idx);
                old.extend_from_slice(&value);
                old
            } else {
                value
            };
            self.vars.set_index(name, idx, value)
        };
        r.map_err(|e| self.var_err(e))
    }

    fn index_value(&self, name: &str, idx: i64) -> Vec<u8> {
        match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.get(&idx).cloned().unwrap_or_default(),
            Some(Value::Str(s)) if idx == 0 => s.clone(),
            _ => Vec::new(),
        }
    }

    /// Perform an expanded assignment (`a=1`, `a+=x`, `a[i]=v`, `a=(…)`).
    pub fn do_assign(&mut self, a: ExpAssign) -> Res<()> {
        let ExpAssign {
            name,
            index,
            append,
            value,
        } = a;
        let name = name.as_str();
        if let Some(idx) = &index {
            let v = match value {
                ExpValue::Scalar(s) => s,
                ExpValue::Array(_) => {
                    self.error(&format!(
                        "{name}[{}]: cannot assign list to array member",
                        String::from_utf8_lossy(idx)
                    ));
                    return Err(Flow::Exit(1));
                }
            };
            return self.assign_index_text(name, idx, v, append);
        }
        match value {
            ExpValue::Scalar(s) if append => self.append_scalar(name, s),
            ExpValue::Scalar(s) => self.set_var(name, s),
            ExpValue::Array(items) => {
                let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
                if attrs.has(Attrs::READONLY) {
                    return Err(self.var_err(super::vars::VarError::Readonly(name.to_string())));
                }
                if attrs.has(Attrs::ASSOC) {
                    self.assign_assoc_list(name, items, append)
                } else {
                    self.assign_indexed_list(name, items, append)
                }
            }
        }
    }

    /// `name+=s`: integer addition, element 0 of an array, or text appended in place.
    fn append_scalar(&mut self, name: &str, s: Vec<u8>) -> Res<()> {
        let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
        let is_array = self
            .vars
            .get(name)
            .and_then(|v| v.value.as_ref())
            .is_some_and(|v| !matches!(v, Value::Str(_)));
        if attrs.has(Attrs::INTEGER) {
            let old = self.vars.get_str(name).unwrap_or(b"0").to_vec();
            let o = self.eval_arith_text(&old)?;
            let n = self.eval_arith_text(&s)?;
            return self.set_var(name, o.wrapping_add(n).to_string().into_bytes());
        }
        if is_array {
            return self.assign_index_text(name, b"0", s, true);
        }
        // Append in place: `s+=x` in a loop must not copy the whole string.
        let plain = !attrs.has(Attrs::READONLY)
            && !attrs.has(Attrs::NAMEREF)
            && !attrs.has(Attrs::LOWER)
            && !attrs.has(Attrs::UPPER)
            && !attrs.has(Attrs::CAPITALIZE)
            && !matches!(name, "SECONDS" | "RANDOM");
        if plain
            && let Some(var) = self.vars.get_mut(name)
            && let Some(Value::Str(cur)) = &mut var.value
        {
            let len = cur.len() + s.len();
            if len > self.env.limits.max_variable_bytes {
                return Err(self.trip_limit(Limit::VariableBytes));
            }
            cur.extend_from_slice(&s);
            if self.opts.allexport {
                var.attrs.set(Attrs::EXPORT);
            }
            if let Err(e) = self.vars.account(s.len() as u64, 0) {
                return Err(self.var_err(e));
            }
            return Ok(());
        }
        let mut old = self.vars.get_str(name).unwrap_or(b"").to_vec();
        old.extend_from_slice(&s);
        self.set_var(name, old)
    }

    /// `m=(…)` / `m+=(…)` for an associative array: `[k]=v` elements, and bash 5.2's
    /// `m=(k1 v1 k2 v2)` pairs.
    fn assign_assoc_list(&mut self, name: &str, items: ListItems, append: bool) -> Res<()> {
        if !append {
            self.vars
                .set_value(name, Value::Assoc(Default::default()))
                .map_err(|e| self.var_err(e))?;
        }
        let mut pending_key: Option<Vec<u8>> = None;
        for (k, v, app) in items {
            match k {
                Some(k) => self.assign_index_text(name, &k, v, app)?,
                None => match pending_key.take() {
                    None => pending_key = Some(v),
                    Some(key) => self.assign_index_text(name, &key, v, false)?,
                },
            }
        }
        if let Some(key) = pending_key {
            self.assign_index_text(name, &key, Vec::new(), false)?;
        }
        Ok(())
    }

    /// `a=(…)` / `a+=(…)` for an indexed array: elements from 0 (or after the last), `[i]=v`
    /// setting the index the next ones follow.
    fn assign_indexed_list(&mut self, name: &str, items: ListItems, append: bool) -> Res<()> {
        let mut next: i64 = 0;
        if append {
            next = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                Some(Value::Indexed(m)) => m.keys().next_back().map_or(0, |l| l + 1),
                Some(Value::Str(_)) => 1,
                _ => 0,
            };
            let scalar = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                Some(Value::Str(s)) => Some(s.clone()),
                _ => None,
            };
            if let Some(s) = scalar {
                self.vars
                    .set_value(
                        name,
                        Value::Indexed(std::collections::BTreeMap::from([(0, s)])),
                    )
                    .map_err(|e| self.var_err(e))?;
            }
        } else {
            self.vars
                .set_value(name, Value::Indexed(Default::default()))
                .map_err(|e| self.var_err(e))?;
        }
        for (k, v, app) in items {
            let idx = match k {
                Some(k) => {
                    let i = self.eval_arith_text(&k)?;
                    match self.vars.resolve_index(name, i) {
                        Some(i) => i,
                        None => {
                            let (k, v) = (String::from_utf8_lossy(&k), String::from_utf8_lossy(&v));
                            self.error(&format!("[{k}]={v}: bad array subscript"));
                            continue;
                        }
                    }
                }
                None => next,
            };
            self.assign_index_text(name, idx.to_string().as_bytes(), v, app)?;
            next = idx + 1;
        }
        if self.opts.allexport
            && let Some(v) = self.vars.get_mut(name)
        {
            v.attrs.set(Attrs::EXPORT);
        }
        Ok(())
    }
}
