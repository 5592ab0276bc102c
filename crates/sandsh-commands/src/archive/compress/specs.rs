//! The nine commands' specs: each format's option table, the shared operand and error rows,
//! and a [`Codec`] per command (format and role). Data apart from the engine that runs it.

use sandsh_api::{ArgSpec, ArgType, CommandSpec, Example, OptSpec, RiskLevel};

use super::{Codec, Fmt, Role};

const GZIP_OPTS: &[OptSpec] = &[
    OptSpec::new(
        "-c, --stdout",
        "write on standard output, keep original files",
    ),
    OptSpec::new("-d, --decompress", "decompress"),
    OptSpec::new(
        "-f, --force",
        "force overwrite of output file; with -dc, pass non-gzip data through",
    ),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-l, --list", "list compressed file contents"),
    OptSpec::new(
        "-n, --no-name",
        "do not save the original name and timestamp",
    ),
    OptSpec::new(
        "-N, --name",
        "save the original name and timestamp (the default)",
    ),
    OptSpec::new("-q, --quiet", "suppress all warnings"),
    OptSpec::new("-r, --recursive", "operate recursively on directories"),
    OptSpec::new("-S, --suffix=SUF", "use suffix SUF on compressed files"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-1, --fast", "compress faster"),
    OptSpec::new("-2", "compression level 2"),
    OptSpec::new("-3", "compression level 3"),
    OptSpec::new("-4", "compression level 4"),
    OptSpec::new("-5", "compression level 5"),
    OptSpec::new("-6", "compression level 6 (default)"),
    OptSpec::new("-7", "compression level 7"),
    OptSpec::new("-8", "compression level 8"),
    OptSpec::new("-9, --best", "compress better"),
];

const BZIP2_OPTS: &[OptSpec] = &[
    OptSpec::new("-c, --stdout", "output to standard out"),
    OptSpec::new("-d, --decompress", "force decompression"),
    OptSpec::new("-z, --compress", "force compression"),
    OptSpec::new("-f, --force", "overwrite existing output files"),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-q, --quiet", "suppress noncritical error messages"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-1, --fast", "100k block size"),
    OptSpec::new("-2", "200k block size"),
    OptSpec::new("-3", "300k block size"),
    OptSpec::new("-4", "400k block size"),
    OptSpec::new("-5", "500k block size"),
    OptSpec::new("-6", "600k block size"),
    OptSpec::new("-7", "700k block size"),
    OptSpec::new("-8", "800k block size"),
    OptSpec::new("-9, --best", "900k block size (default)"),
];

const XZ_OPTS: &[OptSpec] = &[
    OptSpec::new(
        "-c, --stdout",
        "write to standard output and don't delete input files",
    ),
    OptSpec::new("-d, --decompress", "force decompression"),
    OptSpec::new("-z, --compress", "force compression"),
    OptSpec::new("-f, --force", "force overwrite of output file"),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-q, --quiet", "suppress warnings"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-T, --threads=NUM", "accepted and ignored (one thread)"),
    OptSpec::new("-0", "compression preset 0"),
    OptSpec::new("-1", "compression preset 1"),
    OptSpec::new("-2", "compression preset 2"),
    OptSpec::new("-3", "compression preset 3"),
    OptSpec::new("-4", "compression preset 4"),
    OptSpec::new("-5", "compression preset 5"),
    OptSpec::new("-6", "compression preset 6 (default)"),
    OptSpec::new("-7", "compression preset 7"),
    OptSpec::new("-8", "compression preset 8"),
    OptSpec::new("-9", "compression preset 9"),
];

const FILES: &[ArgSpec] = &[ArgSpec::optional(
    "FILE",
    ArgType::Path,
    "files to (de)compress in place (standard input to standard output when none)",
)
.repeated()];

const ERRORS: &str = "exit 1 on a missing or unreadable file, bad data or a full filesystem (the partial output is removed); 2 for warnings (gzip/xz: output exists, unknown suffix, trailing garbage) and for corrupt data in bzip2";

const fn spec(
    name: &'static str,
    summary: &'static str,
    usage: &'static str,
    description: &'static str,
    options: &'static [OptSpec],
    examples: &'static [Example],
    risk: RiskLevel,
) -> CommandSpec {
    CommandSpec {
        name,
        group: "archive",
        summary,
        usage,
        description,
        options,
        operands: FILES,
        returns: "compressed or decompressed data in FILE.SUF / FILE, or on standard output",
        examples,
        errors: ERRORS,
        risk,
    }
}

static GZIP_SPEC: CommandSpec = spec(
    "gzip",
    "compress or expand files (gzip format)",
    "gzip [OPTION]... [FILE]...",
    "Compress each FILE into FILE.gz (removing FILE unless -k or -c), or with -d expand FILE.gz back. With no FILE, or when FILE is -, read standard input and write standard output. The gzip format is RFC 1952 and opens with GNU gzip; concatenated members are read as one stream. -l lists sizes and ratios as GNU gzip -l does. The original name and time are stored when compressing; decompression keeps the name without its suffix and the .gz file's time.",
    GZIP_OPTS,
    &[
        Example {
            description: "round trip through a pipe",
            script: "echo hello | gzip | gzip -d",
            stdout: "hello\n",
        },
        Example {
            description: "compress a file in place, then read it back",
            script: "printf 'aaaaaaaaaa\\n' > f; gzip f; ls f*; zcat f.gz",
            stdout: "f.gz\naaaaaaaaaa\n",
        },
    ],
    RiskLevel::MediumRisk,
);

static GUNZIP_SPEC: CommandSpec = spec(
    "gunzip",
    "expand gzip files",
    "gunzip [OPTION]... [FILE]...",
    "Same as gzip -d: expand each FILE.gz (.z, .tgz -> .tar, …) in place, or standard input to standard output.",
    GZIP_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; gzip f; gunzip f.gz; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static ZCAT_SPEC: CommandSpec = spec(
    "zcat",
    "expand gzip files to standard output",
    "zcat [OPTION]... [FILE]...",
    "Same as gzip -dc: write the expanded contents of each FILE (or standard input) to standard output. With -f, data that is not gzip passes through unchanged.",
    GZIP_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | gzip > f.gz; zcat f.gz",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

static BZIP2_SPEC: CommandSpec = spec(
    "bzip2",
    "a block-sorting file compressor",
    "bzip2 [OPTION]... [FILE]...",
    "Compress each FILE into FILE.bz2 (removing FILE unless -k or -c), or with -d expand it back. With no FILE, read standard input and write standard output. The format is bzip2's and opens with the bzip2 tool; -1..-9 choose the block size.",
    BZIP2_OPTS,
    &[Example {
        description: "round trip through a pipe",
        script: "echo hello | bzip2 | bzip2 -d",
        stdout: "hello\n",
    }],
    RiskLevel::MediumRisk,
);

static BUNZIP2_SPEC: CommandSpec = spec(
    "bunzip2",
    "expand bzip2 files",
    "bunzip2 [OPTION]... [FILE]...",
    "Same as bzip2 -d: expand each FILE.bz2 (.bz, .tbz2 -> .tar, …) in place, or standard input to standard output.",
    BZIP2_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; bzip2 f; bunzip2 f.bz2; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static BZCAT_SPEC: CommandSpec = spec(
    "bzcat",
    "expand bzip2 files to standard output",
    "bzcat [OPTION]... [FILE]...",
    "Same as bzip2 -dc: write the expanded contents of each FILE (or standard input) to standard output.",
    BZIP2_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | bzip2 > f.bz2; bzcat f.bz2",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

static XZ_SPEC: CommandSpec = spec(
    "xz",
    "compress or decompress .xz files",
    "xz [OPTION]... [FILE]...",
    "Compress each FILE into FILE.xz (removing FILE unless -k or -c), or with -d expand it back. With no FILE, read standard input and write standard output. The .xz container (LZMA2, CRC64) opens with xz-utils; -0..-9 choose the preset. Concatenated streams are read as one.",
    XZ_OPTS,
    &[Example {
        description: "round trip through a pipe",
        script: "echo hello | xz | xz -d",
        stdout: "hello\n",
    }],
    RiskLevel::MediumRisk,
);

static UNXZ_SPEC: CommandSpec = spec(
    "unxz",
    "expand .xz files",
    "unxz [OPTION]... [FILE]...",
    "Same as xz -d: expand each FILE.xz (.txz -> .tar) in place, or standard input to standard output.",
    XZ_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; xz f; unxz f.xz; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static XZCAT_SPEC: CommandSpec = spec(
    "xzcat",
    "expand .xz files to standard output",
    "xzcat [OPTION]... [FILE]...",
    "Same as xz -dc: write the expanded contents of each FILE (or standard input) to standard output.",
    XZ_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | xz > f.xz; xzcat f.xz",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

pub const GZIP: Codec = Codec::new(&GZIP_SPEC, Fmt::Gzip, Role::Compress);
pub const GUNZIP: Codec = Codec::new(&GUNZIP_SPEC, Fmt::Gzip, Role::Decompress);
pub const ZCAT: Codec = Codec::new(&ZCAT_SPEC, Fmt::Gzip, Role::Cat);
pub const BZIP2: Codec = Codec::new(&BZIP2_SPEC, Fmt::Bzip2, Role::Compress);
pub const BUNZIP2: Codec = Codec::new(&BUNZIP2_SPEC, Fmt::Bzip2, Role::Decompress);
pub const BZCAT: Codec = Codec::new(&BZCAT_SPEC, Fmt::Bzip2, Role::Cat);
pub const XZ: Codec = Codec::new(&XZ_SPEC, Fmt::Xz, Role::Compress);
pub const UNXZ: Codec = Codec::new(&UNXZ_SPEC, Fmt::Xz, Role::Decompress);
pub const XZCAT: Codec = Codec::new(&XZCAT_SPEC, Fmt::Xz, Role::Cat);
