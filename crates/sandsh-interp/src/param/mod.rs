//! Parameter expansion: `$x`, `${x…}` with every bash operator, special and dynamic parameters.
//!
//! This file holds the values an operator works on ([`PV`]) and the expansion itself: finding
//! the parameter (`${!ref}` included), `set -u`, dispatching to an operator and pushing the
//! result as words. The operators and lookups live beside it, one concept each: length and
//! substrings ([`substring`]), defaults ([`defaults`]), the pattern operators ([`pattern`]) and
//! case conversion ([`case`]), the `@` transformations ([`transform`]), reading a parameter's
//! value ([`lookup`]), the computed variables ([`dynamic`]) and parameter names ([`names`]).

use sandsh_syntax::ast::{Param, ParamExp, ParamOp, Subscript, Word};

use super::expand::Seg;
use super::pat::Pat;
use super::vars::{Attrs, Value};
use super::{Flow, Res, Shell};
use growth::Halt;
// The operator files reach these crate modules as `super::pat`, `super::vars`… (the paths they
// used when they were one file with this one), through these imports.
use super::{pat, print, vars};

mod case;
mod defaults;
mod dynamic;
mod growth;
mod lookup;
mod names;
mod pattern;
mod substring;
mod transform;

pub(super) use dynamic::is_dynamic;
pub use names::{is_name, param_name, parse_param_ref, subscript_word};

/// A parameter's value before an operator applies.
#[derive(Debug, Clone)]
pub enum PV {
    Unset,
    Scalar(Vec<u8>),
    /// Elements of `$@`/`${a[@]}` (`star: false`) or `$*`/`${a[*]}` (`star: true`).
    List(Vec<Vec<u8>>, bool),
}

/// What `${x-w}` and friends leave: a value, the operand word to expand instead, or nothing.
enum Defaulted {
    Value(PV),
    Word,
    Nothing,
}

impl PV {
    fn is_unset(&self) -> bool {
        matches!(self, PV::Unset) || matches!(self, PV::List(l, _) if l.is_empty())
    }
    fn is_null(&self) -> bool {
        match self {
            PV::Unset => true,
            PV::Scalar(s) => s.is_empty(),
            PV::List(l, _) => l.is_empty() || (l.len() == 1 && l[0].is_empty()),
        }
    }
    fn map(self, mut f: impl FnMut(Vec<u8>) -> Vec<u8>) -> PV {
        match self {
            PV::Unset => PV::Unset,
            PV::Scalar(s) => PV::Scalar(f(s)),
            PV::List(l, star) => PV::List(l.into_iter().map(f).collect(), star),
        }
    }

    fn try_map(self, f: impl FnMut(Vec<u8>) -> Result<Vec<u8>, Halt>) -> Result<PV, Halt> {
        Ok(match self {
            PV::Unset => PV::Unset,
            PV::Scalar(s) => PV::Scalar({ f }(s)?),
            PV::List(l, star) => PV::List(l.into_iter().map(f).collect::<Result<_, _>>()?, star),
        })
    }
}

/// Number of characters (UTF-8 aware; each byte of an invalid or incomplete sequence counts
/// as one, as bash counts them).
pub fn char_len(s: &[u8]) -> usize {
    match std::str::from_utf8(s) {
        Ok(t) => t.chars().count(),
        Err(_) => char_bounds(s).len() - 1,
    }
}

/// Byte offsets of character boundaries (len + 1 entries); a byte that does not start a
/// complete character is a character of its own.
fn char_bounds(s: &[u8]) -> Vec<usize> {
    let mut v = Vec::with_capacity(s.len() + 1);
    let mut i = 0;
    while i < s.len() {
        v.push(i);
        i += match bstr::decode_utf8(&s[i..]) {
            (Some(_), n) => n,
            (None, _) => 1,
        };
    }
    v.push(s.len());
    v
}

impl Shell {
    /// Whether the character locale is UTF-8: `LC_ALL`, else `LC_CTYPE`, else `LANG` (the
    /// first that is set and not empty), as bash's `setlocale` sees them. Otherwise (C,
    /// POSIX, nothing set) a character is a byte.
    pub fn utf8_locale(&self) -> bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|v| self.vars.get_str(v).filter(|s| !s.is_empty()));
        // Checked in place: `${#s}` can run in a hot loop.
        name.is_some_and(|n| {
            n.windows(5).any(|w| w.eq_ignore_ascii_case(b"utf-8"))
                || n.windows(4).any(|w| w.eq_ignore_ascii_case(b"utf8"))
        })
    }

    pub fn expand_param(&mut self, p: &ParamExp, quoted: bool, out: &mut Vec<Seg>) -> Res<()> {
        let Some((param, is_indirect_target)) = self.param_target(p, quoted, out)? else {
            return Ok(());
        };
        let param: &Param = &param;

        // `${#a[@]}`: count the elements without copying them.
        if let (ParamOp::Length, Param::Index(name, Subscript::At | Subscript::Star)) =
            (&p.op, param)
            && !is_dynamic(name)
        {
            let n = self
                .vars
                .get(name)
                .and_then(|v| v.value.as_ref())
                .map_or(0, Value::count);
            self.push_pv(PV::Scalar(n.to_string().into_bytes()), quoted, out);
            return Ok(());
        }

        let value = self.op_input(&p.op, param)?;
        self.check_nounset_param(&p.op, param, p.bare, &value)?;

        let result = match &p.op {
            ParamOp::None | ParamOp::PrefixNames { .. } | ParamOp::Keys => value,
            ParamOp::Length => self.param_length(value),
            ParamOp::Default { colon, kind, word } => {
                let missing =
                    self.default_missing(param, &value, is_indirect_target, *colon, quoted);
                match self.apply_default(param, value, missing, *colon, kind, word)? {
                    Defaulted::Value(v) => v,
                    Defaulted::Word => return self.expand_operand(word, quoted, out),
                    Defaulted::Nothing => return Ok(()),
                }
            }
            ParamOp::Substring { offset, length } => {
                self.apply_substring(p, param, value, offset, length.as_ref())?
            }
            ParamOp::Transform(c) => self.transform(param, value, *c)?,
            op => self.apply_pattern_op(op, value)?,
        };
        self.push_pv(result, quoted, out);
        Ok(())
    }

    /// The parameter an expansion reads, and whether it was reached through `${!ref}`.
    /// `None`: the expansion is complete (`${!ref}` of a nameref, or of an empty name).
    fn param_target<'p>(
        &mut self,
        p: &'p ParamExp,
        quoted: bool,
        out: &mut Vec<Seg>,
    ) -> Res<Option<(std::borrow::Cow<'p, Param>, bool)>> {
        if !p.indirect || matches!(p.op, ParamOp::PrefixNames { .. } | ParamOp::Keys) {
            return Ok(Some((std::borrow::Cow::Borrowed(&p.param), false)));
        }
        // `${!ref}` of a nameref is the name it refers to (bash inverts the meaning).
        if let (Param::Name(n), ParamOp::None) = (&p.param, &p.op)
            && let Some(v) = self.vars.lookup_raw(n)
            && v.attrs.has(Attrs::NAMEREF)
        {
            let target = v
                .value
                .as_ref()
                .and_then(|v| v.scalar())
                .unwrap_or_default();
            self.push_pv(PV::Scalar(target.to_vec()), quoted, out);
            return Ok(None);
        }
        let v = self.param_value(&p.param)?;
        // An array without element 0 (`declare -A A=([x]=y); ${!A}`) names nothing,
        // without bash's error for an unset variable.
        let array_without_0 = matches!(v, PV::Unset)
            && matches!(&p.param, Param::Name(n) if self.vars.get(n).is_some_and(|x| {
                matches!(x.value, Some(Value::Indexed(_) | Value::Assoc(_)))
            }));
        let name = match v {
            PV::Scalar(s) => String::from_utf8_lossy(&s).into_owned(),
            PV::List(l, _) => l
                .first()
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .unwrap_or_default(),
            // bash 5.2: an unset variable to indirect through abandons the command.
            PV::Unset if matches!(p.param, Param::Name(_)) && !array_without_0 => {
                let n = param_name(&p.param);
                self.error(&format!("{n}: invalid indirect expansion"));
                return Err(Flow::Discard(1));
            }
            PV::Unset => {
                if self.opts.nounset {
                    self.error(&format!("{}: unbound variable", param_name(&p.param)));
                    return Err(self.unset_fatal());
                }
                String::new()
            }
        };
        let from_name = matches!(p.param, Param::Name(_)) && !array_without_0;
        match parse_param_ref(&name) {
            Some(param) => Ok(Some((std::borrow::Cow::Owned(param), true))),
            None if name.is_empty() && !from_name => {
                if matches!(p.op, ParamOp::None) {
                    return Ok(None);
                }
                Ok(Some((
                    std::borrow::Cow::Owned(Param::Name(String::new())),
                    true,
                )))
            }
            None => {
                self.error(&format!("{name}: invalid variable name"));
                Err(Flow::Discard(1))
            }
        }
    }

    /// The value an operator works on: the parameter's, or the names `${!prefix*}` and
    /// `${!a[@]}` list.
    fn op_input(&mut self, op: &ParamOp, param: &Param) -> Res<PV> {
        Ok(match op {
            ParamOp::PrefixNames { star } => {
                let prefix = match param {
                    Param::Name(n) => n.clone(),
                    _ => String::new(),
                };
                let names: Vec<Vec<u8>> = self
                    .all_var_names()
                    .into_iter()
                    .filter(|n| n.starts_with(&prefix))
                    .map(String::into_bytes)
                    .collect();
                PV::List(names, *star)
            }
            ParamOp::Keys => match param {
                Param::Index(name, sub) => {
                    let star = matches!(sub, Subscript::Star);
                    let keys = self
                        .vars
                        .get(name)
                        .and_then(|v| v.value.as_ref())
                        .map(|v| v.keys())
                        .unwrap_or_default();
                    PV::List(keys, star)
                }
                _ => PV::Unset,
            },
            _ => self.param_value(param)?,
        })
    }

    /// `set -u`: an unset parameter is fatal, unless the operator supplies a default or the
    /// parameter is a list (`$@`, `${a[@]}`).
    fn check_nounset_param(&self, op: &ParamOp, param: &Param, bare: bool, value: &PV) -> Res<()> {
        if matches!(value, PV::Unset)
            && self.opts.nounset
            && !matches!(
                op,
                ParamOp::Default { .. } | ParamOp::PrefixNames { .. } | ParamOp::Keys
            )
            && !matches!(
                param,
                Param::Special('@' | '*') | Param::Index(_, Subscript::At | Subscript::Star)
            )
        {
            // bash names a bare positional parameter with its `$` (`$1`), any other by name.
            let name = match param {
                Param::Positional(n) if bare => format!("${n}"),
                _ => param_name(param),
            };
            self.error(&format!("{name}: unbound variable"));
            return Err(self.unset_fatal());
        }
        Ok(())
    }

    /// Expand an operator's word (`${x:-word}`) in the same quoting context.
    fn expand_operand(&mut self, word: &Word, quoted: bool, out: &mut Vec<Seg>) -> Res<()> {
        let before = out.len();
        for (i, p) in word.parts.iter().enumerate() {
            if i == 0
                && self.dquote_depth == 0
                && let sandsh_syntax::ast::WordPart::Literal(s) = p
                && let Some(rest) = s.strip_prefix('~')
            {
                let (user, tail) = match rest.find('/') {
                    Some(k) => (&rest[..k], &rest[k..]),
                    None => (rest, ""),
                };
                let home = self.tilde_text(user);
                out.push(Seg::Text {
                    s: home,
                    quoted: true,
                    split: false,
                });
                out.push(Seg::Text {
                    s: tail.as_bytes().to_vec(),
                    quoted: false,
                    split: true,
                });
                continue;
            }
            let start = out.len();
            self.expand_part(p, quoted, false, out)?;
            if !quoted && matches!(p, sandsh_syntax::ast::WordPart::Literal(_)) {
                for seg in &mut out[start..] {
                    if let Seg::Text {
                        quoted: false,
                        split,
                        ..
                    } = seg
                    {
                        *split = true;
                    }
                }
            }
        }
        if quoted && out.len() == before {
            out.push(Seg::Text {
                s: Vec::new(),
                quoted: true,
                split: false,
            });
        }
        Ok(())
    }

    fn push_pv(&self, v: PV, quoted: bool, out: &mut Vec<Seg>) {
        match v {
            PV::Unset => {}
            PV::Scalar(s) => out.push(Seg::Text {
                s,
                quoted,
                split: !quoted,
            }),
            PV::List(items, star) => {
                if quoted && star {
                    let ifs = self.ifs_for_star();
                    let mut joined = Vec::new();
                    for (i, it) in items.iter().enumerate() {
                        if i > 0 {
                            joined.extend_from_slice(&ifs);
                        }
                        joined.extend_from_slice(it);
                    }
                    out.push(Seg::Text {
                        s: joined,
                        quoted: true,
                        split: false,
                    });
                } else {
                    for (i, it) in items.into_iter().enumerate() {
                        if i > 0 {
                            out.push(Seg::Break);
                        }
                        out.push(Seg::Text {
                            s: it,
                            quoted,
                            split: !quoted,
                        });
                    }
                }
            }
        }
    }

    /// The separator `"$*"` joins with: the first IFS character (space when unset).
    fn ifs_for_star(&self) -> Vec<u8> {
        match self.vars.get_str("IFS") {
            Some(s) => bstr::ByteSlice::chars(s)
                .next()
                .map(|c| c.to_string().into_bytes())
                .unwrap_or_default(),
            None if self.vars.is_set("IFS") => Vec::new(),
            None => b" ".to_vec(),
        }
    }

    pub fn compile_pattern(&mut self, w: &Word) -> Res<Pat> {
        let segs = self.expand_pattern(w)?;
        Ok(super::pat::compile(
            &segs,
            self.opts.extglob,
            false,
            !self.utf8_locale(),
        ))
    }
}
