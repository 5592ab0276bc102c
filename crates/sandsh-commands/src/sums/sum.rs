//! `sum`: the old 16-bit checksums, BSD (`-r`, the default: rotate right and add, 1 KiB
//! blocks) and System V (`-s`: byte sum folded to 16 bits, 512-byte blocks), as GNU's
//! `sum.c` computes and prints them. Input streams a chunk at a time; the last of `-r`/`-s`
//! wins, as in GNU.

use sandsh_api::OptSpec;
use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};

use super::CHECKSUM_FILES;

use crate::common::{diag, input, output};

pub struct Sum;

static SPEC: CommandSpec = CommandSpec {
    name: "sum",
    group: "text",
    summary: "checksum and count the blocks in a file",
    usage: "sum [OPTION]... [FILE]...",
    description: "Print or check BSD (16-bit) checksums. With no FILE, or when FILE is -, read standard input. Prints the checksum and the size in blocks, and the file name when FILEs are given.",
    options: &[
        OptSpec::new("-r", "use BSD sum algorithm (the default), use 1K blocks"),
        OptSpec::new(
            "-s, --sysv",
            "use System V sum algorithm, use 512 bytes blocks",
        ),
    ],
    operands: &[CHECKSUM_FILES],
    returns: "checksum and block count per file",
    examples: &[
        Example {
            description: "BSD checksum of stdin",
            script: "printf abc | sum",
            stdout: "16556     1\n",
        },
        Example {
            description: "System V checksum",
            script: "printf abc | sum -s",
            stdout: "294 1\n",
        },
    ],
    errors: "exit 1 when a FILE cannot be read",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq)]
enum Algo {
    Bsd,
    Sysv,
}

/// Running state of either algorithm.
struct Acc {
    algo: Algo,
    bsd: u32,
    sysv: u32,
    bytes: u64,
}

impl Acc {
    fn new(algo: Algo) -> Acc {
        Acc {
            algo,
            bsd: 0,
            sysv: 0,
            bytes: 0,
        }
    }

    fn feed(&mut self, data: &[u8]) {
        self.bytes += data.len() as u64;
        match self.algo {
            Algo::Bsd => {
                for &b in data {
                    self.bsd = (self.bsd >> 1) + ((self.bsd & 1) << 15);
                    self.bsd = (self.bsd + u32::from(b)) & 0xffff;
                }
            }
            Algo::Sysv => {
                for &b in data {
                    self.sysv = self.sysv.wrapping_add(u32::from(b));
                }
            }
        }
    }

    /// The output line without the file name.
    fn line(&self) -> String {
        match self.algo {
            Algo::Bsd => format!("{:05} {:>5}", self.bsd, self.bytes.div_ceil(1024)),
            Algo::Sysv => {
                let r = (self.sysv & 0xffff) + (self.sysv >> 16);
                let ck = (r & 0xffff) + (r >> 16);
                format!("{ck} {}", self.bytes.div_ceil(512))
            }
        }
    }
}

impl Command for Sum {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match diag::parse_or_usage(&SPEC, args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        // The last of -r / -s wins.
        let mut algo = Algo::Bsd;
        for a in args.iter().take_while(|a| a.as_slice() != b"--") {
            if a == b"--sysv" {
                algo = Algo::Sysv;
            } else if a.len() > 1 && a[0] == b'-' && a[1] != b'-' {
                for &c in &a[1..] {
                    match c {
                        b'r' => algo = Algo::Bsd,
                        b's' => algo = Algo::Sysv,
                        _ => {}
                    }
                }
            }
        }
        let named = !p.operands.is_empty();
        let mut status = 0;
        let mut buf = vec![0u8; input::CHUNK];
        for f in input::files_or_stdin(p.operands) {
            let name = diag::lossy(&f);
            let mut src = match input::open(ctx, &f) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(ctx, "sum", &format!("{name}: {m}"));
                    status = 1;
                    continue;
                }
            };
            let mut acc = Acc::new(algo);
            let failed = loop {
                match input::read_chunk(ctx, &mut src, &mut buf) {
                    Ok(0) => break false,
                    Ok(n) => acc.feed(&buf[..n]),
                    Err(e) => {
                        if ctx.is_cancelled() {
                            return 130;
                        }
                        diag::err(ctx, "sum", &format!("{name}: {}", diag::io_msg(&e)));
                        break true;
                    }
                }
            };
            if failed {
                status = 1;
                continue;
            }
            let mut line = acc.line();
            if named {
                line.push(' ');
                line.push_str(&name);
            }
            line.push('\n');
            if !output::out(ctx, line.as_bytes()) {
                return 141;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Sum;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn gnu_values() {
        assert_eq!(run_in(&Sum, &[], "abc").1, "16556     1\n");
        assert_eq!(run_in(&Sum, &["-s"], "abc").1, "294 1\n");
        assert_eq!(run_in(&Sum, &[], "").1, "00000     0\n");
        assert_eq!(run_in(&Sum, &["-s", "-r"], "hi\n").1, "32856     1\n");
        assert_eq!(run_in(&Sum, &["-r", "-s"], "hi\n").1, "219 1\n");
        let big: String = (1..=100000).map(|i| format!("{i}\n")).collect();
        assert_eq!(run_in(&Sum, &[], &big).1, "11497   576\n");
        assert_eq!(run_in(&Sum, &["--sysv"], &big).1, "44216 1151\n");
    }

    #[test]
    fn names_and_errors() {
        let mut c = TestCtx::new().file("h", b"hi\n");
        assert_eq!(run(&Sum, &["nope", "h"], &mut c), 1);
        assert_eq!(c.out_str(), "32856     1 h\n");
        assert_eq!(c.err_str(), "sum: nope: No such file or directory\n");
    }
}
