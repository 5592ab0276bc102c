//! Background jobs: `cmd &` runs on its own thread over a subshell; `$!`, `wait`, `jobs`, `kill`.
//!
//! A job started by the top-level shell is a *session job*: it outlives the run that started
//! it (until it ends, is waited for, is killed, or the kernel is dropped), its token descends
//! from [`JobsRoot`] rather than from the run's (so `Kernel::cancel` leaves it running), and its
//! threads are not the run's (`Env::run_threads`). Jobs started in subshells, `$(…)` and
//! process substitutions belong to the run and end with it.
//!
//! What a session job writes to the run's stdout/stderr after that run has ended goes to the
//! [`OutputRelay`]: into the output of the run in progress if there is one, else buffered
//! (bounded by `--max-output-bytes` per stream and charged to the memory budget) and delivered
//! at the start of the next run, as the output of a job of `bash -c` reaches the caller's
//! stdout after bash has returned.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use sandsh_syntax::ast::{AndOr, List, ListItem};

use super::cancel::CancelToken;
use super::signals::{signal_description, signal_number, signal_trap_name};
use super::{Flow, Res, Shell, io};

/// The root of the session jobs' cancellation tokens.
#[derive(Default)]
pub struct JobsRoot(Mutex<CancelToken>);

impl JobsRoot {
    /// A token for a new session job.
    pub fn child(&self) -> CancelToken {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).child()
    }

    /// Cancel every session job started so far; later jobs start afresh.
    pub fn cancel_all(&self) {
        let mut t = self.0.lock().unwrap_or_else(|e| e.into_inner());
        t.cancel();
        *t = CancelToken::new();
    }
}

/// Where session jobs' output goes once the run that started them has ended.
pub struct OutputRelay {
    limit: usize,
    state: Mutex<RelayState>,
}

struct RelayState {
    /// The stdout and stderr of the run in progress.
    current: Option<[io::Fd; 2]>,
    pending: [Vec<u8>; 2],
    truncated: [bool; 2],
    charge: sandsh_runtime::budget::Charge,
}

impl OutputRelay {
    pub fn new(limit: usize, memory: &Arc<sandsh_runtime::budget::MemoryBudget>) -> OutputRelay {
        OutputRelay {
            limit,
            state: Mutex::new(RelayState {
                current: None,
                pending: [Vec::new(), Vec::new()],
                truncated: [false; 2],
                charge: memory.charge(),
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, RelayState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The stream for stdout (`which` 0) or stderr (1).
    pub fn stream(self: &Arc<Self>, which: usize) -> io::Fd {
        Arc::new(RelayStream {
            relay: self.clone(),
            which: which.min(1),
        })
    }

    /// A run starts: what was buffered goes to its output first, and later writes go there.
    pub fn begin(&self, out: io::Fd, err: io::Fd) {
        let mut st = self.lock();
        for (k, fd) in [&out, &err].into_iter().enumerate() {
            let data = std::mem::take(&mut st.pending[k]);
            if !data.is_empty() {
                let _ = io::write_all(&**fd, &data);
            }
            if std::mem::take(&mut st.truncated[k]) {
                let what = if k == 0 { "stdout" } else { "stderr" };
                let note = format!(
                    "sandsh: background jobs' {what} truncated at {} bytes between runs; raise with --max-output-bytes\n",
                    self.limit
                );
                let _ = io::write_all(&*err, note.as_bytes());
            }
        }
        let _ = st.charge.set(0);
        st.current = Some([out, err]);
    }

    /// The run has ended: later writes are buffered.
    pub fn end(&self) {
        self.lock().current = None;
    }

    /// Take what is buffered (stdout, stderr), for a frontend that shows it between runs.
    pub fn take(&self) -> (Vec<u8>, Vec<u8>) {
        let mut st = self.lock();
        let out = std::mem::take(&mut st.pending[0]);
        let err = std::mem::take(&mut st.pending[1]);
        st.truncated = [false; 2];
        let _ = st.charge.set(0);
        (out, err)
    }
}

struct RelayStream {
    relay: Arc<OutputRelay>,
    which: usize,
}

impl io::Stream for RelayStream {
    fn write(&self, buf: &[u8]) -> std::io::Result<usize> {
        let mut st = self.relay.lock();
        if let Some(cur) = &st.current {
            let fd = cur[self.which].clone();
            drop(st);
            return fd.write(buf);
        }
        let k = self.which;
        let room = self.relay.limit.saturating_sub(st.pending[k].len());
        let n = room.min(buf.len());
        if n < buf.len() {
            st.truncated[k] = true;
        }
        if n > 0 {
            let total = st.pending[0].len() + st.pending[1].len() + n;
            if st.charge.set(total).is_err() {
                return Err(sandsh_api::Cancelled::io());
            }
            st.pending[k].extend_from_slice(&buf[..n]);
        }
        Ok(buf.len())
    }
}

/// What `Kernel::jobs` (in the `sandsh` crate) reports of one job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobInfo {
    /// The job number (`%1`).
    pub id: usize,
    /// The pid `$!` gave.
    pub pid: u32,
    /// The command line, as `jobs` shows it.
    pub command: String,
    pub state: JobState,
    /// The exit status once it has ended (128+N when killed by signal N).
    pub exit_code: Option<i32>,
}

/// Whether a job is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobState {
    Running,
    Done,
}

pub struct Job {
    pub id: usize,
    pub pid: u32,
    pub cmd: String,
    state: Mutex<Option<i32>>,
    cond: Condvar,
    pub cancel: CancelToken,
    /// Signal number that killed it (0: none).
    pub signal: AtomicI32,
    /// Already reported by `wait -n` / `wait`.
    pub reaped: std::sync::atomic::AtomicBool,
    /// The signals it ignores: those the shell ignored (`trap '' SIG`) when it started, and,
    /// started by a non-interactive shell, SIGINT and SIGQUIT (bash's asynchronous commands).
    pub ignored: Vec<i32>,
    /// A process substitution (`>(…)`, `<(…)`).
    pub procsub: bool,
}

impl Job {
    pub fn status(&self) -> Option<i32> {
        *self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wait for completion, waking on `cancel`. `None` when cancelled first.
    pub fn wait(&self, cancel: &CancelToken) -> Option<i32> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(s) = *st {
                return Some(s);
            }
            if cancel.is_cancelled() {
                return None;
            }
            st = self
                .cond
                .wait_timeout(st, Duration::from_millis(20))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The command as `jobs` shows it: with ` &` while running, without once ended.
    pub fn shown_cmd(&self) -> &str {
        if self.status().is_some() {
            self.cmd.strip_suffix(" &").unwrap_or(&self.cmd)
        } else {
            &self.cmd
        }
    }

    /// The state word of `jobs`: `Running`, `Done`, `Exit 3`, `Terminated`…
    pub fn state_text(&self) -> String {
        match self.status() {
            None => "Running".to_string(),
            Some(0) => "Done".to_string(),
            Some(s) => {
                let sig = self.signal.load(Ordering::Relaxed);
                if sig > 0 && s == 128 + sig {
                    signal_description(sig)
                } else {
                    format!("Exit {s}")
                }
            }
        }
    }

    /// One line of `jobs` (`pid`: with `-l`'s pid column).
    pub fn line(&self, mark: char, pid: bool) -> String {
        let state = self.state_text();
        let cmd = self.shown_cmd();
        if pid {
            format!("[{}]{mark} {:>5} {state:<24}{cmd}\n", self.id, self.pid)
        } else {
            format!("[{}]{mark}  {state:<24}{cmd}\n", self.id)
        }
    }

    fn finish(&self, status: i32) {
        let sig = self.signal.load(Ordering::Relaxed);
        let status = if sig > 0 { 128 + sig } else { status };
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = Some(status);
        self.cond.notify_all();
    }
}

#[derive(Clone, Default)]
pub struct JobTable {
    pub jobs: Vec<Arc<Job>>,
    /// The parent's jobs, which `jobs` lists in a command substitution or pipeline stage that
    /// has started none of its own (bash's `$(jobs -p)`, `jobs | …`); a `( … )` subshell and a
    /// job start without them.
    pub inherited: Vec<Arc<Job>>,
}

impl JobTable {
    /// `+` for the current job (the last), `-` for the previous one.
    pub fn mark(k: usize, n: usize) -> char {
        if k + 1 == n {
            '+'
        } else if k + 2 == n {
            '-'
        } else {
            ' '
        }
    }

    pub fn find_pid(&self, pid: u32) -> Option<Arc<Job>> {
        self.jobs.iter().find(|j| j.pid == pid).cloned()
    }

    pub fn find_spec(&self, spec: &str) -> Option<Arc<Job>> {
        let rest = spec.strip_prefix('%')?;
        match rest {
            "" | "%" | "+" => self.jobs.last().cloned(),
            "-" => {
                let n = self.jobs.len();
                if n >= 2 {
                    Some(self.jobs[n - 2].clone())
                } else {
                    self.jobs.last().cloned()
                }
            }
            _ => match rest.parse::<usize>() {
                Ok(id) => self.jobs.iter().find(|j| j.id == id).cloned(),
                Err(_) => self
                    .jobs
                    .iter()
                    .rev()
                    .find(|j| j.cmd.starts_with(rest))
                    .cloned(),
            },
        }
    }
}

impl Shell {
    pub fn spawn_job(&mut self, ao: &AndOr) -> Res<()> {
        let mut sub = self.subshell();
        sub.jobs.inherited.clear();
        if !self.opts.monitor {
            sub.fds.set(0, Some(Arc::new(io::Null)));
        }
        let list = List {
            items: vec![ListItem {
                and_or: ao.clone(),
                background: false,
            }],
        };
        let text = format!("{} &", super::print::list_src(&list));
        // The top-level shell's jobs are the session's; a subshell's end with it.
        let session = !self.is_subshell && !self.session_job;
        self.spawn_thread(sub, text, session, false, move |sh| {
            sh.run_subshell_list(&list)
        })?;
        if session
            && self.env.interactive.load(Ordering::Relaxed)
            && let Some(j) = self.jobs.jobs.last()
        {
            let line = format!("[{}] {}\n", j.id, j.pid);
            self.write_fd(2, line.as_bytes());
        }
        Ok(())
    }

    /// Run `f` on `sub` in a background thread registered as a job (`$!`, `wait`, `kill`).
    pub fn spawn_background(
        &mut self,
        sub: Shell,
        cmd: String,
        f: impl FnOnce(&mut Shell) -> i32 + Send + 'static,
    ) -> Res<()> {
        self.spawn_thread(sub, cmd, false, true, f)
    }

    /// The signals a job started now ignores (see [`Job::ignored`]).
    fn ignored_by_jobs(&self) -> Vec<i32> {
        let mut v: Vec<i32> = self
            .traps
            .iter()
            .filter(|(_, action)| action.is_empty())
            .filter_map(|(name, _)| signal_number(name))
            .collect();
        if !self.env.interactive.load(Ordering::Relaxed) {
            v.extend([2, 3]);
        }
        v
    }

    /// Give the process substitutions still running until `until` to finish on their own once
    /// the run has ended (their input closes with the run's descriptors): bash does not wait
    /// for them, but what they write still reaches its caller (`exec > >(tee log)`).
    pub fn drain_procsubs(&self, until: sandsh_runtime::time::Instant) {
        for j in self.jobs.jobs.iter().filter(|j| j.procsub) {
            while j.status().is_none()
                && sandsh_runtime::time::Instant::now() < until
                && !self.cancel.is_cancelled()
            {
                sandsh_runtime::time::sleep(Duration::from_millis(1));
            }
        }
    }

    /// Start a job; a `session` one outlives the run (see the module's notes).
    fn spawn_thread(
        &mut self,
        mut sub: Shell,
        cmd: String,
        session: bool,
        procsub: bool,
        f: impl FnOnce(&mut Shell) -> i32 + Send + 'static,
    ) -> Res<()> {
        let slot = if session {
            self.thread_slot_in(false)?
        } else {
            self.thread_slot()?
        };
        let cancel = if session {
            sub.session_job = true;
            self.env.jobs_root.child()
        } else {
            self.cancel.child()
        };
        sub.cancel = cancel.clone();
        let id = self.jobs.jobs.iter().map(|j| j.id).max().unwrap_or(0) + 1;
        let job = Arc::new(Job {
            id,
            pid: sub.pid,
            cmd,
            state: Mutex::new(None),
            cond: Condvar::new(),
            cancel,
            signal: AtomicI32::new(0),
            reaped: Default::default(),
            ignored: self.ignored_by_jobs(),
            procsub,
        });
        let j2 = job.clone();
        let stack = self.env.limits.max_stack_bytes;
        let budget = sandsh_runtime::meter::current();
        let run = move || {
            let _metered = sandsh_runtime::meter::enter(budget);
            let s = sandsh_runtime::stack::run_on_new_stack(stack, || {
                let s = f(&mut sub);
                drop(sub);
                s
            });
            // The slot is free before anyone waiting sees the job end (a `wait` then `&`
            // must find room).
            drop(slot);
            j2.finish(s);
        };
        let spawned = if sandsh_runtime::stages::threadless() {
            // Without threads (the browser build) a job runs to its end here, before the shell
            // goes on: as if it had finished at once (tests/spec/KNOWN_DIFFERENCES.md).
            run();
            Ok(())
        } else {
            std::thread::Builder::new()
                .stack_size(sandsh_runtime::stack::LAUNCH_STACK)
                .spawn(run)
                .map(drop)
        };
        if spawned.is_err() {
            self.error("fork: cannot start background job");
            return Err(Flow::Exit(1));
        }
        self.last_bg_pid = Some(job.pid);
        self.jobs.jobs.push(job);
        Ok(())
    }

    /// Wait for every job; returns the last one's status.
    pub fn wait_all(&mut self) -> Res<i32> {
        let jobs = self.jobs.jobs.clone();
        for j in &jobs {
            match j.wait(&self.cancel) {
                Some(s) => self.remember_job(j.pid, s),
                None => return Err(Flow::Exit(130)),
            }
        }
        self.jobs.jobs.clear();
        Ok(0)
    }

    /// What a non-interactive bash prints when it reaps a job killed by a signal other than
    /// INT, PIPE or TERM that the shell does not trap: `name: line N:  PID Hangup   cmd`.
    pub fn job_notice(&self, j: &Job) {
        let sig = j.signal.load(Ordering::Relaxed);
        if sig <= 0 || matches!(sig, 2 | 13 | 15) || j.status() != Some(128 + sig) {
            return;
        }
        let trapped = signal_trap_name(sig).is_some_and(|n| self.traps.contains_key(&n));
        if !trapped {
            let desc = signal_description(sig);
            self.error(&format!("{:>5} {desc:<24}{}", j.pid, j.shown_cmd()));
        }
    }

    /// Keep a waited-for job's status for a later `wait PID` (bounded, as bash's list of
    /// recent background pids is).
    pub fn remember_job(&mut self, pid: u32, status: i32) {
        if self.reaped.len() >= 4096 {
            let oldest = self.reaped.keys().min().copied();
            if let Some(p) = oldest {
                self.reaped.remove(&p);
            }
        }
        self.reaped.insert(pid, status);
    }

    /// The jobs as [`JobInfo`]s.
    pub fn job_infos(&self) -> Vec<JobInfo> {
        self.jobs
            .jobs
            .iter()
            .map(|j| {
                let exit_code = j.status();
                JobInfo {
                    id: j.id,
                    pid: j.pid,
                    command: j.shown_cmd().to_string(),
                    state: if exit_code.is_some() {
                        JobState::Done
                    } else {
                        JobState::Running
                    },
                    exit_code,
                }
            })
            .collect()
    }

    /// `ps`'s view: the shell, the running jobs (a pipeline stage or `$(…)` sees its
    /// parent's), and the asking command with the next pid.
    pub fn processes(&self) -> Vec<sandsh_api::ProcessInfo> {
        use sandsh_api::ProcessInfo;
        let shell_pid = super::SHELL_PID;
        let mut out = vec![ProcessInfo {
            pid: shell_pid,
            ppid: 1,
            args: "bash".to_string(),
        }];
        let mut seen = Vec::new();
        for j in self.jobs.jobs.iter().chain(self.jobs.inherited.iter()) {
            if j.status().is_none() && !seen.contains(&j.pid) {
                seen.push(j.pid);
                out.push(ProcessInfo {
                    pid: j.pid,
                    ppid: shell_pid,
                    args: j.shown_cmd().trim_end_matches(" &").to_string(),
                });
            }
        }
        out.sort_by_key(|p| p.pid);
        out.push(ProcessInfo {
            pid: self.env.next_pid.load(Ordering::Relaxed),
            ppid: shell_pid,
            args: String::new(),
        });
        out
    }

    /// With job control in a non-interactive shell, bash reports ended jobs on stderr after
    /// each foreground command (an interactive one waits for its prompt).
    pub fn notify_ended_jobs(&mut self) {
        if self.env.interactive.load(Ordering::Relaxed)
            || !self.jobs.jobs.iter().any(|j| j.status().is_some())
        {
            return;
        }
        let n = self.job_notices();
        self.write_fd(2, n.as_bytes());
    }

    /// bash's notices for the jobs that have ended (`[1]+  Done                    sleep 1`),
    /// removing them from the table: what an interactive shell prints before its prompt.
    pub fn job_notices(&mut self) -> String {
        let mut out = String::new();
        let n = self.jobs.jobs.len();
        let mut done = Vec::new();
        for (k, j) in self.jobs.jobs.iter().enumerate() {
            if let Some(s) = j.status() {
                out.push_str(&j.line(JobTable::mark(k, n), false));
                done.push((j.pid, s));
            }
        }
        for (pid, s) in done {
            self.jobs.jobs.retain(|j| j.pid != pid);
            self.remember_job(pid, s);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Capture, Stream};

    #[test]
    fn the_relay_buffers_between_runs_within_its_limit_and_delivers_first() {
        let budget = sandsh_runtime::budget::MemoryBudget::new(1 << 20);
        let relay = Arc::new(OutputRelay::new(8, &budget));
        let out = relay.stream(0);
        assert_eq!(out.write(b"0123456789").unwrap(), 10);
        assert_eq!(budget.used(), 8);
        let (o, e) = (Capture::new(100, None), Capture::new(100, None));
        relay.begin(o.clone(), e.clone());
        assert_eq!(budget.used(), 0);
        out.write(b"live").unwrap();
        relay.end();
        assert_eq!(o.take(), b"01234567live");
        assert!(String::from_utf8_lossy(&e.take()).contains("truncated at 8 bytes"));
    }

    #[test]
    fn the_relay_refuses_past_the_memory_budget() {
        let budget = sandsh_runtime::budget::MemoryBudget::new(4);
        let relay = Arc::new(OutputRelay::new(100, &budget));
        assert!(relay.stream(1).write(b"too long").is_err());
        assert_eq!(relay.take(), (Vec::new(), Vec::new()));
    }

    #[test]
    fn a_detached_capture_forwards_later_writes() {
        let c = Capture::new(100, None);
        c.write(b"mine").unwrap();
        let to = Capture::new(100, None);
        assert_eq!(c.detach(to.clone()), b"mine");
        c.write(b"later").unwrap();
        assert_eq!(to.take(), b"later");
        assert!(c.take().is_empty());
    }

    #[test]
    fn cancelling_all_jobs_spares_later_ones() {
        let root = JobsRoot::default();
        let a = root.child();
        root.cancel_all();
        let b = root.child();
        assert!(a.is_cancelled());
        assert!(!b.is_cancelled());
    }
}
