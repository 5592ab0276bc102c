# iterations: 1
# about: jq test() with a regex; GNU: `jq '[.[] \| select(.email \| test("^ka.*@example\\.org$"))] \| length' FILE`
# input: json
# target: cold <= 1.5
# check: jq '[.[] | select(.email | test("^ka.*@example\\.org$"))] | length' @IN@ | cksum
jq '[.[] | select(.email | test("^ka.*@example\\.org$"))] | length' @IN@ > /dev/null
