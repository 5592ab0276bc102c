# iterations: 2000
# about: redirect a whole loop's output once
for ((i = 0; i < 2000; i++)); do
  echo "record $i"
done > bench_block.txt
c=0
while read -r line; do ((c++)); done < bench_block.txt
echo $c
