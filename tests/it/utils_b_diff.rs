//! Differential tests for the second batch of text utilities (tac, rev, paste, comm, join, nl,
//! fold, expand, unexpand, column, fmt, split, csplit, shuf, strings, envsubst, xxd, hexdump,
//! numfmt, iconv, bc): each case runs in a fresh sandsh kernel and through the host's bash with
//! `LC_ALL=C.UTF-8`, comparing stdout and the exit status byte for byte.
//!
//! FILE cases run over every generated input (written as `in`, with a second input `in2`
//! for two-file tools); PLAIN cases are whole scripts. A case whose host tool is missing is
//! skipped (install: coreutils, bsdextrautils, xxd, bc, gettext-base, binutils, libc-bin).

use std::collections::HashMap;
use std::path::Path;

use crate::diff::Host;
use crate::util::Rng;
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

fn inputs() -> Vec<Vec<u8>> {
    let words = [
        "apple",
        "Banana",
        "cherry",
        "10",
        "9",
        "-3",
        "2.5",
        "1e3",
        "1K",
        "abc",
        "",
        "zz",
        "é",
        "ß",
        "  lead",
        "a\tb",
        "x:y:z",
        "1:2:3",
        "hello world",
        "tab\there",
        "007",
        "123456789012345678901234567890",
    ];
    let mut out = vec![
        b"".to_vec(),
        b"one line no newline".to_vec(),
        b"b\na\nb\nA\na\n".to_vec(),
        b"x 3\ny 1\nz 2\nx 3\n\n".to_vec(),
        b"crlf\r\nline two\r\n\r\n".to_vec(),
        b"bad \xff\xfe bytes\nok\n\xc3\n".to_vec(),
        b"\t\tindented\n    four\n        eight\n  \t mixed \t end\n".to_vec(),
        [
            b"long ".repeat(60),
            b"\n".to_vec(),
            b"x".repeat(200),
            b"\n".to_vec(),
        ]
        .concat(),
        b"1 a\n2 b\n3 c\n5 e\n".to_vec(),
    ];
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for n in [5, 30] {
        let mut s = String::new();
        for _ in 0..n {
            let fields = 1 + r.next() % 4;
            for f in 0..fields {
                if f > 0 {
                    s.push_str(r.pick(&[" ", " ", "\t", ":", "  "]));
                }
                s.push_str(r.pick(&words));
            }
            s.push('\n');
        }
        out.push(s.into_bytes());
    }
    out
}

/// The second input for two-file tools (comm, join, paste).
const IN2: &[u8] = b"1 one\n2 two\n4 four\n5 five\nb bee\nx ex\n";

/// Cases run over each input: `in` is the input file, `in2` the second one.
const FILE_CASES: &[&str] = &[
    "tac in",
    "tac -b in",
    "tac -s a in",
    "tac -s ' ' -b in",
    "rev in",
    "paste in",
    "paste in in2",
    "paste -d, in in2 in",
    "paste -s in",
    "paste -s -d ':,' in in2",
    "paste - - < in",
    "paste -d '\\t\\n' - - - < in",
    "comm in in2",
    "comm -12 in in2",
    "comm -3 --output-delimiter=:: in in2",
    "comm --check-order in in2",
    "comm --nocheck-order -2 in in2",
    "comm --total in in2",
    "fold in",
    "fold -w 10 in",
    "fold -w 7 -s in",
    "fold -b -w 5 in",
    "fold -sw 1 in",
    "expand in",
    "expand -t 3 in",
    "expand -i in",
    "expand -t 2,5,9 in",
    "expand -t 4,/6 in",
    "expand -t 3,+5 in",
    "unexpand in",
    "unexpand -a in",
    "unexpand -t 4 in",
    "unexpand --first-only -t 2 in",
    "expand in | unexpand -a",
    "join in in2",
    "join -a1 in in2",
    "join -a2 -v1 in in2",
    "join -a1 -a2 -e X -o 0,1.2,2.2 in in2",
    "join -o auto -e - -a1 in in2",
    "join -t ' ' in in2",
    "join -t : -1 2 in in2",
    "join -j 2 in in2",
    "join -i --nocheck-order in in2",
    "join --check-order in in2",
    "join --header in in2",
    "join -1 1 -2 1 -o 2.2,1.1 in2 in",
    "column in",
    "column -x in",
    "column -c 30 in",
    "column -t in",
    "column -t -s: in",
    "column -t -s ': ' -o '|' in",
    "column -t -N A,B,C -R 2 in",
    "column -t -l 2 in",
    "column -t -L in",
    "column -t -H 1 -O 3,2 in",
    "rm -rf s; mkdir s && cd s && split -l 3 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -b 7 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -C 10 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -C 30 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n 3 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n l/4 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n r/3 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -e -n 5 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -d -a 3 -l 2 ../in pre && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -x -l 1 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split --numeric-suffixes=7 -l 2 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n 2/3 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n l/2/3 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -n r/1/2 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && split -t ' ' -l 2 ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && cat ../in | split -n 2; echo st=$?; cat ../in | split -n l/2; echo st=$?; ls",
    "rm -rf s; mkdir s && cd s && split -n 2 < ../in && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && cat ../in | split -n r/2 && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "wc < in; wc -l < in; wc - in < in; cat in | wc; wc -c - < in",
    "rm -rf s; mkdir s && cd s && seq 2000 > f && printf x > g && mkdir d && ls -s; ls -sh; ls -s1 d; ls -sl d; ls -s g d; ls -sR",
    "rm -rf s; mkdir s && cd s && split --verbose -l 4 ../in p --additional-suffix=.txt && for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit ../in 2; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit ../in 2 4; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -s ../in '/a/'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit ../in '/a/' '{*}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -k ../in '/a/' '{3}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -z ../in '/^/' '{*}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit ../in '%b%' '/a/+1'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -n 3 -f p ../in '/e/-1' '{*}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit --suppress-matched ../in '/^$/' '{*}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -b '%03x.txt' ../in 3; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit ../in 1 '{2}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "rm -rf s; mkdir s && cd s && csplit -k ../in 5 '{*}'; echo st=$?; for f in *; do echo \"== $f\"; cat \"$f\"; done",
    "strings in",
    "strings -n 2 -t x in",
    "strings -td -n 8 in",
    "strings -o -w in",
    "strings -f -e S in",
    "envsubst < in",
    "xxd in",
    "xxd -g 3 -c 7 in",
    "xxd -g 0 -u in",
    "xxd -p in",
    "xxd -p -c 7 in",
    "xxd -i in",
    "xxd -b -c 4 in",
    "xxd -e in",
    "xxd -s 5 -l 20 -o 100 in",
    "xxd -s -7 in",
    "xxd -d -a in",
    "xxd in | xxd -r | od -An -c",
    "xxd -p in | xxd -r -p | od -An -c",
    "xxd -c 5 in | xxd -r -c 5 | od -An -c",
    "xxd -i < in",
    "hexdump in",
    "hexdump -C in",
    "hexdump -b in",
    "hexdump -c in",
    "hexdump -d in",
    "hexdump -o in",
    "hexdump -x in",
    "hexdump -C -n 20 -s 3 in",
    "hexdump -v -C in",
    "hexdump -b -c in",
    "iconv -f UTF-8 -t LATIN1 in | od -An -tx1",
    "iconv -f LATIN1 -t UTF-8 in",
    "iconv -f CP1252 -t UTF-8 in",
    "iconv -f UTF-8 -t ASCII//TRANSLIT in",
    "iconv -c -f UTF-8 -t ASCII in",
    "iconv -f UTF-8 -t UTF-16 in | od -An -tx1",
    "iconv -f UTF-8 -t UTF-16BE in | iconv -f UTF-16BE -t UTF-8",
    "iconv -f UTF-8 -t UTF-32 in | iconv -f UTF-32 -t UTF-8",
    "iconv -t WINDOWS-1252//TRANSLIT -f utf8 in | od -An -tx1",
    "fmt in",
    "fmt -w 20 in",
    "fmt -u -w 40 in",
    "fmt -s -w 10 in",
    "fmt -c -w 30 in",
    "fmt -t -w 30 in",
    "fmt -p x -w 12 in",
    "fmt -g 20 in",
    "nl in",
    "nl -ba in",
    "nl -bn in",
    "nl -ba -l2 in",
    "nl -n ln -w 3 -s '|' in",
    "nl -n rz -v 7 -i 3 in",
    "nl -b 'p^[a-c]' in",
];

/// Whole scripts (their tool is the first word of the last pipeline stage, for skipping).
const PLAIN: &[(&str, &str)] = &[
    ("tac", "printf 'a1b2c' | tac -r -s '[0-9]'"),
    ("tac", "tac nonexistent; echo st=$?"),
    ("rev", "printf 'ab\\0cd\\nx\\n' | rev"),
    ("rev", "printf 'ab\\n\\xffx\\n' | rev; echo st=$?"),
    ("paste", "paste -d 'ab\\' /dev/null; echo st=$?"),
    ("paste", "paste nonexistent; echo st=$?"),
    (
        "comm",
        "printf 'b\\na\\nc\\n' > c1; printf 'a\\nb\\nc\\n' > c2; comm c1 c2; echo st=$?",
    ),
    (
        "comm",
        "printf 'b\\na\\n' > c1; printf 'a\\nb\\n' > c2; comm --check-order c1 c2; echo st=$?",
    ),
    ("comm", "comm /dev/null; echo st=$?"),
    (
        "comm",
        "printf 'a\\n' > c1; comm --output-delimiter= c1 c1 | od -c",
    ),
    ("fold", "echo abc | fold -w 0; echo st=$?"),
    ("fold", "echo abc | fold -w x; echo st=$?"),
    ("fold", "printf 'abcdefghij' | fold -4"),
    ("fold", "printf 'a\\bbc\\rdefgh\\n' | fold -w 3"),
    ("expand", "echo x | expand -t 0; echo st=$?"),
    ("expand", "echo x | expand -t 4,2; echo st=$?"),
    ("expand", "echo x | expand -t a; echo st=$?"),
    ("expand", "echo x | expand -t 4/8; echo st=$?"),
    ("expand", "printf 'a\\tb\\n' | expand -4"),
    ("expand", "printf 'a\\bb\\tc\\n' | expand"),
    (
        "unexpand",
        "printf 'a       b  \\n        \\n' | unexpand -a",
    ),
    ("unexpand", "printf '   \\t x\\n' | unexpand"),
    (
        "unexpand",
        "printf '       x       y\\n' | unexpand -t 7,14",
    ),
    ("unexpand", "printf ' \\t  a\\n  ' | unexpand -a"),
    (
        "nl",
        "printf 'a\\n\\\\:\\\\:\\\\:\\nh\\n\\\\:\\\\:\\nb\\n\\\\:\\nf\\n' | nl -ha -fa",
    ),
    ("nl", "printf 'a\\n\\\\:\\\\:\\nb\\n' | nl -p"),
    ("nl", "printf 'a\\n@@\\nb\\n' | nl -d @"),
    (
        "join",
        "printf 'a 1\\nb 2\\n' > x; printf 'a x\\nc y\\nb z\\n' > y; join x y; echo st=$?",
    ),
    (
        "join",
        "printf 'a 1\\nb 2\\nc 3\\nb 4\\n' > x; printf 'a 1\\nb 2\\n' > y; join -a1 x y; echo st=$?",
    ),
    (
        "join",
        "printf 'a 1\\na 2\\n' > x; printf 'a x\\na y\\n' > y; join x y; join -j 3 x y",
    ),
    (
        "join",
        "printf 'h x\\na 1\\n' > x; : > y; join --header x y; join --header y x",
    ),
    (
        "join",
        "printf 'a,,1\\n' > x; printf 'a,2,\\n' > y; join -t, -e E x y; join -t, -o auto -e E x y",
    ),
    (
        "join",
        "printf 'a b \\n' > x; printf 'a c\\n' > y; join x y | od -c",
    ),
    ("join", "join -o 3.1 /dev/null /dev/null; echo st=$?"),
    ("join", "join -o x /dev/null /dev/null; echo st=$?"),
    ("join", "join -a 3 /dev/null /dev/null; echo st=$?"),
    ("join", "join -t ab /dev/null /dev/null; echo st=$?"),
    ("join", "join - - </dev/null; echo st=$?"),
    ("join", "join /dev/null; echo st=$?"),
    ("column", "printf 'a b\\n' | column -t -R X; echo st=$?"),
    ("column", "printf 'a b\\n' | column -c x; echo st=$?"),
    ("column", "seq 1 12 | COLUMNS=30 column"),
    ("column", "printf '%090d\\nab\\n' 1 | column"),
    ("column", "printf 'a\\n' | column -t -N A,B,C -d"),
    ("fmt", "echo a | fmt -w x; echo st=$?"),
    ("fmt", "echo a | fmt -w 6000; echo st=$?"),
    (
        "fmt",
        "printf 'hello world.  This is a test of fmt which should wrap lines nicely and make good paragraphs. Another sentence here! And (parens) too.\\n\\n  indented para\\n  continues here\\n' | fmt -w 30",
    ),
    ("fmt", "seq 1 3000 | fmt"),
    ("fmt", "seq 1 3000 | tr '\\n' ' ' | fmt -w 50"),
    (
        "fmt",
        "printf '  first line here\\nsecond line is longer than that\\nthird\\n' | fmt -t -w 20",
    ),
    (
        "fmt",
        "printf '# a b c d e f\\n# g h i\\nnot prefixed\\n  # j k\\n' | fmt -p '#' -w 8",
    ),
    (
        "fmt",
        "printf '\\tTab indented text that goes on and on\\n\\tand on\\n' | fmt -w 25",
    ),
    ("fmt", "fmt nonexistent; echo st=$?"),
    ("fmt", "printf 'x y' | fmt -60"),
    ("split", "seq 10 | split -l 0; echo st=$?"),
    ("split", "seq 10 | split -b 0; echo st=$?"),
    ("split", "seq 10 | split -n x; echo st=$?"),
    (
        "split",
        "seq 30 | split -a 1 -l 1; echo st=$?; ls | tail -3",
    ),
    (
        "split",
        "seq 700 | split -l 1; ls | head -n 653 | tail -n 6",
    ),
    ("split", "seq 10 | split -l 2 -b 3; echo st=$?"),
    ("split", "split nonexistent; echo st=$?"),
    ("split", "seq 10 | split -l 2 - a b c; echo st=$?"),
    ("csplit", "seq 10 | csplit - 3 2; echo st=$?"),
    ("csplit", "seq 10 | csplit - 0; echo st=$?"),
    ("csplit", "seq 10 | csplit - '/5' ; echo st=$?"),
    ("csplit", "seq 10 | csplit - '{3}'; echo st=$?"),
    ("csplit", "seq 10 | csplit - /2/ '{x}'; echo st=$?"),
    ("csplit", "seq 10 | csplit - '/1/+x'; echo st=$?"),
    ("csplit", "seq 5 | csplit -b abc - 2; echo st=$?"),
    ("csplit", "seq 5 | csplit -; echo st=$?"),
    (
        "csplit",
        "seq 20 | csplit - '%3%' '/1/-1' '{*}'; echo st=$?; ls; cat xx00 xx10",
    ),
    ("csplit", "seq 3 | csplit - 4; echo st=$?; ls"),
    (
        "csplit",
        "seq 5 | csplit --suppress-matched - /3/; cat xx00 xx01",
    ),
    ("csplit", "seq 5 | csplit -z -n 1 - 1 3; ls"),
    (
        "shuf",
        "head -c 3000 /dev/zero | tr '\\0' '\\7' > rs; seq 1 1000 | od -An -tx1 | head -c 5000 > rs2; cat rs2 >> rs; seq 10 | shuf --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; seq 100 | shuf --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; seq 100 | shuf -n 5 --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; seq 100 > in; shuf -n 5 --random-source=rs in; shuf -n 4 --random-source=rs < in",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; shuf -i 1-1000000000 -n 3 --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; shuf -i 7-30 --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; shuf -r -n 20 -e a b c --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; shuf -r -n 20 -i 1-300 --random-source=rs",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; printf 'a\\0b\\0c' | shuf -z --random-source=rs | od -c",
    ),
    (
        "shuf",
        "seq 1 1000 | od -An -tx1 > rs; seq 3 | shuf -o out --random-source=rs; cat out",
    ),
    (
        "shuf",
        "printf 'ab' > rs; seq 100 | shuf --random-source=rs; echo st=$?",
    ),
    ("shuf", "shuf -i x; echo st=$?"),
    ("shuf", "shuf -n x </dev/null; echo st=$?"),
    ("shuf", "shuf -e -i 1-2; echo st=$?"),
    ("shuf", "shuf -r </dev/null; echo st=$?"),
    ("shuf", "shuf -i 5-3; echo st=$?; shuf -i 5-4; echo st=$?"),
    ("shuf", "shuf -e; echo st=$?; shuf -n 0 -e a b; echo st=$?"),
    (
        "strings",
        "printf 'abc\\0defgh\\tij\\1klmnop\\nqrst uv\\303\\251wxyz12' | strings",
    ),
    (
        "strings",
        "printf 'abcd' > s1; strings -f s1 s1 -; strings -n x s1; echo st=$?",
    ),
    (
        "strings",
        "strings -n 0 /dev/null; echo st=$?; strings nonexistent; echo st=$?",
    ),
    ("strings", "printf 'ab\\0abcdefghij\\0' | strings -3 -s '|'"),
    (
        "strings",
        "head -c 100000 /dev/zero | tr '\\0' 'a' | strings | wc -c",
    ),
    (
        "envsubst",
        "export A=1 B=two; echo 'x $A ${B} ${A:-y} $ $1 ${ ${B $C. $A_B' | envsubst",
    ),
    (
        "envsubst",
        "export A=1 B=two; echo '$A $B ${A}' | envsubst '${B} $A'",
    ),
    ("envsubst", "envsubst -v '$A ${B} $A $1 ${C'; echo st=$?"),
    (
        "envsubst",
        "envsubst -v; echo st=$?; envsubst a b </dev/null; echo st=$?",
    ),
    (
        "envsubst",
        "A=1; echo '$A' | envsubst; export A; echo '$A' | envsubst",
    ),
    (
        "xxd",
        "head -c 64 /dev/zero | xxd -a; (head -c 48 /dev/zero; printf x) | xxd -a",
    ),
    ("xxd", "head -c 100 /dev/zero | xxd -a -c 8"),
    ("xxd", "printf '00000010: 41\\n' | xxd -r | od -An -c"),
    (
        "xxd",
        "printf 'garbage\\n00000000: 4142 zz43\\n' | xxd -r | od -An -c",
    ),
    ("xxd", "xxd nonexistent; echo st=$?"),
    ("xxd", "printf abc | xxd -e -g 3; echo st=$?"),
    ("xxd", "printf abcdef | xxd -s -2; echo st=$?"),
    ("xxd", "printf hi | xxd -c 300; echo st=$?"),
    (
        "xxd",
        "printf hi > 1file.x; xxd -i -C 1file.x; xxd -i 1file.x out; cat out",
    ),
    (
        "xxd",
        "printf 'abcdef' | xxd -s 0x2 -l 2; printf 'abc' | xxd -l 0; echo st=$?",
    ),
    (
        "hexdump",
        "head -c 64 /dev/zero | hexdump -C; head -c 64 /dev/zero | hexdump -v | head -3",
    ),
    (
        "hexdump",
        "(head -c 40 /dev/zero; printf abc; head -c 40 /dev/zero) | hexdump",
    ),
    ("hexdump", "hexdump nonexistent; echo st=$?"),
    (
        "hexdump",
        "printf 'abc' > f; hexdump f nonexistent; echo st=$?",
    ),
    (
        "hexdump",
        "printf 'hello\\n\\tworld\\001\\377\\a\\b\\f\\r\\v\\0' | hexdump -c",
    ),
    (
        "iconv",
        "echo 'héllo ñ € “q” – — … ß æ Œ ü © ½ 日本 ﬁ →' | iconv -f UTF-8 -t ASCII//TRANSLIT; echo st=$?",
    ),
    ("iconv", "echo hé | iconv -f UTF-8 -t ASCII; echo st=$?"),
    (
        "iconv",
        "printf 'a\\377b\\n' | iconv -f UTF-8 -t LATIN1; echo st=$?",
    ),
    (
        "iconv",
        "printf 'a\\303' | iconv -f UTF-8 -t LATIN1; echo st=$?",
    ),
    (
        "iconv",
        "printf '\\377\\376h\\0' | iconv -f UTF-16 -t UTF-8; printf 'h\\0' | iconv -f UTF-16 -t UTF-8",
    ),
    (
        "iconv",
        "iconv -f FOO -t UTF-8 </dev/null; echo st=$?; iconv -f UTF-8 -t BAR </dev/null; echo st=$?",
    ),
    (
        "iconv",
        "printf '\\200\\223\\201' | iconv -f CP1252 -t UTF-8; echo st=$?",
    ),
    (
        "iconv",
        "echo '€' | iconv -f UTF-8 -t LATIN1//TRANSLIT; echo 'a€b' | iconv -f UTF-8 -t LATIN1//IGNORE; echo st=$?",
    ),
    ("iconv", "iconv nonexistent; echo st=$?"),
    (
        "iconv",
        "printf 'hé' | iconv -f utf-8 -t latin1 -o out; od -An -tx1 out",
    ),
    (
        "numfmt",
        "numfmt --to=si 1000 999 1500 1000000 123456789 0 9999 99999 999999 999499 1 1023 1024",
    ),
    (
        "numfmt",
        "numfmt --to=si -- -1500 -999 -0.5; numfmt --to=iec 0.5 1.25 10 2047 1048576",
    ),
    (
        "numfmt",
        "numfmt --to=iec-i 1024 1536 4096000; numfmt 1.50 100 1.005",
    ),
    (
        "numfmt",
        "numfmt --from=si 1K 1.5M 2G; numfmt --from=iec 1K 1.5M; numfmt --from=auto 1K 1Ki 2M",
    ),
    (
        "numfmt",
        "numfmt --from=si 1k; echo st=$?; numfmt --from=iec-i 1Ki 1K; echo st=$?",
    ),
    (
        "numfmt",
        "numfmt --to=si --suffix=B 1500; numfmt --padding=8 42; numfmt --padding=-8 42; echo",
    ),
    (
        "numfmt",
        "numfmt --format=%08.2f 3.14159; numfmt '--format=%-10f|' 5; numfmt --format='x%.1fy' 2.25",
    ),
    (
        "numfmt",
        "numfmt --to=si --round=up 1001; numfmt --to=si --round=down 1999; numfmt --to=si --round=nearest 1050 1049; numfmt --to=si --round=towards-zero 1999",
    ),
    (
        "numfmt",
        "numfmt --from=si --to=iec 1M; numfmt --to=si --format=%.3f 1234567; numfmt --to=si --format=%.1f 999999",
    ),
    (
        "numfmt",
        "numfmt abc; echo st=$?; numfmt 1K; echo st=$?; numfmt --from=si 1X; echo st=$?; numfmt 0x10; echo st=$?",
    ),
    (
        "numfmt",
        "numfmt --from-unit=1024 --to=si 1; numfmt --to-unit=1000 5000; numfmt --grouping 1234567",
    ),
    (
        "numfmt",
        "printf 'x 2000 3000\\n5000 6000 abc\\n 7000  8000\\n' | numfmt --field=2 --to=si",
    ),
    (
        "numfmt",
        "printf 'x 2000 3000\\n5000 6000 abc\\n 7000  8000\\n' | numfmt --field=2- --to=iec; echo st=$?",
    ),
    (
        "numfmt",
        "printf 'x 2000 3000\\n5000 6000 abc\\n 7000  8000\\n' | numfmt --header --to=si",
    ),
    (
        "numfmt",
        "printf 'x 2000 3000\\n5000 6000 abc\\n 7000  8000\\n' | numfmt --invalid=warn --to=si; echo st=$?",
    ),
    (
        "numfmt",
        "printf 'x 2000 3000\\n5000 6000 abc\\n' | numfmt --invalid=fail --to=si; echo st=$?",
    ),
    (
        "numfmt",
        "printf 'a:2048:1\\nb:4096:2\\n' | numfmt -d: --field=2 --to=iec-i",
    ),
    ("numfmt", "printf '1\\t2000\\n' | numfmt --field 2 --to=si"),
    ("numfmt", "printf '   999999\\n' | numfmt --to=si"),
    ("seq", "seq -w -f %03g 1 3; echo st=$?"),
    (
        "sort",
        "printf 'b 2\\na 1\\nb 2\\nc 3\\n' > p; printf 'a 0\\nb 1\\nd 4\\n' > q; sort -m p q; sort -m -u -k1,1 q p; sort -m -r q p; sort -m -n -k2 p q",
    ),
    (
        "od",
        "printf 'abc' | od -A x -t x1z; printf 'abcdefghijklmnopq' | od -t x2z -t c; printf 'h\\303\\251\\0\\377' | od -t x1z",
    ),
    (
        "od",
        "printf 'abcdefghij' > f; od -c -j 0x2 -N 3 f; od -c -j 010 -N 2 f; od -j1x f; od -j 09 f; od -N x f; od -N 99999999999999999999 f; od -j 99999999999999999K f; od -c -N 2K -j 8 f; od -j 10 f; od -j 11 f; echo st=$?",
    ),
    (
        "ln",
        "mkdir -p d e; touch f; ln d e; echo st=$?; ln d; ln -f d x; ln f e/f && ln f e/f; echo st=$?",
    ),
    (
        "od",
        "printf 'abcdef' | od -w4 -c; printf 'abcdef' | od -w -c; printf 'abcdefgh' | od -s; printf 'abcdef' | od -w0 -c",
    ),
    (
        "wc",
        "for s in 'a\\0b' '\\377' 'a \\377' '\\001' 'a \\001 b' 'é' '\\303' 'x\\377y'; do printf \"$s\" | wc -w; done",
    ),
    ("nl", "nl -b q </dev/null; echo st=$?"),
    ("nl", "nl -w 0 </dev/null; echo st=$?"),
    ("nl", "nl -v x </dev/null; echo st=$?"),
];

fn gnu(script: &str, dir: &Path) -> Option<(Vec<u8>, i32)> {
    let r = Host::new().dir(dir).run(script);
    Some((r.stdout, r.status))
}

fn show(b: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(b))
}

#[test]
fn utils_b_match_gnu() {
    let dir = std::env::temp_dir().join(format!("sandsh-utils-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut have: HashMap<String, bool> = HashMap::new();
    let mut exists = |t: &str| {
        *have
            .entry(t.to_string())
            .or_insert_with(|| super::diff::has_tool(t))
    };
    let mut k = Kernel::new(KernelConfig::default());
    k.execute("mkdir -p /tmp/w");
    std::fs::write(dir.join("in2"), IN2).expect("write in2");
    k.backend()
        .write(Path::new("/tmp/w/in2"), IN2, WriteMode::Truncate, 0o644)
        .expect("vfs write");
    for input in inputs() {
        std::fs::write(dir.join("in"), &input).expect("write input");
        k.backend()
            .write(Path::new("/tmp/w/in"), &input, WriteMode::Truncate, 0o644)
            .expect("vfs write");
        for case in FILE_CASES {
            let tool = case.split(' ').next().unwrap_or("");
            if !exists(tool) {
                continue;
            }
            let Some((want, wst)) = gnu(case, &dir) else {
                continue;
            };
            let r = k.execute(&format!("cd /tmp/w && {case}"));
            compared += 1;
            if r.stdout != want || r.exit_code != wst {
                failures.push(format!(
                    "{case} over {}\n  gnu:    {} (status {wst})\n  sandsh: {} (status {}, stderr {})",
                    show(&input),
                    show(&want),
                    show(&r.stdout),
                    r.exit_code,
                    show(&r.stderr)
                ));
            }
        }
    }
    for (tool, case) in PLAIN {
        if !exists(tool) {
            continue;
        }
        let _ = std::fs::remove_dir_all(dir.join("p"));
        std::fs::create_dir_all(dir.join("p")).expect("plain dir");
        let Some((want, wst)) = gnu(case, &dir.join("p")) else {
            continue;
        };
        let mut k = Kernel::new(KernelConfig::default());
        let r = k.execute(&format!("cd /tmp && {case}"));
        compared += 1;
        if r.stdout != want || r.exit_code != wst {
            failures.push(format!(
                "{case}\n  gnu:    {} (status {wst})\n  sandsh: {} (status {}, stderr {})",
                show(&want),
                show(&r.stdout),
                r.exit_code,
                show(&r.stderr)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{compared} comparisons");
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Hostile input and odd options: every command ends (no panic) whatever it is fed.
#[test]
fn utils_b_survive_hostile_input() {
    let mut r = Rng(0x1234_5678_9abc_def1);
    let mut data = Vec::new();
    for _ in 0..20_000 {
        let b = (r.next() % 256) as u8;
        // Plenty of newlines, tabs and spaces among the random bytes.
        data.push(match b % 7 {
            0 => b'\n',
            1 => b' ',
            2 => b'\t',
            _ => b,
        });
    }
    let mut k = Kernel::new(KernelConfig::default());
    k.backend()
        .write(Path::new("/tmp/h"), &data, WriteMode::Truncate, 0o644)
        .expect("vfs write");
    let cmds = [
        "tac /tmp/h",
        "tac -r -s '[a-z]*' /tmp/h",
        "rev /tmp/h",
        "paste -s /tmp/h /tmp/h",
        "comm /tmp/h /tmp/h",
        "join -a1 -a2 /tmp/h /tmp/h",
        "nl -ba -bp'x\\(y' /tmp/h",
        "fold -w 1 /tmp/h",
        "fold -s -w 3 /tmp/h",
        "expand -t 1,3,+9 /tmp/h",
        "unexpand -a -t 2 /tmp/h",
        "column /tmp/h",
        "column -t -s ':x' /tmp/h",
        "fmt -w 2 /tmp/h",
        "fmt -u -c -t /tmp/h",
        "fmt -p x -w 5 /tmp/h",
        "split -b 999 /tmp/h",
        "split -n l/7 /tmp/h",
        "split -C 10 /tmp/h q",
        "csplit -k /tmp/h '/a/' '{*}'",
        "shuf -n 5 /tmp/h",
        "shuf /tmp/h",
        "strings /tmp/h",
        "envsubst < /tmp/h",
        "xxd -b -c 256 /tmp/h",
        "xxd -e -g 8 -c 13 /tmp/h",
        "xxd /tmp/h | xxd -r",
        "xxd -r /tmp/h",
        "xxd -r -p /tmp/h",
        "hexdump -C /tmp/h",
        "hexdump -b -c -d -o -x /tmp/h",
        "iconv -f UTF-16 -t UTF-8 /tmp/h",
        "iconv -c -f UTF-8 -t ASCII//TRANSLIT /tmp/h",
        "numfmt --invalid=ignore --to=si < /tmp/h",
        "numfmt --from=auto --field=1- --invalid=warn < /tmp/h",
    ];
    let mut failures = Vec::new();
    for c in cmds {
        let res = k.execute(&format!("cd /tmp && mkdir -p z && cd z && {c} > /dev/null"));
        let err = String::from_utf8_lossy(&res.stderr);
        if err.contains("panicked")
            || res.exit_code >= 100 && res.exit_code != 130 && res.exit_code != 141
        {
            failures.push(format!("{c}: status {} stderr {err}", res.exit_code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
