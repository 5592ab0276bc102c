# iterations: 10000
# target: cold <= 0.7
# about: string building by appending
s=
for ((i = 0; i < 10000; i++)); do
  s+="x$((i % 10))"
done
echo "${#s} ${s:0:20}"
