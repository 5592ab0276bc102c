//! Differential tests: sandsh's `awk` against gawk 5.2 on this machine.
//!
//! Each case runs once in a sandsh kernel (inputs written to its in-memory filesystem under
//! /tmp) and once through the host's bash with `LC_ALL=C.UTF-8` in a scratch directory holding
//! the same files; stdout and the exit status must match byte for byte. sandsh emulates the
//! C.UTF-8 locale, so string functions count characters. Skipped when gawk is missing.

use std::path::Path;

use crate::diff::{self, Host};
use crate::util::Rng;
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

/// Input files: awkward ones first, then generated tables.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut v: Vec<(&'static str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("nonl", b"alpha beta 3\ngamma delta 4".to_vec()),
        ("crlf", b"a b 1\r\nc d 2\r\n".to_vec()),
        ("bytes", b"caf\xc3\xa9 \xff\xfe 5\nna\xefve x 6\n".to_vec()),
        (
            "table",
            b"alice 10 x,y,z\nbob 20 p,q\n  carol   30   r\n\ndave -5 s,t,u,v\nalice 7 w\n"
                .to_vec(),
        ),
        (
            "para",
            b"\n\nname: a\nage: 1\n\nname: b\nage: 2\n\n\n\nname: c\n".to_vec(),
        ),
        ("csv", b"1,2,3\n4,,6\n,8,\n10,11,12,13\n".to_vec()),
        ("tabs", b"a\tb c\td\n\t\tx\n".to_vec()),
        (
            "utf8",
            "héllo wörld ñ\nß straße 日本語\n".as_bytes().to_vec(),
        ),
    ];
    let mut long = Vec::new();
    for i in 0..3000 {
        long.extend_from_slice(format!("w{i} ").as_bytes());
    }
    long.push(b'\n');
    v.push(("long", long));
    let words = [
        "apple", "Banana", "10", "9", "-3", "2.5", "1e3", "0x10", " ", "abc10", "", "zz", "é",
        "007", "+4", ".5", "1e", "nan", "-0",
    ];
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut s = String::new();
    for _ in 0..40 {
        let n = 1 + r.next() % 5;
        for f in 0..n {
            if f > 0 {
                s.push_str(r.pick(&[" ", " ", "\t", "  "]));
            }
            s.push_str(r.pick(&words));
        }
        s.push('\n');
    }
    v.push(("gen", s.into_bytes()));
    v
}

/// Programs run over every input file: `awk ARGS FILE`.
const OVER_INPUTS: &[&str] = &[
    "'{print}'",
    "'{print $1}'",
    "'{print $NF}'",
    "'{print NF}'",
    "'{print NR, FNR, $0}'",
    "'{print $2, $1}'",
    "'{print length($0)}'",
    "'{print length()}'",
    "'{s += $2} END {print s}'",
    "'{s += $3} END {print s + 0}'",
    "'{c[$1]++} END {n = 0; for (k in c) n++; print n}'",
    "'NR % 2'",
    "'NR == 2, NR == 3'",
    "'/a/'",
    "'!/a/'",
    "'$2 > 5'",
    "'$2 > \"5\"'",
    "'$1 == \"alice\" {print $2}'",
    "'{$1 = \"X\"; print}'",
    "'{$2 = \"\"; print; print NF}'",
    "'{NF = 2; print}'",
    "'{$(NF+2) = \"new\"; print}'",
    "'{print toupper($0)}'",
    "'{print substr($0, 2, 3)}'",
    "'{print index($0, \"a\")}'",
    "'{n = split($0, a, \",\"); print n, a[1], a[n]}'",
    "'{gsub(/a/, \"A\"); print}'",
    "'{sub(/[0-9]+/, \"<&>\"); print}'",
    "'{print match($0, /[0-9]+/), RSTART, RLENGTH}'",
    "'{printf \"%s|%5s|%-5s|\\n\", $1, $2, $3}'",
    "'{printf \"%d %i %.2f\\n\", $2, $2, $2}'",
    // Precisions and widths past 65535 (the fuzzer found the shell's printf panicking there).
    "'NR == 1 {printf \"%.70000f|%.70000e|%#.70000g|%.70000d|%70000s\\n\", 1.5, 1.5, 1.5, 5, \"x\"}'",
    "'{print ($2 < $3), ($1 < $2)}'",
    "'{print $2 + 0, $2 * 2, -$2}'",
    "'END {print NR, $0}'",
    "'BEGIN {FS = \",\"} {print $2}'",
    "-F, '{print $3}'",
    "-F, -v OFS=- '{$1 = $1; print}'",
    "-F'\\t' '{print $2}'",
    "-F '[, ]+' '{print NF, $2}'",
    "-F '' '{print NF, $1, $2}'",
    "'BEGIN {RS = \"\"} {print NR \": \" $1 \"|\" NF}'",
    "'BEGIN {RS = \"\"; FS = \":\"} {print $2}'",
    "'BEGIN {RS = \",\"} {print NR, $0}'",
    "'BEGIN {RS = \"[0-9]+\"} {print NR \"[\" $0 \"][\" RT \"]\"}'",
    "'BEGIN {ORS = \";\"} {print $1} END {printf \"\\n\"}'",
    "'{print $1 > \"/dev/stdout\"}'",
    "'{print NR \":\" $0 | \"cat\"}'",
    "'{print | \"sort\"} END {close(\"sort\"); print \"done\"}'",
    "'{print > \"/tmp/awk_out\"} END {close(\"/tmp/awk_out\"); while ((getline l < \"/tmp/awk_out\") > 0) n++; print n + 0}'",
    "'NR == 1 {getline; print \"after getline:\", $0} END {print NR}'",
    "'NR == 1 {getline x; print \"x=\" x, \"NR=\" NR, $0}'",
    "'{print; next; print \"never\"}'",
    "'NR == 2 {exit} {print} END {print \"end\", NR}'",
    "'{print FILENAME; nextfile}'",
    "'{ for (i = NF; i > 0; i--) printf \"%s%s\", $i, (i > 1 ? OFS : ORS) }'",
    "'{ $3 = $3 * 2 } 1'",
    "'{ print ($1 ~ /^[a-z]+$/) ? \"word\" : \"other\" }'",
    "'{ a[NR] = $0 } END { for (i = NR; i >= 1; i--) print a[i] }'",
    "'{ n = gsub(/[[:alpha:]]/, \"&\"); print n }'",
    "'{ print gensub(/([a-z])([a-z])/, \"\\\\2\\\\1\", \"g\") }'",
    "'{ print tolower($1), toupper(substr($1, 1, 1)) }'",
    "'{ printf \"%c\", $1 } END { print \"\" }'",
    "'{ w += NF; c += length($0) + 1 } END { print NR, w, c }'",
    "'length > 10'",
    "'$0 ~ \"a\" && $0 !~ \"b\"'",
    "'NF'",
    "'!seen[$0]++'",
    "'{ sum[$1] += $2 } END { n = asorti(sum, k); for (i = 1; i <= n; i++) print k[i], sum[k[i]] }'",
    "'{ x = $2; y = x \"\"; print (x == y), (x < 10) }'",
];

/// Complete command lines (BEGIN programs, pipes, options), compared once.
const PLAIN: &[&str] = &[
    // gawk's fatal errors name the source line of the last statement run, if any
    "awk '{print}' /nonexistent 2>&1; echo st=$?",
    "echo x > /tmp/awk_f1; awk '\n{print}' /tmp/awk_f1 /nonexistent 2>&1; echo st=$?",
    "echo x > /tmp/awk_f1; awk 'END{print NR}' /tmp/awk_f1 /nonexistent 2>&1; echo st=$?",
    "awk 'BEGIN{x=1} {print}' /nonexistent 2>&1; echo st=$?",
    "awk 'BEGIN { f[length(f)+1] = \"x\" }' 2>&1; echo st=$?",
    // gawk's arrays of arrays: elements, subarrays made on the way, isarray/length/typeof,
    // for-in, delete, `in` at either level, subarrays as arguments, and the fatal misuses
    "awk 'BEGIN { a[1][2] = 3; print a[1][2]; print length(a), length(a[1]), isarray(a), isarray(a[1]), isarray(a[1][2]), isarray(a[2]) }'",
    "awk 'BEGIN { x = a[1]; a[1][2] = 3; a[1][3] = 4; for (k in a[1]) print k, a[1][k]; delete a[1][2]; print length(a[1]); delete a[1]; print length(a), (1 in a) }'",
    "awk 'BEGIN { a[1][2] = 3; a[1,2] = 7; print ((1,2) in a), (2 in a[1]), (3 in a[1]), a[1,2]; for (k in a) print \"k\", (k == 1) }'",
    "awk 'function f(x) { x[\"n\"] = 1; return length(x) } BEGIN { a[1][2] = 3; print f(a[1]), a[1][\"n\"]; f(b[\"new\"]); print isarray(b[\"new\"]), b[\"new\"][\"n\"] }'",
    "awk 'function fill(x, d) { if (d == 0) { x[\"leaf\"] = 1; return } fill(x[d], d - 1) } BEGIN { fill(t, 3); print t[3][2][1][\"leaf\"], length(t[3][2]) }'",
    "awk 'BEGIN { a[1][2][3] = 4; print a[1][2][3], length(a[1][2]); n = split(\"x y z\", a[2]); print n, a[2][3]; print match(\"abc\", /(b)/, a[3]), a[3][1] }'",
    "awk 'BEGIN { x = a[1][2]; print isarray(a[1]), length(a[1]); print (2 in b[1]), isarray(b[1]); for (k in c[1]) print k; print isarray(c[1]); delete d[1][2]; print length(d); print length(e[1]), typeof(e[1]), typeof(a[1]), typeof(a[1][2]) }'",
    "awk 'BEGIN { a[1][2] = 1; a[1][2]++; a[1][2] += 5; sub(/7/, \"x\", a[1][2]); print a[1][2]; \"echo hi\" | getline a[2][1]; print a[2][1]; ++a[3][1]; print a[3][1] }'",
    "awk 'BEGIN { a[1][1] = 1; a[2] = 5; a[3] = \"x\"; n = asort(a, b); print n, b[1], b[2], isarray(b[3]), b[3][1]; b[3][1] = 9; print a[1][1]; n = asort(a); print n, isarray(a[3]) }'",
    "awk 'BEGIN { a[1][1] = 1; a[2] = 5; a[3] = \"x\"; PROCINFO[\"sorted_in\"] = \"@val_num_asc\"; for (k in a) printf \"%s \", k; PROCINFO[\"sorted_in\"] = \"@val_str_desc\"; for (k in a) printf \"%s \", k; print \"\" }'",
    "printf 'alice math 90\\nbob math 70\\nalice art 80\\n' | awk '{ g[$1][$2] = $3 } END { PROCINFO[\"sorted_in\"] = \"@ind_str_asc\"; for (s in g) { t = 0; for (c in g[s]) t += g[s][c]; print s, length(g[s]), t } }'",
    "awk 'BEGIN { a[1][2] = 3; print a[1] }' 2>&1; echo st=$?",
    "awk 'BEGIN { a[1] = 5; a[1][2] = 3 }' 2>&1; awk 'BEGIN { a[1][2] = 3; a[1] = 5 }' 2>&1; echo st=$?",
    "awk 'BEGIN { a[1][2] = 3; print a[1][2][3] }' 2>&1; awk 'BEGIN { a[1][2] = 3; delete a[1][2][3] }' 2>&1; awk 'BEGIN { a[1,2][3] = 3; print a[1,2] }' 2>&1",
    "awk 'BEGIN { a[1] = 1; for (k in a[1]) print k }' 2>&1; awk 'BEGIN { a[1] = 1; print (2 in a[1]) }' 2>&1; awk 'BEGIN { a[1] = 1; print (1 in a[1][2]) }' 2>&1",
    "awk 'BEGIN { a[1][1] = 1; a[1]++ }' 2>&1; awk 'BEGIN { a[1][1] = 1; print a[1] \"x\" }' 2>&1; awk 'BEGIN { x = 1; print x[1][2] }' 2>&1",
    "awk 'function f(x) { x[1] = 1 } BEGIN { a[1] = 5; f(a[1]) }' 2>&1; awk 'function f(x) { return x + 1 } BEGIN { a[1][2] = 3; print f(a[1]) }' 2>&1",
    "awk 'function f(x) { return x + 1 } BEGIN { a[1] = 1; f(a) }' 2>&1; awk 'function f(x) { x[1] = 1; return x + 0 } BEGIN { f() }' 2>&1; awk 'function f(x, y) { y = 1; y[1] = 2 } BEGIN { f() }' 2>&1",
    "awk 'function f(x) { return x[1][2] } BEGIN { a[1] = 3; f(a) }' 2>&1; awk 'function f(x) { return x[1] } BEGIN { a[1][2] = 3; f(a) }' 2>&1",
    "awk 'BEGIN { a[1][2] = 3; split(\"x\", a[1][2]) }' 2>&1; awk 'BEGIN { x = 1; split(\"a\", x) }' 2>&1; awk 'BEGIN { x = 1; asort(x) }' 2>&1; awk 'BEGIN { a[1] = 1; asorti(a[1]) }' 2>&1",
    "awk 'BEGIN { match(\"a\", /a/, 1) }' 2>&1; awk 'BEGIN { split(\"a\", b, \"x\", 1) }' 2>&1; awk 'BEGIN { a[1] = 1; patsplit(\"a\", a[1], /a/) }' 2>&1; echo st=$?",
    "awk -W version | head -1 | cut -d, -f1,2",
    // one-liners of the kind agents write
    "awk 'BEGIN { a[\"b\"] = 2; a[\"a\"] = 3; a[\"c\"] = 1; PROCINFO[\"sorted_in\"] = \"@ind_str_asc\"; for (k in a) print k; PROCINFO[\"sorted_in\"] = \"@val_num_desc\"; for (k in a) print k, a[k] }'",
    "printf '10 x\\n9 y\\n100 z\\n' | awk '{ m[$1] = $2 } END { PROCINFO[\"sorted_in\"] = \"@ind_num_asc\"; for (k in m) print k, m[k] }'",
    "echo \"65 abc\" | awk '{printf \"%c|%c\\n\", $1, $2}'",
    "printf 'a b\\n' | awk '{print $1\" \"$2}'",
    "printf '1\\n2\\n3\\n' | awk '{sum+=$1} END {print \"avg:\", sum/NR}'",
    "printf 'x=1;y=2\\n' | awk -F';' '{for(i=1;i<=NF;i++){split($i,kv,\"=\"); print kv[1], kv[2]}}'",
    "printf 'a,b\\n' | awk 'BEGIN{FS=\",\"; OFS=\"|\"} {$1=$1} 1'",
    "printf 'foo bar\\n' | awk '{ printf(\"%-5s:%s\\n\", $1, $2) }'",
    "printf 'line1\\nline2\\n' | awk 'END{print NR \" lines\"}'",
    "printf '10 20\\n' | awk '{print ($1 > $2) ? $1 : $2}'",
    "printf 'a\\n' | awk '{ print length }'",
    "printf 'GET /a 200\\nPOST /b 404\\nGET /c 200\\n' | awk '$3 == 200 {n++} END {print n}'",
    "printf 'GET /a 200\\nPOST /b 404\\nGET /c 200\\n' | awk '{ count[$1]++ } END { for (m in count) print m, count[m] | \"sort\" }'",
    "printf 'a b c\\n' | awk '{ $2 = toupper($2) } { print }'",
    "awk 'BEGIN { printf \"%s\\n\", strftime(\"%Y\", 0) }'",
    "awk 'BEGIN { while (i++ < 3) print i }'",
    "printf 'x\\n' | awk '{ print NR \": \" $0 > \"/dev/stderr\" }' 2>&1",
    "awk 'BEGIN { printf \"%d%%\\n\", 50 }'",
    "printf '  trim me  \\n' | awk '{ gsub(/^[ \\t]+|[ \\t]+$/, \"\"); print \"[\" $0 \"]\" }'",
    "printf 'a:b:c\\n' | awk -F: '{ print $NF; print $(NF-1) }'",
    "printf '1 2\\n3 4\\n' | awk '{ for (i = 1; i <= NF; i++) row[NR, i] = $i } END { print row[2, 1] }'",
    "awk 'BEGIN { x = \"10\"; y = 9; print (x > y) }'",
    "printf '10\\n9\\n' | awk 'NR == 1 { a = $1 } NR == 2 { print (a > $1) }'",
    "awk 'BEGIN { s = \"hello world\"; n = split(s, w, \" \"); for (i = n; i >= 1; i--) printf \"%s \", w[i]; print \"\" }'",
    "printf 'abc123def\\n' | awk '{ if (match($0, /[0-9]+/)) print substr($0, RSTART, RLENGTH) }'",
    "printf 'a\\nb\\n' | awk -v ORS=, '{ print } END { printf \"\\n\" }'",
    "printf 'one two\\n' | awk '{ $0 = $2; print $1 }'",
    "awk 'BEGIN { print length(12.50) }'",
    "awk 'BEGIN { print 0.1 * 3, 1e-300 * 1e-300, 2 ** 0.5 }'",
    "awk 'BEGIN { printf \"%.15g\\n\", 0.1 }'",
    "awk 'BEGIN { print int(\"3abc\"), int(\"\"), int(-0.5) }'",
    "printf 'ab\\n' | awk '{ print substr($0, 2) substr($0, 1, 1) }'",
    "printf 'k v\\n' | awk '{ arr[$1] = $2 } END { for (k in arr) { print k; delete arr[k] }; print length(arr) }'",
    "awk 'BEGIN { print substr(\"hello\", 0), substr(\"hello\", -1), substr(\"hello\", 1, 0) \"|\" }'",
    "printf 'a b\\n' | awk '{ print $1 $2 }'",
    "awk 'BEGIN { n = split(\"a b c\", arr); print arr[n] }'",
    "awk 'BEGIN { print -0, 0 * -1, -0.0 \"\" }'",
    "printf -- '-0\\n' | awk '{ print $1 + 0, -$1 }'",
    "awk 'BEGIN { printf \"%.2f %.2f %.2f\\n\", 2.345, 2.355, -0.005 }'",
    "awk 'BEGIN { printf \"%5.3d|%-+5d|%x\\n\", 7, 7, 3.9 }'",
    "awk 'BEGIN { print 1/7 }' OFMT='%.2g'",
    "awk -v OFMT='%.2g' 'BEGIN { print 1/7; x = 1/7; print x \"\" }'",
    "echo \"8 2 2\" | awk '{ print $1/$2/$3, $1 / 2 }'",
    "echo \"8\" | awk '{ x = /8/ ? \"y\" : \"n\"; print x }'",
    "awk 'BEGIN { \"echo 5\" | getline > 0; print $0 }'",
    "awk 'BEGIN { while (\"echo a\" | getline line) print \"L:\" line }'",
    "echo \"a\" | awk '{ a = b = \"z\"; print a b }'",
    "awk 'BEGIN { if (0) { print 1 } else if (1) { print 2 } else { print 3 } }'",
    "awk 'BEGIN { x = 3\n  if (x > 2)\n    print \"big\"\n  else\n    print \"small\"\n}'",
    "awk 'function f(a,\n   b) { return a + b }\nBEGIN { print f(1,\n  2) }'",
    "printf 'a\\nb\\nc\\nd\\n' | awk '/b/,/c/ { print NR }; /d/ { print \"d\" }'",
    "echo \"abc\" | awk -v v=b '$0 ~ \"^a\" v { print \"m\" }'",
    "awk 'BEGIN { printf \"a\" \"b\" \"\\n\" }'",
    "awk 'BEGIN { x = 5; x += x++; print x }'",
    "awk 'BEGIN { print 1,2,3 }' OFS=-",
    "echo \"a b\" | awk '{ print; }; END { print \"e\" };'",
    "awk 'BEGIN { print length(\"x\" 1 2) }'",
    "awk 'BEGIN { print 2 \" \" 3 * 4 }'",
    "awk 'BEGIN { print 1 - 1 \" \" 2 }'",
    "awk 'BEGIN { print \"x\" > \"/dev/null\"; print \"ok\" }'",
    "awk 'BEGIN { a[\"x\"] = 1; if (\"x\" in a && !(\"y\" in a)) print \"in\" }'",
    "awk 'BEGIN { n = split(\"a,b\", arr, \",\"); for (i = 1; i <= n; i++) { if (arr[i] == \"b\") break; print arr[i] } }'",
    "awk 'BEGIN { getline line < \"/etc/passwd\"; print (length(line) > 0) }'",
    "echo \"x y z\" | awk '{ NF--; print }'",
    "echo \"x y z\" | awk '{ $NF = \"\"; print NF \"|\" $0 \"|\" }'",
    "echo \"a b\" | awk '{ print $ 1 }'",
    "echo \"3 4\" | awk '{ print $1^2 + $2^2 }'",
    "echo \"3\" | awk '{ print -$1, !$1, $1 !~ /4/ }'",
    "awk 'BEGIN { x[\"a\"]; print length(x); split(\"\", x); print length(x) }'",
    "awk 'BEGIN { $0 = \"1 2 3\"; sum = 0; for (i = 1; i <= NF; i++) sum += $i; print sum }'",
    "awk 'BEGIN { printf(\"%s %s\\n\", \"a\", \"b\") > \"/dev/stdout\" }'",
    "awk 'BEGIN { print substr(\"abc\", 2) > \"/dev/stdout\" }'",
    "awk 'BEGIN{a=1;b=2;print a\" \"b}'",
    "awk '\n# comment line\nBEGIN {\n  # inner comment\n  print \"c\"   # trailing\n}\n'",
    "awk 'BEGIN { i = 5; do i--; while (i > 0); print i }'",
    "awk 'BEGIN { print index(\"foobar\", \"bar\") ? \"has\" : \"no\" }'",
    "awk 'BEGIN { s = \"a-b-c\"; gsub(\"-\", \"+\", s); print s }'",
    "awk 'BEGIN { s = \"a|b\"; n = split(s, p, \"|\"); print n, p[2] }'",
    "awk 'BEGIN { s = \"a.b.c\"; gsub(/\\./, \"/\", s); print s }'",
    "awk 'BEGIN { s = \"path/to/file\"; sub(/.*\\//, \"\", s); print s }'",
    "awk 'BEGIN { s = \"x\"; s = s s s; print s }'",
    "awk 'BEGIN { printf \"%s\", \"no newline\" }'",
    "awk 'BEGIN { print 1 }\nEND { print 2 }' /dev/null",
    "echo | awk '{ print NF, length($0) }'",
    "awk 'BEGIN { print (a == b), (a == 0), (a == \"\") }'",
    "awk 'BEGIN { print 1e3 == \"1000\", 1e3 \"\" }'",
    "awk 'BEGIN { print 017, 0x1f, 1e2, .5e1 }'",
    "awk 'BEGIN { print \"a\" ~ /a/ ~ 1 }'",
    "echo 'foo=bar' | awk -F= '{ print $2 }'",
    "echo 'a b' | awk '{ printf \"%s-%s\\n\", $2, $1 }'",
    "awk 'BEGIN { x = \"abc\"; print x ~ \"b\" }'",
    "awk 'BEGIN { print toupper(substr(\"word\", 1, 1)) substr(\"word\", 2) }'",
    "awk 'BEGIN { \"echo  hi  there \" | getline; print NF, $1 }'",
    "awk 'BEGIN { OFS = \"-\"; $0 = \"a b\"; print $1, $2; print }'",
    "awk 'BEGIN { print substr(\"hello\", 2, 3) }' | awk '{ print toupper($0) }'",
    "awk 'BEGIN { print 1 + 2, 7 / 2, 7 % 3, -7 % 3, 2 ^ 10, 2 ** 3 }'",
    "awk 'BEGIN { print 1e6, 1e16, 1e17, 123456789012, 0.1 + 0.2, 1 / 3, 100 / 3 }'",
    "awk 'BEGIN { print 1e30, -1e30, 2^53, 2^53 + 1, 3.0, -0.5 }'",
    "awk 'BEGIN { x = 0.1; print x \"\"; CONVFMT = \"%.2f\"; y = 3.14159; print (y \"\") }'",
    "awk 'BEGIN { OFMT = \"%.2f\"; print 3.14159, 3; x = 2.5; print x }'",
    "awk 'BEGIN { print length(\"héllo\"), substr(\"héllo\", 2, 2), index(\"héllo\", \"l\") }'",
    "awk 'BEGIN { print substr(\"hello\", 0, 2), substr(\"hello\", -1, 3), substr(\"hello\", 2) }'",
    "awk 'BEGIN { print substr(\"abcdef\", 2, 1.5), substr(\"abcdef\", 1.5, 2), substr(\"abcdef\", 2.6, 1.2), substr(\"abcdef\", 2, 0.5) }'",
    "awk 'BEGIN { print substr(\"abc\", 5), \"[\" substr(\"abc\", 2, -1) \"]\", substr(\"abc\", 1, 100) }'",
    "awk 'BEGIN { print index(\"abc\", \"\"), index(\"\", \"a\"), index(\"abcabc\", \"ca\") }'",
    "awk 'BEGIN { printf \"%c%c%c|%5.2s|%-5d|%+.3e|%x|%o|%i|%G|%E|%%\\n\", 65, \"hello\", 256, \"abc\", 42, 3.14159, 255, 8, 7.9, 0.0001, 12345678 }'",
    "awk 'BEGIN { printf \"%5%|%*d|%-*d|%.*f\\n\", 5, 42, 4, 7, 2, 3.14159 }'",
    "awk 'BEGIN { printf \"%03d|%+d|% d|%#o|%#x|%.3d|%-05d|%X\\n\", 5, 5, 5, 8, 255, 7, 3, 255 }'",
    "awk 'BEGIN { printf \"%d %d %d %d\\n\", \"0x1A\", \"1e3\", -2.7, \"abc\" }'",
    "awk 'BEGIN { printf \"%u %x\\n\", -3, -1 }'",
    "awk 'BEGIN { printf \"%.0e %#.0e %g %#g %g %g %g\\n\", 12345, 5, 100000, 1, 1e-5, 123456789, 0.0001234 }'",
    "awk 'BEGIN { printf \"%5c|%-3c|%c\\n\", \"xyz\", \"é\", 233 }'",
    "awk 'BEGIN { printf \"%s %s\\n\", \"a\" }'",
    "awk 'BEGIN { printf \"%d\\n\" }'",
    "awk 'BEGIN { x = sprintf(\"%05.1f|%s\", 3.14159, \"t\"); print x, length(x) }'",
    "awk 'BEGIN { print -log(0), log(0), int(-3.7), int(3.7), sqrt(16), exp(0), sin(0), cos(0), atan2(0, -1) }'",
    "awk 'BEGIN { print toupper(\"héllo\"), tolower(\"ÀB\"), toupper(123) }'",
    "awk 'BEGIN { x = 0; print 1 / x }'",
    "awk 'BEGIN { x = 0; print 1 % x }'",
    "awk 'BEGIN { print \"before\"; x = 0; y = 5 / x; print \"after\" }'",
    "echo 5 | awk '{ y = 1 / ($1 - 5) }'",
    "awk 'BEGIN { exit 3 } END { print \"end runs\" }'",
    "awk 'BEGIN { exit } END { print \"end\" }'; echo st=$?",
    "echo a | awk '{ exit 4 } END { print \"end\"; exit }'",
    "echo a | awk '{ exit 4 } END { exit 5 }'",
    "awk 'BEGIN { exit -1 }'",
    "awk 'BEGIN { exit 256 + 7 }'",
    "awk 'BEGIN {'",
    "awk '{ print $1'",
    "awk 'BEGIN { print 1 }}'",
    "awk 'BEGIN { f(1) }'",
    "awk",
    "awk -q 'BEGIN{}'",
    "awk 'BEGIN { x; print (x == 0), (x == \"\"), length(x) }'",
    "awk 'BEGIN { print (\"a\" < \"b\"), (2 < 10), (\"2\" < \"10\"), (\"abc\" < \"abd\"), (\"\" < \"a\") }'",
    "echo '2 10' | awk '{ print ($1 < $2), ($1 \"\" < $2 \"\"), ($1 < \"10\") }'",
    "echo ' 12 ' | awk '{ if ($0 == 12) print \"num\"; if ($1 == \"12\") print \"str\"; if ($0 < 2) print \"lt\" }'",
    "echo '1e3 0x10 .5. +4 -0' | awk '{ print ($1 == 1000), ($2 == 16), ($3 == 0.5), ($4 == 4), ($5 == 0), $5 + 0 }'",
    "awk 'BEGIN { print \"inf\" + 0, \"+inf\" + 0, \"-nan\" + 0, \" 12 \" + 0, \".5\" + 0, \"5.\" + 0, \"1e\" + 0 }'",
    "awk -v 'x=a\\tb' 'BEGIN { print x }'",
    "awk -v x=3 -v y=4 'BEGIN { print x * y }'",
    "awk -v n=010 'BEGIN { print n + 0, (n == 10) }'",
    "awk -F '\\t' 'BEGIN { printf \"[%s]\\n\", FS }'",
    "awk -Ft 'BEGIN { printf \"[%s]\\n\", FS }'",
    "awk -F '\\\\|' 'BEGIN { printf \"[%s]\\n\", FS }'",
    "echo 'a|b|c' | awk -F'|' '{ print $2 }'",
    "echo 'a.b.c' | awk -F. '{ print $3, NF }'",
    "echo 'aXXbXc' | awk -FX '{ print NF; for (i = 1; i <= NF; i++) printf \"[%s]\", $i; print \"\" }'",
    "echo 'a  b' | awk -F' ' '{ print NF }'",
    "echo 'AxBxc' | awk -F'x' '{ print $2 }'",
    "printf 'a b\\nc d\\n' | awk '{ print x, $0 }' x=1 - x=2",
    "printf 'l1\\nl2\\n' > /tmp/f1; awk '{ print x, FILENAME, FNR, NR }' x=1 /tmp/f1 x=2 /tmp/f1",
    "awk '{ print }' /tmp/nonexistent_awk_file; echo st=$?",
    "printf 'x\\n' > /tmp/f2; awk '{ print FILENAME, $0 }' /tmp/f2 /tmp/nonexistent_awk_file /tmp/f2; echo st=$?",
    "echo x | awk '{ print FILENAME \"|\" }'",
    "awk 'BEGIN { print ARGC; for (i = 0; i < ARGC; i++) print i, ARGV[i] }' a 'b c' -- d",
    "awk -- 'BEGIN { print \"dd\" }'",
    "printf 'q\\n' > /tmp/f3; awk 'BEGIN { ARGV[1] = \"/tmp/f3\"; ARGC = 2 } { print \"read\", $0 }' /tmp/nothing",
    "awk 'BEGIN { print ENVIRON[\"AWKTESTVAR\"] }'",
    "awk 'BEGIN { a[\"x\"] = 1; a[\"y\"] = 2; delete a[\"x\"]; print length(a), (\"x\" in a), (\"y\" in a) }'",
    "awk 'BEGIN { a[1, 2] = 3; for (k in a) { split(k, p, SUBSEP); print p[1], p[2] }; print ((1, 2) in a), ((2, 1) in a) }'",
    "awk 'BEGIN { a[1]; a[2]; delete a; print length(a) }'",
    "awk 'BEGIN { a[01] = \"x\"; print a[1], a[\"01\"] \"|\", (1 in a), (\"1\" in a) }'",
    "awk 'BEGIN { a[0.1 + 0.2] = 1; for (k in a) print k }'",
    "awk 'BEGIN { CONVFMT = \"%d\"; a[3.9] = 1; for (k in a) print k }'",
    "awk 'function f(a) { a[\"k\"] = 1 } BEGIN { f(arr); print arr[\"k\"] }'",
    "awk 'function f(n) { return n <= 1 ? 1 : n * f(n - 1) } BEGIN { print f(10), f(20) }'",
    "awk 'function fib(n) { return n < 2 ? n : fib(n-1) + fib(n-2) } BEGIN { print fib(20) }'",
    "awk 'function g(x,   t) { t = x * 2; return t } BEGIN { t = 5; print g(3), t }'",
    "awk 'function h(a, i) { return a[i] } BEGIN { z[1] = \"one\"; print h(z, 1) }'",
    "awk 'function p(a) { a[1] = 1 } function q(b) { p(b) } BEGIN { q(c); print length(c) }'",
    "awk 'function noret() { x = 1 } BEGIN { v = noret(); print \"[\" v \"]\", x }'",
    "awk 'BEGIN { s = \"hello\"; gsub(/l/, \"[&]\", s); print s; t = \"hello\"; gsub(/l/, \"\\\\&\", t); print t }'",
    "awk 'BEGIN { s = \"hello\"; gsub(/l/, \"\\\\\\\\&\", s); print s; s = \"hello\"; gsub(/l/, \"\\\\q\", s); print s }'",
    "awk 'BEGIN { s = \"abc\"; gsub(/x*/, \"-\", s); print s; s = \"aaa b\"; gsub(/a*/, \"-\", s); print s }'",
    "awk 'BEGIN { s = \"a.b\"; n = gsub(\".\", \"x\", s); print n, s; s = \"a.b\"; n = gsub(\"\\\\.\", \"x\", s); print n, s }'",
    "awk 'BEGIN { print gensub(/(l+)o/, \"<\\\\1|\\\\0|&>\", \"g\", \"hello lo\"); print gensub(/o/, \"0\", 2, \"foo boo\") }'",
    "awk 'BEGIN { s = \"aaa\"; print sub(/a/, \"b\", s), s; print gsub(/z/, \"y\", s), s }'",
    "echo 'foo bar' | awk '{ print gensub(/o/, \"O\", \"g\"); print }'",
    "awk 'BEGIN { print match(\"foobar\", /o+/), RSTART, RLENGTH; print match(\"x\", /y/), RSTART, RLENGTH }'",
    "awk 'BEGIN { match(\"key=value\", /([a-z]+)=([a-z]+)/, m); print m[0], m[1], m[2], m[1, \"start\"], m[2, \"length\"] }'",
    "awk 'BEGIN { n = split(\"a:b:c\", a, \":\"); print n, a[1], a[3]; n = split(\"\", b); print n, length(b) }'",
    "awk 'BEGIN { n = split(\"  a  b  \", a); print n, \"[\" a[1] \"]\", \"[\" a[2] \"]\" }'",
    "awk 'BEGIN { n = split(\"a1b22c\", a, /[0-9]+/); print n, a[1], a[2], a[3] }'",
    "awk 'BEGIN { n = split(\"abc\", a, \"\"); print n, a[1], a[3] }'",
    "awk 'BEGIN { n = split(\"a1b2c\", a, /[0-9]/, s); print n, s[1], s[2] }'",
    "awk 'BEGIN { n = patsplit(\"a12b345c6\", a, /[0-9]+/, s); print n, a[1], a[2], a[3], \"[\" s[0] \"]\", s[1] }'",
    "awk 'BEGIN { a[1] = \"c\"; a[2] = \"a\"; a[3] = \"b\"; n = asort(a); for (i = 1; i <= n; i++) printf \"%s \", a[i]; print \"\" }'",
    "awk 'BEGIN { a[\"z\"] = 1; a[\"x\"] = 2; a[\"y\"] = 3; n = asorti(a, b); for (i = 1; i <= n; i++) printf \"%s \", b[i]; print \"\" }'",
    "awk 'BEGIN { a[1] = 10; a[2] = 9; a[3] = \"x\"; a[4] = 100; n = asort(a, b); for (i = 1; i <= n; i++) printf \"%s \", b[i]; print \"\" }'",
    "awk 'BEGIN { print length(\"\"), length(12345), length(1/4) }'",
    "awk 'BEGIN { print strftime(\"%Y-%m-%d %H:%M:%S\", 0, 1), strftime(\"%j\", 86400 * 40, 1) }'",
    "awk 'BEGIN { print mktime(\"2000 01 01 00 00 00\") - mktime(\"1999 12 31 00 00 00\") }'",
    "awk 'BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(256, 2) }'",
    "awk 'BEGIN { print strtonum(\"0x1A\"), strtonum(\"017\"), strtonum(\"12abc\") }'",
    "awk 'BEGIN { x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x ^= 2; print x }'",
    "awk 'BEGIN { x = 5; print x++ + ++x, x; print x--, --x, x }'",
    "awk 'BEGIN { print -2 ^ 2, 2 ^ 3 ^ 2, 2 ^ -1, !0, !1, !\"\", !\"a\" }'",
    "awk 'BEGIN { print 1 \" \" -1; print 1 - -1; print \"a\" (1 < 2) \"b\" }'",
    "awk 'BEGIN { x = \"A\"; y = \"B\"; print x y, x\" \"y; print x, y > \"/dev/stdout\" }'",
    "awk 'BEGIN { print (1, 2) in a; a[1, 2]; print ((1, 2) in a) }'",
    "awk 'BEGIN { i = 0; while (i < 5) { i++; if (i == 2) continue; if (i == 4) break; print i } }'",
    "awk 'BEGIN { i = 0; do { print i; i++ } while (i < 3) }'",
    "awk 'BEGIN { for (i = 0; i < 3; i++) for (j = 0; j < 2; j++) printf \"%d%d \", i, j; print \"\" }'",
    "awk 'BEGIN { for (;;) { n++; if (n > 4) break }; print n }'",
    "awk 'BEGIN { if (1) if (0) print \"a\"; else print \"b\" }'",
    "awk 'BEGIN { if (0) print \"a\"\n else print \"b\" }'",
    "awk 'BEGIN { x = 1 ; ; ; y = 2; print x y }'",
    "awk 'BEGIN { print 1,\n 2 }'",
    "awk 'BEGIN { s = \"a\" \\\n \"b\"; print s }'",
    "awk '# comment\nBEGIN { print \"c\" } # trailing'",
    "awk 'BEGIN { printf(\"%s-%s\\n\", \"a\", \"b\") }'",
    "awk 'BEGIN { print(\"p\") }'",
    "awk 'BEGIN { print (1)(2) }'",
    "awk 'BEGIN { print 1, 2 > \"/dev/stderr\" }' 2>/dev/null; echo st=$?",
    "awk 'BEGIN { print \"x\" > \"/tmp/awk_o1\"; print \"y\" > \"/tmp/awk_o1\"; close(\"/tmp/awk_o1\"); print \"z\" >> \"/tmp/awk_o1\" }'; cat /tmp/awk_o1",
    "awk 'BEGIN { print \"data\" > \"/nonexistent_dir/x\" }'; echo st=$?",
    "awk 'BEGIN { while ((\"echo a; echo b\" | getline line) > 0) print \"got\", line; close(\"echo a; echo b\") }'",
    "awk 'BEGIN { \"echo hello world\" | getline; print $2, NR }'",
    "awk 'BEGIN { \"echo 1 2 3\" | getline v; print v, NF, NR }'",
    "awk 'BEGIN { cmd = \"printf 1\\\\\\\\n2\\\\\\\\n\"; while ((cmd | getline x) > 0) s += x; print s }'",
    "awk 'BEGIN { print \"b\\na\\nc\" | \"sort\"; close(\"sort\"); print \"after\" }'",
    "awk 'BEGIN { print \"x\" | \"cat 1>&2\" }' 2>/dev/null",
    "awk 'BEGIN { r = system(\"exit 3\"); print \"r=\" r }'",
    "awk 'BEGIN { printf \"a\"; system(\"echo b\"); print \"c\" }'",
    "awk 'BEGIN { print close(\"nothing\") }'",
    "awk 'BEGIN { print (getline line < \"/nonexistent\") }'",
    "printf 'one\\ntwo\\n' > /tmp/g1; awk 'BEGIN { while ((getline l < \"/tmp/g1\") > 0) print \"[\" l \"]\"; print NR }'",
    "printf 'one two\\n' > /tmp/g2; awk 'BEGIN { getline < \"/tmp/g2\"; print $2, NF, NR }'",
    "printf 'a\\nb\\nc\\n' | awk 'NR == 1 { while ((getline l) > 0) last = l } END { print last, NR }'",
    "printf 'a\\nb\\n' | awk 'BEGIN { getline; print \"begin saw\", $0 } { print \"main\", $0 }'",
    "printf 'a b c\\n' | awk '{ $5 = \"x\"; print; print NF; NF = 2; print; $0 = \"p q r\"; print NF }'",
    "printf 'a b c\\n' | awk '{ NF = 5; $1 = $1; print; print NF }' | od -c | head -2",
    "printf 'a:b\\n' | awk '{ FS = \":\"; print $1 } END { }'",
    "printf 'a:b\\nc:d\\n' | awk '{ FS = \":\"; print $1 }'",
    "printf 'a:b\\n' | awk '{ FS = \":\"; $0 = $0; print $1 }'",
    "printf 'a b\\n' | awk '{ $0 = \"x y z\"; print NF, $3 }'",
    "printf '  a   b  \\n' | awk '{ $1 = $1; print \"[\" $0 \"]\" }'",
    "printf 'a b c d\\n' | awk '{ $2 = \"\"; $3 = \"\"; print; print NF }'",
    "printf '1\\n2\\n3\\n4\\n5\\n' | awk '/2/,/4/'",
    "printf '1\\n2\\n3\\n2\\n5\\n' | awk '/2/,/2/ { print NR }'",
    "printf '1\\n2\\n3\\n' | awk 'NR==2,0'",
    "printf 'x\\ny\\n' | awk 'END { print $0, NF }'",
    "printf 'a\\n\\nb\\n' | awk 'BEGIN { RS = \"\" } { print NR, $0 } END { print NR }'",
    "printf 'a b\\nc\\n\\n\\nd e f\\n' | awk 'BEGIN { RS = \"\" } { print NF \": \" $1 \"-\" $NF }'",
    "printf 'a1b22c333d' | awk 'BEGIN { RS = \"[0-9]+\" } { print NR, $0, RT }'",
    "printf 'aXbXc' | awk -v RS=X '{ print NR \": \" $0 }'",
    "printf 'a\\nb' | awk '{ print $0 \"|\" RT \"|\" }'",
    "printf 'x;y;z;' | awk 'BEGIN { RS = \";\" } END { print NR }'",
    "printf 'A b\\nc D\\n' | awk 'BEGIN { IGNORECASE = 1 } /a/ { print \"m:\" $0 }'",
    "printf 'k1 v1\\nk2 v2\\n' | awk '{ m[$1] = $2 } END { print m[\"k2\"], m[\"k1\"], length(m) }'",
    "printf '3\\n1\\n2\\n' | awk '{ a[NR] = $1 } END { n = asort(a); for (i = 1; i <= n; i++) print a[i] }'",
    "printf 'a b\\n' | awk '{ print; getline; print \"eof kept:\", $0 }'",
    "printf 'l1\\nl2\\nl3\\n' | awk 'NR == 1 { next } { print }'",
    "printf 'l1\\nl2\\n' > /tmp/nf1; printf 'm1\\nm2\\n' > /tmp/nf2; awk 'FNR == 2 { nextfile } { print FILENAME, $0 }' /tmp/nf1 /tmp/nf2",
    "printf 'x\\n' | awk '{ print $(-1) }'; echo st=$?",
    "printf 'x\\n' | awk '{ NF = -1 }'; echo st=$?",
    "awk 'BEGIN { a = \"x\"; a[1] = 2 }'; echo st=$?",
    "awk 'BEGIN { a[1] = 1; print a }'; echo st=$?",
    "awk 'BEGIN { getline x < \"/etc/hostname_missing\"; print \"ok\" }'",
    "awk -f /tmp/nonexistent_prog.awk; echo st=$?",
    "printf 'BEGIN { print \"from file\" }\\n' > /tmp/prog.awk; awk -f /tmp/prog.awk",
    "printf 'function f(x) { return x * 2 }\\n' > /tmp/lib.awk; awk -f /tmp/lib.awk -e 'BEGIN { print f(21) }'",
    "printf 'a\\r\\nb\\r\\n' | awk '{ print length($0), NF }'",
    "printf 'a\\r\\nb\\r\\n' | awk -v RS='\\r\\n' '{ print length($0) }'",
    "printf '\\xff\\xfe abc\\n' | awk '{ print length($1), $2 }'",
    "printf 'caf\\xc3\\xa9\\n' | awk '{ print length($0), substr($0, 4, 1), toupper($0) }'",
    "awk 'BEGIN { printf \"%s\\n\", substr(\"日本語テキスト\", 3, 2) }'",
    "awk 'BEGIN { s = sprintf(\"%-6s|%6s|\", \"日本\", \"ab\"); print s }'",
    "awk 'BEGIN { print index(\"日本語\", \"語\"), length(\"日本語\") }'",
    "awk 'BEGIN { print \"a\" > \"/tmp/awk_ap\"; close(\"/tmp/awk_ap\"); print \"b\" >> \"/tmp/awk_ap\"; close(\"/tmp/awk_ap\"); while ((getline l < \"/tmp/awk_ap\") > 0) print \"r:\" l }'",
    "awk 'BEGIN { print substr(\"hello\", 2, 100000000000) }'",
    "awk 'BEGIN { x[1]=1; for (k in x) delete x[k]; print length(x) }'",
    "awk 'BEGIN { $0 = \"a b c\"; print NF; $2 = \"\"; print; print NF }'",
    "awk 'BEGIN { $3 = \"c\"; print; print NF }'",
    "awk 'BEGIN { NF = 3; print \"[\" $0 \"]\" }'",
    "awk 'BEGIN { OFS = \"-\"; $0 = \"a b c\"; $1 = $1; print; NF = 2; print }'",
    "awk 'BEGIN { x = \"3x\"; print x + 1, +x, x * 1 }'",
    "awk 'BEGIN { print 010 + 0, 0x10 + 0, \"0x10\" + 0 }'",
    "awk 'BEGIN { print 1 == 1.0, \"1\" == 1, \"1.0\" == 1, \"a\" == \"a \" }'",
    "awk 'BEGIN { print typeof(x), typeof(1), typeof(\"s\"); y[1]; print typeof(y) }'",
    "awk 'BEGIN { printf \"%.3s|%10.4f|%-10e|\\n\", \"abcdef\", 3.14159265, 31415.9 }'",
    "awk 'BEGIN { printf \"%d %d\\n\", 2147483648, -2147483649 }'",
    "awk 'BEGIN { printf \"%d\\n\", 1e30 }'",
    "awk 'BEGIN { printf \"[%5s][%-5s][%.1s]\\n\", 12, 3.5, \"xyz\" }'",
    "awk 'BEGIN { x = 17; printf \"%o %x %X %#x %e %f %g\\n\", x, x, x, x, x, x, x }'",
    "awk 'BEGIN { printf \"%s\\n\", 100000000000000000000 }'",
    "awk 'BEGIN { print 100000 * 100000, 2^31, 2^63, 0.000001, 1e-7 }'",
    "awk 'BEGIN { print 3 / 2, -3 / 2, 7.0, 1e300 * 1e300, -1e300 * 1e300 }'",
    "awk 'BEGIN { CONVFMT = \"%.3g\"; x = 3.14159; y = x \"\"; print y; print x }'",
    "printf 'a b\\nc d\\n' | awk '{ print $1, $2 }' OFS=,",
    "printf 'k1\\nk3\\n' > /tmp/keys; printf 'k1 a\\nk2 b\\nk3 c\\n' > /tmp/data; awk 'NR == FNR { a[$1]; next } $1 in a' /tmp/keys /tmp/data",
    "printf 'x 1\\ny 2\\n' | awk '{ print > ($1 \".out\") } END { close(\"x.out\"); getline l < \"x.out\"; print l }'",
    "printf 'x 1\\ny 2\\n' | awk '{ print $2 > $1 \".o2\" } END { close(\"y.o2\"); getline l < \"y.o2\"; print l }'",
    "printf 'a=1\\nb=22\\n' | awk '{ print substr($0, index($0, \"=\") + 1) }'",
    "printf 'a b c\\n' | awk '{ $1 = \"\"; sub(/^ /, \"\"); print }'",
    "printf 'k 1\\nk 2\\nj 3\\n' | awk '{ a[$1] = a[$1] ? a[$1] \",\" $2 : $2 } END { print a[\"k\"], a[\"j\"] }'",
    "printf '1 2 3\\n4 5 6\\n' | awk '{ for (i = 1; i <= NF; i++) s[i] += $i } END { for (i = 1; i <= 3; i++) printf \"%d \", s[i]; print \"\" }'",
    "printf 'Hello\\n' | awk 'tolower($0) ~ /hello/ { print \"yes\" }'",
    "printf 'a\\tb\\n' | awk 'BEGIN { FS = OFS = \"\\t\" } { $1 = \"x\"; print }'",
    "printf 'a b\\n' | awk -v OFS='\\t' '{ $1 = $1; print }'",
    "printf 'x\\n' | awk '{ print x++, x++, x }'",
    "printf 'p\\n' | awk '{ print 1 ? \"y\" : \"n\" }'",
    "printf 'a\\na\\nb\\n' | awk '!($1 in seen) { seen[$1]; print }'",
    "printf 'xfoo\\nbar\\n' | awk '$NF ~ /foo$/'",
    "printf 'abc\\n' | awk '{ n = split($0, ch, \"\"); print n, ch[1], ch[n] }'",
    "printf 'a\\tb\\n' | awk '{ print index($0, \"\\t\") }'",
    "printf '0.0\\n0\\n' | awk '$1 == 0 { print \"zero:\" $1 }'",
    "printf 'x\\n' | awk '{ re = \"^x$\"; if ($0 ~ re) print \"dyn\" }'",
    "printf 'a.b\\n' | awk '{ split($0, p, \".\"); print p[2] }'",
    "awk 'BEGIN { x = \"abc\"; print -x, +x, !x }'",
    "awk 'BEGIN { printf \"%s\\n\", 1 == 1 ? \"t\" : \"f\" }'",
    "awk 'BEGIN { \"pwd\" | getline d; print (d != \"\") }'",
    "awk 'BEGIN { system(\"echo from system\") }'",
    "printf 'x y\\n' | awk '{ printf \"%s\\n\", $2 | \"cat\" }'",
    "printf '3\\n1\\n2\\n' | awk '{ print | \"sort -n\" }'",
    "printf 'a\\n' | awk 'BEGIN { while ((getline line < \"-\") > 0) print \"got \" line }'",
    "awk 'BEGIN { a[\"x\"]; if (!(\"y\" in a)) print \"no y\"; print length(a) }'",
    "awk 'BEGIN { n = split(\"3 1 2\", v); asort(v); print v[1] v[2] v[3] }'",
    "awk 'BEGIN { s = \"The Quick\"; print toupper(substr(s, 1, 1)) tolower(substr(s, 2)) }'",
    "awk 'BEGIN { printf \"%-10s|%10s|\\n\", \"left\", \"right\" }'",
    "awk 'BEGIN { printf \"%5.1f%%\\n\", 45.678 }'",
    "awk 'BEGIN { x = 1; x = x \"\" 2; print x + 1 }'",
    "awk 'BEGIN { print length() }' </dev/null",
    "awk 'BEGIN { getline; print \"[\" $0 \"]\" }' </dev/null",
    "printf '1\\n2\\n' | awk 'END { print $1 }'",
    "printf 'a b\\n' | awk '{ print NF; NF++; print NF, $0 \"|\" }'",
    "printf 'one\\n' | awk '{ print > \"/dev/stderr\"; print \"out\" }' 2>/dev/null",
    "printf 'x,y\\n' | awk -F, -v OFS=';' '{ NF = NF; print }'",
    "printf 'a b\\n' | awk '{ $3 = $1 $2; print NF, $0 }'",
    "awk 'BEGIN { print substr(\"abc\", 2, 1) substr(\"abc\", 1, 1) }'",
    "awk 'BEGIN { s = \"aaa\"; while (sub(/a/, \"b\", s)) n++; print n, s }'",
    "awk 'BEGIN { printf \"%s %s %s\\n\", \"a\", \"b\", \"c\" > \"/dev/stdout\" }'",
    "awk 'BEGIN { x[\"a\"] = 1; for (k in x) print k, x[k] }'",
    "awk 'BEGIN { print 1; exit; print 2 }'",
    "awk 'BEGIN { print match(\"aaa\", /a*/), RLENGTH; print match(\"xyz\", //), RLENGTH }'",
    "awk 'BEGIN { print \"a\\\\tb\", \"c\\\\\\\\d\", \"e\\\\/f\", \"\\\\101\" }'",
    "awk 'BEGIN { print \"\\x41\\x42\", \"\\\"q\\\"\" }'",
    "awk 'BEGIN { print 1 > 2 ? \"a\" : \"b\" }'; cat 2 2>/dev/null; rm -f 2",
    "awk 'BEGIN { print (1 > 2) ? \"a\" : \"b\" }'",
    "awk 'BEGIN { print 5 \" \" (3 > 2) }'",
    "awk 'BEGIN { a = 1; b = 2; print a \" \" b, a b }'",
    "awk 'BEGIN { $0 = \"x y\"; $1 = $1; print NF \":\" $0 }'", // Syntax errors: named after their source, numbered within it, caret where gawk puts it.
    "printf 'BEGIN { x = 1 +\\n}\\n' > p.awk; awk -f p.awk 2>&1; echo st=$?",
    "printf 'BEGIN { x = 1 }\\nBEGIN { y = }\\n' > p.awk; awk -e 'BEGIN { }' -f p.awk 2>&1",
    "printf 'BEGIN {\\n x = 1\\n' > p.awk; awk -f p.awk 2>&1; echo st=$?",
    "printf 'BEGIN {\\n x = 1' > p.awk; awk -f p.awk 2>&1",
    "printf 'BEGIN { x = 1 +\\n' > p.awk; awk -f p.awk 2>&1",
    "awk -f no-such.awk 2>&1; echo st=$?",
    // Invoked as gawk, its messages say so.
    "gawk 'BEGIN {' 2>&1; echo st=$?",
    "gawk 'BEGIN { print 1/0 }' 2>&1; echo st=$?",
    "gawk '{ print }' /nonexistent 2>&1; echo st=$?",
    "gawk 2>&1; echo st=$?",
    "gawk -W 2>&1; echo st=$?",
    "awk -x 2>&1; echo st=$?",
    "awk --foo 2>&1; echo st=$?",
    "awk --file 2>&1 | head -1",
    "awk -v 2>&1 | head -1",
    "gawk -f no-such.awk 2>&1; echo st=$?",
    "awk 'BEGIN { x = 1 +\n}' 2>&1",
    "awk 'BEGIN {\n x = 1\n' 2>&1",
    "awk 'function f(a, b, a) { } BEGIN { print 1 }' 2>&1; echo st=$?",
    "awk 'function f(a) { } function f(b) { }' 2>&1; echo st=$?",
    "awk 'function f(f) { }' 2>&1; awk 'function f(NR) { }' 2>&1; awk 'function NR() { }' 2>&1",
    "awk 'function length() { }' 2>&1; awk 'function f( { }' 2>&1; awk 'function 12() { }' 2>&1",
    "awk 'function f(a, 123) { }' 2>&1; awk 'BEGIN { delete 123 }' 2>&1",
    "awk 'BEGIN { x = 1 in 123 }' 2>&1; awk 'BEGIN {\n print 1\n x = )\n}' 2>&1",
    "printf 'a\\\\b\\n' | awk -F'\\\\' '{ print $2 }'; printf 'a\\\\b\\n' | awk -v 'FS=\\\\' '{ print NF }'",
    "awk \"BEGIN { printf \\\"%'d|%'.2f|%'8d\\\\n\\\", 1234567, 1234.5, 42 }\"",
    // gawk's BEGINFILE and ENDFILE around each file; next/nextfile where gawk refuses them
    "printf 'a\\nb\\n' > f1; printf 'c\\n' > f2; : > f3; gawk 'BEGINFILE{print \"start\", FILENAME, FNR} ENDFILE{print \"end\", FILENAME, FNR} {print NR, $0}' f1 f2 f3",
    "printf 'a\\n' > f1; printf 'c\\n' > f2; gawk 'BEGINFILE{if (FILENAME == \"f1\") nextfile; print \"b\", FILENAME} {nextfile} ENDFILE{print \"e\", FILENAME, FNR}' f1 f2; echo x | gawk 'BEGINFILE{print FILENAME, FNR} ENDFILE{print NR}'",
    "printf 'a\\n' > f1; gawk 'BEGINFILE{print \"b\"; exit 3} END{print \"end\"}' f1; echo st=$?; gawk 'BEGIN{print 0} BEGINFILE{n++} END{print n, NR}' f1 x=1 f1",
    "gawk 'BEGIN{next}' 2>&1; echo st=$?; gawk 'END{nextfile}' 2>&1 </dev/null; echo st=$?; gawk 'ENDFILE{next}' 2>&1 </dev/null; echo st=$?",
    "gawk 'function f(){next} BEGIN{f()}' 2>&1; echo st=$?; gawk 'function f(){nextfile} END{f()}' 2>&1 </dev/null; echo st=$?",
    // gawk's `-i inplace`: output replaces each file; END prints to stdout again.
    "printf 'a\\nb\\n' > f1; printf 'c\\n' > f2; awk -i inplace 'BEGIN{print \"begin\"} {print NR\": \"$0} END{print \"end\", NR}' f1 f2; echo st=$?; cat f1 f2",
    "printf 'x\\n' > f; awk -i inplace -v INPLACE_SUFFIX=.orig '{print toupper($0)}' f; cat f f.orig; rm -f f.orig",
    "printf 'x\\n' > f; gawk --include=inplace 'BEGIN{INPLACE_SUFFIX=\"~\"} {print \"z\" $0}' f; cat f f~; rm -f f~",
    "printf 'x\\ny\\n' > f; awk -i inplace 'NR==1{exit} {print}' f; echo st=$?; wc -c < f",
    "printf 'a\\n' > f1; awk -i inplace '{print}' nofile f1 2>&1; echo st=$?; cat f1",
    "printf 'x\\n' | awk -i inplace '{print \"got\", $0}' 2>&1; echo st=$?",
    "printf 'a\\nb\\n' > f; awk -i inplace '{print; print \"e\" > \"/dev/stderr\"}' f 2>&1; cat f",
    "printf '1\\n2\\n' > f; awk -i inplace '{s+=$1} END{print s}' f; echo st=$?; wc -c < f",
    "printf 'a\\n' > f; printf 'b\\n' > g; awk -i inplace -i inplace '{print \"[\" $0 \"]\"; nextfile}' f g; cat f g",
    "printf 'a\\n' > f; awk -i inplace '{print > \"/dev/stdout\"; printf \"%s!\\n\", $0}' f; cat f",
    "printf 'a b\\n' > f; awk -i inplace '{print $2}' f x=1 f; cat f",
    "printf 'a\\n' > f1; awk -i inplace '{print \"x\" $0}' f1 nofile 2>&1; echo st=$?; cat f1",
    "printf 'a\\n' > f1; printf 'q\\n' | awk -i inplace '{print \"x\" $0}' f1 - 2>&1; cat f1",
    // `-i FILE` includes an awk source file (FILE or FILE.awk), once.
    "printf 'function dbl(x) { return 2*x }\\n' > lib.awk; awk -i lib 'BEGIN{print dbl(21)}'; awk -i lib.awk -i lib 'BEGIN{print dbl(2)}'; rm -f lib.awk",
    "awk -i no-such-lib 'BEGIN{print 1}' 2>&1; echo st=$?",
    // Run-time errors name the line of the statement running; division by a constant zero
    // is found while parsing.
    "awk 'BEGIN {\n x = 0\n y = 1; print 1/x }' 2>&1; echo st=$?",
    "awk 'function f(a) {\n return 1/a\n}\nBEGIN { f(0) }' 2>&1",
    "printf 'BEGIN { }\\n' > a.awk; printf '\\n\\nEND { x = 0; print 1 %% x }\\n' > b.awk; echo | awk -f a.awk -f b.awk 2>&1",
    "echo a | awk '{\n print\n print $1/0\n}' 2>&1; echo st=$?",
    "awk 'BEGIN { x = 1; x /= 0 }' 2>&1; awk 'BEGIN { x = 1; x %= 0 }' 2>&1; echo st=$?",
    "awk 'BEGIN { print 1/(0) }' 2>&1; awk 'BEGIN { print 1/\"0\" }' 2>&1; awk 'BEGIN { print 1 % 0.0 }' 2>&1",
    "printf 'a\\nb\\n' > f; awk 'END { x = 0; print 1/x }' f 2>&1; awk 'END { x = 0; print 1/x }' f /dev/null 2>&1",
    "echo a | awk '{ getline; x = 0; print 1/x }' 2>&1; awk 'BEGIN { getline; x = 0; print 1/x }' </dev/null 2>&1",
    "awk 'BEGIN { if (0) print 1/0; print \"ran\" }' 2>&1; awk 'BEGIN { print 1/0\nprint 2%0; x = }' 2>&1; echo st=$?",
];

fn host(script: &str, dir: &Path) -> Option<(Vec<u8>, i32)> {
    let r = Host::new()
        .dir(dir)
        .env("AWKTESTVAR", "hello env")
        .run(script);
    Some((r.stdout, r.status))
}

fn have_gawk() -> bool {
    diff::require("gawk", "awk --version | grep -q 'GNU Awk'")
}

/// Generated cases: printf conversions over assorted values, comparisons and arithmetic.
fn generated() -> Vec<String> {
    let mut v = Vec::new();
    let convs = [
        "%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "%x", "%o", "%u", "%e", "%.2e", "%f", "%.0f",
        "%8.3f", "%g", "%.10g", "%G", "%s", "%10s", "%.2s",
    ];
    let vals = [
        "0",
        "1",
        "-1",
        "42",
        "3.7",
        "-3.7",
        "1e10",
        "\"abc\"",
        "\"12abc\"",
        "\"\"",
        "0.5",
        "255",
        "65",
    ];
    let mut r = Rng(42);
    for c in convs {
        for _ in 0..3 {
            let a = r.pick(&vals);
            v.push(format!("awk 'BEGIN {{ printf \"[{c}]\\n\", {a} }}'"));
        }
    }
    let operands = [
        "1", "\"1\"", "\"a\"", "\"10\"", "9", "\"\"", "x", "\"1.0\"", "0",
    ];
    let ops = ["<", "<=", "==", "!=", ">", ">="];
    for _ in 0..30 {
        let a = r.pick(&operands);
        let b = r.pick(&operands);
        let op = r.pick(&ops);
        v.push(format!("awk 'BEGIN {{ print ({a} {op} {b}) }}'"));
    }
    let nums = ["7", "-7", "2.5", "0.1", "1e3", "3", "-0.5"];
    let aops = ["+", "-", "*", "/", "%", "^"];
    for _ in 0..30 {
        let a = r.pick(&nums);
        let b = r.pick(&nums);
        let op = r.pick(&aops);
        v.push(format!("awk 'BEGIN {{ print {a} {op} {b} }}'"));
    }
    // field comparisons: strnums from input
    let fields = ["10", "9", "abc", "1e1", " 5 ", "-3", "0x1", ""];
    for _ in 0..20 {
        let a = r.pick(&fields);
        let b = r.pick(&fields);
        v.push(format!(
            "printf '%s\\t%s\\n' '{a}' '{b}' | awk -F'\\t' '{{ print ($1 < $2), ($1 == $2), ($1 > $2) }}'"
        ));
    }
    v
}

/// A subscript of any kind gawk's array layout tells apart: small, spread and sparse
/// non-negative integers, negative ones, integers beyond 32 bits, strings that look like
/// integers but are not (`"01"`, `"-0"`, `"+3"`), multi-dimensional keys and words.
fn array_key(r: &mut Rng) -> String {
    match r.below(100) {
        0..=24 => r.below(60).to_string(),
        25..=39 => r.below(5000).to_string(),
        40..=49 => r.below_u64(1 << 31).to_string(),
        50..=57 => format!("-{}", 1 + r.below(3000)),
        58..=61 => r
            .pick(&[
                "\"01\"",
                "\"-0\"",
                "\"+3\"",
                "1.5",
                "1e20",
                "\"2147483648\"",
                "\"\"",
                "\" 7\"",
            ])
            .to_string(),
        62..=65 => format!("{},{}", r.below(4), r.below(4)),
        _ => {
            let letters = b"abcdefghijklmnopqrstuvwxyz_AB";
            let n = 1 + r.below(8);
            let w: String = (0..n)
                .map(|_| letters[r.below(letters.len())] as char)
                .collect();
            format!("\"{w}\"")
        }
    }
}

/// Generated cases for the order `for (k in a)` visits keys in, which follows gawk's array
/// layout: sequences of insertions and deletions, some long enough to grow the hash tables
/// and to spill sparse integers, with the order printed along the way.
fn array_order() -> Vec<String> {
    let mut r = Rng(7);
    let mut cases = Vec::new();
    for size in [5, 20, 60, 200, 600, 3000] {
        for _ in 0..4 {
            let mut ops = Vec::new();
            for i in 0..size {
                match r.below(100) {
                    0..=74 => ops.push(format!("a[{}] = {i}", array_key(&mut r))),
                    75..=94 => ops.push(format!("delete a[{}]", array_key(&mut r))),
                    95..=96 => ops.push("delete a".to_string()),
                    _ => ops.push("dump()".to_string()),
                }
            }
            ops.push(format!(
                "m = 0; for (k in a) if (m++ % {} == 0) delete a[k]",
                2 + r.below(3)
            ));
            ops.push("dump()".to_string());
            cases.push(format!(
                "awk 'function dump(  k, s) {{ s = \"\"; for (k in a) s = s \" \" k; print length(a) \":\" s }} BEGIN {{ {} }}'",
                ops.join("; ")
            ));
        }
    }
    // rand() is gawk's own generator, so seeded keys (and their order) match too.
    cases.push("awk 'BEGIN { srand(3); for (i = 0; i < 20000; i++) a[int(rand() * 2^31) - 2^30]; for (k in a) if (rand() < 0.5) delete a[k]; n = 0; for (k in a) if (n++ % 97 == 0) printf \"%s \", k; print \"\" }'".to_string());
    cases.push("awk 'BEGIN { print srand(5), srand(2.7), srand(9); print rand(), rand(); srand(3000000000); print rand() }'".to_string());
    cases
}

#[test]
fn awk_matches_gawk() {
    if !have_gawk() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sandsh-awk-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut cfg = KernelConfig::default();
    cfg = cfg.env("AWKTESTVAR", "hello env");
    let mut k = Kernel::new(cfg);
    let _ = k.execute("mkdir -p /tmp");
    let mut check = |k: &mut Kernel, case: &str, host_case: &str, label: &str| {
        let Some((want, wst)) = host(host_case, &dir) else {
            return;
        };
        let r = k.execute(case);
        compared += 1;
        if r.stdout != want || r.exit_code != wst {
            failures.push(format!(
                "{case}{label}\n  gawk:   {:?} (status {wst})\n  sandsh: {:?} (status {}) stderr {:?}",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&r.stdout),
                r.exit_code,
                String::from_utf8_lossy(&r.stderr),
            ));
        }
    };
    for (name, data) in inputs() {
        std::fs::write(dir.join("in"), &data).expect("write input");
        k.backend()
            .write(Path::new("/tmp/in"), &data, WriteMode::Truncate, 0o644)
            .expect("vfs write");
        for prog in OVER_INPUTS {
            let prog = prog.replace("/tmp/", "");
            let case = format!("cd /tmp && awk {prog} in");
            let host_case = format!("awk {prog} in");
            check(&mut k, &case, &host_case, &format!(" (input {name})"));
        }
    }
    for case in PLAIN {
        // files the cases create live in the working directory on both sides
        let case = case.replace("/tmp/", "");
        check(&mut k, &format!("cd /tmp && {case}"), &case, "");
    }
    for case in generated().into_iter().chain(array_order()) {
        check(&mut k, &format!("cd /tmp && {case}"), &case, "");
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
