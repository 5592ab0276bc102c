# iterations: 1000
# about: write a file line by line, then read it back
: > bench_rt.txt
for ((i = 0; i < 1000; i++)); do echo "line $i" >> bench_rt.txt; done
n=0
while read -r w k; do n=$((n + k)); done < bench_rt.txt
echo $n
