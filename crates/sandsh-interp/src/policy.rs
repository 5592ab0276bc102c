//! The command policy: which commands a session may run, and which invocations must be
//! confirmed first.
//!
//! An embedder (or the CLI: `--deny`, `--allow-only`, `--confirm-at`) gives a
//! [`CommandPolicy`]. It is checked where every registered command starts
//! ([`Shell::run_registered`](super::Shell)), so a command is refused however it is reached:
//! by name, `command NAME`, `/usr/bin/NAME` (or a copy of that entry), `env NAME`, `xargs NAME`,
//! `find -exec NAME`, `timeout N NAME`, a shebang, or `ToolCtx::call`. A refused command writes
//! `sandsh: NAME: denied by policy (--deny NAME)` (or `(not in --allow-only)`) and fails with
//! status 126, as a command that cannot be executed does.
//!
//! Shell builtins (`echo`, `cd`, `test`, `eval`, …) are part of the language and are always
//! allowed: the lists name registered commands (what `/usr/bin` holds). Naming a builtin in an
//! allow-list is harmless; [`CommandPolicy::check`] reports naming one in a deny-list, since it
//! would have no effect.
//!
//! Confirmation: with [`CommandPolicy::confirm_at`], an invocation whose risk is at or above
//! that level runs only when the confirmation hook (the policy's own, else the session's
//! `ask` hook set by `Kernel::set_ask`, e.g. the REPL's) answers yes; otherwise it fails with
//! status 126. An invocation's risk is its command's `CommandSpec::risk`, raised by what the
//! arguments say:
//!
//! - a recursive removal (`rm -r`, `-R`, `--recursive`) is at least `high_risk`;
//! - a command that writes (spec risk `low_risk` or more) naming a path on a read-write host
//!   mount (`--mount HOST:PATH:rw`) is at least `high_risk`, and `critical` when it is also a
//!   recursive removal.
//!
//! The paths are found by a heuristic: every argument that is not an option, and the value of
//! `--option=VALUE`, resolved against the working directory.
//!
//! Read-only auto-approval ([`CommandPolicy::approve_read_only`]): the kernel analyses each
//! script before it runs (`sandsh::analyze`) and, when the analysis finds only read-only
//! commands, no file written and no opaque construct, marks the run approved
//! ([`PolicyState::approved`]). In an approved run an invocation whose risk is `read_only` runs
//! without asking; one the analysis did not foresee (a higher risk at run time) is still asked
//! about, so the approval can never let more than read-only commands through.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{AskHook, Shell};
use sandsh_api::{Command, CommandSpec, RiskLevel};

/// Which commands a session may run, and which invocations must be confirmed.
#[derive(Clone, Default)]
pub struct CommandPolicy {
    /// Commands that never run.
    pub deny: Vec<String>,
    /// When set, only these commands run (builtins always do).
    pub allow_only: Option<Vec<String>>,
    /// Invocations at or above this risk are confirmed first.
    pub confirm_at: Option<RiskLevel>,
    /// Who confirms (the session's `ask` hook when `None`; no hook answers no).
    pub confirm: Option<AskHook>,
    /// Scripts whose analysis shows them read-only run without confirmation (see the module
    /// documentation).
    pub approve_read_only: bool,
}

impl fmt::Debug for CommandPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommandPolicy")
            .field("deny", &self.deny)
            .field("allow_only", &self.allow_only)
            .field("confirm_at", &self.confirm_at)
            .field("confirm", &self.confirm.as_ref().map(|_| "hook"))
            .field("approve_read_only", &self.approve_read_only)
            .finish()
    }
}

impl CommandPolicy {
    pub fn new() -> Self {
        Self::default()
    }

    /// Never run `name`.
    pub fn deny(mut self, name: impl Into<String>) -> Self {
        self.deny.push(name.into());
        self
    }

    /// Run only the commands allowed this way (and builtins).
    pub fn allow(mut self, name: impl Into<String>) -> Self {
        self.allow_only
            .get_or_insert_with(Vec::new)
            .push(name.into());
        self
    }

    /// Confirm invocations whose risk is `risk` or more.
    pub fn confirm_at(mut self, risk: RiskLevel) -> Self {
        self.confirm_at = Some(risk);
        self
    }

    /// Run scripts that the analysis finds read-only without confirmation.
    pub fn approve_read_only(mut self, on: bool) -> Self {
        self.approve_read_only = on;
        self
    }

    /// Ask `hook` (the question ends with `run it? [y/N] `; an answer starting with y runs the
    /// command).
    pub fn confirm_with(mut self, hook: AskHook) -> Self {
        self.confirm = Some(hook);
        self
    }

    /// Whether the policy restricts nothing.
    pub fn is_empty(&self) -> bool {
        self.deny.is_empty() && self.allow_only.is_none() && self.confirm_at.is_none()
    }

    /// Why `name` may not run (the policy flag to name), if it may not.
    pub fn refusal(&self, name: &str) -> Option<String> {
        if self.deny.iter().any(|d| d == name) {
            return Some(format!("--deny {name}"));
        }
        match &self.allow_only {
            Some(list) if !list.iter().any(|a| a == name) => Some("not in --allow-only".into()),
            _ => None,
        }
    }

    /// `read_only`, `low`, `medium`, `high`, `critical` (also `low_risk` … and `-` for `_`).
    pub fn parse_risk(s: &str) -> Option<RiskLevel> {
        let s = s.trim().to_ascii_lowercase().replace('-', "_");
        Some(match s.strip_suffix("_risk").unwrap_or(&s) {
            "read_only" | "readonly" | "none" => RiskLevel::ReadOnly,
            "low" => RiskLevel::LowRisk,
            "medium" => RiskLevel::MediumRisk,
            "high" => RiskLevel::HighRisk,
            "critical" => RiskLevel::Critical,
            _ => return None,
        })
    }
}

/// A session's policy with what its risk rules need to know (the read-write mount points).
#[derive(Clone, Debug)]
pub struct PolicyState {
    pub policy: CommandPolicy,
    pub rw_mounts: Vec<PathBuf>,
    /// The running script was approved as read-only by its analysis (set by the kernel for
    /// one run; shared with the run's subshells and jobs).
    pub approved: Arc<AtomicBool>,
}

impl PolicyState {
    pub fn new(policy: CommandPolicy, rw_mounts: Vec<PathBuf>) -> Self {
        PolicyState {
            policy,
            rw_mounts,
            approved: Arc::default(),
        }
    }

    /// Mark the current run approved as read-only (or not).
    pub fn set_approved(&self, on: bool) {
        self.approved.store(on, Ordering::SeqCst);
    }

    /// The risk of running `spec` with `args` in `cwd` (see the module documentation).
    pub fn risk_of(&self, spec: &CommandSpec, args: &[Vec<u8>], cwd: &Path) -> RiskLevel {
        invocation_risk(spec, args, cwd, &self.rw_mounts)
    }
}

/// The risk of running `spec` with `args` in `cwd` in a session whose read-write mounts are
/// `rw_mounts` (see the module documentation).
pub(crate) fn invocation_risk(
    spec: &CommandSpec,
    args: &[Vec<u8>],
    cwd: &Path,
    rw_mounts: &[PathBuf],
) -> RiskLevel {
    let mut risk = spec.risk;
    let recursive_rm = spec.name == "rm" && is_recursive(args);
    if recursive_rm {
        risk = risk.max(RiskLevel::HighRisk);
    }
    if spec.risk >= RiskLevel::LowRisk
        && !rw_mounts.is_empty()
        && path_args(args).any(|p| {
            let p = sandsh_vfs::join(cwd, &String::from_utf8_lossy(p));
            rw_mounts.iter().any(|m| p.starts_with(m))
        })
    {
        risk = risk.max(if recursive_rm {
            RiskLevel::Critical
        } else {
            RiskLevel::HighRisk
        });
    }
    risk
}

/// `-r`, `-R`, `--recursive`, or a cluster holding `r`/`R`, before `--`.
fn is_recursive(args: &[Vec<u8>]) -> bool {
    args.iter().take_while(|a| *a != b"--").any(|a| {
        a == b"--recursive"
            || (a.len() > 1
                && a[0] == b'-'
                && a[1] != b'-'
                && a[1..].iter().any(|&c| c == b'r' || c == b'R'))
    })
}

/// The arguments that may be paths: operands, and the values of `--opt=VALUE`.
fn path_args(args: &[Vec<u8>]) -> impl Iterator<Item = &[u8]> {
    let mut options = true;
    args.iter().filter_map(move |a| {
        if options && a == b"--" {
            options = false;
            return None;
        }
        if options && a.len() > 1 && a[0] == b'-' {
            if a.starts_with(b"--") {
                let eq = a.iter().position(|&c| c == b'=')?;
                return Some(&a[eq + 1..]);
            }
            return None;
        }
        Some(&a[..])
    })
}

/// The invocation as one line for a question (lossy, clipped).
fn shown(name: &str, args: &[Vec<u8>]) -> String {
    let mut s = name.to_string();
    for a in args {
        s.push(' ');
        s.push_str(&String::from_utf8_lossy(a));
        if s.len() > 200 {
            let mut cut = 200;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
            s.push('…');
            break;
        }
    }
    s
}

impl Shell {
    /// Apply the session's policy to a registered command about to run: `Some(status)` when
    /// it is refused (the message is written to stderr).
    /// Whether the session's policy refuses this command: the status it ends with and the
    /// message for its stderr (the caller writes it). Asks the confirmation hook when the
    /// policy wants a command confirmed.
    pub(crate) fn policy_refusal(
        &mut self,
        cmd: &Arc<dyn Command>,
        args: &[Vec<u8>],
    ) -> Option<(i32, String)> {
        let state = self.env.policy.get()?;
        let name = cmd.spec().name;
        if let Some(why) = state.policy.refusal(name) {
            return Some((126, format!("sandsh: {name}: denied by policy ({why})\n")));
        }
        let at = state.policy.confirm_at?;
        let risk = state.risk_of(cmd.spec(), args, &self.cwd);
        if risk < at {
            return None;
        }
        // Approved as read-only: what the analysis foresaw runs; anything riskier is asked.
        if risk == RiskLevel::ReadOnly && state.approved.load(Ordering::SeqCst) {
            return None;
        }
        let question = format!(
            "sandsh: {}: {} command; run it? [y/N] ",
            shown(name, args),
            risk.as_str()
        );
        let hook = state
            .policy
            .confirm
            .clone()
            .or_else(|| self.env.ask.lock().ok().and_then(|h| h.clone()));
        // Yes is an answer starting with y or Y, as `ToolCtx::confirm` reads it.
        if hook
            .is_some_and(|h| h(&question).is_some_and(|a| a.trim_start().starts_with(['y', 'Y'])))
        {
            return None;
        }
        Some((
            126,
            format!(
                "sandsh: {name}: not confirmed ({}; --confirm-at {})\n",
                risk.as_str(),
                at.as_str()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(args: &[&str]) -> Vec<Vec<u8>> {
        args.iter().map(|a| a.as_bytes().to_vec()).collect()
    }

    #[test]
    fn lists_and_risk_names() {
        let p = CommandPolicy::new().deny("curl").allow("cat").allow("curl");
        assert_eq!(p.refusal("curl").as_deref(), Some("--deny curl"));
        assert_eq!(p.refusal("ls").as_deref(), Some("not in --allow-only"));
        assert_eq!(p.refusal("cat"), None);
        assert_eq!(CommandPolicy::new().refusal("ls"), None);
        for (s, r) in [
            ("high", RiskLevel::HighRisk),
            ("high_risk", RiskLevel::HighRisk),
            ("Medium-Risk", RiskLevel::MediumRisk),
            ("read_only", RiskLevel::ReadOnly),
            ("critical", RiskLevel::Critical),
            ("low", RiskLevel::LowRisk),
        ] {
            assert_eq!(CommandPolicy::parse_risk(s), Some(r), "{s}");
        }
        assert_eq!(CommandPolicy::parse_risk("huge"), None);
    }

    #[test]
    fn recursion_and_paths() {
        assert!(is_recursive(&v(&["-rf", "x"])));
        assert!(is_recursive(&v(&["-fR", "x"])));
        assert!(is_recursive(&v(&["--recursive", "x"])));
        assert!(!is_recursive(&v(&["-f", "--", "-r"])));
        assert!(!is_recursive(&v(&["--force", "x"])));
        let a = v(&["-f", "--target=/w/x", "a", "--", "-b"]);
        let got: Vec<&[u8]> = path_args(&a).collect();
        assert_eq!(got, vec![&b"/w/x"[..], b"a", b"-b"]);
    }
}
