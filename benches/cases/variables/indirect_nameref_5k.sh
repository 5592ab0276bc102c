# iterations: 5000
# about: indirect expansion ${!name} and declare -n
v1=one v2=two v3=three
declare -n ref=v2
out=
for ((i = 0; i < 5000; i++)); do
  name=v$((i % 3 + 1))
  out=${!name}
  ref=two$((i % 2))
done
echo "$out $v2"
