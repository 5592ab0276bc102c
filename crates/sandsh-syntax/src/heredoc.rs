//! Filling here-document bodies into their redirections.
//!
//! A body is read when the parser reaches the newline after the redirection, which can be deep
//! inside a compound command that is still being parsed. The redirection therefore gets a
//! placeholder target (span end `usize::MAX`, span start = body index), and once the complete
//! command is parsed this walk swaps each placeholder for its body.

use super::ast::*;
use super::parser::P;

impl P<'_, '_> {
    pub fn finish_heredocs(&mut self, list: &mut List) {
        if self.bodies.is_empty() {
            return;
        }
        let mut bodies = std::mem::take(&mut self.bodies);
        fill_list(list, &mut bodies);
        // Placeholders whose body never came (end of input): leave empty bodies.
    }

    pub fn finish_heredocs_parts(&mut self, parts: &mut [WordPart]) {
        if self.bodies.is_empty() {
            return;
        }
        let mut bodies = std::mem::take(&mut self.bodies);
        fill_parts(parts, &mut bodies);
    }
}

type Bodies = Vec<Option<Word>>;

fn fill_list(l: &mut List, b: &mut Bodies) {
    for item in &mut l.items {
        fill_pipeline(&mut item.and_or.first, b);
        for (_, p) in &mut item.and_or.rest {
            fill_pipeline(p, b);
        }
    }
}

fn fill_pipeline(p: &mut Pipeline, b: &mut Bodies) {
    for e in &mut p.commands {
        fill_command(&mut e.command, b);
    }
}

fn fill_command(c: &mut Command, b: &mut Bodies) {
    for r in &mut c.redirects {
        if matches!(r.op, RedirOp::HereDoc { .. }) && r.target.span.end == usize::MAX {
            let id = r.target.span.start;
            r.target = b.get_mut(id).and_then(Option::take).unwrap_or_default();
        } else {
            fill_word(&mut r.target, b);
        }
    }
    match &mut c.kind {
        CommandKind::Simple(sc) => {
            for a in &mut sc.assigns {
                fill_assign(a, b);
            }
            for w in &mut sc.words {
                fill_word(w, b);
            }
        }
        CommandKind::Group(l) | CommandKind::Subshell(l) => fill_list(l, b),
        CommandKind::If {
            branches,
            else_branch,
        } => {
            for (c, body) in branches {
                fill_list(c, b);
                fill_list(body, b);
            }
            if let Some(e) = else_branch {
                fill_list(e, b);
            }
        }
        CommandKind::While { cond, body, .. } => {
            fill_list(cond, b);
            fill_list(body, b);
        }
        CommandKind::For { words, body, .. } | CommandKind::Select { words, body, .. } => {
            for w in words.iter_mut().flatten() {
                fill_word(w, b);
            }
            fill_list(body, b);
        }
        CommandKind::ArithFor {
            init,
            cond,
            step,
            body,
        } => {
            for w in [init, cond, step].into_iter().flatten() {
                fill_word(w, b);
            }
            fill_list(body, b);
        }
        CommandKind::Case { word, arms } => {
            fill_word(word, b);
            for a in arms {
                for p in &mut a.patterns {
                    fill_word(p, b);
                }
                fill_list(&mut a.body, b);
            }
        }
        CommandKind::Arith(w) => fill_word(w, b),
        CommandKind::Cond(e) => fill_cond(e, b),
        CommandKind::FunctionDef { body, .. } => fill_command(body, b),
    }
}

fn fill_cond(e: &mut CondExpr, b: &mut Bodies) {
    match e {
        CondExpr::Unary(_, w) | CondExpr::Word(w) => fill_word(w, b),
        CondExpr::Binary(l, _, r)
        | CondExpr::Pattern { lhs: l, rhs: r, .. }
        | CondExpr::Regex(l, r) => {
            fill_word(l, b);
            fill_word(r, b);
        }
        CondExpr::Not(x) => fill_cond(x, b),
        CondExpr::And(x, y) | CondExpr::Or(x, y) => {
            fill_cond(x, b);
            fill_cond(y, b);
        }
    }
}

fn fill_assign(a: &mut Assign, b: &mut Bodies) {
    if let Some(i) = &mut a.index {
        fill_word(i, b);
    }
    match &mut a.value {
        AssignValue::Scalar(w) => fill_word(w, b),
        AssignValue::Array(elems) => {
            for e in elems {
                if let Some(k) = &mut e.key {
                    fill_word(k, b);
                }
                fill_word(&mut e.value, b);
            }
        }
    }
}

fn fill_word(w: &mut Word, b: &mut Bodies) {
    fill_parts(&mut w.parts, b);
}

fn fill_parts(parts: &mut [WordPart], b: &mut Bodies) {
    for p in parts {
        match p {
            WordPart::DoubleQuoted(ps) => fill_parts(ps, b),
            WordPart::BraceAlt(alts) => {
                for a in alts {
                    fill_parts(a, b);
                }
            }
            WordPart::CommandSubst(l) | WordPart::ProcessSubst { list: l, .. } => fill_list(l, b),
            WordPart::Arith(w) => fill_word(w, b),
            WordPart::Assign(a) => fill_assign(a, b),
            WordPart::Param(pe) => {
                if let Param::Index(_, Subscript::Expr(w)) = &mut pe.param {
                    fill_word(w, b);
                }
                match &mut pe.op {
                    ParamOp::Default { word, .. } => fill_word(word, b),
                    ParamOp::RemovePrefix { pattern, .. }
                    | ParamOp::RemoveSuffix { pattern, .. } => fill_word(pattern, b),
                    ParamOp::Replace {
                        pattern,
                        replacement,
                        ..
                    } => {
                        fill_word(pattern, b);
                        if let Some(r) = replacement {
                            fill_word(r, b);
                        }
                    }
                    ParamOp::Case {
                        pattern: Some(w), ..
                    } => fill_word(w, b),
                    ParamOp::Substring { offset, length } => {
                        fill_word(offset, b);
                        if let Some(l) = length {
                            fill_word(l, b);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
