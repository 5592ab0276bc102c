# iterations: 200
# about: 500 two-stage pipelines of builtins
n=0
for ((i = 0; i < 200; i++)); do
  read -r v < <(echo "$i")
  echo "$i" | { read -r w; }
  n=$((n + v))
done
echo $n
