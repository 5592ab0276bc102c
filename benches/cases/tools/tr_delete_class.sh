# iterations: 1
# about: tr -d of a class; GNU: `tr -d '[:punct:]' < FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: tr -d '[:punct:]' < @IN@ | cksum
tr -d '[:punct:]' < @IN@ > /dev/null
