## compare_shells: bash

#### %s and %d
printf '%s is %d\n' age 42
## stdout: age is 42

#### no trailing newline by default
printf 'a'; printf 'b\n'
## stdout: ab

#### format reused for extra args
printf '%s-%s\n' a b c d e
## STDOUT:
a-b
c-d
e-
## END

#### missing args are empty or zero
printf '[%s][%d]\n' only
## stdout: [only][0]

#### width and alignment
printf '[%5s][%-5s]\n' ab cd
## stdout: [   ab][cd   ]

#### zero padding
printf '%05d\n' 42
## stdout: 00042

#### precision for strings
printf '%.2s\n' abcdef
## stdout: ab

#### float formatting
printf '%.2f\n' 3.14159
printf '%8.3f|\n' 2.5
## STDOUT:
3.14
   2.500|
## END

#### hex octal
printf '%x %X %o\n' 255 255 8
## stdout: ff FF 10

#### %c first char
printf '%c\n' hello
## stdout: h

#### %% literal
printf '100%%\n'
## stdout: 100%

#### %b interprets escapes
printf '%b\n' 'a\tb\nc'
## STDOUT:
a	b
c
## END

#### %s does not interpret escapes
printf '%s\n' 'a\tb'
## stdout: a\tb

#### escapes in format
printf 'tab\there\n'
## stdout: tab	here

#### %q shell quoting
printf '%q\n' 'a b' "it's" ''
## STDOUT:
a\ b
it\'s
''
## END

#### printf -v assigns variable
printf -v out '%03d' 7
echo "$out"
## stdout: 007

#### printf -v with array element
printf -v 'arr[2]' '%s' x
echo "${arr[2]}"
## stdout: x

#### numeric argument from quote char
printf '%d\n' "'A"
## stdout: 65

#### invalid number status 1
printf '%d\n' abc 2>/dev/null
echo "status $?"
## STDOUT:
0
status 1
## END

#### hex and octal input numbers
printf '%d %d\n' 0x10 010
## stdout: 16 8

#### negative numbers
printf '%d %5d|\n' -3 -42
## stdout: -3   -42|

#### plus and space flags
printf '%+d % d\n' 5 5
## stdout: +5  5

#### %i same as %d
printf '%i\n' 12
## stdout: 12

#### %e scientific
printf '%e\n' 1234.5
## stdout: 1.234500e+03

#### %g
printf '%g %g\n' 0.0001 100000000
## stdout: 0.0001 1e+08

#### star width
printf '%*s|\n' 6 abc
## STDOUT:
   abc|
## END

#### %b with \c stops output
printf '%b' 'abc\cdef'
echo
## stdout: abc

#### format with no specifiers and args
printf 'fixed\n' a b
## stdout: fixed

#### \0 octal escape in format
printf '\101\n'
## stdout: A

#### \x escape in format
printf '\x42\n'
## stdout: B

#### unicode escape
printf '\u00e9\n'
## stdout: é

#### printf -- with dash format
printf -- '-%s-\n' x
## stdout: -x-

#### printf with empty format
printf ''
echo "status $?"
## stdout: status 0

#### printf array expansion
a=(1 2 3)
printf '<%s>' "${a[@]}"
echo
## stdout: <1><2><3>

#### %s with number
printf '%s\n' 007
## stdout: 007

#### %5.1f rounding
printf '%.1f %.0f %.0f\n' 0.25 2.5 3.5
## stdout: 0.2 2 4

#### very large integer
printf '%d\n' 9223372036854775807
## stdout: 9223372036854775807

#### %(fmt)T with fixed epoch
TZ=UTC printf '%(%Y-%m-%d)T\n' 0
## stdout: 1970-01-01

#### %q with special characters
printf '%q\n' 'a$b' 'tab	x'
## STDOUT:
a\$b
$'tab\tx'
## END

#### printf accepts the ' (thousands grouping) flag; C locales group nothing
printf "%'d|%'.2f|%'8d|\n" 1234567 1234.5 42
## STDOUT:
1234567|1234.50|      42|
## END

#### printf %(fmt)T uses the exported TZ
export TZ=Asia/Tokyo
printf '%(%Y-%m-%d %H)T\n' 1557978599
export TZ=US/Eastern
printf '%(%Y-%m-%d %H)T\n' 1557978599
export TZ=UTC
printf '%(%Y-%m-%d %H)T\n' 1557978599
## STDOUT:
2019-05-16 12
2019-05-15 23
2019-05-16 03
## END

#### printf %(fmt)T ignores an unexported TZ
unset TZ
a=$(printf '%(%H)T' 1557978599)
TZ=Asia/Tokyo
b=$(printf '%(%H)T' 1557978599)
[ "$a" = "$b" ] && echo same
## stdout: same

#### printf %(fmt)T longer than 127 bytes prints nothing
f=$(printf 'x%.0s' {1..127})
printf "%($f)T" 0 | wc -c
printf "%(${f}x)T" 0 | wc -c
## STDOUT:
127
0
## END

#### printf reuses the format for extra arguments
printf '%s=%s\n' a 1 b 2 c
## STDOUT:
a=1
b=2
c=
## END

#### a format that starts with - is an invalid option (status 2); -- and -vNAME work
printf '- item\n' 2>/dev/null; echo "status $?"
printf -- '- item\n'
printf -vx '%s-%s' a b; echo "$x"
printf -v y -v z 'q'; echo "${y-unset} $z"
printf '-'; echo
printf -v 2>/dev/null; echo "status $?"
## STDOUT:
status 2
- item
a-b
unset q
-
status 2
## END

#### a precision past 65535 digits prints every digit (found by the printf fuzz target)
printf '%.70000f' 1.5 | wc -c
printf '%.70000e' 1.5 | wc -c
printf '%.70000g' 1.5 | wc -c
printf '%#.70000g' 1.5 | wc -c
printf '%.70000f' 0.25 | cut -c1-25
printf '%.70000f' 1.5 | tail -c 3; echo
## STDOUT:
70002
70006
3
70001
0.25000000000000000000000
000
## END
