# iterations: 1
# about: grep -wE of a regex; GNU: `grep -cwE 'ka[a-z]+o' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -cwE 'ka[a-z]+o' @IN@
