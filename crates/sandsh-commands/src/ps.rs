//! `ps`: the sandbox's processes, in procps' formats.
//!
//! The sandbox has no host processes to show: its processes are the shell (`$$`), the
//! background jobs still running (`$!`, `jobs -p`) and `ps` itself, as `ToolCtx::processes`
//! reports them. UNIX (`-e -f -o -p`) and BSD (`aux`) option styles are accepted, so the usual
//! `ps aux | grep …`, `ps -p "$pid" >/dev/null` and `ps -o pid= -p "$!"` work.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, ProcessInfo,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, output, quote};

pub struct Ps;

static SPEC: CommandSpec = CommandSpec {
    name: "ps",
    group: "sys",
    summary: "report a snapshot of the sandbox's processes",
    usage: "ps [-e] [-f] [-o FORMAT] [-p PID[,PID]...] [--no-headers] | ps aux",
    description: "List the sandbox's processes: the shell, the background jobs still running and ps itself (the host's processes are never visible). Accepts UNIX options (-e, -A, -f, -o FORMAT, -p PIDLIST, --no-headers) and BSD ones (a, u, x, aux, p PIDLIST). FORMAT is a comma- or space-separated list of pid, ppid, comm, args, command, cmd, user, uid, stat, tty, tt, time; NAME= renames a column, and when every name is empty no header is printed.",
    options: &[
        OptSpec::new("-e", "every process (all of the sandbox's)"),
        OptSpec::new("-A", "same as -e"),
        OptSpec::new("-f", "full format: UID PID PPID C STIME TTY TIME CMD"),
        OptSpec::new(
            "-o, --format=FORMAT",
            "the columns to print (pid,ppid,comm,args,cmd,user,uid,stat,tty,time)",
        ),
        OptSpec::new(
            "-p, --pid=PIDLIST",
            "only these process ids (exit 1 when none is running)",
        ),
        OptSpec::new(
            "--no-headers",
            "print no header line (also --no-heading, BSD h)",
        ),
    ],
    operands: &[ArgSpec::optional(
        "BSD-OPTIONS",
        ArgType::String,
        "BSD-style option letters without a dash (aux, ax, p PID)",
    )
    .repeated()],
    returns: "a header line and one line per process",
    examples: &[
        Example {
            description: "is the job still running?",
            script: "sleep 5 & ps -p $! -o comm=; kill %1",
            stdout: "sleep\n",
        },
        Example {
            description: "the shell and ps itself",
            script: "ps -o pid,comm",
            stdout: "    PID COMMAND\n   4200 bash\n   4201 ps\n",
        },
    ],
    errors: "exit 1 when -p selects no running process; exit 1 with a message for an option or column that is not supported",
    risk: RiskLevel::ReadOnly,
};

/// One column: its name, the header shown, and whether the header was given as `NAME=`.
struct Col {
    name: &'static str,
    header: String,
}

const COLUMNS: &[(&str, &str)] = &[
    ("pid", "PID"),
    ("ppid", "PPID"),
    ("comm", "COMMAND"),
    ("ucomm", "COMMAND"),
    ("args", "COMMAND"),
    ("command", "COMMAND"),
    ("cmd", "CMD"),
    ("user", "USER"),
    ("euser", "EUSER"),
    ("uid", "UID"),
    ("stat", "STAT"),
    ("tty", "TT"),
    ("tt", "TT"),
    ("time", "TIME"),
];

fn parse_format(spec: &str, cols: &mut Vec<Col>) -> Result<(), String> {
    // `NAME=HEADER` renames a column up to the next comma.
    let mut rest = spec;
    while !rest.is_empty() {
        let rest_trim = rest.trim_start_matches([',', ' ']);
        if rest_trim.is_empty() {
            break;
        }
        let end = rest_trim.find([',', ' ', '=']).unwrap_or(rest_trim.len());
        let name = &rest_trim[..end];
        let Some(&(canon, header)) = COLUMNS.iter().find(|(n, _)| *n == name) else {
            return Err(format!("unknown user-defined format specifier \"{name}\""));
        };
        let after = &rest_trim[end..];
        if let Some(h) = after.strip_prefix('=') {
            let end = h.find(',').unwrap_or(h.len());
            cols.push(Col {
                name: canon,
                header: h[..end].to_string(),
            });
            rest = &h[end..];
            continue;
        }
        cols.push(Col {
            name: canon,
            header: header.to_string(),
        });
        rest = after;
    }
    Ok(())
}

fn width(name: &str) -> usize {
    match name {
        "pid" | "ppid" => 7,
        "comm" | "ucomm" => 15,
        "args" | "command" | "cmd" => 27,
        "user" | "euser" | "tty" | "tt" => 8,
        "uid" => 5,
        "stat" => 4,
        "time" => 8,
        _ => 0,
    }
}

fn right(name: &str) -> bool {
    matches!(name, "pid" | "ppid" | "uid" | "time")
}

struct Row<'a> {
    p: &'a ProcessInfo,
    user: &'a str,
    uid: &'a str,
    own: bool,
}

impl Row<'_> {
    fn field(&self, name: &str) -> String {
        let comm = self.p.args.split(' ').next().unwrap_or("");
        match name {
            "pid" => self.p.pid.to_string(),
            "ppid" => self.p.ppid.to_string(),
            "comm" | "ucomm" => comm.chars().take(15).collect(),
            "args" | "command" | "cmd" => self.p.args.clone(),
            "user" | "euser" => self.user.to_string(),
            "uid" => self.uid.to_string(),
            "stat" => if self.own { "R" } else { "S" }.to_string(),
            "tty" | "tt" => "?".to_string(),
            "time" => "00:00:00".to_string(),
            _ => String::new(),
        }
    }
}

fn render(cols: &[Col], rows: &[Row], headers: bool, out: &mut String) {
    let line = |cells: Vec<String>, out: &mut String| {
        let last = cells.len().saturating_sub(1);
        let mut s = String::new();
        for (i, (c, v)) in cols.iter().zip(cells).enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let w = width(c.name);
            if right(c.name) {
                s.push_str(&format!("{v:>w$}"));
            } else if i == last {
                s.push_str(&v);
            } else {
                s.push_str(&format!("{v:<w$}"));
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    };
    if headers && cols.iter().any(|c| !c.header.is_empty()) {
        line(cols.iter().map(|c| c.header.clone()).collect(), out);
    }
    for r in rows {
        line(cols.iter().map(|c| r.field(c.name)).collect(), out);
    }
}

/// `-f` and `aux`: fixed layouts with columns the sandbox fills with constants.
fn render_fixed(bsd: bool, rows: &[Row], headers: bool, start: &str, out: &mut String) {
    if headers {
        out.push_str(if bsd {
            "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
        } else {
            "UID          PID    PPID  C STIME TTY          TIME CMD\n"
        });
    }
    for r in rows {
        let line = if bsd {
            format!(
                "{:<8} {:>7}  0.0  0.0      0     0 ?        {:<4} {start}   0:00 {}",
                r.user,
                r.p.pid,
                r.field("stat"),
                r.p.args
            )
        } else {
            format!(
                "{:<8} {:>7} {:>7}  0 {start} ?        00:00:00 {}",
                r.user, r.p.pid, r.p.ppid, r.p.args
            )
        };
        out.push_str(&line);
        out.push('\n');
    }
}

fn parse_pids(s: &str, pids: &mut Vec<u32>) -> Result<(), String> {
    for t in s.split([',', ' ']).filter(|t| !t.is_empty()) {
        match t.parse::<u32>() {
            Ok(n) if n > 0 => pids.push(n),
            _ => return Err("process ID list syntax error".to_string()),
        }
    }
    Ok(())
}

impl Command for Ps {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut cols = Vec::new();
        let mut pids: Vec<u32> = Vec::new();
        let mut full = false;
        let mut bsd_u = false;
        let mut headers = true;
        let mut i = 0;
        let fail = |ctx: &mut dyn ToolCtx, m: &str| {
            diag::err(ctx, "ps", m);
            1
        };
        while i < args.len() {
            let a = diag::lossy(&args[i]);
            i += 1;
            let next = |i: &mut usize| -> Option<String> {
                let v = args.get(*i).map(|v| diag::lossy(v));
                *i += 1;
                v
            };
            match a.as_str() {
                "--no-headers" | "--no-heading" => headers = false,
                "-e" | "-A" | "--all" => {}
                "-f" => full = true,
                "-o" | "o" | "--format" => {
                    let Some(v) = next(&mut i) else {
                        return fail(ctx, "option -o requires an argument");
                    };
                    if let Err(m) = parse_format(&v, &mut cols) {
                        return fail(ctx, &m);
                    }
                }
                "-p" | "p" | "--pid" => {
                    let Some(v) = next(&mut i) else {
                        return fail(ctx, "option -p requires an argument");
                    };
                    if let Err(m) = parse_pids(&v, &mut pids) {
                        return fail(ctx, &m);
                    }
                }
                _ if a.starts_with("--format=") || a.starts_with("--pid=") => {
                    let (k, v) = a.split_once('=').unwrap_or_default();
                    let r = if k == "--pid" {
                        parse_pids(v, &mut pids)
                    } else {
                        parse_format(v, &mut cols)
                    };
                    if let Err(m) = r {
                        return fail(ctx, &m);
                    }
                }
                _ if a.starts_with("-o") => {
                    if let Err(m) = parse_format(&a[2..], &mut cols) {
                        return fail(ctx, &m);
                    }
                }
                _ if a.starts_with("-p") && a.len() > 2 => {
                    if let Err(m) = parse_pids(&a[2..], &mut pids) {
                        return fail(ctx, &m);
                    }
                }
                _ if a.starts_with('-')
                    && a.len() > 1
                    && a[1..].chars().all(|c| "eAf".contains(c)) =>
                {
                    full |= a.contains('f');
                }
                _ if !a.starts_with('-') && a.chars().all(|c| "auxhwe".contains(c)) => {
                    bsd_u |= a.contains('u');
                    headers &= !a.contains('h');
                }
                _ => {
                    return fail(
                        ctx,
                        &format!("option {} is not supported here", quote::quote(&a)),
                    );
                }
            }
        }
        let mut procs = ctx.processes();
        let own_pid = procs.last().map(|p| p.pid);
        if let Some(me) = procs.last_mut() {
            let mut line = String::from("ps");
            for a in args {
                line.push(' ');
                line.push_str(&diag::lossy(a));
            }
            me.args = line;
        }
        if !pids.is_empty() {
            procs.retain(|p| pids.contains(&p.pid));
        }
        let user = ctx
            .var("USER")
            .map(|v| v.to_string_lossy())
            .unwrap_or_else(|| "user".to_string());
        let uid = ctx
            .var("UID")
            .map(|v| v.to_string_lossy())
            .unwrap_or_else(|| "1000".to_string());
        let rows: Vec<Row> = procs
            .iter()
            .map(|p| Row {
                p,
                user: &user,
                uid: &uid,
                own: Some(p.pid) == own_pid,
            })
            .collect();
        let start = match ctx.now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => {
                let m = d.as_secs() / 60 % (24 * 60);
                format!("{:02}:{:02}", m / 60, m % 60)
            }
            Err(_) => "00:00".to_string(),
        };
        let mut out = String::new();
        if !cols.is_empty() {
            render(&cols, &rows, headers, &mut out);
        } else if full || bsd_u {
            render_fixed(bsd_u, &rows, headers, &start, &mut out);
        } else {
            let cols = ["pid", "tty", "time", "comm"]
                .iter()
                .map(|n| Col {
                    name: n,
                    header: match *n {
                        "pid" => "PID",
                        "tty" => "TTY",
                        "time" => "TIME",
                        _ => "CMD",
                    }
                    .to_string(),
                })
                .collect::<Vec<_>>();
            render(&cols, &rows, headers, &mut out);
        }
        if !output::out(ctx, out.as_bytes()) {
            return 1;
        }
        i32::from(rows.is_empty())
    }
}
