# Conformance: listing variables with declare, local, readonly and export, and -p with names
# (bash 5.2): namerefs listed as themselves, local lists only the function's own variables,
# readonly -p NAME and export -p NAME set the attribute, plain declare lists functions too.

#### declare and declare -p list a nameref as itself; -pn filters namerefs
target=111
declare -n ref=target
declare | grep '^ref='
declare -p | grep '^declare -n ref='
declare -pn | grep '^declare -n ref='
## STDOUT:
ref=target
declare -n ref="target"
declare -n ref="target"
## END

#### local lists only this function's variables; local -p NAME only its own
g=global
f() {
  local a=1 b=2
  local
  local -p a g
  echo "status=$?"
}
f
## STDOUT:
declare -- a="1"
declare -- b="2"
declare -- a="1"
status=1
## END

#### readonly -p NAME and export -p NAME set the attribute and print nothing
x=1 y=2
readonly -p x
export -p y
declare -p x y
## STDOUT:
declare -r x="1"
declare -x y="2"
## END

#### plain declare lists the functions after the variables
zz_var=1
zz_fn() { echo hi; }
declare | grep -A3 '^zz_'
## STDOUT:
zz_var=1
zz_fn () 
{ 
    echo hi
}
## END

#### declare -p and ${x@A} quote control characters and bytes that are not UTF-8 as $'...'
x=$'b\n'; y=$'\e[0m'; z=$'\xff'; w='plain "q" $v'
declare -p x y z w
a=($'1\t' two); declare -p a
declare -A h=([$'k\n']=v); declare -p h
echo "${x@A}"
## STDOUT:
declare -- x=$'b\n'
declare -- y=$'\E[0m'
declare -- z=$'\377'
declare -- w="plain \"q\" \$v"
declare -a a=([0]=$'1\t' [1]="two")
declare -A h=([$'k\n']="v" )
x=$'b\n'
## END
