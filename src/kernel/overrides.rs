//! Per-call overrides (`ExecOptions::env`, `ExecOptions::cwd`): one run sees extra exported
//! variables and starts in another directory; afterwards the session is as it was, except
//! for what the script changed elsewhere.

use std::path::{Path, PathBuf};

use super::Kernel;
use crate::interp::{Attrs, Var};

/// What the overrides replaced, put back after the run.
#[derive(Default)]
pub(super) struct Saved {
    vars: Vec<(String, Option<Var>)>,
    cwd: Option<PathBuf>,
}

impl Kernel {
    /// Apply one call's overrides; an error message when the directory is not one or a
    /// variable cannot be set (readonly, invalid name).
    pub(super) fn apply_overrides(
        &mut self,
        env: &[(String, String)],
        cwd: Option<&str>,
    ) -> Result<Saved, String> {
        let mut saved = Saved::default();
        if let Some(dir) = cwd {
            let p = crate::vfs::normalize(&self.shell.cwd, Path::new(dir));
            match self.shell.env.backend.stat(&p) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(format!("{dir}: Not a directory")),
                Err(_) => return Err(format!("{dir}: No such file or directory")),
            }
            for name in ["PWD", "OLDPWD"] {
                saved
                    .vars
                    .push((name.to_string(), self.shell.vars.save_global(name)));
            }
            let old = std::mem::replace(&mut self.shell.cwd, p.clone());
            saved.cwd = Some(old);
            let _ = self
                .shell
                .vars
                .set_str("PWD", p.to_string_lossy().into_owned().into_bytes());
        }
        for (name, value) in env {
            if !crate::interp::is_name(name) {
                self.restore_overrides(saved);
                return Err(format!("`{name}': not a valid identifier"));
            }
            if !saved.vars.iter().any(|(n, _)| n == name) {
                saved
                    .vars
                    .push((name.clone(), self.shell.vars.save_global(name)));
            }
            if let Err(e) = self.shell.vars.set_str(name, value.as_bytes().to_vec()) {
                self.restore_overrides(saved);
                return Err(e.to_string());
            }
            if let Some(v) = self.shell.vars.get_mut(name) {
                v.attrs.set(Attrs::EXPORT);
            }
        }
        Ok(saved)
    }

    /// Undo [`Kernel::apply_overrides`].
    pub(super) fn restore_overrides(&mut self, saved: Saved) {
        for (name, var) in saved.vars.into_iter().rev() {
            self.shell.vars.restore_global(&name, var);
        }
        if let Some(cwd) = saved.cwd {
            self.shell.cwd = cwd;
        }
    }
}
