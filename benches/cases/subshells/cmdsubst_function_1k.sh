# iterations: 1000
# about: 1,000 $(f) capturing a function's output
sq() { echo $(($1 * $1)); }
s=0
for ((i = 0; i < 1000; i++)); do s=$((s + $(sq $i))); done
echo $s
