//! `help`: the list of everything that can be run, and one command's page, for people and (with
//! `--json`) for programs. Commands are documented from their `CommandSpec`; shell builtins from
//! their records in `table.rs`.

use std::collections::BTreeMap;

use sandsh_api::doc;

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::table::{BUILTINS, BuiltinDef, find};
use super::text;

type A<'a> = &'a [Vec<u8>];

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
        "sandsh --json prints one JSON object {stdout, stderr, exit_code, error, stdout_truncated, stderr_truncated, stdout_cut, stderr_cut, duration_ms}; output past --max-output-bytes keeps its head and tail and ends with a line naming the file under /tmp/sandsh-output that holds all of it. `help --json` and `help NAME --json` describe commands as JSON; commands with a structured form accept --json.",
    ),
];

/// `help NAME` for a builtin, laid out as bash's: the synopsis, the summary, and the options
/// (`-x VALUE<TAB>what it does`).
fn builtin_page(b: &BuiltinDef) -> String {
    let s = &b.spec;
    let mut page = format!("{}: {}\n    {}.\n", s.name, s.usage, s.summary);
    if !s.options.is_empty() {
        page.push_str("    \n    Options:\n");
        for o in s.options {
            let value = o.value.map(|v| format!(" {v}")).unwrap_or_default();
            let flag = o.short.map(|c| format!("-{c}")).unwrap_or_default();
            page.push_str(&format!("      {flag}{value}\t{}\n", o.help));
        }
    }
    page
}

fn builtin_json(b: &BuiltinDef) -> serde_json::Value {
    let s = &b.spec;
    let options: Vec<serde_json::Value> = s.options.iter().map(doc::option_json).collect();
    serde_json::json!({"name": s.name, "usage": s.usage, "summary": s.summary, "group": "shell", "builtin": true, "options": options})
}

pub fn help(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut json = false;
    let mut short = false;
    let mut names = Vec::new();
    for a in &argv[1..] {
        match a.as_slice() {
            b"--json" => json = true,
            b"-s" => short = true,
            b"-d" | b"-m" => {}
            _ => names.push(text(a)),
        }
    }
    let reg = sh.env.registry.clone();
    if names.is_empty() {
        if json {
            let cmds: Vec<serde_json::Value> = reg
                .commands()
                .iter()
                .filter(|c| find(c.spec().name).is_none())
                .map(|c| doc::spec_json(c.spec()))
                .collect();
            let builtins: Vec<serde_json::Value> = BUILTINS.iter().map(builtin_json).collect();
            let left_out: Vec<serde_json::Value> = reg
                .left_out()
                .iter()
                .map(|(n, why)| serde_json::json!({"name": n, "reason": why}))
                .collect();
            let mut v = serde_json::json!({"builtins": builtins, "commands": cmds});
            if !left_out.is_empty() {
                v["not_built"] = serde_json::Value::Array(left_out);
            }
            sh.out(format!("{v}\n").as_bytes())?;
            return Ok(0);
        }
        let mut groups: BTreeMap<&str, Vec<(String, String)>> = BTreeMap::new();
        // A command a builtin shadows (true, echo, printf…) is listed once, as the builtin.
        for c in reg.commands() {
            let s = c.spec();
            if find(s.name).is_some() {
                continue;
            }
            groups
                .entry(s.group)
                .or_default()
                .push((s.name.to_string(), s.summary.to_string()));
        }
        let mut out = String::from("Shell builtins:\n");
        for b in BUILTINS {
            let (n, sum) = (b.spec.name, b.spec.summary);
            out.push_str(&format!("  {n:<12} {sum}\n"));
        }
        for (g, cmds) in groups {
            out.push_str(&format!("\n{g}:\n"));
            for (n, sum) in cmds {
                out.push_str(&format!("  {n:<12} {sum}\n"));
            }
        }
        let left_out = reg.left_out();
        if !left_out.is_empty() {
            out.push_str("\nnot in this build (running one fails with status 127):\n");
            for (n, why) in left_out {
                out.push_str(&format!("  {n:<12} {why}\n"));
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
        // `-s`: the synopsis alone, a builtin's as bash prints it.
        let synopsis = match find(&n) {
            Some(b) => Some(super::usage::of(&n).unwrap_or(b.spec.usage)),
            None => reg.get(&n).map(|c| c.spec().usage),
        };
        if let (true, false, Some(u)) = (short, json, synopsis) {
            sh.out(format!("{n}: {u}\n").as_bytes())?;
        } else if let Some(c) = reg.get(&n) {
            let page = if json {
                format!("{}\n", doc::spec_json(c.spec()))
            } else {
                doc::render_help(c.spec())
            };
            sh.out(page.as_bytes())?;
        } else if let Some(b) = find(&n) {
            let page = if json {
                format!("{}\n", builtin_json(b))
            } else {
                builtin_page(b)
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
