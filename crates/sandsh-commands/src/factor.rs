//! `factor`: print the prime factors of each number, as GNU's `factor` does (`12: 2 2 3`).
//!
//! Numbers up to `u128::MAX` are factored: trial division by small primes, then a
//! Miller–Rabin test and Brent's variant of Pollard's rho, all in Montgomery arithmetic so
//! that a 128-bit multiplication modulo n stays a handful of machine multiplies. Larger
//! numbers (GNU's GMP build handles them) are refused with GNU's no-GMP message rather than
//! answered wrongly. The rho loop checks cancellation, since a 128-bit semiprime with two
//! large factors can take long.

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, input, output, quote};

pub struct Factor;

static SPEC: CommandSpec = CommandSpec {
    name: "factor",
    group: "text",
    summary: "print the prime factors of each specified integer",
    usage: "factor [NUMBER]...",
    description: "Print the prime factors of each specified integer NUMBER. If none are specified on the command line, read them from standard input (separated by blanks or newlines). Numbers up to 2^128-1 are supported.",
    options: &[],
    operands: &[ArgSpec::optional(
        "NUMBER",
        ArgType::Integer,
        "non-negative integers to factor",
    )
    .repeated()],
    returns: "one line per number: the number, a colon, and its prime factors in ascending order",
    examples: &[
        Example {
            description: "factor a number",
            script: "factor 12",
            stdout: "12: 2 2 3\n",
        },
        Example {
            description: "numbers from standard input",
            script: "echo 91 97 | factor",
            stdout: "91: 7 13\n97: 97\n",
        },
    ],
    errors: "exit 1 for an input that is not a valid non-negative integer (the others are still factored)",
    risk: RiskLevel::ReadOnly,
};

/// 128x128 -> 256-bit product as (high, low).
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & u128::from(u64::MAX)) + (p10 & u128::from(u64::MAX));
    let lo = (p00 & u128::from(u64::MAX)) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// Montgomery arithmetic modulo an odd n (R = 2^128).
struct Mont {
    n: u128,
    /// -n^-1 mod R
    ninv: u128,
    /// R^2 mod n
    r2: u128,
}

impl Mont {
    fn new(n: u128) -> Mont {
        let mut inv = n;
        for _ in 0..7 {
            inv = inv.wrapping_mul(2u128.wrapping_sub(n.wrapping_mul(inv)));
        }
        // R mod n, then doubled 128 times: R^2 mod n.
        let mut r = (u128::MAX % n + 1) % n;
        for _ in 0..128 {
            r = add_mod(r, r, n);
        }
        Mont {
            n,
            ninv: inv.wrapping_neg(),
            r2: r,
        }
    }

    fn redc(&self, hi: u128, lo: u128) -> u128 {
        let m = lo.wrapping_mul(self.ninv);
        let (mh, ml) = mul_wide(m, self.n);
        let (_, carry) = lo.overflowing_add(ml);
        let (t, o1) = hi.overflowing_add(mh);
        let (t, o2) = t.overflowing_add(u128::from(carry));
        if o1 || o2 || t >= self.n {
            t.wrapping_sub(self.n)
        } else {
            t
        }
    }

    fn mul(&self, a: u128, b: u128) -> u128 {
        let (hi, lo) = mul_wide(a, b);
        self.redc(hi, lo)
    }

    fn to(&self, a: u128) -> u128 {
        self.mul(a % self.n, self.r2)
    }

    fn one(&self) -> u128 {
        self.to(1)
    }

    fn pow(&self, mut base: u128, mut e: u128) -> u128 {
        let mut acc = self.one();
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            e >>= 1;
        }
        acc
    }
}

fn add_mod(a: u128, b: u128, n: u128) -> u128 {
    let (s, o) = a.overflowing_add(b);
    if o || s >= n { s.wrapping_sub(n) } else { s }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

const SMALL_PRIMES: [u128; 25] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

/// Miller–Rabin with the first 25 primes as bases: deterministic below 3.3e24 and with a
/// vanishing error bound above.
fn is_prime(n: u128) -> bool {
    if n < 2 {
        return false;
    }
    for p in SMALL_PRIMES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let m = Mont::new(n);
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    let one = m.one();
    let minus_one = m.to(n - 1);
    'bases: for a in SMALL_PRIMES {
        let mut x = m.pow(m.to(a), d);
        if x == one || x == minus_one {
            continue;
        }
        for _ in 1..s {
            x = m.mul(x, x);
            if x == minus_one {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// A non-trivial factor of the odd composite n (Brent's rho); `None` when cancelled.
fn rho(n: u128, ctx: &dyn ToolCtx) -> Option<u128> {
    let m = Mont::new(n);
    let mut c = 1u128;
    loop {
        let f = |x: u128| add_mod(m.mul(x, x), c, n);
        let (mut x, mut y, mut q) = (0u128, 2u128, m.one());
        let mut ys = y;
        let mut g = 1u128;
        let mut r = 1u64;
        const BATCH: u64 = 128;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                if ctx.is_cancelled() {
                    return None;
                }
                ys = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y);
                    q = m.mul(q, x.abs_diff(y));
                }
                g = gcd(q, n);
                k += BATCH;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step one at a time from the saved point.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g != 1 {
                    break;
                }
            }
        }
        if g != n {
            return Some(g);
        }
        c += 1;
    }
}

/// The prime factors of n, ascending; `None` when cancelled.
fn factorize(mut n: u128, ctx: &dyn ToolCtx) -> Option<Vec<u128>> {
    let mut out = Vec::new();
    if n < 2 {
        return Some(out);
    }
    for p in SMALL_PRIMES {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
    }
    let mut stack = Vec::new();
    if n > 1 {
        stack.push(n);
    }
    while let Some(k) = stack.pop() {
        if is_prime(k) {
            out.push(k);
            continue;
        }
        let d = rho(k, ctx)?;
        stack.push(d);
        stack.push(k / d);
    }
    out.sort_unstable();
    Some(out)
}

/// GNU's parsing: leading blanks and one `+` allowed, then decimal digits only.
fn parse(tok: &str) -> Result<u128, bool> {
    let t = tok.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let t = t.strip_prefix('+').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(false);
    }
    t.parse::<u128>().map_err(|_| true)
}

/// Factor one token and print its line; false when it was invalid.
fn one(ctx: &mut dyn ToolCtx, tok: &str) -> Result<bool, ExitStatus> {
    let n = match parse(tok) {
        Ok(n) => n,
        Err(too_large) => {
            let why = if too_large {
                "is too large"
            } else {
                "is not a valid positive integer"
            };
            diag::err(ctx, "factor", &format!("{} {why}", quote::cquote(tok)));
            return Ok(false);
        }
    };
    let Some(fs) = factorize(n, ctx) else {
        return Err(130);
    };
    let mut line = format!("{n}:");
    for f in fs {
        line.push(' ');
        line.push_str(&f.to_string());
    }
    line.push('\n');
    if output::out(ctx, line.as_bytes()) {
        Ok(true)
    } else {
        Err(141)
    }
}

impl ParsedCommand for Factor {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut status = 0;
        if !p.operands.is_empty() {
            for op in &p.operands {
                match one(ctx, &diag::lossy(op)) {
                    Ok(true) => {}
                    Ok(false) => status = 1,
                    Err(s) => return s,
                }
            }
            return status;
        }
        let mut src = input::Source::Stdin;
        let mut buf = vec![0u8; input::CHUNK];
        let mut tok: Vec<u8> = Vec::new();
        loop {
            let n = match input::read_chunk(ctx, &mut src, &mut buf) {
                Ok(n) => n,
                Err(_) if ctx.is_cancelled() => return 130,
                Err(e) => {
                    diag::err(ctx, "factor", &diag::io_msg(&e));
                    return 1;
                }
            };
            for &b in buf[..n].iter().chain(if n == 0 { &b" "[..] } else { &[] }) {
                if b.is_ascii_whitespace() {
                    if !tok.is_empty() {
                        match one(ctx, &diag::lossy(&tok)) {
                            Ok(true) => {}
                            Ok(false) => status = 1,
                            Err(s) => return s,
                        }
                        tok.clear();
                    }
                } else if tok.len() < 4096 {
                    tok.push(b);
                }
            }
            if n == 0 {
                return status;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Factor, factorize, is_prime};
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn factors() {
        let ctx = TestCtx::new();
        let f = |n: u128| factorize(n, &ctx).unwrap_or_default();
        assert_eq!(f(0), Vec::<u128>::new());
        assert_eq!(f(1), Vec::<u128>::new());
        assert_eq!(f(12), vec![2, 2, 3]);
        assert_eq!(f(18446744073709551617), vec![274177, 67280421310721]);
        assert_eq!(
            f(u128::MAX),
            vec![3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721]
        );
        assert_eq!(f(18446744073709551557), vec![18446744073709551557]);
        assert!(is_prime(170141183460469231731687303715884105727));
        assert!(is_prime(340282366920938463463374607431768211297));
        // Two 32-bit primes; 2^61-1 times 2^31-1.
        assert_eq!(f(4294967291 * 4294967279), vec![4294967279, 4294967291]);
        assert_eq!(
            f(2305843009213693951 * 2147483647),
            vec![2147483647, 2305843009213693951]
        );
        for n in 2..5000u128 {
            let v = f(n);
            assert_eq!(v.iter().product::<u128>(), n, "{n}");
            assert!(v.iter().all(|&p| is_prime(p)), "{n}");
        }
    }

    #[test]
    fn io() {
        assert_eq!(
            run_in(&Factor, &[], "12 13\n 14").1,
            "12: 2 2 3\n13: 13\n14: 2 7\n"
        );
        let (s, o, e) = run_in(&Factor, &[], "a 7");
        assert_eq!((s, o.as_str()), (1, "7: 7\n"));
        assert_eq!(
            e,
            "factor: \u{2018}a\u{2019} is not a valid positive integer\n"
        );
        let mut c = TestCtx::new();
        assert_eq!(run(&Factor, &["+12", " 012", "1e3"], &mut c), 1);
        assert_eq!(c.out_str(), "12: 2 2 3\n12: 2 2 3\n");
        let mut c = TestCtx::new();
        assert_eq!(
            run(
                &Factor,
                &["340282366920938463463374607431768211456"],
                &mut c
            ),
            1
        );
        assert!(c.err_str().contains("is too large"));
    }
}
