## compare_shells: bash

#### subshell variable isolation
x=1
( x=2; echo "in $x" )
echo "out $x"
## STDOUT:
in 2
out 1
## END

#### subshell cd isolation
mkdir d
( cd d && echo inside )
[ -d d ] && echo still-parent
## STDOUT:
inside
still-parent
## END

#### subshell exit status
( exit 7 )
echo $?
## stdout: 7

#### exit in subshell does not exit parent
( exit 1 )
echo continued
## stdout: continued

#### subshell function isolation
( f() { echo f; } )
type f >/dev/null 2>&1 || echo no-f
## stdout: no-f

#### subshell inherits variables
x=val
( echo "$x" )
## stdout: val

#### subshell set options isolated
( set -e; false; echo not-reached )
echo "status $?"
## stdout: status 1

#### nested subshells
( ( ( echo deep ) ) )
## stdout: deep

#### brace group shares environment
x=1
{ x=2; }
echo $x
## stdout: 2

#### brace group needs semicolon
{ echo a; echo b; }
## STDOUT:
a
b
## END

#### subshell output redirect
( echo a; echo b ) | wc -l
## stdout: 2

#### subshell trap isolation
trap 'echo parent-exit' EXIT
( echo child )
echo end
## STDOUT:
child
end
parent-exit
## END

#### array modification in subshell
a=(1 2)
( a+=(3); echo "${#a[@]}" )
echo "${#a[@]}"
## STDOUT:
3
2
## END

#### cd in subshell
mkdir -p x/y
( cd x/y; cd ..; ls )
## stdout: y

#### subshell umask isolation
umask 022
( umask 077 )
umask
## stdout: 0022

#### export in subshell not visible
( export NEWV=1 )
echo "[${NEWV-unset}]"
## stdout: [unset]

#### subshell with pipes inside
( echo b; echo a ) | sort
## STDOUT:
a
b
## END

#### $( ) in subshell sees functions
f() { echo hello; }
( echo "$(f)" )
## stdout: hello

#### subshell status in && chain
( false ) && echo yes || echo no
## stdout: no

#### exit status 255 range
( exit 256 ); echo $?
( exit 257 ); echo $?
## STDOUT:
0
1
## END

#### cd in pipeline does not affect shell
mkdir sub
cd sub | true
[ -d sub ] && echo still-in-parent
## stdout: still-in-parent
