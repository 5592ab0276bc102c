# iterations: 1
# about: grep -c
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep -c kalo @IN@
grep -c kalo @IN@ > /dev/null
