//! `git` over the session's files: real repositories, git's own objects and output.
//!
//! Every byte of a repository goes through the session's VFS ([`sandsh_api::ToolCtx`]): the
//! high-level `gix::Repository` reads through `std::fs`, so this crate builds on gitoxide's
//! format crates instead, which work on bytes: `gix-object` (commits, trees, tags), `gix-hash`
//! (SHA-1 ids), `gix-index` (the index), `gix-config` (configuration files), `gix-ignore` and
//! `gix-glob` (ignore rules), `gix-date`, and `imara-diff` for line diffs. What they do not
//! provide is here: the object store over the VFS (loose objects and packs), references and
//! reflogs, the working-tree walk, and the porcelain with git's messages and statuses. A
//! repository made here is one the host's git reads (`git fsck`), and one the host made is
//! one this git reads.
//!
//! Nothing is faked: a subcommand or an option git has and this git does not says so and
//! exits 129, as git does for an option it does not know.

mod cli;
mod cmd;
mod config;
mod diffout;
mod error;
mod ident;
mod ignore;
mod index;
mod merge3;
mod mergetree;
mod objects;
mod odb;
mod opts;
mod pathspec;
mod quote;
mod refs;
mod repo;
mod revparse;
mod textdiff;
mod worktree;

use std::sync::Arc;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx,
};

/// The three-way text merge `git merge` leaves in a file (`<<<<<<< ours_label` …
/// `>>>>>>> theirs_label` around conflicts), and whether a conflict is left: for the
/// differential test against the host's `git merge-file` (tests/it/git_merge.rs).
#[doc(hidden)]
pub fn merge_text(
    base: &[u8],
    ours: &[u8],
    theirs: &[u8],
    ours_label: &str,
    theirs_label: &str,
) -> (Vec<u8>, bool) {
    let m = merge3::merge(base, ours, theirs, ours_label, theirs_label);
    (m.data, m.conflicted)
}

/// The changed line ranges a merge computes: (old start, old length, new start, new length).
#[doc(hidden)]
pub fn merge_hunks(old: &[u8], new: &[u8]) -> Vec<(usize, usize, usize, usize)> {
    textdiff::merge_hunks(old, new)
        .into_iter()
        .map(|h| {
            (
                h.before.start as usize,
                h.before.len(),
                h.after.start as usize,
                h.after.len(),
            )
        })
        .collect()
}

/// The git version this git follows (its options, messages and output).
pub const GIT_VERSION: &str = "2.47.3";

const DESCRIPTION: &str = "git over the session's files, in git's own on-disk format: loose objects with \
git's SHA-1 ids, the index, refs and reflogs, config; a repository made here passes the host's `git fsck` \
and packs made by the host are read. Subcommands: init, config, add, rm, mv, commit (-m, -a, --amend, \
--allow-empty, -F, --author), status (long, -s, --porcelain, -b), diff (worktree, --cached, commits, \
--stat, --numstat, --name-only, --name-status, -U<n>), log (--oneline, --format, -n, -p, --stat, -- path, --graph of a linear history), \
show, branch, checkout, switch, restore, reset (--soft, --mixed, --hard, paths), tag (lightweight and \
annotated), merge (fast-forward, --no-ff, --ff-only, three-way with git's conflict markers, --abort, \
--continue, --squash, --no-commit, -m), stash (push -m/-u, list, show, apply, pop, drop, clear), \
cherry-pick and revert of one commit (--continue, --abort), describe (--tags, --always, --dirty, \
--long, --abbrev), grep (tracked files, the index or a revision; -n, -i, -l, -L, -c, -e, -w, -v, -E, -F), \
blame (a revision or the working tree; -L, -s, -e, -l, -n, -f, -t, -b, --root, --porcelain, --line-porcelain; \
not across a rename, nor -w, -M, -C), \
clone (from a path in the session's files; the upstream shown by status), rev-parse, cat-file, ls-files, ls-tree, \
hash-object. With GIT_AUTHOR_DATE and GIT_COMMITTER_DATE set, ids equal the host git's. Not yet: \
log --graph of merges, rebase, network operations (clone of a URL, fetch, push): they say so and exit 129.";

const OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "ARG",
    ArgType::String,
    "global options (-C DIR, -c NAME=VALUE, --git-dir, --work-tree), the subcommand and its arguments",
)
.repeated()];

static SPEC: CommandSpec = CommandSpec {
    name: "git",
    group: "vcs",
    summary: "the git version control system, over the session's files",
    usage: "git [-C DIR] [-c NAME=VALUE] COMMAND [ARG]...",
    description: DESCRIPTION,
    options: &[],
    operands: OPERANDS,
    returns: "what git prints; git's statuses (0, 1 for a difference or a failed check, 128 for a fatal error, 129 for a usage error or what is not supported yet)",
    examples: &[
        Example {
            description: "make a repository and a first commit",
            script: "git init -q -b main proj && cd proj\necho hello > README\ngit add README\nGIT_AUTHOR_DATE='@1700000000 +0000' GIT_COMMITTER_DATE='@1700000000 +0000' git -c user.name=A -c user.email=a@example.com commit -q -m 'first'\ngit log --format='%h %s'",
            stdout: "f346e54 first\n",
        },
        Example {
            description: "see what changed",
            script: "git init -q -b main p && cd p\necho a > f && git add f\necho b >> f\ngit status --short\ngit diff --stat",
            stdout: "AM f\n f | 1 +\n 1 file changed, 1 insertion(+)\n",
        },
    ],
    errors: "128 for a fatal error (not a repository, an unknown revision), 129 for a usage error and for what this git does not support yet, 1 for a failed check",
    risk: RiskLevel::MediumRisk,
};

/// The `git` command.
pub struct Git;

impl Command for Git {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        cli::main(args, ctx)
    }
}

/// The commands this crate provides, to register in a session.
pub fn commands() -> Vec<Arc<dyn Command>> {
    vec![Arc::new(Git)]
}

#[cfg(test)]
mod tests;
