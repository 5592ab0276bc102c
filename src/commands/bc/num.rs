//! The bc number: a sign, a binary magnitude and a decimal scale (value = mag / 10^scale).
//!
//! GNU bc keeps numbers as decimal digit strings; every operation's result scale follows fixed
//! rules (POSIX and GNU's number.c), and truncation is always toward zero. Those rules are what
//! make bc's output reproducible, so each operation here applies exactly GNU's scale rule while
//! the digits themselves come from exact integer arithmetic on `BigUint` (Karatsuba/Toom
//! multiplication, so `scale=1000` work stays fast). Negative zero exists only where GNU lets
//! it through (a truncated power), so the sign is a separate flag.

use std::cmp::Ordering;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

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

/// Number of decimal digits of `m` (0 has 1).
pub fn dec_digits(m: &BigUint) -> usize {
    if m.is_zero() {
        return 1;
    }
    let bits = m.bits();
    // floor((bits-1) * log10(2)) + 1 is a lower bound that is at most one short.
    let mut d = (((bits - 1) as f64) * std::f64::consts::LOG10_2) as usize + 1;
    if d > 1 && *m < pow10(d - 1) {
        d -= 1;
    }
    if *m >= pow10(d) {
        d += 1;
    }
    d
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

    /// The magnitude expressed at `scale` (which must be >= self.scale).
    fn mag_at(&self, scale: usize) -> BigUint {
        if scale == self.scale {
            self.mag.clone()
        } else {
            &self.mag * pow10(scale - self.scale)
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
        let r = if a.neg == b.neg {
            Num {
                neg: a.neg,
                mag: x + y,
                scale: s,
            }
        } else {
            match x.cmp(&y) {
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
        let full = a.scale + b.scale;
        let rs = full.min(scale.max(a.scale).max(b.scale));
        let p = &a.mag * &b.mag;
        let mag = if full > rs { p / pow10(full - rs) } else { p };
        Num {
            neg: a.neg != b.neg,
            mag,
            scale: rs,
        }
        .norm()
    }

    /// bc_divide: the quotient truncated to `scale` digits; `None` for a zero divisor.
    pub fn div(a: &Num, b: &Num, scale: usize) -> Option<Num> {
        if b.is_zero() {
            return None;
        }
        let up = b.scale + scale;
        let (num, den) = if up >= a.scale {
            (&a.mag * pow10(up - a.scale), b.mag.clone())
        } else {
            (a.mag.clone(), &b.mag * pow10(a.scale - up))
        };
        Some(
            Num {
                neg: a.neg != b.neg,
                mag: num / den,
                scale,
            }
            .norm(),
        )
    }

    /// bc_modulo (through bc_divmod): a - (a/b)*b with GNU's scales.
    pub fn modulo(a: &Num, b: &Num, scale: usize) -> Option<Num> {
        let rscale = a.scale.max(b.scale + scale);
        let q = Num::div(a, b, scale)?;
        let t = Num::mul(&q, b, rscale);
        Some(Num::sub(a, &t, rscale))
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
        let o = a.mag_at(s).cmp(&b.mag_at(s));
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
    pub fn sqrt(&self, scale: usize, tick: &mut dyn FnMut() -> bool) -> Option<Num> {
        match Num::cmp(self, &Num::zero()) {
            Ordering::Less => return None,
            Ordering::Equal => return Some(Num::zero()),
            _ => {}
        }
        let c1 = Num::cmp(self, &Num::one());
        if c1 == Ordering::Equal {
            return Some(Num::one());
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
            if !tick() {
                return Some(guess);
            }
            let guess1 = guess.clone();
            guess = Num::div(self, &guess, cscale).unwrap_or_default();
            guess = Num::add(&guess, &guess1, 0);
            guess = Num::mul(&guess, &point5, cscale);
            let diff = Num::sub(&guess, &guess1, cscale + 1);
            if diff.is_near_zero(cscale) {
                if cscale < rscale + 1 {
                    cscale = (cscale * 3).min(rscale + 1);
                } else {
                    break;
                }
            }
        }
        Num::div(&guess, &Num::one(), rscale)
    }

    /// Decimal digits of the integer part and the fraction part (fraction zero-padded to
    /// `scale`).
    pub fn decimal_parts(&self, tick: &mut dyn FnMut() -> bool) -> (String, String) {
        let (ip, fp) = if self.scale == 0 {
            (self.mag.clone(), BigUint::zero())
        } else {
            self.mag.div_rem(&pow10(self.scale))
        };
        let is = if ip.is_zero() {
            String::new()
        } else {
            big_to_dec(&ip, tick)
        };
        let fs = if self.scale == 0 {
            String::new()
        } else {
            let s = big_to_dec(&fp, tick);
            let mut t = String::with_capacity(self.scale);
            for _ in s.len()..self.scale {
                t.push('0');
            }
            t.push_str(&s);
            t
        };
        (is, fs)
    }
}

/// Decimal text of a magnitude. Small values use num-bigint's conversion; large ones are
/// cut into 19-digit pieces one division at a time, so a cancellation stops a long print.
pub fn big_to_dec(m: &BigUint, tick: &mut dyn FnMut() -> bool) -> String {
    if m.bits() < 64 * 2000 {
        return m.to_str_radix(10);
    }
    // Split in halves by powers of ten (divide and conquer), checking between steps.
    let d = dec_digits(m);
    let half = d / 2;
    let (hi, lo) = m.div_rem(&pow10(half));
    if !tick() {
        return String::new();
    }
    let mut s = big_to_dec(&hi, tick);
    let l = big_to_dec(&lo, tick);
    for _ in l.len()..half {
        s.push('0');
    }
    s.push_str(&l);
    s
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
        let (i, f) = x.decimal_parts(&mut || true);
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
        let mut t = || true;
        assert_eq!(show(&n("2").sqrt(5, &mut t).unwrap()), "1.41421");
        assert_eq!(show(&n("0.0001").sqrt(5, &mut t).unwrap()), ".01000");
        assert_eq!(show(&n("100").sqrt(5, &mut t).unwrap()), "10.00000");
        assert!(n("-1").sqrt(0, &mut t).is_none());
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
