# iterations: 1
# about: sort -t, -k4,4n (numeric key)
# input: csv
# target: cold <= 2.0
# check: sort -t, -k4,4n @IN@ | cksum
sort -t, -k4,4n @IN@ > /dev/null
