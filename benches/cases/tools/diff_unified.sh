# iterations: 1
# about: diff -u of two 50 MB files; GNU: `diff -u FILE0 FILE`
# input: logb
# target: cold <= 1.5
# check: diff -u @DATA@/log-@SIZE@ @IN@ | cksum
diff -u @DATA@/log-@SIZE@ @IN@ > /dev/null
