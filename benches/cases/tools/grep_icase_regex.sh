# iterations: 1
# about: grep -i with a regex; GNU: `grep -ci 'error.*db deadlock' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -ci 'error.*db deadlock' @IN@
