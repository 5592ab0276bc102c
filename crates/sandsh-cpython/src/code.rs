//! sandsh's own Python code in the guest (`boot.py`, `subprocess.py`), compiled once per
//! process and handed to each call as bytecode.
//!
//! Compiling Python source is slow inside the guest (tens of kilobytes a second on Pulley), so
//! a call must not compile sandsh's driver each time. The first call of a process runs one
//! private guest instance, with no session behind it and no user code in it, that compiles
//! both files and returns their marshalled code objects; every call then loads the driver
//! with `marshal.loads` (fetched over the bridge, `SANDSH-CODE boot`), and `subprocess` the
//! same way on its first use. The bytecode is made by the host's own trusted run: a guest
//! can read it but never replace it, so one session cannot change another's driver.

use std::sync::OnceLock;

use sandsh_api::BufferCtx;

/// The bridge method that fetches a compiled module.
pub(crate) const METHOD: &str = "SANDSH-CODE";

/// The guest driver's file name: code compiled under it is hidden from tracebacks, as the
/// driver's own frames are.
pub(crate) const DRIVER_FILE: &str = "/usr/local/lib/python314.zip/_bashkit_boot.py";

const BOOT: &str = include_str!("boot.py");
const SUBPROCESS: &str = include_str!("subprocess.py");

/// What each call runs as `python3 -c`: the driver, loaded from its bytecode.
pub(crate) const LOADER: &str = "import _bashkit_boot as _b, _bashkit as _k, marshal as _m\n\
exec(_m.loads(_k.http(\"SANDSH-CODE\", \"boot\", [], None, None)[2]), {\"_b\": _b, \"__name__\": \"_sandsh\"})\n";

const COMPILER: &str = "import marshal, sys\n\
for src in sys.argv[1:3]:\n    \
b = marshal.dumps(compile(src, sys.argv[3], 'exec'))\n    \
sys.stdout.buffer.write(len(b).to_bytes(4, 'little') + b)\n";

/// The compiled driver and `subprocess`.
pub(crate) struct Compiled {
    pub(crate) boot: Vec<u8>,
    pub(crate) subprocess: Vec<u8>,
}

impl Compiled {
    /// The bytecode of module `name`, as the bridge serves it.
    pub(crate) fn get(&self, name: &str) -> Option<&[u8]> {
        match name {
            "boot" => Some(&self.boot),
            "subprocess" => Some(&self.subprocess),
            _ => None,
        }
    }
}

/// The compiled code, made at the first call of the process.
pub(crate) fn compiled() -> Result<&'static Compiled, String> {
    static COMPILED: OnceLock<Result<Compiled, String>> = OnceLock::new();
    COMPILED.get_or_init(compile).as_ref().map_err(Clone::clone)
}

fn compile() -> Result<Compiled, String> {
    // A context of its own: an empty session's tree, no commands, output captured.
    let mut ctx: BufferCtx = BufferCtx::new();
    let argv = ["python3", "-c", COMPILER, BOOT, SUBPROCESS, DRIVER_FILE]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let status = crate::session::run(&mut ctx, argv);
    if status != 0 {
        return Err(format!(
            "compiling sandsh's driver failed (status {status}): {}",
            String::from_utf8_lossy(&ctx.err)
        ));
    }
    let mut blobs = Vec::new();
    let mut rest = ctx.out.as_slice();
    while let Some((len, tail)) = rest.split_first_chunk::<4>() {
        let n = u32::from_le_bytes(*len) as usize;
        if tail.len() < n {
            break;
        }
        blobs.push(tail[..n].to_vec());
        rest = &tail[n..];
    }
    let [boot, subprocess]: [Vec<u8>; 2] = blobs
        .try_into()
        .map_err(|_| "compiling sandsh's driver gave no code".to_string())?;
    Ok(Compiled { boot, subprocess })
}
