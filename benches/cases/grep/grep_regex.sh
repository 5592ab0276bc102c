# iterations: 1
# about: grep -E alternation, anchors, -o and -w over 100k generated lines
seq 1 100000 > bench_grep.txt
grep -cE '^1|99$' bench_grep.txt
grep -c '^[0-9]*5[0-9]\{2\}$' bench_grep.txt
grep -oE '7+' bench_grep.txt | grep -c 77
grep -cw '4.4' bench_grep.txt
