//! `chown` and `chgrp`: change file owner and group.
//!
//! The sandbox has one user and one group (the session's: `id -u`/`id -g` and their names,
//! asked of `id` so identity has one source) and the VFS does not store other owners. So a
//! change to the sandbox's own user or group succeeds without changing anything ("retained"),
//! and any other owner fails as an unprivileged process's chown(2) does, with EPERM. Names are
//! resolved as GNU's `parse_user_spec` does: a name in the sandbox's /etc/passwd or
//! /etc/group, else a number; `USER:` means the user's login group.

use std::path::Path;

use sandsh_api::fs::VfsError;
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use crate::common::users::{Account, Table};
use crate::common::{diag, output, paths, quote};

pub struct Chown;
pub struct Chgrp;

const COMMON: [OptSpec; 11] = [
    OptSpec::new(
        "-c, --changes",
        "like verbose but report only when a change is made",
    ),
    OptSpec::new("-f, --silent", "suppress most error messages"),
    OptSpec::new("--quiet", "same as -f"),
    OptSpec::new(
        "-v, --verbose",
        "output a diagnostic for every file processed",
    ),
    OptSpec::new(
        "--dereference",
        "affect the referent of each symbolic link (the default)",
    ),
    OptSpec::new(
        "-h, --no-dereference",
        "affect symbolic links instead of any referenced file",
    ),
    OptSpec::new(
        "--reference=RFILE",
        "use RFILE's owner and group rather than specifying values",
    ),
    OptSpec::new(
        "-R, --recursive",
        "operate on files and directories recursively",
    ),
    OptSpec::new(
        "-H",
        "if a command line argument is a symbolic link to a directory, traverse it",
    ),
    OptSpec::new(
        "-L",
        "traverse every symbolic link to a directory encountered",
    ),
    OptSpec::new("-P", "do not traverse any symbolic links (default)"),
];

static CHOWN: CommandSpec = CommandSpec {
    name: "chown",
    group: "fs",
    summary: "change file owner and group",
    usage: "chown [OPTION]... [OWNER][:[GROUP]] FILE...\n  or:  chown [OPTION]... --reference=RFILE FILE...",
    description: "Change the owner and/or group of each FILE to OWNER and/or GROUP. The sandbox has a single user and group: setting them (by name or number) succeeds and changes nothing; any other owner fails with 'Operation not permitted'.",
    options: &COMMON,
    operands: &[
        ArgSpec::optional(
            "OWNER[:GROUP]",
            ArgType::String,
            "the new owner and/or group (absent with --reference)",
        ),
        ArgSpec::required("FILE", ArgType::Path, "files to change").repeated(),
    ],
    returns: "nothing (with -v, one line per file)",
    examples: &[
        Example {
            description: "the sandbox user keeps its files",
            script: "touch f && chown -v \"$(id -un)\" f",
            stdout: "ownership of 'f' retained as user\n",
        },
        Example {
            description: "another owner is not permitted",
            script: "touch f && chown root f 2>&1; echo $?",
            stdout: "chown: changing ownership of 'f': Operation not permitted\n1\n",
        },
    ],
    errors: "exit 1 for an unknown user or group, a missing file, or an owner other than the sandbox's (Operation not permitted)",
    risk: RiskLevel::LowRisk,
};

static CHGRP: CommandSpec = CommandSpec {
    name: "chgrp",
    group: "fs",
    summary: "change group ownership",
    usage: "chgrp [OPTION]... GROUP FILE...\n  or:  chgrp [OPTION]... --reference=RFILE FILE...",
    description: "Change the group of each FILE to GROUP. The sandbox has a single group: setting it (by name or number) succeeds and changes nothing; any other group fails with 'Operation not permitted'.",
    options: &COMMON,
    operands: &[
        ArgSpec::optional(
            "GROUP",
            ArgType::String,
            "the new group (absent with --reference)",
        ),
        ArgSpec::required("FILE", ArgType::Path, "files to change").repeated(),
    ],
    returns: "nothing (with -v, one line per file)",
    examples: &[Example {
        description: "the sandbox group keeps its files",
        script: "touch f && chgrp -v \"$(id -gn)\" f",
        stdout: "group of 'f' retained as user\n",
    }],
    errors: "exit 1 for an unknown group, a missing file, or a group other than the sandbox's (Operation not permitted)",
    risk: RiskLevel::LowRisk,
};

/// The sandbox identity and name tables.
struct Ids {
    me: Account,
    table: Table,
}

impl Ids {
    /// The tables and the current user as `id` has them.
    fn load(ctx: &dyn ToolCtx) -> Ids {
        let table = Table::load(ctx);
        Ids {
            me: table.current(ctx),
            table,
        }
    }

    fn user_name(&self, id: u32) -> String {
        self.table
            .account_by_id(id)
            .map_or_else(|| id.to_string(), |a| a.name)
    }

    fn group_name(&self, id: u32) -> String {
        self.table
            .group_name(id)
            .map_or_else(|| id.to_string(), str::to_string)
    }
}

/// A requested change: new uid and/or gid.
#[derive(Clone, Copy)]
struct Want {
    uid: Option<u32>,
    gid: Option<u32>,
}

/// GNU's `parse_user_spec`; `Err` is the message (without the command name).
fn parse_spec(ids: &Ids, spec: &str, chgrp: bool) -> Result<Want, String> {
    let group_of = |g: &str| -> Result<u32, String> {
        ids.table
            .gid_of(g)
            .or_else(|| g.parse().ok())
            .ok_or_else(|| {
                format!(
                    "invalid group: {}",
                    quote::cquote(if chgrp { g } else { spec })
                )
            })
    };
    if chgrp {
        return Ok(Want {
            uid: None,
            gid: Some(group_of(spec)?),
        });
    }
    let (user, group) = match spec.split_once(':') {
        Some((u, g)) => (u, Some(g)),
        None => (spec, None),
    };
    let mut want = Want {
        uid: None,
        gid: None,
    };
    let mut login_group = None;
    if !user.is_empty() {
        match ids.table.account_by_name(user) {
            Some(u) => {
                want.uid = Some(u.uid);
                login_group = Some(u.gid);
            }
            None => match user.parse::<u32>() {
                Ok(n) => want.uid = Some(n),
                Err(_) => return Err(format!("invalid user: {}", quote::cquote(spec))),
            },
        }
    }
    match group {
        Some("") if !user.is_empty() => {
            // `USER:` is the user's login group.
            want.gid = login_group.or(want.uid);
        }
        Some(g) if !g.is_empty() => want.gid = Some(group_of(g)?),
        _ => {}
    }
    Ok(want)
}

struct Run<'a> {
    name: &'static str,
    ids: &'a Ids,
    want: Want,
    verbose: bool,
    silent: bool,
    recursive: bool,
    deref: bool,
    status: ExitStatus,
}

impl Run<'_> {
    /// "root", "root:root" or "" as GNU names the new owner in -v messages.
    fn spec_text(&self) -> String {
        match (self.want.uid, self.want.gid) {
            (Some(u), Some(g)) => {
                format!("{}:{}", self.ids.user_name(u), self.ids.group_name(g))
            }
            (Some(u), None) => self.ids.user_name(u),
            (None, Some(g)) => self.ids.group_name(g),
            (None, None) => String::new(),
        }
    }

    fn one(&mut self, ctx: &mut dyn ToolCtx, name: &str, path: &Path) {
        if ctx.is_cancelled() {
            return;
        }
        let meta = if self.deref {
            ctx.backend().stat(path)
        } else {
            ctx.backend().lstat(path)
        };
        let meta = match meta.or_else(|e| match e {
            VfsError::NotFound => ctx.backend().lstat(path),
            e => Err(e),
        }) {
            Ok(m) => m,
            Err(e) => {
                if !self.silent {
                    diag::err(
                        ctx,
                        self.name,
                        &format!("cannot access {}: {e}", quote::quote(name)),
                    );
                }
                self.status = 1;
                return;
            }
        };
        let permitted = self.want.uid.is_none_or(|u| u == self.ids.me.uid)
            && self.want.gid.is_none_or(|g| g == self.ids.me.gid);
        let group_only = self.want.uid.is_none();
        if permitted {
            if self.verbose {
                let spec = self.spec_text();
                let line = if spec.is_empty() {
                    format!("ownership of {} retained\n", quote::quote(name))
                } else if group_only {
                    format!("group of {} retained as {spec}\n", quote::quote(name))
                } else {
                    format!("ownership of {} retained as {spec}\n", quote::quote(name))
                };
                let _ = output::out(ctx, line.as_bytes());
            }
        } else {
            let what = if group_only {
                "changing group of"
            } else {
                "changing ownership of"
            };
            if !self.silent {
                let msg = format!("{what} {}: Operation not permitted", quote::quote(name));
                diag::err(ctx, self.name, &msg);
            }
            if self.verbose {
                let old = if group_only {
                    self.ids.group_name(meta.gid)
                } else if self.want.gid.is_some() {
                    format!(
                        "{}:{}",
                        self.ids.user_name(meta.uid),
                        self.ids.group_name(meta.gid)
                    )
                } else {
                    self.ids.user_name(meta.uid)
                };
                let kind = if group_only { "group" } else { "ownership" };
                let line = format!(
                    "failed to change {kind} of {} from {old} to {}\n",
                    quote::quote(name),
                    self.spec_text()
                );
                let _ = output::out(ctx, line.as_bytes());
            }
            self.status = 1;
        }
        if self.recursive && meta.is_dir() {
            let Ok(entries) = ctx.backend().list(path) else {
                return;
            };
            for e in entries {
                let child = diag::lossy(&e.name);
                let cname = paths::join_name(name, &child);
                let cpath = path.join(&child);
                let saved = self.deref;
                self.deref = false;
                self.one(ctx, &cname, &cpath);
                self.deref = saved;
            }
        }
    }
}

fn run(spec: &'static CommandSpec, chgrp: bool, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
    let name = spec.name;
    let p = match diag::parse_or_usage(spec, args, ctx, 1) {
        Ok(p) => p,
        Err(s) => return s,
    };
    let mut ops: Vec<String> = p.operands.iter().map(|o| diag::lossy(o)).collect();
    let reference = p.value(spec.find("reference")).map(|v| diag::lossy(v));
    if ops.is_empty() || (reference.is_none() && ops.len() == 1) {
        let msg = match ops.first() {
            None => format!("{name}: missing operand"),
            Some(o) => format!("{name}: missing operand after {}", quote::cquote(o)),
        };
        return diag::usage(ctx, spec, &msg, 1);
    }
    let ids = Ids::load(ctx);
    let want = match &reference {
        Some(r) => match ctx.backend().stat(&ctx.resolve_path(r)) {
            Ok(m) => Want {
                uid: (!chgrp).then_some(m.uid),
                gid: Some(m.gid),
            },
            Err(e) => {
                let msg = format!("failed to get attributes of {}: {e}", quote::quote(r));
                diag::err(ctx, name, &msg);
                return 1;
            }
        },
        None => {
            let s = ops.remove(0);
            match parse_spec(&ids, &s, chgrp) {
                Ok(w) => w,
                Err(m) => {
                    diag::err(ctx, name, &m);
                    return 1;
                }
            }
        }
    };
    let mut r = Run {
        name,
        ids: &ids,
        want,
        verbose: p.has(spec.find("v")),
        silent: p.has(spec.find("f")) || p.has(spec.find("quiet")),
        recursive: p.has(spec.find("R")),
        deref: !p.has(spec.find("h")),
        status: 0,
    };
    for f in &ops {
        if ctx.is_cancelled() {
            return 130;
        }
        let path = ctx.resolve_path(f);
        r.one(ctx, f, &path);
    }
    r.status
}

impl Command for Chown {
    fn spec(&self) -> &CommandSpec {
        &CHOWN
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(&CHOWN, false, args, ctx)
    }
}

impl Command for Chgrp {
    fn spec(&self) -> &CommandSpec {
        &CHGRP
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(&CHGRP, true, args, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::{Chgrp, Chown};
    use crate::common::testing::{TestCtx, run};

    // TestCtx cannot capture `id`, so the identity falls back to uid/gid 1000 ("user").

    #[test]
    fn own_user_is_retained() {
        let mut c = TestCtx::new().file("f", b"");
        assert_eq!(run(&Chown, &["-v", "user:user", "f"], &mut c), 0);
        assert_eq!(run(&Chown, &["1000", "f"], &mut c), 0);
        assert_eq!(run(&Chgrp, &["-v", "1000", "f"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "ownership of 'f' retained as user:user\ngroup of 'f' retained as user\n"
        );
    }

    #[test]
    fn others_are_refused() {
        let mut c = TestCtx::new().file("f", b"");
        assert_eq!(run(&Chown, &["root", "f"], &mut c), 1);
        assert_eq!(run(&Chgrp, &["0", "f"], &mut c), 1);
        assert_eq!(run(&Chown, &["bob", "f"], &mut c), 1);
        assert_eq!(run(&Chown, &["user", "nope"], &mut c), 1);
        assert_eq!(run(&Chown, &["-f", "root", "f"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "chown: changing ownership of 'f': Operation not permitted\n\
             chgrp: changing group of 'f': Operation not permitted\n\
             chown: invalid user: \u{2018}bob\u{2019}\n\
             chown: cannot access 'nope': No such file or directory\n"
        );
    }
}
