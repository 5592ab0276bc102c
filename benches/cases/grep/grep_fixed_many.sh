# iterations: 1
# about: grep -F with many patterns (-f) over 100k generated lines
seq 1 100000 > bench_grep.txt
seq 100 37 9000 > bench_pats.txt
grep -cFf bench_pats.txt bench_grep.txt
grep -cxFf bench_pats.txt bench_grep.txt
grep -cwFf bench_pats.txt bench_grep.txt
