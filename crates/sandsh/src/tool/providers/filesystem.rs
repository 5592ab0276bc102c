//! `filesystem`: read-only access to a sandbox's files for a model (seed 002).
//!
//! It reads through the kernel's [`KernelBackend`], so it sees exactly what scripts see
//! (memory filesystem and mounts) and nothing of the host besides. Paths are confined to a
//! set of roots (the user's home, `/tmp` and the mounts in the standard registry); a path is
//! normalized lexically and, when it exists, through the backend's symlink resolution, and
//! both must stay under a root — so neither `..` nor a symlink escapes. Reads are capped.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use async_trait::async_trait;
use serde_json::{Value, json};

use super::{execute_json, provider_identity, str_arg, tool_output_schema};
use crate::tool::traits::{
    RiskLevel, Tool, ToolError, ToolOutput, ToolRequest, ToolResponse, ToolResult,
};
use sandsh_vfs::{FileType, KernelBackend, VfsError};

const NAME: &str = "filesystem";
const SHORT: &str = "Read files, list directories, check existence, and get metadata";

/// Read-only file access confined to a set of roots.
pub struct FileSystemTool {
    backend: Arc<dyn KernelBackend>,
    max_size: usize,
    roots: Vec<PathBuf>,
}

impl FileSystemTool {
    /// Access to `backend`, reading at most `max_size` bytes of a file. Without
    /// [`FileSystemTool::root`]s the whole virtual filesystem is reachable.
    pub fn new(backend: Arc<dyn KernelBackend>, max_size: usize) -> Self {
        FileSystemTool {
            backend,
            max_size,
            roots: Vec::new(),
        }
    }

    /// Allow paths under `dir` (absolute, in the virtual filesystem).
    pub fn root(mut self, dir: impl AsRef<Path>) -> Self {
        self.roots
            .push(sandsh_vfs::normalize(Path::new("/"), dir.as_ref()));
        self
    }

    fn inside(&self, p: &Path) -> bool {
        self.roots.is_empty() || self.roots.iter().any(|r| p.starts_with(r))
    }

    fn validate_path(&self, path: &str) -> ToolResult<PathBuf> {
        if path.is_empty() || path.contains('\0') {
            return Err(ToolError::InvalidArguments(format!(
                "invalid path {path:?}"
            )));
        }
        let base = self
            .roots
            .first()
            .cloned()
            .unwrap_or_else(|| PathBuf::from("/"));
        let p = sandsh_vfs::normalize(&base, Path::new(path));
        let outside = || {
            let roots: Vec<String> = self.roots.iter().map(|r| r.display().to_string()).collect();
            ToolError::PermissionDenied(format!(
                "{path} is outside the sandbox (allowed: {})",
                roots.join(", ")
            ))
        };
        if !self.inside(&p) {
            return Err(outside());
        }
        if let Ok(real) = self.backend.canonicalize(&p)
            && !self.inside(&real)
        {
            return Err(outside());
        }
        Ok(p)
    }

    fn vfs_err(path: &Path, e: VfsError) -> ToolError {
        ToolError::ExecutionFailed(format!("{}: {e}", path.display()))
    }

    fn type_name(t: FileType) -> &'static str {
        match t {
            FileType::File => "file",
            FileType::Dir => "directory",
            FileType::Symlink => "symlink",
            FileType::CharDevice => "device",
            FileType::Fifo => "fifo",
        }
    }

    fn run(&self, args: &Value) -> ToolResult<ToolOutput> {
        let op = str_arg(args, "operation").unwrap_or("");
        let raw = str_arg(args, "path").unwrap_or("");
        let p = self.validate_path(raw)?;
        let shown = p.display().to_string();
        match op {
            "read" => {
                let md = self.backend.stat(&p).map_err(|e| Self::vfs_err(&p, e))?;
                if md.is_dir() {
                    return Err(Self::vfs_err(&p, VfsError::IsADirectory));
                }
                if md.size > self.max_size as u64 {
                    return Err(ToolError::LimitExceeded(format!(
                        "{shown} is {} bytes; the limit is {} bytes",
                        md.size, self.max_size
                    )));
                }
                let data = self
                    .backend
                    .read(&p, None)
                    .map_err(|e| Self::vfs_err(&p, e))?;
                let text = String::from_utf8_lossy(&data).into_owned();
                Ok(ToolOutput::success(
                    json!({"path": shown, "size": data.len(), "content": text}),
                ))
            }
            "list" => {
                let mut entries = self.backend.list(&p).map_err(|e| Self::vfs_err(&p, e))?;
                entries.sort_by(|a, b| a.name.cmp(&b.name));
                let list: Vec<Value> = entries
                    .iter()
                    .map(|e| {
                        let name = String::from_utf8_lossy(&e.name).into_owned();
                        let size = self
                            .backend
                            .lstat(&p.join(&name))
                            .map(|m| m.size)
                            .unwrap_or(0);
                        json!({"name": name, "type": Self::type_name(e.file_type), "size": size})
                    })
                    .collect();
                Ok(ToolOutput::success(json!({"path": shown, "entries": list})))
            }
            "exists" => Ok(ToolOutput::success(
                json!({"path": shown, "exists": self.backend.exists(&p)}),
            )),
            "metadata" => {
                let md = self.backend.lstat(&p).map_err(|e| Self::vfs_err(&p, e))?;
                let modified = md
                    .mtime
                    .duration_since(UNIX_EPOCH)
                    .map(|d| d.as_secs())
                    .unwrap_or(0);
                Ok(ToolOutput::success(json!({
                    "path": shown,
                    "type": Self::type_name(md.file_type),
                    "size": md.size,
                    "mode": format!("{:04o}", md.mode & 0o7777),
                    "modified": modified,
                })))
            }
            other => Err(ToolError::InvalidArguments(format!(
                "unknown operation '{other}' (read, list, exists, metadata)"
            ))),
        }
    }
}

#[async_trait]
impl Tool for FileSystemTool {
    provider_identity!();
    fn description(&self) -> String {
        format!(
            "{SHORT} in the sandbox's virtual filesystem (read-only; files up to {} bytes).",
            self.max_size
        )
    }
    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["operation", "path"],
            "properties": {
                "operation": {
                    "type": "string",
                    "enum": ["read", "list", "exists", "metadata"],
                    "description": "What to do with the path"
                },
                "path": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Absolute path in the sandbox (relative to the home directory otherwise)"
                }
            },
            "additionalProperties": false
        })
    }
    fn output_schema(&self) -> Value {
        tool_output_schema("object")
    }
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        execute_json(&req, &self.input_schema(), |a| self.run(a))
    }
    fn risk_level(&self) -> RiskLevel {
        RiskLevel::ReadOnly
    }
    fn describe_call(&self, args: &Value) -> String {
        format!(
            "{} {}",
            str_arg(args, "operation").unwrap_or("?"),
            str_arg(args, "path").unwrap_or("?")
        )
    }
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        self.run(&args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::block_on;
    use sandsh_vfs::{MemoryFs, WriteMode};

    fn tool(max: usize) -> FileSystemTool {
        let fs = Arc::new(MemoryFs::with_default_tree("agent"));
        fs.write(
            Path::new("/home/agent/a.txt"),
            b"hello\n",
            WriteMode::Truncate,
            0o644,
        )
        .unwrap();
        fs.write(Path::new("/etc/secret"), b"x", WriteMode::Truncate, 0o600)
            .unwrap();
        fs.symlink(Path::new("/etc/secret"), Path::new("/home/agent/link"))
            .unwrap();
        FileSystemTool::new(fs, max)
            .root("/home/agent")
            .root("/tmp")
    }

    fn call(t: &mut FileSystemTool, op: &str, path: &str) -> ToolResult<ToolOutput> {
        block_on(t.call(json!({"operation": op, "path": path})))
    }

    #[test]
    fn reads_lists_and_stats_inside_roots() {
        let mut t = tool(1024);
        let r = call(&mut t, "read", "/home/agent/a.txt").unwrap();
        assert_eq!(r.content["content"], "hello\n");
        let r = call(&mut t, "read", "a.txt").unwrap();
        assert_eq!(r.content["path"], "/home/agent/a.txt");
        let l = call(&mut t, "list", "/home/agent").unwrap();
        let names: Vec<&str> = l.content["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"a.txt"));
        assert_eq!(
            call(&mut t, "exists", "/tmp/nope").unwrap().content["exists"],
            false
        );
        let m = call(&mut t, "metadata", "/home/agent/a.txt").unwrap();
        assert_eq!(m.content["size"], 6);
        assert_eq!(m.content["mode"], "0644");
    }

    #[test]
    fn rejects_paths_outside_roots_and_symlink_escapes() {
        let mut t = tool(1024);
        for p in [
            "/etc/secret",
            "/home/agent/../../etc/secret",
            "/home/agent/link",
        ] {
            assert!(
                matches!(call(&mut t, "read", p), Err(ToolError::PermissionDenied(_))),
                "{p}"
            );
        }
    }

    #[test]
    fn enforces_max_size() {
        let mut t = tool(3);
        assert!(matches!(
            call(&mut t, "read", "/home/agent/a.txt"),
            Err(ToolError::LimitExceeded(_))
        ));
    }

    #[test]
    fn execute_takes_json_arguments() {
        let t = tool(1024);
        let r = block_on(t.execute(ToolRequest::new(
            r#"{"operation":"read","path":"/home/agent/a.txt"}"#,
        )));
        assert_eq!(r.exit_code, 0);
        assert!(r.stdout.contains("hello"));
        let bad = block_on(t.execute(ToolRequest::new("read it")));
        assert_eq!(bad.error.as_deref(), Some("invalid_arguments"));
    }
}
