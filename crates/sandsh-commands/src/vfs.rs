//! `vfs diff|commit|reset [PATH]`: inspect and settle the changes made inside overlay mounts.
//!
//! An overlay mount keeps every write in memory; `vfs diff` shows them (added, modified and
//! deleted paths, with unified diffs for text), `vfs commit` writes them to the host directory,
//! `vfs reset` drops them. The work is done by the backend's tools (`KernelBackend::call_tool`).

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};

use crate::common::{diag, output};

pub struct Vfs;

static SPEC: CommandSpec = CommandSpec {
    name: "vfs",
    group: "fs",
    summary: "show, commit or drop the changes made in overlay mounts",
    usage: "vfs diff|commit|reset [PATH]",
    description: "diff: list the changes made inside the overlay mounted at PATH (all overlays without PATH), with a unified diff for each changed text file. commit: write those changes to the host directory. reset: discard them.",
    options: &[],
    operands: &[
        ArgSpec::required("ACTION", ArgType::String, "diff, commit or reset"),
        ArgSpec::optional(
            "PATH",
            ArgType::Path,
            "an overlay mount point (or a path inside one)",
        ),
    ],
    returns: "diff: the changes; commit/reset: a summary line",
    examples: &[Example {
        description: "without overlay mounts there is nothing to report",
        script: "vfs diff",
        stdout: "",
    }],
    errors: "exit 1 when PATH is not inside an overlay mount or the host write fails; exit 2 on a bad action",
    risk: RiskLevel::HighRisk,
};

impl Command for Vfs {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let Some(action) = args.first().map(|a| diag::lossy(a)) else {
            diag::err(ctx, "vfs", "missing action (diff, commit or reset)");
            return 2;
        };
        if !matches!(action.as_str(), "diff" | "commit" | "reset") || args.len() > 2 {
            diag::err(ctx, "vfs", &format!("usage: {}", SPEC.usage));
            return 2;
        }
        let mut targs = Vec::new();
        if let Some(p) = args.get(1) {
            let abs = ctx.resolve_path(&diag::lossy(p));
            targs.push(abs.as_os_str().as_encoded_bytes().to_vec());
        }
        let backend = ctx.backend().clone();
        match backend.call_tool(&format!("vfs.{action}"), &targs) {
            Ok(out) => {
                if output::out(ctx, &out) {
                    0
                } else {
                    1
                }
            }
            Err(sandsh_api::fs::VfsError::Other(m)) if m.contains("no such backend tool") => {
                if action == "diff" {
                    0
                } else {
                    diag::err(ctx, "vfs", "there are no overlay mounts");
                    1
                }
            }
            Err(e) => {
                diag::err(ctx, "vfs", &e.to_string());
                1
            }
        }
    }
}
