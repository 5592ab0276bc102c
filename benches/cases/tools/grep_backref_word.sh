# iterations: 1
# about: grep -E back-reference: a word repeated; GNU: `grep -cE '\b([a-z]+) \1\b' FILE`
# input: prose
# streaming: yes
# target: cold <= 1.5
grep -cE '\b([a-z]+) \1\b' @IN@
