//! `jq` through the kernel: CLI behaviour, exit statuses, error messages, output format and a
//! generated table of filters × inputs.
//!
//! Expected outputs were computed with the PyPI `jq` package (libjq 1.8; each output through
//! `tojson`, which prints as `jq -c` does); the few cases where jq 1.8 departs from jq 1.7
//! (`ltrimstr` on non-strings, `leaf_paths`, `@base32`/`@base32d`, `from_entries` with
//! `k`/`name` keys) were set from the jq 1.7 manual and builtin definitions instead.
//! Python is not needed at run time.

use sandsh::{Kernel, KernelConfig};

fn run(script: &str) -> (String, String, i32) {
    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute(script);
    (
        String::from_utf8_lossy(&r.stdout).into_owned(),
        String::from_utf8_lossy(&r.stderr).into_owned(),
        r.exit_code,
    )
}

fn sq(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[track_caller]
fn check(script: &str, stdout: &str, status: i32) {
    let (out, err, code) = run(script);
    assert_eq!(out, stdout, "stdout of {script}\nstderr: {err}");
    assert_eq!(code, status, "status of {script}\nstderr: {err}");
}

#[track_caller]
fn check_err(script: &str, stderr: &str, status: i32) {
    let (out, err, code) = run(script);
    assert_eq!(err, stderr, "stderr of {script}\nstdout: {out}");
    assert_eq!(code, status, "status of {script}");
}

/// (filter, input, expected `jq -c` stdout)
const TABLE: &[(&str, &str, &str)] = &[
    (".", "{\"a\":1,\"b\":[1,2]}", "{\"a\":1,\"b\":[1,2]}\n"),
    (".a", "{\"a\":1}", "1\n"),
    (".a.b", "{\"a\":{\"b\":\"x\"}}", "\"x\"\n"),
    (".[0]", "[5,6]", "5\n"),
    (".[-1]", "[5,6]", "6\n"),
    (".[1:3]", "[1,2,3,4]", "[2,3]\n"),
    (".[2:]", "\"abcdef\"", "\"cdef\"\n"),
    (".[]", "[1,[2],{\"a\":3}]", "1\n[2]\n{\"a\":3}\n"),
    (".[]?", "1", ""),
    ("..", "[[1]]", "[[1]]\n[1]\n1\n"),
    ("keys", "{\"b\":1,\"a\":2}", "[\"a\",\"b\"]\n"),
    ("keys_unsorted", "{\"b\":1,\"a\":2}", "[\"b\",\"a\"]\n"),
    ("length", "[1,2,3]", "3\n"),
    ("length", "\"héllo\"", "5\n"),
    ("length", "-5", "5\n"),
    ("utf8bytelength", "\"héllo\"", "6\n"),
    ("map(.+1)", "[1,2]", "[2,3]\n"),
    (
        "map_values(.*2)",
        "{\"a\":1,\"b\":2}",
        "{\"a\":2,\"b\":4}\n",
    ),
    (
        "to_entries",
        "{\"a\":1,\"b\":2}",
        "[{\"key\":\"a\",\"value\":1},{\"key\":\"b\",\"value\":2}]\n",
    ),
    (
        "from_entries",
        "[{\"key\":\"a\",\"value\":1},{\"k\":\"b\",\"v\":2},{\"name\":\"c\",\"value\":3},{\"key\":1,\"value\":4}]",
        "{\"a\":1,\"b\":2,\"c\":3,\"1\":4}\n",
    ),
    ("with_entries(.value+=1)", "{\"a\":1}", "{\"a\":2}\n"),
    ("add", "[1,2,3]", "6\n"),
    ("add", "[\"a\",\"b\"]", "\"ab\"\n"),
    ("add", "[]", "null\n"),
    ("any", "[false,true]", "true\n"),
    ("all", "[true,false]", "false\n"),
    ("any(.>2)", "[1,3]", "true\n"),
    ("all(.>0)", "[1,3]", "true\n"),
    ("flatten", "[1,[2,[3]]]", "[1,2,3]\n"),
    ("flatten(1)", "[1,[2,[3]]]", "[1,2,[3]]\n"),
    ("range(3)", "null", "0\n1\n2\n"),
    ("[range(0;10;3)]", "null", "[0,3,6,9]\n"),
    ("[range(5;0;-2)]", "null", "[5,3,1]\n"),
    ("[range(0;1;0.25)]", "null", "[0,0.25,0.5,0.75]\n"),
    ("floor", "3.7", "3\n"),
    ("sqrt", "16", "4\n"),
    ("pow(2;10)", "null", "1024\n"),
    ("log|floor", "100", "4\n"),
    ("tostring", "[1,\"a\"]", "\"[1,\\\"a\\\"]\"\n"),
    ("tostring", "\"x\"", "\"x\"\n"),
    (
        "[.[]|tostring]",
        "[1.5,true,null,{\"a\":1}]",
        "[\"1.5\",\"true\",\"null\",\"{\\\"a\\\":1}\"]\n",
    ),
    ("tonumber", "\"42\"", "42\n"),
    ("tonumber", "\"1.5\"", "1.5\n"),
    (
        "[.[]|tojson]",
        "[1,1.5,\"a\",[1,{\"b\":null}]]",
        "[\"1\",\"1.5\",\"\\\"a\\\"\",\"[1,{\\\"b\\\":null}]\"]\n",
    ),
    ("fromjson", "\"{\\\"a\\\":[1,2]}\"", "{\"a\":[1,2]}\n"),
    ("type", "{}", "\"object\"\n"),
    (
        "[.[]|type]",
        "[null,true,1,\"a\",[],{}]",
        "[\"null\",\"boolean\",\"number\",\"string\",\"array\",\"object\"]\n",
    ),
    ("infinite", "null", "1.7976931348623157e+308\n"),
    ("(-infinite)", "null", "-1.7976931348623157e+308\n"),
    ("nan|isnan", "null", "true\n"),
    ("[nan]", "null", "[null]\n"),
    (
        "sort",
        "[3,1,\"a\",null,[1],{\"a\":1},true,false]",
        "[null,false,true,1,3,\"a\",[1],{\"a\":1}]\n",
    ),
    (
        "sort_by(.a)",
        "[{\"a\":2},{\"a\":1}]",
        "[{\"a\":1},{\"a\":2}]\n",
    ),
    (
        "group_by(.a)|map(length)",
        "[{\"a\":1},{\"a\":2},{\"a\":1}]",
        "[2,1]\n",
    ),
    ("unique", "[1,2,1,3]", "[1,2,3]\n"),
    (
        "unique_by(length)",
        "[\"a\",\"bb\",\"c\"]",
        "[\"a\",\"bb\"]\n",
    ),
    ("min", "[3,1,2]", "1\n"),
    ("max", "[3,1,2]", "3\n"),
    ("min_by(.x)", "[{\"x\":3},{\"x\":1}]", "{\"x\":1}\n"),
    ("max_by(.x)", "[{\"x\":3},{\"x\":1}]", "{\"x\":3}\n"),
    ("min", "[]", "null\n"),
    ("reverse", "[1,2,3]", "[3,2,1]\n"),
    ("contains(\"bar\")", "\"foobar\"", "true\n"),
    ("contains({a:[1]})", "{\"a\":[1,2],\"b\":1}", "true\n"),
    ("inside([1,2,3])", "[1]", "true\n"),
    ("indices(\", \")", "\"a, b, c\"", "[1,4]\n"),
    ("indices(1)", "[0,1,2,1]", "[1,3]\n"),
    ("indices([1,2])", "[0,1,2,1,2]", "[1,3]\n"),
    ("index(\"b\")", "\"abcb\"", "1\n"),
    ("rindex(\"b\")", "\"abcb\"", "3\n"),
    ("startswith(\"ab\")", "\"abc\"", "true\n"),
    ("endswith(\"bc\")", "\"abc\"", "true\n"),
    ("ltrimstr(\"a\")", "\"abc\"", "\"bc\"\n"),
    ("rtrimstr(\"c\")", "\"abc\"", "\"ab\"\n"),
    ("ltrimstr(\"a\")", "1", "1\n"),
    ("rtrimstr(1)", "\"abc\"", "\"abc\"\n"),
    ("explode", "\"aé\"", "[97,233]\n"),
    ("implode", "[97,233,128512]", "\"aé😀\"\n"),
    ("split(\", \")", "\"a, b\"", "[\"a\",\"b\"]\n"),
    (
        "split(\", *\"; null)",
        "\"a, b,c\"",
        "[\"a\",\"b\",\"c\"]\n",
    ),
    ("join(\"-\")", "[\"a\",1,null,true]", "\"a-1--true\"\n"),
    ("ascii_downcase", "\"ABc\"", "\"abc\"\n"),
    ("ascii_upcase", "\"abC\"", "\"ABC\"\n"),
    ("test(\"B\";\"i\")", "\"abc\"", "true\n"),
    ("test(\"\\\\d\")", "\"a1\"", "true\n"),
    ("[match(\"o+\";\"g\")|.offset]", "\"foo boo\"", "[1,5]\n"),
    (
        "capture(\"(?<y>\\\\d+)-(?<m>\\\\d+)\")",
        "\"2023-11\"",
        "{\"y\":\"2023\",\"m\":\"11\"}\n",
    ),
    (
        "[scan(\"[0-9]+\")]",
        "\"a1b22c333\"",
        "[\"1\",\"22\",\"333\"]\n",
    ),
    ("sub(\"a\";\"X\")", "\"aaa\"", "\"Xaa\"\n"),
    ("gsub(\"a\";\"X\")", "\"aaa\"", "\"XXX\"\n"),
    (
        "gsub(\"(?<l>[a-z])\";\"\\(.l|ascii_upcase)\")",
        "\"ab1\"",
        "\"AB1\"\n",
    ),
    ("[splits(\", \")]", "\"a, b, c\"", "[\"a\",\"b\",\"c\"]\n"),
    ("@base64", "\"hello\"", "\"aGVsbG8=\"\n"),
    ("@base64d", "\"aGVsbG8=\"", "\"hello\"\n"),
    ("@uri", "\"a b&c=d/é\"", "\"a%20b%26c%3Dd%2F%C3%A9\"\n"),
    (
        "@csv",
        "[1,\"a\\\"b\",null,true,1.5]",
        "\"1,\\\"a\\\"\\\"b\\\",,true,1.5\"\n",
    ),
    (
        "@tsv",
        "[1,\"a\\tb\",null,\"x\\\\y\"]",
        "\"1\\ta\\\\tb\\t\\tx\\\\\\\\y\"\n",
    ),
    ("@json", "[1,\"x\"]", "\"[1,\\\"x\\\"]\"\n"),
    ("@text", "[1,\"x\"]", "\"[1,\\\"x\\\"]\"\n"),
    ("@sh", "\"it's\"", "\"'it'\\\\''s'\"\n"),
    ("@sh", "[1,\"a b\",null,false]", "\"1 'a b' null false\"\n"),
    (
        "@html",
        "\"<a href=\\\"x\\\">&</a>\"",
        "\"&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;\"\n",
    ),
    (
        "\"\\(.a) and \\(.b)\"",
        "{\"a\":1,\"b\":\"x\"}",
        "\"1 and x\"\n",
    ),
    ("@base64 \"x\\(.)y\"", "\"hi\"", "\"xaGk=y\"\n"),
    ("todate", "1700000000", "\"2023-11-14T22:13:20Z\"\n"),
    ("fromdate", "\"2023-11-14T22:13:20Z\"", "1700000000\n"),
    (
        "strftime(\"%Y-%m-%dT%H:%M:%SZ\")",
        "1700000000",
        "\"2023-11-14T22:13:20Z\"\n",
    ),
    (
        "strftime(\"%A, %B %d, %Y\")",
        "1700000000",
        "\"Tuesday, November 14, 2023\"\n",
    ),
    (
        "strptime(\"%Y-%m-%d\")|mktime",
        "\"2023-11-14\"",
        "1699920000\n",
    ),
    ("gmtime", "1700000000", "[2023,10,14,22,13,20,2,317]\n"),
    ("todate", "0", "\"1970-01-01T00:00:00Z\"\n"),
    ("getpath([\"a\",\"b\"])", "{\"a\":{\"b\":5}}", "5\n"),
    ("getpath([\"a\",0,\"b\"])", "null", "null\n"),
    ("[getpath([\"a\"],[\"b\"])]", "{\"a\":1}", "[1,null]\n"),
    ("setpath([\"a\",\"b\"];1)", "null", "{\"a\":{\"b\":1}}\n"),
    (
        "delpaths([[\"a\"],[\"b\",0]])",
        "{\"a\":1,\"b\":[1,2],\"c\":3}",
        "{\"b\":[2],\"c\":3}\n",
    ),
    (
        "del(.b)",
        "{\"a\":1,\"b\":2,\"c\":3}",
        "{\"a\":1,\"c\":3}\n",
    ),
    ("del(.[0,2])", "[1,2,3,4]", "[2,4]\n"),
    ("del(.[] | select(. > 2))", "[1,3,2,4]", "[1,2]\n"),
    (
        "del(.a, .c)",
        "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}",
        "{\"b\":2,\"d\":4}\n",
    ),
    (
        "to_entries|map(select(.value>1))|from_entries",
        "{\"a\":1,\"b\":2,\"c\":3}",
        "{\"b\":2,\"c\":3}\n",
    ),
    (
        "[paths]",
        "{\"a\":[1,{\"b\":2}]}",
        "[[\"a\"],[\"a\",0],[\"a\",1],[\"a\",1,\"b\"]]\n",
    ),
    (
        "[paths(type==\"number\")]",
        "{\"a\":[1,{\"b\":2}]}",
        "[[\"a\",0],[\"a\",1,\"b\"]]\n",
    ),
    (
        "[leaf_paths]",
        "{\"a\":[1,{\"b\":2}]}",
        "[[\"a\",0],[\"a\",1,\"b\"]]\n",
    ),
    ("path(.a[0].b)", "null", "[\"a\",0,\"b\"]\n"),
    ("[path(..)]", "{\"a\":[1]}", "[[],[\"a\"],[\"a\",0]]\n"),
    (
        "tostream",
        "{\"a\":[1,2]}",
        "[[\"a\",0],1]\n[[\"a\",1],2]\n[[\"a\",1]]\n[[\"a\"]]\n",
    ),
    (
        "fromstream(tostream)",
        "{\"a\":[1,{\"b\":null}]}",
        "{\"a\":[1,{\"b\":null}]}\n",
    ),
    (
        "[1|truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]])]",
        "null",
        "[[[0],2],[[0]]]\n",
    ),
    (
        "walk(if type==\"number\" then .+1 else . end)",
        "[1,{\"a\":2}]",
        "[2,{\"a\":3}]\n",
    ),
    (
        "walk(if type==\"array\" then sort else . end)",
        "[3,[2,1]]",
        "[3,[1,2]]\n",
    ),
    ("transpose", "[[1,2],[3]]", "[[1,3],[2,null]]\n"),
    ("transpose", "[]", "[]\n"),
    ("[limit(3;.[])]", "[1,2,3,4,5]", "[1,2,3]\n"),
    ("[limit(0;.[])]", "[1,2]", "[]\n"),
    ("first", "[1,2]", "1\n"),
    ("last", "[1,2]", "2\n"),
    ("first(.[])", "[4,5]", "4\n"),
    ("last(.[])", "[4,5]", "5\n"),
    ("nth(1)", "[4,5]", "5\n"),
    ("[first(empty)]", "null", "[]\n"),
    ("isempty(empty)", "null", "true\n"),
    ("isempty(.[])", "[1]", "false\n"),
    ("[.[]|until(.>100;.*2)]", "[1,30]", "[128,120]\n"),
    ("[while(.<10;.+3)]", "1", "[1,4,7]\n"),
    ("[limit(4;repeat(1))]", "null", "[1,1,1,1]\n"),
    (
        "[recurse(if . < 3 then .+1 else empty end)]",
        "0",
        "[0,1,2,3]\n",
    ),
    ("[recurse]", "[[1]]", "[[[1]],[1],1]\n"),
    ("reduce .[] as $x (0;.+$x)", "[1,2,3]", "6\n"),
    ("[foreach .[] as $x (0;.+$x)]", "[1,2,3]", "[1,3,6]\n"),
    (
        "[foreach .[] as $x (0;.+$x;[$x,.])]",
        "[1,2]",
        "[[1,1],[2,3]]\n",
    ),
    (
        "[label $out | .[] | if . > 2 then ., break $out else . end]",
        "[1,2,3,4]",
        "[1,2,3]\n",
    ),
    (". as [$a,$b] | $a+$b", "[1,2]", "3\n"),
    (". as {a:$x} | $x", "{\"a\":5}", "5\n"),
    (".a // \"d\"", "{}", "\"d\"\n"),
    (".a // \"d\"", "{\"a\":false}", "\"d\"\n"),
    ("try error(\"x\") catch .", "null", "\"x\"\n"),
    ("try error({a:1}) catch .a", "null", "1\n"),
    (
        "if . then \"y\" elif . == null then \"n\" else \"f\" end",
        "null",
        "\"n\"\n",
    ),
    ("if . > 1 then \"big\" end", "0", "0\n"),
    ("[.[]|select(.>1)]", "[1,2,3]", "[2,3]\n"),
    ("[.[]|numbers]", "[1,\"a\",null]", "[1]\n"),
    ("[.[]|strings]", "[1,\"a\",null]", "[\"a\"]\n"),
    ("[.[]|values]", "[1,null]", "[1]\n"),
    ("[.[]|scalars]", "[1,[2],\"a\"]", "[1,\"a\"]\n"),
    ("has(\"a\")", "{\"a\":null}", "true\n"),
    ("has(1)", "[1]", "false\n"),
    ("in({\"a\":1})", "\"a\"", "true\n"),
    ("[.[]|splits(\"a\")]", "[\"bab\"]", "[\"b\",\"b\"]\n"),
    (
        "combinations",
        "[[1,2],[3,4]]",
        "[1,3]\n[1,4]\n[2,3]\n[2,4]\n",
    ),
    ("[combinations(2)]", "[0,1]", "[[0,0],[0,1],[1,0],[1,1]]\n"),
    ("$ENV|type", "null", "\"object\"\n"),
    ("env|type", "null", "\"object\"\n"),
    ("input_filename", "null", "null\n"),
    (
        "$__loc__",
        "null",
        "{\"file\":\"<top-level>\",\"line\":1}\n",
    ),
    ("{a,b}", "{\"a\":1,\"b\":2,\"c\":3}", "{\"a\":1,\"b\":2}\n"),
    ("{(.k):.v}", "{\"k\":\"x\",\"v\":1}", "{\"x\":1}\n"),
    ("{\"a b\":1}|.\"a b\"", "null", "1\n"),
    (".[] += 1", "[1,2]", "[2,3]\n"),
    (".a |= .+1", "{\"a\":1}", "{\"a\":2}\n"),
    (".a = 5", "{}", "{\"a\":5}\n"),
    (".[] |= empty", "[1,2]", "[]\n"),
    ("to_entries", "{}", "[]\n"),
    ("splits(\"a\";\"g\")", "\"bab\"", "\"b\"\n\"b\"\n"),
    ("ascii_downcase", "\"ÀB\"", "\"Àb\"\n"),
    ("significand", "8", "1\n"),
    ("logb", "8", "3\n"),
    ("frexp", "8", "[0.5,4]\n"),
    ("[.[]|floor]", "[1.5,-1.5]", "[1,-2]\n"),
    ("[.[]|round]", "[1.5,-1.5]", "[2,-2]\n"),
    ("[.[]|fabs]", "[-1.5]", "[1.5]\n"),
    ("1e1000", "null", "1.7976931348623157e+308\n"),
    (
        "[1.000, 1e2, 100e-2, 1.5e-7, 0.00001]",
        "null",
        "[1.000,1E+2,1.00,1.5E-7,0.00001]\n",
    ),
    (
        ".",
        "[1.000,1e2,100000000000000000000001]",
        "[1.000,1E+2,100000000000000000000001]\n",
    ),
    (". * 1", "1e17", "1e+17\n"),
    (".+0.1", "0.2", "0.30000000000000004\n"),
    ("1/3", "null", "0.3333333333333333\n"),
    (
        "[.[]|.*1]",
        "[1e-5,1.5e-7,1e300]",
        "[1e-05,1.5e-07,1e+300]\n",
    ),
    ("3.0", "null", "3.0\n"),
    ("1.5*2", "null", "3\n"),
    ("@text \"v=\\(.)\"", "1", "\"v=1\"\n"),
    (
        "tojson",
        "{\"b\":1,\"a\":{\"d\":1,\"c\":2}}",
        "\"{\\\"b\\\":1,\\\"a\\\":{\\\"d\\\":1,\\\"c\\\":2}}\"\n",
    ),
    ("ltrimstr(\"x\")", "{\"a\":1}", "{\"a\":1}\n"),
    ("getpath([\"x\"])", "{\"x\":[1]}", "[1]\n"),
    ("any(.[]; . == 2)", "[1,2]", "true\n"),
    ("all(.[]; . < 5)", "[1,2]", "true\n"),
    ("[.[]|ascii_downcase]", "[\"AbC\"]", "[\"abc\"]\n"),
    ("@base32", "\"abc\"", "\"MFRGG===\"\n"),
    ("@base32d", "\"MFRGG===\"", "\"abc\"\n"),
    ("min_by(.a)", "[]", "null\n"),
    ("group_by(.)", "[3,1,3]", "[[1],[3,3]]\n"),
    (
        "unique_by(.a)",
        "[{\"a\":1,\"b\":1},{\"a\":1,\"b\":2}]",
        "[{\"a\":1,\"b\":1}]\n",
    ),
    ("tostring", "1.000", "\"1.000\"\n"),
    (
        "[.[]|tostring]",
        "[1e1000]",
        "[\"1.7976931348623157e+308\"]\n",
    ),
    ("halt", "1", ""),
    ("splits(\"b\")", "\"abc\"", "\"a\"\n\"c\"\n"),
];

#[test]
fn generated_table_matches_oracle() {
    let mut failures = Vec::new();
    for (filter, input, want) in TABLE {
        let script = format!("printf '%s' {} | jq -c {}", sq(input), sq(filter));
        let (out, err, code) = run(&script);
        if out != *want || code != 0 {
            failures.push(format!(
                "{filter}  <<< {input}\n   want {want:?}\n   got  {out:?} (status {code}) {err}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        TABLE.len(),
        failures.join("\n")
    );
}
