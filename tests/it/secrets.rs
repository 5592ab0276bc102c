//! Credentials that never enter the sandbox (issue 45): put on the wire by the network layer
//! for requests under their prefix only, and found nowhere the script or the model can reach.

use sandsh::{Kernel, KernelConfig, SecretConfig};

use crate::net::{Reply, response, serve, site, watchdog};

const VALUE: &str = "tok-Zq81sEcReT";

fn secret(name: Option<&str>, url: &str, inject: Option<&str>, value: &str) -> SecretConfig {
    SecretConfig {
        name: name.map(str::to_string),
        url: url.to_string(),
        inject: inject.map(str::to_string),
        value: value.to_string(),
    }
}

/// Every place the issue lists, searched for the value after a script has used the credential.
#[test]
fn the_value_goes_on_the_wire_under_its_prefix_and_is_seen_nowhere_else() {
    watchdog(60, || {
        let srv = site();
        let other = serve(|r| {
            Reply::Raw(response(
                "200 OK",
                &[],
                format!("{:?}\n", r.header("authorization")).as_bytes(),
            ))
        });
        let prefix = srv.url("/echo/");
        let away = other.url("/landed");
        let bounce = serve(move |_| Reply::Raw(response("302 Found", &[("Location", &away)], b"")));
        let mut k = Kernel::new(
            KernelConfig::default()
                .allow_net(srv.rule())
                .allow_net(other.rule())
                .allow_net(bounce.rule())
                .secret(secret(Some("API_TOKEN"), &prefix, Some("bearer"), VALUE))
                .secret(secret(
                    Some("BOUNCE"),
                    &bounce.url("/"),
                    Some("bearer"),
                    "bounce-Secr3t",
                )),
        );
        let script = format!(
            r#"echo "token=$API_TOKEN"
curl -s {under}                              # injected: the server echoes it back
curl -s -H "X-Test: $API_TOKEN" {under}b     # the placeholder in a header, replaced
curl -s -H "Authorization: Bearer $API_TOKEN" {outside}   # outside the prefix: the placeholder
curl -s -v {under}c -o /tmp/saved 2>/tmp/verbose
curl -sS -L {bounce}                         # a redirect to another origin carries nothing
env > /tmp/env; set > /tmp/set; declare -p > /tmp/declared; export -p > /tmp/exported
cat /tmp/saved; grep -c . /tmp/verbose >/dev/null; echo done"#,
            under = srv.url("/echo/a"),
            outside = srv.url("/echo-out"),
            bounce = bounce.url("/go"),
        );
        let r = k.execute(&script);
        let out = r.stdout_str();
        assert!(out.starts_with("token=sandsh-secret-API_TOKEN\n"), "{out}");
        assert!(
            out.contains("authorization: Bearer sandsh-secret-API_TOKEN"),
            "{out}"
        );
        assert!(out.contains("x-test: sandsh-secret-API_TOKEN"), "{out}");
        assert!(
            out.contains("None\n"),
            "the other origin got no credential: {out}"
        );
        assert!(out.ends_with("done\n"), "{out}");

        // The wire: the value under the prefix, the placeholder elsewhere.
        let seen = srv.requests();
        let auth = |path: &str| {
            seen.iter()
                .find(|s| s.path == path)
                .and_then(|s| s.header("authorization"))
                .map(str::to_string)
        };
        assert_eq!(
            auth("/echo/a").as_deref(),
            Some(&*format!("Bearer {VALUE}"))
        );
        assert_eq!(
            seen.iter()
                .find(|s| s.path == "/echo/ab")
                .and_then(|s| s.header("x-test")),
            Some(VALUE)
        );
        assert_eq!(
            auth("/echo-out").as_deref(),
            Some("Bearer sandsh-secret-API_TOKEN")
        );
        assert!(
            other
                .requests()
                .iter()
                .all(|s| s.header("authorization").is_none())
        );
        assert_eq!(
            bounce.requests()[0].header("authorization"),
            Some("Bearer bounce-Secr3t")
        );

        // Nowhere the script or the model can reach.
        let mut places: Vec<(String, Vec<u8>)> = vec![
            ("stdout".into(), r.stdout.clone()),
            ("stderr".into(), r.stderr.clone()),
        ];
        for f in [
            "/tmp/saved",
            "/tmp/verbose",
            "/tmp/env",
            "/tmp/set",
            "/tmp/declared",
            "/tmp/exported",
        ] {
            places.push((f.into(), k.execute(&format!("cat {f}")).stdout));
        }
        places.push(("snapshot".into(), k.snapshot().unwrap()));
        let r = k.execute("curl -sS http://127.0.0.1:1/echo/ 2>&1; echo $?");
        places.push(("an error".into(), r.stdout.clone()));
        for (what, bytes) in &places {
            for v in [VALUE, "bounce-Secr3t"] {
                assert!(
                    !bytes.windows(v.len()).any(|w| w == v.as_bytes()),
                    "{v} found in {what}: {}",
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    });
}

/// A credential without a name is invisible: nothing in the session names it, and an echo
/// of it comes back as [REDACTED]; a basic credential is redacted in its encoded form too.
#[test]
fn unnamed_credentials_and_encoded_echoes_are_redacted() {
    watchdog(60, || {
        let srv = site();
        let mut k = Kernel::new(KernelConfig::default().allow_net(srv.rule()).secret(secret(
            None,
            &srv.url("/echo/"),
            Some("basic"),
            "me:pw-4411",
        )));
        let r = k.execute(&format!(
            "curl -s {}; env | grep -c sandsh-secret",
            srv.url("/echo/x")
        ));
        assert_eq!(
            r.stdout_str(),
            "GET /echo/x\nauthorization: Basic [REDACTED]\naccept: */*\n0\n"
        );
        assert_eq!(
            srv.requests()[0].header("authorization"),
            Some("Basic bWU6cHctNDQxMQ==")
        );
    });
}

/// The configuration: bad credentials are refused with the key named; the JSON a session's
/// configuration is shown as never carries the value.
#[test]
fn credentials_in_the_configuration() {
    let mut c = sandsh::SessionConfig::default();
    let e = c
        .set(
            "secrets",
            &serde_json::json!([{"url": "https://a.test/", "value": "abcdef"}]),
        )
        .unwrap_err();
    assert!(e.to_string().contains("secrets[0]"), "{e}");
    c.set(
        "secrets",
        &serde_json::json!([{"name": "T", "url": "https://a.test/", "inject": "bearer", "value": VALUE}]),
    )
    .unwrap();
    let shown = c.to_json().to_string();
    assert!(
        !shown.contains(VALUE) && shown.contains("[REDACTED]"),
        "{shown}"
    );
    assert!(!format!("{c:?}").contains(VALUE));
    // A configuration written back cannot be read as a credential of "[REDACTED]".
    assert!(sandsh::SessionConfig::from_json(&c.to_json()).is_err());
}
