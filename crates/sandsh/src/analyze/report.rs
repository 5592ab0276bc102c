//! The report [`super::analyze`] returns: typed, serde-serialisable, and described by the JSON
//! schema [`schema`] (the shape the CLI's `--analyze`, the MCP tool `analyze`, Python's
//! `Shell.analyze` and Node's `shell.analyze` give out).

use sandsh_api::RiskLevel;
use serde::Serialize;
use serde_json::{Value, json};

/// Version of the report's shape (raised when a field changes meaning or goes).
pub const REPORT_VERSION: u32 = 1;

/// Where something is in the script: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// What a command name resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandKind {
    /// A shell builtin (`echo`, `cd`, `read`…): part of the language, never checked by the
    /// policy.
    Builtin,
    /// A function the script defines.
    Function,
    /// A function defined in the session before this script (its body is not analysed).
    SessionFunction,
    /// A registered command (what `/usr/bin` holds): it has a risk tier.
    Registered,
    /// A file run as a program (a path, or a file found on `$PATH` that is not a command's
    /// entry).
    File,
    /// Nothing of that name is known: the run would fail with status 127, unless a file of that
    /// name is on `$PATH` by then.
    NotFound,
}

/// One command the script may run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CommandUse {
    /// The name as written (the command a wrapper such as `env`, `timeout` or `command`
    /// runs is a command of its own).
    pub name: String,
    pub kind: CommandKind,
    /// The arguments, each its text when the word is literal, `null` when it expands.
    pub args: Vec<Option<String>>,
    /// The risk tier under the session's policy (registered commands only).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "risk_opt")]
    pub risk: Option<RiskLevel>,
    /// Why the session's policy refuses it (`--deny curl`, `not in --allow-only`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denied: Option<String>,
    /// The policy asks before running it (its risk is at or above `confirm_at`).
    pub confirm: bool,
    #[serde(flatten)]
    pub at: Position,
}

/// How a file is touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Read,
    Write,
    Append,
    Delete,
    /// The source of a move (`mv SRC DST`: SRC goes, DST is written).
    Move,
}

/// A file the script reads, writes, appends, deletes or moves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileUse {
    /// The path as written, `null` when the word expands (the file cannot be known).
    pub path: Option<String>,
    pub access: Access,
    /// What touches it: `redirect`, or the command's name.
    pub by: String,
    #[serde(flatten)]
    pub at: Position,
}

/// A network request (`curl`, `wget`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NetworkUse {
    /// The URL as written, `null` when the word expands.
    pub url: Option<String>,
    pub command: String,
    #[serde(flatten)]
    pub at: Position,
}

/// Why a construct's effect cannot be known statically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OpaqueKind {
    /// `eval` of an expanded word.
    Eval,
    /// A command name that is an expansion (`$cmd`, `$(…)`).
    DynamicCommand,
    /// `source FILE` / `. FILE`: the file's commands are not read.
    Source,
    /// `bash -c`, `sh -c` of an expanded word, or a script file run by a shell.
    ShellString,
    /// `xargs`, `find -exec`, `trap`, `mapfile -C`…: a command assembled at run time.
    Indirect,
    /// `exec` of an expanded command.
    Exec,
    /// An expanded value evaluated as arithmetic or a variable name (`$(( $x ))`, `${a[$i]}`,
    /// `printf -v "$v"`, `${!x}`, `${x@P}`): bash expands a subscript inside it, which can
    /// run commands.
    Evaluated,
    /// A change to what names resolve to (`PATH=…`, `hash -p`, `alias`, `enable`).
    Resolution,
    /// A file run as a program, or a function defined before this script.
    Unknown,
    /// Code in another language (`python3 -c CODE`, `python3 script.py`, `node -e CODE`): what it reads,
    /// writes, runs or fetches is not analysed.
    Program,
}

/// A construct whose effect cannot be known statically.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Opaque {
    pub kind: OpaqueKind,
    pub reason: String,
    #[serde(flatten)]
    pub at: Position,
}

/// A syntax error: the script would not run past it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParseErrorInfo {
    pub message: String,
    #[serde(flatten)]
    pub at: Position,
}

/// What a script may do, found without running it (see [`super`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub version: u32,
    /// Every command the script may run, in source order.
    pub commands: Vec<CommandUse>,
    /// The highest risk of its registered commands (`null` when it runs none).
    #[serde(serialize_with = "risk_opt")]
    pub highest_risk: Option<RiskLevel>,
    pub files: Vec<FileUse>,
    pub network: Vec<NetworkUse>,
    pub opaque: Vec<Opaque>,
    pub parse_error: Option<ParseErrorInfo>,
    /// Only read-only commands, no file written, appended, deleted or moved, no network, no
    /// opaque construct, no parse error, and every command known: what the read-only
    /// auto-approval takes.
    pub read_only: bool,
}

fn risk_opt<S: serde::Serializer>(r: &Option<RiskLevel>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(r.as_str()),
        None => s.serialize_none(),
    }
}

impl Report {
    /// The report as JSON (the shape of [`schema`]).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Whether the report allows the read-only verdict (computed, then stored in
    /// [`Report::read_only`]).
    pub(super) fn verdict(&self) -> bool {
        self.parse_error.is_none()
            && self.opaque.is_empty()
            && self.network.is_empty()
            && self.files.iter().all(|f| f.access == Access::Read)
            && self.commands.iter().all(|c| match c.kind {
                CommandKind::Builtin | CommandKind::Function => true,
                CommandKind::Registered => c.risk == Some(RiskLevel::ReadOnly),
                CommandKind::SessionFunction | CommandKind::File | CommandKind::NotFound => false,
            })
    }
}

/// The JSON schema (draft 2020-12) of a [`Report`].
pub fn schema() -> Value {
    let pos = json!({
        "line": {"type": "integer", "minimum": 1},
        "column": {"type": "integer", "minimum": 1}
    });
    let with_pos = |props: Value, required: &[&str]| {
        let mut p = props;
        if let (Some(p), Some(q)) = (p.as_object_mut(), pos.as_object()) {
            p.extend(q.clone());
        }
        let mut req: Vec<&str> = required.to_vec();
        req.extend(["line", "column"]);
        json!({"type": "object", "properties": p, "required": req, "additionalProperties": false})
    };
    let risk = json!({"enum": ["read_only", "low_risk", "medium_risk", "high_risk", "critical"]});
    let text_or_null = json!({"type": ["string", "null"]});
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "sandsh analysis report",
        "type": "object",
        "required": ["version", "commands", "highest_risk", "files", "network", "opaque",
                     "parse_error", "read_only"],
        "additionalProperties": false,
        "properties": {
            "version": {"const": REPORT_VERSION},
            "commands": {"type": "array", "items": with_pos(json!({
                "name": {"type": "string"},
                "kind": {"enum": ["builtin", "function", "session_function", "registered",
                                  "file", "not_found"]},
                "args": {"type": "array", "items": text_or_null},
                "risk": risk,
                "denied": {"type": "string"},
                "confirm": {"type": "boolean"}
            }), &["name", "kind", "args", "confirm"])},
            "highest_risk": {"anyOf": [risk, {"type": "null"}]},
            "files": {"type": "array", "items": with_pos(json!({
                "path": text_or_null,
                "access": {"enum": ["read", "write", "append", "delete", "move"]},
                "by": {"type": "string"}
            }), &["path", "access", "by"])},
            "network": {"type": "array", "items": with_pos(json!({
                "url": text_or_null,
                "command": {"type": "string"}
            }), &["url", "command"])},
            "opaque": {"type": "array", "items": with_pos(json!({
                "kind": {"enum": ["eval", "dynamic_command", "source", "shell_string",
                                  "indirect", "exec", "evaluated", "resolution", "unknown",
                                  "program"]},
                "reason": {"type": "string"}
            }), &["kind", "reason"])},
            "parse_error": {"anyOf": [{"type": "null"}, with_pos(json!({
                "message": {"type": "string"}
            }), &["message"])]},
            "read_only": {"type": "boolean"}
        }
    })
}
