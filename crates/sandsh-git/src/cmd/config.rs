//! `git config`: get, set, unset and list, in the repository's file, `--global` or a
//! `--file`.

use crate::config::{Config, Scope, canonical, global_path, set_in_file, unset_in_file};
use crate::error::{Fail, Res};
use crate::opts::{Opt, flag, no, parse, value};
use crate::repo::Git;

const USAGE: &str = "git config [<options>]";

const OPTS: &[Opt] = &[
    flag(None, "global"),
    flag(None, "local"),
    flag(None, "system"),
    value(Some('f'), "file"),
    flag(Some('l'), "list"),
    flag(None, "get"),
    flag(None, "get-all"),
    flag(None, "unset"),
    flag(None, "unset-all"),
    flag(None, "add"),
    flag(None, "bool"),
    flag(None, "int"),
    value(None, "type"),
    flag(None, "show-origin"),
    flag(None, "show-scope"),
    flag(Some('z'), "null"),
    flag(None, "name-only"),
    value(None, "default"),
    no(None, "replace-all", false),
    no(None, "get-regexp", false),
    no(None, "rename-section", false),
    no(None, "remove-section", false),
    no(Some('e'), "edit", false),
    no(None, "worktree", false),
];

pub(crate) fn config(g: &mut Git, args: &[String]) -> Res<i32> {
    // `git config list|get|set|unset` (the 2.46 subcommands) read as the old options.
    let mut args = args.to_vec();
    if let Some(first) = args.first().cloned() {
        let mapped = match first.as_str() {
            "list" => Some("--list"),
            "get" => Some("--get"),
            "set" => Some(""),
            "unset" => Some("--unset"),
            _ => None,
        };
        if let Some(m) = mapped {
            args.remove(0);
            if !m.is_empty() {
                args.insert(0, m.to_string());
            }
        }
    }
    let p = parse(OPTS, &args, USAGE)?;
    if p.on("system") {
        return Err(Fail::unsupported("the system configuration (--system)"));
    }
    // The file to write, and the layers to read.
    let repo = if p.on("global") || p.given("file") {
        None
    } else {
        match g.open() {
            Ok(r) => Some(r),
            Err(_) => {
                if p.on("local") || p.args.len() >= 2 || p.on("unset") {
                    return Err(Fail::fatal("not in a git directory"));
                }
                None
            }
        }
    };
    let target = if let Some(f) = p.value("file") {
        Some(g.abs(f))
    } else if p.on("global") {
        global_path(g)
    } else {
        repo.as_ref().map(|r| r.gpath("config"))
    };
    let cfg = match (&repo, p.on("global"), p.value("file")) {
        (_, _, Some(f)) => {
            let path = g.abs(f);
            let bytes = crate::repo::read_opt(&*g.fs, &path)?;
            let mut c = Config::load(g, None)?;
            c.layers.clear();
            if let Some(b) = bytes
                && let Some(file) = crate::config::parse_bytes(&b)
            {
                c.layers.push(crate::config::Layer {
                    scope: Scope::Local,
                    path,
                    file,
                });
            }
            c
        }
        (_, true, _) => {
            let mut c = Config::load(g, None)?;
            c.overrides.clear();
            c
        }
        (Some(r), _, _) => {
            let mut c = Config::load(g, Some(&r.git_dir))?;
            if p.on("local") {
                c.layers.retain(|l| l.scope == Scope::Local);
                c.overrides.clear();
            }
            c
        }
        (None, _, _) => Config::load(g, None)?,
    };
    let z = p.on("null");
    if p.on("list") {
        let mut out = String::new();
        for (scope, origin, k, v) in cfg.list_with_origin() {
            if p.on("show-origin") {
                match &origin {
                    Some(path) => out.push_str(&format!("file:{}\t", path.display())),
                    None => out.push_str("command line:\t"),
                }
            }
            if p.on("show-scope") {
                out.push_str(match scope {
                    Scope::Global => "global\t",
                    Scope::Local => "local\t",
                });
            }
            out.push_str(&k);
            if !p.on("name-only") {
                if let Some(v) = v {
                    out.push(if z { '\n' } else { '=' });
                    out.push_str(&v);
                } else if !z {
                }
            }
            out.push(if z { '\0' } else { '\n' });
        }
        g.outs(&out)?;
        return Ok(0);
    }
    let key = p.args.first().cloned();
    let Some(key) = key else {
        return Err(Fail::Usage(format!(
            "error: no action specified\nusage: {USAGE}\n"
        )));
    };
    if canonical(&key).is_none() {
        return Err(Fail::Raw(
            format!("error: key does not contain a section: {key}\n"),
            1,
        ));
    }
    if p.on("unset") || p.on("unset-all") {
        let Some(t) = target else {
            return Err(Fail::fatal("not in a git directory"));
        };
        return Ok(if unset_in_file(g, &t, &key)? { 0 } else { 5 });
    }
    let is_get = p.on("get") || p.on("get-all") || p.args.len() == 1;
    if is_get {
        let ty = p.value("type").map(str::to_string).or_else(|| {
            if p.on("bool") {
                Some("bool".into())
            } else if p.on("int") {
                Some("int".into())
            } else {
                None
            }
        });
        let v = if p.on("get-all") {
            let canon = canonical(&key).unwrap_or_default();
            let all: Vec<String> = cfg
                .list()
                .into_iter()
                .filter(|(_, k, _)| canonical(k).as_deref() == Some(canon.as_str()))
                .map(|(_, _, v)| v.unwrap_or_default())
                .collect();
            if all.is_empty() {
                None
            } else {
                Some(all.join("\n"))
            }
        } else {
            match ty.as_deref() {
                Some("bool") => cfg.bool(&key).map(|b| b.to_string()),
                Some("int") => cfg.int(&key).map(|n| n.to_string()),
                _ => cfg.get(&key),
            }
        };
        return match v.or_else(|| p.value("default").map(str::to_string)) {
            Some(v) => {
                g.outs(&format!("{v}{}", if z { '\0' } else { '\n' }))?;
                Ok(0)
            }
            None => Ok(1),
        };
    }
    if p.args.len() > 2 {
        return Err(Fail::Usage(format!(
            "error: wrong number of arguments, should be from 1 to 2\nusage: {USAGE}\n"
        )));
    }
    let Some(t) = target else {
        return Err(Fail::fatal("not in a git directory"));
    };
    set_in_file(g, &t, &key, &p.args[1])?;
    Ok(0)
}
