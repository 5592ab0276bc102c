//! The report for typical agent scripts.

use std::sync::Arc;

use sandsh_api::RiskLevel;
use sandsh_commands::Registry;

use super::*;

fn report(script: &str) -> Report {
    let registry = Arc::new(Registry::standard());
    let lookup = move |n: &str| registry.get(n);
    let resolve = move |n: &str| resolve_in(n, &lookup);
    analyze(script, &Context::with_resolver(&resolve))
}

fn names(r: &Report) -> Vec<&str> {
    r.commands.iter().map(|c| c.name.as_str()).collect()
}

fn files(r: &Report) -> Vec<(Option<&str>, Access)> {
    r.files
        .iter()
        .map(|f| (f.path.as_deref(), f.access))
        .collect()
}

fn kinds(r: &Report) -> Vec<OpaqueKind> {
    r.opaque.iter().map(|o| o.kind).collect()
}

#[test]
fn a_read_only_pipeline() {
    let r = report("cat notes.txt | grep -n TODO | sort -u | head -n 5 2>/dev/null\n");
    assert_eq!(names(&r), ["cat", "grep", "sort", "head"]);
    assert_eq!(files(&r), [(Some("notes.txt"), Access::Read)]);
    assert_eq!(r.highest_risk, Some(RiskLevel::ReadOnly));
    assert!(r.read_only, "{r:#?}");
    assert_eq!(r.commands[1].args, [Some("-n".into()), Some("TODO".into())]);
    assert_eq!(
        r.commands[3].at,
        Position {
            line: 1,
            column: 42
        }
    );
}

#[test]
fn writes_moves_and_deletes() {
    let r = report(
        "mkdir -p out\ncp a.txt out/\nmv b c\nrm -rf tmp\necho hi >> log\nsed -i s/a/b/ f\n",
    );
    assert_eq!(
        files(&r),
        [
            (Some("out"), Access::Write),
            (Some("a.txt"), Access::Read),
            (Some("out/"), Access::Write),
            (Some("b"), Access::Move),
            (Some("c"), Access::Write),
            (Some("tmp"), Access::Delete),
            (Some("log"), Access::Append),
            (Some("f"), Access::Write),
        ]
    );
    // `rm -r` is raised to high_risk by the policy's own rule.
    assert_eq!(r.highest_risk, Some(RiskLevel::HighRisk));
    assert!(!r.read_only);
    assert_eq!(r.files[6].at, Position { line: 5, column: 9 });
}

#[test]
fn options_that_write() {
    for script in [
        "sort -o out in",
        "sort --output=out in",
        "uniq in out",
        "tree -o out .",
    ] {
        let r = report(script);
        assert!(
            r.files
                .iter()
                .any(|f| f.path.as_deref() == Some("out") && f.access == Access::Write),
            "{script}: {r:#?}"
        );
        assert!(!r.read_only, "{script}");
    }
    let r = report("head -n 5 file");
    assert_eq!(files(&r), [(Some("file"), Access::Read)]);
    let r = report("grep -e pat -f pats a b");
    assert_eq!(
        files(&r),
        [
            (Some("pats"), Access::Read),
            (Some("a"), Access::Read),
            (Some("b"), Access::Read)
        ]
    );
}

#[test]
fn network_urls() {
    let r = report("curl -s https://api.example.com/v1/x\nwget -q \"$URL\"\n");
    let urls: Vec<_> = r.network.iter().map(|n| n.url.as_deref()).collect();
    assert_eq!(urls, [Some("https://api.example.com/v1/x"), None]);
    assert!(!r.read_only);
}

#[test]
fn opaque_constructs() {
    for (script, kind) in [
        ("eval \"$cmd\"", OpaqueKind::Eval),
        ("$cmd arg", OpaqueKind::DynamicCommand),
        ("$(echo ls) -l", OpaqueKind::DynamicCommand),
        ("source \"$f\"", OpaqueKind::Source),
        (". ./lib.sh", OpaqueKind::Source),
        ("bash -c \"$x\"", OpaqueKind::ShellString),
        ("sh script.sh", OpaqueKind::ShellString),
        ("ls | xargs rm", OpaqueKind::Indirect),
        ("find . -exec $c {} \\;", OpaqueKind::Indirect),
        ("exec $x", OpaqueKind::Exec),
        ("echo $(( $x + 1 ))", OpaqueKind::Evaluated),
        ("echo ${a[$i]}", OpaqueKind::Evaluated),
        ("printf -v \"$v\" %s 1", OpaqueKind::Evaluated),
        ("echo ${!ref}", OpaqueKind::Evaluated),
        ("PATH=/tmp:$PATH", OpaqueKind::Resolution),
        ("trap \"$x\" EXIT", OpaqueKind::Indirect),
        ("./run.sh", OpaqueKind::Unknown),
        ("python3 -c 'print(1)'", OpaqueKind::Program),
        ("python3 s.py arg", OpaqueKind::Program),
        ("echo 1 | python -", OpaqueKind::Program),
        ("node -e 'console.log(1)'", OpaqueKind::Program),
        ("nodejs app.js", OpaqueKind::Program),
    ] {
        let r = report(script);
        assert!(kinds(&r).contains(&kind), "{script}: {:?}", r.opaque);
        assert!(!r.read_only, "{script}");
    }
    let r = report("x=1\n  eval \"$x\"");
    assert_eq!(r.opaque[0].at, Position { line: 2, column: 3 });
}

#[test]
fn literal_code_is_analysed_in_place() {
    let r = report("eval 'rm -f a'\nbash -c 'cat b > c'\ntrap 'rm -f t' EXIT\n");
    assert!(r.opaque.is_empty(), "{:?}", r.opaque);
    assert_eq!(
        files(&r),
        [
            (Some("a"), Access::Delete),
            (Some("b"), Access::Read),
            (Some("c"), Access::Write),
            (Some("t"), Access::Delete)
        ]
    );
    // Found in the text of `bash -c`, reported where that command is.
    assert_eq!(r.files[2].at, Position { line: 2, column: 1 });
}

#[test]
fn names_resolve() {
    let r =
        report("f() { ls; }\nf\necho hi\nnosuchcmd\n/usr/bin/cat x\ntimeout 5 curl http://h/\n");
    let k: Vec<_> = r
        .commands
        .iter()
        .map(|c| (c.name.as_str(), c.kind))
        .collect();
    assert_eq!(
        k,
        [
            ("ls", CommandKind::Registered),
            ("f", CommandKind::Function),
            ("echo", CommandKind::Builtin),
            ("nosuchcmd", CommandKind::NotFound),
            ("/usr/bin/cat", CommandKind::Registered),
            ("timeout", CommandKind::Builtin),
            ("curl", CommandKind::Registered),
        ]
    );
    assert_eq!(r.highest_risk, Some(RiskLevel::HighRisk));
    assert!(!r.read_only, "not found and curl");
}

#[test]
fn parse_errors_have_a_position() {
    let r = report("echo ok\nif true; then\n  echo x\nfi fi\n");
    let e = r.parse_error.as_ref().expect("a parse error");
    assert_eq!(e.at.line, 4);
    assert!(e.message.contains("syntax error"), "{}", e.message);
    assert_eq!(
        names(&r),
        ["echo"],
        "the command before the error is reported"
    );
    assert!(!r.read_only);
}

#[test]
fn policy_tiers_and_refusals() {
    let registry = Arc::new(Registry::standard());
    let lookup = move |n: &str| registry.get(n);
    let resolve = move |n: &str| resolve_in(n, &lookup);
    let mut ctx = Context::with_resolver(&resolve);
    ctx.policy = PolicyState::new(
        CommandPolicy::new()
            .deny("curl")
            .confirm_at(RiskLevel::MediumRisk),
        Vec::new(),
    );
    let r = analyze("curl http://x/; rm f; ls", &ctx);
    let c: Vec<_> = r
        .commands
        .iter()
        .map(|c| (c.denied.as_deref(), c.confirm))
        .collect();
    assert_eq!(
        c,
        [(Some("--deny curl"), true), (None, true), (None, false)]
    );
}

#[test]
fn the_report_matches_its_schema() {
    let r = report("cat a > b; eval \"$x\"; curl http://h/\nif then");
    let v = r.to_json();
    let s = schema();
    let required = s["required"].as_array().map(Vec::len).unwrap_or_default();
    assert_eq!(v.as_object().map(|o| o.len()), Some(required));
    for key in ["commands", "files", "network", "opaque"] {
        let item = &s["properties"][key]["items"]["properties"];
        for entry in v[key].as_array().into_iter().flatten() {
            for (k, _) in entry.as_object().into_iter().flatten() {
                assert!(item.get(k).is_some(), "{key}.{k} not in the schema");
            }
        }
    }
    assert_eq!(v["commands"][0]["risk"], "read_only");
    assert_eq!(v["opaque"][0]["kind"], "eval");
    assert_eq!(v["parse_error"]["line"], 2);
}
