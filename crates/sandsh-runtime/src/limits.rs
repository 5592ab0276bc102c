//! Execution limits: what keeps a script a model wrote from exhausting the host.
//!
//! One table, [`LIMITS`], declares every limit once: its field of [`ExecutionLimits`], its CLI
//! flag, the name a tripped limit reports, its unit, its help line and its default in each
//! profile. The struct, its builder methods, [`ExecutionLimits::set_by_name`], the CLI flags,
//! the limit-exceeded messages and the README's limits table are all generated from it, so
//! they cannot drift apart.
//!
//! Tripping a limit stops the script with `sandsh: limit exceeded: NAME (VALUE); raise with
//! --FLAG` and exit status [`LIMIT_EXCEEDED_STATUS`]. The kernel stays usable afterwards. Three
//! named profiles cover the usual cases: `strict` for untrusted model input, `standard` (the
//! default) and `interactive` for the REPL.
//!
//! The limits live below both the kernel, whose API they are part of, and the interpreter,
//! which enforces them.

use std::fmt;

/// Exit status of a run stopped by a limit.
pub const LIMIT_EXCEEDED_STATUS: i32 = 125;

/// The largest stack a kernel reserves (address space, not memory: pages are committed only
/// as deep as a script recurses).
/// 1 GiB on 32-bit targets (the browser build), where 16 GiB does not fit in a `usize`.
pub const MAX_STACK: usize = if usize::BITS >= 64 { 16 << 30 } else { 1 << 30 };

/// What a limit counts: decides how a value is written (`N` or `BYTES` on the command line,
/// `64 MiB` in the README).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Count,
    Bytes,
}

impl Unit {
    /// The CLI's placeholder for a value.
    pub fn value_name(self) -> &'static str {
        match self {
            Unit::Count => "N",
            Unit::Bytes => "BYTES",
        }
    }

    /// `100,000`, `64 MiB`, `unlimited`.
    pub fn format(self, v: u64) -> String {
        if v == u64::MAX {
            return "unlimited".into();
        }
        if self == Unit::Bytes {
            for (shift, suffix) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] {
                if v >= 1 << shift && v.is_multiple_of(1 << shift) {
                    return format!("{} {suffix}", group_thousands(v >> shift));
                }
            }
        }
        group_thousands(v)
    }
}

fn group_thousands(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A named set of defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// Tight limits for untrusted input (model-written scripts).
    Strict,
    /// Generous limits that still bound memory and time: the default.
    Standard,
    /// Roomy limits for a person at the REPL.
    Interactive,
}

impl Profile {
    /// Every profile, in the order of [`LimitDef::defaults`].
    pub const ALL: [Profile; 3] = [Profile::Strict, Profile::Standard, Profile::Interactive];

    pub fn name(self) -> &'static str {
        match self {
            Profile::Strict => "strict",
            Profile::Standard => "standard",
            Profile::Interactive => "interactive",
        }
    }

    /// A profile by name: `strict`, `standard` (or `default`), `interactive`.
    pub fn by_name(name: &str) -> Option<Profile> {
        match name {
            "strict" => Some(Profile::Strict),
            "standard" | "default" => Some(Profile::Standard),
            "interactive" => Some(Profile::Interactive),
            _ => None,
        }
    }
}

/// One row of the limits table.
#[derive(Debug)]
pub struct LimitDef {
    pub limit: Limit,
    /// The field of [`ExecutionLimits`] (and its builder method).
    pub field: &'static str,
    /// The CLI flag without dashes, e.g. `max-loop-iterations`.
    pub flag: &'static str,
    /// The flag with its dashes, as messages print it.
    pub long: &'static str,
    /// What a tripped limit reports, e.g. `loop iterations`.
    pub what: &'static str,
    pub unit: Unit,
    /// One line for `--help`, the man page and the README.
    pub help: &'static str,
    /// The default in each profile, in the order of [`Profile::ALL`].
    pub defaults: [u64; 3],
    /// The smallest and largest value a setting is clamped to.
    pub min: u64,
    pub max: u64,
}

impl LimitDef {
    /// The default in `profile`.
    pub fn default_in(&self, profile: Profile) -> u64 {
        self.defaults[profile as usize]
    }
}

macro_rules! limits_table {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident $field:ident: $ty:ty {
            flag: $flag:literal,
            what: $what:literal,
            unit: $unit:ident,
            help: $help:literal,
            strict: $strict:expr,
            standard: $standard:expr,
            interactive: $interactive:expr
            $(, min: $min:expr)?
            $(, max: $max:expr)?
            $(,)?
        }
    )*) => {
        /// Resource limits of one kernel. Build one from a profile and adjust it with the
        /// builder methods, e.g. `ExecutionLimits::strict().max_loop_iterations(5)`.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct ExecutionLimits {
            $(
                $(#[doc = $doc])*
                pub $field: $ty,
            )*
        }

        /// Names one limit: the key to its row of [`LIMITS`] and to its value.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Limit {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        /// Every limit, in the order of [`Limit`]'s variants.
        pub static LIMITS: &[LimitDef] = &[
            $(
                LimitDef {
                    limit: Limit::$variant,
                    field: stringify!($field),
                    flag: $flag,
                    long: concat!("--", $flag),
                    what: $what,
                    unit: Unit::$unit,
                    help: $help,
                    defaults: [$strict, $standard, $interactive],
                    min: limits_table!(@or 0 $(, $min)?),
                    max: limits_table!(@or u64::MAX $(, $max)?),
                },
            )*
        ];

        impl ExecutionLimits {
            /// A limit's value (saturated to `u64`).
            #[allow(clippy::unnecessary_cast)]
            pub fn get(&self, limit: Limit) -> u64 {
                match limit {
                    $( Limit::$variant => self.$field as u64, )*
                }
            }

            /// Set a limit, clamped to the range its row allows.
            pub fn set(&mut self, limit: Limit, value: u64) {
                let def = limit.def();
                let v = value.clamp(def.min, def.max);
                match limit {
                    $( Limit::$variant => self.$field = <$ty>::try_from(v).unwrap_or(<$ty>::MAX), )*
                }
            }

            fn zero() -> Self {
                ExecutionLimits { $( $field: 0, )* }
            }

            $(
                $(#[doc = $doc])*
                #[allow(clippy::unnecessary_cast)]
                pub fn $field(mut self, n: $ty) -> Self {
                    self.set(Limit::$variant, n as u64);
                    self
                }
            )*
        }
    };
    (@or $default:expr) => { $default };
    (@or $default:expr, $value:expr) => { $value };
}

limits_table! {
    /// Simple commands executed per run.
    Commands max_commands: u64 {
        flag: "max-commands",
        what: "commands",
        unit: Count,
        help: "Maximum simple commands per run",
        strict: 100_000,
        standard: 100_000_000,
        interactive: u64::MAX,
    }
    /// Iterations of any one loop.
    LoopIterations max_loop_iterations: u64 {
        flag: "max-loop-iterations",
        what: "loop iterations",
        unit: Count,
        help: "Maximum iterations of one loop",
        strict: 10_000,
        standard: 50_000_000,
        interactive: u64::MAX,
    }
    /// Loop iterations per run, all loops together.
    TotalLoopIterations max_total_loop_iterations: u64 {
        flag: "max-total-loop-iterations",
        what: "total loop iterations",
        unit: Count,
        help: "Maximum loop iterations per run, all loops together",
        strict: 100_000,
        standard: 200_000_000,
        interactive: u64::MAX,
    }
    /// Nested function calls.
    FunctionDepth max_function_depth: usize {
        flag: "max-function-depth",
        what: "function depth",
        unit: Count,
        help: "Maximum nested function calls",
        strict: 100,
        standard: 1_000,
        interactive: 1_000,
    }
    /// Nested command substitutions and subshells.
    SubstDepth max_subst_depth: usize {
        flag: "max-subst-depth",
        what: "substitution depth",
        unit: Count,
        help: "Maximum nested command substitutions",
        strict: 32,
        standard: 128,
        interactive: 128,
    }
    /// Nested `source` / `.`.
    SourceDepth max_source_depth: usize {
        flag: "max-source-depth",
        what: "source depth",
        unit: Count,
        help: "Maximum nested `source`",
        strict: 16,
        standard: 100,
        interactive: 100,
    }
    /// Bytes of stdout (and of stderr) captured per run; more is dropped and flagged.
    OutputBytes max_output_bytes: usize {
        flag: "max-output-bytes",
        what: "output bytes",
        unit: Bytes,
        help: "Maximum bytes of stdout/stderr kept per run (the rest is dropped and flagged)",
        strict: 1 << 20,
        standard: 64 << 20,
        interactive: 256 << 20,
    }
    /// Size of a script given to `execute`.
    ScriptBytes max_script_bytes: usize {
        flag: "max-script-bytes",
        what: "script size",
        unit: Bytes,
        help: "Maximum script size",
        strict: 1 << 20,
        standard: 16 << 20,
        interactive: 16 << 20,
    }
    /// Size of one variable's value (or one array element).
    VariableBytes max_variable_bytes: usize {
        flag: "max-variable-bytes",
        what: "variable size",
        unit: Bytes,
        help: "Maximum size of one variable",
        strict: 16 << 20,
        standard: 256 << 20,
        interactive: 256 << 20,
    }
    /// Elements of one array.
    ArrayEntries max_array_entries: usize {
        flag: "max-array-entries",
        what: "array entries",
        unit: Count,
        help: "Maximum elements of one array",
        strict: 100_000,
        standard: 10_000_000,
        interactive: 10_000_000,
    }
    /// Bytes buffered in one pipe.
    PipeBufferBytes pipe_buffer_bytes: usize {
        flag: "pipe-buffer-bytes",
        what: "pipe buffer bytes",
        unit: Bytes,
        help: "Bytes buffered in one pipe",
        strict: 64 << 10,
        standard: 64 << 10,
        interactive: 64 << 10,
        min: 1,
    }
    /// Bytes stored in the in-memory filesystem.
    VfsBytes max_vfs_bytes: u64 {
        flag: "max-vfs-bytes",
        what: "filesystem bytes",
        unit: Bytes,
        help: "Maximum bytes stored in the virtual filesystem (writes fail with ENOSPC)",
        strict: 64 << 20,
        standard: 1 << 30,
        interactive: 4 << 30,
    }
    /// Files and directories in the in-memory filesystem.
    Files max_files: u64 {
        flag: "max-files",
        what: "files",
        unit: Count,
        help: "Maximum files in the virtual filesystem",
        strict: 10_000,
        standard: 1_000_000,
        interactive: 1_000_000,
    }
    /// Size of one file.
    FileSize max_file_size: u64 {
        flag: "max-file-size",
        what: "file size",
        unit: Bytes,
        help: "Maximum size of one file (writes fail with EFBIG)",
        strict: 16 << 20,
        standard: 256 << 20,
        interactive: 1 << 30,
    }
    /// Components of a path.
    PathDepth max_path_depth: usize {
        flag: "max-path-depth",
        what: "path depth",
        unit: Count,
        help: "Maximum components of a path",
        strict: 64,
        standard: 256,
        interactive: 256,
    }
    /// Background jobs and pipeline stages running at once.
    BackgroundJobs max_background_jobs: usize {
        flag: "max-background-jobs",
        what: "background jobs",
        unit: Count,
        help: "Maximum background jobs and pipeline stages at once",
        strict: 16,
        standard: 256,
        interactive: 256,
    }
    /// Bytes a session may hold in variables, files, captures, command buffers and expansion
    /// results together (THREAT DOS-MEM-1).
    Memory max_memory: u64 {
        flag: "max-memory",
        what: "memory",
        unit: Bytes,
        help: "Memory budget of the session: variables, files, captures, command buffers",
        strict: 256 << 20,
        standard: 2 << 30,
        interactive: 8 << 30,
    }
    /// The stack of the interpreter and of each pipeline stage or job thread (reserved, not
    /// committed); recursion that would run off it stops with this limit (THREAT DOS-STACK-1).
    StackBytes max_stack_bytes: usize {
        flag: "max-stack-bytes",
        what: "stack bytes",
        unit: Bytes,
        help: "Stack of the interpreter and of each pipeline stage or job (deep recursion)",
        strict: 64 << 20,
        standard: 512 << 20,
        interactive: 512 << 20,
        // Past the guard's reserve (`stack::RESERVE`, 1 MiB), room for a script to run.
        min: 2 << 20,
        max: MAX_STACK as u64,
    }
    /// Words one brace expansion or glob may produce (THREAT DOS-MEM-5).
    ExpansionWords max_expansion_words: usize {
        flag: "max-expansion-words",
        what: "expansion words",
        unit: Count,
        help: "Maximum words one brace expansion or glob produces",
        strict: 100_000,
        standard: 4_000_000,
        interactive: 16_000_000,
    }
    /// Bytes of one network response body (`curl`, `wget`).
    NetBytes max_net_bytes: u64 {
        flag: "max-net-bytes",
        what: "network body bytes",
        unit: Bytes,
        help: "Maximum bytes of one network response body (curl exits 63, wget 3)",
        strict: 8 << 20,
        standard: 64 << 20,
        interactive: 1 << 30,
    }
}

impl Limit {
    /// This limit's row of [`LIMITS`].
    pub fn def(self) -> &'static LimitDef {
        &LIMITS[self as usize]
    }

    /// The flag that raises it, with its dashes (`--max-memory`).
    pub fn long(self) -> &'static str {
        self.def().long
    }

    /// A limit by flag name (`max-commands`, `--max-commands`) or field name
    /// (`max_commands`).
    pub fn by_name(name: &str) -> Option<Limit> {
        let name = name.trim_start_matches('-');
        LIMITS
            .iter()
            .find(|d| d.flag == name || d.field == name)
            .map(|d| d.limit)
    }

    /// The error for this limit tripping at `value`.
    pub fn exceeded(self, value: u64) -> LimitExceeded {
        let d = self.def();
        LimitExceeded {
            what: d.what,
            flag: d.long,
            value,
        }
    }
}

impl Default for ExecutionLimits {
    fn default() -> Self {
        Self::standard()
    }
}

impl ExecutionLimits {
    /// The default profile.
    pub fn new() -> Self {
        Self::standard()
    }

    /// The defaults of `profile`.
    pub fn of_profile(profile: Profile) -> Self {
        let mut l = Self::zero();
        for d in LIMITS {
            l.set(d.limit, d.default_in(profile));
        }
        l
    }

    /// Generous limits that still bound memory and time: the default.
    pub fn standard() -> Self {
        Self::of_profile(Profile::Standard)
    }

    /// Tight limits for untrusted input (model-written scripts).
    pub fn strict() -> Self {
        Self::of_profile(Profile::Strict)
    }

    /// Roomy limits for a person at the REPL.
    pub fn interactive() -> Self {
        Self::of_profile(Profile::Interactive)
    }

    /// A profile by name: `strict`, `standard`, `interactive`.
    pub fn profile(name: &str) -> Option<Self> {
        Profile::by_name(name).map(Self::of_profile)
    }

    /// The error for `limit` tripping at its current value.
    pub fn exceeded(&self, limit: Limit) -> LimitExceeded {
        limit.exceeded(self.get(limit))
    }

    /// Set a limit by its flag name (`max-commands`, `--max-commands`, `max_commands`); false
    /// when the name or value is bad.
    pub fn set_by_name(&mut self, name: &str, value: &str) -> bool {
        let name = name.trim_start_matches('-').replace('_', "-");
        match (Limit::by_name(&name), parse_size(value)) {
            (Some(limit), Some(v)) => {
                self.set(limit, v);
                true
            }
            _ => false,
        }
    }

    /// The README's limits table (Markdown), generated from [`LIMITS`]; a test keeps the
    /// README's copy in step.
    pub fn markdown_table() -> String {
        let mut out = String::from("| flag | bounds |");
        for p in Profile::ALL {
            out.push(' ');
            out.push_str(p.name());
            if p == Profile::Standard {
                out.push_str(" (default)");
            }
            out.push_str(" |");
        }
        out.push_str("\n|---|---|---:|---:|---:|\n");
        for d in LIMITS {
            out.push_str(&format!("| `{}` | {} |", d.long, d.help));
            for p in Profile::ALL {
                out.push_str(&format!(" {} |", d.unit.format(d.default_in(p))));
            }
            out.push('\n');
        }
        out
    }
}

/// Parse `1000`, `64k`, `16M`, `1G` (binary multiples), or `unlimited`.
pub fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim();
    if s == "unlimited" {
        return Some(u64::MAX);
    }
    let (num, mult) = match s.char_indices().last()? {
        (i, 'k' | 'K') => (&s[..i], 1u64 << 10),
        (i, 'm' | 'M') => (&s[..i], 1 << 20),
        (i, 'g' | 'G') => (&s[..i], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
}

/// Which limit tripped (for messages and `ExecResult::error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitExceeded {
    /// Human name, e.g. "loop iterations".
    pub what: &'static str,
    /// The flag that raises it, e.g. "--max-loop-iterations".
    pub flag: &'static str,
    pub value: u64,
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "limit exceeded: {} ({}); raise with {}",
            self.what, self.value, self.flag
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("10"), Some(10));
        assert_eq!(parse_size("64k"), Some(65536));
        assert_eq!(parse_size("2M"), Some(2 << 20));
        assert_eq!(parse_size("unlimited"), Some(u64::MAX));
        assert_eq!(parse_size("x"), None);
    }

    #[test]
    fn set_by_name_round_trips() {
        let mut l = ExecutionLimits::strict();
        assert!(l.set_by_name("--max-loop-iterations", "5"));
        assert_eq!(l.max_loop_iterations, 5);
        assert!(l.set_by_name("max_files", "7"));
        assert_eq!(l.max_files, 7);
        assert!(!l.set_by_name("--nope", "5"));
        assert!(!l.set_by_name("max-files", "many"));
    }

    #[test]
    fn every_limit_sets_and_reads_its_own_field() {
        for (i, d) in LIMITS.iter().enumerate() {
            assert_eq!(d.limit as usize, i, "{} is out of order", d.field);
            assert_eq!(d.flag, d.field.replace('_', "-"), "{}", d.field);
            assert_eq!(d.long, format!("--{}", d.flag));
            assert_eq!(Limit::by_name(d.flag), Some(d.limit));
            let mut l = ExecutionLimits::standard();
            let v = d.min.max(3 << 20);
            assert!(l.set_by_name(d.long, &v.to_string()), "{}", d.flag);
            assert_eq!(l.get(d.limit), v, "{}", d.flag);
            for other in LIMITS.iter().filter(|o| o.limit != d.limit) {
                assert_eq!(
                    l.get(other.limit),
                    other.default_in(Profile::Standard),
                    "setting {} changed {}",
                    d.flag,
                    other.flag
                );
            }
            for p in Profile::ALL {
                let v = d.default_in(p);
                assert!(d.min <= v && v <= d.max, "{} {}", d.flag, p.name());
            }
        }
    }

    #[test]
    fn settings_are_clamped() {
        let l = ExecutionLimits::standard()
            .pipe_buffer_bytes(0)
            .max_stack_bytes(1);
        assert_eq!(l.pipe_buffer_bytes, 1);
        assert_eq!(l.max_stack_bytes, 2 << 20);
        let mut l = ExecutionLimits::standard();
        assert!(l.set_by_name("max-stack-bytes", "unlimited"));
        assert_eq!(l.max_stack_bytes, MAX_STACK);
    }

    #[test]
    fn profiles_by_name() {
        assert_eq!(
            ExecutionLimits::profile("strict"),
            Some(ExecutionLimits::strict())
        );
        assert!(ExecutionLimits::profile("bogus").is_none());
        assert!(ExecutionLimits::strict().max_commands < ExecutionLimits::standard().max_commands);
        assert_eq!(ExecutionLimits::interactive().max_commands, u64::MAX);
        assert_eq!(ExecutionLimits::standard().max_memory, 2 << 30);
    }

    #[test]
    fn exceeded_names_the_flag() {
        let l = ExecutionLimits::strict();
        assert_eq!(
            l.exceeded(Limit::LoopIterations).to_string(),
            "limit exceeded: loop iterations (10000); raise with --max-loop-iterations"
        );
    }

    #[test]
    fn values_format_for_people() {
        assert_eq!(Unit::Bytes.format(64 << 20), "64 MiB");
        assert_eq!(Unit::Bytes.format(2 << 30), "2 GiB");
        assert_eq!(Unit::Bytes.format(1000), "1,000");
        assert_eq!(Unit::Count.format(100_000_000), "100,000,000");
        assert_eq!(Unit::Count.format(u64::MAX), "unlimited");
        assert_eq!(Unit::Count.format(16), "16");
    }
}
