//! `tools`: list the registered commands with their group, full name (`group.name`) and risk
//! level — seed 004's introspection ("list tools"), read from each command's `CommandSpec`
//! through the context's registry so that it shows exactly what this session can run,
//! custom commands included. `help NAME` shows one command's full spec.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, OutputFormat, ParsedArgs,
    ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::{diag, output};

pub struct Tools;

static SPEC: CommandSpec = CommandSpec {
    name: "tools",
    group: "shell",
    summary: "list commands with their group, full name and risk level",
    usage: "tools [--json] [-g GROUP] [NAME]...",
    description: "List the commands of this session, one per line: name, group, full name (group.name), risk level (read_only, low_risk, medium_risk, high_risk, critical) and summary. With NAMEs, list only those; with -g, only one group. Shell builtins are not listed (see help). `help NAME` prints a command's full spec: options, operands, output, examples and error conditions.",
    options: &[
        OptSpec::new(
            "-g, --group=GROUP",
            "only commands of this group (fs, text, shell, sys, …)",
        ),
        OptSpec::new(
            "--json",
            "print a JSON array of {name, group, full_name, risk, summary}",
        ),
    ],
    operands: &[
        ArgSpec::optional("NAME", ArgType::String, "commands to list (all when none)").repeated(),
    ],
    returns: "one line per command: NAME GROUP FULL_NAME RISK SUMMARY (or JSON with --json)",
    examples: &[
        Example {
            description: "one command",
            script: "tools cat",
            stdout: "cat        fs      fs.cat           read_only    concatenate files and print on the standard output\n",
        },
        Example {
            description: "as JSON",
            script: "tools --json wc",
            stdout: "[{\"full_name\":\"text.wc\",\"group\":\"text\",\"name\":\"wc\",\"risk\":\"read_only\",\"summary\":\"print newline, word, and byte counts for each file\"}]\n",
        },
    ],
    errors: "exit 1 when a NAME is not a registered command (the others are still listed); 2 for a bad option",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Tools {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let json = p.has(opt!(SPEC, "json")) || ctx.output_format() == OutputFormat::Json;
        let group = p.value(opt!(SPEC, "g")).map(|g| diag::lossy(g));
        let reg = ctx.registry();
        let names: Vec<String> = if p.operands.is_empty() {
            reg.names()
        } else {
            p.operands.iter().map(|o| diag::lossy(o)).collect()
        };
        let mut status = 0;
        let mut specs = Vec::new();
        let mut missing = Vec::new();
        for n in &names {
            match reg.get(n) {
                Some(c) => {
                    let s = *c.spec();
                    if group.as_deref().is_none_or(|g| g == s.group) {
                        specs.push((n.clone(), s));
                    }
                }
                None => missing.push(n.clone()),
            }
        }
        for n in missing {
            diag::err(ctx, "tools", &format!("{n}: no such command"));
            status = 1;
        }
        let out = if json {
            let v: Vec<serde_json::Value> = specs
                .iter()
                .map(|(n, s)| {
                    serde_json::json!({
                        "name": n,
                        "group": s.group,
                        "full_name": format!("{}.{n}", s.group),
                        "risk": s.risk.as_str(),
                        "summary": s.summary,
                    })
                })
                .collect();
            format!("{}\n", serde_json::Value::Array(v))
        } else {
            let mut o = String::new();
            for (n, s) in &specs {
                let full = format!("{}.{n}", s.group);
                o.push_str(&format!(
                    "{n:<10} {:<7} {full:<16} {:<12} {}\n",
                    s.group,
                    s.risk.as_str(),
                    s.summary
                ));
            }
            o
        };
        if !output::out(ctx, out.as_bytes()) {
            return 1;
        }
        status
    }
}
