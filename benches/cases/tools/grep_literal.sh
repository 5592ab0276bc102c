# iterations: 1
# about: grep PATTERN
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep zoka @IN@ | cksum
grep zoka @IN@ > /dev/null
