# iterations: 2000
# about: slices, keys, counts
a=({a..z} {0..9})
n=0
for ((i = 0; i < 2000; i++)); do
  b=("${a[@]:i%30:5}")
  keys=("${!a[@]}")
  n=$((n + ${#b[@]} + ${#keys[@]}))
done
echo "$n ${b[*]}"
