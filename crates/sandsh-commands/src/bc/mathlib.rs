//! The `-l` math library, written in bc and compiled at start-up like user code.
//!
//! bc's answers depend on the exact sequence of operations and scale changes, not only on the
//! series used: to print what GNU prints "to the last digit", each function here performs the
//! same steps GNU's libmath performs (the same argument reduction, working scales, series and
//! stopping rule) and sets `scale=20`. It is written in bc rather than Rust for that reason:
//! the machine's own operators then apply GNU's scale rules at every step. The function
//! numbers follow GNU's order of first mention (e, l, s, a, c, j).

/// Names in GNU's numbering order.
pub const ORDER: [&str; 6] = ["e", "l", "s", "a", "c", "j"];

/// The library source.
pub const SOURCE: &str = r#"scale = 20
define e(x) {
  auto p, o, d, t, h, k, g, w, r, z
  if (ibase != A) { o = ibase; ibase = A; r = e(x); ibase = o; return (r) }
  if (x < 0) { g = 1; x = -x }
  z = scale
  w = 6 + z + .44*x
  scale = scale(x) + 1
  while (x > 1) { h += 1; x /= 2; scale += 1 }
  scale = w
  r = 1 + x
  p = x
  d = 1
  for (k = 2; 1; k++) {
    t = (p *= x) / (d *= k)
    if (t == 0) {
      if (h > 0) while (h--) r = r*r
      scale = z
      if (g) return (1/r)
      return (r/1)
    }
    r += t
  }
}
define l(x) {
  auto o, t, f, k, g, n, r, z
  if (ibase != A) { o = ibase; ibase = A; r = l(x); ibase = o; return (r) }
  if (x <= 0) return ((1 - 10^scale)/1)
  z = scale
  scale = 6 + scale
  f = 2
  k = 0
  while (x >= 2) { f *= 2; x = sqrt(x) }
  while (x <= .5) { f *= 2; x = sqrt(x) }
  r = n = (x - 1)/(x + 1)
  g = n*n
  for (k = 3; 1; k += 2) {
    t = (n *= g) / k
    if (t == 0) { r = f*r; scale = z; return (r/1) }
    r += t
  }
}
define s(x) {
  auto o, t, k, g, n, q, r, z
  if (ibase != A) { o = ibase; ibase = A; r = s(x); ibase = o; return (r) }
  z = scale
  scale = 1.1*z + 2
  r = a(1)
  if (x < 0) { g = 1; x = -x }
  scale = 0
  n = (x/r + 2)/4
  x = x - 4*n*r
  if (n % 2) x = -x
  scale = z + 2
  r = t = x
  q = -x*x
  for (k = 3; 1; k += 2) {
    t *= q/(k*(k - 1))
    if (t == 0) {
      scale = z
      if (g) return (-r/1)
      return (r/1)
    }
    r += t
  }
}
define c(x) {
  auto o, r, z
  if (ibase != A) { o = ibase; ibase = A; r = c(x); ibase = o; return (r) }
  z = scale
  scale = scale*1.2
  r = s(x + a(1)*2)
  scale = z
  return (r/1)
}
define a(x) {
  auto p, o, t, f, k, g, n, q, r, z
  if (ibase != A) { o = ibase; ibase = A; r = a(x); ibase = o; return (r) }
  g = 1
  if (x < 0) { g = -1; x = -x }
  if (x == 1) {
    if (scale <= 25) return (.7853981633974483096156608/g)
    if (scale <= 40) return (.7853981633974483096156608458198757210492/g)
    if (scale <= 60) return (.785398163397448309615660845819875721049292349843776455243736/g)
  }
  if (x == .2) {
    if (scale <= 25) return (.1973955598498807583700497/g)
    if (scale <= 40) return (.1973955598498807583700497651947902934475/g)
    if (scale <= 60) return (.197395559849880758370049765194790293447585103787852101517688/g)
  }
  z = scale
  if (x > .2) { scale = z + 5; p = a(.2) }
  scale = z + 3
  while (x > .2) { f += 1; x = (x - .2)/(1 + x*.2) }
  r = n = x
  q = -x*x
  for (k = 3; 1; k += 2) {
    t = (n *= q)/k
    if (t == 0) { scale = z; return ((f*p + r)/g) }
    r += t
  }
}
define j(n, x) {
  auto o, d, t, f, k, g, q, r, z
  if (ibase != A) { o = ibase; ibase = A; r = j(n, x); ibase = o; return (r) }
  z = scale
  scale = 0
  n = n/1
  if (n < 0) { n = -n; if (n % 2 == 1) g = 1 }
  f = 1
  for (k = 2; k <= n; k++) f = f*k
  scale = 1.5*z
  f = x^n / 2^n / f
  r = t = 1
  q = -x*x/4
  scale = 1.5*z + length(f) - scale(f)
  for (k = 1; 1; k++) {
    t = t*q/k/(n + k)
    if (t == 0) {
      scale = z
      if (g) return (-f*r/1)
      return (f*r/1)
    }
    r += t
  }
}
"#;
