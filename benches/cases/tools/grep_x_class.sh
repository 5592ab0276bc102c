# iterations: 1
# about: grep -x with a character class; GNU: `grep -cx '[a-z ]*' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -cx '[a-z ]*' @IN@
