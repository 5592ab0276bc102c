# iterations: 200
# about: PIPESTATUS and pipefail
for ((i = 0; i < 200; i++)); do
  true | false | true
  ps="${PIPESTATUS[*]}"
done
set -o pipefail
true | false | true; st=$?
echo "$ps $st"
