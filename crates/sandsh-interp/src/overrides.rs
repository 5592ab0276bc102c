//! Per-call overrides (`ExecOptions::env`, `ExecOptions::cwd`): one run sees extra exported
//! variables and starts in another directory; afterwards the session is as it was, except
//! for what the script changed elsewhere.

use std::path::{Path, PathBuf};

use super::{Attrs, Shell, Var};

/// What the overrides replaced, put back after the run.
#[derive(Default)]
pub struct SavedOverrides {
    vars: Vec<(String, Option<Var>)>,
    cwd: Option<PathBuf>,
}

impl Shell {
    /// Apply one call's overrides; an error message when the directory is not one or a
    /// variable cannot be set (readonly, invalid name).
    pub fn apply_overrides(
        &mut self,
        env: &[(String, String)],
        cwd: Option<&str>,
    ) -> Result<SavedOverrides, String> {
        let mut saved = SavedOverrides::default();
        if let Some(dir) = cwd {
            let p = sandsh_vfs::normalize(&self.cwd, Path::new(dir));
            match self.env.backend.stat(&p) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(format!("{dir}: Not a directory")),
                Err(_) => return Err(format!("{dir}: No such file or directory")),
            }
            for name in ["PWD", "OLDPWD"] {
                saved
                    .vars
                    .push((name.to_string(), self.vars.save_global(name)));
            }
            let old = std::mem::replace(&mut self.cwd, p.clone());
            saved.cwd = Some(old);
            let _ = self
                .vars
                .set_str("PWD", p.to_string_lossy().into_owned().into_bytes());
        }
        for (name, value) in env {
            if !super::is_name(name) {
                self.restore_overrides(saved);
                return Err(format!("`{name}': not a valid identifier"));
            }
            if !saved.vars.iter().any(|(n, _)| n == name) {
                saved.vars.push((name.clone(), self.vars.save_global(name)));
            }
            if let Err(e) = self.vars.set_str(name, value.as_bytes().to_vec()) {
                self.restore_overrides(saved);
                return Err(e.to_string());
            }
            if let Some(v) = self.vars.get_mut(name) {
                v.attrs.set(Attrs::EXPORT);
            }
        }
        Ok(saved)
    }

    /// Undo [`Shell::apply_overrides`].
    pub fn restore_overrides(&mut self, saved: SavedOverrides) {
        for (name, var) in saved.vars.into_iter().rev() {
            self.vars.restore_global(&name, var);
        }
        if let Some(cwd) = saved.cwd {
            self.cwd = cwd;
        }
    }
}
