//! `mktemp`: create a temporary file or directory with a unique name.
//!
//! The random part comes from a generator seeded from the context's clock and `$$` (the
//! sandbox has no other entropy a command may reach), mixed with a counter on every retry.
//! Names are unique because creation is exclusive (`CreateNew`, non-parent `mkdir`): a
//! collision just draws again. `--tmpdir` takes its optional value only in the
//! `--tmpdir=DIR` form, as GNU's optional-argument option does.

use sandsh_api::OptSpec;
use sandsh_api::fs::{VfsError, WriteMode};
use sandsh_api::opt;
use std::borrow::Cow;

use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, output, paths, quote, time_format};

pub struct Mktemp;

static SPEC: CommandSpec = CommandSpec {
    name: "mktemp",
    group: "fs",
    summary: "create a temporary file or directory",
    usage: "mktemp [OPTION]... [TEMPLATE]",
    description: "Create a temporary file or directory, safely, and print its name. TEMPLATE must contain at least 3 consecutive 'X's in its last component; they are replaced by random letters and digits. If TEMPLATE is not given, use tmp.XXXXXXXXXX under $TMPDIR (or /tmp). Files are created u+rw, directories u+rwx.",
    options: &[
        OptSpec::new("-d, --directory", "create a directory, not a file"),
        OptSpec::new(
            "-u, --dry-run",
            "do not create anything; merely print a name (unsafe)",
        ),
        OptSpec::new(
            "-q, --quiet",
            "suppress diagnostics about file/dir-creation failure",
        ),
        OptSpec::new(
            "--suffix=SUFF",
            "append SUFF to TEMPLATE; SUFF must not contain a slash",
        ),
        OptSpec::new(
            "-p DIR",
            "interpret TEMPLATE relative to DIR; if DIR is empty, use $TMPDIR if set, else /tmp",
        ),
        OptSpec::new(
            "--tmpdir",
            "--tmpdir[=DIR]: like -p; without DIR, use $TMPDIR if set, else /tmp",
        ),
        OptSpec::new(
            "-t",
            "interpret TEMPLATE as a single file name component, relative to $TMPDIR, -p DIR or /tmp (deprecated)",
        ),
    ],
    operands: &[ArgSpec::optional(
        "TEMPLATE",
        ArgType::String,
        "name with at least 3 trailing X's (default tmp.XXXXXXXXXX)",
    )],
    returns: "the name of the created file or directory",
    examples: &[
        Example {
            description: "a temporary file under /tmp",
            script: "f=$(mktemp) && test -f \"$f\" && echo \"${f%.*}\"",
            stdout: "/tmp/tmp\n",
        },
        Example {
            description: "a directory from a template",
            script: "d=$(mktemp -d -p /tmp work.XXXX) && test -d \"$d\" && echo ${#d}",
            stdout: "14\n",
        },
    ],
    errors: "exit 1 for a bad template or when creation fails",
    risk: RiskLevel::LowRisk,
};

const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/// How many names are tried before giving up (GNU tries 62^3).
const ATTEMPTS: u32 = 10_000;

/// splitmix64: small, fast, and good enough to spread a clock-derived seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn seed(ctx: &dyn ToolCtx) -> u64 {
    let (s, ns) = time_format::split_time(ctx.now());
    let pid = ctx
        .var("$")
        .or_else(|| ctx.var("BASHPID"))
        .map(|v| v.to_string_lossy())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    // The address of a stack value differs between runs and threads: more spread for free.
    let local = 0u8;
    let addr = &local as *const u8 as u64;
    (s as u64).wrapping_mul(1_000_000_007) ^ (ns as u64) ^ pid.rotate_left(32) ^ addr
}

fn env_tmpdir(ctx: &dyn ToolCtx) -> String {
    ctx.var("TMPDIR")
        .map(|v| v.to_string_lossy())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "/tmp".to_string())
}

impl ParsedCommand for Mktemp {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        // `--tmpdir=DIR` is GNU's optional-argument form: turn it into `-p DIR`.
        let mut fixed: Vec<Arg> = Vec::with_capacity(args.len());
        for a in args {
            if a == b"--" {
                break;
            }
            if let Some(d) = a.strip_prefix(b"--tmpdir=") {
                fixed.push(b"-p".to_vec());
                fixed.push(d.to_vec());
            } else {
                fixed.push(a.clone());
            }
        }
        if let Some(pos) = args.iter().position(|a| a == b"--") {
            fixed.extend(args[pos..].iter().cloned());
        }
        Cow::Owned(fixed)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let quiet = p.has(opt!(SPEC, "q"));
        let dir_mode = p.has(opt!(SPEC, "d"));
        let dry = p.has(opt!(SPEC, "u"));
        let fail = |ctx: &mut dyn ToolCtx, msg: &str| -> i32 {
            if !quiet {
                diag::err(ctx, "mktemp", msg);
            }
            1
        };
        if p.operands.len() > 1 {
            return diag::usage(ctx, &SPEC, "mktemp: too many templates", 1);
        }
        let explicit_dir = p.value(opt!(SPEC, "p")).map(|v| diag::lossy(v));
        let use_tmpdir = explicit_dir.is_some() || p.has(opt!(SPEC, "tmpdir"));
        let deprecated_t = p.has(opt!(SPEC, "t"));
        let (template, implied) = match p.operands.first() {
            Some(t) => (diag::lossy(t), false),
            None => ("tmp.XXXXXXXXXX".to_string(), true),
        };
        let suffix_opt = p.value(opt!(SPEC, "suffix")).map(|v| diag::lossy(v));
        if let Some(s) = &suffix_opt
            && s.contains('/')
        {
            return fail(
                ctx,
                &format!(
                    "invalid suffix {}, contains directory separator",
                    quote::cquote(s)
                ),
            );
        }
        // Split into the X run and the suffix.
        let (stem_len, xs, suffix) = match &suffix_opt {
            Some(s) => {
                if !template.ends_with('X') {
                    return fail(
                        ctx,
                        &format!(
                            "with --suffix, template {} must end in X",
                            quote::cquote(&template)
                        ),
                    );
                }
                let xs = template.len() - template.trim_end_matches('X').len();
                (template.len() - xs, xs, s.clone())
            }
            None => match template.rfind('X') {
                Some(last) => {
                    let head = &template[..=last];
                    let xs = head.len() - head.trim_end_matches('X').len();
                    (last + 1 - xs, xs, template[last + 1..].to_string())
                }
                None => (template.len(), 0, String::new()),
            },
        };
        let full_template = format!("{template}{}", suffix_opt.as_deref().unwrap_or(""));
        if xs < 3 {
            return fail(
                ctx,
                &format!("too few X's in template {}", quote::cquote(&full_template)),
            );
        }
        let dir: Option<String> = if deprecated_t || implied {
            if template.contains('/') && !implied {
                return fail(
                    ctx,
                    &format!(
                        "invalid template, {}, contains directory separator",
                        quote::cquote(&template)
                    ),
                );
            }
            let envd = ctx
                .var("TMPDIR")
                .map(|v| v.to_string_lossy())
                .filter(|v| !v.is_empty());
            Some(if deprecated_t {
                envd.or(explicit_dir.filter(|d| !d.is_empty()))
                    .unwrap_or_else(|| "/tmp".to_string())
            } else {
                match explicit_dir {
                    Some(d) if !d.is_empty() => d,
                    _ => env_tmpdir(ctx),
                }
            })
        } else if use_tmpdir {
            if template.starts_with('/') {
                return fail(
                    ctx,
                    &format!(
                        "invalid template, {}; with --tmpdir, it may not be absolute",
                        quote::cquote(&template)
                    ),
                );
            }
            Some(match explicit_dir {
                Some(d) if !d.is_empty() => d,
                _ => env_tmpdir(ctx),
            })
        } else {
            None
        };
        let stem = &template[..stem_len];
        let prefix = match &dir {
            Some(d) => paths::join_name(d, stem),
            None => stem.to_string(),
        };
        let shown_template = format!("{prefix}{}{suffix}", "X".repeat(xs));
        let mut rng = Rng(seed(ctx));
        for _ in 0..ATTEMPTS {
            if ctx.is_cancelled() {
                return 130;
            }
            let mut name = prefix.clone();
            for _ in 0..xs {
                name.push(CHARS[(rng.next() % CHARS.len() as u64) as usize] as char);
            }
            name.push_str(&suffix);
            let abs = ctx.resolve_path(&name);
            let r = if dry {
                match ctx.backend().lstat(&abs) {
                    Ok(_) => Err(VfsError::AlreadyExists),
                    Err(_) => Ok(()),
                }
            } else if dir_mode {
                ctx.backend().mkdir(&abs, 0o700, false)
            } else {
                ctx.backend().write(&abs, b"", WriteMode::CreateNew, 0o600)
            };
            match r {
                Ok(()) => {
                    if !dry && !dir_mode {
                        // Files are created 0600 whatever the umask.
                        let _ = ctx.backend().chmod(&abs, 0o600);
                    }
                    if !dry && dir_mode {
                        let _ = ctx.backend().chmod(&abs, 0o700);
                    }
                    name.push('\n');
                    return output::emit(ctx, name.as_bytes(), 0);
                }
                Err(VfsError::AlreadyExists) => continue,
                Err(e) => {
                    let what = if dir_mode { "directory" } else { "file" };
                    return fail(
                        ctx,
                        &format!(
                            "failed to create {what} via template {}: {e}",
                            quote::cquote(&shown_template)
                        ),
                    );
                }
            }
        }
        let what = if dir_mode { "directory" } else { "file" };
        fail(
            ctx,
            &format!(
                "failed to create {what} via template {}: File exists",
                quote::cquote(&shown_template)
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Mktemp;
    use crate::common::testing::{TestCtx, run};

    fn go(args: &[&str]) -> (i32, String, String, TestCtx) {
        let mut c = TestCtx::new();
        let s = run(&Mktemp, args, &mut c);
        (s, c.out_str(), c.err_str(), c)
    }

    fn shape(out: &str, prefix: &str, xs: usize, suffix: &str) -> bool {
        let o = out.strip_suffix('\n').unwrap_or("");
        o.len() == prefix.len() + xs + suffix.len()
            && o.starts_with(prefix)
            && o.ends_with(suffix)
            && o[prefix.len()..o.len() - suffix.len()]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric())
    }

    #[test]
    fn creates() {
        let (s, o, _, c) = go(&[]);
        assert_eq!(s, 0);
        assert!(shape(&o, "/tmp/tmp.", 10, ""), "{o}");
        let m = c.backend.stat(std::path::Path::new(o.trim_end())).ok();
        assert_eq!(m.map(|m| (m.is_file(), m.mode)), Some((true, 0o600)));
        let (s, o, _, c) = go(&["-d", "fooXXX.d"]);
        assert_eq!(s, 0);
        assert!(shape(&o, "foo", 3, ".d"), "{o}");
        assert!(
            c.backend
                .stat(&c.cwd.join(o.trim_end()))
                .is_ok_and(|m| m.is_dir() && m.mode == 0o700)
        );
    }

    #[test]
    fn templates() {
        assert!(shape(
            &go(&["-u", "--suffix=.txt", "foo.XXX"]).1,
            "foo.",
            3,
            ".txt"
        ));
        assert!(shape(
            &go(&["-u", "-p", "/var", "foo.XXX"]).1,
            "/var/foo.",
            3,
            ""
        ));
        assert!(shape(&go(&["-u", "--tmpdir=/v", "XXX"]).1, "/v/", 3, ""));
        assert!(shape(&go(&["-u", "--tmpdir", "XXX"]).1, "/tmp/", 3, ""));
        assert!(shape(&go(&["-u", "-t", "foo.XXX"]).1, "/tmp/foo.", 3, ""));
        let (s, o, e, _) = go(&["-u", "foo.XX"]);
        assert_eq!((s, o.as_str()), (1, ""));
        assert_eq!(
            e,
            "mktemp: too few X's in template \u{2018}foo.XX\u{2019}\n"
        );
        let (s, _, e, _) = go(&["-u", "-p", "/var", "/abs/fooXXX"]);
        assert_eq!(s, 1);
        assert!(e.contains("with --tmpdir, it may not be absolute"), "{e}");
        let (s, _, e, _) = go(&["-p", "/nonexist"]);
        assert_eq!(s, 1);
        assert!(e.starts_with("mktemp: failed to create file via template \u{2018}/nonexist/tmp.XXXXXXXXXX\u{2019}: No such file or directory"), "{e}");
        let (s, _, e, _) = go(&["-q", "-p", "/nonexist"]);
        assert_eq!((s, e.as_str()), (1, ""));
    }

    #[test]
    fn names_differ() {
        let mut c = TestCtx::new();
        run(&Mktemp, &[], &mut c);
        run(&Mktemp, &[], &mut c);
        let o = c.out_str();
        let v: Vec<&str> = o.lines().collect();
        assert_eq!(v.len(), 2);
        assert_ne!(v[0], v[1]);
    }
}
