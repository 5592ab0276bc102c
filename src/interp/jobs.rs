//! Background jobs: `cmd &` runs on its own thread over a subshell; `$!`, `wait`, `jobs`, `kill`.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::syntax::ast::{AndOr, List, ListItem};

use super::cancel::CancelToken;
use super::{Flow, Res, Shell, io};

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
}

impl JobTable {
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
        self.spawn_background(sub, text, move |sh| sh.run_subshell_list(&list))
    }

    /// Run `f` on `sub` in a background thread registered as a job (`$!`, `wait`, `kill`).
    pub fn spawn_background(
        &mut self,
        mut sub: Shell,
        cmd: String,
        f: impl FnOnce(&mut Shell) -> i32 + Send + 'static,
    ) -> Res<()> {
        let slot = self.thread_slot()?;
        let cancel = self.cancel.child();
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
        });
        let j2 = job.clone();
        let stack = self.env.limits.max_stack_bytes;
        let spawned = std::thread::Builder::new()
            .stack_size(crate::stack::LAUNCH_STACK)
            .spawn(move || {
                let _slot = slot;
                let s = crate::stack::run_on_new_stack(stack, || {
                    let s = f(&mut sub);
                    drop(sub);
                    s
                });
                j2.finish(s);
            });
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
            if j.wait(&self.cancel).is_none() {
                return Err(Flow::Exit(130));
            }
        }
        self.jobs.jobs.clear();
        Ok(0)
    }
}
