//! The sandbox's user and group tables, read from the VFS's `/etc/passwd` and `/etc/group`
//! (never the host's), and the session's current user.
//!
//! One parse serves every command that shows or resolves owners: `ls -l`, `stat %U`, `find
//! -user`, `id`, `groups`, `whoami`, `chown`, `nice`, `tar`. Two views of `/etc/passwd` are kept
//! apart on purpose, because the commands always differed there: a line with a numeric uid
//! names that uid (what `ls`, `stat` and `find` show), while an [`Account`] also needs a
//! numeric login group (what `id` and `chown` resolve).

use std::path::Path;

use sandsh_api::ToolCtx;

/// One `/etc/passwd` entry with a numeric uid and login group.
#[derive(Clone)]
pub struct Account {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
}

/// One `/etc/passwd` line: name, uid, login group when numeric.
struct PasswdLine {
    name: String,
    uid: u32,
    gid: Option<u32>,
}

/// One `/etc/group` line.
struct Group {
    name: String,
    gid: u32,
    members: Vec<String>,
}

/// The user and group tables (empty when not loaded or when the files are missing).
#[derive(Default)]
pub struct Table {
    users: Vec<PasswdLine>,
    groups: Vec<Group>,
}

/// The `:`-separated fields of each line of `file`.
fn records(ctx: &dyn ToolCtx, file: &str) -> Vec<Vec<String>> {
    let data = ctx
        .backend()
        .read(Path::new(file), None)
        .unwrap_or_default();
    String::from_utf8_lossy(&data)
        .lines()
        .map(|l| l.split(':').map(str::to_string).collect())
        .collect()
}

/// The name (field 1) and numeric id (field 3) both files start their lines with.
fn name_and_id(f: &[String]) -> Option<(String, u32)> {
    Some((f.first()?.clone(), f.get(2)?.parse().ok()?))
}

impl Table {
    pub fn load(ctx: &dyn ToolCtx) -> Table {
        let users = records(ctx, "/etc/passwd")
            .iter()
            .filter_map(|f| {
                let (name, uid) = name_and_id(f)?;
                Some(PasswdLine {
                    name,
                    uid,
                    gid: f.get(3).and_then(|g| g.parse().ok()),
                })
            })
            .collect();
        let groups = records(ctx, "/etc/group")
            .iter()
            .filter_map(|f| {
                let (name, gid) = name_and_id(f)?;
                let members = f
                    .get(3)
                    .map(|m| {
                        m.split(',')
                            .filter(|s| !s.is_empty())
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_default();
                Some(Group { name, gid, members })
            })
            .collect();
        Table { users, groups }
    }

    /// The name `/etc/passwd` gives `uid`, if any.
    pub fn user_name(&self, uid: u32) -> Option<&str> {
        self.users
            .iter()
            .find(|u| u.uid == uid)
            .map(|u| u.name.as_str())
    }

    /// The uid `/etc/passwd` gives `name`, if any.
    pub fn uid_of(&self, name: &str) -> Option<u32> {
        self.users.iter().find(|u| u.name == name).map(|u| u.uid)
    }

    /// The name `/etc/group` gives `gid`, if any.
    pub fn group_name(&self, gid: u32) -> Option<&str> {
        self.groups
            .iter()
            .find(|g| g.gid == gid)
            .map(|g| g.name.as_str())
    }

    /// The gid `/etc/group` gives `name`, if any.
    pub fn gid_of(&self, name: &str) -> Option<u32> {
        self.groups.iter().find(|g| g.name == name).map(|g| g.gid)
    }

    fn accounts(&self) -> impl Iterator<Item = Account> + '_ {
        self.users.iter().filter_map(|u| {
            Some(Account {
                name: u.name.clone(),
                uid: u.uid,
                gid: u.gid?,
            })
        })
    }

    pub fn account_by_name(&self, name: &str) -> Option<Account> {
        self.accounts().find(|a| a.name == name)
    }

    pub fn account_by_id(&self, uid: u32) -> Option<Account> {
        self.accounts().find(|a| a.uid == uid)
    }

    /// The account named `arg`, else the one whose uid `arg` is (as `id USER` resolves).
    pub fn lookup(&self, arg: &str) -> Option<Account> {
        self.account_by_name(arg)
            .or_else(|| arg.parse().ok().and_then(|id| self.account_by_id(id)))
    }

    /// The login group first, then the supplementary groups listing the user.
    pub fn group_ids(&self, a: &Account) -> Vec<u32> {
        let mut v = vec![a.gid];
        for g in &self.groups {
            if g.members.contains(&a.name) && !v.contains(&g.gid) {
                v.push(g.gid);
            }
        }
        v
    }

    /// The current user: by `$EUID`/`$UID`, else by `$USER`; the default user otherwise.
    pub fn current(&self, ctx: &dyn ToolCtx) -> Account {
        let var = |n: &str| ctx.var(n).map(|v| v.to_string_lossy());
        let uid = var("EUID")
            .or_else(|| var("UID"))
            .and_then(|v| v.parse::<u32>().ok());
        if let Some(a) = uid.and_then(|id| self.account_by_id(id)) {
            return a;
        }
        if let Some(a) = var("USER").and_then(|n| self.account_by_name(&n)) {
            return a;
        }
        let id = uid.unwrap_or(1000);
        Account {
            name: var("USER").unwrap_or_else(|| id.to_string()),
            uid: id,
            gid: id,
        }
    }
}
