//! Differential tests: sandsh's `sqlite3` against the host's sqlite3 CLI (Debian 12's 3.40.1;
//! sandsh's library is SQLite 3.41.2, the bundle nearest it). Each script runs once in a fresh
//! sandsh kernel (in `/tmp/w` of its in-memory filesystem) and once through the host's bash in a
//! scratch directory; stdout, stderr and the exit status must match byte for byte, error
//! messages included. Files a case needs are written by the script itself, so both sides see
//! the same ones. A host without `sqlite3` fails the test (see `diff::require`).
//!
//! The containment cases (host files unreachable, no extensions, runaway queries) have no
//! host counterpart: they are checked against written expectations in `hostile.rs` and below.

use crate::diff::{self, Host};
use sandsh::{Kernel, KernelConfig};

/// The shared script loaded by several cases: tables, a view, an index, awkward values.
const SETUP: &str = r#"cat > s.sql <<'XEOF'
create table t(a integer primary key, b text, c real);
insert into t values(1,'x',1.5),(2,'it''s',null),(3,'l1
l2',0.1),(4,x'00ff',1e300),(5,'tab	here',-0.0),(6,'é ü',2);
create index ti on t(b);
create view v as select a, b from t where a < 3;
create table "my tab"(x, "y z");
insert into "my tab" values('a"b', 'c,d');
XEOF
"#;

const CASES: &[&str] = &[
    // SQL from arguments, every output mode and its flag.
    "sqlite3 :memory: 'select 1, 2.5, null, \"x\", x'\"'\"'41'\"'\"', 1e100, 1/3.0'",
    "sqlite3 -header :memory: 'select 1 as a, 2 as b union all select 3, 4'",
    "sqlite3 -csv -header :memory: \"select 'a b' as 'c 1', '' as e, 'x,y', 'ok', null, 1.0/3, 'é', 'q\\\"q'\"",
    "sqlite3 -json :memory: \"select 1 as a, 'x\\\"y' as b, 2.5 as c, null as d, x'41' as e, 'l1\nl2' as f; select 1 where 0; select 3 as z\"",
    "sqlite3 -line :memory: \"select 1 as a, 'xx' as longname; select 2 as a, 3 as b\"",
    "sqlite3 -column :memory: \"select 1 as a, 'hello' as b union all select 22, null\"",
    "sqlite3 -column -header :memory: \"select 1 as a, 'hello' as b union all select 22, null\"",
    "sqlite3 -table :memory: \"select 1 as a, 'hello' as bb union all select 22, 'a\nb'\"",
    "sqlite3 -box :memory: \"select 1 as a, 'héllo' as bb union all select 2, null\"",
    "sqlite3 -markdown :memory: \"select 1 as a, 'hello' as bb\"",
    "sqlite3 -table :memory: \"select printf('%.70c','x') as a, char(9)||'b' as t\"",
    "sqlite3 -separator X -newline Y -header :memory: 'select 1 a,2 b'",
    "sqlite3 -nullvalue NULL :memory: 'select null, 1'",
    "sqlite3 -csv -noheader :memory: 'select 1 as a'",
    "sqlite3 -cmd '.mode csv' -cmd '.headers on' :memory: 'select 1 a,2 b'",
    "sqlite3 :memory: '.mode json' 'select 1 a' '.mode line' 'select 2 b'",
    "sqlite3 :memory: 'select 1;' 'select 2; select 3'",
    "sqlite3 --csv :memory: 'select 1,2'",
    // Errors and exit statuses.
    "sqlite3 :memory: 'select * from t'",
    "sqlite3 :memory: 'selec 1'",
    "sqlite3 :memory: 'create table t(a unique);insert into t values(1);insert into t values(1);'",
    "sqlite3 :memory: 'select 1' 'select * from nope' 'select 2'",
    "sqlite3 -bail :memory: 'select * from nope' 'select 1'",
    "sqlite3 -foo",
    "sqlite3 -separator",
    "printf 'select 1;\\nselect * from t;\\nselect 2;\\n' | sqlite3",
    "printf 'select 1;\\nselect * from t;\\nselect 2;\\n' | sqlite3 -bail",
    "printf 'create table t(a unique);insert into t values(1);\\ninsert into t values(1);\\n' | sqlite3",
    "printf 'selec 1;\\n' | sqlite3",
    "printf 'select 1 +;\\n' | sqlite3",
    "printf 'select 1,\\n  2,\\n  nosuch;\\n' | sqlite3",
    "printf '.foo\\nselect 3;\\n' | sqlite3",
    "printf '.mode nosuch\\n' | sqlite3",
    "printf 'select 1' | sqlite3",
    "printf \"select 'abc\" | sqlite3",
    "printf 'select 1;\\n.exit 3\\nselect 2;\\n' | sqlite3",
    "echo .quit | sqlite3",
    // Input splitting: comments, quotes, several statements on a line, `go`.
    "printf -- '-- c\\nselect 1; -- x\\n/* a\\n b */ select 2;\\nselect \"a;b\", '\"'\"';'\"'\"';\\n# note\\nselect 3; select 4;\\nselect 5\\ngo\\n\\n   \\n' | sqlite3",
    // Files: created, written back, read again; read-only.
    "sqlite3 d.db 'create table t(a); insert into t values(1),(2)'; sqlite3 d.db 'select sum(a) from t'; sqlite3 -readonly d.db 'insert into t values(3)'; echo rc=$?; sqlite3 d.db 'select count(*) from t'",
    "sqlite3 e.db 'select 1'; test -e e.db && echo exists; wc -c < e.db",
    "sqlite3 -readonly x.db 'select 1'",
    "printf 'begin;\\ncreate table t(a);\\ninsert into t values(1);\\n' | sqlite3 f.db; sqlite3 f.db .tables",
    // The script with the dot-commands.
    "sqlite3 < s.sql; printf '.mode csv\\nselect * from t;\\n.headers on\\nselect * from t;\\n' | sqlite3 -cmd '.read s.sql'",
    "printf '.read s.sql\\n.tables\\n.schema\\n.schema t\\n.schema m%%\\n.dump\\n.dump t\\n' | sqlite3",
    "printf '.read s.sql\\n.mode list\\n.separator ,\\nselect * from t;\\n.nullvalue NULL\\nselect * from t;\\n.mode tabs\\nselect * from t;\\n.mode\\n' | sqlite3",
    "printf '.read s.sql\\n.mode line\\nselect a, b from t limit 2;\\n.mode column\\nselect * from t;\\n.mode table --wrap 3\\nselect * from t;\\n.mode box\\nselect * from t;\\n.mode markdown\\nselect * from t;\\n' | sqlite3",
    "printf '.read s.sql\\n.headers off\\n.mode column\\nselect 1 as a;\\n.mode insert\\nselect * from t;\\n.print hello world\\n.width 5 -3\\n.mode column\\nselect 1, 2;\\n.mode json\\nselect * from t;\\n' | sqlite3",
    "printf '.read s.sql\\n.mode csv\\nselect * from \"my tab\";\\n.headers on\\nselect * from \"my tab\";\\n' | sqlite3",
    "sqlite3 g.db < s.sql; sqlite3 g.db .dump | sqlite3 h.db; sqlite3 h.db 'select count(*) from t' .schema",
    // ATTACH of files: read, changed, written back; a new file; DETACH writes first; errors.
    "sqlite3 o.db 'create table t(x); insert into t values(5)'; sqlite3 m.db \"attach 'o.db' as o; select * from o.t; insert into o.t values(6); create table o.u(y)\"; sqlite3 o.db 'select * from t' .tables",
    "sqlite3 :memory: \"attach database 'n.db' as n; create table n.z(a); insert into n.z values(1); detach n; attach 'n.db' as \\\"q q\\\"; select * from \\\"q q\\\".z\"; sqlite3 n.db .schema",
    "sqlite3 :memory: \"attach 'k.db' as k; select 1\"; wc -c < k.db",
    "sqlite3 :memory: \"attach 'nope/x.db' as p\"; echo rc=$?",
    "sqlite3 r.db 'create table t(a)'; sqlite3 :memory: \"attach 'r.db' as r; attach 'r.db' as r\"; echo rc=$?",
    "printf \"attach 'p.db' as p;\\ncreate table p.t(a);\\ninsert into p.t values(1),(2);\\n\" | sqlite3; sqlite3 p.db 'select sum(a) from t'",
    // Each committed change reaches the file at once: an ATTACH of the same file sees it.
    "sqlite3 w.db \"create table t(x); insert into t values(7); attach 'w.db' as o; select * from o.t\"",
    "printf 'create table b(x integer primary key autoincrement);\\ncreate table a(y);\\ninsert into b values(null);\\ncreate trigger tr after insert on a begin select 1; end;\\n.schema\\n.schema b\\n.tables\\n.dump\\n' | sqlite3",
    "printf ';\\n  ;\\nselect 1;\\n' | sqlite3",
    // .import
    "printf 'a,b\\n1,x\\n2,\"y,z\"\\n3\\n4,5,6\\n\"q\"\"q\",\"m\\nl\"\\n' > in.csv; printf '.import --csv in.csv t\\n.schema\\nselect * from t;\\n.import --csv --skip 1 in.csv t\\nselect count(*) from t;\\n.mode tabs\\n.import in.csv u\\n.schema u\\n' | sqlite3",
    "printf 'a|b\\n1|2\\n' > in.txt; printf '.import in.txt t\\nselect * from t;\\n.mode csv\\n.import nope.csv t\\n' | sqlite3",
    // importing in csv mode leaves the row separator at "\n" (sqlite3's shell.c)
    "printf 'a,b\\n1,2\\n3,4\\n' > c.csv; sqlite3 :memory: '.mode csv' 'select 0' '.import c.csv t' 'select sum(b) from t' 'select * from t' | od -c",
    // .output, .once, .read
    "printf '.output o.txt\\nselect 1;\\n.output\\nselect 2;\\n.once p.txt\\nselect 3;\\nselect 4;\\n' | sqlite3; cat o.txt p.txt",
    "printf 'select 1;\\n' > r.sql; printf '.read r.sql\\nselect 2;\\n.read nope.sql\\nselect 3;\\n' | sqlite3",
    // quote, html, tcl and ascii modes, as dot-commands and flags; the mode names by prefix.
    "printf '.read s.sql\\n.mode quote\\nselect * from t;\\n.headers on\\nselect * from t;\\n.mode html\\nselect * from t;\\n.headers off\\nselect * from t;\\n.mode tcl\\nselect * from t;\\n.headers on\\nselect * from \\\"my tab\\\";\\n.mode ascii\\nselect * from t;\\n.mode\\n.mode t\\n.mode\\n.mode h\\n.mode\\n.mode q\\n.mode\\n' | sqlite3",
    "sqlite3 -quote -header :memory: \"select 1 as a, 2.0, 1e999, -1e999, 0.1, 9223372036854775808.0, 'it''s', x'00ff', null, 'l1\nl2'\"",
    "sqlite3 -html -header :memory: \"select 1 as '<a>', '&\\\"x''y>' as b, null\"; sqlite3 -html :memory: 'select 2'",
    "sqlite3 -ascii -header :memory: 'select 1 as a, 2 as b union all select 3, 4'; sqlite3 -tabs :memory: 'select 1, 2'",
    // .indexes, .databases (an in-memory main: the host's file paths differ), .changes, -init.
    "printf '.read s.sql\\ncreate table u(k unique);\\n.indexes\\n.indexes t\\n.indexes nomatch\\n.indices u\\n.databases\\n' | sqlite3",
    "printf '.changes on\\ncreate table t(a); insert into t values(1),(2); insert into t values(3);\\nselect count(*) from t;\\nupdate t set a=a+1;\\nselec;\\n.changes off\\nselect 2;\\n' | sqlite3",
    "printf 'select 42;\\n.mode csv\\n' > i.sql; sqlite3 -init i.sql :memory: 'select 1,2'; echo 'select 3,4;' | sqlite3 -init i.sql -list; sqlite3 -init nope.sql :memory: 'select 1'; echo rc=$?",
    // REGEXP and regexpi, the CLI's built-in functions, with its messages for bad patterns.
    "sqlite3 :memory: \"select 'abc' regexp 'b.', 'x1' regexp '\\d', null regexp 'a', 'a' regexp null, regexpi('A','xa'), 'ab' regexp 'A', 12 regexp '^1', 'é' regexp '^.$', 'a.b' regexp '^a\\.b$', 'abab' regexp '^(ab){2}$'\"",
    "printf '.read s.sql\\nselect a, b from t where b regexp \"^[a-z]+$\";\\nselect count(*) from t where b regexp \"s$|^x\";\\n' | sqlite3",
    "sqlite3 :memory: \"select 'a' regexp '('\"; echo rc=$?; printf \"select 'a' regexp '[';\\nselect 'a' regexp 'a{2,1}';\\nselect 'a' regexp '*a';\\nselect 'a' regexp 'a{';\\nselect 2;\\n\" | sqlite3; echo rc=$?",
    // Functions and SQL features of both versions.
    "sqlite3 :memory: \"select json_object('a', 1, 'b', json_array(1,2)), printf('%5.2f|%d', 3.14159, 7), upper('abc'), length('héllo'), typeof(1.0), 10/3, 10%3, round(2.5), substr('hello', 2, 3)\"",
    "sqlite3 -header :memory: 'with recursive c(x) as (select 1 union all select x+1 from c limit 5) select x, x*x as sq from c'",
    "sqlite3 :memory: 'create table t(a,b); insert into t values(1,2),(1,3),(2,4); select a, group_concat(b), count(*) from t group by a order by a'",
    "sqlite3 :memory: 'select value from generate_series(1,3)'",
];

fn sandsh_run(script: &str) -> (Vec<u8>, Vec<u8>, i32) {
    let mut k = Kernel::new(KernelConfig::default());
    let _ = k.execute("mkdir -p /tmp/w");
    let r = k.execute(&format!("cd /tmp/w\n{SETUP}{script}"));
    (r.stdout, r.stderr, r.exit_code)
}

fn host_run(script: &str) -> (Vec<u8>, Vec<u8>, i32) {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = Host::new().dir(dir.path()).run(&format!("{SETUP}{script}"));
    (r.stdout, r.stderr, r.status)
}

#[test]
fn sqlite3_matches_the_host_cli() {
    if !diff::require("sqlite3 (apt-get install sqlite3)", "sqlite3 -version") {
        return;
    }
    let mut failures = Vec::new();
    for case in CASES {
        let want = host_run(case);
        let got = sandsh_run(case);
        if want != got {
            failures.push(format!(
                "case: {case}\n--- host (status {}):\n{}\n{}\n--- sandsh (status {}):\n{}\n{}",
                want.2,
                String::from_utf8_lossy(&want.0),
                String::from_utf8_lossy(&want.1),
                got.2,
                String::from_utf8_lossy(&got.0),
                String::from_utf8_lossy(&got.1),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n\n")
    );
}

fn run(script: &str) -> (String, String, i32) {
    let (o, e, s) = sandsh_run(script);
    (
        String::from_utf8_lossy(&o).into_owned(),
        String::from_utf8_lossy(&e).into_owned(),
        s,
    )
}

/// `.databases` names the sandbox's files (the host CLI names the host's absolute paths, so this
/// is checked against a written expectation in the CLI's format).
#[test]
fn databases_names_the_sandbox_files() {
    let (o, e, s) = run(
        "cd /tmp/w && sqlite3 d.db \"attach 'a.db' as a; attach ':memory:' as m\" .databases; sqlite3 -readonly d.db .databases",
    );
    assert_eq!(
        (o.as_str(), e.as_str(), s),
        (
            "main: /tmp/w/d.db r/w\na: /tmp/w/a.db r/w\nm: \"\" r/w\nmain: /tmp/w/d.db r/o\n",
            "",
            0
        )
    );
}

#[test]
fn version_is_the_bundled_library() {
    let (o, _, s) = run("sqlite3 -version");
    assert_eq!(s, 0);
    assert!(o.starts_with("3.41.2 2023-03-22 "), "{o}");
}

#[test]
fn host_files_are_unreachable() {
    // ATTACH of a file, of a shared in-memory database, VACUUM INTO: nothing reaches a file.
    // The status is SQLite's result code, as the CLI returns it for SQL arguments (23: AUTH).
    // A path is the sandbox's file, never the host's (the sandbox's /etc/passwd is no database).
    let (_, e, s) =
        run("sqlite3 :memory: \"attach '/etc/passwd' as p; select count(*) from p.sqlite_master\"");
    assert_eq!(s, 26, "{e}");
    assert!(e.contains("file is not a database"), "{e}");
    // A URI could name another VFS or a database other sessions share: refused.
    let (_, e, s) = run("sqlite3 :memory: \"attach 'file:/etc/passwd' as p\"");
    assert_eq!(s, 23);
    assert!(
        e.contains("not authorized: ATTACH of 'file:/etc/passwd'"),
        "{e}"
    );
    let (_, e, s) = run("sqlite3 :memory: \"attach 'file:/x?vfs=memdb' as p\"");
    assert_eq!(s, 23, "{e}");
    let (_, e, s) = run("sqlite3 :memory: \"attach 'file:/etc/passwd?vfs=unix' as p\"");
    assert_eq!(s, 23, "{e}");
    let (_, e, s) =
        run("sqlite3 :memory: \"create table t(a); vacuum into '/tmp/sandsh-sqlite-escape.db'\"");
    assert_ne!(s, 0, "{e}");
    assert!(!std::path::Path::new("/tmp/sandsh-sqlite-escape.db").exists());
    // ATTACH of :memory: works.
    let (o, _, s) = run(
        "sqlite3 :memory: \"attach ':memory:' as m; create table m.t(a); insert into m.t values(7); select * from m.t\"",
    );
    assert_eq!((o.as_str(), s), ("7\n", 0));
}

#[test]
fn no_extensions_and_no_shell() {
    let (_, e, s) =
        run("sqlite3 :memory: \"select load_extension('/lib/x86_64-linux-gnu/libc.so.6')\"");
    assert_eq!(s, 1);
    assert!(e.contains("not authorized"), "{e}");
    let (_, e, s) = run("printf '.shell echo hi\\n.system echo hi\\n.load x\\n' | sqlite3");
    assert_eq!(s, 1);
    assert!(e.contains(".shell is not supported"), "{e}");
    assert!(e.contains(".system is not supported"), "{e}");
    assert!(e.contains(".load is not supported"), "{e}");
}
