# iterations: 1
# about: grep -n, line numbers printed; GNU: `grep -n 'FATAL' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -n 'FATAL' @IN@
