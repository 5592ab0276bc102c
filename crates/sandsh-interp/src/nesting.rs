//! A nested shell (`bash -c …`, `sh script`) is another process in bash: its own `$$`, and a
//! signal it sends to an enclosing shell's pid reaches that shell (whose trap runs once the
//! nested shell has returned, as bash runs a trap after the foreground child exits).
//!
//! Starting one is here too: [`Shell::run_child_shell`] with its [`ChildStart`], which the
//! dispatcher (a script file) and the `bash` builtin use.

use super::{SHELL_PID, Shell};

/// Where a shell sits among nested shells.
#[derive(Clone)]
pub struct Nesting {
    /// `$$`: the pid of this shell (not of a subshell, which keeps its parent's).
    pub top_pid: u32,
    /// The `$$` of each enclosing shell, outermost first.
    ancestors: Vec<u32>,
    /// Signals sent to an enclosing shell, delivered when this one returns.
    outgoing: Vec<(u32, String)>,
}

impl Default for Nesting {
    fn default() -> Self {
        Nesting {
            top_pid: SHELL_PID,
            ancestors: Vec::new(),
            outgoing: Vec::new(),
        }
    }
}

impl Shell {
    /// Set up `child` as a shell nested in this one.
    pub(super) fn nest(&self, child: &mut Shell) {
        let mut ancestors = self.nesting.ancestors.clone();
        ancestors.push(self.nesting.top_pid);
        child.nesting = Nesting {
            top_pid: child.pid,
            ancestors,
            outgoing: Vec::new(),
        };
    }

    /// `kill -SIG pid` where `pid` is an enclosing shell's `$$`: queue it and say so.
    pub(super) fn signal_ancestor(&mut self, pid: u32, sig: &str) -> bool {
        if !self.nesting.ancestors.contains(&pid) {
            return false;
        }
        if self.nesting.outgoing.len() < 1024 {
            self.nesting.outgoing.push((pid, sig.to_string()));
        }
        true
    }

    /// A nested shell has returned: take the signals it sent to this shell (or further out).
    pub(super) fn receive_from(&mut self, child: &mut Shell) {
        for (pid, sig) in std::mem::take(&mut child.nesting.outgoing) {
            if pid == self.nesting.top_pid {
                self.pending_signals.push(sig);
            } else if self.nesting.outgoing.len() < 1024 {
                self.nesting.outgoing.push((pid, sig));
            }
        }
    }
}

impl Shell {
    /// Run a script in a fresh child shell (`bash file`, `./script`, `bash -c`): only exported
    /// variables cross over, as with a real new process.
    pub fn run_child_shell(
        &mut self,
        src: &str,
        arg0: Vec<u8>,
        args: Vec<Vec<u8>>,
        err_name: &str,
        start: ChildStart,
    ) -> i32 {
        let ChildStart {
            opts,
            dash_c,
            interactive,
        } = start;
        let mut child = Shell::new(self.env.clone(), self.cwd.clone(), self.cancel.clone());
        child.fds = self.fds.clone();
        child.pid = self.env.alloc_pid();
        self.nest(&mut child);
        child.umask = self.umask;
        for (k, v) in self.vars.exported() {
            child.set_exported(&k, v);
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
            child.sync_option_vars();
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
        if dash_c {
            child.set_execution_string(src);
        } else {
            child.source_file = Some(err_name.to_string());
        }
        if interactive {
            child.start_interactive();
        }
        let status = match child.run_script(src) {
            Ok(s) => s,
            Err(f) => f.status(child.last_status),
        };
        child.last_status = status;
        child.run_exit_trap();
        self.receive_from(&mut child);
        child.last_status
    }

    /// What a shell started with `-i` turns on: line editing (emacs), history and history
    /// expansion, and `HISTFILE` (no startup file is read, no history is kept).
    fn start_interactive(&mut self) {
        self.interactive_shell = true;
        for name in ["emacs", "history", "histexpand"] {
            self.opts.set(super::options::OptKind::SetO, name, true);
        }
        if !self.vars.is_set("HISTFILE") {
            let mut file = self.vars.get_str("HOME").unwrap_or(b"").to_vec();
            file.extend_from_slice(b"/.bash_history");
            let _ = self.vars.set_str("HISTFILE", file);
        }
        self.sync_option_vars();
    }
}

/// How a child shell starts: its options (`bash -e …`; `None`: the defaults), whether it runs
/// a `-c` string, whether it is interactive (`-i`).
#[derive(Default)]
pub struct ChildStart {
    pub opts: Option<super::Options>,
    pub dash_c: bool,
    pub interactive: bool,
}
