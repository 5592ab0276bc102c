//! bash 5.2's reading of a `[key]=value` element of `name=( … )`, which depends on the kind
//! of array it fills: an associative array takes the value without tilde expansion (a 5.2
//! quirk: `declare -A a=([k]=~)` stores `~`); for an indexed array the whole element is brace
//! expanded first, and when that makes words they are plain values (`a=([k]=-{x,y}-)` stores
//! `[k]=-x-` and `[k]=-y-`).

use sandsh_syntax::ast::{ArrayElem, Word, WordPart};

use super::{Res, Shell};

/// One expanded element: (key, value, append).
pub type Item = (Option<Vec<u8>>, Vec<u8>, bool);

/// The parts with each tilde prefix turned back into its text.
fn untilde(parts: &[WordPart]) -> Vec<WordPart> {
    parts
        .iter()
        .map(|p| match p {
            WordPart::Tilde(u) => WordPart::Literal(format!("~{u}")),
            p => p.clone(),
        })
        .collect()
}

fn has_brace_text(w: &Word) -> bool {
    w.parts
        .iter()
        .any(|p| matches!(p, WordPart::Literal(s) if s.contains('{')))
}

impl Shell {
    /// Expand the element `[key]=value` of an array assignment into `items`; `assoc`: the
    /// array being assigned is associative.
    pub(super) fn expand_keyed_elem(
        &mut self,
        key: &Word,
        e: &ArrayElem,
        assoc: bool,
        items: &mut Vec<Item>,
    ) -> Res<()> {
        let has_tilde = e
            .value
            .parts
            .iter()
            .any(|p| matches!(p, WordPart::Tilde(_)));
        if assoc && has_tilde {
            let k = self.expand_string(key)?;
            let plain = Word {
                parts: untilde(&e.value.parts),
                span: e.value.span,
            };
            let v = self.expand_assign_value(&plain)?;
            items.push((Some(k), v, e.append));
            return Ok(());
        }
        if !assoc && self.opts.braceexpand && (has_brace_text(key) || has_brace_text(&e.value)) {
            let mut parts = vec![WordPart::Literal("[".into())];
            parts.extend(key.parts.iter().cloned());
            parts.push(WordPart::Literal(
                if e.append { "]+=" } else { "]=" }.into(),
            ));
            parts.extend(untilde(&e.value.parts));
            let w = sandsh_syntax::brace_word(Word {
                parts,
                span: e.value.span,
            });
            if w.parts
                .iter()
                .any(|p| matches!(p, WordPart::BraceAlt(_) | WordPart::BraceSeq { .. }))
            {
                for f in self.expand_word_fields(&w)? {
                    items.push((None, f, false));
                }
                return Ok(());
            }
        }
        let k = self.expand_string(key)?;
        let v = self.expand_assign_value(&e.value)?;
        items.push((Some(k), v, e.append));
        Ok(())
    }
}
