# iterations: 1
# about: grep back-reference: a doubled letter pair; GNU: `grep -c '\([a-z][a-z]\)\1' FILE`
# input: prose
# streaming: yes
# target: cold <= 1.5
grep -c '\([a-z][a-z]\)\1' @IN@
