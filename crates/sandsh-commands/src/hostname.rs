//! `hostname`: show the sandbox's host name (`KernelConfig::hostname`, seen as `$HOSTNAME`).
//!
//! Setting it is refused as it is for an unprivileged user; the network-facing forms (`-i`,
//! `-I`, `-A`, `-y`) are not supported, since the sandbox has no network identity.

use sandsh_api::OptSpec;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::sysinfo;
use crate::common::{diag, output};

pub struct Hostname;

static SPEC: CommandSpec = CommandSpec {
    name: "hostname",
    group: "sys",
    summary: "show the system's host name",
    usage: "hostname [-s|-f|-d]",
    description: "Print the sandbox's host name. -s cuts it at the first dot, -d prints the part after it, -f prints it whole. Setting the host name is not permitted.",
    options: &[
        OptSpec::new("-s, --short", "short host name"),
        OptSpec::new("-f, --fqdn", "long host name (FQDN)"),
        OptSpec::new("--long", "long host name (FQDN)"),
        OptSpec::new("-d, --domain", "DNS domain name"),
        OptSpec::new("-a, --alias", "alias names (none)"),
        OptSpec::new(
            "-i, --ip-address",
            "addresses for the host name (not supported)",
        ),
        OptSpec::new(
            "-I, --all-ip-addresses",
            "all addresses for the host (not supported)",
        ),
        OptSpec::new("-A, --all-fqdns", "all long host names (not supported)"),
        OptSpec::new("-y, --nis", "NIS/YP domain name (not supported)"),
    ],
    operands: &[ArgSpec::optional(
        "NAME",
        ArgType::String,
        "a new host name (refused)",
    )],
    returns: "the host name",
    examples: &[Example {
        description: "the sandbox's name",
        script: "hostname",
        stdout: "sandbox\n",
    }],
    errors: "exit 1 when asked to set the name or for an unsupported form",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Hostname {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if !p.operands.is_empty() {
            diag::err(ctx, "hostname", "you must be root to change the host name");
            return 1;
        }
        for o in ["i", "I", "A", "y"] {
            if p.has(SPEC.find(o)) {
                diag::err(
                    ctx,
                    "hostname",
                    &format!("-{o} is not supported in the sandbox (no network identity)"),
                );
                return 1;
            }
        }
        let name = sysinfo::hostname(ctx);
        let (short, domain) = match name.split_once('.') {
            Some((s, d)) => (s.to_string(), d.to_string()),
            None => (name.clone(), String::new()),
        };
        let mut text = None;
        for (i, _) in &p.opts {
            let o = &SPEC.options[*i];
            text = match (o.short, o.long) {
                (Some('s'), _) => Some(short.clone()),
                (Some('d'), _) => Some(domain.clone()),
                (Some('a'), _) => Some(String::new()),
                _ => Some(name.clone()),
            };
        }
        let text = text.unwrap_or(name);
        output::emit(ctx, format!("{text}\n").as_bytes(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Hostname;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn names() {
        let mut c = TestCtx::new();
        c.env.push(("HOSTNAME".into(), b"box.example.org".to_vec()));
        assert_eq!(run(&Hostname, &[], &mut c), 0);
        assert_eq!(run(&Hostname, &["-s"], &mut c), 0);
        assert_eq!(run(&Hostname, &["-d"], &mut c), 0);
        assert_eq!(c.out_str(), "box.example.org\nbox\nexample.org\n");
        assert_eq!(run(&Hostname, &["new"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "hostname: you must be root to change the host name\n"
        );
    }
}
