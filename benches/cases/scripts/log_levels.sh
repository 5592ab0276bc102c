# iterations: 3000
# about: classify log lines with case and regex, count per level
levels=(INFO WARN ERROR DEBUG INFO INFO)
declare -A by=()
errs=()
for ((i = 0; i < 3000; i++)); do
  line="2024-01-$((i % 28 + 10))T12:00:$((i % 50 + 10)) ${levels[i % 6]} worker-$((i % 5)) request $i took $((i % 97))ms"
  if [[ $line =~ ^([0-9-]+)T[0-9:]+\ ([A-Z]+)\ (worker-[0-9]+).*took\ ([0-9]+)ms$ ]]; then
    lvl=${BASH_REMATCH[2]}
    ((by[$lvl]++))
    case $lvl in ERROR) ((${BASH_REMATCH[4]} > 90)) && errs+=("${BASH_REMATCH[3]}@${BASH_REMATCH[1]}") ;; esac
  fi
done
for l in DEBUG ERROR INFO WARN; do echo "$l ${by[$l]}"; done
echo "${#errs[@]} ${errs[0]}"
