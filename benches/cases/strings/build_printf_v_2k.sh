# iterations: 2000
# target: cold <= 0.7
# about: string building with printf -v
s=
for ((i = 0; i < 2000; i++)); do
  printf -v s '%s%04d,' "$s" "$i"
done
echo "${#s} ${s: -10}"
