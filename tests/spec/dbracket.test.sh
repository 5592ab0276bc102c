## compare_shells: bash

#### string equality
[[ abc == abc ]] && echo eq
[[ abc != abd ]] && echo ne
## STDOUT:
eq
ne
## END

#### glob match on right side
[[ hello == h*o ]] && echo glob
[[ hello == "h*o" ]] || echo quoted-literal
## STDOUT:
glob
quoted-literal
## END

#### single = is same as ==
[[ a = a ]] && echo ok
## stdout: ok

#### string ordering
[[ a < b ]] && echo lt
[[ b > a ]] && echo gt
## STDOUT:
lt
gt
## END

#### -z and -n
x=
[[ -z $x ]] && echo empty
[[ -n $x ]] || echo not-nonempty
## STDOUT:
empty
not-nonempty
## END

#### unquoted variable with spaces is safe
x='a b'
[[ $x == 'a b' ]] && echo safe
## stdout: safe

#### numeric comparisons
[[ 10 -gt 9 ]] && echo gt
[[ 3 -le 3 ]] && echo le
[[ 2 -eq 2 ]] && echo eq
[[ 1 -ne 2 ]] && echo ne
[[ 1 -lt 2 ]] && echo lt
[[ 5 -ge 6 ]] || echo not-ge
## STDOUT:
gt
le
eq
ne
lt
not-ge
## END

#### numeric comparison evaluates arithmetic
x=3
[[ x+1 -eq 4 ]] && echo arith
## stdout: arith

#### string vs numeric compare
[[ 10 < 9 ]] && echo string-less
[[ 10 -lt 9 ]] || echo numeric-not-less
## STDOUT:
string-less
numeric-not-less
## END

#### logical and or not
[[ -n a && -z '' ]] && echo and
[[ -z a || -n a ]] && echo or
[[ ! -z a ]] && echo not
## STDOUT:
and
or
not
## END

#### grouping
[[ ( a == b || b == b ) && c == c ]] && echo grouped
## stdout: grouped

#### file tests
touch f
mkdir d
[[ -e f ]] && echo exists
[[ -f f ]] && echo file
[[ -d d ]] && echo dir
[[ -f d ]] || echo dir-not-file
[[ -e nope ]] || echo missing
## STDOUT:
exists
file
dir
dir-not-file
missing
## END

#### -s non-empty file
touch empty
echo x > full
[[ -s full ]] && echo full-nonempty
[[ -s empty ]] || echo empty-is-empty
## STDOUT:
full-nonempty
empty-is-empty
## END

#### -r -w -x
touch f
chmod 644 f
[[ -r f ]] && echo readable
[[ -x f ]] || echo not-exec
chmod +x f
[[ -x f ]] && echo exec
## STDOUT:
readable
not-exec
exec
## END

#### -L symlink
touch target
ln -s target link
[[ -L link ]] && echo symlink
[[ -L target ]] || echo regular
## STDOUT:
symlink
regular
## END

#### -nt -ot
touch old
sleep 0.05
touch new
[[ new -nt old ]] && echo newer
[[ old -ot new ]] && echo older
## STDOUT:
newer
older
## END

#### -ef same file
touch a
ln a b
[[ a -ef b ]] && echo same
## stdout: same

#### regex match
[[ abc123 =~ ^[a-z]+([0-9]+)$ ]] && echo "${BASH_REMATCH[0]} ${BASH_REMATCH[1]}"
## stdout: abc123 123

#### regex no match
[[ abc =~ ^[0-9]+$ ]]
echo $?
## stdout: 1

#### regex from variable
re='^(a+)(b+)$'
[[ aabbb =~ $re ]] && echo "${BASH_REMATCH[1]}-${BASH_REMATCH[2]}"
## stdout: aa-bbb

#### quoted regex is literal
[[ 'a.c' =~ "a.c" ]] && echo lit1
[[ 'abc' =~ "a.c" ]] || echo lit2
## STDOUT:
lit1
lit2
## END

#### regex partial match
[[ 'xx abc yy' =~ b ]] && echo partial
## stdout: partial

#### BASH_REMATCH count
[[ 2024-01-15 =~ ([0-9]+)-([0-9]+)-([0-9]+) ]]
echo "${#BASH_REMATCH[@]} ${BASH_REMATCH[3]}"
## stdout: 4 15

#### BASH_REMATCH cleared on failure
[[ ab =~ (a) ]]
[[ ab =~ (z) ]]
echo "[${#BASH_REMATCH[@]}]"
## stdout: [0]

#### invalid regex status 2
[[ a =~ '(' ]] 2>/dev/null; echo $?
re='('
[[ a =~ $re ]] 2>/dev/null; echo $?
## STDOUT:
1
2
## END

#### -v variable set
x=
[[ -v x ]] && echo x-set
unset y
[[ -v y ]] || echo y-unset
## STDOUT:
x-set
y-unset
## END

#### -o option test
set -o errexit
[[ -o errexit ]] && echo errexit-on
set +o errexit
[[ -o errexit ]] || echo errexit-off
## STDOUT:
errexit-on
errexit-off
## END

#### no word splitting or globbing inside
touch f1 f2
x='f*'
[[ $x == 'f*' ]] && echo no-glob
## stdout: no-glob

#### empty string equality
[[ '' == '' ]] && echo empty-eq
## stdout: empty-eq

#### extglob always on in [[ ]] pattern
[[ abc == @(abc|def) ]] && echo extglob
## stdout: extglob

#### status 1 when false
[[ a == b ]]
echo $?
## stdout: 1

#### nocasematch affects ==
shopt -s nocasematch
[[ ABC == abc ]] && echo ci
## stdout: ci

#### -t fd not a terminal
[[ -t 1 ]] || echo not-tty
## stdout: not-tty

#### [[ with arithmetic on both sides
a=5 b=7
[[ $((a+2)) -eq b ]] && echo equal
## stdout: equal

#### pattern with character class
[[ x5 == x[0-9] ]] && echo class
## stdout: class

#### newline inside [[ ]]
[[ a == a &&
   b == b ]] && echo multi-line
## stdout: multi-line

#### [[ ]] may span lines around && and before ]]
[[ foo == foo
&& bar == bar
]] && echo one
[[ -n x
|| -z y ]] && echo two
[[ ( a == a
) ]] && echo three
## STDOUT:
one
two
three
## END

#### tilde on the right of =~ is expanded and matched literally
HOME=foo
[[ foo =~ ~ ]]; echo $?
HOME='^a$'
[[ '^a$' =~ ~ ]]; echo $?
[[ a =~ ~ ]]; echo $?
## STDOUT:
0
0
1
## END

#### regex match in a loop
n=0
for s in a1 b2 c3 dd e5; do [[ $s =~ ^[a-z][0-9]$ ]] && ((n++)); done
echo $n
## stdout: 4

#### arithmetic comparison with strings in [[ ]]
[[ 9 > 10 ]] && echo lexical-greater
(( 9 > 10 )) || echo numeric-not-greater
## STDOUT:
lexical-greater
numeric-not-greater
## END

#### =~ a backslash-quoted ] inside a bracket expression is a member, not its end
[[ "a]b" =~ ^[^\]]+ ]] && echo "${BASH_REMATCH[0]}"
[[ "[2024-01-02 10:00] boot ok" =~ ^\[([^\]]+)\]\ (.*) ]] && echo "${BASH_REMATCH[1]}|${BASH_REMATCH[2]}"
[[ "a]b" =~ [^\]a]+ ]] && echo "${BASH_REMATCH[0]}"
[[ 'a\b' =~ [\\]+ ]] && echo "${BASH_REMATCH[0]}"
[[ "x]y" =~ x["]"]y ]] && echo quoted
[[ "ab.c" =~ [\.]+ ]] && echo "${BASH_REMATCH[0]}"
## STDOUT:
a
2024-01-02 10:00|boot ok
b
\
quoted
.
## END

#### a syntax error inside [[ ]] ends the script with the status it had
echo before
false
[[ x =~ a) ]]
echo after
## stdout: before
## status: 1
