//! The utilities, one file each, and the explicit registration list.
//!
//! Every command is written against [`sandsh_api::ToolCtx`] alone. [`Registry::standard`] is
//! the one place that lists them; help, completion and tool descriptions all read the registry.

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use sandsh_api::{Command, CommandRegistry};

// The helpers the commands share, by concept; no command below imports another.
mod common;

// The commands, one module each.
#[cfg(feature = "archive")]
mod archive;
mod awk;
mod basename;
#[cfg(feature = "bc")]
mod bc;
mod cat;
mod chmod;
mod chown;
mod clear;
mod cmp;
mod column;
mod comm;
mod cp;
mod csplit;
mod curl;
mod cut;
mod date;
mod dd;
mod df;
mod diff;
mod du;
mod encoding;
mod env;
mod envsubst;
mod expr;
mod factor;
mod file;
mod find;
mod fmt;
mod fold;
mod getconf;
mod getopt;
mod grep;
mod head;
mod hexdump;
mod hostname;
#[cfg(feature = "html")]
mod html_to_markdown;
mod iconv;
mod id;
mod install;
mod join;
#[cfg(feature = "jq")]
mod jq;
mod link;
mod ln;
mod ls;
mod mkdir;
mod mkfifo;
mod mktemp;
mod mount;
mod nice;
mod nl;
mod nohup;
mod nproc;
mod numfmt;
mod od;
mod pager;
mod paste;
mod patch;
mod pathchk;
mod printf;
mod ps;
mod readlink;
mod realpath;
mod rev;
#[cfg(feature = "rg")]
mod rg;
mod rm;
mod sed;
mod seq;
mod shuf;
mod sleep;
mod sort;
mod split;
#[cfg(feature = "sqlite")]
mod sqlite3;
mod stat;
mod stdbuf;
mod strings;
mod sums;
mod sync;
mod tabs;
mod tac;
mod tail;
mod tee;
mod tools;
mod touch;
mod tr;
mod tree;
mod true_;
mod truncate;
mod tsort;
mod tty;
mod uname;
mod uniq;
mod unlink;
mod vfs;
mod wc;
mod wget;
mod which;
mod xargs;
mod xxd;
mod yes;
#[cfg(feature = "yaml")]
mod yq;

/// Registered commands by name. Commands can be added and removed while a session runs
/// ([`Registry::register`], [`Registry::unregister`], [`Toolset`]s), so the map sits behind a
/// lock; a lookup takes the read side, uncontended on the hot path. The map is shared by the
/// clones of a registry until one of them changes (copy on write): every session's
/// [`Registry::standard`] is one map of the process's, not a hundred-odd entries of its own.
#[derive(Default)]
pub struct Registry {
    inner: RwLock<Arc<Inner>>,
}

/// The write side of a registry's lock; changing through it first copies a shared map.
struct WriteInner<'a>(RwLockWriteGuard<'a, Arc<Inner>>);

impl std::ops::Deref for WriteInner<'_> {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl std::ops::DerefMut for WriteInner<'_> {
    fn deref_mut(&mut self) -> &mut Inner {
        Arc::make_mut(&mut self.0)
    }
}

#[derive(Clone, Default)]
struct Inner {
    map: HashMap<String, Arc<dyn Command>>,
    /// Toolsets by name: the names each added and the commands they replaced.
    toolsets: HashMap<String, Installed>,
    /// Commands this build leaves out, and why ([`Registry::leave_out`]).
    left_out: Vec<(&'static str, &'static str)>,
}

#[derive(Clone, Default)]
struct Installed {
    names: Vec<String>,
    replaced: Vec<(String, Arc<dyn Command>)>,
}

/// A named group of commands registered and removed together (seed 004's toolsets), e.g. the
/// commands that wrap one service's API.
#[derive(Clone)]
pub struct Toolset {
    pub name: String,
    pub commands: Vec<Arc<dyn Command>>,
}

impl Toolset {
    /// An empty toolset called `name`.
    pub fn new(name: impl Into<String>) -> Toolset {
        Toolset {
            name: name.into(),
            commands: Vec::new(),
        }
    }

    /// Add a command (registered under its spec name).
    pub fn command(mut self, cmd: Arc<dyn Command>) -> Toolset {
        self.commands.push(cmd);
        self
    }
}

impl Clone for Registry {
    fn clone(&self) -> Registry {
        Registry {
            inner: RwLock::new(self.read().clone()),
        }
    }
}

impl Registry {
    fn read(&self) -> RwLockReadGuard<'_, Arc<Inner>> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> WriteInner<'_> {
        WriteInner(self.inner.write().unwrap_or_else(|e| e.into_inner()))
    }

    /// The registered names, unordered.
    pub fn command_names(&self) -> Vec<String> {
        self.read().map.keys().cloned().collect()
    }

    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Every built-in utility: a copy (on write) of one registry built once per process.
    pub fn standard() -> Registry {
        static STANDARD: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Registry::build_standard).clone()
    }

    fn build_standard() -> Registry {
        let r = Registry::default();
        r.register(Arc::new(awk::Awk));
        r.register(Arc::new(awk::Gawk));
        r.register(Arc::new(basename::Basename));
        #[cfg(feature = "bc")]
        r.register(Arc::new(bc::Bc));
        r.register(Arc::new(encoding::Base64));
        r.register(Arc::new(encoding::Base32));
        r.register(Arc::new(sums::Cksum));
        r.register(Arc::new(sums::MD5SUM));
        r.register(Arc::new(sums::SHA1SUM));
        r.register(Arc::new(sums::SHA224SUM));
        r.register(Arc::new(sums::SHA256SUM));
        r.register(Arc::new(sums::SHA384SUM));
        r.register(Arc::new(sums::SHA512SUM));
        r.register(Arc::new(sums::B2SUM));
        r.register(Arc::new(cat::Cat));
        r.register(Arc::new(curl::Curl));
        r.register(Arc::new(chmod::Chmod));
        r.register(Arc::new(cp::Cp));
        r.register(Arc::new(cp::Mv));
        r.register(Arc::new(ln::Ln));
        r.register(Arc::new(env::Env));
        r.register(Arc::new(env::Printenv));
        r.register(Arc::new(expr::Expr));
        r.register(Arc::new(grep::Grep));
        r.register(Arc::new(grep::Egrep));
        r.register(Arc::new(grep::Fgrep));
        r.register(Arc::new(find::Find));
        r.register(Arc::new(od::Od));
        r.register(Arc::new(cmp::Cmp));
        r.register(Arc::new(patch::Patch));
        r.register(Arc::new(sleep::Sleep));
        r.register(Arc::new(tee::Tee));
        r.register(Arc::new(cut::Cut));
        r.register(Arc::new(date::Date));
        r.register(Arc::new(diff::Diff));
        r.register(Arc::new(basename::Dirname));
        r.register(Arc::new(head::Head));
        r.register(Arc::new(ls::Ls));
        r.register(Arc::new(mkdir::Mkdir));
        r.register(Arc::new(rm::Rm));
        r.register(Arc::new(mkdir::Rmdir));
        r.register(Arc::new(seq::Seq));
        r.register(Arc::new(sed::Sed));
        r.register(Arc::new(sort::Sort));
        r.register(Arc::new(tail::Tail));
        r.register(Arc::new(touch::Touch));
        r.register(Arc::new(wc::Wc));
        r.register(Arc::new(wget::Wget));
        r.register(Arc::new(xargs::Xargs));
        r.register(Arc::new(yes::Yes));
        r.register(Arc::new(tr::Tr));
        #[cfg(feature = "jq")]
        r.register(Arc::new(jq::Jq));
        r.register(Arc::new(true_::True));
        r.register(Arc::new(uniq::Uniq));
        #[cfg(feature = "archive")]
        archive::register(&r);
        r.register(Arc::new(true_::False));
        r.register(Arc::new(mount::Mount));
        r.register(Arc::new(vfs::Vfs));
        r.register(Arc::new(tools::Tools));
        r.register(Arc::new(tac::Tac));
        r.register(Arc::new(rev::Rev));
        r.register(Arc::new(pager::Less));
        r.register(Arc::new(pager::More));
        r.register(Arc::new(pager::Pager));
        r.register(Arc::new(paste::Paste));
        r.register(Arc::new(comm::Comm));
        r.register(Arc::new(fold::Fold));
        r.register(Arc::new(tabs::Expand));
        r.register(Arc::new(tabs::Unexpand));
        r.register(Arc::new(nl::Nl));
        r.register(Arc::new(join::Join));
        r.register(Arc::new(column::Column));
        r.register(Arc::new(fmt::Fmt));
        r.register(Arc::new(split::Split));
        r.register(Arc::new(csplit::Csplit));
        r.register(Arc::new(shuf::Shuf));
        r.register(Arc::new(strings::Strings));
        r.register(Arc::new(envsubst::Envsubst));
        r.register(Arc::new(xxd::Xxd));
        r.register(Arc::new(hexdump::Hexdump));
        r.register(Arc::new(iconv::Iconv));
        r.register(Arc::new(numfmt::Numfmt));
        r.register(Arc::new(readlink::Readlink));
        r.register(Arc::new(realpath::Realpath));
        r.register(Arc::new(stat::Stat));
        r.register(Arc::new(mktemp::Mktemp));
        r.register(Arc::new(truncate::Truncate));
        r.register(Arc::new(install::Install));
        r.register(Arc::new(sync::Sync));
        r.register(Arc::new(encoding::Basenc));
        r.register(Arc::new(pathchk::Pathchk));
        r.register(Arc::new(chown::Chgrp));
        r.register(Arc::new(chown::Chown));
        r.register(Arc::new(getconf::Getconf));
        r.register(Arc::new(getopt::Getopt));
        r.register(Arc::new(tsort::Tsort));
        r.register(Arc::new(dd::Dd));
        r.register(Arc::new(unlink::Unlink));
        r.register(Arc::new(sums::Sum));
        r.register(Arc::new(mkfifo::Mkfifo));
        r.register(Arc::new(link::Link));
        r.register(Arc::new(factor::Factor));
        r.register(Arc::new(file::File));
        r.register(Arc::new(du::Du));
        r.register(Arc::new(df::Df));
        r.register(Arc::new(which::Which));
        r.register(Arc::new(printf::Printf));
        r.register(Arc::new(printf::Echo));
        r.register(Arc::new(ps::Ps));
        r.register(Arc::new(tree::Tree));
        r.register(Arc::new(uname::Uname));
        r.register(Arc::new(uname::Arch));
        r.register(Arc::new(id::Id));
        r.register(Arc::new(id::Groups));
        r.register(Arc::new(id::Whoami));
        r.register(Arc::new(id::Logname));
        r.register(Arc::new(hostname::Hostname));
        r.register(Arc::new(nproc::Nproc));
        r.register(Arc::new(nice::Nice));
        r.register(Arc::new(nohup::Nohup));
        r.register(Arc::new(stdbuf::Stdbuf));
        r.register(Arc::new(tty::Tty));
        r.register(Arc::new(clear::Clear));
        #[cfg(feature = "rg")]
        r.register(Arc::new(rg::Rg));
        #[cfg(feature = "yaml")]
        r.register(Arc::new(yq::Yq));
        #[cfg(feature = "sqlite")]
        r.register(Arc::new(sqlite3::Sqlite3));
        #[cfg(feature = "html")]
        r.register(Arc::new(html_to_markdown::HtmlToMarkdownCmd));
        #[cfg(not(feature = "rg"))]
        r.leave_out(&["rg"], "ripgrep is not compiled into this build");
        #[cfg(not(feature = "yaml"))]
        r.leave_out(&["yq"], "yq is not compiled into this build");
        #[cfg(not(feature = "jq"))]
        r.leave_out(&["jq"], "jq is not compiled into this build");
        #[cfg(not(feature = "bc"))]
        r.leave_out(&["bc"], "bc is not compiled into this build");
        #[cfg(not(feature = "archive"))]
        r.leave_out(
            &[
                "tar", "zip", "unzip", "gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz",
                "unxz", "xzcat",
            ],
            "the archive and compression commands are not compiled into this build",
        );
        #[cfg(not(feature = "sqlite"))]
        r.leave_out(
            &["sqlite3"],
            if cfg!(target_arch = "wasm32") {
                "not in the browser build: SQLite is C, not built for wasm32 here"
            } else {
                "SQLite (a C library) is not compiled into this build"
            },
        );
        #[cfg(not(feature = "html"))]
        r.leave_out(
            &["html-to-markdown"],
            "html-to-markdown is not compiled into this build",
        );
        r
    }

    /// Record `names` as commands this build leaves out, for `reason`: `help` lists them, and
    /// running one says so (status 127) instead of a bare "command not found". Never a stand-in
    /// that pretends to run.
    pub fn leave_out(&self, names: &[&'static str], reason: &'static str) {
        let mut inner = self.write();
        for n in names {
            inner.left_out.push((n, reason));
        }
    }

    /// Add (or replace) a command under its spec name.
    pub fn register(&self, cmd: Arc<dyn Command>) {
        self.write().map.insert(cmd.spec().name.to_string(), cmd);
    }

    /// Add a command under an explicit name.
    pub fn register_as(&self, name: &str, cmd: Arc<dyn Command>) {
        self.write().map.insert(name.to_string(), cmd);
    }

    /// Remove the command called `name`; the command removed, if there was one.
    pub fn unregister(&self, name: &str) -> Option<Arc<dyn Command>> {
        self.write().map.remove(name)
    }

    /// Register every command of `set` together, replacing a toolset of the same name (whose
    /// commands go first). A command a toolset replaces comes back when the toolset is
    /// removed. Returns the names added.
    pub fn register_toolset(&self, set: &Toolset) -> Vec<String> {
        let mut inner = self.write();
        Self::remove_toolset_locked(&mut inner, &set.name);
        let mut installed = Installed::default();
        for cmd in &set.commands {
            let name = cmd.spec().name.to_string();
            if let Some(old) = inner.map.insert(name.clone(), cmd.clone())
                && !installed.names.contains(&name)
            {
                installed.replaced.push((name.clone(), old));
            }
            if !installed.names.contains(&name) {
                installed.names.push(name);
            }
        }
        let names = installed.names.clone();
        inner.toolsets.insert(set.name.clone(), installed);
        names
    }

    /// Remove the toolset called `name`: its commands go, and any command it had replaced
    /// comes back. Returns the names removed (`None` when no such toolset is registered).
    pub fn unregister_toolset(&self, name: &str) -> Option<Vec<String>> {
        Self::remove_toolset_locked(&mut self.write(), name)
    }

    fn remove_toolset_locked(inner: &mut Inner, name: &str) -> Option<Vec<String>> {
        let installed = inner.toolsets.remove(name)?;
        for n in &installed.names {
            inner.map.remove(n);
        }
        for (n, cmd) in installed.replaced {
            inner.map.insert(n, cmd);
        }
        Some(installed.names)
    }

    /// The registered toolsets' names, sorted.
    pub fn toolsets(&self) -> Vec<String> {
        let mut v: Vec<String> = self.read().toolsets.keys().cloned().collect();
        v.sort();
        v
    }

    pub fn get(&self, name: &str) -> Option<Arc<dyn Command>> {
        self.read().map.get(name).cloned()
    }

    pub fn len(&self) -> usize {
        self.read().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.read().map.is_empty()
    }

    /// All commands, sorted by name.
    pub fn commands(&self) -> Vec<Arc<dyn Command>> {
        let mut v: Vec<_> = self.read().map.values().cloned().collect();
        v.sort_by(|a, b| a.spec().name.cmp(b.spec().name));
        v
    }
}

impl CommandRegistry for Registry {
    fn get(&self, name: &str) -> Option<Arc<dyn Command>> {
        Registry::get(self, name)
    }
    fn names(&self) -> Vec<String> {
        let mut v = self.command_names();
        v.sort();
        v
    }
    fn commands(&self) -> Vec<Arc<dyn Command>> {
        Registry::commands(self)
    }
    fn left_out(&self) -> Vec<(&'static str, &'static str)> {
        let inner = self.read();
        let mut v: Vec<_> = inner
            .left_out
            .iter()
            .filter(|(n, _)| !inner.map.contains_key(*n))
            .copied()
            .collect();
        v.sort();
        v
    }
}
