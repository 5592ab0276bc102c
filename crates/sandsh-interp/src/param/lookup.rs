//! Reading a parameter's value: positional and special parameters, variables through
//! namerefs, array elements by index or key, the names `${!prefix*}` lists.

use sandsh_syntax::ast::{Param, Subscript, Word};

use super::{PV, parse_param_ref};
use crate::vars::{Attrs, Value};
use crate::{Res, Shell};

impl Shell {
    pub(super) fn all_var_names(&self) -> Vec<String> {
        let mut names = self.vars.names();
        // The variables computed when read exist too (FUNCNAME only inside a function), as
        // `${!RAND*}` shows in bash.
        for n in super::dynamic::DYNAMIC {
            if (n != "FUNCNAME" || !self.frames.is_empty()) && !names.iter().any(|m| m == n) {
                names.push(n.to_string());
            }
        }
        names.sort_unstable();
        names
    }

    /// The value of a parameter.
    /// `$ref` for a nameref: its target's value, an array element when the target is
    /// `a[sub]` (the subscript evaluated now), nothing (with bash's warning) when the
    /// references loop.
    fn nameref_value(&mut self, n: &str) -> Res<PV> {
        if self.vars.is_circular(n) {
            self.error(&format!("warning: {n}: circular name reference"));
            return Ok(PV::Unset);
        }
        let target = self.vars.resolve_name(n).into_owned();
        if target.ends_with(']')
            && let Some(p @ Param::Index(..)) = parse_param_ref(&target)
        {
            return self.param_value(&p);
        }
        Ok(
            match self
                .vars
                .get(&target)
                .and_then(|v| v.value.as_ref())
                .and_then(|v| v.scalar())
            {
                Some(s) => PV::Scalar(s.to_vec()),
                None => PV::Unset,
            },
        )
    }

    pub fn param_value(&mut self, p: &Param) -> Res<PV> {
        Ok(match p {
            Param::Positional(n) => match self.positional.get(*n as usize - 1) {
                Some(v) => PV::Scalar(v.clone()),
                None => PV::Unset,
            },
            Param::Special(c) => match c {
                '@' => PV::List(self.positional.clone(), false),
                '*' => PV::List(self.positional.clone(), true),
                '#' => PV::Scalar(self.positional.len().to_string().into_bytes()),
                '?' => PV::Scalar(self.last_status.to_string().into_bytes()),
                '-' => PV::Scalar(self.flags_string().into_bytes()),
                '$' => PV::Scalar(self.nesting.top_pid.to_string().into_bytes()),
                '!' => match self.last_bg_pid {
                    Some(p) => PV::Scalar(p.to_string().into_bytes()),
                    None => PV::Unset,
                },
                '0' => PV::Scalar(self.arg0.clone()),
                '_' => PV::Scalar(self.last_arg.clone()),
                _ => PV::Unset,
            },
            Param::Name(n) => {
                if let Some(v) = self.dynamic_var(n) {
                    return Ok(v);
                }
                if self
                    .vars
                    .lookup_raw(n)
                    .is_some_and(|v| v.attrs.has(Attrs::NAMEREF))
                {
                    return self.nameref_value(n);
                }
                match self.vars.get(n).and_then(|v| v.value.as_ref()) {
                    Some(v) => match v.scalar() {
                        Some(s) => PV::Scalar(s.to_vec()),
                        None => PV::Unset,
                    },
                    None => PV::Unset,
                }
            }
            Param::Index(n, sub) => {
                let dynamic = self.dynamic_var(n);
                match sub {
                    Subscript::At | Subscript::Star => {
                        let star = matches!(sub, Subscript::Star);
                        if let Some(d) = dynamic {
                            return Ok(match d {
                                PV::List(l, _) => PV::List(l, star),
                                PV::Scalar(s) => PV::List(vec![s], star),
                                PV::Unset => PV::List(vec![], star),
                            });
                        }
                        match self.vars.get(n).and_then(|v| v.value.as_ref()) {
                            Some(v) => PV::List(v.values(), star),
                            None => PV::List(Vec::new(), star),
                        }
                    }
                    Subscript::Expr(w) => self.element_value(n, w, dynamic)?,
                }
            }
        })
    }

    /// `${a[expr]}`: an associative array's key, or an indexed array's element (a negative
    /// index counting back from the end; a scalar is element 0).
    fn element_value(&mut self, n: &str, w: &Word, dynamic: Option<PV>) -> Res<PV> {
        let is_assoc = self.vars.get(n).is_some_and(|v| v.attrs.has(Attrs::ASSOC));
        if is_assoc {
            let key = self.expand_string(w)?;
            return Ok(match self.vars.get(n).and_then(|v| v.value.as_ref()) {
                Some(Value::Assoc(m)) => m.get(&key).map_or(PV::Unset, |v| PV::Scalar(v.clone())),
                _ => PV::Unset,
            });
        }
        let text = self.expand_string(w)?;
        let idx = self.eval_arith_text(&text)?;
        if let Some(PV::List(l, _)) = dynamic {
            let i = if idx < 0 { l.len() as i64 + idx } else { idx };
            return Ok(match l.get(i.max(0) as usize) {
                Some(v) if i >= 0 => PV::Scalar(v.clone()),
                _ => PV::Unset,
            });
        }
        Ok(match self.vars.get(n).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => {
                let i = match m.keys().next_back() {
                    Some(last) if idx < 0 => last + 1 + idx,
                    None if idx < 0 => -1,
                    _ => idx,
                };
                if i < 0 && idx < 0 {
                    self.error(&format!("{n}: bad array subscript"));
                    return Ok(PV::Unset);
                }
                m.get(&i).map_or(PV::Unset, |v| PV::Scalar(v.clone()))
            }
            Some(Value::Str(s)) if idx == 0 => PV::Scalar(s.clone()),
            _ => PV::Unset,
        })
    }
}
