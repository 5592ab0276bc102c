//! The walk over the AST: every command, redirection and word of a script, including those in
//! functions, substitutions and branches never taken (the report says what a script *may*
//! do).

use sandsh_syntax::ast::{
    Assign, AssignValue, Command, CommandKind, CondExpr, List, Param, ParamExp, ParamOp, RedirOp,
    Redirect, SimpleCommand, Span, Subscript, Word, WordPart,
};

use super::effects;
use super::report::{
    Access, CommandKind as Kind, CommandUse, FileUse, NetworkUse, Opaque, OpaqueKind, Position,
    Report,
};
use super::{Context, Resolved};

/// How deep nested constructs (and `eval`'d literal text) are followed before the rest is
/// called opaque: the walk never overflows the stack on a script the parser took.
const MAX_DEPTH: usize = 200;

/// Variables whose value changes what a name runs, or is run.
const RESOLUTION_VARS: &[&str] = &["PATH", "BASH_ENV", "ENV", "PS4", "PROMPT_COMMAND"];

/// Paths a redirection can name without touching a file.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/stdin",
    "/dev/tty",
];

pub(super) struct Walker<'a> {
    pub ctx: &'a Context<'a>,
    src: &'a str,
    /// Byte offsets where lines start.
    lines: Vec<usize>,
    /// Functions the script defines (anywhere: a call may follow the definition at run time).
    pub functions: Vec<String>,
    /// Everything found in nested text (`eval 'literal'`) is reported at this position.
    pub origin: Option<Position>,
    depth: usize,
    pub report: &'a mut Report,
}

impl<'a> Walker<'a> {
    pub fn new(ctx: &'a Context<'a>, src: &'a str, report: &'a mut Report) -> Self {
        let mut lines = vec![0];
        lines.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        Walker {
            ctx,
            src,
            lines,
            functions: Vec::new(),
            origin: None,
            depth: 0,
            report,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        if let Some(o) = self.origin {
            return o;
        }
        let offset = offset.min(self.src.len());
        let line = self.lines.partition_point(|&s| s <= offset).max(1);
        let start = self.lines[line - 1];
        let column = self
            .src
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        Position {
            line: line as u32,
            column: column as u32,
        }
    }

    fn at_span(&self, span: Span, line: u32) -> Position {
        if span == Span::default() && self.origin.is_none() {
            return Position { line, column: 1 };
        }
        self.position(span.start)
    }

    fn opaque(&mut self, kind: OpaqueKind, reason: impl Into<String>, at: Position) {
        self.report.opaque.push(Opaque {
            kind,
            reason: reason.into(),
            at,
        });
    }

    fn file(&mut self, path: Option<String>, access: Access, by: &str, at: Position) {
        self.report.files.push(FileUse {
            path,
            access,
            by: by.to_string(),
            at,
        });
    }

    /// Collect the names of the functions a list defines, at any depth.
    pub fn collect_functions(&mut self, list: &List) {
        let mut stack: Vec<&List> = vec![list];
        while let Some(l) = stack.pop() {
            for item in &l.items {
                let pipes = std::iter::once(&item.and_or.first)
                    .chain(item.and_or.rest.iter().map(|(_, p)| p));
                for p in pipes {
                    for e in &p.commands {
                        let mut c = &e.command;
                        if let CommandKind::FunctionDef { name, body } = &c.kind {
                            self.functions.push(name.clone());
                            c = body;
                        }
                        sublists(&c.kind, &mut |l| stack.push(l));
                    }
                }
            }
        }
    }

    pub fn list(&mut self, list: &List) {
        if self.deeper() {
            for item in &list.items {
                let pipes = std::iter::once(&item.and_or.first)
                    .chain(item.and_or.rest.iter().map(|(_, p)| p));
                for p in pipes {
                    for e in &p.commands {
                        self.command(&e.command);
                    }
                }
            }
            self.depth -= 1;
        }
    }

    /// Enter one level; false (with the construct reported opaque) past [`MAX_DEPTH`].
    fn deeper(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            let at = self.origin.unwrap_or_default();
            if !self
                .report
                .opaque
                .iter()
                .any(|o| o.reason.starts_with("nested"))
            {
                self.opaque(OpaqueKind::Unknown, "nested too deeply to analyse", at);
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn command(&mut self, c: &Command) {
        self.compound(c);
        // After the words: the report lists effects in source order.
        for r in &c.redirects {
            self.redirect(r, c.line);
        }
    }

    fn compound(&mut self, c: &Command) {
        match &c.kind {
            CommandKind::Simple(s) => self.simple(s, c.line),
            CommandKind::Group(l) | CommandKind::Subshell(l) => self.list(l),
            CommandKind::If {
                branches,
                else_branch,
            } => {
                for (cond, body) in branches {
                    self.list(cond);
                    self.list(body);
                }
                if let Some(e) = else_branch {
                    self.list(e);
                }
            }
            CommandKind::While { cond, body, .. } => {
                self.list(cond);
                self.list(body);
            }
            CommandKind::For { words, body, .. } | CommandKind::Select { words, body, .. } => {
                for w in words.iter().flatten() {
                    self.word(w, c.line);
                }
                self.list(body);
            }
            CommandKind::ArithFor {
                init,
                cond,
                step,
                body,
            } => {
                for w in [init, cond, step].into_iter().flatten() {
                    self.arith(w, c.line);
                }
                self.list(body);
            }
            CommandKind::Case { word, arms } => {
                self.word(word, c.line);
                for arm in arms {
                    for p in &arm.patterns {
                        self.word(p, c.line);
                    }
                    self.list(&arm.body);
                }
            }
            CommandKind::Arith(w) => self.arith(w, c.line),
            CommandKind::Cond(e) => self.cond(e, c.line),
            CommandKind::FunctionDef { body, .. } => {
                if self.deeper() {
                    self.command(body);
                    self.depth -= 1;
                }
            }
        }
    }

    fn cond(&mut self, e: &CondExpr, line: u32) {
        match e {
            CondExpr::Unary(op, w) => {
                if op == "-v" {
                    self.name_operand(literal(w), w, line);
                }
                self.word(w, line);
            }
            CondExpr::Binary(a, op, b) => {
                if matches!(op.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge") {
                    self.arith(a, line);
                    self.arith(b, line);
                } else {
                    self.word(a, line);
                    self.word(b, line);
                }
            }
            CondExpr::Pattern { lhs, rhs, .. } | CondExpr::Regex(lhs, rhs) => {
                self.word(lhs, line);
                self.word(rhs, line);
            }
            CondExpr::Word(w) => self.word(w, line),
            CondExpr::Not(e) => self.cond(e, line),
            CondExpr::And(a, b) | CondExpr::Or(a, b) => {
                self.cond(a, line);
                self.cond(b, line);
            }
        }
    }

    fn redirect(&mut self, r: &Redirect, line: u32) {
        self.word(&r.target, line);
        let access = match r.op {
            RedirOp::Read => Access::Read,
            RedirOp::Write | RedirOp::Clobber | RedirOp::WriteBoth | RedirOp::ReadWrite => {
                Access::Write
            }
            RedirOp::Append | RedirOp::AppendBoth => Access::Append,
            RedirOp::DupRead | RedirOp::DupWrite => return,
            RedirOp::HereDoc { .. } | RedirOp::HereString => return,
        };
        let path = literal(&r.target);
        if path
            .as_deref()
            .is_some_and(|p| DEVICES.contains(&p) || p.starts_with("/dev/fd/"))
        {
            return;
        }
        let at = self.at_span(r.span, line);
        if r.op == RedirOp::ReadWrite {
            self.file(path.clone(), Access::Read, "redirect", at);
        }
        self.file(path, access, "redirect", at);
    }

    fn assign(&mut self, a: &Assign, line: u32) {
        let at = self.at_span(a.span, line);
        if RESOLUTION_VARS.contains(&a.name.as_str()) {
            self.opaque(
                OpaqueKind::Resolution,
                format!("assigns {}, which changes what commands run", a.name),
                at,
            );
        }
        if let Some(i) = &a.index {
            self.arith(i, line);
        }
        match &a.value {
            AssignValue::Scalar(w) => self.word(w, line),
            AssignValue::Array(elems) => {
                for e in elems {
                    if let Some(k) = &e.key {
                        self.arith(k, line);
                    }
                    self.word(&e.value, line);
                }
            }
        }
    }

    /// A word: the commands in its substitutions, and the expansions that evaluate text.
    fn word(&mut self, w: &Word, line: u32) {
        if self.deeper() {
            for p in &w.parts {
                self.part(p, w.span, line);
            }
            self.depth -= 1;
        }
    }

    fn part(&mut self, p: &WordPart, span: Span, line: u32) {
        match p {
            WordPart::DoubleQuoted(parts) => parts.iter().for_each(|p| self.part(p, span, line)),
            WordPart::BraceAlt(alts) => {
                alts.iter().flatten().for_each(|p| self.part(p, span, line))
            }
            WordPart::CommandSubst(l) => self.list(l),
            WordPart::ProcessSubst { list, .. } => self.list(list),
            WordPart::Arith(w) => self.arith(w, line),
            WordPart::Param(pe) => self.param(pe, span, line),
            WordPart::Assign(a) => self.assign(a, line),
            WordPart::Literal(_)
            | WordPart::SingleQuoted(_)
            | WordPart::AnsiC(_)
            | WordPart::Tilde(_)
            | WordPart::BraceSeq { .. }
            | WordPart::BadSubst(_)
            | WordPart::BadBackquote { .. } => {}
        }
    }

    fn param(&mut self, pe: &ParamExp, span: Span, line: u32) {
        let at = self.at_span(span, line);
        if pe.indirect {
            self.opaque(
                OpaqueKind::Evaluated,
                "indirect expansion: the value names the variable, and a subscript in it is expanded",
                at,
            );
        }
        if let Param::Index(_, Subscript::Expr(w)) = &pe.param {
            self.arith(w, line);
        }
        match &pe.op {
            ParamOp::Default { word, .. } => self.word(word, line),
            ParamOp::RemovePrefix { pattern, .. } | ParamOp::RemoveSuffix { pattern, .. } => {
                self.word(pattern, line)
            }
            ParamOp::Replace {
                pattern,
                replacement,
                ..
            } => {
                self.word(pattern, line);
                if let Some(r) = replacement {
                    self.word(r, line);
                }
            }
            ParamOp::Case {
                pattern: Some(p), ..
            } => self.word(p, line),
            ParamOp::Substring { offset, length } => {
                self.arith(offset, line);
                if let Some(l) = length {
                    self.arith(l, line);
                }
            }
            ParamOp::Transform('P') => self.opaque(
                OpaqueKind::Evaluated,
                "${…@P} expands the value as a prompt, running its command substitutions",
                at,
            ),
            _ => {}
        }
    }

    /// A word evaluated as arithmetic: an expansion in it puts text into the expression, and
    /// bash expands a subscript in that text (`x='a[$(cmd)]'; echo $(( $x ))` runs cmd).
    fn arith(&mut self, w: &Word, line: u32) {
        if spliced(&w.parts) {
            let at = self.at_span(w.span, line);
            self.opaque(
                OpaqueKind::Evaluated,
                "an expanded value is evaluated as arithmetic; a subscript in it would run commands",
                at,
            );
        }
        self.word(w, line);
    }

    /// A variable-name operand (`printf -v NAME`, `read NAME`, `[[ -v NAME ]]`).
    fn name_operand(&mut self, text: Option<String>, w: &Word, line: u32) {
        let evaluates = match &text {
            None => true,
            Some(t) => t.contains('[') && (t.contains('$') || t.contains('`')),
        };
        if evaluates {
            let at = self.at_span(w.span, line);
            self.opaque(
                OpaqueKind::Evaluated,
                "a variable name whose subscript is expanded; it can run commands",
                at,
            );
        }
    }

    fn simple(&mut self, s: &SimpleCommand, line: u32) {
        for a in &s.assigns {
            self.assign(a, line);
        }
        for w in &s.words {
            self.word(w, line);
        }
        let args: Vec<Option<String>> = s.words.iter().map(literal).collect();
        self.invocation(&s.words, &args, line);
    }

    /// One command with its words (the name first), after any wrapper before it.
    fn invocation(&mut self, words: &[Word], args: &[Option<String>], line: u32) {
        let Some(first) = words.first() else { return };
        let at = self.at_span(first.span, line);
        let Some(name) = args[0].clone() else {
            self.opaque(
                OpaqueKind::DynamicCommand,
                format!(
                    "the command name is an expansion ({})",
                    self.text(first.span)
                ),
                at,
            );
            return;
        };
        let rest = &args[1..];
        let kind = self.resolve(&name, at);
        let mut use_ = CommandUse {
            name: name.clone(),
            kind: kind.0,
            args: rest.to_vec(),
            risk: None,
            denied: None,
            confirm: false,
            at,
        };
        if let Some(cmd) = &kind.1 {
            let policy = &self.ctx.policy;
            let stand_in = self
                .ctx
                .policy
                .rw_mounts
                .first()
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            let bytes: Vec<Vec<u8>> = rest
                .iter()
                .map(|a| a.clone().unwrap_or_else(|| stand_in.clone()).into_bytes())
                .collect();
            let risk = policy.risk_of(cmd.spec(), &bytes, &self.ctx.cwd);
            use_.risk = Some(risk);
            use_.denied = policy.policy.refusal(cmd.spec().name);
            use_.confirm = policy.policy.confirm_at.is_some_and(|c| risk >= c);
            self.report.highest_risk = self.report.highest_risk.max(Some(risk));
        }
        self.report.commands.push(use_);
        let spec = kind.1.as_ref().map(|c| *c.spec());
        if let Some(rule) = effects::rule_of(&name) {
            let t = effects::touched(rule, spec.as_ref(), rest);
            for (path, i, access) in t.files {
                let at = i
                    .and_then(|i| words.get(i + 1))
                    .map_or(at, |w| self.at_span(w.span, line));
                self.file(path, access, &name, at);
            }
            if rule.writes_unnamed {
                self.file(None, Access::Write, &name, at);
            }
            for i in t.urls {
                self.report.network.push(NetworkUse {
                    url: rest.get(i).cloned().flatten(),
                    command: name.clone(),
                    at,
                });
            }
            if matches!(rule.operands, effects::Operands::Urls)
                && !self.report.network.iter().any(|n| n.at == at)
            {
                // `curl` with its URL in an option or a config file: still the network.
                self.report.network.push(NetworkUse {
                    url: None,
                    command: name.clone(),
                    at,
                });
            }
        }
        if matches!(kind.0, Kind::Builtin | Kind::Registered) || kind.0 == Kind::NotFound {
            super::special::special(self, &name, words, args, line, at);
        }
    }

    /// What `name` runs: the script's functions first, then the session (its functions,
    /// builtins, `$PATH`).
    fn resolve(
        &mut self,
        name: &str,
        at: Position,
    ) -> (Kind, Option<std::sync::Arc<dyn sandsh_api::Command>>) {
        if self.functions.iter().any(|f| f == name) {
            return (Kind::Function, None);
        }
        match (self.ctx.resolve)(name) {
            Resolved::SessionFunction => {
                self.opaque(
                    OpaqueKind::Unknown,
                    format!("{name} is a function defined before this script"),
                    at,
                );
                (Kind::SessionFunction, None)
            }
            Resolved::Builtin => (Kind::Builtin, None),
            Resolved::Registered(c) => (Kind::Registered, Some(c)),
            Resolved::File(path) => {
                self.opaque(
                    OpaqueKind::Unknown,
                    format!("runs the file {path}, whose commands are not analysed"),
                    at,
                );
                (Kind::File, None)
            }
            Resolved::NotFound => (Kind::NotFound, None),
        }
    }

    /// The source text of a span (for messages).
    pub fn text(&self, span: Span) -> String {
        if self.origin.is_some() {
            return String::new();
        }
        self.src.get(span.start..span.end).unwrap_or("").to_string()
    }

    /// Analyse literal text run as shell code (`eval 'cmd'`, `bash -c 'cmd'`, `trap 'cmd'`):
    /// its findings are reported at `at`.
    pub fn nested(&mut self, code: &str, at: Position) {
        if !self.deeper() {
            return;
        }
        match sandsh_syntax::parse(code) {
            Ok(list) => {
                let mut inner = Walker::new(self.ctx, code, self.report);
                inner.origin = Some(at);
                inner.depth = self.depth;
                inner.functions = self.functions.clone();
                inner.collect_functions(&list);
                inner.list(&list);
            }
            Err(e) => self.opaque(
                OpaqueKind::ShellString,
                format!("code that does not parse: {}", e.message),
                at,
            ),
        }
        self.depth -= 1;
    }

    pub fn name_operands(&mut self, words: &[Word], args: &[Option<String>], line: u32) {
        for (w, a) in words.iter().zip(args) {
            if a.as_deref().is_some_and(|a| a.starts_with('-')) {
                continue;
            }
            self.name_operand(a.clone(), w, line);
        }
    }

    pub fn sub_invocation(&mut self, words: &[Word], args: &[Option<String>], line: u32) {
        if self.deeper() {
            self.invocation(words, args, line);
            self.depth -= 1;
        }
    }

    pub fn opaque_at(&mut self, kind: OpaqueKind, reason: impl Into<String>, at: Position) {
        self.opaque(kind, reason, at);
    }

    pub fn file_at(&mut self, path: Option<String>, access: Access, by: &str, at: Position) {
        self.file(path, access, by, at);
    }

    pub fn span_at(&self, w: &Word, line: u32) -> Position {
        self.at_span(w.span, line)
    }
}

/// The lists directly inside a compound command.
fn sublists<'l>(k: &'l CommandKind, f: &mut dyn FnMut(&'l List)) {
    match k {
        CommandKind::Group(l) | CommandKind::Subshell(l) => f(l),
        CommandKind::If {
            branches,
            else_branch,
        } => {
            for (c, b) in branches {
                f(c);
                f(b);
            }
            if let Some(e) = else_branch {
                f(e);
            }
        }
        CommandKind::While { cond, body, .. } => {
            f(cond);
            f(body);
        }
        CommandKind::For { body, .. }
        | CommandKind::Select { body, .. }
        | CommandKind::ArithFor { body, .. } => f(body),
        CommandKind::Case { arms, .. } => arms.iter().for_each(|a| f(&a.body)),
        CommandKind::FunctionDef { body, .. } => sublists(&body.kind, f),
        CommandKind::Simple(_) | CommandKind::Arith(_) | CommandKind::Cond(_) => {}
    }
}

/// Whether arithmetic text holds an expansion whose value is spliced in (a parameter other
/// than a special one or a length, or a command substitution).
fn spliced(parts: &[WordPart]) -> bool {
    parts.iter().any(|p| match p {
        WordPart::Param(pe) => {
            !(matches!(pe.param, Param::Special(_)) || matches!(pe.op, ParamOp::Length))
        }
        WordPart::CommandSubst(_) => true,
        WordPart::DoubleQuoted(ps) => spliced(ps),
        _ => false,
    })
}

/// The text of a word that expands to exactly itself (quoted or plain text, no glob), else
/// `None`.
pub(super) fn literal(w: &Word) -> Option<String> {
    let mut out = String::new();
    for p in &w.parts {
        if !literal_part(p, &mut out, false) {
            return None;
        }
    }
    Some(out)
}

fn literal_part(p: &WordPart, out: &mut String, quoted: bool) -> bool {
    match p {
        WordPart::Literal(s) => {
            if !quoted && is_glob(s) {
                return false;
            }
            out.push_str(s);
        }
        WordPart::SingleQuoted(s) => out.push_str(s),
        WordPart::AnsiC(b) => out.push_str(&String::from_utf8_lossy(b)),
        WordPart::DoubleQuoted(ps) => {
            for p in ps {
                if !literal_part(p, out, true) {
                    return false;
                }
            }
        }
        _ => return false,
    }
    true
}

/// Unquoted text that pathname expansion could change: `*`, `?`, or `[…]`.
fn is_glob(s: &str) -> bool {
    s.contains(['*', '?'])
        || s.find('[')
            .is_some_and(|i| s.len() > 1 && s[i + 1..].contains(']'))
}
