//! The host side of the differential tests: a script run by `/bin/bash` (5.2) with the host's
//! GNU tools, gawk, GNU bc, jq…, in the `C.UTF-8` locale. Every `*_diff` module compares
//! sandsh against [`Host::run`], so each test states only its cases and what it compares.
//!
//! A tool a test compares against must be on the host: a missing one fails the test and says
//! what to install ([`require`]; `.ci/run` installs them all). `SANDSH_SKIP_DIFF=1` skips
//! such a test instead, for a machine that cannot have the tool.

use std::path::{Path, PathBuf};
use std::process::Command;

/// How to run a script on the host.
#[derive(Clone, Debug)]
pub struct Host {
    dir: Option<PathBuf>,
    env: Vec<(&'static str, String)>,
    unset: Vec<&'static str>,
}

/// What a host run printed and its exit status (-1 when a signal ended it).
#[derive(Clone, Debug)]
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

impl Host {
    /// `bash -c SCRIPT` with `LC_ALL=C.UTF-8`, in the test's working directory.
    pub fn new() -> Host {
        Host {
            dir: None,
            env: vec![("LC_ALL", "C.UTF-8".to_string())],
            unset: Vec::new(),
        }
    }

    /// Run in `dir`.
    pub fn dir(mut self, dir: &Path) -> Host {
        self.dir = Some(dir.to_path_buf());
        self
    }

    /// Set `name` for the script.
    pub fn env(mut self, name: &'static str, value: &str) -> Host {
        self.env.push((name, value.to_string()));
        self
    }

    /// Remove `name` from the script's environment.
    pub fn unset(mut self, name: &'static str) -> Host {
        self.unset.push(name);
        self
    }

    /// Run `script`; a host without a working `/bin/bash` fails the test.
    pub fn run(&self, script: &str) -> Run {
        let mut cmd = Command::new("/bin/bash");
        cmd.arg("-c").arg(script);
        if let Some(d) = &self.dir {
            cmd.current_dir(d);
        }
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        for k in &self.unset {
            cmd.env_remove(k);
        }
        let out = cmd.output().expect("run /bin/bash");
        Run {
            stdout: out.stdout,
            stderr: out.stderr,
            status: out.status.code().unwrap_or(-1),
        }
    }
}

/// Whether the host has the command `name` (`command -v`): for a table of cases whose tools
/// may be absent, each case skipped when its tool is (the tables say which are optional).
pub fn has_tool(name: &str) -> bool {
    Host::new()
        .run(&format!("command -v {name} >/dev/null"))
        .status
        == 0
}

/// Whether the host has `what`, as the bash test `probe` tells (e.g. `gawk --version`). A
/// missing tool fails the calling test with what to install, unless `SANDSH_SKIP_DIFF=1`:
/// then the caller skips (this returns false).
pub fn require(what: &str, probe: &str) -> bool {
    if Host::new()
        .run(&format!("{{ {probe}; }} >/dev/null 2>&1"))
        .status
        == 0
    {
        return true;
    }
    if std::env::var_os("SANDSH_SKIP_DIFF").is_some_and(|v| v == "1") {
        eprintln!("{what} is not on the host: skipped (SANDSH_SKIP_DIFF=1)");
        return false;
    }
    panic!(
        "{what} is not on the host, and this differential test compares sandsh against it: \
         install it (.ci/run does), or set SANDSH_SKIP_DIFF=1 to skip the test"
    );
}
