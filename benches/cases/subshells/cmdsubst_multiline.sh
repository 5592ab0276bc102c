# iterations: 200
# about: capture multi-line output and strip trailing newlines
gen() { local k; for ((k = 0; k < 20; k++)); do echo "row $k"; done; echo; echo; }
t=0
for ((i = 0; i < 200; i++)); do
  out=$(gen)
  t=$((t + ${#out}))
done
echo "$t"
