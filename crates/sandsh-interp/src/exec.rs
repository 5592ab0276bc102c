//! Execution: scripts, lists, and-or lists, pipelines, simple and compound commands, functions.

use std::sync::Arc;

use sandsh_syntax::ast::{AndOr, AndOrOp, CaseTerminator, Command, CommandKind, List, Pipeline};
use sandsh_syntax::{ParseError, Parser};

use super::{Flow, Limit, Res, Shell, io};

/// A pipeline stage's standard input and output where they are pipes.
type StageEnds = (Option<io::Fd>, Option<io::Fd>);

/// A pipeline whose stages run in order on one thread: the ends not yet handed out, the first
/// stage not started, and every stage's status.
struct InOrder<'p> {
    p: &'p Pipeline,
    /// One past the last stage to run in order (all of them, or all but `lastpipe`'s last).
    end: usize,
    ends: std::cell::RefCell<Vec<StageEnds>>,
    next: std::cell::Cell<usize>,
    statuses: std::cell::RefCell<Vec<i32>>,
}

struct AliasView<'a>(&'a super::HashMap<String, String>);

impl sandsh_syntax::AliasLookup for AliasView<'_> {
    fn alias(&self, name: &str) -> Option<String> {
        self.0.get(name).cloned()
    }
}

impl Shell {
    /// The next complete command, with aliases expanded when `expand_aliases` is on (the
    /// aliases in force are those defined before this command was read, as in bash).
    /// The parser refuses to nest once the stack runs low; that is the stack limit, not a
    /// syntax error, and ends the run like any other limit.
    fn parse_next(&self, parser: &mut Parser<'_>) -> Res<Result<Option<List>, ParseError>> {
        self.check_stack()?;
        let r = self.parse_next_inner(parser);
        if r.as_ref()
            .is_err_and(|e| e.message == sandsh_syntax::STACK_EXHAUSTED)
        {
            return Err(self.stack_exhausted());
        }
        Ok(r)
    }

    fn parse_next_inner(&self, parser: &mut Parser<'_>) -> Result<Option<List>, ParseError> {
        parser.set_extglob(self.opts.extglob);
        if self.opts.expand_aliases && !self.aliases.is_empty() {
            parser.next_command(Some(&AliasView(&self.aliases)))
        } else {
            parser.next_command(None)
        }
    }

    /// Parse and run a script one complete command at a time, as bash reads its input.
    /// Returns the exit status; `Flow::Exit` ends the script.
    pub fn run_script(&mut self, src: &str) -> Res<i32> {
        let mut parser = Parser::new(src);
        let mut status = 0;
        loop {
            let next = self.parse_next(&mut parser)?;
            match next {
                Ok(Some(list)) => {
                    if self.opts.noexec {
                        continue;
                    }
                    status = match self.exec_list(&list) {
                        Ok(s) => s,
                        // At the top level, or in a file being sourced (outside subshells).
                        Err(Flow::Discard(s))
                            if (self.source_depth == 0 && self.frames.is_empty())
                                || (self.source_depth > 0 && !self.is_subshell) =>
                        {
                            self.last_status = s;
                            s
                        }
                        Err(e) => return Err(e),
                    };
                }
                Ok(None) => break,
                Err(e) => {
                    if self.source_depth == 0 && !self.is_subshell && self.top_parse_error.is_none()
                    {
                        self.top_parse_error = Some(e.clone());
                    }
                    if self.syntax_error_exits() {
                        return Err(self.exit_on_syntax_error(&e, src));
                    }
                    self.report_parse_error(&e, src);
                    // A sourced file's syntax error ends the file: `.` returns 2 and the
                    // script goes on (bash outside posix mode).
                    if self.source_depth > 0 && !self.opts.posix {
                        self.last_status = 2;
                        return Ok(2);
                    }
                    // A syntax error ends the script with status 2, except one inside
                    // `[[ ]]`: bash 5.2 reports it without setting `$?`, so the script ends
                    // with the status it had.
                    let status = if e.in_conditional && self.source_depth == 0 {
                        self.last_status
                    } else {
                        2
                    };
                    self.last_status = status;
                    return Err(Flow::Exit(status));
                }
            }
        }
        Ok(status)
    }

    /// What a syntax error of the script starts with: bash names a `-c` string's
    /// `bash: -c: line N:`.
    fn syntax_error_prefix(&self) -> String {
        match self.input_flag {
            Some('c') if self.source_depth == 0 => format!("{}: -c", self.error_name()),
            _ => self.error_name().to_string(),
        }
    }

    /// Whether a syntax error ends the shell now: under `set -e` where it applies, bash's
    /// parser exits with status 2 as soon as it has printed the message (without the
    /// offending line), in a sourced file and `eval` too.
    fn syntax_error_exits(&self) -> bool {
        self.opts.errexit && self.errexit_suppressed == 0
    }

    /// Report `e` as bash does under `set -e` (its first line only) and end with status 2.
    fn exit_on_syntax_error(&mut self, e: &ParseError, src: &str) -> Flow {
        let prefix = self.syntax_error_prefix();
        if !(e.in_conditional && e.message.is_empty()) {
            let msg = syntax_error_text(&prefix, e, src, 0, false);
            let first = msg.split_inclusive('\n').next().unwrap_or_default();
            self.write_fd(2, first.as_bytes());
        }
        self.last_status = 2;
        Flow::Exit(2)
    }

    /// Print a syntax error as bash does: the message, then the offending line for
    /// unexpected-token errors.
    pub fn report_parse_error(&self, e: &ParseError, src: &str) {
        let prefix = self.syntax_error_prefix();
        if e.in_conditional && e.message.is_empty() {
            return;
        }
        let msg = syntax_error_text(&prefix, e, src, 0, false);
        self.write_fd(2, msg.as_bytes());
    }

    /// Run a list in a subshell context (already cloned): catches `exit`, runs the EXIT trap.
    pub fn run_subshell_list(&mut self, list: &List) -> i32 {
        self.subshell_level += 1;
        let status = match self.exec_list(list) {
            Ok(s) => s,
            Err(f) => f.status(self.last_status),
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

    /// bash decodes and expands `PS4` before each trace line (`PS4='+ ${LINENO}: '`,
    /// `PS4='\u@\h '`): done once per command while tracing, and only when it holds an
    /// expansion or an escape.
    fn expand_ps4(&mut self) {
        if self.in_ps4 {
            return;
        }
        let ps4 = match self.vars.get_str("PS4") {
            Some(s) if s.iter().any(|&c| matches!(c, b'$' | b'`' | b'\\')) => s.to_vec(),
            _ => {
                self.ps4_expanded = None;
                return;
            }
        };
        // Prompt escapes first (`\u`, `\v`, `\\`), then the expansions, as bash does.
        let ps4 = if ps4.contains(&b'\\') {
            self.prompt_decode(&ps4, true)
        } else {
            ps4
        };
        let src = String::from_utf8_lossy(&ps4).into_owned();
        let Ok(word) = Parser::new(&src).expansion_word() else {
            self.ps4_expanded = None;
            return;
        };
        // A command substitution in PS4 runs commands, which must not expand it again.
        self.in_ps4 = true;
        let saved = self.last_status;
        let r = self.expand_string(&word);
        self.last_status = saved;
        self.in_ps4 = false;
        self.ps4_expanded = r.ok();
    }

    /// Parse and run a string (eval, traps).
    pub fn eval_string(&mut self, src: &str, what: &str) -> Res<i32> {
        // bash numbers the lines of an eval'd string from the line of the `eval`.
        let at_line = what == "eval";
        self.eval_string_at(src, what, at_line)
    }

    /// `eval_string`, numbering the string's lines from the current line when `at_line` (eval,
    /// and the traps other than EXIT: `$LINENO` in an ERR trap is the failing command's line).
    fn eval_string_at(&mut self, src: &str, what: &str, at_line: bool) -> Res<i32> {
        let base = if at_line {
            self.lineno.saturating_sub(1)
        } else {
            0
        };
        let mut parser = Parser::with_line_base(src, base);
        let mut status = 0;
        loop {
            let next = self.parse_next(&mut parser)?;
            match next {
                Ok(Some(list)) => match self.exec_list(&list) {
                    Ok(s) => status = s,
                    // An assignment or arithmetic error abandons the command, not the rest of
                    // the string (bash's eval); a subshell ends.
                    Err(Flow::Discard(s)) if !self.is_subshell => {
                        status = s;
                        self.last_status = s;
                    }
                    Err(e) => return Err(e),
                },
                Ok(None) => break,
                Err(e) => {
                    // Traps report their syntax errors the way eval does.
                    let what = if what == "trap" { "eval" } else { what };
                    let prefix = format!("{}: {what}", self.error_name());
                    let msg = syntax_error_text(&prefix, &e, src, base, true);
                    if self.syntax_error_exits() {
                        let first = msg.split_inclusive('\n').next().unwrap_or_default();
                        self.write_fd(2, first.as_bytes());
                        self.last_status = 2;
                        return Err(Flow::Exit(2));
                    }
                    self.write_fd(2, msg.as_bytes());
                    self.last_status = 2;
                    return Ok(2);
                }
            }
        }
        self.last_status = status;
        Ok(status)
    }

    /// Read up to and including `delim` from `f`, a slice at a time: cancellation is seen
    /// between slices and the line may not outgrow a variable (THREAT DOS-MEM-4). An error
    /// reads as the end of input.
    pub fn read_line_bounded(&self, f: &dyn io::Stream, delim: u8) -> Res<Vec<u8>> {
        let mut line = Vec::new();
        loop {
            self.check_cancel()?;
            if line.len() > self.env.limits.max_variable_bytes {
                return Err(self.trip_limit(Limit::VariableBytes));
            }
            let chunk = match f.read_until(delim, Some(64 << 10)) {
                Ok(c) => c,
                Err(e) if sandsh_api::is_cancelled(&e) => return Err(Flow::Exit(130)),
                Err(_) => return Ok(line),
            };
            let done = chunk.is_empty() || chunk.last() == Some(&delim);
            line.extend_from_slice(&chunk);
            if done {
                return Ok(line);
            }
        }
    }

    /// THREAT DOS-CPU-1: checked at every command dispatch and loop iteration.
    pub fn check_cancel(&self) -> Res<()> {
        if self.is_cancelled() {
            return Err(Flow::Exit(130));
        }
        Ok(())
    }

    /// Refuse to recurse further when the stack is nearly used up: a limit error the run
    /// unwinds from, never a stack overflow, whatever the depth limits say (THREAT
    /// DOS-STACK-1). Checked at every command dispatch, expansion and evaluation that can nest.
    #[inline]
    pub fn check_stack(&self) -> Res<()> {
        if sandsh_runtime::stack::exhausted() {
            return Err(self.stack_exhausted());
        }
        Ok(())
    }

    #[cold]
    pub fn stack_exhausted(&self) -> Flow {
        self.trip_limit(Limit::StackBytes)
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
            if self.opts.monitor && !self.is_subshell && !self.session_job {
                self.notify_ended_jobs();
            }
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
        // A lone compound command (`{ }`, if, loops, case) is not checked itself: the commands
        // in it were, so `{ false && true; }` fails without exiting, as in bash.
        let compound = p.commands.len() == 1
            && matches!(
                p.commands[0].command.kind,
                CommandKind::Group(_)
                    | CommandKind::If { .. }
                    | CommandKind::While { .. }
                    | CommandKind::For { .. }
                    | CommandKind::ArithFor { .. }
                    | CommandKind::Case { .. }
                    | CommandKind::Select { .. }
            );
        if status != 0 && !p.negated && !compound && self.errexit_suppressed == 0 {
            self.run_err_trap()?;
            if self.opts.errexit {
                return Err(Flow::Exit(status));
            }
        }
        Ok(status)
    }

    /// A compound command's redirection failed: errexit and the ERR trap apply to that failure
    /// (the command itself is not checked afterwards).
    fn compound_redirect_failed(&mut self, status: i32) -> Res<i32> {
        self.compound_redirect_failed = true;
        if status != 0 && self.errexit_suppressed == 0 {
            self.last_status = status;
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
            self.run_trap_action(&action)?;
        }
        Ok(())
    }

    /// Run a trap's action: no trap fires inside it, and `$?` is what it was before.
    pub fn run_trap_action(&mut self, action: &str) -> Res<()> {
        let saved = self.last_status;
        let was = std::mem::replace(&mut self.in_trap, true);
        let r = self.eval_string_at(action, "trap", true);
        self.in_trap = was;
        self.last_status = saved;
        r.map(|_| ())
    }

    fn exec_pipeline(&mut self, p: &Pipeline) -> Res<i32> {
        let mut timed = p.timed.map(|f| (f, sandsh_runtime::time::Instant::now()));
        if let [only] = p.commands.as_slice()
            && matches!(only.command.kind, CommandKind::Subshell(_))
            && !only.command.redirects.is_empty()
        {
            self.time_in_redirects = timed.take();
        }
        // bash ignores errexit under `!` only when `set -e` is on as the pipeline starts: a
        // function run as `! f` that turns it on itself exits on its next failure.
        let suppress = p.negated && self.opts.errexit;
        if suppress {
            self.errexit_suppressed += 1;
        }
        let r = if p.commands.is_empty() {
            Ok(0)
        } else if p.commands.len() == 1 {
            self.compound_redirect_failed = false;
            let command = &p.commands[0].command;
            let r = self.exec_command(command);
            // bash sets PIPESTATUS for a command that runs as a whole (a simple command, a
            // subshell, `[[ ]]`, `(( ))`); a compound command leaves what its last inner
            // command set (`if false; then :; fi` gives 1), or nothing when none ran.
            let sets = matches!(
                command.kind,
                CommandKind::Simple(_)
                    | CommandKind::Subshell(_)
                    | CommandKind::Arith(_)
                    | CommandKind::Cond(_)
            );
            if let Ok(s) = r
                && sets
            {
                self.pipestatus.clear();
                self.pipestatus.push(s);
            }
            r
        } else {
            self.exec_multi_pipeline(p)
        };
        if suppress {
            self.errexit_suppressed -= 1;
        }
        // Not taken when the command never ran (cancelled first).
        self.time_in_redirects = None;
        let status = r?;
        // Taken here, so that a nested pipeline's failure never reaches an outer `!`.
        let redirect_failed = std::mem::take(&mut self.compound_redirect_failed);
        let status = if p.negated && !(p.commands.len() == 1 && redirect_failed) {
            (status == 0) as i32
        } else {
            status
        };
        if let Some((fmt, start)) = timed {
            self.report_time(fmt, start);
        }
        self.last_status = status;
        Ok(status)
    }

    /// Write `time`'s report of a pipeline that began at `start` to standard error.
    fn report_time(
        &mut self,
        fmt: sandsh_syntax::ast::TimeFormat,
        start: sandsh_runtime::time::Instant,
    ) {
        let el = start.elapsed();
        match fmt {
            sandsh_syntax::ast::TimeFormat::Posix => {
                let text = format!("real {:.2}\nuser 0.00\nsys 0.00\n", el.as_secs_f64());
                self.write_fd(2, text.as_bytes());
            }
            sandsh_syntax::ast::TimeFormat::Default => {
                use super::time_report::{DEFAULT, render};
                let fmt = self.vars.get_str("TIMEFORMAT").unwrap_or(DEFAULT).to_vec();
                // Set to the empty string: no report.
                if !fmt.is_empty() {
                    match render(&fmt, el) {
                        Ok(text) => self.write_fd(2, &text),
                        Err(c) => {
                            self.error(&format!("TIMEFORMAT: `{c}': invalid format character"))
                        }
                    }
                }
            }
        }
    }

    /// A pipeline of two or more stages. Each stage runs in a subshell of its own, as bash
    /// forks one; the stages start in order on this thread, and those not yet started when one
    /// would block go to pooled threads (`sandsh_runtime::stages`). Under `lastpipe` the last
    /// stage runs in this shell, on this thread, so the others start on pooled threads first.
    fn exec_multi_pipeline(&mut self, p: &Pipeline) -> Res<i32> {
        let n = p.commands.len();
        // Stage i reads ends[i].0 and writes ends[i].1: pipe i joins stage i to stage i + 1.
        let mut ends: Vec<StageEnds> = (0..n).map(|_| (None, None)).collect();
        for i in 0..n - 1 {
            let (r, w) = io::pipe(self.cancel.clone(), self.env.limits.pipe_buffer_bytes);
            ends[i].1 = Some(w);
            ends[i + 1].0 = Some(r);
        }
        let (statuses, flow) = if self.opts.lastpipe && !self.opts.monitor {
            self.run_stages_lastpipe(p, ends)
        } else {
            (self.run_stages(p, ends), None)
        };
        self.pipestatus = statuses.clone();
        match flow {
            Some(f) => Err(f),
            None => Ok(self.pipeline_status(&statuses)),
        }
    }

    /// The subshell that runs stage `i` of `p`, reading `stdin` and writing `stdout`.
    fn stage_shell(&self, p: &Pipeline, i: usize, ends: StageEnds) -> Shell {
        let mut sub = self.subshell();
        let (stdin, stdout) = ends;
        if let Some(fd) = stdin {
            sub.fds.set(0, Some(fd));
        }
        if let Some(w) = stdout {
            if p.commands[i].pipe_stderr {
                sub.fds.set(2, Some(w.clone()));
            }
            sub.fds.set(1, Some(w));
        }
        sub
    }

    /// Start stage `i` on a pooled thread with a stack of its own; its status, or the status
    /// it has already ended with when it could not start.
    fn launch_stage<'env>(
        &self,
        scope: &sandsh_runtime::stages::Scope<'env>,
        p: &'env Pipeline,
        i: usize,
        ends: StageEnds,
    ) -> Result<sandsh_runtime::stages::Handle<i32>, i32> {
        let Ok(slot) = self.thread_slot() else {
            return Err(super::LIMIT_EXCEEDED_STATUS);
        };
        let sub = self.stage_shell(p, i, ends);
        let cmd = &p.commands[i].command;
        let stack = self.env.limits.max_stack_bytes;
        let budget = sandsh_runtime::meter::current();
        scope
            .spawn(move || {
                let _metered = sandsh_runtime::meter::enter(budget);
                let _slot = slot;
                let mut sub = sub;
                sandsh_runtime::stack::run_on_new_stack(stack, || sub.run_stage(cmd))
            })
            .map_err(|_| 1)
    }

    /// Run the stages in order on this thread until one would block; then the rest start on
    /// pooled threads while it waits (without threads, they run nested under it instead:
    /// `sandsh_runtime::stages`). Returns every stage's status.
    fn run_stages(&self, p: &Pipeline, ends: Vec<StageEnds>) -> Vec<i32> {
        let n = p.commands.len();
        let order = InOrder {
            p,
            end: n,
            ends: std::cell::RefCell::new(ends),
            next: std::cell::Cell::new(0),
            statuses: std::cell::RefCell::new(vec![0; n]),
        };
        if sandsh_runtime::stages::threadless() {
            // Each stage defers the rest as a nested run of this loop (`run_in_order`).
            self.run_in_order(&order, &|| {});
            return order.statuses.into_inner();
        }
        sandsh_runtime::stages::scope(|scope| {
            let launched = std::cell::RefCell::new(Vec::new());
            let launch = || {
                for i in order.next.replace(n)..n {
                    let e = std::mem::take(&mut order.ends.borrow_mut()[i]);
                    match self.launch_stage(scope, p, i, e) {
                        Ok(h) => launched.borrow_mut().push((i, h)),
                        Err(s) => order.statuses.borrow_mut()[i] = s,
                    }
                }
            };
            self.run_in_order(&order, &launch);
            for (i, h) in launched.take() {
                order.statuses.borrow_mut()[i] = h.join().unwrap_or(1);
            }
        });
        order.statuses.into_inner()
    }

    /// Run the stages of `order` not started yet, one after the other on this thread, each with
    /// `launch` deferred for the rest. Without threads `launch` is this same loop, nested: the
    /// stages after a blocked one run on its stack, each deferring the ones after it in turn.
    fn run_in_order(&self, order: &InOrder<'_>, launch: &dyn Fn()) {
        let n = order.end;
        while order.next.get() < n {
            let i = order.next.get();
            order.next.set(i + 1);
            let e = std::mem::take(&mut order.ends.borrow_mut()[i]);
            let mut sub = self.stage_shell(order.p, i, e);
            let cmd = &order.p.commands[i].command;
            let nested = || self.run_in_order(order, launch);
            let launch: &dyn Fn() = if sandsh_runtime::stages::threadless() {
                &nested
            } else {
                launch
            };
            // A stage that panics ends with status 1 and the pipeline goes on, as when it
            // ran on a thread of its own (THREAT MAL-PANIC-1).
            let s = sandsh_runtime::stages::deferring(launch, || {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sub.run_stage(cmd)))
            })
            .unwrap_or(1);
            // Its ends close here: the next stage sees end-of-file.
            drop(sub);
            order.statuses.borrow_mut()[i] = s;
        }
    }

    /// `lastpipe`'s last stage, in this shell, reading `last_in`: its status into the last of
    /// `statuses`, or how it left the shell into `flow`.
    fn run_last_here(
        &mut self,
        p: &Pipeline,
        last_in: Option<io::Fd>,
        statuses: &mut [i32],
        flow: &mut Option<Flow>,
    ) {
        let saved = self.fds.clone();
        self.fds.set(0, last_in);
        match self.exec_command(&p.commands[statuses.len() - 1].command) {
            Ok(s) => statuses[statuses.len() - 1] = s,
            Err(e) => *flow = Some(e),
        }
        self.fds = saved;
    }

    /// `lastpipe`: the stages but the last start on pooled threads, the last runs here, in
    /// this shell. Every stage's status, and how the last one left this shell, if not normally.
    fn run_stages_lastpipe(
        &mut self,
        p: &Pipeline,
        mut ends: Vec<StageEnds>,
    ) -> (Vec<i32>, Option<Flow>) {
        let n = p.commands.len();
        let mut statuses = vec![0; n];
        let (last_in, _) = ends.pop().unwrap_or_default();
        let mut flow = None;
        if sandsh_runtime::stages::threadless() {
            // The others in order first, then the last here: it reads what they left in its pipe.
            let order = InOrder {
                p,
                end: n - 1,
                ends: std::cell::RefCell::new(ends),
                next: std::cell::Cell::new(0),
                statuses: std::cell::RefCell::new(vec![0; n]),
            };
            self.run_in_order(&order, &|| {});
            statuses = order.statuses.into_inner();
            self.run_last_here(p, last_in, &mut statuses, &mut flow);
            return (statuses, flow);
        }
        sandsh_runtime::stages::scope(|scope| {
            let mut launched = Vec::with_capacity(n - 1);
            for (i, e) in ends.into_iter().enumerate() {
                match self.launch_stage(scope, p, i, e) {
                    Ok(h) => launched.push((i, h)),
                    Err(s) => statuses[i] = s,
                }
            }
            self.run_last_here(p, last_in, &mut statuses, &mut flow);
            for (i, h) in launched {
                statuses[i] = h.join().unwrap_or(1);
            }
        });
        (statuses, flow)
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
            Err(f) => f.status(self.last_status),
        };
        self.last_status = s;
        self.run_exit_trap();
        self.last_status
    }

    /// The file a function defined now belongs to, as bash names it for `declare -F` under
    /// extdebug: the file being sourced or run, `main` for standard input, `environment`
    /// for `-c`.
    fn definition_file(&self) -> Arc<str> {
        match self.source_stack.last() {
            Some(f) => Arc::from(f.as_str()),
            None if self.input_flag == Some('c') => Arc::from("environment"),
            None if self.input_flag.is_none() => Arc::from(self.err_name.as_str()),
            None => Arc::from("main"),
        }
    }

    pub fn exec_command(&mut self, cmd: &Command) -> Res<i32> {
        self.check_cancel()?;
        self.check_stack()?;
        self.trace_delivered()?;
        if cmd.line > 0 {
            self.lineno = cmd.line;
        }
        if self.opts.xtrace {
            self.expand_ps4();
        }
        match &cmd.kind {
            CommandKind::Simple(sc) => self.exec_simple(sc, cmd),
            CommandKind::FunctionDef { name, body } => {
                // The parser keeps the source text of a name that is no plain word: bash refuses
                // one with an expansion or quoting when the definition runs.
                if name.contains(['$', '\'', '"', '\\']) {
                    self.error(&format!("`{name}': not a valid identifier"));
                    self.last_status = 1;
                    return Ok(1);
                }
                if self
                    .funcs
                    .get(name)
                    .is_some_and(|_| self.readonly_funcs.contains(name))
                {
                    self.error(&format!("{name}: readonly function"));
                    return Ok(1);
                }
                // In posix mode a special builtin cannot be redefined; the shell exits (bash).
                if self.opts.posix && super::builtins::is_special(name) {
                    self.error(&format!("`{name}': is a special builtin"));
                    return Err(Flow::Exit(2));
                }
                self.funcs.insert(name.clone(), Arc::new((**body).clone()));
                let origin = self.definition_file();
                self.func_origins.insert(name.clone(), (cmd.line, origin));
                self.last_status = 0;
                Ok(0)
            }
            _ => {
                if cmd.redirects.is_empty() {
                    let s = self.exec_compound(cmd)?;
                    self.last_status = s;
                    return Ok(s);
                }
                let timed = match cmd.kind {
                    CommandKind::Subshell(_) => self.time_in_redirects.take(),
                    _ => None,
                };
                let saved = self.fds.clone();
                let r = match self.apply_redirects(&cmd.redirects) {
                    Ok(()) => self.exec_compound(cmd),
                    Err(s) => self.compound_redirect_failed(s),
                };
                if let Some((fmt, start)) = timed {
                    self.report_time(fmt, start);
                }
                self.restore_fds(saved, &cmd.redirects);
                self.close_moved_sources(&cmd.redirects);
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
                sub.jobs.inherited.clear();
                // `( continue )` in a loop: the subshell has no loop to continue.
                sub.loop_depth = 0;
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
            CommandKind::While { cond, body, until } => self.exec_while(cond, body, *until),
            CommandKind::For { var, words, body } => self.exec_for(var, words.as_deref(), body),
            CommandKind::ArithFor {
                init,
                cond,
                step,
                body,
            } => self.exec_arith_for(init.as_ref(), cond.as_ref(), step.as_ref(), body),
            CommandKind::Case { word, arms } => {
                let subject = self.expand_string(word)?;
                if self.opts.xtrace {
                    let line = format!("+ case {} in\n", super::print::word_src(word));
                    self.write_xtrace(line.as_bytes());
                }
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
            CommandKind::Select { var, words, body } => {
                self.exec_select(var, words.as_deref(), body)
            }
            CommandKind::Arith(w) => {
                let saved = std::mem::replace(&mut self.arith_prefix, "((: ");
                let r = if self.opts.xtrace {
                    match self.expand_string(w) {
                        Ok(t) => {
                            let line = format!("+ (( {} ))\n", String::from_utf8_lossy(&t));
                            self.write_fd(2, line.as_bytes());
                            self.eval_arith_text(&t)
                        }
                        Err(e) => Err(e),
                    }
                } else {
                    self.eval_arith_word(w)
                };
                self.arith_prefix = saved;
                match r {
                    Ok(v) => Ok((v == 0) as i32),
                    Err(Flow::Discard(1)) => Ok(1),
                    Err(e) => Err(e),
                }
            }
            CommandKind::Cond(e) => match self.eval_cond(e) {
                Ok(true) => Ok(0),
                Ok(false) => Ok(1),
                Err(Flow::Exit(2)) => Ok(2),
                // An arithmetic error in `-eq` and friends: bash's message, status 1.
                Err(Flow::Discard(1)) => Ok(1),
                Err(e) => Err(e),
            },
            CommandKind::Simple(_) | CommandKind::FunctionDef { .. } => Ok(0),
        }
    }
}

/// bash's report of a syntax error in `src` (whose lines are numbered from `base + 1`): the
/// message, then for an unexpected token the offending line, each after `PREFIX: line N:`.
fn syntax_error_text(prefix: &str, e: &ParseError, src: &str, base: u32, eval: bool) -> String {
    let mut msg = format!("{prefix}: line {}: {}\n", eof_line(e, src, eval), e.message);
    if !e.incomplete
        && !e.in_conditional
        && let Some(line) = src
            .lines()
            .nth((e.line.saturating_sub(base) as usize).saturating_sub(1))
    {
        msg.push_str(&format!("{prefix}: line {}: `{}'\n", e.line, line.trim()));
    }
    msg
}

/// The line bash gives "unexpected end of file" (other errors keep theirs): the line after the
/// text's last newline, counting one `eval` adds to its text and one a script or `-c` string
/// lacks at its end (`bash -c 'if'` and `eval 'if true'` are at line 2).
fn eof_line(e: &ParseError, src: &str, eval: bool) -> u32 {
    if e.message != "syntax error: unexpected end of file" {
        return e.line;
    }
    if eval || !src.ends_with('\n') {
        e.line + 1
    } else {
        e.line
    }
}
