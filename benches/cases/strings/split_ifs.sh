# iterations: 2000
# about: split strings on IFS into words
line="alpha:beta:gamma:delta:epsilon:zeta:eta:theta"
n=0
for ((i = 0; i < 2000; i++)); do
  IFS=: read -r -a parts <<< "$line"
  n=$((n + ${#parts[@]}))
done
old=$IFS; IFS=:; set -- $line; IFS=$old
echo "$n $# $3"
