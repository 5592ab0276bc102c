//! Differential tests: sandsh's `bc` against GNU bc 1.07.1 (/usr/bin/bc) on this machine.
//!
//! Each case is a shell line run once through the host's bash (`LC_ALL=C.UTF-8`) and once in a
//! fresh sandsh kernel; stdout, stderr and the exit status must agree byte for byte. The cases
//! cover money arithmetic, ratios, the scale rules of `*`, `/`, `%` and `^`, negative numbers,
//! ibase/obase, functions, arrays, control flow, the `-l` library, line wrapping, syntax-error
//! recovery and runtime errors, plus generated arithmetic. Skipped when bc is not installed.

use crate::diff::{self, Host};
use crate::util::Rng;
use sandsh::{Kernel, KernelConfig};

const CASES: &[&str] = &[
    r#"echo '1+2' | bc"#,
    r#"echo 'scale=2; 10/3' | bc"#,
    r#"echo 'scale=2; 19.99*3 + 4.50' | bc"#,
    r#"echo 'scale=4; 37/120*100' | bc"#,
    r#"echo '4*a(1)' | bc -l"#,
    r#"echo 's(1); c(1); a(1); l(2); e(1); j(1,1)' | bc -l"#,
    r#"echo 'scale=50; s(1); c(1); a(.5); l(10); e(10); j(2,3.5)' | bc -l"#,
    r#"echo 'scale=5; sqrt(2); sqrt(0.0001); sqrt(100)' | bc"#,
    r#"echo 'obase=16; 255.5; -10' | bc"#,
    r#"echo 'obase=20; 25.3' | bc"#,
    r#"echo 'ibase=2; 12' | bc"#,
    r#"echo 'x=1;x^-1; 0^-1' | bc"#,
    r#"echo '2^100000000000000000000' | bc"#,
    r#"echo 'scale=-1' | bc"#,
    r#"echo '2^300' | bc"#,
    r#"echo '2^1000' | BC_LINE_LENGTH=0 bc"#,
    r#"echo '2^1000' | BC_LINE_LENGTH=20 bc"#,
    r#"echo '2^1000' | BC_LINE_LENGTH=2 bc"#,
    r#"echo 'a=5;a++;a;++a;a--;--a' | bc"#,
    r#"echo 'scale=3; 10%3.3' | bc"#,
    r#"echo '3;.;last' | bc"#,
    r#"echo 'define f(*a[]){a[1]=9;}; f(x[]); x[1]' | bc"#,
    r#"echo 'define f(x){return(x)}; f()' | bc"#,
    r#"echo 'define f(x){return(x)}; f(1,2)' | bc"#,
    r#"echo 'a[-1]' | bc"#,
    r#"echo 'f(1)' | bc"#,
    r#"printf '1+2' | bc"#,
    r#"printf '1+' | bc"#,
    r#"bc -x"#,
    r#"bc /nonexist"#,
    r#"echo 'print 1,2,"x\n"' | bc"#,
    r#"echo '"abc' | bc"#,
    r#"echo 'define void f(){print 1}; f(); x=f()' | bc"#,
    r#"echo 'obase=1000; 123456789.123' | bc"#,
    r#"echo '(-0.1)^3' | bc"#,
    r#"echo '2*x=3;x' | bc"#,
    r#"echo '1 +; 2' | bc"#,
    r#"echo 'print 1; quit' | bc"#,
    r#"echo 'x = 1 == 2; x' | bc"#,
    r#"echo '-2^2' | bc"#,
    r#"printf 'if(1) 2\nelse 3\n' | bc"#,
    r#"echo 'history' | bc"#,
    r#"echo 'random(); random()' | bc"#,
    r#"echo limits | bc"#,
    r#"echo 'scale=20; e(1)' | bc -l"#,
    r#"echo 'e(-1); l(0); l(-1); s(-1); a(-3); c(100)' | bc -l"#,
    r#"echo 'ibase=16; e(1)' | bc -l"#,
    r#"echo 'define s(x){return(x*2)}; s(3)' | bc -l"#,
    r#"echo 'scale=1000; 4*a(1)' | bc -l"#,
    r#"echo 'scale=100; sqrt(2); e(1); l(3)' | bc -l"#,
    r#"echo 'scale=2; 5.5 % 2; -7 % 3; 7 % -3; -7.5 % 2' | bc"#,
    r#"echo 'scale=0; 5.5 % 2; 2^-2; 0.5^2; 1.5^3' | bc"#,
    r#"echo 'scale=3; 2^-2; (-2)^3; (-2)^-3; 10^-3' | bc"#,
    r#"echo '1.123456789 * 1.1; scale=4; 1.123456789 * 1.1; 1.1*1.1' | bc"#,
    r#"echo '100.00 - 0.01; -5 + 3; 5 - 10.5; 0.1 + 0.2' | bc"#,
    r#"echo 'length(123.456); length(0.001); scale(0.001); length(0); scale(10)' | bc"#,
    r#"echo 'x=5; x += 3; x; x -= 1; x; x *= 2; x; x /= 3; x; x %= 4; x; x ^= 3; x' | bc"#,
    r#"echo 'a[0]=1; a[1]=2; a[2]=a[0]+a[1]; a[2]; a[1]++; a[1]; ++a[1]; a[1]--; --a[1]; a[5]+=3; a[5]' | bc"#,
    r#"echo '1 && 0; 1 || 0; !0; !5; 0 || 0; 2 && 3; 1 < 2; 2 <= 1; 3 == 3; 3 != 3; 4 > 1; 4 >= 5' | bc"#,
    r#"printf 'define fib(n) {\n  if (n < 2) return (n)\n  return (fib(n-1) + fib(n-2))\n}\nfib(20)\n' | bc"#,
    r#"printf 'for (i=0; i<10; i++) { if (i == 3) continue; if (i == 6) break; i }\n' | bc"#,
    r#"printf 'i=0\nwhile (1) { i += 1; if (i > 4) break }\ni\n' | bc"#,
    r#"printf 'for (;;) { x += 1; if (x == 3) break }\nx\n' | bc"#,
    r#"printf '/* comment\n spanning */ 1 + 1 # tail\n2\n' | bc"#,
    r#"printf '"hello\\n"\n"a\\tb\\n"\nprint "a\\tb\\n"\n' | bc"#,
    r#"printf '12345678901234567890\\\n12345\n' | bc"#,
    r#"printf 'define f(a[]) { a[0] = 5; return (a[0]); }\nb[0] = 1\nf(b[])\nb[0]\n' | bc"#,
    r#"printf 'define f(x) { auto y; y = x * 2; return (y); }\ny = 7\nf(3)\ny\n' | bc"#,
    r#"printf 'define g() { return; }\ng()\n' | bc"#,
    r#"printf 'define f() { x = 5 }\nf()\nx\n' | bc"#,
    r#"printf 'obase=2; 10; 0.5; -3.75\n' | bc"#,
    r#"printf 'obase=8; 64; obase=36; 100\n' | bc"#,
    r#"printf 'ibase=16; FF; ibase=A; 10\n' | bc"#,
    r#"printf 'ibase=8; 777.4\n' | bc"#,
    r#"printf 'obase=17; 1000000; 0.1234\n' | bc"#,
    r#"printf 'obase=100; 2^70\n' | bc"#,
    r#"printf 'scale=30; 1/7\n' | bc"#,
    r#"printf 'scale=80; 1/7\n' | bc"#,
    r#"printf 'obase=2; 2^100\n' | bc"#,
    r#"printf '1\r\n2\r\n' | bc"#,
    r#"printf 'x=\xff\n' | bc"#,
    r#"printf '' | bc"#,
    r#"printf '\n\n\n' | bc"#,
    r#"printf 'quit\n1\n' | bc"#,
    r#"printf 'if (0) quit\n1\n' | bc"#,
    r#"printf '1; halt\n2\n' | bc"#,
    r#"printf 'break\n' | bc"#,
    r#"printf 'continue\n' | bc"#,
    r#"printf 'return 1\n' | bc"#,
    r#"printf 'define f(x,x) { }\n' | bc"#,
    r#"printf 'define f(x) { auto x }\n' | bc"#,
    r#"printf 'define f() {\n auto a, a\n}\n' | bc"#,
    r#"printf 'x = sqrt(-4)\nx\n' | bc"#,
    r#"printf '5 %% 0\n' | bc"#,
    r#"printf 'scale = 100000000000000000000\nscale\n' | bc"#,
    r#"printf 'obase = 0\nobase\n' | bc"#,
    r#"printf 'ibase = 40\nibase\nibase = 1\n' | bc"#,
    r#"printf 'ibase--; ibase=16; ibase++; obase--; obase=2; obase--; scale--\n' | bc"#,
    r#"printf 'a[16777216] = 1\n' | bc"#,
    r#"printf 'a[16777215] = 1; a[16777215]\n' | bc"#,
    r#"printf 'a[0.5]\n' | bc"#,
    r#"printf 'define f(a[]) { return (1) }\nf(1)\nx=2\ndefine g(x) { return (x) }\ng(a[])\n' | bc"#,
    r#"printf '1 2\n3\n' | bc"#,
    r#"printf '(1\n2\n' | bc"#,
    r#"printf '{ 1\n2 }\n3\n' | bc"#,
    r#"printf '{ 1 +\n2 }\n3\n' | bc"#,
    r#"printf 'define f() {\n 1 +\n}\nf()\n5\n' | bc"#,
    r#"printf 'x = 3 +\n' | bc"#,
    r#"printf '@\n1\n' | bc"#,
    r#"printf 'a = b = 3; a; b\n' | bc"#,
    r#"printf 'x = -3; -x; - -x; !x; x^2\n' | bc"#,
    r#"printf '3 - -3; 2^3^2; 2*3^2; -3^2; (-3)^2\n' | bc"#,
    r#"printf 'x[1] = 3; x\n' | bc"#,
    r#"printf 'scale=3; 1/3*3; 2/3\n' | bc"#,
    r#"printf '99999999999999999999 * 99999999999999999999\n' | bc"#,
    r#"printf '.1 * 3; 1.000 * 1; -0 ; 0 - 0.5\n' | bc"#,
    r#"printf 'v = 1.5; v++; v; scale(v)\n' | bc"#,
    r#"printf 'define f() {\n 1 +\n}\nf()\n5\n' | bc"#,
    r#"printf 'define f() {\n 1 +\n}\n5\n6\n' | bc"#,
    r#"printf 'define f() {\n 1 + ; 3\n 4\n}\n5\n6\n' | bc"#,
    r#"printf 'define f() {\n 1 + ; 3\n 4\n}\nf()\n6\n' | bc"#,
    r#"printf '{ 1 +\n2 }\n3\n4\n' | bc"#,
    r#"printf 'define f() {\n 1 +\n 2\n}\n5\n6\n7\n' | bc"#,
    r#"printf '1 2 3\n4\n' | bc"#,
    r#"printf '1 +\n+\n5\n' | bc"#,
    r#"printf '1 +\n2 +\n3\n' | bc"#,
    r#"printf 'define f(x,) { return (x) }\n5\n' | bc"#,
    r#"printf ')\n1\n' | bc"#,
    r#"printf 'if (1) {\n 2\n} else {\n 3\n}\n' | bc"#,
    r#"printf 'if (0) 1 else 2\n' | bc"#,
    r#"printf 'if (0) 1; else 2\n' | bc"#,
    r#"printf 'x = 5\nif (x > 3) {\n  print "big\\n"\n}\n' | bc"#,
    r#"printf 'define f(n) {\n  auto i\n  for (i = 0; i < n; i++) {\n    if (i %% 2) continue\n    print i, " "\n  }\n  print "\\n"\n}\nf(7)\n' | bc"#,
    r#"printf 'define f(n) { return n * 2 }\nf(4)\n' | bc"#,
    r#"printf 'define f(n) { return (n * 2); }; f(4)\n' | bc"#,
    r#"printf 'define f(n)\n{\nreturn (n)\n}\nf(3)\n' | bc"#,
    r#"printf 'define f(n) {\n\n\nreturn (n)\n}\nf(3)\n' | bc"#,
    r#"printf 'define f() { auto a[]; a[1] = 2; return (a[1]) }\nf()\na[1]\n' | bc"#,
    r#"printf 'define void p(x) { print x, "\\n" }\np(5)\n' | bc"#,
    r#"printf 'define f(x) { return (x) }\nf(1 == 1)\n' | bc"#,
    r#"printf 'scale=2\ndefine f(x) { scale = 5; return (x / 3) }\nf(1)\nscale\n' | bc"#,
    r#"printf 'ibase=16\ndefine f() { return (10) }\nf()\nibase=A\nf()\n' | bc"#,
    r#"printf 'x[0]=1;x[1]=2\ndefine s(a[], n) { auto i, t; for (i=0;i<n;i++) t += a[i]; return (t) }\ns(x[], 2)\n' | bc"#,
    r#"printf 'define f(a[]) { a[0] = 99 }\nx[0] = 1\nf(x[])\nx[0]\n' | bc"#,
    r#"printf 'define r(n) { if (n == 0) return (0); return (r(n-1) + 1) }\nr(500)\n' | bc"#,
    r#"printf 'print "no newline"' | bc"#,
    r#"printf 'print "a", 1, "b"\n' | bc"#,
    r#"printf '"string with \\\\ backslash\\n"\n' | bc"#,
    r#"printf 'print "q: \\q a: \\a\\n"\n' | bc"#,
    r#"printf 'x = 2; x^10; x^-2; scale=4; x^-2\n' | bc"#,
    r#"printf '0^0; 0^1; (-1)^101; (-1)^100\n' | bc"#,
    r#"printf 'scale=10; 2.5^3; 1.1^10; 0.9^20\n' | bc"#,
    r#"printf '1.5^0.5\n' | bc"#,
    r#"printf 'scale=20; sqrt(3); sqrt(1000000); sqrt(0.5); sqrt(10^20)\n' | bc"#,
    r#"printf 'scale=0; sqrt(15); sqrt(16); sqrt(17)\n' | bc"#,
    r#"printf 'sqrt(2.0000)\n' | bc"#,
    r#"printf 'length(1000); length(-12.5); scale(-12.500)\n' | bc"#,
    r#"printf 'obase=16; -255.75; 0.1\n' | bc"#,
    r#"printf 'obase=3; 1/3; scale=5; 1/3\n' | bc"#,
    r#"printf 'ibase=2; 1010.1; ibase=1010; 99\n' | bc"#,
    r#"printf 'ibase=36; ZZ\n' | bc"#,
    r#"printf 'obase=16; ibase=16; FF*FF\n' | bc"#,
    r#"printf 'scale=2; 100*1.075; 49.99*0.15; 1234.5678/1\n' | bc"#,
    r#"printf 'scale=2; (1299.99 - 1000)/1000*100\n' | bc"#,
    r#"printf 'scale=6; 22/7; 355/113\n' | bc"#,
    r#"printf 'a=1; b=2; a<b && b<3; a>b || b>3\n' | bc"#,
    r#"printf 'x = 0; x++ + x++; x\n' | bc"#,
    r#"printf 'a[1] = 5; a[1] += a[1]++; a[1]\n' | bc"#,
    r#"printf 'scale=3; -5/2; -5%%2; 5/-2\n' | bc"#,
    r#"printf '3^200 %% 1000\n' | bc"#,
    r#"printf '10/3*3\n' | bc"#,
    r#"printf 's(1)\n' | bc"#,
    r#"printf 'scale = 5; scale\n' | bc -l"#,
    r#"printf 'l(1000000); e(50); s(100); c(-2); a(0.2); a(1); a(-1)\n' | bc -l"#,
    r#"printf 'scale=30; a(1)*4; s(3.14159); l(0.001)\n' | bc -l"#,
    r#"printf 'scale=60; a(1); a(.2)\n' | bc -l"#,
    r#"printf 'scale=61; a(1)\n' | bc -l"#,
    r#"printf 'j(0, 1); j(2, 10); j(-3, 2); j(1, -1)\n' | bc -l"#,
    r#"printf 'e(0); l(1); s(0); c(0); a(0)\n' | bc -l"#,
    r#"printf 'scale=5; e(1.5); l(2.5); s(.5); c(.5); a(2)\n' | bc -l"#,
    r#"printf 'obase=16; e(1)\n' | bc -l"#,
    r#"printf 'ibase=2; l(1010)\n' | bc -l"#,
    r#"printf 'x = 3; ++x; x++; x; --x; x--; x\n' | bc"#,
    r#"printf 'last = 5; last; 3 + 4; last * 2; . + 1\n' | bc"#,
    r#"printf 'limits\n' | bc"#,
    r#"printf 'define f() { quit }\n1\n' | bc"#,
    r#"printf 'while (1) { if (++i > 1000) break }\ni\n' | bc"#,
    r#"printf 'scale=200; 1/3\n' | bc"#,
    r#"printf 'obase=2; 12345678901234567890\n' | bc"#,
    r#"printf 'x = 123456789^5; x; length(x)\n' | bc"#,
    r#"printf '/* unterminated comment\n1\n' | bc"#,
    r#"printf '1 /* mid */ + /* more */ 2\n' | bc"#,
    r#"printf '#!/usr/bin/bc\n1+1\n' | bc"#,
    r#"printf '1;2;3\n' | bc"#,
    r#"printf ';;;\n1\n' | bc"#,
    r#"printf 'x=;\n' | bc"#,
    r#"printf '++5\n' | bc"#,
    r#"printf 'a[]\n' | bc"#,
    r#"printf 'x[1\n2\n' | bc"#,
    r#"printf 'print\n' | bc"#,
    r#"printf 'define 5() {}\n1\n' | bc"#,
    r#"printf 'return\n' | bc"#,
    r#"printf 'define fib(n) {\n  auto a, b\n  if (n < 2) return (n)\n  a = fib(n-1); b = fib(n-2)\n  return (a+b)\n}\nfib(10)\nprint "x\\n"\nx = 1 && 2\nlast\n. \n' | bc -w"#,
    r#"printf 'define fib(n) {\n  auto a, b\n  if (n < 2) return (n)\n  a = fib(n-1); b = fib(n-2)\n  return (a+b)\n}\nfib(10)\nprint "x\\n"\nx = 1 && 2\n' | bc -s"#,
    r#"printf 'x=1\n1 == 1\nfor (;;) break\nif (1) 2 else 3\n' | bc -w"#,
    r#"printf 'a=1\nb=2\n' | bc -s"#,
    r#"printf 'ibase=17\nibase=16\nG1\n' | bc -w"#,
    r#"printf '1 # comment\n' | bc -s"#,
    r#"printf 'print "a very long string that is longer than seventy characters for sure, really it is\\n"\n' | bc"#,
    r#"printf 'print "a very long string that is longer than seventy characters for sure, really it is\\n"\n' | bc -s"#,
    r#"printf '"a very long string that is longer than seventy characters for sure, really it is\n"\n' | bc"#,
    r#"printf 'print 1.5, "abc", 2^200, "\\n"\n' | bc"#,
    r#"printf 'x = 2^200; print x, "\\n"; x\n' | BC_LINE_LENGTH=30 bc"#,
    r#"printf 'obase=16; 2^300\n' | bc"#,
    r#"printf 'obase=1000; 2^300\n' | bc"#,
    r#"printf 'scale=100; 1/3\n' | BC_LINE_LENGTH=abc bc"#,
    r#"printf '1/3\n' | BC_ENV_ARGS="-l" bc"#,
    r#"printf 'ibase=16\nx=10\nx\ndefine f() { return (10) }\nibase=A\nf()\n' | bc"#,
    r#"printf 's(2)\n' | bc -l -q"#,
    r#"bc -v"#,
    r#"bc -h"#,
    r#"bc --version"#,
    r#"bc --mathlib <<< 'e(2)'"#,
    r#"printf '1\n' | bc - "#,
    r#"printf "1\n" | bc /tmp"#,
    r#"printf '%.0s9' $(seq 20000) | { cat; echo; } | bc | tail -c 200"#,
    r#"printf 'x=%.0s1' $(seq 1) ; printf '%.0s1+' $(seq 5000) | { cat; echo 1; } | bc"#,
    r#"printf '1.%.0s5' $(seq 3000) | { cat; echo; } | bc | md5sum"#,
    r#"printf 'scale=20\n' ; printf 'scale=20\n%.0s1/7\n' $(seq 3) | bc"#,
    r#"printf 'print "%s"\n' "$(printf 'ab%.0s' $(seq 100))" | bc"#,
    r#"printf 'a\xc3\xa9b\n' | bc"#,
    r#"printf 'x=5\n\xff\xfe\n x\n' | bc"#,
    r#"printf '1\n2' | bc"#,
    r#"printf '\r\n' | bc"#,
    r#"echo 'obase=10; ibase=16; 1F; ibase=10; obase=16; 31' | bc"#,
    r#"cd /tmp && printf 'define sq(x) { return (x*x) }\n' > lib_bc_t.bc && echo 'sq(12)' | bc lib_bc_t.bc"#,
    r#"cd /tmp && printf '1+1\nquit\n' > q_bc_t.bc && echo '5' | bc q_bc_t.bc"#,
    r#"cd /tmp && printf '1+1' > nonl_bc_t.bc && echo '+5' | bc nonl_bc_t.bc"#,
    r#"cd /tmp && printf '1 +\n' > err_bc_t.bc && echo '5' | bc err_bc_t.bc"#,
    r#"cd /tmp && printf '3\n' > a_bc_t.bc && printf '4\n' > b_bc_t.bc && bc a_bc_t.bc b_bc_t.bc </dev/null"#,
    r#"cd /tmp && printf '3\n' > a_bc_t.bc && bc a_bc_t.bc missing_bc_t.bc </dev/null"#,
    r#"cd /tmp && printf 'x = 1/0\n' > e_bc_t.bc && bc -q e_bc_t.bc </dev/null"#,
    r#"printf 'define f(a[]) { return (a[0]) }\nf(x)\n' | bc"#,
    r#"printf 'define f() { auto x\n x = 1 }\n' | bc"#,
    r#"printf 'define f() {\n  x = 1\n  auto y\n}\n' | bc"#,
    r#"printf 'define f() { return (1) }\ndefine f() { return (2) }\nf()\n' | bc"#,
    r#"printf 'define f(x) { x[1] = 2; return (x[1] + x) }\nf(3)\n' | bc"#,
    r#"printf 'a[1]=1; define f(a[]) { a[1] = 5 }; f(a[]); a[1]\n' | bc"#,
    r#"printf 'define f(a) { a = 5 }\na = 1\nf(a)\na\n' | bc"#,
    r#"printf 'scale=3; x = 1/3; x * 3; scale(x*3)\n' | bc"#,
    r#"printf 'obase=16; scale=3; 1/3\n' | bc"#,
    r#"printf 'obase=2; scale=10; 0.1\n' | bc"#,
    r#"printf 'x = 10; while (x--) if (x %% 3 == 0) x\n' | bc"#,
    r#"printf 'for (i = 0; i < 3; i++) for (j = 0; j < 2; j++) print i, j, "\\n"\n' | bc"#,
    r#"printf 'if (1) if (0) 1 else 2\n' | bc"#,
    r#"printf 'i = 5; while (i) { i -= 1; if (i == 2) continue; i }\n' | bc"#,
    r#"printf 'define f(n) { if (n) { return (n + f(n - 1)) } }\nf(100)\n' | bc"#,
    r#"printf -- '-(3)^2; -3^-2; scale=5; -3^-2\n' | bc"#,
    r#"printf '2^63; 2^64; -2^63; 2^-64\n' | bc"#,
    r#"printf 'scale=100; 2^-64\n' | bc"#,
    r#"printf '9223372036854775807^1; 2^9223372036854775807\n' | bc"#,
    r#"printf 'a[9223372036854775807]\n' | bc"#,
    r#"printf 'scale = 9223372036854775807\n' | bc"#,
    r#"printf 'ibase = 9999999999999999999999\n' | bc"#,
    r#"printf 'obase = 2; -0.5; obase=10; -0.5\n' | bc"#,
    r#"printf 'x=0.000; x; -x; x == 0\n' | bc"#,
    r#"printf '1 == 1.0; 1.10 == 1.1; -0 == 0; 0.5 < .6\n' | bc"#,
    r#"echo '2^(2^32+1)' | bc"#,
    r#"echo 'x=2^(-(2^32)-1); 5' | bc"#,
];

/// Generated programs: random operands (negative, fractional, long) under random scales and
/// output bases.
fn generated() -> Vec<String> {
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    let ops = ["+", "-", "*", "/", "%", "^"];
    let mut out = Vec::new();
    for _ in 0..40 {
        let mut prog = format!("scale={}; ", r.next() % 12);
        for k in 0..4 {
            let a = operand(&mut r);
            let op = ops[(r.next() % ops.len() as u64) as usize];
            let b = if op == "^" {
                format!("{}", (r.next() % 9) as i64 - 3)
            } else {
                operand(&mut r)
            };
            if k > 0 {
                prog.push_str("; ");
            }
            prog.push_str(&format!("{a} {op} {b}"));
        }
        let obase = [10, 10, 10, 2, 16, 7, 25, 1000][(r.next() % 8) as usize];
        out.push(format!("echo 'obase={obase}; {prog}' | bc"));
    }
    out
}

fn operand(r: &mut Rng) -> String {
    let int = r.next() % 100_000;
    let frac = r.next() % 1000;
    let neg = if r.next().is_multiple_of(4) { "-" } else { "" };
    match r.next() % 4 {
        0 => format!("({neg}{int})"),
        1 => format!("({neg}{int}.{frac:03})"),
        2 => format!("({neg}.{frac})"),
        _ => format!("({neg}{int}{int}{int}.{frac}{frac})"),
    }
}

fn host(script: &str) -> Option<(Vec<u8>, Vec<u8>, i32)> {
    let r = Host::new()
        .unset("BC_LINE_LENGTH")
        .unset("BC_ENV_ARGS")
        .unset("POSIXLY_CORRECT")
        .run(script);
    Some((r.stdout, r.stderr, r.status))
}

fn have_bc() -> bool {
    diff::require("GNU bc 1.07", "bc --version | grep -q '^bc 1.07'")
}

#[test]
fn bc_matches_gnu() {
    if !have_bc() {
        return;
    }
    let mut all: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    all.extend(generated());
    let mut failures = Vec::new();
    for case in &all {
        let Some((want, want_err, want_status)) = host(case) else {
            continue;
        };
        let mut k = Kernel::new(KernelConfig::default());
        let r = k.execute(case);
        if r.stdout != want || r.exit_code != want_status || r.stderr != want_err {
            failures.push(format!(
                "{case}\n  gnu:    {:?} {:?} (status {want_status})\n  sandsh: {:?} {:?} (status {})",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&want_err),
                String::from_utf8_lossy(&r.stdout),
                String::from_utf8_lossy(&r.stderr),
                r.exit_code,
            ));
        }
    }
    assert!(all.len() >= 80, "only {} cases", all.len());
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// Hostile programs end: by the script timeout (loops, huge work), by bc's own bounds
/// (recursion, nesting, number size), never by hanging or overflowing the stack.
#[test]
fn bc_hostile_inputs_stop() {
    use std::time::Duration;
    let timed = || Kernel::new(KernelConfig::default().timeout(Duration::from_secs(2)));
    for script in [
        "echo 'while (1) { x += 1 }' | bc",
        "echo 'for (;;) print \"\"' | bc",
        "echo 'scale=5000000; sqrt(2)' | bc",
        "echo 'x = 7^5000000; y = 3^5000000; x/y' | bc",
        "yes '1+1' | bc > /dev/null",
    ] {
        let r = timed().execute(script);
        // Huge work ends at the timeout, or sooner at one of bc's own size bounds (which of
        // the two comes first depends on the machine and the build).
        let bounded = r.exit_code == 125
            && String::from_utf8_lossy(&r.stderr).contains("not supported in sandsh");
        assert!(
            r.exit_code == 124 || bounded,
            "{script}: {} {:?}",
            r.exit_code,
            String::from_utf8_lossy(&r.stderr)
        );
    }

    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute("echo 'define f(n) { return (f(n+1)) }; f(1); 5' | bc");
    assert_eq!(r.exit_code, 0);
    assert_eq!(r.stdout, b"");
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("Function call nesting too deep"),
        "{:?}",
        r.stderr
    );

    let deep = format!("{}1{}", "(".repeat(20_000), ")".repeat(20_000));
    let r = k.execute(&format!("echo '{deep}' | bc"));
    assert_eq!(r.exit_code, 0);
    assert_eq!(r.stderr, b"(standard_in) 1: memory exhausted\n");

    // GNU itself refuses exponents past 32 bits; below that, sandsh caps the size.
    let r = k.execute("echo '2^(2^40)' | bc");
    assert_eq!(r.exit_code, 0);
    assert!(String::from_utf8_lossy(&r.stderr).contains("exponent too large in raise"));
    let r = k.execute("echo '2^(2^31)' | bc");
    assert_eq!(r.exit_code, 125);
    assert!(String::from_utf8_lossy(&r.stderr).contains("number too large"));

    let r = k.execute("echo 'scale=100000000; 1/3' | bc");
    assert_eq!(r.exit_code, 125);

    // Big but reasonable work completes.
    let r = k.execute("echo 'x = 2^100000; length(x)' | bc");
    assert_eq!(r.stdout, b"30103\n");
}

/// Random token soup (no loops or powers, so every program ends quickly in both): exercises
/// syntax-error recovery, scanner messages and runtime errors against GNU, stderr included.
#[test]
fn bc_random_programs_match_gnu() {
    if !have_bc() {
        return;
    }
    const TOKS: &[&str] = &[
        "1",
        "0",
        ".5",
        "A",
        "x",
        "y",
        "a[1]",
        "a[]",
        "f(",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "+",
        "-",
        "*",
        "/",
        "%",
        "=",
        "+=",
        "++",
        "--",
        "==",
        "<",
        "!",
        "&&",
        "||",
        ";",
        "\n",
        "if",
        "else",
        "break",
        "continue",
        "return",
        "define",
        "auto",
        "print",
        "\"s\"",
        "scale",
        "ibase",
        "obase",
        "last",
        ".",
        "halt",
        "sqrt(",
        "length(",
        "s(",
        "e(",
        "l(",
        "a(",
        "c(",
        "j(",
        "1,",
        "\\\n",
        "/*",
        "*/",
        "#",
        "-3",
        "99999999999999999999",
        " ",
    ];
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut failures = Vec::new();
    for _ in 0..120 {
        let n = 1 + r.next() % 25;
        let mut prog = String::new();
        for _ in 0..n {
            prog.push_str(TOKS[(r.next() % TOKS.len() as u64) as usize]);
            prog.push(' ');
        }
        prog.push('\n');
        let quoted = prog.replace('\'', "'\\''");
        let case = format!("printf '%s' '{quoted}' | bc -l");
        let Some((want, want_err, want_status)) = host(&case) else {
            continue;
        };
        let mut k = Kernel::new(KernelConfig::default());
        let got = k.execute(&case);
        if got.stdout != want || got.stderr != want_err || got.exit_code != want_status {
            failures.push(format!(
                "{prog:?}\n  gnu:    {:?} {:?}\n  sandsh: {:?} {:?}",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&want_err),
                String::from_utf8_lossy(&got.stdout),
                String::from_utf8_lossy(&got.stderr),
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
