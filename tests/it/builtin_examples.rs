//! Every builtin's examples print in bash 5.2 what their specs say (sandsh's own `help`
//! aside); `examples::builtin_examples_run` runs them in sandsh.

#[test]
fn builtin_examples_match_bash() {
    let dir = std::env::temp_dir().join(format!("sandsh-builtin-examples-{}", std::process::id()));
    let mut failures = Vec::new();
    for spec in sandsh::Kernel::builtin_specs() {
        if spec.name == "help" {
            continue;
        }
        for ex in spec.examples {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            let out = std::process::Command::new("/bin/bash")
                .args(["-c", ex.script])
                .current_dir(&dir)
                .env("LC_ALL", "C.UTF-8")
                .output()
                .expect("run /bin/bash");
            if out.stdout != ex.stdout.as_bytes() {
                failures.push(format!(
                    "{}: `{}`: bash printed {:?}",
                    spec.name,
                    ex.script,
                    String::from_utf8_lossy(&out.stdout)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
