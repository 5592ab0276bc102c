//! One MCP session: a [`BashTool`] (one kernel) and the providers that share its filesystem,
//! with its snapshot file when state is kept across restarts.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rmcp::ErrorData as McpError;
use sandsh::kernel::CancelToken;
use sandsh::tool::providers::{FileSystemTool, TextEditorTool, WebSearchTool};
use sandsh::tool::{BashTool, ToolRegistry};

use crate::cli::Cli;

/// Largest file the `filesystem` tool reads.
const FS_MAX_SIZE: usize = 1 << 20;

pub(crate) struct Session {
    pub bash: BashTool,
    /// The other tools (`filesystem`, the text editor, `web_search`), over the same sandbox.
    pub others: ToolRegistry,
    /// Cancels the kernel's running command.
    pub cancel: CancelToken,
    /// The session's own time limit for a call (`--timeout`), when it has one.
    pub timeout: Option<Duration>,
    snapshot: Option<PathBuf>,
    save_lock: Mutex<()>,
}

impl Session {
    /// A session configured by the command line; with `snapshot`, restored from that file when
    /// it exists and saved there after every call.
    pub(crate) fn open(cli: &Cli, snapshot: Option<PathBuf>) -> Result<Session, String> {
        let bash = cli.tool_builder()?.try_build()?;
        if let Some(path) = &snapshot
            && path.exists()
        {
            let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            bash.with_kernel(|k| k.restore(&data))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            tracing::info!("restored session state from {}", path.display());
        }
        let mut options: Vec<&str> = Vec::new();
        if cli.errexit {
            options.push("errexit");
        }
        if cli.nounset {
            options.push("nounset");
        }
        if cli.xtrace {
            options.push("xtrace");
        }
        options.extend(cli.options.iter().map(String::as_str));
        for o in options {
            if !bash.with_kernel(|k| k.set_option(o, true)) {
                return Err(format!("{o}: invalid option name"));
            }
        }
        let (cancel, backend, timeout) =
            bash.with_kernel(|k| (k.cancel_handle(), k.backend(), k.timeout()));
        let mut others = ToolRegistry::new();
        // The whole virtual filesystem is the sandbox: no narrower roots.
        others.register(Box::new(FileSystemTool::new(backend.clone(), FS_MAX_SIZE)));
        others.register(Box::new(TextEditorTool::new(backend, FS_MAX_SIZE)));
        if !cli.allow_net.is_empty()
            && let Ok(policy) = sandsh::net::NetPolicy::parse(&cli.allow_net)
            && !policy.is_empty()
        {
            let web = WebSearchTool::new().network(sandsh::net::Net::with_max_time(
                policy,
                2 << 20,
                Duration::from_secs(15),
            ));
            others.register(Box::new(web));
        }
        Ok(Session {
            bash,
            others,
            cancel,
            timeout,
            snapshot,
            save_lock: Mutex::new(()),
        })
    }

    /// Save the session's snapshot (when it has a file), atomically.
    pub(crate) fn save(&self) {
        let Some(path) = &self.snapshot else {
            return;
        };
        let _g = self.save_lock.lock().unwrap_or_else(|e| e.into_inner());
        match self.bash.with_kernel(|k| k.snapshot()) {
            Ok(data) => {
                if let Err(e) = crate::host_file::save_atomically(path, &data) {
                    tracing::error!("{}: {e}", path.display());
                }
            }
            Err(e) => tracing::error!("snapshot: {e}"),
        }
    }
}

/// The snapshot file of session `id` in `dir` (ids are rmcp's UUIDs; anything else is refused
/// so that an id can never name a path outside `dir`).
pub(crate) fn state_file(dir: &Path, id: &str) -> Result<PathBuf, McpError> {
    if id.is_empty()
        || id.len() > 128
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(McpError::invalid_request("invalid session id", None));
    }
    Ok(dir.join(format!("{id}.snapshot")))
}

/// The initialize parameters of session `id` (for rmcp's session store).
pub(crate) fn init_file(dir: &Path, id: &str) -> Result<PathBuf, McpError> {
    state_file(dir, id).map(|p| p.with_extension("init.json"))
}
