# Conformance: an arithmetic error abandons the current top-level command and the script goes
# on with the next one, status 1; ((, let and [[ report it as their own status 1. Indirect
# expansion through an unset or invalid name fails the same way (bash 5.2).

#### $((…)) error: the rest of the line is dropped, the next line runs
echo $((1/0)); echo same-line
echo "next line $?"
## STDOUT:
next line 1
## END

#### an arithmetic error inside a function abandons the function and its caller's command
f() { echo in; x=$((2+)); echo not-reached; }
g() { f; echo not-reached-either; }
g; echo same-line
echo "after $?"
## STDOUT:
in
after 1
## END

#### in a subshell and a command substitution, only they end
( echo $((1/0)); echo no )
echo "subshell $?"
v=$(echo $((1/0)); echo no)
echo "subst [$v] $?"
## STDOUT:
subshell 1
subst [] 1
## END

#### ((, let, [[ and for (( give status 1 and go on
(( 1/0 )); echo "(( $?"
let 'x = 1/0'; echo "let $?"
[[ 1/0 -eq 0 ]]; echo "[[ $?"
for ((i = 0; i < 1/0; i++)); do :; done
echo "for $?"
## STDOUT:
(( 1
let 1
[[ 1
for 1
## END

#### indirect expansion through an unset, empty or invalid name
echo "a ${!nosuch}"
echo "unset $?"
empty=
echo "b ${!empty}"
echo "empty $?"
bad='a b'
echo "c ${!bad}"
echo "bad $?"
set --
echo "positional [${!1}] $?"
## STDOUT:
unset 1
empty 1
bad 1
positional [] 0
## END

#### division by zero names the text from the divisor on, as bash does
for e in '1 / 0 ' '1/0' '2 + (3 / 0) ' '5/0*3' 'x=0, 5 / x ' '8 % 0' '4/(2-2)+1'; do
  ( echo $(( $e )) ) 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
done
y=7
( (( y /= 0 )) ) 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
( (( y %= 0 )) ) 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
## STDOUT:
1 / 0  : division by 0 (error token is "0  ")
1/0 : division by 0 (error token is "0 ")
2 + (3 / 0)  : division by 0 (error token is "0)  ")
5/0*3 : division by 0 (error token is "0*3 ")
x=0, 5 / x  : division by 0 (error token is "x  ")
8 % 0 : division by 0 (error token is "0 ")
4/(2-2)+1 : division by 0 (error token is "(2-2)+1 ")
((: y /= 0 : division by 0 (error token is "0 ")
((: y %= 0 : division by 0 (error token is "0 ")
## END

#### a negative exponent names bash's error token: the token after the exponent, or its last
x=-2
for e in '2 ** -1' '2**(0-1)' '2 ** x' '2**-1+3' '2**3**-1'; do
  ( echo $(( $e )) ) 2>&1 | sed 's/^.*line [0-9]*: //'
done
## STDOUT:
2 ** -1 : exponent less than 0 (error token is "1 ")
2**(0-1) : exponent less than 0 (error token is ") ")
2 ** x : exponent less than 0 (error token is "x ")
2**-1+3 : exponent less than 0 (error token is "+3 ")
2**3**-1 : exponent less than 0 (error token is "1 ")
## END
