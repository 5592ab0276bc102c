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
    ("[.[] | IN(2, 3)]", "[1,2,3]", "[false,true,true]\n"),
    ("IN(.[]; 5, 1)", "[1,2]", "true\n"),
    (
        "INDEX(.id)",
        "[{\"id\":1},{\"id\":\"b\"}]",
        "{\"1\":{\"id\":1},\"b\":{\"id\":\"b\"}}\n",
    ),
    // Updates through null and past an array's end build what is missing, as in jq.
    (".a.b = 1", "{}", "{\"a\":{\"b\":1}}\n"),
    (".x = 1", "null", "{\"x\":1}\n"),
    (".[2] = 1", "[]", "[null,null,1]\n"),
    (".a[1].b |= 3", "{}", "{\"a\":[null,{\"b\":3}]}\n"),
    (
        ".a.n += 1 | .a.l += [2]",
        "{\"a\":null}",
        "{\"a\":{\"n\":1,\"l\":[2]}}\n",
    ),
    (".[-1] = 9", "[1,2]", "[1,9]\n"),
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

#[test]
fn spec_example_runs() {
    check("echo '{\"n\":1}' | jq '.n'", "1\n", 0);
}

#[test]
fn pretty_print_default_two_spaces() {
    check(
        "echo '{\"a\":[1,{\"b\":null}],\"c\":{}}' | jq .",
        "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {}\n}\n",
        0,
    );
}

#[test]
fn tab_indent_and_indent_n() {
    check("echo '[1]' | jq --tab .", "[\n\t1\n]\n", 0);
    check(
        "echo '{\"a\":[1]}' | jq --indent 4 .",
        "{\n    \"a\": [\n        1\n    ]\n}\n",
        0,
    );
    check("echo '{\"a\":[1]}' | jq --indent 0 .", "{\"a\":[1]}\n", 0);
    check_err(
        "jq --indent 8 .",
        "jq: Cannot indent more than 7 characters\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n",
        2,
    );
}

#[test]
fn update_before_an_array_start_fails_as_in_jq() {
    check_err(
        "jq -nc '[1] | .[-3] = 1'",
        "jq: error (at <unknown>): Out of bounds negative array index\n",
        5,
    );
}

#[test]
fn sort_keys_and_ascii() {
    check(
        "echo '{\"b\":1,\"a\":{\"d\":1,\"c\":2}}' | jq -Sc .",
        "{\"a\":{\"c\":2,\"d\":1},\"b\":1}\n",
        0,
    );
    check("echo '\"é😀\"' | jq -a .", "\"\\u00e9\\ud83d\\ude00\"\n", 0);
    // -r with -a prints strings quoted and escaped, as jq does
    check("echo '\"é\"' | jq -ra .", "\"\\u00e9\"\n", 0);
}

#[test]
fn color_output_uses_jq_default_palette() {
    check(
        "jq -Cc -n '[{\"a\":true},1,null]'",
        "\x1b[1;39m[\x1b[1;39m{\x1b[0m\x1b[34;1m\"a\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[0;39mtrue\x1b[0m\x1b[1;39m\x1b[1;39m}\x1b[0m\x1b[1;39m,\x1b[0;39m1\x1b[0m\x1b[1;39m,\x1b[1;30mnull\x1b[0m\x1b[1;39m\x1b[1;39m]\x1b[0m\n",
        0,
    );
    check("jq -C -M -n '1'", "1\n", 0);
}

#[test]
fn raw_join_nul_and_seq_output() {
    check("jq -nr '\"a\",1,[2]'", "a\n1\n[\n  2\n]\n", 0);
    check("jq -nj '\"a\",1'", "a1", 0);
    check("jq -n --raw-output0 '\"a\",\"b\"'", "a\0b\0", 0);
    check("jq -nc --seq '1'", "\x1e1\n", 0);
}

#[test]
fn stream_gives_path_events_as_it_parses() {
    // jq 1.6 and 1.7.1 print these (`jq -c --stream`).
    check(
        "printf '{\"a\":[1,{\"b\":2}],\"c\":\"x\"} 3 [] {}' | jq -c --stream .",
        "[[\"a\",0],1]\n[[\"a\",1,\"b\"],2]\n[[\"a\",1,\"b\"]]\n[[\"a\",1]]\n[[\"c\"],\"x\"]\n[[\"c\"]]\n[[],3]\n[[],[]]\n[[],{}]\n",
        0,
    );
    check(
        "echo '[1,[2]]' | jq -c --stream -s .",
        "[[[0],1],[[1,0],2],[[1,0]],[[1]]]\n",
        0,
    );
    check(
        "echo '{\"a\":[1,2],\"b\":{\"c\":3}}' | jq -cn --stream 'fromstream(1|truncate_stream(inputs))'",
        "[1,2]\n{\"c\":3}\n",
        0,
    );
    check(
        "echo '{\"a\":{\"b\":1}}' | jq -c --stream 'select(length == 2) | .[0] | join(\".\")'",
        "\"a.b\"\n",
        0,
    );
    // A repeated key gives both values; the events before a syntax error come first.
    check(
        "echo '{\"a\":1,\"a\":2}' | jq -c --stream .",
        "[[\"a\"],1]\n[[\"a\"],2]\n[[\"a\"]]\n",
        0,
    );
    check("echo '[1,2' | jq -c --stream . 2>/dev/null", "[[0],1]\n", 5);
    check_err(
        "echo '{\"a\":1}}' | jq -c --stream . >/dev/null",
        "jq: parse error: Unmatched '}' at the top-level at line 1, column 8\n",
        5,
    );
}

#[test]
fn several_texts_per_input_and_slurp() {
    check(
        "printf '1 2\\n[3]{\"a\":4}' | jq -c .",
        "1\n2\n[3]\n{\"a\":4}\n",
        0,
    );
    check("printf '1 2 3' | jq -c -s .", "[1,2,3]\n", 0);
    check("printf '' | jq -c -s .", "[]\n", 0);
    check("printf '1 2 3' | jq -c '[., input]'", "[1,2]\n", 5);
    check("printf '1 2 3' | jq -nc '[inputs]'", "[1,2,3]\n", 0);
    check("printf '1 2 3' | jq -nc 'input'", "1\n", 0);
}

#[test]
fn raw_input_lines_and_slurped_text() {
    check("printf 'a\\nb\\n' | jq -R .", "\"a\"\n\"b\"\n", 0);
    check("printf 'a\\nb' | jq -R .", "\"a\"\n\"b\"\n", 0);
    check("printf 'a\\nb\\n' | jq -Rs .", "\"a\\nb\\n\"\n", 0);
    check(
        "printf 'a\\nb\\n' | jq -nR '[inputs]' -c",
        "[\"a\",\"b\"]\n",
        0,
    );
}

#[test]
fn named_and_positional_arguments() {
    check("jq -nc --arg x 1 '$x'", "\"1\"\n", 0);
    check("jq -nc --argjson x '{\"a\":[1]}' '$x.a'", "[1]\n", 0);
    check(
        "jq -nc '$ARGS' --args a b",
        "{\"positional\":[\"a\",\"b\"],\"named\":{}}\n",
        0,
    );
    check(
        "jq -nc '$ARGS.positional' --jsonargs 1 '{\"a\":2}'",
        "[1,{\"a\":2}]\n",
        0,
    );
    check("jq -nc --arg a 1 '$ARGS.named'", "{\"a\":\"1\"}\n", 0);
    check_err(
        "jq -n --arg x",
        "jq: --arg takes two parameters (e.g. --arg varname value)\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n",
        2,
    );
    check_err(
        "jq -n --argjson x '{' .",
        "jq: Invalid JSON text passed to --argjson\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n",
        2,
    );
}

#[test]
fn files_slurpfile_rawfile_and_input_filename() {
    check(
        "echo '{\"a\":1} {\"a\":2}' > /tmp/f.json; jq -c '[.a, input_filename]' /tmp/f.json",
        "[1,\"/tmp/f.json\"]\n[2,\"/tmp/f.json\"]\n",
        0,
    );
    check(
        "echo '1 2' > /tmp/s.json; jq -nc --slurpfile v /tmp/s.json '$v'",
        "[1,2]\n",
        0,
    );
    check(
        "printf 'hi\\n' > /tmp/r.txt; jq -nc --rawfile v /tmp/r.txt '$v'",
        "\"hi\\n\"\n",
        0,
    );
    check(
        "echo 1 > /tmp/a.json; echo 2 > /tmp/b.json; jq -c . /tmp/a.json /tmp/b.json",
        "1\n2\n",
        0,
    );
    check_err(
        "jq . /nope.json",
        "jq: error: Could not open /nope.json: No such file or directory\n",
        2,
    );
    check(
        "echo '{\"x\":3}' > /tmp/p.jq; echo '.x' > /tmp/prog.jq; jq -f /tmp/prog.jq /tmp/p.jq",
        "3\n",
        0,
    );
}

#[test]
fn exit_status_flag() {
    check("jq -ne 'null'", "null\n", 1);
    check("jq -ne 'false'", "false\n", 1);
    check("jq -ne '1'", "1\n", 0);
    check("jq -ne 'empty'", "", 4);
    check("jq -n 'empty'", "", 0);
}

#[test]
fn runtime_errors_like_jq() {
    check_err(
        "echo '{\"a\":1}' | jq .a.b",
        "jq: error (at <stdin>:1): Cannot index number with \"b\"\n",
        5,
    );
    check_err(
        "jq -n '{\"a\":1} | .[0]'",
        "jq: error (at <unknown>): Cannot index object with number\n",
        5,
    );
    check_err(
        "echo '{\"a\":1}' | jq '.[null]'",
        "jq: error (at <stdin>:1): Cannot index object with null\n",
        5,
    );
    check("jq -n '{\"a\":1} | .[\"a\"], .a'", "1\n1\n", 0);
    check_err(
        "jq -n '\"abc\" | .[0]'",
        "jq: error (at <unknown>): Cannot index string with number\n",
        5,
    );
    check_err(
        "jq -n '1 | .[]'",
        "jq: error (at <unknown>): Cannot iterate over number (1)\n",
        5,
    );
    check_err(
        "jq -n '1 - \"a\"'",
        "jq: error (at <unknown>): number (1) and string (\"a\") cannot be subtracted\n",
        5,
    );
    check_err(
        "jq -n '{\"aaaaaaaaaa\":1} + 1'",
        "jq: error (at <unknown>): object ({\"aaaaaaaaa...) and number (1) cannot be added\n",
        5,
    );
    // jq 1.7.1 refuses a zero divisor for `/` and `%` (jaq gave infinity for `/`).
    check_err(
        "jq -n '1/0'",
        "jq: error (at <unknown>): number (1) and number (0) cannot be divided because the divisor is zero\n",
        5,
    );
    check_err(
        "jq -n '5 % 0'",
        "jq: error (at <unknown>): number (5) and number (0) cannot be divided because the divisor is zero\n",
        5,
    );
    check_err(
        "jq -n '\"a\" / 0'",
        "jq: error (at <unknown>): string (\"a\") and number (0) cannot be divided\n",
        5,
    );
    check("jq -n '1 / 4, 0 / 2'", "0.25\n0\n", 0);
    check_err(
        "jq -n 'true | length'",
        "jq: error (at <unknown>): boolean (true) has no length\n",
        5,
    );
    check_err(
        "jq -n 'error(\"boom\")'",
        "jq: error (at <unknown>): boom\n",
        5,
    );
    check_err(
        "jq -n 'error({a:1})'",
        "jq: error (at <unknown>) (not a string): {\"a\":1}\n",
        5,
    );
    check_err(
        "jq -n 'error(null)'",
        "jq: error (at <unknown>) (not a string): null\n",
        5,
    );
    // later inputs are still processed after an error
    check("printf '1 \"a\" 3' | jq '. + 1' 2>/dev/null", "2\n4\n", 5);
}

#[test]
fn input_parse_errors_exit_5_as_in_jq_1_7() {
    check_err(
        "echo '{' | jq .",
        "jq: parse error: Unfinished JSON term at EOF at line 2, column 0\n",
        5,
    );
    check_err(
        "echo '{\"a\":nul}' | jq .",
        "jq: parse error: Invalid literal at line 1, column 9\n",
        5,
    );
    check("printf '1 2 x' | jq . 2>/dev/null", "1\n2\n", 5);
    check("echo '{bad' | jq . 2>/dev/null; echo $?", "5\n", 0);
}

#[test]
fn compile_errors_exit_3() {
    check_err(
        "jq -n '.a | | b'",
        "jq: error: syntax error, unexpected '|' (Unix shell quoting issues?) at <top-level>, line 1:\n.a | | b     \njq: 1 compile error\n",
        3,
    );
    // jq's location: the line holding the error, padded to its column (checked against jq 1.6,
    // whose locfile_locate is 1.7.1's).
    check_err(
        "printf '.a\\n| foo | bar' > p.jq; jq -n -f p.jq",
        "jq: error: foo/0 is not defined at <top-level>, line 2:\n| foo | bar  \njq: error: bar/0 is not defined at <top-level>, line 2:\n| foo | bar        \njq: 2 compile errors\n",
        3,
    );
    check_err(
        "jq -n '.['",
        "jq: error: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1:\n.[ \njq: 1 compile error\n",
        3,
    );
    check_err(
        "jq -n 'foo(1)'",
        "jq: error: foo/1 is not defined at <top-level>, line 1:\nfoo(1)\njq: 1 compile error\n",
        3,
    );
    check_err(
        "jq -n '$nope'",
        "jq: error: $nope is not defined at <top-level>, line 1:\n$nope\njq: 1 compile error\n",
        3,
    );
}

#[test]
fn usage_errors_exit_2() {
    check_err(
        "jq -Z .",
        "jq: Unknown option: -Z\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n",
        2,
    );
}

#[test]
fn halt_and_halt_error() {
    check_err("jq -n '\"bye\\n\" | halt_error'", "bye\n", 5);
    check_err("jq -n '{a:1} | halt_error(3)'", "{\"a\":1}\n", 3);
    check("jq -n '1, halt, 2'", "1\n", 0);
}

#[test]
fn env_and_dollar_env_come_from_the_shell() {
    check(
        "export FOO=bar; jq -nr 'env.FOO, $ENV.FOO'",
        "bar\nbar\n",
        0,
    );
    check("jq -nr 'env.NOT_SET_ANYWHERE'", "null\n", 0);
}

#[test]
fn now_uses_the_context_clock() {
    check("jq -n 'now | type'", "\"number\"\n", 0);
    check("jq -n 'now > 1000000000'", "true\n", 0);
}

#[test]
fn default_filter_is_identity() {
    check("echo '[1]' | jq -c", "[1]\n", 0);
}

#[test]
fn loc_is_shimmed() {
    check(
        "jq -nc '$__loc__'",
        "{\"file\":\"<top-level>\",\"line\":1}\n",
        0,
    );
}

#[test]
fn number_literals_keep_their_form() {
    check(
        "echo '[1.000, 1e2, 100000000000000000000001, 0.1]' | jq -c .",
        "[1.000,1E+2,100000000000000000000001,0.1]\n",
        0,
    );
    check("echo '[1.000, 1e2]' | jq -c 'map(. + 0)'", "[1,100]\n", 0);
    check(
        "jq -n '3.0 * 1, 0.1 + 0.2, 1e17 * 1'",
        "3\n0.30000000000000004\n1e+17\n",
        0,
    );
}

#[test]
fn broken_pipe_stops_at_first_failed_write() {
    let t = std::time::Instant::now();
    check(
        "jq -n 'range(1e9)' | true; echo ${PIPESTATUS[0]}",
        "141\n",
        0,
    );
    assert!(t.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn cancellation_stops_runaway_filters() {
    for f in [
        "[range(1e9)]",
        "last(repeat(1))",
        "[limit(1e9; repeat(1))] | length",
        "until(false; .)",
        "last(recurse(. + 1))",
    ] {
        let t = std::time::Instant::now();
        let (_, _, code) = run(&format!("timeout 1 jq -n '{f}'"));
        assert_eq!(code, 124, "{f}");
        assert!(t.elapsed() < std::time::Duration::from_secs(20), "{f}");
    }
}

/// `has` and `in` refuse a key of the wrong type with jq's own message (jq 1.7.1's jv_has),
/// and null has no key.
#[test]
fn has_and_in_check_key_types_as_jq() {
    check(
        r#"jq -n -c '[({"a":1} | has("a"), has("b")), ([1,2] | has(1), has(5)), (null | has("a")), ("a" | in({}))]'"#,
        "[true,false,true,false,false,false]\n",
        0,
    );
    check_err(
        r#"jq -n '{"a":1} | has(1)'"#,
        "jq: error (at <unknown>): Cannot check whether object has a number key\n",
        5,
    );
    check_err(
        r#"jq -n '[1] | has("a")'"#,
        "jq: error (at <unknown>): Cannot check whether array has a string key\n",
        5,
    );
}

/// The regex builtins and explode/implode name a wrong input as jq 1.7.1's builtin.c and
/// builtin.jq do.
#[test]
fn regex_and_explode_type_errors_as_jq() {
    for (filter, msg) in [
        (
            r#"1 | test("a")"#,
            "number (1) cannot be matched, as it is not a string",
        ),
        (
            r#"{"a":"bcdefghijklmnop"} | sub("a";"b")"#,
            "object ({\"a\":\"bcdef...) cannot be matched, as it is not a string",
        ),
        (r#""x" | test(1; "g")"#, "number (1) is not a string"),
        (r#""x" | test(null)"#, "null not a string or array"),
        ("1 | ascii_downcase", "explode input must be a string"),
        ("1 | implode", "implode input must be an array"),
    ] {
        check_err(
            &format!("jq -n '{filter}'"),
            &format!("jq: error (at <unknown>): {msg}\n"),
            5,
        );
    }
    check(
        r#"jq -n -c '"xyz" | test(["Y","i"]), ("a, b" | [splits(", *")]), ("a-b" | split("-"; null))'"#,
        "true\n[\"a\",\"b\"]\n[\"a\",\"b\"]\n",
        0,
    );
}

/// A compiled program is kept for the next call (issue 46): the same program again gives the
/// same output, a program that failed to compile fails again with its message, and the names
/// of `--arg` globals are part of what is kept (a program compiled with `$x` defined is not
/// reused where it is not).
#[test]
fn compiled_programs_are_reused_only_for_the_same_text_and_globals() {
    let mut k = Kernel::new(KernelConfig::default());
    for _ in 0..3 {
        let r = k.execute("echo '{\"a\":[1,2]}' | jq -c '.a | map(. * 2)'");
        assert_eq!(r.stdout_str(), "[2,4]\n");
    }
    let r = k.execute("jq -n --arg x 1 '$x'");
    assert_eq!(r.stdout_str(), "\"1\"\n");
    for _ in 0..2 {
        let r = k.execute("jq -n '$x'");
        assert_eq!(r.exit_code, 3);
        assert!(
            r.stderr_str().contains("$x is not defined"),
            "{}",
            r.stderr_str()
        );
    }
}
