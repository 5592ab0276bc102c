//! `node` on a bare context (no session): the engine, the command line and the API pieces
//! that need no other command. The differential suite against the host's Node is
//! `tests/node/*.sh` (`tests/it/node_diff.rs`); the limits are tested in a session
//! (`tests/it/node.rs`).

use sandsh_api::{BufferCtx, Command};

fn node_in(ctx: &mut BufferCtx, args: &[&str]) -> i32 {
    let args: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    crate::Node::named("node").run(&args, ctx)
}

/// A context whose files are `files` (their directories made).
fn with_files(files: &[(&str, &str)]) -> BufferCtx {
    let ctx = BufferCtx::new();
    for (path, data) in files {
        let p = std::path::Path::new(path);
        if let Some(dir) = p.parent() {
            let _ = ctx.backend.mkdir(dir, 0o755, true);
        }
        let _ = ctx.backend.write(
            p,
            data.as_bytes(),
            sandsh_api::fs::WriteMode::Truncate,
            0o644,
        );
    }
    ctx
}

fn node(args: &[&str]) -> (String, String, i32) {
    let mut ctx = BufferCtx::new();
    let status = node_in(&mut ctx, args);
    (ctx.out_str(), ctx.err_str(), status)
}

fn eval(code: &str) -> String {
    let (out, err, status) = node(&["-e", code]);
    assert_eq!(status, 0, "{code}: {err}");
    out
}

#[test]
fn console_log_formats_values_as_node() {
    assert_eq!(
        eval("console.log(1 + 1, 'a', [1, 'b'], {x: {y: [1]}})"),
        "2 a [ 1, 'b' ] { x: { y: [ 1 ] } }\n"
    );
    assert_eq!(
        eval("console.log(new Map([[1, {a: 2}]]), new Set(['x']))"),
        "Map(1) { 1 => { a: 2 } } Set(1) { 'x' }\n"
    );
    assert_eq!(
        eval("console.log('%s is %d years', 'Bob', 42.5, 'extra')"),
        "Bob is 42.5 years extra\n"
    );
}

#[test]
fn print_and_argv() {
    let (out, _, status) = node(&["-p", "process.argv.slice(1)", "a", "b"]);
    assert_eq!((out.as_str(), status), ("[ 'a', 'b' ]\n", 0));
}

#[test]
fn files_and_require() {
    let mut ctx = with_files(&[
        ("/w/lib/index.js", "exports.twice = (x) => x * 2;\n"),
        ("/w/data.json", "{\"n\": 21}"),
        (
            "/w/main.js",
            "const {twice} = require('./lib'); const d = require('./data.json');\nconsole.log(twice(d.n), require('node:path').basename(__filename));\n",
        ),
    ]);
    let status = node_in(&mut ctx, &["/w/main.js"]);
    assert_eq!(
        (ctx.out_str().as_str(), status),
        ("42 main.js\n", 0),
        "{}",
        ctx.err_str()
    );
}

#[test]
fn an_uncaught_error_is_status_1_with_nodes_trailer() {
    let (_, err, status) = node(&["-e", "throw new TypeError('bad')"]);
    assert_eq!(status, 1);
    assert!(err.contains("TypeError: bad\n"), "{err}");
    assert!(err.ends_with("\nNode.js v20.20.2\n"), "{err}");
}

#[test]
fn process_exit_ends_at_once() {
    let (out, _, status) = node(&[
        "-e",
        "try { process.exit(3) } finally { console.log('no') }",
    ]);
    assert_eq!((out.as_str(), status), ("", 3));
    let (_, _, status) = node(&["-e", "process.exitCode = 4"]);
    assert_eq!(status, 4);
}

#[test]
fn timers_and_microtasks_run_in_nodes_order() {
    assert_eq!(
        eval(
            "setTimeout(() => console.log('t'), 0); Promise.resolve().then(() => console.log('p')); process.nextTick(() => console.log('n')); console.log('s')"
        ),
        "s\nn\np\nt\n"
    );
}

#[test]
fn date_is_the_sessions_clock_in_utc() {
    // BufferCtx's clock is fixed; Date sees it, not the host's.
    let mut ctx = BufferCtx::new();
    let want = ctx
        .now
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let status = node_in(
        &mut ctx,
        &[
            "-e",
            "console.log(Date.now(), new Date().getTime() === Date.now(), new Date(0).getHours(), new Date(0).getTimezoneOffset())",
        ],
    );
    assert_eq!(status, 0, "{}", ctx.err_str());
    assert_eq!(ctx.out_str(), format!("{want} true 0 0\n"));
}
