//! The bc number: a sign, a binary magnitude and a decimal scale (value = mag / 10^scale).
//!
//! GNU bc keeps numbers as decimal digit strings; every operation's result scale follows fixed
//! rules (POSIX and GNU's number.c), and truncation is always toward zero. Those rules are what
//! make bc's output reproducible, so each operation here applies exactly GNU's scale rule while
//! the digits themselves come from exact integer arithmetic on `BigUint` (Karatsuba/Toom
//! multiplication, so `scale=1000` work stays fast). Negative zero exists only where GNU lets
//! it through (a truncated power), so the sign is a separate flag.

use std::borrow::Cow;
use std::cmp::Ordering;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// Why a long operation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heavy {
    Cancelled,
    /// A division whose divisor is too large to be done in cancellable steps.
    TooBig,
}

/// Work (limb products) above which a division is done in cancellable blocks.
const BLOCK_WORK: u64 = 1 << 26;
/// Largest divisor (in 32-bit digits) a blocked division accepts (~630,000 decimal digits).
const MAX_DIVISOR_DIGITS: usize = 1 << 16;

/// `n / d` and `n % d`. Cheap divisions go straight to num-bigint; expensive ones are done a
/// divisor-sized block at a time with a cancellation check between blocks, so a huge
/// division can always be stopped.
pub fn quot_rem(
    n: &BigUint,
    d: &BigUint,
    cancel: &dyn Fn() -> bool,
) -> Result<(BigUint, BigUint), Heavy> {
    let nl = n.bits().div_ceil(32);
    let dl = d.bits().div_ceil(32).max(1);
    if nl < dl || (nl - dl + 1) * dl <= BLOCK_WORK {
        return Ok(n.div_rem(d));
    }
    quot_rem_blocked(n, d, cancel)
}

/// The blocked division of [`quot_rem`].
fn quot_rem_blocked(
    n: &BigUint,
    d: &BigUint,
    cancel: &dyn Fn() -> bool,
) -> Result<(BigUint, BigUint), Heavy> {
    let k = (d.bits().div_ceil(32) as usize).max(1);
    if k > MAX_DIVISOR_DIGITS {
        return Err(Heavy::TooBig);
    }
    let digits = n.to_u32_digits();
    let chunks = digits.len().div_ceil(k);
    let mut q_digits: Vec<u32> = vec![0; chunks * k];
    let mut r = BigUint::zero();
    for c in (0..chunks).rev() {
        if cancel() {
            return Err(Heavy::Cancelled);
        }
        let lo = c * k;
        let hi = (lo + k).min(digits.len());
        r = (r << (32 * k)) + BigUint::from_slice(&digits[lo..hi]);
        let (qc, rc) = r.div_rem(d);
        r = rc;
        for (i, v) in qc.to_u32_digits().into_iter().enumerate() {
            if lo + i < q_digits.len() {
                q_digits[lo + i] = v;
            }
        }
    }
    Ok((BigUint::new(q_digits), r))
}

/// `n / d` through [`quot_rem`].
pub fn quot(n: &BigUint, d: &BigUint, cancel: &dyn Fn() -> bool) -> Result<BigUint, Heavy> {
    quot_rem(n, d, cancel).map(|(q, _)| q)
}

/// No cancellation (tests, small work).
pub fn never() -> bool {
    false
}

#[derive(Clone, Debug, Default)]
pub struct Num {
    pub neg: bool,
    pub mag: BigUint,
    pub scale: usize,
}

/// 10^k.
pub fn pow10(k: usize) -> BigUint {
    if k < 20 {
        return BigUint::from(10u64.pow(k as u32));
    }
    BigUint::from(10u32).pow(k as u32)
}

/// Number of decimal digits of `m` (0 has 1). A floating-point estimate from the top bits
/// decides unless it lies too near a power of ten; only then are powers of ten compared (so
/// `length()` of a huge number does not build 10^n).
pub fn dec_digits(m: &BigUint) -> usize {
    if m.is_zero() {
        return 1;
    }
    let bits = m.bits();
    if bits <= 64 {
        let v = m.to_u64().unwrap_or(0);
        return if v == 0 { 1 } else { v.ilog10() as usize + 1 };
    }
    let shift = bits - 64;
    let top = (m >> shift).to_u64().unwrap_or(u64::MAX) as f64;
    let est = top.log10() + shift as f64 * std::f64::consts::LOG10_2;
    let frac = est - est.floor();
    if frac > 1e-6 && frac < 1.0 - 1e-6 {
        return est.floor() as usize + 1;
    }
    // Near a boundary: m has d or d+1 digits (d = round(est)); decide exactly.
    let mut d = est.round() as usize;
    if *m >= pow10(d) {
        d += 1;
    }
    d.max(1)
}

impl Num {
    pub fn zero() -> Num {
        Num::default()
    }

    pub fn one() -> Num {
        Num::from_i64(1)
    }

    pub fn from_i64(v: i64) -> Num {
        Num {
            neg: v < 0,
            mag: BigUint::from(v.unsigned_abs()),
            scale: 0,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.mag.is_zero()
    }

    /// GNU's bc_is_neg: the sign flag (true for the negative zero too).
    pub fn is_neg(&self) -> bool {
        self.neg
    }

    /// Approximate heap size, for the memory budget.
    pub fn bytes(&self) -> usize {
        (self.mag.bits() / 8) as usize + 32
    }

    fn norm(mut self) -> Num {
        if self.mag.is_zero() {
            self.neg = false;
        }
        self
    }

    /// The magnitude expressed at `scale` (which must be >= self.scale); borrowed when no
    /// rescaling is needed (the common case in loops).
    fn mag_at(&self, scale: usize) -> Cow<'_, BigUint> {
        if scale == self.scale {
            Cow::Borrowed(&self.mag)
        } else {
            Cow::Owned(&self.mag * pow10(scale - self.scale))
        }
    }

    /// The integer part's magnitude.
    pub fn int_mag(&self) -> BigUint {
        if self.scale == 0 {
            self.mag.clone()
        } else {
            &self.mag / pow10(self.scale)
        }
    }

    /// GNU's n_len: digits before the point (at least 1).
    pub fn int_len(&self) -> usize {
        if self.scale == 0 {
            return dec_digits(&self.mag);
        }
        let d = dec_digits(&self.mag);
        if d <= self.scale { 1 } else { d - self.scale }
    }

    /// Truncate (toward zero) to at most `scale` fraction digits, keeping the sign as is.
    pub fn truncate_keep_sign(&self, scale: usize) -> Num {
        if scale >= self.scale {
            return self.clone();
        }
        Num {
            neg: self.neg,
            mag: &self.mag / pow10(self.scale - scale),
            scale,
        }
    }

    /// bc_add: result scale max(scale_min, a.scale, b.scale).
    pub fn add(a: &Num, b: &Num, scale_min: usize) -> Num {
        let s = scale_min.max(a.scale).max(b.scale);
        let (x, y) = (a.mag_at(s), b.mag_at(s));
        let (x, y) = (x.as_ref(), y.as_ref());
        let r = if a.neg == b.neg {
            Num {
                neg: a.neg,
                mag: x + y,
                scale: s,
            }
        } else {
            match x.cmp(y) {
                Ordering::Less => Num {
                    neg: b.neg,
                    mag: y - x,
                    scale: s,
                },
                _ => Num {
                    neg: a.neg,
                    mag: x - y,
                    scale: s,
                },
            }
        };
        r.norm()
    }

    /// bc_sub.
    pub fn sub(a: &Num, b: &Num, scale_min: usize) -> Num {
        let nb = Num {
            neg: !b.neg,
            mag: b.mag.clone(),
            scale: b.scale,
        };
        Num::add(a, &nb, scale_min)
    }

    /// bc_multiply: scale min(a.scale + b.scale, max(scale, a.scale, b.scale)).
    pub fn mul(a: &Num, b: &Num, scale: usize) -> Num {
        Num::mul_c(a, b, scale, &never).unwrap_or_default()
    }

    /// [`Num::mul`], cancellable.
    pub fn mul_c(a: &Num, b: &Num, scale: usize, c: &dyn Fn() -> bool) -> Result<Num, Heavy> {
        let full = a.scale + b.scale;
        let rs = full.min(scale.max(a.scale).max(b.scale));
        let p = &a.mag * &b.mag;
        let mag = if full > rs {
            quot(&p, &pow10(full - rs), c)?
        } else {
            p
        };
        Ok(Num {
            neg: a.neg != b.neg,
            mag,
            scale: rs,
        }
        .norm())
    }

    /// bc_divide: the quotient truncated to `scale` digits; `None` for a zero divisor.
    pub fn div(a: &Num, b: &Num, scale: usize) -> Option<Num> {
        Num::div_c(a, b, scale, &never).unwrap_or_default()
    }

    /// [`Num::div`], cancellable.
    pub fn div_c(
        a: &Num,
        b: &Num,
        scale: usize,
        c: &dyn Fn() -> bool,
    ) -> Result<Option<Num>, Heavy> {
        if b.is_zero() {
            return Ok(None);
        }
        let up = b.scale + scale;
        let mag = if up >= a.scale {
            quot(&(&a.mag * pow10(up - a.scale)), &b.mag, c)?
        } else {
            quot(&a.mag, &(&b.mag * pow10(a.scale - up)), c)?
        };
        Ok(Some(
            Num {
                neg: a.neg != b.neg,
                mag,
                scale,
            }
            .norm(),
        ))
    }

    /// bc_modulo (through bc_divmod): a - (a/b)*b with GNU's scales.
    #[cfg(test)]
    pub fn modulo(a: &Num, b: &Num, scale: usize) -> Option<Num> {
        Num::modulo_c(a, b, scale, &never).unwrap_or_default()
    }

    /// [`Num::modulo`], cancellable.
    pub fn modulo_c(
        a: &Num,
        b: &Num,
        scale: usize,
        c: &dyn Fn() -> bool,
    ) -> Result<Option<Num>, Heavy> {
        let rscale = a.scale.max(b.scale + scale);
        let Some(q) = Num::div_c(a, b, scale, c)? else {
            return Ok(None);
        };
        let t = Num::mul_c(&q, b, rscale, c)?;
        Ok(Some(Num::sub(a, &t, rscale)))
    }

    /// bc_compare (signs first, so GNU's negative zero is below zero).
    pub fn cmp(a: &Num, b: &Num) -> Ordering {
        if a.neg != b.neg {
            return if a.neg {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        let s = a.scale.max(b.scale);
        let o = a.mag_at(s).as_ref().cmp(b.mag_at(s).as_ref());
        if a.neg { o.reverse() } else { o }
    }

    /// bc_num2long: the integer part, or 0 when it does not fit.
    pub fn to_long(&self) -> i64 {
        let v = self.int_mag().to_i64().unwrap_or(0);
        if self.neg { -v } else { v }
    }

    /// bc_is_near_zero: zero, or one unit in the last place, at `scale` digits.
    pub fn is_near_zero(&self, scale: usize) -> bool {
        let s = scale.min(self.scale);
        let v = if s < self.scale {
            &self.mag / pow10(self.scale - s)
        } else {
            self.mag.clone()
        };
        v <= BigUint::one()
    }

    /// GNU's length(): significant digits (the zero before the point of 0.x is not one).
    pub fn length(&self) -> usize {
        let len = self.int_len();
        if len == 1 && self.scale != 0 && self.int_mag().is_zero() {
            self.scale
        } else {
            len + self.scale
        }
    }

    /// Square root with GNU's Newton iteration (same guesses, scales and stop rule), so the
    /// last digit agrees. `None` for a negative argument. `tick` is called every iteration and
    /// may stop the loop (cancellation).
    pub fn sqrt(&self, scale: usize, c: &dyn Fn() -> bool) -> Result<Option<Num>, Heavy> {
        match Num::cmp(self, &Num::zero()) {
            Ordering::Less => return Ok(None),
            Ordering::Equal => return Ok(Some(Num::zero())),
            _ => {}
        }
        let c1 = Num::cmp(self, &Num::one());
        if c1 == Ordering::Equal {
            return Ok(Some(Num::one()));
        }
        let rscale = scale.max(self.scale);
        let point5 = Num {
            neg: false,
            mag: BigUint::from(5u32),
            scale: 1,
        };
        let (mut guess, mut cscale) = if c1 == Ordering::Less {
            (Num::one(), self.scale)
        } else {
            let e = self.int_len() / 2;
            (
                Num {
                    neg: false,
                    mag: pow10(e),
                    scale: 0,
                },
                3,
            )
        };
        loop {
            if c() {
                return Err(Heavy::Cancelled);
            }
            let guess1 = guess.clone();
            guess = Num::div_c(self, &guess, cscale, c)?.unwrap_or_default();
            guess = Num::add(&guess, &guess1, 0);
            guess = Num::mul_c(&guess, &point5, cscale, c)?;
            let diff = Num::sub(&guess, &guess1, cscale + 1);
            if diff.is_near_zero(cscale) {
                if cscale < rscale + 1 {
                    cscale = (cscale * 3).min(rscale + 1);
                } else {
                    break;
                }
            }
        }
        Num::div_c(&guess, &Num::one(), rscale, c)
    }

    /// Decimal digits of the integer part and the fraction part (fraction zero-padded to
    /// `scale`).
    pub fn decimal_parts(&self, c: &dyn Fn() -> bool) -> Result<(String, String), Heavy> {
        let (ip, fp) = if self.scale == 0 {
            (self.mag.clone(), BigUint::zero())
        } else {
            quot_rem(&self.mag, &pow10(self.scale), c)?
        };
        let is = if ip.is_zero() {
            String::new()
        } else {
            big_to_dec(&ip, c)?
        };
        let fs = if self.scale == 0 {
            String::new()
        } else {
            let s = big_to_dec(&fp, c)?;
            let mut t = String::with_capacity(self.scale);
            for _ in s.len()..self.scale {
                t.push('0');
            }
            t.push_str(&s);
            t
        };
        Ok((is, fs))
    }
}

/// Decimal text of a magnitude. Small values use num-bigint's conversion; large ones are cut
/// into 152-digit pieces one short division at a time (quadratic, like GNU's own work, but a
/// cancellation stops it between pieces).
pub fn big_to_dec(m: &BigUint, c: &dyn Fn() -> bool) -> Result<String, Heavy> {
    if m.bits() < 64 * 2000 {
        return Ok(m.to_str_radix(10));
    }
    const PIECE: usize = 152;
    let base = pow10(PIECE);
    let mut pieces: Vec<String> = Vec::new();
    let mut x = m.clone();
    while !x.is_zero() {
        if c() {
            return Err(Heavy::Cancelled);
        }
        let (q, r) = x.div_rem(&base);
        pieces.push(r.to_str_radix(10));
        x = q;
    }
    let mut s = String::with_capacity(pieces.len() * PIECE);
    for (i, p) in pieces.iter().rev().enumerate() {
        if i > 0 {
            for _ in p.len()..PIECE {
                s.push('0');
            }
        }
        s.push_str(p);
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Num {
        let neg = s.starts_with('-');
        let s = s.trim_start_matches('-');
        let (i, f) = s.split_once('.').unwrap_or((s, ""));
        let digits = format!("{i}{f}");
        Num {
            neg,
            mag: digits.parse().unwrap_or_default(),
            scale: f.len(),
        }
    }

    fn show(x: &Num) -> String {
        let (i, f) = x.decimal_parts(&never).unwrap_or_default();
        let mut s = String::new();
        if x.neg {
            s.push('-');
        }
        if x.is_zero() {
            s.push('0');
            return s;
        }
        s.push_str(&i);
        if x.scale > 0 {
            s.push('.');
            s.push_str(&f);
        }
        s
    }

    #[test]
    fn scale_rules() {
        assert_eq!(show(&Num::add(&n("1.50"), &n("1"), 0)), "2.50");
        assert_eq!(show(&Num::mul(&n("1.25"), &n("1.5"), 0)), "1.87");
        assert_eq!(show(&Num::div(&n("1"), &n("3"), 5).unwrap()), ".33333");
        assert_eq!(show(&Num::div(&n("-1"), &n("3"), 0).unwrap()), "0");
        assert_eq!(show(&Num::modulo(&n("10"), &n("3.3"), 3).unwrap()), ".0010");
        assert!(Num::div(&n("1"), &n("0"), 2).is_none());
    }

    #[test]
    fn sqrt_matches_gnu() {
        let t = never;
        assert_eq!(show(&n("2").sqrt(5, &t).unwrap().unwrap()), "1.41421");
        assert_eq!(show(&n("0.0001").sqrt(5, &t).unwrap().unwrap()), ".01000");
        assert_eq!(show(&n("100").sqrt(5, &t).unwrap().unwrap()), "10.00000");
        assert!(n("-1").sqrt(0, &t).unwrap().is_none());
    }

    #[test]
    fn blocked_division_agrees() {
        let n = pow10(40_000) + 12345u32;
        let d = pow10(9_000) + 7u32;
        let (q, r) = quot_rem_blocked(&n, &d, &never).unwrap();
        assert_eq!((q, r), n.div_rem(&d));
        let stop = || true;
        assert_eq!(quot_rem_blocked(&n, &d, &stop), Err(Heavy::Cancelled));
    }

    #[test]
    fn digits_and_length() {
        assert_eq!(dec_digits(&pow10(50)), 51);
        assert_eq!(dec_digits(&(pow10(50) - 1u32)), 50);
        assert_eq!(n("0.00").length(), 2);
        assert_eq!(n("7.50").length(), 3);
        assert_eq!(n("123").int_len(), 3);
        let big = Num {
            neg: false,
            mag: pow10(200_000) - 1u32,
            scale: 0,
        };
        assert_eq!(show(&big).len(), 200_000);
    }
}
