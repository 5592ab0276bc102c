//! Assignment words (`x=…`, `a=(…)`, `a[k]=…`): their expansion, without field splitting or
//! globbing, into an [`ExpAssign`], and how one is shown by `set -x` and `declare`.

use sandsh_syntax::ast::{Assign, AssignValue};

use crate::{Res, Shell};

#[derive(Debug, Clone)]
pub struct ExpAssign {
    pub name: String,
    pub index: Option<Vec<u8>>,
    pub append: bool,
    pub value: ExpValue,
}

#[derive(Debug, Clone)]
pub enum ExpValue {
    Scalar(Vec<u8>),
    /// (key, value, append)
    Array(Vec<(Option<Vec<u8>>, Vec<u8>, bool)>),
}

impl ExpAssign {
    /// How `set -x` shows the assignment: a scalar value quoted when needed (`a='x y'`).
    pub fn to_xtrace(&self) -> Vec<u8> {
        match &self.value {
            ExpValue::Scalar(s) if !s.is_empty() => {
                let mut out = self.to_text();
                out.truncate(out.len() - s.len());
                out.extend(super::pat::xtrace_quote(s));
                out
            }
            _ => self.to_text(),
        }
    }

    /// `name=value` text, for commands that are not declaration builtins.
    pub fn to_text(&self) -> Vec<u8> {
        let mut out = self.name.clone().into_bytes();
        if let Some(i) = &self.index {
            out.push(b'[');
            out.extend_from_slice(i);
            out.push(b']');
        }
        if self.append {
            out.push(b'+');
        }
        out.push(b'=');
        match &self.value {
            ExpValue::Scalar(s) => out.extend_from_slice(s),
            ExpValue::Array(items) => {
                out.push(b'(');
                for (i, (_, v, _)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(v);
                }
                out.push(b')');
            }
        }
        out
    }
}

impl Shell {
    pub fn expand_assign(&mut self, a: &Assign) -> Res<ExpAssign> {
        self.expand_assign_as(a, false)
    }

    /// [`Shell::expand_assign`]; `assoc_decl`: an argument of `declare -A` (the array will be
    /// associative even if it is not yet).
    pub fn expand_assign_as(&mut self, a: &Assign, assoc_decl: bool) -> Res<ExpAssign> {
        let index = match &a.index {
            Some(w) => Some(self.expand_string(w)?),
            None => None,
        };
        let value = match &a.value {
            AssignValue::Scalar(w) => ExpValue::Scalar(self.expand_assign_value(w)?),
            AssignValue::Array(elems) => {
                let mut items = Vec::new();
                let assoc = assoc_decl
                    || self
                        .vars
                        .get(&a.name)
                        .is_some_and(|v| v.attrs.has(super::vars::Attrs::ASSOC));
                for e in elems {
                    match &e.key {
                        Some(k) => self.expand_keyed_elem(k, e, assoc, &mut items)?,
                        None => {
                            for f in self.expand_word_fields(&e.value)? {
                                items.push((None, f, false));
                            }
                        }
                    }
                }
                ExpValue::Array(items)
            }
        };
        Ok(ExpAssign {
            name: a.name.clone(),
            index,
            append: a.append,
            value,
        })
    }
}
