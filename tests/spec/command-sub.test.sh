## compare_shells: bash

#### basic $()
echo "[$(echo hi)]"
## stdout: [hi]

#### backticks
echo "[`echo hi`]"
## stdout: [hi]

#### trailing newlines stripped
x=$(printf 'a\n\n\n')
echo "[$x]"
## stdout: [a]

#### inner newlines kept
x=$(printf 'a\n\nb\n')
echo "$x"
## STDOUT:
a

b
## END

#### nested $()
echo $(echo $(echo deep))
## stdout: deep

#### nested backticks need escaping
echo `echo \`echo inner\``
## stdout: inner

#### exit status of command substitution
x=$(false)
echo $?
x=$(exit 3)
echo $?
## STDOUT:
1
3
## END

#### substitution runs in subshell
x=1
y=$(x=2; echo $x)
echo $x $y
## stdout: 1 2

#### stderr not captured
x=$(echo out; echo err >&2)
echo "[$x]"
## stdout: [out]

#### capture stderr with redirect
x=$(echo err 2>&1 >&2)
echo "[$x]"
## stdout: [err]

#### $(< file) reads file
printf 'content\n' > f
echo "$(< f)"
## stdout: content

#### command substitution with quotes inside
echo "$(echo "a  b")"
## stdout: a  b

#### command substitution with case statement
x=$(case a in a) echo matched;; esac)
echo $x
## stdout: matched

#### command substitution in arithmetic
echo $(( $(echo 3) * 2 ))
## stdout: 6

#### empty command substitution
x=$()
echo "[$x]"
## stdout: []

#### command substitution with pipeline
echo $(printf '3\n1\n2\n' | sort)
## stdout: 1 2 3

#### backtick with dollar escaping
x=5
echo `echo \$x`
## stdout: 5

#### command substitution preserves internal whitespace when quoted
echo "$(printf 'a   b')"
## stdout: a   b

#### status of assignment from command substitution
x=$(exit 7); echo $?
y=1 x=$(exit 4); echo $?
## STDOUT:
7
4
## END

#### status of command with substitution argument
echo $(exit 5) > /dev/null
echo $?
## stdout: 0

#### function call inside command substitution
f() { echo "from f"; }
echo "$(f)"
## stdout: from f

#### command substitution with heredoc
x=$(cat <<EOF
line
EOF
)
echo "$x"
## stdout: line

#### nul bytes are dropped with warning
x=$(printf 'a\0b')
echo "$x" 2>/dev/null | od -An -c
## STDOUT:
   a   b  \n
## END

#### exit inside command substitution does not exit shell
x=$(exit 1; echo no)
echo "still here [$x]"
## stdout: still here []

#### command substitution with comments
x=$(
  # comment
  echo value # trailing
)
echo $x
## stdout: value

#### parentheses inside command substitution
x=$(echo "(a)" ; (echo b))
echo $x
## stdout: (a) b

#### trailing newline of file kept by cat but not $(<)
printf 'x\n\n' > f
cat f | wc -l
v=$(<f)
echo "${#v}"
## STDOUT:
2
1
## END
