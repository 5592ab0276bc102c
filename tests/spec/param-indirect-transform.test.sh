## compare_shells: bash

#### indirect expansion
x=y
y=value
echo "${!x}"
## stdout: value

#### indirect to unset is empty
x=nothere
echo "[${!x}]"
## stdout: []

#### indirect with array element
a=(one two)
ref='a[1]'
echo "${!ref}"
## stdout: two

#### indirect to positional
set -- first second
n=2
echo "${!n}"
## stdout: second

#### prefix matching names
myvar1=a myvar2=b other=c
echo "${!myvar@}"
echo "${!myvar*}"
## STDOUT:
myvar1 myvar2
myvar1 myvar2
## END

#### array keys
a=(x y z)
echo "${!a[@]}"
## stdout: 0 1 2

#### sparse array keys
a=([2]=x [7]=y)
echo "${!a[@]}"
## stdout: 2 7

#### assoc keys sorted output
declare -A m=([k1]=a [k2]=b)
for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done | sort
## STDOUT:
k1=a
k2=b
## END

#### @Q quotes
x="it's a test"
echo "${x@Q}"
## stdout: 'it'\''s a test'

#### @Q on simple value
x=abc
echo "${x@Q}"
## stdout: 'abc'

#### @Q on value with newline
x=$'a\nb'
echo "${x@Q}"
## stdout: $'a\nb'

#### @E expands escapes
x='a\tb\x41'
echo "${x@E}"
## stdout: a	bA

#### @P prompt expansion of plain text
x='plain \\ text'
echo "${x@P}"
## stdout: plain \ text

#### @A assignment form
x=hello
echo "${x@A}"
## stdout: x='hello'

#### @A for array
a=(1 2)
echo "${a[@]@A}"
## stdout: declare -a a=([0]="1" [1]="2")

#### @A with attributes
declare -i n=5
echo "${n@A}"
## stdout: declare -i n='5'

#### @a attributes
declare -i n=1
declare -a arr=(1)
declare -A map=([a]=1)
declare -r ro=1
x=1
echo "${n@a} ${arr@a} ${map@a} ${ro@a} [${x@a}]"
## stdout: i a A r []

#### @U @u @L
x='hello world'
echo "${x@U}"
echo "${x@u}"
y=ABC
echo "${y@L}"
## STDOUT:
HELLO WORLD
Hello world
abc
## END

#### @Q on array elements
a=('a b' c)
echo "${a[@]@Q}"
## stdout: 'a b' 'c'

#### @K on assoc
declare -A m=([x]=1)
echo "${m[@]@K}"
## STDOUT:
x "1" 
## END

#### transform on unset is empty
unset x
echo "[${x@Q}]"
## stdout: []

#### indirect expansion with transform
x=y
y='a b'
echo "${!x@Q}"
## stdout: 'a b'

#### indirect of special name
set -- a b c
x='#'
echo "${!x}"
## stdout: 3

#### indirect to name with default
unset y
x=y
echo "${!x:-dflt}"
## stdout: dflt
