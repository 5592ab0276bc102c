//! `mount`: list what is mounted in the sandbox. Mounting itself is configuration (the
//! embedder's `KernelConfig::mount` or `--mount`), never something a script can do.

use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};

use crate::common::{diag, output};

pub struct Mount;

static SPEC: CommandSpec = CommandSpec {
    name: "mount",
    group: "fs",
    summary: "list the filesystems mounted in the sandbox",
    usage: "mount",
    description: "Print one line per mount: SOURCE on PATH (ro|rw). The root is the in-memory filesystem; host directories appear only when the embedder or `sandsh --mount HOST:PATH[:ro|:overlay|:rw]` mounted them. Scripts cannot mount anything.",
    options: &[],
    operands: &[],
    returns: "one line per mount",
    examples: &[Example {
        description: "the default sandbox has only the in-memory root",
        script: "mount",
        stdout: "memory on / (rw)\n",
    }],
    errors: "exit 1 when given arguments (mounting from a script is not supported)",
    risk: RiskLevel::ReadOnly,
};

impl Command for Mount {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        if !args.is_empty() {
            diag::err(
                ctx,
                "mount",
                "mounting from a script is not supported; mounts are configured with --mount or KernelConfig::mount",
            );
            return 1;
        }
        let mut out = String::new();
        let mounts = ctx.backend().mounts();
        if !mounts.iter().any(|m| m.path.as_os_str() == "/") {
            let ro = if ctx.backend().read_only() {
                "ro"
            } else {
                "rw"
            };
            out.push_str(&format!("memory on / ({ro})\n"));
        }
        for m in mounts {
            let ro = if m.read_only { "ro" } else { "rw" };
            out.push_str(&format!("{} on {} ({ro})\n", m.source, m.path.display()));
        }
        if output::out(ctx, out.as_bytes()) {
            0
        } else {
            1
        }
    }
}
