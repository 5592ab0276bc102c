//! Rendering a [`CommandSpec`] for people (`help NAME`, `NAME --help`) and for programs
//! (`help NAME --json`, tool schemas). Everything is derived from the spec, so documentation
//! cannot drift from the option table the command parses with.

use super::{ArgType, CommandSpec, OptSpec};

/// The man-style page of a command.
pub fn render_help(spec: &CommandSpec) -> String {
    let mut s = String::new();
    s.push_str(&format!("NAME\n    {} - {}\n\n", spec.name, spec.summary));
    s.push_str(&format!("SYNOPSIS\n    {}\n", spec.usage));
    if !spec.description.is_empty() {
        s.push_str("\nDESCRIPTION\n");
        for line in wrap(spec.description, 76) {
            s.push_str("    ");
            s.push_str(&line);
            s.push('\n');
        }
    }
    if !spec.options.is_empty() {
        s.push_str("\nOPTIONS\n");
        for o in spec.options {
            let mut names = Vec::new();
            if let Some(c) = o.short {
                names.push(format!("-{c}"));
            }
            if let Some(l) = o.long {
                names.push(match o.value {
                    Some(v) => format!("--{l}={v}"),
                    None => format!("--{l}"),
                });
            } else if let Some(v) = o.value
                && let Some(first) = names.first_mut()
            {
                first.push(' ');
                first.push_str(v);
            }
            s.push_str(&format!("    {}\n", names.join(", ")));
            for line in wrap(o.help, 72) {
                s.push_str(&format!("        {line}\n"));
            }
        }
    }
    if !spec.operands.is_empty() {
        s.push_str("\nOPERANDS\n");
        for a in spec.operands {
            let rep = if a.repeated { "..." } else { "" };
            let req = if a.required { "" } else { " (optional)" };
            s.push_str(&format!(
                "    {}{rep}  {}{req}\n        {}\n",
                a.name,
                type_name(a.kind),
                a.description
            ));
        }
    }
    if !spec.returns.is_empty() {
        s.push_str(&format!("\nOUTPUT\n    {}\n", spec.returns));
    }
    if !spec.examples.is_empty() {
        s.push_str("\nEXAMPLES\n");
        for e in spec.examples {
            if !e.description.is_empty() {
                s.push_str(&format!("    {}:\n", e.description));
            }
            s.push_str(&format!("        $ {}\n", e.script));
            for line in e.stdout.lines() {
                s.push_str(&format!("        {line}\n"));
            }
        }
    }
    if !spec.errors.is_empty() {
        s.push_str(&format!("\nEXIT STATUS\n    {}\n", spec.errors));
    }
    s.push_str(&format!(
        "\nSEE ALSO\n    group {}, full name {}, risk {}\n",
        spec.group,
        spec.full_name(),
        spec.risk.as_str()
    ));
    s
}

/// The spec as JSON (for `help NAME --json`, tool listings and schemas).
pub fn spec_json(spec: &CommandSpec) -> serde_json::Value {
    serde_json::json!({
        "name": spec.name,
        "group": spec.group,
        "full_name": spec.full_name(),
        "summary": spec.summary,
        "usage": spec.usage,
        "description": spec.description,
        "options": spec.options.iter().map(option_json).collect::<Vec<_>>(),
        "operands": spec.operands.iter().map(|a| serde_json::json!({
            "name": a.name,
            "type": type_name(a.kind),
            "description": a.description,
            "required": a.required,
            "repeated": a.repeated,
        })).collect::<Vec<_>>(),
        "returns": spec.returns,
        "examples": spec.examples.iter().map(|e| serde_json::json!({
            "description": e.description,
            "script": e.script,
            "stdout": e.stdout,
        })).collect::<Vec<_>>(),
        "errors": spec.errors,
        "risk": spec.risk.as_str(),
    })
}

/// One option row as JSON: `{short, long, value, help}`.
pub fn option_json(o: &OptSpec) -> serde_json::Value {
    serde_json::json!({
        "short": o.short.map(|c| c.to_string()),
        "long": o.long,
        "value": o.value,
        "help": o.help,
    })
}

/// JSON Schema type name of an argument type.
pub fn type_name(t: ArgType) -> &'static str {
    match t {
        ArgType::Integer => "integer",
        ArgType::Number => "number",
        ArgType::Boolean => "boolean",
        ArgType::String | ArgType::Path | ArgType::Pattern | ArgType::Command => "string",
    }
}

/// Greedy word wrap.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut cur = String::new();
        for w in para.split_whitespace() {
            if !cur.is_empty() && cur.len() + 1 + w.len() > width {
                lines.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(w);
        }
        lines.push(cur);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}
