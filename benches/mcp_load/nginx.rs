//! nginx as the load balancer in front of `sandsh --mcp-http` replicas: round-robin, nothing
//! sticky, answers streamed (`proxy_buffering off`: a streamable HTTP answer is an SSE stream),
//! the client's `Host` passed on (a replica bound to 127.0.0.1 checks it against DNS
//! rebinding). Shared by the balancer tests (`tests/it/balancer.rs`) and the load generator
//! (`benches/mcp_load`), so that what is measured is what is tested; the README's "Deploying"
//! section shows the same `location` block.
//!
//! nginx runs as a non-daemon child with its configuration, logs and pid file in a temporary
//! directory, on a free port of 127.0.0.1, and is killed on drop. It runs as one process
//! (`master_process off`, one worker's work): killing the master of a usual nginx would leave
//! its worker serving the port.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// nginx's path, when it is installed.
pub fn find() -> Option<PathBuf> {
    ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// The `upstream` and `server` blocks: round-robin over `replicas`; nginx names the replica
/// that answered in an `X-Sandsh-Replica` response header (`$upstream_addr`).
pub fn site(port: u16, replicas: &[&str]) -> String {
    let servers: String = replicas
        .iter()
        .map(|a| format!("    server {a} max_fails=1 fail_timeout=30s;\n"))
        .collect();
    format!(
        "upstream sandsh {{
{servers}    keepalive 64;
}}
server {{
    listen 127.0.0.1:{port};
    keepalive_requests 100000;
    location / {{
        proxy_pass http://sandsh;
        proxy_http_version 1.1;
        proxy_set_header Connection \"\";
        proxy_set_header Host $http_host;
        proxy_buffering off;
        proxy_read_timeout 300s;
        add_header X-Sandsh-Replica $upstream_addr always;
    }}
}}
"
    )
}

/// A whole configuration around `site` (an `http` block's contents), with every file nginx
/// writes under `dir`.
pub fn conf(dir: &Path, site: &str) -> String {
    let d = dir.display();
    format!(
        "master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
{site}}}
"
    )
}

/// A free port of 127.0.0.1 (free when asked; nginx binds it a moment later).
pub fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("a free port: {e}"))
}

/// A running nginx in front of some replicas, killed on drop.
pub struct Balancer {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    _dir: tempfile::TempDir,
}

impl Balancer {
    /// Start `nginx` in front of `replicas` (`IP:PORT` each) and wait until it listens.
    pub fn start(nginx: &Path, replicas: &[&str]) -> Result<Balancer, String> {
        let port = free_port()?;
        Balancer::start_site(nginx, &site(port, replicas), port)
    }

    /// Start `nginx` with `site` (which listens on `port`) and wait until it listens.
    pub fn start_site(nginx: &Path, site: &str, port: u16) -> Result<Balancer, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("tempdir: {e}"))?;
        let path = dir.path().join("nginx.conf");
        std::fs::write(&path, conf(dir.path(), site))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let log = dir.path().join("error.log");
        let mut child = Command::new(nginx)
            .arg("-p")
            .arg(dir.path())
            .arg("-e")
            .arg(&log)
            .arg("-c")
            .arg(&path)
            .args(["-g", "daemon off;"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{}: {e}", nginx.display()))?;
        let addr = format!("127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(&addr).is_err() {
            let exited = child.try_wait().ok().flatten();
            if exited.is_some() || Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                let text = std::fs::read_to_string(&log).unwrap_or_default();
                return Err(format!("nginx did not start ({exited:?}): {text}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(Balancer {
            child,
            addr,
            _dir: dir,
        })
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
