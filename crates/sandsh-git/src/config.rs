//! git's configuration: `$HOME/.gitconfig` (or `$XDG_CONFIG_HOME/git/config`), the
//! repository's `config`, then `-c name=value`, the later winning. Files are parsed by
//! `gix-config` from bytes read through the VFS; `git config NAME VALUE` edits a file with it
//! too, so comments and layout survive as git keeps them.

use std::path::{Path, PathBuf};

use bstr::ByteSlice;
use gix_config::File;

use crate::error::{Fail, Res};
use crate::repo::{Git, read_opt};

/// Where a layer comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Global,
    Local,
}

pub(crate) struct Layer {
    pub scope: Scope,
    pub path: PathBuf,
    pub file: File,
}

/// The configuration a command sees.
pub(crate) struct Config {
    pub layers: Vec<Layer>,
    /// `-c` settings: canonical key (`section.sub.name`, section and name lower-case) and
    /// value (`None`: given without `=`, a boolean true).
    pub overrides: Vec<(String, Option<String>)>,
    pub repo_loaded: bool,
}

/// `section.Sub.Name` with the section and the name lower-cased, as git compares keys.
pub(crate) fn canonical(key: &str) -> Option<String> {
    let first = key.find('.')?;
    let last = key.rfind('.')?;
    if first == 0 || last + 1 == key.len() {
        return None;
    }
    let section = key[..first].to_ascii_lowercase();
    let name = key[last + 1..].to_ascii_lowercase();
    if first == last {
        Some(format!("{section}.{name}"))
    } else {
        Some(format!("{section}.{}.{name}", &key[first + 1..last]))
    }
}

fn parse_file(bytes: &[u8], path: &Path) -> Res<File> {
    parse_bytes(bytes).ok_or_else(|| Fail::fatal(format!("bad config file {}", path.display())))
}

/// A configuration file's text, parsed without following includes and without any way to
/// look a user up: gitoxide's default options would reach the host's user database for
/// `~name` paths (`getpwnam`), which the sandbox never does.
pub(crate) fn parse_bytes(bytes: &[u8]) -> Option<File> {
    // Spelled out: the defaults name the lookup even when it is replaced.
    let options = gix_config::file::init::Options {
        includes: gix_config::file::includes::Options {
            max_depth: 0,
            err_on_max_depth_exceeded: false,
            err_on_interpolation_failure: false,
            err_on_missing_config_path: false,
            interpolate: gix_config::path::interpolate::Context {
                git_install_dir: None,
                home_dir: None,
                home_for_user: None,
            },
            conditional: Default::default(),
        },
        lossy: false,
        ignore_io_errors: false,
    };
    File::from_bytes_no_includes(bytes, gix_config::file::Metadata::api(), options).ok()
}

/// The global configuration file git reads for `$HOME`.
pub(crate) fn global_path(g: &Git) -> Option<PathBuf> {
    if let Some(p) = g.env("GIT_CONFIG_GLOBAL") {
        return Some(g.abs(&p));
    }
    let home = g.env("HOME")?;
    let home_file = Path::new(&home).join(".gitconfig");
    let xdg = g
        .env("XDG_CONFIG_HOME")
        .map(|x| Path::new(&x).join("git/config"))
        .unwrap_or_else(|| Path::new(&home).join(".config/git/config"));
    if g.fs.stat(&home_file).is_err() && g.fs.stat(&xdg).is_ok() {
        return Some(xdg);
    }
    Some(home_file)
}

impl Config {
    /// The global file, the repository's (when `git_dir` is given) and `-c`.
    pub fn load(g: &Git, git_dir: Option<&Path>) -> Res<Config> {
        let mut layers = Vec::new();
        let mut paths = Vec::new();
        if let Some(home) = g.env("HOME") {
            let xdg = g
                .env("XDG_CONFIG_HOME")
                .map(|x| Path::new(&x).join("git/config"))
                .unwrap_or_else(|| Path::new(&home).join(".config/git/config"));
            match g.env("GIT_CONFIG_GLOBAL") {
                Some(p) => paths.push((Scope::Global, g.abs(&p))),
                None => {
                    paths.push((Scope::Global, xdg));
                    paths.push((Scope::Global, Path::new(&home).join(".gitconfig")));
                }
            }
        }
        if let Some(d) = git_dir {
            paths.push((Scope::Local, d.join("config")));
        }
        for (scope, path) in paths {
            if let Some(bytes) = read_opt(&*g.fs, &path)? {
                let file = parse_file(&bytes, &path)?;
                layers.push(Layer { scope, path, file });
            }
        }
        let overrides = g
            .overrides
            .iter()
            .filter_map(|(k, v)| canonical(k).map(|k| (k, v.clone())))
            .collect();
        Ok(Config {
            layers,
            overrides,
            repo_loaded: false,
        })
    }

    /// The value of `key` (`user.name`), the last setting winning; an empty string for a
    /// key given without `=` (`[core] bare`).
    pub fn get(&self, key: &str) -> Option<String> {
        let canon = canonical(key)?;
        if let Some((_, v)) = self.overrides.iter().rev().find(|(k, _)| *k == canon) {
            return Some(v.clone().unwrap_or_default());
        }
        self.layers
            .iter()
            .rev()
            .find_map(|l| l.file.string(key).map(|v| v.to_str_lossy().into_owned()))
    }

    /// Whether `key` was set to no value at all (`[core]\n\tbare`): a boolean true.
    fn implicit(&self, key: &str) -> bool {
        let canon = canonical(key).unwrap_or_default();
        if let Some((_, v)) = self.overrides.iter().rev().find(|(k, _)| *k == canon) {
            return v.is_none();
        }
        self.layers
            .iter()
            .rev()
            .find_map(|l| {
                let k = gix_config::KeyRef::parse_unvalidated(key.into())?;
                l.file
                    .section(k.section_name, k.subsection_name)
                    .ok()
                    .and_then(|s| s.value_implicit(k.value_name))
            })
            .is_some_and(|v| v.is_none())
    }

    /// A boolean as git reads it (`true`/`yes`/`on`/`1`, `false`/`no`/`off`/`0`/empty).
    pub fn bool(&self, key: &str) -> Option<bool> {
        if self.implicit(key) {
            return Some(true);
        }
        let v = self.get(key)?;
        match v.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" => Some(true),
            "false" | "no" | "off" | "" => Some(false),
            n => n.parse::<i64>().ok().map(|n| n != 0),
        }
    }

    /// An integer, with git's `k`/`m`/`g` suffixes.
    pub fn int(&self, key: &str) -> Option<i64> {
        let v = self.get(key)?;
        let v = v.trim();
        let (num, mult) = match v.chars().last()?.to_ascii_lowercase() {
            'k' => (&v[..v.len() - 1], 1024),
            'm' => (&v[..v.len() - 1], 1024 * 1024),
            'g' => (&v[..v.len() - 1], 1024 * 1024 * 1024),
            _ => (v, 1),
        };
        num.parse::<i64>().ok().map(|n| n * mult)
    }

    /// Every `name=value` line `git config --list` prints, layer by layer.
    pub fn list(&self) -> Vec<(Scope, String, Option<String>)> {
        self.list_with_origin()
            .into_iter()
            .map(|(s, _, k, v)| (s, k, v))
            .collect()
    }

    /// [`Config::list`] with each setting's file (`None` for `-c`).
    pub fn list_with_origin(&self) -> Vec<(Scope, Option<PathBuf>, String, Option<String>)> {
        let mut out = Vec::new();
        for l in &self.layers {
            for s in l.file.sections() {
                let h = s.header();
                let sec = h.name().to_str_lossy().to_ascii_lowercase();
                let prefix = match h.subsection_name() {
                    Some(sub) => format!("{sec}.{}", sub.to_str_lossy()),
                    None => sec,
                };
                let body = s.body();
                let mut names: Vec<String> = Vec::new();
                for n in body.value_names() {
                    let n = n.to_ascii_lowercase();
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
                for n in names {
                    for v in body.values(&n) {
                        out.push((
                            l.scope,
                            Some(l.path.clone()),
                            format!("{prefix}.{n}"),
                            Some(v.to_str_lossy().into_owned()),
                        ));
                    }
                }
            }
        }
        for (k, v) in &self.overrides {
            out.push((Scope::Local, None, k.clone(), v.clone()));
        }
        out
    }
}

/// Set `key` to `value` in the file at `path` (created if missing), as `git config` does.
pub(crate) fn set_in_file(g: &Git, path: &Path, key: &str, value: &str) -> Res<()> {
    let bytes = read_opt(&*g.fs, path)?.unwrap_or_default();
    let mut file = parse_file(&bytes, path)?;
    file.set_raw_value(key, value)
        .map_err(|_| Fail::Raw(format!("error: invalid key: {key}\n"), 1))?;
    let mut out = Vec::new();
    file.write_to(&mut out)
        .map_err(|e| Fail::fatal(format!("could not write config file: {e}")))?;
    crate::repo::write_locked(&*g.fs, path, &out, 0o644)
}

/// Remove `key` from the file at `path`; `false` when it was not there.
pub(crate) fn unset_in_file(g: &Git, path: &Path, key: &str) -> Res<bool> {
    let Some(bytes) = read_opt(&*g.fs, path)? else {
        return Ok(false);
    };
    let mut file = parse_file(&bytes, path)?;
    let Some(k) = gix_config::KeyRef::parse_unvalidated(key.into()) else {
        return Ok(false);
    };
    let removed = match file.section_mut(k.section_name, k.subsection_name) {
        Ok(mut s) => s.remove(k.value_name).is_some(),
        Err(_) => false,
    };
    if !removed {
        return Ok(false);
    }
    let mut out = Vec::new();
    file.write_to(&mut out)
        .map_err(|e| Fail::fatal(format!("could not write config file: {e}")))?;
    crate::repo::write_locked(&*g.fs, path, &out, 0o644)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_compare_as_git_compares_them() {
        assert_eq!(canonical("User.Name").as_deref(), Some("user.name"));
        assert_eq!(
            canonical("Branch.Main.Remote").as_deref(),
            Some("branch.Main.remote")
        );
        assert_eq!(canonical("nodot"), None);
    }

    #[test]
    fn a_new_value_is_written_as_git_writes_it() {
        let mut f = parse_file(b"", Path::new("c")).unwrap();
        f.set_raw_value("user.name", "A U Thor").unwrap();
        f.set_raw_value("user.email", "a@x").unwrap();
        let mut out = Vec::new();
        f.write_to(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[user]\n\tname = A U Thor\n\temail = a@x\n"
        );
    }
}
