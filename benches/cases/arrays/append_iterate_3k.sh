# iterations: 3000
# target: cold <= 0.7
# about: append to an indexed array, then loop over it
a=()
for ((i = 0; i < 3000; i++)); do a+=("$i"); done
s=0
for v in "${a[@]}"; do s=$((s + v)); done
echo "${#a[@]} $s"
