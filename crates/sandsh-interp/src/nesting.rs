//! A nested shell (`bash -c …`, `sh script`) is another process in bash: its own `$$`, and a
//! signal it sends to an enclosing shell's pid reaches that shell (whose trap runs once the
//! nested shell has returned, as bash runs a trap after the foreground child exits).

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
