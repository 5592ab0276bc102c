//! `cksum`: checksum and count the bytes of files, as GNU coreutils 9.1 does: the POSIX CRC by
//! default, the old `sum` algorithms (`-a sysv`, `-a bsd`), or a message digest (`-a sha256`,
//! tagged output unless `--untagged`). Input streams in chunks.

use sandsh_api::opt;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use super::{Algo, CHECKSUM_FILES, hex};
use crate::common::{diag, input, output, quote};

pub struct Cksum;

static SPEC: CommandSpec = CommandSpec {
    name: "cksum",
    group: "text",
    summary: "checksum and count the bytes in files",
    usage: "cksum [OPTION]... [FILE]...",
    description: "Print the CRC checksum (POSIX cksum) and byte count of each FILE, or with -a another algorithm: sysv, bsd, crc, md5, sha1, sha224, sha256, sha384, sha512, blake2b. With no FILE, or when FILE is -, read standard input. Checking (-c) is not supported here; use sha256sum -c and friends.",
    options: &[
        OptSpec::new(
            "-a, --algorithm=TYPE",
            "select the digest type: sysv, bsd, crc (default), md5, sha1, sha224, sha256, sha384, sha512, blake2b",
        ),
        OptSpec::new("-l, --length=BITS", "digest length in bits for blake2b"),
        OptSpec::new(
            "--untagged",
            "create a reversed style checksum, without digest type",
        ),
        OptSpec::new(
            "--tag",
            "create a BSD style checksum (the default for digests)",
        ),
        OptSpec::new("-c, --check", "not supported by cksum here"),
    ],
    operands: &[CHECKSUM_FILES],
    returns: "one line per file: CRC, byte count and name",
    examples: &[
        Example {
            description: "CRC of stdin",
            script: "printf abc | cksum",
            stdout: "1219131554 3\n",
        },
        Example {
            description: "a digest",
            script: "printf abc | cksum -a md5",
            stdout: "MD5 (-) = 900150983cd24fb0d6963f7d28e17f72\n",
        },
    ],
    errors: "exit 1 when a file cannot be read or the algorithm is unknown",
    risk: RiskLevel::ReadOnly,
};

fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    for (i, slot) in t.iter_mut().enumerate() {
        let mut c = (i as u32) << 24;
        for _ in 0..8 {
            c = if c & 0x8000_0000 != 0 {
                (c << 1) ^ 0x04C1_1DB7
            } else {
                c << 1
            };
        }
        *slot = c;
    }
    t
}

enum Kind {
    Crc,
    Sysv,
    Bsd,
    Digest(Algo),
}

impl ParsedCommand for Cksum {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let alg = p
            .value(opt!(SPEC, "a"))
            .map(|v| diag::lossy(v))
            .unwrap_or_else(|| "crc".into());
        let bits = match p.value(opt!(SPEC, "l")) {
            Some(v) => match diag::lossy(v).parse::<usize>() {
                Ok(n) if n % 8 == 0 && n > 0 && n <= 512 => n,
                _ => {
                    diag::err(
                        ctx,
                        "cksum",
                        &format!("invalid length: {}", quote::quote(&diag::lossy(v))),
                    );
                    return 1;
                }
            },
            None => 512,
        };
        let kind = match alg.as_str() {
            "crc" => Kind::Crc,
            "sysv" => Kind::Sysv,
            "bsd" => Kind::Bsd,
            "md5" => Kind::Digest(Algo::Md5),
            "sha1" => Kind::Digest(Algo::Sha1),
            "sha224" => Kind::Digest(Algo::Sha224),
            "sha256" => Kind::Digest(Algo::Sha256),
            "sha384" => Kind::Digest(Algo::Sha384),
            "sha512" => Kind::Digest(Algo::Sha512),
            "blake2b" => Kind::Digest(Algo::B2(bits)),
            other => {
                return diag::usage(
                    ctx,
                    &SPEC,
                    &format!(
                        "cksum: invalid argument {} for \u{2018}--algorithm\u{2019}\nValid arguments are:\n  - \u{2018}sysv\u{2019}\n  - \u{2018}bsd\u{2019}\n  - \u{2018}crc\u{2019}\n  - \u{2018}md5\u{2019}\n  - \u{2018}sha1\u{2019}\n  - \u{2018}sha224\u{2019}\n  - \u{2018}sha256\u{2019}\n  - \u{2018}sha384\u{2019}\n  - \u{2018}sha512\u{2019}\n  - \u{2018}blake2b\u{2019}\n  - \u{2018}sm3\u{2019}",
                        quote::cquote(other)
                    ),
                    1,
                );
            }
        };
        if p.has(opt!(SPEC, "c")) {
            diag::err(
                ctx,
                "cksum",
                "--check is not supported here; use md5sum -c, sha256sum -c and friends",
            );
            return 1;
        }
        if let Kind::Digest(a) = kind
            && a.hasher().is_none()
        {
            diag::err(
                ctx,
                "cksum",
                &format!(
                    "length {bits} is not supported here (use 128, 160, 224, 256, 384 or 512)"
                ),
            );
            return 1;
        }
        let untagged = p.has(opt!(SPEC, "untagged"));
        let stdin_only = p.operands.is_empty();
        let files = input::files_or_stdin(p.operands.clone());
        let table = crc_table();
        let mut status = 0;
        let mut buf = vec![0u8; input::CHUNK];
        for f in &files {
            let shown = diag::lossy(f);
            if let Kind::Digest(a) = kind {
                match super::digest_file(ctx, a, f) {
                    Ok(h) => {
                        let line = if untagged {
                            format!("{h}  {shown}\n")
                        } else {
                            format!("{} ({shown}) = {h}\n", a.tag())
                        };
                        if !output::out(ctx, line.as_bytes()) {
                            return 1;
                        }
                    }
                    Err(_) if ctx.is_cancelled() => return 130,
                    Err(e) => {
                        diag::err(ctx, "cksum", &format!("{shown}: {}", diag::io_msg(&e)));
                        status = 1;
                    }
                }
                continue;
            }
            let mut src = match input::open(ctx, f) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(ctx, "cksum", &format!("{shown}: {m}"));
                    status = 1;
                    continue;
                }
            };
            let (mut crc, mut len, mut sysv, mut bsd) = (0u32, 0u64, 0u64, 0u32);
            let mut failed = false;
            loop {
                if ctx.is_cancelled() {
                    return 130;
                }
                match input::read_chunk(ctx, &mut src, &mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        for &b in &buf[..n] {
                            crc = (crc << 8) ^ table[(((crc >> 24) as u8) ^ b) as usize];
                            sysv = sysv.wrapping_add(u64::from(b));
                            bsd = (bsd >> 1) + ((bsd & 1) << 15);
                            bsd = (bsd + u32::from(b)) & 0xffff;
                        }
                        len += n as u64;
                    }
                    Err(e) => {
                        diag::err(ctx, "cksum", &format!("{shown}: {}", diag::io_msg(&e)));
                        status = 1;
                        failed = true;
                        break;
                    }
                }
            }
            if failed {
                continue;
            }
            let name = if stdin_only {
                String::new()
            } else {
                format!(" {shown}")
            };
            let line = match kind {
                Kind::Crc => {
                    let mut n = len;
                    while n > 0 {
                        crc = (crc << 8) ^ table[(((crc >> 24) as u8) ^ (n as u8)) as usize];
                        n >>= 8;
                    }
                    format!("{} {len}{name}\n", !crc)
                }
                Kind::Sysv => {
                    let r = (sysv & 0xffff) + ((sysv & 0xffff_ffff) >> 16);
                    let s = (r & 0xffff) + (r >> 16);
                    format!("{s} {}{name}\n", len.div_ceil(512))
                }
                _ => format!("{bsd:05} {:5}{name}\n", len.div_ceil(1024)),
            };
            if !output::out(ctx, line.as_bytes()) {
                return 1;
            }
        }
        let _ = hex;
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Cksum;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn algorithms() {
        assert_eq!(run_in(&Cksum, &[], "ab").1, "2072780115 2\n");
        let mut c = TestCtx::new().file("t", b"ab");
        run(&Cksum, &["t", "-a", "sysv"], &mut c);
        run(&Cksum, &["t", "-a", "bsd"], &mut c);
        assert_eq!(c.out_str(), "195 1 t\n32914     1 t\n");
        assert_eq!(run_in(&Cksum, &[], "").1, "4294967295 0\n");
    }
}
