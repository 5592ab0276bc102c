//! `tee`: copy standard input to standard output and files, chunk by chunk.

use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input::{self, Halt, Source};
use crate::common::{diag, output};

pub struct Tee;

static SPEC: CommandSpec = CommandSpec {
    name: "tee",
    group: "fs",
    summary: "read from standard input and write to standard output and files",
    usage: "tee [OPTION]... [FILE]...",
    description: "Copy standard input to each FILE, and also to standard output.",
    options: &[
        OptSpec::new(
            "-a, --append",
            "append to the given FILEs, do not overwrite",
        ),
        OptSpec::new(
            "-i, --ignore-interrupts",
            "ignore interrupt signals (no effect: there are no signals here)",
        ),
    ],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files to write").repeated()],
    returns: "standard input, unchanged",
    examples: &[Example {
        description: "copy to a file",
        script: "echo hi | tee f > /dev/null; cat f",
        stdout: "hi\n",
    }],
    errors: "exit 1 when a file cannot be written (the others still are)",
    risk: RiskLevel::LowRisk,
};

impl ParsedCommand for Tee {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let append = p.has(opt!(SPEC, "a"));
        let mut status = 0;
        // Files that failed to open are dropped, as GNU does, and the rest continue.
        let mut files: Vec<(String, output::OutFile)> = Vec::new();
        for f in &p.operands {
            let name = diag::lossy(f);
            match output::OutFile::create(ctx, &name, append) {
                Ok(t) => files.push((name, t)),
                Err(e) => {
                    diag::err(ctx, "tee", &format!("{name}: {e}"));
                    status = 1;
                }
            }
        }
        let to_fds = files.iter().any(|(_, t)| t.is_fd());
        let mut buf = input::ChunkBuf::new(input::CHUNK);
        let mut stdout_ok = true;
        let read = input::for_each_chunk(ctx, &mut Source::Stdin, &mut buf, |ctx, chunk| {
            if stdout_ok && !output::out(ctx, chunk) {
                stdout_ok = false;
                status = 1;
            }
            // A descriptor may be stdout itself: this chunk goes there after the copy above.
            if to_fds {
                let _ = ctx.stdout().flush();
            }
            let mut failed = Vec::new();
            for (k, (name, t)) in files.iter_mut().enumerate() {
                if let Err(e) = t.write(ctx, chunk) {
                    diag::err(ctx, "tee", &format!("{name}: {e}"));
                    failed.push(k);
                    status = 1;
                }
            }
            for k in failed.into_iter().rev() {
                files.remove(k);
            }
            if !stdout_ok && files.is_empty() {
                // Nowhere left to write: stop reading.
                return Err(Halt::Skip);
            }
            Ok(())
        });
        match read {
            Ok(()) | Err(Halt::Skip) => status,
            Err(Halt::Read(e)) => {
                diag::err(ctx, "tee", &format!("standard input: {}", diag::io_msg(&e)));
                1
            }
            Err(Halt::Exit(s)) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tee;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn copies() {
        let mut ctx = TestCtx::new().with_stdin(b"x\n").file("a", b"old\n");
        assert_eq!(run(&Tee, &["-a", "a", "b", "nope/c"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "x\n");
        assert_eq!(ctx.read("a").unwrap(), b"old\nx\n");
        assert_eq!(ctx.read("b").unwrap(), b"x\n");
        assert_eq!(ctx.err_str(), "tee: nope/c: No such file or directory\n");
    }
}
