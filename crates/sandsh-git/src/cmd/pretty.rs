//! How `git log` and `git show` print a commit: the `--pretty`/`--format` forms and
//! placeholders, decorations, and the printer that puts them together.

use std::collections::HashMap;

use gix_hash::ObjectId;

use crate::error::{Fail, Res};
use crate::ident::{Ident, format_date};
use crate::objects::Commit;
use crate::opts::Parsed;
use crate::repo::Repo;

/// How each commit is printed.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Pretty {
    Medium,
    Short,
    Full,
    Fuller,
    Oneline,
    Raw,
    /// A user format; `true`: terminator semantics (`tformat:`, `--format=`).
    User(String, bool),
}

pub(super) fn pretty_from(p: &Parsed, repo: &Repo) -> Res<Pretty> {
    // The last of --oneline, --pretty and --format wins.
    let mut out = match repo.config.get("format.pretty") {
        Some(f) => parse_pretty(&f)?,
        None => Pretty::Medium,
    };
    for (name, v) in &p.opts {
        match (*name, v) {
            ("oneline", crate::opts::Val::On) => out = Pretty::Oneline,
            ("pretty", crate::opts::Val::On) => out = Pretty::Medium,
            ("pretty", crate::opts::Val::Str(s)) => out = parse_pretty(s)?,
            ("format", crate::opts::Val::Str(s)) => out = Pretty::User(s.clone(), true),
            _ => {}
        }
    }
    Ok(out)
}

pub(super) fn parse_pretty(s: &str) -> Res<Pretty> {
    Ok(match s {
        "medium" => Pretty::Medium,
        "short" => Pretty::Short,
        "full" => Pretty::Full,
        "fuller" => Pretty::Fuller,
        "oneline" => Pretty::Oneline,
        "raw" => Pretty::Raw,
        "email" | "mboxrd" | "reference" => {
            return Err(Fail::unsupported(&format!("--pretty={s}")));
        }
        _ => {
            if let Some(f) = s.strip_prefix("format:") {
                Pretty::User(f.to_string(), false)
            } else if let Some(f) = s.strip_prefix("tformat:") {
                Pretty::User(f.to_string(), true)
            } else if s.contains('%') {
                Pretty::User(s.to_string(), true)
            } else {
                return Err(Fail::fatal(format!("invalid --pretty format: {s}")));
            }
        }
    })
}

/// The decorations of every commit: `HEAD -> main, tag: v1, feature`.
pub(crate) struct Decorations {
    by_commit: HashMap<ObjectId, Vec<(String, u8)>>,
    head_branch: Option<String>,
}

impl Decorations {
    pub fn load(repo: &Repo) -> Res<Decorations> {
        let mut by_commit: HashMap<ObjectId, Vec<(String, u8)>> = HashMap::new();
        // Refs in name order, each added at the front (so the list ends reversed), then HEAD
        // at the front: the order git prints them in.
        for (name, id) in repo.refs("refs/")? {
            let (short, kind) = if let Some(t) = name.strip_prefix("refs/tags/") {
                (format!("tag: {t}"), 2)
            } else if let Some(b) = name.strip_prefix("refs/heads/") {
                (b.to_string(), 1)
            } else if let Some(r) = name.strip_prefix("refs/remotes/") {
                (r.to_string(), 3)
            } else if name == "refs/stash" {
                continue;
            } else {
                (name.clone(), 4)
            };
            let target = match repo.peel(&id) {
                Ok((_, t)) => t,
                Err(_) => id,
            };
            by_commit
                .entry(target)
                .or_default()
                .insert(0, (short, kind));
            if kind == 2 && target != id {
                // An annotated tag decorates its tag object too (never shown here).
            }
        }
        let head = repo.head()?;
        let head_branch = head.branch().map(str::to_string);
        if let Some(h) = repo.head_id()? {
            by_commit
                .entry(h)
                .or_default()
                .insert(0, ("HEAD".into(), 0));
        }
        Ok(Decorations {
            by_commit,
            head_branch,
        })
    }

    /// ` (HEAD -> main, tag: v1)` or empty.
    pub fn text(&self, id: &ObjectId, wrap: bool) -> String {
        let Some(list) = self.by_commit.get(id) else {
            return String::new();
        };
        let head_here = list.iter().any(|(_, k)| *k == 0);
        let current = self
            .head_branch
            .as_ref()
            .filter(|b| head_here && list.iter().any(|(n, k)| *k == 1 && n == *b));
        let mut parts = Vec::new();
        for (n, k) in list {
            if *k == 1 && Some(n) == current {
                continue;
            }
            if *k == 0 {
                match current {
                    Some(b) => parts.push(format!("HEAD -> {b}")),
                    None => parts.push("HEAD".into()),
                }
            } else {
                parts.push(n.clone());
            }
        }
        if parts.is_empty() {
            return String::new();
        }
        if wrap {
            format!(" ({})", parts.join(", "))
        } else {
            parts.join(", ")
        }
    }
}

/// What prints one commit.
pub(super) struct Printer {
    pub(super) pretty: Pretty,
    pub(super) abbrev: bool,
    pub(super) date: String,
    pub(super) decorate: Option<Decorations>,
    pub(super) now: i64,
}

pub(super) fn indent(msg: &[u8]) -> String {
    let text = String::from_utf8_lossy(msg);
    let mut out = String::new();
    let mut started = false;
    for l in text.lines() {
        if !started && l.trim().is_empty() {
            continue;
        }
        started = true;
        out.push_str("    ");
        out.push_str(&expand_tabs(l));
        out.push('\n');
    }
    // Trailing blank lines go.
    while out.ends_with("    \n") {
        out.truncate(out.len() - 5);
    }
    out
}

pub(super) fn expand_tabs(l: &str) -> String {
    if !l.contains('\t') {
        return l.to_string();
    }
    let mut out = String::new();
    let mut col = 0;
    for c in l.chars() {
        if c == '\t' {
            let n = 8 - col % 8;
            out.push_str(&" ".repeat(n));
            col += n;
        } else {
            out.push(c);
            col += 1;
        }
    }
    out
}

impl Printer {
    pub(super) fn id(&self, id: &ObjectId) -> String {
        if self.abbrev {
            id.to_hex_with_len(7).to_string()
        } else {
            id.to_hex().to_string()
        }
    }

    pub(super) fn deco(&self, id: &ObjectId) -> String {
        self.decorate
            .as_ref()
            .map_or(String::new(), |d| d.text(id, true))
    }

    pub(super) fn date(&self, who: &Ident) -> String {
        format_date(who.time, who.tz, &self.date, self.now)
    }

    /// The commit's header and message (without the separator before it).
    pub(super) fn show(&self, c: &Commit) -> String {
        let mut out = String::new();
        match &self.pretty {
            Pretty::Oneline => {
                out.push_str(&format!(
                    "{}{} {}\n",
                    self.id(&c.id),
                    self.deco(&c.id),
                    c.subject()
                ));
            }
            Pretty::User(f, _) => {
                out.push_str(&self.user(f, c));
            }
            Pretty::Raw => {
                out.push_str(&format!("commit {}{}\n", c.id.to_hex(), self.deco(&c.id)));
                out.push_str(&format!("tree {}\n", c.tree.to_hex()));
                for p in &c.parents {
                    out.push_str(&format!("parent {}\n", p.to_hex()));
                }
                out.push_str(&format!("author {}\n", c.author.header()));
                out.push_str(&format!("committer {}\n", c.committer.header()));
                out.push('\n');
                out.push_str(&indent(&c.message));
            }
            p => {
                out.push_str(&format!("commit {}{}\n", self.id(&c.id), self.deco(&c.id)));
                if c.parents.len() > 1 {
                    let ps: Vec<String> = c
                        .parents
                        .iter()
                        .map(|p| p.to_hex_with_len(7).to_string())
                        .collect();
                    out.push_str(&format!("Merge: {}\n", ps.join(" ")));
                }
                match p {
                    Pretty::Medium => {
                        out.push_str(&format!("Author: {} <{}>\n", c.author.name, c.author.email));
                        out.push_str(&format!("Date:   {}\n", self.date(&c.author)));
                    }
                    Pretty::Short => {
                        out.push_str(&format!("Author: {} <{}>\n", c.author.name, c.author.email));
                    }
                    Pretty::Full => {
                        out.push_str(&format!("Author: {} <{}>\n", c.author.name, c.author.email));
                        out.push_str(&format!(
                            "Commit: {} <{}>\n",
                            c.committer.name, c.committer.email
                        ));
                    }
                    _ => {
                        out.push_str(&format!(
                            "Author:     {} <{}>\n",
                            c.author.name, c.author.email
                        ));
                        out.push_str(&format!("AuthorDate: {}\n", self.date(&c.author)));
                        out.push_str(&format!(
                            "Commit:     {} <{}>\n",
                            c.committer.name, c.committer.email
                        ));
                        out.push_str(&format!("CommitDate: {}\n", self.date(&c.committer)));
                    }
                }
                out.push('\n');
                if *p == Pretty::Short {
                    out.push_str(&format!("    {}\n", c.subject()));
                } else {
                    out.push_str(&indent(&c.message));
                }
            }
        }
        out
    }

    /// A user format, its placeholders expanded.
    pub(super) fn user(&self, f: &str, c: &Commit) -> String {
        let mut out = String::new();
        let chars: Vec<char> = f.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let ch = chars[i];
            i += 1;
            if ch != '%' || i >= chars.len() {
                out.push(ch);
                continue;
            }
            let rest: String = chars[i..].iter().collect();
            let (text, used) = self.placeholder(&rest, c);
            match text {
                Some(t) => {
                    out.push_str(&t);
                    i += used;
                }
                None => out.push('%'),
            }
        }
        out
    }

    pub(super) fn placeholder(&self, s: &str, c: &Commit) -> (Option<String>, usize) {
        let two = |w: &Ident, k: char| -> Option<String> {
            Some(match k {
                'n' | 'N' => w.name.clone(),
                'e' | 'E' => w.email.clone(),
                'l' | 'L' => w.email.split('@').next().unwrap_or("").to_string(),
                'd' => self.date(w),
                'D' => format_date(w.time, w.tz, "rfc", self.now),
                'r' => format_date(w.time, w.tz, "relative", self.now),
                't' => w.time.to_string(),
                'i' => format_date(w.time, w.tz, "iso", self.now),
                'I' => format_date(w.time, w.tz, "iso-strict", self.now),
                's' => format_date(w.time, w.tz, "short", self.now),
                _ => return None,
            })
        };
        let first = s.chars().next().unwrap_or(' ');
        let second = s.chars().nth(1).unwrap_or(' ');
        let one = |t: String| (Some(t), 1);
        match first {
            'H' => one(c.id.to_hex().to_string()),
            'h' => one(c.id.to_hex_with_len(7).to_string()),
            'T' => one(c.tree.to_hex().to_string()),
            't' => one(c.tree.to_hex_with_len(7).to_string()),
            'P' => one(c
                .parents
                .iter()
                .map(|p| p.to_hex().to_string())
                .collect::<Vec<_>>()
                .join(" ")),
            'p' => one(c
                .parents
                .iter()
                .map(|p| p.to_hex_with_len(7).to_string())
                .collect::<Vec<_>>()
                .join(" ")),
            'a' => (two(&c.author, second), 2),
            'c' if s.starts_with("C(") || s.starts_with("Cr") => (None, 0),
            'c' => (two(&c.committer, second), 2),
            's' => one(c.subject()),
            'f' => one(sanitize(&c.subject())),
            'b' => one(c.body()),
            'B' => one(String::from_utf8_lossy(&c.message).into_owned()),
            'n' => one("\n".into()),
            '%' => one("%".into()),
            'd' => one(self.decorations(c, true)),
            'D' => one(self.decorations(c, false)),
            'e' => one(String::new()),
            'N' => one(String::new()),
            'x' => {
                let hex: String = s.chars().skip(1).take(2).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(b) => (Some((b as char).to_string()), 3),
                    Err(_) => (None, 0),
                }
            }
            'C' => {
                // Colours: none when not on a terminal.
                if let Some(rest) = s.strip_prefix("C(") {
                    match rest.find(')') {
                        Some(end) => (Some(String::new()), end + 3),
                        None => (None, 0),
                    }
                } else {
                    for name in ["reset", "red", "green", "blue"] {
                        if s[1..].starts_with(name) {
                            return (Some(String::new()), 1 + name.len());
                        }
                    }
                    (None, 0)
                }
            }
            _ => (None, 0),
        }
    }

    pub(super) fn decorations(&self, c: &Commit, wrap: bool) -> String {
        match &self.decorate {
            Some(d) => d.text(&c.id, wrap),
            None => String::new(),
        }
    }
}

/// `%f`: the subject as a file name.
pub(super) fn sanitize(s: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for ch in s.chars() {
        if ch.is_ascii_alphanumeric() || ch == '.' || ch == '_' {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(ch);
        } else {
            dash = true;
        }
    }
    while out.ends_with('.') {
        out.pop();
    }
    out
}
