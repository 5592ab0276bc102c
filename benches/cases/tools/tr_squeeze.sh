# iterations: 1
# about: tr -s ' ' '\n' (words to lines)
# input: text
# streaming: yes
# target: cold <= 2.0
# check: tr -s ' ' '\n' < @IN@ | cksum
tr -s ' ' '\n' < @IN@ > /dev/null
