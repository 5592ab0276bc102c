# iterations: 10000
# target: cold <= 0.7
# about: 10,000 calls of a small function
add() { r=$(($1 + $2)); }
r=0 acc=0
for ((i = 0; i < 10000; i++)); do
  add "$i" 3
  acc=$((acc + r))
done
echo $acc
