//! Execution: scripts, lists, and-or lists, pipelines, simple and compound commands, functions.

use std::sync::Arc;

use crate::syntax::ast::{
    AndOr, AndOrOp, CaseTerminator, Command, CommandKind, List, Pipeline, SimpleCommand,
};
use crate::syntax::{ParseError, Parser};

use super::expand::{ExpArg, ExpAssign, ExpValue};
use super::vars::{Attrs, Value};
use super::{Flow, Frame, Res, Shell, io};

/// Stack size of threads that run shell code (pipeline stages, jobs, process substitutions).
pub const STAGE_STACK: usize = 64 * 1024 * 1024;

struct AliasView<'a>(&'a std::collections::HashMap<String, String>);

impl crate::syntax::AliasLookup for AliasView<'_> {
    fn alias(&self, name: &str) -> Option<String> {
        self.0.get(name).cloned()
    }
}

impl Shell {
    /// Parse and run a script one complete command at a time, as bash reads its input.
    /// Returns the exit status; `Flow::Exit` ends the script.
    pub fn run_script(&mut self, src: &str) -> Res<i32> {
        let mut parser = Parser::new(src);
        let mut status = 0;
        loop {
            let next = if self.opts.expand_aliases && !self.aliases.is_empty() {
                let aliases = self.aliases.clone();
                parser.next_command(Some(&AliasView(&aliases)))
            } else {
                parser.next_command(None)
            };
            match next {
                Ok(Some(list)) => {
                    if self.opts.noexec {
                        continue;
                    }
                    status = match self.exec_list(&list) {
                        Ok(s) => s,
                        Err(Flow::Discard(s))
                            if self.source_depth == 0 && self.frames.is_empty() =>
                        {
                            self.last_status = s;
                            s
                        }
                        Err(e) => return Err(e),
                    };
                }
                Ok(None) => break,
                Err(e) => {
                    if self.source_depth == 0
                        && !self.is_subshell
                        && let Ok(mut slot) = self.env.parse_error.lock()
                        && slot.is_none()
                    {
                        *slot = Some(e.clone());
                    }
                    self.report_parse_error(&e, src);
                    self.last_status = 2;
                    return Err(Flow::Exit(2));
                }
            }
        }
        Ok(status)
    }

    /// Print a syntax error as bash does: the message, then the offending line for
    /// unexpected-token errors.
    pub fn report_parse_error(&self, e: &ParseError, src: &str) {
        let mut msg = format!("{}: line {}: {}\n", self.err_name, e.line, e.message);
        if !e.incomplete
            && let Some(line) = src.lines().nth((e.line as usize).saturating_sub(1))
        {
            msg.push_str(&format!(
                "{}: line {}: `{}'\n",
                self.err_name,
                e.line,
                line.trim()
            ));
        }
        self.write_fd(2, msg.as_bytes());
    }

    /// Run a list in a subshell context (already cloned): catches `exit`, runs the EXIT trap.
    pub fn run_subshell_list(&mut self, list: &List) -> i32 {
        self.subshell_level += 1;
        let status = match self.exec_list(list) {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Discard(s)) => s,
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => self.last_status,
        };
        self.last_status = status;
        self.run_exit_trap();
        self.last_status
    }

    /// Run the EXIT trap once (if set).
    pub fn run_exit_trap(&mut self) {
        if let Some(action) = self.traps.remove("EXIT") {
            let saved = self.last_status;
            match self.eval_string(&action, "trap") {
                Ok(_) => self.last_status = saved,
                Err(Flow::Exit(s)) => self.last_status = s,
                Err(_) => self.last_status = saved,
            }
        }
    }

    /// Parse and run a string (eval, traps).
    pub fn eval_string(&mut self, src: &str, _what: &str) -> Res<i32> {
        let mut parser = Parser::new(src);
        let mut status = 0;
        loop {
            let next = if self.opts.expand_aliases && !self.aliases.is_empty() {
                let aliases = self.aliases.clone();
                parser.next_command(Some(&AliasView(&aliases)))
            } else {
                parser.next_command(None)
            };
            match next {
                Ok(Some(list)) => status = self.exec_list(&list)?,
                Ok(None) => break,
                Err(e) => {
                    let msg = format!(
                        "{}: {}: line {}: {}\n",
                        self.err_name, _what, e.line, e.message
                    );
                    let msg = if _what == "eval" || _what == "trap" {
                        format!("{}: eval: line {}: {}\n", self.err_name, e.line, e.message)
                    } else {
                        msg
                    };
                    self.write_fd(2, msg.as_bytes());
                    self.last_status = 2;
                    return Ok(2);
                }
            }
        }
        self.last_status = status;
        Ok(status)
    }

    pub fn check_cancel(&self) -> Res<()> {
        if self.is_cancelled() {
            return Err(Flow::Exit(130));
        }
        Ok(())
    }

    pub fn exec_list(&mut self, list: &List) -> Res<i32> {
        let mut status = self.last_status;
        for item in &list.items {
            self.check_cancel()?;
            if item.background {
                self.spawn_job(&item.and_or)?;
                status = 0;
                self.last_status = 0;
                continue;
            }
            status = self.exec_and_or(&item.and_or)?;
            self.run_pending_traps()?;
        }
        Ok(status)
    }

    fn exec_and_or(&mut self, ao: &AndOr) -> Res<i32> {
        let n = ao.rest.len();
        // Every pipeline but the last runs as a condition (errexit off).
        let mut status = if n > 0 {
            self.errexit_suppressed += 1;
            let r = self.exec_pipeline(&ao.first);
            self.errexit_suppressed -= 1;
            r?
        } else {
            return self.exec_pipeline_checked(&ao.first);
        };
        for (i, (op, p)) in ao.rest.iter().enumerate() {
            let run = match op {
                AndOrOp::And => status == 0,
                AndOrOp::Or => status != 0,
            };
            if !run {
                continue;
            }
            if i + 1 == n {
                return self.exec_pipeline_checked(p);
            }
            self.errexit_suppressed += 1;
            let r = self.exec_pipeline(p);
            self.errexit_suppressed -= 1;
            status = r?;
        }
        Ok(status)
    }

    /// A pipeline whose failure may trigger errexit and the ERR trap.
    fn exec_pipeline_checked(&mut self, p: &Pipeline) -> Res<i32> {
        let status = self.exec_pipeline(p)?;
        if status != 0 && !p.negated && self.errexit_suppressed == 0 {
            self.run_err_trap()?;
            if self.opts.errexit {
                return Err(Flow::Exit(status));
            }
        }
        Ok(status)
    }

    fn run_err_trap(&mut self) -> Res<()> {
        if self.in_trap || (!self.frames.is_empty() && !self.opts.errtrace) {
            return Ok(());
        }
        if let Some(action) = self.traps.get("ERR").cloned() {
            let saved = self.last_status;
            self.in_trap = true;
            let r = self.eval_string(&action, "trap");
            self.in_trap = false;
            self.last_status = saved;
            r?;
        }
        Ok(())
    }

    fn exec_pipeline(&mut self, p: &Pipeline) -> Res<i32> {
        let start = std::time::Instant::now();
        if p.negated {
            self.errexit_suppressed += 1;
        }
        let r = if p.commands.is_empty() {
            Ok(0)
        } else if p.commands.len() == 1 {
            let r = self.exec_command(&p.commands[0].command);
            if let Ok(s) = r {
                self.pipestatus = vec![s];
            }
            r
        } else {
            self.exec_multi_pipeline(p)
        };
        if p.negated {
            self.errexit_suppressed -= 1;
        }
        let status = r?;
        let status = if p.negated {
            (status == 0) as i32
        } else {
            status
        };
        if let Some(fmt) = p.timed {
            let el = start.elapsed();
            let text = match fmt {
                crate::syntax::ast::TimeFormat::Posix => {
                    format!("real {:.2}\nuser 0.00\nsys 0.00\n", el.as_secs_f64())
                }
                crate::syntax::ast::TimeFormat::Default => format!(
                    "\nreal\t{}m{:.3}s\nuser\t0m0.000s\nsys\t0m0.000s\n",
                    el.as_secs() / 60,
                    el.as_secs_f64() % 60.0
                ),
            };
            self.write_fd(2, text.as_bytes());
        }
        self.last_status = status;
        Ok(status)
    }

    fn exec_multi_pipeline(&mut self, p: &Pipeline) -> Res<i32> {
        let n = p.commands.len();
        let lastpipe = self.opts.lastpipe && !self.opts.monitor;
        let mut statuses = vec![0; n];
        let mut last_err: Option<Flow> = None;
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(n - 1);
            let mut next_stdin: Option<io::Fd> = None;
            for (i, elem) in p.commands[..n - 1].iter().enumerate() {
                let (r, w) = io::pipe(self.cancel.clone(), self.env.limits.pipe_buffer_bytes);
                let mut sub = self.subshell();
                if let Some(fd) = next_stdin.take() {
                    sub.fds.set(0, Some(fd));
                }
                if elem.pipe_stderr {
                    sub.fds.set(2, Some(w.clone()));
                }
                sub.fds.set(1, Some(w));
                next_stdin = Some(r);
                let cmd = &elem.command;
                let slot = match self.thread_slot() {
                    Ok(s) => s,
                    Err(_) => {
                        statuses[i] = super::LIMIT_EXCEEDED_STATUS;
                        continue;
                    }
                };
                let spawned = std::thread::Builder::new()
                    .stack_size(STAGE_STACK)
                    .spawn_scoped(scope, move || {
                        let _slot = slot;
                        let mut sub = sub;
                        sub.run_stage(cmd)
                    });
                match spawned {
                    Ok(h) => handles.push((i, h)),
                    Err(_) => statuses[i] = 1,
                }
            }
            let last = &p.commands[n - 1].command;
            if lastpipe {
                let saved = self.fds.clone();
                self.fds.set(0, next_stdin.take());
                match self.exec_command(last) {
                    Ok(s) => statuses[n - 1] = s,
                    Err(e) => last_err = Some(e),
                }
                self.fds = saved;
            } else {
                let mut sub = self.subshell();
                sub.fds.set(0, next_stdin.take());
                statuses[n - 1] = sub.run_stage(last);
            }
            for (i, h) in handles {
                statuses[i] = h.join().unwrap_or(1);
            }
        });
        self.pipestatus = statuses.clone();
        if let Some(e) = last_err {
            return Err(e);
        }
        Ok(self.pipeline_status(&statuses))
    }

    fn pipeline_status(&self, statuses: &[i32]) -> i32 {
        if self.opts.pipefail {
            statuses
                .iter()
                .rev()
                .find(|s| **s != 0)
                .copied()
                .unwrap_or(0)
        } else {
            statuses.last().copied().unwrap_or(0)
        }
    }

    /// Run one pipeline stage in this (sub)shell; returns its status.
    pub fn run_stage(&mut self, cmd: &Command) -> i32 {
        self.subshell_level += 1;
        let s = match self.exec_command(cmd) {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Discard(s)) => s,
            Err(_) => self.last_status,
        };
        self.last_status = s;
        self.run_exit_trap();
        self.last_status
    }

    pub fn exec_command(&mut self, cmd: &Command) -> Res<i32> {
        self.check_cancel()?;
        if cmd.line > 0 {
            self.lineno = cmd.line;
        }
        match &cmd.kind {
            CommandKind::Simple(sc) => self.exec_simple(sc, cmd),
            CommandKind::FunctionDef { name, body } => {
                if self
                    .funcs
                    .get(name)
                    .is_some_and(|_| self.readonly_funcs.contains(name))
                {
                    self.error(&format!("{name}: readonly function"));
                    return Ok(1);
                }
                self.funcs.insert(name.clone(), Arc::new((**body).clone()));
                self.last_status = 0;
                Ok(0)
            }
            _ => {
                if cmd.redirects.is_empty() {
                    let s = self.exec_compound(cmd)?;
                    self.last_status = s;
                    return Ok(s);
                }
                let saved = self.fds.clone();
                let r = match self.apply_redirects(&cmd.redirects) {
                    Ok(()) => self.exec_compound(cmd),
                    Err(s) => Ok(s),
                };
                self.fds = saved;
                let s = r?;
                self.last_status = s;
                Ok(s)
            }
        }
    }

    fn exec_compound(&mut self, cmd: &Command) -> Res<i32> {
        match &cmd.kind {
            CommandKind::Group(list) => self.exec_list(list),
            CommandKind::Subshell(list) => {
                let mut sub = self.subshell();
                let s = sub.run_subshell_list(list);
                Ok(s)
            }
            CommandKind::If {
                branches,
                else_branch,
            } => {
                for (cond, body) in branches {
                    self.errexit_suppressed += 1;
                    let c = self.exec_list(cond);
                    self.errexit_suppressed -= 1;
                    if c? == 0 {
                        return self.exec_list(body);
                    }
                }
                match else_branch {
                    Some(b) => self.exec_list(b),
                    None => Ok(0),
                }
            }
            CommandKind::While { cond, body, until } => {
                let mut status = 0;
                let mut iters: u64 = 0;
                self.loop_depth += 1;
                let r = (|| -> Res<i32> {
                    loop {
                        self.count_iteration(&mut iters)?;
                        self.errexit_suppressed += 1;
                        let c = self.exec_list(cond);
                        self.errexit_suppressed -= 1;
                        let c = match c {
                            Ok(c) => c,
                            Err(Flow::Break(n)) => {
                                if n > 1 {
                                    return Err(Flow::Break(n - 1));
                                }
                                break;
                            }
                            Err(Flow::Continue(n)) => {
                                if n > 1 {
                                    return Err(Flow::Continue(n - 1));
                                }
                                continue;
                            }
                            Err(e) => return Err(e),
                        };
                        if (c == 0) == *until {
                            break;
                        }
                        match self.exec_list(body) {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => {
                                if n > 1 {
                                    return Err(Flow::Break(n - 1));
                                }
                                status = 0;
                                break;
                            }
                            Err(Flow::Continue(n)) => {
                                if n > 1 {
                                    return Err(Flow::Continue(n - 1));
                                }
                                status = 0;
                            }
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(status)
                })();
                self.loop_depth -= 1;
                r
            }
            CommandKind::For { var, words, body } => {
                if !super::param::is_name(var) {
                    self.error(&format!("`{var}': not a valid identifier"));
                    return Ok(1);
                }
                let items = match words {
                    Some(w) => self.expand_words(w)?,
                    None => self.positional.clone(),
                };
                let mut status = 0;
                let mut iters: u64 = 0;
                self.loop_depth += 1;
                let r = (|| -> Res<i32> {
                    for item in items {
                        self.count_iteration(&mut iters)?;
                        self.set_var(var, item)?;
                        match self.exec_list(body) {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => {
                                if n > 1 {
                                    return Err(Flow::Break(n - 1));
                                }
                                status = 0;
                                break;
                            }
                            Err(Flow::Continue(n)) => {
                                if n > 1 {
                                    return Err(Flow::Continue(n - 1));
                                }
                                status = 0;
                            }
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(status)
                })();
                self.loop_depth -= 1;
                r
            }
            CommandKind::ArithFor {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(w) = init {
                    let t = self.expand_string(w)?;
                    self.eval_arith_text(&t)?;
                }
                let mut status = 0;
                let mut iters: u64 = 0;
                self.loop_depth += 1;
                let r = (|| -> Res<i32> {
                    loop {
                        self.count_iteration(&mut iters)?;
                        if let Some(w) = cond {
                            let t = self.expand_string(w)?;
                            if !t.iter().all(|b| b.is_ascii_whitespace())
                                && self.eval_arith_text(&t)? == 0
                            {
                                break;
                            }
                        }
                        match self.exec_list(body) {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => {
                                if n > 1 {
                                    return Err(Flow::Break(n - 1));
                                }
                                status = 0;
                                break;
                            }
                            Err(Flow::Continue(n)) => {
                                if n > 1 {
                                    return Err(Flow::Continue(n - 1));
                                }
                            }
                            Err(e) => return Err(e),
                        }
                        if let Some(w) = step {
                            let t = self.expand_string(w)?;
                            self.eval_arith_text(&t)?;
                        }
                    }
                    Ok(status)
                })();
                self.loop_depth -= 1;
                r
            }
            CommandKind::Case { word, arms } => {
                let subject = self.expand_string(word)?;
                let mut i = 0;
                let mut status = 0;
                let mut fall = false;
                while i < arms.len() {
                    let arm = &arms[i];
                    let mut hit = fall;
                    if !hit {
                        for pw in &arm.patterns {
                            let pat = self.compile_case_pattern(pw)?;
                            if pat.matches(&subject) {
                                hit = true;
                                break;
                            }
                        }
                    }
                    if hit {
                        status = self.exec_list(&arm.body)?;
                        match arm.terminator {
                            CaseTerminator::Break => return Ok(status),
                            CaseTerminator::FallThrough => fall = true,
                            CaseTerminator::Continue => fall = false,
                        }
                    }
                    i += 1;
                }
                Ok(status)
            }
            CommandKind::Select { var, words, body } => self.exec_select(var, words, body),
            CommandKind::Arith(w) => {
                let t = self.expand_string(w)?;
                if self.opts.xtrace {
                    let line = format!("+ (( {} ))\n", String::from_utf8_lossy(&t));
                    self.write_fd(2, line.as_bytes());
                }
                match self.eval_arith_text(&t) {
                    Ok(v) => Ok((v == 0) as i32),
                    Err(Flow::Exit(1)) => Ok(1),
                    Err(e) => Err(e),
                }
            }
            CommandKind::Cond(e) => match self.eval_cond(e) {
                Ok(true) => Ok(0),
                Ok(false) => Ok(1),
                Err(Flow::Exit(2)) => Ok(2),
                Err(e) => Err(e),
            },
            CommandKind::Simple(_) | CommandKind::FunctionDef { .. } => Ok(0),
        }
    }

    fn count_iteration(&mut self, iters: &mut u64) -> Res<()> {
        self.check_cancel()?;
        *iters += 1;
        let lim = &self.env.limits;
        if *iters > lim.max_loop_iterations {
            return Err(self.trip_limit(
                "loop iterations",
                "--max-loop-iterations",
                lim.max_loop_iterations,
            ));
        }
        let total = self
            .env
            .loop_iterations
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if total >= lim.max_total_loop_iterations {
            return Err(self.trip_limit(
                "total loop iterations",
                "--max-total-loop-iterations",
                lim.max_total_loop_iterations,
            ));
        }
        Ok(())
    }

    fn exec_select(
        &mut self,
        var: &str,
        words: &Option<Vec<crate::syntax::ast::Word>>,
        body: &List,
    ) -> Res<i32> {
        let items = match words {
            Some(w) => self.expand_words(w)?,
            None => self.positional.clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let mut status = 0;
        self.loop_depth += 1;
        let r = (|| -> Res<i32> {
            loop {
                self.check_cancel()?;
                let mut menu = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    menu.extend_from_slice(format!("{}) ", i + 1).as_bytes());
                    menu.extend_from_slice(it);
                    menu.push(b'\n');
                }
                self.write_fd(2, &menu);
                let ps3 = self
                    .vars
                    .get_str("PS3")
                    .map(|s| s.to_vec())
                    .unwrap_or_else(|| b"#? ".to_vec());
                self.write_fd(2, &ps3);
                let line = match self.fds.get(0).cloned() {
                    Some(f) => f.read_until(b'\n', None).unwrap_or_default(),
                    None => Vec::new(),
                };
                if line.is_empty() {
                    self.write_fd(2, b"\n");
                    return Ok(1);
                }
                let reply: Vec<u8> = line.strip_suffix(b"\n").unwrap_or(&line).to_vec();
                self.vars
                    .set_str("REPLY", reply.clone())
                    .map_err(|e| self.var_err(e))?;
                if reply.is_empty() {
                    continue;
                }
                let choice = String::from_utf8_lossy(&reply).trim().parse::<usize>().ok();
                let val = choice
                    .filter(|c| *c >= 1 && *c <= items.len())
                    .map(|c| items[c - 1].clone())
                    .unwrap_or_default();
                self.set_var(var, val)?;
                match self.exec_list(body) {
                    Ok(s) => status = s,
                    Err(Flow::Break(n)) => {
                        if n > 1 {
                            return Err(Flow::Break(n - 1));
                        }
                        return Ok(0);
                    }
                    Err(Flow::Continue(n)) => {
                        if n > 1 {
                            return Err(Flow::Continue(n - 1));
                        }
                    }
                    Err(e) => return Err(e),
                }
                let _ = status;
            }
        })();
        self.loop_depth -= 1;
        r
    }

    pub fn var_err(&self, e: super::vars::VarError) -> Flow {
        self.error(&e.to_string());
        Flow::Discard(1)
    }

    /// Assign a scalar, honouring the integer attribute and allexport.
    /// Enforce `max_variable_bytes` on a value about to be stored.
    fn check_value_size(&self, len: usize) -> Res<()> {
        if len > self.env.limits.max_variable_bytes {
            return Err(self.trip_limit(
                "variable size",
                "--max-variable-bytes",
                self.env.limits.max_variable_bytes as u64,
            ));
        }
        Ok(())
    }

    /// Enforce `max_array_entries` after an element was added to `name`.
    fn check_array_size(&self, name: &str) -> Res<()> {
        let n = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.len(),
            Some(Value::Assoc(m)) => m.len(),
            _ => 0,
        };
        if n > self.env.limits.max_array_entries {
            return Err(self.trip_limit(
                "array entries",
                "--max-array-entries",
                self.env.limits.max_array_entries as u64,
            ));
        }
        Ok(())
    }

    pub fn set_var(&mut self, name: &str, value: Vec<u8>) -> Res<()> {
        self.check_value_size(value.len())?;
        match name {
            "SECONDS" => {
                let v = String::from_utf8_lossy(&value)
                    .trim()
                    .parse::<i64>()
                    .unwrap_or(0);
                self.seconds_offset = v - self.env.start.elapsed().as_secs() as i64;
            }
            "RANDOM" => {
                let v = String::from_utf8_lossy(&value)
                    .trim()
                    .parse::<i64>()
                    .unwrap_or(0);
                self.random_state = (v as u32).wrapping_mul(2654435761) | 1;
            }
            _ => {}
        }
        let target = self.vars.resolve_name(name).into_owned();
        if target != name
            && let Some(open) = target.find('[')
            && target.ends_with(']')
        {
            let base = target[..open].to_string();
            let key = target[open + 1..target.len() - 1].to_string();
            return self.assign_index_text(&base, key.as_bytes(), value, false);
        }
        let value = if self
            .vars
            .get(name)
            .is_some_and(|v| v.attrs.has(Attrs::INTEGER))
        {
            self.eval_arith_text(&value)?.to_string().into_bytes()
        } else {
            value
        };
        if let Err(e) = self.vars.set_str(name, value) {
            return Err(self.var_err(e));
        }
        if self.opts.allexport
            && let Some(v) = self.vars.get_mut(name)
        {
            v.attrs.set(Attrs::EXPORT);
        }
        Ok(())
    }

    /// `name[sub]=value`
    pub fn assign_index(
        &mut self,
        name: &str,
        sub: &crate::syntax::ast::Word,
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        let key = self.expand_string(sub)?;
        self.assign_index_text(name, &key, value, append)
    }

    pub fn assign_index_text(
        &mut self,
        name: &str,
        key: &[u8],
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        self.check_value_size(value.len())?;
        self.assign_index_inner(name, key, value, append)?;
        self.check_array_size(name)
    }

    fn assign_index_inner(
        &mut self,
        name: &str,
        key: &[u8],
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
        let r = if attrs.has(Attrs::ASSOC) {
            if key.is_empty() {
                self.error(&format!("{name}[]: bad array subscript"));
                return Err(Flow::Discard(1));
            }
            let value = if append {
                let mut old = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                    Some(Value::Assoc(m)) => m.get(key).cloned().unwrap_or_default(),
                    _ => Vec::new(),
                };
                old.extend_from_slice(&value);
                old
            } else {
                value
            };
            self.vars.set_key(name, key.to_vec(), value)
        } else {
            let idx = self.eval_arith_text(key)?;
            let idx = if idx < 0 {
                let last = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                    Some(Value::Indexed(m)) => m.keys().next_back().copied(),
                    Some(Value::Str(_)) => Some(0),
                    _ => None,
                };
                match last {
                    Some(l) if l + 1 + idx >= 0 => l + 1 + idx,
                    _ => {
                        self.error(&format!(
                            "{name}[{}]: bad array subscript",
                            String::from_utf8_lossy(key)
                        ));
                        return Err(Flow::Exit(1));
                    }
                }
            } else {
                idx
            };
            let value = if attrs.has(Attrs::INTEGER) {
                let base = if append {
                    self.index_value(name, idx)
                } else {
                    Vec::new()
                };
                let v = self.eval_arith_text(&value)?;
                let b = if base.is_empty() {
                    0
                } else {
                    self.eval_arith_text(&base)?
                };
                (if append { b.wrapping_add(v) } else { v })
                    .to_string()
                    .into_bytes()
            } else if append {
                let mut old = self.index_value(name, idx);
                old.extend_from_slice(&value);
                old
            } else {
                value
            };
            self.vars.set_index(name, idx, value)
        };
        r.map_err(|e| self.var_err(e))
    }

    fn index_value(&self, name: &str, idx: i64) -> Vec<u8> {
        match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.get(&idx).cloned().unwrap_or_default(),
            Some(Value::Str(s)) if idx == 0 => s.clone(),
            _ => Vec::new(),
        }
    }

    /// Perform an expanded assignment (`a=1`, `a+=x`, `a[i]=v`, `a=(…)`).
    pub fn do_assign(&mut self, a: &ExpAssign) -> Res<()> {
        let name = a.name.as_str();
        if let Some(idx) = &a.index {
            let v = match &a.value {
                ExpValue::Scalar(s) => s.clone(),
                ExpValue::Array(_) => {
                    self.error(&format!(
                        "{name}[{}]: cannot assign list to array member",
                        String::from_utf8_lossy(idx)
                    ));
                    return Err(Flow::Exit(1));
                }
            };
            return self.assign_index_text(name, idx, v, a.append);
        }
        match &a.value {
            ExpValue::Scalar(s) => {
                let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
                let is_array = self
                    .vars
                    .get(name)
                    .and_then(|v| v.value.as_ref())
                    .is_some_and(|v| !matches!(v, Value::Str(_)));
                if a.append {
                    if attrs.has(Attrs::INTEGER) {
                        let old = self.vars.get_str(name).unwrap_or(b"0").to_vec();
                        let o = self.eval_arith_text(&old)?;
                        let n = self.eval_arith_text(s)?;
                        return self.set_var(name, o.wrapping_add(n).to_string().into_bytes());
                    }
                    if is_array {
                        return self.assign_index_text(name, b"0", s.clone(), true);
                    }
                    let mut old = self.vars.get_str(name).unwrap_or(b"").to_vec();
                    old.extend_from_slice(s);
                    self.set_var(name, old)
                } else {
                    self.set_var(name, s.clone())
                }
            }
            ExpValue::Array(items) => {
                let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or_default();
                if attrs.has(Attrs::READONLY) {
                    self.error(&format!("{name}: readonly variable"));
                    return Err(Flow::Exit(1));
                }
                if attrs.has(Attrs::ASSOC) {
                    if !a.append {
                        self.vars
                            .set_value(name, Value::Assoc(Default::default()))
                            .map_err(|e| self.var_err(e))?;
                    }
                    let mut pending_key: Option<Vec<u8>> = None;
                    for (k, v, app) in items {
                        match k {
                            Some(k) => self.assign_index_text(name, k, v.clone(), *app)?,
                            None => {
                                // bash 5.2: `m=(k1 v1 k2 v2)` pairs.
                                match pending_key.take() {
                                    None => pending_key = Some(v.clone()),
                                    Some(key) => {
                                        self.assign_index_text(name, &key, v.clone(), false)?
                                    }
                                }
                            }
                        }
                    }
                    if let Some(key) = pending_key {
                        self.assign_index_text(name, &key, Vec::new(), false)?;
                    }
                    return Ok(());
                }
                let mut next: i64 = 0;
                if a.append {
                    next = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                        Some(Value::Indexed(m)) => m.keys().next_back().map_or(0, |l| l + 1),
                        Some(Value::Str(_)) => 1,
                        _ => 0,
                    };
                    if let Some(Value::Str(s)) = self.vars.get(name).and_then(|v| v.value.clone()) {
                        self.vars
                            .set_value(
                                name,
                                Value::Indexed(std::collections::BTreeMap::from([(0, s)])),
                            )
                            .map_err(|e| self.var_err(e))?;
                    }
                } else {
                    self.vars
                        .set_value(name, Value::Indexed(Default::default()))
                        .map_err(|e| self.var_err(e))?;
                }
                for (k, v, app) in items {
                    let idx = match k {
                        Some(k) => {
                            let i = self.eval_arith_text(k)?;
                            if i < 0 {
                                let last = match self.vars.get(name).and_then(|v| v.value.as_ref())
                                {
                                    Some(Value::Indexed(m)) => m.keys().next_back().copied(),
                                    _ => None,
                                };
                                match last {
                                    Some(l) => l + 1 + i,
                                    None => {
                                        self.error(&format!("{name}[{i}]: bad array subscript"));
                                        continue;
                                    }
                                }
                            } else {
                                i
                            }
                        }
                        None => next,
                    };
                    self.assign_index_text(name, idx.to_string().as_bytes(), v.clone(), *app)?;
                    next = idx + 1;
                }
                if self.opts.allexport
                    && let Some(v) = self.vars.get_mut(name)
                {
                    v.attrs.set(Attrs::EXPORT);
                }
                Ok(())
            }
        }
    }

    fn exec_simple(&mut self, sc: &SimpleCommand, cmd: &Command) -> Res<i32> {
        let n = self
            .env
            .commands_run
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n >= self.env.limits.max_commands {
            return Err(self.trip_limit(
                "commands",
                "--max-commands",
                self.env.limits.max_commands,
            ));
        }
        self.subst_status = None;
        if !self.in_trap
            && self.traps.contains_key("DEBUG")
            && (self.frames.is_empty() || self.opts.functrace)
        {
            let text = super::print::simple_src(sc);
            let _ = self.vars.set_str("BASH_COMMAND", text.into_bytes());
            if let Some(action) = self.traps.get("DEBUG").cloned() {
                let saved = self.last_status;
                self.in_trap = true;
                let r = self.eval_string(&action, "trap");
                self.in_trap = false;
                self.last_status = saved;
                r?;
            }
        }
        let args = match self.expand_args(&sc.words) {
            Ok(a) => a,
            Err(e) => {
                self.close_procsubst();
                return Err(e);
            }
        };
        if args.is_empty() {
            // Assignments only (plus redirections).
            let mut assigns = Vec::with_capacity(sc.assigns.len());
            for a in &sc.assigns {
                let e = self.expand_assign(a)?;
                if self.opts.xtrace {
                    let mut line = b"+ ".to_vec();
                    line.extend(e.to_text());
                    line.push(b'\n');
                    self.write_xtrace(&line);
                }
                assigns.push(e);
            }
            for e in &assigns {
                if let Err(f) = self.do_assign(e) {
                    return match f {
                        Flow::Exit(s) => {
                            self.last_status = s;
                            Ok(s)
                        }
                        other => Err(other),
                    };
                }
            }

            let mut status = self.subst_status.unwrap_or(0);
            if !cmd.redirects.is_empty() {
                let saved = self.fds.clone();
                if let Err(s) = self.apply_redirects(&cmd.redirects) {
                    status = s;
                }
                self.fds = saved;
            }
            self.close_procsubst();
            self.last_status = status;
            return Ok(status);
        }
        let mut argv: Vec<Vec<u8>> = Vec::with_capacity(args.len());
        let mut decl_assigns: Vec<ExpAssign> = Vec::new();
        let mut decl_positions: Vec<usize> = Vec::new();
        for a in args {
            match a {
                ExpArg::Str(s) => argv.push(s),
                ExpArg::Assign(e) => {
                    decl_positions.push(argv.len());
                    argv.push(e.to_text());
                    decl_assigns.push(e);
                }
            }
        }
        // Prefix assignments.
        let mut prefix = Vec::with_capacity(sc.assigns.len());
        for a in &sc.assigns {
            prefix.push(self.expand_assign(a)?);
        }
        if self.opts.xtrace {
            let mut line = b"+".to_vec();
            for e in &prefix {
                line.push(b' ');
                line.extend(e.to_text());
            }
            for a in &argv {
                line.push(b' ');
                line.extend(super::pat::xtrace_quote(a));
            }
            line.push(b'\n');
            self.write_xtrace(&line);
        }
        self.last_arg = argv.last().cloned().unwrap_or_default();
        let saved_fds = if cmd.redirects.is_empty() {
            None
        } else {
            let saved = self.fds.clone();
            if let Err(s) = self.apply_redirects(&cmd.redirects) {
                self.fds = saved;
                self.close_procsubst();
                self.last_status = s;
                return Ok(s);
            }
            Some(saved)
        };
        let r = self.dispatch(argv, prefix, decl_assigns, decl_positions);
        if let Some(saved) = saved_fds {
            if self.keep_redirects {
                self.keep_redirects = false;
            } else {
                self.fds = saved;
            }
        }
        self.keep_redirects = false;
        self.close_procsubst();
        let s = r?;
        self.last_status = s;
        Ok(s)
    }

    fn write_xtrace(&self, line: &[u8]) {
        let ps4 = self
            .vars
            .get_str("PS4")
            .map(|s| s.to_vec())
            .unwrap_or_else(|| b"+ ".to_vec());
        let mut out = ps4;
        out.extend_from_slice(
            line.strip_prefix(b"+ ")
                .unwrap_or(line.strip_prefix(b"+").unwrap_or(line)),
        );
        self.write_fd(2, &out);
    }

    fn close_procsubst(&mut self) {
        for fd in std::mem::take(&mut self.procsubst_fds) {
            self.fds.set(fd, None);
        }
    }

    /// Find and run a command: function, builtin, registered command, or file.
    fn dispatch(
        &mut self,
        argv: Vec<Vec<u8>>,
        prefix: Vec<ExpAssign>,
        decl: Vec<ExpAssign>,
        decl_pos: Vec<usize>,
    ) -> Res<i32> {
        let name = String::from_utf8_lossy(&argv[0]).into_owned();
        if let Some(body) = self.funcs.get(&name).cloned() {
            return self.with_prefix(prefix, true, |sh| {
                sh.call_function(&name, &body, &argv[1..])
            });
        }
        if let Some(b) = super::builtins::lookup(&name) {
            // `NAME --help` is `help NAME`, as in bash (whose echo, test and true take it as an
            // ordinary argument).
            if argv.len() == 2
                && argv[1] == b"--help"
                && !matches!(
                    name.as_str(),
                    "echo" | ":" | "true" | "false" | "test" | "["
                )
            {
                let help_argv = vec![b"help".to_vec(), argv[0].clone()];
                return super::builtins::lookup("help")
                    .map_or(Ok(2), |h| h(self, &help_argv, &[], &[]));
            }
            let special = super::builtins::is_special(&name);
            if special {
                for a in &prefix {
                    self.do_assign(a)?;
                }
                return b(self, &argv, &decl, &decl_pos);
            }
            return self.with_prefix(prefix, false, |sh| b(sh, &argv, &decl, &decl_pos));
        }
        self.with_prefix(prefix, true, |sh| sh.run_external(&argv))
    }

    /// Run `f` with temporary prefix assignments (`x=1 cmd`), exported for commands.
    fn with_prefix<T>(
        &mut self,
        prefix: Vec<ExpAssign>,
        export: bool,
        f: impl FnOnce(&mut Shell) -> Res<T>,
    ) -> Res<T> {
        if prefix.is_empty() {
            return f(self);
        }
        self.vars.push_scope();
        self.temp_scopes += 1;
        let mut err = None;
        for a in &prefix {
            let existing = self.vars.get(&a.name).cloned();
            let var = self.vars.declare_local(&a.name);
            if let Some(ex) = existing {
                *var = ex;
            }
            if export {
                var.attrs.set(Attrs::EXPORT);
            }
            if let Err(e) = self.do_assign(a) {
                err = Some(e);
                break;
            }
        }
        let r = match err {
            Some(e) => Err(e),
            None => f(self),
        };
        self.temp_scopes -= 1;
        self.vars.pop_scope();
        r
    }

    /// Call a shell function.
    pub fn call_function(&mut self, name: &str, body: &Command, args: &[Vec<u8>]) -> Res<i32> {
        if self.frames.len() >= self.env.limits.max_function_depth {
            return Err(self.trip_limit(
                "function depth",
                "--max-function-depth",
                self.env.limits.max_function_depth as u64,
            ));
        }
        let saved_pos = std::mem::replace(&mut self.positional, args.to_vec());
        let saved_temp = std::mem::replace(&mut self.temp_scopes, 0);
        let call_line = self.lineno;
        self.frames.push(Frame {
            name: name.to_string(),
            call_line,
        });
        self.vars.push_scope();
        let return_trap_before = self.return_trap_sets;
        let r = self.exec_command(body);
        let r = match r {
            Ok(s) => Ok(s),
            Err(Flow::Return(s)) => Ok(s),
            Err(e) => Err(e),
        };
        if r.is_ok()
            && let Some(action) = self.traps.get("RETURN").cloned()
            && !self.in_trap
            && (self.opts.functrace || return_trap_before != self.return_trap_sets)
        {
            self.in_trap = true;
            let _ = self.eval_string(&action, "trap");
            self.in_trap = false;
        }
        self.vars.pop_scope();
        self.frames.pop();
        self.temp_scopes = saved_temp;
        self.positional = saved_pos;
        self.lineno = call_line;
        r
    }

    /// Run argv skipping functions (`command`, `exec`, `ToolCtx::call`).
    pub fn run_command_argv(&mut self, argv: &[Vec<u8>]) -> Res<i32> {
        let name = String::from_utf8_lossy(&argv[0]).into_owned();
        if let Some(b) = super::builtins::lookup(&name) {
            return b(self, argv, &[], &[]);
        }
        self.run_external(argv)
    }

    /// Run a registered command or a file.
    pub fn run_external(&mut self, argv: &[Vec<u8>]) -> Res<i32> {
        let name = String::from_utf8_lossy(&argv[0]).into_owned();
        if !name.contains('/') {
            if let Some(cmd) = self.env.registry.get(&name) {
                return Ok(self.run_registered(&cmd, &argv[1..]));
            }
            if let Some(path) = self.find_in_path(&name) {
                return self.run_file(&path, argv);
            }
            self.error(&format!("{name}: command not found"));
            return Ok(127);
        }
        let path = self.resolve(&name);
        self.run_file(&path, argv)
    }

    /// Search `$PATH` in the VFS for an executable script.
    fn find_in_path(&self, name: &str) -> Option<std::path::PathBuf> {
        let path = self.vars.get_str("PATH")?.to_vec();
        for dir in path.split(|b| *b == b':') {
            if dir.is_empty() {
                continue;
            }
            let p = self.resolve(&format!("{}/{}", String::from_utf8_lossy(dir), name));
            if let Ok(m) = self.env.backend.stat(&p)
                && m.is_file()
                && m.mode & 0o111 != 0
            {
                return Some(p);
            }
        }
        None
    }

    /// Execute a file: scripts run in a nested shell (bash reads the shebang; so do we).
    fn run_file(&mut self, path: &std::path::Path, argv: &[Vec<u8>]) -> Res<i32> {
        let shown = String::from_utf8_lossy(&argv[0]).into_owned();
        let meta = match self.env.backend.stat(path) {
            Ok(m) => m,
            Err(_) => {
                self.error(&format!("{shown}: No such file or directory"));
                return Ok(127);
            }
        };
        if meta.is_dir() {
            self.error(&format!("{shown}: Is a directory"));
            return Ok(126);
        }
        if meta.mode & 0o111 == 0 {
            self.error(&format!("{shown}: Permission denied"));
            return Ok(126);
        }
        let data = match self.env.backend.read(path, None) {
            Ok(d) => d,
            Err(e) => {
                self.error(&format!("{shown}: {e}"));
                return Ok(126);
            }
        };
        let text = String::from_utf8_lossy(&data).into_owned();
        if let Some(first) = text.strip_prefix("#!") {
            let line = first.lines().next().unwrap_or("").trim();
            let mut parts = line.split_whitespace();
            let interp = parts.next().unwrap_or("");
            let base = interp.rsplit('/').next().unwrap_or("");
            let base = if base == "env" {
                parts.next().unwrap_or("")
            } else {
                base
            };
            if !matches!(base, "bash" | "sh" | "sandsh" | "dash" | "ksh" | "zsh") {
                if let Some(cmd) = self.env.registry.get(base) {
                    let mut args: Vec<Vec<u8>> = parts.map(|p| p.as_bytes().to_vec()).collect();
                    args.push(argv[0].clone());
                    args.extend(argv[1..].iter().cloned());
                    return Ok(self.run_registered(&cmd, &args));
                }
                self.error(&format!(
                    "{shown}: {interp}: bad interpreter: No such file or directory"
                ));
                return Ok(126);
            }
        }
        Ok(self.run_child_shell(
            &text,
            argv[0].clone(),
            argv[1..].to_vec(),
            &shown,
            None,
            false,
        ))
    }

    /// Run a script in a fresh child shell (`bash file`, `./script`, `bash -c`): only exported
    /// variables cross over, as with a real new process.
    pub fn run_child_shell(
        &mut self,
        src: &str,
        arg0: Vec<u8>,
        args: Vec<Vec<u8>>,
        err_name: &str,
        opts: Option<super::Options>,
        dash_c: bool,
    ) -> i32 {
        let mut child = Shell::new(self.env.clone(), self.cwd.clone(), self.cancel.clone());
        child.fds = self.fds.clone();
        child.pid = self.env.alloc_pid();
        child.umask = self.umask;
        for (k, v) in self.vars.exported() {
            let _ = child.vars.set_str(&k, v);
            if let Some(var) = child.vars.get_mut(&k) {
                var.attrs.set(Attrs::EXPORT);
            }
        }
        child.init_child_vars();
        for (name, f) in &self.funcs {
            if self.exported_funcs.contains(name) {
                child.funcs.insert(name.clone(), f.clone());
                child.exported_funcs.insert(name.clone());
            }
        }
        if let Some(o) = opts {
            child.opts = o;
        }
        child.arg0 = arg0;
        child.positional = args;
        child.err_name = err_name.to_string();
        child.subshell_level = 0;
        child.dash_c = dash_c;
        child.input_flag = if dash_c {
            Some('c')
        } else if err_name == "bash" || err_name == "sh" {
            Some('s')
        } else {
            None
        };
        if !dash_c {
            child.source_file = Some(err_name.to_string());
        }
        let status = match child.run_script(src) {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Discard(s)) => s,
            Err(_) => child.last_status,
        };
        child.last_status = status;
        child.run_exit_trap();
        child.last_status
    }

    /// Resolve a path against the cwd.
    pub fn resolve(&self, p: &str) -> std::path::PathBuf {
        crate::vfs::join(&self.cwd, p)
    }
}
