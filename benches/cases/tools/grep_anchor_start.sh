# iterations: 1
# about: grep anchored at the start (a date range); GNU: `grep -c '^2026-03-1[2-4]T0[0-5]' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -c '^2026-03-1[2-4]T0[0-5]' @IN@
