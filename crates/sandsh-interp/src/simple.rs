//! Simple commands: expansion of words and assignments, xtrace, redirections, and dispatch to a
//! function, a builtin, a registered command or a script file (run in a child shell).

use sandsh_syntax::ast::{Assign, AssignValue, Command, SimpleCommand};

use super::expand::{ExpArg, ExpAssign, ExpValue};
use super::nesting::ChildStart;
use super::vars::{Attrs, Value, Var};
use super::{Flow, Frame, Limit, Res, Shell};

impl Shell {
    pub(super) fn exec_simple(&mut self, sc: &SimpleCommand, cmd: &Command) -> Res<i32> {
        let n = self
            .env
            .commands_run
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n >= self.env.limits.max_commands {
            return Err(self.trip_limit(Limit::Commands));
        }
        self.subst_status = None;
        // `BASH_COMMAND` is only read by traps, so it is kept up to date only while one is set
        // (an ERR or EXIT trap reports the failing or last command with it).
        if !self.in_trap && !self.traps.is_empty() {
            let text = super::print::simple_src(cmd);
            let _ = self.vars.set_str("BASH_COMMAND", text.into_bytes());
            if (self.frames.is_empty() || self.opts.functrace)
                && let Some(action) = self.traps.get("DEBUG").cloned()
            {
                self.run_trap_action(&action)?;
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
            // Assignments only (plus redirections), each expanded and made in turn, left to
            // right: `a=1 b=$a` sees the new `a`. There is no last argument: `$_` is empty.
            self.last_arg.clear();
            for a in &sc.assigns {
                let r = if let (None, false, false, AssignValue::Scalar(w)) =
                    (&a.index, a.append, self.opts.xtrace, &a.value)
                {
                    // `name=value`, the common case: straight to the variable.
                    let v = self.expand_assign_value(w)?;
                    self.set_var(&a.name, v)
                } else {
                    // bash traces a compound assignment before expanding it.
                    if self.opts.xtrace && matches!(a.value, AssignValue::Array(_)) {
                        self.xtrace_assign_stmt(a, b"");
                    }
                    let e = self.expand_assign(a)?;
                    if let (true, ExpValue::Scalar(v)) = (self.opts.xtrace, &e.value) {
                        self.xtrace_assign_stmt(a, v);
                    }
                    self.do_assign(e)
                };
                if let Err(f) = r {
                    // A readonly variable under errexit ends the shell (bash's report_error).
                    let fatal = self.opts.errexit
                        && self
                            .vars
                            .get(&a.name)
                            .is_some_and(|v| v.attrs.has(Attrs::READONLY));
                    return match f {
                        Flow::Exit(s) if !fatal => {
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
                self.restore_fds(saved, &cmd.redirects);
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
        let prefix = self.expand_prefix(&sc.assigns)?;
        if self.opts.xtrace {
            // bash traces each prefix assignment on its own line, then the command.
            for e in &prefix {
                self.xtrace_assign(e);
            }
            // A declaration builtin's compound assignment is traced on its own line first
            // (`+ A=('1' 'b c')`), and the command with the name alone (`+ declare -a A`).
            let mut shown: Vec<Vec<u8>> = Vec::new();
            for (i, a) in argv.iter().enumerate() {
                let array = decl_positions
                    .iter()
                    .position(|&p| p == i)
                    .map(|k| &decl_assigns[k])
                    .filter(|e| matches!(e.value, ExpValue::Array(_)));
                match array {
                    Some(e) if argv[0] != b"let" => {
                        self.xtrace_array_assign(e);
                        shown.push(e.name.clone().into_bytes());
                    }
                    _ => shown.push(super::pat::xtrace_quote(a)),
                }
            }
            let mut line = b"+".to_vec();
            for a in &shown {
                line.push(b' ');
                line.extend_from_slice(a);
            }
            line.push(b'\n');
            self.write_xtrace(&line);
            self.trace_delivered()?;
        }
        // `$_`: the last word; for `declare a=(1 2)`, the array's name (bash).
        self.last_arg = match decl_assigns.last() {
            Some(e)
                if decl_positions.last() == Some(&(argv.len().wrapping_sub(1)))
                    && matches!(e.value, super::expand::ExpValue::Array(_))
                    && argv.first().is_none_or(|c| c != b"let") =>
            {
                e.name.clone().into_bytes()
            }
            _ => argv.last().cloned().unwrap_or_default(),
        };
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
        let in_shell = saved_fds.is_some()
            && argv.first().is_some_and(|a| {
                let n = String::from_utf8_lossy(a);
                self.funcs.contains_key(n.as_ref()) || super::builtins::lookup(&n).is_some()
            });
        let r = self.dispatch(argv, prefix, decl_assigns, decl_positions);
        if let Some(saved) = saved_fds {
            if self.keep_redirects {
                self.keep_redirects = false;
            } else {
                self.restore_fds(saved, &cmd.redirects);
                if in_shell {
                    self.close_moved_sources(&cmd.redirects);
                }
            }
        }
        self.keep_redirects = false;
        self.close_procsubst();
        let s = r?;
        self.last_status = s;
        Ok(s)
    }

    /// Expand the prefix assignments of a command (`a=1 b=$a cmd`). Each one sees those
    /// before it, as in bash, so with more than one they are tried out in a scratch scope that
    /// is dropped again; `with_prefix` makes them for the command.
    fn expand_prefix(&mut self, assigns: &[Assign]) -> Res<Vec<ExpAssign>> {
        if assigns.len() < 2 {
            return assigns.iter().map(|a| self.expand_assign(a)).collect();
        }
        self.vars.push_temp_scope();
        self.temp_scopes += 1;
        let mut out = Vec::with_capacity(assigns.len());
        let mut result = Ok(());
        for a in assigns {
            let e = match self.expand_assign(a) {
                Ok(e) => e,
                Err(f) => {
                    result = Err(f);
                    break;
                }
            };
            // A readonly variable fails in `with_prefix`, with its message; not twice.
            let readonly = self
                .vars
                .get(&e.name)
                .is_some_and(|v| v.attrs.has(Attrs::READONLY));
            if !readonly && let Err(f) = self.temp_assign(e.clone(), false) {
                result = Err(f);
                break;
            }
            out.push(e);
        }
        self.temp_scopes -= 1;
        self.vars.pop_scope();
        result.map(|()| out)
    }

    /// `set -x` line of an assignment statement: bash shows the subscript and an array's
    /// elements as written (`M["$x"]=1`, `A+=("$x")`), a scalar `value` expanded and quoted.
    fn xtrace_assign_stmt(&self, a: &Assign, value: &[u8]) {
        let mut line = b"+ ".to_vec();
        if let AssignValue::Array(_) = a.value {
            line.extend_from_slice(sandsh_syntax::print::assign_src(a).as_bytes());
        } else {
            line.extend_from_slice(a.name.as_bytes());
            if let Some(i) = &a.index {
                line.push(b'[');
                line.extend_from_slice(sandsh_syntax::print::word_src(i).as_bytes());
                line.push(b']');
            }
            line.extend_from_slice(if a.append { b"+=" } else { b"=" });
            if !value.is_empty() {
                line.extend(super::pat::xtrace_quote(value));
            }
        }
        line.push(b'\n');
        self.write_xtrace(&line);
    }

    /// `set -x` line of a declaration builtin's compound assignment, each key and value in
    /// single quotes: `+ M=(['k']='v' 'x')`.
    fn xtrace_array_assign(&self, e: &ExpAssign) {
        let ExpValue::Array(items) = &e.value else {
            return;
        };
        let quote = |out: &mut Vec<u8>, s: &[u8]| {
            out.extend(sandsh_text::quote::plain_single_quote(s));
        };
        let mut line = b"+ ".to_vec();
        line.extend_from_slice(e.name.as_bytes());
        line.extend_from_slice(if e.append { b"+=(" } else { b"=(" });
        for (i, (key, value, append)) in items.iter().enumerate() {
            if i > 0 {
                line.push(b' ');
            }
            if let Some(k) = key {
                line.push(b'[');
                quote(&mut line, k);
                line.extend_from_slice(if *append { b"]+=" } else { b"]=" });
            }
            quote(&mut line, value);
        }
        line.extend_from_slice(b")\n");
        self.write_xtrace(&line);
    }

    /// `set -x` line of one assignment: `+ name='value'`.
    pub(super) fn xtrace_assign(&self, e: &ExpAssign) {
        let mut line = b"+ ".to_vec();
        line.extend(e.to_xtrace());
        line.push(b'\n');
        self.write_xtrace(&line);
    }

    /// One `set -x` line (`line` starts with `+ `, which becomes PS4 at the current level).
    pub(super) fn write_xtrace(&self, line: &[u8]) {
        let ps4 = match &self.ps4_expanded {
            Some(p) => p.clone(),
            None => self
                .vars
                .get_str("PS4")
                .map(|s| s.to_vec())
                .unwrap_or_else(|| b"+ ".to_vec()),
        };
        // The first character repeats once per level of command substitution (`++ cmd`).
        let mut out = Vec::with_capacity(ps4.len() + self.subst_depth);
        if let Some(&c) = ps4.first() {
            out.extend(std::iter::repeat_n(c, self.subst_depth));
        }
        out.extend_from_slice(&ps4);
        out.extend_from_slice(
            line.strip_prefix(b"+ ")
                .unwrap_or(line.strip_prefix(b"+").unwrap_or(line)),
        );
        if let Some(f) = self.fds.get(2)
            && let Err(e) = super::io::write_all(&**f, &out)
            && e.kind() == std::io::ErrorKind::BrokenPipe
        {
            self.trace_pipe_gone.set(true);
        }
    }

    /// After a `set -x` trace: `Exit(141)` when it hit a broken pipe, as SIGPIPE ends bash.
    pub(super) fn trace_delivered(&self) -> Res<()> {
        if self.trace_pipe_gone.get() {
            return Err(Flow::Exit(141));
        }
        Ok(())
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
        // In posix mode a special builtin is found before a function of the same name (bash).
        let special = super::builtins::is_special(&name);
        if !(special && self.opts.posix)
            && let Some(body) = self.funcs.get(&name).cloned()
        {
            // The arguments move into the function's positional parameters (no copies).
            let args: Vec<Vec<u8>> = argv.into_iter().skip(1).collect();
            return self.with_prefix(prefix, true, |sh| sh.call_function(name, &body, args));
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
            if special && !prefix.is_empty() {
                return self.run_special(&name, prefix, |sh| b(sh, &argv, &decl, &decl_pos));
            }
            return self.with_prefix(prefix, true, |sh| b(sh, &argv, &decl, &decl_pos));
        }
        self.with_prefix(prefix, true, |sh| sh.run_external(&argv))
    }

    /// Run a special builtin with prefix assignments, as bash does. `eval`, `.`/`source` and
    /// `unset` see them in a scope of their own (so `x=1 unset x` unsets only that `x`); `exec`
    /// passes them to the program it runs. Otherwise they last only for the builtin, except in
    /// posix mode, where they persist (for `eval`, `.` and `unset`: what is left of them).
    fn run_special(
        &mut self,
        name: &str,
        prefix: Vec<ExpAssign>,
        f: impl FnOnce(&mut Shell) -> Res<i32>,
    ) -> Res<i32> {
        let scoped = matches!(name, "eval" | "." | "source" | "unset");
        if !self.opts.posix || scoped || name == "exec" {
            let keep = self.opts.posix && scoped;
            self.vars.push_temp_scope();
            let mut r = Ok(0);
            for a in prefix {
                if let Err(e) = self.temp_assign(a, true) {
                    r = Err(e);
                    break;
                }
            }
            if r.is_ok() {
                r = f(self);
            }
            let left = self.vars.pop_scope_vars();
            if keep {
                self.keep_temp_vars(left)?;
            }
            return r;
        }
        for a in prefix {
            self.do_assign(a)?;
        }
        f(self)
    }

    /// Assign what a posix-mode `eval`, `.` or `unset` left of its prefix assignments to the
    /// variables they hid, as ordinary assignments.
    fn keep_temp_vars(&mut self, vars: Vec<(String, Var)>) -> Res<()> {
        for (name, var) in vars {
            match var.value {
                Some(Value::Str(s)) => self.do_assign(ExpAssign {
                    name,
                    index: None,
                    append: false,
                    value: super::expand::ExpValue::Scalar(s),
                })?,
                Some(v) => {
                    if let Err(e) = self.vars.set_value(&name, v) {
                        self.error(&e.to_string());
                    }
                }
                None => {}
            }
        }
        Ok(())
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
        self.vars.push_temp_scope();
        self.temp_scopes += 1;
        let mut err = None;
        for a in prefix {
            if let Err(e) = self.temp_assign(a, export) {
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

    /// Make the temporary variable of a prefix assignment (`x=1 cmd`) in the innermost scope,
    /// as bash does: a plain variable (exported for commands) whatever the attributes of the
    /// variable it hides. `x=v` takes `v` as written (`declare -i n; n=5+1 cmd` sees `5+1`);
    /// `x+=v` appends to the current value under its attributes (`declare -i n=3; n+=4 cmd`
    /// sees 7); a readonly variable keeps its attribute, so the assignment fails.
    fn temp_assign(&mut self, a: ExpAssign, export: bool) -> Res<()> {
        let name = a.name.clone();
        let existing = self.vars.get(&name).cloned();
        let readonly = existing
            .as_ref()
            .is_some_and(|v| v.attrs.has(Attrs::READONLY));
        let var = self.vars.declare_top(&name);
        *var = match existing {
            Some(ex) if a.append || readonly => ex,
            _ => Var::new(),
        };
        match self.do_assign(a) {
            Ok(()) => {}
            // Outside posix mode bash reports the readonly variable and runs the command.
            Err(Flow::Discard(_)) if readonly && !self.opts.posix => return Ok(()),
            Err(f) => return Err(f),
        }
        if let Some(var) = self.vars.get_mut(&name) {
            let value = var
                .value
                .as_ref()
                .and_then(|v| v.scalar())
                .map(<[u8]>::to_vec);
            var.value = value.map(Value::Str);
            var.attrs = if export {
                Attrs::EXPORT
            } else {
                Attrs::empty()
            };
        }
        Ok(())
    }

    /// Call a shell function.
    pub fn call_function(&mut self, name: String, body: &Command, args: Vec<Vec<u8>>) -> Res<i32> {
        if self.frames.len() >= self.env.limits.max_function_depth {
            return Err(self.trip_limit(Limit::FunctionDepth));
        }
        let saved_pos = std::mem::replace(&mut self.positional, args);
        let saved_temp = std::mem::replace(&mut self.temp_scopes, 0);
        // A function body is outside its caller's loops: `break` there is an error (bash 5).
        let saved_loops = std::mem::replace(&mut self.loop_depth, 0);
        let call_line = self.lineno;
        // A function from the environment (exported into this shell) has bash's name for it.
        let file = self
            .func_origins
            .get(&name)
            .map_or_else(|| std::sync::Arc::from("environment"), |o| o.1.clone());
        self.trace.push(super::TraceLevel {
            name: name.clone(),
            file,
            call_line,
        });
        self.frames.push(Frame { name, call_line });
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
            let _ = self.run_trap_action(&action);
        }
        self.vars.pop_scope();
        self.frames.pop();
        self.trace.pop();
        self.temp_scopes = saved_temp;
        self.loop_depth = saved_loops;
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
    /// The path the program about to run was found at, for `_` in its environment (unless a
    /// command gave it its whole environment).
    fn set_command_path(&mut self, path: String) {
        if !std::mem::take(&mut self.explicit_env) {
            self.command_path = Some(path);
        }
    }

    pub fn run_external(&mut self, argv: &[Vec<u8>]) -> Res<i32> {
        let name = String::from_utf8_lossy(&argv[0]).into_owned();
        if !name.contains('/') {
            if !self.env.command_entries
                && let Some(cmd) = self.env.registry.get(&name)
            {
                self.set_command_path(format!("/usr/bin/{name}"));
                return Ok(self.run_registered(&cmd, &argv[1..]));
            }
            return match self.find_command(&name) {
                Some(found) => match &found.command {
                    Some(c) if self.entry_unchanged(&found) => {
                        self.set_command_path(found.shown.clone());
                        self.run_provided(c, argv)
                    }
                    _ => self.run_file_as(&found.path, argv, &found.shown),
                },
                None => {
                    let left_out = self.env.registry.left_out();
                    // With no PATH to search, bash looked in the current directory only.
                    if self.vars.get_str("PATH").is_none_or(<[u8]>::is_empty) {
                        self.error(&format!("{name}: No such file or directory"));
                    } else if let Some((_, why)) = left_out.iter().find(|(n, _)| *n == name) {
                        self.error(&format!("{name}: command not in this build: {why}"));
                    } else {
                        self.error(&format!("{name}: command not found"));
                    }
                    Ok(127)
                }
            };
        }
        let path = self.resolve(&name);
        self.run_file(&path, argv)
    }

    /// Run a command the kernel provides (its `/usr/bin` entry was run): a registered command,
    /// or a builtin Debian also ships as a program (`/usr/bin/test`).
    fn run_provided(&mut self, name: &str, argv: &[Vec<u8>]) -> Res<i32> {
        if let Some(cmd) = self.env.registry.get(name) {
            return Ok(self.run_registered(&cmd, &argv[1..]));
        }
        self.command_path = None;
        if let Some(b) = super::builtins::lookup(name) {
            return b(self, argv, &[], &[]);
        }
        self.error(&format!("{name}: command not found"));
        Ok(127)
    }

    /// Execute a file: scripts run in a nested shell (bash reads the shebang; so do we).
    fn run_file(&mut self, path: &std::path::Path, argv: &[Vec<u8>]) -> Res<i32> {
        let shown = String::from_utf8_lossy(&argv[0]).into_owned();
        self.run_file_as(path, argv, &shown)
    }

    /// [`Shell::run_file`], naming the file `shown` in errors (a `$PATH` location).
    fn run_file_as(&mut self, path: &std::path::Path, argv: &[Vec<u8>], shown: &str) -> Res<i32> {
        let meta = match self.env.backend.stat(path) {
            Ok(m) => m,
            Err(_) if name_too_long(shown) => {
                // execve's ENAMETOOLONG: a component over NAME_MAX or a path over PATH_MAX.
                self.error(&format!("{shown}: File name too long"));
                return Ok(126);
            }
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
        if let Some(c) = super::path::entry_command(path, &data) {
            // bash's `_` in the program's environment: the path it ran.
            self.set_command_path(shown.to_string());
            return self.run_provided(c, argv);
        }
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
                    args.push(shown.as_bytes().to_vec());
                    args.extend(argv[1..].iter().cloned());
                    self.set_command_path(shown.to_string());
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
            shown.as_bytes().to_vec(),
            argv[1..].to_vec(),
            shown,
            ChildStart::default(),
        ))
    }

    /// Resolve a path against the cwd.
    pub fn resolve(&self, p: &str) -> std::path::PathBuf {
        sandsh_vfs::join(&self.cwd, p)
    }
}

/// Whether Linux would refuse `path` with ENAMETOOLONG.
fn name_too_long(path: &str) -> bool {
    path.len() >= 4096 || path.split('/').any(|c| c.len() > 255)
}
