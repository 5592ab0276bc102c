# iterations: 5000
# about: sparse arrays with unset
a=()
for ((i = 0; i < 5000; i++)); do a[i * 3]=$i; done
for ((i = 0; i < 5000; i += 2)); do unset 'a[i * 3]'; done
echo "${#a[@]} ${a[3]} ${a[14997]}"
