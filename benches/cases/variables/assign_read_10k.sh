# iterations: 10000
# about: assign and read a scalar in a loop
x=0 total=
for ((i = 0; i < 10000; i++)); do
  x=$i
  total=$x
done
echo "$total"
