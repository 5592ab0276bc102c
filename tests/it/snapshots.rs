//! Snapshots that can be trusted: signed with HMAC-SHA256, refused with nothing changed when
//! the tag does not verify, bounded by the restoring session's own configuration, and readable
//! across format versions (a snapshot of format 1, kept in tests/fixtures, still restores).

use sandsh::kernel::SnapshotError;
use sandsh::{ExecutionLimits, Kernel, KernelConfig};

const KEY: &[u8] = b"the embedder's secret";

fn session() -> Kernel {
    let mut k = Kernel::new(KernelConfig::default());
    let r =
        k.execute("x=42; f() { echo \"f:$1\"; }; mkdir -p /work; echo data > /work/f; cd /work");
    assert_eq!(r.exit_code, 0, "{}", r.stderr_str());
    k
}

#[test]
fn a_signed_snapshot_restores_with_its_key() {
    let signed = session().snapshot_signed(KEY).expect("snapshot");
    let mut k = Kernel::new(KernelConfig::default());
    k.restore_verified(&signed, KEY).expect("verified");
    let r = k.execute("echo $x; f a; pwd; cat f");
    assert_eq!(r.stdout_str(), "42\nf:a\n/work\ndata\n");
    // Without a key it is taken as it is.
    let mut k = Kernel::new(KernelConfig::default());
    k.restore(&signed).expect("unverified restore");
    assert_eq!(k.execute("echo $x").stdout_str(), "42\n");
}

#[test]
fn a_changed_byte_a_wrong_key_or_no_signature_is_refused_and_changes_nothing() {
    let src = session();
    let signed = src.snapshot_signed(KEY).expect("snapshot");
    let mut k = Kernel::new(KernelConfig::default());
    k.execute("mine=still-here");
    let unchanged =
        |k: &mut Kernel| assert_eq!(k.execute("echo $mine $x").stdout_str(), "still-here\n");
    for i in [0, 8, 20, 39, 40, signed.len() / 2, signed.len() - 1] {
        let mut bad = signed.clone();
        bad[i] ^= 0x01;
        let e = k
            .restore_verified(&bad, KEY)
            .expect_err("a changed byte is refused");
        assert!(
            matches!(e, SnapshotError::BadSignature | SnapshotError::Unsigned),
            "byte {i}: {e}"
        );
        unchanged(&mut k);
    }
    assert_eq!(
        k.restore_verified(&signed, b"another key"),
        Err(SnapshotError::BadSignature)
    );
    unchanged(&mut k);
    let plain = src.snapshot().expect("snapshot");
    assert_eq!(
        k.restore_verified(&plain, KEY),
        Err(SnapshotError::Unsigned)
    );
    unchanged(&mut k);
    assert_eq!(
        k.restore_verified(&signed[..20], KEY),
        Err(SnapshotError::Truncated)
    );
    let e = k
        .restore_verified(&signed, b"another key")
        .expect_err("refused");
    assert!(e.to_string().contains("does not verify"), "{e}");
}

/// Limits and policy come from the restoring session, never from the snapshot.
#[test]
fn the_restoring_configuration_bounds_the_session() {
    let roomy = session().snapshot_signed(KEY).expect("snapshot");
    let strict = KernelConfig::default()
        .limits(ExecutionLimits::strict())
        .policy(sandsh::kernel::CommandPolicy::new().deny("wc"));
    let mut k = Kernel::new(strict);
    k.restore_verified(&roomy, KEY).expect("restore");
    assert_eq!(k.execute("echo $x").stdout_str(), "42\n");
    let r = k.execute("i=0; while :; do i=$((i+1)); done");
    assert_eq!(
        r.exit_code,
        125,
        "the strict loop limit holds: {}",
        r.stderr_str()
    );
    assert!(
        r.stderr_str().contains("--max-loop-iterations"),
        "{}",
        r.stderr_str()
    );
    let r = k.execute("echo hi | wc -l");
    assert_eq!(r.exit_code, 126, "the deny-list holds: {}", r.stderr_str());
}

/// A snapshot written by format 1 (this build's format when signing arrived) restores. When
/// the format changes, the file stays: it is the previous format's.
#[test]
fn a_format_1_snapshot_still_restores() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/snapshot-v1.bin"
    );
    if std::env::var_os("SANDSH_BLESS").is_some() && !std::path::Path::new(path).exists() {
        let data = session().snapshot().expect("snapshot");
        std::fs::write(path, data).expect("write the fixture");
    }
    let data = std::fs::read(path).expect("tests/fixtures/snapshot-v1.bin");
    assert_eq!(&data[8..12], &1u32.to_le_bytes(), "format version 1");
    let mut k = Kernel::new(KernelConfig::default());
    k.restore(&data).expect("restore");
    assert_eq!(
        k.execute("echo $x; f b; pwd; cat f").stdout_str(),
        "42\nf:b\n/work\ndata\n"
    );
}
