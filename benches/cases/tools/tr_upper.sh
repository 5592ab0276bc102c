# iterations: 1
# about: tr a-z A-Z
# input: text
# streaming: yes
# target: cold <= 2.0
# check: tr a-z A-Z < @IN@ | cksum
tr a-z A-Z < @IN@ > /dev/null
