# iterations: 2000
# about: aggregate a generated CSV by key
csv="region,product,amount"$'\n'
regions=(north south east west)
for ((i = 0; i < 2000; i++)); do
  csv+="${regions[i % 4]},p$((i % 7)),$(((i * 37) % 101))"$'\n'
done
declare -A total=() cnt=()
{
  read -r _header
  while IFS=, read -r region product amount; do
    [[ -z $region ]] && continue
    ((total[$region] += amount, cnt[$region]++))
  done
} <<< "$csv"
for r in "${regions[@]}"; do
  printf '%-6s %6d %4d %6.1f\n' "$r" "${total[$r]}" "${cnt[$r]}" "$(( total[$r] * 10 / cnt[$r] ))e-1"
done
