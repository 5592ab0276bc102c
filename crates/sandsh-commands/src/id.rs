//! `id`, `groups`, `whoami` and `logname`: the sandbox's user identity.
//!
//! The user is the session's (`KernelConfig::username`): its uid is `$EUID`/`$UID` and its
//! names and groups come from the VFS's `/etc/passwd` and `/etc/group`, never from the host.
//! `logname` prints `$LOGNAME` (the sandbox has no login records); it fails as GNU's does when
//! that is unset.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::users::{Account, Table};
use crate::common::{diag, output, quote};

pub struct Id;
pub struct Groups;
pub struct Whoami;
pub struct Logname;

static ID: CommandSpec = CommandSpec {
    name: "id",
    group: "sys",
    summary: "print real and effective user and group IDs",
    usage: "id [OPTION]... [USER]...",
    description: "Print user and group information for each USER (the sandbox's users, from its /etc/passwd and /etc/group), or for the current user.",
    options: &[
        OptSpec::new("-a", "ignore, for compatibility with other versions"),
        OptSpec::new("-g, --group", "print only the effective group ID"),
        OptSpec::new("-G, --groups", "print all group IDs"),
        OptSpec::new(
            "-n, --name",
            "print a name instead of a number, for -u, -g, -G",
        ),
        OptSpec::new(
            "-r, --real",
            "print the real ID instead of the effective ID, with -u, -g, -G",
        ),
        OptSpec::new("-u, --user", "print only the effective user ID"),
        OptSpec::new(
            "-z, --zero",
            "delimit entries with NUL characters, not whitespace",
        ),
    ],
    operands: &[ArgSpec::optional(
        "USER",
        ArgType::String,
        "user names or ids (default: the current user)",
    )
    .repeated()],
    returns: "uid=N(name) gid=N(name) groups=..., or the single field asked for",
    examples: &[
        Example {
            description: "the sandbox user",
            script: "id",
            stdout: "uid=1000(user) gid=1000(user) groups=1000(user)\n",
        },
        Example {
            description: "name of the user",
            script: "id -un",
            stdout: "user\n",
        },
    ],
    errors: "exit 1 for an unknown USER or conflicting options",
    risk: RiskLevel::ReadOnly,
};

static GROUPS: CommandSpec = CommandSpec {
    name: "groups",
    group: "sys",
    summary: "print the groups a user is in",
    usage: "groups [USER]...",
    description: "Print the group names of each USER (from the sandbox's /etc/group), or of the current user.",
    options: &[],
    operands: &[ArgSpec::optional("USER", ArgType::String, "user names").repeated()],
    returns: "the group names, space separated (prefixed with USER : when users are named)",
    examples: &[Example {
        description: "current user's groups",
        script: "groups",
        stdout: "user\n",
    }],
    errors: "exit 1 for an unknown USER",
    risk: RiskLevel::ReadOnly,
};

static WHOAMI: CommandSpec = CommandSpec {
    name: "whoami",
    group: "sys",
    summary: "print effective user name",
    usage: "whoami",
    description: "Print the user name of the sandbox's effective user.",
    options: &[],
    operands: &[],
    returns: "the user name",
    examples: &[Example {
        description: "who am I",
        script: "whoami",
        stdout: "user\n",
    }],
    errors: "exit 1 for an operand",
    risk: RiskLevel::ReadOnly,
};

static LOGNAME: CommandSpec = CommandSpec {
    name: "logname",
    group: "sys",
    summary: "print user's login name",
    usage: "logname",
    description: "Print the session's login name ($LOGNAME).",
    options: &[],
    operands: &[],
    returns: "the login name",
    examples: &[Example {
        description: "login name",
        script: "logname",
        stdout: "user\n",
    }],
    errors: "exit 1 when there is no login name",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Id {
    fn spec(&self) -> &CommandSpec {
        &ID
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (u, g, gs) = (
            p.has(opt!(ID, "u")),
            p.has(opt!(ID, "g")),
            p.has(opt!(ID, "G")),
        );
        let names = p.has(opt!(ID, "n"));
        let zero = p.has(opt!(ID, "z"));
        if [u, g, gs].iter().filter(|x| **x).count() > 1 {
            diag::err(ctx, "id", "cannot print \"only\" of more than one choice");
            return 1;
        }
        let only = u || g || gs;
        if !only && (names || p.has(opt!(ID, "r"))) {
            diag::err(
                ctx,
                "id",
                "cannot print only names or real IDs in default format",
            );
            return 1;
        }
        if !only && zero {
            diag::err(ctx, "id", "option --zero not permitted in default format");
            return 1;
        }
        let db = Table::load(ctx);
        let users: Vec<Option<Account>> = if p.operands.is_empty() {
            vec![Some(db.current(ctx))]
        } else {
            p.operands
                .iter()
                .map(|o| db.lookup(&diag::lossy(o)))
                .collect()
        };
        let mut out = String::new();
        let mut status = 0;
        let gname = |id: u32| {
            db.group_name(id)
                .map_or_else(|| id.to_string(), str::to_string)
        };
        for (k, user) in users.iter().enumerate() {
            let Some(user) = user else {
                let _ = output::out(ctx, out.as_bytes());
                out.clear();
                let name = diag::lossy(&p.operands[k]);
                diag::err(
                    ctx,
                    "id",
                    &format!("{}: no such user", quote::cquote(&name)),
                );
                status = 1;
                continue;
            };
            let end = if zero { '\0' } else { '\n' };
            if u {
                out.push_str(&if names {
                    user.name.clone()
                } else {
                    user.uid.to_string()
                });
                out.push(end);
            } else if g {
                out.push_str(&if names {
                    gname(user.gid)
                } else {
                    user.gid.to_string()
                });
                out.push(end);
            } else if gs {
                let ids = db.group_ids(user);
                let sep = if zero { "\0" } else { " " };
                let v: Vec<String> = ids
                    .iter()
                    .map(|&i| if names { gname(i) } else { i.to_string() })
                    .collect();
                out.push_str(&v.join(sep));
                if zero {
                    out.push('\0');
                    if p.operands.len() > 1 {
                        out.push('\0');
                    }
                } else {
                    out.push('\n');
                }
            } else {
                let groups: Vec<String> = db
                    .group_ids(user)
                    .iter()
                    .map(|&i| match db.group_name(i) {
                        Some(n) => format!("{i}({n})"),
                        None => i.to_string(),
                    })
                    .collect();
                let gpart = match db.group_name(user.gid) {
                    Some(n) => format!("{}({n})", user.gid),
                    None => user.gid.to_string(),
                };
                out.push_str(&format!(
                    "uid={}({}) gid={gpart} groups={}\n",
                    user.uid,
                    user.name,
                    groups.join(",")
                ));
            }
        }
        output::emit(ctx, out.as_bytes(), status)
    }
}

impl ParsedCommand for Groups {
    fn spec(&self) -> &CommandSpec {
        &GROUPS
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let db = Table::load(ctx);
        let gname = |id: u32| {
            db.group_name(id)
                .map_or_else(|| id.to_string(), str::to_string)
        };
        let mut out = String::new();
        let mut status = 0;
        if p.operands.is_empty() {
            let u = db.current(ctx);
            let v: Vec<String> = db.group_ids(&u).into_iter().map(gname).collect();
            out.push_str(&format!("{}\n", v.join(" ")));
        }
        for o in &p.operands {
            let name = diag::lossy(o);
            match db.lookup(&name) {
                Some(u) => {
                    let v: Vec<String> = db.group_ids(&u).into_iter().map(gname).collect();
                    out.push_str(&format!("{name} : {}\n", v.join(" ")));
                }
                None => {
                    let _ = output::out(ctx, out.as_bytes());
                    out.clear();
                    diag::err(
                        ctx,
                        "groups",
                        &format!("{}: no such user", quote::cquote(&name)),
                    );
                    status = 1;
                }
            }
        }
        output::emit(ctx, out.as_bytes(), status)
    }
}

impl ParsedCommand for Whoami {
    fn spec(&self) -> &CommandSpec {
        &WHOAMI
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, _: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let db = Table::load(ctx);
        let line = format!("{}\n", db.current(ctx).name);
        output::emit(ctx, line.as_bytes(), 0)
    }
}

impl ParsedCommand for Logname {
    fn spec(&self) -> &CommandSpec {
        &LOGNAME
    }

    fn refuses_operands(&self) -> bool {
        true
    }

    fn run_parsed(&self, _: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        match ctx
            .var("LOGNAME")
            .map(|v| v.to_string_lossy())
            .filter(|v| !v.is_empty())
        {
            Some(n) => output::emit(ctx, format!("{n}\n").as_bytes(), 0),
            None => {
                diag::err(ctx, "logname", "no login name");
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Groups, Id, Logname, Whoami};
    use crate::common::testing::{TestCtx, run};

    fn go(cmd: &dyn sandsh_api::Command, args: &[&str]) -> (i32, String, String) {
        let mut c = TestCtx::new();
        c.env.push(("UID".into(), b"1000".to_vec()));
        c.env.push(("LOGNAME".into(), b"user".to_vec()));
        let s = run(cmd, args, &mut c);
        (s, c.out_str(), c.err_str())
    }

    #[test]
    fn identity() {
        assert_eq!(
            go(&Id, &[]).1,
            "uid=1000(user) gid=1000(user) groups=1000(user)\n"
        );
        assert_eq!(
            go(&Id, &["root"]).1,
            "uid=0(root) gid=0(root) groups=0(root)\n"
        );
        assert_eq!(go(&Id, &["-u"]).1, "1000\n");
        assert_eq!(go(&Id, &["-un"]).1, "user\n");
        assert_eq!(go(&Id, &["-gn"]).1, "user\n");
        assert_eq!(go(&Id, &["-G"]).1, "1000\n");
        assert_eq!(go(&Id, &["-Gn", "root", "user"]).1, "root\nuser\n");
        assert_eq!(go(&Id, &["-uz"]).1, "1000\0");
        assert_eq!(
            go(&Id, &["-n"]).2,
            "id: cannot print only names or real IDs in default format\n"
        );
        assert_eq!(
            go(&Id, &["-u", "-g"]).2,
            "id: cannot print \"only\" of more than one choice\n"
        );
        let (s, _, e) = go(&Id, &["nope"]);
        assert_eq!(
            (s, e.as_str()),
            (1, "id: \u{2018}nope\u{2019}: no such user\n")
        );
        assert_eq!(go(&Groups, &[]).1, "user\n");
        assert_eq!(
            go(&Groups, &["root", "user"]).1,
            "root : root\nuser : user\n"
        );
        assert_eq!(go(&Whoami, &[]).1, "user\n");
        assert_eq!(go(&Logname, &[]).1, "user\n");
        assert_eq!(go(&Whoami, &["x"]).0, 1);
    }
}
