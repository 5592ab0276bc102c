//! The `${x@op}` transformations: `@Q`, `@E`, `@P`, `@A`, `@K`, `@k`, `@a`, `@U`, `@u`,
//! `@L`, each a rewriting of the value on its own.

use sandsh_syntax::ast::{CaseMode, Param};
use sandsh_text::quote;

use super::case::case_convert;
use super::{PV, param_name};
use crate::vars::Value;
use crate::{Flow, Res, Shell};

impl Shell {
    pub(super) fn transform(&mut self, p: &Param, v: PV, op: char) -> Res<PV> {
        Ok(match op {
            'Q' => v.map(|s| quote::single_quote(&s)),
            'E' => v.map(|s| {
                let mut out = Vec::new();
                sandsh_text::escape::echo_escapes(&s, &mut out);
                out
            }),
            'P' => match v {
                PV::Scalar(s) => PV::Scalar(self.prompt_expand(&s)),
                PV::List(l, star) => {
                    PV::List(l.iter().map(|s| self.prompt_expand(s)).collect(), star)
                }
                PV::Unset => PV::Unset,
            },
            'U' | 'u' | 'L' => {
                let (mode, all) = match op {
                    'U' => (CaseMode::Upper, true),
                    'u' => (CaseMode::Upper, false),
                    _ => (CaseMode::Lower, true),
                };
                let mut growth = self.growth();
                let v = v.try_map(|s| case_convert(&s, mode, all, None, &mut growth));
                v.map_err(|h| self.halted(h))?
            }
            'a' => {
                let attrs = self.attr_string(p);
                match v {
                    PV::List(l, star) => PV::List(
                        l.into_iter().map(|_| attrs.clone().into_bytes()).collect(),
                        star,
                    ),
                    PV::Unset if self.vars.get(&param_name(p)).is_none() => PV::Unset,
                    _ => PV::Scalar(attrs.into_bytes()),
                }
            }
            'A' => {
                let name = param_name(p);
                match v {
                    PV::Scalar(s) => {
                        let flags = self.attr_string(p);
                        let q = quote::single_quote(&s);
                        let mut out = if flags.is_empty() {
                            Vec::new()
                        } else {
                            format!("declare -{flags} ").into_bytes()
                        };
                        out.extend_from_slice(name.as_bytes());
                        out.push(b'=');
                        out.extend_from_slice(&q);
                        PV::Scalar(out)
                    }
                    other => {
                        let base = match p {
                            Param::Name(n) | Param::Index(n, _) => n.clone(),
                            _ => return Ok(other),
                        };
                        match self.vars.get(&base) {
                            Some(var) if var.value.is_some() => {
                                let line = super::vars::declare_line(&base, var);
                                PV::Scalar(line.into_bytes())
                            }
                            _ => other,
                        }
                    }
                }
            }
            'K' | 'k' => match (p, v) {
                (Param::Index(n, _), PV::List(vals, star)) => {
                    let keys = self
                        .vars
                        .get(n)
                        .and_then(|x| x.value.as_ref())
                        .map(|x| x.keys())
                        .unwrap_or_default();
                    let mut out = Vec::new();
                    for (k, val) in keys.into_iter().zip(vals) {
                        if op == 'K' {
                            let mut s = k;
                            s.push(b' ');
                            s.extend(super::pat::double_quote_k(&val));
                            out.push(s);
                        } else {
                            out.push(k);
                            out.push(val);
                        }
                    }
                    if op == 'K' {
                        let mut joined = out.join(&b' ');
                        if !joined.is_empty()
                            && matches!(
                                self.vars.get(n).and_then(|x| x.value.as_ref()),
                                Some(Value::Assoc(_))
                            )
                        {
                            joined.push(b' ');
                        }
                        PV::Scalar(joined)
                    } else {
                        PV::List(out, star)
                    }
                }
                (_, v) => v.map(|s| quote::single_quote(&s)),
            },
            _ => {
                self.error(&format!("{}: bad substitution", param_name(p)));
                return Err(Flow::Discard(1));
            }
        })
    }

    fn attr_string(&self, p: &Param) -> String {
        let name = match p {
            Param::Name(n) | Param::Index(n, _) => n,
            _ => return String::new(),
        };
        let Some(v) = self.vars.get(name) else {
            return String::new();
        };
        super::vars::attr_letters(v.attrs, v.value.as_ref())
    }
}
