//! Execution limits: what keeps a script a model wrote from exhausting the host.
//!
//! Every limit has a CLI flag and a field of the same name; tripping one stops the script with
//! `sandsh: limit exceeded: NAME (VALUE); raise with --FLAG` and exit status
//! [`LIMIT_EXCEEDED_STATUS`]. The kernel stays usable afterwards. Three named profiles cover the
//! usual cases: `strict` for untrusted model input, `standard` (the default) and `interactive`
//! for the REPL.

use std::fmt;

/// Exit status of a run stopped by a limit.
pub const LIMIT_EXCEEDED_STATUS: i32 = 125;

/// Resource limits of one kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecutionLimits {
    /// Simple commands executed per run.
    pub max_commands: u64,
    /// Iterations of any one loop.
    pub max_loop_iterations: u64,
    /// Loop iterations per run, all loops together.
    pub max_total_loop_iterations: u64,
    /// Nested function calls.
    pub max_function_depth: usize,
    /// Nested command substitutions and subshells.
    pub max_subst_depth: usize,
    /// Nested `source` / `.`.
    pub max_source_depth: usize,
    /// Bytes of stdout (and of stderr) captured per run; more is dropped and flagged.
    pub max_output_bytes: usize,
    /// Size of a script given to `execute`.
    pub max_script_bytes: usize,
    /// Size of one variable's value (or one array element).
    pub max_variable_bytes: usize,
    /// Elements of one array.
    pub max_array_entries: usize,
    /// Bytes buffered in one pipe.
    pub pipe_buffer_bytes: usize,
    /// Bytes stored in the in-memory filesystem.
    pub max_vfs_bytes: u64,
    /// Files and directories in the in-memory filesystem.
    pub max_files: u64,
    /// Size of one file.
    pub max_file_size: u64,
    /// Components of a path.
    pub max_path_depth: usize,
    /// Background jobs and pipeline stages running at once.
    pub max_background_jobs: usize,
    /// Bytes a session may hold in variables, files, captures, command buffers and expansion
    /// results together (THREAT DOS-MEM-1).
    pub max_memory: u64,
    /// The stack of the interpreter and of each pipeline stage or job thread (reserved, not
    /// committed); recursion that would run off it stops with this limit (THREAT DOS-STACK-1).
    pub max_stack_bytes: usize,
    /// Words one brace expansion or glob may produce (THREAT DOS-MEM-5).
    pub max_expansion_words: usize,
    /// Bytes of one network response body (`curl`, `wget`).
    pub max_net_bytes: u64,
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

    /// Generous limits that still bound memory and time: the default.
    pub fn standard() -> Self {
        ExecutionLimits {
            max_commands: 100_000_000,
            max_loop_iterations: 50_000_000,
            max_total_loop_iterations: 200_000_000,
            max_function_depth: 1_000,
            max_subst_depth: 128,
            max_source_depth: 100,
            max_output_bytes: 64 << 20,
            max_script_bytes: 16 << 20,
            max_variable_bytes: 256 << 20,
            max_array_entries: 10_000_000,
            pipe_buffer_bytes: 64 << 10,
            max_vfs_bytes: 1 << 30,
            max_files: 1_000_000,
            max_file_size: 256 << 20,
            max_path_depth: 256,
            max_background_jobs: 256,
            max_memory: 2 << 30,
            max_stack_bytes: 512 << 20,
            max_expansion_words: 4_000_000,
            max_net_bytes: 64 << 20,
        }
    }

    /// Tight limits for untrusted input (model-written scripts).
    pub fn strict() -> Self {
        ExecutionLimits {
            max_commands: 100_000,
            max_loop_iterations: 10_000,
            max_total_loop_iterations: 100_000,
            max_function_depth: 100,
            max_subst_depth: 32,
            max_source_depth: 16,
            max_output_bytes: 1 << 20,
            max_script_bytes: 1 << 20,
            max_variable_bytes: 16 << 20,
            max_array_entries: 100_000,
            pipe_buffer_bytes: 64 << 10,
            max_vfs_bytes: 64 << 20,
            max_files: 10_000,
            max_file_size: 16 << 20,
            max_path_depth: 64,
            max_background_jobs: 16,
            max_memory: 256 << 20,
            max_stack_bytes: 64 << 20,
            max_expansion_words: 100_000,
            max_net_bytes: 8 << 20,
        }
    }

    /// Roomy limits for a person at the REPL.
    pub fn interactive() -> Self {
        ExecutionLimits {
            max_commands: u64::MAX,
            max_loop_iterations: u64::MAX,
            max_total_loop_iterations: u64::MAX,
            max_output_bytes: 256 << 20,
            max_vfs_bytes: 4 << 30,
            max_file_size: 1 << 30,
            max_memory: 8 << 30,
            max_expansion_words: 16_000_000,
            max_net_bytes: 1 << 30,
            ..Self::standard()
        }
    }

    /// A profile by name: `strict`, `standard`, `interactive`.
    pub fn profile(name: &str) -> Option<Self> {
        match name {
            "strict" => Some(Self::strict()),
            "standard" | "default" => Some(Self::standard()),
            "interactive" => Some(Self::interactive()),
            _ => None,
        }
    }

    pub fn max_commands(mut self, n: u64) -> Self {
        self.max_commands = n;
        self
    }
    pub fn max_loop_iterations(mut self, n: u64) -> Self {
        self.max_loop_iterations = n;
        self
    }
    pub fn max_total_loop_iterations(mut self, n: u64) -> Self {
        self.max_total_loop_iterations = n;
        self
    }
    pub fn max_function_depth(mut self, n: usize) -> Self {
        self.max_function_depth = n;
        self
    }
    pub fn max_subst_depth(mut self, n: usize) -> Self {
        self.max_subst_depth = n;
        self
    }
    pub fn max_source_depth(mut self, n: usize) -> Self {
        self.max_source_depth = n;
        self
    }
    pub fn max_output_bytes(mut self, n: usize) -> Self {
        self.max_output_bytes = n;
        self
    }
    pub fn max_script_bytes(mut self, n: usize) -> Self {
        self.max_script_bytes = n;
        self
    }
    pub fn max_variable_bytes(mut self, n: usize) -> Self {
        self.max_variable_bytes = n;
        self
    }
    pub fn max_array_entries(mut self, n: usize) -> Self {
        self.max_array_entries = n;
        self
    }
    pub fn pipe_buffer_bytes(mut self, n: usize) -> Self {
        self.pipe_buffer_bytes = n;
        self
    }
    pub fn max_vfs_bytes(mut self, n: u64) -> Self {
        self.max_vfs_bytes = n;
        self
    }
    pub fn max_files(mut self, n: u64) -> Self {
        self.max_files = n;
        self
    }
    pub fn max_file_size(mut self, n: u64) -> Self {
        self.max_file_size = n;
        self
    }
    pub fn max_path_depth(mut self, n: usize) -> Self {
        self.max_path_depth = n;
        self
    }
    pub fn max_background_jobs(mut self, n: usize) -> Self {
        self.max_background_jobs = n;
        self
    }
    pub fn max_memory(mut self, n: u64) -> Self {
        self.max_memory = n;
        self
    }
    pub fn max_stack_bytes(mut self, n: usize) -> Self {
        self.max_stack_bytes = n;
        self
    }
    pub fn max_expansion_words(mut self, n: usize) -> Self {
        self.max_expansion_words = n;
        self
    }
    pub fn max_net_bytes(mut self, n: u64) -> Self {
        self.max_net_bytes = n;
        self
    }

    /// Every limit as (flag name, value) for documentation and `help limits`.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        vec![
            ("max-commands", self.max_commands.to_string()),
            ("max-loop-iterations", self.max_loop_iterations.to_string()),
            (
                "max-total-loop-iterations",
                self.max_total_loop_iterations.to_string(),
            ),
            ("max-function-depth", self.max_function_depth.to_string()),
            ("max-subst-depth", self.max_subst_depth.to_string()),
            ("max-source-depth", self.max_source_depth.to_string()),
            ("max-output-bytes", self.max_output_bytes.to_string()),
            ("max-script-bytes", self.max_script_bytes.to_string()),
            ("max-variable-bytes", self.max_variable_bytes.to_string()),
            ("max-array-entries", self.max_array_entries.to_string()),
            ("pipe-buffer-bytes", self.pipe_buffer_bytes.to_string()),
            ("max-vfs-bytes", self.max_vfs_bytes.to_string()),
            ("max-files", self.max_files.to_string()),
            ("max-file-size", self.max_file_size.to_string()),
            ("max-path-depth", self.max_path_depth.to_string()),
            ("max-background-jobs", self.max_background_jobs.to_string()),
            ("max-memory", self.max_memory.to_string()),
            ("max-stack-bytes", self.max_stack_bytes.to_string()),
            ("max-expansion-words", self.max_expansion_words.to_string()),
            ("max-net-bytes", self.max_net_bytes.to_string()),
        ]
    }

    /// Set a limit by its flag name (`max-commands`); false when the name or value is bad.
    pub fn set_by_name(&mut self, name: &str, value: &str) -> bool {
        let name = name.trim_start_matches('-').replace('_', "-");
        let v: u64 = match parse_size(value) {
            Some(v) => v,
            None => return false,
        };
        let us = usize::try_from(v).unwrap_or(usize::MAX);
        match name.as_str() {
            "max-commands" => self.max_commands = v,
            "max-loop-iterations" => self.max_loop_iterations = v,
            "max-total-loop-iterations" => self.max_total_loop_iterations = v,
            "max-function-depth" => self.max_function_depth = us,
            "max-subst-depth" => self.max_subst_depth = us,
            "max-source-depth" => self.max_source_depth = us,
            "max-output-bytes" => self.max_output_bytes = us,
            "max-script-bytes" => self.max_script_bytes = us,
            "max-variable-bytes" => self.max_variable_bytes = us,
            "max-array-entries" => self.max_array_entries = us,
            "pipe-buffer-bytes" => self.pipe_buffer_bytes = us.max(1),
            "max-vfs-bytes" => self.max_vfs_bytes = v,
            "max-files" => self.max_files = v,
            "max-file-size" => self.max_file_size = v,
            "max-path-depth" => self.max_path_depth = us,
            "max-background-jobs" => self.max_background_jobs = us,
            "max-memory" => self.max_memory = v,
            "max-stack-bytes" => self.max_stack_bytes = us.clamp(1 << 20, MAX_STACK),
            "max-expansion-words" => self.max_expansion_words = us,
            "max-net-bytes" => self.max_net_bytes = v,
            _ => return false,
        }
        true
    }
}

/// The largest stack a kernel reserves (address space, not memory: pages are committed only
/// as deep as a script recurses).
pub const MAX_STACK: usize = 16 << 30;

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
        assert!(!l.set_by_name("--nope", "5"));
        assert!(!l.set_by_name("max-files", "many"));
    }

    #[test]
    fn profiles_by_name() {
        assert_eq!(
            ExecutionLimits::profile("strict"),
            Some(ExecutionLimits::strict())
        );
        assert!(ExecutionLimits::profile("bogus").is_none());
        assert!(ExecutionLimits::strict().max_commands < ExecutionLimits::standard().max_commands);
    }
}
