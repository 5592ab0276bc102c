//! Finding a command on `$PATH`, as bash does, with its table of remembered locations (`hash`).
//!
//! Every command the kernel provides has an entry `/usr/bin/NAME` in the filesystem (`/bin` is a
//! link to `usr/bin`, as on Debian), so `/bin/ls`, `command -v`, `type`, `which`, `ls /usr/bin`
//! and a `PATH` without `/usr/bin` all behave as on a real system. An entry is a small script
//! ([`command_entry`]) that runs the command in-process; running that exact file runs the
//! command directly, without starting a shell. A file changed by the script is an ordinary file.
//!
//! Lookups are remembered per shell, keyed by name, and forgotten when `PATH` changes; a
//! remembered file is used as it is, as bash does without `checkhash`: one that has gone fails.

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap as HashMap;
use sandsh_vfs::{KernelBackend, MemoryFs, VfsError, WriteMode};

use super::Shell;

/// Programs Debian ships that sandsh provides as builtins: they get entries in `/usr/bin` too.
pub const PROGRAM_BUILTINS: &[&str] = &[
    "bash", "sh", "[", "test", "echo", "printf", "true", "false", "kill", "pwd", "timeout",
];

/// The text of `/usr/bin/NAME` for a command the kernel provides.
pub fn command_entry(name: &str) -> Vec<u8> {
    // Built by hand rather than with `format!`: the kernel makes ~120 of these at start-up.
    let mut v = Vec::with_capacity(64 + 2 * name.len());
    v.extend_from_slice(b"#!/bin/sh\n# sandsh runs `");
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(b"` in-process\nexec command -p ");
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(b" \"$@\"\n");
    v
}

/// Give every command in `names` and every program builtin an entry `/usr/bin/NAME`, keeping
/// any file already there (a restored snapshot's, a mount's). False when the filesystem would
/// not take them: commands are then found by name alone. `root` is the in-memory root when
/// nothing is mounted over it, which takes all the entries under one lock.
pub fn install_entries(
    backend: &dyn KernelBackend,
    root: Option<&MemoryFs>,
    names: &[String],
) -> bool {
    let names = names
        .iter()
        .map(String::as_str)
        .chain(PROGRAM_BUILTINS.iter().copied());
    if let Some(root) = root {
        let files = names.map(|n| (n.as_bytes().to_vec(), command_entry(n)));
        return root.install_files(b"/usr/bin", files, 0o755).is_ok();
    }
    let mut ok = true;
    for name in names {
        ok &= install_entry(backend, name);
    }
    ok
}

/// Write `/usr/bin/NAME` for one command unless a file is already there.
fn install_entry(backend: &dyn KernelBackend, name: &str) -> bool {
    let p = PathBuf::from(format!("/usr/bin/{name}"));
    matches!(
        backend.write(&p, &command_entry(name), WriteMode::CreateNew, 0o755),
        Ok(()) | Err(VfsError::AlreadyExists)
    )
}

impl Shell {
    /// Commands were registered while the session runs: give them entries and forget the
    /// remembered locations.
    pub fn commands_added(&mut self, names: &[String]) {
        for n in names {
            install_entry(&*self.env.backend, n);
        }
        self.forget_hashed();
    }

    /// Commands were unregistered: remove their unchanged entries, except for a name that is
    /// still `provided` (a toolset gave back what it replaced) or names a builtin.
    pub fn commands_removed(&mut self, names: &[String], provided: &dyn Fn(&str) -> bool) {
        for n in names {
            if provided(n) || PROGRAM_BUILTINS.contains(&n.as_str()) {
                continue;
            }
            let p = PathBuf::from(format!("/usr/bin/{n}"));
            let backend = &self.env.backend;
            if backend.read(&p, None).is_ok_and(|d| d == command_entry(n)) {
                let _ = backend.remove(&p, false);
            }
        }
        self.forget_hashed();
    }
}

/// The command a file runs when it is an unchanged entry of [`command_entry`].
pub fn entry_command<'a>(path: &'a Path, data: &[u8]) -> Option<&'a str> {
    let name = path.file_name()?.to_str()?;
    (data.len() < 128 && data == command_entry(name).as_slice()).then_some(name)
}

/// A location found on `$PATH`.
#[derive(Debug, Clone)]
pub struct Found {
    /// The path as `$PATH` spells it (`/usr/bin/ls`), which `command -v` prints.
    pub shown: String,
    /// The same, resolved from the current directory.
    pub path: PathBuf,
    /// The file is an entry for this command (run it in-process).
    pub command: Option<String>,
    /// What the file was when found (inode, size, mtime): a change means look again.
    stamp: (u64, u64, std::time::SystemTime),
    pub hits: u32,
}

/// The remembered locations of one shell.
#[derive(Debug, Clone, Default)]
pub struct HashTable {
    /// `PATH` when the entries were found; a different `PATH` empties the table.
    path_var: Vec<u8>,
    pub entries: HashMap<String, Found>,
}

impl Shell {
    /// Forget every remembered location if `PATH` changed since they were found.
    pub fn sync_hash_table(&mut self) {
        let path_var = self.vars.get_str("PATH").unwrap_or_default();
        if self.hashed.path_var != path_var {
            self.hashed.path_var = path_var.to_vec();
            self.hashed.entries.clear();
        }
    }

    /// The remembered location of `name`, counted as a use. Like bash without `checkhash`, a
    /// location is not checked here: running a file that has gone fails.
    pub fn hashed_entry(&mut self, name: &str) -> Option<Found> {
        self.sync_hash_table();
        let f = self.hashed.entries.get_mut(name)?;
        f.hits += 1;
        Some(f.clone())
    }

    /// Whether the entry `found` named is still there, unchanged (else run it as a file).
    pub fn entry_unchanged(&self, found: &Found) -> bool {
        match self.env.backend.stat(&found.path) {
            Ok(m) => (m.ino, m.size, m.mtime) == found.stamp,
            Err(_) => false,
        }
    }

    /// `hash -p PATH NAME`: remember a location given by the user.
    pub fn remember(&mut self, name: &str, shown: String, path: PathBuf) {
        self.sync_hash_table();
        let command = self
            .env
            .backend
            .read(&path, None)
            .ok()
            .and_then(|data| entry_command(&path, &data).map(str::to_string));
        let stamp = match self.env.backend.stat(&path) {
            Ok(m) => (m.ino, m.size, m.mtime),
            Err(_) => (0, 0, std::time::UNIX_EPOCH),
        };
        self.hashed.entries.insert(
            name.to_string(),
            Found {
                shown,
                path,
                command,
                stamp,
                hits: 0,
            },
        );
    }

    /// Where `$PATH` finds the executable `name` (no `/` in it), remembering the answer.
    pub fn find_command(&mut self, name: &str) -> Option<Found> {
        if let Some(f) = self.hashed_entry(name) {
            return Some(f);
        }
        let mut found = self.search_path(name)?;
        found.hits = 1;
        self.hashed.entries.insert(name.to_string(), found.clone());
        Some(found)
    }

    /// Search `$PATH` for an executable file `name`, without remembering it.
    pub fn search_path(&self, name: &str) -> Option<Found> {
        self.search(name, false).pop()
    }

    /// Every executable file `name` on `$PATH`, in order (`type -a`).
    pub fn search_path_all(&self, name: &str) -> Vec<Found> {
        self.search(name, true)
    }

    fn search(&self, name: &str, all: bool) -> Vec<Found> {
        let mut out = Vec::new();
        let path_var = self.vars.get_str("PATH").unwrap_or_default();
        for dir in path_var.split(|b| *b == b':') {
            // An empty element is the current directory, as in bash.
            let dir = if dir.is_empty() { &b"."[..] } else { dir };
            let shown = format!("{}/{}", String::from_utf8_lossy(dir), name);
            let p = self.resolve(&shown);
            let Ok(m) = self.env.backend.stat(&p) else {
                continue;
            };
            if !m.is_file() || m.mode & 0o111 == 0 {
                continue;
            }
            let command = (m.size < 128)
                .then(|| self.env.backend.read(&p, None).ok())
                .flatten()
                .and_then(|data| entry_command(&p, &data).map(str::to_string));
            out.push(Found {
                shown,
                path: p,
                command,
                stamp: (m.ino, m.size, m.mtime),
                hits: 0,
            });
            if !all {
                break;
            }
        }
        out
    }
}
