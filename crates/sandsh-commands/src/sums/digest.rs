//! `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum` and `b2sum`: print
//! or check message digests, as GNU coreutils 9 does (one implementation, as GNU's
//! `md5sum.c`), over the hashers of [`super`].

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::{Algo, digest_file};
use crate::common::{diag, input, output, quote};

/// A name as GNU prints it in digest lines: names with `\` or newline get a leading `\` and
/// escapes.
fn escaped(name: &str) -> (bool, String) {
    if name.contains('\\') || name.contains('\n') || name.contains('\r') {
        (
            true,
            name.replace('\\', "\\\\")
                .replace('\n', "\\n")
                .replace('\r', "\\r"),
        )
    } else {
        (false, name.to_string())
    }
}

fn unescape(name: &str) -> String {
    let mut out = String::new();
    let mut it = name.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The options of every digest command.
const COMMON: [OptSpec; 10] = [
    OptSpec::new("-b, --binary", "read in binary mode (marks lines with *)"),
    OptSpec::new(
        "-c, --check",
        "read checksums from the FILEs and check them",
    ),
    OptSpec::new("--tag", "create a BSD-style checksum"),
    OptSpec::new("-t, --text", "read in text mode (default)"),
    OptSpec::new("-z, --zero", "end each output line with NUL, not newline"),
    OptSpec::new(
        "--ignore-missing",
        "with -c, don't fail or report status for missing files",
    ),
    OptSpec::new(
        "--quiet",
        "with -c, don't print OK for each successfully verified file",
    ),
    OptSpec::new(
        "--status",
        "with -c, don't output anything, status code shows success",
    ),
    OptSpec::new(
        "--strict",
        "with -c, exit non-zero for improperly formatted checksum lines",
    ),
    OptSpec::new(
        "-w, --warn",
        "with -c, warn about improperly formatted checksum lines",
    ),
];

static COMMON_OPTS: &[OptSpec] = &COMMON;

/// `b2sum`'s: the common ones with `-l` after `-c`, where GNU's `--help` lists it.
static B2_OPTS: &[OptSpec] = &with_length(COMMON);

const fn with_length(common: [OptSpec; 10]) -> [OptSpec; 11] {
    const LENGTH: OptSpec = OptSpec::new(
        "-l, --length=BITS",
        "digest length in bits: 128, 160, 224, 256, 384 or 512 (default)",
    );
    let mut out = [LENGTH; 11];
    let mut i = 0;
    while i < common.len() {
        out[if i < 2 { i } else { i + 1 }] = common[i];
        i += 1;
    }
    out
}

static OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "FILE",
    ArgType::Path,
    "files to digest or (with -c) checksum lists; - for stdin",
)
.repeated()];

macro_rules! sum_spec {
    ($name:ident, $cmd:literal, $algo:literal, $opts:expr, $script:literal, $out:literal) => {
        static $name: CommandSpec = CommandSpec {
            name: $cmd,
            group: "text",
            summary: concat!("compute and check ", $algo, " message digests"),
            usage: concat!($cmd, " [OPTION]... [FILE]..."),
            description: concat!("Print or check ", $algo, " checksums, as GNU ", $cmd, " does. With no FILE, or when FILE is -, read standard input. Output lines are 'DIGEST  NAME' ('DIGEST *NAME' with -b, 'ALGO (NAME) = DIGEST' with --tag); -c reads such lines and reports NAME: OK or FAILED."),
            options: $opts,
            operands: OPERANDS,
            returns: "one digest line per file, or one verdict line per checked file",
            examples: &[
                Example { description: "digest of stdin", script: $script, stdout: $out },
            ],
            errors: "exit 1 when a file cannot be read or, with -c, when a checksum does not match or no line is well formed",
            risk: RiskLevel::ReadOnly,
        };
    };
}

sum_spec!(
    MD5_SPEC,
    "md5sum",
    "MD5",
    COMMON_OPTS,
    "printf abc | md5sum",
    "900150983cd24fb0d6963f7d28e17f72  -\n"
);
sum_spec!(
    SHA1_SPEC,
    "sha1sum",
    "SHA1",
    COMMON_OPTS,
    "printf abc | sha1sum",
    "a9993e364706816aba3e25717850c26c9cd0d89d  -\n"
);
sum_spec!(
    SHA224_SPEC,
    "sha224sum",
    "SHA224",
    COMMON_OPTS,
    "printf abc | sha224sum",
    "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  -\n"
);
sum_spec!(
    SHA256_SPEC,
    "sha256sum",
    "SHA256",
    COMMON_OPTS,
    "printf abc | sha256sum",
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -\n"
);
sum_spec!(
    SHA384_SPEC,
    "sha384sum",
    "SHA384",
    COMMON_OPTS,
    "printf abc | sha384sum",
    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7  -\n"
);
sum_spec!(
    SHA512_SPEC,
    "sha512sum",
    "SHA512",
    COMMON_OPTS,
    "printf abc | sha512sum",
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -\n"
);
sum_spec!(
    B2_SPEC,
    "b2sum",
    "BLAKE2b",
    B2_OPTS,
    "printf abc | b2sum -l 128",
    "cf4ab791c62b8d2b2109c90275287816  -\n"
);

/// One of the digest commands.
pub struct Sum {
    spec: &'static CommandSpec,
    algo: Algo,
}

pub const MD5SUM: Sum = Sum {
    spec: &MD5_SPEC,
    algo: Algo::Md5,
};
pub const SHA1SUM: Sum = Sum {
    spec: &SHA1_SPEC,
    algo: Algo::Sha1,
};
pub const SHA224SUM: Sum = Sum {
    spec: &SHA224_SPEC,
    algo: Algo::Sha224,
};
pub const SHA256SUM: Sum = Sum {
    spec: &SHA256_SPEC,
    algo: Algo::Sha256,
};
pub const SHA384SUM: Sum = Sum {
    spec: &SHA384_SPEC,
    algo: Algo::Sha384,
};
pub const SHA512SUM: Sum = Sum {
    spec: &SHA512_SPEC,
    algo: Algo::Sha512,
};
pub const B2SUM: Sum = Sum {
    spec: &B2_SPEC,
    algo: Algo::B2(512),
};

struct CheckOpts {
    quiet: bool,
    status: bool,
    strict: bool,
    warn: bool,
    ignore_missing: bool,
    zero: bool,
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Parse one checksum line: (digest hex, file name, algo when tagged).
fn parse_line(line: &str, algo: Algo, fixed_len: bool) -> Option<(String, String, Algo)> {
    let (esc, body) = match line.strip_prefix('\\') {
        Some(r) => (true, r),
        None => (false, line),
    };
    let un = |s: &str| if esc { unescape(s) } else { s.to_string() };
    // Tagged: ALGO (NAME) = HEX
    if let Some(open) = body.find(" (")
        && let Some(close) = body.rfind(") = ")
        && close > open
    {
        let tag = &body[..open];
        let name = &body[open + 2..close];
        let hexs = &body[close + 4..];
        let a = match (algo, tag) {
            (Algo::B2(_), "BLAKE2b") => Algo::B2(512),
            (Algo::B2(_), t) if t.starts_with("BLAKE2b-") => Algo::B2(t[8..].parse().ok()?),
            (a, t) if a.tag() == t => a,
            _ => return None,
        };
        if hexs.len() != a.hex_len() || !hexs.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        return Some((hexs.to_ascii_lowercase(), un(name), a));
    }
    let sp = body.find(' ')?;
    let hexs = &body[..sp];
    if hexs.is_empty() || !hexs.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let rest = &body[sp + 1..];
    let name = match rest.chars().next() {
        Some(' ') | Some('*') => &rest[1..],
        _ => return None,
    };
    if name.is_empty() {
        return None;
    }
    let a = match algo {
        Algo::B2(_) if !fixed_len => {
            let bits = hexs.len() * 4;
            if hexs.len() % 2 != 0 || bits == 0 || bits > 512 {
                return None;
            }
            Algo::B2(bits)
        }
        a => a,
    };
    if hexs.len() != a.hex_len() {
        return None;
    }
    Some((hexs.to_ascii_lowercase(), un(name), a))
}

fn check(
    ctx: &mut dyn ToolCtx,
    cmd: &str,
    algo: Algo,
    fixed_len: bool,
    files: &[Arg],
    o: &CheckOpts,
) -> i32 {
    let mut status = 0;
    for f in files {
        let shown = diag::display_name(f);
        let data = match input::read_input(ctx, f) {
            Ok(d) => d,
            Err(e) => {
                diag::err(ctx, cmd, &format!("{shown}: {}", diag::io_msg(&e)));
                status = 1;
                continue;
            }
        };
        let (mut bad_format, mut mismatched, mut unreadable, mut good_lines) =
            (0usize, 0usize, 0usize, 0usize);
        let mut matched_any = false;
        let delim = if o.zero { 0 } else { b'\n' };
        for (ln, raw) in input::split_records(&data, delim).into_iter().enumerate() {
            if ctx.is_cancelled() {
                return 130;
            }
            let line = diag::lossy(raw);
            let line = line.strip_suffix('\r').unwrap_or(&line);
            if line.starts_with('#') {
                continue;
            }
            let Some((want, name, a)) = parse_line(line, algo, fixed_len) else {
                bad_format += 1;
                if o.warn {
                    diag::err(
                        ctx,
                        cmd,
                        &format!(
                            "{shown}: {}: improperly formatted {} checksum line",
                            ln + 1,
                            algo.tag()
                        ),
                    );
                }
                continue;
            };
            good_lines += 1;
            // GNU 9.1 escapes verdict names only when they hold a newline.
            let (esc, printed) = if name.contains('\n') {
                escaped(&name)
            } else {
                (false, name.clone())
            };
            let prefix = if esc { "\\" } else { "" };
            match digest_file(ctx, a, name.as_bytes()) {
                Ok(got) => {
                    matched_any = true;
                    if got == want {
                        if !o.quiet && !o.status {
                            output::out(ctx, format!("{prefix}{printed}: OK\n").as_bytes());
                        }
                    } else {
                        mismatched += 1;
                        if !o.status {
                            output::out(ctx, format!("{prefix}{printed}: FAILED\n").as_bytes());
                        }
                    }
                }
                Err(e) => {
                    if o.ignore_missing && e.kind() == std::io::ErrorKind::NotFound {
                        continue;
                    }
                    let m = diag::io_msg(&e);
                    unreadable += 1;
                    diag::err(ctx, cmd, &format!("{name}: {m}"));
                    if !o.status {
                        output::out(
                            ctx,
                            format!("{prefix}{printed}: FAILED open or read\n").as_bytes(),
                        );
                    }
                }
            }
        }
        if good_lines == 0 {
            diag::err(
                ctx,
                cmd,
                &format!(
                    "{}: no properly formatted checksum lines found",
                    quote::quotef(&shown)
                ),
            );
            status = 1;
            continue;
        }
        if !o.status {
            if bad_format > 0 {
                diag::err(
                    ctx,
                    cmd,
                    &format!(
                        "WARNING: {} improperly formatted",
                        plural(bad_format, "line is", "lines are")
                    ),
                );
            }
            if unreadable > 0 {
                diag::err(
                    ctx,
                    cmd,
                    &format!(
                        "WARNING: {} could not be read",
                        plural(unreadable, "listed file", "listed files")
                    ),
                );
            }
            if mismatched > 0 {
                diag::err(
                    ctx,
                    cmd,
                    &format!(
                        "WARNING: {} did NOT match",
                        plural(mismatched, "computed checksum", "computed checksums")
                    ),
                );
            }
        }
        if o.ignore_missing && !matched_any {
            diag::err(
                ctx,
                cmd,
                &format!("{}: no file was verified", quote::quotef(&shown)),
            );
            status = 1;
        }
        if mismatched > 0 || unreadable > 0 || (o.strict && bad_format > 0) {
            status = 1;
        }
    }
    status
}

impl Command for Sum {
    fn spec(&self) -> &CommandSpec {
        self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let spec = self.spec;
        let name = spec.name;
        let p = match diag::parse_or_usage(spec, args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        let mut algo = self.algo;
        let mut fixed_len = false;
        if let Some(l) = p.value(spec.find("l")) {
            let s = diag::lossy(l);
            match s.parse::<usize>() {
                Ok(n) if n % 8 == 0 && n > 0 && n <= 512 => {
                    if Algo::B2(n).hasher().is_none() {
                        diag::err(
                            ctx,
                            name,
                            &format!(
                                "length {n} is not supported here (use 128, 160, 224, 256, 384 or 512)"
                            ),
                        );
                        return 1;
                    }
                    algo = Algo::B2(n);
                    fixed_len = true;
                }
                Ok(n) if n > 512 => {
                    diag::err(ctx, name, &format!("invalid length: {}", quote::quote(&s)));
                    diag::err(
                        ctx,
                        name,
                        "maximum digest length for \u{2018}BLAKE2b\u{2019} is 512 bits",
                    );
                    return 1;
                }
                _ => {
                    diag::err(ctx, name, &format!("invalid length: {}", quote::quote(&s)));
                    diag::err(ctx, name, "length is not a multiple of 8");
                    return 1;
                }
            }
        }
        let files = input::files_or_stdin(p.operands.clone());
        let zero = p.has(spec.find("z"));
        if p.has(spec.find("c")) {
            if p.has(spec.find("tag")) {
                return diag::usage(
                    ctx,
                    spec,
                    &format!("{name}: the --tag option is meaningless when verifying checksums"),
                    1,
                );
            }
            let o = CheckOpts {
                quiet: p.has(spec.find("quiet")),
                status: p.has(spec.find("status")),
                strict: p.has(spec.find("strict")),
                warn: p.has(spec.find("w")),
                ignore_missing: p.has(spec.find("ignore-missing")),
                zero,
            };
            return check(ctx, name, algo, fixed_len, &files, &o);
        }
        for opt in ["quiet", "status", "strict", "ignore-missing"] {
            if p.has(spec.find(opt)) {
                return diag::usage(
                    ctx,
                    spec,
                    &format!(
                        "{name}: the --{opt} option is meaningful only when verifying checksums"
                    ),
                    1,
                );
            }
        }
        if p.has(spec.find("w")) {
            return diag::usage(
                ctx,
                spec,
                &format!("{name}: the --warn option is meaningful only when verifying checksums"),
                1,
            );
        }
        let tag = p.has(spec.find("tag"));
        let binary = p
            .opts
            .iter()
            .rev()
            .find_map(|(i, _)| match spec.options[*i].short {
                Some('b') => Some(true),
                Some('t') => Some(false),
                _ => None,
            })
            == Some(true);
        let mut status = 0;
        let end = if zero { '\0' } else { '\n' };
        for f in &files {
            let shown = diag::lossy(f);
            match digest_file(ctx, algo, f) {
                Ok(h) => {
                    let (esc, printed) = if zero {
                        (false, shown.clone())
                    } else {
                        escaped(&shown)
                    };
                    let pre = if esc { "\\" } else { "" };
                    let line = if tag {
                        format!("{pre}{} ({printed}) = {h}{end}", algo.tag())
                    } else {
                        format!("{pre}{h} {}{printed}{end}", if binary { '*' } else { ' ' })
                    };
                    if !output::out(ctx, line.as_bytes()) {
                        return 1;
                    }
                }
                Err(_) if ctx.is_cancelled() => return 130,
                Err(e) => {
                    diag::err(ctx, name, &format!("{shown}: {}", diag::io_msg(&e)));
                    status = 1;
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn digests_and_check() {
        let mut c = TestCtx::new().file("t", b"abc").file("we\\ird", b"abc");
        assert_eq!(run(&SHA256SUM, &["we\\ird", "t"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "\\ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  we\\\\ird\nba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  t\n"
        );
        let mut c = TestCtx::new().file("t", b"abc\n");
        run(&B2SUM, &["--tag", "-l", "256", "t"], &mut c);
        assert_eq!(
            c.out_str(),
            "BLAKE2b-256 (t) = 6e25640baa7f9d4186663d80e7d62a82d4851651322ab4e68147533260c13d03\n"
        );
        let mut c = TestCtx::new()
            .file("t", b"abc\n")
            .file("s", b"03cfd743661f07975fa2f1220c5194cbaff48451  t\n");
        assert_eq!(run(&SHA1SUM, &["-c", "s"], &mut c), 0);
        assert_eq!(c.out_str(), "t: OK\n");
        let mut c = TestCtx::new()
            .file("t", b"abc\nx\n")
            .file("s", b"03cfd743661f07975fa2f1220c5194cbaff48451  t\n");
        assert_eq!(run(&SHA1SUM, &["-c", "s"], &mut c), 1);
        assert_eq!(c.out_str(), "t: FAILED\n");
        assert_eq!(
            c.err_str(),
            "sha1sum: WARNING: 1 computed checksum did NOT match\n"
        );
    }
}
