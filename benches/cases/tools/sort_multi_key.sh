# iterations: 1
# about: sort with two keys, one reversed numeric; GNU: `sort -t, -k3,3 -k4,4nr FILE`
# input: csv
# target: cold <= 1.5
# check: sort -t, -k3,3 -k4,4nr @IN@ | cksum
sort -t, -k3,3 -k4,4nr @IN@ > /dev/null
