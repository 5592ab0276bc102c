# iterations: 1
# about: sort -V on a key of versions; GNU: `sort -t, -k5,5V FILE`
# input: table
# target: cold <= 1.5
# check: sort -t, -k5,5V @IN@ | cksum
sort -t, -k5,5V @IN@ > /dev/null
