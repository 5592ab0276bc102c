//! Comparing two directories (`-r`): the union of their entries in name order, GNU's "Only
//! in" and "Common subdirectories" lines, and a directory against an absent one under `-N`.

use std::path::PathBuf;

use sandsh_api::ToolCtx;
use sandsh_api::fs::FileType;

use super::Run;
use super::files::header_name;
use crate::common::{diag, output, paths};

impl Run<'_> {
    pub(super) fn kind(ctx: &dyn ToolCtx, p: &str) -> Option<FileType> {
        if p == "-" {
            return Some(FileType::File);
        }
        match ctx.backend().stat(&ctx.resolve_path(p)) {
            Ok(m) => Some(m.file_type),
            // Process substitutions and /dev/stdin are opened through the shell's descriptors.
            Err(_) if p.starts_with("/dev/fd/") || p == "/dev/stdin" => Some(FileType::File),
            Err(_) => None,
        }
    }

    fn list(ctx: &dyn ToolCtx, p: &str) -> Vec<String> {
        let path: PathBuf = ctx.resolve_path(p);
        ctx.backend()
            .list(&path)
            .map(|v| v.into_iter().map(|e| diag::lossy(&e.name)).collect())
            .unwrap_or_default()
    }

    pub(super) fn dirs(
        &mut self,
        ctx: &mut dyn ToolCtx,
        d0: &str,
        d1: &str,
        depth: usize,
    ) -> Option<i32> {
        if depth > 256 {
            diag::err(ctx, "diff", &format!("{d0}: directory nesting too deep"));
            return Some(2);
        }
        let l0 = Self::list(ctx, d0);
        let l1 = Self::list(ctx, d1);
        let mut names: Vec<&String> = l0.iter().chain(l1.iter()).collect();
        names.sort();
        names.dedup();
        let mut status = 0;
        for name in names {
            if ctx.is_cancelled() {
                return None;
            }
            let p0 = paths::join_name(d0, name);
            let p1 = paths::join_name(d1, name);
            let (in0, in1) = (l0.contains(name), l1.contains(name));
            let (k0, k1) = (Self::kind(ctx, &p0), Self::kind(ctx, &p1));
            let s = if !in0 || !in1 {
                let (k, present_dir) = if in0 { (k0, d0) } else { (k1, d1) };
                if self.o.new_file {
                    if k == Some(FileType::Dir) {
                        if self.o.recursive {
                            if in0 {
                                self.dir_vs_absent(ctx, &p0, &p1, true, depth)?
                            } else {
                                self.dir_vs_absent(ctx, &p0, &p1, false, depth)?
                            }
                        } else {
                            0
                        }
                    } else {
                        let h = format!(
                            "diff {} {} {}\n",
                            self.o.switches,
                            header_name(&p0),
                            header_name(&p1)
                        );
                        self.files(ctx, &p0, &p1, [!in0, !in1], Some(h))?
                    }
                } else {
                    output::out(ctx, format!("Only in {present_dir}: {name}\n").as_bytes());
                    1
                }
            } else {
                match (k0, k1) {
                    (Some(FileType::Dir), Some(FileType::Dir)) => {
                        if self.o.recursive {
                            self.dirs(ctx, &p0, &p1, depth + 1)?
                        } else {
                            output::out(
                                ctx,
                                format!("Common subdirectories: {p0} and {p1}\n").as_bytes(),
                            );
                            0
                        }
                    }
                    (Some(FileType::Dir), _) | (_, Some(FileType::Dir)) => {
                        let (a, b) = if k0 == Some(FileType::Dir) {
                            ("directory", "regular file")
                        } else {
                            ("regular file", "directory")
                        };
                        output::out(
                            ctx,
                            format!("File {p0} is a {a} while file {p1} is a {b}\n").as_bytes(),
                        );
                        1
                    }
                    _ => {
                        let h = format!(
                            "diff {} {} {}\n",
                            self.o.switches,
                            header_name(&p0),
                            header_name(&p1)
                        );
                        self.files(ctx, &p0, &p1, [false, false], Some(h))?
                    }
                }
            };
            status = status.max(s);
        }
        Some(status)
    }

    fn dir_vs_absent(
        &mut self,
        ctx: &mut dyn ToolCtx,
        p0: &str,
        p1: &str,
        left_present: bool,
        depth: usize,
    ) -> Option<i32> {
        if depth > 256 {
            return Some(2);
        }
        let present = if left_present { p0 } else { p1 };
        let mut status = 0;
        for name in Self::list(ctx, present) {
            let c0 = paths::join_name(p0, &name);
            let c1 = paths::join_name(p1, &name);
            let cp = if left_present { &c0 } else { &c1 };
            let s = if Self::kind(ctx, cp) == Some(FileType::Dir) {
                self.dir_vs_absent(ctx, &c0, &c1, left_present, depth + 1)?
            } else {
                let h = format!(
                    "diff {} {} {}\n",
                    self.o.switches,
                    header_name(&c0),
                    header_name(&c1)
                );
                self.files(ctx, &c0, &c1, [!left_present, left_present], Some(h))?
            };
            status = status.max(s);
        }
        Some(status)
    }
}
