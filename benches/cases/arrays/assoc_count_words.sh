# iterations: 6000
# about: associative array word counts
declare -A count=()
words=(the cat sat on the mat and the dog ate the hat)
for ((r = 0; r < 500; r++)); do
  for w in "${words[@]}"; do
    count[$w]=$((${count[$w]:-0} + 1))
  done
done
for k in the cat mat dog zebra; do echo "$k=${count[$k]:-0}"; done
echo "${#count[@]}"
