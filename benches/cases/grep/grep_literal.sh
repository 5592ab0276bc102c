# iterations: 1
# about: grep PATTERN, -c, -v, -i over 100k generated lines
seq 1 100000 > bench_grep.txt
grep 12345 bench_grep.txt
grep -c 77 bench_grep.txt
grep -vc 1 bench_grep.txt
grep -ic 9 bench_grep.txt
grep -n 9999 bench_grep.txt | tail -n 2
