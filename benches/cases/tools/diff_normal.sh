# iterations: 1
# about: diff of two 50 MB files with a few hundred changes; GNU: `diff FILE0 FILE`
# input: logb
# target: cold <= 1.5
# check: diff @DATA@/log-@SIZE@ @IN@ | cksum
diff @DATA@/log-@SIZE@ @IN@ > /dev/null
