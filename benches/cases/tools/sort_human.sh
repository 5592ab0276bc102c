# iterations: 1
# about: sort -h on a key of human sizes; GNU: `sort -t, -k4,4h FILE`
# input: table
# target: cold <= 1.5
# check: sort -t, -k4,4h @IN@ | cksum
sort -t, -k4,4h @IN@ > /dev/null
