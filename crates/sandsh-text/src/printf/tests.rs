//! `printf` tests. Every row of the table was produced by bash 5.2.15 on this machine:
//! `LC_ALL=C.UTF-8 TZ=UTC bash -c 'printf "$@"' x FORMAT ARGS…`, recording stdout, the
//! diagnostics after `printf: ` and the exit status.

use super::*;

/// Left out, known divergences: bash parses floats as `long double`, sandsh as `f64`, so
/// results that depend on the extra precision differ: `%.3f 1.0005` (bash 1.001, sandsh
/// 1.000), `%.1g 0.15` (0.2 vs 0.1), `%a 0.1` (more hex digits), `%f 1e400` (finite vs inf).
///
/// (format, args, stdout, diagnostics, status)
#[allow(clippy::type_complexity)]
const TABLE: &[(&[u8], &[&[u8]], &[u8], &[&str], i32)] = &[
    (b"%d\\n", &[b"abc"], b"0\x0a", &["abc: invalid number"], 1),
    (b"%d\\n", &[b"1a"], b"1\x0a", &["1a: invalid number"], 1),
    (b"%d|%s\\n", &[b"1", b"a", b"2"], b"1|a\x0a2|\x0a", &[], 0),
    (
        b"%d\\n",
        &[b"99999999999999999999"],
        b"9223372036854775807\x0a",
        &["warning: 99999999999999999999: Numerical result out of range"],
        0,
    ),
    (
        b"%d\\n",
        &[b"-99999999999999999999"],
        b"-9223372036854775808\x0a",
        &["warning: -99999999999999999999: Numerical result out of range"],
        0,
    ),
    (
        b"%x %o %X %#x %#o\\n",
        &[b"255", b"8", b"255", b"255", b"8"],
        b"ff 10 FF 0xff 010\x0a",
        &[],
        0,
    ),
    (
        b"%5.2f|%-6s|%06d|%+d|% d\\n",
        &[b"3.14159", b"ab", b"42", b"5", b"5"],
        b" 3.14|ab    |000042|+5| 5\x0a",
        &[],
        0,
    ),
    (
        b"%d %d %d\\n",
        &[b"'a", b"0x1f", b"010"],
        b"97 31 8\x0a",
        &[],
        0,
    ),
    (b"%s\\n", &[], b"\x0a", &[], 0),
    (b"%d\\n", &[], b"0\x0a", &[], 0),
    (b"%b|", &[b"a\\tb", b"x\\cy", b"z"], b"a\x09b|x", &[], 0),
    (b"a\\cb\\n", &[], b"a\\cb\x0a", &[], 0),
    (b"%c|%c\\n", &[b"abc", b""], b"a|\x00\x0a", &[], 0),
    (
        b"%.3s|%10.1s|\\n",
        &[b"abcdef", b"xyz"],
        b"abc|         x|\x0a",
        &[],
        0,
    ),
    (
        b"%*d|%-*d|%.*f\\n",
        &[b"5", b"1", b"4", b"2", b"2", b"3.14159"],
        b"    1|2   |3.14\x0a",
        &[],
        0,
    ),
    (
        b"%e %E %g %G\\n",
        &[b"12345.678", b"0.000123", b"100000", b"1e-5"],
        b"1.234568e+04 1.230000E-04 100000 1E-05\x0a",
        &[],
        0,
    ),
    (
        b"%i %u\\n",
        &[b"-3", b"-1"],
        b"-3 18446744073709551615\x0a",
        &[],
        0,
    ),
    (
        b"%z\\n",
        &[b"1"],
        b"",
        &["`\\': invalid format character"],
        1,
    ),
    (b"%5%|\\n", &[], b"", &["`%': invalid format character"], 1),
    (
        b"\\x41\\101\\u00e9\\U0001F600\\e\\a|\\n",
        &[],
        b"AA\xc3\xa9\xf0\x9f\x98\x80\x1b\x07|\x0a",
        &[],
        0,
    ),
    (b"%s %s\\n", &[b"a", b"b", b"c"], b"a b\x0ac \x0a", &[], 0),
    (b"%(%Y-%m-%d)T\\n", &[b"0"], b"1970-01-01\x0a", &[], 0),
    (
        b"%f\\n",
        &[b"abc"],
        b"0.000000\x0a",
        &["abc: invalid number"],
        1,
    ),
    (b"%d\\n", &[b" 12"], b"12\x0a", &[], 0),
    (b"%d\\n", &[b"12 "], b"12\x0a", &["12 : invalid number"], 1),
    (b"%d\\n", &[b""], b"0\x0a", &[], 0),
    (b"%d\\n", &[b"+5"], b"5\x0a", &[], 0),
    (b"%d\\n", &[b"-0x10"], b"-16\x0a", &[], 0),
    (b"%.2d|%5.3d\\n", &[b"5", b"7"], b"05|  007\x0a", &[], 0),
    (b"%s\\n", &[b"\\n"], b"\\n\x0a", &[], 0),
    (b"%-5c|\\n", &[b"x"], b"x    |\x0a", &[], 0),
    (b"%#X\\n", &[b"0"], b"0\x0a", &[], 0),
    (
        b"%ld %lld %hd\\n",
        &[b"1", b"2", b"3"],
        b"1 2 3\x0a",
        &[],
        0,
    ),
    (b"\\z\\n", &[], b"\\z\x0a", &[], 0),
    (b"a%", &[], b"a", &["`%': missing format character"], 1),
    (b"%y", &[], b"", &["`y': invalid format character"], 1),
    (
        b"%f %f %F\\n",
        &[b"inf", b"nan", b"-inf"],
        b"inf nan -INF\x0a",
        &[],
        0,
    ),
    (b"%.0f %.0f\\n", &[b"2.5", b"3.5"], b"2 4\x0a", &[], 0),
    (b"%x\\n", &[b"-1"], b"ffffffffffffffff\x0a", &[], 0),
    (b"%o\\n", &[b"-1"], b"1777777777777777777777\x0a", &[], 0),
    (
        b"%d\\n",
        &[b"18446744073709551615"],
        b"9223372036854775807\x0a",
        &["warning: 18446744073709551615: Numerical result out of range"],
        0,
    ),
    (
        b"%u\\n",
        &[b"18446744073709551615"],
        b"18446744073709551615\x0a",
        &[],
        0,
    ),
    (
        b"%x\\n",
        &[b"18446744073709551616"],
        b"ffffffffffffffff\x0a",
        &["warning: 18446744073709551616: Numerical result out of range"],
        0,
    ),
    (
        b"%5s|%-5s|%.1s|%5q|\\n",
        &[b"\xc3\xa9", b"\xc3\xa9", b"\xc3\xa9a", b"a b"],
        b"   \xc3\xa9|\xc3\xa9   |\xc3| a\\ b|\x0a",
        &[],
        0,
    ),
    (b"%d\\n", &[b"'\xc3\xa9"], b"233\x0a", &[], 0),
    (
        b"%(%H:%M:%S %a %b %j)T\\n",
        &[b"86399"],
        b"23:59:59 Thu Jan 001\x0a",
        &[],
        0,
    ),
    (
        b"%10(%Y)T|%-8(%H)T|%5.1(%H)T|\\n",
        &[b"0", b"0", b"0"],
        b"      1970|00      |    0|\x0a",
        &[],
        0,
    ),
    (b"x\\n", &[b"a", b"b"], b"x\x0a", &[], 0),
    (
        b"%1$s\\n",
        &[b"a"],
        b"",
        &["`$': invalid format character"],
        1,
    ),
    (
        b"%T\\n",
        &[b"0"],
        b"",
        &["`T': invalid format character"],
        1,
    ),
    (
        b"%(%H)T\\n",
        &[b"abc"],
        b"00\x0a",
        &["abc: invalid number"],
        1,
    ),
    (b"%q %Q\\n", &[b"a b", b"a b"], b"a\\ b a\\ b\x0a", &[], 0),
    (
        b"%.2Q|%.2q\\n",
        &[b"a b c", b"a b c"],
        b"a\\ |a\\\x0a",
        &[],
        0,
    ),
    (
        b"%08.3f|%-8.2e|%+.1g\\n",
        &[b"3.14159", b"1234.5", b"0.05"],
        b"0003.142|1.23e+03|+0.05\x0a",
        &[],
        0,
    ),
    (
        b"%#g %#.0f %#o %#x\\n",
        &[b"1", b"3", b"0", b"0"],
        b"1.00000 3. 0 0\x0a",
        &[],
        0,
    ),
    (
        b"%d\\n",
        &[b"08"],
        b"0\x0a",
        &["08: invalid octal number"],
        1,
    ),
    (b"%d\\n", &[b"0x"], b"0\x0a", &["0x: invalid hex number"], 1),
    (b"%s-%s\\n", &[b"a"], b"a-\x0a", &[], 0),
    (
        b"%b\\n",
        &[b"\\0101\\x\\u"],
        b"A\\x\\u\x0a",
        &["missing hex digit for \\x", "missing unicode digit for \\u"],
        0,
    ),
    (b"%c", &[b"\xc3\xa9"], b"\xc3", &[], 0),
    (
        b"%05s|%-05d|\\n",
        &[b"ab", b"3"],
        b"   ab|3    |\x0a",
        &[],
        0,
    ),
    (b"% +d\\n", &[b"3"], b"+3\x0a", &[], 0),
    (
        b"%g %g %g %g\\n",
        &[b"0.00001234", b"123456", b"1234567", b"0"],
        b"1.234e-05 123456 1.23457e+06 0\x0a",
        &[],
        0,
    ),
    (b"%e\\n", &[b"0"], b"0.000000e+00\x0a", &[], 0),
    (b"%*s|\\n", &[b"-4", b"x"], b"x   |\x0a", &[], 0),
    (b"%.*s|\\n", &[b"-1", b"abc"], b"abc|\x0a", &[], 0),
    (b"[%3c]\\n", &[b"z"], b"[  z]\x0a", &[], 0),
    (b"%d %d\\n", &[b"'", b"\"x"], b"0 120\x0a", &[], 0),
    (b"%(%)T|\\n", &[b"0"], b"%|\x0a", &[], 0),
    (b"%f\\n", &[b"0x10"], b"16.000000\x0a", &[], 0),
    (b"%f\\n", &[b" 1.5"], b"1.500000\x0a", &[], 0),
    (b"%s\\0%s\\n", &[b"a", b"b"], b"a\x00b\x0a", &[], 0),
    (
        b"%x %X\\n",
        &[b"'A", b"3000000000"],
        b"41 B2D05E00\x0a",
        &[],
        0,
    ),
    (
        b"%.0e %#.0e\\n",
        &[b"15000", b"15000"],
        b"2e+04 2.e+04\x0a",
        &[],
        0,
    ),
    (b"%a\\n", &[b"0"], b"0x0p+0\x0a", &[], 0),
    (
        b"%.1a %.0a\\n",
        &[b"1", b"1.5"],
        b"0x8.0p-3 0xcp-3\x0a",
        &[],
        0,
    ),
];

#[test]
fn agrees_with_bash() {
    let mut failures = Vec::new();
    for &(fmt, args, want, diags, status) in TABLE {
        let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
        let mut out = Vec::new();
        let got = format(fmt, &args, PrintfTimes::default(), &mut out);
        let want_diags: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
        if out != want || got.diagnostics != want_diags || got.status != status {
            failures.push(format!(
                "printf {:?} {:?}\n  got  {:?} {:?} {}\n  want {:?} {:?} {}",
                String::from_utf8_lossy(fmt),
                args.iter()
                    .map(|a| String::from_utf8_lossy(a).into_owned())
                    .collect::<Vec<_>>(),
                String::from_utf8_lossy(&out),
                got.diagnostics,
                got.status,
                String::from_utf8_lossy(want),
                want_diags,
                status
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn f64_rows() {
    let mut out = Vec::new();
    format(
        b"%a %a %A|%5.1e %g",
        &[
            b"1".to_vec(),
            b"-3.5".to_vec(),
            b"255".to_vec(),
            b"0".to_vec(),
            b"1e100".to_vec(),
        ],
        PrintfTimes::default(),
        &mut out,
    );
    assert_eq!(out, b"0x8p-3 -0xep-2 0XF.FP+4|0.0e+00 1e+100");
}

#[test]
fn time_sources() {
    let times = PrintfTimes {
        now: 86_400,
        shell_start: 3_600,
        zone: None,
    };
    let mut out = Vec::new();
    format(
        b"%(%F %T)T|%(%T)T|%(%T)T",
        &[b"-1".to_vec(), b"-2".to_vec()],
        times,
        &mut out,
    );
    assert_eq!(out, b"1970-01-02 00:00:00|01:00:00|00:00:00");
}

#[test]
fn never_panics_on_random_input() {
    let alphabet = b"%%-+ #0*.123456789abcdefgiosuxXqQbcAEFGT()\\'\"xuU0\xff\xc3\xa9";
    let mut rng = crate::test_rng::Rng::new(0x1234_5678);
    for _ in 0..3000 {
        let fmt = rng.bytes(alphabet, 13);
        let args: Vec<Vec<u8>> = (0..(rng.next() % 3))
            .map(|_| rng.bytes(alphabet, 5))
            .collect();
        let mut out = Vec::new();
        let _ = format(&fmt, &args, PrintfTimes::default(), &mut out);
    }
}
