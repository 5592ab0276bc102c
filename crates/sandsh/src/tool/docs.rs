//! Rendering of the tool documentation models read: `description()`, `help()` (a man page)
//! and `system_prompt()`.
//!
//! The shapes are seed 000's, byte for byte where the seed fixes them; every list in them
//! (supported commands, configuration) is computed from the kernel's registry and the tool's
//! configuration, never written by hand, so the docs cannot drift from what actually runs.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::kernel::{ExecutionLimits, format_duration};
use sandsh_api::doc::wrap;

/// Page width of the man page (the seed's header line is 78 columns).
const PAGE_WIDTH: usize = 78;
/// Body indent of a man page section.
const INDENT: &str = "       ";

/// Everything `help()`, `description()` and `system_prompt()` of a shell tool depend on.
#[derive(Debug, Clone, Default)]
pub struct ShellDoc {
    /// The tool's name (`sandsh`).
    pub name: String,
    /// One line, no trailing period.
    pub short: String,
    /// Every runnable name: shell builtins, then registered commands (custom ones included).
    /// Shared by the tools whose lists are equal (one list for a server's sessions).
    pub supported: Arc<[String]>,
    pub username: Option<String>,
    pub hostname: Option<String>,
    /// Limits set explicitly (or through a profile).
    pub limits: Option<ExecutionLimits>,
    pub profile: Option<String>,
    /// Names of the variables set by the embedder (values are never shown).
    pub env_names: Vec<String>,
    pub timeout: Option<Duration>,
    pub allow_net: Vec<String>,
    /// (variable, URL prefix) of each named credential (values are never here).
    pub secrets: Vec<(String, String)>,
    /// (mount point, mode) of each host mount.
    pub mounts: Vec<(String, &'static str)>,
}

impl ShellDoc {
    fn configured(&self) -> bool {
        self.username.is_some()
            || self.hostname.is_some()
            || self.limits.is_some()
            || !self.env_names.is_empty()
            || self.timeout.is_some()
            || !self.allow_net.is_empty()
            || !self.secrets.is_empty()
            || !self.mounts.is_empty()
    }

    fn supports(&self, name: &str) -> bool {
        self.supported.iter().any(|s| s == name)
    }
}

/// `Sandboxed bash interpreter with virtual filesystem. Supported tools: …`
pub fn shell_description(d: &ShellDoc) -> String {
    format!("{}. Supported tools: {}", d.short, d.supported.join(" "))
}

/// Seed 000's system prompt.
pub fn shell_system_prompt(d: &ShellDoc) -> String {
    let mut s = format!("# Bash Tool\n\n{}.\n", d.short);
    if let Some(u) = &d.username {
        s.push_str(&format!("Home: /home/{u}\n"));
    }
    s.push_str(
        "\nInput: {\"commands\": \"<bash commands>\"}\nOutput: {stdout, stderr, exit_code}\n",
    );
    // The language engines of this build, and what they cannot do (a model must not plan on
    // pip or a host process).
    if d.supported.iter().any(|n| n == "python3") {
        s.push_str(LANGUAGES_PYTHON);
    }
    if d.supported.iter().any(|n| n == "node") {
        s.push_str(LANGUAGES_NODE);
    }
    if d.supported.iter().any(|n| n == "git") {
        s.push_str(TOOLS_GIT);
    }
    s
}

/// The system prompt's line on `python3`, when it is registered.
pub const LANGUAGES_PYTHON: &str = "\npython3 runs CPython 3.14 with its standard library over the same files; \
subprocess and os.system run commands of this shell. No pip, no third-party packages, no threads, no sockets \
(HTTP goes through the network allowlist).\n";

/// The system prompt's line on `node`, when it is registered.
pub const LANGUAGES_NODE: &str = "\nnode runs JavaScript (QuickJS) with Node.js 20's everyday API over the same files: require and ES \
modules, fs, path, process, Buffer, events, util, crypto hashes, timers; child_process runs commands of this shell; fetch \
goes through the network allowlist. No npm, no third-party packages beyond node_modules already on disk, no sockets or servers.\n";

/// The system prompt's line on `git`, when it is registered.
pub const TOOLS_GIT: &str = "\ngit works on the same files, in git's own format (objects, index, refs): init, add, rm, mv, commit, \
status, diff, log, show, branch, checkout, switch, restore, reset, tag, merge, stash, cherry-pick, revert, describe, grep, \
blame (-L, -s, -e, --porcelain; not across renames), clone from a path, rev-parse, cat-file, ls-files. No network remotes \
(fetch, push, clone of a URL), no rebase: those say so and exit 129.\n";

/// The header line of a man page: `TITLE(1)   User Commands   TITLE(1)`.
pub fn man_header(title: &str) -> String {
    let t = format!("{}(1)", title.to_uppercase());
    let mid = "User Commands";
    let gap = PAGE_WIDTH.saturating_sub(2 * t.len() + mid.len());
    let left = gap.div_ceil(2).max(1);
    let right = (gap - gap.div_ceil(2)).max(1);
    format!("{t}{}{mid}{}{t}\n", " ".repeat(left), " ".repeat(right))
}

/// A section: the heading, then each body line indented (empty lines stay empty).
pub fn section(out: &mut String, heading: &str, body: &[String]) {
    out.push('\n');
    out.push_str(heading);
    out.push('\n');
    for line in body {
        if line.is_empty() {
            out.push('\n');
        } else {
            out.push_str(INDENT);
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Wrap prose to the page's body width.
pub fn prose(text: &str) -> Vec<String> {
    wrap(text, PAGE_WIDTH - INDENT.len())
}

/// `a, b, c,` wrapped to the body width.
pub fn comma_list(items: &[String]) -> Vec<String> {
    let width = PAGE_WIDTH - INDENT.len();
    let mut lines = Vec::new();
    let mut cur = String::new();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        if !cur.is_empty() && cur.len() + 1 + piece.len() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&piece);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Seed 000's man page, with a CONFIGURATION section when the tool is configured.
pub fn shell_help(d: &ShellDoc) -> String {
    let mut s = man_header(&d.name);
    section(
        &mut s,
        "NAME",
        &[format!("{} - {}", d.name, lower_first(&d.short))],
    );
    section(
        &mut s,
        "SYNOPSIS",
        &["{\"commands\": \"<bash commands>\"}".to_string()],
    );
    let mut desc = prose(&format!(
        "{} executes bash commands in a sandbox with a virtual filesystem. All file operations \
         are contained within the virtual filesystem; host directories are reachable only where \
         the embedder mounted them.",
        upper_first(&d.name)
    ));
    desc.push(String::new());
    desc.extend(prose(
        "Supports full bash syntax including variables, pipelines, redirects, loops, \
         conditionals, functions, and arrays.",
    ));
    section(&mut s, "DESCRIPTION", &desc);
    section(&mut s, "BUILTINS", &comma_list(&d.supported));
    section(
        &mut s,
        "INPUT",
        &[
            "commands    Bash commands to execute (like bash -c \"commands\")".to_string(),
            "timeout_ms  Optional time limit for this call, in milliseconds".to_string(),
        ],
    );
    section(
        &mut s,
        "OUTPUT",
        &[
            "stdout      Standard output from the commands".to_string(),
            "stderr      Standard error from the commands".to_string(),
            "exit_code   Exit status (0 = success)".to_string(),
            "error       Error category when the run did not end normally".to_string(),
            "            (parse_error, timeout, limit_exceeded, cancelled)".to_string(),
        ],
    );
    let mut ex: Vec<(&str, &str)> = vec![
        ("Simple echo", r#"{"commands": "echo 'Hello, World!'"}"#),
        ("Arithmetic", r#"{"commands": "x=5; y=3; echo $((x + y))"}"#),
    ];
    if d.supports("grep") {
        ex.push((
            "Pipeline",
            r#"{"commands": "echo -e 'apple\nbanana' | grep a"}"#,
        ));
    } else {
        ex.push((
            "Pipeline",
            r#"{"commands": "echo -e 'banana\napple' | sort"}"#,
        ));
    }
    if d.supports("jq") {
        ex.push((
            "JSON processing",
            r#"{"commands": "echo '{\"n\":1}' | jq '.n'"}"#,
        ));
    }
    ex.push((
        "File operations (virtual)",
        r#"{"commands": "echo data > /tmp/f.txt && cat /tmp/f.txt"}"#,
    ));
    ex.push((
        "Run script from VFS",
        r#"{"commands": "source /path/to/script.sh"}"#,
    ));
    let mut body = Vec::new();
    for (i, (title, json)) in ex.iter().enumerate() {
        if i > 0 {
            body.push(String::new());
        }
        body.push(format!("{title}:"));
        body.push(format!("    {json}"));
    }
    section(&mut s, "EXAMPLES", &body);
    section(
        &mut s,
        "EXIT STATUS",
        &[
            "0      Success".to_string(),
            "1-123  Command-specific error".to_string(),
            "124    Timed out".to_string(),
            "125    A limit was exceeded".to_string(),
            "126    Command not executable".to_string(),
            "127    Command not found".to_string(),
            "130    Cancelled".to_string(),
        ],
    );
    section(&mut s, "SEE ALSO", &["bash(1), sh(1)".to_string()]);
    if d.configured() {
        section(&mut s, "CONFIGURATION", &configuration(d));
    }
    s
}

fn configuration(d: &ShellDoc) -> Vec<String> {
    let mut c = Vec::new();
    if let Some(u) = &d.username {
        let how = if d.supports("whoami") {
            "whoami"
        } else {
            "$USER"
        };
        c.push(format!("User: {u} ({how})"));
    }
    if let Some(h) = &d.hostname {
        let how = if d.supports("hostname") {
            "hostname"
        } else {
            "$HOSTNAME"
        };
        c.push(format!("Host: {h} ({how})"));
    }
    if let Some(l) = &d.limits {
        let profile = d
            .profile
            .as_ref()
            .map(|p| format!(" ({p} profile)"))
            .unwrap_or_default();
        c.push(format!(
            "Limits: {} commands, {} iterations, {} depth{profile}",
            l.max_commands, l.max_loop_iterations, l.max_function_depth
        ));
    }
    if let Some(t) = d.timeout {
        c.push(format!("Timeout: {}", format_duration(t)));
    }
    if !d.env_names.is_empty() {
        c.push(format!("Environment: {}", d.env_names.join(", ")));
    }
    if !d.mounts.is_empty() {
        let m: Vec<String> = d
            .mounts
            .iter()
            .map(|(p, mode)| format!("{p} ({mode})"))
            .collect();
        c.push(format!("Mounts: {}", m.join(", ")));
    }
    if !d.allow_net.is_empty() {
        c.push(format!("Network: {}", d.allow_net.join(", ")));
    }
    if !d.secrets.is_empty() {
        let s: Vec<String> = d
            .secrets
            .iter()
            .map(|(name, url)| format!("${name} for {url}"))
            .collect();
        c.push(format!(
            "Credentials: {} (each holds a placeholder that the network replaces with the real value in requests under its URL; use the variable as the token, its value is not the token)",
            s.join(", ")
        ));
    }
    c
}

/// A `&'static str` for a run-time string, leaked at most once per distinct value.
///
/// [`sandsh_api::CommandSpec`] holds `&'static str`s (commands are normally static tables);
/// commands built at run time from a tool definition need their names to live as long, and
/// interning keeps rebuilding the same tool from leaking again.
pub fn intern(s: &str) -> &'static str {
    static POOL: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let pool = POOL.get_or_init(|| Mutex::new(HashSet::new()));
    let mut set = match pool.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    };
    if let Some(existing) = set.get(s) {
        return existing;
    }
    let leaked: &'static str = Box::leak(s.to_string().into_boxed_str());
    set.insert(leaked);
    leaked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_is_page_wide_and_matches_seed_for_bash() {
        let h = man_header("bash");
        assert_eq!(
            h,
            "BASH(1)                          User Commands                         BASH(1)\n"
        );
        assert_eq!(man_header("sandsh").trim_end().len(), PAGE_WIDTH);
    }

    #[test]
    fn comma_list_wraps_within_width() {
        let items: Vec<String> = (0..60).map(|i| format!("cmd{i}")).collect();
        let lines = comma_list(&items);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.len() <= PAGE_WIDTH - INDENT.len()));
        assert!(lines.last().unwrap().ends_with("cmd59"));
    }

    #[test]
    fn intern_reuses_the_same_allocation() {
        let a = intern("get_user_interned");
        let b = intern(&String::from("get_user_interned"));
        assert!(std::ptr::eq(a, b));
    }

    #[test]
    fn configuration_never_shows_env_values() {
        let d = ShellDoc {
            name: "sandsh".into(),
            short: "X".into(),
            env_names: vec!["API_KEY".into()],
            ..ShellDoc::default()
        };
        let h = shell_help(&d);
        assert!(h.contains("CONFIGURATION\n       Environment: API_KEY\n"));
    }
}
