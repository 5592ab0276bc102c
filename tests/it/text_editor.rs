//! The text-editor tool (`str_replace_based_edit_tool`) through `ToolRegistry::dispatch`, over
//! the same sandbox as the registry's shell (`execute_command`) and its mounts.

use serde_json::{Value, json};

use sandsh::KernelConfig;
use sandsh::tool::{ToolCall, ToolConfig, ToolRegistry, block_on, create_standard_registry};
use sandsh::vfs::MountMode;

const ED: &str = "str_replace_based_edit_tool";

fn registry(kernel: KernelConfig) -> ToolRegistry {
    let mut r = create_standard_registry(&ToolConfig {
        enable_web: false,
        kernel,
        ..ToolConfig::default()
    });
    r.on_confirm(|_| true);
    r
}

/// (answer text, is_error)
fn edit(r: &ToolRegistry, args: Value) -> (String, bool) {
    let res = block_on(r.dispatch(&ToolCall::new("c1", ED, args.to_string())));
    let v: Value = serde_json::from_str(&res.content).unwrap();
    let text = match v.get("content").and_then(Value::as_str) {
        Some(s) => s.to_string(),
        None => v.to_string(),
    };
    (text, res.is_error)
}

fn sh(r: &ToolRegistry, cmd: &str) -> (String, i64) {
    let res = block_on(r.dispatch(&ToolCall::new(
        "c2",
        "execute_command",
        json!({ "command": cmd }).to_string(),
    )));
    let v: Value = serde_json::from_str(&res.content).unwrap();
    (
        v["content"]["stdout"].as_str().unwrap_or("").to_string(),
        v["content"]["exit_code"].as_i64().unwrap_or(-1),
    )
}

const F: &str = "/home/user/f.txt";

#[test]
fn every_command_shares_the_shells_files() {
    let r = registry(KernelConfig::default());
    let (t, e) = edit(
        &r,
        json!({"command": "create", "path": F, "file_text": "alpha\nbeta\ngamma\n"}),
    );
    assert!(!e, "{t}");
    assert_eq!(t, format!("File created successfully at: {F}"));
    assert_eq!(
        sh(&r, "cat -n f.txt"),
        (
            "     1\talpha\n     2\tbeta\n     3\tgamma\n".to_string(),
            0
        )
    );

    let (t, e) = edit(&r, json!({"command": "view", "path": F}));
    assert!(!e);
    assert_eq!(
        t,
        format!(
            "Here's the result of running `cat -n` on {F}:\n     1\talpha\n     2\tbeta\n     3\tgamma\n"
        )
    );
    let (t, _) = edit(
        &r,
        json!({"command": "view", "path": F, "view_range": [2, 2]}),
    );
    assert!(t.ends_with("\n     2\tbeta\n"), "{t}");

    // The shell changes the file; the editor sees it.
    sh(&r, "echo delta >> f.txt");
    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": F, "old_str": "delta", "new_str": "DELTA"}),
    );
    assert!(!e, "{t}");
    assert!(t.starts_with(&format!("The file {F} has been edited. ")));
    assert_eq!(sh(&r, "tail -n1 f.txt").0, "DELTA\n");

    let (t, e) = edit(
        &r,
        json!({"command": "insert", "path": F, "insert_line": 1, "new_str": "after-alpha"}),
    );
    assert!(!e, "{t}");
    assert_eq!(sh(&r, "sed -n 2p f.txt").0, "after-alpha\n");

    let (_, e) = edit(&r, json!({"command": "undo_edit", "path": F}));
    assert!(!e);
    assert_eq!(sh(&r, "cat f.txt").0, "alpha\nbeta\ngamma\nDELTA\n");
    let (_, e) = edit(&r, json!({"command": "undo_edit", "path": F}));
    assert!(!e);
    assert_eq!(sh(&r, "cat f.txt").0, "alpha\nbeta\ngamma\ndelta\n");
    // Undoing the create removes the file.
    let (_, e) = edit(&r, json!({"command": "undo_edit", "path": F}));
    assert!(!e);
    assert_eq!(sh(&r, "test -e f.txt; echo $?").0, "1\n");
    let (t, e) = edit(&r, json!({"command": "undo_edit", "path": F}));
    assert!(e);
    assert_eq!(t, format!("No edit history found for {F}."));
}

#[test]
fn error_cases_answer_as_the_model_expects() {
    let r = registry(KernelConfig::default());
    sh(
        &r,
        "printf 'x = 1\\ny = 1\\nz = 2\\n' > f.txt; mkdir -p d/e/f; touch d/.hidden d/g",
    );

    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": F, "old_str": "w = 1", "new_str": ""}),
    );
    assert!(e);
    assert_eq!(
        t,
        format!("No replacement was performed, old_str `w = 1` did not appear verbatim in {F}.")
    );
    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": F, "old_str": " = 1", "new_str": " = 3"}),
    );
    assert!(e);
    assert_eq!(
        t,
        "No replacement was performed. Multiple occurrences (2) of old_str ` = 1` in lines [1, 2]. Please ensure it is unique"
    );
    assert_eq!(sh(&r, "cat f.txt").0, "x = 1\ny = 1\nz = 2\n");

    let (t, e) = edit(&r, json!({"command": "view", "path": "/home/user/missing"}));
    assert!(e);
    assert_eq!(
        t,
        "The path /home/user/missing does not exist. Please provide a valid path."
    );
    let (t, e) = edit(
        &r,
        json!({"command": "view", "path": F, "view_range": [4, 5]}),
    );
    assert!(e);
    assert_eq!(
        t,
        "Invalid `view_range`: [4, 5]. Its first element `4` should be within the range of lines of the file: [1, 3]"
    );
    let (t, e) = edit(&r, json!({"command": "undo_edit", "path": F}));
    assert!(e);
    assert_eq!(t, format!("No edit history found for {F}."));
    let (t, e) = edit(
        &r,
        json!({"command": "create", "path": F, "file_text": "new"}),
    );
    assert!(e);
    assert_eq!(
        t,
        format!("File already exists at: {F}. Cannot overwrite files using command `create`.")
    );
    let (t, e) = edit(&r, json!({"command": "view", "path": "f.txt"}));
    assert!(e);
    assert!(t.contains("is not an absolute path"), "{t}");

    let (t, e) = edit(&r, json!({"command": "view", "path": "/home/user/d"}));
    assert!(!e);
    assert_eq!(
        t,
        "Here's the files and directories up to 2 levels deep in /home/user/d, excluding hidden items:\n/home/user/d\n/home/user/d/e\n/home/user/d/e/f\n/home/user/d/g\n\n"
    );

    // Outside the sandbox roots, and malformed calls: structured errors.
    let (t, e) = edit(&r, json!({"command": "view", "path": "/etc/passwd"}));
    assert!(e);
    assert!(t.contains("permission_denied"), "{t}");
    let (t, e) = edit(&r, json!({"command": "delete", "path": F}));
    assert!(e);
    assert!(t.contains("schema_violation"), "{t}");
    let (t, e) = edit(&r, json!({"path": F}));
    assert!(e);
    assert!(t.contains("schema_violation"), "{t}");
}

#[test]
fn awkward_contents() {
    let r = registry(KernelConfig::default());
    // CRLF, no final newline, a long line, and non-UTF-8 bytes.
    sh(&r, "printf 'a\\r\\nb' > crlf; printf '\\377\\n' > bin");
    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": "/home/user/crlf", "old_str": "b", "new_str": "c"}),
    );
    assert!(!e, "{t}");
    assert_eq!(
        sh(&r, "od -c crlf | head -1").0,
        "0000000   a  \\r  \\n   c\n"
    );
    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": "/home/user/bin", "old_str": "x"}),
    );
    assert!(e);
    assert!(t.contains("not valid UTF-8"), "{t}");
    let (t, e) = edit(&r, json!({"command": "view", "path": "/home/user/bin"}));
    assert!(!e, "{t}");
    let long = "y".repeat(100_000);
    let (_, e) = edit(
        &r,
        json!({"command": "create", "path": "/tmp/long", "file_text": long}),
    );
    assert!(!e);
    let (t, _) = edit(&r, json!({"command": "view", "path": "/tmp/long"}));
    assert!(t.contains("<response clipped>"));
    assert!(t.len() < 20_000);
    let (_, e) = edit(
        &r,
        json!({"command": "create", "path": "/tmp/empty", "file_text": ""}),
    );
    assert!(!e);
    let (t, e) = edit(
        &r,
        json!({"command": "insert", "path": "/tmp/empty", "insert_line": 0, "new_str": "first"}),
    );
    assert!(!e, "{t}");
    assert_eq!(sh(&r, "cat /tmp/empty").0, "first");
}

#[test]
fn mounts_and_limits_are_respected() {
    let ro = tempfile::tempdir().unwrap();
    std::fs::write(ro.path().join("r.txt"), "keep\n").unwrap();
    let rw = tempfile::tempdir().unwrap();
    std::fs::write(rw.path().join("w.txt"), "old\n").unwrap();
    let limits = sandsh::kernel::ExecutionLimits {
        max_file_size: 1000,
        ..Default::default()
    };
    let r = registry(
        KernelConfig::default()
            .limits(limits)
            .mount(ro.path(), "/ro", MountMode::ReadOnly)
            .mount(rw.path(), "/rw", MountMode::ReadWrite),
    );
    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": "/ro/r.txt", "old_str": "keep", "new_str": "x"}),
    );
    assert!(e);
    assert_eq!(
        t,
        "Ran into Read-only file system while trying to write to /ro/r.txt"
    );
    assert_eq!(
        std::fs::read_to_string(ro.path().join("r.txt")).unwrap(),
        "keep\n"
    );
    let (t, e) = edit(&r, json!({"command": "view", "path": "/ro/r.txt"}));
    assert!(!e, "{t}");

    let (t, e) = edit(
        &r,
        json!({"command": "str_replace", "path": "/rw/w.txt", "old_str": "old", "new_str": "new"}),
    );
    assert!(!e, "{t}");
    assert_eq!(
        std::fs::read_to_string(rw.path().join("w.txt")).unwrap(),
        "new\n"
    );

    // The filesystem's size limit applies to what the editor writes.
    let (t, e) = edit(
        &r,
        json!({"command": "create", "path": "/tmp/big", "file_text": "z".repeat(5000)}),
    );
    assert!(e, "{t}");
    assert!(t.starts_with("Ran into "), "{t}");
}
