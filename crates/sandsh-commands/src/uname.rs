//! `uname` and `arch`: print system information, of the sandbox and never of the host.
//!
//! The sandbox presents itself as a Linux machine: the node name is the session's host name
//! (`$HOSTNAME`, from `KernelConfig::hostname`), the machine is `$HOSTTYPE` (x86_64 unless the
//! embedder changed it), and the kernel release and version are fixed strings that say sandsh.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx};

use crate::common::output;
use crate::common::sysinfo;

pub struct Uname;
pub struct Arch;

/// What `uname -r` reports.
pub const RELEASE: &str = "6.1.0-sandsh";
/// What `uname -v` reports.
pub const VERSION: &str = "#1 SMP sandsh";

static SPEC: CommandSpec = CommandSpec {
    name: "uname",
    group: "sys",
    summary: "print system information",
    usage: "uname [OPTION]...",
    description: "Print certain system information about the sandbox (never the host). With no OPTION, same as -s. The node name is the session's host name; the release and version name sandsh.",
    options: &[
        OptSpec::new(
            "-a, --all",
            "print all information, omitting -p and -i if unknown",
        ),
        OptSpec::new("-s, --kernel-name", "print the kernel name"),
        OptSpec::new("-n, --nodename", "print the network node hostname"),
        OptSpec::new("-r, --kernel-release", "print the kernel release"),
        OptSpec::new("-v, --kernel-version", "print the kernel version"),
        OptSpec::new("-m, --machine", "print the machine hardware name"),
        OptSpec::new("-p, --processor", "print the processor type (unknown)"),
        OptSpec::new(
            "-i, --hardware-platform",
            "print the hardware platform (unknown)",
        ),
        OptSpec::new("-o, --operating-system", "print the operating system"),
    ],
    operands: &[],
    returns: "the requested fields, space separated, on one line",
    examples: &[
        Example {
            description: "kernel name and OS",
            script: "uname -s -o",
            stdout: "Linux GNU/Linux\n",
        },
        Example {
            description: "the sandbox's node name",
            script: "uname -n",
            stdout: "sandbox\n",
        },
    ],
    errors: "exit 1 for an unknown option or an operand",
    risk: RiskLevel::ReadOnly,
};

static ARCH: CommandSpec = CommandSpec {
    name: "arch",
    group: "sys",
    summary: "print machine hardware name (same as uname -m)",
    usage: "arch [OPTION]...",
    description: "Print the sandbox's machine hardware name ($HOSTTYPE, x86_64 by default).",
    options: &[],
    operands: &[],
    returns: "the machine name",
    examples: &[Example {
        description: "the machine",
        script: "arch",
        stdout: "x86_64\n",
    }],
    errors: "exit 1 for an operand",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Uname {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let all = p.has(opt!(SPEC, "a"));
        let want = |c: &str| all || p.has(SPEC.find(c));
        let none = p.opts.is_empty();
        let mut fields: Vec<String> = Vec::new();
        if none || want("s") {
            fields.push("Linux".into());
        }
        if want("n") {
            fields.push(sysinfo::hostname(ctx));
        }
        if want("r") {
            fields.push(RELEASE.into());
        }
        if want("v") {
            fields.push(VERSION.into());
        }
        if want("m") {
            fields.push(sysinfo::machine(ctx));
        }
        if p.has(opt!(SPEC, "p")) {
            fields.push("unknown".into());
        }
        if p.has(opt!(SPEC, "i")) {
            fields.push("unknown".into());
        }
        if want("o") {
            fields.push("GNU/Linux".into());
        }
        let line = format!("{}\n", fields.join(" "));
        output::emit(ctx, line.as_bytes(), 0)
    }
}

impl ParsedCommand for Arch {
    fn spec(&self) -> &CommandSpec {
        &ARCH
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, _: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let line = format!("{}\n", sysinfo::machine(ctx));
        output::emit(ctx, line.as_bytes(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Arch, Uname};
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn fields() {
        let mut c = TestCtx::new();
        c.env.push(("HOSTNAME".into(), b"box".to_vec()));
        assert_eq!(run(&Uname, &[], &mut c), 0);
        assert_eq!(run(&Uname, &["-a"], &mut c), 0);
        assert_eq!(run(&Uname, &["-snrmpio"], &mut c), 0);
        assert_eq!(run(&Arch, &[], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "Linux\nLinux box 6.1.0-sandsh #1 SMP sandsh x86_64 GNU/Linux\n\
             Linux box 6.1.0-sandsh x86_64 unknown unknown GNU/Linux\nx86_64\n"
        );
        assert_eq!(run(&Uname, &["x"], &mut c), 1);
        assert!(
            c.err_str()
                .starts_with("uname: extra operand \u{2018}x\u{2019}\n")
        );
    }
}
