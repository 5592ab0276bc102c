# iterations: 2000
# about: join array elements with a separator
words=()
for ((i = 0; i < 2000; i++)); do words+=("w$i"); done
join() { local IFS=$1; shift; echo "$*"; }
j=$(join , "${words[@]}")
echo "${#j} ${j:0:30}"
