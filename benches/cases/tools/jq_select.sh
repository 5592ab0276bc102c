# iterations: 1
# about: jq select over a 20 MB array; GNU: `jq -c '.[] \| select(.level == "error" and .ms > 500)' FILE`
# input: json
# target: cold <= 1.5
# check: jq -c '.[] | select(.level == "error" and .ms > 500)' @IN@ | cksum
jq -c '.[] | select(.level == "error" and .ms > 500)' @IN@ > /dev/null
