# iterations: 1
# about: cut -c1-20
# input: text
# streaming: yes
# target: cold <= 2.0
# check: cut -c1-20 @IN@ | cksum
cut -c1-20 @IN@ > /dev/null
