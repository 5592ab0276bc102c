# iterations: 1
# about: sort with two keys, one reversed numeric; GNU: `sort -t, -k3,3 -k7,7nr FILE`
# input: table
# target: cold <= 1.5
# check: sort -t, -k3,3 -k7,7nr @IN@ | cksum
sort -t, -k3,3 -k7,7nr @IN@ > /dev/null
