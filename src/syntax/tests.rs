//! Parser tests: source → AST shape (compact rendering) or error.

use super::ast::*;
use super::parse;

/// A compact rendering of the AST, to keep expectations short and readable.
pub(super) fn show_list(l: &List) -> String {
    l.items
        .iter()
        .map(|i| {
            let mut s = show_andor(&i.and_or);
            if i.background {
                s.push_str(" &");
            }
            s
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn show_andor(a: &AndOr) -> String {
    let mut s = show_pipe(&a.first);
    for (op, p) in &a.rest {
        s.push_str(match op {
            AndOrOp::And => " && ",
            AndOrOp::Or => " || ",
        });
        s.push_str(&show_pipe(p));
    }
    s
}

fn show_pipe(p: &Pipeline) -> String {
    let mut s = String::new();
    match p.timed {
        Some(TimeFormat::Default) => s.push_str("time "),
        Some(TimeFormat::Posix) => s.push_str("time -p "),
        None => {}
    }
    if p.negated {
        s.push_str("! ");
    }
    let cmds: Vec<String> = p
        .commands
        .iter()
        .map(|e| {
            let mut c = show_cmd(&e.command);
            if e.pipe_stderr {
                c.push_str(" |&");
            }
            c
        })
        .collect();
    s.push_str(&cmds.join(" | "));
    s
}

fn show_cmd(c: &Command) -> String {
    let mut s = match &c.kind {
        CommandKind::Simple(sc) => {
            let mut v: Vec<String> = sc.assigns.iter().map(show_assign).collect();
            v.extend(sc.words.iter().map(show_word));
            format!("[{}]", v.join(" "))
        }
        CommandKind::Group(l) => format!("{{{}}}", show_list(l)),
        CommandKind::Subshell(l) => format!("({})", show_list(l)),
        CommandKind::If {
            branches,
            else_branch,
        } => {
            let mut s = String::from("if");
            for (c, b) in branches {
                s.push_str(&format!(" {} then {}", show_list(c), show_list(b)));
            }
            if let Some(e) = else_branch {
                s.push_str(&format!(" else {}", show_list(e)));
            }
            s + " fi"
        }
        CommandKind::While { cond, body, until } => format!(
            "{} {} do {} done",
            if *until { "until" } else { "while" },
            show_list(cond),
            show_list(body)
        ),
        CommandKind::For { var, words, body } | CommandKind::Select { var, words, body } => {
            let kw = if matches!(c.kind, CommandKind::For { .. }) {
                "for"
            } else {
                "select"
            };
            let w = match words {
                Some(ws) => format!(
                    " in {}",
                    ws.iter().map(show_word).collect::<Vec<_>>().join(" ")
                ),
                None => String::new(),
            };
            format!("{kw} {var}{w} do {} done", show_list(body))
        }
        CommandKind::ArithFor {
            init,
            cond,
            step,
            body,
        } => {
            let f = |w: &Option<Word>| w.as_ref().map(show_word).unwrap_or_default();
            format!(
                "for(({};{};{})) {}",
                f(init),
                f(cond),
                f(step),
                show_list(body)
            )
        }
        CommandKind::Case { word, arms } => {
            let mut s = format!("case {} in", show_word(word));
            for a in arms {
                let pats: Vec<String> = a.patterns.iter().map(show_word).collect();
                let t = match a.terminator {
                    CaseTerminator::Break => ";;",
                    CaseTerminator::FallThrough => ";&",
                    CaseTerminator::Continue => ";;&",
                };
                s.push_str(&format!(" {}) {} {t}", pats.join("|"), show_list(&a.body)));
            }
            s + " esac"
        }
        CommandKind::Arith(w) => format!("(({}))", show_word(w)),
        CommandKind::Cond(e) => format!("[[ {} ]]", show_cond(e)),
        CommandKind::FunctionDef { name, body } => format!("fn {name} {}", show_cmd(body)),
    };
    for r in &c.redirects {
        s.push(' ');
        s.push_str(&show_redir(r));
    }
    s
}

fn show_redir(r: &Redirect) -> String {
    let fd = match &r.fd {
        RedirFd::Default => String::new(),
        RedirFd::Number(n) => n.to_string(),
        RedirFd::Var(v) => format!("{{{v}}}"),
    };
    format!("{fd}{:?}:{}", r.op, show_word(&r.target))
}

fn show_cond(e: &CondExpr) -> String {
    match e {
        CondExpr::Unary(o, w) => format!("{o} {}", show_word(w)),
        CondExpr::Binary(a, o, b) => format!("{} {o} {}", show_word(a), show_word(b)),
        CondExpr::Pattern { lhs, rhs, negated } => format!(
            "{} {} {}",
            show_word(lhs),
            if *negated { "!=" } else { "==" },
            show_word(rhs)
        ),
        CondExpr::Regex(a, b) => format!("{} =~ {}", show_word(a), show_word(b)),
        CondExpr::Word(w) => show_word(w),
        CondExpr::Not(x) => format!("!({})", show_cond(x)),
        CondExpr::And(a, b) => format!("({} && {})", show_cond(a), show_cond(b)),
        CondExpr::Or(a, b) => format!("({} || {})", show_cond(a), show_cond(b)),
    }
}

fn show_assign(a: &Assign) -> String {
    let idx = a
        .index
        .as_ref()
        .map(|w| format!("[{}]", show_word(w)))
        .unwrap_or_default();
    let op = if a.append { "+=" } else { "=" };
    let v = match &a.value {
        AssignValue::Scalar(w) => show_word(w),
        AssignValue::Array(elems) => {
            let e: Vec<String> = elems
                .iter()
                .map(|e| {
                    let k = e
                        .key
                        .as_ref()
                        .map(|k| format!("[{}]{}", show_word(k), if e.append { "+=" } else { "=" }))
                        .unwrap_or_default();
                    format!("{k}{}", show_word(&e.value))
                })
                .collect();
            format!("({})", e.join(" "))
        }
    };
    format!("{}{idx}{op}{v}", a.name)
}

pub(super) fn show_word(w: &Word) -> String {
    show_parts(&w.parts)
}

fn show_parts(ps: &[WordPart]) -> String {
    ps.iter().map(show_part).collect::<Vec<_>>().join("+")
}

fn show_part(p: &WordPart) -> String {
    match p {
        WordPart::Literal(s) => format!("L({s})"),
        WordPart::SingleQuoted(s) => format!("S({s})"),
        WordPart::AnsiC(b) => format!("C({})", String::from_utf8_lossy(b).escape_debug()),
        WordPart::DoubleQuoted(ps) => format!("D({})", show_parts(ps)),
        WordPart::Param(pe) => show_param(pe),
        WordPart::CommandSubst(l) => format!("$({})", show_list(l)),
        WordPart::Arith(w) => format!("$(({}))", show_word(w)),
        WordPart::ProcessSubst { output, list } => {
            format!("{}({})", if *output { ">" } else { "<" }, show_list(list))
        }
        WordPart::Tilde(u) => format!("~{u}"),
        WordPart::BraceAlt(alts) => format!(
            "{{{}}}",
            alts.iter()
                .map(|a| show_parts(a))
                .collect::<Vec<_>>()
                .join(",")
        ),
        WordPart::BraceSeq { start, end, step } => match step {
            Some(s) => format!("{{{start}..{end}..{s}}}"),
            None => format!("{{{start}..{end}}}"),
        },
        WordPart::Assign(a) => format!("A({})", show_assign(a)),
    }
}

fn show_param(pe: &ParamExp) -> String {
    let p = match &pe.param {
        Param::Name(n) => n.clone(),
        Param::Positional(n) => n.to_string(),
        Param::Special(c) => c.to_string(),
        Param::Index(n, s) => match s {
            Subscript::At => format!("{n}[@]"),
            Subscript::Star => format!("{n}[*]"),
            Subscript::Expr(w) => format!("{n}[{}]", show_word(w)),
        },
    };
    let ind = if pe.indirect { "!" } else { "" };
    let op = match &pe.op {
        ParamOp::None => String::new(),
        ParamOp::Length => return format!("${{#{p}}}"),
        ParamOp::Default { colon, kind, word } => format!(
            " {}{} {}",
            if *colon { ":" } else { "" },
            match kind {
                DefaultKind::Use => "-",
                DefaultKind::Assign => "=",
                DefaultKind::Error => "?",
                DefaultKind::Alternative => "+",
            },
            show_word(word)
        ),
        ParamOp::RemovePrefix { longest, pattern } => {
            format!(
                " {} {}",
                if *longest { "##" } else { "#" },
                show_word(pattern)
            )
        }
        ParamOp::RemoveSuffix { longest, pattern } => {
            format!(
                " {} {}",
                if *longest { "%%" } else { "%" },
                show_word(pattern)
            )
        }
        ParamOp::Replace {
            mode,
            pattern,
            replacement,
        } => format!(
            " {mode:?} {} {}",
            show_word(pattern),
            replacement
                .as_ref()
                .map(show_word)
                .unwrap_or_else(|| "-".into())
        ),
        ParamOp::Case { mode, all, pattern } => format!(
            " {mode:?}{} {}",
            if *all { "All" } else { "" },
            pattern.as_ref().map(show_word).unwrap_or_default()
        ),
        ParamOp::Substring { offset, length } => format!(
            " sub {} {}",
            show_word(offset),
            length.as_ref().map(show_word).unwrap_or_else(|| "-".into())
        ),
        ParamOp::Transform(c) => format!(" @{c}"),
        ParamOp::PrefixNames { star } => {
            return format!("${{!{p}{}}}", if *star { "*" } else { "@" });
        }
        ParamOp::Keys => return format!("${{!{p}}}"),
    };
    format!("${{{ind}{p}{op}}}")
}

fn sh(src: &str) -> String {
    match parse(src) {
        Ok(l) => show_list(&l),
        Err(e) => format!(
            "ERR {}{}",
            e.message,
            if e.incomplete { " (incomplete)" } else { "" }
        ),
    }
}

/// Manual exploration: `SANDSH_PARSE_FILE=f cargo test --lib syntax::tests::dump -- --nocapture`
/// prints the rendering of each line of `f` (`\\n` stands for a newline).
#[test]
fn dump() {
    if let Ok(f) = std::env::var("SANDSH_PARSE_FILE")
        && let Ok(text) = std::fs::read_to_string(f)
    {
        for line in text.lines() {
            let src = line.replace("\\n", "\n");
            println!("{line}  =>  {}", sh(&src));
        }
    }
}
