//! Loops: `while`/`until`, `for`, C-style `for`, `select`. Every iteration counts against the
//! loop limits and checks cancellation; `break N` / `continue N` unwind through `Flow`.

use sandsh_syntax::ast::{List, Word, WordPart};

use super::{Flow, Limit, Res, Shell};

/// What a loop does after its body ran.
enum Next {
    Iterate,
    Stop,
}

impl Shell {
    /// Run a loop body: `Iterate` on normal end or `continue`, `Stop` on `break`; outer
    /// levels of `break N`/`continue N` propagate.
    fn loop_body(&mut self, body: &List, status: &mut i32) -> Res<Next> {
        match self.exec_list(body) {
            Ok(s) => {
                *status = s;
                Ok(Next::Iterate)
            }
            Err(Flow::Break(n)) if n > 1 => Err(Flow::Break(n - 1)),
            Err(Flow::Break(_)) => {
                *status = 0;
                Ok(Next::Stop)
            }
            Err(Flow::Continue(n)) if n > 1 => Err(Flow::Continue(n - 1)),
            Err(Flow::Continue(_)) => {
                *status = 0;
                Ok(Next::Iterate)
            }
            Err(e) => Err(e),
        }
    }

    /// Run `f` with the loop depth raised (for `break`/`continue` validity).
    fn in_loop(&mut self, f: impl FnOnce(&mut Shell) -> Res<i32>) -> Res<i32> {
        self.loop_depth += 1;
        let r = f(self);
        self.loop_depth -= 1;
        r
    }

    pub(super) fn count_iteration(&mut self, iters: &mut u64) -> Res<()> {
        self.check_cancel()?;
        *iters += 1;
        let lim = &self.env.limits;
        if *iters > lim.max_loop_iterations {
            return Err(self.trip_limit(Limit::LoopIterations));
        }
        let total = self
            .env
            .loop_iterations
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if total >= lim.max_total_loop_iterations {
            return Err(self.trip_limit(Limit::TotalLoopIterations));
        }
        Ok(())
    }

    pub(super) fn exec_while(&mut self, cond: &List, body: &List, until: bool) -> Res<i32> {
        self.in_loop(|sh| {
            let mut status = 0;
            let mut iters = 0;
            loop {
                sh.count_iteration(&mut iters)?;
                sh.errexit_suppressed += 1;
                let c = sh.exec_list(cond);
                sh.errexit_suppressed -= 1;
                let c = match c {
                    Ok(c) => c,
                    Err(Flow::Break(n)) if n > 1 => return Err(Flow::Break(n - 1)),
                    Err(Flow::Break(_)) => break,
                    Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                    Err(Flow::Continue(_)) => continue,
                    Err(e) => return Err(e),
                };
                if (c == 0) == until {
                    break;
                }
                if let Next::Stop = sh.loop_body(body, &mut status)? {
                    break;
                }
            }
            Ok(status)
        })
    }

    pub(super) fn exec_for(&mut self, var: &str, words: Option<&[Word]>, body: &List) -> Res<i32> {
        if !super::param::is_name(var) {
            self.error(&format!("`{var}': not a valid identifier"));
            return Ok(1);
        }
        let items = match words {
            Some(w) => self.expand_words(w)?,
            None => self.positional.clone(),
        };
        // `set -x` shows the loop's words as written before each iteration, as bash does.
        let trace = self.opts.xtrace.then(|| {
            let list = match words {
                Some(w) => w
                    .iter()
                    .map(super::print::word_src)
                    .collect::<Vec<_>>()
                    .join(" "),
                None => "\"$@\"".to_string(),
            };
            format!("+ for {var} in {list}\n").into_bytes()
        });
        self.in_loop(|sh| {
            let mut status = 0;
            let mut iters = 0;
            for item in items {
                if let Some(t) = &trace
                    && sh.opts.xtrace
                {
                    sh.write_xtrace(t);
                }
                sh.count_iteration(&mut iters)?;
                sh.set_var(var, item)?;
                if let Next::Stop = sh.loop_body(body, &mut status)? {
                    break;
                }
            }
            Ok(status)
        })
    }

    pub(super) fn exec_arith_for(
        &mut self,
        init: Option<&Word>,
        cond: Option<&Word>,
        step: Option<&Word>,
        body: &List,
    ) -> Res<i32> {
        if let Err(s) = self.for_section(|sh| sh.arith_for_part(init, false))? {
            return Ok(s);
        }
        // `$LINENO` in the condition and the step is the loop's line, not the body's (bash).
        let line = self.lineno;
        self.in_loop(|sh| {
            let mut status = 0;
            let mut iters = 0;
            loop {
                sh.count_iteration(&mut iters)?;
                sh.lineno = line;
                match sh.for_section(|sh| sh.arith_for_part(cond, true))? {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(s) => return Ok(s),
                }
                if let Next::Stop = sh.loop_body(body, &mut status)? {
                    break;
                }
                sh.lineno = line;
                if let Err(s) = sh.for_section(|sh| sh.arith_for_part(step, false))? {
                    return Ok(s);
                }
            }
            Ok(status)
        })
    }

    /// One section of `for ((…))`: whether it is true (a blank condition is). Under `set -x`
    /// bash traces each section it evaluates as `(( i<2 ))`, expanded, without its leading
    /// blanks, and an empty one as `(( 1 ))`.
    fn arith_for_part(&mut self, w: Option<&Word>, cond: bool) -> Res<bool> {
        if !self.opts.xtrace {
            return match w {
                None => Ok(true),
                Some(w) if cond => self.arith_for_cond(w),
                Some(w) => self.eval_arith_word(w).map(|_| true),
            };
        }
        let text = match w {
            Some(w) => self.expand_string(w)?,
            None => Vec::new(),
        };
        let start = text
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(text.len());
        let text = if start == text.len() {
            b"1"
        } else {
            &text[start..]
        };
        let mut line = b"+ (( ".to_vec();
        line.extend_from_slice(text);
        line.extend_from_slice(b" ))\n");
        self.write_xtrace(&line);
        Ok(self.eval_arith_text(text)? != 0 || !cond)
    }

    /// A section of `for ((…))`: an arithmetic error is reported as `((: …` and ends the loop
    /// with its status (`Err`), as `((` does, rather than abandoning the command line.
    fn for_section<T>(&mut self, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<Result<T, i32>> {
        let saved = std::mem::replace(&mut self.arith_prefix, "((: ");
        let r = f(self);
        self.arith_prefix = saved;
        match r {
            Ok(v) => Ok(Ok(v)),
            Err(Flow::Discard(s)) => Ok(Err(s)),
            Err(e) => Err(e),
        }
    }

    /// The condition of `for ((…; cond; …))`: true when blank, as in bash.
    fn arith_for_cond(&mut self, w: &Word) -> Res<bool> {
        let blank = |t: &[u8]| t.iter().all(|b| b.is_ascii_whitespace());
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return Ok(blank(s.as_bytes()) || self.eval_arith_str(s)? != 0);
        }
        let t = self.expand_string(w)?;
        Ok(blank(&t) || self.eval_arith_text(&t)? != 0)
    }

    pub(super) fn exec_select(
        &mut self,
        var: &str,
        words: Option<&[Word]>,
        body: &List,
    ) -> Res<i32> {
        let items = match words {
            Some(w) => self.expand_words(w)?,
            None => self.positional.clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        self.in_loop(|sh| {
            let mut status = 0;
            loop {
                sh.check_cancel()?;
                let mut menu = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    menu.extend_from_slice(format!("{}) ", i + 1).as_bytes());
                    menu.extend_from_slice(it);
                    menu.push(b'\n');
                }
                sh.write_fd(2, &menu);
                let ps3 = sh
                    .vars
                    .get_str("PS3")
                    .map(|s| s.to_vec())
                    .unwrap_or_else(|| b"#? ".to_vec());
                sh.write_fd(2, &ps3);
                let line = match sh.fds.get(0).cloned() {
                    Some(f) => sh.read_line_bounded(&*f, b'\n')?,
                    None => Vec::new(),
                };
                if line.is_empty() {
                    // bash ends the menu's prompt line on standard output at end of input.
                    sh.write_fd(1, b"\n");
                    return Ok(1);
                }
                let reply: Vec<u8> = line.strip_suffix(b"\n").unwrap_or(&line).to_vec();
                sh.set_var("REPLY", reply.clone())?;
                if reply.is_empty() {
                    continue;
                }
                let choice = String::from_utf8_lossy(&reply).trim().parse::<usize>().ok();
                let val = choice
                    .filter(|c| *c >= 1 && *c <= items.len())
                    .map(|c| items[c - 1].clone())
                    .unwrap_or_default();
                sh.set_var(var, val)?;
                if let Next::Stop = sh.loop_body(body, &mut status)? {
                    return Ok(status);
                }
            }
        })
    }
}
