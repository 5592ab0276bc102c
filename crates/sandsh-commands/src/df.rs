//! `df`: report file system space usage of the sandbox's mounts.
//!
//! One line per mount of the VFS (`mount` lists the same). Sizes come from the backend's
//! accounting ([`sandsh_api::fs::KernelBackend::fs_stats`]): for the in-memory filesystem, the
//! bytes of file contents stored against the session's VFS byte budget and the inodes against
//! its file limit. That is the budget a script can exhaust, so `df` measures content bytes
//! while `du` estimates allocation in 4 KiB blocks; the two differ by the rounding. A mount
//! that keeps no accounting (host directories, overlays) shows `-`.

use sandsh_api::OptSpec;
use sandsh_api::fs::{FsStats, MountInfo};
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OutputFormat, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::paths;
use crate::common::{devices, diag, output, quote, sizes};

pub struct Df;

static SPEC: CommandSpec = CommandSpec {
    name: "df",
    group: "fs",
    summary: "report file system space usage",
    usage: "df [OPTION]... [FILE]...",
    description: "Show the space used and available on the sandbox's file systems (every mount, or those holding each FILE). The in-memory filesystem counts the bytes of file contents against the session's VFS budget; mounts without accounting show -.\n\nWith --json, prints a JSON array of {\"filesystem\", \"type\", \"size\", \"used\", \"available\" (bytes, null when unknown), \"use_percent\", \"inodes\", \"inodes_used\", \"inodes_free\", \"mounted_on\", \"read_only\"}.",
    options: &[
        OptSpec::new(
            "-a, --all",
            "include pseudo, duplicate, inaccessible file systems",
        ),
        OptSpec::new(
            "-B, --block-size=SIZE",
            "scale sizes by SIZE before printing them",
        ),
        OptSpec::new(
            "-h, --human-readable",
            "print sizes in powers of 1024 (e.g., 1023M)",
        ),
        OptSpec::new("-H, --si", "print sizes in powers of 1000 (e.g., 1.1G)"),
        OptSpec::new(
            "-i, --inodes",
            "list inode information instead of block usage",
        ),
        OptSpec::new("-k", "like --block-size=1K"),
        OptSpec::new("-l, --local", "limit listing to local file systems"),
        OptSpec::new("-P, --portability", "use the POSIX output format"),
        OptSpec::new("-T, --print-type", "print file system type"),
        OptSpec::new(
            "--total",
            "elide all entries insignificant to available space, and produce a grand total",
        ),
    ],
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "report the file system holding each FILE",
    )
    .repeated()],
    returns: "a table: Filesystem, 1K-blocks, Used, Available, Use%, Mounted on",
    examples: &[Example {
        description: "the root file system's columns",
        script: "df / | head -n 1",
        stdout: "Filesystem     1K-blocks  Used Available Use% Mounted on\n",
    }],
    errors: "exit 1 when a FILE does not exist (the others are still shown)",
    risk: RiskLevel::ReadOnly,
};

enum Unit {
    Scale(u64),
    Human(bool),
}

struct Row {
    fs: String,
    kind: String,
    mount: String,
    read_only: bool,
    stats: Option<FsStats>,
}

fn row(m: &MountInfo, stats: Option<FsStats>) -> Row {
    let source = m.source.split(" (").next().unwrap_or(&m.source).to_string();
    let kind = if source == "memory" {
        "memfs"
    } else if source.starts_with("host:") {
        "hostfs"
    } else if source.starts_with("overlay:") {
        "overlay"
    } else {
        "vfs"
    }
    .to_string();
    Row {
        fs: source,
        kind,
        mount: m.path.to_string_lossy().into_owned(),
        read_only: m.read_only,
        stats,
    }
}

fn percent(used: u64, avail: u64) -> String {
    let total = used + avail;
    if total == 0 {
        return "-".into();
    }
    format!("{}%", (used * 100).div_ceil(total))
}

impl ParsedCommand for Df {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut unit = Unit::Scale(1024);
        for (i, v) in &p.opts {
            match SPEC.options[*i].short {
                Some('h') => unit = Unit::Human(false),
                Some('H') => unit = Unit::Human(true),
                Some('k') => unit = Unit::Scale(1024),
                Some('B') => {
                    let s = v.as_ref().map(|v| diag::lossy(v)).unwrap_or_default();
                    match sizes::parse_size(&s).or_else(|| sizes::parse_size(&format!("1{s}"))) {
                        Some(n) if n > 0 => unit = Unit::Scale(n),
                        _ => {
                            diag::err(
                                ctx,
                                "df",
                                &format!("invalid --block-size argument {}", quote::cquote(&s)),
                            );
                            return 1;
                        }
                    }
                }
                _ => {}
            }
        }
        let inodes = p.has(opt!(SPEC, "i"));
        let posix = p.has(opt!(SPEC, "P"));
        let with_type = p.has(opt!(SPEC, "T"));
        let mut mounts = ctx.backend().mounts();
        if mounts.is_empty() {
            mounts.push(MountInfo {
                path: "/".into(),
                source: "memory".into(),
                read_only: ctx.backend().read_only(),
            });
        }
        let mut rows = Vec::new();
        let mut status = 0;
        if p.operands.is_empty() {
            for m in &mounts {
                rows.push(row(m, ctx.backend().fs_stats(&m.path)));
            }
        } else {
            for op in &p.operands {
                let name = diag::lossy(op);
                let abs = ctx.resolve_path(&name);
                if let Err(e) = ctx.backend().stat(&abs) {
                    diag::err(
                        ctx,
                        "df",
                        &format!("{}: {e}", quote::gnu_quote(&name, false)),
                    );
                    status = 1;
                    continue;
                }
                let canon = paths::canonicalize(ctx, &name, paths::Can::Existing, true)
                    .unwrap_or_else(|_| abs.to_string_lossy().into_owned());
                if let Some((_, m)) = devices::mount_of(ctx, &canon) {
                    rows.push(row(
                        &m,
                        ctx.backend().fs_stats(std::path::Path::new(&canon)),
                    ));
                } else if let Some(m) = mounts.first() {
                    rows.push(row(m, ctx.backend().fs_stats(&abs)));
                }
            }
        }
        if p.has(opt!(SPEC, "total")) {
            let mut t = FsStats::default();
            let mut known = true;
            for r in &rows {
                match r.stats {
                    Some(s) => {
                        t.used_bytes += s.used_bytes;
                        t.files += s.files;
                        t.total_bytes = match (t.total_bytes, s.total_bytes) {
                            (None, x) if known => x,
                            (Some(a), Some(b)) => Some(a + b),
                            _ => None,
                        };
                        t.max_files = match (t.max_files, s.max_files) {
                            (None, x) if known => x,
                            (Some(a), Some(b)) => Some(a + b),
                            _ => None,
                        };
                        known = false;
                    }
                    None => known = false,
                }
            }
            rows.push(Row {
                fs: "total".into(),
                kind: "-".into(),
                mount: "-".into(),
                read_only: false,
                stats: Some(t),
            });
        }
        if ctx.output_format() == OutputFormat::Json {
            let v: Vec<serde_json::Value> = rows
                .iter()
                .map(|r| {
                    let s = r.stats;
                    let used = s.map(|s| s.used_bytes);
                    let size = s.and_then(|s| s.total_bytes);
                    let avail = size.zip(used).map(|(t, u)| t.saturating_sub(u));
                    let ifree = s.and_then(|s| s.max_files.map(|m| m.saturating_sub(s.files)));
                    serde_json::json!({
                        "filesystem": r.fs,
                        "type": r.kind,
                        "size": size,
                        "used": used,
                        "available": avail,
                        "use_percent": size.zip(used).filter(|(t, _)| *t > 0).map(|(t, u)| (u * 100).div_ceil(t)),
                        "inodes": s.and_then(|s| s.max_files),
                        "inodes_used": s.map(|s| s.files),
                        "inodes_free": ifree,
                        "mounted_on": r.mount,
                        "read_only": r.read_only,
                    })
                })
                .collect();
            let text = format!("{}\n", serde_json::Value::Array(v));
            if !output::out(ctx, text.as_bytes()) {
                return 141;
            }
            return status;
        }
        let fmt_n = |n: u64| -> String {
            match unit {
                Unit::Human(si) => sizes::human(n, si),
                Unit::Scale(u) => n.div_ceil(u).to_string(),
            }
        };
        let size_header = match unit {
            Unit::Human(_) => "Size".to_string(),
            Unit::Scale(1024) if posix => "1024-blocks".to_string(),
            Unit::Scale(u) if u % (1 << 20) == 0 => format!("{}M-blocks", u >> 20),
            Unit::Scale(u) if u % 1024 == 0 => format!("{}K-blocks", u >> 10),
            Unit::Scale(u) => format!("{u}B-blocks"),
        };
        let mut table: Vec<Vec<String>> = Vec::new();
        let mut header = vec!["Filesystem".to_string()];
        if with_type {
            header.push("Type".into());
        }
        if inodes {
            header.extend(["Inodes", "IUsed", "IFree", "IUse%"].map(String::from));
        } else {
            let used_h = "Used".to_string();
            let avail_h = if matches!(unit, Unit::Human(_)) {
                "Avail"
            } else {
                "Available"
            };
            let pct_h = if posix { "Capacity" } else { "Use%" };
            header.extend([size_header, used_h, avail_h.to_string(), pct_h.to_string()]);
        }
        header.push("Mounted on".into());
        table.push(header);
        for r in &rows {
            let mut line = vec![r.fs.clone()];
            if with_type {
                line.push(r.kind.clone());
            }
            let dash = || "-".to_string();
            match r.stats {
                Some(s) if inodes => {
                    let free = s.max_files.map(|m| m.saturating_sub(s.files));
                    line.push(s.max_files.map_or_else(dash, |m| m.to_string()));
                    line.push(s.files.to_string());
                    line.push(free.map_or_else(dash, |f| f.to_string()));
                    line.push(free.map_or_else(dash, |f| percent(s.files, f)));
                }
                Some(s) => {
                    let avail = s.total_bytes.map(|t| t.saturating_sub(s.used_bytes));
                    line.push(s.total_bytes.map_or_else(dash, fmt_n));
                    line.push(fmt_n(s.used_bytes));
                    line.push(avail.map_or_else(dash, fmt_n));
                    line.push(avail.map_or_else(dash, |a| {
                        // Percentages use 1K units as GNU does.
                        percent(s.used_bytes.div_ceil(1024), a / 1024)
                    }));
                }
                None => line.extend((0..4).map(|_| dash())),
            }
            line.push(r.mount.clone());
            table.push(line);
        }
        let cols = table[0].len();
        // GNU gives the size, used, available and inode columns at least 5 columns.
        let first_num = if with_type { 2 } else { 1 };
        let widths: Vec<usize> = (0..cols)
            .map(|c| {
                let w = table
                    .iter()
                    .map(|l| l[c].chars().count())
                    .max()
                    .unwrap_or(0);
                let pct = c == cols - 2;
                if c >= first_num && c < cols - 1 && !pct {
                    w.max(5)
                } else {
                    w
                }
            })
            .collect();
        let mut out = String::new();
        for l in &table {
            let mut cells = Vec::with_capacity(cols);
            for (c, cell) in l.iter().enumerate() {
                let text_col = c == 0 || (with_type && c == 1);
                if c == cols - 1 {
                    cells.push(cell.clone());
                } else if text_col {
                    // GNU pads the file system name to at least 14 columns.
                    let w = if c == 0 { widths[c].max(14) } else { widths[c] };
                    cells.push(format!("{cell:<w$}"));
                } else {
                    cells.push(format!("{cell:>w$}", w = widths[c]));
                }
            }
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        output::emit(ctx, out.as_bytes(), status)
    }
}

#[cfg(test)]
mod tests {
    use super::Df;
    use sandsh_api::Command;

    #[test]
    fn is_structured() {
        assert!(Df.structured());
    }
}
