//! [`Kernel::analyze`]: the analysis of a script in this session (its functions, aliases,
//! `$PATH`, traps, registry and policy), and the read-only approval of a run that takes it.

use std::collections::HashMap;
use std::path::PathBuf;

use sandsh_interp::{CommandPolicy, PolicyState};

use super::Kernel;
use crate::analyze::{self, Context, OpaqueKind, Position, Report, Resolved};

impl Kernel {
    /// What `script` may do in this session, found without running it (see [`crate::analyze`]).
    pub fn analyze(&self, script: &str) -> Report {
        let shell = &self.shell;
        let functions = shell.function_names();
        let resolve = |name: &str| -> Resolved {
            if functions.iter().any(|f| f == name) {
                return Resolved::SessionFunction;
            }
            if name.contains('/') || sandsh_interp::builtin_names().contains(&name) {
                return analyze::resolve_in(name, &|n| self.registry.get(n));
            }
            // As the shell finds it: what `hash` remembers, else the first file on `$PATH`.
            match shell.remembered(name).or_else(|| shell.search_path(name)) {
                Some(found) => match found.command.as_deref().and_then(|c| self.registry.get(c)) {
                    Some(c) => Resolved::Registered(c),
                    None => Resolved::File(found.shown),
                },
                None => analyze::resolve_in(name, &|n| self.registry.get(n)),
            }
        };
        let policy = shell
            .policy()
            .cloned()
            .unwrap_or_else(|| PolicyState::new(CommandPolicy::default(), Vec::new()));
        let aliases: Option<HashMap<String, String>> = shell
            .expands_aliases()
            .then(|| shell.alias_list().into_iter().collect());
        let ctx = Context {
            resolve: &resolve,
            policy,
            cwd: PathBuf::from(shell.cwd()),
            aliases,
        };
        let mut report = analyze::analyze(script, &ctx);
        let traps = shell.active_traps();
        if !traps.is_empty() {
            report.opaque.push(analyze::Opaque {
                kind: OpaqueKind::Indirect,
                reason: format!(
                    "the session has traps set earlier ({}): their code runs too",
                    traps.join(", ")
                ),
                at: Position { line: 1, column: 1 },
            });
            report.read_only = false;
        }
        report
    }

    /// Before a run: with `policy.approve_read_only` (and `confirm_at`), mark the run approved
    /// when its analysis is read-only. The mark is cleared by [`Kernel::end_approval`].
    pub(super) fn begin_approval(&self, script: &str) {
        let Some(state) = self.shell.policy() else {
            return;
        };
        if state.policy.approve_read_only && state.policy.confirm_at.is_some() {
            state.set_approved(self.analyze(script).read_only);
        }
    }

    pub(super) fn end_approval(&self) {
        if let Some(state) = self.shell.policy() {
            state.set_approved(false);
        }
    }
}
