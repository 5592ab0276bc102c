//! Command substitution `$(…)` (with `$(< file)` read directly) and process substitution
//! `<(…)`/`>(…)`: running a list in a subshell and taking what it writes.

use std::sync::Arc;

use sandsh_syntax::ast::Word;

use crate::io::{self, Capture};
use crate::{Limit, Res, Shell};

impl Shell {
    /// Run `$(…)` and return its output without trailing newlines.
    pub fn command_subst(&mut self, list: &sandsh_syntax::ast::List) -> Res<Vec<u8>> {
        if self.subst_depth >= self.env.limits.max_subst_depth {
            return Err(self.trip_limit(Limit::SubstDepth));
        }
        if let Some(target) = read_only_redirect(list) {
            let name = self.expand_string(target)?;
            let name = String::from_utf8_lossy(&name).into_owned();
            let data = match self.open_path(&name, super::redirect::OpenMode::Read) {
                Ok(fd) => io::read_to_end(&*fd, &self.cancel).unwrap_or_default(),
                Err(msg) => {
                    self.error(&msg);
                    self.last_status = 1;
                    self.subst_status = Some(1);
                    return Ok(Vec::new());
                }
            };
            let mut out = data;
            while out.last() == Some(&b'\n') {
                out.pop();
            }
            self.last_status = 0;
            self.subst_status = Some(0);
            return Ok(out);
        }
        let env = self.env.clone();
        let cap = Capture::strict(
            self.env.limits.max_output_bytes,
            &self.env.memory,
            Box::new(move || env.trip(env.limits.exceeded(Limit::OutputBytes))),
        );
        let mut sub = self.subshell();
        sub.subst_depth += 1;
        if !sub.opts.inherit_errexit {
            sub.opts.errexit = false;
        }
        sub.fds.set(1, Some(cap.clone() as io::Fd));
        let status = sub.run_subshell_list(list);
        drop(sub);
        self.last_status = status;
        self.subst_status = Some(status);
        let mut out = cap.take();
        if out.contains(&0) {
            self.error("warning: command substitution: ignored null byte in input");
            out.retain(|b| *b != 0);
        }
        while out.last() == Some(&b'\n') {
            out.pop();
        }
        Ok(out)
    }

    /// Start a process substitution; returns the `/dev/fd/N` path.
    pub(super) fn process_subst(
        &mut self,
        list: &sandsh_syntax::ast::List,
        output: bool,
    ) -> Res<Vec<u8>> {
        let (r, w) = io::pipe(self.cancel.clone(), self.env.limits.pipe_buffer_bytes);
        let mut sub = self.subshell();
        // One level of indirection, as a command substitution: its trace lines are `++ cmd`.
        sub.subst_depth += 1;
        let list = Arc::new(list.clone());
        let (mine, theirs) = if output { (w, r) } else { (r, w) };
        sub.fds.set(if output { 0 } else { 1 }, Some(theirs));
        // As bash: the highest free descriptor from 63 down (63, 62, …).
        let fd = (10..=63)
            .rev()
            .find(|&n| self.fds.get(n).is_none())
            .unwrap_or_else(|| self.fds.free_from(64));
        self.fds.set(fd, Some(mine));
        self.procsubst_fds.push(fd);
        let text = super::print::list_src(&list);
        self.spawn_background(sub, text, move |sh| sh.run_subshell_list(&list))?;
        Ok(format!("/dev/fd/{fd}").into_bytes())
    }
}
/// `$(< file)`: the list is one command made only of an input redirection.
fn read_only_redirect(list: &sandsh_syntax::ast::List) -> Option<&Word> {
    use sandsh_syntax::ast::{CommandKind, RedirFd, RedirOp};
    let [item] = list.items.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    let p = &item.and_or.first;
    if p.negated || p.timed.is_some() || p.commands.len() != 1 {
        return None;
    }
    let cmd = &p.commands[0].command;
    let CommandKind::Simple(sc) = &cmd.kind else {
        return None;
    };
    if !sc.words.is_empty() || !sc.assigns.is_empty() {
        return None;
    }
    match cmd.redirects.as_slice() {
        [r] if r.op == RedirOp::Read && matches!(r.fd, RedirFd::Default | RedirFd::Number(0)) => {
            Some(&r.target)
        }
        _ => None,
    }
}
