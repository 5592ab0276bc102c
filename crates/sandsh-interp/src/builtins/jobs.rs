//! jobs, kill, trap (`wait` is in `wait.rs`).

use super::super::expand::ExpAssign;
use super::super::jobs::JobTable;
use super::super::signals::{SIGNALS, signal_name, signal_number, signal_trap_name};
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// `jobs [-lprs] [jobspec ...]`. A job that has ended is listed once (as `Done`, `Exit N`…)
/// and forgotten when the session is interactive, as bash's notices do; a non-interactive
/// shell forgets it without listing it, as `bash -c` (which reaps it on SIGCHLD) does.
pub fn jobs(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let (mut pids_only, mut long, mut running, mut stopped) = (false, false, false, false);
    let mut i = 1;
    while i < argv.len() && argv[i].len() > 1 && argv[i].starts_with(b"-") {
        if argv[i] == b"--" {
            i += 1;
            break;
        }
        for &c in &argv[i][1..] {
            match c {
                b'p' => pids_only = true,
                b'l' => long = true,
                b'r' => running = true,
                b's' => stopped = true,
                b'n' => {}
                _ => {
                    super::usage::invalid_option(sh, "jobs", &format!("-{}", c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let interactive = sh
        .env
        .interactive
        .load(std::sync::atomic::Ordering::Relaxed);
    let mut status = 0;
    let mut chosen = Vec::new();
    for a in &argv[i..] {
        let t = text(a);
        let table = if sh.jobs.jobs.is_empty() {
            JobTable {
                jobs: sh.jobs.inherited.clone(),
                inherited: Vec::new(),
            }
        } else {
            sh.jobs.clone()
        };
        match table.find_spec(&t) {
            Some(j) => chosen.push(j.pid),
            None => {
                sh.builtin_error("jobs", &format!("{t}: no such job"));
                status = 1;
            }
        }
    }
    // A command substitution or pipeline stage with no jobs of its own lists its parent's.
    let inherited = sh.jobs.jobs.is_empty();
    let list = if inherited {
        &sh.jobs.inherited
    } else {
        &sh.jobs.jobs
    };
    let n = list.len();
    let mut out = String::new();
    let mut ended = Vec::new();
    for (k, j) in list.iter().enumerate() {
        if i < argv.len() && !chosen.contains(&j.pid) {
            continue;
        }
        let st = j.status();
        if let Some(s) = st {
            ended.push((j.pid, s));
            if !interactive || running || stopped {
                continue;
            }
        } else if stopped {
            continue;
        }
        if pids_only {
            out.push_str(&format!("{}\n", j.pid));
        } else {
            out.push_str(&j.line(JobTable::mark(k, n), long));
        }
    }
    if !running && !stopped && !inherited {
        for (pid, s) in ended {
            sh.jobs.jobs.retain(|x| x.pid != pid);
            sh.remember_job(pid, s);
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

/// Whether `fg`/`bg` may run: job control is on (`set -m`, or an interactive session).
fn job_control(sh: &Shell, name: &str) -> bool {
    if sh.opts.monitor
        || sh
            .env
            .interactive
            .load(std::sync::atomic::Ordering::Relaxed)
    {
        return true;
    }
    sh.builtin_error(name, "no job control");
    false
}

fn job_arg(sh: &Shell, name: &str, argv: A) -> Option<std::sync::Arc<crate::jobs::Job>> {
    let spec = argv.get(1).map(|a| text(a));
    let found = match &spec {
        None => sh.jobs.find_spec("%+"),
        Some(t) if t.starts_with('%') => sh.jobs.find_spec(t),
        Some(t) => t.parse::<u32>().ok().and_then(|p| sh.jobs.find_pid(p)),
    };
    if found.is_none() {
        let shown = spec.unwrap_or_else(|| "current".to_string());
        sh.builtin_error(name, &format!("{shown}: no such job"));
    }
    found
}

/// `fg [jobspec]`: print the job's command line and wait for it in the foreground.
pub fn fg(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if !job_control(sh, "fg") {
        return Ok(1);
    }
    let Some(j) = job_arg(sh, "fg", argv) else {
        return Ok(1);
    };
    let line = format!("{}\n", j.cmd.strip_suffix(" &").unwrap_or(&j.cmd));
    sh.out(line.as_bytes())?;
    match j.wait(&sh.cancel) {
        Some(s) => {
            sh.jobs.jobs.retain(|x| x.pid != j.pid);
            sh.remember_job(j.pid, s);
            Ok(s)
        }
        None => Err(Flow::Exit(130)),
    }
}

/// `bg [jobspec]`: jobs never stop here, so every job is already in the background.
pub fn bg(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if !job_control(sh, "bg") {
        return Ok(1);
    }
    let Some(j) = job_arg(sh, "bg", argv) else {
        return Ok(1);
    };
    sh.builtin_error("bg", &format!("job {} already in background", j.id));
    Ok(0)
}

/// `disown [-a] [jobspec ...]`: forget jobs (they keep running, still under the session's caps).
pub fn disown(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let args: Vec<String> = argv[1..].iter().map(|a| text(a)).collect();
    if args.iter().any(|a| a == "-a") {
        sh.jobs.jobs.clear();
        return Ok(0);
    }
    let specs: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with('-') || a.starts_with("%"))
        .collect();
    if specs.is_empty() {
        match sh.jobs.find_spec("%+") {
            Some(j) => sh.jobs.jobs.retain(|x| x.pid != j.pid),
            None => {
                sh.builtin_error("disown", "current: no such job");
                return Ok(1);
            }
        }
        return Ok(0);
    }
    let mut status = 0;
    for t in specs {
        let j = if t.starts_with('%') {
            sh.jobs.find_spec(t)
        } else {
            t.parse::<u32>().ok().and_then(|p| sh.jobs.find_pid(p))
        };
        match j {
            Some(j) => sh.jobs.jobs.retain(|x| x.pid != j.pid),
            None => {
                sh.builtin_error("disown", &format!("{t}: no such job"));
                status = 1;
            }
        }
    }
    Ok(status)
}

pub fn kill(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut sig = "TERM".to_string();
    let mut i = 1;
    if let Some(a) = argv.get(1).map(|a| text(a)) {
        if a == "-l" || a == "-L" {
            let mut out = String::new();
            let mut status = 0;
            // Each operand in turn: a number (an exit status above 128 counts as its signal)
            // gives the name, a name gives the number.
            for spec in argv[2..].iter().map(|a| text(a)) {
                let shown = match spec.parse::<i32>() {
                    Ok(0) => Some("EXIT".to_string()),
                    Ok(n) => {
                        let n = if n > 128 { n - 128 } else { n };
                        signal_trap_name(n)
                    }
                    Err(_) => signal_name(&spec)
                        .and_then(|name| signal_number(&name))
                        .map(|n| n.to_string()),
                };
                match shown {
                    Some(s) => out.push_str(&format!("{s}\n")),
                    None => {
                        sh.builtin_error("kill", &format!("{spec}: invalid signal specification"));
                        status = 1;
                    }
                }
            }
            if argv.len() <= 2 {
                for (k, (s, n)) in SIGNALS.iter().enumerate() {
                    out.push_str(&format!("{n:2}) SIG{s}"));
                    out.push(if (k + 1) % 5 == 0 { '\n' } else { '\t' });
                }
                out.push('\n');
            }
            sh.out(out.as_bytes())?;
            return Ok(status);
        }
        if a == "-s" || a == "-n" {
            sig = argv.get(2).map(|a| text(a)).unwrap_or_default();
            i = 3;
        } else if let Some(s) = a.strip_prefix('-')
            && !s.is_empty()
        {
            sig = s.to_string();
            i = 2;
        }
    }
    let Some(name) = signal_name(&sig).filter(|n| n != "EXIT" || sig == "0") else {
        sh.builtin_error("kill", &format!("{sig}: invalid signal specification"));
        return Ok(1);
    };
    if i >= argv.len() {
        super::usage::print(sh, "kill");
        return Ok(2);
    }
    let num = signal_number(&name).unwrap_or(0);
    let mut status = 0;
    for a in &argv[i..] {
        let t = text(a);
        let job = if t.starts_with('%') {
            match sh.jobs.find_spec(&t) {
                Some(j) => Some(j),
                None => {
                    sh.builtin_error("kill", &format!("{t}: no such job"));
                    status = 1;
                    continue;
                }
            }
        } else {
            match t.parse::<u32>() {
                Ok(p) if p == sh.nesting.top_pid || p == sh.pid => {
                    if num != 0 {
                        sh.pending_signals.push(name.clone());
                    }
                    continue;
                }
                Ok(p) if sh.signal_ancestor(p, &name) => continue,
                Ok(p) => sh.jobs.find_pid(p),
                Err(_) => {
                    sh.builtin_error(
                        "kill",
                        &format!("{t}: arguments must be process or job IDs"),
                    );
                    status = 1;
                    continue;
                }
            }
        };
        match job {
            Some(j) => {
                // Signals whose default action is to ignore (CHLD, URG, WINCH) or continue
                // (CONT) leave a running job be, as do those the job ignores.
                if num == 0 || matches!(num, 17 | 18 | 23 | 28) || j.ignored.contains(&num) {
                    continue;
                }
                if j.status().is_none() {
                    j.signal.store(num, std::sync::atomic::Ordering::Relaxed);
                    j.cancel.cancel();
                }
            }
            None => {
                sh.builtin_error("kill", &format!("({t}) - No such process"));
                status = 1;
            }
        }
    }
    if !sh.pending_signals.is_empty() {
        sh.run_pending_traps()?;
    }
    Ok(status)
}

pub fn trap(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let args: Vec<String> = argv[1..].iter().map(|a| text(a)).collect();
    let args: Vec<String> = if args.first().map(|s| s.as_str()) == Some("--") {
        args[1..].to_vec()
    } else {
        if let Some(a) = args.first()
            && a.len() > 1
            && a.starts_with('-')
            && let Some(c) = a[1..].chars().find(|c| !matches!(c, 'l' | 'p'))
        {
            super::usage::invalid_option(sh, "trap", &format!("-{c}"));
            return Ok(2);
        }
        args
    };
    if args.is_empty() || args[0] == "-p" {
        let filter: Vec<String> = args.iter().skip(1).filter_map(|s| signal_name(s)).collect();
        let listed = sh.inherited_traps.as_ref().unwrap_or(&sh.traps);
        let mut names: Vec<&String> = listed.keys().collect();
        names.sort_by_key(|n| match n.as_str() {
            "EXIT" => 0,
            "ERR" => 1000,
            "DEBUG" => 1001,
            "RETURN" => 1002,
            other => signal_number(other).unwrap_or(999),
        });
        let mut out = String::new();
        for n in names {
            if !filter.is_empty() && !filter.contains(n) {
                continue;
            }
            let action = &listed[n];
            let q =
                String::from_utf8_lossy(&sandsh_text::quote::plain_single_quote(action.as_bytes()))
                    .into_owned();
            let shown = if n == "EXIT" || n == "ERR" || n == "DEBUG" || n == "RETURN" {
                n.clone()
            } else {
                format!("SIG{n}")
            };
            out.push_str(&format!("trap -- {q} {shown}\n"));
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    if args[0] == "-l" {
        return kill(sh, &[b"kill".to_vec(), b"-l".to_vec()], &[], &[]);
    }
    // A subshell's first change drops the parent's traps it was still listing (bash resets
    // them there; they were only shown).
    if sh.inherited_traps.take().is_some() {
        sh.traps.clear();
    }
    // `trap N…` with a numeric first arg resets those signals.
    let (action, sigs): (Option<String>, &[String]) = if args.len() == 1 {
        (None, &args[..])
    } else if args[0] == "-" {
        (None, &args[1..])
    } else if args[0].parse::<u32>().is_ok() && signal_name(&args[0]).is_some() {
        (None, &args[..])
    } else {
        (Some(args[0].clone()), &args[1..])
    };
    let mut status = 0;
    for s in sigs {
        match signal_name(s) {
            Some(name) => match &action {
                Some(a) => {
                    if name == "RETURN" {
                        sh.return_trap_sets += 1;
                    }
                    sh.traps.insert(name, a.clone());
                }
                None => {
                    sh.traps.remove(&name);
                }
            },
            None => {
                sh.builtin_error("trap", &format!("{s}: invalid signal specification"));
                status = 1;
            }
        }
    }
    Ok(status)
}

impl Shell {
    /// Deliver signals sent to this shell with `kill`: run the trap, or take the default
    /// action (terminate with 128+n).
    pub fn run_pending_traps(&mut self) -> Res<()> {
        while !self.pending_signals.is_empty() {
            let sig = self.pending_signals.remove(0);
            match self.traps.get(&sig).cloned() {
                Some(action) => {
                    if action.is_empty() {
                        continue;
                    }
                    let saved = self.last_status;
                    self.in_trap = true;
                    let r = self.eval_string(&action, "trap");
                    self.in_trap = false;
                    self.last_status = saved;
                    r?;
                }
                None => {
                    let n = signal_number(&sig).unwrap_or(15);
                    if matches!(sig.as_str(), "CHLD" | "URG" | "WINCH" | "CONT") {
                        continue;
                    }
                    return Err(Flow::Exit(128 + n));
                }
            }
        }
        Ok(())
    }
}
