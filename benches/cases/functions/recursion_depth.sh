# iterations: 10000
# about: recursion 500 deep, 20 times
down() {
  if (($1 > 0)); then down $(($1 - 1)); else depth=$((depth + 1)); fi
}
depth=0
for ((k = 0; k < 20; k++)); do down 500; done
echo $depth
