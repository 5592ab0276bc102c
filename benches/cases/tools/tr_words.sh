# iterations: 1
# about: tr -cs into one word a line; GNU: `tr -cs '[:alnum:]' '\n' < FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
# check: tr -cs '[:alnum:]' '\n' < @IN@ | cksum
tr -cs '[:alnum:]' '\n' < @IN@ > /dev/null
