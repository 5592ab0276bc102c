//! Output past `--max-output-bytes`: the head and the tail are kept, the whole stream is saved
//! in the VFS within its quota, and the kept text ends with a line naming the file (issue 45,
//! item 4). The figures are the host's (`seq 1 10000 | wc -c` is 48894).

use sandsh::kernel::ExecutionLimits;
use sandsh::{Kernel, KernelConfig, OutputConfig, SessionConfig};

fn kernel(limit: usize, output: OutputConfig) -> Kernel {
    Kernel::new(
        KernelConfig::default()
            .limits(ExecutionLimits::standard().max_output_bytes(limit))
            .output(output),
    )
}

#[test]
fn a_long_stream_keeps_its_head_and_tail_and_is_saved_whole() {
    let mut k = kernel(1000, OutputConfig::default());
    let r = k.execute("seq 1 10000");
    let out = r.stdout_str();
    assert!(r.stdout_truncated);
    let cut = r.stdout_cut.clone().expect("cut");
    assert_eq!((cut.total, cut.saved), (48894, 48894));
    assert_eq!(cut.file.as_deref(), Some("/tmp/sandsh-output/1.stdout"));
    // About a fifth from the start and four fifths from the end, in whole lines.
    assert!(out.starts_with("1\n2\n3\n"), "{out}");
    assert!(cut.head <= 200 && cut.head > 150, "{cut:?}");
    assert!(cut.tail <= 800 && cut.tail > 750, "{cut:?}");
    let omitted = 48894 - cut.head - cut.tail;
    assert!(
        out.contains(&format!("\n[... {omitted} bytes omitted ...]\n")),
        "{out}"
    );
    assert!(
        out.ends_with(&format!(
            "9999\n10000\n[sandsh: stdout was 48894 bytes, over --max-output-bytes (1000): shown are its \
             first {} and last {} bytes; the whole stdout is in /tmp/sandsh-output/1.stdout]\n",
            cut.head, cut.tail
        )),
        "{out}"
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr_str());
    // The next call reads the whole of it.
    let r = k.execute(
        "cmp <(seq 1 10000) /tmp/sandsh-output/1.stdout && tail -n 1 /tmp/sandsh-output/1.stdout",
    );
    assert_eq!(r.stdout_str(), "10000\n");
    let json: serde_json::Value = serde_json::from_str(&r.to_json("")).expect("json");
    assert!(json["stdout_cut"].is_null());
}

#[test]
fn both_streams_of_a_run_share_its_number_and_the_quota_drops_the_oldest() {
    let quota = OutputConfig {
        save_quota: Some(100_000),
        ..OutputConfig::default()
    };
    let mut k = kernel(1000, quota);
    let r = k.execute("seq 1 10000; seq 1 10000 >&2");
    assert_eq!(
        (
            r.stdout_cut.and_then(|c| c.file),
            r.stderr_cut.and_then(|c| c.file)
        ),
        (
            Some("/tmp/sandsh-output/1.stdout".to_string()),
            Some("/tmp/sandsh-output/1.stderr".to_string())
        )
    );
    k.execute("seq 1 10000");
    // 1.stderr was the oldest: dropping it made room.
    let r = k.execute("ls /tmp/sandsh-output");
    assert_eq!(r.stdout_str(), "1.stdout\n2.stdout\n");
    k.execute("seq 1 10000");
    let r = k.execute("ls /tmp/sandsh-output");
    assert_eq!(r.stdout_str(), "2.stdout\n3.stdout\n");
}

#[test]
fn a_stream_past_the_quota_saves_its_start_and_says_so() {
    let small = OutputConfig {
        save_quota: Some(10_000),
        ..OutputConfig::default()
    };
    let r = kernel(1000, small).execute("seq 1 10000");
    let cut = r.stdout_cut.clone().expect("cut");
    assert_eq!((cut.total, cut.saved), (48894, 10_000));
    assert!(
        r.stdout_str()
            .ends_with("its first 10000 bytes are in /tmp/sandsh-output/1.stdout]\n"),
        "{}",
        r.stdout_str()
    );
    let none = OutputConfig {
        save_quota: Some(0),
        ..OutputConfig::default()
    };
    let mut k = kernel(1000, none);
    let r = k.execute("seq 1 10000");
    assert_eq!(r.stdout_cut.clone().and_then(|c| c.file), None);
    assert!(
        r.stdout_str()
            .ends_with("raise --max-output-bytes to keep more]\n")
    );
    assert_eq!(k.execute("ls /tmp/sandsh-output").exit_code, 2);
}

/// Ten megabytes through a 1000-byte limit: the kept text stays at the limit and the
/// saved copy at its quota.
#[test]
fn a_flood_keeps_the_end_within_its_bounds() {
    let q = OutputConfig {
        save_quota: Some(1 << 20),
        ..OutputConfig::default()
    };
    let r = kernel(1000, q).execute("yes 0123456789 | head -n 1000000; echo the end");
    let cut = r.stdout_cut.clone().expect("cut");
    assert_eq!((cut.total, cut.saved), (11_000_008, 1 << 20));
    assert!(r.stdout.len() < 1300, "{}", r.stdout.len());
    assert!(
        r.stdout_str()
            .contains("0123456789\nthe end\n[sandsh: stdout was 11000008 bytes")
    );
}

#[test]
fn a_head_share_of_one_keeps_only_the_start_as_before() {
    let head_only = OutputConfig {
        head: Some(1.0),
        ..OutputConfig::default()
    };
    let r = kernel(10, head_only).execute("echo 0123456789abcdef");
    assert_eq!(r.stdout, b"0123456789");
    assert!(r.stdout_truncated && r.stdout_cut.is_none());
    // The note is itself held to the limit.
    assert_eq!(r.stderr_str(), "sandsh: st");
}

#[test]
fn the_output_options_are_read_by_the_config_parser() {
    let c =
        SessionConfig::from_json(&serde_json::json!({"output": {"head": 0.5, "saveQuota": "1M"}}))
            .expect("config");
    assert_eq!(
        c.output,
        OutputConfig {
            head: Some(0.5),
            save_quota: Some(1 << 20)
        }
    );
    assert_eq!(
        c.to_json(),
        serde_json::json!({"output": {"head": 0.5, "save_quota": 1048576}})
    );
    let e = SessionConfig::from_json(&serde_json::json!({"output": {"head": 2}})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "output.head: expected a share of the limit from 0 to 1, such as 0.2"
    );
}
