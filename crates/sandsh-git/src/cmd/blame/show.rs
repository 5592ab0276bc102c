//! blame's output: git's default columns (the abbreviated id, one wider than `--abbrev` so a
//! boundary's `^` fits in the same width; the author padded to the longest shown; the date;
//! the line number padded to the widest shown), the `-s`, `-e`, `-n`, `-f`, `-l`, `-b`
//! variants, and the porcelain forms (a commit's details the first time it appears, or on
//! every line with `--line-porcelain`).

use std::collections::HashMap;

use crate::error::Res;
use crate::ident::{Ident, format_date, tz_str};
use crate::repo::{Git, Repo};

use super::walk::Blame;

pub(super) struct Output<'a> {
    pub path: &'a str,
    pub date: String,
    /// The width of the id column.
    pub abbrev: usize,
    pub short: bool,
    pub email: bool,
    pub number: bool,
    pub name: bool,
    pub blank_boundary: bool,
    pub porcelain: bool,
    pub every_line: bool,
}

/// What is shown of a suspect.
struct Info {
    hex: String,
    author: Ident,
    committer: Ident,
    summary: String,
    boundary: bool,
    previous: Option<String>,
}

impl Output<'_> {
    pub fn render(
        &self,
        g: &Git,
        repo: &Repo,
        blame: &Blame,
        file: &[&[u8]],
        now: (i64, i32),
    ) -> Res<Vec<u8>> {
        let mut infos = Vec::with_capacity(blame.suspects.len());
        for s in &blame.suspects {
            g.check()?;
            let info = if s.id.is_null() {
                let who = Ident {
                    name: "Not Committed Yet".into(),
                    email: "not.committed.yet".into(),
                    time: now.0,
                    tz: now.1,
                };
                Info {
                    hex: s.id.to_hex().to_string(),
                    author: who.clone(),
                    committer: who,
                    summary: format!("Version of {} from {}", self.path, self.path),
                    boundary: false,
                    previous: s.previous.map(|p| p.to_hex().to_string()),
                }
            } else {
                let c = repo.commit(&s.id)?;
                Info {
                    hex: s.id.to_hex().to_string(),
                    summary: summary(&c.message),
                    author: c.author,
                    committer: c.committer,
                    boundary: s.boundary,
                    previous: s.previous.map(|p| p.to_hex().to_string()),
                }
            };
            infos.push(info);
        }
        if self.porcelain {
            self.porcelain(g, blame, &infos, file)
        } else {
            self.columns(g, blame, &infos, file)
        }
    }

    fn porcelain(&self, g: &Git, blame: &Blame, infos: &[Info], file: &[&[u8]]) -> Res<Vec<u8>> {
        let mut out = Vec::new();
        let mut shown = vec![false; infos.len()];
        for (s, p) in &blame.runs {
            g.check()?;
            let info = &infos[*s];
            for k in 0..p.len {
                let head = format!("{} {} {}", info.hex, p.orig + k + 1, p.fin + k + 1);
                out.extend_from_slice(head.as_bytes());
                if k == 0 {
                    out.extend_from_slice(format!(" {}", p.len).as_bytes());
                }
                out.push(b'\n');
                if self.every_line || !shown[*s] {
                    shown[*s] = true;
                    out.extend_from_slice(self.details(info).as_bytes());
                }
                out.push(b'\t');
                push_line(&mut out, file[(p.fin + k) as usize]);
            }
        }
        Ok(out)
    }

    fn details(&self, i: &Info) -> String {
        let mut s = String::new();
        for (role, who) in [("author", &i.author), ("committer", &i.committer)] {
            s.push_str(&format!(
                "{role} {}\n{role}-mail <{}>\n{role}-time {}\n{role}-tz {}\n",
                who.name,
                who.email,
                who.time,
                tz_str(who.tz)
            ));
        }
        s.push_str(&format!("summary {}\n", i.summary));
        if i.boundary {
            s.push_str("boundary\n");
        } else if let Some(prev) = &i.previous {
            s.push_str(&format!("previous {prev} {}\n", self.path));
        }
        s.push_str(&format!("filename {}\n", self.path));
        s
    }

    fn columns(&self, g: &Git, blame: &Blame, infos: &[Info], file: &[&[u8]]) -> Res<Vec<u8>> {
        let who = |i: &Info| {
            if self.email {
                format!("<{}>", i.author.email)
            } else {
                i.author.name.clone()
            }
        };
        let mut who_width = 0;
        let mut last_fin = 0;
        let mut last_orig = 0;
        let mut dates: HashMap<usize, String> = HashMap::new();
        for (s, p) in &blame.runs {
            who_width = who_width.max(who(&infos[*s]).chars().count());
            last_fin = last_fin.max(p.fin + p.len);
            last_orig = last_orig.max(p.orig + p.len);
            dates.entry(*s).or_insert_with(|| {
                let a = &infos[*s].author;
                format_date(a.time, a.tz, &self.date, 0)
            });
        }
        let fin_width = last_fin.to_string().len();
        let orig_width = last_orig.to_string().len();
        let mut out = Vec::new();
        for (s, p) in &blame.runs {
            g.check()?;
            let info = &infos[*s];
            let id = if info.boundary && self.blank_boundary {
                " ".repeat(self.abbrev)
            } else if info.boundary {
                format!("^{}", &info.hex[..self.abbrev - 1])
            } else {
                info.hex[..self.abbrev].to_string()
            };
            let name = who(info);
            let pad = who_width - name.chars().count();
            for k in 0..p.len {
                let mut l = id.clone();
                if self.name {
                    l.push(' ');
                    l.push_str(self.path);
                }
                if self.number {
                    l.push_str(&format!(" {:>orig_width$}", p.orig + k + 1));
                }
                if self.short {
                    l.push_str(&format!(" {:>fin_width$}) ", p.fin + k + 1));
                } else {
                    l.push_str(&format!(
                        " ({name}{} {} {:>fin_width$}) ",
                        " ".repeat(pad),
                        dates[s],
                        p.fin + k + 1
                    ));
                }
                out.extend_from_slice(l.as_bytes());
                push_line(&mut out, file[(p.fin + k) as usize]);
            }
        }
        Ok(out)
    }
}

/// A line of the file, always ending in a newline (git adds one to a last line without).
fn push_line(out: &mut Vec<u8>, line: &[u8]) {
    out.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        out.push(b'\n');
    }
}

/// porcelain's `summary`: the message's first line (after any blank lines).
fn summary(message: &[u8]) -> String {
    let text = String::from_utf8_lossy(message);
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}
