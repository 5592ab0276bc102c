//! Small helpers shared by commands: usage errors, opening operands, streaming input in chunks
//! or lines, and GNU-style error wording.
//!
//! Inputs are streamed (a chunk at a time) rather than slurped so that pipelines such as
//! `yes | tr y n | head -n 1` end as soon as the reader is gone, and so that large inputs do not
//! double in memory.

use std::io::Read;
use std::path::PathBuf;

use sandsh_api::fs::VfsError;
use sandsh_api::{
    Arg, ArgParser, Cancelled, Charge, CommandSpec, ExitStatus, MemoryExceeded, ParsedArgs, ToolCtx,
};

/// Size of the chunks commands read and write.
pub const CHUNK: usize = 128 * 1024;

/// Parse arguments or print the GNU-style usage error and return `status`.
pub fn parse_or_usage(
    spec: &CommandSpec,
    args: &[Vec<u8>],
    ctx: &mut dyn ToolCtx,
    status: i32,
) -> Result<ParsedArgs, i32> {
    match ArgParser::parse(spec, args) {
        Ok(p) => Ok(p),
        Err(e) => Err(usage(ctx, spec, &e.message, status)),
    }
}

/// Print `message` and the "Try --help" line; return `status`.
pub fn usage(ctx: &mut dyn ToolCtx, spec: &CommandSpec, message: &str, status: i32) -> i32 {
    let _ = writeln!(
        ctx.stderr(),
        "{}\nTry '{} --help' for more information.",
        message,
        spec.name
    );
    status
}

/// Print `name: msg` to stderr.
pub fn err(ctx: &mut dyn ToolCtx, name: &str, msg: &str) {
    let _ = writeln!(ctx.stderr(), "{name}: {msg}");
}

/// Ask as GNU `rm -i`/`cp -i`/`mv -i` do: the prompt goes to stderr and the answer is one line
/// of standard input (the terminal in the REPL, the pipe in `yes | rm -i *`). Yes only for an
/// answer starting with `y` or `Y`; end of input, or a line longer than 4 KiB, is no.
pub fn ask_stdin(ctx: &mut dyn ToolCtx, prompt: &str) -> bool {
    let _ = write!(ctx.stderr(), "{prompt}");
    let _ = ctx.stderr().flush();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while !ctx.is_cancelled() && line.len() < 4096 {
        match ctx.stdin().read(&mut byte) {
            Ok(1) if byte[0] == b'\n' => break,
            Ok(1) => line.push(byte[0]),
            _ => break,
        }
    }
    let answer = line.iter().position(|b| !b.is_ascii_whitespace());
    answer.is_some_and(|i| matches!(line[i], b'y' | b'Y'))
}

/// Read a whole input: `-` is stdin. Reads in chunks, charging the session's memory budget
/// as the buffer grows (an endless input stops the run instead of filling memory).
pub fn read_input(ctx: &mut dyn ToolCtx, operand: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut src = if operand == b"-" {
        Source::Stdin
    } else {
        let path = lossy(operand);
        if is_dir(ctx, &path) {
            return Err(std::io::Error::other("Is a directory"));
        }
        Source::File(ctx.open_read(&path)?)
    };
    read_all(ctx, &mut src)
}

/// A refused memory charge as an io error (the run is already stopped by then).
pub fn memory_error(e: MemoryExceeded) -> std::io::Error {
    std::io::Error::other(e)
}

/// The text of an io error as GNU tools print it.
pub fn io_msg(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => e.to_string(),
    }
}

/// The text of a VFS error (errno wording).
pub fn vfs_msg(e: &VfsError) -> String {
    e.to_string()
}

/// Whether `name` is one of the shell's descriptors rather than a file: `/dev/stdout`,
/// `/dev/stderr`, `/dev/stdin`, `/dev/tty` or `/dev/fd/N`. Output there goes through
/// [`ToolCtx::open_write`] (input through [`ToolCtx::open_read`]), never the filesystem.
pub fn is_fd_path(name: &str) -> bool {
    matches!(
        name,
        "/dev/stdout" | "/dev/stderr" | "/dev/stdin" | "/dev/tty"
    ) || name
        .strip_prefix("/dev/fd/")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A file a command writes in pieces (`tee FILE`, `sort -o FILE`, `uniq IN OUT`): a sandbox
/// file appended to through the backend, or one of the shell's descriptors named as a file.
pub enum OutFile {
    Path(std::path::PathBuf),
    Fd(Box<dyn std::io::Write + Send>),
}

impl OutFile {
    /// Opens `name` for writing: truncated (created with mode 0644, as these commands have
    /// always created their files), or appended to. `Err` holds the reason as GNU prints it.
    pub fn create(ctx: &mut dyn ToolCtx, name: &str, append: bool) -> Result<OutFile, String> {
        if is_fd_path(name) {
            return ctx
                .open_write(name, append)
                .map(OutFile::Fd)
                .map_err(|e| io_msg(&e));
        }
        let abs = ctx.resolve_path(name);
        let mode = if append {
            sandsh_api::fs::WriteMode::Append
        } else {
            sandsh_api::fs::WriteMode::Truncate
        };
        ctx.backend()
            .write(&abs, b"", mode, 0o644)
            .map(|()| OutFile::Path(abs))
            .map_err(|e| vfs_msg(&e))
    }

    /// Appends `data`; `Err` holds the reason as GNU prints it.
    pub fn write(&mut self, ctx: &dyn ToolCtx, data: &[u8]) -> Result<(), String> {
        match self {
            OutFile::Path(abs) => ctx.backend().append(abs, data).map_err(|e| vfs_msg(&e)),
            OutFile::Fd(w) => w.write_all(data).map_err(|e| io_msg(&e)),
        }
    }

    /// Whether this is a descriptor, which may be the command's own stdout: flush
    /// [`ToolCtx::stdout`] before writing here to keep the order.
    pub fn is_fd(&self) -> bool {
        matches!(self, OutFile::Fd(_))
    }
}

/// An operand as text (invalid UTF-8 decoded lossily; VFS paths are resolved from text).
pub fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Whether `path` names a directory (following symlinks).
pub fn is_dir(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend()
        .stat(&ctx.resolve_path(path))
        .is_ok_and(|m| m.is_dir())
}

/// Resolve an operand to an absolute VFS path.
pub fn abs(ctx: &dyn ToolCtx, path: &str) -> PathBuf {
    ctx.resolve_path(path)
}

/// GNU's quoting of a file name in diagnostics (`'x'`, or `"it's"` for names with quotes).
pub fn quote(name: &str) -> String {
    if name.contains('\'') {
        if name.contains('"') || name.contains('$') || name.contains('`') || name.contains('\\') {
            format!("'{}'", name.replace('\'', "'\\''"))
        } else {
            format!("\"{name}\"")
        }
    } else {
        format!("'{name}'")
    }
}

/// The program `execvp` would run for `name` (see [`sandsh_api::search_program`]), as a path
/// to pass to [`ToolCtx::call`].
pub fn exec_search(
    ctx: &dyn ToolCtx,
    name: &str,
    path: Option<&[u8]>,
) -> Result<String, sandsh_api::ExecError> {
    sandsh_api::search_program(name, path, |p| {
        ctx.backend().stat(&ctx.resolve_path(p)).ok()
    })
}

/// Run the program `argv` as a utility that execs it does (`nice`, `nohup`, `stdbuf`):
/// found by [`exec_search`]; when it cannot be run, `failed(name, reason)` is the message
/// printed after `who: ` and the status is 127 (not found) or 126.
pub fn run_program(
    ctx: &mut dyn ToolCtx,
    who: &str,
    argv: &[Arg],
    failed: impl Fn(&str, &str) -> String,
) -> ExitStatus {
    let name = lossy(&argv[0]);
    match exec_search(ctx, &name, env_path(ctx).as_deref()) {
        Ok(prog) => ctx.call(&prog, &argv[1..]),
        Err(e) => {
            err(ctx, who, &failed(&name, e.reason));
            e.status
        }
    }
}

/// The `PATH` a command run from `ctx` is looked up in (see [`exec_search`]); `None` when unset.
pub fn env_path(ctx: &dyn ToolCtx) -> Option<Vec<u8>> {
    ctx.env()
        .into_iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v)
}

/// GNU's `quotef`: a file name bare when it is shell-safe, else quoted as [`quote`] does.
pub fn quotef(name: &str) -> String {
    let safe = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._/-+:,@%^=".contains(&b));
    if safe { name.to_string() } else { quote(name) }
}

/// Where an input comes from: stdin (read through the context) or an opened file.
pub enum Source {
    Stdin,
    File(Box<dyn Read + Send>),
}

/// Open an operand (`-` is stdin). Errors carry the GNU reason text; a directory gives
/// "Is a directory".
pub fn open(ctx: &mut dyn ToolCtx, operand: &[u8]) -> Result<Source, String> {
    if operand == b"-" {
        return Ok(Source::Stdin);
    }
    let path = lossy(operand);
    if is_dir(ctx, &path) {
        return Err("Is a directory".into());
    }
    ctx.open_read(&path)
        .map(Source::File)
        .map_err(|e| io_msg(&e))
}

/// Read one chunk from a source.
pub fn read_chunk(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    buf: &mut [u8],
) -> std::io::Result<usize> {
    if ctx.is_cancelled() {
        return Err(Cancelled::io());
    }
    match src {
        Source::Stdin => ctx.stdin().read(buf),
        Source::File(f) => f.read(buf),
    }
}

/// Read a whole source.
pub fn read_all(ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; CHUNK];
    // THREAT DOS-MEM-1: the buffer is charged while it grows; the caller's copy of the result
    // is bounded by the same peak.
    let mut charge = ctx.memory().charge();
    loop {
        if ctx.is_cancelled() {
            return Err(Cancelled::io());
        }
        let n = read_chunk(ctx, src, &mut buf)?;
        if n == 0 {
            // A writer stopped by a cancellation closes the pipe: that end of input is not
            // the real one, and a partial input must not be processed as if whole.
            if ctx.is_cancelled() {
                return Err(Cancelled::io());
            }
            return Ok(out);
        }
        charge.set(out.len() + n).map_err(memory_error)?;
        out.extend_from_slice(&buf[..n]);
    }
}

/// Splits a source into records ending in `delim` (the last may lack it), reading in chunks.
pub struct Lines {
    buf: Vec<u8>,
    start: usize,
    eof: bool,
    delim: u8,
    /// What the buffer holds against the memory budget: a record that never ends (an endless
    /// stream without delimiters) stops the run instead of filling memory.
    charge: Option<Charge>,
}

impl Lines {
    pub fn new(delim: u8) -> Lines {
        Lines {
            buf: Vec::new(),
            start: 0,
            eof: false,
            delim,
            charge: None,
        }
    }

    /// The next record including its delimiter (when present), or `None` at the end.
    pub fn next(
        &mut self,
        ctx: &mut dyn ToolCtx,
        src: &mut Source,
    ) -> std::io::Result<Option<Vec<u8>>> {
        Ok(self.next_ref(ctx, src)?.map(<[u8]>::to_vec))
    }

    /// `next` without a copy: the record borrowed from the buffer until the next call.
    pub fn next_ref(
        &mut self,
        ctx: &mut dyn ToolCtx,
        src: &mut Source,
    ) -> std::io::Result<Option<&[u8]>> {
        let range = loop {
            if let Some(p) = memchr::memchr(self.delim, &self.buf[self.start..]) {
                let r = (self.start, self.start + p + 1);
                self.start = r.1;
                break Some(r);
            }
            if self.eof {
                if self.start < self.buf.len() {
                    let r = (self.start, self.buf.len());
                    self.start = r.1;
                    break Some(r);
                }
                break None;
            }
            self.refill(ctx, src)?;
        };
        Ok(range.map(|(s, e)| &self.buf[s..e]))
    }

    /// Reads one more chunk after the unconsumed bytes.
    fn refill(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<()> {
        if ctx.is_cancelled() {
            return Err(Cancelled::io());
        }
        self.buf.drain(..self.start);
        self.start = 0;
        let old = self.buf.len();
        if old > CHUNK {
            let charge = self.charge.get_or_insert_with(|| ctx.memory().charge());
            charge.set(old + CHUNK).map_err(memory_error)?;
        }
        self.buf.resize(old + CHUNK, 0);
        let n = match read_chunk(ctx, src, &mut self.buf[old..]) {
            Ok(n) => n,
            Err(e) => {
                self.buf.truncate(old);
                return Err(e);
            }
        };
        self.buf.truncate(old + n);
        if n == 0 {
            // As in `read_all`: an end of input caused by a cancellation is not one.
            if ctx.is_cancelled() {
                return Err(Cancelled::io());
            }
            self.eof = true;
        }
        Ok(())
    }
}

/// Split `data` into records ending in `delim` (the last may lack it); delimiters removed.
pub fn split_records(data: &[u8], delim: u8) -> Vec<&[u8]> {
    let mut v: Vec<&[u8]> = data.split(|&b| b == delim).collect();
    if data.is_empty() || data.last() == Some(&delim) {
        v.pop();
    }
    v
}

/// Expand GNU's obsolete `-NUM` first argument (head/tail `-5`, `-5c`) into `-n NUM`.
pub fn legacy_count(args: &[Vec<u8>], letters: &[u8]) -> Vec<Vec<u8>> {
    let Some(first) = args.first() else {
        return Vec::new();
    };
    if first.len() >= 2 && first[0] == b'-' && first[1].is_ascii_digit() {
        let digits: Vec<u8> = first[1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .copied()
            .collect();
        let rest = &first[1 + digits.len()..];
        let unit = match rest {
            [] => Some(b'n'),
            [c] if letters.contains(c) => Some(if *c == b'l' { b'n' } else { *c }),
            _ => None,
        };
        if let Some(u) = unit {
            let mut out = vec![vec![b'-', u], digits];
            out.extend(args[1..].iter().cloned());
            return out;
        }
    }
    args.to_vec()
}

/// Parse a GNU size/count with optional multiplier suffix (`10`, `2K`, `1MB`, `3KiB`, `b`).
pub fn parse_size(s: &str) -> Option<u64> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits_end == 0 {
        return None;
    }
    let n: u64 = s[..digits_end].parse().ok()?;
    let suf = &s[digits_end..];
    let mult: u64 = match suf {
        "" => 1,
        "b" => 512,
        "kB" | "KB" => 1000,
        "K" | "k" | "KiB" | "kiB" => 1024,
        "MB" => 1000 * 1000,
        "M" | "MiB" => 1 << 20,
        "GB" => 1000 * 1000 * 1000,
        "G" | "GiB" => 1 << 30,
        "TB" => 1_000_000_000_000,
        "T" | "TiB" => 1 << 40,
        _ => return None,
    };
    n.checked_mul(mult).or(Some(u64::MAX))
}

/// Write to stdout; `false` when the reader is gone (the caller stops).
pub fn out(ctx: &mut dyn ToolCtx, data: &[u8]) -> bool {
    ctx.stdout().write_all(data).is_ok()
}

/// The final component of a path as GNU `basename` computes it.
pub fn base_name(p: &[u8]) -> &[u8] {
    let trimmed = trim_slashes(p);
    if trimmed.is_empty() {
        return if p.is_empty() { b"" } else { b"/" };
    }
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    }
}

/// `p` without trailing slashes (but `/` stays empty-trimmed to "").
pub fn trim_slashes(p: &[u8]) -> &[u8] {
    let mut end = p.len();
    while end > 0 && p[end - 1] == b'/' {
        end -= 1;
    }
    &p[..end]
}

/// Join a directory operand and a name with one slash.
pub fn join_name(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// GNU's `quote()` in a UTF-8 locale: `‘x’` (used for values in messages such as
/// "invalid number of lines").
pub fn cquote(s: &str) -> String {
    format!("\u{2018}{s}\u{2019}")
}

/// The (source, destination) pairs of `cp`/`mv`/`ln` operands: into a directory (last
/// operand, or `-t DIR`) unless `-T`; otherwise exactly SOURCE DEST. Errors are GNU's
/// messages (without the command prefix).
pub fn copy_pairs(
    ctx: &dyn ToolCtx,
    operands: &[Vec<u8>],
    target_dir: Option<&[u8]>,
    no_target_dir: bool,
) -> Result<Vec<(String, String)>, String> {
    let ops: Vec<String> = operands.iter().map(|o| lossy(o)).collect();
    if let Some(t) = target_dir {
        let t = lossy(t);
        if !is_dir(ctx, &t) {
            return Err(format!("target directory {}: Not a directory", quote(&t)));
        }
        if ops.is_empty() {
            return Err("missing file operand".into());
        }
        return Ok(ops
            .iter()
            .map(|s| (s.clone(), join_name(&t, &lossy(base_name(s.as_bytes())))))
            .collect());
    }
    match ops.len() {
        0 => Err("missing file operand".into()),
        1 => Err(format!(
            "missing destination file operand after {}",
            quote(&ops[0])
        )),
        n => {
            let dest = &ops[n - 1];
            if no_target_dir {
                if n > 2 {
                    return Err(format!("extra operand {}", quote(&ops[2])));
                }
                return Ok(vec![(ops[0].clone(), dest.clone())]);
            }
            if is_dir(ctx, dest) {
                Ok(ops[..n - 1]
                    .iter()
                    .map(|s| (s.clone(), join_name(dest, &lossy(base_name(s.as_bytes())))))
                    .collect())
            } else if n > 2 {
                Err(format!("target {}: Not a directory", quote(dest)))
            } else {
                Ok(vec![(ops[0].clone(), dest.clone())])
            }
        }
    }
}

/// The file operands, or `-` (standard input) when there are none, as every filter takes them.
pub fn files_or_stdin(operands: Vec<Arg>) -> Vec<Arg> {
    if operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        operands
    }
}

/// How GNU tools name an operand in headers and messages (`-` is "standard input").
pub fn display_name(f: &[u8]) -> String {
    if f == b"-" {
        "standard input".to_string()
    } else {
        lossy(f)
    }
}
