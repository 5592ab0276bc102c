//! `${#x}` and `${x:offset:length}`: counting and slicing by characters (bytes outside a
//! UTF-8 locale), elements of a list, with bash's rules for negative offsets and lengths.

use sandsh_syntax::ast::{Param, ParamExp, Word};

use super::{PV, char_bounds, char_len};
use crate::vars::Value;
use crate::{Flow, Res, Shell};

impl Shell {
    /// `${#x}`: characters of a scalar (bytes outside a UTF-8 locale), elements of a list.
    pub(super) fn param_length(&self, value: PV) -> PV {
        let n = match value {
            PV::List(l, _) => l.len(),
            PV::Scalar(s) if self.utf8_locale() => char_len(&s),
            PV::Scalar(s) => s.len(),
            PV::Unset => 0,
        };
        PV::Scalar(n.to_string().into_bytes())
    }

    /// `${x:offset:length}`.
    pub(super) fn apply_substring(
        &mut self,
        p: &ParamExp,
        param: &Param,
        value: PV,
        offset: &Word,
        length: Option<&Word>,
    ) -> Res<PV> {
        // `${s:}` is an error; an empty offset before a length (`${s::2}`) is 0.
        if offset.parts.is_empty() && length.is_none() {
            let src = super::print::word_src(&sandsh_syntax::ast::Word {
                parts: vec![sandsh_syntax::ast::WordPart::Param(Box::new(p.clone()))],
                span: Default::default(),
            });
            self.error(&format!("{src}: bad substitution"));
            return Err(Flow::Discard(1));
        }
        let off_text = self.expand_string(offset)?;
        let off = self.eval_arith_text(&off_text)?;
        let len = match length {
            Some(w) => {
                let t = self.expand_string(w)?;
                Some(self.eval_arith_text(&t)?)
            }
            None => None,
        };
        self.substring(param, value, off, len)
    }

    /// End of `${x:off:len}` over `n` items starting at `start` (a negative length counts
    /// from the end).
    fn slice_end(&self, n: i64, start: i64, len: Option<i64>) -> Res<i64> {
        Ok(match len {
            None => n,
            Some(l) if l < 0 => {
                let e = n + l;
                if e < start {
                    self.error(&format!("{l}: substring expression < 0"));
                    return Err(Flow::Exit(1));
                }
                e
            }
            Some(l) => (start + l).min(n),
        })
    }

    pub(super) fn substring(&mut self, p: &Param, v: PV, off: i64, len: Option<i64>) -> Res<PV> {
        match v {
            PV::Unset => Ok(PV::Unset),
            PV::Scalar(s) => {
                // Character positions: byte positions when the text is ASCII.
                let ascii = s.is_ascii();
                let b = if ascii { Vec::new() } else { char_bounds(&s) };
                let n = if ascii { s.len() } else { b.len() - 1 } as i64;
                let start = if off < 0 { n + off } else { off };
                if start < 0 || start > n {
                    return Ok(PV::Scalar(Vec::new()));
                }
                let end = self.slice_end(n, start, len)?;
                let (from, to) = if ascii {
                    (start as usize, end as usize)
                } else {
                    (b[start as usize], b[end as usize])
                };
                Ok(PV::Scalar(s[from..to].to_vec()))
            }
            PV::List(items, star) => {
                let positional = matches!(p, Param::Special('@' | '*'));
                let mut items = items;
                if positional {
                    items.insert(0, self.arg0.clone());
                }
                let n = items.len() as i64;
                // Sparse indexed arrays: the offset is an index (a negative one counts back
                // from the last index + 1), not a position.
                let sparse = match p {
                    Param::Index(name, _) => {
                        match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                            Some(Value::Indexed(m)) => {
                                let top = m.keys().next_back().map_or(0, |l| l + 1);
                                let index = if off < 0 { top + off } else { off };
                                Some((index, m.keys().take_while(|k| **k < index).count() as i64))
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let start = match sparse {
                    Some((index, _)) if index < 0 => return Ok(PV::List(Vec::new(), star)),
                    Some((_, position)) => position,
                    None => {
                        let start = if off < 0 { n + off } else { off };
                        if start < 0 || start > n {
                            return Ok(PV::List(Vec::new(), star));
                        }
                        start
                    }
                };
                let end = self.slice_end(n, start, len)?;
                Ok(PV::List(
                    items[start as usize..end.max(start) as usize].to_vec(),
                    star,
                ))
            }
        }
    }
}
