# iterations: 1
# about: grep -iE alternation, lines printed; GNU: `grep -iE 'fatal\|permission denied' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -iE 'fatal|permission denied' @IN@
