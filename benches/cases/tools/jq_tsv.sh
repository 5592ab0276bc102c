# iterations: 1
# about: jq -r @tsv of three fields; GNU: `jq -r '.[] \| [.id, .user, .city] \| @tsv' FILE`
# input: json
# target: cold <= 1.5
# check: jq -r '.[] | [.id, .user, .city] | @tsv' @IN@ | cksum
jq -r '.[] | [.id, .user, .city] | @tsv' @IN@ > /dev/null
