# iterations: 1
# about: tr -d 0-9
# input: text
# streaming: yes
# target: cold <= 2.0
# check: tr -d 0-9 < @IN@ | cksum
tr -d 0-9 < @IN@ > /dev/null
