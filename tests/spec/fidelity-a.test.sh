## compare_shells: bash

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

#### the colons of a ternary in a slice offset belong to it
s=abcdef
echo ${s: 1 < 2 ? 2 : 0 : 3}
echo ${s: 1 > 2 ? 2 : 0 : 1}
a=(a b c d e)
echo ${a[@]: 0 ? 1 : 3 : 1}
## STDOUT:
cde
a
d
## END

#### empty slice offset before a length is zero
s=abcd
a=(a b c d e f)
echo "[${s::2}]" "[${s:: }]" "[${a[@]:: }]" "[${a[@]: : }]"
echo status=$?
## STDOUT:
[ab] [] [] []
status=0
## END

#### bad substitution abandons the command, the script goes on
s=abc
echo ${s:}
echo "after $?"
f() { echo ${s:}; echo not-reached; }
f
echo "after f $?"
## STDOUT:
after 1
after f 1
## END

#### empty array subscript is an error in assignment and expansion
a=(1 2 3)
a[]=42
echo status=$?
echo ${a[@]}
echo ${a[]}
echo status=$?
b=(x)
b[-5]=y
echo "still here $?"
## STDOUT:
status=1
1 2 3
status=1
still here 1
## END

#### brace expansion runs before a bare $name is read
a=A ab=X ac=Y a_c=Q
echo $a{b,c}
echo {$a,b}_{c,d}
echo {${a},b}_{c,d}
echo x{$a,b}-
## STDOUT:
X Y
Q b_c b_d
A_c A_d b_c b_d
xA- xb-
## END

#### declare -f keeps braces around a parameter
f() { echo ${a}b $a ${1}0 $1 ${?} $?; }
declare -f f
## STDOUT:
f () 
{ 
    echo ${a}b $a ${1}0 $1 ${?} $?
}
## END

#### quoted keys of an associative array in arithmetic
declare -A A=([spam]=42 [foo]=1)
(( x = A['spam'] ))
echo $x $(( A['foo'] + 1 ))
(( A['new'] = 7 ))
echo "${A[new]}"
## STDOUT:
42 2
7
## END

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

#### a line continuation inside $? and $name
x=ab
true
echo $\
? $\
x $a\
b
xy=7
echo $x\
y
## STDOUT:
0 ab
7
## END

#### \c before the closing quote of $'...'
printf '%s' $'a\c' | od -An -c
printf '%s' $'a\c\'' | od -An -tx1
## STDOUT:
   a   \   c
 61 1c 27
## END

#### tilde in ${x-word} and ${x/p/word} operands
HOME=/home/me
echo ${undef-~:~} ${undef:-~/x}
x=${undef-~:~}
echo $x
x=a:${undef-~/b:~}
echo $x
echo "${undef-~}"
y=q
echo ${y/q/~} ${y/q/~:~} ${y/#q/~/z}
## STDOUT:
/home/me:~ /home/me/x
/home/me:/home/me
a:/home/me/b:/home/me
~
/home/me /home/me:~ /home/me/z
## END

#### a single-quoted right brace in a double-quoted ${x-word}
echo "${var-'}'}"
echo "${var-'a b'}"
## STDOUT:
'}'
'a b'
## END

#### ${!name} of an array without element 0 is empty, not an error
declare -A A=([x]=y)
echo "1=${!A}" "2=${!A-d}"
declare -a B=([1]=y)
echo "3=${!B}"
echo status=$?
## STDOUT:
1= 2=d
3=
status=0
## END

#### @P applies to every element
set -- a b c
echo ${@@P}
declare -A A=([x]=y)
echo ${A[@]@P}
## STDOUT:
a b c
y
## END

#### ${!ref:-w} with ref=a[@] only tests for elements
ref='a[@]'
a=()
echo "[${!ref:-w}]"
a=("")
echo "[${!ref:-w}]" "[${a[@]:-w}]"
## STDOUT:
[w]
[] [w]
## END

#### a multibyte IFS character splits as a whole
x=çx IFS=ç
printf '<%s>\n' $x
IFS='é:'
y='aébéé:c'
printf '[%s]' $y
echo
## STDOUT:
<>
<x>
[a][b][][][c]
## END

#### [k]=v elements: no tilde for associative arrays, brace expansion for indexed ones
HOME=/h
declare -A a=([k]=~ [j]=x:~)
echo "${a[k]} ${a[j]}"
b=([1]=~ [2]=x:~)
echo "${b[1]} ${b[2]}"
c=([1]={x,y} [5]=z)
declare -p c
d=([3]=x{a,b}y [4]=~)
declare -p d
declare -A e=([k]={x,y})
declare -p e
## STDOUT:
~ x:~
/h x:/h
declare -a c=([0]="[1]=x" [1]="[1]=y" [5]="z")
declare -a d=([0]="[3]=xay" [1]="[3]=xby" [4]="/h")
declare -A e=([k]="{x,y}" )
## END

#### declare -p quotes associative keys as bash does
declare -A A=(["~a"]=1)
declare -p A
declare -A B=([a~]=1)
declare -p B
declare -A C=(["#x"]=1)
declare -p C
declare -A D=([x#]=1)
declare -p D
declare -A E=(["a|b"]=1)
declare -p E
declare -A F=(["@"]=1)
declare -p F
## STDOUT:
declare -A A=(["~a"]="1" )
declare -A B=([a~]="1" )
declare -A C=(["#x"]="1" )
declare -A D=([x#]="1" )
declare -A E=(["a|b"]="1" )
declare -A F=(["@"]="1" )
## END

#### ${x/p/r} matches only as many characters as bash counts in p
s=ab]
echo "${s//[!]]/z}" "${s//[!]x]/z}" "${s//[]]/z}" "${s//[]a]/z}" "${s//[!x]/z}"
s=ab
echo "${s#[!]]}" "${s/#[!]]/z}" "${s/%[!]]/z}" "${s//[^]]/z}"
s='héllo wörld'
echo "${s//[[:alpha:]]/x}" "${s//l?/Z}" "${s/#h?/Q}" "${s/%?d/E}" "${s//[éö]/_}"
## STDOUT:
ab] ab] abz zbz zzz
b ab ab ab
xxxxx xxxxx héZo wörZ Qllo wörld héllo wörE h_llo w_rld
## END

#### nocasematch applies to ${x/p/r} but not to # and %
s=aXbxc
shopt -s nocasematch
echo ${s//x/-} ${s%X*} ${s/#A/q} ${s/%C/q}
## stdout: a-b-c a qXbxc aXbxq

#### each byte of an incomplete UTF-8 sequence is one character
export LC_ALL=C.UTF-8
for s in $'ab\xce' $'ab\xce\xbc' $'\xe2\x82' $'x\xe2\x82y' $'\xf0\x9f\x98' $'\xce\xbc\xff'; do
  echo -n "${#s} "
done
echo
s=$'\xe2\x82y'
printf '%s' "${s:1}" | od -An -tx1
## STDOUT:
3 3 2 4 3 2 
 82 79
## END

#### in the C locale a pattern character is a byte
export LC_ALL=C
s='_μ_ and _μ_'
echo ${s//_?_/foo} / ${s//_??_/X}
[[ μ == ? ]] && echo one || echo two
case μ in ??) echo two-bytes;; esac
export LC_ALL=C.UTF-8
echo ${s//_?_/foo}
[[ μ == ? ]] && echo one
## STDOUT:
_μ_ and _μ_ / X and X
two
two-bytes
foo and foo
one
## END

#### a character range through ` and \ is read again as bash does
echo {Z..a}
echo x{Z..a}
echo -{z..A}-
echo "status $?"
echo -{a..c}-
## STDOUT:
Z [  ] ^ _ ` a
xZ x[ x x] x^ x_ x` xa
status 1
-a- -b- -c-
## END

#### without extglob, [[ !(x) ]] is a negation and the pattern of == still takes groups
empty='' str=x
[[ !($empty) ]] && echo empty-is-empty
[[ !($str) ]] || echo str-is-not-empty
[[ ab == @(a|b)b ]] && echo rhs-group
shopt -s extglob
[[ !($str) ]] && echo now-a-glob-word
case ab in @(a|b)b) echo case-group;; esac
## STDOUT:
empty-is-empty
str-is-not-empty
rhs-group
now-a-glob-word
case-group
## END

#### an extglob group without shopt -s extglob is a syntax error
case ab in @(a|b)b) echo no;; esac
echo not-reached
## status: 2
## STDOUT:
## END

#### an expansion error inside eval abandons only that command of the string
eval 'echo ${s:}; echo not-this'; echo "st1 $?"
eval $'echo ${s:}\necho next-line'; echo "st2 $?"
f() { eval 'x=$((1/0)); echo no'; echo "in f $?"; }
f
echo done
## STDOUT:
st1 1
next-line
st2 0
in f 1
done
## END

#### slices of a sparse array take indexes, also negative ones
a=([0]=a [1]=b [5]=f [6]=g [9]=j)
echo "[${a[@]:2}] [${a[@]:9}] [${a[@]:10}]"
echo "[${a[@]: -1}] [${a[@]: -5}] [${a[@]: -10}] [${a[@]: -11}]"
echo "[${a[@]:2:2}] [${a[*]: -4:1}]"
## STDOUT:
[f g j] [j] []
[j] [f g j] [a b f g j] []
[f g] [g]
## END
