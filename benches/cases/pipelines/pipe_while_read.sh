# iterations: 5000
# about: generate lines and read them in a while loop through a pipe
for ((i = 0; i < 5000; i++)); do echo "$i,$((i * 2))"; done | {
  s=0
  while IFS=, read -r a b; do s=$((s + a + b)); done
  echo $s
}
