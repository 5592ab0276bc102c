# iterations: 5000
# about: set --, $#, $@, shift
c=0
for ((i = 0; i < 5000; i++)); do
  set -- a b c d e
  shift 2
  c=$((c + $#))
  last=${!#}
  all="$*"
done
echo "$c $last $all"
