# iterations: 10000
# target: cold <= 0.7
# about: indexed reads and writes
a=()
for ((i = 0; i < 1000; i++)); do a[i]=$i; done
for ((r = 0; r < 10; r++)); do
  for ((i = 0; i < 1000; i++)); do a[i]=$((a[i] + r)); done
done
echo "${a[0]} ${a[999]} ${#a[@]}"
