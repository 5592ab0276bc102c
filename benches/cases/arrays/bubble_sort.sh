# iterations: 19900
# about: bubble sort of 200 numbers
a=()
x=12345
for ((i = 0; i < 200; i++)); do
  x=$(((x * 1103515245 + 12345) % 2147483648))
  a+=($((x % 1000)))
done
n=${#a[@]}
for ((i = 0; i < n; i++)); do
  for ((j = 0; j < n - i - 1; j++)); do
    if ((a[j] > a[j + 1])); then
      t=${a[j]}; a[j]=${a[j + 1]}; a[j + 1]=$t
    fi
  done
done
echo "${a[@]:0:10} ... ${a[@]: -3}"
