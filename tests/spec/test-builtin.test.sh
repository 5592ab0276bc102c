## compare_shells: bash

#### test string equality
test abc = abc && echo eq
[ abc != abd ] && echo ne
## STDOUT:
eq
ne
## END

#### [ requires closing bracket
[ a = a 2>/dev/null
echo "status $?"
## stdout: status 2

#### -z -n
[ -z "" ] && echo z
[ -n "x" ] && echo n
## STDOUT:
z
n
## END

#### unquoted empty variable with -n is true
x=
[ -n $x ] && echo "surprise-true"
[ -n "$x" ] || echo "quoted-false"
## STDOUT:
surprise-true
quoted-false
## END

#### single argument is true when non-empty
[ abc ] && echo nonempty
[ "" ] || echo empty
## STDOUT:
nonempty
empty
## END

#### numeric comparisons
[ 5 -gt 3 ] && echo gt
[ 3 -lt 5 ] && echo lt
[ 5 -eq 5 ] && echo eq
[ 5 -ne 3 ] && echo ne
[ 5 -ge 5 ] && echo ge
[ 3 -le 2 ] || echo not-le
## STDOUT:
gt
lt
eq
ne
ge
not-le
## END

#### non-integer argument error status 2
[ abc -eq 1 ] 2>/dev/null
echo $?
## stdout: 2

#### negation
[ ! -e nope ] && echo not-exists
## stdout: not-exists

#### -a and -o
[ -n a -a -n b ] && echo and
[ -z a -o -n b ] && echo or
## STDOUT:
and
or
## END

#### parentheses grouping
[ \( -n a \) ] && echo grouped
## stdout: grouped

#### file tests
touch f
mkdir d
[ -e f ] && echo e
[ -f f ] && echo f
[ -d d ] && echo d
[ -d f ] || echo not-d
## STDOUT:
e
f
d
not-d
## END

#### -s -r -w
echo x > f
[ -s f ] && echo s
[ -r f ] && echo r
[ -w f ] && echo w
## STDOUT:
s
r
w
## END

#### -x on script
printf '#!/bin/bash\n' > s
[ -x s ] || echo not-x
chmod +x s
[ -x s ] && echo x
## STDOUT:
not-x
x
## END

#### string comparison < needs escaping
[ a \< b ] && echo lt
## stdout: lt

#### test with no args is false
test
echo $?
## stdout: 1

#### too many args is error
[ a b c ] 2>/dev/null
echo $?
## stdout: 2

#### test -v
x=1
test -v x && echo set
test -v nope || echo unset
## STDOUT:
set
unset
## END

#### == in test
[ a == a ] && echo double-eq
## stdout: double-eq

#### leading zeros in numeric compare
[ 010 -eq 10 ] && echo decimal
## stdout: decimal

#### negative numbers
[ -5 -lt 0 ] && echo negative
## stdout: negative

#### whitespace around numbers
[ " 5 " -eq 5 ] && echo trimmed
## stdout: trimmed

#### -L symlink and -h
touch t
ln -s t l
[ -h l ] && echo h
[ -L l ] && echo L
## STDOUT:
h
L
## END

#### -e on dangling symlink
ln -s missing dangling
[ -e dangling ] || echo dangling-not-exists
[ -L dangling ] && echo but-is-link
## STDOUT:
dangling-not-exists
but-is-link
## END

#### /usr/bin/test-like builtin type
type -t test
type -t [
## STDOUT:
builtin
builtin
## END

#### string vs integer equality
[ 01 = 1 ] || echo strings-differ
[ 01 -eq 1 ] && echo numbers-equal
## STDOUT:
strings-differ
numbers-equal
## END

#### numeric comparison with -eq on empty
x=
[ "$x" -eq 0 ] 2>/dev/null
echo "status $?"
## stdout: status 2

#### test -n with unquoted unset var is true
unset u
[ -n $u ] && echo "unexpectedly true"
## stdout: unexpectedly true
