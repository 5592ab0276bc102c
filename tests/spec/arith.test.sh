## compare_shells: bash

#### basic operators
echo $((1+2)) $((7-10)) $((6*7)) $((7/2)) $((7%3))
## stdout: 3 -3 42 3 1

#### precedence and parentheses
echo $((2+3*4)) $(((2+3)*4))
## stdout: 14 20

#### exponent
echo $((2**10)) $((3**0))
## stdout: 1024 1

#### negative division truncates toward zero
echo $((-7/2)) $((-7%2))
## stdout: -3 -1

#### division by zero is an error
( echo $((1/0)) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### comparison operators return 0 or 1
echo $((3<5)) $((3>5)) $((2<=2)) $((2>=3)) $((1==1)) $((1!=1))
## stdout: 1 0 1 0 1 0

#### logical operators
echo $((1&&0)) $((1||0)) $((!5)) $((!0))
## stdout: 0 1 0 1

#### bitwise operators
echo $((5&3)) $((5|3)) $((5^3)) $((~0)) $((1<<4)) $((256>>2))
## stdout: 1 7 6 -1 16 64

#### ternary
x=5
echo $((x>3 ? 10 : 20))
## stdout: 10

#### variables without dollar
a=3 b=4
echo $((a*b))
## stdout: 12

#### unset variable is zero
unset z
echo $((z+1))
## stdout: 1

#### empty variable is zero
e=
echo $((e+1))
## stdout: 1

#### variable containing expression is evaluated
x='2+3'
echo $((x*2))
## stdout: 10

#### assignment operators
x=10
(( x += 5 )); echo $x
(( x -= 3 )); echo $x
(( x *= 2 )); echo $x
(( x /= 4 )); echo $x
(( x %= 4 )); echo $x
(( x <<= 3 )); echo $x
(( x |= 1 )); echo $x
## STDOUT:
15
12
24
6
2
16
17
## END

#### pre and post increment
i=5
echo $((i++)) $i $((++i)) $((i--)) $((--i))
## stdout: 5 6 7 7 5

#### comma operator
echo $((a=1, b=2, a+b))
## stdout: 3

#### hex octal and base literals
echo $((0x1f)) $((010)) $((2#101)) $((36#z)) $((16#ff))
## stdout: 31 8 5 35 255

#### invalid octal is an error
( echo $((09)) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### 64-bit overflow wraps
echo $((9223372036854775807 + 1))
## stdout: -9223372036854775808

#### (( )) exit status
(( 0 )); echo $?
(( 5 )); echo $?
(( -1 )); echo $?
## STDOUT:
1
0
0
## END

#### (( )) with assignment result zero is false
(( x = 0 )); echo $? $x
## stdout: 1 0

#### let command
let a=5*2 b=a+1
echo $a $b
## stdout: 10 11

#### let status
let 'x = 0'; echo $?
let 'x = 3'; echo $?
## STDOUT:
1
0
## END

#### arithmetic in array index
a=(10 20 30)
i=1
echo ${a[i+1]} ${a[$i]}
## stdout: 30 20

#### arithmetic with spaces
echo $(( 1 + 2 ))
## stdout: 3

#### nested arithmetic
x=3
echo $(( $((x*2)) + 1 ))
## stdout: 7

#### string that is not a number
x=abc
abc=7
echo $((x))
## stdout: 7

#### recursive variable reference
a=b b=c c=4
echo $((a+1))
## stdout: 5

#### deprecated $[ ] syntax
echo $[1+2]
## stdout: 3

#### unary plus and minus
x=-3
echo $((-x)) $((+x)) $((- -4))
## stdout: 3 -3 4

#### compound assignment in loop
s=0
for ((i=1; i<=10; i++)); do (( s += i )); done
echo $s
## stdout: 55

#### arithmetic on negative numbers modulo
echo $(( -5 % 3 )) $(( 5 % -3 ))
## stdout: -2 2

#### exponent negative is error
( echo $((2 ** -1)) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### syntax error in arithmetic
( echo $((1 +)) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### assignment to non-variable is error
( echo $((3 = 4)) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### leading zeros from variable treated as octal
x=010
echo $((x + 0))
## stdout: 8

#### base prefix forces decimal
x=010
echo $((10#$x))
## stdout: 10

#### integer attribute evaluates on assignment
declare -i n
n='3 + 4'
echo $n
n+=1
echo $n
## STDOUT:
7
8
## END

#### arithmetic quote characters
echo $(( "1 + 2" ))
## stdout: 3

#### ternary with assignment
x=1
(( x > 0 ? (y = 1) : (y = 2) ))
echo $y
## stdout: 1

#### logical short circuit skips side effect
x=0
(( 0 && (x = 5) ))
echo $x
(( 1 || (x = 6) ))
echo $x
## STDOUT:
0
0
## END

#### arithmetic for loop with multiple vars
for ((i=0, j=10; i<3; i++, j--)); do echo $i $j; done
## STDOUT:
0 10
1 9
2 8
## END

#### arithmetic expansion of array element assignment
a=(1 2 3)
(( a[1] += 10 ))
echo "${a[@]}"
## stdout: 1 12 3

#### large multiplication
echo $(( 1000000 * 1000000 ))
## stdout: 1000000000000

#### comparison of strings in (( )) uses variables
x=5 y=10
(( x < y )) && echo less
## stdout: less

#### a base after a leading zero is an invalid number
echo $(( 02#0110 )) 2>/dev/null
echo "status $?"
( echo $(( 0x1#1 )) ) 2>/dev/null || echo "failed $?"
( echo $(( 2#1#1 )) ) 2>/dev/null || echo "failed $?"
echo $(( 2#0110 )) $(( 16#ff )) $(( 0x10 )) $(( 010 ))
## STDOUT:
status 1
failed 1
failed 1
6 255 16 8
## END

#### let accepts x=( expr ) words
let x=( 1 ) y=( x + 2 )
let z=( y * 3 )
echo "$_"
echo $x $y $z
let a[1]=5 b+=2 "c = 3"
echo ${a[1]} $b $c
## STDOUT:
z=(y * 3)
1 3 9
5 2 3
## END

#### arithmetic wraps at 64 bits
echo $(( 2 ** 63 )) $(( 9223372036854775807 + 1 )) $(( -2 ** 2 ))
## stdout: -9223372036854775808 -9223372036854775808 4

#### leading zero arithmetic error
x=08
( echo $(( x + 1 )) ) 2>/dev/null
echo "status $?"
echo $(( 10#$x + 1 ))
## STDOUT:
status 1
9
## END

#### integer division
echo $(( 7 / 2 )) $(( 1 / 3 ))
## stdout: 3 0
