# iterations: 10000
# target: cold <= 0.7
# about: 10,000 calls of a builtin
for ((i = 0; i < 10000; i++)); do
  :
  true
  printf -v x '%d' "$i"
done
echo "$x"
