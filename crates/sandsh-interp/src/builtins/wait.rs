//! `wait [-fn] [-p var] [id ...]`, with bash's option parsing, its statuses for bad ids, and the
//! notice a non-interactive bash prints for a job killed by a signal.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::super::expand::ExpAssign;
use super::super::jobs::Job;
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

struct Opts {
    any: bool,
    var: Option<String>,
    ids: Vec<String>,
}

/// The options (`-n`, `-f`, `-p VAR`, grouped, up to `--`); `Err(status)` after a usage error.
fn parse(sh: &Shell, argv: A) -> Result<Opts, i32> {
    let mut o = Opts {
        any: false,
        var: None,
        ids: Vec::new(),
    };
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        i += 1;
        if a.as_slice() == b"--" {
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            i -= 1;
            break;
        }
        for (k, &c) in a.iter().enumerate().skip(1) {
            match c {
                b'n' => o.any = true,
                b'f' => {}
                b'p' => {
                    // The rest of this word, or the next one, names the variable.
                    let v = if k + 1 < a.len() {
                        text(&a[k + 1..])
                    } else if let Some(n) = argv.get(i) {
                        i += 1;
                        text(n)
                    } else {
                        sh.builtin_error("wait", "-p: option requires an argument");
                        super::usage::print(sh, "wait");
                        return Err(2);
                    };
                    o.var = Some(v);
                    break;
                }
                _ => {
                    super::usage::invalid_option(sh, "wait", &format!("-{}", c as char));
                    return Err(2);
                }
            }
        }
    }
    o.ids = argv[i.min(argv.len())..].iter().map(|a| text(a)).collect();
    if let Some(v) = &o.var
        && !super::super::param::is_name(v)
    {
        sh.builtin_error("wait", &format!("`{v}': not a valid identifier"));
        return Err(1);
    }
    Ok(o)
}

pub fn wait(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let o = match parse(sh, argv) {
        Ok(o) => o,
        Err(s) => return Ok(s),
    };
    if let Some(v) = &o.var {
        let _ = sh.vars.unset(v);
    }
    let (status, pid) = if o.any {
        wait_any(sh, &o.ids)?
    } else if o.ids.is_empty() {
        let jobs = sh.jobs.jobs.clone();
        sh.wait_all()?;
        for j in &jobs {
            sh.job_notice(j);
        }
        (0, None)
    } else {
        wait_ids(sh, &o.ids)?
    };
    if let (Some(v), Some(p)) = (&o.var, pid) {
        sh.set_var(v, p.to_string().into_bytes())?;
    }
    Ok(status)
}

/// The job `id` names: a pid or a `%` job spec.
fn find(sh: &Shell, id: &str) -> Option<Arc<Job>> {
    if id.starts_with('%') {
        sh.jobs.find_spec(id)
    } else {
        id.parse::<u32>().ok().and_then(|p| sh.jobs.find_pid(p))
    }
}

/// `wait -n [id ...]`: the first of the jobs (those named, else all) to end; 127 when none.
fn wait_any(sh: &mut Shell, ids: &[String]) -> Res<(i32, Option<u32>)> {
    let pending: Vec<Arc<Job>> = if ids.is_empty() {
        sh.jobs.jobs.clone()
    } else {
        let mut v = Vec::new();
        for id in ids {
            match find(sh, id) {
                Some(j) => v.push(j),
                None => sh.builtin_error("wait", &format!("{id}: no such job")),
            }
        }
        v
    };
    let pending: Vec<_> = pending
        .into_iter()
        .filter(|j| !j.reaped.load(Ordering::Relaxed))
        .collect();
    if pending.is_empty() {
        return Ok((127, None));
    }
    loop {
        if sh.is_cancelled() {
            return Err(Flow::Exit(130));
        }
        if let Some(j) = pending.iter().find(|j| j.status().is_some()) {
            j.reaped.store(true, Ordering::Relaxed);
            let s = j.status().unwrap_or(0);
            let pid = j.pid;
            sh.jobs.jobs.retain(|x| x.pid != pid);
            sh.remember_job(pid, s);
            sh.job_notice(j);
            return Ok((s, Some(pid)));
        }
        sandsh_runtime::time::sleep(std::time::Duration::from_millis(2));
    }
}

/// `wait id ...`: each in turn; the status is the last one's.
fn wait_ids(sh: &mut Shell, ids: &[String]) -> Res<(i32, Option<u32>)> {
    let mut status = 0;
    let mut last = None;
    for t in ids {
        if !t.starts_with('%') && t.parse::<u32>().is_err() {
            sh.builtin_error("wait", &format!("`{t}': not a pid or valid job spec"));
            status = 1;
            continue;
        }
        match find(sh, t) {
            Some(j) => match j.wait(&sh.cancel) {
                Some(s) => {
                    status = s;
                    let pid = j.pid;
                    last = Some(pid);
                    sh.jobs.jobs.retain(|x| x.pid != pid);
                    sh.remember_job(pid, s);
                    sh.job_notice(&j);
                }
                None => return Err(Flow::Exit(130)),
            },
            None => {
                if let Ok(p) = t.parse::<u32>()
                    && let Some(s) = sh.reaped.get(&p)
                {
                    status = *s;
                    last = Some(p);
                    continue;
                }
                if t.starts_with('%') {
                    sh.builtin_error("wait", &format!("{t}: no such job"));
                } else {
                    sh.builtin_error("wait", &format!("pid {t} is not a child of this shell"));
                }
                status = 127;
            }
        }
    }
    Ok((status, last))
}
