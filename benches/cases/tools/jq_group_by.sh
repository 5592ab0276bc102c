# iterations: 1
# about: jq group_by with map and add; GNU: `jq -c 'group_by(.city) \| map({city: .[0].city, n: length, total: (map(.amount) \| add)})' FILE`
# input: json
# target: cold <= 1.5
# check: jq -c 'group_by(.city) | map({city: .[0].city, n: length, total: (map(.amount) | add)})' @IN@ | cksum
jq -c 'group_by(.city) | map({city: .[0].city, n: length, total: (map(.amount) | add)})' @IN@ > /dev/null
