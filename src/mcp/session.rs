//! One MCP session: a [`BashTool`] (one kernel) and the providers that share its filesystem,
//! with its snapshot file when state is kept across restarts.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sandsh::kernel::CancelToken;
use sandsh::store::{Capture, Hash, SessionStore, StoreError};
use sandsh::tool::{BashTool, ToolConfig, ToolRegistry, register_standard_tools};

use crate::cli::Cli;
use crate::store::LeaseGuard;

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
    /// Where the session is kept between calls, with `--session-store`.
    pub stored: Option<Stored>,
}

/// A session kept in a store: loaded before each call (when another replica has saved a newer
/// version), saved after it (unless the call changed nothing).
pub(crate) struct Stored {
    pub store: Arc<dyn SessionStore>,
    pub id: String,
    /// The version this kernel holds (`None`: nothing saved yet).
    loaded: Mutex<Option<Loaded>>,
}

/// The saved version a stored session's kernel holds.
struct Loaded {
    version: u64,
    /// The blobs that version references.
    refs: BTreeSet<Hash>,
    /// Its manifest's digest: a capture with the same one has nothing new to save.
    digest: Hash,
}

/// What a store-backed session says when a call leaves background jobs running.
pub(crate) const JOBS_NOTICE: &str = "background jobs end with the call that started them \
    when sessions are kept in a session store (the next call may run on another server): \
    stopped";

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
        let allow_net = bash.allowed_net();
        let tools = ToolConfig {
            enable_exec: false,
            // Offered only where the allowlist lets it reach something.
            enable_web: !allow_net.is_empty(),
            // The whole virtual filesystem is the sandbox: no narrower roots.
            whole_vfs: true,
            allow_net,
            ..ToolConfig::default()
        };
        let mut others = ToolRegistry::new();
        register_standard_tools(&mut others, &tools, backend, None);
        Ok(Session {
            bash,
            others,
            cancel,
            timeout,
            snapshot,
            save_lock: Mutex::new(()),
            stored: None,
        })
    }

    /// A session kept in `store` under `id` (its state is loaded by [`Session::sync`]).
    pub(crate) fn open_stored(
        cli: &Cli,
        store: Arc<dyn SessionStore>,
        id: String,
    ) -> Result<Session, String> {
        let mut s = Session::open(cli, None)?;
        s.stored = Some(Stored {
            store,
            id,
            loaded: Mutex::new(None),
        });
        Ok(s)
    }

    /// Under the lease, before a call: bring the kernel to the store's latest version `head`
    /// (read when the lease was taken) when another replica (or an earlier life of this one)
    /// saved a newer one.
    pub(crate) async fn sync(self: &Arc<Self>, head: Option<u64>) -> Result<(), StoreError> {
        let Some(st) = &self.stored else {
            return Ok(());
        };
        let have = st
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|l| l.version);
        match (head, have) {
            (None, None) => return Ok(()),
            (None, Some(_)) => return Err(StoreError::Gone),
            (Some(v), Some(h)) if v == h => return Ok(()),
            _ => {}
        }
        let Some(saved) = st.store.load(&st.id).await? else {
            return Err(StoreError::Gone);
        };
        let (refs, _) = sandsh::store::manifest_refs(&saved.manifest)?;
        let refs: Vec<Hash> = refs.into_iter().collect();
        let blobs = st.store.blobs(&st.id, &refs).await?;
        let me = self.clone();
        let version = saved.version;
        let (refs, digest) = tokio::task::spawn_blocking(move || {
            me.bash.with_kernel(|k| {
                sandsh::store::restore(k, &saved.manifest, blobs)
                    .map(|refs| (refs, sandsh::store::digest(&saved.manifest)))
            })
        })
        .await
        .map_err(|e| StoreError::Corrupt(e.to_string()))??;
        tracing::debug!("session {}: loaded version {version}", st.id);
        *st.loaded.lock().unwrap_or_else(|e| e.into_inner()) = Some(Loaded {
            version,
            refs,
            digest,
        });
        Ok(())
    }

    /// After a call, on the blocking thread that ran it: stop the background jobs it left
    /// running (they cannot follow the session to another replica; the notice names them) and
    /// capture the state to save. `None` without a store.
    pub(crate) fn capture(&self) -> Option<(Option<String>, Result<Capture, StoreError>)> {
        let st = self.stored.as_ref()?;
        let previous = st
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|l| l.refs.clone())
            .unwrap_or_default();
        Some(self.bash.with_kernel(|k| {
            let running: Vec<String> = k
                .jobs()
                .into_iter()
                .filter(|j| j.state == sandsh::JobState::Running)
                .map(|j| format!("[{}] {}", j.id, j.command))
                .collect();
            let notice = (!running.is_empty()).then(|| {
                k.cancel_jobs();
                format!("sandsh: {JOBS_NOTICE} {}\n", running.join(", "))
            });
            (notice, sandsh::store::capture(k, &previous))
        }))
    }

    /// Save a capture under the call's lease, which the save gives back; a capture of the
    /// state the kernel was loaded or last saved with is not saved, the lease only released.
    pub(crate) async fn commit(
        &self,
        lease: LeaseGuard,
        capture: Capture,
    ) -> Result<(), StoreError> {
        let Some(st) = &self.stored else {
            lease.release().await;
            return Ok(());
        };
        let unchanged = st
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .is_some_and(|l| l.digest == capture.digest);
        if unchanged {
            lease.release().await;
            return Ok(());
        }
        let v = lease.save(&capture).await?;
        tracing::debug!(
            "session {}: saved version {v} ({} new blobs, {} bytes in all)",
            st.id,
            capture.new_blobs.len(),
            capture.total_bytes
        );
        *st.loaded.lock().unwrap_or_else(|e| e.into_inner()) = Some(Loaded {
            version: v,
            refs: capture.refs,
            digest: capture.digest,
        });
        Ok(())
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
