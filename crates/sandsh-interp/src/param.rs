//! Parameter expansion: `$x`, `${x…}` with every bash operator, special and dynamic parameters.

use sandsh_syntax::ast::{
    CaseMode, DefaultKind, Param, ParamExp, ParamOp, ReplaceMode, Subscript, Word,
};
use sandsh_text::quote;

use super::expand::Seg;
use super::pat::Pat;
use super::vars::{Attrs, Value};
use super::{Flow, Res, Shell};

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

/// Why a long string operation stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    Cancelled,
    Memory,
}

/// Bytes a growing result may gain between two checks.
const GROWTH_STEP: usize = 64 << 10;

/// The checks a long string operation makes as its result grows (THREAT DOS-CPU-1, DOS-MEM-1):
/// `${x^^}` or `${x//a/bb}` on a string of hundreds of megabytes runs for seconds, so every
/// [`GROWTH_STEP`] bytes of result it asks whether the run was cancelled and whether the
/// result still fits the memory budget (the result is not stored yet, so it is checked, not
/// charged: the assignment that keeps it charges it).
pub struct Growth<'a> {
    cancel: &'a super::CancelToken,
    memory: &'a sandsh_runtime::budget::MemoryBudget,
    next: usize,
}

impl Growth<'_> {
    /// The result has grown to `len` bytes.
    #[inline]
    pub fn grew(&mut self, len: usize) -> Result<(), Halt> {
        if len < self.next {
            return Ok(());
        }
        self.next = len.saturating_add(GROWTH_STEP);
        if self.cancel.is_cancelled() {
            return Err(Halt::Cancelled);
        }
        self.memory.check(len as u64).map_err(|_| Halt::Memory)
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

    /// `${#x}`: characters of a scalar (bytes outside a UTF-8 locale), elements of a list.
    fn param_length(&self, value: PV) -> PV {
        let n = match value {
            PV::List(l, _) => l.len(),
            PV::Scalar(s) if self.utf8_locale() => char_len(&s),
            PV::Scalar(s) => s.len(),
            PV::Unset => 0,
        };
        PV::Scalar(n.to_string().into_bytes())
    }

    /// Whether `${x:-w}` and friends find the value missing: unset, or (with the colon) null.
    fn default_missing(
        &self,
        param: &Param,
        value: &PV,
        is_indirect_target: bool,
        colon: bool,
        quoted: bool,
    ) -> bool {
        // bash 5.2: through `${!ref}` with ref=`a[@]`, any element counts as set and non-null
        // for `:-` and friends.
        let indirect_list =
            is_indirect_target && matches!(param, Param::Index(_, Subscript::At | Subscript::Star));
        if !colon || indirect_list {
            return value.is_unset();
        }
        match value {
            // "$*" with an empty IFS joins to nothing when every element is empty.
            PV::List(l, true)
                if quoted && self.vars.get_str("IFS").is_some_and(<[u8]>::is_empty) =>
            {
                l.iter().all(Vec::is_empty)
            }
            v => v.is_null(),
        }
    }

    /// `${x-w}`, `${x+w}`, `${x=w}`, `${x?w}` (with or without the colon), given whether the
    /// value is missing.
    fn apply_default(
        &mut self,
        param: &Param,
        value: PV,
        missing: bool,
        colon: bool,
        kind: &DefaultKind,
        word: &Word,
    ) -> Res<Defaulted> {
        Ok(match kind {
            DefaultKind::Use if missing => Defaulted::Word,
            DefaultKind::Alternative if missing => Defaulted::Nothing,
            DefaultKind::Alternative => Defaulted::Word,
            DefaultKind::Assign if missing => {
                let v = self.expand_string(word)?;
                self.assign_param(param, v.clone())?;
                Defaulted::Value(PV::Scalar(v))
            }
            DefaultKind::Error if missing => {
                let msg = self.expand_string(word)?;
                let msg = if !msg.is_empty() {
                    String::from_utf8_lossy(&msg).into_owned()
                } else if colon {
                    "parameter null or not set".to_string()
                } else {
                    "parameter not set".to_string()
                };
                self.error(&format!("{}: {}", param_name(param), msg));
                return Err(self.unset_fatal());
            }
            DefaultKind::Use | DefaultKind::Assign | DefaultKind::Error => Defaulted::Value(value),
        })
    }

    /// `${x:offset:length}`.
    fn apply_substring(
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

    /// The pattern operators: `#`, `%`, `/` and the case conversions `^ , ~`.
    fn apply_pattern_op(&mut self, op: &ParamOp, value: PV) -> Res<PV> {
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

    fn all_var_names(&self) -> Vec<String> {
        self.vars.names()
    }

    /// Assign through `${x:=word}`.
    fn assign_param(&mut self, p: &Param, v: Vec<u8>) -> Res<()> {
        match p {
            Param::Name(n) => self.set_var(n, v),
            Param::Index(n, Subscript::Expr(w)) => {
                let n = n.clone();
                self.assign_index(&n, w, v, false)
            }
            _ => {
                self.error(&format!("${}: cannot assign in this way", param_name(p)));
                Err(Flow::Exit(1))
            }
        }
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

    /// Variables computed on read.
    fn dynamic_var(&mut self, n: &str) -> Option<PV> {
        if !is_dynamic(n) {
            return None;
        }
        let s = |v: String| Some(PV::Scalar(v.into_bytes()));
        match n {
            "RANDOM" => {
                if self
                    .vars
                    .get("RANDOM")
                    .is_some_and(|v| v.attrs.has(Attrs::EXPORT))
                {
                    // fall through to the stored value only when the user unset + exported it
                }
                let r = self.next_random();
                s(r.to_string())
            }
            "SRANDOM" => {
                let a = self.next_random() as u32;
                let b = self.next_random() as u32;
                s(((a << 17) ^ b).to_string())
            }
            "SECONDS" => {
                s((self.env.start.elapsed().as_secs() as i64 + self.seconds_offset).to_string())
            }
            "LINENO" => s(self.lineno.to_string()),
            "BASHPID" => s(self.pid.to_string()),
            "EPOCHSECONDS" => s((self.env.clock)()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
                .to_string()),
            "EPOCHREALTIME" => {
                let d = (self.env.clock)()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                s(format!("{}.{:06}", d.as_secs(), d.subsec_micros()))
            }
            "PIPESTATUS" => Some(PV::List(
                self.pipestatus
                    .iter()
                    .map(|v| v.to_string().into_bytes())
                    .collect(),
                false,
            )),
            "FUNCNAME" => self.call_stack(
                |f| f.name.clone().into_bytes(),
                self.source_file.is_some().then_some(b"main"),
            ),
            "BASH_LINENO" => self.call_stack(|f| f.call_line.to_string().into_bytes(), Some(b"0")),
            "BASH_SOURCE" => {
                if self.source_stack.is_empty() {
                    return None;
                }
                let v: Vec<Vec<u8>> = self
                    .source_stack
                    .iter()
                    .rev()
                    .map(|s| s.clone().into_bytes())
                    .collect();
                Some(PV::List(v, false))
            }
            "BASH_SUBSHELL" => s(self.subshell_level.to_string()),
            "DIRSTACK" => {
                let mut v = vec![self.cwd.as_os_str().as_encoded_bytes().to_vec()];
                v.extend(
                    self.dir_stack
                        .iter()
                        .rev()
                        .map(|p| p.as_os_str().as_encoded_bytes().to_vec()),
                );
                Some(PV::List(v, false))
            }
            _ => {
                debug_assert!(false, "{n} is listed as dynamic but not computed");
                None
            }
        }
    }

    pub fn next_random(&mut self) -> i64 {
        // bash's LCG-ish generator shape; values 0..32767.
        let mut x = self.random_state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.random_state = x;
        (x % 32768) as i64
    }

    /// `$-`
    pub fn flags_string(&self) -> String {
        let mut s = self.opts.flags();
        if self.interactive_shell {
            // bash lists `i` among the lower-case flags, before the upper-case ones.
            let at = s
                .find(|c: char| c.is_ascii_uppercase() || c > 'i')
                .unwrap_or(s.len());
            s.insert(at, 'i');
        }
        if let Some(c) = self.input_flag {
            s.push(c);
        }
        s
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

    fn substring(&mut self, p: &Param, v: PV, off: i64, len: Option<i64>) -> Res<PV> {
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

    fn transform(&mut self, p: &Param, v: PV, op: char) -> Res<PV> {
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
                                let line = super::builtins::declare_line(&base, var);
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

/// Parse the target of `${!ref}`: `name`, `name[sub]`, a positional number or special char.
pub fn parse_param_ref(s: &str) -> Option<Param> {
    if s.is_empty() {
        return None;
    }
    if s.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = s.parse().ok()?;
        return Some(if n == 0 {
            Param::Special('0')
        } else {
            Param::Positional(n)
        });
    }
    if s.len() == 1 && "@*#?-$!_".contains(s) {
        return s.chars().next().map(Param::Special);
    }
    if let Some(open) = s.find('[')
        && s.ends_with(']')
    {
        let name = &s[..open];
        let sub = &s[open + 1..s.len() - 1];
        if !is_name(name) {
            return None;
        }
        let sub = match sub {
            "@" => Subscript::At,
            "*" => Subscript::Star,
            _ => Subscript::Expr(subscript_word(sub)),
        };
        return Some(Param::Index(name.to_string(), sub));
    }
    if is_name(s) {
        return Some(Param::Name(s.to_string()));
    }
    None
}

/// A subscript given as text (`'A["K"]'`, `'a[$i+1]'`, `'m[$(cmd)]'`) as the word the parser
/// would make of it inside `${name[…]}`, so that expanding it performs the quote removal and
/// expansions bash performs on such subscripts. Plain text stays a literal.
pub fn subscript_word(sub: &str) -> Word {
    if !sub.contains(['$', '`', '"', '\'', '\\']) {
        return Word::literal(sub);
    }
    use sandsh_syntax::ast::CommandKind;
    let src = format!(": ${{_[{sub}]}}");
    let parsed = sandsh_syntax::parse(&src).ok().and_then(|l| {
        let item = l.items.into_iter().next()?;
        let cmd = item.and_or.first.commands.into_iter().next()?.command;
        let CommandKind::Simple(sc) = cmd.kind else {
            return None;
        };
        let word = sc.words.into_iter().nth(1)?;
        let [sandsh_syntax::ast::WordPart::Param(pe)] = word.parts.as_slice() else {
            return None;
        };
        match &pe.param {
            Param::Index(_, Subscript::Expr(w)) if matches!(pe.op, ParamOp::None) => {
                Some(w.clone())
            }
            _ => None,
        }
    });
    parsed.unwrap_or_else(|| Word::literal(sub))
}

pub fn is_name(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c == b'_' || c.is_ascii_alphabetic())
        && b.all(|c| c == b'_' || c.is_ascii_alphanumeric())
}

pub fn param_name(p: &Param) -> String {
    match p {
        Param::Name(n) => n.clone(),
        Param::Positional(n) => n.to_string(),
        Param::Special(c) => c.to_string(),
        Param::Index(n, Subscript::At) => format!("{n}[@]"),
        Param::Index(n, Subscript::Star) => format!("{n}[*]"),
        Param::Index(n, Subscript::Expr(w)) => {
            let inner: String = w
                .parts
                .iter()
                .map(|p| match p {
                    sandsh_syntax::ast::WordPart::Literal(s)
                    | sandsh_syntax::ast::WordPart::SingleQuoted(s) => s.clone(),
                    _ => String::new(),
                })
                .collect();
            format!("{n}[{inner}]")
        }
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

/// `${x^}`, `${x^^}`, `${x,}`, `${x,,}`, `${x~}`, `${x~~}` with an optional pattern; `growth`
/// may stop a long conversion.
pub fn case_convert(
    s: &[u8],
    mode: CaseMode,
    all: bool,
    pat: Option<&Pat>,
    growth: &mut Growth,
) -> Result<Vec<u8>, Halt> {
    let text = String::from_utf8_lossy(s);
    let mut out = String::with_capacity(s.len());
    for (i, c) in text.chars().enumerate() {
        if i > 0 && !all {
            // The rest is copied unchanged: in one piece.
            let at = text.char_indices().nth(i).map_or(text.len(), |(at, _)| at);
            out.push_str(&text[at..]);
            break;
        }
        growth.grew(out.len())?;
        let mut buf = [0u8; 4];
        let matches = pat.is_none_or(|p| p.matches(c.encode_utf8(&mut buf).as_bytes()));
        if !matches {
            out.push(c);
            continue;
        }
        match mode {
            CaseMode::Upper => out.extend(c.to_uppercase()),
            CaseMode::Lower => out.extend(c.to_lowercase()),
            CaseMode::Toggle => {
                if c.is_uppercase() {
                    out.extend(c.to_lowercase())
                } else {
                    out.extend(c.to_uppercase())
                }
            }
        }
    }
    growth.grew(out.len())?;
    Ok(out.into_bytes())
}

impl Shell {
    /// The checks for a long string operation of this run (see [`Growth`]).
    fn growth(&self) -> Growth<'_> {
        Growth {
            cancel: &self.cancel,
            memory: &self.env.memory,
            next: 0,
        }
    }

    /// The flow of a string operation that [`Growth`] stopped.
    fn halted(&self, h: Halt) -> Flow {
        match h {
            Halt::Cancelled => Flow::Exit(130),
            Halt::Memory => {
                // The budget's hook has stopped the run; the kernel reports it.
                self.env.stop_for_memory();
                Flow::Exit(super::LIMIT_EXCEEDED_STATUS)
            }
        }
    }
}

/// Variables whose value is computed when read (`$RANDOM`, `$LINENO`, `${FUNCNAME[@]}`…):
/// exactly the names `dynamic_var` has an arm for.
const DYNAMIC: [&str; 13] = [
    "RANDOM",
    "SRANDOM",
    "SECONDS",
    "LINENO",
    "BASHPID",
    "EPOCHSECONDS",
    "EPOCHREALTIME",
    "PIPESTATUS",
    "FUNCNAME",
    "BASH_LINENO",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "DIRSTACK",
];

/// Whether `n` is computed when read (fast paths that read stored values must skip it).
pub(super) fn is_dynamic(n: &str) -> bool {
    DYNAMIC.contains(&n)
}

impl Shell {
    /// A call-stack array (`FUNCNAME`, `BASH_LINENO`): `each` frame's entry, innermost first,
    /// then `bottom` for the outermost level when it has one; unset outside functions.
    fn call_stack(
        &self,
        each: impl Fn(&super::Frame) -> Vec<u8>,
        bottom: Option<&[u8]>,
    ) -> Option<PV> {
        if self.frames.is_empty() {
            return None;
        }
        let mut v: Vec<Vec<u8>> = self.frames.iter().rev().map(each).collect();
        v.extend(bottom.map(<[u8]>::to_vec));
        Some(PV::List(v, false))
    }
}

#[cfg(test)]
mod dynamic_tests {
    use super::DYNAMIC;

    /// Every listed name has an arm in `dynamic_var` (its catch-all asserts in debug builds).
    #[test]
    fn every_dynamic_name_is_computed() {
        let mut sh = crate::test_shell();
        for name in DYNAMIC {
            let _ = sh.dynamic_var(name);
        }
    }
}
