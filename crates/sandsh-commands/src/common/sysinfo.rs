//! What the sandbox says about the machine it runs on, shared by `uname`, `arch` and
//! `hostname`: the session's host name and machine type, never the host's.
//!
//! Both come from the session (`KernelConfig::hostname` as `$HOSTNAME`, `$HOSTTYPE`) so that an
//! embedder controls them; the fallbacks are the VFS's `/etc/hostname` and `x86_64`.

use sandsh_api::ToolCtx;

/// The session's host name: `$HOSTNAME`, else the VFS's /etc/hostname, else "sandbox".
pub fn hostname(ctx: &dyn ToolCtx) -> String {
    if let Some(h) = ctx.var("HOSTNAME").map(|v| v.to_string_lossy())
        && !h.is_empty()
    {
        return h;
    }
    ctx.backend()
        .read(std::path::Path::new("/etc/hostname"), None)
        .ok()
        .map(|d| String::from_utf8_lossy(&d).trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "sandbox".to_string())
}

/// The machine type: `$HOSTTYPE`, else "x86_64".
pub fn machine(ctx: &dyn ToolCtx) -> String {
    ctx.var("HOSTTYPE")
        .map(|v| v.to_string_lossy())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "x86_64".to_string())
}
