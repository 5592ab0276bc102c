## compare_shells: bash

#### basic heredoc
cat <<EOF
hello
world
EOF
## STDOUT:
hello
world
## END

#### heredoc expands variables
x=42
cat <<EOF
x is $x
sum $((x+1))
cmd $(echo sub)
EOF
## STDOUT:
x is 42
sum 43
cmd sub
## END

#### quoted delimiter disables expansion
x=42
cat <<'EOF'
x is $x $(echo no)
EOF
## stdout: x is $x $(echo no)

#### double quoted delimiter disables expansion
cat <<"EOF"
$HOME `echo`
EOF
## stdout: $HOME `echo`

#### partially quoted delimiter disables expansion
x=1
cat <<E"O"F
$x
EOF
## stdout: $x

#### <<- strips leading tabs
cat <<-EOF
	indented
		twice
	EOF
## STDOUT:
indented
twice
## END

#### <<- does not strip spaces
cat <<-EOF
  spaces
EOF
## STDOUT:
  spaces
## END

#### backslash in unquoted heredoc
cat <<EOF
a\$b \\ \n
EOF
## stdout: a$b \ \n

#### backslash newline continuation in heredoc
cat <<EOF
one \
two
EOF
## stdout: one two

#### double quotes are literal in heredoc
x=v
cat <<EOF
"$x" '$x'
EOF
## stdout: "v" 'v'

#### heredoc to a variable via read
read -r line <<EOF
first line
second
EOF
echo "$line"
## stdout: first line

#### multiple heredocs on one line
cat <<A; cat <<B
from a
A
from b
B
## STDOUT:
from a
from b
## END

#### heredoc in function
f() {
  cat <<EOF
in f: $1
EOF
}
f arg
## stdout: in f: arg

#### heredoc with pipeline
cat <<EOF | sort
c
a
b
EOF
## STDOUT:
a
b
c
## END

#### heredoc in while read loop
while read -r a b; do
  echo "$b-$a"
done <<EOF
1 one
2 two
EOF
## STDOUT:
one-1
two-2
## END

#### here-string
cat <<< 'here string'
## stdout: here string

#### here-string with variable adds newline
x='a b'
cat <<< "$x" | od -An -c
## STDOUT:
   a       b  \n
## END

#### here-string with empty var
x=
cat <<< "$x" | wc -l
## stdout: 1

#### heredoc with empty body
cat <<EOF
EOF
echo done
## stdout: done

#### heredoc delimiter must be alone on line
cat <<EOF
EOF not end
 EOF
EOF
## STDOUT:
EOF not end
 EOF
## END

#### heredoc on fd 3
while read -r l <&3; do echo "got $l"; done 3<<EOF
x
y
EOF
## STDOUT:
got x
got y
## END

#### heredoc with redirect to file
cat > out.txt <<EOF
saved
EOF
cat out.txt
## stdout: saved

#### heredoc in command substitution
v=$(cat <<EOF
inner $((1+1))
EOF
)
echo "$v"
## stdout: inner 2

#### heredoc keeps leading whitespace
cat <<EOF
   lead
EOF
## STDOUT:
   lead
## END

#### heredoc with special characters
cat <<'EOF'
!@#$%^&*(){}[]|\;:'",.<>/?
EOF
## stdout: !@#$%^&*(){}[]|\;:'",.<>/?

#### heredoc with array expansion
a=(x y)
cat <<EOF
${a[@]} ${#a[@]}
EOF
## stdout: x y 2

#### heredoc delimiter with underscore and digits
cat <<END_1
ok
END_1
## stdout: ok

#### heredoc inside if
if true; then
  cat <<EOF
inside
EOF
fi
## stdout: inside

#### here-doc with quoted delimiter keeps everything literal
x=1
cat <<'EOF'
$x $(echo no) \$
EOF
## stdout: $x $(echo no) \$

#### here-doc expands and <<- strips tabs
x=3
cat <<-EOF
	val=$x $((x*2)) \$x
	EOF
## stdout: val=3 6 $x
