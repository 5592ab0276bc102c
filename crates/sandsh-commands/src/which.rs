//! `which`: locate a command in `$PATH`, as Debian's `which` does.
//!
//! Registered commands have no files in the VFS yet; they live, as `command -v` reports, at
//! `/usr/bin/NAME` (and `/bin/NAME`, `/bin` being `/usr/bin` on Debian). So a `$PATH` entry of
//! `/usr/bin` or `/bin` finds a registered command there, and any other entry finds only
//! executable files actually present in the VFS.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, output, paths};

pub struct Which;

static SPEC: CommandSpec = CommandSpec {
    name: "which",
    group: "sys",
    summary: "locate a command",
    usage: "which [-a] COMMAND...",
    description: "Print the path of each COMMAND that would run, searching $PATH. Registered commands are found in /usr/bin (and /bin); other executables must exist as files. Shell builtins and functions are not reported (use `command -v` or `type`).",
    options: &[OptSpec::new(
        "-a",
        "print all matching pathnames of each argument",
    )],
    operands: &[ArgSpec::required("COMMAND", ArgType::Command, "command names").repeated()],
    returns: "one path per command found",
    examples: &[
        Example {
            description: "where ls lives",
            script: "which ls",
            stdout: "/usr/bin/ls\n",
        },
        Example {
            description: "every match",
            script: "which -a sort",
            stdout: "/usr/bin/sort\n/bin/sort\n",
        },
    ],
    errors: "exit 1 when a COMMAND is not found (or none is given); 2 for a bad option",
    risk: RiskLevel::ReadOnly,
};

fn executable(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend()
        .stat(&ctx.resolve_path(path))
        .is_ok_and(|m| m.is_file() && m.mode & 0o111 != 0)
}

impl ParsedCommand for Which {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let all = p.has(opt!(SPEC, "a"));
        let path = ctx
            .var("PATH")
            .map(|v| v.to_string_lossy())
            .unwrap_or_default();
        let mut dirs: Vec<String> = path
            .split(':')
            .map(|d| {
                if d.is_empty() {
                    ".".into()
                } else {
                    d.to_string()
                }
            })
            .collect();
        if path.is_empty() {
            dirs.clear();
        }
        let mut status = if p.operands.is_empty() { 1 } else { 0 };
        let mut out = String::new();
        for op in &p.operands {
            let name = diag::lossy(op);
            let mut found = false;
            if name.contains('/') {
                if executable(ctx, &name) {
                    out.push_str(&format!("{name}\n"));
                    found = true;
                }
            } else if !name.is_empty() {
                let registered = ctx.registry().get(&name).is_some();
                for d in &dirs {
                    let cand = paths::join_name(d, &name);
                    let canon = ctx.resolve_path(d);
                    let bin = matches!(canon.to_str(), Some("/usr/bin") | Some("/bin"));
                    if (bin && registered) || executable(ctx, &cand) {
                        out.push_str(&format!("{cand}\n"));
                        found = true;
                        if !all {
                            break;
                        }
                    }
                }
            }
            if !found {
                status = 1;
            }
        }
        output::emit(ctx, out.as_bytes(), status)
    }
}

#[cfg(test)]
mod tests {
    use super::Which;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn finds() {
        let mut c = TestCtx::new();
        c.env
            .push(("PATH".into(), b"/usr/local/bin:/usr/bin:/bin".to_vec()));
        let _ = c
            .backend
            .mkdir(std::path::Path::new("/usr/local/bin"), 0o755, true);
        let _ = c.backend.write(
            std::path::Path::new("/usr/local/bin/tool"),
            b"#!/bin/sh\n",
            sandsh_api::fs::WriteMode::Truncate,
            0o755,
        );
        assert_eq!(run(&Which, &["ls", "tool"], &mut c), 0);
        assert_eq!(run(&Which, &["-a", "cat"], &mut c), 0);
        assert_eq!(run(&Which, &["nope", "sort"], &mut c), 1);
        assert_eq!(run(&Which, &[], &mut c), 1);
        assert_eq!(
            c.out_str(),
            "/usr/bin/ls\n/usr/local/bin/tool\n/usr/bin/cat\n/bin/cat\n/usr/bin/sort\n"
        );
    }
}
