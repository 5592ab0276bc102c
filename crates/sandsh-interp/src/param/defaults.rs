//! `${x-w}`, `${x+w}`, `${x=w}`, `${x?w}` and their colon forms: when a value counts as
//! missing, what replaces it, and the assignment `${x=w}` makes.

use sandsh_syntax::ast::{DefaultKind, Param, Subscript, Word};

use super::{Defaulted, PV, param_name};
use crate::{Flow, Res, Shell};

impl Shell {
    /// Whether `${x:-w}` and friends find the value missing: unset, or (with the colon) null.
    pub(super) fn default_missing(
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
    pub(super) fn apply_default(
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
}
