//! Differential tests for `diff -y` (side by side) and the tab options `-t`, `-T` and
//! `--tabsize`: each case runs in one sandsh kernel and through the host's bash with GNU diff
//! 3.8 in `C.UTF-8` (the harness of [`crate::utils_a_diff`]), over the same files, and stdout plus the exit status (`rc=N` appended)
//! must match byte for byte. Cases that end in `2>&1` compare GNU's error text too.
//!
//! The files exercise what decides a column: tabs at every offset, lines longer than the
//! half width, wide and combining UTF-8 characters and invalid bytes, control characters,
//! files without a final newline, empty and binary files, and two directories for `-r`.

use std::path::Path;

use crate::diff::require;
use crate::utils_a_diff::{check, host, report, sandsh};
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

const FILES: &[(&str, &[u8])] = &[
    ("a", b"one\ntwo\nthree\nfour\nfive\nsix\n"),
    ("b", b"one\nTWO\nthree\n4\nfive\nsix\nseven\n"),
    (
        "tabs1",
        b"\tlead\nx\ty\tz\nabcdefg\th\n12345678\t9\nsame\tline\nend\t\n\t\t\tdeep\n",
    ),
    (
        "tabs2",
        b"    lead\nx\ty\tZ\nabcdefg h\n12345678\t9\nsame\tline\nend\n\t\t\tdeeper\tstill\n",
    ),
    (
        "long1",
        b"The quick brown fox jumps over the lazy dog and keeps on running far away\nshort\nA line of exactly forty characters long!\nkeep\n",
    ),
    (
        "long2",
        b"The quick brown fox jumps over the lazy cat and keeps on running far away\nshort\nA line of exactly forty characters long?\nkeep\nand one more line that is quite long, longer than sixty-one columns\n",
    ),
    (
        "u1",
        "h\u{e9}llo w\u{f6}rld \u{f1}and\u{fa}\n\u{65e5}\u{672c}\u{8a9e}\u{306e}\u{30c6}\u{30ad}\u{30b9}\u{30c8}\u{3067}\u{3059}\nca\u{301}fe\u{301} na\u{308}ive\n\u{1f600} smile \u{1f600}\nsame \u{e9}\n"
            .as_bytes(),
    ),
    (
        "u2",
        "hello world\n\u{65e5}\u{672c}\u{8a9e}\nca\u{301}fe\u{301} naive\n\u{1f600} smile\nsame \u{e9}\n"
            .as_bytes(),
    ),
    ("bad1", b"a\xffb\xfe\x01c\x7fd\n\xe2\x82X\xc3\xa9ab\nok\n"),
    ("bad2", b"z\n\xe2\x82Y\nok\n"),
    ("ctrl1", b"ab\rcd\nx\x08y\nf\x0cg\x0bh\nplain\n"),
    ("ctrl2", b"ab\rCD\nx\x08z\nf\x0cg\x0bi\nplain\n"),
    ("nonl1", b"x\ny"),
    ("nonl2", b"x\nz\n"),
    ("nonl3", b"x\nq"),
    ("empty", b""),
    ("empty2", b""),
    ("bin1", b"a\0b\n"),
    ("bin2", b"a\0c\n"),
    ("ws1", b"Alpha beta\n  gamma\ndelta  \n\nepsilon\nZeta\n"),
    ("ws2", b"alpha  beta\ngamma\ndelta\nepsilon\n\n\nzeta\n"),
    ("d1/f", b"x\ny\n"),
    ("d2/f", b"x\nz\n"),
    ("d1/g", b"same\n"),
    ("d2/g", b"same\n"),
    ("d1/e", b""),
    ("d2/e", b""),
    ("d1/s/h", b"q\n"),
    ("d2/s/h", b"Q\n"),
    ("d1/only", b"only\n"),
];

const CASES: &[&str] = &[
    "diff -y a b",
    "diff -y -W 20 a b",
    "diff -y -W 40 a b",
    "diff -y -W 79 a b",
    "diff -y -W 200 a b",
    "diff -y -W 5 a b",
    "diff -y -W 12 a b",
    "diff --side-by-side --width=60 a b",
    "diff -yW33 a b",
    "diff -y --left-column -W 40 a b",
    "diff -y --suppress-common-lines -W 40 a b",
    "diff -y --suppress-common-lines --left-column -W 40 a b",
    "diff -y -W 40 tabs1 tabs2",
    "diff -y -W 79 tabs1 tabs2",
    "diff -y tabs1 tabs2",
    "diff -y -t -W 40 tabs1 tabs2",
    "diff -y -t -W 79 tabs1 tabs2",
    "diff -y --expand-tabs tabs1 tabs2",
    "diff -y --tabsize=4 -W 50 tabs1 tabs2",
    "diff -y -t --tabsize=3 -W 41 tabs1 tabs2",
    "diff -y -T -W 40 tabs1 tabs2",
    "diff -y -W 40 long1 long2",
    "diff -y -W 79 long1 long2",
    "diff -y long1 long2",
    "diff -y -W 130 long1 long2",
    "diff -y -W 200 long1 long2",
    "diff -y -W 20 u1 u2",
    "diff -y -W 40 u1 u2",
    "diff -y -W 79 u1 u2",
    "diff -y -t -W 31 u1 u2",
    "diff -y -W 20 bad1 bad2",
    "diff -y -W 40 bad1 bad2",
    "diff -y -W 40 ctrl1 ctrl2",
    "diff -y -t -W 40 ctrl1 ctrl2",
    "diff -y -W 40 nonl1 nonl2",
    "diff -y -W 40 nonl2 nonl1",
    "diff -y -W 40 nonl1 nonl3",
    "diff -y -W 40 nonl1 nonl1",
    "diff -y -W 40 empty a",
    "diff -y -W 40 a empty",
    "diff -y empty empty2",
    "diff -y -W 40 a a",
    "diff -ys -W 40 a a",
    "diff -y --suppress-common-lines a a",
    "diff -y bin1 bin2",
    "diff -y bin1 bin1",
    "diff -y -a -W 30 bin1 bin2",
    "diff -yq a b",
    "diff -y -W 40 ws1 ws2",
    "diff -y -i -W 40 ws1 ws2",
    "diff -y -w -W 40 ws1 ws2",
    "diff -y -b -W 40 ws1 ws2",
    "diff -y -B -W 40 ws1 ws2",
    "diff -y -B -w -i -W 40 ws1 ws2",
    "diff -y -B --left-column -W 40 ws1 ws2",
    "diff -y -B --suppress-common-lines -W 40 ws1 ws2",
    "diff -r -y -W 30 d1 d2",
    "diff -ry --suppress-common-lines -W30 d1 d2",
    "diff -r --side-by-side --width 30 d1 d2",
    "diff -ryq d1 d2",
    "diff -y -u a b 2>&1",
    "diff -y -c a b 2>&1",
    "diff -u -y a b 2>&1",
    "diff -y -C 2 a b 2>&1",
    "diff -y --normal a b 2>&1",
    "diff -y -e a b 2>&1",
    "diff -e -y a b 2>&1",
    "diff -y -n a b 2>&1",
    "diff -y --old-line-format=x a b 2>&1",
    "diff -c -u a b 2>&1",
    "diff -y -W 0 a b 2>&1",
    "diff -y -W x a b 2>&1",
    "diff -y -W 30 -W 40 a b 2>&1",
    "diff -y -W 30 -W 30 a b",
    "diff -y --tabsize=0 a b 2>&1",
    "diff -y -p -W 40 a b",
    "diff -t tabs1 tabs2",
    "diff -T tabs1 tabs2",
    "diff -tT tabs1 tabs2",
    "diff -t --tabsize=3 tabs1 tabs2",
    "diff -t ctrl1 ctrl2",
    "diff -T -u --label A --label B a b",
    "diff -t -u --label A --label B tabs1 tabs2",
    "diff -T -c --label A --label B a b",
    "diff -t -c --label A --label B ctrl1 ctrl2",
    "diff -p --label A --label B a b",
];

#[test]
fn side_by_side_matches_gnu() {
    if !require("GNU diff", "diff --version | grep -q 'GNU diffutils'") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sandsh-diff-side-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut k = Kernel::new(KernelConfig::default());
    let be = k.backend();
    for (name, data) in FILES {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("dir");
        std::fs::write(&p, data).expect("write");
        let v = Path::new("/tmp/y").join(name);
        be.mkdir(v.parent().expect("parent"), 0o755, true)
            .expect("mkdir");
        be.write(&v, data, WriteMode::Truncate, 0o644)
            .expect("vfs write");
    }
    let mut failures = Vec::new();
    for case in CASES {
        let want = host(&dir, case);
        let got = sandsh(&mut k, "/tmp/y", case);
        check(&mut failures, case, &want, &got);
    }
    let _ = std::fs::remove_dir_all(&dir);
    report(failures, CASES.len());
}
