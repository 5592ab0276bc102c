# Conformance: subscripts given as text (namerefs, ${!ref}, unset, printf -v) are expanded as
# bash expands them: quotes removed, $var, $(cmd) and arithmetic evaluated.

#### namerefs and ${!ref} to quoted and computed keys
declare -A m=([K]=v1 ["two words"]=v2)
k=K
declare -n r1='m["K"]'
declare -n r2='m[$k]'
ref='m["two words"]'
echo "$r1 $r2 ${!ref}"
r2=changed
echo "${m[K]}"
a=(zero one two three)
declare -n r3='a[$(echo 1) + 1]'
echo "$r3"
## STDOUT:
v1 v1 v2
changed
two
## END

#### unset and printf -v with expanded keys
declare -A m=([K]=1 [L]=2 [M]=3)
k=K
unset -v 'm[$k]'
unset 'm["L"]'
echo "${#m[@]} ${!m[*]}"
printf -v 'm[$k]' '<%s>' again
printf -v 'm["N"]' '%d' 42
echo "${m[K]} ${m[N]}"
## STDOUT:
1 M
<again> 42
## END
