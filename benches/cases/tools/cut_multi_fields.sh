# iterations: 1
# about: cut of several fields and a range; GNU: `cut -d' ' -f1,3,5- FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: cut -d' ' -f1,3,5- @IN@ | cksum
cut -d' ' -f1,3,5- @IN@ > /dev/null
