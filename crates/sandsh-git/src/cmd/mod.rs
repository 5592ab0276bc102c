//! The subcommands, one module per family, and the table that dispatches to them.

mod add;
mod blame;
mod branch;
mod checkout;
mod clone;
mod commit;
mod config;
mod describe;
mod diff;
mod grep;
mod init;
mod log;
mod merge;
mod pick;
mod plumbing;
mod pretty;
mod stash;
mod status;

use crate::error::Res;
use crate::repo::Git;

/// The subcommands this git has.
pub(crate) const NAMES: &[&str] = &[
    "add",
    "blame",
    "branch",
    "cat-file",
    "check-ignore",
    "checkout",
    "cherry-pick",
    "clone",
    "commit",
    "config",
    "describe",
    "diff",
    "grep",
    "hash-object",
    "init",
    "log",
    "ls-files",
    "ls-tree",
    "merge",
    "mv",
    "reset",
    "restore",
    "revert",
    "rev-parse",
    "rm",
    "show",
    "stash",
    "status",
    "switch",
    "symbolic-ref",
    "tag",
    "update-ref",
    "write-tree",
];

/// Run `sub` if this git has it.
pub(crate) fn dispatch(g: &mut Git, sub: &str, args: &[String]) -> Option<Res<i32>> {
    Some(match sub {
        "init" => init::init(g, args),
        "config" => config::config(g, args),
        "add" => add::add(g, args),
        "blame" => blame::blame(g, args),
        "rm" => add::rm(g, args),
        "mv" => add::mv(g, args),
        "commit" => commit::commit(g, args),
        "status" => status::status(g, args),
        "clone" => clone::clone(g, args),
        "grep" => grep::grep(g, args),
        "describe" => describe::describe(g, args),
        "cherry-pick" => pick::cherry_pick(g, args),
        "revert" => pick::revert(g, args),
        "stash" => stash::stash(g, args),
        "diff" => diff::diff(g, args),
        "log" => log::log(g, args),
        "merge" => merge::merge(g, args),
        "show" => log::show(g, args),
        "branch" => branch::branch(g, args),
        "tag" => branch::tag(g, args),
        "checkout" => checkout::checkout(g, args),
        "switch" => checkout::switch(g, args),
        "restore" => checkout::restore(g, args),
        "reset" => checkout::reset(g, args),
        "rev-parse" => plumbing::rev_parse(g, args),
        "cat-file" => plumbing::cat_file(g, args),
        "ls-files" => plumbing::ls_files(g, args),
        "ls-tree" => plumbing::ls_tree(g, args),
        "hash-object" => plumbing::hash_object(g, args),
        "write-tree" => plumbing::write_tree(g, args),
        "update-ref" => plumbing::update_ref(g, args),
        "symbolic-ref" => plumbing::symbolic_ref(g, args),
        "check-ignore" => plumbing::check_ignore(g, args),
        _ => return None,
    })
}
