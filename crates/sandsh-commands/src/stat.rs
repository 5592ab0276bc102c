//! `stat`: display file status, with GNU's default layout, `-t`, `-c`/`--printf` formats and
//! a typed `--json` form.
//!
//! The VFS answers type, mode, size, owner, link count, inode and the three times. What it
//! does not keep is derived consistently: blocks from the size in 4 KiB units (see
//! [`blocks::blocks512`], shared with `du` and `ls`), the device number from the mount
//! holding the file, the birth time as unknown (`-`, as GNU prints on filesystems without it).
//! Times are UTC. `-f` (file system status) is not supported.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use std::path::Path;
use std::time::SystemTime;

use sandsh_api::fs::{FileType, Metadata};
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OutputFormat, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};
use sandsh_text::escape::control_escape;

use crate::common::mode;
use crate::common::users::Table;
use crate::common::{blocks, devices, diag, file_type, input, output, quote, time_format};

pub struct Stat;

static SPEC: CommandSpec = CommandSpec {
    name: "stat",
    group: "fs",
    summary: "display file status",
    usage: "stat [OPTION]... FILE...",
    description: "Display file status. Without a format, prints GNU's multi-line layout. Format sequences: %a %A (permissions in octal / human form), %b %B (blocks and block size), %d %D (device), %f (raw mode in hex), %F (file type), %g %G (group id / name), %h (links), %i (inode), %m (mount point), %n %N (name / quoted name with link target), %o (I/O block), %r %R %t %T (device type), %s (size), %u %U (owner id / name), %w %W (birth: unknown, - and 0), %x %X, %y %Y, %z %Z (access, modify, change time as text / epoch seconds; %.3Y etc. add fractions). Blocks are 512-byte units of a 4 KiB allocation, the device is the mount's, times are UTC.\n\nWith --json, prints one JSON array with an object per FILE: {\"file\", \"type\" (file|directory|symlink|char_device|fifo), \"size\", \"blocks\", \"block_size\", \"io_block\", \"inode\", \"links\", \"mode\" (number), \"mode_octal\", \"permissions\", \"uid\", \"user\", \"gid\", \"group\", \"device\", \"atime\", \"mtime\", \"ctime\" (RFC 3339), \"birth\" (null), \"target\" (symlinks only)}.",
    options: &[
        OptSpec::new("-L, --dereference", "follow links"),
        OptSpec::new(
            "-f, --file-system",
            "display file system status (not supported)",
        ),
        OptSpec::new(
            "-c, --format=FORMAT",
            "use the specified FORMAT instead of the default; output a newline after each use of FORMAT",
        ),
        OptSpec::new(
            "--printf=FORMAT",
            "like --format, but interpret backslash escapes, and do not output a mandatory trailing newline",
        ),
        OptSpec::new("-t, --terse", "print the information in terse form"),
        OptSpec::new(
            "--cached=MODE",
            "accepted for compatibility; the VFS has no cache",
        ),
    ],
    operands: &[ArgSpec::required("FILE", ArgType::Path, "files to describe").repeated()],
    returns: "the status of each FILE (or a JSON array with --json)",
    examples: &[
        Example {
            description: "size and permissions",
            script: "printf hello > f && chmod 640 f && stat -c '%n %s %a %A %F' f",
            stdout: "f 5 640 -rw-r----- regular file\n",
        },
        Example {
            description: "link and its target",
            script: "ln -s /etc/passwd l && stat -c %N l",
            stdout: "'l' -> '/etc/passwd'\n",
        },
        Example {
            description: "typed JSON",
            script: "printf abc > f && stat --json f | jq -c '.[0] | [.size, .type, .mode_octal]'",
            stdout: "[3,\"file\",\"0644\"]\n",
        },
    ],
    errors: "exit 1 when a FILE does not exist (the others are still shown); -f is not supported",
    risk: RiskLevel::ReadOnly,
};

const TERSE: &str = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";

fn default_format(m: &Metadata) -> String {
    let dev_line = if m.file_type == FileType::CharDevice {
        "Device: %Hd,%Ld\tInode: %-10i  Links: %-5h Device type: %Hr,%Lr\n"
    } else {
        "Device: %Hd,%Ld\tInode: %-10i  Links: %h\n"
    };
    format!(
        "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n{dev_line}Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n"
    )
}

/// One file being described.
struct Subject<'a> {
    name: &'a str,
    abs: &'a Path,
    meta: &'a Metadata,
    target: Option<String>,
    names: &'a Table,
    dev: (u32, u32),
    mount: String,
    /// The default layout prints names as they are, not quoted.
    raw_names: bool,
}

/// A parsed `%` directive's flags, width and precision.
#[derive(Default)]
struct Spec {
    flags: String,
    width: Option<usize>,
    prec: Option<usize>,
}

impl Spec {
    fn pad(&self, s: String) -> String {
        let s = match self.prec {
            Some(p) => s.chars().take(p).collect(),
            None => s,
        };
        self.pad_only(s)
    }

    fn pad_only(&self, s: String) -> String {
        let w = self.width.unwrap_or(0);
        let n = s.chars().count();
        if n >= w {
            return s;
        }
        if self.flags.contains('-') {
            format!("{s}{}", " ".repeat(w - n))
        } else {
            format!("{}{s}", " ".repeat(w - n))
        }
    }

    /// An integer in `radix` 8, 10 or 16 with printf's flags.
    fn int(&self, v: i128, radix: u32) -> String {
        let neg = v < 0;
        let a = v.unsigned_abs();
        let mut digits = match radix {
            8 => format!("{a:o}"),
            16 => format!("{a:x}"),
            _ => a.to_string(),
        };
        if let Some(p) = self.prec
            && digits.len() < p
        {
            digits = format!("{}{digits}", "0".repeat(p - digits.len()));
        }
        if self.flags.contains('#') {
            if radix == 8 && !digits.starts_with('0') {
                digits.insert(0, '0');
            } else if radix == 16 && a != 0 {
                digits.insert_str(0, "0x");
            }
        }
        let sign = if neg {
            "-"
        } else if radix == 10 && self.flags.contains('+') {
            "+"
        } else if radix == 10 && self.flags.contains(' ') {
            " "
        } else {
            ""
        };
        let w = self.width.unwrap_or(0);
        let len = sign.len() + digits.len();
        if len < w && self.flags.contains('0') && !self.flags.contains('-') && self.prec.is_none() {
            return format!("{sign}{}{digits}", "0".repeat(w - len));
        }
        self.pad_only(format!("{sign}{digits}"))
    }

    /// Epoch seconds, with a fraction when a precision is given (`%.3Y`).
    fn secs(&self, t: SystemTime) -> String {
        let (s, ns) = time_format::split_time(t);
        match self.prec {
            None => Spec {
                flags: self.flags.clone(),
                width: self.width,
                prec: None,
            }
            .int(s as i128, 10),
            Some(p) => {
                let p = p.min(9);
                let frac = format!("{ns:09}");
                let body = if p == 0 {
                    s.to_string()
                } else {
                    format!("{s}.{}", &frac[..p])
                };
                let w = self.width.unwrap_or(0);
                if body.len() < w && self.flags.contains('0') && !self.flags.contains('-') {
                    format!("{}{body}", "0".repeat(w - body.len()))
                } else {
                    self.pad_only(body)
                }
            }
        }
    }
}

fn expand(fmt: &[u8], s: &Subject, escapes: bool, out: &mut Vec<u8>) {
    let m = s.meta;
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c == b'\\' && escapes {
            i += 1;
            i += escape(&fmt[i..], out);
            continue;
        }
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        let mut sp = Spec::default();
        while i < fmt.len() && b"-+ #0'".contains(&fmt[i]) {
            sp.flags.push(fmt[i] as char);
            i += 1;
        }
        let start = i;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            sp.width = std::str::from_utf8(&fmt[start..i])
                .ok()
                .and_then(|w| w.parse().ok());
        }
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            let ps = i;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                i += 1;
            }
            sp.prec = Some(
                std::str::from_utf8(&fmt[ps..i])
                    .ok()
                    .and_then(|w| w.parse().ok())
                    .unwrap_or(0),
            );
        }
        let Some(&conv) = fmt.get(i) else {
            // A lone trailing `%` is printed as is.
            out.push(b'%');
            out.extend_from_slice(&fmt[start.saturating_sub(sp.flags.len())..i]);
            break;
        };
        i += 1;
        let (rmaj, rmin) = devices::rdev(s.abs, m);
        let text: String = match conv {
            b'%' => "%".to_string(),
            b'a' => sp.int((m.mode & 0o7777) as i128, 8),
            b'A' => sp.pad(mode::render(file_type::type_char(m.file_type), m.mode)),
            b'b' => sp.int(blocks::blocks512(m) as i128, 10),
            b'B' => sp.int(512, 10),
            b'd' => sp.int(((s.dev.0 as i128) << 8) | s.dev.1 as i128, 10),
            b'D' => sp.int(((s.dev.0 as i128) << 8) | s.dev.1 as i128, 16),
            b'f' => sp.int(
                (file_type::type_bits(m.file_type) | (m.mode & 0o7777)) as i128,
                16,
            ),
            b'F' => sp.pad(file_type::type_name(m).to_string()),
            b'g' => sp.int(m.gid as i128, 10),
            b'G' => sp.pad(s.names.group_name(m.gid).unwrap_or("UNKNOWN").to_string()),
            b'h' => sp.int(m.nlink as i128, 10),
            b'i' => sp.int(m.ino as i128, 10),
            b'm' => sp.pad(s.mount.clone()),
            b'n' => sp.pad(s.name.to_string()),
            b'N' => {
                let q = |n: &str| {
                    if s.raw_names {
                        n.to_string()
                    } else {
                        quote::gnu_quote(n, true)
                    }
                };
                let mut t = q(s.name);
                if let Some(target) = &s.target {
                    t.push_str(" -> ");
                    t.push_str(&q(target));
                }
                sp.pad(t)
            }
            b'o' => sp.int(blocks::BLOCK as i128, 10),
            b's' => sp.int(m.size as i128, 10),
            b't' => sp.int(rmaj as i128, 16),
            b'T' => sp.int(rmin as i128, 16),
            b'r' => sp.int(((rmaj as i128) << 8) | rmin as i128, 10),
            b'R' => sp.int(((rmaj as i128) << 8) | rmin as i128, 16),
            b'u' => sp.int(m.uid as i128, 10),
            b'U' => sp.pad(s.names.user_name(m.uid).unwrap_or("UNKNOWN").to_string()),
            b'w' => sp.pad("-".to_string()),
            b'W' => sp.secs(std::time::UNIX_EPOCH),
            b'x' => sp.pad(time_format::stat_time(m.atime)),
            b'X' => sp.secs(m.atime),
            b'y' => sp.pad(time_format::stat_time(m.mtime)),
            b'Y' => sp.secs(m.mtime),
            b'z' => sp.pad(time_format::stat_time(m.ctime)),
            b'Z' => sp.secs(m.ctime),
            b'H' | b'L' if matches!(fmt.get(i), Some(b'd') | Some(b'r')) => {
                let (maj, min) = if fmt[i] == b'd' { s.dev } else { (rmaj, rmin) };
                i += 1;
                sp.int(if conv == b'H' { maj } else { min } as i128, 10)
            }
            _ => "?".to_string(),
        };
        out.extend_from_slice(text.as_bytes());
    }
}

/// One backslash escape of `--printf` (after the backslash); returns the bytes consumed.
fn escape(s: &[u8], out: &mut Vec<u8>) -> usize {
    let Some(&c) = s.first() else {
        out.push(b'\\');
        return 0;
    };
    let simple = control_escape(c).or((c == b'\'').then_some(c));
    if let Some(b) = simple {
        out.push(b);
        return 1;
    }
    if (b'0'..=b'7').contains(&c) {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < 3 && s.get(n).is_some_and(|d| (b'0'..=b'7').contains(d)) {
            v = v * 8 + (s[n] - b'0') as u32;
            n += 1;
        }
        out.push(v as u8);
        return n;
    }
    if c == b'x' && s.get(1).is_some_and(u8::is_ascii_hexdigit) {
        let mut v: u32 = 0;
        let mut n = 1;
        while n < 3 && s.get(n).is_some_and(u8::is_ascii_hexdigit) {
            v = v * 16 + (s[n] as char).to_digit(16).unwrap_or(0);
            n += 1;
        }
        out.push(v as u8);
        return n;
    }
    out.push(b'\\');
    out.push(c);
    1
}

fn json(s: &Subject) -> serde_json::Value {
    let m = s.meta;
    let mut v = serde_json::json!({
        "file": s.name,
        "type": file_type::json_kind(m.file_type),
        "size": m.size,
        "blocks": blocks::blocks512(m),
        "block_size": 512,
        "io_block": blocks::BLOCK,
        "inode": m.ino,
        "links": m.nlink,
        "mode": m.mode & 0o7777,
        "mode_octal": format!("{:04o}", m.mode & 0o7777),
        "permissions": mode::render(file_type::type_char(m.file_type), m.mode),
        "uid": m.uid,
        "user": s.names.user_name(m.uid),
        "gid": m.gid,
        "group": s.names.group_name(m.gid),
        "device": format!("{},{}", s.dev.0, s.dev.1),
        "mount": s.mount,
        "atime": time_format::rfc3339(m.atime),
        "mtime": time_format::rfc3339(m.mtime),
        "ctime": time_format::rfc3339(m.ctime),
        "birth": serde_json::Value::Null,
    });
    if let (Some(t), Some(obj)) = (&s.target, v.as_object_mut()) {
        obj.insert("target".into(), serde_json::Value::String(t.clone()));
    }
    v
}

impl ParsedCommand for Stat {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "f")) {
            diag::err(ctx, "stat", "--file-system is not supported in the sandbox");
            return 1;
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "stat: missing operand", 1);
        }
        let follow = p.has(opt!(SPEC, "L"));
        // The last of -c/--printf/-t wins, as in GNU.
        let mut format: Option<(Vec<u8>, bool)> = None;
        let mut terse = false;
        for (i, v) in &p.opts {
            match (SPEC.options[*i].short, SPEC.options[*i].long, v) {
                (Some('c'), _, Some(v)) => {
                    let mut f = v.clone();
                    f.push(b'\n');
                    format = Some((f, false));
                }
                (_, Some("printf"), Some(v)) => format = Some((v.clone(), true)),
                (Some('t'), _, _) => terse = true,
                _ => {}
            }
        }
        let json_out = ctx.output_format() == OutputFormat::Json;
        let names = Table::load(ctx);
        let mut status = 0;
        let mut out = Vec::new();
        let mut items = Vec::new();
        for op in &p.operands {
            if ctx.is_cancelled() {
                return 130;
            }
            let name = diag::lossy(op);
            let abs = ctx.resolve_path(&name);
            // A trailing slash resolves a symlink to a directory, as in the kernel.
            let slash = name.ends_with('/');
            let r = if follow || slash {
                ctx.backend().stat(&abs)
            } else {
                ctx.backend().lstat(&abs)
            };
            let meta = match r {
                Ok(m) if !slash || m.is_dir() => m,
                Ok(_) => {
                    diag::err(
                        ctx,
                        "stat",
                        &format!("cannot statx {}: Not a directory", quote::quote(&name)),
                    );
                    status = 1;
                    continue;
                }
                Err(e) => {
                    if !output::out(ctx, &out) {
                        return 141;
                    }
                    out.clear();
                    diag::err(
                        ctx,
                        "stat",
                        &format!("cannot statx {}: {e}", quote::quote(&name)),
                    );
                    status = 1;
                    continue;
                }
            };
            let target = file_type::link_target(ctx, &abs, &meta);
            let abs_s = abs.to_string_lossy().into_owned();
            let mount = devices::mount_of(ctx, &abs_s).map_or_else(
                || "/".to_string(),
                |(_, m)| m.path.to_string_lossy().into_owned(),
            );
            let subject = Subject {
                name: &name,
                abs: &abs,
                meta: &meta,
                target,
                names: &names,
                dev: devices::device_of(ctx, &abs_s),
                mount,
                raw_names: format.is_none() && !terse,
            };
            if json_out {
                items.push(json(&subject));
                continue;
            }
            match &format {
                Some((f, esc)) => expand(f, &subject, *esc, &mut out),
                None if terse => expand(TERSE.as_bytes(), &subject, false, &mut out),
                None => expand(default_format(&meta).as_bytes(), &subject, false, &mut out),
            }
            if out.len() > input::CHUNK {
                if !output::out(ctx, &out) {
                    return 141;
                }
                out.clear();
            }
        }
        if json_out {
            out = format!("{}\n", serde_json::Value::Array(items)).into_bytes();
        }
        output::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::Stat;
    use crate::common::testing::{TestCtx, run};
    use std::path::Path;

    fn ctx() -> TestCtx {
        let ctx = TestCtx::new().file("f", b"hello\n").file("e", b"");
        let _ = ctx
            .backend
            .symlink(Path::new("f"), Path::new("/home/user/l"));
        let _ = ctx.backend.mkdir(Path::new("/home/user/d"), 0o755, false);
        ctx
    }

    fn fmt(args: &[&str]) -> (i32, String, String) {
        let mut c = ctx();
        let s = run(&Stat, args, &mut c);
        (s, c.out_str(), c.err_str())
    }

    #[test]
    fn formats() {
        let (s, o, _) = fmt(&[
            "-c",
            "%n|%s|%b|%B|%f|%F|%a|%A|%h|%o|%w|%W",
            "f",
            "l",
            "d",
            "e",
        ]);
        assert_eq!(s, 0);
        assert_eq!(
            o,
            "f|6|8|512|81a4|regular file|644|-rw-r--r--|1|4096|-|0\n\
             l|1|0|512|a1ff|symbolic link|777|lrwxrwxrwx|1|4096|-|0\n\
             d|4096|8|512|41ed|directory|755|drwxr-xr-x|2|4096|-|0\n\
             e|0|0|512|81a4|regular empty file|644|-rw-r--r--|1|4096|-|0\n"
        );
        assert_eq!(fmt(&["-c", "%N", "l"]).1, "'l' -> 'f'\n");
        assert_eq!(fmt(&["-L", "-c", "%N %F", "l"]).1, "'l' regular file\n");
        assert_eq!(fmt(&["-c", "%U %G %u", "f"]).1, "user user 1000\n");
        assert_eq!(
            fmt(&["--printf", "%s\\t%n\\n%%\\x41\\101", "f"]).1,
            "6\tf\n%AA"
        );
        assert_eq!(
            fmt(&["--printf", "%5s|%-5s|%05s|%#a|%#f|%.3W|%q\\n", "f"]).1,
            "    6|6    |00006|0644|0x81a4|0.000|?\n"
        );
        assert_eq!(fmt(&["-c", "%t %T %Hr %Lr", "/dev/null"]).1, "1 3 1 3\n");
    }

    #[test]
    fn default_layout() {
        let (s, o, _) = fmt(&["f"]);
        assert_eq!(s, 0);
        assert_eq!(
            o,
            "  File: f\n  Size: 6         \tBlocks: 8          IO Block: 4096   regular file\n\
             Device: 0,32\tInode: "
                .to_string()
                + &o[o.find("Inode: ").unwrap_or(0) + 7..]
        );
        assert!(
            o.contains(
                "Access: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/    user)\n"
            ),
            "{o}"
        );
        assert!(o.contains("\nModify: 20"), "{o}");
        assert!(o.ends_with(" Birth: -\n"), "{o}");
        let (_, o, _) = fmt(&["l"]);
        assert!(o.starts_with("  File: l -> f\n"), "{o}");
    }

    #[test]
    fn errors() {
        let (s, o, e) = fmt(&["-c", "%s", "nope", "f"]);
        assert_eq!((s, o.as_str()), (1, "6\n"));
        assert_eq!(e, "stat: cannot statx 'nope': No such file or directory\n");
        let (s, _, e) = fmt(&[]);
        assert_eq!(s, 1);
        assert!(e.starts_with("stat: missing operand\n"));
    }

    #[test]
    fn terse() {
        let (_, o, _) = fmt(&["-t", "f"]);
        let fields: Vec<&str> = o.trim_end().split(' ').collect();
        assert_eq!(fields.len(), 16, "{o}");
        assert_eq!(&fields[..4], &["f", "6", "8", "81a4"]);
        assert_eq!(fields[15], "4096");
    }
}
