# iterations: 5000
# about: sieve of Eratosthenes to 5000 with an indexed array
N=5000
declare -a comp=()
count=0
for ((i = 2; i <= N; i++)); do
  if [[ -z ${comp[i]} ]]; then
    ((count++))
    for ((j = i * i; j <= N; j += i)); do comp[j]=1; done
  fi
done
echo "$count"
