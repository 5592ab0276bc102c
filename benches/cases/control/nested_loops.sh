# iterations: 40000
# about: nested for loops, 200 x 200
n=0
for ((i = 0; i < 200; i++)); do
  for ((j = 0; j < 200; j++)); do
    ((n += (i ^ j) & 1))
  done
done
echo $n
