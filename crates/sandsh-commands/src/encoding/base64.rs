//! `base64` and `base32`, the two commands over [`super`]'s codec with one alphabet each.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use super::{DECODE, IGNORE_GARBAGE, Kind, WRAP, run};

/// The options and operand both take.
static OPTIONS: &[OptSpec] = &[DECODE, IGNORE_GARBAGE, WRAP];

static OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "FILE",
    ArgType::Path,
    "input (default: stdin)",
)];

static B64_SPEC: CommandSpec = CommandSpec {
    name: "base64",
    group: "text",
    summary: "base64 encode/decode data and print to standard output",
    usage: "base64 [OPTION]... [FILE]",
    description: "Base64 encode or decode FILE, or standard input, to standard output (RFC 4648). Decoding ignores newlines; with -i it also ignores other characters outside the alphabet.",
    options: OPTIONS,
    operands: OPERANDS,
    returns: "the encoded or decoded data",
    examples: &[
        Example {
            description: "encode",
            script: "printf 'hello' | base64",
            stdout: "aGVsbG8=\n",
        },
        Example {
            description: "decode",
            script: "echo aGVsbG8= | base64 -d",
            stdout: "hello",
        },
    ],
    errors: "exit 1 on invalid input when decoding (what decoded before the error is written), an unreadable file or a bad option",
    risk: RiskLevel::ReadOnly,
};

static B32_SPEC: CommandSpec = CommandSpec {
    name: "base32",
    group: "text",
    summary: "base32 encode/decode data and print to standard output",
    usage: "base32 [OPTION]... [FILE]",
    description: "Base32 encode or decode FILE, or standard input, to standard output (RFC 4648). Decoding ignores newlines; with -i it also ignores other characters outside the alphabet.",
    options: OPTIONS,
    operands: OPERANDS,
    returns: "the encoded or decoded data",
    examples: &[
        Example {
            description: "encode",
            script: "printf 'abc' | base32",
            stdout: "MFRGG===\n",
        },
        Example {
            description: "decode",
            script: "echo MFRGG=== | base32 -d",
            stdout: "abc",
        },
    ],
    errors: "exit 1 on invalid input when decoding, an unreadable file or a bad option",
    risk: RiskLevel::ReadOnly,
};

pub struct Base64;
pub struct Base32;

impl Command for Base64 {
    fn spec(&self) -> &CommandSpec {
        &B64_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(Kind::B64, &B64_SPEC, args, ctx)
    }
}

impl Command for Base32 {
    fn spec(&self) -> &CommandSpec {
        &B32_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        run(Kind::B32, &B32_SPEC, args, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::{Base32, Base64};
    use crate::common::testing::run_in;

    #[test]
    fn gnu_cases() {
        assert_eq!(run_in(&Base64, &["-w", "0"], "abcd").1, "YWJjZA==");
        assert_eq!(run_in(&Base32, &["-w", "3"], "ab").1, "MFR\nA==\n==\n");
        assert_eq!(
            run_in(&Base64, &["-d"], "YWI"),
            (1, "ab".into(), "base64: invalid input\n".into())
        );
        assert_eq!(run_in(&Base64, &["-d"], "YWI=\nYWI=").1, "abab");
        assert_eq!(run_in(&Base64, &["-d"], "YQ==YQ").1, "aa");
        assert_eq!(run_in(&Base64, &["-di"], "YW*I=").1, "ab");
        assert_eq!(run_in(&Base32, &["-d"], "MFRGG===").1, "abc");
        assert_eq!(
            run_in(&Base32, &["-d"], "MFRA"),
            (1, String::new(), "base32: invalid input\n".into())
        );
        assert_eq!(run_in(&Base64, &[], "").1, "");
        let long = "x".repeat(100);
        let enc = run_in(&Base64, &[], &long).1;
        assert_eq!(run_in(&Base64, &["-d"], &enc).1, long);
    }
}
