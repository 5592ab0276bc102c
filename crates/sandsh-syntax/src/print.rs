//! Turning the AST back into bash source, in the layout `declare -f`, `type`, `set -x` and the
//! job table print: the inverse of the parser, so it lives beside it.

use crate::ast::*;

pub fn function_text(name: &str, body: &Command) -> String {
    let mut p = Printer::default();
    p.out.push_str(name);
    p.out.push_str(" () \n");
    p.function_body(body);
    p.out
}

#[derive(Default)]
struct Printer {
    out: String,
    indent: usize,
    /// Here-document bodies (each with its delimiter line) printed at the next line break, as
    /// bash defers them past the rest of the command.
    heredocs: String,
    /// How many times bodies were flushed (a list item that flushed any ends without `;`).
    flushed: usize,
}

impl Printer {
    /// The deferred here-document bodies, after a line break.
    fn flush_heredocs(&mut self) -> bool {
        if self.heredocs.is_empty() {
            return false;
        }
        self.out.push('\n');
        let h = std::mem::take(&mut self.heredocs);
        self.out.push_str(&h);
        self.flushed += 1;
        true
    }

    fn nl(&mut self) {
        self.flush_heredocs();
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
    }

    fn function_body(&mut self, body: &Command) {
        match &body.kind {
            CommandKind::Group(list) => {
                self.out.push_str("{ ");
                self.block(list, false, "}");
            }
            _ => {
                self.out.push_str("{ ");
                self.indent += 1;
                self.nl();
                self.command(body);
                self.indent -= 1;
                self.nl();
                self.out.push('}');
            }
        }
        self.redirects(&body.redirects);
    }

    /// `list` one level in ([`Self::list_lines`]), then `close` on a line of its own.
    fn block(&mut self, list: &List, semi_last: bool, close: &str) {
        self.indented(list, semi_last);
        self.nl();
        self.out.push_str(close);
    }

    /// `list` one level in ([`Self::list_lines`]).
    fn indented(&mut self, list: &List, semi_last: bool) {
        self.indent += 1;
        self.list_lines(list, semi_last);
        self.indent -= 1;
    }

    /// Each item on its own line; items end with `;` except the last (unless `semi_last`).
    fn list_lines(&mut self, list: &List, semi_last: bool) {
        let n = list.items.len();
        for (i, item) in list.items.iter().enumerate() {
            self.nl();
            let flushed = self.flushed;
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
            } else if self.flush_heredocs() || self.flushed != flushed {
                // bash ends an item that printed here-documents without a `;`.
            } else if i + 1 < n || semi_last {
                self.out.push(';');
            }
        }
    }

    fn inline_list(&mut self, list: &List) {
        let n = list.items.len();
        for (i, item) in list.items.iter().enumerate() {
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
                if i + 1 < n {
                    self.out.push(' ');
                }
            } else if i + 1 < n && !self.flush_heredocs() {
                self.out.push_str("; ");
            }
        }
    }

    fn and_or(&mut self, ao: &AndOr) {
        self.pipeline(&ao.first);
        for (op, p) in &ao.rest {
            self.out.push_str(match op {
                AndOrOp::And => " && ",
                AndOrOp::Or => " || ",
            });
            if self.flush_heredocs() {
                self.out.push(' ');
            }
            self.pipeline(p);
        }
    }

    fn pipeline(&mut self, p: &Pipeline) {
        if let Some(t) = p.timed {
            self.out.push_str(match t {
                TimeFormat::Default => "time ",
                TimeFormat::Posix => "time -p ",
            });
        }
        if p.negated {
            self.out.push_str("! ");
        }
        for (i, e) in p.commands.iter().enumerate() {
            if i > 0 {
                let op = if p.commands[i - 1].pipe_stderr {
                    " |&"
                } else {
                    " |"
                };
                self.out.push_str(op);
                if self.flush_heredocs() {
                    self.out.push_str("  ");
                } else {
                    self.out.push(' ');
                }
            }
            self.command(&e.command);
        }
    }

    fn command(&mut self, c: &Command) {
        match &c.kind {
            CommandKind::Simple(sc) => {
                let mut first = true;
                for a in &sc.assigns {
                    if !first {
                        self.out.push(' ');
                    }
                    first = false;
                    self.assign(a);
                }
                for w in &sc.words {
                    if !first {
                        self.out.push(' ');
                    }
                    first = false;
                    self.word(w);
                }
            }
            CommandKind::Group(list) => {
                self.out.push_str("{ ");
                self.block(list, false, "}");
            }
            CommandKind::Subshell(list) => {
                self.out.push_str("( ");
                self.inline_list(list);
                self.out.push_str(" )");
            }
            CommandKind::If {
                branches,
                else_branch,
            } => {
                self.if_chain(branches, else_branch.as_ref());
            }
            CommandKind::While { cond, body, until } => {
                self.out.push_str(if *until { "until " } else { "while " });
                self.inline_list(cond);
                self.out.push_str("; do");
                self.block(body, true, "done");
            }
            CommandKind::For { var, words, body } => {
                self.word_loop("for", var, words.as_deref(), body)
            }
            CommandKind::ArithFor {
                init,
                cond,
                step,
                body,
            } => {
                self.out.push_str("for ((");
                let parts = [init, cond, step];
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str("; ");
                    }
                    if let Some(w) = p {
                        self.word(w);
                    }
                }
                self.out.push_str("))");
                self.nl();
                self.do_body(body);
            }
            CommandKind::Case { word, arms } => {
                self.out.push_str("case ");
                self.word(word);
                self.out.push_str(" in ");
                self.indent += 1;
                for arm in arms {
                    self.nl();
                    for (i, p) in arm.patterns.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(" | ");
                        }
                        self.word(p);
                    }
                    self.out.push(')');
                    self.indented(&arm.body, false);
                    self.nl();
                    self.out.push_str(match arm.terminator {
                        CaseTerminator::Break => ";;",
                        CaseTerminator::FallThrough => ";&",
                        CaseTerminator::Continue => ";;&",
                    });
                }
                self.indent -= 1;
                self.nl();
                self.out.push_str("esac");
            }
            CommandKind::Select { var, words, body } => {
                self.word_loop("select", var, words.as_deref(), body)
            }
            CommandKind::Arith(w) => {
                self.out.push_str("(( ");
                self.word(w);
                self.out.push_str(" ))");
            }
            CommandKind::Cond(e) => {
                self.out.push_str("[[ ");
                self.cond(e);
                self.out.push_str(" ]]");
            }
            CommandKind::FunctionDef { name, body } => {
                self.out.push_str(name);
                self.out.push_str(" () ");
                self.nl();
                self.function_body(body);
                return;
            }
        }
        self.redirects(&c.redirects);
    }

    /// `for`/`select NAME [in WORDS]; do BODY done`
    fn word_loop(&mut self, kw: &str, var: &str, words: Option<&[Word]>, body: &List) {
        self.out.push_str(kw);
        self.out.push(' ');
        self.out.push_str(var);
        if let Some(ws) = words {
            self.out.push_str(" in");
            for w in ws {
                self.out.push(' ');
                self.word(w);
            }
        }
        self.out.push(';');
        self.nl();
        self.do_body(body);
    }

    /// `do BODY done` on their own lines.
    fn do_body(&mut self, body: &List) {
        self.out.push_str("do");
        self.block(body, true, "done");
    }

    fn if_chain(&mut self, branches: &[(List, List)], else_branch: Option<&List>) {
        let Some(((cond, body), rest)) = branches.split_first() else {
            return;
        };
        self.out.push_str("if ");
        self.inline_list(cond);
        self.out.push_str("; then");
        self.indented(body, true);
        if !rest.is_empty() {
            self.nl();
            self.out.push_str("else");
            self.indent += 1;
            self.nl();
            self.if_chain(rest, else_branch);
            self.out.push(';');
            self.indent -= 1;
        } else if let Some(e) = else_branch {
            self.nl();
            self.out.push_str("else");
            self.indented(e, true);
        }
        self.nl();
        self.out.push_str("fi");
    }

    fn cond(&mut self, e: &CondExpr) {
        match e {
            CondExpr::Unary(op, w) => {
                self.out.push_str(op);
                self.out.push(' ');
                self.word(w);
            }
            CondExpr::Binary(a, op, b) => {
                self.word(a);
                self.out.push(' ');
                self.out.push_str(op);
                self.out.push(' ');
                self.word(b);
            }
            CondExpr::Pattern { lhs, rhs, negated } => {
                self.word(lhs);
                self.out.push_str(if *negated { " != " } else { " == " });
                self.word(rhs);
            }
            CondExpr::Regex(a, b) => {
                self.word(a);
                self.out.push_str(" =~ ");
                self.word(b);
            }
            CondExpr::Word(w) => self.word(w),
            CondExpr::Not(a) => {
                self.out.push_str("! ");
                self.cond(a);
            }
            CondExpr::And(a, b) => {
                self.cond(a);
                self.out.push_str(" && ");
                self.cond(b);
            }
            CondExpr::Or(a, b) => {
                self.cond(a);
                self.out.push_str(" || ");
                self.cond(b);
            }
        }
    }

    fn redirects(&mut self, rs: &[Redirect]) {
        for r in rs {
            self.out.push(' ');
            let target = word_src(&r.target);
            // A numeric dup, move or close names its descriptor even when it is the default one
            // (`>&2` prints as `1>&2`, `<&-` as `0>&-`); a word target (`>&$x`) does not.
            let numeric = |t: &str| {
                let t = t.strip_suffix('-').unwrap_or(t);
                t.bytes().all(|b| b.is_ascii_digit())
            };
            let dup = matches!(r.op, RedirOp::DupRead | RedirOp::DupWrite) && numeric(&target);
            match &r.fd {
                RedirFd::Default if dup => {
                    self.out
                        .push(if r.op == RedirOp::DupRead { '0' } else { '1' })
                }
                RedirFd::Default => {}
                RedirFd::Number(n) => self.out.push_str(&n.to_string()),
                RedirFd::Var(v) => {
                    self.out.push('{');
                    self.out.push_str(v);
                    self.out.push('}');
                }
            }
            let op = match r.op {
                RedirOp::Read => "< ",
                RedirOp::Write => "> ",
                RedirOp::Append => ">> ",
                RedirOp::Clobber => ">| ",
                RedirOp::ReadWrite => "<> ",
                RedirOp::WriteBoth => "&> ",
                RedirOp::AppendBoth => "&>> ",
                // Closing prints as `>&-` whichever way it was written.
                RedirOp::DupRead | RedirOp::DupWrite if target == "-" => ">&",
                RedirOp::DupRead => "<&",
                RedirOp::DupWrite => ">&",
                RedirOp::HereDoc { strip_tabs: false } => "<<",
                RedirOp::HereDoc { strip_tabs: true } => "<<-",
                RedirOp::HereString => "<<< ",
            };
            self.out.push_str(op);
            if let RedirOp::HereDoc { .. } = r.op {
                let delim = if r.delim.is_empty() { "EOF" } else { &r.delim };
                self.out.push_str(delim);
                for p in &r.target.parts {
                    match p {
                        // A quoted delimiter's body is kept as it was written.
                        WordPart::SingleQuoted(s) => self.heredocs.push_str(s),
                        p => self.heredocs.push_str(&part_src(p, true)),
                    }
                }
                self.heredocs.push_str(delim.trim_matches('\''));
                self.heredocs.push('\n');
            } else {
                self.out.push_str(&target);
            }
        }
    }

    fn assign(&mut self, a: &Assign) {
        self.out.push_str(&assign_src(a));
    }

    fn word(&mut self, w: &Word) {
        self.out.push_str(&word_src(w));
    }
}

pub fn assign_src(a: &Assign) -> String {
    let mut s = a.name.clone();
    if let Some(i) = &a.index {
        s.push('[');
        s.push_str(&word_src(i));
        s.push(']');
    }
    if a.append {
        s.push('+');
    }
    s.push('=');
    match &a.value {
        AssignValue::Scalar(w) => s.push_str(&word_src(w)),
        AssignValue::Array(items) => {
            s.push('(');
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                if let Some(k) = &e.key {
                    s.push('[');
                    s.push_str(&word_src(k));
                    s.push_str(if e.append { "]+=" } else { "]=" });
                }
                s.push_str(&word_src(&e.value));
            }
            s.push(')');
        }
    }
    s
}

pub fn word_src(w: &Word) -> String {
    w.parts.iter().map(|p| part_src(p, false)).collect()
}

fn part_src(p: &WordPart, in_dq: bool) -> String {
    match p {
        WordPart::Literal(s) => s.clone(),
        WordPart::SingleQuoted(s) => {
            if in_dq {
                let mut o = String::new();
                for c in s.chars() {
                    if matches!(c, '"' | '\\' | '$' | '`') {
                        o.push('\\');
                    }
                    o.push(c);
                }
                o
            } else if s.len() == 1 && !s.contains('\'') {
                format!("\\{s}")
            } else {
                format!("'{}'", s.replace('\'', "'\\''"))
            }
        }
        WordPart::AnsiC(b) => ansi_c_quote(b),
        WordPart::DoubleQuoted(parts) => {
            let inner: String = parts.iter().map(|p| part_src(p, true)).collect();
            format!("\"{inner}\"")
        }
        WordPart::Param(pe) => param_src(pe),
        WordPart::CommandSubst(list) => {
            let mut p = Printer::default();
            p.inline_list(list);
            format!("$({})", p.out)
        }
        WordPart::Arith(w) => format!("$(({}))", word_src(w)),
        WordPart::ProcessSubst { output, list } => {
            let mut p = Printer::default();
            p.inline_list(list);
            format!("{}({})", if *output { '>' } else { '<' }, p.out)
        }
        WordPart::Tilde(u) => format!("~{u}"),
        WordPart::BraceAlt(alts) => {
            let inner: Vec<String> = alts
                .iter()
                .map(|a| a.iter().map(|p| part_src(p, false)).collect())
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        WordPart::BraceSeq { start, end, step } => match step {
            Some(s) => format!("{{{start}..{end}..{s}}}"),
            None => format!("{{{start}..{end}}}"),
        },
        WordPart::Assign(a) => assign_src(a),
        WordPart::BadSubst(t) => t.clone(),
        WordPart::BadBackquote { text, .. } => format!("`{text}`"),
    }
}

fn param_src(pe: &ParamExp) -> String {
    let name = pe.param.written(word_src);
    let bang = if pe.indirect { "!" } else { "" };
    let op = match &pe.op {
        ParamOp::None => {
            let simple = !pe.indirect
                && pe.bare
                && match &pe.param {
                    Param::Name(_) | Param::Special(_) => true,
                    Param::Positional(n) => *n < 10,
                    _ => false,
                };
            if simple {
                return format!("${name}");
            }
            String::new()
        }
        ParamOp::Length => return format!("${{#{name}}}"),
        ParamOp::Default { colon, kind, word } => format!(
            "{}{}{}",
            if *colon { ":" } else { "" },
            match kind {
                DefaultKind::Use => '-',
                DefaultKind::Assign => '=',
                DefaultKind::Error => '?',
                DefaultKind::Alternative => '+',
            },
            word_src(word)
        ),
        ParamOp::RemovePrefix { longest, pattern } => {
            format!("{}{}", if *longest { "##" } else { "#" }, word_src(pattern))
        }
        ParamOp::RemoveSuffix { longest, pattern } => {
            format!("{}{}", if *longest { "%%" } else { "%" }, word_src(pattern))
        }
        ParamOp::Replace {
            mode,
            pattern,
            replacement,
        } => {
            let m = match mode {
                ReplaceMode::First => "/",
                ReplaceMode::All => "//",
                ReplaceMode::Prefix => "/#",
                ReplaceMode::Suffix => "/%",
            };
            match replacement {
                Some(r) => format!("{m}{}/{}", word_src(pattern), word_src(r)),
                None => format!("{m}{}", word_src(pattern)),
            }
        }
        ParamOp::Case { mode, all, pattern } => {
            let c = match mode {
                CaseMode::Upper => "^",
                CaseMode::Lower => ",",
                CaseMode::Toggle => "~",
            };
            let c = if *all { c.repeat(2) } else { c.to_string() };
            format!("{c}{}", pattern.as_ref().map(word_src).unwrap_or_default())
        }
        ParamOp::Substring { offset, length } => match length {
            Some(l) => format!(":{}:{}", word_src(offset), word_src(l)),
            None => format!(":{}", word_src(offset)),
        },
        ParamOp::Transform(c) => format!("@{c}"),
        ParamOp::PrefixNames { star } => {
            return format!("${{!{name}{}}}", if *star { '*' } else { '@' });
        }
        ParamOp::Keys => return format!("${{!{name}}}"),
    };
    format!("${{{bang}{name}{op}}}")
}

/// A simple command's source text with its redirections (and here-document bodies after
/// them), as bash prints it in `BASH_COMMAND`.
pub fn simple_src(cmd: &Command) -> String {
    let mut p = Printer::default();
    p.command(cmd);
    p.flush_heredocs();
    p.out
}

/// A list's source text on one line.
pub fn list_src(list: &List) -> String {
    let mut p = Printer::default();
    p.inline_list(list);
    p.flush_heredocs();
    p.out
}

/// `$'…'` quoting of `s`, as bash's `ansic_quote` writes it: the printer's copy of
/// `sandsh_text::quote::ansi_c_quote`, kept here on purpose so that the parser's crate stands
/// alone (a test in `sandsh-text` checks that the two agree). C0 and C1 controls, DEL and bytes
/// that are not UTF-8 become octal escapes, byte by byte.
pub fn ansi_c_quote(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() + 3);
    out.push_str("$'");
    let octal = |out: &mut String, bytes: &[u8]| {
        for b in bytes {
            out.push_str(&format!("\\{b:03o}"));
        }
    };
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                '\x1b' => out.push_str("\\E"),
                '\'' => out.push_str("\\'"),
                '\\' => out.push_str("\\\\"),
                '\0'..='\x1f' | '\x7f'..='\u{9f}' => {
                    octal(&mut out, c.encode_utf8(&mut [0; 4]).as_bytes())
                }
                c => out.push(c),
            }
        }
        octal(&mut out, chunk.invalid());
    }
    out.push('\'');
    out
}
