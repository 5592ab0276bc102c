# iterations: 1
# about: grep with several -e patterns; GNU: `grep -c -e timeout -e refused -e ' 50[0-9] ' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -c -e timeout -e refused -e ' 50[0-9] ' @IN@
