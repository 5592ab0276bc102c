# iterations: 2000
# about: exec fd opening, writing through fd 3
exec 3> bench_fd.txt
for ((i = 0; i < 2000; i++)); do echo "$i" >&3; done
exec 3>&-
c=0
while read -r _; do ((c++)); done < bench_fd.txt
echo $c
