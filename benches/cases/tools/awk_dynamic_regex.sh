# iterations: 1
# about: awk with a regex in a variable; GNU: `awk -v re='(timeout\|refused) .*:[0-9]+' '$0 ~ re' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: awk -v re='(timeout|refused) .*:[0-9]+' '$0 ~ re' @IN@ | cksum
awk -v re='(timeout|refused) .*:[0-9]+' '$0 ~ re' @IN@ > /dev/null
