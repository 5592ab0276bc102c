# iterations: 1
# about: grep -E anchored at the end (slow requests); GNU: `grep -cE ' [0-9]{4,}ms$' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -cE ' [0-9]{4,}ms$' @IN@
