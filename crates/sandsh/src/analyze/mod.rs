//! `analyze(script)`: what a script may do, found without running it.
//!
//! Agent platforms want to see a script before they approve it. The analysis walks the AST
//! of `sandsh-syntax` (every branch, function body and substitution: what the script *may*
//! do) and resolves each command name the way the session would (the script's functions, the
//! session's functions, builtins, the registry through `$PATH`). It reports the commands with
//! their literal arguments and their risk tier under the session's policy (the policy's own
//! [`PolicyState::risk_of`], so the tiers are the ones `confirm_at` acts on), the files read,
//! written, appended, deleted or moved where the words are literal (redirections, and the
//! operands of the commands in [`effects`]'s table), the URLs of `curl` and `wget`, and every
//! construct whose effect cannot be known statically as `opaque` with its position (`eval`
//! of an expansion, a command name from a variable, `source`, `bash -c "$x"`, `xargs`, `find
//! -exec` of a variable, an expanded value evaluated as arithmetic…). It never runs anything
//! and reads no file: it is pure over the script, the registry and the policy.
//!
//! [`Report::read_only`] is the verdict the read-only auto-approval takes
//! (`policy.approve_read_only`): only read-only commands, nothing written, no network, no
//! opaque construct. The verdict is conservative: what the analysis cannot see through makes
//! it false.
//!
//! The JSON shape is [`schema`] (documented in the README, "Analysing a script").

mod effects;
mod report;
mod special;
#[cfg(test)]
mod tests;
mod walk;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use sandsh_api::Command;
use sandsh_interp::{CommandPolicy, PolicyState};

pub use report::{
    Access, CommandKind, CommandUse, FileUse, NetworkUse, Opaque, OpaqueKind, ParseErrorInfo,
    Position, REPORT_VERSION, Report, schema,
};

/// What a command name runs in the session (besides the script's own functions).
pub enum Resolved {
    Builtin,
    SessionFunction,
    Registered(Arc<dyn Command>),
    /// A file that is not a command's entry (its path).
    File(String),
    NotFound,
}

/// What the analysis knows of the session: how names resolve, the policy, the directory.
pub struct Context<'a> {
    /// How a name (without the script's functions) resolves.
    pub resolve: &'a dyn Fn(&str) -> Resolved,
    /// The policy the tiers are computed under (an empty one computes the commands' own).
    pub policy: PolicyState,
    /// The directory relative paths start from (for the policy's mount rules).
    pub cwd: PathBuf,
    /// The aliases the parser expands (`None`: alias expansion is off).
    pub aliases: Option<HashMap<String, String>>,
}

impl Context<'_> {
    /// A session with no policy, in `/`, resolving names with `resolve`.
    pub fn with_resolver(resolve: &dyn Fn(&str) -> Resolved) -> Context<'_> {
        Context {
            resolve,
            policy: PolicyState::new(CommandPolicy::default(), Vec::new()),
            cwd: PathBuf::from("/"),
            aliases: None,
        }
    }
}

/// A name as a fresh session resolves it: builtins, then the standard registry (`lookup`).
pub fn resolve_in(name: &str, lookup: &dyn Fn(&str) -> Option<Arc<dyn Command>>) -> Resolved {
    if sandsh_interp::builtin_names().contains(&name) {
        return Resolved::Builtin;
    }
    if name.contains('/') {
        let base = name.rsplit('/').next().unwrap_or(name);
        let dir = &name[..name.len() - base.len()];
        if matches!(dir, "/usr/bin/" | "/bin/") {
            if sandsh_interp::path::PROGRAM_BUILTINS.contains(&base) {
                return Resolved::Builtin;
            }
            if let Some(c) = lookup(base) {
                return Resolved::Registered(c);
            }
        }
        return Resolved::File(name.to_string());
    }
    match lookup(name) {
        Some(c) => Resolved::Registered(c),
        None => Resolved::NotFound,
    }
}

/// Analyse `script` in `ctx` (see the module documentation).
pub fn analyze(script: &str, ctx: &Context<'_>) -> Report {
    let mut report = Report {
        version: REPORT_VERSION,
        commands: Vec::new(),
        highest_risk: None,
        files: Vec::new(),
        network: Vec::new(),
        opaque: Vec::new(),
        parse_error: None,
        read_only: false,
    };
    // Parsed as the shell reads it: one complete command at a time, so that the commands
    // before a syntax error are reported (they would run).
    let mut parser = sandsh_syntax::Parser::new(script);
    let mut all = sandsh_syntax::ast::List::default();
    let error = loop {
        let aliases = ctx
            .aliases
            .as_ref()
            .map(|a| a as &dyn sandsh_syntax::AliasLookup);
        match parser.next_command(aliases) {
            Ok(Some(list)) => all.items.extend(list.items),
            Ok(None) => break None,
            Err(e) => break Some(e),
        }
    };
    let parse_error = {
        let mut w = walk::Walker::new(ctx, script, &mut report);
        w.collect_functions(&all);
        w.list(&all);
        error.map(|e| ParseErrorInfo {
            at: w.position(e.span.offset()),
            message: e.message,
        })
    };
    report.parse_error = parse_error;
    report.read_only = report.verdict();
    report
}
