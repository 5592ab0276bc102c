# iterations: 1
# about: jq map and add; GNU: `jq 'map(.amount) \| add' FILE`
# input: json
# target: cold <= 1.5
# check: jq 'map(.amount) | add' @IN@ | cksum
jq 'map(.amount) | add' @IN@ > /dev/null
