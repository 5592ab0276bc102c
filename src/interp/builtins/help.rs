//! `help`: the list of everything that can be run, and one command's page, for people and (with
//! `--json`) for programs. Commands are documented from their `CommandSpec`; shell builtins from
//! the table below.

use std::collections::BTreeMap;

use crate::api::doc;

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// (name, synopsis, summary) of each shell builtin.
pub const BUILTIN_DOCS: &[(&str, &str, &str)] = &[
    (":", ": [arguments]", "do nothing; succeed"),
    (
        ".",
        ". filename [arguments]",
        "run a file in the current shell",
    ),
    ("[", "[ arg... ]", "evaluate a conditional expression"),
    (
        "alias",
        "alias [-p] [name[=value] ...]",
        "define or show aliases",
    ),
    (
        "bash",
        "bash [-euxo opt] [-c cmds [name [args]] | file [args]]",
        "run a nested shell over the same filesystem",
    ),
    (
        "bg",
        "bg [job_spec]",
        "resume a job in the background (job control)",
    ),
    ("break", "break [n]", "exit from for, while or until loops"),
    ("builtin", "builtin name [args]", "run a shell builtin"),
    (
        "caller",
        "caller [expr]",
        "print the context of the current function call",
    ),
    ("cd", "cd [-L|-P] [dir]", "change the working directory"),
    (
        "command",
        "command [-vV] name [args]",
        "run a command, bypassing functions",
    ),
    (
        "continue",
        "continue [n]",
        "resume the next iteration of a loop",
    ),
    (
        "declare",
        "declare [-aAfFgilnrtux] [-p] [name[=value] ...]",
        "set variable values and attributes",
    ),
    ("dirs", "dirs [-c]", "show the directory stack"),
    (
        "disown",
        "disown [-a] [jobspec ...]",
        "forget jobs (they keep running)",
    ),
    (
        "echo",
        "echo [-neE] [arg ...]",
        "write arguments to standard output",
    ),
    ("eval", "eval [arg ...]", "run arguments as a shell command"),
    (
        "exec",
        "exec [command [args]] [redirections]",
        "replace the shell with a command, or apply redirections",
    ),
    ("exit", "exit [n]", "exit the shell"),
    (
        "export",
        "export [-fn] [name[=value] ...]",
        "mark variables for export to commands",
    ),
    ("false", "false", "fail"),
    (
        "fg",
        "fg [job_spec]",
        "wait for a job in the foreground (job control)",
    ),
    (
        "getopts",
        "getopts optstring name [arg ...]",
        "parse option arguments",
    ),
    ("hash", "hash [name ...]", "remember command locations"),
    (
        "help",
        "help [--json] [name | topic]",
        "show help for commands and topics",
    ),
    ("jobs", "jobs [-lprs] [jobspec ...]", "list background jobs"),
    (
        "kill",
        "kill [-s sig | -n num | -sig] pid|jobspec ... | -l",
        "send a signal to jobs",
    ),
    (
        "let",
        "let arg [arg ...]",
        "evaluate arithmetic expressions",
    ),
    (
        "local",
        "local [option] name[=value] ...",
        "define function-local variables",
    ),
    (
        "mapfile",
        "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [array]",
        "read lines into an array",
    ),
    ("popd", "popd", "remove a directory from the stack"),
    (
        "printf",
        "printf [-v var] format [arguments]",
        "format and print arguments",
    ),
    ("pushd", "pushd [dir]", "add a directory to the stack"),
    ("pwd", "pwd [-LP]", "print the working directory"),
    (
        "read",
        "read [-ers] [-a array] [-d delim] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
        "read a line from standard input",
    ),
    (
        "readarray",
        "readarray [options] [array]",
        "read lines into an array (mapfile)",
    ),
    (
        "readonly",
        "readonly [-aAf] [name[=value] ...]",
        "mark variables read-only",
    ),
    ("return", "return [n]", "return from a function"),
    (
        "set",
        "set [-abefhkmnptuvxBCHP] [-o option] [--] [arg ...]",
        "set shell options and positional parameters",
    ),
    ("sh", "sh [options] [-c cmds | file]", "run a nested shell"),
    ("shift", "shift [n]", "shift positional parameters"),
    (
        "shopt",
        "shopt [-pqsu] [-o] [optname ...]",
        "set and unset shell options",
    ),
    (
        "source",
        "source filename [arguments]",
        "run a file in the current shell",
    ),
    ("test", "test [expr]", "evaluate a conditional expression"),
    (
        "timeout",
        "timeout [-s sig] DURATION command [args]",
        "run a command with a time limit (status 124 on timeout)",
    ),
    ("times", "times", "print process times"),
    (
        "trap",
        "trap [-lp] [[action] signal ...]",
        "run commands on signals and shell events",
    ),
    ("true", "true", "succeed"),
    (
        "type",
        "type [-aftpP] name ...",
        "describe how a name would be run",
    ),
    (
        "typeset",
        "typeset [-aAfFgilnrtux] [-p] name[=value] ...",
        "set variable values and attributes",
    ),
    (
        "ulimit",
        "ulimit [-SHa] [-limit [value]]",
        "show or set resource limits",
    ),
    (
        "umask",
        "umask [-S] [mode]",
        "show or set the file-creation mask",
    ),
    ("unalias", "unalias [-a] name ...", "remove aliases"),
    (
        "unset",
        "unset [-f] [-v] [-n] name ...",
        "unset variables and functions",
    ),
    ("wait", "wait [-n] [id ...]", "wait for jobs to finish"),
];

const TOPICS: &[(&str, &str)] = &[
    (
        "syntax",
        "sandsh speaks bash 5.2: quoting ('…', \"…\", $'…'), parameter expansion with every operator (${x:-d} ${x#p} ${x/p/r} ${x^^} ${x:1:2} ${!x} ${x@Q} …), arithmetic $(( )), (( )), [[ ]], brace expansion {a,b} {1..10}, globs with extglob and globstar, pipelines, lists, here-documents, functions, arrays and associative arrays, traps, background jobs. Scripts behave as in bash: same output, same exit status.",
    ),
    (
        "limits",
        "Every run is bounded: commands, loop iterations, function and substitution depth, output, script and variable size, array entries, files, background jobs. A tripped limit stops the run with status 125 and names the flag that raises it (e.g. --max-loop-iterations). --timeout DURATION stops a run with status 124. Profiles: --profile strict|standard|interactive.",
    ),
    (
        "mounts",
        "The filesystem is virtual. Host directories are reachable only when mounted: --mount HOST:PATH[:ro|:overlay|:rw]. ro is read-only, overlay keeps writes in memory (vfs diff/commit/reset), rw writes to the host.",
    ),
    (
        "json",
        "sandsh --json prints one JSON object {stdout, stderr, exit_code, error, stdout_truncated, stderr_truncated, duration_ms}. `help --json` and `help NAME --json` describe commands as JSON; commands with a structured form accept --json.",
    ),
];

fn builtin_page(name: &str, synopsis: &str, summary: &str) -> String {
    format!("{name}: {synopsis}\n    {summary}.\n")
}

pub fn help(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut json = false;
    let mut names = Vec::new();
    for a in &argv[1..] {
        match a.as_slice() {
            b"--json" => json = true,
            b"-s" | b"-d" | b"-m" => {}
            _ => names.push(text(a)),
        }
    }
    let reg = sh.env.registry.clone();
    if names.is_empty() {
        if json {
            let cmds: Vec<serde_json::Value> = reg
                .commands()
                .iter()
                .map(|c| doc::spec_json(c.spec()))
                .collect();
            let builtins: Vec<serde_json::Value> = BUILTIN_DOCS
                .iter()
                .map(|(n, syn, sum)| serde_json::json!({"name": n, "usage": syn, "summary": sum, "group": "shell", "builtin": true}))
                .collect();
            let v = serde_json::json!({"builtins": builtins, "commands": cmds});
            sh.out(format!("{v}\n").as_bytes())?;
            return Ok(0);
        }
        let mut groups: BTreeMap<&str, Vec<(String, String)>> = BTreeMap::new();
        for c in reg.commands() {
            let s = c.spec();
            groups
                .entry(s.group)
                .or_default()
                .push((s.name.to_string(), s.summary.to_string()));
        }
        let mut out = String::from("Shell builtins:\n");
        for (n, _, sum) in BUILTIN_DOCS {
            out.push_str(&format!("  {n:<12} {sum}\n"));
        }
        for (g, cmds) in groups {
            out.push_str(&format!("\n{g}:\n"));
            for (n, sum) in cmds {
                out.push_str(&format!("  {n:<12} {sum}\n"));
            }
        }
        out.push_str(
            "\nTopics: help syntax | limits | mounts | json. `help NAME` shows one command.\n",
        );
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    for n in names {
        if let Some(c) = reg.get(&n) {
            let page = if json {
                format!("{}\n", doc::spec_json(c.spec()))
            } else {
                doc::render_help(c.spec())
            };
            sh.out(page.as_bytes())?;
        } else if let Some((name, syn, sum)) = BUILTIN_DOCS.iter().find(|(b, _, _)| *b == n) {
            let page = if json {
                format!(
                    "{}\n",
                    serde_json::json!({"name": name, "usage": syn, "summary": sum, "group": "shell", "builtin": true})
                )
            } else {
                builtin_page(name, syn, sum)
            };
            sh.out(page.as_bytes())?;
        } else if let Some((t, body)) = TOPICS.iter().find(|(t, _)| *t == n) {
            let page = if json {
                format!("{}\n", serde_json::json!({"topic": t, "text": body}))
            } else {
                let mut p = format!("{}\n\n", t.to_uppercase());
                for line in doc::wrap(body, 76) {
                    p.push_str("    ");
                    p.push_str(&line);
                    p.push('\n');
                }
                p
            };
            sh.out(page.as_bytes())?;
        } else {
            sh.builtin_error("help", &format!("no help topics match `{n}'"));
            status = 1;
        }
    }
    Ok(status)
}

/// `caller [N]`: the line, function and file of the Nth enclosing call.
pub fn caller(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if sh.frames.is_empty() {
        return Ok(1);
    }
    let file = match &sh.source_file {
        Some(f) => f.clone(),
        None if sh.dash_c => "environment".to_string(),
        None => "main".to_string(),
    };
    let n: Option<usize> = argv.get(1).and_then(|a| text(a).parse().ok());
    let frames: Vec<_> = sh.frames.iter().rev().cloned().collect();
    let line = match n {
        None => format!("{} {file}\n", frames[0].call_line),
        Some(i) => {
            let Some(f) = frames.get(i) else {
                return Ok(1);
            };
            let caller_name = frames
                .get(i + 1)
                .map(|c| c.name.clone())
                .unwrap_or_else(|| "main".to_string());
            format!("{} {caller_name} {file}\n", f.call_line)
        }
    };
    sh.out(line.as_bytes())?;
    Ok(0)
}
