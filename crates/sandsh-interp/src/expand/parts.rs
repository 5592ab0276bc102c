//! One part of a word becoming segments: literals, quoted text, parameters, arithmetic,
//! command and process substitution, `"$@"`'s fields, brace text left as it was.

use sandsh_syntax::ast::WordPart;

use super::Seg;
use super::brace::brace_text;
use crate::{Flow, Res, Shell};

impl Shell {
    /// Expand one part into segments. `quoted`: inside double quotes (or a no-split context).
    pub fn expand_part(
        &mut self,
        part: &WordPart,
        quoted: bool,
        word_start: bool,
        out: &mut Vec<Seg>,
    ) -> Res<()> {
        self.check_stack()?;
        // A word made of big values (`s="$s $s"`) stops at the part after the one that took
        // the run past its budget, not after copying and joining them all.
        self.check_cancel()?;
        match part {
            WordPart::Literal(s) => out.push(Seg::Text {
                s: s.as_bytes().to_vec(),
                quoted,
                split: false,
            }),
            WordPart::SingleQuoted(s) => out.push(Seg::Text {
                s: s.as_bytes().to_vec(),
                quoted: true,
                split: false,
            }),
            WordPart::AnsiC(b) => out.push(Seg::Text {
                s: b.clone(),
                quoted: true,
                split: false,
            }),
            WordPart::DoubleQuoted(parts) => {
                let before = out.len();
                self.dquote_depth += 1;
                let r = parts
                    .iter()
                    .try_for_each(|p| self.expand_part(p, true, false, out));
                self.dquote_depth -= 1;
                r?;
                if out.len() == before {
                    // `""` or `"$@"` with no args: an empty quoted piece (dropped for "$@").
                    let at_empty = parts.iter().any(is_at_param);
                    if !at_empty {
                        out.push(Seg::Text {
                            s: Vec::new(),
                            quoted: true,
                            split: false,
                        });
                    }
                }
            }
            WordPart::Param(p) => self.expand_param(p, quoted, out)?,
            WordPart::CommandSubst(list) => {
                let s = self.command_subst(list)?;
                out.push(Seg::Text {
                    s,
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::Arith(w) => {
                let v = self.eval_arith_word(w)?;
                let mut s = Vec::with_capacity(20);
                super::arith::write_int(&mut s, v);
                out.push(Seg::Text {
                    s,
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::ProcessSubst { output, list } => {
                let path = self.process_subst(list, *output)?;
                out.push(Seg::Text {
                    s: path,
                    quoted: true,
                    split: false,
                });
            }
            WordPart::Tilde(user) => {
                let _ = word_start;
                out.push(Seg::Text {
                    s: self.tilde(user),
                    quoted: true,
                    split: false,
                });
            }
            WordPart::BraceAlt(_) | WordPart::BraceSeq { .. } => {
                // Braces reach here only in contexts without brace expansion: keep the text.
                out.push(Seg::Text {
                    s: brace_text(part).into_bytes(),
                    quoted,
                    split: false,
                });
            }
            WordPart::BadBackquote {
                message,
                line,
                source,
                ..
            } => {
                let head = format!("{}: command substitution: line {line}: ", self.err_name);
                let mut msg = format!("{head}{message}\n");
                if let Some(s) = source {
                    msg.push_str(&format!("{head}`{s}'\n"));
                }
                self.write_fd(2, msg.as_bytes());
                self.last_status = 2;
                self.subst_status = Some(2);
                out.push(Seg::Text {
                    s: Vec::new(),
                    quoted,
                    split: !quoted,
                });
            }
            WordPart::BadSubst(text) => {
                self.error(&format!("{text}: bad substitution"));
                return Err(Flow::Discard(1));
            }
            WordPart::Assign(a) => {
                let e = self.expand_assign(a)?;
                out.push(Seg::Text {
                    s: e.to_text(),
                    quoted: true,
                    split: false,
                });
            }
        }
        Ok(())
    }
}
/// `"$@"`, `"${a[@]}"`, `"${!a[@]}"`, `"${!prefix@}"` and their pattern, case, substring and
/// transform forms: with nothing to list they leave no field behind, as in bash.
fn is_at_param(p: &WordPart) -> bool {
    use sandsh_syntax::ast::{Param, ParamOp, Subscript};
    match p {
        WordPart::Param(pe) => match pe.op {
            ParamOp::PrefixNames { star } => !star,
            ParamOp::Length | ParamOp::Default { .. } => false,
            _ => matches!(
                pe.param,
                Param::Special('@') | Param::Index(_, Subscript::At)
            ),
        },
        _ => false,
    }
}
