# iterations: 400
# about: 1,000 ( ... ) subshells with isolated state
x=0
for ((i = 0; i < 400; i++)); do
  (x=$i; y=$((x * 2)))
done
echo "$x ${y:-unset}"
