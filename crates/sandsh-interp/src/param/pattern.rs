//! The pattern operators: `${x#p}`, `${x%p}`, `${x/p/r}` (with bash 5.2's `&` in the
//! replacement) and the dispatch of the case conversions, over a scalar or each element.

use sandsh_syntax::ast::{ParamOp, ReplaceMode};

use super::PV;
use super::case::case_convert;
use super::growth::Halt;
use crate::{Res, Shell};

impl Shell {
    /// The pattern operators: `#`, `%`, `/` and the case conversions `^ , ~`.
    pub(super) fn apply_pattern_op(&mut self, op: &ParamOp, value: PV) -> Res<PV> {
        Ok(match op {
            ParamOp::RemovePrefix { longest, pattern } => {
                let pat = self.compile_pattern(pattern)?;
                value.map(|s| match pat.prefix_len(&s, *longest) {
                    Some(n) => s[n..].to_vec(),
                    None => s,
                })
            }
            ParamOp::RemoveSuffix { longest, pattern } => {
                let pat = self.compile_pattern(pattern)?;
                value.map(|s| match pat.suffix_start(&s, *longest) {
                    Some(n) => s[..n].to_vec(),
                    None => s,
                })
            }
            ParamOp::Replace {
                mode,
                pattern,
                replacement,
            } => {
                // Unlike `#` and `%`, substitution follows `nocasematch` (bash).
                let segs = self.expand_pattern(pattern)?;
                let bytes = !self.utf8_locale();
                let pat =
                    super::pat::compile(&segs, self.opts.extglob, self.opts.nocasematch, bytes);
                let rep = match replacement {
                    Some(w) => self.expand_pattern(w)?,
                    None => Vec::new(),
                };
                let mode = match mode {
                    ReplaceMode::First => sandsh_text::pattern::ReplaceMode::First,
                    ReplaceMode::All => sandsh_text::pattern::ReplaceMode::All,
                    ReplaceMode::Prefix => sandsh_text::pattern::ReplaceMode::Prefix,
                    ReplaceMode::Suffix => sandsh_text::pattern::ReplaceMode::Suffix,
                };
                let mut growth = self.growth();
                let value = value.try_map(|s| {
                    let mut halted = None;
                    let out = pat.try_replace_with(&s, mode, |m, out| {
                        substitute(&rep, m, out);
                        halted = growth.grew(out.len()).err();
                        halted.is_none()
                    });
                    match (out, halted) {
                        (Some(out), None) => growth.grew(out.len()).map(|()| out),
                        (_, h) => Err(h.unwrap_or(Halt::Cancelled)),
                    }
                });
                value.map_err(|h| self.halted(h))?
            }
            ParamOp::Case { mode, all, pattern } => {
                let pat = match pattern {
                    Some(w) if !w.parts.is_empty() => Some(self.compile_pattern(w)?),
                    _ => None,
                };
                let mut growth = self.growth();
                let value =
                    value.try_map(|s| case_convert(&s, *mode, *all, pat.as_ref(), &mut growth));
                value.map_err(|h| self.halted(h))?
            }
            // The other operators are applied by `expand_param` itself.
            _ => value,
        })
    }
}
/// Append the replacement of `${x/p/r}`: under bash 5.2's `patsub_replacement`, an unquoted
/// `&` stands for the matched text and `\&` for a literal `&`.
fn substitute(rep: &[(Vec<u8>, bool)], matched: &[u8], out: &mut Vec<u8>) {
    for (text, active) in rep {
        if !*active {
            out.extend_from_slice(text);
            continue;
        }
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'\\' if i + 1 < text.len() => {
                    out.push(text[i + 1]);
                    i += 2;
                }
                b'&' => {
                    out.extend_from_slice(matched);
                    i += 1;
                }
                c => {
                    out.push(c);
                    i += 1;
                }
            }
        }
    }
}
